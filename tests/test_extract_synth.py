"""The synthetic benchmark corpus: deterministic, and its planted facts are found."""

from __future__ import annotations

import pytest

from bench.synth import generate
from loaders.evaluate import evaluate
from loaders.extract import extract_many


@pytest.mark.parametrize("seed", [0, 7])
def test_extract_synth_deterministic_and_found(seed: int) -> None:
    pairs = generate(15, seed)
    assert [d.text for d, _ in pairs] == [d.text for d, _ in generate(15, seed)]
    for doc, facts in pairs:
        assert 300 < len(doc.text.split()) < 600
        assert all(doc.text[e.start : e.end] == e.text for e in facts.evidences())
    scores = evaluate(extract_many([d for d, _ in pairs]), {d.id: f for d, f in pairs})
    for kind in ("statements", "releases", "commitments"):
        assert scores[kind].f1 >= 0.85, (kind, scores.missed[:5], scores.extra[:5])
