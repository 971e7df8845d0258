"""Load: many clients at once on ``kg serve``, the guarded SPARQL endpoint.

Run from the repository root::

    python -m bench.bench_load                           # 1,000 articles, 50 clients, 30 s
    python -m bench.bench_load --clients 10 --seconds 10 --no-write
    python -m bench.bench_load --compare                 # the same load on Oxigraph without the guard

Builds a store from a synthetic corpus (:mod:`bench.generate`, facts from the
generator, as :mod:`bench.bench_scale` does) or reuses the one ``--workdir``
holds, starts ``kg serve`` on the loopback, and records the requests
:mod:`kg.answers` sends for the competency questions: the SPARQL of
``kg/queries/*.rq`` with its parameters filled in, byte for byte, read at run
time. Then ``--clients`` threads (``http.client``, one kept-alive connection
each) send those requests round and round for ``--seconds``. Any answer that
is not 2xx, and any socket error, counts as an error. It prints requests per
second, the median and 99th-percentile latency per query and overall, the
errors by kind, and the peak resident memory of the front (the ``kg serve``
process) and of the Oxigraph server; then adds the tables to
``bench/RESULTS.md``.

The clients run on the same machine as the server and take their share of
its cores: the figures are for the machine, not for the server alone.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from bench.results import add_run, publish

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## Load: the SPARQL endpoint under concurrent clients"
SPEAKER = "Mujahid"


@dataclass(frozen=True)
class Request:
    """One request as ``kg`` sends it: which query, and the exact body."""

    label: str
    path: str
    body: bytes
    content_type: str
    accept: str


@dataclass
class Tally:
    """What the clients saw, by query label."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter = field(default_factory=Counter)
    errors_by_label: Counter = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, label: str, seconds: float, error: str | None) -> None:
        with self.lock:
            if error:
                self.errors[error] += 1
                self.errors_by_label[label] += 1
            else:
                self.latencies.setdefault(label, []).append(seconds)


# ---------------------------------------------------------------------------
# The store and the server
# ---------------------------------------------------------------------------


def ensure_store(size: int, work: Path) -> tuple[Path, int]:
    """The store of ``size`` synthetic articles under ``work``: built once, then reused; its triples."""
    store_dir = work / f"store-{size}"
    marker = store_dir / "kg-bench-triples"
    if (store_dir / "CURRENT").is_file() and marker.is_file():
        return store_dir, int(marker.read_text())
    import shutil

    import kg.build as build_module
    from bench import generate
    from kg.stores import open_store

    corpus = work / f"corpus-{size}"
    if not (corpus / "manifest.yaml").exists():
        generate.write_corpus(size, corpus)
    shutil.rmtree(store_dir, ignore_errors=True)
    build_module._extractor = lambda: (generate.extract_many, "synthetic")  # facts from the generator
    started = time.perf_counter()
    store = open_store(f"oxigraph:{store_dir}")
    try:
        summary = build_module.build(corpus, store, out_dir=None, html=False)
    finally:
        store.close()
    marker.write_text(str(summary.triples))
    print(f"built {size:,} articles ({summary.triples:,} triples) in {time.perf_counter() - started:.1f} s "
          f"into {store_dir}", flush=True)
    return store_dir, summary.triples


class Served:
    """A server process for the run: ``kg serve`` (guarded) or bare ``oxigraph serve-read-only``."""

    def __init__(self, store_dir: Path, guarded: bool, options: list[str]) -> None:
        self.guarded = guarded
        if guarded:
            command = [sys.executable, "-m", "kg.cli", "serve", "--store", f"oxigraph:{store_dir}", "--port", "0",
                       *options]
        else:
            from kg.serve import free_port, oxigraph_binary

            port = free_port()
            command = [oxigraph_binary(), "serve-read-only", "--location", str(store_dir),
                       "--bind", f"127.0.0.1:{port}"]
            self.url = f"http://127.0.0.1:{port}/query"
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=self.errors, text=True)
        self.said: list[str] = []
        if guarded:
            while True:
                line = self.process.stdout.readline() if self.process.stdout else ""
                if not line:
                    self.process.wait()
                    self.errors.seek(0)
                    raise SystemExit(f"kg serve ended early: {self.errors.read()[-2000:]}")
                self.said.append(line.rstrip())
                if "SPARQL endpoint" in line:
                    self.url = line.split()[-1]
                    break
        self._wait()
        self.peak_sum_kib = 0
        self._sampling = True
        self._sampler = threading.Thread(target=self._sample, daemon=True)
        self._sampler.start()

    def _wait(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                parts = urllib.parse.urlsplit(self.url)
                connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=2)
                connection.request("GET", parts.path + "?query=ASK%7B%7D")
                if connection.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise SystemExit(f"no answer from {self.url} within {timeout:.0f} s")

    def pids(self) -> dict[str, int]:
        """The front (``kg serve``) and the Oxigraph server, by role."""
        if not self.guarded:
            return {"oxigraph": self.process.pid}
        children = _children(self.process.pid)
        return {"front": self.process.pid, **({"oxigraph": children[0]} if children else {})}

    def _sample(self) -> None:
        while self._sampling:
            self.peak_sum_kib = max(self.peak_sum_kib, sum(_status_kib(pid, "VmRSS") for pid in self.pids().values()))
            time.sleep(0.25)

    def cpu_seconds(self) -> dict[str, float]:
        """User and system CPU time so far, by role."""
        out = {}
        for role, pid in self.pids().items():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                out[role] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            except (OSError, IndexError, ValueError):
                out[role] = 0.0
        return out

    def peaks_kib(self) -> dict[str, int]:
        return {role: _status_kib(pid, "VmHWM") for role, pid in self.pids().items()}

    def stop(self) -> None:
        self._sampling = False
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(p) for p in task.read_text().split()]
        except OSError:
            pass
    return found


