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
# Ready-made decks drawn from the whole Expedition set (every card is in at least one).
EXPEDITION_DECKS = ("dark_steel", "ember_blaze", "mind_games", "poison_garden", "rock_crusher",
                    "sky_flock", "thunder_link", "tidal_surge", "verdant_bounty")
DECK_SETS = {"theme": THEME_DECKS, "expedition": EXPEDITION_DECKS}


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


def deck_names() -> list[str]:
    """Every ready-made deck shipped in the assets."""
    return sorted(p.stem for p in decks_dir().glob("*.deck"))


def resolve_deck_set(spec: str) -> list[str]:
    """Deck names from a set name (``theme``, ``expedition``) or a comma-separated list."""
    if spec in DECK_SETS:
        return list(DECK_SETS[spec])
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) < 2:
        sets = ", ".join(DECK_SETS)
        raise ValueError(f"{spec!r} is neither a deck set ({sets}) nor a list of 2 or more "
                         "decks separated by commas")
    return names


def load_deck(name_or_path: str) -> list[str]:
    """A deck list by theme-deck name (``blazing_quake``) or by path to a ``.deck`` file."""
    path = Path(name_or_path)
    if not path.suffix:
        path = decks_dir() / f"{name_or_path}.deck"
    if not path.is_file():
        known = ", ".join(deck_names())
        raise FileNotFoundError(f"no deck {name_or_path!r} (a .deck file, or one of: {known})")
    return parse_deck_list(path.read_text(encoding="utf-8"))
