"""Golden pictures of the main screens: the native 240x160 surface must match, pixel for
pixel, the PNGs in tests/ui/goldens.

After an intended change of the look, regenerate them and look at them before committing:

    HANDHELD_UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/ui/test_goldens.py
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from handheld.ui.app import Handheld

from .duel_driver import step
from .test_app import choose, start_cpu_duel, to_menu

GOLDENS = Path(__file__).parent / "goldens"
UPDATE = os.environ.get("HANDHELD_UPDATE_GOLDENS") == "1"


def _app(tmp_path: Path) -> Handheld:
    h = Handheld(headless=True, data_dir=tmp_path, seed=11)
    h.settings.text_speed = "instant"
    h.settings.animations = False
    return h


def _title(h: Handheld) -> None:
    h.tick(3)


def _menu(h: Handheld) -> None:
    to_menu(h)


def _album(h: Handheld) -> None:
    to_menu(h)
    choose(h, "Card album")


def _card(h: Handheld) -> None:
    _album(h)
    for _ in range(32):
        h.press("DOWN", 1)
    h.press("A")  # Alakazam, card 33


def _settings(h: Handheld) -> None:
    to_menu(h)
    choose(h, "Settings")


def _duel_setup(h: Handheld) -> None:
    to_menu(h)
    choose(h, "Duel")


def _to_turn_three(h: Handheld) -> None:
    """Play the duel on screen (the button driver, passing at once) to the player's main
    phase at turn 3 or later, every message shown."""
    state: dict[str, object] = {"turn": -1, "hand_moves": 99}
    for _ in range(2000):
        top = h.scenes.top
        if top.name == "DuelScene" and top.match.turn >= 3 and \
                top.session.waiting_for() == "human" and top.current is None and \
                not top.messages and top.log_pos == len(top.match.log) and \
                top.match.pending.kind == "main":
            break
        step(h, state)


def _duel_board(h: Handheld) -> None:
    start_cpu_duel(h)
    _to_turn_three(h)


def _action_menu(h: Handheld) -> None:
    _duel_board(h)
    h.press("A")


def _hand(h: Handheld) -> None:
    _action_menu(h)
    choose(h, "Hand")


def _deck_list(h: Handheld) -> None:
    to_menu(h)
    choose(h, "Deck builder")


def _deck_built_around(h: Handheld) -> None:
    """A new Expedition deck built around Charmander (EXP 98) with the editor's menu."""
    from .test_decks import choose as choose_value
    from .test_decks import cursor_to, new_deck, open_deck_builder, set_filter

    ed = new_deck(h, open_deck_builder(h))
    set_filter(h, ed, "pokemon")
    cursor_to(h, ed, "ecard1-98")
    h.press("START")
    choose_value(h, "build")
    choose_value(h, True)


def _deck_cards_list(h: Handheld) -> None:
    from .test_decks import choose as choose_value

    _deck_built_around(h)
    h.press("START")
    choose_value(h, "list")


def _deck_statistics(h: Handheld) -> None:
    _deck_cards_list(h)
    h.press("SELECT")


def _coin_flipper(h: Handheld) -> None:
    from handheld.etools.coins import SeededCoins

    to_menu(h)
    choose(h, "e-Tools")
    choose(h, "Coin flipper")
    h.coins.flipper.source = SeededCoins(1234)
    for _ in range(6):
        h.press("A")  # six single flips for the statistics
    h.press("DOWN")
    h.press("RIGHT")
    h.press("RIGHT")
    h.press("A")  # then five at once


def _battle_timer(h: Handheld) -> None:
    to_menu(h)
    choose(h, "e-Tools")
    choose(h, "Battle timer")
    h.press("L")
    h.tick(150)
    h.press("SELECT")  # paused between turns
    h.tick(60)


def _legend_board(h: Handheld) -> None:
    """The HGSS & Call of Legends board: Pokémon LEGEND on both Active Spots and on a
    Bench, the Lost Zone counted, a Stadium on the turn line."""
    from .test_call_of_legends_app import HO, LU, open_duel

    open_duel(h, {"stadium": "pl1-106", "players": [
        {"active": {"cards": HO, "energy": ["hgss1-116", "hgss1-116"], "damage": 30},
         "bench": [{"cards": LU, "energy": ["hgss1-117"]}], "hand": ["hgss1-116"],
         "discard": ["hgss1-117"], "lost_zone": ["hgss1-118", "hgss1-118"]},
        {"active": {"cards": LU, "conditions": ["poisoned"]}, "bench": [{"cards": HO}],
         "lost_zone": ["hgss1-119"]}]})


