"""A match: the state, the decision it waits for, and the machine that advances it.

Use::

    m = Match(pool, (deck_a, deck_b))          # deck lists of card ids; era="expedition"
    while not m.over:
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(True)                     # heads / a permutation for a shuffle
        else:
            m.apply(0)                          # index (or indices) into d.options

Every decision is a :class:`Choice` from a list; every coin flip and shuffle is a
:class:`Chance` resolved by whoever drives the match. The engine owns no randomness, no
clock and no files: same decks + same answers give the same match, bit for bit.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from operator import attrgetter
from typing import Any

from ..kernel import digest
from .carddefs import POKE_POWER_RESPONSE, POKEMON, STADIUM, SUPPORTER, TM, TOOL, CardDef
from .cardpool import CardPool
from .effects.core import NEXT, SUSPEND, Cond
from .effects.passives import FACT_HOOK_NAMES
from .eras import ERAS, HOME, Era, playable_era
from .errors import (
    BadChanceOutcome,
    GameOver,
    IllegalAction,
    InvalidDeck,
    NotAChoice,
    UnknownCard,
)
from .facts import (
    PokemonFacts,
    bodies,
    build_printed_facts,
    coin_forced_tails,
    may_lower_hp,
    stack_facts,
    stacks_below,
)
from .notation import (
    CARD,
    EV_COIN,
    EV_PLAY,
    EV_POWER,
    EV_SHUFFLE,
    EV_STADIUM_DISCARDED,
    EV_SUDDEN_DEATH,
    EV_TIME,
    EV_WIN,
    check_picks,
    parse_answer,
)
from .ops import find_slot
from .ruleset import Ruleset
from .state import Chance, Choice, Frame, PlayerState, Slot


class Match:
    """The whole state of a match between two decks, and its rules machine."""

    # Slots: the rules read these attributes millions of times in a simulation.
    __slots__ = (
        "_qframe",
        "active_damage_hooks",
        "acts_between",
        "area_bodies",
        "bodies_act_between",
        "body_blocks",
        "body_hooks_present",
        "card_units_hook",
        "card_units_hooks",
        "coins",
        "current",
        "decisions",
        "defs",
        "discard_powers",
        "energy_acts_between",
        "energy_end_discard",
        "era",
        "fact_hook",
        "fact_hooks",
        "facts_memo",
        "first",
        "has_passives",
        "hp_may_fall",
        "ko_dirty",
        "log",
        "logging",
        "multi_type_energy",
        "over",
        "owner",
        "pending",
        "pending_player",
        "players",
        "pool",
        "power_answers",
        "printed",
        "prize_count",
        "result",
        "retreat_locks",
        "rules",
        "stack",
        "stacks_below",
        "stadium",
        "sudden_death",
        "turn",
        "turn_over",
        "units_of",
        "winner",
    )

    def __init__(
        self,
        pool: CardPool,
        decks: Sequence[Sequence[str]],
        rules: Ruleset | None = None,
        *,
        era: Era | str | None = None,
        validate: bool = True,
        record_log: bool = True,
        start: bool = True,
    ) -> None:
        if len(decks) != 2:
            raise ValueError("a match needs exactly two decks")
        self.pool = pool
        # The era plays the match (its procedures, Prizes, deck rules); ``rules`` may
        # override its numbers and switches (house rules, tests). Without an era, the
        # ruleset's own era is meant.
        if era is None:
            era = ERAS.get(rules.era, HOME) if rules is not None else HOME
        self.era = playable_era(era)
        self.rules = rules = rules or self.era.ruleset
        if validate:
            for deck in decks:
                problems = self.era.deck_violations(pool, deck, rules)
                if problems:
                    raise InvalidDeck(problems)
        try:
            first, second = (list(map(pool.defs.__getitem__, deck)) for deck in decks)
        except KeyError as exc:
            raise UnknownCard(f"unknown card id {exc.args[0]!r}") from None
        self.defs: list[CardDef] = first + second
        self.owner: list[int] = [0] * len(first) + [1] * len(second)
        self.index_flags(len(first))
        self.players = [PlayerState(0), PlayerState(1)]
        # Card numbers: the first deck's cards are 0..n-1, the second's follow.
        self.players[0].deck.extend(range(len(first)))
        self.players[1].deck.extend(range(len(first), len(self.defs)))
        self.logging = record_log
        self.log: list[tuple[Any, ...]] = []
        self.turn = 0
        self.current = 0
        self.first = 0
        self.stadium = -1
        self.turn_over = False
        # Set by anything that can knock a Pokémon out or empty an Active spot, so the main
        # phase only scans for Knock Outs when one may have happened.
        self.ko_dirty = True
        self.over = False
        self.winner: int | None = None
        self.result = ""
        self.sudden_death = 0
        self.prize_count = rules.prizes
        # The facts of each Pokémon while a reader that changes nothing asks again and
        # again (a greedy decision's scoring; facts.pokemon_facts, facts.reading_facts).
        self.facts_memo: dict[Slot, PokemonFacts] | None = None
        self.pending: Choice | Chance | None = None
        self.pending_player = 0
        self.decisions = 0
        self.coins = [0, 0]  # heads / tails flipped in this match
        self.stack: list[Frame] = []
        self._qframe = Frame("query", (), 0)
        if start:
            self.stack.append(Frame("rule:game", self.era.game_program, 0))
            self._run()

    # ----------------------------------------------------------------- the machine

    def _run(self) -> None:
        stack = self.stack
        while self.pending is None and stack and not self.over:
            f = stack[-1]
            code = f.code
            pc = f.pc
            if pc >= len(code):
                stack.pop()
                continue
            r = code[pc].run(self, f)
            if r is None:
                f.pc = pc + 1
            elif r == SUSPEND:
                break
            else:
                f.pc = r

    def apply(self, action: int | Sequence[int] | str) -> None:
        """Answer the pending :class:`Choice` with an option index, or several indices, or
        the answer's notation (``"attack ecard1-40 Flamethrower"``, docs/NOTATION.md)."""
        ch = self.pending
        if type(ch) is not Choice:
            if self.over:
                raise GameOver(f"the match is over ({self.result})")
            raise NotAChoice("the match waits for a chance outcome (coin or shuffle), "
                             "not a player's choice; use resolve()")
        opts = ch.options
        if type(action) is int and ch.max == 1 and ch.min == 1 and 0 <= action < len(opts):
            answer: tuple[tuple[Any, ...], ...] = (opts[action],)  # the common case
        else:
            answer = self._validate(ch, action)
        self.pending = None
        self.pending_player = ch.player
        self.decisions += 1
        f = self.stack[-1]
        r = f.code[f.pc].resume(self, f, answer)
        if r is None:
            f.pc += 1
        elif r != SUSPEND:
            f.pc = r
        self._run()

    def resolve(self, outcome: Any) -> None:
        """Resolve the pending :class:`Chance`: a bool (heads) for a coin, a permutation of
        ``range(size)`` for a shuffle (new order, bottom first, of the current deck)."""
        ch = self.pending
        if self.over:
            raise GameOver(f"the match is over ({self.result})")
        if not isinstance(ch, Chance):
            raise NotAChoice("the match waits for a player's choice, not a chance outcome; "
                             "use apply()")
        if ch.kind == "coin":
            if not isinstance(outcome, bool):
                raise BadChanceOutcome(f"a coin outcome must be true (heads) or false (tails), "
                                       f"not {outcome!r}")
            if outcome and coin_forced_tails(self, ch.player, ch.purpose):
                outcome = False  # (Shiftry's Unlucky Wind)
        else:
            _check_permutation(outcome, ch.size)
            outcome = list(outcome)
        self.pending = None
        f = self.stack[-1]
        r = f.code[f.pc].resume(self, f, outcome)
        self._step(f, r)
        self._run()

    def _step(self, f: Frame, r: int | None) -> None:
        if r is None:
            f.pc += 1
        elif r != SUSPEND:
            f.pc = r

    def _validate(self, ch: Choice, action: int | Sequence[int] | str,
                  ) -> tuple[tuple[Any, ...], ...]:
        if isinstance(action, str):
            # An answer in notation (docs/NOTATION.md): read back to indices.
            action = parse_answer(self, ch, action)
        picks = check_picks(ch, action)
        if len(set(picks)) != len(picks):
            raise IllegalAction(f"the same option was picked twice in {list(picks)}")
        if not ch.min <= len(picks) <= ch.max:
            want = str(ch.min) if ch.min == ch.max else f"{ch.min} to {ch.max}"
            raise IllegalAction(f"this {ch.kind} decision takes {want} option(s), "
                                f"got {len(picks)}")
        return tuple(ch.options[i] for i in picks)

    def index_flags(self, split: int = 0) -> None:
        """Per-instance tables used by fast paths (any() over map() runs in C), built from
        the passive hooks each card answers (``CardDef.hooks`` and ``body_hooks``), and the
        printed facts of every Pokémon card. They depend on the card definitions alone, so
        they are kept per deck (``_Tables``; ``split``: where the second deck's cards
        begin) and matches over the same decks share them; each match gets its own copy
        of ``printed``, the one table a match may fill in."""
        defs = self.defs
        t = _joined(_tables(defs, 0, split), _tables(defs, split, len(defs))) if split \
            else _tables(defs, 0, len(defs))
        self.acts_between: list[bool] = t.acts_between
        self.units_of: list[tuple[int, ...]] = t.units_of
        # Does the card carry a passive that changes a Pokémon's facts (facts.py)?
        self.fact_hook: list[bool] = t.fact_hook
        self.fact_hooks = t.fact_hooks
        # Does the card itself carry passives (an Energy's, a Tool's)?
        self.has_passives: list[bool] = t.has_passives
        self.energy_end_discard = t.energy_end_discard
        self.energy_acts_between = t.energy_acts_between
        self.bodies_act_between = t.bodies_act_between
        # Any Energy unit that pays for more than one type (a Rainbow-like card)?
        self.multi_type_energy = t.multi_type_energy
        # Can a Pokémon's attacks or powers come from the cards beneath its top card (a
        # Pokémon LV.X, a Tool like Memory Berry)? Else the facts' fast paths skip the look.
        self.stacks_below = t.stacks_below
        # Does the card (a Special Energy) change its own units by where it is attached?
        self.card_units_hook: list[bool] = t.card_units_hook
        self.card_units_hooks = t.card_units_hooks
        # A Poké-Body in the decks that changes the facts of every Pokémon in play (the
        # ``reach`` hook, facts.area_bodies)? It also makes ``fact_hooks`` true.
        self.area_bodies = t.area_bodies
        # Could a passive of the decks make a Pokémon's HP less than its card prints
        # (facts.may_lower_hp)? Else a Pokémon with less damage than that is not Knocked Out.
        self.hp_may_fall = t.hp_may_fall
        # One that answers the opponent's attack damaging its side's Active Pokémon?
        self.active_damage_hooks = t.active_damage_hooks
        # Could a Poké-Body in the decks stop the other player's Active Pokémon retreating?
        self.retreat_locks = t.retreat_locks
        # Could a Poké-Body in the decks switch other Poké-Bodies off (Time Crystal)?
        self.body_blocks = t.body_blocks
        # Every Poké-Body hook some card of the decks answers: rules that ask a rare hook of
        # every Pokémon in play (a power lock) skip the look when no card could answer.
        self.body_hooks_present = t.body_hooks_present
        # The printed conditions under which a card could answer a Poké-Power: those of
        # the era's cards (public knowledge), and of any in the decks (a match built
        # without deck checks); never whether either list holds one (rules.open_power_response).
        answers = {*self.pool.answers(POKE_POWER_RESPONSE, self.era),
                   *(d for d in defs if d.responds_to == POKE_POWER_RESPONSE)}
        self.power_answers: tuple[tuple[Cond, ...], ...] = tuple(
            dict.fromkeys(tuple(d.requires) for d in sorted(answers, key=attrgetter("id"))))
        # Could a card of the decks use an Ability from the discard pile (Rebirth)?
        self.discard_powers = t.discard_powers
        # The printed facts of each Pokémon card (None for other cards; facts.py).
        self.printed: list[PokemonFacts | None] = list(t.printed)

    # ----------------------------------------------------------------- queries

    @property
    def in_between_turns(self) -> bool:
        """Are the mandatory between-turns steps (Poison, Burn, Sleep and Paralysis checks,
        Char, Darkness Energy) being resolved right now?"""
        return any("between" in f.vars for f in self.stack)

    @property
    def choice(self) -> Choice | None:
        return self.pending if isinstance(self.pending, Choice) else None

    @property
    def chance(self) -> Chance | None:
        return self.pending if isinstance(self.pending, Chance) else None

    def answer_notation(self, choice: Choice, answer: int | Sequence[int]) -> str:
        """The notation of an answer to ``choice`` (docs/NOTATION.md)."""
        from .notation import answer_notation

        return answer_notation(self, choice, answer)

    def legal_actions(self) -> list[tuple[int, ...]]:
        """Every legal answer to the pending choice, as tuples of option indices."""
        ch = self.choice
        if ch is None:
            return []
        n = len(ch.options)
        if ch.single:
            return [(i,) for i in range(n)]
        out: list[tuple[int, ...]] = []
        for k in range(ch.min, ch.max + 1):
            out.extend(combinations(range(n), k))
        return out

    def card_name(self, cid: int) -> str:
        return self.defs[cid].name if 0 <= cid < len(self.defs) else "?"

    def slot(self, slot_id: int) -> Slot | None:
        return find_slot(self, slot_id)

    def describe(self, option: tuple[Any, ...]) -> str:
        from .describe import describe_option

        return describe_option(self, option)

    # ----------------------------------------------------------------- helpers for rules

    def distinct_cards(self, cards: Iterable[int], pred: Callable[[CardDef], bool],
                       ) -> tuple[tuple[str, int], ...]:
        seen: set[int] = set()
        out = []
        for cid in cards:
            d = self.defs[cid]
            if id(d) in seen or not pred(d):
                continue
            seen.add(id(d))
            out.append((CARD, cid))
        return tuple(out)

    def note_coin(self, player: int, heads: bool, purpose: str) -> None:
        self.coins[0 if heads else 1] += 1
        if self.logging:
            self.log.append((EV_COIN, player, heads, purpose))

    def apply_shuffle(self, player: int, perm: Sequence[int]) -> None:
        deck = self.players[player].deck
        deck[:] = list(map(deck.__getitem__, perm))
        if self.logging:
            self.log.append((EV_SHUFFLE, player))

    def _query_frame(self, player: int, source: int, user: int) -> Frame:
        # Conditions are asked with a frame for context; one scratch frame serves them all.
        f = self._qframe
        f.player = player
        f.source = source
        f.user = user
        f.target = -1
        f.vars.clear()
        return f

    def cond_holds(self, cond: Cond, player: int, source: int, user: int = -1) -> bool:
        return cond.holds(self, self._query_frame(player, source, user))

    def requirements_hold(self, conds: Sequence[Cond], player: int, source: int,
                          user: int = -1) -> bool:
        if not conds:
            return True
        f = self._query_frame(player, source, user)
        for c in conds:
            if not c.holds(self, f):
                return False
        return True

    def prizes_for_knockout(self, slot: Slot) -> int:
        return self.era.prizes_for_knockout(self, slot)

    def reset_for_game(self) -> None:
        """Every card back in its owner's deck for a new game (Sudden Death): the deck keeps
        its order and the other cards go on top in a fixed order (a shuffle follows).
        Nothing moves at the start of the first game."""
        gathered: list[list[int]] = [[], []]
        for p in self.players:
            g = gathered[p.index]
            g.extend(p.hand)
            g.extend(p.discard)
            g.extend(p.prizes)
            g.extend(p.resolving)
            g.extend(p.supporter)
            g.extend(p.lost_zone)  # (out of that game only: a new game uses every card)
            for slot in p.in_play():
                g.extend(slot.attached())
        if self.stadium >= 0:
            gathered[self.owner[self.stadium]].append(self.stadium)
        for p in self.players:
            p.deck.extend(gathered[p.index])
            p.hand = []
            p.discard = []
            p.prizes = []
            p.resolving = []
            p.active = None
            p.bench = []
            p.mulligans = 0
            p.game_powers = []
            p.lost_zone = []
            p.reset_turn_flags()
        self.stadium = -1
        self.turn = 0
        self.turn_over = False
        self.ko_dirty = True

    def finish(self, winner: int, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.result = reason
        self.pending = None
        if self.logging:
            self.log.append((EV_WIN, winner, reason))

    def begin_sudden_death(self, cause: str = "tie") -> None:
        """Sudden Death (rulebook): a fresh game in which each player sets out a single
        Prize -- repeated for as long as games keep ending in Sudden Death. ``cause``: both
        players won at once ("tie"), or time was called with equal Prizes left ("time")."""
        self.sudden_death += 1
        self.prize_count = self.rules.sudden_death_prizes
        if self.logging:
            self.log.append((EV_SUDDEN_DEATH, self.sudden_death) if cause == "tie"
                            else (EV_SUDDEN_DEATH, self.sudden_death, cause))
        self.stack.clear()
        self.stack.append(Frame("rule:game", self.era.game_program, 0))

    def call_time(self) -> str:
        """Time is called and its extra turns are played (tournament play; docs/ETOOLS.md
        says where the rule comes from): the player with fewer Prize cards left wins
        ("time"); with as many left, a Sudden Death game begins ("sudden_death"). Whatever
        decision was pending is dropped. Returns which of the two happened."""
        if self.over:
            raise GameOver(f"the match is over ({self.result})")
        left = (len(self.players[0].prizes), len(self.players[1].prizes))
        if self.logging:
            self.log.append((EV_TIME, left[0], left[1]))
        self.pending = None
        if left[0] != left[1]:
            self.stack.clear()
            self.finish(0 if left[0] < left[1] else 1, "time")
            return "time"
        self.begin_sudden_death("time")
        self._run()
        return "sudden_death"

    def play_trainer(self, cid: int) -> None:
        """Play a Trainer from the hand (already removed from it)."""
        d = self.defs[cid]
        p = self.players[self.current]
        if self.logging:
            self.log.append((EV_PLAY, self.current, cid))
        if d.trainer_kind == SUPPORTER:
            p.supporter_played = True
            if self.rules.supporter_discard_end_of_turn:
                p.supporter.append(cid)
                dest = "supporter"
            else:
                dest = "discard"
        elif d.trainer_kind == STADIUM:
            p.stadium_played = True
            if self.stadium >= 0:
                old = self.stadium
                self.players[self.owner[old]].discard.append(old)
                if self.logging:
                    self.log.append((EV_STADIUM_DISCARDED, self.owner[old], old))
            self.stadium = cid
            dest = "stadium"
        else:
            dest = "discard"
        if dest == "discard":
            p.resolving.append(cid)
        if d.play_code:
            self.stack.append(Frame(f"{d.id}#t", d.play_code, self.current, cid))
        elif dest == "discard":
            p.resolving.remove(cid)
            p.discard.append(cid)

    def use_power(self, slot: Slot, index: int) -> None:
        ref = stack_facts(self, slot).powers[index]
        pw = ref.power
        p = self.players[slot.owner]
        # Recorded against the card the power is printed on, so that levelling up (which
        # changes the top card) does not make the earlier level's power usable again.
        p.record_power_use((ref.card, ref.index), pw.uses_per_turn)
        if pw.once_per_game:
            p.game_powers.append(pw.name)
        if self.logging:
            self.log.append((EV_POWER, slot.owner, slot.top, pw.name))
        self.stack.append(Frame(pw.key, pw.code, slot.owner, slot.top, slot.id))
        if self.power_answers:
            from .rules import open_power_response  # (rules imports this module's users)

            open_power_response(self, slot)

    def start_attack(self, source: int, index: int) -> None:
        """Push the attack's frame: ``source`` is the card the attack is printed on (the
        Active Pokémon, a Technical Machine, or an opponent's card being copied)."""
        p = self.players[self.current]
        active = p.active
        assert active is not None
        d = self.defs[source]
        attack = d.attacks[index]
        if self.owner[source] != self.current:
            # A copied attack: the Power that allows it counts as used.
            for ref in stack_facts(self, active).powers:
                if ref.power.instead_of_attack:
                    p.record_power_use((ref.card, ref.index), ref.power.uses_per_turn)
                    break
        opp = self.players[1 - self.current].active
        self.stack.append(Frame(attack.key, attack.code, self.current, source, active.id,
                                opp.id if opp is not None else -1))

    def on_energy_attached(self, slot: Slot, cid: int) -> None:
        """An Energy card from the hand was attached to ``slot``: its own effect, then the
        Poké-Bodies of its owner's Pokémon that answer such an attachment, then those of
        the other player's Pokémon that answer it (Electromagnetic Wall)."""
        d = self.defs[cid]
        if d.play_code:
            self.stack.append(Frame(f"{d.id}#attach", d.play_code, self.current, cid, slot.id))
        for s in self.players[slot.owner].in_play():
            for ps, holder in bodies(self, s):  # (at once for a Pokémon with no Body)
                react = getattr(ps, "on_energy_attached", None)
                if react is not None:
                    react(self, holder, slot, cid)
        if _OPP_ATTACH in self.body_hooks_present:
            for s in self.players[1 - slot.owner].in_play():
                for ps, holder in bodies(self, s):
                    if _OPP_ATTACH in ps.hooks:
                        ps.on_opponent_energy_attached(self, holder, slot, cid)  # type: ignore[attr-defined]

    def trainer_destination(self, cid: int) -> str:
        d = self.defs[cid]
        if d.trainer_kind in (TOOL, TM):
            return "attached"
        return d.trainer_kind

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (the opponent's hand, both decks and Prizes hidden)."""
        from .position import player_view

        return player_view(self, player)

    def position(self) -> dict[str, Any]:
        from .position import to_position

        return to_position(self)

    def clone(self, *, record_log: bool = False) -> Match:
        """An independent copy waiting for the same decision: the kernel's
        ``State.clone``, which bounds any search player (``tools/bench_clone.py``).

        The state is copied structure by structure (players, Pokémon in play, frames and
        their variables); what never changes during a match (the pool, the era, the card
        definitions and the tables derived from them, the programs, the pending decision,
        a tuple) is shared. ``position.copy_match``, a round trip through the position,
        is the reference it is tested against (tests/engine/test_clone.py). The copy
        starts with an empty log, kept only with ``record_log``."""
        c = _new_match(Match)
        c.pool = self.pool
        c.era = self.era
        c.rules = self.rules
        c.defs = self.defs
        c.owner = self.owner
        c.acts_between = self.acts_between
        c.units_of = self.units_of
        c.fact_hook = self.fact_hook
        c.fact_hooks = self.fact_hooks
        c.area_bodies = self.area_bodies
        c.hp_may_fall = self.hp_may_fall
        c.active_damage_hooks = self.active_damage_hooks
        c.has_passives = self.has_passives
        c.energy_end_discard = self.energy_end_discard
        c.energy_acts_between = self.energy_acts_between
        c.bodies_act_between = self.bodies_act_between
        c.multi_type_energy = self.multi_type_energy
        c.stacks_below = self.stacks_below
        c.card_units_hook = self.card_units_hook
        c.card_units_hooks = self.card_units_hooks
        c.retreat_locks = self.retreat_locks
        c.body_blocks = self.body_blocks
        c.body_hooks_present = self.body_hooks_present
        c.power_answers = self.power_answers
        c.discard_powers = self.discard_powers
        c.printed = self.printed.copy()
        c.facts_memo = None
        c.players = [self.players[0].copy(), self.players[1].copy()]
        c.logging = record_log
        c.log = []
        c.turn = self.turn
        c.current = self.current
        c.first = self.first
        c.stadium = self.stadium
        c.turn_over = self.turn_over
        c.ko_dirty = self.ko_dirty
        c.over = self.over
        c.winner = self.winner
        c.result = self.result
        c.sudden_death = self.sudden_death
        c.prize_count = self.prize_count
        c.pending = self.pending
        c.pending_player = self.pending_player
        c.decisions = self.decisions
        c.coins = self.coins.copy()
        c.stack = [f.copy() for f in self.stack]
        c._qframe = Frame("query", (), 0)
        return c

    copy = clone  # the older name, kept for its callers

    def digest(self) -> str:
        """The digest of the position (equal on two handhelds that agree on the match)."""
        return digest(self.position())

    @classmethod
    def from_position(cls, pool: CardPool, position: dict[str, Any], *,
                      record_log: bool = True, rules: Ruleset | None = None) -> Match:
        from .position import from_position

        return from_position(pool, position, record_log=record_log, rules=rules)


_new_match = object.__new__  # a clone sets every attribute itself (Match.clone)
_UNITS = attrgetter("units")
_BETWEEN = "between_turns_counters"
_END_DISCARD = "end_of_turn_discard"
_CARD_UNITS = "card_units"
_LOCKS_RETREAT = "locks_retreat"
_REACH = "reach"
_ACTIVE_DAMAGED = "on_active_damaged"
_BLOCKS_BODIES = "blocks_bodies"
_TOOL_ANSWERS = frozenset({"on_knocked_out"})


class _Tables:
    """What ``Match.index_flags`` derives from card definitions: for one deck (its cards
    numbered from ``start``), or two joined. Read-only once built."""

    __slots__ = ("active_damage_hooks", "acts_between", "area_bodies", "bodies_act_between",
                 "body_blocks", "body_hooks_present", "card_units_hook", "card_units_hooks",
                 "discard_powers", "energy_acts_between",
                 "energy_end_discard", "fact_hook", "fact_hooks", "has_passives", "hp_may_fall",
                 "multi_type_energy", "printed", "retreat_locks", "stacks_below",
                 "units_of")

    def __init__(self, defs: Sequence[CardDef] = (), start: int = 0) -> None:
        hooks = [d.hooks | d.body_hooks for d in defs]
        self.acts_between = [_BETWEEN in h for h in hooks]
        self.units_of = list(map(_UNITS, defs))
        self.fact_hook = [not h.isdisjoint(FACT_HOOK_NAMES) for h in hooks]
        self.area_bodies = any(_REACH in d.body_hooks for d in defs)
        self.fact_hooks = any(self.fact_hook) or self.area_bodies
        self.hp_may_fall = any(map(may_lower_hp, defs))
        self.active_damage_hooks = any(_ACTIVE_DAMAGED in d.body_hooks for d in defs)
        self.has_passives = [bool(d.passives) for d in defs]
        self.energy_end_discard = any(_END_DISCARD in d.hooks for d in defs if d.kind == 2)
        self.energy_acts_between = any(_BETWEEN in d.hooks for d in defs if d.kind == 2)
        self.bodies_act_between = any(_BETWEEN in d.body_hooks for d in defs if d.kind == 0)
        self.stacks_below = any(map(stacks_below, defs))
        self.card_units_hook = [_CARD_UNITS in d.hooks and d.kind == 2 for d in defs]
        self.card_units_hooks = any(self.card_units_hook)
        self.retreat_locks = any(_LOCKS_RETREAT in d.body_hooks for d in defs)
        self.body_blocks = any(_BLOCKS_BODIES in d.body_hooks for d in defs)
        # (with the rule records a card's own steps ask for, CardDef.rule_hooks, and a
        # Pokémon Tool that answers a Knock Out of its side's Pokémon, asked with the
        # Poké-Bodies by rules.knocked_out_answers)
        self.body_hooks_present: frozenset[str] = frozenset().union(
            *(d.body_hooks for d in defs), *(d.rule_hooks for d in defs),
            *(d.hooks & _TOOL_ANSWERS for d in defs if d.trainer_kind == "tool"))
        # (an Energy that changes its own units may come to pay for several types)
        self.multi_type_energy = self.card_units_hooks or any(
            u & (u - 1) for d in defs if d.kind == 2 for u in d.units)
        # Some card has an Ability used from the discard pile (actions.discard_power_options).
        self.discard_powers = any(pw.from_discard for d in defs for pw in d.powers)
        # (the printed facts name their card by its number in the match: hence ``start``)
        self.printed: list[PokemonFacts | None] = [
            build_printed_facts(d, cid) if d.kind == POKEMON or d.fossil else None
            for cid, d in enumerate(defs, start)]

    @classmethod
    def join(cls, a: _Tables, b: _Tables) -> _Tables:
        t = cls()
        t.acts_between = a.acts_between + b.acts_between
        t.units_of = a.units_of + b.units_of
        t.fact_hook = a.fact_hook + b.fact_hook
        t.fact_hooks = a.fact_hooks or b.fact_hooks
        t.has_passives = a.has_passives + b.has_passives
        t.energy_end_discard = a.energy_end_discard or b.energy_end_discard
        t.energy_acts_between = a.energy_acts_between or b.energy_acts_between
        t.bodies_act_between = a.bodies_act_between or b.bodies_act_between
        t.multi_type_energy = a.multi_type_energy or b.multi_type_energy
        t.stacks_below = a.stacks_below or b.stacks_below
        t.area_bodies = a.area_bodies or b.area_bodies
        t.hp_may_fall = a.hp_may_fall or b.hp_may_fall
        t.active_damage_hooks = a.active_damage_hooks or b.active_damage_hooks
        t.card_units_hook = a.card_units_hook + b.card_units_hook
        t.card_units_hooks = a.card_units_hooks or b.card_units_hooks
        t.retreat_locks = a.retreat_locks or b.retreat_locks
        t.body_blocks = a.body_blocks or b.body_blocks
        t.body_hooks_present = a.body_hooks_present | b.body_hooks_present
        t.discard_powers = a.discard_powers or b.discard_powers
        t.printed = a.printed + b.printed
        return t


# Tables by deck: the card definitions (compared by identity: CardDef has eq=False) and
# the number of the first. A simulation plays many matches over the same few decks;
# bounded, so a long run over many decks does not grow it without end.
_TABLES: dict[tuple[int, tuple[CardDef, ...]], _Tables] = {}
_MAX_TABLES = 128


_JOINED: dict[tuple[_Tables, _Tables], _Tables] = {}  # (compared by identity)


def _tables(defs: list[CardDef], start: int, end: int) -> _Tables:
    key = (start, tuple(defs[start:end]))
    t = _TABLES.get(key)
    if t is None:
        if len(_TABLES) >= _MAX_TABLES:
            _TABLES.clear()
            _JOINED.clear()
        t = _TABLES[key] = _Tables(key[1], start)
    return t


def _joined(a: _Tables, b: _Tables) -> _Tables:
    t = _JOINED.get((a, b))
    if t is None:
        if len(_JOINED) >= _MAX_TABLES:
            _JOINED.clear()
        t = _JOINED[a, b] = _Tables.join(a, b)
    return t


@functools.lru_cache(maxsize=128)
def _range_set(size: int) -> frozenset[int]:
    return frozenset(range(size))


_INT_ONLY = frozenset((int,))


def _check_permutation(outcome: Any, size: int) -> None:
    if not isinstance(outcome, (list, tuple)):
        raise BadChanceOutcome(f"a shuffle outcome is a permutation list of 0..{size - 1}, "
                               f"not {type(outcome).__name__}")
    # Types first: a list or dict inside the outcome cannot go into a set (unhashable), and
    # True == 1 must not pass for an index.
    # (The type test runs in C: every element's type is exactly int.)
    ok = len(outcome) == size and _INT_ONLY.issuperset(map(type, outcome)) and (
        size == 0 or set(outcome) == _range_set(size))
    if not ok:
        raise BadChanceOutcome(f"a shuffle outcome must be a permutation of 0..{size - 1} "
                               f"({size} distinct indices)")


_OPP_ATTACH = "on_opponent_energy_attached"


__all__ = ["NEXT", "Chance", "Choice", "Match"]
