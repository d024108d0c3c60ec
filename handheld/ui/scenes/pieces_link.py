"""Legend Pieces against a friend on another handheld, over the link.

Pairing is the link duel's (:class:`~.link_duel.LinkSetupScene`): host or join, this
machine or an address typed on the pad, the pairing code, the same refusals and error
texts. Once linked there is no deck to pick: each handheld says hello with the army it
plays (the host Gold, seat 0; the guest Silver), the host checks both hellos, draws the
seed and sends the start (whose digest covers both armies and the seed), and both open the
same board (:class:`~.pieces_board.PiecesScene`).

On the board, :class:`PiecesLink` is the scene's ``remote``: ``send`` tells the friend each
answer of this player (its notation, its number and the digest of the position after it),
``poll`` gives the board the friend's next answer once :class:`~handheld.netplay.Netplay`
has checked it on a copy of the match (its number, that it reads as an answer, the digest
after it). Whatever goes wrong -- a lost or closed link, garbage, an answer out of turn or
that does not read, a desync, leaving -- ends it as a link duel ends (:class:`LinkGame`).
Unlike a link duel, the board's menu offers Forfeit: the friend's handheld is told (a
``forfeit`` message) and shows the same result, the friend winning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from firmware_sim.link import Transport

from ... import games
from ...netplay import (
    NAME_MAX,
    Hello,
    Netplay,
    Refusal,
    StateSession,
    army_problem,
    forfeit_message,
)
from ...pieces import ARMIES, ERA, GAME_KEY, PieceMatch, PiecesError
from .link_duel import LinkConnection, LinkGame, LinkSetupScene
from .pieces_board import PiecesScene

if TYPE_CHECKING:
    from ..app import Handheld

# Each role's army: the host plays seat 0.
HOST_ARMY, GUEST_ARMY = "gold", "silver"
SEAT_PLAYERS = {"local": "human", "remote": "remote"}  # the board's seats -> the session's


def open_link(app: Handheld, *, transport: Transport | None = None) -> None:
    """Open the pairing screen for a game of Legend Pieces over the link (``transport``:
    a test cable instead of TCP)."""
    app.scenes.push(PiecesLinkSetupScene(app, transport=transport))


class PiecesLink(LinkGame):
    """The board's ``remote``: the friend's answers in, this player's out, and the link's
    failures turned into a clean stop on both handhelds."""

    noun = "game"

    def __init__(self, app: Handheld, conn: LinkConnection, scene: PiecesScene,
                 state: PieceMatch, seats: tuple[str, str], seed: int,
                 names: tuple[str, str]) -> None:
        self.board = scene
        self.state = state
        self.names = names
        self.seats = seats
        session = StateSession(state, [SEAT_PLAYERS[s] for s in seats], seed)
        super().__init__(app, conn, scene, Netplay(session, (PiecesError,), noun="game",
                                                   forfeits=True))

    def _over(self) -> bool:
        return self.state.over or self.board.forfeited is not None

    def poll(self) -> str | None:
        """The friend's next answer as its notation, checked against this handheld's match
        (None: nothing has arrived, or the game was stopped)."""
        if self.stopped:
            return None
        got = self.net.next_answer()
        if isinstance(got, str):
            return got
        self._stop_for(got)
        return None

    def send(self, notation: str) -> None:
        """This player's answer, just applied to the board's match, goes to the friend."""
        if self.stopped:
            return
        self.net.session.answers.append(notation)
        self.conn.send(self.net.answer_message())

    def forfeit(self) -> None:
        """This player gave up on the board (which shows the result): the friend is told,
        and the link hangs up once the friend has it."""
        if self.stopped:
            return
        self.conn.send(forfeit_message())

    def on_forfeit(self) -> None:
        """The friend gave up: this player wins, on the board's own result screen."""
        board = self.board
        if self.state.over or board.forfeited is not None:
            return
        board.forfeited = self.seats.index("remote")
        if board in self.app.scenes.scenes:
            self.app.scenes.pop_to(board)

    def record_abandoned(self) -> None:
        armies = self.state.armies
        self.app.saves.add_match(self.app.profile, deck_a=ARMIES[armies[0]].name,
                                 deck_b=ARMIES[armies[1]].name, winner=None,
                                 result="abandoned", turns=self.state.turn, ruleset=ERA,
                                 game=GAME_KEY)


class LinkPiecesScene(PiecesScene):
    """The board against the friend. It is never suspended (the friend's handheld cannot
    wait inside a save): leaving it (the link notices the board is gone) or switching off
    ends the game as abandoned on both handhelds."""

    def on_shutdown(self, reason: str) -> None:
        if isinstance(self.remote, PiecesLink):
            self.remote.leave()

    def on_remote_error(self, message: str) -> None:
        # The link checked the answer on a copy of this very match, so this cannot happen
        # short of a bug; if it does, both handhelds stop as for a desync.
        if isinstance(self.remote, PiecesLink):
            self.remote.stop("Your friend's answer could not be played here. The two "
                             "handhelds no longer agree on the game.",
                             why="an answer could not be played on the other handheld "
                             "(desync)")
        else:
            super().on_remote_error(message)


class PiecesLinkSetupScene(LinkSetupScene):
    """Host or join, then hellos with the armies and the host's start."""

    game = GAME_KEY
    noun = "game"
    titles: ClassVar[dict[str, str]] = {
        "role": "Legend Pieces: link", "join": "Join a game", "pad": "Join a game",
        "code": "Pairing code", "hosting": "Hosting a game", "connecting": "Joining",
        "deck": "Legend Pieces", "ready": "Legend Pieces"}

    def __init__(self, app: Handheld, *, transport: Transport | None = None) -> None:
        super().__init__(app, transport=transport)
        self.era = ERA

    def _linked(self) -> None:
        army = HOST_ARMY if self.role == "host" else GUEST_ARMY
        self._say_hello(Hello.pieces(self._my_name(), army))

    def _ready_text(self, friend: Hello) -> str:
        return f"{friend.name} is ready with {self._side_name(friend)}."

    def _side_name(self, hello: Hello) -> str:
        army = ARMIES.get(hello.army)
        return f"the {army.name} army" if army else "an army"

    def _setup_problem(self) -> Refusal | None:
        host, guest = self._decks()
        return army_problem(host, guest)

    def _start_duel(self, seed: int) -> None:
        host, guest = self._decks()
        seats = ("local", "remote") if self.role == "host" else ("remote", "local")
        names = [host.name, guest.name]
        if names[0] == names[1]:  # the history counts wins by name: keep the friend apart
            friend = 1 if self.role == "host" else 0
            names[friend] = f"{names[friend][:NAME_MAX - 4]} (2)"
        state = games.game(GAME_KEY).new_state([host.army, guest.army], ERA)
        assert isinstance(state, PieceMatch)
        board = LinkPiecesScene(self.app, state, seats=seats, seed=seed,
                                names=(names[0], names[1]))
        assert self.conn is not None
        board.remote = PiecesLink(self.app, self.conn, board, state, seats, seed,
                                  (names[0], names[1]))
        self.conn = None  # the board owns the link now: leaving this scene must not close it
        self.app.scenes.replace(board)
