"""The two pixel fonts: Pocket 7 (the large font) draws every character Pocket 5 does, its
metrics come from its file, and the font setting switches the text at once."""

from __future__ import annotations

import os
import string
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld.ui.font import FontError, PixelFont, font_for
from handheld.ui.settings import Settings
from handheld.ui.text import line_ops, text_drop
from handheld.ui.widgets import Menu, MessageBox, row_height

SMALL = font_for("small")
LARGE = font_for("large")


def test_the_large_font_covers_every_character_of_the_small_one() -> None:
    assert set(LARGE.glyphs) == set(SMALL.glyphs)


def test_the_fonts_metrics_come_from_their_files() -> None:
    assert (SMALL.glyph_height, SMALL.line_height, SMALL.cap_height) == (7, 8, 5)
    assert (LARGE.glyph_height, LARGE.line_height, LARGE.cap_height) == (9, 10, 7)
    assert all(len(rows) == LARGE.glyph_height for rows in LARGE.glyphs.values())


@pytest.mark.parametrize("ch", string.ascii_uppercase + string.digits)
def test_large_capitals_and_digits_are_cap_high_and_about_five_wide(ch: str) -> None:
    rows = LARGE.glyphs[ch]
    inked = [y for y, row in enumerate(rows) if "#" in row]
    assert inked[0] == 0 and inked[-1] == LARGE.cap_height - 1, ch
    assert 3 <= len(rows[0]) <= 5


@pytest.mark.parametrize("ch", "gjpqy")
def test_large_descenders_go_below_the_baseline(ch: str) -> None:
    assert "#" in LARGE.glyphs[ch][LARGE.cap_height + 1]


def test_a_large_string_is_wider_than_a_small_one() -> None:
    text = "Defending Pokémon is Paralyzed."
    assert SMALL.width(text) < LARGE.width(text) <= 2 * SMALL.width(text)


@pytest.mark.parametrize("line", ["metrics height=9 line=0 caps=7", "metrics size=9",
                                  "metrics height=x"])
def test_a_bad_metrics_line_is_refused(line: str) -> None:
    with pytest.raises(FontError):
        PixelFont.parse(f"{line}\n? ###\n")


def test_the_metrics_line_must_come_first() -> None:
    with pytest.raises(FontError):
        PixelFont.parse("? ###\nmetrics height=9\n")


def test_a_glyph_taller_than_the_metrics_allow_is_refused() -> None:
    with pytest.raises(FontError):
        PixelFont.parse("metrics height=3\n? #/#/#/#\n")
    assert PixelFont.parse("metrics height=4\n? #/#/#/#\n").glyph_height == 4


def test_text_beside_an_energy_symbol_is_centred_on_it_in_either_font() -> None:
    assert text_drop(SMALL) == 1 and text_drop(LARGE) == 0
    ops = line_ops(LARGE, "Attach [R] here", 0, 20, (0, 0, 0))
    assert [op.y for op in ops] == [20, 20, 20]


def test_the_font_setting_is_read_forgivingly() -> None:
    assert Settings().font == "small"
    assert Settings.from_dict({"font": "large"}).font == "large"
    problems: list[str] = []
    assert Settings.from_dict({"font": "huge"}, problems).font == "small"
    assert problems and "font" in problems[0]


def test_a_menu_keeps_its_height_and_shows_fewer_rows_in_the_large_font() -> None:
    menu = Menu([str(i) for i in range(10)], rows=8)
    small_h = menu.height(SMALL)
    assert (menu.page_rows, small_h) == (8, 8 * row_height(SMALL))
    menu.select(7)
    assert menu.top == 0
    large_h = menu.height(LARGE)
    assert menu.page_rows == 6 and large_h == 6 * row_height(LARGE) <= small_h
    assert menu.shown(7) and menu.top == 2  # the cursor's row scrolled into view


def test_the_app_switches_fonts_at_once(tmp_path: Path) -> None:
    from handheld.ui.app import Handheld

    h = Handheld(headless=True, data_dir=tmp_path, seed=3)
    assert h.text.font is SMALL
    box = MessageBox("word " * 60, lines=3)
    box.set_text(box._raw, h.text)
    small_pages = len(box.pages)
    h.settings.font = "large"
    h.save_settings()
    assert h.text.font is LARGE
    assert Settings.load(h.saves, h.profile).font == "large"  # kept in the saves
    box.draw(h.surface, h.text, 8, 50)  # rewrapped for the new font: more, shorter lines
    assert len(box.pages) > small_pages
    h.saves.close()


def _app_on_panel(tmp_path: Path, size: tuple[int, int]) -> Any:
    """A handheld whose board drives a (simulated) real panel of ``size``."""
    from firmware_sim.board import config_from_dict, make_board
    from firmware_sim.display import PanelConfig, _PanelDisplay
    from handheld.ui.app import Handheld

    board = make_board("headless", config_from_dict({}), data_dir=tmp_path)
    board.display = _PanelDisplay(PanelConfig(*size))
    return Handheld(headless=True, board=board, seed=3)


def test_a_1x_panel_starts_in_the_large_font_until_the_player_chooses(tmp_path: Path) -> None:
    h = _app_on_panel(tmp_path, (320, 240))  # 240x160 fits once: shown at 1x
    assert h.settings.font == "large" and h.text.font is LARGE
    h.settings.font = "small"  # the player's choice, saved, wins from then on
    h.save_settings()
    h.saves.close()
    again = _app_on_panel(tmp_path, (320, 240))
    assert again.settings.font == "small" and again.text.font is SMALL
    again.saves.close()


def test_a_2x_panel_and_a_headless_board_start_in_the_small_font(tmp_path: Path) -> None:
    h = _app_on_panel(tmp_path / "a", (480, 320))
    assert h.settings.font == "small" and h.text.font is SMALL
    h.saves.close()
    from handheld.ui.app import Handheld

    headless = Handheld(headless=True, data_dir=tmp_path / "b", seed=3)  # tests, goldens
    assert headless.text.font is SMALL
    headless.saves.close()
