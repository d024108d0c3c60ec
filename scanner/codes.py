"""Card codes: what the printed QR codes carry, and the strict reader of it.

Two kinds, both plain text in the QR code's compact alphanumeric alphabet (capitals,
digits and ``.:*+-``), versioned and checksummed (see docs/CARD_CODES.md)::

    PTCG1C.ECARD1.33.EB65                            one card: set ECARD1, number 33
    PTCG1C.ECARD1.33.2.C3B3                          ... with a copy count (2)
    PTCG1D.IJWGC6TF.ECARD1:98*4+73*3+161*14.5319     a deck ("Blaze"), grouped by set

``PTCG`` marks the game's codes, ``1`` is the format version, ``C``/``D`` the kind. The last
field is a CRC-16 (CCITT) of everything before its dot, in 4 hex digits. A deck's name is
Base32 (so any letters survive the alphabet), ``-`` when it has none.

Everything read from a camera is untrusted: :func:`parse` checks the size first, then the
mark, the version, the checksum, and every field's shape and range, and raises
:class:`CodeError` with the specific reason. A code is accepted only in the exact form
:func:`encode_card` and :func:`encode_deck` write (no leading zeros, no count of 1, no
whitespace, sets grouped as the printer groups them): a text that says the same thing in
another form (``.01`` for ``.1``) was not made by the game and is refused, checksum or not.
It never raises anything else (fuzzed in the tests). Whether a card exists is the caller's
question (see ``catalog``).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

MAGIC = "PTCG"
VERSION = 1
MAX_LENGTH = 1200  # characters: a deck of 60 distinct cards fits; more is not ours
MAX_COPIES = 99
DECK_MAX = 60
MAX_NAME_BASE32 = 80  # characters of a deck's Base32 name: 50 bytes of UTF-8
_SET = re.compile(r"[A-Z][A-Z0-9]{0,11}")
_NUMBER = re.compile(r"[A-Z]{0,2}[0-9]{1,4}")
_CRC = re.compile(r"[0-9A-F]{4}")
_DIGITS = re.compile(r"[0-9]{1,3}")


class CodeError(ValueError):
    """A code that is not a valid card or deck code; the message says exactly why."""


@dataclass(frozen=True)
class CardCode:
    set_code: str  # lower case, as in card ids: "ecard1"
    number: str  # "33", "H12"
    count: int = 1

    @property
    def card_id(self) -> str:
        return f"{self.set_code}-{self.number}"


@dataclass(frozen=True)
class DeckCode:
    name: str
    entries: tuple[tuple[str, int], ...]  # (card id, copies), in the order they were written

    @property
    def cards(self) -> list[str]:
        return [cid for cid, n in self.entries for _ in range(n)]

    @property
    def size(self) -> int:
        return sum(n for _, n in self.entries)


def crc16(text: str) -> str:
    """CRC-16/CCITT-FALSE of the text's bytes, as 4 upper-case hex digits."""
    return f"{binascii.crc_hqx(text.encode('ascii'), 0xFFFF):04X}"


def _split_id(card_id: str) -> tuple[str, str]:
    set_code, sep, number = card_id.rpartition("-")
    if not sep or not _SET.fullmatch(set_code.upper()) or \
            not _NUMBER.fullmatch(number.upper()):
        raise CodeError(f"{card_id!r} is not a card id like ecard1-33")
    return set_code.upper(), number.upper()


def encode_card(card_id: str, count: int = 1) -> str:
    set_code, number = _split_id(card_id)
    if not 1 <= count <= MAX_COPIES:
        raise CodeError(f"a card code carries 1 to {MAX_COPIES} copies, not {count}")
    body = f"{MAGIC}{VERSION}C.{set_code}.{number}" + (f".{count}" if count != 1 else "")
    return f"{body}.{crc16(body)}"


def encode_deck(name: str, cards: Sequence[str]) -> str:
    """A deck list in one code (copies counted; sets grouped in first-seen order)."""
    if not cards:
        raise CodeError("a deck code needs at least one card")
    if len(cards) > DECK_MAX:
        raise CodeError(f"a deck code holds at most {DECK_MAX} cards, not {len(cards)}")
    counts = Counter(cards)
    sections: dict[str, list[str]] = {}
    for cid in dict.fromkeys(cards):
        set_code, number = _split_id(cid)
        sections.setdefault(set_code, []).append(f"{number}*{counts[cid]}")
    encoded_name = base64.b32encode(name.encode("utf-8")).decode("ascii").rstrip("=") \
        if name else "-"
    if len(encoded_name) > MAX_NAME_BASE32:
        raise CodeError(f"the deck's name is too long for a code ({len(name.encode())} bytes "
                        f"of UTF-8; at most {MAX_NAME_BASE32 * 5 // 8})")
    body = f"{MAGIC}{VERSION}D.{encoded_name}." + ".".join(
        f"{s}:{'+'.join(items)}" for s, items in sections.items())
    if len(body) + 5 > MAX_LENGTH:
        raise CodeError(f"the deck code would be {len(body) + 5} characters; at most "
                        f"{MAX_LENGTH} fit")
    return f"{body}.{crc16(body)}"


