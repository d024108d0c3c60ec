"""The link between two handhelds: one hostile peer per attempt against a real host
:class:`~firmware_sim.link.Link` listening on loopback TCP with a pairing code.

The peer tries the door (random bytes, wrong or malformed pairing requests, requests that
never finish, several connections at once) or pairs with the right code and then sends
hostile frames: random bytes, valid frames whose payloads are deeply nested, huge numbers,
long strings, wrong types or mutated game messages, floods of valid-checksum headers, acks
and far-future sequence numbers, frames cut off by a disconnect.

Every delivered message then goes through the game's side of the link
(:mod:`handheld.netplay`: the hello, start and answer checks of a duel), which must judge it
without raising. An answer is also applied, as its number says and as the next answer, to
a real match waiting for the friend's first decision: its action is an answer's notation,
and the peer sends hostile ones (unknown, mutated, ambiguous, too many picks, odd
characters, legal texts with a wrong digest). A text that is not an answer must stop the
duel with the match unchanged, never raise.

A failure is: anything raised from ``poll``/``send`` or from netplay's checks (the link
reports its own last-resort catch as an "internal link error", counted here as a
traceback), a poll over its budget (``PollWork.within_budget``) or slower than a generous
time guard, held bytes over the link's bounds (memory), a wrong code attached or any
message delivered through it (a false accept), a delivered message outside the message
limits, an answer refused that still changed the match or one that is not an answer taken
(a false accept), or a valid message that follows a refused one and is never delivered.
"""

from __future__ import annotations

import json
import math
import random
import socket
import struct
import time
import zlib
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from firmware_sim.clock import FakeClock
from firmware_sim.link import (
    EARLY_BYTES,
    FLAG_BYE,
    FLAG_DATA,
    FLAG_PING,
    MAGIC,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_ITEMS,
    MAX_PAYLOAD,
    MAX_STRING,
    PAIRING_TIMEOUT_MS,
    RECEIVE_BUFFER,
    VERSION,
    WINDOW,
    EventKind,
    Frame,
    Link,
    LinkEvent,
    LinkStatus,
    TcpTransport,
    encode_frame,
    new_pairing_code,
    pairing_request,
)
from handheld.cards import default_pool, load_deck
from handheld.engine import Choice, EngineError
from handheld.netplay import PROTOCOL, Netplay, Stop, parse_hello, parse_start, start_message
from handheld.session import MatchSession

from .core import AreaResult, guard

NAME = "link"
SHORT = 40
LONG = 1_000

POLL_SECONDS = 0.5  # one poll slower than this is a stall (the budget is a few ms)
STEP_MS = 16.0  # the host's clock advances one frame per poll
GOOD = {"t": "answer", "n": 1, "action": "pass", "digest": "0badf00d"}
DECKS: tuple[list[str], list[str]] = (["ecard1-1"] * 60, ["ecard1-2"] * 60)
# The match hostile answers are applied to (real decks: it must reach a decision).
JUDGE_DECKS = ("blazing_quake", "tidal_mind")
JUDGE_SEED = 9  # its first player may bench two Pokémon at the setup
# Answer texts the hostile ones are made from (the judge's own options are added).
NOTATIONS = ["pass", "none", "yes", "no", "attack ecard1-40 Flamethrower", "card ecard1-86",
             "card ecard1-86 #2", "bench ecard1-124, bench ecard1-124", "prize 0",
             "prize 99999999999999999999", "slot opp-bench9", "retreat bench1",
             "power ecard1-2 bench1 Energy Connect", "pay ecard1-161 ecard1-160", "draw -1",
             "order", "", " ", ",", ", , ,", "#1", "card", "CARD ECARD1-86"]


