"""``python -m handheld.engine [--deck-dir DIR] [--data-dir DIR]``: the protocol on stdin
and stdout."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence

from ..cliargs import Parser, existing_directory
from .session import serve
from .wire import read_request_lines


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m handheld.engine`` (installed: ``pocket-tcg-engine``): serve stdin."""
    from .. import DISTRIBUTION, version

    parser = Parser(prog="python -m handheld.engine",
                     description="The rules engine over a JSON-lines protocol on stdin and "
                                 "stdout (docs/PROTOCOL.md).")
    parser.add_argument("--deck-dir", metavar="DIR", type=existing_directory,
                        help="a directory whose .deck files clients may name in \"new\"")
    parser.add_argument("--data-dir", metavar="DIR", type=existing_directory,
                        help="a handheld's data directory whose saved decks clients may "
                             "use in \"new\" (read only)")
    parser.add_argument("--version", action="version", version=f"{DISTRIBUTION} {version()}")
    args = parser.parse_args(argv)
    try:
        serve(read_request_lines(sys.stdin.buffer), sys.stdout, deck_dir=args.deck_dir,
              data_dir=args.data_dir)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The client went away: nothing left to say, and nowhere to say it.
        # (Python's advice: point stdout at devnull so the flush at exit is silent.)
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
