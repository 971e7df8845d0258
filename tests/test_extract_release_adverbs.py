"""A passive with an adverb before its verb ("were also let go") is still a passive; a participle that
describes the people ("400 captured soldiers since April") does not make "since" a time held. Sentences
written for these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document


def _releases(text: str, published: dt.date) -> set[tuple]:
    facts = extract(Document("adv", "adv.txt", published, "x", "t", text, "0"))
    return {(r.releaser, r.released_party, r.count, r.date_from, r.date_to, r.cumulative) for r in facts.releases}


def test_a_passive_with_also_before_its_verb() -> None:
    text = ("MOGADISHU (Wire) - Al-Shabaab freed two Somali soldiers on Tuesday. Three Kenyan police officers were "
            "also let go on Monday, a police spokesman said.")
    found = _releases(text, dt.date(2031, 4, 9))
    assert ("al-shabaab", "kenya", 3, dt.date(2031, 4, 7), dt.date(2031, 4, 7), False) in found


def test_since_after_captured_people_is_a_running_total() -> None:
    text = ("KHARTOUM (Wire) - The Rapid Support Forces said on Friday that they have let go more than 250 captured "
            "soldiers since the war began on April 15.")
    found = _releases(text, dt.date(2023, 7, 7))
    assert [(r[2], r[3], r[4], r[5]) for r in found] == [(250, dt.date(2023, 4, 15), dt.date(2023, 7, 7), True)]


def test_held_since_still_tells_how_long_people_were_held() -> None:
    text = ("KHARTOUM (Wire) - The Rapid Support Forces freed 40 soldiers held since May on Thursday, a spokesman "
            "said.")
    found = _releases(text, dt.date(2023, 7, 7))
    assert [(r[2], r[3], r[5]) for r in found] == [(40, dt.date(2023, 7, 6), False)]
