"""The ontology as the code sees it: files, validation, checks, reasoning, rules.

The files live in ``ontology/``: ``nkg.ttl`` (the OWL ontology),
``alignments.ttl`` (links to SEM, schema.org and CAMEO), ``shapes.ttl`` (SHACL)
and ``checks/*-violation.rq`` (data-quality queries that return no rows on
good data).

>>> ontology_path().name
'nkg.ttl'
>>> rules = materialisation_rules(load_ontology_graph())
>>> any("owl:inverseOf" in rule for rule in rules)
True
>>> sorted(check_queries())[0]
'anonymous-source-held-violation'

Materialisation covers the part of OWL 2 RL that the queries rely on (see
:func:`materialisation_rules`); :func:`check_consistency` runs the HermiT
reasoner (through owlready2 and the machine's Java) for the full semantics.
"""

from __future__ import annotations

import io
import shutil
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rdflib import OWL, RDF, RDFS, Dataset, Graph, URIRef
from rdflib.collection import Collection
from rdflib.namespace import SH, NamespaceManager

from kg.errors import OntologyError, QueryError
from kg.vocab import DERIVED_GRAPH, NKG, ONTOLOGY_IRI

if TYPE_CHECKING:
    import owlready2

__all__ = [
    "ValidationReport",
    "check_consistency",
    "check_queries",
    "defined_classes",
    "load_ontology_graph",
    "materialisation_rules",
    "materialise",
    "ontology_path",
    "reason",
    "run_checks",
    "shapes_graph",
    "validate",
]

ONTOLOGY_DIR = Path(__file__).resolve().parent.parent / "ontology"
CHECKS_DIR = ONTOLOGY_DIR / "checks"
_NKG = str(NKG)


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------


def ontology_path(name: str = "nkg.ttl") -> Path:
    """The path of a file of the ontology package (``nkg.ttl`` by default).

    >>> ontology_path("shapes.ttl").name
    'shapes.ttl'
    """
    path = ONTOLOGY_DIR / name
    if not path.is_file():
        raise OntologyError(f"expected the ontology file {name!r} at {path}, found no such file")
    return path


def _parse(name: str) -> Graph:
    path = ontology_path(name)
    try:
        return Graph().parse(path, format="turtle")
    except Exception as exc:  # rdflib raises several parser error types
        raise OntologyError(f"{path}: expected valid Turtle, found a parse error: {exc}") from exc


def load_ontology_graph(*, alignments: bool = False) -> Graph:
    """The ontology (``nkg.ttl``) as an rdflib graph, with the alignments if asked.

    With ``alignments=True`` the alignment module is merged in and its
    ``owl:imports`` of the main ontology dropped, since both are already there.
    """
    graph = _parse("nkg.ttl")
    if alignments:
        extra = _parse("alignments.ttl")
        for prefix, namespace in extra.namespaces():
            graph.bind(prefix, namespace, override=False)
        for triple in extra:
            if triple[1] != OWL.imports:
                graph.add(triple)
    return graph


def shapes_graph() -> Graph:
    """The SHACL shapes (``shapes.ttl``) as an rdflib graph."""
    return _parse("shapes.ttl")


def _union(data: Dataset | Graph) -> Graph:
    """Every triple of ``data``, whatever graph it sits in, in one graph."""
    union = Graph()
    if isinstance(data, Dataset):
        for s, p, o, _ in data.quads((None, None, None, None)):
            union.add((s, p, o))
    else:
        for triple in data:
            union.add(triple)
    return union


