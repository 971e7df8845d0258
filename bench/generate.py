"""Synthetic corpora with known facts, for the scale benchmark.

Article ``i`` depends only on ``i`` and the seed, so a 1k corpus is the first
thousand articles of the 10k one. Each article belongs to one of ten conflicts
of the packaged gazetteer, is dated (twenty articles a day), and carries what
a news report of a prisoner swap carries: sometimes the terms of the current
deal (an agreement and its two release commitments), release reports (batches
and running totals, with a source), two to five statements by named
officials, parties or anonymous sources, some made by officials the gazetteer
does not know (declared in the article's facts, as the extractor does), and
filler with numbers that are not facts. Every evidence span is exact.

>>> a = article(7)
>>> a.doc_id, a.published.isoformat()
('syn0000007', '2010-01-01')
>>> all(a.text[e.start:e.end] == e.text for e in a.facts.evidences())
True

``extract_many`` has the extractor's signature and returns the known facts,
so a build can run the whole pipeline except the rules themselves.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from loaders import facts as F

__all__ = ["Article", "CONFLICTS", "article", "extract_many", "facts_for", "write_corpus"]

START = dt.date(2010, 1, 1)  # 100k articles at twenty a day end in 2023
PER_DAY = 20  # articles a day, across all conflicts
DEAL_EVERY = 60  # days between two deals of one conflict


@dataclass(frozen=True)
class Conflict:
    side_a: str
    side_b: str
    mediator: str
    place: str
    people_a: str  # how the text names side A's prisoners
    people_b: str


CONFLICTS = (
    Conflict("government-of-afghanistan", "taliban", "qatar", "Doha", "Afghan security forces members", "Taliban prisoners"),
    Conflict("government-of-yemen", "houthis", "united-nations", "Geneva", "government detainees", "Houthi detainees"),
    Conflict("russia", "ukraine", "united-arab-emirates", "Abu Dhabi", "Russian soldiers", "Ukrainian prisoners of war"),
    Conflict("israel", "hamas", "qatar", "Doha", "hostages", "Palestinian prisoners"),
    Conflict("government-of-colombia", "eln", "cuba", "Havana", "soldiers held by the rebels", "jailed ELN members"),
    Conflict("armenia", "azerbaijan", "european-union", "Brussels", "Armenian servicemen", "Azerbaijani soldiers"),
    Conflict("government-of-ethiopia", "tplf", "african-union", "Pretoria", "federal soldiers", "Tigrayan detainees"),
    Conflict("united-states", "iran", "oman", "Muscat", "American citizens", "Iranian nationals"),
    Conflict("saudi-led-coalition", "houthis", "oman", "Muscat", "coalition prisoners", "Houthi fighters"),
    Conflict("sudan", "rapid-support-forces", "saudi-arabia", "Jeddah", "army officers", "RSF fighters"),
)

NAMES = {
    "government-of-afghanistan": "the Afghan government", "taliban": "the Taliban",
    "government-of-yemen": "the Yemeni government", "houthis": "the Houthis", "russia": "Russia",
    "ukraine": "Ukraine", "israel": "Israel", "hamas": "Hamas", "government-of-colombia": "the Colombian government",
    "eln": "the ELN", "armenia": "Armenia", "azerbaijan": "Azerbaijan", "government-of-ethiopia": "the Ethiopian government",
    "tplf": "the TPLF", "united-states": "the United States", "iran": "Iran",
    "saudi-led-coalition": "the Saudi-led coalition", "sudan": "the Sudanese army", "rapid-support-forces": "the RSF",
    "qatar": "Qatar", "united-nations": "the United Nations", "united-arab-emirates": "the UAE", "cuba": "Cuba",
    "european-union": "the EU", "african-union": "the African Union", "oman": "Oman", "saudi-arabia": "Saudi Arabia",
    "icrc": "the International Committee of the Red Cross",
}
# Officials of the packaged gazetteer, by party: (person id, how the text names them).
OFFICIALS = {
    "government-of-afghanistan": [("jawed-faisal", "Jawed Faisal"), ("sediq-sediqqi", "Sediq Sediqqi")],
    "taliban": [("zabihullah-mujahid", "Zabihullah Mujahid"), ("suhail-shaheen", "Suhail Shaheen")],
    "russia": [("dmitry-peskov", "Dmitry Peskov"), ("sergei-lavrov", "Sergei Lavrov")],
    "ukraine": [("volodymyr-zelensky", "Volodymyr Zelensky")],
    "israel": [("benjamin-netanyahu", "Benjamin Netanyahu")],
    "hamas": [("ismail-haniyeh", "Ismail Haniyeh")],
    "qatar": [("majed-al-ansari", "Majed al-Ansari")],
    "government-of-colombia": [("gustavo-petro", "Gustavo Petro")],
    "armenia": [("nikol-pashinyan", "Nikol Pashinyan")],
    "azerbaijan": [("hikmet-hajiyev", "Hikmet Hajiyev")],
    "government-of-ethiopia": [("redwan-hussien", "Redwan Hussien")],
    "tplf": [("getachew-reda", "Getachew Reda")],
    "iran": [("nasser-kanaani", "Nasser Kanaani")],
    "saudi-led-coalition": [("turki-al-malki", "Turki al-Malki")],
    "houthis": [("mohammed-abdulsalam", "Mohammed Abdulsalam")],
}
FIRST = ("Amina", "Omar", "Lena", "Tomas", "Farid", "Selam", "Yusuf", "Maria", "Dawit", "Karim", "Nadia", "Ivan")
LAST = ("Haddad", "Petrenko", "Mekonnen", "Rahimi", "Ortega", "Sargsyan", "Aliyev", "Saleh", "Tesfaye", "Nouri")
PUBLISHERS = ("Gulf Current", "Crossroads Daily", "The Dispatch", "Andes Wire", "Horn Report", "Caucasus Monitor")
TYPES = ("claim", "demand", "prediction", "accusation", "praise", "denial", "announcement", "confirmation")
FILLER = (
    "The talks have dragged on for {n} months, with each side blaming the other for delays.",
    "Fighting in the region has displaced about {n},000 people, aid groups say.",
    "A team of {n} negotiators travelled to {place} earlier in the week.",
    "Officials did not say how many of the {n} detainees on the lists had been verified.",
    "Analysts noted that {n} previous rounds of talks had ended without a deal.",
)


@dataclass(frozen=True)
class Article:
    """One synthetic article: its manifest entry, text and known facts."""

    doc_id: str
    published: dt.date
    publisher: str
    title: str
    dateline: str
    text: str
    facts: F.DocFacts

    @property
    def file(self) -> str:
        return f"{self.doc_id}.txt"


class _Text:
    """Text built sentence by sentence, handing back exact spans."""

    def __init__(self, doc_id: str) -> None:
        self.doc_id = doc_id
        self.parts: list[str] = []
        self.size = 0

    def add(self, text: str, sep: str = " ") -> int:
        if self.parts:
            self.parts.append(sep)
            self.size += len(sep)
        start = self.size
        self.parts.append(text)
        self.size += len(text)
        return start

    def span(self, sentence_start: int, sentence: str, inner: str) -> F.Evidence:
        at = sentence_start + sentence.index(inner)
        return F.Evidence(self.doc_id, at, at + len(inner), inner)

    def value(self) -> str:
        return "".join(self.parts)


def _deal(conflict: int, day: int) -> tuple[int, dt.date] | None:
    """The latest deal of a conflict signed on or before a day."""
    offset = (conflict * 7) % DEAL_EVERY
    k = (day - offset) // DEAL_EVERY
    if k < 0:
        return None
    return k, START + dt.timedelta(days=k * DEAL_EVERY + offset)


def _word_count(n: int) -> str:
    return f"{n:,}"


def article(i: int, seed: int = 0) -> Article:
    """Synthetic article number ``i`` (deterministic)."""
    rng = random.Random(i * 7919 + seed)
    doc_id = f"syn{i:07d}"
    day = i // PER_DAY
    published = START + dt.timedelta(days=day)
    ci = rng.randrange(len(CONFLICTS))
    c = CONFLICTS[ci]
    sides = (c.side_a, c.side_b)
    people = {c.side_a: c.people_a, c.side_b: c.people_b}
    t = _Text(doc_id)
    parties: list[F.Party] = []
    persons: list[F.Person] = []
    posts: list[F.Post] = []
    agreements: list[F.Agreement] = []
    commitments: list[F.Commitment] = []
    releases: list[F.Release] = []
    statements: list[F.Statement] = []
    deal = _deal(ci, day)
    dateline = c.place if rng.random() < 0.5 else "Geneva"
    t.add(f"{dateline.upper()} — Prisoner exchanges between {NAMES[c.side_a]} and {NAMES[c.side_b]} were again at the centre of talks on {published:%A}.")

    # The terms of the current deal, restated in about a quarter of the articles.
    if deal is not None and rng.random() < 0.25:
        k, signed = deal
        deal_rng = random.Random(ci * 100_003 + k)
        targets = {c.side_a: deal_rng.randrange(5, 200) * 10, c.side_b: deal_rng.randrange(2, 100) * 10}
        deadline = signed + dt.timedelta(days=30)
        aid = F.agreement_id("agreement", sides, signed)
        sentence = (f"Under a deal signed in {c.place} on {signed:%B} {signed.day}, {signed.year}, with {NAMES[c.mediator]} mediating, "
                    f"{NAMES[c.side_a]} is to free {_word_count(targets[c.side_a])} {c.people_b} and {NAMES[c.side_b]} "
                    f"{_word_count(targets[c.side_b])} {c.people_a} by {deadline:%B} {deadline.day}.")
        at = t.add(sentence, "\n\n")
        whole = t.span(at, sentence, sentence[:-1])
        agreements.append(F.Agreement(aid, f"{c.place} exchange deal of {signed.isoformat()}", "agreement", signed, sides, c.place, whole))
        for obligor, other in ((c.side_a, c.side_b), (c.side_b, c.side_a)):
            cid = F.commitment_id(aid, obligor, "release", other)
            phrase = f"{NAMES[obligor]} {'is to free ' if obligor == c.side_a else ''}{_word_count(targets[obligor])} {people[other]}"
            commitments.append(F.Commitment(
                cid, obligor, "release", people[other], aid, other, targets[obligor], False, other, deadline,
                (F.commitment_id(aid, other, "release", obligor),), (), evidence=t.span(at, sentence, phrase)))

    # Release reports: batches, sometimes a running total, with a source.
    for _ in range(rng.choice((0, 1, 1, 1, 2))):
        releaser = rng.choice(sides)
        other = c.side_b if releaser == c.side_a else c.side_a
        cumulative = rng.random() < 0.15
        count = rng.randrange(1, 60) * (10 if cumulative else 1)
        when = published - dt.timedelta(days=rng.randrange(0, 4))
        source = "icrc" if rng.random() < 0.5 else None
        if cumulative:
            sentence = f"{NAMES[releaser].capitalize()} has so far released {count} {people[other]}, according to {NAMES['icrc'] if source else 'officials'}."
            inner = f"released {count} {people[other]}"
        else:
            sentence = f"On {when:%A}, {NAMES[releaser]} freed {count} {people[other]}{', the Red Cross said' if source else ''}."
            inner = f"freed {count} {people[other]}"
        at = t.add(sentence, "\n\n")
        releases.append(F.Release(releaser, other, count, t.span(at, sentence, inner), "at_least" if cumulative else "exact",
                                  cumulative, None if cumulative else when, None if cumulative else when, None, source))

    # Statements by officials, parties and anonymous sources.
    anon: F.Post | None = None
    for n in range(rng.randrange(2, 6)):
        party = rng.choice(sides + (c.mediator,))
        roll = rng.random()
        post_id: str | None = None
        if roll < 0.35 and party in OFFICIALS:
            speaker, name = rng.choice(OFFICIALS[party])
        elif roll < 0.5:
            speaker, name = party, NAMES[party]
        elif roll < 0.7:
            # An official the gazetteer does not know, declared with a post in this article;
            # forty recur per conflict, so the same person is declared in many articles.
            who = random.Random(ci * 31 + rng.randrange(40))
            name = f"{who.choice(FIRST)} {who.choice(LAST)}"
            speaker = name.lower().replace(" ", "-")
            post_id = f"{party}/negotiator/{speaker}"
            if speaker not in {p.id for p in persons}:
                persons.append(F.Person(speaker, name))
                posts.append(F.Post(post_id, f"negotiator for {NAMES[party]}", party, speaker))
            else:
                post_id = next(p.id for p in posts if p.holder == speaker)
        else:
            if anon is None:
                anon = F.Post(f"{party}/senior-official/anon-{doc_id}", "senior official", party, anonymous=True)
            speaker, party = anon.id, anon.party or party
            name = f"a senior official of {NAMES[party]}"
        kind = "direct" if rng.random() < 0.55 else "reported"
        stype = rng.choice(TYPES)
        about = tuple(x.id for x in commitments if rng.random() < 0.5)
        words = f"the exchange of {rng.randrange(2, 400)} detainees will go ahead as agreed, round {n + 1}"
        expected = (published + dt.timedelta(days=1), published + dt.timedelta(days=3)) if stype == "prediction" else (None, None)
        channel = rng.choice((None, None, "Twitter", "a news conference")) if kind == "direct" else None
        if kind == "direct":
            sentence = f"\u201c{words.capitalize()},\u201d {name} said."
            inner = words.capitalize()
        else:
            sentence = f"According to {name}, {words}."
            inner = sentence[:-1]
        at = t.add(sentence, "\n\n" if n == 0 else " ")
        if anon is not None and speaker == anon.id and anon.evidence is None:
            anon = F.Post(anon.id, anon.title, anon.party, anonymous=True, evidence=t.span(at, sentence, name))
        statements.append(F.Statement(speaker, kind, stype, inner, t.span(at, sentence, inner), post_id, channel,
                                      published, about, *expected))
    if anon is not None:
        posts.append(anon)

    for _ in range(rng.randrange(6, 16)):
        t.add(rng.choice(FILLER).format(n=rng.randrange(2, 40), place=c.place), "\n\n" if rng.random() < 0.4 else " ")
    title = f"{NAMES[c.side_a].capitalize()} and {NAMES[c.side_b]} trade prisoners" if releases else f"Talks on {c.place} deal continue"
    facts = F.DocFacts(doc_id, tuple(parties), tuple(persons), tuple(posts), tuple(agreements), tuple(commitments),
                       tuple(releases), tuple(statements))
    return Article(doc_id, published, PUBLISHERS[i % len(PUBLISHERS)], title, dateline, t.value(), facts)


def facts_for(doc_id: str, seed: int = 0) -> F.DocFacts:
    """The known facts of a generated article, from its id."""
    return article(int(doc_id.removeprefix("syn")), seed).facts


def extract_many(documents: Iterable[F.Document], gazetteer: object = None, jobs: int = 1,
                 progress: Callable[[int], None] | None = None) -> dict[str, F.DocFacts]:
    """Stand-in for the rule extractor: the generator's known facts."""
    out = {}
    for n, doc in enumerate(documents, 1):
        out[doc.id] = facts_for(doc.id)
        if progress:
            progress(n)
    return out


