"""Effect scripts per card set, keyed by card id."""

from __future__ import annotations

from ..cardpool import Script
from .expedition import SCRIPTS as EXPEDITION_SCRIPTS
from .platinum import SCRIPTS as PLATINUM_SCRIPTS
from .rising_rivals import SCRIPTS as RISING_RIVALS_SCRIPTS

SCRIPTS: dict[str, Script] = {**EXPEDITION_SCRIPTS, **PLATINUM_SCRIPTS, **RISING_RIVALS_SCRIPTS}
