"""A SPARQL endpoint over the store: the Oxigraph server of the ``oxigraph``
package, behind a guard.

``kg serve`` runs ``oxigraph serve-read-only`` (or ``serve`` with
``--allow-update``) on the store folder, bound to a private loopback port,
and puts :class:`kg.front.Front` where users connect. The front checks every
query with :func:`kg.guard.check_query` (no updates unless ``--allow-update``,
no ``SERVICE`` unless ``--allow-service``) and bounds its time, the size of
its answer and of its body, and how many run at once. Other tools query the
same graph ``kg`` answers from: a notebook, Fuseki or GraphDB federating with
``SERVICE <http://127.0.0.1:7878/query>``, or ``kg`` itself with
``--store sparql:http://127.0.0.1:7878/query``::

    handle = start_server(".kg/store", port=0)     # port 0: any free port
    handle.query_url                                # 'http://127.0.0.1:41234/query'
    handle.upstream_url                             # Oxigraph itself, loopback only
    handle.stop()

While it serves read-only, this process holds the store's lock file, so a
``kg build`` on the same folder stops with a clear "locked" error instead of
writing under a running server (Oxigraph's read-write server takes the lock
itself).
"""

from __future__ import annotations

import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Callable

from kg.errors import StoreError, StoreLockedError
from kg.front import DEFAULT_LIMITS, Front, Limits

__all__ = ["Limits", "ServerHandle", "oxigraph_binary", "serve", "start_server", "store_location"]

ASK = "/query?query=ASK%7B%7D"


def oxigraph_binary() -> str:
    """The ``oxigraph`` executable: on ``PATH``, or next to this Python (a virtualenv)."""
    found = shutil.which("oxigraph")
    if found:
        return found
    beside = Path(sys.executable).parent / "oxigraph"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    raise StoreError(
        f"no 'oxigraph' executable on PATH or in {beside.parent}; expected the server of the 'oxigraph' "
        "package: pip install 'oxigraph>=0.5.13,<0.6'"
    )


def store_location(spec: str | None) -> Path:
    """The folder of an embedded Oxigraph store spec (``oxigraph:PATH``, default ``.kg/store``)."""
    from kg.stores import DEFAULT_PATH, parse_spec

    spec = spec or os.environ.get("KG_STORE") or "oxigraph"
    name, where = parse_spec(spec)
    if name != "oxigraph":
        raise StoreError(f"kg serve serves an on-disk Oxigraph store ('oxigraph:PATH'); found {spec!r}")
    return Path(where or DEFAULT_PATH)


def free_port(bind: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((bind, 0))
        return int(sock.getsockname()[1])


@dataclass
class ServerHandle:
    """A running Oxigraph server behind its guard: the endpoints users reach
    (``base_url`` is the front), and how to stop both."""

    process: subprocess.Popen
    base_url: str
    location: Path
    read_only: bool
    log: IO[bytes]
    lock: Any = field(default=None, repr=False)
    upstream_url: str = ""
    front: Front | None = field(default=None, repr=False)

    @property
    def query_url(self) -> str:
        return self.base_url + "/query"

    @property
    def update_url(self) -> str:
        return self.base_url + "/update"

    @property
    def store_url(self) -> str:
        return self.base_url + "/store"

    @property
    def spec(self) -> str:
        """The store spec other ``kg`` commands use to query this server."""
        return f"sparql:{self.query_url}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 10.0) -> int:
        """Stop the front, then the server (SIGTERM, then SIGKILL after ``timeout``); its exit code."""
        if self.front is not None:
            self.front.close()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout)
        if self.lock is not None:
            self.lock.close()
            self.lock = None
        self.log.close()
        code = int(self.process.returncode or 0)
        return 0 if code == -signal.SIGTERM else code

    def __enter__(self) -> "ServerHandle":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _hold_lock(location: Path) -> Any:
    """Take RocksDB's lock on the store (as a writer would), or say who has it."""
    try:
        import fcntl
    except ImportError:  # not POSIX: nothing to hold
        return None
    handle = open(location / "LOCK", "a+b")  # noqa: SIM115 - held until the server stops
    try:
        fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise StoreLockedError(
            f"store {location}: another process holds it open for writing (a `kg build`, or `kg serve "
            "--allow-update`); wait for it to finish or stop it, then serve again"
        ) from None
    return handle


