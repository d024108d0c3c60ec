"""The sound effects: a mixer that is not running leaves the game silent, with a reason."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from handheld.ui.sound import Sounds


def test_a_mixer_that_did_not_start_plays_silently_with_a_reason(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # get_init() may answer None (the mixer is off) even after init returned.
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: None)
    sounds = Sounds(6)
    assert sounds.error == "no sound (the mixer did not start)"
    sounds.play("confirm")  # silent, but still recorded
    assert list(sounds.played) == ["confirm"]
