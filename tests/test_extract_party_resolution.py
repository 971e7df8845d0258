"""Party resolution: descriptors and "both sides" stand only for parties the text itself names,
a state's government is read from the state's name in its possessive, "of" and adjective forms,
a known person's one-word name inside somebody else's longer name is not that person, and a known
deal's name is read as that deal only in a text that names its parties. Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.extract.actors import ActorFinder
from loaders.facts import Document
from loaders.gazetteer import load_gazetteer

PUB = dt.date(2021, 3, 10)  # a Wednesday
MONDAY = dt.date(2021, 3, 8)


def facts(text: str, published: dt.date = PUB):
    return extract(Document("p1", "p1.txt", published, "Test Wire", "test", text, "0"))


def parties_used(text: str) -> set[str]:
    f = facts(text)
    used: set[str] = set()
    for s in f.statements:
        used.add(s.speaker)
    for r in f.releases:
        used.update(x for x in (r.releaser, r.released_party) if x)
    for c in f.commitments:
        used.update(x for x in (c.obligor, c.counterparty) if x)
    for a in f.agreements:
        used.update(a.signatories)
    return used


def named(text: str) -> frozenset[str]:
    return ActorFinder(load_gazetteer()).find(text, "p1", PUB).named


# ------------------------------------------------ descriptors with nothing named


def test_government_with_no_party_named_gives_no_party():
    f = facts("The government said on Tuesday that it would free 40 prisoners before the end of the month.")
    assert f.statements == () and f.commitments == () and f.releases == ()


def test_both_sides_with_no_party_named_gives_no_commitment():
    f = facts("Under the accord signed on Monday, both sides are to cease all hostilities from Friday.")
    assert f.agreements == () and f.commitments == ()


def test_rebels_and_government_with_no_party_named_give_no_deal():
    f = facts("The rebels and the government signed a peace accord in Lusaka on 8 March. "
              "Under the accord, both sides are to stop all fighting from 12 March.")
    assert f.agreements == () and f.commitments == ()


def test_rebels_are_not_the_movement_of_another_named_state():
    # a state named in passing does not lend "the rebels" its own insurgents
    text = "Nigeria has sent troops to the region. The rebels freed 10 hostages on Monday, the Red Cross said."
    assert "boko-haram" not in parties_used(text)
    assert [(r.releaser, r.released_party) for r in facts(text).releases] == []


def test_named_set_holds_only_parties_of_the_text():
    text = "Liberia's government and the Revolutionary United Front met in Freetown."
    assert named(text) >= {"liberia", "ruf", "government-of-sierra-leone"}
    assert "boko-haram" not in named(text) and "government-of-colombia" not in named(text)


def test_rebel_movement_named_implies_its_own_government():
    assert "government-of-colombia" in named("The ELN freed two soldiers on Monday.")
    assert "government-of-colombia" not in named("Two soldiers were freed on Monday.")


# ------------------------------------------------ a state's government, every form


@pytest.mark.parametrize("subject", [
    "The government of Liberia",
    "Liberia's government",
    "The Liberian government",
    "The Liberian army",
    "The army of Liberia",
    "Liberia's armed forces",
])
def test_forms_of_a_state_government_release(subject):
    f = facts(f"{subject} freed 25 rebel fighters on Monday, the Red Cross said.")
    assert [(r.releaser, r.released_party, r.count, r.date_from) for r in f.releases] == [("liberia", None, 25, MONDAY)]


def test_possessive_state_before_a_ruling_party_government():
    f = facts("Mozambique's Frelimo government freed 30 Renamo prisoners on Monday, the Red Cross said.")
    assert [(r.releaser, r.released_party, r.count) for r in f.releases] == [("government-of-mozambique", "renamo", 30)]


@pytest.mark.parametrize("first", ["Angola's government", "The Angolan government"])
def test_both_sides_are_the_state_and_the_movement_named(first):
    f = facts(f"{first} and UNITA signed a peace accord in Lusaka on 8 March. "
              "Under the accord, both sides are to stop all fighting from 12 March.")
    assert [a.id for a in f.agreements] == ["agreement/angola+unita/2021-03-08"]
    assert [(c.obligor, c.action, c.counterparty, c.deadline) for c in f.commitments] == [
        ("angola", "ceasefire", "unita", dt.date(2021, 3, 12)),
        ("unita", "ceasefire", "angola", dt.date(2021, 3, 12)),
    ]


# ------------------------------------------------ known people's names inside other names


def test_known_surname_ending_another_name_is_a_new_person():
    f = facts("Opposition leader Miguel dos Santos said on Monday that the vote had been rigged.")
    assert [(s.speaker, s.post) for s in f.statements] == [
        ("miguel-dos-santos", "unaffiliated/opposition-leader/miguel-dos-santos")]


def test_known_one_word_name_after_another_given_name_is_a_new_person():
    f = facts("Rebel spokesman Karim Abdullah said on Monday that the movement would keep fighting.")
    assert [s.speaker for s in f.statements] == ["karim-abdullah"]
    assert "government-of-afghanistan" not in parties_used(
        "Rebel spokesman Karim Abdullah said on Monday that the movement would keep fighting.")


def test_short_name_again_is_the_new_person_named_before():
    text = ("Opposition leader Miguel dos Santos said on Monday that the vote had been rigged. "
            "Santos told reporters that his party would go to court.")
    assert {s.speaker for s in facts(text).statements} == {"miguel-dos-santos"}


# ------------------------------------------------ known deals only among their parties


def test_known_deal_name_between_other_parties_is_not_that_deal():
    text = ("The Cessation of Hostilities Agreement was signed in Bangui on 2 March by the government and the rebels. "
            "Both sides are to stop all fighting from 12 March.")
    assert parties_used(text) == set()
    assert facts(text).agreements == ()
