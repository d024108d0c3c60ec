"""Two simple players: ``random`` (uniform over the legal options) and ``greedy`` (a scorer
in the spirit of the Game Boy TCG's AI: it values Knock Outs, damage, Energy and Prizes, and
asks each effect what it is worth).

Both are pure Python over the engine's public state; they never change the match. Both play
any game of the kernel: the random one reads only the choice, and the greedy one plays a
game other than the card game through ``lookahead.best_answer`` and that game's ``score``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..engine import (
    BIT,
    CONFUSED,
    Chance,
    Choice,
    DamageCtx,
    Eval,
    Match,
    can_pay,
    energy_units,
    figure_damage,
    find_slot,
    max_hp,
    pokemon_facts,
    reading_facts,
    remaining_hp,
    retreat_cost,
    walk_steps,
)
from ..engine.facts import power_of
from ..engine.notation import (
    ATTACH,
    ATTACH_TM,
    ATTACH_TOOL,
    ATTACK,
    BENCH,
    CARD,
    DRAW,
    LEVEL_UP,
    ORDER,
    PASS,
    PAY,
    PLAY,
    POWER,
    RETREAT,
    SLOT,
    USE_STADIUM,
)
from ..engine.notation import ENERGY as ENERGY_OPTION
from ..engine.notation import EVOLVE as EVOLVE_OPTION
from ..engine.notation import PRIZE as PRIZE_OPTION
from .belief import believe
from .driver import chance_outcome
from .hidden import determinize
from .lookahead import best_answer
from .style import PLAIN, Style


def rng_state(rng: random.Random) -> list[Any]:
    """``Random.getstate()`` as JSON-ready lists (tuples do not survive JSON)."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def set_rng_state(rng: random.Random, state: list[Any]) -> None:
    try:
        version, internal, gauss = state
        rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
    except (TypeError, ValueError, OverflowError) as exc:  # OverflowError: a negative word
        raise ValueError(f"not a random generator state: {exc}") from None


