"""Statements: direct quotes and reported speech, with speaker, type, channel and date.

Direct quotes take their speaker from an attribution after the quote ("...,"
said X / X said), before it (X said: "..."), or from the quote before it when
nothing attributes them ("he added" style runs of quotes). Reported speech is
read around speech verbs: "X said (that) ...", "..., X said", "..., added the
official", "according to X, ...", "X accused Y of ...", ", noting ...".

Evidence: for a direct quote, the quoted words without their marks and the
closing comma or full stop; for reported speech, the whole attributed clause,
attribution included.
"""

from __future__ import annotations

import datetime as dt
import re

from loaders.extract.actors import Mention
from loaders.extract.context import Context, SpeechVerb
from loaders.extract.layout import Quote
from loaders.extract.stypes import statement_type
from loaders.facts import Statement

__all__ = ["find_statements", "speech_verbs"]

# where a reported clause stops
CLAUSE_END = re.compile(
    r"\s*(?:;|,\s+and\s+(?=(?:a|an|the|some|many|other|several|it|they|he|she)\s)"
    # a second clause with its own subject: ", and Paris wants ...", ", and aid groups have urged ..."
    r"|,\s+(?:and|but)\s+(?!that\s)(?=(?:[\w'’.-]+\s+){1,3}(?:has|have|had|wants|want|says|said|will|would|can|could|must|should)\s)"
    # ", and President Ashraf Ghani responded by ...": a named subject of its own and its verb
    r"|,\s+(?:and|but)\s+(?=(?:the\s+)?(?:[A-Z][\w'’.-]*\s+){1,4}(?:[a-z]+ed|said|told|met|sent|took|gave|made|went|began|won|lost)\b)"
    # a description of what was said, set after it: ", a claim the army denies", ", a figure that ..."
    r"|,\s+(?:a|an)\s+(?:claim|charge|figure|number|step|move|solution|decision|accusation|allegation|assertion|view|account|version|timetable|timeline|date|deadline|target|estimate|assessment|prospect|promise|pledge|warning|gesture|position|demand)\s+(?=(?:that|which|he|she|they|it|the)\b|[A-Z])|,\s+while\s|,\s+but\s(?!that\s)|,?\s+whereas\s|,\s+although\s|,\s+though\s|\s+but\s+(?:the|a|an|it|they|he|she)\b|,\s+as\s|\s+(?<!\bas\ssoon\s)(?<!\bas\slong\s)(?<!\bas\sfar\s)(?<!\bas\swell\s)(?<!\bas\smuch\s)(?<!\bjust\s)as\s+(?:teams|the|it|they|he|she|officials|both)\b|\s[-–—]{1,2}\s|,[\"”’]?\s+(?:a|an|one|two|three|several|some)\s+(?:day|days|week|weeks|month|months|year|years)\s+(?:after|before|since)\b|,\s+(?:who|which)\s)",
)
# a second act of the speaker joined to what was said: "..., and reminded them that", "and asked for privacy"
SECOND_ACT = re.compile(r",?\s+and\s+(?:also\s+)?(?:asked|expressed|reminded|renewed|thanked|urged|appealed|welcomed|praised|"
                        r"called\s+(?:on|for)|accused|denied|vowed|pledged|promised|warned)\b")
# a relative clause set inside the reported words, their verb after it: ", who were captured in August, were"
EMBEDDED_RELATIVE = re.compile(r",\s+(?:who|which)\s+[^,;:.\"“”]{3,120},\s+(?=(?:were|was|are|is|had|has|have|would|will|could|"
                               r"remained|remain|remains)\b)")
# what may stand between a speech verb and what was said: date, channel, "that"
AFTER_VERB = re.compile(
    r"^(?:\s*,?\s*(?:on\s+)?(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?!['’])(?:\s+(?:morning|afternoon|evening|night))?|yesterday|today|last\s+week|this\s+week|(?:late|early)\s+(?:on\s+)?\w+day(?:\s+(?:morning|afternoon|evening|night))?|earlier|later|on\s+Twitter|in\s+a\s+(?:written\s+|brief\s+|joint\s+)?statement|in\s+a\s+tweet|in\s+an\s+interview|in\s+a\s+(?:(?:televised|television|TV|radio|video|recorded|national|brief)\s+)?(?:address|speech|message|broadcast|letter)|at\s+a\s+(?:news|press)\s+conference|on\s+(?:state\s+)?(?:television|TV|radio)|on\s+Facebook|to\s+reporters)\b)*\s*,?\s*(?:that\s+)?",
    re.IGNORECASE,
)
# a short noun phrase after "that" that ends the sentence ("that figure.", "that account"), after a verb
# that takes a thing as its object
THING_VERBS = frozenset({"reject", "dispute", "deny", "criticise", "welcome", "praise", "hail", "acknowledge", "confirm"})
THAT_THING = re.compile(r"(?:[a-z][\w'’-]*\s+){0,2}[a-z][\w'’-]*\s*[.;]?\s*$")
UNDER_DEAL = re.compile(r"(?:Under|As\s+part\s+of|In\s+line\s+with)\s+(?:the|a|its|their|that|this)\s+[^,;]{0,80}?\b(?:[Aa]greement|[Dd]eal|[Aa]ccord|[Pp]act|[Tt]ruce|[Dd]eclaration|[Tt]reaty|[Cc]easefire|[Dd]ecree|[Pp]rotocol)\b")
PAST_FORMS = re.compile(r"ed$|^(?:said|told|wrote|according to|denied|accused|tweeted|noting|saying|adding)$")


