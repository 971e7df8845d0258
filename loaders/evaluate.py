"""Extraction measured against gold fact files: precision, recall and F1 per fact type.

What counts as the same fact (one-to-one, greedy by best evidence overlap):

- **statements**: same speaker, and evidence spans that overlap by at least 0.8,
  where overlap = characters in both spans / characters in the longer span
  (so a span that is a tenth longer or shorter than the gold one still matches);
- **releases**: same releaser, same released party, same count (None for "hundreds"),
  same ``date_from`` and ``date_to``;
- **commitments**: same obligor, action, target and deadline;
- **agreements**: same kind and date, and the same id or signatory parties;
- **actors**: per document, the set of parties, persons and posts that speak,
  release or owe something.

Speakers and other actors match by id, or by normalised name or alias: a gold
file may declare an actor under another id ("the office of the president"
post), and the gazetteer's aliases count too. Posts match on party and title
(one title containing the other, e.g. "senior official" and "senior official in
the office of President Ashraf Ghani").

>>> from loaders.facts import DocFacts
>>> evaluate({"d": DocFacts("d")}, {"d": DocFacts("d")}).to_dict()["statements"]["f1"]
1.0
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from loaders.facts import DocFacts, Evidence, Party, Person, Post
from loaders.gazetteer import Gazetteer, load_gazetteer, normalise

__all__ = ["Scores", "TypeScore", "evaluate", "evaluate_dirs", "overlap", "OVERLAP"]

OVERLAP = 0.8
TYPES = ("statements", "releases", "commitments", "agreements", "actors")


@dataclass(frozen=True)
class TypeScore:
    """Counts and figures for one fact type."""

    name: str
    tp: int
    fp: int
    fn: int

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass(frozen=True)
class Scores:
    """Per-type scores, plus what was missed or extra (for error analysis)."""

    types: tuple[TypeScore, ...]
    documents: int
    missed: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    statement_type_accuracy: float | None = None
    # why gold facts were missed: (fact type, cause, how many), most frequent first; the cause is
    # "not found" (no extracted fact of the type overlaps it) or the fields in which the extracted
    # fact overlapping it most differs ("speaker", "span", "date_from+date_to", ...)
    causes: tuple[tuple[str, str, int], ...] = ()

    def __getitem__(self, name: str) -> TypeScore:
        for t in self.types:
            if t.name == name:
                return t
        raise KeyError(name)

    def table(self) -> list[list[str]]:
        """Rows for printing: a header, then one row per fact type."""
        rows = [["type", "precision", "recall", "f1", "tp", "fp", "fn"]]
        for t in self.types:
            rows.append([t.name, f"{t.precision:.3f}", f"{t.recall:.3f}", f"{t.f1:.3f}", str(t.tp), str(t.fp), str(t.fn)])
        return rows

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"documents": self.documents}
        for t in self.types:
            out[t.name] = {"precision": round(t.precision, 4), "recall": round(t.recall, 4), "f1": round(t.f1, 4),
                           "tp": t.tp, "fp": t.fp, "fn": t.fn}
        if self.statement_type_accuracy is not None:
            out["statement_type_accuracy"] = round(self.statement_type_accuracy, 4)
        why: dict[str, dict[str, int]] = {}
        for kind, cause, n in self.causes:
            why.setdefault(kind, {})[cause] = n
        out["missed_because"] = why
        return out


def overlap(a: Evidence | None, b: Evidence | None) -> float:
    """Characters shared by two spans over the length of the longer one.

    >>> overlap(Evidence("d", 0, 10, "x" * 10), Evidence("d", 1, 10, "x" * 9))
    0.9
    """
    if a is None or b is None or a.document != b.document:
        return 0.0
    shared = min(a.end, b.end) - max(a.start, b.start)
    longest = max(a.end - a.start, b.end - b.start)
    return max(0, shared) / longest if longest > 0 else 0.0


@dataclass
class _Actors:
    """Names of every actor known to the gazetteer, the gold file and the prediction."""

    gaz: Gazetteer
    names: dict[str, set[str]] = field(default_factory=dict)
    posts: dict[str, Post] = field(default_factory=dict)

    def declare(self, facts: DocFacts) -> None:
        actor: Party | Person
        for actor in (*facts.parties, *facts.persons):
            self.names.setdefault(actor.id, set()).update(normalise(n) for n in (actor.name, *actor.aliases))
        for post in facts.posts:
            self.posts[post.id] = post

    def names_of(self, actor: str) -> set[str]:
        found = set(self.names.get(actor, ()))
        if actor in self.posts:
            found.add(normalise(self.posts[actor].title))  # a group post ("Republican lawmakers") names its party
        if actor in self.gaz.parties:
            p = self.gaz.parties[actor]
            found.update(normalise(n) for n in (p.name, *p.aliases))
        if actor in self.gaz.persons:
            p2 = self.gaz.persons[actor]
            found.update(normalise(n) for n in (p2.name, *p2.aliases))
        return found

    def same(self, a: str | None, b: str | None) -> bool:
        if a == b:
            return True
        if a is None or b is None:
            return False
        pa, pb = self.posts.get(a), self.posts.get(b)
        if pa is not None and pb is not None:
            if pa.holder and pb.holder and not pa.holder.startswith("anon-") and pa.holder == pb.holder:
                return True
            if not self.same(pa.party, pb.party) if (pa.party and pb.party) else pa.party != pb.party:
                return False
            ta, tb = normalise(pa.title), normalise(pb.title)
            return ta == tb or ta in tb or tb in ta
        if pa is not None and pa.holder and not pa.anonymous:
            return self.same(pa.holder, b)
        if pb is not None and pb.holder and not pb.anonymous:
            return self.same(a, pb.holder)
        return bool(self.names_of(a) & self.names_of(b))


def _match(pred: Sequence[Any], gold: Sequence[Any], same: Callable[[Any, Any], bool],
           score: Callable[[Any, Any], float]) -> list[tuple[int, int]]:
    """One-to-one pairs, greedy by best score."""
    pairs = []
    for i, p in enumerate(pred):
        for j, g in enumerate(gold):
            if same(p, g):
                pairs.append((score(p, g), i, j))
    pairs.sort(key=lambda x: (-x[0], x[1], x[2]))
    used_p: set[int] = set()
    used_g: set[int] = set()
    found = []
    for _, i, j in pairs:
        if i in used_p or j in used_g:
            continue
        used_p.add(i)
        used_g.add(j)
        found.append((i, j))
    return found


def _ev_score(p: Any, g: Any) -> float:
    return overlap(getattr(p, "evidence", None), getattr(g, "evidence", None))


def _doc_actors(facts: DocFacts) -> list[str]:
    found: list[str] = []
    for s in facts.statements:
        found.append(s.speaker)
    for r in facts.releases:
        found.append(r.releaser)
    for c in facts.commitments:
        found.append(c.obligor)
    return sorted(set(found))


def _describe(kind: str, doc: str, fact: Any) -> str:
    if isinstance(fact, str):
        return f"{kind} {doc}: {fact}"
    bits = []
    for name in ("speaker", "type", "releaser", "released_party", "count", "date_from", "date_to", "obligor", "action",
                 "target", "deadline", "id"):
        if hasattr(fact, name):
            value = getattr(fact, name)
            bits.append(f"{name}={value.isoformat() if isinstance(value, dt.date) else value}")
    ev = getattr(fact, "evidence", None)
    if ev is not None:
        bits.append(f"@{ev.start}-{ev.end} {ev.text[:70]!r}")
    return f"{kind} {doc}: " + " ".join(bits)


# the fields compared for each fact type, in the order a cause names them
FIELDS = {
    "statements": ("speaker",),
    "releases": ("releaser", "released_party", "count", "date_from", "date_to"),
    "commitments": ("obligor", "action", "target", "deadline"),
    "agreements": ("kind", "date", "signatories"),
}
ACTOR_FIELDS = frozenset({"speaker", "releaser", "released_party", "obligor"})


def _cause(kind: str, gold_fact: Any, left: Sequence[Any], actors: "_Actors") -> str:
    """Why a gold fact was missed: "not found" when no unmatched extracted fact of its type
    overlaps it, else the fields in which the one overlapping it most differs."""
    best = max(left, key=lambda p: _ev_score(p, gold_fact), default=None)
    if best is None or _ev_score(best, gold_fact) == 0:
        return "not found"
    differ = []
    for name in FIELDS[kind]:
        a, b = getattr(best, name), getattr(gold_fact, name)
        if name in ACTOR_FIELDS:
            same = actors.same(a, b)
        elif name == "signatories":
            same = _same_parties(actors, best, gold_fact)
        else:
            same = a == b
        if not same:
            differ.append(name)
    if kind == "statements" and _ev_score(best, gold_fact) < OVERLAP:
        differ.append("span")
    return "+".join(differ) or "matched to another"


def evaluate(predicted: dict[str, DocFacts], gold: dict[str, DocFacts], gazetteer: Gazetteer | None = None) -> Scores:
    """Compare predicted facts with gold facts, document by document (the gold's documents)."""
    gaz = gazetteer or load_gazetteer()
    counts = {t: [0, 0, 0] for t in TYPES}
    missed: list[str] = []
    extra: list[str] = []
    typed = [0, 0]
    causes: dict[tuple[str, str], int] = {}
    for doc_id in sorted(gold):
        g = gold[doc_id]
        p = predicted.get(doc_id) or DocFacts(doc_id)
        actors = _Actors(gaz)
        actors.declare(g)
        actors.declare(p)
        rules: dict[str, tuple[Sequence[Any], Sequence[Any], Callable[[Any, Any], bool], Callable[[Any, Any], float]]] = {
            "statements": (p.statements, g.statements,
                           lambda a, b: actors.same(a.speaker, b.speaker) and overlap(a.evidence, b.evidence) >= OVERLAP,
                           _ev_score),
            "releases": (p.releases, g.releases,
                         lambda a, b: actors.same(a.releaser, b.releaser) and actors.same(a.released_party, b.released_party)
                         and a.count == b.count and a.date_from == b.date_from and a.date_to == b.date_to,
                         _ev_score),
            "commitments": (p.commitments, g.commitments,
                            lambda a, b: actors.same(a.obligor, b.obligor) and a.action == b.action
                            and a.target == b.target and a.deadline == b.deadline,
                            _ev_score),
            "agreements": (p.agreements, g.agreements,
                           lambda a, b: a.kind == b.kind and a.date == b.date and (a.id == b.id or _same_parties(actors, a, b)),
                           _ev_score),
            "actors": (_doc_actors(p), _doc_actors(g), actors.same, lambda a, b: 1.0 if a == b else 0.5),
        }
        for kind, (pred, gold_facts, same, score) in rules.items():
            pairs = _match(list(pred), list(gold_facts), same, score)
            counts[kind][0] += len(pairs)
            counts[kind][1] += len(pred) - len(pairs)
            counts[kind][2] += len(gold_facts) - len(pairs)
            hit_p = {i for i, _ in pairs}
            hit_g = {j for _, j in pairs}
            extra += [_describe(kind, doc_id, f) for i, f in enumerate(pred) if i not in hit_p]
            missed += [_describe(kind, doc_id, f) for j, f in enumerate(gold_facts) if j not in hit_g]
            if kind in FIELDS:
                left = [f for i, f in enumerate(pred) if i not in hit_p]
                for j, f in enumerate(gold_facts):
                    if j not in hit_g:
                        key = (kind, _cause(kind, f, left, actors))
                        causes[key] = causes.get(key, 0) + 1
            if kind == "statements":
                for i, j in pairs:
                    typed[0] += pred[i].type == gold_facts[j].type
                    typed[1] += 1
    return Scores(
        types=tuple(TypeScore(t, *counts[t]) for t in TYPES),
        documents=len(gold),
        missed=tuple(missed),
        extra=tuple(extra),
        statement_type_accuracy=typed[0] / typed[1] if typed[1] else None,
        causes=tuple((k, c, n) for (k, c), n in sorted(causes.items(), key=lambda x: (TYPES.index(x[0][0]), -x[1], x[0][1]))),
    )


def _same_parties(actors: _Actors, a: Any, b: Any) -> bool:
    pa, pb = sorted(a.signatories), sorted(b.signatories)
    if len(pa) != len(pb):
        return a.id.split("/")[1:] == b.id.split("/")[1:]
    return all(any(actors.same(x, y) for y in pb) for x in pa) or a.id.split("/")[1:] == b.id.split("/")[1:]


def evaluate_dirs(corpus_dir: Path | str, gold_dir: Path | str, gazetteer: Gazetteer | None = None, jobs: int = 1,
                  progress: Callable[[int], None] | None = None) -> Scores:
    """Extract from a corpus folder and score against the gold files in ``gold_dir``."""
    from loaders.corpus import load_corpus
    from loaders.extract import extract_many
    from loaders.factfile import load_fact_dir

    corpus = load_corpus(corpus_dir)
    texts = {d.id: d.text for d in corpus}
    gold = load_fact_dir(gold_dir, texts)
    docs: Iterable = [d for d in corpus if d.id in gold]
    predicted = extract_many(docs, gazetteer, jobs=jobs, progress=progress)
    return evaluate(predicted, gold, gazetteer)
