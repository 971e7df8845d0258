"""The fact model: typed, immutable records that every producer emits.

Facts are the seam of the project. The rule extractor, an analyst's reviewed
fact files and gold files all produce these records; the graph side
(:mod:`kg.mapping`) reads nothing else. Every fact that comes from a text
carries its :class:`Evidence`: the document, the start and end offsets in the
original text (Python string offsets, i.e. Unicode code points) and the exact
text found there.

Actors are referred to by identifier (a lowercase slug such as ``taliban`` or
``zalmay-khalilzad``); :mod:`loaders.gazetteer` holds the known ones and a
document's facts may declare more.

>>> ev = Evidence("doc-1", 4, 9, "hello")
>>> ev.length
5
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Literal, Union

__all__ = [
    "ACTIONS",
    "AGREEMENT_KINDS",
    "AMENDMENTS",
    "COUNT_QUALIFIERS",
    "PARTY_KINDS",
    "STATEMENT_KINDS",
    "STATEMENT_TYPES",
    "Agreement",
    "Commitment",
    "DocFacts",
    "Document",
    "Evidence",
    "Fact",
    "Party",
    "Person",
    "Post",
    "Release",
    "Statement",
    "agreement_id",
    "commitment_id",
]

PARTY_KINDS = ("government", "armed_movement", "state", "international_organisation", "other")
STATEMENT_KINDS = ("direct", "reported")
STATEMENT_TYPES = (
    "claim",
    "demand",
    "prediction",
    "accusation",
    "praise",
    "denial",
    "commitment",
    "announcement",
    "confirmation",
)
COUNT_QUALIFIERS = ("exact", "at_least", "at_most", "approximate", "vague")
ACTIONS = ("release", "withdraw", "ceasefire", "talks", "other")
AGREEMENT_KINDS = ("agreement", "decision")
# How a later commitment changes an earlier one (``Commitment.amends``):
# a tranche of it (1,500 of the 5,000 first), narrows or extends its terms, or replaces it.
AMENDMENTS = ("tranche_of", "narrows", "extends", "replaces")

PartyKind = Literal["government", "armed_movement", "state", "international_organisation", "other"]
StatementKind = Literal["direct", "reported"]


@dataclass(frozen=True, order=True)
class Evidence:
    """Where a fact was read: ``text == document_text[start:end]``."""

    document: str
    start: int
    end: int
    text: str

    @property
    def length(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class Document:
    """One article and its publication facts (from the corpus manifest)."""

    id: str
    file: str
    published: dt.date
    publisher: str
    title: str
    text: str = field(repr=False)
    sha256: str
    credits: tuple[str, ...] = ()
    dateline: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class Party:
    """An organised actor: a government, an armed movement, a state, an IO."""

    id: str
    name: str
    kind: str = "other"
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Post:
    """A position in a party, possibly held by a person for a time.

    A post without a holder stands for an anonymous source ("a senior official
    in the office of the president").
    """

    id: str
    title: str
    party: str | None
    holder: str | None = None
    start: dt.date | None = None
    end: dt.date | None = None
    anonymous: bool = False
    evidence: Evidence | None = None


@dataclass(frozen=True)
class Person:
    """A named person, usually an official of a party."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Agreement:
    """A signed deal or a decision that creates commitments."""

    id: str
    name: str
    kind: str = "agreement"  # one of AGREEMENT_KINDS
    date: dt.date | None = None
    signatories: tuple[str, ...] = ()
    place: str | None = None
    evidence: Evidence | None = None
    rule: str | None = None
    confidence: float = 1.0


@dataclass(frozen=True)
class Commitment:
    """One party owes an action to another under an agreement.

    ``target`` is the quantity (5,000 prisoners); ``upper_bound`` marks "up to".
    ``object_party`` is whose people or things are concerned (a release of
    Taliban prisoners has ``object_party == "taliban"``).
    """

    id: str
    obligor: str
    action: str
    object: str
    agreement: str | None = None
    object_party: str | None = None
    target: int | None = None
    upper_bound: bool = False
    counterparty: str | None = None
    deadline: dt.date | None = None
    reciprocal_to: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    amends: str | None = None
    amendment: str | None = None  # one of AMENDMENTS, with ``amends``
    evidence: Evidence | None = None
    rule: str | None = None
    confidence: float = 1.0


@dataclass(frozen=True)
class Release:
    """A party frees people: a batch, or a reported running total.

    ``count`` is None when the text gives no figure ("began releasing",
    "hundreds"); ``qualifier`` says how to read the figure.
    """

    releaser: str
    released_party: str | None
    count: int | None
    evidence: Evidence
    qualifier: str = "exact"  # one of COUNT_QUALIFIERS
    cumulative: bool = False
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    place: str | None = None
    source: str | None = None
    description: str | None = None
    rule: str | None = None
    confidence: float = 1.0


@dataclass(frozen=True)
class Statement:
    """Who said what: a direct quote (verbatim) or reported speech.

    ``speaker`` is a person, a party or an anonymous post; ``post`` is the post
    the speaker spoke in, when the text gives it.
    """

    speaker: str
    kind: str  # one of STATEMENT_KINDS
    type: str  # one of STATEMENT_TYPES
    text: str
    evidence: Evidence
    post: str | None = None
    channel: str | None = None
    said_on: dt.date | None = None
    about: tuple[str, ...] = ()
    expected_from: dt.date | None = None
    expected_to: dt.date | None = None
    rule: str | None = None
    confidence: float = 1.0


Fact = Union[Agreement, Commitment, Release, Statement, Party, Person, Post]


@dataclass(frozen=True)
class DocFacts:
    """Everything read from one document: actors it introduces and its facts."""

    document: str
    parties: tuple[Party, ...] = ()
    persons: tuple[Person, ...] = ()
    posts: tuple[Post, ...] = ()
    agreements: tuple[Agreement, ...] = ()
    commitments: tuple[Commitment, ...] = ()
    releases: tuple[Release, ...] = ()
    statements: tuple[Statement, ...] = ()

    def evidences(self) -> list[Evidence]:
        """Every evidence span in these facts, in a stable order."""
        found: list[Evidence] = []
        for group in (self.posts, self.agreements, self.commitments, self.releases, self.statements):
            for fact in group:
                if fact.evidence is not None:
                    found.append(fact.evidence)
        return sorted(found)


def agreement_id(kind: str, parties: tuple[str, ...] | list[str], date: dt.date | None) -> str:
    """The identifier every producer gives an agreement: kind, parties, date.

    >>> agreement_id("agreement", ["united-states", "taliban"], dt.date(2020, 2, 29))
    'agreement/taliban+united-states/2020-02-29'
    """
    return f"{kind}/{'+'.join(sorted(set(parties))) or 'unknown'}/{date.isoformat() if date else 'undated'}"


def commitment_id(agreement: str | None, obligor: str, action: str, object_party: str | None) -> str:
    """The identifier every producer gives a commitment under an agreement.

    >>> commitment_id("decision/government-of-afghanistan/2020-04-02", "taliban", "release", "government-of-afghanistan")
    'decision/government-of-afghanistan/2020-04-02/taliban/release/government-of-afghanistan'
    """
    return f"{agreement or 'unattached'}/{obligor}/{action}/{object_party or 'any'}"
