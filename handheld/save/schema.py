"""The save file's schema and its migrations.

The schema version lives in ``PRAGMA user_version``; ``PRAGMA application_id`` marks the file
as ours, so a stranger's SQLite file is never mistaken for an empty save. ``MIGRATIONS[i]``
takes a file from version ``i`` to ``i + 1``; each step runs in its own transaction together
with the ``user_version`` bump, so a power cut mid-migration leaves the file at the old
version or the new one, never in between.

To change the schema, append a step (never edit a shipped one: files in the wild were made
by it) and add a test that a file of the previous version keeps its data. See docs/SAVES.md.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

# "PTCG" in ASCII: what PRAGMA application_id holds in every save file.
APPLICATION_ID = 0x50544347


@dataclass(frozen=True)
class Migration:
    """One step: SQL statements (run in order), then an optional Python function for data
    work that SQL cannot express. Both run inside the step's transaction."""

    version: int  # the version the file has after this step
    description: str
    statements: tuple[str, ...] = ()
    run: Callable[[sqlite3.Connection], None] | None = None

    def apply(self, conn: sqlite3.Connection) -> None:
        for sql in self.statements:
            conn.execute(sql)
        if self.run is not None:
            self.run(conn)


_PROFILE_FK = "profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE"

V1 = Migration(
    version=1,
    description="profiles, collection, decks, settings, coin statistics, match history, "
                "suspended match",
    statements=(
        f"PRAGMA application_id = {APPLICATION_ID}",
        """CREATE TABLE profiles (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            created REAL NOT NULL)""",
        f"""CREATE TABLE collection (
            {_PROFILE_FK},
            card_id TEXT NOT NULL,
            count INTEGER NOT NULL CHECK (count >= 0),
            first_scanned REAL NOT NULL,
            PRIMARY KEY (profile_id, card_id)) WITHOUT ROWID""",
        f"""CREATE TABLE decks (
            id INTEGER PRIMARY KEY,
            {_PROFILE_FK},
            name TEXT NOT NULL COLLATE NOCASE,
            created REAL NOT NULL,
            updated REAL NOT NULL,
            UNIQUE (profile_id, name))""",
        """CREATE TABLE deck_cards (
            deck_id INTEGER NOT NULL REFERENCES decks(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            card_id TEXT NOT NULL,
            PRIMARY KEY (deck_id, position)) WITHOUT ROWID""",
        f"""CREATE TABLE settings (
            {_PROFILE_FK},
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (profile_id, key)) WITHOUT ROWID""",
        """CREATE TABLE coin_stats (
            profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
            flips INTEGER NOT NULL DEFAULT 0,
            heads INTEGER NOT NULL DEFAULT 0,
            tails INTEGER NOT NULL DEFAULT 0,
            longest_heads_streak INTEGER NOT NULL DEFAULT 0,
            current_heads_streak INTEGER NOT NULL DEFAULT 0)""",
        f"""CREATE TABLE match_history (
            id INTEGER PRIMARY KEY,
            {_PROFILE_FK},
            played_at REAL NOT NULL,
            deck_a TEXT NOT NULL,
            deck_b TEXT NOT NULL,
            winner TEXT,
            result TEXT NOT NULL,
            turns INTEGER NOT NULL)""",
        "CREATE INDEX match_history_by_profile ON match_history (profile_id, played_at)",
        """CREATE TABLE suspended_match (
            profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
            saved_at REAL NOT NULL,
            position TEXT NOT NULL,
            replay TEXT NOT NULL,
            rng_state TEXT NOT NULL)""",
    ),
)

V2 = Migration(
    version=2,
    description="battle-timer presets; the ruleset of each match in the history",
    statements=(
        f"""CREATE TABLE timer_presets (
            {_PROFILE_FK},
            name TEXT NOT NULL COLLATE NOCASE,
            seconds_per_turn INTEGER NOT NULL CHECK (seconds_per_turn > 0),
            warn_at_seconds INTEGER NOT NULL DEFAULT 0 CHECK (warn_at_seconds >= 0),
            pause_between_turns INTEGER NOT NULL DEFAULT 1,
            PRIMARY KEY (profile_id, name)) WITHOUT ROWID""",
        # Every match saved before v2 was played under the home era's rules.
        "ALTER TABLE match_history ADD COLUMN ruleset TEXT NOT NULL DEFAULT 'expedition'",
    ),
)

