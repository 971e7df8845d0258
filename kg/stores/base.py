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
from typing import Any, Collection, Iterable, Iterator, Mapping

from kg.terms import Triple, iri, literal, typed

__all__ = ["Quad", "Row", "Store", "binding_term", "nquads", "python_value", "substitute", "update_text", "with_values"]

Row = dict[str, Any]
Quad = tuple[str, str, str, str]  # subject, predicate, object as N-Triples terms; the graph's IRI
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


def with_values(sparql: str, bindings: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """Turn bindings to several values (a list, tuple or set) into a ``VALUES``
    block at the start of the query's WHERE; hand back the single-valued rest.

    The engine then starts from those values and reaches the rest through its
    indexes, which is what makes a question about one speaker or one
    commitment cost the same in a small corpus and a large one.

    >>> with_values('SELECT ?x WHERE { ?x <p> ?y }', {"y": ["urn:a", "urn:b"], "z": 1})
    ('SELECT ?x WHERE { VALUES ?y { <urn:a> <urn:b> } ?x <p> ?y }', {'z': 1})
    """
    many = {k: v for k, v in bindings.items() if isinstance(v, (list, tuple, set, frozenset))}
    if not many:
        return sparql, dict(bindings)
    rest = {k: v for k, v in bindings.items() if k not in many}
    blocks = " ".join(
        f"VALUES ?{name} {{ {' '.join(sorted(binding_term(v) for v in values))} }}" for name, values in many.items()
    )
    at = _where_start(sparql) + 1
    return f"{sparql[:at]} {blocks}{sparql[at:]}", rest


def _where_start(sparql: str) -> int:
    """Offset of the first ``{`` outside strings, IRIs and comments."""
    for match in re.finditer(r'"(?:[^"\\\n]|\\.)*"|<[^<>\s]*>|#[^\n]*|\{', sparql):
        if match.group(0) == "{":
            return match.start()
    return 0


def update_text(
    graphs: Mapping[str, Iterable[Triple]],
    drop: Iterable[str] = (),
    delete: Iterable[Quad] = (),
    insert: Iterable[Quad] = (),
) -> str:
    """One SPARQL update that replaces ``graphs``, drops ``drop`` and patches quads.

    >>> print(update_text({"urn:g": [("<urn:s>", "<urn:p>", '"o"')]}, insert=[("<urn:s>", "<urn:p>", "<urn:o>", "urn:b")]))
    DROP SILENT GRAPH <urn:g> ;
    INSERT DATA {
    GRAPH <urn:b> {
    <urn:s> <urn:p> <urn:o> .
    }
    GRAPH <urn:g> {
    <urn:s> <urn:p> "o" .
    }
    }
    """
    parts = [f"DROP SILENT GRAPH {iri(g)}" for g in sorted(set(drop) | set(graphs))]
    removed = _grouped({}, delete)
    if removed:
        parts.append("DELETE DATA {\n" + removed + "\n}")
    added = _grouped(graphs, insert)
    if added:
        parts.append("INSERT DATA {\n" + added + "\n}")
    return " ;\n".join(parts)


def _grouped(graphs: Mapping[str, Iterable[Triple]], quads: Iterable[Quad]) -> str:
    by_graph: dict[str, list[Triple]] = {g: list(t) for g, t in graphs.items()}
    for s, p, o, g in quads:
        by_graph.setdefault(g, []).append((s, p, o))
    blocks = []
    for graph in sorted(by_graph):
        body = "\n".join(f"{s} {p} {o} ." for s, p, o in by_graph[graph])
        if body:
            blocks.append(f"GRAPH {iri(graph)} {{\n{body}\n}}")
    return "\n".join(blocks)


def nquads(graphs: Mapping[str, Iterable[Triple]]) -> str:
    """N-Quads text for named graphs of N-Triples terms.

    >>> nquads({"urn:g": [("<urn:s>", "<urn:p>", '"o"')]})
    '<urn:s> <urn:p> "o" <urn:g> .\\n'
    """
    return "".join(f"{s} {p} {o} <{g}> .\n" for g, triples in graphs.items() for s, p, o in triples)


class Store(ABC):
    """A quad store holding one named graph per document."""

    name: str = "store"
    location: str | None = None

    @abstractmethod
    def query(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> list[Row]:
        """Run a SELECT query; rows map variable names to Python values."""

    def rows(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> Iterator[Row]:
        """Run a SELECT query and yield its rows one by one. A backend that can
        stream them (Oxigraph) holds one row at a time, not the whole answer;
        the default yields from :meth:`query`."""
        yield from self.query(sparql, bindings)

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

    def replace_graphs(
        self,
        graphs: Mapping[str, Iterable[Triple]],
        drop: Iterable[str] = (),
        *,
        delete: Iterable[Quad] = (),
        insert: Iterable[Quad] = (),
        absent: Collection[str] = (),
    ) -> None:
        """Replace the named graphs given, drop others, and delete then insert
        single quads, in one transaction.

        ``absent`` names graphs of ``graphs`` the caller knows are not in the
        store yet (new documents). A backend may load those ahead of the
        transaction, in bulk and without one; the caller records them as done
        in ``insert``, so after a crash such a graph is unrecorded and gets
        replaced by the next call. The default writes everything in one
        SPARQL update::

            DROP SILENT GRAPH <g1> ; ... ; DELETE DATA { ... } ; INSERT DATA { ... }
        """
        text = update_text(graphs, drop, delete, insert)
        if text:
            self.update(text)

    def insert_derived(self, rule: str) -> None:
        """Apply a rule ``INSERT { GRAPH <g> { ... } } WHERE { ... }`` that only adds.

        The default runs it as one update; a backend may instead evaluate the
        ``WHERE`` part and load the new triples in bulk (not atomic: callers
        recompute the graph from scratch after a failure).
        """
        self.update(rule)

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
