"""Effect scripts of Next Destinies (bw4), all 100 cards, written with the effect DSL.

The set is one package of parts, each a range of card numbers, so that its scripts could
be written side by side; the parts never share a card id:

- ``part1``: bw4-1 to bw4-50;
- ``part2``: bw4-51 to bw4-100.
"""

from __future__ import annotations

from ...cardpool import Script
from .part1 import SCRIPTS as PART1
from .part2 import SCRIPTS as PART2

SCRIPTS: dict[str, Script] = {**PART1, **PART2}
