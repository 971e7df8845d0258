"""Any SPARQL 1.1 server, over the SPARQL 1.1 Protocol (HTTP).

The spec is ``sparql:QUERY_URL``; the update endpoint is the query URL with
its last path segment (``query`` or ``sparql``) replaced by ``update``, or
``$KG_SPARQL_UPDATE`` when set. Works with Oxigraph server, Apache Jena
Fuseki (``http://host:3030/DATASET/query``), GraphDB, Virtuoso and Neptune.

Writes are SPARQL updates, one request per batch of documents
(``DROP SILENT GRAPH`` then ``INSERT DATA``), which every such server applies
as one transaction. New graphs may instead be POSTed as N-Quads to a Graph
Store Protocol endpoint: ``$KG_SPARQL_STORE`` when set, and the ``/store``
endpoint of an Oxigraph server (recognised by its ``Server`` header), where
they go through the bulk loader (``?no_transaction``, about five times
faster).

Bindings are substituted as escaped RDF terms for the variables of the
query's ``WHERE`` part (the SEP-0007 semantics pyoxigraph implements), never
as raw text.
"""

from __future__ import annotations

import os
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Collection, Iterable, Mapping

from kg.errors import QueryError, StoreError
from kg.jsontext import loads
from kg.stores.base import Quad, Row, Store, nquads, python_value, substitute, update_text, with_values
from kg.terms import Triple

__all__ = ["SparqlStore"]

RESULTS_JSON = "application/sparql-results+json"


class SparqlStore(Store):
    """A remote store reached through its SPARQL endpoints."""

    name = "sparql"

    def __init__(self, url: str, *, read_only: bool = False, timeout: float = 300.0) -> None:
        if not url.startswith(("http://", "https://")):
            raise StoreError(f"sparql store: expected an http(s) query endpoint URL, found {url!r}")
        self.location = url
        self.read_only = read_only
        self.timeout = timeout
        self.server: str | None = None  # the Server header of the last response
        self.update_url = os.environ.get("KG_SPARQL_UPDATE") or _sibling(url, "update")
        self.store_url = os.environ.get("KG_SPARQL_STORE") or None

    def _request(self, url: str, body: bytes | None, headers: dict[str, str], method: str = "POST") -> bytes:
        request = urllib.request.Request(url, data=body, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310 - user-given endpoint
                self.server = response.headers.get("Server") or self.server
                return response.read()
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")[:500]
            raise QueryError(f"{url}: HTTP {exc.code}: {detail}") from None
        except (urllib.error.URLError, OSError) as exc:
            raise StoreError(f"{url}: cannot reach the SPARQL server: {exc}") from None

    def _post(self, url: str, body: str, content_type: str, accept: str | None = None) -> bytes:
        headers = {"Content-Type": f"{content_type}; charset=utf-8"}
        if accept:
            headers["Accept"] = accept
        return self._request(url, body.encode("utf-8"), headers)

    def query(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> list[Row]:
        sparql, bindings = with_values(sparql, bindings or {})
        raw = self._post(self.location, substitute(sparql, bindings), "application/sparql-query", RESULTS_JSON)
        data = loads(raw)
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
        raw = self._post(self.location, sparql, "application/sparql-query", RESULTS_JSON)
        return bool(loads(raw).get("boolean"))

    def update(self, sparql: str) -> None:
        self._writable()
        self._post(self.update_url, sparql, "application/sparql-update")

    def _writable(self) -> None:
        if self.read_only:
            raise StoreError(f"store {self.location} was opened read-only; updates are refused")

    def _bulk_url(self) -> str | None:
        """Where new graphs can be POSTed as N-Quads, if anywhere."""
        if self.store_url:
            return self.store_url
        if self.server is None:
            self.ask("ASK {}")
        if (self.server or "").lower().startswith("oxigraph"):
            return _sibling(self.location, "store") + "?no_transaction"
        return None

    def replace_graphs(
        self,
        graphs: Mapping[str, Iterable[Triple]],
        drop: Iterable[str] = (),
        *,
        delete: Iterable[Quad] = (),
        insert: Iterable[Quad] = (),
        absent: Collection[str] = (),
    ) -> None:
        """As :meth:`Store.replace_graphs`: new graphs by Graph Store POST when
        the server offers it, the rest in one update request."""
        self._writable()
        fresh = {g: graphs[g] for g in graphs if g in absent}
        bulk = self._bulk_url() if fresh else None
        if bulk:
            self._request(bulk, nquads(fresh).encode("utf-8"), {"Content-Type": "application/n-quads"})
            graphs = {g: t for g, t in graphs.items() if g not in fresh}
        text = update_text(graphs, drop, delete, insert)
        if text:
            self.update(text)

    def graph_names(self) -> set[str]:
        rows = self.query("SELECT DISTINCT ?g WHERE { GRAPH ?g { } }")
        return {r["g"] for r in rows if isinstance(r["g"], str)}

    def dump_nquads(self) -> str:
        bulk = self._bulk_url()
        if bulk and not self.store_url:
            raw = self._request(bulk.split("?", 1)[0], None, {"Accept": "application/n-quads"}, method="GET")
            lines = [line for line in raw.decode("utf-8").split("\n") if line.strip()]
            return "\n".join(sorted(lines)) + ("\n" if lines else "")
        raw = self._post(self.location, "SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } }",
                         "application/sparql-query", RESULTS_JSON)
        lines = []
        for b in loads(raw)["results"]["bindings"]:
            lines.append(" ".join(_term(b[k]) for k in ("s", "p", "o", "g")) + " .")
        return "\n".join(sorted(lines)) + ("\n" if lines else "")


def _sibling(url: str, name: str) -> str:
    """The endpoint next to a query endpoint.

    >>> _sibling("http://127.0.0.1:7878/query", "update")
    'http://127.0.0.1:7878/update'
    >>> _sibling("http://host:3030/ds/sparql", "update")
    'http://host:3030/ds/update'
    >>> _sibling("http://host:7200/repositories/kg", "update")
    'http://host:7200/repositories/kg/update'
    """
    parsed = urllib.parse.urlsplit(url)
    head, _, last = parsed.path.rpartition("/")
    path = f"{head}/{name}" if last in ("query", "sparql") else f"{parsed.path.rstrip('/')}/{name}"
    return urllib.parse.urlunsplit(parsed._replace(path=path, query=""))


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
