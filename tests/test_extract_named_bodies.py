"""Movements and parties the gazetteer does not know, named by a name that ends in the word for
their kind ("the ... Front", "the ... Movement"), with the acronym the text later uses; and the
terms a deal states with "provides for X to ...", "calls for X to ..." or binds its sides "not to".

Every sentence is written for these tests; the negative tests give the same shapes where they name
an organ of a state, a proposal's author or a body that is no party to a deal.
"""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2021, 3, 4)  # a Thursday


def facts(text: str):
    return extract(Document("b1", "b1.txt", PUBLISHED, "Test Wire", "test", text, "0"))


def speakers(text: str) -> list[str]:
    return [s.speaker for s in facts(text).statements]


def duties(text: str) -> set[tuple[str, str, int | None]]:
    return {(c.obligor, c.action, c.target) for c in facts(text).commitments}


@pytest.mark.parametrize("text, movement, initials", [
    ("The government and the rebel Zambezi Democratic Front signed a peace accord in Lusaka on Wednesday. "
     "The ZDF said on Thursday that its fighters would respect the truce.", "zambezi-democratic-front", "ZDF"),
    # a name in another language, which the words before call an armed group
    ("Thailand's government and the separatist group Barisan Pembebasan Rakyat (BPR) agreed on Tuesday to a "
     "truce. The BPR said its fighters would respect it.", "barisan-pembebasan-rakyat", "BPR"),
])
def test_a_movement_named_in_full_then_by_its_initials(text: str, movement: str, initials: str) -> None:
    found = facts(text)
    assert speakers(text) == [movement]
    party = next(p for p in found.parties if p.id == movement)
    assert party.kind == "armed_movement" and initials in party.aliases


def test_a_deal_with_a_movement_named_in_another_language_is_between_the_two_sides() -> None:
    text = ("Thailand's government and the separatist group Barisan Pembebasan Rakyat (BPR) agreed on Tuesday to a "
            "truce, with Malaysia as facilitator.")
    assert any(a.id.startswith("agreement/barisan-pembebasan-rakyat+thailand/") for a in facts(text).agreements)


def test_a_movement_whose_name_opens_with_a_country() -> None:
    assert speakers("The Sudan People's Liberation Movement said on Wednesday it had freed 30 soldiers.") == [
        "sudan-peoples-liberation-movement"]


def test_a_group_named_by_a_word_of_its_name_is_that_group() -> None:
    text = ("Two armed groups stayed away: the Kachin Independence Army and the Northern Valley Army. "
            "The Kachin group said the government had excluded it.")
    assert speakers(text) == ["kachin-independence-army"]


def test_an_organ_of_a_state_stays_the_state() -> None:
    assert speakers("The Afghan National Army said on Wednesday it had retaken the district.") == [
        "government-of-afghanistan"]
    found = facts("Thirty-two servicemen of the Armed Forces of the Republic of Armenia were freed on Wednesday.")
    assert not any("armed-forces" in p.id for p in found.parties)


def test_sentence_openers_and_titles_start_no_movement_name() -> None:
    found = facts("Under Army rules the soldiers were held. President Forces said nothing.")
    assert not any(p.kind == "armed_movement" for p in found.parties)


DOHA = "The United States and the Taliban signed a deal in Doha on Feb. 29. "


def test_a_deal_that_provides_for_a_party_to_free_people() -> None:
    found = duties(DOHA + "The deal provides for the Afghan government to free 5,000 Taliban prisoners.")
    assert ("government-of-afghanistan", "release", 5000) in found


def test_a_deal_that_calls_for_a_party_to_withdraw() -> None:
    assert ("united-states", "withdraw", None) in duties(
        DOHA + "The accord calls for the United States to withdraw its troops from the country.")


def test_a_deal_that_binds_both_sides_not_to_use_force() -> None:
    found = duties(DOHA + "The deal commits both sides not to use force against each other.")
    assert found == {("united-states", "ceasefire", None), ("taliban", "ceasefire", None)}


def test_a_deal_that_binds_a_party_not_to_do_something_else() -> None:
    assert duties(DOHA + "The deal commits the Taliban not to host foreign fighters.") == {("taliban", "other", None)}


def test_a_call_by_somebody_who_is_no_deal_owes_nothing() -> None:
    assert duties(DOHA + "The UN envoy calls for the Taliban to free 1,000 captives.") == set()
    assert duties(DOHA + "A proposal by Qatar calls for the Taliban to free 1,000 captives.") == set()


def test_a_body_named_by_its_own_name_speaks() -> None:
    text = ("The Missing Fathers and Sons Forum welcomed the soldiers' return and urged the government to bring "
            "all the hostages home.")
    assert speakers(text) == ["missing-fathers-and-sons-forum", "missing-fathers-and-sons-forum"]
    assert speakers("The Karova Human Rights Centre says about 1,150 people are held.") == ["karova-human-rights-centre"]


def test_an_organ_of_a_known_body_is_that_body() -> None:
    assert speakers("The U.N. Security Council later threatened both countries with sanctions.") == ["united-nations"]
