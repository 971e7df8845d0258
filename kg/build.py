"""Building the graph: corpus → facts → named graphs → store → derived → exports.

A build is incremental: each document's inputs (its text, its reviewed fact
file, the gazetteer, the ontology's rules and the extractor version) are
digested, and a document whose digest the store already holds is neither
re-extracted nor rewritten. Documents go through in batches of
``BATCH_SIZE``: a batch is read, extracted, mapped and written together with
its documents' inferred graphs (:mod:`kg.inference`) and digests in one store
transaction, so each document's graph is replaced whole and a build stopped
half-way keeps what it wrote. Documents that left the corpus lose their
graphs. The derived graph is recomputed from scratch whenever an input
changed (so it is never stale) and left alone otherwise: rebuilding an
unchanged corpus extracts nothing and writes nothing.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import time
from dataclasses import dataclass, field
from itertools import chain, groupby, islice
from pathlib import Path
from typing import Any, Callable, Iterator

from kg import inference, mapping
from kg.errors import DocumentError, InputError
from kg.stores import Store
from kg.stores.base import Quad
from kg.terms import ACTORS_GRAPH, DERIVED_GRAPH, GRAPH, NKG, NS, Triple, entity, iri, literal, q, typed, unwrap
from loaders.corpus import Corpus, load_corpus, with_text
from loaders.facts import DocFacts, Document
from loaders.factfile import load_fact_file
from loaders.gazetteer import DEFAULT_GAZETTEER, load_gazetteer

__all__ = ["BUILD_GRAPH", "READINGS_GRAPH", "VIEWS_GRAPH", "BuildSummary", "build", "merge_facts"]

BUILD_GRAPH = GRAPH + "build"
# Answers kept for reading (JSON records of the derived graph's assessments and views):
# recomputed with the derived graph, left out of the exports like the build graph.
VIEWS_GRAPH = GRAPH + "views"
# The documents' readings an earlier date is answered from (kg.answers.inputs_as_of):
# one large record, kept apart so that reading a view never passes over it.
READINGS_GRAPH = GRAPH + "readings"
RDF_JSON = NS["rdf"] + "JSON"
FACTS_DIR = "facts"
BATCH_SIZE = 1000  # documents extracted, mapped and written together
DOCUMENT_PREFIX = mapping.document_iri("")[1:-1]


@dataclass
class BuildSummary:
    """What a build did, for the command's summary and for tests."""

    documents: int = 0
    extracted: int = 0
    reviewed: int = 0
    unchanged: int = 0
    removed: int = 0
    skipped: list[str] = field(default_factory=list)
    triples: int = 0
    triples_per_document: dict[str, int] = field(default_factory=dict)
    derived: int = 0
    seconds: float = 0.0
    exports: dict[str, Path] = field(default_factory=dict)
    store: str = ""


def merge_facts(extracted: DocFacts | None, reviewed: DocFacts | None, doc_id: str) -> DocFacts:
    """Reviewed facts on top of extracted ones: a section the reviewed file
    lists replaces that section of the extraction; the others are kept."""
    if reviewed is None:
        return extracted or DocFacts(doc_id)
    if extracted is None:
        return reviewed
    sections = {}
    for name in ("parties", "persons", "posts", "agreements", "commitments", "releases", "statements"):
        mine = getattr(reviewed, name)
        sections[name] = mine if mine else getattr(extracted, name)
    return DocFacts(doc_id, **sections)


def _extractor() -> tuple[Callable | None, str]:
    try:
        from loaders import extract as extraction
        from loaders.extract.cues import load_cues
    except ImportError:
        return None, "none"
    load_cues()  # a cue file that does not validate stops the build before anything is written
    return getattr(extraction, "extract_many", None), getattr(extraction, "VERSION", "1")


def _digest(*parts: bytes | str) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8") if isinstance(part, str) else part)
        h.update(b"\x00")
    return h.hexdigest()


