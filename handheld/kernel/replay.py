"""A replay: everything needed to play a match again, bit for bit.

A match is its setup, the seed of the driver that resolves every chance node, and the
answers given at every choice (the answers may also hold events such as a forfeit, which
the app layer that recorded them knows how to play back). Every driver of the handheld
(the players' driver, the session, the link) keeps one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Replay:
    game: str  # the game's registry key
    era: str  # the era's key
    setup: Any  # what the game's new_state starts from (two deck lists for "tcg")
    seed: int
    answers: list[Any] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "era": self.era, "setup": self.setup, "seed": self.seed,
                "answers": list(self.answers)}
