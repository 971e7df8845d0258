"""The graph page in headless Chromium, opened from a file with the network refused."""

from __future__ import annotations

import networkx as nx
import pytest

from kg.html import STATUS_STYLE, focus_graph, render_page
from tests.browser.probe import PARTY, QUOTE, TITLE

pytestmark = pytest.mark.browser

DECISION_GOV = "commitment:decision/government-of-afghanistan/2020-04-02/government-of-afghanistan/release/taliban"
POMPEO = "statement:000_96addb07b944f045/1718-1727"
ICRC_RELEASE = "release:004_d4a9fecee8dd37c2:256"
VISIBLE_IDS = "() => kgPage.nodes.get({filter: n => !n.hidden}).map(n => n.id)"


def click_node(page, node_id: str) -> None:
    """Bring a node into view, then click where it is drawn, as a user would."""
    page.evaluate("(id) => kgPage.network.focus(id, {scale: 1.6, animation: false})", node_id)
    spot = page.evaluate("""(id) => {
        const at = kgPage.network.canvasToDOM(kgPage.network.getPositions([id])[id]);
        const box = document.querySelector('#graph canvas').getBoundingClientRect();
        return {x: box.left + at.x, y: box.top + at.y};
    }""", node_id)
    page.mouse.click(spot["x"], spot["y"])


def visible(page) -> dict[str, int]:
    return page.evaluate("() => kgPage.visible")


@pytest.mark.parametrize("page_name", ["graph", "focus"])
def test_html_browser_page_renders_offline_without_errors(visit, seed_files, page_name):
    seen = visit(seed_files[page_name])
    box = seen.page.locator("#graph canvas").bounding_box()
    assert box and box["width"] > 400 and box["height"] > 400
    assert seen.page.locator("#legend li").count() == 8
    assert seen.page.evaluate("() => kgPage.stable") is True
    assert (seen.outside, seen.errors, seen.dialogs) == ([], [], [])


@pytest.mark.parametrize("page_name", ["graph"])
def test_html_browser_counts_equal_the_networkx_graph(visit, seed_files, seed_graph, page_name):
    seen = visit(seed_files[page_name])
    counts = seen.page.evaluate("() => [kgPage.network.body.data.nodes.length, kgPage.network.body.data.edges.length]")
    assert counts == [seed_graph.number_of_nodes(), seed_graph.number_of_edges()]
    assert visible(seen.page) == {"nodes": seed_graph.number_of_nodes(), "edges": seed_graph.number_of_edges()}
    assert f"Showing {seed_graph.number_of_nodes()} of {seed_graph.number_of_nodes()} nodes" in seen.page.inner_text("#counts")


def test_html_browser_focus_page_shows_the_neighbourhood(visit, seed_files, seed_graph, focus):
    name, depth = focus
    seen = visit(seed_files["focus"])
    expected = focus_graph(seed_graph, name, depth)[0]
    assert seen.page.evaluate("() => kgPage.network.body.data.nodes.length") == expected.number_of_nodes()
    assert f"Neighbourhood of {name}" in seen.page.inner_text("#notes")


@pytest.mark.parametrize("node, heading, facts", [
    (DECISION_GOV, "Government of Afghanistan: release 100 Taliban prisoners",
     ["fulfilled", "fulfilled late", "100 of 100", "2020-04-02", "100 Taliban should be released"]),
    (POMPEO, "Mike Pompeo", ["good news", "direct quote", "2020-04-02", "Reuters"]),
    (ICRC_RELEASE, "Taliban freed 20", ["International Committee of the Red Cross", "20", "2020-04-12",
                                        "the Taliban on Sunday released 20 Afghan security-force prisoners"]),
])
def test_html_browser_click_shows_the_facts(visit, seed_files, node, heading, facts):
    seen = visit(seed_files["graph"])
    click_node(seen.page, node)
    panel = seen.page.locator("#panel")
    assert panel.locator("h2").inner_text() == heading
    text = panel.inner_text()
    assert all(fact in text for fact in facts), text
    assert seen.errors == []


@pytest.mark.parametrize("kind", ["statement", "document"])
def test_html_browser_kind_filter_hides_that_kind(visit, seed_files, seed_graph, kind):
    seen = visit(seed_files["graph"])
    seen.page.locator(f'#legend input[data-kind="{kind}"]').uncheck()
    keep = [n for n, d in seed_graph.nodes(data=True) if d["kind"] != kind]
    assert visible(seen.page) == {"nodes": len(keep), "edges": seed_graph.subgraph(keep).number_of_edges()}
    seen.page.locator("#all-kinds").click()
    assert visible(seen.page)["nodes"] == seed_graph.number_of_nodes()


