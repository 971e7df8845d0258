"""Speakers behind an aside, a title named again, and "it" as a speaking body.

- an aside between the speaker and the verb: ", briefing reporters on condition of
  anonymity,", ", in a radio interview,", ", whose brother is still held,", ", a charity
  that helps families of the missing,";
- a title set before a name in apposition ("the chief negotiator, Lena Orlov, said";
  "..., said the chief negotiator, Lena Orlov."), and the same title used again later
  ("The chief negotiator added ...") for that person, with a form of address ("Dr",
  "Senator") not taken for the post;
- "it" as the subject of a speech verb: the body named before it.
"""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document


def _facts(text: str):
    doc = Document("t1", "t1.txt", dt.date(2023, 3, 14), "Test Wire", "test", text, "0")
    return extract(doc)


def _said(text: str) -> list[tuple[str, str]]:
    return [(s.speaker, s.evidence.text) for s in _facts(text).statements]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A senior European diplomat, briefing journalists on condition of anonymity, said the talks in Vienna would resume next month.",
         ("the talks in Vienna would resume next month", "A senior European diplomat, briefing journalists")),
        ("Tomas Varga, whose brother is still held in the north, said the families had heard nothing for weeks.",
         ("the families had heard nothing for weeks", "Tomas Varga, whose brother")),
        ("Irena Kolar, in a radio interview, said the exchange had been postponed twice.",
         ("the exchange had been postponed twice", "Irena Kolar, in a radio interview")),
        ("Miro Dalton, the mayor's deputy, said the buses had left the square before dawn.",
         ("the buses had left the square before dawn", "Miro Dalton, the mayor's deputy")),
        ("Bruno Keller, a retired teacher who lost two sons in the war, said he would wait at the gate all night.",
         ("he would wait at the gate all night", "Bruno Keller, a retired teacher")),
    ],
)
def test_speaker_before_an_aside(text, expected):
    found = _said(text)
    assert len(found) == 1, found
    clause, opening = expected
    assert found[0][1].startswith(opening) and found[0][1].endswith(clause)


def test_the_aside_speakers_are_the_named_ones():
    found = _said("Tomas Varga, whose brother is still held in the north, said the families had heard nothing for weeks.")
    assert found == [("tomas-varga", "Tomas Varga, whose brother is still held in the north, said the families had heard nothing for weeks")]
    found = _said("Irena Kolar, in a radio interview, said the exchange had been postponed twice.")
    assert found == [("irena-kolar", "Irena Kolar, in a radio interview, said the exchange had been postponed twice")]


def test_a_list_before_a_collective_description_is_not_read_as_its_last_member():
    # "X, Y and Z, the envoys who ..., said": the description speaks, not Z alone
    text = ("France, Germany and Italy, the three envoys who drafted the plan, said in a joint statement "
            "that they were worried about the delays.")
    speakers = [s for s, _ in _said(text)]
    assert speakers == ["unaffiliated/envoys/anon-t1"]


def test_apposition_closing_the_sentence_names_the_speaker():
    text = ('"Both sides have kept their word so far," said the chief negotiator for the government, Lena Orlov. '
            '"The next round will be harder."')
    found = _said(text)
    assert found == [("lena-orlov", "Both sides have kept their word so far"),
                     ("lena-orlov", "The next round will be harder")]


def test_title_used_again_is_the_person_named_in_apposition():
    text = ("The Regional Governor, Senator Amara Okafor, said on Monday that the pupils were safe.\n\n"
            "The Governor thanked the security services for their patience and said that no money had changed hands.")
    facts = _facts(text)
    assert [(s.speaker, s.evidence.text) for s in facts.statements] == [
        ("amara-okafor", "The Regional Governor, Senator Amara Okafor, said on Monday that the pupils were safe"),
        ("amara-okafor", "The Governor thanked the security services for their patience"),
        ("amara-okafor", "said that no money had changed hands"),
    ]
    posts = {p.id: p for p in facts.posts}
    held = [p for p in posts.values() if p.holder == "amara-okafor"]
    assert [p.title for p in held] == ["Regional Governor"]  # "Senator" is a form of address, not the post


def test_a_form_of_address_alone_keeps_its_person():
    text = "Dr Hana Ruiz said the clinic in the camp would reopen on Friday."
    assert _said(text) == [("hana-ruiz", "Dr Hana Ruiz said the clinic in the camp would reopen on Friday")]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The International Committee of the Red Cross flew 40 detainees to Aden. "
         "More than 100 people had gone home since Monday, it said.",
         [("icrc", "More than 100 people had gone home since Monday, it said")]),
        ("Hamas issued a statement on Sunday. It accused Israel of holding back the lorries at the crossing.",
         [("hamas", "It accused Israel of holding back the lorries at the crossing")]),
    ],
)
def test_it_as_a_speaking_body(text, expected):
    assert _said(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # "it" in a relative clause ("names it says are eligible"): the clause is no statement of its own
        "Hamas published a list of 30 names it says are eligible for release.",
        # "it" that is no speaker
        "It rained in Kabul on Monday and the convoy was delayed.",
        "The ceasefire held overnight, and it was not clear when the talks would resume.",
    ],
)
def test_it_without_a_statement(text):
    assert _said(text) == []
