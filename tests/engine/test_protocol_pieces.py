"""The protocol playing Legend Pieces ("new" with "game": "pieces"), in-process: every
command works for a piece game or refuses it with a specific error, hostile requests never
become an InternalError, and a card match beside it is unchanged."""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from handheld import games
from handheld.kernel import Chance
from handheld.pieces import ARMIES, PieceMatch, describe_event, event_notation
from handheld.players import make_player
from handheld.protocol import Session, encode, reply_to

ROOT = Path(__file__).resolve().parents[2]


def strict(line: str) -> dict[str, Any]:
    def refuse(name: str) -> Any:
        raise AssertionError(f"the reply holds {name}, which is not JSON: {line[:200]}")

    reply = json.loads(line, parse_constant=refuse)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), line[:200]
    return reply


class Client:
    def __init__(self) -> None:
        self.session = Session()

    def raw(self, line: str) -> dict[str, Any]:
        reply = reply_to(self.session, line)
        assert reply is not None
        return strict(encode(reply))

    def send(self, **request: Any) -> dict[str, Any]:
        return self.raw(json.dumps(request))

    def ok(self, **request: Any) -> dict[str, Any]:
        reply = self.send(**request)
        assert reply["ok"] is True, reply
        return reply

    def error(self, **request: Any) -> tuple[str, str]:
        reply = self.send(**request)
        assert reply["ok"] is False, reply
        return reply["error"]["type"], reply["error"]["message"]


@pytest.fixture()
def client() -> Client:
    return Client()


def started(client: Client, **extra: Any) -> dict[str, Any]:
    """A new piece game with Gold to move (heads)."""
    client.ok(cmd="new", game="pieces", seed=2, **extra)
    return client.ok(cmd="resolve", outcome="heads")


def position_at(kind: str) -> dict[str, Any]:
    """The first position of random games (seeds 0, 1, ...) that waits for ``kind``."""
    game = games.game("pieces")
    for seed in range(100):
        state = game.new_state(None)
        assert isinstance(state, PieceMatch)
        rng = random.Random(seed)
        players = [make_player("random", seed), make_player("random", seed + 1)]
        while not state.over:
            d = state.pending
            assert d is not None
            if d.kind == kind:
                return state.position()
            if isinstance(d, Chance):
                state.resolve(d.sample(rng))
            else:
                state.apply(players[d.player].choose(state, d))  # type: ignore[arg-type]
    raise AssertionError(f"no random game reached a {kind} decision")


# ------------------------------------------------------------------ new, hello


def test_hello_lists_the_piece_game_and_its_armies(client: Client) -> None:
    reply = client.ok(cmd="hello")
    assert reply["games"] == ["tcg", "pieces"]
    assert reply["armies"] == list(ARMIES) == ["gold", "silver"]


def test_new_piece_game_waits_for_the_coin(client: Client) -> None:
    reply = client.ok(cmd="new", game="pieces")
    assert reply == {"ok": True, "turn": 0, "current": 0, "over": False,
                     "decision": {"type": "chance", "kind": "coin", "player": 0,
                                  "purpose": "first player", "outcomes": 2,
                                  "values": [True, False]}}
    position = client.ok(cmd="position")["position"]
    assert position["game"] == "pieces" and position["era"] == "classic"
    assert position["armies"] == ["gold", "silver"]


def test_new_takes_armies_and_the_classic_era(client: Client) -> None:
    client.ok(cmd="new", game="pieces", armies=["silver", "silver"], era="classic")
    assert client.ok(cmd="position")["position"]["armies"] == ["silver", "silver"]


