"""Loading a corpus: every manifest and text problem is one clear error."""

from __future__ import annotations

import datetime as dt
import hashlib
import os

import pytest

from kg.errors import DocumentError, ManifestError
from loaders.corpus import load_corpus

GOOD = "The government released 20 prisoners on Sunday, an official said.\n"


def _manifest(*entries: str) -> str:
    return "documents:\n" + "".join(entries)


def _entry(file: str = "a.txt", published: str = "2020-04-02", extra: str = "") -> str:
    return f"  - file: {file}\n    published: {published}\n    publisher: Wire\n    title: T\n{extra}"


def test_corpus_seeds_load_with_checksums(corpus_dir):
    corpus = load_corpus(corpus_dir)
    assert [d.id for d in corpus] == ["000_96addb07b944f045", "004_d4a9fecee8dd37c2"]
    for doc in corpus:
        raw = (corpus_dir / doc.file).read_bytes()
        assert doc.text == raw.decode("utf-8"), "texts are kept byte for byte"
        assert doc.sha256 == hashlib.sha256(raw).hexdigest()
    assert corpus.get("004_d4a9fecee8dd37c2").credits == ("AP", "AFP")
    assert "\u00a0" in corpus.get("004_d4a9fecee8dd37c2").text


@pytest.mark.parametrize(
    "manifest, files, error, fragments",
    [
        (_manifest(_entry("missing.txt")), {}, ManifestError, ["missing.txt", "field 'file'", "line 2"]),
        (_manifest(_entry(published="2020-13-45")), {"a.txt": GOOD}, ManifestError, ["field 'published'", "2020-13-45", "YYYY-MM-DD"]),
        (_manifest("  - file: a.txt\n    publisher: Wire\n    title: T\n"), {"a.txt": GOOD}, ManifestError, ["missing field 'published'"]),
        (_manifest(_entry(published="2999-01-01")), {"a.txt": GOOD}, ManifestError, ["field 'published'", "future"]),
        (_manifest(_entry(), _entry()), {"a.txt": GOOD}, ManifestError, ["duplicate document id 'a'", "line 6"]),
        (_manifest(_entry(extra="    author: Somebody\n")), {"a.txt": GOOD}, ManifestError, ["field 'author'", "unknown key", "line 6"]),
        ("documents: []\n", {}, ManifestError, ["non-empty list"]),
        ("docs:\n  - file: a.txt\n", {"a.txt": GOOD}, ManifestError, ["'documents'"]),
        ("documents: [\n", {}, ManifestError, ["not valid YAML", "line"]),
        (_manifest(_entry("../outside.txt")), {}, ManifestError, ["outside the corpus folder"]),
        (_manifest(_entry(extra="    credits: 7\n")), {"a.txt": GOOD}, ManifestError, ["field 'credits'"]),
        (_manifest(_entry(extra="    id: 'bad id!'\n")), {"a.txt": GOOD}, ManifestError, ["field 'id'", "bad id!"]),
        (_manifest(_entry()), {"a.txt": b"caf\xe9 au lait"}, DocumentError, ["a.txt", "UTF-8", "0xe9", "byte offset 3"]),
        (_manifest(_entry()), {"a.txt": b"\xef\xbb\xbfHello"}, DocumentError, ["a.txt", "byte-order mark"]),
        (_manifest(_entry()), {"a.txt": "Hello\x00world"}, DocumentError, ["a.txt", "NUL"]),
        (_manifest(_entry()), {"a.txt": "  \n\t "}, DocumentError, ["a.txt", "empty"]),
        (_manifest(_entry('"a\\0.txt"')), {"a.txt": GOOD}, ManifestError, ["field 'file'", "NUL character", "line 2"]),
    ],
)
def test_corpus_bad_input_names_file_and_field(tmp_path, manifest, files, error, fragments):
    root = tmp_path / "corpus"
    root.mkdir()
    (tmp_path / "outside.txt").write_text(GOOD)
    for name, content in files.items():
        (root / name).write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    (root / "manifest.yaml").write_text(manifest, encoding="utf-8")
    with pytest.raises(error) as info:
        load_corpus(root, today=dt.date(2026, 11, 30))
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message
    if error is ManifestError:
        assert "manifest.yaml" in message


def test_corpus_missing_manifest(tmp_path):
    with pytest.raises(ManifestError, match="no manifest"):
        load_corpus(tmp_path)


def test_corpus_symlink_outside_refused(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text(GOOD)
    os.symlink(secret, root / "a.txt")
    (root / "manifest.yaml").write_text(_manifest(_entry()), encoding="utf-8")
    with pytest.raises(ManifestError, match="outside the corpus folder"):
        load_corpus(root)


def test_corpus_size_limit(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "a.txt").write_text("word " * 1000)
    (root / "manifest.yaml").write_text(_manifest(_entry()), encoding="utf-8")
    with pytest.raises(DocumentError, match="over the limit of 1,000 bytes"):
        load_corpus(root, max_bytes=1000)


def test_corpus_crlf_kept_as_is(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "a.txt").write_bytes(b"Line one.\r\nLine two.\r\n")
    (root / "manifest.yaml").write_text(_manifest(_entry()), encoding="utf-8")
    doc = load_corpus(root).documents[0]
    assert doc.text == "Line one.\r\nLine two.\r\n"


def test_corpus_without_texts_reads_each_text_again_when_asked(make_corpus):
    from loaders.corpus import with_text

    root = make_corpus({"a.txt": "The talks resumed in Doha on Sunday.\n"})
    corpus = load_corpus(root, keep_texts=False)
    doc = corpus.documents[0]
    assert doc.text == "" and doc.sha256
    assert with_text(corpus, doc).text == "The talks resumed in Doha on Sunday.\n"
    assert with_text(corpus, doc).sha256 == load_corpus(root).documents[0].sha256


def test_corpus_text_changed_after_it_was_digested_is_refused(make_corpus):
    from loaders.corpus import with_text

    root = make_corpus({"a.txt": "The talks resumed in Doha on Sunday.\n"})
    corpus = load_corpus(root, keep_texts=False)
    (root / "a.txt").write_text("The talks broke down in Doha on Sunday.\n", encoding="utf-8")
    with pytest.raises(DocumentError, match=r"a\.txt: changed while the corpus was being read"):
        with_text(corpus, corpus.documents[0])
