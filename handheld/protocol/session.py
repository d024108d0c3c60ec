"""One client's session: the commands of the protocol over a match, and the loop that
answers request lines (docs/PROTOCOL.md)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import IO, Any

from .. import games
from ..engine import Chance, Choice, EngineError, Match
from ..engine.describe import describe_event
from ..engine.eras import ERAS, HOME, playable_eras
from ..engine.errors import GameOver, InvalidPosition, NotAChoice
from ..engine.notation import JOINER, NO_PICK, event_notation, notations, parse_option
from ..engine.position import describe_pending
from ..pieces import ARMIES, PieceMatch, PiecesError
from ..players import PLAYERS, Player, chance_outcome, make_player
from . import pieces
from .decks import MAX_CARD_ID_CHARS, DeckSources
from .errors import HiddenFromSeat, NoMatch, ProtocolError, RequestTooLarge
from .fields import bool_field, int_field, is_int, player_field, shown, word_field
from .wire import OversizedLine, encode, error_reply, parse_request

PROTOCOL_VERSION = 1
MAX_LEGAL_ACTIONS = 10_000  # answers one "legal" reply may list
MAX_AUTO_ANSWERS = 2_000  # decisions one "auto" request may answer (a match takes ~50-400)
MAX_OPTIONS = 1_000  # indices in one "choose"


@dataclass
class _Command:
    run: Callable[[Session, dict[str, Any]], dict[str, Any]]
    fields: frozenset[str]


class Session:
    """One client's state: the match, the seeded RNG for chance nodes, the options."""

    def __init__(self, deck_dir: Path | None = None, data_dir: Path | None = None) -> None:
        # Matches are the card game's states, built and loaded through it.
        self.game = games.tcg()
        self.pool = self.game.pool
        self.decks = DeckSources(deck_dir, data_dir)
        # A card match or a Legend Pieces game ("new" with "game": "pieces").
        self.match: Match | PieceMatch | None = None
        self.rng = random.Random(0)
        self.auto_chance = False
        self.log_sent = 0
        # The seat this session plays ("seat" in "new" or "load"), or None: a tool that
        # sees everything. With a seat the session shows only what that player may see.
        self.seat: int | None = None
        # Computer players live as long as the match, so that an "auto" split over several
        # requests makes the same moves as one request would.
        self.computer: dict[tuple[str, int], Player] = {}

    # ------------------------------------------------------------------ dispatch

    def handle(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            raise ProtocolError("a request is a JSON object like {\"cmd\": \"new\", ...}")
        cmd = request.get("cmd")
        if not isinstance(cmd, str):
            raise ProtocolError("the request has no \"cmd\" string")
        command = COMMANDS.get(cmd)
        if command is None:
            raise ProtocolError(f"unknown command {shown(cmd)}; commands: "
                                f"{', '.join(sorted(COMMANDS))}")
        extra = sorted(set(request) - command.fields - {"cmd", "id"})
        if extra:
            known = ", ".join(sorted(command.fields)) or "none"
            raise ProtocolError(f"unknown field {shown(extra[0])} for \"{cmd}\"; its fields: "
                                f"{known}")
        return command.run(self, request)

    def _need_match(self) -> Match | PieceMatch:
        if self.match is None:
            raise NoMatch("no match yet: send \"new\" or \"load\" first")
        return self.match

    def _status(self) -> dict[str, Any]:
        return seated_status(status(self._need_match(), self.rng, self.auto_chance),
                             self.seat)

    def _install(self, match: Match | PieceMatch, rng: random.Random, auto: bool,
                 seat: int | None) -> dict[str, Any]:
        """The status of a new match, then the match itself, in that order: anything that
        fails on the way leaves the previous match, RNG and options as they were."""
        reply = seated_status(status(match, rng, auto), seat)
        self.match, self.rng, self.auto_chance, self.log_sent = match, rng, auto, 0
        self.seat = seat
        self.computer = {}
        return reply

    def _own_decision(self, m: Match | PieceMatch, what: str) -> None:
        """Refuse ``what`` on the other seat's pending choice in a seated session."""
        ch = m.choice
        if self.seat is not None and ch is not None and ch.player != self.seat:
            raise HiddenFromSeat(f"the pending {ch.kind} decision is player {ch.player}'s; "
                                 f"this session plays seat {self.seat}, so it cannot {what}")

    def _viewer(self, req: dict[str, Any], required: bool) -> int | None:
        """The "player" of "view" or "log": the session's seat unless another is named,
        which a seated session refuses."""
        player = player_field(req, "player", required=required and self.seat is None)
        if self.seat is None:
            return player
        if player is not None and player != self.seat:
            raise HiddenFromSeat(f"this session plays seat {self.seat}: it sees only "
                                 f"player {self.seat}'s view and log")
        return self.seat

    # ------------------------------------------------------------------ commands

    def cmd_hello(self, req: dict[str, Any]) -> dict[str, Any]:
        # "eras": the keys "new" accepts; "era_info": every era, playable or not.
        return {"protocol": PROTOCOL_VERSION, "games": games.keys(),
                "eras": sorted(e.key for e in playable_eras()),
                "era_info": [{"key": e.key, "name": e.name, "playable": e.playable}
                             for e in ERAS.values()],
                "decks": self.decks.ready_made(), "deck_files": self.decks.files(),
                "saved_decks": self.decks.saved_names(), "armies": list(ARMIES)}

    def cmd_new(self, req: dict[str, Any]) -> dict[str, Any]:
        game = word_field(req, "game", games.DEFAULT, games.keys())
        seat = player_field(req, "seat", required=False)
        if game == pieces.GAME:
            piece_game = games.game(game)
            armies, era_key = pieces.new_request(req, piece_game.eras)
            rng, auto = _chance_options(req)
            state = piece_game.new_state(armies, era_key)
            assert isinstance(state, PieceMatch)
            return self._install(state, rng, auto, seat)
        if "armies" in req:
            raise ProtocolError("\"armies\" is for a Legend Pieces game (\"game\": "
                                "\"pieces\"); the card game takes \"decks\"")
        decks = req.get("decks")
        if not isinstance(decks, list) or len(decks) != 2:
            raise ProtocolError("\"decks\" must be a list of two decks (ready-made deck names, "
                                "deck file names, saved decks or lists of card ids)")
        era = word_field(req, "era", HOME.key, [e.key for e in playable_eras()])
        lists = [self.decks.load(d, f"decks[{i}]", self.pool.__contains__)
                 for i, d in enumerate(decks)]
        rng, auto = _chance_options(req)
        return self._install(self.game.new_state(lists, era, record_log=True), rng, auto, seat)

    def cmd_load(self, req: dict[str, Any]) -> dict[str, Any]:
        pos = req.get("position")
        if not isinstance(pos, dict):
            raise ProtocolError("\"position\" must be a position object (docs/POSITION.md)")
        rng, auto = _chance_options(req)
        seat = player_field(req, "seat", required=False)
        game = pos.get("game", games.DEFAULT)
        if game not in games.keys():
            raise InvalidPosition(f"game: unknown game {shown(game)}; known: "
                                  f"{', '.join(games.keys())}")
        try:
            if game == pieces.GAME:
                # Legend Pieces checks its positions itself (InvalidPosition naming the fault).
                loaded = games.game(game).load(pos)
                assert isinstance(loaded, PieceMatch)
                return self._install(loaded, rng, auto, seat)
            match = self.game.load(pos, record_log=True)
            return self._install(match, rng, auto, seat)
        except (EngineError, PiecesError):
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError,
                OverflowError) as exc:
            # The reader or the first steps met a shape they do not expect: the position
            # is refused, whatever part of the engine noticed.
            raise InvalidPosition(f"the position cannot be used ({type(exc).__name__}: "
                                  f"{exc})") from None

    def cmd_decision(self, req: dict[str, Any]) -> dict[str, Any]:
        return self._status()

    def cmd_legal(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        self._own_decision(m, "list its answers")
        ch = m.choice
        if ch is not None:
            n = len(ch.options)
            count = sum(comb(n, k) for k in range(ch.min, min(ch.max, n) + 1))
            if count > MAX_LEGAL_ACTIONS:
                raise RequestTooLarge(f"this {ch.kind} decision has {count} legal answers; "
                                      f"\"legal\" lists at most {MAX_LEGAL_ACTIONS} (the "
                                      "status lists its options)")
        actions = [list(a) for a in m.legal_actions()]
        out: dict[str, Any] = {"actions": actions}
        if ch is not None and isinstance(m, PieceMatch):
            out["notations"] = pieces.answer_notations(m, ch, actions)
        elif ch is not None:
            assert isinstance(m, Match)
            names = notations(m, ch)
            out["notations"] = [JOINER.join(names[i] for i in a) or NO_PICK for a in actions]
        return out

    def cmd_choose(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        self._own_decision(m, "answer it")
        if ("option" in req) == ("options" in req):
            raise ProtocolError("\"choose\" needs \"option\" (an index or a notation) or "
                                "\"options\" (a list of them), not both")
        action: int | list[int] | str
        if "option" in req:
            # A text is an answer's notation (docs/NOTATION.md), read by the engine.
            action = _notation_field(req, "option") if isinstance(req["option"], str) \
                else int_field(req, "option", 0)
        else:
            picks = req["options"]
            if not isinstance(picks, list) or len(picks) > MAX_OPTIONS or not all(
                    is_int(i) or isinstance(i, str) for i in picks):
                raise ProtocolError(f"\"options\" must be a list of at most {MAX_OPTIONS} "
                                    f"option indices or notations, not {shown(picks)}")
            action = [i if is_int(i) else _option_index(m, _notation_field(req, "options", i))
                      for i in picks]
        m.apply(action)
        return self._status()

    def cmd_resolve(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        use_rng = bool_field(req, "random", False)
        if use_rng == ("outcome" in req):
            raise ProtocolError("\"resolve\" needs \"outcome\" (heads/tails, or a "
                                "permutation) or \"random\": true")
        if use_rng:
            if m.over:
                raise GameOver(f"the match is over ({m.result})")
            if not isinstance(m.pending, Chance):
                raise NotAChoice("nothing to resolve: the match waits for a player's choice")
            m.resolve(m.pending.sample(self.rng))
        else:
            outcome = req["outcome"]
            if isinstance(outcome, str) and outcome.lower() in ("heads", "tails", "h", "t"):
                outcome = outcome.lower().startswith("h")
            if isinstance(m, PieceMatch):
                pieces.check_outcome(m, outcome)
            m.resolve(outcome)  # every other shape is judged by the engine's own check
        return self._status()

    def cmd_auto(self, req: dict[str, Any]) -> dict[str, Any]:
        """Let computer players answer: ``players`` names one per seat (null: leave that
        seat to the client); ``until``: "decision" (one), "turn" or "end"."""
        m = self._need_match()
        names = req.get("players", ["greedy", "greedy"])
        if not isinstance(names, list) or len(names) != 2 or not all(
                n is None or (isinstance(n, str) and n in PLAYERS) for n in names):
            raise ProtocolError(f"\"players\" must be a list of two player names "
                                f"({', '.join(sorted(PLAYERS))}) or nulls, not {shown(names)}")
        players = [self._computer(n, i) if n else None for i, n in enumerate(names)]
        until = word_field(req, "until", "end", ("decision", "turn", "end"))
        start_turn = m.turn
        answered = 0
        while not m.over and answered < MAX_AUTO_ANSWERS:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(chance_outcome(d, self.rng))
                continue
            if not isinstance(d, Choice):
                raise RuntimeError(f"the match waits for nothing: {d!r}")  # an engine bug
            p = players[d.player]
            if p is None or (until == "turn" and m.turn != start_turn):
                break
            # (The players answer any game of the kernel; their signature names the card
            # game's match.)
            m.apply(p.choose(m, d))  # type: ignore[arg-type]
            answered += 1
            if until == "decision":
                break
        out = self._status()
        out["answered"] = answered
        return out

    def _computer(self, name: str, seat: int) -> Player:
        key = (name, seat)
        if key not in self.computer:
            self.computer[key] = make_player(name, seat)
        return self.computer[key]

    def cmd_position(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        if self.seat is not None:
            raise HiddenFromSeat(f"\"position\" is the whole match, hidden cards included; "
                                 f"this session plays seat {self.seat}: ask for \"view\"")
        return {"position": m.position()}

    def cmd_view(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        player = self._viewer(req, required=True)
        assert player is not None
        return {"view": m.view(player)}

    def cmd_log(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        since = int_field(req, "since", self.log_sent, low=0)
        viewer = self._viewer(req, required=False)
        if isinstance(m, PieceMatch):
            self.log_sent = len(m.log)
            return pieces.log_reply(m, since, viewer)
        events = m.log[since:]
        self.log_sent = len(m.log)
        return {"since": since, "next": len(m.log),
                "lines": [describe_event(m, e, viewer) for e in events],
                "notations": [event_notation(m, e, viewer) for e in events],
                "events": [list(e) for e in events] if viewer is None else None}

    def cmd_outcome(self, req: dict[str, Any]) -> dict[str, Any]:
        m = self._need_match()
        return pieces.outcome(m) if isinstance(m, PieceMatch) else outcome(m)

    def cmd_time(self, req: dict[str, Any]) -> dict[str, Any]:
        """The battle timer's end, after its extra turns (docs/ETOOLS.md): fewer Prize cards
        left wins; as many left begins a Sudden Death game."""
        m = self._need_match()
        if isinstance(m, PieceMatch):
            raise ProtocolError("\"time\" is the card game's battle timer; Legend Pieces has "
                                "no timer rule (sixty turns without a battle or a summon end "
                                "a game by themselves)")
        called = self.game.call_time(m)
        return {"called": called, **self._status()}

    def cmd_card(self, req: dict[str, Any]) -> dict[str, Any]:
        card_id = req.get("id")
        if not isinstance(card_id, str) or len(card_id) > MAX_CARD_ID_CHARS:
            raise ProtocolError(f"\"id\" must be a card id like \"ecard1-98\", not "
                                f"{shown(card_id)}")
        d = self.pool.get(card_id)
        return {"id": d.id, "name": d.name, "kind": d.kind_name, "hp": d.hp or None,
                "implemented": d.implemented, "text": d.text}

    def cmd_quit(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"bye": True}


def _chance_options(req: dict[str, Any]) -> tuple[random.Random, bool]:
    """The seeded RNG and ``auto_chance`` a "new" or "load" asks for."""
    seed = int_field(req, "seed", 0)
    return random.Random(seed), bool_field(req, "auto_chance", False)


def status(m: Match | PieceMatch, rng: random.Random, auto_chance: bool) -> dict[str, Any]:
    """The status reply; with ``auto_chance`` chance nodes are resolved first."""
    if isinstance(m, PieceMatch):
        return pieces.status(m, rng, auto_chance)
    if auto_chance:
        while not m.over and isinstance(m.pending, Chance):
            m.resolve(chance_outcome(m.pending, rng))
    out: dict[str, Any] = {"turn": m.turn, "current": m.current, "over": m.over}
    if m.over:
        out["outcome"] = outcome(m)
    else:
        out["decision"] = decision = describe_pending(m)
        ch = m.pending
        if isinstance(ch, Choice):
            for option, text in zip(decision["options"], notations(m, ch), strict=True):
                option["notation"] = text
    return out


def seated_status(reply: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The status as ``seat`` may see it: the other seat's choice shows only whose it is
    and its kind (as a player's view shows it), never its prompt or options, which can name
    that player's hand or face-down Pokémon."""
    decision = reply.get("decision")
    if seat is None or not decision or decision.get("type") != "choice" \
            or decision.get("player") == seat:
        return reply
    return {**reply, "decision": {"type": "choice", "player": decision["player"],
                                  "kind": decision["kind"], "waiting": True}}


def _notation_field(req: dict[str, Any], name: str, value: Any = None) -> str:
    """A notation given in ``name``. A text of digits is refused: an index is a number,
    and no notation is all digits (each starts with a word)."""
    text = req[name] if value is None else value
    assert isinstance(text, str)
    if text.strip().isdigit():
        raise ProtocolError(f"\"{name}\" takes an index as a number, not the text "
                            f"{shown(text)}; a text is an option's notation")
    return text


def _option_index(m: Match | PieceMatch, text: str) -> int:
    """One option's index from its notation (for "options": [...])."""
    if isinstance(m, PieceMatch):
        return pieces.option_index(m, text)
    ch = m.pending
    if not isinstance(ch, Choice):
        return -1  # apply says what the match waits for instead
    return parse_option(m, ch, text)


def outcome(m: Match) -> dict[str, Any]:
    return {"over": m.over, "winner": m.winner, "result": m.result,
            "sudden_death": m.sudden_death, "turns": m.turn}


_FIELDS: dict[str, Sequence[str]] = {
    "hello": (), "new": ("game", "decks", "armies", "era", "seed", "auto_chance", "seat"),
    "load": ("position", "seed", "auto_chance", "seat"), "decision": (), "legal": (),
    "choose": ("option", "options"), "resolve": ("outcome", "random"),
    "auto": ("players", "until"), "position": (), "view": ("player",),
    "log": ("since", "player"), "outcome": (), "time": (), "card": ("id",), "quit": (),
}
COMMANDS: dict[str, _Command] = {
    name: _Command(getattr(Session, f"cmd_{name}"), frozenset(fields))
    for name, fields in _FIELDS.items()
}


def reply_to(session: Session, raw: str | bytes | OversizedLine) -> dict[str, Any] | None:
    """The reply to one request line (None for a blank line). Never raises."""
    if not isinstance(raw, OversizedLine) and not raw.strip():
        return None
    req_id: Any = None
    try:
        request = parse_request(raw)
        if isinstance(request, dict):
            req_id = request.get("id")
        reply: dict[str, Any] = {"ok": True, **session.handle(request)}
    except (ProtocolError, EngineError, PiecesError) as exc:
        reply = error_reply(exc)
    except Exception as exc:  # a bug of the engine: report it, keep serving
        reply = error_reply(exc, "InternalError")
    if req_id is not None:
        reply["id"] = req_id
    return reply


def serve(lines: Iterable[str | bytes | OversizedLine], out: IO[str], *,
          deck_dir: Path | None = None, data_dir: Path | None = None) -> None:
    """Answer each request line; errors never end the session (only "quit" or EOF do)."""
    session = Session(deck_dir, data_dir)
    for raw in lines:
        reply = reply_to(session, raw)
        if reply is None:
            continue
        out.write(encode(reply) + "\n")
        out.flush()
        if reply.get("bye") is True:
            break
