"""Shapes of commitments stated in deal and decree texts: who owes what, how many, by when.

Each shape is checked on sentences written for these tests, with the obligor, the action, the
target and the deadline the rules should read; the negative tests give the same verbs in a demand,
a proposal, a forecast, a negation or a condition, which owe nothing.
"""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

COL, ELN = "government-of-colombia", "eln"
AFG, TAL = "government-of-afghanistan", "taliban"
HAVANA = "The Colombian government and the ELN signed an accord in Havana on Monday. "
PUBLISHED = dt.date(2023, 6, 6)  # a Tuesday: "on Monday" is 5 June 2023


def duties(text: str, published: dt.date = PUBLISHED) -> set[tuple[str, str, int | None, dt.date | None]]:
    """(obligor, action, target, deadline) of every commitment read from ``text``."""
    doc = Document("s1", "s1.txt", published, "Test Wire", "test", text, "0")
    return {(c.obligor, c.action, c.target, c.deadline) for c in extract(doc).commitments}


# --- verbs of undertaking with a noun for the duty -------------------------------------------------

def test_agreed_to_a_truce_that_starts_on_a_weekday() -> None:
    found = duties("Yemen's government and the Houthis have agreed to a ten-day truce that is due to start on Thursday.",
                   dt.date(2022, 4, 4))
    assert found == {("government-of-yemen", "ceasefire", None, dt.date(2022, 4, 7)),
                     ("houthis", "ceasefire", None, dt.date(2022, 4, 7))}


def test_each_committed_to_a_halt_in_operations_from_a_day() -> None:
    found = duties("The Colombian government and the ELN signed an accord in Havana on June 9. Under it, the two sides each "
                   "committed to a halt to offensive military operations from 1 September.", dt.date(2023, 6, 12))
    assert found == {(COL, "ceasefire", None, dt.date(2023, 9, 1)), (ELN, "ceasefire", None, dt.date(2023, 9, 1))}


def test_bound_to_a_ceasefire() -> None:
    assert (ELN, "ceasefire", None, None) in duties(HAVANA + "The rebels are bound to an indefinite truce.")


# --- the deal's parties named as a group ----------------------------------------------------------

def test_the_two_states_are_to() -> None:
    found = duties("Armenia and Azerbaijan signed a border accord in Tbilisi on Monday. Under the accord, the two states are to "
                   "open three crossings within 40 days of the signing.", dt.date(2024, 3, 5))
    assert found == {("armenia", "other", None, dt.date(2024, 4, 13)), ("azerbaijan", "other", None, dt.date(2024, 4, 13))}


def test_the_three_states_are_to() -> None:
    found = duties("Russia, Turkey and Iran signed a memorandum in Astana on Thursday. Under the memorandum, the three states are to "
                   "open a joint liaison office within ten days of the signing.", dt.date(2017, 5, 6))
    assert {ob for ob, *_ in found} == {"russia", "turkey", "iran"}
    assert all(action == "other" and deadline == dt.date(2017, 5, 14) for _, action, _, deadline in found)


def test_the_two_sides_of_a_deal_a_mediator_signed() -> None:
    found = duties("Armenia, Azerbaijan and Russia signed a ceasefire accord in Moscow on Monday, with Russia acting as mediator. "
                   "Under the accord, the two sides are to exchange all prisoners of war.", dt.date(2020, 11, 11))
    assert found == {("armenia", "release", None, None), ("azerbaijan", "release", None, None)}


def test_both_alone_as_the_subject() -> None:
    found = duties(HAVANA + "Both also undertook to publish the names of missing people by 1 July.")
    assert found == {(COL, "other", None, dt.date(2023, 7, 1)), (ELN, "other", None, dt.date(2023, 7, 1))}


def test_both_after_an_opening_phrase_and_a_first_duty() -> None:
    found = duties(HAVANA + "Under the accord, the ELN is to hand back the hostages it holds, and both are to accept the verdict of a "
                            "joint commission.")
    assert (ELN, "release", None, None) in found
    assert {(COL, "other", None, None), (ELN, "other", None, None)} <= found


