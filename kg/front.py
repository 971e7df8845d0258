"""The HTTP front of ``kg serve``: every request is checked and bounded before
the Oxigraph server sees it.

Oxigraph listens on a private loopback port; the front listens where users
connect and passes on only what the policy allows::

    front = Front(("127.0.0.1", 41001), Limits(timeout=5))
    front.listen("127.0.0.1", 0)        # port 0: any free port
    front.url                           # 'http://127.0.0.1:43123'
    front.close()

What a request meets, in order:

1. ``Host`` must name the loopback when the front listens there (a web page
   on another site cannot reach the endpoint through DNS rebinding): 403.
2. Known paths only: ``/`` and the query page's files, ``/query``,
   ``/sparql``, ``/update``, ``/store``: 404 and 405 otherwise.
3. A body needs ``Content-Length`` (411) of at most ``max_body`` bytes, or
   ``max_upload`` for updates and Graph Store writes: 413.
4. The query goes through :func:`kg.guard.check_query`: 400 when it is not
   SPARQL, 403 when it is refused (an update on a read-only server, a
   ``SERVICE`` call without ``allow_service``). Oxigraph is then sent the
   very text that was checked, never the client's own encoding of it.
5. At most ``max_concurrent`` requests reach Oxigraph at once; the others
   wait, and get 503 if no slot frees before their time is up.
6. The answer must come within ``timeout`` seconds of the request's arrival
   and be at most ``max_bytes`` long. Answers are held back up to
   ``buffer_bytes``: one that ends within it is sent whole, with its length;
   one that breaks a limit before that is replaced by a plain-text 503 (time)
   or 507 (size). A longer answer is streamed (chunked); when it breaks a
   limit the front writes a last line saying so and closes the connection
   without ending the chunked body, so every HTTP client reports an
   incomplete response rather than taking a cut answer for a whole one.

Updates and Graph Store writes (only with ``allow_update``) are transactions
that Oxigraph finishes once started, so the time limit does not cut them.
"""

from __future__ import annotations

import http.client
import socket
import sys
import threading
import time
import urllib.parse
from collections import OrderedDict, deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterator

from kg.errors import QueryError, StoreError

__all__ = ["DEFAULT_LIMITS", "Front", "Gate", "Limits", "Refused", "read_request", "verdict"]

MiB = 2**20
PAGE_FILES = ("/", "/yasgui.min.css", "/yasgui.min.js", "/logo.svg")
RESULT_HEADERS = ("content-type", "content-disposition", "location")
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")
SAFE_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; "
                               "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
}
CHECKED_MAX = 16 * 1024  # texts up to this long keep their verdict in a cache
# A request that gets a slot with less than this share of its time limit left is
# refused as busy instead of started (it could not finish, and would pass the slot
# on as late to the next one in line).
LEAST_TIME_LEFT = 0.1


@dataclass(frozen=True)
class Limits:
    """What the front allows: the flags of ``kg serve`` and its limits."""

    timeout: float = 30.0            # seconds from arrival to the last byte of the answer
    max_bytes: int = 128 * MiB       # largest answer
    max_body: int = 256 * 1024       # largest query text (checking it parses it in Python)
    max_upload: int = 1024 * MiB     # largest update or Graph Store write (with allow_update)
    max_concurrent: int = 4          # requests at Oxigraph at once
    max_connections: int = 256       # open client connections; more get 503 at once
    buffer_bytes: int = 1 * MiB      # answers up to this size are sent whole
    allow_update: bool = False
    allow_service: bool = False

    def __post_init__(self) -> None:
        for name in ("timeout", "max_bytes", "max_body", "max_upload", "max_concurrent", "max_connections",
                     "buffer_bytes"):
            value = getattr(self, name)
            if not value > 0:
                raise StoreError(f"kg serve --{name.replace('_', '-')}: expected a number above 0, found {value!r}")


DEFAULT_LIMITS = Limits()


