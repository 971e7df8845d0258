"""Load-to-stable time of the graph page in headless Chromium, at 200, 2,000 and 10,000 nodes.

Synthetic graphs shaped like :func:`kg.views.actor_network` (parties, officials,
anonymous sources, agreements, commitments, releases, statements, documents,
with the same attributes) are rendered with :func:`kg.html.render_page`, loaded
from ``file://`` in the system Chromium, and timed from navigation start to
the moment the layout is stable (vis-network's stabilisation event, after
which the page turns physics off). Graphs above the page's node limit are
shown reduced, as a user would see them.

    python -m bench.bench_page                 # 200, 2000, 10000 nodes, 3 runs each
    python -m bench.bench_page --sizes 200 --runs 1 --no-write

Prints a table and appends it to ``bench/RESULTS.md`` under "Graph page".
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import random
import statistics
import tempfile
import time
from pathlib import Path

import networkx as nx

from bench.results import add_run

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## Graph page"
SHARES = {"party": 0.02, "official": 0.06, "anonymous": 0.03, "agreement": 0.01, "commitment": 0.04,
          "release": 0.06, "statement": 0.60, "document": 0.18}


def synthetic_graph(n: int, seed: int = 1) -> nx.MultiDiGraph:
    """A graph of about ``n`` nodes with the kinds, attributes and links of the actor network."""
    rng = random.Random(seed)
    start = dt.date(2020, 1, 1)
    days = max(30, n // 20)
    graph = nx.MultiDiGraph(as_of=(start + dt.timedelta(days=days)).isoformat())
    ids: dict[str, list[str]] = {kind: [] for kind in SHARES}
    counts = {kind: max(2, round(n * share)) for kind, share in SHARES.items()}
    counts["statement"] += n - sum(counts.values())

    def day() -> str:
        return (start + dt.timedelta(days=rng.randrange(days))).isoformat()

    documents = {}
    for i in range(counts["document"]):
        published = day()
        documents[f"doc{i}"] = {"title": f"Article {i} on the talks", "published": published, "publisher": f"Outlet {i % 40}"}
        graph.add_node(f"document:doc{i}", kind="document", label=f"Article {i} on the talks", published=published,
                       publisher=f"Outlet {i % 40}", known_from=published, parties=[])
        ids["document"].append(f"document:doc{i}")
    graph.graph["documents"] = documents
    for i in range(counts["party"]):
        graph.add_node(f"party:P{i}", kind="party", label=f"Party {i}", parties=[f"Party {i}"], known_from=None)
        ids["party"].append(f"party:P{i}")

    def party() -> str:
        # a few parties take most of the links, as in real coverage
        return ids["party"][min(int(rng.paretovariate(1.2)) - 1, len(ids["party"]) - 1)]

    def doc() -> tuple[str, str]:
        node = rng.choice(ids["document"])
        return node, graph.nodes[node]["published"]

    for i in range(counts["official"]):
        p = party()
        node = f"official:Official {i}"
        graph.add_node(node, kind="official", label=f"Official {i}", post="spokesman", party=graph.nodes[p]["label"],
                       parties=[graph.nodes[p]["label"]], known_from=None)
        graph.add_edge(node, p, label="speaks for")
        ids["official"].append(node)
    for i in range(counts["anonymous"]):
        p = party()
        node = f"anonymous:doc{i}:senior official"
        graph.add_node(node, kind="anonymous", label="senior official", party=graph.nodes[p]["label"],
                       parties=[graph.nodes[p]["label"]], known_from=None)
        ids["anonymous"].append(node)
    for i in range(counts["agreement"]):
        a, b = party(), party()
        node = f"agreement:a{i}"
        graph.add_node(node, kind="agreement", label=f"Agreement {i}", agreed_on=day(), subtype="agreement",
                       parties=sorted({graph.nodes[a]["label"], graph.nodes[b]["label"]}), known_from=day())
        graph.add_edge(a, node, label="signed")
        if b != a:
            graph.add_edge(b, node, label="signed")
        ids["agreement"].append(node)
    for i in range(counts["commitment"]):
        obligor, other = party(), party()
        agreement = rng.choice(ids["agreement"])
        target = rng.choice([20, 100, 1000, 5000])
        d, published = doc()
        timeline, achieved = [], 0
        for when in sorted(day() for _ in range(3)):
            achieved = min(target, achieved + rng.randrange(target // 2 + 1))
            timeline.append({"date": max(when, published), "status": "fulfilled" if achieved >= target else "in_progress",
                             "achieved": achieved, "share": achieved / target, "late": False, "fulfilled_on": None})
        node = f"commitment:c{i}"
        graph.add_node(node, kind="commitment", label=f"Party {i}: release {target} prisoners", status=timeline[-1]["status"],
                       achieved=achieved, target=target, share=achieved / target, deadline=day(), overdue=False,
                       late=False, upper_bound=False, obligor=graph.nodes[obligor]["label"],
                       counterparty=graph.nodes[other]["label"], action="release", object="prisoners",
                       evidence=[{"document": d.split(":", 1)[1], "start": 0, "end": 40, "text": "would release prisoners"}],
                       known_from=published, timeline=timeline,
                       parties=sorted({graph.nodes[obligor]["label"], graph.nodes[other]["label"]}))
        graph.add_edge(obligor, node, label="owes")
        graph.add_edge(node, other, label="owed to")
        graph.add_edge(node, agreement, label="under")
        ids["commitment"].append(node)
    for i in range(counts["release"]):
        releaser, people = party(), party()
        d, published = doc()
        node = f"release:r{i}"
        graph.add_node(node, kind="release", label=f"Party freed {rng.randrange(5, 300)}", count=rng.randrange(5, 300),
                       cumulative=rng.random() < 0.2, date_from=published, date_to=published,
                       sentence="the group freed prisoners on Sunday", documents=[d.split(":", 1)[1]],
                       known_from=published,
                       parties=sorted({graph.nodes[releaser]["label"], graph.nodes[people]["label"]}))
        graph.add_edge(releaser, node, label="released")
        graph.add_edge(node, people, label="people of")
        graph.add_edge(node, d, label="reported in")
        ids["release"].append(node)
    speakers = ids["official"] + ids["anonymous"] + ids["party"]
    for i in range(counts["statement"]):
        speaker = rng.choice(speakers)
        d, published = doc()
        node = f"statement:s{i}"
        text = f"We expect the next exchange within days, statement {i}"
        graph.add_node(node, kind="statement", label=text[:60], text=text, speaker=graph.nodes[speaker]["label"],
                       said_on=published, kind_of_speech=rng.choice(["direct", "reported"]), type="claim",
                       document=d.split(":", 1)[1], start=0, end=len(text), known_from=published,
                       parties=list(graph.nodes[speaker]["parties"]))
        graph.add_edge(speaker, node, label="said")
        graph.add_edge(node, d, label="in")
        if rng.random() < 0.3:
            graph.add_edge(node, rng.choice(ids["commitment"]), label="about")
    for node, data in graph.nodes(data=True):
        if data["known_from"] is None:
            dates = [graph.nodes[m]["known_from"] for m in nx.all_neighbors(graph, node) if graph.nodes[m]["known_from"]]
            data["known_from"] = min(dates, default=None)
    return graph


def measure(path: Path, browser, timeout_ms: int) -> dict[str, float]:
    """Load one page and return its timings (milliseconds from navigation start)."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    outside: list[str] = []
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
               else (outside.append(route.request.url), route.abort()))
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-state=stable]", state="attached", timeout=timeout_ms)
    timings = page.evaluate("""() => ({stable: kgPage.stableAt, drawn: kgPage.drawnAt, nodes: kgPage.visible.nodes,
                                       edges: kgPage.visible.edges, how: kgPage.settledBy,
                                       dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd})""")
    page.close()
    if outside:
        raise RuntimeError(f"the page asked for outside addresses: {outside[:3]}")
    return timings


