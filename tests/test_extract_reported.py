"""Reported speech: the verbs and word orders that attribute words to a speaker."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2021, 6, 14)


def doc(text: str) -> Document:
    return Document("t2", "t2.txt", PUB, "Test Wire", "test", text, "0")


def statements(text: str):
    return extract(doc(text)).statements


@pytest.mark.parametrize(
    "text, speaker, kind_of_words",
    [
        ("Jawed Faisal said that the prisoners had been moved to Kabul.", "jawed-faisal", "claim"),
        ("The convoy left at dawn, Jawed Faisal said.", "jawed-faisal", "claim"),
        ("The convoy left at dawn, said Jawed Faisal.", "jawed-faisal", "claim"),
        ("According to the ICRC, the convoy left at dawn.", "icrc", "claim"),
        ("The convoy left at dawn, according to the ICRC.", "icrc", "claim"),
        ("The Taliban accused the government of stalling the exchange.", "taliban", "accusation"),
        ("In Afghan politics, the government denied that it had stalled the exchange.", "government-of-afghanistan", "denial"),
        ("Mike Pompeo hailed the exchange as an important step.", "mike-pompeo", "praise"),
        ("The Taliban want the government to free all 5,000 men first.", "taliban", "demand"),
        ("Suhail Shaheen, the spokesman for the Taliban's political office, insisted the list was final.", "suhail-shaheen", "claim"),
    ],
)
def test_extract_reported_verbs_and_orders(text: str, speaker: str, kind_of_words: str) -> None:
    found = statements(text)
    assert [(s.speaker, s.kind, s.type) for s in found] == [(speaker, "reported", kind_of_words)]
    assert found[0].evidence.text in text


def test_extract_reported_two_speakers_one_attribution() -> None:
    text = "Afghanistan will free 100 prisoners on Monday, a senior security official and a Taliban representative said."
    found = statements(text)
    assert len(found) == 2
    parties = sorted(s.speaker.split("/")[0] for s in found)
    assert parties == ["government-of-afghanistan", "taliban"]
    assert all(s.speaker.endswith("anon-t2") for s in found)


def test_extract_reported_anonymous_source_is_a_post_without_holder() -> None:
    text = "President Ashraf Ghani met elders. A senior official in the office of President Ashraf Ghani said the list was ready."
    facts = extract(doc(text))
    speakers = [s.speaker for s in facts.statements]
    assert speakers == ["government-of-afghanistan/senior-official-in-the-office-of-president-ashraf-ghani/anon-t2"]
    post = facts.posts[0]
    assert post.anonymous and post.holder is None and post.party == "government-of-afghanistan"


def test_extract_reported_description_resolves_to_the_person_named_later() -> None:
    text = ("The U.S. special envoy who negotiated the deal said Monday that the exchange was a step toward peace.\n\n"
            "Zalmay Khalilzad has met both sides.")
    found = statements(text)
    assert found[0].speaker == "zalmay-khalilzad"
    assert found[0].said_on == dt.date(2021, 6, 14)


def test_extract_reported_prediction_gets_its_window() -> None:
    text = '"I think the release will happen tomorrow or the day after," said Zabihullah Mujahid.'
    s = statements(text)[0]
    assert (s.type, s.expected_from, s.expected_to) == ("prediction", dt.date(2021, 6, 15), dt.date(2021, 6, 16))


@pytest.mark.parametrize(
    "text",
    [
        "The weather was cold and the roads were closed.",
        "He said nothing.",
        "Officials",
        "",
    ],
)
def test_extract_reported_nothing_without_speaker_and_words(text: str) -> None:
    assert statements(text) == () or all(s.text.strip() for s in statements(text))


def test_extract_reported_new_organisation_defined_by_acronym() -> None:
    text = ("The Popular Resistance Front (PRF) freed two soldiers on Sunday. "
            "The PRF said the two men were handed to the Red Cross.")
    facts = extract(doc(text))
    assert [p.id for p in facts.parties] == ["popular-resistance-front"]
    assert facts.parties[0].kind == "armed_movement" and facts.parties[0].aliases == ("PRF",)
    assert [s.speaker for s in facts.statements] == ["popular-resistance-front"]
    assert [r.releaser for r in facts.releases] == ["popular-resistance-front"]
