"""Reading the fields of a request: each getter checks the JSON type (a bool is not a
number, a float is not an index) and names the field and the bad value in its error."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import ProtocolError


def shown(value: Any, limit: int = 60) -> str:
    """A client's value for an error message: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def int_field(req: dict[str, Any], name: str, default: int, *, low: int | None = None,
               ) -> int:
    value = req.get(name, default)
    if not is_int(value) or (low is not None and value < low):
        floor = f" of at least {low}" if low is not None else ""
        raise ProtocolError(f"\"{name}\" must be a whole number{floor}, not {shown(value)}")
    return int(value)


def bool_field(req: dict[str, Any], name: str, default: bool) -> bool:
    value = req.get(name, default)
    if not isinstance(value, bool):
        raise ProtocolError(f"\"{name}\" must be true or false, not {shown(value)}")
    return value


def player_field(req: dict[str, Any], name: str, *, required: bool) -> int | None:
    value = req.get(name)
    if value is None and not required:
        return None
    if not is_int(value) or value not in (0, 1):
        raise ProtocolError(f"\"{name}\" must be 0 or 1, not {shown(value)}")
    return int(value)


def word_field(req: dict[str, Any], name: str, default: str, allowed: Iterable[str]) -> str:
    value = req.get(name, default)
    allowed = sorted(allowed)
    if not isinstance(value, str) or value not in allowed:
        raise ProtocolError(f"\"{name}\" must be one of {', '.join(allowed)}; not "
                            f"{shown(value)}")
    return value
