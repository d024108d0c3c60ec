"""The position validator (issue 11, item 4): a position no game can reach is refused with
``InvalidPosition`` naming the field, whatever is wrong with it, and nothing is changed."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handheld.cards import load_deck
from handheld.engine import Chance, Choice, Match
from handheld.engine.errors import InvalidPosition
from handheld.engine.retreat import RetreatFlip
from handheld.engine.validate import validate_state
from handheld.players import RandomPlayer, chance_outcome

from .fixtures import scenario_pool

POOL = scenario_pool()
DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))
WATER = "ecard1-165"


def base() -> dict[str, Any]:
    """A small legal position in player 0's main phase (turn 5)."""
    return {
        "turn": 5, "current": 0, "first": 0,
        "players": [
            {"active": {"cards": ["ecard1-131"], "energy": [WATER]},      # Squirtle
             "bench": [{"cards": ["ecard1-98"]}],                         # Charmander
             "hand": ["ecard1-73", "ecard1-142", "ecard1-150", "ecard1-139"],
             "deck": [WATER] * 10, "prizes": [WATER] * 6},
            {"active": {"cards": ["ecard1-97"]},                           # Charmander
             "bench": [{"cards": ["ecard1-132"]}],                        # Squirtle
             "deck": [WATER] * 10, "prizes": [WATER] * 6},
        ],
    }


def refused(pos: Any, *fragments: str) -> str:
    """Load ``pos``; it must be refused with ``InvalidPosition`` whose message holds every
    fragment (the field's path first)."""
    before = copy.deepcopy(pos)
    with pytest.raises(InvalidPosition) as info:
        Match.from_position(POOL, pos)
    assert pos == before, "a refused position was changed"
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


def with_change(path: str, value: Any) -> dict[str, Any]:
    """``base()`` with the value at ``path`` (dotted, list indices as numbers) replaced."""
    pos = base()
    *parents, last = path.split(".")
    node: Any = pos
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return pos


def test_the_base_position_is_legal() -> None:
    m = Match.from_position(POOL, base())
    assert m.choice is not None and m.choice.kind == "main"
    validate_state(m)


# --------------------------------------------------------------------------- conservation


def test_a_card_number_used_twice_is_refused() -> None:
    pos = base()
    pos["players"][0]["hand"] = ["ecard1-73#3", "ecard1-142#3"]
    refused(pos, "card number #3 is used twice")


def test_card_numbers_with_a_gap_are_refused() -> None:
    pos = base()
    pos["players"][0]["hand"][0] = "ecard1-73#999"
    refused(pos, "card numbers must be exactly 0..")


def test_a_player_with_more_than_one_deck_of_cards_is_refused() -> None:
    refused(with_change("players.0.deck", [WATER] * 55), "players[0]", "more than 60 cards")


def test_thousands_of_cards_are_refused_before_they_are_read() -> None:
    refused(with_change("players.1.discard", [WATER] * 5000), "players[1].discard",
            "5000 cards")


def test_more_copies_than_the_deck_rules_allow_are_refused() -> None:
    pos = base()
    pos["players"][0]["hand"] = ["ecard1-142"] * 5
    refused(pos, "players[0].hand[4]", "more than 4 cards named")


def test_a_card_that_is_not_implemented_is_refused() -> None:
    pos = base()
    pos["players"][1]["hand"] = ["test-9"]
    refused(pos, "players[1].hand[0]", "no effect script")


def test_validate_state_finds_a_card_in_two_places() -> None:
    m = Match.from_position(POOL, base())
    m.players[1].hand.append(m.players[0].hand[0])
    with pytest.raises(InvalidPosition, match=r"players\[1\]\.hand\[0\].*also at players"):
        validate_state(m)


# --------------------------------------------------------------------------- zones


