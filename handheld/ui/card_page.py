"""The card page: a whole card drawn at 240x160 in pixel art, paged when its text is long.

Layout and drawing are apart. :func:`card_pages` turns a card definition into pages of draw
operations (text, Energy symbols, filled rectangles) using only the font's metrics, so a
test can check every card's pages without a display: every operation lies on the screen,
no two texts overlap, and every word of the generated card text appears once, in order.
:func:`draw_card_page` then paints a page onto a pygame surface.

The words come from :func:`handheld.engine.text.card_sections`, the same text the engine
generates from the card's effect definition, so what the page says is what the card does.
A half of a Pokémon LEGEND adds one note of its own before them (:func:`legend_note`): which
half it is, its other half by set and number, and how the two are played as one Pokémon.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.carddefs import ENERGY, POKEMON, CardDef
from ..engine.eras import era_of_card
from ..engine.text import TextSection, card_sections
from ..ereader.facts import legend_half, other_half_label
from .font import PixelFont
from .icons import ICON_SIZE
from .marks import mark_ops, marks_width, plain_name
from .palette import (
    ABILITY_ORANGE,
    BODY_GREEN,
    ENERGY_BAND,
    INK,
    MUTED,
    PAPER,
    POWER_RED,
    SHADE,
    TRAINER_BAND,
    TYPE_BAND,
    WHITE,
    Color,
)
from .text import (
    ICON_GAP,
    IconOp,
    Op,
    RectOp,
    TextCache,
    TextOp,
    draw_ops,
    fit,
    line_ops,
    moved,
    text_drop,
    wrap,
)

if TYPE_CHECKING:
    import pygame

WIDTH, HEIGHT = 240, 160
MARGIN = 4
HEADER_H = 18
SUBLINE_Y = 20
BODY_TOP = 30
FOOTER_Y = 150  # the footer's text line; a rule is drawn just above it
BODY_BOTTOM = FOOTER_Y - 3  # body lines end above this
INDENT = 6  # effect text under an attack or Power
SECTION_GAP = 3


# --------------------------------------------------------------------------- pages


@dataclass
class CardPage:
    """One screen of a card: its draw operations, and the words of the body lines it shows
    (for checks and for reading the page aloud in tests)."""

    ops: list[Op] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    number: int = 1
    count: int = 1


# --------------------------------------------------------------------------- blocks


@dataclass
class _Line:
    ops: list[Op]  # positioned at y = 0; moved when placed
    text: str
    height: int  # the font's line and a pixel


@dataclass
class _Block:
    lines: list[_Line]


def section_head(section: TextSection) -> str:
    """The words a section's first line shows before its effect text."""
    if section.attack:
        cost = "".join(f"[{c}]" for c in section.cost)
        return " ".join(t for t in (cost, section.name, section.damage) if t)
    if section.label:
        return f"{section.label} {section.name}"
    return ""


def _section_block(font: PixelFont, section: TextSection) -> _Block:
    lines: list[_Line] = []
    right = WIDTH - MARGIN
    if section.attack:
        ops: list[Op] = []
        x = MARGIN
        for c in section.cost:
            ops.append(IconOp(x, 0, c))
            x += ICON_SIZE + ICON_GAP
        x += 2 if section.cost else 0
        name_w = font.width(section.name)
        dmg_w = font.width(section.damage) if section.damage else 0
        drop = text_drop(font)
        ops.append(TextOp(x, drop, section.name, INK))
        if section.damage:
            ops.append(TextOp(right - dmg_w, drop, section.damage, INK))
        if x + name_w + (dmg_w + 4 if dmg_w else 0) > right:
            raise ValueError(f"attack line too long: {section_head(section)!r}")
        lines.append(_Line(ops, section_head(section), font.line_height + 2))
    elif section.label:
        tag_color = (POWER_RED if section.label == "Poké-Power"
                     else ABILITY_ORANGE if section.label == "Ability" else BODY_GREEN)
        tag_w = font.width(section.label) + 4
        ops = [RectOp(MARGIN, 0, tag_w, font.line_height + 1, tag_color),
               TextOp(MARGIN + 2, 1, section.label, WHITE),
               TextOp(MARGIN + tag_w + 3, 1, section.name, INK)]
        lines.append(_Line(ops, section_head(section), font.line_height + 2))
    indent = INDENT if (section.attack or section.label) else 0
    for text in wrap(font, section.body, WIDTH - 2 * MARGIN - indent):
        lines.append(_Line(line_ops(font, text, MARGIN + indent, 0, INK), text,
                           font.line_height + 1))
    return _Block(lines)


