"""Exports for spreadsheets and Gephi: a CSV per table, and the actor network as GraphML and GEXF.

The CSVs hold the answer records of :mod:`kg.answers` (one row per record,
lists joined with ``"; "``, yes/no as ``true``/``false``, missing as empty);
the graph files hold :func:`kg.views.actor_network` with its attributes
flattened to the plain values both formats accept.

>>> flat({"a": None, "b": ["x", "y"], "c": {"k": 1}, "d": True})
{'b': 'x; y', 'c': '{"k": 1}', 'd': True}
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from pathlib import Path
from typing import Any, Iterable

import networkx as nx

from kg.stores.base import Store

__all__ = ["COLUMNS", "flat", "flat_graph", "to_csv", "write_tables"]

COLUMNS: dict[str, list[str]] = {
    "commitments": ["id", "obligor", "action", "object", "counterparty", "target_count", "upper_bound", "deadline",
                    "agreement", "agreement_id", "agreed_on", "achieved", "share", "status", "overdue", "late",
                    "fulfilled_on", "as_of", "known_from", "basis", "evidence_spans", "evidence_text"],
    "statements": ["id", "speaker", "speaker_party", "post", "anonymous", "kind", "type", "text", "said_on", "channel",
                   "document", "published", "start", "end", "expected_from", "expected_to"],
    "releases": ["releaser", "released_party", "count", "qualifier", "cumulative", "date_from", "date_to", "place",
                 "source", "source_anonymous", "description", "documents", "figures", "evidence_spans", "evidence_text"],
    "agreements": ["id", "name", "kind", "agreed_on", "place", "signatory_parties", "signatory_persons", "documents"],
    "sources": ["kind", "id", "label", "documents", "single_source", "anonymous"],
}


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int, float)) for v in value):
        return "; ".join(str(v) for v in value)
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return str(value)


def to_csv(records: Iterable[dict[str, Any]], columns: list[str]) -> str:
    """CSV text with a header row and one row per record (only ``columns``, in that order)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for record in records:
        writer.writerow([_cell(record.get(c)) for c in columns])
    return out.getvalue()


def _spans(evidence: list[dict[str, Any]]) -> dict[str, str]:
    return {"evidence_spans": "; ".join(f"{e['document']}:{e['start']}-{e['end']}" for e in evidence),
            "evidence_text": " | ".join(" ".join(str(e["text"]).split()) for e in evidence)}


def flat(attrs: dict[str, Any]) -> dict[str, Any]:
    """Attributes GraphML and GEXF accept: text, numbers and yes/no; lists joined, dicts as JSON, None left out."""
    out: dict[str, Any] = {}
    for key, value in attrs.items():
        if value is None:
            continue
        if isinstance(value, (bool, int, float, str)):
            out[key] = value
        else:
            out[key] = _cell(value)
    return out


def flat_graph(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy of a view with every node, edge and graph attribute flattened (see :func:`flat`)."""
    out = nx.MultiDiGraph()
    out.graph.update({k: v for k, v in flat(graph.graph).items() if not isinstance(graph.graph[k], dict)})
    # one value type per attribute name, or Gephi sees two columns of the same name
    numeric = {key for _, data in graph.nodes(data=True) for key, v in data.items() if isinstance(v, float)}
    for node, data in graph.nodes(data=True):
        attrs = flat(data)
        for key in numeric & attrs.keys():
            if isinstance(attrs[key], int) and not isinstance(attrs[key], bool):
                attrs[key] = float(attrs[key])
        out.add_node(node, **attrs)
    for a, b, key, data in graph.edges(keys=True, data=True):
        out.add_edge(a, b, key=key, **flat(data))
    return out


# the day NetworkX stamps on a GEXF file
GEXF_DAY = re.compile(rb'lastmodifieddate="[^"]*"')


def write_tables(store: Store, out_dir: Path | str, *, as_of: dt.date | None = None) -> dict[str, Path]:
    """Write ``commitments.csv``, ``statements.csv``, ``releases.csv``, ``agreements.csv``,
    ``sources.csv``, ``graph.graphml`` and ``graph.gexf`` into ``out_dir``; return their paths."""
    from kg import answers, views
    from kg.export import write_atomic

    out_dir = Path(out_dir)
    records = {
        "commitments": [{**c, **_spans(c["evidence"])} for c in answers.commitments(store, as_of)],
        "statements": answers.statements(store, as_of=as_of),
        "releases": [{**r, **_spans(r["reports"])} for r in answers.releases(store, as_of)],
        "agreements": answers.agreements(store, as_of),
        "sources": answers.corroboration(store, as_of),
    }
    written: dict[str, Path] = {}
    for name, rows in records.items():
        path = out_dir / f"{name}.csv"
        write_atomic(path, to_csv(rows, COLUMNS[name]))
        written[name] = path

    graph = flat_graph(views.actor_network(store, as_of))
    # GEXF stamps the day it was written; the day the graph is as of instead, so that a rebuild of the
    # same corpus writes the same file on any day
    day = as_of or answers.newest_publication_date(store)
    for ext, writer in (("graphml", nx.write_graphml), ("gexf", nx.write_gexf)):
        buffer = io.BytesIO()
        writer(graph, buffer)
        data = buffer.getvalue()
        if ext == "gexf" and day is not None:
            data = GEXF_DAY.sub(f'lastmodifieddate="{day.isoformat()}"'.encode(), data, count=1)
        path = out_dir / f"graph.{ext}"
        write_atomic(path, data)
        written[ext] = path
    return written
