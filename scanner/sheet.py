"""Printable sheets of card codes: labels at real card size to print, cut and slide into sleeves.

Each label is 63 x 88 mm (a trading card) and carries a QR code made by zxing-cpp's writer,
the card's name, its set and number, and the copy count when it is more than one; a deck
sheet may add one label whose code carries the whole deck list. Labels are laid out three by
three on A4 or US Letter pages, butted together (one cut serves two labels) with cut marks in
the margins and dotted guide lines for scissors. Pages are 1-bit black and white at the
chosen resolution (300 dpi at least), saved as PNG (``sheet.png``, ``sheet-2.png``...) or as
one PDF, both with their physical size embedded so that printing at "actual size" gives
labels of exactly 63 x 88 mm.

From the command line (``python -m scanner sheet ...`` once the scanner's CLI has it, or this
module directly)::

    python -m scanner.sheet --cards ecard1-1,ecard1-25:3 --out sheet.png
    python -m scanner.sheet --deck blazing_quake --deck-code --out quake.pdf --paper letter

The format of the codes and how to print them: docs/CARD_CODES.md.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import math
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import zxingcpp
from PIL import Image, ImageDraw, ImageFont, features

from .catalog import Catalog, CatalogError, assets_dir
from .codes import DECK_MAX, MAX_COPIES, CodeError, encode_card, encode_deck
from .images import ImageFileError, read_file_bytes

MM_PER_INCH = 25.4
LABEL_MM = (63.0, 88.0)  # a standard trading card, so a label fits a standard sleeve
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MIN_DPI = 300
# Pages are rendered in memory (a PDF is written in one go): A4 at 600 dpi is 35 MB a page.
MAX_DPI = 600
EDGE_MM = 7.0  # least page margin: most printers cannot print the last 4-5 mm; marks go here
PAD_MM = 3.0  # white between a label's edge and its code, so a crooked cut never reaches it
QUIET_MODULES = 4  # the QR standard's quiet zone, kept inside the label (sleeves show art)
# Card codes are short (QR version 3 at level H), so the strongest level costs nothing: it
# repairs 30% of the symbol (glare on a sleeve, a thumb, a smudge, a fold).
CARD_EC = "H"
# A deck code is longer: take the strongest level whose modules stay at least this big.
DECK_EC_LEVELS = ("H", "Q", "M", "L")
MIN_MODULE_MM = 0.5
MIN_MODULE_PX = 3  # below this the printed module shape is mostly rounding
CUT_GAP_MM = 1.0  # cut marks stop short of the labels, so no mark shows on a cut label
CUT_LEN_MM = 4.5
SUFFIXES = (".png", ".pdf")
# Pages are held in memory until all are written: 50 pages at 600 dpi are about 220 MB.
MAX_LABELS = 450
MAX_DECK_BYTES = 64 * 1024
MAX_DECK_LINES = 200  # cards listed in a .deck file (a deck has 60)
MAX_DECK_NAME = 50  # characters of a deck's name (a deck code holds 50 bytes of it)
MAX_ID_CHARS = 40

Progress = Callable[[int, int], None]


class SheetError(ValueError):
    """A sheet that cannot be made as asked; the message says what is wrong and what to do."""


def mm_to_px(mm: float, dpi: int) -> int:
    return round(mm * dpi / MM_PER_INCH)


# ---------------------------------------------------------------------------------- labels


@dataclass(frozen=True)
class Label:
    """What one label shows: a code, a title, a line under it, a copy count and small print."""

    code: str
    title: str
    subtitle: str
    count: int = 1
    note: str = ""
    kind: str = "card"  # "card" or "deck"


# ID*N as in the codes themselves; ID:N too, which a shell never expands as a pattern.
_CARD_ITEM = re.compile(r"(?P<id>[^*:\s]+)(?:[*:](?P<count>\S*))?")


def parse_cards_arg(text: str) -> list[tuple[str, int]]:
    """``ID,ID*3,ID:2...`` -> [(id, copies)] in order (ids not checked against the catalog)."""
    entries: list[tuple[str, int]] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        if len(entries) >= MAX_LABELS:
            raise SheetError(f"--cards lists more than {MAX_LABELS} cards; at most "
                             f"{MAX_LABELS} labels fit one sheet")
        m = _CARD_ITEM.fullmatch(item)
        if not m or len(m.group("id")) > MAX_ID_CHARS:
            raise SheetError(f"{_shown(item)!r} is not a card id (like ecard1-33), ID*COUNT or "
                             "ID:COUNT")
        count = 1
        if m.group("count") is not None:
            count = _copies(m.group("count"), f"the copy count of {m.group('id')}")
        entries.append((m.group("id"), count))
    if not entries:
        raise SheetError("--cards lists no cards (give ids separated by commas: "
                         "ecard1-1,ecard1-25*3)")
    return entries


def _copies(text: str, what: str) -> int:
    # Digits only, and a bounded number of them: int() of thousands of digits is refused
    # by Python itself (and "²" counts as a digit for str.isdigit).
    if not re.fullmatch(r"[0-9]+", text):
        raise SheetError(f"{what} must be a whole number from 1 to {MAX_COPIES}, not "
                         f"{_shown(text)!r}")
    digits = text.lstrip("0") or "0"
    if len(digits) > 3 or not 1 <= int(digits) <= MAX_COPIES:
        raise SheetError(f"{what} must be from 1 to {MAX_COPIES}, not {_shown(digits, 12)}")
    return int(digits)


def resolve_cards(entries: Sequence[tuple[str, int]], catalog: Catalog) -> list[tuple[str, int]]:
    """Catalog ids for the entries (an id or the set and printed number, ``ecard2-H12``,
    in any case), repeated cards merged in order."""
    merged: dict[str, int] = {}
    unknown: list[str] = []
    for cid, count in entries:
        real = catalog.resolve(cid)
        if real is None:
            unknown.append(cid)
            continue
        merged[real] = merged.get(real, 0) + count
    if unknown:
        by_folded = {cid.casefold(): cid for cid in catalog.cards}
        hints = []
        for cid in unknown[:5]:
            close = difflib.get_close_matches(cid.casefold()[:40], by_folded, n=1, cutoff=0.8)
            hints.append(f"{_shown(cid)} (did you mean {by_folded[close[0]]}?)" if close
                         else _shown(cid))
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise SheetError(f"no such card in this game's sets: {', '.join(hints)}{more}")
    for cid, count in merged.items():
        if count > MAX_COPIES:
            raise SheetError(f"{cid} is asked {count} times; a card code carries at most "
                             f"{MAX_COPIES} copies")
    return list(merged.items())


def _shown(text: str, limit: int = 60) -> str:
    """Text from outside, as one short printable piece of a message."""
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    text = text if text.isprintable() else repr(text)[1:-1]
    return text if len(text) <= limit else text[:limit] + "..."


def read_deck(name_or_path: str) -> tuple[str, list[tuple[str, int]]]:
    """A deck's name and its ``(id, copies)`` entries, from a ready-made deck name
    (``assets/decks/NAME.deck``) or a ``.deck`` file: ``COUNT ID [name]`` lines, ``#``
    comments. The name is the first comment's text before `` -- `` (or the file's name).
    The file is hostile until read: a regular file of at most :data:`MAX_DECK_BYTES`,
    UTF-8, at most :data:`MAX_DECK_LINES` cards (SheetError saying which line is wrong)."""
    path = Path(name_or_path)
    decks = assets_dir() / "decks"
    if not path.suffix and len(path.parts) == 1:
        path = decks / f"{name_or_path}.deck"
    shown = _shown(str(path))
    try:
        data = read_file_bytes(path, MAX_DECK_BYTES, "a deck")
    except ImageFileError as exc:
        if str(exc) != "no such file":
            raise SheetError(f"cannot read the deck {shown!r}: {exc}") from None
        try:
            known = ", ".join(sorted(p.stem for p in decks.glob("*.deck"))) or "none found"
        except OSError:
            known = "none found"
        raise SheetError(f"no deck {_shown(name_or_path)!r}: give a .deck file or one of: "
                         f"{known}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SheetError(f"cannot read the deck {shown!r}: it is not UTF-8 text (byte "
                         f"{exc.start})") from None
    name = ""
    entries: list[tuple[str, int]] = []
    where = _shown(path.name)
    for lineno, raw in enumerate(text.splitlines(), 1):
        line, _, comment = raw.partition("#")
        if not name and not entries and comment.strip():
            name = comment.split(" -- ", 1)[0].strip()[:MAX_DECK_NAME]
        parts = line.split()
        if not parts:
            continue
        if len(parts) < 2:
            raise SheetError(f"{where}, line {lineno}: expected 'COUNT CARD-ID [name]', "
                             f"got {_shown(raw.strip())!r}")
        if len(entries) >= MAX_DECK_LINES:
            raise SheetError(f"{where}, line {lineno}: more than {MAX_DECK_LINES} cards listed")
        if len(parts[1]) > MAX_ID_CHARS:
            raise SheetError(f"{where}, line {lineno}: {_shown(parts[1])!r} is not a card id "
                             "(too long)")
        entries.append((parts[1], _copies(parts[0], f"{where}, line {lineno}: the count")))
    if not entries:
        raise SheetError(f"the deck {shown!r} lists no cards")
    return name or path.stem.replace("_", " ").title(), entries


def card_labels(entries: Sequence[tuple[str, int]], catalog: Catalog) -> list[Label]:
    """One label per entry; the ids must be the catalog's (see :func:`resolve_cards`)."""
    labels = []
    for cid, count in entries:
        info = catalog.get(cid)
        if info is None:
            raise SheetError(f"no such card in this game's sets: {cid}")
        try:
            code = encode_card(cid, count)
        except CodeError as exc:
            raise SheetError(f"{cid} cannot be put in a card code: {exc}") from None
        labels.append(Label(code, info.name, f"{info.set_name} - {info.set_abbr} {info.number}",
                            count, code))
    return labels


