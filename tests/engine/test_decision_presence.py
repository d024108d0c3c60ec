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
"""

from __future__ import annotations

import random

import pytest

from handheld.cards import DECK_SETS, deck_set_era, default_pool, load_deck
from handheld.engine import Chance, Choice, Match
from handheld.engine.eras import ERAS
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


@pytest.mark.parametrize("deck_set", list(DECK_SETS))
def test_whether_a_decision_is_asked_does_not_depend_on_unseen_cards(deck_set: str) -> None:
    era = deck_set_era(deck_set)
    names = DECK_SETS[deck_set]
    checked = 0
    differ: list[str] = []
    for i, name in enumerate(names):
        pair = [load_deck(name), load_deck(names[(i + 1) % len(names)])]
        m = Match(POOL, pair, ERAS[era].ruleset, record_log=False, validate=False)
        chance = random.Random(i)
        players = [RandomPlayer(i), RandomPlayer(i + 1)]
        for _ in range(DECISIONS_PER_GAME):
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
                for k in range(DEALS):
                    other = deal_unseen_again(m, random.Random(k))
                    other.apply(answer)
                    got = next_asked(other, coin_seed)
                    checked += 1
                    if got != want:
                        differ.append(f"{name} turn {m.turn}: {m.answer_notation(d, answer)} "
                                      f"then {want} on the true deal, {got} on another")
            m.apply(answer)
    assert not differ, "\n".join(differ[:10])
    assert checked >= 100 * len(names), checked
