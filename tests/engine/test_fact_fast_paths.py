"""The facts query's shortcuts against the plain rule, on every decision of random games.

``facts.pokemon_facts`` and the usual reads (``max_hp``, ``remaining_hp``,
``is_knocked_out``, ``pokemon_types``, ``retreat_cost``), ``stack_facts``,
``slot_passive_list``, ``ops.energy_units`` and ``rules.needs_knockout_check`` take the
common case first; ``pokemon_facts_reference`` and the other references say the same
rules with no shortcut and no cache. The match's tables (shared by every match over the
same decks) must equal tables built afresh. In the first games a clone of the match is
also disturbed at every decision (markers whose passives change HP, types and Retreat
Cost, an effect for the rest of the turn, the "some card changes facts" switch) so the
slow paths are compared too, not only the common case.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any

import pytest

from handheld.cards import default_pool, load_deck
from handheld.engine import Chance, Match, Passive, ops, rules
from handheld.engine import facts as F
from handheld.engine import match as match_module
from handheld.engine.state import Slot
from handheld.players import RandomPlayer
from tests.engine.fixtures import play_on

DECK_NAMES = ("blazing_quake", "dark_steel", "ember_blaze", "mind_games", "poison_garden",
              "rock_crusher", "sky_flock", "thunder_link", "tidal_mind", "tidal_surge",
              "verdant_bounty")
GAMES = 500
DISTURBED_GAMES = 100  # of them, the first also compare a disturbed clone at every decision


class _Sturdy(Passive):
    def max_hp(self, m: Any, holder: Any, hp: int) -> int:
        return hp + 20

    def pokemon_types(self, m: Any, holder: Any, types: tuple[str, ...]) -> tuple[str, ...]:
        return ("M",)

    def retreat_cost(self, m: Any, holder: Any, cost: int) -> int:
        return cost + 1


class _Frail(Passive):
    """HP down to nothing: a Pokémon without damage is Knocked Out."""

    def max_hp(self, m: Any, holder: Any, hp: int) -> int:
        return 0

    def weakness(self, m: Any, holder: Any, entries: Any) -> Any:
        return ()


F.register_marker(F.MarkerKind("test_fast_sturdy", "sturdy", passive=_Sturdy()))
F.register_marker(F.MarkerKind("test_fast_frail", "frail", passive=_Frail()))


def _slots(m: Match) -> list[Slot]:
    return [s for p in m.players for s in p.in_play()]


def mismatches(m: Match) -> list[str]:
    """Every place a shortcut disagrees with its reference on this position."""
    out = []
    knocked_out = False
    for s in _slots(m):
        stack = F.stack_facts_reference(m, s)
        ref = F.with_passives(m, s, stack)
        knocked_out = knocked_out or s.damage >= ref.hp
        got = {
            "pokemon_facts": (F.pokemon_facts(m, s), ref),
            "stack_facts": (F.stack_facts(m, s), stack),
            "max_hp": (F.max_hp(m, s), ref.hp),
            "remaining_hp": (F.remaining_hp(m, s), ref.hp - s.damage),
            "is_knocked_out": (F.is_knocked_out(m, s), s.damage >= ref.hp),
            "pokemon_types": (F.pokemon_types(m, s), ref.types),
            "retreat_cost": (F.retreat_cost(m, s), ref.retreat),
            "slot_passive_list": (F.slot_passive_list(m, s), list(F.slot_passives(m, s))),
            "energy_units": (ops.energy_units(m, s), ops.energy_units_reference(m, s)),
        }
        out += [f"{name} of {s!r} on turn {m.turn}: {a!r} != {b!r}"
                for name, (a, b) in got.items() if a != b]
    if not m.over:
        knocked_out = knocked_out or any(p.active is None for p in m.players)
        dirty = m.ko_dirty
        fast = rules.needs_knockout_check(m)
        m.ko_dirty = dirty
        if fast != knocked_out:
            out.append(f"needs_knockout_check on turn {m.turn}: {fast}")
    return out


def disturbed(m: Match, rng: random.Random) -> Match:
    """A clone with passives in force that change facts (the slow paths)."""
    c = m.clone()
    slots = _slots(c)
    for s in rng.sample(slots, min(len(slots), 2)):
        s.markers[rng.choice(("test_fast_sturdy", "test_fast_frail"))] = c.turn
    if rng.random() < 0.3:
        c.players[c.current].turn_effects["burning_energy"] = c.turn
    if rng.random() < 0.3:
        c.fact_hooks = True  # as if some card of the match carried a fact hook
    return c


def tables_mismatches(m: Match) -> list[str]:
    """The match's (shared) tables against tables built afresh for its cards."""
    fresh = match_module._Tables(m.defs)
    out = [name for name in match_module._Tables.__slots__ if name != "printed"
           and getattr(m, name) != getattr(fresh, name)]
    if m.printed != fresh.printed:
        out.append("printed")
    return out


