"""The link cable: two handhelds battle by exchanging small JSON messages over TCP (loopback
in tests, the network between two boards) or over an in-memory pair on the simulated
board. The game loop drives it: :meth:`Link.send` queues a message, :meth:`Link.poll`
moves bytes without ever blocking and returns what happened as :class:`LinkEvent` values.
A dropped, garbled or silent link is reported as an event; it never raises into the game.

Wire format (all integers big-endian)::

    magic     4  b"\\xa9TCG"  (first byte is not ASCII, so it never occurs in a payload)
    version   1  VERSION
    flags     1  FLAG_DATA | FLAG_PING | FLAG_BYE  (0 = a bare acknowledgement)
    seq       4  this message's number (DATA frames; messages are numbered from 1)
    ack       4  the next message number the sender expects (all below it arrived)
    length    4  payload length, at most MAX_PAYLOAD
    hcrc      4  CRC32 of the 18 bytes above
    payload   n  the message as ASCII JSON (DATA frames only)
    crc       4  CRC32 of everything above (header, hcrc and payload)

The header checksum is an addition to the plain "CRC over header and payload" design: it
lets the reader trust ``length`` before the payload arrives, so a garbled length cannot
stall the reader waiting for bytes that will never come. A rejected frame costs only its
first byte; the reader then resynchronises on the next magic.

Reliability is a sliding window (WINDOW messages in flight) with cumulative
acknowledgements: every frame carries ``ack``; the receiver buffers out-of-order messages,
drops duplicates and delivers each message exactly once, in order; the sender retransmits
what is unacknowledged after ``resend_ms`` of the injected clock. Both sides send a ping
when they have sent nothing for ``heartbeat_ms``, so a peer silent for ``timeout_ms`` is
lost. Sequence numbers are 32-bit and do not wrap: at 60 messages a second they last
two years, and a link that runs out is reported lost.

Transports add one thing to "send, receive, close, is it open": ``has_peer``. A TCP
listener is open long before anyone connects; the link must neither send into the void nor
count that wait as silence, so its silence timer starts when the peer is attached.
"""

from __future__ import annotations

import errno
import json
import math
import os
import random
import select
import socket
import struct
import zlib
from collections import deque
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from firmware_sim.clock import Clock, MonotonicClock

MAGIC = b"\xa9TCG"
VERSION = 1
FLAG_DATA = 0x01
FLAG_PING = 0x02
FLAG_BYE = 0x04
_KNOWN_FLAGS = FLAG_DATA | FLAG_PING | FLAG_BYE
MAX_PAYLOAD = 64 * 1024
WINDOW = 256
MAX_SEQ = 0xFFFFFFFF

_HEAD = struct.Struct(">4sBBIII")
_CRC = struct.Struct(">I")
HEADER_SIZE = _HEAD.size + _CRC.size
FRAME_OVERHEAD = HEADER_SIZE + _CRC.size


class LinkError(Exception):
    """Base of the link's errors."""


class MessageError(LinkError, ValueError):
    """A message that cannot be sent (not a JSON object, not JSON-able, too big)."""


class TransportError(LinkError, ConnectionError):
    """The connection failed or is closed; the text says how."""


# --- framing ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """One frame on the wire."""

    flags: int
    seq: int
    ack: int
    payload: bytes = b""


@dataclass(frozen=True)
class Garbage:
    """Bytes the decoder threw away, and why (the distinct reasons, first one first)."""

    size: int
    reasons: tuple[str, ...]

    def describe(self) -> str:
        plural = "s" * (self.size != 1)
        return f"dropped {self.size} garbled byte{plural} ({', '.join(self.reasons)})"


