"""The cue and agreement data files are validated on load, with file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from kg.errors import DataFileError
from loaders.extract.cues import AGREEMENTS_FILE, CUES_FILE, load_cues


def test_extract_cues_validation_packaged_files_load() -> None:
    cues = load_cues()
    assert cues.speech["said"].lemma == "say"
    assert cues.agreements and cues.agreements[0].parties


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("{lemma: accuse, forms: [accused, accuses], type: accusation}", "{lemma: accuse, forms: [accused], type: blame}",
         "field 'speech_verbs["),
        ("- {type: denial, pattern: '", "- {type: denial, pattern: '(unclosed", "not a valid regular expression"),
        ("  twenty: 20\n", "  twenty: -20\n", "number_words.twenty"),
        ("release_verbs:\n", "release_verbz:\n", "unknown section 'release_verbz'"),
    ],
)
def test_extract_cues_validation_errors_name_file_and_line(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = CUES_FILE.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "cues.yaml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        load_cues(bad, AGREEMENTS_FILE)
    assert str(bad) in str(err.value) and message in str(err.value)
    if "unknown section" not in message:
        assert ", line " in str(err.value)


def test_extract_cues_validation_agreement_without_date(tmp_path: Path) -> None:
    bad = tmp_path / "agreements.yaml"
    bad.write_text("agreements:\n  - name: X\n    kind: agreement\n    parties: [a, b]\n    names: [X]\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"line 2, field 'agreements\[0\]\.date'"):
        load_cues(CUES_FILE, bad)
