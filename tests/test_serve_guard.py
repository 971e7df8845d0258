"""``kg serve``'s guard, proved with real HTTP requests to the real server:
refusals, the time and size limits, body caps, loopback only, and answers
identical to the embedded store's."""

from __future__ import annotations

import http.client
import math
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
import urllib.parse
from contextlib import nullcontext
from pathlib import Path

import pytest

from kg import answers
from kg.serve import Limits, ServerHandle
from kg.stores import open_store
from conftest import ROOT, build_store
from oxigraph_server import running

pytestmark = pytest.mark.server

SELF = "{upstream}/query"
RUNAWAY_COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?x { ?a ?b ?c } GRAPH ?y { ?d ?e ?f } GRAPH ?z { ?g ?h ?i } }"
RUNAWAY_ROWS = "SELECT * WHERE { GRAPH ?x { ?a ?b ?c } GRAPH ?y { ?d ?e ?f } GRAPH ?z { ?g ?h ?i } }"
EVERYTHING = "SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } } ORDER BY ?g ?s ?p ?o"
PROBE = "ASK { GRAPH ?g { <urn:kg:probe> ?p ?o } }"
FORM = "application/x-www-form-urlencoded"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The seed corpus built into an embedded store, closed; and its answers."""
    path = tmp_path_factory.mktemp("guarded") / "store"
    store, _ = build_store(f"oxigraph:{path}")
    expected = {name: getattr(answers, name)(store) for name in ANSWERS}
    store.close()
    return path, expected


ANSWERS = ("commitments", "statements", "releases", "agreements", "corroboration", "most_quoted")


@pytest.fixture(scope="module")
def guarded(built):
    """One read-only server with the default limits, for the tests that change nothing."""
    with running(built[0], allow_update=False) as server:
        yield server


def call(server: ServerHandle, method: str, path: str, body: bytes | str | None = None,
         headers: dict[str, str] | None = None, *, timeout: float = 30) -> tuple[int, dict[str, str], bytes, bool]:
    """One request to the front: status, headers, body, and whether the body came whole."""
    host, port = urllib.parse.urlsplit(server.base_url).netloc.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        connection.request(method, path, body=body.encode() if isinstance(body, str) else body, headers=headers or {})
        response = connection.getresponse()
        try:
            data, whole = response.read(), True
        except http.client.IncompleteRead as cut:
            data, whole = cut.partial, False
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data, whole
    finally:
        connection.close()


def query(server: ServerHandle, text: str, how: str = "get", accept: str = "text/csv", **kw):
    """The query sent the way a SPARQL Protocol client would send it."""
    headers = {"Accept": accept}
    if how == "get":
        return call(server, "GET", "/query?" + urllib.parse.urlencode({"query": text}), None, headers, **kw)
    if how == "form":
        return call(server, "POST", "/query", urllib.parse.urlencode({"query": text}),
                    {**headers, "Content-Type": FORM}, **kw)
    if how == "body":
        return call(server, "POST", "/query", text, {**headers, "Content-Type": "application/sparql-query"}, **kw)
    if how == "sparql":
        return call(server, "POST", "/sparql", urllib.parse.urlencode({"query": text}),
                    {**headers, "Content-Type": FORM}, **kw)
    raise AssertionError(how)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0  # utime + stime, in clock ticks of 1/100 s


def listening_addresses(port: int) -> set[str]:
    """Local addresses (hex, as the kernel lists them) with a socket listening on ``port``."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, _, hex_port = fields[1].rpartition(":")
            if fields[3] == "0A" and int(hex_port, 16) == port:
                found.add(address)
    return found


@pytest.mark.parametrize("how", ["get", "form", "body", "sparql"])
@pytest.mark.parametrize("allow_service", [False, True])
def test_serve_guard_service_refused_unless_allowed(built, guarded, how, allow_service):
    path, _ = built
    with (running(path, allow_update=False, allow_service=True) if allow_service else nullcontext(guarded)) as server:
        text = ("SELECT ?n WHERE { SERVICE <" + SELF.format(upstream=server.upstream_url) + "> "
                "{ SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } } }")
        status, headers, body, _ = query(server, text, how)
        if allow_service:
            assert status == 200, body
            assert int(body.decode().split()[-1]) > 0
        else:
            assert status == 403
            assert headers["content-type"].startswith("text/plain")
            assert b"SERVICE <http://127.0.0.1:" in body and b"--allow-service" in body


UPDATE = "INSERT DATA { GRAPH <urn:kg:g> { <urn:kg:probe> <urn:kg:p> 1 } }"


