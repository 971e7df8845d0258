"""The fuzz properties at length: the same strategies and checks as the
``tests/test_fuzz_*.py`` tests, with many more examples.

    python -m bench.fuzz --cases 100000            # split evenly over the properties
    python -m bench.fuzz --cases 20000 --only extraction --seed 7

Prints, per property and in total, the cases run, the failures (with the
smallest failing example Hypothesis found) and the time taken; exits 1 if
anything failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("test_fuzz_loaders", "test_fuzz_extract", "test_fuzz_roundtrip")


def properties() -> dict[str, tuple[Any, Callable[[Any], None]]]:
    """Every property of the fuzz test modules, by name."""
    import importlib

    for folder in (ROOT, ROOT / "tests"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    found: dict[str, tuple[Any, Callable[[Any], None]]] = {}
    for name in MODULES:
        found.update(importlib.import_module(name).PROPERTIES)
    return found


def run_property(strategy: Any, check: Callable[[Any], None], cases: int, seed: int) -> tuple[int, str | None]:
    """Run one property for ``cases`` examples; return (checks run, failure or None)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as with_seed

    count = 0

    def counted(case: Any) -> None:
        nonlocal count
        count += 1
        check(case)

    test = with_seed(seed)(settings(max_examples=cases, deadline=None, database=None, derandomize=False,
                                    suppress_health_check=list(HealthCheck),
                                    phases=[Phase.generate, Phase.shrink])(given(strategy)(counted)))
    try:
        test()
    except Exception as exc:  # a falsified property: Hypothesis re-raises the smallest example's error
        notes = "\n".join(getattr(exc, "__notes__", []))
        return count, f"{type(exc).__name__}: {str(exc)[:500]}\n{notes[:2000]}"
    return count, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000, help="examples in total, split over the properties")
    parser.add_argument("--only", default="", help="run only the properties whose name contains this")
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis seed")
    args = parser.parse_args(argv)

    chosen = {name: p for name, p in properties().items() if args.only.lower() in name.lower()}
    if not chosen:
        parser.error(f"--only {args.only!r}: expected part of one of {', '.join(properties())}")
    each = max(1, args.cases // len(chosen))
    total_cases, total_failures, started = 0, 0, time.perf_counter()
    print(f"{'property':24} {'cases':>9} {'failures':>9} {'seconds':>9}", flush=True)
    for name, (strategy, check) in chosen.items():
        begun = time.perf_counter()
        count, failure = run_property(strategy, check, each, args.seed)
        seconds = time.perf_counter() - begun
        total_cases += count
        total_failures += failure is not None
        print(f"{name:24} {count:>9,} {int(failure is not None):>9} {seconds:>9.1f}", flush=True)
        if failure:
            print(f"  failure: {failure}", flush=True)
    print(f"{'total':24} {total_cases:>9,} {total_failures:>9} {time.perf_counter() - started:>9.1f}", flush=True)
    return 1 if total_failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
