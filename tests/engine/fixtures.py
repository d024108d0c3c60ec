"""Test-only cards: invented facts for rules that no theme-deck card exercises (Stadiums,
two-unit Energy, Char counters, Tools acting between turns, attacks that may fail).

Their names and wording are made up for the tests; they never ship in the game's pool.
"""

from __future__ import annotations

import functools
from typing import Any

from handheld.assets import load_set
from handheld.engine import CardPool, EnergyScript, PokemonScript, Power, TrainerScript
from handheld.engine.effects.core import Eval, Step, TextCtx
from handheld.engine.effects.passives import DamageCtx, Passive
from handheld.engine.effects.steps import (
    DEFENDER,
    SELF,
    Draw,
    EvolvedFromHand,
    Heal,
    If,
    Mark,
    SlotIs,
)
from handheld.engine.ops import MarkerKind, register_marker
from handheld.engine.sets import SCRIPTS

register_marker(MarkerKind("attack_may_fail", "attacks may fail"))


class AddCharCounter(Step):
    """Test step: put a Char counter on the Defending Pokémon."""

    def text(self, tc: TextCtx) -> str:
        return "Put a Char counter on the Defending Pokémon."

    def value(self, ev: Eval) -> None:
        ev.add(10)

    def run(self, m: Any, f: Any) -> None:
        from handheld.engine.effects.steps import who_slot

        s = who_slot(m, f, DEFENDER)
        if s is not None:
            s.markers["char"] = s.markers.get("char", 0) + 1
        return None


class StadiumBoost(Passive):
    """f) every attack that does damage does 10 more."""

    damage_step = "f"

    def modify_damage(self, m: Any, dc: DamageCtx, holder: Any, dmg: int) -> int:
        return dmg + 10 if dmg > 0 else dmg

    def text(self) -> str:
        return "Attacks that do damage do 10 more (whole play area)."


class CheaperRetreat(Passive):
    def retreat_cost(self, m: Any, holder: Any, cost: int) -> int:
        return cost - 1

    def text(self) -> str:
        return "Retreat Costs are 1 less."


def _pokemon(card_id: str, name: str, hp: int, types: list[str], attacks: list[dict[str, Any]],
             **extra: Any) -> dict[str, Any]:
    facts = {"id": card_id, "number": card_id.split("-")[1], "name": name,
             "supertype": "pokemon", "subtypes": ["basic"], "types": types, "hp": hp,
             "evolves_from": None, "evolves_to": [], "retreat": 1, "weaknesses": [],
             "resistances": [], "attacks": attacks, "powers": [], "dex": None,
             "rarity": "", "artist": "", "reprint_of": None}
    facts.update(extra)
    return facts


TEST_FACTS: list[dict[str, Any]] = [
    {"id": "test-1", "number": "1", "name": "Test Arena", "supertype": "trainer",
     "subtypes": ["stadium"], "rarity": "", "artist": "", "reprint_of": None},
    {"id": "test-2", "number": "2", "name": "Test Dojo", "supertype": "trainer",
     "subtypes": ["stadium"], "rarity": "", "artist": "", "reprint_of": None},
    {"id": "test-3", "number": "3", "name": "Twin Test Energy", "supertype": "energy",
     "subtypes": ["special"], "provides": [["C"], ["C"]], "rarity": "", "artist": "",
     "reprint_of": None},
    _pokemon("test-4", "Emberling", 60, ["R"],
             [{"name": "Char Test", "cost": ["C"], "damage": ""}]),
    {"id": "test-5", "number": "5", "name": "Test Berry", "supertype": "trainer",
     "subtypes": ["tool"], "rarity": "", "artist": "", "reprint_of": None},
    _pokemon("test-6", "Smokeling", 60, ["P"],
             [{"name": "Haze", "cost": ["C"], "damage": "10"}]),
    _pokemon("test-8", "Printwing", 70, ["C"], [{"name": "Peck", "cost": ["C"], "damage": "10"}],
             weaknesses=[["W", "+20"]], resistances=[["R", "-20"]]),
    _pokemon("test-7", "Hardshell", 60, ["F"],
             [{"name": "Poke", "cost": ["C"], "damage": "10"}],
             powers=[{"kind": "poke-body", "name": "Shell Test"}]),
    # No script on purpose: stands for a card whose effects are not written yet.
    _pokemon("test-9", "Unwritten", 60, ["C"],
             [{"name": "Mystery", "cost": ["C"], "damage": "10"}],
             subtypes=["stage1"], evolves_from="Printwing"),
]