@pytest.mark.parametrize("method, target, body, content_type", [
    ("POST", "/update", UPDATE, "application/sparql-update"),
    ("POST", "/update", "update=" + urllib.parse.quote(UPDATE), FORM),
    ("POST", "/sparql", "update=" + urllib.parse.quote(UPDATE), FORM),
    ("POST", "/sparql", UPDATE, "application/sparql-update"),
    ("POST", "/query", UPDATE, "application/sparql-query"),
    ("GET", "/query?query=" + urllib.parse.quote(UPDATE), None, None),
    ("GET", "/sparql?update=" + urllib.parse.quote(UPDATE), None, None),
    ("POST", "/store?graph=urn:kg:g", "<urn:kg:probe> <urn:kg:p> 1 .", "application/n-triples"),
    ("PUT", "/store?graph=urn:kg:g", "<urn:kg:probe> <urn:kg:p> 1 .", "application/n-triples"),
    ("DELETE", "/store?graph=urn:kg:g", None, None),
])
def test_serve_guard_updates_refused_read_only(guarded, method, target, body, content_type):
    with nullcontext(guarded) as server:
        headers = {"Content-Type": content_type} if content_type else {}
        status, _, said, _ = call(server, method, target, body, headers)
        assert status in (403, 405), said
        assert b"read-only" in said or b"refused" in said or b"POST" in said
        assert open_store(server.spec).ask(PROBE) is False
        assert open_store(server.spec).triple_count() > 0  # DELETE /store did not empty it


LOAD_SELF = "LOAD <{upstream}/query> INTO GRAPH <urn:kg:loaded>"


@pytest.mark.parametrize("update, status", [
    (UPDATE, 204),
    ('DROP SILENT GRAPH <urn:kg:h> ;\nINSERT DATA { GRAPH <urn:kg:h> { <urn:kg:probe> <urn:kg:says> "LOAD <http://x>" } }', 204),
    ("INSERT { GRAPH <urn:kg:d> { ?s <urn:kg:copy> ?o } } WHERE { GRAPH <urn:kg:g> { ?s <urn:kg:p> ?o } }", 204),
    (LOAD_SELF, 403),
    ('INSERT DATA { GRAPH <urn:kg:g> { <urn:kg:s> <urn:kg:p> "x" } } ;\n' + LOAD_SELF, 403),
    ("INSERT DATA { GRAPH <urn:kg:g> { <urn:kg:s> <urn:kg:p> 1 } } ; \\u004cOAD <{upstream}/query>", 403),
    ("INSERT { ?s ?p ?o } WHERE { SERVICE <{upstream}/query> { ?s ?p ?o } }", 403),
    ("SELECT * WHERE { ?s ?p ?o }", 400),
])
def test_serve_guard_updates_checked_with_allow_update(tmp_path, update, status):
    """With --allow-update, updates pass, unless they reach another address; data-only ones skip the slow parse."""
    with running(tmp_path / "store", allow_update=True) as server:
        text = update.replace("{upstream}", server.upstream_url)
        code, _, said, _ = call(server, "POST", "/update", text, {"Content-Type": "application/sparql-update"})
        assert code == status, said
        if status == 403:
            assert b"--allow-service" in said
        assert open_store(server.spec).graph_names() <= ({"urn:kg:g", "urn:kg:h", "urn:kg:d"} if code == 204 else set())


@pytest.mark.parametrize("text, cut_how", [(RUNAWAY_COUNT, "503"), (RUNAWAY_ROWS, "incomplete")])
def test_serve_guard_runaway_query_stopped_by_time_limit(built, text, cut_how):
    path, _ = built
    limit = 1.0
    # The size limit set out of reach, so that time is what stops the answer.
    with running(path, allow_update=False, limits=Limits(timeout=limit, max_bytes=1 << 40)) as server:
        started = time.monotonic()
        status, _, body, whole = query(server, text, "body")
        took = time.monotonic() - started
        assert limit <= took < limit + 6  # slack for a loaded machine; the point is "stopped", not how fast
        if cut_how == "503":
            assert status == 503 and whole
            assert b"time limit (--timeout)" in body
        else:
            assert status == 200 and not whole  # streamed, then cut: the client cannot mistake it for an answer
            assert body.rstrip().endswith(b"narrow it (LIMIT, fewer patterns) or raise --timeout")
        assert query(server, "ASK { GRAPH ?g { ?s ?p ?o } }")[0] == 200  # still answering
        # The upstream work stops too: at once when the front hangs up on a
        # streamed answer, at Oxigraph's own limit (a second later) otherwise.
        give_up = started + math.ceil(limit) + 1 + 6
        while True:
            before = cpu_seconds(server.pid)
            time.sleep(0.3)
            if cpu_seconds(server.pid) - before < 0.05:
                break
            assert time.monotonic() < give_up, "the Oxigraph server is still working on the stopped query"


