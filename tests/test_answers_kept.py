"""The answers the build keeps (kg.build.VIEWS_GRAPH) equal the answers computed
afresh, on every backend, for every day they are served on; before the newest
article they are not used; and they stay out of the exports."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from kg import answers
from kg.build import READINGS_GRAPH, VIEWS_GRAPH
from conftest import build_store

TIMELINE = Path(__file__).parent / "data" / "timeline"


@pytest.fixture(scope="module")
def timeline_store(tmp_path_factory):
    store, _ = build_store(f"oxigraph:{tmp_path_factory.mktemp('kept') / 'store'}", TIMELINE / "corpus",
                           facts_dir=TIMELINE / "facts")
    yield store
    store.close()


def newest(store) -> dt.date:
    return answers.publication_dates(store)[-1]


@pytest.mark.parametrize("offset", [None, 0, 1, 400])
def test_kept_commitments_equal_fresh_ones(seed_store, offset):
    day = None if offset is None else newest(seed_store) + dt.timedelta(days=offset)
    kept = answers.commitments(seed_store, day)
    fresh = answers.commitments(seed_store, day, cached=False)
    assert kept and kept == fresh


@pytest.mark.parametrize("offset", [None, 0, 30, 800])
def test_kept_commitments_equal_fresh_ones_over_a_timeline(timeline_store, offset):
    day = None if offset is None else newest(timeline_store) + dt.timedelta(days=offset)
    assert answers.commitments(timeline_store, day) == answers.commitments(timeline_store, day, cached=False)


def test_kept_records_are_not_served_before_the_newest_article(timeline_store, monkeypatch):
    calls = []
    real = answers.inputs_as_of
    monkeypatch.setattr(answers, "inputs_as_of", lambda readings, day: calls.append(day) or real(readings, day))
    earlier = newest(timeline_store) - dt.timedelta(days=1)
    answers.commitments(timeline_store, earlier)
    assert calls == [earlier], "an earlier day must be computed from the documents published by then"


def every_day(store) -> list[dt.date]:
    """Each publication day, the day before each, and one long after the last."""
    days = answers.publication_dates(store)
    return sorted({*days, *(d - dt.timedelta(days=1) for d in days), days[-1] + dt.timedelta(days=500)})


def test_earlier_days_from_kept_readings_equal_the_queries_on_a_timeline(timeline_store):
    assert answers.kept_readings(timeline_store) == answers.commitment_readings(timeline_store)
    for day in every_day(timeline_store):
        from_readings = answers.commitments(timeline_store, day)
        assert from_readings == answers.commitments(timeline_store, day, cached=False), day


def test_earlier_days_from_kept_readings_equal_the_queries_on_the_seeds(seed_store):
    for day in every_day(seed_store):
        assert answers.commitments(seed_store, day) == answers.commitments(seed_store, day, cached=False), day


@pytest.mark.parametrize("corpus", ["devset", "heldout8", "heldout14"])
def test_earlier_days_from_kept_readings_equal_the_queries_on_gold_sets(corpus, tmp_path):
    data = TIMELINE.parent / corpus
    store, _ = build_store(f"oxigraph:{tmp_path / 'store'}", data / "corpus", facts_dir=data / "gold")
    try:
        days = every_day(store)
        assert answers.commitments(store, days[-1])
        for day in days:
            assert answers.commitments(store, day) == answers.commitments(store, day, cached=False), (corpus, day)
            assert answers.predictions(store, day, cached=False) == answers.predictions(
                store, day, cached=False, inputs=answers.inputs_as_of(answers.commitment_readings(store), day))
    finally:
        store.close()


def test_history_equals_one_answer_per_day(timeline_store):
    days = every_day(timeline_store)
    for day, records in answers.history(timeline_store, days).items():
        assert records == answers.commitments(timeline_store, day, cached=False), day
    one = answers.commitments(timeline_store)[0]["id"]
    for day, records in answers.history(timeline_store, days, only=one).items():
        assert records == [c for c in answers.commitments(timeline_store, day, cached=False) if c["id"] == one], day


def test_kept_readings_survive_the_round_trip(timeline_store):
    readings = answers.commitment_readings(timeline_store)
    assert readings["readings"] and readings["reports"] and readings["evidence"]
    packed = json.loads(json.dumps(answers.pack_readings(readings)))
    assert answers.unpack_readings(packed) == readings


@pytest.mark.parametrize("offset", [None, 0, 10])
def test_kept_most_quoted_equals_fresh(seed_store, offset):
    day = None if offset is None else newest(seed_store) + dt.timedelta(days=offset)
    assert answers.most_quoted(seed_store, day) == answers.most_quoted(seed_store, day, cached=False)


@pytest.mark.parametrize("offset", [None, 0, 5, 400])
def test_kept_predictions_equal_fresh_ones_over_a_timeline(timeline_store, offset):
    day = None if offset is None else newest(timeline_store) + dt.timedelta(days=offset)
    kept = answers.predictions(timeline_store, day)
    assert kept and kept == answers.predictions(timeline_store, day, cached=False)


@pytest.mark.parametrize("offset", [None, 0, 1, 400])
def test_kept_summaries_are_the_records_without_evidence(seed_store, offset):
    day = None if offset is None else newest(seed_store) + dt.timedelta(days=offset)
    summaries = answers.commitments(seed_store, day, evidence=False)
    full = answers.commitments(seed_store, day, cached=False)
    assert summaries and summaries == [{k: v for k, v in c.items() if k != "evidence"} for c in full]


@pytest.mark.parametrize("offset", [-30, 0, 800])
def test_kept_summaries_over_a_timeline(timeline_store, offset):
    day = newest(timeline_store) + dt.timedelta(days=offset)
    full = answers.commitments(timeline_store, day, cached=False)
    assert answers.commitments(timeline_store, day, evidence=False) == [
        {k: v for k, v in c.items() if k != "evidence"} for c in full]


@pytest.mark.parametrize("offset", [None, 0, 10])
def test_kept_agreements_equal_fresh_ones(seed_store, offset):
    day = None if offset is None else newest(seed_store) + dt.timedelta(days=offset)
    kept = answers.agreements(seed_store, day)
    assert kept and kept == answers.agreements(seed_store, day, cached=False)


def test_kept_agreements_are_not_served_before_the_newest_article(timeline_store):
    day = newest(timeline_store) - dt.timedelta(days=30)
    earlier = answers.agreements(timeline_store, day)
    assert earlier == answers.agreements(timeline_store, day, cached=False)
    assert earlier != answers.agreements(timeline_store), "the timeline's later articles restate and add agreements"


def test_kept_answers_exist_and_stay_out_of_exports(tmp_path):
    from kg.build import build
    from kg.stores import open_store

    store = open_store(f"oxigraph:{tmp_path / 'store'}")
    build(Path(__file__).parent.parent / "corpus", store, out_dir=tmp_path / "out", html=False, extract=False)
    try:
        assert answers.kept(store, "StatusAssessment") is not None
        assert answers.kept(store, "DerivedView") is not None
        assert answers.kept_readings(store) is not None
    finally:
        store.close()
    for name in ("graph.trig", "graph.ttl"):
        text = (tmp_path / "out" / name).read_text(encoding="utf-8")
        assert VIEWS_GRAPH not in text and READINGS_GRAPH not in text and "answerRecord" not in text


def test_kept_answers_are_dropped_before_documents_change(seed_copy, tmp_path, monkeypatch):
    """A build stopped after writing changed documents, before its derive step,
    leaves no kept answer from the old documents to be read as current."""
    import kg.build as build_module
    from kg.stores import open_store

    store = open_store(f"oxigraph:{tmp_path / 'store'}")
    build_module.build(seed_copy, store, out_dir=None, html=False, extract=False)
    assert answers.kept(store, "StatusAssessment") is not None
    text = next(seed_copy.glob("*.txt"))
    text.write_text(text.read_text(encoding="utf-8") + "\n", encoding="utf-8")

    def stopped(store):
        raise RuntimeError("stopped before the derive step")

    monkeypatch.setattr(build_module, "derive", stopped)
    with pytest.raises(RuntimeError):
        build_module.build(seed_copy, store, out_dir=None, html=False, extract=False)
    try:
        assert answers.kept(store, "StatusAssessment") is None
        assert answers.kept(store, "DerivedView") is None
        assert answers.kept_readings(store) is None
        assert answers.commitments(store) == answers.commitments(store, cached=False)
        earlier = answers.publication_dates(store)[0]
        assert answers.commitments(store, earlier) == answers.commitments(store, earlier, cached=False)
    finally:
        store.close()


@pytest.mark.parametrize("offset", [None, 0, 30, -1])
def test_kept_single_commitment_equals_the_list(timeline_store, offset):
    day = None if offset is None else newest(timeline_store) + dt.timedelta(days=offset)
    for record in answers.commitments(timeline_store, day, cached=False):
        assert answers.find_commitment(timeline_store, record["id"], day) == record
        assert answers.explain(timeline_store, record["id"], day).startswith(f"{record['obligor']} owes")


def test_kept_readings_in_many_pieces(tmp_path, monkeypatch):
    import kg.build as build_module

    monkeypatch.setattr(build_module, "READINGS_CHUNK", 3)
    store, _ = build_store(f"oxigraph:{tmp_path / 'store'}", TIMELINE / "corpus", facts_dir=TIMELINE / "facts")
    try:
        readings = answers.commitment_readings(store)
        pieces = store.query(f"SELECT ?node WHERE {{ GRAPH <{READINGS_GRAPH}> {{ ?node ?p ?o }} }}")
        assert len({r["node"] for r in pieces}) > len(readings["reports"]) // 3
        assert answers.kept_readings(store) == readings
    finally:
        store.close()
@pytest.mark.parametrize("offset", [None, 0, 30])
def test_kept_releases_equal_fresh_ones(seed_store, offset):
    day = None if offset is None else newest(seed_store) + dt.timedelta(days=offset)
    fresh = answers.releases(seed_store, day, cached=False)
    assert fresh and answers.releases(seed_store, day) == fresh
    for releaser in ("taliban", "afghanistan", "nobody-by-that-name"):
        assert answers.releases(seed_store, day, releaser=releaser) == answers.releases(
            seed_store, day, releaser=releaser, cached=False)


def test_kept_releases_are_not_served_before_the_newest_article(timeline_store, monkeypatch):
    # Kept parts that say "no releases" as of the newest day: served on that day,
    # never for the day before.
    day = newest(timeline_store)
    monkeypatch.setattr(answers, "view_part", lambda *a: (day, {"total": 0, "size": 1, "records": []}))
    assert answers.releases(timeline_store, day) == []
    earlier = day - dt.timedelta(days=1)
    assert answers.releases(timeline_store, earlier)
    assert answers.releases(timeline_store, earlier) == answers.releases(timeline_store, earlier, cached=False)


@pytest.fixture(scope="module")
def store_in_small_parts(tmp_path_factory):
    """The timeline corpus built with kept answers in parts of three records."""
    import kg.build as build_module

    patch = pytest.MonkeyPatch()
    patch.setattr(build_module, "VIEW_PART", 3)
    store, _ = build_store(f"oxigraph:{tmp_path_factory.mktemp('parts') / 'store'}", TIMELINE / "corpus",
                           facts_dir=TIMELINE / "facts")
    patch.undo()
    yield store
    store.close()


@pytest.mark.parametrize("size", [1, 2, 7])
@pytest.mark.parametrize(("answer", "narrowed"), [
    (answers.releases, [{"releaser": "taliban"}, {"releaser": "afghanistan"}]),
    (answers.corroboration, [{"weak": True}]),
    (answers.predictions, []),
])
def test_kept_answer_pages_in_many_parts(store_in_small_parts, size, answer, narrowed):
    store = store_in_small_parts
    whole = answer(store, cached=False)
    assert len(whole) > 3 and answer(store) == whole  # more than one part
    for offset in range(0, len(whole) + 2, size):
        assert answer(store, limit=size, offset=offset) == whole[offset:offset + size], offset
    for narrowing in narrowed:
        mine = answer(store, cached=False, **narrowing)
        assert mine and answer(store, **narrowing) == mine
        assert answer(store, limit=size, offset=1, **narrowing) == mine[1:1 + size]


def test_kept_releases_of_several_releasers_merge_in_order(timeline_store):
    # A name that matches several parties: their events kept apart, merged back in the answer's order.
    iris = answers.named(timeline_store, "a")
    assert len(iris) > 1
    fresh = answers.releases(timeline_store, releaser="a", cached=False)
    assert fresh and answers.releases(timeline_store, releaser="a") == fresh
    assert answers.releases(timeline_store, releaser="a", limit=2, offset=1) == fresh[1:3]
    assert fresh == sorted(fresh, key=answers.release_order)


def test_streamed_rows_equal_the_whole_answer(seed_store):
    sparql = "SELECT ?s ?o WHERE { GRAPH ?g { ?s a ?o } } ORDER BY ?s ?o"
    rows = list(seed_store.rows(sparql))
    assert rows and rows == seed_store.query(sparql)


@pytest.mark.parametrize("offset", [None, 0, 30])
def test_kept_sourcing_equals_fresh(seed_store, offset):
    day = None if offset is None else newest(seed_store) + dt.timedelta(days=offset)
    for weak in (False, True):
        fresh = answers.corroboration(seed_store, day, weak=weak, cached=False)
        assert fresh and answers.corroboration(seed_store, day, weak=weak) == fresh
    every = answers.corroboration(seed_store, day, cached=False)
    assert answers.corroboration(seed_store, day, weak=True) == [
        f for f in every if f["single_source"] or f["anonymous"]]
    assert {f["kind"] for f in every} >= {"statement", "commitment", "release"}


def test_kept_sourcing_is_not_served_before_the_newest_article(timeline_store):
    earlier = newest(timeline_store) - dt.timedelta(days=1)
    kept_first = answers.view_part(timeline_store, "sources", 0)
    assert kept_first is not None and kept_first[0] == newest(timeline_store)
    assert answers.kept_parts(timeline_store, "sources", earlier) is None
    assert answers.corroboration(timeline_store, earlier) == answers.corroboration(timeline_store, earlier, cached=False)


@pytest.mark.parametrize("evidence", [True, False])
@pytest.mark.parametrize("offset", [None, 30, -1])
def test_commitment_pages_make_the_whole_answer(seed_store, evidence, offset):
    # On and after the newest article from the kept records (a page reads its own); before it, computed.
    day = None if offset is None else newest(seed_store) + dt.timedelta(days=offset)
    whole = answers.commitments(seed_store, day, evidence=evidence)
    assert len(whole) >= 2 and whole == answers.commitments(seed_store, day, evidence=evidence, cached=False)
    for size in (1, 2):
        taken = []
        for at in range(0, len(whole) + size, size):
            taken += answers.commitments(seed_store, day, evidence=evidence, limit=size, offset=at)
        assert taken == whole
    assert answers.commitments(seed_store, day, evidence=evidence, offset=1) == whole[1:]
