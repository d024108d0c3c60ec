"""A match in progress, as the game loop runs it: the engine, the driver's random numbers,
the computer players, and everything needed to suspend it and resume it *exactly*.

A match is reproduced bit for bit by its decks, its seed and the answers given (a replay);
suspending adds the position and the state of every random generator, so a resumed match
goes on exactly as it would have without the interruption. Resuming *replays* the answers
up to the saved position: the match comes back with its whole log (what the player saw
before Continue), and the replay checks the save. Only a record that does not replay to
its position falls back to loading the position alone, without the earlier log.
Besides the players' answers, the replay holds the two ways a match ends outside the
rules' own, as events: time called by the battle timer (:data:`CALL_TIME`) and a forfeit
(:data:`FORFEIT`). Each notes how many chance outcomes had been resolved, because either
can come while a coin or a shuffle is pending. :func:`run_on_board` is the
loop the headless handheld runs (the screen's loop does the same per frame): each frame it
ticks the board and advances the match, and when the board asks to shut down -- POWER
held, or a critical battery -- it saves the suspended match first.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import CardPool, Chance, EngineError, Match
from .kernel import Replay
from .players import PLAYERS, chance_outcome, make_player
from .players.basic import rng_state, set_rng_state

SNAPSHOT_FORMAT = "handheld-suspended/1"
# Events among the answers: {"event": CALL_TIME, "chances": n} (Match.call_time) and
# {"event": FORFEIT, "seat": s, "chances": n}, n the chance outcomes resolved before it.
CALL_TIME = "call_time"
FORFEIT = "forfeit"
# A replay takes at most this many steps (chance outcomes and answers) per answer: a
# damaged record cannot keep the game busy for long.
REPLAY_STEPS_PER_ANSWER = 200
REPLAY_MAX_ANSWERS = 100_000


class SessionError(ValueError):
    """A suspended match that cannot be resumed (say what is wrong with it)."""


@dataclass
class MatchSession:
    pool: CardPool
    decks: tuple[list[str], list[str]]
    players: list[str]  # per seat: "random" / "greedy" (the computer), "human" or "remote"
    seed: int
    match: Match = field(init=False)
    rng: random.Random = field(init=False)
    answers: list[Any] = field(default_factory=list)

    record_log: bool = False
    meta: dict[str, Any] = field(default_factory=dict)  # the screen's own notes (names...)
    # Why the log before Continue is missing (the record did not replay), or None.
    log_note: str | None = field(default=None, init=False)
    # Chance outcomes resolved so far (None: unknown, the match was loaded from a position).
    chances: int | None = field(default=0, init=False)
    # The driver's generator before the outcome drawn for the pending chance (a coin the
    # screen is animating): a suspend then saves it, and the resumed match draws the same.
    _before_draw: Any = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.match = Match(self.pool, self.decks, record_log=self.record_log)
        self.rng = random.Random(self.seed)
        self.ai = _players(self.players, self.seed)

    @property
    def over(self) -> bool:
        return self.match.over

    def waiting_for(self) -> str:
        """Who the match waits for: "chance", "computer", "human", "remote" or "over"."""
        m = self.match
        if m.over:
            return "over"
        d = m.pending
        if isinstance(d, Chance):
            return "chance"
        assert d is not None
        seat = self.players[d.player]
        return "computer" if self.ai[d.player] is not None else seat

    def next_chance(self) -> Any:
        """The outcome the pending chance node will get (drawn now, for the animation)."""
        d = self.match.pending
        assert isinstance(d, Chance)
        if self._before_draw is None:
            self._before_draw = rng_state(self.rng)
        return chance_outcome(d, self.rng)

    def step(self) -> bool:
        """Advance by one chance outcome or one computer decision; False once over (or
        when a human or remote player must answer)."""
        m = self.match
        if m.over:
            return False
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, self.rng))
            self._resolved()
        else:
            assert d is not None
            player = self.ai[d.player]
            if player is None:
                return False
            self.answer(player.choose(m, d))
        return not m.over

    def resolve(self, outcome: Any) -> None:
        """Resolve the pending chance node with an outcome from :meth:`next_chance`."""
        self.match.resolve(outcome)
        self._resolved()

    def _resolved(self) -> None:
        self._before_draw = None
        if self.chances is not None:
            self.chances += 1

    def answer(self, action: Any) -> None:
        """A player's answer (any seat): applied and kept for the replay."""
        self.match.apply(action)
        self.answers.append(action)

    def call_time(self) -> str:
        """The battle timer's time is up (its extra turns played): fewer Prizes left wins,
        as many starts Sudden Death (:meth:`Match.call_time`); kept for the replay."""
        outcome = self.match.call_time()
        self.answers.append({"event": CALL_TIME, "chances": self.chances})
        self._before_draw = None
        return outcome

    def concede(self, seat: int) -> None:
        """``seat`` forfeits: the other player wins the match; kept for the replay."""
        _concede(self.match, seat)
        self.answers.append({"event": FORFEIT, "seat": seat, "chances": self.chances})
        self._before_draw = None

    # ---------------------------------------------------------------- suspend / resume

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to resume exactly (plain JSON data)."""
        return {
            "format": SNAPSHOT_FORMAT,
            "position": self.match.position(),
            "replay": {"decks": [list(d) for d in self.decks], "seed": self.seed,
                       "players": list(self.players), "answers": list(self.answers),
                       "meta": dict(self.meta)},
            "rng": {"driver": self._before_draw if self._before_draw is not None
                    else rng_state(self.rng),
                    "players": [p.get_state() if p is not None else None
                                for p in self.ai]},
        }

    @classmethod
    def resume(cls, pool: CardPool, snap: dict[str, Any], *, record_log: bool = False
               ) -> MatchSession:
        if not isinstance(snap, dict) or snap.get("format") != SNAPSHOT_FORMAT:
            raise SessionError("not a suspended match of this game (format "
                               f"{snap.get('format') if isinstance(snap, dict) else None!r})")
        try:
            replay = snap["replay"]
            decks = (list(replay["decks"][0]), list(replay["decks"][1]))
            self = cls.__new__(cls)
            self.pool, self.decks = pool, decks
            self.players = list(replay["players"])
            self.seed = int(replay["seed"])
            self.answers = list(replay["answers"])
            self.meta = dict(replay.get("meta", {}))
            self.record_log = record_log
            self.log_note = None
            self._before_draw = None
            position = snap["position"]
            replayed = replay_to_position(pool, decks, self.seed, self.answers, position,
                                          record_log=record_log)
            if replayed is not None:
                self.match, self.chances = replayed
            else:
                self.chances = None
                self.match = Match.from_position(pool, position, record_log=record_log)
                self.log_note = ("The log before Continue is missing: the saved match did "
                                 "not replay to its position.")
            self.rng = random.Random()
            set_rng_state(self.rng, snap["rng"]["driver"])
            self.ai = _players(self.players, 0)
            for player, state in zip(self.ai, snap["rng"]["players"], strict=True):
                if player is not None:
                    player.set_state(state)
        except (KeyError, IndexError, TypeError, ValueError, OverflowError, EngineError) as exc:
            # OverflowError: a negative word in a generator's saved state; EngineError:
            # the position itself is refused (InvalidPosition names the field).
            raise SessionError(f"the suspended match is incomplete or damaged: {exc}") from None
        return self

    def record(self) -> Replay:
        """The kernel's replay of this match so far (the answers hold its events too)."""
        return Replay("tcg", self.match.rules.era, [list(d) for d in self.decks], self.seed,
                      list(self.answers))

    def replay_check(self) -> Match:
        """The match played again from decks, seed and answers (the integrity check of a
        history entry: it must reach the same position)."""
        done = _replay(self.pool, self.decks, self.seed, self.answers, record_log=False,
                       stop=lambda m, left: m.over)
        if done is None:
            raise SessionError("the answers do not replay to the end of the match")
        return done[0]


