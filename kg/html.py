"""The interactive graph page: one offline HTML file around vis-network.

The page embeds vis-network (the copy pyvis ships), its own style and script
(``kg/assets/page.*``) and the graph as JSON, so it opens from a file with no
request to any other address. A Content-Security-Policy allows only the
page's own two scripts (by hash), so even an injected handler would not run.

Article text reaches the page only as JSON data, escaped so that no ``<``,
``>`` or ``&`` appears in it, and the script puts every string into the page
with ``textContent``::

    >>> embed_json({"q": "</script><img src=x onerror=alert(1)>"})
    '{"q":"\\\\u003c/script\\\\u003e\\\\u003cimg src=x onerror=alert(1)\\\\u003e"}'

Large graphs are reduced before rendering (:func:`reduce_graph`) and the page
says what was left out.
"""

from __future__ import annotations

import base64
import datetime as dt
import difflib
import hashlib
import html
import importlib.util
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import networkx as nx

from kg.errors import InputError, KGError
from kg.stores.base import Store

__all__ = ["KIND_STYLE", "MAX_NODES", "STATUS_STYLE", "embed_json", "focus_graph", "reduce_graph", "render_page",
           "write_page"]

MAX_NODES = 3000
ASSETS = Path(__file__).parent / "assets"
VIS_DIR = "templates/lib/vis-9.1.2"

# Kinds are told apart by shape and colour (Okabe-Ito colours, safe for colour-blind readers).
KIND_STYLE: dict[str, dict[str, Any]] = {
    "party": {"name": "Party", "shape": "hexagon", "color": "#0072B2", "border": "#004f7c", "size": 28, "font": 22},
    "official": {"name": "Official", "shape": "dot", "color": "#56B4E9", "border": "#2b7fb0", "size": 16, "font": 17},
    "anonymous": {"name": "Anonymous source", "shape": "triangleDown", "color": "#c8c8c8", "border": "#6b6b6b",
                  "size": 16, "font": 15, "dashes": True},
    "agreement": {"name": "Agreement or decision", "shape": "square", "color": "#CC79A7", "border": "#8f4a73",
                  "size": 22, "font": 18},
    "commitment": {"name": "Commitment", "shape": "diamond", "color": "#dddddd", "border": "#8a8a8a", "size": 22,
                   "font": 16},
    "release": {"name": "Release", "shape": "triangle", "color": "#D55E00", "border": "#8c3d00", "size": 16,
                "font": 15},
    "statement": {"name": "Statement", "shape": "star", "color": "#F0E442", "border": "#a39a00", "size": 13,
                  "font": 13},
    "document": {"name": "Document", "shape": "box", "color": "#f4f4f4", "border": "#8a8a8a", "size": 10,
                 "font": 13},
}
STATUS_STYLE: dict[str, dict[str, str]] = {
    "not_started": {"name": "not started", "color": "#dddddd", "border": "#8a8a8a"},
    "in_progress": {"name": "in progress", "color": "#E69F00", "border": "#9c6b00"},
    "fulfilled": {"name": "fulfilled", "color": "#009E73", "border": "#006b4e"},
}
FLAG_STYLE: dict[str, dict[str, str]] = {
    "overdue": {"name": "overdue (thick red border)", "color": "#b00020"},
    "late": {"name": "fulfilled late (thick orange border)", "color": "#E69F00"},
}
FOLDED_KINDS = ("statement", "document")
CORE_KINDS = ("party", "agreement", "commitment")


def embed_json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>``, ``&``, U+2028 or U+2029."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
    for char, escape in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escape)
    return text


@lru_cache(maxsize=1)
def _vis_files() -> tuple[str, str]:
    """vis-network's script and style, from the copy bundled with pyvis."""
    spec = importlib.util.find_spec("pyvis")
    where = Path(next(iter(spec.submodule_search_locations))) / VIS_DIR if spec and spec.submodule_search_locations else None
    if where is None or not (where / "vis-network.min.js").is_file():
        raise KGError(f"the graph page needs vis-network from pyvis 0.3.2: expected {VIS_DIR}/vis-network.min.js "
                      f"inside the pyvis package, found {'no pyvis package' if where is None else 'no such file'}")
    return (where / "vis-network.min.js").read_text(encoding="utf-8"), (where / "vis-network.css").read_text(encoding="utf-8")


