"""The reviewed fact files of the two seed articles hold what DOMAIN.md says they hold.

These files are both the graph's input and the gold standard for extraction, so
the checks here are about the facts themselves: commitments, releases and
statements, their dates, sources and spans.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kg.errors import EvidenceError
from loaders import facts as F
from loaders.corpus import Corpus, load_corpus
from loaders.factfile import load_fact_dir
from loaders.gazetteer import load_gazetteer, post_id

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
FACTS = CORPUS / "facts"
D0 = "000_96addb07b944f045"
D4 = "004_d4a9fecee8dd37c2"

AGREEMENT = F.agreement_id("agreement", ["united-states", "taliban"], dt.date(2020, 2, 29))
DECISION = F.agreement_id("decision", ["government-of-afghanistan"], dt.date(2020, 4, 2))
GOV, TAL, US = "government-of-afghanistan", "taliban", "united-states"


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus(CORPUS)


@pytest.fixture(scope="module")
def seed(corpus: Corpus) -> dict[str, F.DocFacts]:
    return load_fact_dir(FACTS, {doc.id: doc.text for doc in corpus})


def _commitment(facts: F.DocFacts, cid: str) -> F.Commitment:
    found = [c for c in facts.commitments if c.id == cid]
    assert len(found) == 1, f"expected one commitment {cid} in {facts.document}, found {len(found)}"
    return found[0]


def _statements(facts: F.DocFacts, speaker: str, text: str) -> list[F.Statement]:
    return [s for s in facts.statements if s.speaker == speaker and s.text == text]


@pytest.mark.parametrize("doc_id", [D0, D4])
def test_seed_facts_every_document_has_a_fact_file(seed: dict[str, F.DocFacts], doc_id: str) -> None:
    assert doc_id in seed
    assert seed[doc_id].document == doc_id


@pytest.mark.parametrize(
    ("doc_id", "agreement", "obligor", "object_party", "target", "deadline", "reciprocal"),
    [
        (D4, AGREEMENT, GOV, TAL, 5000, dt.date(2020, 3, 10), TAL),
        (D4, AGREEMENT, TAL, GOV, 1000, dt.date(2020, 3, 10), GOV),
        (D0, DECISION, GOV, TAL, 100, dt.date(2020, 4, 2), TAL),
        (D0, DECISION, TAL, GOV, 20, dt.date(2020, 4, 2), GOV),
    ],
)
def test_seed_facts_release_commitments(
    seed: dict[str, F.DocFacts], doc_id: str, agreement: str, obligor: str, object_party: str,
    target: int, deadline: dt.date, reciprocal: str,
) -> None:
    cid = F.commitment_id(agreement, obligor, "release", object_party)
    commitment = _commitment(seed[doc_id], cid)
    assert (commitment.obligor, commitment.action, commitment.agreement) == (obligor, "release", agreement)
    assert (commitment.object_party, commitment.counterparty) == (object_party, object_party)
    assert commitment.target == target and not commitment.upper_bound
    assert commitment.deadline == deadline
    assert commitment.reciprocal_to == (F.commitment_id(agreement, reciprocal, "release", obligor),)
    assert f"{target:,}" in commitment.evidence.text


@pytest.mark.parametrize("doc_id", [D4])
def test_seed_facts_withdrawal_has_conditions_and_no_deadline(seed: dict[str, F.DocFacts], doc_id: str) -> None:
    commitment = _commitment(seed[doc_id], F.commitment_id(AGREEMENT, US, "withdraw", None))
    assert commitment.object == "U.S. and other foreign forces"
    assert commitment.target is None and commitment.deadline is None
    assert commitment.conditions == ("in return for various commitments from the insurgents",)


@pytest.mark.parametrize(
    ("doc_id", "agreement", "kind", "date", "signatories"),
    [
        (D4, AGREEMENT, "agreement", dt.date(2020, 2, 29), ("zalmay-khalilzad", TAL)),
        (D0, DECISION, "decision", dt.date(2020, 4, 2), (GOV,)),
    ],
)
def test_seed_facts_agreements(
    seed: dict[str, F.DocFacts], doc_id: str, agreement: str, kind: str, date: dt.date, signatories: tuple[str, ...]
) -> None:
    (found,) = [a for a in seed[doc_id].agreements if a.id == agreement]
    assert (found.kind, found.date, found.signatories) == (kind, date, signatories)


@pytest.mark.parametrize(("doc_id", "absent"), [(D0, AGREEMENT), (D4, DECISION)])
def test_seed_facts_commitments_only_where_the_text_states_them(
    seed: dict[str, F.DocFacts], doc_id: str, absent: str
) -> None:
    assert all(c.agreement != absent for c in seed[doc_id].commitments)


@pytest.mark.parametrize(
    ("doc_id", "releaser", "count", "qualifier", "cumulative", "date_from", "date_to", "source"),
    [
        (D0, GOV, None, "vague", False, dt.date(2020, 4, 2), dt.date(2020, 4, 2),
         post_id(GOV, "senior security official", f"anon-{D0}")),
        (D4, TAL, 20, "exact", False, dt.date(2020, 4, 12), dt.date(2020, 4, 12), "icrc"),
        (D4, GOV, None, "vague", False, dt.date(2020, 4, 6), dt.date(2020, 4, 12), None),
        (D4, GOV, 100, "exact", False, dt.date(2020, 4, 6), dt.date(2020, 4, 12), None),
        (D4, GOV, 300, "exact", True, None, dt.date(2020, 4, 13), "jawed-faisal"),
    ],
)
def test_seed_facts_releases(
    seed: dict[str, F.DocFacts], doc_id: str, releaser: str, count: int | None, qualifier: str,
    cumulative: bool, date_from: dt.date | None, date_to: dt.date, source: str | None,
) -> None:
    found = [
        r for r in seed[doc_id].releases
        if (r.releaser, r.count, r.qualifier, r.cumulative, r.date_from, r.date_to, r.source)
        == (releaser, count, qualifier, cumulative, date_from, date_to, source)
    ]
    assert len(found) == 1
    assert found[0].released_party == (GOV if releaser == TAL else TAL)


@pytest.mark.parametrize(("doc_id", "expected"), [(D0, 1), (D4, 4)])
def test_seed_facts_release_count_per_document(seed: dict[str, F.DocFacts], doc_id: str, expected: int) -> None:
    assert len(seed[doc_id].releases) == expected


@pytest.mark.parametrize("doc_id", [D0, D4])
@pytest.mark.parametrize("number", [239, 4, 40, 6000, 3, 2])
def test_seed_facts_context_numbers_are_no_release_or_commitment(
    seed: dict[str, F.DocFacts], doc_id: str, number: int
) -> None:
    facts = seed[doc_id]
    assert all(r.count != number for r in facts.releases)
    assert all(c.target != number for c in facts.commitments)


@pytest.mark.parametrize(
    ("doc_id", "speaker", "text", "kind", "type_", "said_on", "channel"),
    [
        (D0, post_id(GOV, "senior official in the office of President Ashraf Ghani", f"anon-{D0}"),
         "It was decided in the morning that 100 Taliban should be released in exchange for 20 members of "
         "Afghan security forces today", "direct", "announcement", dt.date(2020, 4, 2), None),
        (D0, post_id(GOV, "senior official in the office of President Ashraf Ghani", f"anon-{D0}"),
         "The names of those to be released had been sent to prison authorities",
         "reported", "announcement", dt.date(2020, 4, 2), None),
        (D0, "zabihullah-mujahid", "The technical issues require some time", "direct", "claim", dt.date(2020, 4, 2), None),
        (D0, "mike-pompeo", "good news", "direct", "praise", dt.date(2020, 4, 2), None),
        (D0, TAL, "Ghani to release 5,000 prisoners before they will hold talks with the Afghan government",
         "reported", "demand", None, None),
        (D4, "zalmay-khalilzad", "The release of prisoners is an important step in the peace process and the "
         "reduction of violence", "direct", "praise", dt.date(2020, 4, 13), "Twitter"),
        (D4, "zalmay-khalilzad", "Both sides should accelerate efforts to meet targets specified in the "
         "U.S.-Taliban agreement as soon as possible", "direct", "demand", dt.date(2020, 4, 13), "Twitter"),
        (D4, "jawed-faisal", "the government has thus far released 300 Taliban prisoners overall from government "
         "custody", "reported", "announcement", dt.date(2020, 4, 13), None),
        (D4, "icrc", "the Taliban on Sunday released 20 Afghan security-force prisoners",
         "reported", "claim", dt.date(2020, 4, 13), None),
        (D4, TAL, "a goodwill step ... to accelerate the prisoner exchange process",
         "direct", "claim", dt.date(2020, 4, 12), "AFP"),
        (D4, TAL, "Afghan authorities of needlessly wasting time", "reported", "accusation", None, None),
        (D4, GOV, "the Taliban want 15 of their \"top commanders\" to be released", "reported", "claim", None, None),
    ],
)
def test_seed_facts_statements(
    seed: dict[str, F.DocFacts], doc_id: str, speaker: str, text: str, kind: str, type_: str,
    said_on: dt.date | None, channel: str | None,
) -> None:
    (statement,) = _statements(seed[doc_id], speaker, text)
    assert (statement.kind, statement.type, statement.said_on, statement.channel) == (kind, type_, said_on, channel)


@pytest.mark.parametrize("doc_id", [D4])
def test_seed_facts_khalilzad_lead_is_reported_praise(seed: dict[str, F.DocFacts], doc_id: str) -> None:
    (lead,) = [s for s in seed[doc_id].statements if s.speaker == "zalmay-khalilzad" and s.kind == "reported"
               and "important step" in s.text]
    assert lead.type == "praise" and lead.said_on == dt.date(2020, 4, 13)
    assert lead.evidence.start == 0


@pytest.mark.parametrize("doc_id", [D4])
def test_seed_facts_he_added_quote_is_khalilzads(seed: dict[str, F.DocFacts], doc_id: str, corpus: Corpus) -> None:
    (statement,) = [s for s in seed[doc_id].statements if s.text.startswith("Both sides should accelerate")]
    assert statement.speaker == "zalmay-khalilzad" and statement.channel == "Twitter"
    after = corpus.get(doc_id).text[statement.evidence.end : statement.evidence.end + 12]
    assert after == '," he added,'


@pytest.mark.parametrize(
    ("doc_id", "speaker", "expected_from", "expected_to", "about"),
    [
        (D0, "zabihullah-mujahid", dt.date(2020, 4, 3), dt.date(2020, 4, 4),
         {F.commitment_id(DECISION, GOV, "release", TAL), F.commitment_id(DECISION, TAL, "release", GOV)}),
        (D0, TAL, dt.date(2020, 3, 30), dt.date(2020, 4, 5),
         {F.commitment_id(DECISION, GOV, "release", TAL), F.commitment_id(DECISION, TAL, "release", GOV)}),
    ],
)
def test_seed_facts_prediction_windows(
    seed: dict[str, F.DocFacts], doc_id: str, speaker: str, expected_from: dt.date, expected_to: dt.date,
    about: set[str],
) -> None:
    (prediction,) = [s for s in seed[doc_id].statements if s.speaker == speaker and s.type == "prediction"]
    assert (prediction.expected_from, prediction.expected_to) == (expected_from, expected_to)
    assert set(prediction.about) == about


@pytest.mark.parametrize(
    ("doc_id", "text", "speakers"),
    [
        (D0, "Afghanistan began on Thursday the process of releasing from jail 100 Taliban militants in a prisoner "
         "swap for 20 of its security forces",
         {post_id(GOV, "senior security official", f"anon-{D0}"), post_id(TAL, "Taliban representative", f"anon-{D0}")}),
        (D0, "the Taliban prisoners are to be released at the Bagram military base north of the capital, Kabul",
         {GOV, TAL}),
    ],
)
def test_seed_facts_joint_attribution_is_one_statement_per_speaker(
    seed: dict[str, F.DocFacts], doc_id: str, text: str, speakers: set[str]
) -> None:
    found = [s for s in seed[doc_id].statements if s.text == text]
    assert {s.speaker for s in found} == speakers and len(found) == len(speakers)
    assert len({s.evidence for s in found}) == 1


@pytest.mark.parametrize("doc_id", [D0, D4])
def test_seed_facts_quotes_are_verbatim_and_reports_inside_their_span(
    seed: dict[str, F.DocFacts], doc_id: str
) -> None:
    for statement in seed[doc_id].statements:
        if statement.kind == "direct":
            assert statement.text == statement.evidence.text
        else:
            assert statement.text in statement.evidence.text and statement.text != statement.evidence.text


@pytest.mark.parametrize("doc_id", [D0, D4])
def test_seed_facts_speakers_posts_and_about_resolve(seed: dict[str, F.DocFacts], doc_id: str) -> None:
    gazetteer = load_gazetteer()
    facts = seed[doc_id]
    declared = {p.id: p for p in facts.posts}
    known_posts = {p.id for p in gazetteer.posts} | set(declared)
    actors = set(gazetteer.parties) | set(gazetteer.persons)
    ids = {a.id for a in facts.agreements} | {c.id for c in facts.commitments}
    for statement in facts.statements:
        assert statement.speaker in actors or declared.get(statement.speaker, F.Post("", "", None)).anonymous
        assert statement.post is None or statement.post in known_posts
        assert set(statement.about) <= ids
    for post in facts.posts:
        assert post.anonymous and post.id == post_id(post.party, post.title, f"anon-{doc_id}")
    for commitment in facts.commitments:
        assert set(commitment.reciprocal_to) <= ids and commitment.agreement in ids
    for release in facts.releases:
        assert release.source is None or release.source in actors or release.source in declared


@pytest.mark.parametrize(("doc_id", "snippet"), [(D0, "good news"), (D4, "Goodwill step")])
def test_seed_facts_shifted_evidence_raises(corpus: Corpus, tmp_path: Path, doc_id: str, snippet: str) -> None:
    text = corpus.get(doc_id).text
    start = text.index(snippet) + 1  # one character off
    bad = tmp_path / f"{doc_id}.yaml"
    bad.write_text(
        f"document: {doc_id}\n"
        "statements:\n"
        "  - {speaker: taliban, kind: direct, type: claim, "
        f"text: \"{snippet}\", evidence: {{start: {start}, end: {start + len(snippet)}, text: \"{snippet}\"}}}}\n",
        encoding="utf-8",
    )
    with pytest.raises(EvidenceError) as caught:
        load_fact_dir(tmp_path, {doc_id: text})
    assert doc_id in str(caught.value) and snippet in str(caught.value)
