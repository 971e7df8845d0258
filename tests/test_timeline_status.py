"""Commitments over time: the status of every commitment of the timeline corpus
at every gold date, and every prediction's outcome (tests/data/timeline)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from kg import answers

from conftest import build_store

TIMELINE = Path(__file__).parent / "data" / "timeline"
GOLD = yaml.safe_load((TIMELINE / "status.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def timeline_store(tmp_path_factory):
    path = tmp_path_factory.mktemp("timeline") / "store"
    store, _ = build_store(f"oxigraph:{path}", TIMELINE / "corpus", facts_dir=TIMELINE / "facts")
    yield store
    store.close()


@pytest.fixture(scope="module")
def statuses(timeline_store):
    cache: dict[dt.date, dict[str, dict]] = {}

    def at(day: dt.date) -> dict[str, dict]:
        if day not in cache:
            cache[day] = {c["id"]: c for c in answers.commitments(timeline_store, day)}
        return cache[day]

    return at


def _label(row: dict) -> str:
    return f"{row['as_of']}:{row['commitment'].split('/')[0]}/{row['commitment'].split('/')[2]}:{row['commitment'].rsplit('/', 3)[-3]}"


@pytest.mark.parametrize("row", GOLD["status"], ids=[_label(r) for r in GOLD["status"]])
def test_timeline_status_cell(statuses, row):
    known = statuses(row["as_of"])
    assert row["commitment"] in known, f"commitment not known as of {row['as_of']}"
    got = known[row["commitment"]]
    assert (got["status"], got["achieved"], got["overdue"], got["late"]) == (
        row["status"], row["achieved"], row["overdue"], row["late"]
    )


@pytest.mark.parametrize("commitment", sorted({r["commitment"] for r in GOLD["status"]}))
def test_timeline_not_known_before_first_report(statuses, commitment):
    first = min(r["as_of"] for r in GOLD["status"] if r["commitment"] == commitment)
    earlier = sorted(r["as_of"] for r in GOLD["status"] if r["as_of"] < first)
    for day in earlier:
        assert commitment not in statuses(day)


@pytest.mark.parametrize("obligor", ["government-of-afghanistan/release/taliban", "taliban/release/government-of-afghanistan"])
def test_timeline_both_sides_fulfilled_late_by_sept_15(statuses, obligor):
    c = statuses(dt.date(2020, 9, 15))[f"agreement/taliban+united-states/2020-02-29/{obligor}"]
    assert (c["status"], c["late"], c["overdue"], c["pam"], c["politifact"]) == ("fulfilled", True, False, 3, "Promise Kept")


@pytest.mark.parametrize("gold", GOLD["predictions"], ids=[f"{p['document']}@{p['start']}" for p in GOLD["predictions"]])
def test_timeline_prediction_outcome(timeline_store, gold):
    found = [p for p in answers.predictions(timeline_store, dt.date(2020, 9, 15))
             if p["document"] == gold["document"] and p["start"] == gold["start"]]
    assert len(found) == 1
    expected = gold["outcome"] if gold.get("about") else "unknown"
    assert found[0]["outcome"] == expected
    met_on = gold.get("met_on")
    assert found[0]["met_on"] == (met_on.isoformat() if met_on else None)


def test_timeline_disagreeing_figures_kept(statuses):
    c = statuses(dt.date(2020, 8, 20))["decision/loya-jirga/2020-08-09/government-of-afghanistan/release/taliban"]
    assert any(set(d["figures"]) == {"80", "86"} for d in c["disagreements"])


def test_timeline_tranches_linked(statuses):
    c = statuses(dt.date(2020, 9, 15))["decision/government-of-afghanistan/2020-03-11/government-of-afghanistan/release/taliban"]
    assert {"relation": "trancheOf",
            "commitment": "agreement/taliban+united-states/2020-02-29/government-of-afghanistan/release/taliban",
            "text": None} in c["related"]


def test_timeline_command_rows(timeline_store):
    rows = answers.timeline(timeline_store, "agreement/taliban+united-states/2020-02-29/taliban/release")
    assert [r["as_of"] for r in rows] == sorted(r["as_of"] for r in rows)
    assert rows[0]["status"] == "not_started" and rows[-1]["status"] == "fulfilled"
    assert all(r["known_as_of"] is None or r["known_as_of"] <= r["as_of"] for r in rows)


def test_timeline_explain_names_rule_and_evidence(timeline_store):
    text = answers.explain(timeline_store, "decision/loya-jirga/2020-08-09", dt.date(2020, 8, 20))
    assert "Rule:" in text and "Sources disagree" in text and "17-crossroads-2020-08-14" in text


def test_timeline_waiting_on_each_other(timeline_store):
    rows = answers.waiting(timeline_store, dt.date(2020, 5, 1))
    pairs = {(r["waiting"], r["on"]) for r in rows if r["relation"] == "in exchange for" and r["still_waiting"]}
    assert pairs == {("Government of Afghanistan", "Taliban"), ("Taliban", "Government of Afghanistan")}
    done = answers.waiting(timeline_store, dt.date(2020, 9, 15))
    assert not any(r["still_waiting"] for r in done if r["relation"] == "in exchange for")


def test_timeline_amendment_chain(timeline_store):
    links = answers.chains(timeline_store, dt.date(2020, 9, 15))
    parents = {l["of"] for l in links if l["relation"] == "trancheOf"}
    assert parents == {"agreement/taliban+united-states/2020-02-29/government-of-afghanistan/release/taliban"}
    assert {l["target"] for l in links} == {1500, 2000, 400}
