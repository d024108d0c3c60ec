"""The player's records, read from the match history: a line per opponent (wins, losses,
draws) and the matches themselves, newest first. Engine-free: the records screen draws
these.

A duel against a roster opponent is recorded with the opponent's id and the outcome from
the player's side (handheld/roster.py); any other match only with its winner's name, which
is compared with the player's name as it is now (a match won under an older name counts as
lost; the history keeps no profile id per seat).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from .roster import DRAW, LOSS, OPPONENTS, WIN
from .save import MatchResult

OTHERS = "Other duels"  # matches against the computer outside the ladder, and friends
PIECES = "Legend Pieces"


@dataclass(frozen=True)
class Record:
    """One opponent's line: how many matches, won, lost and drawn."""

    opponent: str
    wins: int
    losses: int
    draws: int

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws


def outcome(m: MatchResult, player: str) -> str:
    """The match's outcome from the player's side."""
    if m.outcome in (WIN, LOSS, DRAW):
        return m.outcome
    if m.winner is None:
        return DRAW
    return WIN if m.winner == player else LOSS


def opponent_label(m: MatchResult) -> str:
    """Who the match was against, as the records group it."""
    if m.game == "pieces":
        return PIECES
    if m.opponent:
        o = OPPONENTS.get(m.opponent)
        return o.name if o is not None else m.opponent[:24]
    return OTHERS


def records(history: Iterable[MatchResult], player: str) -> list[Record]:
    """A record per opponent, the most played first (then by name)."""
    tally: dict[str, list[int]] = {}
    for m in history:
        row = tally.setdefault(opponent_label(m), [0, 0, 0])
        row[(WIN, LOSS, DRAW).index(outcome(m, player))] += 1
    out = [Record(name, *row) for name, row in tally.items()]
    return sorted(out, key=lambda r: (-r.played, r.opponent))


def match_line(m: MatchResult, player: str) -> str:
    """One match as the list shows it: date, W/L/D, against whom, how, turns."""
    day = time.strftime("%d %b", time.localtime(m.played_at))
    mark = {WIN: "W", LOSS: "L", DRAW: "D"}[outcome(m, player)]
    who = opponent_label(m)
    if who == OTHERS:
        who = f"{m.deck_a} v {m.deck_b}"
    how = m.result.split("+")[0].replace("_", " ")
    return f"{day} {mark} {who}: {how}, {m.turns} turns"
