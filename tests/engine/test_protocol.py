"""The JSON-lines protocol, driven end to end in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


class Engine:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "handheld.engine"], cwd=ROOT, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def send_raw(self, line: str) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        assert reply, "the engine closed its output"
        return json.loads(reply)

    def send(self, **request: Any) -> dict[str, Any]:
        return self.send_raw(json.dumps(request))

    def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(timeout=10)


@pytest.fixture()
def engine() -> Iterator[Engine]:
    e = Engine()
    yield e
    if e.proc.poll() is None:
        e.proc.kill()


def test_a_whole_match_with_manual_chance(engine: Engine) -> None:
    r = engine.send(cmd="hello", id="h")
    assert r["ok"] and r["id"] == "h" and "expedition" in r["eras"]
    assert r["games"] == ["tcg", "pieces"]
    r = engine.send(cmd="new", decks=["blazing_quake", "tidal_mind"], seed=5)
    assert r["decision"] == {"type": "chance", "kind": "coin", "player": 0,
                             "purpose": "who goes first"}
    r = engine.send(cmd="resolve", outcome="tails")
    assert r["decision"]["kind"] == "shuffle" and r["decision"]["size"] == 60
    assert r["current"] == 1
    identity = list(range(60))
    r = engine.send(cmd="resolve", outcome=identity)
    r = engine.send(cmd="resolve", random=True)
    # From here computer players finish the match; chance from the session's seed.
    r = engine.send(cmd="auto", players=["greedy", "greedy"], until="end")
    assert r["over"] is True and r["outcome"]["winner"] in (0, 1)
    assert r["answered"] > 10
    log = engine.send(cmd="log", since=0)
    assert log["lines"][0] == "P1 flips a coin for who goes first: tails."
    assert log["lines"][-1].startswith("*** P")
    assert engine.send(cmd="quit")["bye"] is True
    assert engine.close() == 0


def test_errors_are_objects_and_the_session_goes_on(engine: Engine) -> None:
    bad = engine.send_raw("{not json")
    assert bad == {"ok": False, "error": {"type": "ProtocolError",
                                          "message": bad["error"]["message"]}}
    assert "not valid JSON" in bad["error"]["message"]
    r = engine.send(cmd="fly")
    assert r["error"]["type"] == "ProtocolError" and "unknown command 'fly'" in \
        r["error"]["message"]
    r = engine.send(cmd="choose", option=0)
    assert r["error"]["message"].startswith("no match yet")
    r = engine.send(cmd="new", decks=["blazing_quake"])
    assert "two decks" in r["error"]["message"]
    r = engine.send(cmd="new", decks=["blazing_quake", ["ecard2-1"] * 60])
    assert r["error"]["type"] == "InvalidDeck" and "Ampharos" in r["error"]["message"]
    r = engine.send(cmd="new", decks=["blazing_quake", "no_such_deck"])
    assert r["error"]["type"] == "UnknownDeck"
    assert "no deck named 'no_such_deck'" in r["error"]["message"]
    r = engine.send(cmd="new", decks=["blazing_quake", "tidal_mind"], seed=1,
                    auto_chance=True)
    assert r["ok"] and r["decision"]["type"] == "choice"
    r = engine.send(cmd="choose", option=7)
    assert r["error"]["type"] == "IllegalAction"
    r = engine.send(cmd="resolve", outcome=True)
    assert r["error"]["type"] == "NotAChoice"
    r = engine.send(cmd="choose", option=0, id=42)
    assert r["ok"] and r["id"] == 42


def test_positions_load_and_views_hide(engine: Engine) -> None:
    r = engine.send(cmd="new", decks=["blazing_quake", "tidal_mind"], seed=2,
                    auto_chance=True)
    r = engine.send(cmd="auto", players=["random", "random"], until="turn")
    pos = engine.send(cmd="position")["position"]
    view = engine.send(cmd="view", player=0)["view"]
    assert isinstance(view["players"][1]["hand"], int)
    assert isinstance(view["players"][0]["hand"], list)
    assert isinstance(view["players"][0]["deck"], int)
    again = engine.send(cmd="load", position=pos)
    assert again["ok"]
    assert engine.send(cmd="position")["position"] == pos
    r = engine.send(cmd="load", position={"players": []})
    assert r["error"]["type"] == "InvalidPosition"
    card = engine.send(cmd="card", id="ecard1-98")
    assert card["name"] == "Charmander" and "Burned" in card["text"]


def test_a_bad_byte_does_not_end_a_session() -> None:
    """The first report of issue 11, item 3: one byte that is not UTF-8 was a traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "handheld.engine"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(b'{"cmd": "hello", "id": "\xff"}\n{"cmd": "hello", "id": 2}\n'
                                + b"[" * 100_000 + b"\n" + b"7" * 5000 + b"\n", timeout=60)
    replies = [json.loads(line) for line in out.decode().splitlines()]
    assert [r["ok"] for r in replies] == [False, True, False, False]
    assert [r["error"]["type"] for r in replies if not r["ok"]] == \
        ["ProtocolError", "RequestTooLarge", "RequestTooLarge"]
    assert proc.returncode == 0 and b"Traceback" not in err