class RandomPlayer:
    """Uniform over the legal options (for a multi-pick choice: a uniform size, then a
    uniform subset of that size)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def get_state(self) -> dict[str, Any]:
        """Everything that decides its next answers (JSON-ready), for a suspended match."""
        return {"rng": rng_state(self.rng)}

    def set_state(self, state: dict[str, Any]) -> None:
        set_rng_state(self.rng, state["rng"])

    def choose(self, m: Match, choice: Choice) -> int | list[int]:
        n = len(choice.options)
        if not n:
            return []  # (a search that found nothing: its one answer costs no randomness)
        if choice.min == 1 and choice.max == 1:
            return int(self._random() * n)
        k = self.rng.randint(choice.min, choice.max)
        return self.rng.sample(range(n), k)


# Worth of things, in damage points (10 = one damage counter).
KNOCK_OUT = 70
PRIZE = 150
LAST_PRIZE = 400
BENCH_BASIC = 25
EVOLVE = 55
SETUP_THRESHOLD = 8.0
# A power usable as often as one likes is used at most this many times in a turn: its
# worth is judged on the position, not on the uses before, so a power that moves things
# between the player's own Pokémon (Damage Switch's counters) would otherwise go back and
# forth until the move limit (40 uses a turn in greedy games with Elite Mind).
MAX_UNLIMITED_POWER_USES = 4

Memo = dict[tuple[Any, ...], Any]
"""Values worked out during one decision, on one unchanged position (``GreedyPlayer._main``):
the estimates below take one to skip asking the same question twice. A memo must not
outlive the position it was filled on."""


class GreedyPlayer:
    """Scores every option and takes the best. In the main phase it first does every setup
    move worth doing (bench, evolve, attach, Trainers, Powers, retreat), then attacks with
    the attack of highest expected worth, else ends the turn."""

    name = "greedy"

    def __init__(self, seed: int = 0, style: Style | None = None, *,
                 on_a_guess: bool = False) -> None:
        self.rng = random.Random(seed)
        # True for the scorers a search player runs on its own determinizations (its
        # play-outs, its fallback and candidate scorers): every match they see is already a
        # guess made from the searching seat's view, so a look-ahead deals from it instead
        # of guessing the opponent's list again (a copy of the match each time).
        self.on_a_guess = on_a_guess
        # A personality (players.style) scales the worth of setup moves and attacks; the
        # plain style leaves every value as it is, so plain games are unchanged.
        self.style = style or PLAIN
        self._turn = -1
        self._moves = 0
        self._retreated = False
        # Uses this turn of each power usable as often as one likes, by (Pokémon or card
        # number, power index): see MAX_UNLIMITED_POWER_USES.
        self._power_uses: dict[tuple[int, int], int] = {}

    def get_state(self) -> dict[str, Any]:
        """Everything that decides its next answers (JSON-ready), for a suspended match."""
        return {"rng": rng_state(self.rng), "turn": self._turn, "moves": self._moves,
                "retreated": self._retreated,
                "power_uses": [[a, b, n] for (a, b), n in self._power_uses.items()]}

    def set_state(self, state: dict[str, Any]) -> None:
        set_rng_state(self.rng, state["rng"])
        self._turn = int(state["turn"])
        self._moves = int(state["moves"])
        self._retreated = bool(state["retreated"])
        # (a state saved before the count was kept has none)
        uses = state.get("power_uses", [])
        if not isinstance(uses, list) or len(uses) > 64:
            raise ValueError("power_uses must be a list of at most 64 [a, b, count] items")
        self._power_uses = {}
        for item in uses:
            a, b, n = (int(x) for x in item)
            self._power_uses[(a, b)] = n

    # ------------------------------------------------------------------ entry point

    def choose(self, m: Match, choice: Choice) -> int | list[int]:
        if not isinstance(m, Match):
            # Another game of the kernel (Legend Pieces): its own score, one move deep.
            return best_answer(m, choice, self.rng)
        if choice.kind == "main":
            return self._main(m, choice)
        if choice.kind == "yes_no":
            # "You may ...": try both answers and keep the better outcome.
            scores = lookahead_scores(m, choice, self.rng.randrange(2**32),
                                      on_a_guess=self.on_a_guess)
        else:
            scores = [self._score_option(m, choice, opt) for opt in choice.options]
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        if choice.min == 1 and choice.max == 1:
            return order[0]
        if choice.kind == "setup_bench":
            k = choice.max
        else:
            # Take the choices worth taking, within the bounds.
            k = sum(1 for s in scores if s > 0)
            k = max(choice.min, min(choice.max, k))
        return sorted(order[:k])

    # ------------------------------------------------------------------ main phase

    def _main(self, m: Match, choice: Choice) -> int:
        self._sync_turn(m)
        self._moves += 1
        # Every option is valued on the same position: values asked again within this
        # decision (an attack's worth for each Energy, each retreat's readiness) are kept.
        memo: Memo = {}
        with reading_facts(m):  # (nothing below changes the match)
            best_setup, best_attack, pass_index = self._best_moves(m, choice, memo)
        if best_setup >= 0:
            opt = choice.options[best_setup]
            if opt[0] == RETREAT:
                self._retreated = True
            else:
                self.note_power_use(m, opt)
            return best_setup
        if best_attack >= 0:
            return best_attack
        return pass_index

    def _best_moves(self, m: Match, choice: Choice, memo: Memo) -> tuple[int, int, int]:
        """The best setup move worth making, the best attack (-1: none) and the pass."""
        best_setup, best_setup_score = -1, SETUP_THRESHOLD
        best_attack, best_attack_score = -1, 0.0
        pass_index = len(choice.options) - 1
        for i, opt in enumerate(choice.options):
            tag = opt[0]
            if tag == PASS:
                pass_index = i
                continue
            if tag == ATTACK:
                v = attack_value(m, m.current, opt[1], opt[2], memo=memo)
                if self.style is not PLAIN:
                    v *= self.style.aggression
                if v > best_attack_score:
                    best_attack, best_attack_score = i, v
                continue
            if self._moves > 40:  # never loop forever on setup moves
                continue
            if tag == POWER and self.power_spent(opt):
                continue
            v = self._setup_value(m, opt, memo)
            if self.style is not PLAIN:
                v *= _style_weight(self.style, tag)
            if v > best_setup_score:
                best_setup, best_setup_score = i, v
        return best_setup, best_attack, pass_index

    def _sync_turn(self, m: Match) -> None:
        """A new turn: the per-turn counters start again."""
        if m.turn != self._turn:
            self._turn = m.turn
            self._moves = 0
            self._retreated = False
            self._power_uses = {}

    def note_power_use(self, m: Match, opt: tuple[Any, ...]) -> None:
        """The seat made the main-phase move ``opt`` this turn: a use of a power usable as
        often as one likes is counted (a search player tells its scorer its own moves)."""
        if opt[0] == POWER and _unlimited(m, opt):
            self._sync_turn(m)
            key = (opt[1], opt[2])
            self._power_uses[key] = self._power_uses.get(key, 0) + 1

    def power_spent(self, opt: tuple[Any, ...]) -> bool:
        """Has the power of a ``POWER`` option been used MAX_UNLIMITED_POWER_USES times this
        turn (only powers without a limit are counted)?"""
        return self._power_uses.get((opt[1], opt[2]), 0) >= MAX_UNLIMITED_POWER_USES

    def carry_turn(self, other: GreedyPlayer, turn: int) -> None:
        """Take ``other``'s power counts of ``turn`` (a scratch scorer of a search player)."""
        if other._turn == turn:
            self._turn = turn
            self._power_uses = dict(other._power_uses)

    def _setup_value(self, m: Match, opt: tuple[Any, ...], memo: Memo | None = None) -> float:
        tag = opt[0]
        me = m.current
        p = m.players[me]
        if tag == BENCH:
            d = m.defs[opt[1]]
            room = m.rules.bench_size - len(p.bench)
            value = BENCH_BASIC if len(p.bench) < 3 else 12
            if d.baby:
                value -= 8
            return value if room > 0 else 0
        if tag == EVOLVE_OPTION:
            slot = find_slot(m, opt[2])
            d = m.defs[opt[1]]
            gain = d.hp - (max_hp(m, slot) if slot else 0)
            return EVOLVE + gain / 2 + (15 if slot is p.active else 0)
        if tag == LEVEL_UP:
            # Like evolving the Active Pokémon, and it keeps the earlier level's attacks and
            # powers: the more HP and the better attack it adds, the more it is worth.
            slot = find_slot(m, opt[2])
            d = m.defs[opt[1]]
            gain = d.hp - (max_hp(m, slot) if slot else 0)
            best = max((attack_value(m, me, opt[1], i, memo=memo)
                        for i in range(len(d.attacks))), default=0)
            return EVOLVE + 15 + gain / 2 + max(0.0, best - best_own_attack(m, me, memo)) / 2
        if tag == ATTACH:
            return energy_value(m, opt[1], find_slot(m, opt[2]), memo)
        if tag == PLAY:
            return trainer_value(m, me, opt[1])
        if tag == ATTACH_TOOL:
            slot = find_slot(m, opt[2])
            return 18 if slot is p.active else 9
        if tag == ATTACH_TM:
            slot = find_slot(m, opt[2])
            if slot is not p.active:
                return 0
            tm = m.defs[opt[1]]
            return max((attack_value(m, me, opt[1], i, memo=memo)
                        for i in range(len(tm.attacks))), default=0) \
                - best_own_attack(m, me, memo) + 2
        if tag == POWER:
            slot = find_slot(m, opt[1])
            if slot is None:
                if opt[1] not in p.discard:
                    return 0
                # An Ability used from the discard pile (Rebirth): its steps' worth.
                ev = Eval(m, me, None, m.players[1 - me].active)
                for step in m.defs[opt[1]].powers[opt[2]].steps:
                    step.value(ev)
                return ev.bonus
            pw = pokemon_facts(m, slot).power(opt[2])
            ev = Eval(m, me, slot, m.players[1 - me].active)
            for step in pw.steps:
                step.value(ev)
            return ev.bonus
        if tag == USE_STADIUM:
            ev = Eval(m, me, p.active, m.players[1 - me].active)
            for step in m.defs[opt[1]].use_steps:
                step.value(ev)
            return ev.bonus
        if tag == RETREAT:
            if self._retreated:
                return 0
            return retreat_value(m, me, find_slot(m, opt[1]), memo)
        return 0

    # ------------------------------------------------------------------ other choices

    def _score_option(self, m: Match, choice: Choice, opt: tuple[Any, ...]) -> float:
        me = choice.player
        tag = opt[0]
        kind = choice.kind
        if tag == DRAW:  # mulligan extra cards: more is better
            return opt[1]
        if tag == PAY:  # retreat payment: keep the most useful Energy
            return -sum(1 + (m.defs[c].kind == 2 and not m.defs[c].basic_energy) * 3
                        for c in opt[1:])
        if tag == PRIZE_OPTION:
            return -opt[1]
        if tag == CARD:
            return card_worth(m, me, opt[1], kind)
        if tag == SLOT:
            slot = find_slot(m, opt[1])
            if slot is None:
                return 0
            if kind == "promote" or kind == "setup_active":
                return readiness(m, slot) + remaining_hp(m, slot) / 10
            if slot.owner == me:
                # Own Pokémon chosen by a Trainer: the most damaged (healing) first.
                return slot.damage + (5 if slot is m.players[me].active else 0)
            # Opponent's Pokémon: the one closest to a Knock Out, or the weakest.
            return 100 - remaining_hp(m, slot) / 2 + len(slot.energy) * 3
        if tag == ORDER:  # cards put back on the deck: the most useful on top
            return sum(card_worth(m, me, c, kind) / (i + 1) for i, c in enumerate(opt[1:]))
        if tag == ENERGY_OPTION:
            owner = m.owner[opt[1]]
            special = not m.defs[opt[1]].basic_energy
            worth = 10 + 10 * special
            return worth if owner != me else -worth
        return 0


