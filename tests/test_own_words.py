"""Card text is the project's own: neither the text generated for a card nor any string in
handheld/ repeats the card's printed sentences.

Generated text that comes out word for word equal to a printed sentence is still a copy, so
each rendered section of every card in the pool is compared with that card's printed texts
(../shared/data/cards, absent from a fresh clone: then these tests skip). A run of
``RUN_WORDS`` words in common fails, and so does a whole printed text of ``WHOLE_WORDS`` or
more words found inside a section. The source's string literals are scanned for whole
printed texts too, with the card's own name read as "this Pokémon" (a name swapped for
"this Pokémon" does not make a sentence ours).
"""

from __future__ import annotations

import ast
import functools
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from handheld.cards import default_pool
from handheld.engine.text import card_sections

REPO = Path(__file__).resolve().parents[1]
# HANDHELD_SHARED points at the shared data from a git worktree, whose parent folder holds
# no "shared" of its own.
SHARED = Path(os.environ.get("HANDHELD_SHARED", REPO.parent / "shared"))
CARD_DATA = SHARED / "data" / "cards"
SOURCE = REPO / "handheld"

RUN_WORDS = 8  # this many words in a row shared with a printed text is a copy
WHOLE_WORDS = 6  # a printed text this long, whole, is a copy even when shorter than a run

needs_card_data = pytest.mark.skipif(
    not CARD_DATA.is_dir(),
    reason=f"printed card texts ({CARD_DATA}) not available: a fresh clone has none; set "
           "HANDHELD_SHARED to the shared folder to run this check")

Words = tuple[str, ...]
_WORD = re.compile(r"[^\W_]+")


def words(text: str) -> Words:
    """The words of ``text``, case and punctuation aside (so "Pokémon's" is two words)."""
    return tuple(_WORD.findall(text.casefold()))


def grams(ws: Words, n: int) -> Iterator[tuple[int, Words]]:
    for i in range(len(ws) - n + 1):
        yield i, ws[i:i + n]


@dataclass(frozen=True)
class Printed:
    """The printed texts of one card, as word sequences (with and without its name)."""

    card_id: str
    name: str
    texts: tuple[Words, ...]  # as printed
    named: tuple[Words, ...]  # with the card's name read as "this Pokémon"

    def every_form(self) -> list[Words]:
        return sorted(set(self.texts) | set(self.named))


def _yaml_texts(node: object) -> Iterator[str]:
    """Every value under a ``text`` key: attacks', Powers' and Abilities' and a Trainer's."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "text":
                for v in value if isinstance(value, list) else [value]:
                    if isinstance(v, str):
                        yield v
            else:
                yield from _yaml_texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _yaml_texts(value)


def named(text: str, name: str) -> str:
    """``text`` with the card's name read as "this Pokémon" (as our text calls it)."""
    return re.sub(re.escape(name), "this Pokémon", text, flags=re.IGNORECASE) if name else text


