"""Deck rules: exactly 60 cards, at most 4 of a name (basic Energy exempt), at least one
Basic Pokémon, every card known and implemented; every violation is listed."""

from __future__ import annotations

import pytest

from handheld.assets import load_set
from handheld.cards import DECK_SETS, deck_names, load_deck
from handheld.engine import InvalidDeck, Match, deck_violations, parse_deck_list, validate_deck
from handheld.engine.sets.expedition import REPRINTS

from .fixtures import scenario_pool

WATER = "ecard1-165"


def test_ready_made_decks_are_legal_and_grouped_in_sets() -> None:
    pool = scenario_pool()
    grouped = sorted({n for names in DECK_SETS.values() for n in names})
    assert grouped == deck_names()
    assert len(DECK_SETS["expedition"]) >= 6
    for name in deck_names():
        assert deck_violations(pool, load_deck(name)) == [], name


def test_the_ready_made_decks_use_every_card_of_the_set() -> None:
    """Each of the 165 cards (or its same-effect reprint) is in some ready-made deck, so the
    simulations exercise every effect."""
    used = {c for name in deck_names() for c in load_deck(name)}
    twin = {**REPRINTS, **{b: a for a, b in REPRINTS.items()}}
    unused = [c["id"] for c in load_set("expedition")["cards"]
              if c["id"] not in used and twin.get(c["id"]) not in used]
    assert unused == []


def test_expedition_decks_are_varied() -> None:
    """No two of the new decks share most of their Pokémon."""
    pool = scenario_pool()
    pokemon = {n: {pool.get(c).name for c in load_deck(n) if pool.get(c).kind == 0}
               for n in DECK_SETS["expedition"]}
    for a in pokemon:
        for b in pokemon:
            if a < b:
                overlap = len(pokemon[a] & pokemon[b]) / min(len(pokemon[a]), len(pokemon[b]))
                assert overlap <= 0.3, (a, b, pokemon[a] & pokemon[b])


def test_exactly_60_cards() -> None:
    pool = scenario_pool()
    deck = ["ecard1-131"] * 4 + [WATER] * 55
    assert deck_violations(pool, deck) == [
        "the deck has 59 cards; it must have exactly 60"]


def test_at_most_4_of_a_name_across_versions() -> None:
    pool = scenario_pool()
    # Two different Squirtle cards share the name: 3 + 2 = 5 Squirtle.
    deck = ["ecard1-131"] * 3 + ["ecard1-132"] * 2 + [WATER] * 55
    assert deck_violations(pool, deck) == ["5 cards named Squirtle; at most 4 are allowed"]


def test_basic_energy_is_exempt_but_special_energy_is_not() -> None:
    pool = scenario_pool()
    assert deck_violations(pool, ["ecard1-131"] * 4 + [WATER] * 56) == []
    deck = ["ecard1-131"] * 4 + ["ecard1-159"] * 5 + [WATER] * 51
    assert deck_violations(pool, deck) == ["5 cards named Metal Energy; at most 4 are allowed"]


def test_needs_a_basic_pokemon() -> None:
    pool = scenario_pool()
    deck = ["ecard1-92"] * 4 + [WATER] * 56
    assert deck_violations(pool, deck) == [
        "no Basic Pokémon; a deck needs at least one to start the game"]


def test_a_baby_counts_as_basic() -> None:
    pool = scenario_pool()
    assert deck_violations(pool, ["ecard1-17"] * 4 + ["ecard1-161"] * 56) == []


def test_every_violation_is_listed() -> None:
    pool = scenario_pool()
    deck = ["ecard1-92"] * 5 + ["test-9"] + ["nope-1"] + [WATER] * 10
    problems = deck_violations(pool, deck)
    assert problems == [
        "the deck has 17 cards; it must have exactly 60",
        "unknown card id 'nope-1'",
        "5 cards named Wartortle; at most 4 are allowed",
        "no Basic Pokémon; a deck needs at least one to start the game",
        "Unwritten (test-9) cannot be played yet: its effects are not implemented",
    ]
    with pytest.raises(InvalidDeck) as exc:
        validate_deck(pool, deck)
    assert exc.value.violations == problems
    assert "unknown card id 'nope-1'" in str(exc.value)


def test_unimplemented_cards_are_refused_not_played_as_vanilla() -> None:
    pool = scenario_pool()
    deck = load_deck("tidal_mind")
    deck[0] = "test-9"  # no script
    with pytest.raises(InvalidDeck, match=r"Unwritten .* not implemented"):
        Match(pool, (deck, load_deck("blazing_quake")))


def test_deck_list_format() -> None:
    assert parse_deck_list("# comment\n2 ecard1-131 Squirtle\n\n1 ecard1-165\n") == [
        "ecard1-131", "ecard1-131", "ecard1-165"]
    with pytest.raises(InvalidDeck, match="line 2"):
        parse_deck_list("1 ecard1-131\nSquirtle\n")
