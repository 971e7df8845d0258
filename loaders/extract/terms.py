"""The terms of a deal, read as duties of its parties in the sentences after it is named.

Once an article names a deal ("Under the arrangement", "the ceasefire text drawn up in
Moscow", "The text agreed in Ohrid on Saturday"), the sentences that follow in the same
paragraph and the next few state its terms in plain obligation forms:

- "X is/are/was/were (also) to V", "X must V", "X shall V";
- "X undertakes/undertook/has undertaken (not) to V", "X is bound (, like Y,) to V", "X is barred from V-ing";
- "X agreed/pledged/committed (not) to V", or to a duty named as a noun: "agreed to an immediate ceasefire",
  "are bound to a definitive truce", "committed to a gradual withdrawal";
- "X has N days (from this morning) to V", "the deal gave X N days (from the signing) to V": the deadline is
  that many days from the day named, else from the signing;
- "X will/would V" only where the sentence itself names the deal, follows another term, or is an item of a
  list of terms ("The main points:" and lines opened by "- ").

Terms quoted from the document itself ("The communiqué reads in part: "...") are read like any other.

Subjects may be coordinated ("A and B are to ..."): one duty each. "Both sides", "the two
sides", "the two states", "the three armed parties", "both" or "each" alone, "the parties" and
"the signatories" are the deal's own parties (the two of them that face each other when a
mediator also signed); "... and shall V" shares the subject of the duty before; "they"/"their
fighters" the parties of the previous term; "Georgian troops" the state of that adjective.
The verb gives the kind of duty (release, withdraw, ceasefire, talks, other), a figure of
people or things its target, and "within N days" (from the deal's date), "by DATE" or
"on DATE" its deadline. Demands, proposals, conditions, questions, speakers' quotations,
reported claims and negated duties are left out. A duty the other rules already read is not read again.

Deals found this way without an agreement of their own get one: its parties are the
obligors of its terms (or the parties the deal's sentence names), dated when the text
dates the deal and undated otherwise.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from loaders.extract.context import Context
from dataclasses import replace

from loaders.facts import Commitment, commitment_id

__all__ = ["read_terms"]

_DEAL_WORDS = ("deal", "agreement", "accord", "pact", "treaty", "truce", "memorandum", "arrangement", "declaration", "protocol", "plan",
               "annex", "initiative", "terms", "roadmap", "road map", "framework", "understanding", "decree", "package")
_DEAL_RESTS: dict[str, list[str]] = {}  # the words by first letter, the rest of each as written, in order
for _w in _DEAL_WORDS:
    _DEAL_RESTS.setdefault(_w[0], []).append(re.escape(_w[1:]))
_DEAL_RESTS.setdefault("c", []).append(r"ease-?fire\s+(?:text|deal|agreement|plan|accord)")
_DEAL_FIRST = "".join(c + c.upper() for c in _DEAL_RESTS)
# the first letter in either case, the rest as written (a scan without IGNORECASE is several times faster);
# the pattern opens on the class of first letters, which the engine skips to directly, then reads the
# rest of the word after "(?<=[dD])" (the matches are those of "(?<![\w-])(?:[Dd]eal|...)s?(?![\w-])")
DEAL_NOUN = re.compile(
    rf"[{_DEAL_FIRST}](?<![\w-][{_DEAL_FIRST}])(?:"
    + "|".join(f"(?<=[{c}{c.upper()}])(?:{'|'.join(rests)})" for c, rests in _DEAL_RESTS.items())
    + r")s?(?![\w-])")
# an undertaking may be negative: "undertakes not to attack", "pledged never to resume"; a prohibition is one:
# "are barred from attacking"
STRONG = (r"(?:is|are|was|were)(?:\s+(?:also|then|now|further|likewise|each|both|in\s+turn|themselves|itself))?\s+to"
          r"|must|shall|(?:has|have|had)\s+(?:also\s+)?undertaken(?P<nneg>\s+not|\s+never)?\s+to|undert(?:ook|akes?)(?P<uneg>\s+not|\s+never)?\s+to"
          r"|(?:is|are|was|were)\s+(?:also\s+)?(?:bound|obliged|obligated|required)(?:\s*,\s*[^,;.\"“”]{1,40},)?\s+to"
          r"|(?:is|are|was|were)\s+(?:also\s+)?(?P<barred>barred|prohibited|forbidden)\s+from"
          r"|(?:has\s+|have\s+|had\s+)?(?:also\s+|further\s+|each\s+)?(?:agreed|pledged|committed|commits?|agrees?|pledges?)(?:\s+themselves|\s+itself)?(?P<cneg>\s+not|\s+never)?\s+to"
          # "agreed a bilateral ceasefire": the duty named as the verb's object (read only as a duty noun)
          r"|(?:has\s+|have\s+|had\s+)?(?:also\s+|each\s+)?(?:agreed|agrees?)(?=\s+(?:a|an)\s)")
# a time to do something, given to the subject or by the deal: "X has sixty days from this morning to pull out",
# "the deal gave the TPLF 30 days from the signing to disarm" (the side given the time is ``given``)
SPAN = r"(?:[\w-]+\s+){1,2}?(?:days|weeks|months|years)(?:\s+(?:from|after|of)\s+[^,;.\"“”]{1,40}?)?\s+to"
TIME_GIVEN = (r"(?:has|have|had)\s+(?:only\s+)?" + SPAN
              + r"|(?:gives?|gave|grants?|granted)\s+(?P<given>(?:the\s+|both\s+|each\s+|all\s+)?[^,;.\"“”]{1,50}?)\s+" + SPAN)
OBLIGATION = re.compile(
    r"(?<![\w-])(?=[iawmshupcg])(?P<modal>" + STRONG + r"|" + TIME_GIVEN + r"|(?P<weak>will|would))\s+(?:also\s+|then\s+|each\s+|both\s+)?(?P<neg>not\s+|never\s+)?(?P<verb>[a-z]+)\b")
# the span before a duty's verb: "sixty days from this morning to", "30 days from the signing to"
SPAN_BEFORE = re.compile(r"\b(?P<n>[\w-]+)\s+(?P<unit>days|weeks|months|years)(?:\s+(?:from|after|of)\s+(?P<base>[^,;.\"“”]{1,40}?))?\s+to\s+$", re.IGNORECASE)
GAP = re.compile(
    r"(?:\s*,\s*(?:in\s+(?:return|turn|exchange)|for\s+(?:its|their|his|her)\s+part|too|also|like\s+[^,;.\"“”]{1,40}?|as\s+well|in\s+addition|"
    r"meanwhile|however|likewise|on\s+(?:its|their)\s+side|for\s+(?:its|their)\s+side)\s*,)?\s*"
    r"(?:(?:also|too|then|both|each|now|in\s+turn|themselves|itself|alone|jointly|together)\s+)*$", re.IGNORECASE)
# a second verb of one duty clause: "are to open corridors and (to) release all prisoners"
AND_VERB = re.compile(r",?\s+and\s+(?:to\s+)?(?:also\s+)?(?P<verb>[a-z]+)\b")
# a second duty of the subject of the first: "... and shall guarantee", ", and is also to"
SHARED_SUBJECT = re.compile(r"\s*,?\s*and\s+")
# the deal's own parties named as a group: "both sides", "the two states", "the three armed parties", "each side";
# ``count`` says how many, when the words do ("both", "the two", "the three")
SIDES = re.compile(
    r"(?:\b(?P<count>both|the\s+(?:two|three|four))\s+(?:[\w-]+\s+)??(?:sides|parties|signatories|forces|delegations|governments|camps|belligerents"
    r"|states|countries|nations|powers|commissions|guarantors|armies|leaders|panels)"
    r"|\b(?:the|all|each)\s+(?:sides|parties|signatories|forces|delegations|governments|camps|belligerents|side|party|state|country)"
    r"|\bthe\s+signatories)\s*$", re.IGNORECASE)
# "both" or "each" standing alone as the subject: "Both also undertook to ...", "and both were to accept ..."
BARE_SIDES = re.compile(r"\s*(?P<count>[Bb]oth|[Ee]ach)\b")
# what may stand before such a subject: nothing, a clause opening ("Within a month of the signing,") or a conjunction
CLAUSE_OPEN = re.compile(r"(?:^|[,;]|\b(?:and|while|whereas))\s*$")
GROUP_SIZE = {"both": 2, "two": 2, "three": 3, "four": 4}
ARMED_OF = re.compile(r"(?P<poss>(?P<demo>[A-Z][\w'’-]+)|[Tt]heir|[Ii]ts)\s+(?:armed\s+)?(?:troops|forces|soldiers|army|military|units|fighters|combatants|peacekeepers|armou?r)\s*$")
# a negation just before the verb of undertaking: "has not agreed to", "never undertook to"
NEGATED = re.compile(r"\b(?:not|never|n['’]t|refused\s+to|declined\s+to)\s+(?:yet\s+|formally\s+|publicly\s+)?$", re.IGNORECASE)
CONDITION = re.compile(r"\b(?:if|unless|once|whether|until|when|should\s+\w+\s+fail)\b", re.IGNORECASE)
SKIP_VERBS = frozenset({"be", "have", "been", "the", "a", "an", "do", "not", "also", "say", "said", "seem", "depend", "need", "want", "like",
                        "know", "decide", "consider", "look", "probably", "likely", "still", "only", "soon", "never", "always"})
FORECAST = re.compile(r"\b(?:said|says|told|tells|expects?|expected|believes?|thinks?|hopes?|predicted|warned|claimed|insisted|demanded|urged|wants?|asked|feared|argued|added|according\s+to)\b", re.IGNORECASE)
QUESTION_END = re.compile(r"\?\s*$")
# what introduces a quotation of a document: "It reads in part:", "Article 3 of the accord states:"
DOCUMENT_QUOTE = re.compile(r"(?:\breads(?:\s+in\s+part)?|\b(?:text|article|clause|communiqu[eé]|declaration|agreement|accord|document|decree)"
                            r"\s+(?:says|states|stipulates|provides|reads)(?:\s+in\s+part)?)\s*:\s*$", re.IGNORECASE)
BULLET = re.compile(r"\s*(?:[-*•–]|\(?[a-z0-9]\))\s+")

NOT_COUNTED = re.compile(r"\s*(?:%|percent|per\s+cent|days?|weeks?|months?|years?|hours?|km|kilomet|miles?|articles?|points?|-article|-point|-day|-month|-year|o['’]clock|a\.m|p\.m|billion|million)\b", re.IGNORECASE)


def _kind(text: str, pos: int, end: int, neg: bool) -> str:
    if neg:
        return "ceasefire" if re.match(r"(?:attack(?:ing)?|use\s+(?:of\s+)?(?:military\s+|armed\s+)?force|resort(?:ing)?\s+to\s+(?:the\s+use\s+of\s+)?force|fire\s+on|open(?:ing)?\s+fire|carry(?:ing)?\s+out\s+(?:any\s+)?(?:offensive|attacks?|strikes?|military\s+operations)|launch(?:ing)?\s+(?:any\s+)?(?:attacks?|offensives?)|resum(?:e|ing)\s+(?:fighting|hostilities))\b(?!\s+(?:[\w-]+\s+)?(?:merchant|civilian|commercial|cargo|ships|vessels|shipping))",
                                       text[pos:end], re.IGNORECASE) else "other"
    if re.match(r"(?:ensure|ensuring|see\s+to\s+it|see)\b[^;.]{0,80}?\b(?:leave|leaves|withdraw|withdraws|depart|departs|pull\s+out)\b", text[pos:end], re.IGNORECASE):
        return "withdraw"
    from loaders.extract.commitments import NOT_PULL_BACK, duty_kind

    kind = duty_kind(text, pos, end)
    if kind == "withdraw" and NOT_PULL_BACK.match(text, pos + len(re.match(r"\w+", text[pos:end]).group(0)), end):  # type: ignore[union-attr]
        return "other"  # "withdraw its claim": a step other than a pull-back
    return kind


def _time_allowed(ctx: Context, vp: int, signed: dt.date | None) -> dt.date | None:
    """The last day of the time a duty is given ("sixty days from this morning to ...", "30 days to ..."):
    counted from the day the words name, from the publication day for "this morning" or "today", else
    from the signing."""
    from loaders.extract.commitments import after_span

    m = SPAN_BEFORE.search(ctx.text, max(0, vp - 90), vp)
    if m is None:
        return None
    base = signed
    if m.group("base"):
        if re.match(r"(?:this\s+(?:morning|evening|afternoon)|today|tonight|now)\b", m.group("base"), re.IGNORECASE):
            base = ctx.doc.published
        else:
            base = ctx.first_day(m.start("base"), m.end("base"), future=False) or base
    return after_span(base, ctx.numbers.value_of(m.group("n")), m.group("unit")) if base else None


def _document_quote(ctx: Context, pos: int) -> bool:
    """Whether ``pos`` is inside a quotation of a document's own words ("The communiqué ... reads in part: "...""),
    whose duties are terms like any other, not a speaker's words."""
    q = ctx.in_quote(pos)
    return q is not None and DOCUMENT_QUOTE.search(ctx.text, max(0, q.start - 80), q.start) is not None


