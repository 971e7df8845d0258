"""Releases told once for both sides ("each side freed 40"): the two sides the text follows, never
the go-between that brokered the swap, whatever the month or the word order."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2021, 12, 16)  # a Thursday
ARM, AZE, QAT = "armenia", "azerbaijan", "qatar"


def releases(text: str):
    found = extract(Document("e1", "e1.txt", PUB, "Test Wire", "test", text, "0")).releases
    return {(r.releaser, r.released_party, r.count, r.date_from, r.date_to) for r in found}


def test_extract_release_each_side_skips_the_party_thanked_for_its_mediation() -> None:
    text = ("Armenia and Azerbaijan exchanged prisoners on Wednesday in a swap brokered by Qatar, officials in Yerevan "
            "and Baku said.\n\nAzerbaijan's foreign ministry said the men were in good health. It thanked Qatar for its "
            "mediation.\n\nThe swap was the first since Nov. 3, when each side freed 12 detainees.")
    found = releases(text)
    nov3 = dt.date(2021, 11, 3)
    assert (ARM, AZE, 12, nov3, nov3) in found and (AZE, ARM, 12, nov3, nov3) in found
    assert not any(QAT in (r[0], r[1]) for r in found)


def test_extract_release_each_side_the_subject_after_a_broker_is_no_broker() -> None:
    # "Under the deal brokered by Qatar, Armenia was to ...": Armenia is the subject, not a second broker
    text = ("Under the deal brokered by Qatar, Armenia was to hand back 10 soldiers. Armenia and Azerbaijan exchanged "
            "prisoners on Wednesday. It was the first swap since Nov. 3, when each side freed 12 detainees.")
    found = releases(text)
    assert (ARM, AZE, 12, dt.date(2021, 11, 3), dt.date(2021, 11, 3)) in found


def test_extract_release_each_side_in_may_is_a_month_not_a_modal() -> None:
    text = ("Armenia and Azerbaijan exchanged prisoners on Wednesday.\n\nEarlier swaps were larger. In May each side "
            "freed 40 prisoners over two days.")
    found = releases(text)
    assert (ARM, AZE, 40, dt.date(2021, 5, 1), dt.date(2021, 5, 31)) in found
    assert (AZE, ARM, 40, dt.date(2021, 5, 1), dt.date(2021, 5, 31)) in found
    # the modal still keeps a planned release out
    assert releases("Armenia and Azerbaijan met on Wednesday. Officials said Azerbaijan may free 40 prisoners.") == set()


def test_extract_release_each_side_people_from_each_side_in_the_passive() -> None:
    text = ("Armenia and Azerbaijan exchanged prisoners on Wednesday. It was the first swap since Nov. 3, when 25 "
            "prisoners from each side were freed.")
    found = releases(text)
    nov3 = dt.date(2021, 11, 3)
    assert (ARM, AZE, 25, nov3, nov3) in found and (AZE, ARM, 25, nov3, nov3) in found


def test_extract_release_each_side_a_state_freeing_its_own_nationals_frees_no_side() -> None:
    text = ("Armenia and Azerbaijan exchanged prisoners on Wednesday. Azerbaijan also released 20 Azerbaijanis held "
            "for political reasons on Wednesday.")
    wed = dt.date(2021, 12, 15)
    assert (AZE, None, 20, wed, wed) in releases(text)


def test_extract_release_each_side_people_of_no_side_but_of_a_named_state() -> None:
    text = "Armenia and Azerbaijan exchanged prisoners on Wednesday. Azerbaijan also freed five Georgian nurses on Wednesday."
    wed = dt.date(2021, 12, 15)
    assert (AZE, "georgia", 5, wed, wed) in releases(text)
    # without a nation named, nurses are of no side
    assert (AZE, None, 5, wed, wed) in releases(text.replace("Georgian ", ""))