@pytest.mark.parametrize("buffer_bytes, max_bytes, whole_answer", [(1 << 20, 10_000, True), (16_384, 100_000, False)])
def test_serve_guard_oversize_answer_stopped(built, buffer_bytes, max_bytes, whole_answer):
    path, _ = built
    limits = Limits(max_bytes=max_bytes, buffer_bytes=buffer_bytes)
    with running(path, allow_update=False, limits=limits) as server:
        status, headers, body, whole = query(server, EVERYTHING)
        assert whole is whole_answer
        if whole_answer:  # refused before anything was sent: a plain error
            assert status == 507 and headers["content-type"].startswith("text/plain")
            assert b"larger than 10,000 bytes (--max-bytes)" in body
        else:  # streamed past the buffer: cut, with the reason as the last line
            assert status == 200 and max_bytes - 64 * 1024 <= len(body) <= max_bytes + 200
            assert body.rstrip().endswith(b"narrow the query (LIMIT) or raise --max-bytes")
        assert query(server, "ASK {}")[0] == 200


@pytest.mark.parametrize("how", ["body", "form", "sparql"])
def test_serve_guard_large_body_refused(built, how):
    path, _ = built
    with running(path, allow_update=False, limits=Limits(max_body=2000)) as server:
        text = "ASK { " + " ".join(f"?s{i} ?p ?o ." for i in range(400)) + " }"
        status, headers, body, _ = query(server, text, how)
        assert status == 413
        assert headers.get("connection") == "close"
        assert b"expected at most 2,000 (--max-body)" in body
        assert query(server, "ASK {}", how)[0] == 200


@pytest.mark.parametrize("raw, status", [
    (b"POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/sparql-query\r\n"
     b"Transfer-Encoding: chunked\r\n\r\n5\r\nASK{}\r\n0\r\n\r\n", b"411"),
    (b"POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/sparql-query\r\n\r\n", b"411"),
    (b"GET /query?query=ASK%7B%7D HTTP/1.1\r\nHost: evil.example\r\n\r\n", b"403"),
    (b"GET /../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", b"404"),
])
def test_serve_guard_malformed_requests_answered_plainly(guarded, raw, status):
    with nullcontext(guarded) as server:
        host, port = urllib.parse.urlsplit(server.base_url).netloc.rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(raw)
            answer = b""
            while b"\r\n\r\n" not in answer:
                part = sock.recv(4096)
                if not part:
                    break
                answer += part
        assert answer.split(b" ", 2)[1] == status, answer


@pytest.mark.parametrize("name", ANSWERS)
def test_serve_guard_answers_like_the_embedded_store(built, guarded, name):
    _, expected = built
    with nullcontext(guarded) as server:
        assert getattr(answers, name)(open_store(server.spec)) == expected[name]


@pytest.mark.parametrize("how", ["get", "form", "body", "sparql"])
def test_serve_guard_passes_the_answer_unchanged(guarded, how):
    with nullcontext(guarded) as server:
        status, headers, body, whole = query(server, EVERYTHING, how)
        upstream = http.client.HTTPConnection(*urllib.parse.urlsplit(server.upstream_url).netloc.split(":"))
        upstream.request("POST", "/query", body=EVERYTHING.encode(),
                         headers={"Content-Type": "application/sparql-query", "Accept": "text/csv"})
        direct = upstream.getresponse().read()
        upstream.close()
        assert (status, whole) == (200, True)
        assert headers["content-type"].startswith("text/csv")
        assert headers["x-content-type-options"] == "nosniff" and headers["cache-control"] == "no-store"
        assert body == direct and body.count(b"\n") > 100


@pytest.mark.parametrize("bind", [None, "127.0.0.2"])
def test_serve_guard_listens_on_loopback_only(built, bind):
    path, _ = built
    options = {"bind": bind} if bind else {}
    with running(path, allow_update=False, **options) as server:
        front_port = int(server.base_url.rsplit(":", 1)[1])
        upstream_port = int(server.upstream_url.rsplit(":", 1)[1])
        wanted = socket.inet_aton(bind or "127.0.0.1")[::-1].hex().upper()  # the kernel's little-endian hex
        assert listening_addresses(front_port) == {wanted}
        assert listening_addresses(upstream_port) == {"0100007F"}  # Oxigraph itself: 127.0.0.1 only
        assert query(server, "ASK {}")[0] == 200
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.3", front_port), timeout=2).close()
        status, _, said, _ = call(server, "GET", "/query?query=ASK%7B%7D", None, {"Host": f"kg.example:{front_port}"})
        assert status == 403 and b"loopback only" in said


