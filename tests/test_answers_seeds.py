"""The answers DOMAIN.md gives for the two seed articles, on every embedded store."""

from __future__ import annotations

import datetime as dt

import pytest

from kg import answers

APR2 = dt.date(2020, 4, 2)
APR13 = dt.date(2020, 4, 13)
GOV = "Government of Afghanistan"
TAL = "Taliban"


def _commitment(records, obligor, target):
    found = [c for c in records if c["obligor"] == obligor and c["target_count"] == target]
    assert len(found) == 1, f"expected one commitment of {obligor} for {target}, found {found}"
    return found[0]


@pytest.mark.parametrize(
    "obligor, target, status, achieved, share, overdue, late, deadline, counterparty, agreement_kind",
    [
        (GOV, 5000, "in_progress", 300, 0.06, True, False, "2020-03-10", TAL, "agreement"),
        (TAL, 1000, "in_progress", 20, 0.02, True, False, "2020-03-10", GOV, "agreement"),
        (GOV, 100, "fulfilled", 100, 1.0, False, True, "2020-04-02", TAL, "decision"),
        (TAL, 20, "fulfilled", 20, 1.0, False, True, "2020-04-02", GOV, "decision"),
    ],
)
def test_answers_commitments_as_of_apr13(seed_store, obligor, target, status, achieved, share, overdue, late,
                                        deadline, counterparty, agreement_kind):
    c = _commitment(answers.commitments(seed_store, APR13), obligor, target)
    assert (c["status"], c["achieved"], c["share"], c["overdue"], c["late"]) == (status, achieved, share, overdue, late)
    assert c["deadline"] == deadline
    assert c["counterparty"] == counterparty
    assert c["action"] == "release"
    assert c["agreement_id"].startswith(agreement_kind + "/")
    assert c["evidence"], "every commitment cites its evidence"
    for ev in c["evidence"]:
        assert set(ev) >= {"document", "start", "end", "text"}


def test_answers_us_taliban_agreement_signed(seed_store):
    deals = {a["id"]: a for a in answers.agreements(seed_store, APR13)}
    deal = deals["agreement/taliban+united-states/2020-02-29"]
    assert deal["agreed_on"] == "2020-02-29"
    assert deal["signatory_persons"] == ["Zalmay Khalilzad"]
    assert deal["signatory_parties"] == [TAL]
    decision = deals["decision/government-of-afghanistan/2020-04-02"]
    assert decision["kind"] == "decision"


def test_answers_withdrawal_in_return(seed_store):
    records = answers.commitments(seed_store, APR13)
    withdraw = [c for c in records if c["action"] == "withdraw"]
    assert len(withdraw) == 1
    assert withdraw[0]["obligor"] == "United States"
    assert withdraw[0]["agreement_id"] == "agreement/taliban+united-states/2020-02-29"


@pytest.mark.parametrize("obligor, target", [(GOV, 100), (TAL, 20)])
def test_answers_fulfilled_in_week_of_apr6(seed_store, obligor, target):
    c = _commitment(answers.commitments(seed_store, APR13), obligor, target)
    assert dt.date(2020, 4, 6) <= dt.date.fromisoformat(c["fulfilled_on"]) <= dt.date(2020, 4, 12)


def test_answers_as_of_apr2_only_first_article(seed_store):
    records = answers.commitments(seed_store, APR2)
    assert {c["target_count"] for c in records} == {100, 20}
    gov = _commitment(records, GOV, 100)
    tal = _commitment(records, TAL, 20)
    assert (gov["status"], gov["overdue"]) == ("in_progress", False)
    assert (tal["status"], tal["achieved"]) == ("not_started", 0)
    assert all(ev["document"] == "000_96addb07b944f045" for c in records for ev in c["evidence"])


def test_answers_running_total_and_batches(seed_store):
    events = answers.releases(seed_store, APR13)
    totals = [e for e in events if e["cumulative"]]
    assert [(e["releaser"], e["count"], e["source"]) for e in totals] == [(GOV, 300, "Jawed Faisal")]
    twenty = [e for e in events if e["count"] == 20]
    assert len(twenty) == 1
    assert twenty[0]["releaser"] == TAL and twenty[0]["released_party"] == GOV
    assert (twenty[0]["date_from"], twenty[0]["date_to"]) == ("2020-04-12", "2020-04-12")
    assert twenty[0]["source"] == "International Committee of the Red Cross"
    batch = [e for e in events if e["count"] == 100]
    assert [(e["date_from"], e["date_to"], e["cumulative"]) for e in batch] == [("2020-04-06", "2020-04-12", False)]


@pytest.mark.parametrize("number", [239, 4, 40, 6000, 3])
def test_answers_distractor_numbers_are_not_facts(seed_store, number):
    assert number not in {e["count"] for e in answers.releases(seed_store)}
    assert number not in {c["target_count"] for c in answers.commitments(seed_store, APR13)}