V3 = Migration(
    version=3,
    description="coin tallies kept by the e-Tools (all flips, and those in matches); a timer "
                "preset is the length of a timed match",
    statements=(
        # The e-Tools' coin statistics (heads, tails, streaks, the last results) as one JSON
        # object per profile and scope ("all": every flip; "match": those in matches).
        f"""CREATE TABLE coin_tally (
            {_PROFILE_FK},
            scope TEXT NOT NULL CHECK (scope IN ('all', 'match')),
            data TEXT NOT NULL,
            PRIMARY KEY (profile_id, scope)) WITHOUT ROWID""",
        """INSERT INTO coin_tally (profile_id, scope, data)
            SELECT profile_id, 'all', json_object(
                'heads', heads, 'tails', tails, 'longest_heads', longest_heads_streak,
                'longest_tails', 0, 'run_side', CASE WHEN current_heads_streak > 0
                THEN 'H' ELSE NULL END, 'run_length', current_heads_streak, 'recent', '')
            FROM coin_stats WHERE flips > 0""",
        "DROP TABLE coin_stats",
        "ALTER TABLE timer_presets RENAME COLUMN seconds_per_turn TO seconds",
    ),
)

V4 = Migration(
    version=4,
    description="the scan log: every card added by scanning, when and from which source",
    statements=(
        # One row per scan that added cards (a card code with its count, or each card of a
        # deck code), so the collection can show what was scanned today. The collection
        # table stays the truth about counts; the log only says where copies came from.
        f"""CREATE TABLE scan_log (
            id INTEGER PRIMARY KEY,
            {_PROFILE_FK},
            at REAL NOT NULL,
            card_id TEXT NOT NULL,
            count INTEGER NOT NULL CHECK (count > 0),
            source TEXT NOT NULL)""",
        "CREATE INDEX scan_log_by_time ON scan_log (profile_id, at)",
    ),
)

V5 = Migration(
    version=5,
    description="the era each deck is built for",
    statements=(
        # A deck belongs to an era (its cards, its deck rules); every deck saved before v5
        # was built for the home era.
        "ALTER TABLE decks ADD COLUMN era TEXT NOT NULL DEFAULT 'expedition'",
    ),
)

V6 = Migration(
    version=6,
    description="a suspended game of the handheld's other games (Legend Pieces), kept apart "
                "from the card game's suspended match; the game of each match in the history",
    statements=(
        # One suspended game per profile and game, so putting a piece game aside never
        # replaces the suspended card match (which keeps its own table, as before).
        f"""CREATE TABLE suspended_game (
            {_PROFILE_FK},
            game TEXT NOT NULL,
            saved_at REAL NOT NULL,
            position TEXT NOT NULL,
            replay TEXT NOT NULL,
            PRIMARY KEY (profile_id, game)) WITHOUT ROWID""",
        # Every match saved before v6 was a card match.
        "ALTER TABLE match_history ADD COLUMN game TEXT NOT NULL DEFAULT 'tcg'",
    ),
)

V7 = Migration(
    version=7,
    description="the roster opponent of each match in the history, and its outcome from the "
                "player's side",
    statements=(
        # The ladder's progress is read from these two columns (handheld/roster.py): the
        # opponent's roster id, and "win", "loss" or "draw" for the profile's side. A winner
        # label alone would not do: a profile can be renamed. Matches saved before v7 were
        # not against a roster opponent (NULL in both).
        "ALTER TABLE match_history ADD COLUMN opponent TEXT",
        "ALTER TABLE match_history ADD COLUMN outcome TEXT "
        "CHECK (outcome IN ('win', 'loss', 'draw'))",
        "CREATE INDEX match_history_by_opponent ON match_history (profile_id, opponent)",
    ),
)

V8 = Migration(
    version=8,
    description="booster packs earned on the ladder: unopened, or opened with their cards",
    statements=(
        # A pack is its set and seed (its contents are a pure function of the two,
        # handheld/boosters.py), what earned it, and once opened when and which cards it
        # gave: opening writes these and the collection's counts in one transaction.
        f"""CREATE TABLE boosters (
            id INTEGER PRIMARY KEY,
            {_PROFILE_FK},
            set_slug TEXT NOT NULL,
            seed INTEGER NOT NULL CHECK (seed >= 0),
            awarded_at REAL NOT NULL,
            source TEXT NOT NULL,
            opened_at REAL,
            cards TEXT)""",
        "CREATE INDEX boosters_unopened ON boosters (profile_id, opened_at)",
    ),
)

MIGRATIONS: tuple[Migration, ...] = (V1, V2, V3, V4, V5, V6, V7, V8)
SCHEMA_VERSION = len(MIGRATIONS)


def user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the file up to ``target`` one step per transaction; the version it had before.

    ``conn`` must be in autocommit mode (``isolation_level=None``) so that the explicit
    ``BEGIN IMMEDIATE`` below is the only transaction."""
    if not 0 <= target <= SCHEMA_VERSION:
        raise ValueError(f"no schema version {target} (this version knows 0..{SCHEMA_VERSION})")
    start = user_version(conn)
    for step in MIGRATIONS[start:target]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while we waited for the write lock.
            if user_version(conn) >= step.version:
                conn.execute("ROLLBACK")
                continue
            step.apply(conn)
            conn.execute(f"PRAGMA user_version = {step.version}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return start
