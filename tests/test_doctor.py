"""The deck doctor (``python -m handheld doctor DECK``): one deck against a gauntlet, seats
alternating; per opponent and overall the numbers add up, the interval holds the rate, the
Prizes and turns are the games' own; the PNG chart decodes at its size and shows the bars;
a bad deck or argument is one line and exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from handheld.cards import default_pool, load_deck
from handheld.doctor import END_REASONS, Gauntlet, end_reason, run_doctor, wilson_interval
from handheld.sim import Tally, play_games

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "HANDHELD_DATA": tempfile.mkdtemp(prefix="handheld-doctor-test-"),
       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HANDHELD_BOARD": "headless",
       "PYTHONPATH": str(ROOT)}


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "handheld", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=300, env=ENV, stdin=subprocess.DEVNULL)


def gauntlet(games: int = 6, opponents: tuple[str, ...] = ("tidal_mind", "dark_steel"),
             seed: int = 4) -> Gauntlet:
    return Gauntlet(("blazing_quake", tuple(load_deck("blazing_quake"))),
                    tuple((n, tuple(load_deck(n))) for n in opponents), "expedition",
                    "greedy", games, seed)


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (5, 10, 0.2366, 0.7634),  # the textbook case
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
])
def test_the_wilson_interval(wins: int, games: int, low: float, high: float) -> None:
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("result", "reason"), [
    ("prizes", "prizes"), ("no_pokemon", "bench_out"), ("prizes+no_pokemon", "prizes"),
    ("deck_out", "deck_out"), ("time", "time"), ("lost_world", "card_effect")])
def test_how_a_game_ended(result: str, reason: str) -> None:
    assert end_reason(result) == reason


def test_the_report_adds_up_and_comes_from_the_games() -> None:
    pool = default_pool()
    g = gauntlet()
    report = run_doctor(g, pool=pool)
    assert [r["opponent"] for r in report["opponents"]] == ["tidal_mind", "dark_steel"]
    for spec, row in zip(g.specs(), report["opponents"], strict=True):
        assert row["games"] == row["completed"] == 6 and row["errors"] == 0
        assert row["wins"] + row["losses"] + row["ties"] == row["games"]
        assert sum(row["ended_by"].values()) == row["games"]
        low, high = row["ci95"]
        assert low <= row["win_rate"] <= high and 0 < high - low < 1
        # The averages are the tally's of the same games, played again apart.
        tally = play_games(spec, range(6), pool=pool)
        assert row["wins"] == tally.side_wins["blazing_quake"]
        assert row["turns"] == pytest.approx(sum(t * n for t, n in tally.turns.items()) / 6,
                                             abs=1e-3)
        assert row["prizes_taken"]["deck"] == pytest.approx(
            tally.side_prizes["blazing_quake"] / 6, abs=1e-3)
        assert row["prizes_taken"]["opponent"] == pytest.approx(
            tally.side_prizes[row["opponent"]] / 6, abs=1e-3)
        # Seats alternate: player 1 (seat 1) had our deck in half the games.
        assert tally.player_sides["greedy#1\tblazing_quake"] == 3
    overall = report["overall"]
    assert overall["games"] == 12
    assert overall["wins"] == sum(r["wins"] for r in report["opponents"])
    assert overall["wins"] + overall["losses"] + overall["ties"] == 12
    assert overall["ci95"][0] <= overall["win_rate"] <= overall["ci95"][1]
    assert sum(overall["ended_by"].values()) == 12
    assert set(overall["ended_by"]) == set(END_REASONS)


def test_prizes_are_counted_for_the_side_that_took_them() -> None:
    """A game won by taking the last Prize: the winner took all of theirs, the loser fewer."""
    pool = default_pool()
    spec = gauntlet(games=40).specs()[0]
    for i in range(40):
        tally = play_games(spec, range(i, i + 1), pool=pool)
        if list(tally.results) == ["prizes"] and not tally.sudden_deaths:
            winner = next(iter(tally.side_wins))
            loser = next(s for s in spec.sides if s != winner)
            assert tally.side_prizes[winner] == 6, (i, tally.side_prizes)
            assert tally.side_prizes[loser] < 6
            break
    else:
        pytest.fail("no game of 40 was won by Prizes")


def test_a_tally_with_prizes_survives_json() -> None:
    tally = play_games(gauntlet().specs()[0], range(4), pool=default_pool())
    assert sum(tally.side_prizes.values()) > 0
    assert Tally.from_json(json.loads(json.dumps(tally.to_json()))) == tally


def test_a_mirror_match_is_labelled_apart() -> None:
    report = run_doctor(gauntlet(games=2, opponents=("blazing_quake",)), pool=default_pool())
    row = report["opponents"][0]
    assert row["opponent"] == "blazing_quake (mirror)"
    assert row["wins"] + row["losses"] == 2


def test_the_doctor_command_prints_json_and_draws_the_chart(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from handheld.ui.charts import REASON_COLORS, WIN_BAR, doctor_chart_size

    deck = tmp_path / "mine.deck"
    deck.write_text((ROOT / "assets" / "decks" / "blazing_quake.deck").read_text())
    r = run("doctor", str(deck), "--gauntlet", "tidal_mind,dark_steel", "--games", "4",
            "--jobs", "2", "--json", "--progress", "--png", "chart.png", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["deck"] == "mine" and report["overall"]["games"] == 8
    assert report["run"] == {"jobs": 2}
    assert "8/8 games" in r.stderr  # one progress bar over every opponent's games
    # The same figures as in this process, one job (the results do not hang on --jobs).
    alone = run_doctor(Gauntlet(("mine", tuple(load_deck(str(deck)))),
                                tuple((n, tuple(load_deck(n))) for n in
                                      ("tidal_mind", "dark_steel")),
                                "expedition", "greedy", 4, 0), pool=default_pool())
    assert report["opponents"] == alone["opponents"]
    png = tmp_path / "chart.png"
    image = pygame.image.load(str(png))
    assert image.get_size() == doctor_chart_size(2)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, image.get_width(), 2)
               for y in range(0, image.get_height(), 2)}
    assert WIN_BAR in colours  # the win-rate bars
    assert any(REASON_COLORS[r] in colours for r in END_REASONS)  # the ending bars
    assert len(colours) >= 6


def test_the_doctor_table(tmp_path: Path) -> None:
    r = run("doctor", "blazing_quake", "--gauntlet", "tidal_mind", "--games", "2")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Deck doctor: blazing_quake against 1 decks")
    assert any(line.startswith("tidal_mind") for line in lines)
    assert any(line.startswith("overall") for line in lines)


def one_line_error(r: subprocess.CompletedProcess[str], text: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stderr[-500:])
    assert text in r.stderr, r.stderr[-500:]
    assert "Traceback" not in r.stderr + r.stdout
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def _bad_files(where: Path) -> dict[str, Path]:
    files = {"huge": where / "huge.deck", "binary": where / "binary.deck",
             "garbage": where / "garbage.deck", "unknown": where / "unknown.deck",
             "folder": where / "folder.deck"}
    files["huge"].write_text("1 ecard1-1\n" * 10_000)
    files["binary"].write_bytes(b"\xff\xfe\x00\x01" * 8)
    files["garbage"].write_text("this is not a deck list\n")
    files["unknown"].write_text("60 nowhere-1\n")
    files["folder"].mkdir()
    return files


@pytest.mark.parametrize(("args", "text"), [
    (["no_such_deck"], "no ready-made deck 'no_such_deck'"),
    (["{huge}"], "a deck file is at most"),
    (["{binary}"], "is not UTF-8 text"),
    (["{garbage}"], "expected 'COUNT CARD-ID [name]'"),
    (["{unknown}"], "unknown card id 'nowhere-1'"),
    (["{folder}"], "is not a regular file"),
    (["missing.deck"], "cannot open deck file"),
    (["blazing_quake", "--gauntlet", "tidal_mind,{garbage}"], "--gauntlet:"),
    (["blazing_quake", "--gauntlet", "nobody"], "--gauntlet: no ready-made deck 'nobody'"),
    (["blazing_quake", "--gauntlet", "tidal_mind,tidal_mind"], "names a deck twice"),
    (["blazing_quake", "--games", "0"], "games must be from 1"),
    (["blazing_quake", "--games", "lots"], "games must be a whole number"),
    (["blazing_quake", "--players", "oracle"], "expected one of random, greedy"),
    (["blazing_quake", "--era", "platinum"], "not legal in the platinum era"),
    (["blazing_quake", "--png", "chart.gif"], "must end in .png"),
])
def test_bad_decks_and_arguments_are_refused_in_one_line(args: list[str], text: str,
                                                         tmp_path: Path) -> None:
    files: dict[str, Any] = _bad_files(tmp_path)
    args = [a.format(**files) for a in args]
    one_line_error(run("doctor", *args, cwd=tmp_path), text)
