"""The held-out test set is loadable and its gold facts hang together.

The set lives in ``tests/data/heldout/`` (articles and manifest in ``corpus/``, one gold
fact file per article in ``gold/``; conventions in ``tests/data/devset/README.md``, notes in
its own README). It is kept apart from extractor development: these tests check the gold
itself, never an extractor's output. Every span must be where it says (checked by
:func:`loaders.factfile.load_fact_dir`), every actor a fact names must be in the gazetteer
or declared in the file, identifiers must be the ones :mod:`loaders.facts` mints, and
dates must be possible for the publication date.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from pathlib import Path

import pytest

from loaders import facts as F
from loaders.corpus import Corpus, load_corpus
from loaders.factfile import load_fact_dir, load_fact_file
from loaders.gazetteer import Gazetteer, load_gazetteer

HELDOUT = Path(__file__).parent / "data" / "heldout"
EXPECTED_DOCUMENTS = 10


@lru_cache(maxsize=1)
def corpus() -> Corpus:
    return load_corpus(HELDOUT / "corpus")


@lru_cache(maxsize=1)
def gold() -> dict[str, F.DocFacts]:
    return load_fact_dir(HELDOUT / "gold", {doc.id: doc.text for doc in corpus()})


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
        if s.post:
            refs.append((f"statements[{n}].post", s.post))
    for n, r in enumerate(facts.releases):
        refs.append((f"releases[{n}].releaser", r.releaser))
        refs += [(f"releases[{n}].{name}", getattr(r, name)) for name in ("released_party", "source") if getattr(r, name)]
    for n, c in enumerate(facts.commitments):
        refs.append((f"commitments[{n}].obligor", c.obligor))
        refs += [(f"commitments[{n}].{name}", getattr(c, name)) for name in ("object_party", "counterparty") if getattr(c, name)]
    for n, a in enumerate(facts.agreements):
        refs += [(f"agreements[{n}].signatories", s) for s in a.signatories]
    for n, p in enumerate(facts.posts):
        refs += [(f"posts[{n}].{name}", getattr(p, name)) for name in ("party", "holder") if getattr(p, name)]
    return refs


def party_of(actor: str, facts: F.DocFacts, on: dt.date | None) -> str:
    """A signatory's party: a party stands for itself, a person for the party of the post held."""
    gaz = gazetteer()
    if actor in gaz.parties or actor in {p.id for p in facts.parties}:
        return actor
    held = [p.party for p in (*gaz.posts_of(actor, on), *facts.posts) if p.holder == actor and p.party]
    assert held, f"{facts.document}: signatory {actor!r} is neither a party nor holds a post in one"
    return held[0]