@pytest.mark.parametrize(("request_fields", "kind", "text"), [
    ({"game": "chess"}, "ProtocolError", "\"game\" must be one of pieces, tcg"),
    ({"game": 1}, "ProtocolError", "\"game\" must be one of"),
    ({"game": "pieces", "era": "expedition"}, "ProtocolError",
     "\"era\" must be one of classic"),
    ({"game": "pieces", "decks": ["blazing_quake", "tidal_mind"]}, "ProtocolError",
     "\"decks\" is for the card game"),
    ({"game": "pieces", "armies": ["gold"]}, "ProtocolError", "list of two army keys"),
    ({"game": "pieces", "armies": ["gold", "bronze"]}, "ProtocolError",
     "list of two army keys"),
    ({"game": "pieces", "armies": "gold"}, "ProtocolError", "list of two army keys"),
    ({"game": "pieces", "armies": [["gold"], "silver"]}, "ProtocolError",
     "list of two army keys"),
    ({"game": "pieces", "armies": None}, "ProtocolError", "list of two army keys"),
    ({"game": "pieces", "seed": True}, "ProtocolError", "\"seed\" must be a whole number"),
    ({"game": "pieces", "auto_chance": "yes"}, "ProtocolError", "true or false"),
    ({"game": "pieces", "players": 2}, "ProtocolError", "unknown field 'players'"),
    ({"decks": ["blazing_quake", "tidal_mind"], "armies": ["gold", "silver"]},
     "ProtocolError", "\"armies\" is for a Legend Pieces game"),
])
def test_a_bad_new_is_refused_and_changes_nothing(client: Client,
                                                  request_fields: dict[str, Any], kind: str,
                                                  text: str) -> None:
    before = started(client)
    got_kind, message = client.error(cmd="new", **request_fields)
    assert got_kind == kind and text in message, message
    assert client.ok(cmd="decision") == before


def test_auto_chance_reports_only_choices(client: Client) -> None:
    reply = client.ok(cmd="new", game="pieces", seed=5, auto_chance=True)
    assert reply["decision"]["type"] == "choice" and reply["turn"] == 1
    # A battle's draw is resolved on the way too: the status is always a player's choice.
    auto = client.ok(cmd="auto", players=["random", "random"], until="end")
    assert auto["over"] and "decision" not in auto


# ------------------------------------------------------------------ the coin, choices


def test_the_coin_decides_who_moves_first(client: Client) -> None:
    client.ok(cmd="new", game="pieces")
    tails = client.ok(cmd="resolve", outcome="t")
    assert tails["current"] == 1 and tails["turn"] == 1
    assert tails["decision"]["player"] == 1 and tails["decision"]["kind"] == "turn"
    client.ok(cmd="new", game="pieces")
    assert client.ok(cmd="resolve", outcome=True)["current"] == 0


@pytest.mark.parametrize("outcome", [3, "up", [1], None, 0.5])
def test_a_bad_coin_outcome_is_a_bad_chance_outcome(client: Client, outcome: Any) -> None:
    before = client.ok(cmd="new", game="pieces")
    kind, message = client.error(cmd="resolve", outcome=outcome)
    assert kind == "BadChanceOutcome" and "heads" in message
    assert client.ok(cmd="decision") == before


def test_options_carry_their_notation_and_legal_lists_the_same(client: Client) -> None:
    status = started(client)
    decision = status["decision"]
    assert decision["kind"] == "turn" and decision["player"] == 0
    notations = [o["notation"] for o in decision["options"]]
    assert "move c2 c3" in notations and all(o["text"] for o in decision["options"])
    legal = client.ok(cmd="legal")
    assert legal["actions"] == [[i] for i in range(len(notations))]
    assert legal["notations"] == notations


def test_choose_by_index_and_by_notation_agree() -> None:
    by_index, by_text = Client(), Client()
    status = started(by_index)
    started(by_text)
    index = next(o["index"] for o in status["decision"]["options"]
                 if o["notation"] == "move c2 c3")
    a = by_index.ok(cmd="choose", option=index)
    b = by_text.ok(cmd="choose", option="  MOVE   c2 c3 ")
    assert a == b and a["current"] == 1
    assert by_index.ok(cmd="position") == by_text.ok(cmd="position")


