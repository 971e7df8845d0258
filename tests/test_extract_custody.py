"""Releases whose releaser or whose people are implied: receivers, custody, anaphora, gaps."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2022, 10, 6)  # a Thursday
WED = dt.date(2022, 10, 5)
RUS, UKR = "russia", "ukraine"


def facts(text: str, published: dt.date = PUB):
    return extract(Document("c1", "c1.txt", published, "Test Wire", "test", text, "0"))


def releases(text: str, published: dt.date = PUB):
    return [(r.releaser, r.released_party, r.count, r.date_from, r.date_to) for r in facts(text, published).releases]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Russia and Ukraine traded prisoners. Ukraine secured the release of 144 of its soldiers on Wednesday.",
         (RUS, UKR, 144, WED, WED)),
        ("Russia and Ukraine traded prisoners. Moscow got back 55 people on Wednesday.",
         (UKR, RUS, 55, WED, WED)),
        ("Russia and Ukraine traded prisoners. Ukraine brought home 90 of its marines from Russian captivity on Wednesday.",
         (RUS, UKR, 90, WED, WED)),
    ],
)
def test_extract_custody_receiver_is_not_releaser(text: str, expected: tuple) -> None:
    assert expected in releases(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        # the day comes in the sentence after the lead
        ("Ukraine won the release of 144 of its soldiers in a swap with Russia.\n\nThe exchange took place late on Wednesday near the border.",
         (RUS, UKR, 144, WED, WED)),
    ],
)
def test_extract_custody_lead_dated_by_next_sentence(text: str, expected: tuple) -> None:
    assert expected in releases(text)


AFG_PUB = dt.date(2020, 8, 18)  # a Tuesday
GOV, TAL = "government-of-afghanistan", "taliban"


@pytest.mark.parametrize(
    "text, expected",
    [
        # a bare figure refers back to the prisoners named before; a second batch shares the verb
        ("The council paused the release of the remaining Taliban prisoners.\n\n"
         "Of the 300 inmates on the list, sixty were released last Thursday and a further twelve on Sunday, officials said.",
         [(GOV, TAL, 60, dt.date(2020, 8, 13), dt.date(2020, 8, 13)), (GOV, TAL, 12, dt.date(2020, 8, 16), dt.date(2020, 8, 16))]),
        ("Kabul stopped freeing the last Taliban prisoners on its list.\n\nForty of them were freed last Thursday.",
         [(GOV, TAL, 40, dt.date(2020, 8, 13), dt.date(2020, 8, 13))]),
    ],
)
def test_extract_custody_anaphoric_batches(text: str, expected: list) -> None:
    found = releases(text, AFG_PUB)
    for item in expected:
        assert item in found


@pytest.mark.parametrize(
    "text, expected",
    [
        # "another" marks a batch in the perfect tense; "the latest group" dates it
        ("The Afghan government has freed another 75 Taliban prisoners, officials said. The latest group was freed on Monday from a jail in Kabul.",
         (GOV, TAL, 75, dt.date(2020, 8, 17), dt.date(2020, 8, 17))),
        # the people's arrival dates a release that its own clause leaves undated
        ("The Afghan government released 64 Taliban prisoners, who arrived in Kandahar on Sunday evening.",
         (GOV, TAL, 64, dt.date(2020, 8, 16), dt.date(2020, 8, 16))),
        # a running total from a day written as day and month
        ("The Taliban have so far released 45 members of the Afghan security forces since 3 August.",
         (TAL, GOV, 45, dt.date(2020, 8, 3), AFG_PUB)),
    ],
)
def test_extract_custody_batch_dates(text: str, expected: tuple) -> None:
    assert expected in releases(text, AFG_PUB)


ISR_PUB = dt.date(2023, 11, 27)  # a Monday
SUN = dt.date(2023, 11, 26)


@pytest.mark.parametrize(
    "text, expected",
    [
        # a nation's people held by a state are not the armed movement's members
        ("Israel freed 42 Palestinian prisoners on Sunday under the truce with Hamas.", ("israel", None, 42, SUN, SUN)),
        # hostages of several nations counted together have no released party ...
        ("Hamas freed 13 hostages on Sunday. The group included nine Israelis and four Thai nationals.", ("hamas", None, 13, SUN, SUN)),
        # ... and one group of them split by nation gives one release per nation
        ("Hamas freed nine Israeli captives and four Thai nationals on Sunday, Israel said.", ("hamas", "thailand", 4, SUN, SUN)),
        # most of them of one nation: that nation's people
        ("Israel said 13 hostages, 11 of them Israelis, were home after being freed by Hamas on Sunday.", ("hamas", "israel", 13, SUN, SUN)),
    ],
)
def test_extract_custody_whose_people(text: str, expected: tuple) -> None:
    assert expected in releases(text, ISR_PUB)


@pytest.mark.parametrize(
    "text",
    [
        "Israel has freed 25 Palestinian prisoners, Egypt says.",
    ],
)
def test_extract_custody_source_is_not_released_party(text: str) -> None:
    assert all(r[1] != "egypt" for r in releases(text, ISR_PUB))
