"""The bad-input catalogue: each case one clear error naming the file and the line or field.

Cases already covered elsewhere are not repeated here (docs/BAD-INPUT.md lists
them all with their test names): tests/test_corpus_manifest.py,
tests/test_factfile_errors.py, tests/test_gazetteer_data.py and
tests/test_extract_cues_validation.py. Every case here asserts the exact
error class, so an unplanned exception (a crash) fails it.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from pathlib import Path
from typing import Callable

import pytest

from kg.errors import DataFileError, DocumentError, EvidenceError, FactFileError, ManifestError
from loaders.corpus import MAX_BYTES, load_corpus
from loaders.extract.cues import AGREEMENTS_FILE, CUES_FILE, load_cues
from loaders.factfile import load_fact_file
from loaders.gazetteer import load_gazetteer

GOOD = b"The government released 20 prisoners on Sunday, an official said.\n"
TODAY = dt.date(2026, 1, 1)


def entry(file: str = "a.txt", extra: str = "", published: str = "2020-04-02", title: str = "T") -> str:
    return f"  - file: {file}\n    published: {published}\n    publisher: Wire\n    title: {title}\n{extra}"


def manifest(*entries: str) -> bytes:
    return ("documents:\n" + "".join(entries)).encode("utf-8")


ALIAS_BOMB = "".join(f"{x}: &{x} [{', '.join([f'*{p}'] * 9) if p else ', '.join(['lol'] * 9)}]\n"
                     for p, x in zip(["", "a", "b", "c", "d", "e", "f", "g", "h"], "abcdefghi"))


def _symlinked_folder(root: Path) -> None:
    outside = root.parent / "outside"
    outside.mkdir()
    (outside / "a.txt").write_bytes(GOOD)
    os.symlink(outside, root / "sub")


CORPUS_CASES: list[tuple[str, bytes, dict[str, bytes], Callable[[Path], None] | None, type, list[str]]] = [
    ("unknown top-level key", manifest(entry()) + b"source: scraper\n", {"a.txt": GOOD}, None, ManifestError,
     ["line 6", "unknown key 'source'", "expected only 'documents'"]),
    ("manifest not UTF-8", manifest(entry(title="caf\u00e9")).decode().encode("latin-1"), {"a.txt": GOOD}, None,
     ManifestError, ["expected UTF-8", "0xe9"]),
    ("manifest empty", b"", {}, None, ManifestError, ["expected a mapping with a 'documents' list"]),
    ("entry not a mapping", b"documents:\n  - a.txt\n", {"a.txt": GOOD}, None, ManifestError,
     ["documents[0]", "expected a mapping"]),
    ("duplicate YAML key", manifest(entry()) + b"    file: b.txt\n", {"a.txt": GOOD}, None, ManifestError,
     ["line 6", "duplicate key 'file'"]),
    ("YAML alias bomb", (ALIAS_BOMB + "documents: *i\n").encode(), {}, None, ManifestError, ["unknown key 'a'"]),
    ("YAML python tag", b"documents: !!python/object/apply:os.system ['echo hi']\n", {}, None, ManifestError,
     ["not valid YAML", "python/object/apply"]),
    ("file name with a line break", manifest(entry('"a\\nb.txt"')), {}, None, ManifestError,
     ["line 2", "field 'file'", "'a\\nb.txt': no such file"]),
    ("file is a folder", manifest(entry("sub")), {"sub/x.txt": GOOD}, None, ManifestError,
     ["field 'file'", "sub: not a regular file"]),
    ("file is a FIFO", manifest(entry("pipe")), {}, lambda root: os.mkfifo(root / "pipe"), ManifestError,
     ["field 'file'", "pipe: not a regular file"]),
    ("absolute path", manifest(entry("/etc/hostname")), {}, None, ManifestError,
     ["field 'file'", "outside the corpus folder"]),
    ("symlinked folder leading out", manifest(entry("sub/a.txt")), {}, _symlinked_folder, ManifestError,
     ["field 'file'", "sub/a.txt", "outside the corpus folder"]),
    ("same file name in two folders", manifest(entry(), entry("sub/a.txt")), {"a.txt": GOOD, "sub/a.txt": GOOD}, None,
     ManifestError, ["line 6", "duplicate document id 'a' (first at line 2)"]),
    ("explicit duplicate id", manifest(entry(extra="    id: x\n"), entry("b.txt", extra="    id: x\n")),
     {"a.txt": GOOD, "b.txt": GOOD}, None, ManifestError, ["field 'id'", "duplicate document id 'x'"]),
    ("id '..'", manifest(entry(extra="    id: ..\n")), {"a.txt": GOOD}, None, ManifestError,
     ["field 'id'", "'..'", "letters, digits"]),
    ("date as a bare year", manifest(entry(published="2020")), {"a.txt": GOOD}, None, ManifestError,
     ["line 3", "field 'published'", "YYYY-MM-DD", "2020"]),
    ("empty title", manifest(entry(title="''")), {"a.txt": GOOD}, None, ManifestError,
     ["line 5", "field 'title'", "non-empty text"]),
    ("UTF-16 text", manifest(entry()), {"a.txt": "hello".encode("utf-16")}, None, DocumentError,
     ["a.txt", "expected UTF-8", "0xff", "byte offset 0"]),
    ("encoded surrogate", manifest(entry()), {"a.txt": b"ab\xed\xa0\x80cd"}, None, DocumentError,
     ["a.txt", "expected UTF-8", "0xed", "byte offset 2"]),
    ("BOM on an otherwise empty text", manifest(entry()), {"a.txt": b"\xef\xbb\xbf"}, None, DocumentError,
     ["a.txt", "byte-order mark"]),
    ("terminal escape sequence", manifest(entry()), {"a.txt": b"Said \x1b]52;c;cHduZWQ=\x07 here."}, None,
     DocumentError, ["a.txt", "control character U+001B at offset 5"]),
    ("C1 control (mis-decoded quotes)", manifest(entry()), {"a.txt": "He said \x93yes\x94.".encode()}, None,
     DocumentError, ["a.txt", "U+0093 at offset 8", "Windows-1252"]),
    ("one byte over the default size limit", manifest(entry()), {"a.txt": b"w" * (MAX_BYTES + 1)}, None,
     DocumentError, ["a.txt", f"{MAX_BYTES + 1:,} bytes is over the limit of {MAX_BYTES:,} bytes"]),
]


def _write_corpus(tmp_path: Path, manifest_bytes: bytes, files: dict[str, bytes],
                  setup: Callable[[Path], None] | None) -> Path:
    root = tmp_path / "corpus"
    root.mkdir()
    for name, content in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(content)
    (root / "manifest.yaml").write_bytes(manifest_bytes)
    if setup:
        setup(root)
    return root


@pytest.mark.parametrize("case, manifest_bytes, files, setup, error, fragments", CORPUS_CASES,
                         ids=[c[0] for c in CORPUS_CASES])
def test_reliability_bad_input_corpus(tmp_path, case, manifest_bytes, files, setup, error, fragments):
    root = _write_corpus(tmp_path, manifest_bytes, files, setup)
    started = time.monotonic()
    with pytest.raises(error) as info:
        load_corpus(root, today=TODAY)
    assert type(info.value) is error
    message = str(info.value)
    assert all(fragment in message for fragment in fragments), message
    assert str(root) in message, "the message names the file"
    assert "\n" not in message and len(message) < 400
    assert time.monotonic() - started < 5


ACCEPTED = [
    ("CRLF line ends, kept as is", {"a.txt": b"Line one.\r\nLine two.\r\n"}, "Line one.\r\nLine two.\r\n"),
    ("CR-only line ends, kept as is", {"a.txt": b"Line one.\rLine two.\r"}, "Line one.\rLine two.\r"),
    ("tabs, form feed and vertical tab", {"a.txt": b"A\tB\x0cC\x0bD"}, "A\tB\x0cC\x0bD"),
    ("right-to-left override and U+2028", {"a.txt": "a\u202eb\u2028c".encode()}, "a\u202eb\u2028c"),
    ("exactly at the size limit", {"a.txt": b"w" * 1000}, "w" * 1000),
    ("symlink inside the corpus", {"real.txt": GOOD}, GOOD.decode()),
]


@pytest.mark.parametrize("case, files, text", ACCEPTED, ids=[c[0] for c in ACCEPTED])
def test_reliability_bad_input_accepted_texts_are_kept_exactly(tmp_path, case, files, text):
    root = _write_corpus(tmp_path, manifest(entry()), files,
                         (lambda r: os.symlink("real.txt", r / "a.txt")) if "symlink" in case else None)
    doc = load_corpus(root, today=TODAY, max_bytes=1000).documents[0]
    assert doc.text == text


def test_reliability_bad_input_manifest_with_bom_is_read(tmp_path):
    """YAML allows a byte-order mark at the start of a stream: a manifest may carry one (texts may not)."""
    root = _write_corpus(tmp_path, b"\xef\xbb\xbf" + manifest(entry()), {"a.txt": GOOD}, None)
    assert [d.id for d in load_corpus(root, today=TODAY)] == ["a"]


# --------------------------------------------------------------------------- fact files

TEXT_LF = "First line.\nOfficials said 20 prisoners were freed.\n"
TEXT_CRLF = TEXT_LF.replace("\n", "\r\n")
RELEASE = "document: doc\nreleases:\n  - releaser: taliban\n    evidence: {start: 27, end: 29, text: '20'}\n"

FACT_CASES = [
    ("not YAML", b"document: doc\nreleases: [\n", TEXT_LF, FactFileError, ["line 3", "not valid YAML"]),
    ("not UTF-8", "document: doc\n# caf\u00e9\n".encode("latin-1"), TEXT_LF, FactFileError, ["expected UTF-8", "0xe9"]),
    ("a list, not a mapping", b"- document: doc\n", TEXT_LF, FactFileError, ["expected a mapping with 'document'"]),
    ("empty file", b"", TEXT_LF, FactFileError, ["expected a mapping with 'document'"]),
    ("duplicate key", b"document: doc\ndocument: doc\n", TEXT_LF, FactFileError, ["line 2", "duplicate key 'document'"]),
    ("evidence past the end", RELEASE.replace("27, end: 29", "900, end: 902").encode(), TEXT_LF, EvidenceError,
     ["expected '20' at 900-902", "found ''", "that text is at offset 27"]),
    ("offsets counted without the CRs", RELEASE.encode(), TEXT_CRLF,
     EvidenceError, ["expected '20' at 27-29", "found ' 2'", "that text is at offset 28"]),
    ("evidence text with LF, article with CRLF",
     b"document: doc\nreleases:\n  - releaser: taliban\n    evidence: {start: 0, end: 15, text: \"First line.\\nOff\"}\n",
     TEXT_CRLF, EvidenceError, ["at 0-15", "nowhere in the document"]),
    ("section is a mapping", b"document: doc\nreleases: {releaser: taliban}\n", TEXT_LF, FactFileError,
     ["section 'releases'", "expected a list"]),
    ("python tag", b"document: !!python/name:os.system\n", TEXT_LF, FactFileError, ["not valid YAML"]),
    ("evidence not a mapping", b"document: doc\nreleases:\n  - releaser: taliban\n    evidence: '20'\n", TEXT_LF,
     FactFileError, ["field 'evidence'", "expected {start, end, text}"]),
    ("negative offset", RELEASE.replace("start: 27", "start: -1").encode(), TEXT_LF, FactFileError,
     ["field 'evidence'.start", "whole number", "-1"]),
    ("boolean as a count", b"document: doc\nreleases:\n  - releaser: taliban\n    count: yes\n"
                           b"    evidence: {start: 27, end: 29, text: '20'}\n", TEXT_LF, FactFileError,
     ["field 'count'", "whole number", "True"]),
]


@pytest.mark.parametrize("case, content, text, error, fragments", FACT_CASES, ids=[c[0] for c in FACT_CASES])
def test_reliability_bad_input_fact_file(tmp_path, case, content, text, error, fragments):
    path = tmp_path / "doc.yaml"
    path.write_bytes(content)
    with pytest.raises(error) as info:
        load_fact_file(path, text)
    assert type(info.value) is error
    message = str(info.value)
    assert str(path) in message and all(fragment in message for fragment in fragments), message


# --------------------------------------------------------------------------- gazetteer and cue files

GAZETTEER_CASES = [
    ("not UTF-8", "parties:\n  - id: a\n    name: Caf\u00e9\n".encode("latin-1"), ["expected UTF-8", "0xe9"]),
    ("empty file", b"", ["expected a mapping with 'parties'"]),
    ("party without a name", b"parties:\n  - id: a\n", ["line 2", "missing or empty field 'name'"]),
    ("post end not a date", b"parties:\n  - id: a\n    name: A\npersons:\n  - id: p\n    name: P\n    posts:\n"
                            b"      - {title: envoy, party: a, to: later}\n", ["line 8", "field 'to'", "later"]),
    ("aliases not a list", b"parties:\n  - id: a\n    name: A\n    aliases: A-team\n", ["line 4", "field 'aliases'"]),
    ("descriptors not a mapping", b"descriptors: [a, b]\n", ["field 'descriptors'", "expected a mapping"]),
]


@pytest.mark.parametrize("case, content, fragments", GAZETTEER_CASES, ids=[c[0] for c in GAZETTEER_CASES])
def test_reliability_bad_input_gazetteer(tmp_path, case, content, fragments):
    path = tmp_path / f"actors-{len(case)}.yaml"
    path.write_bytes(content)
    with pytest.raises(DataFileError) as info:
        load_gazetteer(path)
    message = str(info.value)
    assert str(path.resolve()) in message and all(fragment in message for fragment in fragments), message


def test_reliability_bad_input_gazetteer_missing(tmp_path):
    with pytest.raises(DataFileError, match="file not found"):
        load_gazetteer(tmp_path / "nowhere.yaml")


CUE_CASES = [
    ("cue file empty", "cues", b"", ["expected"]),
    ("cue file not UTF-8", "cues", "speech_verbs: []\n# caf\u00e9\n".encode("latin-1"), ["expected UTF-8"]),
    ("agreements file a list", "agreements", b"- name: X\n", ["expected a mapping with an 'agreements' list"]),
    ("agreements file not YAML", "agreements", b"agreements: [\n", ["not valid YAML"]),
]


@pytest.mark.parametrize("case, which, content, fragments", CUE_CASES, ids=[c[0] for c in CUE_CASES])
def test_reliability_bad_input_cue_files(tmp_path, case, which, content, fragments):
    path = tmp_path / f"{which}.yaml"
    path.write_bytes(content)
    with pytest.raises(DataFileError) as info:
        load_cues(path if which == "cues" else CUES_FILE, path if which == "agreements" else AGREEMENTS_FILE)
    message = str(info.value)
    assert str(path) in message and all(fragment in message for fragment in fragments), message
