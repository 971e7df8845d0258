"""Materialisation rules derived from the ontology, run as SPARQL UPDATE on Oxigraph.

The derived triples are compared with what HermiT (through owlready2) infers
from the same data, property by property.
"""

from __future__ import annotations

import shutil
from typing import Any

import pyoxigraph
import pytest
from rdflib import RDF, Dataset, Graph, URIRef

from kg.errors import OntologyError
from kg.ontology import load_ontology_graph, materialisation_rules, materialise, reason
from kg.vocab import DERIVED_GRAPH, ID, NKG, PROV

ACTORS = "https://w3id.org/negotiation-kg/graph/actors"
D1 = "https://w3id.org/negotiation-kg/id/document/d1"
D2 = "https://w3id.org/negotiation-kg/id/document/d2"

# Facts spread over three graphs, so every rule has to join across graphs.
DATA = f"""\
@base <https://w3id.org/negotiation-kg/id/> .
@prefix nkg: <https://w3id.org/negotiation-kg/ontology#> .
@prefix org: <http://www.w3.org/ns/org#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

<{ACTORS}> {{
    <party/government> a nkg:Government ; rdfs:label "Government of Examplestan" .
    <party/movement> a nkg:ArmedMovement ; rdfs:label "Example Front" .
    <party/red-cross> a nkg:InternationalOrganisation ; rdfs:label "Red Cross" .
    <person/speaker> a nkg:Person ; rdfs:label "Ada Example" .
    <post/movement/spokesman/speaker> a nkg:Post ;
        org:postIn <party/movement> ;
        org:heldBy <person/speaker> .
    <post/government/senior-official> a nkg:AnonymousSource ;
        org:postIn <party/government> .
}}

<{D1}> {{
    <agreement/deal> a nkg:Agreement ;
        nkg:createsCommitment <commitment/government-release> .
    <agreement/decree> a nkg:Decision .
    <commitment/government-release> a nkg:Commitment ;
        nkg:obligor <party/government> ;
        nkg:reciprocalTo <commitment/movement-release> .
    <commitment/movement-release> a nkg:Commitment ;
        nkg:obligor <party/movement> ;
        nkg:underAgreement <agreement/deal> .
    <statement/d1/0-10> a nkg:DirectQuote ;
        nkg:speaker <person/speaker> ;
        nkg:inCapacityOf <post/movement/spokesman/speaker> .
}}

<{D2}> {{
    <statement/d2/0-10> a nkg:ReportedSpeech ;
        nkg:speaker <post/government/senior-official> ;
        nkg:inCapacityOf <post/government/senior-official> .
    <person/speaker> nkg:made <statement/d2/20-30> .
    <statement/d2/20-30> a nkg:DirectQuote .
}}
"""

# What the rules must derive (subject, predicate, object), IRIs under ID.
EXPECTED = [
    ("statement/d1/0-10", NKG.onBehalfOf, "party/movement"),
    ("statement/d2/0-10", NKG.onBehalfOf, "party/government"),
    ("commitment/government-release", NKG.underAgreement, "agreement/deal"),
    ("agreement/deal", NKG.createsCommitment, "commitment/movement-release"),
    ("commitment/movement-release", NKG.reciprocalTo, "commitment/government-release"),
    ("person/speaker", NKG.made, "statement/d1/0-10"),
    ("statement/d2/20-30", NKG.speaker, "person/speaker"),
    ("statement/d1/0-10", PROV.wasAttributedTo, "person/speaker"),
    ("statement/d2/20-30", PROV.wasAttributedTo, "person/speaker"),
]
EXPECTED_TYPES = [
    ("party/government", NKG.Party),
    ("party/movement", NKG.Party),
    ("party/red-cross", NKG.Party),
    ("agreement/decree", NKG.Agreement),
    ("statement/d2/20-30", NKG.Statement),
    ("post/government/senior-official", NKG.Post),
]
COMPARED_PROPERTIES = [
    NKG.onBehalfOf,
    NKG.createsCommitment,
    NKG.underAgreement,
    NKG.reciprocalTo,
    NKG.speaker,
    NKG.made,
    PROV.wasAttributedTo,
]
COMPARED_CLASSES = [NKG.Party, NKG.Agreement, NKG.Statement]

