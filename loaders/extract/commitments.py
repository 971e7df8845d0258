"""Agreements, decisions and the commitments they create.

Read only where the text states terms: "X and Y signed a deal on DATE", "the
deal said X would release N ...", "under the agreement, X is to free up to N
...", "X agreed / pledged / promised to free N ...", "it was decided that N
... should be released in exchange for M ...". Demands ("want"), predictions
("I think ... will") and claims never become commitments. A deadline comes
from "by DATE" in the same sentence, or from a later sentence that says the
exchange "was supposed to have happened by DATE".

Right after a deal is signed ("A and B on Friday signed a framework accord",
"hosted the signing of a Declaration of Principles between A and B"), the
next sentences may state its terms without naming it: "the two sides commit to
a permanent ceasefire", "the parties are bound to release all detainees", "B is
to disarm its 4,800 fighters", "the truce takes effect immediately". "Both
sides" then means the deal's own parties, and a go-between ("through Egyptian
mediators") is no party to it.

A deal also binds its parties as a group ("It also required them to release ...", "committing both
sides to a cessation of hostilities"), and a decree is read whoever names it: "President X's decree of
May 25 ordered ...", "a decree X signed on March 11, which ordered 1,500 inmates freed", "the 500
prisoners X ordered freed".

Agreements get :func:`loaders.facts.agreement_id` from their kind, parties and
date; a deal named without a date ("the U.S.-Taliban agreement") takes the date
of a known agreement with the same parties (``loaders/data/agreements.yaml``).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace
from typing import Any

from loaders.extract.context import Context
from loaders.extract.cues import KnownAgreement, words_pattern
from loaders.facts import Agreement, Commitment, agreement_id, commitment_id
from loaders.gazetteer import normalise

__all__ = ["find_commitments"]

MODAL = r"(?:(?:for|with)\s+(?:the\s+)?(?:[A-Z][\w.'’-]*\s+){1,4}(?:of\s+(?:the\s+)?(?:[A-Z][\w.'’-]*\s+){1,3})?to|would|will|shall|must|should|(?:is|are|was|were)\s+(?:also\s+|then\s+|now\s+|further\s+|in\s+turn\s+)?to|is\s+expected\s+to|are\s+expected\s+to|was\s+expected\s+to|were\s+expected\s+to|is\s+required\s+to|are\s+required\s+to|has\s+to|have\s+to|(?:is|are|was|were)\s+(?:also\s+)?(?:bound|obliged|obligated|meant|due)\s+to|(?:has\s+|have\s+|had\s+)?(?:agreed|agrees|pledged|pledges|promised|promises|vowed|vows|committed|commits|undertook|undertakes|commit|undertake|agree|pledge)(?:\s+itself|\s+themselves)?(?:\s+(?:late\s+|early\s+)?on\s+\w+|\s+\w+day|\s+(?:at|during)\s+(?:[\w'’.-]+\s+){1,5}?on\s+[\w.]+(?:\s+\d{1,2})?)?\s+to)"
# "to free the prisoners they held", "to release the hostages it holds": all the people a side holds
THE_HELD = re.compile(r"\s+(?:the|its|their)\s+(?:remaining\s+)?(?P<who>prisoners|detainees|captives|hostages|prisoners\s+of\s+war)\s+(?:that\s+)?(?:they|it|each\s+side|each)\s+(?:still\s+)?(?:hold|holds|held|has\s+held|have\s+held|had\s+taken|took|has|have|had)\b")
AND_TO = re.compile(r"(?:,\s*)?\band\s+(?:also\s+|then\s+)?to\s+$")
# "The warring parties first agreed to ...", "Kabul later pledged to ...": an adverb between the subject and its duty
ADVERB_MODAL = re.compile(r"(?:\b(?:first|initially|originally|later|eventually|already|previously|earlier|also|jointly|formally|publicly|both|each|all"
                          r"|finally|subsequently|separately)\s+)?" + MODAL)
# the duty word before an action, a few words back: "agreed (on Sunday) to free", "is to hand over"
MODAL_BEFORE = re.compile(ADVERB_MODAL.pattern + r"\s+(?:[\w-]+\s+){0,3}$")
TERMS = re.compile(
    r"\b(?:said|says|stipulated?s?|requires?d?|calls?\s+for|called\s+for|envisages?d?|provides?\s+(?:for|that)|provided\s+(?:for|that)|commits|committed|obliges?d?|sets?\s+out|set\s+out|states?|stated)\b"
)
UNDER = re.compile(r"\b(?:[Uu]nder|[Aa]s\s+part\s+of|[Ii]n\s+line\s+with|[Aa]ccording\s+to)\s+(?:the|that|this|a|its|their)\s+(?:[\w.-]+\s+){0,3}?", re.IGNORECASE)
UNDER_TERMS = re.compile(r"\b(?:[Uu]nder|[Aa]s\s+part\s+of)\s+(?:it|(?:the|its|their|that|this)\s+(?:[\w.'’-]+\s+){0,3}?(?:terms|deal|agreement|accord|pact|truce|ceasefire|decree|plan|arrangement|decision|exchange|swap|statement|declaration))\b[^,;.]{0,160},\s*")
RELATIVE_TERMS = re.compile(
    r"(?:\s+[^,;.:\"“”]{1,100}?)?,\s+"
    r"(?:under\s+which|by\s+which|in\s+which|which\s+(?:also\s+)?(?:said|says|stated|states|stipulated|stipulates|required|requires|obliged|obliges|committed|commits|bound|binds|"
    r"provided\s+for|provides\s+for|called\s+for|calls\s+for|set\s+out|sets\s+out|envisaged|envisages)\s+(?:that\s+)?)\s*")
UNDER_HEAD = re.compile(r"(?:[Uu]nder|[Aa]s\s+part\s+of)\s+(?:it|(?:the|its|their|that|this)\s+(?:[\w.'’-]+\s+){0,3}?(?:terms|deal|agreement|accord|pact|truce|ceasefire|decree|plan|arrangement|decision|exchange|swap|statement|declaration))\b\s*")
# "It calls for ...", "The accord obliges ...": terms of the deal the text just named, led by a pronoun or the bare noun
PRONOUN_TERMS = re.compile(r"\s*(?:It|This|They)\s+(?:also\s+)?(?:calls(?=\s+for)|called(?=\s+for)|provides(?=\s+for)|provided(?=\s+for)|requires|required|stipulates|stipulated|envisages|sets\s+out|obliges|commits|(?:states|stated)(?=\s+that))\s+(?:that\s+)?")
ORDERED = re.compile(
    r"\b(?:has\s+|have\s+|had\s+)?(?:(?:ordered|ordering|orders|approved|approving|authori[sz]ed|authori[sz]ing|decreed|announced)\s+the\s+(?:release|freeing)\s+of\s+(?:all\s+(?:of\s+)?)?"
    # "a decree pardoning 380 members of ...", "ordering the 400 to be freed": a decision over people counted
    r"|(?P<pardon>pardoning|pardoned|pardons|amnestying|amnestied)\s+(?:all\s+)?(?=(?:the\s+)?(?:some\s+|about\s+|nearly\s+)?\d|(?:the\s+)?[a-z-]+\s+(?:hundred|thousand))"
    # "a decree ordering their release", "ordered them freed": the people counted just before
    r"|(?P<their>(?:ordered|ordering|orders|approved|approving|authori[sz]ed|authori[sz]ing)\s+(?:their\s+(?:release|freeing)"
    r"|them\s+(?:to\s+be\s+)?(?:freed|released|set\s+free))\b)"
    # "decreed on March 11 that 1,500 prisoners would be freed", "issued a decree for 400 inmates to be set free"
    r"|(?P<passive>ordering|ordered|orders|decreed(?:\s+on\s+[\w.]+(?:\s+\d{1,2})?)?\s+that|decree(?:\s+on\s+[\w.]+(?:\s+\d{1,2})?)?\s+for)\s+(?:the\s+|all\s+(?:of\s+)?(?:the\s+)?)?(?=(?:[^;.]|(?<=\d)[,.](?=\d{3})){1,100}?\s+(?:to\s+be\s+|be\s+)?(?:freed|released|set\s+free)\b))",
    re.IGNORECASE)
# "ordered 1,500 Taliban inmates freed", "ordered up to 10,000 women, juveniles and the sick released": after the first
# people named, a short list of more of them, then the participle
ORDERED_FREED = re.compile(r"(?:(?:,\s+|,?\s+and\s+)(?:[\w'’-]+\s+){0,3}?[\w'’-]+){0,5}?\s*(?:[\w'’-]+\s+){0,4}?(?:to\s+be\s+|be\s+)?(?:freed|released|set\s+free)\b")
# "the release of the remaining 400": words between the order and the figure
REST_OF = re.compile(r"(?:the\s+)?(?:(?:remaining|last|final|other)\s+)?")
# "a decree issued by President X", "X signed a decree on August 10 ordering ...": who made the decision
DECREED_BY = re.compile(r"\b(?:decree|order|decision|directive)\s+(?:was\s+)?(?:issued|signed)\s+by\s+", re.IGNORECASE)
# "X (also) signed a decree", "X on Monday signed a decree", "X, whose government ..., issued a decree", "X issues a decree"
SIGNED_DECREE = re.compile(r"(?:,\s+(?:who|whose)\b[^,;.]{1,120},)?\s+(?:(?:late\s+|early\s+)?on\s+\w+day\s+|\w+\s+)?(?:has\s+|had\s+)?(?:signed|issued|signs|issues)"
                           r"\s+(?:a|an|the)\s+(?:\w+\s+)?(?:decree|order|decision|directive)\b", re.IGNORECASE)
# "the 5,000 prisoners it had agreed to free", "the 500 prisoners Ghani ordered freed" (a decision of the subject's)
RELATIVE_COMMIT = re.compile(r"\s+(?:that\s+|which\s+|whom\s+)?(?P<subj>it|they|he|she|the\s+\w+|[A-Z][\w.'’-]+(?:\s+[A-Z][\w.'’-]+)*)\s+(?:had\s+|has\s+|have\s+)?"
                             r"(?:(?:agreed|committed|pledged|promised|undertaken|undertook|(?:was|were|is|are)(?:\s+required)?)\s+to\s+(?:free|release|hand\s+over)"
                             r"|(?P<ordered>ordered)\s+(?:to\s+be\s+)?(?:freed|released|set\s+free))\b")
DECIDED = re.compile(r"\b(?:(?:it\s+)?was\s+decided|(?:has|have|had)\s+decided|decided)\b(?:\s+[\w,]+){0,4}?\s+(?:that\s+|to\s+)", re.IGNORECASE)
# "signed a revitalised peace accord", "hosted the signing of a Declaration of ...", "put their names to the ... accord"
SIGNED = re.compile(
    r"\b(?:(?:signed(?:\s+off\s+on)?|struck|reached|sealed|inked|concluded|agreed(?:\s+(?:on|upon))?|initialled|initialed|hammered\s+out|finali[sz]ed|(?P<announced>announced|unveiled|accepted))"
    r"(?:\s+(?:on|late\s+on)\s+\w+day)?|signing\s+of|put\s+(?:their|his|her)\s+names?\s+to)"
    r"\s+(?:a|an|the|their|its)\s+(?:[\w.'’-]+\s+){0,4}$", re.IGNORECASE)
NOUN_SIGNED = re.compile(r"(?:\s+(?:that|which)(?=\s+(?:the\s+)?[A-Z]))?(?:\s+(?:on|of|for|the|and|[A-Z][\w'’-]*))*,?\s+(?:was\s+|that\s+was\s+|which\s+was\s+|(?:that\s+|which\s+)?the\s+(?:two\s+)?(?:parties|sides|delegations|governments|warring\s+parties)\s+(?:had\s+|have\s+)?|(?:that\s+|which\s+)?(?P<plural>they|both\s+(?:sides|parties|men|leaders|governments)|the\s+two\s+(?:[a-z]+\s+)?(?:men|leaders|neighbou?rs|countries|nations|presidents|ministers|commanders|negotiators|teams|rivals|states))\s+(?:had\s+|have\s+|later\s+|then\s+)?)?(?:signed|struck|reached|sealed|agreed|announced|brokered|concluded|inked|issued)\b(?:\s+(?:by|between)\s+)?")
# "the Houthis and the government agreed in Mexico City on Wednesday that ...": a deal made by its parties
# (not "agreed to a truce that will begin on Monday": there "that" opens a relative clause of the object)
AGREED_THAT = re.compile(r"\b(?:agreed|agree|have\s+agreed|had\s+agreed)\s+(?:(?!to\s)(?:[^,;.\s]+\s+(?!to\s)){0,8}?)?(?:that)\s+", re.IGNORECASE)
MEDIATOR = re.compile(r"(?:\s+(?:and\s+)?[A-Z][\w'’-]*,?)*\s+(?:(?:acting\s+|serving\s+|standing\s+)?as\s+(?:the\s+|a\s+|an\s+)?(?:[a-z][\w'’-]*\s+)?)?(?:mediators?|mediation|facilitators?|brokers?|hosts?|guarantors?|witnesses)\b")
# "brokered by Qatar", "signed in the presence of the presidents of Kenya and Tanzania", "witnessed by the AU": go-betweens
MEDIATED_BY = re.compile(r"\b(?:through|via|mediated\s+by|brokered\s+by|facilitated\s+by|hosted\s+by|with\s+the\s+help\s+of|with\s+the\s+mediation\s+of|under\s+the\s+auspices\s+of"
                         r"|in\s+the\s+presence\s+of|witnessed\s+by|observed\s+by|guaranteed\s+by|countersigned\s+by)\s+(?:the\s+)?"
                         r"(?:(?:presidents?|leaders?|heads?\s+of\s+state|prime\s+ministers?|foreign\s+ministers?|representatives?|envoys?)\s+of\s+(?:the\s+)?)?"
                         r"(?:[A-Z][\w'’-]*,?\s+(?:and\s+)?)*$")
LOCATED = re.compile(r"\b(?:in|at|from|near|outside|inside|to|via)\s+(?:the\s+|an?\s+)?$", re.IGNORECASE)
DEADLINE = re.compile(r"\b(?:supposed\s+to|due\s+to|meant\s+to|was\s+to\s+have|were\s+to\s+have|should\s+have|deadline|had\s+to\s+be|scheduled\s+to)\b", re.IGNORECASE)
# "agreed to extend the final handover to June 20": a deadline moved to a new day
MOVED_TO = re.compile(r"\b(?:extend|extends|extended|extending|postpone[sd]?|postponing|push(?:es|ed)?\s+back|delay(?:s|ed)?)\s+(?:[\w'’-]+\s+){0,5}?(?:to|until)\s+$", re.IGNORECASE)
BY_DATE = re.compile(r"\b(?:by|before|no\s+later\s+than|until)\s+(?:the\s+end\s+of\s+)?$", re.IGNORECASE)
# the day of the deal, not of its duties: "at talks on July 23, when the two delegations agreed to exchange ..."
DATES_THE_DEAL = re.compile(r",?\s+(?:when|where|at\s+which)\s+[^.;,]{0,60}?\b(?:agreed|pledged|committed|undertook|decided|signed)\b", re.IGNORECASE)
# "agreed at talks in Istanbul on May 16 to exchange ...": a date between the verb of agreeing and its "to"
AGREED_THEN_DAY = re.compile(r"\b(?:agreed|pledged|committed|promised|undertook|decided)\s+(?:(?!to\b)[\w.,'’-]+\s+){1,8}$", re.IGNORECASE)
# "In an agreement reached in Havana on Feb. 6, they ...", "under the deal signed on Friday": the day of the deal
DEAL_MADE_ON = re.compile(r"\b(?:agreement|deal|accord|truce|ceasefire|cease-fire|pact|memorandum|declaration)\s+"
                          r"(?:(?:was|were|that\s+was)\s+)?(?:reached|signed|struck|agreed|concluded|sealed|brokered)\s+"
                          r"(?:(?!to\b|by\b)[\w.,'’-]+\s+){0,5}?(?:on|in)\s+$", re.IGNORECASE)
# "the statement that ended the war, signed by the leaders of the three countries on 10 November 2020, ...": its day
SIGNED_ON = re.compile(r"\b(?:signed|reached|struck|sealed|concluded|brokered|initialled)\s+(?:(?!to\b)[\w.,'’-]+\s+){0,10}?(?:on|in)\s+$", re.IGNORECASE)
# "to hand over its weapons between Sept. 15 and Dec. 31": a duty carried out over a span is due on its last day
BETWEEN_DATES = re.compile(r"\bbetween\s+(?:[\w.,]+\s+){1,3}and\s+$", re.IGNORECASE)
NOT_COMMITMENT = re.compile(r"\b(?:wants?|wanted|demand(?:s|ed)?|urg(?:e|es|ed)|think|believe|hopes?|hoped|if|unless|whether|would\s+like|asked|insist(?:s|ed)?\s+on|refused|declined"
                            r"|propos(?:e|es|ed|ing)|suggest(?:s|ed|ing)?)\b", re.IGNORECASE)
# a duty stated under a condition of the same sentence: "If talks go well, both sides are to ..."
CONDITIONAL = re.compile(r"\b(?:if|unless)\b", re.IGNORECASE)
RECIPROCAL = re.compile(r"\b(?:in\s+exchange\s+for|in\s+return\s+for|in\s+a\s+(?:prisoner\s+)?swap\s+for|for\s+the\s+release\s+of)\s+", re.IGNORECASE)
# a sentence without any of these words holds no agreement, decision, commitment or deadline
HINT = re.compile(  # "(?=\w)(?<!\w)" is a word start, checked before the alternatives (a faster scan than "\b")
    # the words grouped on their first letters, so that a word start tries a few branches, not every word:
    # deal agreement accord pact treaty truce cease(-)fire memorandum framework understanding arrangement
    # decree decision declaration protocol road(-)map signing decided ordered approved authori[sz]ed agreed
    # agrees pledge(d) promise(d) vow(ed) committed commits undertook undertakes would will shall must should
    # "is/are/was/were (also/then/now/further/in turn) to" "expected to" required supposed due deadline terms
    # exchange return signed swap pave(s) paving "way for" instructed directed told obliges binds release
    r"(?=\w)(?<!\w)(?:"
    r"a(?:gree(?:ment|d|s)|ccord|rrangement|pproved|uthori[sz]ed|re\s+(?:also\s+|then\s+|now\s+|further\s+|in\s+turn\s+)?to)"
    r"|binds"
    r"|c(?:ease-?fire|ommit(?:ted|s))"
    r"|d(?:e(?:al|cree|cision|claration|cided|adline)|ue|irected)"
    r"|ex(?:pected\s+to|change)"
    r"|framework"
    r"|i(?:s\s+(?:also\s+|then\s+|now\s+|further\s+|in\s+turn\s+)?to|nstructed)"
    r"|m(?:emorandum|ust)"
    r"|o(?:rdered|bliges)"
    r"|p(?:act|rotocol|ledged?|romised?|aves?|aving)"
    r"|r(?:oad\s?map|equired|eturn|elease)"
    r"|s(?:ign(?:ing|ed)|hall|hould|upposed|wap)"
    r"|t(?:reaty|ruce|erms|old)"
    r"|und(?:erstanding|ert(?:ook|akes))"
    r"|vowed?"
    r"|w(?:ould|ill|(?:as|ere)\s+(?:also\s+|then\s+|now\s+|further\s+|in\s+turn\s+)?to|ay\s+for)"
    r")\b",
    re.IGNORECASE,
)
FORCES = re.compile(r"\b(?:forces|troops|soldiers|personnel|military)\b", re.IGNORECASE)


@dataclass
class _Agr:
    kind: str
    parties: tuple[str, ...]
    signatories: tuple[str, ...]
    date: dt.date | None
    name: str
    start: int
    end: int
    stated: bool  # signed or decided in this text (else only referred to)

    @property
    def id(self) -> str:
        return agreement_id(self.kind, self.parties, self.date)


@dataclass
class _State:
    agreements: dict[str, _Agr] = field(default_factory=dict)
    current: _Agr | None = None
    commitments: list[Commitment] = field(default_factory=list)
    terms_at: int | None = None  # where the terms of a deal stated in the sentence begin


def _known(ctx: Context, parties: tuple[str, ...], date: dt.date | None, kind: str) -> KnownAgreement | None:
    """The known deal of these parties (on ``date`` when given); never one made after the text was published."""
    for k in ctx.cues.agreements:
        if (k.kind == kind and set(k.parties) == set(parties) and (date is None or date == k.date)
                and (k.date is None or k.date <= ctx.doc.published)):
            return k
    return None


def _parties_named(ctx: Context, parties: tuple[str, ...]) -> bool:
    """Whether the text names every one of these parties (a known deal is only read into a text about its parties)."""
    return all(p in ctx.found.named for p in parties)


def _noun_pattern(ctx: Context) -> re.Pattern[str]:
    key = id(ctx.cues)
    if key not in _NOUNS:
        names = [n for k in ctx.cues.agreements for n in k.names]
        _NOUNS[key] = re.compile(
            r"(?<![\w])(?:(?P<known>" + words_pattern(names) + r")|(?P<noun>" + words_pattern(ctx.cues.agreement_nouns) + r"))(?![\w])",
            re.IGNORECASE,
        )
    return _NOUNS[key]


_NOUNS: dict[int, re.Pattern[str]] = {}
_COMMIT: dict[int, re.Pattern[str]] = {}


def _commit_pattern(ctx: Context) -> re.Pattern[str]:
    key = id(ctx.cues)
    if key not in _COMMIT:
        verbs = [v[:-3] if v.endswith(" to") else v for v in ctx.cues.commitment_verbs]
        # "pledged on Sunday to free", "agreed Tuesday to release", "agreed late on Monday to extend"
        # "agreed at talks in Istanbul on May 16 to exchange": where and when, between the verb and its "to"
        _COMMIT[key] = re.compile(r"\b" + words_pattern(verbs) + r"(?:\s+(?:(?:late|early)\s+)?(?:on\s+)?\w+day|\s+on\s+\w+\s+\d{1,2}"
                                  r"|\s+(?:at|during)\s+(?:[\w'’.-]+\s+){1,5}?on\s+[\w.]+(?:\s+\d{1,2})?)?\s+to\b")
    return _COMMIT[key]
_ACTIONS: dict[int, re.Pattern[str]] = {}


def _action_pattern(ctx: Context) -> re.Pattern[str]:
    key = id(ctx.cues)
    if key not in _ACTIONS:
        _ACTIONS[key] = re.compile(r"(?<![\w])(?P<a>" + words_pattern(ctx.cues.actions) + r")(?![\w])", re.IGNORECASE)
    return _ACTIONS[key]


def _parties_of(ctx: Context, start: int, end: int) -> tuple[list[str], list[str]]:
    """(signatory actor ids as named, their parties) for mentions in a span."""
    named: list[str] = []
    parties: list[str] = []
    for m in ctx.mentions_in(start, end):
        if m.kind in ("pronoun",) or ctx.in_quote(m.start):
            continue
        if LOCATED.search(ctx.text, max(0, m.start - 12), m.start):
            continue  # "reached in Switzerland": a place, not a party
        if MEDIATOR.match(ctx.text, m.end) or MEDIATED_BY.search(ctx.text, max(0, m.start - 70), m.start):
            continue  # "through Egyptian mediators", "brokered by Qatar": a go-between, not a party
        for actor in m.actors:
            party = ctx.party_of(actor)
            if actor and party and party not in parties:
                named.append(actor)
                parties.append(party)
    return named, parties


def _date_in(ctx: Context, start: int, end: int) -> dt.date | None:
    dates = ctx.dates(start, end, future=False)
    days = [d for d in dates if d.kind == "day"]
    return days[0].first if days else None


# "starting March 14", "from Saturday", "by March 10": a day the decision's duty is timed by, not its own
DUTY_DAY_BEFORE = re.compile(r"\b(?:starting|start|from|beginning|until|till|by|before|after|no\s+later\s+than|within)\s+(?:on\s+)?$", re.IGNORECASE)
# a line holding only a date, over the entry it heads (a chronology: "March 11\nGhani signs a decree ...")
DATE_LINE = re.compile(r"(?:^|\n)[ \t]*(?P<line>[^\n]{3,40}?)[ \t]*(?:[—–-][ \t]*)?\n[ \t\n]*$")


def _decision_day(ctx: Context, start: int, end: int) -> dt.date | None:
    """The day a decision told in ``start:end`` was made: the sentence's first day that does not time
    the duty ("ordering 1,500 freed from March 14"), else the date heading its entry in a chronology."""
    for d in ctx.dates(start, end, future=False):
        if d.kind == "day" and not DUTY_DAY_BEFORE.search(ctx.text, max(start, d.start - 25), d.start):
            return d.first
    m = DATE_LINE.search(ctx.text, max(0, start - 60), start)
    if m is not None:
        heads = ctx.dates(m.start("line"), m.end("line"), future=False)
        if len(heads) == 1 and heads[0].kind == "day" and not ctx.text[m.start("line") : m.end("line")].replace(
                ctx.text[heads[0].start : heads[0].end], "").strip(" \t,.:—–-"):
            return heads[0].first
    return None


def _agreements_in(ctx: Context, state: _State, s_start: int, s_end: int) -> _Agr | None:
    """Agreements signed or named in a sentence; returns the one the sentence is about."""
    text = ctx.text
    nouns = _noun_pattern(ctx)
    found: _Agr | None = None
    for m in nouns.finditer(text, s_start, s_end):
        if ctx.in_quote(m.start()):
            continue
        title = None
        if m.group("known"):
            title = next(k for k in ctx.cues.agreements if normalise(m.group("known")) in {normalise(n) for n in k.names})
            kind = title.kind
            if not _parties_named(ctx, title.parties):
                title = None  # a deal of that name between parties this text never names: another process's
        else:
            kind = ctx.cues.agreement_nouns.get(" ".join(m.group("noun").lower().split()), "agreement")
        if kind == "decision":
            continue
        # "X and Y signed a deal (on) DATE"
        before = text[s_start : m.start()]
        sign = SIGNED.search(before, max(0, len(before) - 120))
        named: list[str] = []
        parties: list[str] = []
        stated = False
        date = None
        internal = False
        if sign is not None:
            # "the signing of a Declaration of Principles between A and B": the parties follow the noun
            between = BETWEEN_PARTIES.match(text, m.end(), s_end)
            if between:
                named, parties = _parties_of(ctx, between.end(), _phrase_end(ctx, between.end(), s_end))
                if len(parties) < 2:
                    named, parties = [], []
            subj = ctx.subject_before(s_start + sign.start(), s_start) if not parties else None
            if subj is not None:
                group = ctx.coordinated(subj, s_start)
                _add_parties(ctx, group, named, parties)
                # "the president and his rival signed a power-sharing deal": two leaders of one side, a deal within it
                signers = {a for g in group for a, _ in ctx.actors_of(g, g.start) if ctx.party_of(a)}
                internal = len(group) >= 2 and len(signers) >= 2 and len(parties) == 1 and all(g.kind == "person" for g in group)
            with_ = re.match(r"\s+(?:with|between)\s+", text[m.end() : s_end]) if not between else None
            if with_:
                w = ctx.mention_at(m.end() + with_.end(), 4)
                if w is not None:
                    for actor, _ in ctx.actors_of(w, w.start):
                        party = ctx.party_of(actor)
                        if party and party not in parties:
                            named.append(actor)
                            parties.append(party)
            if len(parties) < 2:
                # "South Sudan's President Salva Kiir and his former deputy turned rebel leader Riek Machar signed"
                named2, parties2 = _parties_of(ctx, s_start, s_start + sign.start())
                if len(parties2) >= 2:
                    named, parties = named2, parties2
            # "the two sides announced an arrangement": a deal only when both sides announce it
            stated = not (sign.group("announced") and len(parties) < 2)
            # "signed ... in Maputo on Tuesday", else "on Wednesday signed ..." before the verb
            date = (_date_in(ctx, m.end(), min(s_end, m.end() + (200 if between else 60)))
                    or _date_in(ctx, max(s_start, s_start + sign.start() - 40), s_start + sign.end())
                    or _signing_day_after(ctx, m.end(), s_end))
            if SIGNED_ONLY.fullmatch(m.group(0)) and (date is None or DEAL_NOUN.search(sign.group(0))):
                continue  # "agreed a truce in June", "signed an agreement on a ceasefire": no deal of its own here
        else:
            ns = NOUN_SIGNED.match(text, m.end(), s_end)
            between = re.match(r"\s+between\s+", text[m.end() : s_end])
            if ns is None and SIGNED_ONLY.fullmatch(m.group(0)):
                continue  # "a ceasefire between A and B", "the ceasefire": the deal the text follows, or its duty
            if ns or between:
                span_end = _phrase_end(ctx, ns.end() if ns else m.end(), s_end)
                named, parties = _parties_of(ctx, m.end(), span_end)
                date = _date_in(ctx, m.end(), min(s_end, max(span_end, (ns.end() if ns else m.end()) + 70)))
                stated = bool(ns)
                if ns and "announced" in ns.group(0) and re.search(r"\b(?:the|this|that)\s+$", before, re.IGNORECASE):
                    # "A ceasefire between Israel and Hezbollah ... The agreement, announced on Tuesday by
                    # Biden and Macron": the deal the text follows (else its two sides), the announcers go-betweens
                    current = state.current
                    sides = (list(current.signatories), list(current.parties)) if current is not None and len(current.parties) >= 2 \
                        else _two_sides(ctx, m.start())
                    if len(sides[1]) >= 2 and not set(parties) & set(sides[1]):
                        named, parties = sides
                if ns and ns.group("plural") and not parties and not ns.group("plural").startswith("they"):
                    # "the accord the two neighbours signed in June": the two sides of the conflict
                    named, parties = _two_sides(ctx, m.start())
            else:
                # "the U.S.-Taliban deal": a compound of party names before the noun
                pre = re.search(r"((?:[\w.'’]+-)+[\w.'’]+|[\w.'’]+)\s+(?:[\w-]+\s+)?$", before)
                if pre and "-" in pre.group(1):
                    for part in pre.group(1).split("-"):
                        actor = ctx.gaz.resolve(part)
                        party = ctx.party_of(actor) if actor else None
                        if party and party not in parties:
                            named.append(actor)  # type: ignore[arg-type]
                            parties.append(party)
        if date is None:
            date = (_agreed_on(ctx, s_start, m.start()) or _day_before_noun(ctx, s_start, m.start())
                    or _day_after_noun(ctx, m.end(), s_end))
        named, parties = _without_brokers(ctx, named, parties)
        known = title or _known_on(ctx, date, parties)
        if known is not None:
            # "the Pretoria agreement", "the accord signed on Feb. 29 by Khalilzad and Baradar": the deal the data knows
            named = [a for a, p in zip(named, parties) if p in known.parties] or list(known.parties)
            parties = list(known.parties)
            date = date if date is not None and title is None else known.date
            if title is not None and not stated:
                agr = _Agr(kind, tuple(sorted(parties)), tuple(named), date, known.name, m.start(), m.end(), False)
                found = state.agreements.setdefault(agr.id, agr)
                continue
        if stated and len(parties) == 1 and not internal and ctx.kind_of(parties[0]) in ("armed_movement", "government", "state"):
            # "a Mozambican president and a RENAMO leader signed": the named side and its opponent
            other = ctx.opponent(parties[0], m.start())
            if other and ctx.kind_of(other) != "armed_movement" and WITH_ARMED.search(text, m.start(), s_end):
                other = None  # "signed a peace accord with tribal rebels": no state is the other side
            if other and other not in parties:
                named, parties = named + [other], parties + [other]
        if stated and not parties and date is not None:
            side = next((p for p in (_top_party(ctx, ("government",)), _top_party(ctx, ("state",))) if p), None)
            other = ctx.opponent(side, m.start()) if side else None
            if side and other:
                named, parties = [side, other], [side, other]
        if len(parties) >= 2 or (stated and parties):
            known = known or _known(ctx, tuple(parties), date, kind)
            if known is not None and date is None and stated:
                date = known.date  # "the agreement the United States signed with the Taliban": the day the data knows
            name = known.name if known else f"{'-'.join(ctx.gaz.name(p) if p in ctx.gaz.parties else p for p in parties)} {(m.group('noun') or m.group('known')).lower()}"
            agr = _Agr(kind, tuple(sorted(parties)), tuple(named), date, name, s_start if stated else m.start(), m.end(), stated)
            if date is not None and stated:
                agr.end = max(agr.end, _date_end(ctx, m.end(), s_end))
            old = state.agreements.get(agr.id)
            if old is None or (stated and not old.stated):
                state.agreements[agr.id] = agr
            found = state.agreements[agr.id]
        elif found is None and re.match(r"(?:the|that|this)\s+$", before[-5:], re.IGNORECASE) and state.current is not None:
            found = state.current
    if found is None or (not found.stated and found.start >= s_start):
        # "In the Pretoria agreement, both sides agreed to ...": the named deal is stated here
        found = _agreed_that(ctx, state, s_start, s_end) or _agreed_to(ctx, state, s_start, s_end) or found
    if found is not None:
        state.current = found
    return found


# "a peace accord with tribal rebels", "with the insurgents": the other side is an armed movement
WITH_ARMED = re.compile(r"\bwith\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:rebels|insurgents|guerrillas|militants|separatists|fighters|rebel\s+(?:group|movement))\b", re.IGNORECASE)


def _signing_day_after(ctx: Context, start: int, end: int) -> dt.date | None:
    """'signed an arrangement on the return of ... in Naypyitaw on 23 November': the day that closes the
    phrase of the signing, past a long description of the deal, with no other clause in between."""
    for d in ctx.dates(start, min(end, start + 180), future=False):
        if d.kind == "day" and (re.search(r"\bon\s+$", ctx.text[max(start, d.start - 4) : d.start]) or ctx.text.startswith("on ", d.start)):
            if re.search(r"[,;]|\b(?:after|since|before|when|which|that|who|until|while|and)\b", ctx.text[start : d.start]):
                return None
            return d.first
    return None


def _without_brokers(ctx: Context, named: list[str], parties: list[str]) -> tuple[list[str], list[str]]:
    """Drop international organisations from a deal's parties: the UN or the ICRC hosts or
    mediates a deal between the sides ("reached on Sept. 27 under UN and ICRC auspices")."""
    keep = [i for i, p in enumerate(parties) if ctx.kind_of(p) != "international_organisation"]
    return [named[i] for i in keep], [parties[i] for i in keep]


def _known_on(ctx: Context, date: dt.date | None, parties: list[str]) -> KnownAgreement | None:
    """The known deal signed on ``date`` that shares a party with ``parties`` (any, when none is named).

    "the accord signed in Doha on Feb. 29" is the U.S.-Taliban agreement even where the text
    names one side only, or names a person the gazetteer places with another party."""
    if date is None:
        return None
    # a deal of that day between parties the text never names belongs to another process
    on_day = [k for k in ctx.cues.agreements if k.date == date and any(p in ctx.found.named for p in k.parties)]
    shared = [k for k in on_day if set(k.parties) & set(parties)]
    if len(shared) == 1 and not set(parties) - set(shared[0].parties) or len(shared) == 1 and len(parties) < 3:
        return shared[0]
    return on_day[0] if len(on_day) == 1 and not parties else None


BETWEEN_PARTIES = re.compile(r"(?:\s+(?:of|on|for)\s+(?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*)*)?,?\s+between\s+")
AGREED_ON = re.compile(r"\b(?:agreed|signed|reached|struck|sealed)\s+(?:on\s+|late\s+on\s+|early\s+on\s+)?$", re.IGNORECASE)
SIDES = re.compile(r"\b(?:the\s+)?(?:two|both|warring)\s+(?:sides|parties|delegations|governments)\b|\bthe\s+(?:parties|sides|delegations)\b", re.IGNORECASE)


def _agreed_on(ctx: Context, start: int, end: int) -> dt.date | None:
    """The day written right after "agreed"/"signed" before a deal's noun ("had agreed on Monday to extend the truce")."""
    for d in ctx.dates(max(start, end - 80), end, future=False):
        if d.kind == "day" and AGREED_ON.search(ctx.text, max(start, d.start - 30), d.start):
            return d.first
    return None


