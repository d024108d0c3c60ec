"""The link cable: framing, reliability over a faulty cable, loss detection, TCP loopback."""

from __future__ import annotations

import socket
import struct
import time
import zlib

import pytest

from firmware_sim.clock import FakeClock
from firmware_sim.link import (
    FLAG_BYE,
    FLAG_DATA,
    FLAG_PING,
    HEADER_SIZE,
    MAGIC,
    MAX_PAYLOAD,
    VERSION,
    EventKind,
    Faults,
    Frame,
    FrameDecoder,
    Garbage,
    Link,
    LinkStatus,
    MemoryTransport,
    MessageError,
    TcpTransport,
    TransportError,
    decode_message,
    encode_frame,
    encode_message,
)


def frames_of(items):
    return [i for i in items if isinstance(i, Frame)]


def garbage_of(items):
    return [i for i in items if isinstance(i, Garbage)]


def kinds(events):
    return [e.kind for e in events]


def messages(events):
    return [e.message for e in events if e.kind == EventKind.MESSAGE]


def linked_pair(faults=None, **kw):
    ta, tb = MemoryTransport.pair(faults)
    clock = FakeClock()
    return Link(ta, clock=clock, **kw), Link(tb, clock=clock, **kw), clock, ta, tb


def pump(a, b, clock, steps, step_ms=10.0):
    """Poll both links ``steps`` times, advancing the fake clock; returns both event lists."""
    ea, eb = [], []
    for _ in range(steps):
        ea += a.poll()
        eb += b.poll()
        clock.advance(step_ms)
    return ea, eb


def raw_header(flags=FLAG_DATA, seq=1, ack=1, length=2, version=VERSION):
    head = struct.pack(">4sBBIII", MAGIC, version, flags, seq, ack, length)
    return head + struct.pack(">I", zlib.crc32(head))


# --- framing ---------------------------------------------------------------------------


SAMPLE_FRAMES = [
    Frame(FLAG_DATA, 1, 1, b'{"a":1}'),
    Frame(0, 0, 7),
    Frame(FLAG_PING, 0, 0xFFFFFFFF),
    Frame(FLAG_DATA | FLAG_BYE, 0xFFFFFFFF, 3, b"x" * MAX_PAYLOAD),
    Frame(FLAG_BYE, 0, 2),
]


def test_frame_layout_starts_with_magic_version_and_ends_with_crc():
    data = encode_frame(Frame(FLAG_DATA, 5, 9, b"{}"))
    assert data[:4] == MAGIC
    assert data[4] == VERSION
    assert len(data) == HEADER_SIZE + 2 + 4
    assert struct.unpack(">I", data[-4:])[0] == zlib.crc32(data[:-4])
    assert struct.unpack(">BII", data[5:14]) == (FLAG_DATA, 5, 9)


def test_frames_round_trip_whole_and_byte_by_byte():
    stream = b"".join(encode_frame(f) for f in SAMPLE_FRAMES)
    assert FrameDecoder().feed(stream) == SAMPLE_FRAMES
    dec = FrameDecoder()
    got = []
    for i in range(0, len(stream), 7):
        got += dec.feed(stream[i : i + 7])
    assert got == SAMPLE_FRAMES
    assert dec.buffered == 0


def test_encode_frame_rejects_oversize_payload_and_bad_fields():
    with pytest.raises(MessageError, match="at most 65536"):
        encode_frame(Frame(FLAG_DATA, 1, 1, b"x" * (MAX_PAYLOAD + 1)))
    with pytest.raises(ValueError, match="flags"):
        encode_frame(Frame(0x80, 1, 1))
    with pytest.raises(ValueError, match="32 bits"):
        encode_frame(Frame(FLAG_DATA, 1 << 32, 1, b"{}"))


