"""Answers to the competency questions, as plain records.

Each function runs the packaged SPARQL (:mod:`kg.queries`) on a store and
turns the rows into dictionaries whose keys are a contract other scripts rely
on (see the README). Party and person values are readable names, not IRIs.
"""

from __future__ import annotations

import bisect
import contextlib
import datetime as dt
import gc
import hashlib
from itertools import groupby, islice
from operator import attrgetter
from typing import Any, Iterator

from kg import queries
from kg.errors import QueryError
from kg.jsontext import loads
from kg.status import (
    PAM_LABELS,
    RULES,
    Assessment,
    Outcome,
    PairPlan,
    Report,
    assess,
    batch_events,
    group_events,
    horizon,
    pam_level,
    politifact_rating,
    prediction_outcome,
)
from kg.stores.base import Store
from kg.terms import q, unwrap

__all__ = [
    "FAR_FUTURE",
    "agreements",
    "commitment_inputs",
    "commitment_readings",
    "inputs_as_of",
    "kept_readings",
    "commitments",
    "corroboration",
    "explain",
    "find_commitment",
    "history",
    "kept",
    "most_quoted",
    "named",
    "newest_publication_date",
    "publication_dates",
    "publication_days",
    "predictions",
    "release_events",
    "release_order",
    "releases",
    "run",
    "sourcing",
    "stream",
    "kept_parts",
    "statement_records",
    "statements",
    "timeline",
    "waiting",
]

FAR_FUTURE = dt.date(9999, 12, 31)
ID_BASE = "https://w3id.org/negotiation-kg/id/"
NKG = "https://w3id.org/negotiation-kg/ontology#"
ACTIONS = {"ReleaseAction": "release", "WithdrawAction": "withdraw", "CeasefireAction": "ceasefire",
           "TalksAction": "talks", "OtherAction": "other"}
QUALIFIERS = {"ExactCount": "exact", "AtLeastCount": "at_least", "AtMostCount": "at_most",
              "ApproximateCount": "approximate", "VagueCount": "vague"}
TYPES = {"Claim": "claim", "Demand": "demand", "Prediction": "prediction", "Accusation": "accusation",
         "Praise": "praise", "Denial": "denial", "Pledge": "commitment", "Announcement": "announcement",
         "Confirmation": "confirmation"}


@contextlib.contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector while an answer is built (used as a
    decorator, a fresh pause per call, so nested answers nest).

    An answer makes tens of thousands of small dictionaries, lists and
    reports, none of them in a cycle; the collector would walk them again
    and again as they pile up (a third of an as-of page at 100k articles)
    and free nothing. Reference counting still frees them; the collector is
    back on, as it was, when the answer is done. Only answers that build
    their records before they return take it: a lazy one (a generator, a
    stream of rows) would be paused while it is made, not while it is read."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _local(iri: str | None) -> str:
    return (iri or "").rsplit("#", 1)[-1]


def _iso(value: Any) -> str | None:
    return value.isoformat() if isinstance(value, dt.date) else value


def local_id(iri: str | None, kind: str) -> str | None:
    """The identifier inside an instance IRI: ``…/id/<kind>/<identifier>``."""
    if not iri:
        return None
    marker = f"/id/{kind}/"
    return iri.split(marker, 1)[1] if marker in iri else iri


def document_id(iri: str) -> str:
    return local_id(iri, "document") or iri


def run(store: Store, name: str, as_of: dt.date | None = None, **bindings: Any) -> list[dict[str, Any]]:
    """Run a packaged query (or a ``.rq`` file) with ``asOf`` and other bindings."""
    values = {"asOf": as_of or FAR_FUTURE, **{k: v for k, v in bindings.items() if v is not None}}
    return store.query(queries.load(name), values)


def stream(store: Store, name: str, as_of: dt.date | None = None, **bindings: Any) -> Iterator[dict[str, Any]]:
    """As :func:`run`, yielding the rows one at a time (what a long answer is
    made from, so that its rows and its records are not all held at once)."""
    values = {"asOf": as_of or FAR_FUTURE, **{k: v for k, v in bindings.items() if v is not None}}
    return store.rows(queries.load(name), values)


def _reports(rows: list[dict[str, Any]], made: dict[int, Report] | None = None) -> list[Report]:
    """The release reports of release-reports.rq's rows; with ``made``, each row's
    report is made once for every call that passes it (kept by the row's id:
    the caller keeps the rows while it keeps ``made``)."""
    if made is not None:
        missing = [r for r in rows if id(r) not in made]
        made.update(zip(map(id, missing), _reports(missing)))
        return [made[id(r)] for r in rows]
    qualifiers: dict[str, str] = {}  # the few qualifier IRIs, each looked up once
    return [
        Report.of(r["release"], document_id(r["document"]), r["published"], r["count"],
                  qualifiers.get(r["qualifier"]) or qualifiers.setdefault(
                      r["qualifier"], QUALIFIERS.get(_local(r["qualifier"]), "exact")),
                  bool(r["cumulative"]), r["dateFrom"], r["dateTo"], r["start"], r["end"], r["text"], r.get("source"))
        for r in rows
    ]


def _unset(row: dict[str, Any]) -> dict[str, Any]:
    """Turn the query's stand-ins for "no value" back into None."""
    out = {}
    for key, value in row.items():
        if value in ("", -1) or value == FAR_FUTURE:
            value = None
        out[key] = value
    return out


def commitment_inputs(store: Store, as_of: dt.date | None = None) -> tuple[Any, ...]:
    """What :func:`commitments` and :func:`predictions` read from the store:
    the commitments' rows, their evidence, their candidate release reports and
    their links; read once by a caller that asks both (the build's derive step)."""
    rows = [_unset(r) for r in run(store, "commitments", as_of)]
    return (rows, _evidence(run(store, "commitment-evidence", as_of)), _matching_reports(store, rows, as_of),
            _links(run(store, "commitment-links", as_of)))