def _listed_term(text: str, pos: int) -> bool:
    """Whether ``pos`` is in an item of a list of terms: a line opened by a bullet ("- ", "* ", "(a) ") in a
    run of such lines that a line ending in a colon introduces ("The main points:", "Under the Initiative:")."""
    line = text.rfind("\n", 0, pos) + 1
    if not BULLET.match(text, line):
        return False
    while line > 0:
        line = text.rfind("\n", 0, line - 1) + 1
        row = text[line : text.find("\n", line)].strip()
        if row and not BULLET.match(row):
            return row.endswith(":")
        if pos - line > 3000:
            break
    return False


def _negative(om: re.Match[str]) -> bool:
    """A duty not to do something: "undertakes not to attack", "are barred from attacking", "shall not ..."."""
    return any(om.group(g) for g in ("neg", "nneg", "uneg", "cneg", "barred"))


def _nominal_duty(text: str, om: re.Match[str]) -> str | None:
    """The kind of a duty named as a noun after a verb of undertaking ("agreed to an immediate ceasefire",
    "are bound to a definitive truce", "committed to a gradual withdrawal"); None for other nouns ("a deal")."""
    from loaders.extract.commitments import nominal_kind

    if not re.search(r"(?:agree|pledge|commit|bound|obliged|undert)\w*(?:\s+\w+)?\s+to$|agree[sd]?$", om.group("modal")):
        return None
    return nominal_kind(text, om.start("verb"))


