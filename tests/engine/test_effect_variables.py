"""Variables of the effect language are checked when a card is compiled: every read must
be of a variable an earlier step of the same program writes (or a built-in the attack
procedure sets); a misspelt one is a CardDefinitionError naming card, effect and name."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from handheld.cards import default_pool
from handheld.engine import CardDefinitionError, CardPool, PokemonScript, Power, TrainerScript
from handheld.engine.effects import steps as S
from handheld.engine.effects.core import Cond, Expr, Step
from handheld.engine.effects.variables import USES

from .fixtures import _pokemon, scenario_pool

POKEMON = _pokemon("test-50", "Spellmon", 70, ["P"],
                   [{"name": "Mind Trick", "cost": ["C"], "damage": ""}],
                   powers=[{"kind": "poke-power", "name": "Focus"}])
TRAINER = {"id": "test-51", "number": "51", "name": "Test Whistle", "supertype": "trainer",
           "subtypes": ["item"], "rarity": "", "artist": "", "reprint_of": None}


def attack(*steps: Any) -> None:
    CardPool().add(POKEMON, PokemonScript(attacks={"Mind Trick": list(steps)},
                                          powers={"Focus": Power()}))


def power(*steps: Any, requires: tuple[Cond, ...] = ()) -> None:
    CardPool().add(POKEMON, PokemonScript(attacks={"Mind Trick": []},
                                          powers={"Focus": Power(steps=steps,
                                                                 requires=requires)}))


def trainer(*steps: Any) -> None:
    CardPool().add(TRAINER, TrainerScript(steps=steps))


def refused(build: Any, *steps: Any, **kw: Any) -> str:
    with pytest.raises(CardDefinitionError) as err:
        build(*steps, **kw)
    return str(err.value)


def test_every_card_in_the_assets_still_compiles() -> None:
    pool = default_pool.__wrapped__()  # built here, not taken from the cache
    implemented, _ = pool.coverage()
    assert len(implemented) > 150
    scenario_pool.__wrapped__()  # and the tests' own cards


def test_a_misspelt_variable_is_refused_naming_card_effect_and_name() -> None:
    message = refused(attack, S.ChoosePokemon("target", "opp", "bench"),
                      S.BenchDamage(10, var="targte"))
    assert message.startswith("test-50 Spellmon: attack Mind Trick: reads the variable "
                              "'targte', which no earlier step writes")
    assert "target" in message  # what was written, to spot the slip
    # The same script spelt right compiles.
    attack(S.ChoosePokemon("target", "opp", "bench"), S.BenchDamage(10, var="target"))


@pytest.mark.parametrize("build", [attack, power, trainer])
def test_conditions_and_expressions_are_checked_too(build: Any) -> None:
    ask = S.ChooseYesNo("go", "Go?")
    assert "'og'" in refused(build, ask, S.If(S.VarTrue("og"), S.Draw(1)))
    assert "'cards'" in refused(build, S.Draw(S.VarValue("cards", "cards")))
    assert "'t'" in refused(build, S.Heal("t", 1))  # a Pokémon named by a variable
    assert "'heads'" in refused(build, S.If(S.HEADS, S.Draw(1)))  # no coin flipped
    build(ask, S.If(S.VarTrue("go"), S.Draw(1)))
    build(S.Flip(2), S.Draw(S.Scaled(1, S.HEADS_COUNT)))
    build(S.Heal(S.SELF, 1) if build is not trainer else S.Heal(S.OWN_ACTIVE, 1))


def test_the_names_of_the_attack_procedure_are_built_in_for_attacks_only() -> None:
    attack(S.Damage(S.Plus(10, 10, S.SurplusEnergy())), S.Draw(S.VarValue("printed", "x")))
    assert "Test Whistle: the Trainer's effect: reads the variable 'printed'" in \
        refused(trainer, S.Draw(S.VarValue("printed", "x")))
    assert "Spellmon: Poké-Power Focus: reads the variable 'cost_size'" in \
        refused(power, S.Draw(S.SurplusEnergy()))


def test_reads_follow_the_order_the_steps_run_in() -> None:
    # A choice made before the Confusion check (pre) cannot read what the body writes.
    assert "'e'" in refused(attack, S.ChooseEnergyInPlay("e", "own"),
                            S.ChoosePokemon("t", "own", exclude="e", pre=True))
    attack(S.ChooseAttachedEnergy("e", S.SELF, pre=True),
           S.ChoosePokemon("t", "own", exclude="e"))
    # A Power's requirements run before any step.
    assert "'go'" in refused(power, S.ChooseYesNo("go", "Go?"),
                             requires=(S.VarTrue("go"),))


def test_a_branch_sees_what_came_before_the_if_and_after_it_what_either_wrote() -> None:
    choose = S.ChoosePokemon("t", "own")
    assert "'t'" in refused(trainer, S.If(S.PlayerHas("own", "bench"), choose,
                                          S.Heal("t", 1)))
    trainer(S.If(S.PlayerHas("own", "bench"), choose, S.ChoosePokemon("t", "opp")),
            S.Heal("t", 1))
    trainer(S.Worded(S.ChooseYesNo("go", "Go?"), "You may."),
            S.Worded(S.If(S.VarTrue("go"), S.Draw(1)), ""))
    assert "'og'" in refused(trainer, S.Worded(S.If(S.VarTrue("og"), S.Draw(1)), ""))


def test_every_class_of_the_language_says_what_it_reads_and_writes() -> None:
    classes = [c for _, c in inspect.getmembers(S, inspect.isclass)
               if c.__module__ == S.__name__ and issubclass(c, (Step, Cond, Expr))]
    assert len(classes) > 50
    missing = [c.__name__ for c in classes if c not in USES]
    assert missing == []