def test_decoder_drops_garbage_reports_it_and_resynchronises():
    good1 = encode_frame(Frame(FLAG_DATA, 1, 1, b'{"n":1}'))
    bad = bytearray(encode_frame(Frame(FLAG_DATA, 2, 1, b'{"n":2}')))
    bad[HEADER_SIZE + 2] ^= 0x40  # payload byte: only the frame checksum can tell
    good3 = encode_frame(Frame(FLAG_DATA, 3, 1, b'{"n":3}'))
    stream = b"noise!" + good1 + bytes(bad) + good3 + b"\x00\xff junk"
    items = FrameDecoder().feed(stream)
    assert [f.seq for f in frames_of(items)] == [1, 3]
    # Noise, the broken frame and the trailing junk are three reports, in stream order.
    assert [type(i).__name__ for i in items] == ["Garbage", "Frame", "Garbage", "Frame", "Garbage"]
    assert "stray bytes" in items[0].reasons[0] and items[0].size == 6
    assert items[2].reasons[0] == "bad checksum"
    assert items[2].size == len(bad)  # the false frame and nothing of the next one
    assert items[4].size == len(b"\x00\xff junk")


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        (raw_header(length=MAX_PAYLOAD + 1), "over the limit"),
        (raw_header(version=VERSION + 1), "unsupported protocol version"),
        (raw_header(flags=0x40), "unknown frame flags"),
        (raw_header(flags=FLAG_PING, length=3), "payload on a control frame"),
        (raw_header(flags=FLAG_DATA, length=0), "data frame without payload"),
        (MAGIC + b"\x01" * (HEADER_SIZE - 4), "bad header checksum"),
    ],
)
def test_decoder_rejects_bad_headers_at_once(header, reason):
    # An oversize or garbled length must not make the reader wait for its payload.
    good = encode_frame(Frame(FLAG_DATA, 1, 1, b'{"ok":true}'))
    items = FrameDecoder().feed(header + good)
    assert frames_of(items) == [Frame(FLAG_DATA, 1, 1, b'{"ok":true}')]
    (junk,) = garbage_of(items)
    assert reason in junk.reasons[0]
    assert junk.size == len(header)


def test_decoder_keeps_a_partial_magic_and_bounds_its_buffer():
    dec = FrameDecoder()
    frame = encode_frame(Frame(0, 0, 1))
    items = dec.feed(b"x" * 10_000 + frame[:2])
    assert garbage_of(items)[0].size == 10_000
    assert dec.buffered == 2
    assert dec.feed(frame[2:]) == [Frame(0, 0, 1)]


# --- messages --------------------------------------------------------------------------


def test_messages_round_trip_as_ascii_json():
    msg = {"cmd": "attack", "card": "Pokémon", "n": [1, 2.5, None, True], "d": {"x": "y"}}
    payload = encode_message(msg)
    assert payload.isascii()
    assert decode_message(payload) == msg


@pytest.mark.parametrize(
    ("message", "match"),
    [
        (["not", "a", "dict"], "must be a dict"),
        ({"s": {1, 2}}, "not JSON-able"),
        ({"o": object()}, "not JSON-able"),
        ({"f": float("nan")}, "not JSON-able"),
        ({"t": (1, 2)}, "round trip"),
        ({1: "int key"}, "round trip"),
        ({"big": "x" * MAX_PAYLOAD}, "at most 65536"),
    ],
)
def test_bad_messages_are_refused_with_a_clear_error(message, match):
    with pytest.raises(MessageError, match=match):
        encode_message(message)
    a, _, _, _, _ = linked_pair()
    with pytest.raises(MessageError, match=match):
        a.send(message)
    assert a.unacked == 0


def test_decode_message_rejects_non_objects():
    with pytest.raises(MessageError, match="not an object"):
        decode_message(b"[1]")
    with pytest.raises(MessageError, match="not JSON"):
        decode_message(b"{oops")


# --- the link over a memory pair -------------------------------------------------------


