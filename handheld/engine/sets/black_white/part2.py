"""Black & White (bw1): effect scripts of bw1-58 to bw1-115 (Trainers, basic Energy)."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
