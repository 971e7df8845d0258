"""Pages run nothing from articles: the hostile corpus (tests/data/hostile) in Chromium.

The corpus is built with extraction and its reviewed facts, then the graph
page and the report are written and opened from files with every outside
request refused and recorded. Nothing may fire a dialog, add an element the
page did not make, or reach another address; every hostile string shows as
its literal characters.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from conftest import ROOT

pytestmark = pytest.mark.browser

HOSTILE = ROOT / "tests" / "data" / "hostile"
DAY = dt.date(2020, 4, 14)
LONG = "Negotiationsgesprächsprotokollzusammenfassung" * 60
INJECTED = ("img[src=x], svg[onload], iframe, link[rel=stylesheet], style:not(head style), "
            "a[href^='javascript'], [onerror], [onload], [onmouseover], [onclick]")

# Literal strings that must be shown, as the page's panel and the report print them.
SHOWN_ON_PAGE = [
    'Front <img src=x onerror=alert("party")>',
    "Eve \"><b onmouseover=alert('person')>Example",
    '<script>alert("quote")</script> is what we want, and </script><script>alert("close")</script> as well.',
    'Deal </title><script>alert("agreement")</script>',
    'prisoners <svg onload=alert("svg")>',
    'Front frees 12 </title><script>alert("title")</script>',
    "Rami \u202eelpmaS",
    "The list is in the file \u202etxt.exe and nothing else.",
    LONG,
]
SHOWN_IN_REPORT = [
    'Front <img src=x onerror=alert("party")>',
    "Eve \"><b onmouseover=alert('person')>Example",
    '<script>alert("quote")</script> is what we want, and </script><script>alert("close")</script> as well.',
    'Deal </title><script>alert("agreement")</script>',
    'Front frees 12 </title><script>alert("title")</script>',
    "Wire <style>body{display:none}</style>",
    "Rami \u202eelpmaS",
    "The list is in the file \u202etxt.exe and nothing else.",
    "&lt;b&gt;not bold&lt;/b&gt;",
    LONG,
]


@pytest.fixture(scope="module")
def hostile_files(tmp_path_factory) -> dict[str, Path]:
    from kg.build import build
    from kg.html import write_page
    from kg.report import write_report
    from kg.stores import open_store

    root = tmp_path_factory.mktemp("hostile")
    store = open_store(f"oxigraph:{root / 'store'}")
    try:
        summary = build(HOSTILE, store, out_dir=root / "exports", html=False)
        assert summary.skipped == [] and summary.reviewed == 2
        return {"trig": root / "exports" / "graph.trig", "ttl": root / "exports" / "graph.ttl",
                "graph": write_page(store, root / "graph.html", as_of=DAY),
                "report": write_report(store, root, as_of=DAY)["html"],
                "markdown": write_report(store, root, as_of=DAY)["md"]}
    finally:
        store.close()


def _template_scripts() -> int:
    """The script elements the page's template makes (its data, vis-network, its own code)."""
    return (ROOT / "kg" / "assets" / "page.html").read_text(encoding="utf-8").count("<script")


def test_hostile_content_page_shows_every_string_as_text(visit, hostile_files):
    seen = visit(hostile_files["graph"])
    page = seen.page
    texts = []
    for node_id in page.evaluate("() => kgPage.data.nodes.map(n => n.id)"):
        page.evaluate("(id) => kgPage.select(id, false)", node_id)
        texts.append(page.inner_text("#panel"))
        assert page.locator(f"#panel :is({INJECTED}), #panel script").count() == 0, node_id
    shown = "\n".join(texts)
    missing = [s for s in SHOWN_ON_PAGE if s not in shown]
    assert missing == []
    assert page.locator(INJECTED).count() == 0
    assert page.locator("script").count() == _template_scripts() == 3
    assert page.evaluate("() => document.title").startswith("Negotiation graph")
    assert (seen.dialogs, seen.outside, seen.errors) == ([], [], [])


def test_hostile_content_page_search_and_click_run_nothing(visit, hostile_files):
    from tests.browser.test_html_in_browser import click_node

    seen = visit(hostile_files["graph"])
    for query in ("Front", "Eve", "what we want", "Deal", "Rami", "Negotiations"):
        seen.page.fill("#search", query)
        seen.page.keyboard.press("Enter")
        node = seen.page.evaluate("() => kgPage.network.getSelectedNodes()[0]")
        click_node(seen.page, node)  # a real click and hover: the tooltip too
        seen.page.wait_for_timeout(150)
    assert seen.page.locator(INJECTED).count() == 0
    assert (seen.dialogs, seen.outside, seen.errors) == ([], [], [])


def test_hostile_content_long_word_does_not_widen_the_page(visit, hostile_files):
    seen = visit(hostile_files["graph"])
    seen.page.fill("#search", "Negotiations")
    seen.page.keyboard.press("Enter")
    widths = seen.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1]


def test_hostile_content_report_shows_every_string_as_text(visit, hostile_files):
    seen = visit(hostile_files["report"], stable=False)
    body = seen.page.inner_text("body")
    assert [s for s in SHOWN_IN_REPORT if s not in body] == []
    assert seen.page.locator(INJECTED).count() == 0
    assert seen.page.locator("script").count() == 0
    assert seen.page.title().startswith("Commitments report")
    assert seen.page.evaluate("() => getComputedStyle(document.body).display") != "none"
    assert (seen.dialogs, seen.outside, seen.errors) == ([], [], [])


def test_hostile_content_markdown_report_carries_no_markup(hostile_files):
    text = hostile_files["markdown"].read_text(encoding="utf-8")
    for raw in ("<script", "<img", "<svg", "<iframe", "<style", "<b ", "](javascript:"):
        assert raw not in text
    assert "&lt;script&gt;alert(\"quote\")&lt;/script&gt;" in text


@pytest.mark.parametrize("name, fmt", [("trig", "TRIG"), ("ttl", "TURTLE")])
def test_hostile_content_exports_keep_every_string(hostile_files, name, fmt):
    import pyoxigraph as ox

    values = {q.object.value for q in ox.parse(path=str(hostile_files[name]), format=getattr(ox.RdfFormat, fmt))
              if isinstance(q.object, ox.Literal)}
    for literal in (*SHOWN_IN_REPORT[:-3], "Mediator: list in \u202etxt.exe\u2028second line",
                    "second line\u2028after a separator"):
        assert literal in values, literal