def test_serve_guard_slow_reader_releases_its_slot(built):
    """A client that never reads its streamed answer holds the one slot only until the time limit."""
    path, _ = built
    with running(path, allow_update=False, limits=Limits(timeout=1.0, max_concurrent=1)) as server:
        host, port = urllib.parse.urlsplit(server.base_url).netloc.rsplit(":", 1)
        body = RUNAWAY_ROWS.encode()
        with socket.create_connection((host, int(port)), timeout=10) as stalled:
            stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            stalled.sendall(b"POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/csv\r\n"
                            b"Content-Type: application/sparql-query\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            time.sleep(1.5)  # past the stalled request's limit; it would hold the slot if writes were unbounded
            started = time.monotonic()
            status, _, said, _ = query(server, "ASK {}")
            assert status == 200, said
            assert time.monotonic() - started < 0.95  # had it waited for the slot, its own 1 s limit gives 503


@pytest.mark.parametrize("clients, slots", [(8, 2)])
def test_serve_guard_burst_waits_for_slots_then_gives_up(built, clients, slots):
    path, _ = built
    with running(path, allow_update=False, limits=Limits(timeout=1.0, max_concurrent=slots)) as server:
        with ThreadPoolExecutor(clients) as pool:
            results = list(pool.map(lambda _: query(server, RUNAWAY_COUNT, "body"), range(clients)))
        assert [status for status, *_ in results] == [503] * clients
        said = [body.decode() for _, _, body, _ in results]
        ran = [text for text in said if "ran past" in text]
        waited = [text for text in said if f"busy ({slots} requests running, --max-concurrent)" in text]
        assert len(ran) + len(waited) == clients
        assert slots <= len(ran) < clients and waited
        assert query(server, "ASK {}")[0] == 200


@pytest.mark.parametrize("flags, status", [([], 403), (["--allow-service", "--timeout", "5"], 200)])
def test_serve_guard_command_flags_reach_the_guard(built, flags, status):
    """`kg serve` prints its limits and applies --allow-service."""
    path, _ = built
    command = [sys.executable, "-c", "from kg.cli import main; main()", "serve", "--store", f"oxigraph:{path}",
               "--port", "0", *flags]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines: list[str] = []
        while not any("SPARQL endpoint" in line for line in lines):
            line = process.stdout.readline()
            assert line, f"kg serve ended early: {process.stderr.read()}"
            lines.append(line)
        url = next(line.split()[-1] for line in lines if "SPARQL endpoint" in line)
        limits = next(line for line in lines if "limits:" in line)
        assert ("SERVICE allowed" if flags else "SERVICE refused") in limits
        assert ("5 s a request" if flags else "30 s a request") in limits
        text = f"SELECT * WHERE {{ SERVICE <{url}> {{ SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH ?g {{ ?s ?p ?o }} }} }} }}"
        host, port = urllib.parse.urlsplit(url).netloc.rsplit(":", 1)
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        connection.request("POST", "/query", body=text.encode(), headers={"Content-Type": "application/sparql-query"})
        response = connection.getresponse()
        assert response.status == status, response.read()
        connection.close()
    finally:
        process.terminate()
        process.communicate(timeout=20)


@pytest.mark.parametrize("left, started", [(0.05, False), (0.5, True)])
def test_serve_guard_slot_freed_too_late_is_refused_as_busy(built, left, started):
    """A slot that frees in the last tenth of a request's time is not used: the
    request is refused as busy and the slot stays free for the next one."""
    from kg.front import Refused

    path, _ = built
    with running(path, allow_update=False, limits=Limits(timeout=1.0, max_concurrent=1)) as server:
        front = server.front
        calls = []

        class Handler:  # only what relay touches before it reaches Oxigraph
            headers: dict = {}

        def fake_run(self, *args):
            calls.append(args)

        import kg.front as front_module
        original = front_module._Relay.run
        front_module._Relay.run = fake_run
        try:
            handler = Handler()
            handler.connection = type("C", (), {"settimeout": lambda self, t: None})()
            handler.timeout = None
            deadline = time.monotonic() + left
            if started:
                front.relay(handler, None, b"", 0, deadline)
            else:
                with pytest.raises(Refused, match="busy"):
                    front.relay(handler, None, b"", 0, deadline)
        finally:
            front_module._Relay.run = original
        assert bool(calls) == started
        assert front.slots.acquire(0.01), "the slot is free again"
        front.slots.release()
