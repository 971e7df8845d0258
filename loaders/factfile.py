"""Fact files: facts about one document written (or reviewed) by a person.

A fact file is YAML named after its document (``<doc-id>.yaml``) in a facts
folder (``corpus/facts/`` for reviewed facts, a gold folder for evaluation)::

    document: 000_96addb07b944f045
    posts:
      - id: government-of-afghanistan/senior-official/anon-000-510
        title: senior official in the office of President Ashraf Ghani
        party: government-of-afghanistan
        anonymous: true
        evidence: {start: 510, end: 566, text: "a senior official in ..."}
    statements:
      - speaker: zabihullah-mujahid
        kind: direct
        type: prediction
        text: "I think the release ..."
        said_on: 2020-04-02
        evidence: {start: 1024, end: 1150, text: "..."}

Sections: ``parties``, ``persons``, ``posts``, ``agreements``, ``commitments``,
``releases``, ``statements``; their fields are the fields of the records in
:mod:`loaders.facts`. Every evidence span is checked against the document's
text: text not found at its offsets is an :class:`~kg.errors.EvidenceError`
naming the document and the text.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any, Callable, Iterable

from kg.errors import EvidenceError, FactFileError
from loaders import facts as F
from loaders.yamlfile import LineDict, load

__all__ = ["load_fact_dir", "load_fact_file", "locate", "parse_facts", "check_evidence", "dump_facts"]

Convert = Callable[[Any, str], Any]


def _s(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FactFileError(f"{where}: expected non-empty text, found {value!r}")
    return value


def _i(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FactFileError(f"{where}: expected a whole number ≥ 0, found {value!r}")
    return value


def _b(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise FactFileError(f"{where}: expected true or false, found {value!r}")
    return value


def _f(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise FactFileError(f"{where}: expected a number between 0 and 1, found {value!r}")
    return float(value)


def _d(value: Any, where: str) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise FactFileError(f"{where}: expected a date YYYY-MM-DD, found {value!r}")


def _strs(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise FactFileError(f"{where}: expected a list of text values, found {value!r}")
    return tuple(value)


def _enum(options: tuple[str, ...]) -> Convert:
    def convert(value: Any, where: str) -> str:
        if value not in options:
            raise FactFileError(f"{where}: expected one of {', '.join(options)}, found {value!r}")
        return value

    return convert


# field -> converter, for each section; "evidence" is handled apart.
SCHEMAS: dict[str, tuple[type, dict[str, Convert], tuple[str, ...]]] = {
    "parties": (F.Party, {"id": _s, "name": _s, "kind": _enum(F.PARTY_KINDS), "aliases": _strs}, ("id", "name")),
    "persons": (F.Person, {"id": _s, "name": _s, "aliases": _strs}, ("id", "name")),
    "posts": (
        F.Post,
        {"id": _s, "title": _s, "party": _s, "holder": _s, "start": _d, "end": _d, "anonymous": _b},
        ("id", "title"),
    ),
    "agreements": (
        F.Agreement,
        {"id": _s, "name": _s, "kind": _enum(F.AGREEMENT_KINDS), "date": _d, "signatories": _strs,
         "place": _s, "rule": _s, "confidence": _f},
        ("id", "name"),
    ),
    "commitments": (
        F.Commitment,
        {"id": _s, "obligor": _s, "action": _enum(F.ACTIONS), "object": _s, "agreement": _s,
         "object_party": _s, "target": _i, "upper_bound": _b, "counterparty": _s, "deadline": _d,
         "reciprocal_to": _strs, "conditions": _strs, "amends": _s, "amendment": _enum(F.AMENDMENTS),
         "rule": _s, "confidence": _f},
        ("id", "obligor", "action", "object"),
    ),
    "releases": (
        F.Release,
        {"releaser": _s, "released_party": _s, "count": _i, "qualifier": _enum(F.COUNT_QUALIFIERS),
         "cumulative": _b, "date_from": _d, "date_to": _d, "place": _s, "source": _s,
         "description": _s, "rule": _s, "confidence": _f},
        ("releaser", "evidence"),
    ),
    "statements": (
        F.Statement,
        {"speaker": _s, "kind": _enum(F.STATEMENT_KINDS), "type": _enum(F.STATEMENT_TYPES), "text": _s,
         "post": _s, "channel": _s, "said_on": _d, "about": _strs, "expected_from": _d,
         "expected_to": _d, "rule": _s, "confidence": _f},
        ("speaker", "kind", "type", "text", "evidence"),
    ),
}
SECTIONS = tuple(SCHEMAS)


def locate(text: str, snippet: str, occurrence: int = 1) -> F.Evidence | None:
    """Find the n-th occurrence of ``snippet`` in ``text`` (a helper for annotators).

    >>> locate("a b a", "a", 2)
    Evidence(document='', start=4, end=5, text='a')
    """
    start = -1
    for _ in range(occurrence):
        start = text.find(snippet, start + 1)
        if start < 0:
            return None
    return F.Evidence("", start, start + len(snippet), snippet)


def _evidence(value: Any, doc_id: str, where: str) -> F.Evidence:
    if not isinstance(value, dict):
        raise FactFileError(f"{where}: expected {{start, end, text}}, found {value!r}")
    unknown = sorted(set(value) - {"start", "end", "text"})
    if unknown:
        raise FactFileError(f"{where}: unknown field '{unknown[0]}'; expected start, end, text")
    text = _s(value.get("text"), f"{where}.text")
    start = _i(value.get("start"), f"{where}.start")
    end = value.get("end", start + len(text))
    end = _i(end, f"{where}.end")
    if end <= start:
        raise FactFileError(f"{where}: end {end} is not after start {start}")
    return F.Evidence(doc_id, start, end, text)


def parse_facts(data: Any, where: str, doc_id: str | None = None) -> F.DocFacts:
    """Turn parsed YAML into a validated :class:`~loaders.facts.DocFacts`."""
    if not isinstance(data, dict):
        raise FactFileError(f"{where}: expected a mapping with 'document' and fact sections")
    unknown = sorted(set(data) - {"document", *SECTIONS})
    if unknown:
        line = data.key_line(unknown[0]) if isinstance(data, LineDict) else 0
        raise FactFileError(f"{where}, line {line}: unknown section '{unknown[0]}'; expected {', '.join(SECTIONS)}")
    document = _s(data.get("document"), f"{where}, field 'document'")
    if doc_id is not None and document != doc_id:
        raise FactFileError(f"{where}, field 'document': expected {doc_id!r} (the file's name), found {document!r}")
    sections: dict[str, tuple] = {}
    for section, (cls, schema, required) in SCHEMAS.items():
        items = data.get(section) or []
        if not isinstance(items, list):
            raise FactFileError(f"{where}, section '{section}': expected a list")
        allowed = set(schema) | {"evidence"} if "evidence" in {f.name for f in fields(cls)} else set(schema)
        records = []
        for n, item in enumerate(items):
            line = getattr(item, "line", 0)
            here = f"{where}, line {line}, {section}[{n}]"
            if not isinstance(item, dict):
                raise FactFileError(f"{here}: expected a mapping")
            bad = sorted(set(item) - allowed)
            if bad:
                raise FactFileError(f"{here}: unknown field '{bad[0]}'; expected one of {', '.join(sorted(allowed))}")
            for key in required:
                if item.get(key) is None:
                    raise FactFileError(f"{here}: missing field '{key}'")
            kwargs: dict[str, Any] = {}
            for key, value in item.items():
                if value is None:
                    continue
                if key == "evidence":
                    kwargs[key] = _evidence(value, document, f"{here}, field 'evidence'")
                else:
                    kwargs[key] = schema[key](value, f"{here}, field '{key}'")
            for f in fields(cls):  # optional fields without a default (a release's count) may be left out or null
                if f.name not in kwargs and f.default is MISSING and f.default_factory is MISSING:
                    kwargs[f.name] = None
            records.append(cls(**kwargs))
        sections[section] = tuple(records)
    return F.DocFacts(document=document, **sections)


def check_evidence(facts: F.DocFacts, text: str, where: str) -> None:
    """Every span's text must be found at its offsets in the document."""
    for ev in facts.evidences():
        found = text[ev.start : ev.end]
        if found != ev.text:
            hint = text.find(ev.text)
            at = f"; that text is at offset {hint}" if hint >= 0 else "; that text is nowhere in the document"
            raise EvidenceError(
                f"{where}: document {ev.document!r}: expected {ev.text!r} at {ev.start}-{ev.end}, "
                f"found {found!r}{at}"
            )


