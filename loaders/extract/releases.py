"""Release events: who freed how many of whose people, when, according to whom.

Read around release verbs, active ("the Taliban on Sunday released 20 soldiers")
and passive ("100 prisoners were freed by the government"). Figures are digits
or words with their qualifier; "hundreds" gives no count. A running total ("so
far", "overall", "bringing the total to") is marked cumulative. Nothing is read
from future, wished-for or denied releases ("will release", "want ... freed",
"has not released") or from quotations.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from typing import Any

from loaders.extract.context import Context
from loaders.extract.cues import words_pattern
from loaders.extract.dates import anchor_day
from loaders.extract.numbers import Figure  # noqa: F401
from dataclasses import replace

from loaders.facts import Release

__all__ = ["find_releases"]

IRREALIS = re.compile(
    r"\b(?:will|would|to|should|could|can|(?-i:may)|might|must|shall|not|never|n['’]t|refused|agreed|wants?|wanted|plans?|"
    r"planned|expected|ready|yet|if|whether|demand(?:ed|s)?|urged?|promised|pledged|vowed|before|unless|until|awaiting|"
    r"be|being)\s+(?:[\w,-]+\s+){0,2}$",
    re.IGNORECASE,
)
CLAUSE_SPLIT = re.compile(
    r"\b(?:said|says|added|adding|announced|confirmed|stated|claimed|insisted|told\s+(?:the\s+)?[A-Z][\w.]*(?:\s+[A-Z][\w.]*)*)\s+(?:(?:on|last|this)\s+\w+\s+)?(?:that\s+)?(?=\w)|;|,?\s+while\s|,\s+but\s|\s+but\s|,\s+although\s|,\s+(?:who|which)\s|\s[-–—]{1,2}\s|\s+and\s+(?=(?:[A-Z][\w.'’-]+\s+){1,4}(?:said|told|added|[a-z]+ed)\b)|\s+and\s+(?:the|a|an)\s+\w+\s+(?:would|will|has|have|had)\b|\s+after\s+(?=\w+\s+(?:began|started))"
)
TOTAL_TO = re.compile(r"\b(?:bringing|brings|bring|raising|raises|raised|taking|takes|brought)\s+(?:the\s+(?:total|number|tally)(?:\s+(?:of\s+)?[\w\s,-]{1,80}?)?\s+to|to)\s+", re.IGNORECASE)
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December|(?:Jan|Feb|Aug|Sept?|Oct|Nov|Dec)\.)"
# "since April", "since 9 April", "since April 9, 2020", "since February 2022", "since last Friday"
SINCE = re.compile(
    rf"\b[Ss]ince\s+(?:early\s+|mid-?|late\s+)?(?:(?:(?P<d1>[0-3]?\d)\s+)?(?P<m>{_MONTH})(?:\s+(?P<d2>[0-3]?\d)\b(?:,?\s+)?)?(?:\s*(?P<y>(?:19|20)\d\d)|\s+(?P<ly>last\s+year))?"
    r"|(?:last\s+)?(?P<wd>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
    # "since the releases began in April", "since the exchange got under way in early April 2020"
    # "since the truce took effect on Jan. 19", "since the exchange began on Friday", "since the invasion of Feb. 24, 2022"
    rf"|(?:the|its|their|this|that)\s+(?:[\w-]+\s+){{0,3}}?(?:(?:began|started|got\s+under\s+way|got\s+going|broke\s+out|erupted|opened|took\s+effect|came\s+into\s+force)\s+(?:in|on)|of)\s+"
    rf"(?:(?:early\s+|mid-?|late\s+)?(?:(?P<d3>[0-3]?\d)\s+)?(?P<m2>{_MONTH})(?:\s+(?P<d4>[0-3]?\d)\b)?(?:,?\s+(?P<y2>(?:19|20)\d\d)|\s+(?P<ly2>last\s+year))?"
    r"|(?P<wd2>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday))"
    # "since then": since the day the paragraph named last ("the truce, which began on Jan. 19 ... since then")
    r"|(?P<then>then))\b"
)
# "under the truce, which began on Jan. 19": a running total under a deal counts from the day it began
UNDER_SINCE = re.compile(r"\bunder\s+(?:the|a|its|their)\s+(?:[\w-]+\s+)?(?:truce|ceasefire|cease-fire|deal|agreement|accord)\b"
                         r"[^.;]{0,40}?\b(?:which|that)\s+(?:began|started|took\s+effect|came\s+into\s+force|went\s+into\s+effect)"
                         r"\s+(?:on|in)\s+", re.IGNORECASE)
# "released from Russian captivity", "walked out of Israeli jails": whose custody the people left
CUSTODY = re.compile(r"\s+(?:from|out\s+of)\s+(?:the\s+)?(?P<who>[A-Z][\w.'’-]+(?:['’]s)?)\s+(?:captivity|custody|jails?|prisons?|detention|hands)\b")
# "The releases bring the number of prisoners freed by Israel since Friday to 180": the verb inside the total
TOTAL_AROUND = re.compile(r"\b(?:bring|brings|bringing|brought|raise[sd]?|raising|take|takes|taking|took)\s+the\s+(?:total|number|tally)\s+of\s+(?P<who>[^.;:]{1,90}?)\s+to\s+(?=[\w$])", re.IGNORECASE)
DETERMINER = re.compile(r"\b(?:the|these|those|its|their|this|that|all)\s+$", re.IGNORECASE)
SUPERLATIVE = re.compile(r"\b(?:largest|biggest|first|largest-ever|most|only|single|\w{3,}est)\s+(?:[\w-]+\s+){0,3}$", re.IGNORECASE)
# "who had been held since April": how long people were held, not since when they were freed
HELD_SINCE = re.compile(r"\b(held|detained|captured|jailed|imprisoned|kidnapped|abducted|seized|missing)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
# verbs that free people only with "home"/"back" after them: "sent 32 servicemen home"
HOME_VERBS = {"sent", "flew", "brought"}
HOME_AFTER = re.compile(r"\s+(?:(?:\w+\s+){0,2})?(?:home|back)\b", re.IGNORECASE)
# a sentence that continues the event the previous one dated: "In return, Armenia released two soldiers"
AFTER_BEING = re.compile(r"\b(?:after|since|upon|on)\s+(?:being|having\s+been)\s+$", re.IGNORECASE)  # "after being freed": it happened
ARRIVED = re.compile(r",\s+who\s+(?:\w+\s+){0,2}?(?:landed|arrived|reached|returned|crossed|were\s+flown|were\s+taken|were\s+received|walked)\b[^.;,]{0,100}", re.IGNORECASE)
# "were let go", "were also let go", "have since been handed over": an auxiliary of the passive before the verb
PASSIVE_AUX = re.compile(r"\b(?:were|was|been|being)\s+(?:(?:also|then|later|all|since|subsequently|eventually|finally|\w+ly)\s+)?$", re.IGNORECASE)
BARE_SUBJECT = re.compile(r"\s+(?:(?:were|was|have|has|had|been|also|then|later|subsequently|already)\s+)*")
INCLUDED_WHO = re.compile(r"\s+(?:of\s+whom\s+|who\s+)")
ANAPHOR = re.compile(r"\s+of\s+(?:them|those|these)", re.IGNORECASE)
# the subject of a passive verb that refers back to the last batch: "The latest group was freed on Friday"
LATEST = re.compile(r"\b(?:[Tt]he|[Tt]his|[Tt]hat)\s+(?:latest|last|most\s+recent|new|newest)\s+(?:group|batch|contingent|release|tranche)\s+(?:of\s+[\w\s-]{1,30}?\s+)?(?:(?:was|were|had\s+been)\s+)?$")
# a batch, not a total, in the perfect tense: "has freed another 98"
BATCH_MARK = re.compile(r"\b(?:another|a\s+further|an\s+additional|a\s+new\s+batch\s+of|a\s+fresh\s+batch\s+of)\s+$", re.IGNORECASE)
# "The Houthis, for their part, let go 19": the subject's side of the batch just told
FOR_ITS_PART = re.compile(r",\s+(?:for\s+(?:its|their|his|her)\s+part|in\s+(?:return|turn|exchange))\s*,", re.IGNORECASE)
CONTINUES = re.compile(r"\s*(?:In\s+return|In\s+exchange|In\s+turn|At\s+the\s+same\s+time|The\s+same\s+day|That\s+same\s+day|Meanwhile|For\s+its\s+part)\b,?", re.IGNORECASE)
# "861 of the 1,000 captives", "more than 900 of the 1,000": a part of the whole a deal frees
OF_ALL = re.compile(r"\s+of\s+the\s+(?:(?:about|some|nearly|roughly)\s+)?\d[\d,]*\b")
HAS_HAD = re.compile(r"\b(?:has|have|had)\s+(?:now\s+|already\s+|so\s+far\s+|also\s+)?(?:been\s+)?$", re.IGNORECASE)
SAME_PERIOD = re.compile(r"[^,.;]{0,60}?\b(?:over|in|during|within)\s+the\s+same\s+(?:period|time|days|span)\b", re.IGNORECASE)
PERFECT = re.compile(r"\b(?:has|have)\s+(?:now\s+|already\s+|so\s+far\s+|thus\s+far\s+|also\s+|since\s+)?(?:been\s+)?$", re.IGNORECASE)
LAST_OF = re.compile(r"\b(?:the\s+)?(?:last|rest|remainder|remaining|bulk|majority|most|half)\s+of\s+(?:the\s+)?$", re.IGNORECASE)
BEGAN = re.compile(r"\b(?:began|begun|begins|started|starts|starting|beginning)\b", re.IGNORECASE)
CACHE: dict[int, tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], list[tuple[str, re.Pattern[str]]]]] = {}


def _patterns(ctx: Context):
    key = id(ctx.cues)
    if key not in CACHE:
        cues = ctx.cues
        forms = (*cues.release_passive, *cues.release_active, *cues.release_received)
        first = "".join(sorted({c for f in forms for c in (f[0].lower(), f[0].upper())}))
        received = words_pattern(cues.release_received) + "|" if cues.release_received else ""
        verbs = re.compile(rf"(?<![\w-])(?=[{re.escape(first)}])(?P<v>" + received + words_pattern(cues.release_passive) + "|" + words_pattern(cues.release_active) + r")(?![\w-])", re.IGNORECASE)
        passive = re.compile(r"^" + words_pattern(cues.release_passive) + r"$", re.IGNORECASE)
        nouns = list(cues.people_nouns)
        for demonym in cues.demonyms:
            if not demonym[0].isupper() or "." in demonym or demonym.endswith("'s") or demonym.isupper():
                continue
            nouns.append(demonym if demonym.endswith(("ese", "ss", "sh", "ch")) else demonym + "s")
        people = re.compile(r"(?<![\w])" + words_pattern(nouns) + r"(?![\w])", re.IGNORECASE)
        kinds = [(kind, re.compile(r"(?<![\w])" + words_pattern(words) + r"(?![\w])", re.IGNORECASE)) for kind, words in cues.people_kinds.items()]
        CACHE[key] = (verbs, passive, people, kinds)
    return CACHE[key]


def _clause(ctx: Context, pos: int) -> tuple[int, int]:
    s_start, s_end = ctx.layout.sentence_of(pos)
    s_start, s_end = max(s_start, pos - 400), min(s_end, pos + 400)
    start, end = s_start, s_end
    for m in CLAUSE_SPLIT.finditer(ctx.text, s_start, s_end):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            end = m.start()
            break
    return start, end


def _held_since(ctx: Context, pos: int) -> bool:
    """Does the "since" at ``pos`` tell how long people were held ("held since April"), not since when
    they were freed? Not after a participle that describes the people ("freed 400 captured soldiers since ...")."""
    m = HELD_SINCE.search(ctx.text, max(0, pos - 40), pos)
    if m is None:
        return False
    after = ctx.text[m.end(1) : pos].split()
    return not (after and after[0].lower() in _people_words(ctx))


def _people_words(ctx: Context) -> frozenset[str]:
    key = id(ctx.cues)
    if key not in _PEOPLE_WORDS:
        _PEOPLE_WORDS[key] = frozenset(n.lower() for n in ctx.cues.people_nouns if " " not in n)
    return _PEOPLE_WORDS[key]


_PEOPLE_WORDS: dict[int, frozenset[str]] = {}


def _since_in(ctx: Context, start: int, end: int) -> re.Match[str] | None:
    """The first "since April" in text[start:end] that dates a release, not a detention."""
    for m in SINCE.finditer(ctx.text, start, end):
        if not _held_since(ctx, m.start()) and not WHEN_AFTER.match(ctx.text, m.end()):
            return m
    return None


# "the first swap since 8 January, when each side released 50": the day of that earlier batch, no running total
WHEN_AFTER = re.compile(r"\s*,\s+when\b")
WHEN_BEFORE = re.compile(r",\s+when\s+[^,;.]{0,60}$")


def _period_before(ctx: Context, at: int, clause_start: int) -> re.Match[str] | None:
    """The "since ..." that "the same period" at ``at`` refers to: the one before it in its sentence, else the
    last one of the sentence before, in the same paragraph ("Since the truce began on Jan. 19, Hamas has
    freed 13. Israel has released 583 over the same period")."""
    s_start, _ = ctx.layout.sentence_of(at)
    found = _since_in(ctx, s_start, clause_start)
    if found is not None or s_start == 0:
        return found
    p_start, _ = ctx.layout.paragraph_of(at)
    b_start, _ = ctx.layout.sentence_of(s_start - 1)
    if b_start < p_start:
        return None
    last = None
    while (m := _since_in(ctx, b_start, s_start)) is not None:
        last, b_start = m, m.end()
    return last


def _cumulative_in(ctx: Context, start: int, end: int) -> bool:
    """Does text[start:end] mark a running total ("so far", "since April"), not a detention's length?"""
    for m in ctx.cues.cumulative.finditer(ctx.text, start, end):
        if m.group(0).lower().startswith("since") and (_held_since(ctx, m.start())
                                                        or SUPERLATIVE.search(ctx.text, max(0, m.start() - 40), m.start())):
            continue  # "held since April"; "the largest exchange since the start of the war": no running total
        return True
    return False


def _merge_undated(found: list[Release]) -> list[Release]:
    """Drop an undated mention (a headline) of a batch that another mention dates.

    >>> import datetime as dt
    >>> from loaders.facts import Evidence
    >>> e = Evidence("d", 0, 1, "x")
    >>> a = Release("eln", None, 6, e)
    >>> b = Release("eln", None, 6, e, date_from=dt.date(2023, 8, 10), date_to=dt.date(2023, 8, 10))
    >>> [r.date_from for r in _merge_undated([a, b])]
    [datetime.date(2023, 8, 10)]
    """
    dated = {(r.releaser, r.released_party, r.count, r.cumulative) for r in found if r.date_to is not None and r.count is not None}
    return [r for r in found if r.date_to is not None or r.count is None
            or (r.releaser, r.released_party, r.count, r.cumulative) not in dated]


def _since(ctx: Context, m: re.Match[str]) -> dt.date | None:
    """The first day of "since April", "since 9 April", "since February 2022", "since Friday"; of "since
    then", the day the paragraph named last before it (None when it names none)."""
    pub = ctx.doc.published
    if m.group("then"):
        return anchor_day(ctx.text, pub, m.start())
    if m.group("wd") or m.group("wd2"):
        back = (pub.weekday() - MONTHS_WD.index(m.group("wd") or m.group("wd2"))) % 7 or 7
        return pub - dt.timedelta(days=back)
    name = m.group("m") or m.group("m2")  # "April", "Jan."
    month = next(i for i, full in enumerate(MONTHS, 1) if full.startswith(name[:3]))
    day = int(m.group("d1") or m.group("d2") or m.group("d3") or m.group("d4") or 1)
    if m.group("y") or m.group("y2"):
        year = int(m.group("y") or m.group("y2"))
    else:
        year = pub.year if (month, day) <= (pub.month, pub.day) else pub.year - 1
        if m.group("ly") or m.group("ly2"):  # "since February last year"
            year = pub.year - 1
    try:
        return dt.date(year, month, day)
    except ValueError:
        return dt.date(year, month, 1)


MONTHS_WD = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def _country_party(ctx: Context, country: str | None, kinds: tuple[str, ...] = ("government", "state", "armed_movement")) -> str | None:
    """The party of ``country`` of the first of ``kinds`` it has in the gazetteer."""
    for kind in kinds:
        options = [p for p in ctx.gaz.countries.get(country, ()) if ctx.kind_of(p) == kind] if country else []
        if options:
            return options[0]
    return None


def _custody_party(ctx: Context, start: int, end: int) -> str | None:
    """The party whose captivity the people left: "released from Russian captivity"."""
    m = CUSTODY.match(ctx.text, start, end)
    if not m:
        return None
    word = re.sub(r"['’]s$", "", m.group("who"))
    actor = ctx.gaz.resolve(word)
    if actor is None and word in ctx.cues.demonyms:
        return _country_party(ctx, ctx.cues.demonyms[word])
    return ctx.party_of(actor) if actor else None


def _good_figure(ctx: Context, f: Figure) -> bool:
    if f.percent:
        return False
    text = ctx.text
    if f.value is not None and 1900 <= f.value <= 2100 and re.fullmatch(r"\d{4}", text[f.start : f.end].split()[-1]):
        return False
    before = text[max(0, f.start - 12) : f.start]
    if re.search(r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?\s*$", before):
        return False
    after = text[f.end : f.end + 14]
    if re.match(r"\s*(?:years?|months?|days?|weeks?|hours?|percent|per\s*cent|%|kilomet|km|miles?|dollars|\$|million\s+dollars|-year)", after, re.IGNORECASE):
        return False
    return True


def _figure_with_people(ctx: Context, figures: list[Figure], people: re.Pattern[str], limit: int) -> tuple[Figure, int, int] | None:
    """The figure followed (within five words) by people: (figure, noun start, noun end)."""
    text = ctx.text
    starts = {g.start for g in figures}
    for f in figures:
        if not _good_figure(ctx, f):
            continue
        window = text[f.end : min(limit, f.end + 70)]
        words = list(re.finditer(r"\S+", window))[:7]
        later = next((w.start() for w in words if f.end + w.start() in starts), len(window))
        for w in words:
            if w.start() >= later:
                break  # "within four months the 52 dissidents": the people are the next figure's
            m = people.match(window, w.start())
            if m:
                while True:  # "Taliban prisoners": the whole run of people words
                    nxt = re.match(r"\s+", window[m.end() :])
                    more = people.match(window, m.end() + nxt.end()) if nxt else None
                    if not more:
                        break
                    m = more
                # "hundreds of insurgent captives", "20 of its security forces"
                return f, f.end + m.start(), f.end + m.end()
            if re.match(r"[.;:]", w.group(0)):
                break
            if w.group(0) in ("and", "or", "but") and re.match(r"\s*\w+ed\b", window[w.end() :]):
                break  # "handed over 40 weapons and released two marines": the figure is not of people
        if f.first:
            return f, f.end, f.end
    return None


OWN_PEOPLE = re.compile(r"\s+of\s+(?:its|their)\s+(?:own\s+)?", re.IGNORECASE)
RETURN_VERBS = {"returned", "repatriated", "brought", "flew", "sent"}


def _receives(ctx: Context, form: str, figure: Figure, noun_end: int, c_end: int, subject: str) -> bool:
    """Is the subject of an active release verb the side that gets its people back?

    "won the release of 215", "got back 56"; "returned 230 of its citizens"; or
    people brought "from Russian captivity" by a subject that is not Russia.
    """
    if form in ctx.cues.release_received:
        return True
    if form.split()[0] in RETURN_VERBS and OWN_PEOPLE.match(ctx.text, figure.end, noun_end):
        return True
    custody = _custody_party(ctx, noun_end, c_end)
    return custody is not None and ctx.party_of(custody) != subject


def _released_party(ctx: Context, start: int, end: int, releaser: str | None, kinds) -> str | None:
    text = ctx.text
    span = text[start:end]
    country = None
    for word in re.findall(r"[\w.'’-]+", span):
        base = re.sub(r"['’]s$", "", word)
        if base not in ctx.cues.demonyms and base.endswith("s"):
            base = base[:-1]
        if base in ctx.cues.demonyms:
            country = ctx.cues.demonyms[base]
            break
    for m in ctx.mentions_in(start, end):
        if m.kind in ("party", "descriptor", "metonym") and m.actor:
            if m.kind == "metonym" and m.actor == releaser:
                continue
            return m.actor
    other = ctx.opponent(releaser, start) if releaser else None
    if country and other and other in ctx.gaz.countries.get(country, ()) and not any(p.search(span) for _, p in kinds):
        if ctx.kind_of(other) == "armed_movement":
            return None  # "Israel freed 39 Palestinian prisoners": people of a nation, not the movement's members
        return other  # "Azerbaijan freed 32 Armenian servicemen": the state of that nation
    for kind, pattern in kinds:
        if pattern.search(span):
            wanted = ("government", "state") if kind == "government" else (kind,)
            if other and ctx.kind_of(other) in wanted and (country is None or other in ctx.gaz.countries.get(country, ())):
                return other
            party = _kind_party(ctx, kind, start, country)
            if party:
                return party
    if country:
        return _country_party(ctx, country)
    # "of its own", "20 of its security forces": the releaser's people? no: the other side's
    return None


_GROUPS: dict[int, tuple[re.Pattern[str], re.Pattern[str]]] = {}


def _groups(ctx: Context) -> tuple[re.Pattern[str], re.Pattern[str]]:
    key = id(ctx.cues)
    if key not in _GROUPS:
        _GROUPS[key] = (
            re.compile(r"(?<![\w])" + words_pattern(ctx.cues.captive_nouns) + r"(?![\w])", re.IGNORECASE),
            re.compile(r"(?<![\w])" + words_pattern(ctx.cues.unaffiliated_people) + r"(?![\w])", re.IGNORECASE),
        )
    return _GROUPS[key]


def _demonym_country(ctx: Context, span: str) -> str | None:
    """The country of the first national adjective or noun in ``span`` ("Thai nationals", "Israelis")."""
    for word in re.findall(r"[\w.'’-]+", span):
        base = re.sub(r"['’]s$", "", word)
        if base not in ctx.cues.demonyms and base.endswith("s"):
            base = base[:-1]
        if base in ctx.cues.demonyms:
            return ctx.cues.demonyms[base]
    return None


# "12 hostages, 10 of them Israelis,": the nationality of most of them
OF_THEM = re.compile(r"\s*,\s*(?P<n>[\w,-]+)\s+of\s+them\s+(?P<who>[A-Z][\w-]+)")


# "14 Israelis and three Thai nationals": people of two nations counted side by side
NATIONS = re.compile(r"\b(?P<a>[A-Z][a-z]+)(?:s|\s+(?:nationals|citizens|hostages|captives))\s*(?:,|and)\s+(?:[\w-]+\s+){1,2}?(?P<b>[A-Z][a-z]+)(?:s|\s+(?:nationals|citizens|hostages|captives))\b")


def _mixed_nationalities(ctx: Context) -> bool:
    """Does the text count captives of several nations together ("14 Israelis and three Thai nationals")?"""
    if "mixed" not in ctx.memo:
        mixed = False
        for m in NATIONS.finditer(ctx.text):
            a, b = (_demonym_country(ctx, m.group(k)) for k in ("a", "b"))
            if a and b and a != b:
                mixed = True
                break
        ctx.memo["mixed"] = mixed
    return bool(ctx.memo["mixed"])


def _of_no_party(ctx: Context, start: int, end: int, releaser: str | None, kinds) -> bool:
    """Are the people in text[start:end] of no party of the conflict?

    Hostages counted without a nationality are of several ("17 hostages"), and
    a nation's people held by a state are not an armed movement's members
    ("39 Palestinian prisoners"), unless the text calls them fighters.
    """
    if any(m.kind in ("party", "descriptor", "metonym") for m in ctx.mentions_in(start, end)):
        return False
    span = ctx.text[start:end]
    if any(p.search(span) for _, p in kinds):
        return False  # "government captives", "Houthi fighters"
    country = _demonym_country(ctx, span)
    if country is None:
        if not _captives(ctx, start, end) or not _mixed_nationalities(ctx):
            return False
        app = OF_THEM.match(ctx.text, end, min(len(ctx.text), end + 40))
        if app:
            part = ctx.numbers.value_of(app.group("n"))
            whole = ctx.numbers.find(ctx.text, start - 12 if start >= 12 else 0, end)
            total = whole[-1].value if whole else None
            if part and total and 2 * part > total and _demonym_country(ctx, app.group("who")):
                return False  # mostly of one nation: that nation's people
        return True
    other = ctx.opponent(releaser, start) if releaser else None
    if other is None or other not in ctx.gaz.countries.get(country, ()) or ctx.kind_of(other) != "armed_movement":
        return False
    return not any(p.search(span) for kind, p in kinds if kind == "armed_movement")


def _captives(ctx: Context, start: int, end: int) -> bool:
    """Are the people named in text[start:end] captives of an armed group ("hostages")?"""
    return bool(_groups(ctx)[0].search(ctx.text, start, end))


def _unaffiliated(ctx: Context, start: int, end: int) -> bool:
    """Are the people named in text[start:end] of no party ("three journalists")?"""
    return bool(_groups(ctx)[1].search(ctx.text, start, end))


# "50 people jailed over last year's anti-government protests": people held for dissent, of no side
HELD_FOR_DISSENT = re.compile(r"\s+(?:who\s+(?:were|had\s+been|have\s+been)\s+)?(?:jailed|held|detained|arrested|imprisoned|convicted|sentenced)\s+"
                              r"(?:over|for|during|after|in|since)\s+[^,.;]{0,60}?\b(?:protests?|demonstrations?|unrest|dissent|riots?|uprising|criticism\s+of)\b",
                              re.IGNORECASE)
# "freed Ariel Sigler, a dissident who ...": one person described in an aside
APPOSED_ONE = re.compile(r"\s*,\s+(?:a|an|the)\s+(?:[\w'’-]+\s+){0,3}?(?P<noun>[a-z][\w-]+)\b")


def _described_unaffiliated(ctx: Context, end: int, limit: int) -> bool:
    """Are the people just named described after them as of no party ("people jailed over the protests",
    ", a dissident who ...")?"""
    if HELD_FOR_DISSENT.match(ctx.text, end, limit):
        return True
    m = APPOSED_ONE.match(ctx.text, end, limit)
    return m is not None and bool(_groups(ctx)[1].fullmatch(m.group("noun") + "s"))


# "X walked out of Kondengui prison", "X was freed from prison", "X was released from Evin jail"
ONE_SUBJECT_AUX = re.compile(r"\s*(?:,[^,]{1,80},\s*)?(?:(?:was|has\s+been|had\s+been|is)\s+)?(?:(?:finally|also|then)\s+)?$")


def _one_from_prison(ctx: Context, c_start: int, v_start: int, v_end: int, c_end: int, exit_verb: bool) -> tuple[Figure, str] | None:
    """People named as the subject, let out of a prison ("Opposition leader X walked out of Y prison on
    Saturday", "X and Y were freed from prison"): (a figure of how many at the first name, the keeper: the
    prison's country, else the state or government the text names most); None when the subject is no person
    or no prison is named."""
    c_start = min(c_start, ctx.layout.sentence_of(v_start)[0])  # "A and B walked out of ...": the clause may start at B
    people = [m for m in ctx.mentions_in(c_start, v_start) if m.kind == "person" and not ctx.in_quote(m.start)]
    if not people or not ONE_SUBJECT_AUX.fullmatch(ctx.text, people[-1].end, v_start):
        return None
    if not exit_verb and not re.match(r"\s+from\b" + PRISON_AFTER.pattern, ctx.text[v_end:c_end], re.IGNORECASE):
        return None
    named = [m for m in ctx.coordinated(people[-1], c_start) if m.kind == "person"]  # "A and B were freed from ..."
    if any(m.kind == "person" and m.start < named[0].start for m in people) and re.search(r"\band\b", ctx.text[people[0].end : named[0].start]):
        return None  # "A and his adviser B were freed": a pair not read as one
    country = _demonym_country(ctx, ctx.text[max(c_start, named[0].start - 40) : named[0].start])  # "Cameroonian opposition leader X"
    keeper = (_custody_party(ctx, v_end, c_end) or _country_party(ctx, country, ("government", "state"))
              or _top_kind(ctx, "government") or _top_kind(ctx, "state"))
    return (Figure(named[0].start, named[0].start, len(named), "exact"), keeper) if keeper else None


PART_OF = re.compile(r"(?:^|(?<=\s))(?P<n>[\w,-]+)\s+(?:more\s+)?of\s+(?:the|these|those|its|their|all)\s+$")


def _part_of(ctx: Context, figure: Figure, floor: int) -> Figure | None:
    """'Three of the 17 missionaries': the figure of the part before the whole, if there is one."""
    m = PART_OF.search(ctx.text, max(floor, figure.start - 30), figure.start)
    if m is None:
        return None
    found = [f for f in ctx.numbers.find(ctx.text, m.start("n"), m.end("n")) if f.value is not None]
    return found[0] if found and found[0].end == m.end("n") and found[0].value < (figure.value or 0) else None


def _top_kind(ctx: Context, kind: str) -> str | None:
    starts, parties = ctx.parties_by_kind((kind,))
    if not parties:
        return None
    return max(set(parties), key=lambda p: (parties.count(p), -parties.index(p)))


def _kind_party(ctx: Context, kind: str, at: int, country: str | None) -> str | None:
    """The party of a kind named nearest before ``at`` (else first after), in ``country`` when given."""
    wanted = ("government", "state") if kind == "government" else (kind,)
    starts, parties = ctx.parties_by_kind(wanted)
    in_country = set(ctx.gaz.countries.get(country, ())) if country else set()
    ok = (lambda p: p in in_country) if in_country else (lambda p: True)
    i = bisect.bisect_left(starts, at)
    for j in list(range(i - 1, max(-1, i - 200), -1)) + list(range(i, min(len(parties), i + 200))):
        if ok(parties[j]):
            return parties[j]
    if country:
        options = [p for p in ctx.gaz.countries.get(country, ()) if ctx.kind_of(p) in wanted]
        return options[0] if options else None
    return None


# a name after a preposition is no subject: "handed him back to U.S. custody, and let 20 go"
IN_PHRASE = re.compile(r"\b(?:to|into|from|of|with|for|at|against|towards?|in|over)\s+(?:the\s+)?$", re.IGNORECASE)


def _releaser_before(ctx: Context, start: int, pos: int) -> str | None:
    best = None
    for m in ctx.mentions_in(start, pos):
        if ctx.in_quote(m.start) or m.kind in ("sides",):
            continue
        if best is not None and m.kind != "pronoun" and IN_PHRASE.search(ctx.text, max(start, m.start - 14), m.start):
            continue
        if m.kind == "pronoun":
            actor = ctx._last_party(m.start) if m.head == "they" else ctx._last_person(m.start)
            best = ctx.party_of(actor) if actor else best
            continue
        best = ctx.party_of(m.actor)
    if best is None and re.match(r"\s*(?:it|they|we)\b", ctx.text[start:pos], re.IGNORECASE):
        s_start = ctx.layout.sentence_of(start)[0]
        before = [m for m in ctx.mentions_in(s_start, start) if not ctx.in_quote(m.start) and m.kind in ("party", "descriptor", "metonym", "person", "post")]
        if before:
            best = ctx.party_of(before[-1].actor)
    return best


def _release_dates(ctx: Context, c_start: int, c_end: int, v_start: int):
    """Dates of the clause, without those that name a deal ("the February 29 deal")."""
    text = ctx.text
    found = []
    since = [(m.start(), m.end()) for m in SINCE.finditer(text, c_start, c_end)]
    for d in ctx.dates(c_start, c_end, future=False):
        after = text[d.end : d.end + 16]
        before = text[max(0, d.start - 30) : d.start]
        if re.match(r"\s*(?:,\s*\d{4}\s*)?(?:deal|agreement|accord|pact|decree|truce|ceasefire)", after, re.IGNORECASE):
            continue
        if re.search(r"(?:deal|agreement|accord|pact|decree|signed)\s+(?:\w+\s+){0,3}(?:on\s+)?$|\b(?:since|until|by|before)\s+$", before, re.IGNORECASE) \
                and not (d.end < v_start and re.search(r"\bsince\s+$", before, re.IGNORECASE) and WHEN_AFTER.match(text, d.end)):
            continue
        if SIGNED_ON.search(text, max(c_start, d.start - 90), d.start):
            continue  # "the agreement it signed with the United States in Doha on 29 February": the deal's day
        if re.match(r"['’]s\b", after):
            continue  # "with today's 303": the day of another batch
        if any(a <= d.start < b for a, b in since):
            continue  # "since the releases began in April": where a running total starts
        if d.start > v_start and re.search(r"\bincluding\s+[^,.;]{1,60}$", text[max(v_start, d.start - 70) : d.start]):
            continue  # "has freed 300 since April 8, including 100 on Saturday": the day of a part
        if d.kind == "month" and d.start > v_start and LATER_EVENT.search(text, v_start, d.start):
            continue  # "freed 35 sailors captured off Crimea in November": the month of another event
        if (d.kind == "month" and d.end < v_start and re.search(r",\s+and\b|\b(?:after|before)\b", text[d.end : v_start])
                and text[ctx.layout.sentence_of(d.start)[0] : d.start].strip()):
            continue  # "surrendered in May ..., and hundreds have been returned": the month of the clause before
        if d.start > v_start and SPOKEN_ON.search(text, max(v_start, d.start - 60), d.start):
            continue  # "..., he told reporters in Kabul on Wednesday": when it was said
        if d.start < v_start and SINCE_AFTER.search(text, v_start, c_end) and SPOKEN_ON.search(text, max(c_start, d.start - 60), d.start):
            continue  # "said on Wednesday that the group had released 640 captives since April": a running total's report
        found.append(d)
    return found


SINCE_AFTER = re.compile(r"\bsince\s+(?:early\s+|late\s+|mid-?)?(?:January|February|March|April|May|June|July|August|September|October|November|December|the\s+(?:process|releases?|exchanges?|truce|deal|ceasefire|war|start|beginning))\b")


BY_THEN = re.compile(r"\bby\s+(?:the\s+time\s+(?:[\w'’-]+\s+){1,8}?(?:on\s+)?)?$", re.IGNORECASE)


def _by_day(ctx: Context, start: int, end: int) -> dt.date | None:
    """The day a past count runs up to: "had been freed by Sept. 3", "by the time the talks opened on Sept. 12"."""
    for d in ctx.dates(start, end, future=False):
        if d.kind == "day" and BY_THEN.search(ctx.text, max(start, d.start - 80), d.start) and d.last <= ctx.doc.published:
            return d.last
    return None


# "a statement the two governments issued on Dec. 7", "the accord it signed in Doha on 29 February"
SIGNED_ON = re.compile(r"\b(?:signed|issued|inked|sealed|brokered|concluded)\s+(?:(?!(?:took|was|were|is|are|began|happened|came|freed|released)\b)[\w.'’-]+\s+){0,7}?(?:on|in)\s+$", re.IGNORECASE)
# what lies between a release verb and a month that dates something else
LATER_EVENT = re.compile(r"[,;(]|\b(?:who|which|that|whom|captured|detained|arrested|held|seized|kidnapped|abducted|jailed|sentenced|made|signed|agreed|issued|since|after|before|when|until)\b", re.IGNORECASE)


SPOKEN_ON = re.compile(r"\b(?:said|says|told|added|announced|stated|confirmed|wrote|posted|tweeted|reported|statement|address)\s+(?:\w+\s+){0,3}(?:on\s+|late\s+|early\s+)?$", re.IGNORECASE)


def _sentence_dates(ctx: Context, v_start: int):
    """A day the sentence gives before a release verb whose own clause has none
    ("On Sunday, 104 detainees were handed over ..., while the government released 18"),
    unless the day says when something was said."""
    s_start = max(ctx.layout.sentence_of(v_start)[0], v_start - 300)
    found = []
    for d in _release_dates(ctx, s_start, v_start, v_start):
        if SPOKEN_ON.search(ctx.text, max(s_start, d.start - 40), d.start):
            continue
        found.append(d)
    return found[:1]


def _held_before(ctx: Context, people: re.Pattern[str], pos: int) -> str | None:
    """The party whose people the text named last before ``pos`` ("the remaining Taliban prisoners")."""
    text = ctx.text
    for m in reversed(ctx.mentions_in(max(0, pos - 1500), pos)):
        if ctx.in_quote(m.start) or m.kind not in ("party", "descriptor", "metonym") or not m.actor:
            continue
        if people.match(text, m.end + 1) and text[m.end : m.end + 1] == " ":
            return ctx.party_of(m.actor)
    return None


def _reported_on(ctx: Context, pos: int) -> dt.date:
    """The day a running total is reported for: the day of the speech that gives it, else publication."""
    for s in ctx.statements_around(pos):
        if s.kind == "reported" and s.evidence.start <= pos < s.evidence.end and s.said_on is not None:
            return min(s.said_on, ctx.doc.published)
    # "X said on Wednesday that ... had released 640 since April": the day of the speech in the sentence
    s_start = max(ctx.layout.sentence_of(pos)[0], pos - 400)
    for d in reversed(ctx.dates(s_start, pos, future=False)):
        if d.kind == "day" and d.first == d.last and d.first <= ctx.doc.published and SPOKEN_ON.search(ctx.text, max(s_start, d.start - 60), d.start):
            return d.first
    return ctx.doc.published


def _source(ctx: Context, pos: int) -> str | None:
    """The speaker of the reported statement whose span holds ``pos``."""
    for s in ctx.statements_around(pos):
        if s.kind == "reported" and s.evidence.start <= pos < s.evidence.end:
            return s.speaker
    return None


def _passive_groups(ctx: Context, people, kinds, c_start: int, v_start: int, v_end: int, c_end: int, text: str) -> list[Release]:
    """'5,000 prisoners and some 1,000 soldiers have been freed' (two groups) and
    '1,056 detainees were released in all: 672 by the government and 384 by the rebels' (a breakdown)."""
    made: list[Release] = []
    s_first = max(ctx.layout.sentence_of(v_start)[0], v_start - 300)
    s_last = min(ctx.layout.sentence_of(v_start)[1], v_end + 300)
    cumulative = _cumulative_in(ctx, c_start, c_end)
    since = _since_in(ctx, c_start, c_end)
    date_from = date_to = None
    if since:
        date_from, date_to, cumulative = _since(ctx, since), ctx.doc.published, True
    elif cumulative:
        date_to = ctx.doc.published
    # a breakdown after a colon
    colon = re.match(r"(?:\s+(?:in\s+all|in\s+total|overall))?\s*:\s*", text[v_end:s_last])
    if colon:
        pos = v_end + colon.end()
        for part in re.finditer(r"(?P<n>\d[\d,]*)\s+by\s+", text[pos:s_last]):
            figure = ctx.numbers.find(text, pos + part.start("n"), pos + part.end("n"))
            agent = ctx.mention_at(pos + part.end(), 4)
            releaser = ctx.party_of(agent.actor) if agent is not None and agent.actor else None
            if not figure or releaser is None:
                continue
            dates = [d for d in ctx.dates(s_first, s_last, future=False) if d.kind == "day"]
            day = dates[0].first if dates else _lead_day(ctx)
            made.append(Release(releaser, ctx.opponent(releaser, v_start), figure[0].value, ctx.evidence(pos + part.start(), agent.end),  # type: ignore[union-attr]
                                qualifier=figure[0].qualifier, date_from=day, date_to=day, rule="release-breakdown", confidence=0.7))
        if made:
            return made
    # groups joined by "and" before the verb
    figs = [f for f in ctx.numbers.find(text, c_start, v_start) if _good_figure(ctx, f)]
    groups = []
    for f in figs:
        hit = _figure_with_people(ctx, [f], people, v_start)
        if hit:
            groups.append(hit)
    if len(groups) < 2 or not all(re.search(r"\band\s+(?:\w+\s+)?$", text[a[2] : b[0].start]) for a, b in zip(groups, groups[1:])):
        return []
    for figure, _, noun_end in groups:
        released = _released_party(ctx, figure.start, noun_end + 40 if noun_end + 40 < v_start else v_start, None, kinds)
        releaser = ctx.opponent(released, v_start) if released else None
        if releaser is None:
            continue
        made.append(Release(releaser, released, figure.value, ctx.evidence(groups[0][0].start, v_end), qualifier=figure.qualifier,
                            cumulative=cumulative, date_from=date_from, date_to=date_to, rule="release-groups", confidence=0.7))
    return made


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]


LEAD_EVENT = re.compile(r"\b(?:exchanged|swapped|released|freed|handed|traded|returned|repatriated|(?:the\s+)?(?:release|exchange|swap|handover|transfer)s?\s+of)\b", re.IGNORECASE)
# a line that is no sentence of the story: a headline, a letterhead, a dateline ("Geneva, 14 April 2023")
def _prose(ctx: Context, s_start: int, s_end: int) -> bool:
    """Does the sentence end as prose does (a full stop or a closing quote), unlike a headline or a letterhead?"""
    line = ctx.text[s_start:s_end].rstrip()
    return bool(line) and line[-1] in ".!?\"”’"


def _lead_sentences(ctx: Context) -> list[tuple[int, int]]:
    """The first three prose sentences of the article."""
    return [s for s in ctx.layout.sentences[:12] if _prose(ctx, *s)][:3]


def _previous_day(ctx: Context, found: list[Release], v_start: int) -> dt.date | None:
    """The day of a batch the previous sentence of the paragraph dated, when this
    sentence opens by continuing it ("In return, ...", "Meanwhile, ...")."""
    s_start, _ = ctx.layout.sentence_of(v_start)
    if not found or not (CONTINUES.match(ctx.text, s_start, v_start) or FOR_ITS_PART.search(ctx.text, s_start, v_start)):
        return None
    p_start = ctx.layout.paragraph_of(s_start)[0]
    last = found[-1]
    if last.cumulative or last.date_from is None or last.date_from != last.date_to or not p_start <= last.evidence.start < s_start:
        return None
    return last.date_from


# "that evening", "on the same day", "hours later", "on the final day" (of the event just told): a time told by the sentences before
SAME_TIME = re.compile(r"\b(?:(?:on\s+)?the\s+(?:same|final|last|closing)\s+(?:day|evening|afternoon|morning|night)|that\s+(?:same\s+)?(?:day|evening|afternoon|morning|night)|hours\s+later|later\s+(?:that|the\s+same)\s+day)\b", re.IGNORECASE)


# "Over three days the Houthis released 181": a batch spread over the days up to the last one told
OVER_DAYS = re.compile(r"\b(?:over|across|during)\s+(?:the\s+)?(?:past\s+|last\s+)?(?P<n>two|three|four|five|six|seven|[2-9]|1[0-4])\s+days\b", re.IGNORECASE)


def _over_days(ctx: Context, c_start: int, c_end: int) -> int | None:
    """How many days "over three days" in the clause spreads a batch across."""
    m = OVER_DAYS.search(ctx.text, c_start, c_end)
    if m is None:
        return None
    return ctx.numbers.value_of(m.group("n"))


def _context_day(ctx: Context, v_start: int) -> dt.date | None:
    """The day an earlier sentence gives to an undated batch: one of the same paragraph
    ("A reminder of how Thursday went. ... The government released 525 ..."), or,
    when the sentence points back in time ("Israel freed 39 that evening"), the last
    day the text gave before it."""
    s_start, s_end = ctx.layout.sentence_of(v_start)
    p_start = ctx.layout.paragraph_of(s_start)[0]
    key = f"same-time:{s_start}"
    if key not in ctx.memo:
        ctx.memo[key] = (SAME_TIME.search(ctx.text, s_start, s_end) or OVER_DAYS.search(ctx.text, s_start, s_end)) is not None  # once per sentence
    if ctx.memo[key]:
        p_start = max(0, s_start - 1500)
    p_start = max(p_start, s_start - 3000)  # a very long paragraph: its last sentences only
    if p_start >= s_start or _sentence_dates(ctx, v_start):
        return None
    days = [d for d in _release_dates(ctx, p_start, s_start, v_start)
            if d.kind == "day" and not SPOKEN_ON.search(ctx.text, max(p_start, d.start - 40), d.start)]
    return days[-1].first if days and days[-1].first == days[-1].last else None


# "The swap was carried out late on Wednesday": a sentence that dates the event the lead reported
EVENT_DATED = re.compile(r"\s*(?:The|This|That|Their)\s+(?:(?:prisoner|hostage|first|latest|second|third)\s+)?(?:swap|exchange|release|handover|transfer)s?\s+(?:was|were|took\s+place|happened|came|began|started)\b")


def _lead(ctx: Context) -> tuple[dt.date | None, int]:
    """The day of the exchange or release the article's lead reports, and where the
    releases it dates begin: after the dating sentence, or at the lead when the
    day comes in the sentence after it ("The swap was carried out late on Wednesday")."""
    if "lead" in ctx.memo:
        return ctx.memo["lead"]  # type: ignore[return-value]
    found: tuple[dt.date | None, int] = (None, ctx.layout.sentences[0][1] if ctx.layout.sentences else 0)
    event_at: int | None = None
    for s_start, s_end in _lead_sentences(ctx):
        if s_start > 900:
            break  # past the lead
        if event_at is not None and not EVENT_DATED.match(ctx.text, s_start, s_end):
            break
        if not LEAD_EVENT.search(ctx.text, s_start, s_end) and event_at is None:
            continue
        days = [d for d in ctx.dates(s_start, s_end, future=False) if d.kind == "day"
                and not re.search(r"\b(?:said|says|told|added|announced|stated|confirmed)\s+(?:\w+\s+)?$", ctx.text[max(0, d.start - 20) : d.start])]
        if days:
            found = (days[0].first, s_end if event_at is None else event_at)
            break
        if event_at is not None:
            break
        event_at = s_start
        found = (None, s_end)
    ctx.memo["lead"] = found
    return found


def _lead_day(ctx: Context) -> dt.date | None:
    """The day of the exchange or release the article's lead reports, if it gives one."""
    return _lead(ctx)[0]


def _lead_end(ctx: Context) -> int:
    """Where the releases the lead's day dates begin."""
    return _lead(ctx)[1]


# A release verb split around its object: "let 94 detainees go", "set 32 soldiers free",
# "let the five Americans leave", "let 20 people walk free"; the verb holds the place
# of "freed" and the object follows it as after any active release verb.
_SPLIT_TAILS = r"go\s+home|go\s+free|go|walk\s+free|walk\s+out|leave|free|loose|at\s+liberty"
SPLIT_VERB = re.compile(
    r"(?<![\w-])(?<!\ba\s)(?<!\bthe\s)(?P<v>let|lets|set|sets)"
    r"(?=\s+(?:(?!(?:and|or|but|that|which|who|to|if|as|up|out|off|aside|about|in|on)\b)(?:\d[\d,]*|[\w'’()-]+)\s+){1,8}?"
    rf"(?P<tail>{_SPLIT_TAILS})\b(?![-’']))",
    re.IGNORECASE,
)


SPLIT_TAIL = re.compile(rf"(?:{_SPLIT_TAILS})\b", re.IGNORECASE)


# People leaving a place of custody: "61 prisoners left Bagram prison", "came out of detention";
# the people are the subject, as of a passive release verb
EXIT_VERB = re.compile(
    r"(?<![\w-])(?P<v>left|walked\s+out\s+of|walked\s+out|came\s+out\s+of|emerged\s+from|walked\s+free\s+from)"
    r"(?=\s+(?:[\w'’.-]+\s+){0,4}?(?:prisons?|jails?|detention|custody|captivity|penitentiar\w+|prison\s+camps?)"
    r"(?:\s*[,.;:)]|\s*$|\s+(?:on|in|at|near|outside|north|south|east|west|after|before|last|this|yesterday|today|early|late|and|for|with|under|as|to|into|where|when)\b))",
    re.IGNORECASE,
)
# a place of custody named after the verb: the releaser of people no party claims is its keeper
PRISON_AFTER = re.compile(r"\s+(?:[\w'’.-]+\s+){0,5}?(?:prisons?|jails?|penitentiar\w+|detention\s+(?:centres?|centers?|facilit\w+))\b", re.IGNORECASE)


# verbs whose object may be one person, named or described: "freed a Saudi prisoner", "released Ana Ruiz"
ONE_VERBS = {"released", "freed", "set free", "let go", "pardoned", "releases", "frees", "lets go", "handed over", "handed back", "hands over"}
_ONE_NOUN = (r"(?:prisoner|captive|detainee|inmate|hostage|fighter|militant|insurgent|member|soldier|"
             r"serviceman|servicewoman|service\s+member|commander|rebel|officer|pilot|sailor|marine|citizen|national|journalist|reporter|"
             r"aid\s+worker|ally|spy|dissident|activist|contractor|businessman|businesswoman|student|man|woman|doctor|surgeon|"
             r"nurse|diplomat|engineer|teacher|academic|researcher|scholar|tourist|priest|missionary|nun|worker|employee|"
             r"photographer|cameraman|writer|blogger|lawyer|politician|lawmaker|opposition\s+leader|footballer|athlete|"
             r"leader|governor|gov\.|mayor|senator|minister|official|economist|ambassador|filmmaker|adviser|advisor|envoy|"
             r"professor|analyst|banker|executive|editor|columnist|correspondent|cleric|imam|rabbi|monk|poet|novelist|artist|singer)")
ONE_DESCRIBED = re.compile(r"\s+(?:a|an)\s+(?:[\w'’-]+\s+){0,3}?" + _ONE_NOUN + r"\b(?![-’'])", re.IGNORECASE)
# "freed Georgian doctor Vazha Gaprindashvili", "released New Zealand pilot Phillip Mehrtens", "freed the
# Italian aid worker Silvia Romano": one person, described, then named
ONE_TITLED = re.compile(r"\s+(?:(?:the|a|an|its|their|former|ex-)\s*)?(?:(?!(?:and|or|of|to|on|in|at|by|from|with|was|were|is|are)\b)[\w'’.-]+\s+){0,3}?(?i:" + _ONE_NOUN + r")\s+"
                        r"(?P<name>[A-Z][a-z][\w’'-]*(?:\s+(?:de\s+|van\s+|al-)?[A-Z][a-z][\w’'-]*){1,2})\b")
# "freed her", "released him": one person the text named before
ONE_PRONOUN = re.compile(r"\s+(?:him|her)\b(?!\s+(?:own|family|husband|wife|son|daughter|brother|sister)\b)")
# the words that may follow the people a release verb names: "released Ana Ruiz on Monday"
_AFTER_NAMES = "on|at|in|from|after|to|last|this|earlier|as|who|under|before|into|following|near|outside|during|via"
ONE_NAMED = re.compile(
    r"\s+(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?(?P<name>[A-Z][a-z][\w’'-]*(?:\s+(?:de\s+|van\s+|al-)?[A-Z][a-z][\w’'-]*){1,2})"
    rf"(?=\s*(?:[,.;]|$)|\s+(?:and|{_AFTER_NAMES})\b)"
)
NAMES_END = re.compile(rf"\s*(?:[,.;]|$)|\s+(?:{_AFTER_NAMES})\b")
NOT_NAMES = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|"
                       r"September|October|November|December|The|This|That|These|Those|Its|Their|His|Her|Red|Cross|Crescent|Prison|Jail|Camp|"
                       r"City|Province|District|Region|Oblast|Island|Islands|Airport|Airfield|Base|Valley|Town|Village|Street|Square|Port|Bay|"
                       r"Province|Governorate|County|Dam|Bridge|Palace|Hall|Road|Highway|Crossing)\b")


