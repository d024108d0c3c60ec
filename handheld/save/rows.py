"""Every row of the save file is checked as it is read: types, ranges, card ids, JSON.

SQLite keeps no checksum of what a row holds, so one flipped bit on the card can turn a
count into text, a card id into garbage or a JSON value into something that no longer
parses, and ``PRAGMA integrity_check`` still says "ok". The checks here are the only thing
between such a row and a screen that would crash on it. They serve three readers:

* :class:`~handheld.save.Saves`' read methods skip (or default) a bad row and note it;
* the boot check reads every row of the file (:func:`scan`): any bad row makes the file
  "damaged", so the game leaves it untouched and runs on what could be read;
* ``python -m handheld saves check`` prints the same findings.

Text arrives through :func:`lenient_text`: bytes that are not UTF-8 become lone surrogates
instead of raising ``UnicodeDecodeError`` in the middle of a query, and every text check
refuses them, so a damaged string costs its row, not the whole read.
"""

from __future__ import annotations

import math
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .codec import decode_exact, decode_json
from .errors import InvalidInput

CARD_ID = re.compile(r"[a-z0-9]{1,16}-[A-Za-z0-9]{1,8}")  # "ecard1-98", "ecard2-H12"
SETTING_KEY = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
ERA_KEY = re.compile(r"[a-z][a-z0-9_]{0,31}")
PROFILE_NAME_MAX = 24
DECK_NAME_MAX = 40
PRESET_NAME_MAX = 24
MATCH_TEXT_MAX = 80
SCAN_SOURCE_MAX = 40
TIMER_SECONDS_MAX = 5999  # 99:59, what the timer can show
COPIES_MAX = 10**9  # copies of one card in a collection: far beyond any real one
TURNS_MAX = 1_000_000
SETTING_CHARS_MAX = 65_536  # one setting's JSON
MATCH_CHARS_MAX = 4_000_000  # a suspended match's position or replay JSON
ID_MAX = 2**63 - 1
COIN_SCOPES = ("all", "match")
OUTCOMES = ("win", "loss", "draw")  # a roster duel's outcome from the player's side
PROBLEMS_KEPT = 40  # findings listed in full; the rest are counted


def lenient_text(raw: bytes) -> str:
    """The connection's text factory: UTF-8, with undecodable bytes kept as lone surrogates
    (which the checks below refuse) rather than raised from inside a query."""
    return raw.decode("utf-8", "surrogateescape")


def text(value: object, what: str, max_len: int) -> str:
    """Stored text: a non-empty, printable string of at most ``max_len`` characters."""
    if not isinstance(value, str):
        raise InvalidInput(f"{what} is not text but {type(value).__name__}")
    if not value.strip():
        raise InvalidInput(f"{what} is empty")
    if len(value) > max_len:
        raise InvalidInput(f"{what} is {len(value)} characters long; the most is {max_len}")
    if not value.isprintable():  # control characters, and the surrogates of bad UTF-8
        raise InvalidInput(f"{what} {value!r} holds bytes that are not printable text")
    return value


