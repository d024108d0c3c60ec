"""tools/bench_search.py's diagnostics: the league's balance (``greedy``), the oracle and the
slips."""

from __future__ import annotations

import argparse
import random

import pytest

from handheld.cards import DECK_SETS, default_pool, load_deck
from handheld.engine import Choice, Match
from handheld.players import GreedyPlayer, SearchPlayer
from tools import bench_search


def _main_phase_match(seed: int = 3) -> Match:
    pool = default_pool()
    decks = [load_deck(n) for n in DECK_SETS["theme"]]
    m = Match(pool, decks, record_log=False, validate=False)
    rng = random.Random(seed)
    players = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    while not (isinstance(m.pending, Choice) and m.pending.kind == "main" and m.turn >= 2):
        d = m.pending
        if isinstance(d, Choice):
            m.apply(players[d.player].choose(m, d))
        else:
            assert d is not None
            m.resolve(d.sample(rng))
    return m


def test_the_oracle_judges_on_the_true_match_and_the_player_does_not() -> None:
    m = _main_phase_match()
    opp = 1 - m.current
    truth = (list(m.players[opp].hand), list(m.players[opp].deck), list(m.players[opp].prizes))
    oracle = bench_search.DiagnosticSearchPlayer(1, "normal", oracle="all")._deal(
        m, m.current, random.Random(5))
    assert (oracle.players[opp].hand, oracle.players[opp].deck,
            oracle.players[opp].prizes) == truth
    # The real player's worlds deal the hidden cards again: over a few deals one differs.
    player = SearchPlayer(1, "normal")
    dealt = [player._deal(m, m.current, random.Random(k)) for k in range(5)]
    assert any((w.players[opp].hand, w.players[opp].deck) != truth[:2] for w in dealt)


def test_the_hand_oracle_sees_the_opponents_hand_and_deals_the_rest_again() -> None:
    m = _main_phase_match()
    opp = 1 - m.current
    hand, deck = list(m.players[opp].hand), list(m.players[opp].deck)
    diag = bench_search.DiagnosticSearchPlayer(1, "normal", oracle="hand")
    dealt = [diag._deal(m, m.current, random.Random(k)) for k in range(5)]
    assert all(w.players[opp].hand == hand for w in dealt)
    # The opponent's deck is still unknown: over a few deals its order differs.
    assert any(w.players[opp].deck != deck for w in dealt)
    assert all(sorted(w.players[opp].deck + w.players[opp].prizes)
               == sorted(deck + list(m.players[opp].prizes)) for w in dealt)


def test_an_unknown_oracle_is_refused_on_the_command_line() -> None:
    with pytest.raises(SystemExit) as exc:
        bench_search.main(["--oracle", "deck"])
    assert exc.value.code == 2


def test_by_deck_splits_the_wins_by_the_searching_sides_deck() -> None:
    report = bench_search.run(["expedition"], ["greedy"], 4, 0, 1, None)
    out = report["eras"]["expedition"]["greedy"]
    by_deck = out["by_deck"]
    assert set(by_deck) == set(DECK_SETS["theme"])
    assert all(t["games"] == 2 for t in by_deck.values())  # 4 games: each deck twice
    assert sum(t["wins"] for t in by_deck.values()) == out["wins"]
    a, b = DECK_SETS["theme"]
    assert set(out["by_pair"]) == {f"{a} vs {b}", f"{b} vs {a}"}
    assert {k.split(" vs ")[0]: t for k, t in out["by_pair"].items()} == by_deck
    assert report["errors"] == 0


def test_the_full_league_plays_every_pair_of_the_eras_decks() -> None:
    pairs = bench_search.league_pairs("black_white", "full", 7)
    decks = DECK_SETS["black_white"]
    assert len(pairs) == len(decks) * (len(decks) - 1) // 2
    assert {frozenset(p) for p in pairs} == {frozenset((a, b)) for a in decks for b in decks
                                             if a != b}
    assert pairs == bench_search.league_pairs("black_white", "full", 7)  # the seed decides
    assert pairs != bench_search.league_pairs("black_white", "full", 8)
    assert bench_search.league_pairs("expedition", "theme", 7) == [tuple(DECK_SETS["theme"])]


