"""Black & White era rules that scenarios cannot show: the deck rules of Pokémon-EX and
Restored Pokémon (Appendices A and B of seed 003), older Fossil Pokémon evolving from a
Restored Pokémon, Tools counted as Items, and how an Ability's script decides whether it
is used by choice or always on."""

from __future__ import annotations

from typing import Any

import pytest

from handheld.engine import CardPool, Match, PokemonScript, Power
from handheld.engine.actions import CAT_RESTORED, evolves_onto
from handheld.engine.carddefs import POKE_BODY, POKE_POWER
from handheld.engine.effects.passives import Passive
from handheld.engine.effects.steps import Draw
from handheld.engine.eras import ERAS
from handheld.engine.errors import InvalidPosition

from .fixtures import scenario_pool
from .scenario import authoring_position

BW = ERAS["black_white"]
FIRE, SNIVY, TEPIG = "bw1-106", "bw1-1", "bw1-15"
RESHIRAM, RESHIRAM_EX, AERODACTYL = "bw1-26", "bw4-22", "bw5-53"


def _violations(deck: list[str]) -> list[str]:
    return BW.deck_violations(scenario_pool(), deck)


def _only_rule_problems(problems: list[str]) -> list[str]:
    # (cards not scripted yet are reported too; these tests look at the deck rules only)
    return [p for p in problems if "cannot be played yet" not in p]


def test_ex_is_part_of_the_name_for_the_four_copy_rule() -> None:
    deck = [RESHIRAM] * 4 + [RESHIRAM_EX] * 4 + [FIRE] * 52
    assert _only_rule_problems(_violations(deck)) == []
    deck = [RESHIRAM_EX] * 4 + ["bw4-95"] + [FIRE] * 55  # the full-art printing is the same name
    assert "5 cards named Reshiram-EX; at most 4 are allowed" in _violations(deck)


def test_a_deck_of_restored_pokemon_needs_a_basic_pokemon_too() -> None:
    problems = _violations([AERODACTYL] * 4 + ["bw5-97"] * 4 + [FIRE] * 52)
    assert "no Basic Pokémon; a deck needs at least one to start the game" in problems
    assert "no Basic Pokémon" not in " ".join(
        _violations([AERODACTYL] * 4 + [SNIVY] + [FIRE] * 55))


def test_restored_pokemon_is_neither_basic_nor_evolution_and_not_played_from_the_hand() -> None:
    d = scenario_pool().get(AERODACTYL)
    assert d.restored and not d.is_basic_pokemon and not d.is_evolution
    assert d.play_cat == CAT_RESTORED and d.kind_name == "Restored Pokémon"


def _pokemon(cid: str, name: str, subtypes: list[str], evolves_from: str | None = None
             ) -> dict[str, Any]:
    return {"id": cid, "number": cid.rpartition("-")[2], "name": name, "supertype": "pokemon",
            "subtypes": subtypes, "hp": 60, "types": ["F"], "retreat": 1,
            "evolves_from": evolves_from, "evolves_to": [],
            "attacks": [{"name": "Stand In", "cost": ["C"], "damage": "10"}], "powers": [],
            "rarity": "", "artist": "", "reprint_of": None}


def _fossil_pool() -> CardPool:
    """A Restored Kabuto, an older Stage 1 Kabuto, and a Stage 1 and a Stage 2 Kabutops that
    both say "evolves from Kabuto" (made up after Appendix B's own example)."""
    pool = CardPool()
    script = PokemonScript(attacks={"Stand In": []})
    for facts in (_pokemon("bw1-901", "Kabuto", ["restored"]),
                  _pokemon("bw1-902", "Kabuto", ["stage1"], "Omanyte"),
                  _pokemon("bw1-903", "Kabutops", ["stage1"], "Kabuto"),
                  _pokemon("bw1-904", "Kabutops", ["stage2"], "Kabuto"),
                  _pokemon("bw1-905", "Omanyte", ["basic"])):
        pool.add(facts, script)
    for card in scenario_pool():
        if card.id in (FIRE, SNIVY):
            pool.add(card.facts, None)
    return pool


def _match(pool: CardPool, active: list[str]) -> Match:
    pos = authoring_position({"era": "black_white", "players": [
        {"active": {"cards": active}, "deck": [FIRE] * 20, "prizes": [FIRE] * 6},
        {"active": {"cards": ["bw1-905"]}, "deck": [FIRE] * 20, "prizes": [FIRE] * 6}]})
    return Match.from_position(pool, pos)


def test_any_kabutops_that_evolves_from_kabuto_goes_on_a_restored_kabuto() -> None:
    pool = _fossil_pool()
    m = _match(pool, ["bw1-901"])
    active = m.players[0].active
    assert active is not None
    assert evolves_onto(m, pool.get("bw1-903"), active)  # a Stage 1, as printed
    assert evolves_onto(m, pool.get("bw1-904"), active)  # an older Stage 2 as well
    # On a Stage 1 Kabuto, only the Stage 2 goes, as usual.
    m = _match(pool, ["bw1-905", "bw1-902"])
    active = m.players[0].active
    assert active is not None
    assert evolves_onto(m, pool.get("bw1-904"), active)
    assert not evolves_onto(m, pool.get("bw1-903"), active)
    # A position holding either Kabutops on the Restored Kabuto loads; a Stage 1 Kabutops
    # on the Stage 1 Kabuto does not.
    _match(pool, ["bw1-901", "bw1-904"])
    with pytest.raises(InvalidPosition, match="does not evolve from Kabuto"):
        _match(pool, ["bw1-905", "bw1-902", "bw1-903"])


def test_tools_are_items_in_this_era() -> None:
    pool = scenario_pool()
    tool, item, supporter = pool.get("bw4-87"), pool.get("bw1-96"), pool.get("bw1-101")
    assert tool.trainer_kind == "tool" and tool.is_item
    assert item.is_item and not supporter.is_item


class _Quiet(Passive):
    """A passive with no effect: enough to make an Ability always on."""


@pytest.mark.parametrize(("power", "kind"), [
    (Power(steps=(Draw(1),)), POKE_POWER),
    (Power(passives=(_Quiet(),)), POKE_BODY),
])
def test_an_ability_with_steps_is_chosen_and_one_with_passives_is_always_on(
        power: Power, kind: str) -> None:
    facts = dict(scenario_pool().get(AERODACTYL).facts)
    pool = CardPool()
    pool.add(facts, PokemonScript(attacks={"Wing Attack": []},
                                  powers={"Ancient Scream": power}))
    pw = pool.get(AERODACTYL).powers[0]
    assert pw.kind == kind and pw.printed == "ability"
    assert pool.get(AERODACTYL).text.startswith("Ability Ancient Scream:")
