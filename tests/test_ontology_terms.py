"""The ontology files: every term documented, every reference defined, all parseable."""

from __future__ import annotations

import re

import pyoxigraph
import pytest
from rdflib import OWL, RDF, RDFS, Graph, Literal, URIRef
from rdflib.namespace import SH, SKOS

from kg.ontology import check_queries, load_ontology_graph, ontology_path, shapes_graph
from kg.vocab import NKG, ONTOLOGY_IRI, VERSION_IRI

NKG_NS = str(NKG)
TTL_FILES = ["nkg.ttl", "alignments.ttl", "shapes.ttl"]


@pytest.fixture(scope="module")
def ontology() -> Graph:
    return load_ontology_graph()


def own_terms(graph: Graph) -> list[URIRef]:
    return sorted({s for s in graph.subjects() if isinstance(s, URIRef) and s.startswith(NKG_NS)})


def english(graph: Graph, term: URIRef, predicate: URIRef) -> list[str]:
    return [str(v) for v in graph.objects(term, predicate) if isinstance(v, Literal) and v.language == "en"]


@pytest.mark.parametrize("name", TTL_FILES)
def test_ontology_files_parse_in_rdflib_and_pyoxigraph(name: str) -> None:
    path = ontology_path(name)
    rdflib_count = len(Graph().parse(path, format="turtle"))
    store = pyoxigraph.Store()
    store.load(path=str(path), format=pyoxigraph.RdfFormat.TURTLE)
    assert rdflib_count > 0
    assert len(store) == rdflib_count


@pytest.mark.parametrize("predicate", [RDFS.label, SKOS.definition])
def test_ontology_every_term_has_one_english_text(ontology: Graph, predicate: URIRef) -> None:
    missing = [t for t in own_terms(ontology) if len(english(ontology, t, predicate)) != 1]
    assert missing == []


@pytest.mark.parametrize("predicate", [SKOS.definition])
def test_ontology_definitions_read_an_a_that_b(ontology: Graph, predicate: URIRef) -> None:
    shape = re.compile(r"^An? [a-z][\w -]* (that|who|whom|whose|which|in which) .+\.$")
    odd = {t: d for t in own_terms(ontology) for d in english(ontology, t, predicate) if not shape.match(d)}
    assert odd == {}


@pytest.mark.parametrize("defined_by", [ONTOLOGY_IRI])
def test_ontology_every_term_is_defined_by_the_ontology(ontology: Graph, defined_by: URIRef) -> None:
    wrong = [t for t in own_terms(ontology) if set(ontology.objects(t, RDFS.isDefinedBy)) != {defined_by}]
    assert own_terms(ontology)
    assert wrong == []


@pytest.mark.parametrize(
    "reused_kind", [OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty, OWL.AnnotationProperty]
)
def test_ontology_reused_terms_are_declared_with_their_vocabulary(
    ontology: Graph, reused_kind: URIRef
) -> None:
    reused = [
        t
        for t in ontology.subjects(RDF.type, reused_kind)
        if isinstance(t, URIRef) and not t.startswith(NKG_NS)
    ]
    assert reused
    undocumented = [t for t in reused if ontology.value(t, RDFS.isDefinedBy) is None]
    assert undocumented == []
    # Declared only: no label or definition of our own on somebody else's term.
    assert [t for t in reused if (t, RDFS.label, None) in ontology] == []


@pytest.mark.parametrize(
    ("predicate", "expected"),
    [
        (OWL.versionIRI, VERSION_IRI),
        (URIRef("http://purl.org/dc/terms/license"), URIRef("https://creativecommons.org/licenses/by/4.0/")),
    ],
)
def test_ontology_header(ontology: Graph, predicate: URIRef, expected: URIRef) -> None:
    assert (ONTOLOGY_IRI, RDF.type, OWL.Ontology) in ontology
    assert ontology.value(ONTOLOGY_IRI, predicate) == expected


@pytest.mark.parametrize(
    ("term", "axiom", "value"),
    [
        (NKG.reciprocalTo, RDF.type, OWL.SymmetricProperty),
        (NKG.underAgreement, OWL.inverseOf, NKG.createsCommitment),
        (NKG.speaker, OWL.inverseOf, NKG.made),
        (NKG.speaker, RDFS.subPropertyOf, URIRef("http://www.w3.org/ns/prov#wasAttributedTo")),
        (NKG.Government, RDFS.subClassOf, NKG.Party),
        (NKG.DirectQuote, OWL.disjointWith, NKG.ReportedSpeech),
        (NKG.ReleaseBatch, OWL.disjointWith, NKG.RunningTotal),
    ],
)
def test_ontology_states_the_contract_axioms(
    ontology: Graph, term: URIRef, axiom: URIRef, value: URIRef
) -> None:
    assert (term, axiom, value) in ontology


def test_ontology_on_behalf_of_is_the_post_chain(ontology: Graph) -> None:
    from rdflib.collection import Collection

    head = ontology.value(NKG.onBehalfOf, OWL.propertyChainAxiom)
    assert list(Collection(ontology, head)) == [NKG.inCapacityOf, URIRef("http://www.w3.org/ns/org#postIn")]


def nkg_references(graph: Graph) -> set[URIRef]:
    return {n for triple in graph for n in triple if isinstance(n, URIRef) and n.startswith(NKG_NS)}


def test_alignments_only_refer_to_defined_terms(ontology: Graph) -> None:
    alignments = Graph().parse(ontology_path("alignments.ttl"), format="turtle")
    assert nkg_references(alignments) - set(own_terms(ontology)) == set()


def test_shapes_only_constrain_defined_terms(ontology: Graph) -> None:
    shapes = shapes_graph()
    shape_names = set(shapes.subjects(RDF.type, SH.NodeShape)) | set(
        shapes.subjects(RDF.type, SH.PropertyShape)
    )
    assert nkg_references(shapes) - shape_names - set(own_terms(ontology)) == set()


def test_checks_only_use_defined_terms(ontology: Graph) -> None:
    used = {
        (name, URIRef(NKG_NS + local))
        for name, text in check_queries().items()
        for local in re.findall(r"\bnkg:(\w+)", text)
    }
    assert used
    assert sorted((name, str(t)) for name, t in used if t not in set(own_terms(ontology))) == []


@pytest.mark.parametrize("kind", [SH.NodeShape, SH.PropertyShape])
def test_shapes_are_named_labelled_and_have_a_severity(kind: URIRef) -> None:
    shapes = shapes_graph()
    pattern = re.compile(r"^[A-Z]\w*_Shape$" if kind == SH.NodeShape else r"^[A-Z][A-Za-z]*_Property_\w+$")
    found = sorted(s for s in shapes.subjects(RDF.type, kind))
    assert found
    for shape in found:
        assert pattern.match(shape.removeprefix(NKG_NS)), shape
        assert shapes.value(shape, SH.severity) in {SH.Violation, SH.Warning, SH.Info}, shape
        assert english(shapes, shape, RDFS.label), shape
        assert english(shapes, shape, SH.message), shape
