"""``python -m handheld.engine [--deck-dir DIR] [--data-dir DIR]``: the engine driven over
a JSON-lines protocol.

The entry point lives here because that is the command players and tools expect; the
I/O (reading requests, loading card data and deck files) is in ``handheld.protocol`` so
the engine package itself stays free of files. See docs/PROTOCOL.md.
"""

from __future__ import annotations

import sys

from handheld.protocol import main

if __name__ == "__main__":
    sys.exit(main())
