"""The scan patterns written to open on their first characters find what their plain forms find."""

import random
import re

import pytest

from loaders.extract import actors, layout, terms
from loaders.extract.actors import ActorFinder
from loaders.extract.cues import load_cues, word_start_pattern, words_pattern
from loaders.gazetteer import load_gazetteer

_UP, _LOW = actors._UP, actors._LOW  # Latin letters by case, beyond Latin-1 too
PLAIN = {
    "PRONOUNS": re.compile(r"(?<![\w])(?:[Hh]e|[Ss]he|[Tt]hey)(?![\w'’])"),
    "SIDES": re.compile(
        r"(?<![\w])(?:[Bb]oth\s+(?:sides|parties|camps|delegations|armies|panels|governments|signatories)|[Tt]he\s+two\s+(?:sides|parties|delegations|camps|armies|panels|governments)|[Tt]he\s+signatories(?=\s+(?:also\s+)?(?:undert\w+|commit\w*|agreed|agree|pledged|are|were|will|would|shall|must)\b)|(?:[Tt]he|[A-Z][\w-]+['’]s)\s+warring\s+(?:sides|parties)|[Ee]ach\s+side"
        r"|[Tt]he\s+(?:signatory\s+)?parties(?=\s+(?:have|also|further|are|were|will|would|shall|must|agreed|agree|commit|committed|undert\w+|signed|pledged|to)\b))(?![\w])"
    ),
    "GOVERNMENT_OF": re.compile(r"(?<![\w])(?:[Tt]he\s+)?(?:[Gg]overnment|[Aa]uthorities|[Aa]rmed\s+[Ff]orces)\s+of\s+(?:the\s+)?(?=[A-Z])"),
    "NAME": re.compile(
        rf"(?<![\w.])(?:[{_UP}]\.(?:[ ]?[{_UP}]\.){{0,2}}(?:[ ]?(?:de|van|von|da|del|al|el)\s+|[ ])(?=[{_UP}][{_LOW}]))?"
        rf"(?:[{_UP}][{_LOW}]+|[{_UP}][{_LOW}]*[{_UP}][{_LOW}]+)(?:[-'’][{_UP}{_LOW}]+)*"
        rf"(?:(?:[ \t\u00a0]+|[ \t]*\n(?![ \t]*\n)[ \t]*)(?:(?:al|bin|ibn|bint|de|dos|das|do|di|van|von|der|du|da|del|el|abu|ag)[\s-]+)?"
        rf"(?!(?:Jr|Sr)\.)(?:[{_UP}][{_LOW}]+|[{_UP}][{_LOW}]*[{_UP}][{_LOW}]+|[{_UP}]\.)"
        rf"(?:[-'’][{_UP}{_LOW}]+)*){{0,5}}(?:,?\s+(?:Jr|Sr)\.(?=[\s,])|\s+(?:Jr|Sr|II|III|IV)\b)?(?![\w])"
    ),
    "MARKS": re.compile(r"[\"\u201c\u201d\u201e\u00ab\u00bb]|(?<![\w])[\u2018']|(?<=[\w.,!?])[\u2019'](?![\w])"),
    "PARAGRAPH": re.compile(r"[ \t\u00a0]*(?:\r\n|\r|\n)[\s\u00a0]*"),
    "DEAL_NOUN": re.compile(
        r"(?<![\w-])(?:" + "|".join(f"[{w[0]}{w[0].upper()}]{re.escape(w[1:])}" for w in terms._DEAL_WORDS)
        + r"|[Cc]ease-?fire\s+(?:text|deal|agreement|plan|accord))s?(?![\w-])"
    ),
}
FAST = {"PRONOUNS": actors.PRONOUNS, "SIDES": actors.SIDES, "GOVERNMENT_OF": actors.GOVERNMENT_OF, "NAME": actors.NAME,
        "MARKS": layout.MARKS, "PARAGRAPH": layout.PARAGRAPH, "DEAL_NOUN": terms.DEAL_NOUN}

WORDS = """the The THE two both Both each Each sides side parties signatories signatory warring agreed will are
he He she She they They they's they' Russia's Government government authorities Armed Forces of Kenya Ab AbC McDonald
de al Jr. Sr III IV X. Émile ß O'Neil Ab-cd deal deals Deal cease-fire Ceasefire text road map roadmap annex plans terms
accord Truces understandings x-deal deal-x a said “ ” „ « » ‘ ’ ' " x é 12 Kubiš Davutoğlu Łukasz Şahin""".split()
SEPARATORS = ["", " ", "  ", "\n", "\r\n", " \n\n ", "\t", "\u00a0", "-", "'", "’", ".", ",", ", ", "!", "_", "1", "é"]


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(WORDS) + rng.choice(SEPARATORS) for _ in range(rng.randrange(1, 16))) for _ in range(count)]


def _spans(pattern: re.Pattern[str], text: str, *window: int) -> list[tuple]:
    return [(m.span(), m.groupdict()) for m in pattern.finditer(text, *window)]


@pytest.mark.parametrize("name", sorted(PLAIN))
def test_fast_pattern_finds_what_the_plain_one_finds(name):
    rng = random.Random(name)
    for text in _texts(len(name), 3000):
        assert _spans(FAST[name], text) == _spans(PLAIN[name], text), text
        i = rng.randrange(len(text) + 1)
        j = rng.randrange(i, len(text) + 1)
        assert _spans(FAST[name], text, i, j) == _spans(PLAIN[name], text, i, j), (text, i, j)


def test_word_start_pattern_matches_the_plain_alternation():
    phrases = ["set free", "freed", "free", "Free State", "'s", "’til", "u.s.", "U.S. forces", "k", "ſtate", "e"]
    firsts = "sfFSuUkKe'"
    plain = re.compile(rf"(?<![\w])(?=[{re.escape(firsts)}])(?i:{words_pattern(phrases)})(?![\w])")
    fast = re.compile(word_start_pattern(phrases, firsts=firsts, ignorecase=True) + r"(?![\w])")
    rng = random.Random(1)
    pieces = phrases + ["FREED", "Set  Free", "x", "ſet free", "K", "unfree", "u.s"]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) + rng.choice(SEPARATORS) for _ in range(rng.randrange(1, 10)))
        assert _spans(fast, text) == _spans(plain, text), text


def test_actor_patterns_match_their_plain_forms():
    gaz, cues = load_gazetteer(), load_cues()
    finder = ActorFinder(gaz, cues)
    metonyms = re.compile(r"(?<![\w])(?-i:(?=[A-Z]))" + words_pattern(gaz.metonyms) + r"(?![\w])", re.IGNORECASE)
    g_first = "".join(sorted({c for g in cues.group_speakers for c in (g[0].lower(), g[0].upper())}))
    groups = re.compile(rf"(?<![\w-])(?=[{re.escape(g_first)}])(?i:" + words_pattern(cues.group_speakers) + r")(?![\w-])")
    rng = random.Random(2)
    pieces = sorted(gaz.metonyms) + [m.title() for m in gaz.metonyms] + [m.upper() for m in gaz.metonyms]
    pieces += list(cues.group_speakers) + [g.title() for g in cues.group_speakers] + ["the", "x", "-", "in"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) + rng.choice(SEPARATORS) for _ in range(rng.randrange(1, 10)))
        assert _spans(finder.metonym_re, text) == _spans(metonyms, text), text
        assert _spans(finder.group_re, text) == _spans(groups, text), text
