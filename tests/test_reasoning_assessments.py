"""Defined classes over the build's status assessments: the SPARQL rules and
HermiT classify the seed commitments the same way."""

from __future__ import annotations

import shutil

import pytest

from kg.export import dataset_from_nquads
from kg.terms import DERIVED_GRAPH, NKG

CLASSES = ("OverdueCommitment", "FulfilledCommitment", "OverdueAssessment", "FulfilledAssessment")


def _members(store, name: str) -> set[str]:
    rows = store.query(f"SELECT DISTINCT ?x WHERE {{ GRAPH <{DERIVED_GRAPH}> {{ ?x a <{NKG}{name}> }} }}")
    return {r["x"] for r in rows}


def test_reasoning_overdue_and_fulfilled_commitments(seed_store):
    overdue = {iri.split("/id/commitment/")[1] for iri in _members(seed_store, "OverdueCommitment")}
    fulfilled = {iri.split("/id/commitment/")[1] for iri in _members(seed_store, "FulfilledCommitment")}
    assert overdue == {
        "agreement/taliban+united-states/2020-02-29/government-of-afghanistan/release/taliban",
        "agreement/taliban+united-states/2020-02-29/taliban/release/government-of-afghanistan",
    }
    assert fulfilled == {
        "decision/government-of-afghanistan/2020-04-02/government-of-afghanistan/release/taliban",
        "decision/government-of-afghanistan/2020-04-02/taliban/release/government-of-afghanistan",
    }


@pytest.mark.reasoner
@pytest.mark.skipif(shutil.which("java") is None, reason="HermiT needs Java on PATH")
def test_reasoning_hermit_agrees_with_the_rules(seed_oxigraph):
    from kg.ontology import reason

    store, _ = seed_oxigraph
    asserted = "\n".join(line for line in store.dump_nquads().splitlines() if f"<{DERIVED_GRAPH}>" not in line
                         or "#StatusAssessment>" in line or "ontology#assesses>" in line or "ontology#isOverdue>" in line
                         or "ontology#status>" in line)
    world = reason(dataset_from_nquads(asserted))
    for name in CLASSES:
        hermit = {str(i.iri) for i in world.search(type=world[NKG + name])}
        assert hermit == _members(store, name), name