def speech_verbs(ctx_text: str, cues, quotes) -> list[SpeechVerb]:
    """Every speech verb outside quotation marks."""
    from loaders.extract.cues import words_pattern

    pattern = _verb_pattern(cues, words_pattern)
    found = []
    for m in pattern.finditer(ctx_text):
        if any(q.start <= m.start() < q.end for q in quotes):
            continue
        form = " ".join(m.group(0).lower().split())
        if form not in cues.speech:
            continue
        verb = cues.speech[form]
        if not _verb_fits(ctx_text, m.start(), m.end(), verb.lemma):
            continue
        found.append(SpeechVerb(m.start(), m.end(), form, verb.lemma, verb.type, verb.continues, verb.object, verb.channel))
    return found


# verbs that introduce speech only in one construction: "..., the ombudsman's office reported."
# (not "Afghanistan has reported 400 infections"); "described the swap as ..."
REPORTED_FITS = re.compile(r"\s*(?:[.,;:]|that\b|on\s+\w+day\b|late\s+on\b|in\s+a\s+\w+)")
REPORTED_NOT = re.compile(r"\b(?:has|have|had|was|were|been|being|is|are|be|widely|first|also)\s+$", re.IGNORECASE)
DESCRIBED_AS = re.compile(r"[^.;:\"“]{1,80}?\sas\s")
# "called the swap "a first step"", "called it a betrayal" (not "a group called ...", "called off", "called in")
CALLED_AS = re.compile(
    r"\s+(?!(?:off|on|for|in|up|back|out|upon|at)\b)(?:[^.;:\"“”‘’]{1,70}?\s+[\"“‘]\w"
    r"|(?:it|this|that|them|him|her|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:a|an)\s+[\w-]+)")
CALLED_NOT = re.compile(r"(?:\bso-|\b(?:is|are|was|were|be|been|being|group|movement|organi[sz]ation|operation|plan|village|town|"
                        r"city|militia|party|body|faction|alliance|programme|program|force|unit|area|place|site|camp)\s+)$", re.IGNORECASE)
# what a verb that speaks only before a clause needs after it: "hinted (that) it may ...",
# "affirmed to our newspaper that ...", "assured the families that ..."
THAT_CLAUSE = re.compile(
    r"\s+(?:(?:on|late\s+on)\s+\w+day\s+|(?:to|in)\s+[^,.;:\"“]{1,40}?\s+|(?:the|its|his|her|their)\s+[^,.;:\"“]{1,40}?\s+)?"
    r"(?:that\b|(?:it|they|he|she|we|there|the\s+[\w-]+(?:\s+[\w-]+)?|[A-Z][\w.’'-]+(?:\s+[A-Z][\w.’'-]+)*)"
    r"\s+(?:would|will|may|might|could|can|had|has|have|was|were|is|are|did|does|must|should)\b)")
# a listener closing a postposed attribution: "..., an aide affirmed to our newspaper."
TO_LISTENER_END = re.compile(r"\s+to\s+[^,.;:\"“]{1,40}?\s*[.,;]")
# "asked Kabul to free ...", "asks the mediators to ..." (not "asked not to be named", "asked about")
ASKED_TO = re.compile(r"\s+(?!not\b|about\b|whether\b|if\b|for\b|permission\b|leave\b)[^.;:,\"“]{1,60}?\s+to\s+(?!be\s+(?:named|identified)\b)[a-z]+")
ASKED_NOT = re.compile(r"\b(?:when|if|once|was|were|been|being|is|are|be)\s+$", re.IGNORECASE)
APPEALED = re.compile(r"\s+(?:for|to)\s")
NOUN_BEFORE = re.compile(r"\b(?:his|her|its|their|the|an?|these|those|repeated|earlier|previous|new|many|several)\s+$", re.IGNORECASE)


def _verb_fits(text: str, start: int, end: int, lemma: str) -> bool:
    """Does a verb that speaks only in some constructions speak here?

    >>> _verb_fits("It freed six, the office reported.", 25, 33, "report")
    True
    >>> _verb_fits("Afghanistan has reported 400 infections.", 16, 24, "report")
    False
    """
    if lemma == "report":
        return bool(REPORTED_FITS.match(text, end)) and not REPORTED_NOT.search(text, max(0, start - 12), start)
    if lemma in ("describe", "dismiss"):
        return bool(DESCRIBED_AS.match(text, end))
    if lemma == "call-as":
        return bool(CALLED_AS.match(text, end)) and not CALLED_NOT.search(text, max(0, start - 16), start)
    if lemma in ("hint", "affirm", "assure"):
        if THAT_CLAUSE.match(text, end):
            return True
        # "..., the envoy remarked.", "..., an aide affirmed to our newspaper."
        return (lemma != "assure" and bool(REPORTED_FITS.match(text, end) or TO_LISTENER_END.match(text, end))
                and not REPORTED_NOT.search(text, max(0, start - 12), start))
    if lemma in ("predict-plural", "warn-plural", "insist-plural", "caution-plural"):
        return bool(THAT_CLAUSE.match(text, end))  # "critics argue that ...", not "both sides argue about ..."
    if lemma == "ask":
        return bool(ASKED_TO.match(text, end)) and not ASKED_NOT.search(text, max(0, start - 8), start)
    if lemma == "appeal":
        return bool(APPEALED.match(text, end)) and not NOUN_BEFORE.search(text, max(0, start - 12), start)
    return True


_VERB_CACHE: dict[int, re.Pattern[str]] = {}


def _verb_pattern(cues, words_pattern) -> re.Pattern[str]:
    key = id(cues)
    if key not in _VERB_CACHE:
        first = "".join(sorted({f[0] for f in cues.speech} | {"A"}))
        _VERB_CACHE[key] = re.compile(rf"(?<![\w’'-])(?=[{re.escape(first)}])(?:" + words_pattern(cues.speech) + r"|According\s+to)(?![\w’'-])")
    return _VERB_CACHE[key]


