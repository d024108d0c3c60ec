"""The duel screen's board: both Active Pokémon and Benches, hands, decks, discards,
Prizes, damage, Special Conditions, Energy and Tools, the Stadium and whose turn it is.

A Pokémon LV.X stands on its earlier level (the slot's cards, the LV.X last): its box shows
the card beneath as a strip of that card's colour along the left edge, like a card peeking
out under another, and a "LV.X" badge. A Pokémon SP shows its owner's symbol as a badge
(:mod:`handheld.ui.marks`).

A Pokémon LEGEND (two cards, one Pokémon) is one wide box: the width of two Bench frames on
the Bench, and on the Active Spot the whole row left of the Prizes (178 pixels; two Active
frames cannot fit 240). Its name is drawn once, with the LEGEND badge, and a notch at the
top and bottom edges marks where its two halves meet. Bench frames keep their size while the
free spaces can give up width; only a Bench whose Pokémon need five frames or more with a
LEGEND among them (a LEGEND and three others, two LEGENDs and one other) narrows every
frame alike, so that each Benched Pokémon and each free space is still drawn
(:func:`bench_layout`). The Stadium lies at the right end of the turn line,
out of the way of a wide Active Pokémon.

Drawn from one player's side (the *viewer*: the bottom half is theirs). Only what that
player may see is drawn: the opponent's hand, deck and Prizes are counts. Layout, 240x160:

    y   0-10   opponent: name, hand, deck, discard, Lost Zone     Prizes on the right
    y  11-31   opponent's Bench (5 spaces)
    y  33-63   opponent's Active Pokémon                (Prize cards right)
    y  65-75   turn line                                (Stadium right)
    y  77-107  your Active Pokémon
    y 109-129  your Bench
    y 131-140  you: name, hand, deck, discard (and Lost Zone, once a card is there)
    y 142-159  messages and prompts (drawn by the duel scene)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import max_hp, pokemon_types
from ..engine.carddefs import CardDef
from ..engine.energy import types_of
from ..engine.position import setup_face_down
from ..engine.ruleset import ASLEEP, BURNED, CONFUSED, PARALYZED, POISONED
from ..ereader.facts import is_prime
from .icons import ICON_SIZE, energy_icon
from .marks import (
    LV_X_FILL,
    LV_X_INK,
    LV_X_LABEL,
    PRIME_FILL,
    PRIME_INK,
    PRIME_LABEL,
    badge_ops,
    badge_width,
    draw_marked_name,
)
from .palette import INK, MUTED, PAPER, SHADE, TRAINER_BAND, TYPE_BAND, WHITE, Color
from .text import TextCache, draw_ops, fit

if TYPE_CHECKING:
    import pygame

    from ..engine import Match
    from ..engine.state import PlayerState, Slot

BENCH_W, BENCH_H = 46, 21
BENCH_X, BENCH_RIGHT = 2, 238  # the Bench row: five frames of 46 with 1-pixel gaps
MIN_FREE_W = 12  # a free Bench space narrower than this would no longer read as a space
ACTIVE_X, ACTIVE_W, ACTIVE_H = 60, 120, 30
# A Pokémon LEGEND on the Active Spot: from the Bench's left edge to the Active frame's
# right one, beside the Prize cards.
LEGEND_ACTIVE_X = BENCH_X
LEGEND_ACTIVE_W = ACTIVE_X + ACTIVE_W - BENCH_X
ROWS = {"opp_info": 0, "opp_bench": 11, "opp_active": 33, "turn": 65, "own_active": 77,
        "own_bench": 109, "own_info": 131, "message": 142}
BOARD_BG: Color = (118, 168, 96)  # the play mat
MAT_LINE: Color = (98, 146, 80)
HIGHLIGHT: Color = (255, 214, 60)
CURSOR: Color = (232, 40, 40)
CONDITION_TAGS: tuple[tuple[int, str, Color], ...] = (
    (POISONED, "PSN", (128, 48, 160)), (BURNED, "BRN", (214, 84, 28)),
    (ASLEEP, "SLP", (52, 96, 196)), (CONFUSED, "CNF", (196, 60, 140)),
    (PARALYZED, "PAR", (196, 160, 20)),
)


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    w: int
    h: int


def is_legend(m: Match, s: Slot) -> bool:
    """Is the Pokémon in ``s`` a Pokémon LEGEND (its two halves, one Pokémon)?"""
    return bool(m.defs[s.top].legend)


def active_rect(m: Match, s: Slot | None, y: int) -> Rect:
    """The Active Spot's box: wide for a Pokémon LEGEND."""
    if s is not None and is_legend(m, s):
        return Rect(LEGEND_ACTIVE_X, y, LEGEND_ACTIVE_W, ACTIVE_H)
    return Rect(ACTIVE_X, y, ACTIVE_W, ACTIVE_H)


