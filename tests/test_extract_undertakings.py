"""A party's own undertaking under a deal the text follows, and decrees told in the sentence after their signing."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2022, 3, 9)
COL, ELN = "government-of-colombia", "eln"
DEAL = "The Colombian government and the ELN signed an accord in Caracas on Monday. "


def commitments(text: str, published: dt.date = PUB):
    doc = Document("u1", "u1.txt", published, "Test Wire", "test", text, "0")
    return [(c.obligor, c.action, c.deadline) for c in extract(doc).commitments]


def test_extract_undertakings_party_duty_of_any_kind() -> None:
    found = commitments(DEAL + "The ELN undertook to stop recruiting minors in the border provinces.")
    assert (ELN, "other", None) in found


def test_extract_undertakings_each_clause_its_own_deadline() -> None:
    found = commitments(DEAL + "The ELN undertook to disarm its fighters within 90 days of the signing, "
                               "and the government committed to rebuilding roads in Catatumbo.")
    assert (ELN, "other", dt.date(2022, 6, 5)) in found
    assert (COL, "other", None) in found


def test_extract_undertakings_claim_about_another_party_is_none() -> None:
    # the ELN tells what the government agreed to: a claim, not the government's duty
    found = commitments(DEAL + "The ELN said in a statement that the government had also agreed to allow aid convoys into Arauca.")
    assert not any(ob == COL and action == "other" for ob, action, _ in found)


def test_extract_undertakings_no_deal_no_duty() -> None:
    # a one-sided vow with no deal in the text stays a statement
    assert commitments("The ELN vowed to keep recruiting in the border provinces, a commander said.") == []


def test_extract_undertakings_demand_is_none() -> None:
    found = commitments(DEAL + "The government wants the ELN to agree to stop recruiting minors.")
    assert not any(action == "other" for _, action, _ in found)


def test_extract_undertakings_numbers_are_no_duty() -> None:
    found = commitments(DEAL + "The two sides had agreed to two more days of talks on the same terms.")
    assert not any(action == "other" for _, action, _ in found)


def test_extract_undertakings_decree_named_in_the_sentence_before() -> None:
    text = "President Gustavo Petro signed a decree on Monday. It orders the release of 60 ELN prisoners."
    doc = Document("u2", "u2.txt", PUB, "Test Wire", "test", text, "0")
    found = [(c.obligor, c.action, c.target) for c in extract(doc).commitments]
    assert (COL, "release", 60) in found
    text = "President Gustavo Petro spoke to reporters on Monday. It orders the release of 60 ELN prisoners."
    doc = Document("u3", "u3.txt", PUB, "Test Wire", "test", text, "0")
    assert extract(doc).commitments == ()
