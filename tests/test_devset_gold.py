"""The extraction development set is loadable and its gold facts hang together.

The set lives in ``tests/data/devset/`` (articles and manifest in ``corpus/``, one gold
fact file per article in ``gold/``; conventions in its README). These tests do not
measure an extractor; they keep the gold itself honest: every span is where it says
(checked by :func:`loaders.factfile.load_fact_dir`), every actor a fact names is known,
identifiers are the ones :mod:`loaders.facts` would mint, and dates are possible.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from pathlib import Path

import pytest

from loaders import facts as F
from loaders.corpus import Corpus, load_corpus
from loaders.factfile import load_fact_dir
from loaders.gazetteer import Gazetteer, load_gazetteer

DEVSET = Path(__file__).parent / "data" / "devset"
MIN_DOCUMENTS = 14


@lru_cache(maxsize=1)
def corpus() -> Corpus:
    return load_corpus(DEVSET / "corpus")


@lru_cache(maxsize=1)
def gold() -> dict[str, F.DocFacts]:
    return load_fact_dir(DEVSET / "gold", {doc.id: doc.text for doc in corpus()})


def gazetteer() -> Gazetteer:
    return load_gazetteer()


DOC_IDS = [doc.id for doc in corpus()]


def known_actors(facts: F.DocFacts) -> set[str]:
    """Actor ids a fact in this file may name: the gazetteer's and the file's own."""
    gaz = gazetteer()
    known = set(gaz.parties) | set(gaz.persons) | {post.id for post in gaz.posts}
    known |= {p.id for p in facts.parties} | {p.id for p in facts.persons} | {p.id for p in facts.posts}
    return known


def referenced_actors(facts: F.DocFacts) -> list[tuple[str, str]]:
    """(where, actor id) for every actor reference in a document's facts."""
    refs: list[tuple[str, str]] = []
    for n, s in enumerate(facts.statements):
        refs.append((f"statements[{n}].speaker", s.speaker))
    for n, r in enumerate(facts.releases):
        refs.append((f"releases[{n}].releaser", r.releaser))
        refs += [(f"releases[{n}].{name}", getattr(r, name)) for name in ("released_party", "source") if getattr(r, name)]
    for n, c in enumerate(facts.commitments):
        refs.append((f"commitments[{n}].obligor", c.obligor))
        refs += [(f"commitments[{n}].{name}", getattr(c, name)) for name in ("object_party", "counterparty") if getattr(c, name)]
    for n, a in enumerate(facts.agreements):
        refs += [(f"agreements[{n}].signatories", s) for s in a.signatories]
    for n, p in enumerate(facts.posts):
        if p.party:
            refs.append((f"posts[{n}].party", p.party))
        if p.holder:
            refs.append((f"posts[{n}].holder", p.holder))
    return refs


def party_of(actor: str, facts: F.DocFacts, on: dt.date | None) -> str:
    """A signatory's party: a party stands for itself, a person for the party of the post held."""
    gaz = gazetteer()
    if actor in gaz.parties or actor in {p.id for p in facts.parties}:
        return actor
    held = [p.party for p in (*gaz.posts_of(actor, on), *facts.posts) if p.holder == actor and p.party]
    assert held, f"{facts.document}: signatory {actor!r} is neither a party nor holds a post in one"
    return held[0]