def _day_before_noun(ctx: Context, start: int, noun: int) -> dt.date | None:
    """The day that qualifies the noun: "the February 29 deal", "their Feb. 29 agreement", "Monday's statement"."""
    for d in ctx.dates(max(start, noun - 40), noun, future=False):
        if d.kind == "day" and re.fullmatch(r"(?:['’]s)?\s+(?:[a-z-]+\s+)?", ctx.text[d.end : noun]):
            return d.first
    return None


def _day_after_noun(ctx: Context, noun_end: int, s_end: int) -> dt.date | None:
    """The day that names the deal after its noun: "the agreement of March 10", "the accord of 2 November"."""
    of = re.match(r"\s+of\s+", ctx.text[noun_end : min(s_end, noun_end + 6)])
    if of is None:
        return None
    for d in ctx.dates(noun_end + of.end(), min(s_end, noun_end + of.end() + 25), future=False):
        if d.kind == "day" and d.start == noun_end + of.end():
            return d.first
    return None


def _two_sides(ctx: Context, at: int) -> tuple[list[str], list[str]]:
    """The two parties of the conflict the text is about, for "the two sides" / "the delegations"."""
    side = next((p for p in (_top_party(ctx, ("government",)), _top_party(ctx, ("state",))) if p), None)
    other = ctx.opponent(side, at) if side else None
    return ([side, other], [side, other]) if side and other else ([], [])


