"""``kg``: the command line, thin wrappers over plain functions.

Heavy libraries (rdflib, pyoxigraph, spaCy, pyvis) are imported inside the
commands that need them, so ``kg --help`` starts at once.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any, Iterable, Optional

import typer

from kg.errors import KGError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Who promised what, who did what and who said what in a negotiation: a knowledge graph from news articles.",
    pretty_exceptions_enable=False,
)

StoreOpt = typer.Option(None, "--store", help="memory | oxigraph[:PATH] (default .kg/store) | sparql:QUERY_URL; or $KG_STORE.")
GraphOpt = typer.Option(None, "--graph", help="Answer from an exported .trig/.ttl/.nq file instead of the store.")
FormatOpt = typer.Option("table", "--format", "-f", help="table | csv | json")
AsOfOpt = typer.Option(None, "--as-of", help="Only what documents published on or before this date (YYYY-MM-DD) say.")

FORMATS = ("table", "csv", "json")


def _date(value: Optional[str], name: str = "--as-of") -> Optional[dt.date]:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise KGError(f"{name}: expected a date YYYY-MM-DD, found {value!r}") from None


def _open(store: Optional[str], graph: Optional[Path], read_only: bool = True):
    if graph is not None:
        from kg.graphfile import open_graph_file

        return open_graph_file(graph)
    from kg.stores import open_store

    return open_store(store, read_only=read_only)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.0%}" if 0 <= value <= 1.5 else f"{value:g}"
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)


def emit(records: Iterable[dict[str, Any]], fmt: str, columns: Optional[list[str]] = None, title: str = "") -> None:
    """Print records as a table, CSV or JSON (the JSON is the full records).

    JSON and CSV are written record by record, so a long listing given as an
    iterator is never held whole; the JSON is the same text ``json.dumps``
    gives for the list with ``indent=2``.
    """
    if fmt not in FORMATS:
        raise KGError(f"--format: expected one of {', '.join(FORMATS)}, found {fmt!r}")
    if fmt == "json":
        opened = False
        for record in records:
            text = json.dumps(record, indent=2, ensure_ascii=False, default=str)
            sys.stdout.write(("[\n" if not opened else ",\n") + "\n".join("  " + line for line in text.split("\n")))
            opened = True
        sys.stdout.write("\n]\n" if opened else "[]\n")
        return
    if not columns or fmt != "csv":
        records = list(records)
    columns = columns or (list(records[0]) if records else [])
    if fmt == "csv":
        import csv

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(columns)
        for record in records:
            writer.writerow([_cell(record.get(c)) if not isinstance(record.get(c), float) else record.get(c) for c in columns])
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console = Console(width=220)
    table = Table(title=title or None, show_lines=False, expand=False)
    for column in columns:
        long_text = column in ("text", "object", "agreement", "label", "description", "because", "owed",
                               "commitment", "of", "for", "id")
        table.add_column(column.replace("_", " "), overflow="fold", no_wrap=not long_text,
                         max_width=60 if long_text else None)
    for record in records:
        table.add_row(*[_cell(record.get(c)) for c in columns])
    console.print(table)


COMMITMENT_COLUMNS = ["obligor", "action", "target_count", "object", "counterparty", "deadline", "agreement",
                      "achieved", "share", "status", "overdue", "late"]


@app.command()
def build(
    corpus_dir: Path = typer.Argument(..., help="Folder with the articles and manifest.yaml."),
    out: Optional[Path] = typer.Option(Path("exports"), "--out", help="Where to write graph.ttl/.trig/.jsonld/.html."),
    store: Optional[str] = StoreOpt,
    facts: Optional[Path] = typer.Option(None, "--facts", help="Reviewed fact files (default CORPUS_DIR/facts)."),
    gazetteer: Optional[Path] = typer.Option(None, "--gazetteer", help="Actor gazetteer YAML (default: packaged)."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Extraction processes."),
    extract: bool = typer.Option(True, "--extract/--no-extract", help="Extract facts from the texts."),
    keep_going: bool = typer.Option(False, "--keep-going", help="Skip bad documents (exit code 1) instead of stopping."),
    as_of: Optional[str] = AsOfOpt,
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress",
                                            help="Progress bar with documents/s and ETA (default: on a terminal)."),
) -> None:
    """Build the graph from a corpus, write the exports and print the commitments."""
    from kg.build import build as run_build
    from kg import answers
    from kg.progress import BuildProgress
    from kg.stores import open_store

    day = _date(as_of)
    with open_store(store) as opened, BuildProgress(enabled=progress) as bar:
        summary = run_build(corpus_dir, opened, out_dir=out, facts_dir=facts, gazetteer_path=gazetteer,
                            extract=extract, jobs=jobs, keep_going=keep_going, progress=bar)
        records = answers.commitments(opened, day, evidence=False)
    typer.echo(
        f"built {summary.documents} documents ({summary.extracted} extracted, {summary.reviewed} with reviewed facts, "
        f"{summary.unchanged} unchanged, {summary.removed} removed) into {summary.store}: "
        f"{summary.triples} triples, {summary.derived} derived, in {summary.seconds:.2f} s"
    )
    for path in sorted(summary.exports.values()):
        typer.echo(f"  wrote {path}")
    emit(records, "table", COMMITMENT_COLUMNS, title="Commitments")
    if summary.skipped:
        for line in summary.skipped:
            typer.echo(f"skipped {line}", err=True)
        raise typer.Exit(1)


SCALES = {"status": [], "pam": ["pam"], "politifact": ["politifact"]}


@app.command()
def commitments(as_of: Optional[str] = AsOfOpt, fmt: str = FormatOpt, store: Optional[str] = StoreOpt,
                graph: Optional[Path] = GraphOpt,
                scale: str = typer.Option("status", "--scale", help="Also show: pam (Peace Accords Matrix 0-3) | politifact"),
                limit: Optional[int] = typer.Option(None, "--limit", min=1, help="N commitments, in the order of their ids."),
                offset: int = typer.Option(0, "--offset", min=0, help="Skip the first N commitments (with --limit: a page).")
                ) -> None:
    """Commitments with their status, share, deadline and evidence."""
    from kg import answers

    if scale not in SCALES:
        raise KGError(f"--scale: expected one of {', '.join(SCALES)}, found {scale!r}")
    day = _date(as_of)
    with _open(store, graph) as opened:
        # A table or CSV shows no evidence: read the records without it (the JSON is the whole record).
        records = answers.commitments(opened, day, evidence=fmt == "json", limit=limit, offset=offset)
        emit(records, fmt, COMMITMENT_COLUMNS + SCALES[scale], "Commitments")


@app.command()
def timeline(commitment: str = typer.Argument(..., help="A commitment id, or a unique part of one."),
             fmt: str = FormatOpt, store: Optional[str] = StoreOpt, graph: Optional[Path] = GraphOpt) -> None:
    """A commitment's status at every publication date: achieved, share, overdue."""
    from kg import answers

    with _open(store, graph) as opened:
        emit(answers.timeline(opened, commitment), fmt, title=f"Timeline of {commitment}")


