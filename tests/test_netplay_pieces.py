"""Legend Pieces over the link without screens: two sessions on an in-memory cable kept on
the same game by handheld.netplay's messages alone (hello with the army, start with the
setup digest, each answer as its notation with a digest), and every way the friend's
messages can go wrong: a desync, a hostile peer's texts and frames, a friend who plays the
card game."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_sim.clock import FakeClock
from firmware_sim.link import (
    FLAG_DATA,
    MAGIC,
    MAX_PAYLOAD,
    VERSION,
    EventKind,
    Frame,
    Link,
    MemoryTransport,
    MessageError,
    encode_frame,
)
from handheld import games
from handheld.kernel import Choice
from handheld.netplay import (
    ANSWER_MAX,
    PROTOCOL,
    Forfeit,
    Garbage,
    Hello,
    Netplay,
    Refusal,
    StateSession,
    Stop,
    abort_message,
    abort_reason,
    army_problem,
    parse_hello,
    parse_start,
    setup_digest,
    start_message,
)
from handheld.pieces import PieceMatch, PiecesError
from handheld.players import make_player

GAME, ERA = "pieces", "classic"
FRAME_MS = 16.0


@dataclass
class Side:
    """One handheld without a screen: its end of the cable, its session once started, and
    the messages that arrived for it."""

    link: Link
    hello: Hello
    net: Netplay | None = None
    inbox: list[dict[str, Any]] = field(default_factory=list)
    events: list[EventKind] = field(default_factory=list)

    @property
    def session(self) -> StateSession:
        assert self.net is not None and isinstance(self.net.session, StateSession)
        return self.net.session

    @property
    def state(self) -> PieceMatch:
        m = self.session.match
        assert isinstance(m, PieceMatch)
        return m


class Cable:
    """Two handhelds on an in-memory cable, one clock, one frame at a time."""

    def __init__(self, host_army: str = "gold", guest_army: str = "silver") -> None:
        self.clock = FakeClock()
        a, b = MemoryTransport.pair()
        self.host = Side(Link(a, clock=self.clock), Hello.pieces("Ann", host_army))
        self.guest = Side(Link(b, clock=self.clock), Hello.pieces("Bob", guest_army))

    def tick(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.clock.advance(FRAME_MS)
            for side in (self.host, self.guest):
                for ev in side.link.poll():
                    side.events.append(ev.kind)
                    if ev.kind is EventKind.MESSAGE and ev.message is not None:
                        side.inbox.append(ev.message)

    def take(self, side: Side) -> dict[str, Any]:
        for _ in range(20):
            if side.inbox:
                return side.inbox.pop(0)
            self.tick()
        raise AssertionError("no message arrived")

    def start(self, seed: int = 21, guest_seed: int | None = None) -> None:
        """The setup as the screens run it: both hellos, then the host's start. The guest
        plays from ``guest_seed`` when given (a handheld that draws other chances)."""
        host, guest = self.host, self.guest
        host.link.send(host.hello.message())
        guest.link.send(guest.hello.message())
        theirs = parse_hello(self.take(host), game=GAME, era=ERA)
        mine = parse_hello(self.take(guest), game=GAME, era=ERA)
        assert theirs == guest.hello and mine == host.hello
        assert army_problem(host.hello, theirs) is None
        sides = (host.hello.army, guest.hello.army)
        host.link.send(start_message(sides, seed))
        got = parse_start(self.take(guest), (mine.army, guest.hello.army))
        assert got == seed
        for side, players, s in ((host, ["human", "remote"], seed),
                                 (guest, ["remote", "human"], seed if guest_seed is None
                                  else guest_seed)):
            state = games.game(GAME).new_state(list(sides), ERA)
            side.net = Netplay(StateSession(state, players, s), (PiecesError,),
                                   noun="game", forfeits=True)


Chooser = Callable[[PieceMatch, Choice], Any]


def play(cable: Cable, choosers: tuple[Chooser, Chooser], *, answers: int | None = None,
         frames: int = 20_000) -> Stop | None:
    """Both handhelds play: chances from their seeds, their own decisions from their
    chooser (sent), the friend's taken from the cable. The host hands them to its session
    (``apply_next``), the guest applies them itself as the board does (``next_answer``).
    Returns the first Stop, or None once over (or after ``answers`` answers)."""
    given_answers = 0
    for _ in range(frames):
        if cable.host.state.over and cable.guest.state.over:
            return None
        for side, choose in zip((cable.host, cable.guest), choosers, strict=True):
            net, s = side.net, side.session
            assert net is not None
            while s.step():
                pass
            while side.inbox:
                got = net.receive(side.inbox.pop(0))
                if isinstance(got, Stop):
                    return got
                assert got is None, got
            if s.waiting_for() == "human":
                stop = net.out_of_turn()
                if stop:
                    return stop
                ch = side.state.pending
                assert isinstance(ch, Choice)
                s.answer(choose(side.state, ch))
                assert side.link.send(net.answer_message())
                given_answers += 1
                if answers is not None and given_answers >= answers:
                    return None
            elif s.waiting_for() == "remote":
                if side is cable.host:
                    stop = net.apply_next()
                else:
                    text = net.next_answer()
                    stop = text if isinstance(text, Stop) else None
                    if isinstance(text, str):
                        side.state.apply(text)
                if stop is not None:
                    return stop
        cable.tick()
    raise AssertionError("the game did not end")


def greedy(seed: int) -> Chooser:
    return make_player("greedy", seed).choose  # type: ignore[return-value]


def randomly(seed: int) -> Chooser:
    return make_player("random", seed).choose  # type: ignore[return-value]


# --------------------------------------------------------------------------- a game


@pytest.mark.parametrize("seed", [21, 5])
def test_a_whole_game_over_the_cable_ends_the_same_on_both(seed: int) -> None:
    cable = Cable()
    cable.start(seed)
    assert play(cable, (greedy(seed), randomly(seed + 1))) is None
    host, guest = cable.host, cable.guest
    assert host.state.over and guest.state.over
    assert host.state.digest() == guest.state.digest()
    assert host.state.position() == guest.state.position()
    assert (host.state.winner, host.state.result) == (guest.state.winner, guest.state.result)
    assert host.session.answers == guest.session.answers
    assert len(host.session.answers) > 10
    assert all(isinstance(a, str) for a in host.session.answers)
    # Battles were fought, so Plus Power cards were drawn: the same on both sides.
    draws = [ev for ev in host.state.log if ev[0] == "draw"]
    assert draws and draws == [ev for ev in guest.state.log if ev[0] == "draw"]
    # Seats: the host plays Gold (seat 0), the guest Silver.
    assert host.state.armies == guest.state.armies == ("gold", "silver")


def test_the_setup_digest_covers_both_armies_and_the_seed() -> None:
    sides = ("gold", "silver")
    msg = start_message(sides, 7)
    assert msg == {"t": "start", "seed": 7, "check": setup_digest(sides, 7)}
    assert parse_start(msg, sides) == 7
    swapped = parse_start(msg, ("silver", "gold"))
    assert isinstance(swapped, Refusal) and "armies" in swapped.here
    assert "armies differ" in swapped.there
    assert isinstance(parse_start({**msg, "seed": 8}, sides), Refusal)
    for seed in (-1, 2**63, "7", True, None, 7.0):
        assert isinstance(parse_start({**msg, "seed": seed}, sides), Refusal)
    # A deck setup's digest is another one (the card game's start never reads as ours).
    assert setup_digest(sides, 7) != setup_digest((["gold"], ["silver"]), 7)


def test_the_pieces_hello_carries_the_army_and_no_deck() -> None:
    hello = Hello.pieces("Ann", "gold")
    assert hello.message() == {"t": "hello", "v": PROTOCOL, "game": "pieces",
                               "era": "classic", "name": "Ann", "army": "gold"}
    assert parse_hello(hello.message(), game=GAME, era=ERA) == hello
    assert hello.side == "gold"
    ok = hello.message()
    for bad in ({**ok, "army": "bronze"}, {**ok, "army": ["gold"]}, {**ok, "army": None},
                {k: v for k, v in ok.items() if k != "army"}, {**ok, "army": "g" * 5000}):
        got = parse_hello(bad, game=GAME, era=ERA)
        assert isinstance(got, Refusal) and "army" in got.here and "army" in got.there
    # Another rule set of the piece game, or another protocol: refused.
    era = parse_hello({**ok, "era": "modern"}, game=GAME, era=ERA)
    assert isinstance(era, Refusal) and "eras differ" in era.here
    old = parse_hello({**ok, "v": PROTOCOL - 1}, game=GAME, era=ERA)
    assert isinstance(old, Refusal) and "protocol" in old.here
    # A name is made drawable and cut; a deck sent along is not read.
    odd = parse_hello({**ok, "name": "\u2603" * 40, "deck": "x", "cards": [1]}, game=GAME,
                      era=ERA)
    assert isinstance(odd, Hello) and odd.name == "?" * 16 and odd.cards == []
    # Two handhelds wanting the same army cannot play.
    same = army_problem(Hello.pieces("Ann", "gold"), Hello.pieces("Bob", "gold"))
    assert isinstance(same, Refusal) and "Gold" in same.here and "Gold" in same.there
    assert army_problem(Hello.pieces("A", "gold"), Hello.pieces("B", "silver")) is None


# --------------------------------------------------------------------------- desyncs


def test_a_handheld_that_draws_other_chances_is_stopped_as_a_desync() -> None:
    """The guest plays from another seed (a broken handheld): its coin or a Plus Power
    draw comes out otherwise, and the game stops at the next answer, with the reason on
    this side and a desync told to the friend, instead of playing on in two games."""
    texts = []
    for guest_seed in (22, 25):
        cable = Cable()
        cable.start(21, guest_seed=guest_seed)
        stop = play(cable, (greedy(1), greedy(2)))
        assert isinstance(stop, Stop) and stop.why is not None and "desync" in stop.why
        texts.append(stop.text)
    # 22: the coin differs, so both think they move first; 25: the same first player, but
    # a Plus Power card differs, and the digest after the next answer tells.
    assert "out of turn" in texts[0]
    assert texts[1].startswith("Desync: after answer #") and "game cannot go on" in texts[1]


def test_a_wrong_digest_or_number_stops_the_game_and_says_why() -> None:
    other, mover = waiting_for_friend(answers=6)
    ch = mover.state.pending
    assert isinstance(ch, Choice)
    probe = mover.state.clone()
    text = probe.answer_notation(ch, 0)
    probe.apply(0)
    n = len(mover.session.answers) + 1
    good = {"t": "answer", "n": n, "action": text, "digest": probe.digest()}
    for bad, said in (({**good, "digest": "deadbeef"}, "Desync"),
                      ({**good, "n": n + 1}, "expected"),
                      ({**good, "n": n - 1}, "expected")):
        net = other.net
        assert net is not None
        before, kept = other.state.digest(), list(other.session.answers)
        assert net.receive(bad) is None
        stop = net.next_answer()
        assert isinstance(stop, Stop) and said in stop.text, stop
        assert stop.why is not None and "desync" in stop.why
        assert "game cannot go on" in stop.text or said == "expected"
        assert other.state.digest() == before and other.session.answers == kept
    # The true message is taken, as its notation, and nothing else changed.
    assert other.net is not None and other.net.receive(good) is None
    assert other.net.next_answer() == text


# --------------------------------------------------------------------------- hostile peer


def waiting_for_friend(several: bool = False, answers: int = 0) -> tuple[Side, Side]:
    """(a side whose game waits for the friend's decision, the friend's side), the game
    before it played in step on both sides: at least ``answers`` answers, and up to a
    decision that picks several pieces (a Legend Piece's defenders) if asked."""
    for seed in range(40):
        cable = Cable()
        cable.start(seed)
        for _ in range(400):
            if cable.host.state.over:
                break
            for side in (cable.host, cable.guest):
                while side.session.step():
                    pass
            mover = cable.host if cable.host.session.waiting_for() == "human" else cable.guest
            other = cable.guest if mover is cable.host else cable.host
            ch = mover.state.pending
            assert isinstance(ch, Choice)
            if (ch.max > 1 or not several) and len(mover.session.answers) >= answers:
                return other, mover
            choose = greedy(seed)
            mover.session.answer(choose(mover.state, ch))
            other.session.answer(mover.session.answers[-1])
    raise AssertionError("no such decision in forty games")


@cache
def _waiting(several: bool) -> tuple[Side, Side]:
    return waiting_for_friend(several=several)


def copy_of(side: Side) -> Side:
    """A side of its own on a copy of ``side``'s game (for many tries at one decision)."""
    s = side.session
    session = StateSession(side.state.clone(), s.players, s.seed)
    session.answers = list(s.answers)
    return Side(side.link, side.hello, Netplay(session, (PiecesError,), noun="game",
                                                forfeits=True))


HOSTILE = ["", " ", "move", "move b2", "move b2 b9", "move z1 z2", "battle", "battle c3 c4 d4",
           "summon lugia c3", "summon hooh a9", "stay", "pass", "c4", "c4 + c4", "move b2 b3 "
           "+ move c2 c3", "move\u0000b2 b3", "\u202emove b2 b3", "MOVE B2 B3" * 30,
           "move b2 b3" + " " * 300, "x" * ANSWER_MAX, " + ".join(["a1"] * 50), "0", "[0]"]


@pytest.mark.parametrize("several", [False, True])
def test_a_hostile_answer_text_stops_the_game_and_changes_nothing(several: bool) -> None:
    for text in HOSTILE:
        side = copy_of(_waiting(several)[0])
        net, s = side.net, side.session
        assert net is not None
        pending = side.state.pending
        assert isinstance(pending, Choice)
        try:
            side.state.clone().answer_notation(pending, text)
            continue  # a text that happens to read here is no hostile one
        except PiecesError:
            pass
        before, kept = side.state.digest(), list(s.answers)
        n = len(s.answers) + 1
        assert net.receive({"t": "answer", "n": n, "action": text, "digest": "x"}) is None
        stop = net.next_answer()
        assert isinstance(stop, Stop) and "does not name a legal move" in stop.text, text
        assert stop.why is not None and "desync" in stop.why
        assert side.state.digest() == before and s.answers == kept
        assert side.state.pending == pending
        # The same text handed to the session itself (the host's way) is refused alike.
        assert net.receive({"t": "answer", "n": n, "action": text, "digest": "x"}) is None
        stop = net.apply_next()
        assert isinstance(stop, Stop) and "does not name a legal move" in stop.text
        assert side.state.digest() == before and s.answers == kept


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=250) | st.lists(st.sampled_from(
    ["move", "battle", "summon", "stay", "lugia", "hooh", "a1", "b2", "c3", "c4", "d4", "+",
     " ", "  "]), max_size=12).map(" ".join))
