"""Browser fixtures: the system Chromium driven by Playwright, pages opened from files with
every request to another address refused and recorded, and the pages under test."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SEED_DAY = dt.date(2020, 4, 13)
FOCUS = ("Zalmay Khalilzad", 1)


@dataclass
class Visit:
    """One opened page and what it did: outside requests, console errors, dialogs."""

    page: Any
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip(f"the browser tests need Chromium at {CHROMIUM} (Debian package 'chromium')")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def visit(browser) -> Callable[..., Visit]:
    """Open a file in a fresh browser context; wait until the graph page is stable."""
    contexts = []

    def open_file(path: Path, *, stable: bool = True) -> Visit:
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        contexts.append(context)
        page = context.new_page()
        seen = Visit(page)

        def route(r):
            if r.request.url.startswith("file:"):
                r.continue_()
            else:
                seen.outside.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        page.on("console", lambda m: seen.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: seen.errors.append(str(e)))
        page.on("dialog", lambda d: (seen.dialogs.append(d.message), d.dismiss()))
        page.goto(path.as_uri())
        if stable:
            page.wait_for_selector("body[data-state=stable]", state="attached", timeout=60_000)
        return seen

    yield open_file
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def seed_files(seed_oxigraph, tmp_path_factory) -> dict[str, Path]:
    """The seed graph page (whole and focused) and report, as of 2020-04-13."""
    from kg.html import write_page
    from kg.report import write_report

    store, _ = seed_oxigraph
    out = tmp_path_factory.mktemp("seed-pages")
    return {
        "graph": write_page(store, out / "graph.html", as_of=SEED_DAY),
        "focus": write_page(store, out / "focus.html", as_of=SEED_DAY, focus=FOCUS[0], depth=FOCUS[1]),
        "report": write_report(store, out, as_of=SEED_DAY)["html"],
    }


@pytest.fixture(scope="session")
def focus() -> tuple[str, int]:
    """The name and depth the focused seed page was written with."""
    return FOCUS


@pytest.fixture(scope="session")
def seed_graph(seed_oxigraph):
    from kg import views

    store, _ = seed_oxigraph
    return views.actor_network(store, SEED_DAY)


@pytest.fixture(scope="session")
def probe_files(tmp_path_factory) -> dict[str, Path]:
    """The graph page and report of the probe corpus (markup in every text field)."""
    from kg.html import write_page
    from kg.report import write_report
    from tests.browser.probe import build_probe_store

    root = tmp_path_factory.mktemp("probe")
    store = build_probe_store(root)
    try:
        return {"graph": write_page(store, root / "graph.html", as_of=SEED_DAY),
                "report": write_report(store, root, as_of=SEED_DAY)["html"]}
    finally:
        store.close()
