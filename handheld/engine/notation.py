"""Every kind of option and of log event, declared once, and their stable text notation.

Options of a :class:`~handheld.engine.state.Choice` and events of ``Match.log`` are plain
tuples whose first item is a tag (tuples are built in C, once per decision in simulations;
a typed class per kind costs throughput there). This module is where each tag is declared,
with its fields and what they mean; every other module imports the tags from here.

The **notation** is each option's text form, in the spirit of a chess move's UCI form
(``attack ecard1-40 Flamethrower``, ``attach ecard1-160 bench2``, ``pass``). It is what
replays, saved matches and the protocol store, because an option's *index* is an internal
detail that may change as the engine changes. docs/NOTATION.md has the grammar. In short:

* a card is named by its printed id (``ecard1-98``), never by the match's instance ids;
* a Pokémon in play is named by where it is, seen from the deciding player: ``active``,
  ``bench1``..``bench5``, ``opp-active``, ``opp-bench1``..;
* the text of an option never depends on the order of the options: where two options of
  one choice would read the same (copies of a card in a choice that lists every copy),
  each gets `` #k``, k counting those copies by instance id (the order in which the cards
  were listed in the deck, which says nothing about where a copy lies in a hidden zone);
* only what the deciding player can see is named: a face-down Prize card is ``prize 3``
  (its place), never the card;
* a multi-pick answer is its options' notations joined by ``, `` (``none`` for no pick).

The notation is computed on demand (replays, the protocol, the screens), never in the
simulations' loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .carddefs import TRAINER
from .errors import IllegalAction
from .facts import power_of

# No import of ops (a Pokémon in play is found through ``Match.slot``): ops puts events in
# the log with the tags below, so it imports this module.

if TYPE_CHECKING:
    from .match import Match
    from .state import Choice

# ----------------------------------------------------------------------- option tags

# The main phase's moves.
BENCH = "bench"
EVOLVE = "evolve"
LEVEL_UP = "levelup"
ATTACH = "attach"
PLAY = "play"
ATTACH_TOOL = "tool"
ATTACH_TM = "tm"
POWER = "power"
RETREAT = "retreat"
DISCARD = "discard"
ATTACK = "attack"
PASS = "pass"
USE_STADIUM = "stadium"
# Every other decision.
CARD = "card"
SLOT = "slot"
ENERGY = "energy"
PRIZE = "prize"
DRAW = "draw"
PAY = "pay"
ORDER = "order"
YES = "yes"
NO = "no"

PASS_OPTION = (PASS,)
YES_NO_OPTIONS = ((YES,), (NO,))
# Main-phase moves that put a card from the hand into play.
HAND_TAGS = (ATTACH, BENCH, EVOLVE, PLAY, ATTACH_TOOL, ATTACH_TM, LEVEL_UP)


class Kind(NamedTuple):
    """One kind of option or event: its tag, its fields after the tag, what it means and
    (for options) its notation's form."""

    tag: str
    fields: tuple[str, ...]
    meaning: str
    form: str = ""


