"""The Platinum era everywhere a player meets it in the app: the duel setup's rules and the
decks of that era, the link's hello naming the era both sides must agree on, new decks for
Platinum's rules built from its sets (with the home era's basic Energy), the album's
marks, and scanned Platinum cards landing only in Platinum decks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from firmware_sim.link import MemoryTransport
from handheld import cards as cards_module
from handheld.cards import era_deck_names, load_deck, ready_deck_era
from handheld.collection import Album, deck_era_of, era_album, era_sets
from handheld.engine.eras import ERAS
from handheld.ereader.scan_session import ScanBasket
from handheld.netplay import parse_hello
from handheld.ui.app import Handheld
from handheld.ui.marks import OWNER_FILL
from handheld.ui.scenes.album import AlbumScene
from handheld.ui.scenes.common import MenuOverlay
from handheld.ui.scenes.decks import DeckEditorScene, DeckListScene
from handheld.ui.scenes.duel_setup import DuelSetupScene, available_decks
from handheld.ui.scenes.link_duel import GAME, LinkSetupScene
from handheld.ui.scenes.scan_review import ScanReviewScene

from .test_app import choose, fresh, to_menu
from .test_link_duel import duel_of, handheld, notice_text, open_setup, tick_both, until

# Three made-up deck sets: the home era's two and one for Platinum.
DECK_SETS = {"theme": ("blazing_quake",), "expedition": ("dark_steel",),
             "platinum": ("tidal_mind",)}


@pytest.fixture
def deck_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards_module, "DECK_SETS", DECK_SETS)


# --------------------------------------------------------------------------- deck sets


def test_the_ready_made_decks_of_an_era_come_from_its_deck_sets(deck_sets: None) -> None:
    assert era_deck_names("expedition") == ["blazing_quake", "dark_steel"]
    assert era_deck_names("platinum") == ["tidal_mind"]
    assert ready_deck_era("tidal_mind") == "platinum"
    assert ready_deck_era("blazing_quake") == "expedition"


def test_each_era_offers_exactly_its_own_ready_made_decks() -> None:
    expedition, platinum = era_deck_names("expedition"), era_deck_names("platinum")
    black_white = era_deck_names("black_white")
    legends = era_deck_names("call_of_legends")
    assert set(expedition) == {*cards_module.THEME_DECKS, *cards_module.EXPEDITION_DECKS}
    assert set(platinum) == set(cards_module.PLATINUM_DECKS) and len(platinum) == 14
    assert set(legends) == set(cards_module.CALL_OF_LEGENDS_DECKS) and len(legends) == 12
    assert set(black_white) == set(cards_module.BLACK_WHITE_DECKS) and len(black_white) == 21
    eras = [set(expedition), set(platinum), set(legends), set(black_white)]
    assert set().union(*eras) == set(cards_module.deck_names())
    assert sum(map(len, eras)) == len(cards_module.deck_names())  # (no deck in two eras)


# --------------------------------------------------------------------------- duel setup


def _titles(era: str) -> list[str]:
    return [n.replace("_", " ").title() for n in era_deck_names(era)]


def test_the_duel_setup_offers_platinum_and_its_decks(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Duel")
    setup = h.scenes.top
    assert isinstance(setup, DuelSetupScene) and setup.era == "expedition"
    assert "platinum" in setup.eras
    h.press("RIGHT")
    assert setup.era == "platinum"
    choose(h, "The computer")
    assert [d[0] for d in setup.decks] == _titles("platinum")
    assert "Flame Rush" in _titles("platinum") and len(setup.decks) == 14
    assert setup.decks == available_decks(h, "platinum")
    # Back to the first step keeps the rules chosen; LEFT goes back to Expedition.
    h.press("B")
    assert setup.step == "opponent" and setup.era == "platinum"
    h.press("LEFT")
    choose(h, "The computer")
    assert [d[0] for d in setup.decks] == _titles("expedition")
    assert "Blazing Quake" in _titles("expedition") and "Flame Rush" not in _titles("expedition")


def test_a_link_duel_from_the_setup_takes_the_era(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Duel")
    h.press("RIGHT")
    choose(h, "over the link")
    link = h.scenes.top
    assert isinstance(link, LinkSetupScene) and link.era == "platinum"
    h.press("B")


# --------------------------------------------------------------------------- the link


def notices(*handhelds: Handheld) -> str:
    """The text of the notice on each handheld's screen (a friend in another era is
    refused as ``test_link_duel`` shows)."""
    return " ".join(notice_text(h) for h in handhelds)


def link_pair(tmp_path: Any, host_era: str, guest_era: str
              ) -> tuple[Handheld, Handheld, LinkSetupScene, LinkSetupScene]:
    a, b = MemoryTransport.pair()
    host, guest = handheld(tmp_path, "hostp", 1), handheld(tmp_path, "guestp", 2)
    hs, gs = open_setup(host, a), open_setup(guest, b)
    hs.era, gs.era = host_era, guest_era
    host.press("A")
    guest.press("DOWN")
    guest.press("A")
    guest.press("A")
    until(host, guest, lambda: hs.step == "deck" and gs.step == "deck")
    return host, guest, hs, gs


def test_the_hello_names_platinum_and_both_sides_agree(tmp_path: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    host, guest, hs, gs = link_pair(tmp_path, "platinum", "platinum")
    # No Platinum deck is legal yet on this branch: pick an Expedition list, and let the era's
    # deck rules say what they think of it (the era's own rules judge both decks).
    deck = ("Test deck", load_deck("blazing_quake"))
    hs.decks, gs.decks = [deck], [deck]
    hs._pick_deck(0)
    assert hs.mine is not None and hs.mine.message()["era"] == "platinum"
    assert parse_hello(hs.mine.message(), game=GAME, era="platinum").era == "platinum"
    gs._pick_deck(0)
    until(host, guest, lambda: hs.friend is not None or hs.step == "role", 200)
    # Both in Platinum: the hello is accepted, and Platinum's deck rules refuse the
    # Expedition cards, on both screens.
    assert hs.friend is not None and hs.friend.era == "platinum"
    until(host, guest, lambda: gs.step == "role", 200)
    tick_both(host, guest, 3)
    assert "not played in the Platinum era" in notices(host, guest)


def test_a_duel_in_platinum_starts_on_both_handhelds(tmp_path: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    platinum = ERAS["platinum"]
    # Any deck goes for this test: the link, not the deck rules, is under test.
    monkeypatch.setattr(platinum, "deck_violations", lambda pool, deck, rules=None: [])
    host, guest, hs, gs = link_pair(tmp_path, "platinum", "platinum")
    deck = ("Test deck", load_deck("blazing_quake"))
    hs.decks, gs.decks = [deck], [deck]
    hs._pick_deck(0)
    gs._pick_deck(0)
    until(host, guest, lambda: duel_of(host) is not None and duel_of(guest) is not None)
    assert duel_of(host).match.era.key == duel_of(guest).match.era.key == "platinum"


# --------------------------------------------------------------------------- deck builder


def test_a_new_deck_for_platinum_offers_its_cards_and_basic_energy(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Deck builder")
    assert isinstance(h.scenes.top, DeckListScene)
    choose(h, "New deck")
    overlay = h.scenes.top
    assert isinstance(overlay, MenuOverlay)
    assert [i.value for i in overlay.menu.items] == ["expedition", "platinum",
                                                     "call_of_legends", "black_white"]
    h.press("DOWN")
    h.press("A")
    ed = h.scenes.top
    assert isinstance(ed, DeckEditorScene) and ed.era == "platinum"
    assert ed.builder.era is ERAS["platinum"]
    ids = [e.card_id for e in ed.album.entries]
    assert {"pl1-1", "pl2-111"} <= set(ids) and not any(i.startswith("ecard1-1") and
                                                         not h.pool.get(i).basic_energy
                                                         for i in ids)
    energy = [i for i in ids if h.pool.get(i).basic_energy]
    assert energy == [f"ecard1-{n}" for n in range(160, 166)]
    # The era's deck rules judge it live (the 4-copy rule for a LV.X is the engine's).
    assert ed.builder.violations() == ERAS["platinum"].deck_violations(h.pool, [])


def test_the_platinum_album_of_the_deck_builder() -> None:
    from handheld.cards import default_pool

    album = era_album(default_pool(), "platinum")
    assert album.sets == ("platinum", "rising_rivals")
    # Expedition prints its own basic Energy: nothing added.
    home = era_album(default_pool(), "expedition")
    assert [e.card_id for e in home.entries] == [
        e.card_id for e in Album(default_pool(), era_sets("expedition")).entries]


def test_the_album_marks_pokemon_sp(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    scene = AlbumScene(h, ("rising_rivals",))
    h.scenes.push(scene)
    h.tick(2)
    # Luxray GL (pl2-9) is the 9th card: the owner's badge in the 9th row.
    row = next(i for i, e in enumerate(scene.shown) if e.card_id == "pl2-9")
    y = 20 + row * 11
    pixels = {tuple(h.screen[yy, x]) for yy in range(y, y + 10) for x in range(7, 200)}
    assert OWNER_FILL["GL"] in pixels
    assert scene.menu.items[row].label.endswith("Luxray")  # the symbol is the badge


# --------------------------------------------------------------------------- scanning


@pytest.fixture
def playable_luxray_gl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Handheld:
    """A handheld whose pool plays Luxray GL (its script is another helper's work)."""
    h = fresh(tmp_path)
    monkeypatch.setattr(h.pool.get("pl2-9"), "implemented", True)
    return h


def test_a_scanned_platinum_card_never_goes_into_an_expedition_deck(
        playable_luxray_gl: Handheld) -> None:
    h = playable_luxray_gl
    home = h.saves.save_deck(h.profile, "Old deck", ["ecard1-161"] * 4)
    basket = ScanBasket()
    basket.add_card("pl2-9", 2)
    basket.add_card("ecard1-162")  # basic Energy: every era's
    assert basket.eras(h.pool) == ["platinum"]
    update = basket.add_to_deck(h.saves, h.profile, home.id, h.pool)
    assert update.added == ("ecard1-162",)
    assert any("Luxray GL (pl2-9) is a Platinum card" in r for r in update.refused)
    plat = h.saves.save_deck(h.profile, "New deck", [], era="platinum")
    update = basket.add_to_deck(h.saves, h.profile, plat.id, h.pool)
    assert update.added == ("pl2-9", "pl2-9", "ecard1-162") and not update.refused


def test_the_review_offers_platinum_decks_and_makes_one(playable_luxray_gl: Handheld) -> None:
    h = playable_luxray_gl
    h.saves.save_deck(h.profile, "Old deck", ["ecard1-161"])
    h.saves.save_deck(h.profile, "Plat deck", [], era="platinum")
    basket = ScanBasket()
    basket.add_card("pl2-9")
    review = ScanReviewScene(h, basket)
    h.scenes.push(review)
    h.tick()
    review.act("deck")
    h.scenes.apply()
    overlay = h.scenes.top
    assert isinstance(overlay, MenuOverlay)
    labels = [i.label for i in overlay.menu.items]
    assert labels == ["Plat deck", "A new deck"]  # never the Expedition deck
    overlay.close(overlay.menu.items[-1].value)
    h.scenes.apply()
    new = h.saves.deck_named(h.profile, "Scanned cards")
    assert new.era == "platinum" and new.cards == ("pl2-9",)


def test_a_scanned_deck_code_is_saved_in_its_cards_era(playable_luxray_gl: Handheld) -> None:
    h = playable_luxray_gl
    basket = ScanBasket()
    scanned = basket.add_deck("Galactic", [("pl2-9", 4), ("ecard1-163", 56)])
    saved = basket.save_deck(h.saves, h.profile, scanned, h.pool)
    assert saved.era == "platinum"
    assert deck_era_of(h.pool, ["ecard1-163"]) == "expedition"  # basic Energy alone
