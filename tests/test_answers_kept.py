"""The answers the build keeps (kg.build.VIEWS_GRAPH) equal the answers computed
afresh, on every backend, for every day they are served on; before the newest
article they are not used; and they stay out of the exports."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kg import answers
from kg.build import VIEWS_GRAPH
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
    monkeypatch.setattr(answers, "commitment_inputs", lambda *a: calls.append(a) or ([], {}, {}, {}))
    answers.commitments(timeline_store, newest(timeline_store) - dt.timedelta(days=1))
    assert calls, "an earlier day must be computed from the documents published by then"


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
    finally:
        store.close()
    for name in ("graph.trig", "graph.ttl"):
        text = (tmp_path / "out" / name).read_text(encoding="utf-8")
        assert VIEWS_GRAPH not in text and "answerRecord" not in text


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
        assert answers.commitments(store) == answers.commitments(store, cached=False)
    finally:
        store.close()


@pytest.mark.parametrize("offset", [None, 0, 30, -1])
def test_kept_single_commitment_equals_the_list(timeline_store, offset):
    day = None if offset is None else newest(timeline_store) + dt.timedelta(days=offset)
    for record in answers.commitments(timeline_store, day, cached=False):
        assert answers.find_commitment(timeline_store, record["id"], day) == record
        assert answers.explain(timeline_store, record["id"], day).startswith(f"{record['obligor']} owes")
