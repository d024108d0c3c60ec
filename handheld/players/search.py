"""The search player: determinized Monte Carlo search over the engine's choices.

At each decision worth thinking about (a main-phase move; a new Active Pokémon, a target or
a "you may ..." question between effects) it lists the candidate answers (the greedy
scorer's pick, every attack, the end of the turn, and the setup moves the scorer ranks
highest), then spends its budget on play-outs. Each round of play-outs starts from a fresh
determinization of the match (:func:`~handheld.players.hidden.determinize`: the cards the
seat cannot see dealt again at random, the opponent's from the seat's guess of its list,
:mod:`~handheld.players.belief`) and one stream of coins and shuffles from the
search's own random generator; every candidate still in the race is applied to a copy of
it, the greedy player plays both sides for a few turns (``EXTRA_TURNS`` past the end of the
opponent's next turn), and :func:`~handheld.players.leaf.leaf_value`, a leaf evaluation
fitted to games (tools/fit_leaf.py) and bent by the player's
:class:`~handheld.players.style.Style`, rates the position reached. The root is a
bandit run by sequential halving (the worse half of the challengers drops out after each
stage) with common random numbers, and a challenger replaces the greedy scorer's pick only
when its paired gain is clear of the noise.

It never reads the true match beyond what its seat sees: every judgement, the greedy
scorer's included, is made on a determinization. During setup (the Pokémon are face down)
and for decisions a fixed rule answers well (which face-down Prize, cards to discard, a
choice in the middle of an effect), it asks the greedy scorer, also on a determinization.

Budgets are play-outs per decision (``iterations``: reproducible, so a seeded game replays
the same) with a time cap (``budget_ms``) that stops the search early on a slow machine. The
levels (:data:`LEVELS`) are budgets; "easy" searches nothing and slips now and then.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ..engine import Chance, Choice, Match, reading_facts
from ..engine.notation import ATTACH, ATTACK, BENCH, EVOLVE, HAND_TAGS, PASS, POWER
from .basic import GreedyPlayer, Memo, rng_state, set_rng_state
from .belief import believe
from .driver import Player
from .hidden import determinize
from .leaf import leaf_value
from .lookahead import best_answer
from .style import PLAIN, Style


@dataclass(frozen=True)
class Level:
    """A level's budget: play-outs per decision, a time cap, candidates kept at the root,
    and how often it slips (a random move instead of the best one)."""

    iterations: int
    budget_ms: float | None
    width: int = 8
    mistakes: float = 0.0


LEVELS: dict[str, Level] = {
    # No search: the greedy scorer's move, and a random one one time in five.
    "easy": Level(0, None, mistakes=0.2),
    "normal": Level(40, 400.0, width=6),
    "hard": Level(160, 900.0),
    "expert": Level(480, 3000.0, width=10),
}

# Setup moves that cost nothing later: while the greedy scorer still wants one of these, a
# move that ends the turn (an attack, passing) is not a candidate; it comes up again once
# they are done. Ending the turn first only throws the tempo away; the play-outs' noise
# picked it in about 8% of the searched decisions (measured on 12 games).
TEMPO_MOVES = frozenset({ATTACH, BENCH, EVOLVE})
# Decision kinds the search thinks about (single answers); others go to the greedy scorer.
SEARCHED_KINDS = frozenset({"main", "promote", "target", "yes_no"})
EXTRA_TURNS = 2
# A play-out that has not reached its horizon after this many decisions stops there.
PLAYOUT_DECISIONS = 400
# Main-phase moves in one turn after which it stops thinking and lets the greedy scorer
# finish the turn (a Power that changes nothing must not loop).
MAX_MOVES_PER_TURN = 40

# How much better (in value, 0 to 1) a move must do in the play-outs than the greedy
# scorer's pick for the search to prefer it.
MARGIN = 0.004
CONFIDENCE = 2.0  # standard errors of the paired gain over that pick

class SearchPlayer:
    """Determinized Monte Carlo search at a level's budget (see the module's docstring).

    ``iterations`` and ``budget_ms`` override the level's budget; ``style`` weights the
    leaf evaluation (the plain style by default)."""

    def __init__(self, seed: int = 0, level: str = "normal", style: Style | None = None,
                 budget_ms: float | None = None, iterations: int | None = None) -> None:
        try:
            base = LEVELS[level]
        except KeyError:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}") \
                from None
        self.level = level
        self.name = level
        self.style = style or PLAIN
        self.iterations = base.iterations if iterations is None else max(0, iterations)
        self.budget_ms = base.budget_ms if budget_ms is None else budget_ms
        self.width = base.width
        self.mistakes = base.mistakes
        self.rng = random.Random(seed)
        # The greedy scorer answers what the search does not think about; it keeps its own
        # per-turn counters, so it is one for the whole match.
        self.greedy = GreedyPlayer(seed ^ 0x6EED, on_a_guess=True)
        self._turn = -1
        self._moves = 0
        self._pick = -1  # the greedy scorer's pick at the decision being searched
        # Turns the play-outs go on past the opponent's next one (2: through its turn
        # after next too; measured a little stronger than 0, and half the speed).
        self.extra_turns = EXTRA_TURNS
        # Play-outs run and time spent by the last decision (for benchmarks), and its
        # root: (candidate, play-outs, summed value) each (for tests).
        self.last_playouts = 0
        self.last_ms = 0.0
        # The same decision in this process's CPU time (a benchmark on a busy machine reads
        # it: wall time there counts the other programs' turns too), and whether the time
        # cap stopped it before its play-out budget was spent.
        self.last_cpu_ms = 0.0
        self.last_capped = False
        self.last_stats: list[tuple[int, int, float]] = []
        # The guess of the opponent's list made for the decision being answered (made at
        # its first deal, dropped when it is answered).
        self._belief: Match | None = None

    def get_state(self) -> dict[str, Any]:
        """Everything that decides its next answers (JSON-ready), for a suspended match."""
        return {"rng": rng_state(self.rng), "greedy": self.greedy.get_state(),
                "turn": self._turn, "moves": self._moves}

    def set_state(self, state: dict[str, Any]) -> None:
        set_rng_state(self.rng, state["rng"])
        self.greedy.set_state(state["greedy"])
        self._turn = int(state["turn"])
        self._moves = int(state["moves"])

    # ------------------------------------------------------------------ entry point

    def choose(self, m: Match, choice: Choice) -> int | list[int]:
        t0 = time.perf_counter()
        c0 = time.process_time()
        self.last_playouts = 0
        self.last_capped = False
        self.last_stats = []
        self._belief = None
        try:
            return self._choose(m, choice)
        finally:
            self._belief = None  # (a guess holds for one decision: the match moves on)
            self.last_ms = (time.perf_counter() - t0) * 1000.0
            self.last_cpu_ms = (time.process_time() - c0) * 1000.0

    def _choose(self, m: Match, choice: Choice) -> int | list[int]:
        if not isinstance(m, Match):
            # Another game of the kernel (Legend Pieces): it hides nothing; the greedy way.
            return best_answer(m, choice, self.rng)
        single = choice.min == 1 and choice.max == 1
        if single and len(choice.options) == 1:
            return 0
        if choice.nothing_to_pick:
            return []
        if choice.kind == "main":
            if m.turn != self._turn:
                self._turn, self._moves = m.turn, 0
            self._moves += 1
            if self.mistakes and self.rng.random() < self.mistakes:
                slip = self.rng.randrange(len(choice.options))
                self.greedy.note_power_use(m, choice.options[slip])
                return slip
        if (self.iterations > 0 and single and choice.kind in SEARCHED_KINDS and m.turn > 0
                and self._moves <= MAX_MOVES_PER_TURN
                and all(f.key.startswith("rule:") for f in m.stack)):
            answer = self._search(m, choice)
            if choice.kind == "main":  # (the scorer counts the powers it uses itself)
                self.greedy.note_power_use(m, choice.options[answer])
            return answer
        return self._greedy(m, choice)

    def _greedy(self, m: Match, choice: Choice) -> int | list[int]:
        """The greedy scorer's answer, judged on a determinization (never the true match);
        during setup the opponent's face-down Pokémon are out of its sight too."""
        world = self._deal(m, choice.player, self.rng)
        if m.turn == 0:
            opp = world.players[1 - choice.player]
            opp.active = None
            opp.bench = []
        return self.greedy.choose(world, choice)

    def _deal(self, m: Match, player: int, rng: random.Random) -> Match:
        """The world a judgement is made on: a determinization, the hidden cards dealt again,
        the opponent's from this decision's guess of its list (``belief.believe``, made once
        per decision) (tools/bench_search.py's ``--oracle`` overrides it to measure what
        seeing them would be worth; the player never does)."""
        if self._belief is None:
            self._belief = believe(m, player, rng)
        return determinize(self._belief, player, rng)

    # ------------------------------------------------------------------ the search

    def candidates(self, world: Match, choice: Choice) -> list[int]:
        """The answers worth trying: for a main-phase choice every attack, the end of the
        turn (neither while the scorer's pick is an attach, a Bench or an evolution:
        ``TEMPO_MOVES``) and the greedy scorer's pick, then the setup moves it ranks
        highest (one of each kind of card for the same place), up to the level's width; for
        other choices every option, up to the width, by the greedy scorer's order."""
        options = choice.options
        # A scratch scorer: the match's own keeps its per-turn counters for what it answers.
        scratch = GreedyPlayer(self.rng.getrandbits(32), on_a_guess=True)
        scratch.carry_turn(self.greedy, world.turn)  # (powers used up this turn stay so)
        pick = scratch.choose(world, choice)
        assert isinstance(pick, int)
        self._pick = pick
        if choice.kind != "main":
            if len(options) <= self.width:
                return list(range(len(options)))
            scores = [scratch._score_option(world, choice, o) for o in options]
            order = sorted(range(len(options)), key=lambda i: -scores[i])
            return sorted({pick, *order[:self.width - 1]})
        keep: list[int] = [pick]
        seen = {self._same_move(world, options[pick])}
        ranked: list[tuple[float, int]] = []
        tempo = options[pick][0] in TEMPO_MOVES
        memo: Memo = {}  # (one position: values asked again are kept, as greedy does)
        with reading_facts(world):
            for i, opt in enumerate(options):
                key = self._same_move(world, opt)
                if key in seen:
                    continue
                if opt[0] in (ATTACK, PASS):
                    if tempo:
                        continue
                    seen.add(key)
                    keep.append(i)
                elif not (opt[0] == POWER and scratch.power_spent(opt)):
                    ranked.append((-scratch._setup_value(world, opt, memo), i))
        ranked.sort()
        for _, i in ranked:
            if len(keep) >= self.width:
                break
            key = self._same_move(world, options[i])
            if key not in seen:
                seen.add(key)
                keep.append(i)
        return sorted(keep)

    @staticmethod
    def _same_move(m: Match, opt: tuple[Any, ...]) -> tuple[Any, ...]:
        # Two copies of one card played to the same place are the same move.
        if opt[0] in HAND_TAGS:
            return (opt[0], m.defs[opt[1]].id, *opt[2:])
        return opt

    def _search(self, m: Match, choice: Choice) -> int:
        """Sequential halving over the candidates with common random numbers, against the
        greedy scorer's pick as the baseline.

        Each round deals one determinization and one stream of coins and plays the
        baseline and every candidate still in the race out from it, so each candidate's
        value is compared with the baseline's on the same hidden cards and the same luck
        (a paired difference). After each stage the worse half of the challengers drops
        out; the baseline stays to the end. The answer is the best challenger only if its
        mean gain over the baseline is clear of the noise (``CONFIDENCE`` standard errors
        and ``MARGIN``): a search that follows noise plays worse than the scorer it
        improves on."""
        me = choice.player
        rng = self.rng
        start = time.perf_counter()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000.0
        cands = self.candidates(self._deal(m, me, rng), choice)
        if len(cands) == 1:
            return cands[0]
        k = len(cands)
        base = cands.index(self._pick) if self._pick in cands else 0
        visits = [0] * k
        totals = [0.0] * k
        gain = [0.0] * k  # summed paired differences with the baseline
        gain_sq = [0.0] * k
        horizon = m.turn + (2 if m.current == me else 3) + self.extra_turns
        alive = [a for a in range(k) if a != base]
        budget = max(self.iterations, k)
        playouts = 0
        stopped = False
        while not stopped:
            # This stage's share of what is left of the budget, in rounds over the alive.
            stages_left = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 1
            rounds = max(1, (budget - playouts) // ((len(alive) + 1) * stages_left))
            for _ in range(rounds):
                if playouts and deadline is not None and time.perf_counter() > deadline:
                    stopped = self.last_capped = True
                    break
                dealt = self._deal(m, me, rng)
                luck = rng.getrandbits(64)
                values = {}
                for arm in (base, *alive):
                    world = dealt.clone()
                    world.apply(cands[arm])
                    values[arm] = v = self._playout(world, me, horizon, random.Random(luck))
                    totals[arm] += v
                    visits[arm] += 1
                    playouts += 1
                for arm in alive:
                    d = values[arm] - values[base]
                    gain[arm] += d
                    gain_sq[arm] += d * d
            if len(alive) == 1 or playouts >= budget:
                break
            alive.sort(key=lambda a: -gain[a] / visits[a])
            alive = alive[:max(1, (len(alive) + 1) // 2)]
        self.last_playouts = playouts
        self.last_stats = list(zip(cands, visits, totals, strict=True))
        best = max(alive, key=lambda a: gain[a] / max(1, visits[a]))
        n = visits[best]
        if n < 2:
            return cands[base]
        mean = gain[best] / n
        var = max(0.0, gain_sq[best] / n - mean * mean) * n / (n - 1)
        if mean > MARGIN and mean > CONFIDENCE * math.sqrt(var / n):
            return cands[best]
        return cands[base]

    def _playout(self, world: Match, me: int, horizon: int, rng: random.Random) -> float:
        """Greedy play for both sides up to ``horizon`` (the turn that begins after the
        opponent's next one), coins and shuffles from ``rng``, then the leaf evaluation."""
        players = self._playout_players(rng.getrandbits(32), me)
        for _ in range(PLAYOUT_DECISIONS):
            if world.over or world.turn >= horizon:
                break
            d = world.pending
            if type(d) is Chance:
                world.resolve(d.sample(rng))
            elif type(d) is Choice:
                world.apply(players[d.player].choose(world, d))
            else:
                break
        return leaf_value(world, me, self.style)

    def _playout_players(self, seed: int, me: int) -> tuple[Player, Player]:
        """The players of a play-out, seat by seat: greedy on both sides
        (tools/bench_search.py's ``--slips`` overrides it to measure how much the
        play-outs' own play matters; the player never does)."""
        return GreedyPlayer(seed, on_a_guess=True), GreedyPlayer(seed + 1, on_a_guess=True)


def make_level(level: str) -> Any:
    """A maker of the level's player from a seed (for ``players.PLAYERS``)."""

    def make(seed: int = 0, style: Style | None = None) -> SearchPlayer:
        return SearchPlayer(seed, level, style)

    make.__name__ = f"make_{level}"
    return make


__all__ = ["LEVELS", "Level", "SearchPlayer", "determinize", "make_level"]