@dataclass
class Attack:
    """What one hostile peer does: the bytes it sends (in chunks, between the host's
    polls), and what the host must show afterwards."""

    name: str
    chunks: list[bytes]
    code: str | None  # the code it shows; None: it sends no pairing request
    right_code: bool
    polls: int = 40
    hang_up: bool = False  # close the socket after the last chunk
    stall_ms: float = 0.0  # advance the host's clock this much mid-way (a slow peer)
    good_after: bool = False  # a valid message follows the hostile ones: it must arrive
    extra_sockets: int = 0  # other connections held open at the same time
    detail: str = ""

    def sample(self) -> str:
        size = sum(len(c) for c in self.chunks)
        return f"{self.name}: {size} bytes in {len(self.chunks)} chunks {self.detail}".strip()


@dataclass
class Outcome:
    events: list[LinkEvent] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)  # (kind, detail)


# --------------------------------------------------------------------------- the oracle


def message_problem(message: Any) -> str | None:
    """What makes a delivered message more than the link's limits allow (None: nothing),
    checked on the value itself, independently of how the link checks the text: nesting,
    values, string and key lengths, integer size, finite numbers. An explicit stack, so a
    deep value cannot exhaust the recursion limit here either."""
    if not isinstance(message, dict):
        return f"is a {type(message).__name__}, not an object"
    stack: list[tuple[Any, int]] = [(message, 1)]
    values = 0
    while stack:
        value, depth = stack.pop()
        values += 1
        if values > MAX_ITEMS:
            return f"holds more than {MAX_ITEMS} values"
        if isinstance(value, dict):
            if depth > MAX_DEPTH:
                return f"nests more than {MAX_DEPTH} deep"
            if any(len(k) > MAX_STRING for k in value):
                return "has an over-long key"
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            if depth > MAX_DEPTH:
                return f"nests more than {MAX_DEPTH} deep"
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                return f"has a string of {len(value)} characters"
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if abs(value) >= 10**MAX_DIGITS:
                return "has an integer of more than 19 digits"
        elif isinstance(value, float):
            if not math.isfinite(value):
                return f"has the number {value}"
        else:
            return f"holds a {type(value).__name__}"
    return None


class _NoSession:
    """Netplay's session while only messages are judged (nothing is applied)."""

    def __init__(self) -> None:
        self.answers: list[Any] = []

    @property
    def match(self) -> Any:
        raise AssertionError("a message was applied while only being judged")

    def answer(self, action: Any) -> None:
        raise AssertionError("a message was applied while only being judged")

    def waiting_for(self) -> str:
        return "remote"


def judge_session() -> MatchSession:
    """A match waiting for the friend's first decision that takes several options (the
    setup's Bench; both seats are the friend's, the decisions before it are answered with
    their first option)."""
    decks = (load_deck(JUDGE_DECKS[0]), load_deck(JUDGE_DECKS[1]))
    s = MatchSession(default_pool(), decks, ["remote", "remote"], JUDGE_SEED)
    for _ in range(20):
        while s.waiting_for() == "chance":
            s.step()
        pending = s.match.pending
        if isinstance(pending, Choice) and pending.max > 1:
            return s
        s.answer(0)
    raise AssertionError("the judge's match met no decision of several options")


def netplay_problem(message: Any) -> str | None:
    """A traceback from netplay's checks of a delivered message (None: judged fine)."""
    if not isinstance(message, dict):
        return None
    try:
        parse_hello(message, game="tcg", era="expedition")
        parse_start(message, DECKS)
        Netplay(_NoSession()).receive(message)
    except Exception as exc:
        return f"netplay raised {type(exc).__name__}: {exc}"
    return None


