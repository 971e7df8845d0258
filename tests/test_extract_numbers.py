"""Figures in digits and words, with the qualifier that says how to read them."""

from __future__ import annotations

import pytest

from loaders.extract.cues import load_cues
from loaders.extract.numbers import NumberFinder

FINDER = NumberFinder(load_cues())


@pytest.mark.parametrize(
    "text, value, qualifier",
    [
        ("released 1,500 men", 1500, "exact"),
        ("released two hundred men", 200, "exact"),
        ("released twenty-five men", 25, "exact"),
        ("released one hundred and fifty men", 150, "exact"),
        ("released a dozen men", 12, "exact"),
        ("released more than 300 men", 300, "at_least"),
        ("released at least 40 men", 40, "at_least"),
        ("released up to 2,000 men", 2000, "at_most"),
        ("released about 90 men", 90, "approximate"),
        ("released nearly 1,000 men", 1000, "approximate"),
        ("released hundreds of men", None, "vague"),
        ("released dozens of men", None, "vague"),
        ("released 1.5 million dollars", 1500000, "exact"),
    ],
)
def test_extract_numbers_values_and_qualifiers(text: str, value: int | None, qualifier: str) -> None:
    found = FINDER.find(text)
    assert (found[0].value, found[0].qualifier) == (value, qualifier)


@pytest.mark.parametrize("text, first", [("its first 100 prisoners", True), ("another 100 prisoners", False), ("the initial 20", True)])
def test_extract_numbers_first_batch(text: str, first: bool) -> None:
    assert [f.first for f in FINDER.find(text) if f.value] == [first]


@pytest.mark.parametrize("text", ["more than 40% of the country", "40 percent", "12 per cent"])
def test_extract_numbers_percentages_are_marked(text: str) -> None:
    assert all(f.percent for f in FINDER.find(text))
