"""The sentence pre-filter of the commitment rules accepts exactly the sentences its word list names."""

import re

import pytest

from loaders.extract.commitments import HINT

WORDS = (
    r"(?=\w)(?<!\w)(?:deal|agreement|accord|pact|treaty|truce|cease-?fire|memorandum|framework|understanding|arrangement|decree|decision|"
    r"declaration|protocol|road\s?map|signing|"
    r"decided|ordered|approved|authori[sz]ed|agreed|agrees|pledged?|promised?|vowed?|committed|commits|undert(?:ook|akes)|"
    r"would|will|shall|must|should|(?:is|are|was|were)\s+(?:also\s+|then\s+|now\s+|further\s+|in\s+turn\s+)?to|expected\s+to|required|supposed|due|deadline|terms|"
    r"exchange|return|signed|swap|paves?|paving|way\s+for|instructed|directed|told|commits|obliges|binds|release)\b"
)
FLAT = re.compile(WORDS, re.IGNORECASE)

SAMPLES = [
    "The deal was signed.", "An AGREEMENT", "accords", "cease fire", "Ceasefire", "cease-fire", "roadmap", "road map",
    "they were in turn to free", "is also to", "are  now to", "was further  to", "expected to", "expected  too",
    "undertook", "undertakes", "understanding", "authorised", "authorized", "pledge", "pledged", "vow", "vowed",
    "promise", "promises", "paves the way", "pave", "paving", "way for", "wayfor", "swapped", "swap", "releases",
    "released", "release", "told", "toldx", "xtold", "obliges", "binds", "bind", "commit", "commits", "committed",
    "dues", "due", "deadline", "terms", "term", "exchange", "returned", "return", "directed", "instructed",
    "He left.", "Nothing here at all", "", "décision", "agreed.", "agrees!", "would-be", "will", "willing", "shall",
    "must", "should", "mustn't", "required", "supposed", "protocol", "decree", "declaration", "framework", "memorandum",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_hint_matches_as_the_word_list(text):
    for start in range(len(text) + 1):
        for end in range(start, len(text) + 1):
            assert bool(HINT.search(text, start, end)) == bool(FLAT.search(text, start, end)), (text, start, end)
