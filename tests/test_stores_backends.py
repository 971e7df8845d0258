"""The three stores behave alike: graphs replaced, dropped and patched in one
transaction, new graphs loaded in bulk, rules applied, terms round-tripped.
The ``sparql`` store talks to a real Oxigraph server."""

from __future__ import annotations

import pytest

from kg.errors import KGError, StoreError
from kg.stores import open_store
from kg.terms import literal, typed

S, P = "<urn:kg:s>", "<urn:kg:p>"
G1, G2, G3 = "urn:kg:g1", "urn:kg:g2", "urn:kg:g3"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from oxigraph_server import running

    with running(tmp_path_factory.mktemp("stores-server") / "store") as handle:
        yield handle


@pytest.fixture(params=["memory", "oxigraph", pytest.param("sparql", marks=pytest.mark.server)])
def store(request, tmp_path):
    if request.param == "memory":
        opened = open_store("memory")
    elif request.param == "oxigraph":
        opened = open_store(f"oxigraph:{tmp_path / 'store'}")
    else:
        opened = open_store(request.getfixturevalue("server").spec)
        opened.update("DROP ALL")
    yield opened
    opened.close()


def _objects(store, graph: str) -> list:
    return sorted((r["o"] for r in store.query(f"SELECT ?o WHERE {{ GRAPH <{graph}> {{ ?s ?p ?o }} }}")), key=str)


@pytest.mark.parametrize("absent", [False, True])
def test_stores_replace_keeps_other_graphs(store, absent):
    first = {G1: [(S, P, literal("one"))], G2: [(S, P, literal("two"))]}
    store.replace_graphs(first, absent=set(first) if absent else ())
    store.replace_graphs({G1: [(S, P, literal("uno")), (S, P, typed(3))]})
    assert _objects(store, G1) == [3, "uno"]
    assert _objects(store, G2) == ["two"]
    assert store.graph_names() >= {G1, G2}


def test_stores_drop_and_patch_in_one_call(store):
    store.replace_graphs({G1: [(S, P, literal("a"))], G2: [(S, P, literal("b"))]},
                         insert=[(S, P, literal("note"), G3)])
    store.replace_graphs({}, drop=[G1], delete=[(S, P, literal("note"), G3)], insert=[(S, P, literal("new"), G3)])
    assert G1 not in store.graph_names()
    assert _objects(store, G2) == ["b"]
    assert _objects(store, G3) == ["new"]


@pytest.mark.parametrize("text", ['say "hi"\nthen \\ leave', "Ürümqi — 東京", "tab\there"])
def test_stores_literals_round_trip(store, text):
    store.replace_graphs({G1: [(S, P, literal(text)), (S, P, literal(text, "en"))]}, absent={G1})
    assert _objects(store, G1) == [text, text]
    found = store.query(f"SELECT ?s WHERE {{ GRAPH ?g {{ ?s {P} ?text }} }}", {"text": text})
    assert [r["s"] for r in found] == ["urn:kg:s"]


def test_stores_failed_replace_changes_nothing(store):
    store.replace_graphs({G1: [(S, P, literal("kept"))]})
    with pytest.raises(KGError):
        store.replace_graphs({G1: [(S, P, literal("lost"))], G2: [(S, P, "not a term")]})
    assert _objects(store, G1) == ["kept"]
    assert G2 not in store.graph_names()


@pytest.mark.parametrize("rows", [3, 5000])
def test_stores_insert_derived_matches_update(store, rows):
    """A rule gives the same triples through the fast path as through a plain update."""
    triples = [(f"<urn:kg:x{i}>", "<urn:kg:knows>", f"<urn:kg:y{i}>") for i in range(rows)]
    store.replace_graphs({G1: triples}, absent={G1})
    rule = ("# inverse\nINSERT { GRAPH <urn:kg:derived> { ?y <urn:kg:knownBy> ?x } }\n"
            "WHERE { GRAPH ?g1 { ?x <urn:kg:knows> ?y } FILTER (!isLiteral(?y)) }")
    store.insert_derived(rule)
    store.update(rule.replace("urn:kg:derived", "urn:kg:check"))
    count = "SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{}> {{ ?s <urn:kg:knownBy> ?o }} }}"
    assert store.query(count.format("urn:kg:derived"))[0]["n"] == rows
    derived = store.query("SELECT ?s ?o WHERE { GRAPH <urn:kg:derived> { ?s ?p ?o } } ORDER BY ?s")
    check = store.query("SELECT ?s ?o WHERE { GRAPH <urn:kg:check> { ?s ?p ?o } } ORDER BY ?s")
    assert derived == check


def test_stores_dump_has_every_quad(store):
    store.replace_graphs({G1: [(S, P, literal("a"))], G2: [(S, P, typed(7))]}, absent={G1, G2})
    lines = [line for line in store.dump_nquads().splitlines() if line.strip()]
    assert len(lines) == 2 and all(line.endswith(" .") for line in lines)
    assert store.triple_count() == 2


@pytest.mark.parametrize("backend", ["oxigraph", pytest.param("sparql", marks=pytest.mark.server)])
def test_stores_read_only_refuses_writes(backend, tmp_path, request):
    if backend == "oxigraph":
        path = tmp_path / "store"
        open_store(f"oxigraph:{path}").close()
        spec = f"oxigraph:{path}"
    else:
        spec = request.getfixturevalue("server").spec
    with open_store(spec, read_only=True) as store:
        with pytest.raises(KGError):
            store.update("INSERT DATA { GRAPH <urn:kg:g> { <urn:kg:s> <urn:kg:p> 1 } }")


@pytest.mark.parametrize("spec, message", [
    ("sparql:ftp://example.org/query", "expected an http"),
    ("sparql:http://127.0.0.1:9/query", "cannot reach"),
])
def test_stores_sparql_errors_say_what_is_wrong(spec, message):
    with pytest.raises(StoreError, match=message):
        open_store(spec).query("SELECT * WHERE { ?s ?p ?o } LIMIT 1")


@pytest.mark.server
def test_stores_sparql_uses_the_bulk_endpoint_of_an_oxigraph_server(server):
    store = open_store(server.spec)
    store.update("DROP ALL")
    assert store._bulk_url() == server.store_url + "?no_transaction"
    store.replace_graphs({G1: [(S, P, literal("bulk"))]}, absent={G1})
    assert _objects(store, G1) == ["bulk"]
