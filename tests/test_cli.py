"""The command line: sim JSON, coverage, the demo, and clear errors for bad arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


DATA = tempfile.mkdtemp(prefix="handheld-cli-test-")  # never the player's real saves


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HANDHELD_DATA": DATA, "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "handheld", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=120, env=env)


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
    assert r.returncode == 2 and "must be at least 1" in r.stderr
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
    r = run("cards", "--coverage", "--json")
    data = json.loads(r.stdout)
    assert data["total"] == 165
    assert data["implemented"] == 165
    assert data["missing"] == []


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
