"""The battle timer on a fake clock: every transition, warnings, time called, extra turns,
sleep, no drift over an hour; the chess clock; and a whole simulated match in which the
timer leaves out exactly the engine's between-turns steps."""

from __future__ import annotations

import pytest

from firmware_sim.clock import FakeClock, PausableClock
from handheld.etools.timer import MINUTE, BattleTimer, ChessClock, Stopwatch, mm_ss


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def test_start_stop_and_count_up() -> None:
    clock = FakeClock()
    t = BattleTimer(clock)
    assert t.state == "ready" and t.display() == "0:00"
    assert kinds(t.stop()) == []  # nothing to stop yet
    assert kinds(t.start()) == ["started"]
    clock.advance(61_500)
    assert t.display() == "1:01" and t.play_ms == 61_500
    assert kinds(t.stop()) == ["stopped"]
    clock.advance(10_000)  # stopped: nothing counts
    assert t.play_ms == 61_500
    assert kinds(t.start()) == ["started"]
    assert kinds(t.start()) == []  # already running
    clock.advance(500)
    assert t.play_ms == 62_000


def test_between_turns_pause_is_counted_apart() -> None:
    clock = FakeClock()
    t = BattleTimer(clock)
    assert kinds(t.between_turns()) == []  # only a running timer pauses for them
    t.start()
    clock.advance(20_000)
    assert kinds(t.between_turns()) == ["between"]
    assert t.state == "between"
    clock.advance(7_000)
    assert (t.play_ms, t.between_ms) == (20_000, 7_000)
    assert kinds(t.resume()) == ["resumed"]
    clock.advance(3_000)
    assert (t.play_ms, t.between_ms) == (23_000, 7_000)
    assert kinds(t.toggle_between()) == ["between"]
    clock.advance(1_000)
    assert kinds(t.toggle_between()) == ["resumed"]
    assert (t.play_ms, t.between_ms) == (23_000, 8_000)
    t.between_turns()
    assert kinds(t.stop()) == ["stopped"]  # stopping during the pause ends the pause too
    clock.advance(5_000)
    assert (t.play_ms, t.between_ms) == (23_000, 8_000)


def test_countdown_warnings_time_and_extra_turns() -> None:
    clock = FakeClock()
    t = BattleTimer(clock, limit_ms=30 * MINUTE)
    assert t.display() == "30:00"
    t.start()
    clock.advance(25 * MINUTE - 1)
    assert t.update() == []
    assert t.display() == "5:01"  # a part second is still shown
    clock.advance(60_000)  # one update long after the 5-minute mark
    [warning] = t.update()
    assert warning.kind == "warning" and warning.at_ms == 25 * MINUTE
    assert "5 minutes" in warning.detail
    clock.advance(4 * MINUTE)
    [warning] = t.update()
    assert warning.detail == "1 minute left" and warning.at_ms == 29 * MINUTE
    assert t.update() == []  # each warning once
    clock.advance(MINUTE + 2000)
    [time_called] = t.update()
    assert time_called.kind == "time" and time_called.at_ms == 30 * MINUTE
    assert t.time_called and t.extra_turn == 0 and t.display() == "0:00"
    assert kinds(t.next_turn()) == ["extra_turn"]
    assert kinds(t.next_turn()) == ["extra_turn"]
    assert kinds(t.next_turn()) == ["extra_turn"]
    assert t.extra_turn == 3 and t.state == "running"
    assert kinds(t.next_turn()) == ["over"]
    assert t.state == "over" and kinds(t.next_turn()) == []
    assert t.remaining_ms is not None and t.remaining_ms < 0  # overtime was counted


def test_warnings_at_or_above_the_length_are_skipped_and_reset_clears() -> None:
    clock = FakeClock()
    t = BattleTimer(clock, limit_ms=3 * MINUTE)
    assert t.warnings_ms == (MINUTE,)
    t.start()
    clock.advance(3 * MINUTE)
    assert kinds(t.update()) == ["warning", "time"]
    assert kinds(t.reset()) == ["reset"]
    assert t.state == "ready" and not t.time_called and t.play_ms == 0
    assert kinds(t.next_turn()) == []
    with pytest.raises(ValueError, match="positive length"):
        BattleTimer(clock, limit_ms=0)