def bench_layout(widths: list[int], free: int, y: int) -> tuple[list[Rect], list[Rect]]:
    """The boxes of the Benched Pokémon (``widths``: 1 a frame, 2 a Pokémon LEGEND's two)
    and of the ``free`` Bench spaces after them, left to right with 1-pixel gaps. The
    Pokémon keep the 46-pixel frame while the free spaces can be narrowed to make room
    (down to MIN_FREE_W); past that, every frame narrows alike."""
    room = BENCH_RIGHT - BENCH_X
    units = sum(widths)
    used = units * (BENCH_W + 1)  # each frame and the gap after it
    free_w = (room - used - (free - 1)) // free if free else BENCH_W
    unit = BENCH_W
    if (free and free_w < MIN_FREE_W) or (not free and used - 1 > room):
        unit = (room - (units + free - 1)) // (units + free)
        free_w = unit
    free_w = min(free_w, BENCH_W)
    x = BENCH_X
    pokemon: list[Rect] = []
    for n in widths:
        w = n * unit + (n - 1)  # two frames and the gap between them
        pokemon.append(Rect(x, y, w, BENCH_H))
        x += w + 1
    spaces: list[Rect] = []
    for _ in range(free):
        spaces.append(Rect(x, y, free_w, BENCH_H))
        x += free_w + 1
    return pokemon, spaces


def side_bench(m: Match, p: PlayerState, y: int) -> tuple[list[Rect], list[Rect]]:
    """The boxes of one player's Benched Pokémon and free Bench spaces."""
    widths = [2 if is_legend(m, s) else 1 for s in p.bench]
    return bench_layout(widths, max(0, m.rules.bench_size - len(p.bench)), y)


def slot_rects(m: Match, viewer: int) -> dict[int, Rect]:
    """Where each Pokémon in play is drawn, by slot id (the cursor, the targets and the
    flash of damage use these boxes, so a Pokémon LEGEND is one Pokémon to them all)."""
    out: dict[int, Rect] = {}
    for side, (active_y, bench_y) in ((viewer, (ROWS["own_active"], ROWS["own_bench"])),
                                      (1 - viewer, (ROWS["opp_active"], ROWS["opp_bench"]))):
        p = m.players[side]
        if p.active is not None:
            out[p.active.id] = active_rect(m, p.active, active_y)
        pokemon, _ = side_bench(m, p, bench_y)
        for s, r in zip(p.bench, pokemon, strict=True):
            out[s.id] = r
    return out


def step_cursor(rects: dict[int, Rect], current: int | None, dx: int, dy: int,
                start: int | None = None) -> int | None:
    """Where the D-pad takes the cursor on the board, as a grid of rows: UP and DOWN go to
    the nearest row that way, to its box nearest across (one overlapping the current box
    first); LEFT and RIGHT go to the nearest box that way in the same row. Nothing that
    way: the cursor stays. With no cursor yet it goes to ``start`` (the player's own
    Active Pokémon), else the first box."""
    if not rects or not (dx or dy):
        return current
    here = rects.get(current) if current is not None else None
    if here is None:
        return start if start in rects else next(iter(rects))
    best: tuple[tuple[int, int, int], int] | None = None
    for key, r in rects.items():
        if key == current:
            continue
        across = abs((r.x * 2 + r.w) - (here.x * 2 + here.w))
        if dy:
            rows = (r.y - here.y) * dy
            if rows <= 0:
                continue
            gap = max(0, max(r.x, here.x) - min(r.x + r.w, here.x + here.w))
            score = (rows, gap, across)
        else:
            if r.y >= here.y + here.h or here.y >= r.y + r.h:
                continue  # another row
            ahead = ((r.x * 2 + r.w) - (here.x * 2 + here.w)) * dx
            if ahead <= 0:
                continue
            score = (ahead, 0, 0)
        if best is None or score < best[0]:
            best = (score, key)
    return current if best is None else best[1]


def hp_color(left: int, total: int) -> Color:
    if total <= 0 or left * 2 > total:
        return (72, 176, 72)
    if left * 4 > total:
        return (230, 176, 40)
    return (214, 56, 40)


