"""A truce signed on a day is a deal of its own; one merely named is not; keeping to a truce is a
ceasefire duty. Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document


def _facts(text: str, published: dt.date):
    return extract(Document("truce", "truce.txt", published, "x", "t", text, "0"))


def test_a_ceasefire_signed_on_a_day_is_a_deal_with_its_terms() -> None:
    text = ("YEREVAN (Wire) - Armenia and Azerbaijan signed a ceasefire on March 3 after two days of talks. "
            "Under the deal, the two sides were to stop firing from noon that day, and Armenia was to return 12 "
            "captured soldiers within a week.")
    facts = _facts(text, dt.date(2031, 3, 6))
    assert [(a.kind, a.date) for a in facts.agreements] == [("agreement", dt.date(2031, 3, 3))]
    deal = facts.agreements[0].id
    assert {(c.obligor, c.action, c.agreement) for c in facts.commitments if c.action == "ceasefire"} == {
        ("armenia", "ceasefire", deal), ("azerbaijan", "ceasefire", deal)}


def test_a_ceasefire_named_without_a_signing_is_no_new_deal() -> None:
    text = ("BEIRUT (Wire) - Israel and Lebanon signed an agreement on Nov. 26. A ceasefire between Israel and "
            "Hezbollah took hold on Wednesday, and the ceasefire has largely held since.")
    facts = _facts(text, dt.date(2024, 12, 2))
    assert [a.id for a in facts.agreements] == ["agreement/israel+lebanon/2024-11-26"]


def test_an_agreement_on_a_ceasefire_is_one_deal() -> None:
    text = ("BAKU (Wire) - Azerbaijan and Armenia signed an agreement on a ceasefire in Moscow on Saturday. Under it, "
            "both sides are to pull their troops out of a security zone.")
    facts = _facts(text, dt.date(2031, 5, 16))
    assert len(facts.agreements) == 1


def test_a_truce_agreed_in_a_month_only_is_no_deal_of_its_own() -> None:
    text = ("BOGOTA (Wire) - The government and the FARC agreed a bilateral ceasefire in June, officials recalled on "
            "Thursday, as the peace talks in Havana went on.")
    facts = _facts(text, dt.date(2016, 8, 25))
    assert not [a for a in facts.agreements if a.date is None and "ceasefire" in (a.name or "")]


def test_keeping_to_a_truce_is_a_ceasefire_duty() -> None:
    text = ("JUBA (Wire) - The government and the SPLM-IO signed a peace deal in Addis Ababa on Sept. 12. Both "
            "pledged to keep to a permanent ceasefire, and the rebels undertook to stick to the truce in the border "
            "areas too.")
    facts = _facts(text, dt.date(2018, 11, 3))
    kinds = {(c.obligor, c.action) for c in facts.commitments}
    assert ("government-of-south-sudan", "ceasefire") in kinds and ("splm-io", "ceasefire") in kinds
    assert not [c for c in facts.commitments if c.action == "other"]
