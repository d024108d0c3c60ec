"""The player's records from the match history (issue 18: records per opponent)."""

from __future__ import annotations

import time
from pathlib import Path

from handheld.records import DRAW, LOSS, OTHERS, PIECES, WIN, match_line, outcome, records
from handheld.roster import OPPONENTS
from handheld.save import MatchResult

QUILL = next(o for o in OPPONENTS.values() if o.name == "Quill")


def match(winner: str | None, *, opponent: str | None = None, outcome_: str | None = None,
          game: str = "tcg", result: str = "prizes") -> MatchResult:
    return MatchResult(0, 1, time.mktime((2026, 11, 27, 12, 0, 0, 0, 0, -1)), "Blazing Quake",
                       "Tidal Mind", winner, result, 9, "expedition", game, opponent,
                       outcome_)


def test_outcomes_from_the_players_side() -> None:
    assert outcome(match("Ash"), "Ash") == WIN
    assert outcome(match("CPU"), "Ash") == LOSS
    assert outcome(match(None), "Ash") == DRAW
    # A roster duel says its outcome itself (the winner's label may be a deck's name).
    assert outcome(match("Tidal Mind", opponent=QUILL.id, outcome_=WIN), "Ash") == WIN


def test_one_line_per_opponent_the_most_played_first() -> None:
    history = [match("Ash", opponent=QUILL.id, outcome_=WIN),
               match("Quill", opponent=QUILL.id, outcome_=LOSS),
               match("Ash", opponent=QUILL.id, outcome_=WIN),
               match("Ash"), match(None, game="pieces")]
    got = [(r.opponent, r.wins, r.losses, r.draws) for r in records(history, "Ash")]
    assert got == [("Quill", 2, 1, 0), (PIECES, 0, 0, 1), (OTHERS, 1, 0, 0)]


def test_a_match_line() -> None:
    line = match_line(match("Ash", opponent=QUILL.id, outcome_=WIN,
                            result="prizes+no_pokemon"), "Ash")
    assert line == "27 Nov W Quill: prizes, 9 turns"
    assert match_line(match("CPU", result="no_pokemon"), "Ash") == \
        "27 Nov L Blazing Quake v Tidal Mind: no pokemon, 9 turns"


def test_the_records_screen_from_the_main_menu(tmp_path: Path) -> None:
    from handheld.ui.app import Handheld
    from handheld.ui.scenes.records import RecordsScene

    h = Handheld(headless=True, data_dir=tmp_path, seed=3)
    name = h.saves.profile(h.profile).name
    h.saves.add_match(h.profile, deck_a="Blazing Quake", deck_b="Tidal Mind", winner=name,
                      result="prizes", turns=12, ruleset="expedition", opponent=QUILL.id,
                      outcome=WIN)
    h.saves.add_match(h.profile, deck_a="Blazing Quake", deck_b="Tidal Mind", winner="CPU",
                      result="no_pokemon", turns=7, ruleset="expedition")
    h.press("START")
    h.press("SELECT")
    scene = h.scenes.top
    assert isinstance(scene, RecordsScene)
    assert scene.lines == [f"{OTHERS}: 0 won, 1 lost", "Quill: 1 won, 0 lost"]  # (by name)
    h.press("RIGHT")
    assert len(scene.lines) == 2 and scene.lines[0].endswith("no pokemon, 7 turns")
    h.press("B")
    assert h.describe()["scene"] == "MainMenuScene"
