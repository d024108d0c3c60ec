"""The card album: every card of some sets in set order. SELECT filters by kind and type;
A opens the card. With ``owned=True`` it shows how many copies are owned (the e-Reader's
"Look up a card" still shows and opens every card); with ``hide_missing`` too (a set opened
from the collection view) it is the player's album: missing cards show only their number
and a dark silhouette and cannot be opened, and the title says how many are owned."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...collection import Album, AlbumEntry
from ..icons import energy_icon
from ..marks import mark_ops, plain_name
from ..palette import INK, MUTED, PAPER, SHADE
from ..scene import Scene
from ..text import draw_ops, line_ops
from ..widgets import Menu, MenuItem, window
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

FILTERS: tuple[tuple[str, str], ...] = (
    ("all", "All cards"), ("pokemon", "Pokémon"), ("G", "Grass"), ("R", "Fire"),
    ("W", "Water"), ("L", "Lightning"), ("P", "Psychic"), ("F", "Fighting"),
    ("C", "Colorless"), ("D", "Darkness"), ("M", "Metal"), ("trainer", "Trainers"),
    ("energy", "Energy"),
)


class AlbumScene(Scene):
    def __init__(self, app: Handheld, sets: tuple[str, ...] = ("expedition",), *,
                 owned: bool = False, title: str = "Card album",
                 hide_missing: bool = False) -> None:
        super().__init__(app)
        counts = app.saves.owned_counts(app.profile) if owned else None
        self.album = Album(app.pool, sets, counts)
        self.owned_mode = owned and hide_missing
        self.counting = owned  # the collection's counts are shown (x2) and summed up top
        self.title = title
        self.filter = 0
        self.menu = Menu([], rows=11)
        self._apply_filter()

    def entries(self) -> list[AlbumEntry]:
        key = FILTERS[self.filter][0]
        pool = self.app.pool
        out = []
        for e in self.album.entries:
            d = pool.get(e.card_id)
            if key == "all" or (key == "pokemon" and d.kind == 0) or \
                    (key == "trainer" and d.kind == 1) or (key == "energy" and d.kind == 2) or \
                    (len(key) == 1 and d.kind == 0 and key in d.types):
                out.append(e)
        return out

    def _apply_filter(self) -> None:
        self.shown = self.entries()
        # A Pokémon SP's symbol and a LV.X's badge are drawn after the name (see draw).
        pool = self.app.pool
        self.menu.set_items([MenuItem(f"{e.number:>3} {plain_name(pool.get(e.card_id))}"
                                      if not self._missing(e) else f"{e.number:>3}",
                                      True, e) for e in self.shown])
        self.menu.cursor = 0
        self.menu.top = 0

    def _missing(self, e: AlbumEntry) -> bool:
        """Not in the collection (the player's album only)."""
        return self.owned_mode and not e.owned

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.SELECT):
            inp.consume(Button.SELECT)
            self.filter = (self.filter + 1) % len(FILTERS)
            self.app.play("cursor")
            self._apply_filter()
            return
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.shown:
            if self._missing(self.shown[self.menu.cursor]):
                self.app.play("error")  # a card not owned yet stays a silhouette
                return
            from .card_view import CardViewScene

            self.push(CardViewScene(self.app, [e.card_id for e in self.shown],
                                    self.menu.cursor))

    def resume(self, result: Any = None) -> None:
        if isinstance(result, int):  # the card view moved through the list
            self.menu.select(result)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        n = len(self.shown)
        if self.counting:  # the player's album: how much of it is owned
            have = sum(1 for e in self.shown if e.owned)
            right = f"owned {have}/{n}"
        else:
            right = f"{self.menu.cursor + 1 if n else 0}/{n}"
        title_bar(app, surface, f"{self.title}: {FILTERS[self.filter][1]}", right)
        window(surface, 4, 16, 232, self.menu.rows * 11 + 8)
        self.menu.draw(surface, app.text, 7, 20, 190)
        # Marks after the names, type symbols beside the visible rows.
        font = app.text.font
        top, page = self.menu.top, self.menu.page_rows
        rows = self.menu.items[top:top + page]
        for i, e in enumerate(self.shown[top:top + page]):
            d = app.pool.get(e.card_id)
            y = self.menu.row_y(20, top + i) + 1  # (the menu's rows, in either font)
            if self._missing(e):
                draw_silhouette(surface, 30, y)
                continue
            # Where the menu's label ends, measured as the menu lays it out (spaces included).
            end = max((x + w for op in line_ops(font, rows[i].label, 16, y, INK)
                       for x, _, w, _ in [op.box(font)]), default=16)
            if end <= 190 - 30:  # a name cut short has no room for its marks
                draw_ops(surface, mark_ops(font, d, end, y - 1), app.text)
            if d.kind == 0 and d.types:
                surface.blit(energy_icon(d.types[0]), (200, y))
            kind = "T" if d.kind == 1 else ("E" if d.kind == 2 else "")
            if kind:
                app.text.draw(surface, kind, 202, y + 1, MUTED)
            if e.owned:
                app.text.draw(surface, f"x{e.owned}", 212, y + 1, INK)
            elif e.owned is None and not e.implemented:
                app.text.draw(surface, "-", 214, y + 1, MUTED)
        hint_line(app, surface, "A: card  SELECT: filter  B: back")


def draw_silhouette(surface: pygame.Surface, x: int, y: int) -> None:
    """A missing card's place: a dark card shape where its name would be."""
    surface.fill(MUTED, (x, y, 60, 7))
    surface.fill(SHADE, (x + 1, y + 1, 58, 5))
    surface.fill(MUTED, (x + 3, y + 2, 30, 3))