def answer_problem(message: Any) -> tuple[str, str] | None:
    """What is wrong with how a real duel takes a delivered answer, applied as it came
    and as the next answer (its number set so): (kind, detail), or None. An answer
    must be applied, or refused with a stop and the match unchanged; it may be applied only
    if its text reads as an answer to the pending decision."""
    if not isinstance(message, dict) or message.get("t") != "answer":
        return None
    for as_next in (False, True):
        s = judge_session()
        msg = {**message, "n": len(s.answers) + 1} if as_next else message
        before, kept = s.match.digest(), len(s.answers)
        choice = s.match.pending
        net = Netplay(s, (EngineError,))
        try:
            if net.receive(msg) is not None:
                return None  # not an answer's shape: garbage, not applied
            stop = net.apply_next()
        except Exception as exc:
            return "traceback", f"applying an answer raised {type(exc).__name__}: {exc}"
        applied = len(s.answers) == kept + 1
        if applied != (s.match.digest() != before):
            return "internal_error", "the answers kept and the match disagree"
        if applied:
            assert isinstance(choice, Choice)
            text = msg["action"]
            try:
                again = judge_session().match.answer_notation(choice, text)
            except EngineError:
                return "false_accept", f"applied an answer that does not read: {text!r:.80}"
            if s.answers[-1] != again:
                return "false_accept", f"kept {s.answers[-1]!r:.60} for {text!r:.60}"
        elif not isinstance(stop, Stop) or stop.why is None:
            return "false_accept", f"an answer neither applied nor refused: {msg!r:.120}"
    return None


def _hostile_notation(rng: random.Random) -> str:
    """A text in the form of an answer: a known one, mutated, repeated or joined, or odd
    characters."""
    m = judge_session().match
    pending = m.pending
    own = m.answer_notation(pending, [0]) if isinstance(pending, Choice) else "pass"
    text = rng.choice([*NOTATIONS, own, own.upper(), f"{own} #1", f"{own}, {own}"])
    for _ in range(rng.randrange(4)):
        how = rng.randrange(6)
        i = rng.randrange(len(text) + 1)
        if how == 0:
            text = text[:i] + rng.choice(" ,#-\x00\u202e\u0301é\ufffd\"\\0123456789") + text[i:]
        elif how == 1:
            text = text[:i] + text[i + 1:]
        elif how == 2:
            text = ", ".join([text] * rng.randrange(2, 70))
        elif how == 3:
            text += " " + rng.choice(NOTATIONS)
        elif how == 4:
            text = "".join(chr(rng.randrange(1, 0x2FFFF)) for _ in range(rng.randrange(1, 40)))
        else:
            text = text * rng.choice([2, 100, 5000])
        # (repeats of repeats would grow past memory: nothing past the longest cut matters)
        text = text[:MAX_STRING + 1]
    return text[:rng.choice([MAX_STRING, MAX_STRING, 4000, 4001, 60])]


# --------------------------------------------------------------------------- payloads


def _nested(rng: random.Random) -> bytes:
    depth = rng.choice([MAX_DEPTH + 1, 100, 1000, 30_000])
    opener, closer = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
    body = opener * depth + b"1" + closer * depth
    if rng.random() < 0.3:
        body = body[: rng.randrange(1, len(body))]  # unbalanced
    return body[:MAX_PAYLOAD]