def _said_on(ctx: Context, verb: SpeechVerb | None, region: tuple[int, int]) -> dt.date | None:
    day = ctx.first_day(*region, future=False)
    if day is not None:
        return day
    if verb is None:
        return ctx.doc.published
    before = ctx.text[max(0, verb.start - 12) : verb.start]
    if re.search(r"\b(?:has|have|had)\s+$", before):
        return None
    if PAST_FORMS.search(verb.form.split()[0]) or verb.form == "according to":
        return ctx.doc.published
    return None


def _channel(ctx: Context, verb: SpeechVerb | None, region: tuple[int, int]) -> str | None:
    if verb is not None and verb.channel:
        return verb.channel
    snippet = ctx.text[region[0] : region[1]]
    for pattern, channel in ctx.cues.channels:
        m = pattern.search(snippet)
        if m:
            if "{1}" in channel and m.groups():
                return channel.replace("{1}", " ".join(m.group(1).split()))
            return channel
    return None


def _expected(ctx: Context, start: int, end: int, kind: str) -> tuple[dt.date | None, dt.date | None]:
    if kind != "prediction":
        return None, None
    dates = ctx.dates(start, end, future=True)
    if not dates:
        return None, None
    return min(d.first for d in dates), max(d.last for d in dates)


def _emit(ctx: Context, mention: Mention, verb: SpeechVerb | None, kind: str, text_span: tuple[int, int],
          evidence: tuple[int, int], attribution: tuple[int, int], rule: str, confidence: float,
          inherit: Statement | None = None) -> list[Statement]:
    made = []
    text = ctx.text[text_span[0] : text_span[1]].strip()
    if not text:
        return made
    for actor, post in ctx.actors_of(mention, mention.start):
        stype = statement_type(ctx, verb, text_span, actor, kind == "reported")
        channel = _channel(ctx, verb, attribution)
        said_on = _said_on(ctx, verb, attribution)
        if inherit is None and verb is not None and (verb.continues or verb.form.endswith("ing")):
            inherit = next((s for s in reversed(ctx.statements[-20:]) if s.speaker == actor
                            and s.evidence.start < mention.start and mention.start - s.evidence.end < 600), None)
        if inherit is not None and inherit.speaker == actor:
            channel = channel or inherit.channel
            if said_on is None or said_on == ctx.doc.published:
                said_on = inherit.said_on if inherit.said_on else said_on
        exp_from, exp_to = _expected(ctx, text_span[0], text_span[1], stype)
        made.append(Statement(
            speaker=actor, kind=kind, type=stype, text=text, evidence=ctx.evidence(*evidence),
            post=post if post and post != actor else None, channel=channel, said_on=said_on,
            expected_from=exp_from, expected_to=exp_to, rule=rule, confidence=confidence,
        ))
        ctx.note_speaker(actor)
        ctx.used_actors.add(actor)
    return made


def _clause_end(ctx: Context, start: int, limit: int) -> int:
    text = ctx.text
    # another speech verb joined by "and" or a comma starts another statement
    for v in ctx.verbs_between(start + 9, limit):
        if start + 8 < v.start < limit:
            joint = re.search(r"(?:,\s*(?:and\s+|but\s+)?|\s+(?:and|but)\s+)" + AUX + "$", text[max(start, v.start - 18) : v.start])
            if joint:
                limit = max(start, v.start - 18) + joint.start()
                break
    # "... and asked for privacy", "... and renewed his appeal to ...": a second act of the same speaker
    joined = SECOND_ACT.search(text, start + 9, limit)
    if joined is not None:
        limit = joined.start()
    m = CLAUSE_END.search(ctx.text, start, limit)
    while m is not None and (inside := EMBEDDED_RELATIVE.match(text, m.start(), limit)) is not None:
        # "said the soldiers, who were captured in August, were in Belarus": a relative clause inside the words
        m = CLAUSE_END.search(ctx.text, inside.end(), limit)
    end = m.start() if m and m.start() > start + 8 else limit
    while end > start and text[end - 1] in " \t.\u00a0,":
        end -= 1
    return end


def _verb_at(ctx: Context, pos: int, slack: int = 3) -> SpeechVerb | None:
    found = ctx.verbs_between(pos, pos + slack + 1)
    return found[0] if found else None


def _verb_before_end(ctx: Context, end: int, floor: int) -> SpeechVerb | None:
    found = [v for v in ctx.verbs_between(floor, end) if v.end <= end]
    return found[-1] if found else None


def find_statements(ctx: Context) -> list[Statement]:
    """All statements of a document, in text order."""
    found: list[Statement] = []
    quotes = list(ctx.layout.quotes)
    direct_quotes: set[int] = set()
    # 1. direct quotes with an attribution before or after them
    prev: Statement | None = None
    prev_quote: Quote | None = None
    for qi, q in enumerate(quotes):
        p_start = ctx.layout.paragraph_of(q.start)[0]
        p_end = ctx.layout.paragraph_of(max(q.start, q.end - 1))[1]
        nxt = quotes[qi + 1].start if qi + 1 < len(quotes) and quotes[qi + 1].start < p_end else p_end
        last_end = prev_quote.end if prev_quote and prev_quote.end > p_start else p_start
        made = _direct_after(ctx, q, nxt) or _direct_before(ctx, q, last_end)
        if made and made[0]:
            made_list, verb = made
            if verb is not None:
                verb.used = True
            for s in made_list:
                found.append(s)
                ctx.statements.append(s)
            prev, prev_quote = made_list[-1], q
            direct_quotes.add(qi)
            continue
        # 2. a quote nothing attributes, right after an attributed one: the same speaker goes on
        if (prev is not None and prev_quote is not None and _continues(ctx, prev_quote, q) and _standalone(ctx, q)
                and not _heading(ctx, q)):
            mention = Mention(q.start, q.start, "person", (prev.speaker,), post=prev.post)
            made_list = _emit(ctx, mention, None, "direct", (q.inner_start, q.inner_end), (q.inner_start, q.inner_end),
                              (q.end, q.end), "quote-continued", 0.75, inherit=prev)
            for s in made_list:
                s_said = prev.said_on
                s = Statement(**{**s.__dict__, "said_on": s_said, "channel": prev.channel})
                found.append(s)
                ctx.statements.append(s)
            prev_quote = q
            direct_quotes.add(qi)
    # 3. reported speech
    found.extend(_reported(ctx, quotes, direct_quotes))
    found.sort(key=lambda s: (s.evidence.start, s.speaker))
    # one statement per speaker and span
    seen = set()
    unique = []
    for s in found:
        key = (s.speaker, s.evidence.start, s.evidence.end)
        if key not in seen:
            seen.add(key)
            unique.append(s)
    return unique


