"""``python -m handheld sim --game pieces``: Legend Pieces games between computer players,
statistics as JSON in the card simulation's shape, and one-line refusals of options that
belong to the other game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from handheld.__main__ import main
from handheld.pieces import PieceMatch
from handheld.sim import run_piece_sim

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "HANDHELD_DATA": tempfile.mkdtemp(prefix="handheld-sim-test-"),
       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HANDHELD_BOARD": "headless"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "handheld", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=300, env=ENV)


def test_sim_pieces_prints_json_statistics() -> None:
    r = run("sim", "--game", "pieces", "--games", "6", "--seed", "3", "--players", "greedy",
            "random", "--json")
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    assert stats["game"] == "pieces" and stats["era"] == "classic" and stats["seed"] == 3
    assert stats["games"] == stats["completed"] == 6 and stats["errors"] == 0
    assert stats["players"] == ["greedy#1", "random#2"]
    assert sum(stats["wins"].values()) + stats["draws"] == 6
    assert sum(stats["results"].values()) == 6
    assert stats["wins_by_seat"]["seat1"] + stats["wins_by_seat"]["seat2"] == \
        sum(stats["wins"].values())
    assert stats["armies"] == ["gold", "silver"]
    assert stats["games_by_player_and_army"] == {"greedy#1": {"gold": 6, "silver": 0},
                                                 "random#2": {"gold": 0, "silver": 6}}
    assert stats["turns"]["median"] > 0 and stats["decisions_per_game"]["median"] > 0
    assert stats["decisions"] > 0 and stats["chance_outcomes"] >= 6  # a coin a game
    assert stats["games_per_second"] > 0 and stats["decisions_per_second"] > 0
    assert stats["median_us_per_decision"] > 0


def test_sim_pieces_is_reproducible_and_the_seed_matters() -> None:
    a = run_piece_sim(["random", "random"], 12, seed=40)
    b = run_piece_sim(["random", "random"], 12, seed=40)
    c = run_piece_sim(["random", "random"], 12, seed=41)
    keys = ("wins", "turns", "decisions", "results", "chance_outcomes")
    assert [a[k] for k in keys] == [b[k] for k in keys]
    assert [a[k] for k in keys] != [c[k] for k in keys]


def test_alternate_gives_each_player_each_army_equally() -> None:
    stats = run_piece_sim(["greedy", "random"], 8, seed=3, alternate=True,
                          armies=["silver", "gold"])
    assert stats["alternate_armies"] is True and stats["armies"] == ["silver", "gold"]
    assert stats["games_by_player_and_army"] == {"greedy#1": {"silver": 4, "gold": 4},
                                                 "random#2": {"silver": 4, "gold": 4}}


def test_the_same_army_on_both_seats_gets_a_label_per_seat() -> None:
    stats = run_piece_sim(["random", "random"], 2, armies=["gold", "gold"])
    assert stats["armies"] == ["gold#1", "gold#2"]
    assert sum(stats["army_win_rate"].values()) == pytest.approx(
        sum(stats["wins"].values()) / 2)


def test_greedy_beats_random() -> None:
    stats = run_piece_sim(["greedy", "random"], 20, seed=1, alternate=True)
    assert stats["errors"] == 0 and stats["win_rate"]["greedy#1"] >= 0.9


def test_an_engine_exception_is_counted_with_its_seed(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str],
                                                       ) -> None:
    """A game whose rules raise is an error of the run, reported with its seed; the other
    games are played and the command exits 1."""
    settle = PieceMatch._settle

    def failing_settle(self: PieceMatch, pid: int, targets: list[int], card: int | None,
                       ) -> None:
        if card == 70:
            raise RuntimeError("a planted rules bug")
        settle(self, pid, targets, card)

    monkeypatch.setattr(PieceMatch, "_settle", failing_settle)
    stats = run_piece_sim(["random", "random"], 30, seed=5)
    assert 0 < stats["errors"] < 30 and stats["completed"] == 30 - stats["errors"]
    sample = stats["error_samples"][0]
    assert sample["error"] == "RuntimeError: a planted rules bug"
    assert sample["seed"] == 5 + sample["game"] and sample["where"]
    assert main(["sim", "--game", "pieces", "--games", "30", "--seed", "5", "--json"]) == 1
    printed: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert printed["errors"] == stats["errors"]


def test_sim_pieces_text_report() -> None:
    r = run("sim", "--game", "pieces", "--games", "3", "--players", "random,greedy",
            "--era", "classic")
    assert r.returncode == 0, r.stderr
    assert "greedy#2:" in r.stdout and "3 games, 0 errors" in r.stdout
    assert "games/s" in r.stdout


def test_two_word_players_work_for_the_card_sim_too() -> None:
    r = run("sim", "--games", "2", "--players", "greedy", "random", "--json")
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    assert stats["players"] == ["greedy#1", "random#2"] and "game" not in stats


def one_line_error(r: subprocess.CompletedProcess[str], text: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stderr[-500:])
    assert text in r.stderr, r.stderr[-500:]
    assert "Traceback" not in r.stderr + r.stdout and not r.stdout
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


@pytest.mark.parametrize(("args", "text"), [
    (["--game", "pieces", "--decks", "theme"], "--decks is for the card game"),
    (["--game", "pieces", "--deck1", "blazing_quake"], "--deck1 is for the card game"),
    (["--game", "pieces", "--deck2", "tidal_mind"], "--deck2 is for the card game"),
    (["--game", "pieces", "--era", "expedition"], "one rule set, --era classic"),
    (["--armies", "gold,silver"], "--armies is for --game pieces"),
    (["--era", "classic"], "--era classic is Legend Pieces'"),
    (["--game", "pieces", "--armies", "gold", "bronze"], "each one of gold, silver"),
    (["--game", "pieces", "--armies", "gold"], "expected two armies"),
    (["--game", "pieces", "--players", "greedy", "random", "random"],
     "expected two players"),
    (["--game", "chess"], "invalid choice: 'chess'"),
])
def test_a_wrong_combination_is_one_line_and_exit_2(args: list[str], text: str) -> None:
    one_line_error(run("sim", "--games", "1", *args), text)


def test_bench_eras_measures_legend_pieces_beside_the_eras() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_eras.py"), "--games", "4",
                        "--greedy-games", "2"], cwd=ROOT, text=True, capture_output=True,
                       timeout=300, env=ENV)
    assert r.returncode == 0, r.stderr[-1000:]
    report = json.loads(r.stdout)
    runs = report["pieces"]
    assert runs["random"]["completed"] == 4 and runs["greedy"]["completed"] == 2
    assert runs["greedy_vs_random"]["greedy_win_rate"] >= 0.5
    assert runs["random"]["median_turns"] > 0 and runs["greedy"]["median_decisions_per_game"] > 0
    assert set(runs["ratio_to_home"]) == {"random", "greedy", "greedy_vs_random"}
    assert report["errors"] == 0
