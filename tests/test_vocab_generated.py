"""kg/vocab.py is what ontology/make_vocab.py makes of ontology/nkg.ttl today."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from rdflib import Graph, URIRef

from kg import vocab
from kg.ontology import load_ontology_graph

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def make_vocab() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_vocab", ROOT / "ontology" / "make_vocab.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def ontology() -> Graph:
    return load_ontology_graph()


def test_vocab_matches_the_generator_output(make_vocab: ModuleType) -> None:
    checked_in = (ROOT / "kg" / "vocab.py").read_text(encoding="utf-8")
    assert checked_in == make_vocab.render(), "kg/vocab.py is stale: run python ontology/make_vocab.py"


@pytest.mark.parametrize("runs", [2])
def test_vocab_generator_is_deterministic(make_vocab: ModuleType, runs: int) -> None:
    assert len({make_vocab.render() for _ in range(runs)}) == 1


def test_vocab_terms_all_exist_in_the_ontology(ontology: Graph) -> None:
    names = list(vocab.NKG.__annotations__)
    assert names
    subjects = set(ontology.subjects())
    assert [n for n in names if URIRef(vocab.NKG[n]) not in subjects] == []


def test_vocab_lists_every_ontology_term(ontology: Graph) -> None:
    own = {str(s) for s in ontology.subjects() if isinstance(s, URIRef) and s.startswith(str(vocab.NKG))}
    assert own == {str(vocab.NKG[n]) for n in vocab.NKG.__annotations__}


@pytest.mark.parametrize("unknown", ["Promise", "speakr"])
def test_vocab_namespace_is_closed(unknown: str) -> None:
    with pytest.raises(AttributeError):
        getattr(vocab.NKG, unknown)


@pytest.mark.parametrize(
    ("constant", "expected"),
    [
        (vocab.ID["party/taliban"], "https://w3id.org/negotiation-kg/id/party/taliban"),
        (vocab.ACTORS_GRAPH, "https://w3id.org/negotiation-kg/graph/actors"),
        (vocab.DERIVED_GRAPH, "https://w3id.org/negotiation-kg/graph/derived"),
        (vocab.OA.exact, "http://www.w3.org/ns/oa#exact"),
        (vocab.PROV.wasAttributedTo, "http://www.w3.org/ns/prov#wasAttributedTo"),
        (vocab.ORG.postIn, "http://www.w3.org/ns/org#postIn"),
        (vocab.TIME.hasTime, "http://www.w3.org/2006/time#hasTime"),
    ],
)
def test_vocab_constants(constant: URIRef, expected: str) -> None:
    assert isinstance(constant, URIRef)
    assert str(constant) == expected