@pytest.mark.parametrize(("path", "value", "fragment"), [
    ("players.0.active.energy", ["ecard1-98"], "players[0].active.energy[0]: Charmander is "
                                               "not an Energy card"),
    ("players.0.active.tool", "ecard1-98", "players[0].active.tool: Charmander is not a "
                                           "Pokémon Tool"),
    ("players.0.active.tool", WATER, "players[0].active.tool: Water Energy is not a Pokémon "
                                     "Tool"),
    ("players.0.active.tms", ["ecard1-150"], "players[0].active.tms[0]: Strength Charm is not "
                                             "a Technical Machine"),
    ("players.0.active.cards", ["ecard1-131", WATER], "players[0].active.cards[1]: Water "
                                                      "Energy is not a Pokémon card"),
    ("players.0.supporter", ["ecard1-139"], "players[0].supporter"),
    ("players.1.supporter", ["ecard1-142"], "players[1].supporter"),
    ("players.0.resolving", ["ecard1-139"], "players[0].resolving[0]"),
    ("players.1.active.tms", ["ecard1-144"], "players[1].active.tms: Technical Machines are "
                                             "discarded"),
])
def test_cards_in_a_zone_they_cannot_be_in_are_refused(path: str, value: Any,
                                                        fragment: str) -> None:
    refused(with_change(path, value), fragment)


def test_a_pokemon_as_the_stadium_is_refused() -> None:
    pos = base()
    pos["stadium"], pos["stadium_owner"] = "ecard1-98", 0
    refused(pos, "stadium: Charmander is not a Stadium card")


def test_a_stadium_owner_without_a_stadium_is_refused() -> None:
    pos = base()
    pos["stadium_owner"] = 1
    refused(pos, "stadium_owner")


def test_legal_attachments_and_a_stadium_are_accepted() -> None:
    pos = base()
    pos["players"][0]["active"]["tool"] = "ecard1-150"
    pos["players"][0]["active"]["tms"] = ["ecard1-144"]
    pos["players"][0]["supporter"] = ["ecard1-142"]
    pos["players"][0]["flags"] = {"supporter_played": True}
    pos["players"][0]["hand"] = ["ecard1-73"]
    pos["stadium"], pos["stadium_owner"] = "test-1", 1
    m = Match.from_position(POOL, pos)
    assert m.defs[m.stadium].name == "Test Arena"
    assert m.players[0].active is not None and m.players[0].active.tool >= 0


# --------------------------------------------------------------------------- evolution


@pytest.mark.parametrize(("cards", "fragment"), [
    (["ecard1-73"], "cards[0]: Charmeleon is not a Basic Pokémon"),
    (["ecard1-98", "ecard1-39"], "cards[1]: Charizard does not evolve from Charmander"),
    (["ecard1-98", "ecard1-92"], "cards[1]: Wartortle does not evolve from Charmander"),
    (["ecard1-98", "ecard1-73", "ecard1-73"], "cards[2]: Charmeleon does not evolve from "
                                              "Charmeleon"),
    (["ecard1-98", "ecard1-17"], "cards[1]: Magby is a Baby Pokémon"),
    (["ecard1-17", "ecard1-98"], "cards[1]: Charmander does not evolve from Magby"),
    (["ecard1-98", "ecard1-97"], "cards[1]: Charmander does not evolve from Charmander"),
])
def test_impossible_evolution_stacks_are_refused(cards: list[str], fragment: str) -> None:
    refused(with_change("players.0.bench.0", {"cards": cards}), "players[0].bench[0]." + fragment)


@pytest.mark.parametrize("cards", [
    ["ecard1-98", "ecard1-73", "ecard1-39"],        # Charmander, Charmeleon, Charizard
    ["ecard1-17", "ecard1-86"],                     # Magby, then the Magmar it names
])
def test_real_evolution_lines_are_accepted(cards: list[str]) -> None:
    m = Match.from_position(POOL, with_change("players.0.bench.0", {"cards": cards}))
    assert len(m.players[0].bench[0].cards) == len(cards)


