"""``bench/RESULTS.md``: each benchmark appends its runs under its own heading.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "RESULTS.md"
>>> add_run("## A", "run 1\\n", path); add_run("## B", "run 1\\n", path); add_run("## A", "run 2\\n", path)
>>> print(path.read_text())
# Benchmark results
<BLANKLINE>
## A
<BLANKLINE>
run 1
<BLANKLINE>
run 2
<BLANKLINE>
## B
<BLANKLINE>
run 1
<BLANKLINE>
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["RESULTS", "add_run", "publish"]

RESULTS = Path(__file__).parent / "RESULTS.md"


def add_run(heading: str, text: str, path: Path = RESULTS) -> None:
    """Add ``text`` at the end of the ``heading`` section (created if missing),
    leaving the other sections as they are."""
    old = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    if heading in old:
        head, _, rest = old.partition(heading)
        section, following, tail = rest.partition("\n## ")
        new = head + heading + section.rstrip("\n") + "\n\n" + text + ("\n## " + tail if following else "")
    else:
        new = old.rstrip("\n") + "\n\n" + heading + "\n\n" + text
    path.write_text(new, encoding="utf-8")


def publish(heading: str, text: str, write: bool = True, path: Path = RESULTS) -> None:
    """Print a run's tables and, unless told not to, keep them in ``path``."""
    print()
    print(text)
    if write:
        add_run(heading, text, path)
        print(f"appended to {path}")
