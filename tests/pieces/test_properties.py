"""Invariants of every piece game (Hypothesis picks the seeds, the armies and the positions),
checked after every step of random games, and the turn and battle rules held against the
plain second writing of them in ``oracle.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handheld.kernel import Chance, Choice
from handheld.pieces import InvalidPosition, PieceMatch, PiecesGame
from handheld.pieces.data import ARMIES, PLUS_POWER, QUIET_LIMIT
from handheld.players import make_player

from . import oracle
from .scenario import GOLD, SILVER, draw, is_drawing, options, play, scene_position

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
GAME = PiecesGame()
PLACES = frozenset((*oracle.SQUARES, "cost", "reserve", "spent", "out"))
ARMY_PAIRS = [(a, b) for a in ARMIES for b in ARMIES]
TURN_TAGS = {"move", "battle", "summon"}


def walk(seed: int, armies: tuple[str, str], on_step: Any) -> PieceMatch:
    """A random game from ``seed``; ``on_step(m)`` before every step and at the end."""
    rng = random.Random(seed)
    players: list[Any] = [make_player("random", seed + 1), make_player("random", seed + 2)]
    m = GAME.new_state(list(armies))
    steps = 0
    while True:
        on_step(m)
        if m.over:
            return m
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(d.sample(rng))
        else:
            assert isinstance(d, Choice)
            m.apply(players[d.player].choose(m, d))
        steps += 1
        assert steps < 5_000, "the game did not end"


def check_places(m: PieceMatch) -> None:
    """Each piece is in exactly one place, and the board and Cost Areas agree with it."""
    n = len(m.rows)
    assert all(place in PLACES for place in m.place)
    on_board = [p for sq in sorted(m.board) for p in m.board[sq]]
    assert sorted(on_board) == [p for p in range(n) if m.place[p] in oracle.SQUARES]
    for sq, stack in m.board.items():
        assert stack and all(m.place[p] == sq for p in stack)
        if len(stack) > 1:  # only one Tamago pile's eggs share a square, top egg last
            assert len({m.pile[p] for p in stack}) == 1 and m.pile[stack[0]] >= 0
            assert stack == sorted(stack)
    for seat in (0, 1):
        area = m.cost_area(seat)
        assert len(set(area)) == len(area)
        assert sorted(area) == [p for p in range(n)
                                if m.owner[p] == seat and m.place[p] == "cost"]
    for p, row in enumerate(m.rows):
        if row.kind == "legend":
            assert m.place[p] not in ("cost", "spent")
        else:
            assert m.place[p] not in ("reserve", "out")
        if row.kind == "togepi":
            assert m.place[p] in oracle.SQUARES
        if row.kind == "tamago":
            assert not m.rev[p]


def check_cards(m: PieceMatch) -> None:
    assert sorted(m.face_down + m.face_up) == list(PLUS_POWER)
    assert m.face_down == sorted(m.face_down)
    d = m.pending
    if isinstance(d, Chance) and d.kind == "draw":
        assert d.size == len(m.face_down) > 0


def check_choice(m: PieceMatch, table: oracle.Table) -> None:
    """No pass, never an empty turn, and exactly the options the rules give."""
    ch = m.choice
    if ch is None:
        return
    assert ch.options and ch.player == m.current
    names = m.notations(ch)
    assert len(set(names)) == len(names), "two options share a notation"
    if ch.kind == "turn":
        assert {o[0] for o in ch.options} <= TURN_TAGS
        assert set(names) == oracle.turn_options(table, m.position())
    elif ch.kind == "after_move":
        assert set(names) == oracle.after_move_options(table, m.position())


def check_no_moves_ending(m: PieceMatch, table: oracle.Table) -> None:
    """A game lost for want of a turn: the loser's turn, as a position, has nothing to do."""
    if not m.over or m.result != "no_moves":
        return
    assert m.winner is not None
    pos = m.position()
    pos.update(phase="turn", over=False, winner=None, result="", current=1 - m.winner)
    assert oracle.turn_options(table, pos) == set()
    with pytest.raises(InvalidPosition, match="nothing to do"):
        GAME.load(pos)