def _clause_end(text: str, pos: int, limit: int) -> int:
    """Where the verb phrase of a duty stops: a semicolon, a new duty of another subject, or the sentence end."""
    m = re.search(r";|,\s+(?:and|while|whereas|but)\s+(?=(?:the\s+)?[A-Z]|(?:both|each)\s)|,?\s+and\s+(?=(?:also\s+)?(?:shall|must|is\s+to|are\s+to|was\s+to|were\s+to|undert\w+)\s)|\s+and\s+(?=(?:the\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*,?\s+(?:in\s+return,?\s+|for\s+its\s+part,?\s+)?(?:is|are|was|were|must|shall|will|would|undert))", text[pos:limit])
    return pos + m.start() if m else limit


COUNTED = re.compile(r"\s+(?:[\w'’-]+\s+){0,2}?(?:troops|soldiers?|servicem[ae]n|peacekeepers|prisoners?|detainees?|captives?|hostages?|inmates?|people|civilians?|m[ae]n|wom[ae]n|children|diplomats?|journalists?|nationals?|citizens?|"
                     r"fighters|combatants|members|nationals|citizens|dissidents?|activists?|protesters?|demonstrators?|militants?|rebels?|insurgents?|guerrillas?|"
                     r"sailors?|seafarers?|crew(?:\s+members)?|workers?|students?|pupils?|journalists?|ships|vessels|trucks|lorries|(?-i:[A-Z][a-z]+s))\b", re.IGNORECASE)


