"""Platinum: effect scripts of pl1-1 to pl1-34."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
