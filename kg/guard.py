"""Queries that cannot act: checked before they run, run with limits.

Three plain functions stand between a user's SPARQL and the store:

- :func:`check_query` parses the text with rdflib's SPARQL grammar and
  refuses what would change the store (``INSERT``, ``DELETE``, ``LOAD``,
  ``CLEAR``, ``DROP``, ``CREATE``, ``ADD``, ``MOVE``, ``COPY``) or reach
  another address (``SERVICE``; ``LOAD`` does both), unless the caller
  allows it::

    >>> check_query("SELECT ?s WHERE { ?s ?p 'SERVICE' }")
    'select'
    >>> check_query("DROP ALL")
    Traceback (most recent call last):
    ...
    kg.errors.QueryError: the query changes the store (DROP); refused: queries are read-only unless --allow-update is given

- :func:`is_data_update` recognises, without the slow full parse, the
  updates ``kg`` itself writes (``DROP SILENT GRAPH``, ``DELETE DATA``,
  ``INSERT DATA`` over IRIs and literals): text made only of those tokens
  can neither reach another address nor run a pattern, so a server that
  accepts updates can pass it on at once::

    >>> is_data_update('INSERT DATA { GRAPH <urn:g> { <urn:s> <urn:p> "LOAD <http://x>" } }')
    True
    >>> is_data_update("LOAD <http://example.org/data.ttl>")
    False

- :func:`run_limited` runs the query in a child process that opens the
  store (read-only, unless an update was allowed) by itself, streams the
  rows back, and is killed when the time limit passes or when more rows
  than allowed arrive; the child also has a memory ceiling, so a runaway
  query ends as a :class:`~kg.errors.QueryError` and never takes the
  machine's memory with it.

The child is forked when this process has a single thread, so it starts at
once; a process with other threads (one that has opened an embedded store,
whose engine keeps worker threads, or a server) spawns a fresh interpreter
instead, since a forked copy of a multi-threaded process can deadlock on a
lock one of the missing threads held.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import resource
import time
from pathlib import Path
from typing import Any, Iterator, Mapping

from kg import errors
from kg.errors import KGError, QueryError

__all__ = ["DEFAULT_MAX_MEMORY", "DEFAULT_MAX_ROWS", "DEFAULT_TIMEOUT", "check_query", "is_data_update",
           "run_limited"]

DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_ROWS = 100_000
DEFAULT_MAX_MEMORY = 2 * 1024**3  # bytes the child may allocate beyond what it starts with
MAX_QUERY_CHARS = 1_000_000
CHUNK = 500  # rows sent back together

UPDATE_OPERATIONS = {
    "InsertData": "INSERT DATA", "DeleteData": "DELETE DATA", "DeleteWhere": "DELETE WHERE",
    "Modify": "INSERT/DELETE ... WHERE", "Load": "LOAD", "Clear": "CLEAR", "Drop": "DROP",
    "Create": "CREATE", "Add": "ADD", "Move": "MOVE", "Copy": "COPY",
}
QUERY_FORMS = {"SelectQuery": "select", "AskQuery": "ask", "ConstructQuery": "construct",
               "DescribeQuery": "describe"}


def _walk(node: Any) -> Iterator[Any]:
    """Every part of a parse tree (rdflib CompValues, pyparsing results, lists)."""
    stack = [node]
    while stack:
        item = stack.pop()
        yield item
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)) or type(item).__name__ == "ParseResults":
            stack.extend(item)


def _name(node: Any) -> str | None:
    return getattr(node, "name", None) if isinstance(node, dict) else None


def _term_text(term: Any) -> str:
    """How a SERVICE target is written: <iri>, prefix:name or ?variable."""
    from rdflib.term import Node

    if isinstance(term, Node):
        return term.n3()
    if _name(term) == "pname":
        return f"{term.get('prefix') or ''}:{term.get('localname') or ''}"
    return str(term)


def _parse(text: str) -> tuple[str, Any]:
    """('query', tree) or ('update', tree); a QueryError if it is neither."""
    from pyparsing import ParseBaseException
    from rdflib.plugins.sparql.parser import parseQuery, parseUpdate

    try:
        return "query", parseQuery(text)
    except ParseBaseException as exc:
        as_query = exc
    except RecursionError:
        raise QueryError("the query is nested too deeply to check; expected a SPARQL query of ordinary depth") from None
    try:
        return "update", parseUpdate(text)
    except (ParseBaseException, RecursionError):
        pass
    raise QueryError(
        f"not valid SPARQL (line {as_query.lineno}, column {as_query.col}): {as_query.msg}; "
        f"found {as_query.line.strip()[:120]!r}"
    ) from None


def check_query(text: str, *, allow_update: bool = False, allow_service: bool = False) -> str:
    """Check a query before it runs; return its form: select, ask, construct, describe or update.

    Refused with a :class:`~kg.errors.QueryError` that names the flag which
    would allow it: an update without ``allow_update``; a ``SERVICE`` clause,
    or a ``LOAD`` (it fetches a document), without ``allow_service``.

    >>> check_query("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }")
    Traceback (most recent call last):
    ...
    kg.errors.QueryError: the query calls another address (SERVICE <http://example.org/sparql>); refused: federated queries are off unless --allow-service is given
    """
    if not isinstance(text, str) or not text.strip():
        raise QueryError("the query is empty; expected a SPARQL SELECT, ASK, CONSTRUCT or DESCRIBE query")
    if len(text) > MAX_QUERY_CHARS:
        raise QueryError(f"the query is {len(text):,} characters long; expected at most {MAX_QUERY_CHARS:,}")
    kind, tree = _parse(text)
    names = [(_name(node), node) for node in _walk(tree)]
    for name, node in names:
        if name == "ServiceGraphPattern" and not allow_service:
            where = _term_text(node.get("term"))
            raise QueryError(f"the query calls another address (SERVICE {where}); refused: "
                             "federated queries are off unless --allow-service is given")
    if kind == "update":
        operations = [UPDATE_OPERATIONS[name] for name, _ in names if name in UPDATE_OPERATIONS]
        if not operations:
            raise QueryError("the update does nothing; expected a SPARQL query")
        if not allow_update:
            shown = ", ".join(sorted(set(operations)))
            raise QueryError(f"the query changes the store ({shown}); refused: "
                             "queries are read-only unless --allow-update is given")
        loads = [node.get("iri") for name, node in names if name == "Load"]
        if loads and not allow_service:
            raise QueryError(f"the update fetches a document from another address (LOAD <{loads[0]}>); refused: "
                             "it needs --allow-service as well as --allow-update")
        return "update"
    for name, _ in names:
        if name in QUERY_FORMS:
            return QUERY_FORMS[name]
    raise QueryError("expected a SPARQL SELECT, ASK, CONSTRUCT or DESCRIBE query")  # pragma: no cover


# --------------------------------------------------------------------------- data-only updates

_IRI = r"<[^<>\"{}|^`\\\x00-\x20]*>"
_STRING = r"\"(?:[^\"\\\n\r]|\\[tbnrf\"'\\])*\"|'(?:[^'\\\n\r]|\\[tbnrf\"'\\])*'"
# Every token a data-only update may hold. A text is accepted only when these
# tokens cover all of it, so nothing else (SERVICE, LOAD, WHERE, a prefixed
# name, a \u escape the parser would expand first) can be hidden in it.
_DATA_TOKENS = re.compile(
    r"[ \t\r\n]+|#[^\n\r]*"
    rf"|{_IRI}"
    rf"|(?:{_STRING})(?:@[A-Za-z]+(?:-[A-Za-z0-9]+)*|\^\^{_IRI})?"
    r"|_:[A-Za-z0-9_]+"
    r"|[+-]?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"
    r"|(?i:DROP|CLEAR|CREATE|SILENT|GRAPH|DEFAULT|NAMED|ALL|DELETE|INSERT|DATA|true|false|a)\b"
    r"|[{};.,]"
)
_DATA_VERBS = re.compile(r"(?i)\b(?:DROP|CLEAR|CREATE|DATA)\b")


def is_data_update(text: str) -> bool:
    r"""True when ``text`` holds nothing but graph drops and ``INSERT DATA`` /
    ``DELETE DATA`` blocks of IRIs, literals and blank nodes.

    Such an update changes the store only; it fetches nothing and calls no
    other address. Anything else (a ``WHERE`` pattern, a prefixed name, a
    ``\u`` escape, a long string) answers False: check it with :func:`check_query`.

    >>> is_data_update("DROP SILENT GRAPH <urn:g> ;\nDELETE DATA { GRAPH <urn:g> { <urn:s> <urn:p> 3 } }")
    True
    >>> is_data_update('INSERT DATA { <urn:s> <urn:p> "x" } ; INSERT { ?s ?p ?o } WHERE { SERVICE <http://x> { ?s ?p ?o } }')
    False
    """
    if not isinstance(text, str) or not _DATA_VERBS.search(text):
        return False
    if '"""' in text or "'''" in text:  # a long string would read as three short ones here
        return False
    return not _DATA_TOKENS.sub("", text)


# --------------------------------------------------------------------------- running with limits


def _open(source: str | Path | None, write: bool):
    if isinstance(source, Path):
        from kg.graphfile import open_graph_file

        return open_graph_file(source)
    from kg.stores import open_store

    return open_store(source, read_only=not write)


def _limit_memory(extra: int | None) -> None:
    """Cap the process's address space at what it uses now plus ``extra`` bytes."""
    if not extra:
        return
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            used = int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        used = 0
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = used + extra
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _quiet() -> None:
    """Send the child's own stderr (an engine's abort notes) to /dev/null: the
    parent reports every failure in one line."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
    except OSError:
        pass


def _rows(store: Any, text: str, form: str, bindings: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """The answer row by row; lazily where the store allows it (Oxigraph)."""
    from kg.stores.base import substitute

    native = getattr(store, "_store", None)
    if native is not None and type(native).__module__.startswith("pyoxigraph"):
        from kg.stores.oxigraph import from_term

        try:
            result = native.query(substitute(text, bindings))
        except SyntaxError as exc:
            raise QueryError(f"SPARQL syntax error: {exc}") from None
        if form == "ask":
            yield {"ask": bool(result)}
            return
        if form in ("construct", "describe"):
            for triple in result:
                yield {"subject": from_term(triple.subject), "predicate": from_term(triple.predicate),
                       "object": from_term(triple.object)}
            return
        names = [v.value for v in result.variables]
        for solution in result:
            yield {name: from_term(solution[name]) for name in names}
        return
    if form == "ask":
        yield {"ask": store.ask(substitute(text, bindings))}
        return
    yield from store.query(text, bindings)


def _child(conn: Any, source: str | Path | None, text: str, form: str, bindings: Mapping[str, Any],
           max_rows: int, max_memory: int | None) -> None:
    """Runs in the forked process: open, run, stream at most ``max_rows + 1`` rows."""
    try:
        _quiet()
        _limit_memory(max_memory)
        import rdflib.plugins.sparql as rdflib_sparql

        rdflib_sparql.SPARQL_LOAD_GRAPHS = False  # FROM <url> names a graph here, it never fetches one
        store = _open(source, write=form == "update")
        try:
            if form == "update":
                store.update(text)
            else:
                chunk: list[dict[str, Any]] = []
                for n, row in enumerate(_rows(store, text, form, bindings), 1):
                    chunk.append(row)
                    if len(chunk) >= CHUNK or n > max_rows:
                        conn.send(("rows", chunk))
                        chunk = []
                    if n > max_rows:
                        break
                if chunk:
                    conn.send(("rows", chunk))
        finally:
            store.close()
        conn.send(("done", None))
    except KGError as exc:
        conn.send(("error", type(exc).__name__, str(exc)))
    except MemoryError:
        conn.send(("error", "QueryError", f"the query needed more than {max_memory / 1024**2:,.0f} MB of memory; "
                                          "narrow the query"))
    except BaseException as exc:  # anything else still ends as one clear line in the parent
        conn.send(("error", "QueryError", f"the query failed: {type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def _context() -> Any:
    """Fork when single-threaded (fast); spawn otherwise (safe)."""
    try:
        threads = len(os.listdir("/proc/self/task"))
    except OSError:
        threads = 2
    return multiprocessing.get_context("fork" if threads == 1 else "spawn")


def _stopped(code: int | None, max_memory: int | None) -> str:
    """Why a child died without a word: a signal after a failed allocation, most likely."""
    import signal

    how = f"exit code {code}"
    if code is not None and code < 0:
        try:
            how = f"signal {signal.Signals(-code).name}"
        except ValueError:
            pass
    limit = f"the {max_memory / 1024**2:,.0f} MB of memory a query may use" if max_memory else "the memory available"
    return f"the query process stopped without an answer ({how}); most likely it needed more than {limit}: narrow the query"


def _raise(kind: str, message: str) -> None:
    cls = getattr(errors, kind, QueryError)
    if not (isinstance(cls, type) and issubclass(cls, KGError)):
        cls = QueryError
    raise cls(message)


def run_limited(
    source: str | Path | None,
    query: str,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_rows: int = DEFAULT_MAX_ROWS,
    bindings: Mapping[str, Any] | None = None,
    allow_update: bool = False,
    allow_service: bool = False,
    max_memory: int | None = DEFAULT_MAX_MEMORY,
) -> list[dict[str, Any]]:
    """Check and run ``query`` against a store spec (``str``, ``None`` for the
    default) or an exported graph file (``Path``) in a child process.

    Rows come back as :meth:`kg.stores.base.Store.query` gives them (an ASK
    gives ``[{"ask": bool}]``, a CONSTRUCT rows of subject, predicate and
    object; an allowed update gives ``[]``). Raises :class:`~kg.errors.QueryError`
    when the query is refused, fails, runs past ``timeout`` seconds, needs more
    than ``max_memory`` bytes, or has more than ``max_rows`` rows; a store that
    cannot be opened raises its own :class:`~kg.errors.StoreError`.
    """
    if timeout <= 0:
        raise QueryError(f"--timeout: expected a number of seconds above 0, found {timeout!r}")
    if max_rows < 0:
        raise QueryError(f"--max-rows: expected a whole number of 0 or more, found {max_rows!r}")
    form = check_query(query, allow_update=allow_update, allow_service=allow_service)
    if form == "update" and isinstance(source, Path):
        raise QueryError(f"--allow-update changes a store; {source} is an exported file, opened in memory: "
                         "name a store with --store instead")
    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, daemon=True,
                            args=(sender, source, query, form, dict(bindings or {}), max_rows, max_memory))
    child.start()
    sender.close()
    deadline = time.monotonic() + timeout
    rows: list[dict[str, Any]] = []
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not receiver.poll(remaining):
                raise QueryError(f"the query timed out after {timeout:g} s and was stopped; "
                                 "narrow the query or raise --timeout")
            try:
                message = receiver.recv()
            except EOFError:
                child.join(5)
                raise QueryError(_stopped(child.exitcode, max_memory)) from None
            if message[0] == "rows":
                rows.extend(message[1])
                if len(rows) > max_rows:
                    raise QueryError(f"the query has more than {max_rows:,} rows; narrow the query or raise --max-rows")
            elif message[0] == "error":
                _raise(message[1], message[2])
            else:
                return rows
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()
