"""The order of an attack's own steps, as every era's rulebook gives it: the attack's
choices, then what it needs in order to be used, then the effects that may cancel it and
the Confusion flip, then its damage and effects.

These tests read every attack script of the card pool, so a new script that picks its
target after the Confusion flip, or flips its "does nothing" coins there, is caught
before any match plays it. The scenarios under ``scenarios/*_rules`` play the order out.
"""

from __future__ import annotations

from collections.abc import Iterator

from handheld.cards import default_pool
from handheld.engine.effects import steps as S
from handheld.engine.effects.core import Step

# A chooser of this many or more takes every Pokémon that fits ("each Benched Pokémon"):
# nothing is chosen.
EVERY = 6


def _top_steps(steps: tuple[Step, ...]) -> list[Step]:
    out = []
    for s in steps:
        while isinstance(s, S.Worded):
            s = s.inner
        out.append(s)
    return out


def _attacks() -> Iterator[tuple[str, str, list[Step]]]:
    for cid, d in default_pool().defs.items():
        for a in (*d.attacks, *d.tm_attacks):
            yield cid, a.name, _top_steps(a.steps)


def _picks_a_target(s: Step) -> bool:
    """A Pokémon of the opponent (or of either player) that the attacking player picks
    for the attack to act on: to damage, to put counters on, to switch in."""
    return (type(s) is S.ChoosePokemon and s.chooser == "self" and s.count < EVERY
            and s.side in ("opp", "any"))


def _decided_by_earlier_steps(steps: list[Step], i: int) -> bool:
    """Whether a step before ``steps[i]`` (other than the printed damage) runs after the
    checks and may change what there is to choose from: a coin, a condition, a search."""
    return any(not s.pre and type(s) is not S.Damage for s in steps[:i])


def test_every_target_an_attack_picks_is_picked_before_the_checks() -> None:
    late = [f"{cid} {name}" for cid, name, steps in _attacks()
            for i, s in enumerate(steps)
            if _picks_a_target(s) and not s.pre and not _decided_by_earlier_steps(steps, i)]
    assert late == [], f"targets picked after the Confusion flip: {late}"


def test_an_attack_of_the_defending_pokemon_is_picked_before_the_checks() -> None:
    found = 0
    for cid, name, steps in _attacks():
        for i, s in enumerate(steps):
            if isinstance(s, (S.ForbidAttack, S.UseDefenderAttack)):
                found += 1
                picks = [p for p in steps[:i] if isinstance(p, S.PickAttack) and p.var == s.var]
                assert picks and all(p.pre for p in picks), f"{cid} {name}"
    assert found >= 5  # Torment (twice), Amnesia, Upper Hand, Foul Play


def test_coins_that_may_void_an_attack_are_one_gate() -> None:
    """A coin whose result can make the attack do nothing at all is part of the gate the
    later eras check before the Confusion flip (``steps.gated``, ``NothingOnTails``)."""
    loose = []
    for cid, name, steps in _attacks():
        for i, s in enumerate(steps):
            if (isinstance(s, S.If) and any(isinstance(x, S.DoesNothing) for x in s.then)
                    and i > 0 and isinstance(steps[i - 1], S.Flip)
                    and not (s.gate and steps[i - 1].gate)):
                loose.append(f"{cid} {name}")
    assert loose == [], f"'does nothing' coins outside a gate: {loose}"


def test_a_picked_attack_that_is_not_the_pokemons_is_ignored() -> None:
    """The pick lives in the attack's frame, which a position from outside may fill with
    anything: a card not on the Pokémon, an attack it has not, a negative index."""
    from tests.engine.fixtures import scenario_pool
    from tests.engine.scenario import run_scenario

    for attack, cards, energy, step in [
            ("Torment", ["bw1-63", "bw1-64"], ["bw1-110"], S.ForbidAttack("forbid")),
            ("Foul Play", ["bw1-70", "bw1-71"], ["bw1-111", "bw1-111"],
             S.UseDefenderAttack("forbid"))]:
        m = run_scenario(scenario_pool(), {"name": attack, "position": {
            "era": "black_white", "players": [{"active": {"cards": cards, "energy": energy}},
                                              {"active": {"cards": ["bw4-82"]}}]},
            "steps": [{"choose": f"Attack: {attack}"}]})
        f = m.stack[-1]
        defender = m.players[1].active
        assert defender is not None
        for card, index in [(99999, 0), (f.user, 0), (defender.top, 7), (defender.top, -1)]:
            f.vars.update(forbid=card, forbid_index=index)
            markers = dict(defender.markers)
            assert step.run(m, f) is None  # NEXT: nothing done
            assert defender.markers == markers and m.stack[-1] is f
