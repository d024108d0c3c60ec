"""The Legend Pieces board: the 5x6 Play Area, both sides' Cost Areas and Legend Pieces,
the Plus Power Area, and the turn of whoever holds the handheld.

:class:`PiecesScene` drives a :class:`~handheld.pieces.PieceMatch`. Each seat is
``"local"`` (someone at this handheld: the cursor and the menus), ``"cpu-easy"`` (the
random player), ``"cpu-normal"`` (the greedy player) or ``"remote"`` (a friend over the
link: :attr:`PiecesScene.remote` is an object with ``poll() -> str | None``, the friend's
next answer in notation, and ``send(notation)``).

Every answer, whoever gives it, goes through ``state.apply(notation)`` and is kept in
:attr:`PiecesScene.answers`; every chance node (the first player's coin, each Plus Power
draw) is resolved in order from ``random.Random(seed)``. So armies, seed and answers replay
the game exactly (``handheld.players.replay_state`` with a kernel ``Replay`` of game
"pieces"), which is what Suspend stores and Continue plays back.

The computer waits a moment before each decision, as in the card duel, and then decides
within the frame (a greedy decision takes a few milliseconds). A battle shows its drawn card
sliding into the Plus Power Area, then the result in a box ("Pikachu 40 +30 = 70 beats
Meowth (turned over)"); the end screen says who won and why.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...kernel import Chance, Choice, Replay
from ...pieces import ERA, GAME_KEY, PieceMatch, PiecesError, describe_event
from ...pieces.board import SQUARES, coords, screen_direction, square_at
from ...pieces.data import COLUMNS, ROWS
from ...pieces.notation import RESULTS, SEATS
from ...pieces.tags import (
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
    SUMMON,
    TOGEPI,
)
from ..palette import INK, MUTED, PAPER, SHADE, WHITE, Color
from ..piece_art import draw_card, draw_piece
from ..scene import Scene
from ..text import fit, wrap
from ..typewriter import typewriter_step
from ..widgets import window

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

SEAT_KINDS = ("local", "cpu-easy", "cpu-normal", "remote")
CPU_PLAYERS = {"cpu-easy": "random", "cpu-normal": "greedy"}
CPU_LEVELS = {"cpu-easy": "Easy", "cpu-normal": "Normal"}
CPU_PAUSE = 24  # frames the computer "thinks" before each decision, so it can be followed
DRAW_FRAMES = 20  # the drawn Plus Power card's slide and turn
SUSPEND_FORMAT = 1

# Layout of the 240x160 screen.
SQ = 24
BOARD_X, BOARD_Y = 60, 0
PANEL_W = 59
RIGHT_X = BOARD_X + SQ * len(COLUMNS) + 1  # 181
STRIP_Y = BOARD_Y + SQ * ROWS  # 144: the prompt and message line
CHIP = 12
DECK_XY = (RIGHT_X + 2, 34)
FACE_UP_XY = (RIGHT_X + 1, 58)  # the first face-up card; 4 to a row, 14 apart
SEAT_BAND: tuple[Color, Color] = ((226, 178, 54), (146, 166, 196))
LIGHT_SQ: Color = (238, 230, 206)
DARK_SQ: Color = (222, 210, 182)
MOVE_FILL: Color = (150, 214, 140)
SUMMON_FILL: Color = (150, 190, 236)
TARGET_RING: Color = (210, 40, 40)
CURSOR: Color = (40, 90, 220)
LAST_MOVE: Color = (236, 206, 120)

FATE = {EV_FLIP: "turned over", EV_COST: "to the Cost Area", EV_OUT: "out of the game",
        EV_EGG: "an egg to the Cost Area", TOGEPI: "beaten for good"}
FATE_SENTENCE = {EV_FLIP: "is turned over", EV_COST: "goes to the Cost Area",
                 EV_OUT: "leaves the game", TOGEPI: "is beaten for good"}


def square_xy(square: str) -> tuple[int, int]:
    """The top-left pixel of a square: Gold's home rows at the bottom of the screen."""
    col, row = coords(square)
    return BOARD_X + col * SQ, BOARD_Y + (ROWS - row) * SQ


def screen_arrows(m: PieceMatch, pid: int) -> dict[str, int]:
    """A piece's arrows on the side it shows, turned to the screen (Silver's point down)."""
    seat = m.owner[pid]
    return {screen_direction(d, seat): mark for d, mark in m.rows[pid].arrows(m.rev[pid]).items()}


