"""The main menu: Continue, Duel, Tutorial, Ladder, Boosters, Deck builder, Card album,
e-Reader, e-Tools, Settings; SELECT opens the records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ..palette import INK, MUTED, PAPER
from ..scene import Scene
from ..widgets import Menu, MenuItem, window
from .common import battery_label, hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..input import FrameInput


class MainMenuScene(Scene):
    def enter(self) -> None:
        self.menu = Menu([], rows=10, cancel=False)
        self._refresh()

    def resume(self, result: Any = None) -> None:
        self._refresh()

    def _refresh(self) -> None:
        # Offered even if it cannot be read: Continue then says why and offers to put it aside.
        suspended = self.app.saves.has_suspended(self.app.profile)
        self.stats = self._stats()
        self.menu.set_items([
            MenuItem("Continue", suspended, "continue",
                     "Resume the match you left." if suspended else "No match to resume."),
            MenuItem("Duel", True, "duel", "Play a match: the CPU, or a friend."),
            MenuItem("Tutorial", True, "tutorial", "Learn to play, one move at a time."),
            MenuItem("Ladder", True, "ladder", "Beat the clubs, their masters, the champion."),
            MenuItem("Boosters", True, "boosters", self._booster_hint()),
            MenuItem("Deck builder", True, "decks", "Build and edit your decks."),
            MenuItem("Card album", True, "album", "Every card of the collection."),
            MenuItem("e-Reader", True, "ereader", "Scan card codes; Pokédex, dictionary."),
            MenuItem("e-Tools", True, "etools", "Coin flipper and battle timer."),
            MenuItem("Settings", True, "settings", "Text speed, sound, keys, screen."),
        ])

    def _stats(self) -> tuple[str, int, int]:
        """The player's name, card-game matches played and won (Legend Pieces keeps its
        count on the e-Games menu): read when the menu opens or comes back, not per frame."""
        from ...records import WIN, outcome

        player = self.app.saves.profile(self.app.profile).name
        history = [m for m in self.app.saves.match_history(self.app.profile)
                   if m.game == "tcg"]
        return player, len(history), sum(1 for m in history if outcome(m, player) == WIN)

    def _booster_hint(self) -> str:
        n = len(self.app.saves.boosters(self.app.profile))
        if not n:
            return "Booster packs: win on the Ladder to earn them."
        return f"Open your booster packs: {n} waiting."

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.SELECT):  # the records (the panel beside counts matches)
            inp.consume(Button.SELECT)
            from .records import RecordsScene

            self.app.play("confirm")
            self.push(RecordsScene(self.app))
            return
        if self.menu.update(inp, self.app.sounds) == "select":
            self.open(self.menu.selected.value if self.menu.selected else None)

    def open(self, what: Any) -> None:
        app = self.app
        if what == "continue":
            from .duel import DuelScene

            scene = DuelScene.resume_suspended(app)
            if scene is not None:
                self.push(scene)
        elif what == "duel":
            from .duel_setup import DuelSetupScene

            self.push(DuelSetupScene(app))
        elif what == "tutorial":
            from .tutorial import TutorialScene

            self.push(TutorialScene(app))
        elif what == "ladder":
            from .ladder import LadderScene

            self.push(LadderScene(app))
        elif what == "boosters":
            from .boosters import BoostersScene

            self.push(BoostersScene(app))
        elif what == "decks":
            from .decks import DeckListScene

            self.push(DeckListScene(app))
        elif what == "album":
            from ...collection import played_sets
            from .album import AlbumScene

            # Every card, the ones the collection holds with their count (x2), how many
            # are owned up top; the Collection screen's set albums hide the missing ones.
            self.push(AlbumScene(app, played_sets(), owned=True))
        elif what == "settings":
            from .settings_scene import SettingsScene

            self.push(SettingsScene(app))
        elif what == "ereader":
            from .ereader import EReaderMenuScene

            self.push(EReaderMenuScene(app))
        elif what == "etools":
            from .etools import EToolsMenuScene

            self.push(EToolsMenuScene(app))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, "Pocket TCG", battery_label(app))
        window(surface, 8, 20, 124, self.menu.height(self.app.text.font) + 8)
        self.menu.draw(surface, app.text, 11, 24, 118)
        player, played, won = self.stats
        app.text.draw(surface, f"Player: {player}", 140, 24, INK)
        app.text.draw(surface, f"Matches: {played}", 140, 36, MUTED)
        app.text.draw(surface, f"Won: {won}", 140, 46, MUTED)
        item = self.menu.selected
        if item and item.hint:
            app.text.draw(surface, item.hint, 8, 138, MUTED)
        hint_line(app, surface, "A: choose  SELECT: records")
