"""The Data screen: a card's printed facts (set, number, rarity, stage, HP, retreat,
Weakness, Resistance) and whether it may be played in each era's format.

Legality is worked out from the sets in the assets, era by era: a card is legal in an era
when it was printed in one of that era's sets, or when the very same card was (a reprint of
the same original, which the assets record as ``reprint_of`` in the source database's ids,
``<set id>-<number>``, so an original in our assets is found by its set's id), and basic
Energy is legal everywhere. "Playable here" says whether this handheld has the card's
effects written and plays its era's rules.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..assets import available_sets, load_all_cards, load_set
from ..engine.carddefs import ENERGY, POKEMON, STAGE_NAMES, TRAINER, CardDef
from ..engine.energy import TYPE_NAMES
from ..engine.eras import ERAS as ENGINE_ERAS
from ..engine.eras import era_of_card

# (key, label) of every era, from the engine's era registry.
ERAS: tuple[tuple[str, str], ...] = tuple((e.key, e.label) for e in ENGINE_ERAS.values())


@dataclass(frozen=True)
class SetInfo:
    slug: str
    code: str  # "ecard1"
    name: str
    abbr: str
    era: str
    size: int


@dataclass(frozen=True)
class EraLegality:
    era: str
    name: str
    legal: bool
    reason: str  # "printed in Expedition", "reprinted in Call of Legends", "not printed"


@functools.lru_cache(maxsize=4)
def _sets() -> dict[str, SetInfo]:
    out = {}
    for slug in available_sets():
        info = load_set(slug)["set"]
        out[info["code"]] = SetInfo(slug, info["code"], info["name"], info["abbr"],
                                    info["era"], int(info["size"]))
    return out


def set_info(card_id: str) -> SetInfo | None:
    """The set a card id belongs to (``ecard1-33`` -> Expedition)."""
    return _sets().get(card_id.rpartition("-")[0])


def era_sets(era: str) -> list[SetInfo]:
    return [s for s in _sets().values() if s.era == era]


@functools.lru_cache(maxsize=4)
def _source_ids() -> dict[str, str]:
    """Our card ids by the source database's ids, which ``reprint_of`` uses: the set's id
    and the card's number (``172-120`` is Aquapolis' Energy Switch, ``ecard2-120``)."""
    out: dict[str, str] = {}
    for slug in available_sets():
        data = load_set(slug)
        for card in data["cards"]:
            out[f"{data['set']['id']}-{card.get('number', '')}"] = card["id"]
    return out


def _original(card_id: str, reprint_of: str | None) -> str:
    """The key of the card a printing is of: the original's id in our assets when the
    assets hold it (followed through a reprint of a reprint), else the source's id."""
    key, seen = reprint_of or card_id, set()
    while key in _source_ids() and key not in seen:
        seen.add(key)
        cid = _source_ids()[key]
        key = load_all_cards()[cid].get("reprint_of") or cid
    return key


@functools.lru_cache(maxsize=4)
def _printings() -> dict[str, list[str]]:
    """Card ids grouped by the card they are printings of (same original, same text)."""
    groups: dict[str, list[str]] = {}
    for cid, card in load_all_cards().items():
        groups.setdefault(_original(cid, card.get("reprint_of")), []).append(cid)
    return groups


def _same_card(card: CardDef) -> list[str]:
    """Every printing of this card in the assets (itself included)."""
    return _printings().get(_original(card.id, card.facts.get("reprint_of")), [card.id])


def legality(card: CardDef) -> list[EraLegality]:
    """The card's standing in each era's format, in era order."""
    own = set_info(card.id)
    printings = _same_card(card)
    out = []
    for era, name in ERAS:
        if card.kind == ENERGY and card.basic_energy:
            out.append(EraLegality(era, name, True, "basic Energy is always legal"))
            continue
        if own is not None and own.era == era:
            out.append(EraLegality(era, name, True, f"printed in {own.name}"))
            continue
        reprint = next((s for cid in printings if cid != card.id
                        for s in [set_info(cid)] if s is not None and s.era == era), None)
        if reprint is not None:
            out.append(EraLegality(era, name, True, f"reprinted in {reprint.name}"))
        else:
            out.append(EraLegality(era, name, False, "not printed in its sets"))
    return out


def _types(codes: tuple[str, ...]) -> str:
    return "/".join(TYPE_NAMES.get(t, t) for t in codes)


