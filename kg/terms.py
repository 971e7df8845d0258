"""RDF terms written directly as N-Triples text, and the project's IRIs.

The mapping emits triples as N-Triples terms (strings) so that any store can
take them in bulk — Oxigraph's loader, rdflib's parser, a SPARQL ``INSERT
DATA`` or the Graph Store Protocol — without a per-triple object layer.

>>> iri(ID + "party/taliban")
'<https://w3id.org/negotiation-kg/id/party/taliban>'
>>> literal('say "hi"\\n')
'"say \\\\"hi\\\\"\\\\n"'
>>> typed(3)
'"3"^^<http://www.w3.org/2001/XMLSchema#integer>'
"""

from __future__ import annotations

import datetime as dt
import re
from urllib.parse import quote

__all__ = [
    "ACTORS_GRAPH",
    "BASE",
    "DERIVED_GRAPH",
    "GRAPH",
    "ID",
    "NKG",
    "NS",
    "Triple",
    "entity",
    "iri",
    "literal",
    "typed",
]

BASE = "https://w3id.org/negotiation-kg/"
NKG = BASE + "ontology#"
ID = BASE + "id/"
GRAPH = BASE + "graph/"
ACTORS_GRAPH = GRAPH + "actors"
DERIVED_GRAPH = GRAPH + "derived"

NS = {
    "nkg": NKG,
    "id": ID,
    "prov": "http://www.w3.org/ns/prov#",
    "org": "http://www.w3.org/ns/org#",
    "time": "http://www.w3.org/2006/time#",
    "oa": "http://www.w3.org/ns/oa#",
    "dcterms": "http://purl.org/dc/terms/",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "foaf": "http://xmlns.com/foaf/0.1/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
}
XSD = NS["xsd"]

Triple = tuple[str, str, str]

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_NEEDS_ESCAPE = re.compile(r'[\\"\n\r\t\b\f\x00-\x1f\x7f]')


def _escape_char(match: re.Match[str]) -> str:
    char = match.group(0)
    return _ESCAPES.get(char) or f"\\u{ord(char):04X}"


def iri(value: str) -> str:
    """An IRI term; the caller passes a full IRI built from safe parts."""
    return f"<{value}>"


def q(curie: str) -> str:
    """An IRI term from a compact name such as ``nkg:Party``."""
    prefix, _, local = curie.partition(":")
    return f"<{NS[prefix]}{local}>"


def literal(value: str, lang: str | None = None) -> str:
    """A plain string literal, escaped for N-Triples and SPARQL."""
    body = _NEEDS_ESCAPE.sub(_escape_char, value)
    return f'"{body}"@{lang}' if lang else f'"{body}"'


def typed(value: object) -> str:
    """A typed literal for an int, bool, float, date or str."""
    if isinstance(value, bool):
        return f'"{str(value).lower()}"^^<{XSD}boolean>'
    if isinstance(value, int):
        return f'"{value}"^^<{XSD}integer>'
    if isinstance(value, float):
        return f'"{value:.3f}"^^<{XSD}decimal>'
    if isinstance(value, dt.date):
        return f'"{value.isoformat()}"^^<{XSD}date>'
    return literal(str(value))


def entity(kind: str, *parts: str | int) -> str:
    """The IRI of an instance: ``entity("party", "taliban")``.

    Parts are percent-encoded, keeping ``/`` so that path-like identifiers
    (``agreement/taliban+united-states/2020-02-29``) stay readable.
    """
    path = "/".join(quote(str(p), safe="/+-._~@") for p in parts)
    return f"<{ID}{kind}/{path}>"


def unwrap(term: str) -> str:
    """The IRI inside ``<...>``."""
    return term[1:-1]
