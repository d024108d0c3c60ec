"""The marks a card's kind gets wherever its name is drawn: a gold-on-ink "LV.X" badge for a
Pokémon LV.X, the owner's symbol of a Pokémon SP ("G", "GL", "4", "C", "FB") on its
owner's colour, a silver "EX" badge in place of a Pokémon-EX's "-EX", an amber "RST"
badge for a Restored Pokémon, a gold-on-wine "LEGEND" badge in place of a Pokémon LEGEND's
" LEGEND" (either half), and a dark-on-gold "PRIME" badge for a card its era lists as a
Pokémon Prime. The board, the card page, the album and the deck lists draw the same marks,
so a player learns them once.

Layout is pure, like :mod:`handheld.ui.text`: :func:`mark_ops` returns draw operations that
tests can check; :func:`draw_marked_name` draws a name with its marks at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ereader.facts import is_prime, legend_half
from .font import GLYPH_HEIGHT, PixelFont
from .palette import INK, MUTED, WHITE, Color
from .text import Op, RectOp, TextCache, TextOp, draw_ops, fit

if TYPE_CHECKING:
    import pygame

    from ..engine.carddefs import CardDef

MARK_H = GLYPH_HEIGHT + 2  # a badge in the small font (see mark_height)
MARK_GAP = 2  # between the name and a badge, and between two badges
LV_X_LABEL = "LV.X"
LV_X_FILL: Color = (60, 44, 20)  # dark bronze, apart from the ink
LV_X_INK: Color = (255, 214, 60)
EX_LABEL = "EX"
EX_FILL: Color = (40, 44, 60)  # slate, with a silver label: the EX cards' own look
EX_INK: Color = (226, 232, 240)
RESTORED_LABEL = "RST"
RESTORED_FILL: Color = (150, 96, 36)  # amber, like the fossil resin it came from
EX_SUFFIX = "-EX"
LEGEND_LABEL = "LEGEND"
LEGEND_FILL: Color = (112, 24, 44)  # wine, with gold letters: the two halves' big name
LEGEND_INK: Color = (255, 206, 92)
LEGEND_SUFFIX = " LEGEND"
PRIME_LABEL = "PRIME"
PRIME_FILL: Color = (204, 152, 20)  # the gold of the Prime frame, with dark letters
PRIME_INK: Color = INK
# The owners of Pokémon SP, each with a colour of its own (symbols as printed on the cards).
OWNER_FILL: dict[str, Color] = {
    "G": (58, 82, 150),  # Team Galactic
    "GL": (196, 112, 28),  # Gym Leader
    "4": (126, 58, 168),  # Elite Four
    "C": (186, 36, 52),  # Champion
    "FB": (30, 124, 112),  # Frontier Brain
}


def card_marks(d: CardDef, *, lv_x: bool = True, prime: bool = True
               ) -> list[tuple[str, Color, Color]]:
    """(label, fill, ink) of each badge a card gets: its owner's symbol, then LV.X, EX,
    RST, LEGEND and PRIME. ``lv_x`` or ``prime`` False leaves that badge out: a place that
    shows it elsewhere (a Benched Pokémon's second line)."""
    out: list[tuple[str, Color, Color]] = []
    if d.sp and d.sp_owner:
        out.append((d.sp_owner, OWNER_FILL.get(d.sp_owner, INK), WHITE))
    if d.lv_x and lv_x:
        out.append((LV_X_LABEL, LV_X_FILL, LV_X_INK))
    if d.ex:
        out.append((EX_LABEL, EX_FILL, EX_INK))
    if d.restored:
        out.append((RESTORED_LABEL, RESTORED_FILL, WHITE))
    if d.legend:
        out.append((LEGEND_LABEL, LEGEND_FILL, LEGEND_INK))
    if prime and is_prime(d):
        out.append((PRIME_LABEL, PRIME_FILL, PRIME_INK))
    return out



def plain_name(d: CardDef) -> str:
    """The name without what its badge shows: the owner's symbol ("Luxray GL" -> "Luxray"),
    a Pokémon-EX's "-EX" ("Reshiram-EX" -> "Reshiram", beside its EX badge), a Pokémon
    LEGEND's " LEGEND" ("Ho-Oh LEGEND" -> "Ho-Oh", beside its LEGEND badge)."""
    if d.sp and d.sp_owner and d.name.endswith(" " + d.sp_owner):
        return d.name[: -len(d.sp_owner) - 1]
    if d.ex and d.name.endswith(EX_SUFFIX):
        return d.name[: -len(EX_SUFFIX)]
    if d.legend and d.name.endswith(LEGEND_SUFFIX):
        return d.name[: -len(LEGEND_SUFFIX)]
    return d.name


def text_name(d: CardDef) -> str:
    """The name where only text is drawn: a LV.X's name says LV.X ("Hippowdon LV.X"), so it
    is never taken for its earlier level."""
    return f"{d.name} {LV_X_LABEL}" if d.lv_x else d.name


def mark_height(font: PixelFont) -> int:
    """A badge's height: one line of text with a pixel of fill around it."""
    return font.glyph_height + 2


def badge_width(font: PixelFont, label: str) -> int:
    return font.width(label) + 4


def marks_width(font: PixelFont, d: CardDef, *, lv_x: bool = True, prime: bool = True) -> int:
    """The room the card's badges take after a name (0 when it has none)."""
    return sum(MARK_GAP + badge_width(font, label)
               for label, _, _ in card_marks(d, lv_x=lv_x, prime=prime))


def badge_ops(font: PixelFont, label: str, x: int, y: int, fill: Color, ink: Color
              ) -> list[Op]:
    """One badge with its top-left corner at (x, y)."""
    return [RectOp(x, y, badge_width(font, label), mark_height(font), fill),
            TextOp(x + 2, y + 1, label, ink)]


def mark_ops(font: PixelFont, d: CardDef, x: int, y: int, *, lv_x: bool = True,
             prime: bool = True) -> list[Op]:
    """The card's badges side by side from (x, y), each preceded by a gap."""
    ops: list[Op] = []
    for label, fill, ink in card_marks(d, lv_x=lv_x, prime=prime):
        x += MARK_GAP
        ops.extend(badge_ops(font, label, x, y, fill, ink))
        x += badge_width(font, label)
    return ops


def legend_half_tag(d: CardDef) -> str:
    """Which half of a Pokémon LEGEND a card is ("1/2", "2/2"), where a list names both
    halves alike; "" for any other card."""
    return legend_half(d)[0] if d.legend else ""


def draw_marked_name(surface: pygame.Surface, text: TextCache, d: CardDef, x: int, y: int,
                     width: int, color: Color = INK, *, prefix: str = "",
                     lv_x: bool = True, prime: bool = True, half: bool = False,
                     suffix: str = "") -> int:
    """``prefix`` and the card's name (without the owner's symbol, which its badge shows),
    cut to fit ``width`` with its badges, drawn with the text's top at ``y``; ``half``
    adds a LEGEND half's tag after them (a list of cards, where the two halves would
    otherwise read the same), ``suffix`` a muted word after all (a printing's set and
    number, where two printings share the name). Returns the width drawn."""
    font = text.font
    tag = legend_half_tag(d) if half else ""
    tag = " ".join(t for t in (tag, suffix) if t)
    marks = marks_width(font, d, lv_x=lv_x, prime=prime)
    if tag:
        marks += MARK_GAP + font.width(tag)
    name = fit(font, prefix + plain_name(d), max(0, width - marks))
    w = text.draw(surface, name, x, y, color)
    draw_ops(surface, mark_ops(font, d, x + w, y - 1, lv_x=lv_x, prime=prime), text)
    if tag:
        text.draw(surface, tag, x + w + marks - font.width(tag), y, MUTED)
    return w + marks
