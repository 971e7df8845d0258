"""Commitments stated as decrees, nominal terms, pronoun-led terms and restatements."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2020, 5, 6)  # a Wednesday
GOV, TAL = "government-of-afghanistan", "taliban"


def commitments(text: str, published: dt.date = PUB):
    doc = Document("k1", "k1.txt", published, "Test Wire", "test", text, "0")
    return [(c.obligor, c.action, c.target, c.deadline) for c in extract(doc).commitments]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a longer form of a known name, and a day between subject and verb
        ("Afghan President Mohammad Ashraf Ghani on Tuesday ordered the release of 700 more Taliban prisoners.", (GOV, "release", 700, None)),
        ("Ghani last Monday ordered the release of up to 6,000 ordinary inmates to ease crowding in jails.", (GOV, "release", 6000, None)),
        # the decree's maker named before the relative clause or as the signer
        ("The releases follow a decree issued by President Ashraf Ghani on 2 May, which ordered the release of 900 Taliban prisoners.",
         (GOV, "release", 900, None)),
        ("President Ashraf Ghani signed a decree on May 2 ordering the release of the final 250 Taliban prisoners.", (GOV, "release", 250, None)),
    ],
)
def test_extract_terms_ordered_release(text: str, expected: tuple) -> None:
    assert expected in commitments(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Taliban have freed 80 members of the Afghan security forces, out of the 1,000 they are to free under the agreement "
         "signed in Doha between the United States and the Taliban, which provides for the release of up to 5,000 Taliban prisoners.",
         [(TAL, "release", 1000, None), (GOV, "release", 5000, None)]),
        ("The release of the 300, the last of the 5,000 Taliban prisoners Kabul was to free under the deal, drew objections.",
         [(GOV, "release", 5000, None)]),
    ],
)
def test_extract_terms_restated_in_passing(text: str, expected: list) -> None:
    found = commitments(text)
    assert set(expected) <= set(found), sorted(set(expected) - set(found), key=str)


YEM_PUB = dt.date(2023, 4, 14)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The exchange follows the arrangement the parties signed in Geneva on 20 March 2023. It calls for the Houthis to free 150 detainees, "
         "and for the Government of Yemen to release 600 Houthi detainees, all within three weeks of the signing.",
         [("houthis", "release", 150, dt.date(2023, 4, 10)), ("government-of-yemen", "release", 600, dt.date(2023, 4, 10))]),
    ],
)
def test_extract_terms_led_by_a_pronoun(text: str, expected: list) -> None:
    found = commitments(text, YEM_PUB)
    assert set(expected) <= set(found), sorted(set(expected) - set(found), key=str)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Armenia and Azerbaijan issued a joint statement on 7 December. Under it, Azerbaijan would return 20 Armenian servicemen "
         "and Armenia would free three Azerbaijani conscripts.",
         [("azerbaijan", "release", 20, None), ("armenia", "release", 3, None)]),
    ],
)
def test_extract_terms_under_a_pronoun(text: str, expected: list) -> None:
    found = commitments(text, dt.date(2023, 12, 12))
    assert set(expected) <= set(found), sorted(set(expected) - set(found), key=str)


@pytest.mark.parametrize(
    "text, expected",
    [
        # a passive agent followed by ", and" is no coordinated subject of the next clause
        ("Under the accord signed in Doha, as many as 4,000 Taliban prisoners were to be released by the Afghan government, "
         "and the insurgents were to let go of as many as 800 government captives.",
         (TAL, "release", 800, None)),
        ("The Houthis and the Yemeni government met in Sweden. Yemen's warring sides agreed Thursday to a cease-fire in the port city.",
         ("houthis", "ceasefire", None, None)),
    ],
)
def test_extract_terms_subjects(text: str, expected: tuple) -> None:
    assert expected in commitments(text, dt.date(2020, 3, 1) if "Doha" in text else dt.date(2018, 12, 13))
