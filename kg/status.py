"""Where a commitment stands as of a date, and why: the fulfilment rules.

The rules, all in this one place (DOMAIN: "Fulfilment"):

1. Evidence is the reported releases that match the commitment (same releaser
   as the obligor, people of the object party), from documents published on or
   before the as-of date, that happened on or after the commitment's agreement:
   a batch by its date (or its report's date); a running total by the start of
   the period it covers ("since April", "of the 2,000 pledged") when the text
   gives one, otherwise ("so far") only when no release of those people by
   that party is known from before the agreement — a total since the start of
   the process belongs to a later tranche only if nothing was freed before it.
2. Reports of one release are one event: two batch reports are the same event
   when releaser and people agree, their dates overlap (or, undated, they come
   from documents a week apart at most) and their counts agree — or differ by
   at most 10 % when both are dated to within three days (one handover
   reported as "80 freed" and "86 freed"). Every figure is kept with the
   documents that give it; the event's figure is the one most documents give,
   and on a tie the lower (the cautious reading).
3. Achieved = the larger of the largest running total and the sum of distinct
   batches; a running total counts as at least its figure. Figures without a
   count ("began releasing", "hundreds") count for nothing but show progress.
   Achieved is capped at the target (what exceeds it belongs elsewhere).
4. Status: ``fulfilled`` when achieved reaches the target; ``in_progress`` when
   any matching release is known; else ``not_started``.
5. ``overdue`` when the deadline has passed (as-of date after it) and the
   target was not reached by the deadline; ``late`` when it was reached after
   the deadline. The date it was reached is the date of the evidence that
   first brought the running figure to the target.

>>> r = Report("r1", "d1", dt.date(2020, 4, 13), 300, "exact", True, None, dt.date(2020, 4, 13))
>>> a = assess(target=5000, upper_bound=False, deadline=dt.date(2020, 3, 10), reports=[r], as_of=dt.date(2020, 4, 13))
>>> a.status, a.achieved, round(a.share, 2), a.overdue
('in_progress', 300, 0.06, True)
"""

from __future__ import annotations

import bisect
import datetime as dt
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

__all__ = ["RULES", "Assessment", "Event", "Outcome", "PairPlan", "Report", "assess", "batch_events", "counting", "group_events", "pam_level", "politifact_rating", "prediction_outcome"]

RULES = ("releases by the obligor of the object party's people since the agreement (up to a year after the "
         "deadline, or two years after the agreement without one); achieved = the largest "
         "running total or the sum of distinct batches, whichever is larger; a batch reported more than once "
         "counted once, at the figure most reports give (on a tie the lower); capped at the target")
SAME_EVENT_WINDOW = dt.timedelta(days=7)
DISAGREEMENT = 0.10  # counts this close, on precise dates, are one event's differing figures
PRECISE = dt.timedelta(days=3)
AFTER_DEADLINE = dt.timedelta(days=365)  # how long after its deadline a release still counts toward a commitment
WITHOUT_DEADLINE = dt.timedelta(days=730)  # ... and after its agreement (or first report) when it has no deadline


