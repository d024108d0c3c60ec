"""After scanning: what the session read, and what to do with it.

The actions come first: add the scanned copies to the collection, add them to a deck
(the deck builder's rules apply; a card it refuses is named), save a scanned deck list as
a deck, scan more, or finish. Below them, every scanned card: A opens its e-Reader screens.
Cards put in a deck are put in the collection too, since the player holds them.

A deck belongs to an era: "Add to deck ..." offers only the decks of the scanned cards'
eras, and "A new deck" is made in that era (one entry per era when a scan mixes eras), so
a Platinum card never lands in an Expedition deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.eras import ERAS
from ...ereader.scan_session import ScanBasket, ScannedDeck, free_name
from ..palette import MUTED, PAPER
from ..scene import Scene
from ..text import fit
from ..widgets import Menu, MenuItem, window
from .common import ConfirmScene, MenuOverlay, NoticeScene, hint_line, title_bar
from .scan import card_label

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

NEW_DECK = "new"
NEW_DECK_NAME = "Scanned cards"


class ScanReviewScene(Scene):
    def __init__(self, app: Handheld, basket: ScanBasket) -> None:
        super().__init__(app)
        self.basket = basket
        self.menu = Menu([], rows=10)
        self.waiting: str | None = None  # which question's answer resume() gets
        self._refresh()

    def _refresh(self) -> None:
        b = self.basket
        waiting = sum(b.uncollected.values())
        items = [
            MenuItem(f"Add to collection ({waiting})" if waiting else "In the collection",
                     waiting > 0, "collect",
                     "Put the scanned copies in your collection."),
            MenuItem("Add to deck ...", True, "deck",
                     "Put the scanned cards in one of your decks."),
        ]
        items += [MenuItem(fit(self.app.text.font, f"Save deck: {d.name}", 150), True, d,
                           f"A new deck with this list's {d.size} cards.") for d in b.decks]
        items += [MenuItem("Scan more", True, "more", "Back to the camera."),
                  MenuItem("Done", True, "done", "Leave the scanner."),
                  MenuItem(f"Scanned: {b.copies} cards", False)]
        items += [MenuItem(f"{card_label(self.app, cid)} x{b.cards[cid]}", True, ("card", cid),
                           "A: the card's e-Reader screens.") for cid in b.order]
        cursor = self.menu.cursor
        self.menu.set_items(items)
        self.menu.cursor = min(cursor, len(items) - 1)
        if not self.menu.items[self.menu.cursor].enabled:
            self.menu.cursor = 1
        self.menu.select(self.menu.cursor)

    def update(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()  # back to the camera
        elif result == "select" and self.menu.selected is not None:
            self.act(self.menu.selected.value)

    def act(self, what: Any) -> None:
        app = self.app
        if what == "collect":
            n = sum(self.basket.uncollected.values())
            self.basket.add_to_collection(app.saves, app.profile)
            self._notice(f"Added {n} cop{'ies' if n != 1 else 'y'} to the collection.")
        elif what == "deck":
            eras = self.basket.eras(app.pool)
            many = len(eras) > 1
            decks = [d for d in app.saves.decks(app.profile) if d.era in eras]
            items = [MenuItem(fit(app.text.font, d.name, 100), True, d.id,
                              f"{len(d.cards)} cards, {ERAS[d.era].name} rules"
                              if d.era in ERAS else f"{len(d.cards)} cards") for d in decks]
            for era in eras:
                name = ERAS[era].name
                items.append(MenuItem(f"A new {name} deck" if many else "A new deck", True,
                                      (NEW_DECK, era),
                                      f"Called {NEW_DECK_NAME!r}, for the {name} rules."))
            self.waiting = "deck"
            self.push(MenuOverlay(app, "Add to which deck?", items))
        elif isinstance(what, ScannedDeck):
            deck = self.basket.save_deck(app.saves, app.profile, what, app.pool)
            self.basket.add_to_collection(app.saves, app.profile)
            self._notice(f"Saved the deck {deck.name!r} ({len(deck.cards)} cards). Its cards "
                         "are in the collection too.")
        elif what == "more":
            self.close()
        elif what == "done":
            if self.basket.collected:
                self.close("done")
            else:
                self.waiting = "done"
                self.push(ConfirmScene(app, "Finish without adding the scanned cards to the "
                                       "collection?", yes="Finish", no="Go back"))
        elif isinstance(what, tuple) and what[0] == "card":
            from .card_info import CardInfoScene

            self.push(CardInfoScene(app, what[1]))

    def resume(self, result: Any = None) -> None:
        waiting, self.waiting = self.waiting, None
        if waiting == "deck" and result is not None:
            self._add_to_deck(result)
        elif waiting == "done" and result is True:
            self.close("done")
            return
        self._refresh()

    def _add_to_deck(self, deck_id: Any) -> None:
        app = self.app
        if isinstance(deck_id, tuple) and deck_id[0] == NEW_DECK:
            taken = {d.name for d in app.saves.decks(app.profile)}
            deck_id = app.saves.save_deck(app.profile, free_name(NEW_DECK_NAME, taken), [],
                                          era=deck_id[1]).id
        update = self.basket.add_to_deck(app.saves, app.profile, deck_id, app.pool)
        self.basket.add_to_collection(app.saves, app.profile)
        text = f"Added {len(update.added)} cards to {update.deck.name!r} " \
            f"({len(update.deck.cards)} cards now)."
        if update.refused:
            text += " Left out: " + "; ".join(update.refused) + "."
        self._notice(text)

    def _notice(self, text: str) -> None:
        self.app.play("confirm")
        self.push(NoticeScene(self.app, text))
        self._refresh()

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, "Scanned cards", f"{self.basket.copies} copies")
        window(surface, 4, 16, 232, self.menu.rows * 11 + 8)
        self.menu.draw(surface, app.text, 7, 20, 226)
        item = self.menu.selected
        if item is not None and item.hint:
            app.text.draw(surface, fit(app.text.font, item.hint, 232), 4, 138, MUTED)
        hint_line(app, surface, "A: choose  B: scan more")
