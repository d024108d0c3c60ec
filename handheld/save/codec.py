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
import re
from typing import Any

from .errors import InvalidInput

_MAX_DEPTH = 64  # far beyond any real RNG state or position; stops a runaway structure early
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


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


def _untag(value: Any, depth: int = 0) -> Any:
    if depth > _MAX_DEPTH:
        raise InvalidInput(f"value nested deeper than {_MAX_DEPTH} levels")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    # Anything else must be one of the three tagged containers exactly as _tag writes them.
    if not isinstance(value, dict) or len(value) != 1:
        raise InvalidInput(f"not a tagged value: {type(value).__name__}")
    ((tag, items),) = value.items()
    if not isinstance(items, list):
        raise InvalidInput(f"the items of a tagged {tag!r} are not a list")
    if tag == "t":
        return tuple(_untag(v, depth + 1) for v in items)
    if tag == "l":
        return [_untag(v, depth + 1) for v in items]
    if tag != "d":
        raise InvalidInput(f"unknown tag {tag!r}")
    out = {}
    for pair in items:
        if not isinstance(pair, list) or len(pair) != 2:
            raise InvalidInput("a tagged dict item is not a [key, value] pair")
        key = _untag(pair[0], depth + 1)
        try:
            out[key] = _untag(pair[1], depth + 1)
        except TypeError:  # an unhashable key (a list)
            raise InvalidInput(f"a dict key of type {type(key).__name__}") from None
    return out


def encode_exact(value: Any) -> str:
    """JSON text from which :func:`decode_exact` rebuilds ``value`` exactly."""
    return json.dumps(_tag(value, 0), separators=(",", ":"), allow_nan=False)


def decode_exact(text: str, what: str = "the tagged value") -> Any:
    """The value :func:`encode_exact` wrote; InvalidInput for anything else (damaged text,
    unknown tags, nesting beyond the limit)."""
    return _untag(decode_json(text, what))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def decode_json(text: object, what: str, max_chars: int = 4_000_000) -> Any:
    """Plain JSON read from the saves, as hostile input: only strict JSON (no NaN or
    Infinity), at most ``max_chars`` characters and :data:`_MAX_DEPTH` levels deep; anything
    else is InvalidInput naming ``what``."""
    if not isinstance(text, str):
        raise InvalidInput(f"{what} is not text but {type(text).__name__}")
    if len(text) > max_chars:
        raise InvalidInput(f"{what} is {len(text)} characters long; the most is {max_chars}")
    if _nesting(text) > _MAX_DEPTH:
        raise InvalidInput(f"{what} is nested deeper than {_MAX_DEPTH} levels")
    try:
        text.encode("utf-8")  # lone surrogates: bytes that were not UTF-8 in the file
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise InvalidInput(f"{what} is not valid JSON: {e}") from None


def _nesting(text: str) -> int:
    """An upper bound on the nesting depth of JSON text (brackets inside strings counted
    too, which only makes it stricter), computed without recursion."""
    if text.count("[") + text.count("{") <= _MAX_DEPTH:
        return 0  # too few brackets to go too deep: the common case, at C speed
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", text):
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > _MAX_DEPTH:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def encode_json(value: Any, what: str) -> str:
    """Plain JSON (tuples become lists), refusing what JSON cannot hold, with ``what`` (e.g.
    "setting 'volume'") named in the error."""
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError) as e:
        raise InvalidInput(f"{what} cannot be saved as JSON: {e}") from e