def _stored_digests(store: Store) -> dict[str, str]:
    rows = store.query(
        f"SELECT ?doc ?digest WHERE {{ GRAPH <{BUILD_GRAPH}> {{ ?doc <{NKG}inputDigest> ?digest }} }}"
    )
    return {r["doc"]: r["digest"] for r in rows}


def build(
    corpus_dir: Path | str,
    store: Store,
    *,
    out_dir: Path | str | None = None,
    facts_dir: Path | str | None = None,
    gazetteer_path: Path | str | None = None,
    extract: bool = True,
    jobs: int = 1,
    keep_going: bool = False,
    progress: Callable[[int], None] | None = None,
    html: bool = True,
    today: dt.date | None = None,
) -> BuildSummary:
    """Build (or update) the store from a corpus folder and write the exports."""
    started = time.perf_counter()
    summary = BuildSummary(store=store.describe())
    unreadable: list[str] | None = [] if keep_going else None
    # Texts are read again batch by batch (with_text): memory holds the manifest, not the corpus.
    corpus: Corpus = load_corpus(corpus_dir, today=today, unreadable=unreadable, keep_texts=False)
    summary.skipped.extend(unreadable or [])
    # Documents left out as unreadable keep whatever the store holds for them.
    kept_aside = {line.split(":", 1)[0] for line in unreadable or []}
    gazetteer_file = Path(gazetteer_path) if gazetteer_path else DEFAULT_GAZETTEER
    gazetteer = load_gazetteer(gazetteer_file)
    facts_root = Path(facts_dir) if facts_dir else Path(corpus_dir) / FACTS_DIR
    extract_many, version = _extractor() if extract else (None, "off")
    gazetteer_digest = hashlib.sha256(gazetteer_file.read_bytes()).hexdigest()
    # A document's graph and its inferences depend on the rules as well.
    rules_digest = inference.rules_digest()
    actors_digest = _digest(gazetteer_digest, rules_digest)

    reviewed_files = {p.stem: p for p in sorted(facts_root.glob("*.yaml"))} if facts_root.is_dir() else {}
    unknown = sorted(set(reviewed_files) - {d.id for d in corpus} - kept_aside)
    if unknown:
        raise InputError(f"{reviewed_files[unknown[0]]}: no document {unknown[0]!r} in {Path(corpus_dir) / 'manifest.yaml'}")

    records = _stored_digests(store)
    stored = {g: d for g, d in records.items() if g.startswith(DOCUMENT_PREFIX)}
    digests: dict[str, str] = {}
    todo: list[Document] = []
    for doc in corpus:
        fact_bytes = reviewed_files[doc.id].read_bytes() if doc.id in reviewed_files else b""
        digest = _digest(doc.sha256, fact_bytes, gazetteer_digest, rules_digest, version, doc.published.isoformat(),
                         doc.title, doc.publisher, "|".join(doc.credits), doc.file)
        digests[doc.id] = digest
        if stored.get(_graph_of(doc.id)) == digest:
            summary.unchanged += 1
        else:
            todo.append(doc)

    reviewed: dict[str, DocFacts] = {}
    good: list[Document] = []
    for doc in todo:
        try:
            if doc.id in reviewed_files:
                doc = with_text(corpus, doc)
                reviewed[doc.id] = load_fact_file(reviewed_files[doc.id], doc.text)
            good.append(doc)
        except InputError as exc:
            if not keep_going:
                raise
            summary.skipped.append(f"{doc.id}: {exc}")
    summary.reviewed = len(reviewed)
    good = _check_reviewed(good, reviewed, gazetteer, keep_going, summary)

    # Before any document is written: drop the graphs of documents that left the
    # corpus and the answers kept from the old documents (none may be read stale),
    # refresh the actors graph and its inferences if the gazetteer or the rules
    # changed, and forget the derived graph's record so that a build stopped
    # half-way re-derives next time.
    present = {_graph_of(d.id): d.id for d in corpus}
    gone = sorted(g for g in stored if g not in present and g not in {_graph_of(i) for i in kept_aside})
    done = {g: d for g, d in stored.items() if g in present and stored[g] == digests[present[g]]}
    prelude: dict[str, tuple] = {}
    forget = [*gone, DERIVED_GRAPH]
    actors = tuple(mapping.actors_triples(gazetteer))
    if records.get(ACTORS_GRAPH) != actors_digest:
        prelude[ACTORS_GRAPH] = actors
        prelude[inference.inferred_graph(ACTORS_GRAPH)] = tuple(inference.closure(actors))
        forget.append(ACTORS_GRAPH)
    changed = bool(gone or prelude or todo)
    if changed:
        store.replace_graphs(
            prelude, drop=[*gone, *map(inference.inferred_graph, gone), VIEWS_GRAPH, READINGS_GRAPH],
            delete=[_record(g, records[g]) for g in forget if g in records],
            insert=[_record(ACTORS_GRAPH, actors_digest)] if prelude else [],
        )
    summary.removed = len(gone)

    # Documents in batches: extract, map and write each batch in one store
    # transaction with the documents' digests, so memory stays flat and a build
    # stopped half-way keeps what it wrote. A reference to an agreement or
    # commitment of a later batch is resolved when its document is retried
    # with the last batch.
    existing = store.graph_names() if good else set()
    known = _stored_known(store) if good else {}
    known.update(mapping.known_ids(reviewed.values()))
    # Each document's inferences are computed with it, the actors as context.
    context = inference.Context(actors) if good else None
    tracker = _Tracker(progress, len(good))
    source = corpus
    batches = [good[i:i + BATCH_SIZE] for i in range(0, len(good), BATCH_SIZE)]
    deferred: list[tuple[Document, DocFacts]] = []
    for number, batch in enumerate(batches, 1):
        last = number == len(batches)
        batch = _read_texts(source, batch, keep_going, summary)
        extracted = extract_many(batch, gazetteer, jobs=jobs, progress=tracker.within()) if extract_many else {}
        summary.extracted += len(extracted)
        facts = [(doc, merge_facts(extracted.get(doc.id), reviewed.get(doc.id), doc.id)) for doc in batch]
        known.update(mapping.known_ids(f for _, f in facts))
        if last:
            facts += deferred
        graphs: dict[str, tuple] = {}  # the documents' graphs and their inferences
        written: list[str] = []  # the documents' graphs
        failed: list[str] = []
        for doc, doc_facts in facts:
            try:
                mapped = mapping.document_triples(doc, doc_facts, gazetteer, _references(doc_facts, known))
            except InputError as exc:
                if not last:
                    deferred.append((doc, doc_facts))
                    continue
                if not keep_going:
                    raise
                summary.skipped.append(f"{doc.id}: {exc}")
                failed.append(_graph_of(doc.id))
                continue
            graphs[mapped.graph] = mapped.triples
            written.append(mapped.graph)
            graphs[inference.inferred_graph(mapped.graph)] = tuple(inference.closure(mapped.triples, context=context))
            summary.triples_per_document[doc.id] = len(mapped.triples)
        store.replace_graphs(
            graphs,
            delete=[_record(g, stored[g]) for g in (*written, *failed) if g in stored],
            insert=[_record(g, digests[present[g]]) for g in written],
            absent={g for g in graphs if g not in existing},
        )
        done.update((g, digests[present[g]]) for g in written)
        tracker.advance(len(batch))

    # The texts and facts are in the store now: let them go before the derived
    # graph is computed (at 100,000 articles they are a few hundred megabytes).
    summary.documents = len(corpus)
    corpus = source = good = todo = batches = batch = deferred = facts = graphs = extracted = present = None  # type: ignore[assignment]

    # The derived graph depends on every document, the gazetteer and the rules:
    # recomputed whenever one of them changed, left alone otherwise.
    state = _digest(gazetteer_digest, _derivation_digest(), *sorted(f"{g} {d}" for g, d in done.items()))
    before = records.get(DERIVED_GRAPH)
    summary.derived = derive(store) if before != state else _count(store, DERIVED_GRAPH)
    if before != state or changed:
        store.replace_graphs({}, delete=[_record(DERIVED_GRAPH, before)] if before else [],
                             insert=[_record(DERIVED_GRAPH, state)])
    summary.triples = store.triple_count()

    if out_dir is not None:
        from kg.export import export_all

        nquads = store.dump_nquads()
        summary.exports = export_all(_without_build_graph(nquads), out_dir)
        if html:
            from kg.html import write_page
            from kg.report import write_report
            from kg.tables import write_tables

            from kg.answers import newest_publication_date

            # Judged as of the newest article, not the clock, so a rebuild gives the same files.
            day = newest_publication_date(store)
            summary.exports["graph.html"] = write_page(store, Path(out_dir) / "graph.html", as_of=day)
            for written in (write_report(store, out_dir, as_of=day), write_tables(store, out_dir, as_of=day)):
                summary.exports.update({path.name: path for path in written.values()})
    summary.seconds = time.perf_counter() - started
    return summary


