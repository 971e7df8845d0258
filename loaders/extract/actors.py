"""Actor mentions: who a stretch of text names, resolved to gazetteer ids or new actors.

Found, in one pass over the text:

- names from the gazetteer ("Zalmay Khalilzad", "the Taliban", "ICRC");
- new people: two or more capitalised words in a role ("Suhail Shaheen, the
  spokesman for the Taliban's political office"), with their post;
- titles before a name ("U.S. Secretary of State Mike Pompeo") and appositions
  after it ("Zabihullah Mujahid, a Taliban spokesman");
- descriptions without a name: anonymous sources ("a senior official in the
  office of President Ashraf Ghani") and definite descriptions that refer to
  somebody named elsewhere ("the U.S. special envoy who negotiated the deal");
- party descriptors by kind ("the insurgents", "the group", "the government"),
  metonyms ("Kabul has claimed"), "both sides", and pronouns.

>>> from loaders.gazetteer import load_gazetteer
>>> import datetime as dt
>>> finder = ActorFinder(load_gazetteer())
>>> found = finder.find("Zabihullah Mujahid, a Taliban spokesman, said so.", "d1", dt.date(2020, 4, 2))
>>> [(m.actors, m.post) for m in found.mentions][:1]
[(('zabihullah-mujahid',), 'taliban/taliban-spokesman/zabihullah-mujahid')]
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from dataclasses import dataclass, field

from loaders.extract.cues import Cues, load_cues, word_start_pattern, words_pattern
from loaders.facts import Party, Person, Post
from loaders.gazetteer import Gazetteer, load_gazetteer, normalise, post_id, slug

__all__ = ["ActorFinder", "Mention", "Mentions"]

STOP_WORDS = frozenset(
    """the a an and but or if in on at of for to from by with after before as when while since though although
    this that these those it its they he she we i his her their our there here then so also yet meanwhile however
    according under over about between among during despite until against without within both all some many
    earlier later last next monday tuesday wednesday thursday friday saturday sunday january february march april
    may june july august september october november december
    what who whom whose which where why how whether not no once every each even only just still now today yesterday
    tonight unlike instead neither nor either adds updates corrects
    eid ramadan christmas easter nowruz passover diwali hanukkah lent advent""".split()
)
# words that never end a person's name, though capitalised in a body's name ("State Commission on Missing Persons")
NOT_NAME_ENDS = frozenset("persons prisoners detainees hostages captives affairs".split())
ORG_WORDS = frozenset(
    """council office headquarters campaign ministry committee press agency prison base province party front army forces force government
    commission organization organisation group movement union court department bank university news times post
    network airport palace house conference agreement accord deal security national republic islamic state states
    nations reconciliation peace district city capital parliament assembly jirga emirate network centre center
    institute foundation alliance coalition brigade division command corps police radio television tv twitter service services
    facebook reuters afp ap associated international red cross crescent mission embassy high school hospital street
    wire review chronicle dispatch herald tribune journal gazette forum observer courier bulletin magazine newspaper telegraph""".split()
)
# a place, not a person: "in San Lorenzo", "near Port Harcourt"
PLACE_BEFORE = re.compile(r"\b(?:[Ii]n|[Nn]ear|[Oo]utside|[Ii]nside|[Aa]cross|[Aa]round)\s+$")
LOCATIVE = re.compile(r"(?:\b(?:in|to|from|at|into|near|outside|inside|of|across|around|via|toward|towards|through|visited|visiting|capital|left|reached)\s*,?\s*|\bcapital,\s*)$", re.IGNORECASE)
DETERMINERS = {"a": 1, "an": 1, "the": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "several": 2,
               "some": 2, "other": 1, "another": 1, "two other": 2}
PP_WORDS = frozenset(
    """office palace ministry council government talks matter negotiations team delegation commission committee
    department leadership side movement group security political presidential national adviser advisor
    presidency administration insurgents militants rebels interior foreign defence defense affairs justice
    prisons prison process issue situation discussions plan operations province provincial headquarters
    file case dossier exchange swap deal negotiation""".split()
)
# Patterns that open on "(?<![\w])" are written here to open on the class of their first letters instead,
# which the engine skips to directly: "[Tt](?<![\w][Tt])" is a "t" at a word start, and "(?<=[Tt])he" reads
# the rest of a word whose first letter is already taken (the matches are the same, start and end).
PRONOUNS = re.compile(r"[HhSsTt](?<![\w][HhSsTt])(?:(?<=[Hh])e|(?<=[Ss])he|(?<=[Tt])hey)(?![\w'’])")
SIDES = re.compile(
    r"[BbTtEeA-Z](?<![\w][BbTtEeA-Z])(?:(?<=[Bb])oth\s+(?:sides|parties|camps|delegations|armies|panels|governments|signatories)|(?<=[Tt])he\s+two\s+(?:sides|parties|delegations|camps|armies|panels|governments)|(?<=[Tt])he\s+signatories(?=\s+(?:also\s+)?(?:undert\w+|commit\w*|agreed|agree|pledged|are|were|will|would|shall|must)\b)|(?:(?<=[Tt])he|(?<=[A-Z])[\w-]+['’]s)\s+warring\s+(?:sides|parties)|(?<=[Ee])ach\s+side"
    r"|(?<=[Tt])he\s+(?:signatory\s+)?parties(?=\s+(?:have|also|further|are|were|will|would|shall|must|agreed|agree|commit|committed|undert\w+|signed|pledged|to)\b))(?![\w])"
)
# "the Government of Mozambique", "the authorities of South Sudan": the government of the state named after
GOVERNMENT_OF = re.compile(
    r"[TtGgAa](?<![\w][TtGgAa])(?:(?<=[Tt])he\s+(?:[Gg]overnment|[Aa]uthorities|[Aa]rmed\s+[Ff]orces)|(?<=[Gg])overnment|(?<=[Aa])uthorities|(?<=[Aa])rmed\s+[Ff]orces)"
    r"\s+of\s+(?:the\s+)?(?=[A-Z])"
)
# Latin letters by case: Latin-1, then the letters of Latin Extended-A and B and Latin Extended
# Additional ("Kubiš", "Davutoğlu", "Wałęsa", "Nguyễn"), which alternate case there
_EXTENDED = [chr(c) for c in (*range(0x100, 0x250), *range(0x1E00, 0x1F00))]
_UP = "A-ZÀ-ÖØ-Þ" + "".join(c for c in _EXTENDED if c.isupper())
_LOW = "a-zß-öø-ÿ" + "".join(c for c in _EXTENDED if c.islower())
NAME = re.compile(
    # initials before the first name word: "R.D. Pradhan", "S. P. Thamilselvan", "F.W. de Klerk"
    rf"(?:[{_UP}](?<![\w.][{_UP}])\.(?:[ ]?[{_UP}]\.){{0,2}}(?:[ ]?(?:de|van|von|da|del|al|el)\s+|[ ])(?=[{_UP}][{_LOW}]))?"
    # the first capital, then "(?<![\w.][...])" for the word start: the scan skips to capitals directly
    rf"[{_UP}](?<![\w.][{_UP}])(?:[{_LOW}]+|[{_LOW}]*[{_UP}][{_LOW}]+)(?:[-'’][{_UP}{_LOW}]+)*"
    # words apart by spaces or one line break, never a blank line ("Political Correspondent" then a new paragraph)
    rf"(?:(?:[ \t\u00a0]+|[ \t]*\n(?![ \t]*\n)[ \t]*)(?:(?:al|bin|ibn|bint|de|dos|das|do|di|van|von|der|du|da|del|el|abu|ag)[\s-]+)?(?!(?:Jr|Sr)\.)(?:[{_UP}][{_LOW}]+|[{_UP}][{_LOW}]*[{_UP}][{_LOW}]+|[{_UP}]\.)"
    rf"(?:[-'’][{_UP}{_LOW}]+)*){{0,5}}(?:,?\s+(?:Jr|Sr)\.(?=[\s,])|\s+(?:Jr|Sr|II|III|IV)\b)?(?![\w])"
)
NAME_SUFFIX = re.compile(r"(?:Jr|Sr)\.?|II|III|IV")
NAME_PARTICLES = frozenset("al bin ibn bint de dos das do di van von der du da del el abu ag".split())
# a particle right before a name ("ag Boula", "dos Santos"), which may open the name of one named in full before
LEAD_PARTICLE = re.compile(r"(?<![\w'’-])(?P<p>[a-z]{2,4})\s+$")
DEFINED_ORG = re.compile(r"(?P<name>[A-Z][\w'’-]+(?:\s+(?:of|for|the|and|[A-Z][\w'’-]+)){1,7})\s+\((?P<acro>[A-Z][A-Z0-9-]{1,7})\)")
# an organisation the text names by a name of its own that ends in the word for its kind, not in the
# gazetteer: "the rebel Rwandan Patriotic Front", "the Sudan People's Liberation Movement"
NAMED_ORG = re.compile(r"(?<![\w'’-])(?P<name>[A-Z][\w'’-]*(?:\s+(?:(?:of|for|the|and)\s+)?[A-Z][\w'’-]*){0,5}"
                       r"\s+(?:Front|Movement|Party|Alliance|League|Brigades?|Militia|Resistance|Coalition|Army|Forces|Congress|Union"
                       # bodies that speak: "the Hostages and Missing Families Forum", "the Viasna Human Rights Centre"
                       r"|(?P<body>Forum|Centre|Center|Foundation|Society|Association|Network|Institute|Campaign|campaign"
                       r"|Headquarters)))(?![\w'’-])")
# what a text calls an armed group right before its own name: "the Muslim separatist group Barisan Revolusi
# Nasional (BRN)", "the rebel movement Fuerzas ...": a name in another language says nothing of the kind
# a movement named, then called what it is: "the M-19 guerrilla movement", "the Abu Sayyaf militant group"
ARMED_AFTER = re.compile(r"(?<![\w'’-])(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})\s+(?:guerrilla|rebel|militant|separatist|insurgent|armed|"
                         r"jihadist|Islamist|paramilitary)\s+(?:movement|group|organi[sz]ation|army|militia|force|forces|faction)(?![\w'’-])")
ARMED_BEFORE = re.compile(r"\b(?:separatist|rebel|militant|insurgent|armed|guerrilla|jihadist|Islamist|paramilitary|secessionist)"
                          r"\s+(?:group|movement|organi[sz]ation|faction|force|forces|front|alliance)\s+(?:the\s+)?$", re.IGNORECASE)
# a body the text introduces by its kind, before or after its name: "the rights group Viasna", "Memorial, a
# human rights organisation,", "the monitoring group Airwars"; the kind's noun is looked for first (a scan
# with few branches), then the word that qualifies it, the determiner and the name beside it
KIND_NOUN = re.compile(r"(?:group|organi[sz]ation|body|network|movement|coalition|charity|association|watchdog)(?![\w'’-])")
KIND_QUALIFIER = re.compile(r"(?<![\w'’-])(?:(?:human\s+)?rights|monitoring|advocacy|aid|relief|campaign|activist|exile|opposition|"
                            r"watchdog|humanitarian|non-profit|nonprofit|civil\s+society|families['’]?|victims['’]?|veterans['’]?)\s+$")
_ORG_NAME = r"[A-Z][\w'’&-]*(?: (?:(?:of|for|the|and) )?[A-Z][\w'’&-]*){0,4}"  # capitalised words on one line
NAME_AFTER_KIND = re.compile(r"\s+(?P<name>" + _ORG_NAME + r")(?![\w'’-])")
DETERMINER_BEFORE = re.compile(r"\b(?:[Tt]he|[Aa]n?)\s+$")
APPOSED_KIND_BEFORE = re.compile(r",\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?$")
NAME_BEFORE_COMMA = re.compile(r"(?<![\w'’-])(?P<name>" + _ORG_NAME + r")$")
# what a body's name may go on with: "... Headquarters for the Treatment of Prisoners of War"
BODY_FOR = re.compile(r" for (?:the )?[A-Z][\w'’-]*(?: (?:of |and |the )*[A-Z][\w'’-]*)*")
# a known body's abbreviation before a name of one of its organs: "the U.N. Security Council"
ORGAN_OF = re.compile(r"(?:U\.N\.|UN|EU|AU|U\.S\.|US|NATO|OSCE)\s+$")
# words that make a name with a national adjective a movement or a party, not an organ of the state
# ("Rwandan Patriotic Front", against "Afghan National Army")
NON_STATE_WORDS = frozenset("front movement party liberation patriotic alliance league brigade brigades militia resistance coalition "
                            "rebel revolutionary".split())
ACRONYM_SKIP = frozenset("of for the and".split())
ORG_KIND_WORDS = frozenset("army front movement brigade brigades forces militia liberation organisation organization union league council".split())
ARMED_WORDS = re.compile(r"\b(?:Army|Front|Movement|Brigades?|Forces|Militia|Liberation|Mujahideen|Jihad|Resistance)\b")
IO_WORDS = re.compile(r"\b(?:International|United|Union|Organi[sz]ation|Committee|Agency|Programme|Program|Fund|Council\s+of)\b")
OWNER = re.compile(r"(?<![\w])([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*)(?:['’]s?)?\s+(?:[Tt]he\s+)?$")
ABBREVIATION = re.compile(r"^(?:(?:[A-Z]\.)+|Gen|Col|Dr|Mr|Mrs|Ms|Lt|Sen|Rep|Gov|Maj|Adm|St|Sgt|Capt|Cmdr|Brig)\.?$")
NON_SPACE = re.compile(r"\S+")
POSSESSIVE_S = re.compile(r"['’]s$")
# a leader's office after the leader's name: "Ghani's office", "Netanyahu’s press office"
OFFICE_AFTER = re.compile(r"['’]s?\s+(?:press\s+|media\s+|own\s+)?office\b(?!\s+(?:of|for)\b)")
# a name in apposition that closes its sentence: "..., said the head of the delegation, Jane Doe."
APPOSITION_END = re.compile(r"\s*(?:[.;]|$)")
# forms of address written before a name, which name no post
HONORIFICS = frozenset({"mr", "mrs", "ms", "dr", "senator", "sen", "mallam", "alhaji", "sir", "dame", "lord", "lady", "madam",
                        "mullah", "sheikh", "sheik", "maulvi", "haji", "chief", "prof", "professor", "rev", "reverend", "father"})
# "it" as the subject of a speech verb: a body speaking ("..., it said", "It accused the army of ...")
IT_SPEAKS = re.compile(r"(?<![\w'’])[Ii]t(?=\s+(?:(?:has|have|had|also|later|then|further|again)\s+)*(?:said|says|added|adds|announced|announces|"
                       r"accused|accuses|denied|denies|insisted|insists|warned|warns|urged|urges|stated|claimed|claims|noted|"
                       r"rejected|rejects|welcomed|welcomes|demanded|demands|called\s+(?:on|for))\b(?!\s+(?:are|were|is|was|be|been|had|have|has)\b))")
TOKEN = re.compile(r"[\w][\w.'’-]*[\w.]|[\w]|'s|’s")


@dataclass
class Mention:
    """A stretch of text naming one actor (or two, for "both sides")."""

    start: int
    end: int
    kind: str  # person | party | post | descriptor | metonym | pronoun | sides
    actors: tuple[str, ...] = ()
    party: str | None = None
    post: str | None = None
    head: str | None = None
    core_start: int = -1  # the name itself, without title or apposition
    core_end: int = -1
    plural: bool = False

    @property
    def actor(self) -> str | None:
        return self.actors[0] if self.actors else None


@dataclass
class Mentions:
    """Every mention of a document, plus the actors it introduces."""

    mentions: list[Mention]
    parties: dict[str, Party] = field(default_factory=dict)
    persons: dict[str, Person] = field(default_factory=dict)
    posts: dict[str, Post] = field(default_factory=dict)
    party_of: dict[str, str | None] = field(default_factory=dict)
    post_of: dict[str, str] = field(default_factory=dict)
    # parties the text itself names (by name, alias, metonym, national adjective or a known person's
    # full name): the only ones a descriptor or "both sides" may stand for
    named: frozenset[str] = frozenset()


@dataclass
class _Cand:
    start: int
    end: int
    kind: str
    ref: str | None = None  # gazetteer id, descriptor kind
    priority: int = 0


class ActorFinder:
    """Compiled once per gazetteer; ``find`` runs per document."""

    def __init__(self, gazetteer: Gazetteer | None = None, cues: Cues | None = None) -> None:
        self.gaz = gazetteer or load_gazetteer()
        self.cues = cues or load_cues()
        gaz, cues = self.gaz, self.cues
        names: dict[str, str] = {}
        for actor in (*gaz.parties.values(), *gaz.persons.values()):
            for alias in (actor.name, *actor.aliases):
                names[alias] = actor.id
        self.alias_ids = names
        # full names of known people, for longer forms of them ("Mohammad Ashraf Ghani")
        self.person_names = {normalise(n): p.id for p in gaz.persons.values() for n in (p.name, *p.aliases) if len(n.split()) > 1}
        self.person_tails = {n.split()[-1] for p in gaz.persons.values() for n in (p.name, *p.aliases) if len(n.split()) > 1}
        self.alias_norm = {normalise(k): v for k, v in names.items()}
        upper = [n for n in names if n[:1].isupper()]
        lower = [n for n in names if not n[:1].isupper()]
        # "(?=[A-Z])" lets the engine skip most positions at once: nearly all names are capitalised
        self.alias_re = re.compile(r"(?<![\w])(?:(?=[A-Z])" + words_pattern(upper) + "|" + words_pattern(lower) + r")(?![\w]|\.\w)")
        # metonyms open on a capital, which the engine skips to directly (the matches of
        # "(?<![\w])(?-i:(?=[A-Z]))<metonyms>(?![\w])" under IGNORECASE)
        self.metonym_re = re.compile(word_start_pattern(gaz.metonyms, firsts="ABCDEFGHIJKLMNOPQRSTUVWXYZ", ignorecase=True) + r"(?![\w])",
                                     re.IGNORECASE)
        self.demonyms = dict(cues.demonyms)
        demo = words_pattern(self.demonyms)
        descs: dict[str, str] = {}
        for kind, phrases in gaz.descriptors.items():
            for p in phrases:
                descs[normalise(p)] = kind
        self.descriptors = descs
        self.desc_re = re.compile(
            rf"(?<![\w])(?:(?P<det>[Tt]he|[Ii]ts|[Tt]heir)\s+)?(?:(?P<demo>{demo})\s+)?(?P<desc>(?i:{words_pattern(descs)}))(?P<poss>['’]s?)?(?![\w])"
        )
        first = "".join(sorted({c for d in descs for c in (d[0].lower(), d[0].upper())}))
        # the look-ahead on first letters lets the engine skip most positions cheaply
        self.desc_core = re.compile(rf"(?<![\w])(?=[{re.escape(first)}])(?i:{words_pattern(descs)})(?![\w])")
        self.desc_prefix = re.compile(rf"(?:(?:[Tt]he|[Ii]ts|[Tt]heir)\s+)?(?:(?:{demo})\s+)?$")
        heads = sorted(cues.post_heads)
        first = "".join(sorted({c for h in heads for c in (h[0].lower(), h[0].upper())}))
        self.head_re = re.compile(rf"(?<![\w])(?=[{re.escape(first)}])(?P<head>" + words_pattern(heads) + r")(?P<pl>e?s)?(?![\w])", re.IGNORECASE)
        # the longest word of each phrase after its first (which a sentence may capitalise): a text
        # without any of them has no such source (a cheap test before the scan)
        keys = {max(g.split()[1:] or g.split(), key=len) for g in cues.group_speakers}
        self.group_keys = frozenset(keys | {k.capitalize() for k in keys})
        g_first = "".join(sorted({c for g in cues.group_speakers for c in (g[0].lower(), g[0].upper())}))
        # (the matches of "(?<![\w-])(?=[<first letters>])(?i:<phrases>)(?![\w-])", found faster)
        self.group_re = (re.compile(word_start_pattern(cues.group_speakers, firsts=g_first, boundary=r"\w-", ignorecase=True) + r"(?![\w-])")
                         if cues.group_speakers else None)
        self.titles = sorted(cues.name_titles, key=len, reverse=True)
        self.title_words = frozenset(w.lower().rstrip(".") for t in cues.name_titles for w in t.split())
        self.name_stop = STOP_WORDS | {m.lower() for m in self.demonyms} | self.title_words | cues.post_heads
        # words that open a sentence or a title, never an organisation's name ("Under", "President")
        self.name_stop_capitals = frozenset(w.capitalize() for w in STOP_WORDS | self.title_words | cues.post_heads)
        self.f_title_words = self.title_words
        self.countries: dict[str, tuple[str, ...]] = gaz.countries
        self.country_of = {}
        for country, members in gaz.countries.items():
            for member in members:
                self.country_of.setdefault(member, country)  # the first country listing a party, as before
        self._name_cache: dict[str, tuple[str | None, int, int, str | None]] = {}  # see _read_name
        # national adjectives and country names: a text that uses one names that country's government or state
        national = [w for w in (*self.demonyms, *gaz.countries) if w[:1].isupper()]
        self.national_re = re.compile(r"(?<![\w])(?=[A-Z])" + words_pattern(national) + r"(?=s?(?![\w]))")  # "the Americans" too
        self.national_parties: dict[str, tuple[str, ...]] = {}
        for word in national:
            country = self.demonyms.get(word, word)
            self.national_parties[word] = tuple(p for p in gaz.countries.get(country, ())
                                                if gaz.parties[p].kind in ("government", "state"))

    def desc_matches(self, text: str):
        """Matches of ``desc_re``, found from their head word (much faster than scanning for it)."""
        for core in self.desc_core.finditer(text):
            before = self.desc_prefix.search(text, max(0, core.start() - 40), core.start())
            start = before.start() if before else core.start()
            m = self.desc_re.match(text, start)
            if m is None and start != core.start():
                m = self.desc_re.match(text, core.start())
            if m is not None:
                yield m

    # ----------------------------------------------------------------- finding
    def find(self, text: str, doc_id: str, published: dt.date, quotes: list[tuple[int, int]] | None = None) -> Mentions:
        """All mentions in ``text``, resolved in reading order."""
        cands: list[_Cand] = []
        for m in self.alias_re.finditer(text):
            actor = self.alias_ids.get(m.group(0)) or self.alias_norm.get(normalise(m.group(0)))
            if actor:
                kind = "party" if actor in self.gaz.parties else "person"
                cands.append(_Cand(m.start(), m.end(), kind, actor, 3))
        for m in self.metonym_re.finditer(text):
            if not text[m.start()].isupper() or m.group(0).isupper() or LOCATIVE.search(text, max(0, m.start() - 14), m.start()):
                continue
            cands.append(_Cand(m.start(), m.end(), "metonym", self.gaz.metonyms.get(normalise(m.group(0))), 2))
        for m in self.desc_matches(text):
            desc = normalise(m.group("desc"))
            bare = not m.group("det") and not m.group("demo")
            if bare and not (desc.endswith("s") and desc in ("insurgents", "militants", "rebels", "authorities", "officials")):
                if not (re.search(r"\b(?:according\s+to|whose)\s+$", text[max(0, m.start() - 14) : m.start()]) or OWNER.search(text, max(0, m.start() - 40), m.start())):
                    continue
            if bare and m.start() > 0 and text[m.start() - 1 : m.start()].isalpha():
                continue
            start = m.start()
            if bare:
                start = _office_words_before(text, start)  # "provincial officials", "Prison authorities"
            cands.append(_Cand(start, m.end() if not m.group("poss") else m.end("desc"), "descriptor", self.descriptors[desc], 1))
        names = self._name_cache
        if len(names) > 50_000:
            names.clear()
        for m in NAME.finditer(text):
            start = m.start()
            # what a run of capitalised words stands for depends on its words alone
            found = names.get(m.group(0))
            if found is None:
                found = names[m.group(0)] = self._read_name(m.group(0))
            kind, s, e, ref = found
            if kind == "name":
                if s == 0 and PLACE_BEFORE.search(text, max(0, start - 8), start) and " " in text[start : start + e].strip():
                    continue
                cands.append(_Cand(start + s, start + e, "name", None, 0))
            elif kind:
                cands.append(_Cand(start + s, start + e, kind, ref, 3 if kind == "person" else 2))
        for m in PRONOUNS.finditer(text):
            cands.append(_Cand(m.start(), m.end(), "pronoun", m.group(0).lower(), 0))
        for m in IT_SPEAKS.finditer(text):
            cands.append(_Cand(m.start(), m.end(), "pronoun", "it", 0))
        for m in SIDES.finditer(text):
            cands.append(_Cand(m.start(), m.end(), "sides", None, 4))
        for m in NATION_SIDE.finditer(text):
            # "the Armenian side", "the Israeli side": that country's state or government
            country = self.demonyms.get(m.group("demonym"))
            party = self._country_party(country) if country else None
            if party is not None:
                cands.append(_Cand(m.start(), m.end(), "party", party, 2))
        new_parties = self._defined_organisations(text, cands)
        cands = self._named_parties_first(text, cands)
        chosen = _non_overlapping(cands)
        state = _DocState(self, text, doc_id, published)
        state.parties.update(new_parties)
        state.resolve(chosen, quotes or [])
        return state.result()

    def _named_parties_first(self, text: str, cands: list[_Cand]) -> list[_Cand]:
        """A party's own name wins over a descriptor around it ("the Libyan National Army" is
        not "the national army" of Libya); "the Government of X" is X's government."""
        named = {c.end: c for c in cands if c.kind == "party"}
        if not named:
            return cands
        out = [c for c in cands if not (c.kind == "descriptor" and c.end in named and c.start <= named[c.end].start)]
        starts = {c.start: c for c in named.values()}
        for m in GOVERNMENT_OF.finditer(text):
            c = starts.get(m.end())
            if c is None or c.ref not in self.gaz.parties:
                continue
            ref = c.ref
            if self.gaz.parties[ref].kind == "state":
                country = self.country_of.get(ref)
                ref = next((p for p in self.countries.get(country or "", ()) if self.gaz.parties[p].kind == "government"), ref)
            out.append(_Cand(m.start(), c.end, "party", ref, 3))
        return out

    def _defined_organisations(self, text: str, cands: list[_Cand]) -> dict[str, Party]:
        """Organisations the text introduces with an acronym ("the National Liberation Army (ELN)"), or
        names by a name ending in the word for its kind ("the Rwandan Patriotic Front", then "the RPF")."""
        found: dict[str, Party] = {}
        for m in DEFINED_ORG.finditer(text):
            name, acronym = " ".join(m.group("name").split()), m.group("acro")
            name = re.sub(r"^(?:The|A|An)\s+", "", name)
            armed_before = ARMED_BEFORE.search(text, max(0, m.start() - 50), m.start())
            if (name in self.alias_ids or acronym in self.alias_ids or normalise(name) in self.alias_norm
                    or not (any(w.lower() in ORG_WORDS | ORG_KIND_WORDS for w in name.split()) or armed_before)):
                continue  # (a name in another language is a body's when the words before say so: "the separatist group ...")
            pid = slug(_ascii(name))
            kind = ("armed_movement" if ARMED_WORDS.search(name) or armed_before
                    else ("international_organisation" if IO_WORDS.search(name) else "other"))
            found[pid] = Party(pid, name, kind, (acronym,))
            if armed_before is not None:  # "the separatist group Barisan Revolusi Nasional (BRN)" names it whole
                cands.append(_Cand(armed_before.start(), m.end(), "party", pid, 3))
            _mark(text, cands, pid, (name, acronym))
        for m, before in _kind_named(text):
            name = " ".join(m.name.split())
            pid = slug(_ascii(name))
            if (name in self.alias_ids or normalise(name) in self.alias_norm or name.split()[0] in self.name_stop_capitals
                    or name in self.demonyms or pid in found and found[pid].name != name):
                continue  # a known one, or no name: "the rights group said", "the rights group Human Rights Watch"
            if before:  # "the rights group Viasna" names it whole
                cands.append(_Cand(m.start, m.end, "party", pid, 3))
            if pid in found:
                continue  # introduced before: its name's mentions are in
            found[pid] = Party(pid, name, "other", ())
            _mark(text, cands, pid, (name,))
        for m in ARMED_AFTER.finditer(text):
            name = re.sub(r"^(?:The|A|An)\s+", "", m.group("name"))
            words = name.split()
            pid = slug(_ascii(name))
            if (not words or pid in found or name in self.alias_ids or normalise(name) in self.alias_norm
                    or words[0] in self.name_stop_capitals or words[0] in self.demonyms or name in self.countries
                    or POSSESSIVE_S.search(name) or len(words) == 1 and not re.search(r"\d|^[A-Z]{2,}$", name)):
                continue  # a known one, an opening word, a nation's ("Colombian rebel group", "Angola's armed forces"),
                # a place ("the Casamance separatist movement"): one word names a movement when it is coined ("M-19", "MFDC")
            found[pid] = Party(pid, name, "armed_movement", ())
            cands.append(_Cand(m.start("name") + len(m.group("name")) - len(name), m.end(), "party", pid, 3))
            _mark(text, cands, pid, (name,))
        for m in NAMED_ORG.finditer(text):
            name_end = m.end()
            if m.group("body") == "Headquarters" and (tail := BODY_FOR.match(text, name_end)):
                name_end = tail.end()  # "the Coordination Headquarters for the Treatment of Prisoners of War": its name goes on
            elif re.match(r"\s+(?:of|for)\s", text[m.end() : m.end() + 5]):
                continue  # "the Armed Forces of the Republic of Armenia": an organ of what follows
            name = re.sub(r"^(?:The|A|An)\s+", "", " ".join(text[m.start("name") : name_end].split()))
            owner = re.match(r"([A-Z][\w.-]*)['’]s\s+(?=[A-Z])", name)
            if owner and m.group("body") and (owner.group(1) in self.alias_ids or owner.group(1) in self.countries):
                continue  # "Ukraine's Coordination Headquarters": a state's organ, which speaks for the state
            # "Colombia's National Liberation Army", "Myanmar's Arakan Army": the movement's own name, without its country's
            name = name[owner.end():] if owner else name
            words = name.split()
            if (len(words) < 2 or slug(_ascii(name)) in found or name in self.alias_ids or normalise(name) in self.alias_norm
                    or words[0] in self.name_stop_capitals
                    or (words[0] in self.demonyms and not NON_STATE_WORDS.intersection(w.lower() for w in words))):
                continue  # a known one, an opening word, or an organ of a state ("Afghan National Army")
            if m.group("body") and (ORGAN_OF.search(text, max(0, m.start() - 6), m.start())
                                    or any(" ".join(words[:k]) in self.alias_ids for k in range(1, len(words)))):
                continue  # an organ of a known body or state: "the U.N. Security Council", "United Nations Security Council"
            pid = slug(_ascii(name))
            acronym = self._initials_used(text, words, 2)
            found[pid] = Party(pid, name, "armed_movement" if ARMED_WORDS.search(name) and not m.group("body") else "other", acronym)
            _mark(text, cands, pid, (name, *acronym))
        for m in KIND_FIRST_ORG.finditer(text):
            # "the Movement for the Emancipation of the Niger Delta", then "MEND"; "the Organisation of Armed Resistance"
            before = KIND_FIRST_PREFIX.search(text, max(0, m.start() - 60), m.start())
            name = re.sub(r"^(?:The|A|An)\s+", "", " ".join(text[before.start() if before else m.start() : m.end()].split()))
            words = name.split()
            pid = slug(_ascii(name))
            other_spelling = name.replace("Organisation", "Organization") if "Organisation" in name else name.replace("Organization", "Organisation")
            if (pid in found or name in self.alias_ids or normalise(name) in self.alias_norm or normalise(other_spelling) in self.alias_norm
                    or words[0] in self.name_stop_capitals or words[-1] in self.alias_ids or words[-1] in self.countries
                    or any(" ".join(words[k:]) in self.alias_ids for k in range(1, len(words)))):
                continue  # a known one (under either spelling), or an organ of a state or body ("... of the Republic of Armenia")
            acronym = self._initials_used(text, words, 3)
            # its name cut at the kind ("the Civic Alliance" after "the Civic Alliance for Justice and Democracy")
            head_at = next(i for i, w in enumerate(words) if w == m.group("head"))
            short = " ".join(words[: head_at + 1]) if head_at >= 1 else None
            if short and slug(_ascii(short)) in found:
                del found[slug(_ascii(short))]  # read before as a body of its own
                cands[:] = [c for c in cands if c.ref != slug(_ascii(short))]
            shorts = (short,) if short and short not in self.alias_ids and text.find(short) != -1 else ()
            found[pid] = Party(pid, name, "armed_movement" if ARMED_WORDS.search(name) else "other", acronym + shorts)
            _mark(text, cands, pid, (name, *acronym, *shorts))
        # "the forum", "the campaign" after "the Hostages and Missing Families Forum": the body named last so
        for pid, party in found.items():
            head = party.name.split()[-1].lower()
            if head not in SHORT_BODY_HEADS:
                continue
            first = text.find(party.name)
            for hit in re.finditer(r"\b[Tt]he\s+" + head + r"\b(?![\w'’-])", text):
                if first != -1 and hit.start() > first and not re.match(r"\s+(?:of|for)\s", text[hit.end() : hit.end() + 5]):
                    cands.append(_Cand(hit.start(), hit.end(), "party", pid, 2))
        return found

    def _initials_used(self, text: str, words: list[str], shortest: int) -> tuple[str, ...]:
        """The initials of a body's name when the text uses them and they name nothing known ("MEND")."""
        initials = "".join(w[0] for w in words if w.lower() not in ACRONYM_SKIP)
        if len(initials) < shortest or initials in self.alias_ids or not re.search(r"(?<![\w])" + initials + r"(?![\w])", text):
            return ()
        return (initials,)

    def _read_name(self, name: str) -> tuple[str | None, int, int, str | None]:
        """A run of capitalised words, read on its own: a known person under a fuller name, a new
        name (trimmed), a national organ, or nothing; offsets are relative to the run."""
        longer = self._longer_name(name, 0, len(name))
        if longer is not None:
            return "person", longer.start, longer.end, longer.ref
        s, e = self._trim_name(name, 0, len(name))
        if s is not None:
            return "name", s, e, None
        org = self._national_organ(name, 0, len(name))
        if org:
            return "party", 0, len(name), org
        return None, 0, 0, None

    def _national_organ(self, text: str, start: int, end: int) -> str | None:
        """'Israeli Prison Service', 'Afghan Interior Ministry': an organ of that country's government."""
        words = text[start:end].split()
        if (len(words) < 2 or words[0] not in self.demonyms or not any(w.lower() in ORG_WORDS for w in words[1:])
                or NON_STATE_WORDS.intersection(w.lower() for w in words)):
            return None  # (a movement or a party: "Rwandan Patriotic Front", a party of its own)
        return self._country_party(self.demonyms[words[0]])

    def _country_party(self, country: str) -> str | None:
        """A country's government, else its state (None for a country the gazetteer gives neither)."""
        for kind in ("government", "state"):
            for party in self.countries.get(country, ()):
                if self.gaz.parties[party].kind == kind:
                    return party
        return None

    def _other_bearer(self, before: str, last: str) -> bool:
        """Whether ``last``, a known person's one-word name, ends the name of somebody else: the word
        before it is a given name or a particle ("dos", "bin") that none of that person's names has."""
        return (before[:1].isupper() or before in NAME_PARTICLES) and self._not_theirs(last, before)

    def _other_first(self, first: str, after: str) -> bool:
        """Whether ``first``, a known person's one-word name, begins the name of somebody else
        ("Petro Poroshenko"): the word after it is a capitalised name that none of that person's names has."""
        return after[:1].isupper() and after[1:2].islower() and self._not_theirs(first, after)

    def _not_theirs(self, known: str, neighbour: str) -> bool:
        """Whether ``neighbour``, a word next to ``known`` (a known person's one-word name), is a
        name word that none of that person's names has."""
        person = self.alias_ids.get(known)
        if person not in self.gaz.persons or neighbour in self.alias_ids or neighbour.lower().rstrip(".") in self.name_stop:
            return False
        names = self.gaz.persons[person]
        return not any(neighbour in n.split() for n in (names.name, *names.aliases))

    def _longer_name(self, text: str, start: int, end: int) -> _Cand | None:
        """A known person under a fuller name: "Mohammad Ashraf Ghani" for "Ashraf Ghani"."""
        if text[start:end].rsplit(None, 1)[-1] not in self.person_tails:
            return None
        words = list(re.finditer(r"\S+", text[start:end]))
        while words and words[0].group(0).lower().rstrip(".") in self.name_stop:
            words.pop(0)
        for k in range(1, len(words) - 1):
            actor = self.person_names.get(normalise(" ".join(w.group(0) for w in words[k:])))
            if actor is not None and all(w.group(0).lower() not in self.name_stop for w in words[:k]):
                return _Cand(start + words[0].start(), start + words[-1].end(), "person", actor, 3)
        return None

    def _trim_name(self, text: str, start: int, end: int) -> tuple[int | None, int]:
        words = [(m.start(), m.start() + len(w), w) for m in NON_SPACE.finditer(text, start, end)
                 for w in (POSSESSIVE_S.sub("", m.group(0)),)]
        while words and (words[0][2].lower().rstrip(".") in self.name_stop or words[0][2] in self.alias_ids):
            if len(words) > 1 and re.fullmatch(r"[A-Z]\.", words[0][2]) and words[0][2] not in self.alias_ids:
                break  # an initial ("A. B. Okonjo"), not the article
            if len(words) > 1 and self._other_first(words[0][2], words[1][2]):
                break  # "Petro Poroshenko" is not the "Petro" the gazetteer knows
            words.pop(0)
        while words and (words[-1][2].lower() in self.name_stop or words[-1][2] in self.alias_ids):
            if len(words) > 1 and self._other_bearer(words[-2][2], words[-1][2]):
                break  # "Jose Eduardo dos Santos" is not the "Santos" the gazetteer knows
            words.pop()
        # "Human Rights Commissioner Dmytro Lubinets": a title inside the run ends before the name
        heads = [i for i, w in enumerate(words) if w[2].lower().rstrip(".") in self.cues.post_heads or w[2].lower().rstrip(".") in self.f_title_words]
        if heads and heads[-1] < len(words) - 1:
            words = words[heads[-1] + 1 :]
        if not words:
            return None, end
        kept_last = len(words) > 1 and words[-1][2] in self.alias_ids and self._other_bearer(words[-2][2], words[-1][2])
        kept_first = len(words) > 1 and words[0][2] in self.alias_ids and self._other_first(words[0][2], words[1][2])
        if any(w[2].lower() in ORG_WORDS or w[2] in self.alias_ids
               for w in words[1 if kept_first else 0 : -1 if kept_last else None]) or words[-1][2].lower() in NOT_NAME_ENDS:
            return None, end
        if len(words) == 1 and (len(words[0][2]) < 3 or not words[0][2][1:].islower()):
            return None, end
        return words[0][0], words[-1][1]


