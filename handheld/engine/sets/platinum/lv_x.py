"""Platinum: effect scripts of the Pokémon LV.X pl1-122 to pl1-127 and Level Max pl1-107."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