TEST_SCRIPTS: dict[str, Any] = {
    "test-1": TrainerScript(passives=(StadiumBoost(),)),
    "test-2": TrainerScript(passives=(CheaperRetreat(),)),
    "test-3": EnergyScript(),
    "test-4": PokemonScript(attacks={"Char Test": [AddCharCounter()]}),
    "test-5": TrainerScript(between_turns=(If(SlotIs(SELF, "damaged"), Heal(SELF, 1)),)),
    "test-6": PokemonScript(attacks={"Haze": [Mark(DEFENDER, "attack_may_fail", 1,
                                                   "may fail to attack next turn")]}),
    "test-8": PokemonScript(attacks={"Peck": []}),
    "test-7": PokemonScript(attacks={"Poke": []},
                            powers={"Shell Test": Power(passives=(CheaperRetreat(),))}),
}


# The sets whose cards scenarios may hold: Expedition, the Platinum era's and the Black &
# White era's.
SCENARIO_SETS = ("expedition", "platinum", "rising_rivals", "black_white", "next_destinies",
                 "dark_explorers", "dragons_exalted", "heartgold_soulsilver", "call_of_legends")


@functools.lru_cache(maxsize=1)
def scenario_pool() -> CardPool:
    """The sets of the playable eras with their scripts, plus the invented test cards."""
    pool = CardPool()
    for card in [c for slug in SCENARIO_SETS for c in load_set(slug)["cards"]]:
        pool.add(card, SCRIPTS.get(card["id"]))
    for card in TEST_FACTS:
        pool.add(card, TEST_SCRIPTS.get(card["id"]))
    return pool


def evolution_line(pool: CardPool, card_id: str) -> list[str]:
    """The evolution stack a Pokémon card sits on in play, the Basic first: positions are
    validated, so a Stage 2 stands on its Stage 1 and Basic (implemented cards preferred)."""
    line = [card_id]
    d = pool.get(card_id)
    while d.stage > 0:
        below = [c for c in pool if c.name == d.evolves_from and c.stage == d.stage - 1]
        below.sort(key=lambda c: (not c.implemented, c.id))
        d = below[0]
        line.insert(0, d.id)
    return line


# --- Platinum era: pl1 part 1 (pl1-1 to pl1-34)
# Stand-ins for the Basics and Stage 1 Pokémon that the evolved Pokémon of pl1-1 to pl1-34
# stand on, whose own scripts belong to other parts of the set: a position holds only
# implemented cards, and an evolution stack is checked by name. Made-up cards of the tests
# (read in the home era), with a plain attack.
_PART1_BASICS = ("Torchic", "Skitty", "Ralts", "Swablu", "Shuppet", "Wurmple", "Piplup",
                 "Psyduck", "Chimchar", "Kricketot", "Lickitung", "Lotad")
_PART1_STAGE1 = (("Combusken", "Torchic"), ("Kirlia", "Ralts"), ("Silcoon", "Wurmple"),
                 ("Prinplup", "Piplup"), ("Monferno", "Chimchar"), ("Lombre", "Lotad"))
for _i, _name in enumerate(_PART1_BASICS, start=301):
    TEST_FACTS.append(_pokemon(f"test-{_i}", _name, 60, ["C"],
                               [{"name": "Stand In", "cost": ["C"], "damage": "10"}]))
    TEST_SCRIPTS[f"test-{_i}"] = PokemonScript(attacks={"Stand In": []})
