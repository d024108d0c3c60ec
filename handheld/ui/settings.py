"""The player's settings: text speed, animations, sound volume, key map, panel scale, and
which cards the deck builder offers.

They are kept per profile in the saves (one JSON value). Reading is forgiving: a value
that is missing or not understood (an older or newer game wrote it) falls back to its
default instead of stopping the game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

TEXT_SPEEDS = {"slow": 0.5, "normal": 1.5, "fast": 4.0, "instant": 0.0}  # letters per frame
PANEL_SCALES = (0, 1, 2, 3, 4)  # 0: the largest that fits
# Desktop keyboard layouts (pygame key names -> buttons); the GPIO pins are wired.
KEY_MAPS: dict[str, dict[str, str]] = {
    "arrows": {"up": "UP", "down": "DOWN", "left": "LEFT", "right": "RIGHT", "x": "A",
               "z": "B", "a": "L", "s": "R", "return": "START", "backspace": "SELECT",
               "right shift": "SELECT", "p": "POWER"},
    "wasd": {"w": "UP", "s": "DOWN", "a": "LEFT", "d": "RIGHT", "k": "A", "j": "B",
             "q": "L", "e": "R", "return": "START", "tab": "SELECT", "p": "POWER"},
}
DECK_CARDS = ("all", "owned")  # the deck builder offers every card, or the collection's
SETTINGS_KEY = "settings"


@dataclass
class Settings:
    text_speed: str = "normal"
    animations: bool = True
    volume: int = 6
    key_map: str = "arrows"
    panel_scale: int = 0
    deck_cards: str = "all"  # what the deck builder offers: every card, or those owned

    @property
    def letters_per_frame(self) -> float:
        """0 means all at once."""
        return TEXT_SPEEDS[self.text_speed]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        out = cls()
        if not isinstance(data, dict):
            return out
        valid = {
            "text_speed": lambda v: v in TEXT_SPEEDS,
            "animations": lambda v: isinstance(v, bool),
            "volume": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10,
            "key_map": lambda v: v in KEY_MAPS,
            "panel_scale": lambda v: v in PANEL_SCALES and not isinstance(v, bool),
            "deck_cards": lambda v: v in DECK_CARDS,
        }
        for f in fields(cls):
            value = data.get(f.name)
            if f.name in data and valid[f.name](value):
                setattr(out, f.name, value)
        return out

    @classmethod
    def load(cls, saves: Any, profile: int) -> Settings:
        return cls.from_dict(saves.setting(profile, SETTINGS_KEY, None))

    def save(self, saves: Any, profile: int) -> None:
        saves.set_setting(profile, SETTINGS_KEY, self.to_dict())
