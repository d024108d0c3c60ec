"""Deck lists as deck sites and the official online game write them: one
``COUNT NAME SETCODE NUMBER`` line per card (``4 Charmander EXP 98``), under section headers
(``Pokémon: 12``, ``Trainer: 24``, ``Energy: 24``, ``Total Cards: 60``).

Reading accepts what such lists hold in the wild: the printed set abbreviation (``EXP``) or
the pokemontcg.io set code (``ecard1``), any case; a whole card id (``ecard1-98``) in place
of the set and number; the game's own ``.deck`` lines (``4 ecard1-98 Charmander``); basic
Energy without a set (``14 Fire Energy``: the deck's era's printing); headers, ``*``
bullets, comments (``#``, ``//``), extra spaces and CRLF. Every line that names no card is
reported with its number and why; nothing is read from a line it cannot place.

Writing gives the printed abbreviation and number, the headers and the total.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .collection import deck_era_of, era_album
from .engine.carddefs import ENERGY, POKEMON, TRAINER
from .engine.cardpool import CardPool
from .engine.deck import MAX_COPIES_PER_LINE, MAX_LIST_CARDS, MAX_LIST_LINES
from .engine.eras import Era
from .engine.eras import era as era_by_key
from .printed import PrintedCards, name_key

# A section header of a deck list ("Pokémon: 12", "##Trainer Cards - 24", "Total Cards: 60").
_HEADER = re.compile(r"(?:#+\s*)?(?:pok[eé]mon|trainers?|energy|total)(?:\s+cards?)?"
                     r"\s*(?:[:\-\u2013]\s*)?(?:\(\s*)?\d{0,4}(?:\s*\))?\s*:?", re.IGNORECASE)
_CARD_ID = re.compile(r"([a-z0-9]{1,16})-([A-Za-z0-9]{1,8})", re.IGNORECASE)
# What a set code or a number looks like, to tell "an unknown set code" from "no set at all".
_SET_CODE = re.compile(r"[A-Za-z][A-Za-z0-9]{1,7}")
_NUMBER = re.compile(r"[A-Za-z]{0,3}\d{1,4}(?:/\d{1,4})?|ONE", re.IGNORECASE)
# The online game writes basic Energy as "Fire Energy Energy 2": "Energy" stands for a set.
_ENERGY_SET = "energy"


class DeckListError(ValueError):
    """A deck list that cannot be read: ``problems`` holds one message per bad line
    (``line 3: ...``), in line order."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = list(problems)

    def __reduce__(self) -> tuple[type, tuple[list[str]]]:
        # Rebuilt from its problems, not its joined message (pickled across processes).
        return (DeckListError, (self.problems,))


@dataclass
class _Line:
    number: int
    count: int
    name: str  # as written ("" when the line gives none)
    card_id: str | None  # None: a basic Energy named without a set, placed by the era
    shown: str


@dataclass
class DeckList:
    """A deck list read: its cards (ids, in the list's order), the era they are for, and
    the deck rules' verdict on them (empty when the deck is legal)."""

    cards: list[str]
    era: Era
    violations: list[str] = field(default_factory=list)


def _shown(raw: str) -> str:
    return repr(raw if len(raw) <= 60 else raw[:57] + "...")


def _line_of(number: int, raw: str, line: str, printed: PrintedCards) -> _Line | str:
    """The card a line names, or why it names none."""
    shown = _shown(raw.strip())
    words = line.split()
    if not words[0].isascii() or not words[0].isdigit():
        return f"line {number}: expected 'COUNT NAME SET NUMBER' (4 Charmander EXP 98), " \
               f"got {shown}"
    if len(words[0]) > 3 or not 1 <= int(words[0]) <= MAX_COPIES_PER_LINE:
        return f"line {number}: the count must be 1 to {MAX_COPIES_PER_LINE}, got {shown}"
    count = int(words[0])
    rest = words[1:]
    if not rest:
        return f"line {number}: a count without a card: {shown}"
    if any(len(w) > 40 for w in rest):
        return f"line {number}: a word too long for a card list: {shown}"
    # A whole card id, last (4 Charmander ecard1-98) or first (the game's .deck files).
    for index in (len(rest) - 1, 0):
        m = _CARD_ID.fullmatch(rest[index])
        printed_set_of_id = printed.set_for(m.group(1)) if m is not None else None
        if m is not None and printed_set_of_id is not None:
            name = " ".join(rest[:index] + rest[index + 1:])
            found = printed.card(printed_set_of_id, m.group(2))
            if found is None:
                return f"line {number}: no card {rest[index]} (its set has no number " \
                       f"{m.group(2)})"
            return _checked(number, count, name, found.card_id, found.name, shown)
    if len(rest) >= 2 and _NUMBER.fullmatch(rest[-1]):
        code, num, name = rest[-2], rest[-1], " ".join(rest[:-2])
        if code.casefold() == _ENERGY_SET:
            return _Line(number, count, name, None, shown)
        printed_set = printed.set_for(code)
        if printed_set is not None:
            found = printed.card(printed_set, num)
            if found is None:
                return (f"line {number}: {printed_set.abbr} ({printed_set.name}) has no card "
                        f"number {num}: {shown}")
            return _checked(number, count, name, found.card_id, found.name, shown)
        if _SET_CODE.fullmatch(code):
            return (f"line {number}: unknown set code {code!r} (set codes: "
                    f"{printed.codes()}, or their pokemontcg.io codes such as ecard1): "
                    f"{shown}")
    name = " ".join(rest)
    if _is_energy_name(name):
        return _Line(number, count, name, None, shown)
    return (f"line {number}: no set code and number after the name (only basic Energy may "
            f"go without them): {shown}")


