"""Each era difference is a Ruleset switch the engine reads (later eras are new Rulesets,
not forks): every switch is exercised here through a variant of Expedition."""

from __future__ import annotations

from typing import Any

from handheld.engine import EXPEDITION, Match, Ruleset, ruleset

from .fixtures import scenario_pool
from .scenario import authoring_position, option_index, resolve_coins


def match(pos: dict[str, Any], **changes: Any) -> Match:
    rules: Ruleset = EXPEDITION.variant(**changes) if changes else EXPEDITION
    return Match.from_position(scenario_pool(), authoring_position(pos), rules=rules)


def labels(m: Match) -> list[str]:
    assert m.choice is not None
    return [m.describe(o) for o in m.choice.options]


def choose(m: Match, label: str) -> None:
    m.apply(option_index(m, label))


TWO_SQUIRTLES = {"players": [
    {"active": {"cards": ["ecard1-131"], "energy": ["ecard1-165"]},
     "bench": [{"cards": ["ecard1-132"], "energy": ["ecard1-165"]}]},
    {"active": {"cards": ["ecard1-98"]}}]}


def test_expedition_is_the_home_era() -> None:
    assert ruleset("expedition") is EXPEDITION
    assert EXPEDITION.retreats_per_turn is None and EXPEDITION.weakness_multiplier == 2


def test_retreats_per_turn() -> None:
    m = match(TWO_SQUIRTLES)
    choose(m, "Retreat to")
    assert any("Retreat to" in t for t in labels(m))  # Expedition: again
    m = match(TWO_SQUIRTLES, retreats_per_turn=1)
    choose(m, "Retreat to")
    assert not any("Retreat to" in t for t in labels(m))


CONFUSED_KADABRA = {"players": [
    {"active": {"cards": ["ecard1-93", "ecard1-84"], "energy": ["ecard1-164*2"],
                "conditions": ["confused"]}, "bench": [{"cards": ["ecard1-93"]}]},
    {"active": {"cards": ["ecard1-131"]}}]}


def test_confusion_self_damage_or_counters() -> None:
    m = match(CONFUSED_KADABRA)
    choose(m, "Attack: Confuse Ray")
    resolve_coins(m, ["T"])
    assert m.players[0].active.damage == 40  # 20, doubled by its own Weakness
    m = match(CONFUSED_KADABRA, confusion_uses_counters=True)
    choose(m, "Attack: Confuse Ray")
    resolve_coins(m, ["T"])
    assert m.players[0].active.damage == 30  # 3 counters, no Weakness


def test_confused_retreat_flip() -> None:
    m = match(CONFUSED_KADABRA)
    choose(m, "Retreat to")
    assert m.chance is not None and m.chance.purpose == "Confused retreat"
    m = match(CONFUSED_KADABRA, confused_retreat_flip=False)
    choose(m, "Retreat to")
    assert m.chance is None and m.players[0].active.cards[-1] != m.players[0].bench[0].top


def test_printed_weakness_and_resistance() -> None:
    pos = {"players": [{"active": {"cards": ["ecard1-131"], "energy": ["ecard1-165"]}},
                       {"active": {"cards": ["test-8"]}}]}
    m = match(pos)
    choose(m, "Attack: Wave Splash")
    assert m.players[1].active.damage == 20  # Expedition: x2 whatever is printed
    m = match(pos, use_printed_weakness=True)
    choose(m, "Attack: Wave Splash")
    assert m.players[1].active.damage == 30  # printed +20


def test_which_conditions_shut_off_powers() -> None:
    pos = {"players": [{"active": {"cards": ["ecard1-98", "ecard1-73", "ecard1-40"],
                                   "conditions": ["poisoned"]}},
                       {"active": {"cards": ["ecard1-20"]}}]}
    assert not any("Burning Energy" in t for t in labels(match(pos)))
    later = match(pos, power_shutoff=1 | 2 | 4)  # Asleep, Confused, Paralyzed only
    assert any("Burning Energy" in t for t in labels(later))


def test_supporter_discard_timing() -> None:
    pos = {"players": [{"active": {"cards": ["ecard1-131"]}, "hand": ["ecard1-142"]},
                       {"active": {"cards": ["ecard1-98"]}}]}
    m = match(pos)
    choose(m, "Play Mary's Impulse")
    resolve_coins(m, ["T"])
    assert m.players[0].supporter and not m.players[0].discard
    m = match(pos, supporter_discard_end_of_turn=False)
    choose(m, "Play Mary's Impulse")
    resolve_coins(m, ["T"])
    assert not m.players[0].supporter and len(m.players[0].discard) == 1


def test_first_turn_switches() -> None:
    pos = {"turn": 1, "players": [
        {"active": {"cards": ["ecard1-131"], "energy": ["ecard1-165"]},
         "hand": ["ecard1-156", "ecard1-149"]},
        {"active": {"cards": ["ecard1-98"]}}]}
    m = match(pos)
    assert "Play Professor Oak's Research" in labels(m)
    assert "Attack: Wave Splash 10" in labels(m)
    m = match(pos, first_turn_trainer_ban=True, first_player_may_attack=False)
    assert not any(t.startswith("Play") for t in labels(m))
    assert not any(t.startswith("Attack") for t in labels(m))


def test_bench_size_and_prizes_are_numbers() -> None:
    pos = {"players": [{"active": {"cards": ["ecard1-131"]},
                        "bench": [{"cards": ["ecard1-132"]}] * 3, "hand": ["ecard1-93"]},
                       {"active": {"cards": ["ecard1-98"]}}]}
    assert "Bench Abra" in labels(match(pos))
    assert "Bench Abra" not in labels(match(pos, bench_size=3))


def test_mulligan_extra_cards_after_prizes() -> None:
    start = {"turn": 0, "stack": [{"program": "rule:game", "pc": 0}], "players": [
        {"deck": ["ecard1-131", "ecard1-165*19"], "prizes": []},
        {"deck": ["ecard1-161*7", "ecard1-98", "ecard1-161*12"], "prizes": []}]}
    swap = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 19, 13, 14, 15, 16, 17, 18, 12]
    m = match(start, mulligan_extra_cards=1, mulligan_extra_after_prizes=True)
    resolve_coins(m, ["H"])
    m.resolve(list(range(20)))
    m.resolve(list(range(20)))
    m.resolve(swap)
    assert m.choice is not None and m.choice.kind == "setup_active"  # no question now
    m.apply(0)
    m.apply(0)
    assert m.turn == 1 and len(m.players[0].hand) == 6 + 1 + 1  # 6 left + 1 extra + draw
