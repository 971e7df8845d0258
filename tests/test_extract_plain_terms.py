"""Plain obligation sentences after a deal is named: "X is to V", "X must V", "X undertakes to V",
coordinated subjects, "both sides", possessive and adjective subjects, and what stays out."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2021, 5, 4)


def _facts(text: str, published: dt.date = PUB):
    return extract(Document("pt", "pt.txt", published, "Test Wire", "test", text, "0"))


def duties(text: str, published: dt.date = PUB):
    return [(c.obligor, c.action, c.target, c.deadline) for c in _facts(text, published).commitments]


def test_extract_plain_terms_was_to_free_each_side() -> None:
    text = ("Officials in Muscat said the swap ended months of contacts. Under the arrangement, Iran was to free three Belgians "
            "and Belgium, in return, was to free one Iranian diplomat.")
    found = duties(text)
    assert ("iran", "release", 3, None) in found
    assert ("belgium", "release", 1, None) in found


def test_extract_plain_terms_adjective_forces_and_both_sides() -> None:
    text = ("Russia and Georgia accepted a ceasefire plan drafted in Paris on Monday.\n\n"
            "The two sides are to halt all hostilities. Georgian soldiers must go back to their barracks. "
            "Russian troops must pull back to the positions they held before the war.")
    found = duties(text)
    for side in ("russia", "georgia"):
        assert (side, "ceasefire", None, None) in found
        assert (side, "withdraw", None, None) in found


def test_extract_plain_terms_undertakes_within_days_from_the_deal() -> None:
    text = ("Ukraine and Russia signed the corridor protocol in Istanbul on 3 May 2021. Under the protocol, "
            "Ukraine undertakes to clear the approaches to Odesa within ten days.")
    assert ("ukraine", "other", None, dt.date(2021, 5, 13)) in duties(text)


def test_extract_plain_terms_coordinated_subject_bound_like() -> None:
    text = ("The government of Mali and the CMA signed the accord in Bamako on 2 May 2021. "
            "The CMA and the Platform are bound, like the government, to observe the truce.")
    found = duties(text)
    assert ("coordination-of-azawad-movements", "ceasefire", None, None) in found
    assert ("platform", "ceasefire", None, None) in found


def test_extract_plain_terms_talks_and_undated_deal_from_its_parties() -> None:
    text = ("Serbia and Kosovo accepted a plan in Brussels. Under the plan, Kosovo is to open talks at once "
            "and Serbia is to reopen its border crossings.")
    facts = _facts(text)
    found = [(c.obligor, c.action) for c in facts.commitments]
    assert ("kosovo", "talks") in found
    assert ("serbia", "other") in found
    assert [a.id for a in facts.agreements] == ["agreement/kosovo+serbia/undated"]


def test_extract_plain_terms_forecasts_conditions_and_claims_stay_out() -> None:
    text = ("Russia and Georgia signed a ceasefire plan on Monday. "
            "A Georgian minister said Russia would pull its troops back within weeks. "
            "If talks fail, Russia is to keep its forces in place. "
            "Who is to pay for the monitors?")
    assert duties(text) == []


def test_extract_plain_terms_no_deal_no_duty() -> None:
    assert duties("Georgian soldiers must go back to their barracks, the minister said on Monday.") == []
