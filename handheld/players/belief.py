"""What a computer player believes of the opponent's deck list.

A determinization (:mod:`.hidden`) deals the hidden cards again among the places they could
be, so on its own it would deal the opponent's *true* remaining cards: the search would
know the opponent's list, which nobody at a table sees. Before it deals, the search player
therefore replaces the opponent's unseen cards (its hand, deck and face-down Prizes, but
for the cards a pending choice shows or the player's own effect showed) with a guess made
from what the seat has seen:

* the lists it knows, as a player knows the decks that are played: the ready-made decks of
  the match's era and its own list;
* the opponent's cards it has seen (in play, in the discard pile and the Lost Zone, a
  Stadium, the cards a choice shows);
* the list that holds the most of those seen cards is taken (a tie is broken at random),
  and the unseen cards are dealt from what that list holds beyond them, each card number
  of the hidden places getting one, in the order of the numbers (so where the true hidden
  cards lie, and what they are, changes nothing).

The guess is made once per decision (:class:`~handheld.players.search.SearchPlayer`) or per
look-ahead; when the opponent plays a ready-made deck it is soon that deck, and otherwise
the nearest one. Cards revealed earlier and put back (a hand shown by an effect) are not
remembered, as in :mod:`.hidden`.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence

from ..engine import Match
from ..engine.position import copy_with_other_cards, setup_face_down
from .hidden import pinned_cards


@functools.lru_cache(maxsize=8)
def era_lists(era: str) -> tuple[tuple[str, ...], ...]:
    """The ready-made decks of an era, as lists of printed ids: the decks a player of that
    era knows are played."""
    from ..cards import era_deck_names, load_deck

    return tuple(tuple(load_deck(name)) for name in era_deck_names(era))


def known_lists(m: Match, player: int) -> list[tuple[str, ...]]:
    """The lists ``player`` knows: its era's ready-made decks and its own."""
    own = tuple(sorted(m.defs[c].id for c in range(len(m.defs)) if m.owner[c] == player))
    return [*era_lists(m.era.key), own]


def unseen_cards(m: Match, player: int) -> list[int]:
    """The numbers of the opponent's cards ``player`` has not seen: its hand, deck and
    Prizes, but for the cards the pending choice shows or ``player``'s effects hold."""
    opp = m.players[1 - player]
    keep = pinned_cards(m, player)
    return sorted(c for zone in (opp.hand, opp.deck, opp.prizes) for c in zone
                  if c not in keep)


def guess_unseen(m: Match, player: int, rng: random.Random,
                 lists: Sequence[Sequence[str]]) -> dict[int, str]:
    """A printed id for each of the opponent's cards ``player`` has not seen (by card
    number), from the list of ``lists`` that holds the most of the opponent's seen cards."""
    hidden = unseen_cards(m, player)
    if not hidden:
        return {}
    other = 1 - player
    unknown = set(hidden)
    if setup_face_down(m):  # (the setup's Pokémon are face down: not seen either)
        unknown.update(c for s in m.players[other].in_play() for c in s.attached())
    seen = Counter(m.defs[c].id for c in range(len(m.defs))
                   if m.owner[c] == other and c not in unknown)
    best: list[Sequence[str]] = []
    best_fit = -1
    for cards in lists:
        have = Counter(cards)
        fit = sum(min(n, have[c]) for c, n in seen.items())
        if fit > best_fit:
            best, best_fit = [cards], fit
        elif fit == best_fit:
            best.append(cards)
    if not best:
        return {}
    chosen = best[rng.randrange(len(best))]
    rest = sorted((Counter(chosen) - seen).elements())
    rng.shuffle(rest)
    while len(rest) < len(hidden):  # (a list the seen cards overran: more of its cards)
        rest.append(chosen[rng.randrange(len(chosen))])
    return dict(zip(hidden, rest, strict=False))


def believe(m: Match, player: int, rng: random.Random,
            lists: Sequence[Sequence[str]] | None = None) -> Match:
    """A copy of ``m`` whose opponent's unseen cards are ``player``'s guess of them
    (:func:`guess_unseen` over ``lists``, by default :func:`known_lists`): the match a
    determinization for ``player`` may deal from without knowing the opponent's list."""
    guess = guess_unseen(m, player, rng, known_lists(m, player) if lists is None else lists)
    if not guess:
        return m.clone()
    return copy_with_other_cards(m, 1 - player, guess)


__all__ = ["believe", "era_lists", "guess_unseen", "known_lists", "unseen_cards"]
