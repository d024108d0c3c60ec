"""Effect scripts of Dragons Exalted (bw6), all 128 cards, written with the effect DSL.

The set is one package of parts, each a range of card numbers, so that its scripts could
be written side by side; the parts never share a card id:

- ``part1``: bw6-1 to bw6-64;
- ``part2``: bw6-65 to bw6-128.
"""

from __future__ import annotations

from ...cardpool import Script
from .part1 import SCRIPTS as PART1
from .part2 import SCRIPTS as PART2

SCRIPTS: dict[str, Script] = {**PART1, **PART2}
