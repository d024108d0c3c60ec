"""Every screen the button soak visits, in the large font (Pocket 7, the font setting's
"large"): no text is drawn outside the 240x160 screen, and text a widget draws in a box
of its own (a menu row, a message box, a scrolling page) stays inside that box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from handheld.ui.app import Handheld
from handheld.ui.text import Rect
from tools import soak_ui


def _inside(rect: Rect, box: Rect) -> bool:
    x, y, w, h = rect
    bx, by, bw, bh = box
    return bx <= x and by <= y and x + w <= bx + bw and y + h <= by + bh


def soak_in_large_font(frames: int, visit: int, seed: int, data_dir: Path
                       ) -> tuple[dict[str, Any], list[str], int]:
    """The soak's report, the misplaced strings (scene: text at rect) and the strings drawn."""
    problems: list[str] = []
    drawn = [0]

    def setup(app: Handheld) -> None:
        def on_draw(target: pygame.Surface, text: str, rect: Rect, box: Rect | None) -> None:
            if target is not app.surface:
                return  # an off-screen picture (a card page's, a piece's): placed later
            drawn[0] += 1
            top = app.scenes.top
            where = top.name if top is not None else "?"
            if not _inside(rect, (0, 0, 240, 160)):
                problems.append(f"{where}: {text!r} at {rect} is off the screen")
            elif box is not None and not _inside(rect, box):
                problems.append(f"{where}: {text!r} at {rect} leaves its box {box}")
        app.text.on_draw = on_draw

    report = soak_ui.soak(frames, seed=seed, visit=visit, data_dir=data_dir,
                          font="large", setup=setup)
    return report, problems, drawn[0]


def test_every_soaked_screen_fits_in_the_large_font(tmp_path: Path) -> None:
    # Every start of the soak at least once (34 visits), as the soak test runs them.
    report, problems, drawn = soak_in_large_font(34 * 180, 180, 7, tmp_path)
    assert report["exceptions"] == 0, report["errors"]
    assert drawn > 10_000  # the hook saw the screens' text
    assert "SettingsScene" in report["frames_per_scene"]
    unique = sorted(set(problems))
    assert not unique, f"{len(unique)} misplaced strings:\n" + "\n".join(unique[:40])


def test_the_check_finds_text_off_the_screen(tmp_path: Path) -> None:
    """The hook reports a string drawn past the edge (the check can fail)."""
    from handheld.ui.font import font_for
    from handheld.ui.text import TextCache

    cache = TextCache(font_for("large"))
    seen: list[tuple[Rect, Rect | None]] = []
    cache.on_draw = lambda target, text, rect, box: seen.append((rect, box))
    surface = pygame.Surface((240, 160))
    cache.draw(surface, "A long line that runs past the right edge", 150, 151)
    with cache.within(10, 10, 50, 12):
        cache.draw(surface, "Too wide for its box", 12, 11)
    assert not _inside(seen[0][0], (0, 0, 240, 160))
    rect, box = seen[1]
    assert box == (10, 10, 50, 12) and not _inside(rect, box)
