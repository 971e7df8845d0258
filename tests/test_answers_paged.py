"""Paging through "who said what": pages taken one after another give exactly
the whole answer, in its order, on every backend, as of any day, with or
without a filter, and with or without the publication days the build keeps."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kg import answers
from kg.errors import QueryError
from conftest import build_store

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def devset_store(tmp_path_factory):
    # A development set's gold facts: many statements over many days and documents.
    store, _ = build_store(f"oxigraph:{tmp_path_factory.mktemp('paged') / 'store'}", DATA / "devset" / "corpus",
                           facts_dir=DATA / "devset" / "gold")
    yield store
    store.close()


def pages(store, size: int, **filters) -> list[list[dict]]:
    out: list[list[dict]] = []
    after = None
    while True:
        page = answers.statements(store, limit=size, after=after, **filters)
        assert len(page) <= size
        if not page:
            return out
        out.append(page)
        assert len(out) < 500, "paging does not move forward"
        after = page[-1]["id"]


def assert_pages_make_the_whole(store, size: int, **filters) -> None:
    whole = answers.statements(store, **filters)
    assert whole
    taken = pages(store, size, **filters)
    assert [s for page in taken for s in page] == whole
    assert all(len(page) == size for page in taken[:-1])


@pytest.mark.parametrize("size", [1, 2, 5])
def test_seed_pages_make_the_whole_answer(seed_store, size):
    assert answers.statements(seed_store)
    assert_pages_make_the_whole(seed_store, size)


@pytest.mark.parametrize("size", [1, 4, 9, 50])
def test_pages_over_many_documents_make_the_whole_answer(devset_store, size):
    assert len(answers.publication_days(devset_store)) > 5
    assert len(answers.statements(devset_store)) > 60
    assert_pages_make_the_whole(devset_store, size)


@pytest.mark.parametrize("filters", [{"party": "Taliban"}, {"speaker": "Mujahid"}, {"kind": "claim"},
                                     {"party": "Taliban", "kind": "claim"}])
def test_filtered_pages_make_the_whole_answer(devset_store, filters):
    assert answers.statements(devset_store, **filters)
    assert_pages_make_the_whole(devset_store, 3, **filters)


def test_pages_as_of_an_earlier_day(devset_store):
    days = answers.publication_days(devset_store)
    middle = days[len(days) // 2]
    assert answers.publication_days(devset_store, middle)[-1] == middle
    whole = answers.statements(devset_store, as_of=middle)
    assert whole and len(whole) < len(answers.statements(devset_store))
    taken = []
    after = None
    while page := answers.statements(devset_store, as_of=middle, limit=4, after=after):
        taken += page
        after = page[-1]["id"]
    assert taken == whole


def test_pages_without_the_kept_days(devset_store, monkeypatch):
    expected = pages(devset_store, 6)
    real_kept = answers.kept
    monkeypatch.setattr(answers, "kept", lambda store, kind, name=None: None if name == "publication-days"
                        else real_kept(store, kind, name))
    assert answers.publication_days(devset_store) == answers.publication_dates(devset_store)
    assert pages(devset_store, 6) == expected


def test_kept_days_are_the_documents_days(devset_store):
    view = answers.kept(devset_store, "DerivedView", "publication-days")
    assert view is not None
    assert [dt.date.fromisoformat(d) for d in view[1][0]] == answers.publication_dates(devset_store)


def test_a_limit_alone_is_the_first_page(devset_store):
    assert answers.statements(devset_store, limit=3) == answers.statements(devset_store)[:3]


def test_an_unknown_statement_to_page_after_is_refused(seed_store):
    with pytest.raises(QueryError, match="no statement with that id"):
        answers.statements(seed_store, limit=2, after="no-such-statement")


@pytest.mark.parametrize("size", [1, 2, 7])
def test_release_pages_make_the_whole_answer(devset_store, size):
    whole = answers.releases(devset_store)
    assert len(whole) > 2 * size
    taken = []
    for offset in range(0, len(whole) + size, size):
        page = answers.releases(devset_store, limit=size, offset=offset)
        assert len(page) <= size
        taken += page
    assert taken == whole
    assert answers.releases(devset_store, offset=len(whole) - 1) == whole[-1:]


@pytest.fixture(scope="module")
def devset_store_in_small_parts(tmp_path_factory):
    # The same gold facts, with the kept statement places in parts of three keys.
    import kg.build as build_module

    patch = pytest.MonkeyPatch()
    patch.setattr(build_module, "VIEW_PART", 3)
    store, _ = build_store(f"oxigraph:{tmp_path_factory.mktemp('places') / 'store'}", DATA / "devset" / "corpus",
                           facts_dir=DATA / "devset" / "gold")
    patch.undo()
    yield store
    store.close()


@pytest.mark.parametrize("filters", [{"party": "Taliban"}, {"speaker": "Mujahid"}, {"party": "government"},
                                     {"speaker": "a"}])
@pytest.mark.parametrize("size", [1, 4])
def test_kept_places_page_like_the_queries(devset_store_in_small_parts, monkeypatch, filters, size):
    # One speaker's or party's pages read the places the build kept (in many parts here);
    # they equal the pages found by the queries, and together the whole answer.
    store = devset_store_in_small_parts
    assert answers._kept_places(store, answers.PLACES_BY["party" if "party" in filters else "speaker"],
                                answers.named(store, next(iter(filters.values()))), None, None, 2) is not None
    kept_pages = pages(store, size, **filters)
    assert [s for page in kept_pages for s in page] == answers.statements(store, **filters)
    monkeypatch.setattr(answers, "_kept_places", lambda *args: None)
    assert pages(store, size, **filters) == kept_pages


def test_kept_places_are_not_used_before_the_newest_article(devset_store):
    days = answers.publication_days(devset_store)
    link = answers.PLACES_BY["party"]
    targets = answers.named(devset_store, "Taliban")
    assert answers._kept_places(devset_store, link, targets, days[-1], None, 5)
    assert answers._kept_places(devset_store, link, targets, days[-2], None, 5) is None
    assert answers._kept_places(devset_store, answers.NKG + "about", targets, None, None, 5) is None


@pytest.mark.parametrize("as_of", [None, "middle"])
def test_every_statement_read_in_pages_equals_the_one_query(devset_store, monkeypatch, as_of):
    # statements.rq, the whole list in one query, is the reference the paged listing is checked against.
    day = answers.publication_days(devset_store)[len(answers.publication_days(devset_store)) // 2] if as_of else None
    reference = [answers._statement_record(r) for r in answers.run(devset_store, "statements", day)]
    monkeypatch.setattr(answers, "EVERY_PAGE", 7)
    assert len(reference) > 14 and answers.statements(devset_store, as_of=day) == reference


def test_every_statement_on_each_backend(seed_store):
    reference = [answers._statement_record(r) for r in answers.run(seed_store, "statements")]
    assert reference and answers.statements(seed_store) == reference
