"""The saves: one SQLite file holding every profile's collection, decks, settings, coin
statistics, battle-timer presets, match history and suspended match.

Every public method that changes something is exactly one transaction (``BEGIN IMMEDIATE``
... ``COMMIT``): it happens entirely or, after a power cut or an error, not at all. The file
runs in WAL mode with ``synchronous=FULL``, so a commit that has returned is on the card (see
docs/SAVES.md for why). Bad input raises a specific :class:`~handheld.save.errors.SaveError`
before anything is written; a failing card raises :class:`StorageFailure` after a rollback.

Open a file through :func:`handheld.save.open_saves`, which checks it first and never lets
a damaged file stop the game; :meth:`Saves.open` is the strict version that raises.
"""

from __future__ import annotations

import json
import logging
import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from .codec import decode_exact, encode_exact, encode_json
from .errors import (
    DamagedSave,
    DuplicateDeckName,
    DuplicateProfileName,
    InvalidInput,
    NotEnoughCards,
    SaveError,
    StorageFailure,
    UnknownDeck,
    UnknownProfile,
    UnknownTimerPreset,
)
from .records import (
    BoosterPack,
    CollectionEntry,
    Deck,
    MatchResult,
    Profile,
    ScanRecord,
    SuspendedGame,
    SuspendedMatch,
    TimerPreset,
)
from .rows import (
    BOOSTER_CARDS_MAX,
    BOOSTER_SOURCE_MAX,
    CARD_ID,
    COIN_SCOPES,
    COPIES_MAX,
    DECK_NAME_MAX,
    MATCH_TEXT_MAX,
    PRESET_NAME_MAX,
    PROBLEMS_KEPT,
    PROFILE_NAME_MAX,
    SEED_MAX,
    SETTING_KEY,
    TIMER_SECONDS_MAX,
    booster_cards,
    check_row,
    era_key,
    game_key,
    lenient_text,
    opponent_key,
    where,
)
from .rows import (
    outcome as _outcome,
)
from .schema import migrate, user_version

log = logging.getLogger(__name__)

Clock = Callable[[], float]

DECK_CARDS_MAX = 200  # a 60-card deck plus room for one being built; stops runaway input
COUNT_MAX = 9999  # copies of one card in one call
BUSY_TIMEOUT_S = 5.0


def _text(value: object, what: str, max_len: int) -> str:
    """A trimmed, non-empty, printable name of at most ``max_len`` characters."""
    if not isinstance(value, str):
        raise InvalidInput(f"{what} must be text, got {type(value).__name__}")
    text = value.strip()
    if not text:
        raise InvalidInput(f"{what} must not be empty")
    if len(text) > max_len:
        raise InvalidInput(f"{what} is {len(text)} characters long; the most is {max_len}")
    if not text.isprintable():
        raise InvalidInput(f"{what} {text!r} contains control characters")
    return text


def _int(value: object, what: str, low: int, high: int) -> int:
    # bool is an int in Python; True copies of a card is a bug, not a count.
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidInput(f"{what} must be a whole number, got {value!r}")
    if value < low:
        if low == 0:
            raise InvalidInput(f"{what} must not be negative, got {value}")
        raise InvalidInput(f"{what} must be at least {low}, got {value}")
    if value > high:
        raise InvalidInput(f"{what} must be at most {high}, got {value}")
    return value


def _game(value: object) -> str:
    """A game's registry key, as the saves keep it ("tcg", "pieces")."""
    try:
        return game_key(value)
    except InvalidInput as e:
        raise InvalidInput(f"{e} (a game's key, such as 'tcg' or 'pieces')") from None


def card_id(value: object) -> str:
    """``value`` if it is a well-formed card id like ``"ecard1-98"``, else InvalidInput."""
    if not isinstance(value, str) or not CARD_ID.fullmatch(value):
        raise InvalidInput(f"{value!r} is not a card id like 'ecard1-98'")
    return value


def _card_counts(cards: Mapping[str, int] | Iterable[str], verb: str) -> dict[str, int]:
    """{card id: copies} from a mapping or from an iterable of card ids (one copy each)."""
    counts: dict[str, int] = {}
    if isinstance(cards, str):
        raise InvalidInput(f"cards to {verb} must be a list of card ids or a mapping of card "
                           "id to count, not a single string")
    if isinstance(cards, Mapping):
        for cid, n in cards.items():
            counts[card_id(cid)] = _int(n, f"count of {cid} to {verb}", 1, COUNT_MAX)
    else:
        for cid in cards:
            counts[card_id(cid)] = counts.get(cid, 0) + 1
    if not counts:
        raise InvalidInput(f"no cards to {verb}")
    return counts



