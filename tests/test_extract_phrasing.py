"""Release, statement and commitment rules on phrasings of other outlets (AP, press releases,
live blogs, explainers, agency dispatches, translated stories)."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import DocFacts, Document

THU = dt.date(2023, 12, 14)  # a Thursday


def facts(text: str, published: dt.date = THU) -> DocFacts:
    return extract(Document("t", "t.txt", published, "x", "t", text, "0"))


def releases(text: str, published: dt.date = THU) -> list[tuple]:
    return sorted(((r.releaser, r.released_party, r.count, r.cumulative, r.date_from, r.date_to)
                   for r in facts(text, published).releases), key=str)


@pytest.mark.parametrize("text, expected", [
    # the verb inside the running total: "bring the number of ... freed by X since Friday to N"
    ("The Government of Yemen and the Houthis began a swap. The Houthis freed 30 soldiers on Monday. The releases bring the number of government soldiers freed by the Houthis since Friday to 180.",
     ("houthis", "government-of-yemen", 180, True, dt.date(2023, 12, 8), THU)),
    # "had now freed ... since the outbreak of the conflict" is a running total
    ("The RSF on Wednesday released 64 members of the Sudanese Armed Forces, the RSF said, adding that the RSF had now freed 537 army personnel since the outbreak of the conflict.",
     ("rapid-support-forces", "sudan", 537, True, None, THU)),
    # "sent N people home" frees them
    ("Azerbaijan on Wednesday sent 32 Armenian servicemen home across the border.",
     ("azerbaijan", "armenia", 32, False, dt.date(2023, 12, 13), dt.date(2023, 12, 13))),
])
def test_release_phrasings(text: str, expected: tuple) -> None:
    assert expected in releases(text)


def test_release_sent_without_home_is_no_release() -> None:
    assert releases("Azerbaijan on Wednesday sent 32 Armenian servicemen to the border region.") == []


def test_release_held_since_is_no_running_total() -> None:
    text = ("On Wednesday, Azerbaijan freed 32 Armenian servicemen. "
            "In return, Armenia released two Azerbaijani soldiers who had been held since April.")
    day = dt.date(2023, 12, 13)
    assert releases(text) == sorted([("azerbaijan", "armenia", 32, False, day, day), ("armenia", "azerbaijan", 2, False, day, day)], key=str)


def test_release_headline_mention_merges_into_dated_one() -> None:
    text = "ELN frees six soldiers held in Arauca\n\nThe ELN freed six soldiers on Thursday, the ombudsman's office said."
    assert releases(text, dt.date(2023, 8, 11)) == [("eln", "government-of-colombia", 6, False, dt.date(2023, 8, 10), dt.date(2023, 8, 10))]


def test_release_press_release_today_dates_later_batches() -> None:
    text = ("INTERNATIONAL COMMITTEE OF THE RED CROSS\nNEWS RELEASE\n\nGeneva, 14 April 2023\n\n"
            "Today the ICRC facilitated the release of 318 detainees in Yemen.\n\n"
            "The Houthis released 125 government soldiers, while the Government of Yemen freed some 190 Houthi detainees, the ICRC said.")
    day = dt.date(2023, 4, 14)
    assert ("houthis", "government-of-yemen", 125, False, day, day) in releases(text, day)


@pytest.mark.parametrize("text, speaker", [
    ("The ELN handed over six soldiers on Thursday, the Ombudsman's Office reported.", "government-of-colombia"),
    ("Hikmet Hajiyev, a foreign policy adviser, described the swap as a goodwill gesture.", "hikmet-hajiyev"),
])
def test_statement_verbs_of_other_outlets(text: str, speaker: str) -> None:
    assert speaker in [s.speaker for s in facts(text, dt.date(2023, 8, 11)).statements]


@pytest.mark.parametrize("text", [
    "Afghanistan has reported more than 400 infections.",
    "The reported release of the soldiers could not be verified.",
    "The army described its losses in a briefing.",
])
def test_statement_verbs_outside_their_construction_say_nothing(text: str) -> None:
    assert facts(text).statements == ()


def test_agreement_of_the_two_delegations_binds_the_two_sides() -> None:
    text = ("The ELN freed six soldiers of the Colombian government. At the talks in Caracas on Tuesday, the two delegations agreed that "
            "the ELN will release all the people it holds before the end of the year.")
    f = facts(text, dt.date(2023, 8, 11))
    assert [a.id for a in f.agreements] == ["agreement/eln+government-of-colombia/2023-08-08"]
    assert [(c.obligor, c.action, c.target, c.deadline) for c in f.commitments] == [("eln", "release", None, dt.date(2023, 12, 31))]


def test_agreement_named_by_the_parties_that_signed_it() -> None:
    text = ("The Houthis released 125 soldiers of the Government of Yemen. The operation implements the arrangement the parties "
            "signed in Bern on 20 March 2023.")
    assert [a.id for a in facts(text, dt.date(2023, 4, 14)).agreements] == ["agreement/government-of-yemen+houthis/2023-03-20"]
