"""Rising Rivals: effect scripts of the Pokémon LV.X pl2-103 to pl2-111."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
