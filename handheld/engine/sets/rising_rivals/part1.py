"""Rising Rivals: effect scripts of pl2-1 to pl2-34."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
