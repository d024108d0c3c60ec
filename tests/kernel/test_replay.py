"""One replay type for the driver and the session: either one's record, replayed through
the kernel's Game, reaches the very position the match ended in."""

from __future__ import annotations

import pytest

from handheld import games
from handheld.cards import default_pool, load_deck
from handheld.engine import EngineError
from handheld.players import make_player, play_match, replay_state
from handheld.session import MatchSession

DECKS = (load_deck("ember_blaze"), load_deck("sky_flock"))


def test_a_driver_record_replays_through_the_game() -> None:
    players = [make_player("greedy", 1), make_player("random", 2)]
    m, rec = play_match(default_pool(), DECKS, players, 11, record_answers=True)
    r = rec.replay()
    assert (r.game, r.era, r.seed) == ("tcg", "expedition", 11)
    assert r.setup == [list(DECKS[0]), list(DECKS[1])] and len(r.answers) == rec.decisions
    again = replay_state(games.game(r.game), r)
    assert again.over and again.digest() == m.digest()
    assert (again.winner, again.result) == (m.winner, m.result)
    # A different seed is another match: the answers do not fit it, or end elsewhere.
    r.seed += 1
    try:
        other = replay_state(games.game("tcg"), r).digest()
    except (EngineError, ValueError):  # the answers are illegal there, or run out
        other = None
    assert other != m.digest()


def test_a_session_record_replays_through_the_game() -> None:
    s = MatchSession(default_pool(), DECKS, ["greedy", "random"], 5)
    while s.step():
        pass
    r = s.record()
    assert r.to_json()["answers"] == s.answers and r.seed == 5 and r.game == "tcg"
    assert replay_state(games.game("tcg"), r).digest() == s.match.digest()
    r.answers.pop()
    with pytest.raises(ValueError, match="not over after them"):
        replay_state(games.game("tcg"), r)


def test_a_piece_game_replays_through_the_kernel() -> None:
    """Legend Pieces keeps the same kind of replay: setup (two armies), seed, notations."""
    import random

    from handheld.kernel import Replay
    from handheld.pieces import PiecesError
    from handheld.players import drive

    state = games.game("pieces").new_state(["gold", "silver"], "classic")
    players = [make_player("greedy", 3), make_player("random", 4)]
    answers: list[str] = []
    drive(state, [players[0].choose, players[1].choose], random.Random(21), answers=answers)
    assert state.over and answers and all(isinstance(a, str) for a in answers)
    r = Replay("pieces", "classic", ["gold", "silver"], 21, answers)
    again = replay_state(games.game("pieces"), r)
    assert again.digest() == state.digest() and again.winner == state.winner
    r.seed = 22  # the same answers under other draws stray or end elsewhere
    try:
        other = replay_state(games.game("pieces"), r).digest()
    except (PiecesError, ValueError):
        other = None
    assert other != state.digest()