@dataclass(frozen=True)
class _Named:
    """Where a body introduced by its kind is named (the whole phrase) and its name."""

    start: int
    end: int
    name: str


def _kind_named(text: str) -> list[tuple[_Named, bool]]:
    """The bodies the text introduces by their kind, in order: where each is named (with the kind before the
    name, the whole phrase) and whether the kind stands before the name ("the rights group Viasna") rather
    than after it ("Memorial, a human rights organisation,"). The kind is looked for first, then the name
    beside it."""
    found: list[tuple[_Named, bool]] = []
    for noun in KIND_NOUN.finditer(text):
        q = KIND_QUALIFIER.search(text, max(0, noun.start() - 30), noun.start())
        if q is None or noun.start() and (text[noun.start() - 1].isalnum()):
            continue
        if (d := DETERMINER_BEFORE.search(text, max(0, q.start() - 5), q.start())) and (n := NAME_AFTER_KIND.match(text, noun.end())):
            found.append((_Named(d.start(), n.end(), n.group("name")), True))
        elif (a := APPOSED_KIND_BEFORE.search(text, max(0, q.start() - 40), q.start())) and (
                n := NAME_BEFORE_COMMA.search(text, max(0, a.start() - 80), a.start())):
            found.append((_Named(n.start(), n.end(), n.group("name")), False))
    return found


