"""HeartGold & SoulSilver (hgss1): effect scripts of hgss1-1 to hgss1-30."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
