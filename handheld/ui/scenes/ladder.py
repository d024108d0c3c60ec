"""The ladder: the roster's opponents of an era (handheld/roster.py) to climb, club by
club, to the champion.

:class:`LadderScene` lists the era's clubs with their members and master, then the
champion, each with a mark (beaten, open, locked) and the player's record against them,
read from the match history. LEFT/RIGHT (or L/R) change the era. A on an opponent that is
open (or beaten: a rematch) shows :class:`OpponentScene`, the opponent's card: name, rank,
level, style, blurb, deck and record; A there picks the player's deck (the duel setup's
deck list, ``DuelSetupScene(opponent=...)``) and starts the duel. After the duel, the
result screen comes back here, where the new result shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ..palette import BODY_GREEN, INK, MUTED, PAPER, SHADE
from ..scene import Scene
from ..text import wrap
from ..widgets import arrow, window
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ...roster import Ladder, Opponent, Record
    from ..app import Handheld
    from ..input import FrameInput

ROW = 9  # a ladder row's height
LEVEL_LABEL = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert"}


def rank_line(o: Opponent) -> str:
    """"Master, Kiln Street Club" and the like."""
    from ...engine.eras import ERAS
    from ...roster import CHAMPION, MASTER, ladder

    if o.rank == CHAMPION:
        return f"Champion, {ERAS[o.era].name}"
    club = next(c for c in ladder(o.era).clubs if c.id == o.club)
    return f"{'Master' if o.rank == MASTER else 'Member'}, {club.name}"


def record_line(r: Record | None) -> str:
    if r is None or not r.played:
        return "Not met yet"
    out = f"Won {r.wins}, lost {r.losses}"
    return out + (f", drawn {r.draws}" if r.draws else "")


def draw_mark(surface: pygame.Surface, state: str, x: int, y: int) -> None:
    """A row's mark: a filled green box (beaten), an open box (open), a padlock (locked)."""
    if state == "beaten":
        surface.fill(BODY_GREEN, (x, y, 6, 6))
        surface.fill(PAPER, (x + 1, y + 3, 1, 1))  # a small tick inside
        surface.fill(PAPER, (x + 2, y + 4, 1, 1))
        surface.fill(PAPER, (x + 3, y + 2, 1, 2))
        surface.fill(PAPER, (x + 4, y + 1, 1, 1))
    elif state == "open":
        surface.fill(INK, (x, y, 6, 6))
        surface.fill(PAPER, (x + 1, y + 1, 4, 4))
    else:
        surface.fill(MUTED, (x + 1, y, 4, 1))  # the shackle
        surface.fill(MUTED, (x + 1, y + 1, 1, 2))
        surface.fill(MUTED, (x + 4, y + 1, 1, 2))
        surface.fill(MUTED, (x, y + 3, 6, 4))  # the body


def why_locked(o: Opponent) -> str:
    from ...roster import CHAMPION, ladder

    ld = ladder(o.era)
    if o.rank == CHAMPION:
        return "Beat every club's master to face the champion."
    club = next(c for c in ld.clubs if c.id == o.club)
    names = " and ".join(m.name for m in club.members)
    return f"Beat {names} to face their master."