def _unlimited(m: Match, opt: tuple[Any, ...]) -> bool:
    """Is the power of a ``POWER`` option usable as often as one likes (a Pokémon's in
    play, or an Ability of a card in the discard pile)?"""
    slot = find_slot(m, opt[1])
    if slot is not None:
        return power_of(m, slot, opt[2]).uses_per_turn is None
    powers = m.defs[opt[1]].powers
    return 0 <= opt[2] < len(powers) and powers[opt[2]].uses_per_turn is None


def _style_weight(style: Style, tag: str) -> float:
    """How a personality scales the worth of a setup move of kind ``tag``."""
    if tag == BENCH:
        return style.bench
    if tag in (EVOLVE_OPTION, LEVEL_UP):
        return style.evolution
    if tag == ATTACH:
        return style.energy
    if tag == RETREAT:
        return style.caution
    if tag in (PLAY, POWER, USE_STADIUM):
        # Trainers and Powers are where disruption lives (hand, Energy and Bench of the
        # opponent); a disruptor values them more, the others take them as they are.
        return max(1.0, style.disruption)
    return 1.0


# ---------------------------------------------------------------------- estimates


def position_score(m: Match, player: int) -> float:
    """A static worth of the whole position for ``player``: Prizes, damage and attached
    Energy on both sides (used to compare the outcomes of a decision)."""
    if m.over:
        return 10_000.0 if m.winner == player else -10_000.0 if m.winner is not None else 0.0
    me, opp = m.players[player], m.players[1 - player]
    score: float = PRIZE * (len(opp.prizes) - len(me.prizes))
    for side, sign in ((opp, 1.0), (me, -1.0)):
        for slot in side.in_play():
            hp = max(10, max_hp(m, slot))
            score += sign * (KNOCK_OUT * slot.damage / hp - 6 * len(slot.energy))
    return score


