"""JSON for values that must come back exactly as they went in.

A driver's RNG state (``random.Random.getstate()``: a tuple holding a tuple of 625 ints and
a float or None) must round-trip exactly, tuples included, or ``setstate`` refuses it. Plain
JSON turns tuples into lists, so :func:`encode_exact` tags every container: ``{"t": [...]}``
for a tuple, ``{"l": [...]}`` for a list, ``{"d": [[key, value], ...]}`` for a dict. Scalars
(None, bool, int, float, str) stay as they are; Python's JSON writes floats with ``repr`` and
reads them back to the same bits.
"""

from __future__ import annotations

import json
import math
from typing import Any

from .errors import InvalidInput

_MAX_DEPTH = 64  # far beyond any real RNG state; stops a runaway structure early


def _tag(value: Any, depth: int) -> Any:
    if depth > _MAX_DEPTH:
        raise InvalidInput(f"value nested deeper than {_MAX_DEPTH} levels")
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInput(f"cannot save the non-finite number {value!r}")
        return value
    if isinstance(value, tuple):
        return {"t": [_tag(v, depth + 1) for v in value]}
    if isinstance(value, list):
        return {"l": [_tag(v, depth + 1) for v in value]}
    if isinstance(value, dict):
        return {"d": [[_tag(k, depth + 1), _tag(v, depth + 1)] for k, v in value.items()]}
    raise InvalidInput(f"cannot save a value of type {type(value).__name__}")


def _untag(value: Any) -> Any:
    if isinstance(value, dict):
        ((tag, items),) = value.items()
        if tag == "t":
            return tuple(_untag(v) for v in items)
        if tag == "l":
            return [_untag(v) for v in items]
        return {_untag(k): _untag(v) for k, v in items}
    return value


def encode_exact(value: Any) -> str:
    """JSON text from which :func:`decode_exact` rebuilds ``value`` exactly."""
    return json.dumps(_tag(value, 0), separators=(",", ":"), allow_nan=False)


def decode_exact(text: str) -> Any:
    return _untag(json.loads(text))


def encode_json(value: Any, what: str) -> str:
    """Plain JSON (tuples become lists), refusing what JSON cannot hold, with ``what`` (e.g.
    "setting 'volume'") named in the error."""
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as e:
        raise InvalidInput(f"{what} cannot be saved as JSON: {e}") from e
