"""A search of the deck that finds nothing is still a decision on the duel screen (the deck
is secret: the other player must not learn from a skipped decision that nothing was
there). The list shows one row that says so, and A goes on."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld.engine import Choice
from handheld.ui.scenes.duel_menus import NOTHING_FOUND

from .duel_driver import step
from .test_narration import app, open_duel

# The player's Electabuzz may attack with Energy Draw (a search of the deck for a basic
# Energy card) while the deck holds none: an Item and a Darkness Energy.
POSITION = {"turn": 3, "current": 0, "players": [
    {"active": {"cards": ["ecard1-76"], "energy": ["ecard1-165"]},
     "deck": ["ecard1-149", "ecard1-158"]},
    {"active": {"cards": ["ecard1-72"]}, "deck": ["ecard1-165"]}]}


def test_a_search_that_finds_nothing_asks_and_goes_on(tmp_path: Path) -> None:
    h = app(tmp_path, speed="instant", animations=False)
    duel = open_duel(h, POSITION)
    h.tick(1)  # (the duel opens on top of the title)
    deck = list(duel.match.players[0].deck)
    state: dict[str, object] = {}
    for _ in range(200):
        top = h.scenes.top
        if top.name == "ChoiceScene":
            break
        step(h, state)
    else:
        raise AssertionError(f"no choice was asked; at {h.describe()}")
    ch = top.ch
    assert isinstance(ch, Choice) and ch.kind == "cards_deck" and ch.nothing_to_pick
    assert [it.label for it in top.menu.items] == [NOTHING_FOUND]
    h.press("A", 1)
    assert h.scenes.top is not top
    assert duel.match.pending is not ch
    assert sorted(duel.match.players[0].deck) == sorted(deck)  # nothing was taken
    assert len(duel.match.players[0].active.energy) == 1  # and nothing was attached
