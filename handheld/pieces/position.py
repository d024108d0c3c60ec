"""A piece game as JSON data and back (docs/PIECES.md, "Positions").

A position lists the armies, then each piece in the armies' order with the side it shows
and where it is; the Cost Areas in order; the Plus Power cards face down and face up; whose
turn it is and what the game waits for. Everything read back is checked: a position from
outside is hostile until it has passed :func:`from_position`.
"""

from __future__ import annotations

from typing import Any

from ..kernel import COIN, DRAW, Chance, Choice
from .board import SQUARES
from .data import ARMIES, PLUS_POWER, QUIET_LIMIT, RESHUFFLE_AT
from .errors import InvalidPosition
from .match import COST, ERA, GAME_KEY, OUT, RESERVE, SPENT, PieceMatch

FORMAT = 1
PHASES = ("first", "turn", "after_move", "defenders", "draw", "over")
MAX_TURN = 1_000_000
_PLACES = frozenset((*SQUARES, COST, RESERVE, SPENT, OUT))
KEYS = ("game", "era", "format", "armies", "pieces", "cost", "face_down", "face_up",
        "current", "turn", "quiet", "acted", "phase", "actor", "defenders", "over", "winner",
        "result")


def to_position(m: PieceMatch) -> dict[str, Any]:
    return {
        "game": GAME_KEY, "era": ERA, "format": FORMAT, "armies": list(m.armies),
        "pieces": [{"at": m.place[p], "side": "reverse" if m.rev[p] else "front"}
                   for p in range(len(m.rows))],
        "cost": [list(m.cost[0]), list(m.cost[1])],
        "face_down": list(m.face_down), "face_up": list(m.face_up),
        "current": m.current, "turn": m.turn, "quiet": m.quiet, "acted": m.acted,
        "phase": m.phase, "actor": m.actor, "defenders": list(m.defenders),
        "over": m.over, "winner": m.winner, "result": m.result,
    }


def _fail(why: str) -> InvalidPosition:
    return InvalidPosition(f"not a piece-game position: {why}")


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    v = data.get(key)
    if type(v) is not int or not low <= v <= high:
        raise _fail(f"{key!r} must be a whole number from {low} to {high}")
    return v


def from_position(data: Any) -> PieceMatch:
    """The game ``data`` describes (InvalidPosition with the first fault otherwise)."""
    if not isinstance(data, dict):
        raise _fail("a position is a JSON object")
    if data.get("game") != GAME_KEY or data.get("era") != ERA:
        raise _fail(f"it is for game {data.get('game')!r:.20} in era {data.get('era')!r:.20}")
    missing = [key for key in KEYS if key not in data]
    if missing:  # (a missing 'winner' would otherwise pass for null)
        raise _fail(f"'{missing[0]}' is missing")
    if type(data.get("format")) is not int or data.get("format") != FORMAT:
        raise _fail(f"format {data.get('format')!r:.20} is not {FORMAT}")
    armies = data.get("armies")
    if not isinstance(armies, list) or len(armies) != 2 or \
            not all(isinstance(a, str) and a in ARMIES for a in armies):
        raise _fail(f"'armies' must name two of {', '.join(ARMIES)}")
    m = PieceMatch(armies, empty=True)
    n = len(m.rows)
    pieces = data.get("pieces")
    if not isinstance(pieces, list) or len(pieces) != n:
        raise _fail(f"'pieces' must list all {n} pieces")
    m.board = {}
    for pid, entry in enumerate(pieces):
        if not isinstance(entry, dict) or entry.get("at") not in _PLACES or \
                entry.get("side") not in ("front", "reverse"):
            raise _fail(f"piece {pid} needs 'at' (a square or cost/reserve/spent/out) and "
                        "'side' (front/reverse)")
        at, row = entry["at"], m.rows[pid]
        m.place[pid] = at
        m.rev[pid] = entry["side"] == "reverse"
        if at in m.board or at in _SQUARE_SET:
            m.board.setdefault(at, []).append(pid)
        if row.kind == "tamago" and m.rev[pid]:
            raise _fail(f"piece {pid}: a Tamago piece has no reverse side")
        if at in (RESERVE, OUT) and row.kind != "legend":
            raise _fail(f"piece {pid}: only a Legend Piece waits beside the board or leaves")
        if row.kind == "legend" and at in (COST, SPENT):
            raise _fail(f"piece {pid}: a Legend Piece never goes to a Cost Area")
        if row.kind == "legend" and at == RESERVE and m.rev[pid]:
            raise _fail(f"piece {pid}: a waiting Legend Piece shows its front")
        if row.kind == "togepi" and at not in _SQUARE_SET:
            raise _fail("a Togepi piece is always on the board")
    for sq, stack in m.board.items():
        if len(stack) > 1 and len({m.pile[p] for p in stack}) != 1:
            raise _fail(f"{sq} holds two pieces (only one Tamago pile's eggs stack)")
        if len(stack) > 1 and m.pile[stack[0]] < 0:
            raise _fail(f"{sq} holds two pieces")
    _check_piles(m)
    cost = data.get("cost")
    if not isinstance(cost, list) or len(cost) != 2 or not all(isinstance(c, list)
                                                               for c in cost):
        raise _fail("'cost' must be two lists of pieces")
    for seat in (0, 1):
        want = sorted(p for p in range(n) if m.owner[p] == seat and m.place[p] == COST)
        got = cost[seat]
        if not all(type(p) is int for p in got) or sorted(got) != want:
            raise _fail(f"Cost Area {seat} must list exactly its pieces at 'cost'")
        m.cost[seat] = list(got)
    down, up = data.get("face_down"), data.get("face_up")
    if not isinstance(down, list) or not isinstance(up, list) or \
            not all(type(v) is int for v in (*down, *up)) or \
            sorted(down + up) != sorted(PLUS_POWER) or down != sorted(down):
        raise _fail("the Plus Power cards must be all eight, face down (sorted) or face up")
    if RESHUFFLE_AT in up:
        # Drawing the +70 turns every card face down again within the same battle, so it
        # never lies face up between moves; one that did would also let the face-down
        # pile run out, leaving a draw with no card to draw.
        raise _fail(f"the +{RESHUFFLE_AT} Plus Power card is never face up between moves")
    m.face_down, m.face_up = list(down), list(up)
    m.current = _int(data, "current", 0, 1)
    m.turn = _int(data, "turn", 0, MAX_TURN)
    m.quiet = _int(data, "quiet", 0, QUIET_LIMIT)
    acted = data.get("acted")
    if type(acted) is not bool:
        raise _fail("'acted' must be true or false")
    m.acted = acted
    phase = data.get("phase")
    if phase not in PHASES:
        raise _fail(f"'phase' must be one of {', '.join(PHASES)}")
    m.phase = phase
    m.actor = _int(data, "actor", -1, n - 1)
    defenders = data.get("defenders")
    if not isinstance(defenders, list) or len(defenders) > 8 or \
            not all(type(p) is int and 0 <= p < n for p in defenders):
        raise _fail("'defenders' must list pieces")
    m.defenders = list(defenders)
    _read_end(m, data)
    _rebuild_pending(m)
    return m