OPTION_KINDS: dict[str, Kind] = {k.tag: k for k in (
    Kind(BENCH, ("card",), "put a Basic Pokémon from the hand onto the Bench",
         "bench <card>"),
    Kind(EVOLVE, ("card", "slot"), "evolve a Pokémon in play with a card from the hand",
         "evolve <card> <where>"),
    Kind(LEVEL_UP, ("card", "slot"), "level up the Active Pokémon with a Pokémon LV.X of its "
         "name from the hand", "levelup <card> <where>"),
    Kind(ATTACH, ("card", "slot"), "attach an Energy card from the hand (once a turn)",
         "attach <card> <where>"),
    Kind(ATTACH_TOOL, ("card", "slot"), "attach a Pokémon Tool from the hand",
         "attach <card> <where>"),
    Kind(ATTACH_TM, ("card", "slot"), "attach a Technical Machine from the hand",
         "attach <card> <where>"),
    Kind(PLAY, ("card",), "play a Trainer card (Item, Supporter, Stadium) from the hand",
         "play <card>"),
    Kind(POWER, ("slot", "power index"), "use a Poké-Power of a Pokémon in play (or an "
         "Ability of a card in the discard pile: the card in place of the slot)",
         "power <card> <where> <power name> | power <card> discard <power name>"),
    Kind(RETREAT, ("slot",), "retreat the Active Pokémon for this Benched one",
         "retreat <where>"),
    Kind(DISCARD, ("slot",), "discard a Pokémon from play as its card allows (a Fossil); "
         "not a Knock Out", "discard <where>"),
    Kind(ATTACK, ("source card", "attack index"),
         "attack with the Active Pokémon; the source is its own card, a Technical Machine "
         "on it, or the opponent's Pokémon whose attack a Power copies",
         "attack <card> [<where>] <attack name>"),
    Kind(PASS, (), "end the turn without attacking", "pass"),
    Kind(USE_STADIUM, ("card",), "use the effect of the Stadium in play (once a turn)",
         "stadium <card>"),
    Kind(CARD, ("card",), "a card of a zone the player looks at (hand, deck, discard pile, "
         "attached Energy)", "card <card>"),
    Kind(SLOT, ("slot",), "a Pokémon in play (a target, the new Active Pokémon)",
         "slot <where>"),
    Kind(ENERGY, ("card", "slot"), "an Energy card attached to a Pokémon in play",
         "energy <card> <where>"),
    Kind(PRIZE, ("prize index",), "a face-down Prize card, by its place (from 0)",
         "prize <place from 1>"),
    Kind(DRAW, ("count",), "draw this many extra cards after the opponent's mulligan",
         "draw <count>"),
    Kind(PAY, ("card", "..."), "discard these attached Energy cards to pay a Retreat Cost",
         "pay <card> <card>... (sorted)"),
    Kind(ORDER, ("card", "..."), "put the top cards of the deck back in this order, the "
         "top card first", "order <card> <card>..."),
    Kind(YES, (), "yes to a question", "yes"),
    Kind(NO, (), "no to a question", "no"),
)}

# ----------------------------------------------------------------------- event tags

EV_TURN = "turn"
EV_FIRST = "first"
EV_DRAW = "draw"
EV_COIN = "coin"
EV_SHUFFLE = "shuffle"
EV_MULLIGAN = "mulligan"
EV_EXTRA_DRAW = "extra_draw"
EV_REVEAL = "reveal"
EV_BENCH = "bench"
EV_EVOLVE = "evolve"
EV_LEVEL_UP = "levelup"
EV_ATTACH = "attach"
EV_PLAY = "play"
EV_POWER = "power"
EV_RETREAT = "retreat"
EV_RETREAT_FAILED = "retreat_failed"
EV_SWITCH = "switch"
EV_ATTACK = "attack"
EV_BABY_STOP = "baby_stop"
EV_CONFUSED_HIT = "confused_hit"
EV_DAMAGE = "damage"
EV_COUNTERS = "counters"
EV_HEAL = "heal"
EV_CONDITION = "condition"
EV_RECOVER = "recover"
EV_CURED = "cured"
EV_KO = "ko"
EV_PRIZE = "prize"
EV_PROMOTE = "promote"
EV_PASS = "pass"
EV_MOVE = "move"
EV_TO_DECK = "to_deck"
EV_SCOOP = "scoop"
EV_STADIUM_DISCARDED = "stadium_discarded"
EV_SUDDEN_DEATH = "sudden_death"
EV_TIME = "time"
EV_BETWEEN = "between"
EV_WIN = "win"
EV_STADIUM_USED = "stadium_used"

