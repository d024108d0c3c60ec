"""The Evolution screen's chart: a species' whole family from the Pokédex, drawn left to
right one evolution step per column, branches and all (Eevee has eight), with each species'
card stage (Baby, Basic, Stage 1, Stage 2), the cards the game knows for it and how many of
them the collection owns.

A species' stage comes from the cards themselves, in the scanned card's era when that era
printed the species (Pichu is a Baby in Expedition but a Basic in HeartGold & SoulSilver,
where Pikachu is a Basic too), else from any era, else from its place in the family tree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..assets import load_pokedex
from ..engine.carddefs import POKEMON, CardDef
from ..engine.cardpool import CardPool
from .facts import set_info
from .pokedex import dex_number, species_name

STAGES = ("Baby", "Basic", "Stage 1", "Stage 2")


@dataclass
class ChartNode:
    dex: int
    name: str
    column: int  # evolution steps from the family's first species
    stage: str  # one of STAGES
    parent: int | None  # the dex number it evolves from (None: the family's first)
    cards: list[str] = field(default_factory=list)  # card ids of this species, set order
    owned: int = 0  # copies of those cards in the collection
    row: int = 0  # vertical slot within the chart, assigned by the layout


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
    by_dex: dict[int, list[CardDef]] = {d: [] for d in family}
    for c in pool:
        n = dex_number(c) if c.kind == POKEMON else None
        if n in by_dex:
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
        if d == dex and species_name(card.name) == card.name:
            stage = _stage(card)
        elif same_era or plain:
            stage = min(_stage(c) for c in (same_era or plain))
        else:
            stage = 0 if raw["is_baby"] else 1 + depth[d] - (1 if _baby_root(family) else 0)
        nodes.append(ChartNode(d, raw["name"], depth[d], STAGES[max(0, min(stage, 3))],
                               parent, [c.id for c in cards],
                               sum(owned.get(c.id, 0) for c in cards)))
    _layout(nodes)
    used = sorted({n.column for n in nodes})
    return EvolutionChart(nodes, dex, used)


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
