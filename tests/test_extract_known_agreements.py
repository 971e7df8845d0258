"""Deals the data knows: a title, a signing day or a mediator resolve to the known agreement."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

CASES = [
    # a signatory the gazetteer places elsewhere; the signing day picks the known deal and its parties
    ("Under the accord signed in Doha on Feb. 29 by the Taliban's Mullah Abdul Ghani Baradar, "
     "the Afghan government is to free up to 5,000 prisoners.",
     dt.date(2020, 4, 20), "agreement/taliban+united-states/2020-02-29", None),
    # the day written before the noun
    ("Kabul has freed 900 inmates so far under the February 29 deal between the US and the Taliban, "
     "which requires the Taliban to release 1,000 prisoners.",
     dt.date(2020, 6, 2), "agreement/taliban+united-states/2020-02-29", None),
    # the hosts of the talks are no parties to the deal they host
    ("Yemen's government and the Houthis have swapped prisoners for years. The deal was reached on "
     "Sept. 27 at talks hosted by the United Nations and the ICRC, and the Houthis are to free 400 prisoners.",
     dt.date(2020, 10, 12), None, "icrc"),
    # a deal named by its month only gets no day the text does not give
    ("Prisoners were freed under the February agreement between Washington and the insurgents, "
     "which requires the Taliban to release 1,000 prisoners.",
     dt.date(2020, 6, 2), None, "2020-02-29"),
]


@pytest.mark.parametrize(("text", "published", "present", "absent"), CASES)
def test_extract_known_agreement_resolved(text: str, published: dt.date, present: str | None, absent: str | None) -> None:
    doc = Document("t", "t.txt", published, "x", "t", text, "0")
    ids = [a.id for a in extract(doc).agreements]
    if present is not None:
        assert present in ids
    if absent is not None:
        assert all(absent not in a for a in ids)


def test_extract_known_agreement_never_one_made_after_the_text() -> None:
    # the data knows a Bangladesh-Myanmar arrangement of 2017; an article of 1997 cannot be about it
    text = ("Bangladesh signed a peace accord with tribal rebels from the Chittagong Hill Tracts on Tuesday, ending an "
            "insurgency in the hills along the borders with India and Myanmar.")
    found = extract(Document("t", "t.txt", dt.date(1997, 12, 3), "x", "t", text, "0")).agreements
    assert [(a.date, a.id) for a in found] == [(dt.date(1997, 12, 2), "agreement/bangladesh/1997-12-02")]
