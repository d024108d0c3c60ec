"""Booster packs: what a pack of a set holds, and how many packs a ladder win earns.

**A pack is a pure function of (set, seed).** :func:`open_pack` draws from
``random.Random(f"{set}:{seed}")`` (string seeds are hashed the same way on every run and
machine), so the saves keep only the set and the seed of a pack earned, and a test can
check the rarities over thousands of packs.

**The slots** (our approximation of the printed packs, figures in docs/ROSTER.md):

* e-Card sets (Expedition, Aquapolis, Skyridge): 9 cards: 5 commons, 3 uncommons and one
  rare slot. The rare slot is a holo one time in 3 and, in sets with secret rares, a secret
  rare one time in 36 (about one per box).
* Platinum, HeartGold & SoulSilver, Call of Legends and Black & White sets: 10 cards:
  6 commons, 3 uncommons and one rare slot: a secret rare one time in 72, an ultra rare
  (Prime, LEGEND half, Pokémon-EX, full art) one time in 12, a holo one time in 3, else a
  plain rare.
* The printed packs' reverse-holo card (a foil of any rarity standing in a common's
  place) is ignored: in our packs that place holds one more plain common.
* Basic Energy is a common of the sets that print it (Expedition, HGSS, Call of Legends,
  Black & White) and comes in the common slots like any common; there is no extra Energy
  slot. Special Energy goes by its printed rarity.
* A slot group (the commons, the uncommons) never holds one card twice, as printed packs
  avoided; the rare slot is one card.

A rare-slot tier the set does not print falls to the next lower one (secret -> ultra ->
holo -> rare), so every card of the set can come from some slot.

**Earning** (:func:`packs_for_victory`): every roster win gives 1 pack; a first win
against an opponent 1 more; a first win against a club's master 2 more, against the
champion 3 more. Each pack is of one of the era's played sets, picked by the caller's
random numbers.

Engine side: nothing here imports pygame or the saves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .assets import AssetError, load_set

COMMON, UNCOMMON, RARE, HOLO, ULTRA, SECRET = (
    "common", "uncommon", "rare", "holo", "ultra", "secret")
RARE_TIERS = (RARE, HOLO, ULTRA, SECRET)  # lowest first: a missing tier falls downwards

# The printed rarity -> the pack tier it comes in.
_TIER_OF_RARITY = {"Common": COMMON, "Uncommon": UNCOMMON, "Rare": RARE, "Rare Holo": HOLO,
                   "Ultra Rare": ULTRA, "Secret": SECRET}


@dataclass(frozen=True)
class PackModel:
    """The slots of a family of packs: commons and uncommons (distinct within each group)
    and one rare slot with the chance of each tier above a plain rare."""

    name: str
    commons: int
    uncommons: int
    holo: float
    ultra: float
    secret: float

    @property
    def size(self) -> int:
        return self.commons + self.uncommons + 1


ECARD = PackModel("e-Card", commons=5, uncommons=3, holo=1 / 3, ultra=0.0, secret=1 / 36)
LATER = PackModel("Platinum to Black & White", commons=6, uncommons=3, holo=1 / 3,
                  ultra=1 / 12, secret=1 / 72)
# Set families by their era's key (handheld/engine/eras).
MODEL_OF_ERA = {"expedition": ECARD, "platinum": LATER, "call_of_legends": LATER,
                "black_white": LATER}

# What a ladder win earns (documented in docs/ROSTER.md).
PACKS_PER_WIN = 1
FIRST_WIN_BONUS = 1
MASTER_BONUS = 2
CHAMPION_BONUS = 3


class UnknownSet(ValueError):
    """A pack of a set the assets do not have, or of no pack family."""


def tier(card: dict[str, Any]) -> str:
    """The pack tier of a card of the assets: its rarity, except that numbers with a
    letter prefix are the sets' specials: "H1" of the e-Card sets is a holo (printed as a
    rare with a holo picture), "SH4", "SL1", "ONE" are beyond the set's list (secrets)."""
    number = str(card.get("number", ""))
    if number and not number[0].isdigit():
        return HOLO if number[0] == "H" and number[1:].isdigit() else SECRET
    rarity = str(card.get("rarity", ""))
    if rarity not in _TIER_OF_RARITY:
        raise UnknownSet(f"card {card.get('id')} has the rarity {rarity!r}, which no pack "
                         "slot holds")
    return _TIER_OF_RARITY[rarity]


@dataclass(frozen=True)
class SetPool:
    """A set's cards by pack tier, in set order."""

    slug: str
    name: str
    abbr: str
    model: PackModel
    tiers: dict[str, tuple[str, ...]]

    def cards(self) -> list[str]:
        return [c for t in (COMMON, UNCOMMON, *RARE_TIERS) for c in self.tiers.get(t, ())]


