"""What a player may see (issue 11, item 9): nothing face down or hidden at a real table
appears in ``Match.view`` -- the opponent's hand, both decks' order, face-down Prizes, and
the Pokémon both players put down face down during setup until they are revealed."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handheld.cards import (
    BLACK_WHITE_THEME_DECKS,
    CALL_OF_LEGENDS_THEME_DECKS,
    PLATINUM_THEME_DECKS,
    load_deck,
)
from handheld.engine import Chance, Choice, Match
from handheld.players import RandomPlayer, chance_outcome

from .fixtures import scenario_pool

POOL = scenario_pool()
DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))


def hidden_from(m: Match, viewer: int) -> set[int]:
    """Card numbers ``viewer`` cannot see at a real table right now."""
    out: set[int] = set()
    for p in m.players:
        out.update(p.deck)
        out.update(p.prizes)
    opp = m.players[1 - viewer]
    out.update(opp.hand)
    if m.turn == 0 and not m.over:  # setup: the opponent's Pokémon lie face down
        for slot in opp.in_play():
            out.update(slot.attached())
    return out


def shown_numbers(view: dict[str, Any]) -> set[int]:
    """Every card number written as a card reference anywhere in a view."""
    return {int(n) for n in re.findall(r'"[A-Za-z0-9_.\-]+#(\d+)"', json.dumps(view))}


def play_until(seed: int, stop: Any) -> Match:
    rng = random.Random(seed)
    player = RandomPlayer(seed + 1)
    m = Match(POOL, DECKS, record_log=False)
    while not m.over and not stop(m):
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
        elif isinstance(d, Choice):
            m.apply(player.choose(m, d))
    return m


def second_player_choosing(m: Match) -> bool:
    ch = m.pending
    return isinstance(ch, Choice) and ch.kind.startswith("setup_") and ch.player != m.first \
        and m.players[m.first].active is not None


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_setup_pokemon_stay_face_down_while_the_other_player_chooses(seed: int) -> None:
    m = play_until(seed, second_player_choosing)
    chooser, placed = 1 - m.first, m.first
    opp = m.players[placed]
    assert opp.active is not None
    view = m.view(chooser)
    side = view["players"][placed]
    assert side["active"] == {"face_down": True}
    assert side["bench"] == [{"face_down": True}] * len(opp.bench)
    assert not shown_numbers(view) & {c for s in opp.in_play() for c in s.attached()}
    # The player who placed them sees them, face up.
    own = m.view(placed)["players"][placed]
    assert own["active"]["cards"] == [f"{m.defs[opp.active.top].id}#{opp.active.top}"]


def test_setup_pokemon_are_revealed_together_when_the_first_turn_starts() -> None:
    m = play_until(5, lambda m: m.turn >= 1)
    for viewer in (0, 1):
        side = m.view(viewer)["players"][1 - viewer]
        assert "cards" in side["active"]
        assert all("cards" in b for b in side["bench"])


@pytest.mark.parametrize(("era", "names"), [
    ("platinum", PLATINUM_THEME_DECKS), ("call_of_legends", CALL_OF_LEGENDS_THEME_DECKS),
    ("black_white", BLACK_WHITE_THEME_DECKS)])
def test_the_owed_mulligan_cards_are_drawn_before_the_pokemon_are_revealed(
        era: str, names: tuple[str, ...]) -> None:
    """The extra cards a mulligan lets the opponent draw are part of setup: while they are
    chosen, the Pokémon are face down in the view and no reveal is in anyone's log."""
    from handheld.cards import default_pool
    from handheld.engine.describe import describe_event
    from handheld.engine.eras import ERAS

    pool = default_pool()
    decks = [load_deck(name) for name in names]
    for seed in range(300):
        rng, player = random.Random(seed), RandomPlayer(seed)
        m = Match(pool, decks, ERAS[era].ruleset)
        while m.turn == 0 and not m.over and not (
                isinstance(m.pending, Choice) and m.pending.kind == "mulligan_draw"):
            d = m.pending
            m.resolve(chance_outcome(d, rng)) if isinstance(d, Chance) \
                else m.apply(player.choose(m, d))
        if isinstance(m.pending, Choice) and m.pending.kind == "mulligan_draw":
            break
    else:
        pytest.fail(f"no mulligan in 300 {era} setups")
    chooser = m.pending.player
    assert m.view(chooser)["players"][1 - chooser]["active"] == {"face_down": True}
    assert not [e for e in m.log if e[0] == "reveal"]
    assert not any("reveals" in describe_event(m, e, chooser) for e in m.log)
    m.apply(player.choose(m, m.pending))
    while m.turn == 0 and not m.over and isinstance(m.pending, Chance):
        m.resolve(chance_outcome(m.pending, rng))
    assert [e for e in m.log if e[0] == "reveal"], "the Pokémon are revealed after the draw"


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_no_view_ever_shows_a_hidden_card(seed: int) -> None:
    rng = random.Random(seed)
    player = RandomPlayer(seed + 1)
    m = Match(POOL, DECKS, record_log=False)
    while not m.over:
        for viewer in (0, 1):
            view = m.view(viewer)
            leaked = shown_numbers(view) & hidden_from(m, viewer)
            assert not leaked, f"turn {m.turn}: player {viewer} sees hidden cards {leaked}"
            assert isinstance(view["players"][1 - viewer]["hand"], int)
            assert all(isinstance(p["deck"], int) and isinstance(p["prizes"], int)
                       for p in view["players"])
            assert "stack" not in view
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
        elif isinstance(d, Choice):
            m.apply(player.choose(m, d))


def test_the_opponents_choice_shows_only_that_it_is_being_made() -> None:
    m = play_until(6, lambda m: isinstance(m.pending, Choice))
    ch = m.pending
    assert isinstance(ch, Choice)
    theirs = m.view(1 - ch.player)["pending"]
    assert theirs == {"type": "choice", "player": ch.player, "kind": ch.kind, "waiting": True}
    assert len(m.view(ch.player)["pending"]["options"]) == len(ch.options)


def test_a_view_is_for_player_0_or_1() -> None:
    m = play_until(7, lambda m: m.turn >= 1)
    with pytest.raises(ValueError, match="player 0 or 1"):
        m.view(2)
