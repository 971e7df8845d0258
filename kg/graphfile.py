"""Answering from an exported file instead of the store (``--graph FILE``).

TriG and N-Quads keep the named graphs, so answers are exactly the store's.
Turtle has no named graphs: each fact is placed back into the graph of every
document that evidences it (through its text spans), documents into their
own graphs and everything else into the actors graph, so the same queries
work; what Turtle cannot say (which document asserted which property of a
fact reported by several) is then shared among those documents.
"""

from __future__ import annotations

from pathlib import Path

from kg.errors import InputError
from kg.stores.oxigraph import OxigraphStore
from kg.terms import ACTORS_GRAPH, NKG

__all__ = ["open_graph_file"]

FORMATS = {".trig": "TRIG", ".nq": "N_QUADS", ".ttl": "TURTLE", ".nt": "N_TRIPLES"}

REGRAPH = f"""
PREFIX nkg: <{NKG}>
PREFIX time: <http://www.w3.org/2006/time#>
INSERT {{ GRAPH ?doc {{ ?doc ?p ?o }} }} WHERE {{ ?doc a nkg:NewsArticle ; ?p ?o }} ;
INSERT {{ GRAPH ?doc {{ ?x ?p ?o . ?span ?sp ?so }} }}
WHERE {{ ?x nkg:evidence ?span . ?span nkg:inDocument ?doc ; ?sp ?so . ?x ?p ?o }} ;
INSERT {{ GRAPH ?doc {{ ?i ?ip ?io . ?t ?tp ?to }} }}
WHERE {{ ?x nkg:evidence/nkg:inDocument ?doc ; time:hasTime ?i . ?i ?ip ?io .
        OPTIONAL {{ ?i time:hasBeginning|time:hasEnd ?t . ?t ?tp ?to }} }} ;
INSERT {{ GRAPH <{ACTORS_GRAPH}> {{ ?s ?p ?o }} }}
WHERE {{ ?s ?p ?o . FILTER NOT EXISTS {{ GRAPH ?g {{ ?s ?anyP ?anyO }} }} }} ;
CLEAR DEFAULT
"""


def open_graph_file(path: Path | str) -> OxigraphStore:
    """An in-memory store holding the file's graph, ready for the queries."""
    import pyoxigraph as ox

    path = Path(path)
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(f"{path}: expected a .trig, .nq, .ttl or .nt file")
    if not path.is_file():
        raise InputError(f"{path}: file not found")
    store = OxigraphStore(None)
    try:
        store._store.load(path=str(path), format=getattr(ox.RdfFormat, fmt))
    except (SyntaxError, ValueError) as exc:
        raise InputError(f"{path}: not valid {fmt.replace('_', '-').title()}: {exc}") from None
    if fmt in ("TURTLE", "N_TRIPLES"):
        store.update(REGRAPH)
    return store