def test_a_second_duty_of_the_same_subject() -> None:
    found = duties(HAVANA + "Under the accord, the government shall redeploy its battalions away from the camps and shall guarantee "
                            "safe passage to ELN fighters.")
    assert found == {(COL, "withdraw", None, None), (COL, "other", None, None)}


# --- negative duties and prohibitions --------------------------------------------------------------

def test_undertakes_not_to_attack() -> None:
    assert duties(HAVANA + "The ELN undertakes not to attack army posts in Arauca.") == {(ELN, "ceasefire", None, None)}


def test_pledged_not_to_attack_ships_is_another_duty() -> None:
    found = duties("Russia, Turkey and Ukraine signed a shipping deal in Istanbul on Friday. Russia pledged never to attack merchant "
                   "vessels heading for the Bosphorus.", dt.date(2022, 7, 23))
    assert ("russia", "other", None, None) in found
    assert not any(action == "ceasefire" for _, action, _, _ in found)


def test_barred_from_attacking() -> None:
    assert duties(HAVANA + "ELN units are barred from attacking army patrols.") == {(ELN, "ceasefire", None, None)}


# --- time given to do something ---------------------------------------------------------------------

def test_the_deal_gave_a_side_days_from_the_signing() -> None:
    found = duties(HAVANA + "The text gave the ELN 90 days from the signing to hand over its explosives.")
    assert found == {(ELN, "other", None, dt.date(2023, 9, 3))}


def test_a_side_has_days_from_today() -> None:
    found = duties("Yemen's government and the Houthis signed a truce deal on Tuesday. Under the truce, the Houthis have 45 days "
                   "from today to withdraw their units from the port.", dt.date(2022, 4, 6))
    assert ("houthis", "withdraw", None, dt.date(2022, 5, 21)) in found


def test_within_days_of_another_event_gives_no_day() -> None:
    assert duties(HAVANA + "Under the accord, the ELN is to disarm within 60 days of the monitors arriving.") == {(ELN, "other", None, None)}


def test_within_days_of_a_dated_start() -> None:
    found = duties("The Colombian government and the ELN signed an accord in Havana on June 5. It obliged the ELN to hand in its "
                   "rifles within 90 days of the accord taking effect on July 1.", dt.date(2023, 8, 20))
    assert found == {(ELN, "other", None, dt.date(2023, 9, 29))}


def test_a_duty_extended_to_a_day() -> None:
    found = duties("The Colombian government and the ELN signed an accord in Havana on June 5. On June 20 the two sides agreed to "
                   "extend the ceasefire to September 30.", dt.date(2023, 6, 22))
    assert found == {(COL, "ceasefire", None, dt.date(2023, 9, 30)), (ELN, "ceasefire", None, dt.date(2023, 9, 30))}


# --- what a deal binds its parties to -----------------------------------------------------------------

def test_the_deal_required_them() -> None:
    found = duties(HAVANA + "The accord further required them to free all detained civilians.")
    assert found == {(COL, "release", None, None), (ELN, "release", None, None)}


def test_binding_both_sides_to_a_cessation_of_hostilities() -> None:
    found = duties("The Colombian government and the ELN signed an accord in Havana on Monday, binding both sides to a "
                   "cessation of all hostilities.")
    assert found == {(COL, "ceasefire", None, None), (ELN, "ceasefire", None, None)}


def test_bound_to_free_in_return_for_a_release_by_the_other_side() -> None:
    found = duties("The United States and the Taliban signed a deal in Doha on Feb. 29. It bound the insurgents to free up to 800 "
                   "Afghan soldiers, in return for the release by the Afghan government of up to 4,000 Taliban prisoners.",
                   dt.date(2020, 6, 25))
    assert found == {(TAL, "release", 800, None), (AFG, "release", 4000, None)}