@pytest.mark.parametrize(("request_fields", "kind", "text"), [
    ({"option": 999}, "IllegalAction", "distinct indices from 0"),
    ({"option": -1}, "IllegalAction", "distinct indices from 0"),
    ({"option": "summon lugia c3"}, "IllegalAction", "is not an option now"),
    ({"option": "move c2 c9"}, "IllegalAction", "is not an option now"),
    ({"option": "x" * 300}, "IllegalAction", "too long"),
    ({"option": "7"}, "ProtocolError", "an index as a number"),
    ({"option": True}, "ProtocolError", "whole number"),
    ({"option": 1.0}, "ProtocolError", "whole number"),
    ({"option": None}, "ProtocolError", "whole number"),
    ({"options": [0, 1]}, "IllegalAction", "pick between 1 and 1"),
    ({"options": []}, "IllegalAction", "pick between 1 and 1"),
    ({"options": ["nowhere"]}, "IllegalAction", "is not an option now"),
    ({"options": "move c2 c3"}, "ProtocolError", "must be a list"),
    ({"options": [None]}, "ProtocolError", "must be a list"),
    ({"option": 0, "options": [0]}, "ProtocolError", "not both"),
    ({}, "ProtocolError", "not both"),
])
def test_bad_choices_are_refused_and_change_nothing(client: Client,
                                                    request_fields: dict[str, Any],
                                                    kind: str, text: str) -> None:
    before = started(client)
    got_kind, message = client.error(cmd="choose", **request_fields)
    assert got_kind == kind and text in message, message
    assert client.ok(cmd="decision") == before


def test_answering_the_wrong_kind_of_decision_is_not_a_choice(client: Client) -> None:
    client.ok(cmd="new", game="pieces")
    kind, message = client.error(cmd="choose", option=0)
    assert kind == "NotAChoice" and "chance" in message
    started(client)
    kind, message = client.error(cmd="resolve", outcome="heads")
    assert kind == "NotAChoice" and "player's answer" in message
    kind, _ = client.error(cmd="resolve", random=True)
    assert kind == "NotAChoice"


# ------------------------------------------------------------------ battles and draws


def test_a_draw_is_resolved_by_the_index_of_a_face_down_card(client: Client) -> None:
    started(client)
    client.ok(cmd="choose", option="move c2 c3")
    client.ok(cmd="choose", option="move c5 c4")
    draw = client.ok(cmd="choose", option="battle c4 c3")["decision"]
    assert draw == {"type": "chance", "kind": "draw", "player": 1, "purpose": "plus_power",
                    "outcomes": 8, "values": [0, 10, 20, 30, 40, 50, 60, 70]}
    for bad in (8, -1, True, "heads", [3], {"card": 30}, 3.0):
        kind, message = client.error(cmd="resolve", outcome=bad)
        assert kind == "BadChanceOutcome" and "index of one of the 8 face-down" in message
    after = client.ok(cmd="resolve", outcome=3)  # the +30: Pikachu 40 + 30 beats 40
    assert after["current"] == 0 and after["turn"] == 3
    log = client.ok(cmd="log", since=0)
    assert "Silver draws Plus Power +30." in log["lines"]
    assert "Gold's Pikachu loses and is turned over." in log["lines"]
    position = client.ok(cmd="position")["position"]
    assert position["face_up"] == [30] and 30 not in position["face_down"]


def test_a_draw_with_the_seeded_rng(client: Client) -> None:
    client.ok(cmd="load", position=position_at("draw"), seed=9)
    before = client.ok(cmd="position")["position"]
    reply = client.ok(cmd="resolve", random=True)
    after = client.ok(cmd="position")["position"]
    assert len(after["face_up"]) == len(before["face_up"]) + 1 or after["face_up"] == []
    assert reply["turn"] >= before["turn"]


def test_a_legend_picks_its_defenders_with_several_options(client: Client) -> None:
    position = position_at("defenders")
    status = client.ok(cmd="load", position=position)
    decision = status["decision"]
    assert decision["kind"] == "defenders" and decision["min"] == 1
    squares = [o["notation"] for o in decision["options"]]
    assert decision["max"] == len(squares) >= 2
    legal = client.ok(cmd="legal")
    assert " + ".join(squares) in legal["notations"]
    assert len(legal["actions"]) == 2 ** len(squares) - 1
    kind, _ = client.error(cmd="choose", options=[0, 0])
    assert kind == "IllegalAction"
    kind, _ = client.error(cmd="choose", options=list(range(len(squares) + 1)))
    assert kind == "IllegalAction"
    # The same answer by indices, by notations, by one joined text: the same game after.
    results = []
    for answer in ({"options": list(range(len(squares)))},
                   {"options": [s.upper() for s in reversed(squares)]},
                   {"option": " + ".join(squares)}):
        c = Client()
        c.ok(cmd="load", position=position, seed=1)
        c.ok(cmd="choose", **answer)
        results.append(c.ok(cmd="log", since=0)["events"])
    assert results[0] == results[1] == results[2]
    assert results[0][0][0] == "battle" and len(results[0][0][3]) == len(squares)


