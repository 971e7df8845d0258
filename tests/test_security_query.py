"""Queries cannot act: updates, federated calls, remote contexts, runaway time, rows and memory.

Every refusal is shown with a query that tries; where a refusal is about the
network, a recording HTTP server on loopback shows that no request was made.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from kg.errors import InputError, QueryError, StoreLockedError
from kg.guard import check_query, run_limited

from conftest import ROOT, build_store

KG = [sys.executable, "-m", "kg.cli"]
CROSS_JOIN = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?a { ?s1 ?p1 ?o1 } GRAPH ?b { ?s2 ?p2 ?o2 } GRAPH ?c { ?s3 ?p3 ?o3 } GRAPH ?d { ?s4 ?p4 ?o4 } }"
SORTED_JOIN = "SELECT * WHERE { GRAPH ?a { ?s1 ?p1 ?o1 } GRAPH ?b { ?s2 ?p2 ?o2 } GRAPH ?c { ?s3 ?p3 ?o3 } } ORDER BY ?o1 ?o2 ?o3"
ALL_QUADS = "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }"


class Recorder(BaseHTTPRequestHandler):
    """Answers every request with 404 and writes it down."""

    seen: list[str] = []

    def _record(self) -> None:
        self.seen.append(f"{self.command} {self.path}")
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST = do_HEAD = _record

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def listener():
    """A loopback HTTP server standing in for "another address"; yields (base URL, requests seen)."""
    seen: list[str] = []
    handler = type("Handler", (Recorder,), {"seen": seen})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", seen
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def seed_spec(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("guard") / "store"
    store, _ = build_store(f"oxigraph:{path}")
    store.close()
    return f"oxigraph:{path}"


def _dump(spec: str) -> str:
    from kg.stores import open_store

    with open_store(spec, read_only=True) as store:
        return "".join(sorted(store.dump_nquads().splitlines(keepends=True)))


def _kg(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*KG, *args], capture_output=True, text=True, cwd=cwd or ROOT, timeout=120)


# --------------------------------------------------------------------------- check_query


UPDATES = [
    ("INSERT DATA { <urn:a> <urn:b> <urn:c> }", "INSERT DATA"),
    ("DELETE DATA { <urn:a> <urn:b> <urn:c> }", "DELETE DATA"),
    ("DELETE WHERE { GRAPH ?g { ?s ?p ?o } }", "DELETE WHERE"),
    ("PREFIX x: <urn:x#>\nDELETE { GRAPH ?g { ?s x:p ?o } } INSERT { GRAPH ?g { ?s x:q ?o } } WHERE { GRAPH ?g { ?s x:p ?o } }",
     "INSERT/DELETE ... WHERE"),
    ("WITH <urn:g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }", "INSERT/DELETE ... WHERE"),
    ("CLEAR ALL", "CLEAR"),
    ("clear silent graph <urn:g>", "CLEAR"),
    ("DROP ALL", "DROP"),
    ("DROP GRAPH <urn:g>", "DROP"),
    ("CREATE GRAPH <urn:new>", "CREATE"),
    ("ADD <urn:a> TO <urn:b>", "ADD"),
    ("MOVE DEFAULT TO <urn:b>", "MOVE"),
    ("COPY <urn:a> TO DEFAULT", "COPY"),
    ("# looks harmless\nSELECT ?x WHERE { ?x ?y ?z } ;", None),  # not valid as either: a syntax error
]


@pytest.mark.parametrize("text, operation", UPDATES)
def test_security_query_updates_are_refused_by_default(text, operation):
    with pytest.raises(QueryError) as info:
        check_query(text)
    message = str(info.value)
    if operation is None:
        assert "not valid SPARQL" in message and "line" in message
    else:
        assert f"({operation})" in message and "--allow-update" in message and "read-only" in message


@pytest.mark.parametrize("text, operation", [u for u in UPDATES if u[1]])
def test_security_query_updates_pass_with_allow_update(text, operation):
    assert check_query(text, allow_update=True) == "update"


@pytest.mark.parametrize("text", [
    "LOAD <http://example.org/data.ttl>",
    "LOAD SILENT <http://example.org/data.ttl> INTO GRAPH <urn:g>",
])
def test_security_query_load_needs_both_flags(text):
    with pytest.raises(QueryError, match="--allow-update"):
        check_query(text)
    with pytest.raises(QueryError, match=r"LOAD <http://example.org/data.ttl>.*--allow-service as well"):
        check_query(text, allow_update=True)
    assert check_query(text, allow_update=True, allow_service=True) == "update"


SERVICES = [
    "SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }",
    "SELECT * WHERE { SERVICE SILENT <http://example.org/sparql> { ?s ?p ?o } }",
    "SELECT * WHERE { ?s ?p ?o OPTIONAL { SERVICE <http://example.org/sparql> { ?s ?q ?r } } }",
    "SELECT * WHERE { { ?s ?p ?o } UNION { SERVICE <http://example.org/sparql> { ?s ?p ?o } } }",
    "SELECT * WHERE { { SELECT ?s WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } } } }",
    "PREFIX e: <http://example.org/>\nSELECT * WHERE { SERVICE e:sparql { ?s ?p ?o } }",
    "SELECT * WHERE { VALUES ?where { <http://example.org/sparql> } SERVICE ?where { ?s ?p ?o } }",
    "ASK { FILTER EXISTS { SERVICE <http://example.org/sparql> { ?s ?p ?o } } }",
    "CONSTRUCT { ?s ?p ?o } WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }",
    "select * where { service <http://example.org/sparql> { ?s ?p ?o } }",
]


@pytest.mark.parametrize("text", SERVICES)
def test_security_query_service_is_refused_by_default(text):
    with pytest.raises(QueryError) as info:
        check_query(text)
    assert "SERVICE" in str(info.value) and "--allow-service" in str(info.value)
    assert check_query(text, allow_service=True) in ("select", "ask", "construct")


def test_security_query_service_inside_an_update_needs_both_flags():
    text = "INSERT { GRAPH <urn:g> { ?s ?p ?o } } WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }"
    with pytest.raises(QueryError, match="--allow-service"):
        check_query(text, allow_update=True)
    assert check_query(text, allow_update=True, allow_service=True) == "update"


@pytest.mark.parametrize("text, form", [
    ("SELECT ?s WHERE { ?s ?p 'SERVICE <http://example.org/>' }", "select"),
    ("# SERVICE <http://example.org/> and DROP ALL in a comment\nSELECT * WHERE { ?s ?p ?o }", "select"),
    ("SELECT * WHERE { ?s <http://example.org/SERVICE> ?o }", "select"),
    ("ASK { ?s ?p \"INSERT DATA { }\" }", "ask"),
    ("DESCRIBE <urn:x>", "describe"),
    ("CONSTRUCT WHERE { ?s ?p ?o }", "construct"),
])
def test_security_query_words_in_strings_iris_and_comments_are_harmless(text, form):
    assert check_query(text) == form


@pytest.mark.parametrize("text, fragment", [
    ("", "empty"),
    ("   \n ", "empty"),
    ("SELECT * WHERE { ?s ?p }", "not valid SPARQL (line 1"),
    ("SELECT * WHERE {\n  ?s ?p ?o .\n  FILTER(\n}", "line 3"),
    ("SELECT" + " ?x" * 400_000 + " WHERE { ?x ?y ?z }", "characters long"),
    ("SELECT * WHERE " + "{ " * 5000 + "?s ?p ?o" + " }" * 5000, "SPARQL"),
])
def test_security_query_bad_text_is_one_clear_error(text, fragment):
    with pytest.raises(QueryError) as info:
        check_query(text)
    assert fragment in str(info.value)


def test_security_query_every_packaged_query_passes_the_check():
    from kg import queries

    for name in queries.names():
        assert check_query(queries.load(name)) == "select", name


# --------------------------------------------------------------------------- run_limited


def test_security_query_runaway_cross_join_times_out(seed_spec):
    started = time.monotonic()
    with pytest.raises(QueryError, match=r"timed out after 1\.5 s"):
        run_limited(seed_spec, CROSS_JOIN, timeout=1.5, max_rows=10)
    assert time.monotonic() - started < 6


@pytest.mark.parametrize("max_rows", [0, 7, 1000])
def test_security_query_too_many_rows_is_refused(seed_spec, max_rows):
    with pytest.raises(QueryError, match=f"more than {max_rows:,} rows; narrow the query or raise --max-rows"):
        run_limited(seed_spec, ALL_QUADS, timeout=30, max_rows=max_rows)


def test_security_query_exactly_max_rows_is_answered(seed_spec):
    limited = "SELECT ?s WHERE { GRAPH ?g { ?s ?p ?o } } LIMIT 25"
    rows = run_limited(seed_spec, limited, timeout=30, max_rows=25)
    assert len(rows) == 25 and set(rows[0]) == {"s"}
    with pytest.raises(QueryError, match="more than 24 rows"):
        run_limited(seed_spec, limited, timeout=30, max_rows=24)


def test_security_query_memory_hungry_query_stops_in_its_own_process(seed_spec):
    import resource

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(QueryError, match="needed more than the 768 MB of memory a query may use"):
        run_limited(seed_spec, SORTED_JOIN, timeout=60, max_rows=10, max_memory=768 * 1024**2)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 100_000  # kB: the parent stayed small


def test_security_query_answers_match_the_store(seed_spec):
    from kg.stores import open_store

    text = "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY ?g"
    with open_store(seed_spec, read_only=True) as store:
        expected = store.query(text)
    assert run_limited(seed_spec, text, timeout=30, max_rows=100) == expected
    assert run_limited(seed_spec, "ASK { GRAPH ?g { ?s ?p ?o } }", timeout=30, max_rows=1) == [{"ask": True}]
    triples = run_limited(seed_spec, "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } } LIMIT 3",
                          timeout=30, max_rows=5)
    assert len(triples) == 3 and set(triples[0]) == {"subject", "predicate", "object"}


def test_security_query_refused_update_leaves_the_store_alone(seed_spec):
    before = _dump(seed_spec)
    for text, _ in UPDATES[:13]:
        with pytest.raises(QueryError, match="--allow-update"):
            run_limited(seed_spec, text, timeout=30, max_rows=10)
    assert _dump(seed_spec) == before


def test_security_query_allowed_update_changes_the_store(tmp_path):
    store, _ = build_store(f"oxigraph:{tmp_path / 'store'}")
    store.close()
    spec = f"oxigraph:{tmp_path / 'store'}"
    insert = "INSERT DATA { GRAPH <urn:test> { <urn:a> <urn:b> 'added' } }"
    assert run_limited(spec, insert, timeout=30, max_rows=10, allow_update=True) == []
    assert run_limited(spec, "SELECT ?o WHERE { GRAPH <urn:test> { ?s ?p ?o } }", timeout=30, max_rows=10) == [{"o": "added"}]


def test_security_query_update_on_an_exported_file_is_refused():
    with pytest.raises(QueryError, match="exported file"):
        run_limited(ROOT / "exports" / "graph.trig", "DROP ALL", timeout=5, max_rows=1, allow_update=True)


def test_security_query_update_while_a_build_holds_the_store_is_a_lock_error(tmp_path):
    from kg.stores import open_store

    spec = f"oxigraph:{tmp_path / 'store'}"
    with open_store(spec):
        with pytest.raises(StoreLockedError, match="another process holds it"):
            run_limited(spec, "DROP ALL", timeout=30, max_rows=1, allow_update=True)
        assert run_limited(spec, "ASK { ?s ?p ?o }", timeout=30, max_rows=1) == [{"ask": False}]


@pytest.mark.parametrize("source", ["store", "trig"])
def test_security_query_service_never_reaches_the_address(seed_spec, listener, source):
    base, seen = listener
    where = seed_spec if source == "store" else ROOT / "exports" / "graph.trig"
    text = f"SELECT * WHERE {{ SERVICE <{base}/sparql> {{ ?s ?p ?o }} }}"
    with pytest.raises(QueryError, match="--allow-service"):
        run_limited(where, text, timeout=30, max_rows=10)
    assert seen == []
    # The refusal is what stopped it: allowed, the engine does call out.
    with pytest.raises(QueryError):
        run_limited(where, text, timeout=30, max_rows=10, allow_service=True)
    assert any("/sparql" in request for request in seen)


def test_security_query_load_never_reaches_the_address(seed_spec, listener):
    base, seen = listener
    with pytest.raises(QueryError, match="--allow-service"):
        run_limited(seed_spec, f"LOAD <{base}/data.ttl>", timeout=30, max_rows=1, allow_update=True)
    assert seen == []


def test_security_query_from_names_a_graph_and_fetches_nothing(seed_spec, listener):
    base, seen = listener
    rows = run_limited(seed_spec, f"SELECT * FROM <{base}/g.ttl> WHERE {{ ?s ?p ?o }}", timeout=30, max_rows=10)
    assert rows == [] and seen == []


def test_security_query_memory_store_from_fetches_nothing(listener):
    from kg.stores import open_store

    base, seen = listener
    store = open_store("memory")
    try:
        store.query(f"SELECT * FROM <{base}/g.ttl> WHERE {{ ?s ?p ?o }}")
    except Exception:
        pass
    assert seen == []


# --------------------------------------------------------------------------- JSON-LD never fetches a context


def test_security_query_jsonld_graph_file_is_refused_without_a_request(tmp_path, listener):
    base, seen = listener
    path = tmp_path / "remote.jsonld"
    path.write_text('{"@context": "%s/context.jsonld", "@id": "urn:a", "name": "x"}' % base, encoding="utf-8")
    from kg.graphfile import open_graph_file

    with pytest.raises(InputError, match=r"expected a \.trig, \.nq, \.ttl or \.nt file"):
        open_graph_file(path)
    with pytest.raises(InputError):
        run_limited(path, "SELECT * WHERE { ?s ?p ?o }", timeout=30, max_rows=10)
    assert seen == []


def test_security_query_jsonld_parser_in_use_never_loads_a_remote_context(listener):
    """The JSON-LD the project reads (its own exports, in the tests) goes through
    pyoxigraph, which has no document loader: a remote @context is an error."""
    import pyoxigraph as ox

    base, seen = listener
    data = ('{"@context": "%s/context.jsonld", "@id": "urn:a", "name": "x"}' % base).encode()
    with pytest.raises(SyntaxError, match="remote context"):
        list(ox.parse(data, format=ox.RdfFormat.JSON_LD))
    assert seen == []


def test_security_query_no_module_parses_jsonld_with_rdflib():
    """rdflib's JSON-LD parser would fetch a remote @context; no input path may use it."""
    import re

    offenders = []
    for folder in ("kg", "loaders"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if re.search(r"\.parse\([^)]*json-?ld", text, re.IGNORECASE):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


# --------------------------------------------------------------------------- through the real command


def test_security_query_cli_refuses_and_limits(seed_spec, tmp_path):
    drop = tmp_path / "drop.rq"
    drop.write_text("DROP ALL\n", encoding="utf-8")
    cross = tmp_path / "cross.rq"
    cross.write_text(CROSS_JOIN + "\n", encoding="utf-8")
    before = _dump(seed_spec)

    refused = _kg("query", str(drop), "--store", seed_spec)
    assert refused.returncode == 2
    assert refused.stderr.strip() == ("error: the query changes the store (DROP); refused: "
                                      "queries are read-only unless --allow-update is given")
    assert _dump(seed_spec) == before

    slow = _kg("query", str(cross), "--store", seed_spec, "--timeout", "1")
    assert slow.returncode == 2 and "timed out after 1 s" in slow.stderr

    quads = tmp_path / "quads.rq"
    quads.write_text(ALL_QUADS + "\n", encoding="utf-8")
    many = _kg("query", str(quads), "--store", seed_spec, "--max-rows", "3")
    assert many.returncode == 2 and "more than 3 rows" in many.stderr

    fine = _kg("query", "documents", "--store", seed_spec, "--format", "csv")
    assert fine.returncode == 0 and len(fine.stdout.splitlines()) == 3, fine.stdout


def test_security_query_cli_allow_update_writes(tmp_path):
    store, _ = build_store(f"oxigraph:{tmp_path / 'store'}")
    store.close()
    spec = f"oxigraph:{tmp_path / 'store'}"
    drop = tmp_path / "drop.rq"
    drop.write_text("DROP ALL\n", encoding="utf-8")
    done = _kg("query", str(drop), "--store", spec, "--allow-update")
    assert done.returncode == 0, done.stderr
    assert _dump(spec) == ""