# --------------------------------------------------------------------------
# SHACL validation
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ValidationReport:
    """The outcome of :func:`validate`: one line per SHACL result, by severity.

    Each line reads ``<shape> <focus node> <path>: <message>``, with the shape
    as a compact name such as ``nkg:Commitment_Property_obligor``.
    """

    conforms: bool
    violations: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def validate(data: Dataset | Graph) -> ValidationReport:
    """Check ``data`` (all its named graphs together) against ``shapes.ttl``.

    The ontology is mixed in, so ``sh:class nkg:Party`` accepts a
    ``nkg:Government``. ``conforms`` is False only when there is a violation;
    warnings and infos never make data fail.
    """
    import pyshacl

    shapes = shapes_graph()
    _, results_graph, _ = pyshacl.validate(
        _union(data),
        shacl_graph=shapes,
        ont_graph=load_ontology_graph(),
        inference="none",
        allow_warnings=True,
        allow_infos=True,
    )
    names = shapes.namespace_manager
    violations: list[str] = []
    warnings: list[str] = []
    for result in results_graph.subjects(RDF.type, SH.ValidationResult):
        line = _result_line(results_graph, result, names)
        if results_graph.value(result, SH.resultSeverity) == SH.Violation:
            violations.append(line)
        else:
            warnings.append(line)
    return ValidationReport(conforms=not violations, violations=sorted(violations), warnings=sorted(warnings))


def _result_line(results: Graph, result: Any, names: NamespaceManager) -> str:
    def show(node: Any) -> str:
        if node is None:
            return "-"
        if isinstance(node, URIRef):
            return node.n3(names)
        return node.n3()

    shape = results.value(result, SH.sourceShape)
    focus = results.value(result, SH.focusNode)
    path = results.value(result, SH.resultPath)
    message = results.value(result, SH.resultMessage) or results.value(result, SH.sourceConstraintComponent)
    return f"{show(shape)} {show(focus)} {show(path)}: {message}"


# --------------------------------------------------------------------------
# Data-quality checks (*-violation.rq)
# --------------------------------------------------------------------------


def check_queries() -> dict[str, str]:
    """Every data-quality query by name (the file name without ``.rq``)."""
    if not CHECKS_DIR.is_dir():
        raise QueryError(f"expected the folder of checks at {CHECKS_DIR}, found none")
    return {path.stem: path.read_text(encoding="utf-8") for path in sorted(CHECKS_DIR.glob("*-violation.rq"))}


def run_checks(query_fn: Callable[[str], Iterable[Any]]) -> dict[str, list[Any]]:
    """Run every check through ``query_fn`` (query text -> rows); rows by check name.

    Good data gives an empty list for every check. ``query_fn`` decides the
    store: ``lambda q: list(store.query(q))`` for a ``pyoxigraph.Store``.
    """
    found: dict[str, list[Any]] = {}
    for name, text in check_queries().items():
        try:
            found[name] = list(query_fn(text))
        except Exception as exc:
            raise QueryError(f"check {name} ({CHECKS_DIR / (name + '.rq')}) failed: {exc}") from exc
    return found


# --------------------------------------------------------------------------
# Reasoning with HermiT
# --------------------------------------------------------------------------


def reason(
    data: Dataset | Graph | None = None,
    *,
    alignments: bool = True,
    infer_property_values: bool = False,
) -> owlready2.World:
    """Run HermiT over the ontology and ``data``; the owlready2 world it filled.

    The graphs go to owlready2 as N-Triples (its Turtle support is not to be
    relied on). HermiT does not know ``xsd:date``, which OWL 2 leaves out of
    its datatype map; such values are ignored rather than refused. Raises
    :class:`OntologyError` when Java is missing, when the ontology and data
    are inconsistent, or when a class can have no members.
    """
    import owlready2

    if shutil.which(owlready2.JAVA_EXE) is None:
        raise OntologyError(
            f"the HermiT reasoner needs Java: expected {owlready2.JAVA_EXE!r} on PATH, found none"
        )
    graph = load_ontology_graph(alignments=alignments)
    if data is not None:
        graph += _union(data)
    world = owlready2.World()
    world.get_ontology(str(ONTOLOGY_IRI)).load(
        fileobj=io.BytesIO(graph.serialize(format="nt", encoding="utf-8")), format="ntriples"
    )
    try:
        owlready2.sync_reasoner_hermit(
            world,
            infer_property_values=infer_property_values,
            debug=0,
            ignore_unsupported_datatypes=True,
        )
    except owlready2.OwlReadyInconsistentOntologyError as exc:
        what = "the ontology" if data is None else "the ontology with the given data"
        raise OntologyError(f"HermiT: expected {what} to be consistent, found it inconsistent") from exc
    except owlready2.OwlReadyJavaError as exc:
        raise OntologyError(f"HermiT failed to run: {exc}") from exc
    empty = sorted(c.iri for c in world.inconsistent_classes())
    if empty:
        raise OntologyError(
            f"HermiT: expected every class to be satisfiable, found {', '.join(empty)} cannot have members"
        )
    return world