@dataclass(frozen=True)
class Report:
    """One document's report of a release (a batch or a running total)."""

    release: str
    document: str
    published: dt.date
    count: int | None
    qualifier: str
    cumulative: bool
    date_from: dt.date | None
    date_to: dt.date | None
    start: int = 0
    end: int = 0
    text: str = ""
    source: str | None = None

    # worked out once, for sorting and comparing many times (kg.answers judges
    # a commitment's reports again for each commitment that shares them)
    when: dt.date = field(init=False, repr=False, compare=False)
    """When it happened at the latest: its end date, else its report date."""
    order: tuple[Any, ...] = field(init=False, repr=False, compare=False)
    """Its place among reports in date order (when, publication, document, offset)."""
    terms: tuple | None = field(init=False, repr=False, compare=False)
    """What rule 2 compares of a batch report: its period, count, publication
    date and whether the period is precise; None for a report that can be no
    other report's release (a running total, or no figure)."""

    def __post_init__(self) -> None:
        self.__dict__.update(_derived(self))

    @classmethod
    def of(cls, release: str, document: str, published: dt.date, count: int | None, qualifier: str, cumulative: bool,
           date_from: dt.date | None, date_to: dt.date | None, start: int = 0, end: int = 0, text: str = "",
           source: str | None = None) -> "Report":
        """A report as the constructor makes it, filled in one step instead of
        field by field (what a page that reads thousands of reports makes them with)."""
        report = object.__new__(cls)
        when = date_to or date_from or published
        terms = None
        if not cumulative and count is not None:  # as _derived works them out, in one step
            lo, hi = date_from or date_to, date_to or date_from
            terms = lo, hi, count, published, lo is not None and (hi - lo) < PRECISE
        report.__dict__.update(release=release, document=document, published=published, count=count, qualifier=qualifier,
                               cumulative=cumulative, date_from=date_from, date_to=date_to, start=start, end=end, text=text,
                               source=source, when=when, order=(when, published, document, start), terms=terms)
        return report


def _derived(r: Report) -> dict[str, Any]:
    """A report's :attr:`Report.when`, :attr:`Report.order` and :attr:`Report.terms`."""
    when = r.date_to or r.date_from or r.published
    terms = None
    if not r.cumulative and r.count is not None:
        start, end = _range(r)
        terms = start, end, r.count, r.published, start is not None and (end - start) < PRECISE
    return {"when": when, "order": (when, r.published, r.document, r.start), "terms": terms}


@dataclass
class Event:
    """Reports taken to be one release (several sources, one batch)."""

    reports: list[Report] = field(default_factory=list)

    @property
    def cumulative(self) -> bool:
        return self.reports[0].cumulative

    @property
    def count(self) -> int | None:
        """The figure used: the most corroborated, then the smallest (cautious)."""
        if len(self.reports) == 1:
            return self.reports[0].count
        counts = [r.count for r in self.reports if r.count is not None]
        if not counts:
            return None
        return sorted(set(counts), key=lambda c: (-counts.count(c), c))[0]

    @property
    def figures(self) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for r in self.reports:
            if r.count is not None:
                out.setdefault(r.count, []).append(r.document)
        return out

    @property
    def when(self) -> dt.date:
        return min(r.when for r in self.reports)

    @property
    def documents(self) -> list[str]:
        return sorted({r.document for r in self.reports})

    def matches(self, other: Report) -> bool:
        return any(_same_release(mine, other) for mine in self.reports)


def _range(report: Report) -> tuple[dt.date | None, dt.date | None]:
    return report.date_from or report.date_to, report.date_to or report.date_from


def _same_release(a: Report, b: Report) -> bool:
    """Whether two batch reports tell of the same release (rule 2)."""
    if a.cumulative or b.cumulative or a.count is None or b.count is None:
        return False
    (a0, a1), (b0, b1) = _range(a), _range(b)
    if a0 and b0:
        if not (a0 <= b1 and b0 <= a1):
            return False
        if a.count == b.count:
            return True
        precise = (a1 - a0) < PRECISE and (b1 - b0) < PRECISE
        return precise and abs(a.count - b.count) <= DISAGREEMENT * max(a.count, b.count)
    return a.count == b.count and abs(a.published - b.published) <= SAME_EVENT_WINDOW


def group_events(reports: list[Report], memo: dict[Any, Any] | None = None) -> list[Event]:
    """Group reports of the same release into events, in date order.

    Reports are taken in date order; an event whose reports all lie before
    the earliest day the current report could match (its period's start, or
    a week before its publication) is set aside, so grouping stays close to
    linear in the number of reports however long the corpus runs. Each
    report's terms of comparison (:attr:`Report.terms`) are worked out once; a
    running total or a report without a figure matches nothing (rule 2), so
    its event is never compared.

    With a ``memo`` (a dict the caller keeps while the reports live), the
    reports are first cut where no report before can tell of the same release
    as one after (:func:`_independent`), and each run between cuts is grouped
    once for every call that meets the same run: what the commitments of one
    pair share when they are judged together, each on its own window of the
    pair's reports. The events are the same; those of a shared run are the
    same objects.
    """
    return _grouped(reports, memo)[0]