java = pytest.mark.skipif(shutil.which("java") is None, reason="HermiT needs Java and `java` is not on PATH")


@pytest.fixture(scope="module")
def rules() -> list[str]:
    return materialisation_rules(load_ontology_graph())


def loaded_store() -> pyoxigraph.Store:
    store = pyoxigraph.Store()
    store.load(input=DATA.encode("utf-8"), format=pyoxigraph.RdfFormat.TRIG)
    return store


@pytest.fixture(scope="module")
def materialised(rules: list[str]) -> pyoxigraph.Store:
    store = loaded_store()
    materialise(store.update, rules)
    return store


def pairs(store: pyoxigraph.Store, prop: URIRef) -> set[tuple[str, str]]:
    """Every (subject, object) of ``prop`` in any graph, asserted or derived."""
    quads = store.quads_for_pattern(None, pyoxigraph.NamedNode(str(prop)), None, None)
    return {(q.subject.value, q.object.value) for q in quads}


def members(store: pyoxigraph.Store, cls: URIRef) -> set[str]:
    """Every subject typed ``cls`` in any graph, asserted or derived."""
    rdf_type = pyoxigraph.NamedNode(str(RDF.type))
    quads = store.quads_for_pattern(None, rdf_type, pyoxigraph.NamedNode(str(cls)), None)
    return {q.subject.value for q in quads}


def in_derived(store: pyoxigraph.Store, s: str, p: URIRef, o: str) -> bool:
    quad = pyoxigraph.Quad(
        pyoxigraph.NamedNode(s),
        pyoxigraph.NamedNode(str(p)),
        pyoxigraph.NamedNode(o),
        pyoxigraph.NamedNode(str(DERIVED_GRAPH)),
    )
    return quad in store


@pytest.mark.parametrize(("s", "p", "o"), EXPECTED)
def test_rules_derive_property_into_the_derived_graph(
    materialised: pyoxigraph.Store, s: str, p: URIRef, o: str
) -> None:
    assert in_derived(materialised, str(ID[s]), p, str(ID[o]))


@pytest.mark.parametrize(("s", "cls"), EXPECTED_TYPES)
def test_rules_derive_type_into_the_derived_graph(
    materialised: pyoxigraph.Store, s: str, cls: URIRef
) -> None:
    assert in_derived(materialised, str(ID[s]), RDF.type, str(cls))


@pytest.mark.parametrize("graph", [ACTORS, D1, D2])
def test_rules_leave_the_source_graphs_alone(materialised: pyoxigraph.Store, graph: str) -> None:
    before = loaded_store()
    name = pyoxigraph.NamedNode(graph)
    assert set(materialised.quads_for_pattern(None, None, None, name)) == set(
        before.quads_for_pattern(None, None, None, name)
    )


@pytest.mark.parametrize("graph", [str(DERIVED_GRAPH)])
def test_rules_derive_no_copy_of_an_asserted_triple(materialised: pyoxigraph.Store, graph: str) -> None:
    asserted = {(q.subject, q.predicate, q.object) for q in loaded_store()}
    derived = {
        (q.subject, q.predicate, q.object)
        for q in materialised.quads_for_pattern(None, None, None, pyoxigraph.NamedNode(graph))
    }
    assert derived
    assert derived & asserted == set()


@pytest.mark.parametrize("extra_passes", [1, 3])
def test_rules_two_passes_reach_the_fixpoint(
    materialised: pyoxigraph.Store, rules: list[str], extra_passes: int
) -> None:
    store = loaded_store()
    materialise(store.update, rules)
    size = len(store)
    materialise(store.update, rules, passes=extra_passes)
    assert len(store) == size == len(materialised)


