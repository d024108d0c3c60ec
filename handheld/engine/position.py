"""Position notation: a match as JSON, like FEN for chess (documented in docs/POSITION.md).

A card is written ``"<card id>#<n>"`` where ``n`` is its instance number in the match. When
writing a position by hand the ``#n`` may be left out and numbers are given out in order of
appearance; decks top card first. ``to_position`` and ``from_position`` round-trip exactly,
also in the middle of an attack or a Trainer (the running programs are part of it).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .eras import ERAS, EraNotPlayable, playable_era
from .errors import InvalidPosition, UnknownCard
from .fingerprint import fingerprint
from .state import CONDITION_BITS, Frame, PlayerState, Slot, condition_names

if TYPE_CHECKING:
    from .cardpool import CardPool
    from .match import Match
    from .ruleset import Ruleset

FORMAT = "handheld-position/1"
GAME = "tcg"  # the game a position is of (a second game will write its own name)
_REF = re.compile(r"([A-Za-z0-9_.\-]+?)(?:#(\d{1,6}))?")


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
        if p.game_powers:  # (only when used: every other position reads as before)
            players[-1]["game_powers"] = list(p.game_powers)
        if p.lost_zone:  # (only when a card is there, for the same reason)
            players[-1]["lost_zone"] = refs(p.lost_zone)
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
        "game": GAME,
        "era": m.era.key,
        # The programs the frames' counters point into (see fingerprint.py).
        "fingerprint": fingerprint(m.pool, [(f.key, f.code) for f in m.stack]),
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

# (``lost_zone`` last: a position without it numbers its cards exactly as before)
_ZONES = ("deck", "hand", "discard", "prizes", "resolving", "supporter", "lost_zone")
_MAX_REF = 80  # characters in a card reference
_MAX_TEXT = 80  # characters in a program key, a marker or turn-effect name
_MAX_MARKERS = 16
_MAX_FLAG_ITEMS = 64
_MAX_FRAMES = 64
_MAX_VARS = 64
_MAX_VAR_LIST = 256
# Any integer a position holds (turns, damage, counters, variables) lies in this range, so
# no hostile number costs more than a machine word of work.
MAX_NUMBER = 1_000_000


class _Reader:
    """Reads a position's raw JSON with strict types. Every problem is an
    :class:`InvalidPosition` naming its path; the work is bounded (a player has at most
    ``rules.deck_size`` cards, every list is measured before it is walked)."""

    def __init__(self, pool: CardPool, rules: Ruleset) -> None:
        self.pool = pool
        self.limit = rules.deck_size
        self.entries: list[tuple[int, str, int | None]] = []  # owner, card id, number
        self.count = [0, 0]

    def card(self, text: Any, owner: int, where: str) -> int:
        """Parse one card reference; returns its entry index."""
        if not isinstance(text, str) or len(text) > _MAX_REF:
            raise InvalidPosition(f"{where}: a card is written as 'card-id' or 'card-id#n', "
                                  f"not {_short(text)}")
        mt = _REF.fullmatch(text)
        if mt is None:
            raise InvalidPosition(f"{where}: {text!r} is not a card reference")
        card_id, num = mt.group(1), mt.group(2)
        if card_id not in self.pool:
            raise InvalidPosition(f"{where}: unknown card id {card_id!r}")
        self.count[owner] += 1
        if self.count[owner] > self.limit:
            raise InvalidPosition(f"players[{owner}]: more than {self.limit} cards (a player "
                                  f"has one deck of {self.limit}); at {where}")
        self.entries.append((owner, card_id, int(num) if num is not None else None))
        return len(self.entries) - 1

    def zone(self, owner: int, value: Any, where: str) -> list[int]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise InvalidPosition(f"{where} must be a list of cards, not {_short(value)}")
        if len(value) > self.limit:
            raise InvalidPosition(f"{where} has {len(value)} cards; a player has at most "
                                  f"{self.limit}")
        return [self.card(text, owner, f"{where}[{i}]") for i, text in enumerate(value)]


def from_position(pool: CardPool, pos: Any, *, record_log: bool = True,
                  rules: Ruleset | None = None) -> Match:
    """Load a position. ``rules`` overrides the era's ruleset (house rules, tests).

    The position is validated (:mod:`.validate`): anything malformed or that no game can
    reach raises :class:`InvalidPosition` naming the field, and nothing the caller holds
    (the pool, the position) is changed."""
    from .validate import bounded_run, validate_decision, validate_state

    m = _read(pool, pos, record_log, rules)
    validate_state(m)
    if not m.over:
        bounded_run(m)
        validate_decision(m, lambda: copy_match(m))
    return m


def copy_match(m: Match, *, record_log: bool = False) -> Match:
    """An independent copy of a match, waiting for the same decision. Made through the
    match's own position without validating it again: a match's state is the engine's
    own (the validator's probe and the players' lookahead play on copies)."""
    c = _read(m.pool, to_position(m), record_log, m.rules)
    c._run()
    return c


def copy_with_other_cards(m: Match, player: int | None, cards: dict[int, str]) -> Match:
    """An independent copy of a match (not validated again, as :func:`copy_match`) in which
    the cards of ``player``'s hand, deck and Prizes (both players' with ``None``) numbered
    in ``cards`` are other cards, by printed id: what a player guesses of the cards it has
    not seen (the search player's belief, ``players.belief``). Those places hold each card
    once and nothing else refers to a card there by its id, so every reference stays
    sound; but the copy is a guess, not always a match the game could reach (during setup
    a guessed hand may hold no Basic Pokémon for a choice still to come), so it is for
    judging, as a determinization is.

    Made structurally (``Match.clone``, then the new cards' definitions, the tables
    derived from them and the pending decision asked again), in well under half the time
    of the round trip through the position that
    :func:`copy_with_other_cards_reference` makes and tests/engine/test_clone.py
    compares it with."""
    c = m.clone()
    sides = m.players if player is None else [m.players[player]]
    hidden = {n for p in sides for zone in (p.hand, p.deck, p.prizes) for n in zone}
    defs = list(m.defs)
    changed = False
    for num, card_id in cards.items():
        if num in hidden and defs[num].id != card_id:
            defs[num] = m.pool.get(card_id)
            changed = True
    if changed:
        c.defs = defs
        owner = m.owner
        # (the decks' tables are kept per deck: one split keeps the unchanged deck's)
        split = owner.index(1) if 1 in owner and owner == sorted(owner) else 0
        c.index_flags(split)
        # The decision is asked again, as a position read back asks it: a choice over the
        # hand (the setup's Active) lists what the other cards allow.
        c.pending = None
        c._run()
    return c


def copy_with_other_cards_reference(m: Match, player: int | None,
                                    cards: dict[int, str]) -> Match:
    """:func:`copy_with_other_cards` through the position: the references of the hidden
    places rewritten to the other cards' ids, and the match read back."""
    pos = to_position(m)
    for pd in pos["players"] if player is None else [pos["players"][player]]:
        for zone in ("hand", "deck", "prizes"):
            refs = pd[zone]
            for i, ref in enumerate(refs):
                _, _, num = ref.partition("#")
                other = cards.get(int(num))
                if other is not None:
                    refs[i] = f"{other}#{num}"
    c = _read(m.pool, pos, False, m.rules)
    c._run()
    return c


def _read(pool: CardPool, pos: Any, record_log: bool, rules: Ruleset | None) -> Match:
    """Build the match a position describes: types and references checked, not yet the
    rules (see :func:`validate.validate_state`), its programs not yet run."""
    from .match import Match

    if not isinstance(pos, dict):
        raise InvalidPosition(f"a position is a JSON object, not {_short(pos)}")
    fmt = pos.get("format", FORMAT)
    if fmt != FORMAT:
        raise InvalidPosition(f"format: unsupported position format {_short(fmt)} "
                              f"(expected {FORMAT!r})")
    game = pos.get("game", GAME)
    if game != GAME:
        raise InvalidPosition(f"game: this engine plays {GAME!r}, not {_short(game)}")
    key = pos.get("era", "expedition")
    if not isinstance(key, str) or key not in ERAS:
        raise InvalidPosition(f"era: unknown era {_short(key)}; known: "
                              f"{', '.join(sorted(ERAS))}")
    try:
        era = playable_era(key)
    except EraNotPlayable as exc:
        raise InvalidPosition(f"era: {exc}") from None
    rules = rules or era.ruleset
    players_in = pos.get("players")
    if not isinstance(players_in, list) or len(players_in) != 2:
        raise InvalidPosition("players must be a list of exactly 2 players")

    # Pass 1: every card reference, in a fixed walk order.
    reader = _Reader(pool, rules)
    layout: list[dict[str, Any]] = []
    for p, pd in enumerate(players_in):
        if not isinstance(pd, dict):
            raise InvalidPosition(f"players[{p}] must be an object, not {_short(pd)}")
        lay: dict[str, Any] = {}
        for zone in _ZONES:
            lay[zone] = reader.zone(p, pd.get(zone), f"players[{p}].{zone}")
        bench = pd.get("bench", [])
        if bench is None:
            bench = []
        if not isinstance(bench, list):
            raise InvalidPosition(f"players[{p}].bench must be a list, not {_short(bench)}")
        if len(bench) > rules.bench_size:
            raise InvalidPosition(f"players[{p}].bench has {len(bench)} Pokémon; at most "
                                  f"{rules.bench_size}")
        slots_in: list[tuple[str, Any]] = [("active", pd.get("active"))]
        slots_in += [(f"bench[{i}]", b) for i, b in enumerate(bench)]
        lay["slots"] = []
        for where, sd in slots_in:
            base = f"players[{p}].{where}"
            if sd is None and where == "active":
                lay["slots"].append(None)
                continue
            if not isinstance(sd, dict):
                raise InvalidPosition(f"{base} must be a Pokémon object"
                                      f"{' or null' if where == 'active' else ''}, not "
                                      f"{_short(sd)}")
            sl: dict[str, Any] = {"data": sd, "where": base}
            sl["cards"] = reader.zone(p, sd.get("cards"), base + ".cards")
            if not sl["cards"]:
                raise InvalidPosition(f"{base}.cards must list at least the Pokémon card")
            sl["energy"] = reader.zone(p, sd.get("energy"), base + ".energy")
            tool = sd.get("tool")
            sl["tool"] = [] if tool is None else [reader.card(tool, p, base + ".tool")]
            sl["tms"] = reader.zone(p, sd.get("tms"), base + ".tms")
            lay["slots"].append(sl)
        layout.append(lay)
    stadium_entry = None
    if pos.get("stadium") is not None:
        owner = _int(pos.get("stadium_owner", 0), "stadium_owner", 0, 1)
        stadium_entry = reader.card(pos["stadium"], owner, "stadium")
    elif pos.get("stadium_owner") is not None:
        raise InvalidPosition("stadium_owner: there is no Stadium in play (stadium is null)")

    # Pass 2: numbers.
    entries = reader.entries
    given = [n for _, _, n in entries if n is not None]
    used = set(given)
    if len(used) != len(given):
        dup = next(n for n in given if given.count(n) > 1)
        raise InvalidPosition(f"card number #{dup} is used twice (every card of the match "
                              "appears once)")
    total = len(entries)
    free = (i for i in range(total + 1) if i not in used)
    numbers = [n if n is not None else next(free) for _, _, n in entries]
    if sorted(numbers) != list(range(total)):
        raise InvalidPosition(f"card numbers must be exactly 0..{total - 1} (every card of "
                              "the match appears once)")
    by_number: list[tuple[int, str]] = [(0, "")] * total
    for (owner, card_id, _), n in zip(entries, numbers, strict=True):
        by_number[n] = (owner, card_id)

    m = Match(pool, ([], []), rules, era=era, validate=False, record_log=record_log,
              start=False)
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
        pl.lost_zone = ids(lay["lost_zone"])
        pl.mulligans = _int(pd.get("mulligans", 0), f"players[{p}].mulligans", 0, MAX_NUMBER)
        built = [None if sl is None else _slot(p, sl, ids) for sl in lay["slots"]]
        pl.active = built[0]
        pl.bench = [s for s in built[1:] if s is not None]
        _flags(pl, pd.get("flags"), f"players[{p}].flags")
        game_used = _list(pd.get("game_powers"), f"players[{p}].game_powers",
                          _MAX_FLAG_ITEMS)
        for i, name in enumerate(game_used):
            if not isinstance(name, str) or len(name) > _MAX_TEXT:
                raise InvalidPosition(f"players[{p}].game_powers[{i}]: {_short(name)} is "
                                      "not a power's name")
        pl.game_powers = list(game_used)
        m.players[p] = pl

    if stadium_entry is not None:
        m.stadium = numbers[stadium_entry]
    m.turn = _int(pos.get("turn", 1), "turn", 0, MAX_NUMBER)
    m.current = _int(pos.get("current", 0), "current", 0, 1)
    m.first = _int(pos.get("first", 0), "first", 0, 1)
    m.turn_over = _bool(pos.get("turn_over", False), "turn_over")
    m.prize_count = _int(pos.get("prize_count", rules.prizes), "prize_count", 0, MAX_NUMBER)
    m.sudden_death = _int(pos.get("sudden_death", 0), "sudden_death", 0, MAX_NUMBER)
    m.over = _bool(pos.get("over", False), "over")
    winner = pos.get("winner")
    m.winner = None if winner is None else _int(winner, "winner", 0, 1)
    result = pos.get("result", "")
    if not isinstance(result, str) or len(result) > _MAX_TEXT:
        raise InvalidPosition(f"result must be a short string, not {_short(result)}")
    m.result = result
    _stack(m, pos.get("stack"))
    _fingerprint(m, pos.get("fingerprint"))
    return m


def _fingerprint(m: Match, written: Any) -> None:
    """A position's counters are only trusted against the programs they were written
    with; a position without a fingerprint (older, or written by hand) is taken as is."""
    if written is None:
        return
    if not isinstance(written, str) or len(written) > _MAX_TEXT:
        raise InvalidPosition(f"fingerprint must be a short string, not {_short(written)}")
    if written != fingerprint(m.pool, [(f.key, f.code) for f in m.stack]):
        raise InvalidPosition("fingerprint: the running programs have changed since this "
                              "position was written, so its program counters cannot be "
                              "trusted (replay the match instead)")


def _stack(m: Match, stack_in: Any) -> None:
    if stack_in is None:
        # A hand-written position without programs: the current player's main phase.
        from .rules import MainPhase

        main_at = next(i for i, ins in enumerate(m.era.game_program)
                       if isinstance(ins, MainPhase))
        stack_in = [{"program": "rule:game", "pc": main_at, "player": 0}]
    if not isinstance(stack_in, list):
        raise InvalidPosition(f"stack must be a list of frames, not {_short(stack_in)}")
    if len(stack_in) > _MAX_FRAMES:
        raise InvalidPosition(f"stack has {len(stack_in)} frames; at most {_MAX_FRAMES}")
    n_cards = len(m.defs)
    for i, fd in enumerate(stack_in):
        where = f"stack[{i}]"
        if not isinstance(fd, dict):
            raise InvalidPosition(f"{where} must be an object, not {_short(fd)}")
        key = fd.get("program")
        if not isinstance(key, str) or len(key) > _MAX_TEXT:
            raise InvalidPosition(f"{where}.program must be a program name, not {_short(key)}")
        try:
            code = m.pool.program(key, m.era)
        except UnknownCard as exc:
            raise InvalidPosition(f"{where}.program: {exc}") from None
        pc = _int(fd.get("pc", 0), f"{where}.pc", 0, len(code))
        variables = fd.get("vars")
        m.stack.append(Frame(
            key, code, _int(fd.get("player", 0), f"{where}.player", 0, 1),
            _int(fd.get("source", -1), f"{where}.source", -1, n_cards - 1),
            _int(fd.get("user", -1), f"{where}.user", -1, n_cards - 1),
            _int(fd.get("target", -1), f"{where}.target", -1, n_cards - 1),
            _vars(variables, f"{where}.vars"), pc))


def _vars(d: Any, where: str) -> dict[str, Any]:
    """A frame's variables: what the engine writes is a flat map of names to booleans,
    integers and lists of them. Anything else (strings, objects, deep nesting) is refused;
    the result shares nothing with the caller's position."""
    if d is None:
        return {}
    if not isinstance(d, dict):
        raise InvalidPosition(f"{where} must be an object, not {_short(d)}")
    if len(d) > _MAX_VARS:
        raise InvalidPosition(f"{where} has {len(d)} variables; at most {_MAX_VARS}")
    out: dict[str, Any] = {}
    for k, v in d.items():
        if not isinstance(k, str) or len(k) > _MAX_TEXT:
            raise InvalidPosition(f"{where}: {_short(k)} is not a variable name")
        here = f"{where}.{k}"
        if isinstance(v, list):
            if len(v) > _MAX_VAR_LIST:
                raise InvalidPosition(f"{here} has {len(v)} items; at most {_MAX_VAR_LIST}")
            out[k] = [_var_scalar(x, f"{here}[{j}]") for j, x in enumerate(v)]
        else:
            out[k] = _var_scalar(v, here)
    return out


def _var_scalar(v: Any, where: str) -> int:
    if isinstance(v, bool):
        return v
    return _int(v, where, -MAX_NUMBER, MAX_NUMBER)


def _short(value: Any) -> str:
    """A value for an error message, cut short (a hostile value may be huge or deep)."""
    if isinstance(value, (dict, list)):
        return f"a {'JSON object' if isinstance(value, dict) else 'list'}"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        return "a huge number"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPosition(f"{where} must be an integer, not {_short(value)}")
    if not lo <= value <= hi:
        raise InvalidPosition(f"{where} must be {lo}..{hi}, not {_short(value)}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidPosition(f"{where} must be true or false, not {_short(value)}")
    return value


def _list(value: Any, where: str, most: int) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidPosition(f"{where} must be a list, not {_short(value)}")
    if len(value) > most:
        raise InvalidPosition(f"{where} has {len(value)} items; at most {most}")
    return value


def _names(value: Any, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InvalidPosition(f"{where} must be an object, not {_short(value)}")
    if len(value) > _MAX_MARKERS:
        raise InvalidPosition(f"{where} has {len(value)} entries; at most {_MAX_MARKERS}")
    for k in value:
        if not isinstance(k, str) or len(k) > _MAX_TEXT:
            raise InvalidPosition(f"{where}: {_short(k)} is not a name")
    return value


def _flags(pl: PlayerState, flags: Any, where: str) -> None:
    if flags is None:
        flags = {}
    if not isinstance(flags, dict):
        raise InvalidPosition(f"{where} must be an object, not {_short(flags)}")
    pl.energy_attached = _bool(flags.get("energy_attached", False), where + ".energy_attached")
    pl.energy_target = _int(flags.get("energy_target", -1), where + ".energy_target",
                            -1, MAX_NUMBER)
    pl.supporter_played = _bool(flags.get("supporter_played", False),
                                where + ".supporter_played")
    pl.stadium_played = _bool(flags.get("stadium_played", False), where + ".stadium_played")
    pl.retreats = _int(flags.get("retreats", 0), where + ".retreats", 0, MAX_NUMBER)
    blocked = _list(flags.get("retreat_blocked"), where + ".retreat_blocked", _MAX_FLAG_ITEMS)
    pl.retreat_blocked = [_int(x, f"{where}.retreat_blocked[{i}]", 0, MAX_NUMBER)
                          for i, x in enumerate(blocked)]
    used = _list(flags.get("powers_used"), where + ".powers_used", _MAX_FLAG_ITEMS)
    pl.powers_used = []
    for i, pair in enumerate(used):
        at = f"{where}.powers_used[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise InvalidPosition(f"{at} must be a pair [card number, power index]")
        # (index -1: the Stadium's effect, used this turn; actions.STADIUM_USED)
        pl.powers_used.append((_int(pair[0], at + "[0]", 0, MAX_NUMBER),
                               _int(pair[1], at + "[1]", -1, MAX_NUMBER)))
    effects = _names(flags.get("turn_effects"), where + ".turn_effects")
    pl.turn_effects = {k: _int(v, f"{where}.turn_effects.{k}", 0, MAX_NUMBER)
                       for k, v in effects.items()}


def _slot(owner: int, sl: dict[str, Any], ids: Any) -> Slot:
    sd = sl["data"]
    where = sl["where"]
    cards = ids(sl["cards"])
    s = Slot(cards[0], owner, _int(sd.get("played_turn", 0), where + ".played_turn",
                                   0, MAX_NUMBER))
    s.cards = cards
    s.top = cards[-1]
    s.energy = ids(sl["energy"])
    tool = ids(sl["tool"])
    s.tool = tool[0] if tool else -1
    s.tms = ids(sl["tms"])
    s.damage = _int(sd.get("damage", 0), where + ".damage", 0, MAX_NUMBER)
    bits = 0
    names = _list(sd.get("conditions"), where + ".conditions", len(CONDITION_BITS))
    for i, name in enumerate(names):
        if not isinstance(name, str) or name not in CONDITION_BITS:
            raise InvalidPosition(f"{where}.conditions[{i}]: unknown Special Condition "
                                  f"{_short(name)} (known: {', '.join(CONDITION_BITS)})")
        if bits & CONDITION_BITS[name]:
            raise InvalidPosition(f"{where}.conditions[{i}]: {name!r} is listed twice")
        bits |= CONDITION_BITS[name]
    s.conditions = bits
    s.paralyzed_turn = _int(sd.get("paralyzed_turn", 0), where + ".paralyzed_turn",
                            0, MAX_NUMBER)
    markers = _names(sd.get("markers"), where + ".markers")
    s.markers = {k: _int(v, f"{where}.markers.{k}", 0, MAX_NUMBER) for k, v in markers.items()}
    return s


# --------------------------------------------------------------------------- views


def setup_face_down(m: Match) -> bool:
    """Are the Pokémon put down during setup still face down? Setup has both players
    place their Basics face down, and turns them all face up only once the Prizes are
    out: all of setup (turn 0)."""
    return m.turn == 0 and not m.over


FACE_DOWN: dict[str, Any] = {"face_down": True}


def player_view(m: Match, viewer: int) -> dict[str, Any]:
    """The position as ``viewer`` may see it. Hidden: the order and cards of both decks and
    every Prize (counts), the opponent's hand (a count), the opponent's Pokémon while they
    are face down during setup (``{"face_down": true}`` each), the running programs and
    the options of the opponent's pending choice."""
    if viewer not in (0, 1):
        raise ValueError(f"a viewer is player 0 or 1, not {viewer!r}")
    pos = to_position(m)
    face_down = setup_face_down(m)
    for p, pd in enumerate(pos["players"]):
        pd["deck"] = len(pd["deck"])
        pd["prizes"] = len(pd["prizes"])
        if p != viewer:
            pd["hand"] = len(pd["hand"])
            if face_down:
                if pd["active"] is not None:
                    pd["active"] = dict(FACE_DOWN)
                pd["bench"] = [dict(FACE_DOWN) for _ in pd["bench"]]
    pos.pop("stack", None)
    pending = pos.get("pending")
    if pending and pending.get("player") != viewer and pending.get("type") == "choice":
        pos["pending"] = {"type": "choice", "player": pending["player"],
                          "kind": pending["kind"], "waiting": True}
    return pos
