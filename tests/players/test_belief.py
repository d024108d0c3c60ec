"""The search player's guess of the opponent's list (players/belief.py): made from what the
seat has seen and the lists it knows, never from the opponent's true unseen cards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from handheld.cards import DECK_SETS, default_pool, load_deck
from handheld.engine import Chance, Choice, Match
from handheld.engine.eras import ERAS
from handheld.players import RandomPlayer
from handheld.players.belief import believe, guess_unseen, known_lists, unseen_cards
from tests.players.test_search import play_until

POOL = default_pool()


def greedy_game(decks: list[list[str]], seed: int, turn: int,
                stop: Callable[[Match, Choice], bool] | None = None) -> Match:
    """Greedy against greedy (test_search's ``play_until``) until the first main-phase
    decision of ``turn``, or the first choice where ``stop`` holds."""
    m = play_until(decks, seed, stop or (lambda m, d: m.turn >= turn and d.kind == "main"))
    assert m is not None, "the game ended first"
    return m


def hidden_ids(m: Match, player: int) -> Counter[str]:
    opp = m.players[player]
    return Counter(m.defs[c].id for zone in (opp.hand, opp.deck, opp.prizes) for c in zone)


def test_a_ready_made_opponent_is_soon_guessed_right() -> None:
    """Against a ready-made deck the guess is that deck: once a few of its cards are seen,
    the unseen cards guessed are the true ones (as a multiset; where they lie is dealt)."""
    names = DECK_SETS["theme"]
    m = greedy_game([load_deck(names[0]), load_deck(names[1])], 4, turn=6)
    viewer = m.current
    believed = believe(m, viewer, random.Random(1))
    assert hidden_ids(believed, 1 - viewer) == hidden_ids(m, 1 - viewer)
    # The rest of the match is the same: the viewer's side and the public cards.
    assert believed.view(viewer) == m.view(viewer)


def test_an_unknown_list_is_guessed_from_the_nearest_known_one() -> None:
    """A deck no known list matches: the guess deals the unseen places (as many cards in
    each) from the known list that holds most of the seen cards, and changes nothing the
    viewer sees."""
    names = DECK_SETS["theme"]
    own, theirs = load_deck(names[0]), load_deck(names[1])
    # The opponent's deck: its theme deck with a third of it swapped for cards of another.
    other = load_deck(DECK_SETS["expedition"][-1])
    odd = theirs[:40] + other[:20]
    m = greedy_game([own, odd], 2, turn=5)
    viewer = 0
    lists = known_lists(m, viewer)
    assert tuple(odd) not in lists and tuple(sorted(odd)) not in lists
    guess = guess_unseen(m, viewer, random.Random(3), lists)
    assert sorted(guess) == unseen_cards(m, viewer)
    seen = Counter(m.defs[c].id for c in range(len(m.defs))
                   if m.owner[c] == 1 and c not in guess)
    fits = [sum(min(n, Counter(cards)[c]) for c, n in seen.items()) for cards in lists]
    nearest = [cards for cards, fit in zip(lists, fits, strict=True) if fit == max(fits)]
    assert any(not Counter(guess.values()) - (Counter(cards) - seen) for cards in nearest)
    believed = believe(m, viewer, random.Random(3), lists)
    assert believed.view(viewer) == m.view(viewer)
    assert hidden_ids(believed, 1) != hidden_ids(m, 1)  # (it is a guess, not the truth)


def test_the_guess_reads_only_what_the_viewer_has_seen() -> None:
    """Two matches that differ only in the opponent's unseen cards (other cards in the same
    places) give the same guess; so do two setups whose face-down Pokémon differ."""
    names = DECK_SETS["theme"]
    own, theirs = load_deck(names[0]), load_deck(names[1])
    m = greedy_game([own, theirs], 5, turn=4)
    viewer = m.current
    from handheld.engine.position import copy_with_other_cards

    unseen = unseen_cards(m, viewer)
    swapped = copy_with_other_cards(m, 1 - viewer,
                                    {c: own[i % len(own)] for i, c in enumerate(unseen)})
    assert hidden_ids(swapped, 1 - viewer) != hidden_ids(m, 1 - viewer)
    assert guess_unseen(m, viewer, random.Random(9), known_lists(m, viewer)) == \
        guess_unseen(swapped, viewer, random.Random(9), known_lists(swapped, viewer))
    # During setup the opponent's Pokémon are face down: not seen either.
    a = greedy_game([own, theirs], 1, 0, stop=lambda m, d: m.turn == 0 and
                    m.players[1 - d.player].active is not None)
    player = a.pending.player
    b = a.clone()
    opp = b.players[1 - player]
    assert opp.active is not None and opp.hand
    opp.active.cards[0], opp.hand[0] = opp.hand[0], opp.active.cards[0]
    ga = guess_unseen(a, player, random.Random(2), known_lists(a, player))
    gb = guess_unseen(b, player, random.Random(2), known_lists(b, player))
    assert sorted(ga.values()) == sorted(gb.values())


def test_a_hand_an_effect_shows_is_not_guessed() -> None:
    """Looker's Investigation shows the player the opponent's hand before its question:
    those cards are seen, so the guess keeps them (the effect holds them as a list)."""
    names = DECK_SETS["platinum"]
    for i, name in enumerate(names * 3):
        decks = [load_deck(name), load_deck(names[(i + 1) % len(names)])]
        m = Match(POOL, decks, ERAS["platinum"].ruleset, record_log=False, validate=False)
        rng = random.Random(i)
        players = [RandomPlayer(i), RandomPlayer(i + 7)]
        for _ in range(500):
            if m.over:
                break
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(d.sample(rng))
                continue
            assert isinstance(d, Choice)
            if d.kind == "yes_no" and any(f.key.startswith("pl1-109") for f in m.stack):
                hand = m.players[1 - d.player].hand
                assert hand and not set(unseen_cards(m, d.player)) & set(hand)
                for seed in range(3):
                    believed = believe(m, d.player, random.Random(seed))
                    assert [believed.defs[c].id for c in believed.players[1 - d.player].hand] \
                        == [m.defs[c].id for c in hand]
                return
            m.apply(players[d.player].choose(m, d))
    raise AssertionError("no Looker's Investigation was played")
