"""Camera: where the scanner's frames come from, behind one small interface.

Every source hands out frames as BGR ``uint8`` numpy arrays of shape ``(height, width, 3)``
(OpenCV's layout, so the decoders can use them as they are):

- :class:`V4L2Camera`: a USB or CSI camera through OpenCV's V4L2 backend (Linux);
- :class:`Picamera2Camera`: the Raspberry Pi camera stack (``picamera2``, imported only when
  asked for, so desktops and CI never need it);
- :class:`VideoFileSource`: a recorded clip, once or looping;
- :class:`ImageFolderSource`: the images of a folder in natural order ("frame2" before
  "frame10"), looping by default; unreadable files are skipped and reported, never fatal;
- :class:`FrameListSource`: frames already in memory (scripted tests of the scanner);
- :class:`SimCamera`: a folder, a clip or a list of frames replayed on an injected clock, like
  a camera that keeps filming whether anyone looks or not.

:func:`open_camera` turns a spec string ("v4l2:0", "picamera2", "file:clip.avi",
"dir:cards/", "sim:cards/@15") into a source. Anything that cannot deliver frames (a bad
spec, a missing device, file or folder, picamera2 not installed, a camera that stops)
raises :class:`CameraUnavailable`, whose message says what was asked, what is wrong and what
to do; the scanner catches that one class and shows the message instead of crashing.

``read()`` returns ``None`` when there is no new frame; ``ended`` tells a finished
non-looping source from one that merely has nothing new yet. Live cameras never end: when
they stop delivering they raise :class:`CameraUnavailable` rather than return ``None``
forever. Sizes are ``(width, height)`` as cameras and ``cv2`` spell them, the reverse of the
array's shape.
"""

from __future__ import annotations

import logging
import math
import os
import re
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol, Self, runtime_checkable

# OpenCV refuses to decode a picture above this many pixels (read when it first decodes):
# a small file whose header claims 65535x65535 is then an error, not gigabytes.
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(50_000_000))
try:
    import cv2
except Exception as _exc:  # a broken OpenCV (another numpy's ABI, a missing library)
    # must not stop the game: every camera then says why it cannot open (open_camera).
    cv2 = None  # type: ignore[assignment]
    _CV2_PROBLEM = f"OpenCV cannot load ({type(_exc).__name__}: {_exc})"
import numpy as np
from numpy.typing import NDArray

from firmware_sim.clock import Clock, MonotonicClock

log = logging.getLogger(__name__)

Frame = NDArray[np.uint8]
Size = tuple[int, int]

IMAGE_EXTENSIONS = (
    ".png",
    ".jpg",
    ".jpeg",
    ".bmp",
    ".tif",
    ".tiff",
    ".webp",
    ".ppm",
    ".pgm",
    ".pbm",
    ".pnm",
)
DEFAULT_SIM_FPS = 15.0
DEFAULT_PICAMERA2_SIZE: Size = (640, 480)
SPEC_HELP = (
    "a camera spec is one of: 'v4l2:0', 'v4l2:/dev/video2' (optionally '@640x480'), "
    "'picamera2' (optionally ':1280x720'), 'file:PATH' (a video), 'dir:PATH' (a folder of "
    "images), 'sim:PATH@FPS' (a folder or video replayed at FPS frames per second)"
)


class CameraUnavailable(RuntimeError):
    """A camera or frame source cannot deliver frames; the message says what was asked, what
    is wrong and what to do."""

    def __init__(self, what: str, problem: str, hint: str = "") -> None:
        self.what = what
        self.problem = problem
        self.hint = hint
        message = f"camera {what}: {problem}"
        if hint:
            message += f"; {hint}"
        super().__init__(message)

    def __reduce__(self) -> tuple[type, tuple[str, str, str]]:
        return (CameraUnavailable, (self.what, self.problem, self.hint))


