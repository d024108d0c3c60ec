"""The computer thinks in the background (session.Thinker): on a worker thread, on a clone
of the match, by a twin of the player. The answers are those of the synchronous path, a
thought overtaken by events is dropped without touching the session, and a slow player
never blocks the caller."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from handheld.engine import Chance, Choice, Match
from handheld.players import PLAYERS, GreedyPlayer
from handheld.players.style import STYLES, Style
from handheld.session import MatchSession, Thinker
from tests.theme_match import DECKS, POOL, play_out


def play_in_background(session: MatchSession, thinker: Thinker) -> MatchSession:
    """Play ``session`` to its end with every computer decision made by ``thinker``."""
    for _ in range(100_000):
        waiting = session.waiting_for()
        if waiting == "over":
            return session
        if waiting == "chance":
            session.step()
            continue
        assert waiting == "computer"
        thought = thinker.start(session)
        assert thought is not None
        assert thinker.wait(30)
        assert thinker.apply(session)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("players", "styles"), [
    (("greedy", "greedy"), []),
    (("random", "greedy"), []),
    (("greedy", "greedy"), [STYLES["swarm"].to_dict(), STYLES["hoarder"].to_dict()]),
])
def test_background_answers_equal_the_synchronous_ones(players: tuple[str, str],
                                                       styles: list[Any]) -> None:
    total = 0
    for seed in (5, 6, 7):
        reference = play_out(MatchSession(POOL, DECKS, list(players), seed, styles=styles))
        thinker = Thinker()
        try:
            session = play_in_background(
                MatchSession(POOL, DECKS, list(players), seed, styles=styles), thinker)
        finally:
            thinker.close()
        total += len(reference.answers)
        assert session.answers == reference.answers
        assert session.match.position() == reference.match.position()
        # The session adopted each twin: the players' states go on as the synchronous ones.
        assert [p.get_state() for p in session.ai] == [p.get_state() for p in reference.ai]
    assert total > 60  # whole matches, with many decisions


def test_a_styled_seat_survives_a_suspend() -> None:
    styles = [None, STYLES["disruptor"].to_dict()]
    session = MatchSession(POOL, DECKS, ["greedy", "greedy"], seed=8, styles=styles)
    for _ in range(40):
        session.step()
    snap = json.loads(json.dumps(session.snapshot()))
    resumed = MatchSession.resume(POOL, snap)
    assert resumed.ai[1].style == STYLES["disruptor"] and resumed.ai[0].style.name == "plain"
    reference = play_out(MatchSession(POOL, DECKS, ["greedy", "greedy"], seed=8,
                                      styles=styles))
    assert play_out(resumed).answers == reference.answers


class Gate:
    """A player that waits for the test to open its gate before each answer (then answers
    as the greedy player would)."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self.calls = 0

    def maker(self, seed: int, style: Style | None = None) -> Any:
        gate = self

        class Slow(GreedyPlayer):
            name = "slow"

            def choose(self, m: Match, choice: Choice) -> int | list[int]:
                gate.calls += 1
                gate.started.set()
                # Bounded, so a broken test cannot hang the suite.
                assert gate.open.wait(20), "the gate was never opened"
                return super().choose(m, choice)

        return Slow(seed, style)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Gate:
    g = Gate()
    monkeypatch.setitem(PLAYERS, "slow", g.maker)
    return g


def first_decision(session: MatchSession) -> None:
    while session.waiting_for() == "chance":
        session.step()
    assert session.waiting_for() == "computer"


def test_a_slow_player_never_blocks_and_its_answer_comes_after(gate: Gate) -> None:
    session = MatchSession(POOL, DECKS, ["slow", "slow"], seed=3)
    first_decision(session)
    thinker = Thinker()
    try:
        thought = thinker.start(session)
        assert thought is not None and thinker.start(session) is thought  # one at a time
        assert gate.started.wait(10)
        assert not thinker.ready() and not thinker.wait(0.05)
        assert not thinker.apply(session) and session.answers == []  # not ready: nothing
        gate.open.set()
        assert thinker.wait(20)
        assert thinker.apply(session)
        assert len(session.answers) == 1 and not thinker.busy
    finally:
        gate.open.set()
        thinker.close()
    # The same answer as the synchronous path's.
    sync = MatchSession(POOL, DECKS, ["slow", "slow"], seed=3)
    first_decision(sync)
    sync.step()
    assert sync.answers == session.answers


def test_a_thought_overtaken_by_a_forfeit_is_dropped(gate: Gate) -> None:
    session = MatchSession(POOL, DECKS, ["slow", "slow"], seed=4)
    first_decision(session)
    before = json.dumps(session.snapshot())
    thinker = Thinker()
    try:
        thinker.start(session)
        assert gate.started.wait(10)
        # Suspending mid-thought saves the match as if the thought had never begun.
        assert json.dumps(session.snapshot()) == before
        session.concede(0)
        gate.open.set()
        assert thinker.wait(20)
        assert not thinker.apply(session)  # dropped, without an exception
        assert session.match.result == "forfeit" and len(session.answers) == 1
    finally:
        gate.open.set()
        thinker.close()


def test_a_stale_thought_gives_way_to_the_new_decision(gate: Gate) -> None:
    """Time called (or any event) mid-thought: the next start thinks about the decision
    the match waits for now, not the old one."""
    session = MatchSession(POOL, DECKS, ["slow", "slow"], seed=4)
    first_decision(session)
    thinker = Thinker()
    try:
        old = thinker.start(session)
        assert old is not None and gate.started.wait(10)
        gate.open.set()
        sync = MatchSession(POOL, DECKS, ["slow", "slow"], seed=4)
        first_decision(sync)
        sync.step()  # the same decision answered elsewhere: the session moves on
        session.answer(sync.answers[0])
        while session.waiting_for() == "chance":
            session.step()
        new = thinker.start(session)
        assert new is not old and new is not None
        assert new.decision is session.match.pending and new.at == 1
        assert thinker.wait(20) and thinker.apply(session) and len(session.answers) == 2
    finally:
        gate.open.set()
        thinker.close()


def test_closing_mid_thought_never_waits_and_drops_the_answer(gate: Gate) -> None:
    session = MatchSession(POOL, DECKS, ["slow", "slow"], seed=4)
    first_decision(session)
    thinker = Thinker()
    thinker.start(session)
    assert gate.started.wait(10)
    thinker.close()  # returns at once, with the worker still blocked
    assert not thinker.busy and not thinker.apply(session)
    gate.open.set()
    assert session.answers == [] and isinstance(session.match.pending, (Choice, Chance))