@SETTINGS
@given(seed=st.integers(0, 2**31), armies=st.sampled_from(ARMY_PAIRS))
def test_every_step_keeps_the_pieces_and_the_cards_whole(seed: int,
                                                         armies: tuple[str, str]) -> None:
    table = oracle.Table(armies)
    gone: set[int] = set()  # spent and out: never back (Q6)

    def check(m: PieceMatch) -> None:
        check_places(m)
        check_cards(m)
        check_choice(m, table)
        check_no_moves_ending(m, table)
        now = {p for p in range(len(m.rows)) if m.place[p] in ("spent", "out")}
        assert gone <= now, "a spent or out piece came back"
        gone.update(now)
        assert 0 <= m.quiet < QUIET_LIMIT or m.result == "quiet"

    m = walk(seed, armies, check)
    assert m.winner in (0, 1) or m.result == "quiet"


@SETTINGS
@given(seed=st.integers(0, 2**31), armies=st.sampled_from(ARMY_PAIRS))
def test_positions_round_trip(seed: int, armies: tuple[str, str]) -> None:
    def round_trip(m: PieceMatch) -> None:
        pos = m.position()
        again = GAME.load(pos)
        assert again.position() == pos and again.digest() == m.digest()
        assert type(again.pending) is type(m.pending)
        if m.choice is not None:
            assert again.choice == m.choice
        elif isinstance(m.pending, Chance):
            assert again.pending == m.pending

    walk(seed, armies, round_trip)