def _non_overlapping(cands: list[_Cand]) -> list[_Cand]:
    """Longest (then highest-priority) candidates first; nothing overlaps what is taken."""
    taken: list[_Cand] = []
    size = max((c.end for c in cands), default=0)
    covered = bytearray(size + 1)
    for c in sorted(cands, key=lambda c: (-c.priority if c.kind == "sides" else 0, -(c.end - c.start), -c.priority, c.start)):
        if covered.find(1, c.start, c.end) >= 0:  # any character of it taken already
            continue
        covered[c.start : c.end] = b"\x01" * (c.end - c.start)
        taken.append(c)
    return sorted(taken, key=lambda c: c.start)


class _DocState:
    """Resolution of one document's mentions, in reading order."""

    def __init__(self, finder: ActorFinder, text: str, doc_id: str, published: dt.date) -> None:
        self.f = finder
        self.gaz = finder.gaz
        self.cues = finder.cues
        self.text = text
        self.doc_id = doc_id
        self.published = published
        self.mentions: list[Mention] = []
        self.parties: dict[str, Party] = {}
        self.persons: dict[str, Person] = {}
        self.posts: dict[str, Post] = {}
        self.party_of: dict[str, str | None] = {}
        self.post_of: dict[str, str] = {}
        self.head_of: dict[str, str] = {}
        self.surnames: dict[str, str] = {}
        # the first word of each name given in full, for a text that calls somebody by it ("Anwar said", after
        # "Prime Minister Anwar Ibrahim"); None where two people share it
        self.given_names: dict[str, str | None] = {}
        self._index: dict[str, tuple[list[int], list[str]]] = {}
        self._broker_set: frozenset[str] | None = None
        self.named: set[str] = set()

    def result(self) -> Mentions:
        return Mentions(self.mentions, self.parties, self.persons, self.posts, self.party_of, self.post_of,
                        frozenset(self.named))

    # ---------------------------------------------------------------- helpers
    def head_class(self, title: str) -> str | None:
        found = None
        for m in self.f.head_re.finditer(title):
            found = m.group("head").lower()
        if found is None:
            return None
        return self.cues.head_class.get(found, found)

    def _last_organ(self, c: _Cand, head: str) -> str | None:
        """"The ministry said", "the council added": the party whose ministry (council, office, ...)
        the text named last, within a few paragraphs."""
        for m in reversed(self.mentions[-40:]):
            if c.start - m.end > 3000:
                break
            if m.kind in ("descriptor", "party") and head in self.text[m.start : m.end].lower() and m.party:
                return m.party
        return None

    def _owner(self, name: str) -> str | None:
        """The party a name before an organ stands for: "The UAE (foreign ministry)", "Kenya('s air force)"."""
        if re.search(r"[.!?]$", name) and not re.search(r"(?:^|\s)(?:[A-Z]\.){2,}$", name):
            return None  # "... the ICRC. The rebels": a sentence ends before the organ
        name = re.split(r"(?<=[\w)][.!?])\s+(?=[A-Z])", name)[-1]  # the name after a sentence's end, not the word ending it
        name = re.sub(r"^(?:The|A)\s+", "", name)
        known = self.f.alias_ids.get(name) or self.f.alias_norm.get(normalise(name)) or self.gaz.metonyms.get(normalise(name))
        if known is None and " " not in name:
            # "the Kachin group": the party named last before whose name has that word
            for m in reversed(self.mentions):
                party = m.party if m.kind == "party" else None
                if party and name in (self.gaz.parties[party].name if party in self.gaz.parties
                                      else self.parties[party].name if party in self.parties else "").split():
                    return party
        return known

    def party_kind(self, party: str | None) -> str | None:
        if party and party in self.gaz.parties:
            return self.gaz.parties[party].kind
        if party and party in self.parties:
            return self.parties[party].kind
        return None

    def _add(self, m: Mention) -> None:
        """Keep a mention, and index the party it names by kind (for "the insurgents")."""
        self.mentions.append(m)
        if m.kind in ("pronoun", "sides"):
            return
        party = m.party if m.kind != "party" else m.actor
        kind = self.party_kind(party)
        if party and kind:
            starts, parties = self._index.setdefault(kind, ([], []))
            i = bisect.bisect_right(starts, m.start)
            starts.insert(i, m.start)
            parties.insert(i, party)

    def recent_party(self, kind: str, before: int, country: str | None = None,
                     skip: frozenset[str] = frozenset()) -> str | None:
        """The party of ``kind`` named most recently before ``before`` (else first after), other than
        those in ``skip``."""
        starts, parties = self._index.get(kind, ([], []))
        members = self.f.countries.get(country, ()) if country else ()
        i = bisect.bisect_left(starts, before) - 1
        while i >= 0 and before - starts[i] < 20000:
            if (not country or parties[i] in members) and self.is_named(parties[i]) and parties[i] not in skip:
                return parties[i]
            i -= 1
        later = self._later.get(kind, [])
        j = bisect.bisect_left(later, before)
        ids = self._later_ids.get(kind, [])
        while j < len(later):
            if (not country or ids[j] in members) and ids[j] not in skip:
                return ids[j]
            j += 1
        country = country or self.main_country()
        if country:
            options = [p for p in self.f.countries.get(country, ()) if self.party_kind(p) == kind and self.is_named(p)]
            if len(options) == 1:
                return options[0]
        return None

    def _brokers(self, cands: list[_Cand]) -> frozenset[str]:
        """The parties the text names as a deal's go-between: "brokered by Norway", "a Qatar-mediated
        truce", "Egypt, which mediated the talks" (worked out once per text)."""
        if self._broker_set is None:
            text = self.text
            self._broker_set = frozenset(
                c.ref for c in cands if c.kind in ("party", "metonym") and c.ref and named_as_broker(text, c.start, c.end))
        return self._broker_set

    def top_party(self, kind: str) -> str | None:
        """The party of ``kind`` the text names most often by name."""
        ids = self._later_ids.get(kind, [])
        if not ids:
            return None
        return max(set(ids), key=lambda p: (ids.count(p), -ids.index(p)))

    def second_state(self, first: str) -> str | None:
        """The government or state other than ``first`` that the text names most often by name."""
        ids = [p for kind in ("government", "state") for p in self._later_ids.get(kind, []) if p != first]
        return max(set(ids), key=lambda p: (ids.count(p), -ids.index(p))) if ids else None

    def main_country(self) -> str | None:
        """The country the text is most about (by its names, demonyms and capitals)."""
        if not hasattr(self, "_main_country"):
            counts: dict[str, int] = {}
            for m in re.finditer(r"[A-Z][\w'’-]+", self.text):
                word = m.group(0)
                country = self.f.demonyms.get(word) or self.f.demonyms.get(word.rstrip("s"))
                if country is None:
                    actor = self.f.alias_ids.get(word) or self.gaz.metonyms.get(normalise(word))
                    party = self.gaz.parties.get(actor) if actor else None
                    country = self.f.country_of.get(party.id) if party is not None else None
                if country:
                    counts[country] = counts.get(country, 0) + 1
            self._main_country = max(counts, key=lambda c: counts[c]) if counts else None
        return self._main_country

    def _scan_later(self, cands: list[_Cand]) -> None:
        """Where each party kind is first named by name (for descriptors read before)."""
        self._later: dict[str, list[int]] = {}
        self._later_ids: dict[str, list[str]] = {}
        for c in cands:
            if c.kind in ("party", "metonym") and c.ref and not LOCATIVE.search(self.text, max(0, c.start - 14), c.start):
                kind = self.party_kind(c.ref)
                if kind:
                    self._later.setdefault(kind, []).append(c.start)
                    self._later_ids.setdefault(kind, []).append(c.ref)

    def parties_in(self, start: int, end: int, *, officials: bool = True) -> list[str]:
        """Parties named inside a span (a post title): names, metonyms, demonyms, persons."""
        text = self.text[start:end]
        found: list[str] = []
        for m in self.f.alias_re.finditer(text):
            actor = self.f.alias_ids.get(m.group(0))
            if actor in self.gaz.parties:
                found.append(actor)
            elif actor in self.gaz.persons:
                party = self.gazetteer_party(actor)
                if party:
                    found.append(party)
        for m in self.f.metonym_re.finditer(text):
            if text[m.start()].isupper() and not LOCATIVE.search(self.text, max(0, start + m.start() - 14), start + m.start()):
                found.append(self.gaz.metonyms[normalise(m.group(0))])
        for m in self.f.desc_re.finditer(text):
            kind = self.f.descriptors[normalise(m.group("desc"))]
            party = self.recent_party(kind, start + m.start())
            if party:
                found.append(party)
        if not found:
            for word in re.findall(r"[\w.'’]+", text):
                country = self.f.demonyms.get(word.rstrip("'’s") if word.endswith(("'s", "’s")) else word)
                if country:
                    options = self.f.countries.get(country, ())
                    kinds = ("government", "state") if officials else ("government", "state", "armed_movement")
                    for kind in kinds:
                        pick = [p for p in options if self.party_kind(p) == kind]
                        if pick:
                            found.append(pick[0])
                            break
                    break
        for actor, person in self.persons.items():
            if person.name in text and self.party_of.get(actor):
                found.append(self.party_of[actor])  # type: ignore[arg-type]
        return found

    def gazetteer_party(self, person: str) -> str | None:
        post = self.gazetteer_post(person)
        return post.party if post else None

    def gazetteer_post(self, person: str) -> Post | None:
        posts = self.gaz.posts_of(person, self.published) or self.gaz.posts_of(person)
        return posts[-1] if posts else None

    # ------------------------------------------------------------- resolution
    def _scan_named(self, cands: list[_Cand]) -> None:
        """The parties the text names: by name, alias or metonym, by a national adjective or a
        country's name (its government or state), by a known person's full name (that person's
        party), and the organisations it defines itself."""
        named = self.named
        named.update(self.parties)
        for c in cands:
            if c.kind in ("party", "metonym") and c.ref:
                named.add(c.ref)
            elif c.kind == "person" and c.ref and " " in self.text[c.start : c.end].strip():
                party = self.gazetteer_party(c.ref)
                if party:
                    named.add(party)
        for m in self.f.national_re.finditer(self.text):
            named.update(self.f.national_parties.get(m.group(0), ()))
        # a rebel movement the text names fights its own country's government: "the ELN ... the government"
        for party in list(named):
            if self.party_kind(party) == "armed_movement" and party in self.f.country_of:
                home = self.f.countries.get(self.f.country_of[party], ())
                for kind in ("government", "state"):
                    pick = [p for p in home if self.party_kind(p) == kind]
                    if pick:
                        named.add(pick[0])
                        break

    def is_named(self, party: str | None) -> bool:
        return party is not None and (party in self.named or party in self.parties)

    def resolve(self, cands: list[_Cand], quotes: list[tuple[int, int]]) -> None:
        self._scan_later(cands)
        self._scan_named(cands)
        text = self.text
        for c in cands:
            if c.kind == "party":
                organ = NAMED_ORGAN.match(text, c.end) if self.party_kind(c.ref) in ("state", "government") else None
                if organ is not None:
                    # "Armenia's Investigative Committee", "Britain's Foreign Office": an organ of that state speaks for it
                    self._add(Mention(c.start, organ.end(), "descriptor", (c.ref,), party=c.ref, core_start=c.start, core_end=organ.end()))  # type: ignore[arg-type]
                    continue
                self._add(Mention(c.start, c.end, "party", (c.ref,), party=c.ref, core_start=c.start, core_end=c.end))  # type: ignore[arg-type]
            elif c.kind == "metonym":
                self._add(Mention(c.start, c.end, "metonym", (c.ref,), party=c.ref, core_start=c.start, core_end=c.end))  # type: ignore[arg-type]
            elif c.kind == "descriptor":
                demo = self.f.desc_re.match(text, c.start)
                country = None
                if demo and demo.group("demo"):
                    country = self.f.demonyms.get(demo.group("demo"))
                owner = OWNER.search(text, max(0, c.start - 40), c.start)
                owned = self._owner(owner.group(1)) if owner else None
                if re.search(r",\s*whose\s+$", text[max(0, c.start - 12) : c.start]):
                    # "the United Arab Emirates, whose foreign ministry said": the organ of the party before
                    comma = text.rfind(",", 0, c.start)
                    before = [x for x in self.mentions if x.end <= comma and comma - x.end < 3 and x.kind in ("party", "metonym", "descriptor")]
                    owned = before[-1].actor if before else owned
                if (owned in self.gaz.parties or owned in self.parties) and self.party_kind(owned) in (
                        "state", "government", "armed_movement", "international_organisation"):
                    # "France's foreign ministry", "the Netherlands foreign ministry": that party's organ
                    self._add(Mention(c.start, c.end, "descriptor", (owned,), party=owned, core_start=c.start, core_end=c.end))
                    continue
                seat = self._seat_after(c)
                if seat is not None:
                    # "officials in Kabul", "authorities in Kyiv": the government seated there, the place part of the words
                    self._add(Mention(c.start, seat[1], "descriptor", (seat[0],), party=seat[0], core_start=c.start, core_end=seat[1], plural=True))
                    continue
                head = normalise(demo.group("desc")).split()[-1] if demo else ""
                anaphor = demo is not None and normalise(demo.group("desc")) in (head, f"the {head}") and head in ORGAN_HEADS
                if anaphor and head != "ministry" and not demo.group("desc").islower():
                    continue  # "Foreign Office", "Security Council": part of a name the text gives whole
                party = self._last_organ(c, head) if anaphor else None
                if anaphor and party is None and head != "ministry":
                    continue  # "the council" with no council named before: nobody known
                # "the government" with no country named: not a state the text names as the go-between
                # ("an agreement brokered by Norway ... Norwegian diplomats ... the government")
                skip = self._brokers(cands) if country is None and c.ref in ("government", "state") else frozenset()
                party = party or self.recent_party(c.ref or "", c.start, country, skip)  # type: ignore[arg-type]
                if party is None and country and c.ref == "government":
                    party = next((p for p in self.f.countries.get(country, ()) if self.party_kind(p) in ("government", "state")), None)
                if party is None and c.ref == "government":
                    # "the army" where no government is named: the state the text is about
                    home = self.main_country()
                    party = next((p for p in self.f.countries.get(home, ()) if self.party_kind(p) == "state" and self.is_named(p)
                                  and p not in skip), None) if home else None
                    if party is None:
                        # "Sri Lanka and the LTTE signed ... the government": the state named last (not a go-between)
                        party = self.recent_party("state", c.start, None, skip)
                if party:
                    self._add(Mention(c.start, c.end, "descriptor", (party,), party=party, core_start=c.start, core_end=c.end))
            elif c.kind == "sides":
                # the two sides of the conflict: the government (or state) and the armed movement named most
                gov = (self.top_party("government") or self.recent_party("government", c.start) or self.top_party("state")
                       or self.recent_party("state", c.start))
                arm = self.top_party("armed_movement") or self.recent_party("armed_movement", c.start)
                if arm is None and gov is not None:
                    arm = self.second_state(gov)  # two states at war: the other one named most
                pair = tuple(p for p in (gov, arm) if p)
                if pair:
                    self._add(Mention(c.start, c.end, "sides", pair, core_start=c.start, core_end=c.end, plural=True))
            elif c.kind == "pronoun":
                self._add(Mention(c.start, c.end, "pronoun", (), head=c.ref, core_start=c.start, core_end=c.end, plural=c.ref == "they"))
            elif c.kind in ("person", "name"):
                self.person(c)
        self.descriptions(quotes)
        if self.f.group_re is not None and any(k in text for k in self.f.group_keys):
            self.groups()
        self.mentions.sort(key=lambda m: (m.start, -m.end))
        # a name inside a longer mention (a title, an apposition, a description) is part of it
        kept: list[Mention] = []
        for m in self.mentions:
            if kept and m.end <= kept[-1].end and kept[-1].kind in ("person", "post"):
                continue
            kept.append(m)
        self.mentions = kept
        self.merge_appositions()
        self.leaders_offices()

    def leaders_offices(self) -> None:
        """"Ghani's office said", "Prime Minister Netanyahu's office": the office of a leader speaks
        for the party the leader serves, not as the leader."""
        text = self.text
        for i, m in enumerate(self.mentions):
            party = self.party_of.get(m.actor) if m.kind == "person" and m.actor else None
            office = OFFICE_AFTER.match(text, m.end) if party else None
            if office is not None and self.party_kind(party) in ("government", "state", "armed_movement"):
                self.mentions[i] = Mention(m.start, office.end(), "descriptor", (party,), party=party,  # type: ignore[arg-type]
                                           core_start=m.start, core_end=office.end())

    def _organisation(self, c: _Cand, name: str) -> None:
        """A body the text names without the gazetteer knowing it ("the Catholic Church"): a new
        party of kind other, so that it can speak but never stands for "he" or "she"."""
        pid = slug(_ascii(name))
        if pid not in self.parties and pid not in self.gaz.parties:
            self.parties[pid] = Party(pid, name, "other")
        self._add(Mention(c.start, c.end, "party", (pid,), party=pid, core_start=c.start, core_end=c.end))

    def _seat(self, place: str) -> str | None:
        """The government or state seated at ``place`` ("Kabul", "Kyiv"), if the gazetteer knows it as a seat."""
        party = self.gaz.metonyms.get(normalise(place))
        return party if self.party_kind(party) in ("government", "state") else None

    def _seat_before(self, at: int) -> str | None:
        """The government whose seat opens the sentence just before ``at`` ("In Khartoum, a ...")."""
        m = SEAT_BEFORE.search(self.text, max(0, at - 60), at)
        return self._seat(m.group(1)) if m else None

    def _seat_after(self, c: _Cand) -> tuple[str, int] | None:
        """The government whose seat follows plural officials ("officials in Kyiv") and where the
        place ends; None for other descriptors, or a place that is no known seat."""
        if not re.search(r"(?i:officials|authorities)$", self.text[c.start : c.end]):
            return None
        place = PLACE_AFTER.match(self.text, c.end)
        party = self._seat(place.group(1)) if place else None
        return (party, place.end()) if party is not None and place is not None else None

    def _given_name(self, name: str, actor: str) -> None:
        """Note the first word of a name given in full (two words or more) as what the text may call
        that person by; a first word two people share calls neither."""
        words = name.split()
        if len(words) < 2 or not words[0][:1].isupper() or words[0].lower().rstrip(".") in self.f.title_words:
            return
        known = self.given_names.get(words[0], actor)
        self.given_names[words[0]] = actor if known == actor else None

    def person(self, c: _Cand) -> None:
        text = self.text
        name = text[c.start : c.end]
        actor = c.ref
        new = False
        if actor is not None and " " not in name.strip() and self.surnames.get(name.strip(), actor) != actor:
            actor = self.surnames[name.strip()]  # "dos Santos" again, after "Jose Eduardo dos Santos"
        if actor is None:
            key = name.split()[-1]
            if len(name.split()) == 1:
                actor = self.surnames.get(key) or self.given_names.get(key)
                if actor is None and self._mononym(name.strip(), c.start, c.end):
                    actor, new = slug(_ascii(name.strip())), True  # "Laldenga, the front's president": one name
                if actor is None:
                    return
            else:
                actor = self.f.alias_norm.get(normalise(name)) or slug(_ascii(name))
                new = actor not in self.gaz.persons
                first = name.split()[0].lower().rstrip(".")
                if new and PLACE_ARTICLE.search(text, max(0, c.start - 4), c.start) and first not in self.f.title_words and first not in HONORIFICS:
                    # "the South Caucasus", "the East Room": a name after "the" is a place or a body, not a person;
                    # a body when its last word says so ("the Catholic Church")
                    if name.split()[-1].lower() in BODY_HEADS:
                        self._organisation(c, " ".join(name.split()))
                    return
        start, end = c.start, c.end
        lead = LEAD_PARTICLE.search(text, max(0, c.start - 6), c.start)
        if lead and lead.group("p") in NAME_PARTICLES and actor in self.persons and \
                f"{lead.group('p')} {name.split()[0]}" in self.persons[actor].name:
            start = lead.start()  # "ag Boula" after "Rhissa ag Boula": the particle is the name's
        title_start, title = self.title_before(start)
        post: str | None = None
        party: str | None = None
        if title:
            start = title_start
            party = next(iter(self.parties_in(title_start, c.start)), None)
        app = self.apposition(c.end)
        if app:
            a_start, a_end, t_start, t_end = app
            end = a_end
            title_start, title = t_start, text[t_start:t_end]
            party = next(iter(self.parties_in(t_start, t_end)), None)
        if not new:
            gpost = self.gazetteer_post(actor)
            if gpost and (party is None or gpost.party == party):
                post, party = gpost.id, gpost.party
                self.head_of.setdefault(actor, self.head_class(gpost.title) or "")
        if new:
            if actor not in self.persons:
                self.persons[actor] = Person(actor, " ".join(name.split()))
                for key in _surname_keys(name):
                    self.surnames.setdefault(key, actor)
                if title:  # a name given with a post is a person's ("Jeddah Declaration" is none)
                    self._given_name(name, actor)
            if title and post is None:
                post = post_id(party, _clean_title(title), actor)
                if post not in self.posts:
                    self.posts[post] = Post(post, _clean_title(title), party, actor)
                self.head_of[actor] = self.head_class(title) or ""
        elif actor in self.gaz.persons:
            for key in _surname_keys(name):
                self.surnames.setdefault(key, actor)
            self._given_name(name, actor)
        if actor in self.party_of and party is None:
            party = self.party_of[actor]
        if post is None and actor in self.post_of:
            post = self.post_of[actor]
        self.party_of[actor] = party
        if post:
            self.post_of[actor] = post
        self._add(Mention(start, end, "person", (actor,), party=party, post=post,
                                     head=self.head_of.get(actor) or None, core_start=c.start, core_end=c.end))

    def _mononym(self, word: str, start: int, end: int) -> bool:
        """Whether ``word``, one capitalised word no one has been named by, is a person known by one
        name ("Laldenga", "Suharto"): a post is written before it ("President Suharto") or set off
        after it (", the front's president"), and it is no word of the language, nation or gazetteer."""
        f = self.f
        if (len(word) < 4 or not word[1:].islower() or word.lower() in f.name_stop or word in f.alias_ids
                or word in f.demonyms or word in f.countries or normalise(word) in f.alias_norm
                or word.lower() in NOT_NAME_ENDS):
            return False
        if MONONYM_TITLE.search(self.text, max(0, start - 14), start):
            return True
        if MONONYM_PLACE.search(self.text, max(0, start - 30), start):
            return False  # "In Khartoum, a government spokesman said", "the province of Arauca": a place
        app = self.apposition(end)
        # a description of its own after a comma, not a name that follows ("Juba, Information Minister X")
        # and no speaker after it ("..., the ombudsman's office said")
        return (app is not None and MONONYM_APPOSED.match(self.text, end) is not None
                and not re.search(r"(?:^|\s)[A-Z][\w'’-]+\s+[A-Z][\w'’-]+\s*$", self.text[app[2] : app[3]])
                and not re.match(r"\s+(?:said|says|told|added|announced|stated|wrote)\b", self.text[app[3] : app[3] + 12]))

    def merge_appositions(self) -> None:
        """'The head of the delegation, Hadi Haig, said': the name is the speaker, the description its post."""
        text = self.text
        merged: list[Mention] = []
        skip: set[int] = set()
        held: dict[str, tuple[str | None, str, str | None]] = {}
        for i, m in enumerate(self.mentions):
            if i in skip:
                continue
            nxt = self.mentions[i + 1] if i + 1 < len(self.mentions) else None
            if (m.kind == "post" and nxt is not None and nxt.kind == "person" and not m.plural
                    and re.fullmatch(r",\s+", text[m.end : nxt.start])
                    and (re.match(r"\s*,", text[nxt.end : nxt.end + 3]) or APPOSITION_END.match(text, nxt.end))):
                actor = nxt.actor
                post = nxt.post
                honorific = post in self.posts and self.posts[post].title.lower().rstrip(".") in HONORIFICS
                if actor in self.persons and (post is None or honorific) and m.post is None and m.actor in self.posts:
                    anon = self.posts.pop(m.actor)  # the post now has a holder
                    if honorific:
                        self.posts.pop(post, None)  # "Dr", "Senator": a form of address, not the post
                    title = anon.title
                    post = post_id(anon.party, title, actor)
                    self.posts[post] = Post(post, title, anon.party, actor)
                    self.post_of[actor] = post
                    self.party_of[actor] = anon.party
                    held[m.actor] = (actor, post, anon.party)
                merged.append(Mention(m.start, nxt.end, "person", (actor,), party=self.party_of.get(actor) or m.party,
                                      post=post, head=m.head, core_start=nxt.start, core_end=nxt.end))
                skip.add(i + 1)
                continue
            merged.append(m)
        # the same description used again ("The Governor thanked ..."): the holder named in the apposition
        for i, m in enumerate(merged):
            if m.kind == "post" and not m.plural and m.actor in held:
                actor, post, party = held[m.actor]  # type: ignore[index]
                merged[i] = Mention(m.start, m.end, "person", (actor,), party=party, post=post, head=m.head,
                                    core_start=m.core_start, core_end=m.core_end)
        self.mentions = merged

    def title_before(self, start: int) -> tuple[int, str | None]:
        """A title written before a name: 'U.S. Secretary of State', 'Taliban spokesman'."""
        text = self.text
        window = text[max(0, start - 90) : start]
        if not window or not window[-1].isspace():
            return start, None
        tokens = list(re.finditer(r"[\w.'’-]+", window))
        keep = len(tokens)
        for tok in reversed(tokens):
            word = tok.group(0)
            gap = window[tok.end() : tokens[keep].start()] if keep < len(tokens) else window[tok.end() :]
            if gap.strip() or "\n" in gap:
                break
            if word.endswith(".") and not ABBREVIATION.match(word):
                break
            low = word.lower().rstrip(".")
            if low == "and" and keep >= 2 and self._ends_a_name(tokens[keep - 2].group(0)):
                break  # "... Johan Floderus and Swedish-Iranian national Saeed Azizi": another person before "and"
            if word[0].isupper() or low in ("of", "for", "the", "and", "on") or low in self.cues.post_heads or low in self.cues.post_modifiers:
                keep -= 1
                continue
            break
        words = tokens[keep:]
        while words and words[0].group(0).lower() in ("of", "for", "the", "and", "on", "a", "an"):
            words.pop(0)
        while words and words[0].group(0)[0].isupper() and words[0].group(0).lower() in STOP_WORDS:
            words.pop(0)
        if not words:
            return start, None
        title = window[words[0].start() :].strip()
        low = title.lower()
        if not (self.f.head_re.search(title) or any(w in self.f.title_words for w in re.findall(r"[\w.]+", low))):
            return start, None
        return start - len(window) + words[0].start(), title

    def _ends_a_name(self, word: str) -> bool:
        """Whether ``word`` can end a person's name: capitalised, and no title, post, demonym or organisation word."""
        low = word.lower().rstrip(".")
        return (word[:1].isupper() and word[1:2].islower() and low not in self.f.title_words and low not in self.cues.post_heads
                and word not in self.f.demonyms and low not in ORG_WORDS and low not in STOP_WORDS)

    def apposition(self, end: int) -> tuple[int, int, int, int] | None:
        """', a Taliban spokesman' after a name: (start, end, title start, title end)."""
        text = self.text
        m = re.match(r",\s+(?:(?:a|an|the|its|their)\s+)?", text[end : end + 12], re.IGNORECASE)
        if not m:
            return None
        t_start = end + m.end()
        stop = re.compile(r"[,.;:\"“”()\n]|\s[-–—]\s|\s(?:who|which|said|says|told|added|tweeted|wrote|and\s+[A-Z]|as\s+well|known\s+as|also\s+known|nicknamed|better\s+known)\b")
        s = stop.search(text, t_start, min(len(text), t_start + 140))
        t_end = s.start() if s else min(len(text), t_start + 140)
        # "U.S." and similar abbreviations keep their full stop
        while (s and text[s.start()] == "." and re.search(r"(?:\b[A-Z]|\bSt|\bGen|\bCol|\bDr|\bMr|\bMrs|\bMs)\.?$", text[t_start : s.start()])
               and s.start() + 1 < len(text) and (not text[s.start() + 1].isspace()
                                                   or re.match(r"[ \t]+[a-z]", text[s.start() + 1 : s.start() + 4]))):
            # ("the U.N. envoy": an abbreviation's full stop before a word in lower case ends nothing)
            s = stop.search(text, s.start() + 1, min(len(text), t_start + 140))
            t_end = s.start() if s else t_end
        title = text[t_start:t_end].rstrip()
        t_end = t_start + len(title)
        if not title or len(title) > 130 or not self.f.head_re.search(title):
            return None
        if re.search(r"\b(?:is|was|has|had|have|were|are)\b", title):
            return None
        return end, t_end, t_start, t_end

    def descriptions(self, quotes: list[tuple[int, int]]) -> None:
        """Posts without a name: 'a senior official in the office of ...', 'the official'."""
        text = self.text
        taken = bytearray(len(text) + 1)  # 1 where a mention (not a pronoun) stands already

        def take(start: int, end: int) -> None:
            if end > start:
                taken[start:end] = b"\x01" * (end - start)

        for m in self.mentions:
            if m.kind != "pronoun":
                take(m.start, m.end)
        for m in self.f.head_re.finditer(text):
            h_start, h_end = m.start(), m.end()
            if taken[h_start]:
                continue
            if text[h_start].isupper() and not (h_start == 0 or text[h_start - 1] in " \t\n"):
                continue
            # left: modifiers back to a determiner
            left = h_start
            det = None
            for tok in reversed(list(re.finditer(r"[\w.'’-]+", text[max(0, h_start - 80) : h_start]))):
                tstart = max(0, h_start - 80) + tok.start()
                gap = text[tstart + len(tok.group(0)) : left]
                if gap.strip():
                    break
                word = tok.group(0)
                low = word.lower()
                if low in DETERMINERS:
                    det = low
                    left = tstart
                    break
                core = re.sub(r"['’]s?$", "", word)
                if core.lower() in self.f.descriptors and word[-1] in "'’" or re.search(r"['’]s$", word) and normalise(core) in self.f.descriptors:
                    left = tstart  # "the insurgents' spokesman", "the group's negotiator"
                    continue
                if (low in self.cues.post_modifiers or low in self.cues.post_heads or core in self.f.alias_ids
                        or core in self.f.demonyms or word in self.f.demonyms or (word[0].isupper() and low not in STOP_WORDS)):
                    left = tstart
                    continue
                break
            plural = bool(m.group("pl"))
            # right: prepositional attachments ("in the office of President Ashraf Ghani")
            right = h_end
            for _ in range(2):
                pp = re.match(r"\s+(?:in|of|for|at|from|with|close\s+to|familiar\s+with|involved\s+in|based\s+in|responsible\s+for|"
                              r"in\s+charge\s+of|working\s+(?:on|for|with)|briefed\s+on)\s+((?:the\s+)?(?:[\w.'’-]+\s*){1,7})", text[right : right + 90])
                if not pp and BODY_END.search(text, max(0, right - 14), right):
                    # "a spokesman for Armenia's State Commission on Prisoners of War": the body's name goes on
                    pp = re.match(r"\s+on\s+((?:[A-Z][\w.'’-]*\s*|of\s+|and\s+|the\s+){1,7})", text[right : right + 90])
                if not pp:
                    break
                words = list(re.finditer(r"[\w.'’-]+", pp.group(1)))
                keep = 0
                for i, w in enumerate(words):
                    word = w.group(0)
                    low = re.sub(r"['’]s$", "", word.lower())
                    if word[0].isupper() or low in PP_WORDS or low in ("the", "of", "and") or low in self.cues.post_heads or low in self.cues.post_modifiers:
                        keep = i + 1
                        continue
                    break
                while keep and words[keep - 1].group(0).lower() in ("the", "of", "and"):
                    keep -= 1
                if not keep:
                    break
                right = right + pp.start(1) + words[keep - 1].end()
                right = right - (1 if text[right - 1] == "." and not re.search(r"[A-Z]\.$", text[right - 3 : right]) else 0)
            if det is None and left == h_start:
                continue  # a bare head noun ("officials") says too little
            body = text[left:right]
            if det is None and plural:
                # "Taliban officials", "U.S. officials": the party speaks
                parties = self.parties_in(left, h_start)
                if parties:
                    self._add(Mention(left, right, "descriptor", (parties[0],), party=parties[0], core_start=left, core_end=right, plural=True))
                    take(left, right)
                    continue
                if not text[left].isupper():
                    continue
            if det is None and not text[left].isupper():
                continue
            if det is None and re.match(r"[\w.-]+['’]s\s", text[left:h_start]):
                det = "the"  # "Washington's peace envoy": a definite description
            t_start = left if det is None or text[left : left + len(det)].lower() != det else left + len(det) + 1
            while t_start < right and text[t_start].isspace():
                t_start += 1
            title = _clean_title(text[t_start:right])
            head = self.cues.head_class.get(m.group("head").lower(), m.group("head").lower())
            parties = self.parties_in(t_start, right)
            party = parties[0] if parties else None
            modifiers = set(re.findall(r"[a-z]+", text[t_start:right].lower()))
            if party is None and modifiers & {"security", "government", "military", "palace", "presidential", "prison", "intelligence", "police", "army", "interior", "ministry", "administration", "cabinet",
                                              "governor", "provincial", "regional", "district", "local", "consular", "embassy", "delegation", "negotiating"}:
                party = self._seat_before(left)  # "In Khartoum, a government spokesman said"
                if party is None and "administration" in modifiers and self.is_named("united-states"):
                    party = "united-states"  # "a senior administration official": the usage of US reporting
                party = party or self.recent_party("government", left) or self.recent_party("state", left)
            actor: str | None = None
            post: str | None = None
            if det == "the" and not plural:
                actor, post, party = self.definite(head, party, left)
            if actor is None:
                post = post_id(party, title, f"anon-{self.doc_id}")
                if post not in self.posts:
                    self.posts[post] = Post(post, title, party, None, anonymous=True)
                actor = post
                self.party_of[actor] = party
                self.head_of[actor] = head
            self._add(Mention(left, right, "post", (actor,), party=party, post=post if post != actor else None,
                                         head=head, core_start=left, core_end=right, plural=plural))
            take(left, right)

    def groups(self) -> None:
        """Plural sources nobody names, as anonymous posts: "rights groups", "diplomats in Nairobi",
        "Western analysts", "people familiar with the talks"."""
        text = self.text
        taken = sorted((m.start, m.end) for m in self.mentions if m.kind != "pronoun")
        starts = [t[0] for t in taken]
        for m in self.f.group_re.finditer(text):
            g_start, g_end = m.start(), m.end()
            i = bisect.bisect_right(starts, g_end) - 1
            if i >= 0 and taken[i][1] > g_start:
                continue
            if text[g_start].isupper() and re.match(r"\s+[A-Z]", text[g_end : g_end + 2]) and g_start > 0 and text[g_start - 1] == " " and text[g_start - 2 : g_start - 1] not in ".!?\n":
                continue  # "Hostages and Missing Families Forum": a word inside a name
            if GROUP_AS_OBJECT.search(text, max(0, g_start - 30), g_start):
                continue  # "lawyers for the families", "greeted by relatives": no speaker there
            # left: capitalised or modifier words, back to a determiner or the clause's start
            left = g_start
            for tok in reversed(list(WORD.finditer(text, max(0, g_start - 40), g_start))):
                tstart = tok.start()
                if text[tstart + len(tok.group(0)) : left].strip():
                    break
                word = tok.group(0)
                low = word.lower()
                if low in GROUP_DETERMINERS:
                    left = tstart
                    continue
                if (word in self.f.demonyms or (word[0].isupper() and low not in STOP_WORDS and low not in self.f.title_words)) and not word.endswith("."):
                    left = tstart
                    continue
                break
            right = g_end
            if m.group(0).lower().endswith((" with", " to", " on", " of")):  # "briefed on the case", "knowledge of the talks"
                np = re.match(r"\s+((?:the|a|an)\s+)?[\w'’-]+(?:\s+(?:of|for|on|in)\s+(?:the\s+)?[\w'’-]+)?", text[right : right + 60])
                if not np:
                    continue
                right += np.end()
            else:
                pp = GROUP_PP.match(text[right : right + 60])
                if pp:
                    right += pp.end()
            parties = self.parties_in(left, right)
            party = parties[0] if parties else None
            title = _clean_title(re.sub(r"^(?i:his|her|their|its)\s+", "", text[left:right]))  # "his family": the family
            if party is not None and self.party_kind(party) in ("government", "state") and not re.search(r"[A-Z]", text[left:g_start]):
                party = None  # "diplomats in Kabul": a place, not their employer
            post = post_id(party, title, f"anon-{self.doc_id}")
            if post not in self.posts:
                self.posts[post] = Post(post, title, party, None, anonymous=True)
            self.party_of[post] = party
            self.head_of[post] = m.group(0).lower()
            single = m.group(0).lower().startswith("person ")  # "a person close to ...": one speaker
            self._add(Mention(left, right, "post", (post,), party=party, head=m.group(0).lower(), core_start=left, core_end=right,
                              plural=not single))

    def definite(self, head: str, party: str | None, at: int) -> tuple[str | None, str | None, str | None]:
        """'the official', 'the U.S. envoy': somebody named before, after, or in the gazetteer."""
        for m in reversed(self.mentions):
            if m.start >= at or m.kind not in ("person", "post"):
                continue
            if at - m.start > 5000:
                break
            if m.head == head and (party is None or m.party == party):
                return m.actor, m.post, m.party
        for m in self.mentions:
            if m.start > at and m.kind == "person" and m.head == head and (party is None or m.party == party):
                return m.actor, m.post, m.party
        for person in self.gaz.persons:
            post = self.gazetteer_post(person)
            if post and self.head_class(post.title) == head and party is not None and post.party == party:
                if post.start and post.start > self.published or post.end and post.end < self.published:
                    continue
                return person, post.id, post.party
        return None, None, party