def _heading(ctx: Context, q: Quote) -> bool:
    """A quoted subheading ("'Within weeks'"): a short quote alone on its line, with no full stop."""
    p_start, p_end = ctx.layout.paragraph_of(q.start)
    alone = ctx.text[p_start:p_end].strip(" \"'“”‘’\u00a0") == ctx.text[q.inner_start : q.inner_end].strip()
    return alone and len(ctx.text[q.inner_start : q.inner_end].split()) < 6 and not re.search(r"[.!?,]\s*$", ctx.text[q.inner_start : q.end - 1])


def _continues(ctx: Context, before: Quote, q: Quote) -> bool:
    between = ctx.text[before.end : q.start]
    p1 = ctx.layout.paragraph_of(before.start)
    p2 = ctx.layout.paragraph_of(q.start)
    if p1 == p2:
        return True
    # the next paragraph, opening with the quote
    return p2[0] == q.start and between.count("\n") <= 4 and len(between.strip()) == 0


def _standalone(ctx: Context, q: Quote) -> bool:
    """A quote that is a sentence of its own, not a phrase inside narration."""
    p_start, _ = ctx.layout.paragraph_of(q.start)
    before = ctx.text[p_start : q.start]
    return not before.strip() or bool(re.search(r"[.!?]\s*$", before))


# "one of the fishermen, ", "one of the freed men, 48-year-old ": what may stand before the name of a speaker
# set after a quote
ONE_OF_LEAD = re.compile(r"(?:one|another)\s+of\s+(?:the|them|those|his|her|their)\b[^,.;:\"“”]{0,60}?,\s+(?:\d{1,3}-year-old\s+)?")


def _direct_after(ctx: Context, q: Quote, limit: int):
    """'"...," said X' / '"...," X said' / '"..." X told AFP.'"""
    text = ctx.text
    pos = q.end
    m = re.match(r"[\s,]*", text[pos:limit])
    pos += m.end() if m else 0
    if pos >= limit:
        return None
    verb = _verb_at(ctx, pos, 0)
    speaker: Mention | None = None
    if verb is not None:
        speaker = ctx.mention_at(verb.end + 1, 4)
        if speaker is None:
            return None
        att = (verb.start, speaker.end)
    else:
        speaker = ctx.mention_at(pos, 4 if text[pos : pos + 4].lower() == "the " else 0)
        if speaker is None and (lead := ONE_OF_LEAD.match(text, pos, limit)) is not None:
            # '"...," one of the fishermen, Jeevan Bhai Solanki, told reporters': the named one speaks
            speaker = ctx.mention_at(lead.end(), 0)
            if speaker is not None and speaker.kind != "person":
                speaker = None
        if speaker is None:
            return None
        verb = next((v for v in ctx.verbs_between(speaker.end, speaker.end + 160) if _gap_ok(ctx, speaker.end, v.start)), None)
        if verb is None:
            return None
        att = (speaker.start, verb.end)
    region = (att[0], min(limit, att[1] + 80))
    stop = re.search(r"[.;\"“”]", text[att[1] : region[1]])
    if stop:
        region = (att[0], att[1] + stop.start())
    inherit = None
    return _emit(ctx, speaker, verb, "direct", (q.inner_start, q.inner_end), (q.inner_start, q.inner_end), region,
                 "quote-then-speaker", 0.9 if q.closed else 0.6, inherit), verb


def _direct_before(ctx: Context, q: Quote, floor: int):
    """'X said: "..."' / 'X told AFP on Sunday: "..."'."""
    text = ctx.text
    before = text[floor : q.start]
    stripped = re.sub(r"[\s:,]*$", "", before)
    if not stripped:
        return None
    verb = _verb_before_end(ctx, floor + len(stripped), floor)
    if verb is None:
        return None
    tail = text[verb.end : floor + len(stripped)]
    if verb.object:
        tail = re.sub(r"^\s+(?:the\s+)?(?:[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*|reporters|journalists)", "", tail)
    if not AFTER_VERB.fullmatch(tail + " ") and tail.strip():
        return None
    s_start, _ = ctx.layout.sentence_of(verb.start)
    speaker = ctx.subject_before(verb.start, max(floor, s_start))
    if speaker is None:
        speaker = ctx.mention_at(verb.end + 1, 4) if verb.form in ("said", "added", "says") else None
    if speaker is None:
        return None
    return _emit(ctx, speaker, verb, "direct", (q.inner_start, q.inner_end), (q.inner_start, q.inner_end),
                 (speaker.start, q.start), "speaker-then-quote", 0.9 if q.closed else 0.6), verb


def _gap_ok(ctx: Context, start: int, end: int) -> bool:
    """Only adverbs, a date, or an aside (", speaking on condition of anonymity,") between subject and verb."""
    from loaders.extract.context import BETWEEN, RELATIVE_GAP

    gap = ctx.text[start:end]
    return bool(BETWEEN.match(gap) or RELATIVE_GAP.match(gap))


def _covered(ctx: Context, pos: int) -> bool:
    for s, e in reversed(ctx.covered[-50:]):
        if s <= pos < e:
            return True
    return False


