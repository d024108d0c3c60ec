"""A match suspended at any moment resumes exactly: same position, same random numbers,
same computer answers, same ending. Low battery at critical saves it on the board; the next
start resumes it, even from a copy of the storage taken at the power cut."""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from firmware_sim.board import config_from_dict, make_board
from firmware_sim.power import BatteryScript, SimBattery
from firmware_sim.storage import SimStorage
from handheld.cards import default_pool, load_deck
from handheld.save import open_saves
from handheld.session import (
    MatchSession,
    SessionError,
    load_suspended,
    resume_or_start,
    run_on_board,
)

POOL = default_pool()
DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))


def play_out(session: MatchSession) -> MatchSession:
    while session.step():
        pass
    return session


@pytest.mark.parametrize("players", [("random", "random"), ("greedy", "greedy")])
def test_a_snapshot_through_json_resumes_exactly(players: tuple[str, str]) -> None:
    reference = play_out(MatchSession(POOL, DECKS, list(players), seed=11))
    session = MatchSession(POOL, DECKS, list(players), seed=11)
    for _ in range(137):
        session.step()
    snap = json.loads(json.dumps(session.snapshot()))
    resumed = play_out(MatchSession.resume(POOL, snap))
    assert resumed.answers == reference.answers
    assert resumed.match.position() == reference.match.position()
    assert resumed.match.winner == reference.match.winner
    # And the replay (decks, seed, answers) reaches the same end.
    assert resumed.replay_check().position() == reference.match.position()


def test_damaged_snapshots_are_refused_with_a_reason() -> None:
    session = MatchSession(POOL, DECKS, ["random", "random"], seed=2)
    snap = session.snapshot()
    with pytest.raises(SessionError, match="not a suspended match"):
        MatchSession.resume(POOL, {"format": "something/9"})
    broken = json.loads(json.dumps(snap))
    del broken["rng"]
    with pytest.raises(SessionError, match="incomplete or damaged"):
        MatchSession.resume(POOL, broken)
    broken = json.loads(json.dumps(snap))
    broken["rng"]["driver"] = [3, [1, 2], None]
    with pytest.raises(SessionError, match="incomplete or damaged"):
        MatchSession.resume(POOL, broken)


def board_with_battery(battery: SimBattery, storage: SimStorage) -> object:
    board = make_board("headless", config_from_dict({"power": {"poll_frames": 10}}),
                       data_dir=storage.data_dir)
    board.battery = battery
    board.power.source = battery
    return board


def test_critical_battery_suspends_the_match_and_the_next_start_resumes_it() -> None:
    seed = 1
    reference = play_out(MatchSession(POOL, DECKS, ["random", "random"], seed))

    storage = SimStorage()
    opened = open_saves(storage)
    assert opened.problem is None
    profile = opened.saves.create_profile("Ash").id
    session, resumed = resume_or_start(POOL, opened.saves, profile, DECKS,
                                       ["random", "random"], seed)
    assert not resumed
    board = board_with_battery(SimBattery(40.0, script=[BatteryScript(1200, 2.0)]), storage)
    result = run_on_board(board, session, opened.saves, profile, frames_per_step=8)
    assert result.outcome == "suspended" and result.reason == "critical battery"
    assert 1200 <= result.frames <= 1240
    at_cut = session.match.position()
    steps_before = len(session.answers)
    assert 0 < steps_before < len(reference.answers)  # really mid-match

    # The power goes: the next boot sees the files as they are on the card.
    after = storage.power_cut()
    opened.saves.close()
    reopened = open_saves(after)
    assert reopened.problem is None
    snap = load_suspended(reopened.saves, profile)
    assert snap is not None and snap["position"] == at_cut
    session2, resumed = resume_or_start(POOL, reopened.saves, profile, DECKS,
                                        ["random", "random"], seed)
    assert resumed
    board2 = board_with_battery(SimBattery(90.0), after)
    result2 = run_on_board(board2, session2, reopened.saves, profile, frames_per_step=8)
    assert result2.outcome == "over"
    assert session2.answers == reference.answers
    assert session2.match.position() == reference.match.position()
    # A finished match is no longer suspended.
    assert load_suspended(reopened.saves, profile) is None
    reopened.saves.close()


def test_power_held_also_suspends() -> None:
    storage = SimStorage()
    opened = open_saves(storage)
    profile = opened.saves.create_profile("Misty").id
    session = MatchSession(POOL, DECKS, ["random", "random"], 3)
    board = board_with_battery(SimBattery(80.0), storage)
    board.input.script("POWER@1000-3200")
    result = run_on_board(board, session, opened.saves, profile)
    assert result.outcome == "suspended" and result.reason == "button"
    assert load_suspended(opened.saves, profile)["position"] == session.match.position()
    opened.saves.close()
