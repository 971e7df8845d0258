"""Deals named by who signed them: a relative clause with a plural subject ("the accord the two
neighbours signed in Addis Ababa on 2 April"), a joint statement of two ministers, and a deal
signed by two leaders of the same side (a deal within that side, with no opponent added)."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2024, 5, 10)  # a Friday


def _facts(text: str):
    return extract(Document("sig", "sig.txt", PUBLISHED, "x", "t", text, "0"))


def _commitments(text: str) -> list[tuple[str, str, str, int | None, dt.date | None]]:
    return sorted((c.agreement or "", c.obligor, c.action, c.target, c.deadline) for c in _facts(text).commitments)


def test_relative_clause_with_two_neighbours_names_the_deal_and_its_terms() -> None:
    text = ("Djibouti accused Eritrea of stalling. Under the accord the two neighbours signed in Addis Ababa on "
            "2 April, Eritrea is to release all Djiboutian prisoners of war by 30 June.")
    facts = _facts(text)
    assert [(a.id, sorted(a.signatories)) for a in facts.agreements] == [
        ("agreement/djibouti+eritrea/2024-04-02", ["djibouti", "eritrea"])]
    assert _commitments(text) == [("agreement/djibouti+eritrea/2024-04-02", "eritrea", "release", None, dt.date(2024, 6, 30))]


def test_joint_statement_of_two_ministers_is_a_deal_with_terms() -> None:
    text = ("Thailand and Cambodia ended a week of border clashes. The joint statement the two defence ministers "
            "signed on Wednesday at the border post was short. Under it, both armies are to cease fire from noon on 9 May.")
    facts = _facts(text)
    assert [a.id for a in facts.agreements] == ["agreement/cambodia+thailand/2024-05-08"]
    assert _commitments(text) == [
        ("agreement/cambodia+thailand/2024-05-08", "cambodia", "ceasefire", None, dt.date(2024, 5, 9)),
        ("agreement/cambodia+thailand/2024-05-08", "thailand", "ceasefire", None, dt.date(2024, 5, 9)),
    ]


def test_plan_only_discussed_is_no_deal() -> None:
    text = ("Armenia and Azerbaijan held a first round of talks in Almaty. The plan the two foreign ministers "
            "discussed on 3 May would see both sides withdraw troops from the border.")
    facts = _facts(text)
    assert facts.agreements == ()
    assert facts.commitments == ()


def test_deal_the_leaders_hope_to_sign_is_no_deal() -> None:
    text = ("Armenia and Azerbaijan held a first round of talks in Almaty. The deal the two leaders hope to sign "
            "next month would reopen the border.")
    facts = _facts(text)
    assert facts.agreements == ()
    assert facts.commitments == ()


def test_two_leaders_of_one_side_sign_a_deal_within_it() -> None:
    text = ("Ashraf Ghani and Abdullah Abdullah signed a power-sharing agreement in Kabul on Tuesday, ending months "
            "of dispute over the election.")
    assert [a.id for a in _facts(text).agreements] == ["agreement/government-of-afghanistan/2024-05-07"]


def test_leaders_of_two_sides_still_sign_a_deal_between_them() -> None:
    text = "Salva Kiir and Riek Machar signed a power-sharing agreement in Khartoum on Tuesday, ending months of fighting."
    assert [a.id for a in _facts(text).agreements] == ["agreement/government-of-south-sudan+splm-io/2024-05-07"]


def test_one_leader_signing_still_names_the_other_side() -> None:
    text = ("Salva Kiir signed a power-sharing agreement with the SPLM-IO in Khartoum on Tuesday, ending months "
            "of fighting.")
    assert [a.id for a in _facts(text).agreements] == ["agreement/government-of-south-sudan+splm-io/2024-05-07"]


def test_joint_statement_issued_by_both_sides_is_a_deal() -> None:
    text = ("The joint statement issued on Thursday by the foreign ministries of Serbia and Kosovo is the first "
            "signed text between them in a year.")
    facts = _facts(text)
    assert [(a.id, sorted(a.signatories)) for a in facts.agreements] == [
        ("agreement/kosovo+serbia/2024-05-09", ["kosovo", "serbia"])]
    assert facts.commitments == ()


def test_statement_issued_by_one_side_is_no_deal() -> None:
    text = ("Border posts stayed quiet on Friday. A statement issued on Thursday by the foreign ministry of Serbia "
            "accused Kosovo of stalling.")
    facts = _facts(text)
    assert facts.agreements == ()
    assert facts.commitments == ()
