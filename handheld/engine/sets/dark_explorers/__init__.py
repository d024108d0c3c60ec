"""Effect scripts of Dark Explorers (bw5), all 111 cards, written with the effect DSL.

The set is one package of parts, each a range of card numbers, so that its scripts could
be written side by side; the parts never share a card id:

- ``part1``: bw5-1 to bw5-55 (Aerodactyl, the Restored Pokémon, among them);
- ``part2``: bw5-56 to bw5-111.
"""

from __future__ import annotations

from ...cardpool import Script
from .part1 import SCRIPTS as PART1
from .part2 import SCRIPTS as PART2

SCRIPTS: dict[str, Script] = {**PART1, **PART2}
