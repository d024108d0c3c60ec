"""Effect scripts of HeartGold & SoulSilver (hgss1), all 124 cards, written with the effect
DSL.

The set is one package of parts, each a range of card numbers, so that its scripts could
be written side by side; the parts never share a card id:

- ``part1``: hgss1-1 to hgss1-30;
- ``part2``: hgss1-31 to hgss1-60;
- ``part3``: hgss1-61 to hgss1-88, the Pokémon Prime hgss1-105 to hgss1-110 and hgss1-123;
- ``trainers``: hgss1-89 to hgss1-104 and hgss1-ONE;
- ``legend``: the two Pokémon LEGEND, hgss1-111 to hgss1-114.
"""

from __future__ import annotations

from ...cardpool import Script
from .legend import SCRIPTS as LEGEND
from .part1 import SCRIPTS as PART1
from .part2 import SCRIPTS as PART2
from .part3 import SCRIPTS as PART3
from .trainers import SCRIPTS as TRAINERS

SCRIPTS: dict[str, Script] = {**PART1, **PART2, **PART3, **TRAINERS, **LEGEND}
