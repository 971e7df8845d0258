"""SPARQL queries kept as ``.rq`` files, each with a header comment saying its
purpose, inputs and output columns.

>>> "commitments" in names()
True
>>> header("commitments").splitlines()[0]
'Commitments known as of a date (competency question 1).'
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from kg.errors import QueryError

__all__ = ["QUERY_DIR", "header", "load", "names"]

QUERY_DIR = Path(__file__).parent


def names() -> list[str]:
    """The names of the packaged queries (file names without ``.rq``)."""
    return sorted(p.stem for p in QUERY_DIR.glob("*.rq"))


@lru_cache(maxsize=64)
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def load(name_or_path: str | Path) -> str:
    """The text of a packaged query by name, or of any ``.rq`` file by path."""
    path = Path(name_or_path)
    if path.suffix == ".rq" and path.exists():
        return _read(path.resolve())
    packaged = QUERY_DIR / f"{Path(str(name_or_path)).stem}.rq"
    if packaged.exists():
        return _read(packaged)
    raise QueryError(f"no query {str(name_or_path)!r}: expected a .rq file path or one of {', '.join(names())}")


def header(name: str) -> str:
    """The leading comment of a query, without the ``#`` marks."""
    lines = []
    for line in load(name).splitlines():
        if not line.startswith("#"):
            break
        lines.append(line[1:].strip())
    return "\n".join(lines)
