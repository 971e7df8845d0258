"""Every gold set is loadable and its facts hang together.

Gold sets: the seed corpus's reviewed facts, the development sets
(``tests/data/devset*``), and the held-out sets ``heldout`` to ``heldout53``
(each blind when it was first measured, since used for development). These tests
check the gold itself, never an extractor's output: every span where it says
(checked by :func:`loaders.factfile.load_fact_dir`), every actor a fact names in
the gazetteer or declared in the file, identifiers minted by
:mod:`loaders.facts`, dates possible for the publication date.
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

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data"
# The held-out sets, each of ten articles, all measured once blind and since used for development.
BLIND_SETS = ("heldout", *(f"heldout{n}" for n in range(2, 54)))
# name: (corpus folder, gold folder, documents expected at least)
GOLD_SETS = {
    "seeds": (ROOT / "corpus", ROOT / "corpus" / "facts", 2),
    "devset": (DATA / "devset" / "corpus", DATA / "devset" / "gold", 14),
    "devset2": (DATA / "devset2" / "corpus", DATA / "devset2" / "gold", 6),
    "devset3": (DATA / "devset3" / "corpus", DATA / "devset3" / "gold", 6),
    **{name: (DATA / name / "corpus", DATA / name / "gold", 10) for name in BLIND_SETS},
}


@lru_cache(maxsize=None)
def corpus(name: str) -> Corpus:
    return load_corpus(GOLD_SETS[name][0])


@lru_cache(maxsize=None)
def gold(name: str) -> dict[str, F.DocFacts]:
    return load_fact_dir(GOLD_SETS[name][1], {doc.id: doc.text for doc in corpus(name)})


DOCS = [(name, doc.id) for name in GOLD_SETS for doc in corpus(name)]
IDS = [f"{name}:{doc_id}" for name, doc_id in DOCS]


def known_actors(facts: F.DocFacts) -> set[str]:
    """Actor ids a fact in this file may name: the gazetteer's and the file's own."""
    gaz = load_gazetteer()
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
    gaz = load_gazetteer()
    if actor in gaz.parties or actor in {p.id for p in facts.parties}:
        return actor
    held = [p.party for p in (*gaz.posts_of(actor, on), *facts.posts) if p.holder == actor and p.party]
    assert held, f"{facts.document}: signatory {actor!r} is neither a party nor holds a post in one"
    return held[0]


@pytest.mark.parametrize("name", sorted(GOLD_SETS))
def test_gold_set_covers_every_document(name: str) -> None:
    assert len(corpus(name)) >= GOLD_SETS[name][2]
    assert sorted(gold(name)) == sorted(doc.id for doc in corpus(name)), "one gold file per article, and no other"


@pytest.mark.parametrize("name, doc_id", DOCS, ids=IDS)
def test_gold_document_has_statements_with_spans(name: str, doc_id: str) -> None:
    facts = gold(name)[doc_id]
    assert facts.statements, f"{doc_id}: the gold file has no statements"
    text = corpus(name).get(doc_id).text
    for ev in facts.evidences():
        assert ev.document == doc_id and text[ev.start : ev.end] == ev.text


@pytest.mark.parametrize("name, doc_id", DOCS, ids=IDS)
def test_gold_actors_are_known_or_declared(name: str, doc_id: str) -> None:
    facts = gold(name)[doc_id]
    known = known_actors(facts)
    unknown = [(where, actor) for where, actor in referenced_actors(facts) if actor not in known]
    assert not unknown, f"{doc_id}: actors neither in the gazetteer nor declared in the file: {unknown}"


@pytest.mark.parametrize("name, doc_id", DOCS, ids=IDS)
def test_gold_declarations_agree_with_the_gazetteer(name: str, doc_id: str) -> None:
    gaz = load_gazetteer()
    facts = gold(name)[doc_id]
    clashes = [p.id for p in facts.parties if p.id in gaz.persons or (p.id in gaz.parties and gaz.parties[p.id].kind != p.kind)]
    clashes += [p.id for p in facts.persons if p.id in gaz.parties]
    assert not clashes, f"{doc_id}: declarations that contradict the gazetteer: {clashes}"


@pytest.mark.parametrize("name, doc_id", DOCS, ids=IDS)
def test_gold_statement_posts_fit_their_speakers(name: str, doc_id: str) -> None:
    facts = gold(name)[doc_id]
    posts = {p.id: p for p in load_gazetteer().posts} | {p.id: p for p in facts.posts}
    for s in facts.statements:
        if s.post is None:
            continue
        assert s.post in posts, f"{doc_id}: statement by {s.speaker} names unknown post {s.post!r}"
        assert posts[s.post].holder in (None, s.speaker), f"{doc_id}: post {s.post!r} is not {s.speaker}'s"


@pytest.mark.parametrize("name, doc_id", DOCS, ids=IDS)
def test_gold_anonymous_posts_have_no_holder_and_a_span(name: str, doc_id: str) -> None:
    for post in gold(name)[doc_id].posts:
        if post.anonymous:
            assert post.holder is None and post.evidence is not None, f"{doc_id}: anonymous post {post.id!r}"
            assert post.id.endswith(f"/anon-{doc_id}"), f"{doc_id}: anonymous post id {post.id!r}"


@pytest.mark.parametrize("name, doc_id", DOCS, ids=IDS)
def test_gold_statement_text_matches_its_kind(name: str, doc_id: str) -> None:
    for s in gold(name)[doc_id].statements:
        if s.kind == "direct":
            assert s.text == s.evidence.text, f"{doc_id}: direct quote text differs from its span: {s.text!r}"
        else:
            assert s.text in s.evidence.text, f"{doc_id}: reported text {s.text!r} is not in its span"


@pytest.mark.parametrize("name, doc_id", DOCS, ids=IDS)
def test_gold_identifiers_are_minted_by_the_fact_model(name: str, doc_id: str) -> None:
    facts = gold(name)[doc_id]
    for a in facts.agreements:
        parties = [party_of(s, facts, a.date) for s in a.signatories]
        assert a.id == F.agreement_id(a.kind, parties, a.date), f"{doc_id}: agreement id {a.id!r} for {parties}"
    commitment_ids = [c.id for c in facts.commitments]
    assert len(commitment_ids) == len(set(commitment_ids)), f"{doc_id}: duplicate commitment ids"
    for c in facts.commitments:
        assert c.id == F.commitment_id(c.agreement, c.obligor, c.action, c.object_party), f"{doc_id}: {c.id!r}"


@pytest.mark.parametrize("name, doc_id", DOCS, ids=IDS)
def test_gold_dates_are_possible(name: str, doc_id: str) -> None:
    published = corpus(name).get(doc_id).published
    facts = gold(name)[doc_id]
    for s in facts.statements:
        assert s.said_on is None or s.said_on <= published, f"{doc_id}: {s.text[:40]!r} said on {s.said_on}"
        if s.expected_from and s.expected_to:
            assert s.expected_from <= s.expected_to
    for r in facts.releases:
        assert all(day is None or day <= published for day in (r.date_from, r.date_to)), f"{doc_id}: {r.evidence.text!r}"
        if r.date_from and r.date_to:
            assert r.date_from <= r.date_to
    for a in facts.agreements:
        assert a.date is None or a.date <= published, f"{doc_id}: agreement {a.id} dated after publication"


@pytest.mark.parametrize("name, doc_id", DOCS, ids=IDS)
def test_gold_release_counts_fit_their_qualifier(name: str, doc_id: str) -> None:
    for r in gold(name)[doc_id].releases:
        if r.count is None:
            assert r.qualifier == "vague", f"{doc_id}: release without a count must be 'vague': {r.evidence.text!r}"
        else:
            assert r.count > 0 and r.qualifier != "vague", f"{doc_id}: {r.evidence.text!r}"


@pytest.mark.parametrize("name", ["devset", *BLIND_SETS])
@pytest.mark.parametrize("kind", ["statements", "releases", "commitments", "agreements"])
def test_gold_set_covers_each_fact_kind(name: str, kind: str) -> None:
    with_kind = [doc_id for doc_id, facts in gold(name).items() if getattr(facts, kind)]
    assert len(with_kind) >= 5, f"{name}: only {len(with_kind)} documents have {kind}"


@pytest.mark.parametrize("name", BLIND_SETS)
def test_gold_blind_sets_are_new_texts(name: str) -> None:
    """A blind set repeats no paragraph of the seeds, the development set or another set."""
    others = [doc.text for other in GOLD_SETS if other != name for doc in corpus(other)]
    seen = {para.strip() for text in others for para in text.split("\n\n") if len(para.strip()) > 80}
    for doc in corpus(name):
        repeated = [para for para in doc.text.split("\n\n") if para.strip() in seen]
        assert not repeated, f"{doc.id} repeats {repeated[0][:60]!r}"
