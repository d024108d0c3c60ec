"""Shapes of effects that many cards of every set print ("Flip a coin. If heads, the
Defending Pokémon is now Paralyzed."), written once for all the sets' scripts."""

from __future__ import annotations

from ..effects.core import Step
from ..effects.steps import (
    DEFENDER,
    HEADS,
    AnyOf,
    BenchCards,
    CardFilter,
    ChooseCards,
    ChoosePokemon,
    Damage,
    Expr,
    Flip,
    If,
    Inflict,
    MoveCards,
    PlayerHas,
    PlusIf,
    ShuffleDeck,
    SwitchOpponentActive,
    SwitchOwnActive,
    Times,
    TurnEffect,
)


def on_heads(*steps: Step) -> list[Step]:
    """"Flip a coin. If heads, ..." """
    return [Flip(), If(HEADS, list(steps))]


def coin_condition(condition: int) -> list[Step]:
    """"Flip a coin. If heads, the Defending Pokémon is now <condition>." """
    return on_heads(Inflict(DEFENDER, condition))


def condition(cond: int) -> list[Step]:
    """"The Defending Pokémon is now <condition>." """
    return [Inflict(DEFENDER, cond)]


def times_heads(per: int, coins: int) -> list[Step]:
    """"Flip N coins. This attack does X damage times the number of heads." """
    return [Flip(coins), Damage(Times(per))]


def plus_on_heads(base: int, extra: int) -> list[Step]:
    """"Flip a coin. If heads, this attack does X damage plus Y more damage." """
    return [Flip(), Damage(PlusIf(base, extra, HEADS))]


def switch_both_benches() -> list[Step]:
    """The opponent switches the Defending Pokémon with one of his or her Benched
    Pokémon (if any), then you switch yours (Warp Point, Major Tsunami)."""
    return [*opponent_switches(), ChoosePokemon("s", "own", "bench"), SwitchOwnActive("s")]


def opponent_switches() -> list[Step]:
    """"Your opponent switches the Defending Pokémon with 1 of his or her Benched Pokémon"
    (the opponent chooses)."""
    return [ChoosePokemon("o", "opp", "bench", chooser="opp",
                          wording="Your opponent switches their Active Pokémon with 1 of "
                                  "their Benched Pokémon."),
            SwitchOpponentActive("o", wording="")]


def bench_from_deck(filt: CardFilter) -> list[Step]:
    """"Search your deck for a <card> and put it onto your Bench. Shuffle your deck
    afterward." (only while your Bench has room: Call for Family, Division, Howl)"""
    return [If(PlayerHas("own", "bench_room"), [
        ChooseCards("c", "deck", filt), BenchCards("c", "Put it onto your Bench."),
        ShuffleDeck()])]


def no_trainers_next_turn() -> Step:
    """"Your opponent can't play any Trainer cards (Supporters and Stadiums too) from his
    or her hand during your opponent's next turn" (the ``no_trainers`` turn effect)."""
    return TurnEffect("no_trainers", "Your opponent can't play Trainer, Supporter or Stadium "
                      "cards from their hand during their next turn.", worth=25, side="opp")


def search_to_hand(filt: CardFilter, count: int | Expr = 1) -> list[Step]:
    """"Search your deck for <count> <card>s, show them to your opponent, and put them into
    your hand. Shuffle your deck afterward." """
    more = not isinstance(count, int) or count > 1
    return [ChooseCards("c", "deck", filt, count=count),
            MoveCards("c", "hand", reveal=True,
                      wording="Reveal them to your opponent, then add them to your hand."
                      if more else None),
            ShuffleDeck()]


# "if either player has a Benched Pokémon" (a switch that could do something).
OPP_OR_OWN_BENCH = AnyOf((PlayerHas("own", "bench"), PlayerHas("opp", "bench")))