def deck_label(name: str, entries: Sequence[tuple[str, int]]) -> Label:
    """The label whose code carries the whole deck list (at most 60 cards)."""
    cards = [cid for cid, n in entries for _ in range(n)]
    try:
        code = encode_deck(name, cards)
    except CodeError as exc:
        raise SheetError(f"no deck code for this list: {exc}") from None
    return Label(code, name or "Deck", f"deck code - {len(cards)} cards, {len(entries)} different",
                 1, "scan to load the whole deck list", kind="deck")


# ---------------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Layout:
    """Where labels go on a page, in pixels at ``dpi``."""

    paper: str
    dpi: int
    page: tuple[int, int]
    label: tuple[int, int]
    cols: int
    rows: int
    origin: tuple[int, int]  # top-left corner of the first label

    @classmethod
    def for_paper(cls, paper: str, dpi: int) -> Layout:
        if paper not in PAPERS:
            raise SheetError(f"unknown paper {paper!r} (one of: {', '.join(PAPERS)})")
        pw_mm, ph_mm = PAPERS[paper]
        cols = int((pw_mm - 2 * EDGE_MM) // LABEL_MM[0])
        rows = int((ph_mm - 2 * EDGE_MM) // LABEL_MM[1])
        page = (mm_to_px(pw_mm, dpi), mm_to_px(ph_mm, dpi))
        label = (mm_to_px(LABEL_MM[0], dpi), mm_to_px(LABEL_MM[1], dpi))
        origin = ((page[0] - cols * label[0]) // 2, (page[1] - rows * label[1]) // 2)
        return cls(paper, dpi, page, label, cols, rows, origin)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def box(self, slot: int) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) of the label in slot ``slot`` (0-based, row by row)."""
        row, col = divmod(slot % self.per_page, self.cols)
        x0 = self.origin[0] + col * self.label[0]
        y0 = self.origin[1] + row * self.label[1]
        return x0, y0, x0 + self.label[0], y0 + self.label[1]

    def pages_for(self, n_labels: int) -> int:
        return max(1, math.ceil(n_labels / self.per_page))


# ------------------------------------------------------------------------------- rendering


def qr_modules(text: str, ec_level: str) -> np.ndarray:
    """The QR symbol of ``text`` as a boolean array, one cell per module (True: dark),
    without its quiet zone. zxing-cpp picks the alphanumeric mode our alphabet allows."""
    barcode = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level=ec_level)
    image = np.asarray(barcode.to_image(scale=1, add_quiet_zones=False))
    return image < 128


def qr_image(label: Label, side_px: int, dpi: int) -> Image.Image:
    """The label's QR code with its quiet zone, at most ``side_px`` square, each module a
    whole number of pixels (scaling by a fraction would blur module edges in print)."""
    levels = (CARD_EC,) if label.kind == "card" else DECK_EC_LEVELS
    for level in levels:
        modules = qr_modules(label.code, level)
        total = modules.shape[0] + 2 * QUIET_MODULES
        px = side_px // total
        if px >= MIN_MODULE_PX and px * MM_PER_INCH / dpi >= MIN_MODULE_MM:
            break
    else:
        raise SheetError(f"the code of {label.title!r} is too long to print legibly on one "
                         f"label ({len(label.code)} characters)")
    pixels = np.where(modules, 0, 255).astype(np.uint8)
    pixels = np.repeat(np.repeat(pixels, px, axis=0), px, axis=1)
    pad = QUIET_MODULES * px
    return Image.fromarray(np.pad(pixels, pad, constant_values=255))


@functools.lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size)


@functools.lru_cache(maxsize=512)
def _has_glyph(char: str) -> bool:
    # Pillow's default font (Aileron) covers ASCII only: a missing glyph draws as a box,
    # the same box as a character no font has.
    font = _font(40)
    return bytes(font.getmask(char)) != bytes(font.getmask("\uffff")) or char == " "


_SUBSTITUTES = {"♂": " M", "♀": " F", "×": "x", "–": "-", "—": "-", "é": "e", "É": "E"}


def printable(text: str) -> str:
    """``text`` with every character the default font lacks replaced by a near one
    (accents dropped, Nidoran♂ -> Nidoran M), so no label shows an empty box."""
    out = []
    for char in text:
        if _has_glyph(char):
            out.append(char)
            continue
        sub = _SUBSTITUTES.get(char)
        if sub is None:
            folded = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            sub = folded if folded and all(_has_glyph(c) for c in folded) else "?"
        out.append(sub)
    return "".join(out)


def _wrap(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: int,
          max_lines: int) -> list[str] | None:
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > max_lines or any(font.getlength(line) > width for line in lines):
        return None
    return lines


def _fit(text: str, width: int, size: int, least: int,
         max_lines: int = 1) -> tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, list[str]]:
    """The largest font from ``size`` down to ``least`` that fits ``text`` in ``width`` on at
    most ``max_lines`` lines; failing that, the text cut short with an ellipsis."""
    text = printable(text)
    for lines_allowed in range(1, max_lines + 1):
        s = size
        while s >= least:
            font = _font(s)
            lines = _wrap(text, font, width, lines_allowed)
            if lines:
                return font, lines
            s = max(least, int(s * 0.92)) if s > least else least - 1
    font = _font(least)
    cut = text
    while cut and font.getlength(cut + "...") > width:
        cut = cut[:-1]
    return font, [cut.rstrip() + "..."]


def render_label(label: Label, layout: Layout) -> Image.Image:
    """One label, grayscale, ``layout.label`` pixels."""
    dpi = layout.dpi
    width, height = layout.label
    pad = mm_to_px(PAD_MM, dpi)
    image = Image.new("L", (width, height), 255)
    qr = qr_image(label, width - 2 * pad, dpi)
    image.paste(qr, ((width - qr.width) // 2, pad))
    draw = ImageDraw.Draw(image)
    cx = width // 2
    text_w = width - 2 * pad
    y = pad + qr.height + mm_to_px(0.5, dpi)

    def line(text: str, size_mm: float, least_mm: float, max_lines: int = 1,
             stroke: int = 0) -> None:
        nonlocal y
        font, lines = _fit(text, text_w, mm_to_px(size_mm, dpi), mm_to_px(least_mm, dpi),
                           max_lines)
        step = round(font.size * 1.18) if isinstance(font, ImageFont.FreeTypeFont) else 12
        for text_line in lines:
            draw.text((cx, y), text_line, font=font, fill=0, anchor="ma", stroke_width=stroke,
                      stroke_fill=0)
            y += step

    # Bold by stroking: the default font has no bold face.
    line(label.title, 4.6, 2.8, max_lines=2, stroke=max(1, dpi // 300))
    y += mm_to_px(0.6, dpi)
    line(label.subtitle, 3.0, 2.0)
    if label.count > 1:
        y += mm_to_px(0.6, dpi)
        line(f"{label.count} copies", 4.2, 3.0, stroke=max(1, dpi // 300))
    if label.note:
        font, lines = _fit(label.note, text_w, mm_to_px(2.2, dpi), mm_to_px(1.6, dpi))
        draw.text((cx, height - pad), lines[0], font=font, fill=0, anchor="md")
    return image


def _dotted(draw: ImageDraw.ImageDraw, start: tuple[int, int], end: tuple[int, int],
            step: int) -> None:
    # A dotted hairline prints light: a guide for scissors that does not compete with the code.
    (x0, y0), (x1, y1) = start, end
    if x0 == x1:
        for y in range(y0, y1 + 1, step):
            draw.point((x0, y), fill=0)
    else:
        for x in range(x0, x1 + 1, step):
            draw.point((x, y0), fill=0)


def _decorate(page: Image.Image, layout: Layout, number: int, pages: int) -> None:
    """Cut marks, guide lines and the footer on a page whose labels are pasted."""
    draw = ImageDraw.Draw(page)
    dpi = layout.dpi
    (ox, oy), (lw, lh) = layout.origin, layout.label
    right, bottom = ox + layout.cols * lw, oy + layout.rows * lh
    gap, length = mm_to_px(CUT_GAP_MM, dpi), mm_to_px(CUT_LEN_MM, dpi)
    thick = max(2, mm_to_px(0.2, dpi))
    xs = [ox + c * lw for c in range(layout.cols + 1)]
    ys = [oy + r * lh for r in range(layout.rows + 1)]
    step = max(3, mm_to_px(0.6, dpi))
    for x in xs:
        xx = min(x, right - 1)  # the last line is the last label's own last column
        _dotted(draw, (xx, oy), (xx, bottom - 1), step)
        draw.rectangle((xx - thick // 2, oy - gap - length, xx - thick // 2 + thick - 1,
                        oy - gap), fill=0)
        draw.rectangle((xx - thick // 2, bottom + gap, xx - thick // 2 + thick - 1,
                        bottom + gap + length), fill=0)
    for y in ys:
        yy = min(y, bottom - 1)
        _dotted(draw, (ox, yy), (right - 1, yy), step)
        draw.rectangle((ox - gap - length, yy - thick // 2, ox - gap,
                        yy - thick // 2 + thick - 1), fill=0)
        draw.rectangle((right + gap, yy - thick // 2, right + gap + length,
                        yy - thick // 2 + thick - 1), fill=0)
    # The footer sits mid-margin under the middle label, between two cut marks, well in from
    # the page's edge (Letter leaves a 7.7 mm margin).
    footer = (f"page {number}/{pages} - print at 100% (actual size): labels "
              f"{LABEL_MM[0]:g} x {LABEL_MM[1]:g} mm")
    font, lines = _fit(footer, lw - 2 * gap - thick, mm_to_px(2.2, dpi), mm_to_px(1.4, dpi))
    draw.text((ox + lw * layout.cols // 2, bottom + (layout.page[1] - bottom) // 2), lines[0],
              font=font, fill=0, anchor="mm")


def render_pages(labels: Sequence[Label], paper: str = "a4", dpi: int = MIN_DPI,
                 progress: Progress | None = None) -> list[Image.Image]:
    """The sheet's pages as 1-bit images (pure black on white: no grey for a printer to
    dither into a QR code's edges). ``progress(done, total)`` is called after each page."""
    if not labels:
        raise SheetError("no labels to print")
    check_dpi(dpi)
    layout = Layout.for_paper(paper, dpi)
    total = layout.pages_for(len(labels))
    pages = []
    for number in range(total):
        page = Image.new("L", layout.page, 255)
        chunk = labels[number * layout.per_page:(number + 1) * layout.per_page]
        for slot, label in enumerate(chunk):
            x0, y0, _, _ = layout.box(slot)
            page.paste(render_label(label, layout), (x0, y0))
        _decorate(page, layout, number + 1, total)
        pages.append(page.point(lambda v: 255 if v >= 128 else 0).convert("1"))
        if progress:
            progress(number + 1, total)
    return pages


def check_dpi(dpi: int) -> None:
    if dpi < MIN_DPI:
        raise SheetError(f"--dpi {dpi} is too low: print codes at {MIN_DPI} dpi or more "
                         "(coarser prints blur the modules' edges)")
    if dpi > MAX_DPI:
        raise SheetError(f"--dpi {dpi} is too high: at most {MAX_DPI} (pages are made in "
                         "memory; no printer resolves more detail than a QR code needs)")


# --------------------------------------------------------------------------------- output


def check_output(out: Path) -> None:
    """Refuse, before anything is rendered, an output that cannot be written."""
    try:
        _check_output(out)
    except OSError as exc:  # a name too long, a loop of links, a folder one cannot search
        raise SheetError(f"cannot write {_shown(str(out))!r}: "
                         f"{exc.strerror or exc}") from None


def _check_output(out: Path) -> None:
    suffix = out.suffix.lower()
    if suffix not in SUFFIXES:
        raise SheetError(f"cannot write {out.name!r}: the output must end in .png or .pdf"
                         + (f", not {out.suffix}" if out.suffix else ""))
    parent = out.parent
    if not parent.exists():
        raise SheetError(f"cannot write {str(out)!r}: the folder {str(parent)!r} does not exist")
    if not parent.is_dir():
        raise SheetError(f"cannot write {str(out)!r}: {str(parent)!r} is not a folder")
    if out.is_dir():
        raise SheetError(f"cannot write {str(out)!r}: it is a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise SheetError(f"cannot write {str(out)!r}: the folder {str(parent)!r} is not "
                         "writable")
    if out.exists() and not out.is_file():
        raise SheetError(f"cannot write {str(out)!r}: it is not a regular file (a pipe, a "
                         "device...)")
    if out.exists() and not os.access(out, os.W_OK):
        raise SheetError(f"cannot write {str(out)!r}: the file is read-only")


def output_paths(out: Path, pages: int) -> list[Path]:
    """Where the pages go: ``out`` for a PDF; ``sheet.png``, ``sheet-2.png``... for PNGs."""
    if out.suffix.lower() == ".pdf" or pages == 1:
        return [out]
    return [out] + [out.with_name(f"{out.stem}-{n}{out.suffix}") for n in range(2, pages + 1)]


def write_pages(pages: Sequence[Image.Image], out: Path, dpi: int) -> list[Path]:
    """Write the pages; every file appears only once all are written (temporary files
    renamed at the end), so a failure leaves nothing behind."""
    check_output(out)
    targets = output_paths(out, len(pages))
    for target in targets[1:]:
        check_output(target)
    temps = [t.with_name(f".{t.name}.{os.getpid()}.tmp") for t in targets]
    try:
        if out.suffix.lower() == ".pdf":
            # 1-bit pages go into the PDF losslessly (CCITT G4) where Pillow has libtiff, and
            # as JPEG otherwise, where a high quality keeps the modules' edges sharp.
            lossy = {} if features.check("libtiff") else {"quality": 95}
            pages[0].save(temps[0], "PDF", save_all=True, append_images=list(pages[1:]),
                          resolution=float(dpi), title="Pocket TCG card codes", **lossy)
        else:
            for page, temp in zip(pages, temps, strict=True):
                page.save(temp, "PNG", dpi=(dpi, dpi))
        for temp, target in zip(temps, targets, strict=True):
            os.replace(temp, target)
    except (OSError, ValueError) as exc:
        for temp in temps:
            temp.unlink(missing_ok=True)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise SheetError(f"cannot write {str(out)!r}: {reason}") from None
    return targets


# ------------------------------------------------------------------------------------ CLI


def add_sheet_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--cards", metavar="ID,ID,...",
                      help="card ids separated by commas; ID:N (or ID*N) for a code of N "
                           "copies (ecard1-1,ecard1-25:3)")
    what.add_argument("--deck", metavar="NAME_OR_PATH",
                      help="a ready-made deck (blazing_quake...) or a .deck file "
                           "('COUNT ID [name]' lines): one label per card, with its count")
    parser.add_argument("--out", required=True, type=Path, metavar="PATH",
                        help="sheet.png (more pages: sheet-2.png...) or sheet.pdf")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4",
                        help="page size (default a4)")
    parser.add_argument("--dpi", type=_dpi, default=MIN_DPI,
                        help=f"print resolution, {MIN_DPI} to {MAX_DPI} (default {MIN_DPI})")
    parser.add_argument("--deck-code", action="store_true",
                        help="add a label whose code carries the whole list (at most "
                             f"{DECK_MAX} cards)")
    parser.add_argument("--each-copy", action="store_true",
                        help="one label per copy (a code of 1 copy each), to sleeve every card")