class BoardView:
    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._damage: Mapping[int, int] = {}

    def draw(self, surface: pygame.Surface, m: Match, viewer: int, *, names: tuple[str, str],
             highlight: frozenset[int] = frozenset(), cursor: int | None = None,
             flash: int | None = None, frame: int = 0, watching: bool = False,
             damage: Mapping[int, int] | None = None) -> None:
        """The board as ``viewer`` sees it. ``watching``: nobody at the handheld plays
        (the demo), so no turn is "yours". ``damage``: by slot id, damage to show instead
        of a Pokémon's own (its HP bar draining while a message tells the damage)."""
        self._damage = damage or {}
        try:
            self._draw(surface, m, viewer, names, highlight, cursor, flash, frame, watching)
        finally:
            self._damage = {}

    def _draw(self, surface: pygame.Surface, m: Match, viewer: int, names: tuple[str, str],
              highlight: frozenset[int], cursor: int | None, flash: int | None, frame: int,
              watching: bool) -> None:
        surface.fill(BOARD_BG)
        for y in range(0, 160, 8):
            surface.fill(MAT_LINE, (0, y, 240, 1))
        rects = slot_rects(m, viewer)
        opp = 1 - viewer
        self._info(surface, m, opp, names[opp], ROWS["opp_info"])
        self._info(surface, m, viewer, names[viewer], ROWS["own_info"])
        for side in (viewer, opp):
            p = m.players[side]
            bench_y = ROWS["own_bench"] if side == viewer else ROWS["opp_bench"]
            for r in side_bench(m, p, bench_y)[1]:
                self._empty(surface, r)
            # During setup the opponent's Pokémon lie face down until both have placed (the
            # same rule as the engine's player view).
            hidden = side != viewer and setup_face_down(m)
            for s in p.in_play():
                r = rects[s.id]
                if hidden:
                    self._face_down(surface, r)
                elif s is p.active:
                    self._active(surface, m, s, r)
                else:
                    self._bench(surface, m, s, r)
            if p.active is None:
                y = ROWS["own_active"] if side == viewer else ROWS["opp_active"]
                self._empty(surface, Rect(ACTIVE_X, y, ACTIVE_W, ACTIVE_H))
            self._prizes(surface, len(p.prizes), m.prize_count if m.turn else 0,
                         ROWS["own_active"] if side == viewer else ROWS["opp_active"])
        turn_w = self._turn_line(surface, m, None if watching else viewer, names)
        if m.stadium >= 0:
            self._stadium(surface, m, turn_w)
        blink = (frame // 8) % 2 == 0
        for sid in highlight:
            if sid in rects and blink:
                _frame(surface, rects[sid], HIGHLIGHT)
        if cursor is not None and cursor in rects:
            _frame(surface, rects[cursor], CURSOR, 2)
        if flash is not None and flash in rects and (frame // 3) % 2 == 0:
            r = rects[flash]
            surface.fill(WHITE, (r.x, r.y, r.w, r.h))

    # ---------------------------------------------------------------- parts

    def _info(self, surface: pygame.Surface, m: Match, side: int, name: str, y: int) -> None:
        p = m.players[side]
        surface.fill(INK, (0, y, 240, 10))
        t = self.text
        x = 3 + t.draw(surface, name, 3, y + 1, WHITE) + 6
        for label, n in zone_counts(p):
            x += t.draw(surface, f"{label} {n}", x, y + 1, SHADE) + 6

    def _prizes(self, surface: pygame.Surface, left: int, total: int, y: int) -> None:
        """Prize cards left, face down, in two columns of three beside the Active spot."""
        surface.fill(PAPER, (184, y - 1, 54, 32))
        self.text.draw(surface, f"Prizes {left}", 187, y + 1, INK)
        for i in range(max(total, left)):
            row, col = divmod(i, 3)
            x, py = 188 + col * 10, y + 10 + row * 10
            if i < left:
                surface.fill(INK, (x, py, 7, 9))
                surface.fill((70, 90, 160), (x + 1, py + 1, 5, 7))
            else:
                surface.fill(SHADE, (x, py, 7, 9))

    def _turn_line(self, surface: pygame.Surface, m: Match, viewer: int | None,
                   names: tuple[str, str]) -> int:
        """Whose turn it is ("Your turn" only to a player at the handheld); returns where
        its text ends."""
        y = ROWS["turn"]
        surface.fill(PAPER, (0, y, 240, 11))
        if m.turn == 0:
            text = "Setting up"
        else:
            whose = "Your turn" if m.current == viewer else f"{names[m.current]}'s turn"
            text = f"Turn {m.turn}: {whose}"
        if m.sudden_death:
            text += f"  (Sudden Death {m.sudden_death})"
        return 4 + self.text.draw(surface, text, 4, y + 2, INK)

    def _stadium(self, surface: pygame.Surface, m: Match, after: int) -> None:
        """The Stadium in play, at the right end of the turn line (cut to the room the
        turn's text leaves)."""
        y = ROWS["turn"]
        name = _cut(self.text, m.card_name(m.stadium), min(STADIUM_W, 236 - after - 10))
        if not name:
            return
        w = self.text.font.width(name) + 4
        surface.fill(TRAINER_BAND, (236 - w, y + 1, w, 9))
        self.text.draw(surface, name, 238 - w, y + 2, INK)

    def _empty(self, surface: pygame.Surface, r: Rect) -> None:
        for x in range(r.x, r.x + r.w, 4):
            surface.fill(MAT_LINE, (x, r.y, 2, 1))
            surface.fill(MAT_LINE, (x, r.y + r.h - 1, 2, 1))
        for y in range(r.y, r.y + r.h, 4):
            surface.fill(MAT_LINE, (r.x, y, 1, 2))
            surface.fill(MAT_LINE, (r.x + r.w - 1, y, 1, 2))

    def _face_down(self, surface: pygame.Surface, r: Rect) -> None:
        surface.fill(INK, (r.x, r.y, r.w, r.h))
        surface.fill((70, 90, 160), (r.x + 1, r.y + 1, r.w - 2, r.h - 2))
        for x in range(r.x + 4, r.x + r.w - 4, 6):
            surface.fill((96, 118, 190), (x, r.y + 3, 3, r.h - 6))

    def _card_box(self, surface: pygame.Surface, m: Match, s: Slot, r: Rect) -> int:
        """The box of a Pokémon in play; returns how far its contents are moved right (a
        LV.X shows the earlier level beneath it as a strip on the left)."""
        types = pokemon_types(m, s)
        band = TYPE_BAND.get(types[0] if types else "C", PAPER)
        surface.fill(INK, (r.x, r.y, r.w, r.h))
        under = earlier_level(m, s)
        inset = 0
        if under is not None:
            low = TYPE_BAND.get(under.types[0] if under.types else "C", PAPER)
            surface.fill(low, (r.x + 1, r.y + 1, PEEK, r.h - 2))
            surface.fill(SHADE, (r.x + 1, r.y + 1 + 10, PEEK, r.h - 12))  # its white body
            inset = PEEK + 1  # the strip and an ink line between the two cards
        surface.fill(PAPER, (r.x + 1 + inset, r.y + 1, r.w - 2 - inset, r.h - 2))
        surface.fill(band, (r.x + 1 + inset, r.y + 1, r.w - 2 - inset, 9))
        if is_legend(m, s):
            # Where the two halves of a Pokémon LEGEND meet: a notch in each long edge.
            mid = r.x + r.w // 2
            surface.fill(INK, (mid, r.y + 1, 1, NOTCH))
            surface.fill(INK, (mid, r.y + r.h - 1 - NOTCH, 1, NOTCH))
        return inset

    def _active(self, surface: pygame.Surface, m: Match, s: Slot, r: Rect) -> None:
        inset = self._card_box(surface, m, s, r)
        d = m.defs[s.top]
        total = max_hp(m, s)
        left = max(0, total - self._damage.get(s.id, s.damage))
        t = self.text
        hp = f"{left}/{total}"
        hp_w = t.font.width(hp)
        x0 = r.x + 3 + inset
        draw_marked_name(surface, t, d, x0, r.y + 2, r.w - hp_w - 10 - inset)
        t.draw(surface, hp, r.x + r.w - 3 - hp_w, r.y + 2, INK)
        bar_w = r.w - 6 - inset
        surface.fill(SHADE, (x0, r.y + 11, bar_w, 3))
        surface.fill(hp_color(left, total), (x0, r.y + 11, bar_w * left // max(1, total), 3))
        self._energy(surface, m, s, x0, r.y + 17, r.w - 50 - inset)
        right = r.x + r.w - 3
        for mask, tag, color in CONDITION_TAGS:
            if s.conditions & mask:
                w = t.font.width(tag) + 2
                right -= w + 1
                surface.fill(color, (right, r.y + 17, w, 8))
                t.draw(surface, tag, right + 1, r.y + 18, WHITE)
        if s.tool >= 0 or s.tms:
            right -= 8
            surface.fill(MUTED, (right, r.y + 17, 7, 8))
            t.draw(surface, "T", right + 2, r.y + 18, WHITE)

    def _bench(self, surface: pygame.Surface, m: Match, s: Slot, r: Rect) -> None:
        inset = self._card_box(surface, m, s, r)
        d = m.defs[s.top]
        damage = self._damage.get(s.id, s.damage)
        left = max(0, max_hp(m, s) - damage)
        t = self.text
        # A Benched box is narrow: the owner's symbol goes beside the name, and a LV.X's
        # or a Pokémon Prime's badge on the second line, right-aligned (the Energy gives
        # way).
        draw_marked_name(surface, t, d, r.x + 2 + inset, r.y + 2, r.w - 5 - inset,
                         lv_x=False, prime=False)
        hp = str(left)
        t.draw(surface, hp, r.x + 2 + inset, r.y + 12, INK if not damage else (196, 40, 40))
        x0 = r.x + 4 + inset + t.font.width(hp)
        right = r.x + r.w - 2
        for label, fill, ink in second_line_marks(d):
            bw = badge_width(t.font, label)
            if right - bw - 1 < x0:
                break  # (a Bench narrowed by a LEGEND: no room left beside the HP)
            right -= bw + 1
            draw_ops(surface, badge_ops(t.font, label, right + 1, r.y + 11, fill, ink), t)
        self._energy(surface, m, s, x0, r.y + 12, right - x0)
        if s.tool >= 0 or s.tms:
            surface.fill(MUTED, (r.x + r.w - 5, r.y + 2, 3, 6))

    def _energy(self, surface: pygame.Surface, m: Match, s: Slot, x: int, y: int,
                width: int) -> int:
        """The Energy attached, one symbol per card, "+n" when they do not all fit."""
        room = max(0, width // (ICON_SIZE + 1))
        cards = s.energy
        show = cards if len(cards) <= room else cards[:max(0, room - 1)]
        for cid in show:
            surface.blit(energy_icon(energy_type(m.defs[cid])), (x, y))
            x += ICON_SIZE + 1
        if len(show) < len(cards):
            self.text.draw(surface, f"+{len(cards) - len(show)}", x + 1, y + 1, INK)
        return x


PEEK = 3  # the width of the earlier level's strip beside a LV.X
NOTCH = 2  # the length of the notches where a LEGEND's two halves meet


def second_line_marks(d: CardDef) -> list[tuple[str, Color, Color]]:
    """The badges a Benched Pokémon shows on its second line, where its name has no room
    for them: LV.X and PRIME."""
    out: list[tuple[str, Color, Color]] = []
    if d.lv_x:
        out.append((LV_X_LABEL, LV_X_FILL, LV_X_INK))
    if is_prime(d):
        out.append((PRIME_LABEL, PRIME_FILL, PRIME_INK))
    return out
STADIUM_W = 100  # the most of the turn line a Stadium's name takes


def earlier_level(m: Match, s: Slot) -> CardDef | None:
    """The card a Pokémon LV.X stands on (the one beneath it in the slot), else None."""
    if len(s.cards) < 2 or not m.defs[s.top].lv_x:
        return None
    return m.defs[s.cards[-2]]


def energy_type(d: CardDef) -> str:
    """The symbol for an Energy card: its one type, or Colorless for anything else."""
    kinds = types_of(d.units[0]) if d.units and d.units[0] else []
    return kinds[0] if len(kinds) == 1 else "C"


def _cut(text: TextCache, s: str, width: int) -> str:
    return fit(text.font, s, width)


def _frame(surface: pygame.Surface, r: Rect, color: Color, thick: int = 1) -> None:
    for i in range(thick):
        surface.fill(color, (r.x - 1 - i, r.y - 1 - i, r.w + 2 + 2 * i, 1))
        surface.fill(color, (r.x - 1 - i, r.y + r.h + i, r.w + 2 + 2 * i, 1))
        surface.fill(color, (r.x - 1 - i, r.y - 1 - i, 1, r.h + 2 + 2 * i))
        surface.fill(color, (r.x + r.w + i, r.y - 1 - i, 1, r.h + 2 + 2 * i))


def zone_counts(p: PlayerState) -> list[tuple[str, int]]:
    """The counts a player's line shows: hand, deck, discard pile, and the Lost Zone (of
    the Platinum era) only once a card is there, so every other board looks as before."""
    counts = [("Hand", len(p.hand)), ("Deck", len(p.deck)), ("Discard", len(p.discard))]
    if p.lost_zone:
        counts.append(("Lost", len(p.lost_zone)))
    return counts
