"""Finding a friend's handheld on the same network without typing its address (zeroconf,
DNS-SD over multicast DNS; docs/PROTOCOL.md, "Finding a handheld").

A host advertises the service :data:`SERVICE_TYPE` under its player's name, with its link
port and, in TXT records, the game, the era and the link protocol version: nothing else,
and never the pairing code (which the guest still types: being found is not being let in).
A guest browses for that service and lists what answers.

Everything an advertiser says is untrusted: a hostile machine on the network may announce
a thousand services with long names and odd records. So :func:`parse_service` keeps only
what fits the limits below (a name cut and cleaned to letters the font has, known TXT keys
with short values, an IPv4 unicast address taken from the record itself and a port), and
:class:`FoundList` keeps at most :data:`MAX_FOUND` entries. The address joined is the one
in the record; no other host is ever asked about it.

The zeroconf library runs its own threads; starting it (binding sockets, probing the name)
can take a second or two, so :class:`ZeroconfBrowser` and :class:`ZeroconfAdvertiser` do
it on a thread of their own and the screen only reads :meth:`Browser.found` and
:attr:`Browser.problem` each frame. Where zeroconf is not installed or multicast cannot
work, ``problem`` says so and typing the address still works.

No pygame here; :mod:`handheld.ui.scenes.link_duel` draws what this module finds. The
handheld makes its :class:`Discovery` before the title screen, so this module loads
nothing heavy at import (netplay, zeroconf: only when used).
"""

from __future__ import annotations

import ipaddress
import logging
import os
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger(__name__)

SERVICE_TYPE = "_pockettcg._tcp.local."
# Bounds on what a (possibly hostile) advertiser can make this handheld hold and draw.
MAX_FOUND = 12  # entries listed; more is a flood, not a friend
MAX_TXT_BYTES = 256  # the whole TXT record (ours is about 40 bytes)
MAX_SERVICE_NAME = 128  # the full instance name, before it is cleaned and cut to NAME_MAX
TXT_KEYS = ("game", "era", "v")
NAME_MAX = 16  # a player's name as the link's hello cuts it (netplay.NAME_MAX)
KEY_MAX = 24  # a game's or an era's key (netplay.KEY_MAX)
# Waits (off the UI thread): how long one advertiser's details are asked for, and how long
# closing may wait for zeroconf's goodbye.
INFO_TIMEOUT_MS = 1500
CLOSE_WAIT_S = 2.0
# POCKET_TCG_DISCOVERY=off turns finding handhelds off (a network that forbids multicast).
ENV_SWITCH = "POCKET_TCG_DISCOVERY"


@dataclass(frozen=True)
class FoundHandheld:
    """One handheld that answered: its player's name (cleaned), where to join it, and what
    it plays. ``key`` is the service name it was announced under (for removal)."""

    key: str
    name: str
    address: str
    port: int
    game: str
    era: str
    protocol: int | None

    def problem(self, game: str, era: str) -> str | None:
        """Why this handheld cannot be joined for ``game`` in ``era``, or None."""
        from .netplay import PROTOCOL

        if self.protocol != PROTOCOL:
            return "another version"
        if self.game != game:
            return "another game"
        if self.era != era:
            return f"plays {self.era}"
        return None


def txt_records(game: str, era: str) -> dict[str, str]:
    """What a host announces besides its name and port (no pairing code, no deck)."""
    from .netplay import PROTOCOL

    return {"game": game, "era": era, "v": str(PROTOCOL)}


def instance_name(player: str) -> str:
    """The service instance a host announces for ``player`` (the name the guest sees)."""
    from .netplay import clean

    return (clean(player, NAME_MAX) or "Handheld").replace(".", " ")


def _text(value: Any, limit: int) -> str:
    from .netplay import clean

    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return clean(value, limit)