def write_corpus(n: int, root: Path | str, *, seed: int = 0, fact_files: bool = False, start: int = 0,
                 numbers: Iterable[int] | None = None) -> Path:
    """Write articles ``start .. start+n-1`` (or the given ``numbers``) and a manifest into ``root``.

    With ``fact_files`` the known facts go to ``root/facts/<id>.yaml`` too
    (the reviewed-facts path of the build).
    """
    import yaml

    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    if fact_files:
        from loaders.factfile import dump_facts

        (root / "facts").mkdir(exist_ok=True)
    lines = ["documents:\n"]
    for i in (range(start, start + n) if numbers is None else numbers):
        a = article(i, seed)
        (root / a.file).write_text(a.text, encoding="utf-8")
        lines.append(f"  - file: {a.file}\n    published: {a.published.isoformat()}\n    publisher: {a.publisher}\n"
                     f"    title: {yaml.safe_dump(a.title, default_style=None).splitlines()[0]}\n    dateline: {a.dateline}\n")
        if fact_files:
            (root / "facts" / f"{a.doc_id}.yaml").write_text(
                yaml.safe_dump(dump_facts(a.facts), sort_keys=False, allow_unicode=True), encoding="utf-8")
    (root / "manifest.yaml").write_text("".join(lines), encoding="utf-8")
    return root
