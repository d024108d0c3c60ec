"""The first-duel tutorial: the lessons of ``handheld/tutorial.py`` played on the duel
board.

Each lesson is a duel against the computer that starts at the lesson's position. A window
at the top of the screen says what to do; the player makes the move with the same menus as
in any duel (A opens the actions). Another move is refused and the window says which one the
lesson wants. Once the move is made and the turn has played out to the computer's turn, the
window says what happened, and A goes on to the next lesson; after the last, a word on
winning, and A returns to the main menu. A tutorial duel is never saved, suspended or
counted in the match history; Suspend in the actions leaves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...engine import Choice
from ...session import MatchSession
from ...tutorial import FINALE, LESSONS
from ..palette import INK, MUTED
from ..text import draw_ops, line_ops, wrap
from ..widgets import window
from .duel import DuelScene

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

TUTORIAL = "tutorial"  # the duel mode
COACH_W = 228  # the coach window's text width
COACH_LINES = 4


class TutorialScene(DuelScene):
    """Lesson ``index`` of the tutorial (see the module docstring)."""

    def __init__(self, app: Handheld, index: int = 0) -> None:
        self.index = max(0, min(index, len(LESSONS) - 1))
        self.lesson = LESSONS[self.index]
        session = MatchSession.from_position(app.pool, self.lesson.position,
                                             ["human", "greedy"], seed=self.index + 1,
                                             era="expedition")
        try:
            me = app.saves.profile(app.profile).name
        except Exception:  # a damaged save: the lesson goes on without the name
            me = "Player"
        super().__init__(app, session, names=(me, "CPU"), mode=TUTORIAL,
                         deck_names=("", ""))
        self.moved = False  # the lesson's move is made
        self.coach = self.lesson.task
        self.finale = False  # after the last lesson: the word on winning

    # ---------------------------------------------------------------- the lesson

    def act(self, option_index: int | list[int]) -> None:
        """Only the lesson's move is taken in the main phase; the rest is refused with the
        lesson's hint. Other decisions (a Prize card, a coin) are the player's own."""
        ch = self.match.pending
        if not self.moved and isinstance(ch, Choice) and ch.kind == "main" \
                and isinstance(option_index, int):
            if not self.lesson.wants(self.match, ch.options[option_index]):
                self.coach = self.lesson.hint
                self.app.play("error")
                return
            self.moved = True
        super().act(option_index)

    @property
    def complete(self) -> bool:
        """The move is made, its messages are shown and what it asked is answered: the
        player is back in the main phase, or the turn has passed to the computer (or the
        match ended). Time for the lesson's explanation."""
        if not self.moved or self.current is not None or self.messages:
            return False
        waiting = self.session.waiting_for()
        if waiting in ("computer", "over"):
            return True
        pending = self.match.pending
        return waiting == "human" and isinstance(pending, Choice) and pending.kind == "main"

    def update(self, inp: FrameInput) -> None:
        if self.finale or self.complete:
            self._collect_events()
            if inp.pressed(Button.A) or inp.pressed(Button.START):
                inp.consume(Button.A, Button.START)
                self.app.play("confirm")
                self.next_lesson()
            return
        super().update(inp)

    def next_lesson(self) -> None:
        if self.finale:
            from .main_menu import MainMenuScene

            self.app.scenes.reset(MainMenuScene(self.app))
        elif self.index + 1 < len(LESSONS):
            self.app.scenes.replace(TutorialScene(self.app, self.index + 1))
        else:
            self.finale = True

    # ---------------------------------------------------------------- never kept

    def suspend(self) -> None:
        """A lesson is never saved: leaving it only leaves."""

    def _finish(self) -> None:
        # A lesson's match never goes into the history. One that ends before its move
        # (forfeited from the match menu) leaves the tutorial.
        self.finished = True
        if not self.moved:
            from .main_menu import MainMenuScene

            self.app.scenes.reset(MainMenuScene(self.app))

    # ---------------------------------------------------------------- drawing

    def coach_text(self) -> tuple[str, str]:
        """The coach window's heading and text now."""
        if self.finale:
            return "Well done!", FINALE + " (A: main menu)"
        head = f"Lesson {self.index + 1}/{len(LESSONS)}: {self.lesson.title}"
        if self.complete:
            more = "next lesson" if self.index + 1 < len(LESSONS) else "go on"
            return head, f"{self.lesson.after} (A: {more})"
        return head, self.coach

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        head, text = self.coach_text()
        t = self.app.text
        lines = wrap(t.font, text, COACH_W)[:COACH_LINES if not self.finale else 12]
        step = t.font.line_height  # 8 in the small font
        window(surface, 2, 1, 236, 8 + step * (len(lines) + 1))
        t.draw(surface, head, 6, 4, MUTED)
        for i, line in enumerate(lines):
            draw_ops(surface, line_ops(t.font, line, 6, 5 + step + i * step, INK), t)

    def progress(self) -> dict[str, Any]:
        """For tests and the soak: which lesson, and where it stands."""
        return {"lesson": self.lesson.key, "moved": self.moved, "complete": self.complete,
                "finale": self.finale}
