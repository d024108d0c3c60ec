"""Settings: the player's name, text speed, animations, sound volume, key map, panel scale,
font, deck cards. A on the name opens the keyboard (the name the duels and the link show).
LEFT/RIGHT (or A) change the value under the cursor; every change is saved at once --
except the window scale. LEFT/RIGHT only pick a scale there, and A applies it: resizing
the window under a held key must never feed the key back into the setting, and a scale
too big for the screen is refused with a reason instead of being saved."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...save import DuplicateProfileName, SaveError
from ..palette import INK, MUTED, PAPER, POWER_RED
from ..scene import Scene
from ..settings import DECK_CARDS, FONT_SIZES, KEY_MAPS, PANEL_SCALES, TEXT_SPEEDS
from ..text import fit, wrap
from ..widgets import Menu, MenuItem, window
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..input import FrameInput

ROWS = ("text_speed", "animations", "volume", "key_map", "panel_scale", "font", "deck_cards",
        "name")
# The profile's name (kept by the save, not a setting): as long as the board's name line
# shows whole.
NAME_MAX = 12
LABELS = {"name": "Your name", "text_speed": "Text speed", "animations": "Animations",
          "volume": "Sound volume",
          "key_map": "Keyboard keys", "panel_scale": "Window scale", "font": "Font",
          "deck_cards": "Deck cards"}
HINTS = {
    "name": "Shown in duels and to a linked handheld. A: type it.",
    "text_speed": "How fast messages type themselves.",
    "animations": "Coin spins, damage and Knock Out effects.",
    "volume": "0 is silent.",
    "key_map": "arrows: arrows, X, Z, A, S. wasd: WASD, K, J, Q, E.",
    "panel_scale": "Desktop window size; auto fits the panel. A: apply.",
    "font": "large is easier to read on a small 1x panel.",
    "deck_cards": "all: any card. owned: cards you own, and basic Energy.",
}


HINT_Y = 121  # below the menu's eight rows


def _choices(name: str) -> list[object]:
    choices: dict[str, list[object]] = {
        "text_speed": list(TEXT_SPEEDS), "animations": [True, False],
        "volume": list(range(11)), "key_map": list(KEY_MAPS),
        "panel_scale": list(PANEL_SCALES), "font": list(FONT_SIZES),
        "deck_cards": list(DECK_CARDS)}
    return choices[name]


def _shown(name: str, value: object) -> str:
    if name == "animations":
        return "on" if value else "off"
    if name == "panel_scale":
        return "auto" if value == 0 else f"{value}x"
    return str(value)


class SettingsScene(Scene):
    def enter(self) -> None:
        self.menu = Menu([MenuItem(LABELS[n], True, n, HINTS[n]) for n in ROWS], rows=8)
        self.scale: int | None = None  # a window scale picked, not applied yet
        self.problem = ""  # why the last scale could not be applied

    def update(self, inp: FrameInput) -> None:
        dx, _ = inp.nav()
        name = self.menu.selected.value if self.menu.selected else None
        if dx and name and name != "name":
            inp.consume(Button.LEFT, Button.RIGHT)
            self.change(name, dx)
            return
        cursor = self.menu.cursor
        result = self.menu.update(inp, self.app.sounds)
        if self.menu.cursor != cursor:
            self.scale, self.problem = None, ""  # leaving the row drops an unapplied pick
        if result == "select" and name == "name":
            from ..keyboard import KeyboardScene

            self.push(KeyboardScene(self.app, "Your name", self.profile_name(),
                                    max_len=NAME_MAX))
        elif result == "select" and name == "panel_scale":
            self.apply_scale()
        elif result == "select" and name:
            self.change(name, 1)
        elif result == "cancel":
            self.close()

    def profile_name(self) -> str:
        try:
            return self.app.saves.profile(self.app.profile).name
        except SaveError:
            return ""

    def resume(self, result: Any = None) -> None:
        """Back from the keyboard: the name typed (None: cancelled)."""
        if not isinstance(result, str):
            return
        try:
            self.app.saves.rename_profile(self.app.profile, result)
        except DuplicateProfileName:
            self.problem = f"Another profile is called {result}."
            self.app.play("error")
        except SaveError as exc:
            self.problem = f"The name was not saved: {exc}"
            self.app.play("error")
        else:
            self.problem = ""

    def change(self, name: str, step: int) -> None:
        s = self.app.settings
        options = _choices(name)
        if name == "panel_scale":
            shown = self.scale if self.scale is not None else s.panel_scale
            self.scale = PANEL_SCALES[(PANEL_SCALES.index(shown) + step) % len(PANEL_SCALES)]
            self.problem = ""
            self.app.play("cursor")
            return
        current = options.index(getattr(s, name))
        setattr(s, name, options[(current + step) % len(options)])
        self.app.save_settings()
        self.app.play("cursor")

    def apply_scale(self) -> None:
        """A on the window scale: the picked scale, if this screen can show it."""
        scale = self.scale if self.scale is not None else self.app.settings.panel_scale
        problem = self.app.set_window_scale(scale)
        self.scale = None
        self.problem = problem or ""
        self.app.play("error" if problem else "confirm")

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, "Settings")
        font = app.text.font
        window(surface, 8, 22, 224, self.menu.height(font) + 8)
        self.menu.draw(surface, app.text, 11, 26, 218)
        # The values end left of the scroll marks when the menu scrolls (the large font).
        right = 222 - (8 if self.menu.page_rows < len(ROWS) else 0)
        for i, name in enumerate(ROWS):
            if not self.menu.shown(i):  # scrolled away (the large font shows fewer rows)
                continue
            y = self.menu.row_y(26, i) + 1
            if name == "name":
                value = self.profile_name()
                w = font.width(value)
                app.text.draw(surface, value, right - w, y, INK)
                continue
            value = _shown(name, getattr(app.settings, name))
            if name == "panel_scale" and self.scale is not None:
                value = _shown(name, self.scale) + "?"  # picked, A applies it
            text = f"< {value} >" if self.menu.cursor == i else value
            w = font.width(text)
            app.text.draw(surface, text, right - w, y, INK)
        item = self.menu.selected
        step = font.line_height + 1
        if self.problem:
            room = (150 - HINT_Y) // step  # lines above the hint line
            for j, line in enumerate(wrap(font, self.problem, 220)[:room]):
                app.text.draw(surface, line, 10, HINT_Y + j * step, POWER_RED)
        elif item:
            app.text.draw(surface, fit(font, item.hint, 220), 10, HINT_Y, MUTED)
        row = item.value if item is not None else None
        hint_line(app, surface, "LEFT/RIGHT: pick  A: apply  B: back"
                  if row == "panel_scale" else "A: type  B: back" if row == "name"
                  else "LEFT/RIGHT: change  B: back")
