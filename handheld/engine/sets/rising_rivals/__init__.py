"""Effect scripts of Rising Rivals (pl2), all 120 cards, written with the effect DSL.

The set is one package of parts, each a range of card numbers, so that its scripts could
be written side by side; the parts never share a card id:

- ``part1``: pl2-1 to pl2-34;
- ``part2``: pl2-35 to pl2-74;
- ``part3``: pl2-75 to pl2-102, pl2-112 to pl2-114, pl2-RT1 to pl2-RT6;
- ``lv_x``: the Pokémon LV.X pl2-103 to pl2-111;
"""

from __future__ import annotations

from ...cardpool import Script
from .lv_x import SCRIPTS as LV_X
from .part1 import SCRIPTS as PART1
from .part2 import SCRIPTS as PART2
from .part3 import SCRIPTS as PART3

SCRIPTS: dict[str, Script] = {**PART1, **PART2, **PART3, **LV_X}
