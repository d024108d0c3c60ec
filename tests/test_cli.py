"""The command line: sim JSON, coverage, the demo, and clear errors for bad arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


DATA = tempfile.mkdtemp(prefix="handheld-cli-test-")  # never the player's real saves
ENV = {**os.environ, "HANDHELD_DATA": DATA, "SDL_VIDEODRIVER": "dummy",
       "SDL_AUDIODRIVER": "dummy", "HANDHELD_BOARD": "headless"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "handheld", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=120, env=ENV)


def test_sim_prints_json_statistics() -> None:
    r = run("sim", "--games", "6", "--seed", "11", "--players", "greedy,random", "--json")
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    assert stats["games"] == 6 and stats["completed"] == 6 and stats["errors"] == 0
    assert sum(stats["wins"].values()) == 6
    assert set(stats["wins"]) == {"greedy#1", "random#2"}
    assert stats["decisions"] > 0 and stats["decisions_per_second"] > 0
    assert stats["median_us_per_decision"] > 0


def test_sim_is_reproducible() -> None:
    a = json.loads(run("sim", "--games", "3", "--seed", "4", "--json").stdout)
    b = json.loads(run("sim", "--games", "3", "--seed", "4", "--json").stdout)
    for key in ("wins", "turns", "decisions", "results"):
        assert a[key] == b[key]


def test_bad_arguments_get_clear_errors() -> None:
    r = run("sim", "--games", "0")
    assert r.returncode == 2 and "games must be from 1 to" in r.stderr
    r = run("sim", "--players", "random,wizard")
    assert r.returncode == 2 and "each one of random, greedy" in r.stderr
    r = run("sim", "--deck1", "nonexistent")
    assert r.returncode == 2 and "no ready-made deck 'nonexistent'" in r.stderr
    r = run("sim", "--decks", "everything")
    assert r.returncode == 2 and "neither a deck set" in r.stderr
    r = run("cards", "--page", "ecard1-999")
    assert r.returncode == 2 and "unknown card id 'ecard1-999'" in r.stderr
    r = run("cards", "--album", "--set", "base9")
    assert r.returncode == 2 and "no set 'base9'" in r.stderr
    r = run("teleport")
    assert r.returncode == 2 and "invalid choice" in r.stderr


def test_coverage_reports_implemented_cards() -> None:
    r = run("cards", "--coverage", "--set", "expedition", "--json")
    data = json.loads(r.stdout)
    assert data["total"] == 165
    assert data["implemented"] == 165
    assert data["missing"] == []


def test_coverage_reports_every_set_of_the_playable_eras() -> None:
    rows = {row["set"]: row for row in json.loads(run("cards", "--coverage", "--json").stdout)}
    assert {"expedition", "platinum", "rising_rivals"} <= set(rows)
    assert rows["platinum"]["era"] == "platinum" and rows["platinum"]["total"] == 133
    assert rows["rising_rivals"]["total"] == 120
    for played in ("expedition", "platinum", "rising_rivals"):
        assert rows[played]["implemented"] == rows[played]["total"], rows[played]["missing"]
    text = run("cards", "--coverage").stdout
    assert "platinum    platinum       133/133 cards implemented" in text


def test_demo_prints_a_whole_match() -> None:
    r = run("demo", "--seed", "7")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Pocket TCG demo")
    assert any(line.startswith("--- Turn 1:") for line in lines)
    assert any(line.startswith("*** P") and "wins" in line for line in lines)
    assert r.stdout == run("demo", "--seed", "7").stdout


def test_sim_league_plays_every_pairing_of_a_deck_set() -> None:
    r = run("sim", "--decks", "expedition", "--games", "72", "--json")
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    assert stats["errors"] == 0 and stats["completed"] == 72
    assert len(stats["decks"]) == 9
    # 72 games = each of the 72 ordered pairs once: every deck plays 16 games.
    rates = stats["deck_win_rate"]
    assert set(rates) == set(stats["decks"])
    assert abs(sum(rates.values()) * 16 - 72) < 0.01


def test_album_lists_every_card() -> None:
    r = run("cards", "--album")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 166 and lines[-1].startswith("165 cards")
    assert "ecard1-33" in lines[32] and "Alakazam" in lines[32]


def test_card_page_png_is_240x160(tmp_path: Path) -> None:
    out = tmp_path / "alakazam.png"
    r = run("cards", "--page", "ecard1-33", "--png", str(out))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == str(out)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (240, 160)


def test_play_keeps_history_and_survives_a_damaged_save_file(tmp_path: Path) -> None:
    env = {**os.environ, "HANDHELD_DATA": str(tmp_path)}

    def play() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "handheld", "demo", "--seed", "3"],
                              cwd=ROOT, text=True, capture_output=True, timeout=120, env=env)

    r = play()
    assert r.returncode == 0, r.stderr
    assert "Saved to the match history (1 played" in r.stderr
    assert "(2 played" in play().stderr
    save = tmp_path / "saves.sqlite3"
    for f in tmp_path.iterdir():
        f.unlink()
    save.write_bytes(b"not a database, but the player's file all the same")
    r = play()
    assert r.returncode == 0
    assert "is not a save file" in r.stderr and "left exactly as it was" in r.stderr
    assert "memory only, not kept" in r.stderr
    assert save.read_bytes() == b"not a database, but the player's file all the same"


def test_a_saved_deck_is_exported_for_the_sheet_printer(tmp_path: Path) -> None:
    from firmware_sim.storage import DirStorage
    from handheld.save import open_saves
    from scanner.sheet import read_deck

    data = tmp_path / "data"
    opened = open_saves(DirStorage(data))
    profile = opened.saves.create_profile("Ash")
    opened.saves.save_deck(profile.id, "Psychic Line", ["ecard1-93"] * 4 + ["ecard1-84"] * 2)
    opened.saves.close()
    listed = run("decks", "--data-dir", str(data))
    assert listed.returncode == 0, listed.stderr
    assert "Psychic Line: 6 cards" in listed.stdout
    out = tmp_path / "psychic.deck"
    r = run("decks", "--data-dir", str(data), "--export", "psychic line", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert read_deck(str(out)) == ("Psychic Line", [("ecard1-93", 4), ("ecard1-84", 2)])
    again = run("decks", "--data-dir", str(data), "--export", "Psychic Line", "--out", str(out))
    assert again.returncode == 2 and "already exists" in again.stderr  # never overwritten
    missing = run("decks", "--data-dir", str(data), "--export", "Nope", "--out",
                  str(tmp_path / "nope.deck"))
    assert missing.returncode == 2 and "no deck called 'Nope'" in missing.stderr
    assert "Psychic Line" in missing.stderr
    half = run("decks", "--data-dir", str(data), "--export", "Psychic Line")
    assert half.returncode == 2 and "go together" in half.stderr


def test_sim_alternate_gives_each_player_each_deck_equally() -> None:
    from handheld.cards import default_pool, load_deck
    from handheld.sim import run_sim

    pool = default_pool()
    decks = [load_deck("blazing_quake"), load_deck("tidal_mind")]
    stats = run_sim(pool, decks, ["greedy", "random"], 8, seed=3, alternate=True,
                    deck_names=["blazing_quake", "tidal_mind"])
    assert stats["games_by_player_and_deck"] == {
        "greedy#1": {"blazing_quake": 4, "tidal_mind": 4},
        "random#2": {"blazing_quake": 4, "tidal_mind": 4}}
    fixed = run_sim(pool, decks, ["greedy", "random"], 4, seed=3,
                    deck_names=["blazing_quake", "tidal_mind"])
    assert fixed["games_by_player_and_deck"]["greedy#1"] == {"blazing_quake": 4,
                                                             "tidal_mind": 0}


def one_line_error(r: subprocess.CompletedProcess[str], code: int, text: str) -> None:
    """A command-line refusal: the exit code, the message, and no traceback."""
    assert r.returncode == code, (r.returncode, r.stderr[-500:])
    assert text in r.stderr, r.stderr[-500:]
    assert "Traceback" not in r.stderr + r.stdout
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


@pytest.mark.parametrize(("args", "text"), [
    (["--headless", "--frames", "2", "--screenshot", "/no/such/folder/x.png"],
     "the folder of '/no/such/folder/x.png' does not exist"),
    (["--headless", "--frames", "2", "--screenshot", "shot.txt"], "must end in .png"),
    (["--headless", "--frames", "2", "--screenshot", "."], "must end in .png"),
    (["--headless", "--frames", "-3"], "frames must be from 1 to"),
    (["--headless", "--frames", "9" * 5000], "frames must be a whole number"),
    (["--seed", "1e9"], "seed must be a whole number"),
    (["demo", "--delay", "-1"], "delay must be a number from 0 to 10"),
    (["demo", "--delay", "nan"], "delay must be a number from 0 to 10"),
    (["demo", "--delay", "inf"], "delay must be a number from 0 to 10"),
    (["cards", "--page", "ecard1-1", "--scale", "1000"], "scale must be from 1 to 8"),
    (["cards", "--page", "ecard1-1", "--png", "/no/such/folder/c.png"], "does not exist"),
    (["sim", "--games", "9" * 30], "games must be a whole number"),
    (["--headless", "--frames", "2", "--screenshot", "n" * 300 + ".png"], "cannot be used"),
])
def test_item_8_bad_values_are_usage_errors(args: list[str], text: str) -> None:
    one_line_error(run(*args), 2, text)


def test_window_screenshot_on_a_headless_board_is_refused(tmp_path) -> None:
    r = run("--headless", "--frames", "2", "--window-screenshot", str(tmp_path / "w.png"))
    one_line_error(r, 2, "--window-screenshot needs a window")
    assert not (tmp_path / "w.png").exists()


@pytest.mark.parametrize("content", [b"\xff\xfe\x00junk", b"99999999999999 ecard1-1\n",
                                     b"4\n", b"4 " + b"x" * 100 + b"\n"])
def test_bad_deck_files_in_demo_and_sim(tmp_path, content: bytes) -> None:
    deck = tmp_path / "bad.deck"
    deck.write_bytes(content)
    for cmd in (["demo", "--deck1", str(deck)], ["sim", "--games", "1", "--deck2", str(deck)]):
        one_line_error(run(*cmd), 2, "bad.deck")


def test_a_fifo_as_a_deck_file_does_not_hang(tmp_path) -> None:
    fifo = tmp_path / "pipe.deck"
    os.mkfifo(fifo)
    one_line_error(run("sim", "--games", "1", "--deck1", str(fifo)), 2, "not a regular file")


def test_demo_flag_without_a_display_shows_the_log(tmp_path) -> None:
    r = run("--demo", "--board", "headless", "--data-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "No display here" in r.stderr and "Turn 1" in r.stdout


def test_exporting_with_no_profile_is_an_error(tmp_path) -> None:
    r = run("decks", "--data-dir", str(tmp_path / "d"), "--export", "Mine", "--out",
            str(tmp_path / "mine.deck"))
    one_line_error(r, 1, "no profiles yet")
    assert not (tmp_path / "mine.deck").exists()


@pytest.mark.parametrize(("tool", "args", "text"), [
    ("soak_ui.py", ["--visit", "0"], "frames per scene must be from 1"),
    ("soak_ui.py", ["--frames", "-1"], "frames must be"),
    ("torture_saves.py", ["--dir", "README.md"], "exists and is not a folder"),
    ("torture_saves.py", ["--kills", "0"], "kills must be from 1"),
    ("bench_ui.py", ["--launches", "1e99"], "launches must be a whole number"),
    ("bench_assets.py", ["--repeats", "-2"], "repeats must be"),
])
def test_tools_refuse_bad_values(tool: str, args: list[str], text: str) -> None:
    r = subprocess.run([sys.executable, str(ROOT / "tools" / tool), *args], cwd=ROOT,
                       capture_output=True, text=True, timeout=120, env=ENV)
    one_line_error(r, 2, text)


def test_a_damaged_install_is_one_line(tmp_path) -> None:
    import shutil

    assets = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", assets)
    (assets / "cards" / "ecard1.json").write_text("{broken", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "handheld", "sim", "--games", "1"], cwd=ROOT,
                       text=True, capture_output=True, timeout=120,
                       env={**ENV, "HANDHELD_ASSETS": str(assets)})
    one_line_error(r, 1, "ecard1.json: corrupt JSON")


@pytest.mark.parametrize("flag", ["--deck-dir", "--data-dir"])
def test_the_engine_refuses_folder_names_the_file_system_cannot_take(flag: str) -> None:
    r = subprocess.run([sys.executable, "-m", "handheld.engine", flag, "n" * 300], cwd=ROOT,
                       text=True, capture_output=True, timeout=60, env=ENV, input="")
    one_line_error(r, 2, "File name too long")
