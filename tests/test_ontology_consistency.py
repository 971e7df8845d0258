"""HermiT (through owlready2) finds the ontology consistent, and contradictions not."""

from __future__ import annotations

import shutil

import pytest
from rdflib import Graph

from kg.errors import OntologyError
from kg.ontology import check_consistency

pytestmark = [
    pytest.mark.reasoner,
    pytest.mark.skipif(shutil.which("java") is None, reason="HermiT needs Java and `java` is not on PATH"),
]

PREFIXES = """\
@base <https://w3id.org/negotiation-kg/id/> .
@prefix nkg: <https://w3id.org/negotiation-kg/ontology#> .
@prefix org: <http://www.w3.org/ns/org#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""


def data(turtle: str) -> Graph:
    return Graph().parse(data=PREFIXES + turtle, format="turtle")


@pytest.mark.parametrize("alignments", [False, True])
def test_ontology_consistency_of_the_ontology(alignments: bool) -> None:
    check_consistency(alignments=alignments)


@pytest.mark.parametrize(
    "turtle",
    [
        """<party/movement> a nkg:ArmedMovement .
           <post/movement/spokesman> a nkg:Post ; org:postIn <party/movement> .
           <statement/d1/0-10> a nkg:DirectQuote, nkg:Prediction ;
               nkg:inCapacityOf <post/movement/spokesman> ;
               nkg:words "It will happen tomorrow" ;
               nkg:saidOn "2020-04-12"^^xsd:date ;
               nkg:confidence 0.75 .""",
        """<release/d1/0-10> a nkg:RunningTotal ; nkg:releasedCount 300 .
           <commitment/c> a nkg:Commitment ; nkg:targetCount 5000 ; nkg:reciprocalTo <commitment/d> .""",
    ],
)
def test_ontology_consistency_of_sound_data(turtle: str) -> None:
    check_consistency(data(turtle), alignments=False)


@pytest.mark.parametrize(
    "turtle",
    [
        "<statement/d1/0-10> a nkg:DirectQuote, nkg:ReportedSpeech .",
        "<release/d1/0-10> a nkg:ReleaseBatch, nkg:RunningTotal .",
        "<party/x> a nkg:Government, nkg:ArmedMovement .",
        "<post/x/official> a nkg:AnonymousSource ; org:heldBy <person/y> .",
        "<release/d1/0-10> a nkg:ReleaseEvent ; nkg:releasedCount -5 .",
        "<commitment/c> a nkg:Commitment ; nkg:confidence 1.5 .",
    ],
)
def test_ontology_consistency_rejects_contradictions(turtle: str) -> None:
    with pytest.raises(OntologyError, match="inconsistent"):
        check_consistency(data(turtle), alignments=False)