def _status_kib(pid: int, key: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


# ---------------------------------------------------------------------------
# The requests kg sends
# ---------------------------------------------------------------------------


def record_requests(url: str) -> tuple[list[Request], list[str]]:
    """Run the competency questions once through ``kg.answers`` against ``url``
    and keep every request it sends; and the questions that failed."""
    from kg import answers, queries
    from kg.stores.sparql import SparqlStore

    by_text = {queries.load(name): name for name in queries.names()}
    recorded: list[Request] = []
    current = {"call": "", "query": ""}
    store = SparqlStore(url, read_only=True)
    plain_query, plain_post = store.query, store._post

    def query(sparql: str, bindings: Any = None) -> Any:
        unlimited = re.sub(r"\nLIMIT \d+$", "", sparql)
        current["query"] = f"{by_text[unlimited]}.rq" if unlimited in by_text else "inline"
        try:
            return plain_query(sparql, bindings)
        finally:
            current["query"] = ""

    def post(target: str, body: str, content_type: str, accept: str | None = None) -> bytes:
        label = f"{current['query'] or 'other'} ({current['call']})"
        recorded.append(Request(label, urllib.parse.urlsplit(target).path, body.encode("utf-8"),
                                f"{content_type}; charset=utf-8", accept or "*/*"))
        return plain_post(target, body, content_type, accept)

    store.query, store._post = query, post  # type: ignore[method-assign]
    found = store.query("SELECT ?c WHERE { GRAPH ?g { ?c a <https://w3id.org/negotiation-kg/ontology#Commitment> } } "
                        "ORDER BY ?c LIMIT 1")
    about = answers.local_id(found[0]["c"], "commitment") if found else None
    recorded.clear()
    calls: dict[str, Callable[[], Any]] = {
        "commitments": lambda: answers.commitments(store),
        "statements": lambda: answers.statements(store),
        "statements --speaker": lambda: answers.statements(store, speaker=SPEAKER),
        "statements --about": lambda: answers.statements(store, about=about),
        "releases": lambda: answers.releases(store),
        "agreements": lambda: answers.agreements(store),
        "corroboration": lambda: answers.corroboration(store),
        "most-quoted": lambda: answers.most_quoted(store),
    }
    failed = []
    for name, call in calls.items():
        current["call"] = name
        try:
            call()
        except Exception as exc:  # a question that cannot run is reported, the others still load the server
            failed.append(f"{name}: {type(exc).__name__}: {exc}"[:300])
    unique: dict[tuple[str, bytes], Request] = {}
    for request in recorded:
        unique.setdefault((request.path, request.body), request)
    return list(unique.values()), failed


# ---------------------------------------------------------------------------
# The load
# ---------------------------------------------------------------------------


def run_load(url: str, requests: list[Request], clients: int, seconds: float, timeout: float) -> tuple[Tally, float]:
    """``clients`` threads sending ``requests`` round and round for ``seconds``; the tally and wall time."""
    parts = urllib.parse.urlsplit(url)
    tally = Tally()
    start = threading.Event()
    stop_at = [0.0]

    def client(number: int) -> None:
        connection: http.client.HTTPConnection | None = None
        turn = number
        start.wait()
        while time.monotonic() < stop_at[0]:
            request = requests[turn % len(requests)]
            turn += 1
            began = time.perf_counter()
            error = None
            try:
                if connection is None:
                    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
                connection.request("POST", request.path, body=request.body,
                                   headers={"Content-Type": request.content_type, "Accept": request.accept})
                response = connection.getresponse()
                body = response.read()
                if not 200 <= response.status < 300:
                    error = f"HTTP {response.status}: " + " ".join(body[:200].decode("utf-8", "replace").split()[:8])
                if response.will_close:
                    connection.close()
                    connection = None
            except (OSError, http.client.HTTPException) as exc:
                error = type(exc).__name__
                if connection is not None:
                    connection.close()
                connection = None
            tally.add(request.label, time.perf_counter() - began, error)
        if connection is not None:
            connection.close()

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(clients)]
    for thread in threads:
        thread.start()
    began = time.monotonic()
    stop_at[0] = began + seconds
    start.set()
    for thread in threads:
        thread.join()
    return tally, time.monotonic() - began


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))] if ordered else float("nan")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds == seconds else "–"


# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------


@dataclass
class Run:
    target: str
    tally: Tally
    wall: float
    peaks_kib: dict[str, int]
    peak_sum_kib: int
    cpu_s: dict[str, float]


