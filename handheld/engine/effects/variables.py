"""The effect language's variables, checked when a card is compiled.

Steps keep what they chose or counted in their frame's variables (``ChoosePokemon("t",
...)`` writes ``t``; ``Flip`` writes ``heads`` and ``tails``) and later steps, conditions
and expressions read them (``Heal("t", 2)``, ``VarTrue("t")``, ``HEADS``). At run time a
variable nobody wrote reads as nothing, so a misspelt name would be a silent no-op; here
every read must be of a variable an earlier step of the same program writes, or of a
built-in the machine sets (:data:`ATTACK_BUILT_INS`), else the card is refused with
:class:`CardDefinitionError` naming the card, the effect and the variable.

What each class reads and writes is listed in :data:`USES` (kept beside the DSL rather than
in it); ``tests/engine/test_effect_variables.py`` fails for a class of the DSL left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import CardDefinitionError
from . import steps as S
from .core import Cond, Expr, Step

# What the attack procedure sets before an attack's own steps run (``rules.AttackBegin``):
# the printed damage (``Printed``) and the Energy units the cost uses (``SurplusEnergy``).
# Trainers, Powers, Energy cards and a Tool's between-turns effect start with none.
ATTACK_BUILT_INS = frozenset({"printed", "cost_size"})

# Names that designate a Pokémon without being variables.
NOT_VARIABLES = frozenset({S.SELF, S.DEFENDER, S.OWN_ACTIVE})


@dataclass(frozen=True)
class Uses:
    """What one class of the DSL does with variables: the attributes holding the names of
    variables it reads (a Pokémon named by ``SELF`` and the like is not a variable) or
    writes, and the fixed names it reads or writes."""

    reads: tuple[str, ...] = ()
    writes: tuple[str, ...] = ()
    reads_names: tuple[str, ...] = ()
    writes_names: tuple[str, ...] = ()


COIN = ("heads", "tails")
NONE = Uses()

USES: dict[type, Uses] = {
    # conditions
    S.HeadsAtLeast: Uses(reads_names=("heads",)),
    S.HeadsExactly: Uses(reads_names=("heads",)),
    S.TailsAtLeast: Uses(reads_names=("tails",)),
    S.SlotIs: Uses(reads=("who",)),
    S.PlayerHas: NONE,
    S.VarTrue: Uses(reads=("var",)),
    S.SameEnergyCount: NONE,
    S.AnyOf: NONE,
    S.AllOf: NONE,
    S.PrizesAtMost: NONE,
    S.HasCards: NONE,
    S.OpponentHasMoreEnergy: NONE,
    # expressions
    S.Const: NONE,
    S.Printed: Uses(reads_names=("printed",)),
    S.HeadsCount: Uses(reads_names=("heads",)),
    S.EnergyCardsOn: Uses(reads=("who",)),
    S.SurplusEnergy: Uses(reads_names=("cost_size",)),
    S.Times: NONE,
    S.Plus: NONE,
    S.PlusIf: NONE,
    S.IfExpr: NONE,
    S.OpponentHandSize: NONE,
    S.Scaled: NONE,
    S.VarValue: Uses(reads=("var",)),
    S.SideCount: NONE,
    S.CountPokemon: NONE,
    S.DamageCountersOn: Uses(reads=("who",)),
    S.EnergyOfTypeOn: Uses(reads=("who",)),
    # steps (If and Worded are walked into; see _walk)
    S.Flip: Uses(writes_names=COIN),
    S.FlipUntilTails: Uses(writes_names=COIN),
    S.NothingOnTails: Uses(writes_names=COIN),
    S.If: NONE,
    S.Worded: NONE,
    S.DoesNothing: NONE,
    S.Damage: Uses(writes_names=("dealt",)),
    S.DamageChosen: Uses(reads=("var",)),
    S.BenchDamage: Uses(reads=("var",)),
    S.SelfDamage: NONE,
    S.PutCounters: Uses(reads=("who",)),
    S.Inflict: Uses(reads=("who",)),
    S.RemoveConditions: Uses(reads=("who",)),
    S.Mark: Uses(reads=("who",)),
    S.Heal: Uses(reads=("who",)),
    S.ChoosePokemon: Uses(reads=("exclude",), writes=("var",)),
    S.ChooseCards: Uses(writes=("var",)),
    S.ChooseAttachedEnergy: Uses(reads=("who",), writes=("var",)),
    S.ChooseEnergyInPlay: Uses(writes=("var",)),
    # Its own choice of Energy ("_discard") is written and read inside the one step.
    S.DiscardEnergy: Uses(reads=("who",), writes_names=("discarded",)),
    S.DiscardChosenEnergy: Uses(reads=("var",)),
    S.Draw: NONE,
    S.ShuffleHandIntoDeck: NONE,
    S.ShuffleDeck: NONE,
    S.MoveCards: Uses(reads=("var", "onto")),
    S.SwitchOwnActive: Uses(reads=("var",)),
    S.SwitchOpponentActive: Uses(reads=("var",)),
    S.ReturnToHand: Uses(reads=("var",)),
    S.DiscardAllEnergyFrom: Uses(reads=("who",)),
    S.TurnEffect: NONE,
    S.KnockOutSlot: Uses(reads=("who",)),
    S.ChooseYesNo: Uses(writes=("var",)),
    S.MoveEnergy: Uses(reads=("var", "to")),
    S.MoveAllEnergy: Uses(reads=("frm", "to")),
    S.MoveCounters: Uses(reads=("frm", "to")),
    S.HealEach: NONE,
    S.ReorderTopOfDeck: NONE,
    S.ShufflePokemonIntoDeck: Uses(reads=("var",)),
}


def _uses(obj: Any) -> Uses:
    for cls in type(obj).__mro__:
        found = USES.get(cls)
        if found is not None:
            return found
    return NONE  # a step of the tests' own, say: its nested parts are still walked


def _names(obj: Any, attrs: Iterable[str], fixed: Iterable[str]) -> list[str]:
    out = list(fixed)
    for attr in attrs:
        value = getattr(obj, attr, None)
        if isinstance(value, str) and value not in NOT_VARIABLES:
            out.append(value)
    return out


def _parts(obj: Any) -> list[Cond | Expr]:
    """The conditions and expressions an object holds (in attributes, or in tuples)."""
    values = list(vars(obj).values()) if hasattr(obj, "__dict__") else []
    out: list[Cond | Expr] = []
    for value in values:
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, (Cond, Expr)):
                out.append(v)
    return out


def reads_of(obj: Cond | Expr | Step) -> list[str]:
    """Every variable a condition or an expression reads, nested ones included; for a
    step, what the step itself and its conditions and expressions read (not its branches)."""
    uses = _uses(obj)
    out = _names(obj, uses.reads, uses.reads_names)
    for part in _parts(obj):
        out += reads_of(part)
    return out


def writes_of(step: Step) -> list[str]:
    uses = _uses(step)
    return _names(step, uses.writes, uses.writes_names)


def check_variables(steps: Sequence[Step], where: str, *,
                    built_in: Iterable[str] = (), conditions: Iterable[Cond | None] = ()
                    ) -> None:
    """Refuse a program whose steps (in the order they run) read a variable that no
    earlier step writes and that is not ``built_in``; ``conditions`` are checked before
    any step has run (a Power's or a Trainer's requirements). ``where`` names the card
    and its effect for the message."""
    known = set(built_in)
    for cond in conditions:
        if cond is not None:
            _check_reads(reads_of(cond), known, where)
    _walk(steps, known, where)


def _walk(steps: Sequence[Step], known: set[str], where: str) -> None:
    for step in steps:
        if isinstance(step, S.Worded):
            _walk((step.inner,), known, where)
            continue
        _check_reads(reads_of(step), known, where)
        if isinstance(step, S.If):
            # Each branch sees what was written before the If; after it, what either wrote.
            then, otherwise = set(known), set(known)
            _walk(step.then, then, where)
            _walk(step.otherwise, otherwise, where)
            known |= then | otherwise
        known.update(writes_of(step))


def _check_reads(names: list[str], known: set[str], where: str) -> None:
    for name in names:
        if name not in known:
            written = ", ".join(sorted(n for n in known if not n.startswith("_"))) or "none"
            raise CardDefinitionError(
                f"{where}: reads the variable {name!r}, which no earlier step writes "
                f"(written by then: {written})")

# --- Platinum era: Pokémon LV.X
USES.update({
    S.ActiveMayLevelUp: NONE,
    S.ChooseLevelUp: Uses(writes=("var",)),
    S.LevelUpWith: Uses(reads=("var",)),
})


# --- Platinum era: pl1 part 1
USES.update({
    S.CountIn: NONE,
    S.TurnFlag: NONE,
    S.Not: NONE,
    S.HandHasNo: NONE,
    S.EnergyOn: NONE,  # (the Pokémon it names are SELF / DEFENDER, not variables)
    S.Minus: NONE,
    S.CardsToHandSize: NONE,
    S.HandSize: NONE,
    S.BenchRoom: NONE,
    S.CardsNamedIn: NONE,
    S.DealtCounters: Uses(reads_names=("dealt",)),
    S.AttackLock: NONE,
    S.KnockOut: Uses(reads=("who",)),
    S.Cure: Uses(reads=("who",)),
    S.EndTurn: NONE,
    S.SwapDamage: Uses(reads=("a", "b")),
    S.DamageEach: NONE,
    S.FlipEachForDamage: NONE,
    S.FromOpponentHandUnseen: NONE,
    S.BenchCards: Uses(reads=("var",)),
    S.DiscardTrainersAttached: Uses(reads=("who",)),
})
USES[S.HasMarker] = Uses(reads=("who",))

# --- Platinum era: Rising Rivals part1 (pl2-1 to pl2-34)
USES.update({
    S.PrizesTaken: NONE,
    S.HasMarker: Uses(reads=("who",)),
    S.EvolvedFromThisTurn: Uses(reads=("who",)),
    S.HandSizesEqual: NONE,
    S.SideHasMarker: NONE,
    S.FlipForEach: Uses(reads=("var",), writes=("out",), writes_names=COIN),
    S.DiscardTopOfDeck: NONE,
    S.Devolve: Uses(reads=("who",)),
    S.BenchFromDeck: Uses(reads=("var",)),
    S.DiscardOpponentStadium: Uses(writes=("var",)),
    S.OpponentDraws: NONE,
    S.DamageTakenLastTurn: Uses(reads=("who",)),
})


# --- Platinum era: pl1 part3 (commons, Trainers, Rainbow Energy)
USES.update({
    S.EnergyUnitsOn: Uses(reads=("who",)),
    S.HasMarker: Uses(reads=("who",)),
    S.DamageChosenNoWR: Uses(reads=("var",)),
    S.BenchDamageOfType: NONE,
    S.ReorderTopOfDeckOf: Uses(reads=("var",)),
    S.MoveTopToBottom: NONE,
    S.InflictActives: NONE,
})
USES[S.LookAtOpponentHand] = Uses(writes=("var",))
USES[S.OpponentDraws] = NONE
USES[S.HolderIs] = NONE

# --- Platinum era: Rising Rivals part 3 (pl2-75 to pl2-102, pl2-112 to 114, RT1 to RT6)
USES.update({
    S.EnergyUnitsOn: Uses(reads=("who",)),
    S.RetreatCostOf: Uses(reads=("who",)),
    S.DealtCounters: Uses(reads_names=("dealt",)),
    S.UnaffectedDamage: Uses(reads=("var",), writes_names=("dealt",)),
    # Its own progress ("_each_done") is written and read inside the one step.
    S.DiscardEnergyEach: NONE,
    S.ChooseEnergiesOn: Uses(reads=("who",), writes=("var",)),
    S.MoveEnergyCards: Uses(reads=("var", "to")),
    S.TakeFromBottom: NONE,
    S.ChangeTypeThisTurn: Uses(reads=("who",)),
    S.ReturnDefenderToHand: NONE,
    S.UsableWhileAsleep: NONE,
    S.AttachToolChosen: Uses(reads=("var", "onto")),
    S.SwapWithChosen: Uses(reads=("new", "old")),
})


# --- Platinum era: Rising Rivals part 2 (pl2-35 to pl2-74)
USES.update({
    S.VarFalse: Uses(reads=("var",)),
    S.CardsInZone: NONE,
    S.MoveZoneCards: NONE,
    S.OpponentMayDiscard: Uses(writes=("var",)),
    S.EvolveWith: Uses(reads=("var", "who")),
})
USES[S.SetCounter] = Uses(reads=("who",))


# --- Platinum era: pl1 part2 (pl1-35 to pl1-77)
USES.update({
    S.CardProvides: Uses(reads=("var",)),
    S.MoreEnergyInPlay: NONE,
    S.FewerEnergyThan: Uses(reads=("who", "than")),
    S.HasEnergyOfType: Uses(reads=("who",)),
    S.AnyPokemon: NONE,
    S.StadiumInPlay: NONE,
    S.EnergyOfTypeInPlay: NONE,
    S.EnergyInTopOfDeck: NONE,
    S.Remember: Uses(writes=("var",)),
    S.MayChooseAttachedEnergy: Uses(reads=("who",), writes=("var",)),
    S.ChooseCardsFor: Uses(reads=("who",), writes=("var",)),
    S.EvolveWith: Uses(reads=("var", "who")),
    S.ChooseOpponentHandCard: Uses(writes=("var",)),
    S.OpponentCardsToDeck: Uses(reads=("var",)),
    S.OpponentMayDraw: NONE,
    S.AttachEachToOwn: Uses(reads=("var",)),
    S.ChoosePokemonFor: Uses(reads=("exclude",), writes=("var",)),
    S.DamageChosenNoWR: Uses(reads=("var",)),
    S.BenchDamageTo: Uses(reads=("var",)),
    S.DiscardStadium: NONE,
    S.MarkWhileActive: Uses(reads=("who",)),
})
USES.update({  # pl1 part2, the hooks
    S.PickAttack: Uses(reads=("who",), writes=("var",)),
    S.MarkOwnSide: NONE,
    S.ForbidAttack: Uses(reads=("who", "var")),
    S.PoisonCounters: Uses(reads=("who",)),
    S.FiringMoment: NONE,
    S.BenchedFromHand: NONE,
})


# --- Platinum era: Pokémon LV.X cards
USES.update({
    S.HandBelow: NONE,
    S.HandSize: NONE,
    S.PutCountersOnEach: NONE,
    S.DamageTo: Uses(reads=("var",)),
    S.DrawUntilHand: Uses(writes_names=("drawn",)),
    S.ReturnAttachedTrainer: Uses(reads=("who",)),
})
USES[S.ShuffleInPlayIntoDecks] = NONE
USES[S.AttackDamageTaken] = Uses(reads=("who",))
USES[S.PreventPowerEffects] = NONE


# --- Platinum era: pl1 part 1 (the rest)
USES.update({
    S.DiscardRestOfTop: Uses(reads=("var",)),
    S.DrawChosenUpTo: NONE,
    S.EnergyOfTypeOnAll: NONE,
})


# --- Platinum era: the Lost Zone
USES.update({
    S.LostIfKnockedOut: NONE,
    S.LoseAttachedEnergy: Uses(reads=("who",)),
    S.LoseBenchedExcept: Uses(reads=("keep",)),
})


# --- Platinum era: Rising Rivals part1 (rest: pl2-5, 7, 8, 21, 29)
USES.update({
    S.KnockedOutByAttack: NONE,
    # (the Supporter's program runs in a frame of its own, with its own variables)
    S.UseSupporterInPlay: NONE,
})


# --- Platinum era: the Lost Zone (its steps, left out of this table when they came)
USES.update({
    S.LoseAttachedEnergy: Uses(reads=("who",)),
    S.LoseBenchedExcept: Uses(reads=("keep",)),
    S.LostIfKnockedOut: NONE,
})
# --- Platinum era: the last Pokémon LV.X (its program's cards come from the Body that starts
# it, in the frame's own "_rescue")
USES[S.TakeBackKnockedOut] = NONE
USES[S.MoveEnergyFreely] = NONE  # (its own progress: "_card", "_moved")


# ---- Black & White era: black_white part1 ----
USES.update({
    S.HeadsTable: Uses(reads_names=("heads",)),
    S.HealEachOf: NONE,
    S.MoveEnergyOfTypeFreely: NONE,  # (its own progress: "_card", "_moved")
    S.MoveOwnCounters: Uses(reads=("frm", "to")),
})

# ---- Black & White era: black_white part2 ----
USES.update({
    S.DiscardHand: NONE,
    S.StackingTurnEffect: NONE,
    # (the chosen attack's program replaces this one's, in a frame of its own variables)
    S.UseDefenderAttack: Uses(reads=("var",)),
    S.KnockedOutLastTurn: NONE,
})

# ---- Black & White era: next_destinies part1 ----
USES.update({
    S.EvolvedFromHand: NONE,
    S.ChooseAttachedSpecialEnergy: Uses(reads=("who",), writes=("var",)),
    # Its own choice of Energy ("_discard") is written and read inside the one step.
    S.DiscardSpecialEnergy: Uses(reads=("who",), writes_names=("discarded",)),
})


# ---- Black & White era: dark_explorers part2 ----
USES.update({
    S.PrizesLeft: NONE,
    S.PlayerDraws: NONE,
    S.DiscardTool: Uses(reads=("who",)),
    S.ChooseFromBottom: Uses(writes=("var",)),
    S.RevealUntil: NONE,
    S.Stage2EvolutionReady: NONE,
    S.EvolveToStage2: NONE,
    S.ChooseSpecialEnergyInPlay: Uses(writes=("var",)),
})

# ---- Black & White era: dragons_exalted part1 ----
USES.update({
    S.InDiscardPile: NONE,
    S.AttacksOfAnyPokemon: NONE,
    S.ConditionCount: Uses(reads=("who",)),
    S.BasicEnergyTypesOn: Uses(reads=("who",)),
    S.EnergyInPlay: NONE,
    # (its own progress: "_types")
    S.ChooseDifferentTypes: Uses(writes=("var",)),
    S.BenchFromDiscardSelf: NONE,
    S.PutCountersAnyWay: NONE,  # (its own progress: "_placed")
    S.ReturnSelfToHand: Uses(reads=("var",)),
})

# ---- Black & White era: next_destinies part2 ----
USES.update({
    S.ShowHand: NONE,
    S.OpponentCardsToBottom: Uses(reads=("var",)),
    S.FewerHpLeft: Uses(reads=("who", "than")),
    S.CanHeal: NONE,
    # (its cards come from the passive that starts its program, in the frame's "_knocked")
    S.ChooseAmong: Uses(writes=("var",)),
})


# ---- Black & White era: dark_explorers part1 ----
USES.update({
    S.PokemonIs: Uses(reads=("who",)),
    S.MoreCardsInHand: NONE,
    S.PokemonInPlay: NONE,
    S.SwitchInDefender: Uses(reads=("var",), writes=("var",)),
})


# ---- Black & White era: dragons_exalted part2 ----
USES.update({
    S.DamageCountersOnBench: NONE,
    S.ShredDamage: Uses(writes_names=("dealt",)),
    S.AttachEachToBench: Uses(reads=("var",)),
    S.MillAndAttachEnergy: NONE,
    S.DiscardAllBasicOfOneType: Uses(writes_names=("discarded",)),
    S.MillOpponent: NONE,
    S.DiscardToolsInPlay: NONE,
    S.ToolInPlay: NONE,
})


# ---- Call of Legends era: hgss_p3 ----
USES.update({
    S.PokemonInPlayOf: NONE,
    S.HealAllShedEnergy: NONE,
})

# ---- Call of Legends era: col_p2 ----
USES.update({
    S.LoseFromOpponentHandUnseen: NONE,
    S.LoseOpponentTopCards: NONE,
    S.LoseChosenCards: Uses(reads=("var",)),
})


# ---- Call of Legends era: hgss_p1 ----
USES.update({
    S.SearchDeckToBench: NONE,
})


# ---- Call of Legends era: col_tr ----
USES.update({
    S.LoseChosenEnergy: Uses(reads=("var",)),
    S.TopOrBottom: NONE,  # (its own progress: "_keep", "_top", "_bottom")
    S.LostZonePokemon: NONE,
    S.WinGame: NONE,
})


# ---- Call of Legends era: col_p1 ----
USES.update({
    S.CardsInLostZone: NONE,
    S.DiscardTopCounting: Uses(writes=("var",)),
    S.OpponentDiscardsFromHand: NONE,
    S.MoveCountersToOpponent: NONE,  # (its own progress: "_counters", "_from")
    S.ChoosePokemonUpTo: Uses(reads=("exclude",), writes=("var",)),
    S.DevolveEach: Uses(reads=("var",)),
    # (the Supporter's program runs in a frame of its own)
    S.UseOpponentSupporter: NONE,
})


# ---- Call of Legends era: hgss_p2 ----
USES.update({
    S.ReturnEnergyToHand: Uses(reads=("who",)),
    S.EnergyIntoDeck: Uses(reads=("var",)),
})