def _check_piles(m: PieceMatch) -> None:
    """A pile's eggs on the board stand together, and they are its lowest: the top egg is
    always the one that leaves."""
    for first in {p for p in m.pile if p >= 0}:
        eggs = [p for p in range(len(m.rows)) if m.pile[p] == first]
        standing = [p for p in eggs if m.place[p] in _SQUARE_SET]
        if len({m.place[p] for p in standing}) > 1 or standing != eggs[:len(standing)]:
            raise _fail(f"the eggs of the Tamago pile of piece {first} must stand together, "
                        "the lowest of them")


def _read_end(m: PieceMatch, data: dict[str, Any]) -> None:
    over, winner, result = data.get("over"), data.get("winner"), data.get("result")
    if type(over) is not bool or not isinstance(result, str) or len(result) > 20 or \
            not (winner is None or (type(winner) is int and winner in (0, 1))):
        raise _fail("'over', 'winner' and 'result' must be a bool, a seat or null, a word")
    if over != (m.phase == "over") or (not over and (winner is not None or result)):
        raise _fail("'over' must agree with 'phase', and a game on has no winner yet")
    m.over, m.winner, m.result = over, winner, result


def _rebuild_pending(m: PieceMatch) -> None:
    """What the game waits for, worked out again from the phase (never read from data)."""
    phase = m.phase
    if phase == "over":
        m.pending = None
        return
    if m.quiet >= QUIET_LIMIT:  # the quiet turn that reached the limit ended the game
        raise _fail(f"a game still on has had fewer than {QUIET_LIMIT} quiet turns")
    if phase == "first":
        if m.turn != 0:
            raise _fail("the first player is chosen before turn 1")
        m.pending = Chance(COIN, 0, "first player")
        return
    if m.turn < 1:
        raise _fail("a turn phase needs a turn number from 1")
    # A battle is under way only while its card is drawn; only then are there defenders.
    if m.acted != (phase == "draw") or (phase != "draw" and m.defenders):
        raise _fail(f"'acted' and 'defenders' do not fit the phase {phase!r}")
    if phase == "turn":
        if m.actor != -1:
            raise _fail("no piece is acting when a turn starts")
        opts = m._turn_options()
        if not opts:
            raise _fail("the player to move has nothing to do, so the game is over")
        m.pending = Choice(m.current, "turn", "Move, battle or summon", tuple(opts))
        return
    actor = m.actor
    if actor < 0 or m.owner[actor] != m.current or m.place[actor] not in _SQUARE_SET or \
            m.rows[actor].kind == "tamago":
        raise _fail("'actor' must be a piece of the player to move on the board")
    targets = m.targets(actor)
    if phase == "after_move":
        after = m._battle_options(actor, m.place[actor])
        if not after:
            raise _fail("the piece that moved has nobody to battle")
        m.pending = Choice(m.current, "after_move", "Battle from here, or stay",
                           (*after, ("stay",)))
    elif phase == "defenders":
        if m.rows[actor].kind != "legend" or len(targets) < 2:
            raise _fail("only a Legend Piece next to two or more pieces picks defenders")
        m.pending = m._defenders_choice(actor, targets)
    else:  # draw
        if not m.defenders or not set(m.defenders) <= set(targets) or \
                len(set(m.defenders)) != len(m.defenders) or not m.face_down:
            raise _fail("a draw needs the attacker's defenders beside it and a card to draw")
        if len(m.defenders) > 1 and m.rows[actor].kind != "legend":
            raise _fail("only a Legend Piece takes on more than one piece")
        if not any(m.power(actor) <= m.power(d) for d in m.defenders
                   if m.rows[d].kind != "tamago"):
            raise _fail("an attacker stronger than every defender draws no card")
        m.pending = Chance(DRAW, m.current, "plus_power", len(m.face_down))


_SQUARE_SET = frozenset(SQUARES)
