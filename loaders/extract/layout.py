"""The layout of an article: paragraphs, sentences and quotations, as character spans.

Sentences come from spaCy's rule-based sentencizer (``spacy.blank("en")``, no
model); quotations are found on characters, because the sentencizer attaches an
opening quote mark to the previous sentence. A quotation left open at the end
of a paragraph continues when the next paragraph opens with a quote mark (the
news convention for a quote running over several paragraphs).

>>> lay = Layout.of('He said: "We are ready." Then he left.\\n\\n"Yes," she said.')
>>> [lay.text[q.inner_start:q.inner_end] for q in lay.quotes]
['We are ready', 'Yes']
>>> len(lay.sentences)
3
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = ["Layout", "Quote", "nlp"]

OPENERS = "\u201c\u201e\u00ab"  # “ „ «
CLOSERS = "\u201d\u00bb"  # ” »
# Both open on the class of their first character, which the engine skips to directly.
# A quote mark: any double mark; "‘" or "'" at a word start; "’" or "'" after a word or a full stop
# and before no word character (the matches of
# r"[\"\u201c\u201d\u201e\u00ab\u00bb]|(?<![\w])[\u2018']|(?<=[\w.,!?])[\u2019'](?![\w])").
MARKS = re.compile(
    r"[\"\u201c\u201d\u201e\u00ab\u00bb\u2018\u2019'](?:(?<=[\"\u201c\u201d\u201e\u00ab\u00bb])|(?<=[\u2018'])(?<![\w][\u2018'])"
    r"|(?<=[\w.,!?][\u2019'])(?![\w]))"
)
# a line break with the spaces around it (the matches of r"[ \t\u00a0]*(?:\r\n|\r|\n)[\s\u00a0]*")
PARAGRAPH = re.compile(r"[ \t\u00a0\r\n](?:(?<=[\r\n])|[ \t\u00a0]*[\r\n])[\s\u00a0]*")
DATELINE = re.compile(r"[A-Z][A-Z'’.-]{2,}(?:\s+[A-Z][A-Z'’.-]+)*(?:,\s+[\w'’.-]+(?:\s+[\w'’.-]+){0,3}){0,2}\s*(?:\([A-Za-z .-]{1,30}\)\s*)?[-–—]{1,2}\s+")
CHUNK = 200_000  # characters handed to spaCy at a time


@lru_cache(maxsize=1)
def nlp():
    """The spaCy pipeline: the English tokenizer and the rule sentencizer only."""
    import spacy

    pipeline = spacy.blank("en")
    pipeline.add_pipe("sentencizer")
    pipeline.max_length = CHUNK * 2
    return pipeline


@dataclass(frozen=True)
class Quote:
    """A quotation: from its opening mark to its closing mark (``end`` excluded).

    ``inner_start``/``inner_end`` hold the quoted words without the marks and
    without the comma or full stop that closes them; ``closed`` is False for a
    quote whose closing mark is missing.
    """

    start: int
    end: int
    inner_start: int
    inner_end: int
    single: bool = False
    closed: bool = True
    paragraphs: int = 1


@dataclass(frozen=True)
class Layout:
    text: str
    paragraphs: tuple[tuple[int, int], ...]
    sentences: tuple[tuple[int, int], ...]
    quotes: tuple[Quote, ...]
    _quote_starts: list[int] = field(default_factory=list, repr=False, compare=False)
    _sentence_starts: list[int] = field(default_factory=list, repr=False, compare=False)
    _paragraph_starts: list[int] = field(default_factory=list, repr=False, compare=False)

    @classmethod
    def of(cls, text: str) -> "Layout":
        paragraphs = _paragraphs(text)
        sentences = _sentences(text, paragraphs)
        quotes = _quotes(text, paragraphs)
        return cls(text, tuple(paragraphs), tuple(sentences), tuple(quotes),
                   [q.start for q in quotes], [s for s, _ in sentences], [s for s, _ in paragraphs])

    def quote_at(self, pos: int) -> Quote | None:
        """The quotation whose marks enclose ``pos``, if any."""
        i = bisect.bisect_right(self._quote_starts, pos) - 1
        if i >= 0 and self.quotes[i].start <= pos < self.quotes[i].end:
            return self.quotes[i]
        return None

    def sentence_of(self, pos: int) -> tuple[int, int]:
        i = max(0, bisect.bisect_right(self._sentence_starts, pos) - 1)
        return self.sentences[i] if self.sentences else (0, len(self.text))

    def paragraph_of(self, pos: int) -> tuple[int, int]:
        i = max(0, bisect.bisect_right(self._paragraph_starts, pos) - 1)
        return self.paragraphs[i] if self.paragraphs else (0, len(self.text))


def _paragraphs(text: str) -> list[tuple[int, int]]:
    found = []
    pos = 0
    for m in PARAGRAPH.finditer(text):
        if m.start() > pos and text[pos : m.start()].strip():
            found.append((pos, m.start()))
        pos = m.end()
    if pos < len(text) and text[pos:].strip():
        end = len(text.rstrip())
        found.append((pos, end))
    spans = [(s + (len(text[s:e]) - len(text[s:e].lstrip())), e) for s, e in found]
    # a dateline ("KABUL, Afghanistan (AP) — ") is not part of the first sentence
    out = []
    for s, e in spans:
        m = DATELINE.match(text, s, e)
        out.append((m.end(), e) if m and m.end() < e else (s, e))
    return out


@lru_cache(maxsize=1)
def _punct_hashes():
    """The string hashes of the sentencizer's sentence-final characters."""
    import numpy

    pipeline = nlp()
    chars = pipeline.get_pipe("sentencizer").punct_chars
    return numpy.array(sorted(pipeline.vocab.strings.add(c) for c in chars), dtype="uint64")


