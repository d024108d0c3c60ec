"""Platinum (rulebook seed 001): printed Weakness and Resistance, Confusion as 3 damage
counters and a normal retreat while Confused, one retreat a turn, one Stadium a turn,
Technical Machines that stay attached, Poké-Powers stopped by any Special Condition and
Poké-Bodies by none, no Trainer, Supporter, Stadium or Fossil for the player who goes
first on the first turn, one extra card per mulligan drawn after the Prizes. Its new kinds
are Pokémon LV.X (Appendix A) and Pokémon SP (Appendix B)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .. import rules as R
from ..effects.core import NEXT, SUSPEND, Instr, Result
from ..notation import CARD, DRAW, EV_EXTRA_DRAW, EV_MOVE
from ..ops import draw
from ..ruleset import ALL_CONDITIONS, EXPEDITION
from ..state import Choice
from .base import LV_X, SP, Era

if TYPE_CHECKING:
    from ..carddefs import AttackDef
    from ..effects.core import Label
    from ..match import Match
    from ..state import Frame

RULESET = EXPEDITION.variant(
    era="platinum", name="Platinum",
    # Damage: Weakness adds the amount printed beside it (no longer always x2).
    use_printed_weakness=True,
    # Special Conditions, Confused: a tails costs the attacker 3 damage counters, which
    # Weakness and Resistance do not touch (they apply to damage only).
    confusion_uses_counters=True,
    # Special Conditions, Confused: no coin to retreat any more.
    confused_retreat_flip=False,
    # The turn's actions: a single retreat each turn.
    retreats_per_turn=1,
    # Mulligans: the opponent may take 1 extra card for each, once the Prizes are out.
    mulligan_extra_cards=1, mulligan_extra_after_prizes=True,
    # First turn: whoever starts plays no Trainer of any kind (Supporters, Stadiums too).
    first_turn_trainer_ban=True,
    # Stadiums: like Supporters, at most one a turn.
    stadium_once_per_turn=True,
    # Technical Machines: they stay on the Pokémon unless the card itself says otherwise.
    tm_discard_end_of_turn=False,
    # Every Poké-Power of the era's cards says it can't be used while its Pokémon is
    # affected by a Special Condition; no Poké-Body is switched off by one.
    power_shutoff=ALL_CONDITIONS, body_shutoff=0,
    # Weakness and Resistance belong to the Defending Pokémon (damage steps c and d).
    self_damage_applies_wr=False,
    # Swablu's Mirror Move reads the damage its Pokémon took from the last turn's attacks.
    records_attack_damage=True,
    notes=(
        "Weakness and Resistance as printed on the card.",
        "Confused: 3 damage counters on tails; it retreats normally.",
        "One retreat and one Stadium a turn.",
        "Any Special Condition shuts off Poké-Powers; Poké-Bodies stay on.",
    ))


# --------------------------------------------------------------------------- setup


class OweExtraCards(Instr):
    """Platinum's mulligan rule: a mulligan that only one player took owes the other one
    card, an optional draw made once the Prizes are set aside (a double mulligan owes
    nobody)."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        without = f.vars["mulligan"]
        if len(without) == 1:
            owed = f.vars.setdefault("owed", [0, 0])
            owed[1 - without[0]] += m.rules.mulligan_extra_cards
        return NEXT


