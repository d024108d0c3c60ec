"""Netplay: the messages two handhelds exchange for a duel over the link, and the rules
that keep both on the same match. No screen here: ``handheld/ui/scenes/link_duel.py``
shows what this module decides.

Both handhelds run the *same* session -- same setup in the same order, same seed, seats
mirrored (the host is seat 0) -- so every chance outcome comes out the same on both sides
and only the players' answers travel. Each answer travels as its notation (the text the
replay keeps, docs/NOTATION.md: ``attack ecard1-40 Flamethrower``), never as an option
index, whose order is an internal detail of one version; it carries its number and a
digest of the position after it (:func:`handheld.kernel.digest`). The receiver applies
the answers in order, accepting only a text that reads as an answer to the decision it
is waiting on, and compares digests, so two handhelds that disagree (a desync) stop at
once.

Hidden information: the friend's handheld holds the whole match (both decks, the seed that
orders them, every hand), as it must to play it in step, so an answer's text tells it
nothing it did not already hold; an index told as much. What each player is *shown* is the
screen's business (the log seen by one seat hides the other's hand). docs/NOTATION.md has
the reasoning.

Messages (JSON objects, ``t`` is the kind)::

    hello   v, game, era, name, deck, cards   both sides, once the deck is picked
    hello   v, game, era, name, army          the same for Legend Pieces ("pieces"),
                                              once linked: the army that side plays
    start   seed, check            host -> guest: the match begins (check: setup digest,
                                   of both decks or both armies and the seed)
    answer  n, action, digest      the n-th answer of the match (1-based) as its
                                   notation, and the digest of the position after it
    abort   why                    the sender stops (left, desync, bad deck ...)
    forfeit                        Legend Pieces: the sender gives up, the friend wins
                                   (a card duel over the link offers no forfeit: there
                                   it is garbage)

A hello names the game (the registry key, "tcg" or "pieces") and the era (its key): a
friend who plays another game or another era is refused, with the reason on both screens.
Everything a peer sends is checked here before it reaches a session.

The card game's screen hands the friend's answers to its session (:meth:`Netplay.apply_next`);
the piece game's board applies them itself, so :meth:`Netplay.next_answer` checks each on a
copy of the match and gives back its notation. :class:`StateSession` is the session of any
kernel game whose screen is not the card game's (it is also what the tests play the piece
game with, two sessions and no screen).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from .kernel import Chance, Choice, State, digest
from .pieces import ARMIES
from .pieces import ERA as PIECES_ERA
from .pieces import GAME_KEY as PIECES_GAME

# The version of the messages above; both handhelds must speak the same. 2: the hello
# names the game and the era. 3: an answer's action is its notation, not option indices.
PROTOCOL = 3
DECK_SIZE = 60
NAME_MAX = 16
DECK_NAME_MAX = 24
CARD_ID_MAX = 40
KEY_MAX = 24  # a game's or an era's key, an army's key
WHY_MAX = 120
# The longest answer text taken from the link (the engine reads no longer notation).
ANSWER_MAX = 4_000


# --------------------------------------------------------------------------- checking


def clean(value: Any, limit: int) -> str:
    """Peer-supplied text made drawable: letters the font has, trimmed to ``limit``."""
    if not isinstance(value, str):
        return ""
    kept = "".join(c if (" " <= c <= "~" or c == "é") else "?" for c in value)
    return kept.strip()[:limit]


def is_notation(value: Any) -> bool:
    """An answer as it travels: a text of at most ANSWER_MAX characters. Whether it reads
    as an answer is for the match to say, once it waits for the friend's decision."""
    return isinstance(value, str) and len(value) <= ANSWER_MAX


def position_digest(state: State) -> str:
    """A short digest of the match position: equal on both handhelds while they agree."""
    return state.digest()


def setup_digest(sides: tuple[Any, Any], seed: int) -> str:
    """The digest of what both handhelds must agree on before the first move: the two
    sides (host's, guest's: two decks of card ids, or two army keys) and the seed."""
    return digest([sides[0], sides[1], seed])


class Refusal(NamedTuple):
    """Why a duel cannot go on, as this player reads it (``here``) and as the friend reads
    it (``there``, sent in the abort)."""

    here: str
    there: str


# --------------------------------------------------------------------------- setup


