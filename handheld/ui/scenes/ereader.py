"""The e-Reader menu: scan printed card codes, the collection, any card's screens, the
dictionary of game terms, and the e-Games (Legend Pieces)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...collection import sets_by_release
from ..palette import INK, MUTED, PAPER
from ..scene import Scene
from ..text import fit, wrap
from ..widgets import Menu, MenuItem, window
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..input import FrameInput


class EReaderMenuScene(Scene):
    def enter(self) -> None:
        self.menu = Menu([
            MenuItem("Scan cards", True, "scan",
                     "Hold a card's printed code up to the camera."),
            MenuItem("Collection", True, "collection",
                     "Cards owned per set, and what was scanned today."),
            MenuItem("Look up a card", True, "lookup",
                     "Any card's Pokédex, tips, data and evolution (START on a card)."),
            MenuItem("Dictionary", True, "dictionary", "The game's terms, explained."),
            MenuItem("e-Games", True, "egames",
                     "Legend Pieces: a board game of Pokémon pieces, vs the CPU or a friend."),
        ], rows=5)
        self.resume()

    def resume(self, result: Any = None) -> None:
        from firmware_sim.camera import CameraUnavailable

        from .collection_view import local_midnight

        app = self.app
        owned = app.saves.owned_counts(app.profile)
        today = app.saves.scans(app.profile, local_midnight(app.saves.now()))
        self.facts = [f"Cards: {len(owned)}", f"Copies: {sum(owned.values())}",
                      f"Scanned today: {sum(r.count for r in today)}"]
        if app.board.camera_factory is not None:
            self.camera = "Camera: ready"
        else:
            try:
                self.camera = f"Camera: {app.board.camera_spec()}"
            except CameraUnavailable:
                self.camera = "Camera: none found"

    def update(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.menu.selected is not None:
            self.open(self.menu.selected.value)

    def open(self, what: Any) -> None:
        app = self.app
        if what == "scan":
            from .scan import ScanScene

            self.push(ScanScene(app))
        elif what == "collection":
            from .collection_view import CollectionScene

            self.push(CollectionScene(app))
        elif what == "lookup":
            from .album import AlbumScene

            self.push(AlbumScene(app, tuple(sets_by_release()), owned=True, title="Cards"))
        elif what == "dictionary":
            from .dictionary import DictionaryScene

            self.push(DictionaryScene(app))
        elif what == "egames":
            from .pieces_egames import EGamesMenuScene

            self.push(EGamesMenuScene(app))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, "e-Reader")
        window(surface, 8, 20, 140, self.menu.height(self.app.text.font) + 8)
        self.menu.draw(surface, app.text, 11, 24, 134)
        for i, line in enumerate(self.facts):
            app.text.draw(surface, line, 156, 24 + i * 11, INK)
        app.text.draw(surface, fit(app.text.font, self.camera, 228), 8, 100, MUTED)
        item = self.menu.selected
        if item and item.hint:
            step = app.text.font.line_height + 1
            for i, line in enumerate(wrap(app.text.font, item.hint, 224)[:31 // step]):
                app.text.draw(surface, line, 8, 118 + i * step, MUTED)
        hint_line(app, surface, "A: choose  B: back")