def _figure(ctx: Context, start: int, end: int):
    """The first figure of people or things in a duty: "free the seven Americans", "let 18 fuel ships enter"."""
    dates = None
    for f in ctx.numbers.find(ctx.text, start, end):
        if not f.value or f.value < 1:
            continue
        if f.start - start > 60 or not COUNTED.match(ctx.text, f.end, min(end, f.end + 40)):
            continue
        if dates is None:
            dates = ctx.dates(start, end)
        if any(d.start <= f.start < d.end for d in dates) or re.fullmatch(r"(?:1[89]|20)\d\d", ctx.text[f.start : f.end]):
            continue  # "no later than 29 July", "the law of 2016": a date, not a count
        if NOT_COUNTED.match(ctx.text, f.end) or re.search(r"(?:[$€£]|\bwithin|\bby|\bthe\s+first|\bup\s+to\s+the)\s*$", ctx.text[max(start, f.start - 12) : f.start]):
            continue
        if f.start - start > 60 or not COUNTED.match(ctx.text, f.end, min(end, f.end + 40)):
            continue
        return f
    return None


class _Named:
    value = 1
    qualifier = None
    start = end = 0


def _people_party(ctx: Context, start: int, end: int, obligor: str, parties: list[str]) -> str | None:
    """Whose people a release frees: a demonym or party named among them, else the deal's other party."""
    for m in ctx.mentions_in(start, end):
        p = ctx.party_of(m.actor) if m.actor and m.kind not in ("pronoun", "sides") else None
        if p and p != obligor:
            return p
    for word in re.findall(r"[A-Z][\w'’-]+", ctx.text[start:end]):
        base = re.sub(r"(?:['’]s|s)$", "", word)
        for cand in (word, base, base + "i", re.sub(r"e$", "", base)):
            country = ctx.cues.demonyms.get(cand)
            if country:
                ids = [p for p in ctx.gaz.countries.get(country, ()) if ctx.kind_of(p) in ("state", "government")]
                if ids and ids[0] != obligor:
                    return ids[0]
        if base in ("Swede", "Swedes", "American", "Briton", "Brit"):
            country = {"Swede": "Sweden", "American": "United States", "Briton": "United Kingdom", "Brit": "United Kingdom"}.get(base)
            ids = list(ctx.gaz.countries.get(country or "", ()))
            if ids and ids[0] != obligor:
                return ids[0]
    others = [p for p in parties if p != obligor]
    if len(others) == 1:
        return others[0]
    return ctx.opponent(obligor, start)