def _evidence(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    evidence: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        evidence.setdefault(r["commitment"], []).append(
            {"document": document_id(r["document"]), "published": _iso(r["published"]),
             "start": r["start"], "end": r["end"], "text": r["text"]}
        )
    return evidence


def _links(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    links: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        links.setdefault(r["commitment"], []).append(r)
    return links


# ---------------------------------------------------------------------------
# Earlier dates, from every document's readings kept by the build
# ---------------------------------------------------------------------------

# What the readings hold, in the order of the lists they are kept as (one JSON
# literal; lists are a third of the size of records with keys).
READINGS = {
    "readings": ("commitment", "doc", "published", "obligor", "action", "object", "objectParty", "counterparty",
                 "target", "upperBound", "deadline", "agreement", "obligorKey", "objectPartyKey"),
    "agreements": ("agreement", "published", "label", "date"),
    "evidence": ("commitment", "document", "published", "start", "end", "text"),
    "links": ("commitment", "relation", "other", "text", "since"),
    "reports": ("release", "releaser", "people", "document", "published", "count", "qualifier", "cumulative",
                "dateFrom", "dateTo", "start", "end", "text", "source"),
}
_DATES = {"published", "deadline", "date", "since", "dateFrom", "dateTo"}


def commitment_readings(store: Store) -> dict[str, list[dict[str, Any]]]:
    """Everything :func:`commitment_inputs` computes from, for any date, read
    once from every document: each document's reading of each commitment's
    terms and of each agreement's name and date (before they are aggregated),
    the commitments' evidence, their links with the first date that gives
    each, and the release reports of the (releaser, people) pairs some
    commitment can be matched on. :func:`inputs_as_of` turns them into the
    inputs as of a date, equal to what the queries give for that date. Each
    part is sorted so that one commitment's rows (one agreement's, one pair's
    reports in date order) lie together: :func:`commitment_index` gives them
    as ranges."""
    readings = run(store, "commitment-readings")
    pairs = {(r["obligorKey"], r["objectPartyKey"]) for r in readings}
    return sort_readings({
        "readings": readings,
        "agreements": run(store, "agreement-readings"),
        "evidence": run(store, "commitment-evidence"),
        "links": run(store, "commitment-links"),
        "reports": [r for r in run(store, "release-reports") if (r["releaser"], r["people"] or "") in pairs],
    })


def sort_readings(readings: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The readings in the order :func:`commitment_index` needs: by commitment
    (agreement; releaser, people and date for the reports), the given order
    kept within each."""
    by = lambda field: lambda r: r[field]  # noqa: E731
    return {
        "readings": sorted(readings["readings"], key=by("commitment")),
        "agreements": sorted(readings["agreements"], key=by("agreement")),
        "evidence": sorted(readings["evidence"], key=by("commitment")),
        "links": sorted(readings["links"], key=by("commitment")),
        "reports": sorted(readings["reports"], key=lambda r: (r["releaser"], r["people"] or "", *_report_order(r))),
    }


def pack_readings(readings: dict[str, list[dict[str, Any]]]) -> dict[str, list[list[Any]]]:
    """The readings as JSON-ready lists (dates as ISO text), for keeping."""
    return {part: [[_iso(r[f]) for f in fields] for r in readings[part]] for part, fields in READINGS.items()}


def _row_maker(fields: tuple[str, ...]) -> Any:
    """A function that makes one part's row (a dictionary, its days parsed)
    from its packed values, leaving them as they are.

    The function is one dictionary display written for the part's fields
    (as :func:`collections.namedtuple` writes its class): a page of
    commitments on an earlier day unpacks some 15,000 rows, and building each
    row in one step takes less than half the time of zipping the fields and
    then parsing the days one by one.
    """
    items = ", ".join(
        f"{name!r}: " + (f"(None if v[{i}] is None else _parse(v[{i}]))" if name in _DATES else f"v[{i}]")
        for i, name in enumerate(fields))
    namespace: dict[str, Any] = {"_parse": dt.date.fromisoformat}
    exec(f"def make(v):\n    return {{{items}}}\n", namespace)  # noqa: S102 (the text is made from the field names above)
    return namespace["make"]


_ROW_MAKERS = {part: _row_maker(fields) for part, fields in READINGS.items()}


def unpack_readings(packed: dict[str, list[list[Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The readings back from :func:`pack_readings` (the packed rows are left as they are)."""
    return {part: list(map(_ROW_MAKERS[part], packed[part])) for part in READINGS}


def _agreement_terms(agreements: list[dict[str, Any]], day: dt.date) -> tuple[dict[str, str], dict[str, dt.date]]:
    """Each agreement's name (the largest) and date (the earliest) in the documents published by ``day``."""
    names: dict[str, str] = {}
    dates: dict[str, dt.date] = {}
    for a in agreements:
        if a["published"] > day:
            continue
        if a["label"] is not None:
            names[a["agreement"]] = max(names.get(a["agreement"], a["label"]), a["label"])
        if a["date"] is not None:
            dates[a["agreement"]] = min(dates.get(a["agreement"], a["date"]), a["date"])
    return names, dates


def _aggregate(iri: str, rs: list[dict[str, Any]], names: dict[str, str], dates: dict[str, dt.date]) -> dict[str, Any]:
    """One commitment's row as commitments.rq aggregates its documents' readings ``rs``."""
    return _unset({
        "commitment": iri,
        "obligor": max(r["obligor"] for r in rs), "action": min(r["action"] for r in rs),
        "object": max(r["object"] for r in rs), "objectParty": max(r["objectParty"] for r in rs),
        "counterparty": max(r["counterparty"] for r in rs), "target": max(r["target"] for r in rs),
        "upperBound": max(r["upperBound"] for r in rs),
        "deadline": min(r["deadline"] or FAR_FUTURE for r in rs),
        "agreement": max(r["agreement"] for r in rs),
        "agreementName": max(names.get(r["agreement"], "") for r in rs),
        "agreedOn": min(dates.get(r["agreement"], FAR_FUTURE) for r in rs),
        "documents": len({r["doc"] for r in rs}), "firstReported": min(r["published"] for r in rs),
        "obligorKey": min(r["obligorKey"] for r in rs), "objectPartyKey": min(r["objectPartyKey"] for r in rs),
    })


def inputs_as_of(readings: dict[str, list[dict[str, Any]]], day: dt.date,
                 made: dict[int, Report] | None = None) -> tuple[Any, ...]:
    """The inputs of :func:`commitments` as of ``day``, from the readings: the
    aggregation commitments.rq makes (largest name, earliest deadline, ...)
    over the documents published by then, and the evidence, links and
    reports of those documents."""
    names, dates = _agreement_terms(readings["agreements"], day)
    by_commitment: dict[str, list[dict[str, Any]]] = {}
    for r in readings["readings"]:
        if r["published"] <= day:
            by_commitment.setdefault(r["commitment"], []).append(r)
    rows = [_aggregate(iri, by_commitment[iri], names, dates) for iri in sorted(by_commitment)]
    evidence = _evidence([r for r in readings["evidence"] if r["published"] <= day])
    links = _links([r for r in readings["links"] if r["since"] <= day])
    reports = _matching(rows, [r for r in readings["reports"] if r["published"] <= day], made)
    return rows, evidence, reports, links


def _report_when(r: dict[str, Any]) -> dt.date:
    """A release report row's :attr:`kg.status.Report.when`."""
    return r["dateTo"] or r["dateFrom"] or r["published"]


def _report_order(r: dict[str, Any]) -> tuple[Any, ...]:
    return _report_when(r), r["published"], r["document"], r["start"]


def commitment_index(readings: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Where each commitment's part of the readings lies: for each part, the
    ranges of rows (``[start, end)``, in the order :func:`commitment_readings`
    sorts them) that :func:`inputs_as_of` needs to give its record as of any
    date, equal to the record from all of them; and the day it is first
    reported (``known_from``), before which it is not in any answer.

    Besides its own readings, agreements, evidence and links, a commitment
    needs only the release reports its answer can reach on some date: those of
    the (obligor, people) pair it is matched on that happened between the
    earliest agreement date and the latest horizon it has on any day, and the
    first-published dated report from before that agreement date (what rule 1's
    "nothing freed before" test and the record's ``known_as_of`` see). Those
    bounds move as documents add terms, so they are taken over every day its
    terms change. A question about a few commitments on an earlier date then
    reads their rows, not every document's readings (:func:`kept_slices`).
    """
    def spans(rows: list[dict[str, Any]], field: str) -> dict[Any, list[int]]:
        out: dict[Any, list[int]] = {}
        for i, r in enumerate(rows):
            out.setdefault(r[field], [i, i])[1] = i + 1
        return out

    own = {part: spans(readings[part], "commitment") for part in ("readings", "evidence", "links")}
    agreements = spans(readings["agreements"], "agreement")
    reports = readings["reports"]
    pairs: dict[tuple[str, str], list[int]] = {}
    for i, r in enumerate(reports):
        pairs.setdefault((r["releaser"], r["people"] or ""), [i, i])[1] = i + 1
    index: dict[str, dict[str, Any]] = {}
    for iri, (start, end) in own["readings"].items():
        mine = readings["readings"][start:end]
        names = sorted({r["agreement"] for r in mine} & agreements.keys())
        ranges = [agreements[name] for name in names]
        report_ranges: list[list[int]] = []
        for key, (lower, upper) in sorted(_windows(mine, [a for lo, hi in ranges
                                                          for a in readings["agreements"][lo:hi]]).items()):
            if key not in pairs:
                continue
            first, last = pairs[key]
            lo = bisect.bisect_left(reports, lower, first, last, key=_report_when) if lower is not None else first
            hi = bisect.bisect_right(reports, upper, first, last, key=_report_when)
            dated = [i for i in range(first, lo) if reports[i]["dateFrom"] or reports[i]["dateTo"]]
            if dated:
                prior = min(dated, key=lambda i: (reports[i]["published"], *_report_order(reports[i])))
                report_ranges.append([prior, prior + 1])
            if lo < hi:
                report_ranges.append([lo, hi])
        index[iri] = {"readings": [[start, end]], "agreements": ranges,
                      "evidence": [own["evidence"][iri]] if iri in own["evidence"] else [],
                      "links": [own["links"][iri]] if iri in own["links"] else [],
                      "reports": report_ranges, "known_from": min(r["published"] for r in mine).isoformat()}
    return index


def slice_of(readings: dict[str, list[dict[str, Any]]], ranges: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """One commitment's part of the readings, from its :func:`commitment_index` entry."""
    return {part: [r for lo, hi in ranges[part] for r in readings[part][lo:hi]] for part in READINGS}


def commitment_slices(readings: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Every commitment's part of the readings (:func:`slice_of`), by IRI."""
    return {iri: slice_of(readings, ranges) for iri, ranges in sorted(commitment_index(readings).items())}


def _windows(mine: list[dict[str, Any]], agreements: list[dict[str, Any]]
             ) -> dict[tuple[str, str], tuple[dt.date | None, dt.date]]:
    """For each pair a commitment is matched on on some day, the widest span
    of release dates its answer reaches on those days: the earliest agreement
    date (None when some day has none: every earlier release counts) and the
    latest horizon (or agreement date, when it is later: reports before the
    agreement are looked at). The rows are those :func:`inputs_as_of` makes."""
    first = min(r["published"] for r in mine)
    windows: dict[tuple[str, str], tuple[dt.date | None, dt.date]] = {}
    for day in sorted({r["published"] for r in mine} | {a["published"] for a in agreements}):
        if day < first:
            continue
        row = _aggregate("", [r for r in mine if r["published"] <= day], *_agreement_terms(agreements, day))
        since = row["agreedOn"]
        until = horizon(row["deadline"], since, row["firstReported"])
        if since is not None and since > until:
            until = since
        key = (row["obligorKey"] or "", row["objectPartyKey"] or "")
        lower, upper = windows.get(key, (since, until))
        windows[key] = (None if lower is None or since is None else min(lower, since), max(upper, until))
    return windows


def kept_readings(store: Store) -> dict[str, list[dict[str, Any]]] | None:
    """The documents' readings the build kept (None for a store without them),
    put back together from their pieces (``…/<part>/<n>``, see kg.build)."""
    rows = store.query(queries.load("readings"))
    if not rows:
        return None
    pieces: dict[str, list[tuple[int, list[list[Any]]]]] = {part: [] for part in READINGS}
    for r in rows:
        part, n = r["node"].rsplit("/", 2)[-2:]
        if part in pieces:
            pieces[part].append((int(n), loads(r["record"])))
    return unpack_readings({part: [row for _, chunk in sorted(found) for row in chunk]
                            for part, found in pieces.items()})


READINGS_INDEX = f"{ID_BASE}view/commitment-readings/index"


def kept_index(store: Store) -> tuple[dt.date, dict[str, Any]] | None:
    """The index of the kept readings (see :func:`commitment_index`) with the
    day they are as of, the size of their pieces and where each commitment's
    rows lie; None for a store without one."""
    rows = store.query(queries.load("readings-pieces"), {"node": [READINGS_INDEX]})
    return (rows[0]["day"], loads(rows[0]["record"])) if rows else None


def _kept_rows(store: Store, commitments: list[str], kept: tuple[dt.date, dict[str, Any]] | None
               ) -> tuple[dict[str, Any], dict[str, dict[int, list[Any]]]] | None:
    """The index entries of the commitments (IRIs) the kept readings hold, and
    the packed rows of the pieces that hold their rows, by part and position;
    None for a store without an index."""
    kept = kept or kept_index(store)
    if kept is None:
        return None
    day, index = kept
    size, where = index["chunk"], index["commitments"]
    wanted = {iri: where[iri] for iri in dict.fromkeys(commitments) if iri in where}
    pieces = sorted({(part, n) for ranges in wanted.values() for part in READINGS for lo, hi in ranges[part]
                     for n in range(lo // size, (hi - 1) // size + 1)})
    nodes = [f"{ID_BASE}view/commitment-readings/{day.isoformat()}/{part}/{n}" for part, n in pieces]
    rows: dict[str, dict[int, list[Any]]] = {part: {} for part in READINGS}
    for at in range(0, len(nodes), DETAILS_AT_ONCE):
        for r in store.query(queries.load("readings-pieces"), {"node": nodes[at:at + DETAILS_AT_ONCE]}):
            part, n = r["node"].rsplit("/", 2)[-2:]
            rows[part].update(enumerate(loads(r["record"]), int(n) * size))
    return wanted, rows


def kept_slices(store: Store, commitments: list[str],
                kept: tuple[dt.date, dict[str, Any]] | None = None) -> dict[str, dict[str, list[dict[str, Any]]]] | None:
    """The parts of the kept readings the commitments (IRIs) need (see
    :func:`slice_of`), read from only the pieces that hold their rows; None
    for a store without an index. A commitment the readings do not hold is
    left out."""
    found = _kept_rows(store, commitments, kept)
    if found is None:
        return None
    wanted, rows = found
    return {iri: unpack_readings({part: [rows[part][i] for lo, hi in ranges[part] for i in range(lo, hi)]
                                  for part in READINGS})
            for iri, ranges in wanted.items()}


def kept_union(store: Store, commitments: list[str],
               kept: tuple[dt.date, dict[str, Any]] | None = None) -> dict[str, list[dict[str, Any]]] | None:
    """The union of the parts of the kept readings the commitments (IRIs)
    need, each row once and in the readings' order; None for a store without
    an index.

    :func:`inputs_as_of` gives each of them the record its own part gives: a
    row another commitment brings along is one of the whole readings, and
    its part already holds every row its answer can reach (what
    :func:`commitment_index` guarantees), so the extra rows change nothing,
    while the rows the commitments share (their pair's reports, their
    agreement's terms) are unpacked and judged once instead of once each.
    """
    found = _kept_rows(store, commitments, kept)
    if found is None:
        return None
    wanted, rows = found
    return unpack_readings({part: [rows[part][i] for i in at]
                            for part, at in union_positions(list(wanted.values())).items()})


def union_positions(entries: list[dict[str, Any]]) -> dict[str, list[int]]:
    """The rows of each part that any of the :func:`commitment_index` entries
    covers, each once, in order."""
    out: dict[str, list[int]] = {}
    for part in READINGS:
        at: list[int] = []
        end = 0  # the ranges in order, each taken from where the ones before it end (many commitments share theirs)
        for lo, hi in sorted({(lo, hi) for ranges in entries for lo, hi in ranges[part]}):
            if hi > end:
                at.extend(range(max(lo, end), hi))
                end = hi
        out[part] = at
    return out


def _inputs(store: Store, as_of: dt.date | None, cached: bool) -> tuple[Any, ...]:
    """The inputs as of a date: from the kept readings when there are some
    (and ``cached``), else from the queries."""
    if cached and as_of is not None:
        readings = kept_readings(store)
        if readings is not None:
            return inputs_as_of(readings, as_of)
    return commitment_inputs(store, as_of)


def _matching_reports(store: Store, rows: list[dict[str, Any]], as_of: dt.date | None) -> dict[str, list[Report]]:
    return _matching(rows, run(store, "release-reports", as_of))


_ORDER = attrgetter("order")


class Matched(dict):
    """Each commitment's candidate release reports, by its IRI (what
    :func:`_matching` gives), with :attr:`pairs`: the reports of each
    (releaser, people) pair they were taken from, in date order."""

    pairs: dict[tuple[str, str], list[Report]]


def _matching(rows: list[dict[str, Any]], rows_read: list[dict[str, Any]],
              made: dict[int, Report] | None = None) -> Matched:
    """Each commitment's candidate release reports (rule 1 of :mod:`kg.status`)
    among the rows of release-reports.rq.

    The releases are read once and indexed by (releaser, people) in date
    order; each commitment takes the reports of its (obligor, object party)
    between its agreement and its horizon, plus the first-published report
    of a release from before the agreement (what rule 1's "nothing freed
    before" test needs). The work grows with the reports inside each
    commitment's window, not with the whole corpus.
    """
    by_pair: dict[tuple[str, str], list[Report]] = {}
    for row, report in zip(rows_read, _reports(rows_read, made)):
        by_pair.setdefault((row["releaser"], row["people"] or ""), []).append(report)
    whens: dict[tuple[str, str], list[dt.date]] = {}
    first_known: dict[tuple[str, str], list[Report | None]] = {}  # [i]: the first-published dated report of [:i]
    for key, reports in by_pair.items():
        reports.sort(key=_ORDER)  # (when, published, document, start), made with the report
        whens[key] = [r.when for r in reports]
        best: Report | None = None
        firsts: list[Report | None] = [None]
        for r in reports:
            if (r.date_from or r.date_to) and (best is None or (r.published, r.when, r.document, r.start)
                                               < (best.published, best.when, best.document, best.start)):
                best = r
            firsts.append(best)
        first_known[key] = firsts
    out = Matched()
    out.pairs = by_pair
    for row in rows:
        key = (row["obligorKey"] or "", row["objectPartyKey"] or "")
        reports = by_pair.get(key)
        if not reports:
            continue
        since = row["agreedOn"]
        until = horizon(row["deadline"], since, row["firstReported"])
        lo = bisect.bisect_left(whens[key], since) if since else 0
        hi = bisect.bisect_right(whens[key], until) if until else len(reports)
        before = first_known[key][lo]
        out[row["commitment"]] = [before, *reports[lo:hi]] if before is not None else reports[lo:hi]
    return out


def _release_evidence(r: Report) -> dict[str, Any]:
    """A release report as a commitment's evidence."""
    return {"document": r.document, "published": r.published.isoformat(), "start": r.start, "end": r.end,
            "text": r.text, "release": r.release, "count": r.count, "cumulative": r.cumulative,
            "date_from": _iso(r.date_from), "date_to": _iso(r.date_to), "source": r.source}


def _events_evidence(events: tuple[Any, ...], memo: dict[Any, Any] | None) -> list[dict[str, Any]]:
    """The evidence of every report of the events, in order; with a ``memo`` of
    reports judged together, each report's made once and shared by the
    records that cite it (records are read, never changed in place)."""
    if memo is None:
        return [_release_evidence(r) for event in events for r in event.reports]
    made = memo.setdefault("evidence", {})
    out = []
    for event in events:
        for r in event.reports:
            known = made.get(id(r))
            if known is None:
                known = made[id(r)] = _release_evidence(r)
            out.append(known)
    return out


def _commitment_record(row, evidence, reports, links, day: dt.date, knowledge: dt.date | None,
                       with_evidence: bool = True, memo: dict[Any, Any] | None = None,
                       plan: PairPlan | None = None, brief: bool = False) -> dict[str, Any]:
    iri = row["commitment"]
    target = row["target"]
    upper = bool(row["upperBound"])
    until = horizon(row["deadline"], row["agreedOn"], row["firstReported"])
    if plan is not None:  # the reports of its pair judged on that day, shared with the others judged with it
        assessment = plan.assess(target=target, upper_bound=upper, deadline=row["deadline"], as_of=day,
                                 agreed_on=row["agreedOn"], until=until)
    else:
        assessment = assess(target=target, upper_bound=upper, deadline=row["deadline"], reports=reports, as_of=day,
                            agreed_on=row["agreedOn"], until=until,
                            memo=memo, in_order=True)  # _matching gives each commitment's reports in date order
    release_evidence = _events_evidence(assessment.events, memo) if with_evidence else []
    disagreements = [] if brief else [
        {"figures": {str(k): v for k, v in sorted(e.figures.items())}, "used": e.count}
        for e in assessment.events if len(e.reports) > 1 and len(e.figures) > 1  # one report gives one figure
    ]

    related = [] if brief else [
        {"relation": link["relation"], "commitment": local_id(link["other"], "commitment"), "text": link["text"]}
        for link in links
    ]
    return {
        "id": local_id(iri, "commitment"),
        "obligor": row["obligor"],
        "action": ACTIONS.get(_local(row["action"]), _local(row["action"])),
        "object": row["object"],
        "counterparty": row["counterparty"],
        "target_count": target,
        "upper_bound": upper,
        "deadline": _iso(row["deadline"]),
        "agreement": row["agreementName"],
        "agreement_id": local_id(row["agreement"], "agreement"),
        "agreed_on": _iso(row["agreedOn"]),
        "achieved": assessment.achieved,
        "share": assessment.share,
        "status": assessment.status,
        "overdue": assessment.overdue,
        "late": assessment.late,
        "fulfilled_on": _iso(assessment.fulfilled_on),
        "pam": pam_level(assessment),
        "politifact": politifact_rating(assessment, upper),
        "as_of": day.isoformat(),
        "known_as_of": _iso(knowledge) if knowledge else None,
        "known_from": _iso(row["firstReported"]),
        "last_event_on": _iso(assessment.last_on),
        "rule": RULES,
        "basis": assessment.basis,
        "disagreements": disagreements,
        "related": related,
        **({"evidence": evidence + release_evidence} if with_evidence else {}),
    }


@_without_cycle_collection()
def commitments(store: Store, as_of: dt.date | None = None, *, cached: bool = True,
                inputs: Any = None, evidence: bool = True, limit: int | None = None,
                offset: int = 0) -> list[dict[str, Any]]:
    """Competency questions 1 and 2: every commitment with its status and evidence.

    Two clocks: ``as_of`` is the knowledge date (only documents published on
    or before it count) and the day statuses are judged on; ``fulfilled_on``
    and ``last_event_on`` say when things happened; ``known_as_of`` is the
    latest publication date of the documents used.

    For a date on or after the newest article (or none: today) the records
    the build kept (:func:`kept`) are read and judged on that day, which
    gives the same answer without recomputing it. An earlier date is computed
    from the documents' readings the build kept (:func:`inputs_as_of`): one
    read instead of a pass over every document. ``cached=False`` always
    recomputes with the queries (from ``inputs`` when the caller has read them
    already with :func:`commitment_inputs` for the same ``as_of``). With ``evidence=False``
    the records come without their ``evidence`` list (what a table shows),
    read from one kept literal instead of one per commitment. ``offset`` and
    ``limit`` page through the answer in the order of the ids; a page of
    kept records with their evidence reads only that page's records.
    """
    day = as_of or dt.date.today()
    end = offset + limit if limit is not None else None
    # The kept records answer on and after the day they are as of; an earlier
    # date is computed, and nothing kept is read for it.
    kept_day = _kept_day(store, "commitment-summaries") if cached else None
    use_kept = kept_day is not None and (as_of is None or as_of >= kept_day)
    paged = evidence and (limit is not None or offset > 0)
    # (the views of one build share its day, found above: read them without asking for it again)
    summaries = _kept_view(store, "commitment-summaries", None) if use_kept and not paged else None
    if summaries is not None and not evidence:
        return sorted((_judged_on(r, day) for r in summaries), key=lambda r: r["id"])[offset:end]
    every = _kept_view(store, "commitment-ids", None) if use_kept and paged else None
    if every is not None:
        ids = every[offset:end]
        if not ids:
            return []
        iris = [f"{ID_BASE}commitment/{i}" for i in ids]
        found = {local_id(r["commitment"], "commitment"): r  # 100 at a time, as _statement_details
                 for at in range(0, len(iris), DETAILS_AT_ONCE)
                 for r in store.query(queries.load("kept-commitments"), {"commitment": iris[at:at + DETAILS_AT_ONCE]})}
        if len(found) == len(ids) and all(found[i]["day"] <= day for i in ids):
            return [_judged_on(loads(found[i]["record"]), day) for i in ids]
    if cached and as_of is not None and not use_kept and (limit is not None or offset > 0):
        page = _page_as_of(store, as_of, offset, end, evidence)
        if page is not None:
            return page
    if use_kept:
        kept_records = kept(store, "StatusAssessment")
        if kept_records is not None and (as_of is None or as_of >= kept_records[0]):
            records = sorted((_judged_on(r, day) for r in kept_records[1]), key=lambda r: r["id"])[offset:end]
            return records if evidence else [{k: v for k, v in c.items() if k != "evidence"} for c in records]
    return sorted(_records(inputs or _inputs(store, as_of, cached), day, evidence), key=lambda r: r["id"])[offset:end]


def _page_as_of(store: Store, day: dt.date, offset: int, end: int | None,
                evidence: bool) -> list[dict[str, Any]] | None:
    """A page of the commitments known on an earlier ``day``, in the order of
    their ids, from only their parts of the kept readings; None for a store
    without them."""
    index = kept_index(store)
    if index is None:
        return None
    known = sorted((local_id(iri, "commitment"), iri) for iri, ranges in index[1]["commitments"].items()
                   if dt.date.fromisoformat(ranges["known_from"]) <= day)[offset:end]
    union = kept_union(store, [iri for _, iri in known], index)
    if union is None:
        return None
    return sorted(_records(inputs_as_of(union, day), day, evidence), key=lambda r: r["id"])


def _records(inputs: tuple[Any, ...], day: dt.date, with_evidence: bool = True,
             memo: dict[Any, Any] | None = None, brief: bool = False) -> list[dict[str, Any]]:
    """Every commitment's record judged on ``day`` from its inputs (without
    the ``evidence`` list unless ``with_evidence``; ``brief``: with empty
    ``disagreements`` and ``related``, for a caller that reads neither)."""
    rows, evidence, reports, links = inputs
    # several commitments judged together share their pairs' reports: each pair's are grouped into events
    # once (kg.status.PairPlan); one alone shares nothing, unless the caller judges it on several days
    # from the same reports (its timeline, with the runs memo of kg.status.group_events)
    plans: dict[tuple[str, str], PairPlan] = {}
    if memo is None and len(rows) > 1:
        memo = {}
        plans = _pair_plans(rows, reports, day)
    out = []
    for row in rows:
        iri = row["commitment"]
        ev = evidence.get(iri, [])
        mine = reports.get(iri, [])
        dates = [dt.date.fromisoformat(e["published"]) for e in ev] + [r.published for r in mine]
        out.append(_commitment_record(row, ev, mine, links.get(iri, []), day, max(dates) if dates else None,
                                      with_evidence, memo, plans.get(_pair(row)), brief))
    return out


def _pair(row: dict[str, Any]) -> tuple[str, str]:
    """The (releaser, people) pair a commitment's reports are matched on (as :func:`_matching`)."""
    return row["obligorKey"] or "", row["objectPartyKey"] or ""


def _pair_plans(rows: list[dict[str, Any]], reports: dict[str, list[Report]], day: dt.date
                ) -> dict[tuple[str, str], PairPlan]:
    """For each pair the commitments are matched on, its reports known on
    ``day``, in date order, planned once (none when ``reports`` does not say
    which pairs they were taken from: each commitment is then judged alone).

    Each commitment's reports are its pair's between two dates, and the first
    published dated one before them (:func:`_matching`): so the reports of its
    window are a stretch of its pair's, and it has one before them exactly
    when its pair has a dated report before the stretch (what
    :meth:`kg.status.PairPlan.assess` reads)."""
    pairs = getattr(reports, "pairs", None)
    if pairs is None:
        return {}
    return {key: PairPlan([r for r in pairs[key] if r.published <= day])
            for key in {_pair(row) for row in rows} if key in pairs}


def kept(store: Store, kind: str, name: str | None = None) -> tuple[dt.date, list[Any]] | None:
    """The answers of ``kind`` (and view ``name``) the build kept, with the
    date they are as of; None when the store holds none (built before views
    existed, or empty)."""
    if name is not None:
        rows = store.query(queries.load("view"), {"name": name}) if kind == "DerivedView" else []
    else:
        rows = store.query(queries.load("views"), {"kind": f"{NKG}{kind}"})
    if not rows:
        return None
    day = max(r["day"] for r in rows)
    return day, [loads(r["record"]) for r in rows if r["day"] == day]


def _kept_day(store: Store, name: str) -> dt.date | None:
    """The day the kept view ``name`` is as of (None when there is none), read
    without the view itself."""
    rows = store.query(queries.load("view-day"), {"name": name})
    return rows[0]["day"] if rows else None


def _kept_view(store: Store, name: str, as_of: dt.date | None) -> list[Any] | None:
    """The records of the view ``name`` the build kept, when they answer for
    ``as_of`` (none given, or on or after the day they are as of); else None,
    found before the view itself is read."""
    if as_of is not None:
        day = _kept_day(store, name)
        if day is None or as_of < day:
            return None
    view = kept(store, "DerivedView", name)
    if view is not None and view[1] and (as_of is None or as_of >= view[0]):
        return view[1][0]
    return None


# what :func:`_judged_on` reads of a record
JUDGED_FROM = ("deadline", "status", "achieved", "share", "late", "basis", "upper_bound")


def _judged_on(record: dict[str, Any], day: dt.date) -> dict[str, Any]:
    """A kept commitment record judged on ``day`` instead of the day it was kept."""
    overdue = bool(record["deadline"] and day.isoformat() > record["deadline"] and record["status"] != "fulfilled")
    judged = Assessment(record["status"], record["achieved"], record["share"], overdue, record["late"], None, (),
                        record["basis"])
    return {**record, "as_of": day.isoformat(), "overdue": overdue,
            "politifact": politifact_rating(judged, record["upper_bound"])}


@_without_cycle_collection()
def history(store: Store, days: list[dt.date], only: str | None = None,
            fields: tuple[str, ...] | None = None) -> dict[dt.date, list[dict[str, Any]]]:
    """Every commitment's record (or the one whose id is ``only``) as of each
    of ``days``, equal to calling :func:`commitments` once per day, from one
    read of the documents' readings (kept by the build, else queried). With
    ``fields`` (for ``only``), each record holds only those keys (and its id),
    and no evidence is gathered unless they name it."""
    if only is None:
        readings = kept_readings(store) or commitment_readings(store)
        return {day: _records(inputs_as_of(readings, day), day) for day in sorted(set(days))}
    iri = f"{ID_BASE}commitment/{only}"
    slices = kept_slices(store, [iri])
    if slices is None:  # a store without kept readings: every document's, then this commitment's part
        slices = commitment_slices(commitment_readings(store))
    return _history_of(slices.get(iri, _EMPTY), days, fields)


_EMPTY: dict[str, list[dict[str, Any]]] = {part: [] for part in READINGS}


def _history_of(mine: dict[str, list[dict[str, Any]]], days: list[dt.date],
                fields: tuple[str, ...] | None = None) -> dict[dt.date, list[dict[str, Any]]]:
    """One commitment's records (a list of one, or none before it is known)
    as of each of ``days``, from its part of the readings. Its inputs change
    only on the days a document adds to them; on the days between, the record
    of the last such day is judged again (what :func:`_judged_on` does), cut
    to ``fields`` first when they are given."""
    keep = None if fields is None else {"id", *fields, *JUDGED_FROM}
    with_evidence = keep is None or "evidence" in keep
    brief = keep is not None and not keep & {"disagreements", "related"}
    changes = sorted({r["published"] for part in ("readings", "agreements", "evidence", "reports")
                      for r in mine[part]} | {k["since"] for k in mine["links"]})
    computed: dict[dt.date, list[dict[str, Any]]] = {}
    out = {}
    made: dict[int, Report] = {}  # one report per row, and the events of its runs, for every day
    memo: dict[Any, Any] = {}
    for day in sorted(set(days)):
        at = bisect.bisect_right(changes, day)
        if at == 0:
            out[day] = []
            continue
        change = changes[at - 1]
        if change not in computed:
            records = _records(inputs_as_of(mine, change, made), change, with_evidence, memo=memo, brief=brief)
            computed[change] = records if keep is None else [{k: r[k] for k in keep} for r in records]
        out[day] = [_judged_on(r, day) for r in computed[change]]
    return out


def _find(records: list[dict[str, Any]], commitment: str) -> dict[str, Any]:
    exact = [c for c in records if c["id"] == commitment]
    if exact:
        return exact[0]
    partial = [c for c in records if commitment.lower() in c["id"].lower()]
    if len(partial) == 1:
        return partial[0]
    shown = [c["id"] for c in (partial or records)][:KNOWN_SHOWN]
    rest = len(partial or records) - len(shown)
    known = ", ".join(shown) + (f", and {rest} more" if rest else "") if shown else "none"
    what = "matches several" if partial else "matches no"
    listed = "matching" if partial else "known"
    raise QueryError(f"commitment {commitment!r} {what} commitment; {listed}: {known}")


# how many ids an error about a commitment names (a large store holds thousands)
KNOWN_SHOWN = 10


def publication_dates(store: Store) -> list[dt.date]:
    """Every publication day in the store, oldest first."""
    return sorted(r["published"] for r in run(store, "publication-dates"))


def newest_publication_date(store: Store) -> dt.date | None:
    """The newest publication day in the store (None for an empty store)."""
    rows = run(store, "newest-publication")
    return rows[0].get("newest") if rows else None


@_without_cycle_collection()
def timeline(store: Store, commitment: str) -> list[dict[str, Any]]:
    """A commitment's status at every publication date since it was first reported."""
    rows = []
    target = find_commitment(store, commitment)
    for day, records in history(store, publication_days(store), only=target["id"], fields=TIMELINE_FIELDS).items():
        known = [c for c in records if c["id"] == target["id"]]
        if not known:
            continue
        c = known[0]
        rows.append({k: c[k] for k in TIMELINE_FIELDS})
    return rows


# what a commitment's timeline tells of it on each day
TIMELINE_FIELDS = ("as_of", "known_as_of", "achieved", "target_count", "share", "status", "overdue", "late",
                   "fulfilled_on", "last_event_on", "pam", "politifact")


@_without_cycle_collection()
def find_commitment(store: Store, commitment: str, as_of: dt.date | None = None) -> dict[str, Any]:
    """One commitment's record, by its id (or a part of it that names one).

    An exact id on or after the newest article reads the one record the build
    kept, through an index; on an earlier day, its part of the kept readings
    (:func:`kept_slices`): the cost does not grow with the corpus.
    """
    if not commitment.startswith("http"):
        iri = f"{ID_BASE}commitment/{commitment}"
        rows = store.query(queries.load("kept-commitment"), {"commitment": iri})
        if rows and (as_of is None or as_of >= rows[0]["day"]):
            return _judged_on(loads(rows[0]["record"]), as_of or dt.date.today())
        if rows and as_of is not None:
            # an earlier day: from this commitment's part of the kept readings
            slices = kept_slices(store, [iri])
            records = _records(inputs_as_of(slices[iri], as_of), as_of) if slices and iri in slices else []
            if records:
                return records[0]
    return _find(commitments(store, as_of), commitment)


@_without_cycle_collection()
def explain(store: Store, commitment: str, as_of: dt.date | None = None) -> str:
    """The reasoning behind a commitment's status, in words an analyst can check."""
    c = find_commitment(store, commitment, as_of)
    lines = [
        f"{c['obligor']} owes: {c['action']} {'up to ' if c['upper_bound'] else ''}{c['target_count'] or ''} {c['object']}"
        + (f" to {c['counterparty']}" if c["counterparty"] else ""),
        f"  under {c['agreement'] or 'no recorded agreement'}" + (f" ({c['agreed_on']})" if c["agreed_on"] else "")
        + (f", deadline {c['deadline']}" if c["deadline"] else ", no deadline"),
        f"As of {c['as_of']} (documents published on or before it; latest used {c['known_as_of']}):",
        f"  status {c['status']}, achieved {c['achieved']}"
        + (f" of {c['target_count']} ({c['share']:.0%})" if c["target_count"] else "")
        + (", overdue" if c["overdue"] else "") + (f", fulfilled late on {c['fulfilled_on']}" if c["late"] else "")
        + (f", fulfilled on {c['fulfilled_on']}" if c["fulfilled_on"] and not c["late"] else ""),
        f"  Peace Accords Matrix {c['pam']} ({PAM_LABELS[c['pam']]}); {c['politifact']}",
        f"Rule: {c['rule']}.",
        f"Figure used: {c['basis']}.",
    ]
    for d in c["disagreements"]:
        figures = "; ".join(f"{k} per {', '.join(v)}" for k, v in d["figures"].items())
        lines.append(f"Sources disagree on one release ({figures}); used {d['used']} (most reports, then the lower).")
    for rel in c["related"]:
        target = rel["commitment"] or rel["text"]
        lines.append(f"Related: {rel['relation']} {target}")
    lines.append("Evidence:")
    for e in c["evidence"]:
        kind = ""
        if "count" in e:
            kind = f" [{'running total' if e['cumulative'] else 'batch'} {e['count'] if e['count'] is not None else '(no figure)'}"
            kind += f", {e['date_from']}..{e['date_to']}" if e.get("date_from") else ""
            kind += f", per {e['source']}" if e.get("source") else ""
            kind += "]"
        lines.append(f"  {e['document']} ({e['published']}) {e['start']}-{e['end']}{kind}: \"{e['text']}\"")
    return "\n".join(lines)


@_without_cycle_collection()
def waiting(store: Store, as_of: dt.date | None = None) -> list[dict[str, Any]]:
    """Who is waiting on whom: reciprocal commitments still owed, and conditions.

    For a commitment reciprocal to another ("in exchange for"), its obligor
    waits on the other's obligor while the other is not fulfilled; a condition
    ("before talks begin") is listed as such, with its words.
    """
    records = commitments(store, as_of)
    by_id = {c["id"]: c for c in records}
    out = []
    for c in records:
        for rel in c["related"]:
            if rel["relation"] == "reciprocalTo" and rel["commitment"] in by_id:
                other = by_id[rel["commitment"]]
                out.append({"waiting": c["obligor"], "on": other["obligor"], "for": other["id"],
                            "owed": f"{other['action']} {other['target_count'] or ''} {other['object']}".replace("  ", " "),
                            "status": other["status"], "still_waiting": other["status"] != "fulfilled",
                            "because": c["id"], "relation": "in exchange for"})
            elif rel["relation"] == "condition":
                out.append({"waiting": c["counterparty"], "on": c["obligor"], "for": c["id"],
                            "owed": f"{c['action']} {c['target_count'] or ''} {c['object']}".replace("  ", " "),
                            "status": c["status"], "still_waiting": c["status"] != "fulfilled",
                            "because": rel["text"], "relation": "condition"})
    return sorted(out, key=lambda r: (not r["still_waiting"], r["waiting"] or "", r["for"]))


def chains(store: Store, as_of: dt.date | None = None) -> list[dict[str, Any]]:
    """How commitments were changed: tranches, narrowing, extension, replacement."""
    records = commitments(store, as_of)
    by_id = {c["id"]: c for c in records}
    out = []
    for c in records:
        for rel in c["related"]:
            if rel["relation"] in ("trancheOf", "narrows", "extends", "replaces", "amends") and rel["commitment"]:
                parent = by_id.get(rel["commitment"], {})
                out.append({"commitment": c["id"], "relation": rel["relation"], "of": rel["commitment"],
                            "target": c["target_count"], "of_target": parent.get("target_count"),
                            "status": c["status"], "of_status": parent.get("status")})
    return out


@_without_cycle_collection()
def predictions(store: Store, as_of: dt.date | None = None, *, cached: bool = True,
                inputs: Any = None, limit: int | None = None, offset: int = 0) -> list[dict[str, Any]]:
    """Competency question 6: which predictions came true, and when; for a
    date on or after the newest article, the answer the build kept in parts,
    judged on that day (a prediction still pending whose window has closed is
    missed). ``offset`` and ``limit`` page through it in date order; a page
    of the kept answer reads only its own parts."""
    day = as_of or dt.date.today()
    view = kept_parts(store, "predictions", as_of, offset, limit) if cached else None
    if view is not None:
        return [{**p, "as_of": day.isoformat(),
                 "outcome": "missed" if p["outcome"] == "pending" and day.isoformat() > _window_end(p) else p["outcome"]}
                for p in view]
    if limit is not None or offset:
        return predictions(store, as_of, cached=cached, inputs=inputs)[offset:offset + limit if limit is not None else None]
    rows, _, reports, _ = inputs or _inputs(store, as_of, cached)
    agreed = {r["commitment"]: r["agreedOn"] for r in rows}
    about: dict[str, list[str]] = {}
    for r in run(store, "prediction-about", as_of):
        about.setdefault(r["statement"], []).append(r["about"])
    events: dict[str, list[Any]] = {}  # each commitment's batches, grouped once
    out = []
    for s in statements(store, as_of=as_of, kind="prediction"):
        iri = f"{ID_BASE}statement/{s['id']}"
        window = (dt.date.fromisoformat(s["expected_from"]) if s["expected_from"] else None,
                  dt.date.fromisoformat(s["expected_to"]) if s["expected_to"] else None)
        outcomes = []
        for target in about.get(iri, []):
            if target not in events:
                events[target] = batch_events(reports.get(target, []), day, agreed.get(target))
            outcomes.append(prediction_outcome(*window, reports.get(target, []), day, agreed.get(target),
                                               events=events[target]))
        met = [o for o in outcomes if o.outcome == "met"]
        if met:
            outcome = min(met, key=lambda o: o.met_on)
        elif outcomes:
            outcome = outcomes[0]
        else:
            outcome = Outcome("unknown")
        out.append({**{k: s[k] for k in ("speaker", "speaker_party", "text", "said_on", "expected_from", "expected_to",
                                         "document", "start", "end")},
                    "about": [local_id(a, "commitment") for a in about.get(iri, [])],
                    "outcome": outcome.outcome, "met_on": _iso(outcome.met_on),
                    "evidence": [{"document": r.document, "start": r.start, "end": r.end, "text": r.text}
                                 for r in outcome.evidence],
                    "as_of": day.isoformat()})
    return out


def named(store: Store, text: str) -> list[str]:
    """IRIs of the resources whose name contains ``text`` (case-insensitive)."""
    return [r["resource"] for r in store.query(queries.load("named"), {"text": text})]


def _window_end(prediction: dict[str, Any]) -> str:
    return prediction["expected_to"] or prediction["expected_from"] or "9999-12-31"


@_without_cycle_collection()
def statements(store: Store, *args: Any, **filters: Any) -> list[dict[str, Any]]:
    """Competency questions 3 and 4: who said what, as a list; the arguments
    (speaker, party, about, as_of, limit, kind, after) are those of
    :func:`statement_records`."""
    return list(statement_records(store, *args, **filters))


def statement_records(
    store: Store,
    speaker: str | None = None,
    party: str | None = None,
    about: str | None = None,
    as_of: dt.date | None = None,
    limit: int | None = None,
    kind: str | None = None,
    after: str | None = None,
) -> Iterator[dict[str, Any]]:
    """Competency questions 3 and 4: who said what, filtered by speaker, party
    or topic, one record at a time as the store's rows come (what a long
    listing is printed from without holding it whole); the filters are checked
    and turned into IRIs before the first record.

    ``speaker`` and ``party`` are parts of names (case-insensitive); ``about``
    a commitment (its id or IRI). Each filter is turned into IRIs first, so the
    store starts from the few statements concerned, not from all of them.
    ``kind`` keeps one type of statement (``prediction``, ``demand``, ...).

    ``limit`` and ``after`` page through the answer in its order (publication
    date, document, offset): a page is the first ``limit`` statements after
    the statement whose id is ``after``. A page is found from where statements
    sit (without their details), a day of documents at a time when nothing
    narrows it, and only its own statements are read in full, so its cost
    follows the page, not the corpus.
    """
    if about and not about.startswith("http"):
        about = f"{ID_BASE}commitment/{about}"
    classes = {v: k for k, v in TYPES.items()}
    if kind and kind not in classes:
        raise QueryError(f"statement kind {kind!r}: expected one of {', '.join(sorted(classes))}")
    # Each filter is a (property, values) pair the statements must have. The first
    # drives the query through the store's index; any other narrows by the
    # statement IRIs found for it first (a rare combination).
    narrowing = [(link, targets) for link, targets in (
        (f"{NKG}speaker", named(store, speaker) if speaker else None),
        (f"{NKG}about", [about] if about else None),
        (f"{NKG}onBehalfOf", named(store, party) if party else None),
        (unwrap(q("rdf:type")), [f"{NKG}{classes[kind]}"] if kind else None),
    ) if targets is not None]
    if any(not targets for _, targets in narrowing):
        return iter(())
    if limit is not None or after is not None:
        return iter(list(_statement_details(store, as_of, _statement_page(store, narrowing, as_of, limit, after))))
    bindings: dict[str, Any] = {}
    if narrowing:
        (link, targets), rest = narrowing[0], narrowing[1:]
        bindings = {"narrowBy": link, "narrowTo": targets}
        wanted: set[str] | None = None
        for other, values in rest:
            found = {r["statement"] for r in run(store, "statements-by", as_of, link=other, target=values)}
            wanted = found if wanted is None else wanted & found
        if wanted is not None:
            if not wanted:
                return iter(())
            bindings["statement"] = sorted(wanted)
    if not bindings:
        return _every_statement(store, as_of)
    text = queries.load("statements-for") + (f"\nLIMIT {int(limit)}" if limit else "")
    return map(_statement_record, store.rows(text, {"asOf": as_of or FAR_FUTURE, **bindings}))


# Statements per page when every statement is listed, and per query of their details
# (see _statement_details).
EVERY_PAGE = 1000
DETAILS_AT_ONCE = 100


def _every_statement(store: Store, as_of: dt.date | None) -> Iterator[dict[str, Any]]:
    """Every statement as of ``as_of`` in the answer's order, read a page at a
    time (:func:`_statement_page`): what the store and this process hold at
    once is one page, however large the corpus. The same records as
    statements.rq, the whole list in one query (the tests check it)."""
    after = None
    while page := _statement_page(store, [], as_of, EVERY_PAGE, after):
        yield from _statement_details(store, as_of, page)
        after = page[-1]


def _statement_details(store: Store, as_of: dt.date | None, page: list[str]) -> Iterator[dict[str, Any]]:
    """The records of the statements ``page`` names, in its order, read
    :data:`DETAILS_AT_ONCE` at a time: at 100,000 articles a query given 100
    statements takes 30 ms, one given 200 several seconds (the engine then
    reads every statement instead of starting from the ones given)."""
    for at in range(0, len(page), DETAILS_AT_ONCE):
        rows = store.query(queries.load("statements-for"), {
            "asOf": as_of or FAR_FUTURE, "narrowBy": f"{NKG}speaker", "statement": page[at:at + DETAILS_AT_ONCE]})
        yield from map(_statement_record, rows)


def _statement_record(r: dict[str, Any]) -> dict[str, Any]:
    return {
        "speaker": r["speaker"],
        "speaker_party": r["party"],
        "post": r["post"],
        "anonymous": bool(r["anonymous"]),
        "kind": "direct" if r["kind"] == "DirectQuote" else "reported",
        "type": TYPES.get(r["type"], r["type"]),
        "text": r["words"],
        "said_on": _iso(r["saidOn"]),
        "channel": r["channel"],
        "document": document_id(r["document"]),
        "published": _iso(r["published"]),
        "start": r["start"],
        "end": r["end"],
        "expected_from": _iso(r["expectedFrom"]),
        "expected_to": _iso(r["expectedUntil"]),
        "id": local_id(r["statement"], "statement"),
    }


StatementKey = tuple[dt.date, str, int, str]  # published, document, start, statement: the answer's order


def _keys(rows: list[dict[str, Any]]) -> list[StatementKey]:
    return [(r["published"], r["document"], r["start"], r["statement"]) for r in rows]


# The properties whose values' statements the build keeps the places of (kg.build).
PLACES_BY = {"speaker": f"{NKG}speaker", "party": f"{NKG}onBehalfOf"}


def place_key(row: dict[str, Any]) -> list[Any]:
    """A statement's place as kept: published (ISO), document id, start, statement id."""
    return [row["published"].isoformat(), document_id(row["document"]), row["start"],
            local_id(row["statement"], "statement")]


def _kept_places(store: Store, link: str, targets: list[str], as_of: dt.date | None,
                 cursor: StatementKey | None, limit: int | None) -> list[StatementKey] | None:
    """The first ``limit`` places after ``cursor`` of the statements whose
    ``link`` (speaker or party) is one of ``targets``, from the places the
    build kept; None when none are kept or they do not answer for ``as_of``."""
    by = next((name for name, prop in PLACES_BY.items() if prop == link), None)
    marker = view_part(store, "statement-places", 0) if by is not None else None
    if marker is None or (as_of is not None and as_of < marker[0]):
        return None
    found: dict[str, StatementKey] = {}
    for target in sorted(set(targets)):
        name, n, taken = f"statements/{by}/{iri_key(target)}", 0, 0
        while limit is None or taken < limit:
            part = view_part(store, name, n)
            if part is None:
                break
            for published, document, start, statement in part[1]["records"]:
                key = (dt.date.fromisoformat(published), f"{ID_BASE}document/{document}", start,
                       f"{ID_BASE}statement/{statement}")
                if cursor is None or key > cursor:
                    found[key[3]] = key
                    taken += 1
            n += 1
            if n * part[1]["size"] >= part[1]["total"]:
                break
    return sorted(found.values())[:limit]


def _statement_page(store: Store, narrowing: list[tuple[str, list[str]]], as_of: dt.date | None,
                    limit: int | None, after: str | None) -> list[str]:
    """The IRIs of one page of statements (see :func:`statements`), in order."""
    cursor: StatementKey | None = None
    if after is not None:
        iri = after if after.startswith("http") else f"{ID_BASE}statement/{after}"
        found = _keys(run(store, "statement-keys", None, narrowBy=f"{NKG}speaker", statement=[iri]))
        if not found:
            raise QueryError(f"--after {after!r}: no statement with that id in the store")
        cursor = found[0]
    keys: list[StatementKey] = []
    kept_keys = _kept_places(store, *narrowing[0], as_of, cursor, limit) if len(narrowing) == 1 else None
    if kept_keys is not None:
        keys = kept_keys
    elif narrowing:
        (link, targets), rest = narrowing[0], narrowing[1:]
        keys = _keys(run(store, "statement-keys", as_of, narrowBy=link, narrowTo=targets))
        for other, values in rest:
            found_iris = {r["statement"] for r in run(store, "statements-by", as_of, link=other, target=values)}
            keys = [k for k in keys if k[3] in found_iris]
        keys = sorted(k for k in keys if cursor is None or k > cursor)
    else:
        for day in publication_days(store, as_of):
            if cursor is not None and day < cursor[0]:
                continue
            found = [{**r, "published": day} for r in run(store, "statements-on", None, published=day)]
            keys += sorted(k for k in _keys(found) if cursor is None or k > cursor)
            if limit is not None and len(keys) >= limit:
                break
    return [k[3] for k in keys[:limit]]


def publication_days(store: Store, as_of: dt.date | None = None) -> list[dt.date]:
    """Every publication day on or before ``as_of``, oldest first: from the
    list the build kept (one read), else from the documents."""
    view = kept(store, "DerivedView", "publication-days")
    days = [dt.date.fromisoformat(d) for d in view[1][0]] if view and view[1] else publication_dates(store)
    return [d for d in days if as_of is None or d <= as_of]


@_without_cycle_collection()
def releases(store: Store, as_of: dt.date | None = None, releaser: str | None = None, *,
             limit: int | None = None, offset: int = 0, cached: bool = True) -> list[dict[str, Any]]:
    """Competency question 5: release events, each with the documents reporting it.

    ``releaser`` (part of a name, case-insensitive) keeps the releases of the
    parties it names. ``offset`` and ``limit`` page through the answer in its
    order (:func:`release_order`). For a date on or after the newest article
    the events the build kept are read in parts (:func:`kept_parts`): a page
    reads only its own parts, one releaser's events only that releaser's
    parts. An earlier date (or ``cached=False``) computes them from the
    reports, one (releaser, people) pair at a time.
    """
    iris = named(store, releaser) if releaser else None
    if iris == []:
        return []
    if cached:
        page = _kept_releases(store, as_of, iris, limit, offset)
        if page is not None:
            return page
    events = sorted((record for record, _ in release_events(store, as_of, iris)), key=release_order)
    return events[offset:offset + limit if limit is not None else None]


def release_order(record: dict[str, Any]) -> tuple[Any, ...]:
    """Where a release event stands in :func:`releases`: by date, releaser and
    count, then by its first report's place in its document."""
    first = record["reports"][0]
    return (record["date_to"] or record["date_from"] or "", record["releaser"] or "", record["count"] or 0,
            first["document"], first["start"], record["released_party"] or "", record["qualifier"])


def release_events(store: Store, as_of: dt.date | None = None,
                   releaser_iris: list[str] | None = None) -> Iterator[tuple[dict[str, Any], str]]:
    """Every release event as of ``as_of`` (of the releasers given, if any),
    each with its releaser's IRI, one (releaser, people) pair after another.

    The reports come from the store in that order (releases.rq) and are read
    as a stream: what is held at once is one pair's reports, however large
    the corpus.
    """
    if releaser_iris is not None:
        rows = stream(store, "releases-for", as_of, releaserIri=releaser_iris)
    else:
        rows = stream(store, "releases", as_of)
    for (releaser_iri, _), group in groupby(rows, key=lambda r: (r["releaserIri"], r["peopleIri"])):
        group = sorted(group, key=lambda r: (r["published"], r["document"], r["start"], r["release"]))
        by_release = {r["release"]: r for r in group}
        for event in group_events(_reports(group)):
            first = by_release[event.reports[0].release]
            yield {
                "releaser": first["releaser"],
                "released_party": first["releasedParty"],
                "count": event.count,
                "figures": {str(k): v for k, v in sorted(event.figures.items())},
                "qualifier": event.reports[0].qualifier,
                "cumulative": event.cumulative,
                "date_from": _iso(first["dateFrom"]),
                "date_to": _iso(first["dateTo"]),
                "place": next((by_release[r.release]["place"] for r in event.reports if by_release[r.release]["place"]), None),
                "source": next((by_release[r.release]["source"] for r in event.reports if by_release[r.release]["source"]), None),
                "source_anonymous": any(by_release[r.release]["sourceAnonymous"] for r in event.reports),
                "description": first["description"],
                "documents": event.documents,
                "reports": [{"document": r.document, "start": r.start, "end": r.end, "text": r.text} for r in event.reports],
            }, releaser_iri


VIEW_PARTS = f"{ID_BASE}view/"


def iri_key(iri: str) -> str:
    """The short stable name the kept parts of one releaser, speaker or party go under."""
    return hashlib.sha1(iri.encode("utf-8")).hexdigest()[:16]


def view_part(store: Store, name: str, n: int) -> tuple[dt.date, dict[str, Any]] | None:
    """Part ``n`` of the answer ``name`` the build kept in parts, with the day
    it is as of: ``{"records": [...], "size": rows per part, "total": rows}``."""
    rows = store.query(queries.load("view-part"), {"node": f"{VIEW_PARTS}{name}/part/{n}"})
    return (rows[0]["day"], loads(rows[0]["record"])) if rows else None


def kept_parts(store: Store, name: str, as_of: dt.date | None, offset: int = 0,
               limit: int | None = None) -> list[Any] | None:
    """Records ``offset`` to ``offset + limit`` of an answer kept in parts,
    reading only the parts they lie in; None when none is kept or it does not
    answer for ``as_of`` (a date before the day it is as of)."""
    first = view_part(store, name, 0)
    if first is None or (as_of is not None and as_of < first[0]):
        return None
    total, size = first[1]["total"], first[1]["size"]
    end = total if limit is None else min(total, offset + limit)
    out: list[Any] = []
    parts = {0: first[1]}
    for n in range(offset // size, (end - 1) // size + 1 if end > offset else 0):
        if n not in parts:
            found = view_part(store, name, n)
            if found is None:
                raise QueryError(f"the kept answer {name!r} lacks part {n} of {total} records: rebuild the store")
            parts[n] = found[1]
        lo, hi = max(offset - n * size, 0), min(end - n * size, size)
        out += parts[n]["records"][lo:hi]
    return out


def _kept_releases(store: Store, as_of: dt.date | None, iris: list[str] | None, limit: int | None,
                   offset: int) -> list[dict[str, Any]] | None:
    """A page of the release events the build kept (all, or those of the
    releasers ``iris``, each kept apart too), or None when they do not answer
    for ``as_of``."""
    if iris is None:
        return kept_parts(store, "releases", as_of, offset, limit)
    first = view_part(store, "releases", 0)
    if first is None or (as_of is not None and as_of < first[0]):
        return None
    iris = sorted(set(iris))
    if len(iris) == 1:  # a releaser without events has no parts
        return kept_parts(store, f"releases/{iri_key(iris[0])}", None, offset, limit) or []
    wanted = offset + limit if limit is not None else None
    mine = sorted((record for iri in iris
                   for record in kept_parts(store, f"releases/{iri_key(iri)}", None, 0, wanted) or []),
                  key=release_order)
    return mine[offset:offset + limit if limit is not None else None]


def agreements(store: Store, as_of: dt.date | None = None, *, cached: bool = True) -> list[dict[str, Any]]:
    """Agreements and decisions with their signatories and dates; for a date
    on or after the newest article, the view the build kept."""
    view = _kept_view(store, "agreements", as_of) if cached else None
    if view is not None:
        return view
    return [
        {
            "id": local_id(r["agreement"], "agreement"),
            "name": r["name"],
            "kind": "decision" if r["decision"] else "agreement",
            "agreed_on": _iso(r["agreedOn"]),
            "place": r["place"],
            "signatory_parties": sorted(filter(None, (r["signatoryParties"] or "").split("; "))),
            "signatory_persons": sorted(filter(None, (r["signatoryPersons"] or "").split("; "))),
            "documents": r["documents"],
        }
        for r in map(_unset, run(store, "agreements", as_of))
    ]


def corroboration(store: Store, as_of: dt.date | None = None, *, weak: bool = False, limit: int | None = None,
                  offset: int = 0, cached: bool = True) -> list[dict[str, Any]]:
    """Competency question 7: which facts rest on one source, or an anonymous one.

    ``weak`` keeps the facts on a single or an anonymous source; ``offset``
    and ``limit`` page through the answer in its order (agreements,
    commitments and statements by kind and IRI, then the release events).
    For a date on or after the newest article the answer the build kept is
    read in parts (the weak facts kept apart too): a page reads only its own.
    """
    if cached:
        page = kept_parts(store, "sources/weak" if weak else "sources", as_of, offset, limit)
        if page is not None:
            return page
    facts = (fact for fact in sourcing(store, as_of) if not weak or fact["single_source"] or fact["anonymous"])
    return list(islice(facts, offset, offset + limit if limit is not None else None))


def sourcing(store: Store, as_of: dt.date | None = None) -> Iterator[dict[str, Any]]:
    """Every fact's sourcing as of ``as_of``, in the order of
    :func:`corroboration`, made as the store's rows stream in."""
    for r in stream(store, "corroboration", as_of):
        yield {
            "kind": r["kind"].lower(),
            "id": r["fact"].rsplit("/id/", 1)[-1],
            "label": r["label"],
            "documents": r["documents"],
            "single_source": r["documents"] == 1,
            "anonymous": bool(r["anonymous"]),
        }
    for event in releases(store, as_of):
        yield {
            "kind": "release",
            "id": event["reports"][0]["document"] + f"/{event['reports'][0]['start']}",
            "label": event["description"] or f"{event['releaser']} released {event['count']}",
            "documents": len(event["documents"]),
            "single_source": len(event["documents"]) == 1,
            "anonymous": event["source_anonymous"],
        }


def most_quoted(store: Store, as_of: dt.date | None = None, *, cached: bool = True) -> list[dict[str, Any]]:
    """Speakers by number of statements (question 8); for a date on or after
    the newest article, the view the build kept."""
    view = _kept_view(store, "most-quoted", as_of) if cached else None
    if view is not None:
        return view
    return [
        {"speaker": r["name"], "statements": r["statements"], "direct": r["direct"], "documents": r["documents"]}
        for r in run(store, "most-quoted", as_of)
    ]
