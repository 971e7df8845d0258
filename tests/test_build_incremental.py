"""Incremental, idempotent builds on the memory and embedded Oxigraph stores.

Rebuilding an unchanged corpus extracts nothing and writes nothing; a changed
document's graph is replaced; a removed document's graph is dropped; the
derived graph follows; documents go through in batches with the same result
as one batch.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

import kg.build as build_module
from bench import generate
from kg import answers, inference
from kg.build import BUILD_GRAPH, build
from kg.stores import open_store
from kg.terms import DERIVED_GRAPH, NKG
from loaders.facts import DocFacts, Statement
from conftest import CORPUS, SEED_000, SEED_004

DOC = "https://w3id.org/negotiation-kg/id/document/"


@pytest.fixture(params=["memory", "oxigraph"])
def spec(request, tmp_path) -> str:
    return "memory" if request.param == "memory" else f"oxigraph:{tmp_path / 'store'}"


@pytest.fixture
def store(spec):
    opened = open_store(spec)
    yield opened
    opened.close()


@pytest.fixture
def calls(monkeypatch):
    """Count what the build reads: documents extracted, fact files loaded, derivations, writes.

    The extractor is replaced by the synthetic generator's known facts
    (documents named ``syn…``; others get none).
    """
    seen: dict[str, list] = {"extracted": [], "reviewed": [], "derive": [], "writes": [], "jobs": []}

    def extractor():
        def extract_many(docs, gazetteer=None, jobs=1, progress=None):
            docs = list(docs)
            seen["extracted"] += [d.id for d in docs]
            seen["jobs"].append(jobs)
            out = {}
            for n, doc in enumerate(docs, 1):
                out[doc.id] = generate.facts_for(doc.id) if doc.id.startswith("syn") else DocFacts(doc.id)
                if progress:
                    progress(n)
            return out

        return extract_many, "test-1"

    real_load, real_derive = build_module.load_fact_file, build_module.derive
    monkeypatch.setattr(build_module, "_extractor", extractor)
    monkeypatch.setattr(build_module, "load_fact_file",
                        lambda path, text=None: seen["reviewed"].append(Path(path).stem) or real_load(path, text))
    monkeypatch.setattr(build_module, "derive", lambda store: seen["derive"].append(1) or real_derive(store))
    return seen


def _spy_writes(store, seen) -> None:
    real = store.replace_graphs

    def replace_graphs(graphs, drop=(), **kwargs):
        seen["writes"].append((sorted(graphs), sorted(drop)))
        return real(graphs, drop, **kwargs)

    store.replace_graphs = replace_graphs


def _quads(store) -> list[str]:
    return sorted(line for line in store.dump_nquads().splitlines() if line.strip())


def _digests(store) -> dict[str, str]:
    rows = store.query(f"SELECT ?g ?d WHERE {{ GRAPH <{BUILD_GRAPH}> {{ ?g <{NKG}inputDigest> ?d }} }}")
    return {r["g"]: r["d"] for r in rows}


@pytest.mark.parametrize("extract", [False])
def test_build_incremental_unchanged_seed_corpus_reads_and_writes_nothing(store, calls, extract):
    first = build(CORPUS, store, extract=extract)
    assert (first.reviewed, first.unchanged) == (2, 0)
    before = _quads(store)
    calls["reviewed"].clear(), calls["derive"].clear()
    _spy_writes(store, calls)

    again = build(CORPUS, store, extract=extract)

    assert (again.extracted, again.reviewed, again.unchanged, again.removed) == (0, 0, 2, 0)
    assert calls["reviewed"] == [] and calls["derive"] == [] and calls["writes"] == []
    assert again.triples == first.triples and again.derived == first.derived
    assert _quads(store) == before


@pytest.mark.parametrize("size", [12])
def test_build_incremental_unchanged_corpus_extracts_nothing(store, calls, tmp_path, size):
    corpus = generate.write_corpus(size, tmp_path / "corpus")
    first = build(corpus, store)
    assert first.extracted == size and sorted(calls["extracted"]) == sorted(f"syn{i:07d}" for i in range(size))
    calls["extracted"].clear()

    again = build(corpus, store)

    assert calls["extracted"] == [] and again.extracted == 0 and again.unchanged == size
    assert again.triples == first.triples


@pytest.mark.parametrize("field, old, new", [("target", "target: 100\n", "target: 150\n")])
def test_build_incremental_changed_fact_file_replaces_its_graph(store, calls, seed_copy, field, old, new):
    build(seed_copy, store, extract=False)
    path = seed_copy / "facts" / f"{SEED_000}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    calls["reviewed"].clear()

    summary = build(seed_copy, store, extract=False)

    assert calls["reviewed"] == [SEED_000], "only the changed document is read again"
    assert (summary.reviewed, summary.unchanged) == (1, 1)
    targets = {c["target_count"] for c in answers.commitments(store)}
    assert 150 in targets and 100 not in targets
    count = store.query(f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{DOC}{SEED_000}> {{ ?c <{NKG}targetCount> 100 }} }}")
    assert count[0]["n"] == 0


@pytest.mark.parametrize("changed", ["syn0000003"])
def test_build_incremental_changed_text_is_extracted_again(store, calls, tmp_path, changed):
    corpus = generate.write_corpus(8, tmp_path / "corpus")
    build(corpus, store)
    old_sha = store.query(f"SELECT ?sha WHERE {{ GRAPH <{DOC}{changed}> {{ <{DOC}{changed}> <{NKG}sha256> ?sha }} }}")
    with open(corpus / f"{changed}.txt", "a", encoding="utf-8") as text:
        text.write("\n\nThis paragraph was added after the first build.")
    calls["extracted"].clear()

    summary = build(corpus, store)

    assert calls["extracted"] == [changed] and summary.extracted == 1 and summary.unchanged == 7
    new_sha = store.query(f"SELECT ?sha WHERE {{ GRAPH <{DOC}{changed}> {{ <{DOC}{changed}> <{NKG}sha256> ?sha }} }}")
    assert len(new_sha) == 1 and new_sha != old_sha, "the old graph is gone, not added to"


def test_build_incremental_removed_document_is_dropped(store, calls, seed_copy):
    build(seed_copy, store, extract=False)
    gone = f"{DOC}{SEED_004}"
    assert gone in store.graph_names()
    manifest = seed_copy / "manifest.yaml"
    data = yaml.safe_load(manifest.read_text(encoding="utf-8"))
    data["documents"] = [d for d in data["documents"] if not d["file"].startswith(SEED_004)]
    manifest.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    (seed_copy / "facts" / f"{SEED_004}.yaml").unlink()
    calls["reviewed"].clear(), calls["derive"].clear()

    summary = build(seed_copy, store, extract=False)

    assert (summary.removed, summary.unchanged, summary.reviewed) == (1, 1, 0)
    assert calls["reviewed"] == [] and calls["derive"] == [1], "derived facts are recomputed"
    assert gone not in store.graph_names() and gone not in _digests(store)
    assert all(s["document"] == SEED_000 for s in answers.statements(store))
    # The derived graph no longer speaks of the removed document's statements.
    leftover = store.query(f"""SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{DERIVED_GRAPH}> {{ ?s ?p ?o }}
                                FILTER (CONTAINS(STR(?s), "{SEED_004}")) }}""")
    assert leftover[0]["n"] == 0


@pytest.mark.parametrize("batch", [3])
def test_build_incremental_batches_give_the_same_graph(spec, calls, tmp_path, monkeypatch, batch):
    corpus = generate.write_corpus(10, tmp_path / "corpus")
    one = open_store(spec.replace("/store", "/store-one"))
    build(corpus, one)
    monkeypatch.setattr(build_module, "BATCH_SIZE", batch)
    calls["extracted"].clear()
    many = open_store(spec)
    _spy_writes(many, calls)

    build(corpus, many)

    document_writes = [[g for g in graphs if g.startswith(DOC)] for graphs, _ in calls["writes"]
                       if any(g.startswith(DOC) for g in graphs)]
    assert [len(g) for g in document_writes] == [3, 3, 3, 1], "one store write per batch"
    for graphs in document_writes:
        assert all(inference.inferred_graph(g) in next(w for w, _ in calls["writes"] if g in w) for g in graphs), \
            "each document's inferences are written with it"
    assert _quads(many) == _quads(one)
    many.close()


def test_build_incremental_reference_to_a_later_batch_resolves(spec, calls, tmp_path, monkeypatch):
    """A statement about a commitment first read in a later batch is mapped once that batch is read."""
    later = next(i for i in range(5, 200) if generate.article(i).facts.commitments)
    target = generate.article(later).facts.commitments[0].id
    corpus = generate.write_corpus(0, tmp_path / "corpus", numbers=[0, 1, 2, later])
    original = generate.facts_for

    def facts_for(doc_id, seed=0):
        facts = original(doc_id, seed)
        if doc_id == "syn0000000":
            first = facts.statements[0]
            moved = Statement(**{**first.__dict__, "about": (target,)})
            facts = DocFacts(**{**facts.__dict__, "statements": (moved, *facts.statements[1:])})
        return facts

    monkeypatch.setattr(generate, "facts_for", facts_for)
    monkeypatch.setattr(build_module, "BATCH_SIZE", 2)
    store = open_store(spec)
    summary = build(corpus, store)
    assert not summary.skipped
    about = answers.statements(store, about=target)
    assert "syn0000000" in {s["document"] for s in about}
    store.close()


def test_build_incremental_failed_document_is_retried_alone(store, calls, tmp_path, monkeypatch):
    corpus = generate.write_corpus(6, tmp_path / "corpus")
    original = generate.facts_for
    broken = {"syn0000004"}

    def facts_for(doc_id, seed=0):
        facts = original(doc_id, seed)
        if doc_id in broken:
            bad = Statement(**{**facts.statements[0].__dict__, "speaker": "nobody-we-know"})
            facts = DocFacts(**{**facts.__dict__, "statements": (bad,)})
        return facts

    monkeypatch.setattr(generate, "facts_for", facts_for)
    monkeypatch.setattr(build_module, "BATCH_SIZE", 2)
    summary = build(corpus, store, keep_going=True)
    assert [line.split(":")[0] for line in summary.skipped] == ["syn0000004"]
    documents = {g for g in _digests(store) if g.startswith(DOC)}
    assert f"{DOC}syn0000004" not in documents and len(documents) == 5
    broken.clear()
    calls["extracted"].clear()

    again = build(corpus, store)

    assert calls["extracted"] == ["syn0000004"] and again.unchanged == 5 and not again.skipped


@pytest.mark.parametrize("jobs", [1, 3])
def test_build_incremental_progress_and_jobs(store, calls, tmp_path, monkeypatch, jobs):
    corpus = generate.write_corpus(7, tmp_path / "corpus")
    monkeypatch.setattr(build_module, "BATCH_SIZE", 3)

    class Progress:
        total = None
        counts: list[int] = []

        def begin(self, total):
            self.total = total
            self.counts = []

        def __call__(self, done):
            self.counts.append(done)

    progress = Progress()
    build(corpus, store, progress=progress, jobs=jobs)
    assert progress.total == 7
    assert progress.counts == sorted(progress.counts) and progress.counts[-1] == 7
    assert set(calls["jobs"]) == {jobs}


def test_build_incremental_gazetteer_change_rewrites_actors_and_derived(store, calls, seed_copy, tmp_path):
    from loaders.gazetteer import DEFAULT_GAZETTEER

    build(seed_copy, store, extract=False)
    gazetteer = tmp_path / "actors.yaml"
    shutil.copy(DEFAULT_GAZETTEER, gazetteer)
    with open(gazetteer, "a", encoding="utf-8") as out:
        out.write("\n# an edit that changes nothing but the file\n")
    calls["reviewed"].clear(), calls["derive"].clear()

    summary = build(seed_copy, store, extract=False, gazetteer_path=gazetteer)

    assert summary.reviewed == 2, "every document's inputs include the gazetteer"
    assert calls["derive"] == [1]


@pytest.mark.parametrize("enabled, drawn", [(True, True), (False, False), (None, False)])
def test_build_incremental_progress_bar_shows_rate_and_eta(calls, tmp_path, monkeypatch, enabled, drawn):
    """The bar of `kg build --progress`: documents done, documents/s and time left;
    by default only on a terminal (pytest's stderr is not one)."""
    import io

    from rich.console import Console

    from kg.progress import BuildProgress

    corpus = generate.write_corpus(60, tmp_path / "corpus")
    monkeypatch.setattr(build_module, "BATCH_SIZE", 20)
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=120) if enabled is not None else None
    with BuildProgress(enabled=enabled, console=console) as bar:
        with open_store(f"oxigraph:{tmp_path / 'store'}") as store:
            build(corpus, store, progress=bar)
    assert bar.done == 60
    text = screen.getvalue()
    assert (("60/60" in text) and ("docs/s" in text) and ("left" in text)) == drawn