def _graph_of(doc_id: str) -> str:
    return mapping.document_iri(doc_id)[1:-1]


def _record(graph: str, digest: str) -> Quad:
    """The build graph's note that ``graph`` was written from inputs with ``digest``."""
    return (f"<{graph}>", f"<{NKG}inputDigest>", literal(digest), BUILD_GRAPH)


def _count(store: Store, graph: str) -> int:
    rows = store.query(f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{graph}> {{ ?s ?p ?o }} }}")
    return int(rows[0]["n"]) if rows else 0


def _derivation_digest() -> str:
    """What the derived graph is computed with: the ontology and the code."""
    import sys

    import kg.answers
    import kg.ontology
    import kg.status

    parts: list[bytes] = []
    for module in (kg.ontology, kg.answers, kg.status, sys.modules[__name__]):
        parts.append(Path(module.__file__).read_bytes() if module.__file__ else b"")
    for name in ("nkg.ttl", "alignments.ttl"):
        path = kg.ontology.ontology_path(name)
        parts.append(path.read_bytes() if path.is_file() else b"")
    return _digest(*parts)


def _references(facts: DocFacts, known: dict[str, str]) -> dict[str, str]:
    """The part of ``known`` a document's facts point to (the mapping copies it per document)."""
    wanted: set[str] = set()
    for c in facts.commitments:
        wanted.update((c.agreement or "", c.amends or "", *c.reciprocal_to))
    for s in facts.statements:
        wanted.update(s.about)
    return {k: known[k] for k in wanted if k in known}


