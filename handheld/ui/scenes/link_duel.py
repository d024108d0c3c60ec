"""Duels between two handhelds over the link.

Setting up (:class:`LinkSetupScene`): one handheld hosts (it listens on the board's link
port and shows its addresses and a fresh six-digit pairing code), the other joins (this
machine, or an address typed on a digit pad) and types the code on a second pad. The link
layer pairs the two before anything else is read (``firmware_sim.link``: a wrong code is
refused on both screens and the host keeps listening; ten wrong codes stop it). Each
player then picks a deck and the handhelds exchange a hello: protocol version, player name,
deck name and the 60 card ids. The host checks both decks, draws the seed and sends start;
both open the same duel. Over the test cable (a ``transport`` given to the scene) nobody
else can plug in, so there is no code.

Playing (:class:`LinkController`, the duel's ``link``): both handhelds run the same
session and only the players' answers travel, each as its notation and with a digest of the
position after it.
The messages, their checks and the desync rules are :mod:`handheld.netplay`'s; this module
is the screens and the wiring to the link.

The link (``firmware_sim.link``) is polled every frame whatever screen is on top -- the
hand, a card page, the log -- because a peer that stops hearing heartbeats declares the
link lost after a few seconds; :func:`every_frame` hooks the poll into the handheld's
frame for as long as the link lives.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from firmware_sim.buttons import Button
from firmware_sim.link import (
    PAIRING_DIGITS,
    EventKind,
    Link,
    LinkEvent,
    LinkStatus,
    MessageError,
    TcpTransport,
    Transport,
    TransportError,
    new_pairing_code,
)

from ...discovery import Advertiser, Browser, FoundHandheld
from ...engine import EngineError
from ...engine.eras import ERAS, HOME
from ...netplay import (
    DECK_NAME_MAX,
    NAME_MAX,
    Forfeit,
    Garbage,
    Hello,
    Netplay,
    Refusal,
    Stop,
    abort_message,
    abort_reason,
    clean,
    deck_problem,
    parse_hello,
    parse_start,
    start_message,
)
from ...session import MatchSession
from ..palette import INK, MUTED, PAPER, POWER_RED, WHITE
from ..scene import Scene
from ..text import fit, wrap
from ..widgets import SELECT_FILL, Menu, MenuItem, window
from .common import NoticeScene, hint_line, title_bar
from .duel import DuelScene
from .duel_setup import available_decks

if TYPE_CHECKING:
    import pygame

    from ..app import Handheld
    from ..input import FrameInput

# Link events for a bug report: who connected, why a link ended. Never the pairing code.
log = logging.getLogger(__name__)

GAME = "tcg"  # the game this scene sets up (the registry's key, sent in the hello)
CONNECT_TIMEOUT_MS = 8000.0  # joining: give up on a host that never answers
# A friend silent this long is gone. Longer than the link's default 3 s: a slow frame on a
# small board (loading the cards, writing the saves) must not cost the match.
SILENCE_TIMEOUT_MS = 5000.0
PAD_KEYS = (("1", "2", "3"), ("4", "5", "6"), ("7", "8", "9"), (".", "0", "OK"))
CODE_KEYS = (("1", "2", "3"), ("4", "5", "6"), ("7", "8", "9"), ("Del", "0", "OK"))
ADDRESS_MAX = 15  # "255.255.255.255"


# --------------------------------------------------------------------------- helpers


def local_addresses() -> list[str]:
    """This handheld's IPv4 address on the network (the one its default route uses), for
    the host screen; empty when it has none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            # Connecting a UDP socket sends nothing: it only makes the system pick the
            # source address of the route to (a documentation address in) the network.
            s.connect(("192.0.2.1", 9))
            ip = s.getsockname()[0]
    except OSError:
        return []
    return [] if ip.startswith(("127.", "0.")) else [ip]


def show_code(code: str) -> str:
    """A pairing code as the screens show it: two groups of three digits (as typed so
    far, on the pad)."""
    half = PAIRING_DIGITS // 2
    return f"{code[:half]} {code[half:]}".strip()


def parse_address(text: str) -> str | None:
    """The IPv4 address typed on the pad, or None when it is not one."""
    try:
        return str(ipaddress.IPv4Address(text))
    except ValueError:
        return None


# --------------------------------------------------------------------------- every frame


def every_frame(app: Handheld, fn: Callable[[], None]) -> Callable[[], None]:
    """Poll ``fn`` every frame whatever is on top (the hand, a card page, a notice): the
    friend's handheld must keep hearing from this one. Returns the function that stops it."""
    return app.every_frame(fn)