def parse(text: object) -> CardCode | DeckCode:
    """Read a code's text, or raise :class:`CodeError` saying why it is not one."""
    if isinstance(text, bytes):
        try:
            text = text.decode("ascii")
        except UnicodeDecodeError:
            raise CodeError("not a Pocket TCG code (it is not plain text)") from None
    if not isinstance(text, str):
        raise CodeError(f"a code is text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise CodeError(f"too long for a Pocket TCG code ({len(text)} characters; at most "
                        f"{MAX_LENGTH})")
    if not text.isascii() or not text.isprintable():
        raise CodeError("not a Pocket TCG code (it has characters our codes never use)")
    if text != text.strip() or " " in text:
        raise CodeError("not a code the game printed (it holds spaces; the game's codes "
                        "have none)")
    if not text.startswith(MAGIC):
        raise CodeError("not a Pocket TCG code (another kind of QR code)")
    version = text[len(MAGIC):len(MAGIC) + 1]
    if not version.isdigit():
        raise CodeError("not a Pocket TCG code (no format version)")
    if int(version) != VERSION:
        raise CodeError(f"a code of format {version}; this game reads format {VERSION} "
                        "(a newer game made it)" if int(version) > VERSION else
                        f"format {version} is not a Pocket TCG code format")
    body, sep, check = text.rpartition(".")
    if not sep or not _CRC.fullmatch(check):
        raise CodeError("the code has no checksum (cut off or misread)")
    if crc16(body) != check:
        raise CodeError("the checksum does not match (a damaged or misread code)")
    fields = body.split(".")
    kind = fields[0][len(MAGIC) + 1:]
    code: CardCode | DeckCode
    if kind == "C":
        code = _parse_card(fields[1:])
    elif kind == "D":
        code = _parse_deck(fields[1:])
    else:
        raise CodeError(f"unknown kind of code {kind!r} (C for a card, D for a deck)")
    # The printer writes one text for one card and count: any other spelling of it was made
    # elsewhere (by hand, or to slip past a check), whatever its checksum says.
    printed = encode_card(code.card_id, code.count) if isinstance(code, CardCode) \
        else encode_deck(code.name, code.cards)
    if printed != text:
        raise CodeError(f"not a code the game printed: the game writes it {printed!r}")
    return code


def _count(text: str, what: str, most: int) -> int:
    if not _DIGITS.fullmatch(text):
        raise CodeError(f"{what} must be a number, not {text!r}")
    n = int(text)
    if not 1 <= n <= most:
        raise CodeError(f"{what} must be between 1 and {most}, not {n}")
    if text != str(n):
        raise CodeError(f"{what} is written {text!r}; the game writes {n} (no leading zeros)")
    return n


def _card(set_code: str, number: str) -> tuple[str, str]:
    if not _SET.fullmatch(set_code):
        raise CodeError(f"{set_code!r} is not a set code")
    if not _NUMBER.fullmatch(number):
        raise CodeError(f"{number!r} is not a card number")
    digits = number.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if len(digits) > 1 and digits.startswith("0"):
        raise CodeError(f"the card number {number!r} has a leading zero; the game writes "
                        f"{number[:len(number) - len(digits)]}{int(digits)}")
    return set_code.lower(), number


def _parse_card(fields: list[str]) -> CardCode:
    if len(fields) not in (2, 3):
        raise CodeError("a card code has a set, a number and maybe a count")
    set_code, number = _card(fields[0], fields[1])
    count = _count(fields[2], "the copy count", MAX_COPIES) if len(fields) == 3 else 1
    if len(fields) == 3 and count == 1:
        raise CodeError("a copy count of 1 is written; the game leaves it out")
    return CardCode(set_code, number, count)


def _parse_deck(fields: list[str]) -> DeckCode:
    if len(fields) < 2:
        raise CodeError("a deck code has a name and at least one set of cards")
    raw_name = fields[0]
    if raw_name == "-":
        name = ""
    else:
        if not re.fullmatch(rf"[A-Z2-7]{{1,{MAX_NAME_BASE32}}}", raw_name):
            raise CodeError("the deck's name is not Base32")
        try:
            name = base64.b32decode(raw_name + "=" * (-len(raw_name) % 8)).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            raise CodeError("the deck's name does not decode") from None
    entries: list[tuple[str, int]] = []
    seen: set[str] = set()
    for section in fields[1:]:
        set_code, sep, items = section.partition(":")
        if not sep or not items:
            raise CodeError(f"{section!r} is not SET:NUMBER*COUNT+...")
        for item in items.split("+"):
            number, star, copies = item.partition("*")
            if not star:
                raise CodeError(f"{item!r} is not NUMBER*COUNT")
            sc, num = _card(set_code, number)
            card_id = f"{sc}-{num}"
            if card_id in seen:
                raise CodeError(f"{card_id} is listed twice")
            seen.add(card_id)
            entries.append((card_id, _count(copies, f"the copies of {card_id}", DECK_MAX)))
    total = sum(n for _, n in entries)
    if total > DECK_MAX:
        raise CodeError(f"the deck has {total} cards; a deck code holds at most {DECK_MAX}")
    return DeckCode(name, tuple(entries))
