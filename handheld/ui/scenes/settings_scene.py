"""Settings: text speed, animations, sound volume, key map, panel scale, deck cards.
LEFT/RIGHT (or A)
change the value under the cursor; every change is saved at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware_sim.buttons import Button

from ..palette import INK, MUTED, PAPER
from ..scene import Scene
from ..settings import DECK_CARDS, KEY_MAPS, PANEL_SCALES, TEXT_SPEEDS
from ..widgets import Menu, MenuItem, window
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..input import FrameInput

ROWS = ("text_speed", "animations", "volume", "key_map", "panel_scale", "deck_cards")
LABELS = {"text_speed": "Text speed", "animations": "Animations", "volume": "Sound volume",
          "key_map": "Keyboard keys", "panel_scale": "Window scale",
          "deck_cards": "Deck cards"}
HINTS = {
    "text_speed": "How fast messages type themselves.",
    "animations": "Coin spins, damage and Knock Out effects.",
    "volume": "0 is silent.",
    "key_map": "arrows: arrows, X, Z, A, S. wasd: WASD, K, J, Q, E.",
    "panel_scale": "Desktop window size; auto fits the panel.",
    "deck_cards": "all: any card. owned: only cards you scanned.",
}


def _choices(name: str) -> list[object]:
    return {"text_speed": list(TEXT_SPEEDS), "animations": [True, False],
            "volume": list(range(11)), "key_map": list(KEY_MAPS),
            "panel_scale": list(PANEL_SCALES), "deck_cards": list(DECK_CARDS)}[name]


def _shown(name: str, value: object) -> str:
    if name == "animations":
        return "on" if value else "off"
    if name == "panel_scale":
        return "auto" if value == 0 else f"{value}x"
    return str(value)


class SettingsScene(Scene):
    def enter(self) -> None:
        self.menu = Menu([MenuItem(LABELS[n], True, n, HINTS[n]) for n in ROWS], rows=6)

    def update(self, inp: FrameInput) -> None:
        dx, _ = inp.nav()
        name = self.menu.selected.value if self.menu.selected else None
        if dx and name:
            inp.consume(Button.LEFT, Button.RIGHT)
            self.change(name, dx)
            return
        result = self.menu.update(inp, self.app.sounds)
        if result == "select" and name:
            self.change(name, 1)
        elif result == "cancel":
            self.close()

    def change(self, name: str, step: int) -> None:
        s = self.app.settings
        options = _choices(name)
        current = options.index(getattr(s, name))
        setattr(s, name, options[(current + step) % len(options)])
        self.app.save_settings()
        self.app.play("cursor")

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, "Settings")
        window(surface, 8, 22, 224, self.menu.height() + 8)
        self.menu.draw(surface, app.text, 11, 26, 218)
        for i, name in enumerate(ROWS):
            value = _shown(name, getattr(app.settings, name))
            text = f"< {value} >" if self.menu.cursor == i else value
            w = app.text.font.width(text)
            app.text.draw(surface, text, 222 - w, 26 + i * 11 + 1, INK)
        item = self.menu.selected
        if item:
            app.text.draw(surface, item.hint, 10, 100, MUTED)
        hint_line(app, surface, "LEFT/RIGHT: change  B: back")