def _grouped(reports: list[Report], memo: dict[Any, Any] | None = None, in_order: bool = False
             ) -> tuple[list[Event], list[tuple[dt.date, int | None, bool]]]:
    """:func:`group_events` with each event's day, figure and whether it is a
    running total (what rule 3 reads); with a ``memo``, those of a shared run
    are worked out with its events, once. ``in_order``: the reports are in
    date order already."""
    ordered = reports if in_order else sorted(reports, key=attrgetter("order"))
    terms_of = [r.terms for r in ordered]
    if memo is None:
        events = _group(ordered, terms_of)
        return events, _figures(events)
    events = []
    figures: list[tuple[dt.date, int | None, bool]] = []
    runs = memo.setdefault("runs", {})
    for lo, hi in _independent(terms_of):
        key = id(ordered[lo]) if hi - lo == 1 else tuple(map(id, ordered[lo:hi]))
        found = runs.get(key)
        if found is None:  # the run is kept with its events, so that its reports' ids stay theirs
            run = ordered[lo:hi]
            grouped = _group(run, terms_of[lo:hi])
            found = runs[key] = (run, grouped, _figures(grouped))
        events.extend(found[1])
        figures.extend(found[2])
    return events, figures


def _group(ordered: list[Report], terms_of: list[tuple | None]) -> list[Event]:
    """:func:`group_events` of reports already in date order, with their terms."""
    # how far before its own day a report that can match may reach (its period's start, or its
    # publication): only such reports count, so a running total "since April" does not keep
    # months of events active
    reach = max((r.when - min(r.date_from or r.when, r.published) for r, t in zip(ordered, terms_of) if t is not None),
                default=dt.timedelta(0))
    events: list[Event] = []
    # each active event (one that a later report may still join: it has a report that can match)
    # with the latest day one of its reports reaches and its reports' terms
    active: list[tuple[Event, list[dt.date], list[tuple]]] = []
    for report, terms in zip(ordered, terms_of):
        floor = report.when - reach - SAME_EVENT_WINDOW
        if active and active[0][1][0] < floor:
            active = [entry for entry in active if entry[1][0] >= floor]
        if terms is not None and _join(active, report, terms):
            continue
        event = Event([report])
        events.append(event)
        if terms is not None:
            active.append((event, [max(report.published, report.date_to or report.published)], [terms]))
    return events


def _independent(terms_of: list[tuple | None]) -> list[tuple[int, int]]:
    """The runs ``[lo, hi)`` of reports in date order, with their terms, such
    that no report of one run can be the same release as a report of another
    (rule 2 as :func:`_matches_any` applies it): grouping each run alone gives
    the events of grouping them all.

    A cut before report ``i`` needs, of the reports that can match: every
    period before it to end before every period from it on starts (two dated
    reports match only when their periods overlap), and every publication
    before it to be more than a week before every one from it on where
    either report is undated (an undated report matches only reports
    published within a week of it).
    """
    n = len(terms_of)
    never, week = dt.date.max, SAME_EVENT_WINDOW
    starts, published, undated = [never] * (n + 1), [never] * (n + 1), [never] * (n + 1)
    start = day = loose = never  # the earliest of each from report i on
    for i in range(n - 1, -1, -1):
        terms = terms_of[i]
        if terms is not None:
            if terms[0] is not None:
                if terms[0] < start:
                    start = terms[0]
            elif terms[3] < loose:
                loose = terms[3]
            if terms[3] < day:
                day = terms[3]
        starts[i], published[i], undated[i] = start, day, loose
    runs: list[tuple[int, int]] = []
    lo = 0
    ends = days = loose_days = dt.date.min  # the latest of each before report i (a week on, for publications)
    days_on = loose_on = None
    for i in range(1, n):
        terms = terms_of[i - 1]
        if terms is not None:
            if terms[0] is not None:
                if terms[1] > ends:
                    ends = terms[1]
            elif terms[3] > loose_days:
                loose_days = terms[3]
                loose_on = loose_days + week
            if terms[3] > days:
                days = terms[3]
                days_on = days + week
        if (ends < starts[i] and (loose_on is None or loose_on < published[i])
                and (undated[i] == never or days_on is None or days_on < undated[i])):
            runs.append((lo, i))
            lo = i
    if n:
        runs.append((lo, n))
    return runs


