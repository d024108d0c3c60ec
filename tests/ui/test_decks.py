"""The deck builder, driven with the buttons on a headless handheld: build a legal deck,
save it under a typed name, rename, copy, delete, copy a ready-made deck, and the refusals
(a fifth copy, a 61st card, a name already taken, leaving with unsaved changes)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from handheld.autodeck import build_around
from handheld.cards import load_deck
from handheld.ui.app import Handheld
from handheld.ui.keyboard import DONE, SPACE, KeyboardScene
from handheld.ui.palette import BODY_GREEN, POWER_RED
from handheld.ui.scenes.album import FILTERS
from handheld.ui.scenes.common import NoticeScene
from handheld.ui.scenes.deck_summary import LIST, STATS, DeckSummaryScene
from handheld.ui.scenes.decks import (
    ConfirmScene,
    DeckEditorScene,
    DeckListScene,
    MenuOverlay,
    free_name,
)


@pytest.fixture
def h(tmp_path: Path) -> Handheld:
    return Handheld(headless=True, data_dir=tmp_path, seed=1)


# --------------------------------------------------------------------------- driving


def open_deck_builder(h: Handheld) -> DeckListScene:
    h.press("START")  # the title
    menu = h.scenes.top.menu  # type: ignore[union-attr]
    for _ in range(len(menu.items)):
        if menu.selected.value == "decks":
            break
        h.press("DOWN")
    h.press("A")
    scene = h.scenes.top
    assert isinstance(scene, DeckListScene)
    return scene


def choose(h: Handheld, value: object) -> None:
    """Move the cursor of the menu on top (a list or an overlay) to ``value`` and press A."""
    menu = h.scenes.top.menu  # type: ignore[union-attr]
    for _ in range(len(menu.items)):
        item = menu.selected
        if getattr(item.value, "name", item.value) == value or item.value == value:
            break
        h.press("DOWN")
    else:
        raise AssertionError(f"{value!r} is not in {[i.label for i in menu.items]}")
    h.press("A")


def type_text(h: Handheld, text: str, *, clear: bool = True) -> None:
    kb = h.scenes.top
    assert isinstance(kb, KeyboardScene)
    if clear:
        for _ in range(len(kb.text)):
            h.press("B")
    for ch in text:
        press_key(h, kb, SPACE if ch == " " else ch)
    assert kb.text.endswith(text)


def press_key(h: Handheld, kb: KeyboardScene, key: str) -> None:
    row, _ = KeyboardScene.locate(key)
    for _ in range(10):
        if kb.row == row:
            break
        h.press("DOWN")
    for _ in range(14):
        if kb.key == key:
            break
        h.press("RIGHT")
    assert kb.key == key
    h.press("A")


def set_filter(h: Handheld, ed: DeckEditorScene, key: str) -> None:
    for _ in range(len(FILTERS)):
        if FILTERS[ed.filter][0] == key:
            return
        h.press("RIGHT")
    raise AssertionError(f"no filter {key!r}")


def cursor_to(h: Handheld, ed: DeckEditorScene, card_id: str) -> None:
    ids = [e.card_id for e in ed.offered]
    target = ids.index(card_id)
    for _ in range(len(ids)):
        if ed.cursors[0].index == target:
            return
        h.press("DOWN")
    raise AssertionError("the cursor never reached the card")


def status_has(h: Handheld, color: tuple[int, int, int]) -> bool:
    """Whether the header's status lines (under the title bar) show text in ``color``."""
    rows = h.screen[14:31]
    return bool(np.all(rows == np.array(color), axis=2).any())


def build_legal_deck(h: Handheld, ed: DeckEditorScene) -> Counter[str]:
    """56 basic Fire Energy and 4 copies of the first Basic Pokémon, with the buttons."""
    pool = h.pool
    set_filter(h, ed, "energy")
    fire = next(e.card_id for e in ed.offered if pool.get(e.card_id).basic_energy
                and "Fire" in pool.get(e.card_id).name)
    cursor_to(h, ed, fire)
    for _ in range(56):
        h.press("A")
    set_filter(h, ed, "pokemon")
    basic = next(e.card_id for e in ed.offered if pool.get(e.card_id).is_basic_pokemon)
    cursor_to(h, ed, basic)
    for _ in range(4):
        h.press("A")
    return Counter({fire: 56, basic: 4})


