"""CSV tables and GraphML/GEXF for Gephi, from the answers and the actor network."""

from __future__ import annotations

import csv
import datetime as dt

import networkx as nx
import pytest

from kg import answers, views
from kg.tables import COLUMNS, flat_graph, write_tables

SEED_DAY = dt.date(2020, 4, 13)
RECORDS = {
    "commitments": lambda s, d: answers.commitments(s, d),
    "statements": lambda s, d: answers.statements(s, as_of=d),
    "releases": lambda s, d: answers.releases(s, d),
    "agreements": lambda s, d: answers.agreements(s, d),
    "sources": lambda s, d: answers.corroboration(s, d),
}


@pytest.fixture(scope="module")
def seed_tables(seed_oxigraph, tmp_path_factory):
    store, _ = seed_oxigraph
    return write_tables(store, tmp_path_factory.mktemp("tables"), as_of=SEED_DAY)


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_tables_csv_has_a_row_per_record(seed_oxigraph, seed_tables, name):
    store, _ = seed_oxigraph
    with seed_tables[name].open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == COLUMNS[name]
    assert len(rows) == len(RECORDS[name](store, SEED_DAY))


@pytest.mark.parametrize("obligor, target, achieved, status, overdue", [
    ("Government of Afghanistan", "5000", "300", "in_progress", "true"),
    ("Taliban", "1000", "20", "in_progress", "true"),
])
def test_tables_commitments_csv_values(seed_tables, obligor, target, achieved, status, overdue):
    with seed_tables["commitments"].open(encoding="utf-8", newline="") as handle:
        row = next(r for r in csv.DictReader(handle) if r["obligor"] == obligor and r["target_count"] == target)
    assert (row["achieved"], row["status"], row["overdue"]) == (achieved, status, overdue)
    assert row["evidence_spans"].count(":") == row["evidence_text"].count(" | ") + 1


@pytest.mark.parametrize("ext, reader", [("graphml", nx.read_graphml), ("gexf", nx.read_gexf)])
def test_tables_graph_files_hold_the_actor_network(seed_oxigraph, seed_tables, ext, reader):
    store, _ = seed_oxigraph
    graph = views.actor_network(store, SEED_DAY)
    read = reader(seed_tables[ext])
    assert set(read.nodes) == set(graph.nodes)
    assert read.number_of_edges() == graph.number_of_edges()
    node = "commitment:agreement/taliban+united-states/2020-02-29/government-of-afghanistan/release/taliban"
    assert read.nodes[node]["status"] == "in_progress" and read.nodes[node]["kind"] == "commitment"


@pytest.mark.parametrize("value, expected", [(["a", "b"], "a; b"), ({"k": 1}, '{"k": 1}'), (None, None), (0.5, 0.5)])
def test_tables_flat_graph_keeps_plain_values(value, expected):
    g = nx.MultiDiGraph(meta={"nested": True})
    g.add_node("n", kind="party", value=value)
    g.add_edge("n", "n", label="self")
    out = flat_graph(g)
    assert out.nodes["n"].get("value") == expected
    assert "meta" not in out.graph and out.edges["n", "n", 0]["label"] == "self"


def test_tables_gexf_is_dated_by_the_day_it_is_as_of_not_the_day_it_was_written(seed_tables):
    text = seed_tables["gexf"].read_text(encoding="utf-8")
    assert f'lastmodifieddate="{SEED_DAY.isoformat()}"' in text
