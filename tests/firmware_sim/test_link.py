"""The link cable: framing, reliability over a faulty cable, loss detection, TCP loopback."""

from __future__ import annotations

import socket
import struct
import time
import zlib

import pytest

from firmware_sim.clock import FakeClock
from firmware_sim.link import (
    BAD_RUN,
    EARLY_BYTES,
    FLAG_BYE,
    FLAG_DATA,
    FLAG_PING,
    FLOOD_FRAMES,
    GARBAGE_RUN,
    HEADER_SIZE,
    MAGIC,
    MAX_DEPTH,
    MAX_FRAME,
    MAX_ITEMS,
    MAX_PAYLOAD,
    MAX_STRING,
    PAIRING_TIMEOUT_MS,
    PAIRING_TRIES,
    POLL_FRAMES,
    POLL_MESSAGES,
    POLL_READ,
    POLL_SCAN,
    RECEIVE_BUFFER,
    VERSION,
    WINDOW,
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
    is_pairing_code,
    new_pairing_code,
    pairing_request,
    payload_problem,
    read_pairing_request,
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
    with pytest.raises(MessageError, match=f"at most {MAX_PAYLOAD}"):
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
        ({"big": "x" * MAX_PAYLOAD}, f"at most {MAX_PAYLOAD}"),
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
    big = {"deck": ["card" * 3] * 1000}  # ~15 kB: several partial sends and receives
    assert len(encode_message(big)) > MAX_PAYLOAD * 0.9
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


# --- hostile peers (issue 11): bounded frames, messages and work per poll ---------------


def hostile_peer(**kw):
    """A Link facing a bare cable end that has already exchanged one valid frame."""
    raw, link, clock = raw_peer_with(**kw)
    raw.send(encode_frame(Frame(FLAG_PING, 0, 1)))
    assert kinds(link.poll()) == [EventKind.CONNECTED]
    raw.receive()  # what the link answered
    return raw, link, clock


def raw_peer_with(**kw):
    raw, tb = MemoryTransport.pair()
    clock = FakeClock()
    return raw, Link(tb, clock=clock, **kw), clock


def oversize_frame(seq, payload, ack=1):
    """A data frame with correct checksums whatever its size (encode_frame refuses)."""
    head = struct.pack(">4sBBIII", MAGIC, VERSION, FLAG_DATA, seq, ack, len(payload))
    body = head + struct.pack(">I", zlib.crc32(head)) + payload
    return body + struct.pack(">I", zlib.crc32(body))


def test_the_issues_nested_frame_is_refused_at_its_header():
    raw, link, _ = hostile_peer()
    nested = b"[" * 30_000 + b"]" * 30_000  # ~60 KB: the issue's crashing frame
    raw.send(oversize_frame(1, nested) + data(1, b'{"after":"it"}'))
    events = []
    for _ in range(5):
        events += link.poll()
    corrupt = [e for e in events if e.kind == EventKind.CORRUPT]
    assert corrupt and "over the limit" in corrupt[0].detail
    assert messages(events) == [{"after": "it"}]
    assert link.status == LinkStatus.CONNECTED


def test_a_deeply_nested_payload_is_refused_without_recursion():
    raw, link, _ = hostile_peer()
    nested = b"[" * (MAX_PAYLOAD // 2) + b"]" * (MAX_PAYLOAD // 2)  # as deep as fits
    zigzag = b"[[]," * (MAX_PAYLOAD // 8) + b"[]" + b"]" * (MAX_PAYLOAD // 8)  # no long runs
    raw.send(data(1, nested) + data(2, zigzag[:MAX_PAYLOAD]) + data(3, b'{"after":"it"}'))
    events = link.poll()
    corrupt = [e for e in events if e.kind == EventKind.CORRUPT]
    assert len(corrupt) == 2 and f"more than {MAX_DEPTH} deep" in corrupt[0].detail
    assert "more than" in corrupt[1].detail  # too many values to be worth counting deep
    assert messages(events) == [{"after": "it"}]
    assert link.status == LinkStatus.CONNECTED


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        (b'{"a":' + b"[" * (MAX_DEPTH) + b"]" * MAX_DEPTH + b"}", "deep"),
        (b'{"n":' + b"9" * 5000 + b"}", "more than 19 digits"),
        (b'{"n":18446744073709551616}', "more than 19 digits"),
        (b'{"n":1e999}', "exponent of more than 2 digits"),
        (b'{"n":-1.5E+400}', "exponent of more than 2 digits"),
        (b'{"n":NaN}', "NaN"),
        (b'{"n":-Infinity}', "Infinity"),
        (b'{"s":"' + b"x" * (MAX_STRING + 1) + b'"}', "string of"),
        (b'{"' + b"k" * (MAX_STRING + 1) + b'":1}', "string of"),
        (b'{"s":"' + b"\\u0041" * (MAX_STRING // 6 + 1) + b'"}', "as written"),
        (b'{"l":[' + b"0," * MAX_ITEMS + b"0]}", f"more than {MAX_ITEMS} values"),
        ('{"s":"é"}'.encode(), "not ASCII"),
        (b'{"s":"\\ud800\\udc00', "not JSON"),
        (b'{"s":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[', "not JSON"),
        (b"\x00\xff", "not ASCII"),
    ],
)
def test_hostile_payloads_are_refused_with_a_reason(payload, reason):
    with pytest.raises(MessageError, match=reason):
        decode_message(payload)
    raw, link, _ = hostile_peer()
    raw.send(data(1, payload))
    events = link.poll()
    assert [e.kind for e in events] == [EventKind.CORRUPT] and reason in events[0].detail
    assert link.status == LinkStatus.CONNECTED


def test_brackets_inside_strings_do_not_count_as_nesting():
    deep_text = "[" * 100 + "{" * 100
    assert decode_message(encode_message({"s": deep_text, "l": [[[1]]]})) == \
        {"s": deep_text, "l": [[[1]]]}
    assert payload_problem(b'{"a":"]]]]","b":[["[[["]]}') is None
    assert payload_problem(b'{"a":' + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b"}") \
        is None
    # Deep, but never more than MAX_DEPTH openers in a row.
    zigzag = b'{"a":' + b"[[]," * 40 + b"[" * 10 + b"]" * 50 + b"}"
    assert "deep" in (payload_problem(zigzag) or "")
    assert "do not pair up" in (payload_problem(b'{"a":[[[[]]}') or "")


@pytest.mark.parametrize(
    ("message", "match"),
    [
        ({"deep": [[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]}, "more than 16 deep"),
        ({"n": 10**19}, "more than 19 digits"),
        ({"f": 1e300}, "exponent"),
        ({"s": "x" * (MAX_STRING + 1)}, "string of"),
        ({"l": [0] * (MAX_ITEMS + 1)}, "more than"),
    ],
)
def test_the_sender_keeps_the_limits_the_receiver_checks(message, match):
    with pytest.raises(MessageError, match=match):
        encode_message(message)
    limit = {"deep": [[1]] * 3, "n": -(10**19 - 1), "s": "x" * MAX_STRING, "f": 1.5e99,
             "seed": 2**63 - 1, "l": [0] * 100}
    assert decode_message(encode_message(limit)) == limit


def valid_header_flood(size, length):
    """``size`` bytes of headers, each with a correct header checksum."""
    one = raw_header(flags=FLAG_DATA, seq=1, ack=1, length=length)
    return one * (size // len(one))


@pytest.mark.parametrize("length", [MAX_PAYLOAD + 1, MAX_PAYLOAD - 100, 2])
def test_a_megabyte_of_valid_headers_costs_a_bounded_amount_per_poll(length):
    # MAX_PAYLOAD + 1: refused at the header; MAX_PAYLOAD - 100: each header makes the
    # reader checksum the 64 KB after it (the issue's 7 s); 2: a bad frame every 22 bytes.
    raw, link, clock = hostile_peer()
    raw.send(valid_header_flood(1 << 20, length))
    polls = read = 0
    events = []
    while link.status == LinkStatus.CONNECTED and polls < 10_000:
        events += link.poll()
        polls += 1
        work = link.last_poll
        read += work.read
        assert work.within_budget(), work
        assert work.frames <= POLL_FRAMES and work.read <= POLL_READ
        assert link.held_bytes <= RECEIVE_BUFFER + EARLY_BYTES
        clock.advance(16)
    # Forged headers are recognised: the peer is cut off long before its megabyte is read.
    assert link.status == LinkStatus.LOST
    assert polls <= 20 and read < (1 << 20) // 4
    assert kinds(events)[-1] == EventKind.LOST
    assert "garbage" in events[-1].detail or "make no sense" in events[-1].detail


def test_the_decoder_stops_at_its_budget_and_resumes():
    stream = b"".join(encode_frame(Frame(FLAG_PING, 0, 1)) for _ in range(100))
    dec = FrameDecoder()
    dec.push(stream)
    first = dec.decode(max_frames=10)
    assert len(frames_of(first)) == 10 and not dec.starved
    rest = dec.decode()
    assert len(frames_of(rest)) == 90 and dec.starved and dec.buffered == 0


def test_messages_are_delivered_a_budget_at_a_time_in_order():
    a, b, clock, _, _ = linked_pair()
    pump(a, b, clock, 2)
    for n in range(150):
        a.send({"n": n})
    got = []
    for _ in range(30):
        a.poll()
        got += messages(b.poll())
        assert b.last_poll.messages <= POLL_MESSAGES
        clock.advance(10)
    assert got == [{"n": n} for n in range(150)]
    assert a.unacked == 0


def test_a_goodbye_after_messages_delivers_them_first():
    raw, link, _ = hostile_peer()
    frames = [data(n, b'{"n":%d}' % n) for n in range(1, 41)]
    raw.send(b"".join(frames) + encode_frame(Frame(FLAG_BYE, 0, 1)))
    raw.close()
    events = []
    for _ in range(10):  # a budget of messages per poll
        events += link.poll()
    assert messages(events) == [{"n": n} for n in range(1, 41)]
    assert kinds(events)[-1] == EventKind.CLOSED
    assert link.status == LinkStatus.CLOSED


def test_messages_far_beyond_the_window_are_refused_and_a_stream_of_them_disconnects():
    raw, link, _ = hostile_peer()
    raw.send(data(1 + WINDOW, b'{"n":1}'))
    events = link.poll()
    assert kinds(events) == [EventKind.CORRUPT] and "beyond the window" in events[0].detail
    raw.send(b"".join(data(10_000 + i, b'{"x":1}') for i in range(BAD_RUN + 1)))
    events = link.poll()
    assert kinds(events)[-1] == EventKind.LOST and "make no sense" in events[-1].detail


def test_a_good_message_resets_the_count_of_bad_ones():
    raw, link, _ = hostile_peer()
    seq = 1
    for _ in range(3):
        batch = b""
        for _ in range(BAD_RUN - 1):
            batch += data(seq, b"[1]")
            seq += 1
        batch += data(seq, b'{"ok":1}')
        seq += 1
        raw.send(batch)
        for _ in range(10):
            link.poll()
    assert link.status == LinkStatus.CONNECTED
    assert link.stats.messages_received == 3


def test_a_flood_of_empty_acknowledgements_disconnects_the_peer():
    raw, link, clock = hostile_peer()
    ack = encode_frame(Frame(0, 0, 1))
    raw.send(ack * 3 * FLOOD_FRAMES)
    lost = []
    for _ in range(200):
        lost += [e for e in link.poll() if e.kind == EventKind.LOST]
        assert link.last_poll.frames <= POLL_FRAMES
        if lost:
            break
    assert lost and "floods the link" in lost[0].detail
    # The same number spread over time is a quiet peer's heartbeat, not a flood.
    raw, link, clock = hostile_peer()
    for _ in range(3 * FLOOD_FRAMES // 100):
        raw.send(ack * 100)
        link.poll()
        link.poll()
        clock.advance(200)
    assert link.status == LinkStatus.CONNECTED


def test_garbage_alone_for_too_long_disconnects_but_noise_between_frames_does_not():
    raw, link, clock = hostile_peer(timeout_ms=10**9, heartbeat_ms=100)
    for _ in range(50):  # line noise between valid frames: always forgiven
        raw.send(b"\x00noise" * 1000 + encode_frame(Frame(FLAG_PING, 0, 1)))
        link.poll()
        clock.advance(100)
    assert link.status == LinkStatus.CONNECTED
    raw.send(b"\x00" * (GARBAGE_RUN + 10))
    events = []
    for _ in range(10):
        events += link.poll()
    assert kinds(events)[-1] == EventKind.LOST and "garbage" in events[-1].detail


def test_a_header_that_never_completes_holds_little_and_times_out():
    raw, link, clock = hostile_peer(timeout_ms=1000, heartbeat_ms=100)
    header = raw_header(length=MAX_PAYLOAD)
    raw.send(header + b"x" * 100)  # a slow sender: the payload never comes
    for _ in range(5):
        link.poll()
        clock.advance(100)
    assert link.held_bytes == len(header) + 100 and link.status == LinkStatus.CONNECTED
    clock.advance(1000)
    events = link.poll()
    assert kinds(events) == [EventKind.LOST] and "no word from the peer" in events[0].detail


def test_what_waits_for_the_next_poll_is_bounded():
    raw, link, _ = hostile_peer()
    raw.send(b"".join(data(n, b'{"p":"' + b"x" * 4000 + b'"}') for n in range(2, 2 + 250)))
    for _ in range(100):
        link.poll()
        assert link.held_bytes <= RECEIVE_BUFFER + EARLY_BYTES
    assert link._early_bytes <= EARLY_BYTES


def test_poll_never_raises_even_when_the_transport_misbehaves():
    _raw, link, _ = hostile_peer()

    def broken(max_bytes=0):
        raise RuntimeError("a bug below the link")

    link.transport.receive = broken
    events = link.poll()
    assert kinds(events) == [EventKind.LOST] and "internal link error" in events[0].detail
    assert link.poll() == []


def test_forged_headers_between_valid_frames_still_cost_one_budget_per_poll():
    # Valid pings between the forged headers keep the peer from being cut off for garbage:
    # the budget alone must then keep every poll short, and the reader must move on.
    raw, link, clock = hostile_peer(timeout_ms=10**9)
    forged = valid_header_flood(22 * 20, MAX_PAYLOAD - 100)
    ping = encode_frame(Frame(FLAG_PING, 0, 1))
    raw.send((forged + ping) * 200)
    scanned = []
    for _ in range(50):
        link.poll()
        assert link.last_poll.within_budget(), link.last_poll
        assert link.last_poll.scanned <= POLL_SCAN + RECEIVE_BUFFER + MAX_FRAME
        scanned.append(link.last_poll.scanned)
        clock.advance(16)
    assert sum(scanned) > 10 * POLL_SCAN  # it keeps working through the stream


# --- pairing over TCP ------------------------------------------------------------------

CODE = "042917"


def paired_pair(clock, host_code=CODE, guest_code=CODE):
    server = TcpTransport.listen("127.0.0.1", 0, pairing_code=host_code, clock=clock)
    client = TcpTransport.connect("127.0.0.1", server.port, pairing_code=guest_code)
    return Link(server, clock=clock), Link(client, clock=clock), server, client


def test_pairing_codes_are_six_random_digits():
    codes = {new_pairing_code() for _ in range(50)}
    assert all(is_pairing_code(c) for c in codes) and len(codes) > 40
    for bad in ("12345", "1234567", "12345a", "١٢٣٤٥٦", 123456, None):
        assert not is_pairing_code(bad)
    with pytest.raises(ValueError, match="6 digits"):
        TcpTransport.listen("127.0.0.1", 0, pairing_code="12")
    assert read_pairing_request(pairing_request(CODE)) == CODE
    forged = bytearray(pairing_request(CODE))
    forged[6] ^= 1
    assert read_pairing_request(bytes(forged)) is None


def test_a_guest_with_the_right_code_pairs_and_talks():
    clock = FakeClock()
    host, guest, server, client = paired_pair(clock)
    guest.send({"hello": "host"})
    host.send({"hello": "guest"})
    eh, eg = pump_until(host, guest, lambda eh, eg: messages(eh) and messages(eg))
    assert messages(eh) == [{"hello": "host"}] and messages(eg) == [{"hello": "guest"}]
    assert server.has_peer and client.has_peer and server.wrong_codes == 0


def test_a_wrong_code_is_refused_on_both_sides_and_the_host_keeps_listening():
    clock = FakeClock()
    host, wrong, server, client = paired_pair(clock, guest_code="999999")
    wrong.send({"t": "hello"})
    eh, ew = pump_until(host, wrong, lambda eh, ew: EventKind.LOST in kinds(ew)
                        and EventKind.REFUSED in kinds(eh))
    assert "refused the pairing code" in ew[-1].detail and client.refused
    refused = [e for e in eh if e.kind == EventKind.REFUSED]
    assert "wrong pairing code" in refused[0].detail and "1 of 10" in refused[0].detail
    assert messages(eh) == [] and host.status == LinkStatus.CONNECTING
    assert not server.has_peer and server.is_open
    # The friend with the right code still gets in.
    right = Link(TcpTransport.connect("127.0.0.1", server.port, pairing_code=CODE), clock=clock)
    right.send({"n": 1})
    eh, _ = pump_until(host, right, lambda eh, _er: messages(eh))
    assert messages(eh) == [{"n": 1}] and server.wrong_codes == 1


def test_too_many_wrong_codes_stop_the_host():
    clock = FakeClock()
    server = TcpTransport.listen("127.0.0.1", 0, pairing_code=CODE, clock=clock)
    host = Link(server, clock=clock)
    events = []
    for guess in range(PAIRING_TRIES):
        guest = Link(TcpTransport.connect("127.0.0.1", server.port,
                                          pairing_code=f"{guess:06d}"), clock=clock)
        eh, eg = pump_until(host, guest, lambda _eh, eg: EventKind.LOST in kinds(eg))
        events += eh
        assert EventKind.LOST in kinds(eg)
    assert "stopped hosting" in eg[-1].detail
    assert kinds(events)[-1] == EventKind.LOST and "hosting stopped" in events[-1].detail
    assert not server.is_open and server.wrong_codes == PAIRING_TRIES


def test_a_silent_or_garbled_candidate_is_turned_away_without_stalling_the_host():
    clock = FakeClock()
    server = TcpTransport.listen("127.0.0.1", 0, pairing_code=CODE, clock=clock)
    host = Link(server, clock=clock)
    silent = socket.create_connection(("127.0.0.1", server.port))
    silent.send(pairing_request(CODE)[:7])  # half a request, then nothing
    noisy = socket.create_connection(("127.0.0.1", server.port))
    noisy.send(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    events = []
    for _ in range(20):
        events += host.poll()
        time.sleep(0.002)
    assert not server.has_peer  # the silent one holds the door, but only for a while
    clock.advance(PAIRING_TIMEOUT_MS + 1)
    for _ in range(50):
        events += host.poll()
        time.sleep(0.002)
    notes = [e.detail for e in events if e.kind == EventKind.REFUSED]
    assert any("did not pair within" in n for n in notes)
    assert any("something else than a pairing request" in n for n in notes)
    assert server.wrong_codes == 0 and host.status == LinkStatus.CONNECTING
    right = Link(TcpTransport.connect("127.0.0.1", server.port, pairing_code=CODE), clock=clock)
    right.send({"n": 1})
    eh, _ = pump_until(host, right, lambda eh, _er: messages(eh))
    assert messages(eh) == [{"n": 1}]
    silent.close()
    noisy.close()


def test_a_guest_without_a_code_never_reaches_a_pairing_host():
    clock = FakeClock()
    server = TcpTransport.listen("127.0.0.1", 0, pairing_code=CODE, clock=clock)
    host = Link(server, clock=clock)
    guest = Link(TcpTransport.connect("127.0.0.1", server.port), clock=clock)
    guest.send({"t": "hello"})
    eh, _eg = pump_until(host, guest, lambda eh, _eg: EventKind.REFUSED in kinds(eh))
    assert messages(eh) == [] and not server.has_peer
