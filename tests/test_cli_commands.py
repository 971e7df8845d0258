"""The ``kg`` command: thin wrappers whose JSON is a contract."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from kg.cli import app

from conftest import ROOT, build_store

runner = CliRunner()

STATEMENT_KEYS = {"speaker", "speaker_party", "kind", "text", "said_on", "channel", "document", "start", "end"}
RELEASE_KEYS = {"releaser", "released_party", "count", "cumulative", "date_from", "date_to", "place", "source", "documents"}
COMMITMENT_KEYS = {"id", "obligor", "action", "counterparty", "target_count", "upper_bound", "deadline", "agreement",
                   "achieved", "share", "status", "overdue", "late", "evidence"}


@pytest.fixture(scope="module")
def store_spec(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "store"
    store, _ = build_store(f"oxigraph:{path}")
    store.close()
    return f"oxigraph:{path}"


def _json(args: list[str]) -> list[dict]:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("source", ["store", "trig", "ttl"])
def test_cli_commitments_json_contract(store_spec, source):
    where = ["--store", store_spec] if source == "store" else ["--graph", str(ROOT / "exports" / f"graph.{source}")]
    records = _json(["commitments", "--as-of", "2020-04-13", "--format", "json", *where])
    assert records and all(COMMITMENT_KEYS <= set(r) for r in records)
    gov = [r for r in records if r["obligor"] == "Government of Afghanistan" and r["target_count"] == 5000][0]
    assert (gov["status"], gov["achieved"], gov["share"], gov["overdue"], gov["late"]) == ("in_progress", 300, 0.06, True, False)
    assert gov["deadline"] == "2020-03-10" and gov["upper_bound"] is False
    assert all(set(e) >= {"document", "start", "end", "text"} for e in gov["evidence"])
    assert gov["status"] in ("not_started", "in_progress", "fulfilled")


def test_cli_statements_json_contract(store_spec):
    records = _json(["statements", "--speaker", "khalilzad", "--format", "json", "--store", store_spec])
    assert records and all(STATEMENT_KEYS <= set(r) for r in records)
    assert {r["speaker"] for r in records} == {"Zalmay Khalilzad"}
    assert {r["speaker_party"] for r in records} == {"United States"}
    assert {r["kind"] for r in records} == {"direct", "reported"}
    assert "Twitter" in {r["channel"] for r in records}
    for r in records:
        assert isinstance(r["start"], int) and isinstance(r["end"], int)


def test_cli_statements_party_filter(store_spec):
    records = _json(["statements", "--party", "Taliban", "--format", "json", "--store", store_spec])
    assert records and {r["speaker_party"] for r in records} == {"Taliban"}


def test_cli_releases_json_contract(store_spec):
    records = _json(["releases", "--format", "json", "--store", store_spec])
    assert records and all(RELEASE_KEYS <= set(r) for r in records)
    assert all(isinstance(r["cumulative"], bool) and isinstance(r["documents"], list) for r in records)


@pytest.mark.parametrize("fmt, marker", [("table", "Commitments"), ("csv", "obligor,action")])
def test_cli_commitments_table_and_csv(store_spec, fmt, marker):
    result = runner.invoke(app, ["commitments", "--format", fmt, "--store", store_spec])
    assert result.exit_code == 0, result.output
    assert marker in result.stdout
    assert "Taliban" in result.stdout


def test_cli_query_by_name_and_file(store_spec, tmp_path):
    rows = _json(["query", "most-quoted", "--format", "json", "--store", store_spec])
    assert rows[0]["statements"] >= rows[-1]["statements"]
    rq = tmp_path / "count.rq"
    rq.write_text("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", encoding="utf-8")
    rows = _json(["query", str(rq), "--format", "json", "--store", store_spec])
    assert rows[0]["n"] > 800


def test_cli_sources_and_network(store_spec):
    weak = _json(["sources", "--weak", "--format", "json", "--store", store_spec])
    assert weak and all(r["single_source"] or r["anonymous"] for r in weak)
    ranks = _json(["network", "--format", "json", "--store", store_spec])
    counts = [r["statements"] for r in ranks if r["statements"] is not None]
    assert counts == sorted(counts, reverse=True) and counts[0] >= 4
    assert "Zalmay Khalilzad" in {r["most_quoted"] for r in ranks}


def test_cli_errors_are_one_clear_line(tmp_path):
    """Run as users do: the console script, an error message, exit code 2."""
    result = subprocess.run([sys.executable, "-m", "kg.cli", "commitments", "--as-of", "April 13"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "error: --as-of: expected a date YYYY-MM-DD, found 'April 13'"
    result = subprocess.run([sys.executable, "-m", "kg.cli", "query", "no-such-query"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 2 and "no query 'no-such-query'" in result.stderr
    result = subprocess.run([sys.executable, "-m", "kg.cli", "build", str(tmp_path / "nowhere"), "--store", "memory"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 2 and "manifest.yaml" in result.stderr


def test_cli_help_lists_commands():
    result = subprocess.run([sys.executable, "-m", "kg.cli", "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    for command in ("build", "commitments", "statements", "releases", "query", "html", "report"):
        assert command in result.stdout


@pytest.mark.parametrize("kind", ["prediction", "demand", "claim"])
def test_cli_statements_kind_keeps_one_type(store_spec, kind):
    every = _json(["statements", "--format", "json", "--store", store_spec])
    some = _json(["statements", "--kind", kind, "--format", "json", "--store", store_spec])
    assert some == [r for r in every if r["type"] == kind]


@pytest.mark.parametrize("limit", [1, 3])
def test_cli_statements_limit_keeps_the_first(store_spec, limit):
    every = _json(["statements", "--format", "json", "--store", store_spec])
    assert _json(["statements", "--limit", str(limit), "--format", "json", "--store", store_spec]) == every[:limit]


def test_cli_statements_unknown_kind_is_refused(store_spec):
    result = subprocess.run([sys.executable, "-m", "kg.cli", "statements", "--kind", "rumour", "--store", store_spec],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2 and "statement kind 'rumour': expected one of" in result.stderr


@pytest.mark.parametrize(("releaser", "expected"), [("taliban", {"Taliban"}), ("afghanistan", {"Government of Afghanistan"}),
                                                    ("nobody-by-that-name", set())])
def test_cli_releases_by_releaser(store_spec, releaser, expected):
    every = _json(["releases", "--format", "json", "--store", store_spec])
    some = _json(["releases", "--releaser", releaser, "--format", "json", "--store", store_spec])
    assert {r["releaser"] for r in some} == expected
    assert some == [r for r in every if r["releaser"] in expected]


def test_cli_statements_page_by_page(store_spec):
    every = _json(["statements", "--format", "json", "--store", store_spec])
    first = _json(["statements", "--limit", "2", "--format", "json", "--store", store_spec])
    second = _json(["statements", "--limit", "2", "--after", first[-1]["id"], "--format", "json", "--store", store_spec])
    assert len(every) > 4 and first + second == every[:4]
    table = runner.invoke(app, ["statements", "--limit", "2", "--store", store_spec])
    assert table.exit_code == 0
    assert f"Next page: --limit 2 --after {first[-1]['id']}" in table.stderr


def test_cli_statements_after_an_unknown_id(store_spec):
    result = subprocess.run([sys.executable, "-m", "kg.cli", "statements", "--limit", "2", "--after", "nothing-here",
                             "--store", store_spec], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2 and "--after 'nothing-here': no statement with that id" in result.stderr


def test_cli_sources_pages_and_weak(store_spec):
    every = _json(["sources", "--format", "json", "--store", store_spec])
    page = _json(["sources", "--limit", "3", "--offset", "2", "--format", "json", "--store", store_spec])
    assert len(every) > 5 and page == every[2:5]
    weak = _json(["sources", "--weak", "--format", "json", "--store", store_spec])
    assert weak and weak == [f for f in every if f["single_source"] or f["anonymous"]]
    assert _json(["sources", "--weak", "--limit", "2", "--format", "json", "--store", store_spec]) == weak[:2]


def test_cli_commitments_page(store_spec):
    every = _json(["commitments", "--format", "json", "--store", store_spec])
    page = _json(["commitments", "--limit", "2", "--offset", "1", "--format", "json", "--store", store_spec])
    assert len(every) > 3 and page == every[1:3]


def test_cli_predictions_page(store_spec):
    every = _json(["predictions", "--format", "json", "--store", store_spec])
    page = _json(["predictions", "--limit", "1", "--offset", "1", "--format", "json", "--store", store_spec])
    assert len(every) >= 2 and page == every[1:2]


@pytest.mark.parametrize("records", [[], [{}], [{"a": 1}], [{"a": [1, {"b": "ü\nx"}], "c": None}, {"d": 2.5, "e": []}]])
def test_cli_json_is_written_record_by_record_as_json_dumps_writes_it(records, capsys):
    from kg.cli import emit

    emit(iter(records), "json")
    assert capsys.readouterr().out == json.dumps(records, indent=2, ensure_ascii=False) + "\n"
