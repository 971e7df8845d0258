"""Rule-based extraction: the facts of a news article, each with its evidence span.

>>> import datetime as dt
>>> from loaders.facts import Document
>>> text = 'The Taliban on Sunday released 20 soldiers, the group said.'
>>> doc = Document("d", "d.txt", dt.date(2020, 4, 13), "x", "t", text, "0")
>>> facts = extract(doc)
>>> [(r.releaser, r.count, r.date_from.isoformat()) for r in facts.releases]
[('taliban', 20, '2020-04-12')]

The pipeline is spaCy's blank English tokenizer and rule sentencizer (no
statistical model), then rules that read cue lists and the actor gazetteer
from data files (:mod:`loaders.extract.cues`, :mod:`loaders.gazetteer`):

- :mod:`~loaders.extract.layout`: paragraphs, sentences, quotations;
- :mod:`~loaders.extract.actors`: who is named (gazetteer, new officials, anonymous sources);
- :mod:`~loaders.extract.statements`: direct quotes and reported speech;
- :mod:`~loaders.extract.releases`: release events, batches and running totals;
- :mod:`~loaders.extract.commitments`: agreements, decisions and the commitments they create.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable

from loaders.extract.actors import ActorFinder
from loaders.extract.context import Context
from loaders.extract.cues import Cues, load_cues
from loaders.extract.layout import Layout
from loaders.extract.numbers import NumberFinder
from loaders.facts import DocFacts, Document
from loaders.gazetteer import Gazetteer, load_gazetteer

__all__ = ["extract", "extract_many", "Extractor"]

MAX_CHARS = 2_000_000  # longer texts are read up to here (about 300,000 words)


class Extractor:
    """The compiled rules for one gazetteer; reusable across documents."""

    def __init__(self, gazetteer: Gazetteer | None = None, cues: Cues | None = None) -> None:
        self.gazetteer = gazetteer or load_gazetteer()
        self.cues = cues or load_cues()
        self.actors = ActorFinder(self.gazetteer, self.cues)
        self.numbers = NumberFinder(self.cues)
        # finders of the gazetteer as of other days (its parties' periods); a gazetteer is hashed by identity
        self._dated: dict[Gazetteer, ActorFinder] = {self.gazetteer: self.actors}

    def _finder(self, gaz: Gazetteer) -> ActorFinder:
        if gaz not in self._dated:
            self._dated[gaz] = ActorFinder(gaz, self.cues)
        return self._dated[gaz]

    def __call__(self, document: Document) -> DocFacts:
        from loaders.extract.commitments import find_commitments
        from loaders.extract.releases import find_releases
        from loaders.extract.statements import find_statements, speech_verbs

        if len(document.text) > MAX_CHARS:
            document = _truncated(document)
        text = document.text
        if not text.strip():
            return DocFacts(document=document.id)
        layout = Layout.of(text)
        quotes = [(q.start, q.end) for q in layout.quotes]
        gaz = self.gazetteer.on(document.published)  # "Libya" in 1975 is no government of 2016
        found = self._finder(gaz).find(text, document.id, document.published, quotes)
        ctx = Context(document, gaz, self.cues, self.numbers, layout, found,
                      speech_verbs(text, self.cues, layout.quotes))
        statements = find_statements(ctx)
        ctx.statements = statements
        releases = find_releases(ctx)
        agreements, commitments = find_commitments(ctx)
        used = set(ctx.used_actors)
        for r in releases:
            used.update(x for x in (r.releaser, r.released_party, r.source) if x)
        for c in commitments:
            used.update(x for x in (c.obligor, c.counterparty, c.object_party) if x)
        for a in agreements:
            used.update(a.signatories)
        for s in statements:
            if s.post:
                used.add(s.post)
        posts = [p for pid, p in sorted(found.posts.items()) if pid in used]
        persons = [p for pid, p in sorted(found.persons.items()) if pid in used or any(x.holder == pid for x in posts)]
        parties = [p for pid, p in sorted(found.parties.items()) if pid in used]
        return DocFacts(
            document=document.id,
            parties=tuple(parties),
            persons=tuple(persons),
            posts=tuple(posts),
            agreements=tuple(agreements),
            commitments=tuple(commitments),
            releases=tuple(releases),
            statements=tuple(statements),
        )


def _truncated(document: Document) -> Document:
    from dataclasses import replace

    return replace(document, text=document.text[:MAX_CHARS])


@lru_cache(maxsize=4)
def _extractor(gazetteer: Gazetteer | None) -> Extractor:
    return Extractor(gazetteer)


def extract(document: Document, gazetteer: Gazetteer | None = None) -> DocFacts:
    """All facts of one article (offsets index ``document.text`` exactly)."""
    return _extractor(gazetteer)(document)


_WORKER: Extractor | None = None


def _init_worker(gazetteer: Gazetteer | None) -> None:
    global _WORKER
    _WORKER = _extractor(gazetteer)  # after a fork, the parent's compiled rules are reused
    from loaders.extract.layout import nlp

    nlp()


def _work(document: Document) -> tuple[str, DocFacts]:
    assert _WORKER is not None
    return document.id, _WORKER(document)


def extract_many(documents: Iterable[Document], gazetteer: Gazetteer | None = None, jobs: int = 1,
                 progress: Callable[[int], None] | None = None) -> dict[str, DocFacts]:
    """Extract from many articles; ``jobs > 1`` spreads them over worker processes.

    Each worker builds the spaCy pipeline and compiles the rules once.
    ``progress`` is called with the number of documents done so far.
    """
    docs = list(documents)
    results: dict[str, DocFacts] = {}
    if jobs <= 1 or len(docs) < 2:
        ex = _extractor(gazetteer)
        for n, doc in enumerate(docs, 1):
            results[doc.id] = ex(doc)
            if progress:
                progress(n)
        return results
    import multiprocessing as mp

    _extractor(gazetteer)  # compile once here; forked workers inherit it

    ctx = mp.get_context("fork") if hasattr(mp, "get_context") and "fork" in mp.get_all_start_methods() else mp
    chunk = max(1, min(64, len(docs) // (jobs * 8) or 1))
    with ctx.Pool(processes=jobs, initializer=_init_worker, initargs=(gazetteer,)) as pool:
        for n, (doc_id, facts) in enumerate(pool.imap(_work, docs, chunksize=chunk), 1):
            results[doc_id] = facts
            if progress:
                progress(n)
    return {doc.id: results[doc.id] for doc in docs}
