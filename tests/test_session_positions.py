"""A suspended match is a position: one that the validator refuses is reported as a
damaged suspended match (SessionError naming the field), never a crash of the game."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from handheld.cards import default_pool, load_deck
from handheld.session import MatchSession, SessionError

POOL = default_pool()
DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))


def snapshot_mid_game() -> dict[str, Any]:
    session = MatchSession(POOL, DECKS, ["random", "random"], seed=4)
    for _ in range(90):
        session.step()
    return json.loads(json.dumps(session.snapshot()))


def test_a_suspended_match_resumes_through_the_validator() -> None:
    snap = snapshot_mid_game()
    assert MatchSession.resume(POOL, snap).match.position() == snap["position"]


@pytest.mark.parametrize(("damage", "field"), [
    (lambda pos: pos.update(winner=7), "winner"),
    (lambda pos: pos["players"][0]["prizes"].extend(pos["players"][0]["prizes"] * 2),
     "players[0]"),
    (lambda pos: pos["players"][1].update(bench=[{"cards": ["ecard1-98"]}] * 6),
     "players[1].bench"),
    (lambda pos: pos.update(turn="5"), "turn"),
])
def test_a_damaged_position_is_a_damaged_suspended_match(
        damage: Callable[[dict[str, Any]], Any], field: str) -> None:
    snap = snapshot_mid_game()
    damage(snap["position"])
    with pytest.raises(SessionError, match="incomplete or damaged: " + re.escape(field)):
        MatchSession.resume(POOL, snap)
