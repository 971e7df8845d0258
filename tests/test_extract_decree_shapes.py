"""Decisions and duties in less common shapes: an adverb between the subject and its duty, a past duty
dated after its deal, "the two sides" of a summit with mediators, the day a deal was signed told
inside its terms, decrees issued by a pronoun, by a person described in an aside, in the present
tense, and an entry of a chronology dated by its heading."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2023, 6, 14)  # a Wednesday
MOZ, REN = "government-of-mozambique", "renamo"
COL, ELN = "government-of-colombia", "eln"


def facts(text: str, published: dt.date = PUB):
    return extract(Document("x9", "x9.txt", published, "Test Wire", "test", text, "0"))


def commitments(text: str, published: dt.date = PUB):
    return [(c.obligor, c.action, c.target, c.deadline) for c in facts(text, published).commitments]


def test_extract_decree_shapes_adverb_before_the_duty() -> None:
    for adverb in ("first", "initially", "later", "eventually"):
        found = commitments(f"RENAMO and the Mozambican government met in Maputo on Monday. RENAMO {adverb} agreed to free 40 soldiers.")
        assert (REN, "release", 40, None) in found, adverb
    sides = commitments("RENAMO and the Mozambican government met in Maputo on Monday. "
                        "The warring parties originally agreed to exchange all their prisoners.")
    assert {(o, a) for o, a, _, _ in sides} == {(REN, "release"), (MOZ, "release")}


def test_extract_decree_shapes_adverb_does_not_make_a_duty_of_a_report() -> None:
    # an adverb before a verb that is no duty word leaves nothing to owe
    assert commitments("RENAMO and the Mozambican government met in Maputo on Monday. RENAMO first freed 40 soldiers.") == []


def test_extract_decree_shapes_past_duty_falls_after_its_deal() -> None:
    # told in January of a deal signed in November: "were to ... by the end of March" is the March after the deal
    text = ("The Mozambican government and RENAMO signed a peace accord in Maputo on 20 November. "
            "The two sides were to withdraw their fighters from the central provinces by the end of March.")
    found = commitments(text, dt.date(2024, 1, 10))
    assert (MOZ, "withdraw", None, dt.date(2024, 3, 31)) in found
    # a past duty whose day is after the deal in the year before keeps that reading
    text = ("The Mozambican government and RENAMO signed a peace accord in Maputo on 20 February. "
            "The two sides were to withdraw their fighters from the central provinces by the end of March.")
    assert (REN, "withdraw", None, dt.date(2023, 3, 31)) in commitments(text, dt.date(2023, 6, 14))


def test_extract_decree_shapes_two_sides_of_a_summit_are_its_facing_parties() -> None:
    text = ("Colombia, the ELN, Cuba and Norway signed a joint declaration in Havana on 9 June, with Cuba and Norway "
            "acting as guarantors. The two sides are to open a new round of talks in Caracas in July.")
    obligors = {o for o, a, _, _ in commitments(text) if a == "talks"}
    assert obligors == {COL, ELN}


def test_extract_decree_shapes_day_of_signing_is_no_deadline() -> None:
    text = ("Under the Kenyan-brokered statement that ended the six-year war, signed by the leaders of both movements on "
            "1 August 2019, the two sides were to exchange all prisoners held in connection with the conflict.")
    found = commitments("The Mozambican government and RENAMO met again on Tuesday. " + text)
    assert found and all(d is None for _, a, _, d in found if a == "release")


def test_extract_decree_shapes_decree_by_pronoun_aside_and_present_tense() -> None:
    lead = "President Filipe Nyusi spoke in Maputo on Monday. "
    cases = [
        lead + "He then issued a decree on June 12 ordering the release of 300 RENAMO prisoners.",
        "President Filipe Nyusi, whose party has governed since independence, issued a decree on June 12 "
        "ordering the release of 300 RENAMO prisoners, with more to follow.",
        "June 12 — Nyusi issues a decree ordering the release of 300 RENAMO prisoners.",
    ]
    for text in cases:
        assert (MOZ, "release", 300, None) in commitments(text), text
        decisions = [a for a in facts(text).agreements if a.kind == "decision"]
        assert [a.date for a in decisions] == [dt.date(2023, 6, 12)], text


def test_extract_decree_shapes_chronology_heading_dates_the_decision() -> None:
    text = ("June 2\nRENAMO fighters hand in weapons in Gorongosa.\n\n"
            "June 12\nNyusi signs a decree ordering 300 RENAMO prisoners freed at a rate of 50 a day, starting June 15.")
    decisions = [a for a in facts(text).agreements if a.kind == "decision"]
    assert [a.date for a in decisions] == [dt.date(2023, 6, 12)]
    assert (MOZ, "release", 300) in {(o, a, n) for o, a, n, _ in commitments(text)}


def test_extract_decree_shapes_witnesses_are_no_parties_of_the_deal() -> None:
    text = ("The Mozambican government and RENAMO signed a peace accord in Maputo on 6 June. Under the accord, signed in "
            "the presence of the presidents of Kenya and Tanzania, the Mozambican government and RENAMO were to free all "
            "prisoners by June 30.")
    found = facts(text)
    assert {a.id for a in found.agreements} == {"agreement/government-of-mozambique+renamo/2023-06-06"}
    assert {(c.obligor, c.deadline) for c in found.commitments} == {(MOZ, dt.date(2023, 6, 30)), (REN, dt.date(2023, 6, 30))}


def test_extract_decree_shapes_a_pair_then_a_comma_closes_the_subject() -> None:
    # "A and B, C and D were to ...": the subject is "C and D", the pair before it belongs to the clause before
    text = ("The Mozambican government and RENAMO signed a peace accord on 6 June, witnessed by Kenya and Tanzania. "
            "Under it, drafted with help from Malawi and Zambia, the Mozambican government and RENAMO were to pull their "
            "fighters back by June 30. The two sides were also to free all prisoners by July 15.")
    found = commitments(text)
    assert {o for o, a, _, _ in found} == {MOZ, REN}
    assert (MOZ, "release", None, dt.date(2023, 7, 15)) in found and (REN, "withdraw", None, dt.date(2023, 6, 30)) in found


def test_extract_decree_shapes_a_second_duty_after_and_to() -> None:
    text = ("Colombia and the ELN signed a ceasefire in Havana on 6 June. Under it, the government and the ELN agreed to "
            "stop all hostilities at once and to free the prisoners they held.")
    found = commitments(text)
    # "at once": from the day of the deal; the second duty keeps no time of the first
    assert {(COL, "ceasefire", None, dt.date(2023, 6, 6)), (ELN, "ceasefire", None, dt.date(2023, 6, 6)),
            (COL, "release", None, None), (ELN, "release", None, None)} <= set(found)


def test_extract_decree_shapes_one_release_told_twice_is_one_duty() -> None:
    text = ("Colombia and the ELN signed a deal in Havana on 6 June. Under it, Colombia agreed to pardon Rosa Pinto Salas, "
            "a commander serving a long sentence in Bogota, and to return her to the ELN in exchange for the two soldiers.")
    assert [(o, a) for o, a, _, _ in commitments(text) if o == COL] == [(COL, "release")]


def test_extract_decree_shapes_return_to_talks_and_a_count_after_a_time() -> None:
    text = ("Colombia and the ELN signed a deal in Havana on 6 June. Under it, both sides agreed to return to talks on "
            "a ceasefire once the releases were complete, and Colombia is to free within four months the 52 rebels still held.")
    found = commitments(text)
    assert {(o, a) for o, a, _, _ in found if a in ("talks", "other")} == {(COL, "talks"), (ELN, "talks")}
    assert (COL, "release", 52, dt.date(2023, 10, 6)) in found
