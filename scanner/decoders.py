"""Decoder backends behind one interface: zxing-cpp, ZBar (through pyzbar) and OpenCV.

Each backend turns one picture (a BGR frame or a grey image, ``uint8``) into a list of
:class:`Detection`: the text a code carries, its symbology, and where it is in the picture
(its four corners, in the picture's pixels). A backend reads every code in the picture, not
only the first. Backends never judge what they read: the text is untrusted and goes to
``scanner.codes.parse`` afterwards.

- :class:`ZXingDecoder` (``zxing``): zxing-cpp, a self-contained wheel; fast and robust.
- :class:`ZBarDecoder` (``zbar``): pyzbar, which needs the system library ``libzbar0``.
- :class:`OpenCVDecoder` (``opencv``, ``opencv-aruco``): ``cv2.QRCodeDetector`` or
  ``cv2.QRCodeDetectorAruco``; QR codes only.

:func:`make_decoder` builds one by name and raises :class:`BackendUnavailable` (saying what
to install) when its library is missing, so callers show a message instead of crashing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, runtime_checkable

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.uint8]
Point = tuple[float, float]
Corners = tuple[Point, Point, Point, Point]

BACKENDS = ("zxing", "zbar", "opencv", "opencv-aruco")
# The largest picture any decoder takes: a phone's 48-megapixel photo fits, a picture that
# would take minutes and gigabytes does not (BadImage says so).
MAX_PICTURE_PIXELS = 50_000_000


class BackendUnavailable(RuntimeError):
    """A decoder backend whose library is not installed (the message says what to install)."""


class BadImage(ValueError):
    """A picture a decoder cannot take (wrong type, shape or sample type)."""


@dataclass(frozen=True)
class Detection:
    """One code read from one picture."""

    text: str
    format: str  # the symbology, as zxing-cpp names it: "QRCode", "DataMatrix", "EAN13" ...
    corners: Corners  # top-left, top-right, bottom-right, bottom-left of the symbol
    backend: str  # which decoder read it (with the pipeline stage, when a pipeline did)

    @property
    def center(self) -> Point:
        xs = [p[0] for p in self.corners]
        ys = [p[1] for p in self.corners]
        return (sum(xs) / 4.0, sum(ys) / 4.0)

    def mapped(self, transform: Callable[[Point], Point], backend: str | None = None) -> Detection:
        """The same detection with its corners moved by ``transform`` (a point map)."""
        c = self.corners
        corners: Corners = (transform(c[0]), transform(c[1]), transform(c[2]), transform(c[3]))
        return replace(self, corners=corners, backend=backend or self.backend)

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "format": self.format,
            "position": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "backend": self.backend,
        }


@runtime_checkable
class Decoder(Protocol):
    """What every backend offers."""

    name: str

    def decode(self, image: Image) -> list[Detection]:
        """Every code found in a BGR or grey ``uint8`` picture (empty list: none)."""
        ...


def to_gray(image: NDArray[Any]) -> Image:
    """A picture as a contiguous grey ``uint8`` image; refuses what is not a picture."""
    if not isinstance(image, np.ndarray):
        raise BadImage(f"a picture is a numpy array, not {type(image).__name__}")
    if image.dtype != np.uint8:
        raise BadImage(f"pictures must be uint8, not {image.dtype}")
    if image.ndim >= 2 and image.shape[0] * image.shape[1] > MAX_PICTURE_PIXELS:
        raise BadImage(f"a picture of {image.shape[1]}x{image.shape[0]} is too large to read "
                       f"(at most {MAX_PICTURE_PIXELS / 1e6:g} megapixels)")
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[:, :, 0]
    if image.ndim == 3 and image.shape[2] in (3, 4):
        code = cv2.COLOR_BGR2GRAY if image.shape[2] == 3 else cv2.COLOR_BGRA2GRAY
        image = cv2.cvtColor(image, code)
    if image.ndim != 2:
        raise BadImage(f"a picture is H x W (grey) or H x W x 3 (BGR), not {image.shape}")
    if image.shape[0] < 8 or image.shape[1] < 8:
        raise BadImage(f"a picture of {image.shape[1]}x{image.shape[0]} is too small to read")
    return np.ascontiguousarray(image)


def _corners(points: Sequence[Sequence[float]]) -> Corners:
    p = [(float(x), float(y)) for x, y in points]
    return (p[0], p[1], p[2], p[3])


def _clean_text(data: bytes) -> str:
    # Our codes are ASCII; anything else is someone else's code and only needs to be shown.
    return data.decode("utf-8", errors="replace")


class ZXingDecoder:
    """zxing-cpp. ``fast=True`` skips the inverted, rotated and downscaled retries, for a
    pipeline that does its own retries; the defaults are zxing-cpp's own (the "raw" backend).
    """

    def __init__(
        self,
        formats: str = "QRCode",
        *,
        fast: bool = False,
        binarizer: str = "LocalAverage",
        try_downscale: bool | None = None,
        name: str = "zxing",
    ) -> None:
        self._zx = _import("zxingcpp", "zxing-cpp", "pip install zxing-cpp")
        try:
            self._formats = self._zx.barcode_formats_from_str(formats)
        except Exception as exc:  # zxing-cpp raises its own ValueError-like types
            raise ValueError(f"unknown barcode formats {formats!r}: {exc}") from None
        binarizers = {b: getattr(self._zx.Binarizer, b) for b in
                      ("LocalAverage", "GlobalHistogram", "FixedThreshold", "BoolCast")}
        if binarizer not in binarizers:
            raise ValueError(f"unknown binarizer {binarizer!r}; one of {', '.join(binarizers)}")
        self._binarizer = binarizers[binarizer]
        self._fast = fast
        self._downscale = (not fast) if try_downscale is None else try_downscale
        self.name = name

    def decode(self, image: Image) -> list[Detection]:
        return self.decode_with_hints(image, hints=False)[0]

    def decode_with_hints(self, image: Image, hints: bool = True) -> tuple[
            list[Detection], list[Corners]]:
        """The codes read, and (``hints=True``) where zxing-cpp found a symbol it could not
        decode (a checksum or format error): the cheap sign that a code is there, for a
        pipeline to work harder on that spot."""
        gray = to_gray(image)
        found = self._zx.read_barcodes(
            gray,
            formats=self._formats,
            try_rotate=not self._fast,
            try_downscale=self._downscale,
            try_invert=not self._fast,
            binarizer=self._binarizer,
            return_errors=hints,
        )
        out = []
        failed: list[Corners] = []
        for b in found:
            p = b.position
            corners = _corners([(p.top_left.x, p.top_left.y), (p.top_right.x, p.top_right.y),
                                (p.bottom_right.x, p.bottom_right.y),
                                (p.bottom_left.x, p.bottom_left.y)])
            if b.valid:
                out.append(Detection(b.text, b.format.name, corners, self.name))
            else:
                failed.append(corners)
        return out, failed


class ZBarDecoder:
    """ZBar through pyzbar (QR codes by default; ``symbols=None`` reads every symbology)."""

    def __init__(self, qr_only: bool = True, name: str = "zbar") -> None:
        self._pyzbar = _import("pyzbar.pyzbar", "pyzbar",
                               "pip install pyzbar, and the system library: apt install libzbar0")
        self._symbols = [self._pyzbar.ZBarSymbol.QRCODE] if qr_only else None
        self.name = name

    def decode(self, image: Image) -> list[Detection]:
        gray = to_gray(image)
        out = []
        for d in self._pyzbar.decode(gray, symbols=self._symbols):
            poly = [(float(p.x), float(p.y)) for p in d.polygon]
            if len(poly) != 4:
                # ZBar gives a hull for damaged symbols; its bounding box still says where.
                r = d.rect
                poly = [(r.left, r.top), (r.left + r.width, r.top),
                        (r.left + r.width, r.top + r.height), (r.left, r.top + r.height)]
            out.append(Detection(_clean_text(d.data), _ZBAR_FORMATS.get(d.type, d.type),
                                 _order(poly), self.name))
        return out


_ZBAR_FORMATS = {"QRCODE": "QRCode", "EAN13": "EAN13", "EAN8": "EAN8", "CODE128": "Code128",
                 "CODE39": "Code39", "UPCA": "UPCA", "UPCE": "UPCE", "I25": "ITF"}


class OpenCVDecoder:
    """OpenCV's QR detector (``aruco=False``) or its ArUco-based one (``aruco=True``)."""

    def __init__(self, aruco: bool = False, name: str | None = None) -> None:
        if aruco and not hasattr(cv2, "QRCodeDetectorAruco"):
            raise BackendUnavailable("this OpenCV has no QRCodeDetectorAruco (OpenCV >= 4.8)")
        self._detector: Any = cv2.QRCodeDetectorAruco() if aruco else cv2.QRCodeDetector()
        self.name = name or ("opencv-aruco" if aruco else "opencv")

    def decode(self, image: Image) -> list[Detection]:
        gray = to_gray(image)
        try:
            ok, texts, points, _ = self._detector.detectAndDecodeMulti(gray)
        except cv2.error:
            # OpenCV's detector throws on some degenerate quadrangles; that is "nothing read".
            return []
        if not ok or points is None:
            return []
        out = []
        for text, quad in zip(texts, points, strict=False):
            if text:
                out.append(Detection(text, "QRCode", _corners(quad.reshape(4, 2).tolist()),
                                     self.name))
        return out


