"""The engine's JSON-lines protocol: hostile lines through the real ``serve()`` loop.

Sessions ("episodes") of request lines are fed to :func:`handheld.protocol.serve` with a
deck directory that holds good, secret, broken and special deck files. Each line goes
through the protocol's own byte reader first. The lines mix:

* broken wire input: bytes that are not UTF-8, truncated JSON, control characters, BOMs,
  nesting far past the limit, 4,300-digit integers, ``NaN``/``Infinity``, over-long lines;
* every command with each field given a wrong type or value, unknown fields, missing ones;
* deck names that look like paths (``../``, absolute paths, ``/etc/passwd``, ``/dev/zero``,
  a FIFO, a symlink out of the directory, a file whose contents are secret), and saved
  decks of a real save file, well and badly named;
* well-formed play over real matches of both games (the card game and Legend Pieces):
  legal and illegal options, by index and by notation, chance nodes resolved with valid
  and malformed outcomes, computer players, views and logs;
* ``load`` of positions captured from those matches, as they are or mutated
  structure-aware (values of the wrong type, cards moved between zones, numbers out of
  range, keys dropped).

A failure is: a traceback out of ``serve`` or a hang (``traceback``/``hang``); an
``InternalError`` reply (``internal_error``); a reply that is not strict JSON, has no
``ok``, or is missing or extra (recorded as ``internal_error`` with "bad reply"); a
refused ``new``/``load``/``choose``/``resolve`` that changed the match, or a view that
shows the opponent's hand (``false_accept``); any secret file content in a reply
(``false_accept``); a deck file or the save file changed, made or removed
(``file_changed``).
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
import os
import random
import re
import tempfile
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

from handheld.cards import decks_dir, load_ready_made_deck
from handheld.protocol import MAX_LINE_BYTES, read_request_lines, serve
from handheld.save import SAVE_FILE, Saves

from .core import AreaResult, Hang, time_limit

NAME = "protocol"
SHORT = 3_000
LONG = 50_000

LINE_SECONDS = 10.0  # one request line may take this long before it counts as a hang
EPISODE_LINES = (40, 400)
ERROR_TYPES = {"ProtocolError", "RequestTooLarge", "NoMatch", "UnknownDeck", "IllegalAction",
               "NotAChoice", "BadChanceOutcome", "InvalidDeck", "InvalidPosition",
               "UnknownCard", "GameOver", "SavesUnreadable"}
COMMANDS = ("hello", "new", "load", "decision", "legal", "choose", "resolve", "auto",
            "position", "view", "log", "outcome", "card", "quit")
READY = ("blazing_quake", "tidal_mind", "dark_steel", "ember_blaze", "mind_games")
HOSTILE_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2, 7, 10**30, -(10**30), 1.5, -0.0, 1e300, "", "x", "0",
    "heads", "expedition", "greedy", [], [0], [[0]], [None], [1, 2, 3], {}, {"a": 1},
    {"cmd": "new"}, "a" * 3000, list(range(300)), "../../etc/passwd", "\u0000", "\ud800",
    "ecard1-98", ["ecard1-98"] * 60, [[[[[]]]]], "pieces", "tcg", "classic", ["gold", "silver"],
    ["gold", "gold", "silver"], {"card": 30},
]
ARMIES = ("gold", "silver")


class Secrets:
    """Files whose contents must never appear in a reply, and the deck directory."""

    def __init__(self, base: Path, rng: random.Random) -> None:
        tag = f"{rng.getrandbits(32):08x}"
        self.markers = [f"SECRETCARD{tag}", f"OUTSIDE{tag}", f"NOTES{tag}", f"GARBAGE{tag}"]
        self.deck_dir = base / "decks"
        self.deck_dir.mkdir()
        good = (decks_dir() / "tidal_mind.deck").read_text(encoding="utf-8")
        good_ids = load_ready_made_deck("tidal_mind")
        (self.deck_dir / "mine.deck").write_text(good)
        (self.deck_dir / "secret.deck").write_text(f"4 {self.markers[0]}\n56 ecard1-164\n")
        (base / "outside.deck").write_text(f"4 {self.markers[1]}\n" + good)
        (self.deck_dir / "notes.txt").write_text(f"{self.markers[2]}\n" + good)
        (self.deck_dir / "garbage.deck").write_bytes(b"\xff" + self.markers[3].encode())
        (self.deck_dir / "big.deck").write_bytes(b"4 ecard1-98\n" * 8000)
        os.mkfifo(self.deck_dir / "pipe.deck")
        (self.deck_dir / "out.deck").symlink_to(base / "outside.deck")
        (self.deck_dir / "passwd.deck").symlink_to("/etc/passwd")
        (self.deck_dir / "zero.deck").symlink_to("/dev/zero")
        (self.deck_dir / "sub.deck").mkdir()
        self.outside = base / "outside.deck"
        self.data_dir = base / "data"
        self.data_dir.mkdir()
        with Saves.open(self.data_dir / SAVE_FILE) as saves:
            ash = saves.create_profile("Ash")
            saves.save_deck(ash.id, "Water", good_ids)
            saves.save_deck(ash.id, "Half", good_ids[:7])
        # A second handheld whose save file has bits flipped: refused, never changed.
        self.damaged_dir = base / "damaged"
        self.damaged_dir.mkdir()
        data = bytearray((self.data_dir / SAVE_FILE).read_bytes())
        for _ in range(rng.randint(1, 40)):  # the first pages hold the schema and the decks
            data[rng.randrange(min(len(data), rng.choice([100, 4096, 16384])))] ^= \
                1 << rng.randrange(8)
        (self.damaged_dir / SAVE_FILE).write_bytes(bytes(data))
        self.saved_specs: list[Any] = [
            {"deck": "Water"}, {"deck": "water", "profile": "ash"}, {"deck": "Half"},
            {"deck": "Nope"}, {"deck": "Water", "profile": "Misty"}, {"deck": 3}, {},
            {"deck": "Water", "path": "/etc/passwd"}, {"deck": "../" * 40},
            {"deck": ["Water"]}, {"profile": "Ash"}]
        try:
            first = Path("/etc/passwd").read_text(encoding="utf-8").split("\n", 1)[0]
            if len(first) >= 8:
                self.markers.append(first[:24])
        except OSError:
            pass
        self.deck_names = [
            "mine", "mine.deck", "secret", "notes.txt", "notes", "garbage", "big", "pipe",
            "pipe.deck", "out", "passwd", "zero", "sub.deck", "sub", "../outside",
            "../outside.deck", str(base / "outside.deck"), "/etc/passwd", "/dev/zero",
            "/etc/hostname", "/proc/self/environ", "../../../../etc/passwd",
            str(self.deck_dir / "mine.deck"), str(decks_dir() / "tidal_mind.deck"),
            *(str(p) for p in sorted(self.deck_dir.iterdir())), str(self.deck_dir),
            "./mine", "decks/mine", "..", ".", "", " mine", "mine\u0000", "mine/", "MINE",
            "%2e%2e/outside", "~/outside", "C:\\x.deck", "a" * 300, *READY,
            *self.saved_specs]

    def leaked(self, line: str) -> str | None:
        return next((m for m in self.markers if m in line), None)


# --------------------------------------------------------------------------- hostile lines


def deep(depth: int, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "[" * depth + "]" * depth
    return '{"a": ' * depth + "1" + "}" * depth


def wire_line(rng: random.Random) -> bytes:
    """A line that is broken on the wire or in its JSON."""
    good = json.dumps({"cmd": rng.choice(COMMANDS), "id": rng.randrange(100)}).encode()
    kind = rng.randrange(14)
    if kind == 0:
        i = rng.randrange(len(good) + 1)
        return good[:i] + rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf8\x88\x80",
                                      b"\x80", b"\xe2\x82"]) + good[i:]
    if kind == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(b"\n", b"")
    if kind == 2:
        return good[:rng.randrange(len(good))]
    if kind == 3:
        depth = rng.choice([65, 100, 990, 1000, 5000, 100_000])
        return ('{"cmd": "hello", "id": ' + deep(depth, rng) + "}").encode()
    if kind == 4:
        digits = rng.choice([41, 4300, 4301, 10_000, 100_000])
        field = rng.choice(["id", "seed", "option", "since", "player"])
        cmd = {"seed": "new", "option": "choose", "since": "log", "player": "view"}.get(
            field, "hello")
        return (f'{{"cmd": "{cmd}", "{field}": ' + rng.choice(["", "-"]) + "9" * digits
                + "}").encode()
    if kind == 5:
        const = rng.choice(["NaN", "Infinity", "-Infinity", "1e400", "-1e999", "nan", "inf"])
        field = rng.choice(["id", "seed", "option", "outcome", "player", "since"])
        return f'{{"cmd": "hello", "{field}": {const}}}'.encode()
    if kind == 6:
        return b"\xef\xbb\xbf" + good
    if kind == 7:
        i = rng.randrange(len(good) + 1)
        return good[:i] + bytes([rng.randrange(32)]).replace(b"\n", b"\x00") + good[i:]
    if kind == 8:
        return good + b"\r"
    if kind == 9:
        return rng.choice([b"[]", b"null", b"1", b'"new"', b"{}", b"true", b"[{}]",
                           b'{"cmd": null}', b'{"cmd": ["new"]}', b'{"cmd": "NEW"}',
                           b'{"cmd": " new"}', b'{"cmd": "cmd_new"}', b'{"cmd": "__class__"}'])
    if kind == 10:
        return ('{"cmd": "hello", "id": "' + "\\" * rng.randrange(1, 50) + '"}').encode()
    if kind == 11:
        return ('{"cmd": "hello", "id": "' + "[{" * rng.randrange(1, 20_000) + '"}').encode()
    if kind == 12:
        if rng.random() < 0.5:  # a string that never ends, full of escaped quotes
            return ('{"cmd": "hello", "id": "' + 'a\\"' * rng.randrange(1, 300_000)).encode()
        return b'{"cmd": "hello", "cmd": "quit", "id": "dup"}'
    return json.dumps({"cmd": "hello", "id": "\udcff"}).encode("utf-8", "surrogatepass")


def field_line(rng: random.Random, secrets: Secrets) -> dict[str, Any]:
    """A command with one field of a wrong type or value, an unknown field, or none."""
    cmd = rng.choice(COMMANDS[:-1])
    req: dict[str, Any] = {"cmd": cmd}
    fields = {"new": ["game", "decks", "armies", "era", "seed", "auto_chance"],
              "load": ["position", "seed", "auto_chance"], "choose": ["option", "options"],
              "resolve": ["outcome", "random"], "auto": ["players", "until"],
              "view": ["player"], "log": ["since", "player"], "card": ["id"]}.get(cmd, [])
    for f in fields:
        if rng.random() < 0.5:
            req[f] = rng.choice(HOSTILE_VALUES)
    if cmd == "new" and rng.random() < 0.7:
        req["decks"] = [rng.choice(secrets.deck_names + HOSTILE_VALUES[:20])
                        for _ in range(rng.choice([2, 2, 2, 1, 3]))]
    if rng.random() < 0.2:
        req[rng.choice(["optoin", "x", "", "Cmd", "players ", "id2"])] = rng.choice(HOSTILE_VALUES)
    if rng.random() < 0.3:
        req["id"] = rng.choice(HOSTILE_VALUES)
    return req


# --------------------------------------------------------------------------- positions

CARD_REF = re.compile(r"^[A-Za-z0-9_.\-]+#\d+$")


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*path, i))


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        node = node[k]
    return node


def hostile(rng: random.Random) -> Any:
    """A hostile value for a position kept and mutated again: a copy, never the shared
    constant (a later move of a card into that list would change the constant, and could
    put a list inside itself, a position no JSON can hold)."""
    return copy.deepcopy(rng.choice(HOSTILE_VALUES))


def mutate_position(pos: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of ``pos`` with one to three structure-aware changes."""
    pos = copy.deepcopy(pos)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(pos) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent, key = _get(pos, path[:-1]), path[-1]
        value = parent[key]
        op = rng.randrange(8)
        if op == 0:
            parent[key] = hostile(rng)
        elif op == 1:
            del parent[key]
        elif op == 2 and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = rng.choice([value + 1, value - 1, -value - 1, 10**9, 0, 99])
        elif op == 3 and isinstance(value, str) and CARD_REF.match(value):
            cid, num = value.split("#")
            parent[key] = rng.choice([f"{cid}#{int(num) + 1}", f"ecard1-{rng.randrange(170)}#"
                                      f"{num}", cid, f"nope-1#{num}", f"{cid}#-1",
                                      "ecard1-98#" + "9" * 30])
        elif op == 4 and isinstance(value, list) and value:
            # Move a card to another zone of either player: conservation holds, the
            # position is one no game reaches.
            item = value.pop(rng.randrange(len(value)))
            zones = [p for p in _paths(pos) if p and isinstance(_get(pos, p), list)]
            target = _get(pos, rng.choice(zones)) if zones else value
            target.append(item)
        elif op == 5 and isinstance(value, list) and value:
            value.append(copy.deepcopy(rng.choice(value)))
        elif op == 6 and isinstance(value, dict):
            value[rng.choice(["conditions", "markers", "flags", "x", "damage", "tool"])] = \
                hostile(rng)
        else:
            parent[key] = json.loads(deep(rng.randrange(1, 50), rng))
    return pos


