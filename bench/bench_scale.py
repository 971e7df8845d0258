"""Scale: build and query synthetic corpora on every store, and how the costs grow.

Run from the repository root::

    python -m bench                              # 1k and 10k articles, every store
    python -m bench --sizes 100000               # the long run
    python -m bench --sizes 1000 --stores oxigraph --no-write

For each corpus size and store (``memory``: rdflib; ``oxigraph``: embedded, on
disk; ``sparql``: a real Oxigraph server started for the run, reached over
HTTP) one fresh process builds the corpus and reports: build time and its
phases, articles/s, triples and triples/s, peak resident memory (of that
process, and of the server for ``sparql``), store size on disk, a rebuild of
the unchanged corpus (no extraction, nothing rewritten), and the latency of
every competency question through :mod:`kg.answers` (median of ``--runs``).
Then it prints the growth from one size to the next and rdflib against
Oxigraph for the same work, and appends the tables to ``bench/RESULTS.md``.

Articles come from :mod:`bench.generate` with their known facts; the rule
extractor is replaced by the generator (``extract_many`` with the same
signature), so the build measures reading, mapping, storing and deriving,
not the rules (``bench.bench_extract`` measures those).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from bench.results import add_run, publish

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## Scale: stores, builds and queries"
STORES = ("memory", "oxigraph", "sparql")
MEMORY_MAX = 1000  # rdflib beyond this takes tens of minutes per query: see RESULTS.md
SPEAKER = "Mujahid"
PARTY = "Taliban"
# The competency questions as an analyst asks them: about one commitment, speaker,
# party or releaser, or the whole list as of now (kept by the build); then the
# whole-corpus listings and an earlier date, which cost in proportion to what they read.
QUERIES = ("commitments", "commitments --table", "explain", "statements --limit 100", "statements --speaker",
           "statements --about", "statements --party", "statements --party --limit 100",
           "releases --releaser", "agreements", "most-quoted", "predictions",
           "commitments --as-of", "statements", "releases", "corroboration")


# ---------------------------------------------------------------------------
# One measurement, in a fresh process (so peaks do not mix)
# ---------------------------------------------------------------------------


class Phases:
    """Wall time spent inside wrapped functions, by phase name."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def wrap(self, name: str, fn: Callable) -> Callable:
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - started

        return timed


def _median_time(fn: Callable[[], Any], runs: int, budget: float = 60.0) -> tuple[float, int, int]:
    """Median seconds of ``runs`` calls (fewer when one call is over ``budget``/runs), rows, runs done."""
    times: list[float] = []
    rows = 0
    for _ in range(runs):
        started = time.perf_counter()
        rows = len(fn())
        times.append(time.perf_counter() - started)
        if sum(times) > budget:
            break
    return statistics.median(times), rows, len(times)


def _du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.exists() else 0


