"""The card album, the collection's progress and the deck builder's model: what the
collection holds, how complete each set is, and which cards a deck may be built from, with
live validation.

The collection is what the player scanned (the e-Reader). The deck builder offers every
card of the Expedition set by default, or only the cards owned when the player chooses so in
the settings. The screens draw these models; the models never draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .assets import available_sets, load_set
from .engine.carddefs import CardDef
from .engine.cardpool import CardPool
from .engine.deck import format_deck_list
from .engine.eras import HOME, Era
from .engine.eras import era as era_by_key
from .engine.errors import InvalidDeck
from .engine.ruleset import Ruleset

DEFAULT_SETS = ("expedition",)


def played_sets() -> tuple[str, ...]:
    """The sets whose cards are played, oldest era first: every set of a playable era that
    has card scripts (the main menu's card album; the e-Reader's "Look up a card" shows
    every set of the assets)."""
    from .engine.eras import playable_eras
    from .engine.sets import SCRIPTS

    codes = {cid.rsplit("-", 1)[0] for cid in SCRIPTS}
    return tuple(slug for e in playable_eras() for slug, code in e.sets.items()
                 if code in codes)


@dataclass(frozen=True)
class AlbumEntry:
    card_id: str
    number: str
    name: str
    kind: str  # "Stage 2 Pokémon", "Supporter", "Special Energy"...
    rarity: str
    implemented: bool
    owned: int | None  # copies in the collection; None: as many as a deck needs


class Album:
    """Every card of the given sets in set order, with how many the collection holds, then
    the basic Energy cards of the sets ``basic_energy_from`` (an era whose sets print no
    basic Energy plays the older sets' ones)."""

    def __init__(self, pool: CardPool, sets: Iterable[str] = DEFAULT_SETS,
                 owned: dict[str, int] | None = None,
                 basic_energy_from: Iterable[str] = ()) -> None:
        self.pool = pool
        self.sets = tuple(sets)
        self.entries: list[AlbumEntry] = []
        self.set_labels: dict[str, str] = {}
        extra = tuple(s for s in basic_energy_from if s not in self.sets)
        for slug in self.sets + extra:
            data = load_set(slug)
            info = data["set"]
            for card in data["cards"]:
                d = pool.get(card["id"])
                if slug in extra and not d.basic_energy:
                    continue
                self.set_labels[d.id] = f"{info['abbr']} {card['number']}/{info['size']}"
                self.entries.append(AlbumEntry(
                    d.id, str(card["number"]), d.name, d.kind_name, card.get("rarity", ""),
                    d.implemented, owned.get(d.id, 0) if owned is not None else None))

    def __len__(self) -> int:
        return len(self.entries)

    def card(self, index: int) -> CardDef:
        return self.pool.get(self.entries[index].card_id)

    def set_label(self, card_id: str) -> str:
        return self.set_labels.get(card_id, "")


@dataclass(frozen=True)
class SetProgress:
    """How much of one set the collection holds."""

    slug: str
    name: str
    abbr: str
    era: str
    cards: int  # distinct cards of the set in the assets
    owned: int  # distinct cards of the set with at least one copy
    copies: int  # every copy of the set's cards

    @property
    def percent(self) -> float:
        return 100.0 * self.owned / self.cards if self.cards else 0.0

    @property
    def complete(self) -> bool:
        return self.cards > 0 and self.owned == self.cards


def sets_by_release() -> list[str]:
    """Every set of the assets, oldest first (the sets' ids grow with their release)."""
    def key(slug: str) -> tuple[int, str]:
        sid = str(load_set(slug)["set"].get("id", ""))
        return (int(sid) if sid.isdigit() else 10**9, slug)
    return sorted(available_sets(), key=key)


def set_progress(owned: Mapping[str, int], sets: Iterable[str] | None = None
                 ) -> list[SetProgress]:
    """Completion of each set (every set, oldest first, by default), in the given order."""
    out = []
    for slug in sets if sets is not None else sets_by_release():
        data = load_set(slug)
        info = data["set"]
        ids = [c["id"] for c in data["cards"]]
        have = [owned.get(cid, 0) for cid in ids]
        out.append(SetProgress(slug, info["name"], info["abbr"], info["era"], len(ids),
                               sum(1 for n in have if n > 0), sum(have)))
    return out


def era_sets(key: Era | str) -> tuple[str, ...]:
    """The sets of the assets an era plays, in the era's order (what its deck builder
    offers)."""
    have = set(available_sets())
    return tuple(slug for slug in era_by_key(key).sets if slug in have)


def era_album(pool: CardPool, key: Era | str, owned: dict[str, int] | None = None) -> Album:
    """What a deck of an era is built from: the cards of its sets and, when they print no
    basic Energy (Platinum's do not), the home era's basic Energy, which every era plays."""
    sets = era_sets(key)
    album = Album(pool, sets, owned)
    if any(pool.get(e.card_id).basic_energy for e in album.entries):
        return album
    return Album(pool, sets, owned, basic_energy_from=era_sets(HOME))


def deck_era_of(pool: CardPool, cards: Iterable[str], default: str = HOME.key) -> str:
    """The era a list of cards is for: the era playing most of its cards that are not basic
    Energy (basic Energy is every era's), else ``default``."""
    from .engine.eras import era_of_card

    counts = Counter(era_of_card(c).key for c in cards
                     if c in pool and not pool.get(c).basic_energy)
    return counts.most_common(1)[0][0] if counts else default


class DeckBuilder:
    """A deck being edited: add and remove cards offered by the album, with the reasons the
    deck is not legal yet shown live (``violations``). Adding a card that can never be legal
    (a fifth copy, a card not in the collection or without its effects) is refused with a
    clear message; the deck being built is never changed by a refused edit."""

    def __init__(self, album: Album, cards: Iterable[str] = (), name: str = "New deck",
                 rules: Ruleset | None = None, *, era: Era | str = HOME.key) -> None:
        self.album = album
        self.name = name
        # The deck belongs to an era: its deck rules judge it; ``rules`` may change the
        # numbers (house rules).
        self.era = era_by_key(era)
        self.rules = rules or self.era.ruleset
        self.counts: Counter[str] = Counter()
        for c in cards:
            self.counts[c] += 1

    # ----------------------------------------------------------------- what is offered

    def limit(self, entry: AlbumEntry) -> int | None:
        """How many copies of the entry the deck may take from the collection (None: no
        limit). Basic Energy is never limited: like the official online game, the builder
        hands it out, so a deck of owned cards is never short of its Energy."""
        if entry.owned is None or self.album.pool.get(entry.card_id).basic_energy:
            return None
        return entry.owned

    def offered(self) -> list[AlbumEntry]:
        """Every card the collection holds that the engine can play (and basic Energy)."""
        return [e for e in self.album.entries
                if e.implemented and (self.limit(e) is None or e.owned)]

    # ----------------------------------------------------------------- editing

    def _name_count(self, name: str) -> int:
        pool = self.album.pool
        return sum(n for cid, n in self.counts.items() if pool.get(cid).name == name)

    def can_add(self, card_id: str) -> str | None:
        """None if the card can be added, else why not."""
        entry = next((e for e in self.album.entries if e.card_id == card_id), None)
        if entry is None:
            return f"{card_id} is not in the album"
        if not entry.implemented:
            return f"{entry.name} ({card_id}) cannot be played yet"
        limit = self.limit(entry)
        if limit is not None and self.counts[card_id] >= limit:
            return f"the collection has only {limit} {entry.name} ({card_id})"
        d = self.album.pool.get(card_id)
        most = self.rules.max_copies
        if not d.basic_energy and self._name_count(d.name) >= most:
            return f"already {most} cards named {d.name}; at most {most} are allowed"
        if self.size >= self.rules.deck_size:
            return f"the deck already has {self.rules.deck_size} cards"
        return None

    def add(self, card_id: str) -> None:
        problem = self.can_add(card_id)
        if problem:
            raise InvalidDeck([problem])
        self.counts[card_id] += 1

    def remove(self, card_id: str) -> None:
        if not self.counts[card_id]:
            raise InvalidDeck([f"the deck has no {card_id}"])
        self.counts[card_id] -= 1
        if not self.counts[card_id]:
            del self.counts[card_id]

    # ----------------------------------------------------------------- reading

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def cards(self) -> list[str]:
        """The deck as a list of card ids, in album order."""
        order = {e.card_id: i for i, e in enumerate(self.album.entries)}
        return [c for c in sorted(self.counts, key=lambda c: order.get(c, len(order)))
                for _ in range(self.counts[c])]

    def violations(self) -> list[str]:
        """Why the deck is not legal yet (empty when it is), shown live while editing."""
        return self.era.deck_violations(self.album.pool, self.cards(), self.rules)

    def deck_list(self) -> str:
        """The deck in the ``.deck`` text format, its name as the first comment line."""
        return f"# {self.name}\n" + format_deck_list(self.album.pool, self.cards())
