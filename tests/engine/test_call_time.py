"""``Match.call_time``: time is called and the extra turns are played. Fewer Prize cards
left wins; as many left starts a Sudden Death game (1 Prize each) from a full reset; the
log says so, and nothing is lost or duplicated whatever decision was pending."""

from __future__ import annotations

from collections import Counter

import pytest

from handheld.cards import default_pool, load_deck
from handheld.engine import Chance, Match
from handheld.engine.describe import describe_event
from handheld.engine.errors import GameOver
from handheld.session import MatchSession

POOL = default_pool()
DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))


def prizes_left(m: Match) -> tuple[int, int]:
    return len(m.players[0].prizes), len(m.players[1].prizes)


def play_until(seed: int, want: str) -> MatchSession:
    """A computer match played until the Prizes left differ ("fewer") or, after the
    setup, are equal ("equal")."""
    s = MatchSession(POOL, DECKS, ["greedy", "greedy"], seed, record_log=True)
    while not s.over:
        left = prizes_left(s.match)
        if s.match.turn >= 3 and ((want == "fewer" and left[0] != left[1])
                                  or (want == "equal" and left[0] == left[1] > 0)):
            return s
        s.step()
    raise AssertionError(f"seed {seed}: no such moment before the end")


def every_card(m: Match) -> Counter[int]:
    cards: Counter[int] = Counter()
    for p in m.players:
        for zone in (p.deck, p.hand, p.discard, p.prizes, p.resolving, p.supporter):
            cards.update(zone)
        for slot in p.in_play():
            cards.update(slot.attached())
    if m.stadium >= 0:
        cards[m.stadium] += 1
    return cards


def test_fewer_prizes_left_wins_when_time_is_called() -> None:
    s = play_until(5, "fewer")
    m = s.match
    left = prizes_left(m)
    assert m.call_time() == "time"
    assert m.over and m.result == "time"
    assert m.winner == (0 if left[0] < left[1] else 1)
    assert m.pending is None
    assert ("time", left[0], left[1]) in m.log
    assert m.log[-1] == ("win", m.winner, "time")
    text = describe_event(m, m.log[-1], names=("Ash", "Misty"))
    assert "fewer Prize cards left when time was called" in text
    with pytest.raises(GameOver):
        m.call_time()


def test_equal_prizes_left_start_sudden_death() -> None:
    s = play_until(2, "equal")
    m = s.match
    left = prizes_left(m)
    before = every_card(m)
    assert m.call_time() == "sudden_death"
    assert not m.over and m.sudden_death == 1 and m.prize_count == 1
    assert ("time", left[0], left[1]) in m.log
    assert ("sudden_death", 1, "time") in m.log
    assert "Sudden Death" in describe_event(m, ("time", *left))
    # A whole new game: every card back in its owner's deck, a coin for who goes first.
    assert every_card(m) == before
    assert all(not p.hand and not p.prizes and p.active is None for p in m.players)
    assert isinstance(m.pending, Chance) and m.pending.kind == "coin"
    while m.turn < 1:
        s.step()
    assert prizes_left(m) == (1, 1)  # the Sudden Death game is played for 1 Prize each
    while not s.over:
        s.step()
    assert m.result != "time" and m.winner in (0, 1)


@pytest.mark.parametrize("seed", [1, 7])
def test_time_at_any_decision_keeps_every_card(seed: int) -> None:
    """Whatever was pending (an attack's choice, a shuffle, a promotion), calling time
    loses no card and makes none up; the match goes on or ends cleanly."""
    s = MatchSession(POOL, DECKS, ["random", "random"], seed)
    checked = 0
    while not s.over and checked < 60:
        for _ in range(7):
            s.step()
        if s.over:
            break
        copy = Match.from_position(POOL, s.match.position())
        before = every_card(copy)
        assert sorted(before) == list(range(len(copy.defs)))
        outcome = copy.call_time()
        assert every_card(copy) == before
        if outcome == "time":
            assert copy.over and copy.winner is not None
        else:
            assert copy.pending is not None and not copy.over
        checked += 1
    assert checked > 10
