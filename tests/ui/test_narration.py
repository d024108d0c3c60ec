"""The board follows the narration (issue 18): while the computer's attack is told, the
board shows each step as its message plays -- the attack named on the board as it was, the
damage on the HP bar (draining), the Knocked Out Pokémon gone at the Knock Out, the Prize
count down at the Prize, the new Active Pokémon at the promotion, and the turn line at the
turn. B skips to the live board; at the instant text speed the board is always live."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from handheld.cards import load_deck
from handheld.engine import Match
from handheld.engine.notation import (
    EV_ATTACK,
    EV_DAMAGE,
    EV_DRAW,
    EV_KO,
    EV_PRIZE,
    EV_PROMOTE,
    EV_TURN,
)
from handheld.session import MatchSession
from handheld.ui.app import Handheld
from handheld.ui.narration import NarratedLog, damage_between
from handheld.ui.scenes.duel import DRAIN_FRAMES, KO_BLINK_FRAMES, SETTLE, DuelScene
from tests.engine.scenario import authoring_position

from .duel_driver import step
from .test_app import choose, to_menu

SQUIRTLE, BENCHED = "ecard1-131", "ecard1-132"  # two Squirtle (50 HP, 40 HP)
# Turn 6, the computer's (seat 1): its Squirtle's Wave Splash (10) Knocks Out the player's
# damaged Squirtle (50 HP, 40 damage); the player's one Benched Pokémon is promoted.
KO_POSITION = {"turn": 6, "current": 1, "players": [
    {"active": {"cards": [SQUIRTLE], "damage": 40}, "bench": [{"cards": [BENCHED]}]},
    {"active": {"cards": [SQUIRTLE], "energy": ["ecard1-165"]}}]}


def app(tmp_path: Path, speed: str = "normal", animations: bool = True) -> Handheld:
    h = Handheld(headless=True, data_dir=tmp_path, seed=3)
    h.settings.text_speed = speed
    h.settings.animations = animations
    return h


def open_duel(h: Handheld, position: dict[str, Any] = KO_POSITION) -> DuelScene:
    deck = load_deck("blazing_quake")  # (only to open the session: the position replaces it)
    session = MatchSession(h.pool, (deck, deck), ["human", "greedy"], 1, record_log=True)
    session.match = Match.from_position(h.pool, authoring_position(position), record_log=True)
    duel = DuelScene(h, session, names=("Player", "CPU"), mode="cpu", deck_names=("A", "B"))
    h.scenes.push(duel)
    return duel


def settled(duel: DuelScene) -> bool:
    """Every event told and the player to move."""
    return (duel.session.waiting_for() == "human" and duel.current is None
            and not duel.messages and duel.log_pos == len(duel.match.log))


class Spy:
    """What the duel gives its BoardView each frame: the match drawn and the damage shown
    instead of a Pokémon's own."""

    def __init__(self, duel: DuelScene) -> None:
        self.calls: list[tuple[Any, dict[int, int]]] = []
        real = duel.view.draw

        def draw(surface: Any, m: Any, viewer: int, **kw: Any) -> None:
            self.calls.append((m, dict(kw.get("damage") or {})))
            real(surface, m, viewer, **kw)

        duel.view.draw = draw  # type: ignore[method-assign]

    def last(self) -> tuple[Any, dict[int, int]]:
        return self.calls[-1]


def tell_the_attack(h: Handheld, duel: DuelScene) -> dict[str, list[tuple[Any, dict[int, int]]]]:
    """Tick until the player is to move; per event kind told, what the board was given on
    each frame its message was on screen."""
    spy = Spy(duel)
    seen: dict[str, list[tuple[Any, dict[int, int]]]] = {}
    for _ in range(3000):
        h.tick(1)
        cur = duel.current
        if cur is not None and cur.event is not None:
            seen.setdefault(cur.event[0], []).append(spy.last())
        if settled(duel):
            return seen
    raise AssertionError("the computer's move was never told to the end")


