"""What the rules share about one document: its text, layout, mentions and cue lists.

Built once per document by :func:`loaders.extract.extract`; the statement,
release and commitment rules read it and add what they find.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from dataclasses import dataclass, field

from loaders.extract.actors import Mention, Mentions, named_as_broker
from loaders.extract.cues import Cues
from loaders.extract.dates import DateMention, find_dates
from loaders.extract.layout import Layout, Quote
from loaders.extract.numbers import NumberFinder
from loaders.facts import Document, Evidence, Statement
from loaders.gazetteer import Gazetteer

__all__ = ["Context", "SpeechVerb"]

# words that may stand between a subject and its verb: "Faisal also said", "the Taliban have said"
BETWEEN = re.compile(
    r"^(?:[\s,]|\b(?:has|have|had|also|further|later|then|again|previously|earlier|separately|repeatedly|once|himself|herself|"
    r"itself|themselves|both|all|too|on\s+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|"
    r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|last\s+week|this\s+week|yesterday|today|"
    r"last|late|early|night|morning|evening|afternoon|"
    r"on\s+Twitter|in\s+a\s+statement|publicly|privately|quickly|immediately|"
    # "has always denied", "have long rejected", "flatly denied", "first said": adverbs of how, when or how long
    r"always|long|consistently|strongly|flatly|firmly|vehemently|categorically|swiftly|formally|officially|openly|sharply|"
    r"angrily|initially|first|subsequently|finally|now|still|already|"
    # "the Houthis' military media office denied": the words of a party's office after its name
    r"press|media|military|information|"
    r"side|delegation|team|negotiators|negotiating\s+team|officials|leadership|camp|ministry|office|spokesman|"
    r"spokeswoman|spokesperson|command|authorities|(?:armed|military|political)\s+wing|wing)\b|['’]s\b|(?<=s)['’](?=\s))*$",
    re.IGNORECASE,
)


# "The government, which was not a party to the deal, has said"; "an official who asked not to be named said"
RELATIVE_GAP = re.compile(
    r"^\s*(?:,?\s*(?:who|which)\s+[^;.\"“”]{0,120}?[\s,]*"  # "X, who ..., said" / "X who asked ... said"
    r"|,\s*whose\s+[^;.\"“”]{0,120}?,\s*"  # "X, whose son was freed, said"
    r"|,\s*(?:speaking|citing|quoted|aged|\d{1,3}\b|[a-z]{3,}ing\b)[^;.\"“”]{0,100}?,\s*"  # "X, speaking on ..., said" / "X, 43, said"
    r"|,\s*(?:in|at|during|after)\s+(?:a|an|his|her|its|their|the)\s+[^;.\"“”]{0,80}?,\s*"  # "X, in a video message, said"
    r"|\s+(?:involved|based|engaged|stationed|working|responsible|close|familiar)\s+(?:in|with|to|on|at|for)\s+[^;.\"“”,]{1,80}?"
    r"(?:,\s*(?:who|which)\s+[^;.\"“”]{0,120}?,)?\s*"  # "an official involved in the talks (, who ...,) said"
    r"|,\s*(?P<apposed>(?:a|an|the|[A-Z][\w'’-]*['’]s)\s+(?![^;.\"“”,]{0,80}?\b(?:and|or)\s)[^;.\"“”,]{0,80}?),\s*)"  # "X, a foundation that helps victims, said", "X, Ehud's wife, said"
    r"(?:(?:has|have|had|also|later|then|on\s+\w+day)\s+)*$"
)
# "60 members of the Afghan security forces": a party named as the owner of people counted, not as a doer
COUNTED_OF = re.compile(r"\d[\d,]*\s+(?:[a-z-]+\s+){1,2}of\s+(?:the\s+)?$")
# a description set off by a comma after a name, up to the mention inside it: "X, the wife of (Y)"
APPOSITION_OPEN = re.compile(r"^\s*,\s*(?:(?:a|an|the)\s+|[A-Z][\w'’-]*['’]s\s+)[^,;.\"“”]*\b(?:of|to|for|from|with)\s+(?:the\s+)?(?:[a-z][\w-]*\s+){0,3}$")
RELATIVE = re.compile(r"^\s*,?\s*(?:who|which|that)\s+[^,;.\"“”]*$")
# a relative clause set off by commas after a body's name, up to the mention that ends it
RELATIVE_COMMA = re.compile(r"^\s*,\s*(?:which|who)\s+[^,;.\"“”]*$")


@dataclass
class SpeechVerb:
    start: int
    end: int
    form: str
    lemma: str
    type: str | None
    continues: bool
    object: bool
    channel: str | None
    used: bool = False


@dataclass
class Context:
    doc: Document
    gaz: Gazetteer
    cues: Cues
    numbers: NumberFinder
    layout: Layout
    found: Mentions
    verbs: list[SpeechVerb]
    statements: list[Statement] = field(default_factory=list)
    # spans already read as reported content, so verbs inside them are not read again
    covered: list[tuple[int, int]] = field(default_factory=list)
    last_speaker: dict[str, str] = field(default_factory=dict)  # "person" / "party" -> actor
    used_actors: set[str] = field(default_factory=set)
    _mention_starts: list[int] | None = None
    _verb_starts: list[int] | None = None
    _statement_starts: list[int] | None = None
    _kind_index: dict[tuple[str, ...], tuple[list[int], list[str]]] = field(default_factory=dict)
    _opponents: dict[str | None, str | None] = field(default_factory=dict)
    memo: dict[str, object] = field(default_factory=dict)  # per-document results the rules compute once

    @property
    def text(self) -> str:
        return self.doc.text

    @property
    def mentions(self) -> list[Mention]:
        return self.found.mentions

    def evidence(self, start: int, end: int) -> Evidence:
        text = self.doc.text
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        return Evidence(self.doc.id, start, end, text[start:end])

    def in_quote(self, pos: int) -> Quote | None:
        return self.layout.quote_at(pos)

    def dates(self, start: int, end: int, future: bool | None = None) -> list[DateMention]:
        return find_dates(self.doc.text, self.doc.published, start, end, future)

    def first_day(self, start: int, end: int, future: bool | None = None) -> dt.date | None:
        """The first day named between ``start`` and ``end`` (of a date naming one day), if any."""
        return next((d.first for d in self.dates(start, end, future) if d.kind == "day"), None)

    @property
    def _starts(self) -> list[int]:
        if self._mention_starts is None:
            self._mention_starts = [m.start for m in self.mentions]
        return self._mention_starts

    def verbs_between(self, start: int, end: int) -> list[SpeechVerb]:
        """Speech verbs starting in [start, end)."""
        if self._verb_starts is None:
            self._verb_starts = [v.start for v in self.verbs]
        i = bisect.bisect_left(self._verb_starts, start)
        j = bisect.bisect_left(self._verb_starts, end)
        return self.verbs[i:j]

    def parties_by_kind(self, kinds: tuple[str, ...]) -> tuple[list[int], list[str]]:
        """(starts, parties) of every party-denoting mention of the given kinds, in text order."""
        key = kinds
        if key not in self._kind_index:
            starts: list[int] = []
            parties: list[str] = []
            for m in self.mentions:
                p = m.party if m.kind != "party" else m.actor
                if p and m.kind not in ("pronoun", "sides") and self.kind_of(p) in kinds and self.named(p):
                    starts.append(m.start)
                    parties.append(p)
            self._kind_index[key] = (starts, parties)
        return self._kind_index[key]

    def statements_around(self, pos: int, before: int = 5) -> list[Statement]:
        """The last few statements (sorted by start) that start at or before ``pos``."""
        if self._statement_starts is None or len(self._statement_starts) != len(self.statements):
            self._statement_starts = [s.evidence.start for s in self.statements]
        i = bisect.bisect_right(self._statement_starts, pos)
        return self.statements[max(0, i - before) : i]

    def mentions_in(self, start: int, end: int) -> list[Mention]:
        starts = self._starts  # the mentions are sorted by start
        i = bisect.bisect_left(starts, start)
        j = bisect.bisect_left(starts, end, i)
        return [m for m in self.mentions[i:j] if m.end <= end]

    def mention_at(self, pos: int, slack: int = 0) -> Mention | None:
        """The mention starting at ``pos`` (or within ``slack`` characters after it)."""
        starts = self._starts
        i = bisect.bisect_left(starts, pos)
        while i < len(self.mentions) and self.mentions[i].start <= pos + slack:
            if not self.in_quote(self.mentions[i].start):
                return self.mentions[i]
            i += 1
        return None

    def subject_before(self, pos: int, floor: int) -> Mention | None:
        """The mention that is the subject of a verb at ``pos``: "Faisal (also) said"."""
        best = None
        for m in self.mentions_in(floor, pos):
            if self.in_quote(m.start):
                continue
            gap = self.doc.text[m.end : pos]
            if BETWEEN.match(gap):
                best = m
            elif m.kind != "pronoun" and (rel := RELATIVE_GAP.match(gap)):
                # "X, Y and Z, the troika that ..., said": the description, not the last of a list, speaks
                if rel.group("apposed") and re.search(r"\band\s+(?:the\s+)?$", self.doc.text[max(floor, m.start - 9) : m.start]):
                    continue
                best = m
        if best is None:
            return None
        # "the envoy who negotiated a deal with the Taliban said": the relative clause's antecedent;
        # "Qatar, which mediated the truce with Egypt and the United States, said": a body's too;
        # "Vida Mehrannia, the wife of academic Ahmadreza Djalali, said": the name the description is set beside
        text = self.doc.text
        for m in self.mentions_in(floor, best.start):
            if (m.kind in ("person", "party") and not self.in_quote(m.start) and APPOSITION_OPEN.match(text[m.end : best.start])
                    and re.match(r"\s*,", text[best.end : pos])):
                return m
            if m.kind in ("person", "post") and RELATIVE.match(text[m.end : best.start]):
                return m
            if (m.kind in ("party", "metonym", "descriptor") and RELATIVE_COMMA.match(text[m.end : best.start])
                    and re.match(r"\s*,", text[best.end : pos])):
                return m
        return best

    def coordinated(self, m: Mention, floor: int) -> list[Mention]:
        """A subject and the ones coordinated before it: "X and Y said"."""
        found = [m]
        cur = m
        # "A, B and C" is one subject; in "A and B, C and D" the comma closes the pair before, "C and D"
        joined = 0  # how many were found when the first comma was passed
        while True:
            before = self.doc.text[max(floor, cur.start - 12) : cur.start]
            if re.search(r"\band\s+(?:[Tt]he\s+)?$", before):
                if joined:
                    return found[len(found) - joined :]
            elif len(found) > 1 and re.search(r",\s+(?:[Tt]he\s+)?$", before):
                joined = joined or len(found)
            else:
                break
            prev = [p for p in self.mentions_in(floor, cur.start) if re.fullmatch(r"\s*(?:,\s*)?(?:and\s+)?(?:[Tt]he\s+)?", self.doc.text[p.end : cur.start])]
            if not prev or re.search(r"\b(?:by|of|to|for|from|with)\s+(?:the\s+)?$", self.doc.text[max(floor, prev[-1].start - 9) : prev[-1].start]):
                break  # "... released by the Afghan government, and the insurgents were to": no coordinated subject
            cur = prev[-1]
            found.insert(0, cur)
        return found

    def actors_of(self, m: Mention, at: int) -> list[tuple[str, str | None]]:
        """Actor ids (with the post they speak in) a mention stands for; pronouns resolved."""
        if m.kind == "pronoun":
            if m.head in ("they", "it"):
                actor = self._last_party(at) or self.last_speaker.get("party")
            else:
                actor = self._last_person(at) or self.last_speaker.get("person")
            if not actor:
                return []
            return [(actor, self.found.post_of.get(actor))]
        return [(a, m.post if m.kind in ("person", "post") else None) for a in m.actors if a]

    def _last_person(self, at: int) -> str | None:
        """The person "he" or "she" at ``at`` stands for: the last one named before, unless the
        pronoun opens its sentence and the sentence before opens with a person, its subject (in
        "Duque, who took office in August, has said he will not talk to the rebels his predecessor,
        Santos, was talking to. He welcomed ..."), or the pronoun follows the words its own sentence's
        speaker reports ("Conte wrote that Romano had been freed, and he thanked ...": Conte)."""
        s_start, _ = self.layout.sentence_of(at)
        if at - s_start > 4:
            opening = self._opening(s_start, at)
            if (opening is not None and opening.kind in ("person", "post") and not opening.plural
                    and any(v.end <= at for v in self.verbs_between(opening.end, at))
                    and re.search(r",\s+and\s+$", self.doc.text[max(s_start, at - 8) : at])):
                return opening.actor
        first = self._subject_before(at, ("person", "post"))
        if first is not None and not first.plural:
            return first.actor
        i = bisect.bisect_left(self._starts, at) - 1
        while i >= 0 and at - self.mentions[i].start < 5000:
            m = self.mentions[i]
            if m.kind in ("person", "post") and not m.plural and not self.in_quote(m.start):
                return m.actor
            i -= 1
        return None

    def _opening(self, start: int, end: int) -> Mention | None:
        """The actor that opens the sentence at ``start`` (within 60 characters, before ``end``, after
        nothing but capitalised words and articles): its subject; None when another word comes first."""
        first = next((m for m in self.mentions_in(start, min(end, start + 60))
                      if m.kind in ("person", "post", "party", "descriptor", "metonym") and not self.in_quote(m.start)), None)
        if (first is not None and first.actor
                and re.fullmatch(r"\s*(?:(?:[A-Z][\w.'’-]*|the|a|an)\s+){0,6}", self.doc.text[start:first.start])):
            return first
        return None

    def _subject_before(self, at: int, kinds: tuple[str, ...]) -> Mention | None:
        """When ``at`` opens its sentence, the mention of one of ``kinds`` that opens the sentence before
        (its subject, which a pronoun opening the next sentence takes up), else None."""
        s_start, _ = self.layout.sentence_of(at)
        if at - s_start > 4 or s_start == 0:
            return None
        first = self._opening(self.layout.sentence_of(s_start - 1)[0], s_start)
        return first if first is not None and first.kind in kinds else None

    def _last_party(self, at: int) -> str | None:
        """The party "it" or "they" at ``at`` stands for: the last one named before, unless the pronoun
        opens its sentence and the sentence before opens with a party or one of its bodies, its subject
        (in "Russia's defence ministry said the men were in Belarus. It thanked ...", Russia)."""
        first = self._subject_before(at, ("party", "descriptor", "metonym", "post"))
        if first is not None and (party := self.party_of(first.actor)) is not None:
            return party
        i = bisect.bisect_left(self._starts, at) - 1
        while i >= 0 and at - self.mentions[i].start < 5000:
            m = self.mentions[i]
            if m.kind in ("party", "descriptor", "metonym") and not self.in_quote(m.start) and not COUNTED_OF.search(
                    self.doc.text, max(0, m.start - 30), m.start):
                return m.actor
            i -= 1
        return None

    def note_speaker(self, actor: str) -> None:
        kind = "party" if actor in self.gaz.parties or actor in self.found.parties else "person"
        self.last_speaker[kind] = actor
        if kind == "person":
            self.last_speaker["party"] = self.found.party_of.get(actor) or self.last_speaker.get("party", "")

    def party_of(self, actor: str | None) -> str | None:
        if actor is None:
            return None
        if actor in self.gaz.parties or actor in self.found.parties:
            return actor
        if actor in self.found.party_of:
            return self.found.party_of[actor]
        posts = self.gaz.posts_of(actor, self.doc.published) or self.gaz.posts_of(actor)
        return posts[-1].party if posts else None

    def named(self, party: str | None) -> bool:
        """Whether the text names this party itself (see :attr:`Mentions.named`)."""
        return party is not None and (party in self.found.named or party in self.found.parties)

    def kind_of(self, party: str | None) -> str | None:
        if party in self.gaz.parties:
            return self.gaz.parties[party].kind
        if party in self.found.parties:
            return self.found.parties[party].kind
        return None

    def brokers(self) -> frozenset[str]:
        """Parties the text names as a go-between, outside quotes (:func:`loaders.extract.actors.named_as_broker`:
        "brokered by the United Arab Emirates", "a Qatar-mediated swap", "thanked the UAE for its mediation")."""
        if "brokers" not in self.memo:
            self.memo["brokers"] = frozenset(
                m.actor for m in self.mentions
                if m.kind in ("party", "metonym") and m.actor and not self.in_quote(m.start)
                and named_as_broker(self.text, m.start, m.end))
        return self.memo["brokers"]  # type: ignore[return-value]

    def main_sides(self) -> frozenset[str]:
        """The two sides the text follows: the government, state or armed movement it names most by
        name (a go-between aside) and that one's opponent; empty when it has no two."""
        if "sides" not in self.memo:
            counts: dict[str, int] = {}
            for m in self.mentions:
                if m.kind == "party" and m.actor and not self.in_quote(m.start) and m.actor not in self.brokers() \
                        and self.kind_of(m.actor) in ("government", "state", "armed_movement"):
                    counts[m.actor] = counts.get(m.actor, 0) + 1
            top = max(counts, key=lambda p: counts[p]) if counts else None
            other = self.opponent(top, 0) if top else None
            self.memo["sides"] = frozenset((top, other)) if top and other else frozenset()
        return self.memo["sides"]  # type: ignore[return-value]

    def opponent(self, party: str | None, at: int) -> str | None:
        """The other side: for a government or state, the armed movement (else the other
        state) named most in the text; for an armed movement, the government or state."""
        if party not in self._opponents:
            self._opponents[party] = self._opponent(party)
        return self._opponents[party]

    def _opponent(self, party: str | None) -> str | None:
        kind = self.kind_of(party)
        if kind is None:
            return None
        if kind == "armed_movement":
            wanted = [("government", "state")]
        elif kind in ("government", "state"):
            wanted = [("armed_movement",), ("government", "state")]
        else:
            return None
        for quoted in (False, True):
            for kinds in wanted:
                counts: dict[str, float] = {}
                first: dict[str, int] = {}
                for m in self.mentions:
                    p = m.party if m.kind != "party" else m.actor
                    if p and p != party and self.kind_of(p) in kinds and (quoted or not self.in_quote(m.start)) and self.named(p) \
                            and p not in self.brokers():
                        # a party's organs ("the UAE foreign ministry" of a mediator) weigh less than its names
                        counts[p] = counts.get(p, 0) + (1 if m.kind != "descriptor" or kinds[0] == "armed_movement" else 0.5)
                        first.setdefault(p, m.start)
                if counts:
                    return max(counts, key=lambda p: (counts[p], -first[p]))
        return None
