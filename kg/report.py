"""The commitments report: one offline HTML file and a Markdown twin an analyst can forward.

Sections: the commitments with status, share and links to their evidence; for
each commitment with a number, a chart of achieved against target at every
publication date with the deadline marked (inline SVG, no script); releases;
who said what, grouped by speaker; facts resting on a single or an anonymous
source; the evidence sentences; the documents.

Every string from an article is escaped (:func:`html.escape`, and
:func:`md_escape` for Markdown), and the HTML carries a Content-Security-Policy
that allows no script at all.

>>> md_escape("<b>5,000</b> | *now*")
'&lt;b&gt;5,000&lt;/b&gt; \\\\| \\\\*now\\\\*'
"""

from __future__ import annotations

import datetime as dt
import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kg.stores.base import Store

__all__ = ["Report", "collect", "md_escape", "progress_svg", "render_html", "render_markdown", "write_report"]

STATUS_NAMES = {"not_started": "not started", "in_progress": "in progress", "fulfilled": "fulfilled"}
STATUS_COLOURS = {"not_started": "#dddddd", "in_progress": "#E69F00", "fulfilled": "#009E73"}
DEADLINE_COLOUR = "#b00020"
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


# --------------------------------------------------------------------------- the content


@dataclass
class Report:
    """Everything the report shows, gathered once and rendered twice (HTML, Markdown)."""

    as_of: str
    documents: dict[str, dict[str, Any]]
    commitments: list[dict[str, Any]]
    timelines: dict[str, list[dict[str, Any]]]
    statements: list[dict[str, Any]]
    releases: list[dict[str, Any]]
    agreements: list[dict[str, Any]]
    sources: list[dict[str, Any]]
    predictions: list[dict[str, Any]] = field(default_factory=list)
    evidence: list[dict[str, Any]] = field(default_factory=list)

    def cite(self, document: str, start: int | None, end: int | None, text: str) -> int:
        """The number of an evidence span (numbered in order of first use)."""
        for n, e in enumerate(self.evidence, 1):
            if (e["document"], e["start"], e["end"]) == (document, start, end):
                return n
        self.evidence.append({"document": document, "start": start, "end": end, "text": text})
        return len(self.evidence)

    def flags(self, kind: str, fact_id: str) -> dict[str, Any] | None:
        """The sourcing row of a fact (``kind`` and id as :func:`kg.answers.corroboration` gives them)."""
        return self._sources.get((kind, fact_id))

    def __post_init__(self) -> None:
        self._sources = {(s["kind"], s["id"]): s for s in self.sources}
        for c in self.commitments:  # number the evidence in table order, so the links read 1, 2, 3 ...
            c["_cites"] = [self.cite(e["document"], e["start"], e["end"], e["text"]) for e in c["evidence"]]
        for r in self.releases:
            r["_cites"] = [self.cite(e["document"], e["start"], e["end"], e["text"]) for e in r["reports"]]
        for s in self.statements:
            s["_cite"] = self.cite(s["document"], s["start"], s["end"], s["text"])
        for p in self.predictions:
            p["_cites"] = [self.cite(p["document"], p["start"], p["end"], p["text"])] + [
                self.cite(e["document"], e["start"], e["end"], e["text"]) for e in p["evidence"]]

    def doc_line(self, doc_id: str) -> str:
        meta = self.documents.get(doc_id, {})
        return " — ".join(str(v) for v in (meta.get("title") or doc_id, meta.get("publisher"), meta.get("published")) if v)

    def speakers(self) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Statements grouped by speaker: most statements first, then by name."""
        groups: dict[tuple, list[dict[str, Any]]] = {}
        for s in self.statements:
            key = (s["speaker"] or "unattributed", s["speaker_party"], s["anonymous"], s["document"] if s["anonymous"] else "")
            groups.setdefault(key, []).append(s)
        out = []
        for (name, party, anonymous, doc), items in groups.items():
            posts = sorted({s["post"] for s in items if s["post"] and s["post"] != name})
            out.append(({"name": name, "party": party, "anonymous": anonymous, "posts": posts, "document": doc},
                        sorted(items, key=lambda s: (s["said_on"] or s["published"] or "", s["document"], s["start"]))))
        return sorted(out, key=lambda g: (-len(g[1]), g[0]["name"].casefold(), g[0]["document"]))

    def weak_sources(self) -> list[dict[str, Any]]:
        return [s for s in self.sources if s["single_source"] or s["anonymous"]]


def collect(store: Store, as_of: dt.date | None = None) -> Report:
    """Gather the report's content from a store, as known on ``as_of`` (default today)."""
    from kg import answers, views

    day = as_of or dt.date.today()
    docs = views.publications(store, day)
    records = answers.commitments(store, day)
    return Report(
        as_of=day.isoformat(),
        documents=docs,
        commitments=records,
        timelines=views.commitment_timelines(store, day, records=records, docs=docs),
        statements=answers.statements(store, as_of=day),
        releases=answers.releases(store, day),
        agreements=answers.agreements(store, day),
        sources=answers.corroboration(store, day),
        predictions=answers.predictions(store, day),
    )


