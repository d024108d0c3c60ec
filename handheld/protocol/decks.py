"""Where a deck named in ``new`` may come from, and nowhere else: a ready-made deck of the
assets, an inline list of card ids, a ``.deck`` file directly inside the directory the
operator named with ``--deck-dir``, or a deck saved in the profiles of ``--data-dir``. A
client's string is never used as a path: it is a plain file name looked up in that one
directory, and an unknown name gets the same answer whatever exists elsewhere. A deck
file's contents are never echoed."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..cards import DeckFileError, deck_names, load_ready_made_deck, read_deck_file
from ..engine.deck import MAX_LIST_CARDS
from ..engine.errors import InvalidDeck
from .errors import ProtocolError, UnknownDeck
from .fields import shown
from .saved import SavedDecks

DECK_SUFFIX = ".deck"
MAX_CARD_ID_CHARS = 40  # a card id ("ecard1-98") is far shorter
MAX_DECK_FILES_LISTED = 200  # deck files "hello" lists
# A deck file name a client may use: one plain name (no separators, no leading dot).
_DECK_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,99}")


class DeckSources:
    """Where a deck named in ``new`` may come from: a ready-made deck of the assets, an
    inline list of card ids, a ``.deck`` file directly inside the operator's deck
    directory (``--deck-dir``), or a deck saved on the handheld whose data directory the
    operator named (``--data-dir``). A client's string is never used as a path."""

    def __init__(self, deck_dir: Path | None = None, data_dir: Path | None = None) -> None:
        self.deck_dir = Path(os.path.realpath(deck_dir)) if deck_dir is not None else None
        self.saved = SavedDecks(data_dir) if data_dir is not None else None

    def saved_names(self) -> dict[str, list[str]]:
        return self.saved.names() if self.saved is not None else {}

    def ready_made(self) -> list[str]:
        return deck_names()

    def files(self) -> list[str]:
        """The deck files of the deck directory (names without ``.deck``), at most
        :data:`MAX_DECK_FILES_LISTED`."""
        if self.deck_dir is None:
            return []
        out: list[str] = []
        try:
            with os.scandir(self.deck_dir) as entries:
                for entry in entries:
                    if not entry.name.endswith(DECK_SUFFIX):
                        continue
                    # Listed exactly when "new" would read it: the same name and link rules.
                    path = self._file_path(entry.name)
                    if path is not None and path.is_file():
                        out.append(entry.name[:-len(DECK_SUFFIX)])
                        if len(out) >= MAX_DECK_FILES_LISTED:
                            break
        except OSError:
            return []
        return sorted(out)

    def unknown(self, where: str, name: str) -> UnknownDeck:
        files = ", a deck file of the deck directory" if self.deck_dir is not None else ""
        return UnknownDeck(f"{where}: no deck named {shown(name)}; a deck is a ready-made "
                           f"deck name (see \"hello\"){files} or a list of card ids")

    def load(self, spec: Any, where: str, pool_has: Callable[[str], bool]) -> list[str]:
        if isinstance(spec, list):
            return self._inline(spec, where)
        if isinstance(spec, dict):
            if self.saved is None:
                raise UnknownDeck(f"{where}: saved decks are not available (the engine was "
                                  "started without --data-dir)")
            return self._inline(self.saved.load(spec, where), where)
        if not isinstance(spec, str):
            raise ProtocolError(f"{where} must be a deck name, a saved deck or a list of "
                                f"card ids, not {type(spec).__name__}")
        if spec in self.ready_made():
            try:
                return load_ready_made_deck(spec)
            except DeckFileError as exc:  # a damaged install, not the client's doing
                raise InvalidDeck([f"{where}: the ready-made deck {spec!r} cannot be read "
                                   f"({exc})"]) from None
        path = self._file_path(spec)
        if path is None:
            raise self.unknown(where, spec)
        try:
            cards = read_deck_file(path)
        except DeckFileError:
            # Never the file's contents (nor the reader's message, which quotes a line).
            raise InvalidDeck([f"{where}: the deck file {path.name!r} is not a readable deck "
                               f"list (a regular UTF-8 file of one 'COUNT CARD-ID' per "
                               f"line)"]) from None
        unknown = {c for c in cards if not pool_has(c)}
        if unknown:
            raise InvalidDeck([f"{where}: the deck file {path.name!r} names {len(unknown)} "
                               "card id(s) that are not in the card pool"])
        return cards

    def _file_path(self, name: str) -> Path | None:
        """The deck file ``name`` names directly inside the deck directory, or None. A
        name with a separator or "..", or a symlink that leads out of the directory,
        names nothing: the caller then gives the same "no deck" answer as for a name that
        exists nowhere."""
        if self.deck_dir is None or not _DECK_FILE_NAME.fullmatch(name) or ".." in name:
            return None
        file_name = name if name.endswith(DECK_SUFFIX) else name + DECK_SUFFIX
        real = Path(os.path.realpath(self.deck_dir / file_name))
        if real.parent != self.deck_dir or not real.name.endswith(DECK_SUFFIX):
            return None
        if not os.path.lexists(real):
            return None
        return real

    @staticmethod
    def _inline(cards: list[Any], where: str) -> list[str]:
        if len(cards) > MAX_LIST_CARDS:
            raise InvalidDeck([f"{where} lists {len(cards)} cards; a deck has 60 (a list "
                               f"may name at most {MAX_LIST_CARDS})"])
        for i, c in enumerate(cards):
            if not isinstance(c, str) or not 0 < len(c) <= MAX_CARD_ID_CHARS:
                raise ProtocolError(f"{where}[{i}] must be a card id like \"ecard1-98\", "
                                    f"not {shown(c)}")
        return list(cards)