# words that may stand between "and" and a second speech verb: ", and have accused", "and later said"
AUX = r"(?:(?:has|have|had|also|later|then)\s+)*"
JOINED = re.compile(r"(?:,\s*|\s)(?:and|but)\s+" + AUX + "$")
COMMA_END = re.compile(r",\s*$")


def _reported(ctx: Context, quotes: list[Quote], direct: set[int]) -> list[Statement]:
    text = ctx.text
    found: list[Statement] = []
    last_by_sentence: dict[int, list[Statement]] = {}
    for verb in ctx.verbs:
        if verb.used or _covered(ctx, verb.start):
            continue
        s_start, s_end = ctx.layout.sentence_of(verb.start)
        if verb.type == "commitment" and UNDER_DEAL.match(text, s_start):
            continue
        s_start, s_end = max(s_start, verb.start - 1500), min(s_end, verb.end + 1500)
        made: list[Statement] = []
        if verb.form == "according to":
            made = _according(ctx, verb, s_start, s_end)
        elif (verb.form.endswith("ing") and verb.form != "according to") or (
                JOINED.search(text, max(s_start, verb.start - 20), verb.start)
                and PAST_FORMS.search(verb.form.split()[0])):
            p_start = ctx.layout.paragraph_of(verb.start)[0]
            earlier = [s for s in ctx.statements[-30:] if p_start <= s.evidence.start < verb.start]
            made = _participle(ctx, verb, s_start, s_end, earlier)
        else:
            after = ctx.mention_at(verb.end + 1, 4) if COMMA_END.search(text, s_start, verb.start) else None
            inverted = after is not None and verb.lemma != "want" and re.match(
                r"\s*(?:[,.;:]|$)", text[(after.core_end if after.core_end > 0 else after.end) : s_end + 1])
            subject = None if inverted else ctx.subject_before(verb.start, s_start)
            if subject is not None and verb.type == "denial" and _relative_np(ctx, verb, subject, s_start) is not None:
                made = _relative_denial(ctx, verb, subject, s_start)
            elif subject is not None and not (subject.kind == "pronoun" and verb.lemma == "want"):
                made = _subject_verb(ctx, verb, subject, s_start, s_end, quotes)
            elif COMMA_END.search(text, s_start, verb.start) and verb.lemma != "want":
                made = _clause_verb_subject(ctx, verb, s_start, s_end)
        if made:
            verb.used = True
            found.extend(made)
            ctx.statements.extend(made)
            last_by_sentence.setdefault(s_start, []).extend(made)
    return found


# "war crimes, which Kyiv denies", "a claim that victims' groups dispute", "figures the Taliban have disputed":
# the thing denied, then the denier
DENIER_GAP = re.compile(r"(?:\s+(?:has|have|had|always|long|also|strongly|flatly|repeatedly|consistently))*\s+")
RELATIVE_NP = re.compile(
    r"(?:,\s+|\b(?:of|on|for|against|faced|facing|over|with|about)\s+)(?P<np>(?:(?!\b(?:of|on|for|against|faced|facing|over|with|about)\b)[^,;.:])+?)"
    r"(?:\s*,\s*which|\s+that)?\s+(?:[Tt]he\s+)?$")


def _relative_np(ctx: Context, verb: SpeechVerb, subject: Mention, s_start: int) -> tuple[int, int] | None:
    """The thing denied before a denier whose verb ends the clause ("..., which Kyiv denies.")."""
    if subject.kind not in ("person", "party", "metonym"):
        return None  # "which he denies", "a charge the ministry rejects": who is meant is read elsewhere
    if not re.match(r"\s*(?:[.;,]|$)", ctx.text[verb.end : verb.end + 2]) or not DENIER_GAP.fullmatch(ctx.text, subject.end, verb.start):
        return None
    m = RELATIVE_NP.search(ctx.text, s_start, subject.start)
    return (m.start("np"), m.end("np")) if m else None


def _relative_denial(ctx: Context, verb: SpeechVerb, subject: Mention, s_start: int) -> list[Statement]:
    """'..., which Kyiv denies': a denial whose words are the thing denied."""
    np = _relative_np(ctx, verb, subject, s_start)
    if np is None:
        return []
    made = _emit(ctx, subject, verb, "reported", np, (np[0], verb.end), (subject.start, verb.end), "relative-denial", 0.7)
    ctx.covered.append(np)
    return made


def _complement(ctx: Context, verb: SpeechVerb, s_end: int) -> int:
    """Where the reported words start after a verb (skipping date, channel, object, 'that')."""
    text = ctx.text
    pos = verb.end
    if verb.object:
        m = re.match(r"\s+(?:the\s+)?(?:[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*|reporters|journalists|a\s+news\s+conference)", text[pos:s_end])
        if m:
            pos += m.end()
    m = AFTER_VERB.match(text[pos:s_end])
    if m:
        if (verb.lemma in THING_VERBS and m.group(0).rstrip().endswith("that")
                and THAT_THING.match(text, pos + m.end(), s_end)):
            # "rejected that position", "disputes that figure": "that" points at a thing, the words are all of it
            return pos + len(m.group(0).rstrip()) - len("that")
        pos += m.end()
    return pos


def _inner_quote(ctx: Context, quotes: list[Quote], start: int, end: int) -> Quote | None:
    """A quote that closes a reported clause and carries much of it ('hailed it as "good news,"'),
    read as a direct quote; a short phrase quoted at the end of a long clause stays reported."""
    text = ctx.text
    for q in quotes:
        if start <= q.start and q.end <= end + 2:
            lead = text[max(start, q.start - 25) : q.start]
            if not re.search(r"\b(?:as|was|is|were|are|be|been)\s*$", lead):
                continue
            if len(text[q.inner_start : q.inner_end].split()) < 0.4 * len(text[start:end].split()):
                continue
            if re.match(r"\s*(?:and|but|or)\b", text[q.end : q.end + 6]):
                continue  # "welcomed it as "a step" and urged ...": the quote is part of a longer report
            closing = text[q.inner_end : q.end].strip(" \"”’\u00a0")
            if q.end >= end - 1 or closing in (",", ".") or re.match(r"\s*[,.;]", text[q.end : q.end + 3]):
                return q
    return None


