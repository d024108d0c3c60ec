"""The Call of Legends era (seed 000): Pokémon LEGEND as cards, in positions and in deck
rules, and a Poké-Power whose card prints no Special Condition stopping it (the rest is
pinned by the scenarios in tests/engine/scenarios/call_of_legends_rules/)."""

from __future__ import annotations

from typing import Any

import pytest

from handheld.engine import Match
from handheld.engine.actions import CAT_LEGEND, legend_benchable
from handheld.engine.carddefs import POKE_POWER, POKEMON, CardDef, PowerDef
from handheld.engine.eras import ERAS
from handheld.engine.errors import InvalidPosition
from handheld.engine.facts import is_basic_in_play, power_works
from handheld.engine.ops import devolve
from handheld.engine.ruleset import ASLEEP, POISONED
from handheld.engine.text import card_sections
from handheld.ereader.tips import card_tips

from .fixtures import scenario_pool
from .scenario import authoring_position

COL = ERAS["call_of_legends"]
HO_OH_LOW, HO_OH_TOP, LUGIA_LOW, LUGIA_TOP = "hgss1-111", "hgss1-112", "hgss1-113", "hgss1-114"
FIRE = "hgss1-116"


def _match(active: list[str], **extra: Any) -> Match:
    pos = authoring_position({"era": "call_of_legends", "players": [
        {"active": {"cards": active}, **extra},
        {"active": {"cards": [LUGIA_LOW, LUGIA_TOP]}}]})
    return Match.from_position(scenario_pool(), pos)


def test_the_halves_are_linked_and_the_top_half_carries_the_whole_pokemon() -> None:
    pool = scenario_pool()
    low, top = pool.get(HO_OH_LOW), pool.get(HO_OH_TOP)
    assert low.legend and top.legend and top.legend_top and not low.legend_top
    assert low.legend_other is top and top.legend_other is low
    assert top.hp == low.hp == 140  # the half beneath prints it; the top card carries it
    assert top.attacks and top.powers and not low.attacks
    for d in (low, top):
        assert not d.is_basic_pokemon and not d.is_evolution
        assert d.play_cat == CAT_LEGEND and d.kind_name == "Pokémon LEGEND"


def test_a_half_is_benchable_only_beneath_and_with_its_own_other_half_in_hand() -> None:
    m = _match([HO_OH_LOW, HO_OH_TOP], hand=[LUGIA_LOW, LUGIA_TOP])
    hand = m.players[0].hand
    low, top = (m.defs[c] for c in hand)
    assert legend_benchable(m, hand, low) and not legend_benchable(m, hand, top)
    assert not legend_benchable(m, hand[:1], low)  # its other half is not in the hand


@pytest.mark.parametrize(("cards", "says"), [
    ([HO_OH_TOP], "is its 2 halves in play"),
    ([HO_OH_LOW], "is its 2 halves in play"),
    ([HO_OH_TOP, HO_OH_LOW], "the half beneath of a Pokémon LEGEND, then its own other half"),
    ([HO_OH_LOW, LUGIA_TOP], "the half beneath of a Pokémon LEGEND, then its own other half"),
    ([HO_OH_LOW, HO_OH_TOP, HO_OH_TOP], "is its 2 halves in play"),
])
def test_a_position_holds_a_legend_only_as_its_two_halves_in_order(cards: list[str],
                                                                   says: str) -> None:
    with pytest.raises(InvalidPosition, match=says):
        _match(cards)


def test_a_legend_in_play_is_no_basic_and_devolving_leaves_it_whole() -> None:
    m = _match([HO_OH_LOW, HO_OH_TOP])
    slot = m.players[0].active
    assert slot is not None and not is_basic_in_play(m, slot)
    assert devolve(m, slot, m.players[0].discard) == [] and len(slot.cards) == 2


def test_both_halves_count_for_the_four_copy_rule_by_their_shared_name() -> None:
    pool = scenario_pool()
    # (only the messages about Ho-Oh LEGEND matter here: the deck has no Basic Pokémon)
    two = [HO_OH_LOW, HO_OH_TOP] * 2 + [FIRE] * 56
    assert not [p for p in COL.deck_violations(pool, two) if "Ho-Oh LEGEND" in p]
    three = [HO_OH_LOW, HO_OH_TOP] * 3 + [FIRE] * 54
    assert any("6 cards named Ho-Oh LEGEND" in p for p in COL.deck_violations(pool, three))


def _power(works_under_conditions: bool) -> PowerDef:
    return PowerDef(POKE_POWER, "Test Power", text="Draw a card.",
                    works_under_conditions=works_under_conditions)


def test_any_special_condition_stops_a_poke_power_unless_its_card_prints_none() -> None:
    m = _match([HO_OH_LOW, HO_OH_TOP])
    slot = m.players[0].active
    assert slot is not None
    for condition in (ASLEEP, POISONED):
        slot.conditions = condition
        assert not power_works(m, slot, _power(False))
        assert power_works(m, slot, _power(True))


def test_a_power_that_works_under_conditions_says_no_shut_off_in_text_and_tips() -> None:
    stopped = "Not while this Pokémon has a Special Condition."
    for flag, says in ((False, True), (True, False)):
        d = CardDef(id="test-901", name="Tester", kind=POKEMON, hp=60,
                    powers=(_power(flag),))
        (section,) = card_sections(d, COL)
        assert (stopped in section.body) is says
        tip = {t.heading: t.text for t in card_tips(d, COL)}["Poké-Power Test Power"]
        assert ("does not work while" in tip) is says