_DETERMINIZE_SALT = 0x5EED_CA7D  # (the deal of hidden cards: a stream apart from the coins')


def lookahead_scores(m: Match, choice: Choice, seed: int, horizon: int = 64, *,
                     on_a_guess: bool = False) -> list[float]:
    """Score each option of ``choice`` by playing it out up to the next main phase (coins
    from one seeded stream, the same for every option; any other decision on the way takes
    its first option), then scoring the position. For the rare decisions a fixed rule cannot
    judge ("you may ...").

    The play-outs start from one determinization of the match (``hidden.determinize``: the
    cards the chooser cannot see dealt again at random, the opponent's from the chooser's
    guess of its list, ``belief.believe``), never from the true match: a draw on the way
    must not tell the player what its deck holds next. ``on_a_guess`` is for a match that
    is itself a guess made from a seat's view (a search's determinization): its opponent's
    cards are already guessed, so they are dealt again without a new guess."""
    deal = random.Random(seed ^ _DETERMINIZE_SALT)
    world = determinize(m if on_a_guess else believe(m, choice.player, deal),
                        choice.player, deal)
    scores = []
    for i in range(len(choice.options)):
        sim = world.clone()
        rng = random.Random(seed)
        sim.apply(i)
        for _ in range(horizon):
            d = sim.pending
            if sim.over or (isinstance(d, Choice) and d.kind == "main"):
                break
            if isinstance(d, Chance):
                sim.resolve(chance_outcome(d, rng))
            elif d is None:
                # Only a match that is over waits for nothing, and that one broke out above.
                raise RuntimeError("the match is not over but waits for nothing")
            elif d.min == 1 and d.max == 1:
                sim.apply(0)
            else:
                sim.apply(list(range(d.min)))
        scores.append(position_score(sim, choice.player))
    return scores


