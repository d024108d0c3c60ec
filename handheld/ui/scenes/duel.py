"""The duel: the board, the messages of what happens, and the player's turn.

The scene drives a :class:`~handheld.session.MatchSession`: it shows each new event of the
match as a message (damage flashes the Pokémon, a Knock Out sounds), animates coin flips,
lets the computer answer at a readable pace, and opens a screen for every decision the
engine asks of a person -- the main phase's actions, targets, cards to pick, payments,
promotions, yes/no. A friend on the same handheld gets a "pass the handheld" screen
before each of their decisions, so neither sees the other's hand.

The computer thinks in the background (``session.Thinker``): its decision is made on a
worker thread, on a clone of the match, while the frames keep coming with "thinking" shown;
the answer is applied here, on the main thread, once it is ready and the computer's short
pause is over. A thought overtaken by events (a forfeit, time called, leaving) is dropped.
A headless handheld, whose frames are ticked by a script rather than by the wall clock,
waits for the thought at the end of the pause (``wait_for_thoughts``), so a scripted run
takes the same frames every time; the answer is the same either way.

A duel against a roster opponent (the ladder, ``handheld/roster.py``) goes into the match
history with the opponent's id and the outcome, and a win tells the result screen what it
newly beat and unlocked (``roster.on_victory``).

Leaving (Suspend in the menu), POWER held, or a critical battery saves the match; Continue
resumes it exactly, with its log. START+SELECT opens the match menu (resume, suspend,
forfeit, settings) over any screen of the match. When the battle timer has called time and
its extra turns are played, the match ends as in tournament play (``Match.call_time``).

The board follows the messages (``narration.py``): while a message is on screen the board
drawn is the match as it stood right after the message's event, so the computer's attack
is named before its damage shows, the HP bar drains at the damage message, the Knocked Out
Pokémon blinks and goes at the Knock Out message, the Prize count drops at the Prize
message and "Your turn" shows at the turn message. B skips the rest of the move's messages
(the board jumps to the live match); at the "instant" text speed the board is always the
live match, as nothing is there to wait for.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...engine import Chance, Choice
from ...engine.describe import describe_event
from ...engine.eras import HOME
from ...engine.notation import (
    EV_BETWEEN,
    EV_COIN,
    EV_CONDITION,
    EV_COUNTERS,
    EV_DAMAGE,
    EV_DRAW,
    EV_HEAL,
    EV_KO,
    EV_SHUFFLE,
    EV_TURN,
    EV_WIN,
)
from ...engine.ops import knocked_out_to
from ...session import MatchSession, SessionError, Thinker, load_suspended, save_suspended
from ..duel_board import ROWS, BoardView, slot_rects, step_cursor
from ..narration import NarratedLog, damage_between, narrated_log
from ..palette import INK, PAPER, WHITE
from ..printing import shared_names
from ..scene import Scene
from ..text import draw_ops, fit, line_ops, text_drop, wrap
from ..typewriter import typewriter_step

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

# Events shown as messages; the rest (shuffles, each draw) would only slow the game down.
QUIET = {EV_SHUFFLE, EV_DRAW, EV_BETWEEN}
# Events about one Pokémon in play: the board flashes it.
ON_A_POKEMON = frozenset({EV_DAMAGE, EV_COUNTERS, EV_KO, EV_HEAL, EV_CONDITION})
CPU_PAUSE = 24  # frames the computer "thinks" before each decision, so it can be followed
FLASH_FRAMES = 18  # a Pokémon an event is about flashes this long
DRAIN_FRAMES = 16  # an HP bar drains (or fills) over this many frames
KO_BLINK_FRAMES = 18  # a Knocked Out Pokémon blinks this long before it goes
# The change of damage an event makes, from its amount (the event's fourth field).
DAMAGE_DELTA = {EV_DAMAGE: 1, EV_COUNTERS: 10, EV_HEAL: -1}


@dataclass
class Message:
    """A page of a message, or a signal only (empty text). ``at``: the index in the log
    of the event it tells, on its first page (the board to show from then on)."""

    text: str
    at: int | None = None
    event: tuple[Any, ...] | None = None
    sound: str | None = None
    signal: str | None = None  # for the battle timer


@dataclass(frozen=True)
class DuelSetup:
    decks: tuple[list[str], list[str]]
    deck_names: tuple[str, str]
    seats: tuple[str, str]  # "human", "greedy", "random" or "remote"
    names: tuple[str, str]
    mode: str  # cpu | hotseat | link
    seed: int
    era: str = HOME.key  # the era of the rules the duel is played in
    # A duel against a roster opponent (seat 1): its id; the seats' styles as dicts.
    opponent: str | None = None
    styles: tuple[dict[str, Any] | None, ...] = ()


RESUMABLE_MODES = ("cpu", "practice", "hotseat", "link")


def _pair(value: Any, default: tuple[str, str]) -> tuple[str, str]:
    """Two short names read back from a suspended match, or ``default``."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and \
            all(isinstance(v, str) and len(v) <= 40 and v.isprintable() for v in value):
        return (value[0], value[1])
    return default