# an adjunct that opens a sentence before its speaker: where, how or when the speaking was done
INTRO_ADJUNCT = re.compile(
    r"(?:(?:(?:In|At)\s+(?:a|an|his|her|its|their|the\s+same)|Speaking|Addressing|Asked|Writing|Talking|Interviewed|Responding)\b"
    r"[^;:\"“”()\[\]]{0,110}?,\s*"
    r"|At\s+the\s+same\s+(?:news\s+conference|press\s+conference|briefing|ceremony|event|meeting)\s+"
    r"|In\s+the\s+same\s+(?:statement|message|post|interview|speech|address)\s+"
    r"|(?:(?:Late|Early|Earlier|Later)\s+)?[Oo]n\s+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?:\s+(?:morning|afternoon|evening|night))?,?\s+"
    r"|(?:Late|Early)\s+(?:on\s+)?(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?:\s+(?:morning|afternoon|evening|night))?,?\s+"
    # "In Gaza, ", "In the southern city of Kandahar, ", "Earlier this month, ", "In return, ", "Meanwhile, "
    r"|In\s+(?:[\w'’.-]+\s+){0,6}?[\w'’.-]+,\s+"
    r"|(?:Earlier|Later)\s+(?:this|that|last|in\s+the)\s+(?:day|week|month|year),\s+"
    r"|(?:Meanwhile|Separately|Elsewhere|Also|However),\s+)$")


def _intro_adjunct(ctx: Context, s_start: int, ev_start: int) -> bool:
    """Only an opening adjunct before the speaker: "Speaking to reporters on Sunday, ...".

    >>> import re
    >>> bool(INTRO_ADJUNCT.match("In a statement issued in Nairobi, "))
    True
    >>> bool(INTRO_ADJUNCT.match("In Mogadishu, the rebels freed 20 men and "))
    False
    """
    if ev_start - s_start < 6:
        return False
    lead = ctx.text[s_start:ev_start]
    if not INTRO_ADJUNCT.match(lead) or any(
            not re.search(r"\b(?:statement|message|video|post|letter)\s+$", ctx.text[max(s_start, v.start - 12) : v.start])
            for v in ctx.verbs_between(s_start, ev_start)):
        return False  # (the verb of "a video message posted online" describes the message, not another speaking)
    # a clause of its own ("After the rebels freed 20 men, ...") is no adjunct of the speaking
    lead = re.sub(r"\b(?:statement|message|video|post|letter)\s+(?:released|issued|posted|published|sent)\b", "", lead)
    return not re.search(r"\b(?:freed|released|killed|signed|agreed|was|were|is|are|had|has|have|said|says)\b", lead)


# a description set before a name: "The opposition leader in exile, Jane Doe, said"
PREPOSED = re.compile(r"(?P<np>(?:[Tt]he|[Tt]heir|[Ii]ts|[Hh]is|[Hh]er|[A-Z][\w.'’-]*['’]s?)\s[^,;:\"“”()\[\]]{2,90}?),\s+")
FINITE = re.compile(r"\b(?:is|are|was|were|had|has|have|did|does|freed|released|signed|agreed|killed|said|says)\b")


def _preposed_description(ctx: Context, s_start: int, ev_start: int) -> int:
    """The evidence of a named speaker opens with the description set before the name
    ("Their envoy in Oslo, Jane Doe, said"), after an opening adjunct if there is one.

    >>> bool(PREPOSED.fullmatch("Their envoy in Oslo, "))
    True
    >>> bool(PREPOSED.fullmatch("After the talks in Oslo, "))
    False
    """
    lead = ctx.text[s_start:ev_start]
    if not lead.strip() or ctx.verbs_between(s_start, ev_start):
        return ev_start
    m = PREPOSED.fullmatch(lead)
    if m is None:
        cut = LEAD_ADJUNCT.match(lead)
        if cut is None or not INTRO_ADJUNCT.match(lead[: cut.end()]):
            return ev_start
        m = PREPOSED.fullmatch(lead, cut.end())
    if m is None or FINITE.search(m.group("np")) or not (_heads(ctx).search(m.group("np")) or KIN.search(m.group("np"))):
        return ev_start
    return s_start


# what a person is to somebody else, in a description set before the name: "Fogel's mother, Malphine Fogel,"
KIN = re.compile(r"\b(?:mother|father|wife|husband|son|daughter|brother|sister|uncle|aunt|cousin|widow|widower|fianc[eé]e?|"
                 r"partner|grandmother|grandfather|parents?|lawyer|attorney|friend|colleague|relative)\b")


LEAD_ADJUNCT = re.compile(r"(?:(?:In|At)\s+(?:a|an|his|her|its|their|the\s+same)\b[^,;:\"“”()\[\]]{0,110}?"
                          r"|(?:(?:Late|Early)\s+)?[Oo]n\s+\w+day(?:\s+(?:morning|afternoon|evening|night))?),\s*")
_HEADS: dict[int, re.Pattern[str]] = {}


def _heads(ctx: Context) -> re.Pattern[str]:
    key = id(ctx.cues)
    if key not in _HEADS:
        words = sorted(ctx.cues.post_heads, key=len, reverse=True)
        _HEADS[key] = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")s?\b", re.IGNORECASE)
    return _HEADS[key]


OWNER_GAP = re.compile(r"(?:['’]s?)?\s+")


def _owner_start(ctx: Context, subject: Mention) -> int:
    """Where an organ's name starts with its owner: "Kenya's air force", "the UAE foreign ministry"."""
    if subject.kind != "descriptor":
        return subject.start
    for m in reversed(ctx.mentions_in(max(0, subject.start - 60), subject.start)):
        if m.end <= subject.start and OWNER_GAP.fullmatch(ctx.text, m.end, subject.start) and m.actor == subject.actor:
            return m.start
        break
    return subject.start