# ------------------------------------------------------------------ auto, log, outcome


def test_auto_plays_to_the_end_and_the_log_tells_it(client: Client) -> None:
    client.ok(cmd="new", game="pieces", seed=7)
    end = client.ok(cmd="auto", players=["greedy", "random"])
    assert end["over"] is True and end["answered"] > 3
    outcome = end["outcome"]
    assert {"ok": True, **outcome} == client.ok(cmd="outcome")
    assert set(outcome) == {"over", "winner", "result", "turns"}
    assert outcome["winner"] in (0, 1) and outcome["result"] in ("togepi", "no_moves")
    log = client.ok(cmd="log", since=0)
    game = client.session.match
    assert isinstance(game, PieceMatch)
    assert log["lines"] == [describe_event(game, e) for e in game.log]
    assert log["notations"] == [event_notation(e) for e in game.log]
    assert log["events"] == json.loads(json.dumps([list(e) for e in game.log]))
    assert log["next"] == len(game.log) and log["lines"][-1].endswith(".")
    # Nothing is hidden in this game: a player's log has the same lines, no raw events.
    seen = client.ok(cmd="log", since=0, player=1)
    assert seen["lines"] == log["lines"] and seen["events"] is None
    assert client.ok(cmd="log")["lines"] == []  # "since" defaults to where it stopped
    for cmd, fields in (("choose", {"option": 0}), ("resolve", {"random": True}),
                        ("resolve", {"outcome": 0})):
        kind, message = client.error(cmd=cmd, **fields)
        assert kind == "GameOver" and "over" in message


def test_auto_is_deterministic_and_splits_like_one_request() -> None:
    whole, parts = Client(), Client()
    for c in (whole, parts):
        c.ok(cmd="new", game="pieces", seed=11)
    whole.ok(cmd="auto", players=["greedy", "greedy"])
    for _ in range(500):
        if parts.ok(cmd="auto", players=["greedy", "greedy"], until="decision")["over"]:
            break
    assert whole.ok(cmd="log", since=0) == parts.ok(cmd="log", since=0)


def test_auto_stops_at_a_client_seat_and_at_the_turn(client: Client) -> None:
    started(client)
    reply = client.ok(cmd="auto", players=[None, "random"])
    assert reply["answered"] == 0 and reply["decision"]["player"] == 0
    client.ok(cmd="choose", option="move c2 c3")
    reply = client.ok(cmd="auto", players=["random", "random"], until="turn")
    assert reply["turn"] == 3 and reply["current"] == 0 and reply["answered"] >= 1
    kind, _ = client.error(cmd="auto", players=["wizard", None])
    assert kind == "ProtocolError"


def test_time_is_refused_for_a_piece_game(client: Client) -> None:
    before = started(client)
    kind, message = client.error(cmd="time")
    assert kind == "ProtocolError" and "Legend Pieces has no timer rule" in message
    assert client.ok(cmd="decision") == before


def test_view_is_the_whole_game_for_either_player(client: Client) -> None:
    started(client)
    position = client.ok(cmd="position")["position"]
    for player in (0, 1):
        view = client.ok(cmd="view", player=player)["view"]
        assert view.pop("viewer") == player and view == position
    for bad in (2, -1, "0", None, True):
        kind, _ = client.error(cmd="view", player=bad)
        assert kind == "ProtocolError"


def test_card_works_beside_a_piece_game(client: Client) -> None:
    started(client)
    assert client.ok(cmd="card", id="ecard1-98")["name"]


# ------------------------------------------------------------------ positions


@pytest.mark.parametrize("kind", ["turn", "after_move", "defenders", "draw"])
def test_a_position_loads_back_to_the_same_game(client: Client, kind: str) -> None:
    position = position_at(kind)
    status = client.ok(cmd="load", position=position)
    assert client.ok(cmd="position")["position"] == position
    assert status["decision"]["kind"] == kind


