"""The text forms of the piece game: each option's notation (what replays, saves, the link
and the protocol carry), a sentence for people per option and per event (docs/PIECES.md).

Notation: ``move b2 b3``, ``battle b3 c4`` (a piece takes on the piece on c4), ``battle c3``
(a Legend Piece, whose defenders are chosen next), ``summon lugia c3``, ``stay``, and a
defender by its square (``c4``); several picks are joined with `` + ``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..kernel import Chance, Choice
from .tags import (
    BATTLE,
    EV_BATTLE,
    EV_COST,
    EV_DRAW,
    EV_DRAWN_GAME,
    EV_EGG,
    EV_FIRST,
    EV_FLIP,
    EV_MOVE,
    EV_OUT,
    EV_RESHUFFLE,
    EV_SUMMON,
    EV_TURN,
    EV_WIN,
    MOVE,
    NO_MOVES,
    PIECE,
    QUIET,
    SUMMON,
    TOGEPI,
)

if TYPE_CHECKING:
    from .match import PieceMatch

SEATS = ("Gold", "Silver")
RESULTS = {TOGEPI: "Togepi was beaten for good",
           NO_MOVES: "the other side could neither move nor battle",
           QUIET: "sixty turns went by without a battle or a summon"}


def option_notation(m: PieceMatch, opt: tuple[Any, ...]) -> str:
    tag = opt[0]
    if tag == PIECE:
        return str(opt[1])
    return " ".join(str(x) for x in opt)


def describe_option(m: PieceMatch, opt: tuple[Any, ...]) -> str:
    """The option in words, e.g. "Pikachu b2 to b3" or "Battle: Pikachu on Meowth"."""
    tag = opt[0]
    if tag == MOVE:
        return f"{m.name(m.top(opt[1]))} {opt[1]} to {opt[2]}"
    if tag == BATTLE:
        pid = m.top(opt[1])
        if len(opt) == 2:
            return f"Battle with {m.name(pid)} ({opt[1]})"
        return f"{m.name(pid)} battles {m.name(m.top(opt[2]))} {opt[2]}"
    if tag == SUMMON:
        from .data import PIECES

        row = next(r for r in PIECES if r.slug == opt[1])
        return f"Summon {row.name} to {opt[2]} (cost {row.cost})"
    if tag == PIECE:
        return f"{m.name(m.top(opt[1]))} {opt[1]}"
    return "Stay"


def describe_pending(m: PieceMatch) -> dict[str, Any]:
    """The pending decision as the protocol's status shows it."""
    d = m.pending
    if isinstance(d, Chance):
        return {"type": "chance", "kind": d.kind, "player": d.player, "purpose": d.purpose,
                "outcomes": d.outcome_count(),
                "values": list(m.face_down) if d.kind == "draw" else [True, False]}
    if isinstance(d, Choice):
        return {"type": "choice", "kind": d.kind, "player": d.player, "prompt": d.prompt,
                "min": d.min, "max": d.max,
                "options": [{"index": i, "option": list(o), "text": describe_option(m, o)}
                            for i, o in enumerate(d.options)]}
    return {"type": "none"}


def describe_event(m: PieceMatch, ev: tuple[Any, ...]) -> str:
    """One log line for people."""
    tag = ev[0]
    if tag == EV_FIRST:
        return f"{SEATS[ev[1]]} moves first."
    if tag == EV_TURN:
        return f"Turn {ev[2]}: {SEATS[ev[1]]}."
    if tag == EV_MOVE:
        return f"{SEATS[ev[1]]}'s {m.rows[ev[2]].name} moves {ev[3]} to {ev[4]}."
    if tag == EV_SUMMON:
        return f"{SEATS[ev[1]]} summons {m.rows[ev[2]].name} to {ev[3]} with {ev[4]} pieces."
    if tag == EV_BATTLE:
        return f"{SEATS[ev[1]]}'s {m.rows[ev[2]].name} battles {', '.join(ev[3])}."
    if tag == EV_DRAW:
        return f"{SEATS[ev[1]]} draws Plus Power +{ev[2]}."
    if tag == EV_FLIP:
        return f"{SEATS[m.owner[ev[1]]]}'s {m.rows[ev[1]].name} loses and is turned over."
    if tag == EV_COST:
        return f"{SEATS[m.owner[ev[1]]]}'s {m.rows[ev[1]].name} goes to the Cost Area."
    if tag == EV_OUT:
        return f"{SEATS[m.owner[ev[1]]]}'s {m.rows[ev[1]].name} leaves the game."
    if tag == EV_EGG:
        return f"{SEATS[m.owner[ev[1]]]} loses an egg to the Cost Area ({ev[2]} left)."
    if tag == EV_RESHUFFLE:
        return "The +70 was drawn: every Plus Power card goes back face down."
    if tag == EV_WIN:
        return f"{SEATS[ev[1]]} wins: {RESULTS.get(ev[2], ev[2])}."
    if tag == EV_DRAWN_GAME:
        return f"A draw: {RESULTS.get(ev[1], ev[1])}."
    return " ".join(str(x) for x in ev)


def event_notation(ev: tuple[Any, ...]) -> str:
    """An event as words and numbers, e.g. ``draw 0 30`` (nothing here is hidden)."""
    return " ".join(str(x) if not isinstance(x, tuple) else "/".join(x) for x in ev)
