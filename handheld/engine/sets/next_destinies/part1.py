"""Next Destinies (bw4): effect scripts of bw4-1 to bw4-50."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