@dataclass(frozen=True)
class Hello:
    """One side of the setup: who plays which game in which era, with which deck (the card
    game) or which army (Legend Pieces: ``army`` is its key, ``deck`` and ``cards`` are
    empty and never travel)."""

    name: str
    deck: str
    cards: list[str]
    game: str = "tcg"
    era: str = "expedition"
    army: str = ""

    @classmethod
    def pieces(cls, name: str, army: str) -> Hello:
        """A Legend Pieces hello: ``name`` plays ``army``."""
        return cls(name, "", [], PIECES_GAME, PIECES_ERA, army)

    def message(self) -> dict[str, Any]:
        msg = {"t": "hello", "v": PROTOCOL, "game": self.game, "era": self.era,
               "name": self.name}
        if self.game == PIECES_GAME:
            return {**msg, "army": self.army}
        return {**msg, "deck": self.deck, "cards": list(self.cards)}

    @property
    def side(self) -> str | list[str]:
        """What the setup digest covers of this side: its army, or its deck's cards."""
        return self.army if self.game == PIECES_GAME else list(self.cards)


def parse_hello(msg: dict[str, Any], *, game: str, era: str) -> Hello | Refusal:
    """The friend's hello, or why it is refused (this handheld plays ``game`` in ``era``)."""
    version = msg.get("v")
    if version != PROTOCOL:
        shown = clean(str(version), 12)
        return Refusal(f"your friend's handheld speaks link protocol {shown}, this one "
                       f"speaks {PROTOCOL}: update both to the same version",
                       f"this handheld speaks link protocol {PROTOCOL}, yours speaks "
                       f"{shown}: update both to the same version")
    theirs = clean(msg.get("game"), KEY_MAX) or "?"
    if theirs != game:
        return Refusal(f"your friend's handheld wants to play the game {theirs!r}, this one "
                       f"plays {game!r}",
                       f"this handheld plays the game {game!r}, yours wants {theirs!r}")
    their_era = clean(msg.get("era"), KEY_MAX) or "?"
    if their_era != era:
        return Refusal(f"the eras differ: your friend plays {their_era}, this handheld "
                       f"{era}; pick the same era on both",
                       f"the eras differ: your friend plays {era}, your handheld "
                       f"{their_era}; pick the same era on both")
    name = clean(msg.get("name"), NAME_MAX) or "Friend"
    if theirs == PIECES_GAME:
        army = msg.get("army")
        if not isinstance(army, str) or army not in ARMIES:
            known = ", ".join(ARMIES)
            return Refusal(f"your friend's hello names no army of this handheld ({known})",
                           f"your hello names no army of the other handheld ({known})")
        return Hello.pieces(name, army)
    cards = msg.get("cards")
    if not isinstance(cards, list) or len(cards) != DECK_SIZE or not all(
            isinstance(c, str) and 0 < len(c) <= CARD_ID_MAX for c in cards):
        text = f"your friend's hello does not list {DECK_SIZE} card ids"
        return Refusal(text, f"your hello does not list {DECK_SIZE} card ids")
    deck = clean(msg.get("deck"), DECK_NAME_MAX) or "deck"
    return Hello(name, deck, list(cards), theirs, their_era)


def deck_problem(mine: Hello, friend: Hello,
                 violations: Callable[[Sequence[str]], list[str]]) -> Refusal | None:
    """What is wrong with either deck (``violations`` lists a deck's problems, the game's
    own check); None when both decks are legal here."""
    for hello, here, there in ((mine, "your", "your friend's"),
                               (friend, "your friend's", "your")):
        problems = violations(hello.cards)
        if problems:
            what = f"deck {hello.deck} cannot be played: {'; '.join(problems[:3])}"
            return Refusal(f"{here} {what}", f"{there} {what}")
    return None


def army_problem(host: Hello, guest: Hello) -> Refusal | None:
    """Legend Pieces: each handheld plays its own army (the host Gold, the guest Silver);
    two hellos naming the same one cannot make a game. None when they differ."""
    if host.army != guest.army:
        return None
    name = ARMIES[host.army].name if host.army in ARMIES else clean(host.army, KEY_MAX)
    text = f"both handhelds want to play the {name} army"
    return Refusal(text, text)


def start_message(sides: tuple[Any, Any], seed: int) -> dict[str, Any]:
    """The host's start: the seed, and the digest of the setup both must agree on
    (``sides``: host's, guest's decks or armies)."""
    return {"t": "start", "seed": seed, "check": setup_digest(sides, seed)}


