"""Fixtures shared by several test folders."""

from __future__ import annotations

import os
import select
import subprocess
import time
from collections.abc import Iterator

import pytest


@pytest.fixture
def xvfb() -> Iterator[str]:
    """An X server without a screen (Debian's xvfb, installed by ./run test); its DISPLAY.
    Xvfb picks a free display number itself and writes it to a pipe once it is ready
    (``-displayfd``), so tests running at once on other workers never race for one."""
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "800x600x24",
                             "-nolisten", "tcp"], pass_fds=(write_end,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        number = _read_display_number(read_end, timeout=10.0)
        if number is None:
            pytest.fail("Xvfb did not start")
        yield f":{number}"
    finally:
        os.close(read_end)
        proc.terminate()
        proc.wait(timeout=10)


def _read_display_number(fd: int, timeout: float) -> str | None:
    """The display number Xvfb writes to ``fd`` (a line of digits), or None if it closes the
    pipe or says nothing within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    text = b""
    while not text.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 64)
        if not chunk:
            return None
        text += chunk
    number = text.decode("ascii", "replace").strip()
    return number if number.isdigit() else None
