"""The Evolution screen's chart: a species' whole family from the Pokédex, drawn left to
right one evolution step per column, branches and all (Eevee has eight), with each species'
card stage (Baby, Basic, Stage 1, Stage 2), the cards the game knows for it and how many of
them the collection owns.

A species' stage comes from the cards themselves, in the scanned card's era when that era
printed the species (Pichu is a Baby in Expedition but a Basic in HeartGold & SoulSilver,
where Pikachu is a Basic too), else from any era, else from its place in the family tree.

In an era that knows them (Platinum), a Pokémon LV.X is not a new stage: it is a level-up
at the end of its line, a node of its own right after the Pokémon it goes onto, headed
"LV.X". A Pokémon SP (Luxray GL) is outside the chain: a Basic node of its own in its
species' column, joined to nothing (Luxray GL is not in Shinx-Luxio-Luxray's line), with its
own LV.X after it. Those nodes have keys beyond any Pokédex number (``ChartNode.dex``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..assets import load_pokedex
from ..engine.carddefs import POKEMON, CardDef
from ..engine.cardpool import CardPool
from ..engine.eras import ERAS
from ..engine.eras.base import LV_X, SP
from .facts import set_info
from .pokedex import dex_number, species_name

STAGES = ("Baby", "Basic", "Stage 1", "Stage 2")
LEVEL_UP = "LV.X"  # the "stage" of a Pokémon LV.X's node: a level, not a stage
# Keys of the nodes that are not species: a LV.X's is its earlier level's key plus
# LV_X_KEY; a Pokémon SP's is SP_KEY + its dex number * 100 + its name's place.
LV_X_KEY = 1_000_000
SP_KEY = 2_000_000


@dataclass
class ChartNode:
    dex: int  # the node's key: its Pokédex number for a species (see LV_X_KEY, SP_KEY)
    name: str
    column: int  # evolution steps from the family's first species
    stage: str  # one of STAGES
    parent: int | None  # the dex number it evolves from (None: the family's first)
    cards: list[str] = field(default_factory=list)  # card ids of this species, set order
    owned: int = 0  # copies of those cards in the collection
    row: int = 0  # vertical slot within the chart, assigned by the layout
    kind: str = ""  # "" a species, "sp" a Pokémon SP, "lv_x" a Pokémon LV.X


@dataclass
class EvolutionChart:
    nodes: list[ChartNode]  # in tree order (parents before children)
    highlight: int | None  # the dex number of the scanned card's species
    columns: list[int]  # the columns that are used, left to right

    @property
    def evolves(self) -> bool:
        """Whether there is a chart to show (the e-Reader skipped the screen otherwise)."""
        return len(self.nodes) > 1

    @property
    def rows(self) -> int:
        return max((n.row for n in self.nodes), default=-1) + 1

    def node(self, dex: int) -> ChartNode | None:
        return next((n for n in self.nodes if n.dex == dex), None)

    def stages(self) -> list[list[ChartNode]]:
        """The nodes column by column (the screen reveals them one by one)."""
        return [[n for n in self.nodes if n.column == c] for c in self.columns]


def _family(dex: int) -> list[int]:
    pokedex = load_pokedex()
    species = pokedex["species"].get(str(dex))
    if species is None:
        return []
    return [int(d) for d in pokedex["chains"].get(str(species["chain"]), [dex])]


def _stage(card: CardDef) -> int:
    return 0 if card.baby else 1 + card.stage


def evolution_chart(card: CardDef, pool: CardPool,
                    owned: Mapping[str, int] | None = None) -> EvolutionChart:
    """The chart of ``card``'s family; empty for a Trainer, an Energy or an unknown species."""
    dex = dex_number(card)
    if dex is None or card.kind != POKEMON:
        return EvolutionChart([], None, [])
    family = _family(dex)
    species = load_pokedex()["species"]
    era = _era(card)
    kinds = ERAS[era].pokemon_kinds if era in ERAS else frozenset()
    by_dex: dict[int, list[CardDef]] = {d: [] for d in family}
    # The era's own nodes: Pokémon SP by name, and the LV.X cards (kept apart only in an
    # era that knows them; elsewhere they are cards of their species as before).
    sp_cards: dict[str, list[CardDef]] = {}
    lv_x_cards: dict[str, list[CardDef]] = {}
    for c in pool:
        n = dex_number(c) if c.kind == POKEMON else None
        if n not in by_dex:
            continue
        if c.lv_x and LV_X in kinds:
            lv_x_cards.setdefault(c.name, []).append(c)
        elif c.sp and SP in kinds:
            sp_cards.setdefault(c.name, []).append(c)
        else:
            by_dex[n].append(c)
    owned = owned or {}
    depth: dict[int, int] = {}
    nodes: list[ChartNode] = []
    for d in family:
        raw = species[str(d)]
        parent = raw["evolves_from"]
        depth[d] = depth.get(parent, -1) + 1 if parent in depth else 0
        cards = by_dex[d]
        # The species' own cards (not "Raichu GL" or "Dark Raichu") decide its stage.
        plain = [c for c in cards if c.name == raw["name"]] or cards
        same_era = [c for c in plain if _era(c) == era]
        # (A LV.X or a Pokémon SP is no guide to its species' stage: both print Basic.)
        if d == dex and species_name(card.name) == card.name and not (card.lv_x or card.sp):
            stage = _stage(card)
        elif same_era or plain:
            stage = min(_stage(c) for c in (same_era or plain))
        else:
            stage = 0 if raw["is_baby"] else 1 + depth[d] - (1 if _baby_root(family) else 0)
        nodes.append(ChartNode(d, raw["name"], depth[d], STAGES[max(0, min(stage, 3))],
                               parent, [c.id for c in cards],
                               sum(owned.get(c.id, 0) for c in cards)))
    highlight = dex
    by_name = {n.name: n for n in nodes}
    for i, (name, cards) in enumerate(sorted(sp_cards.items(),
                                             key=lambda kv: (dex_number(kv[1][0]) or 0, kv[0]))):
        d = dex_number(cards[0]) or dex
        column = by_name[species_name(name)].column if species_name(name) in by_name \
            else depth.get(d, 0)
        node = ChartNode(SP_KEY + d * 100 + i, name, column, "Basic", None,
                         [c.id for c in cards], sum(owned.get(c.id, 0) for c in cards),
                         kind="sp")
        nodes.append(node)
        by_name[name] = node
        if card in cards:
            highlight = node.dex
    for name, cards in lv_x_cards.items():
        # A LV.X goes onto the Pokémon of its very name: Luxray GL LV.X onto Luxray GL.
        under = by_name.get(name) or next((n for n in nodes if n.dex == dex_number(cards[0])),
                                          nodes[0])
        node = ChartNode(under.dex + LV_X_KEY, f"{name} {LEVEL_UP}", under.column + 1,
                         LEVEL_UP, under.dex, [c.id for c in cards],
                         sum(owned.get(c.id, 0) for c in cards), kind="lv_x")
        nodes.append(node)
        if card in cards:
            highlight = node.dex
    _layout(nodes)
    used = sorted({n.column for n in nodes})
    return EvolutionChart(nodes, highlight, used)


def _baby_root(family: list[int]) -> bool:
    return bool(family) and bool(load_pokedex()["species"][str(family[0])]["is_baby"])


def _era(card: CardDef) -> str:
    info = set_info(card.id)
    return info.era if info else ""


def _layout(nodes: list[ChartNode]) -> None:
    """Rows: each leaf takes the next row; a parent sits on its first child's row."""
    children: dict[int | None, list[ChartNode]] = {}
    for n in nodes:
        children.setdefault(n.parent, []).append(n)
    next_row = 0

    def place(n: ChartNode) -> None:
        nonlocal next_row
        kids = children.get(n.dex, [])
        if not kids:
            n.row = next_row
            next_row += 1
            return
        for k in kids:
            place(k)
        n.row = kids[0].row

    known = {n.dex for n in nodes}
    for root in [n for n in nodes if n.parent is None or n.parent not in known]:
        place(root)