@pytest.mark.parametrize(
    "speaker, kind, channel, fragment",
    [
        ("senior official in the office of President Ashraf Ghani", "direct", None, "It was decided in the morning"),
        ("senior official in the office of President Ashraf Ghani", "reported", None, "sent to prison authorities"),
        ("Zabihullah Mujahid", "direct", None, "The technical issues require some time"),
        ("Zabihullah Mujahid", "direct", None, "either tomorrow or the day after"),
        ("Mike Pompeo", "direct", None, "good news"),
        ("Zalmay Khalilzad", "direct", "Twitter", "The release of prisoners is an important step"),
        ("Zalmay Khalilzad", "direct", "Twitter", "Both sides should accelerate efforts"),
        ("Zalmay Khalilzad", "reported", None, "\"important step\""),
        ("Jawed Faisal", "reported", None, "300 Taliban prisoners"),
        ("International Committee of the Red Cross", "reported", None, "released 20"),
        ("Taliban", "direct", "AFP", "a goodwill step ... to accelerate the prisoner exchange process"),
        ("Taliban", "reported", None, "wasting time"),
        ("Government of Afghanistan", "reported", None, "15 of their \"top commanders\""),
        ("Taliban", "reported", None, "release 5,000 prisoners before they will hold talks"),
    ],
)
def test_answers_statements_listed_in_domain(seed_store, speaker, kind, channel, fragment):
    found = [s for s in answers.statements(seed_store)
             if s["speaker"] == speaker and s["kind"] == kind and fragment in s["text"]]
    assert len(found) == 1, f"{speaker} {kind} {fragment!r}: {found}"
    s = found[0]
    assert s["channel"] == channel
    assert s["end"] > s["start"] >= 0
    assert s["document"] in ("000_96addb07b944f045", "004_d4a9fecee8dd37c2")


@pytest.mark.parametrize(
    "speaker, party",
    [
        ("Zalmay Khalilzad", "United States"),
        ("Zabihullah Mujahid", "Taliban"),
        ("Jawed Faisal", "Government of Afghanistan"),
        ("Mike Pompeo", "United States"),
        ("senior official in the office of President Ashraf Ghani", "Government of Afghanistan"),
    ],
)
def test_answers_spokesman_speaks_for_party(seed_store, speaker, party):
    """Materialised axiom: a statement made in a post of a party is on its behalf."""
    found = answers.statements(seed_store, speaker=speaker)
    assert found and all(s["speaker_party"] == party for s in found)


def test_answers_statements_filter_by_party(seed_store):
    found = answers.statements(seed_store, party="united states")
    assert {s["speaker"] for s in found} == {"Zalmay Khalilzad", "Mike Pompeo"}


def test_answers_prediction_window(seed_store):
    found = [s for s in answers.statements(seed_store, speaker="Mujahid") if s["type"] == "prediction"]
    assert [(s["expected_from"], s["expected_to"]) for s in found] == [("2020-04-03", "2020-04-04")]


def test_answers_statements_about_commitment(seed_store):
    commitment = "agreement/taliban+united-states/2020-02-29/government-of-afghanistan/release/taliban"
    found = answers.statements(seed_store, about=commitment)
    assert "Zalmay Khalilzad" in {s["speaker"] for s in found}


def test_answers_anonymous_and_single_sources(seed_store):
    facts = answers.corroboration(seed_store, APR13)
    anonymous = [f for f in facts if f["anonymous"]]
    assert any("It was decided in the morning" in (f["label"] or "") for f in anonymous)
    assert all(f["single_source"] == (f["documents"] == 1) for f in facts)
    kinds = {f["kind"] for f in facts}
    assert kinds >= {"agreement", "commitment", "statement", "release"}


@pytest.mark.parametrize("collecting", [True, False])
def test_answers_leave_the_cycle_collector_as_they_found_it(seed_oxigraph, collecting):
    """Answers pause the cycle collector while they build their records and put it back as it was,
    also when one answer calls another (explain -> find_commitment -> commitments)."""
    import gc
    import sys

    store = seed_oxigraph[0]
    was = gc.isenabled()
    (gc.enable if collecting else gc.disable)()
    runs: list[str] = []

    def count(phase: str, info: dict) -> None:  # a collection that starts inside the answers' own code
        frame = sys._getframe(1)
        while frame is not None and phase == "start":
            if frame.f_code.co_filename.endswith(("kg/answers.py", "kg/status.py")):
                runs.append(frame.f_code.co_name)
                return
            frame = frame.f_back

    threshold = gc.get_threshold()
    gc.set_threshold(1, 1, 1)  # a collection at nearly every allocation, unless paused
    gc.callbacks.append(count)
    try:
        some = answers.commitments(store, APR13, cached=False)
        assert runs == []  # paused while the records were built
        assert gc.isenabled() is collecting
        answers.explain(store, some[0]["id"], APR13)
        assert gc.isenabled() is collecting
        answers.statements(store)
        assert gc.isenabled() is collecting
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*threshold)
        (gc.enable if was else gc.disable)()