def test_link_connects_and_exchanges_messages_in_order():
    a, b, clock, _, _ = linked_pair()
    assert a.status == LinkStatus.CONNECTING
    for i in range(5):
        assert a.send({"i": i})
    b.send({"hello": "a"})
    ea, eb = pump(a, b, clock, 5)
    assert EventKind.CONNECTED in kinds(ea) and EventKind.CONNECTED in kinds(eb)
    assert messages(eb) == [{"i": i} for i in range(5)]
    assert messages(ea) == [{"hello": "a"}]
    assert a.status == b.status == LinkStatus.CONNECTED
    assert a.unacked == b.unacked == 0
    # A perfect cable needs no retransmission.
    assert a.stats.resent == b.stats.resent == 0
    assert EventKind.RESENT not in kinds(ea + eb)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_faulty_cable_still_delivers_every_message_once_in_order(seed):
    faults = Faults(drop=0.2, garble=0.15, duplicate=0.2, reorder=0.25, seed=seed)
    a, b, clock, ta, tb = linked_pair(faults, resend_ms=60, heartbeat_ms=100, timeout_ms=5000)
    sent_a = [{"from": "a", "n": n} for n in range(120)]
    sent_b = [{"from": "b", "n": n, "pad": "z" * (n % 40)} for n in range(120)]
    got_a, got_b, all_events = [], [], []
    for step in range(3000):
        if step < 120:  # a message a frame, in bursts, as a battle would
            a.send(sent_a[step])
            if step % 3 == 0:
                for m in sent_b[step : step + 3]:
                    b.send(m)
        ea, eb = a.poll(), b.poll()
        all_events += ea + eb
        got_a += messages(ea)
        got_b += messages(eb)
        clock.advance(10)
        if len(got_a) == len(got_b) == 120 and a.unacked == b.unacked == 0:
            break
    assert got_b == sent_a
    assert got_a == sent_b
    assert a.unacked == b.unacked == 0
    assert EventKind.LOST not in kinds(all_events)
    # The cable really misbehaved, and the link noticed each kind of trouble.
    for wire in (ta.stats, tb.stats):
        assert wire.dropped and wire.garbled and wire.duplicated and wire.reordered
    assert a.stats.resent + b.stats.resent > 0
    assert a.stats.duplicates + b.stats.duplicates > 0
    assert a.stats.out_of_order + b.stats.out_of_order > 0
    assert EventKind.CORRUPT in kinds(all_events)
    assert EventKind.RESENT in kinds(all_events)


def test_garbled_bytes_are_reported_and_the_link_recovers():
    a, b, clock, ta, _ = linked_pair()
    pump(a, b, clock, 2)
    ta.send(b"\x13\x37 line noise \xa9TC")  # straight onto the cable, past the link
    ta.send(bytes(raw_header(length=MAX_PAYLOAD + 5)))
    a.send({"after": "noise"})
    _, eb = pump(a, b, clock, 3)
    corrupt = [e for e in eb if e.kind == EventKind.CORRUPT]
    assert len(corrupt) == 1
    assert "stray bytes" in corrupt[0].detail and "over the limit" in corrupt[0].detail
    assert messages(eb) == [{"after": "noise"}]
    assert b.status == LinkStatus.CONNECTED


def raw_peer():
    """A Link facing a bare cable end, so a test can write exact frames at it."""
    raw, tb = MemoryTransport.pair()
    clock = FakeClock()
    return raw, Link(tb, clock=clock), clock


def data(seq, payload, ack=1):
    return encode_frame(Frame(FLAG_DATA, seq, ack, payload))


def test_receiver_buffers_early_messages_drops_duplicates_and_acks_them():
    raw, b, _ = raw_peer()
    for frame in (data(3, b'{"n":3}'), data(2, b'{"n":2}'), data(3, b'{"n":3}')):
        raw.send(frame)
    events = b.poll()
    assert kinds(events) == [EventKind.CONNECTED]  # nothing deliverable before #1
    raw.send(data(1, b'{"n":1}') + data(2, b'{"n":2}') + data(1, b'{"n":1}'))
    events = b.poll()
    assert messages(events) == [{"n": 1}, {"n": 2}, {"n": 3}]
    assert b.stats.duplicates == 3 and b.stats.out_of_order == 2
    acks = [f.ack for f in frames_of(FrameDecoder().feed(raw.receive()))]
    assert acks[-1] == 4  # everything up to #3 acknowledged