def _one_person(ctx: Context, v_end: int, limit: int) -> tuple[Figure, int, int] | None:
    """One person as the object of a release verb: "a Saudi prisoner", "Ana Ruiz" (a name that is no party)."""
    m = ONE_DESCRIBED.match(ctx.text, v_end, limit) or ONE_TITLED.match(ctx.text, v_end, limit) or ONE_PRONOUN.match(ctx.text, v_end, limit)
    if m is None:
        m = ONE_NAMED.match(ctx.text, v_end, limit)
        if m is None or NOT_NAMES.search(m.group("name")):
            return None
        if any(x.kind != "person" for x in ctx.mentions_in(m.start("name"), m.end("name"))):
            return None  # a party, a place the gazetteer knows: "released Kabul"
    start = m.start() + len(m.group(0)) - len(m.group(0).lstrip())
    return Figure(start, start, 1, "exact"), m.end(), m.end()


# words that may describe the first person named: "freed (the) Australian economist Sean Turnell, ..."
PEOPLE_LEAD = re.compile(r"\s*(?:(?:the|a|an)\s+)?(?:(?!(?:and|or|of|to|on|in|at|by|from|with|was|were|is|are|has|have|had|been|be|who|which|that)\b)[A-Za-z][\w'’-]*\s+){0,4}?")


