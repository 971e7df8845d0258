"""A one-article corpus whose every text field carries markup that must never run.

Used by the report tests and the browser tests: names, titles, a quote and a
release description hold ``<img src=x onerror=...>`` and ``</script>`` probes.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import yaml

QUOTE = "<img src=x onerror=alert(1)> </script><script>alert(2)</script> is what we want"
PARTY = "Front <img src=x onerror=alert(6)>"
PERSON = "Eve <i>Example</i>"
TITLE = "Probe </script><img src=x onerror=alert(5)>"
PUBLISHER = "Wire <script>alert(4)</script>"
TEXT = (
    f'KABUL - A spokesman for the Front, Eve Example, said on Monday: "{QUOTE}." '
    "The Front released 12 prisoners on Sunday, officials said. "
    "<b onmouseover=alert(3)>bold</b> claims followed.\n"
)


def _span(snippet: str) -> dict[str, object]:
    start = TEXT.index(snippet)
    return {"start": start, "end": start + len(snippet), "text": snippet}


def write_probe_corpus(root: Path) -> Path:
    """Write the probe corpus (article, manifest, reviewed facts) under ``root``; return its folder."""
    corpus = root / "probe-corpus"
    (corpus / "facts").mkdir(parents=True, exist_ok=True)
    (corpus / "probe.txt").write_text(TEXT, encoding="utf-8")
    manifest = {"documents": [{"file": "probe.txt", "published": dt.date(2020, 4, 13), "publisher": PUBLISHER,
                               "title": TITLE}]}
    (corpus / "manifest.yaml").write_text(yaml.safe_dump(manifest, allow_unicode=True), encoding="utf-8")
    facts = {
        "document": "probe",
        "parties": [{"id": "front", "name": PARTY, "kind": "armed_movement"}],
        "persons": [{"id": "eve-example", "name": PERSON}],
        "releases": [{"releaser": "front", "released_party": "taliban", "count": 12, "qualifier": "exact",
                      "date_from": dt.date(2020, 4, 12), "date_to": dt.date(2020, 4, 12),
                      "description": "released <img src=x onerror=alert(7)>",
                      "evidence": _span("The Front released 12 prisoners on Sunday")}],
        "statements": [{"speaker": "eve-example", "kind": "direct", "type": "demand", "text": QUOTE,
                        "said_on": dt.date(2020, 4, 13), "evidence": _span(QUOTE)}],
    }
    (corpus / "facts" / "probe.yaml").write_text(yaml.safe_dump(facts, sort_keys=False, allow_unicode=True),
                                                 encoding="utf-8")
    return corpus


def build_probe_store(root: Path, spec: str | None = None):
    """The probe corpus built into a fresh store (default: embedded Oxigraph under ``root``),
    from the reviewed facts only (no extraction)."""
    from kg.build import build
    from kg.stores import open_store

    store = open_store(spec or f"oxigraph:{root / 'probe-store'}")
    build(write_probe_corpus(root), store, out_dir=None, html=False, extract=False)
    return store
