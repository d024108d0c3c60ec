"""Call of Legends (col1): effect scripts of col1-1 to col1-32."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
