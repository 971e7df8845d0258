"""Stores by name: the same queries on rdflib memory, embedded Oxigraph or any
SPARQL 1.1 server.

A store spec names a backend and, after a colon, where it lives::

    memory                      rdflib's in-memory Dataset (tests, tiny graphs)
    oxigraph                    embedded Oxigraph on disk at ./.kg/store (the default)
    oxigraph:PATH               embedded Oxigraph on disk at PATH
    sparql:URL                  a SPARQL 1.1 server; URL is its query endpoint

Backends are imported only when used, so ``kg --help`` stays fast.

>>> parse_spec("oxigraph:/tmp/x")
('oxigraph', '/tmp/x')
"""

from __future__ import annotations

import importlib
import os

from kg.errors import StoreError
from kg.stores.base import Store

__all__ = ["BACKENDS", "DEFAULT_SPEC", "Store", "open_store", "parse_spec"]

DEFAULT_SPEC = "oxigraph"
DEFAULT_PATH = os.path.join(".kg", "store")
BACKENDS = {
    "memory": "kg.stores.memory:MemoryStore",
    "oxigraph": "kg.stores.oxigraph:OxigraphStore",
    "sparql": "kg.stores.sparql:SparqlStore",
}


def parse_spec(spec: str) -> tuple[str, str | None]:
    name, _, where = spec.partition(":")
    return name.strip().lower(), (where or None)


def open_store(spec: str | None = None, *, read_only: bool = False) -> Store:
    """Open the store a spec names (default: ``$KG_STORE`` or embedded Oxigraph)."""
    spec = spec or os.environ.get("KG_STORE") or DEFAULT_SPEC
    name, where = parse_spec(spec)
    if name not in BACKENDS:
        raise StoreError(f"unknown store {name!r} in {spec!r}; expected one of {', '.join(sorted(BACKENDS))} (e.g. 'oxigraph:PATH', 'sparql:URL')")
    module_name, _, class_name = BACKENDS[name].partition(":")
    backend = getattr(importlib.import_module(module_name), class_name)
    if name == "oxigraph" and where is None:
        where = DEFAULT_PATH
    if name == "sparql" and not where:
        raise StoreError("store 'sparql' needs the server's query endpoint: 'sparql:http://127.0.0.1:7878/query'")
    return backend(where, read_only=read_only)