class LinkConnection:
    """The link to the friend's handheld: a :class:`Link` polled every frame, whose
    events go to ``handler`` (the setup scene, then the duel's controller)."""

    def __init__(self, app: Handheld, transport: Transport, *,
                 connect_timeout_ms: float | None = None) -> None:
        self.app = app
        self.link = Link(transport, clock=app.board.clock, timeout_ms=SILENCE_TIMEOUT_MS,
                         connect_timeout_ms=connect_timeout_ms)
        self.handler: Callable[[list[LinkEvent]], None] | None = None
        self.line_noise = 0  # garbled frames the link threw away (it resends what counts)
        self._stop = every_frame(app, self.pump)
        self.closed = False

    @property
    def alive(self) -> bool:
        return self.link.status in (LinkStatus.CONNECTING, LinkStatus.CONNECTED)

    def pump(self) -> None:
        events = self.link.poll(self.app.board.clock.now_ms())
        self.line_noise += sum(1 for e in events if e.kind is EventKind.CORRUPT)
        if self.handler is not None:
            self.handler(events)
        # What the handler asked of the scene stack happens now, not after the next
        # frame's update: the top scene must not act once more on a finished link.
        self.app.scenes.apply()

    def send(self, message: dict[str, Any]) -> bool:
        """Queue a message; False if the link is gone (its event says why)."""
        try:
            return self.link.send(message)
        except MessageError:
            return False  # only our own messages travel, and they are plain JSON

    def close(self, farewell: dict[str, Any] | None = None) -> None:
        """Say ``farewell`` (best effort), hang up, and stop polling."""
        if self.closed:
            return
        self.closed = True
        if farewell is not None and self.alive and self.send(farewell):
            self.link.poll(self.app.board.clock.now_ms())  # put it on the wire first
        self.link.close()
        self._stop()


# --------------------------------------------------------------------------- the duel


class LinkDuelScene(DuelScene):
    """The duel against the friend on the other handheld. It is never suspended: the
    friend's handheld cannot wait inside a save, so leaving (the menu's Suspend, POWER)
    ends the match as abandoned on both sides."""

    def suspend(self) -> None:
        if self.link is not None:
            self.link.leave()

    def on_shutdown(self, reason: str) -> None:
        if self.link is not None:
            self.link.leave()