# --------------------------------------------------------------------------- the page


def owner_title(d: CardDef) -> str:
    """Whose Pokémon SP it is, in words ("Gym Leader"), from its era; "" for any other."""
    if not (d.sp and d.sp_owner):
        return ""
    return era_of_card(d.id).sp_owners.get(d.sp_owner, d.sp_owner)


def legend_note(d: CardDef) -> str:
    """The note a Pokémon LEGEND half's page starts with (empty for any other card): the
    other half, and how both are played (the engine's rules, docs/ENGINE.md)."""
    if not d.legend:
        return ""
    other = other_half_label(d) or "its other half"
    return (f"Played with {other}: both cards go from your hand onto your Bench at once, "
            f"as one Pokémon with {d.hp} HP.")


def _stage_text(d: CardDef) -> str:
    if d.kind == POKEMON:
        if d.legend:
            # Not a Basic: benched only with its other half, never at setup (seed 000).
            number, words = legend_half(d)
            return f"Pokémon LEGEND · half {number}, {words}"
        if d.lv_x:
            # Not an Evolution: it levels up the Active Pokémon of its very name.
            return f"Pokémon LV.X · onto {d.name}"
        if d.sp:
            return f"Basic Pokémon SP · {owner_title(d)}"
        if d.restored:
            # Not a Basic: only its Fossil Item puts it into play (Appendix B of seed 003).
            return f"Restored Pokémon · by {d.benched_by}" if d.benched_by \
                else "Restored Pokémon"
        if d.ex:
            kind = d.kind_name + " · 2 Prizes"
            return f"{kind} · from {d.evolves_from}" if d.evolves_from else kind
        if d.baby:
            kind = "Baby Pokémon"
        else:
            kind = d.kind_name
        return f"{kind} · from {d.evolves_from}" if d.evolves_from and not d.baby else kind
    return d.kind_name


def _band_color(d: CardDef) -> Color:
    if d.kind == POKEMON:
        return TYPE_BAND.get(d.types[0] if d.types else "C", TYPE_BAND["C"])
    return ENERGY_BAND if d.kind == ENERGY else TRAINER_BAND


def _header(font: PixelFont, d: CardDef) -> list[Op]:
    ops: list[Op] = [RectOp(0, 0, WIDTH, HEADER_H, _band_color(d))]
    right = WIDTH - MARGIN
    if d.kind == POKEMON:
        hp = str(d.hp)
        hp_w = font.width(hp) * 2
        ops.append(TextOp(right - hp_w, 2, hp, INK, 2))
        label_w = font.width("HP")
        ops.append(TextOp(right - hp_w - 2 - label_w, 8, "HP", INK))
        room = right - hp_w - label_w - 8 - MARGIN
    else:
        room = right - MARGIN
    # A Pokémon SP's owner symbol (part of its name, printed as a symbol) and a LV.X's
    # badge follow the name as badges.
    room -= marks_width(font, d)
    name = plain_name(d)
    if font.width(name) * 2 <= room:
        ops.append(TextOp(MARGIN, 2, name, INK, 2))
        ops.extend(mark_ops(font, d, MARGIN + font.width(name) * 2 + 1, 5))
    else:
        ops.append(TextOp(MARGIN, 6, name, INK))
        ops.extend(mark_ops(font, d, MARGIN + font.width(name) + 1, 5))
    # The subline: stage or kind on the left, type symbols and Pokédex number on the right.
    x = right
    drop = text_drop(font)
    if d.dex:
        dex = f"No.{d.dex}"
        x -= font.width(dex)
        ops.append(TextOp(x, SUBLINE_Y + drop, dex, MUTED))
        x -= 4
    for t in reversed(d.types):
        x -= ICON_SIZE
        ops.append(IconOp(x, SUBLINE_Y, t))
        x -= ICON_GAP
    # The stage takes the room the right side leaves (cut only in the large font).
    ops.append(TextOp(MARGIN, SUBLINE_Y + drop, fit(font, _stage_text(d), x - 2 - MARGIN),
                      MUTED))
    return ops


