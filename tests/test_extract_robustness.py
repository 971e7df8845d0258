"""Any text: extraction never crashes and every span points at its own text."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loaders.extract import extract, extract_many
from loaders.facts import DocFacts, Document

PUB = dt.date(2020, 4, 13)


def doc(text: str, doc_id: str = "r1") -> Document:
    return Document(doc_id, f"{doc_id}.txt", PUB, "Test Wire", "test", text, "0")


def spans_ok(facts: DocFacts, text: str) -> bool:
    return all(text[ev.start : ev.end] == ev.text for ev in facts.evidences())


LONG_SENTENCE = " ".join(["the Taliban said the government released 20 prisoners and"] * 5000) + " more."


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n\t  \r\n ",
        "No quotes, no speakers, no numbers here at all.",
        '"An opening mark that never closes, said Mujahid.',
        'A closing mark with no opening," said Mujahid.',
        '“Mixed marks," said Mujahid. "Again”, he added. ‘Single’',
        '""""""',
        "\u201c\u201d\u201c\u201d said Mujahid",
        LONG_SENTENCE,
        "Die Taliban haben am Sonntag 20 Gefangene freigelassen, sagte ein Sprecher.",
        "طالبان روز یکشنبه ۲۰ زندانی را آزاد کردند",
        "控制字符\x01\x02\x1b[31m said Mujahid\x7f",
        "said said said said according to according to, , , \"\" ''",
        "1,000,000,000,000,000,000 prisoners were released by the Taliban",
        "On Sunday on Sunday last week next week February 30 February 29 2021-02-30",
    ],
)
def test_extract_robustness_bad_input_never_crashes(text: str) -> None:
    facts = extract(doc(text))
    assert facts.document == "r1"
    assert spans_ok(facts, text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.text(max_size=40),
            st.sampled_from([
                '"', "“", "”", "‘", "’", "'", ",", ".", "\n\n", "\r\n", "\u00a0", " said ", " told AFP ",
                "Zabihullah Mujahid", "the Taliban", "the government", " released ", " 20 prisoners ", " were freed by ",
                " on Sunday ", " last week ", " according to the ICRC, ", " agreed to free up to 2,000 Taliban prisoners ",
                "The deal said ", " would release ", " in exchange for ", " by March 10", " he added. ", "Kabul has claimed ",
            ]),
        ),
        max_size=30,
    )
)
def test_extract_robustness_property_spans_match_text(parts: list[str]) -> None:
    text = "".join(parts)
    facts = extract(doc(text))
    assert spans_ok(facts, text)
    for s in facts.statements:
        assert s.evidence.document == "r1" and s.rule and 0 < s.confidence <= 1


def test_extract_robustness_many_in_parallel_equals_serial() -> None:
    texts = [
        '"We are ready," said Zabihullah Mujahid. The Taliban on Sunday released 20 Afghan soldiers.',
        "The government has freed 300 Taliban prisoners so far, Jawed Faisal said.",
        "Nothing to see.",
    ]
    docs = [doc(t, f"p{i}") for i, t in enumerate(texts)]
    seen: list[int] = []
    serial = extract_many(docs, jobs=1)
    parallel = extract_many(docs, jobs=2, progress=seen.append)
    assert serial == parallel
    assert list(parallel) == ["p0", "p1", "p2"]
    assert seen[-1] == 3


def _refs(facts: DocFacts) -> set[str]:
    found: set[str] = set()
    for s in facts.statements:
        found.update(x for x in (s.speaker, s.post) if x)
    for r in facts.releases:
        found.update(x for x in (r.releaser, r.released_party, r.source) if x)
    for c in facts.commitments:
        found.update(x for x in (c.obligor, c.counterparty, c.object_party) if x)
    for a in facts.agreements:
        found.update(a.signatories)
    for p in facts.posts:
        found.update(x for x in (p.party, p.holder) if x)
    return found


@pytest.mark.parametrize(
    "text",
    [
        '"We are ready," said Hamid Karzai, a former president. A senior official in the office of President Ashraf Ghani '
        "said the Taliban on Sunday released 20 soldiers.",
        "The Popular Resistance Front (PRF) freed two soldiers on Sunday, its spokesman Omar Haddad told AFP.",
        "Under the deal, the government would free 5,000 Taliban prisoners by March 10, a Western diplomat said.",
    ],
)
def test_extract_robustness_every_actor_is_known_or_declared(text: str) -> None:
    from loaders.gazetteer import load_gazetteer

    gaz = load_gazetteer()
    known = set(gaz.parties) | set(gaz.persons) | {p.id for p in gaz.posts}
    facts = extract(doc(text))
    declared = {p.id for p in facts.parties} | {p.id for p in facts.persons} | {p.id for p in facts.posts}
    assert _refs(facts) <= known | declared
    assert _refs(facts)