def _state_of(ctx: Context, demonym: str) -> str | None:
    country = ctx.cues.demonyms.get(demonym) or ctx.cues.demonyms.get(re.sub(r"['’]s$", "", demonym))
    if country is None:
        return None
    ids = ctx.gaz.countries.get(country, ())
    for kinds in (("state",), ("government",)):
        for p in ids:
            if ctx.kind_of(p) in kinds:
                return p
    return None


def _subjects(ctx: Context, s_start: int, pos: int, deal_parties: list[str], last: list[str]) -> tuple[list[str], int, str] | None:
    """(obligor parties, where the subject starts, how it was named) for a duty whose modal starts at ``pos``."""
    text = ctx.text
    if last and SHARED_SUBJECT.fullmatch(text, s_start, pos):
        return list(last), pos, "shared"  # "X shall redeploy its units ... and shall guarantee ...": the same subject
    gap = GAP.search(text, s_start, pos)
    head_end = gap.start() if gap else pos
    sides = SIDES.search(text, max(s_start, head_end - 40), head_end)
    if sides:
        if re.search(r"governments|states|countries|nations|powers", sides.group(0)) and any(ctx.kind_of(p) == "armed_movement" for p in deal_parties):
            return None  # "the two governments" of a deal with a movement: not its parties
        parties = _group_parties(ctx, sides.group("count"), deal_parties, sides.start())
        return (parties, sides.start(), "sides") if parties else None
    bare = BARE_SIDES.match(text, head_end, pos) if gap else None
    if bare and CLAUSE_OPEN.search(text[s_start:head_end]):
        parties = _group_parties(ctx, bare.group("count"), deal_parties, bare.start())
        return (parties, bare.start("count"), "sides") if parties else None
    armed = ARMED_OF.search(text, max(s_start, head_end - 60), head_end)
    if armed:
        if armed.group("demo"):
            p = _state_of(ctx, armed.group("demo"))
            if p is None:
                w = ctx.mention_at(armed.start(), 0)
                p = ctx.party_of(w.actor) if w is not None and w.actor and w.end <= armed.end("demo") + 3 else None
            return ([p], armed.start(), "armed") if p else None
        return (list(last), armed.start(), "pronoun") if last else None
    cands = [m for m in ctx.mentions_in(max(s_start, head_end - 160), head_end)
             if m.end >= head_end - 1 and (not ctx.in_quote(m.start) or _document_quote(ctx, m.start))]
    if not cands:
        return None
    m = cands[-1]
    if not re.fullmatch(r"[\s'’s]*", text[m.end : head_end]):
        return None
    if m.kind == "pronoun":
        if m.head == "they" and last:
            return list(last), m.start, "pronoun"
        if m.head == "it" and len(last) == 1:
            return list(last), m.start, "pronoun"
        return None
    if m.kind == "sides":
        parties = _group_parties(ctx, "both", deal_parties, m.start)
        return (parties, m.start, "sides") if parties else None
    group = ctx.coordinated(m, s_start)
    obligors: list[str] = []
    for g in group:
        for actor, _ in ctx.actors_of(g, g.start):
            p = ctx.party_of(actor)
            if p and p not in obligors:
                obligors.append(p)
    if not obligors:
        return None
    # "the government of X" / "X's forces": the subject is the whole phrase, not a name inside it
    lead = text[max(s_start, group[0].start - 30) : group[0].start]
    if re.search(r"\b(?:of|for|with|by|from|to|in|on|at|about|against|than)\s+(?:the\s+)?$", lead):
        return None
    return obligors, group[0].start, "person" if all(g.kind in ("person", "post") for g in group) else "party"


def _group_parties(ctx: Context, count: str | None, deal_parties: list[str], pos: int) -> list[str]:
    """The deal's parties a group subject stands for: all of them when the group says no number or the
    number fits; "the two sides" of a deal that a third party (a mediator, a guarantor) also signed are
    the two that face each other (:func:`loaders.extract.commitments._two_of`)."""
    size = GROUP_SIZE.get(count.lower().split()[-1]) if count else None
    if len(deal_parties) < 2 or (size is None and len(deal_parties) == 2) or size == len(deal_parties):
        return list(deal_parties) if len(deal_parties) >= 2 else []
    if size is None:
        return list(deal_parties) if "<sides>" not in deal_parties else []
    if size != 2:
        return []
    from loaders.extract.commitments import _two_of

    sides = _two_of(ctx, deal_parties, pos)
    return sides if len(sides) == 2 else []