def _sentence_starts(text: str) -> list[int]:
    """Character offsets where the rule sentencizer starts a sentence.

    The sentencizer's rule, computed on the token arrays instead of token by
    token: a token starts a sentence when it is neither punctuation nor a
    sentence-final character and such a character stands between it and the
    previous such token (the first token always starts one).

    >>> _sentence_starts("It rained. We left! Then?")
    [0, 11, 20]
    """
    import numpy
    from spacy.attrs import IDX, IS_PUNCT, ORTH

    doc = nlp().make_doc(text)
    if not len(doc):
        return []
    cols = doc.to_array([IDX, ORTH, IS_PUNCT])
    hashes = _punct_hashes()
    at = numpy.minimum(numpy.searchsorted(hashes, cols[:, 1]), len(hashes) - 1)
    final = hashes[at] == cols[:, 1]
    clean = numpy.flatnonzero((cols[:, 2] == 0) & ~final)
    seen = numpy.cumsum(final)[clean]
    since = seen - numpy.concatenate(([0], seen[:-1]))
    starts = cols[clean[since > 0], 0].tolist()
    return starts if starts[:1] == [0] else [0, *starts]


def _sentences(text: str, paragraphs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sentence spans: the rule sentencizer's sentence starts, cut again at every paragraph break."""
    starts: set[int] = set()
    pos, size = 0, len(text)
    while pos < size:
        stop = min(size, pos + CHUNK)
        if stop < size:  # cut a huge text at a line break, else at a space
            cut = max(text.rfind("\n", pos + CHUNK // 2, stop), text.rfind(" ", pos + CHUNK // 2, stop))
            stop = cut if cut > pos else stop
        starts.update(pos + idx for idx in _sentence_starts(text[pos:stop]))
        pos = stop
    ordered = sorted(starts)
    found: list[tuple[int, int]] = []
    for p_start, p_end in paragraphs:
        i = bisect.bisect_right(ordered, p_start)
        cuts = [p_start]
        while i < len(ordered) and ordered[i] < p_end:
            cuts.append(ordered[i])
            i += 1
        spans = [(cuts[k], cuts[k + 1] if k + 1 < len(cuts) else p_end) for k in range(len(cuts))]
        for k in range(len(spans) - 1):
            s, e = spans[k]
            e_trim = len(text[s:e].rstrip()) + s
            # an opening quote mark left at the end of a sentence belongs to the next
            if e_trim - s > 1 and text[e_trim - 1] in '"\u201c\u2018\u201e\u00ab' and text[e_trim - 2].isspace():
                spans[k] = (s, e_trim - 1)
                spans[k + 1] = (e_trim - 1, spans[k + 1][1])
        for s, e in spans:
            chunk = text[s:e]
            lead = len(chunk) - len(chunk.lstrip())
            trail = len(chunk) - len(chunk.rstrip())
            if e - trail > s + lead:
                found.append((s + lead, e - trail))
    return found


def _is_opening(text: str, i: int, start: int, end: int) -> bool:
    ch = text[i]
    if ch in OPENERS or ch == "\u2018":
        return True
    if ch in CLOSERS or ch == "\u2019":
        return False
    if ch == "'":
        # British style: 'We will not accept it,' he said. An apostrophe ("insurgents' ") is not a mark.
        before = text[i - 1] if i > start else " "
        after = text[i + 1] if i + 1 < end else " "
        return (before.isspace() or before in "([{\u2014\u2013-" or i == start) and after.isalnum()
    before = text[i - 1] if i > start else " "
    after = text[i + 1] if i + 1 < end else " "
    if before.isspace() or before in "([{\u2014\u2013-/:" or i == start:
        return not after.isspace()
    return False


def _inner(text: str, open_at: int, close_at: int) -> tuple[int, int]:
    s, e = open_at + 1, close_at
    while s < e and text[s].isspace():
        s += 1
    while e > s and (text[e - 1].isspace() or text[e - 1] in ",."):
        if text[e - 1] == "." and text[e - 3 : e] == "...":
            break
        e -= 1
    return s, e


def _quotes(text: str, paragraphs: list[tuple[int, int]]) -> list[Quote]:
    found: list[Quote] = []
    pending: tuple[int, int, int] | None = None  # (opening, paragraphs so far, end of last paragraph)

    def dangling(open_at: int, paras: int, end: int) -> None:
        s, e = _inner(text, open_at, end)
        if e > s:
            found.append(Quote(open_at, end, s, e, False, False, paras))

    for p_start, p_end in paragraphs:
        marks = list(MARKS.finditer(text, p_start, p_end))
        open_at: int | None = None
        single = False
        paras = 1
        j = 0
        if pending is not None:
            first = marks[0].start() if marks else -1
            if first == p_start and text[first] not in "\u2018\u2019'" and _is_opening(text, first, p_start, p_end):
                open_at, paras = pending[0], pending[1] + 1
                j = 1
            else:
                dangling(*pending)
            pending = None
        for m in marks[j:]:
            i = m.start()
            is_single = text[i] in "\u2018\u2019'"
            opening = _is_opening(text, i, p_start, p_end)
            if text[i] == "'" and not opening and not re.match(r"[.,;:!?\s]|$", text[i + 1 : i + 2]) :
                continue
            if text[i] == "'" and not opening and open_at is not None and text[open_at] == "'" and text[i - 1] not in ".,!?" and i + 1 < p_end and not re.match(r"\s*(?:[.,;:!?]|$|\n)", text[i + 1 : i + 3]):
                continue  # "the insurgents' leader": a plural possessive inside the quote
            if open_at is None:
                if opening:
                    open_at, single = i, is_single
                continue
            if is_single != single:
                continue  # a single mark inside a double quote, or the reverse
            if opening and text[i] in OPENERS + "\u2018'":
                open_at = i  # two openings in a row: the first was stray
                continue
            s, e = _inner(text, open_at, i)
            if e > s:
                found.append(Quote(open_at, i + 1, s, e, single, True, paras))
            open_at, paras = None, 1
        if open_at is not None and not single:
            pending = (open_at, paras, p_end)
    if pending is not None:
        dangling(*pending)
    return sorted(found, key=lambda q: q.start)
