"""The Pokémon screen: Pokédex entries from the assets, heights and weights in both units,
and which species a card is of."""

from __future__ import annotations

import dataclasses

import pytest

from handheld.assets import load_pokedex
from handheld.engine.cardpool import build_def
from handheld.ereader.pokedex import (
    dex_entry,
    dex_number,
    height_text,
    species_name,
    weight_text,
)


def test_pikachu_entry_from_the_assets() -> None:
    e = dex_entry(25)
    assert e is not None
    assert (e.number, e.name, e.genus, e.types) == (25, "Pikachu", "Mouse Pokémon",
                                                    ("Electric",))
    # PokeAPI stores decimetres and hectograms: Pikachu is 4 dm, 60 hg.
    assert (e.height_dm, e.weight_hg) == (4, 60)
    assert e.height() == "1'04\"" and e.height(metric=True) == "0.4 m"
    assert e.weight() == "13.2 lbs" and e.weight(metric=True) == "6.0 kg"
    assert (e.generation, e.evolves_from, e.is_baby) == (1, 172, False)


def test_entries_know_babies_families_and_dual_types() -> None:
    pichu, alakazam, budew = dex_entry(172), dex_entry(65), dex_entry(406)
    assert pichu is not None and alakazam is not None and budew is not None
    assert pichu.is_baby and pichu.evolves_from is None and pichu.generation == 2
    assert pichu.chain == dex_entry(25).chain == dex_entry(26).chain
    assert (alakazam.genus, alakazam.evolves_from) == ("Psi Pokémon", 64)
    assert (alakazam.height(), alakazam.weight()) == ("4'11\"", "105.8 lbs")
    assert (alakazam.height(True), alakazam.weight(True)) == ("1.5 m", "48.0 kg")
    assert budew.types == ("Grass", "Poison") and budew.is_baby


@pytest.mark.parametrize(("dm", "imperial", "metric"), [
    (3, "1'00\"", "0.3 m"),  # 11.8 inches round up to a whole foot (Eevee, Pichu)
    (2, "0'08\"", "0.2 m"),  # Budew: under a foot
    (9, "2'11\"", "0.9 m"),  # Abra
    (17, "5'07\"", "1.7 m"),  # Charizard
    (88, "28'10\"", "8.8 m"),  # Onix
    (145, "47'07\"", "14.5 m"),  # Wailord
])
def test_height_in_feet_and_inches_or_metres(dm: int, imperial: str, metric: str) -> None:
    assert height_text(dm) == imperial
    assert height_text(dm, metric=True) == metric


@pytest.mark.parametrize(("hg", "imperial", "metric"), [
    (60, "13.2 lbs", "6.0 kg"),  # Pikachu
    (20, "4.4 lbs", "2.0 kg"),  # Pichu
    (69, "15.2 lbs", "6.9 kg"),  # Bulbasaur
    (4600, "1014.1 lbs", "460.0 kg"),  # Snorlax
    (1, "0.2 lbs", "0.1 kg"),  # Gastly
])
def test_weight_in_pounds_or_kilograms(hg: int, imperial: str, metric: str) -> None:
    assert weight_text(hg) == imperial
    assert weight_text(hg, metric=True) == metric


def test_every_species_entry_reads_and_writes_its_units() -> None:
    species = load_pokedex()["species"]
    assert len(species) >= 493  # at least every species up to the Black & White sets' era
    for number in species:
        e = dex_entry(int(number))
        assert e is not None and e.name and e.genus.endswith("Pokémon"), number
        feet, inches = e.height().rstrip('"').split("'")
        assert 0 <= int(inches) < 12, (number, e.height())
        # Both units describe the same size, to within the inch / the rounding.
        assert abs((int(feet) * 12 + int(inches)) * 2.54 - e.height_dm * 10) <= 1.27 + 1e-9
        assert abs(float(e.weight().split()[0]) * 0.45359237 - e.weight_hg / 10) <= 0.03


def test_an_unknown_number_has_no_entry() -> None:
    assert dex_entry(0) is None
    assert dex_entry(99999) is None


@pytest.mark.parametrize(("card_name", "species"), [
    ("Raichu", "Raichu"),
    ("Dark Raichu", "Raichu"),
    ("Raichu GL", "Raichu"),
    ("Light Dragonite", "Dragonite"),
    ("Flying Pikachu", "Pikachu"),
    ("Surfing Pikachu", "Pikachu"),
    ("Garchomp C", "Garchomp"),
    ("Gengar LV.X", "Gengar"),
    ("Rayquaza δ", "Rayquaza"),
    ("Mewtwo EX", "Mewtwo"),
    ("Blaziken ex", "Blaziken"),
    ("Rapidash 4", "Rapidash"),
    ("Mr. Mime", "Mr. Mime"),
    ("Darkrai", "Darkrai"),  # not "Dark" + "rai"
    ("Lightning Energy", "Lightning Energy"),
])
def test_species_name_drops_what_is_not_the_species(card_name: str, species: str) -> None:
    assert species_name(card_name) == species


def test_dex_number_of_cards(pool) -> None:
    assert dex_number(pool.get("ecard1-124")) == 25  # Pikachu
    assert dex_number(pool.get("ecard1-33")) == 65  # Alakazam
    assert dex_number(pool.get("ecard1-22")) == 172  # Pichu
    assert dex_number(pool.get("pl2-31")) == 26  # Raichu GL
    assert dex_number(pool.get("ecard1-157")) is None  # Switch, a Trainer
    assert dex_number(pool.get("ecard1-165")) is None  # Water Energy


def test_every_pokemon_card_names_a_species_of_the_pokedex(pool) -> None:
    species = load_pokedex()["species"]
    pokemon = [c for c in pool if c.kind == 0]
    assert len(pokemon) > 500
    unknown = set()
    for card in pokemon:
        number = dex_number(card)
        if number is None:
            unknown.add(card.name)
        else:
            assert str(number) in species, card.id
    # Skyridge's "Buried Fossil" is played as a Pokémon but is no species.
    assert unknown == {"Buried Fossil"}


def test_dex_number_falls_back_to_the_name_without_a_printed_number(pool) -> None:
    # A card whose facts lack the National Pokédex number is found by its species' name.
    for card_id, expected in (("pl2-31", 26), ("ecard1-124", 25)):
        facts = {**pool.get(card_id).facts, "dex": None}
        card = build_def(facts, None)
        assert card.dex is None
        assert dex_number(card) == expected
    nameless = build_def({**pool.get("ecard1-124").facts, "dex": None, "name": "Missingno"},
                         None)
    assert dex_number(nameless) is None


def test_dex_entries_are_frozen() -> None:
    e = dex_entry(25)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.name = "Raichu"  # type: ignore[misc]
