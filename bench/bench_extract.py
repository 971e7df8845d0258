"""Extraction throughput on a synthetic corpus: articles per second and peak memory.

Run from the repository root::

    python -m bench.bench_extract            # 400 articles, jobs 1 and 2
    python -m bench.bench_extract --n 1000 --jobs 1 2 4

Prints articles/s (wall clock) for each number of worker processes, articles per
CPU-second (the per-core rate, which other load on the machine does not hide),
the peak resident memory of this process and of its workers, and the F1 of the
extraction against the facts the generator planted (a sanity check: a change
that makes extraction fast by making it wrong shows up here).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time

from bench.synth import generate


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _peak_mb(who: int) -> float:
    peak = resource.getrusage(who).ru_maxrss  # KiB on Linux
    return peak / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=400, help="articles to generate (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="worker counts to time (default 1 2)")
    args = parser.parse_args(argv)

    from loaders.evaluate import evaluate
    from loaders.extract import extract, extract_many

    pairs = generate(args.n, args.seed)
    docs = [d for d, _ in pairs]
    gold = {d.id: f for d, f in pairs}
    words = sum(len(d.text.split()) for d in docs)
    print(f"synthetic corpus: {len(docs)} articles, {words / len(docs):.0f} words on average (seed {args.seed})")
    extract(docs[0])  # build the pipeline and compile the rules before timing

    predicted = {}
    for jobs in args.jobs:
        start, cpu0, kids0 = time.perf_counter(), time.process_time(), _children_cpu()
        predicted = extract_many(docs, jobs=jobs)
        took = time.perf_counter() - start
        cpu = time.process_time() - cpu0 + (_children_cpu() - kids0 if jobs > 1 else 0.0)
        rate = len(docs) / took
        print(f"jobs={jobs}: {rate:7.1f} articles/s wall ({words / took:,.0f} words/s, {took:.2f} s); "
              f"{len(docs) / cpu:7.1f} articles per CPU-second ({cpu:.2f} CPU s)")
    print(f"load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores "
          "(wall figures fall when other work shares the cores; per-CPU-second figures do not)")
    print(f"peak RSS: {_peak_mb(resource.RUSAGE_SELF):.0f} MB (this process), "
          f"{_peak_mb(resource.RUSAGE_CHILDREN):.0f} MB (largest worker)")
    scores = evaluate(predicted, gold)
    for kind in ("statements", "releases", "commitments"):
        t = scores[kind]
        print(f"sanity {kind}: precision {t.precision:.3f} recall {t.recall:.3f} f1 {t.f1:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
