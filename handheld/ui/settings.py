"""The player's settings: text speed, animations, sound volume, key map, panel scale,
which cards the deck builder offers, and the font (small, or large for 1x panels).

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
FONT_SIZES = ("small", "large")  # Pocket 5, or Pocket 7 (easier to read on a 1x panel)
SETTINGS_KEY = "settings"


@dataclass
class Settings:
    text_speed: str = "normal"
    animations: bool = True
    volume: int = 6
    key_map: str = "arrows"
    panel_scale: int = 0
    deck_cards: str = "all"  # what the deck builder offers: every card, or those owned
    font: str = "small"  # the text's font: see FONT_SIZES

    @property
    def letters_per_frame(self) -> float:
        """0 means all at once."""
        return TEXT_SPEEDS[self.text_speed]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, problems: list[str] | None = None) -> Settings:
        """Settings from what the saves hold; a value of the wrong type or out of range (a
        list for ``text_speed``, a dict for ``key_map``...) is its default, and is named in
        ``problems`` if given. Unknown keys (a newer game's) are left alone."""
        out = cls()
        if data is None:
            return out
        if not isinstance(data, dict):
            if problems is not None:
                problems.append(f"the settings are a {type(data).__name__}, not a set of "
                                "values: all are back to their defaults")
            return out

        def one_of(choices: Any) -> Any:
            # isinstance first: a list or dict read from a damaged file is unhashable.
            return lambda v: isinstance(v, (str, int)) and not isinstance(v, bool) \
                and v in choices
        valid = {
            "text_speed": one_of(TEXT_SPEEDS),
            "animations": lambda v: isinstance(v, bool),
            "volume": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10,
            "key_map": one_of(KEY_MAPS),
            "panel_scale": one_of(PANEL_SCALES),
            "deck_cards": one_of(DECK_CARDS),
            "font": one_of(FONT_SIZES),
        }
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if valid[f.name](value):
                setattr(out, f.name, value)
            elif problems is not None:
                problems.append(f"the setting {f.name} held {_shown(value)}; it is back to "
                                f"{getattr(out, f.name)!r}")
        return out

    @classmethod
    def load(cls, saves: Any, profile: int, problems: list[str] | None = None) -> Settings:
        return cls.from_dict(saves.setting(profile, SETTINGS_KEY, None), problems)

    def save(self, saves: Any, profile: int) -> None:
        saves.set_setting(profile, SETTINGS_KEY, self.to_dict())


def _shown(value: Any) -> str:
    """A stored value named in a message: its type and a bounded glimpse of it."""
    text = ascii(value)
    return f"{type(value).__name__} {text[:30]}{'...' if len(text) > 30 else ''}"
