"""HeartGold & SoulSilver (hgss1): effect scripts of the Trainers and Special Energy,
hgss1-89 to hgss1-104, and Alph Lithograph hgss1-ONE (basic Energy needs none)."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
