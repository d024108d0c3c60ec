"""Replays, suspended matches and the protocol keep answers in notation
(docs/NOTATION.md), and records of option indices, as older versions wrote them, still
replay and resume."""

from __future__ import annotations

import json
import random
from typing import Any

from handheld.cards import default_pool, load_deck
from handheld.engine import Chance, Choice, Match
from handheld.engine.notation import parse_answer
from handheld.players import MatchRecord, chance_outcome, make_player, play_match, replay
from handheld.protocol.session import Session, reply_to
from handheld.protocol.wire import encode
from handheld.session import MatchSession

POOL = default_pool()
DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))


def _as_indices(record: MatchRecord, n: int | None = None) -> list[Any]:
    """The record's first ``n`` answers (all by default) as the option indices an older
    version stored."""
    want = len(record.answers) if n is None else n
    m = Match(POOL, record.decks)
    rng = random.Random(record.seed)
    out: list[Any] = []
    while len(out) < want:
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
            continue
        assert isinstance(d, Choice)
        picks = parse_answer(m, d, record.answers[len(out)])
        out.append(picks)
        m.apply(picks)
    return out


def test_a_record_keeps_notation_and_an_index_record_still_replays() -> None:
    players = [make_player("greedy", 1), make_player("random", 2)]
    m, rec = play_match(POOL, DECKS, players, 7, record_log=True, record_answers=True)
    assert rec.answers and all(isinstance(a, str) for a in rec.answers)
    assert any(a.startswith("attack ") for a in rec.answers)
    again = replay(POOL, rec)
    assert again.log == m.log and again.position() == m.position()
    old = MatchRecord(rec.decks, rec.seed, _as_indices(rec))
    assert all(isinstance(a, (int, list)) for a in old.answers)
    assert any(isinstance(a, list) for a in old.answers)  # the setup's Bench: a list
    from_indices = replay(POOL, old)
    assert from_indices.log == m.log and from_indices.position() == m.position()


def _session_at(steps: int) -> MatchSession:
    session = MatchSession(POOL, DECKS, ["greedy", "random"], seed=5)
    for _ in range(steps):
        session.step()
    return session


def test_a_session_stores_notation_and_resumes_from_it_or_from_indices() -> None:
    reference = _session_at(10_000)
    assert reference.over
    assert all(isinstance(a, str) for a in reference.answers)
    session = _session_at(150)
    snap = json.loads(json.dumps(session.snapshot()))
    assert snap["replay"]["answers"] == session.answers
    resumed = MatchSession.resume(POOL, snap, record_log=True)
    assert resumed.log_note is None  # it replayed from the notation
    # The same save as an older version wrote it: indices.
    record = MatchRecord(session.decks, session.seed, list(session.answers))
    old = json.loads(json.dumps(snap))
    old["replay"]["answers"] = _as_indices(record, len(session.answers))
    assert old["replay"]["answers"] != snap["replay"]["answers"]
    resumed_old = MatchSession.resume(POOL, old, record_log=True)
    assert resumed_old.log_note is None
    assert resumed_old.match.position() == resumed.match.position()
    for s in (resumed, resumed_old):
        while s.step():
            pass
        assert s.match.position() == reference.match.position()
    # Answers given from now on are stored in notation, even after an index record.
    assert all(isinstance(a, str) for a in resumed_old.answers[len(old["replay"]["answers"]):])


class Client:
    def __init__(self) -> None:
        self.session = Session()

    def send(self, **request: Any) -> dict[str, Any]:
        reply = reply_to(self.session, json.dumps(request))
        assert reply is not None
        return json.loads(encode(reply))


def _new(seed: int = 3) -> Client:
    client = Client()
    reply = client.send(cmd="new", decks=["blazing_quake", "tidal_mind"], seed=seed,
                        auto_chance=True)
    assert reply["ok"], reply
    return client


def test_the_protocol_takes_notation_or_index_and_shows_the_notation() -> None:
    by_text, by_index = _new(), _new()
    for _ in range(60):
        a = by_text.send(cmd="decision")
        b = by_index.send(cmd="decision")
        assert a == b
        if a["over"]:
            break
        decision = a["decision"]
        options = decision["options"]
        # Each option keeps its documented fields and gains its notation.
        assert all({"index", "label", "value", "notation"} <= set(o) for o in options)
        assert len({o["notation"] for o in options}) == len(options)
        legal = by_text.send(cmd="legal")
        assert len(legal["notations"]) == len(legal["actions"])
        if decision["max"] == 1:
            pick = options[-1]
            ra = by_text.send(cmd="choose", option=pick["notation"])
            rb = by_index.send(cmd="choose", option=pick["index"])
        else:
            picks = options[:decision["max"]]
            ra = by_text.send(cmd="choose", options=[o["notation"] for o in picks])
            rb = by_index.send(cmd="choose", options=[o["index"] for o in picks])
        assert ra["ok"] and rb["ok"], (ra, rb)
        assert ra == rb
    assert by_text.send(cmd="position") == by_index.send(cmd="position")
    log = by_text.send(cmd="log", player=0)
    assert len(log["notations"]) == len(log["lines"]) > 0


def test_the_protocol_refuses_a_bad_notation_and_changes_nothing() -> None:
    client = _new()
    before = client.send(cmd="position")
    for request in ({"option": "teleport"}, {"options": ["card nowhere"]},
                    {"option": "x" * 5000}, {"option": "ｐａｓｓ"}):
        reply = client.send(cmd="choose", **request)
        assert reply["ok"] is False
        assert reply["error"]["type"] == "IllegalAction", reply
    for request in ({"option": "0"}, {"options": ["1"]}):
        reply = client.send(cmd="choose", **request)
        assert reply["error"]["type"] == "ProtocolError", reply
    assert client.send(cmd="position") == before
