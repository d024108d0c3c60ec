"""The Boosters screen and the reveal through the buttons: packs per set, cards turning over
one by one with the rare last, A skipping, nothing lost when the game stops mid-reveal,
and the player's album showing owned cards and silhouettes."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld.boosters import open_pack
from handheld.save import SAVE_FILE, Saves
from handheld.ui.app import Handheld
from handheld.ui.scenes.boosters import FLIP_FRAMES, RARE_PAUSE

from .test_app import choose, fresh, to_menu


def _boosters(h: Handheld) -> None:
    h.saves.award_boosters(h.profile, [("expedition", 5), ("platinum", 9),
                                       ("expedition", 6)], source="test")
    to_menu(h)
    choose(h, "Boosters")


def test_the_boosters_screen_counts_unopened_packs_per_set(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    assert "win on the Ladder" in next(i.hint for i in h.scenes.top.menu.items
                                       if i.label == "Boosters")
    choose(h, "Boosters")
    assert h.scenes.top.name == "BoostersScene" and h.scenes.top.menu.items == []
    h.press("A")  # nothing to open
    assert h.scenes.top.name == "BoostersScene"
    h.press("B")
    _ = h.scenes.top.menu  # the main menu again
    h.saves.award_boosters(h.profile, [("expedition", 5), ("platinum", 9),
                                       ("expedition", 6)], source="test")
    choose(h, "Boosters")
    assert [i.label for i in h.scenes.top.menu.items] == ["Expedition  x2", "Platinum  x1"]


def test_cards_turn_over_one_by_one_with_the_rare_last(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    h.settings.text_speed = "normal"
    _boosters(h)
    h.press("A", 1)
    reveal = h.scenes.top
    assert reveal.name == "BoosterRevealScene"
    pack = open_pack("expedition", 5)
    assert reveal.cards == pack.cards and reveal.cards[-1] == pack.rare
    assert reveal.shown == 0
    step = FLIP_FRAMES["normal"]
    h.tick(step * 3)
    assert reveal.shown == 3
    h.tick(step * (len(pack.cards) - 4))
    assert reveal.shown == len(pack.cards) - 1  # the rare waits longer
    h.tick(step * RARE_PAUSE)
    assert reveal.done
    h.press("A")  # done: back to the list, one Expedition pack left
    assert h.scenes.top.name == "BoostersScene"
    assert [i.label for i in h.scenes.top.menu.items] == ["Expedition  x1", "Platinum  x1"]


def test_a_skips_the_reveal_and_instant_text_shows_all_at_once(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    h.settings.text_speed = "slow"
    _boosters(h)
    h.press("A", 1)
    reveal = h.scenes.top
    h.tick(2)
    assert not reveal.done
    h.press("A")
    assert reveal.done and h.scenes.top is reveal  # shown, not closed
    h.press("A")
    h.settings.text_speed = "instant"
    h.press("DOWN", 1)
    h.press("A", 1)
    assert h.scenes.top.done and h.scenes.top.cards == open_pack("platinum", 9).cards


def test_a_stop_mid_reveal_leaves_the_cards_owned(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    h.settings.text_speed = "slow"
    _boosters(h)
    h.press("A", 1)
    assert h.scenes.top.shown == 0  # nothing shown yet
    # What a power cut leaves: the file as committed so far, read by a new start.
    after = Saves.open(tmp_path / SAVE_FILE)
    pack = open_pack("expedition", 5)
    owned = after.owned_counts(h.profile)
    assert all(owned.get(c, 0) >= 1 for c in pack.cards)
    assert sum(owned.values()) == len(pack.cards)
    assert [(b.set, b.seed) for b in after.boosters(h.profile)] == [
        ("platinum", 9), ("expedition", 6)]
    after.close()


def test_the_players_album_shows_owned_cards_and_silhouettes(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    [pack] = h.saves.award_boosters(h.profile, [("expedition", 5)], source="test")
    h.saves.open_booster(h.profile, pack.id, open_pack("expedition", 5).cards)
    to_menu(h)
    choose(h, "e-Reader")
    choose(h, "Collection")
    h.press("A")
    album = h.scenes.top
    assert album.name == "AlbumScene" and album.owned_mode
    owned = set(open_pack("expedition", 5).cards)
    labels = {e.card_id: item.label for e, item in zip(album.shown, album.menu.items,
                                                       strict=True)}
    assert labels["ecard1-55"] == " 55 Mew"
    assert labels["ecard1-1"] == "  1"  # a missing card: its number only
    assert sum(1 for e in album.shown if e.owned) == len(owned)
    h.press("A")  # card 1 is missing: refused
    assert h.scenes.top is album and "error" in h.sounds.played
    while album.shown[album.menu.cursor].card_id != "ecard1-55":
        h.press("DOWN", 1)
    h.press("A")
    assert h.scenes.top.name == "CardViewScene"
