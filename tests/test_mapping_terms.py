"""The mapping writes only terms the ontology defines, and IRIs that are stable."""

from __future__ import annotations

import datetime as dt

import pytest
from rdflib import OWL, RDF, URIRef

from kg.mapping import document_triples
from kg.ontology import load_ontology_graph
from kg.terms import NKG
from loaders import facts as F
from loaders.gazetteer import load_gazetteer


def test_mapping_uses_only_ontology_terms(seed_store):
    ontology = load_ontology_graph()
    declared = {str(s) for s in ontology.subjects(RDF.type, None) if isinstance(s, URIRef)}
    rows = seed_store.query("SELECT DISTINCT ?t WHERE { GRAPH ?g { { ?s ?t ?o } UNION { ?s a ?t } } }")
    used = {r["t"] for r in rows if r["t"].startswith(NKG)}
    assert used, "the seed graph uses nkg terms"
    assert used - declared == set()


def _doc(text: str = "The rebels freed 12 hostages on Monday.") -> F.Document:
    return F.Document("d1", "d1.txt", dt.date(2021, 5, 4), "Wire", "T", text, "0" * 64)


@pytest.mark.parametrize("speaker, expected", [("unattributed", f"<{NKG}Unattributed>"), ("taliban", "<https://w3id.org/negotiation-kg/id/party/taliban>")])
def test_mapping_speaker_iri(speaker, expected):
    doc = _doc()
    ev = F.Evidence("d1", 4, 10, "rebels")
    facts = F.DocFacts("d1", statements=(F.Statement(speaker, "reported", "claim", "rebels", ev),))
    triples = document_triples(doc, facts, load_gazetteer()).triples
    assert any(p.endswith("ontology#speaker>") and o == expected for _, p, o in triples)


def test_mapping_is_deterministic_and_content_addressed():
    doc = _doc()
    ev = F.Evidence("d1", 17, 19, "12")
    facts = F.DocFacts("d1", releases=(F.Release("taliban", "government-of-afghanistan", 12, ev),))
    first = document_triples(doc, facts, load_gazetteer())
    second = document_triples(doc, facts, load_gazetteer())
    assert first == second
    assert first.triples == tuple(sorted(first.triples))
    assert any(s == "<https://w3id.org/negotiation-kg/id/release/d1/17-19>" for s, _, _ in first.triples)


def test_mapping_unknown_actor_is_a_clear_error():
    from kg.errors import FactFileError

    doc = _doc()
    facts = F.DocFacts("d1", releases=(F.Release("nobody-known", None, 12, F.Evidence("d1", 17, 19, "12")),))
    with pytest.raises(FactFileError, match="document 'd1'.*field 'releaser'.*'nobody-known'"):
        document_triples(doc, facts, load_gazetteer())