class _Tracker:
    """Feeds the build's ``progress`` callable the number of documents done.

    A callable with a ``begin(total)`` method is told the total first (the
    progress bar of :mod:`kg.progress` uses it for its ETA).
    """

    def __init__(self, progress: Callable[[int], None] | None, total: int) -> None:
        self.progress = progress
        self.done = 0
        begin = getattr(progress, "begin", None)
        if callable(begin):
            begin(total)

    def within(self) -> Callable[[int], None] | None:
        if self.progress is None:
            return None
        base, report = self.done, self.progress
        return lambda n: report(base + n)

    def advance(self, n: int) -> None:
        self.done += n
        if self.progress is not None:
            self.progress(self.done)


class _AnyReference(dict):
    """Resolves every agreement or commitment id: for checking actors alone."""

    def __contains__(self, key: object) -> bool:
        return True

    def __missing__(self, key: str) -> str:
        return entity("commitment", key)


def _read_texts(corpus: Corpus, batch: list[Document], keep_going: bool, summary: BuildSummary) -> list[Document]:
    """The batch's documents with their texts; a text that can no longer be read
    (or changed since it was digested) stops the build, or with ``keep_going``
    leaves that document out and keeps what the store holds for it."""
    out = []
    for doc in batch:
        try:
            out.append(with_text(corpus, doc))
        except DocumentError as exc:
            if not keep_going:
                raise
            summary.skipped.append(f"{doc.id}: {exc}")
    return out