class LinkGame:
    """The link's side of a game in progress with the friend (a duel, a piece game): every
    frame it reads the friend's messages into :class:`Netplay`, reports garbage, stops on
    an abort, a lost link, a desync or an answer out of turn (telling the friend, recording
    the match as abandoned, back to the main menu with the reason), and hangs up once the
    game is over and the friend has everything. Subclasses say how the game's screen gives
    and takes answers, and how an abandoned game is recorded."""

    noun = "duel"  # what the texts call the game

    def __init__(self, app: Handheld, conn: LinkConnection, scene: Scene,
                 net: Netplay) -> None:
        self.app = app
        self.conn = conn
        self.scene = scene
        # The protocol's side (the friend's answers in order, the desync checks).
        self.net = net
        self.problems: list[str] = []  # messages ignored as garbage (for the player, tests)
        self.gone: str | None = None  # why the link ended, once it has
        self.stopped: str | None = None  # why this game was stopped (None: still on)
        self._recorded = False
        conn.handler = self.on_frame

    def _stop_for(self, stop: Stop | None) -> None:
        if stop is not None:
            self.stop(stop.text, why=stop.why, tell_friend=stop.why is not None)

    def _over(self) -> bool:
        return self.net.session.match.over

    # ---- every frame

    def on_frame(self, events: list[LinkEvent]) -> None:
        for ev in events:
            if self.stopped:
                return
            if ev.kind is EventKind.MESSAGE and ev.message is not None:
                self._message(ev.message)
            elif ev.kind is EventKind.LOST:
                self.gone = self.gone or f"The link to your friend's handheld was lost " \
                                         f"({ev.detail})."
            elif ev.kind is EventKind.CLOSED:
                self.gone = self.gone or f"Your friend's handheld closed the link ({ev.detail})."
        if self.stopped:
            return
        s = self.net.session
        if self._over():
            # Hang up once the friend has everything (our last answer may end the match).
            if self.gone or self.conn.link.unacked == 0:
                self.conn.close()
            return
        if self.scene not in self.app.scenes.scenes:
            self.leave()  # the game was closed some other way: the friend must know
            return
        stop = self.net.out_of_turn()
        if stop is not None:
            self._stop_for(stop)
        elif self.gone and s.waiting_for() in ("human", "remote") and not self.net.inbox:
            self.stop(f"{self.gone} The {self.noun} ends here and counts as abandoned.")

    def _message(self, msg: dict[str, Any]) -> None:
        got = self.net.receive(msg)
        if isinstance(got, Garbage):
            self._garbage(got.what)
        elif isinstance(got, Forfeit):
            self.on_forfeit()
        else:
            self._stop_for(got)

    def on_forfeit(self) -> None:
        """The friend gave up (only a game whose Netplay takes forfeits hears one)."""
        self._garbage("a forfeit, which this game does not have")

    def _garbage(self, what: str) -> None:
        """A well-formed link message this game does not understand: ignored, reported
        (the first one in a notice, every one in ``problems``)."""
        self.problems.append(what)
        if len(self.problems) == 1:
            self.app.scenes.push(NoticeScene(
                self.app, f"Your friend's handheld sent {what}; it was ignored. If the "
                f"{self.noun} gets stuck, check both handhelds run the same version."))

    # ---- ending

    def leave(self) -> None:
        """This player leaves (Suspend, power off): tell the friend, record it."""
        if self.stopped or self._over():
            return
        log.info("link %s: this player left", self.noun)
        self.stopped = "left"
        self.conn.close(abort_message(f"your friend left the {self.noun}"))
        self._record_abandoned()

    def stop(self, text: str, *, why: str | None = None, tell_friend: bool = True) -> None:
        """End the game without a result: tell the friend ``why`` (when the link still
        works), record it as abandoned, and go back to the main menu with ``text``."""
        if self.stopped:
            return
        log.warning("link %s stopped: %s", self.noun, why or text)
        self.stopped = text
        self.conn.close(abort_message(why or f"the {self.noun} was stopped")
                        if tell_friend else None)
        self._record_abandoned()
        from .main_menu import MainMenuScene

        self.app.scenes.reset(MainMenuScene(self.app))
        self.app.scenes.push(NoticeScene(self.app, text))

    def _record_abandoned(self) -> None:
        if self._recorded:
            return
        self._recorded = True
        try:
            self.record_abandoned()
        except Exception as exc:  # the history is nice to have; never crash the ending on it
            self.app.notices.append(f"The match could not be recorded: {exc}")

    def record_abandoned(self) -> None:
        """Put the game in the history as abandoned (the game's own way)."""
        raise NotImplementedError


class LinkController(LinkGame):
    """The duel's ``link``: sends this player's answers, applies the friend's in order,
    checks that both handhelds agree, and ends the duel cleanly when the link fails."""

    def __init__(self, app: Handheld, conn: LinkConnection, duel: DuelScene) -> None:
        self.duel = duel
        super().__init__(app, conn, duel, Netplay(duel.session, (EngineError,)))

    @property
    def session(self) -> MatchSession:
        return self.duel.session

    def _over(self) -> bool:
        return self.session.over

    # ---- the duel's hooks

    def send_answer(self, action: Any) -> None:
        """This player answered: tell the friend (the answer's number, its notation and
        the digest; the session has kept the notation of ``action``)."""
        if self.stopped:
            return
        self.conn.send(self.net.answer_message())

    def poll(self, duel: DuelScene) -> None:
        """The match waits for the friend: apply their next answer, if it has arrived."""
        if self.stopped:
            return
        self._stop_for(self.net.apply_next())

    def record_abandoned(self) -> None:
        duel = self.duel
        self.app.saves.add_match(self.app.profile, deck_a=duel.deck_names[0] or "deck",
                                 deck_b=duel.deck_names[1] or "deck", winner=None,
                                 result="abandoned", turns=duel.match.turn)


# --------------------------------------------------------------------------- setup