def test_an_evolved_pokemon_on_the_first_turns_is_refused() -> None:
    pos = with_change("players.0.bench.0", {"cards": ["ecard1-98", "ecard1-73"]})
    pos["turn"] = 1
    refused(pos, "players[0].bench[0].cards", "first turns")


# --------------------------------------------------------------------------- conditions


@pytest.mark.parametrize(("where", "conditions", "fragment"), [
    ("bench.0", ["poisoned"], "players[0].bench[0].conditions: poisoned: only the Active"),
    ("active", ["asleep", "confused"], "players[0].active.conditions: Asleep, Confused"),
    ("active", ["asleep", "confused", "paralyzed"], "players[0].active.conditions"),
    ("active", ["confused", "paralyzed"], "players[0].active.conditions"),
    ("active", ["frozen"], "players[0].active.conditions[0]: unknown Special Condition"),
    ("active", ["burned", "burned"], "players[0].active.conditions[1]: 'burned' is listed"),
    ("active", "poisoned", "players[0].active.conditions must be a list"),
])
def test_impossible_special_conditions_are_refused(where: str, conditions: Any,
                                                    fragment: str) -> None:
    refused(with_change(f"players.0.{where}.conditions", conditions), fragment)


def test_poison_and_burn_stack_with_one_other_condition() -> None:
    pos = with_change("players.0.active.conditions", ["confused", "poisoned", "burned"])
    m = Match.from_position(POOL, pos)
    assert m.players[0].active is not None and m.players[0].active.conditions == 2 | 8 | 16


# --------------------------------------------------------------------------- counts


@pytest.mark.parametrize(("path", "value", "fragment"), [
    ("players.0.prizes", [WATER] * 12, "players[0].prizes: 12 Prizes; at most 6"),
    ("players.0.active.damage", -10, "players[0].active.damage must be 0.."),
    ("players.0.active.damage", 15, "players[0].active.damage: must be a multiple of 10"),
    pytest.param("players.0.active.damage", 10**4000, "players[0].active.damage", id="huge"),
    ("players.0.mulligans", -1, "players[0].mulligans"),
    ("players.0.active.played_turn", 9, "players[0].active.played_turn: turn 9"),
    ("players.0.active.paralyzed_turn", 6, "players[0].active.paralyzed_turn"),
    ("players.0.active.markers", {"frozen_solid": 3}, "players[0].active.markers: unknown"),
    ("players.0.flags", {"retreats": -1}, "players[0].flags.retreats"),
    ("players.0.flags", {"turn_effects": {"free_lunch": 5}}, "players[0].flags.turn_effects"),
    ("players.0.flags", {"powers_used": [[0, 7]]}, "players[0].flags.powers_used[0]"),
    ("players.0.bench", [{"cards": ["ecard1-98"]}] * 6, "players[0].bench has 6 Pokémon"),
    ("players.0.bench", [None], "players[0].bench[0] must be a Pokémon object"),
    ("winner", 7, "winner must be 0..1"),
    ("winner", 1, "winner: a match that is not over has no winner"),
    ("over", True, "winner: a match that is over has a winner"),
    ("over", "yes", "over must be true or false"),
    ("turn", -1, "turn must be 0.."),
    ("turn", 6, "current: turn 6 belongs to player 1"),
    ("current", 2, "current must be 0..1"),
    ("prize_count", 12, "prize_count: must be 6"),
    ("sudden_death", -3, "sudden_death"),
    ("result", "prizes", "result: a match that is not over has no result"),
])
def test_impossible_counts_are_refused(path: str, value: Any, fragment: str) -> None:
    refused(with_change(path, value), fragment)


def test_a_finished_match_is_accepted_with_a_winner_and_a_result() -> None:
    pos = base()
    pos.update(over=True, winner=1, result="prizes+no_pokemon")
    m = Match.from_position(POOL, pos)
    assert m.over and m.winner == 1