def _check_reviewed(good: list[Document], reviewed: dict[str, DocFacts], gazetteer, keep_going: bool,
                    summary: BuildSummary) -> list[Document]:
    """Map every reviewed fact file once before anything is written, so that a
    bad reference stops the build (or, with ``keep_going``, skips that
    document) while the store is still untouched."""
    kept = []
    for doc in good:
        if doc.id in reviewed:
            try:
                mapping.document_triples(doc, reviewed[doc.id], gazetteer, _AnyReference())
            except InputError as exc:
                if not keep_going:
                    raise
                summary.skipped.append(f"{doc.id}: {exc}")
                continue
        kept.append(doc)
    return kept


def _stored_known(store: Store) -> dict[str, str]:
    """Agreement and commitment ids already in the store (for cross references)."""
    rows = store.query(
        f"""SELECT DISTINCT ?x WHERE {{ GRAPH ?g {{ ?x a ?c }}
            VALUES ?c {{ <{NKG}Agreement> <{NKG}Commitment> }} }}"""
    )
    known = {}
    for r in rows:
        iri = r["x"]
        for kind in ("agreement", "commitment"):
            marker = f"/id/{kind}/"
            if marker in iri:
                known[iri.split(marker, 1)[1]] = entity(kind, iri.split(marker, 1)[1])
    return known


def _without_build_graph(nquads: str) -> str:
    """The store's quads without the build graph's records, the kept answers and readings."""
    markers = (f"<{BUILD_GRAPH}> .", f"<{VIEWS_GRAPH}> .", f"<{READINGS_GRAPH}> .")
    return "".join(line + "\n" for line in nquads.split("\n") if line.strip() and not line.endswith(markers))


# One display name per labelled resource, for the queries' name lookups. An actor
# or agreement named in many documents has an rdfs:label in each of their graphs,
# and a lookup across graphs multiplies every row by that count (56 s instead of
# 8 s for the statements of 10k articles). The actors graph's label wins,
# otherwise the smallest.
PREFERRED_LABELS = f"""# skos:prefLabel: one label per labelled resource
INSERT {{ GRAPH <{DERIVED_GRAPH}> {{ ?x <http://www.w3.org/2004/02/skos/core#prefLabel> ?label }} }}
WHERE {{ {{ SELECT ?x (COALESCE(MIN(?actorLabel), MIN(?anyLabel)) AS ?label) WHERE {{
  GRAPH ?g {{ ?x <http://www.w3.org/2000/01/rdf-schema#label> ?anyLabel }}
  OPTIONAL {{ GRAPH <{ACTORS_GRAPH}> {{ ?x <http://www.w3.org/2000/01/rdf-schema#label> ?actorLabel }} }}
}} GROUP BY ?x }} }}"""


