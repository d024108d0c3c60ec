"""The scanner: camera frames -> printed card codes -> card data (and code printing).

``codes`` (the payload), ``catalog`` (the cards a code may name, by id or printed number),
``images`` (image files from outside, read safely), ``decoders`` (zxing-cpp,
ZBar, OpenCV behind one interface), ``pipeline`` (cheap first, harder only where nothing
was read), ``reading`` (a code judged), ``tracker`` (two consecutive frames, once while in
view), ``sheet`` (printable labels), ``synthetic`` (the benchmark's camera frames) and the
command line (``python -m scanner``). It imports nothing of the game (see DESIGN.md): only
its command line reaches ``firmware_sim.camera``, inside ``scan``. See docs/CARD_CODES.md.
"""

import logging

# Records for a bug report go nowhere until the game's -v or --log-file says where to.
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
