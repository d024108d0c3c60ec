"""The piece game's tags: of options (the first word of each option tuple and of its
notation), of results and of events (the first item of each log entry). Spelt here alone."""

from __future__ import annotations

# Option tags.
MOVE, BATTLE, SUMMON, STAY, PIECE = "move", "battle", "summon", "stay", "piece"
# Results.
TOGEPI, NO_MOVES, QUIET = "togepi", "no_moves", "quiet"
# Events (the log): each a tuple starting with its tag.
EV_FIRST, EV_TURN, EV_MOVE, EV_SUMMON, EV_BATTLE = "first", "turn", "move", "summon", "battle"
EV_DRAW, EV_FLIP, EV_COST, EV_OUT, EV_EGG = "draw", "flip", "cost", "out", "egg"
EV_RESHUFFLE, EV_WIN, EV_DRAWN_GAME = "reshuffle", "win", "drawn"