def whole(value: object, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidInput(f"{what} is not a whole number but {type(value).__name__}")
    if not low <= value <= high:
        raise InvalidInput(f"{what} is {value}, outside {low}..{high}")
    return value


def stamp(value: object, what: str) -> float:
    """A time stamp: a finite number of seconds (SQLite hands back 3.0 stored as 3)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or \
            not math.isfinite(value):
        raise InvalidInput(f"{what} is not a time in seconds but {value!r}")
    return float(value)


def card(value: object, what: str = "the card id") -> str:
    if not isinstance(value, str) or not CARD_ID.fullmatch(value):
        raise InvalidInput(f"{what} {value!r} is not a card id like 'ecard1-98'")
    return value


def json_object(value: object, what: str, max_chars: int) -> dict[str, Any]:
    data = decode_json(value, what, max_chars)
    if not isinstance(data, dict):
        raise InvalidInput(f"{what} is not a JSON object but {type(data).__name__}")
    return data


# ---- one checker per table: the raw row in, the same row (clean) out, or InvalidInput ----

def _profiles(r: tuple[Any, ...]) -> tuple[Any, ...]:
    return (whole(r[0], "the profile id", 1, ID_MAX), text(r[1], "the name", PROFILE_NAME_MAX),
            stamp(r[2], "the creation time"))


def _collection(r: tuple[Any, ...]) -> tuple[Any, ...]:
    return (r[0], card(r[1]), whole(r[2], "the count", 0, COPIES_MAX),
            stamp(r[3], "the first-scan time"))


def _decks(r: tuple[Any, ...]) -> tuple[Any, ...]:
    return (whole(r[0], "the deck id", 1, ID_MAX), r[1], text(r[2], "the name", DECK_NAME_MAX),
            stamp(r[3], "the creation time"), stamp(r[4], "the change time"), era_key(r[5]))


def era_key(value: object) -> str:
    """An era's key (``expedition``): short lower-case words joined by underscores. Which
    eras exist is the engine's business; the saves only keep the key well-formed."""
    if not isinstance(value, str) or not ERA_KEY.fullmatch(value):
        raise InvalidInput(f"the era {value!r} is not an era key")
    return value


def _deck_cards(r: tuple[Any, ...]) -> tuple[Any, ...]:
    return (r[0], whole(r[1], "the position", 0, 10_000), card(r[2]))


def _settings(r: tuple[Any, ...]) -> tuple[Any, ...]:
    key = r[1]
    if not isinstance(key, str) or not SETTING_KEY.fullmatch(key):
        raise InvalidInput(f"the key {key!r} is not a setting key")
    decode_json(r[2], f"the value of setting {key!r}", SETTING_CHARS_MAX)
    return (r[0], key, r[2])


def _coin_tally(r: tuple[Any, ...]) -> tuple[Any, ...]:
    if r[1] not in COIN_SCOPES:
        raise InvalidInput(f"the scope {r[1]!r} is not one of {', '.join(COIN_SCOPES)}")
    json_object(r[2], "the tally", SETTING_CHARS_MAX)
    return r


def _timer_presets(r: tuple[Any, ...]) -> tuple[Any, ...]:
    seconds = whole(r[2], "the length", 1, TIMER_SECONDS_MAX)
    return (r[0], text(r[1], "the name", PRESET_NAME_MAX), seconds,
            whole(r[3], "the warning time", 0, seconds - 1),
            whole(r[4], "the pause switch", 0, 1))


def _match_history(r: tuple[Any, ...]) -> tuple[Any, ...]:
    return (whole(r[0], "the match id", 1, ID_MAX), r[1], stamp(r[2], "the time"),
            text(r[3], "the first deck", MATCH_TEXT_MAX),
            text(r[4], "the second deck", MATCH_TEXT_MAX),
            None if r[5] is None else text(r[5], "the winner", MATCH_TEXT_MAX),
            text(r[6], "the result", MATCH_TEXT_MAX), whole(r[7], "the turns", 0, TURNS_MAX),
            text(r[8], "the ruleset", MATCH_TEXT_MAX), game_key(r[9]),
            opponent_key(r[10]), outcome(r[11]))


def opponent_key(value: object) -> str | None:
    """A roster opponent's id (``exp_piet``), kept well-formed like an era's key; None for
    a match against no roster opponent. Which opponents exist is the roster's business."""
    if value is None:
        return None
    if not isinstance(value, str) or not ERA_KEY.fullmatch(value):
        raise InvalidInput(f"the opponent {value!r} is not an opponent id")
    return value


def outcome(value: object) -> str | None:
    if value is None or value in OUTCOMES:
        return value
    raise InvalidInput(f"the outcome {value!r} is not one of {', '.join(OUTCOMES)}")


def game_key(value: object) -> str:
    """A game's registry key (``tcg``, ``pieces``): kept well-formed like an era's."""
    if not isinstance(value, str) or not ERA_KEY.fullmatch(value):
        raise InvalidInput(f"the game {value!r} is not a game key")
    return value


def _suspended_match(r: tuple[Any, ...]) -> tuple[Any, ...]:
    stamp(r[1], "the time")
    json_object(r[2], "the position", MATCH_CHARS_MAX)
    json_object(r[3], "the replay", MATCH_CHARS_MAX)
    if not isinstance(r[4], str) or len(r[4]) > MATCH_CHARS_MAX:
        raise InvalidInput("the random-number state is not text of a bounded length")
    decode_exact(r[4], "the random-number state")
    return r


def _suspended_game(r: tuple[Any, ...]) -> tuple[Any, ...]:
    game_key(r[1])
    stamp(r[2], "the time")
    json_object(r[3], "the position", MATCH_CHARS_MAX)
    json_object(r[4], "the replay", MATCH_CHARS_MAX)
    return r


def _scan_log(r: tuple[Any, ...]) -> tuple[Any, ...]:
    return (whole(r[0], "the scan id", 1, ID_MAX), r[1], stamp(r[2], "the time"), card(r[3]),
            whole(r[4], "the count", 1, COPIES_MAX), text(r[5], "the source", SCAN_SOURCE_MAX))


BOOSTER_SOURCE_MAX = 80
BOOSTER_CARDS_MAX = 20  # the largest pack holds 10 cards
SEED_MAX = 2**63 - 1


def booster_cards(value: object) -> list[str] | None:
    """An opened pack's cards: a JSON list of card ids (None: not opened yet)."""
    if value is None:
        return None
    data = decode_json(value, "the pack's cards", 4096)
    if not isinstance(data, list) or not 0 < len(data) <= BOOSTER_CARDS_MAX:
        raise InvalidInput("the pack's cards are not a list of 1 to "
                           f"{BOOSTER_CARDS_MAX} card ids")
    return [card(c) for c in data]


def _boosters(r: tuple[Any, ...]) -> tuple[Any, ...]:
    """The cards stay JSON text (a salvage writes checked rows back as they came)."""
    opened = None if r[6] is None else stamp(r[6], "the opening time")
    if (opened is None) != (booster_cards(r[7]) is None):
        raise InvalidInput("an opened pack keeps both when it was opened and its cards")
    return (whole(r[0], "the pack id", 1, ID_MAX), r[1], era_key(r[2]),
            whole(r[3], "the seed", 0, SEED_MAX), stamp(r[4], "the time"),
            text(r[5], "the source", BOOSTER_SOURCE_MAX), opened, r[7])


@dataclass(frozen=True)
class Table:
    """A table of the current schema: its columns, what each row must be, and which column
    names its owner (a profile, or for deck cards a deck)."""

    name: str
    columns: tuple[str, ...]
    check: Callable[[tuple[Any, ...]], tuple[Any, ...]]
    owner: str | None  # "profile", "deck" (for deck cards), or None
    owner_column: int = 0  # which column holds the owner's id


# Parents before children: the order a salvage inserts them in.
TABLES: tuple[Table, ...] = (
    Table("profiles", ("id", "name", "created"), _profiles, None),
    Table("collection", ("profile_id", "card_id", "count", "first_scanned"), _collection,
          "profile"),
    Table("decks", ("id", "profile_id", "name", "created", "updated", "era"), _decks,
          "profile", 1),
    Table("deck_cards", ("deck_id", "position", "card_id"), _deck_cards, "deck"),
    Table("settings", ("profile_id", "key", "value"), _settings, "profile"),
    Table("coin_tally", ("profile_id", "scope", "data"), _coin_tally, "profile"),
    Table("timer_presets", ("profile_id", "name", "seconds", "warn_at_seconds",
                            "pause_between_turns"), _timer_presets, "profile"),
    Table("match_history", ("id", "profile_id", "played_at", "deck_a", "deck_b", "winner",
                            "result", "turns", "ruleset", "game", "opponent", "outcome"),
          _match_history, "profile", 1),
    Table("suspended_match", ("profile_id", "saved_at", "position", "replay", "rng_state"),
          _suspended_match, "profile"),
    Table("suspended_game", ("profile_id", "game", "saved_at", "position", "replay"),
          _suspended_game, "profile"),
    Table("scan_log", ("id", "profile_id", "at", "card_id", "count", "source"), _scan_log,
          "profile", 1),
    Table("boosters", ("id", "profile_id", "set_slug", "seed", "awarded_at", "source",
                       "opened_at", "cards"), _boosters, "profile", 1),
)
TABLE = {t.name: t for t in TABLES}


def check_row(table: str, raw: tuple[Any, ...]) -> tuple[Any, ...]:
    """The row, checked; InvalidInput naming what is wrong with it."""
    spec = TABLE[table]
    if len(raw) != len(spec.columns):
        raise InvalidInput(f"a {table} row has {len(raw)} columns, not {len(spec.columns)}")
    return spec.check(tuple(raw))


def where(table: str, raw: tuple[Any, ...]) -> str:
    """How a finding names its row: the table and the row's key, shown safely."""
    key = raw[:2] if table in ("collection", "settings", "coin_tally", "timer_presets",
                               "deck_cards", "suspended_game") else raw[:1]
    shown = ", ".join(ascii(v)[:40] for v in key)
    return f"{table} ({shown})"


@dataclass
class Scan:
    """What reading every row found: the good rows per table, and what was wrong."""

    rows: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    problem_count: int = 0
    unreadable: bool = False  # SQLite itself failed on some table (damaged pages)

    def note(self, message: str) -> None:
        self.problem_count += 1
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(message)


def scan(conn: sqlite3.Connection) -> Scan:
    """Read and check every row of every table of the current schema. Rows up to a failure
    of SQLite itself are kept (a damaged page costs what lies on it and after it in that
    table); rows whose profile or deck is missing or bad are dropped and noted."""
    out = Scan()
    for spec in TABLES:
        good: list[tuple[Any, ...]] = []
        try:
            cursor = conn.execute(f"SELECT {', '.join(spec.columns)} FROM {spec.name}")
            for raw in cursor:
                try:
                    good.append(check_row(spec.name, raw))
                except InvalidInput as e:
                    out.note(f"{where(spec.name, raw)}: {e}")
        except (sqlite3.Error, RecursionError, MemoryError) as e:
            out.unreadable = True
            out.note(f"{spec.name}: SQLite could not read past row {len(good) + 1} ({e})")
        out.rows[spec.name] = good
    profiles = {r[0] for r in out.rows["profiles"]}
    decks = {r[0] for r in out.rows["decks"] if r[1] in profiles}
    for spec in TABLES:
        if spec.owner is None:
            continue
        owners = profiles if spec.owner == "profile" else decks
        col = spec.owner_column
        kept = [r for r in out.rows[spec.name] if r[col] in owners]
        for r in out.rows[spec.name]:
            if r[col] not in owners:
                out.note(f"{where(spec.name, r)}: belongs to a {spec.owner} that is missing "
                         "or damaged")
        out.rows[spec.name] = kept
    return out


def copy_rows(rows: dict[str, list[tuple[Any, ...]]], conn: sqlite3.Connection) -> None:
    """Write checked rows into an empty database of the current schema (one transaction).
    A row clashing with one already written (a damaged index can show a key twice) is
    dropped, and so are then the rows that belonged to it."""
    conn.execute("PRAGMA foreign_keys = OFF")  # parents may be dropped as duplicates
    conn.execute("BEGIN IMMEDIATE")
    try:
        for spec in TABLES:
            marks = ", ".join("?" for _ in spec.columns)
            conn.executemany(f"INSERT OR IGNORE INTO {spec.name} ({', '.join(spec.columns)}) "
                             f"VALUES ({marks})", rows.get(spec.name, []))
        for spec in TABLES:
            if spec.owner is not None:
                parent = "profiles" if spec.owner == "profile" else "decks"
                conn.execute(f"DELETE FROM {spec.name} WHERE {spec.columns[spec.owner_column]}"
                             f" NOT IN (SELECT id FROM {parent})")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    finally:
        conn.execute("PRAGMA foreign_keys = ON")
