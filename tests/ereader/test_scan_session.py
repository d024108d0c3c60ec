"""The scan basket: nothing reaches the saves until the player chooses, and every card the
deck rules refuse is named."""

from __future__ import annotations

import pytest

from handheld.cards import default_pool
from handheld.ereader.scan_session import ScanBasket, free_name
from handheld.save import Saves

ABRA, KADABRA, ALAKAZAM, WATER = "ecard1-93", "ecard1-84", "ecard1-1", "ecard1-165"
AQUAPOLIS = "ecard2-1"  # a card the engine cannot play yet


@pytest.fixture(scope="module")
def pool():
    return default_pool()


@pytest.fixture
def saves():
    s = Saves.in_memory()
    yield s
    s.close()


def test_the_basket_counts_copies_in_scan_order() -> None:
    basket = ScanBasket()
    basket.add_card(KADABRA)
    basket.add_card(ABRA, 2)
    basket.add_card(KADABRA)
    assert basket.order == [KADABRA, ABRA]
    assert basket.copies == 4
    assert basket.card_list() == [KADABRA, KADABRA, ABRA, ABRA]
    with pytest.raises(ValueError, match="at least one copy"):
        basket.add_card(ABRA, 0)


def test_adding_to_the_collection_logs_the_scan_once(saves) -> None:
    profile = saves.create_profile("Ash").id
    basket = ScanBasket()
    basket.add_card(ABRA, 2)
    basket.add_card(WATER)
    assert saves.owned_counts(profile) == {}  # scanning alone changes nothing
    assert basket.add_to_collection(saves, profile) == {ABRA: 2, WATER: 1}
    assert basket.add_to_collection(saves, profile) == {}  # a second press adds nothing
    assert saves.owned_counts(profile) == {ABRA: 2, WATER: 1}
    log = saves.scans(profile)
    assert sorted((r.card_id, r.count, r.source) for r in log) == sorted([
        (ABRA, 2, "camera"), (WATER, 1, "camera")])
    basket.add_card(ABRA)  # a new scan makes the basket collectable again
    assert basket.add_to_collection(saves, profile) == {ABRA: 3}  # only the new copy
    assert saves.owned_counts(profile) == {ABRA: 3, WATER: 1}


def test_adding_to_a_deck_keeps_the_deck_rules_and_names_what_it_refused(saves, pool) -> None:
    profile = saves.create_profile("Misty").id
    deck = saves.save_deck(profile, "Psychic", [ABRA] * 3 + [WATER] * 10)
    basket = ScanBasket()
    basket.add_card(ABRA, 3)  # only one more Abra fits
    basket.add_card(KADABRA)
    basket.add_card(AQUAPOLIS)
    update = basket.add_to_deck(saves, profile, deck.id, pool)
    assert sorted(update.added) == sorted([KADABRA, ABRA])
    assert any("already 4 cards named Abra" in r for r in update.refused)
    assert any("cannot be played yet" in r for r in update.refused)
    assert len(update.refused) == 2  # the second refused Abra repeats no reason
    saved = saves.deck(deck.id)
    assert saved.cards.count(ABRA) == 4 and KADABRA in saved.cards
    assert len(saved.cards) == 15 and saved.name == "Psychic"


def test_a_deck_that_takes_nothing_is_left_as_it_was(saves, pool) -> None:
    profile = saves.create_profile("Brock").id
    deck = saves.save_deck(profile, "Full", [ABRA] * 4)
    basket = ScanBasket()
    basket.add_card(ABRA)
    update = basket.add_to_deck(saves, profile, deck.id, pool)
    assert update.added == () and update.deck == deck
    assert saves.deck(deck.id).updated == deck.updated


def test_a_scanned_deck_list_is_saved_under_a_free_name(saves, pool) -> None:
    profile = saves.create_profile("Gary").id
    saves.save_deck(profile, "Mind Games", [ABRA])
    basket = ScanBasket()
    scanned = basket.add_deck("Mind Games", [(ABRA, 4), (KADABRA, 2)])
    assert basket.cards == {ABRA: 4, KADABRA: 2}
    saved = basket.save_deck(saves, profile, scanned, pool)
    assert saved.name == "Mind Games (2)"
    assert sorted(saved.cards) == sorted([ABRA] * 4 + [KADABRA] * 2)


def test_free_names() -> None:
    assert free_name("Deck", []) == "Deck"
    assert free_name("deck", ["Deck", "DECK (2)"]) == "deck (3)"
    assert free_name("   ", []) == "Scanned deck"
    long = "x" * 40
    assert len(free_name(long, [long])) == 40 and free_name(long, [long]).endswith(" (2)")