def new_deck(h: Handheld, lst: DeckListScene, era: str = "expedition") -> DeckEditorScene:
    choose(h, "New deck")
    # Several eras are playable: the builder asks which rules the deck is for.
    assert isinstance(h.scenes.top, MenuOverlay)
    assert h.scenes.top.menu.selected.value == "expedition"  # the home era first
    choose(h, era)
    ed = h.scenes.top
    assert isinstance(ed, DeckEditorScene)
    return ed


def save_new(h: Handheld, name: str) -> None:
    h.press("START")
    assert isinstance(h.scenes.top, MenuOverlay)
    choose(h, "save")
    type_text(h, name)
    h.press("START")


def leave(h: Handheld) -> None:
    h.press("START")
    choose(h, "leave")


def own(h: Handheld) -> dict[str, tuple[str, ...]]:
    return {d.name: d.cards for d in h.saves.decks(h.profile)}


# --------------------------------------------------------------------------- the tests


def test_build_save_rename_copy_delete(h: Handheld) -> None:
    lst = open_deck_builder(h)
    ed = new_deck(h, lst)
    h.tick()
    assert status_has(h, POWER_RED) and not status_has(h, BODY_GREEN)  # 0/60: not legal
    built = build_legal_deck(h, ed)
    assert ed.builder.size == 60 and ed.builder.violations() == []
    assert status_has(h, BODY_GREEN)  # "Legal deck"
    assert ed.dirty

    # The 61st card (a basic Energy: no copy limit) is refused, with the reason, and the
    # deck stays as it was.
    set_filter(h, ed, "energy")
    h.press("A")
    assert ed.message == ed.builder.can_add(ed.current() or "")
    assert "already has 60 cards" in ed.message
    assert h.sounds.played[-1] == "error" and ed.builder.size == 60

    save_new(h, "Fire Wall")
    assert h.scenes.top is ed and not ed.dirty
    saved = h.saves.deck_named(h.profile, "Fire Wall")
    assert Counter(saved.cards) == built
    assert list(saved.cards) == ed.builder.cards()
    assert ed.deck_id == saved.id

    leave(h)  # nothing unsaved: no question
    assert h.scenes.top is lst
    entry = next(e for e in lst.entries if e.kind == "own")
    assert entry.name == "Fire Wall" and entry.problems == [] and len(entry.cards) == 60
    assert lst.legal_mark(entry)[0] == "60/60 ok"

    # Rename: the keyboard starts with the old name.
    choose(h, "Fire Wall")
    choose(h, "rename")
    kb = h.scenes.top
    assert isinstance(kb, KeyboardScene) and kb.text == "Fire Wall"
    for _ in range(4):
        h.press("B")
    type_text(h, "Deck", clear=False)
    h.press("START")
    assert h.scenes.top is lst
    assert set(own(h)) == {"Fire Deck"}

    # Copy: suggested "<name> copy", same cards.
    choose(h, "Fire Deck")
    choose(h, "copy")
    assert h.scenes.top.text == "Fire Deck copy"  # type: ignore[union-attr]
    h.press("START")
    assert own(h) == {"Fire Deck": saved.cards, "Fire Deck copy": saved.cards}
    assert lst.selected is not None and lst.selected.name == "Fire Deck copy"

    # Delete asks first; the safe answer is the default.
    choose(h, "Fire Deck copy")
    choose(h, "delete")
    assert isinstance(h.scenes.top, ConfirmScene)
    h.press("A")  # "Keep it"
    assert h.scenes.top is lst and "Fire Deck copy" in own(h)
    choose(h, "Fire Deck copy")
    choose(h, "delete")
    h.press("DOWN")
    h.press("A")  # "Delete"
    assert h.scenes.top is lst and set(own(h)) == {"Fire Deck"}
    assert [e.name for e in lst.entries if e.kind == "own"] == ["Fire Deck"]


def test_fifth_copy_is_refused_with_its_reason(h: Handheld) -> None:
    lst = open_deck_builder(h)
    ed = new_deck(h, lst)
    set_filter(h, ed, "pokemon")
    card = ed.offered[0].card_id
    for _ in range(4):
        h.press("A")
    assert ed.builder.counts[card] == 4 and ed.message == ""
    h.press("A")
    assert ed.builder.counts[card] == 4
    assert ed.message == ed.builder.can_add(card)
    assert "at most 4" in ed.message
    assert h.sounds.played[-1] == "error"
    assert status_has(h, POWER_RED)
    # B takes one out again (from either list); the deck list follows.
    h.press("R")
    assert ed.focus == 1 and ed.current() == card
    h.press("B")
    assert ed.builder.counts[card] == 3 and ed.message == ""


