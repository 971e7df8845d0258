from __future__ import annotations
def find_releases(ctx):
    return []