def test_a_well_framed_non_object_is_reported_and_skipped():
    raw, b, _ = raw_peer()
    raw.send(data(1, b"[1,2]") + data(2, b'{"n":2}'))
    events = [e for e in b.poll() if e.kind != EventKind.CONNECTED]
    assert kinds(events) == [EventKind.CORRUPT, EventKind.MESSAGE]
    assert "message #1" in events[0].detail and "not an object" in events[0].detail
    assert messages(events) == [{"n": 2}]
    acks = [f.ack for f in frames_of(FrameDecoder().feed(raw.receive()))]
    assert acks[-1] == 3  # consumed, so the peer stops resending it


def test_frames_that_make_no_sense_are_ignored_and_reported():
    raw, b, _ = raw_peer()
    raw.send(encode_frame(Frame(FLAG_PING, 0, 5)))  # acknowledges what b never sent
    raw.send(data(0, b'{"n":0}'))  # message numbers start at 1
    events = b.poll()
    assert kinds(events) == [EventKind.CORRUPT, EventKind.CORRUPT]
    assert "never sent" in events[0].detail and "number 0" in events[1].detail
    assert b.status == LinkStatus.CONNECTING  # nonsense does not count as the peer answering


def test_peer_hanging_up_without_goodbye_is_lost():
    a, b, clock, _, tb = linked_pair()
    pump(a, b, clock, 2)
    tb.close()  # the cable is pulled on b's side: no goodbye frame
    events = a.poll()
    assert kinds(events) == [EventKind.LOST]
    assert "closed the connection" in events[0].detail
    assert a.status == LinkStatus.LOST
    assert a.send({"too": "late"}) is False
    assert a.poll() == []  # stays quiet and never raises


def test_severed_cable_is_lost_on_both_sides():
    a, b, clock, ta, _ = linked_pair()
    pump(a, b, clock, 2)
    a.send({"in": "flight"})
    ta.sever()
    ea, eb = pump(a, b, clock, 2)
    assert kinds(ea) == [EventKind.LOST] and kinds(eb) == [EventKind.LOST]
    assert "reset" in eb[0].detail
    assert messages(eb) == []


def test_silent_peer_is_lost_exactly_after_the_timeout():
    a, b, clock, _, _ = linked_pair(heartbeat_ms=100, timeout_ms=1000)
    pump(a, b, clock, 3)
    b.send({"last": "words"})
    b.poll()
    last_heard = clock.now_ms()
    assert messages(a.poll()) == [{"last": "words"}]
    # b's game loop freezes (no more polls); a keeps polling.
    clock.t = last_heard + 1000
    assert EventKind.LOST not in kinds(a.poll())
    assert a.status == LinkStatus.CONNECTED
    clock.t = last_heard + 1001
    events = a.poll()
    assert kinds(events) == [EventKind.LOST]
    assert "no word from the peer" in events[0].detail


def test_heartbeats_keep_a_quiet_link_alive():
    a, b, clock, _, _ = linked_pair(heartbeat_ms=100, timeout_ms=300)
    ea, eb = pump(a, b, clock, 500, step_ms=10)  # 5 s without a single message
    assert a.status == b.status == LinkStatus.CONNECTED
    assert EventKind.LOST not in kinds(ea + eb)
    assert a.stats.heartbeats >= 40


def test_goodbye_closes_the_peer_politely():
    a, b, clock, _, _ = linked_pair()
    pump(a, b, clock, 2)
    b.send({"unanswered": True})
    b.poll()
    a.close()
    assert a.status == LinkStatus.CLOSED
    events = b.poll()
    assert EventKind.CLOSED in kinds(events)
    assert b.status == LinkStatus.CLOSED
    assert b.poll() == []


def test_poll_takes_now_ms_without_a_clock_argument():
    ta, tb = MemoryTransport.pair()
    a, b = Link(ta, timeout_ms=1000, heartbeat_ms=100), Link(tb, timeout_ms=1000, heartbeat_ms=100)
    a.poll(0), b.poll(0), a.poll(10)
    assert a.status == LinkStatus.CONNECTED
    assert kinds(a.poll(5000)) == [EventKind.LOST]


