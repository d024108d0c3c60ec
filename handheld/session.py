"""A match in progress, as the game loop runs it: the engine, the driver's random numbers,
the computer players, and everything needed to suspend it and resume it *exactly*.

A match is reproduced bit for bit by its decks, its seed and the answers given (a replay);
suspending adds the position and the state of every random generator, so a resumed match
goes on exactly as it would have without the interruption. Resuming *replays* the answers
up to the saved position: the match comes back with its whole log (what the player saw
before Continue), and the replay checks the save. Only a record that does not replay to
its position falls back to loading the position alone, without the earlier log -- and
only while the position's programs are the ones it was written with (its fingerprint,
see ``engine/fingerprint.py``). When the engine's programs have changed since, the
program counters are not trusted: the match is *rebuilt* from its replay (the replay is
the intent), and if even that fails the player is told (:class:`StaleMatch`) and the
suspended match stays in the saves as it is.
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
import logging
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from . import games
from .engine import CardPool, Chance, Choice, EngineError, Match, TcgGame
from .engine.eras import HOME, playable_era
from .engine.fingerprint import position_programs_match
from .engine.notation import answer_notation
from .kernel import Replay
from .players import PLAYERS, chance_outcome, make_player
from .players.basic import rng_state, set_rng_state
from .players.style import Style

log = logging.getLogger(__name__)

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


class StaleMatch(SessionError):
    """A suspended match written by other programs whose replay no longer plays in this
    version either: nothing is wrong with the save, so it is kept as it is."""


STALE_MATCH = ("the game has changed since it was saved, and its moves no longer play out "
               "in this version; it stays in your saves as it is")
REBUILT_NOTE = ("The game has changed since this match was suspended: it was replayed from "
                "its moves.")
REBUILT_ELSEWHERE = (" Its moves now lead to a slightly different position from the one "
                     "you left.")


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
    era: str = HOME.key  # the era of the rules the match is played in (its key)
    # Per seat, the computer player's personality (players.style) as a dict, or None: the
    # plain player. A roster opponent plays in its own style (handheld/roster.py).
    styles: list[dict[str, Any] | None] = field(default_factory=list)
    # Why the log before Continue is missing (the record did not replay), or that the
    # match was rebuilt from its replay, or None.
    log_note: str | None = field(default=None, init=False)
    # Resumed by replaying its answers with this version's programs, which differ from
    # the ones its position was written with (or may: an older save has no fingerprint).
    rebuilt: bool = field(default=False, init=False)
    # Chance outcomes resolved so far (None: unknown, the match was loaded from a position).
    chances: int | None = field(default=0, init=False)
    # The driver's generator before the outcome drawn for the pending chance (a coin the
    # screen is animating): a suspend then saves it, and the resumed match draws the same.
    _before_draw: Any = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        # The match is the game's state: the session builds and loads it through the
        # game (handheld/games.py), whose key its replay records.
        self.game: TcgGame = games.tcg(self.pool)
        self.match = self.game.new_state(self.decks, self.era, record_log=self.record_log)
        self.rng = random.Random(self.seed)
        self.ai = _players(self.players, self.seed, self.styles)
        # A match a person plays is worth a line of the report (a sim's thousands are not);
        # the seed and the decks' digests replay it, and no card is named.
        level = logging.INFO if any(p in ("human", "remote") for p in self.players) \
            else logging.DEBUG
        if log.isEnabledFor(level):
            from .kernel import digest

            log.log(level, "match start: era %s, seed %d, seats %s, decks %s / %s", self.era,
                    self.seed, "/".join(self.players), digest(list(self.decks[0])),
                    digest(list(self.decks[1])))

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

    def player_twin(self, seat: int) -> Any:
        """A new computer player for ``seat`` in the same state as the seat's own: made and
        set as a resumed match makes its players (``get_state``/``set_state``), so it gives
        the answers the seat's player would give, and thinking with it on another thread
        never touches the session's player."""
        twin = _players(self.players, 0, self.styles)[seat]
        player = self.ai[seat]
        assert twin is not None and player is not None, f"seat {seat} is not the computer"
        twin.set_state(player.get_state())
        return twin

    def resolve(self, outcome: Any) -> None:
        """Resolve the pending chance node with an outcome from :meth:`next_chance`."""
        self.match.resolve(outcome)
        self._resolved()

    def _resolved(self) -> None:
        self._before_draw = None
        if self.chances is not None:
            self.chances += 1

    def answer(self, action: Any) -> None:
        """A player's answer (any seat): applied and kept for the replay, in notation
        (docs/NOTATION.md) because an option's index is an internal detail. Replays of
        indices, as older versions saved them, still resume."""
        m = self.match
        ch = m.pending
        # The notation is read off the position before the answer changes it (and a bad
        # answer is refused here, as apply would).
        text = answer_notation(m, ch, action) if isinstance(ch, Choice) else None
        m.apply(action)
        self.answers.append(text)

    def call_time(self) -> str:
        """The battle timer's time is up (its extra turns played): fewer Prizes left wins,
        as many starts Sudden Death (:meth:`Match.call_time`); kept for the replay."""
        outcome = self.game.call_time(self.match)
        self.answers.append({"event": CALL_TIME, "chances": self.chances})
        self._before_draw = None
        return outcome

    def concede(self, seat: int) -> None:
        """``seat`` forfeits: the other player wins the match; kept for the replay."""
        _concede(self.game, self.match, seat)
        self.answers.append({"event": FORFEIT, "seat": seat, "chances": self.chances})
        self._before_draw = None

    # ---------------------------------------------------------------- suspend / resume

    def snapshot(self) -> dict[str, Any]:
        """Everything needed to resume exactly (plain JSON data)."""
        return {
            "format": SNAPSHOT_FORMAT,
            "position": self.match.position(),
            "replay": {"game": self.game.key, "decks": [list(d) for d in self.decks],
                       "seed": self.seed, "era": self.era, "players": list(self.players),
                       "styles": list(self.styles),
                       "answers": list(self.answers), "meta": dict(self.meta)},
            "rng": {"driver": self._before_draw if self._before_draw is not None
                    else rng_state(self.rng),
                    "players": [p.get_state() if p is not None else None
                                for p in self.ai]},
        }

    @classmethod
    def from_position(cls, pool: CardPool, position: dict[str, Any], players: list[str],
                      seed: int, *, era: str = HOME.key, record_log: bool = True
                      ) -> MatchSession:
        """A session that starts at a written position (docs/POSITION.md), not at a new
        game's setup: the tutorial's lessons. It has no decks to replay from, so it is never
        suspended (a position is refused as ``InvalidPosition``)."""
        self = cls.__new__(cls)
        self.pool, self.decks = pool, ([], [])
        self.game = games.tcg(pool)
        self.players = list(players)
        self.seed = seed
        self.answers = []
        self.meta = {}
        self.styles = []
        self.era = era
        self.record_log = record_log
        self.log_note = None
        self.rebuilt = False
        self.chances = None
        self._before_draw = None
        self.match = self.game.load(position, record_log=record_log)
        self.rng = random.Random(seed)
        self.ai = _players(self.players, seed, self.styles)
        return self

    @classmethod
    def resume(cls, pool: CardPool, snap: dict[str, Any], *, record_log: bool = False
               ) -> MatchSession:
        if not isinstance(snap, dict) or snap.get("format") != SNAPSHOT_FORMAT:
            raise SessionError("not a suspended match of this game (format "
                               f"{snap.get('format') if isinstance(snap, dict) else None!r})")
        game = games.tcg(pool)
        written = snap.get("replay")
        # A match suspended before games were recorded is the card game's.
        other = written.get("game", game.key) if isinstance(written, dict) else game.key
        if other != game.key:
            raise SessionError(f"the suspended match is of another game ({str(other)[:20]!r}),"
                               f" not the {game.name}")
        try:
            replay = snap["replay"]
            decks = (list(replay["decks"][0]), list(replay["decks"][1]))
            self = cls.__new__(cls)
            self.pool, self.decks = pool, decks
            self.game = game
            self.players = list(replay["players"])
            self.seed = int(replay["seed"])
            self.answers = list(replay["answers"])
            self.meta = dict(replay.get("meta", {}))
            # A match suspended before styles were recorded is played by plain players.
            self.styles = list(replay.get("styles", []))
            # A match suspended before eras were recorded was played in the home era.
            self.era = _era_key(replay.get("era", "expedition"))
            self.record_log = record_log
            self.log_note = None
            self.rebuilt = False
            self._before_draw = None
            position = snap["position"]
            # True: the position's programs are this version's; False: they changed;
            # None: unknown (a save from before fingerprints).
            same_programs = position_programs_match(pool, position)
            replayed = None
            if same_programs is not False:
                replayed = replay_to_position(self.game, decks, self.seed, self.answers,
                                              position, record_log=record_log, era=self.era)
            driver: random.Random | None = None
            if replayed is None and same_programs is not True:
                driver = random.Random(self.seed)
                rebuilt = rebuild_from_replay(self.game, decks, self.seed, self.answers,
                                              position, record_log=record_log, rng=driver,
                                              era=self.era)
                if rebuilt is not None and (same_programs is False or rebuilt[2]):
                    replayed = rebuilt[0], rebuilt[1]
                    self.rebuilt = True
                    self.log_note = REBUILT_NOTE + ("" if rebuilt[2] else REBUILT_ELSEWHERE)
                elif same_programs is False:
                    raise StaleMatch(STALE_MATCH)
            if replayed is not None:
                self.match, self.chances = replayed
            else:
                self.chances = None
                self.match = self.game.load(position, record_log=record_log)
                self.log_note = ("The log before Continue is missing: the saved match did "
                                 "not replay to its position.")
            self.rng = random.Random()
            if self.rebuilt and driver is not None:
                # The replay's own generator: it stands where the rebuilt match does.
                self.rng.setstate(driver.getstate())
            else:
                set_rng_state(self.rng, snap["rng"]["driver"])
            self.ai = _players(self.players, 0, self.styles)
            for player, state in zip(self.ai, snap["rng"]["players"], strict=True):
                if player is not None:
                    player.set_state(state)
        except StaleMatch:
            raise
        except (KeyError, IndexError, TypeError, ValueError, OverflowError, EngineError) as exc:
            # OverflowError: a negative word in a generator's saved state; EngineError:
            # the position itself is refused (InvalidPosition names the field).
            raise SessionError(f"the suspended match is incomplete or damaged: {exc}") from None
        return self

    def record(self) -> Replay:
        """The kernel's replay of this match so far (the answers hold its events too)."""
        return Replay(self.game.key, self.era, [list(d) for d in self.decks], self.seed,
                      list(self.answers))

    def replay_check(self) -> Match:
        """The match played again from decks, seed and answers (the integrity check of a
        history entry: it must reach the same position)."""
        done = _replay(self.game, self.decks, self.seed, self.answers, record_log=False,
                       stop=lambda m, left: m.over, era=self.era)
        if done is None:
            raise SessionError("the answers do not replay to the end of the match")
        return done[0]


