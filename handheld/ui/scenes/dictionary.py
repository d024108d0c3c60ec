"""The Dictionary: every game term of the rulebooks' glossaries, in the project's own words.

:class:`DictionaryScene` browses the whole glossary (or a given list of terms): an
alphabetical list with a preview of the selected term, L/R (or LEFT/RIGHT) jump to the
previous or next letter, SELECT filters by the rulebook whose glossary lists the term (or
by the other game, Legend Pieces, whose terms no rulebook lists), A
opens the definition page. :class:`TermBrowser` (the list with its preview) and
:class:`TermScene` (the definition page) also serve the Dictionary tab of a card's
e-Reader screens (``card_info``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...glossary import ERAS, GAMES, TCG, Term, all_terms, lookup
from ..font import PixelFont
from ..palette import INK, MUTED, PAPER, SHADE, WHITE
from ..scene import Scene
from ..scroll_text import LINE_PITCH, ScrollText, TextLine, clean, wrap_lines
from ..text import TextCache, fit, wrap
from ..widgets import ROW_H, SELECT_FILL, Menu, MenuItem, window
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput
    from ..sound import Sounds

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# SELECT cycles through these: every term, those of one rulebook's glossary, those only
# this handheld's card text brings in, and each other game's (Legend Pieces).
FILTERS: tuple[tuple[str, str], ...] = (
    ("all", "All terms"), *ERAS.items(), ("card", "Card text"),
    *((key, name) for key, name in GAMES.items() if key != TCG))


def initial(term: Term) -> str:
    """The letter a term is filed under ("Poké-Body" -> "P"; "#" for a digit or sign)."""
    for ch in unicodedata.normalize("NFKD", term.name):
        if ch.isalnum():
            return ch.upper() if ch.upper() in LETTERS else "#"
    return "#"


def era_words(term: Term) -> str:
    if term.game != TCG:
        return f"A word of the {GAMES[term.game]} game."
    if not term.eras:
        return "Used by this handheld's card text."
    return "In the glossary of " + _and(ERAS[e] for e in term.eras) + "."


def _and(items: Any) -> str:
    names = list(items)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def ellipsis(font: PixelFont, line: str, width: int) -> str:
    """``line`` ended with "..." (cut to make room): there is more to read."""
    while line and font.width(line + "...") > width:
        line = line[:-1]
    return line.rstrip(" ,;:") + "..."


def definition_lines(font: PixelFont, term: Term, width: int) -> list[TextLine]:
    """The definition page's text: the definition, other names, and which glossaries list
    the term, wrapped to ``width`` pixels."""
    lines = wrap_lines(font, clean(term.definition), width)
    if term.aliases:
        lines.append(TextLine(""))
        lines.extend(wrap_lines(font, "Also: " + ", ".join(clean(a) for a in term.aliases),
                                width, color=MUTED))
    lines.append(TextLine(""))
    lines.extend(wrap_lines(font, era_words(term), width, color=MUTED))
    return lines


class TermBrowser:
    """A list of terms beside a preview of the selected one's definition."""

    def __init__(self, terms: Sequence[Term], rows: int) -> None:
        self.menu = Menu([], rows=rows)
        self.set_terms(terms)

    @property
    def terms(self) -> list[Term]:
        return [it.value for it in self.menu.items]

    @property
    def selected(self) -> Term | None:
        item = self.menu.selected
        return item.value if item is not None else None

    def set_terms(self, terms: Sequence[Term]) -> None:
        self.menu.set_items([MenuItem(clean(t.name), True, t) for t in terms])
        self.menu.cursor = 0
        self.menu.top = 0

    def move_to(self, index: int) -> None:
        self.menu.select(index)

    def update(self, inp: FrameInput, sounds: Sounds | None = None) -> str | None:
        """"select" (A on a term), "cancel" (B) or None."""
        return self.menu.update(inp, sounds)

    def draw(self, surface: pygame.Surface, text: TextCache, x: int, y: int, w: int,
             list_w: int) -> None:
        h = self.menu.rows * ROW_H + 8
        window(surface, x, y, list_w, h)
        if self.menu.items:
            self.menu.draw(surface, text, x + 3, y + 4, list_w - 6)
        else:
            text.draw(surface, "No terms.", x + 8, y + 6, MUTED)
        px, pw = x + list_w + 3, w - list_w - 3
        window(surface, px, y, pw, h, fill=WHITE)
        term = self.selected
        if term is None:
            return
        text.draw(surface, fit(text.font, clean(term.name), pw - 10), px + 5, y + 5, INK)
        surface.fill(SHADE, (px + 4, y + 14, pw - 8, 1))
        line_h = text.font.line_height
        rows = (h - 22) // line_h
        lines = wrap(text.font, clean(term.definition), pw - 10)
        if len(lines) > rows:  # cut the preview; A shows it all
            lines = lines[:rows]
            lines[-1] = ellipsis(text.font, lines[-1], pw - 10)
        for i, line in enumerate(lines):
            text.draw(surface, line, px + 5, y + 18 + i * line_h, INK)


