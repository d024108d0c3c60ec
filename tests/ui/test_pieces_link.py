"""Legend Pieces over the link: two headless handhelds in one process, wired by an
in-memory cable, paired through the buttons (as link duels are) and played to the end on
both boards; a desync, a hostile answer, a lost link, garbage, a forfeit and a friend in
the card game are reported on both screens and never crash either handheld."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pytest

from firmware_sim.board import config_from_dict
from firmware_sim.link import Faults, Link, MemoryTransport
from handheld.kernel import Choice
from handheld.netplay import PROTOCOL, StateSession
from handheld.players import make_player
from handheld.ui.app import Handheld
from handheld.ui.scenes import pieces_tour
from handheld.ui.scenes.common import NoticeScene
from handheld.ui.scenes.link_duel import CODE_KEYS, LinkSetupScene, show_code
from handheld.ui.scenes.main_menu import MainMenuScene
from handheld.ui.scenes.pieces_board import PiecesScene
from handheld.ui.scenes.pieces_link import (
    LinkPiecesScene,
    PiecesLink,
    PiecesLinkSetupScene,
    open_link,
)

from .test_link_duel import free_port, type_on_pad

MAX_FRAMES = 40_000
BACK_TO_MENU = ["MainMenuScene", "NoticeScene"]


def handheld(tmp_path: Any, name: str, seed: int, port: int | None = None) -> Handheld:
    config = config_from_dict({"link": {"port": port}} if port else {})
    h = Handheld(headless=True, data_dir=tmp_path / name, seed=seed, config=config,
                 first_scene=MainMenuScene)
    h.saves.rename_profile(h.profile, name.title())
    h.settings.text_speed = "instant"
    h.settings.animations = False
    return h


def open_setup(h: Handheld, transport: MemoryTransport) -> PiecesLinkSetupScene:
    open_link(h, transport=transport)
    h.scenes.apply()
    scene = h.scenes.top
    assert isinstance(scene, PiecesLinkSetupScene)
    return scene


def tick_both(a: Handheld, b: Handheld, frames: int = 1) -> None:
    for _ in range(frames):
        a.tick()
        b.tick()


def until(a: Handheld, b: Handheld, done: Any, limit: int = 600) -> None:
    for _ in range(limit):
        if done():
            return
        tick_both(a, b)
    assert done(), (a.describe(), b.describe())


def board_of(h: Handheld) -> LinkPiecesScene | None:
    """The board on ``h``'s stack (the result screen's, once it has replaced it)."""
    for scene in h.scenes.scenes:
        b = scene if isinstance(scene, LinkPiecesScene) else getattr(scene, "board", None)
        if isinstance(b, LinkPiecesScene):
            return b
    return None


def board(h: Handheld) -> LinkPiecesScene:
    b = board_of(h)
    assert b is not None, h.describe()
    return b


def link(h: Handheld) -> PiecesLink:
    remote = board(h).remote
    assert isinstance(remote, PiecesLink)
    return remote


def set_up(tmp_path: Any, faults: Faults | None = None) -> tuple[Handheld, Handheld]:
    """Host and guest paired through the setup screens' buttons, up to their boards."""
    a, b = MemoryTransport.pair(faults)
    host, guest = handheld(tmp_path, "hosta", 1), handheld(tmp_path, "guesta", 2)
    hs, gs = open_setup(host, a), open_setup(guest, b)
    assert hs.menu.items[0].label == "Host a game"
    host.press("A")  # Host a game
    assert hs.step == "hosting"
    guest.press("DOWN")
    guest.press("A")  # Join a game
    assert gs.step == "join"
    guest.press("A")  # This machine
    until(host, guest, lambda: board_of(host) is not None and board_of(guest) is not None)
    return host, guest


def greedy_host(b: PiecesScene, ch: Choice) -> Any:
    return make_player("greedy", len(b.answers)).choose(b.state, ch)  # type: ignore[arg-type]


