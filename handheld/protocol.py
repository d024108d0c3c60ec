"""The engine's JSON-lines protocol (``python -m handheld.engine``), documented in
docs/PROTOCOL.md. One request object per line on stdin, one response object per line on
stdout. A malformed or illegal request gets an error object and the session goes on.

This module is the engine's I/O boundary: it loads the card pool and deck files, which the
pure engine never does.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Sequence
from typing import IO, Any

from .cards import DeckFileError, default_pool, load_deck
from .engine import Chance, Choice, EngineError, Match
from .engine.describe import describe_event
from .engine.position import describe_pending
from .engine.ruleset import RULESETS
from .players import chance_outcome, make_player

PROTOCOL_VERSION = 1


class ProtocolError(Exception):
    """A request that is not well formed (unknown command, missing or mistyped field)."""


class Session:
    """One client's state: the match, the seeded RNG for chance nodes, the options."""

    def __init__(self) -> None:
        self.pool = default_pool()
        self.match: Match | None = None
        self.rng = random.Random(0)
        self.auto_chance = False
        self.log_sent = 0

    # ------------------------------------------------------------------ dispatch

    def handle(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            raise ProtocolError("a request is a JSON object like {\"cmd\": \"new\", ...}")
        cmd = request.get("cmd")
        if not isinstance(cmd, str):
            raise ProtocolError("the request has no \"cmd\" string")
        handler = getattr(self, "cmd_" + cmd, None)
        if handler is None:
            known = ", ".join(sorted(n[4:] for n in dir(self) if n.startswith("cmd_")))
            raise ProtocolError(f"unknown command {cmd!r}; commands: {known}")
        result: dict[str, Any] = handler(request)
        return result

    def _need_match(self) -> Match:
        if self.match is None:
            raise ProtocolError("no match yet: send \"new\" or \"load\" first")
        return self.match

    def _status(self) -> dict[str, Any]:
        m = self._need_match()
        if self.auto_chance:
            self._auto_resolve()
        out: dict[str, Any] = {"turn": m.turn, "current": m.current, "over": m.over}
        if m.over:
            out["outcome"] = self._outcome()
        else:
            out["decision"] = describe_pending(m)
        return out

    def _auto_resolve(self) -> int:
        m = self._need_match()
        n = 0
        while not m.over and isinstance(m.pending, Chance):
            m.resolve(chance_outcome(m.pending, self.rng))
            n += 1
        return n

    def _outcome(self) -> dict[str, Any]:
        m = self._need_match()
        return {"over": m.over, "winner": m.winner, "result": m.result,
                "sudden_death": m.sudden_death, "turns": m.turn}

    # ------------------------------------------------------------------ commands

    def cmd_hello(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"protocol": PROTOCOL_VERSION, "eras": sorted(RULESETS),
                "decks": _deck_names()}

    def cmd_new(self, req: dict[str, Any]) -> dict[str, Any]:
        decks = req.get("decks")
        if not isinstance(decks, list) or len(decks) != 2:
            raise ProtocolError("\"decks\" must be a list of two decks (theme-deck names or "
                                "lists of card ids)")
        lists = [_deck(d, i) for i, d in enumerate(decks)]
        era = req.get("era", "expedition")
        if era not in RULESETS:
            raise ProtocolError(f"unknown era {era!r}; known: {', '.join(sorted(RULESETS))}")
        self._seed(req)
        self.match = Match(self.pool, lists, RULESETS[era])
        self.log_sent = 0
        return self._status()

    def cmd_load(self, req: dict[str, Any]) -> dict[str, Any]:
        pos = req.get("position")
        if not isinstance(pos, dict):
            raise ProtocolError("\"position\" must be a position object (docs/POSITION.md)")
        self._seed(req)
        self.match = Match.from_position(self.pool, pos)
        self.log_sent = 0
        return self._status()

    def _seed(self, req: dict[str, Any]) -> None:
        seed = req.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ProtocolError("\"seed\" must be an integer")
        self.rng = random.Random(seed)
        auto = req.get("auto_chance", False)
        if not isinstance(auto, bool):
            raise ProtocolError("\"auto_chance\" must be true or false")
        self.auto_chance = auto

    def cmd_decision(self, req: dict[str, Any]) -> dict[str, Any]:
        return self._status()

    def cmd_legal(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        return {"actions": [list(a) for a in m.legal_actions()]}

    def cmd_choose(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        if "option" in req:
            action: Any = req["option"]
        elif "options" in req:
            action = req["options"]
        else:
            raise ProtocolError("\"choose\" needs \"option\" (an index) or \"options\" "
                                "(a list of indices)")
        m.apply(action)
        return self._status()

    def cmd_resolve(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        if req.get("random"):
            if not isinstance(m.pending, Chance):
                raise ProtocolError("nothing to resolve: the match waits for a choice")
            m.resolve(chance_outcome(m.pending, self.rng))
        elif "outcome" in req:
            outcome = req["outcome"]
            if isinstance(outcome, str) and outcome.lower() in ("heads", "tails", "h", "t"):
                outcome = outcome.lower().startswith("h")
            m.resolve(outcome)
        else:
            raise ProtocolError("\"resolve\" needs \"outcome\" (heads/tails, or a "
                                "permutation) or \"random\": true")
        return self._status()

    def cmd_auto(self, req: dict[str, Any]) -> dict[str, Any]:
        """Let computer players answer: ``players`` names one per seat (null: leave that
        seat to the client); ``until``: "decision" (one), "turn" or "end"."""
        m = self._need_match()
        names = req.get("players", ["greedy", "greedy"])
        if not isinstance(names, list) or len(names) != 2:
            raise ProtocolError("\"players\" must be a list of two player names or nulls")
        players = [make_player(n, i) if n else None for i, n in enumerate(names)]
        until = req.get("until", "end")
        if until not in ("decision", "turn", "end"):
            raise ProtocolError("\"until\" must be \"decision\", \"turn\" or \"end\"")
        start_turn = m.turn
        answered = 0
        while not m.over:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(chance_outcome(d, self.rng))
                continue
            assert isinstance(d, Choice)
            p = players[d.player]
            if p is None or (until == "turn" and m.turn != start_turn):
                break
            m.apply(p.choose(m, d))
            answered += 1
            if until == "decision":
                break
        out = self._status()
        out["answered"] = answered
        return out

    def cmd_position(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"position": self._need_match().position()}

    def cmd_view(self, req: dict[str, Any]) -> dict[str, Any]:
        player = req.get("player")
        if player not in (0, 1):
            raise ProtocolError("\"player\" must be 0 or 1")
        return {"view": self._need_match().view(player)}

    def cmd_log(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        since = req.get("since", self.log_sent)
        if not isinstance(since, int) or since < 0:
            raise ProtocolError("\"since\" must be a non-negative integer")
        viewer = req.get("player")
        events = m.log[since:]
        self.log_sent = len(m.log)
        return {"since": since, "next": len(m.log),
                "lines": [describe_event(m, e, viewer) for e in events],
                "events": [list(e) for e in events] if viewer is None else None}

    def cmd_outcome(self, req: dict[str, Any]) -> dict[str, Any]:
        return self._outcome()

    def cmd_card(self, req: dict[str, Any]) -> dict[str, Any]:
        card_id = req.get("id")
        if not isinstance(card_id, str):
            raise ProtocolError("\"id\" must be a card id like \"ecard1-98\"")
        d = self.pool.get(card_id)
        return {"id": d.id, "name": d.name, "kind": d.kind_name, "hp": d.hp or None,
                "implemented": d.implemented, "text": d.text}

    def cmd_quit(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"bye": True}


def _deck_names() -> list[str]:
    from .cards import deck_names

    return deck_names()


def _deck(d: Any, i: int) -> list[str]:
    if isinstance(d, str):
        try:
            return load_deck(d)
        except DeckFileError as exc:
            raise ProtocolError(f"decks[{i}]: {exc}") from None
    if isinstance(d, list) and all(isinstance(c, str) for c in d):
        return list(d)
    raise ProtocolError(f"decks[{i}] must be a theme-deck name or a list of card ids")


def serve(lines: Iterable[str], out: IO[str]) -> None:
    """Answer each request line; errors never end the session (only "quit" or EOF do)."""
    session = Session()
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        req_id: Any = None
        try:
            try:
                request = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ProtocolError(f"not valid JSON: {exc.msg} at column {exc.colno}") from None
            if isinstance(request, dict):
                req_id = request.get("id")
            result = session.handle(request)
            reply: dict[str, Any] = {"ok": True, **result}
        except (ProtocolError, EngineError) as exc:
            reply = {"ok": False, "error": {"type": type(exc).__name__, "message": str(exc)}}
        except Exception as exc:  # a bug: report it, keep serving
            reply = {"ok": False, "error": {"type": "InternalError",
                                            "message": f"{type(exc).__name__}: {exc}"}}
        if req_id is not None:
            reply["id"] = req_id
        out.write(json.dumps(reply) + "\n")
        out.flush()
        if reply.get("bye"):
            break


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m handheld.engine`` (installed: ``pocket-tcg-engine``): serve stdin."""
    import argparse

    from . import DISTRIBUTION, version

    parser = argparse.ArgumentParser(
        prog="python -m handheld.engine",
        description="The rules engine over a JSON-lines protocol on standard input and "
                    "output (see docs/PROTOCOL.md).")
    parser.add_argument("--version", action="version", version=f"{DISTRIBUTION} {version()}")
    parser.parse_args(argv)
    serve(sys.stdin, sys.stdout)
    return 0