@pytest.mark.parametrize("party", ["United States", "International Committee of the Red Cross"])
def test_html_browser_party_filter_keeps_what_involves_the_party(visit, seed_files, seed_graph, party):
    seen = visit(seed_files["graph"])
    seen.page.select_option("#party", party)
    shown = seen.page.evaluate(VISIBLE_IDS)
    assert 0 < len(shown) < seed_graph.number_of_nodes()
    assert f"party:{party}" in shown
    for node in shown:
        data = seed_graph.nodes[node]
        assert party in data["parties"] or data["kind"] == "party", node


@pytest.mark.parametrize("key, date, status", [("Home", "2020-04-02", "in_progress"), ("End", "2020-04-13", "fulfilled")])
def test_html_browser_date_control_shows_the_graph_as_known_then(visit, seed_files, seed_graph, key, date, status):
    seen = visit(seed_files["graph"])
    seen.page.locator("#date").focus()
    seen.page.keyboard.press(key)
    assert seen.page.inner_text("#date-label") == date
    known = [n for n, d in seed_graph.nodes(data=True) if not d["known_from"] or d["known_from"] <= date]
    assert visible(seen.page)["nodes"] == len(known)
    colour = seen.page.evaluate("(id) => kgPage.nodes.get(id).color.background", DECISION_GOV)
    assert colour == STATUS_STYLE[status]["color"]
    click_node(seen.page, DECISION_GOV)
    assert STATUS_STYLE[status]["name"] in seen.page.inner_text("#panel")


@pytest.mark.parametrize("query, heading", [("Khalilzad", "Zalmay Khalilzad"), ("red cross", "International Committee of the Red Cross")])
def test_html_browser_search_finds_and_opens_a_node(visit, seed_files, query, heading):
    seen = visit(seed_files["graph"])
    seen.page.fill("#search", query)
    seen.page.keyboard.press("Enter")
    assert seen.page.locator("#panel h2").inner_text() == heading
    assert "match" in seen.page.inner_text("#search-result")


@pytest.mark.parametrize("query, shown", [("what we want", QUOTE), ("Front", PARTY), ("Probe", TITLE)])
def test_html_browser_article_markup_is_shown_as_text_and_never_runs(visit, probe_files, query, shown):
    seen = visit(probe_files["graph"])
    seen.page.fill("#search", query)
    seen.page.keyboard.press("Enter")
    panel = seen.page.locator("#panel")
    assert shown in panel.inner_text()
    node = seen.page.evaluate("() => kgPage.network.getSelectedNodes()[0]")
    click_node(seen.page, node)  # a real click, and the hover tooltip on the way
    seen.page.wait_for_timeout(400)
    assert shown in panel.inner_text()
    assert seen.page.locator("img[src=x], b[onmouseover], #panel script, #panel img, #panel i").count() == 0
    assert (seen.dialogs, seen.outside, seen.errors) == ([], [], [])  # a blocked injection would log a CSP error


@pytest.mark.parametrize("as_of", [None, "2020-04-13"])
def test_html_browser_empty_graph_still_renders(visit, tmp_path, as_of):
    path = tmp_path / "empty.html"
    path.write_text(render_page(nx.MultiDiGraph(**({"as_of": as_of} if as_of else {}))), encoding="utf-8")
    seen = visit(path)
    assert "Showing 0 of 0 nodes" in seen.page.inner_text("#counts")
    assert seen.page.locator("#date").is_disabled() == (as_of is None)
    assert (seen.outside, seen.errors, seen.dialogs) == ([], [], [])


@pytest.mark.parametrize("speakers, each", [(310, 10)])
def test_html_browser_large_graph_is_reduced_and_says_so(visit, tmp_path, speakers, each):
    graph = nx.MultiDiGraph(as_of="2020-04-13")
    for i in range(speakers):
        graph.add_node(f"party:{i % 7}", kind="party", label=f"Party {i % 7}", known_from="2020-04-01")
        graph.add_node(f"official:{i}", kind="official", label=f"Official {i}", known_from="2020-04-01")
        graph.add_edge(f"official:{i}", f"party:{i % 7}", label="speaks for")
        for j in range(each):
            graph.add_node(f"statement:{i}/{j}", kind="statement", label="words", known_from="2020-04-01")
            graph.add_edge(f"official:{i}", f"statement:{i}/{j}", label="said")
    path = tmp_path / "large.html"
    path.write_text(render_page(graph), encoding="utf-8")
    seen = visit(path)
    assert seen.page.evaluate("() => kgPage.network.body.data.nodes.length") == speakers + 7
    assert f"This graph has {graph.number_of_nodes():,} nodes" in seen.page.inner_text("#notes")
    assert (seen.outside, seen.errors, seen.dialogs) == ([], [], [])
