"""A duty spread "over N days" of a truce ends on the last of them, counted from the truce's first day;
the other side's part given "in return" keeps its own time; "that year" is the year the text wrote
last. Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.extract.dates import find_dates
from loaders.facts import Document


def _duties(text: str, published: dt.date) -> dict[tuple[str, str], dt.date | None]:
    facts = extract(Document("span", "span.txt", published, "x", "t", text, "0"))
    return {(c.obligor, c.action): c.deadline for c in facts.commitments}


TRUCE = ("BEIRUT (Wire) - Israel and Hamas agreed a truce on Tuesday. Under the deal, the two sides are to observe a "
         "five-day pause in fighting starting on Thursday. Hamas is to free 40 hostages over five days, in return for "
         "120 Palestinian prisoners.")


def test_a_release_over_the_days_of_a_truce_ends_on_the_last() -> None:
    duties = _duties(TRUCE, dt.date(2031, 7, 2))  # a Wednesday; the pause starts on Thursday 3 July
    assert duties[("hamas", "ceasefire")] == dt.date(2031, 7, 3)
    assert duties[("hamas", "release")] == dt.date(2031, 7, 7)


def test_the_part_given_in_return_keeps_its_own_time() -> None:
    assert _duties(TRUCE, dt.date(2031, 7, 2))[("israel", "release")] is None


def test_that_year_is_the_year_written_last() -> None:
    text = "The first truce was signed in May 2027 and began on 3 August that year."
    found = [d for d in find_dates(text, dt.date(2031, 1, 10)) if d.kind == "day"]
    assert [d.first for d in found] == [dt.date(2027, 8, 3)]


def test_the_same_year_is_the_year_written_last() -> None:
    text = "Talks opened in 2019; the sides met again on June 4 the same year."
    found = [d for d in find_dates(text, dt.date(2031, 1, 10)) if d.kind == "day"]
    assert [d.first for d in found] == [dt.date(2019, 6, 4)]
