"""The report in headless Chromium: offline, charts drawn, evidence links work, article markup inert."""

from __future__ import annotations

import pytest

from tests.browser.probe import PARTY, PERSON, QUOTE

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("charts", [4])
def test_report_browser_renders_offline_with_its_charts(visit, seed_files, charts):
    seen = visit(seed_files["report"], stable=False)
    page = seen.page
    assert page.locator("h1").inner_text() == "Commitments report as of 2020-04-13"
    assert page.locator("svg.chart").count() == charts
    for i in range(charts):
        box = page.locator("svg.chart").nth(i).bounding_box()
        assert box and box["width"] > 300 and box["height"] > 100
    assert page.locator("#commitments + table tbody tr").count() == 5
    assert (seen.outside, seen.errors, seen.dialogs) == ([], [], [])


@pytest.mark.parametrize("link", [1, 5])
def test_report_browser_evidence_link_goes_to_the_sentence(visit, seed_files, link):
    seen = visit(seed_files["report"], stable=False)
    seen.page.locator(f'#commitments + table a[href="#ev-{link}"]').first.click()
    assert seen.page.evaluate("() => location.hash") == f"#ev-{link}"
    target = seen.page.locator(f"#ev-{link}")
    assert target.is_visible() and target.locator("blockquote").inner_text().strip()


@pytest.mark.parametrize("shown", [QUOTE, PARTY, PERSON])
def test_report_browser_article_markup_is_text(visit, probe_files, shown):
    seen = visit(probe_files["report"], stable=False)
    assert shown in seen.page.inner_text("body")
    assert seen.page.locator("img, script, i, b[onmouseover]").count() == 0
    assert (seen.dialogs, seen.outside, seen.errors) == ([], [], [])