@pytest.mark.parametrize("passes", [1])
def test_rules_one_pass_already_suffices_for_this_ontology(
    materialised: pyoxigraph.Store, rules: list[str], passes: int
) -> None:
    store = loaded_store()
    materialise(store.update, rules, passes=passes)
    assert set(store) == set(materialised)


@pytest.mark.parametrize("text", ["Ada Example", "Government of Examplestan"])
def test_rules_carry_no_data_values(rules: list[str], text: str) -> None:
    assert not any(text in rule for rule in rules)


CHAIN3 = """\
@prefix ex: <http://example.org/> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:p owl:propertyChainAxiom ( ex:a ex:b ex:c ) .
ex:low rdfs:subPropertyOf ex:mid . ex:mid rdfs:subPropertyOf ex:top .
ex:Low rdfs:subClassOf ex:Top .
"""


@pytest.mark.parametrize(
    ("marker", "expected_count"),
    [("GRAPH ?g3 { ?x2 <http://example.org/c> ?x3 }", 1), ("VALUES ?p { <http://example.org/low> }", 1)],
)
def test_rules_follow_chains_and_close_sub_properties(marker: str, expected_count: int) -> None:
    rules = materialisation_rules(Graph().parse(data=CHAIN3, format="turtle"))
    assert sum(marker in rule for rule in rules) == expected_count
    # ex:top gets both ex:low and ex:mid; ex:Top is outside nkg: and gets no rule.
    top = next(rule for rule in rules if "INSERT" in rule and "?s <http://example.org/top> ?o" in rule)
    assert "<http://example.org/low> <http://example.org/mid>" in top
    assert not any("http://example.org/Top" in rule for rule in rules)


@pytest.mark.parametrize("bad_chain", ["( ex:a )", "( ex:a [ owl:inverseOf ex:b ] )"])
def test_rules_refuse_a_chain_they_cannot_express(bad_chain: str) -> None:
    text = CHAIN3.replace("( ex:a ex:b ex:c )", bad_chain)
    with pytest.raises(OntologyError, match="propertyChainAxiom"):
        materialisation_rules(Graph().parse(data=text, format="turtle"))


# --------------------------------------------------------------------------
# The same entailments from HermiT
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hermit_world() -> Any:
    data = Dataset()
    data.parse(data=DATA, format="trig")
    return reason(data, alignments=False, infer_property_values=True), data


def data_individuals(data: Dataset) -> set[str]:
    nodes = {n for quad in data.quads((None, None, None, None)) for n in quad[:3] if isinstance(n, URIRef)}
    return {str(n) for n in nodes if str(n).startswith(str(ID))}


def hermit_pairs(world: Any, individuals: set[str], prop: URIRef) -> set[tuple[str, str]]:
    """Values owlready2 gives after HermiT: its inferred facts plus its
    property hierarchy, inverses and symmetry (the INDIRECT_ accessors)."""
    owl_prop = world[str(prop)]
    found = set()
    for iri in individuals:
        individual = world[iri]
        if individual is None:
            continue
        for value in getattr(individual, "INDIRECT_" + owl_prop.python_name, []):
            if hasattr(value, "iri"):
                found.add((iri, value.iri))
    return found


@pytest.mark.reasoner
@java
@pytest.mark.parametrize("prop", COMPARED_PROPERTIES)
def test_rules_match_hermit_for_property(
    hermit_world: Any, materialised: pyoxigraph.Store, prop: URIRef
) -> None:
    world, data = hermit_world
    expected = hermit_pairs(world, data_individuals(data), prop)
    assert expected, f"HermiT found no {prop}: the comparison would be empty"
    assert pairs(materialised, prop) == expected


@pytest.mark.reasoner
@java
@pytest.mark.parametrize("cls", COMPARED_CLASSES)
def test_rules_match_hermit_for_class(hermit_world: Any, materialised: pyoxigraph.Store, cls: URIRef) -> None:
    world, data = hermit_world
    owl_class = world[str(cls)]
    expected = {
        iri for iri in data_individuals(data) if world[iri] is not None and isinstance(world[iri], owl_class)
    }
    assert expected
    assert members(materialised, cls) == expected