def test_duplicate_name_is_reported_and_can_be_corrected(h: Handheld) -> None:
    h.saves.save_deck(h.profile, "Rock", load_deck("rock_crusher"))
    lst = open_deck_builder(h)
    ed = new_deck(h, lst)
    h.press("A")
    save_new(h, "rock")  # names are unique ignoring case
    notice = h.scenes.top
    assert isinstance(notice, NoticeScene)
    assert "already a deck called 'Rock'" in notice.box._raw
    assert ed.deck_id is None and ed.dirty
    for _ in range(6):  # read the message to the end
        if not isinstance(h.scenes.top, NoticeScene):
            break
        h.press("A")
    kb = h.scenes.top
    assert isinstance(kb, KeyboardScene) and kb.text == "rock"  # to correct
    type_text(h, "2", clear=False)
    h.press("START")
    assert set(own(h)) == {"Rock", "rock2"}
    assert len(own(h)["rock2"]) == 1 and not ed.dirty


def test_ready_made_decks_are_templates(h: Handheld) -> None:
    lst = open_deck_builder(h)
    names = [e.name for e in lst.entries if e.kind == "ready"]
    assert names[:2] == ["Blazing Quake", "Tidal Mind"]  # the theme decks first
    assert len(names) >= 11
    choose(h, "Blazing Quake")
    menu = h.scenes.top
    assert isinstance(menu, MenuOverlay)
    assert [i.value for i in menu.menu.items] == ["view", "copy"]  # read-only: no edit
    choose(h, "copy")
    h.press("START")  # keep the suggested name
    assert own(h) == {"Blazing Quake copy": tuple(load_deck("blazing_quake"))}
    # The copy is the player's: it can be edited.
    choose(h, "Blazing Quake copy")
    choose(h, "edit")
    ed = h.scenes.top
    assert isinstance(ed, DeckEditorScene) and ed.builder.size == 60 and not ed.dirty


def test_leaving_with_unsaved_changes_asks(h: Handheld) -> None:
    deck = h.saves.save_deck(h.profile, "Mine", load_deck("tidal_mind"))
    lst = open_deck_builder(h)
    choose(h, "Mine")
    choose(h, "edit")
    ed = h.scenes.top
    assert isinstance(ed, DeckEditorScene)
    h.press("R")
    h.press("B")  # one card out
    assert ed.dirty and ed.builder.size == 59
    leave(h)
    assert isinstance(h.scenes.top, ConfirmScene)
    h.press("A")  # "Keep editing"
    assert h.scenes.top is ed
    leave(h)
    h.press("DOWN")
    h.press("A")  # "Discard changes"
    assert h.scenes.top is lst
    assert h.saves.deck(deck.id).cards == deck.cards


def test_card_page_from_the_editor(h: Handheld) -> None:
    lst = open_deck_builder(h)
    ed = new_deck(h, lst)
    h.press("DOWN")
    h.press("SELECT")
    assert h.describe()["scene"] == "CardViewScene"
    h.press("RIGHT")  # the next card of the list
    h.press("B")
    assert h.scenes.top is ed and ed.cursors[0].index == 2


# --------------------------------------------------------------------------- the keyboard


def keyboard(h: Handheld, text: str = "", max_len: int = 5) -> KeyboardScene:
    kb = KeyboardScene(h, "Name", text, max_len=max_len)
    h.scenes.push(kb)
    h.scenes.apply()
    return kb


def test_keyboard_types_deletes_and_limits(h: Handheld) -> None:
    kb = keyboard(h)
    results: list[object] = []
    kb.close = results.append  # type: ignore[method-assign]
    h.press("START")
    assert results == [] and kb.message  # nothing typed: refused
    for ch in "Ab1 é":
        press_key(h, kb, SPACE if ch == " " else ch)
    assert kb.text == "Ab1 é"
    press_key(h, kb, "Z")
    assert kb.text == "Ab1 é" and "at most 5" in kb.message
    assert h.sounds.played[-1] == "error"
    h.press("B")
    h.press("B")
    assert kb.text == "Ab1"
    press_key(h, kb, DONE)
    assert results == ["Ab1"]


