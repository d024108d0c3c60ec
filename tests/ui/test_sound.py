"""The sound effects: a mixer that is not running leaves the game silent, with a reason."""

from __future__ import annotations

import os
from pathlib import Path

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


def test_the_names_known_without_synthesis_are_the_synthesised_effects() -> None:
    # Sounds(enabled=False) names its effects without building them (no numpy at start-up);
    # a new effect added to the synthesis alone would be refused by play().
    from handheld.ui.sound import NAMES, _effects

    assert set(NAMES) == set(_effects()) - {"silence"}
    assert len(NAMES) == len(set(NAMES))


def test_sounds_left_for_later_load_at_load_pending_or_the_first_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[int] = []
    monkeypatch.setattr(Sounds, "_load", lambda self: loads.append(1))
    later = Sounds(6, later=True)
    assert later.pending and loads == []
    later.load_pending()
    later.load_pending()  # once only
    assert not later.pending and loads == [1]
    on_play = Sounds(6, later=True)
    on_play.play("cursor")  # asked before the app loaded them: loaded now, then played
    assert not on_play.pending and loads == [1, 1]
    assert not Sounds(6, enabled=False, later=True).pending  # a silent board loads nothing


def test_the_app_loads_its_sounds_after_its_first_frame(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from handheld.ui.app import Handheld

    loaded_at: list[int] = []
    app: Handheld | None = None
    monkeypatch.setattr(Sounds, "_load", lambda self: loaded_at.append(app.frame if app else -1))
    app = Handheld(headless=True, sound=True, data_dir=tmp_path)
    app.tick(1)
    assert loaded_at == [] and app.sounds.pending  # the title frame waited for no sound
    app.tick(1)
    assert loaded_at == [2] and not app.sounds.pending
    app.saves.close()