# Field types of events (how ``event_notation`` writes them): seat (p1/p2), card (an
# instance id, written as its printed id), cards (a list of them), int, word (free text,
# quoted when it holds a space), heads (a coin), shown (a bool), and a trailing ``?`` for
# a field older logs may lack.
EVENT_KINDS: dict[str, Kind] = {k.tag: k for k in (
    Kind(EV_TURN, ("int", "seat"), "a turn begins (its number, whose turn)"),
    Kind(EV_FIRST, ("seat",), "who goes first"),
    Kind(EV_DRAW, ("seat", "card"), "a card drawn (hidden from the opponent)"),
    Kind(EV_COIN, ("seat", "heads", "word"), "a coin flip: who, the face, what for"),
    Kind(EV_SHUFFLE, ("seat",), "a deck is shuffled"),
    Kind(EV_MULLIGAN, ("seat", "cards"), "a mulligan: the hand shown"),
    Kind(EV_EXTRA_DRAW, ("seat", "int"), "extra cards drawn for the opponent's mulligan"),
    Kind(EV_REVEAL, ("seat", "card", "cards"), "the Pokémon turned face up at the start"),
    Kind(EV_BENCH, ("seat", "card"), "a Basic Pokémon put onto the Bench"),
    Kind(EV_EVOLVE, ("seat", "card", "card"), "an evolution: the Pokémon before, the card"),
    Kind(EV_LEVEL_UP, ("seat", "card", "card"), "a level-up: the Pokémon before, its LV.X"),
    Kind(EV_ATTACH, ("seat", "card", "card"), "a card attached to a Pokémon (its top card)"),
    Kind(EV_PLAY, ("seat", "card"), "a Trainer card played"),
    Kind(EV_POWER, ("seat", "card", "word"), "a Poké-Power used"),
    Kind(EV_RETREAT, ("seat", "card", "card"), "a retreat: the old and new Active Pokémon"),
    Kind(EV_RETREAT_FAILED, ("seat", "card"), "a Confused retreat failed"),
    Kind(EV_SWITCH, ("seat", "card"), "a Pokémon becomes the Active Pokémon"),
    Kind(EV_ATTACK, ("seat", "card", "word"), "an attack (card -1: no Pokémon)"),
    Kind(EV_BABY_STOP, ("seat",), "an attack stopped by a Baby Pokémon's rule"),
    Kind(EV_CONFUSED_HIT, ("seat", "card"), "a Confused Pokémon hurts itself"),
    Kind(EV_DAMAGE, ("seat", "card", "int"), "damage done to a Pokémon"),
    Kind(EV_COUNTERS, ("seat", "card", "int"), "damage counters put on a Pokémon"),
    Kind(EV_HEAL, ("seat", "card", "int"), "damage healed"),
    Kind(EV_CONDITION, ("seat", "card", "word"), "a Special Condition begins"),
    Kind(EV_RECOVER, ("seat", "card", "word"), "a Special Condition ends"),
    Kind(EV_CURED, ("seat", "card"), "every Special Condition removed"),
    Kind(EV_KO, ("seat", "card"), "a Pokémon is Knocked Out"),
    Kind(EV_PRIZE, ("seat", "int", "int"), "Prize cards taken, and how many are left"),
    Kind(EV_PROMOTE, ("seat", "card"), "a new Active Pokémon after a Knock Out"),
    Kind(EV_PASS, ("seat",), "the turn ends without an attack"),
    Kind(EV_MOVE, ("seat", "card", "word", "shown", "word?"),
         "a card moved by an effect: to which zone, shown or not, from which zone"),
    Kind(EV_TO_DECK, ("seat", "card"), "a Pokémon and its cards shuffled into the deck"),
    Kind(EV_SCOOP, ("seat", "card"), "a Pokémon returned to the hand"),
    Kind(EV_STADIUM_DISCARDED, ("seat", "card"), "a Stadium discarded by another"),
    Kind(EV_SUDDEN_DEATH, ("int", "word?"), "a Sudden Death game begins (why: tie or time)"),
    Kind(EV_TIME, ("int", "int"), "time is called: each player's Prize cards left"),
    Kind(EV_BETWEEN, ("word",), "between turns starts or ends"),
    Kind(EV_WIN, ("seat", "word"), "the match is won (reasons joined by +)"),
    Kind(EV_STADIUM_USED, ("seat", "card"), "a player uses the effect of the Stadium in play"),
)}

# --------------------------------------------------------------------- option notation

# The longest answer text read (a multi-pick of every card of a deck fits many times).
MAX_NOTATION_CHARS = 4_000
NO_PICK = "none"
JOINER = ", "