def test_it_stated_a_passive_release() -> None:
    found = duties("The United States and the Taliban signed a deal in Doha on Feb. 29. It stated that as many as 4,000 insurgent "
                   "detainees would be released by the Afghan government before March 10.", dt.date(2020, 6, 25))
    assert found == {(AFG, "release", 4000, dt.date(2020, 3, 10))}


def test_cutting_forces_is_a_withdrawal() -> None:
    found = duties("The United States and the Taliban signed a deal in Doha on Feb. 29. Under the deal, the United States agreed to "
                   "cut its forces to 6,000 within 100 days.", dt.date(2020, 3, 2))
    assert ("united-states", "withdraw", None, dt.date(2020, 6, 8)) in found


# --- terms in a list or in the deal's own words ---------------------------------------------------

def test_a_list_of_terms_after_a_colon() -> None:
    found = duties(HAVANA + "\n\nThe points of the accord:\n\n- The ELN will stop recruiting minors.\n"
                            "- The government will open talks on rural reform in May.\n")
    assert (ELN, "other", None, None) in found
    assert any(ob == COL and action == "talks" for ob, action, _, _ in found)


def test_a_quoted_communique() -> None:
    found = duties(HAVANA + "The mediators issued a communique. It reads in part:\n\n\"The ELN undertakes to hand over its maps of "
                            "mined areas within 60 days of the signing.\"")
    assert found == {(ELN, "other", None, dt.date(2023, 8, 4))}


# --- decrees ------------------------------------------------------------------------------------

def test_a_leaders_own_decree() -> None:
    found = duties("Ghani's own decree, issued on 2 June, ordered the release of up to 900 insurgent prisoners.", dt.date(2020, 6, 9))
    assert found == {(AFG, "release", 900, None)}


def test_a_decree_the_leader_signed_which_ordered() -> None:
    found = duties("Those men left jail under a decree Ghani had signed in early April, which ordered 700 insurgent prisoners "
                   "freed in batches.", dt.date(2020, 5, 2))
    assert found == {(AFG, "release", 700, None)}


def test_ordering_the_release_of_the_remaining() -> None:
    found = duties("A decree that Ghani signed on 3 May ordered the release of the remaining 320 Taliban detainees.", dt.date(2020, 5, 10))
    assert found == {(AFG, "release", 320, None)}


def test_ordered_a_list_of_people_released_within_days() -> None:
    found = duties("President Ashraf Ghani signed a decree on Thursday. The decree ordered some 3,000 elderly inmates, mothers and "
                   "sick prisoners released within 14 days.", dt.date(2020, 3, 31))
    assert found == {(AFG, "release", 3000, dt.date(2020, 4, 9))}


def test_the_prisoners_a_leader_ordered_freed() -> None:
    found = duties("Only 120 of the 300 inmates President Ghani ordered freed on Monday have walked out so far.", dt.date(2020, 8, 5))
    assert found == {(AFG, "release", 300, None)}


# --- no commitment: demands, proposals, forecasts, negations, conditions --------------------------

def test_a_demand_with_the_same_verbs_is_none() -> None:
    assert duties(HAVANA + "The government wants the ELN to commit to a halt in offensive operations.") == set()


def test_a_proposal_with_the_same_verbs_is_none() -> None:
    assert duties(HAVANA + "Cuba proposed that both sides agree to a longer ceasefire.") == set()


def test_a_forecast_with_the_same_verbs_is_none() -> None:
    assert duties(HAVANA + "Analysts expect both sides to agree to a longer ceasefire.") == set()


def test_a_negated_undertaking_is_none() -> None:
    assert duties(HAVANA + "The ELN has not agreed to a ceasefire.") == set()


def test_a_condition_is_none() -> None:
    assert duties(HAVANA + "If the talks go well, both sides are to agree to a longer truce.") == set()


def test_time_a_critic_wants_given_is_none() -> None:
    assert duties(HAVANA + "Critics want the deal to give the ELN 30 days to disarm.") == set()


def test_a_decree_that_frees_nobody_is_none() -> None:
    assert duties("President Ashraf Ghani's decree of May 25 ordered the army to stay in its barracks.", dt.date(2020, 6, 2)) == set()


