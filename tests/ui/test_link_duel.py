"""Duels over the link: two headless handhelds in one process, wired by an in-memory cable
(or loopback TCP), set up through the buttons and played to the end; a lost link, a
desync, garbage and out-of-turn answers are reported and never crash either handheld."""

from __future__ import annotations

import os
import socket

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

from firmware_sim.board import config_from_dict
from firmware_sim.link import (
    PAIRING_TRIES,
    Faults,
    Link,
    LinkStatus,
    MemoryTransport,
    TcpTransport,
)
from handheld.cards import era_deck_names, load_deck
from handheld.engine import Choice
from handheld.netplay import PROTOCOL, Hello, Refusal, parse_hello, position_digest
from handheld.players import make_player
from handheld.ui.app import Handheld
from handheld.ui.scenes.duel_menus import LogScene, ResultScene
from handheld.ui.scenes.duel_setup import DuelSetupScene
from handheld.ui.scenes.link_duel import (
    CODE_KEYS,
    PAD_KEYS,
    LinkController,
    LinkDuelScene,
    LinkSetupScene,
    parse_address,
    show_code,
)
from handheld.ui.scenes.main_menu import MainMenuScene

MAX_FRAMES = 40_000


def first_answer(choice: Choice) -> int | list[int]:
    """Always the first option (or the first ``min`` options of a multiple pick)."""
    return 0 if choice.single else list(range(choice.min))


def handheld(tmp_path: Any, name: str, seed: int, port: int | None = None) -> Handheld:
    config = config_from_dict({"link": {"port": port}} if port else {})
    h = Handheld(headless=True, data_dir=tmp_path / name, seed=seed, config=config,
                 first_scene=MainMenuScene)
    h.saves.rename_profile(h.profile, name.title())
    h.settings.text_speed = "instant"
    h.settings.animations = False  # coin flips resolve at once: a faster test
    return h


def open_setup(h: Handheld, transport: MemoryTransport) -> LinkSetupScene:
    scene = LinkSetupScene(h, transport=transport)
    h.scenes.push(scene)
    h.scenes.apply()
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


def duel_of(h: Handheld) -> LinkDuelScene | None:
    return next((s for s in h.scenes.scenes if isinstance(s, LinkDuelScene)), None)


def set_up(tmp_path: Any, guest_deck_steps: int = 1, faults: Faults | None = None
           ) -> tuple[Handheld, Handheld]:
    """Host and guest through the setup screens' buttons, up to the first frame of the duel."""
    a, b = MemoryTransport.pair(faults)
    host, guest = handheld(tmp_path, "hosta", 1), handheld(tmp_path, "guesta", 2)
    hs, gs = open_setup(host, a), open_setup(guest, b)
    host.press("A")  # Host a duel
    assert hs.step == "hosting"
    guest.press("DOWN")
    guest.press("A")  # Join a duel
    assert gs.step == "join"
    guest.press("A")  # This machine
    until(host, guest, lambda: hs.step == "deck" and gs.step == "deck")
    host.press("A")  # the first deck
    assert hs.step == "ready"
    for _ in range(guest_deck_steps):
        guest.press("DOWN")
    guest.press("A")
    until(host, guest, lambda: duel_of(host) is not None and duel_of(guest) is not None)
    return host, guest


def step(h: Handheld, chooser: Any) -> bool:
    """One frame of play on ``h``: skip a message with A, answer this player's decision
    (through the duel's own ``act``), else just tick. True if it answered."""
    duel = duel_of(h)
    if duel is None:
        h.tick()
        return False
    if h.scenes.top is duel and duel.current is not None:
        h.press("A")
        return False
    if duel.session.waiting_for() == "human" and not duel.messages and duel.current is None:
        ch = duel.match.pending
        duel.act(chooser(duel.match, ch))
        h.scenes.pop_to(duel)
        h.tick()
        return True
    h.tick()
    return False


