"""The graph page as a file: self-contained, data safely embedded, focus and reduction of large graphs."""

from __future__ import annotations

import datetime as dt
import json
import re
from html.parser import HTMLParser

import networkx as nx
import pytest

from kg import views
from kg.errors import InputError
from kg.html import MAX_NODES, embed_json, focus_graph, reduce_graph, render_page, write_page

SEED_DAY = dt.date(2020, 4, 13)
DECISION_GOV = "commitment:decision/government-of-afghanistan/2020-04-02/government-of-afghanistan/release/taliban"


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text of each <script>."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if self._in_script:
            self.scripts.append("")

    def handle_endtag(self, tag):
        self._in_script = False if tag == "script" else self._in_script

    def handle_data(self, data):
        if self._in_script:
            self.scripts[-1] += data


def page_json(text: str) -> dict:
    match = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', text, re.S)
    assert match, "the page has no embedded graph data"
    return json.loads(match.group(1))


@pytest.fixture(scope="module")
def seed_page(seed_oxigraph, tmp_path_factory):
    store, _ = seed_oxigraph
    path = write_page(store, tmp_path_factory.mktemp("page") / "graph.html", as_of=SEED_DAY)
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("value", [
    "</script><script>alert(2)</script>",
    "<!-- <script>",
    "a & b > c",
    "line\u2028separator\u2029paragraph",
])
def test_html_embed_json_cannot_break_out_of_its_script(value):
    text = embed_json({"quote": value})
    assert not set("<>&\u2028\u2029") & set(text)
    assert json.loads(text) == {"quote": value}


@pytest.mark.parametrize("attribute", ["src", "href"])
def test_html_page_asks_for_no_other_address(seed_page, attribute):
    parser = Tags()
    parser.feed(seed_page)
    addresses = [attrs[attribute] for _, attrs in parser.tags if attrs.get(attribute)]
    assert addresses == []
    assert not any(tag == "link" for tag, _ in parser.tags)
    assert not re.search(r"<(link|iframe|img|object|embed)\b", seed_page.split('<script type="application/json"')[0])


