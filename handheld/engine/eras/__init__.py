"""The registry of eras: one module per era, one instance of its :class:`Era` each.

Adding an era is adding its module and one line to :data:`ERAS` (docs/ERAS.md).
"""

from __future__ import annotations

from types import MappingProxyType

from .base import Era, EraNotPlayable
from .black_white import ERA as BLACK_WHITE
from .call_of_legends import ERA as CALL_OF_LEGENDS
from .expedition import ERA as EXPEDITION
from .platinum import ERA as PLATINUM

# In the order the rulebooks came out, the home era first.
ERAS: MappingProxyType[str, Era] = MappingProxyType({
    e.key: e for e in (EXPEDITION, PLATINUM, CALL_OF_LEGENDS, BLACK_WHITE)})
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


_BY_CODE = {code: e for e in ERAS.values() for code in e.sets.values()}


def era_of_card(card_id: str) -> Era:
    """The era of a card by its id's set code (``pl1-5`` -> Platinum); a card of a set no
    era lists is read in the home era."""
    return _BY_CODE.get(card_id.rpartition("-")[0], HOME)


__all__ = ["ERAS", "HOME", "Era", "EraNotPlayable", "era", "era_of_card", "era_of_set",
           "playable_era", "playable_eras"]
