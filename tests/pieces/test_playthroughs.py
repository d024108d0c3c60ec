"""Golden playthroughs of Legend Pieces (as tests/engine/test_playthroughs.py does for the
card game): whole games written as text under tests/pieces/playthroughs/, one line per
decision with every option offered (in notation) and the answer, one per chance node with
the coin's face or the Plus Power card drawn, and the game's own event lines
(``describe_event``) as they happen. Any change in what the engine offers, how it tells
it, what the computer players choose or how a game ends shows as a diff of a readable file.

Regenerate after an intended change, and read the diff before committing it:

    HANDHELD_UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/pieces/test_playthroughs.py
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from handheld.kernel import Chance, Choice
from handheld.pieces import PiecesGame, describe_event, describe_option
from handheld.players import make_player

FOLDER = Path(__file__).parent / "playthroughs"
UPDATE = os.environ.get("HANDHELD_UPDATE_PLAYTHROUGHS") == "1"
MAX_DECISIONS = 5_000
SEATS = ("Gold", "Silver")

# (name, Gold's player, Silver's player, seed)
GAMES = [
    ("greedy_vs_greedy", "greedy", "greedy", 1),
    ("random_vs_greedy", "random", "greedy", 2),
    ("greedy_vs_random", "greedy", "random", 3),
    ("random_vs_random", "random", "random", 4),
]


def transcript(gold: str, silver: str, seed: int) -> str:
    """The whole game as text (see the module's docstring)."""
    m = PiecesGame().new_state()
    rng = random.Random(seed)
    players: list[Any] = [make_player(gold, seed * 10 + 1), make_player(silver, seed * 10 + 2)]
    lines = [f"# Gold {gold}, Silver {silver}, seed {seed}"]
    seen = 0
    decisions = 0

    def events() -> None:
        nonlocal seen
        lines.extend(f"  . {describe_event(m, ev)}" for ev in m.log[seen:])
        seen = len(m.log)

    while not m.over:
        d = m.pending
        if isinstance(d, Chance):
            outcome = d.sample(rng)
            if d.kind == "coin":
                lines.append(f"t{m.turn} coin: {'heads' if outcome else 'tails'}")
            else:
                lines.append(f"t{m.turn} {d.kind} of {d.size}: +{m.face_down[outcome]}")
            m.resolve(outcome)
            events()
            continue
        assert isinstance(d, Choice), f"the game waits for nothing at turn {m.turn}"
        answer = players[d.player].choose(m, d)
        offered = " | ".join(m.notations(d))
        picked = [answer] if isinstance(answer, int) else list(answer)
        said = " + ".join(describe_option(m, d.options[i]) for i in picked)
        lines.append(f"t{m.turn} {SEATS[d.player]} {d.kind} [{d.min}-{d.max}] {{{offered}}} "
                     f"=> {m.answer_notation(d, answer)} ({said})")
        m.apply(answer)
        events()
        decisions += 1
        assert decisions <= MAX_DECISIONS, "the game did not end"
    winner = "nobody" if m.winner is None else SEATS[m.winner]
    lines.append(f"# over at turn {m.turn}: {winner} wins by {m.result}; "
                 f"{decisions} decisions")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game", GAMES, ids=[g[0] for g in GAMES])
def test_the_game_plays_as_its_golden_transcript(game: tuple[Any, ...]) -> None:
    name, *args = game
    text = transcript(*args)
    path = FOLDER / f"{name}.txt"
    if UPDATE:
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden {path.name}: run with HANDHELD_UPDATE_PLAYTHROUGHS=1"
    golden = path.read_text(encoding="utf-8").splitlines()
    got = text.splitlines()
    for number, (want, have) in enumerate(zip(golden, got, strict=False), 1):
        assert have == want, f"{path.name}:{number} differs\n  golden: {want}\n  now:    {have}"
    assert len(got) == len(golden), f"{path.name}: {len(golden)} lines golden, {len(got)} now"


def test_every_golden_transcript_belongs_to_a_game() -> None:
    """A transcript whose game was dropped from GAMES would never be checked again."""
    assert {p.stem for p in FOLDER.glob("*.txt")} == {g[0] for g in GAMES}


def test_a_transcript_notices_a_changed_game() -> None:
    """The comparison can fail: the same players with another seed differ from the golden."""
    golden = (FOLDER / "greedy_vs_greedy.txt").read_text(encoding="utf-8")
    assert transcript("greedy", "greedy", 99) != golden


def test_the_transcripts_show_every_kind_of_line() -> None:
    """Between them the goldens pin a coin, draws, each decision kind and a game's end."""
    text = "".join((FOLDER / f"{g[0]}.txt").read_text(encoding="utf-8") for g in GAMES)
    for mark in (" coin: ", " draw of ", " turn [1-1] ", " after_move [1-1] ", "# over at",
                 ". Turn 1: ", "draws Plus Power", "The +70 was drawn", " defenders [1-"):
        assert mark in text, mark
