"""The album shows every card of the set; the deck builder offers every playable card and
validates live, refusing edits that could never be legal without touching the deck."""

from __future__ import annotations

from collections import Counter

import pytest

from handheld.cards import default_pool, load_deck
from handheld.collection import Album, DeckBuilder, era_sets
from handheld.engine import InvalidDeck, parse_deck_list

POOL = default_pool()


def test_the_album_shows_all_165_expedition_cards_in_order() -> None:
    album = Album(POOL)
    assert len(album) == 165
    assert [e.number for e in album.entries] == [str(n) for n in range(1, 166)]
    assert album.entries[32].name == "Alakazam" and album.entries[32].card_id == "ecard1-33"
    assert album.set_label("ecard1-33") == "EXP 33/165"
    assert all(e.implemented for e in album.entries)


def test_the_deck_builder_offers_every_expedition_card() -> None:
    offered = DeckBuilder(Album(POOL)).offered()
    assert len(offered) == 165
    assert {e.card_id for e in offered} == {f"ecard1-{n}" for n in range(1, 166)}


def test_a_theme_deck_built_card_by_card_is_legal() -> None:
    builder = DeckBuilder(Album(POOL), name="Blazing Quake copy")
    target = load_deck("blazing_quake")
    for card in target:
        builder.add(card)
        assert builder.size <= 60
    assert builder.violations() == []
    assert Counter(builder.cards()) == Counter(target)
    again = parse_deck_list(builder.deck_list())
    assert Counter(again) == Counter(target)
    assert builder.deck_list().startswith("# Blazing Quake copy\n")


def test_live_validation_lists_what_is_missing() -> None:
    builder = DeckBuilder(Album(POOL))
    builder.add("ecard1-92")  # Wartortle: not a Basic
    assert builder.violations() == [
        "the deck has 1 cards; it must have exactly 60",
        "no Basic Pokémon; a deck needs at least one to start the game"]
    builder.add("ecard1-131")
    assert builder.violations() == ["the deck has 2 cards; it must have exactly 60"]


def test_refused_edits_say_why_and_leave_the_deck_alone() -> None:
    builder = DeckBuilder(Album(POOL))
    for card in ["ecard1-131"] * 3 + ["ecard1-132"]:
        builder.add(card)
    before = builder.cards()
    with pytest.raises(InvalidDeck, match="already 4 cards named Squirtle"):
        builder.add("ecard1-131")
    with pytest.raises(InvalidDeck, match="the deck has no ecard1-98"):
        builder.remove("ecard1-98")
    with pytest.raises(InvalidDeck, match="not in the album"):
        builder.add("ecard2-1")
    assert builder.cards() == before
    for _ in range(56):
        builder.add("ecard1-165")  # basic Energy: any number
    assert builder.size == 60 and builder.violations() == []
    with pytest.raises(InvalidDeck, match="already has 60 cards"):
        builder.add("ecard1-165")
    builder.remove("ecard1-131")
    assert builder.size == 59


def test_a_collection_limits_what_is_offered() -> None:
    album = Album(POOL, owned={"ecard1-131": 2, "ecard1-165": 3})
    builder = DeckBuilder(album)
    offered = [e.card_id for e in builder.offered()]
    # The owned Squirtle, and every basic Energy (never limited by the collection).
    basics = [e.card_id for e in album.entries if POOL.get(e.card_id).basic_energy]
    assert offered == ["ecard1-131", *basics] and "ecard1-160" in offered
    builder.add("ecard1-131")
    builder.add("ecard1-131")
    with pytest.raises(InvalidDeck, match="the collection has only 2 Squirtle"):
        builder.add("ecard1-131")
    for _ in range(20):  # more Water Energy than the 3 owned
        builder.add("ecard1-165")
    assert builder.counts["ecard1-165"] == 20


def test_cards_without_effects_are_shown_but_not_offered() -> None:
    album = Album(POOL, ["aquapolis"])
    assert len(album) > 0 and not album.entries[0].implemented
    builder = DeckBuilder(album)
    assert album.entries[0].card_id not in {e.card_id for e in builder.offered()}
    with pytest.raises(InvalidDeck, match="cannot be played yet"):
        builder.add(album.entries[0].card_id)


def test_a_deck_belongs_to_an_era_its_builder_offers_and_judges() -> None:
    assert era_sets("expedition") == ("expedition", "aquapolis", "skyridge")
    assert era_sets("platinum") == ("platinum", "rising_rivals")
    album = Album(POOL, era_sets("expedition"))
    assert {e.card_id.split("-")[0] for e in album.entries} == {"ecard1", "ecard2", "ecard3"}
    # A Platinum card in an Expedition deck is against the era's deck rules.
    builder = DeckBuilder(album, ["pl1-2"], era="expedition")
    assert builder.era.key == "expedition"
    assert "Blastoise (pl1-2) is not played in the Expedition era" in builder.violations()
    platinum = DeckBuilder(Album(POOL, era_sets("platinum")), ["pl1-2"], era="platinum")
    assert platinum.rules.use_printed_weakness
    assert not any("not played in" in p for p in platinum.violations())
