"""Scores: matching rules, one-to-one pairing, and the figures on the seed articles."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from loaders.evaluate import OVERLAP, Scores, evaluate, evaluate_dirs, overlap
from loaders.facts import DocFacts, Evidence, Person, Post, Release, Statement

ROOT = Path(__file__).resolve().parent.parent


def ev(start: int, end: int, doc: str = "d") -> Evidence:
    return Evidence(doc, start, end, "x" * (end - start))


def st(speaker: str, start: int, end: int) -> Statement:
    return Statement(speaker=speaker, kind="direct", type="claim", text="x", evidence=ev(start, end))


@pytest.mark.parametrize(
    "a, b, value",
    [((0, 10), (0, 10), 1.0), ((0, 10), (1, 10), 0.9), ((0, 10), (5, 15), 0.5), ((0, 10), (10, 20), 0.0), ((0, 100), (10, 20), 0.1)],
)
def test_evaluate_scores_overlap_is_shared_over_longer(a: tuple[int, int], b: tuple[int, int], value: float) -> None:
    assert overlap(ev(*a), ev(*b)) == pytest.approx(value)


@pytest.mark.parametrize(
    "pred, hits",
    [
        (st("taliban", 0, 100), 1),  # same speaker, same span
        (st("taliban", 10, 100), 1),  # 0.9 overlap
        (st("taliban", 30, 100), 0),  # 0.7 overlap: below the threshold
        (st("united-states", 0, 100), 0),  # another speaker
        (st("Taliban".lower(), 0, 100), 1),
    ],
)
def test_evaluate_scores_statement_matching(pred: Statement, hits: int) -> None:
    gold = {"d": DocFacts("d", statements=(st("taliban", 0, 100),))}
    scores = evaluate({"d": DocFacts("d", statements=(pred,))}, gold)
    assert scores["statements"].tp == hits
    assert OVERLAP == 0.8


def test_evaluate_scores_speakers_match_by_declared_name_and_alias() -> None:
    gold = DocFacts("d", persons=(Person("ab-c", "Abu Bakr Chaudhry", ("Chaudhry",)),), statements=(st("ab-c", 0, 50),))
    pred = DocFacts("d", persons=(Person("abu-bakr-chaudhry", "Abu Bakr Chaudhry"),), statements=(st("abu-bakr-chaudhry", 0, 50),))
    assert evaluate({"d": pred}, {"d": gold})["statements"].tp == 1


def test_evaluate_scores_anonymous_posts_match_on_party_and_title() -> None:
    g_post = Post("gov/senior-official/anon-1", "senior official", "government-of-afghanistan", anonymous=True)
    p_post = Post("government-of-afghanistan/senior-official-in-kabul/anon-d", "senior official in Kabul",
                  "government-of-afghanistan", anonymous=True)
    gold = DocFacts("d", posts=(g_post,), statements=(st(g_post.id, 0, 50),))
    pred = DocFacts("d", posts=(p_post,), statements=(st(p_post.id, 0, 50),))
    assert evaluate({"d": pred}, {"d": gold})["statements"].tp == 1


def test_evaluate_scores_one_to_one() -> None:
    gold = {"d": DocFacts("d", statements=(st("taliban", 0, 100),))}
    pred = {"d": DocFacts("d", statements=(st("taliban", 0, 100), st("taliban", 5, 100)))}
    s = evaluate(pred, gold)["statements"]
    assert (s.tp, s.fp, s.fn) == (1, 1, 0)
    assert s.precision == 0.5 and s.recall == 1.0 and s.f1 == pytest.approx(2 / 3)


def test_evaluate_scores_releases_need_all_fields() -> None:
    day = dt.date(2020, 4, 12)
    g = Release("taliban", "government-of-afghanistan", 20, ev(0, 10), date_from=day, date_to=day)
    wrong_day = Release("taliban", "government-of-afghanistan", 20, ev(0, 10), date_from=day, date_to=dt.date(2020, 4, 13))
    scores = evaluate({"d": DocFacts("d", releases=(g, wrong_day))}, {"d": DocFacts("d", releases=(g,))})
    assert (scores["releases"].tp, scores["releases"].fp) == (1, 1)
    assert any("releases d" in e for e in scores.extra)


def test_evaluate_scores_table_and_dict() -> None:
    scores = evaluate({}, {"d": DocFacts("d", statements=(st("taliban", 0, 10),))})
    assert isinstance(scores, Scores)
    rows = scores.table()
    assert rows[0] == ["type", "precision", "recall", "f1", "tp", "fp", "fn"]
    assert [r[0] for r in rows[1:]] == ["statements", "releases", "commitments", "agreements", "actors"]
    assert scores.to_dict()["statements"] == {"precision": 1.0, "recall": 0.0, "f1": 0.0, "tp": 0, "fp": 0, "fn": 1}


def test_evaluate_scores_say_why_gold_facts_were_missed() -> None:
    day = dt.date(2020, 4, 12)
    gold = DocFacts("d", statements=(st("taliban", 0, 100), st("taliban", 200, 300), st("taliban", 400, 500)),
                    releases=(Release("taliban", "government-of-afghanistan", 20, ev(600, 650), date_from=day, date_to=day),))
    pred = DocFacts("d", statements=(st("united-states", 0, 100), st("taliban", 250, 300)),
                    releases=(Release("taliban", "government-of-afghanistan", 30, ev(600, 640), date_from=day,
                                      date_to=dt.date(2020, 4, 13)),))
    scores = evaluate({"d": pred}, {"d": gold})
    assert scores.causes == (
        ("statements", "not found", 1), ("statements", "span", 1), ("statements", "speaker", 1),
        ("releases", "count+date_to", 1),
    )
    assert scores.to_dict()["missed_because"] == {"statements": {"not found": 1, "span": 1, "speaker": 1},
                                                  "releases": {"count+date_to": 1}}


def test_evaluate_scores_a_full_match_has_no_causes() -> None:
    gold = {"d": DocFacts("d", statements=(st("taliban", 0, 100),))}
    assert evaluate(gold, gold).causes == ()


def test_evaluate_scores_seed_articles_reach_target() -> None:
    scores = evaluate_dirs(ROOT / "corpus", ROOT / "corpus" / "facts")
    assert scores.documents == 2
    for kind in ("statements", "releases", "commitments"):
        assert scores[kind].f1 >= 0.95, (kind, scores.missed, scores.extra)
