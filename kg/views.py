"""NetworkX views of the graph, built from the answers (:mod:`kg.answers`).

Two views: the actor network (parties, officials, anonymous sources,
agreements, commitments, releases, statements and documents, with labelled
edges) and who-said-what (speakers, their parties, their statements and what
the statements are about). Node ids are readable and stable
(``party:Taliban``, ``commitment:<id>``); every node has a ``kind`` and a
``label``; edges have a ``label``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import networkx as nx

from kg import answers
from kg.stores.base import Store

__all__ = ["KINDS", "actor_network", "centrality", "most_quoted", "who_said_what"]

KINDS = ("party", "official", "anonymous", "agreement", "commitment", "release", "statement", "document")


def _add(graph: nx.MultiDiGraph, node: str, kind: str, label: str, **attrs: Any) -> str:
    if node not in graph:
        graph.add_node(node, kind=kind, label=label, **attrs)
    else:
        graph.nodes[node].update({k: v for k, v in attrs.items() if v is not None})
    return node


def _edge(graph: nx.MultiDiGraph, a: str, b: str, label: str) -> None:
    if not any(d.get("label") == label for d in graph.get_edge_data(a, b, default={}).values()):
        graph.add_edge(a, b, label=label)


def _speaker_node(graph: nx.MultiDiGraph, s: dict[str, Any]) -> str:
    name = s["speaker"] or "unattributed"
    if s["anonymous"]:
        return _add(graph, f"anonymous:{s['document']}:{name}", "anonymous", name, party=s["speaker_party"])
    if s["speaker_party"] == name:
        return _add(graph, f"party:{name}", "party", name)
    node = _add(graph, f"official:{name}", "official", name, post=s["post"], party=s["speaker_party"])
    if s["speaker_party"]:
        _edge(graph, node, _add(graph, f"party:{s['speaker_party']}", "party", s["speaker_party"]), "speaks for")
    return node


def actor_network(store: Store, as_of: dt.date | None = None, *, documents: dict[str, Any] | None = None) -> nx.MultiDiGraph:
    """Everything connected: who signed, owes, released, said, and where it was read."""
    graph = nx.MultiDiGraph(as_of=(as_of or dt.date.today()).isoformat())
    docs = documents or {}

    def doc_node(doc_id: str) -> str:
        meta = docs.get(doc_id, {})
        return _add(graph, f"document:{doc_id}", "document", meta.get("title") or doc_id,
                    published=meta.get("published"), publisher=meta.get("publisher"))

    for a in answers.agreements(store, as_of):
        node = _add(graph, f"agreement:{a['id']}", "agreement", a["name"], agreed_on=a["agreed_on"],
                    place=a["place"], subtype=a["kind"])
        for name in a["signatory_parties"]:
            _edge(graph, _add(graph, f"party:{name}", "party", name), node, "signed")
        for name in a["signatory_persons"]:
            _edge(graph, _add(graph, f"official:{name}", "official", name), node, "signed")

    for c in answers.commitments(store, as_of):
        node = _add(graph, f"commitment:{c['id']}", "commitment",
                    f"{c['obligor']}: {c['action']} {c['target_count'] or ''} {c['object']}".replace("  ", " "),
                    status=c["status"], achieved=c["achieved"], target=c["target_count"], share=c["share"],
                    deadline=c["deadline"], overdue=c["overdue"], late=c["late"], upper_bound=c["upper_bound"],
                    evidence=c["evidence"][:3])
        _edge(graph, _add(graph, f"party:{c['obligor']}", "party", c["obligor"]), node, "owes")
        if c["counterparty"]:
            _edge(graph, node, _add(graph, f"party:{c['counterparty']}", "party", c["counterparty"]), "owed to")
        if c["agreement_id"]:
            _edge(graph, node, _add(graph, f"agreement:{c['agreement_id']}", "agreement", c["agreement"] or c["agreement_id"]), "under")

    for r in answers.releases(store, as_of):
        first = r["reports"][0]
        node = _add(graph, f"release:{first['document']}:{first['start']}", "release",
                    f"{r['releaser']} freed {r['count'] if r['count'] is not None else 'some'}"
                    + (" (total)" if r["cumulative"] else ""),
                    count=r["count"], cumulative=r["cumulative"], date_from=r["date_from"], date_to=r["date_to"],
                    place=r["place"], source=r["source"], sentence=first["text"], documents=r["documents"])
        if r["releaser"]:
            _edge(graph, _add(graph, f"party:{r['releaser']}", "party", r["releaser"]), node, "released")
        if r["released_party"]:
            _edge(graph, node, _add(graph, f"party:{r['released_party']}", "party", r["released_party"]), "people of")
        for doc in r["documents"]:
            _edge(graph, node, doc_node(doc), "reported in")

    for s in answers.statements(store, as_of=as_of):
        speaker = _speaker_node(graph, s)
        node = _add(graph, f"statement:{s['id']}", "statement", s["text"][:60], text=s["text"], speaker=s["speaker"],
                    said_on=s["said_on"], channel=s["channel"], kind_of_speech=s["kind"], type=s["type"],
                    document=s["document"], start=s["start"], end=s["end"])
        _edge(graph, speaker, node, "said")
        _edge(graph, node, doc_node(s["document"]), "in")
    return graph


def who_said_what(store: Store, as_of: dt.date | None = None) -> nx.MultiDiGraph:
    """Speakers, their parties, their statements and what each is about."""
    graph = nx.MultiDiGraph()
    for s in answers.statements(store, as_of=as_of):
        speaker = _speaker_node(graph, s)
        node = _add(graph, f"statement:{s['id']}", "statement", s["text"][:60], type=s["type"],
                    kind_of_speech=s["kind"], said_on=s["said_on"], channel=s["channel"], document=s["document"])
        _edge(graph, speaker, node, "said")
    return graph


def most_quoted(graph: nx.MultiDiGraph, top: int = 10) -> list[tuple[str, int]]:
    """Speakers ranked by statements made (ties by name)."""
    counts = []
    for node, data in graph.nodes(data=True):
        if data["kind"] in ("official", "anonymous", "party"):
            n = sum(1 for _, target, d in graph.out_edges(node, data=True) if d.get("label") == "said")
            if n:
                counts.append((data["label"], n))
    return sorted(counts, key=lambda kv: (-kv[1], kv[0]))[:top]


def centrality(graph: nx.MultiDiGraph, top: int = 10, kinds: tuple[str, ...] = ("party", "official", "anonymous")) -> list[tuple[str, float]]:
    """Actors ranked by betweenness centrality on the undirected network."""
    simple = nx.Graph(graph.to_undirected())
    scores = nx.betweenness_centrality(simple, normalized=True)
    ranked = [(graph.nodes[n]["label"], round(score, 4)) for n, score in scores.items() if graph.nodes[n]["kind"] in kinds]
    return sorted(ranked, key=lambda kv: (-kv[1], kv[0]))[:top]