class LinkSetupScene(Scene):
    """Host or join, pick a deck, exchange hellos, start the duel.

    ``transport`` (tests): the cable to use instead of TCP, for hosting and joining alike.

    Another game's setup (Legend Pieces, ``pieces_link.py``) is a subclass: its ``game``,
    its words (``noun``, ``titles``), what it does once linked (:meth:`_linked`: here the
    deck menu), what is wrong with the two sides (:meth:`_setup_problem`) and the game it
    opens (:meth:`_start_duel`). Hosting, joining, the pads, the hellos' and the start's
    checks and every error text are shared.
    """

    game = GAME  # the registry's key, sent in the hello
    noun = "duel"
    titles: ClassVar[dict[str, str]] = {
        "role": "Duel over the link", "join": "Join a duel", "pad": "Join a duel",
        "code": "Pairing code", "hosting": "Hosting a duel", "connecting": "Joining",
        "deck": "Your deck", "ready": "Your deck"}

    def __init__(self, app: Handheld, *, transport: Transport | None = None,
                 era: str = HOME.key) -> None:
        super().__init__(app)
        self.transport = transport
        self.conn: LinkConnection | None = None
        self.role = ""  # host | guest
        self.step = "role"
        self.address = ""  # the host's address (joining)
        self.typed = ""  # the digit pad's text
        self.pad_at = (0, 0)  # (column, row) on the pad
        self.code = ""  # hosting over TCP: the pairing code this screen shows
        self.code_typed = ""  # joining over TCP: the code typed on the pad
        self.door = ""  # hosting: the last would-be guest turned away, for the screen
        self.error = ""  # a line under the pad (a bad address)
        self.status = ""  # a line about the friend (their name, a bad message)
        self.addresses: list[str] = []
        # Finding the host without its address (handheld.discovery): the guest's browser
        # while the join menu shows, the host's announcement while it waits.
        self.browser: Browser | None = None
        self.advertiser: Advertiser | None = None
        self.found: list[FoundHandheld] = []
        self.peer_port: int | None = None  # a found host's port (else the board's)
        self.decks: list[tuple[str, list[str]]] = []
        self.mine: Hello | None = None
        self.friend: Hello | None = None
        # The era both handhelds must play, chosen on the duel setup (sent in the hello; a
        # friend in another is refused, on both screens).
        self.era = era if era in ERAS else HOME.key
        self.menu = Menu([])
        self._role_menu()

    @property
    def port(self) -> int:
        return int(self.app.board.config.link_port)

    @property
    def join_port(self) -> int:
        """The port joined: a found host's own, else the board's link port."""
        return self.peer_port or self.port

    # ---- steps

    def _role_menu(self) -> None:
        self._stop_browsing()
        self.step = "role"
        self.role = ""  # (back from hosting: the Join screen must not say "Host")
        self.menu = Menu([MenuItem(f"Host a {self.noun}", True, "host",
                                   "Wait here for your friend to join."),
                          MenuItem(f"Join a {self.noun}", True, "guest",
                                   "Connect to your friend's handheld.")], rows=4)

    def _join_menu(self) -> None:
        self.step = "join"
        discovery = getattr(self.app, "discovery", None)
        if self.browser is None and self.transport is None and discovery is not None:
            self.browser = discovery.browser()
        self.found = self.browser.found() if self.browser is not None else []
        self.menu = Menu(self._join_items(), rows=6)

    def _join_items(self) -> list[MenuItem]:
        """The handhelds found (those that can be joined first), then this machine and
        the digit pad."""
        found = sorted(self.found, key=lambda f: f.problem(self.game, self.era) is not None)
        items = []
        for entry in found:
            problem = entry.problem(self.game, self.era)
            items.append(MenuItem(f"{entry.name}  {entry.address}", problem is None, entry,
                                  f"Cannot join: {problem}." if problem else
                                  f"Join {entry.name}, port {entry.port}."))
        return [*items, MenuItem("This machine (127.0.0.1)", True, "127.0.0.1",
                                 "Both players on this computer."),
                MenuItem("Type an address", True, "pad",
                         "The address shown on the host's screen.")]

    def _refresh_found(self) -> None:
        """The join menu follows what the browser found (read each frame; the browser's
        own thread does the waiting). The cursor stays on the item it was on."""
        if self.browser is None:
            return
        found = self.browser.found()
        if found == self.found:
            return
        first, self.found = not self.found, found
        chosen = self.menu.selected.value if self.menu.selected is not None else None
        self.menu.set_items(self._join_items())
        if first and self.menu.cursor == 0 and self.menu.items[0].enabled:
            return  # the first handheld found: the cursor waits on it, A joins it
        for i, item in enumerate(self.menu.items):
            if item.value == chosen and item.enabled:
                self.menu.cursor = i
                break
        self.menu.set_items(self.menu.items)  # scrolls to the cursor

    def _stop_browsing(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        self.found = []

    def _stop_advertising(self) -> None:
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None

    def _deck_menu(self) -> None:
        self.step = "deck"
        self.decks = available_decks(self.app, self.era)
        self.menu = Menu([MenuItem(name, True, i) for i, (name, _) in enumerate(self.decks)],
                         rows=8)

    def _host(self) -> None:
        self.role = "host"
        self.code = "" if self.transport is not None else new_pairing_code()
        self.door = ""
        try:
            transport = self.transport or TcpTransport.listen(
                "0.0.0.0", self.port, pairing_code=self.code, clock=self.app.board.clock)
        except TransportError as exc:
            log.warning("link: cannot host on port %d: %s", self.port, exc)
            self._fail(f"This handheld cannot host: {exc}.")
            return
        log.info("link: hosting a %s (%s, era %s) on port %d", self.noun, self.game, self.era,
                 self.port)
        discovery = getattr(self.app, "discovery", None)
        if self.transport is None and discovery is not None:
            # Announced without the pairing code: the guest finds the host, then types it.
            self.advertiser = discovery.advertiser(self._my_name(), self.port, self.game,
                                                   self.era)
        self.addresses = local_addresses()
        self._open(transport, None)
        self.step = "hosting"

    def _chose_address(self, address: str, port: int | None = None) -> None:
        """Joining ``address`` (on ``port``: a found host's; None: the board's link port):
        over TCP the host's pairing code comes next; over the cable, connect."""
        self.address = address
        self.peer_port = port
        if self.transport is not None:
            self._join(address)
            return
        self.step = "code"
        self.code_typed = ""
        self.error = ""
        self.pad_at = (0, 0)

    def _join(self, address: str) -> None:
        self.role = "guest"
        self.address = address
        self._stop_browsing()
        try:
            transport = self.transport or TcpTransport.connect(
                address, self.join_port, pairing_code=self.code_typed)
        except TransportError as exc:
            log.warning("link: cannot join %s port %d: %s", address, self.join_port, exc)
            self._fail(f"Cannot join: {exc}.", back="join")
            return
        log.info("link: joining %s port %d", address, self.join_port)
        self._open(transport, CONNECT_TIMEOUT_MS)
        self.step = "connecting"

    def _open(self, transport: Transport, timeout: float | None) -> None:
        self.conn = LinkConnection(self.app, transport, connect_timeout_ms=timeout)
        self.conn.handler = self.on_link
        self.mine = self.friend = None
        self.status = ""

    def _hang_up(self, farewell: dict[str, Any] | None = None) -> None:
        self._stop_advertising()
        if self.conn is not None:
            self.conn.close(farewell)
            self.conn = None

    def _fail(self, text: str, *, back: str = "role", tell: str | None = None) -> None:
        """Something went wrong: hang up (telling the friend ``tell``), say it, go back."""
        self._hang_up(abort_message(tell) if tell else None)
        if back == "join":
            self._join_menu()
        elif back == "code":
            self._chose_address(self.address, self.peer_port)
        else:
            self._role_menu()
        self.push(NoticeScene(self.app, text))

    def exit(self) -> None:
        self._stop_browsing()
        self._hang_up(abort_message("your friend left the duel setup"))

    def on_shutdown(self, reason: str) -> None:
        self._stop_browsing()
        self._hang_up(abort_message("your friend's handheld is switching off"))

    # ---- the link

    def on_link(self, events: list[LinkEvent]) -> None:
        for ev in events:
            if self.conn is None:
                return
            if ev.kind is EventKind.CONNECTED and self.step in ("hosting", "connecting"):
                log.info("link: connected (%s)", self.role)
                self._stop_advertising()  # the host has its guest: nobody else may look
                self.app.play("confirm")
                self._linked()
            elif ev.kind is EventKind.MESSAGE and ev.message is not None:
                self._message(ev.message)
            elif ev.kind is EventKind.REFUSED and self.step == "hosting":
                # Someone tried the door: the host keeps listening and says so.
                log.warning("link: refused: %s", ev.detail)
                self.app.play("error")
                self.door = ev.detail
            elif ev.kind is EventKind.LOST:
                transport = self.conn.link.transport
                refused = transport.refused if isinstance(transport, TcpTransport) else None
                log.warning("link lost while %s: %s%s", self.step, ev.detail,
                            f" (refused: {refused})" if refused else "")
                if self.step == "connecting" and refused:
                    self._fail(f"Could not join {self.address}: {refused}. Check the code "
                               "on your friend's screen and type it again.", back="code")
                elif self.step == "connecting":
                    self._fail(f"Could not reach {self.address}:{self.join_port} ({ev.detail}). "
                               "Is your friend hosting?", back="join")
                elif self.step == "hosting":
                    self._fail(f"Hosting stopped: {ev.detail}.")
                else:
                    self._fail(f"The link to your friend's handheld was lost ({ev.detail}).")
            elif ev.kind is EventKind.CLOSED:
                log.info("link closed by the friend while %s", self.step)
                self._fail("Your friend's handheld closed the link.")

    def _message(self, msg: dict[str, Any]) -> None:
        kind = msg.get("t")
        if kind == "hello" and self.friend is None:
            hello = parse_hello(msg, game=self.game, era=self.era)
            if isinstance(hello, Refusal):
                log.warning("link: the friend's hello refused: %s", hello.here)
                self._fail(f"{self.cannot}: {hello.here}.",
                           tell=f"this handheld refused: {hello.there}")
                return
            self.friend = hello
            self.status = self._ready_text(hello)
            self._maybe_start()
        elif kind == "start" and self.role == "guest" and self.mine and self.friend:
            self._start_as_guest(msg)
        elif kind == "abort":
            log.info("link: the friend stopped the setup: %s", abort_reason(msg))
            self._fail(f"Your friend's handheld stopped the setup: {abort_reason(msg)}.")
        else:
            self.status = f"Ignored an unexpected message ({clean(str(kind), 12)})."

    @property
    def cannot(self) -> str:
        """How a refusal starts on this screen."""
        return "Cannot duel" if self.noun == "duel" else f"Cannot play the {self.noun}"

    def _linked(self) -> None:
        """The friend's handheld answered: what this player does next."""
        self._deck_menu()

    def _ready_text(self, friend: Hello) -> str:
        return f"{friend.name} is ready with {friend.deck}."

    def _my_name(self) -> str:
        return clean(self.app.saves.profile(self.app.profile).name, NAME_MAX) or "Player"

    def _pick_deck(self, index: int) -> None:
        name, cards = self.decks[index]
        self._say_hello(Hello(self._my_name(), clean(name, DECK_NAME_MAX) or "deck",
                              list(cards), self.game, self.era))

    def _say_hello(self, mine: Hello) -> None:
        self.mine = mine
        assert self.conn is not None
        self.conn.send(mine.message())
        self.step = "ready"
        self._maybe_start()

    def _decks(self) -> tuple[Hello, Hello]:
        """(host, guest)."""
        assert self.mine is not None and self.friend is not None
        return (self.mine, self.friend) if self.role == "host" else (self.friend, self.mine)

    def _setup_problem(self) -> Refusal | None:
        """What is wrong with either deck; None when both decks are legal here."""
        assert self.mine is not None and self.friend is not None
        return deck_problem(self.mine, self.friend,
                            lambda cards: ERAS[self.era].deck_violations(self.app.pool,
                                                                         cards))

    def _maybe_start(self) -> None:
        if self.role != "host" or self.mine is None or self.friend is None:
            return
        problem = self._setup_problem()
        if problem:
            log.warning("link: setup refused: %s", problem.here)
            self._fail(f"{self.cannot}: {problem.here}.",
                       tell=f"the host refused: {problem.there}")
            return
        host, guest = self._decks()
        seed = self.app.new_seed()
        log.info("link: starting the %s as host, seed %d, %s vs %s", self.noun, seed,
                 self._side_name(host), self._side_name(guest))
        assert self.conn is not None
        self.conn.send(start_message((host.side, guest.side), seed))
        self._start_duel(seed)

    def _start_as_guest(self, msg: dict[str, Any]) -> None:
        host, guest = self._decks()
        seed = parse_start(msg, (host.side, guest.side))
        if isinstance(seed, Refusal):
            log.warning("link: the host's start refused: %s", seed.here)
            self._fail(f"{self.cannot}: {seed.here}.", tell=seed.there)
            return
        log.info("link: starting the %s as guest, seed %d, %s vs %s", self.noun, seed,
                 self._side_name(host), self._side_name(guest))
        problem = self._setup_problem()
        if problem:
            self._fail(f"{self.cannot}: {problem.here}.",
                       tell=f"this handheld refused: {problem.there}")
            return
        self._start_duel(seed)

    def _start_duel(self, seed: int) -> None:
        host, guest = self._decks()
        seats = ["human", "remote"] if self.role == "host" else ["remote", "human"]
        names = [host.name, guest.name]
        if names[0] == names[1]:  # the history counts wins by name: keep the friend apart
            friend = 1 if self.role == "host" else 0
            names[friend] = f"{names[friend][:NAME_MAX - 4]} (2)"
        session = MatchSession(self.app.pool, (list(host.cards), list(guest.cards)), seats,
                               seed, record_log=True, era=self.era)
        duel = LinkDuelScene(self.app, session, names=(names[0], names[1]), mode="link",
                             deck_names=(host.deck, guest.deck))
        assert self.conn is not None
        duel.link = LinkController(self.app, self.conn, duel)
        self.conn = None  # the duel owns the link now: leaving this scene must not close it
        self.app.scenes.replace(duel)

    # ---- input

    def update(self, inp: FrameInput) -> None:
        if self.step == "join":
            self._refresh_found()
        if self.step in ("role", "join", "deck"):
            self._menu_step(inp)
        elif self.step == "pad":
            self._pad(inp)
        elif self.step == "code":
            self._code_pad(inp)
        elif inp.pressed(Button.B):  # hosting, connecting, ready: B gives up
            inp.consume(Button.B)
            self.app.play("back")
            self._hang_up(abort_message("your friend cancelled"))
            self._role_menu()

    def _menu_step(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            if self.step == "role":
                self.close()
            elif self.step == "join":
                self._role_menu()
            else:
                self._hang_up(abort_message("your friend left the duel setup"))
                self._role_menu()
            return
        if result != "select" or self.menu.selected is None:
            return
        value = self.menu.selected.value
        if self.step == "role":
            if value == "host":
                self._host()
            else:
                self._join_menu()
        elif self.step == "join":
            if value == "pad":
                self.step = "pad"
                self.error = ""
                self.pad_at = (0, 0)
            elif isinstance(value, FoundHandheld):
                log.info("link: chose %s at %s port %d from the handhelds found", value.name,
                         value.address, value.port)
                self._chose_address(value.address, value.port)
            else:
                self._chose_address(value)
        else:
            self._pick_deck(value)

    def _pad(self, inp: FrameInput) -> None:
        self.typed = self._typing_pad(inp, PAD_KEYS, self.typed, ADDRESS_MAX,
                                      self._connect_typed)

    def _typing_pad(self, inp: FrameInput, keys: tuple[tuple[str, ...], ...], typed: str,
                    limit: int, submit: Callable[[], None]) -> str:
        """One frame of a digit pad (the address, the pairing code): the D-pad moves, A types
        the key (OK submits, Del deletes), START submits, B deletes or, with nothing typed,
        goes back to the join menu. Returns the text typed so far."""
        dx, dy = inp.nav()
        if dx or dy:
            inp.consume(Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)
            col, row = self.pad_at
            self.pad_at = ((col + dx) % 3, (row + dy) % len(keys))
            self.app.play("cursor")
        key = keys[self.pad_at[1]][self.pad_at[0]]
        if inp.pressed(Button.START) or (inp.pressed(Button.A) and key == "OK"):
            inp.consume(Button.START, Button.A)
            submit()
        elif inp.pressed(Button.B) or (inp.pressed(Button.A) and key == "Del"):
            back = inp.pressed(Button.B) and not typed
            inp.consume(Button.A, Button.B)
            self.app.play("back")
            self.error = ""
            if back:
                self._join_menu()
            else:
                return typed[:-1]
        elif inp.pressed(Button.A):
            inp.consume(Button.A)
            if len(typed) < limit:
                self.error = ""
                self.app.play("cursor")
                return typed + key
            self.app.play("error")
        return typed

    def _connect_typed(self) -> None:
        address = parse_address(self.typed)
        if address is None:
            self.app.play("error")
            self.error = f"{self.typed or 'Nothing'} is not an address like 192.168.1.20."
            return
        self.app.play("confirm")
        self._chose_address(address)

    def _code_pad(self, inp: FrameInput) -> None:
        """The pairing code: digits only, exactly PAIRING_DIGITS of them."""
        self.code_typed = self._typing_pad(inp, CODE_KEYS, self.code_typed, PAIRING_DIGITS,
                                           self._connect_with_code)

    def _connect_with_code(self) -> None:
        if len(self.code_typed) != PAIRING_DIGITS:
            self.app.play("error")
            self.error = f"The code has {PAIRING_DIGITS} digits."
            return
        self.app.play("confirm")
        self._join(self.address)

    # ---- drawing

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        t = app.text
        surface.fill(PAPER)
        title_bar(app, surface, self.titles.get(self.step, self.titles["role"]),
                  "Host" if self.role == "host" and self.step != "role" else "")
        if self.step in ("role", "join", "deck"):
            window(surface, 8, 20, 224, self.menu.height(self.app.text.font) + 8)
            self.menu.draw(surface, t, 11, 24, 218)
            item = self.menu.selected
            y = 32 + self.menu.height(self.app.text.font)
            if item is not None and item.hint:
                t.draw(surface, fit(t.font, item.hint, 226), 10, y, MUTED)
            if self.step == "deck" and self.status:
                t.draw(surface, fit(t.font, self.status, 226), 10, 138, INK)
            if self.step == "join":
                self._draw_search(surface, y + 11)
            hints = {"role": "A: choose  B: back", "join": "A: choose  B: back",
                     "deck": "A: choose  B: leave"}
            hint_line(app, surface, hints[self.step])
        elif self.step == "pad":
            self._draw_pad(surface, "The host's address:", self.typed, PAD_KEYS,
                           "A: type  B: delete  START: connect")
        elif self.step == "code":
            self._draw_pad(surface, f"The code on {self.address}'s screen:",
                           show_code(self.code_typed), CODE_KEYS,
                           "A: type  B: delete  START: join")
        else:
            window(surface, 8, 24, 224, 100)
            for i, line in enumerate(self._wait_lines()):
                t.draw(surface, line, 16, 32 + i * 11, INK if i == 0 else MUTED)
            dots = "." * (1 + (self.frames // 15) % 3)
            t.draw(surface, dots, 16 + t.font.width(self._wait_lines()[0]), 32, INK)
            hint_line(app, surface, "B: cancel")

    def _draw_search(self, surface: pygame.Surface, y: int) -> None:
        """Under the join menu: how the search for handhelds goes (nothing without one)."""
        if self.browser is None:
            return
        t = self.app.text
        if self.browser.problem:
            lines = wrap(t.font, self.browser.problem[:1].upper() + self.browser.problem[1:]
                         + ". Type the host's address instead.", 220)
            color = POWER_RED
        elif not self.found:
            dots = "." * (1 + (self.frames // 15) % 3)
            lines, color = [f"Looking for handhelds on the network{dots}"], MUTED
        else:
            n = len(self.found)
            lines = [f"{n} handheld{'s' if n != 1 else ''} found on the network."]
            color = MUTED
        for i, line in enumerate(lines[:3]):
            t.draw(surface, line, 10, y + i * 10, color)

    def _wait_lines(self) -> list[str]:
        if self.step == "hosting":
            lines = ["Waiting for your friend to join"]
            if self.transport is not None:
                lines.append("(over the test cable)")
            else:
                lines.append("Your friend joins with:")
                lines += [f"  {ip}  port {self.port}" for ip in self.addresses]
                lines.append(f"  127.0.0.1  port {self.port} (this machine)")
                lines.append(f"and the pairing code  {show_code(self.code)}")
            if self.door:
                lines += wrap(self.app.text.font, self.door[:1].upper() + self.door[1:], 208)
            return lines
        if self.step == "connecting":
            return [f"Connecting to {self.address}", f"port {self.join_port}"]
        friend = self.friend.name if self.friend else "your friend"
        lines = [f"Waiting for {friend}"]
        if self.mine is not None:
            lines.append(f"You play {self._side_name(self.mine)}.")
        if self.status:
            lines.append(self.status)
        return lines

    def _side_name(self, hello: Hello) -> str:
        """What ``hello``'s player plays, for the screen."""
        return hello.deck

    def _draw_pad(self, surface: pygame.Surface, label: str, text: str,
                  pad: tuple[tuple[str, ...], ...], hint: str) -> None:
        t = self.app.text
        t.draw(surface, label, 10, 18, MUTED)
        window(surface, 8, 28, 224, 16, fill=WHITE)
        caret = "_" if (self.frames // 20) % 2 == 0 else ""
        t.draw(surface, text + caret, 14, 33, INK)
        kw, kh = 30, 18
        x0, y0 = (240 - 3 * kw) // 2, 50
        for row, keys in enumerate(pad):
            for col, key in enumerate(keys):
                x, y = x0 + col * kw, y0 + row * kh
                fill = SELECT_FILL if (col, row) == self.pad_at else PAPER
                window(surface, x, y, kw - 2, kh - 2, fill=fill)
                t.draw(surface, key, x + (kw - 2 - t.font.width(key)) // 2, y + 4, INK)
        if self.error:
            t.draw(surface, fit(t.font, self.error, 230), 6, 138, POWER_RED)
        hint_line(self.app, surface, hint)

