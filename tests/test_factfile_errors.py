"""Reviewed fact files: every malformed field is one clear error naming file, line and field."""

from __future__ import annotations

import pytest

from kg.errors import EvidenceError, FactFileError
from loaders.factfile import dump_facts, load_fact_file, parse_facts

TEXT = "Officials said on Sunday that 20 prisoners were freed."
HEADER = "document: doc\n"


@pytest.mark.parametrize(
    "body, fragments",
    [
        ("wishes: []\n", ["line 2", "unknown section 'wishes'"]),
        ("releases:\n  - releaser: taliban\n", ["line 3", "missing field 'evidence'"]),
        ("releases:\n  - releaser: taliban\n    count: -3\n    evidence: {start: 30, end: 32, text: '20'}\n",
         ["field 'count'", "whole number", "-3"]),
        ("releases:\n  - releaser: taliban\n    qualifier: roughly\n    evidence: {start: 30, end: 32, text: '20'}\n",
         ["field 'qualifier'", "roughly", "exact"]),
        ("releases:\n  - releaser: taliban\n    date_from: 2020-02-30\n    evidence: {start: 30, end: 32, text: '20'}\n",
         ["field 'date_from'", "2020-02-30"]),
        ("statements:\n  - speaker: x\n    kind: direct\n    type: gossip\n    text: t\n    evidence: {start: 0, end: 9, text: Officials}\n",
         ["field 'type'", "gossip", "prediction"]),
        ("statements:\n  - speaker: x\n    kind: direct\n    type: claim\n    text: t\n    mood: calm\n    evidence: {start: 0, end: 9, text: Officials}\n",
         ["line 3", "unknown field 'mood'"]),
        ("releases:\n  - releaser: taliban\n    evidence: {start: 32, end: 30, text: '20'}\n", ["end 30 is not after start 32"]),
        ("releases:\n  - releaser: taliban\n    evidence: {begin: 30, text: '20'}\n", ["unknown field 'begin'"]),
        ("commitments:\n  - id: c\n    obligor: a\n    action: dance\n    object: o\n", ["field 'action'", "dance"]),
    ],
)
def test_factfile_bad_fields(tmp_path, body, fragments):
    path = tmp_path / "doc.yaml"
    path.write_text(HEADER + body, encoding="utf-8")
    with pytest.raises(FactFileError) as info:
        load_fact_file(path, TEXT)
    message = str(info.value)
    assert str(path) in message
    for fragment in fragments:
        assert fragment in message


@pytest.mark.parametrize(
    "evidence, fragments",
    [
        ("{start: 31, end: 33, text: '20'}", ["expected '20' at 31-33", "found '0 '", "that text is at offset 30"]),
        ("{start: 0, end: 5, text: 'Rebels'}", ["'Rebels'", "nowhere in the document"]),
    ],
)
def test_factfile_evidence_must_match_text(tmp_path, evidence, fragments):
    path = tmp_path / "doc.yaml"
    path.write_text(HEADER + f"releases:\n  - releaser: taliban\n    evidence: {evidence}\n", encoding="utf-8")
    with pytest.raises(EvidenceError) as info:
        load_fact_file(path, TEXT)
    message = str(info.value)
    assert "document 'doc'" in message
    for fragment in fragments:
        assert fragment in message


def test_factfile_document_must_match_file_name(tmp_path):
    path = tmp_path / "other.yaml"
    path.write_text(HEADER, encoding="utf-8")
    with pytest.raises(FactFileError, match="expected 'other'"):
        load_fact_file(path, TEXT)


def test_factfile_round_trip(corpus_dir):
    import yaml

    from loaders.corpus import load_corpus

    corpus = load_corpus(corpus_dir)
    for doc in corpus:
        facts = load_fact_file(corpus_dir / "facts" / f"{doc.id}.yaml", doc.text)
        again = parse_facts(yaml.safe_load(yaml.safe_dump(dump_facts(facts))), "round trip", doc.id)
        assert again == facts
