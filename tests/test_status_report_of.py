"""Report.of, the one-step maker pages use, gives the reports the constructor gives,
their worked-out day, order and terms included."""

from __future__ import annotations

import datetime as dt
import itertools

from kg.status import Report

DAY = dt.date(2020, 4, 8)


def test_report_of_equals_the_constructor_for_every_kind_of_report() -> None:
    dates = (None, DAY, DAY + dt.timedelta(days=3), DAY + dt.timedelta(days=40))
    for date_from, date_to, count, cumulative in itertools.product(dates, dates, (None, 0, 5, 1000), (False, True)):
        args = ("r1", "d1", DAY + dt.timedelta(days=50), count, "exact", cumulative, date_from, date_to, 4, 9, "text", None)
        made, built = Report.of(*args), Report(*args)
        assert made == built
        assert (made.when, made.order, made.terms) == (built.when, built.order, built.terms)