@dataclass
class BattleNote:
    """A battle under way, as the message will tell it: names and powers from before it."""

    attacker: int
    seat: int
    name: str
    power: int
    defenders: list[tuple[int, str, int]]  # (piece, name, power) as they were
    card: int | None = None
    fates: dict[int, str] = field(default_factory=dict)  # piece -> what losing did to it

    def sentence(self) -> str:
        atk = f"{SEATS[self.seat]}'s {self.name} {self.power}"
        if self.card is not None:
            atk += f" +{self.card} = {self.power + self.card}"
        beaten = [f"{name} ({FATE[self.fates[pid]]})" for pid, name, _ in self.defenders
                  if pid in self.fates]
        held = [f"{name} {power}" for pid, name, power in self.defenders
                if pid not in self.fates]
        text = atk
        if beaten:
            text += " beats " + ", ".join(beaten)
        if held:
            text += (" but" if beaten else "") + " loses to " + ", ".join(held)
            fate = self.fates.get(self.attacker)
            if fate is not None:
                text += f": {self.name} {FATE_SENTENCE.get(fate, FATE[fate])}"
        return text + "."


@dataclass
class Message:
    text: str
    kind: str = "info"  # "info" (the bottom line), "battle" or "end" (a box over the board)
    sound: str | None = None

    @property
    def big(self) -> bool:
        return self.kind != "info"


