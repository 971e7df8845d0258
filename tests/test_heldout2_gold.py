"""The second held-out set loads and its gold facts are self-consistent.

``tests/data/heldout2/`` holds ten articles (``corpus/``) and one gold fact file per article
(``gold/``), annotated by the conventions in its README. Nothing here runs an extractor: these
tests keep the gold honest. Loading through :func:`loaders.factfile.load_fact_dir` checks every
evidence span against its document; the tests below add that every document has gold with
statements, every actor a fact names is in the gazetteer or declared in the file, identifiers are
the ones :mod:`loaders.facts` mints, and dates and counts are possible.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from pathlib import Path

import pytest

from loaders import facts as F
from loaders.corpus import Corpus, load_corpus
from loaders.factfile import load_fact_dir
from loaders.gazetteer import load_gazetteer

HELDOUT2 = Path(__file__).parent / "data" / "heldout2"
EXPECTED_DOCUMENTS = 10


@lru_cache(maxsize=1)
def corpus() -> Corpus:
    return load_corpus(HELDOUT2 / "corpus")


@lru_cache(maxsize=1)
def gold() -> dict[str, F.DocFacts]:
    return load_fact_dir(HELDOUT2 / "gold", {doc.id: doc.text for doc in corpus()})


DOC_IDS = [doc.id for doc in corpus()]


def actor_refs(facts: F.DocFacts) -> list[tuple[str, str]]:
    """Every (place, actor id) a document's facts point at.

    >>> actor_refs(F.DocFacts("d", statements=(F.Statement("icrc", "reported", "claim", "x", F.Evidence("d", 0, 1, "x")),)))
    [('statements[0].speaker', 'icrc')]
    """
    refs: list[tuple[str, str]] = []
    for n, s in enumerate(facts.statements):
        refs.append((f"statements[{n}].speaker", s.speaker))
    for n, r in enumerate(facts.releases):
        refs += [(f"releases[{n}].{k}", v) for k in ("releaser", "released_party", "source") if (v := getattr(r, k))]
    for n, c in enumerate(facts.commitments):
        refs += [(f"commitments[{n}].{k}", v) for k in ("obligor", "object_party", "counterparty") if (v := getattr(c, k))]
    for n, a in enumerate(facts.agreements):
        refs += [(f"agreements[{n}].signatories", s) for s in a.signatories]
    for n, p in enumerate(facts.posts):
        refs += [(f"posts[{n}].{k}", v) for k in ("party", "holder") if (v := getattr(p, k))]
    return refs


def known_ids(facts: F.DocFacts) -> set[str]:
    gaz = load_gazetteer()
    known = set(gaz.parties) | set(gaz.persons) | {p.id for p in gaz.posts}
    return known | {x.id for x in (*facts.parties, *facts.persons, *facts.posts)}


def party_of(actor: str, facts: F.DocFacts, on: dt.date | None) -> str:
    """The party a signatory stands for: itself, or the party of a post the person holds."""
    gaz = load_gazetteer()
    if actor in gaz.parties or actor in {p.id for p in facts.parties}:
        return actor
    held = [p.party for p in (*gaz.posts_of(actor, on), *facts.posts) if p.holder == actor and p.party]
    assert held, f"{facts.document}: signatory {actor!r} is neither a party nor the holder of a post"
    return held[0]


def test_heldout2_has_a_gold_file_for_every_document() -> None:
    assert len(corpus()) == EXPECTED_DOCUMENTS
    assert sorted(gold()) == sorted(DOC_IDS)


def test_heldout2_texts_are_article_length() -> None:
    for doc in corpus():
        words = len(doc.text.split())
        assert 250 <= words <= 450, f"{doc.id}: {words} words, expected 250-450"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout2_gold_has_statements(doc_id: str) -> None:
    assert gold()[doc_id].statements, f"{doc_id}: gold file has no statements"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout2_gold_actors_are_known_or_declared(doc_id: str) -> None:
    facts = gold()[doc_id]
    known = known_ids(facts)
    unknown = [(where, actor) for where, actor in actor_refs(facts) if actor not in known]
    assert not unknown, f"{doc_id}: actors neither in the gazetteer nor declared: {unknown}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout2_gold_declarations_do_not_contradict_the_gazetteer(doc_id: str) -> None:
    gaz = load_gazetteer()
    facts = gold()[doc_id]
    clashes = [p.id for p in facts.parties if p.id in gaz.persons or (p.id in gaz.parties and gaz.parties[p.id].kind != p.kind)]
    clashes += [p.id for p in facts.persons if p.id in gaz.parties]
    assert not clashes, f"{doc_id}: declarations clash with the gazetteer: {clashes}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout2_gold_statement_posts_belong_to_their_speaker(doc_id: str) -> None:
    facts = gold()[doc_id]
    posts = {p.id: p for p in (*load_gazetteer().posts, *facts.posts)}
    for s in facts.statements:
        if s.post is not None:
            assert s.post in posts, f"{doc_id}: {s.speaker} speaks in unknown post {s.post!r}"
            assert posts[s.post].holder in (None, s.speaker), f"{doc_id}: post {s.post!r} is not held by {s.speaker}"
    for post in facts.posts:
        if post.anonymous:
            assert post.holder is None and post.evidence is not None, f"{doc_id}: anonymous post {post.id!r}"
            assert post.id.endswith(f"/anon-{doc_id}"), f"{doc_id}: anonymous post id {post.id!r}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout2_gold_statement_text_fits_its_span(doc_id: str) -> None:
    for s in gold()[doc_id].statements:
        if s.kind == "direct":
            assert s.text == s.evidence.text, f"{doc_id}: direct quote differs from its span: {s.text!r}"
            assert s.text[0] not in "\"“", f"{doc_id}: direct quote keeps its opening mark: {s.text!r}"
        else:
            assert s.text in s.evidence.text, f"{doc_id}: reported text {s.text!r} is not in {s.evidence.text!r}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout2_gold_identifiers_are_minted_by_the_fact_model(doc_id: str) -> None:
    facts = gold()[doc_id]
    for a in facts.agreements:
        parties = [party_of(s, facts, a.date) for s in a.signatories]
        assert a.id == F.agreement_id(a.kind, parties, a.date), f"{doc_id}: agreement id {a.id!r} for {parties}"
    agreements = {a.id for a in facts.agreements}
    commitments = [c.id for c in facts.commitments]
    assert len(commitments) == len(set(commitments)), f"{doc_id}: duplicate commitment ids"
    for c in facts.commitments:
        assert c.id == F.commitment_id(c.agreement, c.obligor, c.action, c.object_party), f"{doc_id}: {c.id!r}"
        assert c.agreement in agreements, f"{doc_id}: {c.id!r} names an undeclared agreement"
        assert set(c.reciprocal_to) <= set(commitments) - {c.id}, f"{doc_id}: {c.id!r} reciprocal_to {c.reciprocal_to}"
        assert (c.amends is None) == (c.amendment is None), f"{doc_id}: {c.id!r} amends without an amendment kind"
    for s in facts.statements:
        assert set(s.about) <= agreements | set(commitments), f"{doc_id}: statement about {s.about}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout2_gold_dates_are_not_after_publication(doc_id: str) -> None:
    published = corpus().get(doc_id).published
    facts = gold()[doc_id]
    days = [s.said_on for s in facts.statements] + [a.date for a in facts.agreements]
    days += [d for r in facts.releases for d in (r.date_from, r.date_to)]
    assert all(d is None or d <= published for d in days), f"{doc_id}: a date after {published}"
    for r in facts.releases:
        assert not (r.date_from and r.date_to) or r.date_from <= r.date_to, f"{doc_id}: {r.evidence.text!r}"
        assert not r.cumulative or r.date_to is not None, f"{doc_id}: running total without date_to: {r.evidence.text!r}"
    for s in facts.statements:
        assert not (s.expected_from and s.expected_to) or s.expected_from <= s.expected_to
        assert s.expected_from is None or s.type == "prediction", f"{doc_id}: window on a {s.type}: {s.text!r}"


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_heldout2_gold_release_counts_fit_their_qualifier(doc_id: str) -> None:
    for r in gold()[doc_id].releases:
        if r.count is None:
            assert r.qualifier == "vague", f"{doc_id}: release without a count must be 'vague': {r.evidence.text!r}"
        else:
            assert r.count > 0 and r.qualifier != "vague", f"{doc_id}: {r.evidence.text!r}"


@pytest.mark.parametrize("kind", ["statements", "releases", "commitments", "agreements"])
def test_heldout2_gold_covers_each_fact_kind(kind: str) -> None:
    having = [doc_id for doc_id, facts in gold().items() if getattr(facts, kind)]
    assert len(having) >= 5, f"only {len(having)} documents have {kind}"


def test_heldout2_gold_has_direct_quotes_and_predictions_in_every_document() -> None:
    for doc_id, facts in gold().items():
        kinds = {s.kind for s in facts.statements}
        types = {s.type for s in facts.statements}
        assert kinds == {"direct", "reported"}, f"{doc_id}: statement kinds {kinds}"
        assert types & {"prediction", "demand"}, f"{doc_id}: no prediction or demand"
        assert facts.releases or facts.commitments, f"{doc_id}: neither a release nor a commitment"
