"""Reading a corpus: a folder of plain-text articles and its ``manifest.yaml``.

The manifest lists one entry per article::

    documents:
      - file: 000_96addb07b944f045.txt
        published: 2020-04-02
        publisher: Reuters
        title: Afghanistan prepares to swap 100 Taliban prisoners
        credits: [AP, AFP]          # optional
        dateline: Kabul             # optional
        id: reuters-2020-04-02      # optional; defaults to the file's stem

Every problem is a :class:`~kg.errors.ManifestError` or
:class:`~kg.errors.DocumentError` naming the file, the line and the field.
Texts are kept exactly as stored (no newline or space normalisation), so
offsets into them are offsets into the file's characters.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass, replace
from pathlib import Path

from kg.errors import DocumentError, ManifestError
from loaders.facts import Document
from loaders.yamlfile import LineDict, load

__all__ = ["MANIFEST", "MAX_BYTES", "Corpus", "load_corpus", "read_text", "with_text"]

MANIFEST = "manifest.yaml"
MAX_BYTES = 5 * 1024 * 1024
REQUIRED = ("file", "published", "publisher", "title")
OPTIONAL = ("credits", "dateline", "id", "url")
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$")
# Control characters that have no place in an article and can drive a terminal
# (ESC starts colour, title and clipboard sequences) when a text is printed:
# C0 except tab, line feed, vertical tab, form feed and carriage return; C1.
CONTROL = re.compile("[\x01-\x08\x0e-\x1f\x80-\x9f]")


@dataclass(frozen=True)
class Corpus:
    """The documents of a corpus folder, in manifest order."""

    root: Path
    documents: tuple[Document, ...]

    def get(self, doc_id: str) -> Document:
        for doc in self.documents:
            if doc.id == doc_id:
                return doc
        raise KeyError(doc_id)

    def __iter__(self):
        return iter(self.documents)

    def __len__(self) -> int:
        return len(self.documents)


def read_text(path: Path, max_bytes: int = MAX_BYTES) -> str:
    """Read an article's text exactly, refusing what cannot be used.

    Refused: not UTF-8, a byte-order mark, NUL bytes and other control
    characters (ESC, U+0080-U+009F), empty or whitespace-only text, and files
    over ``max_bytes``. Line endings are kept as they are.
    """
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise DocumentError(f"{path}: file not found") from None
    if size > max_bytes:
        raise DocumentError(
            f"{path}: {size:,} bytes is over the limit of {max_bytes:,} bytes for one article"
        )
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        raise DocumentError(f"{path}: starts with a UTF-8 byte-order mark; expected plain UTF-8 without one")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DocumentError(
            f"{path}: expected UTF-8 text, found byte {raw[exc.start]:#04x} at byte offset {exc.start}"
        ) from None
    if "\x00" in text:
        raise DocumentError(f"{path}: contains a NUL character at offset {text.index(chr(0))}; expected text")
    control = CONTROL.search(text)
    if control:
        char = ord(control.group())
        hint = " (U+0080-U+009F usually means Windows-1252 text decoded as Latin-1)" if char >= 0x80 else ""
        raise DocumentError(
            f"{path}: contains the control character U+{char:04X} at offset {control.start()}{hint}; "
            "expected text without control characters other than tabs and line breaks"
        )
    if not text.strip():
        raise DocumentError(f"{path}: is empty; expected the article's text")
    return text


def _shown(name: object) -> str:
    """A name as written, or quoted with escapes when it holds a line break or other control."""
    text = str(name)
    return text if text.isprintable() else repr(text)


def _field_error(manifest: Path, entry: LineDict, key: str, message: str) -> ManifestError:
    return ManifestError(f"{manifest}, line {entry.key_line(key)}, field '{_shown(key)}': {message}")


def _date(manifest: Path, entry: LineDict, key: str, today: dt.date) -> dt.date:
    value = entry.get(key)
    if isinstance(value, dt.datetime):
        value = value.date()
    elif isinstance(value, str):
        try:
            value = dt.date.fromisoformat(value.strip())
        except ValueError:
            raise _field_error(manifest, entry, key, f"expected a date YYYY-MM-DD, found {value!r}") from None
    if not isinstance(value, dt.date):
        raise _field_error(manifest, entry, key, f"expected a date YYYY-MM-DD, found {value!r}")
    if value > today:
        raise _field_error(manifest, entry, key, f"{value} is in the future (today is {today})")
    return value


def _text_field(manifest: Path, entry: LineDict, key: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _field_error(manifest, entry, key, f"expected non-empty text, found {value!r}")
    return value.strip()


def _resolve_file(root: Path, manifest: Path, entry: LineDict) -> Path:
    name = _text_field(manifest, entry, "file")
    shown = _shown(name)
    if "\0" in name:
        raise _field_error(manifest, entry, "file", f"{shown}: a file name cannot hold a NUL character")
    candidate = root / name
    real_root = root.resolve()
    try:
        real = candidate.resolve(strict=True)
    except (FileNotFoundError, RuntimeError, OSError):
        raise _field_error(manifest, entry, "file", f"{shown}: no such file in {root}") from None
    if real_root not in real.parents:
        raise _field_error(
            manifest, entry, "file", f"{shown}: resolves to {_shown(real)}, outside the corpus folder {real_root}"
        )
    if not real.is_file():
        raise _field_error(manifest, entry, "file", f"{shown}: not a regular file")
    return candidate


def load_corpus(
    root: Path | str,
    today: dt.date | None = None,
    max_bytes: int = MAX_BYTES,
    unreadable: list[str] | None = None,
    keep_texts: bool = True,
) -> Corpus:
    """Read ``root/manifest.yaml`` and every article it lists.

    With a list as ``unreadable``, an article whose text cannot be used (its
    encoding, size or content) is left out and its error appended there;
    without one, it stops the load. Manifest errors always stop it.

    With ``keep_texts=False`` every text is still read, checked and digested,
    but the documents come without it (``text`` is empty) and
    :func:`with_text` reads it again when it is needed: a corpus of a hundred
    thousand articles then costs its manifest in memory, not its texts.
    """
    root = Path(root)
    manifest = root / MANIFEST
    if not manifest.is_file():
        raise ManifestError(f"{manifest}: no manifest; expected a '{MANIFEST}' listing the articles")
    today = today or dt.date.today()
    data = load(manifest, ManifestError)
    if not isinstance(data, dict) or "documents" not in data:
        raise ManifestError(f"{manifest}: expected a mapping with a 'documents' list")
    extra = sorted(set(data) - {"documents"})
    if extra:
        raise ManifestError(f"{manifest}, line {data.key_line(extra[0])}: unknown key '{_shown(extra[0])}'; expected only 'documents'")
    entries = data["documents"]
    if not isinstance(entries, list) or not entries:
        raise ManifestError(f"{manifest}, field 'documents': expected a non-empty list of documents")

    docs: list[Document] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            line = getattr(entries, "line", 0)
            raise ManifestError(f"{manifest}, documents[{index}] (near line {line}): expected a mapping")
        unknown = sorted(set(map(str, entry)) - set(REQUIRED) - set(OPTIONAL))
        if unknown:
            raise _field_error(
                manifest, entry, unknown[0],
                f"unknown key; expected one of {', '.join(REQUIRED + OPTIONAL)}",
            )
        for key in REQUIRED:
            if key not in entry:
                raise ManifestError(f"{manifest}, line {entry.line}, documents[{index}]: missing field '{key}'")
        path = _resolve_file(root, manifest, entry)
        doc_id = entry.get("id", Path(entry["file"]).stem)
        if not isinstance(doc_id, str) or not ID_PATTERN.match(doc_id):
            raise _field_error(manifest, entry, "id" if "id" in entry else "file",
                               f"document id {doc_id!r} must be letters, digits, '_', '.' or '-'")
        if doc_id in seen:
            raise _field_error(manifest, entry, "id" if "id" in entry else "file",
                               f"duplicate document id {doc_id!r} (first at line {seen[doc_id]})")
        seen[doc_id] = entry.line
        credits = entry.get("credits") or []
        if isinstance(credits, str):
            credits = [credits]
        if not isinstance(credits, list) or not all(isinstance(c, str) for c in credits):
            raise _field_error(manifest, entry, "credits", f"expected a list of names, found {credits!r}")
        try:
            text = read_text(path, max_bytes)
        except DocumentError as exc:
            if unreadable is None:
                raise
            unreadable.append(f"{doc_id}: {exc}")
            continue
        docs.append(
            Document(
                id=doc_id,
                file=str(entry["file"]),
                published=_date(manifest, entry, "published", today),
                publisher=_text_field(manifest, entry, "publisher"),
                title=_text_field(manifest, entry, "title"),
                text=text if keep_texts else "",
                sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
                credits=tuple(c.strip() for c in credits),
                dateline=_text_field(manifest, entry, "dateline") if entry.get("dateline") else None,
                url=_text_field(manifest, entry, "url") if entry.get("url") else None,
            )
        )
    return Corpus(root=root, documents=tuple(docs))


def with_text(corpus: Corpus, doc: Document, max_bytes: int = MAX_BYTES) -> Document:
    """``doc`` with its text, read again from the corpus folder when it was
    loaded without (``keep_texts=False``); a text that changed since it was
    digested is refused."""
    if doc.text:
        return doc
    path = corpus.root / doc.file
    text = read_text(path, max_bytes)
    if hashlib.sha256(text.encode("utf-8")).hexdigest() != doc.sha256:
        raise DocumentError(f"{path}: changed while the corpus was being read; build again")
    return replace(doc, text=text)