def test_keyboard_wide_keys_and_cancel(h: Handheld) -> None:
    kb = keyboard(h, "x")
    kb.row, kb.col = KeyboardScene.locate(SPACE)
    h.press("RIGHT")
    assert kb.key == "DEL"
    h.press("RIGHT")
    h.press("RIGHT")  # wraps to the first key of the row
    assert kb.key == "'"
    h.press("UP")  # from row 5 column 0 to row 4 column 0
    assert kb.key == "0"
    h.press("B")  # deletes the "x"
    assert kb.text == ""
    h.press("B")  # nothing left: cancels
    assert h.scenes.top is not kb


def test_free_name() -> None:
    assert free_name([], "Deck") == "Deck copy"
    assert free_name(["deck COPY", "Deck copy 2"], "Deck") == "Deck copy 3"
    assert len(free_name([], "x" * 60)) == 40


# --------------------------------------------------------------------------- build around


def open_page(h: Handheld, what: str) -> DeckSummaryScene:
    h.press("START")
    choose(h, what)
    page = h.scenes.top
    assert isinstance(page, DeckSummaryScene)
    return page


def test_build_around_a_card_then_list_view_and_statistics(h: Handheld) -> None:
    lst = open_deck_builder(h)
    ed = new_deck(h, lst)
    set_filter(h, ed, "pokemon")
    cursor_to(h, ed, "ecard1-98")  # Charmander
    h.press("A")
    assert ed.builder.cards() == ["ecard1-98"]

    # The deck is replaced only after a yes: B on the question keeps it.
    h.press("START")
    choose(h, "build")
    question = h.scenes.top
    assert isinstance(question, ConfirmScene)
    assert "will be replaced" in " ".join(question.lines)
    h.press("B")
    assert h.scenes.top is ed and ed.builder.cards() == ["ecard1-98"]

    h.press("START")
    choose(h, "build")
    choose(h, True)
    assert h.scenes.top is ed
    expected = build_around(ed.album, "ecard1-98", "expedition")
    assert expected.legal
    assert Counter(ed.builder.cards()) == Counter(expected.cards)
    assert ed.builder.size == 60 and ed.builder.violations() == [] and ed.dirty
    h.tick()
    assert status_has(h, BODY_GREEN)  # "Built around Charmander"

    page = open_page(h, "list")
    assert page.page == LIST
    assert ("card", "4 Charmander", "EXP 98") in page.rows
    heads = [(left, int(right)) for kind, left, right in page.rows if kind == "head"]
    assert [name for name, _ in heads] == ["Pokémon", "Trainer", "Energy"]
    assert sum(n for _, n in heads) == 60
    h.press("SELECT")
    assert page.page == STATS and page.stats.pokemon == heads[0][1]
    h.press("B")
    assert h.scenes.top is ed

    page = open_page(h, "stats")
    assert page.page == STATS and page.stats.energy == heads[2][1]
    h.press("B")
    assert h.scenes.top is ed

    # Nothing is saved behind the player's back: leaving asks first.
    leave(h)
    assert isinstance(h.scenes.top, ConfirmScene)
    assert own(h) == {}


def test_build_around_owned_cards_offers_a_draft_saying_what_is_missing(
        h: Handheld) -> None:
    h.settings.deck_cards = "owned"
    h.saves.add_cards(h.profile, {"ecard1-98": 2, "ecard1-73": 1, "ecard1-161": 10})
    lst = open_deck_builder(h)
    ed = new_deck(h, lst)
    set_filter(h, ed, "pokemon")
    cursor_to(h, ed, "ecard1-98")
    h.press("START")
    choose(h, "build")
    question = h.scenes.top
    assert isinstance(question, ConfirmScene)
    text = " ".join(question.lines)
    assert text.startswith("Only 13 of 60 cards around Charmander: 2 more Charmander;")
    choose(h, True)
    assert Counter(ed.builder.cards()) == Counter({"ecard1-98": 2, "ecard1-73": 1,
                                                   "ecard1-161": 10})
    assert ed.message.startswith("Draft around Charmander: 13/60.")
    assert "cards short of 60" in ed.message
