"""``python -m handheld collection export|import`` and ``decks export|import``: the
player's data through the command line, and one clear line for every refusal."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from firmware_sim.storage import DirStorage
from handheld.cards import load_deck
from handheld.save import open_saves

ROOT = Path(__file__).resolve().parents[1]


def run(data: Path, *args: str, stdin: str | None = None,
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HANDHELD_DATA": str(data), "SDL_VIDEODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "handheld", *args], cwd=cwd or ROOT,
                          text=True, capture_output=True, timeout=120, env=env,
                          input=stdin if stdin is not None else "")


def one_line_error(r: subprocess.CompletedProcess[str], code: int, text: str) -> None:
    assert r.returncode == code, (r.returncode, r.stderr[-500:])
    assert text in r.stderr, r.stderr[-500:]
    assert "Traceback" not in r.stderr + r.stdout
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """Saves with a profile "Ash" who owns a few cards and the deck "Blaze"."""
    folder = tmp_path / "data"
    opened = open_saves(DirStorage(folder))
    p = opened.saves.create_profile("Ash")
    opened.saves.add_cards(p.id, {"ecard1-98": 3, "ecard2-151": 1, "bw1-1": 2})
    opened.saves.save_deck(p.id, "Blaze", load_deck("blazing_quake"))
    opened.saves.close()
    return folder


def owned(data: Path, profile: str = "Ash") -> dict[str, int]:
    opened = open_saves(DirStorage(data))
    try:
        p = next(p for p in opened.saves.profiles() if p.name == profile)
        return opened.saves.owned_counts(p.id)
    finally:
        opened.saves.close()


def deck_cards(data: Path, name: str) -> list[str]:
    opened = open_saves(DirStorage(data))
    try:
        p = opened.saves.profiles()[0]
        return list(opened.saves.deck_named(p.id, name).cards)
    finally:
        opened.saves.close()


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_collection_export_then_import_elsewhere(data: Path, tmp_path: Path,
                                                 suffix: str) -> None:
    out = tmp_path / f"mine{suffix}"
    r = run(data, "collection", "export", str(out))
    assert r.returncode == 0, r.stderr
    assert "3 cards, 6 copies" in r.stderr
    fresh = tmp_path / "fresh"
    r = run(fresh, "collection", "import", str(out))
    assert r.returncode == 0, r.stderr
    # No profile yet: the import makes the game's first profile, as the game would.
    assert owned(fresh, "Player") == {"ecard1-98": 3, "ecard2-151": 1, "bw1-1": 2}


def test_collection_to_stdout_and_from_stdin(data: Path) -> None:
    r = run(data, "collection", "export", "-", "--format", "json")
    assert r.returncode == 0 and '"format": "pocket-tcg-collection"' in r.stdout
    csv_text = run(data, "collection", "export", "-").stdout
    assert csv_text.splitlines()[0] == "set,number,name,count"
    r = run(data, "collection", "import", "-", stdin="set,number,name,count\nEXP,98,,1\n")
    assert r.returncode == 0, r.stderr
    assert "added to the collection" in r.stdout
    assert owned(data)["ecard1-98"] == 4  # merged: added to the 3 owned


def test_collection_import_replace(data: Path) -> None:
    r = run(data, "collection", "import", "-", "--replace",
            stdin="set,number,name,count\nDRX,1,,2\n")
    assert r.returncode == 0, r.stderr
    assert owned(data) == {"bw6-1": 2}


def test_a_bad_row_imports_nothing_and_every_bad_line_is_named(data: Path,
                                                               tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("set,number,name,count\nEXP,97,,1\nXYZ,1,,1\nEXP,98,Pikachu,1\n",
                   encoding="utf-8")
    before = owned(data)
    r = run(data, "collection", "import", str(bad))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert "line 3: unknown set code 'XYZ'" in lines[0]
    assert "line 4: EXP 98 is Charmander, not 'Pikachu'" in lines[1]
    assert "nothing was imported: 2 of 3 rows are bad" in lines[2]
    assert owned(data) == before
    r = run(data, "collection", "import", str(bad), "--skip-bad")
    assert r.returncode == 0, r.stderr
    assert "2 bad rows skipped" in r.stdout and r.stderr.count("skipped:") == 2
    assert owned(data) == {**before, "ecard1-97": 1}


def test_deck_export_and_import_round_trip(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "blaze.txt"
    r = run(data, "decks", "export", "blaze", str(out))
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("Pokémon: 21\n2 Charmander EXP 98\n")
    r = run(data, "decks", "import", str(out), "--name", "Blaze again")
    assert r.returncode == 0, r.stderr
    assert Counter(deck_cards(data, "Blaze again")) == Counter(load_deck("blazing_quake"))
    shown = run(data, "decks", "export", "Blaze")
    assert shown.returncode == 0 and shown.stdout == text  # FILE defaults to stdout
    # The .deck export for the sheet printer is still there, unchanged.
    legacy = tmp_path / "blaze.deck"
    r = run(data, "decks", "--export", "Blaze", "--out", str(legacy))
    assert r.returncode == 0 and legacy.read_text().startswith("# Blaze\n2 ecard1-98")


def test_deck_import_names_the_deck_after_the_file(data: Path, tmp_path: Path) -> None:
    deck = tmp_path / "My Fire.txt"
    deck.write_text(run(data, "decks", "export", "Blaze").stdout, encoding="utf-8")
    r = run(data, "decks", "import", str(deck))
    assert r.returncode == 0 and "Saved 'My Fire' (60 cards, Expedition era)" in r.stdout
    one_line_error(run(data, "decks", "import", str(deck)), 2,
                   "there is already a deck called 'My Fire'; choose another --name")


def test_an_illegal_deck_is_saved_only_as_a_draft(data: Path) -> None:
    half = "Pokémon: 4\n4 Charmander EXP 98\n"
    r = run(data, "decks", "import", "-", "--name", "Half", stdin=half)
    assert r.returncode == 2
    assert "must have exactly 60" in r.stderr and "nothing was saved" in r.stderr
    assert "Half" not in run(data, "decks").stdout
    r = run(data, "decks", "import", "-", "--name", "Half", "--draft", stdin=half)
    assert r.returncode == 0 and "as a draft" in r.stdout
    # Ash owns 3 of the 4 Charmander: the import says what the collection lacks.
    assert "note: the collection lacks 1 card of this deck: 1 Charmander EXP 98" in r.stdout
    assert deck_cards(data, "Half") == ["ecard1-98"] * 4


def test_a_deck_list_with_bad_lines_saves_nothing(data: Path) -> None:
    r = run(data, "decks", "import", "-", "--name", "Bad",
            stdin="4 Charmander EXP 98\n4 Pikachu XYZ 1\n4 Charmeleon EXP 98\n")
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert "line 2: unknown set code 'XYZ'" in lines[0]
    assert "line 3: the card at that set and number is Charmander" in lines[1]
    assert "nothing was saved: 2 lines name no card" in lines[2]
    assert "Bad" not in run(data, "decks").stdout


def test_files_are_never_overwritten_without_force(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "mine.csv"
    out.write_text("the player's own file", encoding="utf-8")
    one_line_error(run(data, "collection", "export", str(out)), 2,
                   "already exists; add --force to replace it")
    assert out.read_text(encoding="utf-8") == "the player's own file"
    r = run(data, "collection", "export", str(out), "--force")
    assert r.returncode == 0 and out.read_text().startswith("set,number,name,count")
    deck = tmp_path / "d.txt"
    deck.write_text("keep", encoding="utf-8")
    one_line_error(run(data, "decks", "export", "Blaze", str(deck)), 2, "already exists")
    assert deck.read_text() == "keep"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".partial")] == []


@pytest.mark.parametrize(("args", "code", "text"), [
    (["collection", "import", "/dev/zero", "--format", "csv"], 2, "not a regular file"),
    (["collection", "import", "missing.csv"], 2, "cannot open 'missing.csv'"),
    (["collection", "import", "."], 2, "cannot tell the format"),
    (["collection", "import", ".", "--format", "json"], 2, "not a regular file"),
    (["collection", "export", "/no/such/folder/c.csv"], 2, "does not exist"),
    (["collection", "export", "c.txt"], 2, "cannot tell the format"),
    (["collection", "export", "c.csv", "--profile", "Gary"], 2, "no profile called 'Gary'"),
    (["collection", "import", "-", "--format", "xml"], 2, "invalid choice"),
    (["decks", "export", "Nope"], 2, "has no deck called 'Nope' (decks: Blaze)"),
    (["decks", "import", "n" * 300 + ".txt"], 2, "File name too long"),
    (["collection"], 2, "required"),
    (["decks", "--export", "Blaze", "export", "Blaze"], 2, "goes without them"),
])
def test_bad_arguments_are_one_line(data: Path, tmp_path: Path, args: list[str], code: int,
                                    text: str) -> None:
    one_line_error(run(data, *args, cwd=tmp_path), code, text)


@pytest.mark.parametrize(("content", "text"), [
    (b"\xff\xfe junk", "is not UTF-8 text"),
    (b"set,number,name,count\n" + b"EXP,1,,1\n" * 300_000, "bytes; a collection file is at"),
    (b"{}", "the header must name the columns"),
])
def test_hostile_collection_files_are_one_line(data: Path, tmp_path: Path, content: bytes,
                                               text: str) -> None:
    bad = tmp_path / "hostile.csv"
    bad.write_bytes(content)
    before = owned(data)
    one_line_error(run(data, "collection", "import", str(bad)), 2, text)
    assert owned(data) == before


def test_a_fifo_is_not_waited_on(data: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    one_line_error(run(data, "decks", "import", str(fifo)), 2, "not a regular file")


def test_export_with_no_profile_is_an_error(tmp_path: Path) -> None:
    one_line_error(run(tmp_path / "empty", "collection", "export", "-"), 1, "no profiles yet")
