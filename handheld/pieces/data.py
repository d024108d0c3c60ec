"""The pieces and the armies, as data: a new piece is one row of :data:`PIECES`, a new army
one entry of :data:`ARMIES` (docs/PIECES.md gives the relations the rules fragment fixes:
Togepi and Ho-Oh stronger on the back, Gyarados over twice Magikarp, the Lugia example; the
other numbers were tuned by simulated games, ``python -m handheld sim --game pieces``).

Arrows are written from the owner's side of the board: ``N`` is forward (towards the
opponent), ``E`` the owner's right. A direction alone is the single mark (one square); a
direction followed by ``2`` is the double mark (one or two squares in a straight line).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["normal", "legend", "togepi", "tamago"]
KINDS: tuple[Kind, ...] = ("normal", "legend", "togepi", "tamago")
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@dataclass(frozen=True)
class PieceRow:
    """One kind of piece: what is printed on its two sides."""

    name: str
    kind: Kind
    front: int  # power on the front side (0 for a Tamago piece, which has none)
    reverse: int  # power on the reverse side (0 for a Tamago piece, which has no back)
    front_arrows: str  # e.g. "N2 NE NW": directions with their marks
    reverse_arrows: str  # the reverse side's arrows ("=" : the same as the front's)
    reverse_name: str = ""  # the reverse side's Pokémon, when it differs (Magikarp)
    cost: int = 0  # Cost Area pieces a Legend Piece's summon takes
    eggs: int = 0  # a Tamago pile's height

    @property
    def slug(self) -> str:
        """The name in notation: lower case, letters and digits only ("Ho-Oh" -> "hooh")."""
        return "".join(ch for ch in self.name.lower() if ch.isalnum())

    def arrows(self, reverse: bool) -> dict[str, int]:
        """Direction -> mark (1 single, 2 double) on the side shown."""
        text = self.reverse_arrows if reverse and self.reverse_arrows != "=" else \
            self.front_arrows
        return parse_arrows(text)

    def power(self, reverse: bool) -> int:
        return self.reverse if reverse else self.front

    def side_name(self, reverse: bool) -> str:
        return self.reverse_name if reverse and self.reverse_name else self.name


def parse_arrows(text: str) -> dict[str, int]:
    """``"N2 NE"`` -> ``{"N": 2, "NE": 1}`` (ValueError for anything else)."""
    out: dict[str, int] = {}
    for word in text.split():
        mark = 2 if word.endswith("2") else 1
        direction = word[:-1] if mark == 2 else word
        if direction not in DIRECTIONS or direction in out:
            raise ValueError(f"bad arrow {word!r} in {text!r}")
        out[direction] = mark
    return out


# name, kind, front, reverse, front arrows, reverse arrows, reverse name, cost, eggs
PIECES: tuple[PieceRow, ...] = (
    PieceRow("Togepi", "togepi", 20, 50, "N NE E SE S SW W NW", "="),
    PieceRow("Tamago", "tamago", 0, 0, "", "=", eggs=2),
    PieceRow("Pikachu", "normal", 40, 20, "N E S W", "="),
    PieceRow("Meowth", "normal", 20, 10, "N NE NW E W", "="),
    PieceRow("Magikarp", "normal", 10, 60, "N", "N2 E W S", reverse_name="Gyarados"),
    PieceRow("Marill", "normal", 30, 20, "N2 S", "N S"),
    PieceRow("Geodude", "normal", 50, 30, "N S", "="),
    PieceRow("Pidgey", "normal", 20, 10, "NE2 NW2 S", "NE NW S"),
    PieceRow("Sentret", "normal", 20, 10, "N E W SE SW", "="),
    PieceRow("Ho-Oh", "legend", 50, 70, "N2 NE NW E W S", "=", cost=4),
    PieceRow("Entei", "legend", 50, 30, "N2 NE NW E W", "=", cost=2),
    PieceRow("Lugia", "legend", 60, 40, "N2 NE NW E W S", "=", cost=4),
    PieceRow("Suicune", "legend", 50, 30, "N2 NE NW SE SW", "=", cost=2),
)
BY_NAME: dict[str, PieceRow] = {row.name: row for row in PIECES}


@dataclass(frozen=True)
class Army:
    """One side's pieces: where each starts (squares as seen from its own side: ``a1`` is
    its left corner of its home row) and the Legend Pieces waiting beside the board."""

    key: str
    name: str
    layout: tuple[tuple[str, str], ...]  # (piece name, square)
    legends: tuple[str, ...]


_HOME = (("Tamago", "a1"), ("Geodude", "b1"), ("Togepi", "c1"), ("Marill", "d1"),
         ("Tamago", "e1"), ("Pidgey", "a2"), ("Meowth", "b2"), ("Pikachu", "c2"),
         ("Magikarp", "d2"), ("Sentret", "e2"))
ARMIES: dict[str, Army] = {
    "gold": Army("gold", "Gold", _HOME, ("Ho-Oh", "Entei")),
    "silver": Army("silver", "Silver", _HOME, ("Lugia", "Suicune")),
}
DEFAULT_ARMIES = ("gold", "silver")

# The Plus Power deck: one card of each value.
PLUS_POWER = (0, 10, 20, 30, 40, 50, 60, 70)
RESHUFFLE_AT = 70  # drawing this card gathers every face-up card back into the deck

COLUMNS = "abcde"
ROWS = 6
QUIET_LIMIT = 60  # turns in a row without a battle or a summon that end the game, drawn


def check_data() -> None:
    """Every row and army is well formed (raises ValueError naming the first fault)."""
    for row in PIECES:
        if row.kind not in KINDS:
            raise ValueError(f"{row.name}: unknown kind {row.kind!r}")
        row.arrows(False), row.arrows(True)
        if row.kind == "tamago":
            if row.eggs < 1 or row.front or row.reverse or row.front_arrows:
                raise ValueError(f"{row.name}: a Tamago pile has eggs and no power or arrows")
        elif row.front <= 0 or row.reverse <= 0 or not row.front_arrows:
            raise ValueError(f"{row.name}: a piece needs both powers and some arrows")
        if (row.cost > 0) != (row.kind == "legend"):
            raise ValueError(f"{row.name}: only Legend Pieces have a cost, and they all do")
    if len({row.slug for row in PIECES}) != len(PIECES):
        raise ValueError("two pieces share a notation name")
    for army in ARMIES.values():
        squares = [sq for _, sq in army.layout]
        if len(set(squares)) != len(squares):
            raise ValueError(f"{army.key}: two pieces start on one square")
        names = [n for n, _ in army.layout]
        if names.count("Togepi") != 1:
            raise ValueError(f"{army.key}: an army has exactly one Togepi")
        for name in (*names, *army.legends):
            if name not in BY_NAME:
                raise ValueError(f"{army.key}: no piece named {name!r}")
        for name in army.legends:
            if BY_NAME[name].kind != "legend":
                raise ValueError(f"{army.key}: {name} waits beside the board but is no Legend")
        for sq in squares:
            if len(sq) != 2 or sq[0] not in COLUMNS or sq[1] not in "123":
                raise ValueError(f"{army.key}: {sq} is not on its own half")