def own_active(m: Any) -> Any:
    return m.players[0].active


def test_each_event_is_shown_as_it_is_told(tmp_path: Path) -> None:
    h = app(tmp_path)
    duel = open_duel(h)
    live = duel.match
    squirtle = own_active(live).id
    seen = tell_the_attack(h, duel)
    assert [k for k in (EV_ATTACK, EV_DAMAGE, EV_KO, EV_PRIZE, EV_PROMOTE, EV_TURN)
            if k in seen] == [EV_ATTACK, EV_DAMAGE, EV_KO, EV_PRIZE, EV_PROMOTE, EV_TURN]
    # The attack is named: the player's Squirtle as it was (40 damage), the computer's turn.
    for m, damage in seen[EV_ATTACK]:
        assert m is not live and own_active(m).id == squirtle and own_active(m).damage == 40
        assert damage == {} and (m.turn, m.current) == (6, 1)
        assert [len(p.prizes) for p in m.players] == [6, 6]
    # The damage: still on the board (not yet Knocked Out), its HP bar draining 40 -> 50.
    drained = [damage.get(squirtle) for m, damage in seen[EV_DAMAGE]]
    assert all(own_active(m) is not None and own_active(m).id == squirtle
               and own_active(m).damage == 50 for m, _ in seen[EV_DAMAGE])
    assert drained[0] == 40 and None in drained  # from the old HP to the new, then plain
    assert drained.index(None) >= DRAIN_FRAMES
    # The Knock Out: it blinks where it stood, then it is gone; no Prize taken yet.
    ko = seen[EV_KO]
    assert all(own_active(m) is not None for m, _ in ko[:KO_BLINK_FRAMES - 1])
    assert own_active(ko[-1][0]) is None and len(ko) > KO_BLINK_FRAMES
    assert all(len(m.players[1].prizes) == 6 for m, _ in ko)
    # The Prize: one fewer left; then the promotion fills the Active Spot.
    assert all(len(m.players[1].prizes) == 5 and own_active(m) is None
               for m, _ in seen[EV_PRIZE])
    assert all(own_active(m) is not None and own_active(m).id != squirtle
               for m, _ in seen[EV_PROMOTE])
    # "Your turn" only at the turn message.
    assert all(m.current == 1 for kind in (EV_ATTACK, EV_DAMAGE, EV_KO, EV_PRIZE, EV_PROMOTE)
               for m, _ in seen[kind])
    assert all((m.turn, m.current) == (7, 0) for m, _ in seen[EV_TURN])
    # Once told, the live match is drawn again and no board is kept.
    h.tick(1)
    assert duel.board_shown() is live and duel.story.kept == 0


def test_b_skips_the_rest_of_the_move_to_the_live_board(tmp_path: Path) -> None:
    h = app(tmp_path)
    duel = open_duel(h)
    spy = Spy(duel)
    heard: list[str] = []
    real = h.timer.on_match_event

    def on_match_event(signal: str) -> Any:
        heard.append(signal)
        return real(signal)

    h.timer.on_match_event = on_match_event  # type: ignore[method-assign, assignment]
    for _ in range(1500):
        h.tick(1)
        if duel.current is not None and duel.current.event is not None and \
                duel.current.event[0] == EV_PRIZE:
            break
    assert duel.current is not None and duel.current.event is not None
    assert duel.current.event[0] == EV_PRIZE
    board = spy.last()[0]
    assert board is not duel.match and board.current == 1  # mid-move: the board told so far
    assert "turn" not in heard and any(m.text for m in duel.messages)
    h.press("B", 1)
    # The rest untold; the live board at once (the Active promoted, the player's turn).
    assert duel.current is None and not duel.messages
    assert spy.last()[0] is duel.match and spy.last()[1] == {}
    assert own_active(duel.match) is not None and duel.match.current == 0
    assert duel.story.kept == 0
    # The battle timer still heard where the match is: the turn told by a skipped message.
    assert "turn" in heard


