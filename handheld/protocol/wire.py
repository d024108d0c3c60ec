"""Request lines in, reply lines out: bounded reading, bounded JSON parsing, strict JSON
writing. What a client sends is bounded before any work is spent on it: a line is read as
bytes up to :data:`MAX_LINE_BYTES`, its nesting is measured without recursion before
``json.loads`` sees it, and numbers are bounded in length as they are parsed (no
4,300-digit integers, no NaN or Infinity)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, BinaryIO

from .errors import ProtocolError, RequestTooLarge

MAX_LINE_BYTES = 1 << 20  # a whole position fits in a few dozen KB
MAX_DEPTH = 64  # arrays and objects inside each other; a position needs about 8
MAX_NUMBER_CHARS = 40  # digits, sign, point and exponent of one JSON number
MAX_MESSAGE_CHARS = 4_000  # an error message, however long the input it names

# A whole JSON string (its brackets do not count; the unrolled form has one way to match, so
# a failing match costs linear time), or a lone quote, which starts a string that never ends.
_STRING_OR_QUOTE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


@dataclass(frozen=True)
class OversizedLine:
    """A request line longer than :data:`MAX_LINE_BYTES` (its bytes were skipped unread)."""

    size: int


# --------------------------------------------------------------------------- reading lines


def read_request_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES,
                       ) -> Iterator[bytes | OversizedLine]:
    """The lines of ``stream`` as bytes; a line longer than ``limit`` is skipped in pieces
    (never held whole in memory) and reported as :class:`OversizedLine`."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            size = len(line)
            while True:
                rest = stream.readline(1 << 16)
                size += len(rest)
                if not rest or rest.endswith(b"\n"):
                    break
            yield OversizedLine(size)
        else:
            yield line


def _bounded_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise RequestTooLarge(f"a number has {len(text)} characters; at most "
                              f"{MAX_NUMBER_CHARS} are allowed")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise RequestTooLarge(f"a number has {len(text)} characters; at most "
                              f"{MAX_NUMBER_CHARS} are allowed")
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError(f"the number {text} is out of range")
    return value


def _refuse_constant(text: str) -> Any:
    raise ProtocolError(f"{text} is not a JSON value (JSON has no NaN or Infinity)")


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (brackets inside strings skipped), in
    linear time and without recursion, so that it can be asked before ``json.loads``
    recurses. A string that never ends stops the count, as it stops the parser."""
    outside: list[str] = []
    start = 0
    end = len(text)
    for match in _STRING_OR_QUOTE.finditer(text):
        if match.end() - match.start() == 1:  # a lone quote: nothing after it is parsed
            end = match.start()
            break
        outside.append(text[start:match.start()])
        start = match.end()
    outside.append(text[start:end])
    brackets = _NOT_BRACKET.sub("", "".join(outside))
    return max(accumulate(map(_BRACKET_DEPTH.__getitem__, brackets), initial=0))


def parse_request(raw: str | bytes | OversizedLine) -> Any:
    """One request line as a JSON value, or a :class:`ProtocolError` saying what is wrong
    with it. Never recurses deeply, never builds a huge integer, never yields NaN."""
    if isinstance(raw, OversizedLine):
        raise RequestTooLarge(f"the line has {raw.size} bytes; a request has at most "
                              f"{MAX_LINE_BYTES}")
    if len(raw) > MAX_LINE_BYTES:
        raise RequestTooLarge(f"the line has {len(raw)} characters; a request has at most "
                              f"{MAX_LINE_BYTES} bytes")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProtocolError(f"the line is not UTF-8 text (bad byte at {exc.start})"
                                ) from None
    else:
        text = raw
    depth = json_depth(text)
    if depth > MAX_DEPTH:
        raise RequestTooLarge(f"the request nests arrays and objects more than {MAX_DEPTH} "
                              "levels deep")
    try:
        return json.loads(text, parse_int=_bounded_int, parse_float=_bounded_float,
                          parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"not valid JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:  # only if the bound above were raised past the stack's reach
        raise RequestTooLarge("the request nests too deeply") from None


def error_reply(exc: BaseException, kind: str | None = None) -> dict[str, Any]:
    message = str(exc)
    if kind == "InternalError":
        message = f"{type(exc).__name__}: {message}"
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[:MAX_MESSAGE_CHARS - 3] + "..."
    return {"ok": False, "error": {"type": kind or type(exc).__name__, "message": message}}


def encode(reply: dict[str, Any]) -> str:
    """One reply as one line of strict JSON (no NaN, no Infinity, ASCII only)."""
    try:
        return json.dumps(reply, allow_nan=False)
    except (TypeError, ValueError) as exc:  # a reply holding a value JSON cannot carry
        fallback = error_reply(exc, "InternalError")
        if "id" in reply:
            fallback["id"] = reply["id"]  # parsed from strict JSON, so always encodable
        return json.dumps(fallback, allow_nan=False)
