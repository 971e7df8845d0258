from __future__ import annotations
def find_commitments(ctx):
    return [], []