def _agreed_that(ctx: Context, state: _State, s_start: int, s_end: int) -> _Agr | None:
    """'The government and the ELN agreed in Mexico City on Wednesday that ...': a deal between the subjects."""
    text = ctx.text
    m = AGREED_THAT.search(text, s_start, s_end)
    if m is None or ctx.in_quote(m.start()) or NOT_COMMITMENT.search(text, s_start, m.start()):
        return None
    if re.search(r"\b(?:not|never|denied|deny|denies|claimed|claims|said|says)\b", text[s_start : m.start()]):
        return None  # a denied or reported agreement is no deal of this text
    subj = ctx.subject_before(m.start(), s_start)
    sides = SIDES.search(text, max(s_start, m.start() - 40), m.start())
    if subj is None and sides is None:
        return None
    named: list[str] = []
    parties: list[str] = []
    if subj is None and sides is not None:
        named, parties = _two_sides(ctx, m.start())
        if len(parties) < 2:
            return None
        date = _date_in(ctx, s_start, m.end()) or ctx.doc.published
        agr = _Agr("agreement", tuple(sorted(parties)), tuple(named), date, "", sides.start(), m.end() - len(m.group(0)) + len(m.group(0).rstrip()) - 5, True)
        return _keep(ctx, state, agr, parties, m.end())
    _add_parties(ctx, ctx.coordinated(subj, s_start), named, parties)
    if len(parties) < 2:
        return None
    date = _date_in(ctx, m.start(), m.end()) or _date_in(ctx, s_start, m.start()) or ctx.doc.published
    start = ctx.coordinated(subj, s_start)[0].start
    agr = _Agr("agreement", tuple(sorted(parties)), tuple(named), date, "", start, m.end() - len(m.group(0)) + len(m.group(0).rstrip()) - 5, True)
    return _keep(ctx, state, agr, parties, m.end())


def _add_parties(ctx: Context, mentions: list[Any], named: list[str], parties: list[str]) -> None:
    """Add the actors of ``mentions`` and their parties, each party once."""
    for g in mentions:
        for actor, _ in ctx.actors_of(g, g.start):
            party = ctx.party_of(actor)
            if party and party not in parties:
                named.append(actor)
                parties.append(party)


def _keep(ctx: Context, state: _State, agr: _Agr, parties: list[str], terms_at: int | None) -> _Agr:
    """Name a deal found between parties and keep it (the first reading of an
    id wins); ``terms_at``: where the sentences stating its terms may start."""
    agr.name = f"{'-'.join(ctx.gaz.name(p) if p in ctx.gaz.parties else p for p in parties)} agreement"
    state.agreements.setdefault(agr.id, agr)
    if terms_at is not None:
        state.terms_at = terms_at
    return state.agreements[agr.id]


# nouns that name a deal of their own only when it is signed or reached ("signed a ceasefire on Dec. 27",
# "the ceasefire they agreed"), else a duty or the deal the text follows
SIGNED_ONLY = re.compile(r"cease-?fire", re.IGNORECASE)
DEAL_NOUN = re.compile(r"\b(?:agreement|deal|accord|pact|treaty|truce|memorandum|protocol)\b", re.IGNORECASE)
AGREED_TO = re.compile(
    r"\b(?:have\s+|has\s+|had\s+)?agreed\s+(?:(?:on\s+)?(?:\w+day|[A-Z][a-z]+\.?\s+\d{1,2})\s+|with\s+(?:the\s+)?(?P<with>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*)\s+)?"
    r"(?:in\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*\s+)?(?:on\s+\w+day\s+)?to\s+(?:a\s+|an\s+|the\s+)?"
)


def _agreed_to(ctx: Context, state: _State, s_start: int, s_end: int) -> _Agr | None:
    """'Armenia and Azerbaijan agreed on Thursday to exchange prisoners', 'Moscow had agreed with Kyiv to
    swap ...': a deal between two or more parties on a release, a truce, talks or a withdrawal."""
    text = ctx.text
    m = AGREED_TO.search(text, s_start, s_end)
    if m is None or ctx.in_quote(m.start()) or NOT_COMMITMENT.search(text, s_start, m.start()):
        return None
    if re.search(r"\b(?:not|never|denied|deny|denies)\b", text[max(s_start, m.start() - 40) : m.start()]):
        return None
    act = _action_pattern(ctx).search(text, m.end(), min(s_end, m.end() + 40))
    if act is None:
        return None
    subj = ctx.subject_before(m.start(), s_start)
    if subj is None:
        return None
    named: list[str] = []
    parties: list[str] = []
    _add_parties(ctx, ctx.coordinated(subj, s_start), named, parties)
    if m.group("with"):
        w = ctx.mention_at(m.start("with"), 4)
        _add_parties(ctx, [w] if w is not None else [], named, parties)
    if len(parties) < 2:
        return None
    date = _date_in(ctx, s_start, _phrase_end(ctx, act.end(), s_end))
    if date is None and state.current is not None and set(parties) == set(state.current.parties):
        return state.current  # "The parties further agreed to exchange detainees": more terms of the deal the text follows
    start = ctx.coordinated(subj, s_start)[0].start
    agr = _Agr("agreement", tuple(sorted(parties)), tuple(named), date, "", start, _phrase_end(ctx, act.end(), s_end), True)
    return _keep(ctx, state, agr, parties, None)


def _top_party(ctx: Context, kinds: tuple[str, ...]) -> str | None:
    """The party of these kinds named most often in the text."""
    starts, parties = ctx.parties_by_kind(kinds)
    if not parties:
        return None
    return max(set(parties), key=lambda p: (parties.count(p), -parties.index(p)))


# after a subject: its verb ("X and Y were to free ...", "X and Y exchanged ...")
SUBJECT_VERB = re.compile(r"\s+(?:[a-z]+ly\s+|also\s+|then\s+)?(?:were|are|was|is|would|will|shall|must|had|have|has|agreed|pledged|committed|undertook|exchanged|freed|released|signed)\b")


def _pair_before(ctx: Context, pos: int) -> list[str]:
    """The two parties of the last subject "X and Y" in the sentence before ``pos`` or in its own up to it."""
    s_start = ctx.layout.sentence_of(pos)[0]
    floor = ctx.layout.sentence_of(max(0, s_start - 2))[0]
    for m in reversed(ctx.mentions_in(floor, pos)):
        if m.kind in ("pronoun", "sides") or ctx.in_quote(m.start) or not SUBJECT_VERB.match(ctx.text, m.end):
            continue
        parts = ctx.coordinated(m, floor)
        pair = list(dict.fromkeys(p for part in parts for a, _ in ctx.actors_of(part, part.start) if (p := ctx.party_of(a))))
        if len(parts) == 2 and len(pair) == 2:
            return pair
    return []


def _facing_sides(ctx: Context, subj: Any, parties: list[str], pos: int) -> list[str]:
    """The deal's parties a "sides" subject stands for: all of them, but "the two sides" of a deal more
    than two signed (a summit with its mediators) are the two that face each other."""
    if len(parties) <= 2 or not re.search(r"\b(?:two|both)\b", ctx.text[subj.start : subj.end], re.IGNORECASE):
        return parties
    return _two_of(ctx, parties, pos)


def _two_of(ctx: Context, parties: list[str], pos: int) -> list[str]:
    """The two of ``parties`` that face each other: the pair the sentence before named as a subject ("X and
    Y were to free ... The two sides were also to ..."), else the two the text does not name as go-betweens,
    else the two sides of the conflict the text follows, else all."""
    from loaders.extract.terms import _broker

    pair = _pair_before(ctx, pos)
    if pair:
        return pair
    sides = [p for p in parties if not _broker(ctx, p)]
    if len(sides) == 2:
        return sides
    first = _top_party(ctx, ("government",)) or _top_party(ctx, ("state",))
    other = ctx.opponent(first, pos) if first else None
    return [first, other] if first and other and first != other else parties


PHRASE_END = re.compile(r"(?<!\d),|,(?!\d{3})|;|\s+(?:that|which|who)\s")  # "5,000" is one figure, not two phrases


def _phrase_end(ctx: Context, start: int, limit: int) -> int:
    m = PHRASE_END.search(ctx.text, start, limit)
    return m.start() if m else limit


def _date_end(ctx: Context, start: int, limit: int) -> int:
    dates = ctx.dates(start, min(limit, start + 40), future=False)
    return dates[0].end if dates else start


def _last_figure_people(ctx: Context, start: int, limit: int):
    """The people counted by the last figure in [start, limit) (see :func:`_figure_people`): those "their
    release" means; None when the last figure counts no people (one cannot tell whom "their" means)."""
    figures = ctx.numbers.find(ctx.text, start, limit)
    if not figures:
        return None
    fp = _figure_people(ctx, figures[-1].start, limit)
    return fp if fp is not None and fp[0].start == figures[-1].start else None


def _figure_people(ctx: Context, start: int, limit: int):
    """(figure, object text, object start, object end) for 'up to 5,000 Taliban prisoners'."""
    from loaders.extract.releases import _figure_with_people, _patterns

    _, _, people, _ = _patterns(ctx)
    figs = ctx.numbers.find(ctx.text, start, min(limit, start + 60))
    hit = _figure_with_people(ctx, figs, people, limit)
    if hit is None:
        return None
    figure, noun_start, noun_end = hit
    of = re.match(r"\s+of\s+(?:the\s+|its\s+|their\s+)?(?:(?!(?:to|in|for|by|on|at|today|tomorrow|and|who|which|that)\b)[\w'’-]+\s*){1,4}", ctx.text[noun_end:limit])
    if of:
        noun_end += len(of.group(0).rstrip())
    obj_start = figure.end
    obj = ctx.text[obj_start:noun_end].strip()
    obj = re.sub(r"^(?:of\s+(?:its|their|the)\s+)", "", obj)
    return figure, obj, figure.start, noun_end


def _nation_people(ctx: Context, start: int, end: int, obligor: str | None) -> bool:
    """'Israel is to free 1,900 Palestinian prisoners': people of a nation whose side in the conflict is a
    movement, not a state, are nobody's party (as in releases); fighters or members named are the movement's."""
    from loaders.extract.releases import _patterns

    other = ctx.opponent(obligor, start) if obligor else None
    if other is None or ctx.kind_of(other) != "armed_movement":
        return False
    if any(m.kind in ("party", "descriptor", "metonym") and m.actor for m in ctx.mentions_in(start, end)):
        return False
    _, _, _, kinds = _patterns(ctx)
    span = ctx.text[start:end]
    if any(p.search(span) for _, p in kinds):
        return False
    for word in re.findall(r"[\w.'’-]+", span):
        base = re.sub(r"['’]s$", "", word)
        if base not in ctx.cues.demonyms and base.endswith("s"):
            base = base[:-1]
        if base in ctx.cues.demonyms:
            return other in ctx.gaz.countries.get(ctx.cues.demonyms[base], ())
    return False


def _object_party(ctx: Context, start: int, end: int) -> str | None:
    from loaders.extract.releases import _patterns, _released_party

    _, _, _, kinds = _patterns(ctx)
    return _released_party(ctx, start, end, None, kinds)


WITHIN = re.compile(r"\bwithin\s+(?:the\s+(?:first|next)\s+)?(?P<n>\d+|[a-z]+(?:-[a-z]+)?)\s+(?P<unit>hours?|days?|weeks?|months?|years?)\b", re.IGNORECASE)


# "within 60 days of D-Day", "within thirty days of NATO taking over": counted from another event than the signing
OTHER_START = re.compile(r"\s+(?:of|after|from)\s+(?!(?:the\s+|its\s+|their\s+|this\s+|today['’]s\s+)?(?:(?:deal|accord|agreement|pact|treaty)['’]s\s+)?"
                         r"(?:sign|initial|agreement|accord|deal|pact|treaty|truce|ceasefire|decree|decision|order)\w*\b)", re.IGNORECASE)
# the day the span is counted from, when the words give it: "of the accord entering into force on December 1"
SINCE_DAY = re.compile(r"\s+(?:of|after|from)\s+[^,;.\"“”]{0,50}?\b(?P<day>on\s+|(?=\d|[A-Z][a-z]{2}))(?=[^,;.]{0,20}\d)[^,;]{1,25}")


def _within(ctx: Context, start: int, end: int, base: dt.date | None) -> dt.date | None:
    """'within 14 months' (of the signing): the agreement's date plus that much; counted from the day the words
    give ("within 180 days of the accord entering into force on December 1"), and from no day when they name
    another event ("within 60 days of D-Day")."""
    m = WITHIN.search(ctx.text, start, end)
    if not m:
        return None
    since = SINCE_DAY.match(ctx.text, m.end(), end)
    if since is not None:
        base = ctx.first_day(since.start("day"), since.end()) or base  # "within 180 days of the accord entering into force on December 1"
    elif OTHER_START.match(ctx.text, m.end()):
        return None
    if base is None:
        return None
    return after_span(base, ctx.numbers.value_of(m.group("n")), m.group("unit"))