@app.command()
def explain(commitment: str = typer.Argument(..., help="A commitment id, or a unique part of one."),
            as_of: Optional[str] = AsOfOpt, store: Optional[str] = StoreOpt, graph: Optional[Path] = GraphOpt) -> None:
    """Why a commitment has its status: the rule, the events, their documents and spans."""
    from kg import answers

    day = _date(as_of)
    with _open(store, graph) as opened:
        typer.echo(answers.explain(opened, commitment, day))


@app.command()
def waiting(as_of: Optional[str] = AsOfOpt, fmt: str = FormatOpt, store: Optional[str] = StoreOpt,
            graph: Optional[Path] = GraphOpt) -> None:
    """Who is waiting on whom: reciprocal commitments still owed, conditions, and amendment chains."""
    from kg import answers

    day = _date(as_of)
    with _open(store, graph) as opened:
        emit(answers.waiting(opened, day), fmt,
             ["waiting", "on", "owed", "status", "still_waiting", "relation", "because"], "Who waits on whom")
        links = answers.chains(opened, day)
    if links and fmt == "table":
        emit(links, fmt, title="How commitments were changed")


@app.command()
def predictions(as_of: Optional[str] = AsOfOpt, fmt: str = FormatOpt, store: Optional[str] = StoreOpt,
                graph: Optional[Path] = GraphOpt,
                limit: Optional[int] = typer.Option(None, "--limit", min=1, help="N predictions, in date order."),
                offset: int = typer.Option(0, "--offset", min=0, help="Skip the first N (with --limit: a page).")
                ) -> None:
    """Predictions checked against later evidence: met, missed or pending."""
    from kg import answers

    day = _date(as_of)
    with _open(store, graph) as opened:
        emit(answers.predictions(opened, day, limit=limit, offset=offset), fmt,
             ["speaker", "text", "said_on", "expected_from", "expected_to", "outcome", "met_on", "document"], "Predictions")


