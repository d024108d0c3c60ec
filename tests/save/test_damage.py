"""Damaged saves (issue 11, item 5): one "damaged save" path for every read, the file left
byte for byte as it was, the game playable on what could be read, start fresh after a
backup; a stranger's database never written; rows checked as they are read."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from firmware_sim.storage import DirStorage
from handheld.save import (
    SAVE_FILE,
    SCHEMA_VERSION,
    DamagedSave,
    InvalidInput,
    Saves,
    decode_exact,
    encode_exact,
    inspect,
    open_saves,
    start_fresh,
)
from handheld.save.codec import decode_json
from handheld.save.schema import APPLICATION_ID, migrate
from tools.fuzzing.saves import make_save_file, read_everything, walk_every_screen

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(scope="module")
def original(tmp_path_factory) -> Path:
    """A real save file: two-ish profiles, cards, decks, settings, a suspended match."""
    path = tmp_path_factory.mktemp("original") / SAVE_FILE
    make_save_file(path, 11)
    return path


def top_scene(h: Any) -> Any:
    """The scene on top, as the tests poke at it (a menu, a message box)."""
    return h.scenes.top


def files(directory: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(directory.iterdir())}


def copy_of(original: Path, tmp_path: Path) -> Path:
    directory = tmp_path / "data"
    directory.mkdir()
    shutil.copyfile(original, directory / SAVE_FILE)
    return directory / SAVE_FILE


def open_and_read(directory: Path):
    """Open as the game does and make every read its screens make."""
    opened = open_saves(DirStorage(directory))
    reported = read_everything(opened)
    return opened, reported


def damaged_copy(original: Path, directory: Path, rng: random.Random, kind: str) -> bytes:
    data = bytearray(original.read_bytes())
    if kind == "flip":
        pos = rng.randrange(len(data))
        data[pos] ^= 1 << rng.randrange(8)
    else:
        data = data[:len(data) - rng.randrange(1, len(data))]
    (directory / SAVE_FILE).write_bytes(bytes(data))
    return bytes(data)


@pytest.mark.parametrize("kind", ["flip", "truncate"])
def test_bit_flips_and_truncations_never_crash_a_read_nor_change_a_damaged_file(
        original, tmp_path, kind) -> None:
    rng = random.Random(kind)
    taken_as_sound = 0
    for i in range(60 if kind == "flip" else 25):
        directory = tmp_path / f"{kind}{i}"
        directory.mkdir()
        damaged_copy(original, directory, rng, kind)
        before = files(directory)
        opened, _ = open_and_read(directory)  # must not raise
        opened.saves.close()
        if opened.problem is None:
            taken_as_sound += 1  # a flip in free space, or in a value that stays valid
            assert inspect(directory / SAVE_FILE).problem is None
        else:
            assert files(directory) == before, (i, opened.problem)
    if kind == "truncate":
        assert taken_as_sound == 0  # a file cut short is always found out


def test_a_file_one_byte_short_is_damaged_and_left_untouched(original, tmp_path) -> None:
    path = copy_of(original, tmp_path)
    path.write_bytes(original.read_bytes()[:-1])
    before = files(path.parent)
    opened, _ = open_and_read(path.parent)
    assert opened.problem_kind == "corrupt" and opened.can_start_fresh
    opened.saves.close()
    assert files(path.parent) == before


def _schema_text_offset(data: bytes | bytearray) -> int:
    return data.index(b"CREATE TABLE profiles") + len("CREATE TABLE ")


def test_a_flipped_bit_in_the_schema_text_is_a_damaged_save_not_a_unicode_error(
        original, tmp_path) -> None:
    path = copy_of(original, tmp_path)
    data = bytearray(original.read_bytes())
    for bit in (0x80, 0x40):  # not UTF-8; then a plain letter changed
        data = bytearray(original.read_bytes())
        data[_schema_text_offset(data)] ^= bit
        path.write_bytes(bytes(data))
        before = files(path.parent)
        opened, _ = open_and_read(path.parent)
        assert opened.problem_kind == "corrupt", bit
        opened.saves.close()
        assert files(path.parent) == before


@pytest.mark.parametrize("version", [1, 2, 3, 4])
@pytest.mark.parametrize("journal", ["delete", "wal"])
def test_a_strangers_database_with_application_id_0_is_never_written(
        tmp_path, version, journal) -> None:
    directory = tmp_path / "data"
    directory.mkdir()
    conn = sqlite3.connect(directory / SAVE_FILE)
    conn.execute(f"PRAGMA journal_mode = {journal}")
    # Named like ours, laid out otherwise: only the exact layout counts.
    conn.execute("CREATE TABLE profiles (id INTEGER PRIMARY KEY, nickname TEXT)")
    conn.execute("INSERT INTO profiles (nickname) VALUES ('theirs')")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()
    before = files(directory)
    opened, _ = open_and_read(directory)
    assert opened.problem_kind == "corrupt"
    assert "not this game's save file" in opened.problem and "profiles" in opened.problem
    assert opened.saves.profiles()[0].name == "Player"  # empty temporary saves: none of theirs
    opened.saves.close()
    assert files(directory) == before  # not switched to WAL, not migrated, no log made


def test_an_old_file_of_ours_without_the_application_id_opens_after_a_backup(tmp_path):
    """Our own layout at version 2 with id 0 is recognised by its exact tables; the copy
    kept before the migration still holds version 2."""
    directory = tmp_path / "data"
    directory.mkdir()
    path = directory / SAVE_FILE
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, 2)
    conn.execute("PRAGMA application_id = 0")
    conn.execute("INSERT INTO profiles (name, created) VALUES ('Ash', 1.0)")
    conn.close()
    opened = open_saves(DirStorage(directory))
    assert opened.problem is None
    assert [p.name for p in opened.saves.profiles()] == ["Ash"]
    assert opened.saves.schema_version == SCHEMA_VERSION
    opened.saves.close()
    backup = directory / f"{SAVE_FILE}.v2-backup"
    check = sqlite3.connect(backup)
    assert check.execute("PRAGMA user_version").fetchone()[0] == 2
    check.close()


def _set_raw(path: Path, sql: str, *params: object) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA ignore_check_constraints = ON")
    conn.execute(sql.replace("UPDATE ", "UPDATE OR IGNORE ", 1), params)  # keys stay unique
    conn.close()


def test_wrong_typed_settings_are_reported_and_defaulted_at_start_up(original, tmp_path):
    from handheld.ui.app import Handheld

    path = copy_of(original, tmp_path)
    _set_raw(path, "UPDATE settings SET value = ? WHERE key = 'settings'",
             '{"text_speed": ["fast"], "key_map": {"up": "A"}, "volume": 3}')
    h = Handheld(headless=True, data_dir=path.parent, seed=1, sound=False)
    try:
        assert (h.settings.text_speed, h.settings.key_map, h.settings.volume) == \
            ("normal", "arrows", 3)
        notice = " ".join(h.notices)
        assert "text_speed" in notice and "key_map" in notice and "volume" not in notice
        h.press("START")
        while h.describe()["scene"] == "NoticeScene":
            h.press("A")
        assert h.describe()["scene"] == "MainMenuScene"
    finally:
        h.close()


def test_a_tally_that_is_not_json_costs_only_itself(original, tmp_path) -> None:
    path = copy_of(original, tmp_path)
    _set_raw(path, "UPDATE coin_tally SET data = '{heads: 3'")
    healthy = Saves.open(original)
    pid = healthy.profiles()[0].id
    cards, decks = healthy.owned_counts(pid), healthy.decks(pid)
    healthy.close()
    before = files(path.parent)
    opened, _ = open_and_read(path.parent)
    assert opened.problem_kind == "corrupt" and "the tally is not valid JSON" in opened.problem
    assert opened.saves.coin_tally(pid) is None  # the damaged row is gone...
    assert opened.saves.owned_counts(pid) == cards  # ...and everything else is kept
    assert opened.saves.decks(pid) == decks
    opened.saves.close()
    assert files(path.parent) == before


@pytest.mark.parametrize(("table", "column", "value", "phrase"), [
    ("collection", "count", "three", "count is not a whole number"),
    ("collection", "card_id", "../../x", "is not a card id"),
    ("decks", "name", "", "name is empty"),
    ("profiles", "created", "now", "not a time"),
    ("suspended_match", "position", "[1, 2]", "position is not a JSON object"),
    ("suspended_match", "rng_state", '{"t": [{"x": 1}]}', "tagged 'x'"),
    ("suspended_game", "replay", "[1, 2]", "replay is not a JSON object"),
    ("match_history", "game", "", "is not a game key"),
    ("settings", "value", '{"volume": NaN}', "not valid JSON"),
    ("timer_presets", "seconds", 0, "the length is 0"),
])
def test_each_damaged_row_is_named_and_left_out(original, tmp_path, table, column, value,
                                                phrase) -> None:
    path = copy_of(original, tmp_path)
    _set_raw(path, f"UPDATE {table} SET {column} = ?", value)
    opened, _ = open_and_read(path.parent)
    assert opened.problem_kind == "corrupt"
    assert any(phrase in f and f.startswith(table) for f in opened.findings), opened.findings
    opened.saves.close()


def test_reads_of_open_saves_check_rows_and_turn_database_errors_into_damaged_save(
        tmp_path) -> None:
    """Damage that appears while the game runs (after the boot check): a bad row costs
    itself (noted in ``problems``), a database error is DamagedSave."""
    saves = Saves.open(tmp_path / SAVE_FILE)
    pid = saves.create_profile("Ash").id
    saves.add_cards(pid, {"ecard1-1": 1, "ecard1-2": 2})
    saves.set_setting(pid, "metric", True)
    conn = saves._connection()
    conn.execute("UPDATE collection SET count = 'x' WHERE card_id = 'ecard1-1'")
    conn.execute("UPDATE settings SET value = '[[' WHERE key = 'metric'")
    assert saves.owned_counts(pid) == {"ecard1-2": 2}
    assert saves.setting(pid, "metric", "default") == "default"
    assert any("collection" in p for p in saves.problems)
    assert any("metric" in p for p in saves.problems)
    with pytest.raises(DamagedSave):
        saves.remove_cards(pid, {"ecard1-1": 1})  # never builds on a damaged count
    saves.suspend_match(pid, {"a": 1}, {"b": 2}, (1, 2))
    conn.execute("UPDATE suspended_match SET replay = 'nope'")
    assert saves.has_suspended(pid)
    with pytest.raises(DamagedSave, match="suspended match"):
        saves.suspended_match(pid)
    saves.suspend_game(pid, "pieces", {"a": 1}, {"b": 2})
    conn.execute("UPDATE suspended_game SET position = '[['")
    assert saves.has_suspended_game(pid, "pieces")
    with pytest.raises(DamagedSave, match="suspended pieces game"):
        saves.suspended_game(pid, "pieces")
    conn.execute("DROP TABLE scan_log")  # what a damaged page looks like to a query
    with pytest.raises(DamagedSave):
        saves.scans(pid)
    saves.close()


def test_start_fresh_keeps_the_damaged_file_and_carries_over_what_was_read(
        original, tmp_path) -> None:
    path = copy_of(original, tmp_path)
    _set_raw(path, "UPDATE coin_tally SET data = 'x'")
    damaged_bytes = path.read_bytes()
    opened = open_saves(DirStorage(path.parent))
    pid = opened.saves.profiles()[0].id
    cards = opened.saves.owned_counts(pid)
    saves, kept = start_fresh(opened)
    assert kept == path.parent / f"{SAVE_FILE}.damaged"
    assert kept.read_bytes() == damaged_bytes  # kept byte for byte
    assert saves.path == path and saves.owned_counts(pid) == cards
    saves.close()
    assert inspect(path).problem is None
    # A second damaged file is kept under a new name: never over the first copy.
    path.write_bytes(b"garbage" * 100)
    again = open_saves(DirStorage(path.parent))
    saves, kept2 = start_fresh(again)
    saves.close()
    assert kept2 == path.parent / f"{SAVE_FILE}.damaged-2"
    assert kept.read_bytes() == damaged_bytes


def test_the_title_offers_start_fresh_and_continue_offers_to_put_a_match_aside(
        original, tmp_path) -> None:
    """Buttons only: START, the notice, "Start fresh"; then a suspended match that the
    engine refuses: Continue reports it and puts it aside after a backup."""
    from handheld.ui.app import Handheld

    path = copy_of(original, tmp_path)
    _set_raw(path, "UPDATE match_history SET turns = 'many'")
    damaged_bytes = path.read_bytes()
    h = Handheld(headless=True, data_dir=path.parent, seed=1, sound=False)
    try:
        h.settings.text_speed = "instant"
        h.press("START")
        assert h.describe()["scene"] == "NoticeScene"
        while h.describe()["scene"] == "NoticeScene":
            h.press("A")
        top = top_scene(h)
        assert top.name == "ConfirmScene" and top.menu.selected.label == "Not now"
        assert path.read_bytes() == damaged_bytes  # nothing written before the answer
        h.press("DOWN", 1)
        h.press("A")
        while h.describe()["scene"] == "NoticeScene":
            h.press("A")
        assert h.describe()["scene"] == "MainMenuScene"
        assert (path.parent / f"{SAVE_FILE}.damaged").read_bytes() == damaged_bytes
        assert h.saves.path == path and inspect(path).problem is None
        # A suspended match whose position the engine refuses (valid JSON, wrong content).
        h.saves._connection().execute(
            "UPDATE suspended_match SET position = '{\"format\": 999}' WHERE profile_id = ?",
            (h.profile,))
        top_scene(h).resume()
        menu = top_scene(h).menu
        assert menu.items[0].label == "Continue" and menu.items[0].enabled
        while menu.cursor != 0:
            h.press("UP", 1)
        h.press("A")
        assert h.describe()["scene"] == "NoticeScene"
        assert "format" in top_scene(h).box._raw  # why: the engine's refusal, named
        while h.describe()["scene"] == "NoticeScene":
            h.press("A")
        top = top_scene(h)
        assert top.name == "DamagedMatchScene" and top.menu.selected.label == "Keep it"
        h.press("DOWN", 1)
        h.press("A")
        assert not h.saves.has_suspended(h.profile)
        assert (path.parent / f"{SAVE_FILE}.match-backup").exists()
    finally:
        h.close()


def test_the_codec_refuses_what_it_did_not_write() -> None:
    state = random.Random(3).getstate()
    assert decode_exact(encode_exact(state)) == state
    for bad in ('{"t": [{"x": 1}]}', '{"d": [[{"l": []}, 1]]}', '{"t": 5}', '{"a": 1, "b": 2}',
                '{"d": [1]}', "[" * 100 + "]" * 100, '{"t": [NaN]}', "\udcff"):
        with pytest.raises(InvalidInput):
            decode_exact(bad)
    with pytest.raises(InvalidInput, match="characters long"):
        decode_json("1" * 20, "the thing", max_chars=10)
    assert APPLICATION_ID == 0x50544347


def test_damage_while_the_game_runs_takes_the_same_path(original, tmp_path) -> None:
    """A screen's read failing mid-game (here the Records' match history, its table gone)
    is not a crash: the file is checked again and left as it is, the game goes on in memory
    with what could be read, and the player is told."""
    from handheld.ui.app import Handheld

    path = copy_of(original, tmp_path)
    h = Handheld(headless=True, data_dir=path.parent, seed=1, sound=False)
    try:
        h.settings.text_speed = "instant"
        h.press("START")
        assert h.describe()["scene"] == "MainMenuScene"
        cards = h.saves.owned_counts(h.profile)
        h.saves._connection().execute("DROP TABLE match_history")
        h.saves._connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        damaged = path.read_bytes()
        h.press("SELECT")  # the Records read the history: DamagedSave, handled
        assert path.read_bytes() == damaged
        after = files(path.parent)
        assert h.saves.path is None and h.saves.owned_counts(h.profile) == cards
        assert h.damaged_saves is not None
        assert h.describe()["scene"] == "NoticeScene"
        assert "is damaged" in top_scene(h).box._raw
        while h.describe()["scene"] == "NoticeScene":
            h.press("A")
        assert h.describe()["scene"] == "MainMenuScene"
        assert files(path.parent) == after
    finally:
        h.close()


def test_continue_refuses_a_random_state_with_a_negative_word_by_name(original, tmp_path):
    """Found by the fuzz area: a negative word in the saved RNG state raised OverflowError
    out of Continue."""
    from handheld.cards import default_pool
    from handheld.session import MatchSession, SessionError, load_suspended

    with Saves.open(copy_of(original, tmp_path)) as saves:
        snap = load_suspended(saves, saves.profiles()[0].id)
    version, words, gauss = snap["rng"]["driver"]
    snap["rng"]["driver"] = [version, [-1, *list(words)[1:]], gauss]
    with pytest.raises(SessionError, match="not a random generator state"):
        MatchSession.resume(default_pool(), snap)


@pytest.mark.parametrize("seed", range(6))
def test_damaged_files_never_crash_the_title_continue_or_any_screen(original, tmp_path, seed):
    from handheld.ui.app import Handheld

    rng = random.Random(seed)
    directory = tmp_path / "data"
    directory.mkdir()
    while True:  # a damaged file the check finds out (the game must then leave it alone)
        data = damaged_copy(original, directory, rng, "flip" if seed % 2 else "truncate")
        if inspect(directory / SAVE_FILE).problem is not None:
            break
    h = Handheld(headless=True, data_dir=directory, seed=seed, sound=False)
    try:
        walk_every_screen(h)
    finally:
        h.close()
    assert (directory / SAVE_FILE).read_bytes() == data


def test_a_file_of_ours_is_known_by_its_structure_not_by_the_wording_of_its_sql(tmp_path):
    """Another SQLite may word an altered table's SQL otherwise: the same tables, columns,
    keys and indexes written with other spacing and quoting are still our save file; a
    column renamed is not."""
    import re

    from handheld.save.schema import MIGRATIONS

    def build(path: Path, rename: bool) -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        for step in MIGRATIONS:
            for sql in step.statements:
                sql = re.sub(r"\s+", "   ", sql).replace("CREATE TABLE decks",
                                                         'CREATE TABLE "decks"')
                if rename:
                    sql = sql.replace("first_scanned", "first_seen")
                conn.execute(sql)
            conn.execute(f"PRAGMA user_version = {step.version}")
        conn.close()

    build(tmp_path / "reworded.sqlite3", rename=False)
    assert inspect(tmp_path / "reworded.sqlite3").problem is None
    build(tmp_path / "renamed.sqlite3", rename=True)
    found = inspect(tmp_path / "renamed.sqlite3")
    assert found.problem is not None and found.findings[0] == \
        f"its tables are not those of save format version {SCHEMA_VERSION}"


def test_the_saves_never_write_what_they_would_read_as_damaged(tmp_path) -> None:
    with Saves.open(tmp_path / SAVE_FILE) as saves:
        pid = saves.create_profile("Ash").id
        nested: list = []
        for _ in range(80):
            nested = [nested]
        for value in ("x" * 70_000, nested):
            with pytest.raises(InvalidInput):
                saves.set_setting(pid, "big", value)
        with pytest.raises(InvalidInput):
            saves.update_coin_tally(pid, "all", lambda old: {"deep": nested})
        with pytest.raises(InvalidInput):
            saves.suspend_match(pid, {"p": nested}, {}, None)
        assert saves.settings(pid) == {} and saves.coin_tally(pid) is None
        assert not saves.has_suspended(pid)
    assert inspect(tmp_path / SAVE_FILE).problem is None


def test_a_file_larger_than_any_save_is_refused_without_reading_it(tmp_path) -> None:
    from handheld.save.opening import MAX_SAVE_BYTES

    path = tmp_path / SAVE_FILE
    with path.open("wb") as f:  # sparse: the header, then a hole
        f.write(b"SQLite format 3\x00")
        f.truncate(MAX_SAVE_BYTES + 1)
    found = inspect(path)
    assert found.problem is not None and "more than a save file can be" in found.problem.message
    assert path.stat().st_size == MAX_SAVE_BYTES + 1
