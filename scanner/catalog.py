"""The cards a code may name: read from the game's assets (``assets/cards/*.json``).

The scanner imports nothing of the game (see DESIGN.md), so it reads the committed asset
files itself: only each card's id, name, number and set. ``HANDHELD_ASSETS`` points
elsewhere, as it does for the game; otherwise the folder is found as the game finds it
(``handheld.assets.assets_dir``, which this mirrors): a checkout's ``assets/``, else the
installed package ``pocket_tcg_assets`` through ``importlib.resources``.
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


class Catalog:
    def __init__(self, cards: dict[str, CardInfo]) -> None:
        self.cards = cards

    @classmethod
    def from_assets(cls, root: Path | None = None) -> Catalog:
        root = root or assets_dir()
        cards: dict[str, CardInfo] = {}
        for path in sorted((root / "cards").glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            info = data["set"]
            for c in data["cards"]:
                cards[c["id"]] = CardInfo(c["id"], c["name"], str(c["number"]), info["name"],
                                          info["abbr"])
        return cls(cards)

    def get(self, card_id: str) -> CardInfo | None:
        return self.cards.get(card_id)

    def problems(self, code: CardCode | DeckCode) -> list[str]:
        """Why a well-formed code names cards this game does not know (empty: all known)."""
        ids = [code.card_id] if isinstance(code, CardCode) else [cid for cid, _ in code.entries]
        return [f"no card {cid} in this game's sets" for cid in ids if cid not in self.cards]

    def label(self, card_id: str) -> str:
        info = self.cards.get(card_id)
        return f"{info.name} ({info.set_abbr} {info.number})" if info else card_id