def _ladder(h: Handheld) -> None:
    """The Expedition ladder with some progress: Piet and Odile beaten (their master open),
    a loss to Quill, the cursor on Hale."""
    for oid, outcome in (("exp_piet", "win"), ("exp_odile", "loss"), ("exp_odile", "win"),
                         ("exp_quill", "loss")):
        h.saves.add_match(h.profile, deck_a="Tidal Mind", deck_b="deck",
                          winner="Player" if outcome == "win" else "CPU",
                          result="prizes", turns=9, opponent=oid, outcome=outcome)
    to_menu(h)
    choose(h, "Ladder")
    h.press("DOWN")
    h.press("DOWN")


def _ladder_opponent(h: Handheld) -> None:
    _ladder(h)
    h.press("A")  # Hale's card


def _ladder_result(h: Handheld) -> None:
    """The result screen of a first win that opens a master: Marisol was beaten before,
    and Quill forfeits on turn 3."""
    h.saves.add_match(h.profile, deck_a="Tidal Mind", deck_b="deck", winner="Player",
                      result="prizes", turns=9, opponent="exp_marisol", outcome="win")
    to_menu(h)
    choose(h, "Ladder")
    for _ in range(4):
        h.press("DOWN")  # Quill
    h.press("A")
    h.press("A")
    choose(h, "Tidal Mind")
    duel = h.scenes.scenes[-1]
    state: dict[str, object] = {}
    while duel.match.turn < 3 or duel.session.waiting_for() == "chance":
        step(h, state)
    duel.session.concede(1)
    for _ in range(600):
        if h.scenes.top.name == "ResultScene":
            break
        step(h, state)
    h.tick(40)


def _practice_hint(h: Handheld) -> None:
    """A practice duel's attack list at turn 3 or later: the hint window says what the
    attack under the cursor does (or the action menu's entry, when no attack is ready)."""
    to_menu(h)
    choose(h, "Duel")
    choose(h, "Practice, with hints")
    choose(h, "Blazing Quake")
    choose(h, "Tidal Mind")
    _to_turn_three(h)
    h.press("A")  # the actions
    menu = h.scenes.top
    attack = next((i for i, it in enumerate(menu.menu.items)
                   if it.value == "attack" and it.enabled), None)
    if attack is not None:
        while menu.menu.cursor != attack:
            h.press("DOWN", 1)
        h.press("A")


def _tutorial(h: Handheld) -> None:
    """The tutorial's first lesson, as it opens: the coach window over the board."""
    to_menu(h)
    choose(h, "Tutorial")
    h.tick(2)


def _tutorial_done(h: Handheld) -> None:
    """The first lesson done (the Fire Energy attached): the coach says what it did."""
    from .test_tutorial import press_for

    _tutorial(h)
    tutorial = h.scenes.top
    for _ in range(200):
        if getattr(tutorial, "complete", False) and h.scenes.top is tutorial:
            break
        press_for(h, tutorial.lesson, tutorial.lesson.card)
    h.tick(2)


def _records(h: Handheld) -> None:
    """The records after three duels: two against Quill (won, lost) and one other (lost)."""
    from handheld.roster import OPPONENTS

    quill = next(o for o in OPPONENTS.values() if o.name == "Quill")
    name = h.saves.profile(h.profile).name
    for winner, opponent, outcome in ((name, quill.id, "win"), ("Quill", quill.id, "loss"),
                                      ("CPU", None, None)):
        h.saves.add_match(h.profile, deck_a="Blazing Quake", deck_b="Tidal Mind",
                          winner=winner, result="prizes", turns=10, ruleset="expedition",
                          opponent=opponent, outcome=outcome)
    to_menu(h)
    h.press("SELECT")


def _give_packs(h: Handheld) -> None:
    """Three packs: two of Expedition (seeds 5 and 6), one of Platinum."""
    h.saves.award_boosters(h.profile, [("expedition", 5), ("expedition", 6), ("platinum", 9)],
                           source="test")


def _boosters(h: Handheld) -> None:
    _give_packs(h)
    to_menu(h)
    choose(h, "Boosters")


def _booster_reveal(h: Handheld) -> None:
    """Expedition's first pack at the "normal" text speed, five cards turned over."""
    _give_packs(h)
    h.settings.text_speed = "normal"
    to_menu(h)
    choose(h, "Boosters")
    h.press("A", 1)
    h.tick(14 * 5 - 1)


def _booster_done(h: Handheld) -> None:
    """The same pack with every card shown (A skips the reveal)."""
    _booster_reveal(h)
    h.press("A")