def test_the_between_turns_pause_does_not_eat_the_countdown() -> None:
    clock = FakeClock()
    t = BattleTimer(clock, limit_ms=2 * MINUTE)
    t.start()
    clock.advance(MINUTE - 1000)
    t.between_turns()
    clock.advance(10 * MINUTE)  # a long Poison / Burn / Sleep resolution
    assert t.update() == [] and t.display() == "1:01"
    t.resume()
    clock.advance(MINUTE + 1000)
    assert kinds(t.update()) == ["warning", "time"]


def test_sleep_pauses_only_when_the_owner_says_so() -> None:
    base = FakeClock()
    game = PausableClock(base)
    paused, counting = BattleTimer(game), BattleTimer(base)
    for t in (paused, counting):
        t.start()
    base.advance(10_000)
    game.pause()  # the handheld sleeps
    base.advance(60_000)
    game.resume()
    base.advance(5_000)
    assert paused.play_ms == 15_000
    assert counting.play_ms == 75_000


def test_an_hour_of_frames_is_exact() -> None:
    clock = FakeClock()
    t = BattleTimer(clock)
    t.start()
    for _ in range(60 * 60 * 60):  # an hour of 60 Hz frames, read every frame
        clock.advance(1000.0 / 60.0)
        t.update()
    assert abs(t.play_ms - 3_600_000.0) < 0.01  # a hundredth of a millisecond
    assert t.display() == "60:00"


def test_mm_ss() -> None:
    assert mm_ss(0) == "0:00" and mm_ss(-5) == "0:00"
    assert mm_ss(1) == "0:01" and mm_ss(59_001) == "1:00"
    assert mm_ss(50 * MINUTE) == "50:00"


def test_stopwatch() -> None:
    clock = FakeClock()
    s = Stopwatch(clock)
    s.start()
    clock.advance(5)
    s.stop()
    s.stop()
    clock.advance(5)
    assert s.elapsed() == 5 and not s.running


def test_chess_clock() -> None:
    clock = FakeClock()
    c = ChessClock(clock, limit_ms=MINUTE)
    assert kinds(c.switch()) == []  # not started
    c.start()
    clock.advance(10_000)
    assert kinds(c.switch()) == ["switch"] and c.active == 1
    clock.advance(20_000)
    c.toggle_between()
    clock.advance(30_000)  # between turns: nobody's time runs
    c.toggle_between()
    assert c.display(0) == "0:50" and c.display(1) == "0:40"
    assert c.between.elapsed() == 30_000
    c.switch()
    clock.advance(50_000)
    [flag] = c.update()
    assert flag.kind == "flag" and c.loser == 0 and c.state == "over"
    assert flag.at_ms == 10_000 + 20_000 + 30_000 + 50_000
    assert kinds(c.switch()) == []


def test_a_simulated_match_excludes_exactly_the_between_turns_steps() -> None:
    """Every engine step takes a second of a fake clock; the timer, fed only the match's
    log, must count as between-turns time exactly the seconds the engine spent in its
    between-turns steps (told by the engine's own state), and all the rest as play."""
    from handheld.cards import default_pool, load_deck
    from handheld.session import MatchSession

    pool = default_pool()
    # A deck with Poison and Burn makes many between-turns steps.
    session = MatchSession(pool, (load_deck("poison_garden"), load_deck("dark_steel")),
                           ["greedy", "greedy"], seed=16, record_log=True)
    clock = FakeClock()
    timer = BattleTimer(clock)
    timer.start()
    seen = 0
    expected_between = expected_play = 0.0
    steps_between = 0
    while not session.over:
        in_between = session.match.in_between_turns
        session.step()
        clock.advance(1000.0)
        if in_between:
            expected_between += 1000.0
            steps_between += 1
        else:
            expected_play += 1000.0
        log = session.match.log
        for ev in log[seen:]:
            if ev == ("between", "start"):
                timer.between_turns()
            elif ev == ("between", "end"):
                timer.resume()
        seen = len(log)
    assert steps_between >= 10  # the match really waited in between-turns checks (coins)
    assert timer.between_ms == expected_between
    assert timer.play_ms == expected_play
