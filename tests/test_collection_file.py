"""The collection as CSV and JSON: round trips through the saves, every kind of bad row
reported with its line, bounds on hostile files, and an import that fails changes
nothing."""

from __future__ import annotations

import json
import sqlite3

import pytest

from handheld.collection_file import (
    MAX_FILE_BYTES,
    MAX_ROWS,
    CollectionFileError,
    read_csv,
    read_json,
    write_collection,
)
from handheld.printed import printed_cards
from handheld.save import InvalidInput, Saves, StorageFailure

PRINTED = printed_cards()
# A card of every set, holos with lettered numbers among them (AQP H1 is ecard2-151).
OWNED = {"ecard1-98": 3, "ecard1-161": 20, "ecard2-151": 1, "ecard3-1": 2, "pl1-101": 4,
         "pl2-1": 1, "hgss1-1": 2, "col1-1": 1, "bw1-1": 2, "bw4-1": 1, "bw5-1": 1,
         "bw6-1": 9999}


@pytest.mark.parametrize("kind", ["csv", "json"])
def test_the_collection_round_trips_through_the_saves(kind: str) -> None:
    with Saves.in_memory() as source, Saves.in_memory() as target:
        p = source.create_profile("Ash")
        source.add_cards(p.id, OWNED)
        text = write_collection(source.owned_counts(p.id), PRINTED, kind)
        read = (read_json if kind == "json" else read_csv)(text, PRINTED)
        assert read.problems == [] and read.rows == len(OWNED)
        q = target.create_profile("Misty")
        target.import_collection(q.id, read.counts)
        assert target.owned_counts(q.id) == OWNED


def test_the_csv_has_a_header_and_a_stable_order() -> None:
    lines = write_collection(OWNED, PRINTED, "csv").splitlines()
    assert lines[0] == "set,number,name,count"
    assert lines[1:3] == ["EXP,98,Charmander,3", "EXP,161,Fire Energy,20"]
    assert lines[3] == "AQP,H1,Ampharos,1"
    assert lines[-1].startswith("DRX,1,")  # the newest set last


def test_the_json_says_its_format_and_version() -> None:
    data = json.loads(write_collection(OWNED, PRINTED, "json"))
    assert data["format"] == "pocket-tcg-collection" and data["version"] == 1
    assert data["cards"][0] == {"set": "EXP", "number": "98", "name": "Charmander",
                                "count": 3}


def test_set_codes_any_case_pokemontcg_io_codes_and_empty_names_are_read() -> None:
    text = "Count,Name,Set,Number\r\n2,,ecard1,098\r\n1,ampharos,aqp,h1\r\n"
    assert read_csv(text, PRINTED).counts == {"ecard1-98": 2, "ecard2-151": 1}


def test_every_bad_row_is_reported_with_its_line() -> None:
    text = ("set,number,name,count\n"
            "EXP,98,Charmander,3\n"
            "XYZ,1,Pikachu,1\n"          # unknown set code
            "EXP,999,,1\n"               # no such number
            "EXP,97,Pikachu,1\n"         # the name is not the card's
            "EXP,96,,0\n"                # bad count
            "EXP,95,,many\n"             # bad count
            "EXP,94\n"                   # wrong columns
            "exp,98,,1\n")               # a duplicate
    read = read_csv(text, PRINTED)
    assert read.counts == {"ecard1-98": 3} and read.rows == 8
    got = read.problems
    assert [p.split(":")[0] for p in got] == [f"line {n}" for n in range(3, 10)]
    assert "unknown set code 'XYZ'" in got[0]
    assert "EXP has no card number '999'" in got[1]
    assert "EXP 97 is Charmander, not 'Pikachu'" in got[2]
    assert "whole number from 1 to 9999, got '0'" in got[3]
    assert "got 'many'" in got[4]
    assert "2 columns, expected 4" in got[5]
    assert "listed twice (first on line 2)" in got[6]


def test_bad_json_entries_are_reported_by_their_place() -> None:
    text = json.dumps({"format": "pocket-tcg-collection", "version": 1, "cards": [
        {"set": "EXP", "number": "98", "name": "Charmander", "count": 3},
        {"set": "EXP", "number": "98", "name": "Charmander", "count": True},
        {"set": "EXP", "number": 97, "name": "", "count": 1},
        ["EXP", "1"],
        {"set": "EXP", "number": "1"},
    ]})
    read = read_json(text, PRINTED)
    assert read.counts == {"ecard1-98": 3, "ecard1-97": 1}
    assert [p.split(":")[0] for p in read.problems] == ["card 2", "card 4", "card 5"]


