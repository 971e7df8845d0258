"""SHACL validation: good data conforms; each defect is reported under its shape's name."""

from __future__ import annotations

import pytest
from rdflib import Dataset, Graph, URIRef

from kg.ontology import ValidationReport, validate
from kg.vocab import ACTORS_GRAPH, ID

PREFIXES = """\
@base <https://w3id.org/negotiation-kg/id/> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix nkg: <https://w3id.org/negotiation-kg/ontology#> .
@prefix oa: <http://www.w3.org/ns/oa#> .
@prefix org: <http://www.w3.org/ns/org#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
"""

ACTORS = """\
<party/government> a nkg:Government ; rdfs:label "Government of Examplestan" .
<party/movement> a nkg:ArmedMovement ; rdfs:label "Example Front" .
<person/speaker> a nkg:Person ; rdfs:label "Ada Example" .
<post/movement/spokesman/speaker>
    a nkg:Post ;
    rdfs:label "spokesman" ;
    org:postIn <party/movement> ;
    org:heldBy <person/speaker> ;
    nkg:heldFrom "2019-01-01"^^xsd:date ;
    nkg:heldUntil "2021-06-30"^^xsd:date .
<post/government/senior-official>
    a nkg:AnonymousSource ;
    rdfs:label "senior official" ;
    org:postIn <party/government> .
"""

DOCUMENT = """\
<document/d1>
    a nkg:NewsArticle ;
    dcterms:title "Prisoners freed as talks resume" ;
    dcterms:issued "2020-04-13"^^xsd:date ;
    nkg:publisherName "Example Wire" ;
    nkg:sha256 "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" .
<span/d1/0-60>
    a nkg:TextSpan ;
    oa:start 0 ;
    oa:end 60 ;
    oa:exact "The government will free up to 500 prisoners by 10 March." ;
    nkg:inDocument <document/d1> .
<span/d1/61-120>
    a nkg:TextSpan ;
    oa:start 61 ;
    oa:end 120 ;
    oa:exact "\\"The release will happen tomorrow,\\" the spokesman said." ;
    nkg:inDocument <document/d1> .
<agreement/deal>
    a nkg:Agreement ;
    rdfs:label "Example deal" ;
    nkg:agreedOn "2020-02-29"^^xsd:date ;
    nkg:signatory <party/movement>, <person/speaker> ;
    nkg:placeName "Doha" .
<commitment/government-release>
    a nkg:Commitment ;
    nkg:obligor <party/government> ;
    nkg:counterparty <party/movement> ;
    nkg:action nkg:ReleaseAction ;
    nkg:objectDescription "prisoners" ;
    nkg:targetCount "500"^^xsd:nonNegativeInteger ;
    nkg:isUpperBound true ;
    nkg:deadline "2020-03-10"^^xsd:date ;
    nkg:underAgreement <agreement/deal> ;
    nkg:evidence <span/d1/0-60> ;
    nkg:confidence 0.9 .
<release/d1/0-60>
    a nkg:ReleaseBatch ;
    nkg:releaser <party/government> ;
    nkg:peopleOf <party/movement> ;
    nkg:releasedCount 100 ;
    nkg:countQualifier nkg:ExactCount ;
    nkg:evidence <span/d1/0-60> .
<statement/d1/61-120>
    a nkg:DirectQuote, nkg:Prediction ;
    nkg:speaker <person/speaker> ;
    nkg:inCapacityOf <post/movement/spokesman/speaker> ;
    nkg:words "The release will happen tomorrow," ;
    nkg:saidOn "2020-04-12"^^xsd:date ;
    nkg:evidence <span/d1/61-120> .
<statement/d1/0-60>
    a nkg:ReportedSpeech, nkg:Announcement ;
    nkg:speaker <post/government/senior-official> ;
    nkg:words "the government will free up to 500 prisoners" ;
    nkg:channel "AFP" ;
    nkg:evidence <span/d1/0-60> .
"""


def dataset(document: str = DOCUMENT, actors: str = ACTORS) -> Dataset:
    """Actors in the actors graph, the rest in the document's graph."""
    data = Dataset()
    data.graph(ACTORS_GRAPH).parse(data=PREFIXES + actors, format="turtle")
    data.graph(ID["document/d1"]).parse(data=PREFIXES + document, format="turtle")
    return data


def without(text: str, line: str) -> str:
    assert line in text, line
    return text.replace(line, "")