def test_any_text_is_taken_only_if_it_reads(text: str) -> None:
    side = copy_of(_waiting(True)[0])
    net, s = side.net, side.session
    assert net is not None
    pending = side.state.pending
    assert isinstance(pending, Choice)
    try:
        expected: str | None = side.state.clone().answer_notation(pending, text)
    except PiecesError:
        expected = None
    before, n = side.state.digest(), len(s.answers) + 1
    assert net.receive({"t": "answer", "n": n, "action": text, "digest": "x"}) is None
    got = net.next_answer()
    assert isinstance(got, Stop)
    assert side.state.digest() == before  # the board's own match is never touched
    if expected is None:
        assert "does not name a legal move" in got.text and len(s.answers) == n - 1
    else:  # it read, as its canonical text; then the wrong digest stops the game
        assert "Desync" in got.text


def test_junk_and_oversized_messages_are_refused() -> None:
    side, _ = waiting_for_friend()
    net = side.net
    assert net is not None
    for msg in ({"t": "answer", "n": "1", "action": "stay", "digest": "x"},
                {"t": "answer", "n": 1, "action": 0, "digest": "x"},
                {"t": "answer", "n": 1, "action": ["move b2 b3"], "digest": "x"},
                {"t": "answer", "n": 1, "action": "stay", "digest": None},
                {"t": "answer", "n": 1, "action": "x" * (ANSWER_MAX + 1), "digest": "x"},
                {"t": "answer"}):
        assert isinstance(net.receive(msg), Garbage), msg
    for msg in ({"t": "hello"}, {"t": "start", "seed": 1}, {"t": "move b2 b3"}, {}):
        got = net.receive(msg)
        assert isinstance(got, Garbage) and "unknown kind" in got.what
    assert not net.inbox and net.next_answer() is None
    # A forfeit is the piece game's alone: a card duel's Netplay calls it garbage.
    assert net.receive({"t": "forfeit", "x": [1]}) == Forfeit()
    duel = Netplay(net.session, (PiecesError,))
    assert isinstance(duel.receive({"t": "forfeit"}), Garbage)
    stop = net.receive(abort_message("bye\u2603" + "!" * 500))
    assert isinstance(stop, Stop) and "stopped the game: bye?" in stop.text
    assert stop.why is None and len(abort_reason({"why": "!" * 500})) == 120
    # The cable itself refuses what no honest handheld sends: a message too big to send,
    # and from a hostile peer a frame longer than any frame, or a string past the limits.
    clock = FakeClock()
    a, b = MemoryTransport.pair()
    honest = Link(a, clock=clock)
    with pytest.raises(MessageError):
        honest.send({"t": "answer", "n": 1, "action": "x" * MAX_PAYLOAD, "digest": "x"})
    head = struct.pack(">4sBBIII", MAGIC, VERSION, FLAG_DATA, 1, 1, MAX_PAYLOAD + 1)
    b.send(head + struct.pack(">I", zlib.crc32(head)) + b"{" * 64)
    long_string = b'{"t":"answer","n":1,"action":"' + b"x" * 5000 + b'","digest":"x"}'
    b.send(encode_frame(Frame(FLAG_DATA, 1, 1, long_string)))
    b.send(encode_frame(Frame(FLAG_DATA, 2, 1, b'{"t":"bogus"}')))
    events = []
    for _ in range(5):
        clock.advance(FRAME_MS)
        events += honest.poll()
    delivered = [e.message for e in events if e.kind is EventKind.MESSAGE]
    refused = [e.detail for e in events if e.kind is EventKind.CORRUPT]
    assert delivered == [{"t": "bogus"}]  # only what keeps the limits arrives ...
    assert any("over the limit" in r for r in refused)
    assert any("5000 characters" in r for r in refused)
    got = net.receive({"t": "bogus"})  # ... and the game ignores it
    assert isinstance(got, Garbage) and "bogus" in got.what


