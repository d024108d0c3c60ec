"""Driving a match: chance nodes from a seeded RNG, decisions from players.

The engine owns no randomness; a driver resolves every coin and shuffle. A match is
reproduced bit for bit by ``(decks, seed, answers)``: ``replay`` runs it again.

:func:`drive` and :func:`replay_state` work on any game of the kernel (a
:class:`~handheld.kernel.State`); :func:`play_match` and :func:`replay` are the card game's
front ends (the players here read the card game's options).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ..engine import EXPEDITION, CardPool, Chance, Choice, Match, Ruleset
from ..kernel import Game, Replay, State

S = TypeVar("S", bound=State)


class Player(Protocol):
    """Anything that answers a :class:`Choice` with an option index or a list of them."""

    name: str

    def choose(self, m: Match, choice: Choice) -> int | list[int]: ...


def chance_outcome(d: Chance, rng: random.Random) -> Any:
    """A fair outcome for a chance node (:meth:`Chance.sample`: heads with probability 1/2,
    or a uniformly random permutation)."""
    return d.sample(rng)


@dataclass
class MatchRecord:
    """What is needed to replay a match, and how it went. ``answers`` are in notation
    (docs/NOTATION.md); a record of option indices, as older versions wrote, replays too."""

    decks: tuple[list[str], list[str]]
    seed: int
    answers: list[str | int | list[int]] = field(default_factory=list)
    winner: int | None = None
    result: str = ""
    turns: int = 0
    decisions: int = 0
    chances: int = 0
    sudden_death: int = 0
    era: str = EXPEDITION.era
    time_called: int = 0  # how often a time limit ended a game (``play_match``)

    def replay(self) -> Replay:
        """The kernel's replay of this match (setup, seed, answers)."""
        return Replay("tcg", self.era, [list(self.decks[0]), list(self.decks[1])], self.seed,
                      list(self.answers))


def _stalled(seed: int) -> RuntimeError:
    # A match that is not over always waits for a choice or a chance; nothing pending
    # would be an engine bug, and looping on it would never end.
    return RuntimeError(f"match with seed {seed} is not over but waits for nothing")


class MatchTooLong(RuntimeError):
    """A match went on past its limit of decisions (a rules bug, or a stalemate that only a
    time limit ends: ``play_match(time_limit=...)``)."""


def _too_long(seed: int, limit: int) -> RuntimeError:
    return MatchTooLong(f"match with seed {seed} did not end after {limit} decisions")


def drive(
    state: S,
    choosers: Sequence[Callable[[S, Choice], Any]],
    rng: random.Random,
    *,
    answers: list[Any] | None = None,
    on_decision: Callable[[S], None] | None = None,
    max_decisions: int = 100_000,
    seed: int = 0,
) -> tuple[int, int]:
    """Play ``state`` to its end, any game: chance nodes from ``rng``, each seat's choice
    from its chooser (appended to ``answers`` when given). Returns (decisions, chances).
    ``seed`` only names the match in errors."""
    chances = 0
    decisions = 0
    apply = state.apply
    resolve = state.resolve
    if answers is None and on_decision is None:
        # The simulations' loop: nothing to record, nothing to call back.
        while not state.over:
            d = state.pending
            if type(d) is Chance:
                resolve(d.sample(rng))
                chances += 1
            elif type(d) is Choice:
                apply(choosers[d.player](state, d))
                decisions += 1
                if decisions > max_decisions:
                    raise _too_long(seed, max_decisions)
            else:
                raise _stalled(seed)
        return decisions, chances
    while not state.over:
        d = state.pending
        if type(d) is Chance:
            resolve(d.sample(rng))
            chances += 1
        elif type(d) is Choice:
            a = choosers[d.player](state, d)
            if answers is not None:
                # Kept as notation: an option's index is an internal detail.
                answers.append(state.answer_notation(d, a))
            apply(a)
            decisions += 1
            if on_decision is not None:
                on_decision(state)
            if decisions > max_decisions:
                raise _too_long(seed, max_decisions)
        else:
            raise _stalled(seed)
    return decisions, chances


def play_match(
    pool: CardPool,
    decks: Sequence[Sequence[str]],
    players: Sequence[Player],
    seed: int,
    *,
    rules: Ruleset = EXPEDITION,
    record_log: bool = False,
    record_answers: bool = False,
    max_decisions: int = 100_000,
    on_decision: Callable[[Match], None] | None = None,
    validate: bool = True,
    time_limit: int | None = None,
) -> tuple[Match, MatchRecord]:
    """Play one whole match. Coins and shuffles come from ``random.Random(seed)``.
    ``validate=False`` skips the deck check (for callers that checked the decks once).

    ``time_limit`` (decisions) plays a tournament's time limit: a game still going after
    that many decisions has time called (``Match.call_time``: fewer Prizes left wins, a tie
    is a Sudden Death game), as many as three times; past that, or with no limit, a match
    longer than ``max_decisions`` raises. Some decks can stall for good (a card that
    shuffles both hands back every turn while neither side can attack): only time ends
    those, at a real table too."""
    rng = random.Random(seed)
    m = Match(pool, decks, rules, record_log=record_log, validate=validate)
    rec = MatchRecord((list(decks[0]), list(decks[1])), seed, era=rules.era)
    choosers = [players[0].choose, players[1].choose]
    answers = rec.answers if record_answers else None
    while True:
        budget = max_decisions if time_limit is None or rec.time_called >= 3 else time_limit
        try:
            decisions, chances = drive(m, choosers, rng, answers=answers,
                                       on_decision=on_decision, max_decisions=budget,
                                       seed=seed)
        except MatchTooLong:
            if time_limit is None or rec.time_called >= 3:
                raise
            rec.decisions += budget + 1
            rec.time_called += 1
            m.call_time()
            continue
        rec.decisions += decisions
        rec.chances += chances
        break
    rec.winner = m.winner
    rec.result = m.result
    rec.turns = m.turn
    rec.sudden_death = m.sudden_death
    return m, rec


def _play_back(state: S, seed: int, answers: Sequence[Any]) -> S:
    rng = random.Random(seed)
    at = 0
    while not state.over:
        d = state.pending
        if type(d) is Chance:
            state.resolve(d.sample(rng))
        elif at < len(answers):
            state.apply(answers[at])
            at += 1
        else:
            raise ValueError(f"the record has {len(answers)} answers and the match is not "
                             "over after them")
    return state


def replay_state(game: Game, record: Replay) -> State:
    """Play a recorded match of any game again from its setup, seed and answers."""
    return _play_back(game.new_state(record.setup, record.era), record.seed, record.answers)


def replay(pool: CardPool, record: MatchRecord, *, rules: Ruleset = EXPEDITION,
           record_log: bool = True) -> Match:
    """Play a recorded match again from its decks, seed and answers (notation or indices:
    ``Match.apply`` takes both)."""
    return _play_back(Match(pool, record.decks, rules, record_log=record_log), record.seed,
                      record.answers)