@app.command()
def statements(
    speaker: Optional[str] = typer.Option(None, "--speaker", help="Part of the speaker's name."),
    party: Optional[str] = typer.Option(None, "--party", help="Part of the speaker's party's name."),
    about: Optional[str] = typer.Option(None, "--about", help="A commitment id: statements about it."),
    kind: Optional[str] = typer.Option(None, "--kind", help="One type: claim, demand, prediction, accusation, "
                                       "praise, denial, commitment, announcement, confirmation."),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="The first N statements, in date order."),
    after: Optional[str] = typer.Option(None, "--after", help="A statement id: the page that follows it "
                                        "(with --limit; the id of a page's last row gives the next page)."),
    as_of: Optional[str] = AsOfOpt,
    fmt: str = FormatOpt,
    store: Optional[str] = StoreOpt,
    graph: Optional[Path] = GraphOpt,
) -> None:
    """Who said what: speaker, party, kind, words, date, channel, document and span."""
    from kg import answers

    day = _date(as_of)
    columns = ["speaker", "speaker_party", "kind", "type", "text", "said_on", "channel", "document", "start", "end"]
    with _open(store, graph) as opened:
        records = answers.statement_records(opened, speaker=speaker, party=party, about=about, as_of=day,
                                            limit=limit, kind=kind, after=after)
        if fmt != "table":  # written as the rows come, never held whole
            emit(records, fmt, columns, "Statements")
            return
        records = list(records)
    emit(records, fmt, columns, "Statements")
    if limit is not None and len(records) == limit:
        typer.echo(f"Next page: --limit {limit} --after {records[-1]['id']}", err=True)


@app.command()
def releases(as_of: Optional[str] = AsOfOpt, fmt: str = FormatOpt, store: Optional[str] = StoreOpt,
             graph: Optional[Path] = GraphOpt,
             releaser: Optional[str] = typer.Option(None, "--releaser", help="Part of the releasing party's name."),
             limit: Optional[int] = typer.Option(None, "--limit", min=1, help="N events, in date order."),
             offset: int = typer.Option(0, "--offset", min=0, help="Skip the first N events (with --limit: a page).")
             ) -> None:
    """Releases: who freed how many of whose people, when, where, per whom."""
    from kg import answers

    day = _date(as_of)
    with _open(store, graph) as opened:
        records = answers.releases(opened, day, releaser=releaser, limit=limit, offset=offset)
        emit(records, fmt,
             ["releaser", "released_party", "count", "cumulative", "date_from", "date_to", "place", "source", "documents"],
             "Releases")


@app.command()
def agreements(as_of: Optional[str] = AsOfOpt, fmt: str = FormatOpt, store: Optional[str] = StoreOpt,
               graph: Optional[Path] = GraphOpt) -> None:
    """Agreements and decisions: who signed, when, where."""
    from kg import answers

    day = _date(as_of)
    with _open(store, graph) as opened:
        emit(answers.agreements(opened, day), fmt, title="Agreements")