def test_sudden_death_plays_for_one_prize() -> None:
    pos = base()
    pos["sudden_death"] = 1
    refused(copy.deepcopy(pos), "prize_count: must be 1 (in Sudden Death)")
    pos["prize_count"] = 1
    for p in pos["players"]:
        p["prizes"] = [WATER]
    assert Match.from_position(POOL, pos).sudden_death == 1


# --------------------------------------------------------------------------- setup


def pc_of(instruction: str, nth: int = 0) -> int:
    """Where the game procedure runs an instruction (by its class name)."""
    from handheld.engine.eras import ERAS
    GAME_PROGRAM = ERAS["expedition"].game_program

    at = [i for i, ins in enumerate(GAME_PROGRAM) if type(ins).__name__ == instruction]
    return at[nth]


def setup_position() -> dict[str, Any]:
    """Setup: both Active Pokémon are down, player 0 is choosing a Bench."""
    pos = base()
    pos["turn"] = 0
    for p in pos["players"]:
        p["active"].pop("energy", None)
        p["bench"] = []
        p["deck"] = p["deck"] + p.pop("prizes")
    pos["players"][0]["hand"] = ["ecard1-98", "ecard1-142"]
    pos["stack"] = [{"program": "rule:game", "pc": pc_of("ChooseBench"), "player": 0,
                     "vars": {"shuffle": []}}]
    return pos


def test_setup_holds_only_face_down_basics() -> None:
    m = Match.from_position(POOL, setup_position())
    assert m.choice is not None and m.choice.kind == "setup_bench"
    pos = setup_position()
    pos["players"][1]["active"]["damage"] = 10
    refused(pos, "players[1].active", "during setup")
    pos = setup_position()
    pos["players"][0]["active"]["energy"] = [WATER]
    refused(pos, "players[0].active", "during setup")
    pos = setup_position()
    pos["players"][1]["discard"] = [WATER]
    refused(pos, "players[1].discard", "during setup")
    pos = setup_position()
    pos["players"][1]["active"]["cards"] = ["ecard1-97", "ecard1-73"]
    refused(pos, "players[1].active")
    pos = setup_position()
    pos["stack"].append({"program": "ecard1-142#t", "pc": 0, "player": 0, "source": 1})
    refused(pos, "stack[1]", "during setup")


def test_setup_is_over_once_a_turn_has_started() -> None:
    pos = setup_position()
    pos["stack"] = [{"program": "rule:game", "pc": pc_of("MainPhase")}]
    refused(pos, "stack[0].pc", "setting up")
    pos = setup_position()
    pos["turn"] = 3
    refused(pos, "stack[0].pc", "setup is over")


# --------------------------------------------------------------------------- types and bounds


