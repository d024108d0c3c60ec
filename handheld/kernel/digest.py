"""Short digests of positions and setups: equal on two machines exactly when the data is.

A digest is the CRC32 of the data's canonical JSON (keys sorted, no spaces), as 8 hex
digits. The link compares them after every answer, so the form must never change.
"""

from __future__ import annotations

import json
import zlib
from typing import Any


def canonical(data: Any) -> str:
    """The one JSON text of ``data`` that digests are taken of."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def digest(data: Any) -> str:
    """The digest of JSON-able ``data`` (a position, a setup)."""
    return f"{zlib.crc32(canonical(data).encode('utf-8')):08x}"
