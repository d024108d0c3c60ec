"""The e-Tools as services of the handheld: one coin flipper and one battle timer that
keep going whatever screen is up (flip a coin in the middle of a timed match, come back to
the timer and it has kept time).

* :class:`CoinService`: the flipper with the player's choice of randomness, this
  session's tally, and the saved tallies (every flip, and the flips in matches), each
  written in one transaction per flip.
* :class:`TimerService`: the battle timer or the chess clock, its settings (L starts or R
  starts, pause in sleep or keep counting), and a per-frame check that turns warnings and
  "time" into a sound, a flash and a message. Inside a match the duel tells it when the
  between-turns steps begin and end.

Settings are kept per profile in the saves (``etools``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from ..etools.coins import CoinFlipper, CoinTally, SeededCoins, SystemCoins
from ..etools.timer import MINUTE, BattleTimer, ChessClock, TimerEvent

if TYPE_CHECKING:
    from .app import Handheld

SETTINGS_KEY = "etools"
TIMER_LENGTHS_MIN = (0, 30, 50)  # 0: count up; 30 and 50: organised play
CHESS_LENGTHS_MIN = (5, 10, 15, 20, 30, 0)
# What the notice says once time is up and the extra turns are played, per game: the card
# game's rule decides by Prizes; Legend Pieces has no rule for time, so the table decides.
TIME_UP = {
    "tcg": "Time is up: the extra turns are played. The player with fewer Prize cards left "
           "wins; with as many left, Sudden Death.",
    "pieces": "Time is up: the extra turns are played. Legend Pieces has no time rule: "
              "finish the game or agree on the winner at the table.",
}


@dataclass
class EToolsSettings:
    coin_source: str = "system"  # system | seeded
    coin_seed: int = 0
    timer_minutes: int = 30  # 0: count up; else a countdown
    custom_minutes: int = 40
    chess_minutes: int = 10
    l_starts: bool = True  # L starts and R stops; False: the reverse
    pause_in_sleep: bool = True

    @classmethod
    def from_dict(cls, data: Any) -> EToolsSettings:
        out = cls()
        if isinstance(data, dict):
            for name, default in asdict(cls()).items():
                value = data.get(name, default)
                if type(value) is type(default):
                    setattr(out, name, value)
        out.timer_minutes = max(0, min(99, out.timer_minutes))
        out.custom_minutes = max(1, min(99, out.custom_minutes))
        out.chess_minutes = max(0, min(99, out.chess_minutes))
        if out.coin_source not in ("system", "seeded"):
            out.coin_source = "system"
        return out


def load_settings(app: Handheld) -> EToolsSettings:
    return EToolsSettings.from_dict(app.saves.setting(app.profile, SETTINGS_KEY, None))


def save_settings(app: Handheld, settings: EToolsSettings) -> None:
    app.saves.set_setting(app.profile, SETTINGS_KEY, asdict(settings))


class CoinService:
    VIEWS = ("session", "all", "match")

    def __init__(self, app: Handheld) -> None:
        self.app = app
        self.settings = load_settings(app)
        self.session = CoinTally()
        self.flipper = CoinFlipper(self._source())
        self.flipper.listeners.append(self._table_flips)
        self.problem: str | None = None

    def _source(self) -> Any:
        if self.settings.coin_source == "seeded":
            return SeededCoins(self.settings.coin_seed or None)
        return SystemCoins()

    def use_seeded(self, seeded: bool) -> None:
        """Switch the randomness; a new seed (shown on screen) for each seeded start."""
        self.settings.coin_source = "seeded" if seeded else "system"
        source = SeededCoins() if seeded else SystemCoins()
        if isinstance(source, SeededCoins):
            self.settings.coin_seed = source.seed
        self.flipper.source = source
        save_settings(self.app, self.settings)

    def describe_source(self) -> str:
        return self.flipper.source.describe()

    # ---------------------------------------------------------------- recording

    def _save(self, scope: str, flips: Sequence[bool]) -> None:
        def update(old: dict[str, Any] | None) -> dict[str, Any]:
            try:
                tally = CoinTally.from_dict(old)
            except ValueError as exc:  # a damaged tally starts over, and says so
                self.problem = f"The saved coin statistics were damaged ({exc}); " \
                               "they start again from here."
                tally = CoinTally()
            return tally.extend(flips).to_dict()

        self.app.saves.update_coin_tally(self.app.profile, scope, update)

    def _table_flips(self, flips: Sequence[bool]) -> None:
        self.session.extend(flips)
        self._save("all", flips)

    def record_match(self, heads: bool) -> None:
        """A coin flipped in a match on the handheld: it counts everywhere, and in the
        "in matches" view."""
        self.session.record(heads)
        self._save("all", [heads])
        self._save("match", [heads])

    # ---------------------------------------------------------------- reading

    def tally(self, view: str) -> CoinTally:
        if view == "session":
            return self.session
        try:
            return CoinTally.from_dict(self.app.saves.coin_tally(self.app.profile, view))
        except ValueError:
            return CoinTally()

    def reset(self, view: str) -> None:
        if view == "session":
            self.session = CoinTally()
        else:
            self.app.saves.reset_coin_tally(self.app.profile, view)


@dataclass
class TimerService:
    """The battle timer (and chess clock) of the handheld, kept across screens."""

    app: Handheld
    settings: EToolsSettings = field(init=False)
    timer: BattleTimer = field(init=False)
    chess: ChessClock = field(init=False)
    flash: int = 0  # frames left of the warning flash
    last_events: list[TimerEvent] = field(default_factory=list)
    game: str = "tcg"  # the game whose match last reported a turn (its time-up rule)

    def __post_init__(self) -> None:
        self.settings = load_settings(self.app)
        self.new_timer()
        self.new_chess()
        self.app.every_frame(self.tick)

    @property
    def clock(self) -> Any:
        board = self.app.board
        return board.game_clock if self.settings.pause_in_sleep else board.clock

    def new_timer(self) -> None:
        minutes = self.settings.timer_minutes
        self.timer = BattleTimer(self.clock, limit_ms=minutes * MINUTE if minutes else None)

    def new_chess(self) -> None:
        minutes = self.settings.chess_minutes
        self.chess = ChessClock(self.clock, limit_ms=minutes * MINUTE if minutes else None)

    def save(self) -> None:
        save_settings(self.app, self.settings)

    @property
    def running(self) -> bool:
        return self.timer.state in ("running", "between")

    # ---------------------------------------------------------------- each frame

    def tick(self) -> None:
        if self.flash:
            self.flash -= 1
        events = self.timer.update() + self.chess.update()
        self.react(events)

    def react(self, events: list[TimerEvent]) -> None:
        if not events:
            return
        self.last_events = events
        for ev in events:
            if ev.kind == "warning":
                self.flash = 120
                self.app.play("error")
                self.app.notices.append(f"Battle timer: {ev.detail}.")
            elif ev.kind == "time":
                self.flash = 180
                self.app.play("turn")
                self.app.notices.append(
                    f"Time! The turn in progress is turn 0; then {self.timer.extra_turns} "
                    "more turns are played.")
            elif ev.kind == "over":
                self.app.play("confirm")
                self.app.notices.append(TIME_UP.get(self.game, TIME_UP["tcg"]))
            elif ev.kind == "flag":
                self.flash = 180
                self.app.play("turn")
                self.app.notices.append(f"Chess clock: {ev.detail}.")

    # ---------------------------------------------------------------- a match listens

    def on_match_event(self, kind: str, *, game: str = "tcg") -> list[TimerEvent]:
        """The duel on the handheld reports its between-turns steps and its new turns (a
        Legend Pieces board its turns, with ``game="pieces"``); returns the battle timer's
        events (an "over" ends a card match: see the duel)."""
        self.game = game
        events: list[TimerEvent] = []
        if kind == "between_start":
            events = self.timer.between_turns()
            self.chess.between_turns()
        elif kind == "between_end":
            events = self.timer.resume()
            if self.chess.state == "between":
                self.chess.toggle_between()
        elif kind == "turn":
            if self.timer.time_called:
                events = self.timer.next_turn()
            if self.chess.state == "running":
                self.chess.switch()
        self.react(events)
        return events

    # ---------------------------------------------------------------- L and R

    def start_stop(self, button: str, clock: Any) -> list[TimerEvent]:
        """L or R on a timer screen: one starts, the other stops (swappable)."""
        starts = "L" if self.settings.l_starts else "R"
        events = clock.start() if button == starts else clock.stop()
        self.react(events)
        return events
