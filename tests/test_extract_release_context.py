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


# --- running totals counted from a day an earlier sentence or the deal gives ----------------------


@pytest.mark.parametrize(
    "text, releaser, count, since",
    [
        # "over the same period" as the total told in the sentence before
        ("Since the ceasefire began on Feb. 10, the rebels have freed 21 of the 40 soldiers they hold. "
         "The government has released 96 rebel fighters over the same period.", "government-of-colombia", 96,
         dt.date(2024, 2, 10)),
        # "since then": the day the paragraph named last
        ("The ceasefire took hold on Feb. 10 after weeks of talks. The government has released 96 rebel fighters "
         "since then.", "government-of-colombia", 96, dt.date(2024, 2, 10)),
        # "under the truce, which began on ...": the day the deal began
        ("The rebels have now freed 21 soldiers under the ceasefire, which began on Feb. 10, the army said.",
         "eln", 21, dt.date(2024, 2, 10)),
    ],
)
def test_running_total_counts_from_the_day_told_for_it(text: str, releaser: str, count: int, since: dt.date) -> None:
    text = "BOGOTA (Wire) - Colombia's government and the ELN rebels swapped prisoners on Monday.\n\n" + text
    found = [r for r in _facts(text).releases if r.releaser == releaser and r.count == count]
    assert found and found[0].cumulative and (found[0].date_from, found[0].date_to) == (since, PUBLISHED)


def test_since_then_with_no_day_before_it_gives_no_start() -> None:
    text = "BOGOTA (Wire) - Colombia's government has released 96 ELN fighters since then, officials said."
    found = [r for r in _facts(text).releases if r.count == 96]
    assert found and found[0].date_from is None
