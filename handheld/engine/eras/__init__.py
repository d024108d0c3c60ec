"""The registry of eras: one module per era, one instance of its :class:`Era` each.

Adding an era is adding its module and one line to :data:`BUILT_IN` (docs/ERAS.md).
:func:`register_era` adds one while the program runs (a test's made-up era, a variant):
every part of the engine and the app reads the registry when it needs an era, so a
registered era is played, saved and loaded like a built-in one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import MappingProxyType
from typing import TypeVar

from .base import Era, EraNotPlayable
from .black_white import ERA as BLACK_WHITE
from .call_of_legends import ERA as CALL_OF_LEGENDS
from .expedition import ERA as EXPEDITION
from .platinum import ERA as PLATINUM

# The eras of the rulebooks, in the order they came out, the home era first.
BUILT_IN: tuple[Era, ...] = (EXPEDITION, PLATINUM, CALL_OF_LEGENDS, BLACK_WHITE)
_ERAS: dict[str, Era] = {e.key: e for e in BUILT_IN}
E = TypeVar("E", bound=Era)
# Every known era by key: the built-in ones, then any registered since (a live view).
ERAS: MappingProxyType[str, Era] = MappingProxyType(_ERAS)
# The era a card of an unknown set is read in (cards made up by tests, a pool's own ids).
HOME = EXPEDITION


def era(key: str | Era) -> Era:
    """The era by its key (``expedition``); an :class:`Era` is returned as it is."""
    if isinstance(key, Era):
        return key
    try:
        return ERAS[key]
    except (KeyError, TypeError):
        raise KeyError(f"unknown era {key!r}; known eras: {', '.join(ERAS)}") from None


def playable_eras() -> list[Era]:
    """The eras a match can be played in."""
    return [e for e in ERAS.values() if e.playable]


def playable_era(key: str | Era) -> Era:
    """The era by its key, refused with a clear error if no match can be played in it."""
    e = era(key)
    if not e.playable:
        keys = ", ".join(p.key for p in playable_eras())
        raise EraNotPlayable(f"the {e.name} era ({e.key}) cannot be played yet; playable "
                             f"eras: {keys}")
    return e


def era_of_set(slug: str) -> Era:
    """The era that plays a set, by the set's slug (``aquapolis`` -> Expedition)."""
    for e in ERAS.values():
        if slug in e.sets:
            return e
    raise KeyError(f"no era plays the set {slug!r}")


# Set code -> the era a card of that set is read in: the first era that lists the set (a
# registered variant of an era may play that era's sets; its cards stay that era's).
_BY_CODE: dict[str, Era] = {}


def _index_sets() -> None:
    _BY_CODE.clear()
    for e in _ERAS.values():
        for code in e.sets.values():
            _BY_CODE.setdefault(code, e)


_index_sets()


def register_era(e: E) -> E:
    """Add ``e`` to the registry (after the others); a key already known is refused. The
    era is known everywhere from then on: matches, positions, the protocol, sessions."""
    if not isinstance(e, Era):
        raise TypeError(f"not an era: {e!r}")
    if e.key in _ERAS:
        raise ValueError(f"an era {e.key!r} is registered already")
    if e.ruleset.era != e.key:
        # The ruleset names its era wherever it travels alone (Match(rules=...), saves).
        raise ValueError(f"the era {e.key!r} has a ruleset of the era {e.ruleset.era!r}")
    _ERAS[e.key] = e
    _index_sets()
    return e


def unregister_era(key: str) -> None:
    """Take a registered era out again; the built-in eras stay."""
    if any(b.key == key for b in BUILT_IN):
        raise ValueError(f"the era {key!r} is built in")
    if _ERAS.pop(key, None) is None:
        raise KeyError(f"unknown era {key!r}; known eras: {', '.join(_ERAS)}")
    _index_sets()


@contextmanager
def registered(e: E) -> Iterator[E]:
    """``with registered(MyEra()):`` the era is known inside the block only."""
    register_era(e)
    try:
        yield e
    finally:
        unregister_era(e.key)


def era_of_card(card_id: str) -> Era:
    """The era of a card by its id's set code (``pl1-5`` -> Platinum); a card of a set no
    era lists is read in the home era."""
    return _BY_CODE.get(card_id.rpartition("-")[0], HOME)


__all__ = ["BUILT_IN", "ERAS", "HOME", "Era", "EraNotPlayable", "era", "era_of_card",
           "era_of_set", "playable_era", "playable_eras", "register_era", "registered",
           "unregister_era"]
