"""The deck editor's two summary pages of the deck being built (opened from its menu):

* the list view: the deck as a compact list, "4 Charmander EXP 98", grouped by Pokémon /
  Trainer / Energy with each group's count, in two columns;
* the statistics: Pokémon / Trainer / Energy and Basic / Stage 1 / Stage 2 as split bars,
  Energy cards by type, and the Energy curve: attacks by total cost (0, 1, 2, 3, 4+) and,
  per type, the share of the Energy cards against the share of the attacks' symbols.

SELECT turns to the other page; UP/DOWN scroll a list longer than the screen; B goes back
to the editor. The numbers come from :mod:`handheld.autodeck`; this module only draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware_sim.buttons import Button

from ...autodeck import COST_BUCKETS, DeckStats, deck_stats, grouped
from ...engine.energy import TYPE_NAMES
from ..font import LINE_HEIGHT
from ..icons import ICON_SIZE, energy_icon
from ..palette import BODY_GREEN, INK, MUTED, PAPER, SHADE, TYPE_FILL, WHITE, Color
from ..scene import Scene
from ..text import fit
from ..widgets import down_arrow, window
from .common import BAR_FILL, hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ...collection import Album
    from ..app import Handheld
    from ..input import FrameInput

LIST, STATS = 0, 1
ROW = LINE_HEIGHT + 1
COLUMN_ROWS = 14  # rows of one column of the list view
COLUMN_W = 114
KIND_COLORS: tuple[Color, Color, Color] = (TYPE_FILL["G"], TYPE_FILL["W"], TYPE_FILL["L"])
STAGE_COLORS: tuple[Color, Color, Color, Color] = (
    TYPE_FILL["L"], TYPE_FILL["R"], TYPE_FILL["P"], MUTED)


def set_tag(album: Album, card_id: str) -> str:
    """The card's set and number as a deck list prints them: "EXP 98"."""
    label = album.set_label(card_id)
    return label.split("/", 1)[0] if label else card_id