# --------------------------------------------------------------------------- small formatting helpers


def _n(value: Any) -> str:
    return "" if value is None else f"{value:,}" if isinstance(value, int) else str(value)


def _pct(share: float | None) -> str:
    return "" if share is None else f"{share:.0%}"


def _when(a: str | None, b: str | None) -> str:
    return "" if not (a or b) else (f"{a} – {b}" if a and b and a != b else a or b or "")


def _target(c: dict[str, Any]) -> str:
    if c["target_count"] is None:
        return ""
    return ("up to " if c["upper_bound"] else "") + _n(c["target_count"])


def _title(c: dict[str, Any]) -> str:
    return f"{c['obligor']} → {c['counterparty'] or 'any'}: {c['action']} {_target(c)} {c['object']}".replace("  ", " ")


def _status(c: dict[str, Any]) -> str:
    words = STATUS_NAMES.get(c["status"], c["status"])
    if c["overdue"]:
        words += ", overdue"
    if c["late"]:
        words += f", fulfilled late (on {c['fulfilled_on']})" if c["fulfilled_on"] else ", fulfilled late"
    elif c["status"] == "fulfilled" and c["fulfilled_on"]:
        words += f" (on {c['fulfilled_on']})"
    return words


def _outcome(p: dict[str, Any]) -> str:
    words = {"met": "came true", "missed": "did not come true", "pending": "not yet due", "unknown": "cannot be told"}
    text = words.get(p["outcome"], p["outcome"])
    return text + (f" (on {p['met_on']})" if p.get("met_on") else "")


def _scales(c: dict[str, Any]) -> str:
    parts = ([f"PAM {c['pam']}"] if c.get("pam") is not None else []) + ([c["politifact"]] if c.get("politifact") else [])
    return " · ".join(parts)


def _source_flags(row: dict[str, Any] | None) -> list[str]:
    if not row:
        return []
    return (["single source"] if row["single_source"] else []) + (["anonymous source"] if row["anonymous"] else [])


def md_escape(text: Any) -> str:
    """Text safe in a Markdown line or table cell: HTML escaped, Markdown marks neutralised."""
    text = html.escape(" ".join(str(text).split()), quote=False)
    text = re.sub(r"([\\`*_\[\]|~])", r"\\\1", text)
    return re.sub(r"^([#+\-=]|\d+[.)])", r"\\\1", text)


# --------------------------------------------------------------------------- the chart


def _date(value: str) -> dt.date:
    return dt.date.fromisoformat(value)


