"""The ontology's entailments, computed in Python over one graph at a time.

The build writes each document's inferences with the document, into a graph
of their own (:func:`inferred_graph`), in the same transaction; a document
left unchanged keeps them, one that changes gets them anew, one that leaves
the corpus takes them along. Nothing scans the whole store for them.

The rules are those of :func:`kg.ontology.materialisation_rules` (the SPARQL
form, kept as the reference the tests compare with), read from the same
axioms:

* prp-inv1/2 and prp-symp: ``owl:inverseOf`` and ``owl:SymmetricProperty``;
* prp-spo2: ``owl:propertyChainAxiom``;
* prp-spo1: ``rdfs:subPropertyOf`` (closed transitively);
* cls-int1 with cls-hv1 / cls-svf1: classes defined as an intersection of
  named classes and ``owl:hasValue`` / ``owl:someValuesFrom`` restrictions;
* cax-sco: ``rdfs:subClassOf`` towards the project's own classes.

A rule's premises come from one graph plus a context (for a document, the
actors graph: a statement's post and its party are in the document or the
gazetteer, which is how :mod:`kg.mapping` writes them). Inferences are those
new to both, so an inferred graph holds no copy of a fact its document or the
context asserts.

>>> from kg.ontology import load_ontology_graph
>>> rules = Rules.from_ontology(load_ontology_graph())
>>> made = ("<https://example.org/q1>", "<https://w3id.org/negotiation-kg/ontology#speaker>", "<https://example.org/ada>")
>>> sorted(p.rsplit("#", 1)[-1][:-1] for _, p, _ in closure([made], rules))
['made', 'wasAttributedTo']
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from kg.terms import GRAPH, NKG, Triple

__all__ = ["INFERRED_PREFIX", "Context", "Rules", "closure", "default_rules", "inferred_graph", "rules_digest"]

INFERRED_PREFIX = GRAPH + "inferred/"
_TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"


def inferred_graph(graph: str) -> str:
    """The name of the graph holding ``graph``'s inferences.

    >>> inferred_graph("https://w3id.org/negotiation-kg/id/document/a1")
    'https://w3id.org/negotiation-kg/graph/inferred/id/document/a1'
    """
    base = GRAPH.rsplit("/", 2)[0] + "/"
    local = graph[len(base):] if graph.startswith(base) else graph.split("://", 1)[-1]
    return INFERRED_PREFIX + local


@dataclass(frozen=True)
class Defined:
    """A class defined as the intersection of ``classes`` and restrictions:
    ``has_value`` (property, value) and ``some`` (property, filler class)."""

    name: str
    classes: tuple[str, ...] = ()
    has_value: tuple[tuple[str, str], ...] = ()
    some: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, eq=False)
class Rules:
    """The axioms the rules read, as N-Triples terms (compared by identity)."""

    inverse: dict[str, tuple[str, ...]] = field(default_factory=dict)
    symmetric: frozenset[str] = frozenset()
    chains: tuple[tuple[str, tuple[str, ...]], ...] = ()
    super_properties: dict[str, tuple[str, ...]] = field(default_factory=dict)
    defined: tuple[Defined, ...] = ()
    super_classes: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_ontology(cls, graph) -> "Rules":  # an rdflib Graph
        from rdflib import OWL, RDF, RDFS

        from kg.ontology import _chains, _closure, _inverse_pairs, _named, defined_classes

        inverse: dict[str, set[str]] = defaultdict(set)
        for p, q in _inverse_pairs(graph):
            inverse[p.n3()].add(q.n3())
            inverse[q.n3()].add(p.n3())
        symmetric = frozenset(p.n3() for p in _named(graph.subjects(RDF.type, OWL.SymmetricProperty)))
        chains = tuple((p.n3(), tuple(x.n3() for x in links)) for p, links in _chains(graph))
        supers: dict[str, set[str]] = defaultdict(set)
        for sup, subs in _closure(graph, RDFS.subPropertyOf, lambda _: True):
            for sub in subs:
                supers[sub.n3()].add(sup.n3())
        classes: dict[str, set[str]] = defaultdict(set)
        for sup, subs in _closure(graph, RDFS.subClassOf, lambda c: str(c).startswith(NKG)):
            for sub in subs:
                classes[sub.n3()].add(sup.n3())
        defined = [Defined(name.n3(), tuple(c.n3() for c in named), tuple((p.n3(), v.n3()) for p, v in values),
                           tuple((p.n3(), f.n3()) for p, f in somes))
                   for name, named, values, somes in defined_classes(graph)]
        return cls(
            inverse={p: tuple(sorted(qs)) for p, qs in sorted(inverse.items())},
            symmetric=symmetric,
            chains=chains,
            super_properties={p: tuple(sorted(s)) for p, s in sorted(supers.items())},
            defined=tuple(defined),
            super_classes={c: tuple(sorted(s)) for c, s in sorted(classes.items())},
        )


@lru_cache(maxsize=1)
def default_rules() -> Rules:
    """The rules of the project's ontology (``ontology/nkg.ttl``)."""
    from kg.ontology import load_ontology_graph

    return Rules.from_ontology(load_ontology_graph())


def rules_digest() -> str:
    """What inferences are computed with: the ontology and this module."""
    from pathlib import Path

    from kg.ontology import ontology_path

    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update(ontology_path("nkg.ttl").read_bytes())
    return h.hexdigest()


def _is_literal(term: str) -> bool:
    return term.startswith('"')