def encode_frame(frame: Frame) -> bytes:
    """The bytes of ``frame``; raises :class:`MessageError` for an oversize payload and
    ValueError for fields out of range."""
    if len(frame.payload) > MAX_PAYLOAD:
        raise MessageError(
            f"payload is {len(frame.payload)} bytes; a frame carries at most {MAX_PAYLOAD}"
        )
    if frame.flags & ~_KNOWN_FLAGS or not 0 <= frame.flags <= 0xFF:
        raise ValueError(f"unknown frame flags {frame.flags:#x}")
    for name in ("seq", "ack"):
        value = getattr(frame, name)
        if not 0 <= value <= MAX_SEQ:
            raise ValueError(f"{name} {value} does not fit in 32 bits")
    head = _HEAD.pack(MAGIC, VERSION, frame.flags, frame.seq, frame.ack, len(frame.payload))
    head += _CRC.pack(zlib.crc32(head))
    body = head + frame.payload
    return body + _CRC.pack(zlib.crc32(body))


class FrameDecoder:
    """Turns a byte stream into frames, throwing away (and reporting) whatever is not one."""

    def __init__(self, max_payload: int = MAX_PAYLOAD) -> None:
        self.max_payload = max_payload
        self._buf = bytearray()
        self._junk_size = 0
        self._junk_reasons: list[str] = []

    @property
    def buffered(self) -> int:
        """Bytes held back waiting for the rest of a frame."""
        return len(self._buf)

    def feed(self, data: bytes) -> list[Frame | Garbage]:
        """Frames completed by ``data``, in order; runs of rejected bytes become one
        :class:`Garbage` item placed where they were in the stream."""
        buf = self._buf
        buf += data
        out: list[Frame | Garbage] = []
        while True:
            start = buf.find(MAGIC)
            if start < 0:
                keep = _partial_magic_suffix(buf)
                if len(buf) > keep:
                    self._junk(len(buf) - keep, "no frame marker")
                    del buf[: len(buf) - keep]
                break
            if start:
                self._junk(start, "stray bytes before a frame marker")
                del buf[:start]
            if len(buf) < HEADER_SIZE:
                break
            _, version, flags, seq, ack, length = _HEAD.unpack_from(buf)
            (hcrc,) = _CRC.unpack_from(buf, _HEAD.size)
            problem = None
            if zlib.crc32(buf[: _HEAD.size]) != hcrc:
                problem = "bad header checksum"
            elif version != VERSION:
                problem = f"unsupported protocol version {version} (this one speaks {VERSION})"
            elif flags & ~_KNOWN_FLAGS:
                problem = f"unknown frame flags {flags:#04x}"
            elif length > self.max_payload:
                problem = f"payload length {length} over the limit {self.max_payload}"
            elif bool(flags & FLAG_DATA) != (length > 0):
                problem = "payload on a control frame" if length else "data frame without payload"
            if problem:
                self._reject(problem)
                continue
            total = HEADER_SIZE + length + _CRC.size
            if len(buf) < total:
                break
            (crc,) = _CRC.unpack_from(buf, total - _CRC.size)
            if zlib.crc32(buf[: total - _CRC.size]) != crc:
                self._reject("bad checksum")
                continue
            payload = bytes(buf[HEADER_SIZE : total - _CRC.size])
            del buf[:total]
            self._flush_junk(out)
            out.append(Frame(flags, seq, ack, payload))
        self._flush_junk(out)
        return out

    def _reject(self, reason: str) -> None:
        # Drop only the first byte of the false frame: a real frame may start inside it.
        self._junk(1, reason)
        del self._buf[:1]

    def _junk(self, size: int, reason: str) -> None:
        self._junk_size += size
        if reason not in self._junk_reasons:
            self._junk_reasons.append(reason)

    def _flush_junk(self, out: list[Frame | Garbage]) -> None:
        if self._junk_size:
            out.append(Garbage(self._junk_size, tuple(self._junk_reasons)))
            self._junk_size = 0
            self._junk_reasons = []


def _partial_magic_suffix(buf: bytearray) -> int:
    """Length of the longest tail of ``buf`` that could be the start of a magic."""
    for k in range(min(len(MAGIC) - 1, len(buf)), 0, -1):
        if buf.endswith(MAGIC[:k]):
            return k
    return 0


