"""A card's e-Reader screens, as tabs: Pokémon (the Pokédex), Card (how to play it), Data,
Evolution and Dictionary, in the spirit of what the e-Reader showed for a scanned card.

L/R switch tabs (LEFT/RIGHT too, except on the Evolution chart where the D-pad moves the
cursor); B closes. The Pokémon tab is there for Pokémon the Pokédex knows, SELECT switches
its height and weight between feet/pounds and metres/kilograms (remembered per profile).
The Evolution tab is there when the species has a family: the chart's columns appear one by
one (at once when animations are off), the scanned card's species is highlighted, a ball
marks the species whose cards the collection holds, and A opens a card of the species under
the cursor. The Dictionary tab lists the game terms of the card's text and tips; A opens a
term's definition (the Dictionary's own page, :class:`~.dictionary.TermScene`).

The screens draw the models of :mod:`handheld.ereader` and :mod:`handheld.glossary`.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...engine.carddefs import POKEMON, CardDef
from ...ereader.evolution import LEVEL_UP, ChartNode, EvolutionChart, evolution_chart
from ...ereader.facts import ERAS, data_rows, set_info
from ...ereader.pokedex import DexEntry, dex_entry, dex_number
from ...ereader.tips import card_tips, tips_text
from ...glossary import Term, terms_in
from ..icons import energy_icon
from ..palette import (
    BODY_GREEN,
    INK,
    MUTED,
    PAPER,
    POWER_RED,
    SHADE,
    TYPE_BAND,
    WHITE,
    Color,
)
from ..scene import Scene
from ..scroll_text import LINE_PITCH, SCROLL_BAR_W, ScrollText, TextLine, clean, wrap_lines
from ..text import fit
from ..widgets import SELECT_FILL, down_arrow, window
from .common import BAR_FILL, BAR_H, hint_line, title_bar
from .dictionary import TermBrowser, TermScene

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

TABS: dict[str, str] = {"pokemon": "Pokémon", "card": "Card", "data": "Data",
                        "evolution": "Evolution", "dictionary": "Dictionary"}
TAB_Y = BAR_H  # the tab strip, under the title bar
TAB_H = 12
BODY_Y = TAB_Y + TAB_H + 3
BODY_BOTTOM = 148
BODY_X = 6
BODY_W = 230
TEXT_ROWS = (BODY_BOTTOM - BODY_Y) // LINE_PITCH
DATA_VALUE_X = 64  # the Data tab's values, after the labels
REVEAL_FRAMES = 24  # frames between two columns of the evolution chart appearing
METRIC_KEY = "pokedex.metric"  # the Pokémon tab's units, per profile

TAB_FILL: Color = (86, 104, 160)
TAB_TEXT: Color = (214, 222, 246)
DEX_RED: Color = (204, 60, 52)
HIGHLIGHT: Color = SELECT_FILL  # the evolution chart's box of the card's own species
# The video games' types (the Pokédex's), as small coloured chips.
VG_TYPES: dict[str, Color] = {
    "Normal": (168, 166, 122), "Fire": (226, 106, 52), "Water": (86, 132, 224),
    "Electric": (226, 186, 40), "Grass": (102, 172, 72), "Ice": (112, 190, 196),
    "Fighting": (178, 56, 48), "Poison": (152, 72, 158), "Ground": (196, 160, 86),
    "Flying": (150, 132, 220), "Psychic": (226, 82, 122), "Bug": (154, 170, 40),
    "Rock": (170, 148, 66), "Ghost": (108, 88, 148), "Dragon": (104, 64, 220),
    "Dark": (100, 82, 70), "Steel": (160, 160, 184), "Fairy": (214, 128, 168),
}
LIGHT_TYPES = {"Electric", "Ice", "Normal", "Ground", "Steel", "Bug", "Rock"}


# --------------------------------------------------------------------------- models


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold())
                   if not unicodedata.combining(c))


def tab_key(name: str) -> str:
    """A tab's key from its key or label, any case or accents ("Pokémon" -> "pokemon");
    "pokedex" names the Pokémon tab too. Raises ValueError for an unknown tab."""
    folded = _fold(name).strip()
    for key, label in TABS.items():
        if folded in (key, _fold(label)):
            return key
    if folded == "pokedex":
        return "pokemon"
    raise ValueError(f"no card screen {name!r} (one of {', '.join(TABS.values())})")


def card_label(card: CardDef) -> str:
    """"EXP 33/165" for a card (its set's short name and the printed number)."""
    info = set_info(card.id)
    return f"{info.abbr} {card.number}/{info.size}" if info else card.number


def card_terms(card: CardDef) -> list[Term]:
    """The glossary terms of the card's text (as ``python -m handheld cards --text`` prints
    it) and of its tips on the Card screen."""
    header = f"{card.name} ({card.id}) - {card.kind_name}" + (f", {card.hp} HP"
                                                             if card.hp else "")
    return terms_in("\n".join((header, card.text, tips_text(card))))


def pick_card(node: ChartNode, current: CardDef, owned: Mapping[str, int]) -> str | None:
    """The card a chart node opens: one the collection holds, else one of the scanned
    card's set, else of its era, else the first the game knows (None: no card yet)."""
    if not node.cards:
        return None
    if current.id in node.cards:
        return current.id
    held = [c for c in node.cards if owned.get(c, 0) > 0]
    if held:
        return held[0]
    mine = set_info(current.id)
    if mine is not None:
        for same in (lambda s: s.code == mine.code, lambda s: s.era == mine.era):
            for c in node.cards:
                info = set_info(c)
                if info is not None and same(info):
                    return c
    return node.cards[0]


@dataclass(frozen=True)
class Box:
    """Where a chart node is drawn."""

    x: int
    y: int
    w: int
    h: int

    @property
    def mid(self) -> int:
        return self.y + self.h // 2


@dataclass(frozen=True)
class ChartLayout:
    """The evolution chart's geometry in the 240x160 screen."""

    boxes: dict[int, Box]  # by dex number, rows scrolled by ``top``
    headings: list[tuple[int, str]]  # (column centre x, stage) per column
    top: int  # the first row shown
    rows_shown: int
    area: tuple[int, int]  # the chart's first and last pixel rows


CHART_Y = BODY_Y + 11  # under the column headings
CHART_BOTTOM = BODY_BOTTOM - 2


def column_stage(nodes: list[ChartNode]) -> str:
    """The stage most of a column's species are (Gallade 4, a Basic, sits among Stage 2s)."""
    return Counter(n.stage for n in nodes).most_common(1)[0][0] if nodes else ""


def chart_layout(chart: EvolutionChart, top: int = 0) -> ChartLayout:
    ncols = max(1, len(chart.columns))
    gap = 24 if ncols <= 3 else 14
    box_w = min(78, (232 - gap * (ncols - 1)) // ncols)
    left = (240 - (ncols * box_w + gap * (ncols - 1))) // 2
    avail = CHART_BOTTOM - CHART_Y
    rows = max(1, chart.rows)
    pitch = max(13, min(26, avail // rows))
    shown = min(rows, avail // pitch)
    top = max(0, min(top, rows - shown))
    y0 = CHART_Y + (avail - shown * pitch) // 2
    ys = {n.dex: y0 + (n.row - top) * pitch for n in chart.nodes}
    for n in reversed(chart.nodes):  # a species with branches sits across from their middle
        kids = [ys[k.dex] for k in chart.nodes if k.parent == n.dex]
        if kids:
            ys[n.dex] = (min(kids) + max(kids)) // 2
    boxes: dict[int, Box] = {}
    for n in chart.nodes:
        col = chart.columns.index(n.column)
        boxes[n.dex] = Box(left + col * (box_w + gap), ys[n.dex], box_w,
                           pitch - (2 if pitch < 20 else 5))
    headings = [(left + i * (box_w + gap) + box_w // 2, column_stage(nodes))
                for i, nodes in enumerate(chart.stages())]
    return ChartLayout(boxes, headings, top, shown, (CHART_Y, CHART_BOTTOM))


# --------------------------------------------------------------------------- drawing


def _ball(surface: pygame.Surface, x: int, y: int, owned: bool) -> None:
    """The collection mark: a red and white ball when owned, an empty ring when not."""
    rows = ("..ooo..", ".orrro.", "orrrrro", "ooo.ooo", "owwwwwo", ".owwwo.", "..ooo..")
    ring = ("..ooo..", ".o...o.", "o.....o", "o.....o", "o.....o", ".o...o.", "..ooo..")
    colors: dict[str, Color] = {"o": INK, "r": POWER_RED, "w": WHITE} if owned else \
        {"o": MUTED}
    for dy, row in enumerate(rows if owned else ring):
        for dx, c in enumerate(row):
            if c in colors:
                surface.fill(colors[c], (x + dx, y + dy, 1, 1))


class CardInfoScene(Scene):
    def __init__(self, app: Handheld, card_id: str, tab: str | None = None) -> None:
        super().__init__(app)
        self.card_id = card_id
        self.card: CardDef = app.pool.get(card_id)
        number = dex_number(self.card)
        self.entry: DexEntry | None = dex_entry(number) if number is not None else None
        self.owned = app.saves.owned_counts(app.profile)
        self.chart = evolution_chart(self.card, app.pool, self.owned)
        self.terms = card_terms(self.card)
        self.tabs = [k for k in TABS if self._has(k)]
        wanted = tab_key(tab) if tab is not None else self.tabs[0]
        self.tab = self.tabs.index(wanted) if wanted in self.tabs else 0
        self.metric = bool(app.saves.setting(app.profile, METRIC_KEY, False))
        self._pages: dict[str, ScrollText] = {}
        self.browser = TermBrowser(self.terms, 10)
        self.cursor: int | None = self.chart.highlight
        self.chart_top = 0
        self.reveal_frames = 0
        self.revealed = 0
        self._enter_tab()

    def _has(self, key: str) -> bool:
        if key == "pokemon":
            return self.card.kind == POKEMON and self.entry is not None
        if key == "evolution":
            return self.chart.evolves
        if key == "dictionary":
            return bool(self.terms)
        return True

    @property
    def tab_name(self) -> str:
        return self.tabs[self.tab]

    # ---------------------------------------------------------------- the tabs' contents

    def pokedex_facts(self) -> list[tuple[str, str]]:
        """The Pokémon tab's (label, value) rows, in the chosen units."""
        e = self.entry
        if e is None:
            return []
        rows = [("Height", e.height(self.metric)), ("Weight", e.weight(self.metric))]
        if e.evolves_from is not None:
            parent = dex_entry(e.evolves_from)
            if parent is not None:
                rows.append(("Evolves from", clean(parent.name)))
        rows.append(("Generation", str(e.generation)))
        if e.is_baby:
            rows.append(("Kind", "Baby Pokémon"))
        return rows

    def tips_lines(self) -> list[TextLine]:
        font = self.app.text.font
        width = BODY_W - SCROLL_BAR_W
        lines: list[TextLine] = []
        for tip in card_tips(self.card):
            lines.append(TextLine(fit(font, clean(tip.heading), width), INK, 0, fill=SHADE))
            lines.extend(wrap_lines(font, clean(tip.text), width, x=4))
        return lines

    def data_lines(self) -> list[TextLine]:
        font = self.app.text.font
        width = BODY_W - SCROLL_BAR_W
        eras = {name for _, name in ERAS}
        lines: list[TextLine] = []
        for label, value in data_rows(self.card):
            if label in eras and not any(line.text == "Legality" for line in lines):
                lines.append(TextLine("Legality", INK, 0, fill=SHADE))
            color = INK
            if label in eras:
                color = BODY_GREEN if value.startswith("legal") else POWER_RED
            lines.extend(wrap_lines(font, clean(value), width, color=color, x=DATA_VALUE_X,
                                    label=label, label_color=MUTED))
        return lines

    def page(self, key: str | None = None) -> ScrollText:
        """The scrolling text of the Card or Data tab."""
        key = key or self.tab_name
        if key not in self._pages:
            lines = self.tips_lines() if key == "card" else self.data_lines()
            self._pages[key] = ScrollText(lines, TEXT_ROWS)
        return self._pages[key]

    # ---------------------------------------------------------------- input

    def _enter_tab(self) -> None:
        if self.tab_name == "evolution":
            self.reveal_frames = 0
            self.revealed = len(self.chart.columns) if not self.app.settings.animations else 1
            self.cursor = self.chart.highlight
            self._scroll_chart()

    def switch(self, delta: int) -> None:
        if len(self.tabs) < 2:
            return
        self.tab = (self.tab + delta) % len(self.tabs)
        self._enter_tab()
        self.app.play("cursor")

    def update(self, inp: FrameInput) -> None:
        tab = self.tab_name
        moves = [(Button.L, -1), (Button.R, 1)]
        if tab != "evolution":
            moves += [(Button.LEFT, -1), (Button.RIGHT, 1)]
        for button, delta in moves:
            if inp.pressed(button):
                inp.consume(button)
                self.switch(delta)
                return
        if tab == "dictionary":
            result = self.browser.update(inp, self.app.sounds)
            if result == "select" and self.browser.selected is not None:
                self.push(TermScene(self.app, self.terms, self.browser.menu.cursor,
                                    clean(self.card.name)))
            elif result == "cancel":
                self.close()
            return
        if tab == "evolution":
            self._update_chart(inp)
        elif tab in ("card", "data"):
            self.page().update(inp, self.app.sounds)
        elif tab == "pokemon" and inp.pressed(Button.SELECT):
            inp.consume(Button.SELECT)
            self.metric = not self.metric
            self.app.saves.set_setting(self.app.profile, METRIC_KEY, self.metric)
            self.app.play("cursor")
        if inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.close()

    def resume(self, result: Any = None) -> None:
        if isinstance(result, int) and self.tab_name == "dictionary":
            self.browser.move_to(result)

    # ---------------------------------------------------------------- the evolution chart

    def _update_chart(self, inp: FrameInput) -> None:
        ncols = len(self.chart.columns)
        if self.revealed < ncols:
            self.reveal_frames += 1
            if inp.pressed(Button.A):  # skip to the whole chart
                inp.consume(Button.A)
                self.revealed = ncols
            elif self.reveal_frames >= REVEAL_FRAMES:
                self.reveal_frames = 0
                self.revealed += 1
                self.app.play("cursor")
        dx, dy = inp.nav()
        if dx or dy:
            inp.consume(Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)
            if self.move_cursor(dx, dy):
                self.app.play("cursor")
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            self.open_node()

    def visible_nodes(self) -> list[ChartNode]:
        shown = set(self.chart.columns[:self.revealed])
        return [n for n in self.chart.nodes if n.column in shown]

    def move_cursor(self, dx: int, dy: int) -> bool:
        """Move the chart's cursor: UP/DOWN within a column, LEFT/RIGHT to the species it
        evolves from or into. Whether it moved."""
        chart = self.chart
        here = chart.node(self.cursor) if self.cursor is not None else None
        nodes = self.visible_nodes()
        if here is None or here not in nodes:
            return False  # its column is still to come while the chart reveals itself
        target: ChartNode | None = None
        if dy:
            column = sorted((n for n in nodes if n.column == here.column), key=lambda n: n.row)
            i = column.index(here)
            target = column[(i + dy) % len(column)]
        elif dx:
            ci = chart.columns.index(here.column) + dx
            if 0 <= ci < len(chart.columns):
                column = [n for n in nodes if n.column == chart.columns[ci]]
                linked = [n for n in column if (n.parent == here.dex if dx > 0
                                                else n.dex == here.parent)]
                pool = linked or column
                if pool:
                    target = min(pool, key=lambda n: (abs(n.row - here.row), n.row))
        if target is None or target is here:
            return False
        self.cursor = target.dex
        self._scroll_chart()
        return True

    def _scroll_chart(self) -> None:
        node = self.chart.node(self.cursor) if self.cursor is not None else None
        if node is None:
            return
        shown = chart_layout(self.chart, self.chart_top).rows_shown
        if node.row < self.chart_top:
            self.chart_top = node.row
        elif node.row >= self.chart_top + shown:
            self.chart_top = node.row - shown + 1

    def node_card(self, dex: int) -> str | None:
        node = self.chart.node(dex)
        return pick_card(node, self.card, self.owned) if node is not None else None

    def open_node(self) -> None:
        """A on the chart: open a card of the species under the cursor."""
        card_id = self.node_card(self.cursor) if self.cursor is not None else None
        if card_id is None or card_id == self.card_id:
            self.app.play("error")  # no card of it yet, or the very card shown
            return
        self.app.play("confirm")
        self.push(CardInfoScene(self.app, card_id))

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        label = card_label(self.card)
        room = 232 - app.text.font.width(label) - 8
        title_bar(app, surface, fit(app.text.font, clean(self.card.name), room), label)
        self._draw_tabs(surface)
        tab = self.tab_name
        if tab == "pokemon":
            self._draw_pokedex(surface)
            units = "feet/pounds" if self.metric else "metric"
            hint = f"L/R: screens  SELECT: {units}  B: back"
        elif tab == "card" or tab == "data":
            self.page().draw(surface, app.text, BODY_X, BODY_Y, BODY_W)
            scroll = "UP/DOWN: scroll  " if self.page().scrolls else ""
            hint = f"L/R: screens  {scroll}B: back"
        elif tab == "evolution":
            self._draw_chart(surface)
            hint = "D-pad: move  A: open card  L/R: screens  B: back"
        else:
            self.browser.draw(surface, app.text, 4, BODY_Y - 1, 232, 112)
            hint = "A: definition  L/R: screens  B: back"
        hint_line(app, surface, hint)

    def _draw_tabs(self, surface: pygame.Surface) -> None:
        app = self.app
        font = app.text.font
        surface.fill(BAR_FILL, (0, TAB_Y, 240, TAB_H))
        widths = [font.width(TABS[k]) + 8 for k in self.tabs]
        x = (240 - sum(widths) - 2 * (len(widths) - 1)) // 2
        for i, (key, w) in enumerate(zip(self.tabs, widths, strict=True)):
            on = i == self.tab
            fill = PAPER if on else TAB_FILL
            surface.fill(fill, (x + 1, TAB_Y + 2, w - 2, TAB_H - 2))
            surface.fill(fill, (x, TAB_Y + 3, w, TAB_H - 3))
            app.text.draw(surface, TABS[key], x + 4, TAB_Y + 4, INK if on else TAB_TEXT)
            x += w + 2
        if len(self.tabs) > 1:
            app.text.draw(surface, "L", 3, TAB_Y + 4, TAB_TEXT)
            app.text.draw(surface, "R", 237 - font.width("R"), TAB_Y + 4, TAB_TEXT)

    def _draw_pokedex(self, surface: pygame.Surface) -> None:
        import pygame

        app = self.app
        font = app.text.font
        e = self.entry
        if e is None:
            return
        # The Pokédex itself: a red case, a screen with the card's type, the number.
        window(surface, 4, BODY_Y, 78, 116, fill=DEX_RED)
        window(surface, 10, BODY_Y + 6, 66, 58, fill=WHITE)
        kind = self.card.types[0] if self.card.types else "C"
        surface.fill(TYPE_BAND.get(kind, TYPE_BAND["C"]), (13, BODY_Y + 9, 60, 51))
        icon = pygame.transform.scale_by(energy_icon(kind), 5)
        surface.blit(icon, (43 - icon.get_width() // 2, BODY_Y + 35 - icon.get_height() // 2))
        app.text.draw(surface, "No.", 12, BODY_Y + 72, WHITE)
        number = f"{e.number:03d}"
        nw = font.width(number) * 3
        app.text.draw(surface, number, 43 - nw // 2, BODY_Y + 84, WHITE, 3)
        for i in range(3):  # the case's lights
            surface.fill((250, 200, 80) if i == 0 else (240, 150, 140),
                         (12 + i * 7, BODY_Y + 108, 4, 3))
        # The entry.
        x, right = 90, 236
        name = clean(e.name)
        if font.width(name) * 2 <= right - x:
            app.text.draw(surface, name, x, BODY_Y + 1, INK, 2)
        else:
            app.text.draw(surface, fit(font, name, right - x), x, BODY_Y + 5, INK)
        app.text.draw(surface, fit(font, clean(e.genus), right - x), x, BODY_Y + 18, MUTED)
        cx = x
        for t in e.types:
            w = font.width(t) + 6
            color = VG_TYPES.get(t, MUTED)
            surface.fill(color, (cx + 1, BODY_Y + 28, w - 2, 10))
            surface.fill(color, (cx, BODY_Y + 29, w, 8))
            app.text.draw(surface, t, cx + 3, BODY_Y + 30, INK if t in LIGHT_TYPES else WHITE)
            cx += w + 3
        y = BODY_Y + 46
        surface.fill(SHADE, (x, y - 4, right - x, 1))
        facts = self.pokedex_facts()
        # The values' column: 56 pixels in, or past the widest label (the large font's).
        col = max([56] + [font.width(label) + 6 for label, _ in facts])
        for label, value in facts:
            app.text.draw(surface, label, x, y, MUTED)
            app.text.draw(surface, fit(font, value, right - x - col), x + col, y, INK)
            y += 11

    def _draw_chart(self, surface: pygame.Surface) -> None:
        app = self.app
        font = app.text.font
        chart = self.chart
        layout = chart_layout(chart, self.chart_top)
        shown_cols = set(chart.columns[:self.revealed])
        for i, (cx, stage) in enumerate(layout.headings):
            if i < self.revealed:
                w = font.width(stage)
                app.text.draw(surface, stage, cx - w // 2, BODY_Y, MUTED)
        top, bottom = layout.area
        surface.set_clip((0, top, 240, bottom - top))
        by_dex = {n.dex: n for n in chart.nodes}
        for n in chart.nodes:  # the lines first, under the boxes
            parent = by_dex.get(n.parent) if n.parent is not None else None
            if parent is None or n.column not in shown_cols:
                continue
            a, b = layout.boxes[parent.dex], layout.boxes[n.dex]
            mx = (a.x + a.w + b.x) // 2
            surface.fill(INK, (a.x + a.w, a.mid, mx - a.x - a.w, 1))
            surface.fill(INK, (mx, min(a.mid, b.mid), 1, abs(a.mid - b.mid) + 1))
            surface.fill(INK, (mx, b.mid, b.x - mx, 1))
        for n in chart.nodes:
            if n.column in shown_cols:
                self._draw_node(surface, n, layout.boxes[n.dex])
        surface.set_clip(None)
        if layout.top > 0:
            for i, span in enumerate((1, 3, 5)):
                surface.fill(INK, (233 + (5 - span) // 2, top + i, span, 1))
        if layout.top + layout.rows_shown < chart.rows:
            down_arrow(surface, 232, bottom - 4)
        if chart.rows <= 3 and self.revealed == len(chart.columns):
            y = BODY_BOTTOM - 7
            _ball(surface, 6, y, True)
            app.text.draw(surface, "owned", 15, y, MUTED)
            _ball(surface, 50, y, False)
            app.text.draw(surface, "not owned", 59, y, MUTED)
            surface.fill(INK, (112, y, 7, 7))
            surface.fill(HIGHLIGHT, (113, y + 1, 5, 5))
            app.text.draw(surface, "the card shown", 122, y, MUTED)

    def _draw_node(self, surface: pygame.Surface, n: ChartNode, box: Box) -> None:
        app = self.app
        font = app.text.font
        mine = n.dex == self.chart.highlight
        fill = HIGHLIGHT if mine else (WHITE if n.cards else PAPER)
        if n.dex == self.cursor:  # the cursor: a red frame around the box
            k = 2 if box.h >= 20 else 1  # thinner where the boxes stand close
            surface.fill(POWER_RED, (box.x - k, box.y - k, box.w + 2 * k, box.h + 2 * k))
        border = INK if n.cards else MUTED
        surface.fill(border, (box.x + 1, box.y, box.w - 2, box.h))
        surface.fill(border, (box.x, box.y + 1, box.w, box.h - 2))
        surface.fill(fill, (box.x + 1, box.y + 1, box.w - 2, box.h - 2))
        if mine and box.h >= 20:  # the scanned card's species: a heavier frame too
            surface.fill(INK, (box.x + 1, box.y + 1, box.w - 2, 1))
            surface.fill(INK, (box.x + 1, box.y + box.h - 2, box.w - 2, 1))
        name_w = box.w - (16 if n.cards else 8)
        color = INK if n.cards else MUTED
        two_lines = box.h >= 20
        ty = box.y + 3 if two_lines else box.mid - 3
        # A LV.X's box sits under the "LV.X" heading: it names the Pokémon it goes onto.
        label = clean(n.name).removesuffix(f" {LEVEL_UP}") if n.kind == "lv_x" else clean(n.name)
        app.text.draw(surface, fit(font, label, name_w), box.x + 4, ty, color)
        if n.cards:
            _ball(surface, box.x + box.w - 10, box.mid - 3 if not two_lines else box.y + 3,
                  n.owned > 0)
        if two_lines:
            if not n.cards:
                note = "no card yet"
            elif n.owned:
                note = f"owned: {n.owned}"
            else:
                note = "not owned"
            stage = column_stage(self._column(n))
            if n.kind == "sp":  # a Basic beside its species, joined to nothing
                note = f"SP, {note}"
            elif n.stage != stage:
                note = f"{n.stage}, {note}"
            app.text.draw(surface, fit(font, note, box.w - 6), box.x + 4, box.y + 12, MUTED)

    def _column(self, node: ChartNode) -> list[ChartNode]:
        return [n for n in self.chart.nodes if n.column == node.column]
