"""Booster packs: the unopened packs per set, and opening one with a short reveal.

:class:`BoostersScene` (main menu -> Boosters) lists the sets the profile holds unopened
packs of, with how many; A opens the oldest pack of the set. :class:`BoosterRevealScene`
opens packs one after the other: each pack's cards (``handheld.boosters.open_pack`` of its
set and seed) are written to the saves **before** the first card is shown, in one
transaction with the collection's counts, so a crash or a power cut mid-reveal leaves the
cards owned (the pack is then no longer unopened). The cards then turn over one by one,
commons first and the rare last; A or B shows them all at once, and at the "instant" text
speed they are all shown at once. The result screen of a ladder win opens the packs it
earned straight away with the same scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ..marks import plain_name
from ..palette import INK, MUTED, PAPER, POWER_RED, SHADE, TYPE_BAND, WHITE
from ..scene import Scene
from ..text import wrap
from ..widgets import Menu, MenuItem, window
from .common import hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ...save import BoosterPack
    from ..app import Handheld
    from ..input import FrameInput

# Frames between two cards turning over, by text speed ("instant": all at once).
FLIP_FRAMES = {"slow": 24, "normal": 14, "fast": 7, "instant": 0}
RARE_PAUSE = 2  # the rare waits this many flips' time: the pack's moment
TILE_W, TILE_H, GAP = 44, 64, 2
CARD_BACK = (60, 84, 150)
TIER_LABEL = {"common": "Common", "uncommon": "Uncommon", "rare": "Rare", "holo": "Holo",
              "ultra": "Ultra", "secret": "Secret"}
HOLO_FOIL = (232, 214, 120)


def open_booster(app: Handheld, pack: BoosterPack) -> tuple[list[str], set[str]]:
    """Open ``pack`` in the saves (its cards into the collection, one transaction); its
    cards in reveal order and those the collection did not hold before."""
    from ...boosters import open_pack

    before = app.saves.owned_counts(app.profile)
    cards = open_pack(pack.set, pack.seed).cards
    opened = app.saves.open_booster(app.profile, pack.id, cards)
    if pack.opened:  # opened before (another screen): nothing is new
        before = {c: 1 for c in opened.cards or ()}
    return list(opened.cards or cards), {c for c in cards if not before.get(c)}


class BoostersScene(Scene):
    """The unopened packs, per set."""

    def enter(self) -> None:
        self.menu = Menu([], rows=9)
        self._refresh()

    def resume(self, result: Any = None) -> None:
        self._refresh()

    def _refresh(self) -> None:
        from ...boosters import UnknownSet, set_pool
        from ...collection import sets_by_release

        self.packs = self.app.saves.boosters(self.app.profile)
        per_set: dict[str, list[BoosterPack]] = {}
        for p in self.packs:
            per_set.setdefault(p.set, []).append(p)
        order = {slug: i for i, slug in enumerate(sets_by_release())}
        items = []
        for slug, packs in sorted(per_set.items(), key=lambda kv: order.get(kv[0], 10**6)):
            try:
                name = set_pool(slug).name
            except UnknownSet:  # a set this version does not have: kept, not offered
                continue
            items.append(MenuItem(f"{name}  x{len(packs)}", True, packs[0]))
        cursor = self.menu.cursor
        self.menu.set_items(items)
        self.menu.cursor = min(cursor, max(len(items) - 1, 0))

    def update(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.menu.selected is not None:
            self.push(BoosterRevealScene(self.app, [self.menu.selected.value]))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        t = app.text
        surface.fill(PAPER)
        title_bar(app, surface, "Booster packs", f"{len(self.packs)} unopened")
        if not self.menu.items:
            window(surface, 8, 24, 224, 40)
            for i, line in enumerate(wrap(t.font, "No packs to open. Win duels on the "
                                          "Ladder to earn booster packs.", 212)):
                t.draw(surface, line, 14, 30 + i * 9, INK)
            hint_line(app, surface, "B: back")
            return
        window(surface, 8, 20, 150, self.menu.height() + 8)
        self.menu.draw(surface, t, 11, 24, 144)
        for i, line in enumerate(wrap(t.font, "Each pack holds commons, uncommons and a rare "
                                      "(a holo about one time in three).", 70)):
            t.draw(surface, line, 164, 24 + i * 9, MUTED)
        hint_line(app, surface, "A: open a pack  B: back")


class BoosterRevealScene(Scene):
    """Open packs one after the other, each with its cards turning over one by one."""

    def __init__(self, app: Handheld, packs: list[BoosterPack]) -> None:
        super().__init__(app)
        self.queue = list(packs)
        self.total = len(packs)
        self.cards: list[str] = []
        self.new: set[str] = set()
        self.tiers: dict[str, str] = {}
        self.set_name = ""
        self.shown = 0
        self.clock = 0

    def enter(self) -> None:
        self._next_pack()

    def _next_pack(self) -> bool:
        """Open the next pack of the queue (written before it is shown); False when none."""
        from ...boosters import UnknownSet, set_pool

        while self.queue:
            pack = self.queue.pop(0)
            try:
                pool = set_pool(pack.set)
            except UnknownSet:
                continue  # a set this version cannot open: the pack stays unopened
            self.cards, self.new = open_booster(self.app, pack)
            self.tiers = {c: t for t, cs in pool.tiers.items() for c in cs}
            self.set_name = pool.name
            self.shown = len(self.cards) if self._step() == 0 else 0
            self.clock = 0
            return True
        return False

    def _step(self) -> int:
        return FLIP_FRAMES.get(self.app.settings.text_speed, FLIP_FRAMES["normal"])

    @property
    def done(self) -> bool:
        return self.shown >= len(self.cards)

    def update(self, inp: FrameInput) -> None:
        if not self.done:
            self.clock += 1
            wait = self._step() * (RARE_PAUSE if self.shown == len(self.cards) - 1 else 1)
            if self.clock >= wait:
                self.clock = 0
                self.shown += 1
                self.app.play("confirm" if self.done else "cursor")
            if inp.pressed(Button.A) or inp.pressed(Button.B) or inp.pressed(Button.START):
                inp.consume(Button.A, Button.B, Button.START)
                self.shown = len(self.cards)  # skip: every card at once
            return
        if inp.pressed(Button.A) or inp.pressed(Button.START):
            inp.consume(Button.A, Button.START)
            self.app.play("confirm")
            if not self._next_pack():
                self.close()
        elif inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.close()  # the packs not opened yet stay in the Boosters screen

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        number = self.total - len(self.queue)
        title_bar(app, surface, f"Booster: {self.set_name}",
                  f"pack {number}/{self.total}" if self.total > 1 else "")
        per_row = 5
        for i, cid in enumerate(self.cards):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(self.cards) - row * per_row)
            left = (240 - in_row * TILE_W - (in_row - 1) * GAP) // 2
            x, y = left + col * (TILE_W + GAP), 17 + row * (TILE_H + GAP)
            if i < self.shown:
                self._face(surface, cid, x, y)
            else:
                self._back(surface, x, y)
        if self.done:
            new = sum(1 for c in set(self.cards) if c in self.new)
            hint = ("A: next pack" if self.queue else "A: done") + \
                f"  {new} new card{'s' if new != 1 else ''}"
        else:
            hint = "A: show all"
        hint_line(app, surface, hint)

    def _back(self, surface: pygame.Surface, x: int, y: int) -> None:
        surface.fill(INK, (x, y, TILE_W, TILE_H))
        surface.fill(CARD_BACK, (x + 2, y + 2, TILE_W - 4, TILE_H - 4))
        cx, cy = x + TILE_W // 2, y + TILE_H // 2  # a ball in the middle
        surface.fill(POWER_RED, (cx - 6, cy - 6, 12, 6))
        surface.fill(WHITE, (cx - 6, cy, 12, 6))
        surface.fill(INK, (cx - 6, cy - 1, 12, 2))
        surface.fill(INK, (cx - 2, cy - 2, 4, 4))

    def _face(self, surface: pygame.Surface, cid: str, x: int, y: int) -> None:
        t = self.app.text
        d = self.app.pool.get(cid)
        tier = self.tiers.get(cid, "common")
        band = TYPE_BAND.get(d.types[0], SHADE) if d.kind == 0 and d.types else SHADE
        rare = tier not in ("common", "uncommon")
        surface.fill(HOLO_FOIL if tier in ("holo", "ultra", "secret") else INK,
                     (x, y, TILE_W, TILE_H))
        surface.fill(PAPER, (x + 2, y + 2, TILE_W - 4, TILE_H - 4))
        surface.fill(band, (x + 2, y + 2, TILE_W - 4, 9))
        number = cid.rsplit("-", 1)[1]
        t.draw(surface, f"#{number}", x + 4, y + 4, INK)
        lines = wrap(t.font, plain_name(d), TILE_W - 8)[:3]
        for j, line in enumerate(lines):
            t.draw(surface, line, x + 4, y + 14 + j * 8, INK)
        t.draw(surface, TIER_LABEL.get(tier, tier), x + 4, y + TILE_H - 20,
               POWER_RED if rare else MUTED)
        if cid in self.new:
            t.draw(surface, "NEW", x + 4, y + TILE_H - 11, POWER_RED)
