"""Names of people: fuller forms of known names, titles run into names, suffixes."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract.actors import ActorFinder

FINDER = ActorFinder()


def people(text: str) -> list[tuple[str, ...]]:
    found = FINDER.find(text, "n1", dt.date(2024, 1, 3))
    return [m.actors for m in found.mentions if m.kind == "person"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("President Mohammad Ashraf Ghani spoke to the nation.", ("ashraf-ghani",)),
        ("Ombudsman Liaison Officer Maria Kowalczyk visited the camp.", ("maria-kowalczyk",)),
        ("Special Envoy Tomas Reyes Jr. arrived in the capital.", ("tomas-reyes-jr",)),
        # a religious or customary honorific is no part of the name
        ("The Rev. Samuel Okafor led the prayers.", ("samuel-okafor",)),
        ("Mallam Sani Bello, who chairs the parents' forum, spoke first.", ("sani-bello",)),
        ("Sayyed Karim Haidar addressed the crowd.", ("karim-haidar",)),
    ],
)
def test_extract_names_person_ids(text: str, expected: tuple[str, ...]) -> None:
    assert expected in people(text)


def test_a_person_named_in_full_with_a_post_is_then_called_by_the_first_name() -> None:
    text = ("Malaysian Prime Minister Anwar Ibrahim hosted the talks. Anwar said both sides had agreed.")
    assert people(text).count(("anwar-ibrahim",)) == 2


def test_a_first_name_two_people_share_calls_neither() -> None:
    text = ("Foreign Minister Ali Reza met Defence Minister Ali Hassan. Ali said the talks went well.")
    assert people(text) == [("ali-reza",), ("ali-hassan",)]
