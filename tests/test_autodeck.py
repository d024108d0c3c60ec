"""The automatic deck: legal in every era for every playable Pokémon, its line in it,
deterministic, held to the collection's counts (saying what is missing), and the deck
statistics against numbers worked out by hand for a theme deck."""

from __future__ import annotations

from collections import Counter

import pytest

from handheld.autodeck import (
    DRAW,
    SEARCH_ENERGY,
    SEARCH_POKEMON,
    SWITCH,
    build_around,
    deck_stats,
    grouped,
    trainer_roles,
)
from handheld.cards import default_pool, load_deck
from handheld.collection import Album, era_album
from handheld.engine.eras import ERAS, playable_eras

POOL = default_pool()


@pytest.mark.parametrize("era", [e.key for e in playable_eras()])
def test_a_deck_around_every_playable_pokemon_is_legal_and_holds_its_line(era: str) -> None:
    album = era_album(POOL, era)
    offered = {e.card_id for e in album.entries if e.implemented}
    names_offered = {POOL.get(c).name for c in offered}
    tried = 0
    for cid in sorted(offered):
        d = POOL.get(cid)
        if d.kind != 0:
            continue
        deck = build_around(album, cid)
        tried += 1
        assert deck.problems == [], (cid, d.name, deck.problems)
        assert ERAS[era].deck_violations(POOL, deck.cards) == []
        assert cid in deck.cards, cid
        names = {POOL.get(c).name for c in deck.cards}
        # Its evolution (one branch of it) whenever the era offers one that evolves from it.
        grown = [n for n in d.evolves_to if n in names_offered and any(
            POOL.get(c).evolves_from == d.name for c in offered if POOL.get(c).name == n)]
        if grown and not d.lv_x:
            assert names & set(grown), (cid, d.name, grown)
        if d.evolves_from and any(POOL.get(c).name == d.evolves_from for c in offered):
            assert d.evolves_from in names, (cid, d.name)
    assert tried > 100


def test_the_charmander_deck_is_a_sensible_fire_deck() -> None:
    deck = build_around(era_album(POOL, "expedition"), "ecard1-98")
    by_name = Counter(POOL.get(c).name for c in deck.cards)
    assert (by_name["Charmander"], by_name["Charmeleon"], by_name["Charizard"]) == (4, 3, 3)
    assert deck.cards.count("ecard1-98") == 4  # the chosen printing itself
    stats = deck_stats(POOL, deck.cards)
    assert MIN_E <= stats.energy <= MAX_E
    assert set(stats.energy_by_type) == {"R"}  # its attacks ask only Fire (and Colorless)
    roles = set().union(*(trainer_roles(POOL.get(c)) for c in deck.cards))
    assert {DRAW, SEARCH_POKEMON, SEARCH_ENERGY, SWITCH} <= roles
    # The second line asks only Fire or Colorless too.
    for c in set(deck.cards):
        for a in POOL.get(c).attacks:
            assert set(a.cost) <= {"R", "C"}, (c, a.cost)


MIN_E, MAX_E = 18, 26


def test_the_same_inputs_give_the_same_deck() -> None:
    first = build_around(era_album(POOL, "platinum"), "pl1-2")
    again = build_around(era_album(POOL, "platinum"), "pl1-2")
    assert first.cards == again.cards and first.missing == again.missing


def test_trainers_are_read_from_their_steps() -> None:
    assert trainer_roles(POOL.get("ecard1-149")) == {DRAW}  # Professor Oak's Research
    assert trainer_roles(POOL.get("ecard1-157")) == {SWITCH}  # Switch
    assert trainer_roles(POOL.get("ecard1-153")) == {SEARCH_ENERGY}  # Energy Search
    assert trainer_roles(POOL.get("ecard1-139")) == {SEARCH_POKEMON}  # Dual Ball (on heads)
    assert trainer_roles(POOL.get("ecard1-156")) == frozenset()  # Potion: healing only


