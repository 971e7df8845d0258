"""``kg serve``: the real Oxigraph server over a built store, read-only unless
asked, with clear errors for a missing or locked store, stopped cleanly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from kg import answers
from kg.errors import QueryError, StoreError, StoreLockedError
from kg.serve import start_server
from kg.stores import open_store
from conftest import ROOT, build_store
from oxigraph_server import binary, running

pytestmark = pytest.mark.server

HOLD_OPEN = "import sys, time; from kg.stores import open_store; s = open_store(sys.argv[1]); print('open', flush=True); time.sleep(60)"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The seed corpus built into an embedded store, then closed (as after `kg build`)."""
    path = tmp_path_factory.mktemp("served") / "store"
    store, _ = build_store(f"oxigraph:{path}")
    expected = answers.commitments(store)
    store.close()
    return path, expected


def test_serve_read_only_answers_like_the_embedded_store(built):
    path, expected = built
    with running(path, allow_update=False) as server:
        remote = open_store(server.spec)
        assert answers.commitments(remote) == expected
        with pytest.raises(QueryError, match="403"):
            remote.update("INSERT DATA { GRAPH <urn:kg:g> { <urn:kg:s> <urn:kg:p> 1 } }")
        with urllib.request.urlopen(server.base_url + "/", timeout=5) as page:
            assert page.status == 200 and b"<html" in page.read(2000).lower()


def test_serve_holds_the_store_against_writers(built):
    path, _ = built
    with running(path, allow_update=False):
        writer = subprocess.run([sys.executable, "-c", HOLD_OPEN, f"oxigraph:{path}"], cwd=ROOT,
                                capture_output=True, text=True, timeout=60)
        assert writer.returncode != 0
        assert "StoreLockedError" in writer.stderr and "another process" in writer.stderr


@pytest.mark.parametrize("allow_update", [False, True])
def test_serve_refuses_a_store_another_process_writes(built, allow_update):
    path, _ = built
    holder = subprocess.Popen([sys.executable, "-c", HOLD_OPEN, f"oxigraph:{path}"], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "open"
        binary()
        with pytest.raises(StoreLockedError, match="another process"):
            start_server(path, port=0, allow_update=allow_update)
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.parametrize("allow_update, message", [(False, "no store at"), (True, None)])
def test_serve_missing_store(tmp_path, allow_update, message):
    binary()
    path = tmp_path / "nothing-here"
    if message:
        with pytest.raises(StoreError, match=message):
            start_server(path, port=0, allow_update=allow_update)
        assert not path.exists()
    else:
        with start_server(path, port=0, allow_update=True) as server:
            store = open_store(server.spec)
            store.replace_graphs({"urn:kg:g": [("<urn:kg:s>", "<urn:kg:p>", '"x"')]})
            assert store.graph_names() == {"urn:kg:g"}


def test_serve_stop_ends_the_process_and_frees_the_port(built):
    path, _ = built
    server = start_server(path, port=0)
    pid = server.pid
    assert server.stop() == 0
    assert not server.running()
    with pytest.raises(OSError):
        os.kill(pid, 0)  # gone (reaped by stop)
    with pytest.raises(OSError):
        urllib.request.urlopen(server.base_url + "/query?query=ASK%7B%7D", timeout=2)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("stop_with, inherited", [
    (signal.SIGTERM, None),
    (signal.SIGINT, None),
    # a parent that ignores SIGINT (a script with `trap '' INT`) passes that on: Ctrl-C must still stop it
    (signal.SIGINT, _ignore_sigint),
])
def test_serve_command_runs_until_stopped(built, stop_with, inherited):
    """`kg serve` prints its endpoints, answers, and stops cleanly on a signal."""
    path, _ = built
    binary()
    kg = [sys.executable, "-c", "from kg.cli import main; main()"]
    command = kg + ["serve", "--store", f"oxigraph:{path}", "--port", "0"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=inherited)
    try:
        lines = []
        while not any("SPARQL endpoint" in line for line in lines):
            line = process.stdout.readline()
            assert line, f"kg serve ended early: {process.stderr.read()}"
            lines.append(line)
        url = next(line.split()[-1] for line in lines if "SPARQL endpoint" in line)
        assert any("query page" in line for line in lines)
        assert open_store(f"sparql:{url}").ask("ASK { GRAPH ?g { ?s ?p ?o } }")
        process.send_signal(stop_with)
        # (the command's own shutdown is bounded: the guard's threads 5 s, the server 10 s after SIGTERM and
        # 10 s more after SIGKILL)
        out, err = process.communicate(timeout=40)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert "stopping the server" in out
    time.sleep(0.2)
    with pytest.raises(OSError):
        urllib.request.urlopen(url + "?query=ASK%7B%7D", timeout=2)


def test_serve_command_error_for_a_memory_store():
    from typer.testing import CliRunner

    from kg.cli import app

    result = CliRunner().invoke(app, ["serve", "--store", "memory"])
    assert result.exit_code != 0
    assert "on-disk Oxigraph store" in str(result.exception or result.output)