def check_consistency(data: Dataset | Graph | None = None, *, alignments: bool = True) -> None:
    """Raise :class:`OntologyError` unless HermiT finds ontology (+ data) consistent."""
    reason(data, alignments=alignments)


# --------------------------------------------------------------------------
# Materialisation rules (a subset of OWL 2 RL, as SPARQL UPDATE)
# --------------------------------------------------------------------------


def materialisation_rules(ontology_graph: Graph, derived_graph: URIRef = DERIVED_GRAPH) -> list[str]:
    """SPARQL 1.1 UPDATE rules that write the ontology's entailments into ``derived_graph``.

    Generated from the axioms in ``ontology_graph``, for the OWL 2 RL rules
    the queries rely on, in this order:

    1. prp-inv1/2: ``p owl:inverseOf q`` gives ``y q x`` from ``x p y`` and back;
       prp-symp: ``p a owl:SymmetricProperty`` gives ``y p x`` from ``x p y``.
    2. prp-spo2: ``p owl:propertyChainAxiom (p1 ... pn)`` gives ``x0 p xn``.
    3. prp-spo1: ``p rdfs:subPropertyOf+ q`` gives ``x q y`` (closed
       transitively, so one rule covers a whole ladder of super-properties).
    4. cls-int1 with cls-hv1 and cls-svf1: a class defined as the intersection
       of named classes and ``owl:hasValue`` or ``owl:someValuesFrom``
       restrictions (``nkg:OverdueCommitment``) gets the individuals that meet
       every part.
    5. cax-sco: ``c rdfs:subClassOf+ d``, for named superclasses ``d`` in the
       nkg: namespace only, gives ``x a d``.

    Facts sit in named graphs, any of them: each triple pattern of a WHERE
    clause reads ``GRAPH ?gN``, so one fact can join another across documents,
    the actors graph and earlier derived triples. A rule writes only triples
    that no graph holds yet, so the derived graph holds inferences and no copy
    of an asserted fact (a union of graphs does not de-duplicate). Only
    ontology IRIs are written into the rule text.

    >>> rules = materialisation_rules(load_ontology_graph())
    >>> symmetric = next(r for r in rules if "SymmetricProperty" in r)
    >>> print(symmetric.splitlines()[0])
    # prp-symp: nkg:reciprocalTo a owl:SymmetricProperty
    """
    into = derived_graph.n3()
    names = ontology_graph.namespace_manager

    def show(*terms: URIRef) -> str:  # compact names, for the comment line only
        return " ".join(t.n3(names) for t in terms)

    def rule(comment: str, head: str, body: str) -> str:
        return (
            f"# {comment}\n"
            f"INSERT {{ GRAPH {into} {{ {head} }} }}\n"
            f"WHERE {{ {body} FILTER NOT EXISTS {{ GRAPH ?known {{ {head} }} }} }}"
        )

    rules: list[str] = []
    for p, q in _inverse_pairs(ontology_graph):
        for a, b, name in ((p, q, "prp-inv1"), (q, p, "prp-inv2")):
            rules.append(
                rule(
                    f"{name}: {show(p)} owl:inverseOf {show(q)}",
                    f"?y {b.n3()} ?x",
                    f"GRAPH ?g1 {{ ?x {a.n3()} ?y }} FILTER (!isLiteral(?y))",
                )
            )
    for p in sorted(_named(ontology_graph.subjects(RDF.type, OWL.SymmetricProperty))):
        rules.append(
            rule(
                f"prp-symp: {show(p)} a owl:SymmetricProperty",
                f"?y {p.n3()} ?x",
                f"GRAPH ?g1 {{ ?x {p.n3()} ?y }} FILTER (!isLiteral(?y))",
            )
        )
    for p, chain in _chains(ontology_graph):
        rules.append(
            rule(
                f"prp-spo2: {show(p)} owl:propertyChainAxiom ( {show(*chain)} )",
                f"?x0 {p.n3()} ?x{len(chain)}",
                " ".join(
                    f"GRAPH ?g{i + 1} {{ ?x{i} {link.n3()} ?x{i + 1} }}" for i, link in enumerate(chain)
                ),
            )
        )
    for sup, subs in _closure(ontology_graph, RDFS.subPropertyOf, lambda _: True):
        rules.append(
            rule(
                f"prp-spo1: {show(*subs)} rdfs:subPropertyOf {show(sup)}",
                f"?s {sup.n3()} ?o",
                f"VALUES ?p {{ {' '.join(s.n3() for s in subs)} }} GRAPH ?g1 {{ ?s ?p ?o }}",
            )
        )
    for defined, conditions in _defined_classes(ontology_graph):
        rules.append(
            rule(
                f"cls-int1 with cls-hv1 / cls-svf1: {show(defined)} owl:equivalentClass (an intersection)",
                f"?x a {defined.n3()}",
                " ".join(conditions),
            )
        )
    for sup, subs in _closure(ontology_graph, RDFS.subClassOf, lambda c: str(c).startswith(_NKG)):
        rules.append(
            rule(
                f"cax-sco: {show(*subs)} rdfs:subClassOf {show(sup)}",
                f"?x a {sup.n3()}",
                f"VALUES ?c {{ {' '.join(s.n3() for s in subs)} }} GRAPH ?g1 {{ ?x a ?c }}",
            )
        )
    return rules


