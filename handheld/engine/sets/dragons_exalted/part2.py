"""Dragons Exalted (bw6): effect scripts of bw6-65 to bw6-128."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
