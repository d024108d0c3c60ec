"""Effect scripts per card set, keyed by card id."""

from __future__ import annotations

from ..cardpool import Script
from .expedition import SCRIPTS as EXPEDITION_SCRIPTS

SCRIPTS: dict[str, Script] = {**EXPEDITION_SCRIPTS}
