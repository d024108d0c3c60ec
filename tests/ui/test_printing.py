"""Printings told apart (issue 18): two cards of one name carry their set and number."""

from __future__ import annotations

from handheld.cards import default_pool, load_deck
from handheld.engine import Match
from handheld.ui.printing import printing, shared_names, told_apart


def test_the_printed_set_and_number() -> None:
    assert printing("ecard1-98") == "EXP 98"
    assert printing("bw1-15") == "BLW 15"
    assert printing("no-such-card") == "no-such-card"


def test_names_two_printings_share_are_told_apart_in_a_match() -> None:
    pool = default_pool()
    m = Match(pool, [load_deck("crimson_spark"), load_deck("tidal_blade")], era="black_white")
    shared = shared_names(m.defs)
    assert {"Tepig", "Pignite", "Emboar", "Oshawott"} <= shared  # two printings each
    assert "Professor Juniper" in shared  # BLW 101 in one deck, NXD 98 in the other
    assert "Switch" not in shared  # (the same printing in both)
    tepigs = {told_apart(d, shared) for d in m.defs if d.name == "Tepig"}
    assert tepigs == {"Tepig BLW 15", "Tepig BLW 16"}
    switch = next(d for d in m.defs if d.name == "Switch")
    assert told_apart(switch, shared) == "Switch"


def test_the_deck_editor_tells_printings_apart(tmp_path: object) -> None:
    from pathlib import Path

    from handheld.ui.app import Handheld
    from handheld.ui.scenes.decks import DeckEditorScene

    h = Handheld(headless=True, data_dir=Path(str(tmp_path)), seed=1)
    ed = DeckEditorScene(h, [], "Test", era="black_white")
    pool = h.pool
    assert ed.printing_of(pool.get("bw1-15")) == "BLW 15"
    assert ed.printing_of(pool.get("bw1-16")) == "BLW 16"
    assert ed.printing_of(pool.get("bw1-104")) == ""  # Switch: one printing in the era
