"""Next Destinies (bw4): effect scripts of bw4-51 to bw4-100."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
