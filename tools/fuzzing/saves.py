"""Save files: real saves (made through the Saves API with seeded content, a suspended match
included) damaged the ways cards and people damage them, then opened as the game opens them.

Damage: bit flips anywhere, in the header or in the schema page; truncation; a zeroed or
garbage page; a damaged write-ahead log beside the file; another program's SQLite file with
application id 0 and ``user_version`` 1-4 (some with tables named like ours); rows written
with raw sqlite3 holding wrong types, broken JSON, bad UTF-8, deep nesting, NaN,
out-of-range numbers, orphans; and a suspended match whose replay or RNG state holds wrong
values in valid JSON.

Each attempt opens the copy with ``open_saves`` and does every read the title screen,
Continue, the settings and the other screens do (settings through the UI's own readers; a
suspended match through ``MatchSession.resume``); one attempt in ``HANDHELD_EVERY`` also
starts a headless ``Handheld`` and, by its buttons, goes through the title to every menu
entry and Continue. A failure is any
exception other than the refusals named below, a hang, a file (or a file beside it) changed
when the save was reported damaged, foreign or newer, or a damaged file taken as sound.
"""

from __future__ import annotations

import functools
import hashlib
import os
import random
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .core import AreaResult, guard

NAME = "saves"
SHORT = 40
LONG = 1000
HANDHELD_EVERY = 25  # a headless start + START press for one attempt in this many
PAGE = 4096


# ---- real save files ---------------------------------------------------------------------

def make_save_file(path: Path, seed: int) -> None:
    """A save file as the game makes it: profiles, cards, decks, settings, tallies, timer
    presets, history, scans and a real suspended match, all drawn from ``seed``."""
    from handheld.cards import default_pool, load_ready_made_deck
    from handheld.save import Saves, TimerPreset
    from handheld.session import MatchSession, save_suspended

    rng = random.Random(seed)
    with Saves.open(path, now=lambda: 1_700_000_000.0 + seed) as saves:
        for p in range(rng.randint(1, 2)):
            pid = saves.create_profile(f"Player {p + 1}").id
            saves.add_cards(pid, {f"ecard1-{i}": rng.randint(1, 4)
                                  for i in rng.sample(range(1, 166), rng.randint(5, 60))},
                            scanned_from="camera")
            for d in range(rng.randint(1, 4)):
                saves.save_deck(pid, f"Deck {d}", [f"ecard1-{rng.randint(1, 165)}"
                                                   for _ in range(60)])
            saves.set_setting(pid, "settings", {"text_speed": rng.choice(["slow", "fast"]),
                                                "volume": rng.randint(0, 10),
                                                "key_map": "wasd", "panel_scale": 2})
            saves.set_setting(pid, "etools", {"timer_minutes": rng.randint(1, 60)})
            saves.update_coin_tally(pid, "all", lambda _: {
                "heads": rng.randint(0, 99), "tails": rng.randint(0, 99), "recent": "HTH"})
            saves.save_timer_preset(pid, TimerPreset("Club", 1800, 60))
            saves.add_match(pid, deck_a="Blazing Quake", deck_b="Tidal Mind",
                            winner=f"Player {p + 1}", result="prizes", turns=rng.randint(5, 40))
            session = MatchSession(default_pool(), (load_ready_made_deck("blazing_quake"),
                                                    load_ready_made_deck("tidal_mind")),
                                   ["human", "greedy"], seed)
            while session.step():
                pass
            session.meta = {"names": ["You", "CPU"], "mode": "cpu",
                            "deck_names": ["Blazing Quake", "Tidal Mind"]}
            save_suspended(saves, pid, session)
            # A Legend Pieces game in the history and put aside (its own table).
            saves.add_match(pid, deck_a="Gold", deck_b="Silver", winner=None, result="quiet",
                            turns=60, ruleset="classic", game="pieces")
            saves.suspend_game(pid, "pieces", {"game": "pieces", "turn": 0},
                               {"game": "pieces", "era": "classic", "setup": ["gold", "silver"],
                                "seed": seed, "answers": [], "seats": ["local", "local"],
                                "format": 1})


# ---- damage ------------------------------------------------------------------------------

def _flip(data: bytearray, rng: random.Random, start: int = 0, end: int | None = None) -> None:
    end = len(data) if end is None else min(end, len(data))
    for _ in range(rng.choice((1, 1, 1, 2, 3, 8))):
        pos = rng.randrange(start, end)
        data[pos] ^= 1 << rng.randrange(8)


