"""A synthetic corpus of wire-style articles about prisoner exchanges, with the facts planted in them.

Deterministic for a seed: the same call gives the same articles. Each article is
about 400 words: releases (active, passive, running totals), direct quotes in
several layouts, reported speech, an agreement's terms, and distractor figures
(virus cases, percentages, years of war, money, team sizes) that must yield
nothing. The planted releases, statements and commitments come back as
:class:`~loaders.facts.DocFacts`, so the generator doubles as a sanity check.

>>> docs = generate(2, seed=1)
>>> [len(d.text.split()) > 250 for d, _ in docs]
[True, True]
>>> generate(1, seed=3)[0][0].text == generate(1, seed=3)[0][0].text
True
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from dataclasses import dataclass, field

from loaders.facts import Commitment, DocFacts, Document, Evidence, Post, Release, Statement, commitment_id
from loaders.gazetteer import post_id

__all__ = ["generate", "SCENARIOS"]


@dataclass(frozen=True)
class Scenario:
    government: str  # party id
    gov_names: tuple[str, ...]
    movement: str
    mov_names: tuple[str, ...]
    mediator: str
    med_names: tuple[str, ...]
    gov_people: tuple[str, ...]  # what the government's captives are called
    mov_people: tuple[str, ...]
    place: str


SCENARIOS = (
    Scenario("government-of-afghanistan", ("the Afghan government", "Kabul", "Afghan authorities"), "taliban",
             ("the Taliban", "the insurgents", "the Taliban"), "icrc", ("the ICRC", "the International Committee of the Red Cross"),
             ("Afghan soldiers", "security force personnel", "government soldiers"), ("Taliban prisoners", "Taliban fighters", "insurgent captives"),
             "Kabul"),
    Scenario("government-of-yemen", ("the Yemeni government", "Yemen's government", "the Yemeni government"), "houthis",
             ("the Houthis", "the Houthi rebels", "the Houthis"), "united-nations", ("the United Nations", "the U.N."),
             ("government soldiers", "pro-government fighters", "government troops"), ("Houthi fighters", "Houthi prisoners", "rebel captives"),
             "Sanaa"),
    Scenario("government-of-colombia", ("the Colombian government", "Colombia's government", "Colombian authorities"), "eln",
             ("the ELN", "the National Liberation Army", "the ELN"), "icrc", ("the Red Cross", "the ICRC"),
             ("soldiers", "police officers", "government troops"), ("ELN prisoners", "rebel fighters", "guerrilla captives"),
             "Bogota"),
    Scenario("government-of-ethiopia", ("the Ethiopian government", "Ethiopia's government", "the Ethiopian government"), "tplf",
             ("the TPLF", "Tigrayan forces", "the TPLF"), "african-union", ("the African Union", "the AU"),
             ("federal soldiers", "government troops", "soldiers"), ("TPLF fighters", "Tigrayan prisoners", "rebel captives"),
             "Addis Ababa"),
)

FIRST = ("Ahmad", "Maria", "Samir", "Elena", "Tomas", "Leila", "Omar", "Nadia", "Pavel", "Amina", "Diego", "Hana", "Karim", "Sofia", "Yusuf", "Irene")
LAST = ("Rahimi", "Okafor", "Velasquez", "Haddad", "Novak", "Mensah", "Tadesse", "Lindqvist", "Qureshi", "Moreau", "Santos", "Kaya", "Bianchi", "Abara")
GOV_TITLES = ("a spokesman for the government", "the government's chief negotiator", "a spokeswoman for the interior ministry")
MOV_TITLES = ("a spokesman for the group", "the group's chief negotiator", "a spokeswoman for the movement")
NUM_WORDS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 100: "one hundred", 200: "two hundred"}
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

QUOTES = (
    "We have kept our side of the bargain and we expect the same from the other side",
    "The technical teams are working day and night on the lists",
    "This is an important step toward a lasting peace",
    "Nobody should use prisoners as bargaining chips",
    "The process has been slow, but it is moving",
    "Families have waited too long for this day",
)
CLAUSES = (
    "the lists had been checked by both sides",
    "the exchange was behind schedule because of disputes over names",
    "the prisoners were in good health",
    "more releases were being prepared",
    "the talks had made progress on the remaining issues",
)
FILLER = (
    "The conflict has displaced hundreds of thousands of people and left much of the countryside in ruins.",
    "Diplomats from several countries have urged both sides to build on the exchange and open wider talks.",
    "Relatives waited for hours outside the prison gates, some holding photographs of their sons.",
    "Aid groups say the humanitarian situation remains dire, with food and medicine in short supply.",
    "Previous rounds of talks collapsed amid mutual accusations of bad faith.",
    "The exchange is seen as a test of whether the two sides can trust each other enough to negotiate a broader settlement.",
    "Analysts cautioned that the road to a political settlement remains long and uncertain.",
    "Roads into the city were closed for much of the day as convoys moved between checkpoints.",
    "Local elders played a role in persuading commanders to accept the arrangements.",
    "Both delegations have met several times in recent months, mostly behind closed doors.",
    "The fighting has eased in some provinces since the start of the year, though clashes continue elsewhere.",
    "Human rights groups have called for independent monitoring of the prisons on both sides.",
    "Many of those held have spent years in detention without trial, according to lawyers for the families.",
    "The mediators have shuttled between the capitals, carrying proposals and counter-proposals.",
    "Security was tight around the airport, where buses waited to carry the men to their home districts.",
    "The two sides disagree over who should be on the lists, a dispute that has delayed earlier rounds.",
    "Officials in {place} declined to give details of the next steps.",
    "Residents of {place} said life had become harder as prices rose and jobs disappeared.",
    "Some of the freed men were greeted by relatives with garlands and tears.",
    "Commanders on the ground have not always followed the instructions of their negotiators.",
    "The agreement has been criticised by hardliners on both sides as a concession too far.",
    "International observers described the mood at the handover as tense but orderly.",
    "The economy has contracted sharply, and many families rely on remittances from abroad.",
    "Neighbouring countries have watched the talks closely, fearing a spillover of the violence.",
)
# Filler that is a statement all the same, by a group nobody names: the group's words in the
# paragraph (the anonymous post's title), the statement's type and its evidence (up to the full stop)
STATEMENT_FILLER = {
    "Diplomats from several countries have urged both sides to build on the exchange and open wider talks.":
        ("Diplomats from several countries", "demand"),
    "Analysts cautioned that the road to a political settlement remains long and uncertain.": ("Analysts", "prediction"),
    "Human rights groups have called for independent monitoring of the prisons on both sides.":
        ("Human rights groups", "demand"),
    "Residents of {place} said life had become harder as prices rose and jobs disappeared.": ("Residents of {place}", "claim"),
    "International observers described the mood at the handover as tense but orderly.": ("International observers", "claim"),
}
DISTRACTORS = (
    "The virus has caused {a} infections and {b} deaths in the country.",
    "The group controls more than {p}% of the territory after {y} years of war.",
    "A team of {t} officials arrived on {wd} to oversee the logistics.",
    "Donors pledged ${m} million in aid for the region last year.",
    "The prison, built in {year}, holds about {a} inmates convicted of ordinary crimes, officials said in a report.",
)


@dataclass
class _Article:
    doc_id: str
    published: dt.date
    parts: list[str] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    releases: list[Release] = field(default_factory=list)
    commitments: list[Commitment] = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)
    size: int = 0

    def add(self, text: str) -> int:
        """Append a paragraph; return its offset."""
        if self.parts:
            self.parts.append("\n\n")
            self.size += 2
        start = self.size
        self.parts.append(text)
        self.size += len(text)
        return start

    def span(self, start: int, text: str, inner: str) -> Evidence:
        i = text.index(inner)
        return Evidence(self.doc_id, start + i, start + i + len(inner), inner)

    def filler(self, template: str, place: str) -> None:
        """Append a filler paragraph, and the statement it makes if it makes one."""
        para = template.format(place=place)
        start = self.add(para)
        if template not in STATEMENT_FILLER:
            return
        group, kind = STATEMENT_FILLER[template]
        title = group.format(place=place)
        post = Post(post_id(None, title, f"anon-{self.doc_id}"), title, None, anonymous=True,
                    evidence=self.span(start, para, title))
        self.posts.append(post)
        self.statements.append(Statement(post.id, "reported", kind, para[len(title) :].strip(" ."),
                                         self.span(start, para, para[:-1])))


def _weekday_date(pub: dt.date, name: str) -> dt.date:
    return pub - dt.timedelta(days=(pub.weekday() - WEEKDAYS.index(name)) % 7)


def _person(rng: random.Random, used: set[str]) -> str:
    while True:
        first, last = rng.choice(FIRST), rng.choice(LAST)
        if last not in used:
            used.add(last)
            return f"{first} {last}"


def _article(rng: random.Random, n: int) -> tuple[Document, DocFacts]:
    sc = rng.choice(SCENARIOS)
    pub = dt.date(2020, 1, 1) + dt.timedelta(days=rng.randrange(0, 900))
    art = _Article(f"synth-{n:05d}", pub)
    used: set[str] = set()
    gov_speaker, mov_speaker = _person(rng, used), _person(rng, used)
    gov_title, mov_title = rng.choice(GOV_TITLES), rng.choice(MOV_TITLES)
    from loaders.gazetteer import slug

    gov_id, mov_id = slug(gov_speaker), slug(mov_speaker)

    # lead: a release, active or passive, with a weekday
    day = rng.choice(WEEKDAYS)
    when = _weekday_date(pub, day)
    count = rng.choice((20, 40, 50, 100, 150, 200, 300))
    releaser_is_gov = rng.random() < 0.5
    releaser = sc.government if releaser_is_gov else sc.movement
    released = sc.movement if releaser_is_gov else sc.government
    people = rng.choice(sc.mov_people if releaser_is_gov else sc.gov_people)
    name = rng.choice(sc.gov_names if releaser_is_gov else sc.mov_names)
    if rng.random() < 0.5:
        lead = f"{name[0].upper() + name[1:]} on {day} released {count:,} {people}, officials said."
        ev_text = f"{name[0].upper() + name[1:]} on {day} released {count:,} {people}"
    else:
        words = NUM_WORDS.get(count)
        figure = words.capitalize() if words and rng.random() < 0.5 else f"{count:,}"
        lead = f"{figure} {people} were freed by {name} on {day}, officials said."
        ev_text = f"{figure} {people} were freed by {name} on {day}"
    start = art.add(lead)
    art.releases.append(Release(releaser, released, count, art.span(start, lead, ev_text), date_from=when, date_to=when))
    art.statements.append(Statement(sc.government, "reported", "claim", ev_text, art.span(start, lead, lead[:-1])))

    # direct quote, attribution after, with apposition
    quote = rng.choice(QUOTES)
    para = f"\u201c{quote},\u201d said {gov_speaker}, {gov_title}."
    start = art.add(para)
    art.statements.append(Statement(gov_id, "direct", "claim", quote, art.span(start, para, quote)))
    fillers = rng.sample(FILLER, len(FILLER))
    art.filler(fillers.pop(), sc.place)

    # reported speech by the movement's spokesman
    clause = rng.choice(CLAUSES)
    para = f"{mov_speaker}, {mov_title}, said {clause}."
    start = art.add(para)
    ev_text = f"{mov_speaker}, {mov_title}, said {clause}"
    art.statements.append(Statement(mov_id, "reported", "claim", clause, art.span(start, para, ev_text)))

    # distractors
    for template in rng.sample(DISTRACTORS, 2):
        para = template.format(a=rng.randrange(100, 900), b=rng.randrange(2, 40), p=rng.randrange(20, 70), y=rng.randrange(5, 40),
                               t=rng.randrange(2, 9), wd=rng.choice(WEEKDAYS), m=rng.randrange(5, 500), year=rng.randrange(1960, 2010))
        start = art.add(para)
        if para.endswith(", officials said in a report."):  # its figures are no facts, but the officials speak
            said = para[: para.index(", officials said")]
            art.statements.append(Statement(sc.government, "reported", "claim", said, art.span(start, para, para[:-1])))

    # running total
    total = count * rng.choice((3, 4, 5, 6))
    total_name = rng.choice(sc.gov_names if releaser_is_gov else sc.mov_names)
    para = f"{total_name[0].upper() + total_name[1:]} has released {total:,} {people} so far, according to {sc.med_names[0]}."
    start = art.add(para)
    ev_text = f"{total_name[0].upper() + total_name[1:]} has released {total:,} {people} so far"
    art.releases.append(Release(releaser, released, total, art.span(start, para, ev_text), cumulative=True, date_to=pub,
                                source=sc.mediator))
    art.statements.append(Statement(sc.mediator, "reported", "claim", ev_text, art.span(start, para, para[:-1])))
    art.filler(fillers.pop(), sc.place)

    # quote first, then a continuation with "he added"
    quote2, quote3 = rng.sample([q for q in QUOTES if q != quote], 2)
    para = f"{mov_speaker.split()[-1]} said on Twitter: \u201c{quote2}.\u201d"
    start = art.add(para)
    art.statements.append(Statement(mov_id, "direct", "claim", quote2, art.span(start, para, quote2)))
    para = f"\u201c{quote3},\u201d he added."
    start = art.add(para)
    art.statements.append(Statement(mov_id, "direct", "claim", quote3, art.span(start, para, quote3)))

    # terms of the deal (commitments, not releases)
    target = rng.choice((500, 1000, 1500, 2000))
    terms = (f"Under the deal, {sc.gov_names[0]} would release up to {target:,} {sc.mov_people[0]} while "
             f"{sc.mov_names[0]} would free {target // 5:,} {sc.gov_people[0]} by the end of the month.")
    start = art.add(terms)
    month_end = (pub.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)
    first = f"{sc.gov_names[0]} would release up to {target:,} {sc.mov_people[0]}"
    second = f"{sc.mov_names[0]} would free {target // 5:,} {sc.gov_people[0]}"
    art.commitments.append(Commitment(commitment_id(None, sc.government, "release", sc.movement), sc.government, "release",
                                      sc.mov_people[0], object_party=sc.movement, target=target, upper_bound=True,
                                      counterparty=sc.movement, deadline=month_end, evidence=art.span(start, terms, first)))
    art.commitments.append(Commitment(commitment_id(None, sc.movement, "release", sc.government), sc.movement, "release",
                                      sc.gov_people[0], object_party=sc.government, target=target // 5,
                                      counterparty=sc.government, deadline=month_end, evidence=art.span(start, terms, second)))
    while art.size < 2400 and fillers:
        art.filler(fillers.pop(), sc.place)
    text = "".join(art.parts)
    doc = Document(art.doc_id, f"{art.doc_id}.txt", pub, "Synthetic Wire", f"Prisoner exchange {n}", text,
                   hashlib.sha256(text.encode("utf-8")).hexdigest(), dateline=sc.place)
    facts = DocFacts(art.doc_id, posts=tuple(art.posts), commitments=tuple(art.commitments), releases=tuple(art.releases),
                     statements=tuple(art.statements))
    return doc, facts


def generate(n: int, seed: int = 0) -> list[tuple[Document, DocFacts]]:
    """``n`` articles and the releases and statements planted in each."""
    rng = random.Random(seed)
    return [_article(rng, i) for i in range(n)]
