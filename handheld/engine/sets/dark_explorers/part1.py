"""Dark Explorers (bw5): effect scripts of bw5-1 to bw5-55 (Restored Aerodactyl too)."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
