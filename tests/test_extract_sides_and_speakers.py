"""Releases by each side of a swap told in other ways ("84 prisoners were freed by each side";
"each side also released eight civilians" after an exchange a third state mediated), a batch over
two named days ("on Saturday and Sunday"), a superlative that is no running total ("the largest
exchange since the start of the war"); statements whose sentence opens with a place or a time
("In the southern city of Kandahar, residents said"), "he" at the head of a sentence standing for
the subject of the one before, a speaker named again without the Arabic article of the name
("Bashir" after "Omar al-Bashir"), and Gaza's health ministry speaking for Hamas, which runs it.
Sentences written for these tests."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUBLISHED = dt.date(2025, 8, 25)  # a Monday


def facts(text: str, published: dt.date = PUBLISHED):
    return extract(Document("s1", "s1.txt", published, "Test Wire", "test", text, "0"))


def releases(text: str, published: dt.date = PUBLISHED) -> set[tuple]:
    return {(r.releaser, r.released_party, r.count, r.cumulative, r.date_from, r.date_to)
            for r in facts(text, published).releases}


def statements(text: str, published: dt.date = PUBLISHED) -> set[tuple[str, str]]:
    return {(s.speaker, s.evidence.text) for s in facts(text, published).statements}


def test_a_passive_release_by_each_side_is_one_release_per_side() -> None:
    found = releases("Russia and Ukraine agreed in Istanbul to swap prisoners. The first swap took place on Aug. 14, "
                     "when 84 prisoners were freed by each side.")
    day = dt.date(2025, 8, 14)
    assert found == {("russia", "ukraine", 84, False, day, day), ("ukraine", "russia", 84, False, day, day)}


def test_a_total_freed_by_both_sides_together_is_no_release_of_either() -> None:
    found = releases("Russia and Ukraine swapped prisoners on Sunday. The Emirati mediators said the exchange brought to "
                     "3,233 the total number of captives freed by both sides.")
    assert 3233 not in {r[2] for r in found}


def test_each_side_after_a_go_between_is_the_two_sides() -> None:
    found = releases("Russia and Ukraine each freed 146 prisoners of war on Sunday in an exchange mediated by the "
                     "United Arab Emirates, and each side also released eight civilians.")
    day = dt.date(2025, 8, 24)
    assert {("russia", "ukraine", 8, False, day, day), ("ukraine", "russia", 8, False, day, day)} <= found
    assert "united-arab-emirates" not in {r[0] for r in found}


def test_a_batch_over_two_named_days() -> None:
    found = releases("The Afghan government freed 1,000 Taliban prisoners on Saturday and Sunday, officials said.",
                     dt.date(2020, 6, 1))
    assert found == {("government-of-afghanistan", "taliban", 1000, False, dt.date(2020, 5, 30), dt.date(2020, 5, 31))}
    # two batches of two days stay two batches
    found = releases("The Taliban freed 20 soldiers on Sunday and Kabul freed 100 prisoners on Monday.", dt.date(2020, 6, 1))
    assert {(r[2], r[4], r[5]) for r in found} == {(20, dt.date(2020, 5, 31), dt.date(2020, 5, 31)),
                                                   (100, dt.date(2020, 6, 1), dt.date(2020, 6, 1))}


def test_the_largest_exchange_since_the_war_began_is_no_running_total() -> None:
    found = releases("Russia freed 215 Ukrainian prisoners in the largest exchange since the start of the war, "
                     "officials said on Thursday.", dt.date(2022, 9, 22))
    assert {(r[2], r[3]) for r in found} == {(215, False)}
    found = releases("Russia has freed 215 Ukrainian prisoners since the start of the war.", dt.date(2022, 9, 22))
    assert {(r[2], r[3]) for r in found} == {(215, True)}


def test_a_statement_keeps_the_place_or_time_its_sentence_opens_with() -> None:
    found = statements("In the southern city of Kandahar, residents said families had crowded into the markets.")
    assert {t for _, t in found} == {"In the southern city of Kandahar, residents said families had crowded into the markets"}
    found = statements("Earlier this month, Human Rights Watch accused Azerbaijani forces of abusing Armenian prisoners.")
    assert {t for _, t in found} == {"Earlier this month, Human Rights Watch accused Azerbaijani forces of abusing "
                                     "Armenian prisoners"}


def test_he_at_the_head_of_a_sentence_is_the_subject_of_the_one_before() -> None:
    text = ("President Ivan Duque, who took office on Aug. 7, has said he will not resume the talks begun by his "
            "predecessor, Juan Manuel Santos. He welcomed the release on Twitter.")
    found = statements(text, dt.date(2018, 9, 13))
    assert ("ivan-duque", "He welcomed the release on Twitter") in found


def test_a_speaker_named_again_without_the_article_of_the_name() -> None:
    found = statements("Sudanese President Omar al-Bashir signed the deal in Addis Ababa. Bashir told the ceremony "
                       "that the agreements marked the end of the war.", dt.date(2012, 9, 28))
    assert {s for s, _ in found} == {"omar-al-bashir"}


def test_gazas_health_ministry_speaks_for_hamas() -> None:
    found = statements("More than 47,000 Palestinians have been killed in Israel's offensive, Gaza's health ministry says.")
    assert {s for s, _ in found} == {"hamas"}
