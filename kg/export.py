"""Exports for other tools: Turtle, TriG, JSON-LD and N-Quads, byte-stable.

Every file is written to a temporary name and renamed into place, so a
reader never sees half a file and a failed export leaves the previous one.
Turtle uses rdflib's ``longturtle`` form (one subject block after another,
sorted), so rebuilding an unchanged corpus gives identical bytes.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
>>> write_atomic(p, "hello")
>>> p.read_text()
'hello'
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from kg.terms import NS

__all__ = ["EXPORT_FORMATS", "dataset_from_nquads", "export_all", "write_atomic"]

EXPORT_FORMATS = {"ttl": "longturtle", "trig": "trig", "jsonld": "json-ld", "nq": "nquads"}
PREFIXES = {k: v for k, v in NS.items() if k not in ("id",)} | {"id": NS["id"]}


def write_atomic(path: Path | str, data: str | bytes) -> None:
    """Write a file through a temporary sibling and an atomic rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def dataset_from_nquads(nquads: str):
    """An rdflib Dataset from N-Quads text, loaded in sorted line order."""
    from rdflib import Dataset

    lines = sorted(line for line in nquads.split("\n") if line.strip())
    dataset = Dataset()
    for prefix, namespace in PREFIXES.items():
        dataset.bind(prefix, namespace, override=True, replace=True)
    if lines:
        dataset.parse(data="\n".join(lines) + "\n", format="nquads")
    return dataset


def _union_graph(dataset):
    from rdflib import Graph

    union = Graph()
    for prefix, namespace in PREFIXES.items():
        union.bind(prefix, namespace, override=True, replace=True)
    for s, p, o, _ in dataset.quads((None, None, None, None)):
        union.add((s, p, o))
    return union


def _sorted_jsonld(dataset) -> str:
    """JSON-LD of the dataset, graphs and nodes in a stable order."""
    raw = json.loads(dataset.serialize(format="json-ld", auto_compact=False))
    def key(node: dict) -> str:
        return node.get("@id", "")
    def tidy(node):
        if isinstance(node, dict):
            out = {k: tidy(v) for k, v in sorted(node.items())}
            if "@graph" in out:
                out["@graph"] = sorted(out["@graph"], key=key)
            return out
        if isinstance(node, list):
            items = [tidy(v) for v in node]
            return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
        return node
    return json.dumps(sorted((tidy(n) for n in raw), key=key), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def _graph_turtle(triples, graph_prefixes: bool) -> str:
    from rdflib import Graph

    graph = Graph()
    for prefix, namespace in PREFIXES.items():
        graph.bind(prefix, namespace, override=True, replace=True)
    for triple in triples:
        graph.add(triple)
    return _longturtle(graph)


def _longturtle(graph) -> str:
    """rdflib's ``longturtle``, with one of its escapes put right.

    A literal with a line break is written between triple quotes; when it ends
    in a backslash and a quote (``C:\\"``), rdflib takes the quote for one it
    escaped already and leaves it bare before the closing quotes, which strict
    parsers (Oxigraph) refuse. Such a final quote is swapped for a character
    the graph does not use, and that character for an escaped quote after
    writing.
    """
    from rdflib import Graph, Literal

    risky = {o for o in graph.objects() if isinstance(o, Literal) and "\n" in o and o.endswith('"')}
    if not risky:
        return graph.serialize(format="longturtle")
    used = set().union(*(set(str(term)) for triple in graph for term in triple))
    mark = next(chr(c) for c in range(0xE000, 0xF900) if chr(c) not in used)
    safe = Graph(namespace_manager=graph.namespace_manager)
    for s, p, o in graph:
        if o in risky:
            o = Literal(str(o)[:-1] + mark, lang=o.language, datatype=o.datatype)
        safe.add((s, p, o))
    return safe.serialize(format="longturtle").replace(mark, '\\"')


def _sorted_trig(dataset) -> str:
    """TriG with the named graphs in IRI order, each graph's body sorted."""
    head: list[str] = []
    blocks: list[str] = []
    for context in sorted(dataset.graphs(), key=lambda g: str(g.identifier)):
        if not len(context):
            continue
        text = _graph_turtle(context.triples((None, None, None)), True)
        # The PREFIX lines lead the text; the body after them is kept exactly as
        # written (a triple-quoted literal may span lines).
        position = 0
        while text.startswith("PREFIX ", position):
            end = text.index("\n", position)
            line = text[position:end]
            if line not in head:
                head.append(line)
            position = end + 1
        inner = text[position:].strip("\n")
        blocks.append(f"<{context.identifier}> {{\n{inner}\n}}\n")
    return "\n".join(sorted(head)) + "\n\n" + "\n".join(blocks)


def export_all(nquads: str, out_dir: Path | str, formats: tuple[str, ...] = ("ttl", "trig", "jsonld")) -> dict[str, Path]:
    """Write ``graph.<ext>`` for each format from the store's N-Quads."""
    out_dir = Path(out_dir)
    dataset = dataset_from_nquads(nquads)
    written: dict[str, Path] = {}
    for ext in formats:
        path = out_dir / f"graph.{ext}"
        if ext == "ttl":
            text = _longturtle(_union_graph(dataset))
        elif ext == "jsonld":
            text = _sorted_jsonld(dataset)
        elif ext == "nq":
            text = "".join(sorted(line + "\n" for line in nquads.split("\n") if line.strip()))
        elif ext == "trig":
            text = _sorted_trig(dataset)
        else:
            text = dataset.serialize(format=EXPORT_FORMATS[ext])
        write_atomic(path, text)
        written[ext] = path
    return written
