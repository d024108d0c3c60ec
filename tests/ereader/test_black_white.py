"""The e-Reader screens on the Black & White era's cards: the Data screen's rows and
legality, the Dictionary terms a card's page lists, and the Evolution chart."""

from __future__ import annotations

from handheld.cards import default_pool
from handheld.ereader.evolution import evolution_chart
from handheld.ereader.facts import data_rows, legality, stage_label
from handheld.ereader.tips import card_tips
from handheld.ui.scenes.card_info import card_terms

POOL = default_pool()


def test_the_data_screen_of_a_pokemon_ex() -> None:
    card = POOL.get("bw4-22")  # Reshiram-EX
    rows = dict(data_rows(card))
    assert rows["Stage"] == stage_label(card) == "Basic, Pokémon-EX"
    assert rows["Prizes"] == "2 when Knocked Out"
    assert rows["Set"] == "Next Destinies (NXD)"
    assert {e.era: e.legal for e in legality(card)} == {
        "expedition": False, "platinum": False, "call_of_legends": False, "black_white": True}


def test_the_data_screen_of_a_restored_pokemon() -> None:
    card = POOL.get("bw5-53")  # Aerodactyl
    rows = dict(data_rows(card))
    assert rows["Stage"] == "Restored (not Basic)"
    assert rows["Benched by"] == "Old Amber Aerodactyl"
    assert "Prizes" not in rows


def test_the_tips_of_the_new_kinds() -> None:
    ex = {t.heading: t.text for t in card_tips(POOL.get("bw4-22"))}
    assert "2 Prize cards" in ex["Pokémon-EX"] and "Reshiram-EX and Reshiram" in ex["Pokémon-EX"]
    aero = {t.heading: t.text for t in card_tips(POOL.get("bw5-53"))}
    assert "only Old Amber Aerodactyl puts it on your Bench" in aero["Restored Pokémon"]
    assert "Basic Pokémon" not in aero  # no Basic tip for it


def test_a_card_page_lists_the_era_s_words() -> None:
    names = {t.name for t in card_terms(POOL.get("bw4-22"))}
    assert "Pokémon-EX" in names
    names = {t.name for t in card_terms(POOL.get("bw1-20"))}  # Emboar, an Ability
    assert "Ability" in names
    names = {t.name for t in card_terms(POOL.get("bw5-53"))}
    assert "Restored Pokémon" in names


def test_the_evolution_chart_of_an_era_species() -> None:
    chart = evolution_chart(POOL.get("bw1-20"), POOL)  # Emboar: Tepig, Pignite, Emboar
    tepig, pignite, emboar = chart.node(498), chart.node(499), chart.node(500)
    assert tepig is not None and pignite is not None and emboar is not None
    assert (tepig.stage, pignite.stage, emboar.stage) == ("Basic", "Stage 1", "Stage 2")
    assert "bw1-20" in emboar.cards and "bw4-100" in emboar.cards
