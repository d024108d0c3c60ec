"""The rules of Legend Pieces on the handheld: short pages in our own words (the full rules
and the reasons for our choices are docs/PIECES.md).

:data:`RULE_PAGES` is data: a title and a few short paragraphs per page. LEFT/RIGHT (or
L/R) turn the pages, UP/DOWN scroll a long one, B closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware_sim.buttons import Button

from ..palette import INK, MUTED, PAPER, SHADE
from ..scene import Scene
from ..scroll_text import LINE_PITCH, ScrollText, wrap_lines
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

RULE_PAGES: tuple[tuple[str, str], ...] = (
    ("The goal",
     "Two armies of Pokémon pieces face each other on a board of 5 by 6 squares. Gold "
     "starts on the bottom two rows, Silver on the top two.\n"
     "Beat the other side's Togepi twice (once to turn it over, once more on its reverse "
     "side) and you win. A player who can do nothing on their turn loses too."),
    ("Pieces",
     "Each piece shows a power and arrows. Losing a battle turns it over to its reverse "
     "side: another power, sometimes other arrows. Magikarp turns into Gyarados; Togepi "
     "and Ho-Oh get stronger.\n"
     "Tamago piles are eggs: they never move and never start a battle."),
    ("Arrows",
     "Arrows point from the owner's side: Silver's point the other way on the screen.\n"
     "A single mark: move 1 square that way. A double mark: 1 or 2 squares in a straight "
     "line, never over a piece. Pieces move onto empty squares only.\n"
     "A piece may battle an enemy on the very next square in one of its arrow directions."),
    ("Your turn",
     "A coin decides who starts. On your turn do exactly one thing, and never pass:\n"
     "- Move a piece. If it now stands next to an enemy it points at, you may battle "
     "from there or stay.\n"
     "- Battle with a piece without moving.\n"
     "- Summon a Legend Piece."),
    ("Battles",
     "If the attacker is not already stronger than the defender, draw a Plus Power card "
     "and add its number.\n"
     "The attacker must be stronger to win: a tie goes to the defender. The loser is "
     "turned over. Nobody moves after a battle.\n"
     "A Tamago pile loses straight away: its top egg goes to the Cost Area."),
    ("Losing twice",
     "A piece beaten on its reverse side can fight no more. A normal piece goes to its "
     "owner's Cost Area and never comes back. A Legend Piece is put beside the board, out "
     "of the game. Togepi beaten on its reverse side loses its owner the game."),
    ("Plus Power",
     "Eight cards, +0 to +70. A drawn card goes to the Plus Power Area, shown face up, and cannot "
     "be drawn again.\n"
     "When someone draws the +70, every face-up card goes back face down after that "
     "battle, and the deck starts again."),
    ("Legend Pieces",
     "Each side has two Legend Pieces beside the board. Gold: Ho-Oh (cost 4) and Entei "
     "(cost 2). Silver: Lugia (cost 4) and Suicune (cost 2).\n"
     "Summon one onto any empty square when your Cost Area holds its cost: that many "
     "pieces are used up. That is your whole turn; the Legend acts from your next turn.\n"
     "A Legend may take on every enemy next to it in its arrow directions at once: one "
     "card at most is drawn, and it loses once if any of them beats it."),
    ("The end",
     "You win when the other Togepi is beaten on its reverse side, or when the other side "
     "can neither move, battle nor summon.\n"
     "Sixty turns in a row without a battle or a summon end the game in a draw."),
    ("On the handheld",
     "D-pad: move the cursor. A: pick a piece, then a green square to move or a ringed "
     "piece to battle. B: put it back.\n"
     "SELECT: summon. START: the menu (summon, e-Tools, rules, suspend, forfeit).\n"
     "The panels show each side's Cost Area and Legends, and the Plus Power cards."),
)


class PiecesRulesScene(Scene):
    """The rules, a page at a time."""

    BODY_Y = 30
    ROWS = (146 - BODY_Y) // LINE_PITCH

    def __init__(self, app: Handheld, page: int = 0) -> None:
        super().__init__(app)
        self.page = max(0, min(page, len(RULE_PAGES) - 1))
        self._layout()

    def _layout(self) -> None:
        _, body = RULE_PAGES[self.page]
        self.text = ScrollText(wrap_lines(self.app.text.font, body, 226), self.ROWS)

    def update(self, inp: FrameInput) -> None:
        step = 0
        for buttons, delta in (((Button.LEFT, Button.L), -1), ((Button.RIGHT, Button.R), 1)):
            if any(inp.repeated(b) for b in buttons):
                inp.consume(*buttons)
                step = delta
        if step:
            page = max(0, min(len(RULE_PAGES) - 1, self.page + step))
            if page != self.page:
                self.page = page
                self._layout()
                self.app.play("cursor")
        self.text.update(inp, self.app.sounds)
        if inp.pressed(Button.B) or inp.pressed(Button.A):
            inp.consume(Button.A, Button.B)
            self.app.play("back")
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, "Legend Pieces: rules", f"{self.page + 1}/{len(RULE_PAGES)}")
        title, _ = RULE_PAGES[self.page]
        app.text.draw(surface, title, 6, 16, INK)
        surface.fill(SHADE, (4, 16 + app.text.font.line_height + 2, 232, 1))
        self.text.draw(surface, app.text, 6, self.BODY_Y, 232)
        pages = "LEFT/RIGHT: pages  " if len(RULE_PAGES) > 1 else ""
        scroll = "UP/DOWN: scroll  " if self.text.scrolls else ""
        hint_line(app, surface, f"{pages}{scroll}B: back")
        if self.page + 1 < len(RULE_PAGES):
            app.text.draw(surface, "more >", 236 - app.text.font.width("more >"), 16, MUTED)
