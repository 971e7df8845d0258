"""Duties in words the first rules did not read: an agreement still to be reached ("to sign a
comprehensive peace agreement by Aug. 18": talks, unlike "to sign the accord" already made);
a pull-back begun, finished or of forces disengaged; a day named by its weekday on that very
weekday ("from 7 p.m. on Saturday" in Saturday's paper); a duty told in the past with a day
without a year ("was to hand back the district by Nov. 20", in January). Sentences written for
these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.extract.dates import find_dates
from loaders.facts import Document

PUBLISHED = dt.date(2025, 7, 19)  # a Saturday
DEAL = "Congo and the M23 signed a declaration of principles in Doha on Saturday. "


def duties(text: str, published: dt.date = PUBLISHED) -> set[tuple[str, str, dt.date | None]]:
    doc = Document("d1", "d1.txt", published, "Test Wire", "test", text, "0")
    return {(c.obligor, c.action, c.deadline) for c in extract(doc).commitments}


def test_an_agreement_still_to_be_reached_is_talks() -> None:
    found = duties(DEAL + "Under the declaration, the two sides are to sign a comprehensive peace agreement by Aug. 18.")
    assert {a for _, a, _ in found} == {"talks"}
    assert {d for _, _, d in found} == {dt.date(2025, 8, 18)}
    found = duties(DEAL + "Under the declaration, the two sides are to conclude a final agreement by Aug. 18.")
    assert {a for _, a, _ in found} == {"talks"}


def test_signing_an_accord_already_made_is_no_talks() -> None:
    found = duties(DEAL + "Under the declaration, the M23 is to sign the accord by Aug. 18.")
    assert "talks" not in {a for _, a, _ in found}


def test_forces_disengaged_and_a_pullout_completed_are_withdrawals() -> None:
    text = ("Rwanda and Congo signed a peace agreement in Washington on Friday. Under the agreement, Rwanda is to "
            "disengage its forces from Congolese soil within 90 days.")
    assert {(o, a) for o, a, _ in duties(text)} == {("rwanda", "withdraw")}
    text = ("Israel and Hamas agreed a ceasefire in Doha on Jan. 15. Under the deal, Israeli troops are to complete "
            "their pullout from the Netzarim corridor on Sunday.")
    assert {(o, a) for o, a, _ in duties(text, dt.date(2025, 2, 8))} == {("israel", "withdraw")}


def test_beginning_to_pull_back_is_a_withdrawal_but_taking_people_back_is_not() -> None:
    text = ("Russia and Ukraine agreed a ceasefire in Minsk on Thursday. Under the deal, the two sides are to begin "
            "pulling heavy weapons back from the front line.")
    assert {a for _, a, _ in duties(text, dt.date(2015, 2, 13))} == {"withdraw"}
    text = ("Myanmar and Bangladesh signed a repatriation deal in Naypyitaw on Tuesday. Under the deal, Myanmar is to "
            "start taking people back within two months.")
    assert "withdraw" not in {a for _, a, _ in duties(text, dt.date(2018, 1, 23))}


def test_a_weekday_of_a_duty_on_that_weekday_is_the_day_itself() -> None:
    saturday = dt.date(2022, 4, 2)
    text = ("The government and the Houthis accepted a truce brokered by the United Nations. Under the truce, both sides "
            "are to stop all offensive military operations from 7 p.m. on Saturday.")
    assert {d for _, _, d in duties(text, saturday)} == {saturday}
    # "next Saturday" is a week on; a past weekday is the one before
    assert [d.first for d in find_dates("The talks resume next Saturday.", saturday, future=True)] == [dt.date(2022, 4, 9)]
    assert [d.first for d in find_dates("The talks began on Saturday.", saturday, future=False)] == [saturday]


def test_a_duty_told_in_the_past_has_its_day_in_the_past() -> None:
    text = ("Armenia and Azerbaijan signed a ceasefire deal in Moscow on Nov. 9. Under the deal, Armenia was to hand "
            "back the Aghdam district by Nov. 20.")
    assert duties(text, dt.date(2021, 1, 13)) >= {("armenia", "withdraw", dt.date(2020, 11, 20))}
    text = ("Armenia and Azerbaijan signed a ceasefire deal in Moscow on Nov. 9. Under the deal, Armenia is to hand "
            "back the Aghdam district by Nov. 20.")
    assert duties(text, dt.date(2021, 1, 13)) >= {("armenia", "withdraw", dt.date(2021, 11, 20))}
