"""Dark Explorers bw5-1 to bw5-55: what the card scenarios can't see (they compare
positions, and a log is no part of one): Espeon's Psy Report shows the opponent's hand to
both players through the match log."""

from __future__ import annotations

from handheld.engine import Match
from handheld.engine.describe import describe_event
from handheld.engine.notation import EV_HAND_SHOWN

from .fixtures import scenario_pool
from .scenario import authoring_position, option_index


def _psy_report() -> Match:
    pool = scenario_pool()
    position = authoring_position({
        "era": "black_white",
        "players": [
            {"active": {"cards": ["pl2-59", "bw5-48"], "energy": ["bw1-109"] * 3}},
            {"active": {"cards": ["bw5-13"]}, "hand": ["bw5-1", "bw1-105"]},
        ]})
    m = Match.from_position(pool, position)
    m.apply(option_index(m, "Attack: Psy Report"))
    return m


def test_psy_report_shows_the_opponents_hand_in_the_log() -> None:
    m = _psy_report()
    shown = [ev for ev in m.log if ev[0] == EV_HAND_SHOWN]
    assert len(shown) == 1
    _, seat, cards = shown[0]
    assert seat == 1
    assert sorted(m.defs[c].id for c in cards) == ["bw1-105", "bw5-1"]
    # Both players read the same line: the shown hand is no secret.
    for viewer in (0, 1, None):
        line = describe_event(m, shown[0], viewer)
        assert line == "P2 shows their hand: Bulbasaur, Grass Energy."
