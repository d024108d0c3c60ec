"""The Pokémon screen's facts: a species' Pokédex entry, with its height and weight written in
feet and inches and pounds (as the e-Reader did) or in metres and kilograms."""

from __future__ import annotations

from dataclasses import dataclass

from ..assets import load_pokedex
from ..engine.carddefs import POKEMON, CardDef

INCHES_PER_DM = 3.937007874  # 1 decimetre
POUNDS_PER_HG = 0.2204622622  # 1 hectogram

# Words in card names that are not part of the species' name ("Dark Raichu", "Raichu GL").
_NAME_EXTRAS = ("Dark ", "Light ", "Flying ", "Surfing ", " GL", " FB", " C", " G", " 4",
                " LV.X", " EX", " ex", " δ", " Star")


@dataclass(frozen=True)
class DexEntry:
    number: int
    name: str
    genus: str  # "Psi Pokémon"
    types: tuple[str, ...]  # the video games' types, capitalised: ("Grass", "Poison")
    height_dm: int
    weight_hg: int
    generation: int
    evolves_from: int | None
    chain: int
    is_baby: bool

    def height(self, metric: bool = False) -> str:
        return height_text(self.height_dm, metric)

    def weight(self, metric: bool = False) -> str:
        return weight_text(self.weight_hg, metric)


def height_text(dm: int, metric: bool = False) -> str:
    """``7`` decimetres -> ``2'04"`` (rounded to the inch) or ``0.7 m``."""
    if metric:
        return f"{dm / 10:.1f} m"
    inches = round(dm * INCHES_PER_DM)
    return f"{inches // 12}'{inches % 12:02d}\""


def weight_text(hg: int, metric: bool = False) -> str:
    """``69`` hectograms -> ``15.2 lbs`` or ``6.9 kg``."""
    if metric:
        return f"{hg / 10:.1f} kg"
    return f"{hg * POUNDS_PER_HG:.1f} lbs"


def dex_entry(number: int) -> DexEntry | None:
    raw = load_pokedex()["species"].get(str(number))
    if raw is None:
        return None
    return DexEntry(number, raw["name"], raw["genus"],
                    tuple(t.capitalize() for t in raw["types"]), int(raw["height_dm"]),
                    int(raw["weight_hg"]), int(raw["generation"]), raw["evolves_from"],
                    int(raw["chain"]), bool(raw["is_baby"]))


def species_name(card_name: str) -> str:
    """The species a card is of, by name: ``Dark Raichu`` and ``Raichu GL`` -> ``Raichu``."""
    name = card_name
    for extra in _NAME_EXTRAS:
        if extra.startswith(" ") and name.endswith(extra):
            name = name[: -len(extra)]
        elif extra.endswith(" ") and name.startswith(extra):
            name = name[len(extra):]
    return name.strip()


def _by_name() -> dict[str, int]:
    species = load_pokedex()["species"]
    return {raw["name"].casefold(): int(num) for num, raw in species.items()}


def dex_number(card: CardDef) -> int | None:
    """The National Pokédex number of a Pokémon card (None for Trainers and Energy, or a
    name the Pokédex does not know)."""
    if card.kind != POKEMON:
        return None
    if card.dex is not None:
        return card.dex
    return _by_name().get(species_name(card.name).casefold())
