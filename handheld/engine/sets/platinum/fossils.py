"""Platinum: effect scripts of the Fossils pl1-119 and pl1-120."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
