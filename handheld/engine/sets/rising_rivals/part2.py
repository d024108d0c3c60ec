"""Rising Rivals: effect scripts of pl2-35 to pl2-74."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
