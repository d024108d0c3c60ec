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

Everything a peer sends is hostile until proven otherwise (a host listens on the whole
network). So the work is bounded at every step:

- a frame's header is checked (and its checksum) before its payload is awaited, and a
  length over MAX_PAYLOAD is refused at once;
- a payload is parsed as JSON only after a scan of its text (:func:`payload_problem`, no
  recursion and no loop per value) shows nesting of at most MAX_DEPTH, at most MAX_ITEMS
  values, strings of at most MAX_STRING characters and numbers of at most MAX_DIGITS
  digits with short exponents; the sender checks the same text, so what one handheld
  sends the other accepts;
- one :meth:`Link.poll` reads, examines and delivers at most the budget in
  :class:`PollWork` (POLL_* below); the rest waits for the next poll, and what waits is
  bounded too (RECEIVE_BUFFER, EARLY_BYTES), so TCP's flow control holds a flooding peer;
- a peer that sends only garbage (GARBAGE_RUN bytes without one valid frame), frames that
  make no sense (BAD_RUN in a row) or floods of frames that carry nothing new
  (FLOOD_FRAMES in one second) is disconnected, and the LOST event says why.

Pairing (TCP only, :class:`TcpTransport`): a host made with a ``pairing_code`` accepts
only a guest whose first bytes are a pairing request carrying that code (compared in
constant time). A wrong code gets a refusal and the host keeps listening; after
PAIRING_TRIES wrong codes the host stops (the code has 10**6 values, so a guesser has at
most a 1 in 100,000 chance). One candidate at a time, PAIRING_TIMEOUT_MS to make its
request. Request and reply are fixed-size records, so nothing of the link's own frames is
read by the handshake::

    request   b"\xa9PAR"  version(1)  code(6 ASCII digits)  crc32(4)   15 bytes
    reply     b"\xa9PAR"  version(1)  verdict(1)            crc32(4)   10 bytes
