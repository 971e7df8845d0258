"""`kg evaluate`: the scores per fact type, and why gold facts were missed."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from kg.cli import app
from loaders.evaluate import evaluate_dirs

SET = Path(__file__).parent / "data" / "heldout3"
runner = CliRunner()


def test_cli_evaluate_json_counts_the_causes_of_every_miss() -> None:
    result = runner.invoke(app, ["evaluate", str(SET / "gold"), "--format", "json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    for kind in ("statements", "releases", "commitments", "agreements"):
        assert sum(out["missed_because"].get(kind, {}).values()) == out[kind]["fn"]


def test_cli_evaluate_why_prints_the_causes_table() -> None:
    result = runner.invoke(app, ["evaluate", str(SET / "gold"), "--why", "--format", "csv"])
    assert result.exit_code == 0, result.output
    scores = evaluate_dirs(SET / "corpus", SET / "gold")
    kind, cause, n = scores.causes[0]
    assert "type,missed because,facts" in result.output
    assert f"{kind},{cause},{n}" in result.output