def where(m: Match, viewer: int, slot_id: int) -> str:
    """A Pokémon in play, by where it is, seen from ``viewer``."""
    s = m.slot(slot_id)
    if s is None:
        return "?"
    p = m.players[s.owner]
    spot = "active" if p.active is s else f"bench{p.bench.index(s) + 1}"
    return spot if s.owner == viewer else "opp-" + spot


def _card(m: Match, cid: int) -> str:
    return m.defs[cid].id if 0 <= cid < len(m.defs) else "?"


def _holder(m: Match, top: int) -> int | None:
    """The id of the Pokémon in play whose top card is ``top``."""
    if not 0 <= top < len(m.owner):
        return None
    for s in m.players[m.owner[top]].in_play():
        if s.top == top:
            return s.id
    return None


def base_notation(m: Match, viewer: int, opt: tuple[Any, ...]) -> str:
    """An option's text before copies are told apart (see :func:`notations`)."""
    tag = opt[0]
    if tag == BENCH or tag == PLAY or tag == CARD or tag == USE_STADIUM:
        return f"{tag} {_card(m, opt[1])}"
    if tag == ATTACH or tag == ATTACH_TOOL or tag == ATTACH_TM:
        return f"attach {_card(m, opt[1])} {where(m, viewer, opt[2])}"
    if tag == EVOLVE or tag == ENERGY or tag == LEVEL_UP:
        return f"{tag} {_card(m, opt[1])} {where(m, viewer, opt[2])}"
    if tag == ATTACK:
        source, i = opt[1], opt[2]
        name = m.defs[source].attacks[i].name
        active = m.players[viewer].active
        if (active is not None and source == active.top) or m.defs[source].kind == TRAINER:
            return f"attack {_card(m, source)} {name}"
        holder = _holder(m, source)
        spot = where(m, viewer, holder) if holder is not None else "?"
        return f"attack {_card(m, source)} {spot} {name}"
    if tag == POWER:
        s = m.slot(opt[1])
        if s is None:
            cid = opt[1]
            if 0 <= cid < len(m.defs) and cid in m.players[m.owner[cid]].discard:
                # An Ability used from the discard pile (its card stands for the Pokémon)
                return f"power {_card(m, cid)} discard {m.defs[cid].powers[opt[2]].name}"
            return f"power ? ? {opt[2]}"
        return f"power {_card(m, s.top)} {where(m, viewer, s.id)} " \
               f"{power_of(m, s, opt[2]).name}"
    if tag == RETREAT or tag == SLOT or tag == DISCARD:
        return f"{tag} {where(m, viewer, opt[1])}"
    if tag == PRIZE:
        return f"prize {opt[1] + 1}"
    if tag == DRAW:
        return f"draw {opt[1]}"
    if tag == PAY:
        return "pay " + " ".join(sorted(_card(m, c) for c in opt[1:]))
    if tag == ORDER:
        return "order " + " ".join(_card(m, c) for c in opt[1:])
    if tag == PASS or tag == YES or tag == NO or tag == ALLOW:
        return tag
    if tag == RESPOND:
        return f"respond {_card(m, opt[1])}"
    raise ValueError(f"no notation for the option {opt!r}: its kind is not declared")


def _copy_key(opt: tuple[Any, ...]) -> tuple[int, ...]:
    return tuple(x for x in opt[1:] if type(x) is int)


def notations(m: Match, choice: Choice) -> list[str]:
    """The notation of every option of ``choice``, in the order of its options."""
    viewer = choice.player
    out = [base_notation(m, viewer, o) for o in choice.options]
    if len(set(out)) == len(out):
        return out
    groups: dict[str, list[int]] = {}
    for i, text in enumerate(out):
        groups.setdefault(text, []).append(i)
    for text, where_ in groups.items():
        if len(where_) > 1:
            ranked = sorted(where_, key=lambda i: _copy_key(choice.options[i]))
            for k, i in enumerate(ranked, 1):
                out[i] = f"{text} #{k}"
    return out


def notation(m: Match, choice: Choice, option: tuple[Any, ...] | int) -> str:
    """One option's notation (the option itself or its index)."""
    i = option if isinstance(option, int) else choice.options.index(option)
    return notations(m, choice)[i]


