"""A party's order to its own forces is a decision it owes: "ordered all forces under its command
on Friday to cease fire", "ordering their fighters not to attack", "said he had ordered the army
to observe the truce ... starting at midnight on Monday". Sentences written for these tests; an
order not to do something that is no fighting owes no truce."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2020, 3, 14)  # a Saturday


def orders(text: str) -> set[tuple[str, str, dt.date | None]]:
    doc = Document("o1", "o1.txt", PUBLISHED, "Test Wire", "test", text, "0")
    return {(c.obligor, c.action, c.deadline) for c in extract(doc).commitments}


def test_an_order_to_all_forces_under_its_command_on_a_day() -> None:
    assert orders("The Government of National Accord ordered all forces under its command on Friday to cease fire "
                  "across the country.") == {("government-of-national-accord", "ceasefire", None)}


def test_an_order_not_to_attack_is_a_truce() -> None:
    assert orders("The Taliban announced a three-day truce on Tuesday, ordering their fighters not to attack Afghan "
                  "forces during the holiday.") == {("taliban", "ceasefire", None)}


def test_an_order_not_to_do_something_else_owes_nothing() -> None:
    assert orders("The Taliban ordered their fighters not to speak to reporters.") == set()


def test_a_leader_who_says_he_ordered_the_army_to_observe_a_truce_from_a_day() -> None:
    assert orders("President Ashraf Ghani said on Wednesday that he had ordered the army to observe the truce "
                  "starting at midnight on Monday.") == {("government-of-afghanistan", "ceasefire", dt.date(2020, 3, 16))}
