"""Records: the player's line against each opponent, then every match, newest first (from
the match history; ``handheld/records.py``). SELECT on the main menu opens it; UP/DOWN
scroll, LEFT/RIGHT switch between the two pages, B goes back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware_sim.buttons import Button

from ...records import match_line, records
from ..palette import INK, MUTED, PAPER
from ..scene import Scene
from ..text import fit
from ..widgets import window
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

ROWS = 12  # lines a page shows
HISTORY_LIMIT = 500  # the newest matches read (the records count these)


class RecordsScene(Scene):
    PAGES = ("By opponent", "Matches")

    def __init__(self, app: Handheld) -> None:
        super().__init__(app)
        # (a damaged save raises here and takes the app's own path: checked, kept, told)
        player = app.saves.profile(app.profile).name
        history = app.saves.match_history(app.profile, limit=HISTORY_LIMIT)
        self.by_opponent = [f"{r.opponent}: {r.wins} won, {r.losses} lost"
                            + (f", {r.draws} drawn" if r.draws else "")
                            for r in records(history, player)]
        self.matches = [match_line(m, player) for m in history]
        self.page = 0
        self.top = 0

    @property
    def lines(self) -> list[str]:
        return self.by_opponent if self.page == 0 else self.matches

    def update(self, inp: FrameInput) -> None:
        dx, dy = inp.nav()
        if dx:
            inp.consume(Button.LEFT, Button.RIGHT)
            self.page = (self.page + dx) % len(self.PAGES)
            self.top = 0
            self.app.play("cursor")
        elif dy:
            inp.consume(Button.UP, Button.DOWN)
            most = max(0, len(self.lines) - ROWS)
            self.top = max(0, min(most, self.top + dy))
        if inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        t = app.text
        surface.fill(PAPER)
        title_bar(app, surface, f"Records: < {self.PAGES[self.page]} >",
                  f"{len(self.matches)} matches")
        window(surface, 4, 16, 232, ROWS * 10 + 8)
        lines = self.lines
        if not lines:
            t.draw(surface, "No match played yet.", 10, 22, MUTED)
        for i, line in enumerate(lines[self.top:self.top + ROWS]):
            t.draw(surface, fit(t.font, line, 220), 10, 21 + i * 10, INK)
        hint_line(app, surface, "UP/DOWN: scroll  LEFT/RIGHT: page  B: back")