@app.command()
def sources(as_of: Optional[str] = AsOfOpt, fmt: str = FormatOpt, store: Optional[str] = StoreOpt,
            graph: Optional[Path] = GraphOpt,
            weak: bool = typer.Option(False, "--weak", help="Only facts on a single or anonymous source."),
            limit: Optional[int] = typer.Option(None, "--limit", min=1, help="N facts, in the answer's order."),
            offset: int = typer.Option(0, "--offset", min=0, help="Skip the first N facts (with --limit: a page).")
            ) -> None:
    """How each fact is sourced: documents, single source, anonymous source."""
    from kg import answers

    day = _date(as_of)
    with _open(store, graph) as opened:
        records = answers.corroboration(opened, day, weak=weak, limit=limit, offset=offset)
    emit(records, fmt, ["kind", "label", "documents", "single_source", "anonymous"], "Sources")


@app.command()
def network(as_of: Optional[str] = AsOfOpt, fmt: str = FormatOpt, store: Optional[str] = StoreOpt,
            graph: Optional[Path] = GraphOpt, top: int = typer.Option(10, "--top")) -> None:
    """Most quoted speakers and the most central actors (NetworkX)."""
    from kg import views

    day = _date(as_of)
    with _open(store, graph) as opened:
        g = views.actor_network(opened, day)
    quoted = views.most_quoted(g, top)
    central = views.centrality(g, top)
    records = [{"rank": i + 1, "most_quoted": q[0] if q else None, "statements": q[1] if q else None,
                "most_central": c[0] if c else None, "betweenness": c[1] if c else None}
               for i, (q, c) in enumerate(_zip_longest(quoted, central))]
    emit(records, fmt, title=f"Network: {g.number_of_nodes()} nodes, {g.number_of_edges()} edges")


def _zip_longest(a: list, b: list) -> list[tuple]:
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else None, b[i] if i < len(b) else None) for i in range(n)]


@app.command()
def query(
    name: str = typer.Argument(..., help="A packaged query name (see --list) or a .rq file."),
    as_of: Optional[str] = AsOfOpt,
    fmt: str = FormatOpt,
    store: Optional[str] = StoreOpt,
    graph: Optional[Path] = GraphOpt,
    timeout: float = typer.Option(30.0, "--timeout", help="Stop the query after this many seconds."),
    max_rows: int = typer.Option(100_000, "--max-rows", help="Refuse an answer with more rows than this."),
    allow_update: bool = typer.Option(False, "--allow-update", help="Let the query change the store (SPARQL Update)."),
    allow_service: bool = typer.Option(False, "--allow-service",
                                       help="Let the query reach other addresses (SERVICE, LOAD)."),
) -> None:
    """Run a SPARQL query (packaged or a .rq file) and print its rows.

    Read-only unless --allow-update; SERVICE and LOAD refused unless
    --allow-service; run in a child process stopped at --timeout or past
    --max-rows (see kg/guard.py).
    """
    from kg.answers import FAR_FUTURE
    from kg.guard import check_query, run_limited
    from kg import queries

    day = _date(as_of)
    text = queries.load(name)
    form = check_query(text, allow_update=allow_update, allow_service=allow_service)
    rows = run_limited(graph if graph is not None else store, text, timeout=timeout, max_rows=max_rows,
                       bindings={"asOf": day or FAR_FUTURE}, allow_update=allow_update, allow_service=allow_service)
    if form == "update":
        typer.echo(f"updated {store or 'the default store'}")
    else:
        emit(rows, fmt)


@app.command("queries")
def list_queries() -> None:
    """List the packaged SPARQL queries with their purpose."""
    from kg import queries as q

    for name in q.names():
        typer.echo(f"{name:24} {q.header(name).splitlines()[0]}")


@app.command()
def validate(store: Optional[str] = StoreOpt, graph: Optional[Path] = GraphOpt) -> None:
    """Check the graph against the SHACL shapes and the *-violation.rq checks."""
    from kg.validation import validate_store

    with _open(store, graph) as opened:
        report = validate_store(opened)
    for line in report.lines():
        typer.echo(line)
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def html(
    out: Path = typer.Option(Path("exports/graph.html"), "--out"),
    focus: Optional[str] = typer.Option(None, "--focus", help="Show only this actor's neighbourhood."),
    depth: int = typer.Option(2, "--depth", min=1),
    as_of: Optional[str] = AsOfOpt,
    store: Optional[str] = StoreOpt,
    graph: Optional[Path] = GraphOpt,
) -> None:
    """Write the interactive graph page (one offline HTML file)."""
    from kg.html import write_page

    day = _date(as_of)
    with _open(store, graph) as opened:
        path = write_page(opened, out, as_of=day, focus=focus, depth=depth)
    typer.echo(f"wrote {path}")