def derive(store: Store) -> int:
    """Recompute the derived graph and the views: display names, commitment
    statuses as of the latest publication date with what the ontology's axioms
    entail from them, then the answers kept for reading (:data:`VIEWS_GRAPH`) and
    the documents' readings earlier dates are answered from (:data:`READINGS_GRAPH`).

    The documents' own entailments are written with each document
    (:mod:`kg.inference`); here only the assessments' are added, with the
    types of the commitments they assess as context.
    """
    from kg import answers

    store.update(f"DROP SILENT GRAPH <{DERIVED_GRAPH}> ; DROP SILENT GRAPH <{VIEWS_GRAPH}> ; "
                 f"DROP SILENT GRAPH <{READINGS_GRAPH}>")
    store.insert_derived(PREFERRED_LABELS)
    day = answers.newest_publication_date(store)
    if day is not None:
        # One part at a time, each written before the next is read: what a large
        # store holds in memory is one part's rows, not all of them at once.
        readings = answers.commitment_readings(store)
        inputs = answers.inputs_as_of(readings, day)
        assessments, views = assessment_triples(store, day, inputs)
        if assessments:
            assessed = sorted({o for _, p, o in assessments if p == ASSESSES})
            context = inference.Context(_types_of(store, assessed))
            entailed = inference.closure(assessments, context=context)
            store.replace_graphs({}, insert=[(*t, DERIVED_GRAPH) for t in (*assessments, *entailed)])
        del assessments
        whole, predictions = _whole_views(store, day, inputs)
        views += whole
        del inputs
        store.replace_graphs({READINGS_GRAPH: _readings_triples(day, answers.pack_readings(readings),
                                                                answers.commitment_index(readings))})
        del readings
        store.replace_graphs({VIEWS_GRAPH: views})
        del views
        _write_parts(store, _view_parts("predictions", day, predictions))
        del predictions
        _keep_releases(store, day)
        _keep_sourcing(store, day)
        _keep_statement_places(store, day)
    rows = store.query(f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH <{DERIVED_GRAPH}> {{ ?s ?p ?o }} }}")
    return int(rows[0]["n"]) if rows else 0


ASSESSES = q("nkg:assesses")


def _types_of(store: Store, resources: list[str]) -> list[Triple]:
    """The ``rdf:type`` triples of ``resources`` (N-Triples IRIs), from any graph."""
    if not resources:
        return []
    rows = store.query("SELECT DISTINCT ?x ?type WHERE { GRAPH ?g { ?x a ?type } }",
                       {"x": [unwrap(r) for r in resources]})
    return [(iri(r["x"]), q("rdf:type"), iri(r["type"])) for r in rows]


def _json_text(value: object) -> str:
    """JSON text with keys sorted, so a rebuild writes the same bytes."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _record_literal(value: object) -> str:
    """A JSON literal (``rdf:JSON``), keys sorted so a rebuild writes the same bytes."""
    return _json_literal(_json_text(value))


def _json_literal(text: str) -> str:
    return f"{literal(text)}^^<{RDF_JSON}>"


# Records per part of an answer kept in parts (the release events): a page, or
# one releaser's events, reads its own parts; and no literal grows large (see
# READINGS_CHUNK).
VIEW_PART = 1000
# Parts written to the store per update.
PARTS_PER_WRITE = 25


def _keep_releases(store: Store, day: dt.date) -> None:
    """Keep the release events as of ``day`` in parts, in the answer's order,
    and again each releaser's apart (``view/releases/part/<n>``,
    ``view/releases/<releaser key>/part/<n>``).

    The events are read one (releaser, people) pair at a time
    (:func:`kg.answers.release_events`) and held only as their JSON text, so
    a large corpus's events cost their text, not their records; the parts
    are written :data:`PARTS_PER_WRITE` at a time.
    """
    from kg import answers

    events = [(answers.release_order(record), releaser, _json_text(record))
              for record, releaser in answers.release_events(store, day)]
    events.sort(key=lambda e: e[0])
    by_releaser: dict[str, list[str]] = {}
    for _, releaser, text in events:
        by_releaser.setdefault(releaser, []).append(text)
    texts = [text for _, _, text in events]
    del events
    _write_parts(store, chain(_view_parts("releases", day, texts), *(
        _view_parts(f"releases/{answers.iri_key(r)}", day, by_releaser[r]) for r in sorted(by_releaser))))


def _keep_sourcing(store: Store, day: dt.date) -> None:
    """Keep how each fact is sourced as of ``day`` (what ``kg sources`` lists)
    in parts, and the facts on a single or anonymous source apart
    (``view/sources/part/<n>``, ``view/sources/weak/part/<n>``), made from
    the store's rows as they stream in and held as JSON text."""
    from kg import answers

    texts, weak = [], []
    for fact in answers.sourcing(store, day):
        texts.append(_json_text(fact))
        if fact["single_source"] or fact["anonymous"]:
            weak.append(texts[-1])
    _write_parts(store, chain(_view_parts("sources", day, texts), _view_parts("sources/weak", day, weak)))