def _ticks(start: dt.date, end: dt.date, most: int = 6) -> list[dt.date]:
    span = max(1, (end - start).days)
    step = next((s for s in (1, 2, 7, 14, 30, 61, 91, 182, 365, 730, 1461) if span / s <= most), 3652)
    first = start + dt.timedelta(days=(-start.toordinal()) % step) if step > 1 else start
    return [first + dt.timedelta(days=k * step) for k in range(span // step + 2) if first + dt.timedelta(days=k * step) <= end]


def progress_svg(c: dict[str, Any], timeline: list[dict[str, Any]], as_of: str, *, width: int = 600,
                 height: int = 210) -> str:
    """An SVG chart: achieved (a step line with a point per publication date) against the target
    (dashed), the deadline (a red line) and the as-of date (a grey line).

    >>> svg = progress_svg({"target_count": 100, "upper_bound": False, "deadline": "2020-04-02", "agreed_on": "2020-04-02",
    ...                     "obligor": "A", "counterparty": "B", "action": "release", "object": "prisoners"},
    ...                    [{"date": "2020-04-13", "achieved": 100, "share": 1.0, "status": "fulfilled"}], "2020-04-13")
    >>> svg.startswith("<svg") and "deadline 2020-04-02" in svg and "100 of 100" in svg
    True
    """
    target = c["target_count"] or 1
    left, right, top, bottom = 64, 20, 18, 40
    dates = [_date(p["date"]) for p in timeline]
    marks = dates + [_date(as_of)] + [_date(d) for d in (c.get("deadline"), c.get("agreed_on")) if d]
    start, end = min(marks), max(marks)
    pad = dt.timedelta(days=max(1, round((end - start).days * 0.06)))
    start, end = start - pad, end + pad
    days = max(1, (end - start).days)

    def x(day: dt.date) -> float:
        return round(left + (width - left - right) * (day - start).days / days, 1)

    def y(value: float) -> float:
        return round(top + (height - top - bottom) * (1 - min(value, target) / target), 1)

    e = html.escape
    label = (f"{_title(c)}: achieved against target over time"
             + (f", deadline {c['deadline']}" if c.get("deadline") else ""))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" role="img" aria-label="{e(label)}">', f"<title>{e(label)}</title>",
           f'<rect x="{left}" y="{top}" width="{width - left - right}" height="{height - top - bottom}" fill="#fafafa" '
           'stroke="#ddd"/>']
    for value in (0, target / 2, target):
        out.append(f'<text x="{left - 6}" y="{y(value) + 4}" text-anchor="end" class="tick">{e(_n(round(value)))}</text>')
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(value)}" y2="{y(value)}" stroke="#eee"/>')
    for tick in _ticks(start, end):
        out.append(f'<line x1="{x(tick)}" x2="{x(tick)}" y1="{height - bottom}" y2="{height - bottom + 4}" stroke="#999"/>')
        out.append(f'<text x="{x(tick)}" y="{height - bottom + 16}" text-anchor="middle" class="tick">{tick.isoformat()}</text>')
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(target)}" y2="{y(target)}" stroke="#333" '
               'stroke-dasharray="6 4"/>')
    out.append(f'<text x="{left + 4}" y="{y(target) - 5}" class="label">target {e(_target(c))}</text>')
    if c.get("deadline"):
        d = x(_date(c["deadline"]))
        out.append(f'<line x1="{d}" x2="{d}" y1="{top}" y2="{height - bottom}" stroke="{DEADLINE_COLOUR}" stroke-width="2"/>')
        out.append(f'<text x="{d + 4}" y="{top + 26}" class="label" fill="{DEADLINE_COLOUR}">deadline {e(c["deadline"])}</text>')
    a = x(_date(as_of))
    out.append(f'<line x1="{a}" x2="{a}" y1="{top}" y2="{height - bottom}" stroke="#777" stroke-dasharray="2 3"/>')
    high = bool(timeline) and (timeline[-1]["achieved"] or 0) > target / 2  # keep the label clear of the last point
    out.append(f'<text x="{a - 4}" y="{height - bottom - 6 if high else top + 12}" text-anchor="end" class="label" '
               f'fill="#555">as of {e(as_of)}</text>')
    if c.get("agreed_on") and timeline and c["agreed_on"] < timeline[0]["date"]:
        g = x(_date(c["agreed_on"]))
        out.append(f'<circle cx="{g}" cy="{y(0)}" r="3.5" fill="#fff" stroke="#0072B2" stroke-width="1.5">'
                   f'<title>{e("agreed on " + c["agreed_on"])}</title></circle>')
        out.append(f'<text x="{g}" y="{y(0) - 8}" text-anchor="middle" class="label" fill="#555">agreed</text>')
        out.append(f'<path d="M{g},{y(0)}H{x(_date(timeline[0]["date"]))}" fill="none" stroke="#0072B2" stroke-width="1.5" '
                   'stroke-dasharray="3 3"/>')
    if timeline:
        path, previous = [], None
        for point in timeline:
            px, py = x(_date(point["date"])), y(point["achieved"] or 0)
            path.append(f"M{px},{py}" if previous is None else f"H{px}V{py}")
            previous = py
        path.append(f"H{a}")
        out.append(f'<path d="{"".join(path)}" fill="none" stroke="#0072B2" stroke-width="2.5"/>')
        for point in timeline:
            px, py = x(_date(point["date"])), y(point["achieved"] or 0)
            colour = STATUS_COLOURS.get(point["status"], "#999")
            tip = (f"{point['date']}: {_n(point['achieved'])} of {_n(c['target_count'])} ({_pct(point['share'])}), "
                   f"{STATUS_NAMES.get(point['status'], point['status'])}")
            out.append(f'<circle cx="{px}" cy="{py}" r="5" fill="{colour}" stroke="#333"><title>{e(tip)}</title></circle>')
            out.append(f'<text x="{px + 7}" y="{py - 7 if py > top + 20 else py + 16}" class="value">'
                       f'{e(_n(point["achieved"]))}</text>')
    out.append("</svg>")
    return "\n".join(out)