def test_four_games_of_the_full_league_give_each_deck_of_a_pair_both_seats() -> None:
    report = bench_search.run(["expedition"], ["greedy"], 4, 3, 1, None, league="full")
    out = report["eras"]["expedition"]
    first = bench_search.league_pairs("expedition", "full", 3)[0]
    assert out["pairs_played"] == 1 and out["pairs"] == 36
    assert set(out["greedy"]["by_deck"]) == set(first)
    assert all(t["games"] == 2 for t in out["greedy"]["by_deck"].values())
    assert set(out["greedy"]["by_pair"]) == {f"{first[0]} vs {first[1]}",
                                              f"{first[1]} vs {first[0]}"}
    assert report["errors"] == 0


def test_slips_make_the_play_outs_greedy_err_on_the_chosen_side_only() -> None:
    m = _main_phase_match()
    choice = m.pending
    assert isinstance(choice, Choice) and len(choice.options) > 1
    # A slip chance of 0 is the greedy player itself; of 1, a random main-phase move.
    plain = GreedyPlayer(9).choose(m.clone(), choice)
    assert bench_search.SlippingGreedyPlayer(9, 0.0).choose(m.clone(), choice) == plain
    sloppy = {bench_search.SlippingGreedyPlayer(s, 1.0).choose(m.clone(), choice)
              for s in range(12)}
    assert len(sloppy) > 1
    player = bench_search.DiagnosticSearchPlayer(1, "normal", slips=(0.3, 0.0))
    for me in (0, 1):
        seats = player._playout_players(77, me)
        assert [getattr(p, "slips", None) for p in seats] == [0.3 if s == me else 0.0
                                                               for s in (0, 1)]
    # The player of the game plays its play-outs with plain greedy on both sides.
    assert all(type(p) is GreedyPlayer for p in SearchPlayer(1, "normal")._playout_players(7, 0))


def test_slips_are_two_chances_and_a_run_with_them_plays_whole_games() -> None:
    assert bench_search.slip_chances("0.2,0") == (0.2, 0.0)
    for bad in ("0.2", "0.2,0,1", "1.5,0", "x,0", "nan,0"):
        try:
            bench_search.slip_chances(bad)
        except argparse.ArgumentTypeError:
            continue
        raise AssertionError(f"{bad!r} accepted")
    report = bench_search.run(["expedition"], ["normal"], 2, 0, 1, 2, slips=(0.5, 0.5))
    assert report["errors"] == 0 and report["eras"]["expedition"]["normal"]["games"] == 2


def test_the_mirror_league_sets_each_theme_deck_against_itself() -> None:
    a, b = DECK_SETS["black_white_theme"]
    assert bench_search.league_pairs("black_white", "mirror", 3) == [(a, a), (b, b)]


def test_no_cap_lifts_the_time_cap_of_every_searching_player(
        monkeypatch: pytest.MonkeyPatch) -> None:
    budgets: list[float | None] = []
    real_init = SearchPlayer.__init__

    def spy(self: SearchPlayer, *args: object, **kwargs: object) -> None:
        real_init(self, *args, **kwargs)  # type: ignore[arg-type]
        budgets.append(self.budget_ms)

    monkeypatch.setattr(SearchPlayer, "__init__", spy)
    for no_cap, slips in ((False, (0.0, 0.0)), (True, (0.0, 0.0)), (True, (0.5, 0.0))):
        budgets.clear()
        report = bench_search.run(["expedition"], ["normal"], 1, 0, 1, 2, slips=slips,
                                  no_cap=no_cap)
        out = report["eras"]["expedition"]["normal"]
        assert report["errors"] == 0 and out["games"] == 1
        assert budgets == [float("inf") if no_cap else bench_search.LEVELS["normal"].budget_ms]
        assert out["capped_decisions"] == 0 or not no_cap
        assert out["cpu_s_searched"] * 1000 >= out["median_cpu_ms_searched"] > 0
