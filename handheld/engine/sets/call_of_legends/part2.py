"""Call of Legends (col1): effect scripts of col1-33 to col1-75."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
