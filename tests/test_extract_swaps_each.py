"""A swap told once for both sides: "A and B exchanged N prisoners each", "the two sides handed over N
people each" is one release of N by each side, each freeing the other's people; a swap without "each"
gives no one side's figure. Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

SUNDAY = dt.date(2031, 6, 8)
SATURDAY = dt.date(2031, 6, 7)


def _releases(text: str) -> set[tuple]:
    facts = extract(Document("swap", "swap.txt", SUNDAY, "x", "t", text, "0"))
    return {(r.releaser, r.released_party, r.count, r.date_from, r.cumulative) for r in facts.releases}


@pytest.mark.parametrize("verb", ["exchanged", "swapped", "traded", "freed", "handed over"])
def test_two_parties_each_giving_the_same_number(verb: str) -> None:
    text = f"KYIV (Wire) - Russia and Ukraine {verb} 128 prisoners of war each on Saturday, both defence ministries said."
    assert _releases(text) == {("russia", "ukraine", 128, SATURDAY, False), ("ukraine", "russia", 128, SATURDAY, False)}


def test_the_two_sides_each_giving_people_apiece() -> None:
    text = ("BAKU (Wire) - Armenia and Azerbaijan held a second exchange under Russian mediation. On Saturday the two "
            "sides handed over 14 detainees apiece at the border, officials said.")
    assert _releases(text) == {("armenia", "azerbaijan", 14, SATURDAY, False), ("azerbaijan", "armenia", 14, SATURDAY, False)}


def test_a_swap_without_each_names_no_side_figure() -> None:
    text = "KYIV (Wire) - Russia and Ukraine exchanged 300 prisoners of war on Saturday, the first swap in a month."
    assert _releases(text) == set()


def test_each_other_is_not_each() -> None:
    text = "KYIV (Wire) - Russia and Ukraine exchanged 40 wounded soldiers with each other on Saturday."
    assert _releases(text) == set()