def test_at_the_instant_speed_the_board_is_live(tmp_path: Path) -> None:
    h = app(tmp_path, speed="instant")
    duel = open_duel(h)
    spy = Spy(duel)
    told = 0
    for _ in range(3000):
        h.tick(1)
        if duel.current is not None:
            told += 1
            m, damage = spy.last()
            assert m is duel.match and damage == {}
        if settled(duel):
            break
    assert told and settled(duel)


def test_the_log_keeps_a_board_per_told_event_only_until_told() -> None:
    from handheld.cards import default_pool

    m = Match.from_position(default_pool(), authoring_position(KO_POSITION), record_log=True)
    start = len(m.log)
    story = NarratedLog(m, m.log, untold={EV_DRAW}, settle=SETTLE)
    m.log = story
    squirtle = own_active(m).top
    m.apply(0)  # the attack
    assert m.pending is not None and m.pending.kind == "prize"
    m.apply([0])  # the computer's Prize: logged after the Knock Out
    kinds = [ev[0] for ev in story[start:]]
    at = {k: start + kinds.index(k) for k in (EV_ATTACK, EV_DAMAGE, EV_KO)}
    attack, damage = story.board(at[EV_ATTACK]), story.board(at[EV_DAMAGE])
    assert attack is not None and damage is not None
    assert own_active(attack).damage == 40 and own_active(damage).damage == 50
    # A Knock Out is logged while the Pokémon is in play: its board has it gone (in the
    # discard pile), the Prize not yet taken.
    ko = story.board(at[EV_KO])
    assert ko is not None and own_active(ko) is None and own_active(m) is not None
    assert len(ko.players[1].prizes) == 6 and squirtle in ko.players[0].discard
    # Boards hold no log of their own (no clone holds another), and go once told.
    assert attack.log == [] and story.kept >= 2
    story.release(at[EV_KO])
    assert story.board(at[EV_ATTACK]) is None and story.board(at[EV_DAMAGE]) is None
    story.release_all()
    assert story.kept == 0


@pytest.mark.parametrize(("start", "end", "frame", "shown"), [
    (40, 50, 0, 40), (40, 50, 8, 40), (40, 50, 16, 50), (0, 60, 8, 30), (60, 0, 8, 30),
    (60, 20, 4, 50), (0, 60, 99, 60)])
def test_hp_drains_in_steps_of_ten(start: int, end: int, frame: int, shown: int) -> None:
    assert damage_between(start, end, frame, 16) == shown


def test_a_suspend_mid_narration_saves_the_live_match_only(tmp_path: Path) -> None:
    h = app(tmp_path)
    duel = open_duel(h)
    for _ in range(600):
        h.tick(1)
        if duel.current is not None and duel.current.event is not None and \
                duel.current.event[0] == EV_DAMAGE:
            break
    assert duel.board_shown() is not duel.match  # a board of the past on screen
    snap = duel.session.snapshot()
    json.dumps(snap)  # plain data: no board copy could be in it
    assert snap["position"] == duel.match.position()
    again = MatchSession.resume(h.pool, snap, record_log=True)
    assert again.match.position() == duel.match.position()
    assert own_active(again.match) is None  # the Knock Out is done in the match itself


def test_boards_do_not_pile_up_over_a_whole_duel(tmp_path: Path) -> None:
    h = app(tmp_path)
    to_menu(h)
    choose(h, "Duel")
    choose(h, "The computer")
    choose(h, "Blazing Quake")
    choose(h, "Tidal Mind")
    duel = next(s for s in h.scenes.scenes if isinstance(s, DuelScene))
    state: dict[str, Any] = {}
    most = 0
    for _ in range(20000):
        if step(h, state) == "over":
            break
        most = max(most, duel.story.kept)
    top = h.scenes.top
    assert top is not None and top.name == "ResultScene"
    assert 0 < most < 40  # boards are kept, and only for the move being told
