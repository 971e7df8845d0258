"""Batches dated by the sentences before them: "on the final day" of an event just told, the other
side's batch "for its part", and a batch spread "over three days" up to the last day told."""

from __future__ import annotations

import datetime as dt

from loaders.extract import extract
from loaders.facts import Document

PUB = dt.date(2023, 6, 14)  # a Wednesday
COL, ELN = "government-of-colombia", "eln"
SUNDAY = dt.date(2023, 6, 11)


def releases(text: str):
    found = extract(Document("r3", "r3.txt", PUB, "Test Wire", "test", text, "0")).releases
    return {(r.releaser, r.count, r.date_from, r.date_to) for r in found}


LEAD = "Colombia's largest prisoner exchange with the ELN ended on Sunday with flights from Arauca to Bogota.\n\n"


def test_extract_release_days_final_day_of_the_event_told_before() -> None:
    found = releases(LEAD + "On the final day, the government freed 64 ELN fighters, who were flown to Arauca.")
    assert (COL, 64, SUNDAY, SUNDAY) in found


def test_extract_release_days_the_other_side_for_its_part() -> None:
    text = LEAD + ("On the final day, the government freed 64 ELN fighters, who were flown to Arauca. The ELN, for its "
                   "part, let go 12 soldiers, who were handed to the Red Cross.")
    assert (ELN, 12, SUNDAY, SUNDAY) in releases(text)


def test_extract_release_days_over_three_days_up_to_the_day_told() -> None:
    text = LEAD + "Over three days the ELN released 40 soldiers and police officers, the Red Cross said."
    assert (ELN, 40, dt.date(2023, 6, 9), SUNDAY) in releases(text)
    # with a day of its own, that day closes the span
    assert (ELN, 40, dt.date(2023, 6, 7), dt.date(2023, 6, 9)) in releases(
        "Over three days, ending on Friday, the ELN released 40 soldiers and police officers.")


def test_extract_release_days_no_day_told_leaves_the_batch_undated() -> None:
    found = releases("The ELN has a long history of kidnappings. Over three days the ELN released 40 soldiers and police officers.")
    assert all(d is None for _, _, d, _ in found)


def test_extract_release_days_a_swap_since_a_day_when_each_side_freed_some() -> None:
    text = ("Colombia and the ELN exchanged 30 prisoners on Tuesday. It was the first swap since 2 May, when each side "
            "released 12.")
    found = releases(text)
    assert (COL, 12, dt.date(2023, 5, 2), dt.date(2023, 5, 2)) in found and (ELN, 12, dt.date(2023, 5, 2), dt.date(2023, 5, 2)) in found


def test_extract_release_days_a_bare_figure_as_the_object() -> None:
    found = releases("The ELN freed 14 police officers on Monday and the government released 30.")
    assert (COL, 30, dt.date(2023, 6, 12), dt.date(2023, 6, 12)) in found
    assert (ELN, 9, SUNDAY, SUNDAY) in releases("The ELN freed 9 on Sunday, the Red Cross said.")
    # a year after the verb is no figure of people
    assert releases("The ELN released 2019 figures on Sunday.") == set()


def test_extract_release_days_people_named_with_what_they_do() -> None:
    text = "The ELN on Sunday freed Spanish engineer Pablo Ortega Ruiz and Colombian nurse Marta Gil Pardo near Arauca."
    assert {(r, n) for r, n, _, _ in releases(text)} == {(ELN, 2)}
    # a verb of being after "freed" opens no list of people
    assert releases("Among the freed soldiers was Captain Jorge Rivas Mena, the army said.") == set()
