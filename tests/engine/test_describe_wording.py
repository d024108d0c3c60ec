"""The log's lines count things in plain English: "1 Prize card", "2 Prize cards" (issue 18:
no "card(s)")."""

from __future__ import annotations

from handheld.cards import DECK_SETS, default_pool, load_deck
from handheld.engine import Match
from handheld.engine import notation as tags
from handheld.engine.describe import describe_event


def test_counts_are_singular_or_plural_never_bracketed() -> None:
    m = Match(default_pool(), [load_deck(n) for n in DECK_SETS["theme"]], record_log=False)
    names = ("Ash", "CPU")

    def line(*ev: object) -> str:
        return describe_event(m, ev, names=names)

    assert line(tags.EV_PRIZE, 0, 1, 5) == "Ash takes 1 Prize card (5 left)."
    assert line(tags.EV_PRIZE, 1, 2, 3) == "CPU takes 2 Prize cards (3 left)."
    assert line(tags.EV_EXTRA_DRAW, 0, 1) == "Ash draws 1 extra card for the mulligan."
    assert line(tags.EV_EXTRA_DRAW, 1, 3) == "CPU draws 3 extra cards for the mulligan."
    card = 0  # the first card of the first deck
    name = m.card_name(card)
    assert line(tags.EV_COUNTERS, 0, card, 1) == f"1 damage counter on Ash's {name}."
    assert line(tags.EV_COUNTERS, 0, card, 4) == f"4 damage counters on Ash's {name}."