def _hostile_json(rng: random.Random) -> bytes:
    kind = rng.randrange(13)
    if kind == 0:
        return _nested(rng)
    if kind == 11:
        return _hostile_answer(rng)
    if kind == 1:
        return b'{"n":' + b"9" * rng.choice([20, 21, 400, 5000, 60_000]) + b"}"
    if kind == 2:
        return rng.choice([b'{"n":NaN}', b'{"n":Infinity}', b'{"n":-Infinity}',
                           b'{"n":1e99999}', b'{"n":-0.0e-999999}', b'{"n":1.' + b"5" * 40 + b"}"])
    if kind == 3:
        return b'{"s":"' + b"x" * rng.choice([MAX_STRING, MAX_STRING + 1, 60_000]) + b'"}'
    if kind == 4:
        return b'{"l":[' + b"0," * rng.choice([MAX_ITEMS - 2, MAX_ITEMS, 20_000]) + b"0]}"
    if kind == 5:
        return rng.choice([b"[]", b"1", b'"text"', b"null", b"true", b"", b" ", b"{", b"}"])
    if kind == 6:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if kind == 7:
        return b'{"s":"\\ud800' + rng.choice([b'"}', b"", b'\\', b'\\u12"}'])
    if kind == 8:
        return ('{"name":"' + "é" * rng.randrange(1, 50) + '"}').encode()
    if kind == 9:
        return b'{"a":1,"a":' + rng.choice([b"2", b"[", b"{}"]) + b"}"
    # A game message (an answer, a hello, a start) with one field mutated.
    msg: dict[str, Any] = dict(rng.choice([
        GOOD, start_message(DECKS, rng.randrange(2**63)),
        {"t": "hello", "v": PROTOCOL, "game": "tcg", "era": "expedition", "name": "n", "deck": "d",
         "cards": DECKS[0]}]))
    key = rng.choice([*msg, "extra"])
    msg[key] = rng.choice([None, -1, 2**70, "x" * 50, [[[[]]]], {"k": [1] * 50}, 1.5, True])
    text = json.dumps(msg, separators=(",", ":"))
    if rng.random() < 0.5:
        i = rng.randrange(len(text))
        text = text[:i] + rng.choice("[]{}\",:0\\") + text[i + 1:]
    return text.encode("ascii", "replace")


def _hostile_answer(rng: random.Random) -> bytes:
    msg = {"t": "answer", "n": rng.choice([1, 1, 1, 3, 0]), "action": _hostile_notation(rng),
           "digest": "0badf00d"}
    return json.dumps(msg, separators=(",", ":")).encode()


def _frame(flags: int, seq: int, ack: int, payload: bytes = b"") -> bytes:
    return encode_frame(Frame(flags, seq, ack, payload[:MAX_PAYLOAD]))


def _raw_header(rng: random.Random) -> bytes:
    """A header with a correct header checksum and hostile fields."""
    length = rng.choice([0, 1, 2, MAX_PAYLOAD - 100, MAX_PAYLOAD, MAX_PAYLOAD + 1, 2**32 - 1])
    flags = rng.choice([0, FLAG_DATA, FLAG_PING, FLAG_BYE, 0xFF, FLAG_DATA | FLAG_BYE])
    version = VERSION if rng.random() < 0.8 else rng.randrange(256)
    head = struct.pack(">4sBBIII", MAGIC, version, flags, rng.randrange(2**32),
                       rng.randrange(2**32), length)
    return head + struct.pack(">I", zlib.crc32(head))


def _split(data: bytes, rng: random.Random, pieces: int) -> list[bytes]:
    if len(data) < 2 or pieces < 2:
        return [data]
    cuts = sorted({rng.randrange(1, len(data)) for _ in range(pieces - 1)})
    return [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)], strict=True)]


# --------------------------------------------------------------------------- attacks


