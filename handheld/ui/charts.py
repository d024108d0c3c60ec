"""Charts drawn offscreen and saved as PNG: the deck doctor's report
(``python -m handheld doctor DECK --png OUT.png``).

Drawn at a small native size in the handheld's pixel font and palette, then scaled up by a
whole number (crisp pixels, as the screen is). Needs no display: a plain ``pygame.Surface``
is drawn on and saved (the caller sets ``SDL_VIDEODRIVER=dummy`` where there is no screen).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from .font import pocket_font
from .palette import BODY_GREEN, INK, MUTED, PAPER, POWER_RED, SHADE, TYPE_FILL, WHITE, Color

# The doctor chart's native layout, in pixels (scaled by SCALE when saved).
SCALE = 2
WIDTH = 340
TOP = 40  # title, legend and column heads above the first row
ROW = 12
BOTTOM = 14  # the axis' labels below the last row
NAME_X, NAME_W = 4, 88
BAR_X, BAR_W = 96, 120  # win rate 0..100%
STACK_X, STACK_W = 252, 84  # how games ended, as parts of one bar
BAR_H = 7
REASON_COLORS: dict[str, Color] = {
    "prizes": BODY_GREEN, "bench_out": POWER_RED, "deck_out": TYPE_FILL["W"],
    "time": MUTED, "card_effect": TYPE_FILL["P"]}
REASON_LABELS = {"prizes": "Prizes", "bench_out": "bench out", "deck_out": "deck out",
                 "time": "time", "card_effect": "a card's effect"}
WIN_BAR: Color = TYPE_FILL["L"]
OVERALL_BAR: Color = (206, 150, 30)


def doctor_chart_size(opponents: int) -> tuple[int, int]:
    """The saved PNG's size for a report of ``opponents`` opponents (and its overall row)."""
    return WIDTH * SCALE, (TOP + ROW * (opponents + 1) + BOTTOM) * SCALE


def draw_doctor_chart(report: dict[str, Any]) -> pygame.Surface:
    """The report as a chart: per opponent a win-rate bar with its 95% interval as a
    whisker (a line at 50%), the win rate in figures, and a bar split by how games ended."""
    font = pocket_font()
    rows = [*report["opponents"], {**report["overall"], "opponent": "overall"}]
    width, height = WIDTH, TOP + ROW * len(rows) + BOTTOM
    surface = pygame.Surface((width, height))
    surface.fill(PAPER)

    title = (f"Deck doctor: {report['deck']} ({report['era']}, {report['players']}, "
             f"{report['games_per_opponent']} games per opponent)")
    font.draw(surface, _fit(font, title, width - 8), 4, 4, INK)
    x = font.draw(surface, "games ended by:", 4, 15, MUTED) + 6
    for reason in REASON_COLORS:  # the legend of the ending bars
        pygame.draw.rect(surface, REASON_COLORS[reason], (x, 16, 4, 4))
        x = font.draw(surface, REASON_LABELS[reason], x + 6, 15, INK) + 8
    font.draw(surface, "opponent", NAME_X, 28, MUTED)
    font.draw(surface, "win rate and its 95% interval", BAR_X, 28, MUTED)
    font.draw(surface, "how games ended", STACK_X, 28, MUTED)

    plot_top, plot_bottom = TOP - 3, TOP + ROW * len(rows)
    for percent in (0, 25, 50, 75, 100):  # the win-rate axis
        gx = BAR_X + round(BAR_W * percent / 100)
        colour = MUTED if percent == 50 else SHADE
        pygame.draw.line(surface, colour, (gx, plot_top), (gx, plot_bottom - 1))
        label = f"{percent}%"
        font.draw(surface, label, gx - font.width(label) // 2, plot_bottom + 3, MUTED)

    for i, row in enumerate(rows):
        y = TOP + ROW * i
        overall = row["opponent"] == "overall"
        if overall:
            pygame.draw.line(surface, INK, (NAME_X, y - 2), (width - 4, y - 2))
        font.draw(surface, _fit(font, row["opponent"], NAME_W), NAME_X, y + 1, INK)
        _win_bar(surface, font, row, y, OVERALL_BAR if overall else WIN_BAR)
        _ending_bar(surface, row, y)
    return surface


def _win_bar(surface: pygame.Surface, font: Any, row: dict[str, Any], y: int,
             colour: Color) -> None:
    rate = row["win_rate"]
    low, high = row["ci95"]
    pygame.draw.rect(surface, colour, (BAR_X, y, round(BAR_W * rate), BAR_H))
    middle = y + BAR_H // 2
    x0, x1 = BAR_X + round(BAR_W * low), BAR_X + round(BAR_W * high)
    pygame.draw.line(surface, INK, (x0, middle), (x1, middle))
    pygame.draw.line(surface, INK, (x0, y + 1), (x0, y + BAR_H - 2))
    pygame.draw.line(surface, INK, (x1, y + 1), (x1, y + BAR_H - 2))
    font.draw(surface, f"{100 * rate:.0f}%", BAR_X + BAR_W + 4, y + 1, INK)


def _ending_bar(surface: pygame.Surface, row: dict[str, Any], y: int) -> None:
    ended = row["ended_by"]
    total = sum(ended.values())
    if not total:
        pygame.draw.rect(surface, SHADE, (STACK_X, y, STACK_W, BAR_H), 1)
        return
    x = STACK_X
    done = 0
    for reason, colour in REASON_COLORS.items():
        done += ended.get(reason, 0)
        end = STACK_X + round(STACK_W * done / total)  # cumulative: the parts fill the bar
        if end > x:
            pygame.draw.rect(surface, colour, (x, y, end - x, BAR_H))
        x = end
    pygame.draw.rect(surface, WHITE, (STACK_X, y, STACK_W, BAR_H), 1)


def _fit(font: Any, text: str, width: int) -> str:
    """``text`` cut to ``width`` pixels, with a dot where it was cut."""
    if font.width(text) <= width:
        return text
    while text and font.width(text + ".") > width:
        text = text[:-1]
    return text + "."


def save_doctor_chart(report: dict[str, Any], path: Path | str) -> tuple[int, int]:
    """Draw the report's chart and save it as a PNG at ``path``; returns its size."""
    chart = pygame.transform.scale_by(draw_doctor_chart(report), SCALE)
    pygame.image.save(chart, str(path))
    return chart.get_size()

