"""Shared fixtures: the seed corpus, stores built from it, a small-corpus maker."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SEED_000 = "000_96addb07b944f045"
SEED_004 = "004_d4a9fecee8dd37c2"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    return CORPUS


def build_store(spec: str, corpus: Path = CORPUS, **kwargs):
    from kg.build import build
    from kg.stores import open_store

    store = open_store(spec)
    kwargs.setdefault("extract", False)
    summary = build(corpus, store, out_dir=None, html=False, **kwargs)
    return store, summary


@pytest.fixture(scope="session")
def seed_server(tmp_path_factory):
    """A real Oxigraph server (read-write) on a temporary store, for the session."""
    from oxigraph_server import running

    with running(tmp_path_factory.mktemp("seed-server") / "store") as server:
        yield server


@pytest.fixture(scope="session", params=["memory", "oxigraph", pytest.param("sparql", marks=pytest.mark.server)])
def seed_store(request, tmp_path_factory):
    """The seed corpus built into each backend (session-wide, read only): rdflib
    memory, embedded Oxigraph, and an Oxigraph server reached over SPARQL."""
    spec = request.param
    if spec == "oxigraph":
        spec = f"oxigraph:{tmp_path_factory.mktemp('seed-store') / 'store'}"
    elif spec == "sparql":
        spec = request.getfixturevalue("seed_server").spec
    store, _ = build_store(spec)
    yield store
    store.close()


@pytest.fixture(scope="session")
def seed_oxigraph(tmp_path_factory):
    store, summary = build_store(f"oxigraph:{tmp_path_factory.mktemp('seed-ox') / 'store'}")
    yield store, summary
    store.close()


@pytest.fixture
def make_corpus(tmp_path):
    """Write a corpus folder: ``make_corpus({"a.txt": text}, entries=[...])``."""
    import yaml

    def make(files: dict[str, str | bytes], entries: list[dict] | None = None, raw_manifest: str | None = None) -> Path:
        root = tmp_path / "corpus"
        root.mkdir(exist_ok=True)
        for name, content in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        if raw_manifest is not None:
            (root / "manifest.yaml").write_text(raw_manifest, encoding="utf-8")
        else:
            if entries is None:
                entries = [{"file": name, "published": dt.date(2020, 4, 2), "publisher": "Test Wire",
                            "title": f"Article {name}"} for name in files]
            (root / "manifest.yaml").write_text(yaml.safe_dump({"documents": entries}, sort_keys=False), encoding="utf-8")
        return root

    return make


@pytest.fixture
def seed_copy(tmp_path) -> Path:
    """A writable copy of the seed corpus (texts, manifest, reviewed facts)."""
    target = tmp_path / "seed-corpus"
    shutil.copytree(CORPUS, target)
    return target