def _bytes(path: Path, rng: random.Random, how: str) -> str:
    data = bytearray(path.read_bytes())
    if how == "flip":
        _flip(data, rng)
    elif how == "flip_schema":  # page 1: the header and the schema's SQL text
        _flip(data, rng, 100, PAGE)
    elif how == "flip_header":
        _flip(data, rng, 0, 100)
    elif how == "truncate":
        data = data[:rng.choice((len(data) - 1, rng.randrange(len(data))))]
    elif how == "zero_page":
        page = rng.randrange(len(data) // PAGE)
        data[page * PAGE:(page + 1) * PAGE] = bytes(PAGE)
    elif how == "garbage_page":
        page = rng.randrange(len(data) // PAGE)
        data[page * PAGE:(page + 1) * PAGE] = rng.randbytes(PAGE)
    path.write_bytes(bytes(data))
    return how


def _wal(path: Path, rng: random.Random) -> str:
    """Leave committed changes in a log beside the file (a power cut), then damage it."""
    from firmware_sim.storage import SimStorage
    from handheld.save import Saves

    work = Path(tempfile.mkdtemp(dir=path.parent))
    try:
        shutil.copyfile(path, work / path.name)
        saves = Saves.open(work / path.name)
        pid = saves.profiles()[0].id
        saves.add_cards(pid, {"ecard1-98": 2})
        saves.set_setting(pid, "metric", True)
        cut = SimStorage(work).power_cut(work / "cut")
        saves.close()
        for suffix in ("", "-wal"):
            shutil.copyfile(cut.data_dir / f"{path.name}{suffix}", Path(f"{path}{suffix}"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    wal = Path(f"{path}-wal")
    data = bytearray(wal.read_bytes())
    if data:
        _flip(data, rng)
        if rng.random() < 0.3:
            data = data[:rng.randrange(len(data))]
    wal.write_bytes(bytes(data))
    return "wal"


def _foreign(path: Path, rng: random.Random) -> str:
    """Another program's database at the save path: id 0, user_version 1-4, and tables
    that are not ours (sometimes named like ours)."""
    path.unlink()
    conn = sqlite3.connect(path)
    names = rng.choice([["notes"], ["profiles", "settings"], ["profiles", "collection",
                                                                 "decks", "settings"]])
    for name in names:
        conn.execute(f"CREATE TABLE {name} (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute(f"INSERT INTO {name} (body) VALUES ('theirs')")
    conn.execute(f"PRAGMA user_version = {rng.randint(1, 4)}")
    if rng.random() < 0.3:
        conn.execute("PRAGMA journal_mode = WAL")
    conn.commit()
    conn.close()
    return "foreign"


DEEP = "[" * 5000 + "]" * 5000

# (table, column, value): what a damaged row holds. The key columns pick an existing row.
ROW_DAMAGE: list[tuple[str, str, Any]] = [
    ("settings", "value", '{"text_speed": ["fast"], "key_map": {"a": 1}}'),
    ("settings", "value", '{"volume": 1e999, "panel_scale": true, "deck_cards": null}'),
    ("settings", "value", "not json"),
    ("settings", "value", DEEP),
    ("settings", "value", '{"volume": NaN}'),
    ("settings", "value", "[1, 2, 3]"),
    ("settings", "value", b"\xff\xfe{}"),
    ("settings", "value", 7),
    ("coin_tally", "data", "{heads: 3"),
    ("coin_tally", "data", '{"heads": "many", "recent": "XYZ"}'),
    ("coin_tally", "data", "[]"),
    ("collection", "count", "three"),
    ("collection", "count", -5),
    ("collection", "count", 2**62),
    ("collection", "card_id", "../../etc/passwd"),
    ("collection", "card_id", b"ecard1-\xff"),
    ("collection", "first_scanned", "yesterday"),
    ("decks", "name", ""),
    ("decks", "name", "x" * 5000),
    ("decks", "created", None),
    ("deck_cards", "card_id", 12),
    ("profiles", "name", b"\xc3\x28"),
    ("profiles", "created", "now"),
    ("profiles", "id", -1),
    ("suspended_match", "position", "[1, 2]"),
    ("suspended_match", "position", '{"players": 5}'),
    ("suspended_match", "replay", '{"decks": 3, "format": 1}'),
    ("suspended_match", "rng_state", '{"t": [{"x": 1}]}'),
    ("suspended_match", "rng_state", '{"d": [[{"l": []}, 1]]}'),
    ("suspended_match", "rng_state", DEEP),
    ("suspended_match", "replay", '{"meta": {"names": 5, "mode": ["x"]}, "players": '
                                  '["human", "greedy"], "format": 1}'),
    ("timer_presets", "seconds", 0),
    ("timer_presets", "warn_at_seconds", 99999),
    ("match_history", "turns", "many"),
    ("match_history", "winner", b"\x00\x01"),
    ("scan_log", "count", 0),
    ("scan_log", "at", float("inf")),
    ("coin_tally", "profile_id", 999),
]


def _row(path: Path, rng: random.Random) -> str:
    """One stored row (picked at random, by its key) given a damaged value."""
    table, column, value = rng.choice(ROW_DAMAGE)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("PRAGMA ignore_check_constraints = ON")
        key = [r[1] for r in conn.execute(f"PRAGMA table_info({table})") if r[5] > 0]
        key = key or ["rowid"]
        # The wrong-typed UI settings always go into the UI's own key: in another key
        # ("etools") no reader of the UI's settings sees them, and `attempt` expects a report.
        aimed = table == "settings" and (rng.random() < 0.7
                                         or str(value).startswith('{"text_speed"'))
        where = "key = 'settings'" if aimed else "1"
        rows = conn.execute(f"SELECT {', '.join(key)} FROM {table} WHERE {where}").fetchall()
        if not rows:
            return f"row {table}: none to damage"
        mark = "CAST(? AS TEXT)" if isinstance(value, bytes) else "?"  # bad UTF-8 as TEXT
        conn.execute(f"UPDATE OR IGNORE {table} SET {column} = {mark} WHERE "
                     + " AND ".join(f"{k} = ?" for k in key), (value, *rng.choice(rows)))
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return f"row {table}.{column}={value!r:.40}"


MATCH_VALUES: list[Any] = [None, True, -1, 0, 2**64, 1.5, "x", "", [], {}, [1, 2], {"a": 1},
                           [[[]]], "human", "greedy"]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:50]):  # the RNG's 625 words: the first ones suffice
            out += _leaves(v, (*path, i))
    return out


def _match_values(path: Path, rng: random.Random) -> str:
    """A suspended match whose replay or RNG state is valid JSON holding wrong values
    (types, signs, sizes): what Continue must refuse by name. (The position's own content
    is the positions area's: the engine's validator.)"""
    import json

    from handheld.save.codec import decode_exact, encode_exact

    conn = sqlite3.connect(path, isolation_level=None)
    try:
        pid, replay_text, rng_text = conn.execute(
            "SELECT profile_id, replay, rng_state FROM suspended_match LIMIT 1").fetchone()
        data = {"replay": json.loads(replay_text), "rng": decode_exact(rng_text)}
        data = json.loads(json.dumps(data))  # tuples as lists, so every leaf can be replaced
        changed = []
        for _ in range(rng.choice((1, 1, 2, 3))):
            where = rng.choice(_leaves(data)[1:])
            target = data
            for key in where[:-1]:
                target = target[key]
            target[where[-1]] = rng.choice(MATCH_VALUES)
            changed.append("/".join(map(str, where)))
        conn.execute("UPDATE suspended_match SET replay = ?, rng_state = ? WHERE profile_id = ?",
                     (json.dumps(data["replay"]) if isinstance(data["replay"], dict) else "{}",
                      encode_exact(data["rng"]), pid))
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return "match " + ", ".join(changed)


DAMAGE: list[tuple[str, Callable[[Path, random.Random], str]]] = [
    ("flip", lambda p, r: _bytes(p, r, "flip")),
    ("flip", lambda p, r: _bytes(p, r, "flip")),
    ("flip", lambda p, r: _bytes(p, r, "flip")),
    ("flip_schema", lambda p, r: _bytes(p, r, "flip_schema")),
    ("flip_header", lambda p, r: _bytes(p, r, "flip_header")),
    ("truncate", lambda p, r: _bytes(p, r, "truncate")),
    ("zero_page", lambda p, r: _bytes(p, r, "zero_page")),
    ("garbage_page", lambda p, r: _bytes(p, r, "garbage_page")),
    ("wal", _wal),
    ("foreign", _foreign),
    ("row", _row),
    ("row", _row),
    ("row", _row),
    ("match", _match_values),
]


# ---- opening as the game does -------------------------------------------------------------

def snapshot(directory: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(directory.iterdir()) if p.is_file()}


def read_everything(opened: Any) -> list[str]:
    """Every read the title, Continue, the settings and the other screens make; the
    settings problems the UI's readers reported."""
    from handheld.engine import EngineError
    from handheld.etools.coins import CoinTally
    from handheld.save import SaveError
    from handheld.session import MatchSession, SessionError, load_suspended
    from handheld.ui.etools_service import EToolsSettings
    from handheld.ui.settings import SETTINGS_KEY, Settings

    saves = opened.saves
    reported: list[str] = []
    profiles = saves.profiles()
    if not profiles:
        profiles = [saves.create_profile("Player")]  # what the game does on an empty save
    for profile in profiles:
        pid = profile.id
        saves.profile(pid)
        Settings.from_dict(saves.setting(pid, SETTINGS_KEY, None), reported)
        EToolsSettings.from_dict(saves.setting(pid, "etools", None))
        bool(saves.setting(pid, "metric", False))
        saves.settings(pid)
        for scope in ("all", "match"):
            try:
                CoinTally.from_dict(saves.coin_tally(pid, scope))
            except ValueError:
                pass  # the e-Tools start the tally again and say so
        saves.owned_counts(pid)
        saves.collection(pid, include_zero=True)
        saves.scans(pid, 0.0)
        for deck in saves.decks(pid):
            saves.deck(deck.id)
        saves.timer_presets(pid)
        saves.match_history(pid, limit=100)
        if saves.has_suspended(pid):  # Continue
            from handheld.cards import default_pool

            try:
                snap = load_suspended(saves, pid)
                if snap is not None:
                    MatchSession.resume(default_pool(), snap)
            except (SaveError, SessionError, EngineError):
                pass  # reported, with the offer to put it aside
        if saves.has_suspended_game(pid, "pieces"):  # Continue on the e-Games menu
            try:
                saves.suspended_game(pid, "pieces")
            except SaveError:
                pass  # reported; the save is kept
    return reported


MENU_ENTRIES = ("Card album", "Settings", "e-Reader", "e-Tools", "Duel", "Deck builder")


def walk_every_screen(h: Any) -> None:
    """From the title through the notices and the start-fresh question (its safe answer) to
    the menu; open every entry and come back; then Continue if it is offered."""
    h.settings.text_speed = "instant"
    h.press("START")
    for _ in range(20):
        if h.describe()["scene"] == "MainMenuScene":
            break
        h.press("A")
    if h.describe()["scene"] != "MainMenuScene":
        raise AssertionError(f"stuck on {h.describe()['scene']} before the menu")
    for label in MENU_ENTRIES:
        menu = h.scenes.top.menu
        target = next(i for i, it in enumerate(menu.items) if label in it.label)
        while menu.cursor != target:
            h.press("DOWN" if target > menu.cursor else "UP", 1)
        h.press("A")
        h.tick(2)
        for _ in range(10):
            if h.describe()["scene"] == "MainMenuScene":
                break
            h.press("B")
    menu = h.scenes.top.menu
    if menu.items[0].enabled:
        while menu.cursor != 0:
            h.press("UP", 1)
        h.press("A")
        h.tick(5)


def _handheld(directory: Path) -> None:
    """A headless start, then every screen that reads the saves, by the buttons."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from handheld.ui.app import Handheld

    h = Handheld(headless=True, data_dir=directory, seed=1, sound=False)
    try:
        walk_every_screen(h)
    finally:
        h.close()


def attempt(directory: Path, damage: str, with_handheld: bool) -> tuple[str, str] | None:
    """Open the damaged save in ``directory`` as the game does; a wrong outcome as (failure
    kind, detail): a change to a file that was not sound, a damaged file taken as sound."""
    from firmware_sim.storage import DirStorage
    from handheld.save import inspect, open_saves

    before = snapshot(directory)
    opened = open_saves(DirStorage(directory))
    try:
        reported = read_everything(opened)
    finally:
        opened.saves.close()
    after = snapshot(directory)
    if opened.problem is not None:
        if after != before:
            return "file_changed", f"changed files of a save reported {opened.problem_kind}"
        if damage == "foreign" and "not this game's" not in opened.problem:
            return "false_accept", f"a foreign database reported as: {opened.problem}"
    else:
        if damage == "foreign":
            return "false_accept", "a foreign database was taken as a save file"
        if damage.startswith("row settings.value='{\"text_speed\"") and not reported:
            return "false_accept", "wrong-typed settings were not reported"
        if inspect(directory / "saves.sqlite3").problem is not None:
            return "false_accept", "a file opened as sound does not check out afterwards"
    if with_handheld:
        mid = snapshot(directory)
        _handheld(directory)
        if opened.problem is not None and snapshot(directory) != mid:
            return "file_changed", "the game changed a damaged save file"
    return None


def run(result: AreaResult, attempts: int, rng: random.Random) -> None:
    with tempfile.TemporaryDirectory(prefix="fuzz-saves-") as tmp:
        base = Path(tmp)
        originals = []
        for seed in range(3):
            original = base / f"original{seed}.sqlite3"
            make_save_file(original, rng.randrange(1000) + seed)
            originals.append(original)
        for i in range(attempts):
            directory = base / f"a{i}"
            directory.mkdir()
            save = directory / "saves.sqlite3"
            shutil.copyfile(rng.choice(originals), save)
            _, make_damage = rng.choice(DAMAGE)
            damage = make_damage(save, rng)
            with_handheld = i % HANDHELD_EVERY == HANDHELD_EVERY - 1
            sample = f"attempt {i}: {damage}"
            done, wrong = guard(result, sample,
                                functools.partial(attempt, directory, damage, with_handheld),
                                seconds=60 if with_handheld else 20)
            if done and wrong is not None:
                result.fail(wrong[0], wrong[1], sample)
            shutil.rmtree(directory, ignore_errors=True)
