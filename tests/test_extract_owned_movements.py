"""A movement named after its country's possessive ("Colombia's National Liberation Army") is the
movement itself: the one the gazetteer knows, or a new one under its own name. Sentences written for
these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document


def _facts(text: str):
    return extract(Document("own", "own.txt", dt.date(2031, 5, 6), "x", "t", text, "0"))


def test_a_known_movement_after_its_countrys_name() -> None:
    facts = _facts("CUCUTA (Wire) - Colombia's National Liberation Army freed 12 soldiers on Monday.")
    assert [(r.releaser, r.count) for r in facts.releases] == [("eln", 12)]
    assert not [p for p in facts.parties if "colombia" in p.id]


def test_an_unknown_movement_keeps_its_own_name() -> None:
    facts = _facts("SITTWE (Wire) - Myanmar's Coastal Liberation Army freed 9 soldiers on Monday. "
                   "The Coastal Liberation Army said more would follow.")
    assert [p.id for p in facts.parties] == ["coastal-liberation-army"]
    assert [r.releaser for r in facts.releases] == ["coastal-liberation-army"]
