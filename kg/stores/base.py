"""What every store does: named graphs in, SPARQL rows out.

Rows are plain Python values: IRIs as ``str``, typed literals as ``int``,
``float``, ``bool`` or ``datetime.date``, other literals as ``str``, unbound
variables as ``None``. Bindings passed to :meth:`Store.query` are Python
values too; strings that look like IRIs (``http…``/``https…``/``urn:…``) bind
as IRIs.
"""

from __future__ import annotations

import datetime as dt
import re
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Iterable, Mapping

from kg.terms import Triple, iri, literal, typed

__all__ = ["Row", "Store", "binding_term", "python_value", "substitute"]

Row = dict[str, Any]
XSD = "http://www.w3.org/2001/XMLSchema#"


def python_value(lexical: str, datatype: str | None) -> Any:
    """A literal's Python value from its lexical form and datatype IRI."""
    if datatype in (XSD + "integer", XSD + "nonNegativeInteger", XSD + "int", XSD + "long"):
        return int(lexical)
    if datatype in (XSD + "decimal", XSD + "double", XSD + "float"):
        return float(lexical)
    if datatype == XSD + "boolean":
        return lexical in ("true", "1")
    if datatype == XSD + "date":
        try:
            return dt.date.fromisoformat(lexical[:10])
        except ValueError:
            return lexical
    return lexical


def is_iri(value: str) -> bool:
    return value.startswith(("http://", "https://", "urn:"))


def binding_term(value: Any) -> str:
    """The N-Triples/SPARQL term for a Python binding value."""
    if isinstance(value, str) and is_iri(value):
        return iri(value)
    if isinstance(value, str):
        return literal(value)
    return typed(value)


_TOKENS = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*"""|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|<[^<>\s"{}|^`\\]*>|#[^\n]*|[?$](\w+)')


def substitute(sparql: str, bindings: Mapping[str, Any]) -> str:
    """Put escaped terms for the bound variables in the query's WHERE part.

    >>> substitute('SELECT ?x WHERE { ?x <p> ?asOf . FILTER(?x != "?asOf") }', {"asOf": 3})
    'SELECT ?x WHERE { ?x <p> "3"^^<http://www.w3.org/2001/XMLSchema#integer> . FILTER(?x != "?asOf") }'
    """
    if not bindings:
        return sparql
    head_end = _where_start(sparql)
    terms = {name: binding_term(value) for name, value in bindings.items() if value is not None}

    def swap(match: re.Match[str]) -> str:
        name = match.group(1)
        if name and name in terms and match.start() >= head_end:
            return terms[name]
        return match.group(0)

    return _TOKENS.sub(swap, sparql)


def _where_start(sparql: str) -> int:
    """Offset of the first ``{`` outside strings, IRIs and comments."""
    for match in re.finditer(r'"(?:[^"\\\n]|\\.)*"|<[^<>\s]*>|#[^\n]*|\{', sparql):
        if match.group(0) == "{":
            return match.start()
    return 0


class Store(ABC):
    """A quad store holding one named graph per document."""

    name: str = "store"
    location: str | None = None

    @abstractmethod
    def query(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> list[Row]:
        """Run a SELECT query; rows map variable names to Python values."""

    @abstractmethod
    def ask(self, sparql: str) -> bool:
        """Run an ASK query."""

    @abstractmethod
    def update(self, sparql: str) -> None:
        """Run a SPARQL 1.1 update as one transaction."""

    @abstractmethod
    def graph_names(self) -> set[str]:
        """The IRIs of the named graphs in the store."""

    @abstractmethod
    def dump_nquads(self) -> str:
        """Every quad of the store, as N-Quads text."""

    def replace_graphs(self, graphs: Mapping[str, Iterable[Triple]], drop: Iterable[str] = ()) -> None:
        """Replace the named graphs given, and drop others, in one transaction."""
        parts = [f"DROP SILENT GRAPH {iri(g)}" for g in sorted(set(drop) | set(graphs))]
        inserts = []
        for graph in sorted(graphs):
            body = "\n".join(f"{s} {p} {o} ." for s, p, o in graphs[graph])
            if body:
                inserts.append(f"GRAPH {iri(graph)} {{\n{body}\n}}")
        if inserts:
            parts.append("INSERT DATA {\n" + "\n".join(inserts) + "\n}")
        if parts:
            self.update(" ;\n".join(parts))

    def triple_count(self) -> int:
        rows = self.query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }")
        return int(rows[0]["n"]) if rows else 0

    def close(self) -> None:
        """Release the store (flush to disk, close connections)."""

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def describe(self) -> str:
        return f"{self.name}:{self.location}" if self.location else self.name


def ensure_parent(path: str) -> Path:
    p = Path(path)
    p.mkdir(parents=True, exist_ok=True)
    return p
