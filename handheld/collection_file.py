"""The player's collection as a file: CSV or JSON, one row per card owned, with the card's
printed set abbreviation, collector number, name and count.

CSV: a header ``set,number,name,count`` (the columns always in this order when written;
read in any order), then one row per card, oldest set first and in number order::

    set,number,name,count
    EXP,98,Charmander,3

JSON: ``{"format": "pocket-tcg-collection", "version": 1, "cards": [{"set": "EXP",
"number": "98", "name": "Charmander", "count": 3}, ...]}``.

Reading checks every row and reports every bad one (its line in a CSV file, its place in
the ``cards`` list of a JSON file): an unknown set code, a number the set lacks, a name
that is not the card's (an empty name is allowed: the set and number say which card), a
count that is not a whole number from 1 to :data:`MAX_COUNT`, a card listed twice, a row
with the wrong columns. The file's size and row count are bounded before anything else.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .printed import Printed, PrintedCards, name_key

COLUMNS = ("set", "number", "name", "count")
FORMAT = "pocket-tcg-collection"
VERSION = 1
FORMATS = ("csv", "json")
# Bounds of a collection file: every card of every set is under 2,000 rows, so these leave
# room for any real collection and refuse a hostile file at once.
MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ROWS = 10_000
MAX_COUNT = 9999  # copies of one card in one row (the saves' bound for one call)
MAX_FIELD = 200  # characters of one field


class CollectionFileError(ValueError):
    """A collection file that cannot be read at all (not text, not the format, too big):
    the message says why, in one line."""


@dataclass
class CollectionRead:
    """What a collection file holds: the counts of its good rows, and one message per bad
    row (in file order). ``rows``: rows read, good and bad."""

    counts: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    rows: int = 0


def export_rows(owned: Mapping[str, int], printed: PrintedCards) -> list[dict[str, Any]]:
    """The rows of a collection file for ``owned`` ({card id: copies}), oldest set first,
    in number order; cards with no copies are left out. A card of no set of the assets
    (a save from another build) is left out too: no one could read it back."""
    rows = []
    for printed_set in printed.sets:
        for card in printed.set_cards(printed_set):
            n = owned.get(card.card_id, 0)
            if n > 0:
                rows.append({"set": printed_set.abbr, "number": card.number,
                             "name": card.name, "count": n})
    return rows


def format_csv(rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([row[c] for c in COLUMNS])
    return out.getvalue()


def format_json(rows: list[dict[str, Any]]) -> str:
    """JSON with one card per line, so that a diff of two exports reads line by line."""
    body = ",\n".join("    " + json.dumps({c: row[c] for c in COLUMNS}, ensure_ascii=False)
                      for row in rows)
    return (f'{{\n  "format": "{FORMAT}",\n  "version": {VERSION},\n  "cards": [\n'
            + body + ("\n" if rows else "") + "  ]\n}\n")


def write_collection(owned: Mapping[str, int], printed: PrintedCards, kind: str) -> str:
    rows = export_rows(owned, printed)
    return format_json(rows) if kind == "json" else format_csv(rows)


def _check_size(text: str) -> None:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise CollectionFileError(f"larger than a collection file ({MAX_FILE_BYTES} bytes "
                                  "at most)")


class _Rows:
    """Checks rows one by one into a :class:`CollectionRead`."""

    def __init__(self, printed: PrintedCards) -> None:
        self.printed = printed
        self.read = CollectionRead()
        self.seen: dict[str, str] = {}  # card id -> where it was first listed

    def row(self, where: str, values: Mapping[str, Any]) -> None:
        self.read.rows += 1
        problem = self._problem(where, values)
        if problem is not None:
            self.read.problems.append(problem)

    def _problem(self, where: str, values: Mapping[str, Any]) -> str | None:
        code, number, name, count = (values.get(c) for c in COLUMNS)
        if isinstance(number, int) and not isinstance(number, bool):
            number = str(number)  # a JSON file written by hand: "number": 98
        for column, value in (("set", code), ("number", number), ("name", name)):
            if not isinstance(value, str):
                return f"{where}: the {column} must be text, got {_short(value)}"
            if len(value) > MAX_FIELD:
                return f"{where}: the {column} is too long ({len(value)} characters)"
        assert isinstance(code, str) and isinstance(number, str) and isinstance(name, str)
        printed_set = self.printed.set_for(code.strip())
        if printed_set is None:
            return (f"{where}: unknown set code {_short(code.strip())} (set codes: "
                    f"{self.printed.codes()}, or pokemontcg.io codes such as ecard1)")
        card: Printed | None = self.printed.card(printed_set, number)
        if card is None:
            return f"{where}: {printed_set.abbr} has no card number {_short(number.strip())}"
        if name.strip() and name_key(name) != name_key(card.name):
            return (f"{where}: {printed_set.abbr} {card.number} is {card.name}, not "
                    f"{_short(name.strip())}")
        copies = _count(count)
        if copies is None:
            return (f"{where}: the count must be a whole number from 1 to {MAX_COUNT}, got "
                    f"{_short(count)}")
        if card.card_id in self.seen:
            return (f"{where}: {printed_set.abbr} {card.number} {card.name} is listed twice "
                    f"(first on {self.seen[card.card_id]})")
        self.seen[card.card_id] = where
        self.read.counts[card.card_id] = copies
        return None


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 5):
            return None
        value = int(text)
    if not isinstance(value, int) or not 1 <= value <= MAX_COUNT:
        return None
    return value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_csv(text: str, printed: PrintedCards) -> CollectionRead:
    """Read a CSV collection (header first). Raises :class:`CollectionFileError` for a
    file that is not one at all; a bad row is a problem of the result."""
    _check_size(text)
    rows = _Rows(printed)
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""), strict=True)
    header: list[str] | None = None
    try:
        for values in reader:
            if not any(v.strip() for v in values):
                continue
            if header is None:
                header = [v.strip().casefold() for v in values]
                if sorted(header) != sorted(COLUMNS):
                    raise CollectionFileError(
                        f"line {reader.line_num}: the header must name the columns "
                        f"{','.join(COLUMNS)}, got {_short(','.join(values))}")
                continue
            if rows.read.rows >= MAX_ROWS:
                raise CollectionFileError(f"more than {MAX_ROWS} rows; a collection file has "
                                          "one row per card")
            where = f"line {reader.line_num}"
            if len(values) != len(COLUMNS):
                rows.read.rows += 1
                rows.read.problems.append(f"{where}: {len(values)} columns, expected "
                                          f"{len(COLUMNS)} ({','.join(COLUMNS)})")
                continue
            rows.row(where, dict(zip(header, values, strict=True)))
    except csv.Error as exc:
        raise CollectionFileError(f"line {reader.line_num}: not CSV: {exc}") from None
    if header is None:
        raise CollectionFileError(f"empty: a collection file starts with the header "
                                  f"{','.join(COLUMNS)}")
    return rows.read


def read_json(text: str, printed: PrintedCards) -> CollectionRead:
    """Read a JSON collection. Raises :class:`CollectionFileError` for a file that is not
    one at all; a bad entry of ``cards`` is a problem of the result."""
    _check_size(text)
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except (ValueError, RecursionError) as exc:
        raise CollectionFileError(f"not JSON: {str(exc)[:80]}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CollectionFileError(f"not a collection file (its \"format\" must be "
                                  f"\"{FORMAT}\")")
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise CollectionFileError(f"collection file version {_short(data.get('version'))}; "
                                  f"this game reads version {VERSION}")
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise CollectionFileError("\"cards\" must be a list")
    if len(cards) > MAX_ROWS:
        raise CollectionFileError(f"{len(cards)} cards entries; at most {MAX_ROWS}")
    extra = sorted(set(data) - {"format", "version", "cards"})
    if extra:
        raise CollectionFileError(f"unknown field {_short(extra[0])} (a collection file "
                                  "holds format, version and cards)")
    rows = _Rows(printed)
    for index, entry in enumerate(cards, 1):
        where = f"card {index}"
        if not isinstance(entry, dict) or set(entry) != set(COLUMNS):
            rows.read.rows += 1
            got = sorted(entry) if isinstance(entry, dict) else type(entry).__name__
            rows.read.problems.append(f"{where}: expected the fields {', '.join(COLUMNS)}, "
                                      f"got {_short(got)}")
            continue
        rows.row(where, entry)
    return rows.read


def read_collection(text: str, printed: PrintedCards, kind: str) -> CollectionRead:
    return read_json(text, printed) if kind == "json" else read_csv(text, printed)