def materialise(update_fn: Callable[[str], Any], rules: list[str], *, passes: int = 2) -> None:
    """Apply ``rules`` through ``update_fn`` (one SPARQL UPDATE string per call).

    Each pass applies every rule once, in the order :func:`materialisation_rules`
    gives: inverse and symmetric, chains, sub-properties, sub-classes. Why two
    passes are enough for ``nkg.ttl`` and ``alignments.ttl``: sub-property and
    sub-class rules are closed transitively, so an entailment needs at most one
    rule of each kind; the one multi-step case, ``nkg:made`` -> ``nkg:speaker``
    (inverse) -> ``prov:wasAttributedTo`` (sub-property), runs in that order;
    and no chain reads a property another rule derives. One pass thus reaches
    the fixpoint, and the second covers one step against the order should the
    ontology grow one (a chain over a super-property, say). An ontology with
    longer loops of that kind needs more ``passes``.

    The rules only add to the derived graph; clear it first (``CLEAR SILENT
    GRAPH <...>``) when recomputing from scratch.
    """
    if passes < 1:
        raise ValueError(f"passes: expected 1 or more, found {passes}")
    for _ in range(passes):
        for rule in rules:
            update_fn(rule)


def _named(nodes: Iterable[Any]) -> Iterator[URIRef]:
    return (n for n in nodes if isinstance(n, URIRef))


def _inverse_pairs(graph: Graph) -> list[tuple[URIRef, URIRef]]:
    pairs: set[tuple[URIRef, URIRef]] = set()
    for p, q in graph.subject_objects(OWL.inverseOf):
        if isinstance(p, URIRef) and isinstance(q, URIRef) and p != q:
            pairs.add((min(p, q), max(p, q)))
    return sorted(pairs)


