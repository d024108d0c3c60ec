"""The scan screen on a recorded source named in the board config, as the game opens it:
a ``file:`` clip plays at its own frame rate on the board's clock and reads the codes the
command-line scanner reads from the same frames; a ``dir:`` folder is a slideshow of the
same frames; either ends at its end and never adds its cards again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from firmware_sim.board import config_from_dict
from handheld.ui.app import Handheld
from handheld.ui.scenes.scan import ScanScene
from scanner.codes import encode_card

from .test_ereader import scene_frame

ROOT = Path(__file__).resolve().parents[2]
CARDS = ["ecard1-93", "ecard1-84", "ecard1-1", "ecard1-98", "ecard1-164", "ecard1-60",
         "ecard1-2"]
CLIP_FPS = 15


table = scene_frame  # a table with a printed label per code (the e-Reader tests' picture)


def clip_frames() -> list[np.ndarray]:
    """Seven cards, one after another, each held for four frames with the table between;
    the last card is shown twice (two copies, taken away in between)."""
    empty = table()
    frames = [empty] * 2
    for card in [*CARDS, CARDS[-1]]:
        frames += [table(encode_card(card))] * 4 + [empty] * 4
    return frames


@pytest.fixture(scope="module")
def recordings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("recordings")
    frames = clip_frames()
    video = base / "cards.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"MJPG"), CLIP_FPS, (640, 480))
    assert writer.isOpened()
    for frame in frames:
        writer.write(frame)
    writer.release()
    folder = base / "frames"
    folder.mkdir()
    for i, frame in enumerate(frames):
        cv2.imwrite(str(folder / f"frame{i}.png"), frame)
    return {"file": video, "dir": folder}


def cli_copies(spec: str) -> dict[str, int]:
    """What ``python -m scanner scan`` reads from the same source."""
    done = subprocess.run([sys.executable, "-m", "scanner", "scan", "--source", spec,
                           "--json", "--no-preview"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    return {card: entry["copies"] for card, entry in report["cards"].items()}


def game(tmp_path: Path, spec: str, *, threaded: bool) -> tuple[Handheld, ScanScene]:
    h = Handheld(headless=True, data_dir=tmp_path, seed=1, sound=False,
                 config=config_from_dict({"camera": {"source": spec}}))
    h.settings.animations = False
    scan = ScanScene(h, threaded=threaded)
    h.scenes.push(scan)
    h.tick(1)
    return h, scan


def play_to_the_end(h: Handheld, scan: ScanScene, *, settle: bool = False) -> int:
    """Game frames until the screen says the picture ended (at most a minute of them)."""
    for frame in range(3600):
        if scan.problem is not None:
            return frame
        h.tick(1)
        if settle:
            # A real board's threads get time as the frames pass; here the frames pass
            # faster than real time, so each waits for the camera and the reader.
            deadline = time.monotonic() + 5.0
            while time.monotonic() < deadline and (scan.reader is not None
                                                    and scan.reader.busy):
                time.sleep(0.001)
            time.sleep(0.004)
    raise AssertionError("the recording never ended")


@pytest.mark.parametrize("kind", ["file", "dir"])
def test_the_game_reads_what_the_cli_reads_from_the_same_frames(
        tmp_path: Path, recordings: dict[str, Path], kind: str) -> None:
    spec = f"{kind}:{recordings[kind]}"
    expected = cli_copies(spec)
    assert expected == {**{card: 1 for card in CARDS}, CARDS[-1]: 2}  # the clip is readable
    h, scan = game(tmp_path, spec, threaded=False)
    frames = play_to_the_end(h, scan)
    assert scan.problem == "the camera's picture ended"
    assert dict(scan.basket.cards) == expected
    # Paced at 15 fps on the board's 60 Hz clock: four game frames per clip frame.
    n = len(clip_frames())
    assert scan.frames_read == n
    assert 4 * n - 4 <= frames <= 4 * n + 8, frames


def test_a_real_board_reading_in_the_background_reads_the_whole_clip(
        tmp_path: Path, recordings: dict[str, Path]) -> None:
    spec = f"file:{recordings['file']}"
    h, scan = game(tmp_path, spec, threaded=True)
    try:
        play_to_the_end(h, scan, settle=True)
        assert scan.problem == "the camera's picture ended"
        assert dict(scan.basket.cards) == {**{card: 1 for card in CARDS}, CARDS[-1]: 2}
    finally:
        h.close()


def test_a_folder_is_shown_once_and_its_cards_are_not_added_again(
        tmp_path: Path, recordings: dict[str, Path]) -> None:
    h, scan = game(tmp_path, f"dir:{recordings['dir']}", threaded=False)
    play_to_the_end(h, scan)
    after_one_pass = dict(scan.basket.cards)
    assert sum(after_one_pass.values()) == len(CARDS) + 1
    h.tick(20 * 60)  # twenty seconds more
    assert dict(scan.basket.cards) == after_one_pass
    assert scan.camera is None
