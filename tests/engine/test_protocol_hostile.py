"""The protocol against hostile requests (issue 11, items 2 and 3), driven in-process.

Every bad request gets an error object of a specific type, the reply is strict JSON, the
session goes on, and a refused "new" or "load" leaves the previous match as it was."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from handheld.engine import Match
from handheld.engine.errors import BadChanceOutcome
from handheld.protocol import (
    MAX_DEPTH,
    MAX_LINE_BYTES,
    OversizedLine,
    Session,
    encode,
    read_request_lines,
    reply_to,
    serve,
)
from handheld.protocol.session import MAX_LEGAL_ACTIONS
from handheld.protocol.wire import json_depth

DECKS = ["blazing_quake", "tidal_mind"]


def strict(line: str) -> dict[str, Any]:
    """A reply line parsed the way a strict JSON reader would (no NaN, no Infinity)."""
    def refuse(name: str) -> Any:
        raise AssertionError(f"the reply holds {name}, which is not JSON: {line[:200]}")

    reply = json.loads(line, parse_constant=refuse)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), line[:200]
    return reply


class Client:
    def __init__(self, deck_dir: Path | None = None) -> None:
        self.session = Session(deck_dir)

    def raw(self, line: str | bytes | OversizedLine) -> dict[str, Any]:
        reply = reply_to(self.session, line)
        assert reply is not None
        return strict(encode(reply))

    def send(self, **request: Any) -> dict[str, Any]:
        return self.raw(json.dumps(request))

    def error(self, line: Any) -> tuple[str, str]:
        """``line`` as it is if it is a line, else written as JSON."""
        if not isinstance(line, (str, bytes, OversizedLine)):
            line = json.dumps(line)
        reply = self.raw(line)
        assert reply["ok"] is False, reply
        return reply["error"]["type"], reply["error"]["message"]


@pytest.fixture()
def client() -> Client:
    return Client()


def started(client: Client, **extra: Any) -> Client:
    reply = client.send(cmd="new", decks=DECKS, seed=4, auto_chance=True, **extra)
    assert reply["ok"], reply
    return client


# ------------------------------------------------------------------ the wire


def test_a_byte_that_is_not_utf8_gets_an_error_and_the_session_goes_on(client: Client) -> None:
    kind, message = client.error(b'{"cmd": "hello", "x": "\xff"}\n')
    assert kind == "ProtocolError" and "not UTF-8" in message
    assert client.send(cmd="hello")["ok"]


def test_serve_answers_every_line_even_after_bad_bytes() -> None:
    lines = [b"\xc3\x28\n", b'{"cmd": "hello", "id": 1}\n', b"\n", b'{"cmd": "quit"}\n',
             b'{"cmd": "hello"}\n']
    out = io.StringIO()
    serve(lines, out)
    replies = [strict(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in replies] == [False, True, True]  # nothing after "quit"
    assert replies[1]["id"] == 1 and replies[2]["bye"] is True


def test_an_over_long_line_is_skipped_unread_and_refused() -> None:
    stream = io.BytesIO(b"[" * (MAX_LINE_BYTES + 10) + b"\n" + b'{"cmd": "hello"}\n')
    lines = list(read_request_lines(stream))
    assert lines[0] == OversizedLine(MAX_LINE_BYTES + 11)
    assert lines[1] == b'{"cmd": "hello"}\n'
    client = Client()
    kind, message = client.error(lines[0])
    assert kind == "RequestTooLarge" and str(MAX_LINE_BYTES) in message
    assert client.raw(lines[1])["ok"]


def test_a_line_of_exactly_the_limit_is_read() -> None:
    line = b" " * (MAX_LINE_BYTES - 20) + b'{"cmd": "hello"}'
    assert len(line) < MAX_LINE_BYTES
    assert list(read_request_lines(io.BytesIO(line + b"\n"))) == [line + b"\n"]


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_deep_nesting_is_refused_before_parsing(client: Client, depth: int) -> None:
    for line in ("[" * depth + "]" * depth,
                 '{"cmd": "hello", "id": ' + '{"a": ' * depth + "1" + "}" * depth + "}"):
        kind, message = client.error(line)
        assert kind == "RequestTooLarge" and f"more than {MAX_DEPTH} levels" in message


@pytest.mark.parametrize(("text", "depth"), [
    ('[[1, "]]]"], {"a": [{}]}]', 4),
    ('["\\"[[[["]', 1),               # an escaped quote does not end the string
    ('[["' + 'a\\"' * 1000, 2),        # a string that never ends stops the count
    ('"[[[" [[', 2),
    ("]]]][[", 0),
    ("", 0),
])
def test_json_depth_skips_strings(text: str, depth: int) -> None:
    assert json_depth(text) == depth


def test_nesting_within_the_limit_and_brackets_in_strings_are_fine(client: Client) -> None:
    deep = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    reply = client.raw('{"cmd": "hello", "id": ' + deep + "}")
    assert reply["ok"] and json_depth(json.dumps(reply["id"])) == MAX_DEPTH - 1
    text = '{"cmd": "hello", "id": "' + "[{" * 5000 + '\\"]"}'
    assert json_depth(text) == 1
    assert client.raw(text)["id"].startswith("[{[{")


@pytest.mark.parametrize("number", ["9" * 4301, "-" + "1" * 50, "1" * 41, "1." + "0" * 50,
                                    "1e" + "9" * 40])
def test_numbers_with_too_many_digits_are_refused(client: Client, number: str) -> None:
    for line in (f'{{"cmd": "hello", "id": {number}}}',
                 f'{{"cmd": "new", "decks": ["blazing_quake", "tidal_mind"], "seed": {number}}}'):
        kind, message = client.error(line)
        assert kind == "RequestTooLarge" and "characters" in message


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e400", "-1e999"])
def test_nan_and_infinity_are_refused_never_echoed(client: Client, constant: str) -> None:
    kind, message = client.error(f'{{"cmd": "hello", "id": {constant}}}')
    assert kind == "ProtocolError" and constant.lstrip("-") in message


def test_an_id_is_echoed_on_errors_too(client: Client) -> None:
    reply = client.raw('{"cmd": "choose", "option": 0, "id": {"k": [1, 2.5, null]}}')
    assert reply["error"]["type"] == "NoMatch" and reply["id"] == {"k": [1, 2.5, None]}


def test_an_unencodable_reply_becomes_an_internal_error_not_bad_json() -> None:
    line = encode({"ok": True, "x": float("nan"), "id": 3})
    reply = strict(line)
    assert reply["error"]["type"] == "InternalError" and reply["id"] == 3


# ------------------------------------------------------------------ fields of every command

BAD_REQUESTS: list[tuple[Any, str]] = [
    ([1, 2], "ProtocolError"),
    ('"hello"', "ProtocolError"),
    ("{not json", "ProtocolError"),
    ("\ufeff{}", "ProtocolError"),
    ({"cmd": 5}, "ProtocolError"),
    ({"cmd": "fly"}, "ProtocolError"),
    ({"cmd": "__init__"}, "ProtocolError"),
    ({"cmd": "hello", "extra": 1}, "ProtocolError"),
    ({"cmd": "new", "decks": DECKS, "era": ["expedition"]}, "ProtocolError"),
    ({"cmd": "new", "decks": DECKS, "era": "modern"}, "ProtocolError"),
    ({"cmd": "new", "decks": DECKS, "era": {"a": 1}}, "ProtocolError"),
    ({"cmd": "new", "decks": DECKS, "seed": 1.5}, "ProtocolError"),
    ({"cmd": "new", "decks": DECKS, "seed": True}, "ProtocolError"),
    ({"cmd": "new", "decks": DECKS, "auto_chance": 1}, "ProtocolError"),
    ({"cmd": "new", "decks": "blazing_quake"}, "ProtocolError"),
    ({"cmd": "new", "decks": [DECKS[0], 7]}, "ProtocolError"),
    ({"cmd": "new", "decks": [DECKS[0], {"deck": "x"}]}, "UnknownDeck"),  # no --data-dir
    ({"cmd": "new", "decks": [DECKS[0], {"path": "/etc/passwd"}]}, "UnknownDeck"),
    ({"cmd": "new", "decks": [DECKS[0], ["ecard1-98", 3]]}, "ProtocolError"),
    ({"cmd": "new", "decks": [DECKS[0], ["x" * 41] * 60]}, "ProtocolError"),
    ({"cmd": "new", "decks": [DECKS[0], ["ecard1-164"] * 5000]}, "InvalidDeck"),
    ({"cmd": "new", "decks": [DECKS[0], ["nope"] * 60]}, "InvalidDeck"),
    ({"cmd": "load", "position": [1]}, "ProtocolError"),
    ({"cmd": "load", "position": {"players": []}}, "InvalidPosition"),
    ({"cmd": "load", "position": {"players": [{}, {}], "era": ["expedition"]}},
     "InvalidPosition"),
    ({"cmd": "load", "position": {}, "seed": "1"}, "ProtocolError"),
    ({"cmd": "card", "id": 98}, "ProtocolError"),
    ({"cmd": "card", "id": "ecard1-98" * 20}, "ProtocolError"),
    ({"cmd": "card", "id": "nope-1"}, "UnknownCard"),
    ({"cmd": "decision"}, "NoMatch"),
    ({"cmd": "view", "player": 0}, "NoMatch"),
    ({"cmd": "log"}, "NoMatch"),
    ({"cmd": "outcome"}, "NoMatch"),
]

IN_MATCH: list[tuple[Any, str]] = [
    ({"cmd": "choose"}, "ProtocolError"),
    ({"cmd": "choose", "option": 0, "options": [0]}, "ProtocolError"),
    ({"cmd": "choose", "option": "0"}, "ProtocolError"),
    ({"cmd": "choose", "option": 0.0}, "ProtocolError"),
    ({"cmd": "choose", "option": True}, "ProtocolError"),
    ({"cmd": "choose", "option": None}, "ProtocolError"),
    ({"cmd": "choose", "options": [[0]]}, "ProtocolError"),
    ({"cmd": "choose", "options": {"0": 1}}, "ProtocolError"),
    ({"cmd": "choose", "options": list(range(2000))}, "ProtocolError"),
    ({"cmd": "choose", "option": 99}, "IllegalAction"),
    ({"cmd": "choose", "option": -1}, "IllegalAction"),
    ({"cmd": "choose", "option": 10**30}, "IllegalAction"),
    ({"cmd": "choose", "options": [0, 0]}, "IllegalAction"),
    ({"cmd": "resolve"}, "ProtocolError"),
    ({"cmd": "resolve", "random": "yes"}, "ProtocolError"),
    ({"cmd": "resolve", "random": True, "outcome": True}, "ProtocolError"),
    ({"cmd": "resolve", "outcome": True}, "NotAChoice"),
    ({"cmd": "resolve", "random": True}, "NotAChoice"),
    ({"cmd": "auto", "players": ["greedy", "alphazero"]}, "ProtocolError"),
    ({"cmd": "auto", "players": [["greedy"], None]}, "ProtocolError"),
    ({"cmd": "auto", "players": ["greedy"]}, "ProtocolError"),
    ({"cmd": "auto", "players": "greedy"}, "ProtocolError"),
    ({"cmd": "auto", "until": ["end"]}, "ProtocolError"),
    ({"cmd": "auto", "until": "forever"}, "ProtocolError"),
    ({"cmd": "view"}, "ProtocolError"),
    ({"cmd": "view", "player": 2}, "ProtocolError"),
    ({"cmd": "view", "player": -1}, "ProtocolError"),
    ({"cmd": "view", "player": "0"}, "ProtocolError"),
    ({"cmd": "view", "player": 0.0}, "ProtocolError"),
    ({"cmd": "view", "player": True}, "ProtocolError"),
    ({"cmd": "view", "player": [0]}, "ProtocolError"),
    ({"cmd": "log", "player": 7}, "ProtocolError"),
    ({"cmd": "log", "player": False}, "ProtocolError"),
    ({"cmd": "log", "player": 1.0}, "ProtocolError"),
    ({"cmd": "log", "since": -1}, "ProtocolError"),
    ({"cmd": "log", "since": "0"}, "ProtocolError"),
    ({"cmd": "log", "since": True}, "ProtocolError"),
    ({"cmd": "log", "since": [0]}, "ProtocolError"),
    ({"cmd": "legal", "option": 0}, "ProtocolError"),
]


@pytest.mark.parametrize(("request_", "kind"), BAD_REQUESTS, ids=lambda v: str(v)[:40])
def test_bad_requests_get_specific_errors(client: Client, request_: Any, kind: str) -> None:
    got, message = client.error(request_)
    assert got == kind, message
    assert message and len(message) <= 4000


@pytest.mark.parametrize(("request_", "kind"), IN_MATCH, ids=lambda v: str(v)[:40])
def test_bad_requests_in_a_match_get_specific_errors(request_: Any, kind: str) -> None:
    client = started(Client())
    before = client.send(cmd="position")["position"]
    got, message = client.error(request_)
    assert got == kind, message
    assert client.send(cmd="position")["position"] == before  # nothing changed


def test_unknown_fields_are_named(client: Client) -> None:
    kind, message = client.error({"cmd": "choose", "optoin": 1})
    assert kind == "ProtocolError" and "'optoin'" in message and "option" in message


def test_shuffle_outcomes_holding_lists_are_refused_by_the_engine(client: Client) -> None:
    reply = client.send(cmd="new", decks=DECKS, seed=1)
    assert reply["decision"]["kind"] == "coin"
    client.send(cmd="resolve", outcome="heads")
    size = client.send(cmd="decision")["decision"]["size"]
    for bad in ([[i] for i in range(size)], [{"i": i} for i in range(size)],
                [*range(size - 1), [0]], [True, *range(1, size)], list(range(size + 1)),
                {"0": 1}, "shuffle", None, 3):
        kind, _ = client.error({"cmd": "resolve", "outcome": bad})
        assert kind == "BadChanceOutcome", bad
    assert client.send(cmd="resolve", outcome=list(range(size)))["ok"]


def test_the_engine_itself_refuses_unhashable_shuffle_outcomes() -> None:
    from handheld.cards import default_pool, load_ready_made_deck

    m = Match(default_pool(), [load_ready_made_deck(d) for d in DECKS])
    m.resolve(True)
    size = m.pending.size  # type: ignore[union-attr]
    with pytest.raises(BadChanceOutcome):
        m.resolve([[0]] * size)
    with pytest.raises(BadChanceOutcome):
        m.resolve([*range(size - 1), {}])


def test_legal_refuses_to_list_too_many_answers() -> None:
    from handheld.engine.state import Choice

    client = started(Client())
    m = client.session.match
    assert m is not None
    m.pending = Choice(0, "cards_deck", "many", tuple(("card", i) for i in range(40)),
                       min=0, max=40)
    kind, message = client.error({"cmd": "legal"})
    assert kind == "RequestTooLarge" and str(MAX_LEGAL_ACTIONS) in message


# ------------------------------------------------------------------ load keeps the old match


def test_a_refused_load_leaves_the_match_rng_and_options_untouched() -> None:
    client = started(Client())
    control = started(Client())
    before = client.send(cmd="position")["position"]
    hostile = json.loads(json.dumps(before))
    hostile["players"][0]["flags"] = {"retreat_blocked": [[1]], "powers_used": 5}
    for bad in (hostile, {"players": [{}, {}], "turn": "1"}, {"players": [{}, {"bench": 3}]}):
        kind, _ = client.error({"cmd": "load", "position": bad, "seed": 99,
                                "auto_chance": False})
        assert kind == "InvalidPosition"
    assert client.send(cmd="position")["position"] == before
    # Same RNG and auto_chance: both sessions play on identically.
    for c in (client, control):
        c.send(cmd="auto", players=["random", "random"], until="turn")
    assert client.send(cmd="position")["position"] == control.send(cmd="position")["position"]


@pytest.mark.parametrize("flags", [
    {"retreat_blocked": [[1]]}, {"retreat_blocked": 3}, {"powers_used": [[1]]},
    {"powers_used": [1, 2]}, {"turn_effects": [1]}, {"turn_effects": {"a": [1]}},
    {"energy_target": "x"}, {"retreats": 1.5},
])
def test_malformed_load_flags_are_invalid_positions(flags: dict[str, Any]) -> None:
    client = started(Client())
    pos = client.send(cmd="position")["position"]
    pos["players"][1]["flags"] = flags
    kind, _ = client.error({"cmd": "load", "position": pos})
    assert kind == "InvalidPosition"


def test_a_refused_new_leaves_the_match_untouched() -> None:
    client = started(Client())
    before = client.send(cmd="position")["position"]
    for bad in ({"decks": [DECKS[0], "nope"]}, {"decks": DECKS, "era": "x"},
                {"decks": [DECKS[0], ["ecard1-98"] * 60]}):
        assert not client.send(cmd="new", seed=8, **bad)["ok"]
    assert client.send(cmd="position")["position"] == before


# ------------------------------------------------------------------ deck sources

PATH_LIKE = ["../decks/blazing_quake", "../assets/decks/blazing_quake.deck", "/etc/passwd",
             "/dev/zero", "/etc/hostname", "decks/blazing_quake", "./blazing_quake",
             "blazing_quake.txt", "..", ".", "", " blazing_quake", "blazing_quake\x00",
             "C:\\x.deck", "~/.bashrc", "%2e%2e/secret"]


def _assets_deck() -> Path:
    from handheld.cards import decks_dir

    return decks_dir() / "blazing_quake.deck"


@pytest.mark.parametrize("name", [*PATH_LIKE, str(_assets_deck())])
def test_path_like_deck_names_read_nothing(client: Client, name: str) -> None:
    kind, message = client.error({"cmd": "new", "decks": [DECKS[0], name]})
    assert kind == "UnknownDeck"
    assert message == client.error({"cmd": "new", "decks": [DECKS[0], "zzz"]})[1].replace(
        "'zzz'", repr(name)[:60] if len(repr(name)) <= 60 else repr(name)[:57] + "...")


def test_the_wording_does_not_tell_whether_a_file_exists(tmp_path: Path) -> None:
    (tmp_path / "real.deck").write_text(_assets_deck().read_text())
    client = Client()
    exists = client.error({"cmd": "new", "decks": [DECKS[0], str(tmp_path / "real.deck")]})
    missing = client.error({"cmd": "new", "decks": [DECKS[0], str(tmp_path / "nope.deck")]})
    assert exists[0] == missing[0] == "UnknownDeck"
    assert exists[1].replace("real", "X") == missing[1].replace("nope", "X")


@pytest.fixture()
def deck_dir(tmp_path: Path) -> Path:
    d = tmp_path / "decks"
    d.mkdir()
    (d / "mine.deck").write_text(_assets_deck().read_text())
    (d / "secret.deck").write_text("4 hunter2\n56 ecard1-164\n")
    (d / "garbage.deck").write_bytes(b"\xff\xfe root:x:0:0 \n")
    (d / "notes.txt").write_text(_assets_deck().read_text())
    os.mkfifo(d / "pipe.deck")
    (d / "big.deck").write_bytes(b"4 ecard1-98\n" * 10_000)
    (tmp_path / "outside.deck").write_text(_assets_deck().read_text())
    (d / "link.deck").symlink_to(tmp_path / "outside.deck")
    (d / "inner.deck").symlink_to(d / "mine.deck")
    (d / "sub").mkdir()
    (d / "sub" / "x.deck").write_text(_assets_deck().read_text())
    (d / "dir.deck").mkdir()
    return d


def test_deck_files_come_only_from_the_deck_directory(deck_dir: Path) -> None:
    client = Client(deck_dir)
    for name in ("mine", "mine.deck", "inner"):
        assert client.send(cmd="new", decks=[name, DECKS[1]])["ok"], name
    hello = client.send(cmd="hello")
    # Listed: what "new" reads (a link within the directory too); not a link out of it, a
    # FIFO, a directory or a file of another kind.
    assert hello["deck_files"] == ["big", "garbage", "inner", "mine", "secret"]
    for name in ("link", "sub/x", "sub/x.deck", "notes.txt", "notes", "../outside",
                 str(deck_dir / "mine.deck"), "missing"):
        kind, _ = client.error({"cmd": "new", "decks": [name, DECKS[1]]})
        assert kind == "UnknownDeck", name


def test_bad_deck_files_are_invalid_decks_and_never_echoed(deck_dir: Path) -> None:
    client = Client(deck_dir)
    for name in ("secret", "garbage", "pipe", "big", "dir"):
        kind, message = client.error({"cmd": "new", "decks": [name, DECKS[1]]})
        assert kind == "InvalidDeck", (name, message)
        assert "hunter2" not in message and "root" not in message and "ecard1-98" not in message


def test_without_a_deck_directory_no_file_is_read(deck_dir: Path, monkeypatch) -> None:
    monkeypatch.chdir(deck_dir)
    client = Client()
    assert client.send(cmd="hello")["deck_files"] == []
    kind, message = client.error({"cmd": "new", "decks": ["mine", DECKS[1]]})
    assert kind == "UnknownDeck" and "deck directory" not in message


# ------------------------------------------------------------------ bounded work


def test_auto_is_bounded_and_carries_on_as_one_request(monkeypatch: pytest.MonkeyPatch) -> None:
    from handheld.protocol import session as protocol_session

    whole = started(Client())
    reply = whole.send(cmd="auto", players=["random", "random"], until="end")
    assert reply["over"] and reply["answered"] > 10
    monkeypatch.setattr(protocol_session, "MAX_AUTO_ANSWERS", 7)
    split = started(Client())
    answered = []
    while not (reply := split.send(cmd="auto", players=["random", "random"]))["over"]:
        answered.append(reply["answered"])
    assert answered and set(answered) == {7}
    assert split.send(cmd="position")["position"] == whole.send(cmd="position")["position"]


def test_an_engine_bug_is_an_internal_error_and_the_session_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    client = started(Client())

    def broken(self: Match, player: int) -> dict[str, Any]:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(Match, "view", broken)
    reply = client.raw('{"cmd": "view", "player": 0, "id": "v"}')
    assert reply["error"] == {"type": "InternalError",
                              "message": "ZeroDivisionError: a bug"} and reply["id"] == "v"
    assert client.send(cmd="decision")["ok"]
