"""Telling printings apart: two cards of one name (two Tepig of Black & White, Blastoise of
two sets) are shown with their set and number ("Tepig BLW 15") wherever both could be
met, and by name alone where the name is enough."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class _Card(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


def printing(card_id: str) -> str:
    """The set's printed abbreviation and the collector number ("BLW 15"); the card id
    for a card the assets do not know."""
    from ..printed import printed_cards

    found = printed_cards().by_id(card_id)
    return f"{found.set.abbr} {found.number}" if found is not None else card_id


def shared_names(cards: Iterable[_Card]) -> frozenset[str]:
    """The names that more than one printing among ``cards`` carries."""
    first: dict[str, str] = {}
    shared: set[str] = set()
    for d in cards:
        seen = first.setdefault(d.name, d.id)
        if seen != d.id:
            shared.add(d.name)
    return frozenset(shared)


def told_apart(card: _Card, shared: frozenset[str]) -> str:
    """The card's name, with its printing when another printing shares the name."""
    return f"{card.name} {printing(card.id)}" if card.name in shared else card.name