def _peak_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def measure(size: int, store_name: str, corpus: Path, work: Path, runs: int,
            skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """Build ``corpus`` into a fresh store, rebuild it, time the questions.

    ``skip`` names questions not to time, and ``"assessment"`` for a build
    without the derive step's status assessment (see RESULTS.md for why).
    """
    import kg.build as build_module
    from bench import generate
    from kg import answers, mapping
    from kg.stores import open_store

    phases = Phases()
    build_module._extractor = lambda: (phases.wrap("extract (generator)", generate.extract_many), "synthetic")
    build_module.load_corpus = phases.wrap("read corpus", build_module.load_corpus)
    mapping.document_triples = phases.wrap("map to RDF", mapping.document_triples)
    build_module.derive = phases.wrap("derive", build_module.derive)
    if "assessment" in skip:
        build_module.assessment_triples = lambda *args, **kwargs: ([], [])

    build_module.assessment_triples = phases.wrap("status assessment", build_module.assessment_triples)
    server = None
    location: Path | None = None
    shutil.rmtree(work / "store", ignore_errors=True)
    shutil.rmtree(work / "server-store", ignore_errors=True)
    if store_name == "memory":
        store = open_store("memory")
    elif store_name == "oxigraph":
        location = work / "store"
        store = open_store(f"oxigraph:{location}")
    else:
        from kg.serve import start_server

        location = work / "server-store"
        server = start_server(location, port=0, allow_update=True)
        store = open_store(server.spec)
    store.replace_graphs = phases.wrap("write to store", store.replace_graphs)  # type: ignore[method-assign]
    store.triple_count = phases.wrap("count triples", store.triple_count)  # type: ignore[method-assign]
    out: dict[str, Any] = {"size": size, "store": store_name, "skipped": list(skip)}
    try:
        started = time.perf_counter()
        summary = build_module.build(corpus, store, out_dir=None, html=False)
        out["build_s"] = time.perf_counter() - started
        out["build_peak_rss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        out["phases"] = dict(phases.seconds)
        out["triples"] = summary.triples
        out["derived"] = summary.derived
        out["documents"] = summary.documents
        if location is not None and store_name == "oxigraph":
            store.close()  # flush, so the size on disk is what stays
            store = open_store(f"oxigraph:{location}")
        out["disk_bytes"] = _du(location) if location else 0

        started = time.perf_counter()
        again = build_module.build(corpus, store, out_dir=None, html=False)
        out["rebuild_s"] = time.perf_counter() - started
        out["rebuild_extracted"] = again.extracted
        out["rebuild_unchanged"] = again.unchanged

        found = store.query("SELECT ?c WHERE { GRAPH ?g { ?c a <https://w3id.org/negotiation-kg/ontology#Commitment> } } "
                            "ORDER BY ?c LIMIT 1")
        about = answers.local_id(found[0]["c"], "commitment") if found else None
        days = answers.publication_dates(store)
        middle = days[len(days) // 2] if days else None
        calls: dict[str, Callable[[], list]] = {
            "commitments": lambda: answers.commitments(store),
            "commitments --table": lambda: answers.commitments(store, evidence=False),
            "explain": lambda: answers.explain(store, about).splitlines() if about else [],
            "statements --speaker": lambda: answers.statements(store, speaker=SPEAKER),
            "statements --about": lambda: answers.statements(store, about=about),
            "statements --party": lambda: answers.statements(store, party=PARTY),
            "statements --limit 100": lambda: answers.statements(store, limit=100),
            "statements --party --limit 100": lambda: answers.statements(store, party=PARTY, limit=100),
            "releases --releaser": lambda: answers.releases(store, releaser=PARTY),
            "agreements": lambda: answers.agreements(store),
            "most-quoted": lambda: answers.most_quoted(store),
            "predictions": lambda: answers.predictions(store),
            "commitments --as-of": lambda: answers.commitments(store, middle),
            "statements": lambda: answers.statements(store),
            "releases": lambda: answers.releases(store),
            "corroboration": lambda: answers.corroboration(store),
        }
        out["queries"] = {}
        for name in QUERIES:
            if name in skip:
                continue
            median, rows, done = _median_time(calls[name], runs)
            out["queries"][name] = {"s": median, "rows": rows, "runs": done}
        out["peak_rss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        out["server_peak_rss_kib"] = _peak_kib(server.pid) if server else 0
    finally:
        store.close()
        if server is not None:
            server.stop()
    return out


# ---------------------------------------------------------------------------
# The driver: corpora, one process per measurement, tables
# ---------------------------------------------------------------------------


def help_startup(runs: int = 5) -> float:
    """Median wall time of ``kg --help`` in a fresh process."""
    kg = Path(sys.executable).parent / "kg"
    command = [str(kg), "--help"] if kg.exists() else [sys.executable, "-m", "kg.cli", "--help"]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def run_child(size: int, store: str, corpus: Path, work: Path, runs: int, timeout: float,
              skip: tuple[str, ...] = (), max_rss_gb: float = 8.0) -> dict[str, Any]:
    """One measurement in a fresh process, stopped if it runs over ``timeout``
    or its memory (with the server's) over ``max_rss_gb``."""
    work.mkdir(parents=True, exist_ok=True)
    args = json.dumps({"size": size, "store": store, "corpus": str(corpus), "work": str(work), "runs": runs,
                       "skip": list(skip)})
    log = work / "child.log"
    with open(log, "w", encoding="utf-8") as err:
        child = subprocess.Popen([sys.executable, "-m", "bench.bench_scale", "--child", args], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=err, text=True)
        started, stopped = time.monotonic(), None
        while child.poll() is None:
            time.sleep(1)
            rss = _tree_rss_kib(child.pid) / 2**20
            if rss > max_rss_gb:
                stopped = f"stopped at {rss:.1f} GB resident (over --max-rss-gb {max_rss_gb:g})"
            elif time.monotonic() - started > timeout:
                stopped = f"stopped after {timeout:.0f} s (--timeout)"
            if stopped:
                for pid in _tree(child.pid)[::-1]:
                    try:
                        os.kill(pid, 9)
                    except OSError:
                        pass
                child.wait()
                return {"size": size, "store": store, "error": stopped}
        out = child.stdout.read() if child.stdout else ""
    if child.returncode != 0:
        lines = log.read_text(encoding="utf-8").strip().splitlines()
        return {"size": size, "store": store, "error": lines[-1] if lines else f"exit code {child.returncode}"}
    return json.loads(out.strip().splitlines()[-1])


def _tree(pid: int) -> list[int]:
    """A process and its descendants (the Oxigraph server of a ``sparql`` run)."""
    found = [pid]
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) in found and int(proc.name) not in found:
                found.append(int(proc.name))
    return found


def _tree_rss_kib(pid: int) -> int:
    total = 0
    for member in _tree(pid):
        try:
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def _fmt_s(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.1f} s"


def tables(results: list[dict[str, Any]], help_s: float, started: str) -> str:
    ok = [r for r in results if "error" not in r]
    lines = [f"Run {started}, {platform.machine()} Python {platform.python_version()}, {os.cpu_count()} cores; "
             f"synthetic articles from bench/generate.py, facts from the generator (extraction not timed); "
             f"exports off. `kg --help`: {_fmt_s(help_s)} (median of 5).", ""]
    lines += ["| articles | store | build | articles/s | triples | triples/s | peak RSS, build | peak RSS, with questions "
              "| server RSS | on disk | rebuild unchanged |",
              "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in ok:
        note = " (no assessment)" if "assessment" in r.get("skipped", ()) else ""
        lines.append(
            f"| {r['size']:,} | {r['store']}{note} | {_fmt_s(r['build_s'])} | {r['size'] / r['build_s']:,.0f} "
            f"| {r['triples']:,} | {r['triples'] / r['build_s']:,.0f} | {r.get('build_peak_rss_kib', 0) / 1024:,.0f} MB "
            f"| {r['peak_rss_kib'] / 1024:,.0f} MB "
            f"| {r['server_peak_rss_kib'] / 1024:,.0f} MB | {r['disk_bytes'] / 2**20:,.0f} MB "
            f"| {_fmt_s(r['rebuild_s'])} ({r['rebuild_extracted']} extracted) |".replace("| 0 MB |", "| – |"))
    for r in results:
        if "error" in r:
            lines.append(f"| {r['size']:,} | {r['store']} | {r['error']} | | | | | | | | |")
    lines += ["", "Build phases (seconds; \"derive\" includes the status assessment):", "",
              "| articles | store | " + " | ".join(PHASES) + " |", "|---:|---|" + "---:|" * len(PHASES)]
    for r in ok:
        lines.append(f"| {r['size']:,} | {r['store']} | "
                     + " | ".join(f"{r['phases'].get(p, 0):.1f}" for p in PHASES) + " |")
    lines += ["", "Competency questions through kg.answers (median; rows returned):", "",
              "| articles | store | " + " | ".join(QUERIES) + " |", "|---:|---|" + "---:|" * len(QUERIES)]
    for r in ok:
        cells = [f"{_fmt_s(r['queries'][q]['s'])} ({r['queries'][q]['rows']:,})" if q in r["queries"] else "not run"
                 for q in QUERIES]
        lines.append(f"| {r['size']:,} | {r['store']} | " + " | ".join(cells) + " |")
    lines += growth(ok) + versus(ok)
    return "\n".join(lines) + "\n"


PHASES = ("read corpus", "extract (generator)", "map to RDF", "write to store", "status assessment", "derive",
          "count triples")


def growth(ok: list[dict[str, Any]]) -> list[str]:
    """Each cost at one size over the same cost at the previous size, per store."""
    out: list[str] = []
    by_store: dict[str, list[dict[str, Any]]] = {}
    for r in ok:
        by_store.setdefault(r["store"], []).append(r)
    rows = []
    for store, rs in by_store.items():
        rs.sort(key=lambda r: r["size"])
        for small, big in zip(rs, rs[1:]):
            k = big["size"] / small["size"]
            cells = [f"{big['build_s'] / small['build_s']:.1f}", f"{big['peak_rss_kib'] / small['peak_rss_kib']:.1f}",
                     f"{big['disk_bytes'] / small['disk_bytes']:.1f}" if small["disk_bytes"] else "–"]
            cells += [f"{big['queries'][q]['s'] / small['queries'][q]['s']:.1f}"
                      if q in big["queries"] and q in small["queries"] else "–" for q in QUERIES]
            rows.append(f"| {store} | {small['size']:,} → {big['size']:,} (×{k:.0f}) | " + " | ".join(cells) + " |")
    if rows:
        out += ["", "Growth (cost at the larger size over the cost at the smaller; linear = the size ratio, flat = 1):", "",
                "| store | sizes | build | peak RSS | on disk | " + " | ".join(QUERIES) + " |",
                "|---|---|---:|---:|---:|" + "---:|" * len(QUERIES)] + rows
    return out


def versus(ok: list[dict[str, Any]]) -> list[str]:
    """rdflib memory over Oxigraph, for the same size."""
    rows = []
    for mem in (r for r in ok if r["store"] == "memory"):
        ox = next((r for r in ok if r["store"] == "oxigraph" and r["size"] == mem["size"]), None)
        if ox is None:
            continue
        cells = [f"{mem['build_s'] / ox['build_s']:.1f}", f"{mem['peak_rss_kib'] / ox['peak_rss_kib']:.1f}"]
        cells += [f"{mem['queries'][q]['s'] / ox['queries'][q]['s']:.1f}"
                  if q in mem["queries"] and q in ox["queries"] else "–" for q in QUERIES]
        rows.append(f"| {mem['size']:,} | " + " | ".join(cells) + " |")
    if not rows:
        return []
    return ["", "rdflib memory over embedded Oxigraph, same work (×; above 1 = rdflib slower):", "",
            "| articles | build | peak RSS | " + " | ".join(QUERIES) + " |",
            "|---:|---:|---:|" + "---:|" * len(QUERIES)] + rows


def append_results(text: str, path: Path = RESULTS) -> None:
    """Add a run under this benchmark's heading, leaving other sections alone."""
    add_run(HEADING, text, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000], help="articles (default 1000 10000)")
    parser.add_argument("--stores", nargs="+", choices=STORES, default=list(STORES))
    parser.add_argument("--memory-max", type=int, default=MEMORY_MAX,
                        help=f"largest corpus for the rdflib memory store (default {MEMORY_MAX})")
    parser.add_argument("--runs", type=int, default=5, help="runs per query (median; default 5)")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds for one measurement (default 3600)")
    parser.add_argument("--workdir", type=Path, default=None, help="where corpora and stores go (default: a temp dir)")
    parser.add_argument("--skip", nargs="+", default=[], choices=[*QUERIES, "assessment"],
                        help="questions not to time; 'assessment': build without the status assessment")
    parser.add_argument("--max-rss-gb", type=float, default=8.0, help="stop a run whose memory passes this (default 8)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/RESULTS.md alone")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.child:
        spec = json.loads(args.child)
        sys.setrecursionlimit(10000)
        result = measure(spec["size"], spec["store"], Path(spec["corpus"]), Path(spec["work"]), spec["runs"],
                         tuple(spec.get("skip", ())))
        print(json.dumps(result))
        return 0

    from bench.generate import write_corpus

    started = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    work = args.workdir or Path(tempfile.mkdtemp(prefix="kg-bench-"))
    results = []
    for size in args.sizes:
        corpus = work / f"corpus-{size}"
        if not (corpus / "manifest.yaml").exists():
            t = time.perf_counter()
            write_corpus(size, corpus)
            print(f"generated {size:,} articles in {time.perf_counter() - t:.1f} s into {corpus}", flush=True)
        for store in args.stores:
            if store == "memory" and size > args.memory_max:
                print(f"skipping memory at {size:,} articles (over --memory-max {args.memory_max:,})", flush=True)
                continue
            t = time.perf_counter()
            result = run_child(size, store, corpus, work / f"{store}-{size}", args.runs, args.timeout,
                               tuple(args.skip), args.max_rss_gb)
            results.append(result)
            status = result.get("error") or f"built in {result['build_s']:.1f} s"
            print(f"{size:,} articles on {store}: {status} ({time.perf_counter() - t:.0f} s in all)", flush=True)
    text = tables(results, help_startup(), started)
    publish(HEADING, text, write=not args.no_write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