@runtime_checkable
class FrameSource(Protocol):
    """What the scanner reads frames from."""

    name: str

    @property
    def size(self) -> Size | None:
        """``(width, height)`` of the frames, once known."""
        ...

    @property
    def ended(self) -> bool:
        """True once a non-looping source has delivered its last frame."""
        ...

    def read(self) -> Frame | None:
        """The next frame (BGR uint8, H x W x 3), or None if there is none new (or the end)."""
        ...

    def close(self) -> None: ...

    def describe(self) -> str: ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


def as_bgr(frame: NDArray[Any]) -> Frame:
    """A frame as contiguous BGR uint8 H x W x 3: grey gains channels, alpha is dropped and
    16-bit samples keep their top byte. Anything else is not a picture and is refused."""
    if frame.ndim == 3 and frame.shape[2] == 1:
        frame = frame[:, :, 0]
    if frame.dtype == np.uint16:
        frame = (frame >> 8).astype(np.uint8)
    if frame.dtype != np.uint8:
        raise ValueError(f"frames must be uint8 (or uint16), not {frame.dtype}")
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    elif frame.ndim == 3 and frame.shape[2] == 4:
        frame = frame[:, :, :3]
    elif frame.ndim != 3 or frame.shape[2] != 3:
        raise ValueError(f"frames must be H x W (grey), H x W x 3 or H x W x 4, not {frame.shape}")
    if frame.shape[0] == 0 or frame.shape[1] == 0:
        raise ValueError(f"an empty frame: {frame.shape}")
    return np.ascontiguousarray(frame)


def _frame_size(frame: Frame) -> Size:
    return (int(frame.shape[1]), int(frame.shape[0]))


def _natural_key(path: Path) -> list[tuple[int, int | str]]:
    # Numbers compare as numbers so frame2 comes before frame10; the tuples keep ints and
    # strings from ever being compared with each other.
    parts = re.split(r"(\d+)", path.name.casefold())
    return [(0, int(p)) if p.isdigit() else (1, p) for p in parts if p]


def _check_positive_size(what: str, width: int | None, height: int | None) -> None:
    for label, value in (("width", width), ("height", height)):
        if value is not None and (isinstance(value, bool) or value <= 0):
            raise CameraUnavailable(
                what, f"{label} must be a positive number of pixels, not {value}"
            )


class _SourceBase:
    """Shared plumbing: context manager, size and end bookkeeping, close-once."""

    name: str = "camera"

    def __init__(self) -> None:
        self._size: Size | None = None
        self._ended = False
        self._closed = False

    @property
    def size(self) -> Size | None:
        return self._size

    @property
    def ended(self) -> bool:
        return self._ended

    @property
    def closed(self) -> bool:
        return self._closed

    def describe(self) -> str:
        size = f"{self._size[0]}x{self._size[1]}" if self._size else "size not known yet"
        return f"{self.name} ({size})"

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._release()

    def _release(self) -> None:
        """Frees the device or file; called once by close()."""

    def _check_open(self) -> None:
        if self._closed:
            raise CameraUnavailable(self.name, "it has been closed", "open it again")

    def _deliver(self, frame: NDArray[Any]) -> Frame:
        bgr = as_bgr(frame)
        self._size = _frame_size(bgr)
        return bgr

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.describe()}>"


