"""A batch given inside a running total ("has freed 300 since April 8, including 100 on Saturday",
"had released 4,019, including 86 who left Bagram on Monday"): the total up to the day it is
reported, the batch on its own day; and people named one after another, counted. Sentences written
for these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2020, 4, 14)  # a Tuesday
AFG, TAL = "government-of-afghanistan", "taliban"


def releases(text: str) -> set[tuple]:
    doc = Document("r1", "r1.txt", PUBLISHED, "Test Wire", "test", text, "0")
    return {(r.releaser, r.released_party, r.count, r.cumulative, r.date_from, r.date_to) for r in extract(doc).releases}


def test_a_total_since_a_day_including_a_batch_on_a_weekday() -> None:
    assert releases("The Afghan government has freed 300 Taliban prisoners from Bagram prison since April 8, "
                    "including 100 on Saturday, officials said.") == {
        (AFG, TAL, 300, True, dt.date(2020, 4, 8), PUBLISHED),
        (AFG, TAL, 100, False, dt.date(2020, 4, 11), dt.date(2020, 4, 11))}


def test_a_total_including_the_ones_who_left_prison_on_a_day() -> None:
    assert releases("The Afghan government said it had released 4,019 Taliban prisoners, including 86 who left "
                    "Bagram prison on Monday.") == {
        (AFG, TAL, 4019, True, None, PUBLISHED),
        (AFG, TAL, 86, False, dt.date(2020, 4, 13), dt.date(2020, 4, 13))}


def test_a_part_without_a_day_of_its_own_is_no_batch() -> None:
    found = releases("The Afghan government has freed 300 Taliban prisoners so far, including 20 women.")
    assert {r[2] for r in found} == {300}


def test_people_named_one_after_another_are_counted() -> None:
    found = releases("Russia freed Evan Gershkovich, Paul Whelan and Alsu Kurmasheva on Thursday.")
    assert {(r[0], r[2], r[4]) for r in found} == {("russia", 3, dt.date(2020, 4, 9))}
    found = releases("Iran released Swedish diplomat Johan Floderus and Swedish-Iranian national Saeed Azizi on Saturday.")
    assert {(r[0], r[2], r[4]) for r in found} == {("iran", 2, dt.date(2020, 4, 11))}


def test_one_named_person_and_a_group_without_a_figure_is_one() -> None:
    found = releases("Iran released Johan Floderus and his colleagues on Saturday.")
    assert {(r[0], r[2]) for r in found} == {("iran", 1)}
