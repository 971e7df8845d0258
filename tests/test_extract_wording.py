"""Wire wording beyond the development set: passive releases, implied releasers, named deals,
commitments stated through a deal's parties, speakers that are organs or organisations."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2024, 5, 16)  # a Thursday
WED, TUE = dt.date(2024, 5, 15), dt.date(2024, 5, 14)


def doc(text: str, doc_id: str = "w1") -> Document:
    return Document(doc_id, f"{doc_id}.txt", PUB, "Test Wire", "test", text, "0")


def releases(text: str):
    return [(r.releaser, r.released_party, r.count, r.qualifier, r.cumulative, r.date_from, r.date_to)
            for r in extract(doc(text)).releases]


@pytest.mark.parametrize(
    "text, expected",
    [
        # passive "set free" with the agent after it
        ("Forty-two Russian soldiers were set free by Ukraine on Wednesday.", ("ukraine", "russia", 42, "exact", False, WED, WED)),
        # releaser implied by whose captivity the people left, since a month and year
        ("About 1,300 Ukrainians have been released from Russian captivity since March 2022.",
         ("russia", "ukraine", 1300, "approximate", True, dt.date(2022, 3, 1), PUB)),
        # hostages freed with no agent: by the armed movement holding them
        ("Israel and Hamas traded accusations. Eleven hostages were released on Tuesday, Israeli officials said.",
         ("hamas", "israel", 11, "exact", False, TUE, TUE)),
        # "returned" as a release verb, with a weekday
        ("The Houthis and the Yemeni government met again. The Houthis returned 35 government soldiers on Wednesday.",
         ("houthis", "government-of-yemen", 35, "exact", False, WED, WED)),
    ],
)
def test_extract_wording_release_forms(text: str, expected: tuple) -> None:
    assert expected in releases(text)


def test_extract_wording_release_of_unaffiliated_people_has_no_released_party() -> None:
    text = "The Houthis and the Yemeni government met again. The Houthis freed four journalists on Tuesday."
    assert ("houthis", None, 4, "exact", False, TUE, TUE) in releases(text)


def test_extract_wording_release_date_from_the_sentence_start() -> None:
    text = ("On Wednesday, 60 detainees were handed over by the Houthis to the Red Cross, while the government "
            "released 12 Houthi fighters, the aid group said.")
    found = releases(text)
    assert ("government-of-yemen", "houthis", 12, "exact", False, WED, WED) in found


def test_extract_wording_release_date_from_a_later_lead_after_a_headline() -> None:
    text = ("Prisoner swap completed\n\nRussia and Ukraine exchanged prisoners on Tuesday, officials said.\n\n"
            "Kyiv said 95 Ukrainian soldiers had been freed by Moscow.")
    assert ("russia", "ukraine", 95, "exact", False, TUE, TUE) in releases(text)


def test_extract_wording_running_total_since_a_weekday() -> None:
    text = "Israel and Hamas extended the pause. Hamas freed nine hostages on Wednesday, bringing to 24 the number released since Monday."
    found = releases(text)
    assert ("hamas", "israel", 24, "exact", True, dt.date(2024, 5, 13), PUB) in found
    assert ("hamas", "israel", 9, "exact", False, WED, WED) in found
    assert len(found) == 2


@pytest.mark.parametrize(
    "text",
    [
        "The rebels handed over 30 rifles and released nobody.",
        "A further 200 detainees could be freed next month if talks go well, the mediator said.",
        "Talks will not resume until every captive is freed by the militia, the minister insisted.",
    ],
)
def test_extract_wording_release_distractors(text: str) -> None:
    assert releases(text) == []


def commitments(text: str):
    facts = extract(doc(text))
    return facts.agreements, [(c.obligor, c.action, c.target, c.deadline) for c in facts.commitments]


def test_extract_wording_agreement_with_which_clause_and_gapped_terms() -> None:
    text = ("The Houthis and the Yemeni government completed a swap under a deal reached in Oman on April 2 under which "
            "the Houthis were to free 90 prisoners, including several Saudis, and the government 300 Houthi detainees.")
    agreements, found = commitments(text)
    assert [a.id for a in agreements] == ["agreement/government-of-yemen+houthis/2024-04-02"]
    assert ("houthis", "release", 90, None) in found
    assert ("government-of-yemen", "release", 300, None) in found


def test_extract_wording_parties_agreed_that_with_deadline_per_clause() -> None:
    text = ("The government and the ELN agreed in Caracas on Tuesday that the guerrillas would free all hostages "
            "within 20 days, while the government would lift arrest warrants for rebel envoys.")
    agreements, found = commitments(text)
    assert [a.id for a in agreements] == ["agreement/eln+government-of-colombia/2024-05-14"]
    assert ("eln", "release", None, dt.date(2024, 6, 3)) in found
    assert ("government-of-colombia", "other", None, None) in found


def test_extract_wording_named_deal_with_signing_date_after_its_name() -> None:
    text = ("Under the Bangsamoro Peace Agreement, signed on March 27, 2014, the Moro Islamic Liberation Front committed "
            "to disarm its units in stages, while the Philippine government promised to rebuild the region.")
    agreements, found = commitments(text)
    assert [a.date for a in agreements] == [dt.date(2014, 3, 27)]
    assert {o for o, *_ in found} == {"moro-islamic-liberation-front", "government-of-the-philippines"}


def test_extract_wording_reciprocal_obligor_is_the_receiving_side() -> None:
    text = ("Under the truce announced on Monday, Hamas agreed to release 30 hostages within five days "
            "in exchange for 90 Palestinian prisoners held by Israel.")
    _, found = commitments(text)
    assert ("hamas", "release", 30, dt.date(2024, 5, 18)) in found
    assert ("israel", "release", 90, dt.date(2024, 5, 18)) in found


def test_extract_wording_deal_commits_both_sides() -> None:
    text = ("The Houthis and the Yemeni government signed an accord on May 2. The accord commits the two sides "
            "to hold further talks in June.")
    _, found = commitments(text)
    assert {(o, a) for o, a, *_ in found} == {("houthis", "talks"), ("government-of-yemen", "talks")}


def speakers(text: str):
    return [(s.speaker, s.kind, s.channel) for s in extract(doc(text)).statements]


@pytest.mark.parametrize(
    "text, speaker",
    [
        ("The World Health Organization said on Tuesday that three clinics had closed.", "world-health-organization"),
        ("UNICEF warned that schools in the north would stay shut.", "unicef"),
        ("The IAEA said its inspectors had left the plant.", "iaea"),
        ("The convoy crossed the border, the humanitarian organisation said after the ICRC confirmed the route.", "icrc"),
        ("Qatar hosted the talks in Doha, whose foreign ministry said that both delegations had arrived.", "qatar"),
    ],
)
def test_extract_wording_organisations_speak(text: str, speaker: str) -> None:
    assert speaker in [s for s, _, _ in speakers(text)]


def test_extract_wording_source_is_the_whole_organ() -> None:
    text = "Some 500 soldiers remain in captivity, according to Ukraine's coordination headquarters for prisoners of war."
    found = extract(doc(text)).statements
    assert [s.speaker for s in found] == ["ukraine"]
    assert found[0].evidence.text.endswith("prisoners of war")


def test_extract_wording_title_with_plain_modifiers_joins_the_name() -> None:
    text = "Kenya's human rights commissioner, Amina Odhiambo, told reporters that the camp was full."
    found = extract(doc(text)).statements
    assert [(s.speaker, s.channel) for s in found] == [("amina-odhiambo", "reporters")]
    assert found[0].evidence.text.startswith("Kenya's human rights commissioner")


@pytest.mark.parametrize(
    "text, channel",
    [
        ('"We will rebuild," President Volodymyr Zelenskyy said in a televised address.', "televised address"),
        ('"They are home," Volodymyr Zelenskyy wrote on Telegram.', "Telegram"),
        ('"It is done," Volodymyr Zelenskyy posted on X.', "X"),
    ],
)
def test_extract_wording_channels(text: str, channel: str) -> None:
    assert speakers(text) == [("volodymyr-zelensky", "direct", channel)]


@pytest.mark.parametrize(
    "text",
    [
        "The minister declined to say whether more prisoners would be freed.",
        "Asked whether the truce would hold, Dmitry Peskov did not say.",
        "The ministry has not said whether a ransom was paid.",
    ],
)
def test_extract_wording_no_statement_from_refusals(text: str) -> None:
    assert speakers(text) == []


def test_extract_wording_deal_terms_are_not_speech() -> None:
    text = "Under the peace agreement, the government promised to fund the return of former fighters."
    assert speakers(text) == []


@pytest.mark.parametrize(
    "text, party",
    [
        ("The Sudanese army said it had repelled an attack on the city.", "sudan"),
        ("The Philippine army said the two men were in good health.", "government-of-the-philippines"),
    ],
)
def test_extract_wording_national_army_by_adjective(text: str, party: str) -> None:
    assert [s for s, _, _ in speakers(text)] == [party]
