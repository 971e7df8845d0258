"""Facts to RDF: one named graph per document, deterministic IRIs.

The graph of a document is named by the document's IRI and holds the
document's metadata, every fact read from it and the text spans that are its
evidence. Known actors (the gazetteer) live in the actors graph. Triples are
N-Triples terms (see :mod:`kg.terms`), sorted, so the same facts always give
the same lines.

Instance IRIs are minted from content, never from counters::

    id/party/<id>   id/person/<id>   id/post/<post-id>   id/document/<doc-id>
    id/agreement/<id>   id/commitment/<id>
    id/release/<doc-id>/<start>-<end>   id/statement/<doc-id>/<start>-<end>
    id/span/<doc-id>/<start>-<end>   id/interval/<from>/<to>   id/instant/<date>
"""

from __future__ import annotations

import copy
import datetime as dt
from dataclasses import dataclass, field
from typing import Iterable

from kg.errors import FactFileError
from kg.terms import Triple, entity, literal, q, typed
from loaders import facts as F
from loaders.gazetteer import Gazetteer

__all__ = ["ActorIndex", "Mapped", "actors_triples", "document_iri", "document_triples", "map_corpus"]

PARTY_CLASSES = {
    "government": "nkg:Government",
    "armed_movement": "nkg:ArmedMovement",
    "state": "nkg:State",
    "international_organisation": "nkg:InternationalOrganisation",
}
STATEMENT_CLASSES = {
    "claim": "nkg:Claim",
    "demand": "nkg:Demand",
    "prediction": "nkg:Prediction",
    "accusation": "nkg:Accusation",
    "praise": "nkg:Praise",
    "denial": "nkg:Denial",
    "commitment": "nkg:Pledge",
    "announcement": "nkg:Announcement",
    "confirmation": "nkg:Confirmation",
}
ACTION_CONCEPTS = {
    "release": "nkg:ReleaseAction",
    "withdraw": "nkg:WithdrawAction",
    "ceasefire": "nkg:CeasefireAction",
    "talks": "nkg:TalksAction",
    "other": "nkg:OtherAction",
}
QUALIFIER_CONCEPTS = {
    "exact": "nkg:ExactCount",
    "at_least": "nkg:AtLeastCount",
    "at_most": "nkg:AtMostCount",
    "approximate": "nkg:ApproximateCount",
    "vague": "nkg:VagueCount",
}
AMENDMENT_PROPERTIES = {
    "tranche_of": "nkg:trancheOf",
    "narrows": "nkg:narrows",
    "extends": "nkg:extends",
    "replaces": "nkg:replaces",
}
A = q("rdf:type")
UNATTRIBUTED = "unattributed"  # the speaker id of a statement the text attributes to nobody
SPEAKER_KINDS = ("party", "person", "post")


def document_iri(doc_id: str) -> str:
    return entity("document", doc_id)


@dataclass
class ActorIndex:
    """Resolves actor ids to IRIs: gazetteer actors plus a document's own."""

    gazetteer: Gazetteer
    parties: set[str] = field(default_factory=set)
    persons: set[str] = field(default_factory=set)
    posts: dict[str, F.Post] = field(default_factory=dict)

    @classmethod
    def for_facts(cls, gazetteer: Gazetteer, facts: F.DocFacts) -> "ActorIndex":
        index = cls(gazetteer)
        index.parties = set(gazetteer.parties) | {p.id for p in facts.parties}
        index.persons = set(gazetteer.persons) | {p.id for p in facts.persons}
        index.posts = {p.id: p for p in gazetteer.posts}
        index.posts.update({p.id: p for p in facts.posts})
        return index

    def iri(self, actor: str, where: str, kinds: tuple[str, ...] = ("party", "person", "post")) -> str:
        if actor == UNATTRIBUTED and kinds == SPEAKER_KINDS:
            return q("nkg:Unattributed")
        if "party" in kinds and actor in self.parties:
            return entity("party", actor)
        if "person" in kinds and actor in self.persons:
            return entity("person", actor)
        if "post" in kinds and actor in self.posts:
            return entity("post", actor)
        raise FactFileError(f"{where}: unknown {' or '.join(kinds)} {actor!r}; expected an id from the gazetteer or declared in the document's facts")

    def post_for(self, person: str, on: dt.date) -> F.Post | None:
        """The post a person held on a date, preferring the document's own."""
        candidates = [p for p in self.posts.values() if p.holder == person]
        dated = [p for p in candidates if not ((p.start and on < p.start) or (p.end and on > p.end))]
        pool = dated or candidates
        return sorted(pool, key=lambda p: (p.start or dt.date.min, p.id))[-1] if pool else None


