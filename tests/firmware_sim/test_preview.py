"""The camera preview window (pygame's, drawn off-screen with SDL's dummy driver here)."""

from __future__ import annotations

import os

import numpy as np

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware_sim.preview import PreviewWindow, has_display


def test_no_display_means_no_window() -> None:
    assert not has_display({})  # a Linux console: no X, no Wayland
    assert has_display({"DISPLAY": ":0"}) and has_display({"WAYLAND_DISPLAY": "wayland-0"})


def test_a_frame_is_shown_with_its_outlines_and_q_closes() -> None:
    window = PreviewWindow.open("test")
    assert window is not None  # SDL's dummy driver is always there
    try:
        frame = np.zeros((120, 160, 3), np.uint8)
        frame[:, :, 0] = 200  # blue in BGR
        assert window.show(frame, [(((10, 10), (60, 10), (60, 60), (10, 60)), (0, 255, 0))],
                           "1 card")
        shown = window.pygame.surfarray.array3d(window.window)  # x, y, RGB
        assert window.window.get_size() == (160, 120)
        assert tuple(shown[100, 100]) == (0, 0, 200)  # BGR turned into RGB
        assert tuple(shown[10, 30]) == (0, 255, 0)  # the outline
        pg = window.pygame
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_q))
        assert not window.show(frame)
    finally:
        window.close()
