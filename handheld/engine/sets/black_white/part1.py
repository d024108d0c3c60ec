"""Black & White (bw1): effect scripts of bw1-1 to bw1-57."""

from __future__ import annotations

from ...cardpool import Script

SCRIPTS: dict[str, Script] = {}