"""

from __future__ import annotations

import errno
import hmac
import json
import math
import os
import random
import re
import secrets
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
VERSION = 2  # 2: the pairing handshake and bounded messages
FLAG_DATA = 0x01
FLAG_PING = 0x02
FLAG_BYE = 0x04
_KNOWN_FLAGS = FLAG_DATA | FLAG_PING | FLAG_BYE
MAX_PAYLOAD = 16 * 1024  # a hello (60 card ids) is about 1 KiB; an answer far less
WINDOW = 256
MAX_SEQ = 0xFFFFFFFF

_HEAD = struct.Struct(">4sBBIII")
_CRC = struct.Struct(">I")
HEADER_SIZE = _HEAD.size + _CRC.size
FRAME_OVERHEAD = HEADER_SIZE + _CRC.size
MAX_FRAME = MAX_PAYLOAD + FRAME_OVERHEAD

# What a decoded message may hold (both directions).
MAX_DEPTH = 16  # lists and objects inside each other
MAX_ITEMS = 1024  # values in all (a bound: commas and opening brackets, plus one)
MAX_STRING = 4096  # characters in one string or key, as written (escapes count in full)
MAX_DIGITS = 19  # digits in a row in a number: every integer fits in 64 bits
MAX_EXPONENT_DIGITS = 2  # digits of a number's exponent: every number is finite

# One poll's budget (see PollWork) and what may wait for the next polls.
POLL_READ = 32 * 1024  # bytes taken from the transport
POLL_FRAMES = 64  # frame headers examined (valid or not)
POLL_SCAN = 128 * 1024  # bytes searched and checksummed
POLL_MESSAGES = 8  # messages decoded and delivered
POLL_MESSAGE_BYTES = 32 * 1024  # payload bytes decoded (one more message may pass it)
RECEIVE_BUFFER = MAX_FRAME + POLL_READ  # bytes held by the frame decoder, at most
EARLY_BYTES = 128 * 1024  # payload bytes held for out-of-order or undelivered messages

# A peer that does this is disconnected.
GARBAGE_RUN = 64 * 1024  # bytes thrown away without one valid frame in between
BAD_RUN = 32  # frames or messages refused in a row (or false frames among the garbage)
FLOOD_FRAMES = 2000  # frames carrying nothing new within one second (an honest
# peer resending a full window every 250 ms sends about 1000)

# Pairing (see the module's docstring).
PAIRING_DIGITS = 6
PAIRING_TRIES = 10
PAIRING_TIMEOUT_MS = 3000.0
PAIR_MAGIC = b"\xa9PAR"
_PAIR_REQUEST = struct.Struct(f">4sB{PAIRING_DIGITS}s")
_PAIR_REPLY = struct.Struct(">4sBB")
PAIR_REQUEST_SIZE = _PAIR_REQUEST.size + _CRC.size
PAIR_REPLY_SIZE = _PAIR_REPLY.size + _CRC.size
VERDICT_WELCOME = 0
VERDICT_WRONG_CODE = 1
VERDICT_NO_MORE_TRIES = 2
VERDICT_UNREADABLE = 3


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
    """Bytes the decoder threw away, and why (the distinct reasons, first one first);
    ``false_frames`` counts the headers among them that had a correct header checksum (a
    line error makes one now and then; a run of them is someone forging headers)."""

    size: int
    reasons: tuple[str, ...]
    false_frames: int = 0

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
    """Turns a byte stream into frames, throwing away (and reporting) whatever is not one.

    :meth:`push` only stores bytes; :meth:`decode` does the work, within an optional
    budget of frame headers examined and bytes searched or checksummed, and leaves the rest
    for the next call. :meth:`feed` is both, without a budget."""

    def __init__(self, max_payload: int = MAX_PAYLOAD) -> None:
        self.max_payload = max_payload
        self._buf = bytearray()
        self._junk_size = 0
        self._junk_reasons: list[str] = []
        self._junk_frames = 0
        self._starved = True  # the buffer holds no complete work until more bytes come
        self.frames_examined = 0  # running totals, for budgets and tests
        self.bytes_scanned = 0

    @property
    def buffered(self) -> int:
        """Bytes held back: the start of a frame, or bytes a budget left for later."""
        return len(self._buf)

    @property
    def starved(self) -> bool:
        """True when nothing more can be decoded without new bytes."""
        return self._starved

    def push(self, data: bytes) -> None:
        if data:
            self._buf += data
            self._starved = False

    def feed(self, data: bytes) -> list[Frame | Garbage]:
        """Frames completed by ``data``, in order; runs of rejected bytes become one
        :class:`Garbage` item placed where they were in the stream."""
        self.push(data)
        return self.decode()

    def decode(self, max_frames: int | None = None,
               max_scan: int | None = None) -> list[Frame | Garbage]:
        """Decode what the buffer holds, stopping once this call has examined
        ``max_frames`` headers or searched and checksummed ``max_scan`` bytes."""
        buf = self._buf
        out: list[Frame | Garbage] = []
        frames0, scan0 = self.frames_examined, self.bytes_scanned
        while not self._starved:
            if (max_frames is not None and self.frames_examined - frames0 >= max_frames) or \
                    (max_scan is not None and self.bytes_scanned - scan0 >= max_scan):
                break
            start = buf.find(MAGIC)
            if start < 0:
                self.bytes_scanned += len(buf)
                keep = _partial_magic_suffix(buf)
                if len(buf) > keep:
                    self._junk(len(buf) - keep, "no frame marker")
                    del buf[: len(buf) - keep]
                self._starved = True
                break
            self.bytes_scanned += start + len(MAGIC)
            if start:
                self._junk(start, "stray bytes before a frame marker")
                del buf[:start]
            if len(buf) < HEADER_SIZE:
                self._starved = True
                break
            self.frames_examined += 1
            self.bytes_scanned += HEADER_SIZE
            _, version, flags, seq, ack, length = _HEAD.unpack_from(buf)
            (hcrc,) = _CRC.unpack_from(buf, _HEAD.size)
            problem = None
            if _crc(buf, _HEAD.size) != hcrc:
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
                self._reject(problem, false_frame=problem != "bad header checksum")
                continue
            total = HEADER_SIZE + length + _CRC.size
            if len(buf) < total:
                self._starved = True
                break
            self.bytes_scanned += total
            (crc,) = _CRC.unpack_from(buf, total - _CRC.size)
            if _crc(buf, total - _CRC.size) != crc:
                self._reject("bad checksum", false_frame=True)
                continue
            payload = bytes(buf[HEADER_SIZE : total - _CRC.size])
            del buf[:total]
            self._flush_junk(out)
            out.append(Frame(flags, seq, ack, payload))
        self._flush_junk(out)
        return out

    def _reject(self, reason: str, *, false_frame: bool) -> None:
        # Drop only the first byte of the false frame: a real frame may start inside it.
        self._junk(1, reason)
        self._junk_frames += false_frame
        del self._buf[:1]

    def _junk(self, size: int, reason: str) -> None:
        self._junk_size += size
        if reason not in self._junk_reasons:
            self._junk_reasons.append(reason)

    def _flush_junk(self, out: list[Frame | Garbage]) -> None:
        if self._junk_size:
            out.append(Garbage(self._junk_size, tuple(self._junk_reasons), self._junk_frames))
            self._junk_size = 0
            self._junk_reasons = []
            self._junk_frames = 0


def _crc(buf: bytearray, size: int) -> int:
    """CRC32 of the first ``size`` bytes of ``buf``, without copying them."""
    with memoryview(buf) as view:
        return zlib.crc32(view[:size])


def _partial_magic_suffix(buf: bytearray) -> int:
    """Length of the longest tail of ``buf`` that could be the start of a magic."""
    for k in range(min(len(MAGIC) - 1, len(buf)), 0, -1):
        if buf.endswith(MAGIC[:k]):
            return k
    return 0


def encode_message(message: dict[str, Any]) -> bytes:
    """The payload for ``message``: compact ASCII JSON. Raises :class:`MessageError` unless
    the message is a dict that survives a JSON round trip unchanged, fits in a frame and
    keeps the limits the peer checks (the same :func:`payload_problem`)."""
    if not isinstance(message, dict):
        raise MessageError(f"a message must be a dict, not {type(message).__name__}")
    try:
        text = json.dumps(message, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError) as exc:
        raise MessageError(f"message is not JSON-able: {exc}") from exc
    payload = text.encode("ascii")
    if len(payload) > MAX_PAYLOAD:
        raise MessageError(
            f"message is {len(payload)} bytes as JSON; the link carries at most {MAX_PAYLOAD}"
        )
    problem = payload_problem(payload)
    if problem:
        raise MessageError(f"message {problem}")
    # json.dumps quietly turns tuples into lists and int keys into strings; the peer would
    # then receive something else than was sent, so such messages are refused here.
    if json.loads(text) != message:
        raise MessageError(
            "message changes in a JSON round trip (use lists, not tuples, and str keys)"
        )
    return payload


# A JSON string literal as the json module reads it, or the rest of an unclosed one (the
# optional closing quote keeps the search linear: a failed match is never retried). The
# loop is unrolled (runs of plain characters, then one escape) so that sre matches a long
# string in one tight loop; the group makes re.split return the strings too.
_JSON_STRING = re.compile(rb'("[^"\\\x00-\x1f]*(?:\\.[^"\\\x00-\x1f]*)*"?)')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_PAIRS = bytes.maketrans(b"[{]}", b"(())")  # a list and an object nest alike
_DEEP_RUN = re.compile(rb"\({%d}" % (MAX_DEPTH + 1))
_LONG_DIGITS = re.compile(rb"[0-9]{%d}" % (MAX_DIGITS + 1))
_LONG_EXPONENT = re.compile(rb"[eE][-+]?[0-9]{%d}" % (MAX_EXPONENT_DIGITS + 1))


def _split_strings(payload: bytes) -> tuple[bytes, list[bytes]]:
    """The JSON text without its strings (what is left is structure, numbers and
    literals), and the string literals. Where the text stops being JSON the parser stops
    too, so what follows can only make the checks below stricter than the parser's."""
    parts = _JSON_STRING.split(payload)
    return b"".join(parts[::2]), parts[1::2]


