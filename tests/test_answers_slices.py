"""One commitment's part of the kept readings (kg.answers.commitment_index) gives
the same record on every day as all the readings: for a question about one
commitment, a page of them or one commitment's timeline on an earlier date."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kg import answers
from conftest import build_store

DATA = Path(__file__).parent / "data"
DAY0 = dt.date(2020, 1, 1)


def every_day(store) -> list[dt.date]:
    days = answers.publication_dates(store)
    return sorted({*days, *(d - dt.timedelta(days=1) for d in days), days[-1] + dt.timedelta(days=500)})


def assert_slices_answer_alike(readings, days):
    slices = answers.commitment_slices(readings)
    assert set(slices) == {r["commitment"] for r in readings["readings"]}
    index = answers.commitment_index(readings)
    iris = sorted(index)
    # the union of the parts of some commitments (what a page reads), each row once
    groups = [iris[::2], iris[1::2], iris[-2:]]
    unions = [{part: [readings[part][i] for i in at]
               for part, at in answers.union_positions([index[iri] for iri in group]).items()} for group in groups]
    for day in days:
        whole = {c["id"]: c for c in answers._records(answers.inputs_as_of(readings, day), day)}
        sliced = {c["id"]: c for mine in slices.values()
                  for c in answers._records(answers.inputs_as_of(mine, day), day)}
        assert sliced == whole, day
        for group, union in zip(groups, unions):
            joint = {c["id"]: c for c in answers._records(answers.inputs_as_of(union, day), day)}
            assert joint == {answers.local_id(iri, "commitment"): whole[answers.local_id(iri, "commitment")]
                             for iri in group if answers.local_id(iri, "commitment") in whole}, (day, group)


@pytest.fixture(scope="module", params=["timeline", "devset", "heldout8"])
def store(request, tmp_path_factory):
    data = DATA / request.param
    facts = data / ("facts" if request.param == "timeline" else "gold")
    built, _ = build_store(f"oxigraph:{tmp_path_factory.mktemp('slices') / 'store'}", data / "corpus",
                           facts_dir=facts)
    yield built
    built.close()


def test_each_commitments_part_answers_as_all_readings_do(store):
    assert_slices_answer_alike(answers.commitment_readings(store), every_day(store))


def test_kept_parts_equal_the_parts_of_all_readings(store):
    slices = answers.commitment_slices(answers.commitment_readings(store))
    iris = sorted(slices)
    assert answers.kept_slices(store, iris) == slices
    one = iris[len(iris) // 2]
    assert answers.kept_slices(store, [one, "https://example.org/not-a-commitment"]) == {one: slices[one]}


@pytest.mark.parametrize("evidence", [True, False])
def test_a_page_on_an_earlier_day_is_that_page_of_the_whole_answer(store, evidence):
    days = answers.publication_dates(store)
    for day in (days[0], days[len(days) // 2], days[-1] - dt.timedelta(days=1)):
        whole = answers.commitments(store, day, cached=False, evidence=evidence)
        for offset, limit in ((0, 2), (1, 3), (0, 1000), (len(whole), 5)):
            page = answers.commitments(store, day, limit=limit, offset=offset, evidence=evidence)
            assert page == whole[offset:offset + limit], (day, offset, limit)


def test_one_commitment_on_an_earlier_day_and_its_timeline(store):
    days = answers.publication_dates(store)
    for day in days[:-1]:
        for record in answers.commitments(store, day, cached=False):
            assert answers.find_commitment(store, record["id"], day) == record
    one = answers.commitments(store)[0]["id"]
    fresh = [c for day in days for c in answers.commitments(store, day, cached=False) if c["id"] == one]
    rows = answers.timeline(store, one)
    assert [r["status"] for r in rows] == [c["status"] for c in fresh]
    assert [r["achieved"] for r in rows] == [c["achieved"] for c in fresh]
    assert [r["as_of"] for r in rows] == [c["as_of"] for c in fresh]


def test_one_commitment_reads_only_the_pieces_of_its_rows(tmp_path, monkeypatch):
    import kg.build as build_module

    monkeypatch.setattr(build_module, "READINGS_CHUNK", 2)
    store, _ = build_store(f"oxigraph:{tmp_path / 'store'}", DATA / "timeline" / "corpus",
                           facts_dir=DATA / "timeline" / "facts")
    try:
        assert answers.kept_index(store)[1]["chunk"] == 2
        slices = answers.commitment_slices(answers.commitment_readings(store))
        one = sorted(slices)[0]
        read = []
        real = store.query
        monkeypatch.setattr(store, "query", lambda text, bindings=None: read.append(bindings) or real(text, bindings))
        assert answers.kept_slices(store, [one]) == {one: slices[one]}
        nodes = [n for b in read if b for n in b.get("node", [])]
        monkeypatch.undo()
        pieces = store.query("SELECT DISTINCT ?node WHERE { GRAPH <https://w3id.org/negotiation-kg/graph/readings> "
                             "{ ?node ?p ?o } }")
        assert 2 < len(nodes) < len(pieces) / 2
        day = answers.publication_dates(store)[-2]
        assert answers.commitments(store, day, limit=2, offset=1) == answers.commitments(
            store, day, cached=False)[1:3]
    finally:
        store.close()


# -- any readings: windows that move as documents add agreement dates and deadlines ----------

# over four years: horizons (a year after a deadline, two after an agreement) cut the windows
dates = st.integers(0, 1500).map(lambda n: DAY0 + dt.timedelta(days=n))
maybe_dates = st.none() | dates


@st.composite
def readings(draw):
    commitments = [f"c{i}" for i in range(draw(st.integers(1, 3)))]
    agreements = ["a1", "a2", ""]
    keys = [("k1", "p1"), ("k1", ""), ("k2", "p1")]
    rows, evidence, links = [], [], []
    for c in commitments:
        for d in range(draw(st.integers(1, 3))):
            published = draw(dates)
            key = draw(st.sampled_from(keys))
            rows.append({"commitment": c, "doc": f"d{d}", "published": published, "obligor": "A",
                         "action": "ReleaseAction", "object": "prisoners", "objectParty": "", "counterparty": "",
                         "target": draw(st.sampled_from([-1, 10, 50])), "upperBound": draw(st.sampled_from([0, 1])),
                         "deadline": draw(maybe_dates), "agreement": draw(st.sampled_from(agreements)),
                         "obligorKey": key[0], "objectPartyKey": key[1]})
            evidence.append({"commitment": c, "document": f"d{d}", "published": published, "start": 0, "end": 4,
                             "text": "text"})
        if draw(st.booleans()):
            links.append({"commitment": c, "relation": "reciprocal", "other": commitments[0], "text": "",
                          "since": draw(dates)})
    agreement_rows = [{"agreement": draw(st.sampled_from(agreements[:2])), "published": draw(dates),
                       "label": draw(st.sampled_from([None, "Deal"])), "date": draw(maybe_dates)}
                      for _ in range(draw(st.integers(0, 4)))]
    # the last days a release counts (kg.status.horizon), where a window's end must fall exactly
    edges = sorted({r["deadline"] + dt.timedelta(days=365) for r in rows if r["deadline"]}
                   | {a["date"] + dt.timedelta(days=730) for a in agreement_rows if a["date"]}
                   | {r["published"] + dt.timedelta(days=730) for r in rows})
    reports = []
    for i in range(draw(st.integers(0, 12))):
        releaser, people = draw(st.sampled_from(keys))
        start = draw(maybe_dates | st.sampled_from(edges))
        reports.append({"release": f"r{i}", "releaser": releaser, "people": people, "document": f"e{i}",
                        "published": draw(dates), "count": draw(st.sampled_from([None, 5, 10, 40])),
                        "qualifier": "exact", "cumulative": draw(st.booleans()), "dateFrom": start,
                        "dateTo": start and start + dt.timedelta(days=draw(st.integers(0, 5))),
                        "start": i, "end": i + 1, "text": "freed", "source": None})
    return answers.sort_readings({"readings": rows, "agreements": agreement_rows, "evidence": evidence,
                                  "links": links, "reports": reports})


@settings(max_examples=300, deadline=None)
@given(readings())
def test_parts_answer_as_all_readings_do_for_any_readings(readings):
    days = [DAY0 + dt.timedelta(days=n) for n in range(-1, 1600, 40)] + [DAY0 + dt.timedelta(days=5000)]
    assert_slices_answer_alike(readings, days)


def _reading(commitment: str, published: dt.date, deadline: dt.date | None) -> dict:
    return {"commitment": commitment, "doc": f"d{published}", "published": published, "obligor": "A",
            "action": "ReleaseAction", "object": "prisoners", "objectParty": "", "counterparty": "", "target": -1,
            "upperBound": 0, "deadline": deadline, "agreement": "a1", "obligorKey": "k1", "objectPartyKey": "p1"}


def _report(name: str, published: dt.date, start: dt.date | None, count: int | None = 10) -> dict:
    return {"release": name, "releaser": "k1", "people": "p1", "document": f"e{name}", "published": published,
            "count": count, "qualifier": "exact", "cumulative": False, "dateFrom": start, "dateTo": start,
            "start": 0, "end": 1, "text": "freed", "source": None}


def test_reports_between_a_horizon_and_a_later_agreement_date_stay_in_the_part() -> None:
    """An agreement dated after the commitment's horizon: the dated reports before it still decide
    what "nothing freed before" sees, though none of them counts."""
    d = DAY0
    readings = answers.sort_readings({
        "readings": [_reading("c0", d, None), _reading("c1", d, d)],
        "agreements": [{"agreement": "a1", "published": d + dt.timedelta(days=1), "label": None,
                        "date": d + dt.timedelta(days=367)}],
        "evidence": [], "links": [],
        "reports": [_report("r0", d + dt.timedelta(days=1), d + dt.timedelta(days=366)),
                    _report("r1", d + dt.timedelta(days=2), d + dt.timedelta(days=300)),
                    _report("r2", d + dt.timedelta(days=3), None, None)],
    })
    assert_slices_answer_alike(readings, [d + dt.timedelta(days=n) for n in range(0, 5)] + [d + dt.timedelta(days=900)])
