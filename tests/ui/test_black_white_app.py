"""The Black & White era everywhere a player meets it in the app: the duel setup's rules,
its ready-made decks with their descriptions, the link's hello, new decks built from its
sets and its own basic Energy, scans landing in its decks, and the marks of its new kinds
(Pokémon-EX, Restored Pokémon, Abilities) on the album and the card page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from handheld import cards as cards_module
from handheld.cards import deck_description, deck_names, era_deck_names, load_deck
from handheld.collection import era_album
from handheld.engine.eras import ERAS
from handheld.ereader.scan_session import ScanBasket
from handheld.netplay import parse_hello
from handheld.ui.card_page import card_pages
from handheld.ui.font import pocket_font
from handheld.ui.marks import EX_FILL, EX_LABEL, RESTORED_LABEL, card_marks, plain_name
from handheld.ui.palette import ABILITY_ORANGE
from handheld.ui.scenes.album import AlbumScene
from handheld.ui.scenes.common import MenuOverlay
from handheld.ui.scenes.decks import DeckEditorScene, DeckListScene
from handheld.ui.scenes.duel_setup import DuelSetupScene, available_decks
from handheld.ui.scenes.link_duel import GAME
from handheld.ui.text import RectOp, TextOp, wrap

from .test_app import choose, fresh, to_menu
from .test_link_duel import duel_of, until
from .test_platinum_app import link_pair

BW = ERAS["black_white"]


def _titles() -> list[str]:
    return [n.replace("_", " ").title() for n in era_deck_names("black_white")]


def test_the_duel_setup_offers_black_white_and_describes_its_decks(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Duel")
    setup = h.scenes.top
    assert isinstance(setup, DuelSetupScene) and "black_white" in setup.eras
    while setup.era != "black_white":
        h.press("RIGHT")
    choose(h, "The computer")
    assert setup.decks == available_decks(h, "black_white")
    # Every ready-made deck of the era is legal, so every one is offered, the pair first.
    assert [d[0] for d in setup.decks] == _titles()
    assert setup.decks[0][0] == "Crimson Spark"
    assert setup.descriptions[0] == deck_description("crimson_spark")
    assert setup.descriptions[0].startswith("Fire theme deck. Tepig grows into Emboar")
    # The highlighted deck's description is on the screen, under the list.
    h.tick(2)
    h.press("DOWN")
    second = era_deck_names("black_white")[1]
    assert setup.menu.selected is not None and setup.menu.selected.label == _titles()[1]
    assert setup.descriptions[setup.menu.selected.value] == deck_description(second)


def test_every_ready_made_deck_has_a_description_that_fits_under_the_deck_list() -> None:
    font = pocket_font()
    for name in deck_names():
        about = deck_description(name)
        assert about, f"{name} has no description"
        assert len(wrap(font, about, 220)) <= 3, f"{name}: {about!r} is longer than 3 lines"


def test_the_era_s_decks_together_use_every_card_of_its_four_sets() -> None:
    from handheld.assets import load_set

    pool = cards_module.default_pool()
    used = {cid for name in cards_module.BLACK_WHITE_DECKS for cid in load_deck(name)}
    for slug in BW.sets:
        ids = {c["id"] for c in load_set(slug)["cards"]}
        assert ids <= used, f"{slug}: {sorted(ids - used)} in no ready-made deck"
    for name in cards_module.BLACK_WHITE_DECKS:
        assert BW.deck_violations(pool, load_deck(name)) == [], name


def test_a_new_deck_for_black_white_offers_its_cards_and_its_own_basic_energy(
        tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Deck builder")
    assert isinstance(h.scenes.top, DeckListScene)
    choose(h, "New deck")
    overlay = h.scenes.top
    assert isinstance(overlay, MenuOverlay)
    values = [i.value for i in overlay.menu.items]
    assert values == ["expedition", "platinum", "call_of_legends", "black_white"]
    for _ in range(values.index("black_white")):
        h.press("DOWN")
    h.press("A")
    ed = h.scenes.top
    assert isinstance(ed, DeckEditorScene) and ed.era == "black_white"
    ids = [e.card_id for e in ed.album.entries]
    assert {"bw1-1", "bw4-22", "bw5-53", "bw6-128"} <= set(ids)
    assert not any(i.startswith(("ecard1-", "pl1-", "pl2-")) for i in ids)
    energy = [i for i in ids if h.pool.get(i).basic_energy]
    assert energy == [f"bw1-{n}" for n in range(105, 113)]  # printed by Black & White


def test_the_album_of_the_era_holds_its_four_sets() -> None:
    album = era_album(cards_module.default_pool(), "black_white")
    assert album.sets == ("black_white", "next_destinies", "dark_explorers", "dragons_exalted")


def test_the_hello_names_black_white_and_a_duel_starts_in_it(tmp_path: Any) -> None:
    host, guest, hs, gs = link_pair(tmp_path, "black_white", "black_white")
    deck = ("Crimson Spark", load_deck("crimson_spark"))
    hs.decks, gs.decks = [deck], [deck]
    hs._pick_deck(0)
    assert hs.mine is not None and hs.mine.message()["era"] == "black_white"
    assert parse_hello(hs.mine.message(), game=GAME, era="black_white").era == "black_white"
    gs._pick_deck(0)
    until(host, guest, lambda: duel_of(host) is not None and duel_of(guest) is not None)
    assert duel_of(host).match.era.key == duel_of(guest).match.era.key == "black_white"


def test_a_scanned_black_white_card_lands_only_in_a_deck_of_its_era(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    home = h.saves.save_deck(h.profile, "Old deck", ["ecard1-161"] * 4)
    basket = ScanBasket()
    basket.add_card("bw4-22", 2)  # Reshiram-EX
    assert basket.eras(h.pool) == ["black_white"]
    update = basket.add_to_deck(h.saves, h.profile, home.id, h.pool)
    assert not update.added and any("Reshiram-EX (bw4-22)" in r for r in update.refused)
    mine = h.saves.save_deck(h.profile, "EX deck", [], era="black_white")
    update = basket.add_to_deck(h.saves, h.profile, mine.id, h.pool)
    assert update.added == ("bw4-22", "bw4-22") and not update.refused


def test_pokemon_ex_and_restored_pokemon_wear_their_badges(tmp_path: Path) -> None:
    pool = cards_module.default_pool()
    ex, restored = pool.get("bw4-22"), pool.get("bw5-53")
    assert [label for label, _, _ in card_marks(ex)] == [EX_LABEL]
    assert plain_name(ex) == "Reshiram"  # the badge says EX
    assert [label for label, _, _ in card_marks(restored)] == [RESTORED_LABEL]
    assert card_marks(pool.get("bw4-21")) == []  # plain Reshiram
    # In the album the EX badge is drawn beside the name.
    h = fresh(tmp_path)
    to_menu(h)
    scene = AlbumScene(h, ("next_destinies",))
    h.scenes.push(scene)
    row = next(i for i, e in enumerate(scene.shown) if e.card_id == "bw4-5")  # Shaymin-EX
    while scene.menu.top > row or row >= scene.menu.top + scene.menu.rows:
        h.press("DOWN")
    h.tick(2)
    y = 20 + (row - scene.menu.top) * 11
    pixels = {tuple(h.screen[yy, x]) for yy in range(y, y + 10) for x in range(7, 200)}
    assert EX_FILL in pixels


def test_the_card_page_says_ability_ex_and_restored() -> None:
    pool = cards_module.default_pool()
    font = pocket_font()

    def ops(card_id: str) -> list[Any]:
        return [op for page in card_pages(pool.get(card_id), font) for op in page.ops]

    emboar = ops("bw1-20")
    tags = [op for op in emboar if isinstance(op, RectOp) and op.color == ABILITY_ORANGE]
    words = [op.text for op in emboar if isinstance(op, TextOp)]
    assert tags and "Ability" in words and "Inferno Fandango" in words
    ex_words = " ".join(op.text for op in ops("bw4-22") if isinstance(op, TextOp))
    assert "Pokémon-EX" in ex_words and "2 Prizes" in ex_words
    aero = " ".join(op.text for op in ops("bw5-53") if isinstance(op, TextOp))
    assert "Restored Pokémon" in aero and "Old Amber Aerodactyl" in aero


@pytest.mark.parametrize("deck", ["crimson_spark", "tidal_blade"])
def test_the_theme_pair_plays_a_whole_match(deck: str) -> None:
    from handheld.players import make_player, play_match

    pool = cards_module.default_pool()
    other = "tidal_blade" if deck == "crimson_spark" else "crimson_spark"
    done, rec = play_match(pool, (load_deck(deck), load_deck(other)),
                           [make_player("greedy", 1), make_player("random", 2)], 7,
                           rules=BW.ruleset)
    assert done.over and done.era is BW and rec.winner in (0, 1)
