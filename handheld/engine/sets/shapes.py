"""Shapes of effects that many cards of every set print (a coin that may give the Defending
Pokémon a Special Condition, damage for each heads), written once for all the sets'
scripts."""

from __future__ import annotations

from ..cardpool import Power
from ..effects.core import Step
from ..effects.library import NoDamageWhileAsleep
from ..effects.steps import (
    DEFENDER,
    HEADS,
    AllOf,
    AnyOf,
    BenchCards,
    CardFilter,
    ChooseCards,
    ChooseEnergyInPlay,
    ChoosePokemon,
    ChooseYesNo,
    Damage,
    Expr,
    Flip,
    HasCards,
    If,
    Inflict,
    MoveCards,
    MoveEnergy,
    PlayerHas,
    PlusIf,
    ShuffleDeck,
    SwitchOpponentActive,
    SwitchOwnActive,
    Times,
    TurnEffect,
    VarTrue,
    Worded,
)


def on_heads(*steps: Step) -> list[Step]:
    """A coin; the steps happen on heads."""
    return [Flip(), If(HEADS, list(steps))]


def coin_condition(condition: int) -> list[Step]:
    """A coin; on heads the Defending Pokémon gets ``condition``."""
    return on_heads(Inflict(DEFENDER, condition))


def condition(cond: int) -> list[Step]:
    """The Defending Pokémon gets ``cond``."""
    return [Inflict(DEFENDER, cond)]


def times_heads(per: int, coins: int) -> list[Step]:
    """``coins`` coins; ``per`` damage for each heads."""
    return [Flip(coins), Damage(Times(per))]


def plus_on_heads(base: int, extra: int) -> list[Step]:
    """A coin; heads adds ``extra`` to the ``base`` damage."""
    return [Flip(), Damage(PlusIf(base, extra, HEADS))]


def switch_both_benches() -> list[Step]:
    """First the opponent trades the Defending Pokémon for a Benched one of theirs (if
    any), then you do the same with yours (Warp Point, Major Tsunami)."""
    return [*opponent_switches(), ChoosePokemon("s", "own", "bench"), SwitchOwnActive("s")]


def opponent_switches() -> list[Step]:
    """The opponent trades the Defending Pokémon for one of their Benched Pokémon, choosing
    which."""
    return [ChoosePokemon("o", "opp", "bench", chooser="opp",
                          wording="Your opponent switches their Active Pokémon with 1 of "
                                  "their Benched Pokémon."),
            SwitchOpponentActive("o", wording="")]


def bench_from_deck(filt: CardFilter) -> list[Step]:
    """A deck search for a card of ``filt`` that goes onto the Bench, then a shuffle (only
    while the Bench has room: Call for Family, Division, Howl)."""
    return [If(PlayerHas("own", "bench_room"), [
        ChooseCards("c", "deck", filt), BenchCards("c", "Put it onto your Bench."),
        ShuffleDeck()])]


def no_trainers_next_turn() -> Step:
    """No Trainer, Supporter or Stadium from the opponent's hand in their next turn (the
    ``no_trainers`` turn effect)."""
    return TurnEffect("no_trainers", "Your opponent can't play Trainer, Supporter or Stadium "
                      "cards from their hand during their next turn.", worth=25, side="opp")


def no_trainer_cards_next_turn(*, stadiums: bool = False) -> Step:
    """No Trainer card (nor, with ``stadiums``, Stadium card) from the opponent's hand in
    their next turn; before Black & White a Supporter is no Trainer card, so it stays
    playable (the ``no_trainer_cards`` and ``no_trainer_or_stadium_cards`` turn effects)."""
    if stadiums:
        return TurnEffect("no_trainer_or_stadium_cards", "Your opponent can't play Trainer or "
                          "Stadium cards from their hand during their next turn (Supporters "
                          "they may).", worth=20, side="opp")
    return TurnEffect("no_trainer_cards", "Your opponent can't play Trainer cards from their "
                      "hand during their next turn (Supporters and Stadiums they may).",
                      worth=15, side="opp")


def search_to_hand(filt: CardFilter, count: int | Expr = 1) -> list[Step]:
    """A deck search for up to ``count`` cards of ``filt``, shown to the opponent, into the
    hand, then a shuffle."""
    more = not isinstance(count, int) or count > 1
    return [ChooseCards("c", "deck", filt, count=count),
            MoveCards("c", "hand", reveal=True,
                      wording="Reveal them to your opponent, then add them to your hand."
                      if more else None),
            ShuffleDeck()]


# "if either player has a Benched Pokémon" (a switch that could do something).
OPP_OR_OWN_BENCH = AnyOf((PlayerHas("own", "bench"), PlayerHas("opp", "bench")))


def may_switch_self() -> list[Step]:
    """The attacker may trade places with one of its owner's Benched Pokémon (asked only
    while there is one)."""
    return [If(PlayerHas("own", "bench"), [
        Worded(ChooseYesNo("sw", "Switch this Pokémon with a Benched Pokémon?"), ""),
        Worded(If(VarTrue("sw"), [ChoosePokemon("b", "own", "bench", wording=""),
                                  SwitchOwnActive("b", "")]),
               "You may swap this Pokémon for one of your Benched Pokémon.")])]


# ---- Black & White era: dark_explorers part1 ----


def attach_from_discard_to_bench(filt: CardFilter) -> list[Step]:
    """A card of ``filt`` from your discard pile attached to 1 of your Benched Pokémon
    (done only while you have both: Energy Assist, Grand Flame)."""
    return [Worded(If(AllOf((PlayerHas("own", "bench"), HasCards("discard", filt))), [
        ChooseCards("e", "discard", filt), ChoosePokemon("b", "own", "bench"),
        MoveCards("e", "attach", onto="b")]),
        f"From your discard pile, attach {with_article(filt.label)} to 1 of your Benched "
        "Pokémon.")]


def with_article(noun: str) -> str:
    """The noun with its indefinite article, for a script's own wording ("an Energy
    card")."""
    return f"{'an' if noun[:1] in 'aeiouAEIOU' else 'a'} {noun}"


# ---- Call of Legends era: the young Pokémon's Poké-Body (Cleffa, Pichu, Tyrogue, Magby,
# Mime Jr.): no damage from attacks while Asleep.
SWEET_SLEEPING_FACE = Power(passives=(NoDamageWhileAsleep(),))


def energy_trans(etype: str) -> Power:
    """A Power used as often as you like: shift a [``etype``] Energy between your own
    Pokémon (Hydreigon's Dark Trance, Meganium's Leaf Trans)."""
    return Power(
        uses_per_turn=None,
        requires=(PlayerHas("own", f"energy_{etype}"), PlayerHas("own", "bench")),
        steps=(ChooseEnergyInPlay("e", "own", etype=etype, wording=""),
               ChoosePokemon("to", "own", exclude="e", wording=""),
               MoveEnergy("e", "to", f"Shift a [{etype}] Energy from one of your Pokémon "
                                     "to a different one.")))