@app.command()
def evaluate(
    gold_dir: Path = typer.Argument(..., help="Folder of gold fact files (<doc-id>.yaml)."),
    corpus: Optional[Path] = typer.Option(None, "--corpus", help="The articles and manifest (default: GOLD_DIR/../corpus)."),
    fmt: str = FormatOpt,
    why: bool = typer.Option(False, "--why", help="Also count why gold facts were missed: not found, or which fields differ."),
) -> None:
    """Precision, recall and F1 of extraction against gold fact files, per fact type."""
    from loaders.evaluate import evaluate_dirs

    corpus_dir = corpus or gold_dir.parent / "corpus"
    scores = evaluate_dirs(corpus_dir, gold_dir)
    if fmt == "json":
        sys.stdout.write(json.dumps(scores.to_dict(), indent=2) + "\n")
        return
    header, *rows = scores.table()
    emit([dict(zip(header, row)) for row in rows], fmt, header,
         title=f"Extraction against {gold_dir} ({scores.documents} documents)")
    if scores.statement_type_accuracy is not None:
        typer.echo(f"statement type accuracy on matched statements: {scores.statement_type_accuracy:.3f}")
    if why:
        emit([{"type": k, "missed because": c, "facts": n} for k, c, n in scores.causes], fmt,
             ["type", "missed because", "facts"], title="Why gold facts were missed (the extracted fact overlapping each most)")


@app.command()
def report(
    as_of: Optional[str] = AsOfOpt,
    out: Path = typer.Option(Path("exports"), "--out", help="Folder for report.html and report.md."),
    store: Optional[str] = StoreOpt,
    graph: Optional[Path] = GraphOpt,
) -> None:
    """Write the commitments report (offline HTML and Markdown) as of a date."""
    from kg.report import write_report

    day = _date(as_of)
    with _open(store, graph) as opened:
        written = write_report(opened, out, as_of=day)
    for path in written.values():
        typer.echo(f"wrote {path}")


@app.command()
def serve(
    store: Optional[str] = typer.Option(None, "--store", help="oxigraph[:PATH] (default .kg/store); or $KG_STORE."),
    port: int = typer.Option(7878, "--port", min=0, max=65535, help="TCP port (0: any free port)."),
    bind: str = typer.Option("127.0.0.1", "--bind", help="Address to listen on (default: loopback only)."),
    allow_update: bool = typer.Option(False, "--allow-update", help="Accept SPARQL updates and Graph Store writes."),
    allow_service: bool = typer.Option(False, "--allow-service", help="Accept queries that call other endpoints (SERVICE)."),
    timeout: float = typer.Option(30.0, "--timeout", min=0.001, help="Seconds a query may take, answer included."),
    max_bytes: int = typer.Option(128 * 2**20, "--max-bytes", min=1, help="Largest answer, in bytes."),
    max_body: int = typer.Option(256 * 2**10, "--max-body", min=1, help="Largest query text sent in a body, in bytes."),
    max_upload: int = typer.Option(2**30, "--max-upload", min=1,
                                   help="Largest update or Graph Store write (with --allow-update), in bytes."),
    max_concurrent: int = typer.Option(4, "--max-concurrent", min=1, help="Requests at the store at once; others wait."),
) -> None:
    """Serve the store as a SPARQL endpoint (Oxigraph server behind a guard, with a query page) until Ctrl-C."""
    from kg.serve import Limits, serve as run_server, store_location

    limits = Limits(timeout=timeout, max_bytes=max_bytes, max_body=max_body, max_upload=max_upload,
                    max_concurrent=max_concurrent)
    raise typer.Exit(run_server(store_location(store), port=port, bind=bind, allow_update=allow_update,
                                allow_service=allow_service, limits=limits, echo=typer.echo))


def main() -> None:
    """Entry point: run the app, turning project errors into one clear line."""
    try:
        app()
    except KGError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