def test_heldout_gold_covers_every_document() -> None:
    assert len(corpus()) == EXPECTED_DOCUMENTS
    assert sorted(gold()) == sorted(DOC_IDS), "every article needs exactly one gold file, and every gold file an article"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_spans_are_at_their_offsets(doc_id: str) -> None:
    text = corpus().get(doc_id).text
    facts = load_fact_file(HELDOUT / "gold" / f"{doc_id}.yaml", text)
    assert facts.evidences(), f"{doc_id}: no evidence spans"
    for ev in facts.evidences():
        assert ev.document == doc_id
        assert text[ev.start : ev.end] == ev.text


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_document_has_statements(doc_id: str) -> None:
    assert doc_id in gold(), f"no gold file {doc_id}.yaml in {HELDOUT / 'gold'}"
    assert gold()[doc_id].statements, f"{doc_id}: the gold file has no statements"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_document_has_a_quote_reported_speech_and_a_release_or_commitment(doc_id: str) -> None:
    facts = gold()[doc_id]
    kinds = {s.kind for s in facts.statements}
    assert kinds == {"direct", "reported"}, f"{doc_id}: statement kinds {sorted(kinds)}"
    assert facts.releases or facts.commitments, f"{doc_id}: neither a release nor a commitment"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_actors_are_known_or_declared(doc_id: str) -> None:
    facts = gold()[doc_id]
    known = known_actors(facts)
    unknown = [(where, actor) for where, actor in referenced_actors(facts) if actor not in known]
    assert not unknown, f"{doc_id}: actors neither in the gazetteer nor declared in the file: {unknown}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_declarations_agree_with_the_gazetteer(doc_id: str) -> None:
    gaz = gazetteer()
    facts = gold()[doc_id]
    clashes = [p.id for p in facts.parties if p.id in gaz.persons or (p.id in gaz.parties and gaz.parties[p.id].kind != p.kind)]
    clashes += [p.id for p in facts.persons if p.id in gaz.parties or p.id in gaz.persons]
    assert not clashes, f"{doc_id}: declarations that contradict or repeat the gazetteer: {clashes}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_statement_posts_fit_their_speakers(doc_id: str) -> None:
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
def test_heldout_gold_anonymous_posts_have_no_holder_and_a_span(doc_id: str) -> None:
    for post in gold()[doc_id].posts:
        if post.anonymous:
            assert post.holder is None and post.evidence is not None, f"{doc_id}: anonymous post {post.id!r}"
            assert post.id.endswith(f"/anon-{doc_id}"), f"{doc_id}: anonymous post id {post.id!r}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_statement_text_matches_its_kind(doc_id: str) -> None:
    for s in gold()[doc_id].statements:
        if s.kind == "direct":
            assert s.text == s.evidence.text, f"{doc_id}: direct quote text differs from its span: {s.text!r}"
        else:
            assert s.text in s.evidence.text, f"{doc_id}: reported text {s.text!r} is not in its span {s.evidence.text!r}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_identifiers_are_minted_by_the_fact_model(doc_id: str) -> None:
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
        assert c.amends is None or c.amends in commitment_ids, f"{doc_id}: {c.id!r} amends unknown {c.amends!r}"
    for s in facts.statements:
        assert set(s.about) <= agreement_ids | set(commitment_ids), f"{doc_id}: statement about {s.about}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_dates_are_possible(doc_id: str) -> None:
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
        assert a.date is None or a.date <= published, f"{doc_id}: agreement {a.id} dated after publication"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout_gold_release_counts_fit_their_qualifier(doc_id: str) -> None:
    for r in gold()[doc_id].releases:
        if r.count is None:
            assert r.qualifier == "vague", f"{doc_id}: release without a count must be 'vague': {r.evidence.text!r}"
        else:
            assert r.count > 0 and r.qualifier != "vague", f"{doc_id}: {r.evidence.text!r}"
        if r.cumulative:
            assert r.date_to is not None, f"{doc_id}: running total without the day it is reported for: {r.evidence.text!r}"


@pytest.mark.parametrize("kind", ["statements", "releases", "commitments", "agreements"])
def test_heldout_gold_covers_each_fact_kind(kind: str) -> None:
    with_kind = [doc_id for doc_id, facts in gold().items() if getattr(facts, kind)]
    assert len(with_kind) >= 5, f"only {len(with_kind)} documents have {kind}"


def test_heldout_articles_are_new_texts() -> None:
    """No held-out article repeats a paragraph of the development set or the seed corpus."""
    root = Path(__file__).parent.parent
    others = [*corpus_texts(root / "tests" / "data" / "devset" / "corpus"), *corpus_texts(root / "corpus")]
    seen = {para.strip() for text in others for para in text.split("\n\n") if len(para.strip()) > 80}
    for doc in corpus():
        repeated = [para for para in doc.text.split("\n\n") if para.strip() in seen]
        assert not repeated, f"{doc.id} repeats {repeated[0][:60]!r}"


def corpus_texts(folder: Path) -> list[str]:
    return [doc.text for doc in load_corpus(folder)] if (folder / "manifest.yaml").exists() else []