def tables(runs: list[Run], requests: list[Request], failed: list[str], header: str) -> str:
    lines = [header, ""]
    lines += ["| server | requests | req/s | errors | median | p99 | peak RSS front | peak RSS Oxigraph | peak RSS both "
              "| CPU front | CPU Oxigraph |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for run in runs:
        every = [x for values in run.tally.latencies.values() for x in values]
        errors = sum(run.tally.errors.values())
        done = len(every) + errors
        median = statistics.median(every) if every else float("nan")
        front_rss = f"{run.peaks_kib['front'] / 1024:,.0f} MB" if "front" in run.peaks_kib else "–"
        front_cpu = f"{run.cpu_s['front']:.1f} s" if "front" in run.cpu_s else "–"
        cells = [run.target, f"{done:,}", f"{done / run.wall:,.1f}", f"{errors:,}", _ms(median), _ms(_p(every, 0.99)),
                 front_rss, f"{run.peaks_kib.get('oxigraph', 0) / 1024:,.0f} MB", f"{run.peak_sum_kib / 1024:,.0f} MB",
                 front_cpu, f"{run.cpu_s.get('oxigraph', 0.0):.1f} s"]
        lines.append("| " + " | ".join(cells) + " |")
    for run in runs:
        if run.tally.errors:
            shown = ", ".join(f"{kind} ×{n:,}" for kind, n in run.tally.errors.most_common())
            lines += ["", f"Errors ({run.target}): {shown}."]
    labels = list(dict.fromkeys(r.label for r in requests))
    lines += ["", "Per query (median / p99 latency; requests; errors):", "",
              "| query (question) | " + " | ".join(run.target for run in runs) + " |",
              "|---|" + "---:|" * len(runs)]
    for label in labels:
        cells = []
        for run in runs:
            values = run.tally.latencies.get(label, [])
            errors = run.tally.errors_by_label.get(label, 0)
            cells.append(f"{_ms(statistics.median(values)) if values else '–'} / {_ms(_p(values, 0.99))}; "
                         f"{len(values) + errors:,}; {errors:,}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    if failed:
        lines += ["", "Questions that could not be recorded (left out of the load): " + "; ".join(failed)]
    return "\n".join(lines) + "\n"


def append_results(text: str, path: Path = RESULTS) -> None:
    """Add a run under this benchmark's heading, leaving other sections alone."""
    add_run(HEADING, text, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_load", description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=1000, help="synthetic articles in the store (default 1000)")
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients (default 50)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the load runs (default 30)")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "kg-bench-load",
                        help="where the corpus and store are kept between runs (default: $TMPDIR/kg-bench-load)")
    parser.add_argument("--compare", action="store_true", help="run the same load on Oxigraph without the guard too")
    parser.add_argument("--serve-option", action="append", default=[], metavar="OPTION",
                        help="an option for kg serve, e.g. --serve-option=--max-concurrent=8 (repeatable)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/RESULTS.md alone")
    args = parser.parse_args(argv)

    started = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    load_before = "/".join(f"{x:.1f}" for x in os.getloadavg())
    args.workdir.mkdir(parents=True, exist_ok=True)
    store_dir, triples = ensure_store(args.articles, args.workdir)
    client_timeout = 120.0
    runs: list[Run] = []
    requests: list[Request] = []
    failed: list[str] = []
    limits_line = ""
    for guarded in [True, False] if args.compare else [True]:
        served = Served(store_dir, guarded, args.serve_option)
        target = "kg serve (guard)" if guarded else "oxigraph (no guard)"
        try:
            if guarded:
                limits_line = next((line.strip() for line in served.said if line.strip().startswith("limits:")), "")
                requests, failed = record_requests(served.url)
                if not requests:
                    raise SystemExit("no request recorded: " + "; ".join(failed))
                print(f"recorded {len(requests)} distinct requests from the competency questions", flush=True)
            print(f"{target}: {args.clients} clients for {args.seconds:g} s on {served.url}", flush=True)
            cpu_before = served.cpu_seconds()
            tally, wall = run_load(served.url, requests, args.clients, args.seconds, client_timeout)
            cpu = {role: spent - cpu_before.get(role, 0.0) for role, spent in served.cpu_seconds().items()}
            runs.append(Run(target, tally, wall, served.peaks_kib(), served.peak_sum_kib, cpu))
        finally:
            served.stop()
    load = "/".join(f"{x:.1f}" for x in os.getloadavg())
    header = (f"Run {started}, {platform.machine()} Python {platform.python_version()}, {os.cpu_count()} cores "
              f"(load average {load_before} before, {load} after: other work shares the machine); "
              f"{args.articles:,} synthetic articles ({triples:,} triples); {args.clients} clients (http.client "
              f"threads on the same machine, kept-alive connections) for {args.seconds:g} s, cycling through the "
              f"{len(requests)} requests kg.answers sends for the competency questions; kg serve {limits_line}. "
              "Errors: any non-2xx answer or socket error.")
    text = tables(runs, requests, failed, header)
    publish(HEADING, text, write=not args.no_write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
