"""Platinum: the Fossils pl1-119 and pl1-120, played as [C] Basic Pokémon.

The card facts give them no HP; their cards print 50 (docs/ENGINE.md, the era's readings).
What a Fossil is in play (no retreat, no Special Conditions, discarded at will) is the
engine's rule for every Fossil; each card adds its coin rule.
"""

from __future__ import annotations

from ...cardpool import FossilScript, Script

SCRIPTS: dict[str, Script] = {
    "pl1-119": FossilScript(hp=50, flip_shield=10),  # Armor Fossil
    "pl1-120": FossilScript(hp=50, flip_retaliation=1),  # Skull Fossil
}