class LadderScene(Scene):
    def __init__(self, app: Handheld, era: str | None = None) -> None:
        super().__init__(app)
        from ...roster import LADDERS

        self.eras = list(LADDERS)
        self.era = era if era in LADDERS else self.eras[0]
        self.cursor = 0

    def enter(self) -> None:
        self._refresh()

    def resume(self, result: Any = None) -> None:
        self._refresh()

    def _refresh(self) -> None:
        from ...roster import beaten, ladder, records, status

        history = self.app.saves.match_history(self.app.profile)
        self.ladder: Ladder = ladder(self.era)
        self.opponents = self.ladder.opponents()
        self.records = records(history)
        done = beaten(history)
        self.states = [status(o, done) for o in self.opponents]
        self.cursor = min(self.cursor, len(self.opponents) - 1)

    @property
    def selected(self) -> Opponent:
        return self.opponents[self.cursor]

    def update(self, inp: FrameInput) -> None:
        dx, dy = inp.nav()
        if inp.pressed(Button.L) or inp.pressed(Button.R):
            dx = -1 if inp.pressed(Button.L) else 1
        if dx and len(self.eras) > 1:
            inp.consume(Button.LEFT, Button.RIGHT, Button.L, Button.R)
            self.era = self.eras[(self.eras.index(self.era) + dx) % len(self.eras)]
            self.cursor = 0
            self._refresh()
            self.app.play("cursor")
            return
        if dy:
            inp.consume(Button.UP, Button.DOWN)
            self.cursor = (self.cursor + dy) % len(self.opponents)
            self.app.play("cursor")
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            if self.states[self.cursor] == "locked":
                self.app.play("error")
                return
            self.app.play("confirm")
            self.push(OpponentScene(self.app, self.selected))
        elif inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.close()

    def _rows(self) -> list[tuple[str, int | None]]:
        """(text, opponent index or None for a heading), top to bottom."""
        rows: list[tuple[str, int | None]] = []
        i = 0
        for club in self.ladder.clubs:
            rows.append((club.name, None))
            for _ in (*club.members, club.master):
                rows.append(("", i))
                i += 1
        rows.append(("Champion", None))
        rows.append(("", i))
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        from ...engine.eras import ERAS

        app = self.app
        t = app.text
        surface.fill(PAPER)
        done = sum(1 for s in self.states if s == "beaten")
        title_bar(app, surface, f"Ladder: < {ERAS[self.era].name} >",
                  f"{done}/{len(self.opponents)} beaten")
        rows = self._rows()
        window(surface, 4, 16, 116, len(rows) * ROW + 6)
        y = 19
        for text, index in rows:
            if index is None:
                t.draw(surface, text, 8, y + 1, MUTED)
            else:
                o = self.opponents[index]
                state = self.states[index]
                if index == self.cursor:
                    surface.fill(SHADE, (7, y, 110, ROW))
                    arrow(surface, 8, y + 2)
                draw_mark(surface, state, 14, y + 1)
                t.draw(surface, o.name, 23, y + 1, MUTED if state == "locked" else INK)
                r = self.records.get(o.id)
                if r is not None and r.played:
                    score = f"{r.wins}-{r.losses}"
                    t.draw(surface, score, 114 - t.font.width(score), y + 1, MUTED)
            y += ROW
        self._draw_panel(surface)
        hint_line(app, surface, "A: challenge  UP/DOWN: opponent  LEFT/RIGHT: era  B: back")

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The selected opponent, at the right."""
        t = self.app.text
        o = self.selected
        state = self.states[self.cursor]
        window(surface, 124, 16, 112, 130)
        t.draw(surface, o.name, 129, 21, INK, 2)
        lines = [(rank_line(o), MUTED), (f"Level: {LEVEL_LABEL[o.level]}", INK),
                 (record_line(self.records.get(o.id)), INK)]
        y, step = 36, t.font.line_height  # 8 in the small font, more in the large
        for text, color in lines:
            for part in wrap(t.font, text, 102)[:2]:
                t.draw(surface, part, 129, y, color)
                y += step
        y += 3
        about = why_locked(o) if state == "locked" else o.blurb
        for part in wrap(t.font, about, 102)[:min(5, (136 - y) // step)]:  # above the status
            t.draw(surface, part, 129, y, MUTED if state == "locked" else INK)
            y += step
        status = {"beaten": "Beaten: A for a rematch.", "open": "A: challenge!",
                  "locked": "Locked."}[state]
        t.draw(surface, status, 129, 136, BODY_GREEN if state == "beaten" else INK)


class OpponentScene(Scene):
    """The opponent's card before the duel: who, how strong, how they play, what deck."""

    def __init__(self, app: Handheld, opponent: Opponent) -> None:
        super().__init__(app)
        self.opponent = opponent

    def enter(self) -> None:
        from ...roster import deck_about, deck_title, records

        self.record = records(self.app.saves.match_history(self.app.profile)).get(
            self.opponent.id)
        self.deck_title = deck_title(self.opponent)
        self.deck_about = deck_about(self.opponent)

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.A) or inp.pressed(Button.START):
            inp.consume(Button.A, Button.START)
            self.app.play("confirm")
            from .duel_setup import DuelSetupScene

            self.push(DuelSetupScene(self.app, opponent=self.opponent))
        elif inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        from ...engine.eras import ERAS

        app = self.app
        t = app.text
        o = self.opponent
        surface.fill(PAPER)
        title_bar(app, surface, "Challenge", ERAS[o.era].name)
        window(surface, 6, 17, 228, 129)
        t.draw(surface, o.name, 12, 22, INK, 2)
        right = f"Level: {LEVEL_LABEL[o.level]}"
        t.draw(surface, right, 228 - t.font.width(right), 22, INK)
        style = f"Style: {o.style.name}"
        t.draw(surface, style, 228 - t.font.width(style), 30, MUTED)
        t.draw(surface, rank_line(o), 12, 37, MUTED)
        y, step = 48, t.font.line_height  # 8 in the small font, more in the large
        for part in wrap(t.font, f'"{o.blurb}"', 214)[:2]:
            t.draw(surface, part, 12, y, INK)
            y += step
        from ...roster import play_style

        for part in wrap(t.font, play_style(o.style), 214)[:2]:
            t.draw(surface, part, 12, y, MUTED)
            y += step
        y += 4
        t.draw(surface, f"Deck: {self.deck_title}", 12, y, INK)
        y += step + 1
        for part in wrap(t.font, self.deck_about, 214)[:min(4, (134 - y) // step)]:
            t.draw(surface, part, 12, y, MUTED)  # above the record line
            y += step
        t.draw(surface, f"Your record: {record_line(self.record)}", 12, 134, INK)
        hint_line(app, surface, "A: choose your deck  B: back")
