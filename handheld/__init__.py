"""The game: the rules engine, its players, the screens, the saves and the e-Reader.

See DESIGN.md for the layout. (The scanner and the hardware seam keep their own copy of
``version()``: they import nothing of the game.)
"""

import logging

# The game logs for bug reports (handheld.logs): until -v or --log-file says where to, its
# records go nowhere, so the terminal shows what it showed before (Python's last-resort
# handler would print the warnings).
logging.getLogger(__name__).addHandler(logging.NullHandler())

DISTRIBUTION = "pocket-tcg-handheld"


def version() -> str:
    """The installed version, from the package metadata (``--version`` prints it)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as metadata_version

    try:
        return metadata_version(DISTRIBUTION)
    except PackageNotFoundError:  # a plain checkout run with PYTHONPATH: nothing installed
        return "(not installed)"