def after_span(base: dt.date, n: int | None, unit: str) -> dt.date | None:
    """The day ``n`` hours, days, weeks, months or years after ``base`` (None without a count)."""
    if not n:
        return None
    unit = unit.lower().rstrip("s")
    if unit == "hour":
        return base + dt.timedelta(days=-(-n // 24))  # "within 72 hours": three days
    if unit == "day":
        return base + dt.timedelta(days=n)
    if unit == "week":
        return base + dt.timedelta(weeks=n)
    months = n * (12 if unit == "year" else 1)
    year, month = divmod(base.month - 1 + months, 12)
    import calendar

    day = min(base.day, calendar.monthrange(base.year + year, month + 1)[1])
    return dt.date(base.year + year, month + 1, day)


# "is to free 50 over four days", "during the 42 days of the first phase": a duty spread over a span of days
OVER_DAYS = re.compile(r"\b(?:over|during|across)\s+(?:the\s+(?:next\s+|first\s+|following\s+)?|those\s+|these\s+)?(?P<n>\d+|[a-z]+(?:-[a-z]+)?)\s+(?P<unit>days|weeks)\b", re.IGNORECASE)
# "the pause took effect at 7 a.m. today", "since the ceasefire took effect on Jan. 19": when the span starts
TOOK_EFFECT = re.compile(r"\b(?:took|takes|take|came\s+into|comes\s+into|went\s+into|entered\s+into)\s+(?:effect|force)\b|\b(?:truce|ceasefire|cease-fire|pause)\s+(?:began|started|begins|starts)\b", re.IGNORECASE)


def _over_days(ctx: Context, start: int, end: int) -> dt.date | None:
    """'over four days' from the day the truce took effect, as the text dates it: the last of those days."""
    m = OVER_DAYS.search(ctx.text, start, end)
    if m is None:
        return None
    n = ctx.numbers.value_of(m.group("n"))
    if not n or n > 400:
        return None
    days = n * (7 if m.group("unit").lower() == "weeks" else 1)
    began = None
    for t in TOOK_EFFECT.finditer(ctx.text, max(0, start - 3000), end):
        limit = ctx.layout.sentence_of(t.start())[1]
        after = [d for d in ctx.dates(t.end(), min(limit, t.end() + 45)) if d.kind == "day"]
        if after:
            began = after[0].first
    return began + dt.timedelta(days=days - 1) if began is not None else None


# a duty told in the past: "was to hand back", "were due to open", "had to leave"
PAST_DUTY = re.compile(r"\b(?:was|were)\s+(?:(?:also|then|supposed|due|meant|expected|scheduled|set)\s+)?to\b|\bhad\s+to\b", re.IGNORECASE)
# "will begin on Monday", "takes effect on Friday": a weekday (its "on" its own) on which a duty starts
STARTS_ON = re.compile(r"\b(?:begin|begins|start|starts|open|opens|resume|resumes|effect|force|held|meet|run|runs)\s+$", re.IGNORECASE)


def _future_dates(ctx: Context, start: int, end: int) -> list[Any]:
    """The dates of a span read as future ones, once per span (a sentence's duties look up the same spans)."""
    key = f"future-dates-{start}-{end}"
    if key not in ctx.memo:
        ctx.memo[key] = ctx.dates(start, end, future=True)
    return ctx.memo[key]  # type: ignore[return-value]


def _deadline(ctx: Context, start: int, end: int, obligation: bool = False, made: dt.date | None = None) -> dt.date | None:
    """'by March 10'; in an obligation ("were to start talks on March 10", "starting Aug. 3") any such date.
    A duty told in the past ("Armenia was to hand back the district by Nov. 20", in January) has a day
    without a year in the year before, where it is past, unless that falls before the deal was ``made``
    (a December deal whose sides "were to pull back by the end of March": the March after it)."""
    for d in _future_dates(ctx, start, end):
        if d.first > ctx.doc.published and PAST_DUTY.search(ctx.text, max(ctx.layout.sentence_of(d.start)[0], d.start - 120), d.start):
            past = next((p for p in ctx.dates(d.start, d.end, future=False) if p.start == d.start), d)
            d = past if made is None or past.last >= made else d
        if (BY_DATE.search(ctx.text, max(start, d.start - 25), d.start) or (obligation and MOVED_TO.search(ctx.text, max(start, d.start - 60), d.start))
                or obligation and BETWEEN_DATES.search(ctx.text, max(start, d.start - 30), d.start)):
            return d.last
        if (DATES_THE_DEAL.match(ctx.text, d.end) or DEAL_MADE_ON.search(ctx.text, max(0, d.start - 80), d.start)
                or SIGNED_ON.search(ctx.text, max(0, d.start - 100), d.start)
                or AGREED_THEN_DAY.search(ctx.text, max(start, d.start - 80), d.start) and re.match(r"\s+to\s+[a-z]", ctx.text[d.end : d.end + 20])):
            continue  # "on July 23, when the two sides agreed to ...", "agreed at talks on May 16 to ...": the deal's day
        if (obligation and d.kind == "day" and (re.search(r"\b(?:on|starting|from|beginning)\s+$", ctx.text[max(start, d.start - 12) : d.start])
                                                 or HOUR_BEFORE.search(ctx.text, max(start, d.start - 40), d.start)
                                                 or ctx.text.startswith("on ", d.start) and STARTS_ON.search(ctx.text, max(start, d.start - 16), d.start))
                and not re.search(r"\b(?:since|began|begun|started|erupted|broke\s+out|signed|ended|killed|attack)\b", ctx.text[max(start, d.start - 40) : d.start])):
            return d.first
    return None


# an hour a duty starts from, before its day: "to cease all hostilities from 6 p.m. on Friday"
# a time of day: "6 p.m.", "18:00 hours", "6.30 pm"
CLOCK = r"(?:0?\d|1\d|2[0-4])(?:[:.]?\d\d)?\s*(?:a\.m\.|p\.m\.|am|pm|hours|h)"
HOUR_BEFORE = re.compile(r"\b(?:from|at|starting(?:\s+at|\s+from)?|as\s+of|with\s+effect\s+from)\s+(?:noon|midday|dawn|"
                         + CLOCK + r"(?:\s+local\s+time)?)\s+$", re.IGNORECASE)
TRUCE_START = re.compile(
    r"\b(?:(?:from|as\s+of|starting\s+(?:at|from))\s+(?P<hour>noon|midday|(?P<midnight>midnight)|dawn|" + CLOCK + r"\b|(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+o['’]clock\b)"
    r"|(?P<now>(?:tak(?:e|es|ing)|took|came|comes|coming)\s+(?:effect|into\s+force)\s+immediately|effective\s+immediately|with\s+immediate\s+effect"
    r"|(?<=\s)(?:at\s+once|immediately)(?=\s*(?:[,.;]|and\b|$))))",
    re.IGNORECASE)


def _talks_month(ctx: Context, start: int, end: int) -> dt.date | None:
    """'to meet again in May', 'to hold the next round of talks in October': by the end of that month."""
    for d in ctx.dates(start, end, future=True):
        if d.kind == "month" and re.match(r"in\s", ctx.text[d.start : d.start + 3]):
            return d.last
    return None


def _clause_limit(text: str, start: int, end: int) -> int:
    """Where the words that can time a duty stop: a semicolon, a new sentence, or 160 characters on."""
    m = re.search(r"[;.](?:\s|$)", text[start : min(end, start + 160)])
    return start + m.start() if m else min(end, start + 160)


def _truce_start(ctx: Context, agr: _Agr | None, start: int, end: int) -> dt.date | None:
    """When a truce starts, for its deadline: "from 5 pm" or "taking effect immediately" on the day of the
    deal; "from midnight", the day after; "from noon on Saturday", that day."""
    m = TRUCE_START.search(ctx.text, start, end)
    if m is None:
        return None
    if m.group("hour"):
        after = ctx.dates(m.end(), min(len(ctx.text), m.end() + 30), future=True)
        if after and after[0].kind == "day" and re.match(r"[^,;.]{0,20}$", ctx.text[m.end() : after[0].start]):
            return after[0].first
    if agr is None or agr.date is None:
        return None
    return agr.date + dt.timedelta(days=1) if m.group("midnight") else agr.date


def _make(ctx: Context, state: _State, agr: _Agr | None, obligor: str, action: str, obj: str, object_party: str | None,
          figure, deadline: dt.date | None, ev: tuple[int, int], rule: str, counterparty: str | None = None,
          conditions: tuple[str, ...] = ()) -> Commitment:
    agreement = agr.id if agr else None
    cid = commitment_id(agreement, obligor, action, object_party if action == "release" else None)
    if counterparty is None and action == "release":
        counterparty = object_party
    c = Commitment(
        id=cid, obligor=obligor, action=action, object=obj or action, agreement=agreement,
        object_party=object_party if action == "release" else None,
        target=figure.value if figure is not None else None,
        upper_bound=bool(figure is not None and figure.qualifier == "at_most"),
        counterparty=counterparty, deadline=deadline, conditions=conditions,
        evidence=ctx.evidence(*ev), rule=rule, confidence=0.75,
    )
    state.commitments.append(c)
    return c


def _obligations(ctx: Context, state: _State, agr: _Agr | None, start: int, end: int, rule: str) -> list[Commitment]:
    """'X would release N Y (while|and) Z would free M W' / gapped 'and Z M W' / passive 'N Y should be released'."""
    text = ctx.text
    made: list[Commitment] = []
    actions = _action_pattern(ctx)
    deadline = (_deadline(ctx, start, end, obligation=True, made=agr.date if agr else None) or _within(ctx, start, end, agr.date if agr else None)
                or _over_days(ctx, start, end))
    hits = list(actions.finditer(text, start, end))
    whole = deadline
    segments = _duty_clauses(text, start, end)

    def clause_deadline(a: int, b: int, spread: bool = True) -> dt.date | None:
        return (_deadline(ctx, a, b, obligation=True, made=agr.date if agr else None) or _within(ctx, a, b, agr.date if agr else None)
                or (_over_days(ctx, a, b) if spread else None))

    def own_deadline(pos: int, action: str = "other", spread: bool = True) -> dt.date | None:
        """The deadline of the clause holding ``pos``: "X is to disarm within 30 days, and Y committed to
        restoring services" gives Y none. A sentence of one clause, or one that closes on "all by March 10",
        keeps the sentence's; "X was to free 5,000 by March 10, and Y were to free 1,000 in return" gives
        the second release the deadline of the first."""
        if len(segments) < 2 or SHARED_DEADLINE.search(text, start, end):
            return whole if spread or whole is None else clause_deadline(start, end, spread=False)
        a, b = next(((a, b) for a, b in segments if a <= pos < b), segments[-1])
        found = clause_deadline(a, b, spread)
        if found is None and action != "other":
            for a2, b2 in segments:
                if PLEDGE_IN_RETURN.match(text, a2):
                    continue  # the other side's pledge given in return keeps its time to itself
                if (a2, b2) != (a, b) and any(a2 <= h.start() < b2 and ctx.cues.actions[" ".join(h.group("a").lower().split())] == action for h in hits):
                    found = found or clause_deadline(a2, b2, spread=False)  # "over four days" times its own clause only
        return found
    # under a deal the text follows, a party's own undertaking is a duty of any kind: "the ELN undertook to stop kidnapping"
    party_duty = rule == "commitment-verb" and agr is not None and len(agr.parties) >= 2
    others = re.finditer(r"\b(?:agreed|pledged|promised|vowed|committed|commits?|undertook|undertakes?)(?:\s+(?:itself|themselves))?(?:\s+on\s+\w+)?\s+to\s+(?P<a>[a-z]+)\b", text[start:end]) if rule.startswith("agreement-terms") or party_duty else ()
    if rule.startswith("agreement-terms"):
        modal_others = re.finditer(r"\b(?:would|will|shall|must|(?:are|is|were|was)\s+(?:also\s+|then\s+|now\s+|further\s+|in\s+turn\s+)?to|(?:is|are|was|were)\s+(?:also\s+)?(?:bound|obliged|required)\s+to)\s+(?:also\s+)?(?P<a>[a-z]+)\b", text[start:end])
        binding = [mo for mo in modal_others if mo.group("a") not in ("be", "not", "also", "have", "then", "only", "still", "now")]
        if agr is not None:
            # a deal's terms bind its own parties: "the ICRC ... will interview the detainees" is no duty under it
            bound = {c.obligor for c in state.commitments if c.agreement == agr.id}
            binding = [mo for mo in binding if _binds(ctx, agr, start + mo.start(), start, bound)]
        others = list(others) + binding
    for om in others:
        verb = om.group("a")
        if verb in ctx.cues.actions or any(start + om.start("a") == h.start() or (start + om.end("a") < h.start() <= start + om.end("a") + 25
                                                                       and ctx.cues.actions.get(" ".join(h.group("a").lower().split())) in ("talks", "ceasefire")) for h in hits) or verb in ("a", "an", "the", "be"):
            continue  # "were to start talks": the action word that follows names the duty
        subj = ctx.subject_before(start + om.start(), start) or ctx.subject_before(start + om.start(), ctx.layout.sentence_of(start)[0])
        if subj is None or NOT_COMMITMENT.search(text, start, start + om.start()):
            continue
        p_end = _phrase_end(ctx, start + om.end(), end)
        # a deadline of this obligation only: "while the government would suspend ..." has none of the clause before
        own = own_deadline(start + om.start())
        split = None
        for split in re.finditer(r"(?:,\s*while|,\s*whereas|;)\s", text[start : start + om.start()]):
            pass
        if split is not None and len(segments) < 2:
            b = start + split.end()
            own = _deadline(ctx, b, end, obligation=True, made=agr.date if agr else None) or _within(ctx, b, end, agr.date if agr else None)
        # "is to disarm its 5,221 remaining fighters", "will send a force of 1,960 troops": the people counted
        fp = _figure_people(ctx, start + om.end("a"), p_end)
        figure = fp[0] if fp is not None and fp[0].value and not re.search(r"[$€£]\s*$", text[max(0, fp[0].start - 2) : fp[0].start]) else None
        parts = ctx.coordinated(subj, start) if subj.kind != "sides" else [subj]
        obligors_other: list[str] = []
        if subj.kind == "sides" and agr is not None and len(agr.parties) >= 2:
            obligors_other = _facing_sides(ctx, subj, list(agr.parties), start + om.start())
        else:
            for part in parts:
                for actor, _ in ctx.actors_of(part, part.start):
                    ob = ctx.party_of(actor)
                    if ob and ob not in obligors_other:
                        obligors_other.append(ob)
        if _told_by_other(ctx, start + om.start(), obligors_other, agr):
            continue  # "Hamas said that Israel had agreed to ...": another side's claim, no duty
        if agr is not None and agr.kind == "decision" and not set(obligors_other) & set(agr.parties):
            continue  # one party's decision binds no other party
        if party_duty and (ctx.in_quote(start + om.start()) or not obligors_other or verb in ctx.cues.number_words
                           or any(ob not in agr.parties for ob in obligors_other)):  # type: ignore[union-attr]
            continue  # only the deal's own parties owe under it
        # "commit to ensuring that all foreign fighters leave": the duty is the departure
        duty = "withdraw" if verb in ("ensure", "ensuring", "see") and PULL_OUT.search(text, start + om.end("a"), min(end, start + om.end("a") + 120)) else "other"
        if duty == "other":
            duty = duty_kind(text, start + om.start("a"), p_end)
            if duty == "ceasefire":
                own = _truce_start(ctx, agr, start + om.end("a"), _clause_limit(text, start + om.end("a"), end)) or own
            if duty == "talks" and own is None:
                own = _talks_month(ctx, start + om.end("a"), p_end)
            if duty == "release" and figure is None:
                figure = _one_named(ctx, start + om.start("a"), p_end)
        for ob in obligors_other:
            made.append(_make(ctx, state, agr, ob, duty, " ".join(text[start + om.start("a") : p_end].split()),
                              None, figure, own, (subj.start, p_end), rule + "-other",
                              counterparty=_other(ctx, agr, ob)))
    for am in hits:
        action = ctx.cues.actions[" ".join(am.group("a").lower().split())]
        deadline = own_deadline(am.start(), action)
        # what the other side owes in return is not spread "over four days" with it
        recip_deadline = own_deadline(am.start(), action, spread=False) if deadline is not None else None
        before = text[max(start, am.start() - 60) : am.start()]
        modal = MODAL_BEFORE.search(before)
        if modal is None and AND_TO.search(before):
            # "agreed to stop all hostilities at once and to free the prisoners": the duty before it, its subject;
            # the time is this duty's own ("..., to the departure of ... within three months, and to exchange ...")
            s_first = ctx.layout.sentence_of(am.start())[0]
            whole = text[s_first : am.start()]
            prior = [m for m in ADVERB_MODAL.finditer(whole) if not re.match(r"(?:for|with)\s", m.group(0))]
            if prior and not re.search(r"[;]|\.\s", whole[prior[-1].end() :]):
                first_verb = re.compile(r"\s*").match(text, s_first + prior[-1].end()).end()
                if action == "release" and duty_kind(text, first_verb, am.start()) == "release":
                    continue  # "to grant clemency to X ... and to return him": one release told twice
                before, modal = whole, prior[-1]
                deadline = clause_deadline(am.start(), end)
                recip_deadline = clause_deadline(am.start(), end, spread=False) if deadline is not None else None
        passive = re.search(r"(?:would|will|should|must|shall|are\s+to|is\s+to|were\s+to|to)\s+be\s+$", before) and action == "release"
        if not modal and not passive:
            lead = NOMINAL_TRUCE.search(text, max(start, am.start() - 80), am.start()) if action == "ceasefire" else None
            first_term = am.start() - start < 30 or (lead is not None and not text[start : lead.start()].strip())
            nominal = rule.startswith("agreement-terms") and (first_term or rule == "agreement-terms" and NOUN_LIST.search(text, start, am.start()))
            if nominal and action == "release":
                made += _nominal_release(ctx, state, agr, am, end, deadline, rule)
            elif nominal and action == "ceasefire" and rule == "agreement-terms":
                made += _nominal_ceasefire(ctx, state, agr, am, start, end, deadline, rule)
            continue
        if passive:
            figs = [f for f in ctx.numbers.find(text, max(start, am.start() - 200), am.start())]
            from loaders.extract.releases import _figure_with_people, _patterns

            _, _, people, _ = _patterns(ctx)
            hit = _figure_with_people(ctx, list(reversed(figs)), people, am.start())
            if hit is None:
                # "100 Taliban should be released": the party name is the noun
                hit2 = None
                for f in reversed(figs):
                    if re.match(r"\s+[A-Z]", text[f.end : f.end + 3]):
                        hit2 = f
                        break
                if hit2 is None:
                    continue
                figure = hit2
                noun_end = am.start()
            else:
                figure, _, noun_end = hit
            object_party = _object_party(ctx, figure.start, noun_end)
            agent = _agent(ctx, am.end(), end)
            obligor = agent or (ctx.opponent(object_party, am.start()) if object_party else None)
            if obligor is None:
                continue
            made += _gapped_passive(ctx, state, agr, am.end(), end, deadline, action, rule)
            obj = " ".join(text[figure.end : noun_end].split()).replace(" should be", "").strip() or "prisoners"
            obj = re.sub(r"\s+(?:should|would|will|must|are|is|were|was)(?:\s+be)?$", "", obj)
            ev_end = _reciprocal_end(ctx, am.end(), end)
            c = _make(ctx, state, agr, obligor, action, _object_text(obj), object_party, figure, deadline,
                      (figure.start, ev_end), rule + "-passive")
            made.append(c)
            made += _reciprocal(ctx, state, agr, c, am.end(), end, recip_deadline, (figure.start, ev_end), rule)
            continue
        subj_end = max(start, am.start() - len(before) + modal.start())  # type: ignore[union-attr]
        if CONDITIONAL.search(text, ctx.layout.sentence_of(start)[0], subj_end):
            continue  # "If talks go well, both sides are to ...": no duty yet
        subj = None
        if re.match(r"(?:for|with)\s", modal.group(0)):  # type: ignore[union-attr]
            # "It calls for the Houthis to free 181 ...", "with Hamas to free 20 more ...": the subject is inside
            inner = ctx.mention_at(subj_end + 4, 8)
            subj = inner if inner is not None and inner.start < am.start() else None
        subj = subj or ctx.subject_before(subj_end, start)
        if subj is None:
            m = [x for x in ctx.mentions_in(start, subj_end) if not ctx.in_quote(x.start)]
            subj = m[-1] if m and re.fullmatch(r"[\s,]*", text[m[-1].end : subj_end]) else None
        if subj is None:
            continue
        obligors = []
        if subj.kind == "sides" and agr is not None and len(agr.parties) >= 2:
            obligors = _facing_sides(ctx, subj, list(dict.fromkeys(p for p in (ctx.party_of(a) for a in agr.signatories) if p))
                                     or list(agr.parties), am.start())
        for part in ctx.coordinated(subj, start) if not obligors else ():
            for a, _ in ctx.actors_of(part, part.start):
                o = ctx.party_of(a)
                if o and o not in obligors:
                    obligors.append(o)
        obligor = obligors[0] if obligors else None
        if obligor is None:
            continue
        ev_start = subj.start
        if re.search(r"\b[Tt]he\s+$", text[max(0, ev_start - 4) : ev_start]):
            ev_start -= 4
        if action == "release" and am.group("a").lower() in ("exchange", "swap") and (subj.plural or subj.kind == "sides" or len(obligors) > 1
                                                                                  or (subj.kind == "pronoun" and subj.head == "they")):
            # "they agreed to exchange all prisoners": each side frees the other's people
            sides = obligors if len(obligors) > 1 else []
            if not sides:
                first = _top_party(ctx, ("government",)) or _top_party(ctx, ("state",))
                sides = [p for p in (first, ctx.opponent(first, am.start())) if p]
            fp = _figure_people(ctx, am.end(), end)
            # "to exchange 1,000 prisoners each": the figure is what every side frees
            each = fp[0] if fp is not None and fp[0].value and EACH_SIDE.match(text, fp[3]) else None
            for ob in sides[:2]:
                other_side = next((p for p in sides if p != ob), None)
                made.append(_make(ctx, state, agr, ob, "release", "prisoners", other_side, each, deadline,
                                  (ev_start, _phrase_end(ctx, am.end(), end)), rule + "-exchange"))
            continue
        if action == "release":
            fp = _figure_people(ctx, am.end(), end)
            if fp is None:
                every = (re.match(r"\s+all\s+(?:the\s+|of\s+the\s+|remaining\s+|of\s+(?:its|their)\s+)?(?P<who>[\w\s-]{0,30}?(?:prisoners|detainees|captives|hostages|prisoners\s+of\s+war|people|persons|soldiers|civilians|abductees|kidnap\s+victims|kidnapped))\b", text[am.end() : end])
                         or THE_HELD.match(text[am.end() : end]))
                if every is None and HANDED_THINGS.match(text, am.end(), end):
                    # "is to hand over its heavy weapons": a duty of another kind than a release
                    p_end = _phrase_end(ctx, am.end(), end)
                    for ob in obligors:
                        made.append(_make(ctx, state, agr, ob, "other", " ".join(text[am.start() : p_end].split()), None, None, deadline,
                                          (ev_start, p_end), rule + "-other", counterparty=_other(ctx, agr, ob)))
                    continue
                if every is None:
                    continue
                # "agreed to release all prisoners": no figure, every one of them
                for ob in obligors:
                    made.append(_make(ctx, state, agr, ob, action, every.group("who"), ctx.opponent(ob, am.start()), None, deadline,
                                      (ev_start, am.end() + every.end()), rule + "-all"))
                continue
            figure, obj, o_start, o_end = fp
            object_party = (None if _nation_people(ctx, o_start, o_end, obligor)
                            else _object_party(ctx, o_start, o_end) or ctx.opponent(obligor, am.start()))
            c = _make(ctx, state, agr, obligor, action, _object_text(obj), object_party, figure, deadline,
                      (ev_start, o_end), rule)
            made.append(c)
            made += _reciprocal(ctx, state, agr, c, o_end, end, recip_deadline, (ev_start, o_end), rule)
            # gapped: "... and the Taliban 1,000 government personnel"
            gap = re.match(r"(?:\s*,\s*(?:including|among\s+them|among\s+whom|mostly|many\s+of\s+them)\s+[^,;]{1,80})?\s*,?\s*(?:and|while|with)\s+", text[o_end:end])
            if gap:
                other = ctx.mention_at(o_end + gap.end(), 4)
                if other is not None:
                    fp2 = _figure_people(ctx, other.end, end)
                    if fp2 is None:
                        bare = ctx.numbers.find(text, other.end, min(end, other.end + 20))
                        if bare and bare[0].value and re.fullmatch(r"\s*", text[other.end : bare[0].start]):
                            fp2 = (bare[0], obj, bare[0].start, bare[0].end)
                    if fp2 is not None and fp2[2] - other.end < 4:
                        ob2 = ctx.party_of(other.actor)
                        if ob2:
                            figure2, obj2, s2, e2 = fp2
                            op2 = None if _nation_people(ctx, s2, e2, ob2) else _object_party(ctx, s2, e2) or ctx.opponent(ob2, s2)
                            made.append(_make(ctx, state, agr, ob2, action, _object_text(obj2), op2, figure2, deadline,
                                              (other.start, e2), rule + "-gapped"))
        elif action in ("ceasefire", "talks"):
            if action == "ceasefire":
                deadline = _truce_start(ctx, agr, am.end(), _clause_limit(text, am.end(), end)) or deadline
            if action == "talks" and deadline is None:
                deadline = _talks_month(ctx, am.end(), _phrase_end(ctx, am.end(), end))
            for ob in obligors:
                made.append(_make(ctx, state, agr, ob, action, " ".join(am.group("a").split()), None, None, deadline,
                                  (ev_start, _phrase_end(ctx, am.end(), end)), rule, counterparty=_other(ctx, agr, ob)))
        elif action == "withdraw" and NOT_PULL_BACK.match(text, am.end(), end):
            # "agreed to withdraw its bid to host the summit": a duty of another kind
            p_end = _phrase_end(ctx, am.end(), end)
            made.append(_make(ctx, state, agr, obligor, "other", " ".join(text[am.start() : p_end].split()), None, None, deadline,
                              (ev_start, p_end), rule + "-other", counterparty=_other(ctx, agr, obligor)))
        elif action == "withdraw":
            obj_m = re.match(r"\s+(?:(?:its|their|all|the|foreign|remaining|\w+)\s+){0,3}(?:forces|troops|soldiers)", text[am.end() : end])
            obj = obj_m.group(0).strip() if obj_m else "forces"
            for ob in obligors:
                made.append(_make(ctx, state, agr, ob, action, obj, None, None, deadline, (ev_start, am.end() + (obj_m.end() if obj_m else 0)), rule,
                                  counterparty=_other(ctx, agr, ob)))
    return made


# duties written with verbs of their own, not the action words of the cue list: the narrow
# forms first read for duties inside deal sentences
_NARROW_KINDS = (
    ("withdraw", re.compile(
        r"(?:pull|pulling|move|moving|take|taking|bring|bringing)\s+(?:[\w'’-]+\s+){0,4}?(?:troops|forces|fighters|soldiers|units|personnel)\s+"
        r"(?:(?:and\s+)?(?:heavy\s+)?weapons\s+)?(?:out|back|north|south|east|west|away|home|behind|beyond)\b"
        r"|(?:pull|pulling|fall|falling|draw|drawing)\s+back\b|(?:vacate|vacating|evacuate|evacuating)\b"
        r"|(?:hand|handing|give|giving|return|returning)\s+(?:back\s+)?(?:the\s+|its\s+|their\s+)?(?:[\w'’-]+\s+){0,3}?(?:districts?|villages?|territor(?:y|ies)|land|areas?|regions?|positions?|towns?)\b",
        re.IGNORECASE)),
    ("ceasefire", re.compile(
        r"(?:halt|halting|suspend|suspending|stop|stopping|cease|ceasing|end|ending|refrain|refraining)\s+(?:from\s+)?(?:all\s+|its\s+|their\s+|any\s+)?"
        r"(?:offensive|hostilities|fighting|firing|attacks?|attacking|military\s+(?:operations|action))\b"
        r"|cease\s+fire\b|(?:not\s+to\s+|never\s+to\s+)(?:attack|carry\s+out\s+(?:any\s+)?offensive|launch\s+(?:any\s+)?(?:attacks?|offensives?))\b",
        re.IGNORECASE)),
    ("release", re.compile(
        r"(?:grant|granting|give|giving|extend|extending)\s+(?:a\s+)?(?:clemency|pardons?|amnesty)\s+to\b|(?:pardon|pardoning)\s+(?=[A-Z]|the\s+\d|\d)"
        r"|let\s+(?:the\s+|all\s+)?(?:[\w'’-]+\s+){0,4}?go\b|send\s+(?:the\s+|all\s+)?(?:[\w'’-]+\s+){0,4}?(?:soldiers|prisoners|detainees|captives|hostages|men|troops)\s+home\b"
        r"|hand\s+(?:[A-Z][\w'’-]+\s+){1,3}back\b",
        re.IGNORECASE)),
    ("talks", re.compile(
        r"(?:meet|meeting)\b|(?:hold|holding|convene|convening)\s+(?:[\w'’-]+\s+){0,6}?(?:meeting|talks|round|negotiations|dialogue)\b"
        r"|(?:set|setting)\s+up\s+(?:[\w'’-]+\s+){0,3}?(?:working\s+groups?|joint\s+committees?|committees?)\b"
        r"|speak\s+again\b|(?:keep|continue)\s+negotiating\b|sit(?:ting)?\s+down\s+with\b|negotiate\b",
        re.IGNORECASE)),
)
# the broad forms first read for plain obligation sentences after a deal (kg terms)
_FREE = re.compile(
    r"(?:free|freeing|release|releasing|set\s+free|exchange|swap|pardon|pardoning)\b"
    r"|(?:let|letting)\s+(?:[\w'’-]+\s+){0,5}?go\b"
    r"|(?:grant|granting|give|giving|extend|extending)\s+(?:a\s+)?(?:clemency|pardons?|amnesty)\s+to\b"
    r"|(?:hand|handing)\s+(?:over|back)\s+(?:the\s+|all\s+)?(?:(?:[\w'’-]+\s+){0,3}?(?:prisoners|detainees|captives|hostages|inmates|(?-i:[A-Z][a-z]+s))"
    # "hand back up to 1,000 captured members of the Afghan forces" (people, never "their weapons to ...")
    r"|(?:(?!weapons|arms|equipment)[\w'’,-]+\s+){0,5}?(?:members|soldiers|servicem[ae]n|personnel|civilians|nationals|citizens|sailors|fishermen))\b"
    r"|(?:return|returning|send|sending)\s+(?:the\s+|all\s+)?(?:[\w'’-]+\s+){0,3}?(?:prisoners|detainees|captives|hostages|inmates|soldiers|servicemen|POWs|civilians)\b(?![^;.]{0,20}\balive\s+or\s+dead)",
    re.IGNORECASE)
_PULL_BACK = re.compile(
    r"(?:(?:begin|start)\s+(?:to\s+)?(?=withdraw|pull))?(?:withdraw|withdrawing|pull|pulling|draw|fall|move|moving|take|taking|bring|bringing)\s+(?:[\w'’-]+\s+){0,6}?(?:back|out|away|home|north|south|east|west|behind|beyond)\b|(?:withdraw|withdrawing)\b"
    r"|(?:return|returning|go|going)\s+(?:back\s+)?to\s+(?:their|its|the)\s+(?:[\w'’-]+\s+){0,2}?(?:bases|barracks|positions|lines)\b"
    r"|(?:redeploy|redeploying|reposition|repositioning)\s+(?:[\w'’-]+\s+){0,8}?(?:away|back|out)\b"
    r"|(?:cut|cutting|reduce|reducing|draw\s+down|drawing\s+down)\s+(?:its\s+|their\s+|the\s+)?(?:[\w'’.-]+\s+){0,2}?(?:forces|troops|presence|garrison|contingent|troop\s+numbers)\b"
    r"|(?:leave|quit|vacate|vacating|evacuate|disengage|disengaging)\b"
    r"|(?:complete|completing|finish|finishing)\s+(?:its|their)\s+(?:[\w-]+\s+)?(?:pull-?out|withdrawal|pull-?back)\b"
    r"|(?:hand|handing|give|giving|return|returning)\s+(?:back\s+)?(?:the\s+|its\s+|their\s+)?(?:[\w'’-]+\s+){0,3}?(?:districts?|villages?|territor(?:y|ies)|towns?|regions?|areas?)\b",
    re.IGNORECASE)
_STOP_FIGHTING = re.compile(
    r"(?:stop|stopping|halt|halting|cease|ceasing|end|ending|suspend|suspending)\s+(?:all\s+|any\s+|their\s+|its\s+)?(?:[\w-]+\s+){0,2}?(?:hostilities|fighting|fire|firing|attacks|military\s+operations|offensive\s+operations|offensives?|shelling|violence)\b"
    r"|(?:respect|respecting|observe|observing|abide\s+by|honou?r|implement|uphold|maintain|keep(?:\s+to)?|stick\s+to|adhere\s+to|comply\s+with|give\s+effect\s+to|extend|extending|lengthen|prolong|renew)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}?(?:cease-?fire|truce|pause)\b"
    r"|(?:renounce|renouncing|give\s+up|forswear)\s+(?:all\s+|the\s+use\s+of\s+)?(?:violence|armed\s+struggle|force|arms)\b"
    r"|(?:refrain|refraining)\s+from\s+(?:all\s+|any\s+)?(?:attacks?|attacking|hostilities|military\s+action|offensive)\b"
    r"|cease\s+fire\b",
    re.IGNORECASE)
_MEET = re.compile(
    r"(?:open|opening|begin|beginning|start|starting|resume|resuming|hold|holding|enter|entering|launch|join|continue|continuing)\s+(?:into\s+)?(?:[\w-]+\s+){0,4}?(?:talks|negotiations|dialogue)\b"
    r"|(?:reconvene|reconvening|convene|convening)\b(?!\s+(?:a|an|the|its|their)\s)|(?:speak|talk)\s+again\b"
    r"|(?:hold|holding|convene|convening)\s+(?:[\w-]+\s+){0,3}?(?:meeting|round)\b"
    r"|(?:meet|meeting)\b|negotiate\b|(?:keep|continue)\s+negotiating\b|sit(?:ting)?\s+down\s+(?:together|with)\b"
    r"|(?:return|returning|go\s+back|come\s+back)\s+to\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:talks|negotiations|dialogue|negotiating\s+table)\b"
    # an agreement still to be reached: "to sign a comprehensive peace agreement by Aug. 18", "to conclude a final
    # agreement" (not "to sign the accord" already made)
    r"|(?:sign|signing|conclude|concluding|reach|reaching|finali[sz]e|finali[sz]ing)\s+(?:a|an|a\s+final|the\s+final)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:agreement|deal|accord|settlement|treaty)\b",
    re.IGNORECASE)


def _either(narrow: re.Pattern[str], broad: re.Pattern[str]) -> re.Pattern[str]:
    return re.compile(f"(?:{narrow.pattern})|(?:{broad.pattern})", re.IGNORECASE)


# One table of duty kinds for every rule that reads a duty's own verb, in the order they are tried.
_NARROW = dict(_NARROW_KINDS)
DUTY_KINDS = (
    ("ceasefire", _either(_NARROW["ceasefire"], _STOP_FIGHTING)),
    ("talks", _either(_NARROW["talks"], _MEET)),
    ("withdraw", _either(_NARROW["withdraw"], _PULL_BACK)),
    ("release", _either(_NARROW["release"], _FREE)),
)
# "hand over its heavy weapons", "return the bodies": things, not people
HANDED_THINGS = re.compile(r"\s+(?:(?:all|its|their|the|of|remaining|heavy|light|small|any)\s+){0,4}(?:weapons|arms|equipment|materiel|ammunition|bodies|remains|lists?|maps|territory|districts?|villages?)\b", re.IGNORECASE)
# "withdraw its bid to host ...": a step other than a pull-back
NOT_PULL_BACK = re.compile(r"\s+(?:its|their|his|her|the|a|an)\s+(?:[\w'’-]+\s+){0,2}?(?:bid|bids|candidacy|candidature|application|claim|claims|objection|objections|complaint|support|recognition|ambassadors?|lawsuit|case|request|veto|reservations?|nomination|offer|proposal)\b", re.IGNORECASE)


# duties named as nouns, with their kinds: "a seven-day ceasefire", "a halt in offensive operations",
# "a gradual, balanced and synchronised withdrawal", "an exchange of prisoners", "direct talks"
_NOMINAL_LEAD = r"(?:a|an|the)\s+(?:[\w-]+,?\s+){0,6}?"
NOMINAL_DUTIES = tuple((kind, re.compile(_NOMINAL_LEAD + pattern, re.IGNORECASE)) for kind, pattern in (
    ("ceasefire", r"(?:cease-?fire|truce|armistice|humanitarian\s+pause|cessation\s+of\s+(?:all\s+)?(?:(?:military|armed)\s+)?(?:hostilities|fighting)"
                  r"|(?:end|halt|stop|pause)\s+(?:to|in|of)\s+(?:the\s+|all\s+)?(?:fighting|hostilities|offensive\s+(?:military\s+)?(?:operations|actions?)|attacks|military\s+operations))\b"),
    ("withdraw", r"(?:withdrawal|pull-?back|pull-?out)\b"),
    ("release", r"(?:(?:prisoner|detainee|hostage)s?\s+(?:exchange|swap)|exchange\s+of\s+(?:all\s+)?(?:prisoners|detainees|captives|hostages))\b"),
    ("talks", r"(?:talks|negotiations|dialogue)\b"),
))


def nominal_kind(text: str, pos: int) -> str | None:
    """The kind of a duty named as a noun phrase at ``pos`` ("a halt in offensive operations": ceasefire), else None."""
    return next((kind for kind, pattern in NOMINAL_DUTIES if pattern.match(text, pos)), None)


def duty_kind(text: str, pos: int, end: int) -> str:
    """The kind of a duty stated with a verb of its own: "pull its troops back" (withdraw),
    "suspend offensive operations" (ceasefire), "grant clemency to X" (release), "meet again" (talks)."""
    for kind, pattern in DUTY_KINDS:
        if pattern.match(text, pos, end):
            return kind
    return "other"


class _One:
    value = 1
    qualifier = None
    start = end = 0


def _one_named(ctx: Context, start: int, end: int):
    """A release of one person the text names ("grant clemency to Alex Saab", "hand Krasikov back")."""
    for m in ctx.mentions_in(start, end):
        if m.kind == "person" and not m.plural:
            return _One()
    if re.search(r"\b(?:to|over|hand)\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,3}(?:\s+back)?\s*$", ctx.text[start:end]) and not ctx.numbers.find(ctx.text, start, end):
        return _One()
    return None


def _agent(ctx: Context, pos: int, end: int) -> str | None:
    """The party after a passive verb: "would be freed by the Afghan government"."""
    by = re.match(r"\s+by\s+(?:the\s+)?", ctx.text[pos:end])
    if by is None:
        return None
    who = ctx.mention_at(pos + by.end(), 2)
    if who is None or not who.actor or who.kind in ("pronoun", "sides"):
        return None
    return ctx.party_of(who.actor)


def _gapped_passive(ctx: Context, state: _State, agr: _Agr | None, pos: int, end: int, deadline: dt.date | None,
                    action: str, rule: str) -> list[Commitment]:
    """'N X would be freed by A, and M Y by B (in exchange)': the second release, its verb left out."""
    text = ctx.text
    by = re.match(r"(?:\s+by\s+(?:the\s+)?[^,;]{1,60}?)?,?\s+(?:and|while)\s+", text[pos:end])
    if by is None:
        return []
    fp = _figure_people(ctx, pos + by.end(), end)
    if fp is None or fp[2] - (pos + by.end()) > 14:
        return []
    figure, obj, s2, e2 = fp
    agent = _agent(ctx, e2, end)
    if agent is None:
        return []
    op = None if _nation_people(ctx, s2, e2, agent) else _object_party(ctx, s2, e2) or ctx.opponent(agent, s2)
    ev_end = _phrase_end(ctx, e2, end)
    return [_make(ctx, state, agr, agent, action, _object_text(obj), op, figure, deadline, (figure.start, ev_end), rule + "-gapped-passive")]


# "exchange 1,000 prisoners each", "swap 84 prisoners of war apiece": a figure owed by every side
EACH_SIDE = re.compile(r"\s+(?:each|apiece)\b|\s+(?:on|from)\s+(?:each|either|both)\s+sides?\b", re.IGNORECASE)
DUTY_BOUND = re.compile(r"(?:,\s*(?:and|while|whereas|but)|;)\s+")
SHARED_DEADLINE = re.compile(r",\s+(?:all|both|each)\s+(?:by|within|before|no\s+later\s+than)\b", re.IGNORECASE)
DUTY_VERB = re.compile(MODAL + r"|\b(?:undert(?:ook|akes?)|commit(?:s|ted)?)\s+to\b")


# ", and for the government and the rebels to open talks": a further duty the same "calls for" governs
FOR_DUTY = re.compile(r"for\s+(?:[\w.'’-]+\s+){1,6}?to\s+[a-z]")
# "in exchange for a pledge by Seoul to withdraw its troops": the other side's duty, timed on its own
PLEDGE_IN_RETURN = re.compile(r"\b(?:in\s+exchange|in\s+return)\s+for\s+(?:a|an|the|its|their)\s+"
                              r"(?:pledge|promise|commitment|undertaking|guarantee)\s+(?:by|from)\s+", re.IGNORECASE)


def _duty_clauses(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The clauses of a sentence of terms, cut where a new clause states a duty of its own
    (", and Washington pledged to ...", "; Y is to ...", ", and for Y to ...", "in return for a pledge by Y to ...")."""
    cuts = [start]
    for b in DUTY_BOUND.finditer(text, start, end):
        nxt = DUTY_BOUND.search(text, b.end(), end)
        if DUTY_VERB.search(text, b.end(), nxt.start() if nxt else end) or FOR_DUTY.match(text, b.end()):
            cuts.append(b.end())
    cuts.extend(m.start() for m in PLEDGE_IN_RETURN.finditer(text, start, end) if m.start() > start)
    cuts = sorted(set(cuts))
    return [(a, b) for a, b in zip(cuts, cuts[1:] + [end])]


def _own_clause_end(text: str, start: int, end: int) -> int:
    """Where the duty starting at ``start`` ends: before the next clause that states a duty of its own."""
    return _duty_clauses(text, start, end)[0][1]


def _told_by_other(ctx: Context, pos: int, obligors: list[str], agr: _Agr | None) -> bool:
    """Is ``pos`` inside what the other side said ("Hamas said that Israel had agreed to ...")?
    A go-between telling the terms ("the mediators said both forces are to ...") is not."""
    for st in ctx.statements_around(pos):
        if not st.evidence.start <= pos < st.evidence.end:
            continue
        party = ctx.party_of(st.speaker)
        if party is not None and party not in obligors and (agr is None or party in agr.parties):
            return True
    return False


def _binds(ctx: Context, agr: _Agr, pos: int, floor: int, bound: set[str] = set()) -> bool:  # noqa: B006 (read only)
    """Whether the subject of the modal at ``pos`` is a party to ``agr`` (or "both sides"), or one its
    terms already bind ("Israel and Hezbollah are to halt ... Hezbollah is to pull its fighters north",
    under a deal Israel and Lebanon signed)."""
    subj = ctx.subject_before(pos, floor)
    if subj is None:
        return True  # left to the subject check that follows
    if subj.kind == "sides":
        return True
    return any(ctx.party_of(a) in agr.parties or ctx.party_of(a) in bound
               for part in ctx.coordinated(subj, floor) for a, _ in ctx.actors_of(part, part.start))


# terms listed as nouns: "provides for a truce, the reopening of roads and the release of ...": only noun phrases before
NOUN_LIST = re.compile(r"^(?:\s*(?:a|an|the)\s+(?!(?:[\w'’-]+\s+){0,6}?(?:would|will|shall|must|is|are|was|were)\b)[^;:.]{1,120}?)?(?:,\s*|\s+and\s+|,\s+and\s+)(?:also\s+)?(?:an?|the)\s+(?:[\w-]+\s+){0,2}$")
FINITE_AFTER = re.compile(r"\s+(?:[\w-]+\s+){0,2}?(?:would|will|shall|must|is|was|are|were|has|had|have|could|may|might|can|holds?|held|collapsed?|began|begins?|took|takes)\b", re.IGNORECASE)
# "the release by Israel of 150 ...": the releaser named before the people
RELEASE_BY = re.compile(r"\s+by\s+(?:the\s+)?(?=[A-Z])")
# "a mutual ceasefire", "a permanent cessation of hostilities", "an immediate truce": the truce itself as a term
NOMINAL_TRUCE = re.compile(r"(?:\b(?:a|an|the)\s+(?:(?:mutual|permanent|full|complete|general|immediate|comprehensive|nationwide|bilateral|lasting|durable|unconditional|countrywide)(?:\s+and\s+|,?\s+))*)$", re.IGNORECASE)


def _nominal_ceasefire(ctx: Context, state: _State, agr: _Agr | None, am: re.Match[str], start: int, end: int,
                       deadline: dt.date | None, rule: str) -> list[Commitment]:
    """Terms that name a truce as a noun ("provides for a mutual ceasefire and ..."): each of the deal's parties holds it."""
    text = ctx.text
    if agr is None or len(agr.parties) < 2 or agr.kind != "agreement":
        return []
    lead = NOMINAL_TRUCE.search(text, max(start, am.start() - 80), am.start())
    if lead is None or lead.end() != am.start() or FINITE_AFTER.match(text, am.end(), end):
        return []  # "that the truce would hold": a clause about the truce, not the truce as a term
    p_end = _phrase_end(ctx, am.end(), end)
    nxt = re.search(r",?\s+and\s+(?:also\s+)?(?:an?|the|for)\s", text[am.end() : p_end])
    if nxt is not None:
        p_end = am.end() + nxt.start()  # "a mutual ceasefire and the release of ...": the next term is another noun
    while p_end > am.end() and text[p_end - 1] in " .,":
        p_end -= 1
    deadline = _truce_start(ctx, agr, am.end(), _clause_limit(text, am.end(), end)) or deadline
    obligors = list(dict.fromkeys(p for p in (ctx.party_of(a) for a in agr.signatories) if p)) or list(agr.parties)
    return [_make(ctx, state, agr, ob, "ceasefire", " ".join(text[am.start() : p_end].split()), None, None, deadline,
                  (lead.start(), p_end), rule + "-nominal", counterparty=_other(ctx, agr, ob)) for ob in obligors]


def _nominal_release(ctx: Context, state: _State, agr: _Agr | None, am: re.Match[str], end: int,
                     deadline: dt.date | None, rule: str) -> list[Commitment]:
    """Terms that name the release as a noun: "(which) provides for the release of up to 5,000 Taliban prisoners",
    "the release by Israel of 150 Palestinian prisoners"."""
    text = ctx.text
    releaser = None
    by = RELEASE_BY.match(text, am.end(), end)
    if by is not None:
        who = ctx.mention_at(by.end(), 2)
        after_by = who.end if who is not None else by.end()
        releaser = next((ctx.party_of(a) for a, _ in ctx.actors_of(who, who.start) if ctx.party_of(a)), None) if who is not None else None
        of = re.match(r"\s+of\s+", text[after_by:end]) if releaser is not None else None
        of_at = after_by
    else:
        of = re.match(r"\s+of\s+", text[am.end() : end])
        of_at = am.end()
    if of is None or not re.search(r"\bthe\s+$", text[max(0, am.start() - 5) : am.start()]):
        return []
    fp = _figure_people(ctx, of_at + of.end(), end)
    if fp is None or fp[2] > of_at + of.end() + 12:
        return []
    figure, obj, o_start, o_end = fp
    object_party = _object_party(ctx, o_start, o_end)
    if releaser is not None and object_party == releaser:
        object_party = None
    obligor = releaser or (ctx.opponent(object_party, o_start) if object_party else None)
    if obligor is None:
        return []
    c = _make(ctx, state, agr, obligor, "release", _object_text(obj), object_party, figure, deadline, (am.start() - 4, o_end), rule + "-nominal")
    return [c] + _reciprocal(ctx, state, agr, c, o_end, end, deadline, (am.start() - 4, o_end), rule)


def _ordered(ctx: Context, state: _State, s_start: int, s_end: int) -> list[Commitment]:
    """'Ghani has ordered the release of 1,500 Taliban prisoners': a decision of the subject's party."""
    text = ctx.text
    made: list[Commitment] = []
    for m in ORDERED.finditer(text, s_start, s_end):
        if ctx.in_quote(m.start()) or NOT_COMMITMENT.search(text, max(s_start, m.start() - 30), m.start()):
            continue
        subj = ctx.subject_before(m.start(), s_start) or _decree_maker(ctx, s_start, m.start())
        if subj is None and DECREE_SUBJECT.fullmatch(text, s_start, m.start()):
            # "X signed a decree on Monday. It orders the release of all 400 ...": the maker named just before
            subj = _decree_maker(ctx, max(0, s_start - 3000), s_start, last=True)
        if subj is None and m.group("pardon"):
            # "signed a decree on Friday pardoning 380 ...": the signer
            subj = _decree_maker(ctx, s_start, m.start())
        if subj is None and re.search(r"\b(?:decree|order|pardon|amnesty)\s+$", text[max(s_start, m.start() - 12) : m.start()], re.IGNORECASE):
            # "The decree orders the release of all 400": the decree the text named before
            subj = _decree_maker(ctx, max(0, s_start - 3000), s_start, last=True)
        decider = ctx.party_of(subj.actor) if subj is not None and subj.actor else None
        if decider is None and subj is not None and subj.kind == "pronoun":
            # "He ordered the release of ...": the person or party the pronoun stands for
            decider = next((ctx.party_of(a) for a, _ in ctx.actors_of(subj, subj.start) if ctx.party_of(a)), None)
        if decider is None:
            continue
        if (m.group("pardon") or m.group("passive")) and ctx.kind_of(decider) not in ("government", "state", "armed_movement"):
            continue  # pardons and release orders come from a government or a movement's command
        ordered = _ordered_people(ctx, m, s_start, s_end, decider)
        if ordered is None:
            continue
        figure, obj, object_party, obligor, end = ordered
        if subj.start < s_start:  # type: ignore[union-attr]
            # a decree signed in an earlier sentence bears that sentence's date
            date = _date_in(ctx, subj.end, ctx.layout.sentence_of(subj.start)[1]) or ctx.doc.published  # type: ignore[union-attr]
        else:
            date = _decision_day(ctx, s_start, s_end) or ctx.doc.published
        ev_start = max(subj.start, s_start + len(text[s_start:s_end]) - len(text[s_start:s_end].lstrip()))  # type: ignore[union-attr]
        agr = _Agr("decision", (decider,), (decider,), date, "", ev_start, end, True)
        state.agreements.setdefault(agr.id, agr)
        state.current = state.agreements[agr.id]
        made.append(_make(ctx, state, state.agreements[agr.id], obligor, "release", obj, object_party, figure,
                          _deadline(ctx, end, s_end) or _within(ctx, end, s_end, date), (ev_start, end), "decision-ordered"))
    return made


def _ordered_people(ctx: Context, m: re.Match[str], s_start: int, s_end: int, decider: str):
    """(figure, object text, object party, obligor, where the order's words end) of the people a
    release order (:data:`ORDERED`) frees; None when they are not counted or nobody owes it."""
    text = ctx.text
    if m.group("their"):
        # "a decree ordering their release": the people counted just before
        fp = _last_figure_people(ctx, ctx.layout.sentence_of(max(0, s_start - 2))[0], m.start())
        if fp is None:
            return None
        figure, obj, o_start, o_end = fp
        object_party = _object_party(ctx, o_start, o_end)
        obligor = ctx.opponent(object_party, o_start) if object_party else None
        return (figure, obj, object_party, obligor, m.end()) if obligor is not None else None
    lead = REST_OF.match(text, m.end())  # "the release of the remaining 400"
    fp = _figure_people(ctx, m.end(), s_end)
    if fp is not None and fp[2] - lead.end() > 12:
        fp = None
    object_party = None
    if fp is None:
        # "the release of all 400", "ordering the 400 to be freed": people the text named before
        bare = ctx.numbers.find(text, m.end(), min(s_end, lead.end() + 16))
        if not bare or not bare[0].value or bare[0].value < 2 or bare[0].start - lead.end() > 10 or not re.match(
                r"\s*(?:[,;.]|to\s+be\b|be\b|$)", text[bare[0].end : s_end]):
            return None
        object_party = _held_nearby(ctx, bare[0].start)
        if object_party is None:
            return None
        fp = (bare[0], "prisoners", bare[0].end, bare[0].end)
    figure, obj, o_start, o_end = fp
    if m.group("passive") and not ORDERED_FREED.match(text, o_end, s_end):
        return None
    object_party = object_party or _object_party(ctx, o_start, o_end)
    # the release of the other side's people is owed by their holder; of no side's ("ordinary inmates"), by the decider's
    obligor = ctx.opponent(object_party, o_start) if object_party else decider
    if obligor is None or (object_party is None and ctx.kind_of(decider) not in ("government", "state")):
        return None
    return figure, obj, object_party, obligor, o_end


def _decree_maker(ctx: Context, s_start: int, pos: int, last: bool = False):
    """The maker of the decree a sentence names before ``pos``: "the decree issued by President X ..., which ordered";
    ``last``: the latest such maker in the span (a decree named some sentences before)."""
    text = ctx.text
    found = []
    for m in DECREED_BY.finditer(text, s_start, pos):
        who = ctx.mention_at(m.end(), 4)
        if who is not None and who.actor and not ctx.in_quote(who.start):
            found.append(who)
    for who in ctx.mentions_in(s_start, pos):
        if (who.kind in ("person", "party", "descriptor", "metonym", "post", "pronoun") and (who.actor or who.kind == "pronoun")
                and not ctx.in_quote(who.start)
                and (SIGNED_DECREE.match(text, who.end) or OWN_DECREE.match(text, who.end)
                     or DECREE_SIGNED.match(text, who.end) and DECREE_BEFORE.search(text, max(s_start, who.start - 12), who.start))):
            found.append(who)
    if not found:
        return None
    return max(found, key=lambda w: w.start) if last else found[0]


# "President X's decree of May 25", "Ghani's own decree": the maker names the decree
OWN_DECREE = re.compile(r"['’]s\s+(?:[\w-]+\s+){0,2}?(?:decree|directive|executive\s+order)\b", re.IGNORECASE)
# "a decree President X signed on March 11": the maker after the decree
DECREE_BEFORE = re.compile(r"\b(?:decree|order|directive)\s+(?:that\s+)?$", re.IGNORECASE)
DECREE_SIGNED = re.compile(r"\s+(?:had\s+|has\s+)?(?:signed|issued)\b")
DECREE_SUBJECT = re.compile(r"\s*(?:It|(?:The|This|That|Its|His|Her)\s+(?:new\s+|presidential\s+|royal\s+)?(?:decree|order|decision|directive|pardon))\s+(?:also\s+)?", re.IGNORECASE)
ORDERED_TO = re.compile(
    r"\b(?:ordered|ordering|instructed|instructing|directed|directing|told)\s+(?:its|their|the|all|his|her)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:fighters|forces|troops|units|commanders|members|soldiers|security\s+forces|army|military|police)"
    # "all forces under its command on Friday to ...", "their fighters not to attack ..."
    r"(?:\s+under\s+(?:its|their|his|her)\s+command)?(?:\s+on\s+[A-Z][a-z]+day)?\s+(?P<neg>not\s+|never\s+)?to\s+",
    re.IGNORECASE,
)
COMMITS_TO = re.compile(r"\b(?:commits|committed|committing|obliges|obliged|obliging|requires|required|requiring|binds|bound|binding"
                        # "the deal provides for Israel to free ...": a named party and its duty (never "the release of")
                        r"|provides\s+for|provided\s+for|calls\s+for|called\s+for|envisages|envisaged)\s+(?=[A-Z]|the\s)", re.IGNORECASE)
# what stands for a deal before the verb that binds: "It also requires", "This obliges", ", committing"
DEAL_PRONOUN = re.compile(r"(?:\b(?:it|this|they)\s+(?:also\s+|further\s+|effectively\s+)?|,\s*(?:and\s+)?)$", re.IGNORECASE)
# a part or a record of a deal: "its eighth point committed", "That statement also committed"
DEAL_PART = re.compile(r"\b(?:point|clause|article|provision|section|paragraph|statement|text|document|communiqu[eé]|protocol|annex)s?\s+(?:[\w-]+\s+){0,2}$", re.IGNORECASE)
# the deal's own parties as the object bound: "requires them to ...", "committing both sides to ...", "obliges each side to ..."
BOUND_GROUP = re.compile(r"(?:them|(?:both|the\s+two|the\s+three)\s+(?:sides|parties|states|countries|signatories)|each\s+(?:side|party|state|country))\s+(?:not\s+|never\s+)?to\s+", re.IGNORECASE)
# a duty bound not to do something: "commits both sides not to use force"
BOUND_NOT = re.compile(r"\b(?:not|never)\s+to\s+$", re.IGNORECASE)
APPROVED_FOR = re.compile(r"\s+(?:who\s+(?:were|had\s+been)\s+)?(?:approved|cleared|earmarked|slated|selected|named)\s+for\s+(?:release|freedom)\b")
PULL_OUT = re.compile(r"\b(?:pull|withdraw|take|bring)\s+(?:(?:all|its|their|the|remaining|[A-Z][\w.]*)\s+){0,4}(?:troops|forces|soldiers)\s+(?:out|back|home)\b|\bwithdraw\b|\bleave\b|\bquit\b")


def _ordered_to(ctx: Context, state: _State, s_start: int, s_end: int) -> list[Commitment]:
    """'the Taliban ordered their fighters to halt all offensive operations': a decision of the party."""
    text = ctx.text
    made: list[Commitment] = []
    for m in ORDERED_TO.finditer(text, s_start, s_end):
        if ctx.in_quote(m.start()):
            continue
        act = _action_pattern(ctx).match(text, m.end()) if not m.group("neg") else None
        if m.group("neg"):
            from loaders.extract.terms import _kind

            if _kind(text, m.end(), s_end, True) != "ceasefire":
                continue  # "ordered its fighters not to talk to reporters": no term of a truce
        elif act is None:
            nxt = re.match(r"\s*(?:\w+\s+){0,2}", text[m.end() : s_end])
            act = _action_pattern(ctx).search(text, m.end(), m.end() + (nxt.end() if nxt else 0) + 40)
        action_word = "ceasefire" if m.group("neg") else None  # "not to attack Afghan forces"
        if act is None and action_word is None:
            if re.search(r"\b(?:truce|cease-?fire|cessation\s+of\s+hostilities)\b", text[s_start:s_end], re.IGNORECASE):
                action_word = "ceasefire"  # "ordered the security forces to respect it" (the truce)
            else:
                continue
        subj = ctx.subject_before(m.start(), s_start) or next(iter(ctx.mentions_in(max(s_start, m.start() - 120), m.start())[-1:]), None)
        if subj is not None and not subj.actor and re.match(r"(?:he|she)\b", text[subj.start : subj.end], re.IGNORECASE):
            # "Ghani said he had ordered the security forces to ...": the one who speaks of his order
            subj = next((x for x in reversed(ctx.mentions_in(s_start, subj.start)) if x.actor), None)
        party = ctx.party_of(subj.actor) if subj is not None and subj.actor else None
        if party is None:
            continue
        action = ctx.cues.actions[" ".join(act.group("a").lower().split())] if act is not None else action_word
        end = act.end() if act is not None else m.end()
        date = _date_in(ctx, s_start, s_end) or ctx.doc.published
        agr = _Agr("decision", (party,), (party,), date, "", subj.start, _phrase_end(ctx, end, s_end), True)  # type: ignore[union-attr]
        state.agreements.setdefault(agr.id, agr)
        # "ordered its fighters to halt all attacks for three days, starting on Friday": from that day
        deadline = _deadline(ctx, end, s_end, obligation=True)
        if action == "ceasefire":  # "to observe a ceasefire starting at midnight on Monday"
            deadline = _truce_start(ctx, agr, end, min(s_end, end + 160)) or deadline
        made.append(_make(ctx, state, state.agreements[agr.id], party, action or "other", " ".join(text[m.end() : _phrase_end(ctx, end, s_end)].split())[:80],
                          None, None, deadline, (subj.start, _phrase_end(ctx, end, s_end)), "decision-ordered-forces"))  # type: ignore[union-attr]
    return made


def _commits_to(ctx: Context, state: _State, s_start: int, s_end: int) -> list[Commitment]:
    """'the deal commits Washington to pull all U.S. troops out of Afghanistan within 14 months'."""
    text = ctx.text
    made: list[Commitment] = []
    for m in COMMITS_TO.finditer(text, s_start, s_end):
        if not _deal_binds(ctx, s_start, m.start()):
            continue  # "a law requires the administration to ...": no deal's term
        bound = _bound_group(ctx, state, m.end()) or _bound_named(ctx, m.end())
        if bound is None:
            continue
        obligors, vp_start = bound
        vp_end = _phrase_end(ctx, vp_start, s_end)
        negative = bool(BOUND_NOT.search(text, max(0, vp_start - 12), vp_start))
        if negative:
            from loaders.extract.terms import _kind

            action = _kind(text, vp_start, vp_end, True)  # "not to use force" (a ceasefire), "not to object" (other)
        elif PULL_OUT.match(text, vp_start):
            action = "withdraw"
        else:
            act = _action_pattern(ctx).match(text, vp_start) or _action_pattern(ctx).search(text, vp_start, min(vp_end, vp_start + 30))
            action = ctx.cues.actions[" ".join(act.group("a").lower().split())] if act else "other"
        if action == "other" and not negative:
            action = duty_kind(text, vp_start, vp_end)  # "obliges Israel to pull its troops back"
        if action == "other" and not negative:
            action = nominal_kind(text, vp_start) or action  # "commits each side to a halt in offensive operations"
        elif action == "withdraw" and NOT_PULL_BACK.match(text, vp_start + len(text[vp_start:vp_end]) - len(text[vp_start:vp_end].lstrip()) + len("withdraw")):
            action = "other"  # "committed Armenia to withdraw its bid to host the summit"
        agr = state.current
        # the duty's own clause times it: "..., and for the United States to leave within 14 months" times the next one
        own_end = _own_clause_end(text, vp_start, s_end)
        deadline = _within(ctx, vp_start, own_end, agr.date if agr else None) or _deadline(ctx, vp_start, own_end, obligation=True, made=agr.date if agr else None)
        if action == "ceasefire":
            deadline = _truce_start(ctx, agr, vp_start, min(s_end, vp_start + 160)) or deadline
        # "obliges Kabul to release up to 5,000 insurgents": the figure and whose people they are
        fp = _figure_people(ctx, vp_start, vp_end) if action in ("release", "other") and not negative else None
        figure, object_party = (fp[0], _object_party(ctx, fp[2], fp[3])) if fp is not None and fp[0].value else (None, None)
        if action == "other":
            object_party = None
        elif action == "release" and figure is None:
            figure = _one_named(ctx, vp_start, vp_end)  # "obliged Hamas to hand over Shalit"
        for obligor in obligors:
            made.append(_make(ctx, state, agr, obligor, action, " ".join(text[vp_start:vp_end].split())[:80],
                              object_party or (ctx.opponent(obligor, vp_start) if action == "release" else None), figure, deadline,
                              (m.start(), vp_end), "agreement-commits", counterparty=_other(ctx, agr, obligor)))
        if action == "release" and figure is not None and len(obligors) == 1:
            # "bound the insurgents to free up to 1,000 ..., in return for the release by the government of 5,000 ..."
            made += _reciprocal(ctx, state, agr, made[-1], fp[3] if fp is not None else vp_end, s_end, deadline, (m.start(), vp_end), "agreement-commits")
    return made


def _deal_binds(ctx: Context, s_start: int, pos: int) -> bool:
    """Whether what binds at ``pos`` is a deal or decision: a noun of one or of a part of one ("its eighth point"),
    "It"/"This" standing for it, or a participle after the words that name it ("..., committing both sides to ...")."""
    before = ctx.text[max(s_start, pos - 120) : pos]
    return bool(DEAL_PRONOUN.search(before) or DEAL_PART.search(before) or _noun_pattern(ctx).search(before))


def _bound_named(ctx: Context, pos: int) -> tuple[list[str], int] | None:
    """(parties, where the duty's verb starts) for the parties a deal binds by name at ``pos``:
    "commits Washington to ...", "obliges the government and Machar's SPLM-IO to ..."."""
    text = ctx.text
    who = ctx.mention_at(pos, 4)
    if who is None:
        return None
    group = ctx.coordinated(who, pos) if who.kind != "sides" else [who]
    if len(group) == 1 and who.kind != "sides":
        group = _and_group(ctx, who)
    if len(group) > 1 and re.match(BOUND_TO, text[group[-1].end : group[-1].end + 11]):
        # "It obliges the government and Machar's SPLM-IO to form ...": each party named
        obligors = [o for o in dict.fromkeys(ctx.party_of(a) for g in group for a in g.actors if a) if o]
        who = group[-1]
    elif not re.match(BOUND_TO, text[who.end : who.end + 11]):
        return None
    else:
        obligors = [o for o in dict.fromkeys(ctx.party_of(a) for a in who.actors if a) if o]
    if not obligors:
        return None
    return obligors, who.end + re.match(BOUND_TO, text[who.end : who.end + 11]).end()  # type: ignore[union-attr]


BOUND_TO = r"\s+(?:not\s+|never\s+)?to\s+"


def _bound_group(ctx: Context, state: _State, pos: int) -> tuple[list[str], int] | None:
    """(parties, where the duty's verb starts) for a deal that binds its own parties as a group:
    "It also required them to release ...", "committing both sides to a cessation of hostilities"."""
    from loaders.extract.terms import _group_parties

    m = BOUND_GROUP.match(ctx.text, pos)
    agr = state.current
    if m is None or agr is None or agr.kind != "agreement":
        return None
    count = re.search(r"\b(?:both|two|three)\b", m.group(0), re.IGNORECASE)
    parties = _group_parties(ctx, count.group(0) if count else None, list(agr.parties), pos)
    return (parties, m.end()) if parties else None


def _and_group(ctx: Context, who: Any) -> list[Any]:
    """'the government and Machar's SPLM-IO': a mention and the one after "and" (past an owner's name)."""
    text = ctx.text
    conj = re.match(r"\s+and\s+(?:the\s+)?", text[who.end : who.end + 12])
    if conj is None:
        return [who]
    nxt = ctx.mention_at(who.end + conj.end(), 2)
    if nxt is not None and re.match(r"['’]s\s", text[nxt.end : nxt.end + 3]):
        nxt = ctx.mention_at(nxt.end + 3, 2)
    if nxt is None or nxt.kind in ("pronoun", "sides") or not nxt.actors:
        return [who]
    return [who, nxt]


IN_FORCE = re.compile(
    r"\b(?:[Tt]here\s+(?:is|was|will\s+be)\s+to\s+be\s+an?\s+(?:[\w-]+\s+){0,2}(?:ceasefire|cease-fire|truce)"
    r"|(?:[Tt]he|[Aa]n?)\s+(?:[\w-]+\s+){0,2}(?:ceasefire|cease-fire|truce)\s+(?:takes|took|will\s+take|is\s+to\s+take|was\s+to\s+take|would\s+take|comes|came|will\s+come)\s+(?:effect|into\s+force)"
    # "A ceasefire was to hold throughout", "the truce is to be observed": a duty, not a forecast ("will hold")
    r"|(?:[Tt]he|[Aa]n?)\s+(?:[\w-]+\s+){0,2}(?:ceasefire|cease-fire|truce)\s+(?P<hold>(?:is|was|are|were)\s+to\s+(?:hold|last|remain\s+in\s+(?:force|place|effect)|be\s+(?:observed|respected|maintained))|shall\s+(?:hold|remain)))\b"
)


def _ceasefire_in_force(ctx: Context, state: _State, s_start: int, s_end: int) -> list[Commitment]:
    """'The ceasefire takes effect immediately', 'There is to be a complete ceasefire': right after a deal
    is signed, both of its sides owe the truce from the day it starts (the signing day unless another is given)."""
    agr = state.current
    m = IN_FORCE.search(ctx.text, s_start, s_end)
    if m is None or agr is None or not agr.stated or agr.kind != "agreement" or len(agr.parties) < 2 or ctx.in_quote(m.start()):
        return []
    if re.search(r"\b(?:since|after|before|until|when|if)\s+$", ctx.text[max(s_start, m.start() - 8) : m.start()]):
        return []  # "freed since the ceasefire took effect": a time reference, not a term
    sides = list(agr.parties)
    if len(sides) > 2:
        named = [ctx.party_of(x.actor) for x in ctx.mentions if x.actor]
        sides = sorted(sides, key=lambda p: -named.count(p))[:2]
    end = _phrase_end(ctx, m.end(), s_end)
    day = ctx.first_day(m.end(), end, future=True)
    deadline = day or _within(ctx, m.end(), end, agr.date) or (None if m.group("hold") else agr.date)
    return [_make(ctx, state, agr, ob, "ceasefire", "ceasefire", None, None, deadline, (m.start(), end),
                  "agreement-ceasefire-in-force", counterparty=next((p for p in sides if p != ob), None)) for ob in sides]


def _approved_for_release(ctx: Context, state: _State, s_start: int, s_end: int) -> list[Commitment]:
    """'the 400 Taliban prisoners approved for release by a grand assembly': their holder is to free them."""
    from loaders.extract.releases import _figure_with_people, _patterns

    text = ctx.text
    if "for release" not in text[s_start:s_end] and "for freedom" not in text[s_start:s_end]:
        return []
    _, _, people, _ = _patterns(ctx)
    made: list[Commitment] = []
    for f in ctx.numbers.find(text, s_start, s_end):
        if re.match(r"\s+of\s+(?:the\s+)?\d", text[f.end : f.end + 12]):
            continue  # "80 of the 400 prisoners approved for release": the 400 are the commitment
        hit = _figure_with_people(ctx, [f], people, s_end)
        if hit is None or not APPROVED_FOR.match(text, hit[2]) or ctx.in_quote(f.start):
            continue
        figure, _, noun_end = hit
        object_party = _object_party(ctx, figure.start, noun_end)
        obligor = ctx.opponent(object_party, f.start) if object_party else None
        if obligor is None:
            continue
        made.append(_make(ctx, state, state.current, obligor, "release", " ".join(text[figure.end : noun_end].split()), object_party,
                          figure, None, (figure.start, APPROVED_FOR.match(text, noun_end).end()), "commitment-approved"))  # type: ignore[union-attr]
    return made


def _relative_commitments(ctx: Context, state: _State, s_start: int, s_end: int) -> list[Commitment]:
    """'the 5,000 Taliban prisoners it had agreed to free': the commitment restated in passing."""
    text = ctx.text
    if not re.search(r"\b(?:(?:agreed|committed|pledged|promised|undert(?:ook|aken)|required|is|are|was|were)\s+to\s+(?:free|release|hand)|ordered\s+(?:to\s+be\s+)?(?:freed|released|set\s+free))\b",
                     text[s_start:s_end]):
        return []
    from loaders.extract.releases import _figure_with_people, _patterns

    _, _, people, _ = _patterns(ctx)
    made: list[Commitment] = []
    figs = ctx.numbers.find(text, s_start, s_end)
    for f in figs:
        hit = _figure_with_people(ctx, [f], people, s_end)
        if hit is None and f.value is not None and re.search(r"\bthe\s+$", text[max(0, f.start - 4) : f.start]):
            hit = (f, f.end, f.end)  # "the 1,000 they are to free": the people named before
        if hit is None:
            continue
        figure, noun_start, noun_end = hit
        if any(f.end <= g.start < noun_start for g in figs):
            continue  # "400, the last of the 5,000 prisoners Kabul was to free": the nearer figure's people
        rel = RELATIVE_COMMIT.match(text, noun_end, s_end)
        if not rel or ctx.in_quote(f.start):
            continue
        subj = ctx.mention_at(rel.start("subj"), 2)
        if subj is not None and subj.kind == "pronoun":
            actor = (_subject_party(ctx, s_start, f.start) or ctx._last_party(subj.start)) if subj.head == "they" else None
            if subj.head in ("it",):
                actor = None
        else:
            actor = subj.actor if subj is not None else None
        if actor is None and rel.group("subj").lower() in ("it", "they"):
            before = [m for m in ctx.mentions_in(s_start, f.start) if not ctx.in_quote(m.start) and m.kind in ("party", "descriptor", "metonym")]
            actor = before[-1].actor if before else None
        obligor = ctx.party_of(actor) if actor else None
        if obligor is None and re.match(r"the\s", rel.group("subj")):
            obligor = "unknown"  # "the jirga agreed to free": a body the gazetteer does not know
        if obligor is None:
            continue
        agr = state.current
        if rel.group("ordered") and obligor != "unknown":
            # "the 500 prisoners Ghani ordered freed on 31 July": the order is the decider's own decision
            date = _date_in(ctx, rel.end(), min(s_end, rel.end() + 40)) or ctx.doc.published
            agr = state.agreements.setdefault(agreement_id("decision", (obligor,), date), _Agr(
                "decision", (obligor,), (obligor,), date, "", figure.start, rel.end(), True))
        if obligor == "unknown" or ctx.kind_of(obligor) not in ("government", "state", "armed_movement"):
            # "the 400 prisoners the jirga agreed to free on August 9": an assembly decides, the holder frees
            held = _object_party(ctx, figure.start, noun_end) or _held_nearby(ctx, figure.start)
            holder = ctx.opponent(held, f.start) if held else None
            if holder is None:
                continue
            date = _date_in(ctx, rel.end(), min(s_end, rel.end() + 30)) or ctx.doc.published
            decider = holder if obligor == "unknown" else obligor
            agr = state.agreements.setdefault(agreement_id("decision", (decider,), date), _Agr(
                "decision", (decider,), (decider,), date, "", figure.start, rel.end(), True))
            obligor = holder
        object_party = _object_party(ctx, figure.start, noun_end) or ctx.opponent(obligor, f.start)
        made.append(_make(ctx, state, agr, obligor, "release", " ".join(text[figure.end : noun_end].split()),
                          object_party, figure, None, (figure.start, rel.end()), "commitment-restated"))
    return made


def _held_nearby(ctx: Context, pos: int) -> str | None:
    from loaders.extract.releases import _held_before, _patterns

    return _held_before(ctx, _patterns(ctx)[2], pos)


def _subject_party(ctx: Context, s_start: int, pos: int) -> str | None:
    """The party a sentence is about before ``pos``: its first party named as a doer, not as a
    source ("according to the ICRC") nor as the owner of people counted ("60 members of the Afghan forces")."""
    text = ctx.text
    for m in ctx.mentions_in(s_start, pos):
        if m.kind not in ("party", "descriptor", "metonym") or not m.actor or ctx.in_quote(m.start):
            continue
        before = text[max(s_start, m.start - 30) : m.start]
        if re.search(r"\baccording\s+to\s+(?:the\s+)?$|\d[\w\s]{0,20}\bof\s+(?:the\s+)?$", before, re.IGNORECASE):
            continue
        return ctx.party_of(m.actor)
    return None


def _object_text(obj: str) -> str:
    """The released people as the text names them ("Taliban prisoners")."""
    return " ".join(obj.split()) or "prisoners"


def _reciprocal_end(ctx: Context, pos: int, end: int) -> int:
    m = RECIPROCAL.match(ctx.text, pos) or RECIPROCAL.search(ctx.text, pos, min(end, pos + 20))
    if not m:
        return pos
    fp = _figure_people(ctx, m.end(), end)
    stop = fp[3] if fp else m.end()
    tail = re.match(r"\s+(?:today|tomorrow|on\s+\w+day)\b", ctx.text[stop:end])
    return stop + (tail.end() if tail else 0)


def _reciprocal(ctx: Context, state: _State, agr: _Agr | None, first: Commitment, pos: int, end: int,
                deadline: dt.date | None, ev: tuple[int, int], rule: str) -> list[Commitment]:
    m = RECIPROCAL.search(ctx.text, pos, min(end, pos + 160))
    if not m:
        return []
    fp = _figure_people(ctx, m.end(), end)
    if fp is None:
        return []
    figure, obj, s, e = fp
    object_party = _object_party(ctx, s, e)
    # the side that receives the first release gives the other back, unless the text names the holder:
    # "for the release by Israel of 150 ...", "for 1,900 prisoners held by Israel"
    obligor = _holder(ctx, m.end(), s, e, end)
    if obligor is not None and obligor == first.obligor:
        obligor = None
    if obligor is None:
        obligor = first.object_party if first.object_party and first.object_party != first.obligor else None
    if obligor is None:
        obligor = ctx.opponent(object_party, s) if object_party else None
    if obligor is None:
        return []
    if object_party == obligor:
        object_party = first.obligor
    if _nation_people(ctx, s, e, obligor):
        object_party = None
    cond = " ".join(ctx.text[m.start() : e].split())
    c = _make(ctx, state, agr, obligor, first.action, obj, object_party, figure, deadline, ev, rule + "-reciprocal")
    state.commitments[state.commitments.index(first)] = replace(first, conditions=first.conditions + (cond,))
    return [c]


HELD_BY = re.compile(r"\s+(?:(?:who\s+are\s+|that\s+are\s+)?(?:held|detained|jailed|imprisoned)\s+by|in\s+the\s+custody\s+of)\s+(?:the\s+)?")


def _holder(ctx: Context, pos: int, fig_start: int, people_end: int, end: int) -> str | None:
    """The party named as holding the people of a reciprocal release: "the release by X of N ..." or "N ... held by X"."""
    text = ctx.text
    by = re.match(r"\s*(?:the\s+)?(?:release|freeing|return)\s+by\s+(?:the\s+)?", text[pos:fig_start])
    if by is not None:
        who = ctx.mention_at(pos + by.end(), 2)
        if who is not None and who.actor and who.end <= fig_start:
            return ctx.party_of(who.actor)
    held = HELD_BY.match(text, people_end, end)
    if held is not None:
        who = ctx.mention_at(held.end(), 2)
        if who is not None and who.actor:
            return ctx.party_of(who.actor)
    return None


def _other(ctx: Context, agr: _Agr | None, obligor: str) -> str | None:
    if agr is None:
        return None
    others = [p for p in agr.parties if p != obligor]
    return others[0] if len(others) == 1 else None


def _withdrawal(ctx: Context, state: _State, agr: _Agr, start: int, end: int) -> list[Commitment]:
    """'paves the way for U.S. and other foreign forces to quit Afghanistan in return for ...'."""
    text = ctx.text
    m = re.search(r"\b(?:paves?|paved|paving|opens?|opened|clears?|cleared)\s+the\s+way\s+for\s+(.{3,80}?)\s+to\s+(?:quit|leave|withdraw|pull\s+out|exit)\b", text[start:end])
    if not m or not FORCES.search(m.group(1)):
        return []
    f_start = start + m.start(1)
    named, parties = _parties_of(ctx, f_start, start + m.end(1))
    if not parties:
        return []
    obligor = parties[0]
    ev_end = start + m.end()
    cond: tuple[str, ...] = ()
    rec = RECIPROCAL.match(text, _skip_object(text, ev_end, end))
    if rec:
        stop = _phrase_end(ctx, rec.end(), end)
        cond = (" ".join(text[rec.start() : stop].split()),)
        ev_end = stop
    else:
        ev_end = _skip_object(text, ev_end, end)
    return [_make(ctx, state, agr, obligor, "withdraw", " ".join(m.group(1).split()), None, None, None,
                  (start + m.start(), ev_end), "agreement-withdrawal", counterparty=_other(ctx, agr, obligor), conditions=cond)]


def _skip_object(text: str, pos: int, end: int) -> int:
    m = re.match(r"\s+(?:from\s+)?(?:the\s+)?[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*\s*", text[pos:end])
    return pos + m.end() if m else pos


def _decision(ctx: Context, state: _State, s_start: int, s_end: int) -> tuple[_Agr, int] | None:
    """'It was decided ... that 100 Taliban should be released in exchange for 20 ...'."""
    text = ctx.text
    m = DECIDED.search(text, s_start, s_end)
    if not m:
        return _decision_colon(ctx, s_start, s_end)
    q = ctx.in_quote(m.start())
    party = None
    if q is not None:
        for st in ctx.statements:
            if st.evidence.start <= m.start() < st.evidence.end:
                party = ctx.party_of(st.speaker)
                break
    else:
        subj = ctx.subject_before(m.start(), s_start)
        if subj is not None:
            party = ctx.party_of(subj.actor)
    if party is None or ctx.kind_of(party) not in ("government", "state", "armed_movement", "international_organisation", "other"):
        return None
    date = ctx.first_day(s_start, s_end, future=False) or ctx.doc.published
    agr = _Agr("decision", (party,), (party,), date, "", m.start(), s_end, True)
    return agr, m.end()


# "a decision the government announced last Thursday: 100 ... were to be released", "decided on a first step: ..."
DECISION_COLON = re.compile(
    r"\b(?:(?:decision|decree|order|directive)\s+(?:that\s+|which\s+)?(?P<who>[^:;.\"“”]{2,80}?)\s+(?:had\s+|has\s+)?(?:announced|made|took|taken|issued|signed|adopted|reached|approved)"
    r"|(?:has\s+|had\s+)?decided)\b[^:;.\"“”]{0,50}:\s+", re.IGNORECASE)


def _decision_colon(ctx: Context, s_start: int, s_end: int) -> tuple[_Agr, int] | None:
    """A decision whose terms follow a colon: its maker is the party named before the colon."""
    text = ctx.text
    if text.find(":", s_start, s_end) < 0:
        return None
    m = DECISION_COLON.search(text, s_start, s_end)
    if m is None or ctx.in_quote(m.start()):
        return None
    if m.group("who"):
        who = [x for x in ctx.mentions_in(m.start("who"), m.end("who")) if x.actor and x.kind != "sides"]
        subj = who[0] if who else None
    else:
        subj = ctx.subject_before(m.start(), s_start)
    party = None
    if subj is not None:
        party = next((ctx.party_of(a) for a, _ in ctx.actors_of(subj, subj.start) if ctx.party_of(a)), None)
    if party is None or ctx.kind_of(party) not in ("government", "state", "armed_movement"):
        return None
    day = ctx.first_day(m.start(), m.end(), future=False)
    agr = _Agr("decision", (party,), (party,), day or ctx.doc.published, "", m.start(), s_end, True)
    return agr, m.end()


def _windows(sentences):
    """Sentences, with a very long one cut into windows of about 2,000 characters."""
    for s_start, s_end in sentences:
        while s_end - s_start > 3000:
            yield s_start, s_start + 2000
            s_start += 2000
        yield s_start, s_end


def find_commitments(ctx: Context) -> tuple[list[Agreement], list[Commitment]]:
    """Agreements stated in the text and the commitments they create."""
    text = ctx.text
    state = _State()
    with_commitments: set[str] = set()
    terms_context = False
    for s_start, s_end in _windows(ctx.layout.sentences):
        if not HINT.search(text, s_start, s_end):
            terms_context = False
            continue
        sent = text[s_start:s_end]
        quoted = ctx.in_quote(s_start + (len(sent) - len(sent.lstrip(" \"“”'"))))
        # decisions, even inside quotations ("It was decided that ...")
        dec = _decision(ctx, state, s_start, s_end)
        if dec is not None:
            agr, after = dec
            q = ctx.in_quote(after)
            end = q.inner_end if q is not None else s_end
            made = _obligations(ctx, state, agr, after, end, "decision")
            if made:
                agr.end = end
                q_start = q.inner_start if q is not None else agr.start
                agr.start = q_start
                if agr.id not in state.agreements:
                    state.agreements[agr.id] = agr
                with_commitments.add(agr.id)
                # a date in the decision ("today") is when it is to be carried out
                day = None
                for d in ctx.dates(after, end, future=False):
                    if d.kind == "day":
                        day = d.first
                if day is not None:
                    for i, c in enumerate(state.commitments):
                        if c.agreement == agr.id and c.deadline is None:
                            state.commitments[i] = replace(c, deadline=day)
                continue
        if quoted is not None and quoted.start <= s_start + 2:
            continue
        agr = _agreements_in(ctx, state, s_start, s_end)
        trigger_end = None
        nouns = _noun_pattern(ctx)
        for nm in nouns.finditer(text, s_start, s_end):
            after = text[nm.end() : s_end]
            t = re.match(r"(?:\s+(?:signed|reached|struck)\s+(?:by\s+)?[^,]{0,80}?"
                         # "The agreement, announced by the mediators on Wednesday, 22 November 2023, provides that ..."
                         r"|,\s+(?:signed|reached|struck|announced|brokered|agreed)\b[^;.]{0,80}?,)?\s+(?:" + TERMS.pattern + r")\s+(?:that\s+)?", after)
            if not t:
                t = re.match(r"(?:\s+(?:signed|reached|struck|brokered|agreed|announced)\b[^,;]{0,80}?)?,?\s+(?:under\s+which|by\s+which|in\s+which|which\s+(?:requires|obliges|commits|says|stipulates|provides\s+for|calls\s+for|envisages|sets\s+out))\s+", after)
            if not t:
                # "the deal the United States and the Taliban signed in Doha on February 29, which said that ...",
                # "the decision announced on Sunday, under which ...": the deal's own relative clause
                t = RELATIVE_TERMS.match(after)
            if t:
                trigger_end = nm.end() + t.end()
                break
            u = UNDER.search(text, max(s_start, nm.start() - 40), nm.start() + 1)
            if u and u.end() <= nm.start() + 1:
                trigger_end = _terms_comma(text, nm.end(), s_end)
                break
        if trigger_end is None and state.current is not None:
            pt = PRONOUN_TERMS.match(text, s_start, s_end)
            if pt:
                trigger_end = pt.end()
                agr = agr or state.current
        if trigger_end is None and state.terms_at is not None and s_start <= state.terms_at <= s_end:
            trigger_end = state.terms_at
        state.terms_at = None
        if trigger_end is None:
            ut = UNDER_TERMS.search(text, s_start, s_end)
            if ut:
                trigger_end = ut.end()
                head = UNDER_HEAD.match(text, ut.start(), ut.end())
                if head and (DUTY_VERB.search(text, head.end(), ut.end()) or _commit_pattern(ctx).search(text, head.end(), ut.end())):
                    trigger_end = head.end()  # "Under it Myanmar undertook to ...": no comma closes the opening phrase
                if agr is None and state.current is not None:
                    agr = state.current
        commit_verb = _commit_pattern(ctx).search(sent)
        made_here = (_ordered(ctx, state, s_start, s_end) + _relative_commitments(ctx, state, s_start, s_end)
                     + _ordered_to(ctx, state, s_start, s_end) + _commits_to(ctx, state, s_start, s_end)
                     + _approved_for_release(ctx, state, s_start, s_end) + _ceasefire_in_force(ctx, state, s_start, s_end))
        if made_here:
            for c in made_here:
                if c.agreement:
                    with_commitments.add(c.agreement)
        if trigger_end is None and commit_verb is None and terms_context and re.search(r"\b(?:will|would|(?:are|is|were|was)\s+(?:also\s+|then\s+|now\s+|further\s+|in\s+turn\s+)?to|shall|must|bound\s+to|obliged\s+to)\b", sent):
            made = _obligations(ctx, state, state.current, s_start, s_end, "agreement-terms-continued")
            if made and state.current is not None:
                with_commitments.add(state.current.id)
            terms_context = bool(made)
            continue
        after_terms = terms_context
        # a deal signed in this sentence: the next sentences may state its terms
        terms_context = trigger_end is not None or bool(agr is not None and agr.stated and len(agr.parties) >= 2 and agr.start >= s_start)
        if trigger_end is None and commit_verb is None:
            if agr is not None:
                made = _withdrawal(ctx, state, agr, s_start, s_end)
                if made:
                    with_commitments.add(agr.id)
            _deadline_sentence(ctx, state, s_start, s_end)
            continue
        if trigger_end is None:
            cv = s_start + commit_verb.start()  # type: ignore[union-attr]
            comma = text.rfind(",", s_start, cv)
            if NOT_COMMITMENT.search(text, max(s_start, comma + 1, cv - 80), cv):
                continue
        target = agr or state.current
        start = trigger_end if trigger_end is not None else s_start
        made = _obligations(ctx, state, target, start, s_end, "agreement-terms" if trigger_end is not None or after_terms else "commitment-verb")
        if made and after_terms and trigger_end is None:
            terms_context = True
        if agr is not None:
            made += _withdrawal(ctx, state, agr, s_start, s_end)
        if made and target is not None:
            with_commitments.add(target.id)
    from loaders.extract.terms import read_terms

    read_terms(ctx, state, with_commitments)
    from loaders.extract.periods import settle_relative_deadlines

    settle_relative_deadlines(ctx, state.commitments, {a.id: a.date for a in state.agreements.values()})
    agreements = []
    for agr in state.agreements.values():
        if not (agr.stated or agr.id in with_commitments):
            continue
        if agr.date is None and agr.id not in with_commitments:
            continue
        agreements.append(Agreement(
            id=agr.id, name=agr.name or _decision_name(ctx, agr), kind=agr.kind, date=agr.date,
            signatories=agr.signatories, evidence=ctx.evidence(agr.start, agr.end) if agr.stated else None,
            rule="decision" if agr.kind == "decision" else ("agreement-signed" if agr.stated else "agreement-named"),
            confidence=0.8 if agr.stated else 0.6,
        ))
    # one commitment per id: the first statement of it, completed by later ones
    merged: dict[str, Commitment] = {}
    for c in state.commitments:
        old = merged.get(c.id)
        if old is None:
            merged[c.id] = c
        else:
            merged[c.id] = replace(old, deadline=old.deadline or c.deadline, target=old.target or c.target)
    commitments = list(merged.values())
    ids = {c.id for c in commitments}
    paired = []
    for c in commitments:
        partners = tuple(sorted(o.id for o in commitments if o.id != c.id and o.agreement == c.agreement and o.action == c.action == "release"
                                and o.obligor == c.object_party and c.obligor == o.object_party and o.id in ids))
        paired.append(replace(c, reciprocal_to=partners) if partners else c)
    return sorted(agreements, key=lambda a: a.id), paired


def _terms_comma(text: str, start: int, end: int) -> int:
    """Where the terms begin after "Under the accord ...": the comma after which a duty is stated, not one
    inside a list in the opening phrase ("reached through Qatari, Egyptian and American mediators on Jan. 15,")."""
    commas = [m.end() for m in re.finditer(r",(?!\d{3})", text[start:end])]
    if not commas:
        return start
    for i, c in enumerate(commas):
        stop = start + commas[i + 1] - 1 if i + 1 < len(commas) else end
        if DUTY_VERB.search(text, start + c, stop):
            return start + c
    return start + commas[0]


def _decision_name(ctx: Context, agr: _Agr) -> str:
    text = " ".join(ctx.text[agr.start : agr.end].split())
    return f"decision: {text[:120]}"


def _deadline_sentence(ctx: Context, state: _State, s_start: int, s_end: int) -> None:
    """'The exchange was supposed to have happened by March 10': deadline of the current deal's releases."""
    text = ctx.text
    if not DEADLINE.search(text, s_start, s_end):
        return
    if not re.search(r"\b(?:exchange|swap|release|releases|prisoners|handover)\b", text[s_start:s_end], re.IGNORECASE):
        return
    day = _deadline(ctx, s_start, s_end)
    if day is None:
        m = re.search(r"\bdeadline\s+(?:of|was|is|on)\s+", text[s_start:s_end])
        if m:
            dates = ctx.dates(s_start + m.end(), s_end, future=True)
            day = dates[0].last if dates else None
    if day is None or state.current is None:
        return
    for i, c in enumerate(state.commitments):
        if c.agreement == state.current.id and c.action == "release" and c.deadline is None:
            state.commitments[i] = replace(c, deadline=day)
