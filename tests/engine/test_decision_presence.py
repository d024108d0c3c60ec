"""Hidden information in the rhythm of play: whether a player is asked something must not
depend on cards nobody has seen.

At a table a player who searches the deck looks through it whether or not it holds what
the card lets them take, and orders the cards they looked at even when they are copies; the
opponent sees them do it either way. The handheld shows the other player "thinking" or
"waiting" by whether a decision is asked, and a protocol client sees the decision itself,
so a search that found nothing (or cards in one order only) must still be asked.

Every decision of random games over every ready-made deck is answered twice more, on
copies of the match whose unseen cards (each deck with its own face-down Prizes) are dealt
again, and the next decision must be the same player's, of the same kind, in all three.
Nor may it depend on what a list holds at all: on a copy whose decks and face-down Prizes
hold other cards of the era (drawn from its other ready-made lists), the next decision is
the same too (a pause for an answer to a Poké-Power once opened only where the list held
the answer).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from handheld.cards import DECK_SETS, deck_set_era, default_pool, load_deck
from handheld.engine import Chance, Choice, Match
from handheld.engine.eras import ERAS
from handheld.engine.position import copy_with_other_cards
from handheld.players import RandomPlayer
from handheld.players.hidden import deal_again, pinned_cards

POOL = default_pool()
DECISIONS_PER_GAME = 400
DEALS = 2


def deal_unseen_again(m: Match, rng: random.Random) -> Match:
    """A copy of ``m`` whose cards no player has seen (each deck and its face-down Prizes)
    are dealt again among those places, each place keeping its count; the cards a pending
    choice shows or a running effect holds stay where they are."""
    c = m.clone()
    deal_again([[p.deck, p.prizes] for p in c.players], pinned_cards(m), rng)
    return c


def other_list_cards(m: Match, ids: list[str], rng: random.Random) -> Match:
    """A copy of ``m`` whose unseen cards (each deck and its face-down Prizes, but for the
    cards a pending choice shows or an effect holds) are other cards, drawn from ``ids``."""
    pinned = pinned_cards(m)
    return copy_with_other_cards(m, None, {n: rng.choice(ids) for p in m.players
                                           for n in (*p.deck, *p.prizes) if n not in pinned})


def next_asked(m: Match, coin_seed: int) -> tuple[object, ...]:
    """Who is asked next and what kind of decision (the match's end counts as one): coins
    come from ``coin_seed`` and shuffles keep their order, the same in every copy."""
    coins = random.Random(coin_seed)
    while not m.over:
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(coins.random() < 0.5 if d.kind == "coin" else list(range(d.size)))
            continue
        assert isinstance(d, Choice)
        return (d.player, d.kind)
    return ("over",)


# Copies of a match to compare it with, at decision ``step`` of a game over two lists.
Copies = Callable[[Match, int], list[Match]]


def differences(deck_set: str, copies_for: Callable[[list[str]], Copies],
                ) -> tuple[int, list[str]]:
    """Random games over each ready-made deck of ``deck_set`` against the next one: every
    decision after setup is answered on the match and on ``copies_for(the two names)``'s
    copies of it, and the next decision asked compared (how many, and those that differ)."""
    era = deck_set_era(deck_set)
    names = DECK_SETS[deck_set]
    checked = 0
    differ: list[str] = []
    for i, name in enumerate(names):
        pair_names = [name, names[(i + 1) % len(names)]]
        copies = copies_for(pair_names)
        m = Match(POOL, [load_deck(n) for n in pair_names], ERAS[era].ruleset,
                  record_log=False, validate=False)
        chance = random.Random(i)
        players = [RandomPlayer(i), RandomPlayer(i + 1)]
        for step in range(DECISIONS_PER_GAME):
            if m.over:
                break
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(d.sample(chance))
                continue
            assert isinstance(d, Choice)
            answer = players[d.player].choose(m, d)
            if m.turn > 0:  # (the setup deals the Prizes: nothing is searched there)
                coin_seed = chance.randrange(2**32)
                true = m.clone()
                true.apply(answer)
                want = next_asked(true, coin_seed)
                for other in copies(m, step):
                    other.apply(answer)
                    got = next_asked(other, coin_seed)
                    checked += 1
                    if got != want:
                        differ.append(f"{name} turn {m.turn}: {m.answer_notation(d, answer)} "
                                      f"then {want} on the match, {got} on a copy")
            m.apply(answer)
    return checked, differ


@pytest.mark.parametrize("deck_set", list(DECK_SETS))
def test_whether_a_decision_is_asked_does_not_depend_on_unseen_cards(deck_set: str) -> None:
    def dealt_again(pair_names: list[str]) -> Copies:
        return lambda m, step: [deal_unseen_again(m, random.Random(k)) for k in range(DEALS)]

    checked, differ = differences(deck_set, dealt_again)
    assert not differ, "\n".join(differ[:10])
    assert checked >= 100 * len(DECK_SETS[deck_set]), checked


# Each era's whole set of ready-made decks (its theme pair is among them): every decision
# is checked, since the moments that once differed are rare (a Poké-Power while the other
# side has 3 Pokémon SP in play); a copy through the position costs about 2 ms.
ERA_SETS = [s for s, names in DECK_SETS.items() if len(names) > 2]


@pytest.mark.parametrize("deck_set", ERA_SETS)
def test_whether_a_decision_is_asked_does_not_depend_on_the_lists(deck_set: str) -> None:
    names = DECK_SETS[deck_set]

    def other_lists(pair_names: list[str]) -> Copies:
        # (the era's other lists: cards the true lists may or may not hold)
        others = [c for n in names if n not in pair_names for c in load_deck(n)]
        return lambda m, step: [other_list_cards(m, others, random.Random(step))]

    checked, differ = differences(deck_set, other_lists)
    assert not differ, "\n".join(differ[:10])
    assert checked >= 100 * len(names), checked
