"""``python -m handheld.engine [--deck-dir DIR] [--data-dir DIR]``: the protocol on stdin
and stdout."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from .session import serve
from .wire import read_request_lines


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr, exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _directory(text: str) -> Path:
    if not text:
        raise argparse.ArgumentTypeError("an empty name is not a directory")
    if not Path(text).is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is not a directory")
    return Path(text)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m handheld.engine`` (installed: ``pocket-tcg-engine``): serve stdin."""
    from .. import DISTRIBUTION, version

    parser = _Parser(prog="python -m handheld.engine",
                     description="The rules engine over a JSON-lines protocol on stdin and "
                                 "stdout (docs/PROTOCOL.md).")
    parser.add_argument("--deck-dir", metavar="DIR", type=_directory,
                        help="a directory whose .deck files clients may name in \"new\"")
    parser.add_argument("--data-dir", metavar="DIR", type=_directory,
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
