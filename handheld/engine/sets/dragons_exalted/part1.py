"""Dragons Exalted (bw6): effect scripts of bw6-1 to bw6-64."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