def test_the_deck_directory_on_the_command_line(tmp_path: Path) -> None:
    deck = (ROOT / "assets" / "decks" / "tidal_mind.deck").read_text()
    (tmp_path / "my_water.deck").write_text(deck)
    requests = [{"cmd": "hello"}, {"cmd": "new", "decks": ["my_water", "blazing_quake"]},
                {"cmd": "new", "decks": ["../my_water", "blazing_quake"]}]
    done = subprocess.run([sys.executable, "-m", "handheld.engine", "--deck-dir", str(tmp_path)],
                          cwd=ROOT, input="".join(json.dumps(r) + "\n" for r in requests),
                          capture_output=True, text=True, timeout=60)
    hello, new, escape = (json.loads(line) for line in done.stdout.splitlines())
    assert hello["deck_files"] == ["my_water"] and new["ok"]
    assert escape["error"]["type"] == "UnknownDeck"


@pytest.mark.parametrize("args", [["--deck-dir", "/no/such/dir"], ["--deck-dir"],
                                  ["--deck-dir", "/etc/hostname"], ["--bogus"],
                                  ["--data-dir", "/no/such/dir"], ["--data-dir", ""]])
def test_command_line_errors_are_one_line(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "handheld.engine", *args], cwd=ROOT,
                          input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("python -m handheld.engine: error:")


def test_a_client_that_goes_away_gets_no_traceback() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "handheld.engine"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(b'{"cmd": "hello"}\n')
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["ok"]
    proc.stdout.close()  # the client stops reading, then sends more
    try:
        proc.stdin.write(b'{"cmd": "hello"}\n' * 2000)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    assert proc.wait(timeout=60) in (0, 1)
    assert b"Traceback" not in proc.stderr.read()


def test_time_ends_a_match_by_prizes_or_starts_sudden_death(engine: Engine) -> None:
    r = engine.send(cmd="new", decks=["blazing_quake", "tidal_mind"], seed=3, auto_chance=True)
    assert r["ok"]
    r = engine.send(cmd="time")  # during setup neither has taken a Prize: Sudden Death
    assert r["ok"] and r["called"] == "sudden_death" and not r["over"]
    assert engine.send(cmd="outcome")["sudden_death"] == 1
    engine.send(cmd="new", decks=["blazing_quake", "tidal_mind"], seed=3, auto_chance=True)
    for _ in range(80):  # play on until one player has taken more Prizes
        engine.send(cmd="auto", players=["greedy", "greedy"], until="turn")
        players = engine.send(cmd="position")["position"]["players"]
        left = [len(p["prizes"]) for p in players]
        if not engine.send(cmd="outcome")["over"] and left[0] != left[1] and min(left) > 0:
            break
    else:
        pytest.fail("no turn with different Prize counts")
    r = engine.send(cmd="time")
    assert r["called"] == "time" and r["over"]
    assert r["outcome"]["result"] == "time" and r["outcome"]["winner"] == left.index(min(left))
    r = engine.send(cmd="time")
    assert r["ok"] is False and r["error"]["type"] == "GameOver"
