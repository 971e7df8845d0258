"""Dates in news text, resolved against the publication date.

A date expression becomes a closed range ``(first, last)``: one day for "on
Sunday" or "March 10", Monday–Sunday for "last week".

>>> pub = dt.date(2020, 4, 13)  # a Monday
>>> [(m.first.isoformat(), m.last.isoformat()) for m in find_dates("on Sunday and last week", pub)]
[('2020-04-12', '2020-04-12'), ('2020-04-06', '2020-04-12')]
>>> find_dates("signed a deal February 29", pub)[0].first
datetime.date(2020, 2, 29)
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

__all__ = ["DateMention", "anchor_day", "find_dates", "FUTURE"]

WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
MONTHS["sept"] = 9

_WD = "|".join(calendar.day_name)
_FULLMON = "January|February|March|April|May|June|July|August|September|October|November|December"
_MON = r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"

# Days written as ordinal words: "the fifteenth of January", "March the first".
ORDINALS = {w: n for n, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth "
    "sixteenth seventeenth eighteenth nineteenth twentieth".split(), 1)}
ORDINALS.update({f"twenty-{w}": 20 + n for w, n in list(ORDINALS.items())[:9]})
ORDINALS.update({"thirtieth": 30, "thirty-first": 31})
ORDINAL_NOUN = re.compile(r"\s+(?:[a-z]+\s+)?(?:round|rounds|time|phase|stage|step|batch|group|tranche|week|month|anniversary|of\s+(?:them|these|those|its|their|the)\b)", re.IGNORECASE)
_ORD = "|".join(sorted((w.replace("-", r"[\s-]") for w in ORDINALS), key=len, reverse=True))

DATE_RE = re.compile(
    rf"""
    (?P<iso>\b(?P<iy>(?:19|20)\d\d)-(?P<im>[01]\d)-(?P<id>[0-3]\d)\b)
  | (?P<md>\b(?P<mdm>{_MON})\s+(?P<mdd>[0-3]?\d)(?:st|nd|rd|th)?\b(?:,?\s+(?P<mdy>(?:19|20)\d\d)\b)?)
  | (?P<dm>\b(?P<dmd>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dmm>{_MON})(?:,?\s+(?P<dmy>(?:19|20)\d\d)\b)?)
  | (?P<od>\b(?:the\s+)?(?P<odd>{_ORD})\s+(?:day\s+)?of\s+(?P<odm>{_FULLMON}|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)(?:,?\s+(?P<ody>(?:19|20)\d\d)\b)?)
  | (?P<mo>\b(?P<mom>{_FULLMON})\s+(?:the\s+)?(?P<mod>{_ORD})\b(?:,?\s+(?P<moy>(?:19|20)\d\d)\b)?)
  | (?P<month>\b(?:in|during)\s+(?:(?:early|mid|late)[\s-]+)?(?P<mm>{_FULLMON})(?:,?\s+(?P<my>(?:19|20)\d\d)\b)?(?![\w-]|\s+[0-3]?\d(?:st|nd|rd|th)?\b))
  | (?P<bymonth>(?:(?<=\bby\s)|(?<=\buntil\s)|(?<=\bbefore\s))(?:(?:early|mid|late)[\s-]+)?(?P<bm>{_FULLMON})(?:,?\s+(?P<by>(?:19|20)\d\d)\b)?(?![\w-]|\s+[0-3]?\d(?:st|nd|rd|th)?\b))
  | (?P<endofm>\b(?:the\s+)?end\s+of\s+(?P<em>{_FULLMON})(?:,?\s+(?P<emy>(?:19|20)\d\d)\b|\s+(?P<emnext>next\s+year)\b)?(?![\w-]|\s+[0-3]?\d\b))
  | (?P<endof>\b(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?P<endunit>week|month|year)\b)
  | (?P<rel>\b(?P<which>last|this|next|past|previous|coming)\s+(?P<unit>week|month|weekend)\b)
  | (?P<wd>\b(?:(?P<wdq>last|this|next|on|past|previous|coming)\s+)?(?P<wdn>{_WD})\b)
  | (?P<dayword>\b(?:the\s+day\s+after\s+tomorrow|the\s+day\s+before\s+yesterday|yesterday|today|tonight|tomorrow|(?:a|one)\s+day\s+(?:earlier|before|later)|the\s+(?:previous|next|following)\s+day|the\s+day\s+after|this\s+morning|this\s+evening|this\s+afternoon)\b)
    """,
    re.VERBOSE | re.IGNORECASE,
)

# Every expression starts with a word character after a non-word one: checking that first lets the
# scan skip the other positions without trying each alternative (same matches, about twice as fast).
DATE_RE = re.compile(r"(?=\w)(?<!\w)(?:" + DATE_RE.pattern + r")", re.VERBOSE | re.IGNORECASE)

# Words before a date that put it in the future ("will ... on Sunday").
FUTURE = re.compile(
    r"\b(?:will|would|shall|to\s+be|going\s+to|expected|expects?|plans?|planned|scheduled|due\s+to|set\s+to|hopes?|deadline)\s+(?:\S+\s+){0,5}$|\b(?:by|until|before|no\s+later\s+than)\s+(?:(?:on|the)\s+)?$",
    re.IGNORECASE,
)


GROUP_NAME_AFTER = re.compile(r"\s+(?:Youth\s+)?(?:Movement|Front|Brigades?|Alliance|Coalition|Party|Revolution|Uprising|Group)\b")
YEAR_AFTER = re.compile(r",?\s+(next|this|last|that|the\s+same)\s+year\b", re.IGNORECASE)
YEAR_WRITTEN = re.compile(r"\b(?:19|20)\d\d\b")


def _month_year(month: int, published: dt.date, future: bool) -> int:
    """The year of a month named without one: the next such month in a future reading, else the
    latest one not after publication."""
    if future and month < published.month:
        return published.year + 1
    if not future and month > published.month:
        return published.year - 1
    return published.year


@dataclass(frozen=True)
class DateMention:
    start: int
    end: int
    first: dt.date
    last: dt.date
    kind: str  # "day", "week", "month", "weekend"


def _monday(day: dt.date) -> dt.date:
    return day - dt.timedelta(days=day.weekday())


def _safe_date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _month_day(month: int, day: int, year: int | None, pub: dt.date, future: bool) -> dt.date | None:
    if year:
        return _safe_date(year, month, day)
    found = _safe_date(pub.year, month, day)
    if found is None:  # February 29 in a common year: the previous leap year's
        found = _safe_date(pub.year - 1, month, day) if not future else _safe_date(pub.year + 1, month, day)
        return found
    if found > pub and not future:
        found = _safe_date(pub.year - 1, month, day) or found
    elif found < pub - dt.timedelta(days=300) and future:
        found = _safe_date(pub.year + 1, month, day) or found
    return found


def _is_future(text: str, start: int, floor: int = 0) -> bool:
    before = text[max(floor, start - 60) : start]
    return bool(FUTURE.search(before))


# day words counted from the day the text told last, not from the day it was written: "approved it on
# Sunday. A day later, the president signed ..." is Monday
RELATIVE_TO_TOLD = frozenset({"a day earlier", "one day earlier", "a day before", "one day before", "the previous day",
                              "a day later", "one day later", "the next day", "the following day"})
ANCHOR_REACH = 400  # how far back, within the paragraph, the day told last is looked for


def anchor_day(text: str, published: dt.date, pos: int) -> dt.date | None:
    """The last single day named before ``pos`` in its paragraph, if any (not itself counted from another)."""
    lo = max(0, pos - ANCHOR_REACH, text.rfind("\n\n", 0, pos) + 1)
    told = [d for d in find_dates(text, published, lo, pos, anchored=False) if d.kind == "day" and d.first == d.last]
    return told[-1].first if told else None


def find_dates(text: str, published: dt.date, start: int = 0, end: int | None = None,
               future: bool | None = None, anchored: bool = True) -> list[DateMention]:
    """Every date expression in ``text[start:end]``, resolved; offsets into ``text``.

    ``future`` forces the tense; by default it is read from the words before
    each expression ("will", "expected", "next", "by").
    """
    end = len(text) if end is None else end
    found: list[DateMention] = []
    for m in DATE_RE.finditer(text, start, end):
        fut = _is_future(text, m.start(), start) if future is None else future
        first = last = None
        kind = "day"
        if m.group("iso"):
            first = last = _safe_date(int(m.group("iy")), int(m.group("im")), int(m.group("id")))
        elif m.group("md"):
            month = MONTHS[m.group("mdm").rstrip(".").lower()]
            year = int(m.group("mdy")) if m.group("mdy") else None
            first = last = _month_day(month, int(m.group("mdd")), year, published, fut)
            if m.group("mdm").lower() == "may" and not m.group("mdy") and text[m.start()].islower():
                first = last = None  # "may 10 more" is a verb
        elif m.group("dm"):
            month = MONTHS[m.group("dmm").rstrip(".").lower()]
            year = int(m.group("dmy")) if m.group("dmy") else None
            if m.group("dmm") == "may" and not year:
                first = last = None  # "the 2 may ...": a verb; "since 2 May," is the month
            else:
                first = last = _month_day(month, int(m.group("dmd")), year, published, fut)
        elif m.group("od") or m.group("mo"):
            word = " ".join((m.group("odd") or m.group("mod")).lower().replace("-", " ").split()).replace(" ", "-")
            mon = m.group("odm") or m.group("mom")
            yr = m.group("ody") or m.group("moy")
            if m.group("mo") and (mon.lower() == "may" or ORDINAL_NOUN.match(text, m.end())):
                continue  # "May the second round ...", "in March the first batch": a verb or an ordinal of a noun
            first = last = _month_day(MONTHS[mon.rstrip(".").lower()], ORDINALS[word], int(yr) if yr else None, published, fut)
        elif m.group("month") or m.group("bymonth"):
            # "in June", "during December 2023": the whole month, the latest one not after publication;
            # "by May 2021", "until March": a month a time runs to ("by May" alone may be a name)
            name, given = (m.group("mm"), m.group("my")) if m.group("month") else (m.group("bm"), m.group("by"))
            if not name[0].isupper() or (m.group("bymonth") and name == "May" and not given):
                continue
            kind = "month"
            month = MONTHS[name.lower()]
            year = int(given) if given else _month_year(month, published, fut)
            first = dt.date(year, month, 1)
            last = dt.date(year, month, calendar.monthrange(year, month)[1])
        elif m.group("endofm"):
            # "by the end of April next year", "the end of March 2021": the month's last day
            month = MONTHS[m.group("em").lower()]
            if m.group("emy"):
                year = int(m.group("emy"))
            else:
                year = published.year + 1 if m.group("emnext") else _month_year(month, published, fut)
            first = last = dt.date(year, month, calendar.monthrange(year, month)[1])
        elif m.group("endof"):
            unit = m.group("endunit").lower()
            kind = "day"
            if unit == "week":
                first = last = _monday(published) + dt.timedelta(days=6)
            elif unit == "month":
                first = last = dt.date(published.year, published.month, calendar.monthrange(published.year, published.month)[1])
            else:
                first = last = dt.date(published.year, 12, 31)
        elif m.group("rel"):
            which = m.group("which").lower()
            unit = m.group("unit").lower()
            kind = unit
            if unit == "week":
                base = _monday(published)
                shift = {"last": -7, "past": -7, "previous": -7, "this": 0, "next": 7, "coming": 7}[which]
                if which == "past":  # "the past week": the seven days before publication
                    first, last = published - dt.timedelta(days=7), published - dt.timedelta(days=1)
                else:
                    first = base + dt.timedelta(days=shift)
                    last = first + dt.timedelta(days=6)
            elif unit == "weekend":
                sat = published - dt.timedelta(days=(published.weekday() - 5) % 7)
                if which in ("next", "coming") or (which == "this" and fut):
                    sat = published + dt.timedelta(days=(5 - published.weekday()) % 7 or 7)
                first, last = sat, sat + dt.timedelta(days=1)
            else:
                year, month = published.year, published.month
                if which in ("last", "previous", "past"):
                    year, month = (year, month - 1) if month > 1 else (year - 1, 12)
                elif which in ("next", "coming"):
                    year, month = (year, month + 1) if month < 12 else (year + 1, 1)
                first = dt.date(year, month, 1)
                last = dt.date(year, month, calendar.monthrange(year, month)[1])
        elif m.group("wd"):
            target = WEEKDAYS[m.group("wdn").lower()]
            qual = (m.group("wdq") or "").lower()
            back = (published.weekday() - target) % 7
            if qual in ("next", "coming") or (fut and qual != "last"):
                # a future day named by its weekday alone is within the week to come, the day itself
                # included: wire copy names the publication day "on Saturday" ("from 7 p.m. on Saturday")
                ahead = (target - published.weekday()) % 7
                if qual in ("next", "coming"):
                    ahead = ahead or 7
                first = published + dt.timedelta(days=ahead)
            elif qual in ("last", "past", "previous"):
                first = published - dt.timedelta(days=back or 7)
            else:
                first = published - dt.timedelta(days=back)
            last = first
        else:
            word = " ".join(m.group("dayword").lower().split())
            offsets = {
                "today": 0, "tonight": 0, "this morning": 0, "this evening": 0, "this afternoon": 0,
                "yesterday": -1, "tomorrow": 1, "the day after tomorrow": 2, "the day before yesterday": -2,
                "a day earlier": -1, "one day earlier": -1, "a day before": -1, "one day before": -1,
                "the previous day": -1, "a day later": 1, "one day later": 1, "the next day": 1,
                "the following day": 1, "the day after": 2,
            }
            shift = offsets.get(word)
            if shift is None:
                continue
            base = anchor_day(text, published, m.start()) if anchored and word in RELATIVE_TO_TOLD else None
            first = last = (base or published) + dt.timedelta(days=shift)
        if first is None or last is None or (m.group("md") or m.group("dm")) and GROUP_NAME_AFTER.match(text, m.end()):
            continue  # "the March 23 Movement": a name, not a day
        if ((m.group("md") and not m.group("mdy")) or (m.group("dm") and not m.group("dmy"))
                or (m.group("od") and not m.group("ody")) or (m.group("mo") and not m.group("moy"))):
            # "by May 1 next year", "on 3 March last year": the year the words name
            yr = YEAR_AFTER.match(text, m.end(), min(len(text), m.end() + 16))
            if yr:
                which = " ".join(yr.group(1).lower().split())
                if which in ("that", "the same"):
                    # "on 3 August that year": the year the text wrote last before it, if any
                    told = [int(y.group(0)) for y in YEAR_WRITTEN.finditer(text, 0, m.start())]
                    year = told[-1] if told else first.year
                else:
                    year = published.year + {"next": 1, "this": 0, "last": -1}[which]
                first = last = _safe_date(year, first.month, first.day) or first
        found.append(DateMention(m.start(), m.end(), first, last, kind))
    return found