def play(host: Handheld, guest: Handheld, answers: int | None = None,
         host_choice: Any = pieces_tour.local_answer) -> int:
    """Both play (each local decision through the board's own way of answering: the
    host's from ``host_choice``, the guest's a seeded random one) until both show the
    result, or ``answers`` answers were given in all; returns the number of answers."""
    for _ in range(MAX_FRAMES):
        tops = [h.describe()["scene"] for h in (host, guest)]
        if tops == ["PiecesResultScene", "PiecesResultScene"]:
            break
        hb, gb = board_of(host), board_of(guest)
        given = max(len(hb.answers) if hb else 0, len(gb.answers) if gb else 0)
        if answers is not None and given >= answers:
            return given
        for h, b, choose in ((host, hb, host_choice), (guest, gb, pieces_tour.local_answer)):
            if b is None:
                h.tick()
            else:
                pieces_tour.step(h, b, choose)
    else:
        raise AssertionError(f"no end: {host.describe()} {guest.describe()}")
    hb, gb = board_of(host), board_of(guest)
    assert hb is not None and gb is not None
    return len(hb.answers)


def notice_text(h: Handheld) -> str:
    top = h.scenes.top
    assert isinstance(top, NoticeScene), h.describe()
    return str(top.box._raw)


def history(h: Handheld) -> list[tuple[str, str | None, str]]:
    return [(m.result, m.winner, m.game) for m in h.saves.match_history(h.profile)]


def send_tampered_answer(host: Handheld, guest: Handheld,
                         text: str | None = None) -> tuple[Handheld, Handheld]:
    """Play on until either side must decide, answer on its board and send the answer with
    a wrong digest (or ``text`` in its place); returns (the side that lied, the other)."""
    for _ in range(MAX_FRAMES):
        for h, other in ((host, guest), (guest, host)):
            b = board(h)
            if h.scenes.top is b and b.local_turn():
                ch = b.choice
                assert ch is not None
                sent = b._apply(ch, pieces_tour.local_answer(b, ch)) if text is None \
                    else text
                n = len(link(h).net.session.answers) + 1
                assert link(h).conn.send({"t": "answer", "n": n, "action": sent,
                                          "digest": "deadbeef"})
                return h, other
            pieces_tour.step(h, b)
    raise AssertionError("nobody had to decide")


# --------------------------------------------------------------------------- a game