def test_owned_cards_only_and_what_is_missing_is_said() -> None:
    owned = {"ecard1-98": 2, "ecard1-73": 1, "ecard1-161": 10, "ecard1-149": 4,
             "ecard1-130": 3}
    deck = build_around(Album(POOL, owned=owned), "ecard1-98", "expedition")
    counts = Counter(deck.cards)
    assert all(counts[c] <= owned[c] for c in counts), counts
    assert counts == Counter(owned)  # every owned card is used before giving up
    assert not deck.legal
    assert "the deck has 20 cards; it must have exactly 60" in deck.problems
    # Charmander and Charmeleon want 4-3, the second line (Spearow) 4, the cheap attacks
    # 18 Fire Energy.
    assert deck.missing == ["2 more Charmander", "2 more Charmeleon", "1 more Spearow",
                            "8 more Fire Energy", "40 cards short of 60"]
    assert deck.summary() == ("Only 20 of 60 cards: 2 more Charmander; 2 more Charmeleon; "
                              "1 more Spearow; 8 more Fire Energy; 40 cards short of 60.")


def test_an_ample_collection_makes_a_legal_deck_within_its_counts() -> None:
    owned = {e.card_id: 2 for e in Album(POOL).entries}
    for energy in ("ecard1-161", "ecard1-160", "ecard1-165"):
        owned[energy] = 30
    deck = build_around(Album(POOL, owned=owned), "ecard1-39", "expedition")  # Charizard
    counts = Counter(deck.cards)
    assert deck.legal, deck.problems
    assert all(counts[c] <= owned[c] for c in counts)
    assert counts["ecard1-39"] == 2 and "ecard1-98" in counts


def test_a_card_not_offered_is_refused_with_a_reason() -> None:
    deck = build_around(Album(POOL, owned={"ecard1-161": 30}), "ecard1-98", "expedition")
    assert deck.cards == [] and not deck.legal
    assert deck.missing == ["Charmander is not among the cards offered"]


def test_statistics_of_blazing_quake_match_a_count_by_hand() -> None:
    stats = deck_stats(POOL, load_deck("blazing_quake"))
    # Worked out from the deck list: 21 Pokémon (12 Basics with Magby, 5 Stage 1,
    # 4 Stage 2), 13 Trainers, 14 Fire and 12 Fighting Energy.
    assert (stats.pokemon, stats.trainers, stats.energy) == (21, 13, 26)
    assert stats.stages == (12, 5, 4, 0)
    assert stats.energy_by_type == {"R": 14, "F": 12}
    # 35 attacks over every copy (the TM's attack is not a Pokémon's): none free, 11 of
    # cost 1, 11 of cost 2, 10 of cost 3, 3 of cost 4.
    assert stats.curve == (0, 11, 11, 10, 3)
    assert stats.asked == {"R": 18, "F": 17}


def test_the_list_view_groups_a_deck_with_counts() -> None:
    groups = grouped(POOL, load_deck("blazing_quake"))
    assert [(g, n) for g, n, _ in groups] == [("Pokémon", 21), ("Trainer", 13),
                                               ("Energy", 26)]
    pokemon = dict(groups[0][2])
    assert pokemon["ecard1-98"] == 2 and pokemon["ecard1-73"] == 3 and len(pokemon) == 11
    assert groups[2][2] == [("ecard1-161", 14), ("ecard1-160", 12)]


@pytest.mark.parametrize("era", [e.key for e in playable_eras()])
def test_a_deck_around_every_trainer_and_energy_is_legal_and_holds_it(era: str) -> None:
    album = era_album(POOL, era)
    for entry in album.entries:
        d = POOL.get(entry.card_id)
        if d.kind == 0 or not entry.implemented:
            continue
        deck = build_around(album, d.id, era)  # basic Energy is every era's
        assert deck.problems == [], (d.id, d.name, deck.problems)
        assert d.id in deck.cards, (d.id, d.name)