def check_picks(choice: Choice, picks: Any) -> list[int]:
    """The option indices of an answer given as an index or a list of them, checked for
    type and range (IllegalAction otherwise); counts are the caller's to check."""
    n = len(choice.options)
    if isinstance(picks, int) and not isinstance(picks, bool):
        out = [picks]
    elif isinstance(picks, (list, tuple)) and all(
            isinstance(i, int) and not isinstance(i, bool) for i in picks):
        out = list(picks)
    else:
        raise IllegalAction(f"an answer is an option index or a list of indices, not "
                            f"{_shown(picks)}")
    for i in out:
        if not 0 <= i < n:
            raise IllegalAction(f"option {i} does not exist: this {choice.kind} decision "
                                f"has options 0..{n - 1}")
    return out


def answer_notation(m: Match, choice: Choice, picks: int | Sequence[int] | str) -> str:
    """The notation of an answer: one option's, or several joined by ``, `` in the order
    given (the order can matter: Pokémon go onto the Bench in it); ``none`` for no pick.
    A text answer is read and written back in its canonical form."""
    if isinstance(picks, str):
        picks = parse_answer(m, choice, picks)
    chosen = check_picks(choice, picks)
    if not chosen:
        return NO_PICK
    names = notations(m, choice)
    return JOINER.join(names[i] for i in chosen)