# "the Armenian side", "the Turkish side": a country's side in talks
NATION_SIDE = re.compile(r"\b[Tt]he\s+(?P<demonym>[A-Z][a-z]+)\s+side\b(?!\s+of\b)")
# the last words of a body the text names by a name of its own, by which it may call it again: "the forum",
# "the campaign" (a state's organs, "the council", go through ORGAN_HEADS and the descriptors)
SHORT_BODY_HEADS = frozenset("forum campaign foundation network association centre center club coalition alliance".split())
# the last word of a body's name that the organisation words do not already cover: "the Catholic Church"
BODY_HEADS = frozenset("church forum society association federation campaign trust congress senate synod caucus headquarters "
                       "initiative tribunal board authority directorate secretariat bureau".split())
# the article before a run of capitalised words that is no person's name: "the South Caucasus"
PLACE_ARTICLE = re.compile(r"\bthe\s+$")
# a place opening the sentence before a description of its speaker: "In Khartoum, a government spokesman"
SEAT_BEFORE = re.compile(r"(?:^|[.!?]\s+|\n)In\s+([A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+)?),\s+(?:(?:a|an|the)\s+)?$")
# a place after plural officials: "officials in Kabul"
PLACE_AFTER = re.compile(r"\s+(?:in|from)\s+([A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+)?)")

