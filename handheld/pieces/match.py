"""One game of Legend Pieces in progress: the rules of docs/PIECES.md on the kernel.

Every decision is a :class:`Choice` (kinds ``turn``, ``after_move``, ``defenders``); the first
player is a coin and every Plus Power draw a ``draw`` :class:`Chance` over the face-down cards
(drawing uniformly from an unordered face-down pile is exactly drawing the top card of a
freshly shuffled one, so the reshuffle after a +70 needs no chance of its own).

A piece is a number (its index in ``rows``); where it is lives in ``place``: a square such as
``"c3"``, or ``COST`` (its owner's Cost Area), ``RESERVE`` (a Legend Piece waiting beside the
board), ``SPENT`` (paid for a summon) or ``OUT`` (a Legend Piece put to the side of the mat).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..kernel import COIN, DRAW, Chance, Choice, digest
from .board import SQUARES, STEP, own_square
from .data import (
    ARMIES,
    BY_NAME,
    DEFAULT_ARMIES,
    PLUS_POWER,
    QUIET_LIMIT,
    RESHUFFLE_AT,
    PieceRow,
)
from .errors import GameOver, IllegalAction, NotAChoice
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
    STAY,
    SUMMON,
    TOGEPI,
)

COST, RESERVE, SPENT, OUT = "cost", "reserve", "spent", "out"
GAME_KEY = "pieces"
ERA = "classic"
JOINER = " + "



class PieceMatch:
    """A game in progress (a kernel State)."""

    def __init__(self, armies: Sequence[str] = DEFAULT_ARMIES, *, empty: bool = False) -> None:
        self.armies = (armies[0], armies[1])
        self.rows: list[PieceRow] = []
        self.owner: list[int] = []
        self.pile: list[int] = []  # a Tamago egg's pile (its first egg's number); -1 else
        self.place: list[str] = []
        self.rev: list[bool] = []
        self.board: dict[str, list[int]] = {}  # square -> pieces on it (eggs stack)
        self.cost: list[list[int]] = [[], []]  # each Cost Area, oldest first
        self.face_down: list[int] = list(PLUS_POWER)  # kept sorted: its order is unknown
        self.face_up: list[int] = []  # in the order drawn
        self.current = 0
        self.turn = 0
        self.quiet = 0  # turns in a row with no battle and no summon
        self.acted = False  # a battle or a summon this turn
        self.phase = "first"
        self.actor = -1  # the piece that moved (after_move), or attacks
        self.defenders: list[int] = []
        self.over = False
        self.winner: int | None = None
        self.result = ""
        self.log: list[tuple[Any, ...]] = []
        self.pending: Choice | Chance | None = None
        for seat, key in enumerate(self.armies):
            army = ARMIES[key]
            for name, square in army.layout:
                row = BY_NAME[name]
                sq = own_square(square, seat)
                for egg in range(max(1, row.eggs)):
                    pid = self._add(row, seat, sq)
                    self.pile[pid] = pid - egg if row.kind == "tamago" else -1
            for name in army.legends:
                self._add(BY_NAME[name], seat, RESERVE)
        self._arrows = [(_arrow_list(r, False), _arrow_list(r, True)) for r in self.rows]
        if not empty:
            self.pending = Chance(COIN, 0, "first player")

    def _add(self, row: PieceRow, seat: int, where: str) -> int:
        pid = len(self.rows)
        self.rows.append(row)
        self.owner.append(seat)
        self.pile.append(-1)
        self.place.append(where)
        self.rev.append(False)
        if where in SQUARE_SET:
            self.board.setdefault(where, []).append(pid)
        return pid

    # ------------------------------------------------------------------ reading

    @property
    def choice(self) -> Choice | None:
        d = self.pending
        return d if type(d) is Choice else None

    def power(self, pid: int) -> int:
        return self.rows[pid].power(self.rev[pid])

    def name(self, pid: int) -> str:
        return self.rows[pid].side_name(self.rev[pid])

    def top(self, square: str) -> int:
        """The piece on ``square`` (the top egg of a pile), or -1."""
        stack = self.board.get(square)
        return stack[-1] if stack else -1

    def eggs_left(self, pid: int) -> int:
        sq = self.place[pid]
        return len(self.board.get(sq, ()))

    def cost_area(self, seat: int) -> list[int]:
        return list(self.cost[seat])

    def pieces_of(self, seat: int, where: str) -> list[int]:
        return [p for p in range(len(self.rows)) if self.owner[p] == seat and
                (self.place[p] == where or (where == "board" and self.place[p] in self.board))]

    def togepi(self, seat: int) -> int:
        return next(p for p in range(len(self.rows))
                    if self.owner[p] == seat and self.rows[p].kind == "togepi")

    def targets(self, pid: int, square: str | None = None) -> list[int]:
        """The enemy pieces ``pid`` may battle from ``square`` (its own by default):
        adjacent, in a direction one of its arrows points (Q4, Q5)."""
        sq = square or self.place[pid]
        seat = self.owner[pid]
        steps = STEP[seat]
        out = []
        for direction, _mark in self._arrows[pid][self.rev[pid]]:
            nxt = steps[direction][sq]
            if nxt is not None:
                t = self.top(nxt)
                if t >= 0 and self.owner[t] != seat:
                    out.append(t)
        return out

    def moves(self, pid: int) -> list[str]:
        """The empty squares ``pid`` may move to."""
        sq = self.place[pid]
        steps = STEP[self.owner[pid]]
        board = self.board
        out = []
        for direction, mark in self._arrows[pid][self.rev[pid]]:
            way = steps[direction]
            nxt = way[sq]
            if nxt is None or nxt in board:
                continue
            out.append(nxt)
            if mark == 2:
                far = way[nxt]
                if far is not None and far not in board:
                    out.append(far)
        return out

    # ------------------------------------------------------------------ the turn

    def _turn_options(self) -> list[tuple[Any, ...]]:
        seat = self.current
        opts: list[tuple[Any, ...]] = []
        battles: list[tuple[Any, ...]] = []
        for sq in SQUARES:
            stack = self.board.get(sq)
            if not stack:
                continue
            pid = stack[-1]
            if self.owner[pid] != seat or self.rows[pid].kind == "tamago":
                continue  # a Tamago piece never moves nor starts a battle
            for to in self.moves(pid):
                opts.append((MOVE, sq, to))
            battles.extend(self._battle_options(pid, sq))
        opts.extend(battles)
        have = len(self.cost[seat])
        empty = [sq for sq in SQUARES if sq not in self.board]
        for pid in range(len(self.rows)):
            if self.owner[pid] == seat and self.place[pid] == RESERVE and \
                    self.rows[pid].cost <= have:
                opts.extend((SUMMON, self.rows[pid].slug, sq) for sq in empty)
        return opts

    def _battle_options(self, pid: int, square: str) -> list[tuple[Any, ...]]:
        targets = self.targets(pid, square)
        if not targets:
            return []
        if self.rows[pid].kind == "legend":
            return [(BATTLE, square)]
        return [(BATTLE, square, self.place[t]) for t in targets]

    def _start_turn(self) -> None:
        self.turn += 1
        self.acted = False
        self.phase = "turn"
        self.actor, self.defenders = -1, []
        self.log.append((EV_TURN, self.current, self.turn))
        opts = self._turn_options()
        if not opts:  # Q7: nobody may pass, and a player with nothing to do loses
            self._win(1 - self.current, NO_MOVES)
            return
        self.pending = Choice(self.current, "turn", "Move, battle or summon", tuple(opts))

    def _end_turn(self) -> None:
        self.quiet = 0 if self.acted else self.quiet + 1
        if self.quiet >= QUIET_LIMIT:
            self._finish(None, QUIET)
            return
        self.current = 1 - self.current
        self._start_turn()

    def _win(self, seat: int, result: str) -> None:
        self.log.append((EV_WIN, seat, result))
        self._finish(seat, result)

    def _finish(self, seat: int | None, result: str) -> None:
        if seat is None:
            self.log.append((EV_DRAWN_GAME, result))
        self.over, self.winner, self.result = True, seat, result
        self.pending = None
        self.phase = "over"

    # ------------------------------------------------------------------ answers

    def apply(self, answer: Any) -> None:
        """Answer the pending choice with an option index, a list of them, or notation."""
        if self.over:
            raise GameOver(f"the game is over ({self.result})")
        ch = self.pending
        if type(ch) is not Choice:
            raise NotAChoice("the game waits for a chance outcome, not a player's answer")
        picks = self._picks(ch, answer)
        if ch.kind == "defenders":
            self._battle(self.actor, [self.top(ch.options[i][1]) for i in picks])
            return
        opt = ch.options[picks[0]]
        tag = opt[0]
        if tag == MOVE:
            pid = self.top(opt[1])
            self._relocate(pid, opt[2])
            self.log.append((EV_MOVE, self.current, pid, opt[1], opt[2]))
            after = self._battle_options(pid, opt[2])
            if after:
                self.phase, self.actor = "after_move", pid
                self.pending = Choice(self.current, "after_move",
                                      "Battle from here, or stay", (*after, (STAY,)))
            else:
                self._end_turn()
        elif tag == BATTLE:
            pid = self.top(opt[1])
            targets = self.targets(pid) if len(opt) == 2 else [self.top(opt[2])]
            if len(targets) > 1:
                self.phase, self.actor = "defenders", pid
                self.pending = self._defenders_choice(pid, targets)
            else:
                self._battle(pid, targets)
        elif tag == SUMMON:
            self._summon(opt[1], opt[2])
        else:  # STAY
            self._end_turn()

    def _defenders_choice(self, pid: int, targets: list[int]) -> Choice:
        return Choice(self.current, "defenders", "Take on which pieces?",
                      tuple((PIECE, self.place[t]) for t in targets), 1, len(targets))

    def _picks(self, ch: Choice, answer: Any) -> list[int]:
        if isinstance(answer, str):
            return self._parse(ch, answer)
        if type(answer) is int:
            picks = [answer]
        elif isinstance(answer, (list, tuple)) and all(type(i) is int for i in answer):
            picks = list(answer)
        else:
            raise IllegalAction(f"an answer is an option index, a list of them or a "
                                f"notation, not {answer!r:.40}")
        n = len(ch.options)
        if len(set(picks)) != len(picks) or not all(0 <= i < n for i in picks):
            raise IllegalAction(f"options are distinct indices from 0 to {n - 1}")
        if not ch.min <= len(picks) <= ch.max:
            raise IllegalAction(f"pick between {ch.min} and {ch.max} options, not "
                                f"{len(picks)}")
        return sorted(picks)

    def _parse(self, ch: Choice, text: str) -> list[int]:
        if len(text) > 200:
            raise IllegalAction("that notation is too long for any answer of this game")
        names = self.notations(ch)
        words = [w.strip() for w in text.split(JOINER.strip())] if ch.max > 1 else [text]
        picks = []
        for w in words[:ch.max + 1]:
            w = " ".join(w.split()).lower()
            if w not in names:
                raise IllegalAction(f"{w!r:.40} is not an option now; options: "
                                    f"{', '.join(names[:8])}")
            picks.append(names.index(w))
        return self._picks(ch, picks)

    def resolve(self, outcome: Any) -> None:
        """Give the pending chance node its outcome."""
        if self.over:
            raise GameOver(f"the game is over ({self.result})")
        d = self.pending
        if type(d) is not Chance:
            raise NotAChoice("the game waits for a player's answer, not a chance outcome")
        if not d.is_outcome(outcome):
            raise IllegalAction(f"{outcome!r:.40} is not an outcome of this {d.kind}")
        if d.kind == COIN:
            self.current = 0 if outcome else 1
            self.log.append((EV_FIRST, self.current))
            self._start_turn()
            return
        value = self.face_down.pop(outcome)
        self.face_up.append(value)
        self.log.append((EV_DRAW, self.current, value))
        self._settle(self.actor, self.defenders, value)

    # ------------------------------------------------------------------ moves

    def _relocate(self, pid: int, to: str) -> None:
        old = self.place[pid]
        if old in self.board:
            stack = self.board[old]
            stack.remove(pid)
            if not stack:
                del self.board[old]
        self.place[pid] = to
        if to in SQUARE_SET:
            self.board.setdefault(to, []).append(pid)

    def _summon(self, slug: str, square: str) -> None:
        seat = self.current
        pid = next(p for p in range(len(self.rows)) if self.owner[p] == seat and
                   self.place[p] == RESERVE and self.rows[p].slug == slug)
        cost = self.rows[pid].cost
        paid, self.cost[seat] = self.cost[seat][:cost], self.cost[seat][cost:]
        for p in paid:
            self.place[p] = SPENT
        self._relocate(pid, square)
        self.log.append((EV_SUMMON, seat, pid, square, cost))
        self.acted = True
        self._end_turn()

    def _battle(self, pid: int, targets: list[int]) -> None:
        self.acted = True
        self.actor, self.defenders = pid, targets
        self.log.append((EV_BATTLE, self.current, pid, tuple(self.place[t] for t in targets)))
        mine = self.power(pid)
        # Q3: a card is drawn only when the attacker is not already the stronger one (a
        # Tamago piece loses straight away, so it asks for none).
        if any(mine <= self.power(t) for t in targets if self.rows[t].kind != "tamago"):
            self.phase = "draw"
            self.pending = Chance(DRAW, self.current, "plus_power", len(self.face_down))
        else:
            self._settle(pid, targets, None)

    def _settle(self, pid: int, targets: list[int], card: int | None) -> None:
        total = self.power(pid) + (card or 0)
        attacker_lost = False
        fallen: list[int] = []  # seats whose Togepi is beaten for good
        for t in targets:
            if self.rows[t].kind == "tamago" or total > self.power(t):
                self._lose(t, fallen)
            else:  # Q2: not stronger even with the card (a tie too): counterattacked
                attacker_lost = True
        if attacker_lost:
            self._lose(pid, fallen)
        if card == RESHUFFLE_AT:
            self.face_down = sorted(self.face_down + self.face_up)
            self.face_up = []
            self.log.append((EV_RESHUFFLE,))
        # Every result of one battle happens together; a fallen Togepi then ends the game
        # (only one side's can fall: a Togepi is either the attacker or a defender).
        if fallen:
            self._win(1 - fallen[0], TOGEPI)
        else:
            self._end_turn()

    def _lose(self, pid: int, fallen: list[int]) -> None:
        row = self.rows[pid]
        seat = self.owner[pid]
        if row.kind == "tamago":
            self._relocate(pid, COST)
            self.cost[seat].append(pid)
            self.log.append((EV_EGG, pid, self.eggs_at(pid)))
        elif not self.rev[pid]:
            self.rev[pid] = True
            self.log.append((EV_FLIP, pid))
        elif row.kind == "togepi":
            fallen.append(seat)
        elif row.kind == "legend":
            self._relocate(pid, OUT)
            self.log.append((EV_OUT, pid))
        else:
            self._relocate(pid, COST)
            self.cost[seat].append(pid)
            self.log.append((EV_COST, pid))

    def eggs_at(self, pid: int) -> int:
        """Eggs still on the board in ``pid``'s pile."""
        return sum(1 for p in range(len(self.rows))
                   if self.pile[p] == self.pile[pid] and self.place[p] in SQUARE_SET)

    # ------------------------------------------------------------------ kernel State

    def legal_actions(self) -> list[tuple[int, ...]]:
        ch = self.choice
        if ch is None:
            return []
        from itertools import combinations

        n = len(ch.options)
        out: list[tuple[int, ...]] = []
        for k in range(ch.min, ch.max + 1):
            out.extend(combinations(range(n), k))
        return out

    def clone(self) -> PieceMatch:
        c = PieceMatch.__new__(PieceMatch)
        c.__dict__.update(self.__dict__)
        c.place = self.place[:]
        c.rev = self.rev[:]
        c.board = {sq: stack[:] for sq, stack in self.board.items()}
        c.cost = [self.cost[0][:], self.cost[1][:]]
        c.face_down = self.face_down[:]
        c.face_up = self.face_up[:]
        c.defenders = self.defenders[:]
        c.log = self.log[:]
        return c

    def position(self) -> dict[str, Any]:
        from .position import to_position

        return to_position(self)

    def digest(self) -> str:
        return digest(self.position())

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything. Nothing of this game is hidden from either
        side; the face-down Plus Power cards are known by elimination, and their order does
        not exist until a draw (see the module docstring)."""
        view = self.position()
        view["viewer"] = player
        return view

    def notations(self, choice: Choice) -> list[str]:
        from .notation import option_notation

        return [option_notation(self, o) for o in choice.options]

    def answer_notation(self, choice: Choice, answer: Any) -> str:
        names = self.notations(choice)
        picks = self._picks(choice, answer)
        return JOINER.join(names[i] for i in picks)

    def describe_pending(self) -> dict[str, Any]:
        from .notation import describe_pending

        return describe_pending(self)

    def score(self, player: int) -> float:
        """A static worth of the position for ``player`` (the greedy player's yardstick)."""
        from .value import position_score

        return position_score(self, player)


SQUARE_SET = frozenset(SQUARES)


def _arrow_list(row: PieceRow, reverse: bool) -> list[tuple[str, int]]:
    return list(row.arrows(reverse).items())
