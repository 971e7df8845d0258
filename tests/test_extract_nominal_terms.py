"""Terms written as nouns or spread over time, dates in ordinal words, go-betweens named "as guarantors",
release orders with figures of thousands, and speech verbs in the plain present: what is read, and what stays out."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.extract.dates import find_dates
from loaders.facts import Document

PUB = dt.date(2021, 5, 4)  # a Tuesday


def _facts(text: str, published: dt.date = PUB):
    return extract(Document("nt", "nt.txt", published, "Test Wire", "test", text, "0"))


def duties(text: str, published: dt.date = PUB):
    return sorted((c.obligor, c.action, c.target, c.deadline) for c in _facts(text, published).commitments)


def said(text: str, published: dt.date = PUB):
    return [(s.speaker, s.type, s.evidence.text) for s in _facts(text, published).statements]


# --- dates in ordinal words -------------------------------------------------------------------------------------

def _days(text: str):
    return [(text[d.start : d.end], d.first) for d in find_dates(text, PUB)]


def test_extract_nominal_terms_ordinal_day_of_month() -> None:
    assert _days("The talks resume on the twelfth of March.") == [("the twelfth of March", dt.date(2021, 3, 12))]
    assert _days("It expired on the thirty-first of August 2019.") == [("the thirty-first of August 2019", dt.date(2019, 8, 31))]
    assert _days("signed on the twenty third of February") == [("the twenty third of February", dt.date(2021, 2, 23))]


def test_extract_nominal_terms_month_then_ordinal() -> None:
    assert _days("The vote was held on April the ninth, 2018.") == [("April the ninth, 2018", dt.date(2018, 4, 9))]


def test_extract_nominal_terms_ordinals_that_are_no_dates() -> None:
    assert _days("the first of many rounds") == []
    assert _days("the second of them") == []
    assert _days("May the third round bring peace") == []
    assert _days("In March the first tranche was paid.") == [("In March", dt.date(2021, 3, 1))]


def test_extract_nominal_terms_deadline_in_ordinal_words() -> None:
    text = ("Sudan and the SPLM-N signed a truce in Juba on Saturday. "
            "Both sides are to withdraw their forces from the town by the tenth of June.")
    assert duties(text) == [("splm-n", "withdraw", None, dt.date(2021, 6, 10)),
                            ("sudan", "withdraw", None, dt.date(2021, 6, 10))]


# --- a truce that starts at an hour in words -------------------------------------------------------------------

def test_extract_nominal_terms_truce_from_an_hour_in_words() -> None:
    text = ("Armenia and Azerbaijan signed a truce in Moscow on Saturday. "
            "Both sides are to stop firing from nine o'clock this evening.")
    assert duties(text) == [("armenia", "ceasefire", None, PUB), ("azerbaijan", "ceasefire", None, PUB)]


# --- terms named as nouns ----------------------------------------------------------------------------------------

def test_extract_nominal_terms_truce_and_release_listed_as_nouns() -> None:
    text = ("Israel and Hamas signed a deal in Cairo on Monday. "
            "The deal provides for a permanent truce and the release by Israel of 120 Palestinian prisoners.")
    assert duties(text) == [("hamas", "ceasefire", None, None), ("israel", "ceasefire", None, None),
                            ("israel", "release", 120, None)]
    evidence = sorted(c.evidence.text for c in _facts(text).commitments)
    assert evidence == ["a permanent truce", "a permanent truce", "the release by Israel of 120 Palestinian prisoners"]


def test_extract_nominal_terms_truce_taking_effect_at_midnight() -> None:
    text = ("The Mozambican government and RENAMO signed a peace accord in Maputo on Monday. "
            "The accord calls for an immediate and unconditional ceasefire from midnight.")
    monday = dt.date(2021, 5, 3)
    assert duties(text) == [("government-of-mozambique", "ceasefire", None, monday + dt.timedelta(days=1)),
                            ("renamo", "ceasefire", None, monday + dt.timedelta(days=1))]


def test_extract_nominal_terms_truce_spoken_of_is_no_term() -> None:
    lead = "The Mozambican government and RENAMO signed a peace accord in Maputo on Monday. "
    for sentence in ("The accord says the ceasefire has held since March.",
                     "Observers said that the truce would collapse within a week.",
                     "The accord provides that the truce will be reviewed by a joint commission."):
        assert not any(action == "ceasefire" for _, action, _, _ in duties(lead + sentence)), sentence


# --- duties spread over a number of days --------------------------------------------------------------------------

def test_extract_nominal_terms_release_over_days_from_the_truce_start() -> None:
    text = ("The pause took effect on Saturday. Under the deal, Hamas is to free 40 Israeli hostages over five days, "
            "and Israel is to release 120 Palestinian prisoners.")
    # Saturday 1 May, then four more days: the last is Wednesday 5 May; the other clause keeps no deadline
    assert duties(text) == [("hamas", "release", 40, dt.date(2021, 5, 5)), ("israel", "release", 120, None)]


def test_extract_nominal_terms_over_days_needs_the_start() -> None:
    text = "Israel and Hamas signed a deal in Cairo on Monday. Under the deal, Hamas is to free 40 Israeli hostages over five days."
    assert duties(text) == [("hamas", "release", 40, None)]


def test_extract_nominal_terms_reciprocal_not_spread() -> None:
    text = ("The truce took effect on Sunday. Under the deal, Hamas will release 30 Israeli hostages over three days, "
            "in exchange for 90 Palestinian prisoners.")
    assert duties(text) == [("hamas", "release", 30, dt.date(2021, 5, 4)), ("israel", "release", 90, None)]


# --- decisions with figures in thousands ---------------------------------------------------------------------------

def test_extract_nominal_terms_order_of_thousands_to_be_freed() -> None:
    text = "President Ashraf Ghani signed a decree on Sunday ordering 2,500 Taliban prisoners to be freed within ten days."
    facts = _facts(text)
    assert [(c.obligor, c.action, c.target, c.object_party, c.deadline) for c in facts.commitments] == [
        ("government-of-afghanistan", "release", 2500, "taliban", dt.date(2021, 5, 12))]
    assert [a.id for a in facts.agreements] == ["decision/government-of-afghanistan/2021-05-02"]


def test_extract_nominal_terms_order_of_troops_is_no_release() -> None:
    text = "President Ashraf Ghani on Sunday ordered 3,000 soldiers to be sent to Herat."
    assert duties(text) == []


# --- go-betweens named as guarantors --------------------------------------------------------------------------------

def test_extract_nominal_terms_guarantors_are_no_parties() -> None:
    text = ("The Colombian government and the ELN signed a ceasefire accord in Caracas on 2 May 2021, "
            "with Cuba and Norway as guarantors. Both sides are to halt offensive operations.")
    facts = _facts(text)
    assert [a.id for a in facts.agreements] == ["agreement/eln+government-of-colombia/2021-05-02"]
    assert sorted(c.obligor for c in facts.commitments) == ["eln", "government-of-colombia"]


def test_extract_nominal_terms_under_the_auspices_of() -> None:
    text = ("Armenia and Azerbaijan signed a deal under the auspices of Russia on 2 May 2021. "
            "The two sides are to exchange all prisoners.")
    facts = _facts(text)
    assert [a.id for a in facts.agreements] == ["agreement/armenia+azerbaijan/2021-05-02"]
    assert duties(text) == [("armenia", "release", None, None), ("azerbaijan", "release", None, None)]


# --- speech verbs in the plain present and participles ----------------------------------------------------------------

def test_extract_nominal_terms_plural_denial() -> None:
    assert said("The Houthis deny that they shelled the port.") == [
        ("houthis", "denial", "The Houthis deny that they shelled the port")]


def test_extract_nominal_terms_plural_accusation() -> None:
    assert said("The Houthis accuse Riyadh of holding up the fuel ships.") == [
        ("houthis", "accusation", "The Houthis accuse Riyadh of holding up the fuel ships")]


def test_extract_nominal_terms_writing_splits_a_second_statement() -> None:
    found = said("Zalmay Khalilzad welcomed the release on Twitter, writing that more prisoners should follow soon.")
    assert ("zalmay-khalilzad", "praise", "Zalmay Khalilzad welcomed the release on Twitter") in found
    assert any(sp == "zalmay-khalilzad" and ev.startswith("writing that more prisoners") for sp, _, ev in found)


def test_extract_nominal_terms_expect_as_a_forecast() -> None:
    assert said("The Taliban expect the remaining prisoners to be freed next week.") == [
        ("taliban", "prediction", "The Taliban expect the remaining prisoners to be freed next week")]


def test_extract_nominal_terms_expected_passive_is_no_speech() -> None:
    assert said("The remaining prisoners are expected to be freed next week.") == []