# a group named as the object of a preposition ("lawyers for the families", "greeted by relatives"),
# which cannot be the subject of a speech verb
GROUP_AS_OBJECT = re.compile(r"\b(?:for|of|by|with|(?<!according\s)to|from|among|between|about|on|at|in)\s+(?:(?:the|their|his|her|its|some|many|several|other|local)\s+)*$",
                             re.IGNORECASE)
WORD = re.compile(r"[\w.'’-]+")
GROUP_DETERMINERS = frozenset(("the", "some", "many", "several", "other", "local", "international", "independent", "foreign",
                               "his", "her", "their", "its", "a", "an", "one"))  # "a person familiar with ..."
# what follows a group as part of its description: "residents of Kabul", "families of the soldiers"
GROUP_PP = re.compile(
    r"\s+(?:in|at|from|of|on|close\s+to)\s+(?:the\s+)?(?:[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*|capital|region|city|area|camp|camps|province|country"
    r"|(?:(?:freed|released|missing|dead|kidnapped|abducted|detained|jailed)\s+)?(?:soldiers|hostages|prisoners|detainees|captives|victims|missing|disappeared|dead|men|women|abductees))\b")

# organs referred to again by their head noun alone: "the council said" after "the National Security Council"
ORGAN_HEADS = frozenset({"ministry", "office", "council"})
# the last word of a public body's name that a phrase with "on" may continue ("Commission on Prisoners of War")
BODY_END = re.compile(r"\b(?:Commission|Committee|Council|Headquarters|Office|Agency|Bureau)$")
# a state's organ named by its own name after the state's: "('s) Investigative Committee", "('s) Foreign Office"
NAMED_ORGAN = re.compile(r"['’]s\s+(?:[A-Z][\w-]*\s+){0,4}(?:Committee|Office|Ministry|Commission|Service|Council|Agency|Department|"
                         r"Directorate|Prosecutor|Cabinet|Presidency|Secretariat|Bureau|Organi[sz]ation|Headquarters)\b"
                         r"(?:\s+(?:on|of|for)(?:\s+(?:[A-Z][\w-]*|of|and|the)(?=[\s,]))*\s+[A-Z][\w-]*)?")  # "State Commission on Prisoners of War"