def test_a_saved_game_goes_on_as_the_original_would() -> None:
    """A game saved mid-way and loaded elsewhere takes the same answers and outcomes to
    the same end."""
    a, b = Client(), Client()
    a.ok(cmd="new", game="pieces", seed=3)
    for _ in range(3):
        a.ok(cmd="auto", players=["random", "random"], until="turn")
    b.ok(cmd="load", position=a.ok(cmd="position")["position"])
    for step in range(1000):
        status = a.ok(cmd="decision")
        if status["over"]:
            break
        decision = status["decision"]
        if decision["type"] == "chance":
            outcome: Any = step % 2 == 0 if decision["kind"] == "coin" else \
                step % decision["outcomes"]
            request: dict[str, Any] = {"cmd": "resolve", "outcome": outcome}
        else:
            request = {"cmd": "choose", "option": step % len(decision["options"])}
        assert a.send(**request) == b.send(**request)
    assert a.ok(cmd="outcome")["over"]
    assert a.ok(cmd="position") == b.ok(cmd="position")


@pytest.mark.parametrize(("change", "text"), [
    ({"game": "chess"}, "game: unknown game 'chess'; known: tcg, pieces"),
    ({"game": 5}, "game: unknown game 5"),
    ({"era": "expedition"}, "not a piece-game position"),
    ({"armies": ["gold", "bronze"]}, "'armies' must name two of gold, silver"),
    ({"pieces": []}, "'pieces' must list all"),
    ({"phase": "sleep"}, "'phase' must be one of"),
    ({"turn": 10 ** 30}, "'turn' must be a whole number"),
    ({"face_down": [0, 0, 0, 0, 0, 0, 0, 0], "face_up": []}, "Plus Power cards"),
    ({"current": 2}, "'current' must be a whole number from 0 to 1"),
    ({"over": True}, "'over' must agree with 'phase'"),
    ({"format": 99}, "format 99 is not 1"),
])
def test_a_bad_position_is_invalid_and_changes_nothing(client: Client, change: dict[str, Any],
                                                       text: str) -> None:
    before = started(client)
    position = {**position_at("turn"), **change}
    kind, message = client.error(cmd="load", position=position)
    assert kind == "InvalidPosition" and text in message, message
    assert client.ok(cmd="decision") == before


def test_a_piece_position_is_not_read_by_the_card_game_nor_the_other_way(
        client: Client) -> None:
    client.ok(cmd="new", decks=["blazing_quake", "tidal_mind"], seed=1, auto_chance=True)
    card_position = client.ok(cmd="position")["position"]
    kind, message = client.error(cmd="load", position={**card_position, "game": "pieces"})
    assert kind == "InvalidPosition" and "piece-game position" in message
    piece_position = position_at("turn")
    del piece_position["game"]  # no "game": a card position, which this is not
    kind, _ = client.error(cmd="load", position=piece_position)
    assert kind == "InvalidPosition"


def test_hostile_positions_never_break_the_session() -> None:
    """Positions of random games with pieces moved, turned and taken away at random: each
    is loaded or refused as InvalidPosition, and a loaded one plays to its end."""
    rng = random.Random(14)
    base = [position_at(k) for k in ("turn", "after_move", "defenders", "draw")]
    places = ["cost", "spent", "out", "reserve", "c3", "a1", "e6", "b4", "z9", 3, None]
    values: list[Any] = [None, True, -1, 0, 1, 2, 61, "", "turn", "draw", [], {}, [7, 7]]
    loaded = 0
    for attempt in range(600):
        position = copy.deepcopy(rng.choice(base))
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.6 and isinstance(position.get("pieces"), list) and \
                    position["pieces"]:
                entry = rng.choice(position["pieces"])
                if rng.random() < 0.7:
                    entry["at"] = rng.choice(places)
                else:
                    entry["side"] = rng.choice(["front", "reverse", "back"])
            else:
                position[rng.choice(list(position))] = rng.choice(values)
        client = Client()
        reply = client.send(cmd="load", position=position, seed=attempt)
        if not reply["ok"]:
            assert reply["error"]["type"] == "InvalidPosition", reply
            continue
        loaded += 1
        for request in ({"cmd": "legal"}, {"cmd": "auto", "players": ["random", "greedy"]},
                        {"cmd": "log", "since": 0}, {"cmd": "outcome"}):
            assert client.send(**request)["ok"], (request, position)
    assert loaded > 20  # the test reached the games, not only the loader


