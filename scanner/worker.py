"""Decoding off the game loop: one background thread, one frame at a time.

A frame in which the first pass reads nothing and something looks code-like costs the
pipeline every step it has (about 6-17 ms on a desktop core, several times that on a
Raspberry Pi), far more than the 16.7 ms a 60 Hz frame has; most frames with no code end at
the pipeline's pre-check after about a millisecond. The scan screen therefore hands frames
to a :class:`BackgroundReader`: ``offer`` takes a frame only when the thread is idle (a
frame that arrives while one is being decoded is simply not decoded, as a busy scanner
would drop it) and ``poll`` returns each result once. The tracker's "consecutive frames"
are then consecutive *decoded* frames.

OpenCV, zxing-cpp and ZBar release the GIL while they work, so the game keeps its frame
rate while a frame is decoded.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from .reading import Reading

ReadFn = Callable[[Any], list[Reading]]


class BackgroundReader:
    """Runs ``read`` (say ``Pipeline.read``) on one frame at a time in a daemon thread."""

    def __init__(self, read: ReadFn) -> None:
        self._read = read
        self._lock = threading.Condition()
        self._frame: Any = None
        self._result: list[Reading] | None = None
        self._error: BaseException | None = None
        self._busy = False
        self._closed = False
        self.decoded = 0  # frames decoded so far
        self.dropped = 0  # frames offered while busy
        self._thread = threading.Thread(target=self._run, name="scanner-reader", daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._busy

    def offer(self, frame: Any) -> bool:
        """Start decoding ``frame`` if idle (True), else drop it (False)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the reader is closed")
            if self._busy or self._result is not None:
                self.dropped += 1
                return False
            self._frame = frame
            self._busy = True
            self._lock.notify()
            return True

    def poll(self) -> list[Reading] | None:
        """The last frame's readings, once, when it is done (None: nothing new). An error in
        the decoder is raised here, in the caller's thread."""
        with self._lock:
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            result, self._result = self._result, None
            return result

    def wait(self, timeout: float | None = None) -> list[Reading] | None:
        """Block until the frame being decoded is done (for tools and tests)."""
        with self._lock:
            self._lock.wait_for(lambda: not self._busy or self._closed, timeout)
        return self.poll()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._frame is not None or self._closed)
                if self._closed:
                    return
                frame, self._frame = self._frame, None
            try:
                result: list[Reading] | None = self._read(frame)
                error: BaseException | None = None
            except Exception as exc:  # handed to the caller by poll()
                result, error = None, exc
            with self._lock:
                self._result = result if error is None else None
                self._error = error
                self._busy = False
                self.decoded += 1
                self._lock.notify_all()