def start_server(
    location: Path | str,
    *,
    port: int = 7878,
    bind: str = "127.0.0.1",
    allow_update: bool = False,
    timeout: float = 30.0,
    allow_service: bool = False,
    limits: Limits = DEFAULT_LIMITS,
) -> ServerHandle:
    """Start the Oxigraph server on a store folder behind its guard, and wait until it answers.

    Read-only unless ``allow_update``; ``SERVICE`` refused unless
    ``allow_service``; ``port=0`` picks a free port; ``timeout`` is how long
    to wait for the start, ``limits`` what every request may take. The store
    must exist, except with ``allow_update`` (an empty store is created).
    """
    limits = replace(limits, allow_update=allow_update, allow_service=allow_service)
    location = Path(location)
    exists = (location / "CURRENT").is_file()
    if not exists and not allow_update:
        raise StoreError(
            f"no store at {location}: build one first with `kg build CORPUS_DIR --store oxigraph:{location}`, "
            "or serve an empty one with --allow-update"
        )
    if location.exists() and not location.is_dir():
        raise StoreError(f"store {location}: expected a folder, found a file")
    binary = oxigraph_binary()
    lock = _hold_lock(location) if exists and not allow_update else None
    private = free_port("127.0.0.1")
    # Oxigraph's own limit, a little after the front's: a query the front has
    # given up on (it may still be counting, with nothing written) stops too.
    command = [binary, "serve" if allow_update else "serve-read-only", "--location", str(location),
               "--bind", f"127.0.0.1:{private}", "--timeout-s", str(math.ceil(limits.timeout) + 1)]
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    upstream = f"http://127.0.0.1:{private}"
    handle = ServerHandle(process, upstream, location, not allow_update, log, lock, upstream_url=upstream)
    try:
        _wait_until_ready(handle, timeout)
        handle.front = Front(("127.0.0.1", private), limits).listen(bind, port)
        handle.base_url = handle.front.url
    except BaseException:
        handle.stop()
        raise
    return handle


def _wait_until_ready(handle: ServerHandle, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if handle.process.poll() is not None:
            said = _first_error(handle.log)
            if "lock" in said.lower():
                raise StoreLockedError(
                    f"store {handle.location}: another process holds it open for writing (a `kg build` or another "
                    f"server); stop it first. The server said: {said}"
                )
            raise StoreError(f"the Oxigraph server on {handle.upstream_url} stopped at start-up "
                             f"(exit code {handle.process.returncode}): {said or 'no message'}")
        try:
            with urllib.request.urlopen(handle.upstream_url + ASK, timeout=2) as response:  # noqa: S310 - our own server
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            raise StoreError(f"the Oxigraph server on {handle.upstream_url} did not answer within {timeout:.0f} s")
        time.sleep(0.05)


def _first_error(log: IO[bytes]) -> str:
    """The server's own message, without the stack trace that follows it."""
    log.seek(0)
    lines = [line.strip() for line in log.read().decode("utf-8", "replace").splitlines() if line.strip()]
    wanted = [line for line in lines if line.startswith("Error")] or lines
    return wanted[0][:500] if wanted else ""


def serve(
    location: Path | str,
    *,
    port: int = 7878,
    bind: str = "127.0.0.1",
    allow_update: bool = False,
    allow_service: bool = False,
    limits: Limits = DEFAULT_LIMITS,
    echo: Callable[[str], None] = print,
) -> int:
    """Serve a store until Ctrl-C or SIGTERM, then stop the server; its exit code."""

    def stop_on_term(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    # both signals stop it, whatever this process inherited: a parent that ignores SIGINT (a script run with
    # `trap '' INT`, some test runners) passes that on, and Ctrl-C would then do nothing
    previous = {signum: signal.signal(signum, stop_on_term) for signum in (signal.SIGTERM, signal.SIGINT)}
    handle: ServerHandle | None = None
    try:
        handle = start_server(location, port=port, bind=bind, allow_update=allow_update, allow_service=allow_service,
                              limits=limits)
        mode = "read-write" if allow_update else "read-only"
        echo(f"serving {handle.location} ({mode}) with Oxigraph, pid {handle.pid}, behind a guard")
        echo("  " + describe_limits(handle.front.limits if handle.front else limits))
        if not handle.front or not handle.front.loopback_only:
            echo(f"  listening on {bind}: other machines can reach it (nothing asks who they are)")
        echo(f"  query page:       {handle.base_url}/")
        echo(f"  SPARQL endpoint:  {handle.query_url}")
        if allow_update:
            echo(f"  SPARQL update:    {handle.update_url}")
            echo(f"  Graph Store:      {handle.store_url}")
        echo(f"  from kg:          --store {handle.spec}")
        echo("press Ctrl-C to stop")
        code = handle.process.wait()
        echo(f"the server stopped by itself (exit code {code})")
        return code or 1
    except KeyboardInterrupt:
        echo("stopping the server")
        return 0
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if handle is not None:
            handle.stop()


def describe_limits(limits: Limits) -> str:
    """One line saying what the guard lets through.

    >>> describe_limits(Limits())
    'limits: 30 s a request, answers up to 128 MiB, queries up to 256 KiB, 4 at a time; updates refused; SERVICE refused'
    """
    def size(n: int) -> str:
        for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
            if n >= scale and n % scale == 0:
                return f"{n // scale} {unit}"
        return f"{n:,} bytes"

    bounds = ", ".join([f"{limits.timeout:g} s a request", f"answers up to {size(limits.max_bytes)}",
                        f"queries up to {size(limits.max_body)}", f"{limits.max_concurrent} at a time"])
    updates = f"updates up to {size(limits.max_upload)}" if limits.allow_update else "updates refused"
    service = "SERVICE allowed" if limits.allow_service else "SERVICE refused"
    return f"limits: {bounds}; {updates}; {service}"