for _i, (_name, _from) in enumerate(_PART1_STAGE1, start=321):
    TEST_FACTS.append(_pokemon(f"test-{_i}", _name, 80, ["C"],
                               [{"name": "Stand In", "cost": ["C"], "damage": "10"}],
                               subtypes=["stage1"], evolves_from=_from))
    TEST_SCRIPTS[f"test-{_i}"] = PokemonScript(attacks={"Stand In": []})


# --- Platinum era: pl1 part2 (pl1-35 to pl1-77)
# A stand-in for the Stage 2 Pokémon that Cascoon's Ascension looks for (Dustox), scripted
# in no part of the played sets: a made-up card of the tests (read in the home era).
TEST_FACTS.append(_pokemon("test-212", "Dustox", 120, ["C"],
                           [{"name": "Stand In", "cost": ["C"], "damage": "10"}],
                           subtypes=["stage2"], evolves_from="Cascoon"))
TEST_SCRIPTS["test-212"] = PokemonScript(attacks={"Stand In": []})


# --- Platinum era: the last Pokémon LV.X
# No regular Drapion is printed in the era's sets: a made-up [D] Basic of that name for
# Drapion LV.X (pl1-123) to level up onto (read in the home era; a Basic so it stands on
# nothing). Its attack is plain.
TEST_FACTS.append(_pokemon("test-401", "Drapion", 100, ["D"],
                           [{"name": "Stand In", "cost": ["C"], "damage": "10"}]))
TEST_SCRIPTS["test-401"] = PokemonScript(attacks={"Stand In": []})
# pl2-5 Flygon is scripted by another part: a made-up Stage 2 Flygon (from Vibrava) for
# Flygon LV.X (pl2-105) to level up onto meanwhile.
TEST_FACTS.append(_pokemon("test-402", "Flygon", 120, ["C"],
                           [{"name": "Stand In", "cost": ["C"], "damage": "10"}],
                           subtypes=["stage2"], evolves_from="Vibrava"))
TEST_SCRIPTS["test-402"] = PokemonScript(attacks={"Stand In": []})


# --- Black & White era: Dark Explorers part 2 (bw5-56 to bw5-111)
# Stand-ins for the Pokémon that evolved cards of bw5-56 to bw5-111 stand on, scripted by
# other parts (Drilbur and Karrablast: Dark Explorers part 1; Ralts and Kirlia: Next
# Destinies) or printed in no set of the era (Axew, Fraxure, Archen): made-up cards of the
# tests (read in the home era) with a plain attack. Each Basic names its Stage 1, so Rare
# Candy can put a Stage 2 straight onto it.
_BW5B_LINES: tuple[tuple[str, str | None, list[str]], ...] = (
    ("Drilbur", None, ["Excadrill"]), ("Karrablast", None, ["Escavalier"]),
    ("Ralts", None, ["Kirlia"]), ("Kirlia", "Ralts", ["Gardevoir"]),
    ("Axew", None, ["Fraxure"]), ("Fraxure", "Axew", ["Haxorus"]),
    ("Archen", None, ["Archeops"]))
for _i, (_name, _below, _to) in enumerate(_BW5B_LINES, start=5501):
    TEST_FACTS.append(_pokemon(f"test-{_i}", _name, 60 if _below is None else 80, ["C"],
                               [{"name": "Stand In", "cost": ["C"], "damage": "10"}],
                               subtypes=["basic"] if _below is None else ["stage1"],
                               evolves_from=_below, evolves_to=_to))
    TEST_SCRIPTS[f"test-{_i}"] = PokemonScript(attacks={"Stand In": []})
# Restored Pokémon: Aerodactyl (bw5-53 is scripted by part 1), for Old Amber Aerodactyl and
# Twist Mountain; and a made-up Restored Pokémon whose Stage 1 has a Stage 2 (no card of
# the era), to show that Rare Candy, which names a Basic Pokémon, never touches one.
TEST_FACTS.append(_pokemon("test-5508", "Aerodactyl", 90, ["F"],
                           [{"name": "Stand In", "cost": ["C"], "damage": "10"}],
                           subtypes=["restored"]))
