"""The Legend Pieces board's overlays: the first player's coin, passing the handheld, the
"battle or stay" choice after a move, a Legend's defenders, the summon menu, the match menu
(START) and the end screen.

Each answers the game through :meth:`PiecesScene.play` with one of the options the engine
offered, so nothing here can make an illegal move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...kernel import Choice
from ...pieces import describe_option
from ...pieces.notation import SEATS
from ..palette import INK, MUTED, SHADE, WHITE
from ..scene import Scene
from ..text import fit, wrap
from ..widgets import Menu, MenuItem, window
from .common import ConfirmScene, MenuOverlay

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput
    from .pieces_board import PiecesScene


class PiecesCoinScene(Scene):
    """The coin that decides who moves first: heads, Gold."""

    transparent = True
    SPIN = 42

    def __init__(self, app: Handheld, board: PiecesScene, heads: bool) -> None:
        super().__init__(app)
        self.board = board
        self.heads = heads

    def enter(self) -> None:
        self.app.play("coin")

    def update(self, inp: FrameInput) -> None:
        skip = inp.pressed(Button.A) or inp.pressed(Button.B)
        inp.consume(Button.A, Button.B, Button.START, Button.SELECT)
        if self.frames >= self.SPIN + 36 or (skip and self.frames > 6):
            self.board.resolve(self.heads)
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        from .etools import draw_coin

        window(surface, 60, 30, 120, 84, fill=WHITE)
        t = self.app.text
        caption = "Heads: Gold first"
        t.draw(surface, caption, 120 - t.font.width(caption) // 2, 35, MUTED)
        spinning = self.frames < self.SPIN
        draw_coin(surface, 120, 70, 20, self.frames if spinning else None, self.heads)
        if not spinning:
            who = SEATS[0 if self.heads else 1]
            msg = f"{'Heads' if self.heads else 'Tails'}: {who} moves first."
            t.draw(surface, msg, 120 - t.font.width(msg) // 2, 100, INK)


class PiecesPassScene(Scene):
    """Hot seat: whose turn it is, and the handheld passes to them."""

    def __init__(self, app: Handheld, name: str, side: str) -> None:
        super().__init__(app)
        self.player = name
        self.side = side

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.A) or inp.pressed(Button.START):
            inp.consume(Button.A, Button.START)
            self.app.play("confirm")
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((40, 44, 70))
        t = self.app.text
        title = f"{self.side}'s turn"
        t.draw(surface, title, (240 - t.font.width(title) * 2) // 2, 40, WHITE, 2)
        for i, line in enumerate((f"Pass the handheld to {self.player}.", "",
                                  f"{self.player}: press A when ready.")):
            t.draw(surface, line, (240 - t.font.width(line)) // 2, 72 + i * 12, WHITE)


class BoardOverlay(Scene):
    """A list at the bottom of the screen, the board drawn above it with the squares it is
    about ringed."""

    transparent = False

    def __init__(self, app: Handheld, board: PiecesScene, choice: Choice) -> None:
        super().__init__(app)
        self.board = board
        self.ch = choice

    def still_pending(self) -> bool:
        if self.board.state.pending is not self.ch:
            self.close()
            return False
        return True

    def done(self, answer: int | list[int]) -> None:
        self.board.play(answer)
        self.app.scenes.pop_to(self.board)

    def square_of(self, index: int) -> str | None:
        opt = self.ch.options[index]
        if opt[0] == "battle" and len(opt) == 3:
            return str(opt[2])
        if opt[0] == "piece":
            return str(opt[1])
        return None

    def draw_list(self, surface: pygame.Surface, menu: Menu, title: str, hint: str) -> None:
        t = self.app.text
        h = menu.height(self.app.text.font) + 20
        top = 142 - h
        window(surface, 62, top, 116, h, fill=WHITE)
        t.draw(surface, fit(t.font, title, 108), 67, top + 4, INK)
        menu.draw(surface, t, 65, top + 14, 110)
        surface.fill(WHITE, (0, 144, 240, 16))
        surface.fill(INK, (0, 144, 240, 1))
        t.draw(surface, hint, 3, 148, MUTED)


class AfterMoveScene(BoardOverlay):
    """The piece that moved has an enemy beside it: battle one, or stay (the turn ends)."""

    def __init__(self, app: Handheld, board: PiecesScene, choice: Choice) -> None:
        super().__init__(app, board, choice)
        m = board.state
        self.menu = Menu([MenuItem("Stay" if o[0] == "stay" else _battle_label(m, o), True, i)
                          for i, o in enumerate(choice.options)], rows=5, cancel=False)

    def update(self, inp: FrameInput) -> None:
        if not self.still_pending():
            return
        if inp.pressed(Button.START):
            inp.consume(Button.START)
            self.board.open_match_menu()
            return
        if self.menu.update(inp, self.app.sounds) == "select" and self.menu.selected:
            self.done(self.menu.selected.value)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.board.state
        targets = {sq for i in range(len(self.ch.options))
                   if (sq := self.square_of(i)) is not None}
        for opt in self.ch.options:
            if opt[0] == "battle" and len(opt) == 2:  # a Legend: everyone it may take on
                targets |= {m.place[t] for t in m.targets(m.top(opt[1]))}
        self.board.draw_board(surface, targets=targets,
                              cursor=self.square_of(self.menu.cursor) or "")
        self.board.draw_panels(surface)
        self.draw_list(surface, self.menu, "Battle from here?", "A: choose  START: menu")


class DefendersScene(BoardOverlay):
    """A Legend Piece beside several enemies: mark the ones it takes on (A toggles), then
    "Battle!" confirms."""

    def __init__(self, app: Handheld, board: PiecesScene, choice: Choice) -> None:
        super().__init__(app, board, choice)
        self.marked: set[int] = set(range(len(choice.options)))  # all of them, to start
        self.menu = Menu([], rows=5, cancel=False)
        self._items()

    def _items(self) -> None:
        m = self.board.state
        items = [MenuItem(("[x] " if i in self.marked else "[ ] ") +
                          describe_option(m, o), True, i)
                 for i, o in enumerate(self.ch.options)]
        ok = self.ch.min <= len(self.marked) <= self.ch.max
        items.append(MenuItem("Battle!", ok, "go",
                              "" if ok else f"Mark at least {self.ch.min}."))
        cursor = self.menu.cursor
        self.menu.set_items(items)
        self.menu.cursor = min(cursor, len(items) - 1)

    def update(self, inp: FrameInput) -> None:
        if not self.still_pending():
            return
        if inp.pressed(Button.START):
            inp.consume(Button.START)
            self.board.open_match_menu()
            return
        if self.menu.update(inp, self.app.sounds) != "select" or self.menu.selected is None:
            return
        value = self.menu.selected.value
        if value == "go":
            self.done(sorted(self.marked))
            return
        self.marked ^= {value}
        self._items()

    def draw(self, surface: pygame.Surface) -> None:
        squares = [self.square_of(i) for i in range(len(self.ch.options))]
        value = self.menu.selected.value if self.menu.selected else None
        self.board.draw_board(surface, targets={s for s in squares if s},
                              marked={squares[i] or "" for i in self.marked},
                              cursor=squares[value] or "" if isinstance(value, int) else "")
        self.board.draw_panels(surface)
        self.draw_list(surface, self.menu, "Take on which pieces?",
                       "A: mark / unmark, then Battle!")


def _battle_label(m: Any, opt: tuple[Any, ...]) -> str:
    if len(opt) == 2:  # a Legend Piece: its defenders are picked next
        return f"Battle with {m.name(m.top(opt[1]))}"
    target = m.top(opt[2])
    return f"Battle {m.name(target)} {opt[2]} ({m.power(target)})" if \
        m.rows[target].kind != "tamago" else f"Battle Tamago {opt[2]}"


class SummonScene(MenuOverlay):
    """The Legend Pieces waiting beside the board with their costs; one the Cost Area
    cannot pay for is greyed out and refused. Closes with the chosen Legend's notation name
    (its square is picked on the board next)."""

    def __init__(self, app: Handheld, board: PiecesScene) -> None:
        m = board.state
        seat = m.current
        have = len(m.cost_area(seat))
        summons = board.turn_options()["summons"]
        items = []
        for pid in range(len(m.rows)):
            row = m.rows[pid]
            if m.owner[pid] != seat or row.kind != "legend" or m.place[pid] != "reserve":
                continue
            ok = row.slug in summons
            hint = (f"Summon {row.name}: {row.cost} pieces from your Cost Area." if ok else
                    f"{row.name} needs {row.cost} pieces in the Cost Area; you have {have}.")
            items.append(MenuItem(f"{row.name}  cost {row.cost}", ok, row.slug, hint))
        if not items:
            items.append(MenuItem("No Legend Piece waits", False, None,
                                  "Both Legend Pieces have been summoned."))
        super().__init__(app, f"Summon ({have} in Cost Area)", items)
        self.board = board

    def chosen(self, value: Any) -> None:
        self.close(None)
        if isinstance(value, str):
            self.board.start_summon(value)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        h = self.menu.height(t.font) + 22
        x, y, w = 64, 30, 112
        window(surface, x, y, w, h, fill=WHITE)
        t.draw(surface, fit(t.font, self.title, w - 12), x + 6, y + 5, MUTED)
        self.menu.draw(surface, t, x + 3, y + 16, w - 6)
        # The selected Legend's hint in the board's own bottom strip, over its prompt.
        surface.fill(WHITE, (0, 145, 240, 15))
        item = self.menu.selected
        hint = item.hint if item is not None else ""
        lines = wrap(t.font, hint, 234)
        if 146 + 7 + t.font.glyph_height > 160:  # room for one line of the large font
            lines = [fit(t.font, hint, 234)]
        for i, line in enumerate(lines[:2]):
            t.draw(surface, line, 3, 146 + i * 7, INK)


class PiecesMatchMenu(MenuOverlay):
    """START on the board (or START+SELECT anywhere in the game): Resume, Summon, e-Tools,
    Rules, Suspend, Forfeit."""

    in_match_menu = True

    def __init__(self, app: Handheld, board: PiecesScene) -> None:
        linked = board.linked
        my_turn = board.local_turn() or (board.choice is not None and
                                         board.seats[board.choice.player] == "local" and
                                         board.choice.kind == "turn")
        items = [MenuItem("Resume", True, "resume", "Back to the board."),
                 MenuItem("Summon", my_turn, "summon",
                          "Bring a Legend Piece onto the board." if my_turn else
                          "Summon on your own turn."),
                 MenuItem("e-Tools", True, "etools", "Coin flipper and battle timer."),
                 MenuItem("Rules", True, "rules", "How Legend Pieces is played."),
                 MenuItem("Suspend", not linked, "suspend",
                          "Put the game aside; Continue resumes it." if not linked else
                          "A game over the link cannot be put aside."),
                 MenuItem("Forfeit", True, "forfeit",
                          f"{board.names[1 - board.holder()]} wins the game.")]
        super().__init__(app, "Legend Pieces", items)
        self.board = board
        self.asking: str | None = None

    def chosen(self, value: Any) -> None:
        board = self.board
        if value == "resume":
            self.close(None)
        elif value == "summon":
            self.close(None)
            board.open_summon_menu()
        elif value == "etools":
            from .etools import EToolsMenuScene

            self.push(EToolsMenuScene(self.app))
        elif value == "rules":
            from .pieces_rules import PiecesRulesScene

            self.push(PiecesRulesScene(self.app))
        elif value == "suspend":
            self.asking = value
            self.push(ConfirmScene(self.app, "Suspend the game? Continue on the e-Games menu "
                                   "takes it up where you left it.", yes="Suspend",
                                   no="Keep playing"))
        elif value == "forfeit":
            self.asking = value
            loser = board.names[board.holder()]
            self.push(ConfirmScene(self.app, f"Forfeit? {loser} gives up and "
                                   f"{board.names[1 - board.holder()]} wins.",
                                   yes="Forfeit", no="Keep playing"))

    def resume(self, result: Any = None) -> None:
        asked, self.asking = self.asking, None
        if result is not True:
            return
        if asked == "suspend":
            self.board.leave()
        elif asked == "forfeit":
            self.board.forfeit()


class PiecesResultScene(Scene):
    """The end: who won and why; A goes back to the menu the game came from."""

    def __init__(self, app: Handheld, board: PiecesScene) -> None:
        super().__init__(app)
        self.board = board
        self.winner, self.why = board.outcome()
        self.turns = board.state.turn
        seats = board.seats
        # Against the computer or over the link the screen speaks to the local player.
        self.viewer = seats.index("local") if seats.count("local") == 1 else None

    def enter(self) -> None:
        self.app.play("confirm" if self.won() is not False else "back")

    def won(self) -> bool | None:
        if self.viewer is None or self.winner is None:
            return None
        return self.winner == self.viewer

    def title(self) -> str:
        won = self.won()
        if won is True:
            return "Victory!"
        if won is False:
            return "Defeat"
        if self.winner is None:
            return "A draw"
        return f"{SEATS[self.winner]} wins!"

    def update(self, inp: FrameInput) -> None:
        if self.frames > 20 and (inp.pressed(Button.A) or inp.pressed(Button.START)):
            inp.consume(Button.A, Button.START)
            self.app.play("confirm")
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        won = self.won()
        surface.fill((60, 110, 60) if won else (110, 60, 60) if won is False else (60, 70, 110))
        t = self.app.text
        title = self.title()
        t.draw(surface, title, (240 - t.font.width(title) * 3) // 2, 26, WHITE, 3)
        names = self.board.names
        if self.winner is not None:
            line = f"{SEATS[self.winner]} ({names[self.winner]}) wins: {self.why}."
        else:
            line = f"Nobody wins: {self.why}."
        y = 62
        for part in wrap(t.font, line, 220):
            t.draw(surface, part, (240 - t.font.width(part)) // 2, y, WHITE)
            y += 10
        m = self.board.state
        facts = [f"{m.turn} turns.",
                 f"Cost Areas: Gold {len(m.cost_area(0))}, Silver {len(m.cost_area(1))}."]
        for fact in facts:
            t.draw(surface, fact, (240 - t.font.width(fact)) // 2, y + 4, SHADE)
            y += 10
        if (self.frames // 30) % 2 == 0:
            t.draw(surface, "Press A", (240 - t.font.width("Press A")) // 2, 130, WHITE)