class DrawOwedCards(Instr):
    """After the Prizes, each player owed cards for the opponent's mulligans chooses how
    many of them to draw (the first player first)."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        owed = f.vars.get("owed")
        if not owed:
            return NEXT
        for p in (m.first, 1 - m.first):
            most = min(owed[p], len(m.players[p].deck))
            if most > 0:
                f.vars["asked"] = p
                options = tuple((DRAW, n) for n in range(most + 1))
                m.pending = Choice(p, "mulligan_draw",
                                   "Your opponent took a mulligan: draw extra cards?",
                                   options)
                return SUSPEND
        del f.vars["owed"]
        return NEXT

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        p = f.vars.pop("asked")
        n = answer[0][1]
        draw(m, m.players[p], n)
        if m.logging and n:
            m.log.append((EV_EXTRA_DRAW, p, n))
        f.vars["owed"][p] = 0
        return self.run(m, f)


class PayAttackToll(Instr):
    """Before an attack (its announcement, Baby flip and costs), the toll a Poké-Body of
    the other player's Pokémon charges for attacking (Giratina LV.X's Invisible
    Tentacles): the attacking player discards that many cards from the hand, chosen by
    that player. With too few cards the attack is not made (the main phase does not offer
    it then). Only in a match whose decks hold such a Body."""

    __slots__ = ("target",)

    def __init__(self, end: Any) -> None:
        self.target: Any = end

    def run(self, m: Match, f: Frame) -> Result:
        from ..actions import ATTACK_TOLL_HOOK, attack_toll
        from ..ops import find_slot

        if ATTACK_TOLL_HOOK not in m.body_hooks_present or "toll" in f.vars:
            return NEXT
        user = find_slot(m, f.user)
        toll = attack_toll(m, user) if user is not None else 0
        if toll <= 0:
            return NEXT
        hand = m.players[f.player].hand
        if len(hand) < toll:
            return self.target
        if toll == len(hand) or len({id(m.defs[c]) for c in hand}) == 1:
            return self.resume(m, f, tuple((CARD, c) for c in hand[:toll]))
        options = m.distinct_cards(hand, lambda d: True) if toll == 1 \
            else tuple((CARD, c) for c in hand)
        m.pending = Choice(f.player, "cards_hand",
                           f"Discard {toll} card{'s' if toll > 1 else ''} from your hand to "
                           "attack.", options, min=toll, max=toll)
        return SUSPEND

    def resume(self, m: Match, f: Frame, answer: Any) -> Result:
        p = m.players[f.player]
        f.vars["toll"] = 1
        for opt in answer:
            cid = opt[1]
            p.hand.remove(cid)
            p.discard.append(cid)
            if m.logging:
                m.log.append((EV_MOVE, f.player, cid, "discard", False, "hand"))
        return NEXT


class SeatOrder(Instr):
    """Until the coin for who goes first, the players set up in seat order (the first seat
    first): seeds 001 and 000 flip it only once the Pokémon and the Prize cards are down, so
    no one chooses an Active Pokémon knowing who starts."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        m.first = m.current = 0
        return NEXT


def coin_after_prizes(steps: list[Any]) -> list[Any]:
    """Expedition's setup ``steps`` with the coin for who goes first moved from the start to
    just after the Prize cards are set aside (step 7 of seeds 001 and 000), the players
    acting in seat order before it."""
    flip = next(s for s in steps if isinstance(s, R.FlipForFirst))
    out = [s for s in steps if s is not flip]
    out.insert(next(i for i, s in enumerate(out) if isinstance(s, R.SetPrizes)) + 1, flip)
    out.insert(next(i for i, s in enumerate(out) if isinstance(s, R.NewGame)) + 1, SeatOrder())
    return out


def owed_cards_setup(steps: list[Any]) -> list[Any]:
    """Expedition's setup ``steps`` with the extra cards of a mulligan owed per single
    mulligan and drawn, as many as chosen, after the Prizes (seeds 001, 000 and 003). The
    draw is still part of setup, so the Pokémon are turned face up (``Reveal``) after it:
    neither the log nor a view shows them while the owed cards are chosen."""
    out = [OweExtraCards() if isinstance(step, R.MulliganExtra)
           else DrawOwedCards() if isinstance(step, R.ExtraDrawAfterPrizes)
           else step for step in steps if not isinstance(step, R.Reveal)]
    drawn = next(i for i, s in enumerate(out) if isinstance(s, DrawOwedCards))
    out.insert(drawn + 1, R.Reveal())
    return out


class Platinum(Era):
    key = "platinum"
    name = "Platinum"
    ruleset = RULESET
    sets: ClassVar[Mapping[str, str]] = {"platinum": "pl1", "rising_rivals": "pl2"}
    source_set_ids = range(261, 263)
    playable = True
    pokemon_kinds = frozenset({LV_X, SP})
    coin_gate_first = True  # attack step c): "flip a coin; tails, nothing" before Confusion
    sp_owners: ClassVar[Mapping[str, str]] = {
        "G": "Team Galactic", "GL": "Gym Leader", "4": "Elite Four", "C": "Champion",
        "FB": "Frontier Brain"}

    def attack_opening(self, attack: AttackDef, end: Label) -> list[Any]:
        """The toll a Poké-Body may charge for attacking comes first ("whenever ... tries
        to attack"), then Expedition's opening."""
        return [PayAttackToll(end), *super().attack_opening(attack, end)]

    def setup_procedure(self) -> list[Any]:
        """Expedition's setup, but a single mulligan owes the other player one card, which
        that player may draw once the Prizes are set, and the coin for who goes first comes
        after the Prizes."""
        return coin_after_prizes(owed_cards_setup(super().setup_procedure()))


ERA = Platinum()
