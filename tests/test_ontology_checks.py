"""Data-quality checks (ontology/checks/*-violation.rq): silent on good data, each
finds its own defect across named graphs."""

from __future__ import annotations

from typing import Any

import pyoxigraph
import pytest

from kg.errors import QueryError
from kg.ontology import check_queries, run_checks

ACTORS = "https://w3id.org/negotiation-kg/graph/actors"
D1 = "https://w3id.org/negotiation-kg/id/document/d1"

GOOD_ACTORS = """\
    <party/government> a nkg:Government .
    <person/speaker> a nkg:Person .
    <post/government/senior-official> a nkg:AnonymousSource ; org:postIn <party/government> .
    <post/government/spokesman/speaker> a nkg:Post ; org:heldBy <person/speaker> .
"""

GOOD_DOCUMENT = """\
    <span/d1/10-52> a nkg:TextSpan ; oa:start 10 ; oa:end 52 ;
        oa:exact "\\"We will free them soon,\\" the spokesman said." ;
        nkg:inDocument <document/d1> .
    <statement/d1/10-52> a nkg:DirectQuote ;
        nkg:words "We will free them soon," ;
        nkg:evidence <span/d1/10-52> ;
        nkg:confidence 0.8 .
    <release/d1/10-52> a nkg:ReleaseBatch ; nkg:releaser <party/government> ; nkg:releasedCount 100 .
    <agreement/deal> a nkg:Agreement ; nkg:agreedOn "2020-02-29"^^xsd:date ;
        nkg:createsCommitment <commitment/c> .
    <commitment/c> a nkg:Commitment ; nkg:deadline "2020-03-10"^^xsd:date .
"""


def trig(document: str = GOOD_DOCUMENT, actors: str = GOOD_ACTORS) -> str:
    return f"""\
@base <https://w3id.org/negotiation-kg/id/> .
@prefix nkg: <https://w3id.org/negotiation-kg/ontology#> .
@prefix oa: <http://www.w3.org/ns/oa#> .
@prefix org: <http://www.w3.org/ns/org#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<{ACTORS}> {{
{actors}}}
<{D1}> {{
{document}}}
"""


def checks_on(text: str) -> dict[str, list[Any]]:
    store = pyoxigraph.Store()
    store.load(input=text.encode("utf-8"), format=pyoxigraph.RdfFormat.TRIG)
    return run_checks(lambda query: store.query(query))


def failing(results: dict[str, list[Any]]) -> set[str]:
    return {name for name, rows in results.items() if rows}


@pytest.mark.parametrize(
    "name",
    [
        "anonymous-source-held-violation",
        "confidence-out-of-range-violation",
        "deadline-before-agreement-violation",
        "direct-quote-not-in-span-violation",
        "release-count-without-releaser-violation",
        "span-end-not-after-start-violation",
        "statement-both-forms-violation",
    ],
)
def test_checks_exist_with_a_header(name: str) -> None:
    text = check_queries()[name]
    assert text.startswith("# Purpose:")
    assert "# Output columns:" in text


def test_checks_are_silent_on_good_data() -> None:
    results = checks_on(trig())
    assert set(results) == set(check_queries())
    assert failing(results) == set()


@pytest.mark.parametrize(
    ("document", "actors", "check"),
    [
        (GOOD_DOCUMENT.replace("oa:end 52", "oa:end 10"), GOOD_ACTORS, "span-end-not-after-start-violation"),
        (
            GOOD_DOCUMENT.replace("nkg:releaser <party/government> ;", ""),
            GOOD_ACTORS,
            "release-count-without-releaser-violation",
        ),
        (
            GOOD_DOCUMENT.replace('"We will free them soon,"', '"We shall free them soon"'),
            GOOD_ACTORS,
            "direct-quote-not-in-span-violation",
        ),
        (
            GOOD_DOCUMENT,
            GOOD_ACTORS.replace("org:postIn <party/government> .", "org:heldBy <person/speaker> ."),
            "anonymous-source-held-violation",
        ),
        (
            GOOD_DOCUMENT.replace('"2020-03-10"', '"2020-02-01"'),
            GOOD_ACTORS,
            "deadline-before-agreement-violation",
        ),
        (
            GOOD_DOCUMENT.replace("a nkg:DirectQuote ;", "a nkg:DirectQuote, nkg:ReportedSpeech ;"),
            GOOD_ACTORS,
            "statement-both-forms-violation",
        ),
        (
            GOOD_DOCUMENT.replace("nkg:confidence 0.8", "nkg:confidence 1.2"),
            GOOD_ACTORS,
            "confidence-out-of-range-violation",
        ),
    ],
)
def test_checks_find_exactly_their_defect(document: str, actors: str, check: str) -> None:
    assert failing(checks_on(trig(document, actors))) == {check}


@pytest.mark.parametrize("where", ["actors"])
def test_checks_join_facts_across_graphs(where: str) -> None:
    # The releaser sits in another graph than the count: still no violation.
    document = GOOD_DOCUMENT.replace("nkg:releaser <party/government> ;", "")
    actors = GOOD_ACTORS + "    <release/d1/10-52> nkg:releaser <party/government> .\n"
    assert failing(checks_on(trig(document, actors))) == set()


@pytest.mark.parametrize("message", ["boom"])
def test_checks_name_the_failing_query(message: str) -> None:
    def broken(query: str) -> list[Any]:
        raise RuntimeError(message)

    with pytest.raises(QueryError, match=r"check anonymous-source-held-violation .*boom"):
        run_checks(broken)