def span_iri(ev: F.Evidence) -> str:
    return entity("span", ev.document, f"{ev.start}-{ev.end}")


def interval_iri(start: dt.date | None, end: dt.date) -> str:
    """``interval/<from>/<to>``; ``interval/-/<to>`` when the start is not known
    (a running total "so far" says when it stands, not since when)."""
    return entity("interval", start.isoformat() if start else "-", end.isoformat())


def _span(ev: F.Evidence, doc: str) -> list[Triple]:
    s = span_iri(ev)
    return [
        (s, A, q("nkg:TextSpan")),
        (s, q("oa:start"), typed(ev.start)),
        (s, q("oa:end"), typed(ev.end)),
        (s, q("oa:exact"), literal(ev.text)),
        (s, q("nkg:inDocument"), doc),
    ]


def _interval(start: dt.date | None, end: dt.date) -> list[Triple]:
    node = interval_iri(start, end)
    out = [(node, A, q("time:ProperInterval"))]
    for prop, day in (("time:hasBeginning", start), ("time:hasEnd", end)):
        if day is None:
            continue
        instant = entity("instant", day.isoformat())
        out += [(node, q(prop), instant), (instant, A, q("time:Instant")), (instant, q("time:inXSDDate"), typed(day))]
    return out


def _provenance(node: str, fact: object, doc: str) -> list[Triple]:
    out: list[Triple] = []
    ev = getattr(fact, "evidence", None)
    if ev is not None:
        out += [(node, q("nkg:evidence"), span_iri(ev)), *_span(ev, doc)]
    out.append((node, q("nkg:extractedBy"), literal(getattr(fact, "rule", None) or "reviewed")))
    out.append((node, q("nkg:confidence"), typed(float(getattr(fact, "confidence", 1.0)))))
    return out


def _party_triples(party: F.Party) -> list[Triple]:
    node = entity("party", party.id)
    out = [(node, A, q("nkg:Party")), (node, q("rdfs:label"), literal(party.name, "en"))]
    if party.kind in PARTY_CLASSES:
        out.append((node, A, q(PARTY_CLASSES[party.kind])))
    out += [(node, q("skos:altLabel"), literal(alias, "en")) for alias in party.aliases if alias != party.name]
    return out


def _person_triples(person: F.Person) -> list[Triple]:
    node = entity("person", person.id)
    out = [(node, A, q("nkg:Person")), (node, q("rdfs:label"), literal(person.name, "en"))]
    out += [(node, q("skos:altLabel"), literal(alias, "en")) for alias in person.aliases if alias != person.name]
    return out


def _post_triples(post: F.Post, index: ActorIndex | None, doc: str | None) -> list[Triple]:
    node = entity("post", post.id)
    out = [(node, A, q("nkg:Post")), (node, q("rdfs:label"), literal(post.title, "en"))]
    if post.anonymous:
        out.append((node, A, q("nkg:AnonymousSource")))
    if post.party:
        out.append((node, q("org:postIn"), entity("party", post.party)))
    if post.holder:
        out.append((node, q("org:heldBy"), entity("person", post.holder)))
    if post.start:
        out.append((node, q("nkg:heldFrom"), typed(post.start)))
    if post.end:
        out.append((node, q("nkg:heldUntil"), typed(post.end)))
    if doc and post.evidence:
        out += _provenance(node, post, doc)
    return out


def actors_triples(gazetteer: Gazetteer) -> list[Triple]:
    """The actors graph: every party, person and post of the gazetteer."""
    out: list[Triple] = []
    for party in gazetteer.parties.values():
        out += _party_triples(party)
    for person in gazetteer.persons.values():
        out += _person_triples(person)
    for post in gazetteer.posts:
        out += _post_triples(post, None, None)
    return sorted(set(out))


