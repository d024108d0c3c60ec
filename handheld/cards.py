"""The game's card pool and decks: the committed assets joined with the engine's scripts.

This is the seam between files and the pure engine: ``handheld.engine`` never reads a file,
so everything that loads card facts or deck lists lives here.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path

from .assets import assets_dir, available_sets, load_set
from .engine.cardpool import CardPool
from .engine.deck import parse_deck_list
from .engine.eras import HOME, Era, era_of_card
from .engine.errors import InvalidDeck
from .engine.sets import SCRIPTS

THEME_DECKS = ("blazing_quake", "tidal_mind")
# Ready-made decks drawn from the whole Expedition set (every card is in at least one).
EXPEDITION_DECKS = ("dark_steel", "ember_blaze", "mind_games", "poison_garden", "rock_crusher",
                    "sky_flock", "thunder_link", "tidal_surge", "verdant_bounty")
# The Platinum era's: a theme-deck-like pair, then decks that together use every card of
# Platinum and Rising Rivals.
PLATINUM_THEME_DECKS = ("flame_rush", "tidal_guard")
PLATINUM_DECKS = (*PLATINUM_THEME_DECKS, "bug_swarm", "colorless_crowd", "eevee_spectrum",
                  "elite_mind", "frozen_sea", "haunted_galaxy", "night_raid", "quake_stone",
                  "rock_gym", "steel_time", "thunder_gym", "verdant_growth")
# The Black & White era's: a theme-deck-like pair, then decks that together use every card
# of Black & White, Next Destinies, Dark Explorers and Dragons Exalted.
BLACK_WHITE_THEME_DECKS = ("crimson_spark", "tidal_blade")
BLACK_WHITE_DECKS = (*BLACK_WHITE_THEME_DECKS, "deep_current", "dojo_brawl", "dragon_summit",
                     "ember_legion", "evolution_fair", "fossil_quarry", "glacier_guard",
                     "inferno_dance", "iron_gears", "mind_maze", "night_spear", "open_skies",
                     "phantom_gate", "riptide_reef", "shadow_claw", "silk_and_spore",
                     "spark_parade", "storm_circuit", "verdant_crown")
# The Call of Legends era's: a theme-deck-like pair, then decks that together use every card
# of HeartGold & SoulSilver and Call of Legends.
CALL_OF_LEGENDS_THEME_DECKS = ("blazing_ascent", "tidal_crest")
CALL_OF_LEGENDS_DECKS = (*CALL_OF_LEGENDS_THEME_DECKS, "eevee_prism", "harbor_cove",
                         "meadow_bloom", "mind_haze", "ocean_legend", "quake_fang",
                         "sacred_flame", "sky_parade", "steel_storm", "town_square")
DECK_SETS = {"theme": THEME_DECKS, "expedition": EXPEDITION_DECKS,
             "platinum_theme": PLATINUM_THEME_DECKS, "platinum": PLATINUM_DECKS,
             "call_of_legends_theme": CALL_OF_LEGENDS_THEME_DECKS,
             "call_of_legends": CALL_OF_LEGENDS_DECKS,
             "black_white_theme": BLACK_WHITE_THEME_DECKS, "black_white": BLACK_WHITE_DECKS}
# The era whose rules each deck set's decks are built for. A deck set named after an era's
# key (``expedition``, ``platinum``) is that era's without being listed here.
DECK_SET_ERAS = {"theme": "expedition", "platinum_theme": "platinum",
                 "call_of_legends_theme": "call_of_legends", "black_white_theme": "black_white"}


def deck_set_era(name: str) -> str:
    """The era key of a deck set (``theme`` -> ``expedition``)."""
    return DECK_SET_ERAS.get(name, name)


def era_deck_names(era: str) -> list[str]:
    """The ready-made decks of an era: those of every deck set built for it, each once, in
    the order of ``deck_names`` (what the duel setup and the link offer for that era)."""
    mine = {d for set_name, decks in DECK_SETS.items() if deck_set_era(set_name) == era
            for d in decks}
    return [n for n in deck_names() if n in mine]


def ready_deck_era(name: str, default: str = "expedition") -> str:
    """The era a ready-made deck is built for: that of the first deck set holding it."""
    return next((deck_set_era(set_name) for set_name, decks in DECK_SETS.items()
                 if name in decks), default)


@functools.lru_cache(maxsize=4)
def default_pool(sets: tuple[str, ...] | None = None) -> CardPool:
    """Every card of the given sets (all sets by default) with the scripts written so far."""
    pool = CardPool()
    for slug in sets or tuple(available_sets()):
        for card in load_set(slug)["cards"]:
            pool.add(card, SCRIPTS.get(card["id"]))
    return pool


def deck_era(pool: CardPool, deck: Iterable[str]) -> Era:
    """The era a deck is played in: the era of its cards (basic Energy, played in every
    era, aside); the home era when they name none, or several (then the deck rules say
    which cards do not belong)."""
    found = {era_of_card(c) for c in deck if c not in pool or not pool.get(c).basic_energy}
    return found.pop() if len(found) == 1 else HOME


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


# A .deck file is a short text list; anything larger is not one.
MAX_DECK_FILE_BYTES = 64 * 1024


class DeckFileError(ValueError):
    """A deck that cannot be read: no such ready-made deck, not a regular file, too large,
    not UTF-8 text, or not a deck list. The message says which, in one line."""


def read_deck_file(path: Path | str) -> list[str]:
    """The card ids of a ``.deck`` file that the operator named (command line).

    Only a regular file is read (never a FIFO, a device or a directory), at most
    :data:`MAX_DECK_FILE_BYTES`; every failure is a :class:`DeckFileError`."""
    import os
    import stat

    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise DeckFileError(f"cannot open deck file {str(path)!r}: "
                            f"{exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DeckFileError(f"{str(path)!r} is not a regular file")
        if info.st_size > MAX_DECK_FILE_BYTES:
            raise DeckFileError(f"{str(path)!r} is {info.st_size} bytes; a deck file is at "
                                f"most {MAX_DECK_FILE_BYTES}")
        data = os.read(fd, MAX_DECK_FILE_BYTES + 1)
    except OSError as exc:
        raise DeckFileError(f"cannot read deck file {str(path)!r}: "
                            f"{exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_DECK_FILE_BYTES:
        raise DeckFileError(f"{str(path)!r} is larger than a deck file "
                            f"({MAX_DECK_FILE_BYTES} bytes at most)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DeckFileError(f"{str(path)!r} is not UTF-8 text (byte {exc.start})") from None
    try:
        return parse_deck_list(text)
    except InvalidDeck as exc:
        raise DeckFileError(f"{str(path)!r}: {'; '.join(exc.violations)}") from None


def deck_description(name: str) -> str:
    """What a ready-made deck is, from the comment lines that head its file: the kind of
    deck from the title line ("Fire theme deck") and the lines after it, joined ("" for an
    unknown name or a file without them). Shown when a deck is chosen."""
    if name not in deck_names():
        return ""
    try:
        text = (decks_dir() / f"{name}.deck").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    head: list[str] = []
    for line in text.splitlines()[:12]:
        if not line.startswith("#"):
            break
        head.append(line.lstrip("#").strip())
    if not head:
        return ""
    _, dash, kind = head[0].partition(" -- ")
    kind = kind.split(" (")[0].strip() if dash else ""
    body = " ".join(h for h in head[1:] if h)
    return ". ".join(t for t in (kind[:1].upper() + kind[1:] if kind else "", body) if t)


def load_ready_made_deck(name: str) -> list[str]:
    """A ready-made deck of the assets by name (``blazing_quake``); never a path."""
    if name not in deck_names():
        known = ", ".join(deck_names())
        raise DeckFileError(f"no ready-made deck {name!r}; ready-made decks: {known}")
    return read_deck_file(decks_dir() / f"{name}.deck")


def load_deck(name_or_path: str) -> list[str]:
    """A deck by ready-made name (``blazing_quake``) or, for command lines whose operator
    names a file, by path to a ``.deck`` file. Raises :class:`DeckFileError`.

    Never call this with a name that came from outside (a protocol client, a peer): use
    :func:`load_ready_made_deck` there."""
    if not Path(name_or_path).suffix:
        return load_ready_made_deck(name_or_path)
    return read_deck_file(name_or_path)
