"""HeartGold & SoulSilver (hgss1): effect scripts of the Pokémon LEGEND, hgss1-111 to
hgss1-114 (each LEGEND is two cards; the half that prints the attacks carries them)."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
