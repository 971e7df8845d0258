"""Running totals whose period is given in other words than "since April 8": a total whose
noun phrase runs long ("taking the number freed since the exchange began on April 8 to about
950"), a period opened by an event on a day ("since the truce took effect on Jan. 19", "since
the exchange began on Friday", "since the invasion of Feb. 24, 2022"), a total told as a part of
what a deal frees ("had freed 861 of the 1,000 captives"), and a second total "over the same
period". Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2020, 5, 4)  # a Monday
AFG, TAL = "government-of-afghanistan", "taliban"


def releases(text: str, published: dt.date = PUBLISHED) -> set[tuple]:
    doc = Document("t1", "t1.txt", published, "Test Wire", "test", text, "0")
    return {(r.releaser, r.released_party, r.count, r.cumulative, r.date_from, r.date_to) for r in extract(doc).releases}


def test_a_total_whose_noun_phrase_runs_long_after_a_batch() -> None:
    assert releases("The Afghan government released 98 Taliban prisoners from Bagram on Sunday, officials said, "
                    "taking the number freed since the exchange began on April 8 to about 950.") == {
        (AFG, TAL, 98, False, dt.date(2020, 5, 3), dt.date(2020, 5, 3)),
        (AFG, TAL, 950, True, dt.date(2020, 4, 8), PUBLISHED)}


def test_the_figure_before_the_number_and_the_period_after_it() -> None:
    assert releases("The Afghan government freed 100 Taliban prisoners on Sunday, raising to about 1,050 the number "
                    "it has freed since the exchange began on 8 April, officials said.") == {
        (AFG, TAL, 100, False, dt.date(2020, 5, 3), dt.date(2020, 5, 3)),
        (AFG, TAL, 1050, True, dt.date(2020, 4, 8), PUBLISHED)}


def test_a_period_opened_by_an_event_on_a_weekday_at_the_head_of_the_sentence() -> None:
    found = releases("Since the exchange began on Friday, the Taliban have freed 181 Afghan soldiers, the Red Cross said.")
    assert found == {(TAL, AFG, 181, True, dt.date(2020, 5, 1), PUBLISHED)}


def test_a_period_opened_on_an_abbreviated_month() -> None:
    found = releases("Hamas has now freed seven hostages since the truce took effect on Jan. 19.", dt.date(2025, 1, 26))
    assert {(r[0], r[2], r[3], r[4], r[5]) for r in found} == {("hamas", 7, True, dt.date(2025, 1, 19), dt.date(2025, 1, 26))}


def test_a_period_opened_by_an_event_of_a_day() -> None:
    found = releases("Russia has returned 4,131 Ukrainians from captivity since the full-scale invasion of Feb. 24, 2022, "
                     "officials said.", dt.date(2025, 2, 6))
    assert {(r[0], r[2], r[3], r[4], r[5]) for r in found} == {
        ("russia", 4131, True, dt.date(2022, 2, 24), dt.date(2025, 2, 6))}


def test_a_part_of_what_a_deal_frees_is_a_running_total() -> None:
    found = releases("The Taliban said on Monday they had freed 861 of the 1,000 Afghan government captives they are "
                     "to release under the deal.")
    assert found == {(TAL, AFG, 861, True, None, PUBLISHED)}
    # a part freed on a day, not in a perfect tense, stays a batch of that day
    found = releases("The Taliban freed 20 of the 1,000 Afghan government captives on Sunday.")
    assert found == {(TAL, AFG, 20, False, dt.date(2020, 5, 3), dt.date(2020, 5, 3))}


def test_a_second_total_over_the_same_period() -> None:
    found = releases("The Taliban have freed 60 Afghan soldiers since April 12, while the government has freed 700 "
                     "Taliban prisoners over the same period.")
    assert found == {(TAL, AFG, 60, True, dt.date(2020, 4, 12), PUBLISHED),
                     (AFG, TAL, 700, True, dt.date(2020, 4, 12), PUBLISHED)}


def test_the_word_release_after_an_article_is_a_noun() -> None:
    found = releases("The releases bring the number of Taliban prisoners freed by the government since Friday to 180.")
    assert {(r[0], r[2], r[3], r[4]) for r in found} == {(AFG, 180, True, dt.date(2020, 5, 1))}