def backup_connection(source: sqlite3.Connection, target: Path) -> None:
    """Copy the database of ``source`` to a new file ``target`` with SQLite's backup API.
    The file is created exclusively, so one that appears meanwhile is never overwritten
    (FileExistsError); a copy that fails is removed."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.close(fd)
    try:
        dest = sqlite3.connect(target, isolation_level=None)
        try:
            source.backup(dest)
        finally:
            dest.close()
    except BaseException:
        target.unlink(missing_ok=True)
        raise


class Saves:
    """The saves of every profile in one SQLite database (a file, or memory)."""

    def __init__(self, conn: sqlite3.Connection, *, now: Clock = time.time,
                 path: Path | None = None, journal_mode: str = "memory") -> None:
        """Wrap an open, configured, migrated connection (in autocommit mode). Use
        :meth:`open`, :meth:`in_memory` or :func:`handheld.save.open_saves` instead."""
        self._conn: sqlite3.Connection | None = conn
        self._now = now
        self.path = path
        self.journal_mode = journal_mode
        # Stored rows found bad while reading (skipped or defaulted), for the player.
        self.problems: list[str] = []
        conn.text_factory = lenient_text

    # ---- opening and closing -------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str, *, now: Clock = time.time) -> Saves:
        """Open (creating or migrating) the save file at ``path``.

        Raises :class:`~handheld.save.errors.SaveFileProblem` without changing the file
        if it is damaged, not a save file, or from a newer version of the game."""
        from .opening import open_file  # opening builds on this module

        return open_file(path, now=now)

    @classmethod
    def in_memory(cls, *, now: Clock = time.time) -> Saves:
        """Saves that live in memory only (tests, and the game's fallback when the file
        cannot be used): everything works, nothing survives the process."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
        return cls(conn, now=now, path=None, journal_mode="memory")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> Saves:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        return self._conn is None

    @property
    def schema_version(self) -> int:
        with self._read() as conn:
            return user_version(conn)

    # ---- transactions --------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise SaveError("the saves are closed")
        return self._conn

    def _where(self) -> str:
        return str(self.path) if self.path is not None else "the in-memory saves"

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; rolled back on any exception. SQLite failures become
        StorageFailure (the saves are unchanged); SaveErrors pass through."""
        conn = self._connection()
        try:
            # IMMEDIATE takes the write lock now, so the checks made inside the transaction
            # still hold when it commits.
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise StorageFailure(f"could not start writing {self._where()}: {e}") from e
        try:
            yield conn
        except BaseException as e:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the transaction is already gone (SQLite rolled it back itself)
            if isinstance(e, sqlite3.Error):
                raise StorageFailure(f"could not write {self._where()}: {e}; "
                                     "nothing was changed") from e
            raise
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as e:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            raise StorageFailure(f"could not save to {self._where()}: {e}; "
                                 "nothing was changed") from e

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A read transaction, so that a record read with several queries is consistent.
        Any failure of the database or of decoding is the one damaged-save error."""
        conn = self._connection()
        try:
            conn.execute("BEGIN")
        except sqlite3.Error as e:
            raise DamagedSave(f"could not read {self._where()}: {e}") from e
        try:
            yield conn
        except (sqlite3.Error, UnicodeError, RecursionError) as e:
            raise DamagedSave(f"could not read {self._where()}: {e}") from e
        finally:
            try:
                conn.execute("COMMIT")
            except sqlite3.Error:
                pass

    def _stamp(self) -> float:
        t = self._now()
        if not isinstance(t, (int, float)) or isinstance(t, bool) or not math.isfinite(t):
            raise SaveError(f"the clock returned {t!r}, not a time in seconds")
        return float(t)

    def _note(self, problem: str) -> None:
        if problem not in self.problems and len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(problem)

    def _checked(self, table: str, raws: Iterable[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """The stored rows that pass their checks; the others are skipped and noted, so a
        damaged row costs only itself."""
        out = []
        for raw in raws:
            try:
                out.append(check_row(table, raw))
            except InvalidInput as e:
                self._note(f"{where(table, raw)}: {e}")
        return out

    def _one(self, table: str, raw: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
        rows = self._checked(table, [] if raw is None else [raw])
        return rows[0] if rows else None

    @staticmethod
    def _need_profile(conn: sqlite3.Connection, profile_id: object) -> int:
        if not isinstance(profile_id, int) or isinstance(profile_id, bool):
            raise InvalidInput(f"a profile id is a whole number, got {profile_id!r}")
        if conn.execute("SELECT 1 FROM profiles WHERE id = ?", (profile_id,)).fetchone() is None:
            raise UnknownProfile(f"no profile with id {profile_id}")
        return profile_id

    # ---- profiles ------------------------------------------------------------------------

    def create_profile(self, name: str) -> Profile:
        """A new profile; names are unique, ignoring case."""
        name = _text(name, "a profile name", PROFILE_NAME_MAX)
        with self._write() as conn:
            clash = conn.execute("SELECT name FROM profiles WHERE name = ?", (name,)).fetchone()
            if clash:
                raise DuplicateProfileName(f"there is already a profile called {clash[0]!r}")
            created = self._stamp()
            cur = conn.execute("INSERT INTO profiles (name, created) VALUES (?, ?)",
                               (name, created))
            return Profile(int(cur.lastrowid or 0), name, created)

    def profiles(self) -> list[Profile]:
        """Every profile, oldest first."""
        with self._read() as conn:
            rows = conn.execute("SELECT id, name, created FROM profiles ORDER BY id").fetchall()
        return [Profile(*row) for row in self._checked("profiles", rows)]

    def profile(self, profile_id: int) -> Profile:
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            row = self._one("profiles", conn.execute(
                "SELECT id, name, created FROM profiles WHERE id = ?", (profile_id,)).fetchone())
        if row is None:
            raise DamagedSave(f"profile {profile_id} in {self._where()} is damaged")
        return Profile(*row)

    def rename_profile(self, profile_id: int, name: str) -> Profile:
        name = _text(name, "a profile name", PROFILE_NAME_MAX)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            clash = conn.execute("SELECT name FROM profiles WHERE name = ? AND id != ?",
                                 (name, profile_id)).fetchone()
            if clash:
                raise DuplicateProfileName(f"there is already a profile called {clash[0]!r}")
            conn.execute("UPDATE profiles SET name = ? WHERE id = ?", (name, profile_id))
            created = conn.execute("SELECT created FROM profiles WHERE id = ?",
                                   (profile_id,)).fetchone()[0]
        return Profile(profile_id, name, created if isinstance(created, float) else 0.0)

    def delete_profile(self, profile_id: int) -> None:
        """Delete a profile and everything it owns."""
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            conn.execute("DELETE FROM profiles WHERE id = ?", (profile_id,))

    # ---- collection ----------------------------------------------------------------------

    def add_cards(self, profile_id: int, cards: Mapping[str, int] | Iterable[str], *,
                  scanned_from: str | None = None) -> dict[str, int]:
        """Add copies (``{"ecard1-98": 2}`` or ``["ecard1-98", "ecard1-98"]``); the new
        counts of the cards touched. A card's first copy records when it was scanned.
        ``scanned_from`` (say ``"camera"``) also writes the scan log, in the same
        transaction, so the collection can tell what was scanned today."""
        counts = _card_counts(cards, "add")
        source = None if scanned_from is None else _text(scanned_from, "a scan source", 40)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            now = self._stamp()
            conn.executemany(
                "INSERT INTO collection (profile_id, card_id, count, first_scanned) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (profile_id, card_id) "
                "DO UPDATE SET count = count + excluded.count",
                [(profile_id, cid, n, now) for cid, n in counts.items()])
            if source is not None:
                conn.executemany(
                    "INSERT INTO scan_log (profile_id, at, card_id, count, source) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [(profile_id, now, cid, n, source) for cid, n in counts.items()])
            return self._counts(conn, profile_id, counts)

    def scans(self, profile_id: int, since: float = 0.0, until: float = math.inf
              ) -> list[ScanRecord]:
        """The scan log between two times (seconds since the epoch), oldest first."""
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            rows = conn.execute(
                "SELECT id, profile_id, at, card_id, count, source FROM scan_log WHERE "
                "profile_id = ? "
                "AND at >= ? AND at < ? ORDER BY at, id",
                (profile_id, float(since), float(until) if math.isfinite(until) else 1e300)
            ).fetchall()
        return [ScanRecord(r[3], r[4], r[2], r[5]) for r in self._checked("scan_log", rows)]

    def now(self) -> float:
        """The saves' clock (what time stamps are taken from)."""
        return self._stamp()

    def remove_cards(self, profile_id: int,
                     cards: Mapping[str, int] | Iterable[str]) -> dict[str, int]:
        """Remove copies; NotEnoughCards (and nothing removed) if any card has fewer. A card
        that drops to zero copies keeps its first-scanned time (the Pokédex has seen it)."""
        counts = _card_counts(cards, "remove")
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            owned = self._counts(conn, profile_id, counts)
            short = [f"{cid} (has {owned[cid]}, removing {n})"
                     for cid, n in counts.items() if owned[cid] < n]
            if short:
                raise NotEnoughCards("not enough copies to remove: " + ", ".join(short))
            conn.executemany(
                "UPDATE collection SET count = count - ? WHERE profile_id = ? AND card_id = ?",
                [(n, profile_id, cid) for cid, n in counts.items()])
            return self._counts(conn, profile_id, counts)

    def _counts(self, conn: sqlite3.Connection, profile_id: int,
                cards: Iterable[str]) -> dict[str, int]:
        out = {}
        for cid in cards:
            row = conn.execute("SELECT count FROM collection WHERE profile_id = ? AND card_id = ?",
                               (profile_id, cid)).fetchone()
            n = row[0] if row else 0
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                # A count changed on the card since the boot check: refuse to build on it.
                raise DamagedSave(f"the stored count of {cid} in {self._where()} is damaged "
                                  f"({n!r})")
            out[cid] = n
        return out

    def collection(self, profile_id: int, *, include_zero: bool = False) -> list[CollectionEntry]:
        """The cards owned, in the order they were first scanned (``include_zero``: also the
        cards once owned and since removed)."""
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            rows = conn.execute(
                "SELECT card_id, count, first_scanned FROM collection WHERE profile_id = ? "
                "AND (count > 0 OR ?) ORDER BY first_scanned, card_id",
                (profile_id, include_zero)).fetchall()
        return [CollectionEntry(*r[1:]) for r in self._checked(
            "collection", [(profile_id, *row) for row in rows])]

    def import_collection(self, profile_id: int, cards: Mapping[str, int], *,
                          replace: bool = False) -> dict[str, int]:
        """Bring a collection file's counts in, in one transaction: added to the copies
        owned, or with ``replace`` the collection becomes exactly ``cards`` (every other
        card drops to zero copies, keeping its first-scanned time, as :meth:`remove_cards`
        does). A failure leaves the collection as it was. The new counts of ``cards``."""
        counts = _card_counts(cards, "import") if cards or not replace else {}
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            now = self._stamp()
            owned = self._counts(conn, profile_id, counts)
            too_many = [cid for cid, n in counts.items()
                        if (0 if replace else owned[cid]) + n > COPIES_MAX]
            if too_many:
                raise InvalidInput(f"more than {COPIES_MAX} copies of {too_many[0]}")
            if replace:
                conn.execute("UPDATE collection SET count = 0 WHERE profile_id = ?",
                             (profile_id,))
            conn.executemany(
                "INSERT INTO collection (profile_id, card_id, count, first_scanned) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (profile_id, card_id) "
                "DO UPDATE SET count = count + excluded.count",
                [(profile_id, cid, n, now) for cid, n in counts.items()])
            return self._counts(conn, profile_id, counts)

    def owned_counts(self, profile_id: int) -> dict[str, int]:
        """{card id: copies} of the cards owned (what the album and deck builder need)."""
        return {e.card_id: e.count for e in self.collection(profile_id)}

    # ---- decks ---------------------------------------------------------------------------

    @staticmethod
    def _deck_cards(cards: object) -> list[str]:
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            raise InvalidInput("a deck's cards must be a list of card ids")
        out = [card_id(c) for c in cards]
        if len(out) > DECK_CARDS_MAX:
            raise InvalidInput(f"a deck holds at most {DECK_CARDS_MAX} cards, got {len(out)}")
        return out

    def _load_deck(self, conn: sqlite3.Connection, deck_id: object) -> Deck:
        if not isinstance(deck_id, int) or isinstance(deck_id, bool):
            raise InvalidInput(f"a deck id is a whole number, got {deck_id!r}")
        row = conn.execute("SELECT id, profile_id, name, created, updated, era FROM decks "
                           "WHERE id = ?", (deck_id,)).fetchone()
        if row is None:
            raise UnknownDeck(f"no deck with id {deck_id}")
        checked = self._one("decks", row)
        if checked is None:
            raise DamagedSave(f"deck {deck_id} in {self._where()} is damaged")
        cards = tuple(r[2] for r in self._checked("deck_cards", conn.execute(
            "SELECT deck_id, position, card_id FROM deck_cards WHERE deck_id = ? "
            "ORDER BY position", (deck_id,))))
        return Deck(checked[0], checked[1], checked[2], cards, checked[3], checked[4],
                    checked[5])

    @staticmethod
    def _name_free(conn: sqlite3.Connection, profile_id: int, name: str,
                   deck_id: int | None = None) -> None:
        row = conn.execute("SELECT name FROM decks WHERE profile_id = ? AND name = ? "
                           "AND id IS NOT ?", (profile_id, name, deck_id)).fetchone()
        if row is not None:
            raise DuplicateDeckName(f"there is already a deck called {row[0]!r}")

    @staticmethod
    def _put_cards(conn: sqlite3.Connection, deck_id: int, cards: list[str]) -> None:
        conn.execute("DELETE FROM deck_cards WHERE deck_id = ?", (deck_id,))
        conn.executemany("INSERT INTO deck_cards (deck_id, position, card_id) VALUES (?, ?, ?)",
                         [(deck_id, i, c) for i, c in enumerate(cards)])

    def save_deck(self, profile_id: int, name: str, cards: Iterable[str], *,
                  deck_id: int | None = None, era: str | None = None) -> Deck:
        """Create a deck (``deck_id`` None) or replace deck ``deck_id``'s name and cards.
        Deck names are unique per profile, ignoring case. Legality is the deck builder's
        business: a half-built deck can be saved. ``era``: the era the deck is built for
        (a new deck's default is ``expedition``; an updated deck keeps its own)."""
        name = _text(name, "a deck name", DECK_NAME_MAX)
        card_list = self._deck_cards(cards)
        if era is not None:
            era = era_key(era)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            now = self._stamp()
            if deck_id is None:
                self._name_free(conn, profile_id, name)
                cur = conn.execute("INSERT INTO decks (profile_id, name, created, updated, era) "
                                   "VALUES (?, ?, ?, ?, ?)",
                                   (profile_id, name, now, now, era or "expedition"))
                new_id = int(cur.lastrowid or 0)
            else:
                old = self._load_deck(conn, deck_id)
                if old.profile_id != profile_id:
                    raise UnknownDeck(f"profile {profile_id} has no deck with id {deck_id}")
                self._name_free(conn, profile_id, name, deck_id)
                conn.execute("UPDATE decks SET name = ?, updated = ?, era = ? WHERE id = ?",
                             (name, now, era or old.era, deck_id))
                new_id = deck_id
            self._put_cards(conn, new_id, card_list)
            return self._load_deck(conn, new_id)

    def rename_deck(self, deck_id: int, name: str) -> Deck:
        name = _text(name, "a deck name", DECK_NAME_MAX)
        with self._write() as conn:
            deck = self._load_deck(conn, deck_id)
            self._name_free(conn, deck.profile_id, name, deck_id)
            conn.execute("UPDATE decks SET name = ?, updated = ? WHERE id = ?",
                         (name, self._stamp(), deck_id))
            return self._load_deck(conn, deck_id)

    def copy_deck(self, deck_id: int, name: str | None = None) -> Deck:
        """A copy of a deck under ``name``, or under "<name> copy" ("<name> copy 2", ...)."""
        new_name = None if name is None else _text(name, "a deck name", DECK_NAME_MAX)
        with self._write() as conn:
            deck = self._load_deck(conn, deck_id)
            if new_name is None:
                new_name = self._free_copy_name(conn, deck)
            self._name_free(conn, deck.profile_id, new_name)
            now = self._stamp()
            cur = conn.execute("INSERT INTO decks (profile_id, name, created, updated, era) "
                               "VALUES (?, ?, ?, ?, ?)",
                               (deck.profile_id, new_name, now, now, deck.era))
            new_id = int(cur.lastrowid or 0)
            self._put_cards(conn, new_id, list(deck.cards))
            return self._load_deck(conn, new_id)

    @staticmethod
    def _free_copy_name(conn: sqlite3.Connection, deck: Deck) -> str:
        n = 1
        while True:
            suffix = " copy" if n == 1 else f" copy {n}"
            candidate = deck.name[:DECK_NAME_MAX - len(suffix)] + suffix
            if conn.execute("SELECT 1 FROM decks WHERE profile_id = ? AND name = ?",
                            (deck.profile_id, candidate)).fetchone() is None:
                return candidate
            n += 1

    def delete_deck(self, deck_id: int) -> None:
        with self._write() as conn:
            self._load_deck(conn, deck_id)
            conn.execute("DELETE FROM decks WHERE id = ?", (deck_id,))

    def decks(self, profile_id: int) -> list[Deck]:
        """A profile's decks, by name."""
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            ids = [r[0] for r in conn.execute(
                "SELECT id FROM decks WHERE profile_id = ? ORDER BY name, id", (profile_id,))]
            out = []
            for i in ids:
                try:
                    out.append(self._load_deck(conn, i))
                except (DamagedSave, InvalidInput) as e:  # one bad deck costs only itself
                    self._note(str(e))
            return out

    def deck(self, deck_id: int) -> Deck:
        with self._read() as conn:
            return self._load_deck(conn, deck_id)

    def deck_named(self, profile_id: int, name: str) -> Deck:
        """The profile's deck called ``name`` (ignoring case), else UnknownDeck."""
        name = _text(name, "a deck name", DECK_NAME_MAX)
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            row = conn.execute("SELECT id FROM decks WHERE profile_id = ? AND name = ?",
                               (profile_id, name)).fetchone()
            if row is None:
                raise UnknownDeck(f"profile {profile_id} has no deck called {name!r}")
            return self._load_deck(conn, row[0])

    # ---- settings ------------------------------------------------------------------------

    @staticmethod
    def _key(key: object) -> str:
        if not isinstance(key, str) or not SETTING_KEY.fullmatch(key):
            raise InvalidInput(f"{key!r} is not a setting key (1-64 of A-Z a-z 0-9 _ . : -)")
        return key

    def set_setting(self, profile_id: int, key: str, value: Any) -> None:
        """Store any JSON value (tuples come back as lists)."""
        key = self._key(key)
        text = encode_json(value, f"setting {key!r}")
        check_row("settings", (profile_id, key, text))  # never write what reads as damaged
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            conn.execute("INSERT INTO settings (profile_id, key, value) VALUES (?, ?, ?) "
                         "ON CONFLICT (profile_id, key) DO UPDATE SET value = excluded.value",
                         (profile_id, key, text))

    def setting(self, profile_id: int, key: str, default: Any = None) -> Any:
        key = self._key(key)
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            row = self._one("settings", conn.execute(
                "SELECT profile_id, key, value FROM settings WHERE profile_id = ? AND key = ?",
                (profile_id, key)).fetchone())
        return default if row is None else json.loads(row[2])

    def settings(self, profile_id: int) -> dict[str, Any]:
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            rows = conn.execute("SELECT profile_id, key, value FROM settings WHERE "
                                "profile_id = ? ORDER BY key", (profile_id,)).fetchall()
        return {r[1]: json.loads(r[2]) for r in self._checked("settings", rows)}

    def delete_setting(self, profile_id: int, key: str) -> bool:
        """Forget a setting; whether there was one."""
        key = self._key(key)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            cur = conn.execute("DELETE FROM settings WHERE profile_id = ? AND key = ?",
                               (profile_id, key))
            return cur.rowcount > 0

    # ---- coin tallies --------------------------------------------------------------------

    @staticmethod
    def _scope(scope: str) -> str:
        if scope not in COIN_SCOPES:
            raise InvalidInput(f"a coin tally scope is one of {', '.join(COIN_SCOPES)}, "
                               f"not {scope!r}")
        return scope

    def coin_tally(self, profile_id: int, scope: str = "all") -> dict[str, Any] | None:
        """The coin statistics the e-Tools keep (a JSON object), or None before any flip.
        ``scope``: "all" (every flip) or "match" (the flips in matches)."""
        scope = self._scope(scope)
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            row = self._one("coin_tally", conn.execute(
                "SELECT profile_id, scope, data FROM coin_tally WHERE profile_id = ? AND "
                "scope = ?", (profile_id, scope)).fetchone())
        return json.loads(row[2]) if row else None

    def update_coin_tally(self, profile_id: int, scope: str,
                          update: Callable[[dict[str, Any] | None], dict[str, Any]]
                          ) -> dict[str, Any]:
        """Read, change and write a tally in one transaction: ``update`` gets the stored
        object (None at first) and returns the new one, so no flip is ever counted twice
        or lost, even by two writers or a power cut."""
        scope = self._scope(scope)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            # A damaged tally (noted) reads as none: the tally starts again.
            row = self._one("coin_tally", conn.execute(
                "SELECT profile_id, scope, data FROM coin_tally WHERE profile_id = ? AND "
                "scope = ?", (profile_id, scope)).fetchone())
            new = update(json.loads(row[2]) if row else None)
            if not isinstance(new, dict):
                raise InvalidInput(f"a coin tally is a dict, got {type(new).__name__}")
            conn.execute("INSERT INTO coin_tally (profile_id, scope, data) VALUES (?, ?, ?) ON "
                         "CONFLICT (profile_id, scope) DO UPDATE SET data = excluded.data",
                         check_row("coin_tally", (profile_id, scope,
                                                  encode_json(new, "the coin tally"))))
            return new

    def reset_coin_tally(self, profile_id: int, scope: str | None = None) -> None:
        """Forget the tally of one scope, or of every scope."""
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            if scope is None:
                conn.execute("DELETE FROM coin_tally WHERE profile_id = ?", (profile_id,))
            else:
                conn.execute("DELETE FROM coin_tally WHERE profile_id = ? AND scope = ?",
                             (profile_id, self._scope(scope)))

    # ---- battle-timer presets ------------------------------------------------------------

    def save_timer_preset(self, profile_id: int, preset: TimerPreset) -> TimerPreset:
        """Add a preset, or replace the one with the same name (ignoring case)."""
        if not isinstance(preset, TimerPreset):
            raise InvalidInput(f"expected a TimerPreset, got {type(preset).__name__}")
        name = _text(preset.name, "a timer preset name", PRESET_NAME_MAX)
        seconds = _int(preset.seconds, "the timed match's seconds", 1, TIMER_SECONDS_MAX)
        warn = _int(preset.warn_at_seconds, "the warning time", 0, seconds - 1)
        if not isinstance(preset.pause_between_turns, bool):
            raise InvalidInput("pause_between_turns must be True or False")
        clean = TimerPreset(name, seconds, warn, preset.pause_between_turns)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            conn.execute("DELETE FROM timer_presets WHERE profile_id = ? AND name = ?",
                         (profile_id, name))
            conn.execute("INSERT INTO timer_presets (profile_id, name, seconds, "
                         "warn_at_seconds, pause_between_turns) VALUES (?, ?, ?, ?, ?)",
                         (profile_id, name, seconds, warn, int(clean.pause_between_turns)))
        return clean

    def timer_presets(self, profile_id: int) -> list[TimerPreset]:
        """A profile's presets, shortest first."""
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            rows = conn.execute("SELECT profile_id, name, seconds, warn_at_seconds, "
                                "pause_between_turns FROM timer_presets WHERE profile_id = ? "
                                "ORDER BY seconds, name", (profile_id,)).fetchall()
        return [TimerPreset(n, s, w, bool(p))
                for _, n, s, w, p in self._checked("timer_presets", rows)]

    def delete_timer_preset(self, profile_id: int, name: str) -> None:
        name = _text(name, "a timer preset name", PRESET_NAME_MAX)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            cur = conn.execute("DELETE FROM timer_presets WHERE profile_id = ? AND name = ?",
                               (profile_id, name))
            if cur.rowcount == 0:
                raise UnknownTimerPreset(f"profile {profile_id} has no timer preset {name!r}")

    # ---- match history -------------------------------------------------------------------

    def add_match(self, profile_id: int, *, deck_a: str, deck_b: str, winner: str | None,
                  result: str, turns: int, ruleset: str = "expedition",
                  game: str = "tcg", opponent: str | None = None,
                  outcome: str | None = None,
                  boosters: Iterable[tuple[str, int]] = ()) -> MatchResult:
        """Record a finished match (``winner`` None: a draw), stamped with the clock. A game
        other than the card game (``game="pieces"``) puts its sides' names in ``deck_a``
        and ``deck_b`` and its rule set in ``ruleset``. A duel against a roster opponent
        gives the opponent's id and the ``outcome`` for the player ("win", "loss",
        "draw"): the ladder's progress is read from them (handheld/roster.py). ``boosters``
        are the packs (set, seed) the match earned, written in the same transaction as
        the match (a win is never recorded without its packs, nor the packs without it)."""
        packs = self._packs(boosters)
        deck_a = _text(deck_a, "the first deck's name", MATCH_TEXT_MAX)
        deck_b = _text(deck_b, "the second deck's name", MATCH_TEXT_MAX)
        if winner is not None:
            winner = _text(winner, "the winner", MATCH_TEXT_MAX)
        result = _text(result, "the result", MATCH_TEXT_MAX)
        turns = _int(turns, "the number of turns", 0, 1_000_000)
        ruleset = _text(ruleset, "the ruleset", MATCH_TEXT_MAX)
        game = _game(game)
        opponent = opponent_key(opponent)
        outcome = _outcome(outcome)
        if (opponent is None) != (outcome is None):
            raise InvalidInput("a roster duel gives both its opponent and its outcome")
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            played = self._stamp()
            cur = conn.execute(
                "INSERT INTO match_history (profile_id, played_at, deck_a, deck_b, winner, "
                "result, turns, ruleset, game, opponent, outcome) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (profile_id, played, deck_a, deck_b, winner, result, turns, ruleset, game,
                 opponent, outcome))
            log.info("match end: %s (%s) %s vs %s: %s, winner %s, %d turns%s", game, ruleset,
                     deck_a, deck_b, result, winner or "none", turns,
                     f", against {opponent} ({outcome})" if opponent else "")
            if packs:
                self._put_packs(conn, profile_id, packs, played,
                                f"win:{opponent}" if opponent else "match")
            return MatchResult(int(cur.lastrowid or 0), profile_id, played, deck_a, deck_b,
                               winner, result, turns, ruleset, game, opponent, outcome)

    def match_history(self, profile_id: int, limit: int | None = None) -> list[MatchResult]:
        """Finished matches, newest first (at most ``limit``)."""
        n = -1 if limit is None else _int(limit, "the limit", 0, 1_000_000_000)
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            rows = conn.execute(
                "SELECT id, profile_id, played_at, deck_a, deck_b, winner, result, turns, "
                "ruleset, game, opponent, outcome FROM match_history WHERE profile_id = ? "
                "ORDER BY played_at DESC, id DESC LIMIT ?", (profile_id, n)).fetchall()
        return [MatchResult(*row) for row in self._checked("match_history", rows)]

    # ---- booster packs --------------------------------------------------------------------

    @staticmethod
    def _packs(packs: Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
        out = []
        for item in packs:
            if not isinstance(item, tuple) or len(item) != 2:
                raise InvalidInput(f"a booster pack is a (set, seed) pair, not {item!r}")
            out.append((era_key(item[0]), _int(item[1], "a pack's seed", 0, SEED_MAX)))
        if len(out) > 100:
            raise InvalidInput(f"{len(out)} packs at once; at most 100")
        return out

    @staticmethod
    def _put_packs(conn: sqlite3.Connection, profile_id: int, packs: list[tuple[str, int]],
                   at: float, source: str) -> None:
        conn.executemany(
            "INSERT INTO boosters (profile_id, set_slug, seed, awarded_at, source) "
            "VALUES (?, ?, ?, ?, ?)", [(profile_id, slug, seed, at, source)
                                       for slug, seed in packs])

    def award_boosters(self, profile_id: int, packs: Iterable[tuple[str, int]], *,
                       source: str) -> list[BoosterPack]:
        """Give packs (set, seed) unopened, with what earned them; the packs written."""
        checked = self._packs(packs)
        source = _text(source, "the packs' source", BOOSTER_SOURCE_MAX)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            at = self._stamp()
            first = conn.execute("SELECT COALESCE(MAX(id), 0) FROM boosters").fetchone()[0]
            self._put_packs(conn, profile_id, checked, at, source)
            rows = conn.execute(
                "SELECT id, profile_id, set_slug, seed, awarded_at, source, opened_at, cards "
                "FROM boosters WHERE profile_id = ? AND id > ? ORDER BY id",
                (profile_id, first)).fetchall()
        return [self._pack(r) for r in rows]

    @staticmethod
    def _pack(row: tuple[Any, ...]) -> BoosterPack:
        cards = booster_cards(row[7])
        return BoosterPack(row[0], row[2], row[3], row[4], row[5], row[6],
                           None if cards is None else tuple(cards))

    def boosters(self, profile_id: int, *, opened: bool | None = False) -> list[BoosterPack]:
        """The profile's packs, oldest first: unopened ones (the default), opened ones
        (``opened=True``) or all (``None``)."""
        test = {False: " AND opened_at IS NULL", True: " AND opened_at IS NOT NULL",
                None: ""}[opened]
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            rows = conn.execute(
                "SELECT id, profile_id, set_slug, seed, awarded_at, source, opened_at, cards "
                f"FROM boosters WHERE profile_id = ?{test} ORDER BY id",
                (profile_id,)).fetchall()
        return [self._pack(r) for r in self._checked("boosters", rows)]

    def open_booster(self, profile_id: int, pack_id: int, cards: Iterable[str]) -> BoosterPack:
        """Open a pack: mark it opened with its ``cards`` (what its set and seed make,
        ``handheld.boosters.open_pack``) and add them to the collection, in one transaction.
        The scan log is left alone (these cards were not scanned: the pack's row says where
        they came from). Opening an opened pack again changes nothing and
        gives it back as it was opened."""
        ids = [card_id(c) for c in cards]
        if not 0 < len(ids) <= BOOSTER_CARDS_MAX:
            raise InvalidInput(f"a pack holds 1 to {BOOSTER_CARDS_MAX} cards, not {len(ids)}")
        pack_id = _int(pack_id, "the pack id", 1, 2**63 - 1)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            row = conn.execute(
                "SELECT id, profile_id, set_slug, seed, awarded_at, source, opened_at, cards "
                "FROM boosters WHERE id = ? AND profile_id = ?", (pack_id, profile_id)
            ).fetchone()
            if row is None:
                raise InvalidInput(f"no booster pack {pack_id} for this profile")
            checked = self._checked("boosters", [row])
            if not checked:
                raise DamagedSave(f"booster pack {pack_id} is damaged in {self._where()}")
            if checked[0][6] is not None:
                return self._pack(checked[0])
            now = self._stamp()
            text = encode_json(ids, "the pack's cards")
            conn.execute("UPDATE boosters SET opened_at = ?, cards = ? WHERE id = ?",
                         (now, text, pack_id))
            counts: dict[str, int] = {}
            for c in ids:
                counts[c] = counts.get(c, 0) + 1
            conn.executemany(
                "INSERT INTO collection (profile_id, card_id, count, first_scanned) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (profile_id, card_id) "
                "DO UPDATE SET count = count + excluded.count",
                [(profile_id, cid, n, now) for cid, n in counts.items()])
            return BoosterPack(checked[0][0], checked[0][2], checked[0][3], checked[0][4],
                               checked[0][5], now, tuple(ids))

    # ---- suspended match -----------------------------------------------------------------

    def suspend_match(self, profile_id: int, position: dict[str, Any], replay: dict[str, Any],
                      rng_state: Any) -> SuspendedMatch:
        """Put a match aside (replacing any match already suspended for the profile).
        ``rng_state`` comes back exactly, tuples and all."""
        if not isinstance(position, dict):
            raise InvalidInput(f"a position is a dict, got {type(position).__name__}")
        if not isinstance(replay, dict):
            raise InvalidInput(f"a replay is a dict, got {type(replay).__name__}")
        pos_text = encode_json(position, "the position")
        replay_text = encode_json(replay, "the replay")
        rng_text = encode_exact(rng_state)
        check_row("suspended_match", (profile_id, 0.0, pos_text, replay_text, rng_text))
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            saved = self._stamp()
            conn.execute(
                "INSERT INTO suspended_match (profile_id, saved_at, position, replay, rng_state)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (profile_id) DO UPDATE SET saved_at = "
                "excluded.saved_at, position = excluded.position, replay = excluded.replay, "
                "rng_state = excluded.rng_state",
                (profile_id, saved, pos_text, replay_text, rng_text))
        return SuspendedMatch(profile_id, saved, json.loads(pos_text), json.loads(replay_text),
                              decode_exact(rng_text))

    def suspended_match(self, profile_id: int) -> SuspendedMatch | None:
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            raw = conn.execute("SELECT profile_id, saved_at, position, replay, rng_state "
                               "FROM suspended_match WHERE profile_id = ?",
                               (profile_id,)).fetchone()
        if raw is None:
            return None
        try:
            row = check_row("suspended_match", raw)
        except InvalidInput as e:
            # Not silently dropped: the caller reports it and may keep a backup copy.
            raise DamagedSave(f"the suspended match in {self._where()} is damaged: {e}") \
                from None
        return SuspendedMatch(profile_id, row[1], json.loads(row[2]), json.loads(row[3]),
                              decode_exact(row[4]))

    def has_suspended(self, profile_id: int) -> bool:
        """Whether a suspended match is stored for the profile, readable or not (Continue
        offers it; a damaged one is then reported and can be put aside)."""
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            return conn.execute("SELECT 1 FROM suspended_match WHERE profile_id = ?",
                                (profile_id,)).fetchone() is not None

    # ---- suspended games of the other games ---------------------------------------------

    def suspend_game(self, profile_id: int, game: str, position: dict[str, Any],
                     replay: dict[str, Any]) -> SuspendedGame:
        """Put a game of ``game`` (not the card game: that is :meth:`suspend_match`) aside,
        replacing the one of that game already suspended for the profile; a suspended game
        of another game stays as it is."""
        game = _game(game)
        if game == "tcg":
            raise InvalidInput("the card game's match is suspended with suspend_match")
        if not isinstance(position, dict):
            raise InvalidInput(f"a position is a dict, got {type(position).__name__}")
        if not isinstance(replay, dict):
            raise InvalidInput(f"a replay is a dict, got {type(replay).__name__}")
        pos_text = encode_json(position, "the position")
        replay_text = encode_json(replay, "the replay")
        check_row("suspended_game", (profile_id, game, 0.0, pos_text, replay_text))
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            saved = self._stamp()
            conn.execute(
                "INSERT INTO suspended_game (profile_id, game, saved_at, position, replay) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (profile_id, game) DO UPDATE SET "
                "saved_at = excluded.saved_at, position = excluded.position, "
                "replay = excluded.replay",
                (profile_id, game, saved, pos_text, replay_text))
        return SuspendedGame(profile_id, game, saved, json.loads(pos_text),
                             json.loads(replay_text))

    def suspended_game(self, profile_id: int, game: str) -> SuspendedGame | None:
        """The profile's suspended game of ``game``, or None; DamagedSave if its row does
        not pass its check (the caller says so and keeps it)."""
        game = _game(game)
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            raw = conn.execute("SELECT profile_id, game, saved_at, position, replay "
                               "FROM suspended_game WHERE profile_id = ? AND game = ?",
                               (profile_id, game)).fetchone()
        if raw is None:
            return None
        try:
            row = check_row("suspended_game", raw)
        except InvalidInput as e:
            raise DamagedSave(f"the suspended {game} game in {self._where()} is damaged: {e}") \
                from None
        return SuspendedGame(profile_id, game, row[2], json.loads(row[3]), json.loads(row[4]))

    def has_suspended_game(self, profile_id: int, game: str) -> bool:
        """Whether a game of ``game`` is suspended for the profile, readable or not."""
        game = _game(game)
        with self._read() as conn:
            self._need_profile(conn, profile_id)
            return conn.execute("SELECT 1 FROM suspended_game WHERE profile_id = ? AND "
                                "game = ?", (profile_id, game)).fetchone() is not None

    def clear_suspended_game(self, profile_id: int, game: str) -> bool:
        """Drop the profile's suspended game of ``game``; whether there was one."""
        game = _game(game)
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            cur = conn.execute("DELETE FROM suspended_game WHERE profile_id = ? AND game = ?",
                               (profile_id, game))
            return cur.rowcount > 0

    def backup(self, target: Path | str) -> Path:
        """A consistent copy of these saves written to ``target`` with SQLite's backup API;
        never over an existing file (FileExistsError)."""
        target = Path(target)
        backup_connection(self._connection(), target)
        return target

    def clear_suspended(self, profile_id: int) -> bool:
        """Drop the suspended match (it was resumed or abandoned); whether there was one."""
        with self._write() as conn:
            self._need_profile(conn, profile_id)
            cur = conn.execute("DELETE FROM suspended_match WHERE profile_id = ?", (profile_id,))
            return cur.rowcount > 0
