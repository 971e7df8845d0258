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
