"""Netplay without screens: two sessions kept on the same match by the messages of
handheld.netplay alone (each answer travels as its notation), and every way a friend's
messages can disagree with this one, hostile answer texts among them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handheld.cards import default_pool, load_deck
from handheld.engine import Choice, EngineError
from handheld.netplay import (
    ANSWER_MAX,
    PROTOCOL,
    Garbage,
    Hello,
    Netplay,
    Refusal,
    Stop,
    parse_hello,
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
    return me.answer_message()


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
        pending = friend.session.match.pending
        assert isinstance(pending, Choice)
        msg = play_one(me, friend)
        # The answer travels as the text the sender's replay keeps, and that text is what
        # the friend's own copy of the match makes of the option index: it tells the
        # friend nothing an index would not.
        assert isinstance(msg["action"], str) and msg["action"] == me.session.answers[-1]
        assert friend.session.match.answer_notation(pending, first(pending)) == msg["action"]
        assert friend.receive(msg) is None
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
                      ({**msg, "action": "attack ecard1-40 Teleport"}, "not name a legal")):
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
    assert me.receive({"t": "answer", "n": 1, "action": "pass", "digest": "00000000"}) is None
    stop = me.out_of_turn()
    assert isinstance(stop, Stop) and "out of turn" in stop.text
    assert me.receive({"t": "answer", "n": "one", "action": "pass", "digest": "x"}) == \
        Garbage("an answer with missing or wrong fields")
    # Option indices (what protocol 2 sent), a text past the limit: not an answer.
    for action in (0, [0, 1], [-1], None, {"a": 1}, "x" * (ANSWER_MAX + 1)):
        assert me.receive({"t": "answer", "n": 1, "action": action, "digest": "x"}) == \
            Garbage("an answer with missing or wrong fields")
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


def waiting_friend(seed: int = 9, several: bool = False) -> tuple[Netplay, Choice]:
    """The side waiting for the friend's first decision (the first that takes several
    options if asked: the setup's Bench), the decisions before it played on both sides."""
    host, guest = pair(seed)
    for _ in range(50):
        advance(host, guest)
        me, friend = mover(host, guest)
        pending = friend.session.match.pending
        assert isinstance(pending, Choice)
        if pending.max > 1 or not several:
            return friend, pending
        assert friend.receive(play_one(me, friend)) is None and friend.apply_next() is None
    raise AssertionError("no such decision")


HOSTILE = [",", "teleport ecard1-1 bench9", "card ecard1-999",
           "card ecard1-86 #99", "prize 0", "pass\u0000", "\u202epass", "card, card, card",
           "attack ecard1-40 Flamethrower " * 100, ", ".join(["card ecard1-128"] * 200)]


@pytest.mark.parametrize("several", [False, True])
def test_a_hostile_answer_text_stops_the_duel_and_changes_nothing(several: bool) -> None:
    """Only a text that reads as an answer to the decision waited on is applied; any other
    stops the duel as a desync (the friend is told), the match and its replay untouched,
    and the screen's words name no card (the engine's refusal lists the decision's
    options, cards of the friend's hand this player is not shown)."""
    # No pick at all is an answer where none may be picked (the setup's Bench).
    for text in HOSTILE if several else [*HOSTILE, "", " ", "none"]:
        net, pending = waiting_friend(several=several)
        s = net.session
        before, kept = s.match.digest(), list(s.answers)
        n = len(s.answers) + 1
        assert net.receive({"t": "answer", "n": n, "action": text, "digest": "x"}) is None
        stop = net.apply_next()
        assert isinstance(stop, Stop) and "does not name a legal move" in stop.text, (text, stop)
        assert stop.why is not None and "desync" in stop.why
        assert s.match.digest() == before and s.answers == kept
        assert s.match.pending == pending
        assert not re.search(r"[a-z]+\d*-\d+", stop.text), stop.text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.lists(st.sampled_from(
    ["card", "ecard1-128", "ecard1-130", ",", " ", "#1", "#2", "none", "CARD"]),
    max_size=30).map("".join))
def test_any_text_is_applied_only_if_it_reads(text: str) -> None:
    net, pending = waiting_friend(several=True)
    s = net.session
    before, n = s.match.digest(), len(s.answers) + 1
    try:
        expected = s.match.answer_notation(pending, text)
    except EngineError:
        expected = None
    assert net.receive({"t": "answer", "n": n, "action": text, "digest": "x"}) is None
    stop = net.apply_next()
    assert isinstance(stop, Stop)
    if expected is None:
        assert "does not name a legal move" in stop.text
        assert s.match.digest() == before and len(s.answers) == n - 1
    else:  # it read: applied as its canonical text (then the wrong digest stops the duel)
        assert "Desync" in stop.text and s.answers[-1] == expected


def test_the_link_speaks_protocol_3_and_refuses_older_handhelds() -> None:
    """3: answers travel as notation. A handheld of protocol 2 (option indices) is refused
    at the hello, on both screens, before any answer could be misread."""
    assert PROTOCOL == 3
    mine = Hello("Ash", "deck", list(DECKS[0]))
    old = {**mine.message(), "v": 2}
    got = parse_hello(old, game="tcg", era="expedition")
    assert isinstance(got, Refusal) and "protocol 2" in got.here and "3" in got.there
    assert parse_hello(mine.message(), game="tcg", era="expedition") == mine


def test_answer_message_needs_an_answer_just_given() -> None:
    host, _ = pair()
    with pytest.raises(ValueError, match="notation"):
        host.answer_message()
