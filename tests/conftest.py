"""Fixtures shared by several test folders."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def xvfb() -> Iterator[str]:
    """An X server without a screen (Debian's xvfb, installed by ./run test); its DISPLAY."""
    for n in range(90, 120):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            break
    display = f":{n}"
    proc = subprocess.Popen(["Xvfb", display, "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            time.sleep(0.05)
        else:
            pytest.fail("Xvfb did not start")
        yield display
    finally:
        proc.terminate()
        proc.wait(timeout=10)