def _play(m: Match, seed: int, check: Any) -> int:
    rng = random.Random(seed)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    checked = 0
    while not m.over:
        check(m, rng)
        checked += 1
        play_on(m, players, rng)
    check(m, rng)
    return checked


def test_fact_shortcuts_agree_with_the_references() -> None:
    pool = default_pool()
    decks = {name: load_deck(name) for name in DECK_NAMES}
    pairs = list(permutations(DECK_NAMES, 2))
    checked = 0

    def check(m: Match, rng: random.Random) -> None:
        problems = mismatches(m)
        assert not problems, problems[:5]

    def check_disturbed(m: Match, rng: random.Random) -> None:
        problems = mismatches(m) + mismatches(disturbed(m, rng))
        assert not problems, problems[:5]

    for game in range(GAMES):
        a, b = pairs[game % len(pairs)]
        m = Match(pool, (decks[a], decks[b]), record_log=False)
        assert tables_mismatches(m) == [], (a, b)
        checked += _play(m, game, check_disturbed if game < DISTURBED_GAMES else check)
    assert checked > GAMES * 20


@pytest.mark.parametrize("deck_set", ["platinum", "call_of_legends", "black_white"])
def test_the_later_eras_decks_keep_the_shortcuts_equal_to_the_references(deck_set: str,
                                                                          ) -> None:
    """Random games between the ready-made decks of the later eras, whose cards change facts
    (Tools that add HP, Poké-Bodies that reach every Pokémon, Pokémon LV.X): the shortcuts
    against the references at every decision."""
    from handheld.cards import DECK_SETS, deck_set_era
    from handheld.engine.eras import ERAS

    pool = default_pool()
    names = DECK_SETS[deck_set]
    rules_of_era = ERAS[deck_set_era(deck_set)].ruleset
    checked = 0

    def check(m: Match, rng: random.Random) -> None:
        problems = mismatches(m)
        assert not problems, problems[:5]

    for game in range(6):
        decks = (load_deck(names[(2 * game) % len(names)]),
                 load_deck(names[(2 * game + 1) % len(names)]))
        m = Match(pool, decks, rules_of_era, record_log=False, validate=False)
        assert tables_mismatches(m) == []
        checked += _play(m, game, check)
    assert checked > 6 * 20


class _FrailReach(Passive):
    """An area Poké-Body's passive that reaches the HP of other Pokémon (and may lower it)."""

    reaches = frozenset({"max_hp"})


def test_a_card_that_may_lower_hp_keeps_the_knock_out_check_exact() -> None:
    """``Match.hp_may_fall`` lets the Knock Out check skip a Pokémon with less damage than
    its printed HP; a card whose passive may lower HP turns it on, and then an undamaged
    Pokémon holding that card is Knocked Out. The HP the real cards add (Giant Cape, a
    Body that reaches every Pokémon of a type) leaves it off."""
    from dataclasses import replace

    pool = default_pool()
    changes_hp = [d.id for d in pool.defs.values()
                  for ps in (*d.passives, *(ps for pw in d.powers for ps in pw.passives))
                  if "max_hp" in ps.hooks or "max_hp" in ps.reaches]
    assert len(changes_hp) >= 2  # (Giant Cape; Shaymin LV.X's Body reaches every Pokémon)
    assert not any(F.may_lower_hp(pool.defs[i]) for i in changes_hp)
    plain = next(d for d in pool.defs.values() if d.kind == 2 and d.basic_energy)
    frail = replace(plain, passives=(_Frail(),), hooks=_Frail.hooks)
    assert F.may_lower_hp(frail) and not F.may_lower_hp(plain)
    assert F.may_lower_hp(replace(plain, passives=(_FrailReach(),)))

    m = Match(pool, (load_deck("blazing_quake"), load_deck("tidal_mind")), record_log=False)
    rng = random.Random(5)
    players = (RandomPlayer(5), RandomPlayer(6))
    while m.turn < 2:
        play_on(m, players, rng)
    assert not m.hp_may_fall
    slot = m.players[m.current].active
    assert slot is not None and slot.damage < m.printed[slot.top].hp
    deck = m.players[m.current].deck
    card = next(c for c in deck if m.defs[c].kind == 2)
    deck.remove(card)  # (attached from the deck as that card with a passive added)
    m.defs = [*m.defs]
    m.defs[card] = frail
    m.index_flags(m.owner.index(1))
    slot.energy.append(card)
    assert m.hp_may_fall and m.fact_hooks
    assert F.is_knocked_out(m, slot) and rules.needs_knockout_check(m)
    m.hp_may_fall = False  # (what the shortcut would say without the flag)
    assert not F.is_knocked_out(m, slot)