@pytest.mark.parametrize("needle", ["default-src 'none'", "script-src 'sha256-"])
def test_html_page_content_security_policy_allows_only_its_own_scripts(seed_page, needle):
    parser = Tags()
    parser.feed(seed_page)
    policy = next(attrs["content"] for tag, attrs in parser.tags
                  if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy")
    assert needle in policy
    assert "unsafe-inline" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    assert len([s for s in parser.scripts if s.strip()]) == 3  # data, vis-network, the page's script
    assert "vis.Network" in parser.scripts[-1] and "innerHTML" not in parser.scripts[-1]


@pytest.mark.parametrize("as_of", [SEED_DAY])
def test_html_page_data_holds_the_whole_graph(seed_oxigraph, seed_page, as_of):
    store, _ = seed_oxigraph
    graph = views.actor_network(store, as_of)
    data = page_json(seed_page)
    assert {n["id"] for n in data["nodes"]} == set(graph.nodes)
    assert len(data["edges"]) == graph.number_of_edges()
    assert data["dates"] == ["2020-04-02", "2020-04-13"]
    assert data["notes"] == []


@pytest.mark.parametrize("date, status, achieved", [("2020-04-02", "in_progress", 0), ("2020-04-13", "fulfilled", 100)])
def test_html_page_commitments_carry_their_status_at_each_date(seed_page, date, status, achieved):
    node = next(n for n in page_json(seed_page)["nodes"] if n["id"] == DECISION_GOV)
    point = next(p for p in node["timeline"] if p["date"] == date)
    assert (point["status"], point["achieved"]) == (status, achieved)


@pytest.mark.parametrize("kind, known_from", [("statement", {"2020-04-02", "2020-04-13"}), ("document", {"2020-04-02", "2020-04-13"})])
def test_html_page_nodes_are_dated_by_their_documents(seed_page, kind, known_from):
    nodes = [n for n in page_json(seed_page)["nodes"] if n["kind"] == kind]
    assert {n["known_from"] for n in nodes} == known_from
    for n in nodes:
        if n.get("document"):
            assert n["known_from"] == ("2020-04-02" if n["document"].startswith("000_") else "2020-04-13")


@pytest.mark.parametrize("name, depth, present, absent", [
    ("Zalmay Khalilzad", 1, ["party:United States", "agreement:agreement/taliban+united-states/2020-02-29"],
     ["party:Taliban", "official:Mike Pompeo"]),
    ("zalmay khalilzad", 2, ["party:Taliban", "official:Mike Pompeo"], ["official:Jawed Faisal"]),
    ("Khalilzad", 1, ["official:Zalmay Khalilzad"], ["party:Taliban"]),
])
def test_html_focus_keeps_the_neighbourhood(seed_oxigraph, name, depth, present, absent):
    store, _ = seed_oxigraph
    graph = views.actor_network(store, SEED_DAY)
    sub, note = focus_graph(graph, name, depth)
    assert "official:Zalmay Khalilzad" in sub
    assert all(n in sub for n in present) and not any(n in sub for n in absent)
    assert sub.number_of_nodes() < graph.number_of_nodes()
    assert f"within {depth} link" in note and f"of {graph.number_of_nodes():,} nodes" in note


@pytest.mark.parametrize("name, message", [
    ("Nobody Atall", "matches none of its"),
    ("senior", "is part of"),
    ("Zalmay Khalilzd", "closest names: Zalmay Khalilzad"),
])
def test_html_focus_names_a_bad_name(seed_oxigraph, name, message):
    store, _ = seed_oxigraph
    with pytest.raises(InputError, match=message):
        focus_graph(views.actor_network(store, SEED_DAY), name, 2)


@pytest.mark.parametrize("focus", ["No Such Actor"])
def test_html_write_page_refuses_an_unknown_focus_and_writes_nothing(seed_oxigraph, tmp_path, focus):
    store, _ = seed_oxigraph
    with pytest.raises(InputError, match="--focus"):
        write_page(store, tmp_path / "graph.html", focus=focus)
    assert not (tmp_path / "graph.html").exists()


@pytest.mark.parametrize("focus, depth", [("Zalmay Khalilzad", 1)])
def test_html_write_page_focus_says_so_on_the_page(seed_oxigraph, tmp_path, focus, depth):
    store, _ = seed_oxigraph
    data = page_json(write_page(store, tmp_path / "g.html", as_of=SEED_DAY, focus=focus, depth=depth).read_text("utf-8"))
    assert data["notes"] and data["notes"][0].startswith("Neighbourhood of Zalmay Khalilzad")
    assert len(data["nodes"]) == focus_graph(views.actor_network(store, SEED_DAY), focus, depth)[0].number_of_nodes()


def star_graph(speakers: int, statements_each: int, extra_parties: int = 0) -> nx.MultiDiGraph:
    """Speakers with many statements each, all in one document, plus loose parties."""
    g = nx.MultiDiGraph(as_of="2020-01-31")
    g.add_node("document:d", kind="document", label="d", known_from="2020-01-01")
    for i in range(speakers):
        g.add_node(f"official:{i}", kind="official", label=f"Official {i}", known_from="2020-01-01")
        for j in range(statements_each):
            s = f"statement:{i}/{j}"
            g.add_node(s, kind="statement", label="words", known_from="2020-01-01")
            g.add_edge(f"official:{i}", s, label="said")
            g.add_edge(s, "document:d", label="in")
    for k in range(extra_parties):
        g.add_node(f"party:{k}", kind="party", label=f"Party {k}", known_from=None)
        g.add_edge(f"official:{k % speakers}", f"party:{k}", label="speaks for")
    return g


@pytest.mark.parametrize("speakers, each, parties, limit", [(10, 9, 0, 50), (30, 3, 40, 50)])
def test_html_reduce_graph_folds_statements_and_documents_and_says_so(speakers, each, parties, limit):
    graph = star_graph(speakers, each, parties)
    reduced, note = reduce_graph(graph, limit)
    assert reduced.number_of_nodes() <= limit
    assert {d["kind"] for _, d in reduced.nodes(data=True)} <= {"official", "party"}
    assert f"{speakers * each:,} statements are folded" in note and f"of {graph.number_of_nodes():,}" not in note
    assert f"This graph has {graph.number_of_nodes():,} nodes" in note
    if speakers + parties > limit:
        assert all(reduced.nodes[n]["kind"] == "party" or n in reduced for n in reduced)
        assert sum(1 for _, d in reduced.nodes(data=True) if d["kind"] == "party") == min(parties, limit)
        assert f"only the {limit:,} best-connected" in note
    else:
        assert all(reduced.nodes[f"official:{i}"]["statements_folded"] == each for i in range(speakers))


@pytest.mark.parametrize("size", [MAX_NODES + 1])
def test_html_render_page_shows_a_reduced_view_above_the_limit(size):
    graph = star_graph(size // 10, 10)
    data = page_json(render_page(graph))
    assert data["total"] == {"nodes": graph.number_of_nodes(), "edges": graph.number_of_edges()}
    assert len(data["nodes"]) == size // 10 and any("more than a browser lays out" in n for n in data["notes"])