def _footer(font: PixelFont, d: CardDef, set_label: str, number: int, count: int) -> list[Op]:
    ops: list[Op] = [RectOp(MARGIN, FOOTER_Y - 2, WIDTH - 2 * MARGIN, 1, SHADE)]
    y = FOOTER_Y
    x = MARGIN
    if d.legend and not d.legend_top:
        # The half beneath prints no Weakness, Resistance nor Retreat: the other half does.
        note = f"Weakness, Retreat: on {other_half_label(d) or 'the other half'}"
        ops.append(TextOp(x, y + 1, note, MUTED))
        x += font.width(note)
    elif d.kind == POKEMON:
        for label, entries in (("Weak", d.weakness), ("Resist", d.resistance)):
            if not entries:
                continue
            ops.append(TextOp(x, y + 1, label, MUTED))
            x += font.width(label) + 2
            for t, value in entries:
                ops.append(IconOp(x, y, t))
                x += ICON_SIZE + 1
                shown = value.replace("x", "×")
                ops.append(TextOp(x, y + 1, shown, INK))
                x += font.width(shown) + 5
        ops.append(TextOp(x, y + 1, "Retreat", MUTED))
        x += font.width("Retreat") + 2
        if d.retreat:
            for _ in range(d.retreat):
                ops.append(IconOp(x, y, "C"))
                x += ICON_SIZE + ICON_GAP
        else:
            ops.append(TextOp(x, y + 1, "0", INK))
            x += font.width("0")
    right_text = set_label + (f"  {number}/{count}" if count > 1 else "")
    rw = font.width(right_text)
    if x + 6 > WIDTH - MARGIN - rw:  # no room beside the Pokémon facts: page number only
        right_text = f"{number}/{count}" if count > 1 else ""
        rw = font.width(right_text)
    if right_text:
        ops.append(TextOp(WIDTH - MARGIN - rw, y + 1, right_text, MUTED))
    return ops


def page_sections(d: CardDef) -> list[TextSection]:
    """The text a card page shows, part by part: the card's generated text, a Pokémon
    LEGEND half's note first (which says what the era's LEGEND rule line says, with the
    other half named, so the page shows the note in the rule's place)."""
    note = legend_note(d)
    if not note:
        return card_sections(d)
    rule = era_of_card(d.id).legend_rule(d.name, d.legend_top)
    return [TextSection(note), *(s for s in card_sections(d) if s.body != rule)]


def card_pages(d: CardDef, font: PixelFont, set_label: str = "") -> list[CardPage]:
    """Lay the card out in as many 240x160 pages as its text needs (most need one)."""
    blocks = [_section_block(font, s) for s in page_sections(d)]
    # Fill pages line by line; a block may continue on the next page.
    pages_lines: list[list[tuple[int, _Line]]] = [[]]
    y = BODY_TOP
    for bi, block in enumerate(blocks):
        if bi and pages_lines[-1]:
            y += SECTION_GAP
        for line in block.lines:
            if y + font.line_height > BODY_BOTTOM:
                pages_lines.append([])
                y = BODY_TOP
            pages_lines[-1].append((y, line))
            y += line.height
    count = len(pages_lines)
    pages = []
    for n, placed in enumerate(pages_lines, 1):
        page = CardPage(number=n, count=count)
        page.ops.append(RectOp(0, 0, WIDTH, HEIGHT, PAPER))
        page.ops.extend(_header(font, d))
        for y, line in placed:
            page.ops.extend(moved(op, dy=y) for op in line.ops)
            page.lines.append(line.text)
        page.ops.extend(_footer(font, d, set_label, n, count))
        pages.append(page)
    return pages


_CACHES: dict[int, TextCache] = {}


def draw_card_page(surface: pygame.Surface, page: CardPage, font: PixelFont) -> None:
    cache = _CACHES.get(id(font))
    if cache is None:
        cache = _CACHES[id(font)] = TextCache(font)
    draw_ops(surface, page.ops, cache)


def render_card_pages(d: CardDef, path: Path, set_label: str = "", *,
                      scale: int = 1) -> list[Path]:
    """Draw every page of a card into PNG files: ``path`` for the first page, then
    ``<stem>-2.png``... Returns the paths written."""
    import pygame

    from .font import pocket_font

    font = pocket_font()
    out = []
    for page in card_pages(d, font, set_label):
        surface = pygame.Surface((WIDTH, HEIGHT))
        draw_card_page(surface, page, font)
        if scale != 1:
            surface = pygame.transform.scale_by(surface, scale)
        target = path if page.number == 1 else \
            path.with_name(f"{path.stem}-{page.number}{path.suffix}")
        pygame.image.save(surface, str(target))
        out.append(target)
    return out
