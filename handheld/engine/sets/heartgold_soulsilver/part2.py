"""HeartGold & SoulSilver (hgss1): effect scripts of hgss1-31 to hgss1-60."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
