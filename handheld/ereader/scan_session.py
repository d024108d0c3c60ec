"""What one scanning session collected, and putting it into the saves.

The scan screen fills a :class:`ScanBasket` with the cards (and deck lists) the scanner
accepted; nothing reaches the player's saves until they choose "Add to collection", "Add
to deck ..." or "Save as a deck". Each of those is one save transaction, so a power cut
never leaves half a scan behind, and a refused card (a fifth copy, a card the engine
cannot play yet) is reported by name rather than silently dropped.

Card ids here are plain strings: the scanner has already checked every code against the
assets before a card lands in the basket.

A scanned card goes only into a deck of its own era (a Platinum card into a Platinum deck,
never an Expedition one): "Add to deck" offers the decks of the scanned cards' eras, a new
deck is made in that era, and a deck code's list is saved in the era of its cards. Basic
Energy belongs to every era.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..collection import DeckBuilder, deck_era_of, era_album
from ..engine.eras import ERAS, HOME, era_of_card
from ..save.saves import DECK_NAME_MAX

if TYPE_CHECKING:
    from ..engine.cardpool import CardPool
    from ..save import Deck, Saves

SCAN_SOURCE = "camera"


@dataclass(frozen=True)
class ScannedDeck:
    """A deck list read from one deck code."""

    name: str
    entries: tuple[tuple[str, int], ...]  # (card id, copies), in the code's order

    @property
    def size(self) -> int:
        return sum(n for _, n in self.entries)

    def cards(self) -> list[str]:
        return [cid for cid, n in self.entries for _ in range(n)]


@dataclass(frozen=True)
class DeckUpdate:
    """What "Add to deck" did: the deck as saved, the cards added, and why others were not."""

    deck: Deck
    added: tuple[str, ...]
    refused: tuple[str, ...]  # one reason per card copy left out


@dataclass
class ScanBasket:
    """The cards and deck lists accepted in one scanning session, in the order scanned."""

    cards: Counter[str] = field(default_factory=Counter)
    order: list[str] = field(default_factory=list)  # card ids, first scan first
    decks: list[ScannedDeck] = field(default_factory=list)
    uncollected: Counter[str] = field(default_factory=Counter)  # not in the collection yet

    # ------------------------------------------------------------------ filling

    def add_card(self, card_id: str, copies: int = 1) -> None:
        if copies < 1:
            raise ValueError(f"a scan adds at least one copy, not {copies}")
        if card_id not in self.cards:
            self.order.append(card_id)
        self.cards[card_id] += copies
        self.uncollected[card_id] += copies

    def add_deck(self, name: str, entries: Iterable[tuple[str, int]]) -> ScannedDeck:
        deck = ScannedDeck(name, tuple(entries))
        self.decks.append(deck)
        for cid, n in deck.entries:
            self.add_card(cid, n)
        return deck

    # ------------------------------------------------------------------ reading

    @property
    def collected(self) -> bool:
        """Every copy scanned so far is in the collection."""
        return not self.uncollected

    @property
    def copies(self) -> int:
        return sum(self.cards.values())

    def __bool__(self) -> bool:
        return bool(self.cards)

    def card_list(self) -> list[str]:
        """Every copy, in scan order."""
        return [cid for cid in self.order for _ in range(self.cards[cid])]

    def eras(self, pool: CardPool) -> list[str]:
        """The keys of the eras the scanned cards are played in, first scanned first (basic
        Energy alone: the home era's)."""
        out = list(dict.fromkeys(era_of_card(cid).key for cid in self.order
                                 if cid in pool and not pool.get(cid).basic_energy))
        return out or [HOME.key]

    # ------------------------------------------------------------------ saving

    def add_to_collection(self, saves: Saves, profile_id: int) -> dict[str, int]:
        """The copies scanned since the last call into the collection (logged as scanned
        now); their new counts. Pressing it twice never adds a copy twice."""
        if not self.uncollected:
            return {}
        counts = saves.add_cards(profile_id, dict(self.uncollected), scanned_from=SCAN_SOURCE)
        self.uncollected.clear()
        return counts

    def add_to_deck(self, saves: Saves, profile_id: int, deck_id: int, pool: CardPool
                    ) -> DeckUpdate:
        """The scanned cards into a saved deck, copy by copy, as the deck builder allows
        (at most four of a name, at most a deck's size, only cards the engine plays)."""
        deck = saves.deck(deck_id)
        era = ERAS.get(deck.era, HOME)
        builder = DeckBuilder(era_album(pool, era), deck.cards, deck.name, era=era)
        added: list[str] = []
        refused: list[str] = []
        for cid in self.card_list():
            d = pool.get(cid)
            problem: str | None
            if not d.basic_energy and not era.plays_card(cid):
                # Never a card of another era: it goes in a deck of its own era.
                problem = f"{d.name} ({cid}) is a {era_of_card(cid).name} card, not one " \
                    f"for a {era.name} deck"
            else:
                problem = builder.can_add(cid)
            if problem is None:
                builder.add(cid)
                added.append(cid)
            elif problem not in refused:
                refused.append(problem)
        saved = saves.save_deck(profile_id, deck.name, builder.cards(), deck_id=deck.id) \
            if added else deck
        return DeckUpdate(saved, tuple(added), tuple(refused))

    def save_deck(self, saves: Saves, profile_id: int, scanned: ScannedDeck,
                  pool: CardPool) -> Deck:
        """A deck code's list as a new saved deck in the era of its cards, under its own
        name or, when a deck of that name exists, "<name> (2)", "(3)" ..."""
        taken = {d.name.casefold() for d in saves.decks(profile_id)}
        return saves.save_deck(profile_id, free_name(scanned.name, taken), scanned.cards(),
                               era=deck_era_of(pool, scanned.cards()))


def free_name(name: str, taken: Sequence[str] | set[str]) -> str:
    """``name`` (trimmed to a deck name's length), or the first "<name> (n)" not taken."""
    base = (name.strip() or "Scanned deck")[:DECK_NAME_MAX]
    lowered = {t.casefold() for t in taken}
    if base.casefold() not in lowered:
        return base
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = base[:DECK_NAME_MAX - len(suffix)] + suffix
        if candidate.casefold() not in lowered:
            return candidate
        n += 1
