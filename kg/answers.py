"""Answers to the competency questions, as plain records.

Each function runs the packaged SPARQL (:mod:`kg.queries`) on a store and
turns the rows into dictionaries whose keys are a contract other scripts rely
on (see the README). Party and person values are readable names, not IRIs.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from kg import queries
from kg.status import RULES, Report, assess, group_events
from kg.stores.base import Store

__all__ = [
    "FAR_FUTURE",
    "agreements",
    "commitments",
    "corroboration",
    "most_quoted",
    "releases",
    "run",
    "statements",
]

FAR_FUTURE = dt.date(9999, 12, 31)
ANY = "urn:kg:any"  # binds an optional IRI parameter to "no restriction"
NKG = "https://w3id.org/negotiation-kg/ontology#"
ACTIONS = {"ReleaseAction": "release", "WithdrawAction": "withdraw", "CeasefireAction": "ceasefire",
           "TalksAction": "talks", "OtherAction": "other"}
QUALIFIERS = {"ExactCount": "exact", "AtLeastCount": "at_least", "AtMostCount": "at_most",
              "ApproximateCount": "approximate", "VagueCount": "vague"}
TYPES = {"Claim": "claim", "Demand": "demand", "Prediction": "prediction", "Accusation": "accusation",
         "Praise": "praise", "Denial": "denial", "Pledge": "commitment", "Announcement": "announcement",
         "Confirmation": "confirmation"}


def _local(iri: str | None) -> str:
    return (iri or "").rsplit("#", 1)[-1]


def _iso(value: Any) -> str | None:
    return value.isoformat() if isinstance(value, dt.date) else value


def local_id(iri: str | None, kind: str) -> str | None:
    """The identifier inside an instance IRI: ``…/id/<kind>/<identifier>``."""
    if not iri:
        return None
    marker = f"/id/{kind}/"
    return iri.split(marker, 1)[1] if marker in iri else iri


def document_id(iri: str) -> str:
    return local_id(iri, "document") or iri


def run(store: Store, name: str, as_of: dt.date | None = None, **bindings: Any) -> list[dict[str, Any]]:
    """Run a packaged query (or a ``.rq`` file) with ``asOf`` and other bindings."""
    values = {"asOf": as_of or FAR_FUTURE, **{k: v for k, v in bindings.items() if v is not None}}
    return store.query(queries.load(name), values)


def _reports(rows: list[dict[str, Any]]) -> list[Report]:
    return [
        Report(
            release=r["release"],
            document=document_id(r["document"]),
            published=r["published"],
            count=r["count"],
            qualifier=QUALIFIERS.get(_local(r["qualifier"]), "exact"),
            cumulative=bool(r["cumulative"]),
            date_from=r["dateFrom"],
            date_to=r["dateTo"],
            start=r["start"],
            end=r["end"],
            text=r["text"],
            source=r.get("source"),
        )
        for r in rows
    ]


def commitments(store: Store, as_of: dt.date | None = None) -> list[dict[str, Any]]:
    """Competency questions 1 and 2: every commitment with its status and evidence."""
    day = as_of or dt.date.today()
    rows = run(store, "commitments", as_of)
    evidence: dict[str, list[dict[str, Any]]] = {}
    for r in run(store, "commitment-evidence", as_of):
        evidence.setdefault(r["commitment"], []).append(
            {"document": document_id(r["document"]), "start": r["start"], "end": r["end"], "text": r["text"]}
        )
    matched: dict[str, list[dict[str, Any]]] = {}
    for r in run(store, "commitment-releases", as_of):
        matched.setdefault(r["commitment"], []).append(r)

    out = []
    for row in rows:
        iri = row["commitment"]
        reports = _reports(matched.get(iri, []))
        target = row["target"]
        assessment = assess(
            target=target, upper_bound=bool(row["upperBound"]), deadline=row["deadline"], reports=reports, as_of=day
        )
        release_evidence = [
            {"document": r.document, "start": r.start, "end": r.end, "text": r.text,
             "release": r.release, "count": r.count, "cumulative": r.cumulative}
            for event in assessment.events for r in event.reports
        ]
        out.append(
            {
                "id": local_id(iri, "commitment"),
                "obligor": row["obligor"],
                "action": ACTIONS.get(_local(row["action"]), _local(row["action"])),
                "object": row["object"],
                "counterparty": row["counterparty"],
                "target_count": target,
                "upper_bound": bool(row["upperBound"]),
                "deadline": _iso(row["deadline"]),
                "agreement": row["agreementName"],
                "agreement_id": local_id(row["agreement"], "agreement"),
                "agreed_on": _iso(row["agreedOn"]),
                "achieved": assessment.achieved,
                "share": assessment.share,
                "status": assessment.status,
                "overdue": assessment.overdue,
                "late": assessment.late,
                "fulfilled_on": _iso(assessment.fulfilled_on),
                "as_of": day.isoformat(),
                "known_from": _iso(row["firstReported"]),
                "rule": RULES,
                "basis": assessment.basis,
                "evidence": evidence.get(iri, []) + release_evidence,
            }
        )
    return out


def statements(
    store: Store,
    speaker: str | None = None,
    party: str | None = None,
    about: str | None = None,
    as_of: dt.date | None = None,
) -> list[dict[str, Any]]:
    """Competency questions 3 and 4: who said what, filtered by speaker, party or topic."""
    if about and not about.startswith("http"):
        about = f"https://w3id.org/negotiation-kg/id/commitment/{about}"
    rows = run(store, "statements", as_of, speakerText=speaker or "", partyText=party or "", about=about or ANY)
    return [
        {
            "speaker": r["speaker"],
            "speaker_party": r["party"],
            "post": r["post"],
            "anonymous": bool(r["anonymous"]),
            "kind": "direct" if r["kind"] == "DirectQuote" else "reported",
            "type": TYPES.get(r["type"], r["type"]),
            "text": r["words"],
            "said_on": _iso(r["saidOn"]),
            "channel": r["channel"],
            "document": document_id(r["document"]),
            "published": _iso(r["published"]),
            "start": r["start"],
            "end": r["end"],
            "expected_from": _iso(r["expectedFrom"]),
            "expected_to": _iso(r["expectedUntil"]),
            "id": local_id(r["statement"], "statement"),
        }
        for r in rows
    ]


def releases(store: Store, as_of: dt.date | None = None) -> list[dict[str, Any]]:
    """Competency question 5: release events, each with the documents reporting it."""
    rows = run(store, "releases", as_of)
    by_release = {r["release"]: r for r in rows}
    groups: dict[tuple[str, str | None], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["releaserIri"], r["peopleIri"]), []).append(r)
    out = []
    for (_, _), group in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        for event in group_events(_reports(group)):
            first = by_release[event.reports[0].release]
            figures = event.figures
            out.append(
                {
                    "releaser": first["releaser"],
                    "released_party": first["releasedParty"],
                    "count": event.count,
                    "figures": {str(k): v for k, v in sorted(figures.items())},
                    "qualifier": event.reports[0].qualifier,
                    "cumulative": event.cumulative,
                    "date_from": _iso(first["dateFrom"]),
                    "date_to": _iso(first["dateTo"]),
                    "place": next((by_release[r.release]["place"] for r in event.reports if by_release[r.release]["place"]), None),
                    "source": next((by_release[r.release]["source"] for r in event.reports if by_release[r.release]["source"]), None),
                    "source_anonymous": any(by_release[r.release]["sourceAnonymous"] for r in event.reports),
                    "description": first["description"],
                    "documents": event.documents,
                    "reports": [{"document": r.document, "start": r.start, "end": r.end, "text": r.text} for r in event.reports],
                }
            )
    out.sort(key=lambda e: (e["date_to"] or e["date_from"] or "", e["releaser"] or "", e["count"] or 0))
    return out


def agreements(store: Store, as_of: dt.date | None = None) -> list[dict[str, Any]]:
    """Agreements and decisions with their signatories and dates."""
    return [
        {
            "id": local_id(r["agreement"], "agreement"),
            "name": r["name"],
            "kind": "decision" if r["decision"] else "agreement",
            "agreed_on": _iso(r["agreedOn"]),
            "place": r["place"],
            "signatory_parties": sorted(filter(None, (r["signatoryParties"] or "").split("; "))),
            "signatory_persons": sorted(filter(None, (r["signatoryPersons"] or "").split("; "))),
            "documents": r["documents"],
        }
        for r in run(store, "agreements", as_of)
    ]


def corroboration(store: Store, as_of: dt.date | None = None) -> list[dict[str, Any]]:
    """Competency question 7: which facts rest on one source, or an anonymous one."""
    out = [
        {
            "kind": r["kind"].lower(),
            "id": r["fact"].rsplit("/id/", 1)[-1],
            "label": r["label"],
            "documents": r["documents"],
            "single_source": r["documents"] == 1,
            "anonymous": bool(r["anonymous"]),
        }
        for r in run(store, "corroboration", as_of)
    ]
    for event in releases(store, as_of):
        out.append(
            {
                "kind": "release",
                "id": event["reports"][0]["document"] + f"/{event['reports'][0]['start']}",
                "label": event["description"] or f"{event['releaser']} released {event['count']}",
                "documents": len(event["documents"]),
                "single_source": len(event["documents"]) == 1,
                "anonymous": event["source_anonymous"],
            }
        )
    return out


def most_quoted(store: Store, as_of: dt.date | None = None) -> list[dict[str, Any]]:
    """Speakers by number of statements (question 8)."""
    return [
        {"speaker": r["name"], "statements": r["statements"], "direct": r["direct"], "documents": r["documents"]}
        for r in run(store, "most-quoted", as_of)
    ]
