"""Release events: releaser, whose people, how many, when, and who reports it."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2020, 4, 13)  # a Monday
GOV, TAL = "government-of-afghanistan", "taliban"


def doc(text: str) -> Document:
    return Document("t3", "t3.txt", PUB, "Test Wire", "test", "In Afghanistan, the Taliban and the government talk. " + text, "0")


def releases(text: str):
    return [(r.releaser, r.released_party, r.count, r.qualifier, r.cumulative, r.date_from, r.date_to)
            for r in extract(doc(text)).releases]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Taliban on Sunday released 20 Afghan soldiers.", (TAL, GOV, 20, "exact", False, dt.date(2020, 4, 12), dt.date(2020, 4, 12))),
        ("Twenty soldiers were freed by the insurgents on Saturday.", (TAL, GOV, 20, "exact", False, dt.date(2020, 4, 11), dt.date(2020, 4, 11))),
        ("Kabul freed more than 150 Taliban prisoners last week.", (GOV, TAL, 150, "at_least", False, dt.date(2020, 4, 6), dt.date(2020, 4, 12))),
        ("The government last week released hundreds of insurgent captives.", (GOV, TAL, None, "vague", False, dt.date(2020, 4, 6), dt.date(2020, 4, 12))),
        ("The government has released 300 Taliban prisoners so far.", (GOV, TAL, 300, "exact", True, None, PUB)),
        ("In all, the insurgents have freed 40 government captives.", (TAL, GOV, 40, "exact", True, None, PUB)),
        ("The authorities released two hundred inmates held by the group on Friday.", (GOV, TAL, 200, "exact", False, dt.date(2020, 4, 10), dt.date(2020, 4, 10))),
    ],
)
def test_extract_releases_active_and_passive(text: str, expected: tuple) -> None:
    assert expected in releases(text)


def test_extract_releases_batch_and_running_total() -> None:
    found = releases("The government freed another 98 Taliban prisoners on Sunday, bringing the total released so far to 550.")
    assert (GOV, TAL, 98, "exact", False, dt.date(2020, 4, 12), dt.date(2020, 4, 12)) in found
    assert (GOV, TAL, 550, "exact", True, None, PUB) in found


def test_extract_releases_source_according_to() -> None:
    facts = extract(doc("According to the ICRC, the Taliban on Sunday released 20 Afghan soldiers."))
    assert [r.source for r in facts.releases] == ["icrc"]


def test_extract_releases_two_groups_of_people() -> None:
    text = "Pakistan freed 15 Taliban fighters and four Afghan soldiers on Friday."
    found = {(r.released_party, r.count) for r in extract(doc(text)).releases}
    assert (TAL, 15) in found and (GOV, 4) in found


@pytest.mark.parametrize(
    "text",
    [
        "The government will release 100 Taliban prisoners tomorrow.",
        "The Taliban want the government to release 5,000 prisoners.",
        "The government has not released any of the 500 prisoners.",
        "The virus has caused 239 infections and four deaths among 2,000 prisoners.",
        "The group controls more than 40% of the territory after two decades of war.",
        '"We released 100 prisoners today," the official said.',
        "A team of three arrived to discuss the release of prisoners.",
        "Officials agreed to release up to 2,000 prisoners.",
        "The deal was signed on February 29, 2020, after 18 years of war.",
        "The government paid $5 million to 300 families.",
    ],
)
def test_extract_releases_nothing_from_distractors(text: str) -> None:
    assert releases(text) == []
