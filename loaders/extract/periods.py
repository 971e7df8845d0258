"""Deadlines a duty takes from another duty of the same deal.

Terms are often timed against each other rather than against the calendar:

- "Israeli troops are to withdraw within 60 days of the truce taking effect": the span runs from the truce's
  first day, which the deal's ceasefire duty already carries as its deadline, not from the signing;
- "the two sides are to open talks no later than the 16th day of the truce": that day of it;
- "Hezbollah is to move its fighters north of the river in the same period": the deadline of the duty
  stated just before.

Both are settled once every duty of the text has been read, so that the duty they lean on is known
whatever the order the rules found them in.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from typing import Any, Iterator

from loaders.extract.context import Context

__all__ = ["settle_relative_deadlines"]

_TRUCE_NOUN = r"(?:truce|ceasefire|cease-fire|pause|cessation\s+of\s+hostilities)"
# "within 60 days of the truce taking effect", "within 14 days of the start of the truce", "within 72 hours of
# the ceasefire": counted from the truce's first day ("of the truce deal being signed" is the signing)
TRUCE_SPAN = re.compile(
    r"\bwithin\s+(?:the\s+(?:first|next)\s+)?(?P<n>\d+|[a-z]+(?:-[a-z]+)?)\s+(?P<unit>hours?|days?|weeks?|months?)\s+"
    r"(?:of|after|from)\s+(?:the\s+|a\s+)?(?:(?:start|beginning|onset)\s+of\s+the\s+)?" + _TRUCE_NOUN + r"\b"
    r"(?![\s-]+(?:deal|agreement|accord|pact|text|talks|negotiations|being\s+signed|signing|was\s+signed)\b)",
    re.IGNORECASE)
# "no later than the 16th day of the truce", "by the fifth day of the ceasefire": a day counted from its first
TRUCE_NTH_DAY = re.compile(
    r"\b(?:no\s+later\s+than|by|before|on)\s+the\s+(?P<nth>\d{1,3}(?:st|nd|rd|th)|[a-z]+(?:-[a-z]+)?)\s+day\s+of\s+the\s+"
    + _TRUCE_NOUN + r"\b", re.IGNORECASE)
# "in the same period", "over the same period", "within the same time frame": the span of the duty before
SAME_PERIOD = re.compile(r"\b(?:over|in|during|within|for)\s+the\s+same\s+(?:period|time\s*frame|timeframe|time|span|window)\b",
                         re.IGNORECASE)
# "a two-month truce starting at 7 p.m. on Saturday", "The truce, agreed on April 1 and in force since 7 p.m.
# on April 2": the word after which the truce's first day is told (the day itself follows within a few words)
TRUCE_STARTS = re.compile(
    r"\b(?:starting|beginning|effective|(?:in\s+(?:force|effect)|observed|holding)\s+since)\b", re.IGNORECASE)
# how far before a truce duty (in characters, about two paragraphs of wire copy) the words telling its
# first day may stand, and a quarter of that after it
NEAR_START = 800
# the fewest words of a story's lede, its first paragraph that is not a headline, byline or dateline: the
# truce the opening tells of is the story's
LEDE_WORDS = 20
# the words each reading above needs, looked for once: a plain scan, cheaper than the three patterns
_LEANING_WORDS = re.compile(r"ithin\s|same\s|\sday\s+of\s+the\s|\bover\s|\bduring\s|\bacross\s")
# where a clause of its own begins inside a sentence of terms
_CLAUSE_START = re.compile(r"(?:,\s*(?:and|while|whereas|but)|;)\s+")


def _clause(ctx: Context, c: Any) -> tuple[int, int]:
    """The clause that states duty ``c``: from the opening of its sentence or clause ("Over the same period,
    the government is to ...") to where the next duty of the sentence begins."""
    from loaders.extract.commitments import _own_clause_end

    s_start, s_end = ctx.layout.sentence_of(c.evidence.start)
    start = s_start
    for m in _CLAUSE_START.finditer(ctx.text, s_start, c.evidence.start):
        start = m.end()
    return start, _own_clause_end(ctx.text, c.evidence.start, s_end)


def _truce_took_effect_at(ctx: Context) -> tuple[int, dt.date] | None:
    """Where the text says the truce took effect, and the day ("A ceasefire ... took effect early on Wednesday")."""
    from loaders.extract.commitments import TOOK_EFFECT

    for t in TOOK_EFFECT.finditer(ctx.text):
        s_start, s_end = ctx.layout.sentence_of(t.start())
        if not re.search(_TRUCE_NOUN, ctx.text[max(s_start, t.start() - 80) : t.end()], re.IGNORECASE):
            continue  # "the decree took effect": no truce
        days = [d for d in ctx.dates(t.end(), min(s_end, t.end() + 45)) if d.kind == "day"]
        if days:
            return t.start(), days[0].first
    return None


def _truce_took_effect(ctx: Context) -> dt.date | None:
    """The day the text says the truce took effect."""
    took = _truce_took_effect_at(ctx)
    return took[1] if took else None


def _truce_starts(ctx: Context) -> list[tuple[int, tuple[dt.date, ...]]]:
    """The first days the text gives a truce, each as it reads in the past and in the future ("a truce
    starting at 7 p.m. on Saturday" in a text of Wednesday: the Saturday before, or the one after): "a truce
    starting on ...", "in force since ...", or the day the text says the truce took effect."""
    found = []
    for t in TRUCE_STARTS.finditer(ctx.text):
        s_start, s_end = ctx.layout.sentence_of(t.start())
        if not re.search(_TRUCE_NOUN + r"\b", ctx.text[max(s_start, t.start() - 80) : t.start()], re.IGNORECASE):
            continue  # "starting on Monday, the army will ...": no truce begins
        end = min(s_end, t.end() + 45)
        readings = tuple(next((d.first for d in ctx.dates(t.end(), end, future) if d.kind == "day"), None)
                         for future in (None, True))
        if readings[0] is not None:
            found.append((t.start(), tuple(d for d in readings if d is not None)))
    took = _truce_took_effect_at(ctx)
    if took is not None:
        found.append((took[0], (took[1],)))
    return found


def _ceasefire_from_start(ctx: Context, commitments: list[Any], agreed: dict[str, dt.date | None]) -> None:
    """A deal's duty to stop fighting that its own words do not time is due on the truce's first day, when
    the text names one day for it within a month of the deal ("agreed to a two-month truce starting at 7 p.m.
    on Saturday. Under it, both sides are to halt all offensive operations")."""
    open_ = [i for i, c in enumerate(commitments) if c.action == "ceasefire" and c.deadline is None and c.agreement]
    starts = _truce_starts(ctx) if open_ else []
    if not starts:
        return
    # the story's opening: up to the end of its first paragraph of some length (its lede, after the headline
    # and byline)
    opening = next((b for a, b in ctx.layout.paragraphs if len(ctx.text[a:b].split()) >= LEDE_WORDS), 0)
    for i in open_:
        c = commitments[i]
        on = agreed.get(c.agreement)
        # of each mention near the duty, its first reading that falls within a month of the deal (any, for an
        # undated deal), from the story's opening or near the duty: a truce told of far away in the text is
        # another's ("a ceasefire starting on Monday" of an order, then "the two sides agreed a bilateral
        # ceasefire in June" paragraphs later)
        at = c.evidence.start if c.evidence is not None else 0
        days = {next((d for d in readings if on is None or on <= d <= on + dt.timedelta(days=31)), None)
                for where, readings in starts if where < opening or at - NEAR_START <= where <= at + NEAR_START // 4}
        if len(days) == 1 and None not in days:
            commitments[i] = replace(c, deadline=days.pop())


def _truce_day(ctx: Context, commitments: list[Any], agreement: str | None) -> dt.date | None:
    """The truce's first day under a deal: the deadline its ceasefire duties carry (the earliest of them),
    else the day the text says the truce took effect."""
    if agreement is None:
        return None
    days = [c.deadline for c in commitments if c.agreement == agreement and c.action == "ceasefire" and c.deadline]
    return min(days) if days else _truce_took_effect(ctx)


def _timed_by_truce(ctx: Context, commitments: list[Any]) -> Iterator[tuple[int, Any, int, int]]:
    """Each duty a truce can time (every one but the truce's own), with where its clause lies."""
    for i, c in enumerate(commitments):
        if c.action != "ceasefire" and c.evidence is not None:
            yield (i, c, *_clause(ctx, c))


def _counted_from_truce(ctx: Context, commitments: list[Any]) -> None:
    from loaders.extract.commitments import after_span

    for i, c, a, b in _timed_by_truce(ctx, commitments):
        m = TRUCE_SPAN.search(ctx.text, a, b)
        if m is None:
            continue
        first = _truce_day(ctx, commitments, c.agreement)
        if first is None:
            continue
        due = after_span(first, ctx.numbers.value_of(m.group("n")), m.group("unit"))
        if due is not None:
            commitments[i] = replace(c, deadline=due)


def _nth(word: str) -> int | None:
    """16 for "16th", 5 for "fifth"."""
    from loaders.extract.dates import ORDINALS

    if word[:1].isdigit():
        return int(re.match(r"\d+", word).group())  # type: ignore[union-attr]
    return ORDINALS.get(word.lower())


def _truce_day_number(ctx: Context, commitments: list[Any]) -> None:
    for i, c, a, b in _timed_by_truce(ctx, commitments):
        m = TRUCE_NTH_DAY.search(ctx.text, a, b)
        if m is None or TRUCE_SPAN.search(ctx.text, a, b):
            continue  # "begin ... by the second day of the truce and complete ... within 14 days of it": the span ends it
        n = _nth(m.group("nth"))
        first = _truce_day(ctx, commitments, c.agreement) if n else None
        if first is not None:
            commitments[i] = replace(c, deadline=first + dt.timedelta(days=n - 1))  # type: ignore[operator]


def _same_period(ctx: Context, commitments: list[Any]) -> None:
    order = sorted(range(len(commitments)), key=lambda k: commitments[k].evidence.start if commitments[k].evidence else -1)
    for pos, i in enumerate(order):
        c = commitments[i]
        if c.deadline is not None or c.evidence is None or c.agreement is None:
            continue
        a, b = _clause(ctx, c)
        if not SAME_PERIOD.search(ctx.text, a, b):
            continue
        # the nearest duty of the same deal stated before this clause, with a time of its own
        for j in reversed(order[:pos]):
            prev = commitments[j]
            if prev.agreement == c.agreement and prev.deadline is not None and prev.evidence is not None and prev.evidence.start < a:
                commitments[i] = replace(c, deadline=prev.deadline)
                break


def _over_days_of_truce(ctx: Context, commitments: list[Any]) -> None:
    """"Hamas is to free 50 women and children over four days": the last of those days of the truce,
    counted from its first (what the deal's ceasefire duty carries), when the clause gives no other time."""
    from loaders.extract.commitments import OVER_DAYS

    for i, c, a, b in _timed_by_truce(ctx, commitments):
        # its own words: "Hamas is to free 50 over four days, in return for 150 prisoners" times Hamas's duty only
        own = c.deadline is None and not (c.rule or "").endswith("-reciprocal")
        m = OVER_DAYS.search(ctx.text, max(a, c.evidence.start), b) if own else None
        n = ctx.numbers.value_of(m.group("n")) if m else None
        if not n or n > 400:
            continue
        first = _truce_day(ctx, commitments, c.agreement)
        if first is not None:
            days = n * (7 if m.group("unit").lower() == "weeks" else 1)  # type: ignore[union-attr]
            commitments[i] = replace(c, deadline=first + dt.timedelta(days=days - 1))


def settle_relative_deadlines(ctx: Context, commitments: list[Any],
                               agreed: dict[str, dt.date | None] | None = None) -> None:
    """Time, in place, the duties whose deadline is told by another duty of the same deal (``agreed``: each
    deal's date, by id)."""
    if commitments:
        _ceasefire_from_start(ctx, commitments, agreed or {})
    if not commitments or not _LEANING_WORDS.search(ctx.text):
        return  # most texts time their duties against the calendar only
    _counted_from_truce(ctx, commitments)
    _truce_day_number(ctx, commitments)
    _over_days_of_truce(ctx, commitments)
    _same_period(ctx, commitments)
