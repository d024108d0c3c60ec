"""The game's card pool and decks: the committed assets joined with the engine's scripts.

This is the seam between files and the pure engine: ``handheld.engine`` never reads a file,
so everything that loads card facts or deck lists lives here.
"""

from __future__ import annotations

import functools
from pathlib import Path

from .assets import assets_dir, available_sets, load_set
from .engine.cardpool import CardPool
from .engine.deck import parse_deck_list
from .engine.sets import SCRIPTS

THEME_DECKS = ("blazing_quake", "tidal_mind")


@functools.lru_cache(maxsize=4)
def default_pool(sets: tuple[str, ...] | None = None) -> CardPool:
    """Every card of the given sets (all sets by default) with the scripts written so far."""
    pool = CardPool()
    for slug in sets or tuple(available_sets()):
        for card in load_set(slug)["cards"]:
            pool.add(card, SCRIPTS.get(card["id"]))
    return pool


def decks_dir() -> Path:
    return assets_dir() / "decks"


def theme_deck_names() -> list[str]:
    return sorted(p.stem for p in decks_dir().glob("*.deck"))


def load_deck(name_or_path: str) -> list[str]:
    """A deck list by theme-deck name (``blazing_quake``) or by path to a ``.deck`` file."""
    path = Path(name_or_path)
    if not path.suffix:
        path = decks_dir() / f"{name_or_path}.deck"
    if not path.is_file():
        known = ", ".join(theme_deck_names())
        raise FileNotFoundError(f"no deck {name_or_path!r} (a .deck file, or one of: {known})")
    return parse_deck_list(path.read_text(encoding="utf-8"))