# --------------------------------------------------------------------------- HTML


STYLE = """
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1b1b1b; margin: 0;
       background: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 1.5em 2em 4em; }
h1 { font-size: 1.6em; margin: 0 0 0.2em; } h2 { margin-top: 2em; border-bottom: 2px solid #1d2b3a; padding-bottom: 0.2em; }
h3 { margin: 1.4em 0 0.4em; font-size: 1.05em; }
.lead { color: #444; margin: 0 0 1em; } .muted { color: #666; font-size: 0.9em; }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; }
table { border-collapse: collapse; width: 100%; font-size: 0.92em; margin: 0.6em 0; }
th, td { text-align: left; vertical-align: top; padding: 0.35em 0.5em; border-bottom: 1px solid #e3e3e3; }
th { background: #f1f3f5; font-weight: 600; } td.num { text-align: right; white-space: nowrap; }
.status { display: inline-block; padding: 0 0.5em; border-radius: 0.7em; font-weight: 600; white-space: nowrap; }
.flag { display: inline-block; margin: 0.1em 0.2em 0 0; padding: 0 0.45em; border-radius: 0.7em; font-size: 0.82em;
        background: #6b6b6b; color: #fff; white-space: nowrap; }
.flag.overdue { background: #b00020; } .flag.late { background: #9c6b00; }
.bar { width: 6em; height: 0.55em; background: #eee; border-radius: 0.3em; overflow: hidden; margin-top: 0.25em; }
.bar span { display: block; height: 100%; background: #009E73; }
a { color: #0063a6; } a.cite { text-decoration: none; font-size: 0.85em; }
.chart { max-width: 100%; height: auto; font-size: 11px; }
.chart .tick { fill: #555; font-size: 10px; } .chart .label { font-size: 11px; } .chart .value { font-size: 11px; font-weight: 600; }
figure { margin: 1em 0 1.8em; display: flex; flex-wrap: wrap; gap: 0.5em 1.5em; align-items: flex-start; }
figcaption { font-weight: 600; flex-basis: 100%; }
table.timeline { width: auto; min-width: 18em; } td.date { white-space: nowrap; }
td.state { min-width: 13em; } td.state .muted { white-space: nowrap; }
.speaker { margin: 1.2em 0 0.3em; } .speaker .who { font-weight: 600; }
ul.said { list-style: none; padding: 0; margin: 0; }
ul.said li { padding: 0.35em 0 0.35em 0.8em; border-left: 3px solid #d0d5da; margin: 0.3em 0; }
q, blockquote { quotes: "\\201C" "\\201D"; }
ol.evidence li { margin: 0.4em 0; } ol.evidence li:target { background: #fff4d6; }
blockquote { margin: 0.2em 0; padding: 0.2em 0.6em; border-left: 3px solid #bbb; background: #f6f6f6; }
"""


def _badge(status: str) -> str:
    colour = STATUS_COLOURS.get(status, "#ddd")
    text = "#333" if status == "not_started" else "#fff"
    return f'<span class="status" style="background:{colour};color:{text}">{html.escape(STATUS_NAMES.get(status, status))}</span>'


def _flags_html(flags: list[str]) -> str:
    return "".join(f'<span class="flag {html.escape(f.split()[0])}">{html.escape(f)}</span>' for f in flags)


def _cites_html(numbers: list[int]) -> str:
    return " ".join(f'<a class="cite" href="#ev-{n}">[{n}]</a>' for n in numbers)


