"""A card page on the whole screen (from the album, the deck builder or a duel).

LEFT/RIGHT (or UP/DOWN) go to the previous or next card of the list it was opened from,
L/R turn the card's pages when its text needs more than one, START opens the card's
e-Reader screens (Pokédex, tips, data, evolution, dictionary), B goes back. Only cards the
player may see are ever put in the list: a duel passes its own side's cards and the
face-up cards in play, never the opponent's hand, deck or Prizes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from firmware_sim.buttons import Button

from ..card_page import FOOTER_Y, MARGIN, WIDTH, CardPage, card_pages, draw_card_page
from ..palette import MUTED
from ..scene import Scene

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput


class CardViewScene(Scene):
    def __init__(self, app: Handheld, card_ids: Sequence[str], index: int = 0) -> None:
        super().__init__(app)
        if not card_ids:
            raise ValueError("a card view needs at least one card")
        self.card_ids = list(card_ids)
        self.index = max(0, min(index, len(self.card_ids) - 1))
        self.page = 0
        self._pages: dict[str, list[CardPage]] = {}

    @property
    def card_id(self) -> str:
        return self.card_ids[self.index]

    def pages(self) -> list[CardPage]:
        cid = self.card_id
        if cid not in self._pages:
            label = _set_label(self.app, cid)
            self._pages[cid] = card_pages(self.app.pool.get(cid), self.app.text.font, label)
        return self._pages[cid]

    def update(self, inp: FrameInput) -> None:
        dx, dy = inp.nav()
        step = dx or dy
        if step and len(self.card_ids) > 1:
            inp.consume(Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)
            self.index = (self.index + step) % len(self.card_ids)
            self.page = 0
            self.app.play("cursor")
        for button, delta in ((Button.L, -1), (Button.R, 1)):
            if inp.pressed(button):
                inp.consume(button)
                n = len(self.pages())
                if n > 1:
                    self.page = (self.page + delta) % n
                    self.app.play("cursor")
        if inp.pressed(Button.START):
            inp.consume(Button.START)
            from .card_info import CardInfoScene

            self.app.play("confirm")
            self.push(CardInfoScene(self.app, self.card_id))
            return
        if inp.pressed(Button.B) or inp.pressed(Button.A):
            inp.consume(Button.A, Button.B)
            self.app.play("back")
            self.close(self.index)

    def draw(self, surface: pygame.Surface) -> None:
        pages = self.pages()
        page = pages[min(self.page, len(pages) - 1)]
        draw_card_page(surface, page, self.app.text.font)
        self._draw_hint(surface, page)

    def _draw_hint(self, surface: pygame.Surface, page: CardPage) -> None:
        """"START: info" in the footer, in the gap between the Pokémon's facts and the set
        label when there is room for it."""
        font = self.app.text.font
        hint = "START: info"
        left, right = MARGIN, WIDTH - MARGIN
        for op in page.ops:
            if op.y < FOOTER_Y - 1:  # the body and the rule above the footer
                continue
            x, _, w, _ = op.box(font)
            if x + w >= WIDTH - MARGIN - 1:
                right = min(right, x)  # the set label, right-aligned
            else:
                left = max(left, x + w)
        w = font.width(hint)
        if right - left >= w + 12:
            self.app.text.draw(surface, hint, (left + right - w) // 2, FOOTER_Y + 1, MUTED)


_LABELS: dict[str, str] = {}


def _set_label(app: Handheld, card_id: str) -> str:
    """"EXP 33/165" for a card (computed once per set)."""
    if not _LABELS:
        from ...assets import available_sets, load_set

        for slug in available_sets():
            data = load_set(slug)
            info = data["set"]
            for card in data["cards"]:
                _LABELS[card["id"]] = f"{info['abbr']} {card['number']}/{info['size']}"
    return _LABELS.get(card_id, "")
