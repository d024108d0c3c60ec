"""Position notation: a match as JSON, like FEN for chess (documented in docs/POSITION.md).

A card is written ``"<card id>#<n>"`` where ``n`` is its instance number in the match. When
writing a position by hand the ``#n`` may be left out and numbers are given out in order of
appearance; decks top card first. ``to_position`` and ``from_position`` round-trip exactly,
also in the middle of an attack or a Trainer (the running programs are part of it).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .errors import InvalidPosition, UnknownCard
from .ruleset import RULESETS
from .state import CONDITION_BITS, Frame, PlayerState, Slot, condition_names

if TYPE_CHECKING:
    from .cardpool import CardPool
    from .match import Match
    from .ruleset import Ruleset

FORMAT = "handheld-position/1"
_REF = re.compile(r"^([A-Za-z0-9_.\-]+?)(?:#(\d+))?$")


# --------------------------------------------------------------------------- writing


def to_position(m: Match) -> dict[str, Any]:
    def ref(cid: int) -> str:
        return f"{m.defs[cid].id}#{cid}"

    def refs(cards: list[int]) -> list[str]:
        return [ref(c) for c in cards]

    def slot(s: Slot | None) -> dict[str, Any] | None:
        if s is None:
            return None
        out: dict[str, Any] = {"cards": refs(s.cards), "energy": refs(s.energy)}
        out["tool"] = ref(s.tool) if s.tool >= 0 else None
        out["tms"] = refs(s.tms)
        out["damage"] = s.damage
        out["conditions"] = condition_names(s.conditions)
        if s.paralyzed_turn:
            out["paralyzed_turn"] = s.paralyzed_turn
        out["markers"] = dict(sorted(s.markers.items()))
        out["played_turn"] = s.played_turn
        return out

    players = []
    for p in m.players:
        players.append({
            "deck": refs(list(reversed(p.deck))),
            "hand": refs(p.hand),
            "discard": refs(p.discard),
            "prizes": refs(p.prizes),
            "resolving": refs(p.resolving),
            "supporter": refs(p.supporter),
            "active": slot(p.active),
            "bench": [slot(s) for s in p.bench],
            "mulligans": p.mulligans,
            "flags": {
                "energy_attached": p.energy_attached,
                "energy_target": p.energy_target,
                "supporter_played": p.supporter_played,
                "stadium_played": p.stadium_played,
                "retreats": p.retreats,
                "retreat_blocked": list(p.retreat_blocked),
                "powers_used": [list(u) for u in p.powers_used],
                "turn_effects": dict(p.turn_effects),
            },
        })
    stack = []
    for f in m.stack:
        stack.append({
            "program": f.key,
            "pc": f.pc,
            "player": f.player,
            "source": f.source,
            "user": f.user,
            "target": f.target,
            "vars": _plain(f.vars),
        })
    pos: dict[str, Any] = {
        "format": FORMAT,
        "era": m.rules.era,
        "turn": m.turn,
        "current": m.current,
        "first": m.first,
        "turn_over": m.turn_over,
        "prize_count": m.prize_count,
        "sudden_death": m.sudden_death,
        "stadium": ref(m.stadium) if m.stadium >= 0 else None,
        "stadium_owner": m.owner[m.stadium] if m.stadium >= 0 else None,
        "over": m.over,
        "winner": m.winner,
        "result": m.result,
        "players": players,
        "stack": stack,
    }
    if m.pending is not None:
        pos["pending"] = describe_pending(m)
    return pos


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def describe_pending(m: Match) -> dict[str, Any]:
    """The pending decision as plain data (what the protocol and the UI show)."""
    from .state import Chance

    d = m.pending
    if d is None:
        return {}
    if isinstance(d, Chance):
        out: dict[str, Any] = {"type": "chance", "kind": d.kind, "player": d.player,
                               "purpose": d.purpose}
        if d.kind == "shuffle":
            out["size"] = d.size
        return out
    return {
        "type": "choice",
        "kind": d.kind,
        "player": d.player,
        "prompt": d.prompt,
        "min": d.min,
        "max": d.max,
        "options": [{"index": i, "label": m.describe(o), "value": list(o)}
                    for i, o in enumerate(d.options)],
    }


# --------------------------------------------------------------------------- reading


class _Cards:
    """Parses card references against the pool."""

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool

    def parse(self, text: Any, owner: int, where: str) -> tuple[str, int | None]:
        if not isinstance(text, str):
            raise InvalidPosition(f"{where}: a card is written as 'card-id' or 'card-id#n', "
                                  f"not {text!r}")
        mt = _REF.match(text)
        if mt is None:
            raise InvalidPosition(f"{where}: {text!r} is not a card reference")
        card_id, num = mt.group(1), mt.group(2)
        if card_id not in self.pool:
            raise InvalidPosition(f"{where}: unknown card id {card_id!r}")
        return card_id, int(num) if num is not None else None


def from_position(pool: CardPool, pos: Any, *, record_log: bool = True,
                  rules: Ruleset | None = None) -> Match:
    """Load a position. ``rules`` overrides the era's ruleset (house rules, tests)."""
    from .match import Match

    if not isinstance(pos, dict):
        raise InvalidPosition("a position is a JSON object")
    fmt = pos.get("format", FORMAT)
    if fmt != FORMAT:
        raise InvalidPosition(f"unsupported position format {fmt!r} (expected {FORMAT!r})")
    era = pos.get("era", "expedition")
    if era not in RULESETS:
        raise InvalidPosition(f"unknown era {era!r}; known: {', '.join(sorted(RULESETS))}")
    players_in = pos.get("players")
    if not isinstance(players_in, list) or len(players_in) != 2:
        raise InvalidPosition("'players' must be a list of exactly 2 players")

    # Pass 1: every card reference, in a fixed walk order.
    entries: list[tuple[int, str, int | None]] = []  # owner, card id, number
    cards = _Cards(pool)

    def walk_zone(owner: int, zone: Any, where: str) -> list[int]:
        if zone is None:
            return []
        if not isinstance(zone, list):
            raise InvalidPosition(f"{where} must be a list of cards")
        idx = []
        for i, text in enumerate(zone):
            card_id, num = cards.parse(text, owner, f"{where}[{i}]")
            entries.append((owner, card_id, num))
            idx.append(len(entries) - 1)
        return idx

    layout: list[dict[str, Any]] = []
    for p, pd in enumerate(players_in):
        if not isinstance(pd, dict):
            raise InvalidPosition(f"players[{p}] must be an object")
        lay: dict[str, Any] = {}
        for zone in ("deck", "hand", "discard", "prizes", "resolving", "supporter"):
            lay[zone] = walk_zone(p, pd.get(zone, []), f"players[{p}].{zone}")
        lay["slots"] = []
        slots_in = [("active", pd.get("active"))]
        bench = pd.get("bench", [])
        if not isinstance(bench, list):
            raise InvalidPosition(f"players[{p}].bench must be a list")
        if len(bench) > 5:
            raise InvalidPosition(f"players[{p}].bench has {len(bench)} Pokémon; at most 5")
        slots_in += [(f"bench[{i}]", b) for i, b in enumerate(bench)]
        for where, sd in slots_in:
            if sd is None:
                lay["slots"].append(None)
                continue
            if not isinstance(sd, dict):
                raise InvalidPosition(f"players[{p}].{where} must be an object or null")
            base = f"players[{p}].{where}"
            sl: dict[str, Any] = {"data": sd}
            sl["cards"] = walk_zone(p, sd.get("cards"), base + ".cards")
            if not sl["cards"]:
                raise InvalidPosition(f"{base}.cards must list at least the Pokémon card")
            sl["energy"] = walk_zone(p, sd.get("energy", []), base + ".energy")
            tool = sd.get("tool")
            sl["tool"] = walk_zone(p, [tool], base + ".tool") if tool else []
            sl["tms"] = walk_zone(p, sd.get("tms", []), base + ".tms")
            lay["slots"].append(sl)
        layout.append(lay)
    stadium_idx = []
    if pos.get("stadium"):
        owner = _int(pos.get("stadium_owner", 0), "stadium_owner")
        if owner not in (0, 1):
            raise InvalidPosition("'stadium_owner' must be 0 or 1")
        card_id, num = cards.parse(pos["stadium"], owner, "stadium")
        entries.append((owner, card_id, num))
        stadium_idx = [len(entries) - 1]

    # Pass 2: numbers.
    used = {n for _, _, n in entries if n is not None}
    if len(used) != sum(1 for _, _, n in entries if n is not None):
        raise InvalidPosition("a card number #n is used twice")
    numbers: list[int] = []
    free = (i for i in range(len(entries) + len(used) + 1) if i not in used)
    for _, _, n in entries:
        numbers.append(n if n is not None else next(free))
    total = len(entries)
    if sorted(numbers) != list(range(total)):
        raise InvalidPosition(f"card numbers must be exactly 0..{total - 1} (every card of "
                              "the match appears once)")
    by_number: list[tuple[int, str]] = [(0, "")] * total
    for (owner, card_id, _), n in zip(entries, numbers, strict=True):
        by_number[n] = (owner, card_id)

    rules = rules or RULESETS[era]
    m = Match(pool, ([], []), rules, validate=False, record_log=record_log, start=False)
    m.defs = [pool.get(card_id) for _, card_id in by_number]
    m.owner = [owner for owner, _ in by_number]
    m.index_flags()

    def ids(idx: list[int]) -> list[int]:
        return [numbers[i] for i in idx]

    for p, (pd, lay) in enumerate(zip(players_in, layout, strict=True)):
        pl = PlayerState(p)
        pl.deck = list(reversed(ids(lay["deck"])))
        pl.hand = ids(lay["hand"])
        pl.discard = ids(lay["discard"])
        pl.prizes = ids(lay["prizes"])
        pl.resolving = ids(lay["resolving"])
        pl.supporter = ids(lay["supporter"])
        pl.mulligans = _int(pd.get("mulligans", 0), f"players[{p}].mulligans")
        built: list[Slot | None] = []
        for k, sl in enumerate(lay["slots"]):
            if sl is None:
                built.append(None)
                continue
            built.append(_slot(m, p, sl, ids, f"players[{p}]." +
                               ("active" if k == 0 else f"bench[{k - 1}]")))
        pl.active = built[0]
        pl.bench = [s for s in built[1:] if s is not None]
        flags = pd.get("flags", {}) or {}
        if not isinstance(flags, dict):
            raise InvalidPosition(f"players[{p}].flags must be an object")
        pl.energy_attached = bool(flags.get("energy_attached", False))
        pl.energy_target = _int(flags.get("energy_target", -1), f"players[{p}].flags.energy_target")
        pl.supporter_played = bool(flags.get("supporter_played", False))
        pl.stadium_played = bool(flags.get("stadium_played", False))
        pl.retreats = _int(flags.get("retreats", 0), f"players[{p}].flags.retreats")
        pl.retreat_blocked = [int(x) for x in flags.get("retreat_blocked", [])]
        pl.powers_used = [(int(a), int(b)) for a, b in flags.get("powers_used", [])]
        pl.turn_effects = {str(k): int(v) for k, v in (flags.get("turn_effects") or {}).items()}
        m.players[p] = pl

    if stadium_idx:
        m.stadium = numbers[stadium_idx[0]]
    m.turn = _int(pos.get("turn", 1), "turn")
    m.current = _int(pos.get("current", 0), "current")
    m.first = _int(pos.get("first", 0), "first")
    if m.current not in (0, 1) or m.first not in (0, 1):
        raise InvalidPosition("'current' and 'first' must be 0 or 1")
    m.turn_over = bool(pos.get("turn_over", False))
    m.prize_count = _int(pos.get("prize_count", rules.prizes), "prize_count")
    m.sudden_death = _int(pos.get("sudden_death", 0), "sudden_death")
    m.over = bool(pos.get("over", False))
    m.winner = pos.get("winner")
    m.result = str(pos.get("result", ""))

    stack_in = pos.get("stack")
    if stack_in is None:
        # A hand-written position without programs: the current player's main phase.
        from .rules import GAME_PROGRAM, MainPhase

        main_at = next(i for i, ins in enumerate(GAME_PROGRAM) if isinstance(ins, MainPhase))
        stack_in = [{"program": "rule:game", "pc": main_at, "player": 0}]
    if not isinstance(stack_in, list):
        raise InvalidPosition("'stack' must be a list of frames")
    for i, fd in enumerate(stack_in):
        if not isinstance(fd, dict) or "program" not in fd:
            raise InvalidPosition(f"stack[{i}] must be an object with a 'program'")
        try:
            code = pool.program(str(fd["program"]))
        except UnknownCard as exc:
            raise InvalidPosition(f"stack[{i}]: {exc}") from None
        pc = _int(fd.get("pc", 0), f"stack[{i}].pc")
        if not 0 <= pc <= len(code):
            raise InvalidPosition(f"stack[{i}].pc {pc} is outside its program")
        variables = fd.get("vars", {}) or {}
        if not isinstance(variables, dict):
            raise InvalidPosition(f"stack[{i}].vars must be an object")
        m.stack.append(Frame(str(fd["program"]), code, _int(fd.get("player", 0), "player"),
                             _int(fd.get("source", -1), "source"),
                             _int(fd.get("user", -1), "user"),
                             _int(fd.get("target", -1), "target"),
                             _vars(variables), pc))
    if not m.over:
        m._run()
    return m