def render_html(report: Report) -> str:
    """The report as one HTML page (inline style, no script, no outside request)."""
    e = html.escape
    r = report
    counts = {s: sum(1 for c in r.commitments if c["status"] == s) for s in STATUS_NAMES}
    overdue = sum(1 for c in r.commitments if c["overdue"])
    dates = sorted(d["published"] for d in r.documents.values() if d.get("published"))
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>Commitments report as of {e(r.as_of)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>", "<main>",
           f"<h1>Commitments report as of {e(r.as_of)}</h1>",
           f'<p class="lead">From {len(r.documents):,} document{"s" if len(r.documents) != 1 else ""}'
           + (f" published {e(dates[0])} to {e(dates[-1])}" if dates else "")
           + f": {len(r.commitments):,} commitments ({counts['fulfilled']} fulfilled, {counts['in_progress']} in progress, "
           f"{counts['not_started']} not started; {overdue} overdue), {len(r.releases):,} releases and "
           f"{len(r.statements):,} statements. Only what was published on or before {e(r.as_of)} is used.</p>",
           '<nav><ul><li><a href="#commitments">Commitments</a></li><li><a href="#progress">Progress</a></li>'
           '<li><a href="#releases">Releases</a></li><li><a href="#statements">Who said what</a></li>'
           '<li><a href="#predictions">Predictions</a></li><li><a href="#sourcing">Sourcing</a></li><li><a href="#evidence">Evidence</a></li>'
           '<li><a href="#documents">Documents</a></li></ul></nav>']

    out += ['<h2 id="commitments">Commitments</h2>',
            "<table><thead><tr><th>#</th><th>Commitment</th><th>Agreement</th><th>Target</th><th>Achieved</th>"
            "<th>Share</th><th>Deadline</th><th>Status</th><th>Evidence</th></tr></thead><tbody>"]
    for i, c in enumerate(r.commitments, 1):
        bar = (f'<div class="bar"><span style="width:{round(100 * min(1.0, c["share"]))}%"></span></div>'
               if c["share"] is not None else "")
        flags = (["overdue"] if c["overdue"] else []) + (["late"] if c["late"] else [])
        flag_html = "".join(f'<span class="flag {f}">{"overdue" if f == "overdue" else "fulfilled late"}</span>' for f in flags)
        out.append(
            f'<tr id="c-{i}"><td>{i}</td><td>{e(_title(c))}</td><td>{e(c["agreement"] or "")}'
            f'{"<br><span class=muted>" + e(c["agreed_on"]) + "</span>" if c["agreed_on"] else ""}</td>'
            f'<td class="num">{e(_target(c))}</td><td class="num">{e(_n(c["achieved"]) if c["target_count"] else "")}</td>'
            f'<td class="num">{e(_pct(c["share"]))}{bar}</td><td class="date">{e(c["deadline"] or "")}</td>'
            f'<td class="state">{_badge(c["status"])} {flag_html}'
            f'{"<br><span class=muted>fulfilled on " + e(c["fulfilled_on"]) + "</span>" if c["fulfilled_on"] else ""}'
            f'{"<br><span class=muted>" + e(_scales(c)) + "</span>" if _scales(c) else ""}'
            f'{"<br>" + _flags_html(_source_flags(r.flags("commitment", "commitment/" + c["id"]))) if _source_flags(r.flags("commitment", "commitment/" + c["id"])) else ""}</td>'
            f'<td>{_cites_html(c["_cites"])}</td></tr>')
    out.append("</tbody></table>")
    if r.commitments:
        out.append(f'<p class="muted">Achieved: {e(r.commitments[0]["rule"])}. Overdue: the deadline passed before the '
                   "target was reached. Fulfilled late: reached after the deadline.</p>")

    out.append('<h2 id="progress">Progress over time</h2>')
    quantitative = [(i, c) for i, c in enumerate(r.commitments, 1) if c["target_count"]]
    if not quantitative:
        out.append('<p class="muted">No commitment has a number to count against.</p>')
    for i, c in quantitative:
        timeline = r.timelines.get(c["id"], [])
        out.append(f'<figure id="chart-{i}"><figcaption>{i}. {e(_title(c))}</figcaption>')
        out.append(progress_svg(c, timeline, r.as_of))
        rows = "".join(f"<tr><td class=date>{e(p['date'])}</td><td class=num>{e(_n(p['achieved']))}</td>"
                       f"<td class=num>{e(_pct(p['share']))}</td><td>{_badge(p['status'])}</td></tr>" for p in timeline)
        out.append(f'<table class="timeline"><thead><tr><th>Known on</th><th>Achieved</th><th>Share</th><th>Status</th></tr>'
                   f"</thead><tbody>{rows}</tbody></table></figure>")

    out += ['<h2 id="releases">Releases</h2>',
            "<table><thead><tr><th>Released by</th><th>People of</th><th>Count</th><th>Figure</th><th>When</th>"
            "<th>Where</th><th>According to</th><th>Sources</th><th>Evidence</th></tr></thead><tbody>"]
    for rel in r.releases:
        flags = (["single source"] if len(rel["documents"]) == 1 else []) + (["anonymous source"] if rel["source_anonymous"] else [])
        out.append(f'<tr><td>{e(rel["releaser"] or "")}</td><td>{e(rel["released_party"] or "")}</td>'
                   f'<td class="num">{e(_n(rel["count"]) if rel["count"] is not None else "not given")}</td>'
                   f'<td>{"running total" if rel["cumulative"] else "batch"}</td>'
                   f'<td class="date">{e(_when(rel["date_from"], rel["date_to"]))}</td><td>{e(rel["place"] or "")}</td>'
                   f'<td>{e(rel["source"] or "")}</td><td>{len(rel["documents"])} {_flags_html(flags)}</td>'
                   f'<td>{_cites_html(rel["_cites"])}</td></tr>')
    out.append("</tbody></table>")

    out.append('<h2 id="statements">Who said what</h2>')
    for who, items in r.speakers():
        extra = [p for p in [who["party"] if who["party"] != who["name"] else None, *who["posts"]] if p]
        out.append(f'<div class="speaker"><span class="who">{e(who["name"])}</span>'
                   f'{" — " + e(", ".join(extra)) if extra else ""} '
                   f'{_flags_html(["anonymous source"]) if who["anonymous"] else ""}'
                   f' <span class="muted">{len(items)} statement{"s" if len(items) != 1 else ""}</span></div><ul class="said">')
        for s in items:
            words = f"<q>{e(s['text'])}</q>" if s["kind"] == "direct" else e(s["text"])
            meta = ", ".join(v for v in (s["type"], "direct quote" if s["kind"] == "direct" else "reported speech",
                                         f"said {s['said_on']}" if s["said_on"] else None,
                                         f"via {s['channel']}" if s["channel"] else None,
                                         f"expected {_when(s['expected_from'], s['expected_to'])}"
                                         if s["expected_from"] or s["expected_to"] else None) if v)
            flags = _source_flags(r.flags("statement", "statement/" + s["id"]))
            flags = [f for f in flags if f != "anonymous source" or not who["anonymous"]]
            out.append(f'<li>{words}<br><span class="muted">{e(meta)} · {e(r.doc_line(s["document"]))}</span> '
                       f'{_flags_html(flags)} {_cites_html([s["_cite"]])}</li>')
        out.append("</ul>")

    out += ['<h2 id="predictions">Predictions</h2>']
    if r.predictions:
        out.append("<table><thead><tr><th>Speaker</th><th>Prediction</th><th>Expected</th><th>Outcome</th>"
                   "<th>Evidence</th></tr></thead><tbody>")
        for p in r.predictions:
            out.append(f'<tr><td>{e(p["speaker"] or "")}</td><td>{e(p["text"])}</td>'
                       f'<td class="date">{e(_when(p["expected_from"], p["expected_to"]))}</td>'
                       f'<td>{e(_outcome(p))}</td><td>{_cites_html(p["_cites"])}</td></tr>')
        out.append("</tbody></table>")
    else:
        out.append('<p class="muted">No statement is typed as a prediction.</p>')

    out += ['<h2 id="sourcing">Sourcing</h2>',
            '<p class="muted">Facts that rest on one document only, or on a source the article does not name. '
            "Corroborated facts (several documents, named sources) are not listed.</p>"]
    weak = r.weak_sources()
    if weak:
        out.append("<table><thead><tr><th>Kind</th><th>Fact</th><th>Documents</th><th>Flags</th></tr></thead><tbody>")
        for s in weak:
            out.append(f'<tr><td>{e(s["kind"])}</td><td>{e(s["label"] or s["id"])}</td><td class="num">{s["documents"]}</td>'
                       f"<td>{_flags_html(_source_flags(s))}</td></tr>")
        out.append("</tbody></table>")
    else:
        out.append("<p>Every fact is corroborated by several documents and named sources.</p>")

    out += ['<h2 id="evidence">Evidence</h2>', '<ol class="evidence">']
    for n, ev in enumerate(r.evidence, 1):
        span = f", characters {ev['start']}–{ev['end']}" if ev["start"] is not None else ""
        out.append(f'<li id="ev-{n}"><blockquote>{e(ev["text"])}</blockquote>'
                   f'<span class="muted">{e(r.doc_line(ev["document"]) + span)}</span></li>')
    out.append("</ol>")

    out += ['<h2 id="documents">Documents</h2>', "<table><thead><tr><th>Published</th><th>Title</th><th>Publisher</th>"
            "<th>Id</th></tr></thead><tbody>"]
    for doc_id, meta in r.documents.items():
        out.append(f'<tr><td>{e(meta.get("published") or "")}</td><td>{e(meta.get("title") or "")}</td>'
                   f'<td>{e(meta.get("publisher") or "")}</td><td>{e(doc_id)}</td></tr>')
    out += ["</tbody></table>", "</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- Markdown


def render_markdown(report: Report) -> str:
    """The same content as Markdown: tables, the charts as tables of dates, evidence anchors."""
    m = md_escape
    r = report
    counts = {s: sum(1 for c in r.commitments if c["status"] == s) for s in STATUS_NAMES}
    overdue = sum(1 for c in r.commitments if c["overdue"])
    dates = sorted(d["published"] for d in r.documents.values() if d.get("published"))
    out = [f"# Commitments report as of {r.as_of}", "",
           f"From {len(r.documents):,} document{'s' if len(r.documents) != 1 else ''}"
           + (f" published {dates[0]} to {dates[-1]}" if dates else "")
           + f": {len(r.commitments):,} commitments ({counts['fulfilled']} fulfilled, {counts['in_progress']} in progress, "
           f"{counts['not_started']} not started; {overdue} overdue), {len(r.releases):,} releases and "
           f"{len(r.statements):,} statements. Only what was published on or before {r.as_of} is used.", ""]

    out += ["## Commitments", "",
            "| # | Commitment | Agreement | Target | Achieved | Share | Deadline | Status | Evidence |",
            "|---:|---|---|---:|---:|---:|---|---|---|"]
    for i, c in enumerate(r.commitments, 1):
        flags = _source_flags(r.flags("commitment", "commitment/" + c["id"]))
        status = m(_status(c)) + ("; " + m(", ".join(flags)) if flags else "") + (f" ({m(_scales(c))})" if _scales(c) else "")
        cites = " ".join(f"[\\[{n}\\]](#ev-{n})" for n in c["_cites"])
        out.append(f"| {i} | {m(_title(c))} | {m(c['agreement'] or '')}{' (' + m(c['agreed_on']) + ')' if c['agreed_on'] else ''} "
                   f"| {m(_target(c))} | {m(_n(c['achieved'])) if c['target_count'] else ''} | {_pct(c['share'])} "
                   f"| {m(c['deadline'] or '')} | {status} | {cites} |")
    if r.commitments:
        out += ["", f"Achieved: {m(r.commitments[0]['rule'])}. Overdue: the deadline passed before the target was reached. "
                "Fulfilled late: reached after the deadline."]

    out += ["", "## Progress over time", ""]
    quantitative = [(i, c) for i, c in enumerate(r.commitments, 1) if c["target_count"]]
    if not quantitative:
        out.append("No commitment has a number to count against.")
    for i, c in quantitative:
        out += [f"### {i}. {m(_title(c))}", "",
                f"Target {m(_target(c))}" + (f", deadline {c['deadline']}" if c["deadline"] else "") + ".", "",
                "| Known on | Achieved | Share | Status |", "|---|---:|---:|---|"]
        for p in r.timelines.get(c["id"], []):
            out.append(f"| {p['date']} | {m(_n(p['achieved']))} | {_pct(p['share'])} | {STATUS_NAMES.get(p['status'], p['status'])} |")
        out.append("")

    out += ["## Releases", "", "| Released by | People of | Count | Figure | When | Where | According to | Sources | Evidence |",
            "|---|---|---:|---|---|---|---|---|---|"]
    for rel in r.releases:
        flags = (["single source"] if len(rel["documents"]) == 1 else []) + (["anonymous source"] if rel["source_anonymous"] else [])
        cites = " ".join(f"[\\[{n}\\]](#ev-{n})" for n in rel["_cites"])
        out.append(f"| {m(rel['releaser'] or '')} | {m(rel['released_party'] or '')} "
                   f"| {m(_n(rel['count'])) if rel['count'] is not None else 'not given'} "
                   f"| {'running total' if rel['cumulative'] else 'batch'} | {m(_when(rel['date_from'], rel['date_to']))} "
                   f"| {m(rel['place'] or '')} | {m(rel['source'] or '')} | {len(rel['documents'])}"
                   f"{' (' + ', '.join(flags) + ')' if flags else ''} | {cites} |")

    out += ["", "## Who said what", ""]
    for who, items in r.speakers():
        extra = [p for p in [who["party"] if who["party"] != who["name"] else None, *who["posts"]] if p]
        out.append(f"### {m(who['name'])}" + (f" — {m(', '.join(extra))}" if extra else "")
                   + (" (anonymous source)" if who["anonymous"] else ""))
        out.append("")
        for s in items:
            words = f"“{m(s['text'])}”" if s["kind"] == "direct" else m(s["text"])
            meta = ", ".join(v for v in (s["type"], "direct quote" if s["kind"] == "direct" else "reported speech",
                                         f"said {s['said_on']}" if s["said_on"] else None,
                                         f"via {s['channel']}" if s["channel"] else None,
                                         f"expected {_when(s['expected_from'], s['expected_to'])}"
                                         if s["expected_from"] or s["expected_to"] else None) if v)
            flags = [f for f in _source_flags(r.flags("statement", "statement/" + s["id"]))
                     if f != "anonymous source" or not who["anonymous"]]
            out.append(f"- {words} — {m(meta)}; {m(r.doc_line(s['document']))}"
                       + (f" ({m(', '.join(flags))})" if flags else "") + f" [\\[{s['_cite']}\\]](#ev-{s['_cite']})")
        out.append("")

    out += ["## Predictions", ""]
    if r.predictions:
        out += ["| Speaker | Prediction | Expected | Outcome | Evidence |", "|---|---|---|---|---|"]
        for p in r.predictions:
            cites = " ".join(f"[\\[{n}\\]](#ev-{n})" for n in p["_cites"])
            out.append(f"| {m(p['speaker'] or '')} | {m(p['text'])} | {m(_when(p['expected_from'], p['expected_to']))} "
                       f"| {m(_outcome(p))} | {cites} |")
    else:
        out.append("No statement is typed as a prediction.")
    out.append("")

    out += ["## Sourcing", "", "Facts that rest on one document only, or on a source the article does not name.", ""]
    weak = r.weak_sources()
    if weak:
        out += ["| Kind | Fact | Documents | Flags |", "|---|---|---:|---|"]
        for s in weak:
            out.append(f"| {m(s['kind'])} | {m(s['label'] or s['id'])} | {s['documents']} | {m(', '.join(_source_flags(s)))} |")
    else:
        out.append("Every fact is corroborated by several documents and named sources.")

    out += ["", "## Evidence", ""]
    for n, ev in enumerate(r.evidence, 1):
        where = m(r.doc_line(ev["document"])) + (f", characters {ev['start']}–{ev['end']}" if ev["start"] is not None else "")
        out.append(f'{n}. <a id="ev-{n}"></a>“{m(ev["text"])}” — {where}')

    out += ["", "## Documents", "", "| Published | Title | Publisher | Id |", "|---|---|---|---|"]
    for doc_id, meta in r.documents.items():
        out.append(f"| {m(meta.get('published') or '')} | {m(meta.get('title') or '')} | {m(meta.get('publisher') or '')} "
                   f"| {m(doc_id)} |")
    return "\n".join(out) + "\n"


def write_report(store: Store, out_dir: Path | str, *, as_of: dt.date | None = None) -> dict[str, Path]:
    """Write ``report.html`` and ``report.md`` into ``out_dir`` (atomically); return their paths."""
    from kg.export import write_atomic

    report = collect(store, as_of)
    out_dir = Path(out_dir)
    written = {"html": out_dir / "report.html", "md": out_dir / "report.md"}
    write_atomic(written["html"], render_html(report))
    write_atomic(written["md"], render_markdown(report))
    return written
