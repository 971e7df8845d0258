"""Finding one commitment by its id or a part of it, and the error that names
what there is when nothing (or more than one) matches."""

from __future__ import annotations

import pytest

from kg.answers import KNOWN_SHOWN, _find
from kg.errors import QueryError

RECORDS = [{"id": f"agreement/a+b/2020-01-{day:02d}/a/release/b"} for day in range(1, 26)]


def test_an_exact_id_or_a_part_naming_one_finds_it() -> None:
    assert _find(RECORDS, RECORDS[3]["id"]) is RECORDS[3]
    assert _find(RECORDS, "2020-01-07") is RECORDS[6]


def test_an_unknown_id_names_a_few_known_ones_and_how_many_more() -> None:
    with pytest.raises(QueryError) as raised:
        _find(RECORDS, "agreement/c+d")
    message = str(raised.value)
    assert "matches no commitment; known: " in message
    assert message.count("agreement/a+b/") == KNOWN_SHOWN
    assert message.endswith(f"and {len(RECORDS) - KNOWN_SHOWN} more")


def test_a_part_that_names_several_lists_only_those() -> None:
    with pytest.raises(QueryError) as raised:
        _find(RECORDS, "2020-01-1")  # days 10 to 19
    message = str(raised.value)
    assert "matches several commitment; matching: " in message
    assert [day for day in range(1, 26) if f"2020-01-{day:02d}/" in message] == list(range(10, 20))
    assert "more" not in message


def test_an_empty_answer_says_none_is_known() -> None:
    with pytest.raises(QueryError, match="known: none$"):
        _find([], "anything")