def _inline(code: str, closing: str) -> str:
    """Code safe to put inside ``<script>``/``<style>``: it cannot close the element early."""
    return re.sub(f"</(?={closing})", "<\\\\/", code, flags=re.IGNORECASE)


def _csp_hash(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii") + "'"


# --------------------------------------------------------------------------- graph preparation


def focus_graph(graph: nx.MultiDiGraph, name: str, depth: int = 2) -> tuple[nx.MultiDiGraph, str]:
    """The neighbourhood (links in either direction, up to ``depth``) of the node(s) named ``name``.

    Exact names (any case) win; otherwise one node whose name contains
    ``name``. Returns the subgraph and a sentence saying what it shows.

    >>> g = nx.MultiDiGraph()
    >>> g.add_node("a", kind="party", label="Taliban"); g.add_node("b", kind="release", label="x")
    >>> g.add_node("c", kind="party", label="Qatar"); g.add_edge("a", "b", label="released")
    0
    >>> sorted(focus_graph(g, "taliban", 1)[0])
    ['a', 'b']
    """
    if depth < 1:
        raise InputError(f"--depth: expected a whole number of at least 1, found {depth}")
    wanted = name.strip().casefold()
    labels = {node: str(data.get("label") or node) for node, data in graph.nodes(data=True)}
    centres = [n for n, label in labels.items() if label.casefold() == wanted or n.casefold() == wanted]
    if not centres:
        partial = [n for n, label in labels.items() if wanted and wanted in label.casefold()]
        if len(partial) > 1:
            shown = "; ".join(sorted({labels[n] for n in partial})[:8])
            raise InputError(f"--focus: {name!r} is part of {len(partial)} names ({shown}); expected one name, "
                             "give it in full")
        centres = partial
    if not centres:
        close = difflib.get_close_matches(name, sorted(set(labels.values())), n=5, cutoff=0.5)
        hint = f"; closest names: {', '.join(close)}" if close else ""
        raise InputError(f"--focus: expected the name of a party, person or other node of the graph, "
                         f"found {name!r}, which matches none of its {graph.number_of_nodes()} nodes{hint}")
    keep: set[str] = set()
    for centre in centres:
        keep.update(nx.ego_graph(graph, centre, radius=depth, undirected=True))
    sub = graph.subgraph(keep).copy()
    sub.graph.update(graph.graph)
    links = "link" if depth == 1 else "links"
    note = (f"Neighbourhood of {labels[centres[0]]}: everything within {depth} {links} "
            f"({sub.number_of_nodes():,} of {graph.number_of_nodes():,} nodes).")
    return sub, note


def reduce_graph(graph: nx.MultiDiGraph, limit: int = MAX_NODES) -> tuple[nx.MultiDiGraph, str | None]:
    """A graph of at most ``limit`` nodes, and a sentence saying what was left out.

    First statements are folded into their speakers (who keep a count) and
    documents into the facts they report; if that is still too many, the
    parties, agreements and commitments and then the best-connected other
    nodes are kept.
    """
    total_nodes, total_edges = graph.number_of_nodes(), graph.number_of_edges()
    if total_nodes <= limit:
        return graph, None
    reduced = graph.copy()
    folded = {kind: 0 for kind in FOLDED_KINDS}
    for node, data in graph.nodes(data=True):
        if data.get("kind") == "statement":
            for speaker, _, edge in graph.in_edges(node, data=True):
                if edge.get("label") == "said":
                    reduced.nodes[speaker]["statements_folded"] = reduced.nodes[speaker].get("statements_folded", 0) + 1
        if data.get("kind") in FOLDED_KINDS:
            folded[data["kind"]] += 1
            reduced.remove_node(node)
    how = (f"{folded['statement']:,} statements are folded into their speakers and "
           f"{folded['document']:,} documents into the facts they report")
    if reduced.number_of_nodes() > limit:
        degree = dict(graph.degree())
        ranked = sorted(reduced.nodes, key=lambda n: (reduced.nodes[n].get("kind") not in CORE_KINDS, -degree[n], n))
        reduced = reduced.subgraph(ranked[:limit]).copy()
        how += f", and only the {limit:,} best-connected of the rest are kept (parties, agreements and commitments first)"
    reduced.graph.update(graph.graph)
    note = (f"This graph has {total_nodes:,} nodes and {total_edges:,} edges, more than a browser lays out "
            f"comfortably; shown are {reduced.number_of_nodes():,} nodes and {reduced.number_of_edges():,} edges: "
            f"{how}. Use kg html --focus NAME to see one actor's neighbourhood in full.")
    return reduced, note


def _plain(value: Any) -> Any:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_plain(v) for v in value]
    return value


