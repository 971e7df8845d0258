"""Who a deal binds when the text names others around it: "the government" is never the state named
as the go-between ("an accord brokered by Norway ... Norwegian envoys ... the government"); a deal
"announced by" two foreign leaders is the deal of the sides the text follows, the announcers
go-betweens; a party one of the deal's terms already binds is bound by the next term too, though it
did not sign ("Israel and Hezbollah are to stop ... Hezbollah is to move its fighters north", under a
deal of Israel and Lebanon); "pull its fighters and heavy weapons north of the river" is a
withdrawal. Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2025, 3, 14)  # a Friday


def facts(text: str, published: dt.date = PUBLISHED):
    return extract(Document("d1", "d1.txt", published, "Test Wire", "test", text, "0"))


def duties(text: str) -> set[tuple[str, str]]:
    return {(c.obligor, c.action) for c in facts(text).commitments}


def test_the_government_is_not_the_state_that_brokered_the_deal() -> None:
    text = ("The government of Sri Lanka and the LTTE signed a truce brokered by Norway on Thursday. "
            "Norwegian envoys shuttled between the two camps for weeks. "
            "Under the truce, the government is to lift its checkpoints on the road to Jaffna within 20 days.")
    found = duties(text)
    assert ("sri-lanka", "other") in found
    assert not {o for o, _ in found} & {"norway"}


def test_the_government_still_follows_a_state_that_brokered_nothing() -> None:
    # with no go-between named and no government of its own in the gazetteer, "the government" is the state named last
    text = ("Sri Lanka and the LTTE signed a truce on Thursday. "
            "Under the truce, the government is to lift its checkpoints on the road to Jaffna within 20 days.")
    assert ("sri-lanka", "other") in duties(text)


def test_a_deal_announced_by_foreign_leaders_binds_the_sides_the_text_follows() -> None:
    text = ("A truce between Sudan and the RSF began at dawn on Friday. "
            "The agreement, announced on Thursday by Saudi Arabia's foreign minister and a U.S. envoy, "
            "was welcomed in Khartoum. Under the deal, the RSF is to leave the hospitals it holds in the capital.")
    f = facts(text)
    assert {a.id for a in f.agreements} == {"agreement/rapid-support-forces+sudan/2025-03-13"}
    assert {(c.obligor, c.action, c.agreement) for c in f.commitments} == {
        ("rapid-support-forces", "withdraw", "agreement/rapid-support-forces+sudan/2025-03-13")}


def test_a_party_an_earlier_term_binds_is_bound_by_the_next_term() -> None:
    text = ("Israel and Lebanon signed a truce on Wednesday. Under the truce, Israel and Hezbollah are to stop "
            "all attacks on each other. Hezbollah is to move its fighters and its rockets north of the river.")
    assert ("hezbollah", "withdraw") in duties(text)


def test_a_party_no_term_binds_is_still_not_bound_by_a_plan_of_its_own() -> None:
    # the guard: a party the deal neither names nor binds keeps its own plans out of the deal's terms
    text = ("Israel and Lebanon signed a truce on Wednesday. Under the truce, Israel is to stop all attacks. "
            "Hezbollah is to move its fighters and its rockets north of the river.")
    assert ("hezbollah", "withdraw") not in duties(text)
