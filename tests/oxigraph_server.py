"""A real Oxigraph server for tests: started on a free port, stopped by its PID.

The server is the binary of the ``oxigraph`` package (``.venv/bin/oxigraph``);
tests that need it are skipped, with the reason, only when it is missing::

    with running(tmp_path / "store") as server:
        store = open_store(server.spec)       # sparql:http://127.0.0.1:PORT/query
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from kg.errors import StoreError
from kg.serve import ServerHandle, oxigraph_binary, start_server

__all__ = ["binary", "running"]


def binary() -> str:
    """The server executable, or skip the calling test."""
    try:
        return oxigraph_binary()
    except StoreError as exc:
        pytest.skip(f"no Oxigraph server binary: {exc}")


@contextmanager
def running(location: Path, *, allow_update: bool = True, **options) -> Iterator[ServerHandle]:
    """A server on ``location`` (read-write unless told), stopped on exit."""
    binary()
    handle = start_server(location, port=0, allow_update=allow_update, **options)
    try:
        yield handle
    finally:
        handle.stop()
        assert not handle.running(), f"the Oxigraph server (pid {handle.pid}) did not stop"