def play(host: Handheld, guest: Handheld, answers: int | None = None,
         host_choice: Any = None, guest_choice: Any = None) -> int:
    """Play until both show the result (or ``answers`` answers were given); returns the
    number of answers."""
    greedy = make_player("greedy", 5)
    host_choice = host_choice or (lambda m, ch: first_answer(ch))
    guest_choice = guest_choice or greedy.choose
    given = 0
    for _ in range(MAX_FRAMES):
        if isinstance(host.scenes.top, ResultScene) and isinstance(guest.scenes.top,
                                                                   ResultScene):
            return given
        if answers is not None and given >= answers:
            return given
        given += step(host, host_choice)
        given += step(guest, guest_choice)
    raise AssertionError(f"no end after {MAX_FRAMES} frames: {host.describe()} "
                         f"{guest.describe()}")


def controller(h: Handheld) -> LinkController:
    duel = duel_of(h)
    assert duel is not None and isinstance(duel.link, LinkController)
    return duel.link


def notice_text(h: Handheld) -> str:
    top = h.scenes.top
    assert top is not None and top.name == "NoticeScene", h.describe()
    return top.box._raw


def history(h: Handheld) -> list[str]:
    return [m.result for m in h.saves.match_history(h.profile)]


# --------------------------------------------------------------------------- a match


