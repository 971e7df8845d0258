"""The development set: extraction reaches the targets on articles in other words than the seeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.evaluate import evaluate_dirs

DEVSET = Path(__file__).resolve().parent / "data" / "devset"


@pytest.mark.skipif(not (DEVSET / "gold").is_dir(), reason="no development set")
@pytest.mark.parametrize("kind", ["statements", "releases", "commitments"])
def test_evaluate_devset_reaches_target(kind: str) -> None:
    scores = evaluate_dirs(DEVSET / "corpus", DEVSET / "gold")
    assert scores.documents >= 12
    assert scores[kind].f1 >= 0.85, (scores.to_dict(), [m for m in scores.missed if m.startswith(kind)])
