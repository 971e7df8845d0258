"""Property tests of the manifest and fact-file loaders: any input gives a valid
result or one of the project's input errors, never anything else.

Each property is a strategy and a check (``PROPERTIES``), so that
``python -m bench.fuzz`` runs the very same ones with many more examples.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import string
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.errors import DocumentError, FactFileError, ManifestError
from loaders.corpus import load_corpus
from loaders.factfile import SECTIONS, dump_facts, load_fact_file, parse_facts

TODAY = dt.date(2026, 1, 1)
EXAMPLES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Characters that have broken text tools before: line and paragraph separators, direction
# overrides, a byte-order mark, NUL, ESC, NEL, combining marks, an astral emoji, quotes.
SPECIAL = ["\r\n", "\r", "\n", "\u2028", "\u2029", "\u202e", "\ufeff", "\x00", "\x1b[31m", "\x85", "e\u0301",
           "\U0001f44d\U0001f3fd", '"', "'", "\\", "\t", "\u00a0", "&lt;", "<script>", "---", ": ", "- ", "#", "*a"]
TEXT = st.lists(st.one_of(st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
                          st.sampled_from(SPECIAL)), max_size=8).map("".join)
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), TEXT, st.floats(allow_nan=False),
                   st.dates(dt.date(1800, 1, 1), dt.date(2200, 1, 1)),
                   st.sampled_from(["2020-04-02", "2020-13-45", "2999-01-01", "2020", "yesterday", ""]),
                   st.lists(st.text(string.ascii_letters, max_size=4), max_size=3))


# --------------------------------------------------------------------------- the manifest loader

FILE_NAMES = ["a.txt", "b.txt", "sub/c.txt", "\u00fc n.txt"]
ENTRY_FILES = FILE_NAMES + ["../outside.txt", "/etc/hostname", "missing.txt", "sub", "", ".", "link.txt"]
FILE_BYTES = st.one_of(
    TEXT.map(lambda t: t.encode("utf-8")),
    st.binary(max_size=40),
    st.sampled_from([b"", b"  \n", b"\xef\xbb\xbfHello", b"caf\xe9", b"a\x00b", b"Line one.\r\nLine two.\r\n",
                     b"He said \xc2\x93yes\xc2\x94", b"The Taliban released 20 prisoners on Sunday."]),
)
ENTRY = st.fixed_dictionaries(
    {"file": st.one_of(st.sampled_from(ENTRY_FILES), VALUES)},
    optional={
        "published": st.one_of(st.dates(dt.date(1990, 1, 1), dt.date(2030, 1, 1)), VALUES),
        "publisher": st.one_of(TEXT, VALUES), "title": st.one_of(TEXT, VALUES),
        "credits": st.one_of(st.lists(TEXT, max_size=2), VALUES), "dateline": VALUES, "url": VALUES,
        "id": st.one_of(st.from_regex(r"\A[A-Za-z0-9][A-Za-z0-9_.-]{0,8}\Z"), VALUES), "author": VALUES,
    },
)
MANIFEST_TEXT = st.one_of(
    st.builds(lambda docs, extra, unicode: yaml.safe_dump({"documents": docs, **extra}, allow_unicode=unicode),
              st.lists(ENTRY, max_size=4), st.dictionaries(st.sampled_from(["source", "version"]), VALUES, max_size=1),
              st.booleans()),
    TEXT,
).map(lambda text: text.encode("utf-8"))
MANIFEST_CASE = st.tuples(st.one_of(MANIFEST_TEXT, st.binary(max_size=60)),
                          st.dictionaries(st.sampled_from(FILE_NAMES), FILE_BYTES, max_size=4), st.booleans())


def check_manifest(case: tuple[bytes, dict[str, bytes], bool]) -> None:
    """A corpus loads with every invariant, or fails with a manifest or document error."""
    manifest, files, link = case
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "corpus"
        root.mkdir()
        (Path(tmp) / "outside.txt").write_bytes(b"outside the corpus")
        for name, data in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        if link:
            (root / "link.txt").symlink_to(Path(tmp) / "outside.txt")
        (root / "manifest.yaml").write_bytes(manifest)
        try:
            corpus = load_corpus(root, today=TODAY)
        except (ManifestError, DocumentError) as exc:
            assert str(exc) and "\n" not in str(exc).strip()
            return
        ids = [doc.id for doc in corpus]
        assert ids and len(set(ids)) == len(ids)
        for doc in corpus:
            path = root / doc.file
            assert path.resolve().is_relative_to(root.resolve())
            raw = path.read_bytes()
            assert doc.text == raw.decode("utf-8") and doc.text.strip() and "\x00" not in doc.text
            assert doc.sha256 == hashlib.sha256(raw).hexdigest()
            assert doc.published <= TODAY and doc.title.strip() and doc.publisher.strip()


# --------------------------------------------------------------------------- the fact-file loader

FIELDS = sorted({"id", "name", "kind", "aliases", "title", "party", "holder", "start", "end", "anonymous", "date",
                 "signatories", "place", "rule", "confidence", "obligor", "action", "object", "agreement",
                 "object_party", "target", "upper_bound", "counterparty", "deadline", "reciprocal_to", "conditions",
                 "amends", "amendment", "releaser", "released_party", "count", "qualifier", "cumulative", "date_from",
                 "date_to", "source", "description", "speaker", "type", "text", "post", "channel", "said_on", "about",
                 "expected_from", "expected_to", "evidence", "mood"})
ENUMS = st.sampled_from(["release", "withdraw", "direct", "reported", "claim", "prediction", "demand", "exact",
                         "vague", "agreement", "decision", "government", "armed_movement", "tranche_of", "dance"])


@st.composite
def fact_case(draw: Any) -> tuple[str, str]:
    """(the document's text, a fact file's YAML): spans sometimes right, sometimes not."""
    text = draw(TEXT.filter(lambda t: len(t) > 0))

    def evidence() -> Any:
        if draw(st.booleans()):
            start = draw(st.integers(0, len(text) - 1))
            end = draw(st.integers(start + 1, len(text)))
            return {"start": start, "end": end, "text": text[start:end]}
        return draw(st.one_of(VALUES, st.fixed_dictionaries(
            {"start": st.integers(-2, 80), "end": st.integers(-2, 80), "text": TEXT})))

    def item() -> dict[str, Any]:
        keys = draw(st.lists(st.sampled_from(FIELDS), max_size=9, unique=True))
        return {k: evidence() if k == "evidence" else draw(st.one_of(ENUMS, VALUES)) for k in keys}

    data: dict[str, Any] = {"document": draw(st.sampled_from(["doc", "doc", "other", 3, None]))}
    for section in draw(st.lists(st.sampled_from([*SECTIONS, "wishes"]), max_size=4, unique=True)):
        data[section] = [item() for _ in range(draw(st.integers(0, 3)))] if draw(st.booleans()) else draw(VALUES)
    source = yaml.safe_dump(data, allow_unicode=draw(st.booleans()), sort_keys=False)
    if draw(st.integers(0, 9)) == 0:
        source = draw(TEXT)
    return text, source


def check_factfile(case: tuple[str, str]) -> None:
    """A fact file loads with every span found at its offsets (and dumps back to
    the same facts), or fails with a fact-file error."""
    text, source = case
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.yaml"
        path.write_text(source, encoding="utf-8")
        try:
            facts = load_fact_file(path, text)
        except FactFileError as exc:
            assert str(path) in str(exc)
            return
    assert facts.document == "doc"
    for ev in facts.evidences():
        assert 0 <= ev.start < ev.end <= len(text) and text[ev.start:ev.end] == ev.text
    again = parse_facts(yaml.safe_load(yaml.safe_dump(dump_facts(facts), allow_unicode=True)), "round trip", "doc")
    assert again == facts


PROPERTIES = {
    "manifest loader": (MANIFEST_CASE, check_manifest),
    "fact-file loader": (fact_case(), check_factfile),
}


@EXAMPLES
@given(MANIFEST_CASE)
def test_fuzz_loaders_manifest(case):
    check_manifest(case)


@EXAMPLES
@given(fact_case())
def test_fuzz_loaders_fact_file(case):
    check_factfile(case)
