"""A suspended match whose programs changed since it was saved is rebuilt from its replay
(decks, seed, answers); if even the replay no longer plays, the player is told in one
sentence and the match stays in the saves, untouched, for Keep it or Put aside."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld.cards import default_pool
from handheld.engine import Chance, InvalidPosition, Match
from handheld.engine.cardpool import CardPool
from handheld.engine.effects.steps import CheckState
from handheld.session import (
    REBUILT_NOTE,
    STALE_MATCH,
    MatchSession,
    SessionError,
    StaleMatch,
    load_suspended,
    save_suspended,
)
from tests.theme_match import DECKS, POOL, play_out


def in_a_card_program(seed: int) -> MatchSession:
    """A session stopped while a card's program runs (its counter means something)."""
    session = MatchSession(POOL, DECKS, ["random", "random"], seed=seed, record_log=True)
    while not session.over:
        m = session.match
        if len(m.stack) > 1 and not m.stack[-1].key.startswith("rule:") \
                and len(session.answers) > 15:
            return session
        session.step()
    raise AssertionError("no card program ran in this match")


def changed_pool(key: str) -> CardPool:
    """A pool of its own (not the cached one) whose program ``key`` has an instruction
    more at its end: the same game, other programs."""
    pool = default_pool.__wrapped__()
    code = pool.programs[key] = (*pool.programs[key], CheckState())
    card_id, _, role = key.partition("#")
    d = pool.get(card_id)
    if role == "t":  # a match runs the card's own copy of its program
        d.play_code = code
    elif role[0] == "a":
        d.attacks[int(role[1:])].code = code
    else:
        d.powers[int(role[1:])].code = code
    return pool


def test_a_match_whose_programs_changed_is_rebuilt_from_its_replay() -> None:
    session = in_a_card_program(seed=3)
    snap = json.loads(json.dumps(session.snapshot()))
    key = snap["position"]["stack"][-1]["program"]
    pool = changed_pool(key)
    with pytest.raises(InvalidPosition, match=r"^fingerprint"):  # counters not trusted
        Match.from_position(pool, snap["position"])

    resumed = MatchSession.resume(pool, snap, record_log=True)
    assert resumed.rebuilt
    assert resumed.log_note == REBUILT_NOTE  # the same board: nothing more to say
    assert resumed.answers == session.answers
    assert resumed.match.stack[-1].code == pool.programs[key]  # this version's program
    assert resumed.match.log[:len(session.match.log)] == session.match.log[
        :len(resumed.match.log)]
    # It plays on exactly as the match would have (the rule procedures are unchanged).
    reference = play_out(MatchSession(POOL, DECKS, ["random", "random"], seed=3))
    assert play_out(resumed).answers == reference.answers
    assert resumed.match.winner == reference.match.winner


def test_a_doctored_fingerprint_alone_is_rebuilt_too() -> None:
    """A save claiming other programs than this version's: the replay decides."""
    session = in_a_card_program(seed=6)
    for _ in range(7):  # maybe at a chance now: the rebuilt match stands where it should
        session.step()
    snap = json.loads(json.dumps(session.snapshot()))
    snap["position"]["fingerprint"] = "0123456789abcdef"
    resumed = MatchSession.resume(POOL, snap, record_log=True)
    assert resumed.rebuilt and resumed.log_note == REBUILT_NOTE
    if isinstance(session.match.pending, Chance):
        assert resumed.next_chance() == session.next_chance()
    reference = play_out(MatchSession(POOL, DECKS, ["random", "random"], seed=6))
    assert play_out(resumed).match.position() == reference.match.position()


def damage_replay(snap: dict[str, Any], how: str) -> None:
    replay = snap["replay"]
    if how == "answer":  # an answer no longer legal
        replay["answers"][len(replay["answers"]) // 2] = [["no such option", 99]]
    else:  # a deck no longer valid
        replay["decks"][0] = replay["decks"][0][:20]


@pytest.mark.parametrize("how", ["answer", "deck"])
def test_when_the_replay_fails_too_the_player_is_told_and_nothing_is_lost(how: str) -> None:
    session = in_a_card_program(seed=3)
    snap = json.loads(json.dumps(session.snapshot()))
    pool = changed_pool(snap["position"]["stack"][-1]["program"])
    damage_replay(snap, how)
    kept = json.loads(json.dumps(snap))
    with pytest.raises(StaleMatch) as err:
        MatchSession.resume(pool, snap)
    assert str(err.value) == STALE_MATCH
    assert isinstance(err.value, SessionError)  # Continue's usual path reports it
    assert snap == kept  # resuming reads; it never edits the snapshot


def test_an_older_save_without_a_fingerprint_resumes_by_its_replay() -> None:
    session = in_a_card_program(seed=3)
    snap = json.loads(json.dumps(session.snapshot()))
    for key in ("game", "fingerprint"):
        del snap["position"][key]
    resumed = MatchSession.resume(POOL, snap, record_log=True)
    assert not resumed.rebuilt and resumed.log_note is None  # replayed to the very position
    assert resumed.match.position() == session.match.position()
    # With a damaged replay, the unknown programs are taken as they are, as before.
    snap["replay"]["answers"] = snap["replay"]["answers"][:-3]
    resumed = MatchSession.resume(POOL, snap, record_log=True)
    assert not resumed.rebuilt and "log before Continue" in (resumed.log_note or "")
    assert resumed.match.position() == session.match.position()


def test_continue_on_the_handheld_says_why_and_keeps_the_match(tmp_path: Path) -> None:
    from .ui.test_app import choose, fresh, to_menu

    h = fresh(tmp_path, seed=2)
    try:
        to_menu(h)
        session = in_a_card_program(seed=3)
        session.meta = {"names": ["Ash", "CPU"], "mode": "cpu"}
        save_suspended(h.saves, h.profile, session)
        # The programs of this version differ from the save's: a doctored fingerprint.
        snap = load_suspended(h.saves, h.profile)
        assert snap is not None
        snap["position"]["fingerprint"] = "0123456789abcdef"
        damage_replay(snap, "answer")
        h.saves.suspend_match(h.profile, snap["position"],
                              {**snap["replay"], "format": snap["format"]}, snap["rng"])
        before = h.saves.suspended_match(h.profile)
        h.scenes.top.resume()  # the menu reads the saves again
        choose(h, "Continue")
        assert h.describe()["scene"] == "NoticeScene"
        assert h.scenes.top.box._raw == f"The suspended match cannot be resumed: {STALE_MATCH}"
        h.press("A")
        assert h.describe()["scene"] == "DamagedMatchScene"
        assert h.scenes.top.menu.selected.label == "Keep it"
        choose(h, "Keep it")
        assert h.describe()["scenes"] == ["MainMenuScene"]
        assert h.saves.suspended_match(h.profile) == before  # kept, byte for byte
        assert h.scenes.top.menu.items[0].label == "Continue"
        assert h.scenes.top.menu.items[0].enabled
    finally:
        h.close()
