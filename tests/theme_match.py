"""The pool and the two theme decks most session and era tests play, and a helper that
plays a session to its end."""

from __future__ import annotations

from handheld.cards import default_pool, load_deck
from handheld.session import MatchSession

POOL = default_pool()
DECKS = (load_deck("blazing_quake"), load_deck("tidal_mind"))


def play_out(session: MatchSession) -> MatchSession:
    """Step ``session`` until it waits for a person or the match is over."""
    while session.step():
        pass
    return session
