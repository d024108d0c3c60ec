"""The decoder pipeline: the cheapest read first, more work only where nothing decoded.

A :class:`Pipeline` is a :class:`~scanner.decoders.Decoder` (its name is ``pipeline``). On
each frame it runs, in order, and stops as soon as nothing is left to look for:

1. ``zxing``: zxing-cpp on the grey frame with none of its own retries (well under a
   millisecond at 640x480). Most frames end here. zxing-cpp also says where it found a
   symbol that it could not decode (a checksum or format error): a *hint*.
2. **Where codes may be.** :func:`find_regions` marks the patches of the frame dense with
   strong edges in every direction (a QR code's texture, at a quarter of the resolution,
   about a millisecond) and keeps the code-shaped ones. A region that holds a code already
   read is done; hints come first, then the densest regions. **The pre-check:** a frame in
   which nothing was read or hinted at ends here unless some region is :func:`code_like`
   (about half dark, not pixel noise, not the whole picture): an empty table costs the
   first pass and this, not every step.
3. **Each region left, harder and harder** (cropped with a margin, so each try costs a
   fraction of a full frame), stopping at the first step that reads it:

   - ``zxing/upscale``: scaled (cubic) so that the region is about 400 pixels across, at
     most 3 times (small codes get 4-6 pixels a module); regions wider than 640 pixels are
     scaled down instead. This is the scale pyramid;
   - ``zxing/sharpen``: the same with an unsharp mask (soft focus, small codes);
   - ``zxing/normalise``: local contrast equalised (CLAHE): dim light, glare, a thumb;
   - ``zxing/motion``: when the gradients show a direction of smear, its direction
     (structure tensor) and length (autocorrelation of the derivative along it) are
     estimated and undone with a Wiener filter (lengths L-1, L, L+1);
   - ``zxing/threshold``: adaptive thresholds (local mean; wider Gaussian-weighted);
   - ``zxing/deblur``: a Wiener filter for a Gaussian blur of 1.2 pixels (a soft lens);
   - ``zbar``: ZBar on the equalised crop (at most doubled: ZBar does worse enlarged);
   - ``zxing/rotate``: turned by 45 degrees (the sampling grid meets the modules anew);
   - ``opencv-aruco``: OpenCV's ArUco-based QR detector on the enlarged crop.

   In a frame where nothing was read, the best region (``deep_regions``) and every hinted
   one get all the steps, the next ones only the first three (cheap). Without the
   pre-check (``precheck=False``), a frame with no region at all gets the whole frame
   equalised, then ZBar on the whole frame. A frame in
   which something was read looks further only where zxing-cpp hinted at a symbol.

The pipeline looks for QR codes only (ours are QR codes; asking zxing-cpp for every
symbology would double the first step's cost). Other symbologies are the raw backends'
business (``ZXingDecoder(formats=...)``, ``ZBarDecoder(qr_only=False)``), and whatever
they read is judged "not one of our codes".

Every code that any step reads is kept: several labels in one frame are all returned. The
same text at the same place read by two steps is one detection (the first step's); the
same text at two places is two labels. :attr:`Detection.backend` says which step read it
(``pipeline:zxing/sharpen``). Backends that cannot load (``BackendUnavailable``) are left
out with a note in :attr:`Pipeline.notes`; only a pipeline with no backend at all fails.

:meth:`Pipeline.read` goes one step further and judges each detection (:func:`interpret`):
the parsed card or deck code and, when it is rejected, why: the parser's ``CodeError``
message, "not one of our codes" for other symbologies, or the catalog's problem (a card
this game does not have). Nothing here keeps state between frames: the two-frame rule is
the tracker's (``scanner.tracker``).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from .catalog import Catalog
from .decoders import (
    BackendUnavailable,
    Corners,
    Decoder,
    Detection,
    Image,
    OpenCVDecoder,
    ZBarDecoder,
    ZXingDecoder,
    to_gray,
)
from .reading import NOT_OURS, Reading, interpret, judge

log = logging.getLogger(__name__)

__all__ = ["NOT_OURS", "STEPS", "Pipeline", "Reading", "Region", "code_like",
           "deblur_gaussian", "deblur_motion", "find_regions", "interpret", "judge",
           "motion_estimate", "unsharp"]

Affine = NDArray[np.float64]  # 2 x 3: crop pixels -> processed image pixels
# numpy's stubs give fftfreq's result as some float; at run time it is float64.
Freq = NDArray[np.floating[Any]]

# OpenCV's stubs type every result as an array of any number type. Its filters and warps
# keep the depth of their input, so on a uint8 image ``.astype(np.uint8, copy=False)``
# returns the very same array: it only tells the type checker what the image already is.

CELL = 4  # pixels per cell of the region map
TARGET_SIDE = 400.0  # a region is scaled so its longer side is about this many pixels
MAX_UPSCALE = 3.0
MAX_SIDE = 640.0  # larger regions are scaled down to this
CHEAP_STEPS = 3  # the steps a region gets when it is not one of the deep regions
DEEP_SIDE = 320  # the Fourier filters work on crops at most this size
# zxing-cpp misses more and more codes of a picture holding more than about fifty (it reads
# 72 of a sheet of 120): from this many codes and hints on, the picture is read again in
# overlapping tiles of a few codes each.
CROWDED = 24
TILE_CODES = 5  # a tile is this many codes across
MIN_TILE = 256


@dataclass(frozen=True)
class Region:
    """A patch of the frame that may hold a code, in frame pixels."""

    x0: int
    y0: int
    x1: int
    y1: int
    score: float  # higher: more code-like (edge density times area)
    hint: bool = False  # zxing-cpp found a symbol here that it could not decode

    @property
    def side(self) -> int:
        return max(self.x1 - self.x0, self.y1 - self.y0)

    def contains(self, point: tuple[float, float], margin: float = 0.0) -> bool:
        x, y = point
        return (self.x0 - margin <= x <= self.x1 + margin
                and self.y0 - margin <= y <= self.y1 + margin)


# ------------------------------------------------------------------------ where codes are

_K3 = np.ones((3, 3), np.uint8)


def find_regions(gray: Image, limit: int = 4, density: float = 0.4) -> list[Region]:
    """The patches of a grey frame most likely to hold a code, best first.

    The morphological gradient (local max - min) of the slightly smoothed frame marks edges
    (smoothing first keeps sensor noise from passing for edges in dim frames); Otsu's
    threshold on it keeps the strong ones whatever the exposure. Their density over cells of
    :data:`CELL` pixels, smoothed over 3x3 cells, is high over a code (edges everywhere, in
    every direction) and low over clutter (a rectangle has edges only at its border); blobs
    of dense cells that are not long and thin (text lines) are the regions."""
    h, w = gray.shape
    cw, ch = w // CELL, h // CELL
    if cw < 3 or ch < 3:
        return [Region(0, 0, w, h, 0.0)]
    grad = cv2.morphologyEx(cv2.GaussianBlur(gray, (3, 3), 0), cv2.MORPH_GRADIENT, _K3)
    _, edges = cv2.threshold(grad, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    cells = cv2.resize(edges, (cw, ch), interpolation=cv2.INTER_AREA)  # edge fraction x 255
    cells = cv2.blur(cells, (3, 3))
    mask = cv2.morphologyEx((cells > int(255 * density)).astype(np.uint8), cv2.MORPH_CLOSE,
                            _K3)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    found = []
    for i in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        if area < 6 or bw < 3 or bh < 3 or max(bw, bh) > 3 * min(bw, bh):
            continue
        mean = float(cells[labels == i].mean()) / 255.0
        found.append(Region(x * CELL, y * CELL, min(w, (x + bw) * CELL), min(h, (y + bh) * CELL),
                            mean * area))
    found.sort(key=lambda r: -r.score)
    return found[:limit]


# A region's verdict in :func:`code_like` (see there for why each).
TEXT_DARK = 0.25  # below this dark fraction, a region is text unless its score is large
TEXT_SCORE = 200.0  # from this score on, a region is code-sized whatever its dark fraction
NOISE_KEEP = 0.3  # below this fraction of variance kept by a 1-pixel blur: sensor noise
WHOLE_FRAME = 0.6  # a region covering this much of the frame is a texture, not a label


def code_like(gray: Image, region: Region) -> bool:
    """Whether a region of :func:`find_regions` may hold a code: a cheap test (a fraction of a
    millisecond) that keeps the costly steps off frames with no code.

    A printed code is about half dark (modules of both colours the same size) and its modules
    are at least a pixel or so, so a slight blur keeps most of its contrast. What else
    :func:`find_regions` marks is unlike it in one of these: text (thin dark strokes on paper:
    a low dark fraction, in a region small enough; a code made pale by glare or tilted steeply
    keeps a large score), sensor noise (pixel-sized: a blur of one pixel removes most of it),
    and a picture-wide texture or ramp (Otsu's threshold then marks the whole frame; a label
    held that close fills the frame with large modules, which the first pass reads)."""
    h, w = gray.shape[:2]
    x1, y1 = min(region.x1, w), min(region.y1, h)
    area = (x1 - region.x0) * (y1 - region.y0)
    if area <= 0 or area >= WHOLE_FRAME * w * h:
        return False
    patch = gray[region.y0:y1, region.x0:x1]
    _, binary = cv2.threshold(patch, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    dark = float(np.count_nonzero(binary == 0)) / area
    if dark < TEXT_DARK and region.score < TEXT_SCORE:
        return False
    level = patch.astype(np.float32)
    variance = float(level.var())
    if variance <= 0.0:
        return False
    blurred = cv2.GaussianBlur(level, (0, 0), 1.0)
    return float(blurred.var()) >= NOISE_KEEP * variance


def _hint_region(corners: Corners, shape: tuple[int, ...]) -> Region:
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    return Region(max(0, int(min(xs))), max(0, int(min(ys))), min(shape[1], int(max(xs)) + 1),
                  min(shape[0], int(max(ys)) + 1), math.inf, hint=True)


# ------------------------------------------------------------------------ image operations


def _scale(image: Image, factor: float) -> tuple[Image, Affine]:
    if abs(factor - 1.0) < 1e-3:
        return image, np.array([[1.0, 0, 0], [0, 1.0, 0]])
    interp = cv2.INTER_CUBIC if factor > 1 else cv2.INTER_AREA
    out = cv2.resize(image, None, fx=factor, fy=factor, interpolation=interp)
    # cv2.resize maps pixel centres: x' + 0.5 = f (x + 0.5).
    shift = 0.5 * (factor - 1)
    return out.astype(np.uint8, copy=False), np.array([[factor, 0, shift], [0, factor, shift]])


def unsharp(image: Image, sigma: float, amount: float) -> Image:
    blurred = cv2.GaussianBlur(image, (0, 0), sigma)
    return cv2.addWeighted(image, 1.0 + amount, blurred, -amount, 0).astype(np.uint8,
                                                                             copy=False)


def _wiener(image: Image, transfer: Callable[[Freq, Freq], NDArray[Any]], k: float) -> Image:
    """Deconvolve by a blur given as its transfer function H(fy, fx) (cycles per pixel)."""
    h, w = image.shape
    big_h, big_w = cv2.getOptimalDFTSize(h + 16), cv2.getOptimalDFTSize(w + 16)
    padded = cv2.copyMakeBorder(image.astype(np.float32), 0, big_h - h, 0, big_w - w,
                                cv2.BORDER_REFLECT)
    fy = np.fft.fftfreq(big_h)[:, None]
    fx = np.fft.rfftfreq(big_w)[None, :]
    hk = transfer(fy, fx)
    spectrum = np.fft.rfft2(padded) * np.conj(hk) / (np.abs(hk) ** 2 + k)
    out = np.fft.irfft2(spectrum, s=(big_h, big_w))[:h, :w]
    return np.clip(out, 0, 255).astype(np.uint8)


def deblur_gaussian(image: Image, sigma: float, k: float = 0.02) -> Image:
    """Undo a Gaussian blur of ``sigma`` pixels (Wiener filter, noise-to-signal ``k``)."""
    def transfer(fy: Freq, fx: Freq) -> NDArray[Any]:
        return np.exp(-2.0 * math.pi ** 2 * sigma ** 2 * (fx ** 2 + fy ** 2))
    return _wiener(image, transfer, k)


def deblur_motion(image: Image, length: float, angle: float, k: float = 0.01) -> Image:
    """Undo a straight smear of ``length`` pixels at ``angle`` degrees (Wiener filter)."""
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def transfer(fy: Freq, fx: Freq) -> NDArray[Any]:
        # A box of the given length along (dx, dy): sinc of the frequency along it.
        return np.sinc(length * (fx * dx + fy * dy))
    return _wiener(image, transfer, k)


def motion_estimate(image: Image, max_length: int = 24) -> tuple[float, float, float]:
    """(angle in degrees, length in pixels, anisotropy) of a motion smear.

    The structure tensor's weaker eigenvector is the direction along which a smear has
    flattened the gradients (a code's own edges run both ways, so unsmeared it is nearly
    isotropic: anisotropy, the eigenvalues' ratio, near 1; a smear brings it down). Along
    that direction, each edge becomes a ramp as long as the smear, so the derivative's
    autocorrelation is most negative at a lag of the smear's length."""
    f = image.astype(np.float32)
    gx = cv2.Sobel(f, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(f, cv2.CV_32F, 0, 1)
    a, b, d = float((gx * gx).sum()), float((gx * gy).sum()), float((gy * gy).sum())
    root = math.sqrt(0.25 * (a - d) ** 2 + b * b)
    big, small = 0.5 * (a + d) + root, 0.5 * (a + d) - root
    anisotropy = small / big if big > 0 else 1.0
    angle = math.degrees(0.5 * math.atan2(2 * b, a - d)) + 90.0
    h, w = f.shape
    turn = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)  # the smear now runs along x
    level = cv2.warpAffine(f, turn, (w, h), flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REFLECT)
    deriv = np.diff(level, axis=1)[h // 6:h - h // 6, w // 6:w - w // 6]
    deriv = deriv - deriv.mean()
    energy = float((deriv * deriv).mean())
    lags = min(max_length, deriv.shape[1] // 2)
    if energy <= 0 or lags < 3:
        return angle, 0.0, anisotropy
    corr = [float((deriv[:, :-k] * deriv[:, k:]).mean()) / energy for k in range(1, lags)]
    return angle, float(int(np.argmin(corr)) + 1), anisotropy


def _rotate(image: Image, degrees: float) -> tuple[Image, Affine]:
    h, w = image.shape
    side = math.ceil((h + w) * 0.7072) + 2
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0).astype(np.float64, copy=False)
    m[0, 2] += side / 2 - w / 2
    m[1, 2] += side / 2 - h / 2
    out = cv2.warpAffine(image, m, (side, side), flags=cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)
    return out.astype(np.uint8, copy=False), m


def _then(first: Affine, second: Affine) -> Affine:
    """The affine map ``second(first(p))``."""
    a = np.vstack([first, [0, 0, 1]])
    b = np.vstack([second, [0, 0, 1]])
    return (b @ a)[:2]


# ------------------------------------------------------------------------ the pipeline


class _Crop:
    """A region cut out with a margin, and the variants the steps share (made once)."""

    def __init__(self, gray: Image, region: Region) -> None:
        margin = 0.2 * region.side + 8
        h, w = gray.shape
        self.x0 = max(0, int(region.x0 - margin))
        self.y0 = max(0, int(region.y0 - margin))
        x1 = min(w, int(region.x1 + margin))
        y1 = min(h, int(region.y1 + margin))
        self.image: Image = np.ascontiguousarray(gray[self.y0:y1, self.x0:x1])
        side = max(self.image.shape)
        self.factor = min(MAX_UPSCALE, max(1.0, TARGET_SIDE / side)) if side <= MAX_SIDE \
            else MAX_SIDE / side
        self._scaled: tuple[Image, Affine] | None = None

    @property
    def scaled(self) -> tuple[Image, Affine]:
        if self._scaled is None:
            self._scaled = _scale(self.image, self.factor)
        return self._scaled

    def reduced(self, side: float) -> tuple[Image, Affine, float]:
        """The crop at most ``side`` pixels across (for the costly filters), the map to it,
        and the factor that then brings it to the scaled size."""
        longest = max(self.image.shape)
        if longest <= side:
            return self.image, _scale(self.image, 1.0)[1], self.factor
        image, affine = _scale(self.image, side / longest)
        return image, affine, self.factor * longest / side

    def to_frame(self, affine: Affine) -> Callable[[tuple[float, float]], tuple[float, float]]:
        inverse = cv2.invertAffineTransform(affine)
        x0, y0 = self.x0, self.y0

        def transform(p: tuple[float, float]) -> tuple[float, float]:
            x = inverse[0, 0] * p[0] + inverse[0, 1] * p[1] + inverse[0, 2]
            y = inverse[1, 0] * p[0] + inverse[1, 1] * p[1] + inverse[1, 2]
            return (float(x + x0), float(y + y0))
        return transform


Variant = tuple[Image, Affine]


@dataclass(frozen=True)
class _Step:
    name: str  # "zxing/sharpen": decoder / preprocessing
    decoder: str  # "zxing", "zbar", "opencv-aruco"
    variants: Callable[[_Crop], Iterator[Variant]]


def _v_scaled(crop: _Crop) -> Iterator[Variant]:
    yield crop.scaled


def _v_sharpen(crop: _Crop) -> Iterator[Variant]:
    image, affine = crop.scaled
    yield unsharp(image, max(1.0, 1.2 * crop.factor), 1.0), affine


_CLAHE = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(4, 4))


def _v_normalise(crop: _Crop) -> Iterator[Variant]:
    yield _scale(_CLAHE.apply(crop.image).astype(np.uint8, copy=False), crop.factor)


def _v_threshold(crop: _Crop) -> Iterator[Variant]:
    image, affine = crop.scaled
    block = max(15, int(8 * crop.factor + 11)) | 1
    yield cv2.adaptiveThreshold(image, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                block, 2).astype(np.uint8, copy=False), affine
    # A wider, Gaussian-weighted neighbourhood: steadier under glare and a thumb's shadow.
    yield cv2.adaptiveThreshold(image, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY,
                                41, 3).astype(np.uint8, copy=False), affine


def _v_zbar(crop: _Crop) -> Iterator[Variant]:
    # ZBar finds its own module size and does better on the crop as it is than enlarged.
    image, affine = _scale(crop.image, min(crop.factor, 2.0))
    yield _CLAHE.apply(image).astype(np.uint8, copy=False), affine


def _filtered(image: Image, first: Affine, factor: float) -> Variant:
    scaled, then = _scale(image, factor)
    return scaled, _then(first, then)


def _v_deblur(crop: _Crop) -> Iterator[Variant]:
    image, first, factor = crop.reduced(DEEP_SIDE)
    yield _filtered(deblur_gaussian(image, 1.2, 0.03), first, factor)


def _v_motion(crop: _Crop) -> Iterator[Variant]:
    image, first, factor = crop.reduced(DEEP_SIDE)
    angle, length, anisotropy = motion_estimate(image)
    if anisotropy > 0.6 or length < 3:
        return  # no clear smear: nothing to undo
    for candidate in (length, length - 1, length + 1):
        yield _filtered(deblur_motion(image, candidate, angle), first, factor)


def _v_rotate(crop: _Crop) -> Iterator[Variant]:
    image, affine = crop.scaled
    turned, turn = _rotate(image, 45.0)
    yield turned, _then(affine, turn)


STEPS: tuple[_Step, ...] = (
    _Step("zxing/upscale", "zxing", _v_scaled),
    _Step("zxing/sharpen", "zxing", _v_sharpen),
    _Step("zxing/normalise", "zxing", _v_normalise),
    _Step("zxing/motion", "zxing", _v_motion),
    _Step("zxing/threshold", "zxing", _v_threshold),
    _Step("zxing/deblur", "zxing", _v_deblur),
    _Step("zbar", "zbar", _v_zbar),
    _Step("zxing/rotate", "zxing", _v_rotate),
    _Step("opencv-aruco", "opencv-aruco", _v_scaled),
)


class _Found:
    """Detections so far, one per code and place."""

    def __init__(self) -> None:
        self.items: list[Detection] = []
        self._by_text: dict[str, list[Detection]] = {}  # a sheet of hundreds stays linear

    def add(self, detections: Iterable[Detection]) -> int:
        added = 0
        for d in detections:
            same_text = self._by_text.setdefault(d.text, [])
            if not any(self._same(d, e) for e in same_text):
                self.items.append(d)
                same_text.append(d)
                added += 1
        return added

    @staticmethod
    def _same(a: Detection, b: Detection) -> bool:
        if a.text != b.text:
            return False
        (ax, ay), (bx, by) = a.center, b.center
        size = max(_size(a.corners), _size(b.corners), 16.0)
        return math.hypot(ax - bx, ay - by) < 0.5 * size

    def covers(self, region: Region) -> bool:
        return any(region.contains(d.center, margin=0.1 * region.side) for d in self.items)


def _size(corners: Corners) -> float:
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    return max(max(xs) - min(xs), max(ys) - min(ys))


class Pipeline:
    """Fast first, harder only where needed; see the module's docstring.

    ``backends`` names the other decoders the pipeline may call besides zxing-cpp (those
    that cannot load are skipped, with a note); ``regions`` bounds how many regions of a
    frame in which nothing was read are worked on, the best ``deep_regions`` of them (and
    every hinted one) with every step, the others with the cheap ones; ``steps`` (names
    from :data:`STEPS`) narrows the steps, for experiments. ``precheck`` (on by default)
    ends a frame in which the first pass read nothing and hinted at nothing when no region
    is :func:`code_like`; off, such a frame gets every step (the "before" of the benchmark)."""

    name = "pipeline"

    def __init__(
        self,
        backends: Sequence[str] = ("zbar", "opencv-aruco"),
        *,
        catalog: Catalog | None = None,
        regions: int = 3,
        deep_regions: int = 1,
        steps: Sequence[str] | None = None,
        precheck: bool = True,
    ) -> None:
        self.notes: list[str] = []
        self.precheck = precheck
        self.catalog = catalog
        self.regions = regions
        self.deep_regions = deep_regions
        self._decoders: dict[str, Decoder] = {}
        self._zxing: ZXingDecoder | None = None
        try:
            self._zxing = ZXingDecoder(fast=True, name="zxing")
            self._decoders["zxing"] = self._zxing
        except BackendUnavailable as exc:
            self.notes.append(f"pipeline: skipping zxing: {exc}")
        makers: dict[str, Callable[[], Decoder]] = {
            "zbar": ZBarDecoder,
            "opencv": OpenCVDecoder,
            "opencv-aruco": lambda: OpenCVDecoder(aruco=True),
        }
        for name in backends:
            if name not in makers:
                raise ValueError(f"unknown backend {name!r} for the pipeline; one of "
                                 f"{', '.join(makers)}")
            try:
                self._decoders[name] = makers[name]()
            except BackendUnavailable as exc:
                self.notes.append(f"pipeline: skipping {name}: {exc}")
        for note in self.notes:
            log.info("%s", note)
        if not self._decoders:
            log.error("scanner: no decoder backend can load")
            raise BackendUnavailable("no decoder backend can load: " + "; ".join(self.notes))
        log.info("scanner: decoder backends %s", ", ".join(self._decoders))
        known = {s.name for s in STEPS}
        unknown = [s for s in steps or () if s not in known]
        if unknown:
            raise ValueError(f"unknown pipeline steps {unknown}; the steps are "
                             f"{', '.join(sorted(known))}")
        self.steps = [s for s in STEPS if (steps is None or s.name in steps)
                      and s.decoder in self._decoders]
        # What the last frame cost: the steps tried, in order (for benchmarks and tests).
        self.last_steps: list[str] = []
        # Places in the last frame where a symbol was seen and no step could read it.
        self.last_unread: list[Corners] = []

    @property
    def backends(self) -> list[str]:
        """The backends that loaded."""
        return list(self._decoders)

    def decode(self, image: Image) -> list[Detection]:
        gray = to_gray(image)
        found = _Found()
        tried: list[str] = []
        hints: list[Corners] = []
        if self._zxing is not None:
            first, hints = self._zxing.decode_with_hints(gray)
            tried.append("zxing")
            found.add(d.mapped(_identity, "pipeline:zxing") for d in first)
        else:
            first_name, first_decoder = next(iter(self._decoders.items()))
            tried.append(first_name)
            found.add(d.mapped(_identity, f"pipeline:{first_name}")
                      for d in first_decoder.decode(gray))
        all_hints = list(hints)
        if self._zxing is not None and len(found.items) + len(hints) >= CROWDED:
            all_hints = self._tiles(gray, found, hints, tried)
            hints = [] if len(found.items) >= CROWDED else hints
        hints = hints[:self.regions]
        regions = [_hint_region(c, gray.shape) for c in hints]
        if not found.items:
            # Nothing read: look for where codes may be. (When something was read, zxing-cpp's
            # hints are the sign of more codes: a symbol it found but could not decode.)
            candidates = find_regions(gray, limit=self.regions + 2)
            if self.precheck and not regions and not any(code_like(gray, r)
                                                          for r in candidates):
                # Nothing code-like anywhere: an empty table costs this much and no more.
                tried.append("precheck")
                self.last_steps = tried
                self.last_unread = []
                return []
            regions += candidates
        deep = self.deep_regions
        worked: list[Region] = []
        for region in regions:
            if len(worked) >= self.regions + len(hints):
                break
            if found.covers(region) or any(_overlap(region, r) > 0.8 for r in worked):
                continue
            worked.append(region)
            if region.hint or deep > 0:
                deep -= 0 if region.hint else 1
                steps = self.steps
            else:
                steps = self.steps[:CHEAP_STEPS]
            self._work_on(gray, region, steps, found, tried)
        if not regions and not found.items:
            self._whole_frame(gray, found, tried)
        self.last_steps = tried
        self.last_unread = _unread(all_hints, found.items)
        return list(found.items)

    def _tiles(self, gray: Image, found: _Found, hints: list[Corners],
               tried: list[str]) -> list[Corners]:
        """A crowded picture read again in overlapping tiles of a few codes each, so that
        every code lies whole in at least one tile; the hints of every tile (frame pixels)."""
        assert self._zxing is not None
        sizes = sorted(_size(d.corners) for d in found.items) or sorted(_size(c) for c in hints)
        typical, largest = sizes[len(sizes) // 2], sizes[-1]
        tile = max(MIN_TILE, int(TILE_CODES * typical))
        overlap = min(tile // 2, int(1.5 * largest) + 8)
        step = tile - overlap
        height, width = gray.shape[:2]
        if tile >= max(height, width):
            return hints
        tried.append("zxing/tiles")
        seen: list[Corners] = []  # the whole picture's hints were confused by the crowd
        for y0 in range(0, max(1, height - overlap), step):
            for x0 in range(0, max(1, width - overlap), step):
                crop = gray[y0:y0 + tile, x0:x0 + tile]
                if min(crop.shape[:2]) < 8:
                    continue
                read, missed = self._zxing.decode_with_hints(crop)

                def moved(p: tuple[float, float], x: int = x0, y: int = y0) -> tuple[float, float]:
                    return (p[0] + x, p[1] + y)

                found.add(d.mapped(moved, "pipeline:zxing/tiles") for d in read)
                seen += [(moved(c[0]), moved(c[1]), moved(c[2]), moved(c[3])) for c in missed]
        return seen

    def _work_on(self, gray: Image, region: Region, steps: Sequence[_Step], found: _Found,
                 tried: list[str]) -> None:
        crop = _Crop(gray, region)
        if min(crop.image.shape) < 8:
            return
        for step in steps:
            decoder = self._decoders[step.decoder]
            tried.append(step.name)
            for image, affine in step.variants(crop):
                try:
                    detections = decoder.decode(image)
                except cv2.error:
                    detections = []
                if detections:
                    to_frame = crop.to_frame(affine)
                    found.add(d.mapped(to_frame, f"pipeline:{step.name}") for d in detections)
                    return

    def _whole_frame(self, gray: Image, found: _Found, tried: list[str]) -> None:
        if self._zxing is not None:
            tried.append("zxing/normalise")
            if found.add(d.mapped(_identity, "pipeline:zxing/normalise")
                         for d in self._zxing.decode(
                             _CLAHE.apply(gray).astype(np.uint8, copy=False))):
                return
        if "zbar" in self._decoders:
            tried.append("zbar")
            found.add(d.mapped(_identity, "pipeline:zbar")
                      for d in self._decoders["zbar"].decode(gray))

    def read(self, image: Image) -> list[Reading]:
        """Every code in the picture, judged: see :func:`interpret`."""
        if self.catalog is None:
            self.catalog = Catalog.from_assets()
        return interpret(self.decode(image), self.catalog)


def _unread(hints: Sequence[Corners], read: Sequence[Detection]) -> list[Corners]:
    """The hints where no code was read: one per place. A hint that overlaps a code read is
    not one: zxing-cpp also hints at finder patterns of neighbouring codes taken together."""
    places: list[tuple[float, float, float, float]] = []
    boxes = [_box(d.corners) for d in read]
    unread: list[Corners] = []
    for corners in hints:
        box = _box(corners)
        if min(box[2] - box[0], box[3] - box[1]) < 8:
            continue  # a point or a sliver: a code cut by a tile's edge, whole in another tile
        area = (box[2] - box[0]) * (box[3] - box[1])
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if any(_intersection(box, other) > 0.2 * area or
               (other[0] <= cx <= other[2] and other[1] <= cy <= other[3])
               for other in boxes + places):
            continue
        places.append(box)
        unread.append(corners)
    return unread


def _box(corners: Corners) -> tuple[float, float, float, float]:
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _intersection(a: tuple[float, float, float, float],
                  b: tuple[float, float, float, float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _identity(p: tuple[float, float]) -> tuple[float, float]:
    return p


def _overlap(a: Region, b: Region) -> float:
    """How much of ``a`` lies inside ``b`` (0 to 1)."""
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / max(1, (a.x1 - a.x0) * (a.y1 - a.y0))