TEST_SCRIPTS["test-5508"] = PokemonScript(attacks={"Stand In": []},
                                          benched_by="Old Amber Aerodactyl")
TEST_FACTS.append(_pokemon("test-5509", "Amberling", 60, ["F"],
                           [{"name": "Stand In", "cost": ["C"], "damage": "10"}],
                           subtypes=["restored"], evolves_to=["Amberwing"]))
TEST_SCRIPTS["test-5509"] = PokemonScript(attacks={"Stand In": []},
                                          benched_by="Old Amber Aerodactyl")
TEST_FACTS.append(_pokemon("test-5510", "Amberdrake", 120, ["F"],
                           [{"name": "Stand In", "cost": ["C"], "damage": "10"}],
                           subtypes=["stage2"], evolves_from="Amberwing"))
TEST_SCRIPTS["test-5510"] = PokemonScript(attacks={"Stand In": []})
# A made-up Stage 2 on the Ralts line whose Power answers its card being played from the
# hand to evolve (like Shiftry's Giant Fan): it draws a card. Rare Candy plays it so too.
TEST_FACTS.append(_pokemon("test-5511", "Raltsage", 120, ["P"],
                           [{"name": "Stand In", "cost": ["C"], "damage": "10"}],
                           subtypes=["stage2"], evolves_from="Kirlia",
                           powers=[{"kind": "poke-power", "name": "Welcome Draw"}]))
TEST_SCRIPTS["test-5511"] = PokemonScript(
    attacks={"Stand In": []},
    powers={"Welcome Draw": Power(requires=(EvolvedFromHand(),), steps=(Draw(1),))})


# --- Black & White era: dark_explorers part1
# Durant (bw6-83) is scripted by another helper's part: a made-up [M] Basic of that name
# for Heatmor's Hot Lick (bw5-19) to hit meanwhile (no Weakness, so its 50 more shows
# plainly). Its attack is plain.
TEST_FACTS.append(_pokemon("test-5101", "Durant", 70, ["M"],
                           [{"name": "Stand In", "cost": ["C"], "damage": "10"}]))
TEST_SCRIPTS["test-5101"] = PokemonScript(attacks={"Stand In": []})

# --- Black & White era: dragons_exalted part2 (bw6-65 to bw6-118, bw6-128)
# A stand-in for the Nosepass that Probopass (bw6-82) evolves from, scripted by the other
# part of the set (bw6-62): a made-up Basic of the tests with a plain attack.
TEST_FACTS.append(_pokemon("test-661", "Nosepass", 60, ["C"],
                           [{"name": "Stand In", "cost": ["C"], "damage": "10"}]))
TEST_SCRIPTS["test-661"] = PokemonScript(attacks={"Stand In": []})

# --- Call of Legends era: hgss_p1 (hgss1-1 to hgss1-30)
# Stand-ins for the Basic Pokémon that Stage 1 Pokémon of hgss1-1 to hgss1-30 stand on,
# scripted by another part of the set (hgss1-62 to hgss1-88) and by no other set of the
# pool: made-up cards of the tests (read in the home era) with a plain attack.
_HGSS1A_BASICS = ("Hoothoot", "Wooper", "Spinarak", "Exeggcute", "Sentret", "Snubbull",
                  "Drowzee", "Ledyba", "Sandshrew")
for _i, _name in enumerate(_HGSS1A_BASICS, start=27101):
    TEST_FACTS.append(_pokemon(f"test-{_i}", _name, 60, ["C"],
                               [{"name": "Stand In", "cost": ["C"], "damage": "10"}]))
    TEST_SCRIPTS[f"test-{_i}"] = PokemonScript(attacks={"Stand In": []})


def play_on(m: Any, players: Any, rng: Any) -> None:
    """One step of a match: a chance outcome from ``rng``, or the answer of the player whose
    choice it is."""
    from handheld.engine import Chance
    from handheld.players import chance_outcome

    d = m.pending
    if isinstance(d, Chance):
        m.resolve(chance_outcome(d, rng))
    else:
        assert d is not None
        m.apply(players[d.player].choose(m, d))
