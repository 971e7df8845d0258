"""Agreements signed in many wordings, the duties of "both sides", truces in force, and
actors named as "the Government of X" or by an armed group's full name."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2024, 5, 10)  # a Friday


def _facts(text: str):
    return extract(Document("acc", "acc.txt", PUBLISHED, "x", "t", text, "0"))


@pytest.mark.parametrize(
    "text, agreement_id",
    [
        ("Morocco and the Polisario Front on Friday signed a framework accord in Geneva.",
         "agreement/morocco+polisario-front/2024-05-10"),
        ("The Government of Mozambique and RENAMO signed a revised peace accord in Beira on Monday.",
         "agreement/government-of-mozambique+renamo/2024-05-06"),
        ("Kenya hosted the signing of a Memorandum of Understanding between the Government of Mozambique and "
         "RENAMO in Maputo on 4 March 2024.", "agreement/government-of-mozambique+renamo/2024-03-04"),
        ("Serbia and Kosovo agreed on Thursday to exchange prisoners, officials said.",
         "agreement/kosovo+serbia/2024-05-09"),
        ("Under the deal that the SPLM-N and Sudan reached through Egyptian mediators on April 3, the two sides "
         "commit to a permanent ceasefire.", "agreement/splm-n+sudan/2024-04-03"),
    ],
)
def test_extract_accords_signed_in_many_wordings(text: str, agreement_id: str) -> None:
    assert agreement_id in [a.id for a in _facts(text).agreements]


@pytest.mark.parametrize(
    "text, action",
    [
        ("Morocco and the Polisario Front on Friday signed a framework accord in Geneva. "
         "The parties are also bound to release all detainees they hold.", "release"),
        ("Morocco and the Polisario Front on Friday signed a framework accord in Geneva. "
         "Under the accord, the two sides commit to a permanent ceasefire.", "ceasefire"),
        ("Morocco and the Polisario Front on Friday signed a framework accord in Geneva. "
         "The truce takes effect immediately.", "ceasefire"),
    ],
)
def test_extract_accords_bind_both_sides(text: str, action: str) -> None:
    facts = _facts(text)
    obligors = sorted(c.obligor for c in facts.commitments if c.action == action)
    assert obligors == ["morocco", "polisario-front"]
    assert all(c.agreement == "agreement/morocco+polisario-front/2024-05-10" for c in facts.commitments)


@pytest.mark.parametrize(
    "text, deadline",
    [
        ("The Government of Mozambique and RENAMO signed a ceasefire agreement in Beira on Monday. "
         "The truce takes effect immediately.", dt.date(2024, 5, 6)),
        ("The Government of Mozambique and RENAMO signed a ceasefire agreement in Beira on Monday. "
         "The truce is to take effect within 48 hours.", dt.date(2024, 5, 8)),
    ],
)
def test_extract_accords_truce_in_force_has_its_start_as_deadline(text: str, deadline: dt.date) -> None:
    truces = [c for c in _facts(text).commitments if c.action == "ceasefire"]
    assert len(truces) == 2 and {c.deadline for c in truces} == {deadline}


@pytest.mark.parametrize(
    "text, obligor, target",
    [
        ("The Government of Mozambique and RENAMO signed a ceasefire agreement in Beira on Monday. "
         "RENAMO is to disarm its 4,800 remaining fighters within six months of the signing.", "renamo", 4800),
        ("The Taliban and the United States signed a deal in Doha on Saturday. "
         "The deal obliged Kabul to release up to 4,000 insurgents.", "government-of-afghanistan", 4000),
    ],
)
def test_extract_accords_figures_with_thousands_separators(text: str, obligor: str, target: int) -> None:
    found = [c for c in _facts(text).commitments if c.obligor == obligor]
    assert [c.target for c in found] == [target]


@pytest.mark.parametrize(
    "text, name, actor",
    [
        ("The authorities of South Sudan said on Monday they would talk.", "The authorities of South Sudan", "government-of-south-sudan"),
        ("Talks with the government of Mozambique resumed.", "the government of Mozambique", "government-of-mozambique"),
        ("Fighters of the Libyan National Army left the town, a resident said.", "Libyan National Army", "libyan-national-army"),
        ("RENAMO met envoys in Maputo. The parties further agreed to meet again.", "The parties", None),
    ],
)
def test_extract_accords_party_names_win_over_descriptors(text: str, name: str, actor: str | None) -> None:
    from loaders.extract.actors import ActorFinder

    found = ActorFinder().find(text, "acc", PUBLISHED)
    hits = [m for m in found.mentions if text[m.start : m.end] == name]
    assert hits, [text[m.start : m.end] for m in found.mentions]
    if actor is None:
        assert hits[0].kind == "sides"
    else:
        assert hits[0].actors == (actor,)