@pytest.mark.parametrize(("text", "why"), [
    ("", "empty"),
    ("set,number,count\nEXP,98,1\n", "the header must name the columns"),
    ("set,number,name,count,extra\n", "the header must name the columns"),
    ('set,number,name,count\nEXP,98,"Charmander,3\n', "not CSV"),
])
def test_a_csv_that_is_not_a_collection_is_one_error(text: str, why: str) -> None:
    with pytest.raises(CollectionFileError, match=why):
        read_csv(text, PRINTED)


@pytest.mark.parametrize(("text", "why"), [
    ("{", "not JSON"),
    ("[" * 100_000, "not JSON"),
    ("[]", "not a collection file"),
    ('{"format": "something-else", "version": 1, "cards": []}', "not a collection file"),
    ('{"format": "pocket-tcg-collection", "version": 2, "cards": []}', "version 2"),
    ('{"format": "pocket-tcg-collection", "version": 1, "cards": {}}', "must be a list"),
    ('{"format": "pocket-tcg-collection", "version": 1, "cards": [], "path": "/etc"}',
     "unknown field 'path'"),
])
def test_a_json_that_is_not_a_collection_is_one_error(text: str, why: str) -> None:
    with pytest.raises(CollectionFileError, match=why):
        read_json(text, PRINTED)


def test_oversized_files_are_refused_before_reading_rows() -> None:
    with pytest.raises(CollectionFileError, match="larger than a collection file"):
        read_csv("set,number,name,count\n" + "x" * MAX_FILE_BYTES, PRINTED)
    rows = "set,number,name,count\n" + "EXP,1,,1\n" * (MAX_ROWS + 1)
    with pytest.raises(CollectionFileError, match=f"more than {MAX_ROWS} rows"):
        read_csv(rows, PRINTED)
    many = json.dumps({"format": "pocket-tcg-collection", "version": 1,
                       "cards": [{}] * (MAX_ROWS + 1)})
    with pytest.raises(CollectionFileError, match="at most"):
        read_json(many, PRINTED)


def test_import_merges_by_default_and_replaces_when_asked() -> None:
    with Saves.in_memory() as saves:
        p = saves.create_profile("Ash")
        saves.add_cards(p.id, {"ecard1-98": 2, "ecard1-1": 1})
        saves.import_collection(p.id, {"ecard1-98": 3, "bw1-1": 1})
        assert saves.owned_counts(p.id) == {"ecard1-98": 5, "ecard1-1": 1, "bw1-1": 1}
        saves.import_collection(p.id, {"ecard1-98": 1}, replace=True)
        assert saves.owned_counts(p.id) == {"ecard1-98": 1}
        # A card dropped by --replace stays seen (the Pokédex keeps its first scan).
        seen = {e.card_id for e in saves.collection(p.id, include_zero=True)}
        assert {"ecard1-1", "bw1-1"} <= seen


def test_a_failed_import_leaves_the_save_as_it_was(tmp_path) -> None:
    path = tmp_path / "saves.sqlite3"
    saves = Saves.open(path)
    p = saves.create_profile("Ash")
    saves.add_cards(p.id, {"ecard1-98": 2, "ecard1-1": 1})
    before = saves.collection(p.id, include_zero=True)
    # Refused before writing: a count the saves cannot hold, and a malformed id.
    with pytest.raises(InvalidInput):
        saves.import_collection(p.id, {"ecard1-98": 10**9}, replace=False)
    with pytest.raises(InvalidInput):
        saves.import_collection(p.id, {"ecard1-2": 1, "not an id": 1}, replace=True)
    assert saves.collection(p.id, include_zero=True) == before
    # The storage failing half way through (after --replace zeroed every count and the
    # first rows went in): the transaction is rolled back as a whole.
    conn = saves._connection()
    conn.execute("CREATE TEMP TRIGGER fail_on_bw AFTER INSERT ON main.collection "
                 "WHEN NEW.card_id = 'bw1-1' BEGIN SELECT RAISE(ABORT, 'card removed'); END")
    with pytest.raises(StorageFailure):
        saves.import_collection(p.id, {"ecard1-3": 4, "bw1-1": 1}, replace=True)
    conn.execute("DROP TRIGGER fail_on_bw")
    assert saves.collection(p.id, include_zero=True) == before
    saves.close()
    with sqlite3.connect(path) as check:
        assert sorted(check.execute("SELECT card_id, count FROM collection")) == \
            [("ecard1-1", 1), ("ecard1-98", 2)]
