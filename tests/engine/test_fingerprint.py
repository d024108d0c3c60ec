"""A position names its game and era and carries a fingerprint of the programs its frames
point into: stable across processes and hash seeds, blind to wording, changed by any
change of what an instruction does; a position whose programs changed is refused."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from handheld.cards import default_pool, load_deck
from handheld.engine import Chance, InvalidPosition, Match
from handheld.engine.effects.core import compile_steps
from handheld.engine.effects.steps import ChoosePokemon, Heal
from handheld.engine.fingerprint import (
    current_fingerprint,
    position_programs_match,
    program_digest,
)
from handheld.players import chance_outcome, make_player

ROOT = Path(__file__).resolve().parents[2]
POOL = default_pool()
DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))


def mid_attack(seed: int = 3) -> Match:
    """A seeded match stopped while a card's program is running (a choice in an attack,
    a Trainer or a Power)."""
    m = Match(POOL, DECKS)
    rng = random.Random(seed)
    player = make_player("random", seed)
    while not m.over:
        if len(m.stack) > 1 and not m.stack[-1].key.startswith("rule:") \
                and not isinstance(m.pending, Chance):
            return m
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
        else:
            assert d is not None
            m.apply(player.choose(m, d))
    raise AssertionError("no card program ran in this match")


def test_a_position_names_its_game_era_and_programs() -> None:
    m = mid_attack()
    pos = m.position()
    assert pos["game"] == "tcg" and pos["era"] == "expedition"
    keys = [f["program"] for f in pos["stack"]]
    assert pos["fingerprint"] == current_fingerprint(POOL, keys)
    assert position_programs_match(POOL, pos) is True
    again = Match.from_position(POOL, json.loads(json.dumps(pos)))
    assert again.position() == pos


def test_the_fingerprint_follows_the_programs_not_the_rest() -> None:
    m = mid_attack()
    before = m.position()["fingerprint"]
    # Another card program on the stack changes it; the rest of the state does not.
    m.players[0].hand.reverse()
    m.turn_over = not m.turn_over
    assert m.position()["fingerprint"] == before
    assert current_fingerprint(POOL, ["rule:game"]) != before
    assert current_fingerprint(POOL, ["rule:game", "ecard1-79#a1"]) != \
        current_fingerprint(POOL, ["rule:game", "ecard1-79#a0"])
    # The same programs in any order, run by any number of frames: the same fingerprint.
    assert current_fingerprint(POOL, ["rule:game", "ecard1-79#a1", "rule:game"]) == \
        current_fingerprint(POOL, ["ecard1-79#a1", "rule:game"])
    assert current_fingerprint(POOL, ["rule:game", "no-such-card#a0"]) is None


def test_wording_does_not_count_but_what_a_step_does_does() -> None:
    def digest(*steps: Any) -> str:
        return program_digest(compile_steps(list(steps)))

    base = digest(ChoosePokemon("t", "own", wording="Pick one."), Heal("t", 2))
    assert digest(ChoosePokemon("t", "own", wording="Choose one."), Heal("t", 2)) == base
    assert digest(ChoosePokemon("t", "own", count=2, wording="Pick one."),
                  Heal("t", 2)) != base
    assert digest(ChoosePokemon("t", "own", wording="Pick one."), Heal("t", 3)) != base
    assert digest(ChoosePokemon("u", "own", wording="Pick one."), Heal("u", 2)) != base
    assert digest(Heal("t", 2), ChoosePokemon("t", "own", wording="Pick one.")) != base


def test_the_fingerprint_is_the_same_in_another_process_and_hash_seed() -> None:
    pos = mid_attack().position()
    script = (
        "import json, sys\n"
        "from handheld.cards import default_pool\n"
        "from handheld.engine.fingerprint import current_fingerprint\n"
        "keys = json.loads(sys.argv[1])\n"
        "print(current_fingerprint(default_pool(), keys))\n"
    )
    keys = json.dumps([f["program"] for f in pos["stack"]])
    for seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run([sys.executable, "-c", script, keys], env=env, cwd=ROOT,
                             capture_output=True, text=True, check=True, timeout=120)
        assert out.stdout.strip() == pos["fingerprint"]


def test_a_position_whose_programs_changed_is_refused() -> None:
    m = mid_attack()
    pos = json.loads(json.dumps(m.position()))
    key = pos["stack"][-1]["program"]
    pool = default_pool.__wrapped__()  # a pool of its own (not the cached one): doctored
    assert Match.from_position(pool, pos).position() == pos
    code = pool.programs[key]
    pool.programs[key] = code[:-1] + code[-1:] * 2  # the same program with one more step
    assert position_programs_match(pool, pos) is False
    with pytest.raises(InvalidPosition) as err:
        Match.from_position(pool, pos)
    assert str(err.value).startswith("fingerprint: the running programs have changed")


def test_older_positions_without_the_fields_still_load() -> None:
    pos = mid_attack().position()
    old = {k: v for k, v in pos.items() if k not in ("game", "fingerprint")}
    assert position_programs_match(POOL, old) is None  # unknown, not a mismatch
    assert Match.from_position(POOL, old).position() == pos  # written with them again


@pytest.mark.parametrize(("field", "value", "message"), [
    ("game", "legend", "game: this engine plays 'tcg', not 'legend'"),
    ("game", 7, "game: this engine plays 'tcg', not 7"),
    ("fingerprint", 12, "fingerprint must be a short string, not 12"),
    ("fingerprint", "x" * 500, "fingerprint must be a short string"),
    ("fingerprint", "0123456789abcdef", "fingerprint: the running programs have changed"),
])
def test_bad_game_or_fingerprint_fields_are_refused(field: str, value: Any,
                                                    message: str) -> None:
    pos = mid_attack().position()
    pos[field] = value
    with pytest.raises(InvalidPosition) as err:
        Match.from_position(POOL, pos)
    assert str(err.value).startswith(message)
