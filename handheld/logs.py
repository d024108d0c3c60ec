"""The log a player can attach to a bug report: ``python -m handheld -v`` (``-vv`` for
debug detail) on standard error, and ``--log-file [PATH.log]`` into a file of bounded size.

Every module logs through ``logging.getLogger(__name__)``; this module only decides where
the records go. Without ``-v`` and ``--log-file`` nothing is configured, so the terminal
shows exactly what it showed before logging existed (warnings of a library still reach
standard error through Python's last-resort handler, as they always did).

What is never logged: the pairing code of a link duel, and any card the player may not
see (the opponent's hand, prizes or deck order). A match is logged by its seed, its decks'
names and its result: the seed replays it for a developer, and nothing else is needed.

The file rotates at :data:`MAX_LOG_BYTES` keeping :data:`LOG_BACKUPS` older files, so a
handheld left logging for months fills no SD card. Without a path it is
:data:`LOG_FILE_NAME` in the data directory, beside the save file.
"""

from __future__ import annotations

import logging
import logging.handlers
import platform
import sys
from collections.abc import Callable
from pathlib import Path

LOG_FILE_NAME = "pocket-tcg.log"
# A bug report needs the last few sessions, not a year: 1 MB holds thousands of lines.
MAX_LOG_BYTES = 1_000_000
LOG_BACKUPS = 2
# The packages whose records the log shows at INFO or DEBUG; libraries (zeroconf, Ray)
# stay at WARNING, or their debug output would drown ours.
OUR_LOGGERS = ("handheld", "scanner", "firmware_sim")
CONSOLE_FORMAT = "%(levelname)s %(name)s: %(message)s"
FILE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger(__name__)


def default_log_path(data_dir: Path | str | None) -> Path:
    """Where ``--log-file`` without a path writes: beside the saves."""
    from firmware_sim.storage import DirStorage

    return DirStorage(data_dir).data_dir / LOG_FILE_NAME


def level_for(verbosity: int) -> int:
    """``-v`` is INFO, ``-vv`` (or more) DEBUG; none leaves WARNING."""
    return logging.DEBUG if verbosity >= 2 else logging.INFO if verbosity == 1 \
        else logging.WARNING


def configure_logging(verbosity: int, log_file: Path | None, *,
                      stream: object | None = None) -> Callable[[], None]:
    """Send our packages' records to standard error (``verbosity`` 1 or 2) and/or a
    rotating ``log_file``. Returns the function that undoes it (for tests and for a
    ``main`` called twice in one process). Raises OSError when the file cannot be opened."""
    if verbosity <= 0 and log_file is None:
        return lambda: None
    handlers: list[logging.Handler] = []
    if verbosity > 0:
        console = logging.StreamHandler(stream if stream is not None else sys.stderr)  # type: ignore[arg-type]
        console.setLevel(level_for(verbosity))
        console.setFormatter(logging.Formatter(CONSOLE_FORMAT))
        handlers.append(console)
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        to_file = logging.handlers.RotatingFileHandler(
            log_file, maxBytes=MAX_LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        # The file is what gets attached to a report: INFO at least, DEBUG with -vv.
        to_file.setLevel(min(level_for(verbosity), logging.INFO))
        to_file.setFormatter(logging.Formatter(FILE_FORMAT))
        handlers.append(to_file)
    root = logging.getLogger()
    for handler in handlers:
        root.addHandler(handler)
    level = min(h.level for h in handlers)
    previous = {name: logging.getLogger(name).level for name in OUR_LOGGERS}
    for name in OUR_LOGGERS:
        logging.getLogger(name).setLevel(level)

    def undo() -> None:
        for handler in handlers:
            root.removeHandler(handler)
            handler.close()
        for name, old in previous.items():
            logging.getLogger(name).setLevel(old)

    return undo


def log_startup(argv: list[str] | None = None) -> None:
    """The first lines of a report: what runs, where (the screen's part is the UI's)."""
    if not log.isEnabledFor(logging.INFO):
        return  # reading the package metadata costs launch time: only when it is shown
    from . import DISTRIBUTION, version

    log.info("%s %s on Python %s (%s), %s %s", DISTRIBUTION, version(),
             platform.python_version(), platform.python_implementation(), platform.system(),
             platform.machine())
    log.info("platform %s", platform.platform())
    if argv is not None:
        log.debug("command line: %s", " ".join(argv))
