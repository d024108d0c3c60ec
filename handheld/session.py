"""A match in progress, as the game loop runs it: the engine, the driver's random numbers,
the computer players, and everything needed to suspend it and resume it *exactly*.

A match is reproduced bit for bit by its decks, its seed and the answers given (a replay);
suspending adds the position and the state of every random generator, so a resumed match
goes on exactly as it would have without the interruption. :func:`run_on_board` is the
loop the headless handheld runs (the screen's loop does the same per frame): each frame it
ticks the board and advances the match, and when the board asks to shut down -- POWER
held, or a critical battery -- it saves the suspended match first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import CardPool, Chance, Match
from .engine.errors import EngineError
from .players import PLAYERS, chance_outcome, make_player
from .players.basic import rng_state, set_rng_state

SNAPSHOT_FORMAT = "handheld-suspended/1"


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

    def answer(self, action: Any) -> None:
        """A player's answer (any seat): applied and kept for the replay."""
        self.match.apply(action)
        self.answers.append(action)

    # ---------------------------------------------------------------- suspend / resume

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to resume exactly (plain JSON data)."""
        return {
            "format": SNAPSHOT_FORMAT,
            "position": self.match.position(),
            "replay": {"decks": [list(d) for d in self.decks], "seed": self.seed,
                       "players": list(self.players), "answers": list(self.answers),
                       "meta": dict(self.meta)},
            "rng": {"driver": rng_state(self.rng),
                    "players": [p.get_state() if p is not None else None  # type: ignore
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
            self.match = Match.from_position(pool, snap["position"], record_log=record_log)
            self.rng = random.Random()
            set_rng_state(self.rng, snap["rng"]["driver"])
            self.ai = _players(self.players, 0)
            for player, state in zip(self.ai, snap["rng"]["players"], strict=True):
                if player is not None:
                    player.set_state(state)  # type: ignore[attr-defined]
        except (KeyError, IndexError, TypeError, ValueError, EngineError) as exc:
            # EngineError: the position itself is refused (InvalidPosition names the field).
            raise SessionError(f"the suspended match is incomplete or damaged: {exc}") from None
        return self

    def replay_check(self) -> Match:
        """The match played again from decks, seed and answers (the integrity check of a
        history entry: it must reach the same position)."""
        from .players import MatchRecord, replay

        rec = MatchRecord(self.decks, self.seed, list(self.answers))
        return replay(self.pool, rec, record_log=False)


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


def load_suspended(saves: Any, profile: int) -> dict[str, Any] | None:
    """The suspended match of a profile as a snapshot, or None."""
    rec = saves.suspended_match(profile)
    if rec is None:
        return None
    replay = dict(rec.replay)
    return {"format": replay.pop("format", None), "position": rec.position, "replay": replay,
            "rng": rec.rng_state}