class V4L2Camera(_SourceBase):
    """A camera through OpenCV's V4L2 backend: ``device`` is an index (0 is /dev/video0) or a
    device path. The first frame is read at once, so a node that opens but never films (the
    metadata node many webcams add) fails here rather than yielding ``None`` forever."""

    # A few failed grabs in a row mean the camera is gone (unplugged, driver reset).
    MAX_FAILED_READS = 3

    def __init__(
        self, device: int | str = 0, width: int | None = None, height: int | None = None
    ) -> None:
        super().__init__()
        if isinstance(device, str) and device.isdigit():
            device = int(device)
        self.device = device
        self.name = f"v4l2:{device}"
        self._failures = 0
        _check_positive_size(self.name, width, height)
        if isinstance(device, int) and (isinstance(device, bool) or device < 0):
            raise CameraUnavailable(self.name, "a device index must be 0 or more")
        node = Path(f"/dev/video{device}") if isinstance(device, int) else Path(device)
        # Checking the node first gives a precise reason and spares OpenCV's warnings.
        if sys.platform.startswith("linux"):
            self._check_node(node)
        capture = cv2.VideoCapture(device, cv2.CAP_V4L2)
        if not capture.isOpened():
            capture.release()
            raise CameraUnavailable(
                self.name,
                f"{node} could not be opened as a V4L2 camera",
                "it may be busy in another program, or not a camera; "
                "list cameras with 'v4l2-ctl --list-devices'",
            )
        self._capture = capture
        if width is not None:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        if height is not None:
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        ok, frame = capture.read()
        if not ok or frame is None:
            capture.release()
            raise CameraUnavailable(
                self.name,
                f"{node} opened but delivered no frame",
                "it may be a metadata node rather than the capture node (try the next "
                "/dev/videoN), or the camera needs more power or a reconnect",
            )
        self._pending: Frame | None = self._deliver(frame)

    def _check_node(self, node: Path) -> None:
        if not node.exists():
            raise CameraUnavailable(
                self.name,
                f"{node} does not exist",
                "plug a camera in, list cameras with 'ls /dev/video*', or use a "
                "'file:', 'dir:' or 'sim:' source instead",
            )
        if not node.is_char_device():
            raise CameraUnavailable(
                self.name,
                f"{node} is not a device node",
                "for a recorded clip use 'file:PATH', for a folder of images 'dir:PATH'",
            )
        if not os.access(node, os.R_OK | os.W_OK):
            raise CameraUnavailable(
                self.name,
                f"no permission to open {node}",
                "add this user to the 'video' group (sudo usermod -aG video $USER) and log in "
                "again",
            )

    def read(self) -> Frame | None:
        self._check_open()
        if self._pending is not None:
            frame, self._pending = self._pending, None
            return frame
        # A name of its own: what OpenCV captured is any array until _deliver checks it.
        ok, raw = self._capture.read()
        if not ok or raw is None:
            self._failures += 1
            if self._failures >= self.MAX_FAILED_READS:
                raise CameraUnavailable(
                    self.name,
                    f"stopped delivering frames ({self._failures} failed reads in a row)",
                    "check the cable and reopen the camera",
                )
            return None
        self._failures = 0
        return self._deliver(raw)

    def _release(self) -> None:
        self._capture.release()


class Picamera2Camera(_SourceBase):
    """The Raspberry Pi camera through ``picamera2`` (imported here, only when asked for).

    Its "RGB888" format is laid out B, G, R in memory: OpenCV's order, no conversion."""

    def __init__(self, size: Size = DEFAULT_PICAMERA2_SIZE) -> None:
        super().__init__()
        self.name = "picamera2"
        width, height = size
        _check_positive_size(self.name, width, height)
        try:
            from picamera2 import Picamera2  # optional: only a Pi has it
        except ImportError as exc:
            raise CameraUnavailable(
                self.name,
                f"the picamera2 package is not installed ({exc})",
                "on Raspberry Pi OS run 'sudo apt install python3-picamera2' and create the "
                "virtual environment with --system-site-packages; elsewhere use 'v4l2:0', "
                "'file:', 'dir:' or 'sim:'",
            ) from exc
        except Exception as exc:  # installed but broken: not a crash, a reason
            raise CameraUnavailable(
                self.name,
                f"the picamera2 package cannot load ({type(exc).__name__}: {exc})",
                "'numpy.dtype size changed' means the virtual environment holds a numpy "
                "other than Raspberry Pi OS's, which picamera2 is built on: re-run ./run, "
                "which installs constraints-pi.txt (docs/HARDWARE.md)",
            ) from exc
        camera: Any = None
        try:
            camera = Picamera2()
            config = camera.create_preview_configuration(
                main={"size": (int(width), int(height)), "format": "RGB888"}
            )
            camera.configure(config)
            camera.start()
        except Exception as exc:  # picamera2 raises IndexError, RuntimeError, OSError ...
            if camera is not None:
                try:
                    camera.close()
                except Exception:  # already failing; the first error is the useful one
                    log.debug("closing a failed Picamera2 also failed", exc_info=True)
            raise CameraUnavailable(
                self.name,
                f"no camera could be started ({type(exc).__name__}: {exc})",
                "check the ribbon cable and list cameras with 'rpicam-hello --list-cameras'",
            ) from exc
        self._camera = camera
        self._size = (int(width), int(height))

    def read(self) -> Frame | None:
        self._check_open()
        try:
            frame = self._camera.capture_array("main")
        except Exception as exc:  # the driver's own error types vary by release
            raise CameraUnavailable(
                self.name,
                f"stopped delivering frames ({type(exc).__name__}: {exc})",
                "check the ribbon cable and reopen the camera",
            ) from exc
        if frame is None:
            return None
        return self._deliver(np.asarray(frame))

    def _release(self) -> None:
        try:
            self._camera.stop()
        finally:
            self._camera.close()


