"""A build that meets a bad document: stops with nothing written, or with
``--keep-going`` skips it, says so and exits non-zero.

Each case starts from the seed corpus already built (store and exports), breaks
one input, runs the build again and compares the store's quads and the export
files' bytes before and after.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest
import yaml

from kg.errors import DataFileError, DocumentError, EvidenceError, FactFileError, InputError, ManifestError

from conftest import CORPUS, ROOT, SEED_000, SEED_004

KG = [sys.executable, "-m", "kg.cli"]
ADDED = "\nThe Taliban released 15 more prisoners on Monday, a spokesman said.\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The seed corpus built by the real command: base/corpus, base/store, base/exports."""
    base = tmp_path_factory.mktemp("built") / "base"
    shutil.copytree(CORPUS, base / "corpus", ignore=shutil.ignore_patterns("README*"))
    done = subprocess.run([*KG, "build", "corpus", "--store", "oxigraph:store", "--out", "exports", "--no-progress"],
                          cwd=base, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return base


@pytest.fixture
def case_dir(built, tmp_path) -> Path:
    where = tmp_path / "case"
    shutil.copytree(built, where)
    return where


def state(where: Path) -> tuple[frozenset[str], dict[str, bytes]]:
    import pyoxigraph as ox

    store = ox.Store.read_only(str(where / "store"))
    quads = frozenset(str(q) for q in store)
    del store
    return quads, {p.name: p.read_bytes() for p in sorted((where / "exports").iterdir())}


def _facts(where: Path, doc: str) -> Path:
    return where / "corpus" / "facts" / f"{doc}.yaml"


def _edit_facts(where: Path, doc: str, change: Callable[[dict], None]) -> None:
    path = _facts(where, doc)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def _prepend(where: Path, doc: str, data: bytes) -> None:
    path = where / "corpus" / f"{doc}.txt"
    path.write_bytes(data + path.read_bytes())


def _append_text(where: Path, doc: str) -> None:
    path = where / "corpus" / f"{doc}.txt"
    path.write_text(path.read_text(encoding="utf-8") + ADDED, encoding="utf-8")


def _shift_evidence(data: dict) -> None:
    data["releases"][0]["evidence"]["start"] += 1
    data["releases"][0]["evidence"]["end"] += 1


def _unknown_releaser(data: dict) -> None:
    data["releases"][0]["releaser"] = "nobody-known"


def _missing_file(where: Path) -> None:
    (where / "corpus" / f"{SEED_004}.txt").unlink()


def _stray_fact_file(where: Path) -> None:
    shutil.copy(_facts(where, SEED_000), where / "corpus" / "facts" / "not-in-manifest.yaml")


def _bad_gazetteer(where: Path) -> None:
    (where / "actors.yaml").write_text("parties:\n  - id: a\n    name: A\n    kind: tribe\n", encoding="utf-8")


def _huge_text(where: Path) -> None:
    from loaders.corpus import MAX_BYTES

    (where / "corpus" / f"{SEED_004}.txt").write_bytes(b"word " * (MAX_BYTES // 5 + 1))


# case, break the input, error, message fragments
STOPS: list[tuple[str, Callable[[Path], None], type, list[str]]] = [
    ("text with a BOM", lambda w: _prepend(w, SEED_004, b"\xef\xbb\xbf"), DocumentError, ["byte-order mark"]),
    ("text not UTF-8", lambda w: _prepend(w, SEED_004, b"\xff"), DocumentError, ["expected UTF-8", "0xff"]),
    ("text over the size limit", _huge_text, DocumentError, ["over the limit"]),
    ("manifest names a missing file", _missing_file, ManifestError, ["field 'file'", "no such file"]),
    ("evidence that does not match", lambda w: _edit_facts(w, SEED_000, _shift_evidence), EvidenceError,
     [f"document '{SEED_000}'", "expected"]),
    ("fact file of no listed document", _stray_fact_file, InputError, ["not-in-manifest", "no document"]),
    ("gazetteer that does not validate", _bad_gazetteer, DataFileError, ["field 'kind'", "tribe"]),
    ("fact file naming an unknown actor", lambda w: _edit_facts(w, SEED_000, _unknown_releaser), FactFileError,
     ["unknown party 'nobody-known'", "field 'releaser'"]),
]


def _build(where: Path, **kwargs):
    from kg.build import build
    from kg.stores import open_store

    store = open_store(f"oxigraph:{where / 'store'}")
    try:
        return build(where / "corpus", store, out_dir=where / "exports", **kwargs)
    finally:
        store.close()


@pytest.mark.parametrize("case, breaks, error, fragments", STOPS, ids=[c[0] for c in STOPS])
def test_reliability_build_errors_stop_before_writing(case_dir, case, breaks, error, fragments):
    before = state(case_dir)
    breaks(case_dir)
    gazetteer = case_dir / "actors.yaml" if (case_dir / "actors.yaml").exists() else None
    with pytest.raises(error) as info:
        _build(case_dir, gazetteer_path=gazetteer)
    assert all(fragment in str(info.value) for fragment in fragments), str(info.value)
    after = state(case_dir)
    assert after[1] == before[1], "the exports changed"
    assert after[0] == before[0], "the store changed"


def test_reliability_build_errors_bad_cue_file_stops_before_writing(case_dir, tmp_path, monkeypatch):
    import loaders.extract as extraction
    from loaders.extract import cues

    bad = tmp_path / "cues.yaml"
    bad.write_text(cues.CUES_FILE.read_text(encoding="utf-8").replace("release_verbs:\n", "release_verbz:\n", 1),
                   encoding="utf-8")
    before = state(case_dir)
    _append_text(case_dir, SEED_004)  # so that the document needs extracting
    monkeypatch.setattr(cues, "CUES_FILE", bad)
    caches = [extraction._extractor, cues.load_cues]
    for cached in caches:
        getattr(cached, "cache_clear", lambda: None)()
    try:
        with pytest.raises(DataFileError, match="unknown section 'release_verbz'"):
            _build(case_dir)
    finally:
        for cached in caches:
            getattr(cached, "cache_clear", lambda: None)()
    assert state(case_dir) == before


def test_reliability_build_errors_mapping_error_leaves_the_whole_store_alone(case_dir):
    before = state(case_dir)
    _edit_facts(case_dir, SEED_000, _unknown_releaser)
    with pytest.raises(FactFileError):
        _build(case_dir)
    assert state(case_dir)[0] == before[0]


def test_reliability_build_errors_keep_going_skips_an_unreadable_text(case_dir):
    _prepend(case_dir, SEED_004, b"\xef\xbb\xbf")
    summary = _build(case_dir, keep_going=True)
    assert any(line.startswith(SEED_004) and "byte-order mark" in line for line in summary.skipped)


def _kg_build(where: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([*KG, "build", "corpus", "--store", "oxigraph:store", "--out", "exports", "--no-progress",
                           *extra], cwd=where, capture_output=True, text=True, timeout=300)


def test_reliability_build_errors_cli_stops_with_one_line(case_dir):
    before = state(case_dir)
    _prepend(case_dir, SEED_004, b"\xef\xbb\xbf")
    done = _kg_build(case_dir)
    assert done.returncode == 2
    assert done.stderr == (f"error: corpus/{SEED_004}.txt: starts with a UTF-8 byte-order mark; "
                           "expected plain UTF-8 without one\n")
    assert done.stdout == ""
    assert state(case_dir) == before


def test_reliability_build_errors_cli_keep_going_skips_says_so_and_exits_non_zero(case_dir):
    before = state(case_dir)
    _edit_facts(case_dir, SEED_000, _shift_evidence)
    _append_text(case_dir, SEED_004)
    done = _kg_build(case_dir, "--keep-going")
    assert done.returncode == 1, done.stderr
    skipped = [line for line in done.stderr.splitlines() if line.startswith("skipped ")]
    assert len(skipped) == 1 and skipped[0].startswith(f"skipped {SEED_000}: ") and "expected" in skipped[0]
    assert done.stdout.startswith("built 2 documents")
    quads, exports = state(case_dir)
    doc = "<https://w3id.org/negotiation-kg/id/document/"
    old_000 = {q for q in before[0] if q.endswith(f"{doc}{SEED_000}>")}
    assert old_000 and {q for q in quads if q.endswith(f"{doc}{SEED_000}>")} == old_000, "the skipped document changed"
    new_text = (case_dir / "corpus" / f"{SEED_004}.txt").read_text(encoding="utf-8")
    import hashlib

    assert hashlib.sha256(new_text.encode()).hexdigest().encode() in exports["graph.trig"], "the good change is in"
    assert exports["graph.trig"] != before[1]["graph.trig"]


def test_build_text_changed_after_the_corpus_was_read(make_corpus, tmp_path, monkeypatch):
    """A text edited between reading the corpus and extracting its batch stops the
    build with the file named; with keep_going that document is left out."""
    import kg.build as build_module
    from kg.errors import DocumentError
    from kg.stores import open_store
    from loaders import corpus as corpus_module

    root = make_corpus({"a.txt": "The talks resumed in Doha on Sunday.\n",
                        "b.txt": "The rebels freed 12 soldiers on Monday, a spokesman said.\n"})
    real = corpus_module.load_corpus

    def load_then_edit(*args, **kwargs):
        loaded = real(*args, **kwargs)
        (root / "b.txt").write_text("The rebels freed 13 soldiers on Monday, a spokesman said.\n", encoding="utf-8")
        return loaded

    monkeypatch.setattr(build_module, "load_corpus", load_then_edit)
    store = open_store(f"oxigraph:{tmp_path / 'store'}")
    with pytest.raises(DocumentError, match=r"b\.txt: changed while the corpus was being read"):
        build_module.build(root, store, out_dir=None, html=False)
    (root / "b.txt").write_text("The rebels freed 12 soldiers on Monday, a spokesman said.\n", encoding="utf-8")
    summary = build_module.build(root, store, out_dir=None, html=False, keep_going=True)
    assert [line.split(":")[0] for line in summary.skipped] == ["b"]
    store.close()
