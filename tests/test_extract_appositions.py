"""Speakers named first with their post after them ("Jane Roe, the U.N. envoy, said") or a relative
clause after them ("Qatar, which mediated ... with Egypt, said"), founders as
posts, and a leader's office speaking for the leader's government ("Ghani's office said", the
development set's reading). Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2023, 3, 14)


def said(text: str) -> list[tuple[str, str]]:
    doc = Document("a1", "a1.txt", PUBLISHED, "Test Wire", "test", text, "0")
    return [(s.speaker, s.text) for s in extract(doc).statements]


def test_a_name_then_a_post_with_an_abbreviation_is_the_named_speaker() -> None:
    assert said("Jane Roe, the U.N. envoy, said the accord was historic.") == [("jane-roe", "the accord was historic")]
    assert [s for s, _ in said("Mirko Lind, the U.N. secretary-general's personal envoy for Mozambique, said in a "
                               "statement that the accord was a historic opportunity.")] == ["mirko-lind"]


def test_a_known_person_with_a_post_that_has_another_holder_today() -> None:
    assert [s for s, _ in said("Ban Ki-moon, the U.N. secretary-general, praised the agreement.")] == ["ban-ki-moon"]


def test_a_founder_in_apposition_before_a_relative_clause() -> None:
    text = ("Amir Dalo, founder of the rival Northern Valley Front, which signed its own deal in 1996, "
            "said the agreement ignored his group.")
    assert [s for s, _ in said(text)] == ["amir-dalo"]


def test_a_leaders_office_speaks_for_the_government() -> None:
    assert said("Ghani's office said in a statement on Sunday that the team was ready.") == [
        ("government-of-afghanistan", "the team was ready")]
    assert said("Prime Minister Benjamin Netanyahu's office said late on Tuesday that the list had arrived.") == [
        ("israel", "the list had arrived")]


def test_the_leader_speaking_of_an_office_is_the_leader() -> None:
    assert [s for s, _ in said("Ghani said his office had received the list.")] == ["ashraf-ghani"]


def test_a_body_before_a_relative_clause_that_names_others_speaks() -> None:
    assert [s for s, _ in said("Qatar, which mediated the truce with Egypt and the United States, said on Monday "
                               "that the two sides had agreed to extend it.")] == ["qatar"]