def run(sizes: list[int], runs: int, timeout_s: int) -> list[dict[str, object]]:
    from playwright.sync_api import sync_playwright

    from kg.html import render_page

    rows = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for n in sizes:
            graph = synthetic_graph(n)
            started = time.perf_counter()
            text = render_page(graph)
            render_s = time.perf_counter() - started
            path = Path(tmp) / f"graph-{n}.html"
            path.write_text(text, encoding="utf-8")
            samples = [measure(path, browser, timeout_s * 1000) for _ in range(runs)]
            rows.append({
                "nodes": graph.number_of_nodes(), "edges": graph.number_of_edges(),
                "shown_nodes": samples[0]["nodes"], "shown_edges": samples[0]["edges"],
                "size_kb": round(path.stat().st_size / 1024), "render_s": render_s,
                "parsed_ms": statistics.median(s["dcl"] for s in samples),
                "drawn_ms": statistics.median(s["drawn"] or 0 for s in samples),
                "stable_ms": statistics.median(s["stable"] for s in samples), "how": samples[0]["how"],
            })
        browser.close()
    return rows


def table(rows: list[dict[str, object]], runs: int) -> str:
    lines = [f"{HEADING}", "",
             f"Run {dt.datetime.now():%Y-%m-%d %H:%M}, {platform.machine()} Python {platform.python_version()}, "
             f"Chromium headless (no GPU); median of {runs} load(s); times from navigation start. Graphs above "
             "3,000 nodes are shown reduced (statements and documents folded), as users see them. \"parsed\": "
             "DOMContentLoaded; \"stable\": layout settled and physics off; \"drawn\": the first frame, which "
             "vis-network paints once the layout has settled.", "",
             "| nodes | edges | shown nodes | shown edges | file | render (Python) | parsed | stable | drawn |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['nodes']:,} | {r['edges']:,} | {r['shown_nodes']:,} | {r['shown_edges']:,} | {r['size_kb']:,} KB "
                     f"| {r['render_s']:.2f} s | {r['parsed_ms'] / 1000:.2f} s | {r['stable_ms'] / 1000:.2f} s "
                     f"| {r['drawn_ms'] / 1000:.2f} s |")
    return "\n".join(lines) + "\n"


def append_results(text: str, path: Path = RESULTS) -> None:
    """Add the table to the "Graph page" section of the results file (created if missing)."""
    add_run(HEADING, text.split("\n", 2)[2], path)  # the table without its own heading


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 2000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=int, default=600, help="seconds to wait for one page")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/RESULTS.md alone")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"needs Chromium at {CHROMIUM}")
    rows = run(args.sizes, args.runs, args.timeout)
    text = table(rows, args.runs)
    print(text)
    if not args.no_write:
        append_results(text)
        print(f"appended to {RESULTS}")


if __name__ == "__main__":
    main()
