"""The e-Reader screens: the menu, scanning a video file into the collection and a deck
through the buttons, a bad code's reason, no camera, and the collection view."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from firmware_sim.camera import VideoFileSource
from handheld.ui.app import Handheld
from scanner.codes import encode_card, encode_deck
from scanner.synthetic import make_label

from .test_app import choose, fresh, to_menu

ABRA, KADABRA, ALAKAZAM = "ecard1-93", "ecard1-84", "ecard1-1"


def scene_frame(*codes: str) -> np.ndarray:
    """A 640x480 picture of a table with a printed label per code, side by side."""
    frame = np.full((480, 640, 3), (90, 110, 120), np.uint8)
    x = 20
    for text in codes:
        label, _ = make_label(text, "Card", "", module=4)
        h, w = label.shape[:2]
        frame[20:20 + h, x:x + w] = label
        x += w + 30
    return frame


def write_video(path: Path, frames: list[np.ndarray]) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 15, (640, 480))
    assert writer.isOpened()
    for f in frames:
        writer.write(f)
    writer.release()
    return path


def bad_checksum(code: str) -> str:
    last = code[-1]
    return code[:-1] + ("0" if last != "0" else "1")


@pytest.fixture(scope="module")
def clip(tmp_path_factory) -> Path:
    empty = scene_frame()
    frames = [empty] * 3
    frames += [scene_frame(encode_card(ALAKAZAM))] * 6  # one card, held still
    frames += [empty] * 3
    frames += [scene_frame(encode_card(ABRA, 2), encode_card(KADABRA))] * 6  # two at once
    frames += [empty] * 3
    frames += [scene_frame(bad_checksum(encode_card(ABRA)))] * 6  # a damaged code
    frames += [empty] * 2
    return write_video(tmp_path_factory.mktemp("clip") / "cards.avi", frames)


def with_camera(h: Handheld, path: Path) -> None:
    h.board.camera_factory = lambda: VideoFileSource(path)


def start_scan(tmp_path: Path, clip: Path | None) -> Handheld:
    """A fresh handheld on the scan screen, filming ``clip`` (None: no camera)."""
    h = fresh(tmp_path)
    if clip is not None:
        with_camera(h, clip)
    to_menu(h)
    choose(h, "e-Reader")
    choose(h, "Scan cards")
    return h


def scan_until_ended(h: Handheld) -> None:
    scan = h.scenes.top
    assert scan.name == "ScanScene"
    for _ in range(200):
        h.tick(1)
        if scan.problem is not None:
            return
    raise AssertionError("the clip never ended")


def test_the_e_reader_menu_opens_each_screen(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "e-Reader")
    assert h.describe()["scene"] == "EReaderMenuScene"
    for label, scene in (("Collection", "CollectionScene"), ("Look up a card", "AlbumScene"),
                         ("Dictionary", "DictionaryScene"), ("Scan cards", "ScanScene")):
        choose(h, label)
        assert h.describe()["scene"] == scene
        h.press("B")
        assert h.describe()["scene"] == "EReaderMenuScene"


def test_no_camera_says_why(tmp_path: Path) -> None:
    h = start_scan(tmp_path, None)
    scan = h.scenes.top
    assert scan.problem is not None and "headless board has no camera" in scan.problem
    h.tick(2)
    assert h.describe()["scene"] == "ScanScene"  # a message, not a crash


def test_scanning_a_video_file_into_the_collection(tmp_path: Path, clip: Path) -> None:
    h = start_scan(tmp_path, clip)
    scan = h.scenes.top
    scan_until_ended(h)
    assert scan.problem == "the camera's picture ended"
    # Each card counted once although it stayed in view for six frames; both codes of the
    # shared frame were read; the damaged code was refused with its reason.
    assert dict(scan.basket.cards) == {ALAKAZAM: 1, ABRA: 2, KADABRA: 1}
    assert h.sounds.played.count("scan") == 2  # one chirp per frame that accepted codes
    assert scan.accepted == 3
    assert "error" in h.sounds.played
    assert h.saves.owned_counts(h.profile) == {}  # nothing saved before the player says so
    h.press("A")
    assert h.describe()["scene"] == "ScanReviewScene"
    choose(h, "Add to collection")
    assert h.describe()["scene"] == "NoticeScene"
    h.press("A")
    assert h.saves.owned_counts(h.profile) == {ALAKAZAM: 1, ABRA: 2, KADABRA: 1}
    assert sorted(r.card_id for r in h.saves.scans(h.profile)) == sorted(
        [ALAKAZAM, ABRA, KADABRA])
    choose(h, "Done")
    assert h.describe()["scene"] == "EReaderMenuScene"
    choose(h, "Collection")
    view = h.scenes.top
    assert {cid: n for cid, n in view.today} == {ALAKAZAM: 1, ABRA: 2, KADABRA: 1}
    expedition = next(p for p in view.progress if p.slug == "expedition")
    assert (expedition.owned, expedition.copies) == (3, 4)


def test_a_bad_code_shows_its_reason(tmp_path: Path) -> None:
    frames = [scene_frame(bad_checksum(encode_card(ABRA)))] * 4
    path = write_video(tmp_path / "bad.avi", frames)
    h = start_scan(tmp_path, path)
    scan = h.scenes.top
    scan_until_ended(h)
    assert scan.refusal is not None and "checksum" in " ".join(scan.refusal.lines)
    assert scan.banner is None  # nothing accepted
    assert not scan.basket
    h.press("A")  # nothing to review
    assert h.describe()["scene"] == "ScanScene" and "error" in h.sounds.played


def test_scanned_cards_go_into_a_deck_and_a_deck_code_becomes_a_deck(tmp_path: Path) -> None:
    deck_code = encode_deck("Psychic Line", [ABRA] * 4 + [KADABRA] * 3 + [ALAKAZAM] * 2)
    frames = [scene_frame(encode_card(ABRA))] * 3 + [scene_frame()] * 2 + \
        [scene_frame(deck_code)] * 3
    path = write_video(tmp_path / "deck.avi", frames)
    h = fresh(tmp_path)
    h.saves.save_deck(h.profile, "Mine", [KADABRA] * 2)
    with_camera(h, path)
    to_menu(h)
    choose(h, "e-Reader")
    choose(h, "Scan cards")
    scan_until_ended(h)
    h.press("A")
    choose(h, "Add to deck")
    assert h.describe()["scene"] == "MenuOverlay"
    choose(h, "Mine")
    h.press("A")  # the notice
    mine = h.saves.deck_named(h.profile, "Mine")
    assert mine.cards.count(ABRA) == 4 and mine.cards.count(KADABRA) == 4  # 4 of a name
    choose(h, "Save deck: Psychic Line")
    h.press("A")
    saved = h.saves.deck_named(h.profile, "Psychic Line")
    assert sorted(saved.cards) == sorted([ABRA] * 4 + [KADABRA] * 3 + [ALAKAZAM] * 2)
    # Cards put in decks are the player's: they are in the collection too, once.
    assert h.saves.owned_counts(h.profile) == {ABRA: 5, KADABRA: 3, ALAKAZAM: 2}


def test_leaving_with_unsaved_cards_asks_first(tmp_path: Path) -> None:
    frames = [scene_frame(encode_card(ABRA))] * 3
    path = write_video(tmp_path / "one.avi", frames)
    h = start_scan(tmp_path, path)
    scan_until_ended(h)
    h.press("B")
    assert h.describe()["scene"] == "ConfirmScene"
    h.press("A")  # "Keep scanning" is the safe answer, chosen first
    assert h.describe()["scene"] == "ScanScene"
    h.press("B")
    choose(h, "Leave")
    assert h.describe()["scene"] == "EReaderMenuScene"
    assert h.saves.owned_counts(h.profile) == {}


def test_the_collection_view_lists_sets_and_opens_a_set_with_owned_counts(
        tmp_path: Path) -> None:
    h = fresh(tmp_path)
    h.saves.add_cards(h.profile, {ABRA: 3, "ecard2-1": 1})
    to_menu(h)
    choose(h, "e-Reader")
    choose(h, "Collection")
    view = h.scenes.top
    assert [p.slug for p in view.progress][:3] == ["expedition", "aquapolis", "skyridge"]
    assert view.today == []  # added without a scan: not in today's scans
    h.press("A")  # Expedition
    album = h.scenes.top
    assert album.name == "AlbumScene"
    abra = next(e for e in album.album.entries if e.card_id == ABRA)
    assert abra.owned == 3
    h.press("B")
    h.press("R")
    assert view.page == 1
    screen = h.screen
    assert screen.shape == (160, 240, 3)


def test_a_real_board_decodes_in_the_background(tmp_path: Path) -> None:
    import time

    from firmware_sim.camera import FrameListSource
    from handheld.ui.scenes.scan import ScanScene

    frames = [scene_frame(encode_card(ALAKAZAM))]
    h = fresh(tmp_path)
    h.board.camera_factory = lambda: FrameListSource(frames, loop=True)
    scan = ScanScene(h, threaded=True)
    h.scenes.push(scan)
    h.tick(1)
    assert scan.reader is not None
    for _ in range(3000):  # decoded frames arrive as the thread finishes them
        h.tick(1)
        if scan.basket:
            break
        time.sleep(0.002)
    assert dict(scan.basket.cards) == {ALAKAZAM: 1}
    assert scan.reader.decoded >= 2  # two decoded frames in a row accept a card
    for _ in range(20):
        h.tick(1)
    assert dict(scan.basket.cards) == {ALAKAZAM: 1}  # still in view: counted once
    h.press("B")  # the card is not in the collection yet: it asks first
    h.press("DOWN")
    h.press("A")  # Leave
    assert h.describe()["scene"] != "ScanScene"
    assert scan.reader is None  # the thread is stopped when the screen closes


def test_a_damaged_card_list_is_a_message_on_the_scan_screen(tmp_path: Path,
                                                            monkeypatch) -> None:
    from handheld.ui.scenes import scan as scan_scene
    from scanner.catalog import CatalogError

    def broken() -> None:
        raise CatalogError("cards/ecard1.json: corrupt JSON")

    monkeypatch.setattr(scan_scene, "_catalog", broken)
    h = start_scan(tmp_path, None)
    scan = h.scenes.top
    assert scan.problem == "The card list cannot be read: cards/ecard1.json: corrupt JSON"
    h.tick(2)
    assert h.describe()["scene"] == "ScanScene"
