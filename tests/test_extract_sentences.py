"""Sentence starts read from token arrays agree with spaCy's rule sentencizer."""

from __future__ import annotations

import pytest

from loaders.extract.layout import _sentence_starts, nlp


def spacy_starts(text: str) -> list[int]:
    return [s.start_char for s in nlp()(text).sents] if text else []


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "...",
        "One. Two! Three? Four",
        'He said: "We are ready." Then he left.',
        "U.S. envoy Zalmay Khalilzad met Mr. Baradar. They spoke!!! Then?? Done.",
        "“Yes.” “No.”\n\nA new paragraph… and more. 1,000 freed.",
        "؟ Arabic question mark؟ then。 Japanese stop。",
    ],
)
def test_extract_sentences_match_the_sentencizer(text: str) -> None:
    assert _sentence_starts(text) == spacy_starts(text)