class TermScene(Scene):
    """A term's definition on the whole screen. UP/DOWN scroll a long one, LEFT/RIGHT (or
    L/R) go to the previous or next term of the list it was opened from; B (or A) closes,
    handing back where it ended in the list."""

    BODY_Y = 32
    ROWS = (148 - BODY_Y) // LINE_PITCH

    def __init__(self, app: Handheld, terms: Sequence[Term], index: int = 0,
                 title: str = "Dictionary") -> None:
        super().__init__(app)
        if not terms:
            raise ValueError("a definition page needs at least one term")
        self.terms = list(terms)
        self.index = max(0, min(index, len(self.terms) - 1))
        self.title = title
        self._layout()

    @property
    def term(self) -> Term:
        return self.terms[self.index]

    def _layout(self) -> None:
        self.page = ScrollText(definition_lines(self.app.text.font, self.term, 226),
                               self.ROWS)

    def update(self, inp: FrameInput) -> None:
        step = 0
        for buttons, delta in (((Button.LEFT, Button.L), -1), ((Button.RIGHT, Button.R), 1)):
            if any(inp.repeated(b) for b in buttons):
                inp.consume(*buttons)
                step = delta
        if step and len(self.terms) > 1:
            self.index = (self.index + step) % len(self.terms)
            self._layout()
            self.app.play("cursor")
        self.page.update(inp, self.app.sounds)
        if inp.pressed(Button.B) or inp.pressed(Button.A):
            inp.consume(Button.A, Button.B)
            self.app.play("back")
            self.close(self.index)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        font = app.text.font
        surface.fill(PAPER)
        title_bar(app, surface, self.title, f"{self.index + 1}/{len(self.terms)}")
        name = clean(self.term.name)
        if font.width(name) * 2 <= 232:
            app.text.draw(surface, name, 4, 16, INK, 2)
        else:
            app.text.draw(surface, fit(font, name, 232), 4, 20, INK)
        surface.fill(SHADE, (4, self.BODY_Y - 3, 232, 1))
        self.page.draw(surface, app.text, 6, self.BODY_Y, 232)
        moves = "  LEFT/RIGHT: other terms" if len(self.terms) > 1 else ""
        scroll = "UP/DOWN: scroll  " if self.page.scrolls else ""
        hint_line(app, surface, f"{scroll}B: back{moves}")


def _filtered(terms: Sequence[Term], key: str) -> list[Term]:
    if key == "all":
        return list(terms)
    if key == "card":
        return [t for t in terms if not t.eras and t.game == TCG]
    if key in GAMES:
        return [t for t in terms if t.game == key]
    return [t for t in terms if key in t.eras]


class DictionaryScene(Scene):
    """The glossary on its own. ``terms`` (names or aliases) limits it to those terms."""

    LIST_Y = 26
    ROWS = 10

    def __init__(self, app: Handheld, terms: Sequence[str] | None = None) -> None:
        super().__init__(app)
        every = all_terms()
        if terms is not None:
            wanted = {t for t in (lookup(name) for name in terms) if t is not None}
            every = [t for t in every if t in wanted]
        self.every = every
        self.filter = 0
        self.browser = TermBrowser(every, self.ROWS)

    @property
    def shown(self) -> list[Term]:
        return self.browser.terms

    def letters(self) -> set[str]:
        return {initial(t) for t in self.shown}

    def jump(self, delta: int) -> bool:
        """Move to the first term of the previous (-1) or next (+1) letter; whether it
        moved."""
        terms = self.shown
        if not terms:
            return False
        current = initial(terms[self.browser.menu.cursor])
        order = sorted(self.letters(), key=lambda c: (c != "#", c))
        i = (order.index(current) + delta) % len(order)
        target = next(n for n, t in enumerate(terms) if initial(t) == order[i])
        if target == self.browser.menu.cursor:
            return False
        self.browser.move_to(target)
        # Show the letter's terms from the top of the list.
        menu = self.browser.menu
        menu.top = max(0, min(target, len(menu.items) - menu.page_rows))
        return True

    def update(self, inp: FrameInput) -> None:
        for buttons, delta in (((Button.L, Button.LEFT), -1), ((Button.R, Button.RIGHT), 1)):
            if any(inp.repeated(b) for b in buttons):
                inp.consume(*buttons)
                if self.jump(delta):
                    self.app.play("cursor")
        if inp.pressed(Button.SELECT):
            inp.consume(Button.SELECT)
            self.filter = (self.filter + 1) % len(FILTERS)
            self.browser.set_terms(_filtered(self.every, FILTERS[self.filter][0]))
            self.app.play("cursor")
        result = self.browser.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.shown:
            self.push(TermScene(self.app, self.shown, self.browser.menu.cursor))

    def resume(self, result: Any = None) -> None:
        if isinstance(result, int):  # the definition page moved through the list
            self.browser.move_to(result)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        n = len(self.shown)
        title_bar(app, surface, f"Dictionary: {FILTERS[self.filter][1]}",
                  f"{self.browser.menu.cursor + 1 if n else 0}/{n}")
        present = self.letters()
        current = initial(self.browser.selected) if self.browser.selected else ""
        for i, ch in enumerate(LETTERS):
            x = 3 + i * 9
            if ch == current:
                surface.fill(SELECT_FILL, (x, 14, 9, 10))
            w = app.text.font.width(ch)
            app.text.draw(surface, ch, x + (9 - w) // 2 + 1, 16,
                          INK if ch in present else SHADE)
        self.browser.draw(surface, app.text, 4, self.LIST_Y, 232, 110)
        hint_line(app, surface, "A: read  L/R: letter  SELECT: glossary  B: back")
