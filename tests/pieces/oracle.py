"""The rules of a turn and of a battle written a second time, plainly and from the position
data alone, so the properties can hold the engine's options and outcomes against them.

Nothing here reads the engine's move generator: only the piece table (the printed pieces)
and the position (where everything is).
"""

from __future__ import annotations

from typing import Any

from handheld.pieces import PieceMatch
from handheld.pieces.data import PieceRow

COLUMNS, ROWS = "abcde", 6
VECTORS = {"N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1), "S": (0, -1),
           "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1)}
SQUARES = [f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS]


def shift(square: str, seat: int, direction: str) -> str | None:
    """The square next to ``square`` in ``direction`` as ``seat``'s piece sees it."""
    dc, dr = VECTORS[direction]
    if seat == 1:  # across the table: forward is down the board
        dc, dr = -dc, -dr
    col, row = COLUMNS.index(square[0]) + dc, int(square[1]) + dr
    if 0 <= col < len(COLUMNS) and 1 <= row <= ROWS:
        return f"{COLUMNS[col]}{row}"
    return None


class Table:
    """Who owns which piece, and what is printed on it (by piece id)."""

    def __init__(self, armies: tuple[str, str]) -> None:
        shape = PieceMatch(armies, empty=True)
        self.rows: list[PieceRow] = list(shape.rows)
        self.owner: list[int] = list(shape.owner)


def tops(pos: dict[str, Any]) -> dict[str, int]:
    """Square -> the piece on top (the highest id of an egg pile)."""
    out: dict[str, int] = {}
    for pid, entry in enumerate(pos["pieces"]):
        if entry["at"] in SQUARES:
            out[entry["at"]] = max(out.get(entry["at"], -1), pid)
    return out


def _battles(table: Table, pos: dict[str, Any], top: dict[str, int], pid: int,
             square: str) -> set[str]:
    seat, row = table.owner[pid], table.rows[pid]
    reverse = pos["pieces"][pid]["side"] == "reverse"
    targets = []
    for direction in row.arrows(reverse):
        nxt = shift(square, seat, direction)
        if nxt is not None and nxt in top and table.owner[top[nxt]] != seat:
            targets.append(nxt)
    if not targets:
        return set()
    if row.kind == "legend":
        return {f"battle {square}"}
    return {f"battle {square} {t}" for t in targets}


def turn_options(table: Table, pos: dict[str, Any]) -> set[str]:
    """Every move, battle and summon the player to move has, in notation."""
    seat = pos["current"]
    top = tops(pos)
    out: set[str] = set()
    for square, pid in top.items():
        row = table.rows[pid]
        if table.owner[pid] != seat or row.kind == "tamago":
            continue
        reverse = pos["pieces"][pid]["side"] == "reverse"
        for direction, mark in row.arrows(reverse).items():
            step = shift(square, seat, direction)
            if step is None or step in top:
                continue
            out.add(f"move {square} {step}")
            far = shift(step, seat, direction) if mark == 2 else None
            if far is not None and far not in top:
                out.add(f"move {square} {far}")
        out |= _battles(table, pos, top, pid, square)
    empty = [sq for sq in SQUARES if sq not in top]
    for pid, entry in enumerate(pos["pieces"]):
        row = table.rows[pid]
        if table.owner[pid] == seat and entry["at"] == "reserve" and \
                row.cost <= len(pos["cost"][seat]):
            out |= {f"summon {row.slug} {sq}" for sq in empty}
    return out


def after_move_options(table: Table, pos: dict[str, Any]) -> set[str]:
    pid = pos["actor"]
    return _battles(table, pos, tops(pos), pid, pos["pieces"][pid]["at"]) | {"stay"}


def power(table: Table, pos: dict[str, Any], pid: int) -> int:
    return table.rows[pid].power(pos["pieces"][pid]["side"] == "reverse")
