"""The e-Tools on the handheld: flipping through the buttons, statistics that survive a
restart and a power cut, seeded flips that repeat, the coins of a match, the battle
timer's controls, warnings, sleep, and its pause for a match's between-turns steps."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from firmware_sim.storage import SimStorage
from handheld.etools.coins import CoinTally, SeededCoins
from handheld.etools.timer import MINUTE
from handheld.ui.app import Handheld

from .duel_driver import step
from .test_app import choose, fresh, start_cpu_duel, to_menu


def open_tool(h: Handheld, tool: str) -> None:
    to_menu(h)
    choose(h, "e-Tools")
    choose(h, tool)


def flip(h: Handheld) -> None:
    h.press("A")  # flip
    if h.scenes.top.anim:
        h.press("A")  # skip the animation


def test_flipping_one_many_and_until_tails(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    open_tool(h, "Coin flipper")
    scene = h.scenes.top
    assert scene.name == "CoinFlipperScene"
    flip(h)
    assert scene.result is not None and len(scene.result.flips) == 1
    h.press("DOWN")  # N coins
    h.press("RIGHT")
    h.press("RIGHT")  # 5 coins
    flip(h)
    assert len(scene.result.flips) == 5
    h.press("DOWN")  # until tails
    flip(h)
    assert scene.result.flips[-1] is False and all(scene.result.flips[:-1])
    total = 1 + 5 + len(scene.result.flips)
    assert h.coins.session.total == total
    assert h.coins.tally("all").total == total
    assert "coin" in h.sounds.played


def test_the_animation_plays_and_can_be_skipped(tmp_path: Path) -> None:
    h = Handheld(headless=True, data_dir=tmp_path, seed=1)  # animations on
    open_tool(h, "Coin flipper")
    scene = h.scenes.top
    h.press("A")
    assert scene.anim > 0
    h.tick(10)
    assert scene.anim > 0
    h.press("A")
    assert scene.anim == 0


def test_all_time_statistics_survive_a_restart_and_a_power_cut(tmp_path: Path) -> None:
    h = fresh(tmp_path / "card")
    open_tool(h, "Coin flipper")
    for _ in range(7):
        flip(h)
    before = h.coins.tally("all").to_dict()
    assert CoinTally.from_dict(before).total == 7
    cut = SimStorage(tmp_path / "card").power_cut(tmp_path / "after")  # no close: a cut
    again = fresh(cut.data_dir)
    assert again.coins.tally("all").to_dict() == before
    assert again.coins.tally("session").total == 0  # a new session
    h.saves.close()
    restarted = fresh(tmp_path / "card")
    assert restarted.coins.tally("all").to_dict() == before


def test_seeded_flips_show_their_seed_and_repeat(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    open_tool(h, "Coin flipper")
    h.press("START")
    choose(h, "Use a seed")
    seed = h.coins.settings.coin_seed
    assert h.coins.describe_source() == f"seed {seed}"
    h.press("DOWN")
    for _ in range(7):
        h.press("RIGHT")  # 10 coins
    flip(h)
    flips = list(h.scenes.top.result.flips)
    expected = SeededCoins(seed)
    assert flips == [expected.flip() for _ in range(10)]
    h.press("START")
    choose(h, "Use system randomness")
    assert h.coins.describe_source() == "system randomness"


def test_reset_asks_first(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    open_tool(h, "Coin flipper")
    flip(h)
    h.press("R")  # All time
    h.press("START")
    choose(h, "Reset")
    assert h.describe()["scene"] == "ConfirmScene"
    h.press("A")  # the safe answer is first: keep them
    assert h.coins.tally("all").total == 1
    h.press("START")
    choose(h, "Reset")
    choose(h, "Forget them")
    assert h.coins.tally("all").total == 0
    assert h.coins.tally("session").total == 1  # only the view shown was reset


def test_the_coins_of_a_match_count_in_their_own_view(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=5)
    start_cpu_duel(h)
    duel = h.scenes.scenes[1]
    state: dict[str, object] = {}
    for _ in range(600):
        step(h, state)
    coins = sum(1 for ev in duel.match.log if ev[0] == "coin")
    assert coins > 0
    assert h.coins.tally("match").total == coins
    assert h.coins.tally("all").total == coins


def test_timer_controls_and_a_countdown_preset(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    open_tool(h, "Battle timer")
    t = h.timer.timer
    assert h.timer.settings.timer_minutes == 30 and t.display() == "30:00"
    h.press("L")
    assert t.state == "running"
    h.tick(60)
    assert t.display() == "29:59"
    h.press("SELECT")
    assert t.state == "between"
    h.tick(120)
    h.press("SELECT")
    assert t.state == "running" and 2000 <= t.between_ms <= 2200
    h.press("R")
    assert t.state == "stopped"
    # The menu: 50 minutes.
    h.press("START")
    choose(h, "50 minutes")
    assert h.timer.timer.display() == "50:00"
    assert fresh(tmp_path / "x").timer.settings.timer_minutes == 30  # another profile file
    h.saves.close()
    assert fresh(tmp_path).timer.settings.timer_minutes == 50  # the choice was saved


def test_l_and_r_can_be_swapped(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    open_tool(h, "Battle timer")
    h.press("START")
    choose(h, "L starts")
    assert not h.timer.settings.l_starts
    h.press("R")
    assert h.timer.timer.state == "running"
    h.press("L")
    assert h.timer.timer.state == "stopped"


def test_warnings_time_and_extra_turns_on_the_screen(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    open_tool(h, "Battle timer")
    h.press("L")
    h.board.clock.advance(25 * MINUTE)
    h.tick(1)
    assert h.timer.flash > 0 and "error" in h.sounds.played
    assert h.describe()["scene"] == "NoticeScene"
    assert "5 minutes left" in h.scenes.top.box._raw
    h.press("A")
    h.board.clock.advance(5 * MINUTE)
    h.tick(1)
    while h.describe()["scene"] == "NoticeScene":
        h.press("A")
    t = h.timer.timer
    assert t.time_called
    for n in (1, 2, 3):
        h.press("A")
        assert t.extra_turn == n
    h.press("A")
    assert t.state == "over"


def test_the_timer_keeps_time_behind_other_screens_and_pauses_in_sleep(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    open_tool(h, "Battle timer")
    h.press("L")
    h.press("B")  # back to the e-Tools menu
    h.press("B")  # and the main menu
    h.tick(120)
    t = h.timer.timer
    assert t.play_ms >= 2000
    played = t.play_ms
    h.press("POWER", 3)  # sleep
    assert h.board.asleep
    h.tick(300)
    assert t.play_ms - played < 200  # asleep: paused (the default)
    h.press("POWER", 3)  # wake
    h.tick(60)
    assert t.play_ms - played >= 900


def test_a_match_pauses_the_timer_for_its_between_turns_steps(tmp_path: Path) -> None:
    h = fresh(tmp_path, seed=9)
    h.timer.settings.timer_minutes = 0
    h.timer.new_timer()
    h.timer.timer.start()
    start_cpu_duel(h)
    duel = h.scenes.scenes[1]
    state: dict[str, object] = {}
    signals: list[str] = []
    original = h.timer.on_match_event
    h.timer.on_match_event = lambda kind: (signals.append(kind), original(kind))[1]
    for _ in range(1500):
        if h.scenes.top.name == "ResultScene":
            break
        step(h, state)
    starts = sum(1 for ev in duel.match.log if ev == ("between", "start"))
    assert starts > 0
    assert signals.count("between_start") == starts
    assert h.timer.timer.state in ("running", "between")
    assert h.timer.timer.between_ms > 0


def test_chess_clock(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    open_tool(h, "Chess clock")
    c = h.timer.chess
    h.press("L")
    h.tick(60)
    h.press("A")
    assert c.active == 1
    h.tick(120)
    assert c.used[0].elapsed() < c.used[1].elapsed()
