"""Deck files: the ``.deck`` reader that every command line and the protocol's deck
directory use. Hostile files: random bytes, huge counts, many lines, long ids, invalid
UTF-8, FIFOs, directories, oversized files. The reader may refuse only with
``DeckFileError``, and what it accepts must be a bounded list of card ids."""

from __future__ import annotations

import os
import random
import tempfile
from functools import partial
from pathlib import Path

from handheld.cards import MAX_DECK_FILE_BYTES, DeckFileError, read_deck_file
from handheld.engine.deck import MAX_LIST_CARDS

from .core import AreaResult, guard

NAME = "deck_files"
SHORT = 200
LONG = 5_000

GOOD_LINES = ["4 ecard1-98 Charmander", "20 ecard1-164", "# a comment", "", "1 ecard1-1"]


def _content(rng: random.Random) -> bytes:
    kind = rng.randrange(8)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(400)))
    if kind == 1:
        return f"{'9' * rng.randrange(1, 6000)} ecard1-1\n".encode()
    if kind == 2:
        return ("1 ecard1-1\n" * rng.randrange(900, 3000)).encode()
    if kind == 3:
        return f"4 {'x' * rng.randrange(30, 5000)}\n".encode()
    if kind == 4:
        return "\n".join(rng.choice(GOOD_LINES) for _ in range(rng.randrange(30))).encode() + \
            bytes([0xff, 0xfe])[: rng.randrange(3)]
    if kind == 5:
        return ("60 ecard1-164\n" * rng.randrange(1, 8)).encode()
    if kind == 6:
        return b"4 ecard1-98\n" * ((MAX_DECK_FILE_BYTES // 12) + rng.randrange(2, 50))
    lines = [rng.choice(GOOD_LINES) for _ in range(rng.randrange(20))]
    return "\n".join(lines).replace(rng.choice("4 1#"), rng.choice(["-1", "\u0663", "0", " "]),
                                    1).encode("utf-8", "surrogatepass")


def run(result: AreaResult, attempts: int, rng: random.Random) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        fifo = base / "pipe.deck"
        os.mkfifo(fifo)
        special = [fifo, base, base / "missing.deck", Path("/dev/zero")]
        for i in range(attempts):
            if i % 25 == 0:
                path = special[(i // 25) % len(special)]
            else:
                path = base / f"f{i % 7}.deck"
                path.write_bytes(_content(rng))
            done, value = guard(result, str(path), partial(read_deck_file, path),
                                (DeckFileError,), seconds=5)
            if done and (not isinstance(value, list) or len(value) > MAX_LIST_CARDS
                         or not all(isinstance(c, str) and len(c) <= 40 for c in value)):
                result.fail("false_accept", f"accepted an unbounded list of {len(value)}",
                            str(path))
