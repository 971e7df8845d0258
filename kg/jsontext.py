"""JSON text kept in the store (views, readings, records), read back fast.

The build keeps answers as JSON literals; a page on a large store decodes
megabytes of them. ``orjson`` decodes them about twice as fast as the
standard library; text it refuses (a lone surrogate, which strict UTF-8 does
not allow but Python strings can hold) is read by :mod:`json` instead, so
both give the same values.

>>> loads('{"a": [1, "b", null]}')
{'a': [1, 'b', None]}
>>> loads('"\\\\ud800"') == "\\ud800"
True
"""

from __future__ import annotations

import json
from typing import Any

import orjson

__all__ = ["loads"]


def loads(text: str | bytes) -> Any:
    """The value of a JSON text."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
