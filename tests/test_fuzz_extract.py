"""Property test of extraction on arbitrary text: no crash, and every evidence
span's text is exactly ``text[start:end]`` of the document it names.

Complements tests/test_extract_robustness.py with the characters that break
text tools (separators, direction overrides, CRLF, combining marks) mixed into
news phrases; ``python -m bench.fuzz`` runs the same property at length.
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loaders.extract import extract
from loaders.facts import Document

from test_fuzz_loaders import SPECIAL

PHRASES = ['"', "\u201c", "\u201d", "'", ",", ".", "\n\n", " said ", " told reporters ", "Zabihullah Mujahid",
           "the Taliban", "the Afghan government", " released ", " 20 prisoners ", " were freed by ", " on Sunday ",
           " last week ", " according to the ICRC, ", " agreed to free up to 5,000 prisoners ", " by March 10",
           " in exchange for ", " a senior official ", " Hamas ", " Israel ", "1,000", " more than ", " he added."]
ARTICLE = st.lists(st.one_of(st.text(st.characters(blacklist_categories=("Cs",)), max_size=15),
                             st.sampled_from(PHRASES), st.sampled_from(SPECIAL)), max_size=40).map("".join)
CASE = st.tuples(ARTICLE, st.dates(dt.date(2000, 1, 1), dt.date(2030, 12, 31)))


def check_extract(case: tuple[str, dt.date]) -> None:
    text, published = case
    doc = Document("fz", "fz.txt", published, "Fuzz Wire", "fuzz", text, "0")
    facts = extract(doc)
    assert facts.document == "fz"
    for ev in facts.evidences():
        assert ev.document == "fz"
        assert 0 <= ev.start <= ev.end <= len(text)
        assert text[ev.start:ev.end] == ev.text


PROPERTIES = {"extraction": (CASE, check_extract)}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CASE)
def test_fuzz_extract_spans_are_exact(case):
    check_extract(case)


@pytest.mark.parametrize("text", ['"0"He added', '"We want peace."He added that talks would go on.'])
def test_fuzz_extract_continued_quote_without_a_speaker(text):
    check_extract((text, dt.date(2020, 4, 13)))
