"""The cards a code may name: read from the game's assets (``assets/cards/*.json``).

The scanner imports nothing of the game (see DESIGN.md), so it reads the committed asset
files itself: only each card's id, name, number and set. ``HANDHELD_ASSETS`` points
elsewhere, as it does for the game; otherwise the folder is found as the game finds it
(``handheld.assets.assets_dir``, which this mirrors): a checkout's ``assets/``, else the
installed package ``pocket_tcg_assets`` through ``importlib.resources``.

A card is named by its id (``ecard2-162``: the set and the card's index in it) or by the
number printed on it (``ecard2-H12``: Aquapolis and Skyridge print H1-H32 on their holo
cards): :meth:`Catalog.resolve` takes either, whatever the case, and gives the id.
"""

from __future__ import annotations

import importlib.resources
import json
import os
from dataclasses import dataclass
from pathlib import Path

from .codes import CardCode, DeckCode


@dataclass(frozen=True)
class CardInfo:
    card_id: str
    name: str
    number: str
    set_name: str
    set_abbr: str


ASSETS_PACKAGE = "pocket_tcg_assets"


class AssetsMissing(FileNotFoundError):
    """The game's assets are not installed (the message says what to do)."""


def assets_dir() -> Path:
    env = os.environ.get("HANDHELD_ASSETS")
    if env:
        return Path(env)
    checkout = Path(__file__).resolve().parents[1]
    # Both marks: a site-packages folder may hold some other project's "assets" folder.
    if (checkout / "pyproject.toml").is_file() and (checkout / "assets" / "__init__.py").is_file():
        return checkout / "assets"
    try:
        found = importlib.resources.files(ASSETS_PACKAGE)
    except ModuleNotFoundError:
        raise AssetsMissing("the game's card data is not installed; reinstall the game or "
                            "set HANDHELD_ASSETS to an assets folder") from None
    if not isinstance(found, Path):
        raise AssetsMissing(f"the card data is inside an archive ({found}); install the game "
                            "unpacked (pip does) or set HANDHELD_ASSETS")
    return found


class CatalogError(ValueError):
    """The card assets cannot be read (a missing or damaged file); the message says which."""


class Catalog:
    def __init__(self, cards: dict[str, CardInfo]) -> None:
        self.cards = cards
        self._folded = {cid.casefold(): cid for cid in cards}
        # "set-printed number" -> id, for the cards whose printed number is not their index.
        # An alias two cards share, or that is another card's id, names nothing.
        printed: dict[str, list[str]] = {}
        for cid, info in cards.items():
            alias = f"{cid.rpartition('-')[0]}-{info.number}".casefold()
            if alias != cid.casefold():
                printed.setdefault(alias, []).append(cid)
        self._printed = {alias: ids[0] for alias, ids in printed.items()
                         if len(ids) == 1 and alias not in self._folded}

    @classmethod
    def from_assets(cls, root: Path | None = None) -> Catalog:
        root = root or assets_dir()
        cards: dict[str, CardInfo] = {}
        paths = sorted((root / "cards").glob("*.json"))
        if not paths:
            raise CatalogError(f"no card files in {root / 'cards'} (HANDHELD_ASSETS?)")
        for path in paths:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                info = data["set"]
                for c in data["cards"]:
                    cards[str(c["id"])] = CardInfo(str(c["id"]), str(c["name"]),
                                                   str(c["number"]), str(info["name"]),
                                                   str(info["abbr"]))
            except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError,
                    RecursionError) as exc:
                raise CatalogError(f"the card file {path.name} cannot be read "
                                   f"({type(exc).__name__}: {str(exc)[:100]})") from None
        return cls(cards)

    def get(self, card_id: str) -> CardInfo | None:
        return self.cards.get(card_id)

    def resolve(self, name: str) -> str | None:
        """The id of the card ``name`` names: an id (``ecard2-162``) or a set and the number
        printed on the card (``ecard2-H12``), in any case; None when it names no card."""
        if name in self.cards:
            return name
        folded = name.casefold()
        return self._folded.get(folded) or self._printed.get(folded)

    def check(self, code: CardCode | DeckCode) -> tuple[CardCode | DeckCode, list[str]]:
        """The code with every card named by its id (a printed number resolved), and why
        it names cards this game does not know or names one card twice (empty: fine)."""
        if isinstance(code, CardCode):
            real = self.resolve(code.card_id)
            if real is None:
                return code, [f"no card {code.card_id} in this game's sets"]
            set_code, _, number = real.rpartition("-")
            return CardCode(set_code, number, code.count), []
        problems: list[str] = []
        entries: list[tuple[str, int]] = []
        seen: dict[str, str] = {}
        for cid, n in code.entries:
            real = self.resolve(cid)
            if real is None:
                problems.append(f"no card {cid} in this game's sets")
                real = cid
            elif real in seen:
                problems.append(f"{cid} and {seen[real]} are the same card, listed twice")
            seen.setdefault(real, cid)
            entries.append((real, n))
        return DeckCode(code.name, tuple(entries)), problems

    def problems(self, code: CardCode | DeckCode) -> list[str]:
        """Why a well-formed code names cards this game does not know (empty: all known)."""
        return self.check(code)[1]

    def label(self, card_id: str) -> str:
        info = self.cards.get(card_id)
        return f"{info.name} ({info.set_abbr} {info.number})" if info else card_id