def load_fact_file(path: Path | str, text: str | None = None) -> F.DocFacts:
    """Load one fact file; with the document's ``text``, check its spans too."""
    path = Path(path)
    facts = parse_facts(load(path, FactFileError), str(path), path.stem)
    if text is not None:
        check_evidence(facts, text, str(path))
    return facts


def load_fact_dir(folder: Path | str, texts: dict[str, str]) -> dict[str, F.DocFacts]:
    """Load every ``*.yaml`` in a folder; each must name a document in ``texts``."""
    folder = Path(folder)
    found: dict[str, F.DocFacts] = {}
    for path in sorted(folder.glob("*.yaml")):
        if path.stem not in texts:
            raise FactFileError(f"{path}: no document {path.stem!r} in the corpus manifest")
        found[path.stem] = load_fact_file(path, texts[path.stem])
    return found


def _plain(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, F.Evidence):
        return {"start": value.start, "end": value.end, "text": value.text}
    return value


def dump_facts(facts: F.DocFacts) -> dict[str, Any]:
    """The YAML-ready form of facts (inverse of :func:`parse_facts`), defaults left out."""
    out: dict[str, Any] = {"document": facts.document}
    for section in SECTIONS:
        records: Iterable[Any] = getattr(facts, section)
        rows = []
        for record in records:
            row = {}
            for f in fields(record):
                value = getattr(record, f.name)
                if value == f.default or value in ((), None):
                    continue
                row[f.name] = _plain(value)
            rows.append(row)
        if rows:
            out[section] = rows
    return out
