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
from handheld.engine import Chance, Choice
from handheld.save import open_saves
from handheld.session import (
    CALL_TIME,
    FORFEIT,
    MatchSession,
    SessionError,
    load_suspended,
    resume_or_start,
    run_on_board,
)
from tests.theme_match import DECKS, POOL, play_out


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


# ------------------------------------------------------------------ the log after Continue


def test_continue_brings_back_the_whole_log() -> None:
    session = MatchSession(POOL, DECKS, ["greedy", "random"], seed=21, record_log=True)
    for _ in range(150):
        session.step()
    snap = json.loads(json.dumps(session.snapshot()))
    resumed = MatchSession.resume(POOL, snap, record_log=True)
    assert resumed.log_note is None
    assert len(session.match.log) > 50
    assert resumed.match.log == session.match.log  # from the first shuffle on
    # ... and it goes on exactly as the match would have.
    reference = play_out(MatchSession(POOL, DECKS, ["greedy", "random"], seed=21))
    assert play_out(resumed).match.position() == reference.match.position()


def test_a_record_that_does_not_replay_still_resumes_from_its_position() -> None:
    session = MatchSession(POOL, DECKS, ["random", "random"], seed=4, record_log=True)
    for _ in range(90):
        session.step()
    snap = json.loads(json.dumps(session.snapshot()))
    snap["replay"]["answers"] = snap["replay"]["answers"][:-3]  # a damaged replay
    resumed = MatchSession.resume(POOL, snap, record_log=True)
    assert resumed.log_note is not None and "log before Continue" in resumed.log_note
    assert resumed.match.position() == session.match.position()
    assert play_out(resumed).over


def test_a_coin_drawn_but_not_shown_is_the_same_after_continue() -> None:
    """The screen draws a coin's outcome to animate it; suspended mid-animation, the
    resumed match must draw that same outcome, not the next number."""
    session = MatchSession(POOL, DECKS, ["greedy", "greedy"], seed=6)
    while not (isinstance(session.match.pending, Chance)
               and session.match.pending.kind == "coin" and session.match.turn > 1):
        session.step()
    outcomes = []
    for _ in range(20):  # whichever way the coin falls, the resumed one falls the same
        drawn = session.next_chance()
        resumed = MatchSession.resume(POOL, json.loads(json.dumps(session.snapshot())))
        assert resumed.next_chance() == drawn
        outcomes.append(drawn)
        session.rng.random()  # another draw next time
        session._before_draw = None
    assert len(set(outcomes)) == 2


@pytest.mark.parametrize("pending", [Chance, Choice])
def test_time_called_and_a_forfeit_are_part_of_the_replay(pending: type) -> None:
    """Time may be called while a coin or a shuffle is pending as well as at a decision:
    the replay puts it back at exactly that point."""
    session = MatchSession(POOL, DECKS, ["greedy", "greedy"], seed=3, record_log=True)
    while session.match.turn < 4 or not isinstance(session.match.pending, pending):
        session.step()
    outcome = session.call_time()
    assert session.answers[-1] == {"event": CALL_TIME, "chances": session.chances}
    for _ in range(40):
        session.step()
    snap = json.loads(json.dumps(session.snapshot()))
    resumed = MatchSession.resume(POOL, snap, record_log=True)
    assert resumed.log_note is None
    assert resumed.match.log == session.match.log
    assert any(ev[0] == "time" for ev in resumed.match.log)
    if outcome == "sudden_death":
        assert resumed.match.sudden_death == 1
    if not session.over:
        session.concede(0)
    assert session.over and session.match.winner in (0, 1)
    assert session.replay_check().position() == session.match.position()


def test_a_forfeit_ends_the_match_for_the_other_seat() -> None:
    session = MatchSession(POOL, DECKS, ["human", "greedy"], seed=5, record_log=True)
    while session.step():
        pass
    session.concede(0)
    assert session.over and session.match.winner == 1 and session.match.result == "forfeit"
    assert session.answers[-1] == {"event": FORFEIT, "seat": 0, "chances": session.chances}
    assert session.match.log[-1] == ("win", 1, "forfeit")
    with pytest.raises(SessionError):
        session.concede(1)
    assert session.replay_check().position() == session.match.position()


def test_a_negative_word_in_a_saved_generator_is_refused_as_damage() -> None:
    session = MatchSession(POOL, DECKS, ["random", "random"], seed=2)
    broken = json.loads(json.dumps(session.snapshot()))
    broken["rng"]["driver"][1][5] = -1
    with pytest.raises(SessionError, match="incomplete or damaged"):
        MatchSession.resume(POOL, broken)
