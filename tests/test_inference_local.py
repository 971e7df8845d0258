"""Inferences written with each document (kg.inference) equal what the ontology's
rules, run over the whole store in SPARQL (kg.ontology.materialisation_rules, the
reference), derive; they change and leave with their document."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest

from kg import answers, inference
from kg.build import DERIVED_GRAPH, assessment_triples
from kg.ontology import load_ontology_graph, materialisation_rules, materialise
from kg.terms import ACTORS_GRAPH, GRAPH
from conftest import build_store

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent
SETS = {
    "seeds": (ROOT / "corpus", ROOT / "corpus" / "facts"),
    "devset": (DATA / "devset" / "corpus", DATA / "devset" / "gold"),
    "timeline": (DATA / "timeline" / "corpus", DATA / "timeline" / "facts"),
    "heldout8": (DATA / "heldout8" / "corpus", DATA / "heldout8" / "gold"),
}
PREF_LABEL = "http://www.w3.org/2004/02/skos/core#prefLabel"


def _quads(store) -> list[ox.Quad]:
    return list(ox.parse(store.dump_nquads().encode("utf-8"), format=ox.RdfFormat.N_QUADS))


@pytest.fixture(scope="module", params=sorted(SETS))
def built(request, tmp_path_factory):
    corpus, facts = SETS[request.param]
    store, _ = build_store(f"oxigraph:{tmp_path_factory.mktemp('inferred') / 'store'}", corpus,
                           facts_dir=facts, extract=False)
    yield store
    store.close()


def test_inferences_equal_the_whole_store_rules(built):
    quads = _quads(built)
    inferred = {q.triple for q in quads if q.graph_name.value.startswith(inference.INFERRED_PREFIX)}
    asserted = [q for q in quads if not q.graph_name.value.startswith(inference.INFERRED_PREFIX)
                and q.graph_name.value != str(DERIVED_GRAPH) and not q.graph_name.value.startswith(GRAPH + "build")
                and not q.graph_name.value.startswith(GRAPH + "views")]
    day = answers.newest_publication_date(built)
    assessments, _ = assessment_triples(built, day)
    derived_graph = ox.NamedNode(str(DERIVED_GRAPH))
    reference = ox.Store()
    reference.extend(asserted)
    data = "\n".join(f"{s} {p} {o} <{DERIVED_GRAPH}> ." for s, p, o in assessments)
    reference.load(data.encode("utf-8"), format=ox.RdfFormat.N_QUADS)
    start = {q.triple for q in reference.quads_for_pattern(None, None, None, derived_graph)}
    materialise(reference.update, materialisation_rules(load_ontology_graph()), passes=2)
    expected = {q.triple for q in reference.quads_for_pattern(None, None, None, derived_graph)} - start

    kept = {q.triple for q in quads if q.graph_name == derived_graph and q.predicate.value != PREF_LABEL}
    found = (inferred | kept) - start - {q.triple for q in asserted}
    assert expected, "the reference derived nothing: the comparison would prove nothing"
    assert found == expected


def test_each_document_has_its_inferred_graph(built):
    names = built.graph_names()
    documents = {g for g in names if g.startswith(answers.ID_BASE + "document/")}
    assert documents
    assert {inference.inferred_graph(g) for g in documents} <= names


def test_inferred_graphs_hold_no_copy_of_their_document(built):
    quads = _quads(built)
    by_graph: dict[str, set] = {}
    for q in quads:
        by_graph.setdefault(q.graph_name.value, set()).add(q.triple)
    actors = by_graph.get(ACTORS_GRAPH, set())
    for name, triples in by_graph.items():
        if name.startswith(answers.ID_BASE + "document/"):
            assert not triples & by_graph.get(inference.inferred_graph(name), set())
            assert not actors & by_graph.get(inference.inferred_graph(name), set())


def test_a_removed_document_takes_its_inferences_along(make_corpus, tmp_path):
    text = ("KABUL, March 3 (Example Wire) - The Taliban freed 20 Afghan soldiers on Monday, "
            "a spokesman for the group said.\n")
    entries = [{"file": "a1.txt", "published": "2020-03-03", "publisher": "Example Wire", "title": "One"},
               {"file": "a2.txt", "published": "2020-03-04", "publisher": "Example Wire", "title": "Two"}]
    corpus = make_corpus({"a1.txt": text, "a2.txt": text.replace("20", "30")}, entries)
    store, _ = build_store(f"oxigraph:{tmp_path / 'store'}", corpus, extract=True)
    second = answers.ID_BASE + "document/a2"
    assert inference.inferred_graph(second) in store.graph_names()
    (corpus / "a2.txt").unlink()
    manifest = corpus / "manifest.yaml"
    manifest.write_text(manifest.read_text().split("- file: a2.txt")[0])
    from kg.build import build

    build(corpus, store, out_dir=None, html=False, extract=True)
    assert inference.inferred_graph(second) not in store.graph_names()
    assert inference.inferred_graph(answers.ID_BASE + "document/a1") in store.graph_names()
    store.close()


def test_a_chain_reads_the_actors_context():
    statement, post, party = "<urn:ex:s>", "<urn:ex:post>", "<urn:ex:party>"
    nkg = "https://w3id.org/negotiation-kg/ontology#"
    context = inference.Context([(post, "<http://www.w3.org/ns/org#postIn>", party)])
    found = inference.closure([(statement, f"<{nkg}inCapacityOf>", post)], context=context)
    assert (statement, f"<{nkg}onBehalfOf>", party) in found
    assert all(t[0] != post for t in found), "the context's own entailments belong to its own graph"
