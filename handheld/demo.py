"""The headless demo: a whole match between two computer players, printed as a readable
log (what ``python -m handheld`` shows where there is no screen yet)."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import IO

from .cards import default_pool, load_deck
from .engine.describe import describe_event
from .engine.notation import EV_ATTACK, EV_KO, EV_SHUFFLE, EV_TURN, EV_WIN
from .players import MatchRecord, make_player, play_match


def run_demo(
    decks: Sequence[str] = ("blazing_quake", "tidal_mind"),
    players: Sequence[str] = ("greedy", "greedy"),
    seed: int | None = None,
    out: IO[str] = sys.stdout,
    delay: float = 0.0,
) -> MatchRecord:
    """Play and print one match; returns its record (winner, result, turns...)."""
    if seed is None:
        seed = int(time.time()) % 100_000
    pool = default_pool()
    deck_lists = [load_deck(d) for d in decks]
    ps = [make_player(players[0], seed + 1), make_player(players[1], seed + 2)]
    m, rec = play_match(pool, deck_lists, ps, seed, record_log=True)
    title = (f"Pocket TCG demo -- P1 {players[0]} with {decks[0]} vs P2 {players[1]} "
             f"with {decks[1]} (seed {seed})")
    print(title, file=out)
    print("=" * len(title), file=out)
    for ev in m.log:
        if ev[0] == EV_SHUFFLE:
            continue
        print(describe_event(m, ev), file=out)
        if delay and ev[0] in (EV_TURN, EV_ATTACK, EV_KO, EV_WIN):
            out.flush()
            time.sleep(delay)
    print(f"\nThe match took {rec.turns} turns and {rec.decisions} decisions"
          f"{'; Sudden Death ' + str(rec.sudden_death) + 'x' if rec.sudden_death else ''}.",
          file=out)
    print(f"Replay it with: python -m handheld demo --seed {seed}", file=out)
    assert rec.winner is not None
    return rec
