"""Why a card in the hand cannot be played now (issue 18: the hand says why): each reason
comes from the same rules main_options follows, and only for cards it does not offer."""

from __future__ import annotations

from typing import Any

import pytest

from handheld.cards import default_pool
from handheld.engine import Choice, Match
from handheld.engine.cardpool import CardPool
from handheld.engine.explain import NOT_NOW, why_unplayable

from .scenario import run_scenario

SQUIRTLE, CHARMANDER, CHARMELEON, CHARIZARD = "ecard1-131", "ecard1-98", "ecard1-73", "ecard1-6"
OAK = "ecard1-149"  # a Supporter
REVERSAL = "ecard1-146"  # an Item: only while the opponent has a Benched Pokémon
WATER = "ecard1-165"


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return default_pool()


def at(pool: CardPool, me: dict[str, Any], turn: int = 5) -> Match:
    m = run_scenario(pool, {"position": {"turn": turn, "players": [
        me, {"active": {"cards": [SQUIRTLE]}}]}, "steps": []})
    assert isinstance(m.pending, Choice) and m.pending.kind == "main" and m.current == 0
    return m


def reason(m: Match, card_id: str) -> str:
    """The reason for the first copy of ``card_id`` in player 0's hand, checked to be a
    card the main phase does not offer."""
    cid = next(c for c in m.players[0].hand if m.defs[c].id == card_id)
    pending = m.pending
    assert isinstance(pending, Choice)
    offered = {o[1] for o in pending.options if len(o) > 1 and isinstance(o[1], int)}
    assert all(m.defs[c].id != card_id for c in offered), f"{card_id} is playable"
    return why_unplayable(m, 0, cid)


def test_one_energy_a_turn(pool: CardPool) -> None:
    m = at(pool, {"active": {"cards": [CHARMANDER]}, "hand": [WATER],
                  "flags": {"energy_attached": True}})
    assert "attached an Energy card this turn already" in reason(m, WATER)


def test_a_full_bench(pool: CardPool) -> None:
    m = at(pool, {"active": {"cards": [CHARMANDER]}, "hand": [SQUIRTLE],
                  "bench": [{"cards": [c]} for c in (SQUIRTLE, SQUIRTLE, CHARMANDER,
                                                     CHARMANDER, CHARMANDER)]})
    assert reason(m, SQUIRTLE) == "Your Bench is full (5 Pokémon)."


def test_nothing_to_evolve_from(pool: CardPool) -> None:
    m = at(pool, {"active": {"cards": [SQUIRTLE]}, "hand": [CHARMELEON, CHARIZARD]})
    assert reason(m, CHARMELEON) == "You have no Charmander in play to evolve."
    assert reason(m, CHARIZARD) == "You have no Charmeleon in play to evolve."


def test_played_this_turn(pool: CardPool) -> None:
    m = at(pool, {"active": {"cards": [CHARMANDER], "played_turn": 5}, "hand": [CHARMELEON]})
    assert "came into play or evolved this turn" in reason(m, CHARMELEON)


def test_first_turns_and_the_first_player(pool: CardPool) -> None:
    m = at(pool, {"active": {"cards": [CHARMANDER], "played_turn": 0},
                  "hand": [CHARMELEON]}, turn=1)
    assert "first turn" in reason(m, CHARMELEON)


def test_one_supporter_a_turn(pool: CardPool) -> None:
    m = at(pool, {"active": {"cards": [CHARMANDER]}, "hand": [OAK],
                  "flags": {"supporter_played": True}})
    assert "Supporter this turn already" in reason(m, OAK)


def test_a_trainer_whose_condition_fails_says_it(pool: CardPool) -> None:
    m = at(pool, {"active": {"cards": [CHARMANDER]}, "hand": [REVERSAL]})
    assert reason(m, REVERSAL) == "Play it only if your opponent has a Benched Pokémon."


def test_a_playable_card_gets_only_the_general_answer(pool: CardPool) -> None:
    m = at(pool, {"active": {"cards": [CHARMANDER]}, "hand": [WATER]})
    cid = m.players[0].hand[0]
    assert why_unplayable(m, 0, cid) == NOT_NOW


def test_out_of_turn(pool: CardPool) -> None:
    m = at(pool, {"active": {"cards": [CHARMANDER]}, "hand": [WATER]})
    assert "your own turn" in why_unplayable(m, 1, m.players[0].hand[0])


# ---- explain_option: what a move does (the practice duel's hints)


def options_of(m: Match) -> dict[str, tuple[Any, ...]]:
    pending = m.pending
    assert isinstance(pending, Choice)
    return {m.describe(o): o for o in pending.options}


def test_every_option_of_a_main_phase_is_explained(pool: CardPool) -> None:
    from handheld.engine.explain import explain_option

    m = at(pool, {"active": {"cards": [CHARMANDER], "energy": ["ecard1-162"]},
                  "bench": [{"cards": [SQUIRTLE]}],
                  "hand": [CHARMELEON, WATER, CHARMANDER, OAK]})
    opts = options_of(m)
    said = {label: explain_option(m, o) for label, o in opts.items()}
    assert all(text and text != label for label, text in said.items()), said
    assert "Ends your turn" in said["End turn"]
    bench = next(t for label, t in said.items() if label.startswith("Bench"))
    assert "Charmander" in bench and "Bench" in bench
    evolve = next(t for label, t in said.items() if label.startswith("Evolve"))
    assert evolve.startswith("Charmander becomes Charmeleon")
    retreat = next(t for label, t in said.items() if label.startswith("Retreat"))
    assert "Squirtle takes its place" in retreat
    oak = next(t for label, t in said.items() if "Oak" in label)
    assert "One Supporter a turn." in oak


def test_an_energy_says_which_attack_it_makes_ready(pool: CardPool) -> None:
    from handheld.engine.explain import explain_option

    m = at(pool, {"active": {"cards": [SQUIRTLE]}, "hand": [WATER]})
    attach = next(o for label, o in options_of(m).items() if label.startswith("Attach"))
    text = explain_option(m, attach)
    first = m.defs[m.players[0].active.top].attacks[0]  # type: ignore[union-attr]
    assert text.startswith("Attaches Water Energy to Squirtle")
    assert f"Then Squirtle can use {first.name}" in text


def test_an_attack_says_its_damage_and_that_it_ends_the_turn(pool: CardPool) -> None:
    from handheld.engine.explain import explain_option
    from handheld.engine.notation import ATTACK

    m = at(pool, {"active": {"cards": [SQUIRTLE], "energy": [WATER, WATER, WATER]}})
    pending = m.pending
    assert isinstance(pending, Choice)
    attack = next(o for o in pending.options if o[0] == ATTACK)
    a = m.defs[attack[1]].attacks[attack[2]]
    text = explain_option(m, attack)
    assert text.startswith(f"{a.name} does {a.damage} damage")
    assert text.endswith("Attacking ends your turn.")
