"""Releases dated by earlier sentences, releases told once for both sides, and duties to see forces leave."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2024, 3, 6)  # a Wednesday


def _facts(text: str):
    return extract(Document("t", "t.txt", PUBLISHED, "x", "t", text, "0"))


@pytest.mark.parametrize(
    "text, releaser, day",
    [
        ("Here is how Monday unfolded at the crossing. Buses came and went all afternoon. "
         "The Taliban released 40 government soldiers near the border.", "taliban", dt.date(2024, 3, 4)),
        ("The Houthis freed 60 government fighters on Monday, the ICRC said.\n\n"
         "The government released 75 Houthi detainees that evening.", "government-of-yemen", dt.date(2024, 3, 4)),
    ],
)
def test_batch_takes_the_day_of_an_earlier_sentence(text: str, releaser: str, day: dt.date) -> None:
    found = [r for r in _facts(text).releases if r.releaser == releaser]
    assert found and found[0].date_from == day == found[0].date_to


def test_background_sentence_without_a_day_stays_undated() -> None:
    text = "Talks resumed in Doha. The Taliban released 40 government soldiers, the group said."
    found = [r for r in _facts(text).releases if r.releaser == "taliban"]
    assert found and found[0].date_from is None


@pytest.mark.parametrize(
    "text, count",
    [
        ("Russia and Ukraine each handed over 95 prisoners of war on Monday in a swap brokered by the UAE.", 95),
        ("Russia and Ukraine traded captives again. On Monday each side freed 95 servicemen.", 95),
    ],
)
def test_each_side_gives_one_release_per_side(text: str, count: int) -> None:
    pairs = {(r.releaser, r.released_party) for r in _facts(text).releases if r.count == count}
    assert pairs == {("russia", "ukraine"), ("ukraine", "russia")}


def test_running_total_for_each_side_is_cumulative() -> None:
    text = "Russia and Ukraine swapped more prisoners on Monday. With Monday's group, each side has now handed back 900 people."
    totals = [r for r in _facts(text).releases if r.count == 900]
    assert len(totals) == 2 and all(r.cumulative and r.date_from is None for r in totals)


def test_commit_to_ensuring_forces_leave_is_a_withdrawal() -> None:
    text = ("The Government of National Accord and the Libyan National Army signed a ceasefire agreement in Geneva on Monday. "
            "Under the agreement, the two sides commit to ensuring that all foreign fighters leave the country within 60 days of the signing.")
    duties = {(c.obligor, c.action, c.deadline) for c in _facts(text).commitments}
    assert ("libyan-national-army", "withdraw", dt.date(2024, 5, 3)) in duties
