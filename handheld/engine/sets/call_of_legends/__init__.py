"""Effect scripts of Call of Legends (col1), all 106 cards, written with the effect DSL.

The set is one package of parts, each a range of card numbers, so that its scripts could
be written side by side; the parts never share a card id:

- ``part1``: col1-1 to col1-32;
- ``part2``: col1-33 to col1-75;
- ``trainers``: col1-76 to col1-87 and the shiny Legendary Pokémon col1-SL1 to col1-SL11.
"""

from __future__ import annotations

from ...cardpool import Script
from .part1 import SCRIPTS as PART1
from .part2 import SCRIPTS as PART2
from .trainers import SCRIPTS as TRAINERS

SCRIPTS: dict[str, Script] = {**PART1, **PART2, **TRAINERS}
