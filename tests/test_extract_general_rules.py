"""General rules over roles and structures: duty kinds, the sides of a deal, deadlines, decisions,
release forms and the ends of reported clauses, each on sentences written for these tests."""

from __future__ import annotations

import datetime as dt

import pytest

from loaders.extract import extract
from loaders.extract.dates import find_dates
from loaders.facts import Document

PUB = dt.date(2022, 3, 9)  # a Wednesday
COL, ELN = "government-of-colombia", "eln"
DEAL = "The Colombian government and the ELN signed an accord in Caracas on Monday. "
MONDAY = dt.date(2022, 3, 7)


def facts(text: str, published: dt.date = PUB):
    return extract(Document("g1", "g1.txt", published, "Test Wire", "test", text, "0"))


def duties(text: str, published: dt.date = PUB) -> list[tuple]:
    return [(c.obligor, c.action, c.target, c.deadline) for c in facts(text, published).commitments]


# ----------------------------------------------------------------- duty kinds


@pytest.mark.parametrize(
    "sentence, action",
    [
        ("Under the accord, the ELN is to pull its fighters back from the border towns.", "withdraw"),
        ("Under the accord, the ELN is to fall back from the river crossings.", "withdraw"),
        ("Under the accord, the ELN is to suspend all offensive operations against the army.", "ceasefire"),
        ("Under the accord, the ELN is to halt hostilities in Arauca.", "ceasefire"),
    ],
)
def test_extract_general_rules_duty_kind_from_its_verb(sentence: str, action: str) -> None:
    assert (ELN, action) in [(ob, act) for ob, act, _, _ in duties(DEAL + sentence)]


def test_extract_general_rules_withdrawing_a_bid_is_no_pull_back() -> None:
    found = duties(DEAL + "The ELN also agreed to withdraw its claim to the disputed farms.")
    assert (ELN, "other", None, None) in found
    assert not any(act == "withdraw" for _, act, _, _ in found)


def test_extract_general_rules_handing_over_weapons_is_no_release() -> None:
    found = duties(DEAL + "Under it the ELN undertook to hand over its heavy weapons within 30 days of the signing.")
    assert (ELN, "other", None, MONDAY + dt.timedelta(days=30)) in found


def test_extract_general_rules_adverb_inside_the_modal() -> None:
    found = duties(DEAL + "The government is also to drop charges against 12 ELN commanders.")
    assert (COL, "other", 12, None) in found


# ------------------------------------------------------------ sides and timing


def test_extract_general_rules_both_delegations_meet_by_the_end_of_the_month() -> None:
    found = duties(DEAL + "Both delegations undertook to meet again in May.")
    assert (COL, "talks", None, dt.date(2022, 5, 31)) in found
    assert (ELN, "talks", None, dt.date(2022, 5, 31)) in found


def test_extract_general_rules_truce_starting_at_once_or_at_midnight() -> None:
    now = duties(DEAL + "The two parties committed to a ceasefire taking effect immediately.")
    assert {(COL, "ceasefire", None, MONDAY), (ELN, "ceasefire", None, MONDAY)} <= set(now)
    midnight = duties(DEAL + "Under it, both sides are to cease fire from midnight.")
    assert (ELN, "ceasefire", None, MONDAY + dt.timedelta(days=1)) in midnight


def test_extract_general_rules_day_with_next_year() -> None:
    found = find_dates("by May 1 next year", dt.date(2021, 6, 10), future=True)
    assert found[0].first == dt.date(2022, 5, 1)
    text = "Armenia and Azerbaijan signed a peace deal on Monday. The pact commits both governments to hold talks by May 1 next year."
    assert ("armenia", "talks", None, dt.date(2022, 5, 1)) in duties(text, dt.date(2021, 6, 10))


def test_extract_general_rules_deal_named_by_its_day() -> None:
    text = "Under the agreement of March 10, Saudi Arabia and Iran are to reopen their embassies within two months."
    found = facts(text, dt.date(2023, 4, 17))
    assert "agreement/iran+saudi-arabia/2023-03-10" in [a.id for a in found.agreements]
    assert ("iran", "other", None, dt.date(2023, 5, 10)) in [(c.obligor, c.action, c.target, c.deadline) for c in found.commitments]


def test_extract_general_rules_signing_day_after_a_long_description() -> None:
    text = "Bangladesh and Myanmar signed an arrangement on the return of refugees from Rakhine State in Naypyitaw on 23 November."
    ids = [a.id for a in facts(text, dt.date(2018, 1, 23)).agreements]
    assert "agreement/bangladesh+government-of-myanmar/2017-11-23" in ids


def test_extract_general_rules_terms_without_a_comma_after_under_it() -> None:
    text = ("Bangladesh and Myanmar signed an arrangement in Naypyitaw on 23 November. "
            "Under it Myanmar undertook to start taking people back within two months of the signing, which is why today matters.")
    assert ("government-of-myanmar", "other", None, dt.date(2018, 1, 23)) in duties(text, dt.date(2018, 1, 23))


def test_extract_general_rules_signing_of_a_declaration_between_parties() -> None:
    text = ("Norway on Saturday hosted the signing of a Declaration of Principles between the Government of the "
            "Democratic Republic of the Congo and the M23.")
    ids = [a.id for a in facts(text, dt.date(2025, 7, 19)).agreements]
    assert "agreement/government-of-drc+m23/2025-07-19" in ids