def _keep_statement_places(store: Store, day: dt.date) -> None:
    """Keep, for each speaker and each party spoken for, where its statements
    sit, in the answer's order and in parts (``view/statements/<by>/<key>/part/<n>``,
    ``by`` = ``speaker`` | ``party``; an empty ``view/statement-places`` says
    they are kept): a page of one speaker's or one party's statements then
    reads its own keys, not all of them. One streamed pass over the
    statements; each key is held once, as JSON text, however many lists it is in."""
    from kg import answers

    lists: dict[tuple[str, str], list[tuple[tuple[Any, ...], str]]] = {}
    texts: dict[str, tuple[tuple[Any, ...], str]] = {}
    for row in answers.stream(store, "statement-places"):
        key = answers.place_key(row)
        entry = texts.setdefault(row["statement"], (tuple(key), _json_text(key)))
        lists.setdefault(("speaker", row["speaker"]), []).append(entry)
        if row["party"]:
            lists.setdefault(("party", row["party"]), []).append(entry)
    del texts
    kept = []
    for (by, target), entries in sorted(lists.items()):
        entries = sorted(set(entries))  # a statement once per list, in the answer's order
        kept.append((f"statements/{by}/{answers.iri_key(target)}", [text for _, text in entries]))
    del lists
    _write_parts(store, chain(_view_parts("statement-places", day, []),
                              *(_view_parts(name, day, texts) for name, texts in kept)))


def _write_parts(store: Store, parts: Iterator[list[Quad]]) -> None:
    """Add the parts of kept answers to :data:`VIEWS_GRAPH`, :data:`PARTS_PER_WRITE` at a time."""
    while batch := [quad for part in islice(parts, PARTS_PER_WRITE) for quad in part]:
        store.replace_graphs({}, insert=batch)


def _view_parts(name: str, day: dt.date, texts: list[str]) -> Iterator[list[Quad]]:
    """An answer kept in parts of :data:`VIEW_PART` records given as JSON
    texts: each part's quads for :data:`VIEWS_GRAPH`, on the node
    ``view/<name>/part/<n>`` (read by :func:`kg.answers.kept_parts`)."""
    for n, at in enumerate(range(0, max(len(texts), 1), VIEW_PART)):
        node = entity("view", *name.split("/"), "part", n)
        record = f'{{"records":[{",".join(texts[at:at + VIEW_PART])}],"size":{VIEW_PART},"total":{len(texts)}}}'
        yield [(node, q("rdf:type"), q("nkg:DerivedView"), VIEWS_GRAPH),
               (node, q("nkg:assessedAsOf"), typed(day), VIEWS_GRAPH),
               (node, q("rdfs:label"), literal(f"{name} {n}"), VIEWS_GRAPH),
               (node, q("nkg:answerRecord"), _json_literal(record), VIEWS_GRAPH)]


def _whole_views(store: Store, day: dt.date, inputs: Any) -> tuple[list[Triple], list[str]]:
    """Answers over the whole graph as of ``day`` (the latest publication date),
    kept as views: who is quoted most, the agreements and the publication days
    (what pages "who said what" a day at a time); and which predictions came
    true, as JSON texts for keeping in parts (a page reads its own)."""
    from kg import answers

    out: list[Triple] = []
    computed = {"most-quoted": answers.most_quoted(store, day, cached=False),
                "agreements": answers.agreements(store, day, cached=False),
                "publication-days": [d.isoformat() for d in answers.publication_dates(store)]}
    for name, records in computed.items():
        out += _view(name, day, records)
    return out, [_json_text(p) for p in answers.predictions(store, day, cached=False, inputs=inputs)]


