"""Deadlines written as a month ("by May 2021", "until July"), as an hour on a day a duty starts
from ("from 6 p.m. on Friday"), and the day a party's order to its forces starts ("starting on
Friday"). Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document
from loaders.extract.dates import find_dates

PUBLISHED = dt.date(2020, 3, 14)  # a Saturday
DOHA = "The United States and the Taliban signed a deal in Doha on Feb. 29. "


def deadlines(text: str) -> set[tuple[str, str, dt.date | None]]:
    doc = Document("d1", "d1.txt", PUBLISHED, "Test Wire", "test", text, "0")
    return {(c.obligor, c.action, c.deadline) for c in extract(doc).commitments}


def test_by_a_month_and_year_is_the_end_of_that_month() -> None:
    assert deadlines(DOHA + "The US undertook to withdraw all its troops by May 2021 if the Taliban kept their word.") == {
        ("united-states", "withdraw", dt.date(2021, 5, 31))}


def test_by_a_month_without_a_year_is_the_next_such_month() -> None:
    assert deadlines(DOHA + "The US is to withdraw all its troops by July.") == {
        ("united-states", "withdraw", dt.date(2020, 7, 31))}
    assert deadlines(DOHA + "The US is to withdraw all its troops by January.") == {
        ("united-states", "withdraw", dt.date(2021, 1, 31))}


def test_by_may_alone_may_be_a_name_and_dates_nothing() -> None:
    assert deadlines(DOHA + "The US is to withdraw all its troops by May.") == {("united-states", "withdraw", None)}
    text = "The plan was criticised by May and by Johnson."
    assert [d for d in find_dates(text, PUBLISHED) if d.kind == "month"] == []


def test_a_duty_that_starts_at_an_hour_on_a_day() -> None:
    assert deadlines(DOHA + "Under the deal, the Taliban are to cease all hostilities from 6 p.m. on Friday.") == {
        ("taliban", "ceasefire", dt.date(2020, 3, 20))}


def test_an_order_to_the_forces_that_starts_on_a_day() -> None:
    assert deadlines("The Taliban leadership ordered its fighters to halt all attacks on Afghan forces for the three "
                     "days of Eid, starting on Friday.") == {("taliban", "ceasefire", dt.date(2020, 3, 20))}
    assert deadlines("The Taliban leadership ordered its fighters to halt all attacks on Afghan forces, "
                     "a spokesman said on Friday.") == {("taliban", "ceasefire", None)}


def test_by_the_end_of_a_month_next_year() -> None:
    assert deadlines(DOHA + "It commits Washington to withdraw all its troops by the end of April next year.") == {
        ("united-states", "withdraw", dt.date(2021, 4, 30))}
    assert deadlines(DOHA + "It commits Washington to withdraw all its troops by the end of March 2022.") == {
        ("united-states", "withdraw", dt.date(2022, 3, 31))}


def test_a_meeting_at_an_hour_on_a_day_is_talks_on_that_day() -> None:
    assert deadlines(DOHA + "Under the deal, commanders of the two sides are to meet at 7 a.m. on Tuesday.") == {
        ("taliban", "talks", dt.date(2020, 3, 17)), ("united-states", "talks", dt.date(2020, 3, 17))}
    assert deadlines(DOHA + "Under the deal, the two sides are to speak again at noon on March 20.") == {
        ("taliban", "talks", dt.date(2020, 3, 20)), ("united-states", "talks", dt.date(2020, 3, 20))}