def _era_key(value: Any) -> str:
    """The era a suspended match names, if a match can be played in it."""
    try:
        return playable_era(value).key
    except (KeyError, EngineError) as exc:
        raise SessionError(f"the suspended match's era cannot be played: {exc}") from None


def _concede(game: TcgGame, m: Match, seat: int) -> None:
    if seat not in (0, 1):
        raise SessionError(f"seat {seat!r} cannot forfeit: the seats are 0 and 1")
    if m.over:
        raise SessionError(f"the match is already over ({m.result})")
    game.forfeit(m, seat)


def _event(answer: Any) -> str | None:
    """CALL_TIME or FORFEIT for an event entry of the answers; None for an answer."""
    if isinstance(answer, dict) and answer.get("event") in (CALL_TIME, FORFEIT):
        return str(answer["event"])
    return None


def _replay(game: TcgGame, decks: Sequence[Sequence[str]], seed: int, answers: Sequence[Any],
            *, record_log: bool, stop: Callable[[Match, int], bool],
            rng: random.Random | None = None, era: str = HOME.key
            ) -> tuple[Match, int] | None:
    """Play decks, seed and answers again (the driver draws chance outcomes from
    ``random.Random(seed)``, as the session does; or from ``rng``, given in that state)
    until ``stop(match, answers_left)``: the match and the chance outcomes it took, or
    None when the record cannot be replayed that far."""
    if len(answers) > REPLAY_MAX_ANSWERS:
        return None
    try:
        m = game.new_state(decks, era, record_log=record_log)
        rng = rng if rng is not None else random.Random(seed)
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
                    game.call_time(m)
                else:
                    _concede(game, m, nxt["seat"])
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


