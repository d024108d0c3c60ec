"""The HeartGold & SoulSilver and Call of Legends era everywhere a player meets it in the app:
a Pokémon LEGEND drawn as one wide Pokémon on the board (the cursor, the targets and the
Pokémon's cards treating it as one), its halves' card pages, the Lost Zone beside the
discard pile and both players' piles to look at, the PRIME mark, the e-Reader's Data, Card
and Dictionary screens, and the deck builder's "New deck".

Also its ready-made decks (offered and described at duel setup, together using every card),
the link's hello, and scans landing in its decks."""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from handheld.cards import default_pool, load_deck
from handheld.engine import Match
from handheld.engine.eras import ERAS, playable_eras
from handheld.ereader.facts import data_rows, legality, stage_label
from handheld.ereader.tips import card_tips, tips_text
from handheld.session import MatchSession
from handheld.ui import duel_board
from handheld.ui.app import Handheld
from handheld.ui.card_page import BODY_TOP, TextOp, card_pages, legend_note
from handheld.ui.duel_board import (
    ACTIVE_W,
    BENCH_H,
    BENCH_RIGHT,
    BENCH_W,
    BENCH_X,
    CURSOR,
    LEGEND_ACTIVE_W,
    MIN_FREE_W,
    NOTCH,
    ROWS,
    BoardView,
    bench_layout,
    slot_rects,
    zone_counts,
)
from handheld.ui.font import pocket_font
from handheld.ui.marks import (
    LEGEND_FILL,
    LEGEND_INK,
    LEGEND_LABEL,
    PRIME_FILL,
    PRIME_LABEL,
    card_marks,
    plain_name,
)
from handheld.ui.palette import INK
from handheld.ui.scenes import duel_setup
from handheld.ui.scenes.album import AlbumScene
from handheld.ui.scenes.card_info import card_terms
from handheld.ui.scenes.card_view import CardViewScene
from handheld.ui.scenes.common import MenuOverlay
from handheld.ui.scenes.decks import DeckEditorScene, DeckListScene
from handheld.ui.scenes.duel import DuelScene
from handheld.ui.scenes.duel_menus import HandScene, PilesScene, TargetScene
from handheld.ui.scenes.duel_setup import NO_DECKS, DuelSetupScene
from handheld.ui.text import TextCache
from tests.engine.scenario import authoring_position
from tests.engine.test_view import play_until

from .test_app import choose, fresh, to_menu
from .test_board_marks import colours, put
from .test_board_marks import draw as draw_board
from .test_match_menu import combo

POOL = default_pool()
FONT = pocket_font()
COL = ERAS["call_of_legends"]


def frame_texts(h: Handheld) -> list[str]:
    """Every text drawn in one frame of the app, in order."""
    drawn: list[str] = []
    real = h.text.draw

    def spy(surface: pygame.Surface, s: str, *args: Any, **kw: Any) -> int:
        drawn.append(s)
        return real(surface, s, *args, **kw)

    h.text.draw = spy  # type: ignore[method-assign, assignment]
    h.tick(1)
    h.text.draw = real  # type: ignore[method-assign]
    return drawn