def _dpi(text: str) -> int:
    """``--dpi``: a whole number of at most a few digits (the range is checked later, with a
    message saying why)."""
    text = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise argparse.ArgumentTypeError(f"must be a whole number from {MIN_DPI} to {MAX_DPI}, "
                                         f"not {_shown(text, 20)!r}")
    if len(text.lstrip("+-0")) > 6:
        raise argparse.ArgumentTypeError(f"must be from {MIN_DPI} to {MAX_DPI}, not "
                                         f"{_shown(text, 12)}")
    return int(text)


def add_sheet_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``sheet`` subcommand to a CLI (``python -m scanner sheet``)."""
    parser = subparsers.add_parser(
        "sheet", help="print sheets of card codes (PNG or PDF)",
        description="Lay out card-code labels at real card size (63 x 88 mm) with cut marks, "
                    "to print at actual size, cut and slide into sleeves. "
                    "See docs/CARD_CODES.md.")
    add_sheet_arguments(parser)
    parser.set_defaults(func=run_sheet)


def _report(done: int, total: int) -> None:
    print(f"sheet: page {done}/{total} drawn", file=sys.stderr, flush=True)


def run_sheet(args: argparse.Namespace) -> int:
    """Make the sheet ``args`` asks for; 0 when written, 2 (nothing written) on bad input."""
    try:
        dpi = getattr(args, "dpi", MIN_DPI)
        paper = getattr(args, "paper", "a4")
        check_dpi(dpi)
        out = Path(args.out)
        check_output(out)
        try:
            catalog = Catalog.from_assets()
        except CatalogError as exc:
            raise SheetError(str(exc)) from None
        if getattr(args, "deck", None) is not None:
            name, raw = read_deck(args.deck)
        else:
            name, raw = "", parse_cards_arg(args.cards)
        entries = resolve_cards(raw, catalog)
        labels = []
        if getattr(args, "deck_code", False):
            labels.append(deck_label(name, entries))
        per_label = [(cid, 1) for cid, n in entries for _ in range(n)] \
            if getattr(args, "each_copy", False) else entries
        if len(labels) + len(per_label) > MAX_LABELS:
            raise SheetError(f"{len(labels) + len(per_label)} labels asked; at most "
                             f"{MAX_LABELS} ({MAX_LABELS // 9} pages) in one sheet: split "
                             "the list")
        labels += card_labels(per_label, catalog)
        layout = Layout.for_paper(paper, dpi)
        print(f"sheet: {len(labels)} labels on {layout.pages_for(len(labels))} "
              f"{'A4' if paper == 'a4' else 'Letter'} page(s) at {dpi} dpi",
              file=sys.stderr, flush=True)
        pages = render_pages(labels, paper, dpi, progress=_report)
        print(f"sheet: writing {out}", file=sys.stderr, flush=True)
        written = write_pages(pages, out, dpi)
    except SheetError as exc:
        print(f"sheet: error: {exc}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scanner.sheet",
        description="Print sheets of card codes at real card size (see docs/CARD_CODES.md).")
    add_sheet_arguments(parser)
    return run_sheet(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
