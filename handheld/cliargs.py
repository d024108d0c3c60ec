"""Argument types shared by the project's command lines (``python -m handheld``, the
tools): each refuses a wrong, negative, non-finite or huge value with a message that names
the limit, so argparse exits 2 with one line instead of a traceback later.

An output path is checked before any work is done: its folder must exist, it must not be a
folder itself, and its suffix must say the format (a PNG is written as PNG, never as
whatever a missing suffix would pick)."""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

# A seed is stored in SQLite and passed to random.Random; 63 bits keep it an INTEGER there.
MAX_SEED = 2**63 - 1


def bounded_int(low: int, high: int, what: str = "value") -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (digits only, bounded
    length, so ``9`` * 5000 is refused before Python converts it)."""

    def parse(text: str) -> int:
        stripped = text.strip()
        digits = stripped.lstrip("+-")
        if not digits.isascii() or not digits.isdigit() or len(digits) > 20:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number from {low} to {high}, not {_show(text)}")
        value = int(stripped)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{what} must be from {low} to {high}, not {value}")
        return value

    parse.__name__ = what  # argparse names the type in its messages
    return parse


def bounded_float(low: float, high: float, what: str = "value") -> Callable[[str], float]:
    """An argparse type: a finite number from ``low`` to ``high`` (no nan, no inf)."""

    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 40 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{what} must be a number from {low:g} to {high:g}, not {_show(text)}")
        return value

    parse.__name__ = what
    return parse


def seed(text: str) -> int:
    return bounded_int(0, MAX_SEED, "seed")(text)


def output_file(*suffixes: str) -> Callable[[str], Path]:
    """An argparse type: a file to write, whose folder exists and whose suffix is one of
    ``suffixes`` (case-insensitive)."""

    def parse(text: str) -> Path:
        problem = output_problem(text, suffixes)
        if problem:
            raise argparse.ArgumentTypeError(problem)
        return Path(text)

    parse.__name__ = "output file"
    return parse


def output_problem(text: str, suffixes: tuple[str, ...] = ()) -> str | None:
    """Why ``text`` cannot be written as an output file, or None."""
    if not text or "\0" in text or len(text) > 4096:
        return f"{_show(text)} is not a usable file name"
    path = Path(text)
    if suffixes and path.suffix.lower() not in suffixes:
        return f"{_show(text)} must end in {' or '.join(suffixes)}"
    try:
        if path.is_dir():
            return f"{_show(text)} is a folder, not a file"
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.is_dir():
            return f"the folder of {_show(text)} does not exist"
        if not os.access(folder, os.W_OK):
            return f"cannot write in the folder of {_show(text)}"
        if path.exists() and not path.is_file():
            return f"{_show(text)} exists and is not a regular file"
    except OSError as exc:  # a name too long for the file system, a loop of links...
        return f"{_show(text)} cannot be used: {exc.strerror or exc}"
    return None


def _show(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


def directory(text: str) -> Path:
    """An argparse type: a folder to work in, existing or to be made (its parent exists);
    never a file, a device or a FIFO."""
    path = _folder_name(text)
    try:
        if path.exists() and not path.is_dir():
            raise argparse.ArgumentTypeError(f"{_show(text)} exists and is not a folder")
        if not path.exists() and not path.parent.is_dir():
            raise argparse.ArgumentTypeError(
                f"the parent folder of {_show(text)} does not exist")
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            f"{_show(text)} cannot be used: {exc.strerror or exc}") from None
    return path


def existing_directory(text: str) -> Path:
    """An argparse type: a folder that exists."""
    path = _folder_name(text)
    try:
        if not path.is_dir():
            raise argparse.ArgumentTypeError(f"{_show(text)} is not a folder")
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            f"{_show(text)} cannot be used: {exc.strerror or exc}") from None
    return path


def checkout(text: str) -> Path:
    """An argparse type: a folder holding another checkout of the game (its ``handheld``
    package), for the benchmarks that time one tree against another."""
    path = existing_directory(text)
    try:
        found = (path / "handheld" / "__init__.py").is_file()
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            f"{_show(text)} cannot be used: {exc.strerror or exc}") from None
    if not found:
        raise argparse.ArgumentTypeError(f"no checkout of the game in {_show(text)}")
    return path


def _folder_name(text: str) -> Path:
    if not text or "\0" in text or len(text) > 4096:
        raise argparse.ArgumentTypeError(f"{_show(text)} is not a usable folder name")
    return Path(text)


class Parser(argparse.ArgumentParser):
    """An argument parser whose refusals are one line (the error and where to read more),
    not the usage block followed by the error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")
