"""Hostile input: answers that are no answer, outcomes that are no outcome, and positions
that are no position. Each is refused with the game's own error and changes nothing; a
mutated real position either loads as a game that plays on soundly or is InvalidPosition,
never another exception."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handheld.kernel import Chance
from handheld.pieces import (
    GameOver,
    IllegalAction,
    InvalidPosition,
    NotAChoice,
    PieceMatch,
    PiecesError,
    PiecesGame,
)

from .scenario import GOLD, SILVER, draw, play, scene, scene_position
from .test_properties import check_cards, check_places

GAME = PiecesGame()


def snapshot(m: PieceMatch) -> tuple[Any, ...]:
    return m.digest(), list(m.log), m.pending


def turn_scene() -> PieceMatch:
    return scene({"a1": "Togepi", "b2": "Pikachu", "c3": "Ho-Oh"},
                 {"e6": "Togepi", "b4": "Meowth", "d4": "Geodude"})


def after_move_scene() -> PieceMatch:
    return play(turn_scene(), "move b2 b3")  # now next to Meowth


def defenders_scene() -> PieceMatch:
    return play(turn_scene(), "battle c3")


JUNK: list[Any] = [
    True, False, None, 1.0, -1, 10**20, -(10**20), {}, {"index": 0}, object(), b"stay",
    [True], ["0"], [0.0], [[0]], "", "   ", "x" * 201, "move", "move z9 z10", "battle",
    "pass", "\x00", "stay stay", "move a1 a1", "summon lugia c5", "c4 +", "+", " + ",
    "battle c3 ; stay", "MOVE C2 C1 EXTRA", "ｍove c2 c1",
]


@pytest.mark.parametrize("make", [turn_scene, after_move_scene, defenders_scene],
                         ids=["turn", "after_move", "defenders"])
@pytest.mark.parametrize("answer", JUNK, ids=[repr(a)[:20] for a in JUNK])
def test_a_junk_answer_is_illegal_and_changes_nothing(make: Callable[[], PieceMatch],
                                                       answer: Any) -> None:
    m = make()
    before = snapshot(m)
    with pytest.raises(IllegalAction):
        m.apply(answer)
    assert snapshot(m) == before


def test_out_of_range_duplicate_and_miscounted_answers_are_illegal() -> None:
    m = turn_scene()
    n = len(m.choice.options)  # type: ignore[union-attr]
    d = defenders_scene()
    cases = [(m, n), (m, [n]), (m, [0, 1]), (m, []), (m, [0, 0]),
             (d, 2), (d, []), (d, [0, 0]), (d, [0, 1, 0]), (d, [0, 1, 2]),
             (d, "b4 + b4"), (d, "b4 + d4 + b4"), (d, "b4 + b2"), (d, "d4 +")]
    for m_, answer in cases:
        before = snapshot(m_)
        with pytest.raises(IllegalAction):
            m_.apply(answer)
        assert snapshot(m_) == before, answer
    # The right count of distinct picks is fine, in either order, by index or by name.
    for answer in ([0, 1], [1, 0], "d4 + b4", "  B4   +d4 "):
        trial = d.clone()
        trial.apply(answer)
        assert trial.defenders and len(trial.defenders) == 2


def test_answer_notation_refuses_what_apply_refuses() -> None:
    m = defenders_scene()
    ch = m.choice
    assert ch is not None
    for answer in (True, 5, [0, 0], [], "zz"):
        with pytest.raises(IllegalAction):
            m.answer_notation(ch, answer)


def test_a_chance_wants_an_outcome_and_a_choice_an_answer() -> None:
    m = play(scene({"a1": "Togepi", "c3": "Meowth"}, {"e6": "Togepi", "c4": "Meowth"}),
             "battle c3 c4")
    assert isinstance(m.pending, Chance)
    before = snapshot(m)
    with pytest.raises(NotAChoice):
        m.apply(0)
    for outcome in (True, -1, 8, "0", None, 1.5, [0]):
        with pytest.raises(IllegalAction):
            m.resolve(outcome)
    assert snapshot(m) == before
    draw(m, 0)
    before = snapshot(m)
    with pytest.raises(NotAChoice):
        m.resolve(0)
    assert snapshot(m) == before


def test_a_finished_game_takes_nothing() -> None:
    m = scene({"a1": "Togepi", "c3": "Geodude"}, {"c4": "Togepi~", "e6": "Pikachu"})
    draw(play(m, "battle c3 c4"), 10)
    assert m.over
    before = snapshot(m)
    with pytest.raises(GameOver):
        m.apply(0)
    with pytest.raises(GameOver):
        m.resolve(0)
    assert snapshot(m) == before


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_is_an_option_or_refused(text: str) -> None:
    m = defenders_scene() if len(text) % 2 else turn_scene()
    names = m.notations(m.choice)  # type: ignore[arg-type]
    before = snapshot(m)
    try:
        m.apply(text)
    except IllegalAction:
        assert snapshot(m) == before
        return
    # Accepted: it must have named options (spacing and case aside).
    words = [" ".join(w.split()).lower() for w in text.split("+")]
    assert all(w in names for w in words)


# ------------------------------------------------------------------ positions


def base() -> dict[str, Any]:
    """A position in the middle of things: a Cost Area, face-up cards, eggs, a Legend."""
    return scene_position({"a1": "Togepi", "c3": "Ho-Oh", "e1": "Tamago", "c2": "Pikachu~"},
                          {"e6": "Togepi", "b4": "Meowth", "d4": "Geodude", "a6": "Tamago:1"},
                          cost=(["Geodude", "Tamago"], ["Marill"]), face_up=[10, 40],
                          turn=9, quiet=3)


def at(pos: dict[str, Any], square: str) -> int:
    return max(p for p, e in enumerate(pos["pieces"]) if e["at"] == square)


def named(pos: dict[str, Any], seat: int, name: str) -> int:
    table = PieceMatch(pos["armies"], empty=True)
    return next(p for p in range(len(table.rows))
                if table.owner[p] == seat and table.rows[p].name == name)


def with_(**changes: Any) -> Callable[[dict[str, Any]], None]:
    return lambda pos: pos.update(changes)


def piece_at(pid_of: Callable[[dict[str, Any]], int], **entry: str) -> Callable[..., None]:
    def change(pos: dict[str, Any]) -> None:
        pos["pieces"][pid_of(pos)].update(entry)
    return change


def drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda pos: pos.pop(key)


MALFORMED: dict[str, Callable[[dict[str, Any]], Any]] = {
    "wrong game": with_(game="tcg"),
    "wrong era": with_(era="modern"),
    "wrong format": with_(format=2),
    "format true": with_(format=True),
    "one army": with_(armies=["gold"]),
    "unknown army": with_(armies=["gold", "bronze"]),
    "army not a list": with_(armies="gold"),
    "pieces short": lambda pos: pos["pieces"].pop(),
    "pieces long": lambda pos: pos["pieces"].append({"at": "c5", "side": "front"}),
    "pieces a dict": with_(pieces={}),
    "piece not a dict": lambda pos: pos["pieces"].__setitem__(0, "a1"),
    "piece off the board": piece_at(lambda p: at(p, "c2"), at="f7"),
    "piece at a list": piece_at(lambda p: at(p, "c2"), at=["c2"]),  # type: ignore[arg-type]
    "sideways piece": piece_at(lambda p: at(p, "c2"), side="sideways"),
    "two pieces on one square": piece_at(lambda p: at(p, "c2"), at="b4"),
    "two piles on one square": piece_at(lambda p: at(p, "a6"), at="e1"),
    "a pile split in two": piece_at(lambda p: named(p, GOLD, "Tamago"), at="e3"),
    "a pile's top egg left below": piece_at(lambda p: at(p, "e1") - 1, at="spent"),
    "reverse egg": piece_at(lambda p: at(p, "e1"), side="reverse"),
    "normal piece in reserve": piece_at(lambda p: at(p, "c2"), at="reserve"),
    "normal piece out": piece_at(lambda p: at(p, "c2"), at="out"),
    "Legend in a Cost Area": lambda pos: (
        pos["pieces"][named(pos, GOLD, "Entei")].update(at="cost"),
        pos["cost"][GOLD].append(named(pos, GOLD, "Entei"))),
    "Legend spent": piece_at(lambda p: named(p, GOLD, "Entei"), at="spent"),
    "waiting Legend reversed": piece_at(lambda p: named(p, GOLD, "Entei"), side="reverse"),
    "Togepi off the board": piece_at(lambda p: at(p, "a1"), at="spent"),
    "Cost Area lists a piece on the board": lambda pos: pos["cost"][GOLD].append(at(pos, "c2")),
    "a piece in both Cost Areas": lambda pos: pos["cost"][SILVER].append(pos["cost"][GOLD][0]),
    "a piece twice in a Cost Area": lambda pos: pos["cost"][GOLD].append(pos["cost"][GOLD][0]),
    "Cost Area misses a piece": lambda pos: pos["cost"][GOLD].pop(),
    "one Cost Area": lambda pos: pos["cost"].pop(),
    "Cost Area not a list": with_(cost={"0": []}),
    "Cost entry huge": lambda pos: pos["cost"][GOLD].append(10**40),
    "Plus Power card missing": lambda pos: pos["face_down"].pop(),
    "Plus Power card twice": lambda pos: pos["face_down"].insert(0, 10),
    "Plus Power card unknown": lambda pos: pos["face_up"].append(80),
    "Plus Power unsorted": lambda pos: pos["face_down"].reverse(),
    "Plus Power as text": lambda pos: pos["face_up"].__setitem__(0, "10"),
    "Plus Power as bool": lambda pos: pos.update(face_down=[False, *pos["face_down"][1:]]),
    "Plus Power huge": lambda pos: pos["face_up"].append(10**40),
    "the +70 face up": lambda pos: (pos["face_down"].remove(70), pos["face_up"].append(70)),
    "every Plus Power card face up": lambda pos: pos.update(face_down=[],
                                                            face_up=[0, 10, 20, 30, 40, 50,
                                                                     60, 70]),
    "bad phase": with_(phase="lunch"),
    "first phase after turn 1": with_(phase="first"),
    "over without an end": with_(phase="over"),
    "an end while on": with_(over=True),
    "a winner while on": with_(winner=0),
    "a result while on": with_(result="togepi"),
    "after_move without an actor": with_(phase="after_move"),
    "after_move with nobody to battle": lambda pos: pos.update(phase="after_move",
                                                               actor=at(pos, "c2")),
    "defenders for a normal piece": lambda pos: pos.update(phase="defenders",
                                                           actor=at(pos, "c2")),
    "draw without defenders": lambda pos: pos.update(phase="draw", actor=at(pos, "c3"),
                                                     acted=True),
    "draw with a far defender": lambda pos: pos.update(
        phase="draw", actor=at(pos, "c3"), acted=True, defenders=[at(pos, "a6")]),
    "draw for an attacker already stronger": lambda pos: pos.update(
        phase="draw", actor=at(pos, "c3"), acted=True, defenders=[at(pos, "b4")]),
    "acted at the start of a turn": with_(acted=True),
    "defenders at the start of a turn": lambda pos: pos.update(defenders=[at(pos, "b4")]),
    "an actor at the start of a turn": lambda pos: pos.update(actor=at(pos, "c3")),
    "actor of the other side": lambda pos: pos.update(phase="defenders", actor=at(pos, "d4")),
    "actor a Tamago": lambda pos: pos.update(phase="after_move", actor=at(pos, "e1")),
    "actor beside the board": lambda pos: pos.update(phase="defenders",
                                                     actor=named(pos, GOLD, "Entei")),
    "actor huge": with_(phase="defenders", actor=10**12),
    "actor true": with_(phase="defenders", actor=True),
    "current 2": with_(current=2),
    "current float": with_(current=0.0),
    "turn huge": with_(turn=10**30),
    "turn text": with_(turn="9"),
    "turn zero": with_(turn=0),
    "quiet huge": with_(quiet=10**9),
    "quiet negative": with_(quiet=-1),
    "acted not a bool": with_(acted=0),
    "over not a bool": with_(over="no"),
    "winner text": with_(winner="0", over=True, phase="over"),
    "winner bool": with_(winner=True, over=True, phase="over"),
    "result a number": with_(result=5),
    "result long": with_(result="x" * 500, over=True, phase="over"),
    "defenders text": with_(defenders="1"),
    "defenders many": with_(defenders=list(range(9))),
    **{f"missing {key}": drop(key) for key in (
        "game", "format", "armies", "pieces", "cost", "face_down", "face_up", "current",
        "turn", "quiet", "acted", "phase", "actor", "defenders", "over", "winner", "result")},
}


def test_the_base_position_itself_loads() -> None:
    m = GAME.load(base())
    assert m.position() == base()
    assert m.choice is not None and m.choice.kind == "turn"


@pytest.mark.parametrize("fault", sorted(MALFORMED))
def test_a_malformed_position_is_invalid(fault: str) -> None:
    pos = base()
    MALFORMED[fault](pos)
    assert json.dumps(pos) != json.dumps(base()), "the fault changed nothing"
    with pytest.raises(InvalidPosition):
        GAME.load(pos)


@pytest.mark.parametrize("data", [None, [], "position", 5, 1.5, True])
def test_a_position_is_an_object(data: Any) -> None:
    with pytest.raises(InvalidPosition):
        GAME.load(data)


# ------------------------------------------------------------------ fuzzing real positions


def real_positions(seed: int, count: int = 12) -> list[dict[str, Any]]:
    """Positions met in a random game, spread over it."""
    rng = random.Random(seed)
    m = GAME.new_state()
    seen = [m.position()]
    while not m.over:
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(d.sample(rng))
        else:
            m.apply(list(rng.choice(m.legal_actions())))
        seen.append(m.position())
    return seen[::max(1, len(seen) // count)]


POOL = [pos for seed in range(3) for pos in real_positions(seed)]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) |
    st.sampled_from(["a1", "c3", "e6", "cost", "spent", "out", "reserve", "front",
                     "reverse", "turn", "draw", "defenders", "after_move", "over", "gold"]) |
    st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=8)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(paths(value, (*prefix, i)))
    return out


@st.composite
def mutated_positions(draw_: st.DrawFn) -> dict[str, Any]:
    pos = copy.deepcopy(draw_(st.sampled_from(POOL)))
    for _ in range(draw_(st.integers(1, 3))):
        where = draw_(st.sampled_from(paths(pos)[1:]))
        parent: Any = pos
        for key in where[:-1]:
            parent = parent[key]
        how = draw_(st.sampled_from(["set", "set", "delete", "copy", "swap"]))
        if how == "set":
            parent[where[-1]] = draw_(json_values)
        elif how == "delete":
            del parent[where[-1]]
        elif how == "copy" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[where[-1]]))
        elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
            j = draw_(st.integers(0, len(parent) - 1))
            parent[where[-1]], parent[j] = parent[j], parent[where[-1]]
    return pos


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pos=mutated_positions(), seed=st.integers(0, 2**16))
def test_a_mutated_position_loads_soundly_or_is_invalid(pos: dict[str, Any],
                                                        seed: int) -> None:
    try:
        m = GAME.load(pos)
    except InvalidPosition:
        return
    # Whatever loads is a game like any other: it round-trips and plays on soundly.
    assert GAME.load(m.position()).digest() == m.digest()
    rng = random.Random(seed)
    for _ in range(30):
        check_places(m)
        check_cards(m)
        if m.over:
            break
        d = m.pending
        try:
            if isinstance(d, Chance):
                m.resolve(d.sample(rng))
            else:
                m.apply(list(rng.choice(m.legal_actions())))
        except PiecesError as exc:  # a listed answer must be accepted
            pytest.fail(f"a legal answer was refused: {exc}")


def test_a_draw_position_for_a_normal_piece_against_two_is_invalid() -> None:
    gold = {"a1": "Togepi", "c3": "Meowth"}  # Meowth's N and NE: c4 and d4
    silver = {"e6": "Togepi", "c4": "Meowth", "d4": "Pikachu"}
    pos = scene_position(gold, silver)
    meowth, one, two = at(pos, "c3"), at(pos, "c4"), at(pos, "d4")
    pos.update(phase="draw", acted=True, actor=meowth, defenders=[one])
    assert GAME.load(pos).pending == Chance("draw", GOLD, "plus_power", 8)  # one is fine
    pos.update(defenders=[one, two])
    with pytest.raises(InvalidPosition, match="only a Legend"):
        GAME.load(pos)


def test_a_position_with_the_plus_70_face_up_says_why_it_is_refused() -> None:
    pos = base()
    pos["face_down"].remove(70)
    pos["face_up"].append(70)
    with pytest.raises(InvalidPosition, match=r"\+70 Plus Power card is never face up"):
        GAME.load(pos)