@pytest.mark.parametrize(("path", "value", "fragment"), [
    ("players", {"0": {}}, "players must be a list of exactly 2"),
    ("players.0", [], "players[0] must be an object"),
    ("players.0.hand", "ecard1-73", "players[0].hand must be a list of cards"),
    ("players.0.hand", [7], "players[0].hand[0]: a card is written"),
    ("players.0.hand", [["ecard1-73"]], "players[0].hand[0]"),
    ("players.0.hand", ["ecard1-73#" + "9" * 5000], "players[0].hand[0]"),
    ("players.0.hand", ["no-such-card"], "players[0].hand[0]: unknown card id"),
    ("players.0.active", "ecard1-131", "players[0].active must be a Pokémon object"),
    ("players.0.active.cards", [], "players[0].active.cards must list at least"),
    ("players.0.active.markers", [], "players[0].active.markers must be an object"),
    ("players.0.active.markers", {"cant_attack": "7"}, "players[0].active.markers.cant_attack"),
    ("players.0.flags", [], "players[0].flags must be an object"),
    ("players.0.flags", {"energy_attached": 1}, "players[0].flags.energy_attached"),
    ("players.0.flags", {"retreat_blocked": {"a": 1}}, "players[0].flags.retreat_blocked"),
    ("players.0.flags", {"powers_used": [[1]]}, "players[0].flags.powers_used[0]"),
    ("era", ["expedition"], "era: unknown era"),
    ("format", 5, "format"),
    pytest.param("turn", 10**5000, "turn must be 0..1000000, not a huge number", id="huge"),
    ("turn", 5.0, "turn must be an integer"),
    ("stack", {"program": "rule:game"}, "stack must be a list"),
    ("stack", [{"program": "rule:game", "pc": 10**9}], "stack[0].pc"),
    ("stack", [{"program": "nowhere#a0", "pc": 0}], "stack[0].program"),
    ("stack", [{"program": ["rule:game"], "pc": 0}], "stack[0].program"),
    ("stack", [{"program": "rule:game", "pc": 18, "vars": []}], "stack[0].vars"),
    ("stack", [{"program": "rule:game", "pc": 18, "vars": {"x": "y"}}], "stack[0].vars.x"),
    ("stack", [{"program": "rule:game", "pc": 18, "vars": {"x": 1}}], "stack[0].vars"),
    ("stack", [{"program": "rule:game", "pc": 18, "vars": {"shuffle": [0, 0, 1]}}],
     "stack[0].vars.shuffle"),
    ("stack", [{"program": "rule:game", "pc": 18, "player": 5}], "stack[0].player"),
    ("stack", [{"program": "rule:retreat", "pc": 0}], "stack[0].program: the bottom"),
    ("stack", [{"program": "rule:game", "pc": 18}] * 65, "stack has 65 frames"),
])
def test_wrong_types_anywhere_are_refused_naming_the_field(path: str, value: Any,
                                                           fragment: str) -> None:
    refused(with_change(path, value), fragment)


def test_deep_nesting_is_refused_without_recursing() -> None:
    deep: Any = 1
    for _ in range(100_000):
        deep = [deep]
    # (No copy to compare with: copying 100,000 levels would itself recurse too deep.)
    for pos, where in (
            (with_change("stack", [{"program": "rule:game", "pc": 18, "vars": {"x": deep}}]),
             "stack[0].vars.x[0]"),
            (with_change("players.0.hand", deep), "players[0].hand[0]"),
            (with_change("players.0.flags", {"turn_effects": {"x": deep}}),
             "players[0].flags.turn_effects.x")):
        with pytest.raises(InvalidPosition, match=re.escape(where)):
            Match.from_position(POOL, pos)


def test_not_an_object_is_refused() -> None:
    value: Any
    for value in (None, [], "x", 7):
        refused(value, "a position is a JSON object")


# --------------------------------------------------------------------------- the decision


def before_the_actives(pc: int) -> dict[str, Any]:
    """Setup before either Active Pokémon is chosen, the game procedure at ``pc``; each
    player holds a Charmander."""
    pos = base()
    pos["turn"] = 0
    hands = (["ecard1-98", "ecard1-73", "ecard1-142"], ["ecard1-97"])
    for p, hand in zip(pos["players"], hands, strict=True):
        p.update(active=None, bench=[], prizes=[], hand=hand)
    pos["stack"] = [{"program": "rule:game", "pc": pc, "player": 0, "vars": {"shuffle": []}}]
    return pos


