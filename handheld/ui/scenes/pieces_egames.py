"""The e-Games menu (e-Reader -> e-Games): Legend Pieces against the computer, against a
friend on this handheld or over the link, Continue, the rules and the game's words in the
Dictionary.

The link game lives in ``pieces_link`` (another part of the handheld): when that module is
there, its ``open_link(app)`` pushes its own screens; until then the item is shown greyed.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

from ..palette import INK, MUTED, PAPER
from ..scene import Scene
from ..text import wrap
from ..widgets import Menu, MenuItem, window
from .common import MenuOverlay, hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..input import FrameInput
    from .pieces_board import PiecesScene

LINK_MODULE = "handheld.ui.scenes.pieces_link"


def link_available() -> bool:
    """Is the link game's module part of this handheld?"""
    try:
        return importlib.util.find_spec(LINK_MODULE) is not None
    except (ImportError, ValueError):
        return False


def pieces_terms() -> list[str]:
    """The Dictionary's Legend Pieces words (none with a glossary that has none)."""
    from ...glossary import GlossaryError, all_terms

    try:
        return [t.name for t in all_terms() if getattr(t, "game", "tcg") == "pieces"]
    except GlossaryError:
        return []


class EGamesMenuScene(Scene):
    def enter(self) -> None:
        self.menu = Menu([], rows=6)
        self.terms = pieces_terms()
        self.asking: str | None = None
        self.resume()

    def resume(self, result: Any = None) -> None:
        asked, self.asking = self.asking, None
        if asked == "level" and isinstance(result, str):
            self.start(("local", result))
            return
        from .pieces_saving import has_suspended_pieces

        suspended = has_suspended_pieces(self.app)
        link = link_available()
        self.menu.set_items([
            MenuItem("Continue", suspended, "continue",
                     "Take up the game you put aside." if suspended else
                     "No Legend Pieces game is put aside."),
            MenuItem("Vs the computer", True, "cpu",
                     "You play Gold; the computer plays Silver."),
            MenuItem("Vs a friend here", True, "hotseat",
                     "Take turns on this handheld, passing it across the table."),
            MenuItem("Vs a friend by link", link, "link",
                     "Two handhelds linked: each player on their own." if link else
                     "The link game is not part of this handheld yet."),
            MenuItem("Rules", True, "rules", "How Legend Pieces is played."),
            MenuItem("Dictionary", bool(self.terms), "dictionary",
                     "The game's words, explained." if self.terms else
                     "The Dictionary has no Legend Pieces words yet."),
        ])
        history = [r for r in self.app.saves.match_history(self.app.profile, limit=500)
                   if getattr(r, "game", "tcg") == "pieces"]
        me = self.app.saves.profile(self.app.profile).name
        self.facts = [f"Games: {len(history)}",
                      f"Won: {sum(1 for r in history if r.winner == me)}"]

    def update(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.menu.selected is not None:
            self.open(self.menu.selected.value)

    def open(self, what: Any) -> None:
        app = self.app
        if what == "continue":
            from .pieces_saving import resume_suspended_pieces

            scene = resume_suspended_pieces(app)
            if scene is not None:
                self.push(scene)
        elif what == "cpu":
            self.asking = "level"
            self.push(MenuOverlay(app, "Computer level", [
                MenuItem("Normal", True, "cpu-normal", "It weighs every move it can make."),
                MenuItem("Easy", True, "cpu-easy", "It plays any legal move at random."),
            ]))
        elif what == "hotseat":
            self.start(("local", "local"))
        elif what == "link":
            import importlib

            importlib.import_module(LINK_MODULE).open_link(app)
        elif what == "rules":
            from .pieces_rules import PiecesRulesScene

            self.push(PiecesRulesScene(app))
        elif what == "dictionary":
            from .dictionary import DictionaryScene

            self.push(DictionaryScene(app, self.terms))

    def start(self, seats: tuple[str, str], seed: int | None = None) -> PiecesScene:
        """A new game with these seats (Gold's first), on the board."""
        from .pieces_board import PiecesScene

        scene = PiecesScene.new(self.app, seats, seed=seed)
        self.push(scene)
        return scene

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, "e-Games: Legend Pieces")
        window(surface, 8, 20, 140, self.menu.height(self.app.text.font) + 8)
        self.menu.draw(surface, app.text, 11, 24, 134)
        for i, line in enumerate(self.facts):
            app.text.draw(surface, line, 156, 24 + i * 11, INK)
        item = self.menu.selected
        if item and item.hint:
            step = app.text.font.line_height + 1
            for i, line in enumerate(wrap(app.text.font, item.hint, 224)[:31 // step]):
                app.text.draw(surface, line, 8, 118 + i * step, MUTED)
        hint_line(app, surface, "A: choose  B: back")
