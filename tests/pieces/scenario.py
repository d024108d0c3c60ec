"""Compact piece-game positions for the tests: which pieces stand where and on which side,
the Cost Areas, the Plus Power cards and whose turn it is.

A scenario starts from a real game's position (``PieceMatch().position()``), rewrites its
data and loads it through ``PiecesGame().load``, so every scenario also runs the position
reader and its checks. A piece is written by its name, ``"Lugia~"`` for its reverse side,
``"Tamago:1"`` for a Tamago pile with one egg left (a bare ``"Tamago"`` has both)::

    m = scene(gold={"c1": "Togepi", "c3": "Pikachu"},
              silver={"c6": "Togepi", "c4": "Meowth~"}, cost=(["Geodude"], []))
    play(m, "battle c3 c4")

Squares are the board's (``a1`` is Gold's left corner), whatever the seat. Pieces a scene
does not name are out of play: a normal piece or an egg as "spent", a Legend Piece waiting
in reserve (or "out" when listed in ``out``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from handheld.kernel import Chance, Choice
from handheld.pieces import PieceMatch, PiecesGame

GOLD, SILVER = 0, 1
GAME = PiecesGame()
_START: dict[tuple[str, str], dict[str, Any]] = {}


def start_position(armies: tuple[str, str] = ("gold", "silver")) -> dict[str, Any]:
    """A fresh copy of the real opening position (before the coin)."""
    if armies not in _START:
        _START[armies] = PieceMatch(armies).position()
    return copy.deepcopy(_START[armies])


def _parse(spec: str) -> tuple[str, bool, int]:
    """``"Lugia~"`` -> ("Lugia", True, 0); ``"Tamago:1"`` -> ("Tamago", False, 1)."""
    eggs = 0
    if ":" in spec:
        spec, count = spec.split(":")
        eggs = int(count)
    reverse = spec.endswith("~")
    return spec.rstrip("~"), reverse, eggs


def scene_position(gold: Mapping[str, str], silver: Mapping[str, str], *,
                   cost: Sequence[Sequence[str]] = ((), ()),
                   out: Sequence[Sequence[str]] = ((), ()),
                   face_up: Sequence[int] = (), to_move: int = GOLD, turn: int = 1,
                   quiet: int = 0, armies: tuple[str, str] = ("gold", "silver"),
                   ) -> dict[str, Any]:
    """The position data of a scene (see the module docstring); not yet loaded."""
    pos = start_position(armies)
    shape = PieceMatch(armies, empty=True)  # names, owners and piles of the piece ids
    n = len(shape.rows)
    free = [[p for p in range(n) if shape.owner[p] == seat] for seat in (0, 1)]
    entries: list[dict[str, str]] = [{"at": "", "side": "front"} for _ in range(n)]

    def take(seat: int, name: str) -> int:
        for p in free[seat]:
            if shape.rows[p].name == name:
                free[seat].remove(p)
                return p
        raise ValueError(f"seat {seat} has no {name} left for the scene")

    for seat, board in enumerate((gold, silver)):
        for square, spec in board.items():
            name, reverse, eggs = _parse(spec)
            if name == "Tamago":
                # A whole pile whose eggs are all unused: its lowest eggs stand, the rest
                # are free for a Cost Area (the top egg is the one that leaves first).
                pile = next(p for p in free[seat] if shape.rows[p].name == "Tamago" and
                            shape.pile[p] == p and
                            all(q in free[seat] for q in range(n)
                                if shape.pile[q] == p))
                members = [q for q in range(n) if shape.pile[q] == pile]
                for egg in members[:eggs or len(members)]:
                    free[seat].remove(egg)
                    entries[egg]["at"] = square
                continue
            p = take(seat, name)
            entries[p] = {"at": square, "side": "reverse" if reverse else "front"}
    cost_lists: list[list[int]] = [[], []]
    for seat in (0, 1):
        for spec in cost[seat]:
            name, _reverse, _eggs = _parse(spec)
            if name == "Tamago":  # the highest free egg: the top of a pile goes first
                p = max(q for q in free[seat] if shape.rows[q].name == "Tamago")
                free[seat].remove(p)
            else:
                p = take(seat, name)
            # (a piece reaches a Cost Area from its reverse side; an egg has none)
            side = "front" if name == "Tamago" else "reverse"
            entries[p] = {"at": "cost", "side": side}
            cost_lists[seat].append(p)
        for spec in out[seat]:
            p = take(seat, _parse(spec)[0])
            entries[p] = {"at": "out", "side": "reverse"}
        for p in free[seat]:
            kind = shape.rows[p].kind
            entries[p] = {"at": "reserve" if kind == "legend" else "spent", "side": "front"}
    pos.update(pieces=entries, cost=cost_lists,
               face_down=sorted(v for v in pos["face_down"] if v not in face_up),
               face_up=list(face_up), current=to_move, turn=turn, quiet=quiet,
               phase="turn", acted=False)
    return pos


def scene(gold: Mapping[str, str], silver: Mapping[str, str], **kw: Any) -> PieceMatch:
    """The scene loaded as a game waiting for ``to_move``'s turn (through ``load``)."""
    return GAME.load(scene_position(gold, silver, **kw))


def piece(m: PieceMatch, seat: int, name: str) -> int:
    """The id of ``seat``'s piece called ``name`` (its front name)."""
    return next(p for p in range(len(m.rows)) if m.owner[p] == seat and m.rows[p].name == name)


def on(m: PieceMatch, square: str) -> int:
    """The piece on top of ``square`` (-1 when empty)."""
    return m.top(square)


def options(m: PieceMatch) -> list[str]:
    """The pending choice's options in notation."""
    ch = m.pending
    assert isinstance(ch, Choice), f"no choice pending but {ch!r}"
    return m.notations(ch)


def play(m: PieceMatch, *answers: Any) -> PieceMatch:
    """Apply each answer (notation text or option index) in turn."""
    for answer in answers:
        m.apply(answer)
    return m


def draw(m: PieceMatch, value: int) -> PieceMatch:
    """Resolve the pending Plus Power draw so that the card worth ``value`` is drawn."""
    d = m.pending
    assert isinstance(d, Chance) and d.kind == "draw", f"no draw pending but {d!r}"
    assert value in m.face_down, f"+{value} is not face down: {m.face_down}"
    m.resolve(m.face_down.index(value))
    return m


def is_drawing(m: PieceMatch) -> bool:
    d = m.pending
    return isinstance(d, Chance) and d.kind == "draw"


def events(m: PieceMatch, since: int = 0) -> list[tuple[Any, ...]]:
    return m.log[since:]


def tags(m: PieceMatch, since: int = 0) -> list[str]:
    return [ev[0] for ev in m.log[since:]]