def test_setup_past_the_mulligans_needs_a_basic_in_each_hand_without_an_active() -> None:
    """The Active Pokémon comes from the hand: with no Basic there (the mulligans over),
    setup could never finish. Player 0's choice would be empty; player 1's, still to come,
    too (a fuzzed position once passed: only the pending choice was checked)."""
    assert Match.from_position(POOL, before_the_actives(pc_of("ChooseActive"))).choice
    pos = before_the_actives(pc_of("ChooseActive"))
    pos["players"][0]["hand"] = ["ecard1-73", "ecard1-142"]  # Charmeleon, a Trainer
    refused(pos, "players[0].hand", "no Basic Pokémon", "mulligans are over")
    pos = before_the_actives(pc_of("ChooseActive"))
    pos["players"][1]["deck"] = ["ecard1-97"] + pos["players"][1]["deck"]
    pos["players"][1]["hand"] = [WATER]  # its Basic in the deck: too late to find it
    refused(pos, "players[1].hand", "no Basic Pokémon", "mulligans are over")


def test_setup_before_the_mulligans_needs_a_basic_somewhere_in_hand_or_deck() -> None:
    """Before the mulligan check a Basic in the deck is enough (mulligans will find it);
    with none in hand or deck the mulligans would never end (a fuzzed position once made
    the protocol's ``auto`` loop for ever)."""
    check = pc_of("MulliganCheck")
    pos = before_the_actives(check)
    pos["players"][1]["deck"] = ["ecard1-97"] + pos["players"][1]["deck"]
    pos["players"][1]["hand"] = [WATER] * 7
    m = Match.from_position(POOL, pos)
    assert not m.over
    pos["players"][1]["deck"] = [WATER] * 11
    refused(pos, "players[1].deck", "no Basic Pokémon", "would never end")


def test_programs_that_end_without_a_decision_are_refused() -> None:
    from handheld.engine.eras import ERAS
    GAME_PROGRAM = ERAS["expedition"].game_program

    refused(with_change("stack", [{"program": "rule:game", "pc": len(GAME_PROGRAM)}]),
            "stack", "without a decision")


def test_a_retreat_to_a_pokemon_not_on_the_bench_is_refused() -> None:
    stack = [{"program": "rule:game", "pc": 18},
             {"program": "rule:retreat", "pc": 0, "player": 0, "vars": {"to": 999}}]
    refused(with_change("stack", stack), "stack[1].vars.to")


def test_an_empty_active_spot_is_filled_as_the_rules_do() -> None:
    """Not refused: the Knock Out check promotes the only Benched Pokémon."""
    m = Match.from_position(POOL, with_change("players.1.active", None))
    assert m.players[1].active is not None and not m.players[1].bench


def confused_retreat() -> dict[str, Any]:
    """Player 0's Confused Squirtle has paid to retreat; the coin is pending."""
    pos = with_change("players.0.active.conditions", ["confused"])
    m = Match.from_position(POOL, pos)
    label = next(o for o in m.choice.options if o[0] == "retreat")  # type: ignore[union-attr]
    m.apply(m.choice.options.index(label))  # type: ignore[union-attr]
    assert isinstance(m.pending, Chance)
    return m.position()


def test_a_program_that_cannot_take_an_answer_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                         ) -> None:
    """The probe: every answer of the pending decision is tried on a copy; a running
    program that fails on one (here, made to fail) refuses the position."""
    pos = confused_retreat()
    assert Match.from_position(POOL, pos).chance is not None

    def broken(self: Any, m: Any, f: Any, answer: Any) -> Any:
        raise KeyError("heads")

    monkeypatch.setattr(RetreatFlip, "resume", broken)
    refused(pos, "stack[1]", "'rule:retreat' cannot continue", "KeyError")


def test_a_program_that_fails_when_loaded_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = confused_retreat()

    def broken(self: Any, m: Any, f: Any) -> Any:
        raise IndexError("list index out of range")

    monkeypatch.setattr(RetreatFlip, "run", broken)
    refused(pos, "stack[1]", "IndexError")


# --------------------------------------------------------------------------- nothing changes


def test_a_refused_position_changes_neither_the_pool_nor_the_position() -> None:
    defs, programs = dict(POOL.defs), dict(POOL.programs)
    pos = base()
    pos["players"][0]["active"]["conditions"] = ["asleep", "paralyzed"]
    pos["stack"] = [{"program": "rule:game", "pc": 18, "vars": {"shuffle": [1]}}]
    refused(pos, "players[0].active.conditions")
    assert POOL.defs == defs and POOL.programs == programs


