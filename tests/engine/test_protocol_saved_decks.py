"""Saved decks in the protocol (``--data-dir``): read through the save system without
writing a byte, and refused cleanly when the saves cannot be read."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from handheld.cards import load_ready_made_deck
from handheld.protocol import Session, encode, reply_to
from handheld.save import SAVE_FILE, Saves


def snapshot(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


@pytest.fixture()
def data_dir(tmp_path: Path) -> Path:
    with Saves.open(tmp_path / SAVE_FILE) as saves:
        ash = saves.create_profile("Ash")
        misty = saves.create_profile("Misty")
        saves.save_deck(ash.id, "Water", load_ready_made_deck("tidal_mind"))
        saves.save_deck(misty.id, "Fire", load_ready_made_deck("blazing_quake"))
        saves.save_deck(misty.id, "Half built", ["ecard1-98"] * 3)
    return tmp_path


def ask(session: Session, **request: Any) -> dict[str, Any]:
    reply = reply_to(session, json.dumps(request))
    assert reply is not None
    out: dict[str, Any] = json.loads(encode(reply))
    return out


def test_saved_decks_are_used_and_the_file_is_not_touched(data_dir: Path) -> None:
    before = snapshot(data_dir)
    session = Session(data_dir=data_dir)
    assert ask(session, cmd="hello")["saved_decks"] == {"Ash": ["Water"],
                                                        "Misty": ["Fire", "Half built"]}
    for deck in ({"deck": "Water"}, {"deck": "water", "profile": "ASH"},
                 {"deck": "Fire", "profile": "Misty"}):
        reply = ask(session, cmd="new", decks=[deck, "blazing_quake"], seed=1)
        assert reply["ok"], (deck, reply)
    pos = ask(session, cmd="position")["position"]
    assert len(pos["players"][0]["deck"]) == 60
    assert snapshot(data_dir) == before  # no -wal, no -shm, not a byte changed


@pytest.mark.parametrize(("deck", "kind"), [
    ({"deck": "Fire"}, "UnknownDeck"),  # the first profile (Ash) has no Fire
    ({"deck": "Water", "profile": "Nobody"}, "UnknownDeck"),
    ({"deck": "x" * 100}, "UnknownDeck"),
    ({"deck": "Half built", "profile": "Misty"}, "InvalidDeck"),
    ({"deck": 5}, "ProtocolError"),
    ({"deck": ""}, "ProtocolError"),
    ({"deck": "x" * 101}, "ProtocolError"),
    ({"profile": "Ash"}, "ProtocolError"),
    ({"deck": "Water", "profile": ["Ash"]}, "ProtocolError"),
    ({"deck": "Water", "path": "/etc/passwd"}, "ProtocolError"),
])
def test_bad_saved_deck_requests(data_dir: Path, deck: dict[str, Any], kind: str) -> None:
    before = snapshot(data_dir)
    reply = ask(Session(data_dir=data_dir), cmd="new", decks=["tidal_mind", deck])
    assert reply["error"]["type"] == kind, reply
    assert snapshot(data_dir) == before


def test_without_a_data_directory_there_are_no_saved_decks() -> None:
    session = Session()
    assert ask(session, cmd="hello")["saved_decks"] == {}
    reply = ask(session, cmd="new", decks=[{"deck": "Water"}, "tidal_mind"])
    assert reply["error"]["type"] == "UnknownDeck" and "--data-dir" in reply["error"]["message"]


def _damage(path: Path) -> None:
    data = bytearray(path.read_bytes())
    for i in range(100, len(data), 97):
        data[i] ^= 0x5A
    path.write_bytes(bytes(data))


def _foreign(path: Path) -> None:
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 3")
    conn.execute("CREATE TABLE decks (name TEXT)")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("spoil", [_damage, _foreign, lambda p: p.unlink(),
                                   lambda p: p.write_bytes(b"not sqlite at all")])
def test_unreadable_saves_are_refused_and_left_as_they_are(data_dir: Path, spoil: Any) -> None:
    spoil(data_dir / SAVE_FILE)
    before = snapshot(data_dir)
    session = Session(data_dir=data_dir)
    assert ask(session, cmd="hello")["saved_decks"] == {}
    reply = ask(session, cmd="new", decks=[{"deck": "Water"}, "tidal_mind"])
    assert reply["error"]["type"] == "SavesUnreadable", reply
    assert snapshot(data_dir) == before
