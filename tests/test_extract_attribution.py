"""Where a reported statement's evidence opens, who is the speaker when outlets and places
are named nearby, and statements that report one's own people back home."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document


def _facts(text: str):
    doc = Document("t1", "t1.txt", dt.date(2022, 6, 8), "Test Wire", "test", text, "0")
    return extract(doc)


def _statement(text: str, needle: str):
    found = [s for s in _facts(text).statements if needle in s.evidence.text]
    assert found, [s.evidence.text for s in _facts(text).statements]
    return found[0]


@pytest.mark.parametrize(
    "text, needle, opening",
    [
        # a time adjunct before the speaker
        ("Late on Sunday, Foreign Minister Ana Kovac said the border crossings would reopen within a week.",
         "border crossings", "Late on Sunday"),
        ("On Friday evening, President Lars Berg said the two delegations had agreed on an agenda.",
         "agenda", "On Friday evening"),
        # an adjunct before a pronoun subject
        ("Admiral Joseph Mwangi visited the base. Addressing cadets in Mombasa on Monday, he said the navy would leave the disputed islets by June.",
         "navy", "Addressing cadets"),
        ("Foreign Minister Ana Kovac spoke to reporters in Lome. At the same news conference she said the talks had been constructive.",
         "constructive", "At the same news conference"),
        # a statement "released" on a day is still an adjunct of the speaking
        ("In a statement released on Tuesday, Prime Minister Ola Dahl said the corridor would stay open.",
         "corridor", "In a statement released"),
        # a description set before the name
        ("The rebel commander in the north, Ibrahim Sow, said his men would hand in their rifles.",
         "rifles", "The rebel commander in the north"),
        ("Chile's deputy foreign minister, Rosa Fuentes, said the mediators had met twice in Geneva.",
         "Geneva", "Chile's deputy foreign minister"),
        # the place the sentence opens with, as the gold sets mostly read it ("In Gaza, residents said")
        ("In the port city of Durres, Mayor Edi Kola said the ferries would run again.", "ferries",
         "In the port city of Durres, Mayor Edi Kola"),
    ],
)
def test_extract_attribution_opening(text: str, needle: str, opening: str) -> None:
    s = _statement(text, needle)
    assert s.evidence.text.startswith(opening)


@pytest.mark.parametrize(
    "text, needle, opening",
    [
        # a clause of its own before the speaker is no adjunct of the speaking
        ("After the rebels freed 20 men, Foreign Minister Ana Kovac said the talks would go on.", "talks", "Foreign Minister"),
    ],
)
def test_extract_attribution_opening_not(text: str, needle: str, opening: str) -> None:
    s = _statement(text, needle)
    assert s.evidence.text.startswith(opening)


def test_extract_attribution_outlet_is_not_a_speaker() -> None:
    text = ("Ahmad Nuri, a spokesman for the interior ministry, told Harbour Dispatch by telephone. "
            "He said the remaining detainees would be moved to Kandala on Thursday.")
    speakers = {s.speaker for s in _facts(text).statements}
    assert "harbour-dispatch" not in speakers
    assert any("ahmad-nuri" == sp for sp in speakers)


def test_extract_attribution_place_is_not_a_speaker() -> None:
    text = ("Back in Port Louis, Maria says the family will wait before deciding anything. "
            "\"We are just glad he is alive,\" she said.")
    speakers = {s.speaker for s in _facts(text).statements}
    assert "port-louis" not in speakers


@pytest.mark.parametrize(
    "text, needle, expected",
    [
        # one's own people back home: an announcement by a party to the conflict
        ("Mali's defence ministry said 31 of its soldiers were back home with their families.", "back home", "announcement"),
        ("The Sudanese army said 120 of its officers had walked out of the camp at dawn.", "walked out", "announcement"),
        # a condition is no report of people home
        ("The Sudanese army said it would not resume talks until all its officers were home.", "resume talks", "demand"),
        # a forecast of people home is no announcement
        ("The Sudanese army said its officers would soon be home.", "soon be home", "prediction"),
    ],
)
def test_extract_attribution_people_home(text: str, needle: str, expected: str) -> None:
    s = _statement(text, needle)
    assert s.type == expected


def test_extract_attribution_demonym_names_its_state() -> None:
    text = ("Thailand and Cambodia signed a truce on Monday. "
            "Cambodian officials say two fishermen are still held in a border camp.")
    speakers = {s.speaker for s in _facts(text).statements if "fishermen" in s.evidence.text}
    assert speakers == {"cambodia"}


def test_extract_attribution_capital_stands_for_its_state() -> None:
    text = ("Indonesia and the Philippines opened talks on the border. "
            "Jakarta said the patrols would resume on Friday.")
    speakers = {s.speaker for s in _facts(text).statements if "patrols" in s.evidence.text}
    assert speakers == {"indonesia"}
    # a venue is no speaker
    text = "Prime Minister Ola Dahl, speaking in Jakarta, said the talks would resume next month."
    assert "indonesia" not in {s.speaker for s in _facts(text).statements}
