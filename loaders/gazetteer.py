"""The actor gazetteer: known parties and people, their aliases and dated posts.

Kept as data (``loaders/data/actors.yaml`` by default) and validated on load;
an error names the file, the line and the field.

>>> gaz = load_gazetteer()
>>> gaz.resolve("the Taliban")
'taliban'
>>> gaz.parties["taliban"].kind
'armed_movement'
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kg.errors import DataFileError
from loaders.facts import PARTY_KINDS, Party, Person, Post
from loaders.yamlfile import LineDict, load

__all__ = ["DEFAULT_GAZETTEER", "Gazetteer", "load_gazetteer", "normalise", "post_id", "slug"]

DEFAULT_GAZETTEER = Path(__file__).parent / "data" / "actors.yaml"
_ARTICLES = re.compile(r"^(the|a|an)\s+", re.IGNORECASE)
_SLUG_DROP = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """A lowercase ASCII slug for identifiers.

    >>> slug("U.S. Special Representative for Afghanistan Reconciliation")
    'us-special-representative-for-afghanistan-reconciliation'
    """
    text = text.lower().replace("'s ", "s ").replace(".", "")
    return _SLUG_DROP.sub("-", text).strip("-") or "x"


def normalise(name: str) -> str:
    """The key an alias is looked up by: case-folded, no leading article,
    curly apostrophes straightened, inner spaces collapsed."""
    name = name.replace("\u2019", "'").replace("\u00a0", " ")
    name = " ".join(name.split())
    return _ARTICLES.sub("", name).casefold().rstrip(".")


def post_id(party: str | None, title: str, holder: str | None) -> str:
    """Identifier of a post: party, title and holder, so two spokesmen differ."""
    parts = [party or "unaffiliated", slug(title)]
    if holder:
        parts.append(holder)
    return "/".join(parts)


# how long after a party ceased to stand for its country a text may still be about its deeds
# ("the ceasefire the Government of National Accord signed last year")
RECENT_PAST = dt.timedelta(days=2 * 365)


@dataclass(frozen=True, eq=False)
class Gazetteer:
    """Known actors and the index from every alias to an actor id.

    Compared and hashed by identity (one loaded file, one gazetteer), so it
    can key caches of pipelines built from it."""

    parties: dict[str, Party]
    persons: dict[str, Person]
    posts: tuple[Post, ...]
    metonyms: dict[str, str] = field(default_factory=dict)
    countries: dict[str, tuple[str, ...]] = field(default_factory=dict)
    descriptors: dict[str, tuple[str, ...]] = field(default_factory=dict)
    index: dict[str, str] = field(default_factory=dict)
    # the days a party stood for its country, where it did not always ("Government of National Accord",
    # 2015-2021): outside them a country's name, people or capital never resolve to it
    periods: dict[str, tuple[dt.date | None, dt.date | None]] = field(default_factory=dict)
    _views: dict[frozenset[str], "Gazetteer"] = field(default_factory=dict, repr=False)

    def on(self, day: dt.date) -> "Gazetteer":
        """The gazetteer as of ``day``: every party still known by name, but a country lists only the
        parties that stood for it then or in the recent past a text looks back on (the same object
        when no period excludes any)."""
        gone = frozenset(p for p, (start, end) in self.periods.items()
                         if (start and day < start) or (end and day > end + RECENT_PAST))
        if not gone:
            return self
        if gone not in self._views:
            countries = {c: tuple(p for p in ps if p not in gone) for c, ps in self.countries.items()}
            self._views[gone] = Gazetteer(self.parties, self.persons, self.posts, self.metonyms, countries,
                                          self.descriptors, self.index)
        return self._views[gone]

    def resolve(self, name: str) -> str | None:
        """The actor id a name or alias denotes, or None."""
        return self.index.get(normalise(name))

    def name(self, actor_id: str) -> str:
        if actor_id in self.parties:
            return self.parties[actor_id].name
        if actor_id in self.persons:
            return self.persons[actor_id].name
        raise KeyError(actor_id)

    def posts_of(self, person_id: str, on: dt.date | None = None) -> list[Post]:
        """The posts a person held (on a date, when given)."""
        found = []
        for post in self.posts:
            if post.holder != person_id:
                continue
            if on and ((post.start and on < post.start) or (post.end and on > post.end)):
                continue
            found.append(post)
        return found


def _date(value: object, where: str, *, end: bool = False) -> dt.date | None:
    if value is None:
        return None
    if isinstance(value, dt.date):
        return value
    if isinstance(value, int) and 1800 < value < 2200:
        return dt.date(value, 12, 31) if end else dt.date(value, 1, 1)
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise DataFileError(f"{where}: expected a date YYYY-MM-DD or a year, found {value!r}")


def _field_date(entry: LineDict, key: str, where: str, *, end: bool = False) -> dt.date | None:
    """The date in ``entry[key]``, if the field is there; an error names its line."""
    return _date(entry[key], f"{where}, line {entry.key_line(key)}, field '{key}'", end=end) if key in entry else None


def _str_list(entry: LineDict, key: str, where: str) -> tuple[str, ...]:
    value = entry.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise DataFileError(f"{where}, line {entry.key_line(key)}, field '{key}': expected a list of names")
    return tuple(v.strip() for v in value)


def _require(entry: object, keys: tuple[str, ...], allowed: tuple[str, ...], where: str) -> LineDict:
    if not isinstance(entry, dict):
        raise DataFileError(f"{where}: expected a mapping, found {entry!r}")
    for key in keys:
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise DataFileError(f"{where}, line {entry.line}: missing or empty field '{key}'")
    unknown = sorted(set(entry) - set(allowed))
    if unknown:
        raise DataFileError(
            f"{where}, line {entry.key_line(unknown[0])}: unknown field '{unknown[0]}'; expected one of {', '.join(allowed)}"
        )
    return entry


def load_gazetteer(path: Path | str | None = None) -> Gazetteer:
    """Load and validate a gazetteer file (the packaged one by default)."""
    path = Path(path) if path else DEFAULT_GAZETTEER
    return _load(path.resolve())


@lru_cache(maxsize=8)
def _load(path: Path) -> Gazetteer:
    data = load(path, DataFileError)
    where = str(path)
    if not isinstance(data, dict):
        raise DataFileError(f"{where}: expected a mapping with 'parties', 'persons' and 'descriptors'")
    unknown = sorted(set(data) - {"parties", "persons", "descriptors"})
    if unknown:
        raise DataFileError(f"{where}, line {data.key_line(unknown[0])}: unknown section '{unknown[0]}'")

    parties: dict[str, Party] = {}
    persons: dict[str, Person] = {}
    posts: list[Post] = []
    index: dict[str, str] = {}
    metonyms: dict[str, str] = {}
    countries: dict[str, list[str]] = {}
    periods: dict[str, tuple[dt.date | None, dt.date | None]] = {}

    def add_alias(alias: str, actor: str, line: int) -> None:
        key = normalise(alias)
        other = index.get(key)
        if other and other != actor:
            raise DataFileError(f"{where}, line {line}: alias {alias!r} of {actor!r} already names {other!r}")
        index[key] = actor

    for entry in data.get("parties") or []:
        entry = _require(entry, ("id", "name"), ("id", "name", "kind", "aliases", "metonyms", "country", "from", "to"), where)
        pid = entry["id"]
        if pid in parties:
            raise DataFileError(f"{where}, line {entry.line}: duplicate party id {pid!r}")
        kind = entry.get("kind", "other")
        if kind not in PARTY_KINDS:
            raise DataFileError(
                f"{where}, line {entry.key_line('kind')}, field 'kind': expected one of {', '.join(PARTY_KINDS)}, found {kind!r}"
            )
        aliases = _str_list(entry, "aliases", where)
        parties[pid] = Party(pid, entry["name"].strip(), kind, aliases)
        for alias in (entry["name"], *aliases):
            add_alias(alias, pid, entry.line)
        for metonym in _str_list(entry, "metonyms", where):
            metonyms[normalise(metonym)] = pid
        if entry.get("country"):
            countries.setdefault(str(entry["country"]), []).append(pid)
        if entry.get("from") is not None or entry.get("to") is not None:
            if not entry.get("country"):
                raise DataFileError(f"{where}, line {entry.line}: a period ('from', 'to') needs the party's 'country'")
            periods[pid] = (_field_date(entry, "from", where), _field_date(entry, "to", where, end=True))

    for entry in data.get("persons") or []:
        entry = _require(entry, ("id", "name"), ("id", "name", "aliases", "posts"), where)
        qid = entry["id"]
        if qid in persons or qid in parties:
            raise DataFileError(f"{where}, line {entry.line}: duplicate actor id {qid!r}")
        aliases = _str_list(entry, "aliases", where)
        persons[qid] = Person(qid, entry["name"].strip(), aliases)
        for alias in (entry["name"], *aliases):
            add_alias(alias, qid, entry.line)
        for post in entry.get("posts") or []:
            post = _require(post, ("title", "party"), ("title", "party", "from", "to"), where)
            if post["party"] not in parties:
                raise DataFileError(
                    f"{where}, line {post.line}, field 'party': unknown party {post['party']!r} for {qid!r}"
                )
            pwhere = f"{where}, line {post.line}"
            posts.append(
                Post(
                    id=post_id(post["party"], post["title"], qid),
                    title=post["title"].strip(),
                    party=post["party"],
                    holder=qid,
                    start=_date(post.get("from"), pwhere + ", field 'from'"),
                    end=_date(post.get("to"), pwhere + ", field 'to'", end=True),
                )
            )

    descriptors: dict[str, tuple[str, ...]] = {}
    raw = data.get("descriptors") or {}
    if not isinstance(raw, dict):
        raise DataFileError(f"{where}, field 'descriptors': expected a mapping from party kind to phrases")
    for kind, phrases in raw.items():
        if kind not in PARTY_KINDS:
            raise DataFileError(f"{where}, line {raw.key_line(kind)}: descriptor kind {kind!r} is not one of {', '.join(PARTY_KINDS)}")
        descriptors[kind] = _str_list(raw, kind, where)

    return Gazetteer(
        parties=parties,
        persons=persons,
        posts=tuple(posts),
        metonyms=metonyms,
        countries={k: tuple(v) for k, v in countries.items()},
        descriptors=descriptors,
        index=index,
        periods=periods,
    )
