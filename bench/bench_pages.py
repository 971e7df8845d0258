"""Pages of every listing question on a store already built (by ``kg build`` or ``python -m bench``).

Run from the repository root, on the store of the long scale run for example::

    python -m bench.bench_pages --store oxigraph:/tmp/kgb/oxigraph-100000/store

Times (median of ``--runs``) the questions an analyst pages through: the first
page of every statement, a page from the middle of the corpus, a page as of an
earlier day, the first and a later page of one party's and one speaker's
statements, and pages of the commitments (with their evidence, now and as of
an earlier day, and as a table as of that day), one commitment as of that day
and its timeline, the predictions, the releases (all, and one releaser's) and the sourcing of every
fact (all, and the weak facts); then, for comparison, the whole of the party's
statements and every commitment as of the earlier day. Prints one line per question: milliseconds and rows.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable

from kg import answers
from kg.stores import open_store

SPEAKER = "Mujahid"
PARTY = "Taliban"


def median_ms(fn: Callable[[], list[Any]], runs: int) -> tuple[float, int]:
    times, rows = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        rows = len(fn())
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", required=True, help="a built store, e.g. oxigraph:PATH")
    parser.add_argument("--size", type=int, default=100, help="rows per page (default 100)")
    parser.add_argument("--runs", type=int, default=5, help="runs per question (median; default 5)")
    args = parser.parse_args(argv)
    store = open_store(args.store, read_only=True)
    try:
        days = answers.publication_days(store)
        if not days:
            parser.error(f"{args.store}: the store holds no documents")
        kept = answers.kept(store, "DerivedView", "publication-days") is not None
        middle_day = days[len(days) // 2]
        middle = answers.statements(store, as_of=middle_day, limit=args.size)
        after = middle[-1]["id"] if middle else None
        party_pages = answers.statements(store, party=PARTY, limit=10 * args.size)
        party_after = party_pages[-1]["id"] if party_pages else None
        size = args.size
        known = answers.commitments(store, middle_day, limit=1, evidence=False)
        one = known[0]["id"] if known else "none"
        questions: dict[str, Callable[[], list[Any]]] = {
            "publication days": lambda: answers.publication_days(store),
            f"statements --limit {size}": lambda: answers.statements(store, limit=size),
            f"statements --limit {size} --after <a statement mid-corpus>": lambda: answers.statements(
                store, limit=size, after=after),
            f"statements --limit {size} --as-of {middle_day}": lambda: answers.statements(
                store, limit=size, as_of=middle_day),
            f"statements --speaker {SPEAKER} --limit {size}": lambda: answers.statements(
                store, speaker=SPEAKER, limit=size),
            f"statements --party {PARTY} --limit {size}": lambda: answers.statements(store, party=PARTY, limit=size),
            f"statements --party {PARTY} --limit {size} --after <its 10th page>": lambda: answers.statements(
                store, party=PARTY, limit=size, after=party_after),
            f"commitments --format json --limit {size}": lambda: answers.commitments(store, limit=size),
            f"commitments --format json --limit {size} --offset 800": lambda: answers.commitments(
                store, limit=size, offset=800),
            f"commitments --format json --limit {size} --as-of {middle_day}": lambda: answers.commitments(
                store, middle_day, limit=size),
            f"commitments --table --limit {size} --as-of {middle_day}": lambda: answers.commitments(
                store, middle_day, limit=size, evidence=False),
            f"explain <one commitment> --as-of {middle_day}": lambda: [answers.find_commitment(
                store, one, middle_day)],
            "timeline <one commitment>": lambda: answers.timeline(store, one),
            f"predictions --limit {size} --offset 20000": lambda: answers.predictions(store, limit=size, offset=20000),
            f"releases --limit {size} --offset 50000": lambda: answers.releases(store, limit=size, offset=50000),
            f"releases --releaser {PARTY} --limit {size}": lambda: answers.releases(store, releaser=PARTY, limit=size),
            f"sources --limit {size} --offset 300000": lambda: answers.corroboration(store, limit=size, offset=300000),
            f"sources --weak --limit {size}": lambda: answers.corroboration(store, weak=True, limit=size),
            f"statements --party {PARTY} (all)": lambda: answers.statements(store, party=PARTY),
            f"commitments --format json --as-of {middle_day} (all)": lambda: answers.commitments(store, middle_day),
        }
        print(f"{args.store}: {len(days)} publication days ({'kept by the build' if kept else 'read from the documents'})")
        for name, fn in questions.items():
            ms, rows = median_ms(fn, args.runs)
            print(f"  {name:<66} {ms:9.1f} ms  {rows:>7} rows")
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
