"""The commitments report: statuses, charts, evidence links, speakers, sourcing flags, escaping."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from kg.report import collect, md_escape, progress_svg, render_html, render_markdown, write_report
from tests.browser.probe import PARTY, PERSON, QUOTE, TITLE, build_probe_store

SEED_DAY = dt.date(2020, 4, 13)


@pytest.fixture(scope="module")
def seed_reports(seed_oxigraph, tmp_path_factory):
    store, _ = seed_oxigraph
    out = {}
    for day in (dt.date(2020, 4, 2), SEED_DAY):
        paths = write_report(store, tmp_path_factory.mktemp(f"report-{day}"), as_of=day)
        out[day] = {kind: path.read_text(encoding="utf-8") for kind, path in paths.items()}
    return out


def row(html_text: str, needle: str) -> str:
    """The table row of the commitments table that mentions ``needle``."""
    rows = re.findall(r'<tr id="c-\d+">.*?</tr>', html_text, re.S)
    found = [r for r in rows if needle in r]
    assert len(found) == 1, f"{needle!r} is in {len(found)} commitment rows"
    return found[0]


@pytest.mark.parametrize("needle, status, share, flags", [
    ("release 5,000 Taliban prisoners", "in progress", "6%", ["overdue"]),
    ("release 1,000 Afghan security force personnel", "in progress", "2%", ["overdue"]),
    ("release 100 Taliban prisoners", "fulfilled", "100%", ["fulfilled late"]),
    ("withdraw U.S. and other foreign forces", "not started", "", []),
])
def test_report_commitments_table_gives_status_share_and_flags(seed_reports, needle, status, share, flags):
    html_row = row(seed_reports[SEED_DAY]["html"], needle)
    assert f">{status}</span>" in html_row and (share == "" or f">{share}<" in html_row)
    for flag in flags:
        assert f">{flag}</span>" in html_row
    md_row = next(line for line in seed_reports[SEED_DAY]["md"].splitlines() if needle in line)
    assert status in md_row and share in md_row and all(f in md_row for f in flags)


@pytest.mark.parametrize("kind", ["html", "md"])
def test_report_evidence_links_point_at_listed_sentences(seed_reports, kind):
    text = seed_reports[SEED_DAY][kind]
    links = set(re.findall(r"\(#ev-(\d+)\)|href=\"#ev-(\d+)\"", text))
    targets = set(re.findall(r'id="ev-(\d+)"', text))
    used = {a or b for a, b in links}
    assert used and used <= targets
    assert "the government has thus far released 300 Taliban prisoners overall from government custody" in text


@pytest.mark.parametrize("day, charts, deadlines", [(SEED_DAY, 4, {"2020-03-10", "2020-04-02"}),
                                                    (dt.date(2020, 4, 2), 2, {"2020-04-02"})])
def test_report_charts_each_quantitative_commitment_with_its_deadline(seed_reports, day, charts, deadlines):
    text = seed_reports[day]["html"]
    svgs = re.findall(r"<svg .*?</svg>", text, re.S)
    assert len(svgs) == charts
    assert {d for svg in svgs for d in re.findall(r"deadline (\d{4}-\d\d-\d\d)</text>", svg)} == deadlines
    assert all("<circle" in svg and 'stroke-dasharray="6 4"' in svg for svg in svgs)
    assert seed_reports[day]["md"].count("| Known on | Achieved | Share | Status |") == charts


@pytest.mark.parametrize("day, expected", [
    (dt.date(2020, 4, 2), {"release 100 Taliban prisoners": "in progress",
                           "release 20 members of Afghan security forces": "not started"}),
])
def test_report_as_of_uses_only_what_was_published(seed_reports, day, expected):
    text = seed_reports[day]["html"]
    assert "5,000" not in "".join(re.findall(r'<tr id="c-\d+">.*?</tr>', text, re.S))
    for needle, status in expected.items():
        assert f">{status}</span>" in row(text, needle)


@pytest.mark.parametrize("speaker, count", [("Zalmay Khalilzad", 4), ("Zabihullah Mujahid", 2)])
def test_report_groups_statements_by_speaker(seed_reports, speaker, count):
    text = seed_reports[SEED_DAY]["html"]
    block = re.search(rf'<span class="who">{re.escape(speaker)}</span>.*?</ul>', text, re.S).group(0)
    assert block.count("<li>") == count
    assert re.search(rf"^### {re.escape(speaker)}", seed_reports[SEED_DAY]["md"], re.M)


@pytest.mark.parametrize("kind, fact, flags", [
    ("html", "It was decided in the morning", ["single source", "anonymous source"]),
    ("md", "It was decided in the morning", ["single source", "anonymous source"]),
    ("md", "an initial prisoner exchange", ["single source"]),
])
def test_report_flags_single_and_anonymous_sources(seed_reports, kind, fact, flags):
    text = seed_reports[SEED_DAY][kind]
    sourcing = text.split('id="sourcing"' if kind == "html" else "## Sourcing", 1)[1].split("Evidence", 1)[0]
    line = next(part for part in re.split(r"</tr>|\n", sourcing) if fact in part)
    assert all(flag in line for flag in flags)
    assert ("anonymous source" in line) == ("anonymous source" in flags)


@pytest.mark.parametrize("value, expected", [
    ("a | b", "a \\| b"),
    ("<script>", "&lt;script&gt;"),
    ("# heading", "\\# heading"),
    ("1. item", "\\1. item"),
    ("*bold* _it_ [x](y)", "\\*bold\\* \\_it\\_ \\[x\\](y)"),
    ("two\nlines", "two lines"),
])
def test_report_md_escape(value, expected):
    assert md_escape(value) == expected


@pytest.mark.parametrize("target, points, as_of", [(5000, [("2020-04-13", 300)], "2020-04-13"),
                                                   (20, [("2020-04-02", 0), ("2020-04-13", 20)], "2020-05-01")])
def test_report_progress_svg_marks_target_deadline_and_points(target, points, as_of):
    c = {"target_count": target, "upper_bound": False, "deadline": "2020-03-10", "agreed_on": "2020-02-29",
         "obligor": "A", "counterparty": "B", "action": "release", "object": "prisoners"}
    timeline = [{"date": d, "achieved": a, "share": a / target, "status": "in_progress"} for d, a in points]
    svg = progress_svg(c, timeline, as_of)
    assert svg.count("<circle") == len(points) + 1  # the points and the agreement date
    assert f"target {target:,}" in svg and "deadline 2020-03-10" in svg and f"as of {as_of}" in svg
    xs = [float(v) for v in re.findall(r'<circle cx="([\d.]+)"', svg)]
    assert xs == sorted(xs)


@pytest.mark.parametrize("kind", ["html", "md"])
def test_report_escapes_article_text(tmp_path, kind):
    store = build_probe_store(tmp_path)
    report = collect(store, SEED_DAY)
    text = render_html(report) if kind == "html" else render_markdown(report)
    assert "<img" not in text and "<script>alert" not in text and "<i>" not in text
    for raw in (QUOTE, PARTY, PERSON, TITLE):
        assert raw.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in text.replace("\\", "")
    if kind == "html":
        assert "<script" not in text and "default-src 'none'" in text


@pytest.mark.parametrize("kind, prediction, outcome", [
    ("html", "will happen either tomorrow or the day after", "did not come true"),
    ("md", "will happen either tomorrow or the day after", "did not come true"),
    ("html", "the swap begins this week", "came true (on 2020-04-02)"),
])
def test_report_says_which_predictions_came_true(seed_reports, kind, prediction, outcome):
    text = seed_reports[SEED_DAY][kind]
    section = text.split('id="predictions"' if kind == "html" else "## Predictions", 1)[1].split("Sourcing", 1)[0]
    line = next(part for part in re.split(r"</tr>|\n", section) if prediction in part)
    assert outcome in line
