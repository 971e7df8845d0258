"""Statement types from the speaker's own side, and denials of a thing named before the denier."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document


def _statements(text: str):
    doc = Document("t1", "t1.txt", dt.date(2021, 3, 4), "Test Wire", "test", text, "0")
    return extract(doc).statements


@pytest.mark.parametrize(
    "text, needle, expected",
    [
        ("Armenia said on Tuesday that it would withdraw its candidacy for the council seat.", "withdraw", "commitment"),
        ("The Taliban said they had returned 40 captured soldiers to their families.", "returned", "announcement"),
        ("Armenia said it would not sit down with Azerbaijan until every detainee was home.", "sit down", "demand"),
    ],
)
def test_extract_stypes_own_side(text: str, needle: str, expected: str) -> None:
    found = [s for s in _statements(text) if needle in s.text]
    assert found, text
    assert found[0].type == expected


@pytest.mark.parametrize(
    "text, thing",
    [
        ("Azerbaijan has accused Armenian units of shelling two border villages, which Yerevan denies.", "shelling two border villages"),
        ("The envoy spoke of widespread looting, a charge the Houthis dispute.", "a charge"),
    ],
)
def test_extract_stypes_relative_denial(text: str, thing: str) -> None:
    denials = [s for s in _statements(text) if s.type == "denial"]
    assert denials, text
    s = denials[0]
    assert s.text.startswith(thing) or thing in s.text
    assert text[s.evidence.start : s.evidence.end] == s.evidence.text
    assert s.evidence.text.endswith(("denies", "dispute"))