def defined_classes(graph: Graph) -> list[tuple[URIRef, list[URIRef], list[tuple[URIRef, Any]], list[tuple[URIRef, URIRef]]]]:
    """Named classes defined as an intersection of named classes and
    ``owl:hasValue`` / ``owl:someValuesFrom`` (named filler) restrictions:
    ``(class, named classes, [(property, value)], [(property, filler)])``,
    read once for both forms of the rules (SPARQL here, Python in
    :mod:`kg.inference`)."""
    from rdflib import BNode

    found = []
    for defined, expr in graph.subject_objects(OWL.equivalentClass):
        if not isinstance(defined, URIRef) or not isinstance(expr, BNode):
            continue
        head = graph.value(expr, OWL.intersectionOf)
        if head is None:
            continue
        classes: list[URIRef] = []
        values: list[tuple[URIRef, Any]] = []
        somes: list[tuple[URIRef, URIRef]] = []
        for member in Collection(graph, head):
            if isinstance(member, URIRef):
                classes.append(member)
                continue
            prop = graph.value(member, OWL.onProperty)
            value = graph.value(member, OWL.hasValue)
            filler = graph.value(member, OWL.someValuesFrom)
            if isinstance(prop, URIRef) and value is not None:
                values.append((prop, value))
            elif isinstance(prop, URIRef) and isinstance(filler, URIRef):
                somes.append((prop, filler))
            else:
                raise OntologyError(
                    f"owl:equivalentClass of {defined.n3()}: expected an intersection of named classes and "
                    "hasValue or someValuesFrom (named class) restrictions"
                )
        found.append((defined, sorted(classes), sorted(values), sorted(somes)))
    return sorted(found)


def _defined_classes(graph: Graph) -> list[tuple[URIRef, list[str]]]:
    """Each defined class (:func:`defined_classes`) with the SPARQL conditions
    that make an individual a member."""
    out = []
    for defined, classes, values, somes in defined_classes(graph):
        conditions = [f"GRAPH ?d{n} {{ ?x a {c.n3()} }}" for n, c in enumerate(classes)]
        n = len(classes)
        for i, (prop, value) in enumerate(values, n):
            conditions.append(f"GRAPH ?d{i} {{ ?x {prop.n3()} {value.n3()} }}")
        n += len(values)
        for i, (prop, filler) in enumerate(somes, n):
            conditions.append(f"GRAPH ?d{i} {{ ?x {prop.n3()} ?y{i} }} GRAPH ?e{i} {{ ?y{i} a {filler.n3()} }}")
        out.append((defined, conditions))
    return out


def _chains(graph: Graph) -> list[tuple[URIRef, list[URIRef]]]:
    chains = []
    for p, head in graph.subject_objects(OWL.propertyChainAxiom):
        links = list(Collection(graph, head))
        if not isinstance(p, URIRef) or len(links) < 2 or not all(isinstance(x, URIRef) for x in links):
            raise OntologyError(
                f"owl:propertyChainAxiom on {p.n3()}: expected a list of two or more named "
                f"properties, found {[x.n3() for x in links]}"
            )
        chains.append((p, links))
    return sorted(chains)


def _closure(
    graph: Graph, relation: URIRef, keep: Callable[[URIRef], bool]
) -> list[tuple[URIRef, list[URIRef]]]:
    """For each named ancestor kept, its named descendants under ``relation``+."""
    parents: dict[URIRef, set[URIRef]] = defaultdict(set)
    for child, parent in graph.subject_objects(relation):
        if isinstance(child, URIRef) and isinstance(parent, URIRef) and child != parent:
            parents[child].add(parent)
    below: dict[URIRef, set[URIRef]] = defaultdict(set)
    for start in list(parents):
        seen: set[URIRef] = set()
        todo = list(parents[start])
        while todo:
            node = todo.pop()
            if node in seen:
                continue
            seen.add(node)
            todo.extend(parents.get(node, ()))
        for ancestor in seen - {start}:
            if keep(ancestor):
                below[ancestor].add(start)
    return [(sup, sorted(subs)) for sup, subs in sorted(below.items())]