class Refused(Exception):
    """A request answered by the front itself: an HTTP status and a plain-text reason."""

    def __init__(self, status: int, message: str, *, close: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.close = close


# --------------------------------------------------------------------------- the policy


_check_lock = threading.Lock()  # rdflib's grammar is shared module state: one parse at a time
_verdicts: OrderedDict[tuple[str, bool, bool, bool], tuple[int, str] | None] = OrderedDict()
_verdicts_lock = threading.Lock()
VERDICTS_KEPT = 512
UNKNOWN = object()


def _check(text: str, *, allow_update: bool, allow_service: bool) -> str:
    from kg.guard import check_query

    return check_query(text, allow_update=allow_update, allow_service=allow_service)


def _verdict(text: str, as_update: bool, allow_update: bool, allow_service: bool) -> tuple[int, str] | None:
    from kg.guard import is_data_update

    if as_update and not allow_update:
        return 403, ("SPARQL updates are refused: the server is read-only; expected a query at /query "
                     "(start the server with `kg serve --allow-update` to accept updates)")
    if as_update and is_data_update(text):
        return None
    try:
        form = _check(text, allow_update=allow_update, allow_service=allow_service)
    except QueryError as refused:
        try:
            form = _check(text, allow_update=True, allow_service=True)
        except QueryError as invalid:
            return 400, str(invalid)
        if form == "update" and allow_update and not as_update:
            return 400, "an update was sent as a query; expected it as a POST to /update (application/sparql-update)"
        return 403, str(refused)
    if as_update and form != "update":
        return 400, f"a {form.upper()} query was sent as an update; expected it at /query"
    if not as_update and form == "update":
        return 400, "an update was sent as a query; expected it as a POST to /update (application/sparql-update)"
    return None


def verdict(text: str, *, as_update: bool, limits: Limits, deadline: float | None = None) -> tuple[int, str] | None:
    """``None`` when the text may go to Oxigraph, else ``(status, reason)``.

    >>> verdict("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }", as_update=False, limits=Limits())[0]
    403
    >>> verdict("SELECT * WHERE {", as_update=False, limits=Limits())[0]
    400
    >>> verdict("ASK {}", as_update=False, limits=Limits()) is None
    True
    """
    key = (text, as_update, limits.allow_update, limits.allow_service)
    kept = len(text) <= CHECKED_MAX
    known = _known(key) if kept else UNKNOWN
    if known is UNKNOWN:
        wait = -1 if deadline is None else max(0.0, deadline - time.monotonic())
        if not _check_lock.acquire(timeout=wait):
            raise Refused(503, f"the query could not be checked within the {time_limit(limits)}; "
                               "the server is busy checking others, try again")
        try:
            known = _known(key) if kept else UNKNOWN  # checked by another request while this one waited?
            if known is UNKNOWN:
                known = _verdict(*key)
                if kept:
                    _keep(key, known)
        finally:
            _check_lock.release()
    return known  # type: ignore[return-value]


def _known(key: tuple[str, bool, bool, bool]) -> object:
    """The kept verdict for ``key``, or ``UNKNOWN``."""
    with _verdicts_lock:
        if key not in _verdicts:
            return UNKNOWN
        _verdicts.move_to_end(key)
        return _verdicts[key]


def _keep(key: tuple[str, bool, bool, bool], found: tuple[int, str] | None) -> None:
    with _verdicts_lock:
        _verdicts[key] = found
        while len(_verdicts) > VERDICTS_KEPT:
            _verdicts.popitem(last=False)


def time_limit(limits: Limits) -> str:
    return f"{limits.timeout:g} s time limit (--timeout)"


# --------------------------------------------------------------------------- reading a request


@dataclass(frozen=True)
class Operation:
    """What a request asks of Oxigraph, in the form it will be sent."""

    method: str
    target: str                      # path and query string for Oxigraph
    kind: str                        # query, update, read (page, description, Graph Store GET) or write
    text: str | None = None          # the SPARQL to check, for query and update
    content_type: str | None = None


def _single(params: dict[str, list[str]], name: str) -> str | None:
    values = params.get(name)
    if not values:
        return None
    if len(values) > 1:
        raise Refused(400, f"the parameter {name!r} is given {len(values)} times; expected it once")
    return values[0]


def _decode(raw: bytes, what: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(400, f"the {what} is not UTF-8 (byte {exc.start}); expected UTF-8 text") from None


def _params(text: str, what: str) -> dict[str, list[str]]:
    try:
        return urllib.parse.parse_qs(text, keep_blank_values=True, strict_parsing=False, max_num_fields=200,
                                     errors="strict")
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refused(400, f"the {what} cannot be read as form fields: {exc}") from None


def read_request(method: str, target: str, content_type: str, body: bytes | None) -> Operation:
    """The operation a SPARQL Protocol request asks for, with the text to check.

    >>> read_request("GET", "/query?query=ASK%7B%7D", "", None)
    Operation(method='POST', target='/query', kind='query', text='ASK{}', content_type='application/sparql-query')
    >>> read_request("POST", "/update", "application/sparql-update", b"CLEAR ALL").kind
    'update'
    """
    path, _, query_string = target.partition("?")
    params = _params(query_string, "URL's query string")
    media = content_type.split(";", 1)[0].strip().lower()
    if path in PAGE_FILES:
        return Operation(method, path, "read")
    if path == "/store":
        return Operation(method, target, "read" if method in ("GET", "HEAD") else "write", content_type=content_type)
    text: str | None = None
    as_update = False
    if method in ("GET", "HEAD"):
        if "update" in params:
            raise Refused(405, "a SPARQL update must be sent by POST; expected POST /update")
        text = _single(params, "query")
        if text is None:  # the service description
            return Operation(method, path, "read")
    elif media == "application/sparql-query":
        text = _decode(body or b"", "query")
    elif media == "application/sparql-update":
        text, as_update = _decode(body or b"", "update"), True
    elif media == "application/x-www-form-urlencoded":
        form = _params(_decode(body or b"", "form"), "form")
        text, update = _single(form, "query"), _single(form, "update")
        if (text is None) == (update is None):
            raise Refused(400, "expected one form field 'query' or 'update'; found "
                               f"{', '.join(sorted(form)) or 'none'}")
        if update is not None:
            text, as_update = update, True
        params = {k: v for k, v in {**form, **params}.items() if k not in ("query", "update")}
    else:
        raise Refused(415, f"cannot read a body of type {media or 'none'!r}; expected application/sparql-query, "
                           "application/sparql-update or application/x-www-form-urlencoded")
    if path == "/update" and not as_update:
        raise Refused(400, "/update takes SPARQL updates; expected the query at /query")
    if path == "/query" and as_update:
        raise Refused(400, "/query takes SPARQL queries; expected the update at /update")
    rest = [(k, v) for k, values in params.items() if k not in ("query", "update") for v in values]
    target = ("/update" if as_update else "/query") + ("?" + urllib.parse.urlencode(rest) if rest else "")
    media = "application/sparql-update" if as_update else "application/sparql-query"
    return Operation("POST", target, "update" if as_update else "query", text, media)


# --------------------------------------------------------------------------- the server


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], front: "Front") -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.front = front
        self.connections = threading.BoundedSemaphore(front.limits.max_connections)
        self.open_sockets: set[socket.socket] = set()
        self.sockets_lock = threading.Lock()
        super().__init__(address, _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.connections.acquire(blocking=False):
            body = (f"too many open connections (over {self.front.limits.max_connections}); try again\n").encode()
            try:
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                                b"Retry-After: 1\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            except OSError:
                pass
            self.shutdown_request(request)
            return
        with self.sockets_lock:
            self.open_sockets.add(request)
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self.sockets_lock:
                self.open_sockets.discard(request)
            self.connections.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Quiet when a connection broke (the client left, or the front is stopping); a bug still shows."""
        if isinstance(sys.exc_info()[1], (OSError, ValueError)):
            return
        super().handle_error(request, client_address)

    def close_all(self) -> None:
        with self.sockets_lock:
            for sock in list(self.open_sockets):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


class Gate:
    """At most ``size`` holders at once; the others wait their turn, first come first served
    (a plain semaphore lets a newcomer take a freed slot before those waiting,
    and under load some requests would wait past their time limit).

    >>> gate = Gate(1)
    >>> gate.acquire(0.01), gate.acquire(0.01)
    (True, False)
    >>> gate.release(); gate.acquire(0.01)
    True
    """

    def __init__(self, size: int) -> None:
        self._free = size
        self._waiting: deque[threading.Event] = deque()
        self._lock = threading.Lock()

    def acquire(self, timeout: float | None) -> bool:
        """Take a slot within ``timeout`` seconds (``None``: however long it takes)."""
        with self._lock:
            if self._free and not self._waiting:
                self._free -= 1
                return True
            turn = threading.Event()
            self._waiting.append(turn)
        if turn.wait(timeout):
            return True
        with self._lock:
            if turn.is_set():  # handed a slot just as the wait ended
                return True
            self._waiting.remove(turn)
            return False

    def release(self) -> None:
        with self._lock:
            if self._waiting:
                self._waiting.popleft().set()  # the slot passes straight to the longest waiter
            else:
                self._free += 1


class Front:
    """The guard in front of one Oxigraph server at ``upstream`` (host, port)."""

    def __init__(self, upstream: tuple[str, int], limits: Limits = DEFAULT_LIMITS) -> None:
        self.upstream = upstream
        self.limits = limits
        self.slots = Gate(limits.max_concurrent)
        self.server_name = "kg-serve"  # replaced by Oxigraph's own Server header once known
        self.loopback_only = True
        self.host_names: frozenset[str] = frozenset(LOOPBACK_NAMES)
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def address(self) -> tuple[str, int]:
        if self._server is None:
            raise StoreError("the front is not listening; expected listen() first")
        host, port = self._server.server_address[:2]
        return str(host), int(port)

    @property
    def url(self) -> str:
        host, port = self.address
        host = "127.0.0.1" if host in ("0.0.0.0", "") else (f"[{host}]" if ":" in host else host)
        if host == "[::]":
            host = "[::1]"
        return f"http://{host}:{port}"

    def listen(self, bind: str = "127.0.0.1", port: int = 0) -> "Front":
        """Bind ``bind:port`` and serve in a background thread."""
        _check("ASK {}", allow_update=False, allow_service=False)  # load the grammar before the first client
        try:
            self._server = _Server((bind.strip("[]"), port), self)
        except OSError as exc:
            raise StoreError(f"kg serve cannot listen on {bind}:{port}: {exc.strerror or exc}; "
                             "expected a free port (choose another with --port) and a local address (--bind)") from None
        self.loopback_only = _is_loopback(bind)
        self.host_names = frozenset({*LOOPBACK_NAMES, bind.lower(), f"[{bind.strip('[]').lower()}]"})
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.2},
                                        name="kg-serve-front", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop listening and end the open connections."""
        server, self._server = self._server, None
        if server is None:
            return
        server.shutdown()
        server.server_close()
        server.close_all()
        if self._thread is not None:
            self._thread.join(5)

    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def relay(self, handler: "_Handler", op: Operation, body: bytes | Iterator[bytes] | None, length: int,
              deadline: float | None) -> None:
        """Send ``op`` to Oxigraph and its answer back to the client, within the limits."""
        limits = self.limits
        got = self.slots.acquire(_remaining(deadline))
        if got and deadline is not None and deadline - time.monotonic() < limits.timeout * LEAST_TIME_LEFT:
            # A slot freed as this request's time was running out: starting it would
            # only pass its time on to Oxigraph, and hand the slot on just as late to
            # the next in line. It waited; it is refused as busy.
            self.slots.release()
            got = False
        if not got:
            raise Refused(503, f"the server is busy ({limits.max_concurrent} requests running, --max-concurrent) "
                               f"and none ended within the {time_limit(limits)}; try again")
        upstream = http.client.HTTPConnection(*self.upstream, timeout=_remaining(deadline))
        try:
            _Relay(handler, limits, deadline).run(upstream, op, body, length, handler.headers.get("Accept"))
        finally:
            upstream.close()
            self.slots.release()
            handler.connection.settimeout(handler.timeout)


def _remaining(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    return max(0.001, deadline - time.monotonic())


def _is_loopback(bind: str) -> bool:
    host = bind.strip("[]")
    return host in ("localhost", "::1") or host.startswith("127.")


class _Relay:
    """One upstream exchange: the answer held back, then streamed, within the limits."""

    def __init__(self, handler: "_Handler", limits: Limits, deadline: float | None) -> None:
        self.handler = handler
        self.limits = limits
        self.deadline = deadline
        self.streaming = False

    def run(self, upstream: http.client.HTTPConnection, op: Operation, body: bytes | Iterator[bytes] | None,
            length: int, accept: str | None) -> None:
        try:
            upstream.putrequest(op.method, op.target, skip_accept_encoding=True)
            if accept:
                upstream.putheader("Accept", accept)
            if op.content_type and op.method not in ("GET", "HEAD"):
                upstream.putheader("Content-Type", op.content_type)
            if op.method not in ("GET", "HEAD"):
                upstream.putheader("Content-Length", str(length))
            upstream.endheaders()
            for part in ([body] if isinstance(body, bytes) else body or []):
                upstream.send(part)
            sock = upstream.sock
            self._tick(sock)
            response = upstream.getresponse()
        except TimeoutError:
            raise Refused(503, self._late()) from None
        except (OSError, http.client.HTTPException) as exc:
            raise Refused(502, f"the Oxigraph server did not answer ({exc}); expected it on "
                               f"{upstream.host}:{upstream.port}: it may have stopped", close=True) from None
        server = response.getheader("Server")
        if server:
            self.handler.server.front.server_name = server
        self._answer(response, sock, head=op.method == "HEAD" or self.handler.command == "HEAD")

    def _tick(self, sock: socket.socket | None) -> None:
        """Bound the next read from Oxigraph and write to the client by the time left."""
        if sock is not None and self.deadline is not None:
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            sock.settimeout(remaining)
            self.handler.connection.settimeout(remaining)  # a client that reads slowly holds a slot no longer

    def _late(self) -> str:
        return (f"the query ran past the {time_limit(self.limits)} and was stopped; "
                "narrow it (LIMIT, fewer patterns) or raise --timeout")

    def _answer(self, response: http.client.HTTPResponse, sock: socket.socket | None, head: bool) -> None:
        limits, handler = self.limits, self.handler
        hold = min(limits.buffer_bytes, limits.max_bytes)
        held = bytearray()
        total = 0
        headers = [(name, value) for name, value in response.getheaders() if name.lower() in RESULT_HEADERS]
        try:
            while not head:
                self._tick(sock)
                part = response.read1(64 * 1024)
                if not part:
                    break
                total += len(part)
                if total > limits.max_bytes:
                    raise _TooBig
                if self.streaming:
                    handler.write_chunk(part)
                    continue
                held += part
                if len(held) > hold:
                    handler.start_answer(response.status, headers, None)
                    self.streaming = True
                    handler.write_chunk(bytes(held))
                    held.clear()
        except _TooBig:
            self._stop(507, f"the answer is larger than {limits.max_bytes:,} bytes (--max-bytes) and was stopped; "
                            "narrow the query (LIMIT) or raise --max-bytes")
            return
        except TimeoutError:
            self._stop(503, self._late())
            return
        except (OSError, http.client.HTTPException) as exc:
            self._stop(502, f"the Oxigraph server broke off its answer ({exc})")
            return
        if self.streaming:
            handler.end_chunks()
        elif head:
            handler.start_answer(response.status, headers, None, body=False)
        else:
            handler.start_answer(response.status, headers, len(held))
            handler.write_all(bytes(held))

    def _stop(self, status: int, message: str) -> None:
        if not self.streaming:
            raise Refused(status, message)
        self.handler.write_chunk(f"\n\n# kg serve: {message}\n".encode("utf-8"))
        self.handler.close_connection = True  # no closing chunk: the client sees the answer as incomplete


class _TooBig(Exception):
    """The answer passed --max-bytes."""


class _ClientGone(Exception):
    """Writing to the client failed: it left, or read too slowly for the time limit."""


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 30  # seconds a client may stay silent, between or inside requests
    server: _Server
    chunked = False

    def version_string(self) -> str:
        return self.server.front.server_name

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the name the base class uses
        """Quiet: the front answers clients, it keeps no access log."""

    def do_GET(self) -> None:  # noqa: N802 - the base class's naming
        self._handle()

    do_HEAD = do_POST = do_PUT = do_DELETE = do_OPTIONS = do_PATCH = do_GET

    def _handle(self) -> None:
        front = self.server.front
        limits = front.limits
        arrived = time.monotonic()
        try:
            self._check_host(front)
            path = self.path.partition("?")[0]
            self._check_method(path, limits)
            writes = limits.allow_update and self.command != "GET" and path in ("/store", "/update", "/sparql")
            length = self._length(limits.max_upload if writes else limits.max_body)
            if path == "/store" and self.command not in ("GET", "HEAD"):
                op = read_request(self.command, self.path, self.headers.get("Content-Type", ""), None)
                body: bytes | Iterator[bytes] | None = self._stream_body(length)
                front.relay(self, op, body, length, None)
                return
            raw = self.rfile.read(length) if length else b""
            if len(raw) < length:
                raise Refused(400, f"the body ended after {len(raw):,} of {length:,} bytes (Content-Length)", close=True)
            op = read_request(self.command, self.path, self.headers.get("Content-Type", ""), raw)
            deadline = None if op.kind in ("update", "write") else arrived + limits.timeout
            if op.kind == "query" and len(raw) > limits.max_body:
                raise Refused(413, f"the query is {len(raw):,} bytes long; expected at most {limits.max_body:,} "
                                   "(--max-body)", close=True)
            if op.text is not None:
                refused = verdict(op.text, as_update=op.kind == "update", limits=limits, deadline=deadline)
                if refused:
                    raise Refused(*refused)
            data = op.text.encode("utf-8") if op.text is not None else (raw if op.method not in ("GET", "HEAD") else None)
            front.relay(self, op, data, len(data or b""), deadline)
        except Refused as answer:
            self.send_plain(answer.status, answer.message, close=answer.close)
        except (ConnectionError, TimeoutError, _ClientGone):
            self.close_connection = True

    def _check_host(self, front: Front) -> None:
        if not front.loopback_only:
            return
        host = (self.headers.get("Host") or "127.0.0.1").strip().lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if name not in front.host_names:
            raise Refused(403, f"Host {host!r} refused: this server listens on the loopback only; expected "
                               f"one of {', '.join(sorted(front.host_names))}")

    def _check_method(self, path: str, limits: Limits) -> None:
        allowed = ("GET", "HEAD")
        if path in ("/query", "/sparql"):
            allowed = ("GET", "HEAD", "POST")
        elif path == "/update":
            allowed = ("POST",)
        elif path == "/store":
            allowed = ("GET", "HEAD", "POST", "PUT", "DELETE") if limits.allow_update else ("GET", "HEAD")
        elif path not in PAGE_FILES:
            raise Refused(404, f"{path} is not served here; expected one of / (query page), /query, /sparql, "
                               "/update, /store")
        if self.command in allowed:
            if path == "/update" and not limits.allow_update:
                raise Refused(403, "SPARQL updates are refused: the server is read-only; expected a query at /query "
                                   "(start the server with `kg serve --allow-update` to accept updates)", close=True)
            return
        if path == "/store" and self.command in ("POST", "PUT", "DELETE"):
            raise Refused(403, f"{self.command} /store changes the store; refused: the server is read-only "
                               "(start it with `kg serve --allow-update` to accept Graph Store writes)", close=True)
        raise Refused(405, f"{self.command} {path} is not supported; expected {' or '.join(allowed)}", close=True)

    def _length(self, limit: int) -> int:
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            raise Refused(411, "a chunked request body is not accepted; expected a Content-Length", close=True)
        given = self.headers.get("Content-Length")
        if self.command in ("GET", "HEAD", "DELETE"):
            if given not in (None, "0"):
                raise Refused(400, f"{self.command} takes no body; found Content-Length {given}", close=True)
            return 0
        if given is None:
            raise Refused(411, f"{self.command} {self.path.partition('?')[0]} needs a Content-Length", close=True)
        try:
            length = int(given)
        except ValueError:
            raise Refused(400, f"Content-Length {given!r} is not a whole number", close=True) from None
        if length < 0:
            raise Refused(400, f"Content-Length {length} is negative", close=True)
        if length > limit:
            flag = "--max-body" if limit == self.server.front.limits.max_body else "--max-upload"
            raise Refused(413, f"the request body is {length:,} bytes; expected at most {limit:,} ({flag})", close=True)
        return length

    def _stream_body(self, length: int) -> Iterator[bytes]:
        left = length
        while left > 0:
            part = self.rfile.read(min(left, 256 * 1024))
            if not part:
                raise ConnectionError("the client closed the connection before the end of its body")
            left -= len(part)
            yield part

    # --- writing the answer

    def _safe_headers(self) -> None:
        for name, value in SAFE_HEADERS.items():
            self.send_header(name, value)

    def start_answer(self, status: int, headers: list[tuple[str, str]], length: int | None, *,
                     body: bool = True) -> None:
        """The status line and headers: with the length when known, else chunked
        (or, for an HTTP/1.0 client, the body up to the connection's end)."""
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self._safe_headers()
        self.chunked = body and length is None and self.request_version != "HTTP/1.0"
        if length is not None:
            self.send_header("Content-Length", str(length))
        elif self.chunked:
            self.send_header("Transfer-Encoding", "chunked")
        elif body:
            self.close_connection = True
            self.send_header("Connection", "close")
        try:
            self.end_headers()
        except OSError as exc:
            raise _ClientGone from exc

    def write_all(self, data: bytes) -> None:
        try:
            self.wfile.write(data)
        except OSError as exc:
            raise _ClientGone from exc

    def write_chunk(self, data: bytes) -> None:
        if data:
            self.write_all(b"%x\r\n%s\r\n" % (len(data), data) if self.chunked else data)

    def end_chunks(self) -> None:
        if self.chunked:
            self.write_all(b"0\r\n\r\n")

    def send_plain(self, status: int, message: str, *, close: bool = False) -> None:
        body = (message.rstrip("\n") + "\n").encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self._safe_headers()
        if status == 503:
            self.send_header("Retry-After", "1")
        if close or status == 502:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