def parse_service(key: str, addresses: Sequence[bytes], port: Any,
                  properties: Mapping[Any, Any] | None) -> FoundHandheld | None:
    """A service record as this handheld keeps it, or None when it is not one of ours or
    breaks a limit: the name cut to :data:`NAME_MAX` letters the font has, the first IPv4
    unicast address of the record (never loopback's neighbours like multicast or
    broadcast), a port from 1 to 65535, and only the known TXT keys, each short."""
    if not isinstance(key, str) or len(key) > MAX_SERVICE_NAME:
        return None
    if not isinstance(port, int) or not 1 <= port <= 65535:
        return None
    props = properties or {}
    size = sum(len(k) + len(v or b"") for k, v in props.items()
               if isinstance(k, (bytes, str)) and isinstance(v, (bytes, str, type(None))))
    if len(props) > 2 * len(TXT_KEYS) or size > MAX_TXT_BYTES:
        return None
    fields: dict[str, str] = {}
    for k, v in props.items():
        name = _text(k, KEY_MAX)
        if name in TXT_KEYS:
            fields[name] = _text(v or b"", KEY_MAX)
    address = None
    for raw in addresses[:8]:
        if isinstance(raw, bytes) and len(raw) == 4:
            ip = ipaddress.IPv4Address(raw)
            if not (ip.is_multicast or ip.is_unspecified or ip.is_reserved
                    or ip == ipaddress.IPv4Address("255.255.255.255")):
                address = str(ip)
                break
    if address is None:
        return None
    label = key[:-len(SERVICE_TYPE) - 1] if key.endswith("." + SERVICE_TYPE) else key
    version = fields.get("v", "")
    return FoundHandheld(key, _text(label, NAME_MAX) or "Handheld", address, port,
                         fields.get("game", "?"), fields.get("era", "?"),
                         int(version) if version.isdigit() and len(version) <= 4 else None)


class FoundList:
    """The handhelds found so far, written by zeroconf's thread and read by the screen's:
    at most :data:`MAX_FOUND`, one per service name, in the order they answered."""

    def __init__(self, limit: int = MAX_FOUND) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._entries: dict[str, FoundHandheld] = {}
        self.turned_away = 0  # announcements dropped (a broken record, a full list)

    def add(self, entry: FoundHandheld | None) -> bool:
        with self._lock:
            if entry is None or (entry.key not in self._entries
                                 and len(self._entries) >= self.limit):
                self.turned_away += 1
                return False
            self._entries[entry.key] = entry
            return True

    def remove(self, key: str) -> None:
        with self._lock:
            self._entries.pop(key, None)

    def snapshot(self) -> list[FoundHandheld]:
        with self._lock:
            return list(self._entries.values())


class Browser(Protocol):
    """What the Join screen reads each frame (a real browser or a test's fake)."""

    problem: str | None

    def found(self) -> list[FoundHandheld]: ...

    def close(self) -> None: ...


class Advertiser(Protocol):
    problem: str | None

    def close(self) -> None: ...


def _interfaces(interfaces: Sequence[str] | None) -> dict[str, Any]:
    """zeroconf's constructor arguments: every interface, or only those given (tests use
    127.0.0.1: the announcement never leaves the machine)."""
    from zeroconf import IPVersion

    kwargs: dict[str, Any] = {"ip_version": IPVersion.V4Only}
    if interfaces is not None:
        kwargs["interfaces"] = list(interfaces)
    return kwargs


def _unavailable(exc: BaseException) -> str:
    if isinstance(exc, ImportError):
        return "finding handhelds needs the zeroconf package (pip install zeroconf)"
    return f"finding handhelds does not work on this network ({type(exc).__name__}: {exc})"


class _OffThread(ABC):
    """A zeroconf job started and stopped on threads of its own, so the screen never waits
    on the network: ``_start`` runs at once on one, ``close()`` runs ``_shut`` on another
    once the start is over; ``join`` waits for both (tests)."""

    def __init__(self, name: str, *args: Any) -> None:
        self.problem: str | None = None
        self._zc: Any = None
        self._name = name
        self._closed = threading.Event()
        self._closer: threading.Thread | None = None
        self._thread = threading.Thread(target=self._start, args=args, name=name,
                                        daemon=True)
        self._thread.start()

    @abstractmethod
    def _start(self, *args: Any) -> None:
        """Open the zeroconf socket and begin (on the start thread)."""

    @abstractmethod
    def _shut(self) -> None:
        """Close what ``_start`` opened (on the closing thread), best effort."""

    def close(self) -> None:
        """Stop: the sockets close on a thread of their own, never the screen's."""
        if self._closed.is_set():
            return
        self._closed.set()
        self._closer = threading.Thread(target=self._shut_after_start,
                                        name=f"{self._name}-close", daemon=True)
        self._closer.start()

    def _shut_after_start(self) -> None:
        self._thread.join()
        self._shut()

    def join(self, timeout: float = CLOSE_WAIT_S) -> None:
        """Wait for the start, and the close once asked for (tests)."""
        self._thread.join(timeout)
        if self._closer is not None:
            self._closer.join(timeout)