def _make_attack(rng: random.Random, code: str) -> Attack:
    wrong = f"{(int(code) + rng.randrange(1, 10**6)) % 10**6:06d}"
    kind = rng.randrange(15)
    if kind == 0:
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 3000)))
        return Attack("random bytes at the door", _split(data, rng, 3), None, False,
                      hang_up=rng.random() < 0.5)
    if kind == 1:
        return Attack("wrong pairing code", [pairing_request(wrong)], wrong, False,
                      hang_up=rng.random() < 0.3, detail=wrong)
    if kind == 2:
        damaged = bytearray(pairing_request(code))
        damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        return Attack("damaged pairing request (right code)", [bytes(damaged)], None, False)
    if kind == 3:
        start = pairing_request(code)
        return Attack("pairing request that never finishes", [start[: rng.randrange(1, 15)]],
                      None, False, stall_ms=PAIRING_TIMEOUT_MS + 100, polls=30)
    if kind == 4:
        return Attack("many connections at the door", [pairing_request(wrong)], wrong, False,
                      extra_sockets=rng.randrange(2, 6), stall_ms=PAIRING_TIMEOUT_MS + 100,
                      polls=40)
    if kind == 5:
        extra = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 500)))
        return Attack("wrong code with frames after it", [pairing_request(wrong) + extra], wrong,
                      False)
    # Past the door: the right code, then hostile traffic.
    req = pairing_request(code)
    if kind == 6:
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200_000)))
        return Attack("random bytes after pairing", [req, *_split(data, rng, 5)], code, True)
    if kind in (7, 8):
        payloads = [_hostile_json(rng) for _ in range(rng.randrange(1, 5))]
        frames = [_frame(FLAG_DATA, n, 1, p or b" ") for n, p in enumerate(payloads, 1)]
        good = _frame(FLAG_DATA, len(payloads) + 1, 1,
                      json.dumps(GOOD, separators=(",", ":")).encode())
        stream = b"".join(frames) + good
        return Attack("hostile payloads in valid frames", [req, *_split(stream, rng, 4)], code,
                      True, good_after=True, polls=60)
    if kind == 9:
        flood = b"".join(_raw_header(rng) for _ in range(rng.randrange(100, 48_000)))
        return Attack("flood of valid-checksum headers", [req, *_split(flood, rng, 8)], code,
                      True, polls=60)
    if kind == 10:
        kinds = [_frame(0, 0, 1), _frame(FLAG_PING, 0, 1), _frame(FLAG_DATA, 1, 1, b'{"d":1}'),
                 _frame(0, 0, rng.randrange(2, 2**32)),
                 _frame(FLAG_DATA, rng.randrange(WINDOW + 1, 2**32), 1, b"{}")]
        mode = rng.randrange(len(kinds) + 1)  # one kind only, or all mixed
        frames = [kinds[mode] if mode < len(kinds) else rng.choice(kinds)
                  for _ in range(rng.randrange(10, 5000))]
        return Attack("flood of acks, duplicates and far-future numbers",
                      [req, *_split(b"".join(frames), rng, 6)], code, True, polls=60,
                      detail=f"(mode {mode})")
    if kind == 11:
        whole = _frame(FLAG_DATA, 1, 1, json.dumps({"big": "x" * 4000}).encode())
        return Attack("disconnect mid-frame", [req, whole[: rng.randrange(1, len(whole))]], code,
                      True, hang_up=True)
    if kind == 12:
        bye = _frame(FLAG_DATA, 1, 1, b'{"a":1}') + _frame(FLAG_BYE, 0, 1) + \
            bytes(rng.randrange(256) for _ in range(rng.randrange(0, 100))) + \
            _frame(FLAG_DATA, 2, 1, b'{"after":"bye"}')
        return Attack("goodbye with bytes after it", [req, bye], code, True)
    if kind == 13:
        answers = [_hostile_answer(rng) for _ in range(rng.randrange(2, 8))]
        frames = [_frame(FLAG_DATA, n, 1, p) for n, p in enumerate(answers, 1)]
        good = _frame(FLAG_DATA, len(answers) + 1, 1,
                      json.dumps(GOOD, separators=(",", ":")).encode())
        return Attack("answers with hostile notation", [req, *frames, good], code, True,
                      good_after=True, polls=60)
    header = _frame(FLAG_DATA, 1, 1, b'{"slow":"' + b"z" * 1000 + b'"}')
    return Attack("slow frame that never completes", [req, header[: rng.randrange(1, 40)]], code,
                  True, stall_ms=rng.choice([100.0, 10_000.0]))


# --------------------------------------------------------------------------- running


def _send_some(sock: socket.socket, pending: bytearray) -> None:
    try:
        sent = sock.send(pending)
    except (BlockingIOError, InterruptedError):
        return
    except OSError:
        pending.clear()  # the host hung up on us: nothing more will go
        return
    del pending[:sent]


