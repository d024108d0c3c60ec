"""The coin window says who flips and what for in whole words (issue 18: "Player flips for
Mary'." was cut mid-word)."""

from __future__ import annotations

from handheld.ui.font import pocket_font
from handheld.ui.scenes.duel_menus import CAPTION_W, coin_caption


def test_a_caption_that_fits_two_lines_is_whole() -> None:
    font = pocket_font()
    caption = "Player flips for Mary's Request and its Energy"
    lines = coin_caption(font, caption, CAPTION_W)
    assert " ".join(lines) == caption
    assert 1 <= len(lines) <= 2
    assert all(font.width(line) <= CAPTION_W for line in lines)


def test_a_longer_one_is_cut_at_the_end_of_the_second_line() -> None:
    font = pocket_font()
    caption = "Player flips for " + " ".join(["Poké-Power"] * 30)
    lines = coin_caption(font, caption, CAPTION_W)
    assert len(lines) == 2
    assert lines[1].endswith("...")
    assert all(font.width(line) <= CAPTION_W for line in lines)
    assert lines[0].startswith("Player flips for")