def _broker(ctx: Context, party: str) -> bool:
    """Whether the text names ``party`` as a go-between ("Russian-brokered", "mediated by Qatar", "Egypt as mediator")."""
    from loaders.extract.commitments import MEDIATED_BY, MEDIATOR

    if party in ctx.brokers():
        return True
    text = ctx.text
    for m in ctx.mentions:
        if ctx.party_of(m.actor) != party or m.kind in ("pronoun", "sides"):
            continue
        if MEDIATOR.match(text, m.end) or MEDIATED_BY.search(text, max(0, m.start - 70), m.start):
            return True  # the wider cues of a deal's go-between: "through Egyptian mediators", "in the presence of"
    return False


def _deal_mentions(ctx: Context) -> list[tuple[int, int]]:
    """(start, end) of every deal named outside quotations."""
    found = []
    for m in DEAL_NOUN.finditer(ctx.text):
        if ctx.in_quote(m.start()) and not _document_quote(ctx, m.start()):
            continue
        if re.match(r"(?:a\s+)?(?:great|good)\s+$", ctx.text[max(0, m.start() - 8) : m.start()]):
            continue
        found.append((m.start(), m.end()))
    return found


def read_terms(ctx: Context, state: Any, with_commitments: set[str]) -> None:
    """Add the duties stated in plain obligation forms after a deal is named (see the module text)."""
    from loaders.extract.commitments import RECIPROCAL, _deadline, _make, _one_named, _truce_start, _within

    text = ctx.text
    deals = _deal_mentions(ctx)
    if not deals:
        return
    paragraphs = ctx.layout.paragraphs
    existing = list(state.commitments)
    # the window of each deal: from its mention to the end of the second paragraph after it
    windows: list[tuple[int, int, int]] = []  # (deal start, window start, window end)
    p_index = {p: i for i, p in enumerate(paragraphs)}
    for d_start, d_end in deals:
        para = ctx.layout.paragraph_of(d_start)
        i = p_index.get(para)
        if i is None:
            continue
        # the paragraph of the deal and the next three of body text (headings and questions do not count)
        j, body = i, 0
        while j + 1 < len(paragraphs) and body < 3:
            j += 1
            a, b = paragraphs[j]
            if b - a >= 100 and not QUESTION_END.search(text, a, b):
                body += 1
        windows.append((d_start, d_start, paragraphs[j][1]))
    if not windows:
        return
    last_group: list[str] = []
    chain_end = -1
    pending: dict[int, list] = {}
    # the duty verbs inside some window, by sentence
    lo, hi = min(win[1] for win in windows), max(win[2] for win in windows)
    by_sentence: dict[tuple[int, int], list[re.Match[str]]] = {}
    for om in OBLIGATION.finditer(text, lo, hi):
        if (om.group("verb") in SKIP_VERBS and om.group("verb") not in ("a", "an", "the")) or not any(win[1] <= om.start() < win[2] for win in windows):
            continue
        by_sentence.setdefault(ctx.layout.sentence_of(om.start()), []).append(om)
    for (s_start, s_end), oms in by_sentence.items():
        w = [win for win in windows if win[1] <= s_end and s_start < win[2]]
        if not w:
            continue
        sent = text[s_start:s_end]
        if QUESTION_END.search(sent) or ("“" in sent[:2] or '"' in sent[:2]) and not _document_quote(ctx, s_start + 1):
            continue
        deal_at = max(win[0] for win in w)
        agr = None
        deal_parties: list[str] = []
        clause_floor = s_start
        for om in oms:
            pos = om.start()
            if ctx.in_quote(pos) and not _document_quote(ctx, pos) or pos < deal_at and not any(win[0] < s_start for win in w):
                continue
            verb = om.group("verb")
            nominal = _nominal_duty(text, om) if verb in ("a", "an", "the") else None
            if (verb in SKIP_VERBS and nominal is None) or verb in ctx.cues.number_words or (om.group("neg") and not re.match(r"undert|(?:has|have|had)\s", om.group("modal"))):
                continue
            if NEGATED.search(text, max(s_start, pos - 14), pos):
                continue  # "has not agreed to", "never undertook to": no duty
            weak = bool(om.group("weak"))
            same_sentence_deal = any(s_start <= win[0] < pos for win in w)
            if weak and not (same_sentence_deal or chain_end >= s_start - 2 or _listed_term(text, s_start)):
                continue
            before = text[s_start:pos]
            if FORECAST.search(before) or CONDITION.search(before) or re.search(r"\b(?:wants?|demand\w*|urg\w*|call(?:s|ed)?\s+(?:on|for)|propos\w*|suggest\w*)\b", before, re.IGNORECASE):
                continue
            if weak and any(st.evidence.start <= pos < st.evidence.end for st in ctx.statements_around(pos, 3)):
                continue
            if not deal_parties:  # the deal, read once a duty verb has passed the cheaper checks
                agr = _agreement_for(ctx, state, deal_at, s_start)
                deal_parties = list(agr.parties) if agr is not None else ["<sides>", "<sides>"]
            if om.group("given"):  # "gave the TPLF 30 days to disarm": the side given the time owes the duty
                subj = _subjects(ctx, om.start("given"), om.end("given"), deal_parties, last_group)
            else:
                subj = _subjects(ctx, max(s_start, clause_floor), pos, deal_parties, last_group)
            if subj is None:
                continue
            obligors, subj_start, how = subj
            if weak and how in ("person", "pronoun"):
                continue
            if (agr is not None and how != "sides" and len(agr.parties) >= 2
                    and not set(obligors) & (set(agr.parties) | ({c.obligor for c in state.commitments if c.agreement == agr.id}
                                                                 if how == "party" else set()))
                    and ctx.kind_of(obligors[0]) != "international_organisation" and not same_sentence_deal):
                continue  # a party foreign to the deal the text follows (and to the duties it binds): its own plans
            vp = om.start("verb")
            end = _clause_end(text, vp, s_end)
            kind = nominal or _kind(text, vp, end, _negative(om))
            clause_floor = end
            last_group = [o for o in obligors if o != "<sides>"] or last_group
            chain_end = s_end
            # "are to open corridors and release all prisoners": a second duty of another kind, same obligors
            second = None if nominal or _negative(om) else AND_VERB.search(text, vp, end)
            if second is not None and (kind2 := _kind(text, second.start("verb"), end, False)) not in (kind, "other"):
                pending.setdefault(deal_at, []).append((agr, obligors, kind, vp, second.start(), subj_start, s_start, s_end))
                pending[deal_at].append((agr, obligors, kind2, second.start("verb"), end, subj_start, s_start, s_end))
                continue
            pending.setdefault(deal_at, []).append((agr, obligors, kind, vp, end, subj_start, s_start, s_end))
    for deal_at, items in pending.items():
        agr = items[0][0]
        if agr is None:
            agr = _deal_of_terms(ctx, deal_at, items)
            if agr is None:
                continue
        weak_deal = items[0][0] is None and agr.date is None and _weak_mention(ctx, deal_at)
        # "Under terms worked out ...", "How was the deal done?": too little to name a deal by; its duties stay unattached
        for _, obligors, kind, vp, end, subj_start, s_start, s_end in items:
            if "<sides>" in obligors:
                obligors = list(agr.parties)
            read: list[Any] = []

            def timed_and_counted() -> tuple[Any, Any]:
                if not read:
                    deadline = _deadline(ctx, vp, end, obligation=True, made=agr.date) or _within(ctx, vp, end, agr.date) or _time_allowed(ctx, vp, agr.date)
                    if kind == "ceasefire":
                        deadline = _truce_start(ctx, agr, vp, end) or deadline
                    # what the other side gives "in return for ..." is not counted in this duty
                    in_return = RECIPROCAL.search(text, vp, end)
                    own_end = in_return.start() if in_return else end
                    figure = _figure(ctx, vp, own_end) if kind in ("release", "other") else None
                    if kind == "release" and figure is None:
                        figure = _one_named(ctx, vp, own_end)
                    read.extend((deadline, figure))
                return read[0], read[1]
            for ob in obligors:
                same = _already(existing, ob, kind, s_start, s_end)
                if same is not None:
                    if same.agreement is None and not weak_deal:
                        # a duty the other rules read without its deal: the deal named before it
                        agr = state.agreements.setdefault(agr.id, agr)
                        i = state.commitments.index(same)
                        state.commitments[i] = replace(same, agreement=agr.id, id=commitment_id(agr.id, same.obligor, same.action, same.object_party))
                        existing[existing.index(same)] = state.commitments[i]
                        with_commitments.add(agr.id)
                    continue
                deadline, figure = timed_and_counted()
                object_party = _people_party(ctx, vp, end, ob, list(agr.parties)) if kind == "release" else None
                if weak_deal:
                    _make(ctx, state, None, ob, kind, " ".join(text[vp:end].split())[:100], object_party, figure, deadline, (subj_start, end),
                          "agreement-terms-plain", counterparty=next((p for p in agr.parties if p != ob), None) if len(agr.parties) == 2 else None)
                    continue
                agr = state.agreements.setdefault(agr.id, agr)
                _make(ctx, state, agr, ob, kind, " ".join(text[vp:end].split())[:100], object_party, figure, deadline, (subj_start, end),
                      "agreement-terms-plain", counterparty=next((p for p in agr.parties if p != ob), None) if len(agr.parties) == 2 else None)
                with_commitments.add(agr.id)


