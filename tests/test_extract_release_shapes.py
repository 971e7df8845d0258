"""Release shapes: verbs split around their object, people leaving a place of custody,
one person freed, subjects inside prepositional phrases and ship crews."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2024, 5, 10)  # a Friday
TUESDAY = dt.date(2024, 5, 7)


def _releases(text: str):
    facts = extract(Document("t", "t.txt", PUBLISHED, "x", "t", text, "0"))
    for r in facts.releases:
        assert text[r.evidence.start : r.evidence.end] == r.evidence.text
    return {(r.releaser, r.released_party, r.count, r.date_from, r.date_to) for r in facts.releases}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Kabul and the Taliban kept swapping captives. The Taliban let 57 government soldiers go on Tuesday near Ghazni.",
         ("taliban", "government-of-afghanistan", 57, TUESDAY, TUESDAY)),
        ("Sanaa and Riyadh pressed on with the exchange. The Houthis set 22 Saudi soldiers free on Tuesday.",
         ("houthis", "saudi-arabia", 22, TUESDAY, TUESDAY)),
        ("Baku and Yerevan closed the year with a gesture. Azerbaijan let the 12 Armenian conscripts leave on Tuesday.",
         ("azerbaijan", "armenia", 12, TUESDAY, TUESDAY)),
        ("Talks between Moscow and Kyiv resumed. Russia let 31 Ukrainian sailors walk free on Tuesday at the border.",
         ("russia", "ukraine", 31, TUESDAY, TUESDAY)),
    ],
)
def test_release_verb_split_around_its_object(text: str, expected: tuple) -> None:
    assert expected in _releases(text)


def test_split_verb_evidence_ends_with_its_second_part() -> None:
    text = "Kabul and the Taliban kept swapping captives. The Taliban let 57 government soldiers go on Tuesday near Ghazni."
    facts = extract(Document("t", "t.txt", PUBLISHED, "x", "t", text, "0"))
    assert [r.evidence.text for r in facts.releases] == ["The Taliban let 57 government soldiers go on Tuesday"]


@pytest.mark.parametrize(
    "text",
    [
        "Kabul and the Taliban met again. The government set up 40 committees to review the lists on Tuesday.",
        "Kabul and the Taliban met again. The mediators let the talks go ahead on Tuesday.",
        "Kabul and the Taliban met again. The Taliban said they would let 57 soldiers go next week.",
        "Kabul and the Taliban met again. The Taliban refused to let 57 soldiers go.",
    ],
)
def test_split_verb_distractors_give_nothing(text: str) -> None:
    assert _releases(text) == set()


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Afghan government and the Taliban traded prisoners again. Forty-four prisoners left Pul-e-Charkhi prison on Tuesday.",
         ("government-of-afghanistan", "taliban", 44, TUESDAY, TUESDAY)),
        ("The Afghan government and the Taliban traded prisoners again. Forty-four Taliban inmates walked out of a jail in Herat on Tuesday.",
         ("government-of-afghanistan", "taliban", 44, TUESDAY, TUESDAY)),
    ],
)
def test_people_leaving_custody_are_freed_by_its_keeper(text: str, expected: tuple) -> None:
    assert _releases(text) == {expected}


@pytest.mark.parametrize(
    "text",
    [
        "The Afghan government and the Taliban traded prisoners. Two guards left prison work to join the police on Tuesday.",
        "The Afghan government and the Taliban traded prisoners. Forty soldiers left the base on Tuesday.",
    ],
)
def test_leaving_without_a_place_of_custody_is_no_release(text: str) -> None:
    assert _releases(text) == set()


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Houthis and Saudi Arabia kept talking. The Houthis freed a wounded Saudi pilot on Tuesday.",
         ("houthis", "saudi-arabia", 1, TUESDAY, TUESDAY)),
        ("Moscow and Washington swapped prisoners. Russia released Marta Kowalczyk on Tuesday at a Gulf airport.",
         ("russia", "united-states", 1, TUESDAY, TUESDAY)),
        ("Moscow and Washington swapped prisoners. The United States let a Russian businessman go on Tuesday.",
         ("united-states", "russia", 1, TUESDAY, TUESDAY)),
        ("Moscow and Washington swapped prisoners. The United States handed over Oleg Petrenko on Tuesday in Ankara.",
         ("united-states", "russia", 1, TUESDAY, TUESDAY)),
        # described, then named
        ("Tehran and Stockholm swapped prisoners. Iran freed Swedish engineer Lars Ekdahl on Tuesday.",
         ("iran", "sweden", 1, TUESDAY, TUESDAY)),
        ("Tehran and Stockholm swapped prisoners. Iran freed the Swedish aid worker Karin Ahl on Tuesday.",
         ("iran", "sweden", 1, TUESDAY, TUESDAY)),
        # one person the text named before
        ("Karin Ahl, a Swedish aid worker, had been held in Tehran since 2022. Iran freed her on Tuesday.",
         ("iran", None, 1, TUESDAY, TUESDAY)),
    ],
)
def test_one_person_freed(text: str, expected: tuple) -> None:
    assert _releases(text) == {expected}


@pytest.mark.parametrize(
    "text",
    [
        "Moscow and Washington traded charges. The State Department released a statement on Tuesday.",
        "The Afghan government and the Taliban fought on. The army freed Kunduz City on Tuesday.",
        "The Afghan government and the Taliban fought on. The Taliban released Amnesty International's figures on Tuesday.",
        "The Afghan government and the Taliban fought on. Kabul released Tuesday figures on casualties.",
        "The Afghan government and the Taliban fought on. The Taliban handed over Bagram Airfield on Tuesday.",
        "Tehran and Stockholm traded charges. Iran freed her own records of the talks on Tuesday.",
    ],
)
def test_one_person_distractors_give_nothing(text: str) -> None:
    assert _releases(text) == set()


def test_party_after_a_preposition_is_not_the_releaser() -> None:
    text = "The Taliban, after talks with the Afghan government, freed 40 soldiers on Tuesday."
    assert _releases(text) == {("taliban", "government-of-afghanistan", 40, TUESDAY, TUESDAY)}


def test_ship_crew_is_nobody_s_people() -> None:
    text = "Oman mediated between the Houthis and the shipowners. The Houthis let the 19 crew members of a cargo ship go on Tuesday."
    assert _releases(text) == {("houthis", None, 19, TUESDAY, TUESDAY)}
