"""The deck builder's automatic deck and its statistics (engine-free models; the editor
draws them).

:func:`build_around` makes a 60-card deck of an era around one chosen card from the cards an
:class:`~handheld.collection.Album` offers (the collection's copies when the album counts
them, else as many as a deck may hold):

* the chosen card's evolution line (Basic .. Stage 2, 4-3-2 when the cards are there),
  with what the card needs to be played at all (the Basic a Pokémon LV.X levels up, the
  other half of a Pokémon LEGEND, a Restored Pokémon's Fossil Item);
* a second line whose attacks ask for the same Energy types (or only Colorless);
* Trainers that help, found from their effects as the engine defines them (their steps:
  draw, search the deck for Pokémon or Energy, switch the Active Pokémon), never from a
  list of names;
* basic Energy of the types the attacks ask for, in proportion to the symbols, 18 to 26 of
  them by the attacks' average cost.

Every choice breaks ties by card id, so the same inputs give the same deck. When the
offered cards cannot make a legal deck, the result says what is missing and still holds
the partial deck (a draft for the editor).

:func:`deck_stats` counts a deck the way the statistics page shows it: Pokémon / Trainer /
Energy, Basics / Stage 1 / Stage 2, Energy cards by type, and the Energy curve (attacks by
total cost, Energy symbols asked per type against the Energy cards that give the type).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .collection import Album
from .engine.carddefs import ENERGY, POKEMON, STAGE1, STAGE2, SUPPORTER, TRAINER, CardDef
from .engine.cardpool import CardPool
from .engine.effects import steps as S
from .engine.energy import BIT, COLORLESS, TYPES
from .engine.eras import Era, era_of_card
from .engine.eras import era as era_by_key

# How many copies of each stage a line wants: the chosen card's line and the second one.
MAIN_COUNTS = (4, 3, 3)
SECOND_COUNTS = (4, 3, 2)
LV_X_COPIES = 2
LEGEND_COPIES = 2  # of each half (the two halves share one name: 4 cards of that name)
FOSSIL_COPIES = 4
MIN_ENERGY, MAX_ENERGY = 18, 26
# Worth of a Trainer by what its steps do (higher first); 0: not taken by the builder.
DRAW, SEARCH_POKEMON, SEARCH_ENERGY, SWITCH = "draw", "search_pokemon", "search_energy", \
    "switch"
ROLE_WORTH = {DRAW: 4, SEARCH_POKEMON: 3, SEARCH_ENERGY: 2, SWITCH: 2}
# At most this many different helping Trainers (4 copies each); the rest of the deck is
# Pokémon and Energy.
MAX_TRAINER_CARDS = 20
COST_BUCKETS = ("0", "1", "2", "3", "4+")


# --------------------------------------------------------------------------- Trainers


_DRAW_STEPS = (S.Draw, S.DrawUntilHand, S.DrawChosenUpTo, S.PlayerDraws)


def trainer_roles(card: CardDef) -> frozenset[str]:
    """What a Trainer does for its player, read from its steps: ``draw`` (cards from the
    deck into the hand), ``search_pokemon`` / ``search_energy`` (a Pokémon or Energy card
    chosen from the deck, or a Pokémon benched from it), ``switch`` (your Active Pokémon
    trades places with a Benched one)."""
    roles: set[str] = set()
    for step in S.walk_steps(card.play_steps):
        if isinstance(step, _DRAW_STEPS):
            roles.add(DRAW)
        elif isinstance(step, S.SwitchOwnActive):
            roles.add(SWITCH)
        elif isinstance(step, (S.SearchDeckToBench, S.BenchFromDeck)):
            roles.add(SEARCH_POKEMON)
        elif isinstance(step, S.ChooseCards) and step.zone == "deck":
            if isinstance(step, S.ChooseCardsFor):
                roles.add(SEARCH_POKEMON)  # an evolution or a same-type Pokémon
                continue
            key = step.filt.key
            if key in ("pokemon", "evolution", "basic_pokemon", "basic_not_baby"):
                roles.add(SEARCH_POKEMON)
            elif key in ("basic_energy", "energy") or key.startswith("energy_"):
                roles.add(SEARCH_ENERGY)
    return frozenset(roles)


def trainer_worth(card: CardDef) -> int:
    return sum(ROLE_WORTH[r] for r in trainer_roles(card))


# --------------------------------------------------------------------------- the result


@dataclass
class AutoDeck:
    """A deck built around ``chosen``: ``cards`` (ids, the chosen card's line first),
    ``missing`` (what the offered cards lacked, in words; empty when nothing did; a legal
    deck may lack some: a missing Fossil, Energy no card of the era gives) and
    ``problems`` (the era's deck rules the deck breaks; empty: a legal deck)."""

    chosen: str
    era: str
    cards: list[str]
    missing: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """One message for the player: what the deck holds, or what it lacks."""
        if self.legal:
            return f"A legal deck of {len(self.cards)} cards."
        lacks = "; ".join(self.missing) or "; ".join(self.problems)
        return f"Only {len(self.cards)} of 60 cards: {lacks}."


class _Builder:
    def __init__(self, album: Album, era: Era) -> None:
        self.pool = album.pool
        self.era = era
        self.rules = era.ruleset
        # Copies each card may still give (None: as many as the rules allow).
        self.left: dict[str, int | None] = {}
        for e in album.entries:
            if (e.implemented and era.plays_card(e.card_id)) or (
                    e.implemented and self.pool.get(e.card_id).basic_energy):
                if e.owned is None or e.owned > 0:
                    self.left[e.card_id] = e.owned
        # The offer in id order and by name (read again and again while building).
        self._offered = [self.pool.get(c) for c in sorted(self.left)]
        self.by_name: dict[str, list[CardDef]] = {}
        for d in self._offered:
            self.by_name.setdefault(d.name, []).append(d)
        self.chosen = ""
        self.counts: Counter[str] = Counter()
        self.names: Counter[str] = Counter()
        self.missing: list[str] = []

    # ------------------------------------------------------------ reading the offer

    def card(self, cid: str) -> CardDef:
        return self.pool.get(cid)

    def offered(self) -> list[CardDef]:
        return self._offered

    def named(self, name: str) -> list[CardDef]:
        return self.by_name.get(name, [])

    def room(self, cid: str) -> int:
        """Copies of ``cid`` that may still go in (collection, 4-per-name, 60 cards)."""
        d = self.card(cid)
        left = self.left.get(cid, 0)
        n = self.rules.deck_size - self.size
        if left is not None:
            n = min(n, left - self.counts[cid])
        if not d.basic_energy:
            n = min(n, self.rules.max_copies - self.names[d.name])
        return max(0, n)

    def printings(self, name: str, test: object = None) -> list[CardDef]:
        """The offered cards named ``name``, the most copies first, then by id."""
        found = [d for d in self.named(name) if test is None or test(d)]  # type: ignore[operator]
        return sorted(found, key=lambda d: (-self.room(d.id), d.id))

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    # ------------------------------------------------------------ adding

    def put(self, cid: str, want: int) -> int:
        """Up to ``want`` copies of ``cid``; how many went in."""
        n = min(want, self.room(cid))
        if n > 0:
            self.counts[cid] += n
            self.names[self.card(cid).name] += n
        return n

    def put_name(self, name: str, want: int, test: object = None, *, first: str = "") -> int:
        """Up to ``want`` cards named ``name`` (``first`` before the other printings);
        what could not be found is noted as missing."""
        got = 0
        options = self.printings(name, test)
        options.sort(key=lambda d: d.id != first)
        for d in options:
            got += self.put(d.id, want - got)
            if got >= want:
                break
        if got < want:
            self.missing.append(f"{want - got} more {name}" if got else f"no {name}")
        return got

    # ------------------------------------------------------------ lines

    def line_of(self, d: CardDef) -> list[str]:
        """The evolution line through ``d``, Basic first, as names: its ancestors by
        ``evolves_from`` and, after it, the evolutions the offer holds (the one with the
        most copies, then by id, where it branches)."""
        names = [d.name]
        cur = d
        while cur.evolves_from:
            prev = [p for p in self.named(cur.evolves_from)
                    if p.kind == POKEMON and not p.lv_x]
            names.insert(0, cur.evolves_from)
            prev += [p for p in self.named(cur.evolves_from) if p.fossil]
            if not prev:
                break
            cur = min(prev, key=lambda p: p.id)
        cur = d
        while cur.evolves_to and len(names) < 3:
            nxt = [p for n in cur.evolves_to for p in self.named(n)
                   if p.evolves_from == cur.name and not p.lv_x]
            if not nxt:
                break
            cur = sorted(nxt, key=lambda p: (-self.room(p.id), p.id))[0]
            names.append(cur.name)
        return names

    def energy_types(self, cards: Iterable[CardDef]) -> Counter[str]:
        """Energy symbols of the attacks of ``cards`` by type (Colorless left out)."""
        need: Counter[str] = Counter()
        for d in cards:
            for a in d.attacks:
                need.update(c for c in a.cost if c != COLORLESS)
        return need

    def second_line(self, main_types: set[str]) -> list[str] | None:
        """The best other line whose attacks ask only for ``main_types`` or Colorless: a
        Basic with a Stage 1 first (steady), then with a Stage 2, then a lone Basic; the
        strongest top attack, then the id, break ties."""
        best: tuple[tuple[int, int, int, str], list[str]] | None = None
        used = set(self.names)
        for d in self.offered():
            if not d.is_basic_pokemon or d.baby or d.name in used:
                continue
            names = self.line_of(d)
            cards = [p for n in names for p in self.named(n) if p.kind == POKEMON]
            asks = set(self.energy_types(cards))
            if not asks <= main_types or (not d.attacks and len(names) == 1):
                continue
            shape = {2: 0, 3: 1, 1: 2}.get(len(names), 3)
            top = [p for p in cards if p.name == names[-1]]
            hit = max((a.base for p in top for a in p.attacks), default=0)
            key = (shape, -hit, -max(p.hp for p in top), d.id)
            if best is None or key < best[0]:
                best = (key, names)
        return best[1] if best else None

    def add_line(self, names: Sequence[str], counts: Sequence[int], first: str = "") -> None:
        for i, name in enumerate(names):
            want = counts[min(i, len(counts) - 1)]
            self.put_name(name, want, lambda d: (d.kind == POKEMON and not d.lv_x) or d.fossil,
                          first=first)

    # ------------------------------------------------------------ Energy

    def energy_card_for(self, t: str) -> list[CardDef]:
        """Cards giving Energy of type ``t``: basic ones, else special ones whose single
        unit is that type (Darkness and Metal before the Black & White era)."""
        bit = BIT[t]
        basic = [d for d in self.offered() if d.basic_energy and d.units == (bit,)]
        if basic:
            # The chosen card's own printing first (a basic Energy built around).
            return sorted(basic, key=lambda d: (d.id != self.chosen, -self.room(d.id), d.id))
        return [d for d in self.offered() if d.kind == ENERGY and d.units == (bit,)]

    def energy_count(self) -> int:
        return sum(n for c, n in self.counts.items() if self.card(c).kind == ENERGY)

    def add_energy(self, total: int, need: Counter[str], *, say: bool = True) -> None:
        """``total`` Energy cards split by ``need`` (largest remainders first, then type
        order); what the offer lacks is noted as missing when ``say``."""
        if total <= 0:
            return
        share = sum(need.values())
        plan: dict[str, int] = {t: total * n // share for t, n in need.items()}
        rest = total - sum(plan.values())
        order = sorted(need, key=lambda t: (-(total * need[t] % share), TYPES.index(t)))
        for t in order[:rest]:
            plan[t] += 1
        for t in sorted(plan, key=TYPES.index):
            want = plan[t]
            got = 0
            for d in self.energy_card_for(t):
                got += self.put(d.id, want - got)
                if got >= want:
                    break
            if got < want and say:
                self.missing.append(f"{want - got} more {_type_name(t)} Energy")


def _type_name(t: str) -> str:
    from .engine.energy import TYPE_NAMES

    return TYPE_NAMES.get(t, t)


def build_around(album: Album, chosen: str, era: Era | str | None = None) -> AutoDeck:
    """A deck of ``chosen``'s era built around it from what ``album`` offers (see the
    module's docstring); deterministic for the same album and card."""
    pool = album.pool
    e = era_by_key(era) if era is not None else era_of_card(chosen)
    b = _Builder(album, e)
    b.chosen = chosen
    if chosen not in b.left:
        d = pool.get(chosen) if chosen in pool else None
        name = d.name if d else chosen
        return AutoDeck(chosen, e.key, [], [f"{name} is not among the cards offered"],
                        [f"{name} ({chosen}) is not among the cards offered"])
    d = pool.get(chosen)
    main: list[CardDef] = []  # the Pokémon whose attacks decide the Energy
    if d.kind == POKEMON:
        if d.lv_x:
            b.put(d.id, LV_X_COPIES)
            base = [p for p in b.named(d.name) if not p.lv_x and p.kind == POKEMON]
            if base:
                b.add_line(b.line_of(min(base, key=lambda p: p.id)), MAIN_COUNTS)
            else:
                b.missing.append(f"no {d.name} to level up")
        elif d.legend:
            b.put(d.id, LEGEND_COPIES)
            if d.legend_other is not None:
                b.put(d.legend_other.id, LEGEND_COPIES)
        elif d.restored:
            b.put_name(d.benched_by, FOSSIL_COPIES, lambda c: c.kind == TRAINER)
            b.put(d.id, MAIN_COUNTS[1])
        else:
            names = b.line_of(d)
            counts = MAIN_COUNTS[:len(names)]
            b.add_line(names, counts, first=d.id)
        main = [pool.get(c) for c in b.counts if pool.get(c).kind == POKEMON]
    elif d.kind == TRAINER:
        b.put(d.id, 4)
    elif not d.basic_energy:
        b.put(d.id, 4)
    # The Energy the main line asks for; a Trainer or Energy chosen brings a line of the
    # Energy's type, or the strongest line of any type.
    need = b.energy_types(main)
    if not main:
        types = {t for u in d.units for t in TYPES if u & BIT[t]} if d.kind == ENERGY \
            else set(TYPES)
        if len(types) != 1:
            types = set(TYPES)
        line = None
        for t in sorted(types, key=TYPES.index):
            line = b.second_line({t})
            if line:
                break
        if line:
            b.add_line(line, MAIN_COUNTS)
            main = [pool.get(c) for c in b.counts if pool.get(c).kind == POKEMON]
            need = b.energy_types(main)
    if not need:
        for p in main:
            need.update(t for t in p.types[:1] if t in TYPES)
    if not need and d.kind == ENERGY:
        need.update(t for u in d.units for t in TYPES if u == BIT[t])
    main_types = set(need)
    second = b.second_line(main_types or set())
    if second:
        b.add_line(second, SECOND_COUNTS)
    if not any(pool.get(c).is_basic_pokemon for c in b.counts):
        # Nothing to start with (a LEGEND, a lone LV.X): any Basic the offer holds.
        for p in b.offered():
            if p.is_basic_pokemon and not p.baby and b.put(p.id, 4):
                break
    pokemon = [pool.get(c) for c in b.counts for _ in range(b.counts[c])
               if pool.get(c).kind == POKEMON]
    costs = [len(a.cost) for p in pokemon for a in p.attacks]
    mean = sum(costs) / len(costs) if costs else 2.0
    energy_total = max(MIN_ENERGY, min(MAX_ENERGY, round(12 + 4 * mean)))
    # Trainers: the most helpful first, up to the room left beside the Energy.
    trainer_room = b.rules.deck_size - b.size - energy_total
    helpers = sorted((t for t in b.offered() if t.kind == TRAINER and not t.fossil
                      and trainer_worth(t) > 0),
                     key=lambda t: (-trainer_worth(t), t.trainer_kind != SUPPORTER, t.id))
    # One of each kind of help first (draw, Pokémon search, Energy search, switch), then
    # the rest by worth.
    firsts = [next(t for t in helpers if role in trainer_roles(t)) for role in ROLE_WORTH
              if any(role in trainer_roles(t) for t in helpers)]
    helpers = list(dict.fromkeys(firsts + helpers))
    for tr in helpers[:MAX_TRAINER_CARDS]:
        if trainer_room <= 0:
            break
        trainer_room -= b.put(tr.id, min(4, trainer_room))
    if not need:
        need = Counter(TYPES[:1])  # all-Colorless: any basic Energy
    b.add_energy(min(energy_total, b.rules.deck_size - b.size), need)
    # Short of 60 (few Trainers, a small collection): Energy up to the most the curve
    # takes, more of the lines, more Trainers, then any Energy.
    b.add_energy(min(MAX_ENERGY - b.energy_count(), b.rules.deck_size - b.size), need,
                 say=False)
    for cid in list(b.counts):
        b.put(cid, b.rules.max_copies)
    for tr in helpers:
        b.put(tr.id, 4)
    b.add_energy(b.rules.deck_size - b.size, need, say=False)
    # A type no basic Energy gives in this era (Darkness, Metal before Black & White):
    # the Pokémon's own types, then any basic Energy, pay the Colorless parts at least.
    own_types = [t for p in main for t in p.types if t in TYPES]
    spare = sorted((c for c in b.offered() if c.basic_energy),
                   key=lambda c: (not any(c.units == (BIT[t],) for t in own_types),
                                  -b.room(c.id), c.id))
    for c in spare:
        b.put(c.id, b.rules.deck_size)
    if b.size < b.rules.deck_size:
        b.missing.append(f"{b.rules.deck_size - b.size} cards short of "
                         f"{b.rules.deck_size}")
    cards = [c for c in b.counts for _ in range(b.counts[c])]
    problems = e.deck_violations(pool, cards)
    return AutoDeck(chosen, e.key, cards, b.missing, problems)


# --------------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class DeckStats:
    """The statistics page's numbers for one deck (see :func:`deck_stats`)."""

    pokemon: int
    trainers: int
    energy: int
    stages: tuple[int, int, int, int]  # Basic, Stage 1, Stage 2, other Pokémon
    energy_by_type: dict[str, int]  # Energy cards by the type they give ("*": several)
    curve: tuple[int, int, int, int, int]  # attacks costing 0, 1, 2, 3, 4+ (by copies)
    asked: dict[str, int]  # Energy symbols of the attacks by type (by copies)


def deck_stats(pool: CardPool, cards: Sequence[str]) -> DeckStats:
    """Count ``cards``: every copy counts, so four copies of a Pokémon with two attacks
    add eight attacks to the curve. Colorless Energy (a special card giving only
    Colorless) is ``C``; a card giving several types is ``*``."""
    kinds: Counter[int] = Counter()
    stages = [0, 0, 0, 0]
    by_type: Counter[str] = Counter()
    curve = [0] * len(COST_BUCKETS)
    asked: Counter[str] = Counter()
    for cid in cards:
        if cid not in pool:
            continue
        d = pool.get(cid)
        kinds[d.kind] += 1
        if d.kind == POKEMON:
            if d.is_basic_pokemon:
                stages[0] += 1
            elif d.is_evolution and d.stage in (STAGE1, STAGE2) and not d.lv_x:
                stages[d.stage] += 1
            else:
                stages[3] += 1
            for a in d.attacks:
                curve[min(len(a.cost), 4)] += 1
                asked.update(c for c in a.cost if c != COLORLESS)
        elif d.kind == ENERGY:
            types = {t for u in d.units for t in TYPES if u & BIT[t]}
            by_type[types.pop() if len(types) == 1 else ("C" if not types else "*")] += 1
    return DeckStats(kinds[POKEMON], kinds[TRAINER], kinds[ENERGY],
                     (stages[0], stages[1], stages[2], stages[3]),
                     dict(sorted(by_type.items(), key=lambda kv: _type_order(kv[0]))),
                     (curve[0], curve[1], curve[2], curve[3], curve[4]),
                     dict(sorted(asked.items(), key=lambda kv: _type_order(kv[0]))))


def _type_order(t: str) -> int:
    return TYPES.index(t) if t in TYPES else len(TYPES) + (t != "C")


GROUPS = ((POKEMON, "Pokémon"), (TRAINER, "Trainer"), (ENERGY, "Energy"))


def grouped(pool: CardPool, cards: Sequence[str]) -> list[tuple[str, int, list[tuple[str, int]]]]:
    """The deck as the list view shows it: (group, cards in it, [(card id, copies)]) for
    Pokémon, Trainer and Energy (empty groups left out), each card once in deck order."""
    counts = Counter(cards)
    out = []
    for kind, label in GROUPS:
        rows = [(c, counts[c]) for c in dict.fromkeys(cards)
                if c in pool and pool.get(c).kind == kind]
        if rows:
            out.append((label, sum(n for _, n in rows), rows))
    return out