def _is_energy_name(name: str) -> bool:
    words = name_key(name).split()
    return len(words) == 2 and words[1] == "energy"


def _checked(number: int, count: int, name: str, card_id: str, printed_name: str,
             shown: str) -> _Line | str:
    if name and name_key(name) != name_key(printed_name):
        return (f"line {number}: the card at that set and number is {printed_name} "
                f"({card_id}), not {name!r}: {shown}")
    return _Line(number, count, name, card_id, shown)


def parse_deck_text(text: str, pool: CardPool, printed: PrintedCards, *,
                    era: Era | str | None = None) -> DeckList:
    """Read a deck list. Raises :class:`DeckListError` listing every line that names no
    card (a wrong set code, a number the set lacks, a name that is not the card's, more
    copies than the era allows); otherwise the deck, with its violations of the deck rules
    (not an error here: the caller decides whether an illegal deck is kept).

    ``era``: the rules to read the list under; by default, the era of its cards."""
    lines = text.splitlines()
    if len(lines) > MAX_LIST_LINES:
        raise DeckListError([f"the list has {len(lines)} lines; a deck list has at most "
                             f"{MAX_LIST_LINES}"])
    found: list[_Line] = []
    problems: list[str] = []
    total = 0
    for number, raw in enumerate(lines, 1):
        line = raw.replace("\ufeff", "").strip()
        if line.startswith("*") and not line.lstrip("*").strip()[:1].isdigit():
            continue  # a banner of asterisks
        line = line.lstrip("*").strip()
        if not line or line.startswith(("#", "//")) or _HEADER.fullmatch(line):
            continue
        got = _line_of(number, raw, line, printed)
        if isinstance(got, str):
            problems.append(got)
            continue
        total += got.count
        if total > MAX_LIST_CARDS:
            problems.append(f"line {number}: the list names more than {MAX_LIST_CARDS} cards; "
                            "a deck has 60")
            break
        found.append(got)
    if not found and not problems:
        problems.append("the list names no card")
    rules = era_by_key(era) if era is not None else era_by_key(deck_era_of(
        pool, [f.card_id for f in found if f.card_id is not None]))
    energy = _basic_energy(pool, rules)
    most = rules.ruleset.max_copies
    cards: list[str] = []
    for f in found:
        if f.card_id is None:
            card_id = energy.get(name_key(f.name))
            if card_id is None:
                problems.append(f"line {f.number}: {f.name!r} is not a basic Energy of the "
                                f"{rules.name} era: {f.shown}")
                continue
        else:
            card_id = f.card_id
        d = pool.get(card_id) if card_id in pool else None
        if d is not None and not d.basic_energy and f.count > most:
            problems.append(f"line {f.number}: {f.count} copies of {d.name}; the "
                            f"{rules.name} era allows at most {most}: {f.shown}")
            continue
        cards.extend([card_id] * f.count)
    if problems:
        problems.sort(key=_line_number)
        raise DeckListError(problems)
    return DeckList(cards, rules, rules.deck_violations(pool, cards))


def _line_number(problem: str) -> int:
    m = re.match(r"line (\d+)", problem)
    return int(m.group(1)) if m else 0


def _basic_energy(pool: CardPool, rules: Era) -> dict[str, str]:
    """{name key: card id} of the basic Energy a deck of the era plays (its sets' own, or
    the home era's when its sets print none), the first printing of each name."""
    out: dict[str, str] = {}
    for entry in era_album(pool, rules).entries:
        if pool.get(entry.card_id).basic_energy:
            out.setdefault(name_key(entry.name), entry.card_id)
    return out


_SECTIONS = ((POKEMON, "Pokémon"), (TRAINER, "Trainer"), (ENERGY, "Energy"))


def format_deck_text(cards: Sequence[str], pool: CardPool, printed: PrintedCards) -> str:
    """A deck as deck sites write it: a section per kind of card with its count, one
    ``COUNT NAME SET NUMBER`` line per card (in the deck's order), and the total."""
    counts = Counter(cards)
    blocks: list[str] = []
    for kind, title in _SECTIONS:
        ids = [c for c in dict.fromkeys(cards) if pool.get(c).kind == kind]
        if not ids:
            continue
        lines = [f"{title}: {sum(counts[c] for c in ids)}"]
        for cid in ids:
            where = printed.by_id(cid)
            if where is None:  # a card of no set of the assets: its id stands in
                lines.append(f"{counts[cid]} {pool.get(cid).name} {cid}")
            else:
                lines.append(f"{counts[cid]} {where.name} {where.set.abbr} {where.number}")
        blocks.append("\n".join(lines))
    blocks.append(f"Total Cards: {len(cards)}")
    return "\n\n".join(blocks) + "\n"
