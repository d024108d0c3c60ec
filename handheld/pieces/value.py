"""What a position is worth to a player: the yardstick of the greedy player (and a search
player's leaf value). Material first (each piece by the power it still has to give), then the
Cost Area's promise of a Legend Piece, then the danger around each Togepi."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .match import PieceMatch

WIN = 10_000.0
EGG = 6.0  # a Tamago egg on the board: a shield and a future Cost Area piece
COST_PIECE = 4.0  # a piece in the Cost Area: part of a summon
THREAT = 12.0  # an enemy piece able to battle a Togepi next turn
TOGEPI_SIDE = 35.0  # a Togepi already turned over is one loss from the end


def position_score(m: PieceMatch, player: int) -> float:
    if m.over:
        return WIN if m.winner == player else -WIN if m.winner is not None else 0.0
    score = 0.0
    for pid, row in enumerate(m.rows):
        where = m.place[pid]
        sign = 1.0 if m.owner[pid] == player else -1.0
        if where in m.board:
            if row.kind == "tamago":
                worth = EGG
            elif m.rev[pid]:
                worth = float(row.reverse)
            else:
                worth = row.front + row.reverse * 0.6
            if row.kind == "togepi" and m.rev[pid]:
                worth -= TOGEPI_SIDE
            score += sign * worth
        elif where == "reserve":
            have = len(m.cost[m.owner[pid]])
            score += sign * (row.front * 0.4 if have >= row.cost else row.front * 0.1)
    for seat in (0, 1):
        sign = 1.0 if seat == player else -1.0
        score += sign * COST_PIECE * len(m.cost[seat])
        togepi = m.togepi(seat)
        if m.place[togepi] in m.board:
            attackers = sum(1 for pid in range(len(m.rows))
                            if m.owner[pid] != seat and m.place[pid] in m.board and
                            m.rows[pid].kind != "tamago" and togepi in m.targets(pid))
            score -= sign * THREAT * attackers * (2.0 if m.rev[togepi] else 1.0)
    return score