# what may follow a bare figure that is the object of a release verb: "freed 55 on Sunday", "released 50."
BARE_OBJECT_END = re.compile(r"\s*(?:[.;]|,(?!\d)|$)|\s+(?:on|last|this|earlier|each|apiece|in\s+(?:return|exchange|turn|all|total)|over\s+the|more|so\s+far|since|from\s+(?:its|their)\s+(?:jails|prisons|custody))\b")


def _named_people(ctx: Context, v_end: int, limit: int) -> tuple[Figure, int, int] | None:
    """Several people named as the object of a release verb, counted: "freed Evan Gershkovich, Paul
    Whelan and Alsu Kurmasheva", "released Swedish diplomat Johan Floderus and Saeed Azizi"."""
    text = ctx.text
    people = [m for m in ctx.mentions_in(v_end, limit) if m.kind == "person"]
    if not people or not PEOPLE_LEAD.fullmatch(text, v_end, people[0].start):
        return None
    count, end = 1, people[0].end
    for m in people[1:]:
        if not re.fullmatch(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:(?:a|an|the)\s+)?(?:[\w'’-]+\s+){0,3}?", text[end : m.start]):
            break
        count, end = count + 1, m.end
    if count < 2 or not NAMES_END.match(text[end:limit]):
        return None
    start = v_end + len(text[v_end : people[0].start]) - len(text[v_end : people[0].start].lstrip())  # with the words describing them
    return Figure(start, start, count, "exact"), end, end


def _verb_matches(verbs: re.Pattern[str], text: str) -> list[tuple[int, int, str, int, str]]:
    """Release verbs in text order: (start, end, form, start of a split verb's second part or -1, kind)."""
    found = [(m.start(), m.end(), m.group("v"), -1, "") for m in verbs.finditer(text)]
    starts = {f[0] for f in found}
    more = []
    if re.search(r"(?i)\b(?:let|lets|set|sets)\s", text):
        more += [(m.start(), m.end(), m.group("v"), m.start("tail"), "split") for m in SPLIT_VERB.finditer(text) if m.start() not in starts]
    if re.search(r"(?i)\b(?:prisons?|jails?|detention|custody|captivity|penitentiar)", text):
        more += [(m.start(), m.end(), m.group("v"), -1, "exit") for m in EXIT_VERB.finditer(text) if m.start() not in starts]
    return sorted(found + more) if more else found


def find_releases(ctx: Context) -> list[Release]:
    verbs, passive_re, people, kinds = _patterns(ctx)
    text = ctx.text
    found: list[Release] = []
    seen: set[tuple] = set()
    consumed: list[tuple[int, int]] = []
    lead_day = _lead_day(ctx)
    for v_start, v_end, v_form, split_end, v_kind in _verb_matches(verbs, text):
        if ctx.in_quote(v_start):
            continue
        c_start, c_end = _clause(ctx, v_start)
        if IRREALIS.search(text, max(c_start, v_start - 40), v_start) and not AFTER_BEING.search(text, max(c_start, v_start - 20), v_start):
            continue
        form = " ".join(v_form.lower().split())
        if not form.endswith(("ed", "ing")) and DETERMINER.search(text, max(0, v_start - 8), v_start):
            continue  # a noun: "The releases bring the number ... to 180"
        passive = (v_kind == "exit" or bool(passive_re.match(form))
                   or bool(PASSIVE_AUX.search(text, max(0, v_start - 24), v_start)))
        began = bool(BEGAN.search(form)) or bool(re.search(r"\b(?:began|started|begun)\s+(?:\w+\s+){0,5}$", text[max(c_start, v_start - 50) : v_start]))
        if form.endswith("ing") and not began and re.search(r"\b(?:toward|towards|for|of|about|on|in|by|from|without|after|before|at|with|is|are|was|were|be|been|continue|continued|keep|kept)\s+$", text[max(0, v_start - 12) : v_start], re.IGNORECASE):
            continue
        if any(a <= v_start < b for a, b in consumed):
            continue
        agent_releaser = None
        by_agent = re.match(r"\s+(?:\w+ly\s+)?by\s+", text[v_end:c_end]) if form.endswith("ed") and not passive else None
        if by_agent:
            agent = ctx.mention_at(v_end + by_agent.end(), 4)
            agent_releaser = ctx.party_of(agent.actor) if agent is not None and agent.actor else None
            if agent_releaser:
                passive = True  # "the 35 Ukrainians freed by Russia"
        around = TOTAL_AROUND.search(text, c_start, c_end)
        if around and not around.start("who") <= v_start < around.end():
            around = None
        total = around or TOTAL_TO.search(text, c_start, v_start)  # "brings to 1,900 the number ... freed by"
        total_after = None if total else TOTAL_TO.search(text, v_end, c_end)  # "..., bringing the total to 550"
        extra_total: Figure | None = None
        figure = None
        noun_end = v_end
        if total:
            figs = ctx.numbers.find(text, total.end(), c_end)
            if figs and _good_figure(ctx, figs[0]):
                figure, noun_end = figs[0], figs[0].end
                if around is not None:  # the people are named before the verb: "the number of Palestinian prisoners freed"
                    noun_end = v_start
        if total_after:
            figs = ctx.numbers.find(text, total_after.end(), c_end)
            if figs and _good_figure(ctx, figs[0]):
                extra_total = figs[0]
                # "bringing to 24 the number released since Monday": that verb is part of the total
                tail = re.match(r"\s+the\s+(?:total|number|tally)(?:\s+of\s+[\w\s-]{1,40}?)?\s+(?:(?:it|they|we)\s+(?:has|have|had)\s+(?:now\s+)?)?(?:released|freed|set\s+free|handed\s+over|let\s+go)\b", text[figs[0].end : c_end])
                consumed.append((total_after.start(), figs[0].end + (tail.end() if tail else 0)))
        if passive and figure is None:
            made = _passive_groups(ctx, people, kinds, c_start, v_start, v_end, c_end, text)
            if made:
                for r in made:
                    key = (r.releaser, r.released_party, r.count, r.date_from, r.date_to, r.cumulative)
                    if key not in seen:
                        seen.add(key)
                        found.append(r)
                continue
        if figure is None:
            limit = total_after.start() if total_after else c_end
            if passive:
                # not a part given in apposition: "12 hostages, 10 of them Israelis, had ..."
                figs = [f for f in ctx.numbers.find(text, c_start, v_start)
                        if not (text[max(0, f.start - 2) : f.start] == ", " and ANAPHOR.match(text, f.end))]
                hit = _figure_with_people(ctx, list(reversed(figs)), people, v_start)
                if hit and figs and hit[0] is not figs[-1] and (
                        BARE_SUBJECT.fullmatch(text, figs[-1].end, v_start) or INCLUDED_WHO.fullmatch(text, figs[-1].end, v_start)
                        and re.search(r"\bincluding\s+$", text[max(0, figs[-1].start - 12) : figs[-1].start])):
                    # "Of the 400 prisoners ..., eighty were released": the figure next to the verb; "4,019
                    # prisoners, including 86 who left Bagram on Monday": the part that left
                    hit = None
            else:
                figs = [f for f in ctx.numbers.find(text, v_end, min(limit, v_end + 120))
                        if re.fullmatch(r"\s*(?:(?:its|their|the|all|another|a\s+further|an\s+additional|some|about|nearly|at\s+least|more\s+than|up\s+to|over|final|last|first|remaining|(?:last|rest|remainder|bulk|majority|remaining)\s+of|from\s+\w+(?:\s+\w+)?)\s+)*", text[v_end : f.start])]
                hit = _figure_with_people(ctx, figs, people, limit)
                if hit is None and not figs and form in ONE_VERBS | {"let", "lets", "set", "sets"}:
                    hit = (_named_people(ctx, v_end, split_end if split_end > v_end else limit)
                           or _one_person(ctx, v_end, split_end if split_end > v_end else limit))
            if hit is None and not passive and figs and BARE_OBJECT_END.match(text, figs[0].end) and _good_figure(ctx, figs[0]) \
                    and figs[0].value is not None:
                # "each side released 50.", "the Taliban freed 55 on Sunday": a bare figure as the object
                hit = (figs[0], figs[0].end, figs[0].end)
            if hit and passive and (part := _part_of(ctx, hit[0], c_start)) is not None:
                hit = (part, hit[1], hit[2])  # "Three of the 17 missionaries ... were freed": the part
            if hit:
                figure, _, noun_end = hit
            elif passive:
                # "eighty were released last Thursday": a bare figure as the subject
                for f in reversed(figs):
                    if (_good_figure(ctx, f) and f.value is not None and (BARE_SUBJECT.fullmatch(text, f.end, v_start)
                                                                          or INCLUDED_WHO.fullmatch(text, f.end, v_start))
                            and not re.search(r"\b(?:[Tt]he|of|to|by)\s+$", text[max(0, f.start - 6) : f.start])):
                        figure, noun_end = f, f.end
                    break
        anaphoric = figure is not None and passive and (noun_end == figure.end or ANAPHOR.fullmatch(text, figure.end, noun_end) is not None)
        if form in HOME_VERBS and (figure is None or passive or not HOME_AFTER.match(text, noun_end, min(c_end, noun_end + 30))):
            continue
        if figure is None:
            # "The 80 were released on Thursday": the figure of an earlier release
            ana = re.search(r"\b[Tt]he\s+(\d[\d,]*)\s+(?:(?:were|was|have\s+been|had\s+been)\s+)?$", text[c_start:v_start])
            if ana and passive:
                n = int(ana.group(1).replace(",", ""))
                dates = _release_dates(ctx, c_start, c_end, v_start)
                for i, r in enumerate(found):
                    if r.count == n and r.date_from is None and dates:
                        found[i] = replace(r, date_from=dates[0].first, date_to=dates[0].last)
                        break
                continue
            # "The latest group was freed on Friday": the day of the batch reported just before
            if passive and LATEST.search(text, c_start, v_start):
                dates = [d for d in _release_dates(ctx, c_start, c_end, v_start) if d.kind == "day"]
                p_start = ctx.layout.paragraph_of(ctx.layout.sentence_of(v_start)[0])[0]
                prev = ctx.layout.paragraph_of(max(0, p_start - 2))[0]
                for i in range(len(found) - 1, -1, -1):
                    r = found[i]
                    if r.evidence.start < prev:
                        break
                    if dates and not r.cumulative and r.count is not None and r.date_from is None:
                        found[i] = replace(r, date_from=dates[0].first, date_to=dates[0].last)
                        break
                continue
        jailed_one = None
        if figure is None and passive and not began:
            jailed_one = _one_from_prison(ctx, c_start, v_start, v_end, c_end, v_kind == "exit" or EXIT_VERB.match(text, v_start) is not None)
            if jailed_one is not None:
                figure, noun_end = jailed_one[0], v_start
        if figure is None and not began:
            continue
        if figure is None:
            # "began releasing prisoners" with a day, or nothing at all
            if not ctx.dates(c_start, c_end):
                continue
        if figure is not None and LAST_OF.search(text, max(0, figure.start - 30), figure.start):
            began = True  # "the last of the 5,000": no count of its own
        # releaser
        releaser = agent_releaser
        if jailed_one is not None:
            releaser = jailed_one[1]  # the keeper of the prison one person left
        elif releaser is not None:
            pass  # "freed by Russia"
        elif passive:
            by = re.match(r"\s+(?:\w+\s+){0,3}?by\s+", text[v_end:c_end])
            if by:
                m = ctx.mention_at(v_end + by.end(), 4)
                releaser = ctx.party_of(m.actor) if m and m.actor else None
            if releaser is None:
                releaser = _custody_party(ctx, v_end, c_end)
            if releaser is None and figure is not None:
                releaser = _custody_party(ctx, max(noun_end, v_end), c_end)
            if releaser is None and figure is not None and _captives(ctx, figure.end, noun_end):
                releaser = _top_kind(ctx, "armed_movement")  # "17 hostages were set free": by their captors
            if releaser is None and anaphoric:
                held = _held_before(ctx, people, figure.start)  # type: ignore[union-attr]
                releaser = ctx.opponent(held, v_start) if held else None  # "Eighty of them were freed": the prisoners named before
        else:
            releaser = _releaser_before(ctx, c_start, v_start)
        obj_start = figure.start if figure is not None else v_end
        if around is not None:
            obj_start = around.start("who")
        obj_end = max(noun_end, figure.end if figure else v_end)
        if figure is not None and not passive:
            obj_end = min(c_end, max(obj_end, noun_end) + 40, split_end if split_end > noun_end else len(text))
            tail = re.search(r"\s*[,;:]|\s+(?:on|last|this|from|in|at|since|after|before|overall|so|thus|to)\b", text[noun_end:obj_end])
            if tail:
                obj_end = noun_end + tail.start()
        if around is not None:
            obj_end = noun_end
        released = _released_party(ctx, obj_start, max(obj_end, noun_end), releaser, kinds)
        if jailed_one is not None:
            person = next((m for m in ctx.mentions_in(c_start, v_start) if m.start == figure.start), None)  # type: ignore[union-attr]
            own = ctx.party_of(person.actor) if person is not None and person.actor and figure.value == 1 else None  # type: ignore[union-attr]
            released = own if own and own != releaser and ctx.kind_of(own) == "armed_movement" else None
        if not passive and releaser is not None and figure is not None and _receives(ctx, form, figure, noun_end, c_end, releaser):
            # "Ukraine won the release of 215 of its fighters", "returned 230 of its citizens from Russian captivity"
            released = releaser
            releaser = _custody_party(ctx, noun_end, c_end) or ctx.opponent(released, v_start)
            if releaser is None or releaser == released:
                continue
        if passive and BY_BOTH.match(text, v_end):
            continue  # "the total number of captives freed by both sides": the two sides' releases together
        # "Russia and Ukraine exchanged 246 prisoners each": what each side gave, told after the people
        each_after = not passive and figure is not None and EACH_AFTER.match(text, noun_end) is not None
        if form in SWAP_VERBS and not each_after:
            continue  # "the two sides exchanged 300 prisoners": both sides' people together, no one side's release
        each = ((not passive and EACH.search(text, max(c_start, v_start - 40), v_start) is not None) or each_after
                or (passive and BY_EACH.match(text, v_end) is not None)  # "84 prisoners were freed by each side"
                or (passive and figure is not None and FROM_EACH.fullmatch(text, figure.end, v_start) is not None))
        if each and (releaser is None or SIDES_SUBJECT.search(text, max(c_start, v_start - 40), v_start)):
            releaser = _last_party(ctx, v_start)  # "each side freed 307": the two sides the text follows
            released = ctx.opponent(releaser, v_start)
        elif each and (pair := _each_pair(ctx, c_start, v_start) or (_subject_pair(ctx, c_start, v_start) if each_after else None)) is not None:
            releaser, released = pair  # "Kenya and Somalia each freed 40": each frees the other's people
        if releaser is None and released is None:
            # "the group's second release after 20 personnel were handed over": the party in the sentence
            s_first = max(ctx.layout.sentence_of(v_start)[0], v_start - 300)
            near = [m for m in ctx.mentions_in(s_first, v_start) if not ctx.in_quote(m.start) and m.kind in ("party", "descriptor", "metonym")]
            releaser = ctx.party_of(near[-1].actor) if near else None
            if releaser is None and passive and figure is not None and PRISON_AFTER.match(text, v_end):
                releaser = _top_kind(ctx, "government") or _top_kind(ctx, "state")  # "61 prisoners left Bagram prison": its keeper
        if releaser is None and released is not None:
            releaser = ctx.opponent(released, v_start)
        people_start = obj_start if around is not None else (figure.end if figure is not None else v_end)
        people_end = noun_end if around is not None else max(noun_end, figure.end if figure is not None else v_end)
        unaffiliated = figure is not None and (_unaffiliated(ctx, people_start, people_end)
                                               or _of_no_party(ctx, people_start, people_end, releaser, kinds)
                                               or _described_unaffiliated(ctx, people_end, c_end))
        if unaffiliated and not each and not any(m.kind in ("party", "descriptor", "metonym") for m in ctx.mentions_in(obj_start, max(obj_end, noun_end))):
            # "five Bulgarian nurses": people of no side of the conflict, but of a state the text names by its people
            nation = _country_party(ctx, _demonym_country(ctx, text[people_start:people_end]))
            released = nation if nation is not None and nation != releaser and ctx.kind_of(nation) == "state" else None
        elif (released is None and releaser is not None and jailed_one is None
              and not re.search(r"\b(?:ordinary|common|criminal|regular|other)\s+(?:\w+\s+)?(?:inmates|prisoners|detainees|convicts)", text[obj_start:max(obj_end, noun_end)])
              and not (any(r.releaser == releaser for r in found) and all(r.released_party is None for r in found if r.releaser == releaser))):
            # (the releaser's batches told before were of people of no side: "Nicaragua freed 50 people jailed over
            # the protests ... it has released 492 prisoners since February" are such people too)
            released = ctx.opponent(releaser, v_start)
        if releaser is None:
            continue
        cumulative = bool(total) or _cumulative_in(ctx, c_start, total_after.start() if total_after else c_end)
        if figure is not None and not cumulative and not passive and _part_on_a_day(ctx, figure, noun_end):
            cumulative = True  # "had released 4,019 prisoners, including 86 who left Bagram on Monday": a total
        if (figure is not None and not cumulative and OF_ALL.match(text, figure.end)
                and (HAS_HAD.search(text, max(c_start, v_start - 40), v_start) or form.startswith(("has ", "have ", "had ")))):
            cumulative = True  # "they had freed 861 of the 1,000 captives": how far the release has come
        # "..., while Israel has freed 180 women over the same period": since the day named before it
        same_period = (_period_before(ctx, v_start, c_start)
                       if figure is not None and SAME_PERIOD.match(text, noun_end, c_end) else None)
        cumulative = cumulative or same_period is not None
        dates = _release_dates(ctx, c_start, c_end, v_start)
        if not dates and not cumulative and (when := WHEN_BEFORE.search(text, max(0, v_start - 90), v_start)):
            # "the first swap since 8 January, when each side released 50": the day the "when" clause hangs on
            dates = [d for d in ctx.dates(when.start() - 40 if when.start() >= 40 else 0, when.start(), future=False)
                     if d.kind == "day" and d.end == when.start()]
        if not dates and not cumulative:  # a running total is not dated by a batch earlier in the sentence
            dates = _sentence_dates(ctx, v_start)
        if not dates and not cumulative and figure is not None and not passive:
            arrival = ARRIVED.match(text, noun_end, min(len(text), noun_end + 160))
            if arrival:  # "released 472 prisoners, who landed in Sanaa on Thursday": the day they came out
                dates = [d for d in ctx.dates(arrival.start(), arrival.end(), future=False) if d.kind == "day"][:1]
        date_from = date_to = None
        since = _since_in(ctx, c_start, c_end) or same_period
        perfect = bool(PERFECT.search(text, max(c_start, v_start - 40), v_start)) or form.startswith(("has ", "have "))
        if perfect and not cumulative and figure is not None and BATCH_MARK.search(text, max(0, figure.start - 25), figure.start):
            perfect = False  # "has freed another 98": a batch, dated elsewhere or not at all
        by_day = _by_day(ctx, v_end, c_end) if figure is not None and not began else None
        if by_day is not None:
            # "5,100 inmates had been freed by Sept. 3": a running total up to that day
            cumulative = True
            date_from, date_to = (_since(ctx, since) if since else None), by_day
        elif dates:
            best = min(dates, key=lambda d: (d.kind == "month", d.start < v_start, abs(d.start - v_start)))
            date_from, date_to = best.first, best.last
            # "on Saturday and Sunday", "on Thursday and Friday": a batch over both days
            both = [d for d in dates if d.kind == "day" == best.kind and d is not best
                    and (re.fullmatch(r"\s+(?:and|or)\s+(?:on\s+)?", text[best.end : d.start])
                         or re.fullmatch(r"\s+(?:and|or)\s+(?:on\s+)?", text[d.end : best.start]))]
            if both and not cumulative:
                date_from, date_to = min(best.first, both[0].first), max(best.last, both[0].last)
        elif since:
            date_from, date_to = _since(ctx, since), _reported_on(ctx, v_start)
            cumulative = True
        elif cumulative or perfect:
            date_to = _reported_on(ctx, v_start)
            began_on = UNDER_SINCE.search(text, v_end, ctx.layout.sentence_of(v_start)[1]) if cumulative else None
            if began_on is not None and began_on.start() < c_end:
                # "has now released 13 hostages under the truce, which began on Jan. 19": since that day
                date_from = ctx.first_day(began_on.end(), began_on.end() + 40, future=False)
            if (not cumulative and figure is not None and not began and not passive and figure.qualifier in (None, "exact")
                    and re.fullmatch(r"\s*", text[v_end : figure.start]) and not re.search(r"\balready\b", text[max(c_start, v_start - 20) : v_start])):
                # "Israel has released 30 prisoners": a batch of the day it is reported (unlike "has freed
                # all 1,000", "have already freed the 1,000", "has freed nearly 3,000": where a count stands)
                date_from = date_to
        elif (prev := _previous_day(ctx, found, v_start)) is not None:
            date_from = date_to = prev  # "On Wednesday, A freed 32. In return, B released two."
        elif not began and figure is not None and (prev := _context_day(ctx, v_start)) is not None:
            date_from = date_to = prev
        elif lead_day is not None and not began and v_start > _lead_end(ctx):
            date_from = date_to = lead_day  # details of the event the lead dates ("Russia and Ukraine exchanged ... on Saturday")
        if date_from is not None and date_from == date_to and not cumulative and (days := _over_days(ctx, c_start, c_end)):
            date_from = date_to - dt.timedelta(days=days - 1)  # "over three days": up to the day told, from two days before
        if began and figure is None:
            count, qualifier = None, "vague"
        elif began:
            count, qualifier = None, "vague"
        else:
            count, qualifier = figure.value, figure.qualifier  # type: ignore[union-attr]
        source = None
        s0, s1 = ctx.layout.sentence_of(v_start)
        s0, s1 = max(s0, v_start - 300), min(s1, v_end + 300)
        according = re.search(r"\baccording\s+to\s+", text[s0:s1], re.IGNORECASE)
        if according:
            m = ctx.mention_at(s0 + according.end(), 4)
            source = m.actor if m else None
        if source is None:
            source = _source(ctx, v_start)
        ev_start = v_start
        if passive and figure is not None:
            ev_start = figure.start
        elif not passive:
            subj = [m for m in ctx.mentions_in(c_start, v_start) if not ctx.in_quote(m.start)]
            if subj:
                ev_start = subj[-1].start
                if re.search(r"\b[Tt]he\s+$", text[max(0, ev_start - 4) : ev_start]):
                    ev_start -= 4
        ev_end = max(noun_end, v_end)
        if split_end >= ev_end and (tail := SPLIT_TAIL.match(text, split_end)) and not text[ev_end:split_end].strip():
            ev_end = tail.end()  # "let 94 detainees go": the second part of the verb
        if around is not None and figure is not None:
            ev_start, ev_end = around.start(), figure.end
        after = re.match(r"(?:\s+(?:(?:last|this)\s+week|on\s+\w+day|overall|so\s+far|thus\s+far|in\s+all|in\s+total|from\s+[\w\s]{1,30}?(?:custody|prison|jail))\b)+", text[ev_end:c_end])
        if after:
            ev_end += after.end()
        if released is not None and released == releaser:
            released = None  # "Caracas released 20 Venezuelans held for political reasons": its own, of no other side
        key = (releaser, released, count, date_from, date_to, cumulative)
        if key in seen:
            continue
        seen.add(key)
        # "freed 15 Saudi soldiers and four Sudanese": one release per group of people
        if figure is not None and not passive and not began:
            more = re.match(r"\s*,?\s*(?:and|as\s+well\s+as|plus)\s+", text[noun_end:c_end])
            if more:
                figs2 = ctx.numbers.find(text, noun_end + more.end(), min(c_end, noun_end + more.end() + 30))
                hit2 = _figure_with_people(ctx, figs2[:1], people, c_end) if figs2 and figs2[0].start == noun_end + more.end() else None
                if hit2:
                    f2, n2s, n2e = hit2
                    party2 = _released_party(ctx, f2.start, n2e, releaser, kinds) or released
                    key2 = (releaser, party2, f2.value, date_from, date_to, cumulative)
                    if key2 not in seen and party2 != released:
                        seen.add(key2)
                        found.append(Release(
                            releaser=releaser, released_party=party2, count=f2.value, evidence=ctx.evidence(ev_start, n2e),
                            qualifier=f2.qualifier, cumulative=cumulative, date_from=date_from, date_to=date_to, source=source,
                            description=" ".join(text[ev_start:n2e].split())[:200], rule="release-coordinated", confidence=0.7))
        if extra_total is not None and total_after is not None:
            since2 = SINCE.search(text, total_after.start(), c_end)
            from2 = _since(ctx, since2) if since2 else None
            key3 = (releaser, released, extra_total.value, from2, ctx.doc.published, True)
            if key3 not in seen:
                seen.add(key3)
                found.append(Release(
                    releaser=releaser, released_party=released, count=extra_total.value,
                    evidence=ctx.evidence(total_after.start(), since2.end() if since2 else extra_total.end), qualifier=extra_total.qualifier,
                    cumulative=True, date_from=from2, date_to=ctx.doc.published, source=source,
                    description=" ".join(text[total_after.start() : extra_total.end].split()), rule="release-total", confidence=0.75))
        found.append(Release(
            releaser=releaser, released_party=released, count=count, evidence=ctx.evidence(ev_start, ev_end),
            qualifier=qualifier, cumulative=cumulative, date_from=date_from, date_to=date_to, source=source,
            description=" ".join(text[ev_start:ev_end].split())[:200],
            rule="release-passive" if passive else ("release-began" if began else "release-active"),
            confidence=0.8 if figure is not None else 0.6,
        ))
        if each:
            found.extend(_mirrored(found[-1], seen))
        if figure is not None and not cumulative and date_from is not None and date_from == date_to:
            found.extend(_gapped_batch(ctx, found[-1], v_end, c_end, seen))
        if figure is not None and not passive and not began and not each:
            found.extend(_gapped_party(ctx, found[-1], ev_end, seen))
        if figure is not None and found[-1].cumulative:
            found.extend(_included_batch(ctx, found[-1], ev_end, seen))
    return _merge_undated(found)


# "has freed 300 since April 8, including 100 on Saturday", "including 86 who left Bagram on Monday":
# a batch inside a running total, on its own day
INCLUDING = re.compile(r"\s*,?\s*including\s+")


def _included(ctx: Context, end: int) -> tuple[int, Figure, int, Any] | None:
    """A part with a day of its own right after a figure's words at ``end``: (where "including"
    starts, the part's figure, where its words end, its day)."""
    text = ctx.text
    limit = ctx.layout.sentence_of(end)[1]
    m = INCLUDING.match(text, end)
    if m is None:
        return None
    figs = ctx.numbers.find(text, m.end(), min(limit, m.end() + 30))
    if not figs or figs[0].start != m.end() or not figs[0].value:
        return None
    stop = re.search(r"[,.;]", text[figs[0].end : limit])
    phrase_end = figs[0].end + (stop.start() if stop else len(text[figs[0].end : limit]))
    days = [d for d in ctx.dates(figs[0].end, phrase_end, future=False) if d.kind == "day"]
    return (m.start() + m.group(0).index("including"), figs[0], phrase_end, days[0]) if days else None


def _part_on_a_day(ctx: Context, figure: Figure, end: int) -> bool:
    """Whether a smaller figure with a day of its own follows ``figure`` after "including"."""
    part = _included(ctx, end)
    return part is not None and bool(figure.value) and part[1].value < figure.value  # type: ignore[operator]


def _included_batch(ctx: Context, total: Release, end: int, seen: set[tuple]) -> list[Release]:
    text = ctx.text
    part = _included(ctx, end)
    if part is None:
        # "freed 300 Taliban prisoners from Bagram prison since April 8, including ...": past the rest of the clause
        part = _included(ctx, end + len(re.match(r"[^,.;]{0,60}", text[end:]).group(0)))  # type: ignore[union-attr]
    if part is None:
        return []
    start, figure, phrase_end, day = part
    if total.count is not None and figure.value >= total.count:  # type: ignore[operator]
        return []
    key = (total.releaser, total.released_party, figure.value, day.first, day.last, False)
    if key in seen:
        return []
    seen.add(key)
    return [replace(total, count=figure.value, qualifier=figure.qualifier, cumulative=False, date_from=day.first,
                    date_to=day.last, evidence=ctx.evidence(start, phrase_end), description=" ".join(text[figure.start : phrase_end].split()),
                    rule="release-included", confidence=0.6)]


# "Kenya freed 90 prisoners and Somalia 85", "the government released 525, and the rebels 362 soldiers":
# a second party's release with the verb left out
GAPPED_PARTY = re.compile(r"(?:\s+(?:on|last|this)\s+\w+|\s+\w+day)?\s*,?\s+(?:and|while|whereas)\s+(?:the\s+)?")


def _gapped_party(ctx: Context, first: Release, end: int, seen: set[tuple]) -> list[Release]:
    text = ctx.text
    gap = GAPPED_PARTY.match(text, end)
    if gap is None:
        return []
    who = ctx.mention_at(gap.end() - (4 if text[gap.end() - 4 : gap.end()].lower() == "the " else 0), 4)
    if who is None or who.kind not in ("party", "metonym", "descriptor") or not who.actor:
        return []
    releaser = ctx.party_of(who.actor)
    after = re.match(r"\s+", text[who.end : who.end + 3])
    if releaser is None or releaser == first.releaser or after is None:
        return []
    figs = ctx.numbers.find(text, who.end, min(len(text), who.end + 40))
    if not figs or figs[0].start != who.end + after.end() or figs[0].value is None:
        return []
    fig = figs[0]
    f_end = fig.end
    # the people named after the figure ("362 soldiers", "85 Kenyans"), or nothing more: "... and Somalia 85."
    noun = re.match(r"\s+(?:[\w'’-]+\s+){0,2}?(?:" + "|".join(map(re.escape, ctx.cues.people_nouns)) + r"|[A-Z][a-z]+(?:is|ns|ese|s))\b", text[f_end : f_end + 60])
    if noun is None and not re.match(r"\s*(?:[,.;]|\s(?:on|in|last|this|at|from)\b)", text[f_end : f_end + 6]):
        return []
    if re.search(r"%|per\s*cent|percent", text[fig.start : f_end + 10]):
        return []
    n_end = f_end + (noun.end() if noun else 0)
    released = first.releaser if first.released_party in (None, releaser) else first.released_party
    if released == releaser:
        return []
    key = (releaser, released, fig.value, first.date_from, first.date_to, first.cumulative)
    if key in seen:
        return []
    seen.add(key)
    return [replace(first, releaser=releaser, released_party=released, count=fig.value, qualifier=fig.qualifier,
                    evidence=ctx.evidence(who.start, n_end), description=" ".join(text[who.start : n_end].split()),
                    rule="release-gapped-party", confidence=0.7)]


# "each side freed 307", "Russia and Ukraine each handed over 115": one release per side
SIDES_SUBJECT = re.compile(r"\b(?:each|either|both|the\s+two)\s+(?:side|sides|country|countries|parties)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
BY_BOTH = re.compile(r"\s+by\s+(?:both|the\s+two)\s+(?:sides|countries|parties)\b", re.IGNORECASE)
# "175 prisoners from each side were freed", "90 people on either side were released"
FROM_EACH = re.compile(r"\s+(?:[\w-]+\s+){0,3}?(?:from|on|of)\s+(?:each|either)\s+side\s+(?:(?:were|have|had|has|been|was)\s+)*", re.IGNORECASE)
BY_EACH = re.compile(r"\s+by\s+(?:each|either)\s+(?:side|sides|country|countries)\b", re.IGNORECASE)
GO_BETWEEN = re.compile(r"\b(?:mediated|brokered|facilitated|hosted|arranged|overseen)\s+by\s+(?:the\s+)?$|\b(?:mediation|help|auspices)\s+of\s+(?:the\s+)?$", re.IGNORECASE)
# after the people: "exchanged 246 prisoners of war each", "handed over 390 people apiece"
EACH_AFTER = re.compile(r"\s+(?:each|apiece)\b(?!\s+(?:other|side|of)\b)", re.IGNORECASE)
# what may stand between a subject and its verb: "Russia and Ukraine (on Saturday) (also) exchanged"
SUBJECT_GAP = re.compile(r"\s+(?:(?:on\s+\w+|also|then|again|later|finally|have|has|had)\s+)*$", re.IGNORECASE)
# verbs of a swap: a release of one side only when the figure is what each side gave
SWAP_VERBS = frozenset({"exchanged", "swapped", "traded"})
EACH = re.compile(r"(?:\b(?:each|either)\s+side|\bboth\s+sides|\beach)\s+(?:(?:has|have|had|now|also|then|reportedly)\s+)*$", re.IGNORECASE)


def _each_pair(ctx: Context, floor: int, pos: int) -> tuple[str, str] | None:
    """The two parties of "X and Y each freed ...": (the last named, the other one)."""
    m = EACH.search(ctx.text, max(floor, pos - 40), pos)
    return None if m is None else _pair_ending(ctx, floor, m.start())


def _subject_pair(ctx: Context, floor: int, pos: int) -> tuple[str, str] | None:
    """The two parties of "X and Y (on Saturday) freed ... each": (the last named, the other one)."""
    m = SUBJECT_GAP.search(ctx.text, max(floor, pos - 40), pos)
    return None if m is None else _pair_ending(ctx, floor, m.start())


def _pair_ending(ctx: Context, floor: int, end: int) -> tuple[str, str] | None:
    """Two parties coordinated as a subject that ends at ``end``: (the last named, the other one)."""
    subj = [x for x in ctx.mentions_in(floor, end) if not ctx.in_quote(x.start) and re.fullmatch(r"\s*", ctx.text[x.end : end])]
    if not subj or subj[-1].kind not in ("party", "metonym", "descriptor"):
        return None
    both = ctx.coordinated(subj[-1], floor)
    parties = [ctx.party_of(x.actor) for x in both if x.actor]
    if len(both) != 2 or len(parties) != 2 or parties[0] is None or parties[1] is None or parties[0] == parties[1]:
        return None
    return parties[1], parties[0]


def _last_party(ctx: Context, pos: int) -> str | None:
    """The party the text named last before ``pos``, outside quotes, of the two sides the text follows
    when it has two, never a go-between ("in an exchange mediated by the United Arab Emirates, and
    each side also released eight civilians"; "It thanked the UAE for its mediation")."""
    brokers = ctx.brokers()
    sides = ctx.main_sides()
    for m in reversed(ctx.mentions_in(max(0, pos - 2000), pos)):
        if sides and ctx.party_of(m.actor) not in sides:
            continue
        if m.actor and m.kind in ("party", "descriptor", "metonym") and not ctx.in_quote(m.start):
            if GO_BETWEEN.search(ctx.text, max(0, m.start - 40), m.start) or ctx.party_of(m.actor) in brokers:
                continue
            return ctx.party_of(m.actor)
    return None


def _mirrored(first: Release, seen: set[tuple]) -> list[Release]:
    """The other side's release of a swap told once for both ("each side freed 90").

    >>> r = Release(releaser="a", released_party="b", count=5, evidence=None)
    >>> [(m.releaser, m.released_party) for m in _mirrored(r, set())]
    [('b', 'a')]
    """
    if first.released_party is None or first.released_party == first.releaser:
        return []
    key = (first.released_party, first.releaser, first.count, first.date_from, first.date_to, first.cumulative)
    if key in seen:
        return []
    seen.add(key)
    return [replace(first, releaser=first.released_party, released_party=first.releaser, rule="release-each-side")]


# "eighty were released last Thursday and a further ten on Sunday": a second batch with the verb left out
GAPPED = re.compile(r"\s+and\s+(?:then\s+)?(?P<f>(?:a\s+further|another|an\s+additional)\s+[\w,-]+|[\w,-]+)(?:\s+more)?\s+(?P<d>(?:on|last|this)\s+\w+|\w+day\b)")


def _gapped_batch(ctx: Context, first: Release, v_end: int, c_end: int, seen: set[tuple]) -> list[Release]:
    text = ctx.text
    for gap in GAPPED.finditer(text, v_end, min(c_end, v_end + 120)):
        if re.search(r"[,;]|\b(?:and|who|which|but)\b", text[v_end : gap.start()]):
            break  # only right after the first batch's own words
        figs = ctx.numbers.find(text, gap.start("f"), gap.end("f"))
        days = [d for d in ctx.dates(gap.start("d"), gap.end("d"), future=False) if d.kind == "day"]
        if not figs or figs[-1].value is None or not days:
            break
        key = (first.releaser, first.released_party, figs[-1].value, days[0].first, days[0].last, False)
        if key in seen:
            break
        seen.add(key)
        return [replace(first, count=figs[-1].value, qualifier=figs[-1].qualifier, date_from=days[0].first, date_to=days[0].last,
                        evidence=ctx.evidence(gap.start("f"), gap.end("d")), description=" ".join(text[gap.start("f") : gap.end("d")].split()),
                        rule="release-gapped", confidence=0.6)]
    return []
