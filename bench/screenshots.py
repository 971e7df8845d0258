"""Screenshots of the seed graph page and the seed report for the docs.

    python -m bench.screenshots            # writes docs/screenshots/graph.png and report.png

Builds the seed corpus into a temporary store, writes the page and the report
as of 2020-04-13, opens them from files in headless Chromium (no request to
any other address is let through) and captures them: the graph with one
commitment selected, so the facts panel shows, and the top of the report.
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
AS_OF = dt.date(2020, 4, 13)
SELECT = "commitment:agreement/taliban+united-states/2020-02-29/government-of-afghanistan/release/taliban"


def _refuse_outside(page, outside: list[str]) -> None:
    def route(r):
        if r.request.url.startswith("file:"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    page.route("**/*", route)


def capture(out: Path = OUT, report_height: int = 1500) -> dict[str, Path]:
    from playwright.sync_api import sync_playwright

    from kg.build import build
    from kg.html import write_page
    from kg.report import write_report
    from kg.stores import open_store

    out.mkdir(parents=True, exist_ok=True)
    shots = {"graph": out / "graph.png", "report": out / "report.png"}
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"oxigraph:{Path(tmp) / 'store'}")
        build(ROOT / "corpus", store, out_dir=None, html=False, extract=False)
        graph = write_page(store, Path(tmp) / "graph.html", as_of=AS_OF)
        report = write_report(store, tmp, as_of=AS_OF)["html"]
        store.close()
        outside: list[str] = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 900}, device_scale_factor=1)
            _refuse_outside(page, outside)
            page.goto(graph.as_uri())
            page.wait_for_selector("body[data-state=stable]", state="attached", timeout=60_000)
            page.evaluate("(id) => kgPage.select(id, false)", SELECT)
            page.wait_for_timeout(600)
            page.mouse.move(5, 890)  # no hover tooltip in the picture
            page.screenshot(path=str(shots["graph"]))
            page = browser.new_page(viewport={"width": 1200, "height": report_height}, device_scale_factor=1)
            _refuse_outside(page, outside)
            page.goto(report.as_uri())
            page.screenshot(path=str(shots["report"]))
            browser.close()
        if outside:
            raise SystemExit(f"the pages asked for outside addresses: {outside[:3]}")
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    for name, path in capture(args.out).items():
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
