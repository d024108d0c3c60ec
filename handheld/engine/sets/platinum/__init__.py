"""Effect scripts of Platinum (pl1), all 133 cards, written with the effect DSL.

The set is one package of parts, each a range of card numbers, so that its scripts could
be written side by side; the parts never share a card id:

- ``part1``: pl1-1 to pl1-34;
- ``part2``: pl1-35 to pl1-77;
- ``part3``: pl1-78 to pl1-121 (the Fossils and Level Max aside), pl1-128 to pl1-130,
  pl1-SH4 to pl1-SH6;
- ``lv_x``: the Pokémon LV.X pl1-122 to pl1-127 and Level Max pl1-107;
- ``fossils``: the Fossils pl1-119 and pl1-120;
"""

from __future__ import annotations

from ...cardpool import Script
from .fossils import SCRIPTS as FOSSILS
from .lv_x import SCRIPTS as LV_X
from .part1 import SCRIPTS as PART1
from .part2 import SCRIPTS as PART2
from .part3 import SCRIPTS as PART3

SCRIPTS: dict[str, Script] = {**PART1, **PART2, **PART3, **LV_X, **FOSSILS}
