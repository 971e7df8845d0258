"""Speakers named with a suffix ("Jr.", "III") and speakers set beside a description that names
somebody else ("X, the wife of Y, said", "X, Y's lawyer, said"). Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document


def _speakers(sentence: str) -> list[str]:
    text = "DAVAO (Wire) - The talks ended on Monday. " + sentence
    facts = extract(Document("app", "app.txt", dt.date(2031, 2, 4), "x", "t", text, "0"))
    return [s.speaker for s in facts.statements]


@pytest.mark.parametrize("sentence, speaker", [
    ("Ramon Dizon Jr. told reporters that the next round would open in March.", "ramon-dizon-jr"),
    ("Ramon Dizon Jr., the chief negotiator, said the next round would open in March.", "ramon-dizon-jr"),
    ("Arturo Lacson III said a settlement could come within a year.", "arturo-lacson-iii"),
])
def test_a_name_with_a_suffix_speaks(sentence: str, speaker: str) -> None:
    assert _speakers(sentence) == [speaker]


@pytest.mark.parametrize("sentence, speaker", [
    ("Marisol Ortega, the sister of detained activist Tomas Ortega, said she had not heard from him in a month.",
     "marisol-ortega"),
    ("Lena Farrow, Daniel's mother, said the family had been told nothing.", "lena-farrow"),
    ("Paulo Reyes, a lawyer for jailed unionist Andres Cabral, said the charges were invented.", "paulo-reyes"),
])
def test_the_name_beside_a_description_speaks(sentence: str, speaker: str) -> None:
    assert _speakers(sentence) == [speaker]