def _decree(ctx: Context, deal_at: int) -> bool:
    return bool(re.match(r"decrees?\b", ctx.text[deal_at : deal_at + 8], re.IGNORECASE))


def _weak_mention(ctx: Context, deal_at: int) -> bool:
    s_start, s_end = ctx.layout.sentence_of(deal_at)
    return bool(QUESTION_END.search(ctx.text, s_start, s_end) or re.match(r"terms\b", ctx.text[deal_at : deal_at + 6], re.IGNORECASE))


def _deal_of_terms(ctx: Context, deal_at: int, items: list) -> Any:
    """A deal the other rules did not find: its parties are the obligors of its terms (else the two sides of
    the conflict), its date the day its sentence gives (undated otherwise)."""
    from loaders.extract.commitments import _Agr, _two_sides

    from loaders.extract.commitments import _parties_of

    s_start, s_end = ctx.layout.sentence_of(deal_at)
    if _decree(ctx, deal_at):
        return None  # a decree is one side's decision, no deal between two
    if re.search(r"\b(?:announced|announces|unveiled|declared|declares|proposed|proposes|offered|offers|demanded|rejected)\b", ctx.text[s_start:deal_at]) \
            and len(_parties_of(ctx, s_start, s_end)[1]) < 2:
        return None  # one side's announcement or offer is no deal between two
    parties: list[str] = []
    for _, obligors, *_rest in items:
        for o in obligors:
            if o != "<sides>" and o not in parties and ctx.kind_of(o) in ("state", "government", "armed_movement"):
                parties.append(o)
    if len(parties) < 2:
        named, two = _two_sides(ctx, deal_at)
        for p in two:
            if p not in parties:
                parties.append(p)
    if len(parties) < 2:
        return None
    s_start, s_end = ctx.layout.sentence_of(deal_at)
    date = ctx.first_day(s_start, s_end, future=False)
    if date is None:
        # a deal named without its day: the day of the one known deal between the same parties
        known = [k for k in ctx.cues.agreements if k.kind == "agreement" and set(k.parties) == set(parties)
                 and dt.timedelta(0) <= ctx.doc.published - k.date <= dt.timedelta(days=730)]
        date = known[0].date if len(known) == 1 else None
    agr = _Agr("agreement", tuple(sorted(parties)), tuple(parties), date, "", deal_at, min(s_end, deal_at + 160), True)
    agr.name = f"{'-'.join(ctx.gaz.name(p) if p in ctx.gaz.parties else p for p in parties)} agreement"
    return agr