def payload_problem(payload: bytes) -> str | None:
    """What makes a payload more than a link message may hold (None: nothing), read from
    the text before it is parsed, at C speed (regular expressions and byte counts, no loop
    per value): nesting, how many values, string length, digits and exponents. Both sides
    check the same text, so what one handheld sends the other accepts."""
    if not payload.isascii():
        return "holds bytes that are not ASCII"
    # A message within MAX_ITEMS values has at most 2 * MAX_ITEMS strings (keys and
    # values). Counting quotes, less those that may be escaped, refuses a payload of
    # countless tiny strings before it is split into them.
    if payload.count(b'"') - payload.count(b'\\"') > 4 * MAX_ITEMS:
        return f"holds more than {MAX_ITEMS} values"
    skeleton, strings = _split_strings(payload)
    brackets = skeleton.translate(_PAIRS, _NOT_BRACKETS)
    deep = f"nests lists and objects more than {MAX_DEPTH} deep"
    if _DEEP_RUN.search(brackets):
        return deep  # the usual attack, found at once
    # Every value but the first follows a comma or opens a list or object: a bound.
    values = skeleton.count(b",") + brackets.count(b"(") + 1
    if values > MAX_ITEMS:
        return f"holds more than {MAX_ITEMS} values"
    # Each pass removes every innermost pair, so MAX_DEPTH passes empty any bracket
    # sequence that is balanced and at most MAX_DEPTH deep. What is left is nested deeper
    # or unbalanced (not JSON anyway): refused either way, so the parser never recurses
    # deeper than MAX_DEPTH.
    for _ in range(MAX_DEPTH):
        if not brackets:
            break
        brackets = brackets.replace(b"()", b"")
    if brackets.count(b"(") != brackets.count(b")") or brackets.startswith(b")"):
        return "is not JSON: its lists and objects do not pair up"
    if brackets:
        return deep
    longest = max(map(len, strings), default=2) - 2
    if longest > MAX_STRING:
        return f"has a string of {longest} characters as written (at most {MAX_STRING})"
    if _LONG_DIGITS.search(skeleton):
        return f"has a number of more than {MAX_DIGITS} digits"
    if _LONG_EXPONENT.search(skeleton):
        return f"has a number with an exponent of more than {MAX_EXPONENT_DIGITS} digits"
    return None


def _refuse_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number JSON allows")