def test_a_whole_match_over_the_link_ends_the_same_on_both_handhelds(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    hd, gd = duel_of(host), duel_of(guest)
    assert hd is not None and gd is not None
    assert hd.session.players == ["human", "remote"]
    assert gd.session.players == ["remote", "human"]
    assert hd.session.decks == gd.session.decks and hd.session.seed == gd.session.seed
    assert hd.names == gd.names == ("Hosta", "Guesta")
    assert hd.mode == "link"
    names = era_deck_names("expedition")  # the duel's era's ready-made decks, in order
    assert list(hd.session.decks[0]) == load_deck(names[0])
    assert list(hd.session.decks[1]) == load_deck(names[1])

    answers = play(host, guest)

    assert answers > 10
    assert hd.match.over and gd.match.over
    assert hd.match.position() == gd.match.position()
    assert hd.session.answers == gd.session.answers
    assert hd.match.winner == gd.match.winner and hd.match.result == gd.match.result
    h_res, g_res = host.scenes.top, guest.scenes.top
    assert isinstance(h_res, ResultScene) and isinstance(g_res, ResultScene)
    if hd.match.winner is None:
        assert h_res.won() is None and g_res.won() is None
    else:
        assert {h_res.won(), g_res.won()} == {True, False}  # one victory, one defeat
    winner = hd.names[hd.match.winner] if hd.match.winner is not None else None
    for h in (host, guest):
        [m] = h.saves.match_history(h.profile)
        assert (m.winner, m.result) == (winner, hd.match.result)
    # Both hang up once the match is over, and nothing was reported as a problem.
    tick_both(host, guest, 5)
    for d in (hd, gd):
        assert d.link.conn.closed and not d.link.problems and d.link.stopped is None
    host.tick(25)
    host.press("A")
    assert host.describe()["scene"] == "MainMenuScene"
    assert host.update.__func__ is Handheld.update  # the link's frame hook is gone


def test_a_match_over_a_bad_cable_still_ends_the_same_on_both(tmp_path: Any) -> None:
    faults = Faults(drop=0.15, garble=0.05, duplicate=0.1, reorder=0.1, seed=4)
    host, guest = set_up(tmp_path, guest_deck_steps=2, faults=faults)
    hd, gd = duel_of(host), duel_of(guest)
    assert hd is not None and gd is not None
    play(host, guest, host_choice=make_player("greedy", 9).choose)
    assert hd.match.position() == gd.match.position()
    assert hd.match.winner == gd.match.winner
    assert history(host) == history(guest) == [hd.match.result]
    link = hd.link.conn.link
    assert link.stats.resent > 0 and link.transport.stats.dropped > 0  # the faults happened


# --------------------------------------------------------------------------- failures


def test_a_lost_link_mid_match_is_reported_and_returns_to_the_menu(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=6)
    ctrl = controller(host)
    ctrl.conn.link.transport.sever()  # the cable is cut: both ends fail
    until(host, guest, lambda: host.describe()["scenes"] == ["MainMenuScene", "NoticeScene"]
          and guest.describe()["scenes"] == ["MainMenuScene", "NoticeScene"])
    for h in (host, guest):
        assert "link to your friend's handheld was lost" in notice_text(h)
        assert history(h) == ["abandoned"]
        assert h.saves.suspended_match(h.profile) is None
    host.press("A")
    assert host.describe()["scenes"] == ["MainMenuScene"]


def test_a_silent_friend_is_declared_lost(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=2)
    host.tick(60 * 6)  # the guest's handheld stops: no heartbeat for six seconds
    assert host.describe()["scenes"] == ["MainMenuScene", "NoticeScene"]
    assert "no word from the peer" in notice_text(host)
    assert history(host) == ["abandoned"]


def send_tampered_answer(host: Handheld, guest: Handheld,
                         text: str | None = None) -> tuple[Handheld, Handheld]:
    """Play on until either side must decide, answer there and send the answer with a
    wrong digest (or send ``text`` in its place); returns (the side that lied, the
    other)."""
    for _ in range(MAX_FRAMES):
        for h, other in ((host, guest), (guest, host)):
            duel = duel_of(h)
            assert duel is not None
            if duel.session.waiting_for() == "human" and duel.current is None:
                action = first_answer(duel.match.pending)
                duel.session.answer(action)
                sent = duel.session.answers[-1] if text is None else text
                assert controller(h).conn.send({"t": "answer", "n": len(duel.session.answers),
                                                "action": sent, "digest": "deadbeef"})
                h.scenes.pop_to(duel)
                return h, other
            step(h, lambda m, c: first_answer(c))
    raise AssertionError("nobody had to decide")


def test_a_tampered_digest_is_a_desync_and_stops_both(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=4)
    liar, other = send_tampered_answer(host, guest)
    until(host, guest, lambda: other.describe()["scenes"] == ["MainMenuScene", "NoticeScene"]
          and liar.describe()["scenes"] == ["MainMenuScene", "NoticeScene"])
    assert "Desync" in notice_text(other) and "deadbeef" in notice_text(other)
    assert "stopped the duel" in notice_text(liar) and "desync" in notice_text(liar)
    assert history(host) == history(guest) == ["abandoned"]


def test_an_answer_that_does_not_read_stops_both_and_shows_no_card(tmp_path: Any) -> None:
    """A friend's answer whose text is no answer to the decision waited on (a hostile or
    broken handheld) ends the duel on both screens, naming no card of the friend's hand."""
    host, guest = set_up(tmp_path)
    play(host, guest, answers=4)
    liar, other = send_tampered_answer(host, guest, text="attack ecard1-1 Teleport\u202e")
    until(host, guest, lambda: other.describe()["scenes"] == ["MainMenuScene", "NoticeScene"]
          and liar.describe()["scenes"] == ["MainMenuScene", "NoticeScene"])
    assert "does not name a legal move" in notice_text(other)
    assert "ecard" not in notice_text(other)
    assert "illegal on the other handheld" in notice_text(liar)
    assert history(host) == history(guest) == ["abandoned"]


def test_garbage_is_reported_and_the_duel_goes_on(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=3)
    link = controller(host).conn.link
    link.transport.send(b"\x00\x01garbage\xa9TCG\x01\x01not a frame at all")  # line noise
    link.send({"t": "bogus", "x": 1})  # well framed, meaningless
    link.send({"t": "answer", "n": "seven", "action": {"a": 1}})
    link.send({"hello": "no kind at all"})
    tick_both(host, guest, 3)
    g = controller(guest)
    assert len(g.problems) == 3
    assert g.conn.line_noise >= 1
    assert guest.describe()["scene"] == "NoticeScene"
    assert "it was ignored" in notice_text(guest)
    guest.press("A")
    guest.press("A")
    # The duel goes on, in step.
    given = play(host, guest, answers=10)
    assert given >= 10
    hd, gd = duel_of(host), duel_of(guest)
    assert hd is not None and gd is not None
    assert g.stopped is None and controller(host).stopped is None


def test_an_answer_out_of_turn_is_reported(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=2)
    # Wait until the guest must decide, then the host answers for it.
    for _ in range(MAX_FRAMES):
        gd = duel_of(guest)
        assert gd is not None
        if gd.session.waiting_for() == "human":
            break
        step(host, lambda m, c: first_answer(c))
        guest.tick()
    n = len(gd.session.answers) + 1
    controller(host).conn.send({"t": "answer", "n": n, "action": "pass",
                                "digest": position_digest(gd.match)})
    until(host, guest, lambda: guest.describe()["scenes"] == ["MainMenuScene", "NoticeScene"])
    assert "out of turn" in notice_text(guest)
    until(host, guest, lambda: host.describe()["scenes"] == ["MainMenuScene", "NoticeScene"])
    assert "out of turn" in notice_text(host)


def test_leaving_from_the_menu_tells_the_friend(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=2)
    hd = duel_of(host)
    assert hd is not None
    hd.suspend()  # the action menu's Suspend: a link match cannot wait in a save
    host.scenes.reset(MainMenuScene(host))
    until(host, guest, lambda: guest.describe()["scenes"] == ["MainMenuScene", "NoticeScene"])
    assert "your friend left the duel" in notice_text(guest)
    assert host.saves.suspended_match(host.profile) is None
    assert history(host) == history(guest) == ["abandoned"]


def test_the_link_lives_while_a_player_reads_another_screen(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=3)
    gd = duel_of(guest)
    assert gd is not None
    guest.scenes.push(LogScene(guest, gd))  # the duel itself gets no updates meanwhile
    tick_both(host, guest, 60 * 8)
    assert guest.describe()["scene"] == "LogScene"
    assert controller(host).stopped is None and controller(guest).stopped is None
    guest.press("B")
    assert play(host, guest, answers=5) >= 5


def test_switching_off_mid_match_abandons_it_on_both_sides(tmp_path: Any) -> None:
    host, guest = set_up(tmp_path)
    play(host, guest, answers=3)
    guest.shutdown("power button held")
    assert guest.saves.suspended_match(guest.profile) is None  # never a stuck Continue
    assert history(guest) == ["abandoned"]
    for _ in range(10):
        host.tick()
    assert "your friend left the duel" in notice_text(host)
    assert history(host) == ["abandoned"]


# --------------------------------------------------------------------------- setup


def test_a_bad_hello_is_refused_with_a_reason(tmp_path: Any) -> None:
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
    assert hs.step == "deck"
    illegal = ["ecard1-33"] * 60  # sixty copies of one Pokémon
    peer.send({"t": "hello", "v": PROTOCOL, "game": "tcg", "era": "expedition",
               "name": "Mallory", "deck": "Cheat", "cards": illegal})
    pump(2)
    assert hs.friend is not None and hs.friend.name == "Mallory"
    host.press("A")  # the host picks a deck: now it checks both
    pump(3)
    assert "your friend's deck Cheat cannot be played" in notice_text(host)
    assert got[-1]["t"] == "abort" and "your deck Cheat" in got[-1]["why"]
    assert hs.step == "role" and hs.conn is None


def test_parse_hello_and_address() -> None:
    ok = {"t": "hello", "v": PROTOCOL, "game": "tcg", "era": "expedition", "name": "Ann\u2603",
          "deck": "D", "cards": ["x"] * 60}

    def refused(msg: dict[str, Any]) -> str:
        got = parse_hello(msg, game="tcg", era="expedition")
        assert isinstance(got, Refusal), got
        return f"{got.here} | {got.there}"

    hello = parse_hello(ok, game="tcg", era="expedition")
    assert isinstance(hello, Hello) and hello.name == "Ann?"
    assert (hello.game, hello.era) == ("tcg", "expedition")
    assert hello.message() == {**ok, "name": "Ann?"}  # what goes out is what comes in
    assert "protocol 99" in refused({**ok, "v": 99})
    assert "60 card ids" in refused({**ok, "cards": ["x"] * 59})
    assert "60 card ids" in refused({**ok, "cards": [1] * 60})
    # Another era or another game: refused, each side told in its own words.
    era = parse_hello({**ok, "era": "platinum"}, game="tcg", era="expedition")
    assert isinstance(era, Refusal)
    assert "your friend plays platinum, this handheld expedition" in era.here
    assert "your friend plays expedition, your handheld platinum" in era.there
    assert "game 'pieces'" in refused({**ok, "game": "pieces"})
    assert "'?'" in refused({k: v for k, v in ok.items() if k != "game"})
    assert "eras differ" in refused({k: v for k, v in ok.items() if k != "era"})
    assert parse_address("192.168.1.20") == "192.168.1.20"
    assert parse_address("1.2") is None and parse_address("300.1.1.1") is None


def test_a_friend_in_another_era_is_refused_on_both_screens(tmp_path: Any) -> None:
    """The guest's handheld plays another era: neither starts a duel, and both screens
    say the eras differ (whichever hello is read first)."""
    a, b = MemoryTransport.pair()
    host, guest = handheld(tmp_path, "hoste", 1), handheld(tmp_path, "gueste", 2)
    hs, gs = open_setup(host, a), open_setup(guest, b)
    gs.era = "platinum"
    host.press("A")
    guest.press("DOWN")
    guest.press("A")
    guest.press("A")
    until(host, guest, lambda: hs.step == "deck" and gs.step == "deck")
    host.press("A")
    guest.press("A")
    until(host, guest, lambda: hs.step == "role" and gs.step == "role")
    tick_both(host, guest, 3)
    for h in (host, guest):
        text = notice_text(h)
        assert "eras differ" in text and "platinum" in text and "expedition" in text, text
        assert duel_of(h) is None and history(h) == []
    assert hs.conn is None and gs.conn is None


def test_a_hello_for_another_game_is_refused_and_the_peer_told(tmp_path: Any) -> None:
    a, b = MemoryTransport.pair()
    host = handheld(tmp_path, "host", 1)
    hs = open_setup(host, a)
    host.press("A")
    peer = Link(b, clock=host.board.clock)
    got: list[dict[str, Any]] = []
    for _ in range(3):
        host.tick()
        got.extend(e.message for e in peer.poll() if e.message is not None)
    assert hs.step == "deck"
    pieces = Hello("Leaf", "Board", ["x"] * 60, game="pieces").message()
    peer.send(pieces)
    for _ in range(3):
        host.tick()
        got.extend(e.message for e in peer.poll() if e.message is not None)
    assert "wants to play the game 'pieces'" in notice_text(host)
    assert got[-1]["t"] == "abort" and "plays the game 'tcg'" in got[-1]["why"]
    assert hs.step == "role" and hs.conn is None and hs.friend is None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def type_on_pad(h: Handheld, scene: LinkSetupScene, text: str | list[str],
                pad: tuple[tuple[str, ...], ...] = PAD_KEYS) -> None:
    keys = {k: (c, r) for r, row in enumerate(pad) for c, k in enumerate(row)}
    for ch in text:
        col, row = keys[ch]
        while scene.pad_at[0] != col:
            h.press("RIGHT")
        while scene.pad_at[1] != row:
            h.press("DOWN")
        h.press("A")


def test_setup_over_tcp_from_the_main_menu(tmp_path: Any) -> None:
    port = free_port()
    host, guest = handheld(tmp_path, "host", 1, port), handheld(tmp_path, "guest", 2, port)
    for h in (host, guest):
        assert h.scenes.top.menu.selected.value == "duel"  # Continue is greyed out
        h.press("A")  # Duel
        assert isinstance(h.scenes.top, DuelSetupScene)
        while h.scenes.top.menu.selected.value != "link":
            h.press("DOWN")
        h.press("A")  # A friend, over the link
        assert isinstance(h.scenes.top, LinkSetupScene)
    hs, gs = host.scenes.top, guest.scenes.top
    assert isinstance(hs, LinkSetupScene) and isinstance(gs, LinkSetupScene)
    host.press("A")
    assert hs.step == "hosting"
    guest.press("DOWN")
    guest.press("A")
    guest.press("DOWN")
    guest.press("A")  # Type an address
    assert gs.step == "pad"
    type_on_pad(guest, gs, "1.2")
    guest.press("START")
    assert gs.step == "pad" and "not an address" in gs.error
    for _ in range(3):
        guest.press("B")
    assert gs.typed == ""
    type_on_pad(guest, gs, "127.0.0.1")
    assert gs.typed == "127.0.0.1"
    guest.press("START")
    assert gs.step == "code" and gs.address == "127.0.0.1"  # next: the host's pairing code
    assert len(hs.code) == 6 and hs.code.isdigit()
    assert show_code(hs.code) in " ".join(hs._wait_lines())  # the host shows it
    type_on_pad(guest, gs, hs.code[:5], CODE_KEYS)
    guest.press("START")
    assert gs.step == "code" and "6 digits" in gs.error  # five digits are not a code
    type_on_pad(guest, gs, hs.code[5], CODE_KEYS)
    assert gs.code_typed == hs.code
    guest.press("START")
    assert gs.step == "connecting"
    until(host, guest, lambda: hs.step == "deck" and gs.step == "deck")
    guest.press("B")  # the guest leaves: the host hears it
    until(host, guest, lambda: host.scenes.top is not hs)
    assert "stopped the setup" in notice_text(host) or "closed the link" in notice_text(host)
    assert gs.step == "role" and hs.step == "role"


def test_joining_nobody_says_so(tmp_path: Any) -> None:
    guest = handheld(tmp_path, "guest", 2, free_port())
    gs = LinkSetupScene(guest)
    guest.scenes.push(gs)
    guest.scenes.apply()
    guest.press("DOWN")
    guest.press("A")
    guest.press("A")  # This machine: nobody listens on the port
    type_on_pad(guest, gs, "123456", CODE_KEYS)
    guest.press("START")
    for _ in range(600):
        if guest.scenes.top is not gs:
            break
        guest.tick()
    assert "Could not reach 127.0.0.1" in notice_text(guest)
    assert gs.step == "join"


def test_the_same_name_and_deck_on_both_sides(tmp_path: Any) -> None:
    a, b = MemoryTransport.pair()
    host, guest = handheld(tmp_path, "host", 1), handheld(tmp_path, "guest", 2)
    for h in (host, guest):
        h.saves.rename_profile(h.profile, "Ash")
    hs, gs = open_setup(host, a), open_setup(guest, b)
    host.press("A")
    guest.press("DOWN")
    guest.press("A")
    guest.press("A")
    until(host, guest, lambda: hs.step == "deck" and gs.step == "deck")
    host.press("A")
    guest.press("A")
    until(host, guest, lambda: duel_of(host) is not None and duel_of(guest) is not None)
    hd, gd = duel_of(host), duel_of(guest)
    assert hd is not None and gd is not None
    assert hd.session.decks[0] == hd.session.decks[1]
    # Wins are counted by name in the history: the friend is told apart on each side.
    assert hd.names == ("Ash", "Ash (2)") and gd.names == ("Ash (2)", "Ash")


def host_and_guest_over_tcp(tmp_path: Any) -> tuple[Handheld, Handheld, LinkSetupScene,
                                                     LinkSetupScene]:
    """A host hosting over TCP and a guest on the pairing-code pad for this machine."""
    port = free_port()
    host, guest = handheld(tmp_path, "host", 1, port), handheld(tmp_path, "guest", 2, port)
    hs, gs = LinkSetupScene(host), LinkSetupScene(guest)
    for h, scene in ((host, hs), (guest, gs)):
        h.scenes.push(scene)
        h.scenes.apply()
    host.press("A")
    guest.press("DOWN")
    guest.press("A")
    guest.press("A")  # This machine
    assert hs.step == "hosting" and gs.step == "code"
    return host, guest, hs, gs


def test_a_wrong_pairing_code_is_refused_on_both_screens_and_the_host_keeps_listening(
        tmp_path: Any) -> None:
    host, guest, hs, gs = host_and_guest_over_tcp(tmp_path)
    wrong = f"{(int(hs.code) + 1) % 10**6:06d}"
    type_on_pad(guest, gs, wrong, CODE_KEYS)
    guest.press("START")
    until(host, guest, lambda: guest.scenes.top is not gs and bool(hs.door))
    assert "refused the pairing code" in notice_text(guest)
    assert gs.step == "code" and gs.code_typed == ""  # back on the pad, for another try
    assert hs.step == "hosting" and host.scenes.top is hs  # still listening
    assert "wrong pairing code" in hs.door and "1 of 10" in hs.door
    assert "wrong pairing code" in " ".join(hs._wait_lines()).lower()
    guest.press("A")  # the notice
    type_on_pad(guest, gs, hs.code, CODE_KEYS)
    guest.press("START")
    until(host, guest, lambda: hs.step == "deck" and gs.step == "deck")


def test_ten_wrong_codes_stop_hosting(tmp_path: Any) -> None:
    host, guest, hs, _gs = host_and_guest_over_tcp(tmp_path)
    assert hs.conn is not None
    right = int(hs.code)
    for n in range(1, PAIRING_TRIES + 1):
        guesser = Link(TcpTransport.connect("127.0.0.1", hs.port,
                                            pairing_code=f"{(right + n) % 10**6:06d}"),
                       clock=guest.board.clock)
        for _ in range(300):
            host.tick()
            guesser.poll()
            if guesser.status is LinkStatus.LOST:
                break
        assert guesser.status is LinkStatus.LOST
    until(host, guest, lambda: host.scenes.top is not hs)
    assert "Hosting stopped" in notice_text(host) and "wrong pairing codes" in notice_text(host)
    assert hs.step == "role" and hs.conn is None


def test_the_code_pad_takes_digits_only_and_b_goes_back(tmp_path: Any) -> None:
    _host, guest, _hs, gs = host_and_guest_over_tcp(tmp_path)
    type_on_pad(guest, gs, "1234567", CODE_KEYS)  # the seventh digit does not fit
    assert gs.code_typed == "123456"
    type_on_pad(guest, gs, ["Del"], CODE_KEYS)
    assert gs.code_typed == "12345"  # the Del key
    for _ in range(5):
        guest.press("B")
    assert gs.code_typed == "" and gs.step == "code"
    guest.press("B")
    assert gs.step == "join"


def test_the_join_screen_never_says_host_after_backing_out_of_hosting(tmp_path: Any) -> None:
    # Issue 18: Host, B back to the first menu, then Join: the title bar said "Host".
    h = handheld(tmp_path, "solo", 5, free_port())
    scene = LinkSetupScene(h)
    h.scenes.push(scene)
    h.scenes.apply()
    h.press("A")  # Host a duel
    assert scene.step == "hosting" and scene.role == "host"
    h.press("B")  # back to the first menu
    assert scene.step == "role" and scene.role == ""
    h.press("DOWN")
    h.press("A")  # Join a duel
    assert scene.step == "join"
    drawn: list[str] = []
    real = h.text.draw

    def spy(surface: Any, s: str, *args: Any, **kw: Any) -> int:
        drawn.append(s)
        return real(surface, s, *args, **kw)

    h.text.draw = spy  # type: ignore[method-assign]
    h.tick(1)
    assert "Join a duel" in drawn and "Host" not in drawn
