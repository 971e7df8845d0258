"""Any SPARQL 1.1 server, over the SPARQL 1.1 Protocol (HTTP).

The spec is ``sparql:QUERY_URL``; the update endpoint is the query URL with
its last path segment (``query`` or ``sparql``) replaced by ``update``, or
``$KG_SPARQL_UPDATE`` when set. Works with Oxigraph server, Apache Jena
Fuseki (``http://host:3030/DATASET/query``), GraphDB, Virtuoso and Neptune.

Bindings are substituted as escaped RDF terms for the variables of the
query's ``WHERE`` part (the SEP-0007 semantics pyoxigraph implements), never
as raw text.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Mapping

from kg.errors import QueryError, StoreError
from kg.stores.base import Row, Store, python_value, substitute

__all__ = ["SparqlStore"]

class SparqlStore(Store):
    """A remote store reached through its SPARQL endpoints."""

    name = "sparql"

    def __init__(self, url: str, *, read_only: bool = False, timeout: float = 60.0) -> None:
        if not url.startswith(("http://", "https://")):
            raise StoreError(f"sparql store: expected an http(s) query endpoint URL, found {url!r}")
        self.location = url
        self.read_only = read_only
        self.timeout = timeout
        parsed = urllib.parse.urlsplit(url)
        head, _, last = parsed.path.rpartition("/")
        update_path = f"{head}/update" if last in ("query", "sparql") else f"{parsed.path.rstrip('/')}/update"
        self.update_url = os.environ.get("KG_SPARQL_UPDATE") or urllib.parse.urlunsplit(parsed._replace(path=update_path))

    def _post(self, url: str, body: str, content_type: str, accept: str | None = None) -> bytes:
        headers = {"Content-Type": f"{content_type}; charset=utf-8"}
        if accept:
            headers["Accept"] = accept
        request = urllib.request.Request(url, data=body.encode("utf-8"), headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310 - user-given endpoint
                return response.read()
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")[:500]
            raise QueryError(f"{url}: HTTP {exc.code}: {detail}") from None
        except (urllib.error.URLError, OSError) as exc:
            raise StoreError(f"{url}: cannot reach the SPARQL server: {exc}") from None

    def query(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> list[Row]:
        raw = self._post(self.location, substitute(sparql, bindings or {}), "application/sparql-query",
                         "application/sparql-results+json")
        data = json.loads(raw)
        names = data.get("head", {}).get("vars", [])
        rows = []
        for binding in data.get("results", {}).get("bindings", []):
            row: Row = {}
            for name in names:
                term = binding.get(name)
                if term is None:
                    row[name] = None
                elif term["type"] == "uri":
                    row[name] = term["value"]
                elif term["type"] in ("literal", "typed-literal"):
                    row[name] = python_value(term["value"], term.get("datatype"))
                else:
                    row[name] = term["value"]
            rows.append(row)
        return rows

    def ask(self, sparql: str) -> bool:
        raw = self._post(self.location, sparql, "application/sparql-query", "application/sparql-results+json")
        return bool(json.loads(raw).get("boolean"))

    def update(self, sparql: str) -> None:
        if self.read_only:
            raise StoreError(f"store {self.location} was opened read-only; updates are refused")
        self._post(self.update_url, sparql, "application/sparql-update")

    def graph_names(self) -> set[str]:
        rows = self.query("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }")
        return {r["g"] for r in rows if isinstance(r["g"], str)}

    def dump_nquads(self) -> str:
        raw = self._post(self.location, "SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } }",
                         "application/sparql-query", "application/sparql-results+json")
        lines = []
        for b in json.loads(raw)["results"]["bindings"]:
            lines.append(" ".join(_term(b[k]) for k in ("s", "p", "o", "g")) + " .")
        return "\n".join(sorted(lines)) + ("\n" if lines else "")


def _term(term: dict[str, str]) -> str:
    from kg.terms import iri, literal

    if term["type"] == "uri":
        return iri(term["value"])
    if term["type"] == "bnode":
        return f"_:{term['value']}"
    text = literal(term["value"], term.get("xml:lang"))
    if term.get("datatype") and not term.get("xml:lang"):
        text += f"^^<{term['datatype']}>"
    return text
