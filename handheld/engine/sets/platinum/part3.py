"""Platinum: effect scripts of pl1-78 to pl1-121 (the Fossils and Level Max aside),
pl1-128 to pl1-130 and pl1-SH4 to pl1-SH6."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