def _join(active: list[tuple[Event, list[dt.date], list[tuple]]], report: Report, terms: tuple) -> bool:
    """Add ``report`` to the first active event it tells the same release as;
    False when there is none."""
    for event, latest, known in active:
        if _matches_any(known, terms):
            event.reports.append(report)
            known.append(terms)
            latest[0] = max(latest[0], report.published, report.date_to or report.published)
            return True
    return False


def _matches_any(known: list[tuple], terms: tuple) -> bool:
    """Whether a report with ``terms`` tells of the same release as one of the
    reports with ``known`` terms: :func:`_same_release` on precomputed terms."""
    b0, b1, b_count, b_published, b_precise = terms
    for a0, a1, a_count, a_published, a_precise in known:
        if a0 is not None and b0 is not None:
            if a0 <= b1 and b0 <= a1 and (a_count == b_count or (
                    a_precise and b_precise and abs(a_count - b_count) <= DISAGREEMENT * max(a_count, b_count))):
                return True
        elif a_count == b_count and abs(a_published - b_published) <= SAME_EVENT_WINDOW:
            return True
    return False


@dataclass(frozen=True)
class Assessment:
    """A commitment's status as of a date, with the evidence used."""

    status: str
    achieved: int
    share: float | None
    overdue: bool
    late: bool
    fulfilled_on: dt.date | None
    events: tuple[Event, ...]
    basis: str
    last_on: dt.date | None = None  # the day of the latest event

    def to_dict(self) -> dict[str, object]:
        return {
            "status": self.status,
            "achieved": self.achieved,
            "share": self.share,
            "overdue": self.overdue,
            "late": self.late,
            "fulfilled_on": self.fulfilled_on.isoformat() if self.fulfilled_on else None,
            "basis": self.basis,
        }


def horizon(deadline: dt.date | None, agreed_on: dt.date | None, first_reported: dt.date | None = None) -> dt.date | None:
    """The last day a release counts toward a commitment (rule 1).

    >>> horizon(dt.date(2020, 3, 10), dt.date(2020, 2, 29))
    datetime.date(2021, 3, 10)
    >>> horizon(None, dt.date(2020, 2, 29))
    datetime.date(2022, 2, 28)
    """
    if deadline is not None:
        return deadline + AFTER_DEADLINE
    start = agreed_on or first_reported
    return start + WITHOUT_DEADLINE if start is not None else None


def counting(reports: list[Report], since: dt.date | None, until: dt.date | None = None) -> list[Report]:
    """The reports that count toward a commitment agreed on ``since`` whose
    horizon is ``until`` (rule 1)."""
    if until is not None:
        reports = [r for r in reports if r.when <= until]
    if since is None:
        return list(reports)
    earlier = any(r.when < since for r in reports if r.date_from or r.date_to)
    out = []
    for r in reports:
        if r.cumulative and r.date_from is not None:
            ok = r.date_from >= since
        elif r.cumulative:
            ok = r.when >= since and not earlier
        else:
            ok = r.when >= since
        if ok:
            out.append(r)
    return out


def _figures(events: list[Event]) -> list[tuple[dt.date, int | None, bool]]:
    """Each event's day, figure and whether it is a running total."""
    return [(e.when, e.count, e.cumulative) if len(e.reports) > 1 else  # one report: its own, read directly
            (e.reports[0].when, e.reports[0].count, e.reports[0].cumulative) for e in events]