# an opening phrase of time or place (with a description of it) before the speaker, which is no
# reported clause: "On May 24, the first day of the holiday, he pledged ..."
ADJUNCT_LEAD = re.compile(r"(?:On|In|At|By|Late|Early|Earlier|Later|Last|This|That|During|After|Before)\b[^,;:\"“”]{1,60},"
                          r"(?:\s*(?:the|a|an|his|her|its|their)\s[^,;:\"“”]{1,80},)?\s*")

# what may stand between the comma closing a reported clause and its speaker: "..., the ministry said",
# "..., Oman's foreign ministry said", "..., the UN's refugee agency said"
LEAD_COMMA = re.compile(r",\s*(?:(?:[Tt]he|[Tt]heir|[Ii]ts|[Hh]is|[Hh]er)\s+)?(?:[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}['’]s?\s+)?$")


# the comma and the words of a title between the reported words and a named speaker after them: ", council
# spokesman Javid Faisal said", ", the group's spokesman Suhail Shaheen wrote"
TITLED_LEAD = re.compile(r",\s*(?P<title>(?:[\w.'’-]+\s+){1,4})$")


def _titled_lead(ctx: Context, before: str) -> re.Match[str] | None:
    """The comma before a named speaker set after the words they said, when only the words of a post stand
    between them (a possessive, modifiers, the post's head): "..., council spokesman Javid Faisal said"."""
    m = TITLED_LEAD.search(before)
    if m is None:
        return None
    words = [re.sub(r"['’]s$", "", w).lower() for w in m.group("title").split()]
    # ("..., and then Faisal said": words of no title)
    return m if all(w in TITLE_LEAD_WORDS or w in ctx.cues.post_heads or w in ctx.cues.post_modifiers for w in words) else None


# words of a post's owner that may stand before its title: "the group's spokesman", "council spokesman"
TITLE_LEAD_WORDS = frozenset("the a an its their his her group movement council committee office ministry army party "
                             "government commission agency rebels rebel militants insurgents".split())


def _subject_verb(ctx: Context, verb: SpeechVerb, subject: Mention, s_start: int, s_end: int, quotes: list[Quote]) -> list[Statement]:
    """'X said (that) ...' or, with nothing after the verb, '..., X said.'"""
    text = ctx.text
    subjects = ctx.coordinated(subject, s_start)
    c_start = _complement(ctx, verb, s_end)
    ev_start = _owner_start(ctx, subjects[0])
    if re.search(r"\b[Tt]he\s+$", text[max(0, ev_start - 4) : ev_start]):
        ev_start -= 4
    which = re.search(r",\s*(which|who)\s+(?:(?:has|have|had|also)\s+)*$", text[subject.end : verb.start])
    if which:
        ev_start = subject.end + which.start(1)  # "the ministry, which said ...": the relative clause
    head = re.search(r"\b([A-Z][a-z]+)\s+(?:on|of|from|for|in|at)\s+$", text[max(s_start, ev_start - 30) : ev_start])
    if head and not which:
        ev_start = max(s_start, ev_start - 30) + head.start(1)  # "Officials on the government side said"
    rest = text[c_start:s_end].strip(" .\u00a0")
    made: list[Statement] = []
    intro = not which and _intro_adjunct(ctx, s_start, ev_start)
    if intro:
        ev_start = s_start  # "In a televised address, the president said ...": the attribution opens the sentence
    elif not which and subjects[0].kind == "person":
        ev_start = _preposed_description(ctx, s_start, ev_start)
    lead_clause = not intro and LEAD_COMMA.search(text[s_start : subjects[0].start]) and len(text[s_start : subjects[0].start].split()) >= 3
    attribution_end = verb.end
    comma = re.search(r"\s*,\s*$", text[verb.end : c_start])
    postposed = lead_clause and (comma or re.match(r"\s*(?:after|before|during|following|in|at|on|late|earlier|when|while|as|amid|from|to|this|last|yesterday|today|tonight|overnight|separately|via|through)\b", text[c_start:s_end]))
    if postposed and not comma and ADJUNCT_LEAD.fullmatch(text, s_start, subjects[0].start):
        ev_start = s_start  # "On May 24, the first day of the holiday, he pledged in ... to ...": no words before him
    elif postposed:
        if comma:
            attribution_end = verb.end + comma.start()
        else:  # "..., the U.N. said after a week of talks": the attribution runs to the end
            attribution_end = _clause_end(ctx, c_start, s_end)
        rest = ""
    if len(rest.split()) >= 2 and not re.match(r"[\"“]", rest):
        c_end = _clause_end(ctx, c_start, s_end)
        part = re.match(r"\s*,\s*(?:saying|adding|noting|arguing|insisting)\b", text[c_end : c_end + 14])
        if part and len(text[c_start:c_end].split()) <= 6 and not re.match(r"\s*that\b", text[verb.end : c_start + 5]):
            pverb = _verb_at(ctx, c_end + part.start() + 1, 12)
            if pverb is not None:
                pverb.used = True
                c_end = _clause_end(ctx, _complement(ctx, pverb, s_end), s_end)
        inner = _inner_quote(ctx, quotes, c_start, c_end)
        for subj in subjects:
            if inner is not None:
                made += _emit(ctx, subj, verb, "direct", (inner.inner_start, inner.inner_end), (inner.inner_start, inner.inner_end),
                              (subj.start, c_start), "verb-partial-quote", 0.8)
            else:
                made += _emit(ctx, subj, verb, "reported", (c_start, c_end), (ev_start, c_end),
                              (subj.start, c_start), "subject-verb-clause", 0.8)
        ctx.covered.append((c_start, c_end))
        return made
    # "..., a senior official and a spokesman said."
    before = text[s_start : subjects[0].start]
    m = LEAD_COMMA.search(before) or _titled_lead(ctx, before)
    if m and len(before.split()) >= 3:
        c_end = s_start + m.start()
        if ctx.in_quote(s_start) or re.match(r"[\"“]", text[s_start:c_end]):
            return []
        for subj in subjects:
            made += _emit(ctx, subj, verb, "reported", (s_start, c_end), (s_start, attribution_end),
                          (subj.start, attribution_end), "clause-subject-verb", 0.8)
        ctx.covered.append((s_start, c_end))
    return made


