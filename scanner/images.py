"""Image files from outside, read safely: the one door through which a picture on disk
becomes a frame (``python -m scanner decode``, and anything else that reads image files).

Every file is hostile until proven otherwise, so :func:`read_image_file`

* opens the path without blocking (a FIFO or a device never hangs it) and reads only a
  regular file (not ``/dev/zero``, a FIFO, a socket or a folder);
* reads at most :data:`MAX_IMAGE_BYTES`;
* knows the format by its first bytes and reads only PNG, JPEG, BMP, TIFF, WebP and PNM
  (no other decoder of OpenCV's is reachable through it);
* reads the width and height the file's own header declares and refuses, before anything
  is decoded, a picture of more than :data:`MAX_IMAGE_PIXELS` (a 23 KB PNG may claim
  65535 x 65535 pixels, 12 GB once decoded);
* turns any decoder failure into :class:`ImageFileError`.

It raises :class:`ImageFileError`, whose message says exactly what is wrong, and nothing
else for any file (fuzzed: ``tools/fuzzing/scanner.py``).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import struct
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .decoders import MAX_PICTURE_PIXELS, Image

# A photo from a phone's camera is 12 to 48 megapixels and a few MB as JPEG; a printed
# sheet at 600 dpi is 35 megapixels. More is refused, with a message saying so.
MAX_IMAGE_BYTES = 64 * 1024 * 1024
MAX_IMAGE_PIXELS = MAX_PICTURE_PIXELS
MAX_JPEG_SCANS = 100
FORMATS = "PNG, JPEG, BMP, TIFF, WebP or PNM"
_PNM_HEADER = re.compile(rb"P[1-6](?:\s+|#[^\n]*\n)+?(\d{1,9})(?:\s+|#[^\n]*\n)+?(\d{1,9})\s")


class ImageFileError(ValueError):
    """An image file that cannot be used; the message says why (one line)."""


def _kind(mode: int, what: str) -> str:
    if stat.S_ISDIR(mode):
        return f"it is a folder, not {what}"
    if stat.S_ISFIFO(mode):
        return f"it is a pipe (FIFO), not {what} file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return f"it is a device, not {what} file"
    if stat.S_ISSOCK(mode):
        return f"it is a socket, not {what} file"
    return "it is not a regular file"


def read_file_bytes(path: str | os.PathLike[str], limit: int = MAX_IMAGE_BYTES,
                    what: str = "an image") -> bytes:
    """A regular file's bytes, at most ``limit`` of them; ImageFileError saying why not
    (``what`` the file should be, for the message: "an image", "a deck")."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | \
        getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise ImageFileError("no such file") from None
    except IsADirectoryError:
        raise ImageFileError(f"it is a folder, not {what}") from None
    except PermissionError:
        raise ImageFileError("it cannot be read (permission denied)") from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO or socket with nobody at the other end
            raise ImageFileError("it is not a regular file") from None
        raise ImageFileError(f"it cannot be read ({exc.strerror or exc})") from None
    except ValueError:  # a NUL in the name
        raise ImageFileError("no such file (the name holds a NUL character)") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ImageFileError(_kind(info.st_mode, what))
        if info.st_size > limit:
            raise ImageFileError(f"the file is too large ({info.st_size:,} bytes; at most "
                                 f"{limit:,})")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow while it is read: never past the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise ImageFileError(f"it cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if size > limit:
        raise ImageFileError(f"the file is too large (more than {limit:,} bytes)")
    return b"".join(chunks)


# ------------------------------------------------------------------------ declared sizes


def _png(data: bytes) -> tuple[int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ImageFileError("a damaged PNG (no IHDR header)")
    width, height = struct.unpack(">II", data[16:24])
    # Every chunk must lie inside the file: OpenCV's reader allocates what a chunk's length
    # declares (2 GB for a 50-byte file that says so).
    pos = 8
    while pos + 8 <= len(data):
        length = struct.unpack(">I", data[pos:pos + 4])[0]
        if pos + 12 + length > len(data):
            raise ImageFileError("a damaged PNG (a chunk runs past the end of the file)")
        if data[pos + 4:pos + 8] == b"IEND":
            break
        pos += 12 + length
    return width, height


def _jpeg(data: bytes) -> tuple[int, int]:
    # Walk the markers up to the first frame header (SOF0-SOF15 but DHT, JPG and DAC).
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            raise ImageFileError("a damaged JPEG (a marker is missing)")
        marker = data[pos + 1]
        if marker == 0xFF:  # fill bytes before a marker
            pos += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            pos += 2
            continue
        if marker in (0xD9, 0xDA):
            break  # the end, or the scan before any frame header
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        if length < 2:
            raise ImageFileError("a damaged JPEG (a segment of no length)")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if pos + 9 > len(data):
                break
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            return width, height
        pos += 2 + length
    raise ImageFileError("a damaged JPEG (no frame header)")


def _bmp(data: bytes) -> tuple[int, int]:
    if len(data) < 26:
        raise ImageFileError("a damaged BMP (its header is cut short)")
    header = struct.unpack("<I", data[14:18])[0]
    if header == 12:
        width, height = struct.unpack("<HH", data[18:22])
        return width, height
    width, height = struct.unpack("<ii", data[18:26])
    return abs(width), abs(height)


def _tiff(data: bytes) -> tuple[int, int]:
    order = "<" if data[:2] == b"II" else ">"
    if struct.unpack(order + "H", data[2:4])[0] != 42:
        raise ImageFileError("a BigTIFF file; this program reads classic TIFF only")
    offset = struct.unpack(order + "I", data[4:8])[0]
    if offset + 2 > len(data):
        raise ImageFileError("a damaged TIFF (its first directory is outside the file)")
    entries = struct.unpack(order + "H", data[offset:offset + 2])[0]
    tags: dict[int, int] = {}  # width, height, tile width and length: their first value
    for i in range(min(entries, 4096)):
        at = offset + 2 + 12 * i
        if at + 12 > len(data):
            break
        tag, kind, count = struct.unpack(order + "HHI", data[at:at + 8])
        if tag in (256, 257, 322, 323) and count >= 1:
            if kind == 3:  # SHORT
                tags[tag] = struct.unpack(order + "H", data[at + 8:at + 10])[0]
            elif kind == 4:  # LONG
                tags[tag] = struct.unpack(order + "I", data[at + 8:at + 12])[0]
    if 256 not in tags or 257 not in tags:
        raise ImageFileError("a damaged TIFF (no width or height)")
    width, height = tags[256], tags[257]
    # OpenCV allocates a whole tile as its header declares (up to 1 GB for a 300-byte file);
    # a tile reaches at most to the next multiple of 16 past the picture's edge.
    tile_w, tile_h = tags.get(322, 0), tags.get(323, 0)
    if tile_w > -(-width // 16) * 16 or tile_h > -(-height // 16) * 16:
        raise ImageFileError(f"a damaged TIFF (tiles of {tile_w}x{tile_h} in a picture of "
                             f"{width}x{height})")
    return width, height


def _webp(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:
        return (int.from_bytes(data[24:27], "little") + 1,
                int.from_bytes(data[27:30], "little") + 1)
    if chunk == b"VP8L" and len(data) >= 25 and data[20] == 0x2F:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 " and len(data) >= 30 and data[23:26] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    raise ImageFileError("a damaged WebP (no frame header)")


def _pnm(data: bytes) -> tuple[int, int]:
    m = _PNM_HEADER.match(data[:4096])
    if not m:
        raise ImageFileError("a damaged PNM (no width and height)")
    return int(m.group(1)), int(m.group(2))


def declared_size(data: bytes) -> tuple[str, int, int]:
    """The format and the width and height its header declares, read from the header alone
    (nothing is decoded); ImageFileError for a format this program does not read."""
    try:
        return _declared_size(data)
    except (struct.error, IndexError, ValueError) as exc:
        if isinstance(exc, ImageFileError):
            raise
        raise ImageFileError("a damaged image (its header is cut short)") from None


def _declared_size(data: bytes) -> tuple[str, int, int]:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return ("PNG", *_png(data))
    if data.startswith(b"\xff\xd8\xff"):
        # Each scan of a progressive JPEG is a pass over the whole picture, and one of a
        # few bytes can cover all of it: thousands of them cost minutes. Encoders write a
        # dozen at most; a scan's marker cannot occur inside entropy-coded data.
        scans = data.count(b"\xff\xda")
        if scans > MAX_JPEG_SCANS:
            raise ImageFileError(f"a damaged JPEG ({scans:,} scans; at most {MAX_JPEG_SCANS})")
        return ("JPEG", *_jpeg(data))
    if data.startswith(b"BM"):
        return ("BMP", *_bmp(data))
    if data[:4] in (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+"):
        return ("TIFF", *_tiff(data))
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ("WebP", *_webp(data))
    if len(data) >= 3 and data[0:1] == b"P" and data[1:2] in b"123456" and data[1:2] and \
            data[2:3].isspace():
        return ("PNM", *_pnm(data))
    raise ImageFileError(f"it is not an image this program can read (corrupt, or not {FORMATS})")


def decode_image(data: bytes) -> Image:
    """Encoded image bytes as a BGR frame, checked as :func:`read_image_file` says."""
    if not data:
        raise ImageFileError("the file is empty")
    kind, width, height = declared_size(data)
    if width < 1 or height < 1:
        raise ImageFileError(f"a damaged {kind} (it declares {width}x{height} pixels)")
    if width * height > MAX_IMAGE_PIXELS:
        raise ImageFileError(f"the picture is too large ({width}x{height} pixels, "
                             f"{width * height / 1e6:,.0f} megapixels; at most "
                             f"{MAX_IMAGE_PIXELS / 1e6:g}): scale it down")
    try:
        with _quiet_decoders():
            image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error as exc:
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else "decoder error"
        raise ImageFileError(f"a damaged {kind} (the decoder failed: {reason[:200]})") from None
    except MemoryError:
        raise ImageFileError(f"the {kind} needs more memory than there is") from None
    if image is None or image.size == 0:
        raise ImageFileError(f"a damaged {kind} (it cannot be decoded)")
    if image.shape[0] * image.shape[1] > MAX_IMAGE_PIXELS:  # a header that lied small
        raise ImageFileError(f"the picture is too large ({image.shape[1]}x{image.shape[0]} "
                             "pixels)")
    return np.ascontiguousarray(image)


_LOG_LEVEL_SILENT = 0  # OpenCV's cv::utils::logging::LOG_LEVEL_SILENT


def _log_level_functions() -> tuple[Callable[[], int], Callable[[int], object]]:
    """OpenCV's log level getter and setter: ``cv2.utils.logging`` in OpenCV 5, the
    top-level ``cv2.getLogLevel``/``setLogLevel`` in 4.x (the Raspberry Pi's tested set
    has 4.11, which has no ``cv2.utils.logging``); a no-op pair if neither exists."""
    module: Any = getattr(getattr(cv2, "utils", None), "logging", None)
    if module is None and hasattr(cv2, "getLogLevel"):
        module = cv2
    if module is None:
        return (lambda: _LOG_LEVEL_SILENT), (lambda level: None)
    return module.getLogLevel, module.setLogLevel


@contextmanager
def _quiet_decoders() -> Iterator[None]:
    """OpenCV logs, and libpng and libjpeg print, several lines on standard error for a
    damaged file; the caller reports it in one line, so they are silenced while decoding."""
    get_level, set_level = _log_level_functions()
    level = get_level()
    set_level(_LOG_LEVEL_SILENT)
    try:
        saved = os.dup(2)
    except OSError:
        saved = -1
    try:
        if saved >= 0:
            with open(os.devnull, "wb") as null:
                os.dup2(null.fileno(), 2)
        yield
    finally:
        if saved >= 0:
            os.dup2(saved, 2)
            os.close(saved)
        set_level(level)


def read_image_file(path: str | os.PathLike[str]) -> Image:
    """An image file as a BGR frame, or :class:`ImageFileError` saying exactly why not."""
    return decode_image(read_file_bytes(Path(path)))