def _achieved(figures: list[tuple[dt.date, int | None, bool]]) -> tuple[int, str]:
    """Rule 3 over the events' figures (:func:`_figures`)."""
    totals = [count for _, count, total in figures if total and count is not None]
    batches = sum(count for _, count, total in figures if not total and count is not None)
    best_total = max(totals, default=0)
    if best_total >= batches and best_total > 0:
        return best_total, "running total"
    if batches > 0:
        return batches, "sum of batches"
    return 0, "no figure"


def assess(
    *,
    target: int | None,
    upper_bound: bool,
    deadline: dt.date | None,
    reports: list[Report],
    as_of: dt.date,
    agreed_on: dt.date | None = None,
    until: dt.date | None = None,
    memo: dict[Any, Any] | None = None,
    in_order: bool = False,
) -> Assessment:
    """Apply the fulfilment rules to the reports known as of ``as_of``
    (``memo``: see :func:`group_events`, for judging many commitments on one day;
    ``in_order``: the reports come in date order, :attr:`Report.order`)."""
    known = counting([r for r in reports if r.published <= as_of], agreed_on, until)
    events, figures = _grouped(known, memo, in_order)
    return _verdict(target, upper_bound, deadline, as_of, events, figures)


def _verdict(target: int | None, upper_bound: bool, deadline: dt.date | None, as_of: dt.date, events: list[Event],
             figures: list[tuple[dt.date, int | None, bool]]) -> Assessment:
    """Rules 3 and 4 over the events that count and their figures (:func:`_figures`)."""
    achieved, basis = _achieved(figures)

    fulfilled_on = None
    if target:
        best_total = batches = 0  # _achieved over the events so far, kept up to date
        for when, count, total in sorted(figures, key=lambda f: f[0]):
            if count is not None and total:
                best_total = max(best_total, count)
            elif count is not None:
                batches += count
            if max(best_total, batches) >= target:
                fulfilled_on = when
                break
    if target is not None:
        achieved = min(achieved, target)
    fulfilled = bool(target) and achieved >= target
    if fulfilled:
        status = "fulfilled"
    elif events:
        status = "in_progress"
    else:
        status = "not_started"
    if not fulfilled:
        fulfilled_on = None
    share = round(achieved / target, 4) if target else None
    late = bool(fulfilled and deadline and fulfilled_on and fulfilled_on > deadline)
    overdue = bool(deadline and as_of > deadline and not fulfilled)
    return Assessment(status, achieved, share, overdue, late, fulfilled_on, tuple(events), basis,
                      max((when for when, _, _ in figures), default=None))