# the titles a one-name person is given right before the name ("President Suharto", "Gen. Aidid")
MONONYM_TITLE = re.compile(r"\b(?:President|Gen\.|General|Col\.|Colonel|Commander|King|Sheikh|Emir|Sultan|Ayatollah|Chairman)\s+$")
# a body named by its kind first: "the Movement for the Emancipation of the Niger Delta", "the Front for the
# Restoration of Unity and Democracy", "the Organisation of Armed Resistance"
KIND_FIRST_ORG = re.compile(r"(?<![\w'’-])(?P<head>Movement|Front|Alliance|Organi[sz]ation|Union|Coalition|League)\s+(?:for|of)\s+(?:the\s+)?"
                            r"[A-Z][\w'’-]*(?:\s+(?:(?:of|for|and|the|in)\s+){0,2}[A-Z][\w'’-]*){0,6}(?![\w'’-])")
# the capitalised words before the kind ("the Civic Alliance for ...": "Civic"), looked for once the kind is found
KIND_FIRST_PREFIX = re.compile(r"(?<![\w'’-])(?:[A-Z][\w'’-]*[ \t]+){1,3}$")
# what puts a capitalised word in a place: "In Khartoum, ...", "From Sanaa, ...", "the province of Arauca"
MONONYM_PLACE = re.compile(r"(?:\b(?:[Ii]n|[Ff]rom|[Aa]t|[Nn]ear|[Oo]utside|[Ii]nside|[Aa]cross|[Aa]round)"
                           r"|\b(?:province|city|town|region|district|state|village|capital|county|island)\s+of)\s+$")
