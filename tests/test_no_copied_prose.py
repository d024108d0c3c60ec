"""No prose of ours repeats the rulebooks or the printed card texts.

tests/test_own_words.py holds each card's generated text against that card's printed text.
This test is wider: every text file of the project (code, comments, docstrings, docs,
scenarios, fixtures, goldens) is held against every rulebook in ../shared/seeds and every
printed card text in ../shared/data/cards. A run of ``RUN_WORDS`` words in common is a
copy. Card names are facts, not prose: each name of two or more words counts as one word,
the same placeholder whatever the name, on both sides, so "attach <a long Trainer name> to"
is no copy while a copied sentence with a name swapped in still is. A run made only of
names and type letters (the "[G] [R] [W] ..." list) is no copy either. The shared folder is
absent from a fresh clone: then these tests skip (HANDHELD_SHARED points elsewhere).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import pytest
import yaml

from tests.test_own_words import CARD_DATA, REPO, SHARED

RULEBOOKS = SHARED / "seeds"
RUN_WORDS = 8
NAME = "\x00name"  # a token ``words`` never yields: where a card name stood
TYPE_LETTERS = frozenset("grwlpfdmc")
# Where our prose lives: the packages, tools, docs and tests, the assets beside the card
# data (assets/cards is that data, shipped under its own licence) and the top-level files.
SCANNED_DIRS = ("handheld", "scanner", "firmware_sim", "tools", "docs", "tests", "assets",
                "packaging")
NOT_SCANNED = (Path("assets") / "cards",)
TEXT_SUFFIXES = frozenset({".py", ".md", ".rst", ".txt", ".yaml", ".yml", ".json", ".toml",
                           ".cfg", ".ini", ".sh", ".csv"})

Words = tuple[str, ...]
# A word keeps its apostrophe ("opponent's", "can't" are one word each, as a reader counts
# them); any other mark splits ("G-101" is two).
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


def words(text: str) -> Words:
    return tuple(_WORD.findall(_folded(text)))


def _folded(text: str) -> str:
    return text.casefold().replace("\u2019", "'")


NameIndex = dict[str, list[Words]]  # first word -> names starting with it, longest first

needs_shared = pytest.mark.skipif(
    not (RULEBOOKS.is_dir() and CARD_DATA.is_dir()),
    reason=f"rulebooks and card texts ({SHARED}) not available: a fresh clone has none; set "
           "HANDHELD_SHARED to the shared folder to run this check")


def name_index(names: Iterable[str]) -> NameIndex:
    """The names of two or more words, by first word (one-word names are left as words:
    masking "Switch" or "Potion" would blur ordinary sentences)."""
    index: NameIndex = {}
    for ws in {words(n) for n in names}:
        if len(ws) >= 2:
            index.setdefault(ws[0], []).append(ws)
    for found in index.values():
        found.sort(key=len, reverse=True)
    return index


def masked(ws: Sequence[str], names: NameIndex) -> tuple[Words, list[int]]:
    """``ws`` with each card name (longest first) as the one ``NAME`` token, and for each
    token the index of its first word in ``ws``."""
    out: list[str] = []
    starts: list[int] = []
    i = 0
    while i < len(ws):
        width = next((len(n) for n in names.get(ws[i], ()) if tuple(ws[i:i + len(n)]) == n), 0)
        out.append(NAME if width else ws[i])
        starts.append(i)
        i += width or 1
    return tuple(out), starts


def runs(tokens: Words) -> Iterator[tuple[int, Words]]:
    """Each ``RUN_WORDS``-token run with its start, except those of names and type letters
    only."""
    for i in range(len(tokens) - RUN_WORDS + 1):
        run = tokens[i:i + RUN_WORDS]
        if not all(t == NAME or t in TYPE_LETTERS for t in run):
            yield i, run


def source_runs(texts: Iterable[str], names: NameIndex) -> frozenset[Words]:
    return frozenset(run for text in texts for _, run in runs(masked(words(text), names)[0]))


def copies_in(text: str, source: frozenset[Words], names: NameIndex) -> list[tuple[int, str]]:
    """(line, words) of each stretch of ``text`` made of runs found in ``source``."""
    tokens, starts = masked(words(text), names)
    copied = [i for i, run in runs(tokens) if run in source]
    if not copied:
        return []
    folded = _folded(text)  # ``words`` reads this text: the offsets are in it
    offsets = [m.start() for m in _WORD.finditer(folded)]
    found: list[tuple[int, str]] = []
    first = last = copied[0]
    for i in [*copied[1:], None]:
        if i is not None and i <= last + RUN_WORDS:
            last = i
            continue
        line = folded.count("\n", 0, offsets[starts[first]]) + 1
        stretch = tokens[first:last + RUN_WORDS]
        found.append((line, " ".join("<name>" if t == NAME else t for t in stretch)))
        if i is not None:
            first = last = i
    return found


def test_the_check_sees_a_copy() -> None:
    """The check itself, on made-up texts (no shared data needed)."""
    names = name_index(["Lantern Drake", "Night Market Pass Card", "Ember"])
    source = source_runs(["Roll 2 dice. For each six, put a card from your opponent's Bench "
                          "on top of their deck.",
                          "Play Night Market Pass Card to show your opponent the top card "
                          "of your deck every turn.",
                          "Types: G R W L P F D M C."], names)
    copy = "x = 1\n# For each six, put a card from your opponent's Bench on top of it.\n"
    assert copies_in(copy, source, names) == [
        (2, "for each six put a card from your opponent's bench on top of")]
    # A name swapped for another is still the same sentence...
    assert copies_in("Play Lantern Drake to show your opponent the top card.", source,
                     names) == [(1, "play <name> to show your opponent the top card")]
    # ...while a name with a word or two around it, or the type letters, are no copy.
    assert copies_in("Attach Night Market Pass Card to Ember; [G][R][W][L][P][F][D][M][C]",
                     source, names) == []
    assert copies_in("Roll 2 dice; each six sends a card from the opponent's Bench to "
                     "their deck top.", source, names) == []


def scanned_files(root: Path) -> Iterator[Path]:
    """Our text files: the top-level ones and those under ``SCANNED_DIRS``."""
    yield from (p for p in sorted(root.iterdir()) if p.is_file() and p.suffix in TEXT_SUFFIXES)
    for top in SCANNED_DIRS:
        for path in sorted((root / top).rglob("*")):
            rel = path.relative_to(root)
            if path.is_file() and path.suffix in TEXT_SUFFIXES and "__pycache__" not in rel.parts \
                    and not any(rel.is_relative_to(skip) for skip in NOT_SCANNED):
                yield path


def _card_texts(node: object) -> Iterator[str]:
    """Every value under a ``text`` key (attacks', Powers', Abilities', a Trainer's)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "text":
                yield from (v for v in (value if isinstance(value, list) else [value])
                            if isinstance(v, str))
            else:
                yield from _card_texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _card_texts(value)