@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_every_answer_in_notation_does_what_its_index_does(seed: int) -> None:
    def both_ways(m: PieceMatch) -> None:
        ch = m.choice
        if ch is None:
            return
        actions = m.legal_actions()
        for action in actions[::max(1, len(actions) // 10)]:  # a spread of them, for time
            answer: Any = action[0] if ch.max == 1 else list(action)
            text = m.answer_notation(ch, answer)
            by_index, by_text = m.clone(), m.clone()
            by_index.apply(answer)
            by_text.apply(text)
            assert by_text.digest() == by_index.digest(), text
            assert by_text.log == by_index.log
        assert m.position() == GAME.load(m.position()).position()  # the clones shared nothing

    walk(seed, ("gold", "silver"), both_ways)


def test_a_walk_meets_every_kind_of_decision() -> None:
    """The random games above do reach the choices and chances the checks are about."""
    seen: set[str] = set()

    def note(m: PieceMatch) -> None:
        d = m.pending
        if d is not None:
            seen.add(d.kind)
        seen.update(ev[0] for ev in m.log[-3:])

    for seed in range(40):
        walk(seed, ("gold", "silver"), note)
    assert {"coin", "turn", "after_move", "defenders", "draw", "flip", "cost", "egg",
            "summon", "reshuffle"} <= seen


# ------------------------------------------------------------------ random positions

SILVER_NAMES = ["Geodude", "Marill", "Pidgey", "Meowth", "Pikachu", "Magikarp", "Sentret",
                "Tamago", "Tamago"]


@st.composite
def sparse_positions(draw_: st.DrawFn) -> dict[str, Any]:
    """A position with some of each side's pieces anywhere, on either side up."""
    squares = draw_(st.permutations(oracle.SQUARES))
    boards: list[dict[str, str]] = [{}, {}]
    cost: list[list[str]] = [[], []]
    legends = (["Ho-Oh", "Entei"], ["Lugia", "Suicune"])
    at = 0
    for seat in (0, 1):
        names = draw_(st.lists(st.sampled_from(range(len(SILVER_NAMES))), unique=True,
                               max_size=4))
        chosen = ["Togepi", *(SILVER_NAMES[i] for i in names)]
        chosen += draw_(st.lists(st.sampled_from(legends[seat]), unique=True, max_size=1))
        for name in chosen:
            flip = name != "Tamago" and draw_(st.booleans())
            boards[seat][squares[at]] = name + ("~" if flip else "")
            at += 1
        left = [SILVER_NAMES[i] for i in range(7) if i not in names]
        cost[seat] = draw_(st.lists(st.sampled_from(left), unique=True, max_size=5))
    return scene_position(boards[0], boards[1], cost=(cost[0], cost[1]),
                          to_move=draw_(st.sampled_from((GOLD, SILVER))))


@settings(max_examples=150, deadline=None)
@given(pos=sparse_positions())
def test_the_turn_offers_exactly_what_the_rules_allow(pos: dict[str, Any]) -> None:
    check_turn_against_the_rules(pos)


CORNERS = {"a1": ("a2", "b1", "b2"), "e1": ("e2", "d1", "d2"),
           "a6": ("a5", "b6", "b5"), "e6": ("e5", "d6", "d5")}
BLOCKERS = ["Tamago", "Tamago", "Magikarp", "Geodude", "Marill", "Pidgey", "Meowth",
            "Sentret", "Pikachu"]


def cornered_position(rng: random.Random) -> dict[str, Any]:
    """The player to move with its Togepi in a corner walled in by its own pieces, so that
    it often has no turn at all (Q7); the other side's pieces anywhere else."""
    mover = rng.choice((GOLD, SILVER))
    # Mostly the far corners, where forward arrows point off the board.
    far = ("a6", "e6") if mover == GOLD else ("a1", "e1")
    corner = rng.choice(far if rng.random() < 0.75 else sorted(CORNERS))
    walls = [w + ("~" if w != "Tamago" and rng.random() < 0.5 else "")
             for w in ["Tamago", *rng.sample(BLOCKERS[1:], 2)]]
    rng.shuffle(walls)
    mine = {corner: "Togepi", **dict(zip(CORNERS[corner], walls, strict=True))}
    free = [sq for sq in oracle.SQUARES if sq not in mine]
    theirs = {sq: name for sq, name in zip(rng.sample(free, 3),
                                           ["Togepi", *rng.sample(SILVER_NAMES, 2)],
                                           strict=True)}
    spare = [n for n in ("Geodude", "Pidgey", "Meowth", "Sentret", "Pikachu")
             if n not in {w.rstrip("~") for w in walls}]
    cost = rng.sample(spare, rng.choice((0, 0, 1, 2)))
    boards = (mine, theirs) if mover == GOLD else (theirs, mine)
    return scene_position(*boards, cost=(cost, []) if mover == GOLD else ([], cost),
                          to_move=mover)


def check_turn_against_the_rules(pos: dict[str, Any]) -> bool:
    """The position's turn is the oracle's, or it does not load because there is none.
    True when there is a turn."""
    want = oracle.turn_options(oracle.Table(("gold", "silver")), pos)
    if not want:  # Q7: nothing to do is no turn at all, but a lost game
        with pytest.raises(InvalidPosition, match="nothing to do"):
            GAME.load(pos)
        return False
    assert set(options(GAME.load(pos))) == want
    return True


@settings(max_examples=100, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_a_walled_in_player_has_exactly_the_turn_the_rules_allow(rng: random.Random) -> None:
    check_turn_against_the_rules(cornered_position(rng))


def test_walled_in_positions_do_leave_players_without_a_turn() -> None:
    """The generator above reaches both cases; and one turn earlier, whatever the other
    side does, the walled-in side's turn either starts with exactly the rules' options or
    the game ends there, lost by it for want of a turn (Q7)."""
    table = oracle.Table(("gold", "silver"))
    outcomes = [check_turn_against_the_rules(cornered_position(random.Random(seed)))
                for seed in range(150)]
    assert outcomes.count(False) >= 10 and outcomes.count(True) >= 10
    lost = 0
    for seed in range(150):
        pos = cornered_position(random.Random(seed))
        walled = pos["current"]
        pos["current"] = 1 - walled  # the other side moves first
        if not oracle.turn_options(table, pos):
            continue
        m = GAME.load(pos)
        for answer in options(m):
            trial = m.clone()
            trial.apply(answer)
            if trial.choice is not None and trial.choice.kind == "after_move":
                trial.apply("stay")
            if is_drawing(trial) or trial.current != walled:
                continue
            if trial.over:
                assert trial.result == "no_moves" and trial.winner == 1 - walled
                check_no_moves_ending(trial, table)
                lost += 1
            else:
                assert set(options(trial)) == oracle.turn_options(table, trial.position())
    assert lost >= 10


def expected_battle(table: oracle.Table, pos: dict[str, Any], attacker: int,
                    defenders: list[int], card: int | None) -> dict[int, str]:
    """What becomes of each piece of a battle: "flip", "cost", "out", "egg", "togepi"
    (its owner loses) or "" (nothing)."""
    mine = oracle.power(table, pos, attacker) + (card or 0)
    fate: dict[int, str] = {}

    def lose(pid: int) -> str:
        row = table.rows[pid]
        if row.kind == "tamago":
            return "egg"
        if pos["pieces"][pid]["side"] == "front":
            return "flip"
        return {"togepi": "togepi", "legend": "out"}.get(row.kind, "cost")

    beaten = False
    for d in defenders:
        if table.rows[d].kind == "tamago" or mine > oracle.power(table, pos, d):
            fate[d] = lose(d)
        else:
            fate[d], beaten = "", True
    fate[attacker] = lose(attacker) if beaten else ""
    return fate


ATTACKERS = ["Togepi", "Pikachu", "Meowth", "Magikarp", "Marill", "Geodude", "Pidgey",
             "Sentret", "Ho-Oh", "Entei"]
DEFENDERS = ["Togepi", "Tamago", "Tamago", "Pikachu", "Meowth", "Magikarp", "Marill",
             "Geodude", "Pidgey", "Sentret", "Lugia", "Suicune"]


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_every_battle_ends_as_the_rules_say(data: st.DataObject) -> None:
    """Any attacker, either side up, against any pieces next to it (several for a Legend),
    with any card: who draws, who is turned over, who leaves, and who wins."""
    table = oracle.Table(("gold", "silver"))
    name = data.draw(st.sampled_from(ATTACKERS))
    flipped = data.draw(st.booleans())
    home = "c3"
    gold = {home: name + ("~" if flipped else "")}
    if name != "Togepi":
        gold["a6"] = "Togepi"
    row = next(r for r in table.rows if r.name == name)
    reach = [sq for d in row.arrows(flipped) if (sq := oracle.shift(home, GOLD, d))]
    count = data.draw(st.integers(1, min(3, len(reach)) if row.kind == "legend" else 1))
    where = data.draw(st.permutations(reach))[:count]
    kinds = data.draw(st.permutations(DEFENDERS))[:count]
    silver = {sq: k + ("~" if k != "Tamago" and data.draw(st.booleans()) else "")
              for sq, k in zip(where, kinds, strict=True)}
    if "Togepi" not in kinds:
        silver["e1"] = "Togepi"
    face_up = data.draw(st.lists(st.sampled_from(PLUS_POWER[:-1]), unique=True, max_size=6))
    pos = scene_position(gold, silver, face_up=face_up)
    m = GAME.load(pos)
    attacker = m.top(home)
    defenders = [m.top(sq) for sq in where]
    if row.kind == "legend":
        play(m, f"battle {home}")
        if count > 1:
            play(m, " + ".join(where))
    else:
        play(m, f"battle {home} {where[0]}")
    strongest = max((oracle.power(table, pos, d) for d in defenders
                     if table.rows[d].kind != "tamago"), default=-1)
    assert is_drawing(m) == (oracle.power(table, pos, attacker) <= strongest)  # Q3, Q8
    card = None
    if is_drawing(m):
        card = data.draw(st.sampled_from(m.face_down))
        draw(m, card)
    fate = expected_battle(table, pos, attacker, defenders, card)
    if "togepi" in fate.values():  # the game ends there: nothing else need follow
        fate = {pid: what for pid, what in fate.items() if what == "togepi"}
    for pid, what in fate.items():
        was_reverse = pos["pieces"][pid]["side"] == "reverse"
        if what == "":
            assert m.place[pid] == pos["pieces"][pid]["at"] and m.rev[pid] == was_reverse
        elif what == "flip":
            assert m.rev[pid] and m.place[pid] == pos["pieces"][pid]["at"]
        elif what in ("cost", "egg"):
            assert m.place[pid] == "cost" and pid in m.cost_area(m.owner[pid])
        elif what == "out":
            assert m.place[pid] == "out"
        else:
            assert m.over and m.winner == 1 - m.owner[pid] and m.result == "togepi"
    if "togepi" not in fate.values():
        assert not m.over and m.current == SILVER
    for pid in (attacker, *defenders):  # Q1: nobody moves onto another square
        assert m.place[pid] in (pos["pieces"][pid]["at"], "cost", "out")
    if card == 70:
        assert m.face_up == [] and m.face_down == list(PLUS_POWER)
    elif card is not None:
        assert m.face_up == [*face_up, card]