# Rows of readings per kept literal. An on-disk store keeps a literal whole in its
# blocks: one literal of tens of megabytes (the readings of 100k articles) made every
# lookup that passed near it read it again (a 2 s question took 100 s). Small pieces
# also let a question about a few commitments read only theirs.
READINGS_CHUNK = 250


def _readings_triples(day: dt.date, packed: dict[str, list[list[Any]]],
                      index: dict[str, dict[str, Any]]) -> list[tuple[str, str, str]]:
    """The packed readings as literals of at most :data:`READINGS_CHUNK` rows,
    each on a node ``view/commitment-readings/<day>/<part>/<n>``, and the
    index of where each commitment's rows lie (kg.answers.commitment_index)
    on the node ``view/commitment-readings/index``."""
    out: list[tuple[str, str, str]] = []
    for part, rows in packed.items():
        for n, at in enumerate(range(0, max(len(rows), 1), READINGS_CHUNK)):
            node = entity("view", "commitment-readings", day.isoformat(), part, n)
            out += [(node, q("nkg:assessedAsOf"), typed(day)),
                    (node, q("nkg:answerRecord"), _record_literal(rows[at:at + READINGS_CHUNK]))]
    node = entity("view", "commitment-readings", "index")
    return out + [(node, q("nkg:assessedAsOf"), typed(day)),
                  (node, q("nkg:answerRecord"), _record_literal({"chunk": READINGS_CHUNK, "commitments": index}))]


def _view(name: str, day: dt.date, records: list[Any]) -> list[tuple[str, str, str]]:
    """A kept answer: ``records`` as of ``day`` under ``name``, as one JSON literal."""
    node = entity("view", name, day.isoformat())
    return [(node, q("rdf:type"), q("nkg:DerivedView")), (node, q("nkg:assessedAsOf"), typed(day)),
            (node, q("rdfs:label"), literal(name)), (node, q("nkg:answerRecord"), _record_literal(records))]


STATUS_CONCEPTS = {"not_started": "NotStarted", "in_progress": "InProgress", "fulfilled": "Fulfilled"}


def assessment_triples(store: Store, day: dt.date, inputs: Any = None) -> tuple[list[Triple], list[Triple]]:
    """Each commitment's status as of ``day`` (the latest publication date), as
    triples for the derived graph, and its whole record for :data:`VIEWS_GRAPH`."""
    from kg import answers

    out: list[Triple] = []
    views: list[Triple] = []
    records = answers.commitments(store, day, cached=False, inputs=inputs)
    for c in records:
        node = entity("assessment", c["id"], day.isoformat())
        out += [
            (node, q("rdf:type"), q("nkg:StatusAssessment")),
            (node, q("nkg:assesses"), entity("commitment", c["id"])),
            (node, q("nkg:assessedAsOf"), typed(day)),
            (node, q("nkg:status"), q("nkg:" + STATUS_CONCEPTS[c["status"]])),
            (node, q("nkg:achievedCount"), typed(c["achieved"])),
            (node, q("nkg:isOverdue"), typed(c["overdue"])),
            (node, q("nkg:isLate"), typed(c["late"])),
        ]
        views.append((node, q("nkg:answerRecord"), _record_literal(c)))
        if c["share"] is not None:
            out.append((node, q("nkg:shareAchieved"), typed(float(min(c["share"], 1.0)))))
        if c["fulfilled_on"]:
            out.append((node, q("nkg:fulfilledOn"), typed(dt.date.fromisoformat(c["fulfilled_on"]))))
    # Every record without its evidence, in one literal: what a table of the
    # commitments shows, read without decoding every evidence list.
    views += _view("commitment-summaries", day, [{k: v for k, v in c.items() if k != "evidence"} for c in records])
    # The ids alone, in order: where a page of records with their evidence starts and ends.
    views += _view("commitment-ids", day, sorted(c["id"] for c in records))
    return sorted(out), sorted(views)
