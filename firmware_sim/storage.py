"""Storage: where the saves live (the SD card on a handheld), and a simulated power cut.

The data directory is, in order: the ``HANDHELD_DATA`` environment variable, else
``$XDG_DATA_HOME/pocket-tcg``, else ``~/.local/share/pocket-tcg``. A power cut on the real
board loses whatever the programs had not yet written; :meth:`SimStorage.power_cut` makes
that moment reproducible by copying the files exactly as they lie on disk at that instant,
so a test can open the copy the way the next boot would.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

DATA_ENV = "HANDHELD_DATA"
APP_DIR = "pocket-tcg"


def default_data_dir() -> Path:
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / APP_DIR


class DirStorage:
    """Saves in a directory (created on first use)."""

    kind = "dir"

    def __init__(self, data_dir: Path | str | None = None) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()

    def path(self, name: str) -> Path:
        """A file in the data directory (the directory is created if needed)."""
        if not name or "/" in name or "\\" in name or name in (".", ".."):
            raise ValueError(f"not a plain file name: {name!r}")
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return self.data_dir / name

    def describe(self) -> str:
        return f"{self.kind} storage at {self.data_dir}"


class SimStorage(DirStorage):
    """A data directory of its own (a temporary one unless given) with power cuts."""

    kind = "sim"

    def __init__(self, data_dir: Path | str | None = None) -> None:
        if data_dir is None:
            data_dir = tempfile.mkdtemp(prefix="handheld-sim-")
        super().__init__(data_dir)
        self.cuts = 0

    def power_cut(self, into: Path | str | None = None) -> SimStorage:
        """The storage as the next boot finds it: every file copied byte for byte as it is on
        disk right now (journals and write-ahead logs included, whatever a program had
        half-written), into ``into`` or a new temporary directory."""
        self.cuts += 1
        target = Path(into) if into is not None else Path(
            tempfile.mkdtemp(prefix=f"handheld-cut{self.cuts}-"))
        target.mkdir(parents=True, exist_ok=True)
        if self.data_dir.is_dir():
            for item in self.data_dir.iterdir():
                if item.is_file():
                    shutil.copyfile(item, target / item.name)
        return SimStorage(target)
