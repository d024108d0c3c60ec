"""Next Destinies part 2 (bw4-51 to bw4-93): what the scenarios cannot see. A hand shown
by an effect (Pidove's Scout, Beheeyem's Brain Control) lives only in the log, named to
both players; the text of the cards says what their scripts do."""

from __future__ import annotations

from handheld.engine.describe import describe_event
from handheld.engine.notation import EV_HAND_SHOWN, EV_MOVE, event_notation

from .fixtures import scenario_pool
from .scenario import run_scenario

SCOUT = {
    "position": {"era": "black_white", "players": [
        {"active": {"cards": ["bw4-83"], "energy": ["bw1-105"]}},
        {"active": {"cards": ["bw4-58"]}, "hand": ["bw1-105", "bw4-86"]}]},
    "steps": [{"choose": "Attack: Scout"}],
}


def test_scout_shows_the_opponents_hand_to_both_players() -> None:
    m = run_scenario(scenario_pool(), SCOUT)
    [ev] = [e for e in m.log if e[0] == EV_HAND_SHOWN]
    assert ev[1] == 1 and [m.defs[c].id for c in ev[2]] == ["bw1-105", "bw4-86"]
    line = "P2 shows their hand: Grass Energy, Cilan."
    # a shown hand hides nothing from either player
    assert describe_event(m, ev) == describe_event(m, ev, 0) == describe_event(m, ev, 1) == line
    assert "bw4-86" in event_notation(m, ev)


def test_brain_control_shows_the_hand_before_the_choice() -> None:
    m = run_scenario(scenario_pool(), {
        "position": {"era": "black_white", "players": [
            {"active": {"cards": ["bw4-61", "bw4-62"], "energy": ["bw1-109"]}},
            {"active": {"cards": ["bw4-58"]}, "hand": ["bw1-105", "bw4-86"]}]},
        "steps": [{"choose": "Attack: Brain Control"}, {"choose": "Cilan"}]})
    kinds = [e[0] for e in m.log]
    assert EV_HAND_SHOWN in kinds and kinds.index(EV_HAND_SHOWN) < kinds.index(EV_MOVE)


def test_the_card_text_says_what_the_scripts_do() -> None:
    pool = scenario_pool()
    assert "shows you their hand" in pool.get("bw4-83").text
    assert "[P][P]" in pool.get("bw4-57").text
    assert pool.get("bw4-57").text.startswith("Ability Psychic Mirage:")
    assert "When you evolve 1 of your Pokémon by playing this card" in pool.get("bw4-72").text
    assert "damage from your opponent's attack Knocks Out your Active" in pool.get("bw4-87").text


def test_giant_fan_fires_when_an_effect_evolves_from_the_hand() -> None:
    """An evolution card played from the hand by an effect (as Rare Candy does) is played
    to evolve: Giant Fan may fire then too. A made-up Item stands for such an effect."""
    from handheld.assets import load_set
    from handheld.engine import CardPool, TrainerScript
    from handheld.engine.effects.steps import (
        ChooseCards,
        ChoosePokemon,
        EvolveWith,
        card_named,
    )
    from handheld.engine.sets import SCRIPTS

    pool = CardPool()
    for slug in ("expedition", "black_white", "next_destinies"):
        for card in load_set(slug)["cards"]:
            pool.add(card, SCRIPTS.get(card["id"]))
    pool.add({"id": "test-4290", "number": "4290", "name": "Evolution Test Item",
              "supertype": "trainer", "subtypes": ["item"], "rarity": "", "artist": "",
              "reprint_of": None},
             TrainerScript(steps=[ChooseCards("c", "hand", card_named("Shiftry")),
                                  ChoosePokemon("t", "own"), EvolveWith("c", "t")]))
    m = run_scenario(pool, {
        "position": {"era": "black_white", "players": [
            {"active": {"cards": ["bw4-2", "bw4-71"]}, "hand": ["test-4290", "bw4-72"]},
            {"active": {"cards": ["bw4-82"]}, "bench": [{"cards": ["bw4-80"]}]}]},
        "steps": [{"choose": "Play Evolution Test Item"}, {"choose": "Yes"},
                  {"coins": ["H"]}, {"choose": "Meowth (Bench 1)"}, {"shuffle": "keep"}]})
    active = m.players[0].active
    assert active is not None
    assert [m.defs[c].id for c in active.cards] == ["bw4-2", "bw4-71", "bw4-72"]
    assert not m.players[1].bench