def _already(existing: list[Commitment], obligor: str, kind: str, s_start: int, s_end: int) -> Commitment | None:
    for c in existing:
        if c.obligor == obligor and c.action == kind and c.evidence is not None and c.evidence.start < s_end and c.evidence.end > s_start:
            return c
    return None


def _agreement_for(ctx: Context, state: Any, deal_at: int, pos: int):
    """The deal a term belongs to: the agreement the other rules found nearest before it (a decision for a
    decree, a deal between parties for the other nouns), else one whose parties the deal's own sentence
    names (kept only once a duty is read under it)."""
    kind = "decision" if _decree(ctx, deal_at) else "agreement"
    best = None
    for agr in state.agreements.values():
        if agr.start <= pos and agr.kind == kind and (best is None or agr.start > best.start):
            best = agr
    if best is not None:
        return best
    key = f"terms-deal-{deal_at}"
    if key not in ctx.memo:
        ctx.memo[key] = _new_deal(ctx, deal_at)
    return ctx.memo[key]


def _new_deal(ctx: Context, deal_at: int):
    from loaders.extract.commitments import _Agr, _parties_of, _without_brokers

    if _decree(ctx, deal_at):
        return None

    s_start, s_end = ctx.layout.sentence_of(deal_at)
    named, parties = _parties_of(ctx, s_start, s_end)
    named, parties = _without_brokers(ctx, named, parties)
    keep = [(a, p) for a, p in zip(named, parties) if ctx.kind_of(p) in ("state", "government", "armed_movement")]
    if len(keep) < 2:
        return None
    named, parties = [a for a, _ in keep], [p for _, p in keep]
    date = None
    for d in ctx.dates(s_start, s_end, future=False):
        if d.kind == "day":
            date = d.first
            break
    agr = _Agr("agreement", tuple(sorted(parties)), tuple(named), date, "", s_start, s_end, True)
    agr.name = f"{'-'.join(ctx.gaz.name(p) if p in ctx.gaz.parties else p for p in parties)} agreement"
    return agr
