"""NetworkX views of the graph, built from the answers (:mod:`kg.answers`).

Two views: the actor network (parties, officials, anonymous sources,
agreements, commitments, releases, statements and documents, with labelled
edges) and who-said-what (speakers, their parties, their statements and what
the statements are about). Node ids are readable and stable
(``party:Taliban``, ``commitment:<id>``); every node has a ``kind`` and a
``label``; edges have a ``label``.

For the page's date control every node of the actor network also carries
``known_from`` (the earliest publication date of the documents that support
it; an actor takes the earliest date of the facts it is linked to) and
``parties`` (the parties it involves). With ``history=True`` each commitment
carries ``timeline``: its status at each publication date on which its
evidence changed (see :func:`commitment_timelines`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import networkx as nx

from kg import answers
from kg.stores.base import Store

__all__ = ["KINDS", "actor_network", "centrality", "commitment_timelines", "most_quoted", "publications",
           "who_said_what"]

KINDS = ("party", "official", "anonymous", "agreement", "commitment", "release", "statement", "document")
ACTOR_KINDS = ("party", "official", "anonymous")


def _iso(value: Any) -> str | None:
    return value.isoformat() if isinstance(value, dt.date) else value


def publications(store: Store, as_of: dt.date | None = None) -> dict[str, dict[str, Any]]:
    """Publication facts of every document known as of a date, by document id.

    Values: ``{"title": ..., "published": "YYYY-MM-DD", "publisher": ...}``,
    in publication order.
    """
    return {
        answers.document_id(r["document"]): {
            "title": r["title"],
            "published": _iso(r["published"]),
            "publisher": r["publisher"],
        }
        for r in answers.run(store, "documents", as_of)
    }


def commitment_timelines(
    store: Store,
    as_of: dt.date | None = None,
    *,
    records: list[dict[str, Any]] | None = None,
    docs: dict[str, dict[str, Any]] | None = None,
) -> dict[str, list[dict[str, Any]]]:
    """Each commitment's status at every publication date on which it could change.

    A status only changes when a document that is evidence for the commitment
    is published (and when its deadline passes, which the caller can tell from
    the deadline). So the statuses are taken, with
    :func:`kg.answers.commitments`, at the publication dates of each
    commitment's evidence documents, and once more at the as-of date. Each
    point: ``{"date", "status", "achieved", "share", "overdue", "late",
    "fulfilled_on"}``, in date order.
    """
    day = as_of or dt.date.today()
    records = records if records is not None else answers.commitments(store, as_of)
    docs = docs if docs is not None else publications(store, as_of)
    wanted: dict[str, set[str]] = {}
    for c in records:
        dates = {docs[e["document"]]["published"] for e in c["evidence"] if e["document"] in docs}
        if c["known_from"]:
            dates.add(c["known_from"])
        wanted[c["id"]] = {d for d in dates if d and d <= day.isoformat()}
    points: dict[str, list[dict[str, Any]]] = {c["id"]: [] for c in records}
    dates = sorted(set().union(*wanted.values()) if wanted else ())
    for day, known in answers.history(store, [dt.date.fromisoformat(d) for d in dates]).items():
        date = day.isoformat()
        for c in known:
            if date in wanted.get(c["id"], ()):
                points[c["id"]].append(_point(date, c))
    for c in records:
        if not points[c["id"]] or points[c["id"]][-1]["date"] < c["as_of"]:
            points[c["id"]].append(_point(c["as_of"], c))
    return points


def _point(date: str, c: dict[str, Any]) -> dict[str, Any]:
    return {"date": date, "status": c["status"], "achieved": c["achieved"], "share": c["share"],
            "overdue": c["overdue"], "late": c["late"], "fulfilled_on": c["fulfilled_on"]}


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


def actor_network(
    store: Store,
    as_of: dt.date | None = None,
    *,
    documents: dict[str, Any] | None = None,
    history: bool = False,
) -> nx.MultiDiGraph:
    """Everything connected: who signed, owes, released, said, and where it was read.

    ``documents`` (id → title, published, publisher) defaults to the store's;
    ``history=True`` adds each commitment's ``timeline``.
    """
    day = as_of or dt.date.today()
    graph = nx.MultiDiGraph(as_of=day.isoformat())
    docs = documents if documents is not None else publications(store, as_of)

    def doc_node(doc_id: str) -> str:
        meta = docs.get(doc_id, {})
        return _add(graph, f"document:{doc_id}", "document", meta.get("title") or doc_id,
                    published=meta.get("published"), publisher=meta.get("publisher"),
                    known_from=meta.get("published"))

    def first(doc_ids: list[str]) -> str | None:
        return min((docs[d]["published"] for d in doc_ids if d in docs and docs[d]["published"]), default=None)

    first_reported = {answers.local_id(r["fact"], "agreement"): _iso(r["first"])
                      for r in answers.run(store, "first-reported", as_of)}
    for a in answers.agreements(store, as_of):
        node = _add(graph, f"agreement:{a['id']}", "agreement", a["name"], agreed_on=a["agreed_on"],
                    place=a["place"], subtype=a["kind"], signatories=a["signatory_parties"] + a["signatory_persons"],
                    parties=list(a["signatory_parties"]),
                    known_from=first_reported.get(a["id"]))
        for name in a["signatory_parties"]:
            _edge(graph, _add(graph, f"party:{name}", "party", name), node, "signed")
        for name in a["signatory_persons"]:
            _edge(graph, _add(graph, f"official:{name}", "official", name), node, "signed")

    records = answers.commitments(store, as_of)
    timelines = commitment_timelines(store, as_of, records=records, docs=docs) if history else {}
    for c in records:
        node = _add(graph, f"commitment:{c['id']}", "commitment",
                    f"{c['obligor']}: {c['action']} {'up to ' if c['upper_bound'] else ''}"
                    f"{format(c['target_count'], ',') if c['target_count'] else ''} {c['object']}".replace("  ", " "),
                    status=c["status"], achieved=c["achieved"], target=c["target_count"], share=c["share"],
                    deadline=c["deadline"], overdue=c["overdue"], late=c["late"], upper_bound=c["upper_bound"],
                    evidence=c["evidence"], obligor=c["obligor"], counterparty=c["counterparty"],
                    action=c["action"], object=c["object"], agreement=c["agreement"],
                    fulfilled_on=c["fulfilled_on"], known_from=c["known_from"],
                    parties=[p for p in (c["obligor"], c["counterparty"]) if p])
        if history:
            graph.nodes[node]["timeline"] = timelines.get(c["id"], [])
        _edge(graph, _add(graph, f"party:{c['obligor']}", "party", c["obligor"]), node, "owes")
        if c["counterparty"]:
            _edge(graph, node, _add(graph, f"party:{c['counterparty']}", "party", c["counterparty"]), "owed to")
        if c["agreement_id"]:
            agreement = _add(graph, f"agreement:{c['agreement_id']}", "agreement", c["agreement"] or c["agreement_id"])
            _edge(graph, node, agreement, "under")
            if not graph.nodes[agreement].get("known_from") or (
                    c["known_from"] and c["known_from"] < graph.nodes[agreement]["known_from"]):
                graph.nodes[agreement]["known_from"] = c["known_from"]

    release_nodes: dict[tuple[str, int], str] = {}
    for r in answers.releases(store, as_of):
        lead = r["reports"][0]
        node = _add(graph, f"release:{lead['document']}:{lead['start']}", "release",
                    f"{r['releaser']} freed {r['count'] if r['count'] is not None else 'some'}"
                    + (" (total)" if r["cumulative"] else ""),
                    count=r["count"], cumulative=r["cumulative"], date_from=r["date_from"], date_to=r["date_to"],
                    place=r["place"], source=r["source"], source_anonymous=r["source_anonymous"],
                    sentence=lead["text"], documents=r["documents"], releaser=r["releaser"],
                    released_party=r["released_party"], description=r["description"],
                    known_from=first(r["documents"]),
                    parties=[p for p in (r["releaser"], r["released_party"]) if p])
        for report in r["reports"]:
            release_nodes[(report["document"], report["start"])] = node
        if r["releaser"]:
            _edge(graph, _add(graph, f"party:{r['releaser']}", "party", r["releaser"]), node, "released")
        if r["released_party"]:
            _edge(graph, node, _add(graph, f"party:{r['released_party']}", "party", r["released_party"]), "people of")
        for doc in r["documents"]:
            _edge(graph, node, doc_node(doc), "reported in")

    for s in answers.statements(store, as_of=as_of):
        speaker = _speaker_node(graph, s)
        party = s["speaker_party"] or (s["speaker"] if graph.nodes[speaker]["kind"] == "party" else None)
        node = _add(graph, f"statement:{s['id']}", "statement", s["text"][:60], text=s["text"], speaker=s["speaker"],
                    said_on=s["said_on"], channel=s["channel"], kind_of_speech=s["kind"], type=s["type"],
                    document=s["document"], start=s["start"], end=s["end"], post=s["post"], anonymous=s["anonymous"],
                    expected_from=s["expected_from"], expected_to=s["expected_to"], known_from=s["published"],
                    parties=[party] if party else [])
        _edge(graph, speaker, node, "said")
        _edge(graph, node, doc_node(s["document"]), "in")

    for r in answers.run(store, "statement-about", as_of):
        source = f"statement:{r['statement'].rsplit('/statement/', 1)[-1]}"
        target = _about_node(graph, r["about"], release_nodes)
        if source in graph and target:
            _edge(graph, source, target, "about")

    _settle(graph)
    return graph


def _about_node(graph: nx.MultiDiGraph, iri: str, release_nodes: dict[tuple[str, int], str]) -> str | None:
    """The view node of a commitment, agreement or release IRI, if it is in the graph."""
    for kind in ("commitment", "agreement"):
        marker = f"/id/{kind}/"
        if marker in iri and f"{kind}:{iri.split(marker, 1)[1]}" in graph:
            return f"{kind}:{iri.split(marker, 1)[1]}"
    if "/id/release/" in iri:
        doc, _, span = iri.split("/id/release/", 1)[1].rpartition("/")
        start = span.split("-", 1)[0]
        return release_nodes.get((doc, int(start))) if start.isdigit() else None
    return None


def _settle(graph: nx.MultiDiGraph) -> None:
    """Give actors, agreements and documents their ``known_from`` and ``parties``.

    An actor is known from the earliest fact it is linked to; an agreement
    involves its signatories and the parties of its commitments; a document
    the parties of the facts it reports.
    """
    nodes = graph.nodes
    for node, data in nodes(data=True):
        if data["kind"] == "party":
            data["parties"] = [data["label"]]
        elif data["kind"] in ("official", "anonymous"):
            data["parties"] = [data["party"]] if data.get("party") else []
        data.setdefault("parties", [])
        data.setdefault("known_from", None)
    for node, data in nodes(data=True):
        if data["kind"] in ACTOR_KINDS:
            dates = [nodes[n]["known_from"] for n in nx.all_neighbors(graph, node)
                     if nodes[n]["kind"] not in ACTOR_KINDS and nodes[n]["known_from"]]
            data["known_from"] = min(dates, default=data["known_from"])
        elif data["kind"] in ("agreement", "document"):
            involved = set(data["parties"]) if data["kind"] == "agreement" else set()
            for n in nx.all_neighbors(graph, node):
                if nodes[n]["kind"] in ("commitment", "release", "statement"):
                    involved.update(nodes[n]["parties"])
            parties = {nodes[n]["label"] for n in nx.all_neighbors(graph, node) if nodes[n]["kind"] == "party"}
            data["parties"] = sorted(involved | parties)


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
