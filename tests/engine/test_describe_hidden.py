"""Hidden information in the log (issue 11, item 10): a card that moves between hidden zones
(hand to deck, a deck search that is not shown) is named to its owner only; a card that is
shown, or comes from or goes to a public zone, is named to both players."""

from __future__ import annotations

from typing import Any

import pytest

from handheld.cards import default_pool
from handheld.engine import Match
from handheld.engine.cardpool import CardPool
from handheld.engine.describe import describe_event, move_is_public

from .scenario import run_scenario

WARTORTLE = "ecard1-92"


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return default_pool()


def moves(m: Match) -> list[tuple[Any, ...]]:
    return [e for e in m.log if e[0] == "move"]


def lines(m: Match, events: list[tuple[Any, ...]], viewer: int | None) -> list[str]:
    return [describe_event(m, e, viewer) for e in events]


def test_bills_maintenance_hides_the_card_put_into_the_deck(pool: CardPool) -> None:
    m = run_scenario(pool, {"position": {"players": [
        {"active": {"cards": ["ecard1-131"]}, "hand": ["ecard1-137", WARTORTLE, "ecard1-165"],
         "deck": ["ecard1-164*5"]},
        {"active": {"cards": ["ecard1-98"]}}]},
        "steps": [{"choose": "Play Bill's Maintenance"}, {"choose": "Wartortle"},
                  {"shuffle": "keep"}]})
    [ev] = moves(m)
    assert ev[3] == "deck" and ev[5] == "hand" and not move_is_public(ev)
    assert lines(m, [ev], 1) == ["P1 moves a card from hand to deck."]
    assert lines(m, [ev], 0) == ["P1 moves Wartortle from hand to deck."]
    assert lines(m, [ev], None) == ["P1 moves Wartortle from hand to deck."]
    # No line of the whole log names the Wartortle to the opponent.
    assert not any("Wartortle" in t for t in lines(m, m.log, 1))


def test_moonlight_hides_the_hand_card_and_shows_the_searched_energy(pool: CardPool) -> None:
    m = run_scenario(pool, {"position": {"players": [
        {"active": {"cards": ["ecard1-101", "ecard1-41"]}, "hand": [WARTORTLE, "ecard1-161"],
         "deck": ["ecard1-164*3", "ecard1-165*2"]},
        {"active": {"cards": ["ecard1-98"]}}]},
        "steps": [{"choose": "Moonlight"}, {"choose": "Wartortle"}, {"choose": 0},
                  {"shuffle": "keep"}]})
    to_deck, to_hand = moves(m)
    assert (to_deck[3], to_deck[5], to_hand[3], to_hand[5]) == ("deck", "hand", "hand", "deck")
    opponent = lines(m, [to_deck, to_hand], 1)
    assert opponent[0] == "P1 moves a card from hand to deck."
    assert opponent[1].startswith("P1 moves ") and "Energy from deck to hand" in opponent[1]
    assert not any("Wartortle" in t for t in lines(m, m.log, 1))


def test_a_card_taken_from_the_discard_pile_is_public(pool: CardPool) -> None:
    m = run_scenario(pool, {"position": {"players": [
        {"active": {"cards": ["ecard1-131"]}, "hand": ["ecard1-141"],
         "discard": ["ecard1-164"]},
        {"active": {"cards": ["ecard1-98"]}}]},
        "steps": [{"choose": "Play Energy Restore"}, {"coins": ["H", "T", "T"]}]})
    [ev] = moves(m)
    assert ev[5] == "discard" and move_is_public(ev)
    assert lines(m, [ev], 1) == lines(m, [ev], 0)
    assert "Energy from discard to hand" in lines(m, [ev], 1)[0]


def test_dual_ball_shows_the_basics_it_finds(pool: CardPool) -> None:
    """The card has the Basics revealed to the opponent; so does the log."""
    m = run_scenario(pool, {"position": {"players": [
        {"active": {"cards": ["ecard1-131"]}, "hand": ["ecard1-139"],
         "deck": ["ecard1-98", "ecard1-164*4"]},
        {"active": {"cards": ["ecard1-98"]}}]},
        "steps": [{"choose": "Play Dual Ball"}, {"coins": ["H", "T"]}, {"choose": 0},
                  {"shuffle": "keep"}]})
    [ev] = moves(m)
    assert ev[4] and lines(m, [ev], 1) == ["P1 moves Charmander from deck to hand."]


@pytest.mark.parametrize(("event", "public"), [
    (("move", 0, 3, "hand", False, "deck"), False),   # a search that is not shown
    (("move", 0, 3, "deck", False, "hand"), False),   # hand to deck
    (("move", 0, 3, "hand", True, "deck"), True),     # shown to the opponent
    (("move", 0, 3, "deck", False, "discard"), True),  # from the discard pile
    (("move", 0, 3, "discard", False, "hand"), True),  # into the discard pile
    (("move", 0, 3, "attach", False, "deck"), True),   # into play
    (("move", 0, 3, "deck", False), False),            # an old event without its source
    (("move", 0, 3, "hand", False), False),
])
def test_which_moves_the_opponent_sees(pool: CardPool, event: tuple[Any, ...],
                                       public: bool) -> None:
    m = Match(pool, [["ecard1-98"] * 4 + ["ecard1-164"] * 56] * 2, start=False)
    assert move_is_public(event) is public
    for_opponent = describe_event(m, event, viewer=1)
    assert ("Charmander" in for_opponent) is public
    assert "Charmander" in describe_event(m, event, viewer=0)


def test_a_pokemon_shuffled_into_the_deck_reads_as_a_sentence(pool: CardPool) -> None:
    m = Match(pool, [["ecard1-98"] * 4 + ["ecard1-164"] * 56] * 2, start=False)
    line = describe_event(m, ("to_deck", 1, 2), viewer=0)
    assert line == "P2 shuffles Charmander and the cards attached to it into the deck."
