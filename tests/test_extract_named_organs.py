"""A state's organ named by its own name after the state's ("Armenia's Investigative Committee",
"Britain's Foreign Office") speaks for that state. Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document


def _speakers(sentence: str) -> list[tuple[str, str]]:
    text = "YEREVAN (Wire) - Two soldiers crossed back on Monday. " + sentence
    facts = extract(Document("organ", "organ.txt", dt.date(2031, 3, 4), "x", "t", text, "0"))
    return [(s.speaker, s.evidence.text.split(" said")[0]) for s in facts.statements]


@pytest.mark.parametrize("sentence, speaker, words", [
    ("Armenia's Investigative Committee said on Tuesday that it had closed the case.", "armenia",
     "Armenia's Investigative Committee"),
    ("Britain's Foreign Office said it was in touch with both families.", "united-kingdom", "Britain's Foreign Office"),
    ("Azerbaijan's State Commission on Prisoners of War said the men were handed over at the border.", "azerbaijan",
     "Azerbaijan's State Commission on Prisoners of War"),
    ("Georgia's National Security Organization said it had arranged the handover.", "georgia",
     "Georgia's National Security Organization"),
])
def test_a_states_named_organ_speaks_for_it(sentence: str, speaker: str, words: str) -> None:
    assert _speakers(sentence) == [(speaker, words)]


def test_an_armed_movements_named_body_is_not_a_state_organ() -> None:
    found = _speakers("The Taliban's Cultural Commission said the men were well.")
    assert all(speaker != "government-of-afghanistan" for speaker, _ in found)


@pytest.mark.parametrize("sentence, speaker", [
    ("The Free Them All campaign said 40 men were still held.", "free-them-all-campaign"),
    ("The Joint Tracing Headquarters said the lists had been checked twice.", "joint-tracing-headquarters"),
])
def test_a_campaign_or_headquarters_named_by_its_own_name_speaks_for_itself(sentence: str, speaker: str) -> None:
    assert [s for s, _ in _speakers(sentence)] == [speaker]


def test_it_opening_a_sentence_is_the_body_that_opened_the_one_before() -> None:
    text = ("Georgia's National Security Organization said it had arranged the handover with Turkey. "
            "It said the men were in good health.")
    assert [s for s, _ in _speakers(text)] == ["georgia", "georgia"]


@pytest.mark.parametrize("sentence, post", [
    ("A spokesman for Georgia's State Commission on Missing Persons said the lists were complete.",
     "georgia/spokesman-for-georgias-state-commission-on-missing-persons/anon-organ"),
    ("A spokeswoman for Georgia's Joint Headquarters for the Search of Missing Persons said two men were found.",
     "georgia/spokeswoman-for-georgias-joint-headquarters-for-the-search-of-missing-persons/anon-organ"),
])
def test_a_spokesperson_for_a_states_long_named_organ_is_a_post_of_the_state(sentence: str, post: str) -> None:
    assert [s for s, _ in _speakers(sentence)] == [post]
