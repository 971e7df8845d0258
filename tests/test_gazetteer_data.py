"""The actor gazetteer: aliases resolve, posts are dated, bad files are refused."""

from __future__ import annotations

import datetime as dt

import pytest

from kg.errors import DataFileError
from loaders.gazetteer import load_gazetteer, normalise


@pytest.mark.parametrize(
    "name, actor",
    [
        ("Taliban", "taliban"),
        ("the Taliban", "taliban"),
        ("Khalilzad", "zalmay-khalilzad"),
        ("the International Committee of the Red Cross", "icrc"),
        ("Afghan authorities", "government-of-afghanistan"),
        ("U.S.", "united-states"),
        ("nobody in particular", None),
    ],
)
def test_gazetteer_resolves_aliases(name, actor):
    assert load_gazetteer().resolve(name) == actor


def test_gazetteer_posts_dated():
    gaz = load_gazetteer()
    posts = gaz.posts_of("abdullah-abdullah", on=dt.date(2020, 6, 1))
    assert [p.title for p in posts] == ["Chairman of the High Council for National Reconciliation"]
    assert gaz.posts_of("mike-pompeo", on=dt.date(2022, 1, 1)) == []


def test_gazetteer_normalise():
    assert normalise("  The  Taliban\u2019s ") == "taliban's"


@pytest.mark.parametrize(
    "text, fragments",
    [
        ("parties:\n  - id: a\n    name: A\n    kind: tribe\n", ["line 4", "field 'kind'", "tribe"]),
        ("parties:\n  - id: a\n    name: A\n  - id: a\n    name: B\n", ["line 4", "duplicate party id 'a'"]),
        ("parties:\n  - id: a\n    name: A\n    aliases: [X]\n  - id: b\n    name: B\n    aliases: [x]\n", ["alias 'x'", "already names 'a'"]),
        ("persons:\n  - id: p\n    name: P\n    posts:\n      - {title: envoy, party: nowhere}\n", ["line 5", "unknown party 'nowhere'"]),
        ("persons:\n  - id: p\n    name: P\n    colour: red\n", ["line 4", "unknown field 'colour'"]),
        ("parties:\n  - id: a\n    name: A\npersons:\n  - id: p\n    name: P\n    posts:\n      - {title: envoy, party: a, from: soon}\n", ["field 'from'", "soon"]),
        ("parties:\n  - id: a\n    name: A\n    country: X\n    from: someday\n", ["line 5", "field 'from'", "someday"]),
        ("parties:\n  - id: a\n    name: A\n    to: 2020\n", ["line 2", "needs the party's 'country'"]),
        ("sections: []\n", ["unknown section 'sections'"]),
        ("parties: [\n", ["not valid YAML"]),
    ],
)
def test_gazetteer_bad_file_names_line_and_field(tmp_path, text, fragments):
    path = tmp_path / "actors.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_gazetteer(path)
    for fragment in fragments:
        assert fragment in str(info.value)
    assert str(path) in str(info.value)


def test_gazetteer_party_periods_limit_a_country_to_its_parties_of_the_day(tmp_path):
    path = tmp_path / "actors.yaml"
    path.write_text("parties:\n  - id: state-x\n    name: Xland\n    kind: state\n    country: Xland\n"
                    "  - id: unity-gov\n    name: Unity Government\n    kind: government\n    country: Xland\n"
                    "    from: 2015-12-17\n    to: 2021-03-15\n", encoding="utf-8")
    gaz = load_gazetteer(path)
    assert gaz.on(dt.date(2018, 5, 1)) is gaz  # while it stood for the country
    assert gaz.on(dt.date(2022, 6, 1)) is gaz  # the recent past a text looks back on
    before = gaz.on(dt.date(1975, 12, 23))
    assert before.countries["Xland"] == ("state-x",)
    assert before.resolve("Unity Government") == "unity-gov"  # still known by its name
    assert gaz.on(dt.date(1980, 1, 1)) is before  # one view per set of parties left out


@pytest.mark.parametrize("name, actor", [("Ivory Coast", "cote-d-ivoire"), ("Swaziland", "eswatini"), ("Bolivia", "bolivia"),
                                         ("St. Lucia", "saint-lucia"), ("East Timor", "timor-leste")])
def test_gazetteer_knows_every_member_state(name, actor):
    assert load_gazetteer().resolve(name) == actor


def test_gazetteer_a_state_born_late_is_not_read_into_earlier_texts():
    gaz = load_gazetteer()
    assert "timor-leste" not in gaz.on(dt.date(1999, 9, 8)).countries["Timor-Leste"]
    assert "timor-leste" in gaz.on(dt.date(2006, 5, 1)).countries["Timor-Leste"]


def test_gazetteer_states_of_the_past_stand_for_their_country_only_in_their_time():
    gaz = load_gazetteer()
    assert gaz.resolve("USSR") == "soviet-union" and gaz.resolve("East Germany") == "east-germany"
    assert "yugoslavia" in gaz.on(dt.date(1999, 5, 3)).countries["Yugoslavia"]
    assert "soviet-union" not in gaz.on(dt.date(2024, 1, 1)).countries["Soviet Union"]