def _order(poly: Sequence[Point]) -> Corners:
    """Four points in the order top-left, top-right, bottom-right, bottom-left (by angle
    around their centre, starting from the one nearest the top-left)."""
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    ordered = sorted(poly, key=lambda p: np.arctan2(p[1] - cy, p[0] - cx))
    start = min(range(4), key=lambda i: ordered[i][0] + ordered[i][1])
    ordered = ordered[start:] + ordered[:start]
    return _corners(ordered)


def _import(module: str, package: str, hint: str) -> Any:
    try:
        return importlib.import_module(module)
    except Exception as exc:
        # Not only ImportError (pyzbar's for a missing libzbar): a library built for another
        # numpy raises ValueError ("numpy.dtype size changed"), a broken one OSError.
        raise BackendUnavailable(f"the {package} backend cannot load "
                                 f"({type(exc).__name__}: {exc}); {hint}") from None


def make_decoder(name: str) -> Decoder:
    """A raw backend by name (see :data:`BACKENDS`), with its library's default settings."""
    key = name.strip().casefold().replace("_", "-")
    if key in ("zxing", "zxing-cpp", "zxingcpp"):
        return ZXingDecoder()
    if key in ("zbar", "pyzbar"):
        return ZBarDecoder()
    if key == "opencv":
        return OpenCVDecoder()
    if key in ("opencv-aruco", "aruco"):
        return OpenCVDecoder(aruco=True)
    raise ValueError(f"unknown decoder {name!r}; one of {', '.join(BACKENDS)} (or 'pipeline')")


def available_backends() -> dict[str, str]:
    """Each backend's name and, for those that cannot load, why (empty string: it works)."""
    status = {}
    for name in BACKENDS:
        try:
            make_decoder(name)
            status[name] = ""
        except BackendUnavailable as exc:
            status[name] = str(exc)
    return status
