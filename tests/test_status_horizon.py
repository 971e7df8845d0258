"""Rule 1's horizon, and event grouping that stays linear: the same events as
comparing every report with every earlier event."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kg.status import Event, Report, assess, group_events, horizon

DAY = dt.date(2020, 3, 1)


def naive_events(reports: list[Report]) -> list[Event]:
    """Rule 2 read literally: each report joins the first earlier event it matches."""
    events: list[Event] = []
    for report in sorted(reports, key=lambda r: (r.when, r.published, r.document, r.start)):
        for event in events:
            if event.matches(report):
                event.reports.append(report)
                break
        else:
            events.append(Event([report]))
    return events


@st.composite
def reports(draw) -> list[Report]:
    out = []
    for n in range(draw(st.integers(0, 40))):
        start = DAY + dt.timedelta(days=draw(st.integers(0, 400)))
        dated = draw(st.sampled_from(["both", "both", "from", "to", "neither"]))
        length = dt.timedelta(days=draw(st.sampled_from([0, 0, 1, 2, 6, 30, 120])))
        lag = dt.timedelta(days=draw(st.integers(-3, 20)))
        out.append(Report(f"r{n}", f"d{draw(st.integers(0, 9))}", start + length + lag,
                          draw(st.sampled_from([None, 20, 80, 86, 100, 300])), "exact",
                          draw(st.booleans()) and draw(st.booleans()),
                          start if dated in ("both", "from") else None,
                          start + length if dated in ("both", "to") else None, start=n))
    return out


@settings(max_examples=600, deadline=None)
@given(reports())
def test_status_grouping_equals_the_literal_rule(found: list[Report]):
    fast = [[r.release for r in e.reports] for e in group_events(found)]
    slow = [[r.release for r in e.reports] for e in naive_events(found)]
    assert fast == slow


@pytest.mark.parametrize(("deadline", "agreed", "first", "expected"), [
    (dt.date(2020, 3, 10), dt.date(2020, 2, 29), None, dt.date(2021, 3, 10)),
    (None, dt.date(2020, 2, 29), None, dt.date(2022, 2, 28)),
    (None, None, dt.date(2020, 4, 1), dt.date(2022, 4, 1)),
    (None, None, None, None),
])
def test_status_horizon(deadline, agreed, first, expected):
    assert horizon(deadline, agreed, first) == expected


@pytest.mark.parametrize(("freed_on", "counted"), [(dt.date(2020, 6, 1), 100), (dt.date(2021, 3, 10), 100),
                                                   (dt.date(2021, 3, 11), 0), (dt.date(2023, 1, 1), 0)])
def test_status_releases_after_the_horizon_do_not_count(freed_on, counted):
    deadline, agreed = dt.date(2020, 3, 10), dt.date(2020, 2, 29)
    report = Report("r", "d", freed_on, 100, "exact", False, freed_on, freed_on)
    result = assess(target=5000, upper_bound=False, deadline=deadline, reports=[report], as_of=dt.date(2024, 1, 1),
                    agreed_on=agreed, until=horizon(deadline, agreed))
    assert result.achieved == counted


@settings(max_examples=400, deadline=None)
@given(reports(), st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=1, max_size=6))
def test_status_grouping_shared_through_a_memo_equals_grouping_alone(found: list[Report], windows):
    """Windows of one list of reports, grouped with one memo (as the commitments of a
    pair are judged together), give the events each window gives alone."""
    ordered = sorted(found, key=lambda r: (r.when, r.published, r.document, r.start))
    memo: dict = {}
    for lo, hi in [(0, len(ordered)), *windows, (0, len(ordered))]:
        window = ordered[min(lo, hi):max(lo, hi)]
        shared = [[r.release for r in e.reports] for e in group_events(window, memo)]
        alone = [[r.release for r in e.reports] for e in naive_events(window)]
        assert shared == alone, (lo, hi)


def test_status_runs_are_cut_only_where_no_release_can_match():
    """Cuts fall between reports that cannot be one release: dated periods that do not
    overlap, undated reports published more than a week apart."""
    from kg.status import _independent

    def report(n, published, start=None, end=None, count=10):
        return Report(f"r{n}", f"d{n}", published, count, "exact", False, start, end, start=n)

    d = DAY
    apart = [report(0, d, d, d), report(1, d + dt.timedelta(days=3), d + dt.timedelta(days=2), d + dt.timedelta(days=2))]
    assert _independent([r.terms for r in apart]) == [(0, 1), (1, 2)]
    overlapping = [report(0, d, d, d + dt.timedelta(days=5)), report(1, d + dt.timedelta(days=9), d + dt.timedelta(days=4),
                                                                   d + dt.timedelta(days=6))]
    assert _independent([r.terms for r in overlapping]) == [(0, 2)]
    undated = [report(0, d), report(1, d + dt.timedelta(days=7)), report(2, d + dt.timedelta(days=8))]
    assert _independent([r.terms for r in undated]) == [(0, 3)]
    # an undated report a week and a day after the last is on its own
    assert _independent([r.terms for r in undated[:1] + [report(3, d + dt.timedelta(days=8))]]) == [(0, 1), (1, 2)]
    # a late report of an early batch keeps an undated report of its publication week with it
    late = [report(0, d + dt.timedelta(days=30), d, d), report(1, d + dt.timedelta(days=33))]
    assert _independent([r.terms for r in late]) == [(0, 2)]


@settings(max_examples=500, deadline=None)
@given(reports(), st.lists(st.tuples(st.integers(-30, 430), st.integers(-30, 800), st.sampled_from([None, 50, 100, 400]),
                                     st.booleans()), min_size=1, max_size=6),
       st.integers(0, 450))
def test_status_commitments_judged_on_their_pairs_plan_equal_each_judged_alone(found: list[Report], terms, known_on):
    """A pair's reports planned once (kg.status.PairPlan) give every commitment on
    that pair, whatever its agreement date, horizon, target and deadline, the
    assessment the rules give it from the reports alone."""
    from kg.status import PairPlan

    as_of = DAY + dt.timedelta(days=known_on)
    ordered = sorted((r for r in found if r.published <= as_of), key=lambda r: r.order)
    plan = PairPlan(ordered)
    for since_at, until_at, target, dated in terms:
        agreed = DAY + dt.timedelta(days=since_at) if dated else None
        until = DAY + dt.timedelta(days=until_at)
        deadline = until - dt.timedelta(days=365) if target else None
        judged = dict(target=target, upper_bound=False, deadline=deadline, as_of=as_of, agreed_on=agreed, until=until)
        planned = plan.assess(**judged)
        alone = assess(reports=list(found), **judged)
        assert [[r.release for r in e.reports] for e in planned.events] == \
            [[r.release for r in e.reports] for e in alone.events], (agreed, until)
        assert (planned.status, planned.achieved, planned.share, planned.overdue, planned.late, planned.fulfilled_on,
                planned.basis, planned.last_on) == (alone.status, alone.achieved, alone.share, alone.overdue, alone.late,
                                                    alone.fulfilled_on, alone.basis, alone.last_on)
