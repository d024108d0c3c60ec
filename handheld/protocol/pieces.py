"""The protocol's commands for a Legend Pieces game (docs/PROTOCOL.md, "Legend Pieces").

The session keeps one match of either game; where the two games' replies differ (the
status's options, the log's lines, the outcome, a chance outcome's shape), the session
asks this module for a piece game and the card game's own code for a card match, so that
the card game's replies stay exactly what they were.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.errors import BadChanceOutcome
from ..kernel import COIN, Chance, Choice
from ..pieces import ARMIES, ERA, IllegalAction, PieceMatch, describe_event, event_notation
from ..pieces.data import DEFAULT_ARMIES
from ..pieces.match import JOINER
from .errors import ProtocolError
from .fields import shown, word_field

GAME = "pieces"


def new_request(req: dict[str, Any], eras: tuple[str, ...]) -> tuple[list[str], str]:
    """The armies and era of a ``new`` for a piece game (ProtocolError naming the field)."""
    if "decks" in req:
        raise ProtocolError("\"decks\" is for the card game; a Legend Pieces game takes "
                            f"\"armies\" (two of {', '.join(ARMIES)}) or nothing")
    era = word_field(req, "era", ERA, eras)
    armies = req.get("armies", list(DEFAULT_ARMIES))
    if not isinstance(armies, list) or len(armies) != 2 or not all(
            isinstance(a, str) and a in ARMIES for a in armies):
        raise ProtocolError(f"\"armies\" must be a list of two army keys (each one of "
                            f"{', '.join(ARMIES)}), not {shown(armies)}")
    return list(armies), era


def status(m: PieceMatch, rng: random.Random, auto_chance: bool) -> dict[str, Any]:
    """The status reply of a piece game: the card game's shape, with the piece game's own
    decision (``PieceMatch.describe_pending``) and each option's notation."""
    if auto_chance:
        while not m.over and isinstance(m.pending, Chance):
            m.resolve(m.pending.sample(rng))
    out: dict[str, Any] = {"turn": m.turn, "current": m.current, "over": m.over}
    if m.over:
        out["outcome"] = outcome(m)
    else:
        out["decision"] = decision = m.describe_pending()
        ch = m.choice
        if ch is not None:
            for option, text in zip(decision["options"], m.notations(ch), strict=True):
                option["notation"] = text
    return out


def answer_notations(m: PieceMatch, ch: Choice, actions: list[list[int]]) -> list[str]:
    names = m.notations(ch)
    return [JOINER.join(names[i] for i in a) for a in actions]


def option_index(m: PieceMatch, text: str) -> int:
    """One option's index from its notation (for "options": [...]); case and runs of
    spaces do not matter, as for a whole answer given to ``PieceMatch.apply``."""
    ch = m.choice
    if ch is None:
        return -1  # apply says what the game waits for instead
    names = m.notations(ch)
    word = " ".join(text.split()).lower()
    if word not in names:
        raise IllegalAction(f"{shown(text, 40)} is not an option now; options: "
                            f"{', '.join(names[:8])}")
    return names.index(word)


def check_outcome(m: PieceMatch, given: Any) -> None:
    """A chance outcome of the wrong shape gets the card game's error type: a coin is
    heads or tails; a Plus Power draw is the index of one face-down card."""
    d = m.pending
    if not isinstance(d, Chance) or m.over or d.is_outcome(given):
        return  # the game itself says what it waits for
    if d.kind == COIN:
        raise BadChanceOutcome(f"a coin's outcome is \"heads\" or \"tails\" (or true/false), "
                               f"not {shown(given)}")
    raise BadChanceOutcome(
        f"a Plus Power draw's outcome is the index of one of the {d.size} face-down cards, "
        f"0 to {d.size - 1} (the decision's \"values\": {m.face_down}), not {shown(given)}")


def log_reply(m: PieceMatch, since: int, viewer: int | None) -> dict[str, Any]:
    """The log from ``since``: nothing of a piece game is hidden, so ``player`` changes
    only ``events`` (null with a player, as for the card game)."""
    events = m.log[since:]
    return {"since": since, "next": len(m.log),
            "lines": [describe_event(m, e) for e in events],
            "notations": [event_notation(e) for e in events],
            "events": [list(e) for e in events] if viewer is None else None}


def outcome(m: PieceMatch) -> dict[str, Any]:
    return {"over": m.over, "winner": m.winner, "result": m.result, "turns": m.turn}
