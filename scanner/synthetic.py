"""A seeded generator of benchmark pictures: printed card labels "photographed" at 640x480.

A label is what a player sticks on a sleeve: a QR code made by zxing-cpp (the card's code,
see ``scanner.codes``) above the card's name and number, on slightly off-white paper. A
scene puts one or more labels on a cluttered background and films it with a pinhole camera
(position, in-plane rotation, tilt), then applies what a cheap camera does: optical blur,
motion blur, low light (few grey levels and shot noise), glare, sensor noise, JPEG
compression, a thumb over the code, or a code so far away that its modules are barely
pixels. Every frame also gets a camera's baseline (slight blur, noise, JPEG), so "clean" is
clean the way a camera's frame is.

Scenes are grouped in named :data:`CATEGORIES`, each ``easy``, ``hard`` or ``negative``
(frames with no code of ours: nothing, or foreign codes, which must never be accepted). A
:class:`Sample` holds two consecutive frames of one scene (independent noise and a little
hand shake), because the scanner only accepts a card seen in two consecutive frames.

Everything is drawn from ``numpy.random.default_rng([seed, category, index])``, so a sample
is the same whichever other samples are generated, on every machine with the same libraries.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

from .catalog import Catalog
from .codes import CodeError, crc16, encode_card, encode_deck

Image = NDArray[np.uint8]
Rng = np.random.Generator

# OpenCV's stubs type every result as an array of any number type. Its filters, resizes
# and warps keep the depth of their input, so ``.astype(<that dtype>, copy=False)`` returns
# the very same array: it only tells the type checker what the array already is.

WIDTH, HEIGHT = 640, 480
FOCAL = 600.0  # pixels at 640x480: a typical webcam's ~56 degree horizontal field of view
SUPER = 2  # scenes are composed at twice the size and area-averaged down (no aliasing)
QUIET = 4  # quiet-zone modules around the printed code, as scanner.sheet prints it

FALLBACK_CARDS = (("ecard1-33", "Charizard", "33"), ("ecard1-56", "Mewtwo", "56"),
                  ("ecard1-72", "Chansey", "72"), ("ecard2-1", "Ampharos", "1"))


@dataclass(frozen=True)
class Shot:
    """How one scene is filmed: everything a category draws at random."""

    module_px: float = 5.0  # size of one QR module at the label's centre, in frame pixels
    roll: float = 0.0  # in-plane rotation, degrees
    tilt: float = 0.0  # out-of-plane tilt, degrees
    tilt_axis: float = 0.0  # direction of the tilt axis, degrees
    blur: float = 0.0  # optical blur sigma, frame pixels (on top of the baseline)
    motion: float = 0.0  # motion blur length, frame pixels
    motion_angle: float = 0.0
    light: float = 1.0  # exposure: 1 is a well-lit scene
    noise: float = 0.0  # extra sensor noise sigma, grey levels
    jpeg: int = 0  # JPEG quality (0: the baseline's)
    glare: float = 0.0  # peak brightness added by a specular highlight on the code
    occlusion: float = 0.0  # fraction of the code's area under a thumb
    labels: int = 1


@dataclass(frozen=True)
class Category:
    name: str
    difficulty: str  # "easy", "hard" or "negative"
    description: str
    draw: Callable[[Rng], Shot]
    codes: str = "card"  # "card", "deck", "none", "foreign"


@dataclass
class Sample:
    """Two consecutive frames of one scene and what is in it."""

    category: str
    difficulty: str
    index: int
    frames: list[Image]
    expected: tuple[str, ...]  # texts of our codes in view: each must be read
    foreign: tuple[str, ...] = ()  # texts of other codes in view: never to be accepted
    shot: Shot = field(default_factory=Shot)
    # Where each code (expected, then foreign) is in the first frame: its four corners
    # (top-left, top-right, bottom-right, bottom-left of the symbol), in frame pixels.
    quads: tuple[tuple[tuple[float, float], ...], ...] = ()


def _u(rng: Rng, lo: float, hi: float) -> float:
    return float(rng.uniform(lo, hi))


def _base(rng: Rng, **kw: float) -> Shot:
    """A comfortable shot: a label filling a fair part of the frame, held nearly square."""
    values: dict[str, float] = {
        "module_px": _u(rng, 3.5, 7.0), "roll": _u(rng, -15, 15), "tilt": _u(rng, 0, 12),
        "tilt_axis": _u(rng, 0, 360)}
    values.update(kw)
    return Shot(**values)  # type: ignore[arg-type]


CATEGORIES: tuple[Category, ...] = (
    Category("clean", "easy", "a label held square in good light",
             lambda r: _base(r)),
    Category("rotation", "easy", "any in-plane rotation",
             lambda r: _base(r, roll=_u(r, 0, 360))),
    Category("perspective", "easy", "tilted 15 to 40 degrees",
             lambda r: _base(r, tilt=_u(r, 15, 40), roll=_u(r, 0, 360))),
    Category("blur", "easy", "out of focus: blur sigma 1 to 2 px",
             lambda r: _base(r, module_px=_u(r, 4.5, 7.0), blur=_u(r, 1.0, 2.0))),
    Category("noise", "easy", "sensor noise sigma 8 to 20 grey levels",
             lambda r: _base(r, noise=_u(r, 8, 20))),
    Category("jpeg", "easy", "JPEG quality 15 to 40",
             lambda r: _base(r, jpeg=int(r.integers(15, 41)))),
    Category("low_light", "easy", "dim light: exposure 0.25 to 0.5, with shot noise",
             lambda r: _base(r, light=_u(r, 0.25, 0.5))),
    Category("multi", "easy", "two to four labels in one frame, all to be read",
             lambda r: _base(r, module_px=_u(r, 3.0, 4.5), labels=int(r.integers(2, 5)))),
    Category("deck", "easy", "a whole deck's code (a bigger QR code)",
             lambda r: _base(r, module_px=_u(r, 3.0, 5.0)), codes="deck"),
    Category("motion_blur", "hard", "moved while filming: motion blur 6 to 14 px",
             lambda r: _base(r, module_px=_u(r, 4.0, 7.0), motion=_u(r, 6, 14),
                             motion_angle=_u(r, 0, 180))),
    Category("dark", "hard", "very low light: exposure 0.06 to 0.15 (a few grey levels)",
             lambda r: _base(r, light=_u(r, 0.06, 0.15))),
    # A lamp reflected in a glossy sleeve is far brighter than the paper: where the
    # highlight adds more than the black modules' headroom the sensor clips and the code is
    # gone (a peak of 150 leaves a veil the code shows through; 400 burns out a core of up to
    # about a sixth of the code).
    Category("glare", "hard", "a specular highlight over the code, its core burnt out",
             lambda r: _base(r, glare=_u(r, 150, 400))),
    Category("occlusion", "hard", "a thumb over 6 to 15% of the code",
             lambda r: _base(r, occlusion=_u(r, 0.06, 0.15))),
    Category("small", "hard", "far away: 1.3 to 2.2 px per module",
             lambda r: _base(r, module_px=_u(r, 1.3, 2.2))),
    Category("steep", "hard", "steep tilt: 45 to 60 degrees",
             lambda r: _base(r, tilt=_u(r, 45, 60), roll=_u(r, 0, 360))),
    Category("combined", "hard", "smallish, tilted, blurred, noisy and dim at once",
             lambda r: _base(r, module_px=_u(r, 2.2, 3.5), tilt=_u(r, 10, 35),
                             blur=_u(r, 0.6, 1.2), noise=_u(r, 4, 10), light=_u(r, 0.3, 0.6),
                             jpeg=int(r.integers(40, 70)))),
    Category("no_code", "negative", "labels and clutter with no code at all",
             lambda r: _base(r), codes="none"),
    Category("foreign", "negative",
             "other people's codes: URLs, text, damaged and unknown Pocket TCG codes, "
             "other symbologies", lambda r: _base(r, module_px=_u(r, 3.0, 5.0)),
             codes="foreign"),
)
CATEGORY_NAMES = tuple(c.name for c in CATEGORIES)


def category(name: str) -> Category:
    for c in CATEGORIES:
        if c.name == name:
            return c
    raise ValueError(f"unknown category {name!r}; one of {', '.join(CATEGORY_NAMES)}")


# --- labels -------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def qr_modules(text: str, ec_level: str = "H", fmt: str = "QRCode") -> Image:
    """The code as an array of modules (0 black, 255 white), without a quiet zone."""
    import zxingcpp  # a module-level import would make the whole scanner need it

    barcode = zxingcpp.create_barcode(text, zxingcpp.barcode_format_from_str(fmt),
                                      ec_level=ec_level) if fmt == "QRCode" else \
        zxingcpp.create_barcode(text, zxingcpp.barcode_format_from_str(fmt))
    image = np.array(zxingcpp.write_barcode_to_image(barcode, scale=1, add_quiet_zones=False))
    return image.astype(np.uint8)


def make_label(text: str | None, title: str, subtitle: str = "", module: int = 8,
               ec_level: str = "H", fmt: str = "QRCode",
               paper: tuple[int, int, int] = (246, 244, 238)) -> tuple[Image, tuple[
                   float, float, float, float]]:
    """A printed label (BGR) and the box of its code within it (x0, y0, x1, y1).

    Shaped like ``scanner.sheet``'s labels: card-sized (63 x 88 mm), the code across the
    top with a quiet zone of :data:`QUIET` modules, the name and number under it.
    ``text=None`` makes a label with no code (a name plate); ``module`` is the label's pixels
    per module."""
    if text is not None:
        modules = qr_modules(text, ec_level, fmt)
        mh, mw = modules.shape
        if mh < 4:  # a linear barcode: give it some height
            modules = np.repeat(modules[:1], max(12, mw // 4), axis=0)
            mh = modules.shape[0]
        code = cv2.resize(modules, (mw * module, mh * module), interpolation=cv2.INTER_NEAREST)
    else:
        code = np.full((29 * module, 29 * module), 255, np.uint8)
    quiet = QUIET * module
    pad = 2 * module  # the sheet's 3 mm of white around the code's quiet zone
    width = code.shape[1] + 2 * (quiet + pad)
    height = max(int(width * 88 / 63), code.shape[0] + 2 * (quiet + pad) + 10 * module)
    label = PILImage.new("RGB", (width, height), paper[::-1])
    x0, y0 = pad + quiet, pad + quiet
    label.paste(PILImage.fromarray(code).convert("RGB"), (x0, y0))
    draw = ImageDraw.Draw(label)
    size = max(8, width // 11)
    y = y0 + code.shape[0] + quiet
    draw.text((width // 2, y), title[:24], fill=(20, 20, 20), font=_font(size), anchor="mt",
              stroke_width=max(1, size // 20), stroke_fill=(20, 20, 20))
    if subtitle:
        draw.text((width // 2, y + int(size * 1.4)), subtitle, fill=(60, 60, 60),
                  font=_font(max(7, int(size * 0.7))), anchor="mt")
    box = (float(x0), float(y0), float(x0 + code.shape[1]), float(y0 + code.shape[0]))
    bgr = np.ascontiguousarray(np.array(label)[:, :, ::-1])
    if text is None:
        box = (0.0, 0.0, 0.0, 0.0)
    return bgr, box


# --- what is on the labels ----------------------------------------------------------------


@lru_cache(maxsize=1)
def _cards() -> tuple[tuple[str, str, str], ...]:
    """The cards labels are made for: every card of the catalog that a code can name (a few
    numbers, such as ``hgss1-ONE``, have no code; see docs/CARD_CODES.md)."""
    try:
        catalog = Catalog.from_assets()
    except (OSError, ValueError, KeyError):
        return FALLBACK_CARDS
    cards = []
    for c in catalog.cards.values():
        try:
            encode_card(c.card_id)
        except CodeError:
            continue
        cards.append((c.card_id, c.name, f"{c.set_abbr} {c.number}"))
    return tuple(cards) or FALLBACK_CARDS


def _card_label(rng: Rng) -> tuple[str, str, str]:
    cards = _cards()
    card_id, name, number = cards[int(rng.integers(len(cards)))]
    count = 1 if rng.random() < 0.8 else int(rng.integers(2, 5))
    return encode_card(card_id, count), name, number + (f"  x{count}" if count > 1 else "")


def _deck_label(rng: Rng) -> tuple[str, str, str]:
    cards = _cards()
    picks = [cards[int(i)][0] for i in rng.integers(len(cards), size=int(rng.integers(8, 20)))]
    copies = [c for c in picks for _ in range(int(rng.integers(1, 4)))][:60]
    name = f"Deck {int(rng.integers(1, 1000))}"
    return encode_deck(name, copies), name, f"{len(copies)} cards"


def _foreign_label(rng: Rng) -> tuple[str, str, str, str]:
    """(text, format, title, subtitle) of a code that is not a card of ours."""
    kind = int(rng.integers(7))
    if kind == 0:
        return f"https://example.com/p/{int(rng.integers(10**6))}", "QRCode", "Visit us", ""
    if kind == 1:
        return "WIFI:S:home;T:WPA;P:hunter2;;", "QRCode", "Guest Wi-Fi", ""
    if kind == 2:  # one of ours with a digit changed after the checksum was made
        good = _card_label(rng)[0]
        body, _, check = good.rpartition(".")
        bad = body[:-1] + str((int(body[-1]) + 1) % 10) if body[-1].isdigit() else body + "1"
        return f"{bad}.{check}", "QRCode", "Tampered", ""
    if kind == 3:  # well formed, checksum right, but no such card in this game
        body = f"PTCG1C.ZZ{int(rng.integers(10, 99))}.{int(rng.integers(1, 999))}"
        return f"{body}.{crc16(body)}", "QRCode", "Unknown set", ""
    if kind == 4:  # a newer format
        body = f"PTCG2C.ECARD1.{int(rng.integers(1, 160))}"
        return f"{body}.{crc16(body)}", "QRCode", "Future code", ""
    if kind == 5:
        return f"PTCG1C.ECARD1.{int(rng.integers(1, 160))}", "DataMatrix", "Data Matrix", ""
    digits = "".join(str(int(d)) for d in rng.integers(10, size=12))
    return digits, "EAN13", "Shop barcode", ""


# --- the camera ---------------------------------------------------------------------------


def _rotation(roll: float, tilt: float, axis: float) -> NDArray[np.float64]:
    r, t, a = (math.radians(v) for v in (roll, tilt, axis))
    rz = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    # A tilt of t about an in-plane axis at angle a.
    ux, uy = math.cos(a), math.sin(a)
    c, s = math.cos(t), math.sin(t)
    tilt_m = np.array([[c + ux * ux * (1 - c), ux * uy * (1 - c), uy * s],
                       [ux * uy * (1 - c), c + uy * uy * (1 - c), -ux * s],
                       [-uy * s, ux * s, c]])
    return tilt_m @ rz


def _project(points: NDArray[np.float64], rot: NDArray[np.float64], centre: tuple[float, float],
             depth: float) -> NDArray[np.float64]:
    """Plane points (N x 2, label units, centred) to frame pixels (1x)."""
    p3 = np.c_[points, np.zeros(len(points))] @ rot.T
    x0 = (centre[0] - WIDTH / 2) * depth / FOCAL
    y0 = (centre[1] - HEIGHT / 2) * depth / FOCAL
    p3 = p3 + np.array([x0, y0, depth])
    z = np.maximum(p3[:, 2], 1e-3)
    return np.c_[FOCAL * p3[:, 0] / z + WIDTH / 2, FOCAL * p3[:, 1] / z + HEIGHT / 2]


def _background(rng: Rng) -> NDArray[np.float32]:
    """A table with clutter (card art, text lines, edges), at 1x, float BGR."""
    h, w = HEIGHT, WIDTH
    base = rng.uniform(40, 200, size=3)
    gy, gx = np.mgrid[0:h, 0:w].astype(np.float32)
    slope = rng.uniform(-0.15, 0.15, size=2)
    img = np.empty((h, w, 3), np.float32)
    for ch in range(3):
        img[:, :, ch] = base[ch] + slope[0] * (gx - w / 2) + slope[1] * (gy - h / 2)
    for _ in range(int(rng.integers(3, 9))):
        x, y = int(rng.integers(-100, w)), int(rng.integers(-100, h))
        cw, chh = int(rng.integers(40, 260)), int(rng.integers(40, 260))
        color = tuple(float(v) for v in rng.uniform(0, 255, size=3))
        cv2.rectangle(img, (x, y), (x + cw, y + chh), color, -1)
    for _ in range(int(rng.integers(0, 25))):  # "text": thin dark strokes
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        cv2.line(img, (x, y), (x + int(rng.integers(10, 80)), y), (30.0, 30.0, 30.0),
                 int(rng.integers(1, 3)))
    return cv2.GaussianBlur(img, (0, 0), 1.0).astype(np.float32, copy=False)


@dataclass(frozen=True)
class _Placed:
    label: Image
    homography: NDArray[np.float64]  # label pixels -> 2x frame pixels
    code_quad: NDArray[np.float64]  # the code's corners in 1x frame pixels (4 x 2)


def _place(rng: Rng, label: Image, box: tuple[float, float, float, float], module: int,
           shot: Shot, centre: tuple[float, float], scale: float = 1.0) -> _Placed:
    h, w = label.shape[:2]
    rot = _rotation(shot.roll, shot.tilt, shot.tilt_axis)
    depth = FOCAL / (shot.module_px * scale)  # label units are modules
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    units = (corners - [w / 2, h / 2]) / module
    dst = _project(units, rot, centre, depth)
    x0, y0, x1, y1 = box
    code = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)
    code_dst = _project((code - [w / 2, h / 2]) / module, rot, centre, depth)
    hom = cv2.getPerspectiveTransform(corners.astype(np.float32),
                                      (dst * SUPER).astype(np.float32)).astype(
        np.float64, copy=False)  # a 3 x 3 matrix of doubles, always
    return _Placed(label, hom, code_dst)


def _inside(quad: NDArray[np.float64], margin: float = 6.0) -> bool:
    return bool((quad[:, 0].min() > margin) and (quad[:, 1].min() > margin)
                and (quad[:, 0].max() < WIDTH - margin) and (quad[:, 1].max() < HEIGHT - margin))


def _boxes_overlap(a: NDArray[np.float64], b: NDArray[np.float64], gap: float = 8.0) -> bool:
    return not (a[:, 0].max() + gap < b[:, 0].min() or b[:, 0].max() + gap < a[:, 0].min()
                or a[:, 1].max() + gap < b[:, 1].min() or b[:, 1].max() + gap < a[:, 1].min())


def _layout(rng: Rng, labels: Sequence[tuple[Image, tuple[float, float, float, float]]],
            module: int, shot: Shot) -> list[_Placed]:
    """Places every label with its code wholly in the frame and no two labels overlapping;
    shrinks the shot a little when they do not fit."""
    scale = 1.0
    for attempt in range(60):
        placed: list[_Placed] = []
        for label, box in labels:
            centre = (_u(rng, 0.15, 0.85) * WIDTH, _u(rng, 0.2, 0.8) * HEIGHT)
            p = _place(rng, label, box, module, shot, centre, scale)
            hull = _label_quad(p)
            if not _inside(p.code_quad) or any(_boxes_overlap(hull, _label_quad(q))
                                               for q in placed):
                break
            placed.append(p)
        if len(placed) == len(labels):
            return placed
        if attempt % 10 == 9:
            scale *= 0.9
    # Last resort: labels side by side at the centre line, small enough to fit.
    return [_place(rng, label, box, module, shot,
                   ((i + 0.5) * WIDTH / len(labels), HEIGHT / 2), 0.5)
            for i, (label, box) in enumerate(labels)]


def _label_quad(p: _Placed) -> NDArray[np.float64]:
    h, w = p.label.shape[:2]
    pts = np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float32)
    return cv2.perspectiveTransform(pts, p.homography).reshape(4, 2).astype(np.float64) / SUPER


def _composite(bg: NDArray[np.float32], placed: Sequence[_Placed],
               shake: NDArray[np.float64]) -> NDArray[np.float32]:
    big = cv2.resize(bg, (WIDTH * SUPER, HEIGHT * SUPER),
                     interpolation=cv2.INTER_LINEAR).astype(np.float32, copy=False)
    for p in placed:
        hom = shake @ p.homography
        label = p.label.astype(np.float32)
        # Only the label's bounding box is warped: a whole-frame warp costs ten times more.
        pts = cv2.perspectiveTransform(
            np.array([[[0, 0]], [[label.shape[1], 0]], [[label.shape[1], label.shape[0]]],
                      [[0, label.shape[0]]]], np.float32), hom).reshape(4, 2)
        x0, y0 = np.floor(pts.min(axis=0)).astype(int) - 2
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + 2
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, big.shape[1]), min(y1, big.shape[0])
        if x1 <= x0 or y1 <= y0:
            continue
        shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
        roi = big[y0:y1, x0:x1]
        cv2.warpPerspective(label, shift @ hom, (x1 - x0, y1 - y0), dst=roi,
                            flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)
    return big


def _thumb(rng: Rng, big: NDArray[np.float32], quad: NDArray[np.float64], fraction: float,
           shake: NDArray[np.float64]) -> None:
    """A thumb (a shaded skin-coloured ellipse) coming in from one side of the code and
    covering about ``fraction`` of it."""
    q = cv2.perspectiveTransform(quad.reshape(4, 1, 2).astype(np.float32) * SUPER,
                                 shake).reshape(4, 2)
    centre = q.mean(axis=0)
    side = int(rng.integers(4))
    a, b = q[side], q[(side + 1) % 4]
    mid = (a + b) / 2
    out = mid - centre
    edge = float(np.linalg.norm(b - a))
    mask_code = np.zeros(big.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask_code, q.astype(np.int32), 255)
    code_area = max(1, int(np.count_nonzero(mask_code)))
    # A thumb is about 2 cm wide, half a printed code's side (4 cm with its 29 modules).
    along = _u(rng, -0.2, 0.2)
    axes = (edge * _u(rng, 0.2, 0.3), edge * _u(rng, 0.45, 0.6))
    angle = math.degrees(math.atan2(out[1], out[0]))
    best = None
    for depth in np.linspace(1.6, -0.2, 37):  # slide the thumb in until it covers enough
        c = centre + out * depth + (b - a) * along
        mask = np.zeros_like(mask_code)
        cv2.ellipse(mask, (int(c[0]), int(c[1])), (int(axes[1]), int(axes[0])), angle,
                    0, 360, 255, -1)
        covered = np.count_nonzero(mask & mask_code) / code_area
        best = (c, mask)
        if covered >= fraction:
            break
    assert best is not None
    c, mask = best
    skin = np.array([_u(rng, 110, 160), _u(rng, 140, 185), _u(rng, 190, 235)], np.float32)
    # A thumb holding the card is in the card's plane, so nearly as sharp as the code: its
    # rim is softened by about half a module, not smeared into a see-through haze.
    shade = cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (0, 0), edge * 0.012 + 1)
    for ch in range(3):
        big[:, :, ch] = big[:, :, ch] * (1 - shade) + skin[ch] * shade * (0.75 + 0.25 * shade)


def _glare(rng: Rng, img: NDArray[np.float32], quad: NDArray[np.float64], peak: float) -> None:
    centre = quad.mean(axis=0) + (quad[1] - quad[0]) * _u(rng, -0.3, 0.3) + \
        (quad[3] - quad[0]) * _u(rng, -0.3, 0.3)
    size = float(np.linalg.norm(quad[1] - quad[0]))
    sx, sy = size * _u(rng, 0.15, 0.4), size * _u(rng, 0.1, 0.25)
    ang = _u(rng, 0, math.pi)
    gy, gx = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    dx, dy = gx - centre[0], gy - centre[1]
    u = dx * math.cos(ang) + dy * math.sin(ang)
    v = -dx * math.sin(ang) + dy * math.cos(ang)
    blob = peak * np.exp(-(u * u / (2 * sx * sx) + v * v / (2 * sy * sy)))
    img += blob[:, :, None]


def _motion_kernel(length: float, angle: float) -> NDArray[np.float32]:
    size = math.ceil(length) | 1
    k = np.zeros((size, size), np.float32)
    c = size // 2
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    for t in np.linspace(-length / 2, length / 2, max(2, int(length * 3))):
        k[round(c + dy * t), round(c + dx * t)] += 1
    return k / k.sum()


def _film(rng: Rng, shot: Shot, bg: NDArray[np.float32], placed: Sequence[_Placed],
          shake: NDArray[np.float64]) -> Image:
    big = _composite(bg, placed, shake)
    if shot.occlusion > 0:
        _thumb(rng, big, placed[0].code_quad, shot.occlusion, shake)
    # Declared: OpenCV's stubs leave the shape untyped, and numpy then reads a shape of Any
    # as "no size" (a single float) in rng.standard_normal below.
    small = cv2.resize(big, (WIDTH, HEIGHT), interpolation=cv2.INTER_AREA)
    img: NDArray[np.float32] = small.astype(np.float32, copy=False)
    # Uneven light across the table.
    gy, gx = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float32)
    cx, cy = _u(rng, 0, WIDTH), _u(rng, 0, HEIGHT)
    vignette = 1.0 - _u(rng, 0.0, 0.25) * ((gx - cx) ** 2 + (gy - cy) ** 2) / (WIDTH ** 2)
    img *= vignette[:, :, None]
    if shot.glare > 0:
        _glare(rng, img, placed[0].code_quad, shot.glare)
    # The lens's own softness, plus the category's defocus.
    img = cv2.GaussianBlur(img, (0, 0), math.hypot(_u(rng, 0.5, 0.8), shot.blur)).astype(
        np.float32, copy=False)
    if shot.motion > 0:
        length = shot.motion * _u(rng, 0.85, 1.15)
        img = cv2.filter2D(img, -1, _motion_kernel(length, shot.motion_angle + _u(rng, -8, 8))
                           ).astype(np.float32, copy=False)  # ddepth -1: the input's depth
    # Exposure, shot noise (grows with the signal) and read noise, then the sensor clips.
    img *= shot.light
    shot_sigma = np.sqrt(np.maximum(img, 0) * 0.08)
    noise = rng.standard_normal(img.shape).astype(np.float32)
    img += noise * (shot_sigma + math.hypot(1.5, shot.noise))
    out = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    quality = shot.jpeg or int(rng.integers(80, 96))
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        return out
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if decoded is None:  # OpenCV could not read the JPEG it has just written
        raise RuntimeError("the synthetic frame's JPEG did not decode")
    return decoded.astype(np.uint8, copy=False)  # an 8-bit JPEG decodes to uint8


def _shake(rng: Rng) -> NDArray[np.float64]:
    """A little hand shake between two frames (2x frame pixels)."""
    a = math.radians(_u(rng, -0.6, 0.6))
    tx, ty = _u(rng, -3, 3) * SUPER, _u(rng, -3, 3) * SUPER
    cx, cy = WIDTH * SUPER / 2, HEIGHT * SUPER / 2
    return np.array([[math.cos(a), -math.sin(a), cx - cx * math.cos(a) + cy * math.sin(a) + tx],
                     [math.sin(a), math.cos(a), cy - cx * math.sin(a) - cy * math.cos(a) + ty],
                     [0, 0, 1]], np.float64)


def make_sample(cat: Category, index: int, seed: int = 0, frames: int = 2) -> Sample:
    """One scene of a category, filmed ``frames`` times in a row."""
    rng = np.random.default_rng([seed, CATEGORY_NAMES.index(cat.name), index])
    shot = cat.draw(rng)
    # Label pixels per module: about twice the 2x frame's, so the warp only shrinks.
    module = max(2, math.ceil(shot.module_px * SUPER * 1.6))
    expected: list[str] = []
    foreign: list[str] = []
    labels = []
    for _ in range(shot.labels):
        if cat.codes == "card":
            text, title, sub = _card_label(rng)
            labels.append(make_label(text, title, sub, module))
            expected.append(text)
        elif cat.codes == "deck":
            text, title, sub = _deck_label(rng)
            labels.append(make_label(text, title, sub, module))
            expected.append(text)
        elif cat.codes == "foreign":
            text, fmt, title, sub = _foreign_label(rng)
            labels.append(make_label(text, title, sub, module, fmt=fmt))
            foreign.append(text)
        else:
            _, title, sub = _card_label(rng)
            labels.append(make_label(None, title, sub, module))
    bg = _background(rng)
    placed = _layout(rng, labels, module, shot)
    pictures = []
    for i in range(frames):
        shake = np.eye(3) if i == 0 else _shake(rng)
        pictures.append(_film(rng, shot, bg, placed, shake))
    quads = tuple(tuple((float(x), float(y)) for x, y in p.code_quad) for p in placed) \
        if cat.codes != "none" else ()
    return Sample(cat.name, cat.difficulty, index, pictures, tuple(expected), tuple(foreign),
                  shot, quads)


def generate(per_category: int, seed: int = 0, categories: Sequence[str] | None = None,
             frames: int = 2) -> Iterator[Sample]:
    """``per_category`` samples of each named category (all of them by default), in order."""
    cats = [category(n) for n in categories] if categories else list(CATEGORIES)
    if per_category < 0:
        raise ValueError(f"per_category must be 0 or more, not {per_category}")
    for cat in cats:
        for i in range(per_category):
            yield make_sample(cat, i, seed, frames)
