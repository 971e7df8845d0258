"""Cue lexicons and known agreements: data files validated and compiled once.

The extractor's knowledge of English (speech verbs, statement-type cues, post
titles, release verbs, number words) lives in ``loaders/data/extract_cues.yaml``;
deals it should recognise by name live in ``loaders/data/agreements.yaml``.
A bad file is a :class:`~kg.errors.DataFileError` naming the file, the line and
the field.

>>> cues = load_cues()
>>> cues.speech["accused"].type
'accusation'
>>> cues.number_words["twenty"]
20
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from kg.errors import DataFileError
from loaders.facts import AGREEMENT_KINDS, COUNT_QUALIFIERS, STATEMENT_TYPES
from loaders.yamlfile import LineDict, load

__all__ = ["CUES_FILE", "AGREEMENTS_FILE", "Cues", "KnownAgreement", "SpeechVerb", "load_cues", "word_start_pattern", "words_pattern"]

DATA = Path(__file__).resolve().parent.parent / "data"
CUES_FILE = DATA / "extract_cues.yaml"
AGREEMENTS_FILE = DATA / "agreements.yaml"

SECTIONS = (
    "speech_verbs", "channels", "statement_types", "post_heads", "post_modifiers", "name_titles",
    "head_synonyms", "anonymity", "demonyms", "release_verbs", "people_nouns", "people_kinds",
    "cumulative", "number_words", "qualifiers", "vague_amounts", "agreement_nouns",
    "commitment_verbs", "actions", "own_actions", "unaffiliated_people", "captive_nouns",
)
OPTIONAL_SECTIONS = ("group_speakers",)


@dataclass(frozen=True)
class SpeechVerb:
    lemma: str
    type: str | None
    continues: bool = False
    object: bool = False
    channel: str | None = None


@dataclass(frozen=True)
class KnownAgreement:
    name: str
    kind: str
    parties: tuple[str, ...]
    date: dt.date
    names: tuple[str, ...]


@dataclass(frozen=True)
class Cues:
    """Everything the rules read from data, compiled."""

    speech: dict[str, SpeechVerb]
    channels: tuple[tuple[re.Pattern[str], str], ...]
    statement_types: tuple[tuple[str, re.Pattern[str]], ...]
    post_heads: frozenset[str]
    post_modifiers: frozenset[str]
    name_titles: tuple[str, ...]
    head_class: dict[str, str]
    anonymity: re.Pattern[str]
    demonyms: dict[str, str]
    release_active: tuple[str, ...]
    release_passive: tuple[str, ...]
    people_nouns: tuple[str, ...]
    people_kinds: dict[str, tuple[str, ...]]
    cumulative: re.Pattern[str]
    number_words: dict[str, int]
    qualifiers: dict[str, str]
    vague_amounts: tuple[str, ...]
    agreement_nouns: dict[str, str]
    commitment_verbs: tuple[str, ...]
    actions: dict[str, str]
    own_actions: re.Pattern[str]
    agreements: tuple[KnownAgreement, ...]
    unaffiliated_people: tuple[str, ...] = ()
    captive_nouns: tuple[str, ...] = ()
    release_received: tuple[str, ...] = ()  # the subject gets its people back: "won the release of"
    group_speakers: tuple[str, ...] = ()  # plural sources that speak as an anonymous group: "analysts say"


def words_pattern(words: Any, *, plural_s: bool = False) -> str:
    """A regex alternation of phrases, spaces flexible, the longest phrase preferred.

    The phrases are merged on their common beginnings (a trie), so that a list
    of hundreds of names costs little more to scan than a short one.

    >>> re.fullmatch(words_pattern(["set free", "freed"]), "set  free") is not None
    True
    >>> re.match(words_pattern(["U.S.", "U.S. forces"]), "U.S. forces left").group(0)
    'U.S. forces'
    """
    trie: dict[str, Any] = {}
    for w in set(words):
        node = trie
        for unit in _units(w):
            node = node.setdefault(unit, {})
        node[""] = {}  # a phrase may end here
    body = _trie_regex(trie)
    return "(?:" + body + ")" if body else "(?!x)x"


def word_start_pattern(*lists: Any, firsts: str, boundary: str = r"\w", ignorecase: bool = False) -> str:
    """``(?<![boundary])(?=[firsts])(?:words_pattern(list1)|words_pattern(list2)|...)``, written so
    that the engine can skip to the candidate first characters instead of trying every position.

    One branch per first character ``c`` of ``firsts``: ``c(?<![boundary]c)`` (``c`` at a word start),
    then the rest of every phrase that may open on ``c``, in the order the plain alternation tries them,
    so a match starts and ends where the plain pattern's does. With ``ignorecase`` the phrases are read
    in either case (as under ``re.IGNORECASE``) and the first character exactly as listed.

    >>> p = re.compile(word_start_pattern(["set free", "freed"], firsts="sfSF", ignorecase=True))
    >>> [m.group(0) for m in p.finditer("they SET free and Freed; unfreed")]
    ['SET free', 'Freed']
    """
    tries: list[dict[str, Any]] = []
    for words in lists:
        trie: dict[str, Any] = {}
        for w in set(words):
            node = trie
            for unit in _units(w):
                node = node.setdefault(unit, {})
            node[""] = {}
        tries.append(trie)
    flags = re.IGNORECASE if ignorecase else 0
    branches = []
    for c in sorted(set(firsts)):
        rests = [_trie_regex(child) for trie in tries for unit, child in sorted(trie.items())
                 if unit and re.fullmatch(unit, c, flags)]
        if not rests:
            continue
        rest = rests[0] if len(rests) == 1 else "(?:" + "|".join(rests) + ")"
        if ignorecase and rest:
            rest = "(?i:" + rest + ")"
        e = re.escape(c)
        branches.append(f"{e}(?<![{boundary}]{e}){rest}")
    if not branches:
        return "(?!x)x"
    return "(?-i:(?:" + "|".join(branches) + "))"


def _units(phrase: str) -> list[str]:
    """The regex pieces of a phrase: one per character, a run of spaces as one piece."""
    units: list[str] = []
    for i, token in enumerate(phrase.split()):
        if i:
            units.append(r"\s+")
        units.extend("['’]" if ch == "'" else re.escape(ch) for ch in token)
    return units


def _trie_regex(node: dict[str, Any]) -> str:
    ends = "" in node
    branches = [unit + _trie_regex(child) for unit, child in sorted(node.items()) if unit]
    if not branches:
        return ""
    inner = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if ends:  # longer first: the optional part is tried before stopping here
        return inner + "?" if len(branches) == 1 and _atomic(inner) else "(?:" + inner + ")?"
    return inner


def _atomic(piece: str) -> bool:
    return len(piece) == 1 or (piece.startswith("(?:") and piece.endswith(")") and _balanced(piece[3:-1]))


def _balanced(piece: str) -> bool:
    depth = 0
    i = 0
    while i < len(piece):
        ch = piece[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return False
        i += 1
    return depth == 0


def _fail(where: str, line: int, field: str, message: str) -> DataFileError:
    return DataFileError(f"{where}, line {line}, field '{field}': {message}")


def _line(node: Any, key: str | None = None) -> int:
    if isinstance(node, LineDict):
        return node.key_line(key) if key else node.line
    return getattr(node, "line", 0)


def _words(data: LineDict, key: str, where: str) -> tuple[str, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise _fail(where, _line(data, key), key, f"expected a non-empty list of phrases, found {value!r}")
    return tuple(v.strip() for v in value)


def _regex(text: Any, where: str, line: int, key: str) -> re.Pattern[str]:
    if not isinstance(text, str) or not text.strip():
        raise _fail(where, line, key, f"expected a regular expression, found {text!r}")
    try:
        return re.compile(text, re.IGNORECASE)
    except re.error as exc:
        raise _fail(where, line, key, f"not a valid regular expression ({exc}): {text!r}") from None


def _mapping(data: LineDict, key: str, where: str) -> LineDict:
    value = data.get(key)
    if not isinstance(value, dict) or not value:
        raise _fail(where, _line(data, key), key, f"expected a non-empty mapping, found {value!r}")
    return value


def parse_cues(data: Any, where: str, agreements: tuple[KnownAgreement, ...] = ()) -> Cues:
    """Validate the parsed cue file (see ``extract_cues.yaml``) and compile it."""
    if not isinstance(data, dict):
        raise DataFileError(f"{where}: expected a mapping with sections {', '.join(SECTIONS)}")
    unknown = sorted(set(data) - set(SECTIONS) - set(OPTIONAL_SECTIONS))
    if unknown:
        raise DataFileError(f"{where}, line {_line(data, unknown[0])}: unknown section '{unknown[0]}'; expected one of {', '.join(SECTIONS + OPTIONAL_SECTIONS)}")
    missing = [s for s in SECTIONS if s not in data]
    if missing:
        raise DataFileError(f"{where}: missing section '{missing[0]}'")

    speech: dict[str, SpeechVerb] = {}
    entries = data["speech_verbs"]
    if not isinstance(entries, list):
        raise _fail(where, _line(data, "speech_verbs"), "speech_verbs", "expected a list of verbs")
    for n, entry in enumerate(entries):
        here = f"speech_verbs[{n}]"
        if not isinstance(entry, dict):
            raise _fail(where, _line(entries), here, f"expected a mapping, found {entry!r}")
        bad = sorted(set(entry) - {"lemma", "forms", "type", "continues", "object", "channel"})
        if bad:
            raise _fail(where, _line(entry, bad[0]), f"{here}.{bad[0]}", "unknown field; expected lemma, forms, type, continues, object, channel")
        kind = entry.get("type")
        if kind is not None and kind not in STATEMENT_TYPES:
            raise _fail(where, _line(entry, "type"), f"{here}.type", f"expected one of {', '.join(STATEMENT_TYPES)} or null, found {kind!r}")
        lemma = entry.get("lemma")
        if not isinstance(lemma, str) or not lemma:
            raise _fail(where, _line(entry), f"{here}.lemma", f"expected a verb, found {lemma!r}")
        verb = SpeechVerb(lemma, kind, bool(entry.get("continues")), bool(entry.get("object")), entry.get("channel"))
        for form in _words(entry, "forms", where):
            speech[" ".join(form.lower().split())] = verb

    channels = []
    for n, entry in enumerate(data["channels"] or []):
        if not isinstance(entry, dict) or not isinstance(entry.get("channel"), str):
            raise _fail(where, _line(entry), f"channels[{n}]", "expected {pattern, channel}")
        channels.append((_regex(entry.get("pattern"), where, _line(entry, "pattern"), f"channels[{n}].pattern"), entry["channel"]))

    types = []
    for n, entry in enumerate(data["statement_types"] or []):
        if not isinstance(entry, dict) or entry.get("type") not in STATEMENT_TYPES:
            found = entry.get("type") if isinstance(entry, dict) else entry
            raise _fail(where, _line(entry), f"statement_types[{n}].type", f"expected one of {', '.join(STATEMENT_TYPES)}, found {found!r}")
        types.append((entry["type"], _regex(entry.get("pattern"), where, _line(entry, "pattern"), f"statement_types[{n}].pattern")))

    head_class: dict[str, str] = {}
    groups = data["head_synonyms"]
    if not isinstance(groups, list):
        raise _fail(where, _line(data, "head_synonyms"), "head_synonyms", "expected a list of lists of nouns")
    for group in groups:
        if not isinstance(group, list) or not all(isinstance(g, str) for g in group):
            raise _fail(where, _line(groups), "head_synonyms", f"expected a list of nouns, found {group!r}")
        for word in group:
            head_class[word.lower()] = group[0].lower()

    anonymity = [_regex(p, where, _line(data, "anonymity"), "anonymity").pattern for p in _words(data, "anonymity", where)]
    cumulative = [_regex(p, where, _line(data, "cumulative"), "cumulative").pattern for p in _words(data, "cumulative", where)]

    demonyms = _mapping(data, "demonyms", where)
    numbers = _mapping(data, "number_words", where)
    for word, value in numbers.items():
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise _fail(where, _line(numbers, word), f"number_words.{word}", f"expected a whole number > 0, found {value!r}")

    release = _mapping(data, "release_verbs", where)
    kinds = _mapping(data, "people_kinds", where)
    quals = _mapping(data, "qualifiers", where)
    qualifiers: dict[str, str] = {}
    for qual in quals:
        if qual not in COUNT_QUALIFIERS:
            raise _fail(where, _line(quals, qual), f"qualifiers.{qual}", f"expected one of {', '.join(COUNT_QUALIFIERS)}")
        for phrase in _words(quals, qual, where):
            qualifiers[" ".join(phrase.lower().split())] = qual

    agreement_nouns: dict[str, str] = {}
    nouns = _mapping(data, "agreement_nouns", where)
    for kind in nouns:
        if kind not in AGREEMENT_KINDS:
            raise _fail(where, _line(nouns, kind), f"agreement_nouns.{kind}", f"expected one of {', '.join(AGREEMENT_KINDS)}")
        for noun in _words(nouns, kind, where):
            agreement_nouns[noun.lower()] = kind

    actions: dict[str, str] = {}
    acts = _mapping(data, "actions", where)
    for action in acts:
        for word in _words(acts, action, where):
            actions[word.lower()] = str(action)

    return Cues(
        speech=speech,
        channels=tuple(channels),
        statement_types=tuple(types),
        post_heads=frozenset(w.lower() for w in _words(data, "post_heads", where)),
        post_modifiers=frozenset(w.lower() for w in _words(data, "post_modifiers", where)),
        name_titles=_words(data, "name_titles", where),
        head_class=head_class,
        anonymity=re.compile("|".join(anonymity), re.IGNORECASE),
        demonyms={str(k): str(v) for k, v in demonyms.items()},
        release_active=_words(release, "active", where),
        release_passive=_words(release, "passive", where),
        people_nouns=_words(data, "people_nouns", where),
        people_kinds={str(k): _words(kinds, k, where) for k in kinds},
        cumulative=re.compile("|".join(cumulative), re.IGNORECASE),
        number_words={str(k).lower(): int(v) for k, v in numbers.items()},
        qualifiers=qualifiers,
        vague_amounts=_words(data, "vague_amounts", where),
        agreement_nouns=agreement_nouns,
        commitment_verbs=_words(data, "commitment_verbs", where),
        actions=actions,
        own_actions=_regex(data["own_actions"], where, _line(data, "own_actions"), "own_actions"),
        agreements=agreements,
        unaffiliated_people=_words(data, "unaffiliated_people", where),
        captive_nouns=_words(data, "captive_nouns", where),
        release_received=_words(release, "received", where) if "received" in release else (),
        group_speakers=tuple(w.lower() for w in _words(data, "group_speakers", where)) if "group_speakers" in data else (),
    )


def parse_agreements(data: Any, where: str) -> tuple[KnownAgreement, ...]:
    """Validate the known-agreements file."""
    if not isinstance(data, dict) or not isinstance(data.get("agreements"), list):
        raise DataFileError(f"{where}: expected a mapping with an 'agreements' list")
    found = []
    for n, entry in enumerate(data["agreements"]):
        here = f"agreements[{n}]"
        if not isinstance(entry, dict):
            raise _fail(where, _line(data["agreements"]), here, f"expected a mapping, found {entry!r}")
        bad = sorted(set(entry) - {"name", "kind", "parties", "date", "names"})
        if bad:
            raise _fail(where, _line(entry, bad[0]), f"{here}.{bad[0]}", "unknown field; expected name, kind, parties, date, names")
        if entry.get("kind") not in AGREEMENT_KINDS:
            raise _fail(where, _line(entry, "kind"), f"{here}.kind", f"expected one of {', '.join(AGREEMENT_KINDS)}, found {entry.get('kind')!r}")
        date = entry.get("date")
        if isinstance(date, str):
            try:
                date = dt.date.fromisoformat(date)
            except ValueError:
                pass
        if not isinstance(date, dt.date):
            raise _fail(where, _line(entry, "date"), f"{here}.date", f"expected a date YYYY-MM-DD, found {date!r}")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise _fail(where, _line(entry), f"{here}.name", f"expected a name, found {name!r}")
        found.append(KnownAgreement(name.strip(), entry["kind"], _words(entry, "parties", where), date,
                                    (name.strip(), *_words(entry, "names", where))))
    return tuple(found)


@lru_cache(maxsize=4)
def load_cues(path: Path | str | None = None, agreements_path: Path | str | None = None) -> Cues:
    """Load, validate and compile the cue file and the known agreements."""
    cue_path = Path(path) if path else CUES_FILE
    agr_path = Path(agreements_path) if agreements_path else AGREEMENTS_FILE
    agreements = parse_agreements(load(agr_path, DataFileError), str(agr_path))
    return parse_cues(load(cue_path, DataFileError), str(cue_path), agreements)