def _concede(m: Match, seat: int) -> None:
    if seat not in (0, 1):
        raise SessionError(f"seat {seat!r} cannot forfeit: the seats are 0 and 1")
    if m.over:
        raise SessionError(f"the match is already over ({m.result})")
    m.finish(1 - seat, "forfeit")


def _event(answer: Any) -> str | None:
    """CALL_TIME or FORFEIT for an event entry of the answers; None for an answer."""
    if isinstance(answer, dict) and answer.get("event") in (CALL_TIME, FORFEIT):
        return str(answer["event"])
    return None


def _replay(pool: CardPool, decks: Sequence[Sequence[str]], seed: int, answers: Sequence[Any],
            *, record_log: bool, stop: Callable[[Match, int], bool]
            ) -> tuple[Match, int] | None:
    """Play decks, seed and answers again (the driver draws chance outcomes from
    ``random.Random(seed)``, as the session does) until ``stop(match, answers_left)``:
    the match and the chance outcomes it took, or None when the record cannot be replayed
    that far."""
    if len(answers) > REPLAY_MAX_ANSWERS:
        return None
    try:
        m = Match(pool, decks, record_log=record_log)
        rng = random.Random(seed)
        at = chances = 0
        for _ in range(REPLAY_STEPS_PER_ANSWER * (len(answers) + 10)):
            if stop(m, len(answers) - at):
                return m, chances
            if m.over:
                return None
            d = m.pending
            nxt: Any = answers[at] if at < len(answers) else None
            event = _event(nxt)
            if event is not None and nxt["chances"] == chances:
                if event == CALL_TIME:
                    m.call_time()
                else:
                    _concede(m, nxt["seat"])
                at += 1
            elif isinstance(d, Chance):
                if event is not None and chances >= nxt["chances"]:
                    return None  # the event came before this many outcomes: not this match
                m.resolve(chance_outcome(d, rng))
                chances += 1
            elif at < len(answers) and event is None:
                m.apply(nxt)
                at += 1
            else:
                return None
    except (EngineError, SessionError, TypeError, ValueError, KeyError, IndexError,
            RecursionError):
        return None
    return None


