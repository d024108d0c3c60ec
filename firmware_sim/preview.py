"""A desktop window that shows camera frames as they are, for the scanner's command line.

The game draws through the board's display at 240x160; a tool that wants to see what the
camera sees (``python -m scanner scan``) needs the whole frame instead. The project ships
OpenCV without its GUI (``opencv-python-headless``: no X libraries on a Pi), so the
window is pygame's, like the game's own window. :meth:`PreviewWindow.open` returns None
where there is no display, and the caller goes on in the terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

Point = tuple[float, float]
Shape = tuple[Sequence[Point], tuple[int, int, int]]  # a closed outline and its RGB colour


def has_display(env: dict[str, str] | None = None) -> bool:
    env = dict(os.environ) if env is None else env
    if env.get("SDL_VIDEODRIVER") == "dummy":
        return True  # tests draw into SDL's off-screen window
    if sys.platform.startswith("linux"):
        return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    return True


class PreviewWindow:
    """A resizable-once window showing BGR frames, with outlines and a status line."""

    def __init__(self, pygame: Any, title: str) -> None:
        self.pygame = pygame
        self.title = title
        self.window: Any = None
        self.font = pygame.font.Font(None, 20)
        self.frames = 0

    @classmethod
    def open(cls, title: str = "scanner (q to quit)") -> PreviewWindow | None:
        """A window, or None when there is no display to put it on."""
        if not has_display():
            return None
        try:
            import pygame

            pygame.display.init()
            pygame.font.init()
            pygame.display.set_caption(title)
        except Exception:  # no video device, no font support: the terminal will do
            return None
        return cls(pygame, title)

    def show(self, frame: NDArray[np.uint8], shapes: Sequence[Shape] = (),
             status: str = "") -> bool:
        """Draw one frame; False once the window was closed or q / Escape pressed."""
        pg = self.pygame
        h, w = frame.shape[:2]
        if self.window is None or self.window.get_size() != (w, h):
            self.window = pg.display.set_mode((w, h))
        rgb = np.ascontiguousarray(frame[:, :, ::-1]) if frame.ndim == 3 else \
            np.ascontiguousarray(np.repeat(frame[:, :, None], 3, axis=2))
        picture = pg.image.frombuffer(rgb.tobytes(), (w, h), "RGB")
        self.window.blit(picture, (0, 0))
        for points, colour in shapes:
            if len(points) >= 3:
                pg.draw.polygon(self.window, colour, [(float(x), float(y)) for x, y in points],
                                2)
        if status:
            text = self.font.render(status, True, (255, 255, 255), (0, 0, 0))
            self.window.blit(text, (6, 6))
        pg.display.flip()
        self.frames += 1
        for event in pg.event.get():
            if event.type == pg.QUIT:
                return False
            if event.type == pg.KEYDOWN and event.key in (pg.K_q, pg.K_ESCAPE):
                return False
        return True

    def close(self) -> None:
        self.pygame.display.quit()
