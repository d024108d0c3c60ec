"""The title screen comes up without the heavy parts of the game (issue 17).

On a Raspberry Pi 4 every module imported before the first frame costs 5-8x what it costs
here, and the engine with its card pool alone once doubled the launch. So the game, started
the way a player starts it (``python -m handheld``, here headless), must draw its first
title frame with none of the modules below loaded; each screen imports what it needs when
it opens. The launch is the one ``tools/bench_ui.py`` times, run in a new process.
"""

from __future__ import annotations

from pathlib import Path

from tools.bench_ui import ROOT, first_frame

# Not one of these may load before the title's first frame: the rules engine and its card
# pool, the players, the card files, the piece game, the e-Reader, the scanner, the screens
# that use them, numpy (the sound synthesis, the camera), OpenCV, and the package metadata
# (``--version`` reads it; a sixth of the launch).
NOT_AT_LAUNCH = (
    "handheld.engine", "handheld.engine.cardpool", "handheld.engine.match",
    "handheld.kernel", "handheld.cards", "handheld.players", "handheld.pieces",
    "handheld.ereader", "handheld.session", "handheld.sim", "handheld.protocol",
    "scanner", "firmware_sim.camera",
    "handheld.ui.scenes.main_menu", "handheld.ui.scenes.duel", "handheld.ui.scenes.scan",
    "handheld.ui.scenes.ereader", "handheld.ui.card_page", "handheld.ui.duel_board",
    "numpy", "cv2", "importlib.metadata",
)


def test_the_first_title_frame_loads_no_heavy_module(tmp_path: Path) -> None:
    _, loaded = first_frame(ROOT, tmp_path)
    assert "handheld.ui.scenes.title" in loaded  # the frame drawn was the title's
    assert "handheld.ui.app" in loaded and "handheld.save" in loaded
    heavy = sorted(m for m in loaded
                   if any(m == h or m.startswith(h + ".") for h in NOT_AT_LAUNCH))
    assert heavy == [], f"loaded before the title's first frame: {heavy}"