def replay_to_position(pool: CardPool, decks: Sequence[Sequence[str]], seed: int,
                       answers: Sequence[Any], position: Any, *, record_log: bool
                       ) -> tuple[Match, int] | None:
    """The match replayed until every answer is given and it stands at ``position`` (the
    saved one), with its chance outcomes; None if it never does."""
    try:
        target = json.loads(json.dumps(position))  # tuples and lists alike, as saved
    except (TypeError, ValueError, RecursionError):
        return None

    def there(m: Match, left: int) -> bool:
        return left == 0 and json.loads(json.dumps(m.position())) == target

    return _replay(pool, decks, seed, answers, record_log=record_log, stop=there)


HUMAN_SEATS = ("human", "remote")


def _players(names: Sequence[str], seed: int) -> list[Any]:
    """The computer player of each seat, or None where a person answers."""
    out: list[Any] = []
    for i, name in enumerate(names):
        if name in HUMAN_SEATS:
            out.append(None)
        elif name in PLAYERS:
            out.append(make_player(name, seed + 7919 * (i + 1)))
        else:
            raise SessionError(f"unknown player {name!r} (one of: "
                               f"{', '.join((*PLAYERS, *HUMAN_SEATS))})")
    return out


@dataclass(frozen=True)
class RunResult:
    outcome: str  # over | suspended | shutdown | frames
    frames: int
    reason: str = ""


def run_on_board(board: Any, session: MatchSession, saves: Any = None, profile: int = 1, *,
                 frames_per_step: int = 1, max_frames: int = 1_000_000) -> RunResult:
    """Play ``session`` on ``board``, one step every ``frames_per_step`` frames (the screen
    paces a computer match so it can be watched), until it ends, the board asks for a
    shutdown (the match is suspended into ``saves`` first), or ``max_frames`` pass."""
    if frames_per_step < 1:
        raise ValueError("frames_per_step must be at least 1")
    awake_frames = 0
    for _ in range(max_frames):
        tick = board.tick()
        if tick.shutdown:
            if saves is not None and not session.over:
                save_suspended(saves, profile, session)
                return RunResult("suspended", tick.frame, tick.shutdown)
            return RunResult("shutdown", tick.frame, tick.shutdown)
        if tick.asleep:
            continue  # the game clock stops and so does the match
        awake_frames += 1
        if awake_frames % frames_per_step == 0 and not session.step():
            if saves is not None:
                saves.clear_suspended(profile)
            return RunResult("over", tick.frame)
    return RunResult("frames", max_frames)


def resume_or_start(pool: CardPool, saves: Any, profile: int, decks: Sequence[list[str]],
                    players: Sequence[str], seed: int) -> tuple[MatchSession, bool]:
    """The match to play at start-up: the suspended one if there is one (True), else a new
    one. A damaged suspended match is reported by the exception, never silently dropped."""
    snap = load_suspended(saves, profile)
    if snap is not None:
        return MatchSession.resume(pool, snap), True
    return MatchSession(pool, (list(decks[0]), list(decks[1])), list(players), seed), False


def save_suspended(saves: Any, profile: int, session: MatchSession) -> None:
    """Put the match aside in the saves (one transaction)."""
    snap = session.snapshot()
    saves.suspend_match(profile, snap["position"], {**snap["replay"], "format": snap["format"]},
                        snap["rng"])


def describe_suspended(snap: Any) -> str:
    """The suspended match in a few words for the player ("Ash vs CPU, turn 7"); a
    snapshot that says too little (damaged, or from another version) is just "a match"."""
    def text(value: Any, limit: int = 16) -> str | None:
        return value[:limit] if isinstance(value, str) and value.strip() else None

    try:
        meta = snap["replay"]["meta"]
        names = [text(n) for n in meta["names"]][:2]
        turn = snap["position"]["turn"]
    except (KeyError, IndexError, TypeError):
        return "a match"
    if len(names) != 2 or None in names:
        return "a match"
    out = f"{names[0]} vs {names[1]}"
    if type(turn) is int and 0 < turn < 10_000:
        out += f", turn {turn}"
    return out


def load_suspended(saves: Any, profile: int) -> dict[str, Any] | None:
    """The suspended match of a profile as a snapshot, or None."""
    rec = saves.suspended_match(profile)
    if rec is None:
        return None
    replay = dict(rec.replay)
    return {"format": replay.pop("format", None), "position": rec.position, "replay": replay,
            "rng": rec.rng_state}
