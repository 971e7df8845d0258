"""Agreements and the commitments they create; demands and predictions create none."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document, agreement_id

PUB = dt.date(2020, 4, 13)
GOV, TAL, US = "government-of-afghanistan", "taliban", "united-states"
DEAL = agreement_id("agreement", [US, TAL], dt.date(2020, 2, 29))


def doc(text: str, doc_id: str = "t4") -> Document:
    return Document(doc_id, f"{doc_id}.txt", PUB, "Test Wire", "test", text, "0")


def commitments(text: str):
    return [(c.obligor, c.action, c.object_party, c.target, c.upper_bound, c.deadline) for c in extract(doc(text)).commitments]


def test_extract_commitments_deal_terms_with_deadline() -> None:
    text = ("Washington and the Taliban signed an accord on February 29. Under the accord, the Afghan government "
            "is to free up to 5,000 Taliban prisoners and the insurgents 1,000 government soldiers by March 10.")
    facts = extract(doc(text))
    assert [a.id for a in facts.agreements] == [DEAL]
    found = {(c.obligor, c.target, c.upper_bound, c.deadline, c.agreement) for c in facts.commitments}
    assert found == {(GOV, 5000, True, dt.date(2020, 3, 10), DEAL), (TAL, 1000, False, dt.date(2020, 3, 10), DEAL)}


def test_extract_commitments_same_deal_same_ids_across_articles() -> None:
    one = extract(doc("The U.S.-Taliban agreement said the Afghan government would free 5,000 Taliban prisoners.", "a1"))
    two = extract(doc("Khalilzad and the Taliban signed a deal on Feb. 29. The deal said Kabul would release 5,000 Taliban prisoners.", "a2"))
    assert {c.id for c in one.commitments} == {c.id for c in two.commitments} == {f"{DEAL}/{GOV}/release/{TAL}"}


def test_extract_commitments_agreed_to_with_reciprocity() -> None:
    text = "The Afghan government agreed to free 100 Taliban prisoners in exchange for 20 Afghan soldiers."
    found = commitments(text)
    assert (GOV, "release", TAL, 100, False, None) in found
    assert (TAL, "release", GOV, 20, False, None) in found


def test_extract_commitments_decision_in_a_quote() -> None:
    text = ('"It was decided this morning that 100 Taliban should be released in exchange for 20 Afghan soldiers today," '
            "said a senior official in the office of President Ashraf Ghani.")
    facts = extract(doc(text))
    decision = agreement_id("decision", [GOV], PUB)
    assert [a.id for a in facts.agreements] == [decision]
    assert {(c.obligor, c.target, c.deadline) for c in facts.commitments} == {(GOV, 100, PUB), (TAL, 20, PUB)}


@pytest.mark.parametrize(
    "text",
    [
        "The Taliban want the government to release 5,000 prisoners before talks.",
        '"I think the government will release 100 prisoners tomorrow," said Zabihullah Mujahid.',
        "Kabul has claimed the Taliban want 15 commanders released.",
        "The Taliban demanded the release of 5,000 prisoners.",
        "Officials hope the Taliban will free 1,000 soldiers.",
    ],
)
def test_extract_commitments_not_from_demands_predictions_claims(text: str) -> None:
    assert commitments(text) == []


def test_extract_commitments_withdrawal_in_return() -> None:
    text = ("Khalilzad and the Taliban signed a deal on February 29 that paves the way for U.S. forces to leave "
            "Afghanistan in return for security guarantees from the insurgents.")
    facts = extract(doc(text))
    assert [(c.obligor, c.action, c.counterparty) for c in facts.commitments] == [(US, "withdraw", TAL)]