def test_the_comparison_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shortcut that forgets the passives (here: HP read off the card) is caught."""

    def printed_hp(m: Match, slot: Slot) -> int:
        return m.defs[slot.cards[-1]].hp

    monkeypatch.setattr(F, "max_hp", printed_hp)
    pool = default_pool()
    m = Match(pool, (load_deck("blazing_quake"), load_deck("tidal_mind")), record_log=False)
    found: list[str] = []

    def check(m: Match, rng: random.Random) -> None:
        found.extend(mismatches(disturbed(m, rng)))

    _play(m, 3, check)
    assert any(p.startswith("max_hp") for p in found)


def test_the_table_comparison_can_fail() -> None:
    pool = default_pool()
    m = Match(pool, (load_deck("blazing_quake"), load_deck("tidal_mind")), record_log=False)
    assert tables_mismatches(m) == []
    top = next(i for i, pf in enumerate(m.printed) if pf is not None)
    m.printed[top] = None
    m.has_passives = [not x for x in m.has_passives]
    assert tables_mismatches(m) == ["has_passives", "printed"]


def test_matches_over_the_same_decks_share_tables_but_not_printed() -> None:
    pool = default_pool()
    decks = (load_deck("blazing_quake"), load_deck("tidal_mind"))
    a = Match(pool, decks, record_log=False)
    b = Match(pool, decks, record_log=False)
    assert a.units_of is b.units_of and a.printed == b.printed
    assert a.printed is not b.printed  # a match may fill in its own


# Platinum era: Poké-Bodies that reach every Pokémon in play (Flygon's Rainbow Float,
# Lucario GL's Boundary Aura), on random play from a position that holds them.
AREA_POSITION: dict[str, Any] = {
    "era": "platinum", "turn": 5, "current": 0, "first": 0,
    "players": [
        {"active": {"cards": ["pl2-79"], "energy": ["ecard1-165"]},
         "bench": [{"cards": ["pl2-84", "pl2-53", "pl2-5"], "energy": ["ecard1-165", "ecard1-160"]},
                   {"cards": ["pl2-8"], "energy": ["pl2-100", "ecard1-165*2"]},
                   {"cards": ["pl2-84"]}],
         "hand": ["ecard1-165*3", "ecard1-160*2", "pl2-84", "pl2-79"],
         "deck": ["ecard1-165*10", "ecard1-160*10", "pl2-53"],
         "prizes": ["ecard1-165*6"]},
        {"active": {"cards": ["pl2-33"], "energy": ["ecard1-165*2"]},
         "bench": [{"cards": ["pl2-72", "pl2-74", "pl2-29"], "energy": ["ecard1-160"]},
                   {"cards": ["pl2-79", "pl2-21"], "energy": ["ecard1-165*2"]},
                   {"cards": ["pl2-8"]}],
         "hand": ["ecard1-165*3", "ecard1-160*2", "pl2-79"],
         "deck": ["ecard1-165*10", "ecard1-160*10", "pl2-79*2", "pl2-6"],
         "prizes": ["ecard1-165*6"]},
    ],
}


def test_area_bodies_keep_the_shortcuts_equal_to_the_references() -> None:
    from tests.engine.fixtures import scenario_pool
    from tests.engine.scenario import authoring_position

    pool = scenario_pool()
    checked = 0
    for seed in range(12):
        m = Match.from_position(pool, authoring_position(AREA_POSITION), record_log=False)
        assert m.area_bodies and m.fact_hooks and tables_mismatches(m) == []

        def check(m: Match, rng: random.Random) -> None:
            problems = mismatches(m) + mismatches(disturbed(m, rng))
            assert not problems, problems[:5]

        checked += _play(m, seed, check)
    assert checked > 100


# Platinum era: the last Pokémon LV.X (Invisible Tentacles' toll for attacking, Water
# Rescue and Revenge Seed answering Knock Outs, Wind Erosion between turns), on random play
# from a position that holds them: the facts' and the main phase's shortcuts against their
# references at every decision.
LAST_LV_X_POSITION: dict[str, Any] = {
    "era": "platinum", "turn": 5, "current": 0, "first": 0,
    "players": [
        {"active": {"cards": ["pl1-28", "pl1-124"], "played_turn": 3,
                    "energy": ["ecard1-164*2", "ecard1-165"]},
         "bench": [{"cards": ["pl1-38"], "energy": ["ecard1-162"], "played_turn": 3},
                   {"cards": ["pl2-4"], "energy": ["ecard1-165*2"], "played_turn": 3},
                   {"cards": ["test-401"], "played_turn": 3}],
         "hand": ["pl1-127", "pl2-104", "pl1-123", "ecard1-162*2", "ecard1-165", "pl1-101"],
         "deck": ["ecard1-162*6", "ecard1-165*6", "ecard1-164*4", "pl1-90*2",
                  "pl1-38", "pl1-101*2"],
         "prizes": ["ecard1-165*6"]},
        {"active": {"cards": ["pl2-84", "pl2-53", "test-402"], "played_turn": 3,
                    "energy": ["ecard1-165*2"]},
         "bench": [{"cards": ["pl1-101"], "damage": 30}, {"cards": ["pl1-90"]},
                   {"cards": ["pl1-28", "pl1-124"], "played_turn": 3}],
         "hand": ["pl2-105", "ecard1-165*2", "pl1-70", "pl1-91"],
         "deck": ["ecard1-165*10", "ecard1-160*6", "pl1-91*2", "pl1-70*2"],
         "prizes": ["ecard1-165*6"]},
    ],
}


def test_the_last_lv_x_keep_the_shortcuts_equal_to_the_references() -> None:
    from handheld.engine import main_options_reference
    from handheld.engine.actions import main_options
    from tests.engine.fixtures import scenario_pool
    from tests.engine.scenario import authoring_position

    pool = scenario_pool()
    checked = 0
    for seed in range(12):
        m = Match.from_position(pool, authoring_position(LAST_LV_X_POSITION),
                                record_log=False)
        assert tables_mismatches(m) == []

        def check(m: Match, rng: random.Random) -> None:
            problems = mismatches(m) + mismatches(disturbed(m, rng))
            assert not problems, problems[:5]
            d = m.pending
            if d is not None and not isinstance(d, Chance) and d.kind == "main":
                assert main_options(m) == main_options_reference(m)

        checked += _play(m, seed, check)
    assert checked > 100


def test_a_lv_x_joined_with_its_earlier_level_is_kept_and_equals_a_fresh_join() -> None:
    """``facts._with_cards_below`` keeps each join by the identity of the two printed facts:
    asked again it gives the same object, equal to a join built afresh; a Pokémon whose
    earlier level is another card gets its own join."""
    from handheld.engine import facts
    from tests.engine.fixtures import scenario_pool
    from tests.engine.scenario import authoring_position

    m = Match.from_position(scenario_pool(), authoring_position(LAST_LV_X_POSITION),
                            record_log=False)
    lv_x = [s for p in m.players for s in p.in_play() if m.defs[s.top].lv_x]
    assert len(lv_x) >= 2, "the position holds two LV.X Pokémon"
    for slot in lv_x:
        top = facts.printed_facts(m, slot.top)
        below = facts.printed_facts(m, slot.cards[-2])
        first = facts.stack_facts(m, slot)
        assert facts.stack_facts(m, slot) is first
        assert first == facts._join_below(top, below)
        assert first.stage == below.stage and len(first.attacks) > len(top.attacks)
    # Two LV.X Pokémon of one name but different cards are two joins.
    a, b = lv_x[0], lv_x[1]
    assert (a.top, a.cards[-2]) != (b.top, b.cards[-2])
    assert facts.stack_facts(m, a) is not facts.stack_facts(m, b)
