"""Rising Rivals: effect scripts of pl2-75 to pl2-102, pl2-112 to pl2-114, pl2-RT1 to pl2-RT6."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
