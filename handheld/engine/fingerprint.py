"""Fingerprints of the programs a position's frames point into.

A position stores each running program by its key and a program counter. The counter only
means something against the program it was written with: if a rule procedure or a card's
script changes, counter 7 may name another instruction. The fingerprint is a digest of
those programs, written beside the frames, so that a reader can tell whether the counters
still point into the same code.

What is digested is each instruction's class name and the parameters that change what it
does, recursively (conditions, expressions, nested steps, filters by their key and test's
name). Left out: anything that is only wording or the computer player's estimate of worth,
caches, and object identities; sets and dicts are taken in sorted order. The digest is
therefore the same in every process and under every Python hash seed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from .carddefs import AttackDef, CardDef
from .eras import ERAS, HOME, Era, EraNotPlayable
from .errors import UnknownCard

if TYPE_CHECKING:
    from .cardpool import CardPool

Code = tuple[Any, ...]

# Attributes that say how an effect reads or what the greedy player thinks it is worth,
# not what it does to the match.
_IGNORED = frozenset({"wording", "question", "label", "text", "guess", "worth", "verdicts"})
_MAX_DEPTH = 40
DIGEST_CHARS = 16

# Per card pool: program key -> (the code digested, its digest). A pool's programs never
# change, and positions are written often (every lookahead copy), so each is digested once.
_CACHE: WeakKeyDictionary[CardPool, dict[str, tuple[Code, str]]] = WeakKeyDictionary()


def _encode(obj: Any, depth: int, path: set[int]) -> str:
    if depth > _MAX_DEPTH:
        return "<deep>"
    if obj is None or isinstance(obj, (bool, int, str)):
        return json.dumps(obj)
    if isinstance(obj, float):
        return repr(obj)
    if isinstance(obj, (tuple, list)):
        return "[" + ",".join(_encode(x, depth + 1, path) for x in obj) + "]"
    if isinstance(obj, (set, frozenset)):
        return "{" + ",".join(sorted(_encode(x, depth + 1, path) for x in obj)) + "}"
    if isinstance(obj, dict):
        items = sorted(f"{_encode(k, depth + 1, path)}:{_encode(v, depth + 1, path)}"
                       for k, v in obj.items())
        return "{" + ",".join(items) + "}"
    if isinstance(obj, AttackDef):
        # The attack procedure reads these facts of its attack; its own code is digested
        # under its own key.
        return f"attack({json.dumps([obj.key, obj.name, list(obj.cost), obj.base])})"
    if isinstance(obj, CardDef):
        return f"card({json.dumps(obj.id)})"
    if isinstance(obj, (type, types.FunctionType, types.BuiltinFunctionType,
                        types.MethodType)):
        return "fn:" + str(getattr(obj, "__qualname__", "?"))
    if id(obj) in path:
        return "<cycle>"
    path.add(id(obj))
    try:
        parts = [f"{name}={_encode(value, depth + 1, path)}"
                 for name, value in _attributes(obj) if name not in _IGNORED]
    finally:
        path.discard(id(obj))
    return f"{type(obj).__qualname__}({','.join(parts)})"


def _attributes(obj: Any) -> list[tuple[str, Any]]:
    """An object's parameters in a fixed order: a dataclass's compared fields, else its
    slots (base classes first), else its instance dictionary by name."""
    if dataclasses.is_dataclass(obj):
        return [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj)
                if f.compare]
    out: list[tuple[str, Any]] = []
    for cls in reversed(type(obj).__mro__):
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                out.append((name, getattr(obj, name)))
    if hasattr(obj, "__dict__"):
        out += sorted(vars(obj).items())
    return out


def program_digest(code: Code) -> str:
    """The digest of one program (its instructions in order)."""
    text = "\n".join(_encode(instr, 0, set()) for instr in code)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def _digest(pool: CardPool, key: str, code: Code) -> str:
    cache = _CACHE.setdefault(pool, {})
    hit = cache.get(key)
    if hit is not None and hit[0] is code:
        return hit[1]
    digest = program_digest(code)
    cache[key] = (code, digest)
    return digest


def fingerprint(pool: CardPool, programs: Iterable[tuple[str, Code]]) -> str:
    """The fingerprint of running programs given as (key, code): the same programs give
    the same text, in any order and however many frames run each."""
    digests = sorted({f"{key}={_digest(pool, key, code)}" for key, code in programs})
    return hashlib.sha256("\n".join(digests).encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def current_fingerprint(pool: CardPool, keys: Iterable[str],
                        era: Era | None = None) -> str | None:
    """The fingerprint this engine gives the programs named ``keys`` (rule procedures:
    ``era``'s, the home era's by default); None if one of them no longer exists."""
    try:
        return fingerprint(pool, [(key, pool.program(key, era)) for key in keys])
    except (UnknownCard, EraNotPlayable):
        return None


def position_programs_match(pool: CardPool, pos: Any) -> bool | None:
    """Do the programs a position's frames name still have the fingerprint written in it?
    True or False; None when the position carries no fingerprint (written before they
    existed, or by hand) or its stack cannot be read (the loader says what is wrong)."""
    if not isinstance(pos, dict):
        return None
    written = pos.get("fingerprint")
    stack = pos.get("stack")
    if not isinstance(written, str) or not isinstance(stack, list):
        return None
    era_key = pos.get("era", HOME.key)
    if not isinstance(era_key, str) or era_key not in ERAS:
        return None
    keys = []
    for frame in stack:
        key = frame.get("program") if isinstance(frame, dict) else None
        if not isinstance(key, str):
            return None
        keys.append(key)
    return current_fingerprint(pool, keys, ERAS[era_key]) == written