class VideoFileSource(_SourceBase):
    """The frames of a video file, once (then ``ended``) or looping."""

    def __init__(self, path: str | Path, loop: bool = False) -> None:
        super().__init__()
        self.path = Path(path).expanduser()
        self.loop = loop
        self.name = f"file:{self.path}"
        if not self.path.exists():
            raise CameraUnavailable(
                self.name, f"{self.path} does not exist", "check the path of the video file"
            )
        if self.path.is_dir():
            raise CameraUnavailable(
                self.name,
                f"{self.path} is a folder, not a video file",
                "use 'dir:PATH' for a folder of images",
            )
        self._capture = self._open()
        ok, frame = self._capture.read()
        if not ok or frame is None:
            self._capture.release()
            raise CameraUnavailable(
                self.name,
                f"{self.path} contains no readable frame",
                "the file may be empty, truncated, or use a codec this OpenCV cannot decode",
            )
        self._pending: Frame | None = self._deliver(frame)
        self._delivered_since_rewind = 0
        count = self._capture.get(cv2.CAP_PROP_FRAME_COUNT)
        fps = self._capture.get(cv2.CAP_PROP_FPS)
        # Containers may not record these (or record them wrong): hints, never relied on.
        self.frame_count: int | None = int(count) if count and count > 0 else None
        self.fps: float | None = float(fps) if fps and fps > 0 else None

    def _open(self) -> cv2.VideoCapture:
        capture = cv2.VideoCapture(str(self.path))
        if not capture.isOpened():
            capture.release()
            raise CameraUnavailable(
                self.name,
                f"{self.path} could not be opened as a video",
                "it may not be a video, or use a codec this OpenCV cannot decode "
                "(MJPG in .avi and H.264 in .mp4 work)",
            )
        return capture

    def rewind(self) -> None:
        """Back to the first frame (reopening the file: seeking is unreliable in some codecs)."""
        self._check_open()
        self._capture.release()
        self._capture = self._open()
        self._pending = None
        self._ended = False
        self._delivered_since_rewind = 0

    def read(self) -> Frame | None:
        self._check_open()
        if self._ended:
            return None
        if self._pending is not None:
            frame, self._pending = self._pending, None
            self._delivered_since_rewind += 1
            return frame
        ok, raw = self._capture.read()  # any array until _deliver checks it
        if (not ok or raw is None) and self.loop and self._delivered_since_rewind > 0:
            self.rewind()
            ok, raw = self._capture.read()
        if not ok or raw is None:
            self._ended = True
            return None
        self._delivered_since_rewind += 1
        return self._deliver(raw)

    def _release(self) -> None:
        self._capture.release()


# A picture file larger than this is not a photo of cards.
MAX_IMAGE_FILE_BYTES = 64 * 1024 * 1024