# a description after a one-name person: ", the front's president", ", a former general"
MONONYM_APPOSED = re.compile(r",\s+(?:the|a|an|its|[A-Z][\w'’-]*['’]s)\s+[a-z]")
# a party named as a deal's go-between: "brokered by Norway", "mediated by Qatar and Egypt",
# "a Norway-brokered deal", "Qatar, which mediated the talks"
BROKER_BEFORE = re.compile(r"\b(?:mediated|brokered|facilitated|hosted)\s+by\s+(?:the\s+)?(?:[A-Z][\w'’-]*,?\s+(?:and\s+)?)*$")
BROKER_AFTER = re.compile(r"-(?:brokered|mediated|hosted)\b|,?\s+(?:which|who)\s+(?:had\s+)?(?:mediated|brokered|hosted)\b")
# thanked for its part as go-between: "It thanked the UAE for its mediation"
BROKER_THANKED = re.compile(r"\s+for\s+(?:its|their|his|her)\s+(?:mediation|good\s+offices|role\s+as\s+(?:a\s+)?mediator)\b")

# lower-case words that make plural officials the state's: "provincial officials", "prison authorities"
STATE_OFFICES = frozenset({
    "provincial", "local", "district", "regional", "prison", "port", "border", "security", "government", "police",
    "military", "army", "intelligence", "interior", "ministry", "palace", "presidential", "municipal", "city", "state",
    "federal", "justice", "defence", "defense", "customs", "immigration", "senior", "top", "other",
})