def test_extract_general_rules_group_named_after_a_day_is_no_date() -> None:
    found = find_dates("the Alliance Fleuve Congo/March 23 Movement said on March 23 it would", dt.date(2025, 7, 19))
    assert [(d.start, d.first) for d in found] == [(52, dt.date(2025, 3, 23))]


# ------------------------------------------------------------------ decisions


def test_extract_general_rules_deal_relative_clause_states_the_terms() -> None:
    text = ("The Colombian government and the ELN signed a deal on Monday, which said that up to 300 ELN prisoners "
            "would be freed by the government, and up to 40 soldiers by the ELN in exchange.")
    found = duties(text)
    assert (COL, "release", 300, None) in found
    assert (ELN, "release", 40, None) in found


def test_extract_general_rules_decree_maker_given_by_pronoun() -> None:
    text = "President Gustavo Petro spoke in Bogota on Sunday. He ordered the release of as many as 150 ELN prisoners as a goodwill gesture."
    assert (COL, "release", 150, None) in duties(text)


def test_extract_general_rules_decision_terms_after_a_colon() -> None:
    text = ("The releases follow a decision the government announced last Thursday: 100 ELN inmates were to be released, "
            "and in exchange the ELN were to free 20 soldiers.")
    found = facts(text)
    assert "decision/government-of-colombia/2022-03-03" in [a.id for a in found.agreements]
    got = [(c.obligor, c.action, c.target) for c in found.commitments]
    assert (COL, "release", 100) in got and (ELN, "release", 20) in got


# ------------------------------------------------------------------- releases


def releases(text: str, published: dt.date = dt.date(2021, 6, 10)) -> list[tuple]:
    return [(r.releaser, r.released_party, r.count, r.date_from, r.date_to) for r in facts(text, published).releases]


def test_extract_general_rules_political_prisoners_are_nobodys_party() -> None:
    found = releases("Belarus freed 14 political prisoners on Tuesday, the presidential press service said.")
    assert found == [("belarus", None, 14, dt.date(2021, 6, 8), dt.date(2021, 6, 8))]


def test_extract_general_rules_emphatic_past_and_month_range() -> None:
    found = releases("In March the government did free 40 ELN detainees, officials said.")
    assert (COL, ELN, 40, dt.date(2021, 3, 1), dt.date(2021, 3, 31)) in found


def test_extract_general_rules_running_total_since_the_process_began() -> None:
    found = releases("The Office of the President said on Wednesday that 1,200 ELN prisoners had been let go since the process began.")
    assert (COL, ELN, 1200, None, dt.date(2021, 6, 9)) in found


def test_extract_general_rules_running_total_reported_on_the_day_of_speaking() -> None:
    text = ("The Colombian government and the ELN resumed talks. The ELN said in a statement on Wednesday that "
            "the group had released more than 60 soldiers since April.")
    assert (ELN, COL, 60, dt.date(2021, 4, 1), dt.date(2021, 6, 9)) in releases(text)


# ----------------------------------------------------------------- statements


def spans(text: str) -> list[tuple[str, str]]:
    return [(s.speaker, s.evidence.text) for s in facts(text, dt.date(2021, 6, 10)).statements]


def test_extract_general_rules_as_soon_as_does_not_end_the_clause() -> None:
    assert ("taliban", "The Taliban rejected that plan as soon as it was announced") in spans(
        "The Taliban rejected that plan as soon as it was announced.")


def test_extract_general_rules_organ_name_closing_the_sentence() -> None:
    text = "About 200 soldiers were freed this month, according to the Coordination Headquarters for the Treatment of Prisoners of War."
    found = [s for s in facts(text, dt.date(2024, 1, 3)).statements]
    assert found and found[0].evidence.text == text[:-1]


def test_extract_general_rules_white_house_speaks_for_the_united_states() -> None:
    found = spans("The Afghan government freed 20 prisoners. The White House said on Tuesday that the talks would resume in Doha.")
    assert ("united-states", "The White House said on Tuesday that the talks would resume in Doha") in found


def test_extract_general_rules_dateline_with_place_and_date_is_no_evidence() -> None:
    text = ("COTABATO, Philippines, Feb 12 (Reuters) - Fighters of the front released two captured marines on Sunday, "
            "said Murad Ebrahim, the group's chairman.")
    found = spans(text)
    assert found and found[0][1].startswith("Fighters of the front")


# ----------------------------------------------------------------- robustness


def test_extract_general_rules_long_paragraph_stays_fast() -> None:
    import time

    text = " ".join(["the Taliban said the government released 20 prisoners and"] * 1500) + " more."
    start = time.process_time()
    found = facts(text)
    assert time.process_time() - start < 20
    assert all(text[e.start : e.end] == e.text for e in found.evidences())


def test_extract_general_rules_a_pledge_made_late_on_a_day() -> None:
    text = ("KHARTOUM (Wire) - Sudan's army and the Rapid Support Forces agreed late on Monday to extend their "
            "ceasefire by a week, mediators said.")
    duties = {(c.obligor, c.action) for c in facts(text, dt.date(2023, 5, 30)).commitments}
    assert duties == {("sudan", "ceasefire"), ("rapid-support-forces", "ceasefire")}