class ZeroconfBrowser(_OffThread):
    """Browse for :data:`SERVICE_TYPE` on a thread of its own (the UI thread never waits
    on the network); ``found()`` is the list so far, ``problem`` why it cannot browse."""

    def __init__(self, interfaces: Sequence[str] | None = None) -> None:
        self.list = FoundList()
        self._browser: Any = None
        super().__init__("handheld-browse", interfaces)

    def _start(self, interfaces: Sequence[str] | None) -> None:
        try:
            from zeroconf import ServiceBrowser, Zeroconf

            zc = Zeroconf(**_interfaces(interfaces))
            self._zc = zc
            if self._closed.is_set():
                return
            self._browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[self._changed])
            log.info("discovery: browsing for %s", SERVICE_TYPE)
        except Exception as exc:  # no package, no multicast, no interface: say so, type on
            self.problem = _unavailable(exc)
            log.warning("discovery: cannot browse: %s", exc)

    def _changed(self, zeroconf: Any, service_type: str, name: str,
                 state_change: Any) -> None:
        """zeroconf's callback, on its browser thread: blocking here waits on no screen."""
        from zeroconf import ServiceInfo, ServiceStateChange

        from .netplay import clean

        if state_change is ServiceStateChange.Removed:
            self.list.remove(name)
            log.info("discovery: %s left", clean(name, MAX_SERVICE_NAME))
            return
        if len(name) > MAX_SERVICE_NAME:
            self.list.add(None)
            return
        info = ServiceInfo(service_type, name)
        if not info.request(zeroconf, INFO_TIMEOUT_MS):
            return
        entry = parse_service(name, info.addresses, info.port, info.properties)
        if self.list.add(entry) and entry is not None:
            log.info("discovery: found %s at %s port %d (%s, %s, protocol %s)", entry.name,
                     entry.address, entry.port, entry.game, entry.era, entry.protocol)
        else:
            log.debug("discovery: ignored an announcement (%s)", clean(name, 40))

    def found(self) -> list[FoundHandheld]:
        return self.list.snapshot()

    def _shut(self) -> None:
        try:
            if self._browser is not None:
                self._browser.cancel()
            if self._zc is not None:
                self._zc.close()
        except Exception as exc:  # closing is best effort: the game goes on
            log.debug("discovery: closing the browser: %s", exc)


class ZeroconfAdvertiser(_OffThread):
    """Announce this handheld as a host of ``game`` in ``era`` on ``port`` under
    ``player``'s name, on a thread of its own (probing the name takes a moment)."""

    def __init__(self, player: str, port: int, game: str, era: str, *,
                 interfaces: Sequence[str] | None = None,
                 address: str | None = None) -> None:
        self.registered = threading.Event()
        self._info: Any = None
        super().__init__("handheld-advertise", player, port, game, era, interfaces, address)

    def _start(self, player: str, port: int, game: str, era: str,
               interfaces: Sequence[str] | None, address: str | None) -> None:
        try:
            from zeroconf import ServiceInfo, Zeroconf

            zc = Zeroconf(**_interfaces(interfaces))
            self._zc = zc
            if self._closed.is_set():
                return
            kwargs: dict[str, Any] = {}
            if address is not None:  # else zeroconf announces every address it binds
                kwargs["addresses"] = [ipaddress.IPv4Address(address).packed]
            info = ServiceInfo(SERVICE_TYPE, f"{instance_name(player)}.{SERVICE_TYPE}",
                               port=port, properties=txt_records(game, era), **kwargs)
            zc.register_service(info, allow_name_change=True)
            self._info = info
            self.registered.set()
            log.info("discovery: announcing %s (%s, %s) on port %d", info.name, game, era,
                     port)
        except Exception as exc:
            self.problem = _unavailable(exc)
            log.warning("discovery: cannot announce this handheld: %s", exc)

    def _shut(self) -> None:  # (zeroconf's goodbye, sent off the screen's thread)
        try:
            if self._zc is not None:
                if self._info is not None:
                    self._zc.unregister_service(self._info)
                self._zc.close()
        except Exception as exc:
            log.debug("discovery: closing the announcement: %s", exc)


class Discovery:
    """Makes the browser and the advertiser the link screens use. ``interfaces``: None
    for every network interface (a real handheld), or a list such as ["127.0.0.1"]."""

    def __init__(self, interfaces: Sequence[str] | None = None) -> None:
        self.interfaces = list(interfaces) if interfaces is not None else None

    def browser(self) -> Browser:
        return ZeroconfBrowser(self.interfaces)

    def advertiser(self, player: str, port: int, game: str, era: str) -> Advertiser:
        address = "127.0.0.1" if self.interfaces == ["127.0.0.1"] else None
        return ZeroconfAdvertiser(player, port, game, era, interfaces=self.interfaces,
                                  address=address)


def default_discovery(headless: bool) -> Discovery | None:
    """The handheld's discovery: on every interface for a handheld with a screen; none
    headless (tests, CI and benchmarks send nothing onto a network) or when
    :data:`ENV_SWITCH` is ``off``."""
    if headless or os.environ.get(ENV_SWITCH, "").lower() in ("off", "0", "no"):
        return None
    return Discovery()
