"""People named with initials ("K.R. Mehta", "S. P. Thamilselvan") and people known by one name
("Laldenga", "President Suharto"), told apart from the places written the same way."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(1991, 3, 14)


def speakers(text: str) -> list[str]:
    found = extract(Document("n1", "n1.txt", PUB, "Test Wire", "test", text, "0"))
    return [s.speaker for s in found.statements]


def test_extract_person_names_initials_before_the_surname() -> None:
    text = ("The talks were opened by Foreign Secretary K.R. Mehta on Wednesday.\n\n"
            '"We have waited long enough," Mehta told reporters.')
    assert speakers(text) == ["kr-mehta"]


def test_extract_person_names_initials_apart_and_a_particle() -> None:
    assert speakers("A. B. Okonjo said on Wednesday that the ceasefire was holding.") == ["a-b-okonjo"]
    assert speakers("J.P. van Rooyen said the vote would go ahead.") == ["jp-van-rooyen"]


def test_extract_person_names_one_name_with_a_description_or_a_title() -> None:
    text = ("The accord was signed by Tarakhel, the movement's chairman, on Wednesday.\n\n"
            '"The fighting is over," Tarakhel told reporters after the signing.')
    assert speakers(text) == ["tarakhel"]
    assert speakers("President Mobutama said the army would stay in its barracks.") == ["mobutama"]


def test_extract_person_names_a_place_is_no_one_name_person() -> None:
    # a capital or province set off by a comma before the real speaker stays a place
    for text in ("In Kolvara, a government spokesman said the talks had failed.",
                 "From Kolvara, the rebels' chief negotiator said the talks had failed.",
                 "The men were seized in the province of Kolvara, the army's press office said."):
        assert "kolvara" not in speakers(text), text


def test_extract_a_government_of_a_later_day_is_not_read_into_an_older_text() -> None:
    # the gazetteer's Government of National Accord stood for Libya from December 2015 to March 2021
    text = "ALGIERS (Test Wire) - Algeria freed 30 Libyan hostages on Tuesday, officials said."

    def released(day: dt.date) -> set[str | None]:
        found = extract(Document("g1", "g1.txt", day, "Test Wire", "test", text, "0")).releases
        return {r.released_party for r in found}

    assert released(dt.date(1975, 12, 23)) == {"libya"}
    assert released(dt.date(2019, 12, 23)) == {"government-of-national-accord"}


def test_extract_states_of_every_size_and_their_people() -> None:
    text = "LUSAKA (Test Wire) - Zambia freed 12 Malawian fishermen on Monday, officials in Lusaka said."
    found = extract(Document("g2", "g2.txt", PUB, "Test Wire", "test", text, "0")).releases
    assert {(r.releaser, r.released_party, r.count) for r in found} == {("zambia", "malawi", 12)}


def test_extract_person_names_a_particle_opens_the_short_name_of_one_named_in_full() -> None:
    text = ("The accord was signed by the rebels, led by Mano ag Tanout, on Wednesday.\n\n"
            '"The war is over for us," ag Tanout told reporters after the signing.\n\nHe accused the army of reprisals.')
    assert speakers(text) == ["mano-ag-tanout", "mano-ag-tanout"]