class DeckSummaryScene(Scene):
    """The list view (``page`` LIST) or the statistics (STATS) of ``cards``."""

    def __init__(self, app: Handheld, album: Album, name: str, cards: list[str],
                 page: int = LIST) -> None:
        super().__init__(app)
        self.album = album
        self.deck_name = name
        self.cards = list(cards)
        self.page = page
        self.top = 0  # the first row of the list view shown
        self.rows = self.list_rows()
        self.stats: DeckStats = deck_stats(app.pool, self.cards)

    def list_rows(self) -> list[tuple[str, str, str]]:
        """(kind, left, right) per line: kind "head" (a group and its count) or "card"
        (copies and name, and the set tag)."""
        out: list[tuple[str, str, str]] = []
        pool = self.app.pool
        for label, n, rows in grouped(pool, self.cards):
            out.append(("head", label, str(n)))
            for cid, copies in rows:
                out.append(("card", f"{copies} {pool.get(cid).name}",
                            set_tag(self.album, cid)))
        return out

    # ---------------------------------------------------------------- input

    @property
    def shown(self) -> int:
        return 2 * COLUMN_ROWS

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.SELECT) or inp.pressed(Button.LEFT) or inp.pressed(Button.RIGHT):
            self.page = STATS if self.page == LIST else LIST
            self.app.play("cursor")
        _, dy = inp.nav()
        if dy and self.page == LIST:
            most = max(0, len(self.rows) - self.shown)
            top = max(0, min(most, self.top + dy * COLUMN_ROWS))
            if top != self.top:
                self.top = top
                self.app.play("cursor")
        if inp.pressed(Button.B) or inp.pressed(Button.START):
            self.app.play("back")
            inp.consume_all()
            self.close()
            return
        inp.consume_all()

    def back(self, inp: FrameInput) -> None:
        inp.consume_all()
        self.close()

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        what = "List" if self.page == LIST else "Statistics"
        count = f"{len(self.cards)}/60"
        title_bar(app, surface, fit(app.text.font, f"{what}: {self.deck_name}",
                                    226 - app.text.font.width(count)), count)
        if self.page == LIST:
            self.draw_list(surface)
            hint = "UP/DOWN: scroll  SELECT: statistics  B: back"
        else:
            self.draw_stats(surface)
            hint = "SELECT: list view  B: back"
        hint_line(app, surface, fit(app.text.font, hint, 234))

    def draw_list(self, surface: pygame.Surface) -> None:
        app = self.app
        font = app.text.font
        window(surface, 2, 15, 236, COLUMN_ROWS * ROW + 6)
        if not self.rows:
            app.text.draw(surface, "The deck is empty.", 8, 20, MUTED)
        for i, (kind, left, right) in enumerate(self.rows[self.top:self.top + self.shown]):
            x = 6 + (i // COLUMN_ROWS) * (COLUMN_W + 4)
            y = 18 + (i % COLUMN_ROWS) * ROW
            if kind == "head":
                surface.fill(BAR_FILL, (x - 1, y - 1, COLUMN_W, ROW))
                app.text.draw(surface, left, x + 1, y, WHITE)
                app.text.draw(surface, right, x + COLUMN_W - 3 - font.width(right), y, WHITE)
                continue
            tag_w = font.width(right)
            app.text.draw(surface, fit(font, left, COLUMN_W - tag_w - 6), x + 1, y, INK)
            app.text.draw(surface, right, x + COLUMN_W - 3 - tag_w, y, MUTED)
        if self.top + self.shown < len(self.rows):
            down_arrow(surface, 226, 15 + COLUMN_ROWS * ROW)

    def draw_stats(self, surface: pygame.Surface) -> None:
        app = self.app
        s = self.stats
        # Left half: the splits and the Energy cards by type.
        window(surface, 2, 15, 116, 133)
        x, y = 7, 19
        app.text.draw(surface, "Cards", x, y, MUTED)
        self.split_bar(surface, x, y + 9, 106, (s.pokemon, s.trainers, s.energy),
                       KIND_COLORS)
        for i, (label, n) in enumerate((("Pokémon", s.pokemon), ("Trainer", s.trainers),
                                        ("Energy", s.energy))):
            self.legend(surface, x, y + 17 + i * ROW, KIND_COLORS[i], label, n)
        y = 65
        app.text.draw(surface, "Pokémon by stage", x, y, MUTED)
        parts = s.stages if s.stages[3] else s.stages[:3]
        self.split_bar(surface, x, y + 9, 106, parts, STAGE_COLORS)
        labels = ("Basic", "Stage 1", "Stage 2", "Other")
        for i, n in enumerate(parts):
            self.legend(surface, x + (i % 2) * 54, y + 17 + (i // 2) * ROW, STAGE_COLORS[i],
                        labels[i], n)
        y = 101
        app.text.draw(surface, "Energy cards", x, y, MUTED)
        most = max(s.energy_by_type.values(), default=1)
        if not s.energy_by_type:
            app.text.draw(surface, "none", x, y + 10, MUTED)
        for i, (t, n) in enumerate(list(s.energy_by_type.items())[:5]):
            ry = y + 9 + i * ROW
            self.type_mark(surface, t, x, ry)
            w = max(1, 80 * n // most)
            surface.fill(TYPE_FILL.get(t, SHADE), (x + 10, ry + 1, w, 5))
            app.text.draw(surface, str(n), x + 13 + w, ry, INK)
        # Right half: the Energy curve.
        window(surface, 122, 15, 116, 133)
        x, y = 127, 19
        app.text.draw(surface, "Attacks by Energy cost", x, y, MUTED)
        tallest = max(s.curve) or 1
        base = y + 48  # the bars stand on this line
        # The tallest bar's number sits under the heading, in either font.
        room = base - (y + app.text.font.line_height) - app.text.font.line_height
        for i, n in enumerate(s.curve):
            bx = x + 4 + i * 21
            h = room * n // tallest
            surface.fill(TYPE_FILL["W"], (bx, base - h, 14, h))
            surface.fill(INK, (bx - 2, base, 18, 1))
            label = str(n)
            app.text.draw(surface, label, bx + 7 - app.text.font.width(label) // 2,
                          base - h - 8, INK)
            cost = COST_BUCKETS[i]
            app.text.draw(surface, cost, bx + 7 - app.text.font.width(cost) // 2, base + 2,
                          MUTED)
        y = 80
        app.text.draw(surface, "Energy: cards vs asked", x, y, MUTED)
        types = list(dict.fromkeys([*s.asked, *(t for t in s.energy_by_type if t in TYPE_FILL
                                                  and t != "C")]))[:5]
        have_all = sum(s.energy_by_type.get(t, 0) for t in types) or 1
        asked_all = sum(s.asked.values()) or 1
        if not types:
            app.text.draw(surface, "no typed Energy asked", x, y + 10, MUTED)
        for i, t in enumerate(types):
            ry = y + 9 + i * ROW
            self.type_mark(surface, t, x, ry)
            have = s.energy_by_type.get(t, 0)
            asked = s.asked.get(t, 0)
            # Two thin bars: the type's share of the Energy cards (filled) over its share
            # of the attacks' symbols (outline); equal lengths: Energy as the attacks ask.
            hw = 60 * have // have_all
            aw = 60 * asked // asked_all
            surface.fill(TYPE_FILL.get(t, SHADE), (x + 10, ry, max(hw, 1) if have else 0, 3))
            surface.fill(INK, (x + 10, ry + 4, max(aw, 1) if asked else 0, 2))
            app.text.draw(surface, f"{have}/{asked}", x + 74, ry, INK)
        app.text.draw(surface, "bar: cards, line: asked", x, 138, MUTED)

    def split_bar(self, surface: pygame.Surface, x: int, y: int, w: int,
                  parts: tuple[int, ...], colors: tuple[Color, ...]) -> None:
        total = sum(parts)
        surface.fill(SHADE, (x, y, w, 6))
        if not total:
            return
        at = x
        for i in range(len(parts)):
            end = x + w * sum(parts[:i + 1]) // total
            surface.fill(colors[i], (at, y, end - at, 6))
            at = end

    def legend(self, surface: pygame.Surface, x: int, y: int, color: Color, label: str,
               n: int) -> None:
        surface.fill(color, (x, y + 1, 5, 5))
        self.app.text.draw(surface, f"{label} {n}", x + 8, y, INK)

    def type_mark(self, surface: pygame.Surface, t: str, x: int, y: int) -> None:
        if t in TYPE_NAMES and t != "C":
            surface.blit(energy_icon(t), (x, y - (ICON_SIZE - LINE_HEIGHT) // 2))
        else:  # Colorless-only or several types: a letter
            self.app.text.draw(surface, "*" if t == "*" else "C", x + 1, y,
                               BODY_GREEN if t == "*" else INK)