def attack_value(m: Match, player: int, source: int, index: int,
                 attacker: Any = None, memo: Memo | None = None) -> float:
    """Expected worth of an attack now: damage after Weakness, Resistance and every
    passive (figured by the engine's own pipeline), a Knock Out bonus, and what its other
    effects are worth by their own estimates. ``attacker`` values a Benched Pokémon's
    attack as if it were Active. ``memo``: values already worked out on this position."""
    active = attacker if attacker is not None else m.players[player].active
    if memo is None:
        return _attack_value(m, player, source, index, active)
    # (the attacker by identity: the Pokémon in play do not change within a decision)
    key = (player, source, index, id(active))
    value: float | None = memo.get(key)
    if value is None:
        value = memo[key] = _attack_value(m, player, source, index, active)
    return value


def _attack_value(m: Match, player: int, source: int, index: int, active: Any) -> float:
    p = m.players[player]
    defender = m.players[1 - player].active
    if active is None or defender is None:
        return 0.0
    attack = m.defs[source].attacks[index]
    ev = Eval(m, player, active, defender)
    ev.printed = attack.base
    ev.cost_size = len(attack.cost)
    if attack.base and not _has_main_step(attack):
        ev.damage += attack.base
    for step in attack.steps:
        step.value(ev)
    base = round(ev.damage / 10.0) * 10
    dc = DamageCtx(active, defender, player, True, resistance=not ev.no_resistance,
                   preview=True)
    dmg = figure_damage(m, dc, base) if base > 0 else 0
    value = dmg + ev.bonus
    target = pokemon_facts(m, defender)  # read once: its HP and whether it is a Baby
    if dmg >= target.hp - defender.damage:
        value += KNOCK_OUT
        if len(p.prizes) <= 1:
            value += LAST_PRIZE
    value *= max(0.0, 1.0 - ev.void)
    if target.baby:
        value *= 0.5
    if active.conditions & CONFUSED:
        value = value * 0.5 - 10
    return value + 1.0  # attacking beats passing when nothing else is worth doing


_MAIN_STEP: dict[Any, bool] = {}  # by AttackDef (compared by identity)


def _has_main_step(attack: Any) -> bool:
    """Does one of the attack's steps place its main damage itself (else the printed base
    is counted)? Asked for every attack valued, and an attack never changes: cached."""
    known = _MAIN_STEP.get(attack)
    if known is None:
        if len(_MAIN_STEP) > 10_000:  # (new card pools, in a long-lived process)
            _MAIN_STEP.clear()
        known = _MAIN_STEP[attack] = any(getattr(s, "main", False)
                                         for s in walk_steps(attack.steps))
    return known


def best_own_attack(m: Match, player: int, memo: Memo | None = None) -> float:
    active = m.players[player].active
    if active is None:
        return 0.0
    units = energy_units(m, active)
    best = 0.0
    for ref in own_attacks(m, active):
        if can_pay(units, ref.attack.cost):
            best = max(best, attack_value(m, player, ref.card, ref.index, memo=memo))
    return best


def readiness(m: Match, slot: Any, memo: Memo | None = None) -> float:
    """What a Pokémon could do from the Active spot now: the worth of its best attack it
    can pay for, else a share of it by how much of the cost is attached."""
    if memo is None:
        return _readiness(m, slot, None)
    key = ("readiness", id(slot))
    value: float | None = memo.get(key)
    if value is None:
        value = memo[key] = _readiness(m, slot, memo)
    return value


def _units_and_attacks(m: Match, slot: Any, memo: Memo | None,
                       ) -> tuple[list[int], Sequence[Any]]:
    """The Energy units on ``slot`` and its own attacks, once per decision with a memo
    (neither list is changed by its readers)."""
    if memo is None:
        return energy_units(m, slot), own_attacks(m, slot)
    key = ("units_attacks", id(slot))
    known: tuple[list[int], Sequence[Any]] | None = memo.get(key)
    if known is None:
        known = memo[key] = (energy_units(m, slot), own_attacks(m, slot))
    return known


def _readiness(m: Match, slot: Any, memo: Memo | None) -> float:
    units, attacks = _units_and_attacks(m, slot, memo)
    best = 0.0
    for ref in attacks:
        a = ref.attack
        if can_pay(units, a.cost):
            best = max(best, attack_value(m, slot.owner, ref.card, ref.index, attacker=slot,
                                          memo=memo))
        else:
            share = len(units) / max(1, len(a.cost))
            best = max(best, 0.3 * share * max(a.base, 10))
    return best


