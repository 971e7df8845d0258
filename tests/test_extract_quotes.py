"""Direct quotes in the layouts wire copy uses, each with its speaker, channel and span."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2021, 6, 14)  # a Monday


def doc(text: str, pub: dt.date = PUB) -> Document:
    return Document("t1", "t1.txt", pub, "Test Wire", "test", text, "0")


def spoken(text: str) -> list[tuple[str, str, str]]:
    facts = extract(doc(text))
    return [(s.speaker, s.kind, s.evidence.text) for s in facts.statements]


@pytest.mark.parametrize(
    "text, expected",
    [
        # quote, then "said NAME"
        ('"We are ready to talk," said Zabihullah Mujahid.', ("zabihullah-mujahid", "direct", "We are ready to talk")),
        # quote, then "NAME said"
        ("“The list is final,” Mujahid said on Sunday.", ("zabihullah-mujahid", "direct", "The list is final")),
        # speaker first, colon, then quote
        ('Ashraf Ghani said: "Nobody will be left behind."', ("ashraf-ghani", "direct", "Nobody will be left behind")),
        # curly quotes and a title before the name
        ("“This is a good day,” U.S. Secretary of State Mike Pompeo said.", ("mike-pompeo", "direct", "This is a good day")),
        # an unknown person with an apposition becomes a new official
        ('"Talks will resume soon," Hamid Karzai, a former president, said.', ("hamid-karzai", "direct", "Talks will resume soon")),
    ],
)
def test_extract_quotes_attribution_layouts(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in spoken(text)


@pytest.mark.parametrize(
    "text, speakers",
    [
        # "he added" continues the last named speaker
        ('"First," said Zalmay Khalilzad. "Second."\n\n"Third," he added.', ["zalmay-khalilzad"] * 3),
        # a quote split around its attribution gives two quotes of one speaker
        ('"We will not wait," Mujahid said, "but we will not leave either."', ["zabihullah-mujahid"] * 2),
        # a second quote in the same paragraph with no attribution
        ('"We are patient," said Suhail Shaheen. "Patience has limits."', ["suhail-shaheen"] * 2),
    ],
)
def test_extract_quotes_continued_speaker(text: str, speakers: list[str]) -> None:
    found = [s for s in extract(doc(text)).statements if s.kind == "direct"]
    assert [s.speaker for s in found] == speakers


def test_extract_quotes_multi_paragraph_is_one_statement() -> None:
    text = 'Jawed Faisal said: "The first group left today.\n\n"More will follow next week."\n\nOther news.'
    found = [s for s in extract(doc(text)).statements if s.kind == "direct"]
    assert len(found) == 1
    assert found[0].speaker == "jawed-faisal"
    assert "More will follow" in found[0].text


@pytest.mark.parametrize(
    "text, channel",
    [
        ('"It was a good step," Zalmay Khalilzad said on Twitter.', "Twitter"),
        ('"We decided it today," the Taliban told AFP.', "AFP"),
        ('"The process goes on," Jawed Faisal said in a statement.', "statement"),
        ('"It goes on," Jawed Faisal wrote on Facebook.', "Facebook"),
    ],
)
def test_extract_quotes_channel(text: str, channel: str) -> None:
    found = extract(doc(text)).statements
    assert found and found[0].channel == channel


@pytest.mark.parametrize(
    "text, said_on",
    [
        ('"Done," Mujahid said on Saturday.', dt.date(2021, 6, 12)),
        ('"Done," Mujahid said.', PUB),
        ('"Done," Mujahid said yesterday.', dt.date(2021, 6, 13)),
    ],
)
def test_extract_quotes_said_on(text: str, said_on: dt.date) -> None:
    assert extract(doc(text)).statements[0].said_on == said_on


def test_extract_quotes_scare_quotes_inside_reported_speech_are_not_statements() -> None:
    text = 'Kabul has claimed the insurgents want 15 "top commanders" freed.'
    found = extract(doc(text)).statements
    assert [s.kind for s in found] == ["reported"]
    assert found[0].speaker == "government-of-afghanistan"


def test_extract_quotes_evidence_points_at_the_text() -> None:
    text = "KABUL (Wire) \u2014 \u201cWe are ready,\u201d\u00a0said\u00a0Zabihullah Mujahid.\r\n\r\n\u201cSoon,\u201d he added."
    facts = extract(doc(text))
    assert len(facts.statements) == 2
    for ev in facts.evidences():
        assert text[ev.start : ev.end] == ev.text
