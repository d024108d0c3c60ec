"""The Join screen lists the handhelds found on the network (a fake browser here: the
real one is tests/test_discovery.py's) and joins one with a button; the pairing code is
still asked and checked; the host announces itself without it; nothing freezes or breaks
when finding handhelds does not work; the pairing code never reaches the log."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from handheld.discovery import SERVICE_TYPE, FoundHandheld, parse_service
from handheld.netplay import PROTOCOL
from handheld.ui.app import Handheld
from handheld.ui.scenes.link_duel import CODE_KEYS, LinkSetupScene

from .test_goldens import check_golden
from .test_link_duel import free_port, handheld, notice_text, type_on_pad, until


class FakeBrowser:
    def __init__(self) -> None:
        self.entries: list[FoundHandheld] = []
        self.problem: str | None = None
        self.closed = False

    def found(self) -> list[FoundHandheld]:
        return list(self.entries)

    def close(self) -> None:
        self.closed = True


class FakeAdvertiser:
    def __init__(self, *args: Any) -> None:
        self.args = args
        self.problem: str | None = None
        self.closed = False

    def close(self) -> None:
        self.closed = True


class FakeDiscovery:
    def __init__(self) -> None:
        self.browsers: list[FakeBrowser] = []
        self.advertisers: list[FakeAdvertiser] = []

    def browser(self) -> FakeBrowser:
        self.browsers.append(FakeBrowser())
        return self.browsers[-1]

    def advertiser(self, player: str, port: int, game: str, era: str) -> FakeAdvertiser:
        self.advertisers.append(FakeAdvertiser(player, port, game, era))
        return self.advertisers[-1]


def entry(name: str, port: int, era: str = "expedition", game: str = "tcg",
          version: int = PROTOCOL) -> FoundHandheld:
    found = parse_service(f"{name}.{SERVICE_TYPE}", [bytes([127, 0, 0, 1])], port,
                          {b"game": game.encode(), b"era": era.encode(),
                           b"v": str(version).encode()})
    assert found is not None
    return found


def open_join(h: Handheld) -> tuple[LinkSetupScene, FakeDiscovery]:
    discovery = FakeDiscovery()
    h.discovery = discovery  # type: ignore[assignment]
    scene = LinkSetupScene(h)
    h.scenes.push(scene)
    h.scenes.apply()
    h.press("DOWN")
    h.press("A")  # Join a duel
    assert scene.step == "join" and len(discovery.browsers) == 1
    return scene, discovery


def labels(scene: LinkSetupScene) -> list[str]:
    return [item.label for item in scene.menu.items]


def test_the_join_menu_follows_the_browser(tmp_path: Path) -> None:
    h = handheld(tmp_path, "guest", 2)
    scene, discovery = open_join(h)
    browser = discovery.browsers[0]
    assert labels(scene) == ["This machine (127.0.0.1)", "Type an address"]
    h.tick(2)
    assert scene.found == []
    browser.entries = [entry("Brock", 7001, era="platinum"), entry("Misty", 7002)]
    h.tick()
    # The one that can be joined first; the other era's greyed out with the reason.
    assert labels(scene)[:2] == ["Misty  127.0.0.1", "Brock  127.0.0.1"]
    assert [i.enabled for i in scene.menu.items] == [True, False, True, True]
    assert scene.menu.items[1].hint == "Cannot join: plays platinum."
    assert scene.menu.cursor == 0  # the first found: A would join Misty
    h.press("DOWN")  # on Brock
    h.press("A")  # refused: still on the menu
    assert scene.step == "join"
    h.press("DOWN")  # on This machine
    browser.entries = [*browser.entries, entry("Erika", 7003)]
    h.tick()  # a newcomer is listed above: the cursor stays on the item it was on
    assert labels(scene)[:3] == ["Misty  127.0.0.1", "Erika  127.0.0.1", "Brock  127.0.0.1"]
    assert scene.menu.selected is not None and scene.menu.selected.value == "127.0.0.1"
    h.press("B")  # back to Host/Join: the browser stops
    assert scene.step == "role" and browser.closed and scene.browser is None


def test_the_join_screen_with_handhelds_found_matches_its_golden(tmp_path: Path) -> None:
    h = Handheld(headless=True, data_dir=tmp_path, seed=11)
    h.settings.text_speed = "instant"
    h.settings.animations = False
    _scene, discovery = open_join(h)
    discovery.browsers[0].entries = [entry("Misty", 7002), entry("Brock", 7001, era="platinum"),
                                     entry("Gary", 7003, version=PROTOCOL - 1)]
    h.tick(20)
    check_golden(h, "link_join_found", tmp_path)


def test_when_finding_fails_the_screen_says_so_and_typing_stays(tmp_path: Path) -> None:
    h = handheld(tmp_path, "guest", 2)
    scene, discovery = open_join(h)
    discovery.browsers[0].problem = "finding handhelds needs the zeroconf package"
    h.tick(3)
    assert labels(scene) == ["This machine (127.0.0.1)", "Type an address"]
    h.press("DOWN")
    h.press("A")
    assert scene.step == "pad"


def test_headless_handhelds_show_the_join_menu_as_before(tmp_path: Path) -> None:
    h = handheld(tmp_path, "guest", 2)
    assert h.discovery is None
    scene = LinkSetupScene(h)
    h.scenes.push(scene)
    h.scenes.apply()
    h.press("DOWN")
    h.press("A")
    assert scene.browser is None
    assert labels(scene) == ["This machine (127.0.0.1)", "Type an address"]


def test_a_found_host_is_joined_with_its_pairing_code(tmp_path: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    """Over loopback TCP: the host (on its own port, not the guest's) announces itself
    with the game, era and port and no code; the guest picks it from the list, must type
    the code (a wrong one is refused), and the link comes up. The code is in no log line."""
    caplog.set_level(logging.DEBUG)
    host_port, guest_port = free_port(), free_port()
    host, guest = handheld(tmp_path, "host", 1, host_port), handheld(tmp_path, "guest", 2,
                                                                     guest_port)
    host.discovery = FakeDiscovery()  # type: ignore[assignment]
    hs = LinkSetupScene(host)
    host.scenes.push(hs)
    host.scenes.apply()
    host.press("A")  # Host a duel
    assert hs.step == "hosting"
    (advertiser,) = host.discovery.advertisers  # type: ignore[attr-defined]
    assert advertiser.args == ("Host", host_port, "tcg", "expedition")
    assert hs.code not in repr(advertiser.args)
    gs, discovery = open_join(guest)
    discovery.browsers[0].entries = [entry("Host", host_port)]
    guest.tick()
    guest.press("A")  # the host found
    assert gs.step == "code" and gs.address == "127.0.0.1" and gs.join_port == host_port
    assert discovery.browsers[0].closed is False  # B from the pad comes back to the list
    wrong = f"{(int(hs.code) + 1) % 10**6:06d}"
    type_on_pad(guest, gs, wrong, CODE_KEYS)
    guest.press("START")
    until(host, guest, lambda: guest.scenes.top is not gs and bool(hs.door))
    assert "refused the pairing code" in notice_text(guest)
    assert gs.step == "code" and gs.join_port == host_port  # the found port kept
    guest.press("A")  # the notice
    type_on_pad(guest, gs, hs.code, CODE_KEYS)
    guest.press("START")
    until(host, guest, lambda: hs.step == "deck" and gs.step == "deck")
    assert advertiser.closed  # linked: the host stops announcing itself
    assert discovery.browsers[0].closed
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "link: connected" in text and f"port {host_port}" in text
    assert hs.code not in text and wrong not in text
