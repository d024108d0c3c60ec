"""Scenario files: a position, the choices and coin outcomes, then the expected position
or error -- like python-chess's perft files and OpenSpiel's playthroughs.

A scenario (YAML) is::

    - name: Weakness doubles the damage
      rule: "Expedition rulebook, working out damage c): Weakness makes the damage x2"
      position: {turn: 5, players: [{active: ...}, {active: ...}]}
      steps:
        - choose: "Attack: Wave Splash"      # an option label (exact, else unique substring)
        - coins: [H, T]                      # resolve coin flips in order
        - shuffle: keep                      # resolve a shuffle, order unchanged
        - expect: {players: [{}, {active: {damage: 20}}]}   # partial position
        - options: {has: ["Retreat"], lacks: ["Evolve"]}    # the pending choice (also
                                             # kind, player, count and a prompt's words)
        - error: {choose: 9, raises: IllegalAction, match: "does not exist"}

Missing zones are filled: each player's deck gets 20 and prizes 6 Water Energy; a
missing ``turn`` is 5; cards may be written ``id*N`` for N copies.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import yaml

from handheld.engine import Chance, Choice, Match
from handheld.engine import errors as engine_errors
from handheld.engine.cardpool import CardPool

FILLER = "ecard1-165"  # Water Energy
SCENARIO_DIR = Path(__file__).parent / "scenarios"


def load_scenarios() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(SCENARIO_DIR.rglob("*.yaml")):
        items = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for item in items:
            out.append((f"{path.relative_to(SCENARIO_DIR)}::{item['name']}", item))
    return out


def expand(cards: Any) -> Any:
    """``id*N`` becomes N copies."""
    if not isinstance(cards, list):
        return cards
    out = []
    for c in cards:
        if isinstance(c, str) and re.fullmatch(r"[^*]+\*\d+", c):
            ref, n = c.rsplit("*", 1)
            out.extend([ref] * int(n))
        else:
            out.append(c)
    return out


def authoring_position(pos: dict[str, Any]) -> dict[str, Any]:
    pos = copy.deepcopy(pos)
    pos.setdefault("turn", 5)
    pos.setdefault("current", 0)
    pos.setdefault("first", 0)
    for pd in pos.get("players", []):
        pd.setdefault("deck", [f"{FILLER}*20"])
        pd.setdefault("prizes", [f"{FILLER}*6"])
        for zone in ("deck", "hand", "discard", "prizes", "resolving", "supporter"):
            if zone in pd:
                pd[zone] = expand(pd[zone])
        slots = [pd.get("active"), *list(pd.get("bench", []))]
        for s in slots:
            if s:
                for zone in ("cards", "energy", "tms"):
                    if zone in s:
                        s[zone] = expand(s[zone])
    return pos


def option_index(m: Match, label: Any) -> int | list[int]:
    ch = m.pending
    assert isinstance(ch, Choice), f"expected a choice, the match waits for {ch!r}"
    if isinstance(label, int):
        return label
    if isinstance(label, list):
        return [option_index(m, x) for x in label]  # type: ignore[misc]
    labels = [m.describe(o) for o in ch.options]
    if label in labels:
        return labels.index(label)
    hits = [i for i, t in enumerate(labels) if label in t]
    assert len(hits) == 1, f"{label!r} matches {len(hits)} of the options {labels}"
    return hits[0]


def strip_numbers(value: Any) -> Any:
    if isinstance(value, str):
        return re.sub(r"#\d+$", "", value)
    if isinstance(value, list):
        return [strip_numbers(v) for v in value]
    if isinstance(value, dict):
        return {k: strip_numbers(v) for k, v in value.items()}
    return value


def check_partial(actual: Any, expected: Any, path: str = "") -> None:
    """Every key in ``expected`` must match ``actual``; card numbers are ignored."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{path}: expected an object, got {actual!r}"
        for k, v in expected.items():
            assert k in actual, f"{path}.{k}: missing in {sorted(actual)}"
            check_partial(actual[k], v, f"{path}.{k}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert isinstance(actual, list) and len(actual) == len(expected), \
            f"{path}: expected {len(expected)} items, got {actual!r}"
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            check_partial(a, e, f"{path}[{i}]")
    else:
        exp = expand(expected) if isinstance(expected, list) else expected
        assert strip_numbers(actual) == exp, f"{path}: expected {exp!r}, got " \
            f"{strip_numbers(actual)!r}"


def resolve_coins(m: Match, coins: list[Any]) -> None:
    for c in coins:
        d = m.pending
        assert isinstance(d, Chance) and d.kind == "coin", f"expected a coin flip, got {d!r}"
        m.resolve(str(c).upper() in ("H", "HEADS", "TRUE"))


def run_scenario(pool: CardPool, sc: dict[str, Any]) -> Match:
    m = Match.from_position(pool, authoring_position(sc["position"]))
    for step in sc.get("steps", []):
        (kind, arg), = step.items()
        if kind == "choose":
            m.apply(option_index(m, arg))
        elif kind == "coins":
            resolve_coins(m, arg if isinstance(arg, list) else [arg])
        elif kind == "shuffle":
            d = m.pending
            assert isinstance(d, Chance) and d.kind == "shuffle", f"expected a shuffle: {d!r}"
            if arg == "keep":
                perm = list(range(d.size))
            elif arg == "reverse":
                perm = list(range(d.size))[::-1]
            else:
                perm = list(arg)
            m.resolve(perm)
        elif kind == "expect":
            check_partial(m.position(), arg)
        elif kind == "options":
            ch = m.pending
            assert isinstance(ch, Choice), f"expected a choice, got {ch!r}"
            labels = [m.describe(o) for o in ch.options]
            for want in arg.get("has", []):
                assert any(want in t for t in labels), f"no option like {want!r} in {labels}"
            for unwanted in arg.get("lacks", []):
                assert not any(unwanted in t for t in labels), \
                    f"option like {unwanted!r} should not be offered: {labels}"
            if "kind" in arg:
                assert ch.kind == arg["kind"], f"choice kind {ch.kind!r}, expected {arg['kind']!r}"
            if "player" in arg:
                assert ch.player == arg["player"], f"choice for P{ch.player + 1}"
            if "count" in arg:
                assert len(labels) == arg["count"], f"{len(labels)} options: {labels}"
            if "prompt" in arg:
                assert arg["prompt"] in ch.prompt, f"prompt {ch.prompt!r}"
        elif kind == "error":
            exc_type = getattr(engine_errors, arg["raises"])
            try:
                if "choose" in arg:
                    m.apply(arg["choose"] if isinstance(arg["choose"], (int, list))
                            else option_index(m, arg["choose"]))
                elif "resolve" in arg:
                    m.resolve(arg["resolve"])
                else:
                    raise AssertionError("an error step needs 'choose' or 'resolve'")
            except exc_type as exc:
                if "match" in arg:
                    assert arg["match"] in str(exc), f"message {str(exc)!r} lacks {arg['match']!r}"
            else:
                raise AssertionError(f"expected {arg['raises']}")
        elif kind == "outcome":
            assert m.over, "the match should be over"
            if "winner" in arg:
                assert m.winner == arg["winner"], f"winner P{(m.winner or 0) + 1}: {m.result}"
            if "result" in arg:
                assert m.result == arg["result"], f"result {m.result!r}"
        elif kind == "pending":
            d = m.pending
            for k, v in arg.items():
                assert getattr(d, k) == v, f"pending {k} = {getattr(d, k)!r}, expected {v!r}"
        else:
            raise AssertionError(f"unknown scenario step {kind!r}")
        # Every intermediate position must round-trip exactly.
        pos = m.position()
        again = Match.from_position(pool, pos).position()
        assert again == pos, "position round-trip differs"
    return m