def shapes_in(lines: list[str]) -> set[str]:
    return {line.split(" ", 1)[0] for line in lines}


def test_shapes_good_data_conforms() -> None:
    report = validate(dataset())
    assert isinstance(report, ValidationReport)
    assert report.violations == []
    assert report.warnings == []
    assert report.conforms


def test_shapes_validate_accepts_a_plain_graph() -> None:
    graph = Graph().parse(data=PREFIXES + ACTORS + DOCUMENT, format="turtle")
    assert validate(graph).conforms


@pytest.mark.parametrize(
    ("document", "shape"),
    [
        (without(DOCUMENT, "nkg:obligor <party/government> ;"), "nkg:Commitment_Property_obligor"),
        (without(DOCUMENT, "nkg:speaker <person/speaker> ;"), "nkg:Statement_Property_speaker"),
        (without(DOCUMENT, "nkg:action nkg:ReleaseAction ;"), "nkg:Commitment_Property_action"),
        (without(DOCUMENT, "nkg:releaser <party/government> ;"), "nkg:ReleaseEvent_Property_releaser"),
        (
            DOCUMENT.replace("nkg:releasedCount 100", "nkg:releasedCount -3"),
            "nkg:ReleaseEvent_Property_releasedCount",
        ),
        (DOCUMENT.replace("a nkg:DirectQuote, nkg:Prediction", "a nkg:Prediction"), "nkg:Statement_Shape"),
        (
            DOCUMENT.replace("nkg:ReportedSpeech, nkg:Announcement", "nkg:ReportedSpeech, nkg:DirectQuote"),
            "nkg:Statement_Shape",
        ),
        (
            DOCUMENT.replace('"The release will happen tomorrow," ;', '"a" ; nkg:words "b" ;'),
            "nkg:Statement_Property_words",
        ),
        (DOCUMENT.replace("oa:start 61", "oa:start 130"), "nkg:TextSpan_Property_start"),
        (DOCUMENT.replace(";\n    nkg:inDocument <document/d1> .", " ."), "nkg:TextSpan_Property_inDocument"),
        (
            DOCUMENT.replace(
                '"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"', '"9F86D0"'
            ),
            "nkg:NewsArticle_Property_sha256",
        ),
        (DOCUMENT.replace('"2020-04-13"^^xsd:date', '"13 April 2020"'), "nkg:NewsArticle_Property_issued"),
        (
            DOCUMENT.replace("nkg:obligor <party/government>", "nkg:obligor <person/speaker>"),
            "nkg:Commitment_Property_obligor",
        ),
    ],
)
def test_shapes_report_a_violation_by_shape_name(document: str, shape: str) -> None:
    report = validate(dataset(document=document))
    assert not report.conforms
    assert shape in shapes_in(report.violations)


@pytest.mark.parametrize(
    ("actors", "shape"),
    [
        (
            ACTORS.replace(
                "org:postIn <party/government> .",
                "org:postIn <party/government> ; org:heldBy <person/speaker> .",
            ),
            "nkg:AnonymousSource_Property_heldBy",
        ),
        (without(ACTORS, "org:postIn <party/movement> ;"), "nkg:Post_Property_postIn"),
        (ACTORS.replace('"2021-06-30"', '"2018-06-30"'), "nkg:Post_Property_heldFrom"),
    ],
)
def test_shapes_report_actor_violations(actors: str, shape: str) -> None:
    report = validate(dataset(actors=actors))
    assert shape in shapes_in(report.violations)


@pytest.mark.parametrize(
    ("line", "shape"),
    [
        ('nkg:targetCount "500"^^xsd:nonNegativeInteger ;', "nkg:Commitment_Property_targetCount_expected"),
        ("nkg:underAgreement <agreement/deal> ;", "nkg:Commitment_Property_underAgreement_expected"),
    ],
)
def test_shapes_report_a_warning_without_failing(line: str, shape: str) -> None:
    report = validate(dataset(document=without(DOCUMENT, line)))
    assert report.conforms
    assert report.violations == []
    assert shapes_in(report.warnings) == {shape}


@pytest.mark.parametrize("focus", [ID["commitment/government-release"]])
def test_shapes_report_line_names_focus_and_message(focus: URIRef) -> None:
    report = validate(dataset(document=without(DOCUMENT, "nkg:obligor <party/government> ;")))
    line = next(v for v in report.violations if v.startswith("nkg:Commitment_Property_obligor"))
    assert f"<{focus}>" in line
    assert "exactly one obligor" in line
