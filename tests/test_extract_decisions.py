"""Decrees and pardons, deals worded without "signed a deal", duties with no party as subject, and
terms that name the holder of the people to be freed."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2023, 6, 14)  # a Wednesday
MOZ, REN = "government-of-mozambique", "renamo"
COL, ELN = "government-of-colombia", "eln"


def facts(text: str, published: dt.date = PUB):
    doc = Document("x1", "x1.txt", published, "Test Wire", "test", text, "0")
    return extract(doc)


def commitments(text: str, published: dt.date = PUB):
    return [(c.obligor, c.action, c.target, c.deadline) for c in facts(text, published).commitments]


# deals worded without "signed a deal"

def test_extract_decisions_deal_with_possessive() -> None:
    found = commitments("The Mozambican government and RENAMO signed their peace agreement in Maputo on 6 June. "
                        "The government is to free 120 RENAMO prisoners.")
    assert (MOZ, "release", 120, None) in found
    assert any(a.date == dt.date(2023, 6, 6) for a in facts("The Mozambican government and RENAMO signed their peace "
                                                            "agreement in Maputo on 6 June.").agreements)


def test_extract_decisions_deal_signed_off_and_announced_by_both() -> None:
    for verb in ("signed off on a truce", "announced an arrangement", "hammered out an accord"):
        found = commitments(f"The Mozambican government and RENAMO {verb} on Monday. RENAMO is to free 35 soldiers.")
        assert (REN, "release", 35, None) in found, verb


def test_extract_decisions_one_side_announcing_is_no_deal() -> None:
    # one side's announcement is no deal between the two
    text = "The Mozambican government announced a truce on Monday. RENAMO is to free 35 soldiers."
    assert facts(text).agreements == ()
    assert commitments(text) == []


# a truce as the subject of the terms

def test_extract_decisions_truce_is_to_hold() -> None:
    found = commitments("The Mozambican government and RENAMO signed a peace accord in Maputo on Monday. "
                        "A truce was to hold throughout the disarmament.")
    assert (MOZ, "ceasefire", None, None) in found and (REN, "ceasefire", None, None) in found


def test_extract_decisions_truce_forecast_is_none() -> None:
    # "will hold" is a forecast, "doubt" a belief: neither is a term
    for sentence in ("Diplomats doubt the truce will hold for long.", "Few expect that the ceasefire would hold."):
        found = commitments("The Mozambican government and RENAMO signed a peace accord in Maputo on Monday. " + sentence)
        assert not any(action == "ceasefire" for _, action, _, _ in found), sentence


# "Under the accord ..., X is to ...": where the terms begin

def test_extract_decisions_terms_after_a_list_in_the_opening_phrase() -> None:
    found = commitments("Under the accord that the Mozambican government and RENAMO reached through Swiss, Italian and "
                        "Catholic mediators on June 6, RENAMO is to free 40 soldiers.")
    assert (REN, "release", 40, None) in found  # June 6 is the day of the deal, not a deadline


def test_extract_decisions_terms_after_announced_by() -> None:
    found = commitments("The Mozambican government and RENAMO signed a peace accord in Maputo on Monday. The accord, "
                        "announced by the mediators on Monday, 12 June, provides that RENAMO will release 25 soldiers.")
    assert (REN, "release", 25, None) in found


# obliges two parties

def test_extract_decisions_obliges_both_named_parties() -> None:
    found = commitments("The Mozambican government and RENAMO signed a peace accord in Maputo on Monday. It obliges the "
                        "government and Momade's RENAMO to form a joint police force within six months.")
    assert (MOZ, "other", None, dt.date(2023, 12, 12)) in found
    assert (REN, "other", None, dt.date(2023, 12, 12)) in found


def test_extract_decisions_obliges_pull_troops_back_is_withdrawal() -> None:
    found = commitments("The Mozambican government and RENAMO signed a peace accord in Maputo on Monday. The accord also "
                        "obliges the government to pull its troops back from the Gorongosa mountains.")
    assert (MOZ, "withdraw", None, None) in found


# decrees and pardons

def test_extract_decisions_decree_pardoning() -> None:
    f = facts("President Gustavo Petro signed a decree on Monday pardoning 75 members of the ELN held in Bogotá jails.")
    assert [(c.obligor, c.action, c.target) for c in f.commitments] == [(COL, "release", 75)]
    assert [a.kind for a in f.agreements] == ["decision"]


def test_extract_decisions_decree_ordering_to_be_freed() -> None:
    found = commitments("Rights groups spoke about the 60 ELN prisoners on Sunday. "
                        "On Monday President Gustavo Petro signed a decree ordering the 60 to be freed.")
    assert (COL, "release", 60, None) in found
    # an order about the people that frees no one
    assert commitments("Rights groups spoke about the 60 ELN prisoners on Sunday. "
                       "On Monday President Gustavo Petro signed a decree ordering the 60 to be questioned again.") == []


def test_extract_decisions_decree_named_sentences_before() -> None:
    text = ("President Gustavo Petro signed a decree on June 5 covering the 90 ELN prisoners. Rights groups welcomed it. "
            "The decree orders the release of all 90, the government said.")
    f = facts(text)
    assert (COL, "release", 90) in [(c.obligor, c.action, c.target) for c in f.commitments]
    assert [a.date for a in f.agreements if a.kind == "decision"] == [dt.date(2023, 6, 5)]


def test_extract_decisions_decree_distractors_are_none() -> None:
    # casualties, years and percentages near a decree are no release; a demand to pardon is no decision
    assert commitments("President Gustavo Petro signed a decree on Monday after 40 soldiers were killed in 2022.") == []
    assert commitments("The ELN wants President Gustavo Petro to sign a decree pardoning 75 of its members.") == []
    assert commitments("President Gustavo Petro signed a decree on Monday pardoning 30 percent of fines.") == []


# the holder of the people given in exchange

def test_extract_decisions_exchange_names_the_holder() -> None:
    found = commitments("The Mozambican government and RENAMO signed a peace accord in Maputo on Monday. "
                        "RENAMO will release 20 soldiers, in exchange for the release by the government of 45 RENAMO fighters.")
    assert (REN, "release", 20, None) in found
    assert (MOZ, "release", 45, None) in found
    found = commitments("The Mozambican government and RENAMO signed a peace accord in Maputo on Monday. "
                        "RENAMO will release 20 soldiers, in exchange for 45 fighters held by the government.")
    assert (MOZ, "release", 45, None) in found
