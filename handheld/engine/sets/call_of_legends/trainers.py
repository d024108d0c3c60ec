"""Call of Legends (col1): effect scripts of the Trainers and Special Energy, col1-76 to
col1-87, and the shiny Legendary Pokémon col1-SL1 to col1-SL11 (basic Energy needs none)."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