@cache
def set_pool(slug: str) -> SetPool:
    try:
        data = load_set(slug)
    except (AssetError, OSError, KeyError, ValueError) as e:
        raise UnknownSet(f"no card set {slug!r}") from e
    info = data["set"]
    model = MODEL_OF_ERA.get(str(info.get("era")))
    if model is None:
        raise UnknownSet(f"the set {slug!r} belongs to no pack family")
    tiers: dict[str, list[str]] = {}
    for card in data["cards"]:
        tiers.setdefault(tier(card), []).append(str(card["id"]))
    if len(tiers.get(COMMON, ())) < model.commons or \
            len(tiers.get(UNCOMMON, ())) < model.uncommons or \
            not any(tiers.get(t) for t in RARE_TIERS):
        raise UnknownSet(f"the set {slug!r} has too few cards to fill a pack")
    return SetPool(slug, str(info["name"]), str(info["abbr"]), model,
                   {k: tuple(v) for k, v in tiers.items()})


def rare_tier(pool: SetPool, u: float) -> str:
    """The rare slot's tier for a uniform number ``u`` in [0, 1), with the fall-through
    for tiers the set does not print."""
    m = pool.model
    if u < m.secret:
        wanted = SECRET
    elif u < m.secret + m.ultra:
        wanted = ULTRA
    elif u < m.secret + m.ultra + m.holo:
        wanted = HOLO
    else:
        wanted = RARE
    i = RARE_TIERS.index(wanted)
    for t in (*reversed(RARE_TIERS[:i + 1]), *RARE_TIERS[i + 1:]):  # down, then up
        if pool.tiers.get(t):
            return t
    raise AssertionError("set_pool guarantees a rare tier")  # pragma: no cover


def rare_odds(pool: SetPool) -> dict[str, float]:
    """The chance of each tier in the rare slot of ``pool``'s packs (the fall-through
    included): what the booster test holds the seeded packs to."""
    m = pool.model
    bands = ((0.0, m.secret), (m.secret, m.secret + m.ultra),
             (m.secret + m.ultra, m.secret + m.ultra + m.holo),
             (m.secret + m.ultra + m.holo, 1.0))
    odds: dict[str, float] = {}
    for low, high in bands:
        if high > low:
            t = rare_tier(pool, low)
            odds[t] = odds.get(t, 0.0) + high - low
    return odds


@dataclass(frozen=True)
class Pack:
    """An opened pack: its cards in reveal order (commons, uncommons, the rare last)."""

    set: str
    seed: int
    commons: tuple[str, ...]
    uncommons: tuple[str, ...]
    rare: str
    rare_tier: str

    @property
    def cards(self) -> list[str]:
        return [*self.commons, *self.uncommons, self.rare]


def open_pack(slug: str, seed: int) -> Pack:
    """The pack of ``slug`` that ``seed`` makes: the same for the same pair, every time."""
    pool = set_pool(slug)
    rng = random.Random(f"{slug}:{int(seed)}")
    commons = tuple(rng.sample(pool.tiers[COMMON], pool.model.commons))
    uncommons = tuple(rng.sample(pool.tiers[UNCOMMON], pool.model.uncommons))
    t = rare_tier(pool, rng.random())
    return Pack(slug, int(seed), commons, uncommons, rng.choice(pool.tiers[t]), t)


def pack_sets(era: str) -> tuple[str, ...]:
    """The sets an era's packs are of: its sets whose cards play (an unplayable set's cards
    could not go in a deck)."""
    from .collection import era_sets, played_sets

    played = set(played_sets())
    return tuple(s for s in era_sets(era) if s in played)


def pack_count(victory: Any) -> int:
    """How many packs a win earns, from :func:`handheld.roster.on_victory`'s answer."""
    from .roster import CHAMPION, MASTER

    n = PACKS_PER_WIN
    if victory.first_win:
        n += FIRST_WIN_BONUS
        if victory.opponent.rank == MASTER:
            n += MASTER_BONUS
        elif victory.opponent.rank == CHAMPION:
            n += CHAMPION_BONUS
    return n


SEED_MAX = 2**62  # stored as an SQLite integer


def packs_for_victory(victory: Any, rng: random.Random) -> list[tuple[str, int]]:
    """The packs (set, seed) a win earns: :func:`pack_count` packs of the opponent's era,
    each of a set and with a seed drawn from ``rng``."""
    sets: Sequence[str] = pack_sets(victory.opponent.era)
    if not sets:
        return []
    return [(rng.choice(sets), rng.randrange(SEED_MAX)) for _ in range(pack_count(victory))]
