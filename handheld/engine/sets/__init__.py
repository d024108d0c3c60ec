"""Effect scripts per card set, keyed by card id."""

from __future__ import annotations

from ..cardpool import Script
from .black_white import SCRIPTS as BLACK_WHITE_SCRIPTS
from .call_of_legends import SCRIPTS as CALL_OF_LEGENDS_SCRIPTS
from .dark_explorers import SCRIPTS as DARK_EXPLORERS_SCRIPTS
from .dragons_exalted import SCRIPTS as DRAGONS_EXALTED_SCRIPTS
from .expedition import SCRIPTS as EXPEDITION_SCRIPTS
from .heartgold_soulsilver import SCRIPTS as HEARTGOLD_SOULSILVER_SCRIPTS
from .next_destinies import SCRIPTS as NEXT_DESTINIES_SCRIPTS
from .platinum import SCRIPTS as PLATINUM_SCRIPTS
from .reprints import REPRINTS
from .rising_rivals import SCRIPTS as RISING_RIVALS_SCRIPTS

SCRIPTS: dict[str, Script] = {
    **EXPEDITION_SCRIPTS, **PLATINUM_SCRIPTS, **RISING_RIVALS_SCRIPTS, **BLACK_WHITE_SCRIPTS,
    **NEXT_DESTINIES_SCRIPTS, **DARK_EXPLORERS_SCRIPTS, **DRAGONS_EXALTED_SCRIPTS,
    **HEARTGOLD_SOULSILVER_SCRIPTS, **CALL_OF_LEGENDS_SCRIPTS}

# A reprint plays its first printing's script (one object, so one program and one text).
SCRIPTS.update({twin: SCRIPTS[first] for twin, first in REPRINTS.items() if first in SCRIPTS})