def replay_to_position(game: TcgGame, decks: Sequence[Sequence[str]], seed: int,
                       answers: Sequence[Any], position: Any, *, record_log: bool,
                       era: str = HOME.key) -> tuple[Match, int] | None:
    """The match replayed until every answer is given and it stands at ``position`` (the
    saved one), with its chance outcomes; None if it never does."""
    try:
        target = json.loads(json.dumps(position))  # tuples and lists alike, as saved
    except (TypeError, ValueError, RecursionError):
        return None

    # An older save was written without the game and the fingerprint.
    older = isinstance(target, dict) and "fingerprint" not in target
    without = ("game", "fingerprint") if older else ()
    if older:
        target = _comparable(target, without)

    def there(m: Match, left: int) -> bool:
        return left == 0 and _comparable(m.position(), without) == target

    return _replay(game, decks, seed, answers, record_log=record_log, stop=there, era=era)


def _comparable(position: Any, without: tuple[str, ...] = ()) -> Any:
    """A position as saved (through JSON: tuples and lists alike), less the keys
    ``without``."""
    out = json.loads(json.dumps(position))
    for key in without:
        out.pop(key, None)
    return out


# What a position says beyond its running programs: the cards, the counts, the outcome.
_PROGRAM_KEYS = ("game", "fingerprint", "stack", "pending")


