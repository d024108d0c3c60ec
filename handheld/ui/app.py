"""The handheld: the 240x160 screen, the scene stack, the board, the saves, at 60 Hz.

:class:`Handheld` runs the same way in a window, on a Raspberry Pi's panel and headless:

* **the loop** is a fixed 60 Hz timestep on the board's clock (injected: a fake clock in
  tests and headless runs); game logic counts frames and never reads the wall clock;
* **each frame** the board reports the buttons (and sleep, shutdown, a critical battery),
  the top scene updates, and the visible scenes draw on the 240x160 surface, which the
  board's display scales to the panel;
* **headless** (``Handheld(headless=True)``), tests and the README's demo drive it like
  PyBoy: ``press(button, frames)``, ``tick(frames)``, ``screen`` (a 160x240x3 array) and
  ``screenshot(path)``.

Before the handheld powers off (POWER held, a critical battery, the window closed) every
scene gets ``on_shutdown``: the duel saves the suspended match there.

Held buttons are forgotten whenever the window is reopened or loses the keyboard focus:
the key-up of a key held at that moment goes elsewhere, and a button the game still
believed held would auto-repeat for ever (the window-scale setting once resized itself
in a loop that way).
"""

from __future__ import annotations

import logging
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware_sim.board import Board, BoardConfig, config_from_dict, make_board
from firmware_sim.buttons import Button, ButtonDriver

from ..save.errors import DamagedSave
from .font import font_for, pocket_font
from .input import ChordGate, FrameInput
from .scene import Scene, SceneStack
from .settings import KEY_MAPS, SETTINGS_KEY, Settings
from .sound import Sounds
from .text import TextCache

if TYPE_CHECKING:
    import numpy as np

    from firmware_sim.display import PanelConfig

    from ..engine.cardpool import CardPool

log = logging.getLogger(__name__)

WIDTH, HEIGHT = 240, 160
FPS = 60
FRAME_MS = 1000.0 / FPS
# A window keeps this much of the desktop's height for its title bar and a task bar.
WINDOW_ROOM_H = 40


