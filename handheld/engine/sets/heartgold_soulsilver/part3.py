"""HeartGold & SoulSilver (hgss1): effect scripts of hgss1-61 to hgss1-88, the Pokémon Prime
hgss1-105 to hgss1-110 and Gyarados hgss1-123."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