def _shown(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _norm(text: str) -> str:
    return " ".join(text.split())


class _Reader:
    """Looks texts up among one choice's notations: exactly, then ignoring case."""

    def __init__(self, m: Match, choice: Choice) -> None:
        self.choice = choice
        self.names = notations(m, choice)
        self.exact = {t: i for i, t in enumerate(self.names)}
        self.folded: dict[str, list[int]] = {}
        for i, t in enumerate(self.names):
            self.folded.setdefault(t.casefold(), []).append(i)
        # The most commas one option's own text holds: a multi-pick answer's pieces are
        # joined back no further than that (a hostile text of many pieces stays linear).
        self.commas = max((t.count(",") for t in self.names), default=0)

    def find(self, text: str) -> int | None:
        i = self.exact.get(text)
        if i is not None:
            return i
        hits = self.folded.get(text.casefold(), [])
        return hits[0] if len(hits) == 1 else None

    def one(self, text: str) -> int:
        norm = _norm(text)
        i = self.find(norm)
        if i is not None:
            return i
        kind = self.choice.kind
        copies = [t for t in self.names if t.casefold().startswith(norm.casefold() + " #")]
        if copies:
            raise IllegalAction(f"{_shown(norm)} is ambiguous in this {kind} decision: "
                                f"say which with {', '.join(copies[:6])}")
        if len(self.folded.get(norm.casefold(), [])) > 1:
            raise IllegalAction(f"{_shown(norm)} is ambiguous in this {kind} decision "
                                "(options differ only in case)")
        offered = " | ".join(self.names[:8]) + (" | ..." if len(self.names) > 8 else "")
        raise IllegalAction(f"no option of this {kind} decision reads {_shown(norm)}; "
                            f"its options: {offered}")

    def several(self, text: str, most: int) -> list[int]:
        """A multi-pick text: notations joined by commas. A comma inside an option's own
        text (a name) is allowed: pieces are joined back until they name an option. More
        than ``most`` picks is refused as soon as they are read."""
        norm = _norm(text)
        if norm.casefold() == NO_PICK or not norm:
            return []
        pieces = norm.split(",")
        out: list[int] = []
        start = 0
        while start < len(pieces):
            if len(out) >= most:
                raise IllegalAction(f"this {self.choice.kind} decision takes at most {most} "
                                    f"option(s); {_shown(norm)} names more")
            for end in range(min(len(pieces), start + 1 + self.commas), start, -1):
                i = self.find(_norm(",".join(pieces[start:end])))
                if i is not None:
                    out.append(i)
                    start = end
                    break
            else:
                out.append(self.one(pieces[start]))  # raises, naming the piece
        return out


def _check_text(choice: Choice, text: Any) -> str:
    if not isinstance(text, str):
        raise IllegalAction(f"an answer's notation is a text, not {_shown(text)}")
    if len(text) > MAX_NOTATION_CHARS:
        raise IllegalAction(f"an answer's notation is at most {MAX_NOTATION_CHARS} "
                            f"characters; this one has {len(text)}")
    return text


def parse_option(m: Match, choice: Choice, text: str) -> int:
    """The index of the option of ``choice`` whose notation is ``text`` (spaces and case
    are forgiven); IllegalAction on an unknown or ambiguous text."""
    return _Reader(m, choice).one(_check_text(choice, text))


def parse_answer(m: Match, choice: Choice, text: str) -> int | list[int]:
    """An answer's notation back to what ``Match.apply`` takes: an index for a
    one-option choice, a list of indices otherwise (in the order written). The number of
    picks and repeats are checked too; IllegalAction on anything that is not an answer."""
    text = _check_text(choice, text)
    reader = _Reader(m, choice)
    if choice.single:
        return reader.one(text)
    picks = reader.several(text, choice.max)
    if len(set(picks)) != len(picks):
        raise IllegalAction(f"the same option is picked twice in {_shown(_norm(text))}")
    if not choice.min <= len(picks) <= choice.max:
        want = str(choice.min) if choice.min == choice.max else f"{choice.min} to {choice.max}"
        raise IllegalAction(f"this {choice.kind} decision takes {want} option(s), got "
                            f"{len(picks)}")
    return picks


# ---------------------------------------------------------------------- event notation


def _word(value: Any) -> str:
    text = str(value)
    return text if text and not any(c.isspace() or c == '"' for c in text) else \
        '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def event_notation(m: Match, ev: tuple[Any, ...], viewer: int | None = None) -> str:
    """One log event as a line of notation: its tag, then its fields (seats as p1/p2,
    cards by printed id). ``viewer`` hides what that player may not see, as
    ``describe_event`` does (a hidden card is ``?``)."""
    from .describe import move_is_public

    tag = ev[0]
    kind = EVENT_KINDS.get(tag)
    if kind is None:
        return " ".join(_word(x) for x in ev)
    hidden = viewer is not None and (
        (tag == EV_DRAW and ev[1] != viewer)
        or (tag == EV_MOVE and ev[1] != viewer and not move_is_public(ev)))
    out = [tag]
    for ftype, value in zip(kind.fields, ev[1:], strict=False):
        ftype = ftype.rstrip("?")
        if ftype == "seat":
            out.append(f"p{value + 1}")
        elif ftype == "card":
            out.append("?" if hidden else ("-" if value < 0 else _card(m, value)))
        elif ftype == "cards":
            out.append("[" + " ".join(_card(m, c) for c in value) + "]")
        elif ftype == "heads":
            out.append("heads" if value else "tails")
        elif ftype == "shown":
            out.append("shown" if value else "unshown")
        elif ftype == "int":
            out.append(str(value))
        else:
            out.append(_word(value))
    return " ".join(out)


# --- Platinum era: pl1 part3 (a response to the opponent's move)

# A player answers the opponent's Poké-Power (Team Galactic's Invention G-103 Power Spray):
# play a card from the hand in response, or let it go ahead (rules.PowerResponse).
RESPOND = "respond"
ALLOW = "allow"
OPTION_KINDS[RESPOND] = Kind(RESPOND, ("card",), "play a card from the hand in response to "
                             "the opponent's Poké-Power", "respond <card>")
OPTION_KINDS[ALLOW] = Kind(ALLOW, (), "let the opponent's Poké-Power go ahead (no response)",
                           "allow")
ALLOW_OPTION = (ALLOW,)


# --- Platinum era: the Lost Zone

# Cards put in the Lost Zone (out of the match, face up: both players see them).
EV_LOST = "lost"
EVENT_KINDS[EV_LOST] = Kind(EV_LOST, ("seat", "cards"),
                            "cards put in the Lost Zone (whose they are, which)")


# ---- Black & White era: next_destinies part2 ----

# A hand an effect shows (the opponent's, say): both players see it.
EV_HAND_SHOWN = "hand_shown"
EVENT_KINDS[EV_HAND_SHOWN] = Kind(EV_HAND_SHOWN, ("seat", "cards"),
                                  "a hand shown to both players by an effect (whose, its cards)")
