"""The collection view: completion per set, and the cards scanned today.

Two pages, switched with L and R:

* **Sets**: every set, oldest first, with the distinct cards owned out of the set's size,
  a completion bar and the copies held. A opens the set as the player's album: the copies
  of each card owned, the missing ones as silhouettes.
* **Today**: the cards scanned since midnight (local time), newest first, with the copies
  each scan added. A opens the card's e-Reader screens.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...collection import SetProgress, set_progress
from ...ereader.facts import set_info
from ..palette import INK, MUTED, PAPER, WHITE
from ..scene import Scene
from ..widgets import Menu, MenuItem, window
from .common import BAR_FILL, hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ...save import ScanRecord
    from ..app import Handheld
    from ..input import FrameInput

PAGES = ("Sets", "Today")
DONE_FILL = (72, 150, 88)
ROWS = 9


def local_midnight(now: float) -> float:
    """The start of the local day that ``now`` (seconds since the epoch) falls in."""
    day = dt.datetime.fromtimestamp(now).replace(hour=0, minute=0, second=0, microsecond=0)
    return day.timestamp()


def scanned_today(records: list[ScanRecord]) -> list[tuple[str, int]]:
    """(card id, copies) scanned today, the most recently scanned card first."""
    copies: Counter[str] = Counter()
    last: dict[str, float] = {}
    for r in records:
        copies[r.card_id] += r.count
        last[r.card_id] = max(last.get(r.card_id, 0.0), r.at)
    return sorted(copies.items(), key=lambda item: -last[item[0]])


class CollectionScene(Scene):
    def __init__(self, app: Handheld, page: str = "Sets") -> None:
        super().__init__(app)
        self.page = PAGES.index(page)
        self.sets_menu = Menu([], rows=ROWS)
        self.today_menu = Menu([], rows=ROWS)
        self._refresh()

    def resume(self, result: Any = None) -> None:
        self._refresh()

    def _refresh(self) -> None:
        app = self.app
        self.owned = app.saves.owned_counts(app.profile)
        self.progress: list[SetProgress] = set_progress(self.owned)
        self.sets_menu.set_items([MenuItem(p.name, True, p) for p in self.progress])
        since = local_midnight(app.saves.now())
        self.today = scanned_today(app.saves.scans(app.profile, since))
        self.today_menu.set_items([MenuItem(app.pool.get(cid).name, True, (cid, n))
                                   for cid, n in self.today])

    @property
    def menu(self) -> Menu:
        return self.sets_menu if self.page == 0 else self.today_menu

    def update(self, inp: FrameInput) -> None:
        for button, step in ((Button.L, -1), (Button.R, 1)):
            if inp.pressed(button):
                inp.consume(button)
                self.page = (self.page + step) % len(PAGES)
                self.app.play("cursor")
                return
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.menu.selected is not None:
            value = self.menu.selected.value
            if isinstance(value, SetProgress):
                from .album import AlbumScene

                self.push(AlbumScene(self.app, (value.slug,), owned=True,
                                     title=value.abbr, hide_missing=True))
            else:
                from .card_info import CardInfoScene

                self.push(CardInfoScene(self.app, value[0]))

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        owned = sum(1 for n in self.owned.values() if n > 0)
        title_bar(app, surface, "Collection", f"{owned} cards, {sum(self.owned.values())} copies")
        self._tabs(surface)
        window(surface, 4, 26, 232, ROWS * 11 + 8)
        if self.page == 0:
            self._draw_sets(surface)
            hint_line(app, surface, "A: cards  L/R: page  B: back")
        else:
            self._draw_today(surface)
            hint_line(app, surface, "A: card screens  L/R: page  B: back")

    def _tabs(self, surface: pygame.Surface) -> None:
        x = 4
        for i, name in enumerate(PAGES):
            w = self.app.text.font.width(name) + 10
            if i == self.page:
                surface.fill(BAR_FILL, (x, 14, w, 11))
                self.app.text.draw(surface, name, x + 5, 16, WHITE)
            else:
                self.app.text.draw(surface, name, x + 5, 16, MUTED)
            x += w + 2

    def _draw_sets(self, surface: pygame.Surface) -> None:
        app = self.app
        menu = self.sets_menu
        menu.draw(surface, app.text, 7, 30, 110)
        for i, p in enumerate(self.progress[menu.top:menu.top + menu.page_rows]):
            y = menu.row_y(30, menu.top + i) + 2  # beside its row, in either font
            label = f"{p.owned}/{p.cards}"
            app.text.draw(surface, label, 152 - app.text.font.width(label), y, INK)
            # The bar: the share of the set's distinct cards owned.
            x0, w = 156, 50
            surface.fill(MUTED, (x0, y + 1, w, 5))
            filled = round(w * p.owned / p.cards) if p.cards else 0
            if filled:
                surface.fill(DONE_FILL if p.complete else BAR_FILL, (x0, y + 1, filled, 5))
            pct = f"{p.percent:.0f}%"
            app.text.draw(surface, pct, 232 - app.text.font.width(pct), y, INK)
        chosen = menu.selected.value if menu.selected is not None else None
        if isinstance(chosen, SetProgress):
            app.text.draw(surface, f"{chosen.abbr}: {chosen.copies} copies", 6, 139, MUTED)

    def _draw_today(self, surface: pygame.Surface) -> None:
        app = self.app
        if not self.today:
            app.text.draw(surface, "Nothing scanned today.", 10, 32, MUTED)
            app.text.draw(surface, "e-Reader > Scan cards adds cards", 10, 44, MUTED)
            app.text.draw(surface, "from their printed codes.", 10, 54, MUTED)
            return
        menu = self.today_menu
        menu.draw(surface, app.text, 7, 30, 150)
        for i, (cid, n) in enumerate(self.today[menu.top:menu.top + menu.page_rows]):
            y = menu.row_y(30, menu.top + i) + 2
            app.text.draw(surface, f"+{n}", 160, y, INK)
            info = set_info(cid)
            label = f"{info.abbr} {cid.rpartition('-')[2]}" if info else cid
            app.text.draw(surface, label, 232 - app.text.font.width(label), y, MUTED)
        copies = sum(n for _, n in self.today)
        app.text.draw(surface, f"Today: {len(self.today)} cards, {copies} copies", 6, 139, MUTED)
