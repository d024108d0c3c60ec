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


def test_the_result_says_how_the_match_was_won_naming_both_players() -> None:
    from handheld.ui.scenes.duel_menus import result_sentence

    names = ("Ash", "CPU")
    assert result_sentence("prizes", names, 1) == "CPU took the last Prize card."
    assert result_sentence("no_pokemon", names, 1) == "Ash had no Pokémon left in play."
    assert result_sentence("prizes+no_pokemon", names, 0) == \
        "Ash took the last Prize card and CPU had no Pokémon left in play."
    assert result_sentence("deck_out", names, 0) == "CPU had no card left to draw."
    assert result_sentence("forfeit", names, 0) == "CPU forfeited."
    assert result_sentence("prizes", names, None) == ""  # a draw