@functools.cache
def shared_prose() -> tuple[frozenset[Words], NameIndex]:
    """The runs of the rulebooks and the printed card texts, and the card names."""
    cards = [card for path in sorted(CARD_DATA.glob("*.yaml"))
             for card in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("cards", [])]
    names = name_index(str(card.get("name", "")) for card in cards)
    texts = [t for card in cards for t in _card_texts(card)]
    texts += [p.read_text(encoding="utf-8", errors="ignore")
              for p in sorted(RULEBOOKS.glob("*.txt"))]
    return source_runs(texts, names), names


@needs_shared
def test_no_text_file_repeats_the_rulebooks_or_the_cards() -> None:
    source, names = shared_prose()
    assert len(source) > 10_000, f"too few runs read from {SHARED}"
    scanned = 0
    copies: list[str] = []
    for path in scanned_files(REPO):
        scanned += 1
        text = path.read_text(encoding="utf-8", errors="ignore")
        copies.extend(f"{path.relative_to(REPO)}:{line}: {stretch}"
                      for line, stretch in copies_in(text, source, names))
    assert scanned > 300, f"only {scanned} files scanned under {REPO}"
    assert not copies, (f"{len(copies)} passages repeat {RUN_WORDS}+ words of a rulebook or "
                        "a card text; say them in our own words:\n" + "\n".join(copies))