def rebuild_from_replay(game: TcgGame, decks: Sequence[Sequence[str]], seed: int,
                        answers: Sequence[Any], position: Any, *, record_log: bool,
                        rng: random.Random, era: str = HOME.key,
                        ) -> tuple[Match, int, bool] | None:
    """The match played again from its replay with this version's programs, until every
    answer is given and then, through chance outcomes, to the saved board (all the
    position says but its programs) or the next decision: the match, its chance outcomes
    and whether it reached the saved board. None if the answers no longer play."""
    try:
        board = _comparable(position, _PROGRAM_KEYS)
    except (TypeError, ValueError, RecursionError, AttributeError):
        board = None

    def there(m: Match, left: int) -> bool:
        if left:
            return False
        return (_comparable(m.position(), _PROGRAM_KEYS) == board
                or not isinstance(m.pending, Chance))

    done = _replay(game, decks, seed, answers, record_log=record_log, stop=there, rng=rng,
                   era=era)
    if done is None:
        return None
    m, chances = done
    return m, chances, _comparable(m.position(), _PROGRAM_KEYS) == board


HUMAN_SEATS = ("human", "remote")


def _players(names: Sequence[str], seed: int,
             styles: Sequence[dict[str, Any] | None] = ()) -> list[Any]:
    """The computer player of each seat (in the seat's style, if it has one), or None
    where a person answers."""
    out: list[Any] = []
    for i, name in enumerate(names):
        if name in HUMAN_SEATS:
            out.append(None)
        elif name in PLAYERS:
            given = styles[i] if i < len(styles) else None
            if given is not None and not isinstance(given, dict):
                raise SessionError(f"the style of seat {i} is not a dict of weights")
            style = Style.from_dict(given) if given is not None else None
            out.append(make_player(name, seed + 7919 * (i + 1), style=style))
        else:
            raise SessionError(f"unknown player {name!r} (one of: "
                               f"{', '.join((*PLAYERS, *HUMAN_SEATS))})")
    return out