class DuelScene(Scene):
    def __init__(self, app: Handheld, session: MatchSession, *, names: tuple[str, str],
                 mode: str, deck_names: tuple[str, str]) -> None:
        super().__init__(app)
        self.session = session
        self.names = names
        self.mode = mode
        self.deck_names = deck_names
        self.view = BoardView(app.text)
        self.viewer = session.players.index("human") if "human" in session.players else 0
        self.messages: deque[Message] = deque()
        self.current: Message | None = None
        # The board told so far while messages play (None: the live match), the one before
        # it (a Knocked Out Pokémon blinks on it), and an HP bar draining: (slot id, damage
        # from, damage to, frames in).
        self.board: Any = None
        self.board_before: Any = None
        self.ko_blink = 0
        self.drain: tuple[int, int, int, int] | None = None
        self.story = narrated_log(session.match, QUIET, SETTLE)
        self.shown = 0.0
        self.hold = 0
        self.log_pos = 0
        self.pause = CPU_PAUSE
        self.flash: int | None = None
        self.flash_frames = 0
        self.cursor: int | None = None
        self.finished = False
        self.handed_to: int | None = None  # hotseat: who holds the handheld now
        self.coins_animated = 0  # coin results already shown by the coin animation
        # A duel over the link: an object with send_answer(action) and poll(duel), which
        # applies the friend's answers (see link_duel.py). None for a local duel.
        self.link: Any = None
        self.from_save = False  # resumed by Continue: it is the profile's suspended match
        self.time_up = False  # the battle timer's extra turns are played: call time
        # The roster opponent of seat 1 (handheld/roster.py), or None.
        self.opponent: str | None = None
        # What a roster win changed on the ladder (roster.Victory), for the result screen.
        self.victory: Any = None
        self._shared: tuple[int, frozenset[str]] = (-1, frozenset())
        # The booster packs that win earned (save records), for the result screen.
        self.packs: list[Any] = []
        # The computer's decisions are made on a worker thread (see the module docstring).
        self.thinker = Thinker()
        self.wait_for_thoughts = app.headless

    # ---------------------------------------------------------------- creating

    @classmethod
    def new(cls, app: Handheld, setup: DuelSetup) -> DuelScene:
        session = MatchSession(app.pool, setup.decks, list(setup.seats), setup.seed,
                               record_log=True, era=setup.era, styles=list(setup.styles))
        scene = cls(app, session, names=setup.names, mode=setup.mode,
                    deck_names=setup.deck_names)
        scene.opponent = setup.opponent
        return scene

    @classmethod
    def resume_suspended(cls, app: Handheld) -> DuelScene | None:
        """The suspended match as a scene; a damaged one is reported, with the offer to put
        it aside after a backup (never dropped silently), and None returned."""
        from ...engine import EngineError
        from ...save import SaveError
        from .damaged_match import offer_to_put_aside

        try:
            snap = load_suspended(app.saves, app.profile)
            if snap is None:
                return None
            session = MatchSession.resume(app.pool, snap, record_log=True)
        except (SaveError, SessionError, EngineError) as exc:
            offer_to_put_aside(app, str(exc))
            return None
        meta = session.meta  # from the file: every field checked, else its default
        mode = meta.get("mode")
        scene = cls(app, session, names=_pair(meta.get("names"), ("Player", "Opponent")),
                    mode=mode if isinstance(mode, str) and mode in RESUMABLE_MODES else "cpu",
                    deck_names=_pair(meta.get("deck_names"), ("", "")))
        scene.log_pos = len(session.match.log)  # the old messages were seen already
        scene.from_save = True
        scene.opponent = _opponent_id(meta.get("opponent"))
        return scene

    def suspend(self) -> None:
        """Save the match so Continue resumes it exactly."""
        if self.session.over or self.mode == "demo":
            return
        self.session.meta = {"names": list(self.names), "mode": self.mode,
                             "deck_names": list(self.deck_names)}
        if self.opponent is not None:
            self.session.meta["opponent"] = self.opponent
        save_suspended(self.app.saves, self.app.profile, self.session)

    def on_shutdown(self, reason: str) -> None:
        self.suspend()

    def exit(self) -> None:
        # Left, suspended or over: a thought under way is dropped, and its thread ends.
        self.thinker.close()

    def leave_match(self) -> None:
        """Suspend (over the link: leave) and go back to the main menu."""
        self.suspend()
        from .main_menu import MainMenuScene

        self.app.scenes.reset(MainMenuScene(self.app))

    def forfeit(self) -> None:
        """The player holding the handheld concedes: the other wins, and the result screen
        follows once the message has been shown."""
        if self.session.over:
            return
        self.session.concede(self.viewer)
        self.app.scenes.pop_to(self)

    def on_menu_combo(self, inp: FrameInput) -> bool:
        """START+SELECT: the match menu over any screen of the match, while it is on; the
        attract mode leaves for the title screen, as START does."""
        if self.mode == "demo":
            from .title import TitleScene

            inp.consume_all()
            self.app.scenes.reset(TitleScene(self.app))
            return True
        if self.finished or self.session.over:
            return False
        from .duel_menus import MatchMenuScene

        inp.consume_all()
        self.app.play("confirm")
        self.push(MatchMenuScene(self.app, self))
        return True

    # ---------------------------------------------------------------- per frame

    @property
    def match(self) -> Any:
        return self.session.match

    def _collect_events(self) -> None:
        log = self._story()
        while self.log_pos < len(log):
            at = self.log_pos
            ev = log[at]
            self.log_pos += 1
            if ev[0] == EV_COIN and self.coins_animated:
                self.coins_animated -= 1
                continue
            if ev[0] == EV_BETWEEN:  # the battle timer pauses here, in step with the screen
                self.messages.append(Message("", signal=f"between_{ev[1]}"))
                continue
            if ev[0] in QUIET:
                continue
            text = describe_event(self.match, ev, viewer=self._hidden_from(), names=self.names)
            lines = wrap(self.app.text.font, text, 232) or [""]
            # Two lines fit the message area: a longer message turns pages.
            for i in range(0, len(lines), 2):
                page = " ".join(lines[i:i + 2])
                if i:
                    self.messages.append(Message(page))
                    continue
                self.messages.append(Message(page, at, ev, _sound_for(ev[0]),
                                             "turn" if ev[0] == EV_TURN else None))

    def _story(self) -> NarratedLog:
        """The match's log, keeping the board after each told event (installed on the
        session's match, and again should the session ever hold another)."""
        if self.story._match is not self.match:
            self.story = narrated_log(self.match, QUIET, SETTLE)
        return self.story

    def _hidden_from(self) -> int:
        return self.viewer

    def _slot_of(self, ev: tuple[Any, ...], board: Any) -> int | None:
        """The Pokémon in play on ``board`` that the event is about, by slot id."""
        if ev[0] in ON_A_POKEMON and len(ev) > 2:
            for p in board.players:
                for s in p.in_play():
                    if s.top == ev[2] or ev[2] in s.cards:
                        return s.id
        return None

    def update(self, inp: FrameInput) -> None:
        if self.mode == "demo" and inp.pressed(Button.START):
            from .title import TitleScene

            self.app.scenes.reset(TitleScene(self.app))
            return
        self._collect_events()
        if self.flash_frames:
            self.flash_frames -= 1
        if not self.finished:
            # The computer starts thinking at once, while messages are still being shown.
            self.thinker.start(self.session)
        if self._messages(inp):
            return
        self._told()
        if inp.pressed(Button.SELECT):
            inp.consume(Button.SELECT)
            from .duel_menus import LogScene

            self.push(LogScene(self.app, self))
            return
        if self.time_up:
            self._call_time()
            return
        waiting = self.session.waiting_for()
        if waiting == "over":
            self._finish()
        elif waiting == "chance":
            self._chance()
        elif waiting == "computer":
            self._computer()
        elif waiting == "human":
            self._human(inp)
        elif waiting == "remote":
            self._remote(inp)

    def _messages(self, inp: FrameInput) -> bool:
        """Show queued messages one at a time; True while one is on screen."""
        speed = self.app.settings.letters_per_frame
        if self.drain is not None:
            sid, start, end, frame = self.drain
            self.drain = (sid, start, end, frame + 1) if frame < DRAIN_FRAMES else None
        if self.ko_blink:
            self.ko_blink -= 1
        if (self.current is not None or self.messages) and inp.pressed(Button.B):
            # B: the rest of the move untold (the log keeps it), the board live at once.
            inp.consume(Button.B)
            self._skip()
            return False
        while self.current is None and self.messages:
            msg = self.messages.popleft()
            self._signal(msg.signal)
            if not msg.text:
                continue
            self.current = msg
            self.shown = 0.0
            self.hold = 45 if speed > 0 else 30
            self._tell(msg, narrate=speed > 0)
            if msg.sound:
                self.app.play(msg.sound)
        if self.current is None:
            return False
        self.shown, self.hold, done = typewriter_step(self.shown, self.hold, len(self.current.text),
                                                      speed, inp)
        if done:
            self.current = None
            if not self.messages:
                self._told()
        return True

    def _signal(self, signal: str | None) -> None:
        """Tell the battle timer where the match is (a turn begins, the pause between)."""
        if signal and self.mode != "demo":
            events = self.app.timer.on_match_event(signal)
            if any(e.kind == "over" for e in events):
                self.time_up = True

    def _tell(self, msg: Message, *, narrate: bool) -> None:
        """A message begins: the board as it stood after its event (``narrate``; else the
        live match), the Pokémon it is about flashing, an HP bar draining, a Knocked Out
        Pokémon blinking on the board before it goes."""
        if msg.at is None or msg.event is None:
            return  # a later page: the board stays
        story = self._story()
        before = self.board_shown()
        self.board = story.board(msg.at) if narrate else None  # None: the live match
        story.release(msg.at)
        shown = self.board_shown()
        ev = msg.event
        animate = self.app.settings.animations
        self.drain = None
        self.ko_blink = 0
        self.board_before = None
        if ev[0] == EV_KO and narrate:
            # It is gone from this message's board: it blinks where it stood on the last.
            slot = self._slot_of(ev, before)
            if slot is not None and animate:
                self.board_before = before
                self.ko_blink = KO_BLINK_FRAMES
        else:
            slot = self._slot_of(ev, shown)
        if slot is not None and animate:
            self.flash, self.flash_frames = slot, FLASH_FRAMES
        sign = DAMAGE_DELTA.get(ev[0])
        if sign and narrate and animate and slot is not None and len(ev) > 3:
            target = shown.slot(slot)
            if target is not None and isinstance(ev[3], int):
                end = target.damage
                self.drain = (slot, max(0, end - sign * ev[3]), end, 0)

    def _skip(self) -> None:
        """The rest of the move's messages untold: the battle timer still hears their
        signals, in order, and the board is the live match again."""
        self.current = None
        while self.messages:
            self._signal(self.messages.popleft().signal)
        self._told()

    def _told(self) -> None:
        """Every message told: the board is the live match again."""
        self.board = self.board_before = None
        self.drain = None
        self.ko_blink = 0
        self._story().release_all()

    def board_shown(self) -> Any:
        """The match the board shows now: the one told so far, the live one when no
        message is playing (or at the instant text speed)."""
        if self.ko_blink and self.board_before is not None:
            return self.board_before
        return self.board if self.board is not None else self.match

    def damage_shown(self) -> dict[int, int]:
        """Damage to draw instead of a Pokémon's own, by slot id: an HP bar draining."""
        if self.drain is None:
            return {}
        sid, start, end, frame = self.drain
        return {sid: damage_between(start, end, frame, DRAIN_FRAMES)}

    def _computer(self) -> None:
        """The computer's pause, then its answer once its thought is ready (frames keep
        coming meanwhile; a headless handheld waits for it at the end of the pause)."""
        self.thinker.start(self.session)
        if self.pause > 0:
            self.pause -= 1
            return
        if not self.thinker.ready():
            if not self.wait_for_thoughts:
                return
            self.thinker.wait()
        self.pause = self._cpu_pause()
        self.thinker.apply(self.session)

    @property
    def thinking(self) -> bool:
        """A computer decision is under way on the worker thread."""
        return self.thinker.busy and not self.thinker.ready()

    def _chance(self) -> None:
        d = self.match.pending
        assert isinstance(d, Chance)
        outcome = self.session.next_chance()
        if d.kind == "coin" and self.app.settings.animations:
            from .duel_menus import CoinScene

            self.push(CoinScene(self.app, self, outcome))
        else:
            self.resolve_chance(outcome)

    def resolve_chance(self, outcome: Any) -> None:
        """Resolve the pending chance node; a coin counts in the player's statistics."""
        d = self.match.pending
        self.session.resolve(outcome)
        if isinstance(d, Chance) and d.kind == "coin" and self.mode != "demo":
            self.app.coins.record_match(bool(outcome))

    def _human(self, inp: FrameInput) -> None:
        ch = self.match.pending
        assert isinstance(ch, Choice)
        if self.mode == "hotseat" and self.handed_to != ch.player:
            from .duel_menus import PassScene

            self.viewer = ch.player
            self.handed_to = ch.player
            self.push(PassScene(self.app, self.names[ch.player]))
            return
        self.viewer = ch.player
        if ch.kind == "main":
            self._main_phase(inp)
        else:
            from .duel_menus import ChoiceScene

            self.push(ChoiceScene(self.app, self, ch))

    def _main_phase(self, inp: FrameInput) -> None:
        """The board is browsable with the D-pad; A or START opens the actions."""
        from .duel_menus import ActionMenuScene, slot_cards_view

        dx, dy = inp.nav()
        if dx or dy:
            inp.consume(Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)
            # By direction on the board, as drawn (UP from your Bench is your Active).
            own = self.match.players[self.viewer].active
            moved = step_cursor(slot_rects(self.match, self.viewer), self.cursor,
                                max(-1, min(1, dx)), max(-1, min(1, dy)) if not dx else 0,
                                start=own.id if own is not None else None)
            if moved != self.cursor:
                self.cursor = moved
                self.app.play("cursor")
        if inp.pressed(Button.R) and self.cursor is not None:
            inp.consume(Button.R)
            slot = self.match.slot(self.cursor)
            if slot is not None:
                self.push(slot_cards_view(self.app, self.match, slot))
            return
        if inp.pressed(Button.A) or inp.pressed(Button.START):
            inp.consume(Button.A, Button.START)
            self.app.play("confirm")
            self.push(ActionMenuScene(self.app, self))
        elif inp.pressed(Button.B) and self.cursor is not None:
            inp.consume(Button.B)
            self.cursor = None

    def _call_time(self) -> None:
        """The extra turns after time are played: fewer Prize cards left wins, as many
        starts Sudden Death. Over the link each handheld keeps its own timer, and the two
        would not agree on the moment, so there the timer only says that time is up."""
        self.time_up = False
        if self.session.over or self.mode in ("link", "demo"):
            return
        self.session.call_time()
        self.pause = self._cpu_pause()

    def _remote(self, inp: FrameInput) -> None:
        """The friend over the link answers: the link applies what arrives."""
        if self.link is not None:
            self.link.poll(self)

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        m = self.match
        winner = None if m.winner is None else self.names[m.winner]
        if self.mode == "demo":  # the attract mode keeps no history
            from .duel_menus import ResultScene

            self.app.scenes.replace(ResultScene(self.app, self))
            return
        try:
            before = self._roster_history()
            outcome = None
            if self.opponent is not None:
                from ...roster import outcome_for

                outcome = outcome_for(m.winner, self.viewer)
            packs: list[tuple[str, int]] = []
            if outcome == "win" and self.opponent is not None:
                import random

                from ...boosters import packs_for_victory
                from ...roster import on_victory

                # What this win changed on the ladder, and the booster packs it earns:
                # written with the match in one transaction (never one without the other).
                self.victory = on_victory(before, self.opponent)
                packs = packs_for_victory(self.victory, random.Random(self.app.new_seed()))
            record = self.app.saves.add_match(
                self.app.profile, deck_a=self.deck_names[0] or "deck",
                deck_b=self.deck_names[1] or "deck", winner=winner, result=m.result,
                turns=m.turn, ruleset=self.session.era, opponent=self.opponent,
                outcome=outcome, boosters=packs)
            if packs:
                self.packs = [b for b in self.app.saves.boosters(self.app.profile)
                              if b.awarded_at == record.played_at
                              and b.source == f"win:{self.opponent}"]
            if self.from_save:  # only this match's own save: never another suspended one
                self.app.saves.clear_suspended(self.app.profile)
        except Exception as exc:  # the history is nice to have; never lose the ending to it
            self.app.notices.append(f"The match could not be recorded: {exc}")
        from .duel_menus import ResultScene

        self.app.scenes.replace(ResultScene(self.app, self))

    def _roster_history(self) -> list[Any]:
        """The profile's history before this duel is recorded (a roster duel only)."""
        if self.opponent is None:
            return []
        return self.app.saves.match_history(self.app.profile)

    # ---------------------------------------------------------------- actions

    def act(self, option_index: int | list[int]) -> None:
        """Answer the pending choice (from a menu scene); over the link, tell the friend."""
        self.session.answer(option_index)
        self.pause = self._cpu_pause()
        if self.link is not None:
            self.link.send_answer(option_index)

    def _cpu_pause(self) -> int:
        return 4 if self.app.settings.text_speed == "instant" else CPU_PAUSE

    # ---------------------------------------------------------------- drawing

    @property
    def shared_names(self) -> frozenset[str]:
        """Names that two printings in this match carry (their lists say which is which)."""
        defs = self.match.defs
        if self._shared[0] != id(defs):
            self._shared = (id(defs), shared_names(defs))
        return self._shared[1]

    def draw(self, surface: pygame.Surface) -> None:
        m = self.match
        if self.mode == "hotseat" and self.handed_to is None and not m.over:
            surface.fill(INK)
            return
        self.view.draw(surface, self.board_shown(), self.viewer, names=self.names,
                       cursor=self.cursor, flash=self.flash if self.flash_frames else None,
                       frame=self.frames, watching=self.mode == "demo",
                       damage=self.damage_shown())
        self.draw_timer(surface)
        self.draw_message_area(surface)
        if self.thinking:
            self.draw_thinking(surface)

    def draw_timer(self, surface: pygame.Surface) -> None:
        """The battle timer, when one is in use, at the top right (flashing on a warning,
        gold while paused between turns)."""
        svc = self.app.timer
        t = svc.timer
        if t.state == "ready" or self.mode == "demo":
            return
        text = "TIME" if t.time_called else t.display()
        w = self.app.text.font.width(text)
        flash = svc.flash and (svc.flash // 10) % 2 == 0
        surface.fill((150, 40, 40) if flash else INK, (236 - w - 4, 0, w + 8, 10))
        self.app.text.draw(surface, text, 236 - w, 1,
                           (240, 200, 70) if t.state == "between" else WHITE)

    def draw_message_area(self, surface: pygame.Surface) -> None:
        y = ROWS["message"]
        surface.fill(WHITE, (0, y, 240, 18))
        surface.fill(INK, (0, y, 240, 1))
        t = self.app.text
        # Two lines 8 pixels apart: the small font's line; the large font's capitals (its
        # descenders may touch the line below) so that both fit above the screen's edge.
        top = y + 1 + text_drop(t.font)
        if self.current is not None:
            text = self.current.text
            visible = text[:int(self.shown)]
            lines = wrap(t.font, visible, 232)
            # A message longer than two lines (the large font's) shows the two being typed.
            for i, line in enumerate(lines[(len(lines) - 1) // 2 * 2:][:2]):
                draw_ops(surface, line_ops(t.font, line, 4, top + i * 8, INK), t)
            return
        waiting = self.session.waiting_for()
        if waiting == "human" and isinstance(self.match.pending, Choice) and \
                self.match.pending.kind == "main":
            t.draw(surface, fit(t.font, "Your move. A: actions  D-pad: look  R: card", 232),
                   4, top, INK)
            t.draw(surface, "SELECT: log", 4, top + 8, INK)
        elif waiting == "computer":
            dots = "." * (1 + (self.frames // 10) % 3)
            t.draw(surface, f"{self.names[self.match.pending.player]} is thinking{dots}",
                   4, y + 5, INK)
        elif waiting == "remote":
            t.draw(surface, "Waiting for your friend...", 4, y + 5, INK)
        else:
            t.draw(surface, "", 4, y + 5, PAPER)

    def draw_thinking(self, surface: pygame.Surface) -> None:
        """The small turning mark at the message area's right end while the computer's
        thought is under way (messages may be showing meanwhile): three dots, one lit in
        turn."""
        x, y = 228, ROWS["message"] + 13
        lit = (self.frames // 8) % 3
        for i in range(3):
            surface.fill(INK if i == lit else (190, 190, 190), (x + i * 3, y, 2, 2))


def _knocked_out(board: Any, ev: tuple[Any, ...]) -> None:
    """The engine logs a Knock Out while the Pokémon is still in play: on the board kept
    for the message (a copy), it leaves play as the engine's next step makes it."""
    for s in board.players[ev[1]].in_play():
        if s.top == ev[2]:
            knocked_out_to(board, s)
            return


# Events logged before their change, and how a copy of the board makes it (narration.py).
SETTLE = {EV_KO: _knocked_out}


def _opponent_id(value: Any) -> str | None:
    """The roster opponent a suspended match names, if it is one this version knows."""
    from ...roster import OPPONENTS

    return value if isinstance(value, str) and value in OPPONENTS else None


def _sound_for(kind: str) -> str | None:
    return {EV_KO: "knockout", EV_TURN: "turn", EV_WIN: "confirm"}.get(kind)
