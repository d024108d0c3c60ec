"""The decks saved on a handheld, for "new" (``--data-dir DIR``), read without writing.

The save file is checked by :func:`handheld.save.check_save_file` (which never writes) and
then opened through a read-only SQLite connection, so that reading a deck can neither
switch the file's journal mode nor migrate it, as opening it for the game would. Only a
file with this game's application id and the current schema version is read; anything
else is refused with :class:`SavesUnreadable` and left as it is.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..save import SAVE_FILE, SaveError, Saves, check_save_file
from ..save.errors import InvalidInput, NotFound
from ..save.schema import APPLICATION_ID, SCHEMA_VERSION
from .errors import ProtocolError, SavesUnreadable, UnknownDeck
from .fields import shown

MAX_NAME_CHARS = 100  # a deck or profile name (the saves allow far fewer)
MAX_SAVED_LISTED = 200  # saved decks "hello" lists


class SavedDecks:
    """The profiles' saved decks in the save file of ``data_dir``."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / SAVE_FILE

    @contextmanager
    def _open(self) -> Iterator[Saves]:
        if not self.path.is_file():
            raise SavesUnreadable(f"there is no save file in the data directory "
                                  f"({SAVE_FILE})")
        problem = check_save_file(self.path)
        if problem is not None:
            raise SavesUnreadable(f"the save file cannot be read ({problem.kind}); the game "
                                  "says more when it starts")
        # Without a log beside it, the file is the whole database: "immutable" reads it
        # without creating -wal/-shm files (the same choice as check_save_file).
        sidecars = [Path(f"{self.path}{s}") for s in ("-wal", "-journal")]
        quiet = "" if any(s.exists() for s in sidecars) else "&immutable=1"
        try:
            conn = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro" + quiet,
                                   uri=True, isolation_level=None, timeout=2.0)
        except sqlite3.Error as exc:
            raise SavesUnreadable(f"the save file cannot be opened ({exc})") from None
        try:
            try:
                app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
                version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            except sqlite3.Error as exc:
                raise SavesUnreadable(f"the save file cannot be read ({exc})") from None
            if app_id != APPLICATION_ID or version != SCHEMA_VERSION:
                raise SavesUnreadable(f"the save file is not this version's saves (format "
                                      f"{version}; start the game once to bring it up to "
                                      f"format {SCHEMA_VERSION})")
            yield Saves(conn, path=self.path)
        except (SaveError, sqlite3.Error, ValueError, TypeError) as exc:
            # Rows that do not decode or do not fit the records: damaged saves.
            raise SavesUnreadable(f"the save file cannot be read ({exc})") from None
        finally:
            conn.close()

    def names(self) -> dict[str, list[str]]:
        """Each profile's saved deck names (for "hello"); empty if the saves cannot be read."""
        out: dict[str, list[str]] = {}
        listed = 0
        try:
            with self._open() as saves:
                for profile in saves.profiles():
                    decks = [d.name for d in saves.decks(profile.id)]
                    out[profile.name] = decks[:max(0, MAX_SAVED_LISTED - listed)]
                    listed += len(decks)
        except ProtocolError:
            return {}
        return out

    def load(self, spec: dict[str, Any], where: str) -> list[str]:
        """The cards of ``{"deck": NAME, "profile": NAME}`` (profile: the first one, as the
        game uses, when left out)."""
        unknown = sorted(set(spec) - {"deck", "profile"})
        if unknown:
            raise ProtocolError(f"{where}: unknown field {shown(unknown[0])}; a saved deck is "
                                "{\"deck\": NAME, \"profile\": NAME}")
        name, profile_name = spec.get("deck"), spec.get("profile")
        for field, value, required in (("deck", name, True), ("profile", profile_name, False)):
            if value is None and not required:
                continue
            if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME_CHARS:
                raise ProtocolError(f"{where}.{field} must be a name of 1 to {MAX_NAME_CHARS} "
                                    f"characters, not {shown(value)}")
        assert isinstance(name, str)
        with self._open() as saves:
            profiles = saves.profiles()
            if profile_name is None:
                profile = profiles[0] if profiles else None
            else:
                profile = next((p for p in profiles
                                if p.name.casefold() == profile_name.casefold()), None)
            if profile is None:
                raise UnknownDeck(f"{where}: no profile called {shown(profile_name)}")
            try:
                deck = saves.deck_named(profile.id, name)
            except (NotFound, InvalidInput):
                raise UnknownDeck(f"{where}: {profile.name} has no saved deck called "
                                  f"{shown(name)}") from None
            return list(deck.cards)