def test_hostile_requests_in_a_piece_game_get_specific_errors() -> None:
    """Random requests of every command with odd fields: never an InternalError."""
    rng = random.Random(5)
    odd: list[Any] = [None, True, False, -1, 0, 1, 3, 2 ** 40, 1.5, "", "stay", "c3",
                      "move c2 c3", "battle c4 c3", "heads", "0", [], [0], [0, 1], ["c3"],
                      {}, {"card": 3}, ["gold", "silver"], ["greedy", None], "pieces"]
    fields = {"new": ["game", "armies", "era", "seed", "auto_chance", "decks"],
              "load": ["position", "seed"], "decision": [], "legal": [],
              "choose": ["option", "options"], "resolve": ["outcome", "random"],
              "auto": ["players", "until"], "position": [], "view": ["player"],
              "log": ["since", "player"], "outcome": [], "time": [], "card": ["id"]}
    client = Client()
    client.ok(cmd="new", game="pieces", seed=1)
    for _ in range(1500):
        cmd = rng.choice(list(fields))
        request: dict[str, Any] = {"cmd": cmd}
        for name in fields[cmd]:
            if rng.random() < 0.5:
                request[name] = rng.choice(odd)
        if cmd == "new" and rng.random() < 0.8:
            request["game"] = "pieces"
        reply = client.send(**request)
        if not reply["ok"]:
            assert reply["error"]["type"] != "InternalError", (request, reply)
        if client.session.match is not None and client.session.match.over:
            client.ok(cmd="new", game="pieces", seed=rng.randrange(100))


def test_a_card_match_after_a_piece_game_is_the_card_game_as_before() -> None:
    fresh, reused = Client(), Client()
    started(reused)
    reused.ok(cmd="auto", players=["random", "random"])
    for c in (fresh, reused):
        c.ok(cmd="new", decks=["blazing_quake", "tidal_mind"], seed=4, auto_chance=True)
        c.ok(cmd="auto", players=["greedy", "greedy"], until="turn")
    assert fresh.ok(cmd="decision") == reused.ok(cmd="decision")
    assert fresh.ok(cmd="log", since=0) == reused.ok(cmd="log", since=0)
    assert set(fresh.ok(cmd="outcome")) == {"ok", "over", "winner", "result",
                                            "sudden_death", "turns"}


# ------------------------------------------------------------------ the documented session


def test_the_pieces_transcript_of_protocol_md_replays() -> None:
    """docs/PROTOCOL.md's Legend Pieces transcript, sent to ``python -m handheld.engine``:
    each reply's ``ok``, error type, and the decision kind and turn the doc shows."""
    text = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```text\n(.*?)```", text, re.S)
              if b.startswith("> ") and '"game": "pieces"' in b]
    assert len(blocks) == 1, "PROTOCOL.md has one Legend Pieces transcript"
    requests: list[str] = []
    replies: list[str] = []
    for entry in re.split(r"\n(?=[<>] )", blocks[0].strip()):
        body = " ".join(line.strip() for line in entry[2:].splitlines())
        (requests if entry.startswith(">") else replies).append(body)
    done = subprocess.run([sys.executable, "-m", "handheld.engine"], cwd=ROOT,
                          input="\n".join(requests) + "\n", capture_output=True, text=True,
                          timeout=120)
    got = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(got) == len(requests) == len(replies) > 8
    for shown, reply in zip(replies, got, strict=True):
        assert f'"ok": {"true" if reply["ok"] else "false"}' in shown, (shown, reply)
        if not reply["ok"]:
            assert f'"type": "{reply["error"]["type"]}"' in shown, (shown, reply)
            continue
        for key in ("turn", "current"):
            if f'"{key}": ' in shown and key in reply:
                assert f'"{key}": {reply[key]}' in shown, (shown, reply)
        if '"kind": ' in shown and "decision" in reply:
            assert f'"kind": "{reply["decision"]["kind"]}"' in shown, (shown, reply)
        if '"lines": ' in shown:
            assert all(json.dumps(line) in shown for line in reply["lines"]), (shown, reply)