class Context:
    """Facts every graph's rules may read (the actors graph), with their own
    entailments, indexed once for all the graphs that read them."""

    def __init__(self, triples: Iterable[Triple] = (), rules: Rules | None = None) -> None:
        self.rules = rules or default_rules()
        self.entailed = _Index(None)
        _saturate(list(triples), self.rules, self.entailed)


class _Index:
    """Triples by (subject, predicate) and (predicate, object), over a base index."""

    def __init__(self, base: "_Index | None") -> None:
        self.base = base
        self.known: set[Triple] = set()
        self.out: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.into: dict[tuple[str, str], set[str]] = defaultdict(set)

    def put(self, t: Triple) -> None:
        self.known.add(t)
        self.out[t[0], t[1]].add(t[2])
        self.into[t[1], t[2]].add(t[0])

    def __contains__(self, t: Triple) -> bool:
        return t in self.known or (self.base is not None and t in self.base)

    def objects(self, s: str, p: str) -> set[str]:
        here = self.out.get((s, p), set())
        there = self.base.objects(s, p) if self.base is not None else set()
        return here | there if there else here

    def subjects(self, p: str, o: str) -> set[str]:
        here = self.into.get((p, o), set())
        there = self.base.subjects(p, o) if self.base is not None else set()
        return here | there if there else here


def closure(triples: Iterable[Triple], rules: Rules | None = None, context: Context | None = None) -> list[Triple]:
    """The triples entailed by ``triples`` and ``context`` together that
    neither holds nor the context entails, sorted; the rules are applied until
    nothing new follows."""
    if context is not None:
        rules = rules or context.rules
        return sorted(_saturate(list(triples), rules, _Index(context.entailed)))
    return sorted(_saturate(list(triples), rules or default_rules(), _Index(None)))


@lru_cache(maxsize=8)
def _plan(rules: Rules) -> dict:
    """What each predicate sets off, computed once per rule set."""
    chains_by_link: dict[str, list[tuple[str, tuple[str, ...], int]]] = defaultdict(list)
    for head, links in rules.chains:
        for i, link in enumerate(links):
            chains_by_link[link].append((head, links, i))
    by_class: dict[str, list[Defined]] = defaultdict(list)  # a named class of the intersection
    by_property: dict[str, list[Defined]] = defaultdict(list)  # a restriction's property
    by_filler: dict[str, list[tuple[str, Defined]]] = defaultdict(list)  # a someValuesFrom filler
    for d in rules.defined:
        for c in d.classes:
            by_class[c].append(d)
        for p, _ in (*d.has_value, *d.some):
            by_property[p].append(d)
        for p, filler in d.some:
            by_filler[filler].append((p, d))
    indexed = {_TYPE, *chains_by_link, *by_property}  # read by a rule's other premises
    heads = {_TYPE, *rules.symmetric, *(h for h, _ in rules.chains)}
    heads.update(q for qs in rules.inverse.values() for q in qs)
    heads.update(s for ss in rules.super_properties.values() for s in ss)
    triggers = {_TYPE, *rules.inverse, *rules.symmetric, *rules.super_properties, *chains_by_link, *by_property}
    return {"chains": dict(chains_by_link), "by_class": dict(by_class), "by_property": dict(by_property),
            "by_filler": dict(by_filler), "indexed": frozenset(indexed), "kept": frozenset(indexed | heads),
            "triggers": frozenset(triggers)}


def _saturate(triples: list[Triple], rules: Rules, index: _Index) -> set[Triple]:
    """Add ``triples`` to ``index`` and apply the rules; the new triples.

    Only triples a rule reads or writes are kept: a predicate no rule
    mentions (most literals: words, offsets, dates) passes straight by."""
    plan = _plan(rules)
    chains_by_link, by_class, by_property, by_filler = (plan[k] for k in ("chains", "by_class", "by_property", "by_filler"))
    kept, triggers = plan["kept"], plan["triggers"]
    new: set[Triple] = set()
    todo: list[Triple] = []

    def add(t: Triple, inferred: bool = True) -> None:
        if t in index:
            return
        if t[1] in kept:
            index.put(t)
        todo.append(t)
        if inferred:
            new.add(t)

    for t in triples:
        if t[1] in kept:
            add(t, inferred=False)
        elif t[1] in triggers:
            todo.append(t)

    def member(d: Defined, x: str) -> bool:
        types = index.objects(x, _TYPE)
        return (all(c in types for c in d.classes)
                and all(v in index.objects(x, p) for p, v in d.has_value)
                and all(any(filler in index.objects(y, _TYPE) for y in index.objects(x, p)) for p, filler in d.some))

    while todo:
        s, p, o = todo.pop()
        if not _is_literal(o):
            for q in rules.inverse.get(p, ()):
                add((o, q, s))
            if p in rules.symmetric:
                add((o, p, s))
        for sup in rules.super_properties.get(p, ()):
            add((s, sup, o))
        for head, links, i in chains_by_link.get(p, ()):
            starts = {s}
            for link in reversed(links[:i]):
                starts = {a for x in starts for a in index.subjects(link, x)}
            ends = {o}
            for link in links[i + 1:]:
                ends = {b for x in ends for b in index.objects(x, link)}
            for a in starts:
                for b in ends:
                    add((a, head, b))
        if p == _TYPE:
            for sup in rules.super_classes.get(o, ()):
                add((s, _TYPE, sup))
            for d in by_class.get(o, ()):
                if member(d, s):
                    add((s, _TYPE, d.name))
            for prop, d in by_filler.get(o, ()):
                for x in list(index.subjects(prop, s)):
                    if member(d, x):
                        add((x, _TYPE, d.name))
        for d in by_property.get(p, ()):
            if member(d, s):
                add((s, _TYPE, d.name))
    return new
