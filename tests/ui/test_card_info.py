"""A card's e-Reader screens (Pokémon, Card, Data, Evolution, Dictionary) and the Dictionary
on its own, through the buttons of a headless handheld: which tabs a card has, switching
them, the Pokédex's units, the evolution chart's reveal, cursor and A, the terms and their
definitions, and that no line of any screen runs off the 240x160 screen."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld.assets import load_pokedex, load_set
from handheld.cards import default_pool
from handheld.ereader.facts import data_rows
from handheld.ereader.tips import card_tips
from handheld.glossary import all_terms
from handheld.ui.app import Handheld
from handheld.ui.font import pocket_font
from handheld.ui.scene import Scene
from handheld.ui.scenes.card_info import (
    BODY_BOTTOM,
    BODY_W,
    BODY_X,
    BODY_Y,
    REVEAL_FRAMES,
    TABS,
    CardInfoScene,
    chart_layout,
    pick_card,
    tab_key,
)
from handheld.ui.scenes.card_view import CardViewScene
from handheld.ui.scenes.dictionary import (
    FILTERS,
    DictionaryScene,
    TermScene,
    definition_lines,
    era_words,
    initial,
)
from handheld.ui.scroll_text import SCROLL_BAR_W, clean

ALAKAZAM = "ecard1-1"  # Expedition: Abra -> Kadabra -> Alakazam
KADABRA = "ecard1-84"
MARYS_IMPULSE = "ecard1-142"  # a Supporter
EEVEE = "ecard2-75"  # Aquapolis: eight branches


def fresh(tmp_path: Path, *, animations: bool = False) -> Handheld:
    h = Handheld(headless=True, data_dir=tmp_path, seed=5)
    h.settings.text_speed = "instant"
    h.settings.animations = animations
    return h


def show(h: Handheld, scene: Scene) -> Scene:
    h.scenes.push(scene)
    h.scenes.apply()
    h.tick(1)
    return scene


def info(h: Handheld, card_id: str, tab: str | None = None) -> CardInfoScene:
    scene = show(h, CardInfoScene(h, card_id, tab))
    assert isinstance(scene, CardInfoScene)
    return scene


def top(h: Handheld) -> Scene:
    scene = h.scenes.top
    assert scene is not None
    return scene


# --------------------------------------------------------------------------- tabs


def test_a_stage_2_pokemon_has_every_tab_and_l_r_go_round(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    s = info(h, ALAKAZAM)
    assert s.tabs == ["pokemon", "card", "data", "evolution", "dictionary"]
    assert s.tab_name == "pokemon"
    seen = []
    for _ in range(5):
        h.press("R")
        seen.append(s.tab_name)
    assert seen == ["card", "data", "evolution", "dictionary", "pokemon"]
    h.press("L")
    assert s.tab_name == "dictionary"
    h.press("LEFT")  # the D-pad switches tabs too, where it has nothing else to do
    assert s.tab_name == "evolution"
    h.press("LEFT")  # ... but not on the chart: it moves the cursor there
    assert s.tab_name == "evolution"
    assert s.cursor == 64  # Kadabra
    h.press("B")
    assert top(h).name == "TitleScene"


def test_a_trainer_opens_on_its_card_tab(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    s = info(h, MARYS_IMPULSE)
    assert s.tabs == ["card", "data", "dictionary"]
    assert s.tab_name == "card"
    assert s.pokedex_facts() == []
    assert s.tips_lines()[0].text == "What it does"
    energy = info(h, "ecard1-165")  # basic Energy
    assert "pokemon" not in energy.tabs and "evolution" not in energy.tabs


def test_the_tab_to_open_on(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    assert info(h, ALAKAZAM, "Evolution").tab_name == "evolution"
    assert info(h, ALAKAZAM, "POKEMON").tab_name == "pokemon"
    assert info(h, ALAKAZAM, "pokédex").tab_name == "pokemon"
    assert info(h, MARYS_IMPULSE, "Pokémon").tab_name == "card"  # not there: the first
    assert tab_key("Dictionary") == "dictionary"
    with pytest.raises(ValueError, match="no card screen"):
        CardInfoScene(h, ALAKAZAM, "Attacks")


def test_a_pokemon_without_a_family_has_no_evolution_tab(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    pool = default_pool()
    lone = next(c.id for c in pool if c.kind == 0 and c.name in ("Tauros", "Kangaskhan",
                                                                 "Heracross", "Skarmory"))
    s = info(h, lone)
    assert "evolution" not in s.tabs
    assert s.tabs[0] == "pokemon"


# --------------------------------------------------------------------------- Pokémon


def test_select_switches_the_pokedex_to_metric_and_it_is_remembered(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    s = info(h, ALAKAZAM)
    facts = dict(s.pokedex_facts())
    assert facts["Height"] == "4'11\"" and facts["Weight"] == "105.8 lbs"
    assert facts["Evolves from"] == "Kadabra"
    before = h.screen.copy()
    h.press("SELECT")
    facts = dict(s.pokedex_facts())
    assert facts["Height"] == "1.5 m" and facts["Weight"] == "48.0 kg"
    assert not np.array_equal(before, h.screen)
    h.press("B")
    again = info(h, KADABRA)  # the choice sticks (per profile)
    assert again.metric
    assert dict(again.pokedex_facts())["Height"].endswith(" m")
    h.press("SELECT")
    assert dict(again.pokedex_facts())["Weight"].endswith("lbs")


def test_select_does_nothing_on_the_other_tabs(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    s = info(h, ALAKAZAM, "data")
    h.press("SELECT")
    assert not s.metric


# --------------------------------------------------------------------------- Card, Data


def test_card_and_data_scroll_with_up_and_down(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    s = info(h, ALAKAZAM, "card")
    page = s.page()
    assert page.scrolls
    headings = [line.text for line in page.lines if line.fill is not None]
    assert headings[0] == "Evolving (Stage 2)"
    assert any(t.startswith("Syncroblast") for t in headings)
    before = h.screen.copy()
    h.press("DOWN")
    assert page.top == 1
    assert not np.array_equal(before, h.screen)
    h.press("UP")
    h.press("UP")
    assert page.top == 0
    h.press("R")
    data = s.page()
    labels = [line.label for line in data.lines if line.label]
    assert labels[:4] == ["Set", "Number", "Rarity", "Stage"]
    assert {"Expedition", "Platinum", "HGSS & CoL", "Black & White"} <= set(labels)
    for _ in range(40):
        h.press("DOWN", 1)
    assert data.top == data.max_top > 0


# --------------------------------------------------------------------------- Evolution


def test_the_chart_reveals_its_columns_one_by_one(tmp_path: Path) -> None:
    h = fresh(tmp_path, animations=True)
    s = info(h, ALAKAZAM, "evolution")
    assert s.revealed == 1
    frames = [h.screen.copy()]
    h.tick(REVEAL_FRAMES)
    assert s.revealed == 2
    frames.append(h.screen.copy())
    h.tick(REVEAL_FRAMES)
    assert s.revealed == 3
    frames.append(h.screen.copy())
    assert not np.array_equal(frames[0], frames[1])
    assert not np.array_equal(frames[1], frames[2])
    h.press("R")
    h.press("L")  # back on the chart: it plays again, and A shows it all at once
    assert s.revealed == 1
    h.press("A")
    assert s.revealed == 3
    assert top(h) is s  # that A only finished the chart


def test_the_d_pad_while_the_chart_reveals_itself_moves_nothing(tmp_path: Path) -> None:
    """The cursor starts on Alakazam, whose column comes last: UP/DOWN/LEFT/RIGHT before it
    is shown once raised ValueError (found by the soak with the menu combo)."""
    h = fresh(tmp_path, animations=True)
    s = info(h, ALAKAZAM, "evolution")
    assert s.revealed == 1 and s.cursor == s.chart.highlight
    for button in ("UP", "DOWN", "LEFT", "RIGHT"):
        h.press(button)
    assert s.cursor == s.chart.highlight and top(h) is s


def test_without_animations_the_chart_is_all_there(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    s = info(h, ALAKAZAM, "evolution")
    assert s.revealed == 3
    assert s.cursor == s.chart.highlight == 65


def test_a_on_a_node_opens_a_card_of_that_species(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    s = info(h, ALAKAZAM, "evolution")
    h.press("A")  # the card shown itself: nothing to open
    assert top(h) is s
    h.press("LEFT")
    assert s.cursor == 64
    h.press("A")
    kadabra = top(h)
    assert isinstance(kadabra, CardInfoScene)
    assert kadabra.card_id == KADABRA  # the Expedition one, like the card shown
    assert kadabra.tab_name == "pokemon"
    h.press("B")
    assert top(h) is s
    h.press("LEFT")
    assert s.cursor == 63
    h.press("RIGHT")
    h.press("RIGHT")
    assert s.cursor == 65


def test_a_node_prefers_a_card_the_collection_holds(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    h.saves.add_cards(h.profile, {"ecard3-69": 2})  # a Skyridge Kadabra
    s = info(h, ALAKAZAM, "evolution")
    node = s.chart.node(64)
    assert node is not None and node.owned == 2
    assert pick_card(node, s.card, s.owned) == "ecard3-69"
    h.press("LEFT")
    h.press("A")
    assert getattr(top(h), "card_id", None) == "ecard3-69"


def test_eevee_s_eight_branches_are_stacked_and_walkable(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    s = info(h, EEVEE, "evolution")
    chart = s.chart
    children = [n for n in chart.nodes if n.parent == 133]
    assert len(children) == 8 and chart.rows == 8
    layout = chart_layout(chart)
    assert layout.rows_shown == 8  # all of them fit, no scrolling
    boxes = list(layout.boxes.values())
    for b in boxes:
        assert 0 <= b.x and b.x + b.w <= 240
        assert layout.area[0] <= b.y and b.y + b.h <= layout.area[1]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or \
                b.y + b.h <= a.y, "two boxes overlap"
    h.press("RIGHT")
    assert s.cursor == children[0].dex
    for _ in range(7):
        h.press("DOWN", 1)
    last = chart.node(s.cursor)
    assert last is not None and last is children[-1]
    if not last.cards:  # a species no card of the game shows yet (Sylveon)
        h.press("A")
        assert top(h) is s
    h.press("UP")
    h.press("A")
    opened = top(h)
    assert isinstance(opened, CardInfoScene)
    assert opened.card_id in children[-2].cards
    h.press("B")
    h.press("LEFT")
    assert s.cursor == 133


# --------------------------------------------------------------------------- Dictionary


def test_the_dictionary_tab_lists_the_card_s_terms_and_opens_them(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    s = info(h, ALAKAZAM, "dictionary")
    names = [t.name for t in s.terms]
    for expected in ("Poké-Power", "Defending Pokémon", "Energy card", "Weakness", "Retreat"):
        assert expected in names
    assert "Syncroblast" not in names and "Psymimic" not in names
    h.press("DOWN")
    h.press("A")
    page = top(h)
    assert isinstance(page, TermScene)
    assert page.term == s.terms[1]
    h.press("RIGHT")
    assert page.term == s.terms[2]
    h.press("B")
    assert top(h) is s
    assert s.browser.menu.cursor == 2
    h.press("B")
    assert top(h).name == "TitleScene"


def test_the_dictionary_browses_every_term(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    d = show(h, DictionaryScene(h))
    assert isinstance(d, DictionaryScene)
    terms = all_terms()
    assert d.shown == terms
    first = initial(terms[0])
    h.press("R")  # the next letter
    jumped = d.browser.selected
    assert jumped is not None and initial(jumped) > first
    assert all(initial(t) < initial(jumped) for t in terms[:d.browser.menu.cursor])
    h.press("L")
    assert d.browser.menu.cursor == 0
    h.press("L")  # round to the last letter
    last = d.browser.selected
    assert last is not None and initial(last) == max(initial(t) for t in terms)
    h.press("SELECT")  # only the Expedition rulebook's glossary
    assert d.shown and all("expedition" in t.eras for t in d.shown)
    assert len(d.shown) < len(terms)
    h.press("DOWN")
    h.press("A")
    page = top(h)
    assert isinstance(page, TermScene) and page.term == d.shown[1]
    h.press("B")
    h.press("B")
    assert top(h).name == "TitleScene"


def test_the_dictionary_keeps_the_legend_pieces_words_apart(tmp_path: Path) -> None:
    # SELECT past every rulebook: "Card text" holds no piece-game word, the last filter
    # holds exactly them, and their page names their game rather than card text.
    h = fresh(tmp_path)
    d = show(h, DictionaryScene(h))
    assert isinstance(d, DictionaryScene)
    seen = {}
    for _ in range(len(FILTERS) - 1):
        h.press("SELECT")
        seen[FILTERS[d.filter][0]] = list(d.shown)
    pieces = [t for t in all_terms() if t.game == "pieces"]
    assert len(pieces) == 9
    assert seen["pieces"] == pieces
    assert seen["card"] and not [t for t in seen["card"] if t.game != "tcg"]
    assert era_words(pieces[0]) == "A word of the Legend Pieces game."
    assert era_words(seen["card"][0]) == "Used by this handheld's card text."
    h.press("SELECT")  # round to every term again
    assert d.filter == 0 and d.shown == all_terms()


def test_the_dictionary_can_show_a_few_terms(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    d = DictionaryScene(h, ["Prizes", "asleep", "no such term"])
    assert [t.name for t in d.shown] == ["Asleep", "Prize cards"]  # alphabetical


def test_a_long_definition_scrolls(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    font = pocket_font()
    longest = max(all_terms(), key=lambda t: len(definition_lines(font, t, 226)))
    page = show(h, TermScene(h, [longest]))
    assert isinstance(page, TermScene)
    if page.page.scrolls:
        h.press("DOWN")
        assert page.page.top == 1
    h.press("RIGHT")  # one term: nowhere to go
    assert page.index == 0


# --------------------------------------------------------------------------- the card page


def test_start_on_a_card_page_opens_its_e_reader_screens(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    view = show(h, CardViewScene(h, [ALAKAZAM, KADABRA]))
    h.press("START")
    s = top(h)
    assert isinstance(s, CardInfoScene) and s.card_id == ALAKAZAM
    h.press("B")
    assert top(h) is view


# --------------------------------------------------------------------------- never off screen


def _check_tabs(s: CardInfoScene) -> None:
    font = s.app.text.font
    right = BODY_W - SCROLL_BAR_W
    for key in ("card", "data"):
        for line in s.page(key).lines:
            assert line.right(font) <= right, (s.card_id, key, line)
            for ch in line.text + line.label:
                assert ch == "[" or ch == "]" or font.has(ch), (s.card_id, ch)
    for label, value in s.pokedex_facts():
        assert all(font.has(ch) for ch in label + value), (s.card_id, label, value)
    if s.chart.evolves:
        layout = chart_layout(s.chart)
        for box in layout.boxes.values():
            assert 0 <= box.x and box.x + box.w <= 240, s.card_id
    assert BODY_X + BODY_W <= 240 and BODY_BOTTOM > BODY_Y


def test_every_expedition_card_s_screens_fit(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    for card in load_set("expedition")["cards"]:
        s = CardInfoScene(h, card["id"])
        assert set(s.tabs) <= set(TABS)
        _check_tabs(s)


@pytest.mark.parametrize("name", ["Buried Fossil", "Nidoran♂", "Nidoran♀", "Farfetch'd",
                                  "Tyrogue", "Wurmple", "Gardevoir", "Pichu"])
def test_odd_cards_draw_every_tab(tmp_path: Path, name: str) -> None:
    h = fresh(tmp_path)
    card = next(c for c in default_pool() if clean(c.name) == name)
    s = info(h, card.id)
    seen = set()
    for _ in s.tabs:
        seen.add(s.tab_name)
        h.tick(2)
        assert len(np.unique(h.screen.reshape(-1, 3), axis=0)) > 4
        h.press("R")
    assert seen == set(s.tabs)
    if name == "Buried Fossil":  # a Trainer-like Pokémon card the Pokédex does not know
        assert s.tabs == ["card", "data", "dictionary"]


def test_every_card_s_facts_and_tips_use_letters_the_font_draws() -> None:
    font = pocket_font()
    for card in default_pool():
        texts = [card.name, *(label + value for label, value in data_rows(card)),
                 *(tip.heading + tip.text for tip in card_tips(card))]
        for text in texts:
            missing = {ch for ch in clean(text) if ch not in "[]" and not font.has(ch)}
            assert not missing, (card.id, text)
    for species in load_pokedex()["species"].values():
        text = clean(species["name"] + species["genus"])
        assert all(font.has(ch) for ch in text), text


def test_every_term_s_page_fits_and_uses_drawable_letters() -> None:
    font = pocket_font()
    for term in all_terms():
        for line in definition_lines(font, term, 226):
            assert line.right(font) <= 226, (term.name, line.text)
            assert all(font.has(ch) for ch in line.text), (term.name, line.text)