# ---------------------------------------------------------------- thinking in the background

@dataclass
class Thought:
    """A computer decision being made on the worker thread: by a twin of the seat's player
    (so the session's own player is never touched from another thread), on a clone of the
    match (so the screen keeps reading and drawing the real one)."""

    seat: int
    decision: Choice  # the pending choice it answers (shared by the clone, never copied)
    at: int  # the session's answers when it began: any other answer since makes it stale
    player: Any
    future: Future[Any]

    def ready(self) -> bool:
        return self.future.done()


class Thinker:
    """Runs the computer's decisions of a :class:`MatchSession` on one worker thread, so
    the screen never freezes while it thinks.

    The twin answers exactly what the session's player would have answered in
    :meth:`MatchSession.step` (the same state, the same position: tests/test_thinking.py),
    and the session adopts the twin with the answer, so later decisions follow on as they
    would have. A thought overtaken by events (a forfeit, time called, the match left or
    suspended) is dropped: the session's player never saw it, so a suspended match saves
    and resumes exactly as if the thought had never begun."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self.thought: Thought | None = None

    @property
    def busy(self) -> bool:
        return self.thought is not None

    def start(self, session: MatchSession) -> Thought | None:
        """Begin the pending computer decision (if the match waits for one and no thought
        is under way); the thought under way otherwise."""
        if self.thought is not None:
            if self._current(session, self.thought):
                return self.thought
            self.drop()  # overtaken (time called, say): think about the new decision
        if session.waiting_for() != "computer":
            return None
        m = session.match
        d = m.pending
        assert isinstance(d, Choice)
        twin = session.player_twin(d.player)
        board = m.clone()
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="thinking")
        future = self._pool.submit(twin.choose, board, board.pending)
        self.thought = Thought(d.player, d, len(session.answers), twin, future)
        return self.thought

    def ready(self) -> bool:
        return self.thought is not None and self.thought.ready()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the thought is ready (at most ``timeout`` seconds); True if it is."""
        if self.thought is None:
            return False
        try:
            self.thought.future.exception(timeout)
        except TimeoutError:
            return False
        return True

    def apply(self, session: MatchSession) -> bool:
        """Give the finished thought's answer to ``session`` (True), or drop it when it is
        not ready or no longer answers the pending decision (False). A player that failed
        raises here, on the main thread, as it would have in :meth:`MatchSession.step`."""
        t = self.thought
        if t is None or not t.ready():
            return False
        self.thought = None
        if not self._current(session, t):
            return False  # overtaken: the session's own player never saw it
        answer = t.future.result()
        session.ai[t.seat] = t.player
        session.answer(answer)
        return True

    @staticmethod
    def _current(session: MatchSession, t: Thought) -> bool:
        """The thought still answers the decision the match waits for."""
        return (not session.over and session.match.pending is t.decision
                and len(session.answers) == t.at)

    def drop(self) -> None:
        """Forget the thought under way (its worker finishes and its answer is lost)."""
        if self.thought is not None:
            self.thought.future.cancel()
            self.thought = None

    def close(self) -> None:
        """Drop the thought and let the worker thread end once it is done (never waits)."""
        self.drop()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


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
                    players: Sequence[str], seed: int, era: str = HOME.key
                    ) -> tuple[MatchSession, bool]:
    """The match to play at start-up: the suspended one if there is one (True), else a new
    one. A damaged suspended match is reported by the exception, never silently dropped."""
    snap = load_suspended(saves, profile)
    if snap is not None:
        return MatchSession.resume(pool, snap), True
    return MatchSession(pool, (list(decks[0]), list(decks[1])), list(players), seed,
                        era=era), False


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