class PiecesScene(Scene):
    """One game of Legend Pieces on the handheld (see the module docstring).

    ``state`` is usually a new game (``PiecesScene.new`` makes one); ``answers`` (notation)
    are then played back on it silently, with the chances between them from ``seed``: that
    is how Continue rebuilds a suspended game. A game already under way may be shown too
    (a test's position), but its replay then starts from that position, not a new game.
    ``names`` default to the profile's name against "CPU", "Player 2" or "Friend".
    """

    def __init__(self, app: Handheld, state: PieceMatch, *, seats: tuple[str, str], seed: int,
                 answers: list[str] | None = None,
                 names: tuple[str, str] | None = None) -> None:
        super().__init__(app)
        if len(seats) != 2 or any(s not in SEAT_KINDS for s in seats):
            raise ValueError(f"each seat is one of {', '.join(SEAT_KINDS)}, not {seats!r}")
        self.state = state
        self.seats = (seats[0], seats[1])
        self.seed = seed
        self.armies = state.armies
        self.rng = random.Random(seed)
        self.answers: list[str] = []
        self.names = names or self.default_names(app, self.seats)
        self.remote: Any = None  # the link's object: poll() -> str | None, send(notation)
        self.messages: deque[Message] = deque()
        self.current: Message | None = None
        self.shown = 0.0
        self.hold = 0
        self.pause = CPU_PAUSE
        self.battle: BattleNote | None = None
        self.drawing: tuple[int, int] | None = None  # (outcome, frames shown) of a draw
        self.coin_shown = False  # the first player's coin has had its animation
        self.finished = False
        self.forfeited: int | None = None  # the seat that forfeited
        self.from_save = False  # resumed by Continue: the profile's suspended piece game
        self.handed_to: int | None = None  # hot seat: who holds the handheld now
        self.last_move: tuple[str, str] | None = None
        # The local player's turn on the board: "pick" a piece, then a "target" square
        # for it, or a "summon" square for a Legend chosen in the summon menu.
        self.mode = "pick"
        self.picked: str | None = None
        self.summoning: str | None = None
        self.cursor = {0: "c2", 1: "c5"}
        self.played_back_digest = state.digest()
        self.hint = ""  # a one-off line for the player ("That piece cannot move now.")
        self.hint_frames = 0
        # A game shown from a position under way has no replay from a new game to keep.
        self.replayable = state.turn == 0 and not state.log
        if answers:
            if not self.replayable:
                raise ValueError("recorded answers are played back from a new game")
            self.play_back(answers)
        self.log_pos = len(state.log)  # what happened before the screen opened was seen

    # ---------------------------------------------------------------- making one

    @staticmethod
    def default_names(app: Handheld, seats: tuple[str, str]) -> tuple[str, str]:
        try:
            me = app.saves.profile(app.profile).name
        except Exception:  # a damaged profile row: the game still has names to show
            me = "You"
        if seats[0] == "local" and seats[1] in CPU_LEVELS:
            return me, "CPU"
        if seats[0] == "local" and seats[1] == "local":
            return me, "Player 2"
        if "remote" in seats:
            return (me, "Friend") if seats[0] == "local" else ("Friend", me)
        return SEATS[0], SEATS[1]

    @classmethod
    def new(cls, app: Handheld, seats: tuple[str, str], *, seed: int | None = None,
            armies: tuple[str, str] = ("gold", "silver"),
            names: tuple[str, str] | None = None) -> PiecesScene:
        from ...games import game

        state = game(GAME_KEY).new_state(list(armies), ERA)
        assert isinstance(state, PieceMatch)
        return cls(app, state, seats=seats, seed=app.new_seed() if seed is None else seed,
                   names=names)

    def play_back(self, answers: list[str]) -> None:
        """Play recorded answers (with the chances between them from the seed's generator)
        silently, up to the first decision after the last one."""
        for answer in answers:
            self._settle_chances()
            ch = self.state.pending
            if type(ch) is not Choice:
                raise PiecesError("the record goes on after the game is over")
            self._apply(ch, answer)
        # Where the last answer left the game (a suspended game was saved there, perhaps
        # with a Plus Power card about to be drawn): what Continue compares.
        self.played_back_digest = self.state.digest()
        self._settle_chances()
        self.battle = None
        self.coin_shown = True

    def _settle_chances(self) -> None:
        while type(self.state.pending) is Chance:
            self.state.resolve(self.state.pending.sample(self.rng))

    def replay(self) -> Replay:
        """The game so far as a kernel replay: armies, seed and the answers in notation."""
        return Replay(GAME_KEY, ERA, list(self.armies), self.seed, list(self.answers))

    # ---------------------------------------------------------------- answering

    @property
    def choice(self) -> Choice | None:
        d = self.state.pending
        return d if type(d) is Choice else None

    def _apply(self, ch: Choice, answer: Any) -> str:
        """Answer ``ch`` (an index, a list of them, or notation); returns the notation."""
        notation = answer if isinstance(answer, str) else self.state.answer_notation(ch, answer)
        before = self.state.clone()
        self.state.apply(notation)
        self.answers.append(notation)
        self._note_battle(before)
        return notation

    def play(self, answer: Any) -> str:
        """Answer the pending choice (index, list of indices or notation) as whoever holds
        it; over the link, a local answer is sent to the friend. Returns the notation."""
        ch = self.choice
        if ch is None:
            raise PiecesError("the game waits for no answer now")
        notation = self._apply(ch, answer)
        self.pause = self._cpu_pause()
        self.mode, self.picked, self.summoning = "pick", None, None
        if self.remote is not None and self.seats[ch.player] == "local":
            self.remote.send(notation)
        return notation

    def resolve(self, outcome: Any) -> None:
        before = self.state.clone()
        d = self.state.pending
        self.state.resolve(outcome)
        if type(d) is Chance and d.kind == "coin":
            self.app.coins.record_match(bool(outcome))
        self._note_battle(before)

    def _note_battle(self, before: PieceMatch) -> None:
        """Start the note of a battle that this step began (from the pieces as they were)."""
        log = self.state.log
        for ev in log[len(before.log):]:
            if ev[0] == EV_BATTLE:
                pid = ev[2]
                defenders = [(before.top(sq), before.name(before.top(sq)),
                              before.power(before.top(sq))) for sq in ev[3]]
                self.battle = BattleNote(pid, before.owner[pid], before.name(pid),
                                         before.power(pid), defenders)

    # ---------------------------------------------------------------- per frame

    def update(self, inp: FrameInput) -> None:
        if self.hint_frames:
            self.hint_frames -= 1
        self._collect_events()
        if self.drawing is not None:
            self._animate_draw(inp)
            return
        if inp.pressed(Button.START) and not self.state.over and self.forfeited is None:
            # The menu, whoever is to play and whatever is being told (e-Tools, Suspend...).
            inp.consume(Button.START)
            self.open_match_menu()
            return
        if self._messages(inp):
            return
        if self.state.over or self.forfeited is not None:
            self._finish()
            return
        d = self.state.pending
        if type(d) is Chance:
            self._chance(d)
            return
        ch = self.choice
        if ch is None:
            return
        kind = self.seats[ch.player]
        if kind in CPU_PLAYERS:
            if self.pause > 0:
                self.pause -= 1
                return
            self.play(self.cpu_answer(ch))
        elif kind == "remote":
            self._remote()
        else:
            self._local(inp, ch)

    def cpu_answer(self, ch: Choice) -> int | list[int]:
        """The computer's answer: its player is seeded by the game's seed and the number of
        answers so far, so a game resumed by Continue plays on as it would have."""
        from ...players import make_player

        player = make_player(CPU_PLAYERS[self.seats[ch.player]],
                             (self.seed * 1_000_003 + len(self.answers)) % 2**32)
        return player.choose(self.state, ch)  # type: ignore[arg-type]

    def _cpu_pause(self) -> int:
        return 4 if self.app.settings.text_speed == "instant" else CPU_PAUSE

    def _remote(self) -> None:
        if self.remote is None:
            return
        notation = self.remote.poll()
        if notation is None:
            return
        try:
            self.play(notation)
        except PiecesError as exc:
            self.on_remote_error(f"Your friend's move {notation!r:.40} cannot be played "
                                 f"here ({exc}).")

    def on_remote_error(self, message: str) -> None:
        """The friend's answer does not fit this game: say so and leave the board (the link
        may replace this)."""
        self.app.notices.append(message)
        self.finished = True
        self.close()

    def _chance(self, d: Chance) -> None:
        outcome = d.sample(self.rng)
        if d.kind == "coin":
            if self.app.settings.animations and not self.coin_shown:
                from .pieces_menus import PiecesCoinScene

                self.coin_shown = True
                self.push(PiecesCoinScene(self.app, self, bool(outcome)))
                return
            self.resolve(outcome)
            return
        if self.app.settings.animations:
            self.drawing = (outcome, 0)
            self.app.play("cursor")
        else:
            self.resolve(outcome)

    def _animate_draw(self, inp: FrameInput) -> None:
        assert self.drawing is not None
        outcome, frames = self.drawing
        skip = inp.pressed(Button.A) or inp.pressed(Button.B)
        inp.consume(Button.A, Button.B)
        if frames + 1 >= DRAW_FRAMES or skip:
            self.drawing = None
            self.resolve(outcome)
        else:
            self.drawing = (outcome, frames + 1)

    def _collect_events(self) -> None:
        log = self.state.log
        while self.log_pos < len(log):
            ev = log[self.log_pos]
            self.log_pos += 1
            self._event(ev)
        note = self.battle
        if note is not None and note.fates and self.state.phase != "draw":
            self._flush_battle()

    def _event(self, ev: tuple[Any, ...]) -> None:
        tag = ev[0]
        m = self.state
        note = self.battle
        if tag == EV_TURN:
            self._flush_battle()
            self.app.timer.on_match_event("turn", game="pieces")
            return
        if tag == EV_DRAW and note is not None:
            note.card = ev[2]
            return
        if tag in (EV_FLIP, EV_COST, EV_OUT, EV_EGG) and note is not None:
            note.fates[ev[1]] = tag
            return
        if tag == EV_WIN and ev[2] == TOGEPI and note is not None:
            note.fates[m.togepi(1 - ev[1])] = TOGEPI
        if tag == EV_BATTLE:
            return
        self._flush_battle()
        if tag == EV_MOVE:
            self.last_move = (ev[3], ev[4])
            if self.seats[ev[1]] == "local":
                return  # a move made here a moment ago: the board shows it
        if tag == EV_SUMMON:
            self.last_move = None
        if tag in (EV_WIN, EV_DRAWN_GAME):
            self.messages.append(Message(describe_event(m, ev), "end", "confirm"))
            return
        sound = "turn" if tag == EV_FIRST else "coin" if tag == EV_RESHUFFLE else None
        if tag in (EV_FIRST, EV_MOVE, EV_SUMMON, EV_RESHUFFLE):
            self.messages.append(Message(describe_event(m, ev), "info", sound))

    def _flush_battle(self) -> None:
        note, self.battle = self.battle, None
        if note is not None and note.fates:
            lost = self.state.owner[note.attacker] if note.attacker in note.fates else None
            self.messages.append(Message(note.sentence(), "battle",
                                         "knockout" if lost is not None else "confirm"))

    def _messages(self, inp: FrameInput) -> bool:
        """Show queued messages one at a time; True while one is up."""
        speed = self.app.settings.letters_per_frame
        if self.current is None and self.messages:
            self.current = self.messages.popleft()
            self.shown = 0.0
            self.hold = (90 if self.current.big else 40) if speed > 0 else 30
            if self.current.sound:
                self.app.play(self.current.sound)
        if self.current is None:
            return False
        self.shown, self.hold, done = typewriter_step(self.shown, self.hold, len(self.current.text),
                                                      speed, inp)
        if done:
            self.current = None
        return True

    # ---------------------------------------------------------------- the local player

    def _local(self, inp: FrameInput, ch: Choice) -> None:
        if self.seats == ("local", "local") and self.handed_to != ch.player:
            from .pieces_menus import PiecesPassScene

            self.handed_to = ch.player
            self.push(PiecesPassScene(self.app, self.names[ch.player], SEATS[ch.player]))
            return
        if ch.kind == "after_move":
            from .pieces_menus import AfterMoveScene

            self.push(AfterMoveScene(self.app, self, ch))
            return
        if ch.kind == "defenders":
            from .pieces_menus import DefendersScene

            self.push(DefendersScene(self.app, self, ch))
            return
        if inp.pressed(Button.SELECT):
            inp.consume(Button.SELECT)
            self.open_summon_menu()
            return
        seat = ch.player
        dx, dy = inp.nav()
        if dx or dy:
            inp.consume(Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)
            col, row = coords(self.cursor[seat])
            moved = square_at(max(0, min(len(COLUMNS) - 1, col + dx)),
                              max(1, min(ROWS, row - dy)))
            if moved is not None and moved != self.cursor[seat]:
                self.cursor[seat] = moved
                self.app.play("cursor")
        if inp.pressed(Button.B):
            inp.consume(Button.B)
            if self.mode != "pick":
                self.app.play("back")
                self.mode, self.picked, self.summoning = "pick", None, None
        elif inp.pressed(Button.A):
            inp.consume(Button.A)
            self.press_a(self.cursor[seat])

    def press_a(self, square: str) -> None:
        """A on ``square`` of the board, in the turn's current step."""
        options = self.turn_options()
        if self.mode == "pick":
            if square in options["moves"] or square in options["battles"]:
                self.mode, self.picked = "target", square
                self.app.play("confirm")
            else:
                self.say("Pick one of your pieces that can move or battle." if
                         self.state.top(square) < 0 or
                         self.state.owner[self.state.top(square)] != self.state.current
                         else "That piece cannot move or battle now.")
        elif self.mode == "target" and self.picked is not None:
            if square == self.picked:
                self.mode, self.picked = "pick", None
                self.app.play("back")
                return
            index = options["moves"].get(self.picked, {}).get(square)
            if index is None:
                index = options["battles"].get(self.picked, {}).get(square)
            if index is None:
                self.say("Choose a green square to move to, or a ringed piece to battle.")
                return
            self.app.play("confirm")
            self.play(index)
        elif self.mode == "summon" and self.summoning is not None:
            index = options["summons"].get(self.summoning, {}).get(square)
            if index is None:
                self.say("Summon onto an empty (blue) square.")
                return
            self.app.play("confirm")
            self.play(index)

    def say(self, text: str) -> None:
        self.hint, self.hint_frames = text, 150
        self.app.play("error")

    def turn_options(self) -> dict[str, dict[str, dict[str, int]]]:
        """The pending ``turn`` choice's options by square: ``moves[from][to]``,
        ``battles[from][target]`` (a Legend's one option under each of its targets) and
        ``summons[legend][square]``, each the option's index."""
        out: dict[str, dict[str, dict[str, int]]] = {"moves": {}, "battles": {}, "summons": {}}
        ch = self.choice
        if ch is None or ch.kind != "turn":
            return out
        m = self.state
        for i, opt in enumerate(ch.options):
            if opt[0] == MOVE:
                out["moves"].setdefault(opt[1], {})[opt[2]] = i
            elif opt[0] == BATTLE:
                targets = [opt[2]] if len(opt) == 3 else \
                    [m.place[t] for t in m.targets(m.top(opt[1]))]
                for sq in targets:
                    out["battles"].setdefault(opt[1], {})[sq] = i
            elif opt[0] == SUMMON:
                out["summons"].setdefault(opt[1], {})[opt[2]] = i
        return out

    def local_turn(self) -> bool:
        """Is a person at this handheld to answer a ``turn`` choice now (nothing showing)?"""
        ch = self.choice
        return ch is not None and ch.kind == "turn" and self.seats[ch.player] == "local" \
            and self.current is None and not self.messages and self.drawing is None \
            and self.log_pos == len(self.state.log) \
            and (self.seats != ("local", "local") or self.handed_to == ch.player)

    def open_summon_menu(self) -> None:
        ch = self.choice
        if ch is None or ch.kind != "turn" or self.seats[ch.player] != "local":
            self.say("Summon on your own turn.")
            return
        from .pieces_menus import SummonScene

        self.app.play("confirm")
        self.push(SummonScene(self.app, self))

    def start_summon(self, slug: str) -> None:
        """The summon menu chose a Legend: now its square."""
        self.mode, self.summoning, self.picked = "summon", slug, None
        seat = self.state.current
        squares = list(self.turn_options()["summons"].get(slug, {}))
        if squares and self.cursor[seat] not in squares:
            self.cursor[seat] = squares[0]

    def open_match_menu(self) -> None:
        from .pieces_menus import PiecesMatchMenu

        self.app.play("confirm")
        self.push(PiecesMatchMenu(self.app, self))

    def on_menu_combo(self, inp: FrameInput) -> bool:
        if self.finished or self.state.over:
            return False
        inp.consume_all()
        self.open_match_menu()
        return True

    # ---------------------------------------------------------------- leaving

    @property
    def linked(self) -> bool:
        return "remote" in self.seats

    def holder(self) -> int:
        """The seat of the person holding the handheld (who forfeits from the menu)."""
        ch = self.choice
        if self.seats == ("local", "local"):
            return ch.player if ch is not None else self.state.current
        return self.seats.index("local") if "local" in self.seats else 0

    def forfeit(self) -> None:
        if self.state.over or self.forfeited is not None:
            return
        self.forfeited = self.holder()
        if self.remote is not None and hasattr(self.remote, "forfeit"):
            self.remote.forfeit()
        self.app.scenes.pop_to(self)

    def suspend(self) -> bool:
        """Put the game aside in the saves (Continue on the e-Games menu resumes it);
        whether it was saved. A game over the link, or one that has ended, is not."""
        if self.linked or self.state.over or self.forfeited is not None or self.finished \
                or not self.replayable:
            return False
        from .pieces_saving import save_suspended_pieces

        save_suspended_pieces(self.app, self)
        return True

    def leave(self) -> None:
        """Suspend and go back to the menu the game was started from."""
        saved = self.suspend()
        self.finished = True
        self.app.notices.append("The game is put aside: Continue on the e-Games menu takes "
                                "it up again." if saved else "This game cannot be put aside.")
        self.app.scenes.pop_to(self)
        self.close()

    def on_shutdown(self, reason: str) -> None:
        self.suspend()

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        from .pieces_menus import PiecesResultScene
        from .pieces_saving import record_finished

        record_finished(self.app, self)
        self.app.scenes.replace(PiecesResultScene(self.app, self))

    def outcome(self) -> tuple[int | None, str]:
        """(winning seat or None, why in words) of a game that has ended."""
        if self.forfeited is not None:
            return 1 - self.forfeited, f"{self.names[self.forfeited]} forfeited"
        m = self.state
        return m.winner, RESULTS.get(m.result, m.result)

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        if self.seats == ("local", "local") and self.handed_to is None and not \
                self.state.over and self.choice is not None:
            surface.fill(INK)
            return
        self.draw_board(surface)
        self.draw_panels(surface)
        self.draw_strip(surface)
        if self.drawing is not None:
            self.draw_drawn_card(surface)
        if self.current is not None and self.current.big:
            self.draw_big_message(surface)

    def highlights(self) -> tuple[set[str], set[str], set[str], str | None]:
        """(move squares, battle targets, summon squares, the selected piece's square) for
        the local player's current step."""
        if not self.local_turn():
            return set(), set(), set(), None
        options = self.turn_options()
        if self.mode == "target" and self.picked is not None:
            return (set(options["moves"].get(self.picked, {})),
                    set(options["battles"].get(self.picked, {})), set(), self.picked)
        if self.mode == "summon" and self.summoning is not None:
            return set(), set(), set(options["summons"].get(self.summoning, {})), None
        return set(), set(), set(), None

    def cursor_square(self) -> str | None:
        ch = self.choice
        if not self.local_turn() or ch is None:
            return None
        return self.cursor[ch.player]

    def draw_board(self, surface: pygame.Surface, *, marked: set[str] | None = None,
                   targets: set[str] | None = None, cursor: str | None = None) -> None:
        """The Play Area. Overlays (after a move, a Legend's defenders) pass their own
        ringed ``targets``, ``marked`` squares and ``cursor``."""
        m = self.state
        moves, battles, summons, picked = self.highlights()
        if targets is not None:
            battles = targets
        if cursor is None:
            cursor = self.cursor_square()
        blink = (self.frames // 16) % 2 == 0
        for sq in SQUARES:
            x, y = square_xy(sq)
            col, row = coords(sq)
            fill = LIGHT_SQ if (col + row) % 2 else DARK_SQ
            if self.last_move and sq in self.last_move:
                fill = LAST_MOVE
            if sq in moves:
                fill = MOVE_FILL
            elif sq in summons:
                fill = SUMMON_FILL
            surface.fill(fill, (x, y, SQ, SQ))
            pid = m.top(sq)
            if pid >= 0:
                row_data = m.rows[pid]
                if row_data.kind == "tamago":
                    draw_piece(surface, x, y, name=row_data.name, power=None, arrows={},
                               reversed=False, seat=m.owner[pid], selected=sq == picked,
                               eggs=m.eggs_left(pid))
                else:
                    draw_piece(surface, x, y, name=m.name(pid), power=m.power(pid),
                               arrows=screen_arrows(m, pid), reversed=m.rev[pid],
                               seat=m.owner[pid], selected=sq == picked)
            if sq in battles:
                _ring(surface, x, y, TARGET_RING if blink else WHITE, 2)
            if marked and sq in marked:
                _ring(surface, x + 2, y + 2, (40, 160, 60), 2, SQ - 4)
            if sq == cursor:
                _ring(surface, x, y, CURSOR if blink else WHITE, 1)
                _ring(surface, x + 1, y + 1, CURSOR, 1, SQ - 2)

    def draw_panels(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER, (0, 0, BOARD_X, STRIP_Y))
        surface.fill(PAPER, (RIGHT_X - 1, 0, 240 - RIGHT_X + 1, STRIP_Y))
        surface.fill(INK, (BOARD_X - 1, 0, 1, STRIP_Y))
        surface.fill(INK, (RIGHT_X - 1, 0, 1, STRIP_Y))
        self.draw_side(surface, 1, 0)
        surface.fill(SHADE, (0, 71, BOARD_X - 1, 1))
        self.draw_side(surface, 0, 73)
        self.draw_plus_power(surface)

    def draw_side(self, surface: pygame.Surface, seat: int, y: int) -> None:
        """One side: its name (banded while it is to move), its Cost Area and its Legends."""
        t = self.app.text
        m = self.state
        to_move = not m.over and m.current == seat and m.turn > 0
        if to_move:
            surface.fill(SEAT_BAND[seat], (0, y, BOARD_X - 1, 10))
        label = fit(t.font, f"{SEATS[seat]}: {self.names[seat]}", BOARD_X - 4)
        t.draw(surface, label, 2, y + 2, INK)
        cost = m.cost_area(seat)
        t.draw(surface, f"Cost Area {len(cost)}", 2, y + 12, INK)
        chips_y = y + 21
        if len(cost) <= 4:  # side by side, as on the table
            for i, pid in enumerate(cost):
                _chip(surface, t, 2 + i * (CHIP + 2), chips_y, m.rows[pid].name, seat)
        else:  # five or more: stacked, with their number
            for i in range(3):
                _chip(surface, t, 2 + i * 2, chips_y - i * 2 + 4, m.rows[cost[-3 + i]].name,
                      seat)
            t.draw(surface, f"x{len(cost)}", 22, chips_y + 4, INK)
        have = len(cost)
        legends = [p for p in range(len(m.rows)) if m.owner[p] == seat and
                   m.rows[p].kind == "legend"]
        for i, pid in enumerate(legends):
            row = m.rows[pid]
            where = m.place[pid]
            if where == "reserve":
                text, color = f"{row.name} {row.cost}", INK if have >= row.cost else MUTED
            elif where == "out":
                text, color = f"{row.name} out", MUTED
            else:
                text, color = f"{row.name} {where}", INK
            ly = y + 38 + i * 10
            surface.fill(SEAT_BAND[seat] if where == "reserve" else SHADE, (2, ly, 3, 7))
            t.draw(surface, fit(t.font, text, BOARD_X - 10), 7, ly, color)
        eggs = sum(1 for p in range(len(m.rows)) if m.owner[p] == seat and
                   m.rows[p].kind == "tamago" and m.place[p] in m.board)
        t.draw(surface, f"Eggs {eggs}", 2, y + 60, MUTED)

    def draw_plus_power(self, surface: pygame.Surface) -> None:
        t = self.app.text
        m = self.state
        x = RIGHT_X + 1
        t.draw(surface, f"Turn {m.turn}", x, 2, INK)
        timer = self.app.timer.timer
        if timer.state != "ready":
            text = "TIME" if timer.time_called else timer.display()
            t.draw(surface, text, x, 11, (150, 40, 40) if timer.time_called else MUTED)
        t.draw(surface, "Plus Power", x, 23, INK)
        down = len(m.face_down) - (1 if self.drawing is not None else 0)
        if down > 0:
            draw_card(surface, DECK_XY[0], DECK_XY[1], 0, False)
        t.draw(surface, f"x{max(0, down)} left", DECK_XY[0] + 17, DECK_XY[1] + 7, INK)
        for i, value in enumerate(m.face_up):
            cx, cy = _face_up_xy(i)
            draw_card(surface, cx, cy, value, True)
        self.draw_piece_info(surface, x, 104)

    def draw_piece_info(self, surface: pygame.Surface, x: int, y: int) -> None:
        """What the piece under the cursor is: its name, its two powers, the side shown."""
        sq = self.cursor_square()
        if sq is None:
            return
        m = self.state
        pid = m.top(sq)
        t = self.app.text
        t.draw(surface, sq, x, y, MUTED)
        if pid < 0:
            return
        row = m.rows[pid]
        t.draw(surface, fit(t.font, m.name(pid), 56), x, y + 9, INK)
        if row.kind == "tamago":
            t.draw(surface, f"eggs {m.eggs_left(pid)}", x, y + 18, INK)
            return
        t.draw(surface, f"{row.front} / {row.reverse}", x, y + 18, INK)
        t.draw(surface, "reverse" if m.rev[pid] else "front", x, y + 27, MUTED)

    def draw_strip(self, surface: pygame.Surface) -> None:
        y = STRIP_Y
        surface.fill(WHITE, (0, y, 240, 160 - y))
        surface.fill(INK, (0, y, 240, 1))
        t = self.app.text
        # Two lines 7 pixels apart in the small font; the large one has room for one.
        two = y + 2 + 7 + t.font.glyph_height <= 160
        if self.current is not None and not self.current.big:
            text = self.current.text[:int(self.shown)]
            lines = wrap(t.font, text, 234)
            # One line: the one being typed (the message scrolls as it types).
            for i, line in enumerate(lines[:2] if two else lines[-1:]):
                t.draw(surface, line, 3, y + 2 + i * 7, INK)
            return
        second = self.hint if self.hint_frames else self.keys_hint()
        if two:
            t.draw(surface, fit(t.font, self.prompt(), 234), 3, y + 2, INK)
            t.draw(surface, fit(t.font, second, 234), 3, y + 9, MUTED)
        elif second and (self.hint_frames or (self.frames // 120) % 2):
            t.draw(surface, fit(t.font, second, 234), 3, y + 2, MUTED)  # in turn with...
        else:
            t.draw(surface, fit(t.font, self.prompt(), 234), 3, y + 2, INK)  # ...the prompt

    def prompt(self) -> str:
        m = self.state
        if m.over or self.forfeited is not None:
            return "The game is over."
        ch = self.choice
        if ch is None:
            d = self.state.pending
            if type(d) is Chance and d.kind == "draw":
                return f"{SEATS[d.player]} draws a Plus Power card..."
            return "A coin for the first move..."
        who = f"{SEATS[ch.player]} ({self.names[ch.player]})"
        kind = self.seats[ch.player]
        if kind in CPU_PLAYERS:
            return f"{who} is thinking" + "." * (1 + (self.frames // 10) % 3)
        if kind == "remote":
            return f"{who}: waiting for your friend..."
        if self.mode == "target":
            return f"{who}: where to? Green: move. Ringed: battle."
        if self.mode == "summon":
            return f"{who}: summon to which blue square?"
        return f"{who} to play: pick a piece."

    def keys_hint(self) -> str:
        if not self.local_turn():
            return ""
        if self.mode == "pick":
            return "A: pick  SELECT: summon  START: menu"
        return "A: confirm  B: cancel  START: menu"

    def draw_drawn_card(self, surface: pygame.Surface) -> None:
        assert self.drawing is not None
        outcome, frames = self.drawing
        value = self.state.face_down[outcome]
        tx, ty = _face_up_xy(len(self.state.face_up))
        k = frames / max(1, DRAW_FRAMES - 1)
        x = round(DECK_XY[0] + (tx - DECK_XY[0]) * k)
        y = round(DECK_XY[1] + (ty - DECK_XY[1]) * k)
        # Halfway it turns: narrower towards the middle, then face up.
        face_up = frames >= DRAW_FRAMES // 2
        width = max(2, round(14 * abs(1 - 2 * k)))
        import pygame

        card = pygame.Surface((14, 20), pygame.SRCALPHA)
        draw_card(card, 0, 0, value, face_up)
        if width < 14:
            card = pygame.transform.scale(card, (width, 20))
        surface.blit(card, (x + (14 - width) // 2, y))

    def draw_big_message(self, surface: pygame.Surface) -> None:
        assert self.current is not None
        t = self.app.text
        text = self.current.text[:int(self.shown)]
        # Over the board and the left panel: the Plus Power Area (the card just drawn)
        # stays in sight on the right.
        width = RIGHT_X - 6
        lines = wrap(t.font, self.current.text, width - 12)[:6]
        shown_lines = wrap(t.font, text, width - 12)[:6]
        step = t.font.line_height + 1
        h = len(lines) * step + 12
        y = (STRIP_Y - h) // 2
        window(surface, 2, y, width, h, fill=WHITE)
        for i, line in enumerate(shown_lines):
            t.draw(surface, line, 8, y + 6 + i * step, INK)


def _face_up_xy(index: int) -> tuple[int, int]:
    return FACE_UP_XY[0] + (index % 4) * 14, FACE_UP_XY[1] + (index // 4) * 22


def _ring(surface: pygame.Surface, x: int, y: int, color: Color, width: int,
          size: int = SQ) -> None:
    surface.fill(color, (x, y, size, width))
    surface.fill(color, (x, y + size - width, size, width))
    surface.fill(color, (x, y, width, size))
    surface.fill(color, (x + size - width, y, width, size))


def _chip(surface: pygame.Surface, t: Any, x: int, y: int, name: str, seat: int) -> None:
    """A piece in a Cost Area: a small square in its owner's colour with its initial."""
    surface.fill(INK, (x, y, CHIP, CHIP))
    surface.fill(SEAT_BAND[seat], (x + 1, y + 1, CHIP - 2, CHIP - 2))
    letter = name[:1].upper()
    t.draw(surface, letter, x + (CHIP - t.font.width(letter)) // 2, y + 3, INK)