def decode_message(payload: bytes) -> dict[str, Any]:
    """The message in a payload; raises :class:`MessageError` if it is not a JSON object
    within the limits (:func:`payload_problem`) whatever the payload holds."""
    problem = payload_problem(payload)
    if problem:
        raise MessageError(f"payload {problem}")
    try:
        value = json.loads(payload.decode("ascii"), parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
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

    def receive(self, max_bytes: int = ...) -> bytes:
        """At most ``max_bytes`` of whatever has arrived (``b""`` if none); raises
        :class:`TransportError` once the pipe is closed or broken, after every byte that
        arrived was returned."""
        ...

    def close(self) -> None: ...

    @property
    def is_open(self) -> bool: ...

    @property
    def has_peer(self) -> bool:
        """True once the other end is attached (a TCP listener that has accepted and paired,
        a finished connect; a memory pair always)."""
        ...

    def take_notices(self) -> list[str]:
        """What happened at the door since the last call, for the player (a guest turned
        away for a wrong pairing code ...); oldest first."""
        ...


_MAX_UNSENT = 1 << 20
_RECV_CHUNK = 1 << 16
_MAX_RECV_PER_CALL = 1 << 20
_MAX_NOTICES = 16
_BACKLOG = 4


def new_pairing_code() -> str:
    """A fresh pairing code for a host to show: PAIRING_DIGITS random digits."""
    return f"{secrets.randbelow(10**PAIRING_DIGITS):0{PAIRING_DIGITS}d}"


def is_pairing_code(code: object) -> bool:
    return isinstance(code, str) and len(code) == PAIRING_DIGITS and code.isascii() \
        and code.isdigit()


def pairing_request(code: str) -> bytes:
    """The bytes a guest sends first: its pairing request showing ``code``."""
    if not is_pairing_code(code):
        raise ValueError(f"a pairing code is {PAIRING_DIGITS} digits, not {code!r}")
    head = _PAIR_REQUEST.pack(PAIR_MAGIC, VERSION, code.encode("ascii"))
    return head + _CRC.pack(zlib.crc32(head))


def _pairing_reply(verdict: int) -> bytes:
    head = _PAIR_REPLY.pack(PAIR_MAGIC, VERSION, verdict)
    return head + _CRC.pack(zlib.crc32(head))


def read_pairing_request(data: bytes) -> str | None:
    """The code in a pairing request, or None when ``data`` is not one from this version."""
    if len(data) != PAIR_REQUEST_SIZE:
        return None
    magic, version, code = _PAIR_REQUEST.unpack_from(data)
    (crc,) = _CRC.unpack_from(data, _PAIR_REQUEST.size)
    if magic != PAIR_MAGIC or version != VERSION or crc != zlib.crc32(data[:_PAIR_REQUEST.size]):
        return None
    text = code.decode("ascii", "replace")
    return text if is_pairing_code(text) else None


_REFUSALS = {
    VERDICT_WRONG_CODE: "the host refused the pairing code: it is not the one on the "
                        "host's screen",
    VERDICT_NO_MORE_TRIES: "the host stopped hosting after too many wrong pairing codes",
    VERDICT_UNREADABLE: "the host could not read this handheld's pairing request "
                        "(are both handhelds on the same version?)",
}


def _read_pairing_reply(data: bytes) -> str | None:
    """None for a welcome; otherwise why the host refused (a sentence)."""
    magic, version, verdict = _PAIR_REPLY.unpack_from(data)
    (crc,) = _CRC.unpack_from(data, _PAIR_REPLY.size)
    if magic != PAIR_MAGIC or crc != zlib.crc32(data[:_PAIR_REPLY.size]):
        return "the host answered the pairing request with something else than a verdict"
    if version != VERSION:
        return (f"the host speaks link version {version}, this handheld {VERSION}: "
                "update both to the same version")
    if verdict == VERDICT_WELCOME:
        return None
    return _REFUSALS.get(verdict, f"the host refused the pairing (verdict {verdict})")


class TcpTransport:
    """A non-blocking TCP socket, made with :meth:`listen` (one peer) or :meth:`connect`.

    With a ``pairing_code``, a listener attaches only a guest whose pairing request shows
    that code, and a connecting guest sends that request and waits for the host's verdict
    before it counts as attached (see the module's docstring)."""

    def __init__(
        self,
        *,
        listener: socket.socket | None = None,
        sock: socket.socket | None = None,
        connecting: bool = False,
        where: str = "",
        pairing_code: str | None = None,
        clock: Clock | None = None,
    ) -> None:
        # Use listen() or connect(); this constructor only assembles the state.
        if pairing_code is not None and not is_pairing_code(pairing_code):
            raise ValueError(f"a pairing code is {PAIRING_DIGITS} digits, not {pairing_code!r}")
        self._listener = listener
        self._sock = sock
        self._connecting = connecting
        self._where = where
        self._unsent = bytearray()
        self._error: str | None = None
        self._closed = False
        self._code = pairing_code
        self._clock: Clock = clock if clock is not None else MonotonicClock()
        self._notices: deque[str] = deque(maxlen=_MAX_NOTICES)
        # The host's candidate: a guest accepted but not paired yet.
        self._candidate: socket.socket | None = None
        self._candidate_from = ""
        self._candidate_since = 0.0
        self._candidate_bytes = bytearray()
        self.wrong_codes = 0
        # The guest's wait for the host's verdict.
        self._verdict_due = sock is not None and pairing_code is not None
        self._verdict_bytes = bytearray()
        self.refused: str | None = None  # why the host refused this guest, if it did
        if self._verdict_due and pairing_code is not None:
            self._unsent += pairing_request(pairing_code)
        self.port = 0
        if listener is not None:
            self.port = listener.getsockname()[1]
        elif sock is not None:
            self.port = sock.getsockname()[1]

    @classmethod
    def listen(cls, host: str, port: int, *, pairing_code: str | None = None,
               clock: Clock | None = None) -> TcpTransport:
        """Listen on ``host:port`` (port 0: any free one, see :attr:`port`) for one peer,
        which must show ``pairing_code`` when one is given."""
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
            family, kind, proto, _, addr = infos[0]
            listener = socket.socket(family, kind, proto)
        except (OSError, OverflowError) as exc:
            raise TransportError(f"cannot listen on {host}:{port}: {_reason(exc)}") from exc
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(addr)
            listener.listen(_BACKLOG)
            listener.setblocking(False)
        except OSError as exc:
            listener.close()
            raise TransportError(f"cannot listen on {host}:{port}: {_reason(exc)}") from exc
        return cls(listener=listener, where=f"{host}:{listener.getsockname()[1]}",
                   pairing_code=pairing_code, clock=clock)

    @classmethod
    def connect(cls, host: str, port: int, *, pairing_code: str | None = None) -> TcpTransport:
        """Start connecting to ``host:port``, showing ``pairing_code`` when one is given; a
        refusal shows up later, on :meth:`receive`."""
        where = f"{host}:{port}"
        if pairing_code is not None and not is_pairing_code(pairing_code):
            raise ValueError(f"a pairing code is {PAIRING_DIGITS} digits, not {pairing_code!r}")
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            family, kind, proto, _, addr = infos[0]
            sock = socket.socket(family, kind, proto)
        except (OSError, OverflowError) as exc:
            raise TransportError(f"cannot connect to {where}: {_reason(exc)}") from exc
        sock.setblocking(False)
        code = sock.connect_ex(addr)
        if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY):
            sock.close()
            raise TransportError(f"cannot connect to {where}: {os.strerror(code)}")
        _no_delay(sock)
        return cls(sock=sock, connecting=code != 0, where=where, pairing_code=pairing_code)

    @property
    def is_open(self) -> bool:
        return not self._closed and self._error is None

    @property
    def has_peer(self) -> bool:
        return self.is_open and self._sock is not None and not self._connecting \
            and not self._verdict_due

    def take_notices(self) -> list[str]:
        notes = list(self._notices)
        self._notices.clear()
        return notes

    def send(self, data: bytes) -> None:
        self._check()
        self._unsent += data
        if len(self._unsent) > _MAX_UNSENT:
            self._fail(f"the peer at {self._where} is not reading (over 1 MiB unsent)")
            self._check()
        self._progress()
        self._check()

    def receive(self, max_bytes: int = _MAX_RECV_PER_CALL) -> bytes:
        self._check()
        self._progress()
        if self._verdict_due:
            self._await_verdict()
        if self._sock is None or self._connecting or self._verdict_due or self._error:
            # An error found while flushing is raised on the next call, like end-of-file.
            self._check()
            return b""
        chunks: list[bytes] = []
        size = 0
        while size < max_bytes:
            try:
                chunk = self._sock.recv(min(_RECV_CHUNK, max_bytes - size))
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
            # what we just wrote before the peer reads it; so read and discard first (a
            # bounded amount: a peer that keeps writing is reset all the same).
            try:
                for _ in range(_MAX_RECV_PER_CALL // _RECV_CHUNK):
                    if not self._sock.recv(_RECV_CHUNK):
                        break
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
        self._drop_candidate()
        for s in (self._listener, self._sock):
            if s is not None:
                s.close()
        self._listener = None
        self._sock = None

    def _progress(self) -> None:
        """Accept, pair, finish connecting, flush: whatever can be done right now."""
        if self._listener is not None:
            if self._code is None:
                self._accept_unpaired()
            else:
                self._pair()
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

    def _accept(self) -> tuple[socket.socket, str] | None:
        assert self._listener is not None
        try:
            sock, addr = self._listener.accept()
        except (BlockingIOError, InterruptedError):
            return None
        except OSError as exc:
            self._fail(f"accepting a peer on {self._where} failed: {_reason(exc)}")
            return None
        sock.setblocking(False)
        _no_delay(sock)
        where = str(addr[0]) if isinstance(addr, tuple) and addr else "?"
        return sock, where

    def _attach(self, sock: socket.socket) -> None:
        assert self._listener is not None
        self._listener.close()
        self._listener = None
        self._sock = sock

    def _accept_unpaired(self) -> None:
        accepted = self._accept()
        if accepted is not None:
            self._attach(accepted[0])

    # -- the host's side of pairing

    def _pair(self) -> None:
        """One step of pairing: take a candidate if there is none, read its request (a
        fixed number of bytes, never more), judge it, or drop it when it is too slow."""
        now = self._clock.now_ms()
        if self._candidate is None:
            accepted = self._accept()
            if accepted is None:
                return
            self._candidate, self._candidate_from = accepted
            self._candidate_since = now
            self._candidate_bytes = bytearray()
        sock = self._candidate
        assert sock is not None
        who = f"a handheld at {self._candidate_from}"
        try:
            chunk = sock.recv(PAIR_REQUEST_SIZE - len(self._candidate_bytes))
        except (BlockingIOError, InterruptedError):
            chunk = None
        except OSError:
            self._drop_candidate(f"{who} dropped the connection before pairing")
            return
        if chunk == b"":
            self._drop_candidate(f"{who} hung up before pairing")
            return
        if chunk:
            self._candidate_bytes += chunk
        if len(self._candidate_bytes) < PAIR_REQUEST_SIZE:
            if now - self._candidate_since > PAIRING_TIMEOUT_MS:
                self._drop_candidate(f"{who} did not pair within "
                                     f"{PAIRING_TIMEOUT_MS / 1000:g} s and was turned away")
            return
        code = read_pairing_request(bytes(self._candidate_bytes))
        expected = (self._code or "").encode("ascii")
        if code is None:
            self._answer(VERDICT_UNREADABLE)
            self._drop_candidate(f"{who} sent something else than a pairing request "
                                 "and was turned away")
        elif hmac.compare_digest(code.encode("ascii"), expected):
            self._unsent[:0] = _pairing_reply(VERDICT_WELCOME)
            candidate, self._candidate = self._candidate, None
            self._attach(candidate)
        else:
            self.wrong_codes += 1
            last = self.wrong_codes >= PAIRING_TRIES
            self._answer(VERDICT_NO_MORE_TRIES if last else VERDICT_WRONG_CODE)
            self._drop_candidate(f"{who} showed a wrong pairing code and was turned away "
                                 f"({self.wrong_codes} of {PAIRING_TRIES} tries)")
            if last:
                self._fail(f"{PAIRING_TRIES} wrong pairing codes: hosting stopped, as "
                           "someone may be guessing the code")

    def _answer(self, verdict: int) -> None:
        """Tell the candidate the verdict, best effort (a fresh socket has room for it)."""
        if self._candidate is not None:
            try:
                self._candidate.send(_pairing_reply(verdict))
            except OSError:
                pass

    def _drop_candidate(self, notice: str | None = None) -> None:
        if self._candidate is not None:
            self._candidate.close()
            self._candidate = None
            self._candidate_bytes = bytearray()
            if notice:
                self._notices.append(notice)

    # -- the guest's side of pairing

    def _await_verdict(self) -> None:
        if self._sock is None or self._connecting or self._error:
            return
        try:
            chunk = self._sock.recv(PAIR_REPLY_SIZE - len(self._verdict_bytes))
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._fail(_reason(exc))
            return
        if not chunk:
            self._fail(f"the host at {self._where} closed the connection before accepting "
                       "the pairing code")
            return
        self._verdict_bytes += chunk
        if len(self._verdict_bytes) < PAIR_REPLY_SIZE:
            return
        refusal = _read_pairing_reply(bytes(self._verdict_bytes))
        if refusal is None:
            self._verdict_due = False
        else:
            self.refused = refusal
            self._fail(refusal)


def _no_delay(sock: socket.socket) -> None:
    # Frames are small and turn-based; Nagle's delay would only add latency.
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except OSError:
        pass


def _reason(exc: OSError | OverflowError) -> str:
    if isinstance(exc, OverflowError):
        return f"bad port ({exc})"
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
        self.taken = 0  # bytes of queue[0] already read (a big chunk is read in parts)
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

    def take(self, limit: int) -> bytes:
        """Up to ``limit`` bytes from the front of the queue; the rest stays queued (without
        copying it: a megabyte sent at once is read a part at a time)."""
        parts: list[bytes] = []
        size = 0
        while self.queue and size < limit:
            chunk = self.queue[0]
            end = min(len(chunk), self.taken + limit - size)
            with memoryview(chunk) as view:
                parts.append(bytes(view[self.taken : end]))
            size += end - self.taken
            if end == len(chunk):
                self.queue.popleft()
                self.taken = 0
            else:
                self.taken = end
        return b"".join(parts)


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

    def receive(self, max_bytes: int = _MAX_RECV_PER_CALL) -> bytes:
        self._check()
        data = self._in.take(max_bytes)
        if not data and self._in.end is not None:
            raise TransportError(self._in.end)
        return data

    def take_notices(self) -> list[str]:
        return []  # a cable has no door: nobody else can plug in

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
            wire.taken = 0
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
    REFUSED = "refused"  # a host turned a would-be peer away (a wrong pairing code ...)


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
    refused: int = 0


@dataclass
class PollWork:
    """What one :meth:`Link.poll` did, to check it stayed within its budget (POLL_*)."""

    read: int = 0  # bytes taken from the transport
    frames: int = 0  # frame headers examined
    scanned: int = 0  # bytes searched and checksummed
    messages: int = 0  # messages decoded
    message_bytes: int = 0  # their payload bytes

    def within_budget(self) -> bool:
        # The budget is checked before each step, and one step (a search of the buffer
        # and a frame's checksum, or one whole message) may take the total past it.
        return (self.read <= POLL_READ and self.frames <= POLL_FRAMES
                and self.scanned <= POLL_SCAN + RECEIVE_BUFFER + FRAME_OVERHEAD
                and self.messages <= POLL_MESSAGES
                and self.message_bytes <= POLL_MESSAGE_BYTES + MAX_PAYLOAD)


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
        self.last_poll = PollWork()
        self._status = LinkStatus.CONNECTING
        self._decoder = FrameDecoder()
        self._next_seq = 1
        self._outgoing: deque[_Outgoing] = deque()
        self._expected = 1
        self._early: dict[int, bytes] = {}  # arrived ahead of their turn, or not delivered yet
        self._early_bytes = 0
        self._ack_due = False
        self._ack_sent = 0
        self._started_at: float | None = None
        self._attached_at: float | None = None
        self._last_heard = 0.0
        self._last_sent = -math.inf
        self._pending_loss: str | None = None
        self._transport_gone: str | None = None  # the transport failed; frames still buffered
        self._bye: str | None = None  # the peer said goodbye; delivering what came before
        self._junk_run = 0  # garbage bytes since the last valid frame
        self._false_run = 0  # forged-looking headers since the last valid frame
        self._bad_run = 0  # refused frames and messages since the last delivered message
        self._flood_since = -math.inf
        self._flood_count = 0  # frames carrying nothing new since _flood_since

    @property
    def status(self) -> LinkStatus:
        return self._status

    @property
    def unacked(self) -> int:
        """Messages sent (or queued) that the peer has not acknowledged yet."""
        return len(self._outgoing)

    @property
    def held_bytes(self) -> int:
        """Bytes of the peer's held here: undecoded stream and undelivered messages."""
        return self._decoder.buffered + self._early_bytes

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
        anything the network or the peer does; does at most one poll's budget of work (see
        :attr:`last_poll`). ``now_ms`` defaults to the link's clock."""
        events: list[LinkEvent] = []
        self.last_poll = work = PollWork()
        if self._status in (LinkStatus.LOST, LinkStatus.CLOSED):
            return events
        try:
            now = self.clock.now_ms() if now_ms is None else float(now_ms)
            self._poll(now, work, events)
        except Exception as exc:  # the last guard at the network's door: report, never raise
            self._lose(f"internal link error ({type(exc).__name__}: {exc})", events)
        return events

    def _poll(self, now: float, work: PollWork, events: list[LinkEvent]) -> None:
        if self._started_at is None:
            self._started_at = now
        if self._pending_loss:
            self._lose(self._pending_loss, events)
            return
        self._receive(now, work, events)
        if self._status in (LinkStatus.LOST, LinkStatus.CLOSED):
            return
        self._deliver(work, events)
        if self._status in (LinkStatus.LOST, LinkStatus.CLOSED):
            return
        if self._expected not in self._early:  # every message that came before is out
            if self._bye is not None:
                events.append(LinkEvent(EventKind.CLOSED, self._bye))
                self._status = LinkStatus.CLOSED
                self._shut()
                return
            if self._transport_gone is not None and self._decoder.starved:
                self._lose(self._transport_gone, events)
                return
        if self._attached_at is None and self.transport.has_peer:
            self._attached_at = now
            self._last_heard = now
        if self._check_silence(now, events):
            return
        if self._attached_at is not None and self._bye is None:  # no answer to a goodbye
            self._transmit(now, events)

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

    def _receive(self, now: float, work: PollWork, events: list[LinkEvent]) -> None:
        if self._bye is not None:
            return  # nothing after a goodbye counts
        if self._transport_gone is None:
            room = min(POLL_READ, RECEIVE_BUFFER - self._decoder.buffered)
            try:
                data = self.transport.receive(room) if room > 0 else b""
            except OSError as exc:
                # Whatever is still buffered is decoded first: it may hold a goodbye.
                self._transport_gone = str(exc) or "the connection broke"
                data = b""
            for note in self.transport.take_notices():
                self.stats.refused += 1
                events.append(LinkEvent(EventKind.REFUSED, note))
            work.read += len(data)
            self._decoder.push(data)
        frames0, scanned0 = self._decoder.frames_examined, self._decoder.bytes_scanned
        items = self._decoder.decode(POLL_FRAMES, POLL_SCAN)
        work.frames += self._decoder.frames_examined - frames0
        work.scanned += self._decoder.bytes_scanned - scanned0
        for item in items:
            if isinstance(item, Garbage):
                self.stats.corrupt += 1
                events.append(LinkEvent(EventKind.CORRUPT, item.describe()))
                self._junk_run += item.size
                self._false_run += item.false_frames
                if self._junk_run > GARBAGE_RUN or self._false_run > BAD_RUN:
                    self._lose(f"the peer sent {self._junk_run} bytes of garbage "
                               f"({self._false_run} false frames) without one valid frame: "
                               "disconnected", events)
                    return
                continue
            self._handle(item, now, events)
            if self._status in (LinkStatus.LOST, LinkStatus.CLOSED) or self._bye is not None:
                return

    def _refuse(self, detail: str, events: list[LinkEvent]) -> None:
        """A frame or message that makes no sense: reported; too many in a row end it."""
        self.stats.corrupt += 1
        events.append(LinkEvent(EventKind.CORRUPT, detail))
        self._bad_run += 1
        if self._bad_run > BAD_RUN:
            self._lose(f"the peer sent {self._bad_run} frames or messages in a row that "
                       "make no sense: disconnected", events)

    def _handle(self, frame: Frame, now: float, events: list[LinkEvent]) -> None:
        if frame.ack > self._next_seq or (frame.flags & FLAG_DATA and frame.seq == 0):
            what = (
                f"acknowledges message #{frame.ack - 1}, which was never sent"
                if frame.ack > self._next_seq
                else "carries message number 0"
            )
            self._refuse(f"ignored a frame that {what}", events)
            return
        if frame.flags & FLAG_DATA and frame.seq >= self._expected + WINDOW:
            # An honest sender never runs more than WINDOW ahead of what we acknowledged.
            self._refuse(f"ignored message #{frame.seq}, far beyond the window "
                         f"(#{self._expected} is next)", events)
            return
        self.stats.frames_received += 1
        self._last_heard = now
        self._junk_run = self._false_run = 0
        if self._status is LinkStatus.CONNECTING:
            self._status = LinkStatus.CONNECTED
            events.append(LinkEvent(EventKind.CONNECTED, "the peer answered"))
        useful = False
        while self._outgoing and self._outgoing[0].seq < frame.ack:
            self._outgoing.popleft()
            useful = True
        if frame.flags & FLAG_DATA:
            useful = self._accept(frame) or useful
        if frame.flags & FLAG_BYE:
            left = len(self._outgoing)
            note = f" ({left} message{'s' * (left != 1)} not delivered)" if left else ""
            self._bye = f"the peer closed the link{note}"
            self._outgoing.clear()
            return
        if not useful:
            self._count_idle(now, events)

    def _count_idle(self, now: float, events: list[LinkEvent]) -> None:
        """Pings, repeated acks and duplicates are normal, thousands a second are not."""
        if now - self._flood_since >= 1000.0:
            self._flood_since = now
            self._flood_count = 0
        self._flood_count += 1
        if self._flood_count > FLOOD_FRAMES:
            self._lose(f"the peer floods the link (over {FLOOD_FRAMES} frames in a second "
                       "that carry nothing new): disconnected", events)

    def _accept(self, frame: Frame) -> bool:
        """Hold a data frame's message for delivery; True if it was new."""
        # Whatever happens, the peer must hear our ack again: it may have missed the last.
        self._ack_due = True
        seq = frame.seq
        if seq < self._expected or seq in self._early:
            self.stats.duplicates += 1
            return False
        if self._early_bytes + len(frame.payload) > EARLY_BYTES:
            return False  # no room now: the peer sends it again once we acknowledge more
        self._early[seq] = frame.payload
        self._early_bytes += len(frame.payload)
        if seq != self._expected:
            self.stats.out_of_order += 1
        return True

    def _deliver(self, work: PollWork, events: list[LinkEvent]) -> None:
        """Decode and hand over the messages now in order, within the poll's budget."""
        while self._expected in self._early and work.messages < POLL_MESSAGES \
                and work.message_bytes < POLL_MESSAGE_BYTES:
            number = self._expected
            payload = self._early.pop(number)
            self._early_bytes -= len(payload)
            self._expected += 1
            self._ack_due = True
            work.messages += 1
            work.message_bytes += len(payload)
            try:
                message = decode_message(payload)
            except MessageError as exc:
                # A well-framed but meaningless message is a peer bug (or an attack):
                # report it, and keep it consumed so the peer stops resending it.
                self._refuse(f"message #{number}: {exc}", events)
                if self._status is LinkStatus.LOST:
                    return
                continue
            self._bad_run = 0
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
        self._early_bytes = 0
        self._shut()
        events.append(LinkEvent(EventKind.LOST, detail))

    def _shut(self) -> None:
        try:
            self.transport.close()
        except OSError:
            pass  # already broken; nothing more to release