HO = ["hgss1-111", "hgss1-112"]  # Ho-Oh LEGEND: the half with the HP, then the one on top
LU = ["hgss1-113", "hgss1-114"]  # Lugia LEGEND


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A match in play, its Pokémon's stacks open to ``put`` (as tests/ui/test_board_marks.py
    does): the board asks the printed HP and types of the cards put there."""
    m = play_until(3, lambda m: m.turn >= 1 and all(p.bench for p in m.players))
    m.defs = list(m.defs)
    m.printed = list(m.printed)
    monkeypatch.setattr(duel_board, "max_hp", lambda m, s: m.defs[s.top].hp)
    monkeypatch.setattr(duel_board, "pokemon_types", lambda m, s: m.defs[s.top].types)
    return m


def match_at(position: dict[str, Any]) -> Match:
    return Match.from_position(POOL, authoring_position({"era": "call_of_legends",
                                                         **position}), record_log=True)


def active_id(m: Match, side: int) -> int:
    active = m.players[side].active
    assert active is not None
    return active.id


def draw(m: Match, viewer: int = 0, **kw: Any) -> pygame.Surface:
    surface = pygame.Surface((240, 160))
    BoardView(TextCache(FONT)).draw(surface, m, viewer, names=("You", "CPU"), **kw)
    return surface


def duel_at(tmp_path: Path, position: dict[str, Any]) -> tuple[Handheld, DuelScene]:
    """A duel against the computer standing at ``position`` (the player to move is the
    person holding the handheld), on top of the title screen."""
    h = fresh(tmp_path)
    return h, open_duel(h, position)


def open_duel(h: Handheld, position: dict[str, Any]) -> DuelScene:
    """Open a duel of ``h`` against the computer at ``position`` (an era position)."""
    deck = load_deck("blazing_quake")  # (only to open the session: the position replaces it)
    session = MatchSession(h.pool, (deck, deck), ["human", "greedy"], 1, record_log=True)
    session.era = COL.key
    session.match = match_at(position)
    duel = DuelScene(h, session, names=("You", "CPU"), mode="cpu", deck_names=("A", "B"))
    h.scenes.push(duel)
    h.tick(3)
    return duel


# --------------------------------------------------------------------------- 1. the board


def test_a_legend_on_the_active_spot_is_one_wide_pokemon_named_once() -> None:
    m = match_at({"players": [{"active": {"cards": HO}}, {"active": {"cards": LU}}]})
    rects = slot_rects(m, 0)
    for side in (0, 1):
        r = rects[active_id(m, side)]
        # The widest box the row has: from the Bench's left edge to the Prize cards.
        assert r.w == LEGEND_ACTIVE_W > ACTIVE_W and r.x == BENCH_X and r.x + r.w <= 184
    text = TextCache(FONT)
    drawn: list[str] = []
    real = text.draw

    def spy(surface: pygame.Surface, s: str, *args: Any, **kw: Any) -> int:
        drawn.append(s)
        return real(surface, s, *args, **kw)

    text.draw = spy  # type: ignore[method-assign, assignment]
    surface = pygame.Surface((240, 160))
    BoardView(text).draw(surface, m, 0, names=("You", "CPU"))
    # Each LEGEND's name once, without " LEGEND", which its badge says.
    assert drawn.count("Ho-Oh") == 1 and drawn.count("Lugia") == 1
    assert drawn.count(LEGEND_LABEL) == 2 and not any("Ho-Oh LEGEND" in s for s in drawn)
    assert "140/140" in drawn and "130/130" in drawn  # the whole Pokémon's HP
    for side in (0, 1):
        r = rects[active_id(m, side)]
        assert {LEGEND_FILL, LEGEND_INK} <= colours(surface, r)
        # The notches where the two halves meet, in the middle of the long edges.
        mid = r.x + r.w // 2
        assert tuple(surface.get_at((mid, r.y + 1)))[:3] == INK
        assert tuple(surface.get_at((mid, r.y + r.h - 1 - NOTCH)))[:3] == INK
        assert tuple(surface.get_at((mid - 3, r.y + 1)))[:3] != INK


def test_a_plain_active_pokemon_keeps_its_box_and_no_notch(board: Any) -> None:
    m = board
    r = slot_rects(m, 0)[m.players[0].active.id]
    assert r.w == ACTIVE_W and r.x == 60
    surface = draw_board(m)
    assert LEGEND_FILL not in colours(surface, r)
    assert tuple(surface.get_at((r.x + r.w // 2, r.y + 1)))[:3] != INK


def test_a_legend_on_the_bench_takes_two_frames_and_the_free_spaces_stay() -> None:
    m = match_at({"players": [{"active": {"cards": HO}, "bench": [{"cards": LU}]},
                              {"active": {"cards": LU}}]})
    slot = m.players[0].bench[0]
    r = slot_rects(m, 0)[slot.id]
    assert (r.x, r.y, r.w, r.h) == (BENCH_X, ROWS["own_bench"], 2 * BENCH_W + 1, BENCH_H)
    surface = draw(m)
    assert LEGEND_FILL in colours(surface, r)
    # The four free Bench spaces are drawn after it, each as wide as it can be.
    _, free = bench_layout([2], 4, ROWS["own_bench"])
    assert len(free) == 4 and free[0].x == r.x + r.w + 1 and free[-1].x + free[-1].w <= 238
    assert all(f.w >= MIN_FREE_W for f in free)


@pytest.mark.parametrize(("widths", "free", "unit"), [
    ([1, 1, 1, 1, 1], 0, BENCH_W), ([1, 1], 3, BENCH_W), ([2], 4, BENCH_W),
    ([2, 1, 1], 2, BENCH_W),  # the two free spaces narrow, the frames keep their size
    ([2, 2], 3, BENCH_W),
    ([2, 1, 1, 1], 1, 38),  # one free space would be too thin: every frame narrows
    ([2, 2, 1], 2, 32),
    ([2, 1, 1, 1, 1], 0, 38), ([2, 2, 1, 1, 1], 0, 32), ([2, 2, 2, 2, 2], 0, 22)])
def test_the_bench_layout_always_holds_five_pokemon(widths: list[int], free: int,
                                                    unit: int) -> None:
    pokemon, spaces = bench_layout(widths, free, ROWS["own_bench"])
    boxes = pokemon + spaces
    assert len(pokemon) == len(widths) and len(spaces) == free
    # Left to right, 1 pixel apart, inside the row, none overlapping.
    assert boxes[0].x == BENCH_X and boxes[-1].x + boxes[-1].w <= BENCH_RIGHT
    assert all(b.x == a.x + a.w + 1 for a, b in itertools.pairwise(boxes))
    # A LEGEND is two frames and the gap between them.
    assert [r.w for r in pokemon] == [n * unit + n - 1 for n in widths]
    assert all(MIN_FREE_W <= r.w <= BENCH_W for r in spaces)


def test_a_board_without_legends_lays_the_bench_out_as_before() -> None:
    pokemon, spaces = bench_layout([1, 1], 3, 0)
    assert [(r.x, r.w) for r in pokemon + spaces] == [(2 + i * 47, 46) for i in range(5)]


def test_the_cursor_and_the_targets_frame_the_whole_legend(tmp_path: Path) -> None:
    # Lugia LEGEND (Retreat 1) may retreat to the Benched Ho-Oh LEGEND.
    h, duel = duel_at(tmp_path, {"players": [
        {"active": {"cards": LU, "energy": ["hgss1-117"]}, "bench": [{"cards": HO}]},
        {"active": {"cards": LU}}]})
    m = duel.match
    bench = m.players[0].bench[0]
    h.press("START")
    choose(h, "Retreat")
    target = h.scenes.top
    assert isinstance(target, TargetScene) and duel.cursor == bench.id
    h.tick(1)
    r = slot_rects(m, 0)[bench.id]
    screen = h.screen
    # The red cursor runs round both halves: left of the first, right of the second.
    for x in (r.x - 1, r.x + r.w):
        assert tuple(screen[r.y + 5, x]) == CURSOR, x
    assert tuple(screen[r.y - 1, r.x + r.w // 2]) == CURSOR
    # R there shows the Pokémon's cards: the half on top, the half beneath.
    h.press("R")
    view = h.scenes.top
    assert isinstance(view, CardViewScene) and view.card_ids == ["hgss1-112", "hgss1-111"]
    h.press("B")
    h.press("A")  # retreat to it
    assert m.players[0].active.cards and m.defs[m.players[0].active.top].id == "hgss1-112"


def test_the_detail_view_of_a_legend_shows_both_halves_then_its_energy(tmp_path: Path) -> None:
    h, duel = duel_at(tmp_path, {"players": [
        {"active": {"cards": HO, "energy": ["hgss1-116", "hgss1-117"]}},
        {"active": {"cards": LU}}]})
    h.press("DOWN")  # the cursor onto the first Pokémon: the Active Ho-Oh LEGEND
    assert duel.cursor == duel.match.players[0].active.id
    h.press("R")
    view = h.scenes.top
    assert isinstance(view, CardViewScene)
    assert view.card_ids == ["hgss1-112", "hgss1-111", "hgss1-116", "hgss1-117"]


def test_either_half_in_the_hand_benches_the_pair(tmp_path: Path) -> None:
    h, duel = duel_at(tmp_path, {"players": [
        {"active": {"cards": HO}, "hand": [*LU, "hgss1-116"]}, {"active": {"cards": LU}}]})
    h.press("START")
    choose(h, "Hand")
    hand = h.scenes.top
    assert isinstance(hand, HandScene)
    rows = {duel.match.defs[it.value].id: it for it in hand.menu.items}
    assert rows["hgss1-113"].enabled and rows["hgss1-114"].enabled
    # The two halves share a name; their tags tell them apart.
    assert (rows["hgss1-113"].label, rows["hgss1-114"].label) == (
        "* Lugia LEGEND 1/2", "* Lugia LEGEND 2/2")
    beneath, on_top = (hand.options_for(rows[c].value) for c in LU)
    assert beneath == on_top and len(on_top) == 1
    # A on the half with the attacks puts both onto the Bench as one Pokémon.
    target = hand.menu.items.index(rows["hgss1-114"])
    while hand.menu.cursor != target:
        h.press("DOWN")
    h.press("A")
    m = duel.match
    assert [m.defs[c].id for c in m.players[0].bench[0].cards] == LU
    assert [m.defs[c].id for c in m.players[0].hand] == ["hgss1-116"]


# --------------------------------------------------------------------------- 2. card pages


@pytest.mark.parametrize(("card_id", "half", "other", "hp"), [
    ("hgss1-111", "half 1/2, with the HP", "HGSS 112", 140),
    ("hgss1-112", "half 2/2, with the attacks", "HGSS 111", 140),
    ("hgss1-113", "half 1/2, with the HP", "HGSS 114", 130),
    ("hgss1-114", "half 2/2, with the attacks", "HGSS 113", 130)])
def test_a_legend_half_s_page(card_id: str, half: str, other: str, hp: int) -> None:
    d = POOL.get(card_id)
    pages = card_pages(d, FONT, "HGSS")
    assert len(pages) == 1
    page = pages[0]
    header = [op.text for op in page.ops if isinstance(op, TextOp) and op.y < BODY_TOP]
    assert f"Pokémon LEGEND · {half}" in header
    assert plain_name(d) in header and LEGEND_LABEL in header and str(hp) in header
    assert any(op.color == LEGEND_FILL for op in page.ops if hasattr(op, "color"))
    body = " ".join(page.lines)
    assert body.startswith(legend_note(d)) and f"Played with {other}:" in body
    assert f"one Pokémon with {hp} HP" in body
    footer = [op.text for op in page.ops if isinstance(op, TextOp) and op.y > 140]
    if d.legend_top:
        assert "Retreat" in footer and "Weak" in footer
    else:  # the half beneath prints none of them: the page says where they are
        assert f"Weakness, Retreat: on {other}" in footer


def test_other_cards_have_no_legend_note() -> None:
    assert legend_note(POOL.get("ecard1-33")) == ""
    assert legend_note(POOL.get("bw4-22")) == ""


# --------------------------------------------------------------------------- 3. Lost Zone


LOST = {"players": [
    {"active": {"cards": HO}, "discard": ["hgss1-116", "hgss1-117"],
     "lost_zone": ["hgss1-118"]},
    {"active": {"cards": LU}, "lost_zone": ["hgss1-119", "hgss1-120"]}]}


def test_the_lost_zone_is_counted_right_after_the_discard_pile() -> None:
    m = match_at(LOST)
    labels = [label for label, _ in zone_counts(m.players[0])]
    assert labels[labels.index("Discard") + 1] == "Lost"
    assert zone_counts(m.players[1])[-2:] == [("Discard", 0), ("Lost", 2)]


@pytest.mark.parametrize("where", ["action menu", "match menu"])
def test_both_players_piles_and_lost_zones_can_be_looked_at(tmp_path: Path, where: str
                                                            ) -> None:
    h, _ = duel_at(tmp_path, LOST)
    if where == "action menu":
        h.press("START")
    else:  # the match menu, over whatever screen of the match is up
        combo(h)
    choose(h, "Discard piles")
    piles = h.scenes.top
    assert isinstance(piles, PilesScene)
    items = [(it.label, it.enabled) for it in piles.menu.items]
    assert items == [("Your discard pile (2)", True), ("Your Lost Zone (1)", True),
                     ("CPU's discard pile (0)", False), ("CPU's Lost Zone (2)", True)]
    choose(h, "Your discard pile")
    view = h.scenes.top
    assert isinstance(view, CardViewScene) and view.card_ids == ["hgss1-117", "hgss1-116"]
    h.press("B")
    choose(h, "CPU's Lost Zone")
    view = h.scenes.top
    assert isinstance(view, CardViewScene) and view.card_ids == ["hgss1-120", "hgss1-119"]
    h.press("B")
    h.press("B")
    assert h.scenes.top is not piles


def test_without_a_lost_zone_card_the_piles_are_the_discard_piles(tmp_path: Path) -> None:
    h, _ = duel_at(tmp_path, {"players": [{"active": {"cards": HO}},
                                          {"active": {"cards": LU}, "discard": ["hgss1-116"]}]})
    h.press("START")
    choose(h, "Discard piles")
    piles = h.scenes.top
    assert isinstance(piles, MenuOverlay)
    assert [it.label for it in piles.menu.items] == ["Your discard pile (0)",
                                                     "CPU's discard pile (1)"]
    assert piles.menu.selected is not None and piles.menu.selected.enabled


# --------------------------------------------------------------------------- 4. Prime


def test_the_prime_cards_wear_the_prime_badge_and_no_other_card_does() -> None:
    for n in range(105, 111):
        assert [label for label, _, _ in card_marks(POOL.get(f"hgss1-{n}"))] == [PRIME_LABEL]
    assert COL.prime_cards == {f"hgss1-{n}" for n in range(105, 111)}
    for cid in ("hgss1-104", "hgss1-111", "ecard1-33", "pl1-1"):
        assert PRIME_LABEL not in [label for label, _, _ in card_marks(POOL.get(cid))]
    assert [label for label, _, _ in card_marks(POOL.get("hgss1-113"))] == [LEGEND_LABEL]


@pytest.mark.parametrize("where", ["active", "bench"])
def test_a_prime_on_the_board_shows_its_badge(board: Any, where: str) -> None:
    m = board
    p = m.players[1]
    slot = p.active if where == "active" else p.bench[0]
    put(m, slot, "hgss1-108")  # Feraligatr, a Pokémon Prime
    r = slot_rects(m, 0)[slot.id]
    inside = colours(draw_board(m), r)
    assert PRIME_FILL in inside
    put(m, slot, "pl1-27")
    assert PRIME_FILL not in colours(draw_board(m), r)


def test_a_prime_card_page_shows_the_badge() -> None:
    page = card_pages(POOL.get("hgss1-110"), FONT)[0]  # Typhlosion
    badge = [op for op in page.ops if getattr(op, "color", None) == PRIME_FILL]
    assert len(badge) == 1 and badge[0].y < BODY_TOP
    assert not any(getattr(op, "color", None) == PRIME_FILL
                   for op in card_pages(POOL.get("hgss1-104"), FONT)[0].ops)


def test_the_album_draws_the_legend_badge(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    to_menu(h)
    scene = AlbumScene(h, ("heartgold_soulsilver",))
    h.scenes.push(scene)
    row = next(i for i, e in enumerate(scene.shown) if e.card_id == "hgss1-111")
    while scene.menu.top > row or row >= scene.menu.top + scene.menu.rows:
        h.press("DOWN")
    h.tick(2)
    y = 20 + (row - scene.menu.top) * 11
    pixels = {tuple(h.screen[yy, x]) for yy in range(y, y + 10) for x in range(7, 200)}
    assert LEGEND_FILL in pixels


# --------------------------------------------------------------------------- 5. e-Reader


def test_the_data_screen_of_a_legend_half() -> None:
    for card_id, half, other in (("hgss1-111", "1/2, with the HP", "HGSS 112"),
                                 ("hgss1-114", "2/2, with the attacks", "HGSS 113")):
        card = POOL.get(card_id)
        rows = dict(data_rows(card))
        assert rows["Stage"] == stage_label(card) == "Pokémon LEGEND (not Basic)"
        assert rows["Half"] == half and rows["Other half"] == other
        assert rows["HGSS & CoL"] == "legal: printed in HeartGold & SoulSilver"
        assert rows["Playable here"] == "yes, in the HGSS & CoL rules"
        assert {e.era: e.legal for e in legality(card)} == {
            "expedition": False, "platinum": False, "call_of_legends": True,
            "black_white": False}
    beneath = dict(data_rows(POOL.get("hgss1-113")))
    assert beneath["HP"] == "130" and beneath["Retreat"] == "on HGSS 114"
    top = dict(data_rows(POOL.get("hgss1-114")))
    assert top["HP"] == "130" and top["Retreat"] == "1 Energy"


def test_the_data_screen_says_when_an_era_is_not_played(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    card = POOL.get("hgss1-116")  # Fire Energy, scripted
    assert dict(data_rows(card))["Playable here"] == "yes, in the HGSS & CoL rules"
    monkeypatch.setattr(type(COL), "playable", False)
    assert dict(data_rows(card))["Playable here"] == \
        "not yet (the HGSS & CoL rules are not played here)"


def test_the_tips_of_a_legend_half() -> None:
    tips = {t.heading: t.text for t in card_tips(POOL.get("hgss1-111"))}
    how = tips["Pokémon LEGEND"]
    assert "two cards" in how and "HGSS 112" in how and "onto your Bench together" in how
    assert "one Pokémon" in how
    assert "can't start the game with it" in tips["Not a Basic Pokémon"]
    assert "Both halves go to the discard pile" in tips["Knocked Out"]
    assert "1 Prize card" in tips["Knocked Out"]
    assert "at most 4 cards of that name" in tips["In a deck"]
    assert "Basic Pokémon" not in tips  # no Basic tip for it
    assert "HGSS 112" in tips["Retreat"] and "Weakness" not in tips
    top = {t.heading: t.text for t in card_tips(POOL.get("hgss1-114"))}
    assert "HGSS 113" in top["Pokémon LEGEND"] and top["Retreat"].startswith("To swap it")
    # Ocean Grow stops under a Special Condition in this era, as the tip says.
    assert "any Special Condition" in top["Poké-Power Ocean Grow"]


def test_the_tips_of_a_prime_card() -> None:
    tips = {t.heading: t.text for t in card_tips(POOL.get("hgss1-109"))}  # Meganium
    assert "no rule of its own" in tips["Pokémon Prime"]
    assert "Stage 2 Pokémon" in tips["Pokémon Prime"]
    assert "Pokémon Prime" not in tips_text(POOL.get("hgss1-104"))


def test_the_dictionary_tab_lists_the_era_s_words() -> None:
    assert "Pokémon LEGEND" in {t.name for t in card_terms(POOL.get("hgss1-112"))}
    assert "Pokémon Prime" in {t.name for t in card_terms(POOL.get("hgss1-105"))}
    assert "Pokémon Prime" not in {t.name for t in card_terms(POOL.get("hgss1-112"))}


# --------------------------------------------------------------------------- 6. new decks


def test_the_duel_setup_and_the_deck_builder_offer_the_era_in_order(tmp_path: Path) -> None:
    order = ["expedition", "platinum", "call_of_legends", "black_white"]
    assert [e.key for e in playable_eras()] == order
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Duel")
    setup = h.scenes.top
    assert isinstance(setup, DuelSetupScene) and setup.eras == order
    h.press("B")
    choose(h, "Deck builder")
    assert isinstance(h.scenes.top, DeckListScene)
    choose(h, "New deck")
    overlay = h.scenes.top
    assert isinstance(overlay, MenuOverlay)
    assert [i.value for i in overlay.menu.items] == order
    choose(h, COL.name)
    ed = h.scenes.top
    assert isinstance(ed, DeckEditorScene) and ed.era == "call_of_legends"
    assert ed.builder.era is COL
    ids = [e.card_id for e in ed.album.entries]
    assert set(HO + LU) <= set(ids)
    assert all(i.startswith(("hgss1-", "col1-")) for i in ids)
    energy = [i for i in ids if h.pool.get(i).basic_energy]
    assert {f"hgss1-{n}" for n in range(115, 123)} <= set(energy)
    # Both lists tell a LEGEND's two halves apart by their tags.
    for cid in ("hgss1-111", "hgss1-112"):
        ed.builder.add(cid)
    # (the offered list scrolled to the LEGENDs, among the era's 230 cards)
    cur = ed.cursors[0]
    cur.index = cur.top = next(i for i, e in enumerate(ed.offered) if e.card_id == "hgss1-111")
    assert [e.card_id for e in ed.offered[cur.top:cur.top + 4]] == HO + LU
    drawn = frame_texts(h)
    assert drawn.count("1/2") == 3 and drawn.count("2/2") == 3  # (Ho-Oh, Lugia; the deck)


def test_an_era_without_decks_says_how_to_get_one(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # (whatever ready-made decks the era has by now: none here)
    monkeypatch.setattr(duel_setup, "era_deck_names", lambda era: [])
    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Duel")
    setup = h.scenes.top
    assert isinstance(setup, DuelSetupScene)
    while setup.era != COL.key:
        h.press("RIGHT")
    choose(h, "The computer")
    assert setup.step == "deck1" and setup.decks == []
    drawn = frame_texts(h)
    assert " ".join(d for d in drawn if d in NO_DECKS).startswith("No deck for these rules")
    h.press("B")  # back to the opponents
    assert setup.step == "opponent"


# --- the era's ready-made decks, the link and scans ---------------------------------------


def test_the_duel_setup_offers_the_era_and_describes_its_decks(tmp_path: Path) -> None:
    from handheld.cards import deck_description, era_deck_names
    from handheld.ui.scenes.duel_setup import available_decks

    h = fresh(tmp_path)
    to_menu(h)
    choose(h, "Duel")
    setup = h.scenes.top
    assert isinstance(setup, DuelSetupScene)
    while setup.era != COL.key:
        h.press("RIGHT")
    choose(h, "The computer")
    assert setup.decks == available_decks(h, COL.key)
    # Every ready-made deck of the era is legal, so every one is offered, the pair first.
    titles = [n.replace("_", " ").title() for n in era_deck_names(COL.key)]
    assert [d[0] for d in setup.decks] == titles
    assert setup.decks[0][0] == "Blazing Ascent"
    assert setup.descriptions[0] == deck_description("blazing_ascent")
    assert setup.descriptions[0].startswith("Fire theme deck. Cyndaquil climbs")


def test_the_era_s_decks_together_use_every_card_of_its_two_sets() -> None:
    from handheld import cards as cards_module
    from handheld.assets import load_set

    pool = default_pool()
    used = {cid for name in cards_module.CALL_OF_LEGENDS_DECKS for cid in load_deck(name)}
    for slug in COL.sets:
        ids = {c["id"] for c in load_set(slug)["cards"]}
        assert ids <= used, f"{slug}: {sorted(ids - used)} in no ready-made deck"
    for name in cards_module.CALL_OF_LEGENDS_DECKS:
        assert COL.deck_violations(pool, load_deck(name)) == [], name
    # Both LEGENDs are played whole: two of each half (the four-copy rule by their name).
    legends = [load_deck(n) for n in ("sacred_flame", "ocean_legend")]
    assert [d.count(c) for d, pair in zip(legends, (("hgss1-111", "hgss1-112"),
                                                     ("hgss1-113", "hgss1-114")), strict=True)
            for c in pair] == [2, 2, 2, 2]


def test_the_hello_names_the_era_and_a_duel_starts_in_it(tmp_path: Any) -> None:
    from handheld.netplay import parse_hello
    from handheld.ui.scenes.link_duel import GAME

    from .test_link_duel import duel_of, until
    from .test_platinum_app import link_pair

    host, guest, hs, gs = link_pair(tmp_path, COL.key, COL.key)
    deck = ("Blazing Ascent", load_deck("blazing_ascent"))
    hs.decks, gs.decks = [deck], [deck]
    hs._pick_deck(0)
    assert hs.mine is not None and hs.mine.message()["era"] == COL.key
    assert parse_hello(hs.mine.message(), game=GAME, era=COL.key).era == COL.key
    gs._pick_deck(0)
    until(host, guest, lambda: duel_of(host) is not None and duel_of(guest) is not None)
    assert duel_of(host).match.era.key == duel_of(guest).match.era.key == COL.key


def test_a_scanned_legend_lands_only_in_a_deck_of_its_era(tmp_path: Path) -> None:
    from handheld.ereader.scan_session import ScanBasket

    h = fresh(tmp_path)
    home = h.saves.save_deck(h.profile, "Old deck", ["ecard1-161"] * 4)
    basket = ScanBasket()
    basket.add_card("hgss1-111", 1)  # Ho-Oh LEGEND, both halves
    basket.add_card("hgss1-112", 1)
    assert basket.eras(h.pool) == [COL.key]
    update = basket.add_to_deck(h.saves, h.profile, home.id, h.pool)
    assert not update.added and any("Ho-Oh LEGEND (hgss1-111)" in r for r in update.refused)
    mine = h.saves.save_deck(h.profile, "Legends", [], era=COL.key)
    update = basket.add_to_deck(h.saves, h.profile, mine.id, h.pool)
    assert sorted(update.added) == ["hgss1-111", "hgss1-112"] and not update.refused


@pytest.mark.parametrize("deck", ["blazing_ascent", "tidal_crest"])
def test_the_theme_pair_plays_a_whole_match(deck: str) -> None:
    from handheld.players import make_player, play_match

    other = "tidal_crest" if deck == "blazing_ascent" else "blazing_ascent"
    done, rec = play_match(default_pool(), (load_deck(deck), load_deck(other)),
                           [make_player("greedy", 1), make_player("random", 2)], 7,
                           rules=COL.ruleset)
    assert done.over and done.era is COL and rec.winner in (0, 1)
