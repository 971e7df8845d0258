"""Exports: byte-identical rebuilds, round trips through rdflib and Oxigraph,
answers from an exported file equal to the store's, SHACL conformance."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kg import answers
from kg.build import BUILD_GRAPH, READINGS_GRAPH, VIEWS_GRAPH
from kg.graphfile import open_graph_file
from kg.validation import validate_store

from conftest import CORPUS, ROOT, build_store

BUILD = (
    "import sys, kg.build as b; from kg.stores import open_store; "
    "s = open_store(sys.argv[1]); b.build(sys.argv[2], s, out_dir=sys.argv[3], html=False); s.close()"
)


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    """The seed corpus built twice, in fresh processes with different hash seeds."""
    outs = []
    for seed in ("1", "2"):
        base = tmp_path_factory.mktemp(f"build{seed}")
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-c", BUILD, f"oxigraph:{base / 'store'}", str(CORPUS), str(base / "out")],
                       check=True, env=env, cwd=ROOT)
        outs.append(base / "out")
    return outs


@pytest.mark.parametrize("name", ["graph.ttl", "graph.trig", "graph.jsonld"])
def test_export_rebuild_is_byte_identical(two_builds, name):
    first, second = two_builds
    assert (first / name).read_bytes() == (second / name).read_bytes()


def test_export_committed_turtle_matches_a_rebuild(two_builds):
    """exports/graph.ttl is reproducible: a rebuild gives an isomorphic graph."""
    from rdflib import Graph
    from rdflib.compare import isomorphic

    committed = Graph().parse(ROOT / "exports" / "graph.ttl", format="turtle")
    rebuilt = Graph().parse(two_builds[0] / "graph.ttl", format="turtle")
    assert len(committed) == len(rebuilt)
    assert isomorphic(committed, rebuilt)


@pytest.mark.parametrize("name, fmt", [("graph.ttl", "turtle"), ("graph.trig", "trig"), ("graph.jsonld", "json-ld")])
def test_export_parses_in_rdflib_and_oxigraph(two_builds, name, fmt):
    import pyoxigraph as ox
    from rdflib import Dataset

    path = two_builds[0] / name
    dataset = Dataset()
    dataset.parse(path, format=fmt)
    quads = len(list(dataset.quads((None, None, None, None))))
    store = ox.Store()
    store.load(path=str(path), format={"turtle": ox.RdfFormat.TURTLE, "trig": ox.RdfFormat.TRIG,
                                       "json-ld": ox.RdfFormat.JSON_LD}[fmt])
    assert quads == len(store) > 800


def test_export_trig_round_trip_keeps_named_graphs(two_builds, seed_oxigraph):
    store, _ = seed_oxigraph
    reread = open_graph_file(two_builds[0] / "graph.trig")
    kept_out = {BUILD_GRAPH, VIEWS_GRAPH, READINGS_GRAPH}  # the build's records, kept answers and readings are not exported
    assert reread.graph_names() == store.graph_names() - kept_out
    assert reread.triple_count() == store.triple_count() - sum(
        len(store.query(f"SELECT * WHERE {{ GRAPH <{g}> {{ ?s ?p ?o }} }}")) for g in kept_out)


@pytest.mark.parametrize("name", ["graph.trig", "graph.ttl"])
@pytest.mark.parametrize("as_of", [dt.date(2020, 4, 2), dt.date(2020, 4, 13), dt.date(2021, 1, 1)])
def test_export_answers_from_file_equal_store(two_builds, seed_oxigraph, name, as_of):
    store, _ = seed_oxigraph
    from_file = open_graph_file(two_builds[0] / name)
    assert answers.commitments(from_file, as_of) == answers.commitments(store, as_of)
    assert answers.releases(from_file, as_of) == answers.releases(store, as_of)
    assert answers.statements(from_file, as_of=as_of) == answers.statements(store, as_of=as_of)


def test_export_built_graph_conforms_to_shapes(seed_store):
    report = validate_store(seed_store)
    assert report.conforms, report.lines()
    assert not any(report.checks.values()), report.lines()
    assert report.checks, "the *-violation.rq checks ran"


def test_export_shapes_catch_a_statement_without_speaker(seed_copy):
    """The same check fails when a fact breaks a shape."""
    store, _ = build_store("memory", seed_copy)
    store.update(
        "DELETE { GRAPH ?g { ?s <https://w3id.org/negotiation-kg/ontology#speaker> ?x } } "
        "WHERE { GRAPH ?g { ?s <https://w3id.org/negotiation-kg/ontology#speaker> ?x } }"
    )
    report = validate_store(store)
    assert not report.conforms
    assert any("Statement" in v and "speaker" in v for v in report.violations)


def test_export_triples_per_document(seed_oxigraph):
    _, summary = seed_oxigraph
    assert set(summary.triples_per_document) == {"000_96addb07b944f045", "004_d4a9fecee8dd37c2"}
    assert all(n > 100 for n in summary.triples_per_document.values())
    assert summary.derived > 0


def test_export_graph_file_errors(tmp_path):
    from kg.errors import InputError

    bad = tmp_path / "graph.ttl"
    bad.write_text("<a> <b> .", encoding="utf-8")
    with pytest.raises(InputError, match="graph.ttl"):
        open_graph_file(bad)
    with pytest.raises(InputError, match="expected a .trig"):
        open_graph_file(tmp_path / "graph.xml")