def test_a_law_that_binds_is_no_term() -> None:
    assert duties(HAVANA + "Congress passed a law that required the government to free 40 ELN prisoners.") == set()


# --- one duty clause with two verbs ---------------------------------------------------------------

def test_a_second_verb_of_another_kind_is_a_second_duty() -> None:
    found = duties(HAVANA + "Under the accord, the two sides are to open corridors for aid and release all the hostages "
                   "they hold within 30 days.")
    deadline = dt.date(2023, 7, 5)
    assert found == {(COL, "other", None, deadline), (ELN, "other", None, deadline),
                     (COL, "release", None, deadline), (ELN, "release", None, deadline)}


def test_a_second_verb_of_the_same_kind_is_one_duty() -> None:
    found = duties(HAVANA + "Under the accord, the ELN is to free 20 soldiers and release 12 police officers by July 1.")
    assert {(o, a) for o, a, _, _ in found} == {(ELN, "release")}


def test_agreed_with_the_duty_as_its_object() -> None:
    found = duties(HAVANA + "The two sides agreed a bilateral ceasefire.")
    assert found == {(COL, "ceasefire", None, None), (ELN, "ceasefire", None, None)}


def test_agreed_with_a_deal_as_its_object_owes_nothing() -> None:
    assert duties(HAVANA + "The two sides agreed a framework for later rounds.") == set()


def test_a_cessation_of_military_hostilities_is_a_ceasefire() -> None:
    found = duties(HAVANA + "Under it, the government and the ELN committed to a permanent cessation of military hostilities.")
    assert {(o, a) for o, a, _, _ in found} == {(COL, "ceasefire"), (ELN, "ceasefire")}


# --- a decree over people counted just before ------------------------------------------------------

JIRGA = "A loya jirga on Saturday approved the release of the last 320 Taliban prisoners. "


def test_a_decree_ordering_their_release_counts_the_people_before() -> None:
    found = duties(JIRGA + "On Monday, President Ashraf Ghani signed a decree ordering their release.")
    assert found == {(AFG, "release", 320, None)}


def test_a_decree_ordering_them_freed_counts_the_people_before() -> None:
    assert duties(JIRGA + "President Ashraf Ghani on Monday signed a decree ordering them freed.") == {(AFG, "release", 320, None)}


def test_their_release_after_a_figure_of_no_people_owes_nothing() -> None:
    text = JIRGA + "The vote took 3 hours. President Ashraf Ghani signed a decree ordering their release."
    assert duties(text) == set()


def test_a_decree_signed_on_a_weekday_named_before_the_verb() -> None:
    found = duties("President Ashraf Ghani on Monday signed a decree ordering the release of 400 Taliban prisoners.")
    assert found == {(AFG, "release", 400, None)}


# --- verbs of handing back people and of meeting again ---------------------------------------------

DOHA = "The United States and the Taliban signed a deal in Doha on Feb. 29. "


def test_to_hand_back_captured_members_of_the_forces_is_a_release() -> None:
    assert duties(DOHA + "Under the deal, the Taliban were to hand back up to 1,000 captured members of the Afghan forces.",
                  dt.date(2020, 3, 14)) == {(TAL, "release", 1000, None)}


def test_to_hand_over_weapons_to_a_mission_is_no_release() -> None:
    assert duties(DOHA + "Under the deal, the Taliban are to hand over all their weapons to a United Nations mission.",
                  dt.date(2020, 3, 14)) == {(TAL, "other", None, None)}


def test_to_reconvene_or_continue_negotiations_is_talks() -> None:
    found = duties(DOHA + "The two sides also agreed to reconvene in May to work on further releases.", dt.date(2020, 3, 14))
    assert {(o, a) for o, a, _, _ in found} == {(TAL, "talks"), ("united-states", "talks")}
    found = duties(DOHA + "The two sides also agreed to continue negotiations on a longer truce.", dt.date(2020, 3, 14))
    assert {a for _, a, _, _ in found} == {"talks"}