def test_devset_gold_has_enough_documents() -> None:
    assert len(corpus()) >= MIN_DOCUMENTS
    assert sorted(gold()) == sorted(DOC_IDS)


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_devset_gold_document_has_statements(doc_id: str) -> None:
    assert doc_id in gold(), f"no gold file {doc_id}.yaml in {DEVSET / 'gold'}"
    assert gold()[doc_id].statements, f"{doc_id}: the gold file has no statements"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_devset_gold_actors_are_known_or_declared(doc_id: str) -> None:
    facts = gold()[doc_id]
    known = known_actors(facts)
    unknown = [(where, actor) for where, actor in referenced_actors(facts) if actor not in known]
    assert not unknown, f"{doc_id}: actors neither in the gazetteer nor declared in the file: {unknown}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_devset_gold_declarations_agree_with_the_gazetteer(doc_id: str) -> None:
    gaz = gazetteer()
    facts = gold()[doc_id]
    clashes = [p.id for p in facts.parties if p.id in gaz.persons or (p.id in gaz.parties and gaz.parties[p.id].kind != p.kind)]
    clashes += [p.id for p in facts.persons if p.id in gaz.parties]
    assert not clashes, f"{doc_id}: declarations that contradict the gazetteer: {clashes}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_devset_gold_statement_posts_exist(doc_id: str) -> None:
    facts = gold()[doc_id]
    posts = {p.id: p for p in gazetteer().posts} | {p.id: p for p in facts.posts}
    for s in facts.statements:
        if s.post is None:
            continue
        assert s.post in posts, f"{doc_id}: statement by {s.speaker} names unknown post {s.post!r}"
        assert posts[s.post].holder in (None, s.speaker), (
            f"{doc_id}: statement by {s.speaker} names post {s.post!r} held by {posts[s.post].holder!r}"
        )


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_devset_gold_anonymous_posts_have_no_holder_and_a_span(doc_id: str) -> None:
    for post in gold()[doc_id].posts:
        if post.anonymous:
            assert post.holder is None and post.evidence is not None, f"{doc_id}: anonymous post {post.id!r}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_devset_gold_statement_text_matches_its_kind(doc_id: str) -> None:
    for s in gold()[doc_id].statements:
        if s.kind == "direct":
            assert s.text == s.evidence.text, f"{doc_id}: direct quote text differs from its span: {s.text!r}"
        else:
            assert s.text in s.evidence.text, f"{doc_id}: reported text {s.text!r} is not in its span {s.evidence.text!r}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_devset_gold_identifiers_are_minted_by_the_fact_model(doc_id: str) -> None:
    facts = gold()[doc_id]
    for a in facts.agreements:
        parties = [party_of(s, facts, a.date) for s in a.signatories]
        assert a.id == F.agreement_id(a.kind, parties, a.date), f"{doc_id}: agreement id {a.id!r} for signatories {parties}"
    agreement_ids = {a.id for a in facts.agreements}
    commitment_ids = [c.id for c in facts.commitments]
    assert len(commitment_ids) == len(set(commitment_ids)), f"{doc_id}: duplicate commitment ids"
    for c in facts.commitments:
        assert c.id == F.commitment_id(c.agreement, c.obligor, c.action, c.object_party), f"{doc_id}: commitment id {c.id!r}"
        assert c.agreement is None or c.agreement in agreement_ids, f"{doc_id}: {c.id!r} names an undeclared agreement"
        assert set(c.reciprocal_to) <= set(commitment_ids) - {c.id}, f"{doc_id}: {c.id!r} reciprocal_to {c.reciprocal_to}"
    for s in facts.statements:
        assert set(s.about) <= agreement_ids | set(commitment_ids), f"{doc_id}: statement about {s.about}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_devset_gold_dates_are_possible(doc_id: str) -> None:
    published = corpus().get(doc_id).published
    facts = gold()[doc_id]
    for s in facts.statements:
        assert s.said_on is None or s.said_on <= published, f"{doc_id}: {s.text[:40]!r} said on {s.said_on}"
        if s.expected_from and s.expected_to:
            assert s.expected_from <= s.expected_to
    for r in facts.releases:
        for day in (r.date_from, r.date_to):
            assert day is None or day <= published, f"{doc_id}: release dated {day} after publication {published}"
        if r.date_from and r.date_to:
            assert r.date_from <= r.date_to
    for a in facts.agreements:
        assert a.date is None or a.date <= published


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_devset_gold_release_counts_fit_their_qualifier(doc_id: str) -> None:
    for r in gold()[doc_id].releases:
        if r.count is None:
            assert r.qualifier == "vague", f"{doc_id}: release without a count must be 'vague': {r.evidence.text!r}"
        else:
            assert r.count > 0 and r.qualifier != "vague", f"{doc_id}: {r.evidence.text!r}"


@pytest.mark.parametrize("kind", ["statements", "releases", "commitments", "agreements"])
def test_devset_gold_covers_each_fact_kind(kind: str) -> None:
    with_kind = [doc_id for doc_id, facts in gold().items() if getattr(facts, kind)]
    assert len(with_kind) >= 5, f"only {len(with_kind)} documents have {kind}"


def test_devset_gold_publication_dates_are_real_days() -> None:
    for doc in corpus():
        assert dt.date(2019, 1, 1) <= doc.published <= dt.date(2024, 12, 31), doc.id
