"""Movements the gazetteer does not know, named by what the text calls them: "the M-19 guerrilla movement",
"the African National Congress"; and what is no movement: a state's armed forces, a region."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document


def facts(text: str):
    return extract(Document("m1", "m1.txt", dt.date(1990, 3, 10), "Test Wire", "test", text, "0"))


def test_extract_named_movements_name_then_kind() -> None:
    found = facts("The Q-7 guerrilla movement signed a peace agreement with the Colombian government on Friday. "
                  "The Q-7 is to hand over its weapons by April 30.")
    assert {(p.id, p.kind) for p in found.parties} >= {("q-7", "armed_movement")}
    assert [a.id for a in found.agreements] == ["agreement/government-of-colombia+q-7/1990-03-09"]
    assert ("q-7", "other", dt.date(1990, 4, 30)) in {(c.obligor, c.action, c.deadline) for c in found.commitments}


def test_extract_named_movements_a_congress_is_a_body() -> None:
    found = facts("The Azanian People's Congress and the Colombian government signed an agreement in Bogota on Friday.")
    assert "azanian-peoples-congress" in {p.id for p in found.parties}


def test_extract_named_movements_no_movement_in_armed_forces_or_a_region() -> None:
    for text in ("Colombia's armed forces and the rebels signed a ceasefire on Friday.",
                 "Leaders of the Caqueta separatist movement met on Friday."):
        assert not [p for p in facts(text).parties if p.kind == "armed_movement" and p.id not in ("eln", "farc")], text


def test_extract_named_movements_a_body_named_by_its_kind_first_then_by_its_initials_or_short_name() -> None:
    text = ("PORT HARCOURT (Test Wire) - Nigeria freed Tamuno Briggs, a leader of the Movement for the Survival of the "
            "Rivers Delta, on Monday.\n\nThe group, known as MSRD, said in a statement that the release was welcome.\n\n"
            "The Civic Union for Peace and Justice, the main opposition bloc, said the Civic Union would join the talks.")
    found = extract(Document("k1", "k1.txt", dt.date(2009, 7, 14), "Test Wire", "test", text, "0"))
    parties = {p.id: p for p in found.parties}
    assert "MSRD" in parties["movement-for-the-survival-of-the-rivers-delta"].aliases
    assert {r.released_party for r in found.releases} == {"movement-for-the-survival-of-the-rivers-delta"}
    assert "civic-union" not in parties  # the short name is the same body
    assert "civic-union-for-peace-and-justice" in {s.speaker for s in found.statements}
    # an organ of a state named by its kind first is no body of its own
    organ = extract(Document("k2", "k2.txt", dt.date(2009, 7, 14), "Test Wire", "test",
                             "The Union of the Republic of Armenia said the talks had failed.", "0"))
    assert not any(p.id.startswith("union-of") for p in organ.parties)
