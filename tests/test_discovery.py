"""Finding a host on the network (handheld/discovery.py): what a hostile advertiser can
make the handheld keep is bounded, and a real announcement on the loopback interface is
found (zeroconf's multicast on 127.0.0.1 only: nothing leaves this machine)."""

from __future__ import annotations

import socket
import time

import pytest

from handheld.discovery import KEY_MAX as DISCOVERY_KEY_MAX
from handheld.discovery import (
    MAX_FOUND,
    MAX_TXT_BYTES,
    NAME_MAX,
    SERVICE_TYPE,
    Discovery,
    FoundHandheld,
    FoundList,
    default_discovery,
    instance_name,
    parse_service,
    txt_records,
)
from handheld.netplay import KEY_MAX, PROTOCOL
from handheld.netplay import NAME_MAX as HELLO_NAME_MAX

LOOPBACK = socket.inet_aton("127.0.0.1")
OURS = {b"game": b"tcg", b"era": b"expedition", b"v": str(PROTOCOL).encode()}


def test_a_record_of_ours_reads_back() -> None:
    found = parse_service(f"Ash.{SERVICE_TYPE}", [LOOPBACK], 7788, OURS)
    assert found == FoundHandheld(f"Ash.{SERVICE_TYPE}", "Ash", "127.0.0.1", 7788, "tcg",
                                  "expedition", PROTOCOL)
    assert found.problem("tcg", "expedition") is None
    assert found.problem("tcg", "platinum") == "plays expedition"
    assert found.problem("pieces", "classic") == "another game"
    old = parse_service(f"Old.{SERVICE_TYPE}", [LOOPBACK], 7788, {**OURS, b"v": b"2"})
    assert old is not None and old.problem("tcg", "expedition") == "another version"


def test_the_limits_match_the_hello() -> None:
    assert NAME_MAX == HELLO_NAME_MAX and DISCOVERY_KEY_MAX == KEY_MAX


@pytest.mark.parametrize("addresses, port, props", [
    ([], 7788, OURS),  # no address in the record: nothing to join, nothing looked up
    ([socket.inet_aton("224.0.0.251")], 7788, OURS),  # multicast
    ([socket.inet_aton("255.255.255.255")], 7788, OURS),  # broadcast
    ([socket.inet_aton("0.0.0.0")], 7788, OURS),
    ([b"\x00" * 16], 7788, OURS),  # IPv6 only
    ([LOOPBACK], 0, OURS),
    ([LOOPBACK], 70000, OURS),
    ([LOOPBACK], "7788", OURS),
    ([LOOPBACK], 7788, {**OURS, b"junk": b"x" * MAX_TXT_BYTES}),  # an oversized TXT
    ([LOOPBACK], 7788, {f"k{i}".encode(): b"1" for i in range(40)}),  # too many keys
])
def test_a_broken_or_hostile_record_is_dropped(addresses: list[bytes], port: object,
                                               props: dict[bytes, bytes]) -> None:
    assert parse_service(f"X.{SERVICE_TYPE}", addresses, port, props) is None


def test_names_and_values_are_cut_and_cleaned() -> None:
    long = "\u202e" + "Z" * 60 + "\x00\n"
    found = parse_service(f"{long}.{SERVICE_TYPE}", [LOOPBACK], 7788,
                          {b"game": b"tcg\xff" + b"g" * 30, b"era": None, b"v": b"99999"})
    assert found is not None
    assert len(found.name) <= NAME_MAX and found.name.startswith("?Z")
    assert len(found.game) <= KEY_MAX and found.era == "" and found.protocol is None
    assert parse_service("x" * 500, [LOOPBACK], 7788, OURS) is None  # a name too long


def test_the_found_list_is_bounded() -> None:
    found = FoundList()
    for i in range(MAX_FOUND + 20):
        found.add(parse_service(f"H{i}.{SERVICE_TYPE}", [LOOPBACK], 7000 + i, OURS))
    assert len(found.snapshot()) == MAX_FOUND and found.turned_away == 20
    first = found.snapshot()[0]
    assert found.add(first)  # an update of a known entry is never turned away
    found.remove(first.key)
    assert len(found.snapshot()) == MAX_FOUND - 1
    assert not found.add(None) and found.turned_away == 21


def test_the_announcement_says_no_more_than_game_era_and_version() -> None:
    assert txt_records("tcg", "platinum") == {"game": "tcg", "era": "platinum",
                                              "v": str(PROTOCOL)}
    assert instance_name("Mary.Jane") == "Mary Jane"  # a dot would split the name
    assert instance_name("") == "Handheld"


def test_headless_handhelds_never_browse(monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_discovery(headless=True) is None
    assert isinstance(default_discovery(headless=False), Discovery)
    monkeypatch.setenv("POCKET_TCG_DISCOVERY", "off")
    assert default_discovery(headless=False) is None


def test_a_host_announced_on_loopback_is_found() -> None:
    """Real zeroconf, on 127.0.0.1 only (multicast works on this loopback interface)."""
    discovery = Discovery(["127.0.0.1"])
    host = discovery.advertiser("Misty", 7799, "tcg", "expedition")
    guest = discovery.browser()
    try:
        deadline = time.monotonic() + 15
        found: list[FoundHandheld] = []
        while time.monotonic() < deadline and not found:
            found = [f for f in guest.found() if f.name == "Misty"]
            time.sleep(0.05)
        assert host.problem is None and guest.problem is None
        assert found, "the host announced on 127.0.0.1 was not found"
        entry = found[0]
        assert (entry.address, entry.port, entry.game, entry.era, entry.protocol) == \
            ("127.0.0.1", 7799, "tcg", "expedition", PROTOCOL)
    finally:
        host.close()
        guest.close()
        host.join(5)  # type: ignore[attr-defined]
        guest.join(5)  # type: ignore[attr-defined]


def test_without_zeroconf_the_browser_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "zeroconf", None)  # an import of it fails
    browser = Discovery(["127.0.0.1"]).browser()
    browser.join(5)  # type: ignore[attr-defined]
    assert browser.found() == []
    assert browser.problem is not None and "zeroconf" in browser.problem
    browser.close()
