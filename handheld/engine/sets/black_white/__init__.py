"""Effect scripts of Black & White (bw1), all 115 cards, written with the effect DSL.

The set is one package of parts, each a range of card numbers, so that its scripts could
be written side by side; the parts never share a card id:

- ``part1``: bw1-1 to bw1-57;
- ``part2``: bw1-58 to bw1-115 (the Trainers and basic Energy among them).
"""

from __future__ import annotations

from ...cardpool import Script
from .part1 import SCRIPTS as PART1
from .part2 import SCRIPTS as PART2

SCRIPTS: dict[str, Script] = {**PART1, **PART2}