def _vars(d: dict[str, Any]) -> dict[str, Any]:
    # A deep copy: the frame must share no list with the caller's position.
    return {str(k): _plain(v) for k, v in d.items()}


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPosition(f"{where} must be an integer, not {value!r}")
    return value


def _slot(m: Match, owner: int, sl: dict[str, Any], ids: Any, where: str) -> Slot:
    sd = sl["data"]
    cards = ids(sl["cards"])
    s = Slot(cards[0], owner, _int(sd.get("played_turn", 0), where + ".played_turn"))
    s.cards = cards
    s.top = cards[-1]
    for c in cards:
        if m.defs[c].kind != 0:
            raise InvalidPosition(f"{where}.cards: {m.defs[c].id} is not a Pokémon card")
    s.energy = ids(sl["energy"])
    tool = ids(sl["tool"])
    s.tool = tool[0] if tool else -1
    s.tms = ids(sl["tms"])
    s.damage = _int(sd.get("damage", 0), where + ".damage")
    if s.damage < 0 or s.damage % 10:
        raise InvalidPosition(f"{where}.damage must be a non-negative multiple of 10")
    bits = 0
    for name in sd.get("conditions", []) or []:
        if name not in CONDITION_BITS:
            raise InvalidPosition(f"{where}.conditions: unknown Special Condition {name!r} "
                                  f"(known: {', '.join(CONDITION_BITS)})")
        bits |= CONDITION_BITS[name]
    s.conditions = bits
    s.paralyzed_turn = _int(sd.get("paralyzed_turn", 0), where + ".paralyzed_turn")
    markers = sd.get("markers", {}) or {}
    if not isinstance(markers, dict):
        raise InvalidPosition(f"{where}.markers must be an object")
    s.markers = {str(k): _int(v, f"{where}.markers.{k}") for k, v in markers.items()}
    return s


# --------------------------------------------------------------------------- views


def player_view(m: Match, viewer: int) -> dict[str, Any]:
    """The position as ``viewer`` may see it: the opponent's hand, both decks and all
    Prizes become counts; the stack and pending options of the opponent are left out."""
    pos = to_position(m)
    for p, pd in enumerate(pos["players"]):
        pd["deck"] = len(pd["deck"])
        pd["prizes"] = len(pd["prizes"])
        if p != viewer:
            pd["hand"] = len(pd["hand"])
    pos.pop("stack", None)
    pending = pos.get("pending")
    if pending and pending.get("player") != viewer and pending.get("type") == "choice":
        pos["pending"] = {"type": "choice", "player": pending["player"],
                          "kind": pending["kind"], "waiting": True}
    return pos