def _metadata(doc: F.Document) -> list[Triple]:
    node = document_iri(doc.id)
    out = [
        (node, A, q("nkg:NewsArticle")),
        (node, q("dcterms:title"), literal(doc.title)),
        (node, q("dcterms:issued"), typed(doc.published)),
        (node, q("nkg:publisherName"), literal(doc.publisher)),
        (node, q("nkg:sha256"), literal(doc.sha256)),
        (node, q("nkg:fileName"), literal(doc.file)),
    ]
    out += [(node, q("nkg:credit"), literal(c)) for c in doc.credits]
    if doc.dateline:
        out.append((node, q("nkg:dateline"), literal(doc.dateline)))
    return out


@dataclass(frozen=True)
class Mapped:
    """The triples of one document's named graph."""

    graph: str
    triples: tuple[Triple, ...]


def document_triples(
    doc: F.Document,
    facts: F.DocFacts,
    gazetteer: Gazetteer,
    known: dict[str, str] | None = None,
) -> Mapped:
    """Map one document and its facts to the triples of its named graph.

    ``known`` maps agreement and commitment ids of the whole corpus to their
    IRIs, so that ``about`` and ``reciprocal_to`` may point across documents.
    """
    d = document_iri(doc.id)
    where = f"facts of document {doc.id!r}"
    index = ActorIndex.for_facts(gazetteer, facts)
    known = copy.copy(known) if known is not None else {}
    for agreement in facts.agreements:
        known.setdefault(agreement.id, entity("agreement", agreement.id))
    for commitment in facts.commitments:
        known.setdefault(commitment.id, entity("commitment", commitment.id))

    def ref(value: str, field_name: str) -> str:
        if value in known:
            return known[value]
        raise FactFileError(f"{where}, field '{field_name}': unknown agreement or commitment {value!r}")

    out: list[Triple] = _metadata(doc)
    for party in facts.parties:
        out += _party_triples(party)
    for person in facts.persons:
        out += _person_triples(person)
    for post in facts.posts:
        if post.party:
            index.iri(post.party, f"{where}, post {post.id!r}, field 'party'", ("party",))
        if post.holder:
            index.iri(post.holder, f"{where}, post {post.id!r}, field 'holder'", ("person",))
        out += _post_triples(post, index, d)

    for agreement in facts.agreements:
        node = entity("agreement", agreement.id)
        out += [(node, A, q("nkg:Agreement")), (node, q("rdfs:label"), literal(agreement.name, "en"))]
        if agreement.kind == "decision":
            out.append((node, A, q("nkg:Decision")))
        if agreement.date:
            out.append((node, q("nkg:agreedOn"), typed(agreement.date)))
        for signatory in agreement.signatories:
            out.append((node, q("nkg:signatory"), index.iri(signatory, f"{where}, agreement {agreement.id!r}, field 'signatories'")))
        if agreement.place:
            out.append((node, q("nkg:placeName"), literal(agreement.place)))
        out += _provenance(node, agreement, d)

    for c in facts.commitments:
        node = entity("commitment", c.id)
        here = f"{where}, commitment {c.id!r}"
        out += [
            (node, A, q("nkg:Commitment")),
            (node, q("nkg:obligor"), index.iri(c.obligor, f"{here}, field 'obligor'", ("party",))),
            (node, q("nkg:action"), q(ACTION_CONCEPTS[c.action])),
            (node, q("nkg:objectDescription"), literal(c.object)),
        ]
        if c.agreement:
            out.append((node, q("nkg:underAgreement"), ref(c.agreement, "agreement")))
        if c.object_party:
            out.append((node, q("nkg:objectParty"), index.iri(c.object_party, f"{here}, field 'object_party'", ("party",))))
        if c.target is not None:
            out.append((node, q("nkg:targetCount"), typed(c.target)))
        out.append((node, q("nkg:isUpperBound"), typed(c.upper_bound)))
        if c.counterparty:
            out.append((node, q("nkg:counterparty"), index.iri(c.counterparty, f"{here}, field 'counterparty'", ("party",))))
        if c.deadline:
            out.append((node, q("nkg:deadline"), typed(c.deadline)))
        for other in c.reciprocal_to:
            out.append((node, q("nkg:reciprocalTo"), ref(other, "reciprocal_to")))
        for condition in c.conditions:
            out.append((node, q("nkg:conditionText"), literal(condition)))
        if c.amends:
            out.append((node, q(AMENDMENT_PROPERTIES.get(c.amendment or "", "nkg:amends")), ref(c.amends, "amends")))
        out += _provenance(node, c, d)

    seen: set[str] = set()

    def unique(kind: str, ev: F.Evidence) -> str:
        node = entity(kind, doc.id, f"{ev.start}-{ev.end}")
        n = 1
        while node in seen:
            n += 1
            node = entity(kind, doc.id, f"{ev.start}-{ev.end}", n)
        seen.add(node)
        return node

    for r in facts.releases:
        node = unique("release", r.evidence)
        here = f"{where}, release at {r.evidence.start}"
        out += [
            (node, A, q("nkg:ReleaseEvent")),
            (node, A, q("nkg:RunningTotal" if r.cumulative else "nkg:ReleaseBatch")),
            (node, q("nkg:releaser"), index.iri(r.releaser, f"{here}, field 'releaser'", ("party",))),
            (node, q("nkg:countQualifier"), q(QUALIFIER_CONCEPTS[r.qualifier])),
        ]
        if r.released_party:
            out.append((node, q("nkg:peopleOf"), index.iri(r.released_party, f"{here}, field 'released_party'", ("party",))))
        if r.count is not None:
            out.append((node, q("nkg:releasedCount"), typed(r.count)))
        end = r.date_to or r.date_from
        if end:
            out += [(node, q("time:hasTime"), interval_iri(r.date_from, end)), *_interval(r.date_from, end)]
        if r.place:
            out.append((node, q("nkg:placeName"), literal(r.place)))
        if r.source:
            out.append((node, q("nkg:accordingTo"), index.iri(r.source, f"{here}, field 'source'")))
        if r.description:
            out.append((node, q("rdfs:comment"), literal(r.description)))
        out += _provenance(node, r, d)

    for s in facts.statements:
        node = unique("statement", s.evidence)
        here = f"{where}, statement at {s.evidence.start}"
        speaker = index.iri(s.speaker, f"{here}, field 'speaker'")
        out += [
            (node, A, q("nkg:Statement")),
            (node, A, q("nkg:DirectQuote" if s.kind == "direct" else "nkg:ReportedSpeech")),
            (node, A, q(STATEMENT_CLASSES[s.type])),
            (node, q("nkg:speaker"), speaker),
            (node, q("nkg:words"), literal(s.text)),
        ]
        post = s.post
        if post is None and s.speaker in index.posts:
            post = s.speaker
        if post is None and s.speaker in index.persons:
            found = index.post_for(s.speaker, s.said_on or doc.published)
            post = found.id if found else None
        if post is not None:
            out.append((node, q("nkg:inCapacityOf"), index.iri(post, f"{here}, field 'post'", ("post",))))
        if s.speaker in index.parties:
            out.append((node, q("nkg:onBehalfOf"), speaker))
        if s.channel:
            out.append((node, q("nkg:channel"), literal(s.channel)))
        if s.said_on:
            out.append((node, q("nkg:saidOn"), typed(s.said_on)))
        for about in s.about:
            out.append((node, q("nkg:about"), ref(about, "about")))
        if s.expected_from:
            out.append((node, q("nkg:expectedFrom"), typed(s.expected_from)))
        if s.expected_to:
            out.append((node, q("nkg:expectedUntil"), typed(s.expected_to)))
        out += _provenance(node, s, d)

    return Mapped(graph=d[1:-1], triples=tuple(sorted(set(out))))


def known_ids(all_facts: Iterable[F.DocFacts]) -> dict[str, str]:
    """Agreement and commitment ids across a corpus, to their IRIs."""
    known: dict[str, str] = {}
    for facts in all_facts:
        for agreement in facts.agreements:
            known[agreement.id] = entity("agreement", agreement.id)
        for commitment in facts.commitments:
            known[commitment.id] = entity("commitment", commitment.id)
    return known


def map_corpus(docs: Iterable[F.Document], facts: dict[str, F.DocFacts], gazetteer: Gazetteer) -> list[Mapped]:
    """Map every document (with its facts, possibly none) to its named graph."""
    known = known_ids(facts.values())
    return [document_triples(doc, facts.get(doc.id, F.DocFacts(doc.id)), gazetteer, known) for doc in docs]


def ntriples(triples: Iterable[Triple]) -> str:
    """Triples as N-Triples text."""
    return "".join(f"{s} {p} {o} .\n" for s, p, o in triples)


__all__ += ["known_ids", "ntriples"]
