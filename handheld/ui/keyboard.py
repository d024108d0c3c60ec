"""An on-screen keyboard for typing a name with the D-pad (deck names, and later profiles).

The keys are a grid of 13 columns: capitals, small letters, digits and the punctuation the
pixel font draws, then SPACE, DEL and DONE, each two columns wide. The D-pad moves the
cursor (wrapping round the edges), A types the key under it, B deletes the last letter (or
cancels when there is nothing left to delete), START is DONE. The scene closes with the
typed text, trimmed, or with None when the player cancels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware_sim.buttons import Button

from .palette import INK, MUTED, PAPER, POWER_RED, SHADE, WHITE
from .scene import Scene
from .scenes.common import hint_line, title_bar
from .widgets import SELECT_FILL, window

if TYPE_CHECKING:
    import pygame

    from .app import Handheld
    from .input import FrameInput

SPACE, DELETE, DONE = "SPACE", "DEL", "DONE"
COLUMNS = 13
# Only characters the pixel font has; "[" and "]" are left out on purpose: in drawn text
# "[R]" becomes an Energy symbol, so a name holding them would not read back as typed.
ROWS: tuple[tuple[str, ...], ...] = (
    tuple("ABCDEFGHIJKLM"),
    tuple("NOPQRSTUVWXYZ"),
    tuple("abcdefghijklm"),
    tuple("nopqrstuvwxyz"),
    (*"0123456789", ".", ",", "-"),
    (*"'!?&()é", SPACE, SPACE, DELETE, DELETE, DONE, DONE),
)
CHARACTERS = frozenset(k for row in ROWS for k in row if len(k) == 1)
KEY_W, KEY_H = 17, 13
GRID_X, GRID_Y = (240 - COLUMNS * KEY_W) // 2, 60


def key_label(key: str) -> str:
    return {SPACE: "Space", DELETE: "Del", DONE: "Done"}.get(key, key)


class KeyboardScene(Scene):
    """Type up to ``max_len`` characters; ``close(text)`` on DONE, ``close(None)`` on cancel."""

    def __init__(self, app: Handheld, title: str, text: str = "", *, max_len: int = 24,
                 allow_empty: bool = False) -> None:
        super().__init__(app)
        if max_len < 1:
            raise ValueError(f"max_len must be at least 1, got {max_len}")
        self.title = title
        self.max_len = max_len
        self.allow_empty = allow_empty
        # A starting text with characters the keys cannot type stays as it is (the player
        # may keep it), but is cut to the length the keyboard allows.
        self.text = text[:max_len]
        self.row = 0
        self.col = 0
        self.message = ""

    # ---------------------------------------------------------------- the grid

    @property
    def key(self) -> str:
        return ROWS[self.row][self.col]

    @staticmethod
    def locate(key: str) -> tuple[int, int]:
        """The (row, column) of the first cell of ``key`` ("A", "é", SPACE, DONE ...)."""
        for r, row in enumerate(ROWS):
            if key in row:
                return r, row.index(key)
        raise KeyError(f"the keyboard has no key {key!r}")

    def move(self, dx: int, dy: int) -> None:
        if dy:
            self.row = (self.row + dy) % len(ROWS)
        if dx:
            # Step over the other cells of a wide key, then to the first cell of the next.
            row = ROWS[self.row]
            start = row[self.col]
            col = self.col
            while row[col] == start:
                col = (col + dx) % COLUMNS
            self.col = col
        # Always rest on the first cell of a wide key, so UP/DOWN from it is predictable.
        row = ROWS[self.row]
        while self.col > 0 and row[self.col - 1] == row[self.col]:
            self.col -= 1

    # ---------------------------------------------------------------- editing

    def type_key(self, key: str) -> None:
        if key == DELETE:
            self.backspace()
        elif key == DONE:
            self.finish()
        else:
            ch = " " if key == SPACE else key
            if len(self.text) >= self.max_len:
                self.refuse(f"A name has at most {self.max_len} characters.")
            elif ch == " " and (not self.text or self.text.endswith(" ")):
                # Leading and double spaces are trimmed by the saves anyway: say so now.
                self.refuse("No space here: at the start, or after another space.")
            else:
                self.text += ch
                self.message = ""
                self.app.play("cursor")

    def backspace(self) -> None:
        if self.text:
            self.text = self.text[:-1]
            self.message = ""
            self.app.play("back")

    def finish(self) -> None:
        text = self.text.strip()
        if not text and not self.allow_empty:
            self.refuse("Type a name first (B with nothing typed cancels).")
            return
        self.app.play("confirm")
        self.close(text)

    def cancel(self) -> None:
        self.app.play("back")
        self.close(None)

    def back(self, inp: FrameInput) -> None:
        """START+SELECT: stop typing (B here deletes a letter)."""
        inp.consume_all()
        self.cancel()

    def refuse(self, why: str) -> None:
        self.message = why
        self.app.play("error")

    # ---------------------------------------------------------------- frames

    def update(self, inp: FrameInput) -> None:
        dx, dy = inp.nav()
        if dx or dy:
            inp.consume(Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)
            self.move(dx, dy)
            self.app.play("cursor")
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            self.type_key(self.key)
        if inp.pressed(Button.B):
            inp.consume(Button.B)
            if self.text:
                self.backspace()
            else:
                self.cancel()
        if inp.pressed(Button.START):
            inp.consume(Button.START)
            self.finish()
        inp.consume(Button.SELECT, Button.L, Button.R)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, self.title, f"{len(self.text)}/{self.max_len}")
        window(surface, 8, 20, 224, 22, fill=WHITE)
        width = app.text.draw(surface, self.text, 14, 27, INK)
        if (self.frames // 20) % 2 == 0:  # a blinking caret after the last letter
            surface.fill(INK, (14 + width + (2 if self.text else 0), 26, 1, 9))
        if self.message:
            app.text.draw(surface, self.message, 10, 47, POWER_RED)
        for r, row in enumerate(ROWS):
            c = 0
            while c < COLUMNS:
                key = row[c]
                span = 1
                while c + span < COLUMNS and row[c + span] == key:
                    span += 1
                x, y = GRID_X + c * KEY_W, GRID_Y + r * KEY_H
                w = span * KEY_W - 1
                chosen = r == self.row and c == self.col
                surface.fill(INK if chosen else SHADE, (x, y, w, KEY_H - 1))
                surface.fill(SELECT_FILL if chosen else WHITE, (x + 1, y + 1, w - 2, KEY_H - 3))
                label = key_label(key)
                color = INK if len(key) == 1 or chosen else MUTED
                lw = app.text.font.width(label)
                app.text.draw(surface, label, x + (w - lw) // 2, y + 3, color)
                c += span
        hint_line(app, surface, "A: type  B: delete (cancel if empty)  START: done")
