"""Figures in text: digits and words, with the qualifier in front of them.

>>> from loaders.extract.cues import load_cues
>>> nums = NumberFinder(load_cues())
>>> [(f.value, f.qualifier) for f in nums.find("more than 1,500 and two hundred and hundreds")]
[(1500, 'at_least'), (200, 'exact'), (None, 'vague')]
>>> [(f.value, f.first) for f in nums.find("its first 100 prisoners")]
[(100, True)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from loaders.extract.cues import Cues, words_pattern

__all__ = ["Figure", "NumberFinder"]


@dataclass(frozen=True)
class Figure:
    start: int  # where the figure and its qualifier start
    end: int
    value: int | None
    qualifier: str  # one of loaders.facts.COUNT_QUALIFIERS
    first: bool = False  # "the first 100": a batch
    percent: bool = False


class NumberFinder:
    """Finds figures once compiled from the cue lists."""

    def __init__(self, cues: Cues) -> None:
        self.words = cues.number_words
        self.qualifiers = cues.qualifiers
        small = [w for w, v in self.words.items() if v < 100 and w != "dozen"]
        big = [w for w, v in self.words.items() if v >= 100]
        word = rf"(?:{words_pattern(small)}(?:[-\s]+{words_pattern(small)})?)"
        spelled = (
            rf"(?:(?:a|one|{word})\s+)?(?:{words_pattern(big)}|dozen)(?:\s+(?:and\s+)?(?:{word}|{words_pattern(big)}))*"
            rf"|{word}"
        )
        digits = r"\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?(?:\s+(?:million|thousand|hundred))?"
        qual = words_pattern(self.qualifiers)
        vague = words_pattern(cues.vague_amounts)
        self.pattern = re.compile(
            rf"""(?<![\w.,$€£])(?:(?P<qual>{qual})\s+)?(?:(?P<the>the\s+|its\s+|their\s+)?(?P<first>first|initial)\s+)?
                (?:(?P<digits>{digits})|(?P<spelled>{spelled}))(?P<pct>\s*(?:%|per\s*cent|percent))?(?![\w])(?!,\d)
              | (?<![\w])(?P<vague>{vague})(?![\w])""",
            re.IGNORECASE | re.VERBOSE,
        )

    def value_of(self, text: str) -> int | None:
        """The number a figure denotes ("two hundred" -> 200, "1,500" -> 1500)."""
        text = text.strip().lower()
        if text[:1].isdigit():
            parts = text.split()
            try:
                base = float(parts[0].replace(",", ""))
            except ValueError:
                return None
            if len(parts) > 1:
                base *= self.words.get(parts[-1], 1)
            return int(base)
        total, current = 0, 0
        for token in re.split(r"[-\s]+", text):
            if token in ("and", "a", "") :
                if token == "a":
                    current = max(current, 1)
                continue
            value = self.words.get(token)
            if value is None:
                return None
            if value >= 1000:
                total += max(current, 1) * value
                current = 0
            elif value == 100 or token == "dozen":
                current = max(current, 1) * value
            else:
                current += value
        return total + current or None

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[Figure]:
        end = len(text) if end is None else end
        found = []
        for m in self.pattern.finditer(text, start, end):
            if m.group("vague"):
                found.append(Figure(m.start(), m.end(), None, "vague"))
                continue
            raw = m.group("digits") or m.group("spelled")
            value = self.value_of(raw)
            if value is None:
                continue
            qual = self.qualifiers.get(" ".join((m.group("qual") or "").lower().split()), "exact")
            if raw.lower() in ("one",) and not m.group("qual"):
                qual = "exact"
            found.append(Figure(m.start(), m.end(), value, qual, bool(m.group("first")), bool(m.group("pct"))))
        return found