def _load_image(path: Path) -> tuple[Frame | None, str]:
    """An image file as a BGR frame, or None and the reason it could not be read. Only a
    regular file is read (a FIFO would block), at most MAX_IMAGE_FILE_BYTES, and a decoder
    error is a reason, never an exception."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None, "it disappeared"
    except OSError as exc:
        return None, f"it could not be read ({exc.strerror or exc})"
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None, "it is not a regular file"
        if info.st_size > MAX_IMAGE_FILE_BYTES:
            return None, f"it is larger than {MAX_IMAGE_FILE_BYTES // 2**20} MB"
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(MAX_IMAGE_FILE_BYTES + 1)
    except OSError as exc:
        return None, f"it could not be read ({exc.strerror or exc})"
    finally:
        os.close(fd)
    if not data:
        return None, "the file is empty"
    if len(data) > MAX_IMAGE_FILE_BYTES:
        return None, f"it is larger than {MAX_IMAGE_FILE_BYTES // 2**20} MB"
    try:
        frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:
        return None, "it is too large a picture, or damaged"
    if frame is None:
        return None, "it is not a decodable image (corrupt, or not the format its name says)"
    return as_bgr(frame), ""


class ImageFolderSource(_SourceBase):
    """The images of a folder in natural order, looping by default.

    A file that cannot be decoded is dropped from the playlist, logged, and listed in
    ``skipped`` with the reason; only a folder with nothing readable at all is an error."""

    def __init__(self, path: str | Path, loop: bool = True) -> None:
        super().__init__()
        self.path = Path(path).expanduser()
        self.loop = loop
        self.name = f"dir:{self.path}"
        self.skipped: list[tuple[Path, str]] = []
        if not self.path.exists():
            raise CameraUnavailable(
                self.name, f"the folder {self.path} does not exist", "check the path"
            )
        if not self.path.is_dir():
            raise CameraUnavailable(
                self.name,
                f"{self.path} is a file, not a folder",
                "use 'file:PATH' for a video file",
            )
        try:
            entries = list(self.path.iterdir())
        except OSError as exc:
            raise CameraUnavailable(
                self.name, f"the folder {self.path} cannot be listed ({exc.strerror or exc})"
            ) from exc
        # Dot files are skipped: SD cards written by a Mac carry "._name.jpg" shadows.
        self._files = sorted(
            (
                p
                for p in entries
                if p.suffix.casefold() in IMAGE_EXTENSIONS
                and not p.name.startswith(".")
                and p.is_file()
            ),
            key=_natural_key,
        )
        if not self._files:
            raise CameraUnavailable(
                self.name,
                f"no images in {self.path} ({len(entries)} other entries)",
                f"put images there with one of the extensions {', '.join(IMAGE_EXTENSIONS)}",
            )
        self._pos = 0

    @property
    def files(self) -> tuple[Path, ...]:
        """The images still in the playlist, in play order."""
        return tuple(self._files)

    def rewind(self) -> None:
        """Back to the first image."""
        self._check_open()
        self._pos = 0
        self._ended = False

    def read(self) -> Frame | None:
        self._check_open()
        if self._ended:
            return None
        while self._files:
            if self._pos >= len(self._files):
                if not self.loop:
                    self._ended = True
                    return None
                self._pos = 0
            path = self._files[self._pos]
            frame, problem = _load_image(path)
            if frame is None:
                # Dropping it keeps the loop from retrying it forever; each pass through
                # this loop either returns or shortens the list, so it ends.
                del self._files[self._pos]
                self.skipped.append((path, problem))
                log.warning("%s: skipping %s: %s", self.name, path.name, problem)
                continue
            self._pos += 1
            self._size = _frame_size(frame)
            return frame
        first, problem = self.skipped[0]
        raise CameraUnavailable(
            self.name,
            f"none of the {len(self.skipped)} images could be read ({first.name}: {problem})",
            "replace them with PNG or JPEG files",
        )


class FrameListSource(_SourceBase):
    """Frames already in memory, in order, once or looping: a scripted camera for tests."""

    def __init__(
        self, frames: Sequence[NDArray[Any]], loop: bool = False, name: str = "frames"
    ) -> None:
        super().__init__()
        self.name = name
        self.loop = loop
        if isinstance(frames, np.ndarray) and frames.ndim != 4:
            # One picture would otherwise be taken row by row as a list of thin frames.
            raise ValueError(
                f"give a list of frames (or an N x H x W x 3 array), not {frames.shape}"
            )
        if len(frames) == 0:
            raise CameraUnavailable(name, "the list of frames is empty", "give at least one frame")
        self._frames = [as_bgr(np.asarray(f)) for f in frames]
        self._pos = 0
        self._size = _frame_size(self._frames[0])

    def rewind(self) -> None:
        """Back to the first frame."""
        self._check_open()
        self._pos = 0
        self._ended = False

    def read(self) -> Frame | None:
        self._check_open()
        if self._pos >= len(self._frames):
            if not self.loop:
                self._ended = True
                return None
            self._pos = 0
        frame = self._frames[self._pos]
        self._pos += 1
        self._size = _frame_size(frame)
        # A copy, so a caller that draws on a frame does not change the script.
        return frame.copy()


class BackgroundCamera(_SourceBase):
    """Another source read continuously in a thread, so ``read()`` never waits.

    A webcam's or Picamera2's read blocks until the next frame (33 ms at 30 fps), two
    60 Hz frames of a game loop. Wrapped, ``read()`` returns the newest frame not yet
    returned, or None at once; older frames the reader was too slow for are dropped, as a
    live view should. The wrapped source's failure is raised by the next ``read()``; its
    end is ``ended`` once the last frame has been taken. This camera owns the source and
    closes it.
    """

    POLL_S = 0.002  # rest between empty reads of a non-blocking source (a sim camera)

    def __init__(self, source: FrameSource) -> None:
        super().__init__()
        self.source = source
        self.name = source.name
        self._lock = threading.Lock()
        self._frame: Frame | None = None
        self._error: CameraUnavailable | None = None
        self._source_ended = False
        self._stop = threading.Event()
        self.captured = 0  # frames read from the source
        self._thread = threading.Thread(target=self._run, name=f"camera {self.name}",
                                        daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                frame = self.source.read()
            except CameraUnavailable as exc:
                with self._lock:
                    self._error = exc
                return
            if frame is None:
                if self.source.ended:
                    with self._lock:
                        self._source_ended = True
                    return
                self._stop.wait(self.POLL_S)
                continue
            with self._lock:
                self._frame = frame
                self.captured += 1

    def read(self) -> Frame | None:
        self._check_open()
        with self._lock:
            frame, self._frame = self._frame, None
            if frame is None and self._error is not None:
                raise self._error
            if frame is None and self._source_ended:
                self._ended = True
        if frame is not None:
            self._size = _frame_size(frame)
        return frame

    def _release(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2.0)
        self.source.close()


class _Rewindable(FrameSource, Protocol):
    def rewind(self) -> None: ...


class SimCamera(_SourceBase):
    """A clip replayed on a clock, as a camera films whether anyone reads or not: looping,
    or once (``loop=False``: after the last frame's period the camera has ``ended``).

    The clip is a folder of images, a video file, a list of frames, or a rewindable source
    (which this camera then owns and closes). Its time starts when it is made (or at
    :meth:`restart`). At elapsed time ``t`` ms the camera is at tick
    ``floor(t * fps / 1000)`` showing clip frame ``tick % length``. ``read()`` returns that
    frame when the tick has moved since the last read and ``None`` otherwise, so a slow
    reader loses frames (as with a real driver) and a fast one never sees a frame twice
    in a row. A one-image clip therefore yields the same picture once per tick, like a
    camera pointed at a still card.

    Frames are decoded in order and only as far as needed; the clip's length is learnt on
    the first pass, so a folder or a video costs one frame of memory whatever its length.
    """

    def __init__(
        self,
        source: str | Path | Sequence[NDArray[Any]] | _Rewindable,
        fps: float = DEFAULT_SIM_FPS,
        clock: Clock | None = None,
        loop: bool = True,
    ) -> None:
        super().__init__()
        if isinstance(fps, bool) or not math.isfinite(fps) or fps <= 0:
            raise ValueError(f"fps must be a positive number, not {fps!r}")
        self.fps = float(fps)
        # Not "loop": the scanner CLI turns off "loop" on file and folder sources only.
        self.looping = loop
        self.clock: Clock = clock if clock is not None else MonotonicClock()
        self._source = self._make_source(source)
        self.name = f"sim:{self._source.name.partition(':')[2] or self._source.name}@{fps:g}"
        self._length: int | None = None
        self._index = -1  # clip frame the source last delivered
        self._frame: Frame | None = None
        self._last_tick: int | None = None
        self._start_ms = self.clock.now_ms()

    @staticmethod
    def _make_source(source: str | Path | Sequence[NDArray[Any]] | _Rewindable) -> _Rewindable:
        if isinstance(source, str | Path):
            path = Path(source).expanduser()
            if not path.exists():
                raise CameraUnavailable(
                    f"sim:{path}",
                    f"{path} does not exist",
                    "give a folder of images or a video file to replay",
                )
            if path.is_dir():
                return ImageFolderSource(path, loop=False)
            return VideoFileSource(path, loop=False)
        if isinstance(source, FrameSource):
            if not callable(getattr(source, "rewind", None)):
                raise TypeError(f"SimCamera needs a source it can rewind, not {source!r}")
            return source
        return FrameListSource(source, loop=False)

    @property
    def tick(self) -> int:
        """How many frame periods have passed since the start."""
        elapsed = max(0.0, self.clock.now_ms() - self._start_ms)
        return math.floor(elapsed * self.fps / 1000.0)

    @property
    def length(self) -> int | None:
        """Frames in the clip, once the first pass has found out."""
        return self._length

    @property
    def size(self) -> Size | None:
        return self._size or self._source.size

    def restart(self) -> None:
        """Time starts again from now, at the first frame."""
        self._check_open()
        self._start_ms = self.clock.now_ms()
        self._last_tick = None
        self._ended = False

    def read(self) -> Frame | None:
        self._check_open()
        tick = self.tick
        if tick == self._last_tick or self._ended:
            return None
        frame = self._frame_at(tick)
        if frame is None:  # played once, to the end
            self._ended = True
            return None
        self._last_tick = tick
        self._size = _frame_size(frame)
        return frame.copy()

    def _frame_at(self, tick: int) -> Frame | None:
        if not self.looping and self._length is not None and tick >= self._length:
            return None
        target = tick % self._length if self._length else tick
        if target < self._index:
            self._source.rewind()
            self._index = -1
        while self._index < target or self._frame is None:
            frame = self._source.read()
            if frame is None:
                if self._index < 0:
                    raise CameraUnavailable(self.name, "the clip has no readable frame")
                # The end of the first pass: now the clip's length is known.
                self._length = self._index + 1
                if not self.looping:
                    return None
                target = tick % self._length
                self._source.rewind()
                self._index = -1
                continue
            self._index += 1
            self._frame = frame
        return self._frame

    def describe(self) -> str:
        length = f"{self._length} frames" if self._length else "length not known yet"
        once = "" if self.looping else ", once"
        return f"{super().describe()}, {length} at {self.fps:g} fps{once}"

    def _release(self) -> None:
        self._source.close()


def _parse_size(what: str, text: str) -> Size:
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not match or int(match[1]) <= 0 or int(match[2]) <= 0:
        raise CameraUnavailable(
            what, f"'{text}' is not a size", "write it as WIDTHxHEIGHT, for example 640x480"
        )
    return int(match[1]), int(match[2])


def _parse_fps(what: str, text: str) -> float:
    try:
        fps = float(text)
    except ValueError:
        fps = math.nan
    if not math.isfinite(fps) or fps <= 0:
        raise CameraUnavailable(
            what,
            f"the frame rate '{text}' is not a positive number",
            "write it after '@', for example 'sim:cards/@15'",
        )
    return fps


MAX_CLIP_FPS = 240.0  # a container's rate above this is taken as wrong


def _played_once(source: _Rewindable, fps: float | None, clock: Clock | None) -> SimCamera:
    """A file or folder source paced on ``clock`` at ``fps``, once, keeping its name."""
    rate = fps if fps is not None and 1.0 <= fps <= MAX_CLIP_FPS else DEFAULT_SIM_FPS
    camera = SimCamera(source, rate, clock, loop=False)
    camera.name = f"{source.name}@{rate:g}"
    return camera


def open_camera(spec: str, clock: Clock | None = None, *, once: bool = False) -> FrameSource:
    """The frame source a spec names (see ``SPEC_HELP``); ``clock`` drives ``sim:`` sources.

    With ``once`` (the game's choice) every recorded source plays once on ``clock``, at its
    frame rate, and then ends, as a camera would film it: a ``file:`` clip at the rate its
    container records (``DEFAULT_SIM_FPS`` when it records none), a ``dir:`` folder as a
    slideshow of one image per frame at ``DEFAULT_SIM_FPS``, a ``sim:`` source at its own
    rate without looping. Read as fast as possible, a clip would end before a background
    reader saw it, and a loop would show its cards again on every pass. Without ``once``
    (the command-line scanner) ``file:`` and ``dir:`` are read as fast as they are asked.

    Raises :class:`CameraUnavailable` for a bad spec or a source that cannot deliver."""
    what = repr(spec)
    if cv2 is None:
        raise CameraUnavailable(what, _CV2_PROBLEM, "reinstall the game's Python packages "
                                "(./run play does; see docs/HARDWARE.md for a Pi)")
    text = spec.strip()
    kind, sep, arg = text.partition(":")
    kind = kind.casefold()
    if kind == "v4l2":
        device, at, size_text = arg.partition("@")
        width, height = _parse_size(what, size_text) if at else (None, None)
        device = device.strip() or "0"
        return V4L2Camera(int(device) if device.isdigit() else device, width, height)
    if kind == "picamera2":
        size = _parse_size(what, arg) if arg.strip() else DEFAULT_PICAMERA2_SIZE
        return Picamera2Camera(size)
    if kind in ("file", "dir", "sim") and not arg.strip():
        raise CameraUnavailable(what, f"'{kind}:' needs a path after the colon", SPEC_HELP)
    if kind == "file":
        video = VideoFileSource(arg.strip())
        return _played_once(video, video.fps, clock) if once else video
    if kind == "dir":
        folder = ImageFolderSource(arg.strip(), loop=not once)
        return _played_once(folder, DEFAULT_SIM_FPS, clock) if once else folder
    if kind == "sim":
        path, at, fps_text = arg.strip().rpartition("@")
        if not at:
            path, fps = fps_text, DEFAULT_SIM_FPS
        elif Path(arg.strip()).expanduser().exists() and not Path(path).expanduser().exists():
            # An '@' that belongs to the path itself, not a frame rate.
            path, fps = arg.strip(), DEFAULT_SIM_FPS
        else:
            fps = _parse_fps(what, fps_text)
        return SimCamera(path, fps, clock, loop=not once)
    if not sep and text and Path(text).expanduser().exists():
        guess = "dir" if Path(text).expanduser().is_dir() else "file"
        raise CameraUnavailable(
            what, "a path needs a kind in front", f"did you mean '{guess}:{text}' or 'sim:{text}'?"
        )
    problem = f"unknown kind '{kind}'" if text else "the spec is empty"
    raise CameraUnavailable(what, problem, SPEC_HELP)