def test_a_whole_game_over_the_link_ends_the_same_on_both_handhelds(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    hb, gb = board(host), board(guest)
    assert hb.seats == ("local", "remote") and gb.seats == ("remote", "local")
    assert hb.seed == gb.seed and hb.state.armies == gb.state.armies == ("gold", "silver")
    assert hb.names == gb.names == ("Hosta", "Guesta")
    session = link(host).net.session
    assert isinstance(session, StateSession) and session.players == ["human", "remote"]

    answers = play(host, guest, host_choice=greedy_host)

    assert answers > 10
    assert hb.state.over and gb.state.over
    assert hb.state.position() == gb.state.position()
    assert hb.answers == gb.answers == link(host).net.session.answers \
        == link(guest).net.session.answers
    assert (hb.state.winner, hb.state.result) == (gb.state.winner, gb.state.result)
    winner = hb.names[hb.state.winner] if hb.state.winner is not None else None
    for h in (host, guest):
        assert history(h) == [(hb.state.result, winner, "pieces")]
    # Both hang up once the game is over, and nothing was reported as a problem.
    tick_both(host, guest, 5)
    for h in (host, guest):
        ln = link(h)
        assert ln.conn.closed and not ln.problems and ln.stopped is None


def test_a_game_over_a_bad_cable_still_ends_the_same_on_both(tmp_path: Any) -> None:
    faults = Faults(drop=0.15, garble=0.05, duplicate=0.1, reorder=0.1, seed=4)
    host, guest = set_up(tmp_path, faults)
    play(host, guest, host_choice=greedy_host)
    assert board(host).state.position() == board(guest).state.position()
    assert link(host).conn.link.stats.resent > 0  # the faults happened


# --------------------------------------------------------------------------- failures


def test_a_tampered_digest_is_a_desync_and_stops_both(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=4)
    liar, other = send_tampered_answer(host, guest)
    until(host, guest, lambda: other.describe()["scenes"] == BACK_TO_MENU
          and liar.describe()["scenes"] == BACK_TO_MENU)
    assert "Desync" in notice_text(other) and "deadbeef" in notice_text(other)
    assert "game cannot go on" in notice_text(other)
    assert "stopped the game" in notice_text(liar) and "desync" in notice_text(liar)
    for h in (host, guest):
        assert [r for r, _, _ in history(h)] == ["abandoned"]
        assert history(h)[0][2] == "pieces"


def test_an_answer_that_does_not_read_stops_both(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=3)
    liar, other = send_tampered_answer(host, guest, text="summon hooh z9\u202e")
    until(host, guest, lambda: other.describe()["scenes"] == BACK_TO_MENU
          and liar.describe()["scenes"] == BACK_TO_MENU)
    assert "does not name a legal move" in notice_text(other)
    assert "illegal on the other handheld" in notice_text(liar)
    assert [r for r, _, _ in history(host)] == [r for r, _, _ in history(guest)] == \
        ["abandoned"]


def test_a_lost_link_mid_game_is_reported_on_both(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=5)
    cable = link(host).conn.link.transport
    assert isinstance(cable, MemoryTransport)
    cable.sever()
    until(host, guest, lambda: host.describe()["scenes"] == BACK_TO_MENU
          and guest.describe()["scenes"] == BACK_TO_MENU)
    for h in (host, guest):
        assert "link to your friend's handheld was lost" in notice_text(h)
        assert "game ends here" in notice_text(h)
        assert [r for r, _, _ in history(h)] == ["abandoned"]


def test_garbage_is_reported_and_the_game_goes_on(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=3)
    ln = link(host).conn.link
    ln.send({"t": "bogus", "x": 1})
    ln.send({"t": "answer", "n": "seven", "action": {"a": 1}})
    tick_both(host, guest, 3)
    g = link(guest)
    assert len(g.problems) == 2
    assert "it was ignored" in notice_text(guest) and "game gets stuck" in notice_text(guest)
    guest.press("A")
    assert play(host, guest, answers=10) >= 10
    assert g.stopped is None and link(host).stopped is None


def test_leaving_or_switching_off_tells_the_friend(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=2)
    guest.shutdown("power button held")
    assert [r for r, _, _ in history(guest)] == ["abandoned"]
    until(host, guest, lambda: host.describe()["scenes"] == BACK_TO_MENU)
    assert "your friend left the game" in notice_text(host)
    assert [r for r, _, _ in history(host)] == ["abandoned"]


def test_a_forfeit_shows_the_same_result_on_both(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=3)
    board(guest).forfeit()  # the match menu's Forfeit, confirmed
    until(host, guest, lambda: host.describe()["scene"] == guest.describe()["scene"]
          == "PiecesResultScene")
    for h in (host, guest):
        assert board(h).outcome() == (0, "Guesta forfeited")
        assert history(h) == [("forfeit", "Hosta", "pieces")]
    tick_both(host, guest, 5)
    assert link(host).conn.closed and link(guest).conn.closed
    assert link(host).stopped is None and not link(host).problems


def test_a_friend_in_the_card_game_is_refused_on_both_screens(tmp_path: Any) -> None:
    a, b = MemoryTransport.pair()
    host, guest = handheld(tmp_path, "hostc", 1), handheld(tmp_path, "guestc", 2)
    hs = open_setup(host, a)  # Legend Pieces here
    gs = LinkSetupScene(guest, transport=b)  # a link duel of the card game there
    guest.scenes.push(gs)
    guest.scenes.apply()
    host.press("A")
    guest.press("DOWN")
    guest.press("A")
    guest.press("A")
    until(host, guest, lambda: gs.step == "deck")
    guest.press("A")  # the card player picks a deck: both hellos are out
    until(host, guest, lambda: hs.step == "role" and gs.step == "role")
    tick_both(host, guest, 3)
    assert "Cannot play the game" in notice_text(host)
    assert "wants to play the game 'tcg', this one plays 'pieces'" in notice_text(host)
    assert "Cannot duel" in notice_text(guest)
    assert "'pieces'" in notice_text(guest) and "'tcg'" in notice_text(guest)
    for h in (host, guest):
        assert board_of(h) is None and history(h) == []
    assert hs.conn is None and gs.conn is None


def test_the_egames_menu_opens_the_pairing_screen(tmp_path: Any) -> None:
    h = handheld(tmp_path, "solo", 3)
    menu = pieces_tour.egames_menu(h)
    item = next(i for i in menu.menu.items if i.value == "link")
    assert item.enabled
    menu.open("link")
    h.scenes.apply()
    scene = h.scenes.top
    assert isinstance(scene, PiecesLinkSetupScene) and scene.step == "role"
    assert scene.titles["role"] == "Legend Pieces: link"
    h.press("B")  # back to the e-Games menu
    assert h.scenes.top is menu


def test_pairing_over_tcp_with_the_code_from_the_egames_menu(tmp_path: Any) -> None:
    """The real link: the host shows its address and pairing code, the guest types the code
    on the pad (after a wrong one, refused), and both boards open."""
    port = free_port()
    host, guest = handheld(tmp_path, "host", 1, port), handheld(tmp_path, "guest", 2, port)
    for h in (host, guest):
        pieces_tour.egames_menu(h).open("link")
        h.scenes.apply()
    hs, gs = host.scenes.top, guest.scenes.top
    assert isinstance(hs, PiecesLinkSetupScene) and isinstance(gs, PiecesLinkSetupScene)
    host.press("A")
    assert hs.step == "hosting" and len(hs.code) == 6
    assert show_code(hs.code) in " ".join(hs._wait_lines())
    guest.press("DOWN")
    guest.press("A")
    guest.press("A")  # This machine: the code pad next
    assert gs.step == "code"
    type_on_pad(guest, gs, f"{(int(hs.code) + 1) % 10**6:06d}", CODE_KEYS)
    guest.press("START")
    until(host, guest, lambda: guest.scenes.top is not gs and bool(hs.door))
    assert "refused the pairing code" in notice_text(guest)
    guest.press("A")
    type_on_pad(guest, gs, hs.code, CODE_KEYS)
    guest.press("START")
    until(host, guest, lambda: board_of(host) is not None and board_of(guest) is not None)
    assert board(host).seed == board(guest).seed
    assert play(host, guest, answers=6) >= 6
    assert board(host).answers[:5] == board(guest).answers[:5]


@pytest.mark.parametrize(("army", "said"), [
    ("gold", "both handhelds want to play the Gold army"),
    ("bronze", "names no army of this handheld"),
    (["silver"], "names no army of this handheld")])
def test_a_hostile_hello_is_refused_and_the_peer_told(tmp_path: Any, army: Any,
                                                      said: str) -> None:
    a, b = MemoryTransport.pair()
    host = handheld(tmp_path, "host", 1)
    hs = open_setup(host, a)
    host.press("A")
    peer = Link(b, clock=host.board.clock)
    got: list[dict[str, Any]] = []

    def pump(frames: int) -> None:
        for _ in range(frames):
            host.tick()
            got.extend(e.message for e in peer.poll() if e.message is not None)

    pump(3)
    assert hs.step == "ready" and got and got[0]["army"] == "gold"  # the host's hello
    peer.send({"t": "hello", "v": PROTOCOL, "game": "pieces", "era": "classic",
               "name": "Mallory", "army": army})
    pump(3)
    assert said in notice_text(host) and "Cannot play the game" in notice_text(host)
    assert got[-1]["t"] == "abort" and "refused" in got[-1]["why"]
    assert not any(m["t"] == "start" for m in got)
    assert hs.step == "role" and hs.conn is None and board_of(host) is None