def energy_value(m: Match, card: int, slot: Any, memo: Memo | None = None) -> float:
    """Worth of attaching this Energy here, by what the attacks it pays toward are worth
    (their own estimates): enabling one now counts fully, progress toward one partly;
    the Active Pokémon first."""
    if slot is None:
        return 0.0
    d = pokemon_facts(m, slot)
    units, attacks = _units_and_attacks(m, slot, memo)
    new_units = units + list(m.defs[card].units)
    active = m.players[slot.owner].active is slot
    weight = 1.0 if active else 0.7
    value = 1.0
    for ref in attacks:
        a = ref.attack
        if can_pay(units, a.cost):
            continue
        worth = attack_value(m, slot.owner, ref.card, ref.index, attacker=slot, memo=memo)
        if can_pay(new_units, a.cost):
            value = max(value, 10 + worth * weight)
        else:
            colored = [c for c in a.cost if c != "C"]
            useful = not colored or any(u & BIT[c] for u in m.defs[card].units
                                        for c in colored)
            share = len(new_units) / max(1, len(a.cost))
            value = max(value, (worth * share * 0.6 + 4) * weight * (1.0 if useful else 0.4))
    if active and len(units) < d.retreat:
        value += 4  # lets it retreat
    if d.stage == 0 and not d.baby and d.name in _evolution_names(m, slot.owner, memo):
        value += 6  # it will grow into something that needs the Energy
    return value


def _evolution_names(m: Match, player: int, memo: Memo | None = None) -> set[str]:
    """Names that some Evolution card the player holds evolves from."""
    key = ("evolution_names", player)
    if memo is not None and key in memo:
        known: set[str] = memo[key]
        return known
    p = m.players[player]
    names = {m.defs[c].evolves_from or "" for c in p.hand if m.defs[c].stage}
    if memo is not None:
        memo[key] = names
    return names


def own_attacks(m: Match, slot: Any) -> Sequence[Any]:
    """The Pokémon's own attacks (Technical Machines' are valued when they are attached)."""
    refs = pokemon_facts(m, slot).attacks
    return [ref for ref in refs if ref.origin != "tm"] if slot.tms else refs


def attacks_of(m: Match, slot: Any) -> list[Any]:
    return [ref.attack for ref in own_attacks(m, slot)]


def trainer_value(m: Match, player: int, card: int) -> float:
    d = m.defs[card]
    ev = Eval(m, player, m.players[player].active, m.players[1 - player].active)
    for step in d.play_steps:
        step.value(ev)
    value = ev.bonus
    if d.trainer_kind == "supporter":
        value -= 4  # one per turn: keep it for when it helps
    return value


def retreat_value(m: Match, player: int, target: Any, memo: Memo | None = None) -> float:
    """Worth of retreating for ``target``: a better attacker up front, or saving a
    Pokémon about to be Knocked Out; paying Energy costs."""
    p = m.players[player]
    active = p.active
    if active is None or target is None:
        return 0.0
    value = -6.0 * retreat_cost(m, active)
    if active.conditions & CONFUSED:
        value += 25
    here = readiness(m, active, memo)
    there = readiness(m, target, memo)
    value += there - here
    if remaining_hp(m, active) <= 30 and remaining_hp(m, target) > 30:
        value += 15
    return value


def card_worth(m: Match, player: int, card: int, kind: str) -> float:
    """Worth of a card to pick (search, recover) or, from the hand, to keep."""
    d = m.defs[card]
    p = m.players[player]
    in_play = p.in_play()
    worth = 5.0
    if d.kind == 0:
        if d.stage and any(pokemon_facts(m, s).name == d.evolves_from for s in in_play):
            worth = 40
        elif d.lv_x:  # worth most when its earlier level is in play
            worth = 40 if any(pokemon_facts(m, s).name == d.name for s in in_play) else 12
        elif d.stage == 0:
            worth = 20 if len(p.bench) < m.rules.bench_size else 3
        else:
            worth = 12
    elif d.kind == 2:
        needed = any(not can_pay(energy_units(m, s), a.cost)
                     for s in in_play for a in attacks_of(m, s))
        worth = 25 if needed else 8
    else:
        worth = 15
    if kind == "cards_hand":  # choosing from the hand means giving it up
        return -worth
    return worth


__all__ = ["GreedyPlayer", "RandomPlayer", "attack_value", "rng_state", "set_rng_state"]
