"""The hardware seam: the board's interfaces (buttons, display, power, storage, camera,
link), each with a simulated implementation and a Raspberry Pi one, and the board that
picks them (``firmware_sim.board.make_board``). It imports nothing of the game.

See docs/HARDWARE.md, and ``python -m firmware_sim --help``.
"""

import os

# pygame prints a banner on import unless told not to; command output must stay clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


DISTRIBUTION = "pocket-tcg-handheld"


def version() -> str:
    """The installed version, from the package metadata (``--version`` prints it)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as metadata_version

    try:
        return metadata_version(DISTRIBUTION)
    except PackageNotFoundError:  # a plain checkout run with PYTHONPATH: nothing installed
        return "(not installed)"
