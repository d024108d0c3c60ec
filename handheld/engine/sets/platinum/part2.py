"""Platinum: effect scripts of pl1-35 to pl1-77."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
