"""Browser tests: the graph page and the report in headless Chromium."""
