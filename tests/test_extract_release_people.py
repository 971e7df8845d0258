"""Whose people a release frees when the text describes them as of no side, a part of a group counted
before it, and one person let out of a prison as the subject of the sentence."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2023, 6, 14)  # a Wednesday
SATURDAY = dt.date(2023, 6, 10)


def releases(text: str):
    found = extract(Document("r5", "r5.txt", PUB, "Test Wire", "test", text, "0")).releases
    return {(r.releaser, r.released_party, r.count, r.date_from) for r in found}


def test_extract_release_people_held_for_protests_are_of_no_side() -> None:
    text = ("Venezuela freed 40 people jailed over last year's street protests on Saturday, the United States said. "
            "In all, the government has released 310 prisoners since March.")
    found = releases(text)
    assert ("venezuela", None, 40, SATURDAY) in found
    assert any(r == "venezuela" and p is None and n == 310 for r, p, n, _ in found)


def test_extract_release_people_one_described_as_a_dissident() -> None:
    found = releases("Talks with the United States went on. On Saturday, Venezuela freed Rosa Pinto Salas, a dissident "
                     "who had been held since 2021.")
    assert ("venezuela", None, 1, SATURDAY) in found


def test_extract_release_people_a_part_of_a_group_counted_before() -> None:
    found = releases("Three of the 12 aid workers abducted by the ELN in March were freed on Saturday, the Red Cross said.")
    assert {n for _, _, n, _ in found} == {3}


def test_extract_release_people_one_person_let_out_of_a_prison() -> None:
    for text in ("Venezuelan opposition leader Rosa Pinto Salas walked out of Ramo Verde prison on Saturday.",
                 "Venezuelan opposition leader Rosa Pinto Salas was freed from Ramo Verde prison on Saturday."):
        assert releases(text) == {("venezuela", None, 1, SATURDAY)}, text
    # two named together count two
    text = "Venezuelan activists Rosa Pinto Salas and Luis Mora Quintero walked out of Ramo Verde prison on Saturday."
    assert releases(text) == {("venezuela", None, 2, SATURDAY)}
    # no prison named: no release
    assert releases("Venezuelan opposition leader Rosa Pinto Salas was freed on Saturday.") == set()


def test_extract_release_people_nationals_named_by_a_noun() -> None:
    assert ("venezuela", "united-kingdom", 12, SATURDAY) in releases("Venezuela let 12 Britons leave Caracas on Saturday.")
    assert ("venezuela", "sweden", 3, SATURDAY) in releases("Venezuela freed three Swedes on Saturday.")


def test_extract_release_people_one_person_described_before_the_name() -> None:
    for lead in ("opposition leader", "Colombian union leader", "former Zulia Gov.", "the jailed economist"):
        found = releases(f"Venezuela freed {lead} Rosa Pinto Salas on Saturday.")
        assert {(r, n) for r, _, n, _ in found} == {("venezuela", 1)}, lead
