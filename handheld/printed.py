"""Cards as they are printed: a set's abbreviation (``EXP``) or its pokemontcg.io code
(``ecard1``) and a collector number (``98``, ``H12``, ``SL3``) name one card of the assets.

This is what the player's own files (deck lists from deck sites, collection spreadsheets)
use to name a card, where the game uses its card ids (``ecard1-98``). Both set codes come
from the assets (``set.abbr`` and ``set.code`` of ``assets/cards/*.json``, written by
tools/build_assets.py), so the game needs nothing outside its own folder to read them.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from .assets import available_sets, load_set

# A collector number as printed: digits, or a few letters and digits (H12, SL3, RT1, ONE).
# Leading zeros and a "/size" suffix ("098/165") are read as the plain number.
_NUMBER = re.compile(r"([A-Za-z]{0,3})0*(\d{0,4})(?:/\d{1,4})?")


@dataclass(frozen=True)
class PrintedSet:
    slug: str  # "expedition"
    code: str  # pokemontcg.io id prefix, "ecard1"
    abbr: str  # the abbreviation printed on the cards, "EXP"
    name: str  # "Expedition"


@dataclass(frozen=True)
class Printed:
    """One card of the assets as it is printed."""

    card_id: str
    set: PrintedSet
    number: str
    name: str


def number_key(text: str) -> str:
    """A collector number as compared: case and leading zeros ignored (``098`` is ``98``,
    ``h1`` is ``H1``), ``/165`` dropped; an unreadable number keeps its upper-cased text."""
    m = _NUMBER.fullmatch(text.strip())
    if m is None or not (m.group(1) or m.group(2)):
        return text.strip().upper()
    return m.group(1).upper() + (m.group(2) or ("" if m.group(1) else "0"))


def name_key(text: str) -> str:
    """A card name as compared: case, accents (Pokemon/Pokémon), the kind of apostrophe
    and repeated spaces do not matter."""
    decomposed = unicodedata.normalize("NFKD", text.replace("\u2019", "'").replace("`", "'"))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


class PrintedCards:
    """Every card of the given sets (all sets of the assets by default), found by set code
    and number, and the printed form of each card id."""

    def __init__(self, sets: tuple[str, ...] | None = None) -> None:
        self.sets: list[PrintedSet] = []
        self._by_code: dict[str, PrintedSet] = {}
        self._by_number: dict[tuple[str, str], Printed] = {}
        self._by_id: dict[str, Printed] = {}
        self._in_set: dict[str, list[Printed]] = {}
        for slug in sets or available_sets():
            data = load_set(slug)
            info = data["set"]
            printed_set = PrintedSet(slug, str(info["code"]), str(info["abbr"]),
                                     str(info["name"]))
            self.sets.append(printed_set)
            in_set = self._in_set.setdefault(slug, [])
            for code in (printed_set.code, printed_set.abbr):
                self._by_code[code.casefold()] = printed_set
            for card in data["cards"]:
                entry = Printed(card["id"], printed_set, str(card["number"]), card["name"])
                self._by_number[(slug, number_key(entry.number))] = entry
                self._by_id[entry.card_id] = entry
                in_set.append(entry)

    def set_for(self, code: str) -> PrintedSet | None:
        """The set of a printed abbreviation or a pokemontcg.io code, any case."""
        return self._by_code.get(code.casefold())

    def codes(self) -> str:
        """The printed abbreviations, for messages ("EXP, AQP, SKR...")."""
        return ", ".join(s.abbr for s in self.sets)

    def card(self, printed_set: PrintedSet, number: str) -> Printed | None:
        """The card printed with ``number`` in the set; with a pokemontcg.io code, its id's
        number is accepted too (Aquapolis's H1 is ``ecard2-151`` there)."""
        found = self._by_number.get((printed_set.slug, number_key(number)))
        if found is None:
            found = self._by_id.get(f"{printed_set.code}-{number.strip()}")
        return found

    def by_id(self, card_id: str) -> Printed | None:
        return self._by_id.get(card_id)

    def set_cards(self, printed_set: PrintedSet) -> list[Printed]:
        """The set's cards in the assets' order (number order)."""
        return list(self._in_set.get(printed_set.slug, ()))


@functools.lru_cache(maxsize=1)
def printed_cards() -> PrintedCards:
    """The printed cards of every set of the assets, oldest set first (read once)."""
    from .collection import sets_by_release

    return PrintedCards(tuple(sets_by_release()))