def test_connect_timeout_only_when_asked():
    listener = TcpTransport.listen("127.0.0.1", 0)
    clock = FakeClock()
    patient = Link(listener, clock=clock, timeout_ms=1000)
    clock.advance(60_000)
    assert patient.poll() == [] and patient.status == LinkStatus.CONNECTING
    patient.close()
    listener2 = TcpTransport.listen("127.0.0.1", 0)
    hasty = Link(listener2, clock=clock, timeout_ms=1000, connect_timeout_ms=500)
    hasty.poll()
    clock.advance(501)
    events = hasty.poll()
    assert kinds(events) == [EventKind.LOST] and "no peer within 500 ms" in events[0].detail
    assert not listener2.is_open


@pytest.mark.parametrize(
    "kw",
    [
        {"resend_ms": 0},
        {"heartbeat_ms": -1},
        {"timeout_ms": float("nan")},
        {"heartbeat_ms": 500, "timeout_ms": 400},
        {"connect_timeout_ms": 0},
    ],
)
def test_link_settings_are_checked(kw):
    ta, _ = MemoryTransport.pair()
    with pytest.raises(ValueError, match="ms"):
        Link(ta, **kw)


def test_faults_are_checked():
    with pytest.raises(ValueError, match="drop"):
        Faults(drop=1.5)


# --- TCP loopback ----------------------------------------------------------------------


def tcp_pair(clock):
    server = TcpTransport.listen("127.0.0.1", 0)
    assert server.port > 0
    client = TcpTransport.connect("127.0.0.1", server.port)
    return Link(server, clock=clock), Link(client, clock=clock), server, client


def pump_until(a, b, done, limit=3000):
    """Poll both real-socket links until ``done(ea, eb)``; the fake clock stands still, so
    no timeout can fire however slow the machine is."""
    ea, eb = [], []
    for _ in range(limit):
        ea += a.poll()
        eb += b.poll()
        if done(ea, eb):
            break
        time.sleep(0.001)
    return ea, eb


def test_tcp_loopback_exchange_between_two_links():
    clock = FakeClock()
    a, b, server, client = tcp_pair(clock)
    big = {"deck": ["card" * 10] * 1400}  # ~60 kB: several partial sends and receives
    assert len(encode_message(big)) > 50_000
    sent_a = [{"turn": n} for n in range(50)] + [big]
    sent_b = [{"reply": n} for n in range(50)]
    for m in sent_a:
        a.send(m)
    for m in sent_b:
        b.send(m)
    ea, eb = pump_until(a, b, lambda ea, eb: len(messages(eb)) == 51 and len(messages(ea)) == 50)
    assert messages(eb) == sent_a
    assert messages(ea) == sent_b
    assert a.status == b.status == LinkStatus.CONNECTED
    assert EventKind.CORRUPT not in kinds(ea + eb)
    a.close()
    _, eb = pump_until(a, b, lambda _ea, eb: EventKind.CLOSED in kinds(eb))
    assert EventKind.CLOSED in kinds(eb)
    assert not server.is_open and not client.is_open


def test_tcp_peer_disappearing_is_lost():
    clock = FakeClock()
    a, b, server, _ = tcp_pair(clock)
    pump_until(a, b, lambda _ea, _eb: a.status == b.status == LinkStatus.CONNECTED)
    assert a.status == LinkStatus.CONNECTED
    server.close()  # the other handheld's socket goes away without a goodbye
    _, eb = pump_until(a, b, lambda _ea, eb: EventKind.LOST in kinds(eb))
    assert kinds(eb)[-1] == EventKind.LOST
    assert b.status == LinkStatus.LOST


def test_tcp_connection_refused_is_lost_not_raised():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # nothing listens there now
    link = Link(TcpTransport.connect("127.0.0.1", port), clock=FakeClock())
    events = []
    for _ in range(2000):
        events += link.poll()
        if events:
            break
        time.sleep(0.001)
    assert kinds(events) == [EventKind.LOST]
    assert "cannot connect" in events[0].detail


def test_tcp_listen_on_a_bad_address_is_a_clear_error():
    with pytest.raises(TransportError, match=r"cannot listen on 203\.0\.113\.1"):
        TcpTransport.listen("203.0.113.1", 0)  # not an address of this machine
