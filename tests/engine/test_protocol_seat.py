"""A protocol session that plays one seat ("seat" in "new" or "load") shows only what that
player could see at a table: the other seat's decision is "waiting", and its options,
legal answers, the whole position and the other player's view and log are refused."""

from __future__ import annotations

import json
from typing import Any

from handheld.protocol import Session, reply_to

DECKS = ["blazing_quake", "tidal_mind"]


def send(session: Session, **request: Any) -> dict[str, Any]:
    reply = reply_to(session, json.dumps(request))
    assert reply is not None
    return reply


def to_the_other_seats_setup(session: Session, seat: int | None) -> dict[str, Any]:
    """A new match (seat 0 chooses its setup first on this seed); seat 0's setup answered,
    so that the pending choice is seat 1's face-down Active Pokémon."""
    request: dict[str, Any] = {"cmd": "new", "decks": DECKS, "seed": 3, "auto_chance": True}
    if seat is not None:
        request["seat"] = seat
    r = send(session, **request)
    assert r["ok"], r
    while r["decision"]["player"] == 0:
        assert r["decision"]["type"] == "choice", r
        r = send(session, cmd="choose", options=[0] if r["decision"]["min"] else [])
        assert r["ok"], r
    return r


def test_a_seated_session_hides_the_other_seats_choice() -> None:
    open_session, seated = Session(), Session()
    everything = to_the_other_seats_setup(open_session, None)
    mine = to_the_other_seats_setup(seated, 0)
    # The same match: the tool sees seat 1's Basic Pokémon, the seated player does not.
    theirs = everything["decision"]
    assert theirs["player"] == 1 and theirs["options"], theirs
    assert mine["decision"] == {"type": "choice", "player": 1, "kind": theirs["kind"],
                                "waiting": True}
    hidden = json.dumps(theirs["options"])
    for request in ({"cmd": "legal"}, {"cmd": "choose", "option": 0},
                    {"cmd": "choose", "option": "card nothing"}, {"cmd": "position"},
                    {"cmd": "view", "player": 1}, {"cmd": "log", "player": 1}):
        r = send(seated, **request)
        assert not r["ok"] and r["error"]["type"] == "HiddenFromSeat", (request, r)
        for option in theirs["options"]:
            assert option["notation"] not in r["error"]["message"], (request, r)
    # Refusals change nothing: the decision still waits for seat 1.
    assert send(seated, cmd="decision")["decision"] == mine["decision"]
    # The seat's own view and log are given, by default and by name.
    own_view = send(seated, cmd="view")
    assert own_view["ok"] and own_view["view"] == send(seated, cmd="view", player=0)["view"]
    assert own_view["view"]["pending"]["waiting"] is True
    log = send(seated, cmd="log", since=0)
    assert log["ok"] and log["events"] is None
    assert hidden not in json.dumps(log)


def test_a_seated_session_plays_on_when_the_computer_answers_the_other_seat() -> None:
    seated = Session()
    to_the_other_seats_setup(seated, 0)
    r = send(seated, cmd="auto", players=[None, "greedy"])
    assert r["ok"] and r["answered"] >= 1
    # Every decision the reply shows is the seat's own, with its options, or waiting.
    while not r["over"] and r["turn"] < 6:
        d = r["decision"]
        if d["player"] == 0:
            assert d["options"], d
            legal = send(seated, cmd="legal")
            assert legal["ok"] and legal["actions"]
            r = send(seated, cmd="choose", options=legal["actions"][-1])
        else:
            assert d.get("waiting") is True and "options" not in d, d
            r = send(seated, cmd="auto", players=[None, "greedy"])
        assert r["ok"], r


def test_a_bad_seat_is_refused_and_a_loaded_position_takes_one() -> None:
    session = Session()
    for seat in (2, -1, "0", True, 0.0):
        r = send(session, cmd="new", decks=DECKS, seat=seat)
        assert not r["ok"] and r["error"]["type"] == "ProtocolError", (seat, r)
        assert "\"seat\" must be 0 or 1" in r["error"]["message"]
    everything = to_the_other_seats_setup(session, None)
    position = send(session, cmd="position")["position"]
    r = send(session, cmd="load", position=position, seat=0)
    assert r["ok"] and r["decision"]["waiting"] is True
    r = send(session, cmd="load", position=position, seat=1)
    assert r["ok"] and r["decision"]["options"] == everything["decision"]["options"]
    # A session without a seat still sees everything, as a tool does.
    r = send(session, cmd="load", position=position)
    assert r["ok"] and send(session, cmd="position")["ok"]


def test_a_search_that_finds_nothing_is_asked_with_no_options() -> None:
    """A deck search with nothing to take is a choice with no options (min = max = 0), shown
    to the other seat as "waiting" like any other, and answered with no pick."""
    from handheld.cards import default_pool
    from handheld.engine import Match
    from tests.engine.scenario import authoring_position

    # Electabuzz's Energy Draw searches a deck that holds no basic Energy card.
    position = Match.from_position(default_pool(), authoring_position({
        "turn": 3, "current": 0, "players": [
            {"active": {"cards": ["ecard1-76"], "energy": ["ecard1-165"]},
             "deck": ["ecard1-149", "ecard1-158"]},
            {"active": {"cards": ["ecard1-72"]}, "deck": ["ecard1-165"]}]})).position()
    for answer in ({"options": []}, {"option": "none"}):
        session = Session()
        assert send(session, cmd="load", position=position, auto_chance=True)["ok"]
        r = send(session, cmd="choose", option="attack ecard1-76 Energy Draw")
        assert r["ok"], r
        d = r["decision"]
        assert (d["kind"], d["options"], d["min"], d["max"]) == ("cards_deck", [], 0, 0)
        assert send(session, cmd="legal") == {"ok": True, "actions": [[]],
                                              "notations": ["none"]}
        assert not send(session, cmd="choose", options=[0])["ok"]
        searching = send(session, cmd="position")["position"]
        r = send(session, cmd="choose", **answer)
        assert r["ok"] and r["decision"]["kind"] != "cards_deck", r
    # Saved in the middle of the search, the position loads; the other seat sees the
    # searcher's decision as waiting, as it would any search.
    seated = Session()
    r = send(seated, cmd="load", position=searching, seat=1)
    assert r["ok"], r
    assert r["decision"] == {"type": "choice", "player": 0, "kind": "cards_deck",
                             "waiting": True}
