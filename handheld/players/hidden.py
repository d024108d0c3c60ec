"""Hidden information: what a seat may not see, and determinization.

A computer player that looks ahead must not read the opponent's hand, the order of either
deck or the face-down Prize cards. :func:`determinize` gives it a copy of the match in which
every card it cannot see has been dealt again at random among the places it cannot see, the
counts of each place kept: the opponent's hand, deck and Prizes share the opponent's hidden
cards; the player's own deck and Prizes share its own (its hand it sees). A search plays on
such copies only, so what it decides depends on what the seat saw, not on where the hidden
cards really lie.

Cards that the pending decision shows the player (a deck search lists the deck's cards) stay
where they are, and so do the cards a running effect holds in its variables: what an effect
chose must be where it chose it, or the copy would play on a different effect (an Energy
card it found in the deck and is about to attach). An effect holds cards as lists (a
choice's answer); its single numbers are counts and flags, never taken for cards. Between
effects, during the main phase, only the rules' own frames run, and they hold no cards. The
log's history of revealed cards (a hand shown by an effect, a card put back on top of a deck
in a chosen order) is not remembered: forgetting a reveal never leaks anything, it only
makes the guess of hidden cards less sharp.

The hidden cards are put in a canonical order (by card number) before they are dealt, so two
matches that differ only in where the hidden cards lie give the same determinization for the
same random stream (tests/players/test_search.py checks it).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..engine import Choice, Match
from ..engine.notation import OPTION_KINDS


def option_cards(option: tuple[object, ...]) -> list[int]:
    """The card numbers an option names (by the option kind's fields: ``card``, ``source
    card``, and the ``...`` that repeats the field before it)."""
    kind = OPTION_KINDS.get(str(option[0]))
    if kind is None:
        return []
    out: list[int] = []
    fields = kind.fields
    last = ""
    for i, value in enumerate(option[1:]):
        field = fields[i] if i < len(fields) else (last if fields and fields[-1] == "..."
                                                   else "")
        if field == "...":
            field = last
        else:
            last = field
        if "card" in field and type(value) is int:
            out.append(value)
    return out


def hidden_places(m: Match, player: int) -> list[list[list[int]]]:
    """The groups of zones whose cards ``player`` cannot see, each group one owner's (the
    cards of a group may be dealt among its zones): the opponent's hand, deck and Prizes;
    the player's own deck and Prizes."""
    me, opp = m.players[player], m.players[1 - player]
    return [[opp.hand, opp.deck, opp.prizes], [me.deck, me.prizes]]


def pinned_cards(m: Match, player: int | None = None) -> set[int]:
    """Cards that must stay where they are in a determinization: those the pending choice
    names (shown to whoever chooses) and those a running effect holds.

    An effect holds the cards it chose as a list (a choice's answer: ``[opt[1] for opt in
    answer]``); a single number in its variables is a count, a flag or a Pokémon in play
    (coins, damage dealt, the printed damage, cards moved so far). Those numbers are not
    cards, and pinning the hidden card that happens to bear the same number would keep it
    in its true place in every deal: a leak. So only the lists' numbers are pinned, and the
    rules' own frames hold none. With ``player`` (the seat the deal is for), only its own
    effects' cards are pinned: what the opponent's effect chose from its hidden cards is
    not the player's to know (the copy plays that effect on with other cards)."""
    pinned: set[int] = set()
    d = m.pending
    if isinstance(d, Choice):
        for opt in d.options:
            pinned.update(option_cards(opt))
    for f in m.stack:
        if f.key.startswith("rule:") or (player is not None and f.player != player):
            continue
        for value in f.vars.values():
            if type(value) is list:
                pinned.update(v for v in value if type(v) is int)
    return pinned


def determinize(m: Match, player: int, rng: random.Random,
                pinned: Iterable[int] | None = None) -> Match:
    """A clone of ``m`` in which the cards ``player`` cannot see are dealt again at random
    among the places they could be (see the module's docstring). ``pinned`` adds cards
    known to be where they are; by default :func:`pinned_cards`."""
    c = m.clone()
    keep = pinned_cards(m, player) if pinned is None \
        else set(pinned) | pinned_cards(m, player)
    deal_again(hidden_places(c, player), keep, rng)
    return c


def deal_again(groups: list[list[list[int]]], keep: set[int], rng: random.Random) -> None:
    """Deal the cards of each group of zones again at random among that group's zones, in
    place, each zone keeping its count and the cards of ``keep`` their places. The cards
    are sorted by number first, so where they lay does not change the deal."""
    for zones in groups:
        free = sorted(cid for zone in zones for cid in zone if cid not in keep)
        rng.shuffle(free)
        at = 0
        for zone in zones:
            for i, cid in enumerate(zone):
                if cid not in keep:
                    zone[i] = free[at]
                    at += 1


__all__ = ["deal_again", "determinize", "hidden_places", "option_cards", "pinned_cards"]