def parse_start(msg: dict[str, Any], sides: tuple[Any, Any]) -> int | Refusal:
    """The seed of the host's start (``sides``: host's, guest's decks or armies), or why
    it is refused."""
    seed, check = msg.get("seed"), msg.get("check")
    if type(seed) is not int or not 0 <= seed < 2**63:
        return Refusal("the host sent a start without a valid seed",
                       "this handheld refused the start: no valid seed")
    if check != setup_digest(sides, seed):
        what = "armies" if isinstance(sides[0], str) else "decks"
        return Refusal(f"the host's idea of the two {what} differs from this handheld's",
                       f"this handheld refused the start: the {what} differ")
    return seed


def abort_message(why: str) -> dict[str, Any]:
    return {"t": "abort", "why": why}


def abort_reason(msg: dict[str, Any]) -> str:
    """The reason an abort gives, made drawable."""
    return clean(msg.get("why"), WHY_MAX) or "no reason given"


# --------------------------------------------------------------------------- the duel


class DuelSession(Protocol):
    """What netplay needs of the session both handhelds run (MatchSession has it).
    ``answers`` keeps each answer given as its notation; ``answer`` takes an option index
    or a notation and raises (the game's error) on one that is not an answer to the
    pending decision, changing nothing."""

    answers: list[Any]

    @property
    def match(self) -> State: ...

    def answer(self, action: Any) -> None: ...

    def waiting_for(self) -> str: ...


class Stop(NamedTuple):
    """The duel must stop: ``text`` for this player; ``why`` for the friend (None: the
    friend is not told, e.g. because the friend stopped it)."""

    text: str
    why: str | None


class Garbage(NamedTuple):
    """A well-formed message this game does not understand (ignored, reported)."""

    what: str


class Forfeit(NamedTuple):
    """The friend gave up: this player wins."""


def forfeit_message() -> dict[str, Any]:
    return {"t": "forfeit"}


class _NoDecision(Exception):
    """The copy of the match waits for no decision (a chance, or the end)."""