# --------------------------------------------------------------------------- play

def coin_outcome(rng: random.Random) -> Any:
    return rng.choice([True, False, "heads", "tails", "H", "t"])


def bad_outcome(decision: dict[str, Any], rng: random.Random) -> Any:
    if decision.get("kind") == "draw":  # a Plus Power draw: the index of a face-down card
        n = decision.get("outcomes", 8)
        return rng.choice([n, -1, 10**30, True, 0.0, [0], str(0), "heads", {"card": 30}, None])
    size = decision.get("size", 2)
    perm = list(range(size))
    rng.shuffle(perm)
    return rng.choice([
        [[i] for i in perm], [*perm[:-1], [0]] if perm else [[0]], [*perm, len(perm)],
        perm[:-1], [0] * size, [True, *perm[1:]] if perm else [True], [float(i) for i in perm],
        {"0": 1}, "shuffle", "maybe", None, 1, 0.5, [], [{"i": 0}] * size, [-1, *perm[1:]],
        [str(i) for i in perm], [10**30] * size,
    ])


def play_line(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A well-formed request for the match in play (legal most of the time)."""
    decision = state.get("decision") or {}
    r = rng.random()
    if decision.get("type") == "choice" and r < 0.55:
        n = len(decision.get("options", []))
        lo, hi = decision.get("min", 1), decision.get("max", 1)
        if rng.random() < 0.85 and n:
            k = rng.randint(lo, min(hi, n))
            picks = rng.sample(range(n), k)
            options = decision.get("options", [])
            if len(picks) == 1 and rng.random() < 0.3 and "notation" in options[picks[0]]:
                return {"cmd": "choose", "option": options[picks[0]]["notation"]}
            if len(picks) == 1 and rng.random() < 0.5:
                return {"cmd": "choose", "option": picks[0]}
            return {"cmd": "choose", "options": picks}
        return rng.choice([{"cmd": "choose", "option": n + rng.randrange(3)},
                           {"cmd": "choose", "option": -1},
                           {"cmd": "choose", "options": [0, 0]},
                           {"cmd": "choose", "options": list(range(n + 1))},
                           {"cmd": "choose", "options": []}])
    if decision.get("type") == "chance" and r < 0.6:
        if rng.random() < 0.3:
            return {"cmd": "resolve", "random": True}
        if rng.random() < 0.75:
            if decision.get("kind") == "coin":
                return {"cmd": "resolve", "outcome": coin_outcome(rng)}
            if decision.get("kind") == "draw":
                return {"cmd": "resolve",
                        "outcome": rng.randrange(max(1, decision.get("outcomes", 1)))}
            perm = list(range(decision.get("size", 0)))
            rng.shuffle(perm)
            return {"cmd": "resolve", "outcome": perm}
        return {"cmd": "resolve", "outcome": bad_outcome(decision, rng)}
    if r < 0.7:
        names = [rng.choice(["greedy", "random", None]) for _ in range(2)]
        until = rng.choices(["decision", "turn", "end"], [60, 39, 1])[0]
        return {"cmd": "auto", "players": names, "until": until}
    return rng.choice([{"cmd": "view", "player": rng.randrange(2)}, {"cmd": "legal"},
                       {"cmd": "log", "player": rng.choice([0, 1, None])},
                       {"cmd": "log", "since": rng.randrange(200)}, {"cmd": "decision"},
                       {"cmd": "outcome"}, {"cmd": "position"},
                       {"cmd": "card", "id": f"ecard1-{rng.randrange(1, 170)}"}])


# --------------------------------------------------------------------------- the run


class Episode:
    """One ``serve()`` session: makes the lines, checks every reply as it comes."""

    def __init__(self, result: AreaResult, rng: random.Random, secrets: Secrets,
                 positions: list[dict[str, Any]], budget: int) -> None:
        self.result, self.rng, self.secrets = result, rng, secrets
        self.positions = positions
        self.budget = budget
        self.out = io.StringIO()
        self.read = 0
        self.state: dict[str, Any] = {}
        self.has_match = False
        self.sent = 0

    def replies(self) -> list[str]:
        text = self.out.getvalue()[self.read:]
        self.read += len(text)
        return text.splitlines()

    def check(self, sample: str, expect: bool) -> dict[str, Any] | None:
        """The reply to the line just answered, checked; None if it was bad."""
        lines = self.replies()
        if len(lines) != (1 if expect else 0):
            self.result.fail("internal_error", f"bad reply: {len(lines)} reply lines",
                             sample)
            return None
        return self.check_line(lines[0], sample) if expect else None

    def check_line(self, line: str, sample: str) -> dict[str, Any] | None:
        leaked = self.secrets.leaked(line)
        if leaked:
            self.result.fail("false_accept", f"file content echoed: {leaked!r}", sample)
        try:
            reply = json.loads(line, parse_constant=_no_constant)
        except ValueError as exc:
            self.result.fail("internal_error", f"bad reply: not strict JSON ({exc}): "
                                               f"{line[:300]}", sample)
            return None
        if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
            self.result.fail("internal_error", f"bad reply: no ok: {line[:300]}", sample)
            return None
        if not reply["ok"]:
            err = reply.get("error")
            if not isinstance(err, dict):
                self.result.fail("internal_error", f"bad reply: error {err!r}"[:500], sample)
                return reply
            kind, message = err.get("type"), str(err.get("message"))
            if kind == "InternalError" and message.startswith("Hang:"):
                self.result.fail("hang", message, sample)
            elif kind == "InternalError":
                self.result.fail("internal_error", message[:1500], sample)
            elif kind not in ERROR_TYPES or not isinstance(err.get("message"), str):
                self.result.fail("internal_error", f"bad reply: error {err!r}"[:500], sample)
        return reply

    def note(self, reply: dict[str, Any] | None) -> None:
        """Follow the match: its pending decision, and positions worth loading later."""
        if not reply or not reply.get("ok"):
            return
        if "decision" in reply or "outcome" in reply:
            self.state = reply
            self.has_match = True
        if "position" in reply and len(self.positions) < 60 and self.rng.random() < 0.3:
            self.positions.append(reply["position"])
        elif "position" in reply and self.positions and self.rng.random() < 0.1:
            self.positions[self.rng.randrange(len(self.positions))] = reply["position"]

    def next_request(self) -> tuple[bytes, bool]:
        """The next line, and whether it is one that must not change the match."""
        rng = self.rng
        r = rng.random()
        if (not self.has_match or r < 0.04) and rng.random() < 0.3:
            req = {"cmd": "new", "game": "pieces", "seed": rng.randrange(10**6),
                   "auto_chance": rng.random() < 0.5}
            if rng.random() < 0.5:
                req["armies"] = [rng.choice(ARMIES) for _ in range(2)]
            return json.dumps(req).encode(), False
        if not self.has_match or r < 0.04:
            decks = [rng.choice((*READY, "mine", "mine.deck")) for _ in range(2)]
            if rng.random() < 0.3:
                decks[rng.randrange(2)] = rng.choice(self.secrets.deck_names)
            req = {"cmd": "new", "decks": decks, "seed": rng.randrange(10**6),
                   "auto_chance": rng.random() < 0.5}
            return json.dumps(req).encode(), False
        if r < 0.08:
            names = self.secrets.deck_names
            if rng.random() < 0.5:
                names = [n for n in names if isinstance(n, str) and "/" in n]
            decks = [rng.choice(READY), rng.choice(names)]
            rng.shuffle(decks)
            return json.dumps({"cmd": "new", "decks": decks}).encode(), False
        if r < 0.15:
            return wire_line(rng), True
        if r < 0.24:
            return json.dumps(field_line(rng, self.secrets)).encode(), False
        if r < 0.30 and self.positions:
            pos = rng.choice(self.positions)
            if rng.random() < 0.7:
                pos = mutate_position(pos, rng)
            req = {"cmd": "load", "position": pos, "seed": rng.randrange(100),
                   "auto_chance": rng.random() < 0.5}
            return json.dumps(req).encode(), False
        if r < 0.302:
            return b"x" * (MAX_LINE_BYTES + rng.randrange(1, 5000)), True
        if r < 0.31:
            return rng.choice([b"", b"   ", b"\t"]), True
        return json.dumps(play_line(self.state, rng)).encode(), False

    def lines(self) -> Generator[Any, None, None]:
        while self.sent < self.budget:
            raw, neutral = self.next_request()
            guarded = neutral or self.rng.random() < 0.05
            if guarded and self.has_match:
                # Ask for the position before and after: a refused request must change
                # nothing (an accepted one may, except for pure queries).
                before = yield from self.ask(b'{"cmd": "position"}')
                reply = yield from self.ask(raw)
                after = yield from self.ask(b'{"cmd": "position"}')
                if reply is not None and not reply.get("ok") and before and after and \
                        before.get("position") != after.get("position"):
                    self.result.fail("false_accept", "a refused request changed the match",
                                     raw[:300].decode("utf-8", "replace"))
            else:
                reply = yield from self.ask(raw)
            if reply is not None and reply.get("ok") and "view" in reply:
                self.check_view(reply["view"], raw)
            if reply is not None and reply.get("bye"):
                return

    def ask(self, raw: bytes) -> Generator[Any, None, dict[str, Any] | None]:
        """Yield ``raw`` through the protocol's byte reader; the checked reply."""
        sample = raw[:300].decode("utf-8", "replace")
        reply = None
        for piece in read_request_lines(io.BytesIO(raw + b"\n")):
            self.result.attempts += 1
            self.sent += 1
            blank = isinstance(piece, bytes) and not piece.strip()
            with time_limit(LINE_SECONDS):
                yield piece
            reply = self.check(sample, expect=not blank)
            self.note(reply)
        return reply

    def check_view(self, view: Any, raw: bytes) -> None:
        if isinstance(view, dict) and view.get("game") == "pieces":
            return  # Legend Pieces hides nothing: a view is the whole position
        try:
            player = json.loads(raw)["player"]
            hidden = view["players"][1 - player]
            ok = isinstance(hidden["hand"], int) and isinstance(hidden["deck"], int)
        except (ValueError, KeyError, TypeError, IndexError):
            ok = False
        if not ok:
            self.result.fail("false_accept", "a view shows the opponent's hidden cards",
                             raw[:300].decode("utf-8", "replace"))

    def run(self) -> None:
        gen = self.lines()
        try:
            data_dir = self.secrets.damaged_dir if self.rng.random() < 0.2 else \
                self.secrets.data_dir
            serve(gen, self.out, deck_dir=self.secrets.deck_dir, data_dir=data_dir)
            for line in self.replies():  # the reply to "quit", which ends the loop
                reply = self.check_line(line, "quit")
                if reply is None or reply.get("bye") is not True:
                    self.result.fail("internal_error", f"bad reply after the last line: "
                                                       f"{line[:300]}", "quit")
        except Hang as exc:
            self.result.fail("hang", str(exc), "serve")
        except Exception as exc:  # a traceback out of serve: the finding this area is for
            import traceback

            self.result.fail("traceback", "".join(traceback.format_exception(exc))[-2000:],
                             f"after {self.sent} lines")
        finally:
            gen.close()


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def run(result: AreaResult, attempts: int, rng: random.Random) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        secrets = Secrets(Path(tmp), rng)
        before = _snapshot(Path(tmp))
        positions: list[dict[str, Any]] = []
        while result.attempts < attempts:
            budget = min(rng.randint(*EPISODE_LINES), attempts - result.attempts)
            Episode(result, rng, secrets, positions, budget).run()
        after = _snapshot(Path(tmp))
        for name in sorted(set(before) | set(after)):
            if before.get(name) != after.get(name):
                result.fail("file_changed", f"{name} was changed, made or removed", name)


def _snapshot(base: Path) -> dict[str, str]:
    """Every regular file under ``base`` (deck files, the saves) by its SHA-256."""
    out = {}
    for path in sorted(base.rglob("*")):
        if path.is_file() and not path.is_symlink():
            out[str(path.relative_to(base))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out
