"""When releases happened and by when duties fall due: months, starts of running totals,
"by" dates, perfect-tense batches, days of other events, and deadlines clause by clause."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.extract.dates import find_dates
from loaders.facts import Document

PUB = dt.date(2021, 10, 14)  # a Thursday
D = dt.date


def _doc(text: str, published: dt.date = PUB) -> Document:
    return Document("t1", "t1.txt", published, "Test Wire", "test", text, "0")


def releases(text: str, published: dt.date = PUB):
    return [(r.releaser, r.count, r.date_from, r.date_to) for r in extract(_doc(text, published)).releases]


def commitments(text: str, published: dt.date = PUB):
    return [(c.obligor, c.action, c.target, c.deadline) for c in extract(_doc(text, published)).commitments]


# --- a month named without a day -------------------------------------------------------------

@pytest.mark.parametrize(
    "text, first, last",
    [
        ("In March, the talks stalled", D(2021, 3, 1), D(2021, 3, 31)),
        ("freed during December", D(2020, 12, 1), D(2020, 12, 31)),  # a later month: last year's
        ("in early July 2019 the", D(2019, 7, 1), D(2019, 7, 31)),
        ("will meet in November", D(2021, 11, 1), D(2021, 11, 30)),  # ahead when the clause looks ahead
    ],
)
def test_extract_timeframes_month(text: str, first: dt.date, last: dt.date) -> None:
    found = find_dates(text, PUB)
    assert [(d.first, d.last, d.kind) for d in found] == [(first, last, "month")]


def test_extract_timeframes_month_needs_a_capital_and_no_day() -> None:
    assert find_dates("in may be freed", PUB) == []
    assert [d.kind for d in find_dates("in August 3 talks", PUB)] == ["day"]


def test_extract_timeframes_month_dates_a_batch() -> None:
    text = "In August, the ELN freed 12 soldiers it had held in Arauca."
    assert ("eln", 12, D(2021, 8, 1), D(2021, 8, 31)) in releases(text)


def test_extract_timeframes_month_of_another_event_is_not_the_release() -> None:
    # the month says when the men were captured, not when they were let go
    text = "The ELN on Tuesday freed 12 soldiers captured near the border in February."
    assert ("eln", 12, D(2021, 10, 12), D(2021, 10, 12)) in releases(text)
    text = "The Colombian army freed four ELN fighters who had been arrested in May."
    assert all(r[2] is None or r[2] != D(2021, 5, 1) for r in releases(text))


def test_extract_timeframes_month_of_the_clause_before_is_not_the_release() -> None:
    text = ("About 300 rebels laid down their arms in June, and dozens of government soldiers have been freed "
            "by the ELN in earlier swaps since the talks began in January, officials say.")
    found = releases(text)
    assert found and all(r[2] != D(2021, 6, 1) for r in found)


# --- where a running total starts, and where it ends ----------------------------------------------

@pytest.mark.parametrize(
    "text, start",
    [
        ("More than 900 ELN fighters have now been freed by the Colombian government since the exchanges began in March, the ministry said.", D(2021, 3, 1)),
        ("Close to 400 ELN fighters have been released by the Colombian government since the process got under way in early May 2020.", D(2020, 5, 1)),
        ("About 700 ELN fighters have been freed by the Colombian government since February last year.", D(2020, 2, 1)),
    ],
)
def test_extract_timeframes_since_an_event_began(text: str, start: dt.date) -> None:
    found = releases(text)
    assert [(r[2], r[3]) for r in found] == [(start, PUB)]


def test_extract_timeframes_by_a_day_closes_a_total() -> None:
    text = "Some 2,300 ELN fighters had been freed from Colombian jails by Sept. 30, including the last group cleared in August."
    assert [(r[1], r[2], r[3]) for r in releases(text)] == [(2300, None, D(2021, 9, 30))]
    text = "The ELN had let go about 450 soldiers by the time the talks resumed on Oct. 2."
    assert [(r[1], r[2], r[3]) for r in releases(text)] == [(450, None, D(2021, 10, 2))]


def test_extract_timeframes_by_a_future_day_is_no_total() -> None:
    assert releases("The ELN will free 40 soldiers by Oct. 30.") == []


# --- the perfect tense --------------------------------------------------------------------------

def test_extract_timeframes_perfect_batch_is_the_days_news() -> None:
    text = "Update: The ELN has released 14 soldiers, the Red Cross says."
    assert [(r[1], r[2], r[3]) for r in releases(text)] == [(14, PUB, PUB)]


@pytest.mark.parametrize(
    "text",
    [
        "The ELN says it has freed nearly 600 soldiers.",           # an approximate count stands as a total
        "The ELN says it has freed all 600 soldiers it held.",      # so does "all"
        "The ELN says it has already freed the 600 soldiers.",      # and "already ... the"
    ],
)
def test_extract_timeframes_perfect_total_keeps_no_start(text: str) -> None:
    assert [(r[2], r[3]) for r in releases(text)] == [(None, PUB)]


# --- days that belong to something else -----------------------------------------------------------

def test_extract_timeframes_day_of_the_deal_is_not_the_release() -> None:
    text = ("The ELN on Monday freed nine soldiers, the first captives the group has let go since the accord "
            "it signed with the government in Caracas on 3 August.")
    assert ("eln", 9, D(2021, 10, 11), D(2021, 10, 11)) in releases(text)


def test_extract_timeframes_day_of_speaking_is_not_the_release() -> None:
    text = ("The government has released about 1,200 ELN fighters since May, Defence Minister Diego Molano "
            "told reporters in Bogota on Tuesday.")
    assert [(r[2], r[3]) for r in releases(text)] == [(D(2021, 5, 1), D(2021, 10, 12))]


# --- deadlines clause by clause ----------------------------------------------------------------------

def test_extract_timeframes_deadline_stays_in_its_clause() -> None:
    text = ("Under the accord of Jan. 12, the Philippine government was to free 300 MILF fighters, "
            "and Manila pledged to pull its troops out of the camps by June 30.")
    found = commitments(text, D(2021, 8, 2))
    assert ("government-of-the-philippines", "release", 300, None) in found


def test_extract_timeframes_reciprocal_release_shares_the_deadline() -> None:
    text = ("Under the deal, the Philippine government was to free 300 MILF fighters by March 15, "
            "and the MILF were to let go 40 soldiers in return.")
    found = commitments(text, D(2021, 8, 2))
    assert ("government-of-the-philippines", "release", 300, D(2021, 3, 15)) in found
    assert ("moro-islamic-liberation-front", "release", 40, D(2021, 3, 15)) in found


def test_extract_timeframes_all_by_applies_to_every_clause() -> None:
    text = ("Under the deal, the Philippine government was to free 300 MILF fighters, and the MILF "
            "were to hand over 40 soldiers, all by March 15.")
    found = commitments(text, D(2021, 8, 2))
    assert ("moro-islamic-liberation-front", "release", 40, D(2021, 3, 15)) in found
