"""Deck rules ("How Do You Make a New Deck?"): exactly 60 cards, at most 4 cards of any one
name except basic Energy, and at least one Basic Pokémon to start with. This project adds:
every card must be known and have its effects written."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cardpool import CardPool
from .errors import InvalidDeck
from .ruleset import EXPEDITION, Ruleset


def deck_violations(pool: CardPool, deck: Sequence[str], rules: Ruleset = EXPEDITION,
                    ) -> list[str]:
    """Every broken deck rule, in a stable order (empty when the deck is legal)."""
    out: list[str] = []
    if len(deck) != rules.deck_size:
        out.append(f"the deck has {len(deck)} cards; it must have exactly {rules.deck_size}")
    unknown = sorted({c for c in deck if c not in pool})
    for c in unknown:
        out.append(f"unknown card id {c!r}")
    known = [pool.get(c) for c in deck if c in pool]
    names = Counter(d.name for d in known if not d.basic_energy)
    for name, n in sorted(names.items()):
        if n > rules.max_copies:
            out.append(f"{n} cards named {name}; at most {rules.max_copies} are allowed")
    if known and not any(d.is_basic_pokemon for d in known):
        out.append("no Basic Pokémon; a deck needs at least one to start the game")
    elif not known:
        out.append("no Basic Pokémon; a deck needs at least one to start the game")
    missing = sorted({(d.id, d.name) for d in known if not d.implemented})
    for cid, name in missing:
        out.append(f"{name} ({cid}) cannot be played yet: its effects are not implemented")
    return out


def validate_deck(pool: CardPool, deck: Sequence[str], rules: Ruleset = EXPEDITION) -> None:
    """Raise :class:`InvalidDeck` listing every violation, or return if the deck is legal."""
    problems = deck_violations(pool, deck, rules)
    if problems:
        raise InvalidDeck(problems)


# A deck list names at most this many cards and lines: a legal deck has 60, and these bounds
# keep a hostile list ("99999999999 ecard1-1", a million lines) from costing memory or time.
MAX_LIST_CARDS = 240
MAX_LIST_LINES = 1000
MAX_COPIES_PER_LINE = 60


def parse_deck_list(text: str) -> list[str]:
    """Read a deck list: one ``COUNT CARD-ID`` per line; ``#`` starts a comment; the card
    name may follow the id for readability (``4 ecard1-98 Charmander``).

    Raises :class:`InvalidDeck` naming the first bad line; the bounds above are enforced
    before any work is spent on a line."""
    cards: list[str] = []
    lines = text.splitlines()
    if len(lines) > MAX_LIST_LINES:
        raise InvalidDeck([f"the list has {len(lines)} lines; a deck list has at most "
                           f"{MAX_LIST_LINES}"])
    for lineno, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        shown = raw if len(raw) <= 60 else raw[:57] + "..."
        if len(parts) < 2 or not (parts[0].isascii() and parts[0].isdigit()):
            raise InvalidDeck([f"line {lineno}: expected 'COUNT CARD-ID [name]', got {shown!r}"])
        if len(parts[0]) > 3 or not 1 <= int(parts[0]) <= MAX_COPIES_PER_LINE:
            raise InvalidDeck([f"line {lineno}: the count must be 1 to {MAX_COPIES_PER_LINE}, "
                               f"got {shown!r}"])
        if len(parts[1]) > 40:
            raise InvalidDeck([f"line {lineno}: {parts[1][:40]!r}... is too long for a card id"])
        cards.extend([parts[1]] * int(parts[0]))
        if len(cards) > MAX_LIST_CARDS:
            raise InvalidDeck([f"line {lineno}: the list names more than {MAX_LIST_CARDS} "
                               "cards; a deck has 60"])
    return cards


def format_deck_list(pool: CardPool, deck: Sequence[str]) -> str:
    counts = Counter(deck)
    lines = []
    for cid in dict.fromkeys(deck):
        name = pool.get(cid).name if cid in pool else "?"
        lines.append(f"{counts[cid]} {cid} {name}")
    return "\n".join(lines) + "\n"
