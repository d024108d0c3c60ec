"""The board as it stood after each event of the match log, so the duel screen can show a
move as it is told instead of all at once.

The engine applies a whole move in one go (an attack's damage, the Knock Out, the Prize,
the promotion) and logs an event for each step. :class:`NarratedLog` replaces the match's
log list: when an event is logged, the board as it stands at that moment is cloned and
kept for it. The engine logs most events once their change is made (damage once placed, a
Prize once taken, the turn once it has begun). The few it logs *before* their change (a
Knock Out, logged while the Pokémon is still in play, so its Poké-Bodies can still count)
are *settled* on the clone: the screen's function for that kind makes the change on the
copy (the Knocked Out Pokémon leaves play there), since no later moment of the live match
has the board as it is right after them (the Prize is taken before the next event).

A board is a :meth:`Match.clone` made with an empty log of its own, so no clone holds
another and the cost stays one clone (a few microseconds) per told event. Boards live
only until the screen has told their event (:meth:`NarratedLog.release`); they are never
saved or sent: the suspended match is saved from its position and answers, and the link
sends slices of the log (plain lists of events).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine import Match

Event = tuple[Any, ...]
Settle = Callable[["Match", Event], None]


class NarratedLog(list[Event]):
    """A match's event log that also keeps the board after each event that is told."""

    def __init__(self, match: Match, events: Iterable[Event] = (), *,
                 untold: Iterable[str] = (), settle: Mapping[str, Settle] | None = None
                 ) -> None:
        super().__init__(events)
        self._match = match
        self._untold = frozenset(untold)  # event kinds the screen never tells: no board
        self._settle = dict(settle or {})  # kinds logged before their change: make it
        self._boards: dict[int, Match] = {}
        self._from = len(self)  # events logged before the screen saw the match: no board

    def append(self, event: Event) -> None:
        at = len(self)
        if at >= self._from and event[0] not in self._untold:
            board = self._match.clone()
            settle = self._settle.get(event[0])
            if settle is not None:
                settle(board, event)
            self._boards[at] = board
        super().append(event)

    def board(self, at: int) -> Match | None:
        """The board right after event ``at``; None when it is not kept (released, untold,
        logged before the screen saw the match)."""
        return self._boards.get(at)

    def release(self, before: int) -> None:
        """Forget the boards of the events before ``before`` (told already)."""
        self._from = max(self._from, before)
        for at in [k for k in self._boards if k < before]:
            del self._boards[at]

    def release_all(self) -> None:
        self.release(len(self))

    @property
    def kept(self) -> int:
        """How many boards are kept (tests: they must not pile up)."""
        return len(self._boards)


def narrated_log(match: Match, untold: Iterable[str],
                 settle: Mapping[str, Settle] | None = None) -> NarratedLog:
    """The match's log as a :class:`NarratedLog`, installed on it (once)."""
    log = match.log
    if isinstance(log, NarratedLog) and log._match is match:
        return log
    story = NarratedLog(match, log, untold=untold, settle=settle)
    match.log = story
    return story


def damage_between(start: int, end: int, frame: int, frames: int) -> int:
    """The damage an HP bar shows ``frame`` frames into draining from ``start`` to ``end``
    over ``frames`` frames (in steps of 10, as damage counters go)."""
    if frames <= 0 or frame >= frames:
        return end
    shown = start + (end - start) * max(0, frame) // frames
    return shown - shown % 10 if end >= start else shown + (-shown) % 10