def _modifiers(pairs: tuple[tuple[str, str], ...]) -> str:
    return ", ".join(f"{TYPE_NAMES.get(t, t)} {v}".strip() for t, v in pairs) or "none"


def other_half_label(card: CardDef) -> str:
    """A Pokémon LEGEND half's other half by set and number ("HGSS 112"), else ""."""
    other = card.legend_other
    if not card.legend or other is None:
        return ""
    info = set_info(other.id)
    return f"{info.abbr} {other.number}" if info is not None else other.id


def legend_half(card: CardDef) -> tuple[str, str]:
    """Which half of a Pokémon LEGEND a card is: its tag and its words, ("1/2", "with the
    HP") for the half printed first, ("2/2", "with the attacks") for the other."""
    return ("2/2", "with the attacks") if card.legend_top else ("1/2", "with the HP")


def is_prime(card: CardDef) -> bool:
    """A Pokémon Prime: a card its era lists as one (a frame with no rule of its own)."""
    return card.id in era_of_card(card.id).prime_cards


def stage_label(card: CardDef) -> str:
    if card.kind == POKEMON:
        if card.lv_x:
            return "LV.X (a level, not a Stage)"
        if card.legend:
            return "Pokémon LEGEND (not Basic)"
        if is_prime(card):
            return f"{STAGE_NAMES[card.stage]}, Pokémon Prime"
        if card.sp:
            return "Basic, Pokémon SP"
        if card.restored:
            return "Restored (not Basic)"
        if card.ex:
            return f"{STAGE_NAMES[card.stage]}, Pokémon-EX"
        return "Baby" if card.baby else STAGE_NAMES[card.stage]
    return card.kind_name


def data_rows(card: CardDef) -> list[tuple[str, str]]:
    """(label, value) lines of the Data screen, facts first, then legality."""
    info = set_info(card.id)
    rows: list[tuple[str, str]] = []
    if info is not None:
        rows.append(("Set", f"{info.name} ({info.abbr})"))
        rows.append(("Number", f"{card.number}/{info.size}"))
    else:
        rows.append(("Set", card.set_code or "?"))
        rows.append(("Number", card.number or "?"))
    rows.append(("Rarity", card.rarity or "not printed"))
    if card.kind == POKEMON:
        rows.append(("Stage", stage_label(card)))
        if card.lv_x:
            rows.append(("Levels up", f"Active {card.name}"))
        if card.sp and card.sp_owner:
            owner = era_of_card(card.id).sp_owners.get(card.sp_owner, card.sp_owner)
            rows.append(("Owner", f"{owner} ({card.sp_owner})"))
        if card.restored and card.benched_by:
            rows.append(("Benched by", card.benched_by))
        if card.ex:
            rows.append(("Prizes", "2 when Knocked Out"))
        if card.legend:
            rows.append(("Half", ", ".join(legend_half(card))))
            rows.append(("Other half", other_half_label(card) or "not in this game's sets"))
        if card.evolves_from:
            rows.append(("Evolves from", card.evolves_from))
        rows.append(("Type", _types(card.types) or "none"))
        # (a LEGEND's HP is the whole Pokémon's, whichever half prints it)
        rows.append(("HP", str(card.hp)))
        if card.legend and not card.legend_top:
            # The half beneath prints none of these: the Pokémon takes them from the top.
            elsewhere = f"on {other_half_label(card) or 'the other half'}"
            rows += [("Retreat", elsewhere), ("Weakness", elsewhere),
                     ("Resistance", elsewhere)]
        else:
            rows.append(("Retreat", f"{card.retreat} Energy" if card.retreat else "free"))
            rows.append(("Weakness", _modifiers(card.weakness)))
            rows.append(("Resistance", _modifiers(card.resistance)))
    elif card.kind == TRAINER:
        rows.append(("Kind", card.kind_name))
    else:
        rows.append(("Kind", card.kind_name))
    if card.artist:
        rows.append(("Illustrator", card.artist))
    for era in legality(card):
        rows.append((era.name, ("legal: " if era.legal else "not legal: ") + era.reason))
    rows.append(("Playable here", playable_here(card)))
    return rows


def playable_here(card: CardDef) -> str:
    """Does this handheld play the card: its effects are written and its era's rules are
    (a card of an era not played yet says so)."""
    era = era_of_card(card.id)
    if not card.implemented:
        return "not yet (facts only)"
    if not era.playable:
        return f"not yet (the {era.label} rules are not played here)"
    return f"yes, in the {era.label} rules"