def _clause_verb_subject(ctx: Context, verb: SpeechVerb, s_start: int, s_end: int) -> list[Statement]:
    """'..., added the official, who ...' / '..., said a spokesman.'"""
    speaker = ctx.mention_at(verb.end + 1, 4)
    if speaker is None:
        return []
    text = ctx.text
    if not re.match(r"\s*(?:[,.;:]|$)", text[(speaker.core_end if speaker.core_end > 0 else speaker.end) : s_end + 1]):
        return []
    c_end = s_start + re.search(r",\s*$", text[s_start : verb.start]).start()  # type: ignore[union-attr]
    if c_end - s_start < 10 or ctx.in_quote(s_start + 1):
        return []
    end = speaker.core_end if speaker.core_end > 0 else speaker.end
    end = _speaker_tail(ctx, end, s_end)
    made = _emit(ctx, speaker, verb, "reported", (s_start, c_end), (s_start, end), (verb.start, end),
                 "clause-verb-subject", 0.8)
    ctx.covered.append((s_start, c_end))
    return made


def _organ_end(ctx: Context, end: int, s_end: int) -> int:
    """"according to Ukraine's coordination headquarters for ...": the source runs to the end of its organ."""
    m = re.match(r"['’]s?\s+[a-z][\w-]*(?:\s+(?:[\w'’-]+))*?(?=\s*[.;]?\s*$)", ctx.text[end:s_end])
    return end + m.end() if m and m.end() < 120 else _speaker_tail(ctx, end, s_end)


# the rest of an organ's name that closes the sentence after the part the gazetteer knows: "according to
# the Coordination Headquarters for the Treatment of Prisoners of War." (a post in apposition, ", spokesman
# for ...", stays out: the sets disagree on it)
SPEAKER_TAIL = re.compile(r"\s+(?:for|of)\s+(?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:of|for|and|the|on|[A-Z][\w'’-]*))*?\s*\.?\s*$")


def _speaker_tail(ctx: Context, end: int, s_end: int) -> int:
    """The end of an organ's full name that closes the sentence."""
    m = SPEAKER_TAIL.match(ctx.text, end, s_end)
    if m is None or m.end() - end > 130 or ctx.verbs_between(end, m.end()):
        return end
    stop = m.end()
    while stop > end and ctx.text[stop - 1] in " .\n\t\u00a0":
        stop -= 1
    return stop


def _according(ctx: Context, verb: SpeechVerb, s_start: int, s_end: int) -> list[Statement]:
    """'According to X, ...' / '..., according to X.'"""
    text = ctx.text
    speaker = ctx.mention_at(verb.end + 1, 4)
    if speaker is None:
        return []
    after = re.match(r"\s*,\s*", text[speaker.end : s_end])
    if after and speaker.start - verb.start < 20 and text[s_start:verb.start].strip() == "":
        c_start = speaker.end + after.end()
        c_end = _clause_end(ctx, c_start, s_end)
        made = _emit(ctx, speaker, verb, "reported", (c_start, c_end), (verb.start, c_end), (verb.start, c_start),
                     "according-to-clause", 0.85)
        ctx.covered.append((c_start, c_end))
        return made
    before = text[s_start : verb.start]
    m = re.search(r",\s*$", before)
    if m and re.search(r"\b(?:said|says|told|added|wrote)\b", before):
        return []  # "X said at a news conference on Monday, according to state media": X's words, the media the channel
    if m and len(before.split()) >= 3:
        c_end = s_start + m.start()
        end = _organ_end(ctx, speaker.core_end if speaker.core_end > 0 else speaker.end, s_end)
        made = _emit(ctx, speaker, verb, "reported", (s_start, c_end), (s_start, end), (verb.start, end),
                     "clause-according-to", 0.85)
        ctx.covered.append((s_start, c_end))
        return made
    return []


def _participle(ctx: Context, verb: SpeechVerb, s_start: int, s_end: int, earlier: list[Statement]) -> list[Statement]:
    """'..., he added, noting (that) ...': the speaker of the sentence goes on."""
    text = ctx.text
    if not re.search(r"(?:,|\band|\bbut)\s*" + AUX + "$", text[max(s_start, verb.start - 20) : verb.start]):
        return []
    speaker = None
    inherit = None
    same = [s for s in earlier if s.evidence.start >= s_start - 400]
    if same:
        inherit = same[-1]
        speaker = Mention(verb.start, verb.start, "person", (inherit.speaker,), post=inherit.post)
    else:
        subj = None
        for m in ctx.mentions_in(s_start, verb.start):
            if not ctx.in_quote(m.start) and m.kind in ("person", "post", "party", "descriptor", "metonym"):
                subj = m
                break
        if subj is None:
            return []
        speaker = subj
    c_start = _complement(ctx, verb, s_end)
    c_end = _clause_end(ctx, c_start, s_end)
    if c_end - c_start < 10:
        return []
    made = _emit(ctx, speaker, verb, "reported", (c_start, c_end), (verb.start, c_end), (verb.start, c_start),
                 "participle-clause", 0.7, inherit=inherit)
    if inherit is not None:
        made = [Statement(**{**s.__dict__, "channel": s.channel or inherit.channel}) for s in made]
    ctx.covered.append((c_start, c_end))
    return made

