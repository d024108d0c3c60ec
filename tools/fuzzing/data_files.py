"""The player's data files: deck lists in the deck sites' format and collection files (CSV,
JSON), as ``decks import`` and ``collection import`` read them. Hostile texts: random
characters, mutated good lists and files, huge counts, many lines, deep JSON, wrong
columns. A reader may refuse only with its own error, and what it accepts must be bounded
(at most 240 cards of known ids for a deck; known ids with counts 1 to 9999 for a
collection)."""

from __future__ import annotations

import json
import random
from functools import partial

from handheld.cards import default_pool
from handheld.collection_file import (
    MAX_COUNT,
    MAX_ROWS,
    CollectionFileError,
    read_csv,
    read_json,
)
from handheld.decklist import DeckListError, parse_deck_text
from handheld.engine.deck import MAX_LIST_CARDS
from handheld.printed import printed_cards

from .core import AreaResult, guard

NAME = "data_files"
SHORT = 200
LONG = 5_000

DECK_LINES = ["Pokémon: 12", "4 Charmander EXP 98", "4 charmander ecard1 098",
              "2 Ampharos AQP H1", "* 3 Potion ECARD1-156", "14 Fire Energy",
              "20 Fire Energy Energy 2", "Total Cards: 60", "##Trainer Cards - 24", "",
              "4 ecard1-98 Charmander", "// note", "1 Snivy BLW 1", "10 Grass Energy"]
CSV_LINES = ["set,number,name,count", "EXP,98,Charmander,3", "aqp,h1,,2", "BLW,1,Snivy,1",
             '"EXP","161","Fire Energy","20"', ""]
NOISE = ["-1", "0", "99999", "\u0663", "é", "\x00", '"', ",", " ", "\r", "XYZ", "H999", "\ufeff",
         "9" * 400]


def _mutate(rng: random.Random, lines: list[str]) -> str:
    picked = [rng.choice(lines) for _ in range(rng.randrange(40))]
    text = "\r\n".join(picked) if rng.random() < 0.3 else "\n".join(picked)
    for _ in range(rng.randrange(4)):
        if text:
            at = rng.randrange(len(text))
            text = text[:at] + rng.choice(NOISE) + text[at + rng.randrange(3):]
    return text


def _deck_text(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(300)))
    if kind == 1:
        return "60 Fire Energy\n" * rng.randrange(1, 12)
    if kind == 2:
        return "\n" * rng.randrange(900, 1200)
    if kind == 3:
        return f"{'9' * rng.randrange(1, 50)} Charmander EXP {'1' * rng.randrange(1, 50)}\n"
    return _mutate(rng, DECK_LINES)


def _collection_text(rng: random.Random) -> tuple[str, str]:
    kind = rng.randrange(6)
    if kind == 0:
        return "json", "[" * rng.randrange(1, 50_000)
    if kind == 1:
        cards = [{"set": rng.choice(["EXP", "aqp", 1, None, "x" * 300]),
                  "number": rng.choice(["98", 98, "H1", True, [], "0"]),
                  "name": rng.choice(["", "Charmander", 5, "é"]),
                  "count": rng.choice([1, 0, -1, 10**20, "3", 2.5, None])}
                 for _ in range(rng.randrange(30))]
        return "json", json.dumps({"format": "pocket-tcg-collection", "version": 1,
                                   "cards": cards})
    if kind == 2:
        return "csv", "set,number,name,count\n" + "EXP,1,,1\n" * rng.randrange(MAX_ROWS - 5,
                                                                           MAX_ROWS + 5)
    if kind == 3:
        return "json", json.dumps({"format": "pocket-tcg-collection",
                                   "version": rng.choice([1, 2, True, "1"]),
                                   "cards": rng.choice([[], {}, None, [1, 2]])})
    return "csv", _mutate(rng, CSV_LINES)


def run(result: AreaResult, attempts: int, rng: random.Random) -> None:
    pool = default_pool()
    printed = printed_cards()
    for i in range(attempts):
        if i % 2 == 0:
            text = _deck_text(rng)
            done, value = guard(result, text, partial(parse_deck_text, text, pool, printed),
                                (DeckListError,), seconds=5)
            if done and (len(value.cards) > MAX_LIST_CARDS
                         or not all(c in pool for c in value.cards)):
                result.fail("false_accept", f"accepted {len(value.cards)} cards", text)
        else:
            kind, text = _collection_text(rng)
            reader = read_json if kind == "json" else read_csv
            done, value = guard(result, text, partial(reader, text, printed),
                                (CollectionFileError,), seconds=5)
            if done and (len(value.counts) > MAX_ROWS or not all(
                    printed.by_id(c) is not None and 1 <= n <= MAX_COUNT
                    for c, n in value.counts.items())):
                result.fail("false_accept", f"accepted {len(value.counts)} bad counts", text)