def encode_message(message: dict[str, Any]) -> bytes:
    """The payload for ``message``: compact ASCII JSON. Raises :class:`MessageError` unless
    the message is a dict that survives a JSON round trip unchanged and fits in a frame."""
    if not isinstance(message, dict):
        raise MessageError(f"a message must be a dict, not {type(message).__name__}")
    try:
        text = json.dumps(message, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError) as exc:
        raise MessageError(f"message is not JSON-able: {exc}") from exc
    # json.dumps quietly turns tuples into lists and int keys into strings; the peer would
    # then receive something else than was sent, so such messages are refused here.
    if json.loads(text) != message:
        raise MessageError(
            "message changes in a JSON round trip (use lists, not tuples, and str keys)"
        )
    payload = text.encode("ascii")
    if len(payload) > MAX_PAYLOAD:
        raise MessageError(
            f"message is {len(payload)} bytes as JSON; the link carries at most {MAX_PAYLOAD}"
        )
    return payload


def decode_message(payload: bytes) -> dict[str, Any]:
    """The message in a payload; raises :class:`MessageError` if it is not a JSON object."""
    try:
        value = json.loads(payload.decode("ascii"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise MessageError(f"payload is not JSON: {exc}") from exc
    if not isinstance(value, dict):
        raise MessageError(f"payload is JSON {type(value).__name__}, not an object")
    return value


# --- transports ------------------------------------------------------------------------


class Transport(Protocol):
    """A byte pipe to the other handheld. Nothing here blocks."""

    def send(self, data: bytes) -> None:
        """Queue ``data`` for the peer; raises :class:`TransportError` if the pipe is broken."""
        ...

    def receive(self) -> bytes:
        """Whatever bytes have arrived (``b""`` if none); raises :class:`TransportError` once
        the pipe is closed or broken, after every byte that arrived was returned."""
        ...

    def close(self) -> None: ...

    @property
    def is_open(self) -> bool: ...

    @property
    def has_peer(self) -> bool:
        """True once the other end is attached (a TCP listener that has accepted, a finished
        connect; a memory pair always)."""
        ...


_MAX_UNSENT = 1 << 20
_RECV_CHUNK = 1 << 16
_MAX_RECV_PER_CALL = 1 << 20


class TcpTransport:
    """A non-blocking TCP socket, made with :meth:`listen` (one peer) or :meth:`connect`."""

    def __init__(
        self,
        *,
        listener: socket.socket | None = None,
        sock: socket.socket | None = None,
        connecting: bool = False,
        where: str = "",
    ) -> None:
        # Use listen() or connect(); this constructor only assembles the state.
        self._listener = listener
        self._sock = sock
        self._connecting = connecting
        self._where = where
        self._unsent = bytearray()
        self._error: str | None = None
        self._closed = False
        self.port = 0
        if listener is not None:
            self.port = listener.getsockname()[1]
        elif sock is not None:
            self.port = sock.getsockname()[1]

    @classmethod
    def listen(cls, host: str, port: int) -> TcpTransport:
        """Listen on ``host:port`` (port 0: any free one, see :attr:`port`) for one peer."""
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
            family, kind, proto, _, addr = infos[0]
            listener = socket.socket(family, kind, proto)
        except OSError as exc:
            raise TransportError(f"cannot listen on {host}:{port}: {_reason(exc)}") from exc
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(addr)
            listener.listen(1)
            listener.setblocking(False)
        except OSError as exc:
            listener.close()
            raise TransportError(f"cannot listen on {host}:{port}: {_reason(exc)}") from exc
        return cls(listener=listener, where=f"{host}:{listener.getsockname()[1]}")

    @classmethod
    def connect(cls, host: str, port: int) -> TcpTransport:
        """Start connecting to ``host:port``; a refusal shows up later, on :meth:`receive`."""
        where = f"{host}:{port}"
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            family, kind, proto, _, addr = infos[0]
            sock = socket.socket(family, kind, proto)
        except OSError as exc:
            raise TransportError(f"cannot connect to {where}: {_reason(exc)}") from exc
        sock.setblocking(False)
        code = sock.connect_ex(addr)
        if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY):
            sock.close()
            raise TransportError(f"cannot connect to {where}: {os.strerror(code)}")
        _no_delay(sock)
        return cls(sock=sock, connecting=code != 0, where=where)

    @property
    def is_open(self) -> bool:
        return not self._closed and self._error is None

    @property
    def has_peer(self) -> bool:
        return self.is_open and self._sock is not None and not self._connecting

    def send(self, data: bytes) -> None:
        self._check()
        self._unsent += data
        if len(self._unsent) > _MAX_UNSENT:
            self._fail(f"the peer at {self._where} is not reading (over 1 MiB unsent)")
            self._check()
        self._progress()
        self._check()

    def receive(self) -> bytes:
        self._check()
        self._progress()
        if self._sock is None or self._connecting or self._error:
            # An error found while flushing is raised on the next call, like end-of-file.
            self._check()
            return b""
        chunks: list[bytes] = []
        size = 0
        while size < _MAX_RECV_PER_CALL:
            try:
                chunk = self._sock.recv(_RECV_CHUNK)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as exc:
                self._fail(_reason(exc))
                break
            if not chunk:
                self._fail(f"the peer at {self._where} closed the connection")
                break
            chunks.append(chunk)
            size += len(chunk)
        if not chunks:
            self._check()
        return b"".join(chunks)

    def close(self) -> None:
        if self._sock is not None and not self._connecting and self._error is None:
            # Closing with unread bytes makes the kernel send a reset, which can destroy
            # what we just wrote before the peer reads it; so read and discard first.
            try:
                while self._sock.recv(_RECV_CHUNK):
                    pass
            except OSError:
                pass
        self._closed = True
        self._release()

    def _check(self) -> None:
        if self._error is not None:
            raise TransportError(self._error)
        if self._closed:
            raise TransportError("the transport is closed")

    def _fail(self, reason: str) -> None:
        if self._error is None:
            self._error = reason
        self._release()

    def _release(self) -> None:
        for s in (self._listener, self._sock):
            if s is not None:
                s.close()
        self._listener = None
        self._sock = None

    def _progress(self) -> None:
        """Accept, finish connecting, flush: whatever can be done right now."""
        if self._listener is not None:
            try:
                sock, _ = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                self._fail(f"accepting a peer on {self._where} failed: {_reason(exc)}")
                return
            self._listener.close()
            self._listener = None
            sock.setblocking(False)
            _no_delay(sock)
            self._sock = sock
        if self._sock is None:
            return
        if self._connecting:
            try:
                _, writable, _ = select.select([], [self._sock], [], 0)
            except (OSError, ValueError) as exc:
                self._fail(f"cannot connect to {self._where}: {exc}")
                return
            if not writable:
                return
            code = self._sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if code:
                self._fail(f"cannot connect to {self._where}: {os.strerror(code)}")
                return
            self._connecting = False
        while self._unsent:
            try:
                sent = self._sock.send(self._unsent)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                self._fail(_reason(exc))
                return
            del self._unsent[:sent]


def _no_delay(sock: socket.socket) -> None:
    # Frames are small and turn-based; Nagle's delay would only add latency.
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except OSError:
        pass


def _reason(exc: OSError) -> str:
    if isinstance(exc, ConnectionResetError):
        return "the connection was reset by the peer"
    if isinstance(exc, BrokenPipeError):
        return "the peer closed the connection"
    return exc.strerror or str(exc) or type(exc).__name__


@dataclass(frozen=True)
class Faults:
    """What a simulated cable does to each chunk sent (one chunk is one frame for a Link):
    probabilities of dropping, garbling, duplicating and delaying it past the next one."""

    drop: float = 0.0
    garble: float = 0.0
    duplicate: float = 0.0
    reorder: float = 0.0
    seed: int = 0

    def __post_init__(self) -> None:
        for name in ("drop", "garble", "duplicate", "reorder"):
            p = getattr(self, name)
            if not (isinstance(p, int | float) and 0.0 <= p <= 1.0):
                raise ValueError(f"fault probability {name}={p!r} is not between 0 and 1")


@dataclass
class WireStats:
    """What a simulated cable did, so tests can check the faults really happened."""

    chunks: int = 0
    dropped: int = 0
    garbled: int = 0
    duplicated: int = 0
    reordered: int = 0


class _Wire:
    """One direction of a memory pair."""

    def __init__(self, faults: Faults | None, seed: int) -> None:
        self.faults = faults
        self.rng = random.Random(seed)
        self.queue: deque[bytes] = deque()
        self.held: bytes | None = None  # a chunk delayed past the next one
        self.end: str | None = None  # why nothing more will arrive
        self.severed = False
        self.stats = WireStats()

    def put(self, chunk: bytes) -> None:
        self.stats.chunks += 1
        f = self.faults
        if f is None:
            self.queue.append(chunk)
            return
        rng = self.rng
        if rng.random() < f.drop:
            self.stats.dropped += 1
            return
        if rng.random() < f.garble:
            self.stats.garbled += 1
            chunk = self._garble(chunk)
        copies = [chunk, chunk] if rng.random() < f.duplicate else [chunk]
        self.stats.duplicated += len(copies) - 1
        for c in copies:
            if self.held is None and rng.random() < f.reorder:
                self.stats.reordered += 1
                self.held = c
                continue
            self.queue.append(c)
            self.release_held()

    def release_held(self) -> None:
        if self.held is not None:
            self.queue.append(self.held)
            self.held = None

    def _garble(self, chunk: bytes) -> bytes:
        rng = self.rng
        mode = rng.randrange(3)
        if mode == 0 and chunk:
            data = bytearray(chunk)
            for _ in range(rng.randint(1, 3)):
                data[rng.randrange(len(data))] ^= rng.randint(1, 255)
            return bytes(data)
        if mode == 1 and len(chunk) > 1:
            return chunk[: rng.randrange(1, len(chunk))]
        return rng.randbytes(rng.randint(1, 8)) + chunk

    def take(self) -> bytes:
        data = b"".join(self.queue)
        self.queue.clear()
        return data


class MemoryTransport:
    """One end of an in-memory cable (see :meth:`pair`). It behaves like TCP: writes after
    the peer hung up vanish, and the reader sees everything in flight before the end."""

    def __init__(self, inbound: _Wire, outbound: _Wire) -> None:
        # Use MemoryTransport.pair(); an end alone is not connected to anything.
        self._in = inbound
        self._out = outbound
        self._closed = False

    @classmethod
    def pair(cls, faults: Faults | None = None) -> tuple[MemoryTransport, MemoryTransport]:
        """Two ends wired to each other; ``faults`` applies to both directions, each with
        its own random stream (seeded from ``faults.seed``)."""
        seed = faults.seed if faults else 0
        a_to_b, b_to_a = _Wire(faults, seed * 2), _Wire(faults, seed * 2 + 1)
        return cls(b_to_a, a_to_b), cls(a_to_b, b_to_a)

    @property
    def stats(self) -> WireStats:
        """What the cable did to the chunks this end sent."""
        return self._out.stats

    @property
    def is_open(self) -> bool:
        return not self._closed and not self._in.severed

    @property
    def has_peer(self) -> bool:
        return self.is_open

    def send(self, data: bytes) -> None:
        self._check()
        if self._out.end is None:
            self._out.put(bytes(data))

    def receive(self) -> bytes:
        self._check()
        data = self._in.take()
        if not data and self._in.end is not None:
            raise TransportError(self._in.end)
        return data

    def close(self) -> None:
        """Hang up cleanly: the peer reads what was in flight, then a closed connection."""
        if not self._closed:
            self._closed = True
            self._out.release_held()
            self._out.end = self._out.end or "the peer closed the connection"
            self._in.end = self._in.end or "the transport is closed"

    def sever(self, reason: str = "the connection was reset by the peer") -> None:
        """Cut the cable: bytes in flight are lost and both ends fail with ``reason``."""
        for wire in (self._in, self._out):
            wire.queue.clear()
            wire.held = None
            wire.end = reason
            wire.severed = True

    def _check(self) -> None:
        if self._closed:
            raise TransportError("the transport is closed")
        if self._in.severed:
            raise TransportError(self._in.end or "the cable was cut")


# --- the link --------------------------------------------------------------------------


class LinkStatus(StrEnum):
    """Where the link stands; LOST and CLOSED are final."""

    CONNECTING = "connecting"  # no word from the peer yet
    CONNECTED = "connected"
    LOST = "lost"  # the peer vanished, the connection broke or went silent
    CLOSED = "closed"  # closed here, or the peer said goodbye


class EventKind(StrEnum):
    """What a :class:`LinkEvent` reports (compares equal to its string value)."""

    CONNECTED = "connected"  # first valid frame from the peer
    MESSAGE = "message"  # a message, exactly once and in order
    CORRUPT = "corrupt"  # garbled bytes or a broken frame were thrown away
    RESENT = "resent"  # unacknowledged messages were sent again
    LOST = "lost"  # the link is dead; nothing more will happen
    CLOSED = "closed"  # the peer closed the link politely


@dataclass(frozen=True)
class LinkEvent:
    """Something the game should know: ``message`` is set for MESSAGE events only."""

    kind: EventKind
    detail: str
    message: dict[str, Any] | None = None


@dataclass
class LinkStats:
    """Counters for the debug screen and for tests that must see the faults handled."""

    frames_sent: int = 0
    frames_received: int = 0
    messages_sent: int = 0
    messages_received: int = 0
    resent: int = 0
    duplicates: int = 0
    out_of_order: int = 0
    corrupt: int = 0
    heartbeats: int = 0


@dataclass
class _Outgoing:
    seq: int
    payload: bytes
    sent_at: float | None = None  # None: not transmitted yet


class Link:
    """A reliable message link over a :class:`Transport`, driven by :meth:`poll`."""

    def __init__(
        self,
        transport: Transport,
        *,
        clock: Clock | None = None,
        resend_ms: float = 250.0,
        heartbeat_ms: float = 500.0,
        timeout_ms: float = 3000.0,
        connect_timeout_ms: float | None = None,
    ) -> None:
        for name, value in (
            ("resend_ms", resend_ms),
            ("heartbeat_ms", heartbeat_ms),
            ("timeout_ms", timeout_ms),
            ("connect_timeout_ms", connect_timeout_ms),
        ):
            if value is not None and not (math.isfinite(value) and value > 0):
                raise ValueError(f"{name} must be a positive number of milliseconds, not {value}")
        if timeout_ms <= heartbeat_ms:
            raise ValueError(
                f"timeout_ms ({timeout_ms}) must exceed heartbeat_ms ({heartbeat_ms}),"
                " or a quiet but healthy peer would be declared lost"
            )
        self.transport = transport
        self.clock: Clock = clock if clock is not None else MonotonicClock()
        self.resend_ms = float(resend_ms)
        self.heartbeat_ms = float(heartbeat_ms)
        self.timeout_ms = float(timeout_ms)
        self.connect_timeout_ms = connect_timeout_ms
        self.stats = LinkStats()
        self._status = LinkStatus.CONNECTING
        self._decoder = FrameDecoder()
        self._next_seq = 1
        self._outgoing: deque[_Outgoing] = deque()
        self._expected = 1
        self._early: dict[int, bytes] = {}  # arrived ahead of their turn
        self._ack_due = False
        self._ack_sent = 0
        self._started_at: float | None = None
        self._attached_at: float | None = None
        self._last_heard = 0.0
        self._last_sent = -math.inf
        self._pending_loss: str | None = None

    @property
    def status(self) -> LinkStatus:
        return self._status

    @property
    def unacked(self) -> int:
        """Messages sent (or queued) that the peer has not acknowledged yet."""
        return len(self._outgoing)

    def send(self, message: dict[str, Any]) -> bool:
        """Queue ``message`` for the next :meth:`poll`. Raises :class:`MessageError` for a
        message that cannot be sent; returns False (and sends nothing) once the link is lost
        or closed, which was already reported by an event."""
        payload = encode_message(message)
        if self._status in (LinkStatus.LOST, LinkStatus.CLOSED):
            return False
        if self._next_seq > MAX_SEQ:
            self._pending_loss = "the link ran out of sequence numbers"
            return False
        self._outgoing.append(_Outgoing(self._next_seq, payload))
        self._next_seq += 1
        self.stats.messages_sent += 1
        return True

    def poll(self, now_ms: float | None = None) -> list[LinkEvent]:
        """Move bytes both ways and return what happened. Never blocks; never raises for
        anything the network or the peer does. ``now_ms`` defaults to the link's clock."""
        now = self.clock.now_ms() if now_ms is None else float(now_ms)
        events: list[LinkEvent] = []
        if self._status in (LinkStatus.LOST, LinkStatus.CLOSED):
            return events
        if self._started_at is None:
            self._started_at = now
        if self._pending_loss:
            self._lose(self._pending_loss, events)
            return events
        self._receive(now, events)
        if self._status in (LinkStatus.LOST, LinkStatus.CLOSED):
            return events
        if self._attached_at is None and self.transport.has_peer:
            self._attached_at = now
            self._last_heard = now
        if self._check_silence(now, events):
            return events
        if self._attached_at is not None:
            self._transmit(now, events)
        return events

    def close(self) -> None:
        """Say goodbye to the peer (best effort) and close the transport."""
        if self._status in (LinkStatus.LOST, LinkStatus.CLOSED):
            return
        if self.transport.has_peer:
            try:
                self.transport.send(self._frame(FLAG_BYE))
            except OSError:
                pass  # closing anyway
        self._status = LinkStatus.CLOSED
        self._outgoing.clear()
        self._shut()

    # -- inside poll --

    def _receive(self, now: float, events: list[LinkEvent]) -> None:
        try:
            data = self.transport.receive()
        except OSError as exc:
            self._lose(str(exc) or "the connection broke", events)
            return
        if not data:
            return
        for item in self._decoder.feed(data):
            if isinstance(item, Garbage):
                self.stats.corrupt += 1
                events.append(LinkEvent(EventKind.CORRUPT, item.describe()))
                continue
            self._handle(item, now, events)
            if self._status is LinkStatus.CLOSED:
                return

    def _handle(self, frame: Frame, now: float, events: list[LinkEvent]) -> None:
        if frame.ack > self._next_seq or (frame.flags & FLAG_DATA and frame.seq == 0):
            self.stats.corrupt += 1
            what = (
                f"acknowledges message #{frame.ack - 1}, which was never sent"
                if frame.ack > self._next_seq
                else "carries message number 0"
            )
            events.append(LinkEvent(EventKind.CORRUPT, f"ignored a frame that {what}"))
            return
        self.stats.frames_received += 1
        self._last_heard = now
        if self._status is LinkStatus.CONNECTING:
            self._status = LinkStatus.CONNECTED
            events.append(LinkEvent(EventKind.CONNECTED, "the peer answered"))
        while self._outgoing and self._outgoing[0].seq < frame.ack:
            self._outgoing.popleft()
        if frame.flags & FLAG_DATA:
            self._accept(frame, events)
        if frame.flags & FLAG_BYE:
            left = len(self._outgoing)
            note = f" ({left} message{'s' * (left != 1)} not delivered)" if left else ""
            events.append(LinkEvent(EventKind.CLOSED, f"the peer closed the link{note}"))
            self._status = LinkStatus.CLOSED
            self._outgoing.clear()
            self._shut()

    def _accept(self, frame: Frame, events: list[LinkEvent]) -> None:
        # Whatever happens, the peer must hear our ack again: it may have missed the last.
        self._ack_due = True
        seq = frame.seq
        if seq < self._expected or seq in self._early:
            self.stats.duplicates += 1
            return
        if seq >= self._expected + WINDOW:
            return  # beyond the window: the peer will send it again
        self._early[seq] = frame.payload
        if seq != self._expected:
            self.stats.out_of_order += 1
        while self._expected in self._early:
            number = self._expected
            payload = self._early.pop(number)
            self._expected += 1
            try:
                message = decode_message(payload)
            except MessageError as exc:
                # A well-framed but meaningless message is a peer bug: report it, and keep
                # it consumed so the peer stops resending it.
                self.stats.corrupt += 1
                events.append(LinkEvent(EventKind.CORRUPT, f"message #{number}: {exc}"))
                continue
            self.stats.messages_received += 1
            events.append(LinkEvent(EventKind.MESSAGE, f"message #{number}", message))

    def _check_silence(self, now: float, events: list[LinkEvent]) -> bool:
        if self._attached_at is not None and now - self._last_heard > self.timeout_ms:
            silent = now - self._last_heard
            if self._status is LinkStatus.CONNECTED:
                why = f"no word from the peer for {silent:.0f} ms"
            else:
                why = f"the peer never answered ({silent:.0f} ms since it was attached)"
            self._lose(f"{why} (timeout {self.timeout_ms:.0f} ms)", events)
            return True
        if (
            self._status is LinkStatus.CONNECTING
            and self.connect_timeout_ms is not None
            and self._started_at is not None
            and now - self._started_at > self.connect_timeout_ms
        ):
            self._lose(f"no peer within {self.connect_timeout_ms:.0f} ms", events)
            return True
        return False

    def _transmit(self, now: float, events: list[LinkEvent]) -> None:
        resent: list[int] = []
        try:
            if self._outgoing:
                limit = self._outgoing[0].seq + WINDOW
                for out in self._outgoing:
                    if out.seq >= limit:
                        break
                    if out.sent_at is None:
                        self._send_data(out, now)
                    elif (
                        self._status is LinkStatus.CONNECTED and now - out.sent_at >= self.resend_ms
                    ):
                        self._send_data(out, now)
                        resent.append(out.seq)
            if resent:
                self.stats.resent += len(resent)
                span = f"#{resent[0]}" + (f"-#{resent[-1]}" if len(resent) > 1 else "")
                events.append(
                    LinkEvent(
                        EventKind.RESENT,
                        f"resent {len(resent)} unacknowledged message"
                        f"{'s' * (len(resent) != 1)} ({span})",
                    )
                )
            if now - self._last_sent >= self.heartbeat_ms:
                self.stats.heartbeats += 1
                self._send_frame(self._frame(FLAG_PING), now)
            elif self._ack_due or self._ack_sent != self._expected:
                self._send_frame(self._frame(0), now)
        except OSError as exc:
            self._lose(str(exc) or "the connection broke", events)

    def _send_data(self, out: _Outgoing, now: float) -> None:
        out.sent_at = now
        self._send_frame(self._frame(FLAG_DATA, out.seq, out.payload), now)

    def _frame(self, flags: int, seq: int = 0, payload: bytes = b"") -> bytes:
        self._ack_due = False
        self._ack_sent = self._expected
        return encode_frame(Frame(flags, seq, self._expected, payload))

    def _send_frame(self, data: bytes, now: float) -> None:
        self.transport.send(data)
        self.stats.frames_sent += 1
        self._last_sent = now

    def _lose(self, detail: str, events: list[LinkEvent]) -> None:
        self._status = LinkStatus.LOST
        self._outgoing.clear()
        self._early.clear()
        self._shut()
        events.append(LinkEvent(EventKind.LOST, detail))

    def _shut(self) -> None:
        try:
            self.transport.close()
        except OSError:
            pass  # already broken; nothing more to release