def test_a_loaded_match_shares_nothing_with_its_position() -> None:
    pos = confused_retreat()
    text = json.dumps(pos, sort_keys=True)
    m = Match.from_position(POOL, pos)
    m.resolve(True)
    assert json.dumps(pos, sort_keys=True) == text


# --------------------------------------------------------------------------- real games


def positions_of_a_game(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    player = RandomPlayer(seed + 1)
    m = Match(POOL, DECKS, record_log=False)
    out = []
    while not m.over:
        out.append(m.position())
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
        elif isinstance(d, Choice):
            m.apply(player.choose(m, d))
    out.append(m.position())
    return out


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_every_position_of_a_real_game_validates_and_round_trips(seed: int) -> None:
    for pos in positions_of_a_game(seed):
        again = Match.from_position(POOL, json.loads(json.dumps(pos)), record_log=False)
        assert again.position() == pos
        validate_state(again)


def test_a_copy_is_independent_and_waits_for_the_same_decision() -> None:
    m = Match.from_position(POOL, confused_retreat())
    c = m.copy()
    assert c.position() == m.position() and c.pending == m.pending
    c.resolve(False)
    assert c.position() != m.position()
    assert isinstance(m.pending, Chance)


def test_a_sudden_death_game_waiting_for_its_coin_flip_loads() -> None:
    """Both players take their last Prize and lose their last Pokémon on turn 6 (player 1's):
    a new game starts, its coin flip pending while player 1 is still 'current'."""
    pos = base()
    pos.update(turn=6, current=1)
    for p in pos["players"]:
        p["bench"] = []
        p["active"]["damage"] = 100
        p["prizes"] = [WATER]
    m = Match.from_position(POOL, pos)
    assert m.sudden_death == 1 and m.turn == 0 and m.current != m.first
    assert isinstance(m.pending, Chance) and m.pending.kind == "coin"
    again = Match.from_position(POOL, m.position())
    assert again.position() == m.position()
    again.resolve(True)
    assert again.current == again.first == 0


def test_a_power_used_as_often_as_one_likes_keeps_the_position_readable() -> None:
    """Meganium's Leaf Trans may move a Grass Energy back and forth any number of times in
    a turn. Such a turn is legal, so its position must read back (the computer copies the
    match through it to guess the opponent's cards, and a suspended match is saved as one):
    the uses of a power without a limit are recorded once, under the position's bound on
    ``powers_used`` (before, 65 uses broke it)."""
    from handheld.cards import default_pool

    from .scenario import authoring_position

    pool = default_pool()
    meganium = ["hgss1-59", "hgss1-35", "hgss1-109"]  # Chikorita, Bayleef, Meganium
    m = Match.from_position(pool, authoring_position({
        "era": "call_of_legends", "players": [
            {"active": {"cards": meganium, "energy": ["ecard1-162"]},
             "bench": [{"cards": meganium}]},
            {"active": {"cards": meganium}}]}))
    for _ in range(70):
        d = m.pending
        assert isinstance(d, Choice) and d.kind == "main"
        m.apply(next(i for i, o in enumerate(d.options) if "Leaf Trans" in m.describe(o)))
        while isinstance(m.pending, Choice) and m.pending.kind != "main":
            m.apply(0)  # the Energy (there is one), then the other Meganium
    again = Match.from_position(pool, m.position())
    assert again.digest() == m.digest()
    active = m.players[0].active
    assert active is not None and m.players[0].powers_used == [(active.top, 0)]
    # The power is still there to use: being recorded once takes no use away.
    d = again.pending
    assert isinstance(d, Choice)
    assert any("Leaf Trans" in again.describe(o) for o in d.options)