def largest_window_scale(desktop: tuple[int, int]) -> int:
    """The largest whole scale of the 240x160 frame whose window fits ``desktop``."""
    return max(1, min(desktop[0] // WIDTH, (desktop[1] - WINDOW_ROOM_H) // HEIGHT))


def window_fits(size: tuple[int, int], desktop: tuple[int, int]) -> bool:
    return size[0] <= desktop[0] and size[1] + WINDOW_ROOM_H <= desktop[1]


class Handheld:
    def __init__(self, *, headless: bool = False, board: Board | None = None,
                 config: BoardConfig | None = None, data_dir: Path | str | None = None,
                 sound: bool | None = None, first_scene: type[Scene] | None = None,
                 seed: int | None = None, board_kind: str | None = None,
                 demo: bool = False) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        self.pygame = pygame
        self.headless = headless
        self.board = board or make_board("headless" if headless else board_kind,
                                         config or (config_from_dict({}) if headless else None),
                                         data_dir=data_dir)
        self.surface = pygame.Surface((WIDTH, HEIGHT))
        self._log_screen()
        self.text = TextCache(pocket_font())
        self.frame = 0
        # Seeds of new matches: fixed in tests and demos, else from the system's randomness.
        self.rng = random.Random(seed if seed is not None
                                 else random.SystemRandom().randrange(2**32))
        self.running = True
        self.shutdown_reason: str | None = None
        self.notices: list[str] = []  # messages for the player at the next chance
        self._frame_hooks: list[Callable[[], None]] = []  # services polled every frame
        self.chords = ChordGate()  # START and SELECT wait a moment for each other (menu)
        self._focused: bool | None = None  # the window's keyboard focus, last frame
        self._open_saves()
        damaged: list[str] = []
        self.settings = Settings.load(self.saves, self.profile, damaged)
        if damaged:
            self.notices.append("Some saved settings were damaged and are back to their "
                                "defaults: " + "; ".join(damaged[:3]) + ".")
        self.sounds = Sounds(self.settings.volume, enabled=sound if sound is not None
                             else not headless, later=True)
        self.apply_settings()
        self._large_font_on_1x()
        from ..discovery import default_discovery
        from .etools_service import CoinService, TimerService

        # Finding handhelds on the network for link duels (none headless: tests and CI
        # send nothing onto a network; a test gives its own).
        self.discovery = default_discovery(headless)
        self.coins = CoinService(self)
        self.timer = TimerService(self)
        self.scenes = SceneStack()
        self._pool: CardPool | None = None
        if first_scene is None and demo:
            from .scenes.demo import DemoScene

            first_scene = DemoScene
        elif first_scene is None:
            from .scenes.title import TitleScene

            first_scene = TitleScene
        self.scenes.push(first_scene(self))
        self.scenes.apply()

    def _log_screen(self) -> None:
        """What draws the screen, for a bug report: pygame-ce and SDL, the board, the
        display (a window, a panel, or headless) and SDL's video driver."""
        if not log.isEnabledFor(logging.INFO):
            return
        pg = self.pygame
        try:
            driver = pg.display.get_driver() if pg.display.get_init() else \
                os.environ.get("SDL_VIDEODRIVER", "not started")
        except pg.error:
            driver = "unknown"
        log.info("screen: pygame-ce %s, SDL %s, board %s, display %s, video driver %s%s",
                 pg.version.ver, ".".join(map(str, pg.get_sdl_version())),
                 getattr(self.board, "kind", "?"),
                 getattr(self.board.display, "kind", type(self.board.display).__name__),
                 driver, " (headless)" if self.headless else "")

    # ---------------------------------------------------------------- services

    def _open_saves(self) -> None:
        from ..save import open_saves

        opened = open_saves(self.board.storage)
        self.saves = opened.saves
        self.save_path = opened.path
        # A damaged save file: the title screen offers to set it aside and start fresh.
        self.damaged_saves = opened if opened.can_start_fresh else None
        if opened.problem:
            self.notices.append(opened.problem)
        self._pick_profile()

    def _pick_profile(self) -> None:
        profiles = self.saves.profiles()
        self.profile = profiles[0].id if profiles else self.saves.create_profile("Player").id

    def start_fresh(self) -> str:
        """The player chose to start fresh after a damaged save file: it is kept under a new
        name beside it, and what could be read goes into a new save file. The message to
        show."""
        from ..save import SaveError, start_fresh

        opened = self.damaged_saves
        if opened is None:
            return "There is no damaged save file to set aside."
        self.damaged_saves = None
        try:
            saves, kept = start_fresh(opened)
        except SaveError as exc:
            return f"Could not start fresh: {exc} The temporary saves stay in use."
        opened.saves.close()
        self.saves = saves
        self._pick_profile()
        return (f"The damaged save file is kept as {kept.name}. A new save file holds "
                "everything that could be read from it.")

    @property
    def pool(self) -> CardPool:
        """The card pool, loaded on first use (the title appears before it is ready)."""
        if self._pool is None:
            from ..cards import default_pool

            self._pool = default_pool()
        return self._pool

    def apply_settings(self) -> None:
        # Every screen draws through self.text: the new font shows from the next frame.
        self.text.set_font(font_for(self.settings.font))
        if hasattr(self, "sounds"):
            self.sounds.set_volume(self.settings.volume)
        keys = KEY_MAPS[self.settings.key_map]
        for source in getattr(self.board.input, "sources", [self.board.input]):
            if hasattr(source, "set_keys"):
                source.set_keys(keys)
        problem = self._apply_window_scale()
        if problem:
            self.notices.append(problem)

    def _large_font_on_1x(self) -> None:
        """A profile that never chose a font starts with the large one when the screen shows
        the frame at 1x (a small panel, or a 1x window): the small font is hard to read
        there. The player's own choice, once saved, always wins."""
        saved = self.saves.setting(self.profile, SETTINGS_KEY, None)
        if isinstance(saved, dict) and "font" in saved:
            return
        display = self.board.display
        layout = getattr(display, "layout", None)
        if getattr(display, "kind", "headless") != "headless" and layout is not None \
                and layout.scale == 1:
            self.settings.font = "large"
            self.text.set_font(font_for("large"))

    def _window_panel(self, scale: int) -> PanelConfig:
        """The window a panel scale asks for (0: the board's configured panel)."""
        from firmware_sim.display import PanelConfig

        return self.board.config.panel if scale == 0 else PanelConfig(WIDTH * scale,
                                                                      HEIGHT * scale)

    def desktop_size(self) -> tuple[int, int] | None:
        """The screen a desktop window must fit on (None: no window, or SDL cannot say)."""
        if getattr(self.board.display, "kind", "") != "window":
            return None
        try:
            sizes = self.pygame.display.get_desktop_sizes()
        except self.pygame.error:
            return None
        return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]

    def window_scale_problem(self, scale: int) -> str | None:
        """Why a window at ``scale`` cannot be shown on this screen, or None if it can."""
        desktop = self.desktop_size()
        panel = self._window_panel(scale)
        if desktop is None or window_fits((panel.width, panel.height), desktop):
            return None
        return (f"A {panel.width}x{panel.height} window does not fit this "
                f"{desktop[0]}x{desktop[1]} screen; the largest that fits is "
                f"{largest_window_scale(desktop)}x.")

    def set_window_scale(self, scale: int) -> str | None:
        """The player confirmed a window scale: apply and save it, or, when it cannot be
        shown here, change nothing and say why."""
        problem = self.window_scale_problem(scale)
        if problem is None:
            self.settings.panel_scale = scale
            self.save_settings()
        return problem

    def _apply_window_scale(self) -> str | None:
        """A desktop window takes the scale the player chose (auto: the configured panel);
        one too big for this screen falls back to the largest that fits (the saved choice
        stays, for a bigger screen). Returns what the player should be told, if anything."""
        from firmware_sim.display import PanelConfig, WindowDisplay

        display = self.board.display
        if getattr(display, "kind", "") != "window":
            return None
        panel = self._window_panel(self.settings.panel_scale)
        problem = self.window_scale_problem(self.settings.panel_scale)
        desktop = self.desktop_size()
        if problem is not None and desktop is not None:
            scale = largest_window_scale(desktop)
            panel = PanelConfig(WIDTH * scale, HEIGHT * scale)
            problem += f" The window is {scale}x."
        if (display.panel.width, display.panel.height) == (panel.width, panel.height):
            return problem
        try:
            # set_mode resizes the open window; pygame.display.quit() first would also
            # drop the key-ups still on their way.
            self.board.display = WindowDisplay(panel, display.backlight)
        except (self.pygame.error, ValueError) as exc:
            problem = (f"The window could not be resized to {panel.width}x{panel.height} "
                       f"({exc}).")
        self.release_buttons()
        return problem

    def release_buttons(self) -> None:
        """Forget every held button (the window was reopened or lost the focus): a key-up
        sent elsewhere must not leave a button auto-repeating."""
        self.board.buttons.driver = ButtonDriver(self.board.config.timing)
        self.chords.reset()

    def _watch_focus(self) -> None:
        """A desktop window that loses the keyboard focus releases every button."""
        if getattr(self.board.display, "kind", "") != "window":
            return
        focused = bool(self.pygame.key.get_focused())
        if self._focused and not focused:
            self.release_buttons()
        self._focused = focused

    def save_settings(self) -> None:
        self.settings.save(self.saves, self.profile)
        self.apply_settings()

    # ---------------------------------------------------------------- one frame

    def every_frame(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Call ``fn`` after every frame, whatever scene is on top and asleep or not (a
        link must keep talking to its friend); returns the function that stops it."""
        self._frame_hooks.append(fn)

        def stop() -> None:
            if fn in self._frame_hooks:
                self._frame_hooks.remove(fn)
        return stop

    def update(self) -> None:
        """One 1/60 s step of logic."""
        self._watch_focus()
        tick = self.board.tick()
        self.frame += 1
        if self.frame == 2:  # the first frame is on the screen: now the sounds
            self.sounds.load_pending()
        if tick.shutdown and self.shutdown_reason is None:
            self.shutdown(tick.shutdown)
            return
        for fn in list(self._frame_hooks):  # services: the timer, a link's heartbeat
            if self.running:
                fn()
        if tick.asleep:
            return  # the game clock is stopped: nothing moves
        for ev in tick.power:
            if ev.kind == "low":
                self.notices.append(f"The battery is low ({ev.state.percent:.0f}%). "
                                    "Charge it soon; the game saves itself if it runs out.")
        events = self.chords.filter(tick.buttons, self.board.buttons.held, self.frame)
        inp = FrameInput(events, self.board.buttons.held, self.frame)
        top = self.scenes.top
        if top is not None:
            top.frames += 1
            try:
                if inp.combo("menu"):
                    inp.consume_combo()
                    self.menu_combo(inp)
                top.update(inp)
            except DamagedSave as exc:
                self._saves_damaged(exc)
        self.scenes.apply()
        self._show_notice()
        if not self.scenes.scenes:
            self.running = False

    def menu_combo(self, inp: FrameInput) -> None:
        """START+SELECT held: in a match, the match menu over whatever is up (a setup
        prompt too); elsewhere -- the match menu's own screens included -- back one level,
        the way the screen on top goes back."""
        for scene in reversed(self.scenes.scenes):
            if scene.in_match_menu:
                break
            if scene.on_menu_combo(inp):
                return
        top = self.scenes.top
        if top is not None:
            top.back(inp)

    def _show_notice(self) -> None:
        """A message for the player (a low battery...) goes over whatever is on screen;
        the title screen shows its own before the menu."""
        top = self.scenes.top
        if not self.notices or top is None or top.name in ("TitleScene", "NoticeScene"):
            return
        from .scenes.common import NoticeScene

        self.scenes.push(NoticeScene(self, self.notices.pop(0)))
        self.scenes.apply()

    def draw(self) -> None:
        self.surface.fill((0, 0, 0))
        try:
            for scene in self.scenes.visible():
                scene.draw(self.surface)
        except DamagedSave as exc:
            self._saves_damaged(exc)

    def _saves_damaged(self, exc: DamagedSave) -> None:
        """The save file was damaged while the game ran (a screen's read failed): the same
        path as at start-up. The file is checked again and left as it is; the game goes on
        with what could be read, and the next start offers to start fresh."""
        from ..save import open_saves

        self.saves.close()
        opened = open_saves(self.board.storage)
        self.saves = opened.saves
        self.damaged_saves = opened if opened.can_start_fresh else None
        self.notices.append(opened.problem or f"The saves could not be read ({exc}).")
        self._pick_profile()

    def shutdown(self, reason: str) -> None:
        """Let every scene save what it must, then stop."""
        self.shutdown_reason = reason
        for scene in reversed(self.scenes.scenes):
            scene.on_shutdown(reason)
        self.running = False

    # ---------------------------------------------------------------- headless API

    def tick(self, frames: int = 1) -> None:
        for _ in range(frames):
            if not self.running:
                return
            self.update()
            self.draw()

    def press(self, button: Button | str, frames: int = 2) -> None:
        """Hold ``button`` for ``frames`` frames, then let go (and run one more frame)."""
        b = Button(button) if isinstance(button, str) else button
        sim = self.board.input
        if not hasattr(sim, "press"):
            raise RuntimeError("press() needs the headless board's simulated buttons")
        now = self.board.clock.now_ms()
        sim.press(b, now)
        sim.release(b, now + frames * FRAME_MS)
        self.tick(frames + 1)

    def script(self, text: str) -> None:
        """Schedule presses like ``"A@0-50, DOWN@100-150"`` (ms from now), without ticking."""
        self.board.input.script(text, self.board.clock.now_ms())

    @property
    def screen(self) -> np.ndarray:
        """The 240x160 screen as a 160x240x3 array (rows, columns, RGB)."""
        return self.pygame.surfarray.array3d(self.surface).swapaxes(0, 1)

    def screenshot(self, path: Path | str) -> None:
        self.pygame.image.save(self.surface, str(path))

    # ---------------------------------------------------------------- the real loop

    def run(self, max_frames: int | None = None) -> str | None:
        """Run at 60 Hz on the board's clock until the scenes end or the board shuts down;
        returns the shutdown reason, if any."""
        clock = self.board.clock
        next_t = clock.now_ms()
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            now = clock.now_ms()
            if now < next_t:
                time.sleep(min(0.005, (next_t - now) / 1000.0))
                continue
            steps = 0
            while now >= next_t and steps < 4 and self.running:
                self.update()
                next_t += FRAME_MS
                steps += 1
                frames += 1
            if steps == 4:
                next_t = now + FRAME_MS  # far behind (a stall): skip rather than spiral
            self.draw()
            self.board.present(self.surface)
        return self.shutdown_reason

    def close(self) -> None:
        """Close the saves and the board; a shutdown request powers the handheld off."""
        self.saves.close()
        if self.shutdown_reason is not None:
            self.board.power_off()
        else:
            self.board.close()

    def window_screenshot(self, path: Path | str) -> str:
        """Save what the window (or panel) shows right now; returns SDL's video driver."""
        pg = self.pygame
        window = pg.display.get_surface() if pg.display.get_init() else None
        if window is None:
            raise RuntimeError("there is no window to capture (headless board)")
        pg.image.save(window, str(path))
        return pg.display.get_driver()

    # ---------------------------------------------------------------- helpers for scenes

    def new_seed(self) -> int:
        return self.rng.randrange(1, 2**31)

    def play(self, sound: str) -> None:
        self.sounds.play(sound)

    def notice(self) -> str | None:
        return self.notices.pop(0) if self.notices else None

    def describe(self) -> dict[str, Any]:
        top = self.scenes.top
        return {"frame": self.frame, "scene": top.name if top else None,
                "scenes": [s.name for s in self.scenes.scenes]}
