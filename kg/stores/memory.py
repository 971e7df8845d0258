"""rdflib's in-memory Dataset: no set-up, fine for tiny graphs and tests."""

from __future__ import annotations

from typing import Any, Mapping

from kg.errors import QueryError
from kg.stores.base import Row, Store, is_iri, python_value

__all__ = ["MemoryStore"]


def _to_rdflib(value: Any):
    from rdflib import Literal, URIRef

    if isinstance(value, str) and is_iri(value):
        return URIRef(value)
    return Literal(value)


def _from_rdflib(term: Any) -> Any:
    from rdflib import Literal, URIRef

    if term is None:
        return None
    if isinstance(term, URIRef):
        return str(term)
    if isinstance(term, Literal):
        return python_value(str(term), str(term.datatype) if term.datatype else None)
    return str(term)


class MemoryStore(Store):
    """A store that lives as long as the process."""

    name = "memory"

    def __init__(self, where: str | None = None, *, read_only: bool = False) -> None:
        from rdflib import Dataset

        self.location = None
        self.dataset = Dataset()

    def query(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> list[Row]:
        init = {k: _to_rdflib(v) for k, v in (bindings or {}).items() if v is not None}
        try:
            result = self.dataset.query(sparql, initBindings=init)
        except Exception as exc:  # rdflib raises pyparsing and plain exceptions
            raise QueryError(f"SPARQL query failed: {exc}") from None
        names = [str(v) for v in result.vars]
        return [{name: _from_rdflib(row[name]) for name in names} for row in result]

    def ask(self, sparql: str) -> bool:
        return bool(self.dataset.query(sparql).askAnswer)

    def update(self, sparql: str) -> None:
        try:
            self.dataset.update(sparql)
        except Exception as exc:
            raise QueryError(f"SPARQL update failed: {exc}") from None

    def graph_names(self) -> set[str]:
        from rdflib import URIRef

        return {str(g.identifier) for g in self.dataset.graphs() if isinstance(g.identifier, URIRef)
                and str(g.identifier) != "urn:x-rdflib:default" and len(g)}

    def dump_nquads(self) -> str:
        return self.dataset.serialize(format="nquads")

    def load_nquads(self, data: str) -> None:
        self.dataset.parse(data=data, format="nquads")
