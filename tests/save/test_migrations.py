"""Schema versions and migrations: a version-1 file keeps its data when it is brought up to
date, and a step that fails leaves the file at the version it had."""

import random
import sqlite3

import pytest

from handheld.save import (
    MIGRATIONS,
    SAVE_FILE,
    SCHEMA_VERSION,
    Migration,
    TimerPreset,
    migrate,
    open_saves,
)
from handheld.save import schema as schema_module
from handheld.save.codec import encode_exact


def test_versions_are_consecutive_and_there_are_real_steps():
    assert SCHEMA_VERSION == len(MIGRATIONS) >= 2
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))


def v1_file(path):
    """A save file as version 1 of the game wrote it, with some of everything."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == 0
    state = random.Random(7).getstate()
    conn.executescript(f"""
        INSERT INTO profiles VALUES (1, 'Ash', 10.0);
        INSERT INTO collection VALUES (1, 'ecard1-98', 3, 11.0), (1, 'ecard1-1', 0, 12.0);
        INSERT INTO decks VALUES (1, 1, 'Fire', 13.0, 14.0);
        INSERT INTO deck_cards VALUES (1, 0, 'ecard1-98'), (1, 1, 'ecard1-1');
        INSERT INTO settings VALUES (1, 'sound.volume', '7');
        INSERT INTO coin_stats VALUES (1, 10, 6, 4, 3, 1);
        INSERT INTO match_history VALUES (1, 1, 15.0, 'Fire', 'Water', 'Fire', 'prizes', 9);
        INSERT INTO suspended_match VALUES (1, 16.0, '{{"turn":3}}', '{{"seed":7}}',
                                            '{encode_exact(state)}');
    """)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    conn.close()
    return state


def test_a_version_1_file_is_migrated_with_its_data_kept(storage):
    state = v1_file(storage.path(SAVE_FILE))
    opened = open_saves(storage, now=lambda: 100.0)
    assert opened.problem is None
    saves = opened.saves
    assert saves.schema_version == SCHEMA_VERSION
    [ash] = saves.profiles()
    assert (ash.id, ash.name, ash.created) == (1, "Ash", 10.0)
    entries = saves.collection(1, include_zero=True)
    assert [(e.card_id, e.count, e.first_scanned) for e in entries] == [
        ("ecard1-98", 3, 11.0), ("ecard1-1", 0, 12.0)]
    deck = saves.deck(1)
    assert (deck.name, deck.cards, deck.created, deck.updated) == (
        "Fire", ("ecard1-98", "ecard1-1"), 13.0, 14.0)
    assert saves.settings(1) == {"sound.volume": 7}
    # v3 turned the coin statistics into the e-Tools' tally (a run of 1 head at the end).
    assert saves.coin_tally(1, "all") == {"heads": 6, "tails": 4, "longest_heads": 3,
                                          "longest_tails": 0, "run_side": "H",
                                          "run_length": 1, "recent": ""}
    assert saves.coin_tally(1, "match") is None
    [match] = saves.match_history(1)
    assert (match.played_at, match.winner, match.turns, match.ruleset) == (
        15.0, "Fire", 9, "expedition")  # v2's new column, filled for old rows
    suspended = saves.suspended_match(1)
    assert suspended is not None and suspended.rng_state == state
    # What v2 and v3 added works on the migrated file.
    saves.save_timer_preset(1, TimerPreset("Tournament", 90, 10))
    assert saves.timer_presets(1) == [TimerPreset("Tournament", 90, 10, True)]
    saves.close()


def test_migrating_again_does_nothing(tmp_path):
    conn = sqlite3.connect(tmp_path / "s.sqlite3", isolation_level=None)
    assert migrate(conn) == 0
    assert migrate(conn) == SCHEMA_VERSION
    with pytest.raises(ValueError, match="no schema version"):
        migrate(conn, target=SCHEMA_VERSION + 1)
    conn.close()


def test_a_failing_step_leaves_the_file_at_its_version(tmp_path, monkeypatch):
    broken = Migration(2, "half a step", statements=(
        "CREATE TABLE first_half (x)",
        "ALTER TABLE no_such_table ADD COLUMN y",
    ))
    monkeypatch.setattr(schema_module, "MIGRATIONS", (MIGRATIONS[0], broken))
    conn = sqlite3.connect(tmp_path / "s.sqlite3", isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        migrate(conn, target=2)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert "first_half" not in tables and "profiles" in tables
    conn.close()


def test_a_python_step_runs_inside_the_transaction(tmp_path, monkeypatch):
    def fill(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO extra VALUES (42)")

    step = Migration(3, "data step", statements=("CREATE TABLE extra (x)",), run=fill)
    monkeypatch.setattr(schema_module, "MIGRATIONS", (*MIGRATIONS[:2], step))
    monkeypatch.setattr(schema_module, "SCHEMA_VERSION", 3)
    conn = sqlite3.connect(tmp_path / "s.sqlite3", isolation_level=None)
    migrate(conn, target=3)
    assert conn.execute("SELECT x FROM extra").fetchall() == [(42,)]
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    conn.close()


def test_a_version_2_timer_preset_keeps_its_length_through_v3(storage):
    path = storage.path(SAVE_FILE)
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=2)
    conn.executescript("""
        INSERT INTO profiles VALUES (1, 'Ash', 10.0);
        INSERT INTO timer_presets VALUES (1, 'League', 1800, 300, 1);
        INSERT INTO coin_stats VALUES (1, 0, 0, 0, 0, 0);
    """)
    conn.close()
    saves = open_saves(storage).saves
    assert saves.timer_presets(1) == [TimerPreset("League", 1800, 300, True)]
    assert saves.coin_tally(1) is None  # no flips yet: nothing to carry over
    saves.close()


def test_a_version_3_collection_gains_an_empty_scan_log(storage):
    path = storage.path(SAVE_FILE)
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=3)
    conn.executescript("""
        INSERT INTO profiles VALUES (1, 'Ash', 10.0);
        INSERT INTO collection VALUES (1, 'ecard1-1', 3, 20.0);
    """)
    conn.close()
    saves = open_saves(storage).saves
    assert saves.schema_version == SCHEMA_VERSION
    assert saves.owned_counts(1) == {"ecard1-1": 3}
    assert saves.scans(1) == []
    saves.add_cards(1, ["ecard1-1"], scanned_from="camera")
    assert [(r.card_id, r.count) for r in saves.scans(1)] == [("ecard1-1", 1)]
    saves.close()


def test_a_version_4_deck_is_built_for_the_home_era(storage):
    path = storage.path(SAVE_FILE)
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=4)
    conn.executescript("""
        INSERT INTO profiles VALUES (1, 'Ash', 10.0);
        INSERT INTO decks VALUES (1, 1, 'Fire', 13.0, 14.0);
        INSERT INTO deck_cards VALUES (1, 0, 'ecard1-98');
    """)
    conn.close()
    saves = open_saves(storage).saves
    assert saves.schema_version == SCHEMA_VERSION
    (deck,) = saves.decks(1)
    assert (deck.name, deck.cards, deck.era) == ("Fire", ("ecard1-98",), "expedition")
    saves.close()


def test_a_version_5_file_keeps_its_match_history_and_suspended_match(storage):
    """v6 marks every old match as a card match and adds a place for suspended games of the
    other games, leaving the suspended card match alone."""
    path = storage.path(SAVE_FILE)
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=5)
    state = random.Random(5).getstate()
    conn.executescript(f"""
        INSERT INTO profiles VALUES (1, 'Ash', 10.0);
        INSERT INTO match_history VALUES (1, 1, 15.0, 'Fire', 'Water', 'Ash', 'prizes', 9,
                                          'platinum');
        INSERT INTO suspended_match VALUES (1, 16.0, '{{"turn":3}}', '{{"seed":7}}',
                                            '{encode_exact(state)}');
    """)
    conn.close()
    saves = open_saves(storage).saves
    assert saves.schema_version == SCHEMA_VERSION >= 6
    [match] = saves.match_history(1)
    assert (match.ruleset, match.game, match.winner) == ("platinum", "tcg", "Ash")
    assert saves.suspended_match(1).rng_state == state
    assert saves.suspended_game(1, "pieces") is None and not saves.has_suspended_game(1,
                                                                                     "pieces")
    saves.suspend_game(1, "pieces", {"turn": 2}, {"seed": 3, "answers": []})
    assert saves.suspended_game(1, "pieces").replay == {"seed": 3, "answers": []}
    assert saves.suspended_match(1).replay == {"seed": 7}
    saves.close()


def test_a_version_6_history_gains_empty_roster_fields(storage):
    """v7 adds the roster opponent and the outcome of each match: older matches were
    against no roster opponent, and new ones can say which they were."""
    path = storage.path(SAVE_FILE)
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=6)
    conn.executescript("""
        INSERT INTO profiles VALUES (1, 'Ash', 10.0);
        INSERT INTO match_history VALUES (1, 1, 15.0, 'Fire', 'Water', 'Ash', 'prizes', 9,
                                          'platinum', 'tcg');
        INSERT INTO match_history VALUES (2, 1, 16.0, 'Gold', 'Silver', NULL, 'quiet', 60,
                                          'classic', 'pieces');
    """)
    conn.close()
    saves = open_saves(storage).saves
    assert saves.schema_version == SCHEMA_VERSION >= 7
    old = saves.match_history(1)
    assert [(m.id, m.winner, m.game, m.opponent, m.outcome) for m in old] == [
        (2, None, "pieces", None, None), (1, "Ash", "tcg", None, None)]
    new = saves.add_match(1, deck_a="Fire", deck_b="Tidal Mind", winner="Ash",
                          result="prizes", turns=11, opponent="exp_marisol", outcome="win")
    assert saves.match_history(1, limit=1) == [new]
    assert (new.opponent, new.outcome) == ("exp_marisol", "win")
    saves.close()


def test_a_version_7_file_gains_an_empty_booster_table(storage):
    """v8 adds the booster packs: an old file keeps its collection, history and scan log and
    starts with no packs; packs can then be given, and opening one fills the collection."""
    path = storage.path(SAVE_FILE)
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=7)
    conn.executescript("""
        INSERT INTO profiles VALUES (1, 'Ash', 10.0);
        INSERT INTO collection VALUES (1, 'ecard1-98', 2, 11.0);
        INSERT INTO scan_log VALUES (1, 1, 11.0, 'ecard1-98', 2, 'camera');
        INSERT INTO match_history VALUES (1, 1, 15.0, 'Fire', 'Quill', 'Ash', 'prizes', 9,
                                          'expedition', 'tcg', 'exp_quill', 'win');
    """)
    conn.close()
    opened = open_saves(storage, now=lambda: 50.0)
    assert opened.problem is None
    saves = opened.saves
    assert saves.schema_version == SCHEMA_VERSION >= 8
    assert saves.owned_counts(1) == {"ecard1-98": 2}
    assert [m.opponent for m in saves.match_history(1)] == ["exp_quill"]
    assert saves.boosters(1, opened=None) == []
    [pack] = saves.award_boosters(1, [("expedition", 5)], source="test")
    saves.open_booster(1, pack.id, ["ecard1-98", "ecard1-1"])
    assert saves.owned_counts(1) == {"ecard1-98": 3, "ecard1-1": 1}
    assert saves.boosters(1) == []
    saves.close()