def _office_words_before(text: str, start: int) -> int:
    """Where plural officials start with the words of their office before them:
    "provincial officials", "Prison authorities" (``start`` when there are none).

    >>> text = "It freed six, provincial officials said."
    >>> text[_office_words_before(text, 14):]
    'provincial officials said.'
    """
    while True:
        m = re.search(r"([A-Za-z]+)\s+$", text[max(0, start - 30) : start])
        if m is None or m.group(1).lower() not in STATE_OFFICES:
            return start
        word_start = max(0, start - 30) + m.start(1)
        if m.group(1)[0].isupper() and not re.search(r"(?:^|[.!?]\s+|\n)$", text[max(0, word_start - 3) : word_start]):
            return start  # a capitalised word inside a sentence is a name, not an office
        start = word_start


# letters that lose no accent under NFKD but have a usual ASCII spelling
_UNACCENTED = str.maketrans({"ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae",
                             "œ": "oe", "Œ": "Oe", "ß": "ss", "ı": "i", "þ": "th", "Þ": "Th", "ð": "d", "ħ": "h"})



ARTICLE_PREFIX = re.compile(r"^(?:al|el|ad|as|ash|ar|an|at|az)[-‐](?=[A-Z])")


def named_as_broker(text: str, start: int, end: int) -> bool:
    """Whether the party named at text[start:end] is named there as a go-between: in the list after
    "brokered by" ("mediated by Qatar, Egypt and the United States", but not the subject after it:
    "Under the arrangement brokered by the Emiratis, Russia was to ..."), before "-brokered" or ", which
    mediated", or thanked "for its mediation"."""
    b = BROKER_BEFORE.search(text, max(0, start - 60), start)
    if b is not None and not (re.search(r",\s*$", text[b.start() : start]) and not re.match(r"\s*(?:,|and\b)", text[end : end + 6])):
        return True
    return bool(BROKER_AFTER.match(text, end) or BROKER_THANKED.match(text, end))


def _mark(text: str, cands: list[_Cand], pid: str, aliases: tuple[str, ...]) -> None:
    """Every place ``text`` names a body found in it by one of its ``aliases``, as a candidate mention."""
    for alias in aliases:
        for hit in re.finditer(r"(?<![\w])" + re.escape(alias) + r"(?![\w])", text):
            cands.append(_Cand(hit.start(), hit.end(), "party", pid, 3))


def _surname_keys(name: str) -> list[str]:
    """What a person named in full is called later on: the last word of the name, and that word
    without an Arabic article ("Bashir" after "Omar al-Bashir").

    >>> _surname_keys("Omar al-Bashir")
    ['al-Bashir', 'Bashir']
    >>> _surname_keys("Benigno Aquino III")
    ['Aquino']
    """
    words = name.split()
    if len(words) > 2 and NAME_SUFFIX.fullmatch(words[-1]):
        words = words[:-1]  # "Aquino" after "Benigno Aquino III", "Galvez" after "Carlito Galvez Jr."
    last = words[-1].rstrip(",")
    bare = ARTICLE_PREFIX.sub("", last)
    return [last, bare] if bare != last else [last]

def _ascii(name: str) -> str:
    """'Pablo Beltrán' -> 'Pablo Beltran', so that identifiers stay readable.

    >>> _ascii("Lech Wałęsa")
    'Lech Walesa'
    """
    import unicodedata

    return unicodedata.normalize("NFKD", name.translate(_UNACCENTED)).encode("ascii", "ignore").decode("ascii")


def _clean_title(title: str) -> str:
    title = " ".join(title.replace("\u00a0", " ").split())
    title = re.sub(r"^(?:a|an|the)\s+", "", title, flags=re.IGNORECASE)
    return title.strip(" ,.;:") or "official"