class Netplay:
    """The duel's side of the link protocol: the message for each of this player's answers,
    the friend's answers applied in order, the desync checks.

    ``rejected`` are the errors a friend's illegal answer may raise (the game's own error
    class); they end the duel as a desync, anything else is a bug and propagates.
    ``noun`` is what the texts call the match ("duel", "game"); ``forfeits``: whether the
    game lets a player give up over the link (Legend Pieces)."""

    def __init__(self, session: DuelSession,
                 rejected: tuple[type[Exception], ...] = (ValueError,), *,
                 noun: str = "duel", forfeits: bool = False) -> None:
        self.session = session
        self.rejected = rejected
        self.noun = noun
        self.forfeits = forfeits
        self.inbox: deque[dict[str, Any]] = deque()  # the friend's answers, not applied yet

    def answer_message(self) -> dict[str, Any]:
        """The message for this player's answer just given to the session: its number, its
        notation as the session kept it, and the digest of the position after it."""
        s = self.session
        text = s.answers[-1] if s.answers else None
        if not isinstance(text, str):
            raise ValueError("the session's last entry is not an answer's notation: "
                             "send an answer right after giving it")
        return {"t": "answer", "n": len(s.answers), "action": text,
                "digest": position_digest(s.match)}

    def receive(self, msg: dict[str, Any]) -> Stop | Garbage | Forfeit | None:
        """One message from the friend during the duel: an answer is queued (None); an
        abort stops the duel; a forfeit (where the game has them) ends it, the friend
        giving up; anything else is garbage."""
        kind = msg.get("t")
        if kind == "answer":
            if type(msg.get("n")) is int and is_notation(msg.get("action")) and \
                    isinstance(msg.get("digest"), str):
                self.inbox.append(msg)
                return None
            return Garbage("an answer with missing or wrong fields")
        if kind == "abort":
            return Stop(f"Your friend's handheld stopped the {self.noun}: "
                        f"{abort_reason(msg)}. It counts as abandoned.", None)
        if kind == "forfeit" and self.forfeits:
            return Forfeit()
        return Garbage(f"a message of unknown kind {clean(str(kind), 20)!r}")

    def apply_next(self) -> Stop | None:
        """The match waits for the friend: apply their next answer, if it has arrived, and
        check that both handhelds still agree."""
        if not self.inbox:
            return None
        s = self.session
        return self._take(self.inbox.popleft(), s.answer, lambda: s.match)

    def next_answer(self) -> str | Stop | None:
        """For a screen that applies the friend's answers itself (the piece game's board),
        while the match waits for the friend's decision: their next answer, if it has
        arrived (None otherwise), checked as :meth:`apply_next` checks it but on a copy of
        the match. Returned as its notation, already counted in the session's ``answers``:
        the screen applies exactly that text to the match next."""
        if not self.inbox:
            return None
        copy = self.session.match.clone()
        taken: list[str] = []

        def answer(action: Any) -> None:
            choice = copy.pending
            if not isinstance(choice, Choice):
                raise _NoDecision
            text = copy.answer_notation(choice, action)
            copy.apply(action)
            taken.append(text)

        stop = self._take(self.inbox.popleft(), answer, lambda: copy)
        if stop is not None:
            return stop
        self.session.answers.append(taken[0])
        return taken[0]

    def _take(self, msg: dict[str, Any], answer: Callable[[Any], None],
              after: Callable[[], State]) -> Stop | None:
        """The friend's answer ``msg`` given through ``answer`` if its number is the next
        one, then the position ``after`` it compared with the friend's digest."""
        n, action, theirs = msg["n"], msg["action"], msg["digest"]
        expected = len(self.session.answers) + 1
        if n != expected:
            return Stop(f"Your friend's handheld sent answer #{n} when this one expected "
                        f"#{expected}: the two handhelds no longer agree on the match.",
                        f"answer #{n} arrived when #{expected} was expected (desync)")
        refused: tuple[type[Exception], ...] = (*self.rejected, _NoDecision)
        try:
            # The match reads the text against the decision it waits on; anything else
            # (an unknown text, a wrong number of picks) is refused and changes nothing.
            answer(action)
        except refused:
            # Not the error's text: it lists the decision's options, which name cards of
            # the friend's hand that this player is not shown.
            return Stop(f"Your friend's answer #{n} does not name a legal move in this "
                        "match. The two handhelds no longer agree on it.",
                        f"answer #{n} is illegal on the other handheld (desync)")
        mine = position_digest(after())
        if mine != theirs:
            return Stop(f"Desync: after answer #{n} the two handhelds see different matches "
                        f"(position {mine} here, {clean(theirs, 8)} there). The {self.noun} "
                        "cannot go on.",
                        f"the handhelds disagree after answer #{n} (desync)")
        return None

    def out_of_turn(self) -> Stop | None:
        """An answer from the friend waits while it is this player's move: a desync."""
        if not self.inbox or self.session.waiting_for() != "human":
            return None
        n = self.inbox[0]["n"]
        return Stop(f"Your friend's handheld answered out of turn (answer #{n} came while it "
                    "was your move). The two handhelds no longer agree on the match.",
                    f"answer #{n} came out of turn (desync)")


class StateSession:
    """The session of any kernel game on the link (a :class:`DuelSession`): the match, who
    sits in each seat ("human" for this handheld's player, "remote" for the friend), the
    chances drawn from the seed as every driver draws them, and the answers in notation.

    The piece game's board resolves the chances and applies the answers itself; its link
    keeps one of these over the board's own match for the answers' count and the digests."""

    def __init__(self, state: State, players: Sequence[str], seed: int) -> None:
        self.match = state
        self.players = list(players)
        self.seed = seed
        self.rng = random.Random(seed)
        self.answers: list[Any] = []

    @property
    def over(self) -> bool:
        return self.match.over

    def waiting_for(self) -> str:
        """"over", "chance", or the player of the seat the pending decision is for."""
        d = self.match.pending
        if self.match.over or d is None:
            return "over"
        if isinstance(d, Chance):
            return "chance"
        return self.players[d.player]

    def step(self) -> bool:
        """Resolve the pending chance from the seed; False when none is pending."""
        d = self.match.pending
        if self.match.over or not isinstance(d, Chance):
            return False
        self.match.resolve(d.sample(self.rng))
        return True

    def answer(self, action: Any) -> None:
        """A player's answer (an option index, a list of them or a notation): applied and
        kept as notation; one that is no answer raises the game's error, changing nothing."""
        choice = self.match.pending
        if not isinstance(choice, Choice):
            raise _NoDecision("the match waits for no decision")
        text = self.match.answer_notation(choice, action)
        self.match.apply(action)
        self.answers.append(text)