def _dates(graph: nx.MultiDiGraph) -> list[str]:
    """The stops of the date control: every publication date, then the as-of date."""
    dates = {data.get("known_from") for _, data in graph.nodes(data=True)}
    dates |= {meta.get("published") for meta in (graph.graph.get("documents") or {}).values()}
    stops = sorted(d for d in dates if d)
    as_of = graph.graph.get("as_of")
    if as_of and (not stops or stops[-1] < as_of):
        stops.append(as_of)
    return stops


def page_data(graph: nx.MultiDiGraph, *, title: str, notes: list[str], total: tuple[int, int]) -> dict[str, Any]:
    """What the page's script needs: kinds, statuses, nodes, edges, dates and notes."""
    documents = dict(graph.graph.get("documents") or {})
    for node, data in graph.nodes(data=True):
        if data.get("kind") == "document":
            documents.setdefault(node.split(":", 1)[1], {"title": data.get("label"), "published": data.get("published"),
                                                         "publisher": data.get("publisher")})
    kinds = [{"kind": kind, **style} for kind, style in KIND_STYLE.items()]
    nodes = [{"id": node, **_plain(dict(data))} for node, data in graph.nodes(data=True)]
    edges = [{"from": a, "to": b, "label": data.get("label", "")} for a, b, data in graph.edges(data=True)]
    return {
        "title": title,
        "asOf": graph.graph.get("as_of"),
        "dates": _dates(graph),
        "kinds": kinds,
        "statuses": [{"status": status, **style} for status, style in STATUS_STYLE.items()],
        "flags": FLAG_STYLE,
        "notes": notes,
        "documents": _plain(documents),
        "nodes": nodes,
        "edges": edges,
        "total": {"nodes": total[0], "edges": total[1]},
    }


def render_page(graph: nx.MultiDiGraph, *, title: str | None = None, notes: list[str] | None = None,
                limit: int = MAX_NODES) -> str:
    """The page's HTML for a prepared graph (node attributes as :func:`kg.views.actor_network` gives them)."""
    total = (graph.number_of_nodes(), graph.number_of_edges())
    shown, note = reduce_graph(graph, limit)
    notes = list(notes or []) + ([note] if note else [])
    as_of = graph.graph.get("as_of")
    title = title or ("Negotiation graph" + (f" as of {as_of}" if as_of else ""))
    vis_js, vis_css = _vis_files()
    page_js = (ASSETS / "page.js").read_text(encoding="utf-8")
    scripts = [_inline(vis_js, "script"), _inline(page_js, "script")]
    csp = ("default-src 'none'; script-src " + " ".join(_csp_hash(s) for s in scripts)
           + "; style-src 'unsafe-inline'; img-src data:; font-src data:")
    parts = {
        "CSP": html.escape(csp),
        "TITLE": html.escape(title),
        "VIS_CSS": _inline(vis_css, "style"),
        "PAGE_CSS": _inline((ASSETS / "page.css").read_text(encoding="utf-8"), "style"),
        "VIS_JS": scripts[0],
        "PAGE_JS": scripts[1],
        "DATA": embed_json(page_data(shown, title=title, notes=notes, total=total)),
    }
    template = (ASSETS / "page.html").read_text(encoding="utf-8")
    return re.sub(r"@@([A-Z_]+)@@", lambda m: parts[m.group(1)], template)


def write_page(store: Store, path: Path | str, *, as_of: dt.date | None = None, focus: str | None = None,
               depth: int = 2) -> Path:
    """Write the graph page for a store to ``path`` (one UTF-8 file, written atomically).

    ``focus`` keeps only the neighbourhood of the node with that name, up to
    ``depth`` links away; a name that matches no node is an
    :class:`~kg.errors.InputError`.
    """
    from kg import views
    from kg.export import write_atomic

    docs = views.publications(store, as_of)
    graph = views.actor_network(store, as_of, documents=docs, history=True)
    graph.graph["documents"] = docs
    notes = []
    if focus:
        graph, note = focus_graph(graph, focus, depth)
        notes.append(note)
    path = Path(path)
    write_atomic(path, render_page(graph, notes=notes))
    return path
