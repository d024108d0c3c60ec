"""Netplay without screens: two sessions kept on the same match by the messages of
handheld.netplay alone, and every way a friend's messages can disagree with this one."""

from __future__ import annotations

from typing import Any

from handheld.cards import default_pool, load_deck
from handheld.engine import Choice, EngineError
from handheld.netplay import (
    Garbage,
    Netplay,
    Refusal,
    Stop,
    parse_start,
    setup_digest,
    start_message,
)
from handheld.session import MatchSession

DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))


def pair(seed: int = 3) -> tuple[Netplay, Netplay]:
    """Host (seat 0 is its player) and guest (seat 1), on the same decks and seed."""
    host = MatchSession(default_pool(), DECKS, ["human", "remote"], seed)
    guest = MatchSession(default_pool(), DECKS, ["remote", "human"], seed)
    return Netplay(host, (EngineError,)), Netplay(guest, (EngineError,))


def first(choice: Choice) -> int | list[int]:
    return 0 if choice.single else list(range(choice.min))


def advance(*nets: Netplay) -> None:
    """Resolve chance nodes on every side (same seed: same outcomes)."""
    for net in nets:
        s = net.session
        assert isinstance(s, MatchSession)
        while s.waiting_for() == "chance":
            s.step()


def play_one(me: Netplay, friend: Netplay) -> dict[str, Any]:
    """``me`` answers its pending choice; returns the message that would travel."""
    s = me.session
    ch = s.match.pending
    assert isinstance(ch, Choice)
    action = first(ch)
    s.answer(action)
    return me.answer_message(action)


def mover(host: Netplay, guest: Netplay) -> tuple[Netplay, Netplay]:
    return (host, guest) if host.session.waiting_for() == "human" else (guest, host)


def test_two_sessions_agree_to_the_end_through_the_messages() -> None:
    host, guest = pair()
    answers = 0
    while not host.session.match.over:
        advance(host, guest)
        if host.session.match.over:
            break
        me, friend = mover(host, guest)
        assert friend.session.waiting_for() == "remote"
        assert friend.receive(play_one(me, friend)) is None
        assert friend.out_of_turn() is None
        assert friend.apply_next() is None
        answers += 1
    assert answers > 20 and guest.session.match.over
    assert host.session.match.digest() == guest.session.match.digest()
    assert host.session.answers == guest.session.answers


def test_a_wrong_digest_a_wrong_number_and_an_illegal_answer_stop_the_duel() -> None:
    host, guest = pair()
    advance(host, guest)
    me, friend = mover(host, guest)
    msg = play_one(me, friend)
    for bad, said in (({**msg, "digest": "deadbeef"}, "Desync"),
                      ({**msg, "n": msg["n"] + 1}, "expected #1"),
                      ({**msg, "action": 999}, "not a legal move")):
        h2, g2 = pair()
        advance(h2, g2)
        _, other = mover(h2, g2)  # the side that receives this answer, untouched
        assert other.receive(bad) is None  # well formed: queued
        stop = other.apply_next()
        assert isinstance(stop, Stop) and said in stop.text, stop
        assert stop.why is not None and "desync" in stop.why
    # The untampered message keeps both on the same match.
    assert friend.receive(msg) is None and friend.apply_next() is None
    assert friend.session.match.digest() == me.session.match.digest()


def test_an_answer_out_of_turn_garbage_and_an_abort() -> None:
    host, guest = pair()
    advance(host, guest)
    me, _ = mover(host, guest)
    # The friend answers while it is this player's move.
    assert me.receive({"t": "answer", "n": 1, "action": 0, "digest": "00000000"}) is None
    stop = me.out_of_turn()
    assert isinstance(stop, Stop) and "out of turn" in stop.text
    assert me.receive({"t": "answer", "n": "one", "action": 0, "digest": "x"}) == \
        Garbage("an answer with missing or wrong fields")
    assert me.receive({"t": "answer", "n": 1, "action": [-1], "digest": "x"}) is not None
    got = me.receive({"t": "nonsense"})
    assert isinstance(got, Garbage) and "nonsense" in got.what
    stop = me.receive({"t": "abort", "why": "bye\u2603"})
    assert isinstance(stop, Stop) and "bye?" in stop.text and stop.why is None


def test_the_start_carries_a_checked_seed() -> None:
    msg = start_message(DECKS, 42)
    assert msg == {"t": "start", "seed": 42, "check": setup_digest(DECKS, 42)}
    assert parse_start(msg, DECKS) == 42
    other = (DECKS[1], DECKS[0])
    assert isinstance(parse_start(msg, other), Refusal)  # the decks differ
    for seed in (-1, 2**63, "42", True, None):
        assert isinstance(parse_start({**msg, "seed": seed}, DECKS), Refusal)
