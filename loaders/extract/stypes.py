"""Statement types read from the reported words and who says them.

The speech verb decides first ("accused" is an accusation). Otherwise the
words decide, with the speaker's own side weighed in:

- the speaker's side as the subject of a future act is a commitment:
  "Armenia said it would withdraw its bid", "he said his forces will free 100";
- the speaker's side as the doer of a past act is an announcement:
  "the coalition said it had returned 48 detainees";
- a party to the conflict reporting people freed is an announcement:
  "the ministry says 303 troops were handed back";
- else the cue patterns of ``extract_cues.yaml`` (denial, demand, praise ...),
  and a claim when nothing fits.
"""

from __future__ import annotations

import re

from loaders.extract.context import Context, SpeechVerb

__all__ = ["statement_type", "own_side"]

# the first auxiliary of a reported clause: what stands before it is the subject
FUTURE = r"(?:would|will|shall)(?!\s+not\b|n['’]t)|(?:is|are|was|were)\s+going\s+to|(?:is|are|was|were|remains?|remained)\s+(?:fully\s+)?committed\s+to"
PERFECT = r"(?:had|has|have)(?:\s+(?:now|already|so\s+far|also|since|just))*\s+(?!been\b|to\b|no\b|not\b|never\b)"
HEAD = re.compile(rf"^(?:that\s+)?(?P<subj>[^,;:\"“”()]{{1,60}}?)\s+(?:(?P<future>{FUTURE})|(?P<perfect>{PERFECT}))", re.IGNORECASE)
# subjects that stand for the speaker's own side in a reported clause
OWN_WORDS = re.compile(
    r"^(?:it|they|we|i|he|she|(?:(?:his|her|its|their|our|the)\s+)(?:own\s+)?(?:government|side|forces|army|movement|group|country|"
    r"administration|party|troops|fighters|team|organi[sz]ation|ministry|office|military|delegation|state|republic|committee|alliance))$",
    re.IGNORECASE,
)
PEOPLE_AFTER = re.compile(r"\s+(?:prisoners|fighters|captives|detainees|members|soldiers|personnel|inmates|militants|servicemen|troops)\b")
PASSIVE_RELEASE = re.compile(
    r"\b(?:were|was|have\s+been|has\s+been|had\s+been)\s+(?:\w+\s+)?(?:released|freed|set\s+free|handed\s+(?:over|back)|returned|exchanged|swapped|repatriated)\b|"
    r"\b(?:came|come|coming|are|were|is|was)\s+(?:now\s+|finally\s+|safely\s+)?(?:back\s+)?home\b|"
    r"\b(?:are|were|is|was)\s+(?:now\s+|finally\s+|safely\s+)?back\s+(?:with|on|in|among)\b|"
    r"\b(?:walked|walk|walks|have\s+walked|had\s+walked)\s+(?:out\b|free\b)|"
    r"\b(?:left|have\s+left|had\s+left)\s+(?:\w+\s+){0,3}?(?:prison|jail|detention|custody)\b|"
    r"\b(?:were|was|have\s+been|had\s+been)\s+let\s+go\b",
    re.IGNORECASE,
)
CONFLICT_KINDS = ("government", "state", "armed_movement")
# a future act under a condition is a demand, not a pledge: "would not talk until ...", "nothing less than"
CONDITION = re.compile(r"\b(?:until|unless|nothing\s+less\s+than|only\s+(?:if|when|after|once))\b", re.IGNORECASE)
BY_AGENT = re.compile(r"\s+by\s+(?:the\s+)?(?P<who>[A-Z][\w.'’-]*)")


def statement_type(ctx: Context, verb: SpeechVerb | None, span: tuple[int, int], speaker: str, reported: bool = True) -> str:
    """The type of a statement whose words are ``ctx.text[span]``; the own-side rules
    read only reported clauses, where "it" and "they" stand for the speaker."""
    if verb is not None and verb.type:
        return verb.type
    text = ctx.text[span[0] : span[1]]
    types = ctx.cues.statement_types
    tried = 0  # the leading denial and accusation patterns, searched (in vain) here already
    for kind, pattern in types:
        if kind in ("denial", "accusation"):
            if pattern.search(text):
                return kind
            tried += 1
            continue
        own = _own_clause(ctx, span, speaker) if reported else None
        if own:
            return own
        break
    for kind, pattern in types[tried:] if tried else types:
        if pattern.search(text):
            return kind
        if kind == "announcement" and ctx.cues.own_actions.search(text) and own_side(ctx, span, speaker):
            return kind
    return "claim"


def _own_clause(ctx: Context, span: tuple[int, int], speaker: str) -> str | None:
    """'it would withdraw' -> commitment; 'it had returned 48' -> announcement; else None."""
    text = ctx.text[span[0] : span[1]]
    m = HEAD.match(text)
    if m and len(m.group("subj").split()) <= 6 and _own_subject(ctx, span[0] + m.start("subj"), span[0] + m.end("subj"), speaker):
        if m.group("future"):
            return None if CONDITION.search(text) else "commitment"
        if ctx.cues.own_actions.match(text, m.end(), m.end() + 40):
            return "announcement"
    party = ctx.party_of(speaker)
    passive = PASSIVE_RELEASE.search(text[:160])
    if passive and CONDITION.search(text, 0, passive.start()):
        passive = None  # "... until every detainee was home": a condition, not a report
    if passive and ctx.kind_of(party) in CONFLICT_KINDS and not _freed_by_other(ctx, span[0] + passive.end(), party):
        return "announcement"
    return None


def _freed_by_other(ctx: Context, pos: int, party: str | None) -> bool:
    """'... had been released by Moscow' told by Kyiv: the other side acted."""
    m = BY_AGENT.match(ctx.text, pos)
    if not m:
        return False
    agent = ctx.mention_at(m.start("who"), 0)
    return agent is not None and ctx.party_of(agent.actor) != party


def _own_subject(ctx: Context, start: int, end: int, speaker: str) -> bool:
    """Is text[start:end], the subject of a reported clause, the speaker's own side?

    "it", "they", "his government", "the group", or a name of the speaker's party.
    """
    subj = " ".join(ctx.text[start:end].split())
    party = ctx.party_of(speaker)
    if subj.lower() in ("it", "they"):
        return party == speaker  # "Armenia said it would ...", not "he said it would open the door"
    if subj.lower() in ("he", "she"):
        return party != speaker
    if OWN_WORDS.match(subj):
        return True
    for m in ctx.mentions_in(start, end):
        if m.kind in ("pronoun", "sides") or PEOPLE_AFTER.match(ctx.text, m.end):
            continue
        return party is not None and ctx.party_of(m.actor) == party
    return False


def own_side(ctx: Context, span: tuple[int, int], speaker: str) -> bool:
    """Does the statement tell of the speaker's own side (first actor named, or "we")?"""
    text = ctx.text[span[0] : span[1]]
    if re.search(r"\b(?:we|our)\b", text[:40], re.IGNORECASE):
        return True
    party = ctx.party_of(speaker)
    for m in ctx.mentions_in(*span):
        if m.kind == "pronoun" or m.kind == "sides":
            continue
        if PEOPLE_AFTER.match(ctx.text, m.end):
            continue  # "Taliban prisoners were released": whose people, not who acted
        return ctx.party_of(m.actor) == party and party is not None
    return party is not None