class PairPlan:
    """The reports of one (releaser, people) pair known on a day, in date
    order, cut into runs no report of another run can join
    (:func:`_independent`), each run grouped once: what the commitments
    matched on that pair share when they are judged together on that day
    (:meth:`assess`).

    A commitment's reports are a stretch ``[lo, hi)`` of these (its window of
    release dates), less the running totals rule 1 does not count. Cuts that
    hold for all the reports hold for any of them, so the events of the runs
    wholly inside the stretch are these runs' events, taken as one slice; only
    the runs cut by the stretch's ends are grouped again, on their part inside
    it. A running total matches no other report (rule 2): it is an event of
    its own, left out by leaving out that event.
    """

    def __init__(self, reports: list[Report]) -> None:
        self.reports = reports
        self.whens = [r.when for r in reports]
        self.terms = [r.terms for r in reports]
        self.runs = _independent(self.terms)
        self.run_starts = [lo for lo, _ in self.runs]
        self.events: list[Event] = []
        self.figures: list[tuple[dt.date, int | None, bool]] = []
        self.first_event: list[int] = []  # per run, where its events start in self.events (and one past the last)
        self.event_of: dict[int, int] = {}  # a running total's position -> its event's
        for lo, hi in self.runs:
            first = len(self.events)
            self.first_event.append(first)
            if hi - lo == 1:  # most runs: one report, one event
                self.events.append(Event([reports[lo]]))
                if reports[lo].cumulative:
                    self.event_of[lo] = first
                continue
            grouped = _group(reports[lo:hi], self.terms[lo:hi])
            self.events.extend(grouped)
            at = {id(r): i for i, r in enumerate(reports[lo:hi], lo)}
            for n, e in enumerate(grouped, first):
                if e.reports[0].cumulative:  # a running total is an event of its own (rule 2)
                    self.event_of[at[id(e.reports[0])]] = n
        self.first_event.append(len(self.events))
        self.figures = _figures(self.events)
        self.totals = [i for i, r in enumerate(reports) if r.cumulative]  # positions of the running totals
        # where the first report dated by a period lies (what rule 1's "nothing freed before" test reads)
        self.first_dated = next((i for i, r in enumerate(reports) if r.date_from or r.date_to), len(reports))

    def stretch(self, since: dt.date | None, until: dt.date | None) -> tuple[int, int]:
        """The positions ``[lo, hi)`` of the reports between ``since`` and ``until`` (by :attr:`Report.when`)."""
        lo = bisect.bisect_left(self.whens, since) if since is not None else 0
        hi = bisect.bisect_right(self.whens, until) if until is not None else len(self.reports)
        return lo, max(lo, hi)

    def assess(self, *, target: int | None, upper_bound: bool, deadline: dt.date | None, as_of: dt.date,
               agreed_on: dt.date | None, until: dt.date | None) -> Assessment:
        """:func:`assess` for a commitment matched on this pair, whose reports
        are this plan's (known on ``as_of``) between its agreement and its horizon."""
        lo, hi = self.stretch(agreed_on, until)
        if lo >= hi:
            return _verdict(target, upper_bound, deadline, as_of, [], [])
        # rule 1: a running total counts from its own start on or after the agreement, or, with no start,
        # when no report dated by a period tells of an earlier release
        dropped: set[int] = set()
        if agreed_on is not None:
            earlier = self.first_dated < lo
            a, b = bisect.bisect_left(self.totals, lo), bisect.bisect_left(self.totals, hi)
            for i in self.totals[a:b]:
                r = self.reports[i]
                if (r.date_from < agreed_on) if r.date_from is not None else earlier:
                    dropped.add(i)
        first = bisect.bisect_right(self.run_starts, lo) - 1
        last = bisect.bisect_right(self.run_starts, hi - 1) - 1
        events: list[Event] = []
        figures: list[tuple[dt.date, int | None, bool]] = []
        whole_from = first if self.runs[first][0] >= lo else first + 1
        whole_to = last if self.runs[last][1] <= hi else last - 1  # the runs wholly inside, inclusive
        if first < whole_from:
            self._part(first, lo, hi, dropped, events, figures)
        if whole_from <= whole_to:
            a, b = self.first_event[whole_from], self.first_event[whole_to + 1]
            skip = sorted(self.event_of[i] for i in dropped if a <= self.event_of[i] < b)
            for x, y in zip([a, *(n + 1 for n in skip)], [*skip, b]):
                events.extend(self.events[x:y])
                figures.extend(self.figures[x:y])
        if last > whole_to and last >= whole_from:
            self._part(last, lo, hi, dropped, events, figures)
        return _verdict(target, upper_bound, deadline, as_of, events, figures)

    def _part(self, k: int, lo: int, hi: int, dropped: set[int], events: list[Event],
              figures: list[tuple[dt.date, int | None, bool]]) -> None:
        """Group the part of run ``k`` inside ``[lo, hi)``, less the ``dropped`` reports."""
        start, end = self.runs[k]
        at = [i for i in range(max(start, lo), min(end, hi)) if i not in dropped]
        grouped = _group([self.reports[i] for i in at], [self.terms[i] for i in at])
        events.extend(grouped)
        figures.extend(_figures(grouped))