def _album_owned(h: Handheld) -> None:
    """The player's Expedition album after one pack: owned cards and silhouettes."""
    from handheld.boosters import open_pack

    [pack] = h.saves.award_boosters(h.profile, [("expedition", 5)], source="test")
    h.saves.open_booster(h.profile, pack.id, open_pack("expedition", 5).cards)
    to_menu(h)
    choose(h, "e-Reader")
    choose(h, "Collection")
    h.press("A")  # Expedition, the oldest set
    for _ in range(60):
        h.press("DOWN", 1)  # to Mew (55), the pack's rare, among silhouettes


def _narration(h: Handheld) -> None:
    """Mid-narration at the normal text speed: the computer's attack has done its damage
    (the player's Squirtle at 0 HP, its bar drained) and the message says so; the Knock
    Out that already happened in the match is not on the board yet."""
    from handheld.engine.notation import EV_DAMAGE

    from .test_narration import open_duel

    h.settings.text_speed = "normal"
    h.settings.animations = True
    duel = open_duel(h)
    for _ in range(600):
        h.tick(1)
        cur = duel.current
        if cur is not None and cur.event is not None and cur.event[0] == EV_DAMAGE:
            break
    h.tick(30)  # the line typed, the bar drained, the flash over


SCREENS: dict[str, Callable[[Handheld], None]] = {
    "tutorial": _tutorial, "tutorial_done": _tutorial_done, "records": _records,
    "practice_hint": _practice_hint,
    "boosters": _boosters, "booster_reveal": _booster_reveal,
    "booster_done": _booster_done, "album_owned": _album_owned,
    "ladder": _ladder, "ladder_opponent": _ladder_opponent, "ladder_result": _ladder_result,
    "coin_flipper": _coin_flipper, "battle_timer": _battle_timer,
    "title": _title, "main_menu": _menu, "album": _album, "card_page": _card,
    "settings": _settings, "duel_setup": _duel_setup, "duel_board": _duel_board,
    "action_menu": _action_menu, "hand": _hand, "deck_list": _deck_list,
    "duel_board_legend": _legend_board, "duel_narration": _narration,
    "deck_cards_list": _deck_cards_list, "deck_statistics": _deck_statistics,
}


PHOTO_TOLERANCE = 8
"""How far (levels per channel) a camera picture's pixel may differ from its golden: OpenCV
releases round their scaling differently (4.11, the Raspberry Pi's, by up to 5 levels from
5.0), while everything the game draws is compared exactly."""


def check_golden(h: Handheld, name: str, tmp_path: Path,
                 photo: tuple[int, int, int, int] | None = None) -> None:
    """The handheld's surface against goldens/NAME.png (or, when updating, saved as it).
    ``photo`` (x, y, w, h) is where a camera picture is shown, compared with a tolerance."""
    golden = GOLDENS / f"{name}.png"
    if UPDATE:
        GOLDENS.mkdir(exist_ok=True)
        h.screenshot(golden)
        return
    assert golden.is_file(), f"no golden {golden}; run with HANDHELD_UPDATE_GOLDENS=1"
    expected = pygame.surfarray.array3d(pygame.image.load(str(golden)))
    actual = pygame.surfarray.array3d(h.surface)
    if photo is not None:  # arrays are indexed [x, y]
        x, y, w, hh = photo
        near = np.abs(expected[x:x + w, y:y + hh].astype(int)
                      - actual[x:x + w, y:y + hh].astype(int)) <= PHOTO_TOLERANCE
        actual = actual.copy()
        actual[x:x + w, y:y + hh] = np.where(near, expected[x:x + w, y:y + hh],
                                             actual[x:x + w, y:y + hh])
    if not np.array_equal(expected, actual):
        out = tmp_path / f"{name}-actual.png"
        h.screenshot(out)
        diff = int((expected != actual).any(axis=2).sum())
        raise AssertionError(f"{name}: {diff} pixels differ from {golden}; this run's "
                             f"picture is {out}")


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_screen_matches_its_golden(name: str, tmp_path: Path) -> None:
    h = _app(tmp_path)
    SCREENS[name](h)
    check_golden(h, name, tmp_path)


# The same screens in the large font (Settings, Font: large), for 1x panels.
LARGE_SCREENS = ("title", "main_menu", "settings", "duel_board", "hand", "card_page",
                 "album", "deck_list", "deck_statistics", "records", "tutorial",
                 "practice_hint", "ladder", "booster_reveal")


@pytest.mark.parametrize("name", LARGE_SCREENS)
def test_screen_in_the_large_font_matches_its_golden(name: str, tmp_path: Path) -> None:
    h = _app(tmp_path)
    h.settings.font = "large"
    h.apply_settings()
    SCREENS[name](h)
    check_golden(h, f"large_{name}", tmp_path)
