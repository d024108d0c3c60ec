"""Dark Explorers (bw5): effect scripts of bw5-56 to bw5-111."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
