"""Golden pictures of the e-Reader's screens (menu, scanning, review, collection, a card's
screens) and the Dictionary: the native 240x160
surface must match, pixel for pixel, the PNGs in tests/ui/goldens.

The scenes are pushed straight onto a headless handheld (no walk through the menus). After
an intended change of the look, regenerate them and look at them before committing:

    HANDHELD_UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/ui/test_ereader_goldens.py
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


from firmware_sim.camera import FrameListSource
from handheld.ereader.scan_session import ScanBasket
from handheld.glossary import lookup
from handheld.ui.app import Handheld
from handheld.ui.scene import Scene
from handheld.ui.scenes.card_info import CardInfoScene
from handheld.ui.scenes.collection_view import CollectionScene
from handheld.ui.scenes.dictionary import DictionaryScene
from handheld.ui.scenes.ereader import EReaderMenuScene
from handheld.ui.scenes.scan import ScanScene
from handheld.ui.scenes.scan_review import ScanReviewScene
from scanner.codes import encode_card

from .test_ereader import bad_checksum, scene_frame
from .test_goldens import _app, check_golden

ALAKAZAM = "ecard1-1"
ODDISH = "ecard1-122"  # Oddish -> Gloom -> Vileplume or Bellossom


def _push(h: Handheld, scene: Scene) -> None:
    h.scenes.push(scene)
    h.scenes.apply()
    h.tick(2)


def _pokedex(h: Handheld) -> None:
    _push(h, CardInfoScene(h, ALAKAZAM))


def _tips(h: Handheld) -> None:
    _push(h, CardInfoScene(h, ALAKAZAM, "card"))


def _data(h: Handheld) -> None:
    _push(h, CardInfoScene(h, ALAKAZAM, "data"))
    for _ in range(3):
        h.press("DOWN", 1)  # scrolled a little: both scroll marks show


def _evolution(h: Handheld) -> None:
    h.saves.add_cards(h.profile, {"ecard1-122": 1, "ecard1-78": 2})  # Oddish, Gloom
    _push(h, CardInfoScene(h, ODDISH, "evolution"))
    h.press("RIGHT")
    h.press("RIGHT")  # the cursor on Vileplume


def _card_dictionary(h: Handheld) -> None:
    _push(h, CardInfoScene(h, ALAKAZAM, "dictionary"))
    h.press("DOWN")
    h.press("DOWN")


def _dictionary(h: Handheld) -> None:
    _push(h, DictionaryScene(h))
    h.press("R")
    h.press("R")  # the letter C


def _dictionary_term(h: Handheld) -> None:
    scene = DictionaryScene(h)
    _push(h, scene)
    term = lookup("Prizes")
    scene.browser.move_to(scene.shown.index(term))
    h.press("A")


def _ereader_menu(h: Handheld) -> None:
    h.saves.add_cards(h.profile, {ALAKAZAM: 2}, scanned_from="camera")
    _push(h, EReaderMenuScene(h))


def _scan(h: Handheld) -> None:
    frames = [scene_frame(encode_card(ALAKAZAM), bad_checksum(encode_card(ODDISH)))] * 9
    h.board.camera_factory = lambda: FrameListSource(frames)
    _push(h, ScanScene(h))  # two frames read: the card accepted, the damaged code refused


def _scan_no_camera(h: Handheld) -> None:
    _push(h, ScanScene(h))  # the headless board has no camera


def _scan_review(h: Handheld) -> None:
    basket = ScanBasket()
    basket.add_card(ALAKAZAM)
    basket.add_card(ODDISH, 3)
    basket.add_deck("Psychic Line", [("ecard1-93", 4), ("ecard1-84", 3)])
    _push(h, ScanReviewScene(h, basket))


def _collection(h: Handheld) -> None:
    h.saves.add_cards(h.profile, {f"ecard1-{n}": 1 + n % 3 for n in range(1, 166, 2)})
    h.saves.add_cards(h.profile, {"ecard2-1": 1, "pl1-1": 2})
    _push(h, CollectionScene(h))


def _collection_today(h: Handheld) -> None:
    h.saves.add_cards(h.profile, {ALAKAZAM: 1, ODDISH: 2}, scanned_from="camera")
    h.saves.add_cards(h.profile, {"ecard2-1": 1}, scanned_from="camera")
    _push(h, CollectionScene(h, "Today"))


SCREENS: dict[str, Callable[[Handheld], None]] = {
    "card_pokedex": _pokedex, "card_tips": _tips, "card_data": _data,
    "card_evolution": _evolution, "card_dictionary": _card_dictionary,
    "dictionary": _dictionary, "dictionary_term": _dictionary_term,
    "ereader_menu": _ereader_menu, "scan": _scan, "scan_no_camera": _scan_no_camera,
    "scan_review": _scan_review, "collection": _collection,
    "collection_today": _collection_today,
}


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_screen_matches_its_golden(name: str, tmp_path: Path) -> None:
    h = _app(tmp_path)
    SCREENS[name](h)
    top = h.scenes.top
    photo = top.preview_box if isinstance(top, ScanScene) and top.preview else None
    check_golden(h, name, tmp_path, photo)