def _check_poll(host: Link, events: list[LinkEvent], seconds: float, out: Outcome,
                wrong_door: bool) -> None:
    work = host.last_poll
    if not work.within_budget():
        out.problems.append(("hang", f"one poll did {work} (over its budget)"))
    if seconds > POLL_SECONDS:
        out.problems.append(("hang", f"one poll took {seconds:.2f} s"))
    if host.held_bytes > RECEIVE_BUFFER + EARLY_BYTES:
        out.problems.append(("memory", f"the link holds {host.held_bytes} bytes"))
    for ev in events:
        if ev.kind is EventKind.LOST and "internal link error" in ev.detail:
            out.problems.append(("traceback", ev.detail))
        if ev.kind is EventKind.MESSAGE:
            if wrong_door:
                out.problems.append(("false_accept", f"a message came through a peer that "
                                                     f"did not pair: {ev.message!r:.200}"))
            problem = message_problem(ev.message)
            if problem:
                out.problems.append(("false_accept", f"delivered a message that {problem}"))
            raised = netplay_problem(ev.message)
            if raised:
                out.problems.append(("traceback", raised))
            judged = answer_problem(ev.message)
            if judged:
                out.problems.append(judged)


def _attack(attack: Attack, code: str) -> Outcome:
    clock = FakeClock()
    server = TcpTransport.listen("127.0.0.1", 0, pairing_code=code, clock=clock)
    host = Link(server, clock=clock, timeout_ms=30_000)
    out = Outcome()
    socks: list[socket.socket] = []
    try:
        # Non-blocking connects: past the listen backlog the kernel drops connection
        # attempts, which must not stall the harness either.
        for _ in range(attack.extra_sockets + 1):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", server.port))
            socks.append(sock)
        peer = socks[-1]
        chunks = list(attack.chunks)
        pending = bytearray()
        wrong_door = not attack.right_code
        attached = False
        for i in range(attack.polls):
            if not pending and chunks:
                pending += chunks.pop(0)
            if pending:
                _send_some(peer, pending)
            if attack.hang_up and not pending and not chunks:
                peer.close()
                attack.hang_up = False
            if i == attack.polls // 2 and attack.stall_ms:
                clock.advance(attack.stall_ms)
            start = time.perf_counter()
            events = host.poll()
            _check_poll(host, events, time.perf_counter() - start, out, wrong_door)
            if server.has_peer:
                attached = True
                if wrong_door:
                    out.problems.append(("false_accept", "the host attached a peer that "
                                                         "showed no right pairing code"))
                    break
            out.events += events
            clock.advance(STEP_MS)
            if host.status in (LinkStatus.LOST, LinkStatus.CLOSED):
                break
            time.sleep(0.0005)  # let loopback deliver
        if attack.right_code and attack.good_after and host.status is LinkStatus.CONNECTED:
            delivered = [e.message for e in out.events if e.kind is EventKind.MESSAGE]
            if GOOD not in delivered:
                out.problems.append(("internal_error", "a valid message after refused ones "
                                                       "was never delivered"))
        if attack.right_code and not attached:
            out.problems.append(("internal_error", "the host never attached the peer that "
                                                   "showed the right code"))
        # The host still serves its own game: sending never raises.
        host.send({"t": "abort", "why": "fuzz"})
        start = time.perf_counter()
        events = host.poll()
        _check_poll(host, events, time.perf_counter() - start, out, wrong_door)
    finally:
        host.close()
        for s in socks:
            s.close()
    return out


def run(result: AreaResult, attempts: int, rng: random.Random) -> None:
    for _ in range(attempts):
        code = new_pairing_code()
        attack = _make_attack(rng, code)
        done, value = guard(result, attack.sample(), partial(_attack, attack, code), seconds=60)
        if done:
            seen: set[tuple[str, str]] = set()
            for kind, detail in value.problems:
                if (kind, detail[:60]) not in seen:  # one report per kind of problem
                    seen.add((kind, detail[:60]))
                    result.fail(kind, detail, attack.sample())
