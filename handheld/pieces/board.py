"""The Play Area's squares and the way arrows point from them, for either side.

Squares are named like chess squares, ``a1`` to ``e6``: columns left to right and rows
bottom to top as seat 0 sees the board. Seat 1 sits across the table, so its forward
(``N``) is seat 0's backward: its arrows turn half a circle.
"""

from __future__ import annotations

from .data import COLUMNS, DIRECTIONS, ROWS

SQUARES: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
SQUARE_INDEX = {sq: i for i, sq in enumerate(SQUARES)}

_VECTORS = {"N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1), "S": (0, -1),
            "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1)}


def coords(square: str) -> tuple[int, int]:
    """``"c3"`` -> (2, 3): column index from 0, row from 1."""
    return COLUMNS.index(square[0]), int(square[1:])


def square_at(col: int, row: int) -> str | None:
    if 0 <= col < len(COLUMNS) and 1 <= row <= ROWS:
        return f"{COLUMNS[col]}{row}"
    return None


def _step(square: str, seat: int, direction: str) -> str | None:
    dc, dr = _VECTORS[direction]
    if seat == 1:
        dc, dr = -dc, -dr
    col, row = coords(square)
    return square_at(col + dc, row + dr)


# STEP[seat][direction][square]: the next square that way, or None off the board.
STEP: tuple[dict[str, dict[str, str | None]], ...] = tuple(
    {d: {sq: _step(sq, seat, d) for sq in SQUARES} for d in DIRECTIONS} for seat in (0, 1))


def own_square(square: str, seat: int) -> str:
    """A square named from ``seat``'s side (its army layout) as the board names it."""
    if seat == 0:
        return square
    col, row = coords(square)
    out = square_at(len(COLUMNS) - 1 - col, ROWS + 1 - row)
    assert out is not None
    return out


def screen_direction(direction: str, seat: int) -> str:
    """Where an arrow of ``seat``'s piece points on a screen that shows seat 0 at the
    bottom."""
    if seat == 0:
        return direction
    return DIRECTIONS[(DIRECTIONS.index(direction) + 4) % 8]
