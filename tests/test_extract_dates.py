"""Relative dates resolved against the publication date."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract.dates import find_dates

MONDAY = dt.date(2020, 4, 13)
D = dt.date


@pytest.mark.parametrize(
    "text, first, last",
    [
        ("on Sunday", D(2020, 4, 12), D(2020, 4, 12)),
        ("on Monday", D(2020, 4, 13), D(2020, 4, 13)),
        ("on Thursday", D(2020, 4, 9), D(2020, 4, 9)),
        ("will be released on Thursday", D(2020, 4, 16), D(2020, 4, 16)),
        ("last week", D(2020, 4, 6), D(2020, 4, 12)),
        ("this week", D(2020, 4, 13), D(2020, 4, 19)),
        ("next week", D(2020, 4, 20), D(2020, 4, 26)),
        ("yesterday", D(2020, 4, 12), D(2020, 4, 12)),
        ("today", D(2020, 4, 13), D(2020, 4, 13)),
        ("tomorrow", D(2020, 4, 14), D(2020, 4, 14)),
        ("a day earlier", D(2020, 4, 12), D(2020, 4, 12)),
        ("February 29", D(2020, 2, 29), D(2020, 2, 29)),
        ("Feb. 29", D(2020, 2, 29), D(2020, 2, 29)),
        ("29 February 2020", D(2020, 2, 29), D(2020, 2, 29)),
        ("signed on December 20", D(2019, 12, 20), D(2019, 12, 20)),  # past event: last year's
        ("by May 30", D(2020, 5, 30), D(2020, 5, 30)),  # a deadline may lie ahead
        ("last month", D(2020, 3, 1), D(2020, 3, 31)),
        ("2020-03-10", D(2020, 3, 10), D(2020, 3, 10)),
    ],
)
def test_extract_dates_resolved(text: str, first: dt.date, last: dt.date) -> None:
    found = find_dates(text, MONDAY)
    assert (found[-1].first, found[-1].last) == (first, last)


@pytest.mark.parametrize("text", ["they may 10 more", "in the 1990s", "two decades of war", "Article 29"])
def test_extract_dates_not_dates(text: str) -> None:
    assert find_dates(text, MONDAY) == []


def test_extract_dates_offsets_point_at_the_words() -> None:
    text = "The group said on Sunday that"
    m = find_dates(text, MONDAY)[0]
    assert text[m.start : m.end] == "on Sunday"


@pytest.mark.parametrize(
    "text, words, day",
    [
        # counted from the day the paragraph told last, not from the publication day
        ("The council voted on Thursday. A day later, the minister signed the order.", "A day later", D(2020, 4, 10)),
        ("Talks opened in Doha on March 30. The next day the envoys met again.", "The next day", D(2020, 3, 31)),
        ("The first group left the jail on April 2; the previous day guards had checked the lists.",
         "the previous day", D(2020, 4, 1)),
        # nothing told before it in its paragraph: the publication day
        ("Officials met on Saturday.\n\nA day earlier, the lists were sent.", "A day earlier", D(2020, 4, 12)),
        ("The following day, more detainees are expected to leave.", "The following day", D(2020, 4, 14)),
    ],
)
def test_day_words_count_from_the_day_told_before(text: str, words: str, day: dt.date) -> None:
    at = text.index(words)
    found = [d for d in find_dates(text, MONDAY) if d.start == at]
    assert [(d.first, d.last) for d in found] == [(day, day)]


def test_extract_dates_day_before_may_is_the_month() -> None:
    from loaders.extract.dates import find_dates

    found = find_dates("It was the first swap since 2 May, when each side freed 12.", dt.date(2023, 6, 14))
    assert [(d.kind, d.first) for d in found] == [("day", dt.date(2023, 5, 2))]
    assert find_dates("Of the prisoners, 2 may be freed later.", dt.date(2023, 6, 14)) == []
