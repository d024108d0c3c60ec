"""The roster: its data is consistent and its decks legal, the level's player is used when
registered (greedy only as the fallback), and the ladder's progress comes from the match
history alone."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import pytest

from handheld import roster
from handheld.cards import default_pool, era_deck_names
from handheld.engine.eras import playable_eras
from handheld.players import SearchPlayer
from handheld.players.style import STYLES


def test_every_playable_era_has_a_ladder_of_clubs_masters_and_a_champion() -> None:
    assert set(roster.LADDERS) == {e.key for e in playable_eras()}
    for era, ld in roster.LADDERS.items():
        assert len(ld.clubs) == 3
        for club in ld.clubs:
            assert [m.rank for m in club.members] == ["member", "member"]
            assert club.master.rank == "master" and club.master.club == club.id
        assert ld.champion.rank == "champion" and ld.champion.level == "expert"
        assert all(o.era == era for o in ld.opponents())
        # Distinct decks within an era, all ready-made decks of it.
        decks = [o.deck for o in ld.opponents()]
        assert len(set(decks)) == len(decks)
        assert set(decks) <= set(era_deck_names(era))


def test_the_levels_climb_from_the_clubs_to_the_champion() -> None:
    order = {level: i for i, level in enumerate(roster.LEVELS)}
    for ld in roster.LADDERS.values():
        for club in ld.clubs:
            assert max(order[m.level] for m in club.members) < order[club.master.level]
            assert club.master.level in ("hard", "expert")
        assert ld.clubs[0].members[0].level == "easy"


def test_every_roster_deck_is_legal_in_its_era() -> None:
    assert roster.deck_problems(default_pool()) == []


def test_a_deck_that_breaks_its_era_rules_is_reported() -> None:
    """deck_problems can fail: a Platinum deck on an Expedition ladder breaks its rules."""
    data = copy.deepcopy(roster.ROSTER_DATA)
    row = list(data["expedition"]["clubs"][0]["members"][0])
    row[2] = "flame_rush"
    data["expedition"]["clubs"][0]["members"][0] = tuple(row)
    ladders = roster.build_ladders({"expedition": data["expedition"]})
    problems = roster.deck_problems(default_pool(), ladders)
    assert problems and all(p.startswith("exp_piet (flame_rush)") for p in problems)


def test_names_and_lines_fit_the_screen() -> None:
    from handheld.ui.font import pocket_font

    font = pocket_font()
    for o in roster.OPPONENTS.values():
        assert font.width(o.name) * 2 <= 104, o.name  # drawn twice as large in a 112 panel
        assert len(o.blurb) <= roster.BLURB_MAX
    for ld in roster.LADDERS.values():
        assert all(font.width(c.name) <= 104 for c in ld.clubs)


def _broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(roster.ROSTER_DATA)
    change(data)
    return data


def _set_member(field: int, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        row = list(data["expedition"]["clubs"][0]["members"][0])
        row[field] = value
        data["expedition"]["clubs"][0]["members"][0] = tuple(row)
    return change


@pytest.mark.parametrize(("change", "message"), [
    (_set_member(0, "exp_odile"), "used twice"),
    (_set_member(3, "sneaky"), "unknown style 'sneaky'"),
    (_set_member(3, {"name": "x", "speed": 2}), "unknown style weights"),
    (_set_member(4, "godlike"), "unknown level 'godlike'"),
    (_set_member(1, "Bartholomew the Great"), "the name must be text"),
    (_set_member(2, "no_such_deck"), "not a ready-made deck"),
    (lambda d: d["expedition"]["clubs"][0]["members"].pop(), "2 members, not 1"),
])
def test_inconsistent_data_is_refused(change: Any, message: str) -> None:
    with pytest.raises(roster.RosterError, match=message):
        roster.build_ladders(_broken(change), {e: era_deck_names(e)
                                               for e in roster.ROSTER_DATA})


def test_an_opponent_plays_as_the_search_player_of_its_level_in_its_style() -> None:
    hale = roster.opponent("exp_hale")  # level "hard", style "brawler"
    player = roster.player_for(hale, 9)
    assert isinstance(player, SearchPlayer)
    assert player.level == "hard" and player.style == STYLES["brawler"]
    assert roster.LEVELS == ("easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class Row:
    opponent: str | None
    outcome: str | None


def test_records_and_progress_come_from_the_history() -> None:
    history = [Row("exp_piet", "loss"), Row("exp_piet", "win"), Row("exp_odile", "draw"),
               Row(None, None), Row("exp_piet", "win")]
    assert roster.records(history)["exp_piet"] == roster.Record(2, 1, 0)
    assert roster.records(history)["exp_odile"].played == 1
    assert roster.beaten(history) == {"exp_piet"}
    exp = roster.ladder("expedition")
    assert roster.status(roster.opponent("exp_hale"), {"exp_piet"}) == "locked"
    assert roster.status(roster.opponent("exp_hale"), {"exp_piet", "exp_odile"}) == "open"
    assert roster.status(roster.opponent("exp_piet"), {"exp_piet"}) == "beaten"
    members = {m.id for c in exp.clubs for m in c.members}
    assert roster.unlocked(exp, set()) == members
    masters = {c.master.id for c in exp.clubs}
    assert exp.champion.id not in roster.unlocked(exp, members | set(list(masters)[:2]))
    assert exp.champion.id in roster.unlocked(exp, members | masters)


def test_on_victory_says_what_a_win_newly_beat_and_unlocked() -> None:
    history = [Row("exp_odile", "win")]
    news = roster.on_victory(history, "exp_piet")
    assert news.first_win and [o.id for o in news.unlocked] == ["exp_hale"]
    assert not news.era_complete
    again = roster.on_victory([*history, Row("exp_piet", "win")], "exp_piet")
    assert not again.first_win and again.unlocked == ()
    # The last win of the era.
    everyone = [Row(o.id, "win") for o in roster.ladder("expedition").opponents()
                if o.id != "exp_vesper"]
    last = roster.on_victory(everyone, "exp_vesper")
    assert last.first_win and last.era_complete and last.unlocked == ()


def test_outcomes_are_from_the_players_side() -> None:
    assert roster.outcome_for(0) == "win" and roster.outcome_for(1) == "loss"
    assert roster.outcome_for(None) == "draw" and roster.outcome_for(0, player_seat=1) == "loss"


def test_a_play_style_names_the_strongest_leanings() -> None:
    assert roster.play_style(STYLES["plain"]) == "Plays by the book."
    assert roster.play_style(STYLES["swarm"]).startswith("Fills the Bench fast")
    assert roster.play_style(STYLES["hoarder"]).startswith("Keeps Energy in hand")
