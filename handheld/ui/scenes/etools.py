"""The e-Tools screens: the coin flipper, the battle timer, the chess clock.

Made to be read from across a table: big glyphs, white on a dark background. The tools
are services of the handheld (``etools_service``): the timer keeps time whatever screen is
up, and every coin of a match on the handheld counts in the statistics.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...etools.coins import MAX_COINS, FlipResult
from ...etools.timer import MINUTE
from ..etools_service import CHESS_LENGTHS_MIN, TIMER_LENGTHS_MIN
from ..palette import INK, WHITE, Color
from ..scene import Scene
from ..widgets import Menu, MenuItem, window
from .common import ConfirmScene, MenuOverlay, hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

NIGHT: Color = (24, 30, 52)
NIGHT_FLASH: Color = (150, 40, 40)
GOLD: Color = (240, 200, 70)
SILVER: Color = (190, 196, 210)
DIM: Color = (120, 130, 160)
VIEW_NAMES = {"session": "This session", "all": "All time", "match": "In matches"}


def _centre(app: Handheld, surface: pygame.Surface, text: str, y: int, color: Color,
            scale: int = 1) -> None:
    w = app.text.font.width(text) * scale
    app.text.draw(surface, text, (240 - w) // 2, y, color, scale)


def draw_coin(surface: pygame.Surface, cx: int, cy: int, r: int, frame: int | None,
              heads: bool | None) -> None:
    """A coin, spinning (``frame`` counts the spin) or lying face up. Heads is gold with
    an H-like mark, tails silver with a ring: told apart by colour and shape."""
    if frame is not None:
        half = max(1, int(abs(math.cos(frame * 0.35)) * r))
        face = (frame // 9) % 2 == 0
    else:
        half, face = r, bool(heads)
    color = GOLD if face else SILVER
    for dy in range(-r, r + 1):
        w = int(math.sqrt(max(0, r * r - dy * dy)) * half / r)
        surface.fill(INK, (cx - w - 1, cy + dy, 2 * w + 2, 1))
        if abs(dy) < r:
            surface.fill(color, (cx - w, cy + dy, 2 * w, 1))
    if half > r // 2:
        k = max(1, half // 6)
        if face:  # heads: an H
            surface.fill(INK, (cx - 2 * k, cy - 3 * k, k, 6 * k))
            surface.fill(INK, (cx + k, cy - 3 * k, k, 6 * k))
            surface.fill(INK, (cx - 2 * k, cy - k // 2, 3 * k, k))
        else:  # tails: a ring
            for dy in range(-3 * k, 3 * k + 1):
                w = int(math.sqrt(max(0, 9 * k * k - dy * dy)))
                inner = int(math.sqrt(max(0, 4 * k * k - dy * dy)))
                surface.fill(INK, (cx - w, cy + dy, w - inner, 1))
                surface.fill(INK, (cx + inner, cy + dy, w - inner, 1))


class EToolsMenuScene(Scene):
    def enter(self) -> None:
        self.menu = Menu([MenuItem("Coin flipper", True, "coins"),
                          MenuItem("Battle timer", True, "timer"),
                          MenuItem("Chess clock", True, "chess")], rows=3)

    def update(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.menu.selected is not None:
            scene = {"coins": CoinFlipperScene, "timer": TimerScene,
                     "chess": ChessClockScene}[self.menu.selected.value]
            self.push(scene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(NIGHT)
        title_bar(app, surface, "e-Tools")
        window(surface, 40, 30, 160, self.menu.height(self.app.text.font) + 8)
        self.menu.draw(surface, app.text, 43, 34, 154)
        t = app.timer.timer
        state = {"ready": "ready", "running": "running", "stopped": "stopped",
                 "between": "paused between turns", "over": "time is up"}[t.state]
        app.text.draw(surface, f"Battle timer: {t.display()} {state}", 40, 80, WHITE)
        tally = app.coins.tally("all")
        app.text.draw(surface, f"Coins flipped: {tally.total}, heads "
                               f"{tally.heads_percent:.1f}%", 40, 92, WHITE)
        hint_line(app, surface, "A: open  B: back")


class CoinFlipperScene(Scene):
    MODES = ("one", "many", "until_tails")
    SPIN = 54

    def enter(self) -> None:
        self.mode = 0
        self.n = 3
        self.view = 0
        self.anim = 0
        self.result: FlipResult | None = None
        self._pending: str | None = None  # the statistics a "Forget" confirmation resets

    def update(self, inp: FrameInput) -> None:
        svc = self.app.coins
        if self.anim:
            self.anim -= 1
            if inp.pressed(Button.A) or inp.pressed(Button.B):  # skip to the result
                inp.consume(Button.A, Button.B)
                self.anim = 0
            return
        _, dy = inp.nav()
        if dy:
            inp.consume(Button.UP, Button.DOWN)
            self.mode = (self.mode + dy) % len(self.MODES)
            self.app.play("cursor")
        if self.MODES[self.mode] == "many":
            for b, d in ((Button.LEFT, -1), (Button.RIGHT, 1)):
                if inp.repeated(b):
                    inp.consume(b)
                    self.n = max(1, min(MAX_COINS, self.n + d))
                    self.app.play("cursor")
        for b, d in ((Button.L, -1), (Button.R, 1)):
            if inp.pressed(b):
                inp.consume(b)
                self.view = (self.view + d) % len(svc.VIEWS)
                self.app.play("cursor")
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            self.flip()
        elif inp.pressed(Button.START):
            inp.consume(Button.START)
            seeded = svc.settings.coin_source == "seeded"
            self.push(MenuOverlay(self.app, "Coin flipper", [
                MenuItem(f"Reset: {VIEW_NAMES[svc.VIEWS[self.view]]}", True, "reset",
                         "Forget these statistics (asks first)."),
                MenuItem("Use system randomness" if seeded else "Use a seed", True, "source",
                         "A seed can be written down to check the flips later."),
            ]))
        elif inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.close()

    def flip(self) -> None:
        svc = self.app.coins
        mode = self.MODES[self.mode]
        if mode == "one":
            self.result = svc.flipper.flip_one()
        elif mode == "many":
            self.result = svc.flipper.flip_many(self.n)
        else:
            self.result = svc.flipper.flip_until_tails()
        self.anim = self.SPIN if self.app.settings.animations else 0
        self.app.play("coin")

    def resume(self, result: Any = None) -> None:
        svc = self.app.coins
        view = svc.VIEWS[self.view]
        if result == "reset":
            self.push(ConfirmScene(self.app, f"Forget the statistics of "
                                   f"\"{VIEW_NAMES[view]}\"?", yes="Forget them"))
            self._pending = view
        elif result == "source":
            svc.use_seeded(svc.settings.coin_source != "seeded")
        elif result is True and self._pending:
            svc.reset(self._pending)
            self._pending = None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        svc = app.coins
        surface.fill(NIGHT)
        title_bar(app, surface, "Coin flipper", svc.describe_source())
        mode = self.MODES[self.mode]
        label = {"one": "1 coin", "many": f"{self.n} coins", "until_tails": "until tails"}
        _centre(app, surface, f"< {label[mode]} >" if mode == "many" else label[mode], 16,
                DIM)
        r = self.result
        if r is None:
            draw_coin(surface, 120, 52, 22, None, True)
            _centre(app, surface, "A: flip", 80, WHITE, 2)
        elif self.anim:
            spin = self.SPIN - self.anim
            if len(r.flips) == 1:
                draw_coin(surface, 120, 52, 24, spin, None)
            else:
                self._row(surface, r, spin)
        else:
            if len(r.flips) == 1:
                draw_coin(surface, 120, 48, 22, None, r.flips[0])
                _centre(app, surface, "HEADS" if r.flips[0] else "TAILS", 76, WHITE, 3)
            else:
                self._row(surface, r, None)
                text = f"{r.heads} HEADS" + (" THEN TAILS" if r.kind == "until_tails" else
                                             f" OF {len(r.flips)}")
                scale = 3 if app.text.font.width(text) * 3 <= 236 else 2
                _centre(app, surface, text, 76, WHITE, scale)
        self._stats(surface)
        hint_line(app, surface, "A flip  UP/DOWN mode  L/R stats  START menu")

    def _row(self, surface: pygame.Surface, r: FlipResult, spin: int | None) -> None:
        n = len(r.flips)
        shown = r.flips[-20:]
        per_row = 10
        size = 7 if n > 10 else 9
        for i, heads in enumerate(shown):
            row, col = divmod(i, per_row)
            cx = 120 - (min(len(shown), per_row) - 1) * (size * 2 + 3) // 2 + col * (size * 2 + 3)
            cy = 40 + row * (size * 2 + 4)
            # Coins land one after another; a landed coin (or no spin) lies face up.
            frame = None if spin is None or spin > 8 + i * 3 else spin + i
            draw_coin(surface, cx, cy, size, frame, heads)

    def _stats(self, surface: pygame.Surface) -> None:
        app = self.app
        view = app.coins.VIEWS[self.view]
        tally = app.coins.tally(view)
        y = 100
        surface.fill((36, 44, 74), (0, y - 2, 240, 50))
        app.text.draw(surface, f"< {VIEW_NAMES[view]} >", 4, y, DIM)
        app.text.draw(surface, f"{tally.heads_percent:.1f}% heads", 160, y, GOLD)
        app.text.draw(surface, f"Heads {tally.heads}   Tails {tally.tails}   Total "
                               f"{tally.total}", 4, y + 10, WHITE)
        app.text.draw(surface, f"Longest run: heads {tally.longest_heads}, tails "
                               f"{tally.longest_tails}", 4, y + 20, WHITE)
        x = 4
        for i, side in enumerate(tally.recent):
            surface.fill(GOLD if side == "H" else SILVER, (x + i * 4 + (i // 10) * 2, y + 32,
                                                            3, 8))
        if not tally.recent:
            app.text.draw(surface, "No flips yet.", 4, y + 33, DIM)


class TimerScene(Scene):
    """The battle timer at full size. L starts and R stops (swappable); SELECT pauses for
    the between-turns effects (at a real table) and resumes; A counts the extra turns after
    time is called."""

    def update(self, inp: FrameInput) -> None:
        svc = self.app.timer
        for b in (Button.L, Button.R):
            if inp.pressed(b):
                inp.consume(b)
                svc.start_stop(b.value, svc.timer)
                self.app.play("confirm")
        if inp.pressed(Button.SELECT):
            inp.consume(Button.SELECT)
            svc.react(svc.timer.toggle_between())
            self.app.play("cursor")
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            if svc.timer.time_called:
                svc.react(svc.timer.next_turn())
                self.app.play("turn")
        if inp.pressed(Button.START):
            inp.consume(Button.START)
            self.push(MenuOverlay(self.app, "Battle timer", self._menu_items()))
        elif inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.close()

    def _menu_items(self) -> list[MenuItem]:
        s = self.app.timer.settings
        lengths = [MenuItem("Count up" if m == 0 else f"Count down {m} minutes", True,
                            ("length", m)) for m in TIMER_LENGTHS_MIN]
        custom = s.custom_minutes
        return [*lengths,
                MenuItem(f"Count down {custom} minutes (custom)...", True, ("custom", custom),
                         "Choose the minutes, 1 to 99."),
                MenuItem(f"{'L' if s.l_starts else 'R'} starts, "
                         f"{'R' if s.l_starts else 'L'} stops", True, ("swap", None),
                         "Choose to swap the two."),
                MenuItem("Asleep: " + ("paused" if s.pause_in_sleep else "keeps counting"),
                         True, ("sleep", None), "Takes effect when the timer is reset."),
                MenuItem("Reset the timer", True, ("reset", None))]

    def resume(self, result: Any = None) -> None:
        svc = self.app.timer
        if not isinstance(result, tuple):
            return
        what, value = result
        if what == "custom":
            self.push(MinutesScene(self.app, value))
            return
        if what == "length":
            svc.settings.timer_minutes = value
            if value not in TIMER_LENGTHS_MIN:
                svc.settings.custom_minutes = value
            svc.new_timer()
        elif what == "swap":
            svc.settings.l_starts = not svc.settings.l_starts
        elif what == "sleep":
            svc.settings.pause_in_sleep = not svc.settings.pause_in_sleep
        elif what == "reset":
            svc.new_timer()
        svc.save()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        svc = app.timer
        t = svc.timer
        flash = svc.flash and (svc.flash // 10) % 2 == 0
        surface.fill(NIGHT_FLASH if flash else NIGHT)
        mode = "count up" if t.limit_ms is None else f"count down {int(t.limit_ms // MINUTE)}:00"
        title_bar(app, surface, "Battle timer", mode)
        _centre(app, surface, t.display(), 30, WHITE, 7)
        if t.state == "over":
            state = "Time is up: the extra turns are played"
        elif t.time_called:
            state = f"TIME! Turn +{t.extra_turn} of {t.extra_turns} (A: next turn)"
        else:
            state = {"ready": "Ready", "running": "Running", "stopped": "Stopped",
                     "between": "Paused: between turns"}[t.state]
        _centre(app, surface, state, 80, GOLD if t.state == "between" else WHITE, 1)
        app.text.draw(surface, f"Between turns: {mm_ss_up(t.between_ms)}", 8, 100, DIM)
        if t.limit_ms is not None:
            app.text.draw(surface, f"Played: {mm_ss_up(t.play_ms)}", 140, 100, DIM)
        s = svc.settings
        start, stop = ("L", "R") if s.l_starts else ("R", "L")
        app.text.draw(surface, f"{start}: start   {stop}: stop   SELECT: between turns",
                      8, 118, WHITE)
        app.text.draw(surface, "Asleep: " + ("paused" if s.pause_in_sleep else
                                             "keeps counting"), 8, 130, DIM)
        hint_line(app, surface, "A: next extra turn  START: menu  B: back")


class MinutesScene(Scene):
    """Choose a number of minutes (1-99): UP/DOWN by one, LEFT/RIGHT by ten, A to keep."""

    transparent = True

    def __init__(self, app: Handheld, minutes: int) -> None:
        super().__init__(app)
        self.minutes = minutes

    def update(self, inp: FrameInput) -> None:
        dx, dy = inp.nav()
        if dx or dy:
            inp.consume(Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)
            self.minutes = max(1, min(99, self.minutes - dy + 10 * dx))
            self.app.play("cursor")
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            self.app.play("confirm")
            self.close(("length", self.minutes))
        elif inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.close(None)

    def draw(self, surface: pygame.Surface) -> None:
        window(surface, 60, 40, 120, 70)
        self.app.text.draw(surface, "Minutes", 70, 46, INK)
        _centre(self.app, surface, f"{self.minutes}:00", 62, INK, 4)
        self.app.text.draw(surface, "UP/DOWN 1  LEFT/RIGHT 10", 66, 96, INK)


def mm_ss_up(ms: float) -> str:
    seconds = int(round(ms) // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


class ChessClockScene(Scene):
    """Two clocks for a casual timed game: A ends your turn and starts the other's."""

    def update(self, inp: FrameInput) -> None:
        svc = self.app.timer
        c = svc.chess
        for b in (Button.L, Button.R):
            if inp.pressed(b):
                inp.consume(b)
                svc.start_stop(b.value, c)
                self.app.play("confirm")
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            if c.switch():
                self.app.play("cursor")
        if inp.pressed(Button.SELECT):
            inp.consume(Button.SELECT)
            c.toggle_between()
        if inp.pressed(Button.START):
            inp.consume(Button.START)
            items = [MenuItem("Count up" if m == 0 else f"{m} minutes each", True, m)
                     for m in CHESS_LENGTHS_MIN]
            self.push(MenuOverlay(self.app, "Chess clock", items))
        elif inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.close()

    def resume(self, result: Any = None) -> None:
        if isinstance(result, int) and not isinstance(result, bool):
            svc = self.app.timer
            svc.settings.chess_minutes = result
            svc.new_chess()
            svc.save()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        c = app.timer.chess
        surface.fill(NIGHT)
        title_bar(app, surface, "Chess clock",
                  "count up" if c.limit_ms is None else f"{int(c.limit_ms // MINUTE)} min each")
        for p in (0, 1):
            x = 4 + p * 118
            active = c.active == p and c.state in ("running", "between")
            window(surface, x, 22, 114, 70, fill=(60, 80, 140) if active else (36, 44, 74),
                   border=GOLD if active else DIM)
            app.text.draw(surface, f"Player {p + 1}", x + 6, 26, WHITE)
            text = c.display(p)
            w = app.text.font.width(text) * 4
            app.text.draw(surface, text, x + (114 - w) // 2, 44, WHITE, 4)
            if c.loser == p:
                app.text.draw(surface, "out of time", x + 30, 78, GOLD)
        state = {"ready": "Ready", "running": "Running", "stopped": "Stopped",
                 "between": "Paused: between turns", "over": "Over"}[c.state]
        _centre(app, surface, state, 100, WHITE)
        s = app.timer.settings
        start, stop = ("L", "R") if s.l_starts else ("R", "L")
        _centre(app, surface, f"A: end turn  {start}: start  {stop}: stop  SELECT: between",
                116, DIM)
        hint_line(app, surface, "START: length  B: back")