def batch_events(reports: list[Report], as_of: dt.date, agreed_on: dt.date | None = None) -> list[Event]:
    """The batches known as of ``as_of`` that count since ``agreed_on``, as
    events: what :func:`prediction_outcome` checks a prediction against
    (computed once per commitment when many predictions concern it)."""
    return group_events([r for r in counting([r for r in reports if r.published <= as_of], agreed_on)
                         if not r.cumulative])


# -- peer scales ------------------------------------------------------------

PAM_LABELS = {0: "not initiated", 1: "minimal", 2: "intermediate", 3: "full"}


def pam_level(assessment: Assessment) -> int:
    """The Peace Accords Matrix implementation scale: 0 not initiated,
    1 minimal (under half done), 2 intermediate (half or more), 3 full.

    >>> pam_level(Assessment("in_progress", 300, 0.06, True, False, None, (), ""))
    1
    """
    if assessment.status == "fulfilled":
        return 3
    if assessment.status == "not_started":
        return 0
    return 2 if (assessment.share or 0) >= 0.5 else 1


def politifact_rating(assessment: Assessment, upper_bound: bool = False) -> str:
    """A PolitiFact-style promise rating, each verdict resting on the evidence:

    Promise Kept (target reached, late or not); Compromise (an "up to N"
    pledge past its deadline with at least half of N done); Stalled
    (deadline passed, some done); Promise Broken (deadline passed, nothing
    done); In the Works (under way, deadline not passed); Not Yet Rated
    (nothing done yet, deadline not passed).

    >>> politifact_rating(Assessment("in_progress", 20, 0.02, True, False, None, (), ""))
    'Stalled'
    """
    if assessment.status == "fulfilled":
        return "Promise Kept"
    if assessment.overdue:
        if upper_bound and (assessment.share or 0) >= 0.5:
            return "Compromise"
        return "Stalled" if assessment.status == "in_progress" else "Promise Broken"
    return "In the Works" if assessment.status == "in_progress" else "Not Yet Rated"


# -- predictions ------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """Whether a prediction came true, as known on a date."""

    outcome: str  # met | missed | pending | unknown
    met_on: dt.date | None = None
    evidence: tuple[Report, ...] = ()


def prediction_outcome(
    expected_from: dt.date | None,
    expected_to: dt.date | None,
    reports: list[Report],
    as_of: dt.date,
    agreed_on: dt.date | None = None,
    events: list[Event] | None = None,
) -> Outcome:
    """A prediction is met when a release it is about happened within its
    window, missed once the window has passed without one, pending before
    that; unknown when it names no window. Reports of one release are taken
    together and dated by the most precise of them, so a later vague mention
    ("in mid-August") of a release dated exactly elsewhere does not stretch it.

    >>> r = Report("r", "d", dt.date(2020, 4, 13), 100, "exact", False, dt.date(2020, 4, 6), dt.date(2020, 4, 12))
    >>> prediction_outcome(dt.date(2020, 4, 3), dt.date(2020, 4, 4), [r], dt.date(2020, 4, 13)).outcome
    'missed'
    """
    if expected_from is None and expected_to is None:
        return Outcome("unknown")
    start = expected_from or expected_to
    end = expected_to or expected_from
    hits: list[tuple[dt.date, Event]] = []
    if events is None:
        events = batch_events(reports, as_of, agreed_on)
    for event in events:
        dated = [_range(r) for r in event.reports if _range(r)[0] is not None]
        if not dated:
            continue
        e0, e1 = min(dated, key=lambda rng: (rng[1] - rng[0], rng[0]))  # the most precise report's dates
        if e0 <= end and start <= e1:
            hits.append((max(e0, start), event))
    if hits:
        met_on, event = min(hits, key=lambda h: h[0])
        return Outcome("met", met_on, tuple(event.reports))
    return Outcome("missed" if as_of > end else "pending")
