"""Deadlines read from how the terms time themselves: against the truce's first day, "the same period" as
the duty before, "between" two days, the duty's own clause only, and no deal's day taken for a deadline;
decreed releases in passive wording; exchanges of "N prisoners each". Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document


def _facts(text: str, published: dt.date):
    return extract(Document("rel", "rel.txt", published, "x", "t", text, "0"))


def _duties(text: str, published: dt.date) -> dict[tuple[str, str], dt.date | None]:
    return {(c.obligor, c.action): c.deadline for c in _facts(text, published).commitments}


def _targets(text: str, published: dt.date) -> dict[tuple[str, str], int | None]:
    return {(c.obligor, c.action): c.target for c in _facts(text, published).commitments}


# --- spans counted from the truce's first day ----------------------------------------------------------

TRUCE_TOOK_EFFECT = (
    "BEIRUT (Wire) - Israel and Lebanon signed a ceasefire deal on Tuesday. The truce took effect at 4 a.m. on "
    "Wednesday. Under the agreement, Israeli troops are to withdraw from the border villages within 30 days of the "
    "truce taking effect, while Hezbollah is to pull its units back from the frontier in the same period.")


def test_span_of_the_truce_counts_from_the_day_it_took_effect() -> None:
    duties = _duties(TRUCE_TOOK_EFFECT, dt.date(2024, 6, 5))  # a Wednesday; the deal of Tuesday 4 June
    assert duties[("israel", "withdraw")] == dt.date(2024, 7, 5)  # 5 June + 30 days, not 4 June + 30


def test_the_same_period_takes_the_deadline_of_the_duty_before() -> None:
    duties = _duties(TRUCE_TOOK_EFFECT, dt.date(2024, 6, 5))
    assert duties[("hezbollah", "withdraw")] == dt.date(2024, 7, 5)


def test_span_counts_from_the_start_of_the_truce_its_ceasefire_duty_gives() -> None:
    text = ("KYIV (Wire) - Ukraine and Russia signed a truce on Thursday. Under the deal, Ukraine and Russia are to "
            "stop firing from midnight on March 3. The two sides are to begin pulling artillery back no later than the "
            "second day of the truce and complete the pullback within 10 days of the start of the truce. The two sides "
            "are to open talks no later than the sixth day of the truce.")
    duties = _duties(text, dt.date(2023, 3, 1))
    assert duties[("ukraine", "ceasefire")] == dt.date(2023, 3, 3)
    assert duties[("ukraine", "withdraw")] == dt.date(2023, 3, 13)  # the span ends the duty, not its start
    assert duties[("russia", "talks")] == dt.date(2023, 3, 8)


def test_span_of_the_signing_still_counts_from_the_signing() -> None:
    text = ("BEIRUT (Wire) - Israel and Lebanon signed a ceasefire deal on Tuesday. The truce took effect at 4 a.m. on "
            "Wednesday. Under the agreement, Israeli troops are to withdraw from the border villages within 30 days of "
            "the signing.")
    assert _duties(text, dt.date(2024, 6, 5))[("israel", "withdraw")] == dt.date(2024, 7, 4)


def test_the_same_period_without_a_timed_duty_before_gives_none() -> None:
    text = ("BEIRUT (Wire) - Israel and Lebanon signed a deal on Tuesday. Under the agreement, Israeli troops are to "
            "withdraw from the border villages, while Hezbollah is to pull its units back in the same period.")
    assert _duties(text, dt.date(2024, 6, 5))[("hezbollah", "withdraw")] is None


def test_between_two_days_is_due_on_the_last() -> None:
    text = ("MANILA (Wire) - The Philippines and the MILF signed a peace accord on Monday. Under the accord, the MILF is "
            "to hand over 500 weapons to monitors between Sept. 1 and Nov. 30. Over the same period, the Philippines is "
            "to withdraw its extra troops from the region.")
    duties = _duties(text, dt.date(2014, 3, 25))
    assert duties[("moro-islamic-liberation-front", "other")] == dt.date(2014, 11, 30)
    assert duties[("government-of-the-philippines", "withdraw")] == dt.date(2014, 11, 30)


# --- a deadline belongs to its own clause ----------------------------------------------------------------

def test_deadline_of_a_further_for_clause_does_not_time_the_first_duty() -> None:
    text = ("KABUL (Wire) - The accord the United States and the Taliban signed in Doha on Feb. 29 calls for the Afghan "
            "government to free up to 3,000 Taliban prisoners in return for up to 600 soldiers held by the insurgents, "
            "and for the United States to pull its troops out of Afghanistan within 12 months of the signing.")
    duties = _duties(text, dt.date(2020, 6, 18))
    assert duties[("government-of-afghanistan", "release")] is None
    assert duties[("taliban", "release")] is None


def test_deadline_of_the_other_sides_pledge_does_not_time_the_release() -> None:
    text = ("KABUL (Wire) - The Taliban and the Afghan government reached a deal on Tuesday. Under the deal, the Taliban "
            "agreed to free the 12 aid workers in exchange for a pledge by the government to withdraw its troops from "
            "the valley by the end of the year.")
    assert _duties(text, dt.date(2007, 8, 30))[("taliban", "release")] is None


def test_day_of_the_talks_is_no_deadline_of_what_they_agreed() -> None:
    text = ("KYIV (Wire) - Russia and Ukraine met in Geneva on June 11, when the two delegations agreed to exchange "
            "all wounded prisoners.")
    duties = _duties(text, dt.date(2025, 7, 1))
    assert duties[("russia", "release")] is None and duties[("ukraine", "release")] is None


def test_dated_deadline_after_agreeing_is_still_read() -> None:
    text = "KYIV (Wire) - Russia and Ukraine agreed on Monday to exchange all wounded prisoners by June 30."
    duties = _duties(text, dt.date(2025, 6, 3))
    assert duties[("russia", "release")] == dt.date(2025, 6, 30)


# --- exchanges of "N each", decreed releases, "agreed at talks on DATE to" --------------------------------

def test_exchange_of_n_prisoners_each_is_each_sides_target() -> None:
    text = "KYIV (Wire) - Russia and Ukraine agreed on Friday to exchange 500 prisoners each."
    targets = _targets(text, dt.date(2025, 6, 7))
    assert targets[("russia", "release")] == 500 and targets[("ukraine", "release")] == 500


def test_exchange_without_each_keeps_no_target() -> None:
    text = "KYIV (Wire) - Russia and Ukraine agreed on Friday to exchange 500 prisoners."
    targets = _targets(text, dt.date(2025, 6, 7))
    assert targets[("russia", "release")] is None


def test_agreed_at_talks_on_a_day_to_exchange() -> None:
    text = "KYIV (Wire) - Russia and Ukraine agreed at talks in Geneva on June 11 to exchange 300 prisoners each."
    facts = _facts(text, dt.date(2025, 7, 1))
    found = {(c.obligor, c.action, c.target, c.deadline) for c in facts.commitments}
    assert found == {("russia", "release", 300, None), ("ukraine", "release", 300, None)}


def test_decreed_that_prisoners_would_be_freed() -> None:
    text = "KABUL (Wire) - President Ashraf Ghani decreed on March 2 that 700 Taliban prisoners would be freed."
    facts = _facts(text, dt.date(2020, 3, 20))
    assert [(c.obligor, c.action, c.target) for c in facts.commitments] == [("government-of-afghanistan", "release", 700)]
    assert facts.agreements[0].id == "decision/government-of-afghanistan/2020-03-02"


def test_decree_for_prisoners_to_be_set_free() -> None:
    text = "KABUL (Wire) - President Ashraf Ghani issued a decree on Monday for 250 Taliban prisoners to be set free."
    facts = _facts(text, dt.date(2020, 3, 20))
    assert [(c.obligor, c.action, c.target) for c in facts.commitments] == [("government-of-afghanistan", "release", 250)]


# --- guards: wants, forecasts and claims stay no duties ---------------------------------------------------

def test_demand_that_prisoners_be_freed_is_no_decision() -> None:
    text = ("KABUL (Wire) - The Taliban demanded on Monday that 700 of their prisoners be freed. A spokesman said the "
            "group expected 700 prisoners would be freed by March.")
    assert _facts(text, dt.date(2020, 3, 20)).commitments == ()


def test_demand_to_exchange_prisoners_each_is_no_duty() -> None:
    text = "KYIV (Wire) - Ukraine urged Russia on Friday to exchange 500 prisoners each, but Moscow has not replied."
    assert _facts(text, dt.date(2025, 6, 7)).commitments == ()


def test_same_period_in_a_forecast_is_no_duty() -> None:
    text = ("BEIRUT (Wire) - Israel and Lebanon signed a ceasefire deal on Tuesday. The truce took effect at 4 a.m. on "
            "Wednesday. Analysts expect Hezbollah to rebuild its positions in the same period.")
    assert not [c for c in _facts(text, dt.date(2024, 6, 5)).commitments if c.obligor == "hezbollah"]


# --- a truce duty timed by the truce's first day, told elsewhere in the text --------------------------------


def test_truce_duty_is_due_on_the_first_day_the_text_gives_the_truce() -> None:
    text = ("ADEN (Wire) - Yemen's government and the Houthis accepted on Friday a three-month truce starting at 6 "
            "p.m. on Sunday, the mediator said. Under the arrangement, the government and the Houthis are to halt all offensive operations "
            "on land, at sea and in the air.")
    duties = _duties(text, dt.date(2023, 5, 15))  # a Monday: the deal of Friday 12 May, the truce from 14 May
    assert duties[("government-of-yemen", "ceasefire")] == dt.date(2023, 5, 14)
    assert duties[("houthis", "ceasefire")] == dt.date(2023, 5, 14)


def test_truce_in_force_since_a_day_times_its_duties() -> None:
    text = ("SANAA (Wire) - The truce, agreed on June 3 and in force since 9 p.m. on June 4, binds the government "
            "and the Houthi movement to halt all offensive operations for two months.")
    duties = _duties(text, dt.date(2023, 6, 20))
    assert duties[("houthis", "ceasefire")] == dt.date(2023, 6, 4)


def test_truce_duty_stays_untimed_when_the_text_gives_two_first_days() -> None:
    text = ("ADEN (Wire) - Yemen's government and the Houthis accepted a truce starting on Sunday, the mediator said "
            "on Friday. An earlier pause, beginning on May 1, had collapsed. Under the arrangement, the government and "
            "the Houthis are to halt all offensive operations.")
    duties = _duties(text, dt.date(2023, 5, 13))
    assert duties[("houthis", "ceasefire")] is None  # which of the two is this truce's is not told


def test_truce_told_of_far_from_the_duty_and_after_the_opening_does_not_time_it() -> None:
    filler = " ".join(["Residents of the border towns described a quiet night, the first in weeks."] * 12)
    text = ("BOGOTA (Wire) - Colombia's government and the FARC signed a peace accord in Havana on Wednesday, "
            "ending more than five decades of war, officials from both sides said.\n\n"
            "The president said on Thursday he had ordered the army to observe a ceasefire with the FARC starting "
            "at midnight on Monday.\n\n" + filler + "\n\n"
            "Under the accord, the two sides are to keep to a bilateral ceasefire.")
    duties = _duties(text, dt.date(2016, 8, 26))
    assert duties[("farc", "ceasefire")] is None  # the Monday is the president's order's, told far above


@pytest.mark.parametrize("opening", [
    "In an agreement reached in Havana on March 3,",
    "Under the deal signed on March 3,",
    "Under the accord, which was concluded in Havana on March 3,",
])
def test_the_day_the_deal_was_made_is_no_deadline_of_its_duties(opening: str) -> None:
    text = ("BOGOTA (Wire) - Colombia's government and the ELN met again on Friday. " + opening
            + " the ELN undertook to free all soldiers it holds and the government promised to open talks.")
    duties = _duties(text, dt.date(2023, 3, 10))
    assert duties[("eln", "release")] is None


def test_truce_said_to_have_begun_on_a_day_times_its_duties() -> None:
    text = ("ADEN (Wire) - Yemen's government and the Houthis accepted a truce on Friday, the mediator said. The truce "
            "began on Sunday. Under the arrangement, the government and the Houthis are to halt all offensive operations.")
    duties = _duties(text, dt.date(2023, 5, 16))  # a Tuesday: the deal of Friday 12 May, the truce from 14 May
    assert duties[("houthis", "ceasefire")] == dt.date(2023, 5, 14)