# --------------------------------------------------------------------------- another game


def test_a_friend_in_the_card_game_is_refused_on_both_sides() -> None:
    """A piece-game handheld and a card-game handheld on one cable: each reads the other's
    hello, refuses it with its own words and tells the friend why; neither starts."""
    cable = Cable()
    pieces_side = cable.host
    card_hello = Hello("Cid", "Blaze", ["ecard1-1"] * 60)  # the card game, expedition
    cable.guest.hello = card_hello
    pieces_side.link.send(pieces_side.hello.message())
    cable.guest.link.send(card_hello.message())
    at_pieces = parse_hello(cable.take(pieces_side), game=GAME, era=ERA)
    at_cards = parse_hello(cable.take(cable.guest), game="tcg", era="expedition")
    assert isinstance(at_pieces, Refusal) and isinstance(at_cards, Refusal)
    assert "wants to play the game 'tcg', this one plays 'pieces'" in at_pieces.here
    assert "wants to play the game 'pieces', this one plays 'tcg'" in at_cards.here
    # Each tells the other why, and each reads the other's reason.
    pieces_side.link.send(abort_message(f"this handheld refused: {at_pieces.there}"))
    cable.guest.link.send(abort_message(f"this handheld refused: {at_cards.there}"))
    told_cards = abort_reason(cable.take(cable.guest))
    told_pieces = abort_reason(cable.take(pieces_side))
    assert "plays the game 'pieces', yours wants 'tcg'" in told_cards
    assert "plays the game 'tcg', yours wants 'pieces'" in told_pieces
    assert pieces_side.net is None and cable.guest.net is None  # no game began