@functools.cache
def printed_cards() -> dict[str, Printed]:
    """Card id (the pool's id) -> its printed texts of ``WHOLE_WORDS``+ words."""
    out: dict[str, Printed] = {}
    for path in sorted(CARD_DATA.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for card in data.get("cards", []) if isinstance(data, dict) else []:
            card_id = card.get("pioId") or card.get("id")
            name = str(card.get("name", ""))
            texts = [t for t in _yaml_texts(card) if len(words(t)) >= WHOLE_WORDS]
            out[card_id] = Printed(card_id, name, tuple(words(t) for t in texts),
                                   tuple(words(named(t, name)) for t in texts))
    return out


def longest_shared_run(ours: Words, printed: Words) -> Words:
    """The longest run of consecutive words ``ours`` and ``printed`` have in common."""
    best: Words = ()
    prev = [0] * (len(printed) + 1)
    for i in range(1, len(ours) + 1):
        cur = [0] * (len(printed) + 1)
        for j in range(1, len(printed) + 1):
            if ours[i - 1] == printed[j - 1]:
                cur[j] = prev[j - 1] + 1
                if cur[j] > len(best):
                    best = ours[i - cur[j]:i]
        prev = cur
    return best


def copied_parts(section: str, printed: Sequence[Words]) -> list[Words]:
    """The parts of ``section`` copied from ``printed``: for each printed text, the shared
    run when it is ``RUN_WORDS`` words or more, or the whole text when it is in there."""
    ours = words(section)
    our_runs = {g for _, g in grams(ours, RUN_WORDS)}
    found: list[Words] = []
    for text in printed:
        if any(g in our_runs for _, g in grams(text, RUN_WORDS)):
            found.append(longest_shared_run(ours, text))
        elif len(text) < RUN_WORDS and any(g == text for _, g in grams(ours, len(text))):
            found.append(text)
    return found


def test_the_checks_see_a_copy() -> None:
    """The checks themselves, on made-up texts (no card data needed; no real card reads
    like these, so this file copies nothing either)."""
    printed = [words("Roll 2 dice. For each six, put a card from your opponent's Bench on "
                     "top of their deck."), words("Trade your hand for 5 new cards.")]
    assert copied_parts("Roll 2 dice: for each six, put a card from your opponent's Bench "
                        "at the bottom of their deck.", printed) == [
        words("roll 2 dice for each six put a card from your opponent s bench")]
    assert copied_parts("First trade your hand for 5 new cards.", printed) == [printed[1]]
    assert copied_parts("Roll 2 dice. Each six sends a card of your opponent's Bench under "
                        "their deck. Swap your hand for five new cards.", printed) == []
    assert named("Aggron has no Weakness during Aggron's next turn.", "Aggron") == (
        "this Pokémon has no Weakness during this Pokémon's next turn.")


@needs_card_data
def test_generated_card_text_shares_no_run_with_the_printed_card() -> None:
    printed = printed_cards()
    checked = 0
    copies: list[str] = []
    for card in default_pool():
        facts = printed.get(card.id)
        if facts is None:
            continue
        checked += 1
        for section in card_sections(card):
            copies.extend(f"{card.id} {card.name} ({section.name or 'text'}): "
                          f"{' '.join(part)!r}\n    ours: {section.body}"
                          for part in copied_parts(section.body, facts.every_form()))
    assert checked > 1000, f"only {checked} cards of the pool found in {CARD_DATA}"
    assert not copies, (f"{len(copies)} copied runs in generated card text:\n"
                        + "\n".join(copies))


def _literal(node: ast.expr) -> str | None:
    """The text of a string literal, of an f-string (each hole read as "this Pokémon", the
    name it usually holds) or of a sum of those; None for anything else."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else " this Pokémon "
                       for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left), _literal(node.right)
        if left is not None and right is not None:
            return left + right
    return None


def source_literals(root: Path) -> Iterator[tuple[str, int, str]]:
    """(file, line, text) of every string literal under ``root`` (largest sums only)."""
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        inside_sum: set[int] = set()
        for node in ast.walk(tree):
            if id(node) in inside_sum or not isinstance(node, ast.expr):
                continue
            text = _literal(node)
            if text is None:
                continue
            for sub in ast.walk(node):
                inside_sum.add(id(sub))
            yield str(path.relative_to(root.parent)), node.lineno, text


def test_source_literals_are_read() -> None:
    """The scan reads sums and f-strings as one text (no card data needed)."""
    found = {text for _, _, text in source_literals(SOURCE)}
    assert any("Defending Pokémon" in t for t in found)
    tree = ast.parse('x = f"{name} has no Weakness " + "during your next turn."')
    assert isinstance(tree.body[0], ast.Assign)
    assert words(_literal(tree.body[0].value) or "") == words(
        "this Pokémon has no Weakness during your next turn")


@needs_card_data
def test_no_printed_text_in_the_source() -> None:
    by_start: dict[Words, set[Words]] = {}
    for facts in printed_cards().values():
        for form in facts.every_form():
            by_start.setdefault(form[:WHOLE_WORDS], set()).add(form)
    copies: list[str] = []
    for where, line, literal in source_literals(SOURCE):
        ws = words(literal)
        for i, start in grams(ws, WHOLE_WORDS):
            for printed in by_start.get(start, ()):
                if ws[i:i + len(printed)] == printed:
                    copies.append(f"{where}:{line}: {' '.join(printed)!r}")
    assert not copies, (f"{len(copies)} string literals hold a whole printed card text:\n"
                        + "\n".join(sorted(set(copies))))
