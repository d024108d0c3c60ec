"""``python -m scanner``: read card codes from pictures or a camera, print code sheets.

Commands::

    python -m scanner decode IMAGE... [--json] [--backend pipeline|zxing|zbar|opencv|opencv-aruco]
    python -m scanner scan --source 0|video.mp4|frames/|SPEC [--json] [--no-preview]
    python -m scanner sheet --cards ecard1-1,ecard1-25:3 --out sheet.png
    python -m scanner backends [--json]

``decode`` prints, per image, every code found: its raw text, format, position (four
corners) and the step that read it, then the card (id, name, number, copies) or deck it
names, or the reason it is rejected. An image that cannot be read gets its own error line
(and the exit status 1) while the others are still reported.

``scan`` reads frames from a camera or a recording, through the camera interface of
``firmware_sim`` (``0`` is ``v4l2:0``; an existing file is ``file:PATH``, a folder
``dir:PATH``; any camera spec works, such as ``sim:frames/@15`` or ``picamera2``),
decodes each with the pipeline, and applies the tracker's rules (two consecutive frames,
once while in view). It prints a running count as cards are accepted, shows a preview
window with a frame around each code when there is a display (not with ``--no-preview``),
and stops at the end of a recording, after ``--max-frames``, at ``q`` in the preview, or
at Ctrl-C; then it prints a summary (JSON with ``--json``).

Exit status: 0 done; 1 an image, a camera or a backend could not be used (the message says
why); 2 a bad command line.

This module is the program that wires the scanner to the hardware seam: it is the only
part of ``scanner`` that imports ``firmware_sim`` (``firmware_sim.camera``, and only inside
the ``scan`` command). The decoders, the pipeline and the tracker import nothing of the
other packages (DESIGN.md).
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from . import DISTRIBUTION, version
from .catalog import Catalog, CatalogError
from .codes import CardCode, DeckCode
from .decoders import (
    BACKENDS,
    BackendUnavailable,
    BadImage,
    Decoder,
    Image,
    available_backends,
)
from .decoders import make_decoder as make_raw_decoder
from .images import ImageFileError, read_image_file
from .pipeline import Pipeline
from .reading import Reading, interpret
from .tracker import ACCEPTED, PENDING, Tracker

if TYPE_CHECKING:
    from firmware_sim.camera import FrameSource

PROG = "python -m scanner"
DECODERS = ("pipeline", *BACKENDS)
COLOURS = {ACCEPTED: (60, 200, 60), PENDING: (0, 200, 255), "rejected": (40, 40, 230)}


class CliError(Exception):
    """A failure to report in one line with exit status 1."""


def make_decoder(name: str, catalog: Catalog | None = None) -> Decoder:
    """``pipeline`` or a raw backend by name; raises BackendUnavailable or ValueError."""
    if name == "pipeline":
        return Pipeline(catalog=catalog)
    return make_raw_decoder(name)


def read_codes(decoder: Decoder, image: Image, catalog: Catalog) -> list[Reading]:
    if isinstance(decoder, Pipeline):
        return decoder.read(image)
    return interpret(decoder.decode(image), catalog)


def _open_decoder(name: str, catalog: Catalog) -> Decoder:
    try:
        decoder = make_decoder(name, catalog)
    except BackendUnavailable as exc:
        raise CliError(f"the {name} decoder cannot be used: {exc}") from None
    for note in getattr(decoder, "notes", []):
        print(f"scanner: note: {note}", file=sys.stderr)
    return decoder


# ---------------------------------------------------------------------------------- decode


def load_image(path: Path) -> Image:
    """An image file as a BGR frame; CliError saying exactly why not (see scanner.images:
    regular files only, bounded bytes and pixels, decoder failures caught)."""
    try:
        return read_image_file(path)
    except ImageFileError as exc:
        raise CliError(str(exc)) from None


def describe(reading: Reading, catalog: Catalog) -> str:
    """One line saying what a code is: the card, the deck, or why it is rejected."""
    code = reading.code
    if isinstance(code, CardCode):
        what = f"card {code.card_id} {catalog.label(code.card_id)} x{code.count}"
    elif isinstance(code, DeckCode):
        what = f"deck {code.name or '(no name)'!r}: {code.size} cards, {len(code.entries)} " \
               "different"
    else:
        what = ""
    if reading.reason:
        return f"rejected: {reading.reason}" + (f" ({what})" if what else "")
    return what


def _one_line(text: str, limit: int = 200) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return (lines[-1] if lines else "no reason given")[:limit]


def _shown(name: str) -> str:
    """A file name as one printable line (a name may hold newlines or escape codes)."""
    return name if name.isprintable() else repr(name)[1:-1]


def _point(p: tuple[float, float]) -> str:
    return f"({p[0]:.0f},{p[1]:.0f})"


def _load_catalog() -> Catalog:
    try:
        return Catalog.from_assets()
    except CatalogError as exc:
        raise CliError(f"the card catalog cannot be read: {exc}") from None


def run_decode(args: argparse.Namespace) -> int:
    try:
        catalog = _load_catalog()
        decoder = _open_decoder(args.backend, catalog)
    except CliError as exc:
        print(f"scanner: error: {exc}", file=sys.stderr)
        return 1
    results: list[dict[str, Any]] = []
    failed = 0
    for name in args.images:
        path = Path(name)
        # A name from the command line may hold bytes that are not UTF-8 (surrogates).
        entry: dict[str, Any] = {"image": name.encode("utf-8", "surrogateescape")
                                 .decode("utf-8", "replace")}
        try:
            image = load_image(path)
            start = time.perf_counter()
            readings = read_codes(decoder, image, catalog)
        except (CliError, BadImage) as exc:  # unreadable, or a picture of a few pixels
            error = str(exc)
        except cv2.error as exc:  # a decoder's own failure on this picture: the batch goes on
            error = f"the decoder failed on it ({_one_line(str(exc))})"
        except MemoryError:
            error = "there is not enough memory to read it"
        except Exception as exc:  # a decoder library's own error type: the batch goes on
            error = f"the decoder failed on it ({type(exc).__name__}: {_one_line(str(exc))})"
        else:
            error = ""
        if error:
            failed += 1
            entry["error"] = error
            results.append(entry)
            if not args.json:
                print(f"{_shown(name)}: error: {error}")
            continue
        entry["ms"] = round((time.perf_counter() - start) * 1000, 2)
        entry["size"] = [int(image.shape[1]), int(image.shape[0])]
        entry["codes"] = [r.as_dict(catalog) for r in readings]
        # Where the pipeline saw a symbol it could not read: said, never silently dropped.
        unread = len(decoder.last_unread) if isinstance(decoder, Pipeline) else None
        if unread is not None:
            entry["unread"] = unread
        results.append(entry)
        if not args.json:
            noun = "code" if len(readings) == 1 else "codes"
            print(f"{_shown(name)}: {len(readings)} {noun}")
            for r in readings:
                d = r.detection
                corners = " ".join(_point(p) for p in d.corners)
                print(f"  {d.text!r}  {d.format} at {corners}  [{d.backend}]")
                print(f"    {describe(r, catalog)}")
            if unread:
                print(f"  {unread} more {'code' if unread == 1 else 'codes'} seen but not read "
                      "(damaged, blurred or cut off)")
    if args.json:
        print(json.dumps({"backend": args.backend, "images": results}, indent=2,
                         ensure_ascii=False))
    if failed:
        print(f"scanner: {failed} of {len(args.images)} images could not be read",
              file=sys.stderr)
    return 1 if failed else 0


# ------------------------------------------------------------------------------------ scan


def source_spec(text: str) -> str:
    """A ``--source`` argument as a camera spec: ``0`` -> ``v4l2:0``, an existing file ->
    ``file:PATH``, a folder -> ``dir:PATH``; a spec ("sim:...", "picamera2") as it is."""
    text = text.strip()
    if not text:
        raise ValueError("the source is empty")
    if text.isascii() and text.isdigit():
        if len(text) > 3:
            raise ValueError(f"there is no camera number {text[:12]}...")
        return f"v4l2:{int(text)}"
    mode = _file_mode(text)
    if mode is not None:
        if stat.S_ISDIR(mode):
            return f"dir:{text}"
        if stat.S_ISREG(mode):
            return f"file:{text}"
        if stat.S_ISCHR(mode):
            return f"v4l2:{text}"
        _not_a_video(text)
    kind, colon, rest = text.partition(":")
    if kind.casefold() in ("v4l2", "picamera2", "file", "dir", "sim"):
        if colon and kind.casefold() in ("file", "dir", "sim"):
            named = rest.rpartition("@")[0] or rest if kind.casefold() == "sim" else rest
            mode = _file_mode(named)
            if mode is not None and not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                _not_a_video(named)
        return text
    raise ValueError(f"{_shown(text)[:200]!r} is not a camera number, an existing file or "
                     "folder, or a camera spec (v4l2:0, picamera2, file:PATH, dir:PATH, "
                     "sim:PATH@FPS)")


def _not_a_video(name: str) -> None:
    # A FIFO or a socket would block the video reader forever; a device is no video.
    raise ValueError(f"{_shown(name)[:200]!r} is not a video file or a folder of images")


def _file_mode(name: str) -> int | None:
    """The ``st_mode`` of an existing path (links followed), or None."""
    try:
        return os.stat(Path(name).expanduser()).st_mode
    except (OSError, RuntimeError, ValueError):  # missing, a name too long, "~nobody"
        return None


class Preview:
    """The preview window: firmware_sim's pygame window (the project's OpenCV has no GUI);
    ``None`` from :meth:`open` where there is no display."""

    def __init__(self, window: Any) -> None:
        self.window = window

    @classmethod
    def open(cls) -> Preview | None:
        from firmware_sim.preview import PreviewWindow  # the CLI wires in the hardware seam

        window = PreviewWindow.open()
        return cls(window) if window is not None else None

    def show(self, frame: Image, seen: Sequence[Any], status: str) -> bool:
        """Draws the frame with a coloured outline per code; False when the user quits."""
        shapes = [(s.reading.detection.corners,
                   COLOURS.get(s.status, (255, 255, 255))[::-1]) for s in seen]
        return bool(self.window.show(frame, shapes, status))

    def close(self) -> None:
        self.window.close()


class Tally:
    """What a scan accepted: copies per card, decks, rejected codes."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.cards: dict[str, dict[str, Any]] = {}
        self.decks: list[dict[str, Any]] = []
        self.rejected: list[dict[str, str]] = []
        self.accepted = 0

    def accept(self, reading: Reading) -> str:
        self.accepted += 1
        code = reading.code
        if isinstance(code, CardCode):
            info = self.catalog.get(code.card_id)
            entry = self.cards.setdefault(code.card_id, {
                "name": info.name if info else None,
                "number": info.number if info else code.number,
                "copies": 0, "scans": 0})
            entry["copies"] += code.count
            entry["scans"] += 1
            return f"+{code.count} {self.catalog.label(code.card_id)}"
        if isinstance(code, DeckCode):
            self.decks.append({"name": code.name, "size": code.size,
                               "cards": [[cid, n] for cid, n in code.entries]})
            return f"deck {code.name or '(no name)'!r} ({code.size} cards)"
        return reading.text

    def reject(self, reading: Reading) -> None:
        self.rejected.append({"text": reading.text, "reason": reading.reason})

    @property
    def copies(self) -> int:
        return sum(c["copies"] for c in self.cards.values())

    def line(self) -> str:
        per_card = ", ".join(f"{self.catalog.label(cid)} x{c['copies']}"
                             for cid, c in self.cards.items())
        decks = f", {len(self.decks)} deck(s)" if self.decks else ""
        return f"{self.copies} card(s){decks}" + (f": {per_card}" if per_card else "")


def open_source(spec: str) -> FrameSource:
    from firmware_sim.camera import open_camera  # the CLI alone wires in the hardware seam

    source = open_camera(spec)
    if getattr(source, "loop", False):
        # A folder of images loops by default, like a camera that keeps filming; a scan
        # reads it once and ends.
        source.loop = False  # type: ignore[attr-defined]
    return source


def run_scan(args: argparse.Namespace) -> int:
    from firmware_sim.camera import CameraUnavailable

    try:
        spec = source_spec(args.source)
    except ValueError as exc:
        print(f"{PROG} scan: error: argument --source: {exc}", file=sys.stderr)
        return 2
    try:
        catalog = _load_catalog()
        decoder = _open_decoder(args.backend, catalog)
        source = open_source(spec)
    except (CliError, CameraUnavailable, ValueError, TypeError, OSError, cv2.error) as exc:
        # The camera seam refuses a bad spec (sim:x@-1) with ValueError or TypeError.
        print(f"scanner: error: {_one_line(str(exc))}", file=sys.stderr)
        return 1
    tracker = Tracker(confirm=args.confirm, forget=args.forget)
    tally = Tally(catalog)
    try:
        preview = None if args.no_preview else Preview.open()
    except (OSError, RuntimeError, ImportError) as exc:  # a display that will not open
        print(f"scanner: note: no preview window ({_one_line(str(exc))})", file=sys.stderr)
        preview = None
    log = sys.stderr if args.json else sys.stdout
    frames = 0
    timings: list[float] = []
    interrupted = False
    error = ""
    try:
        with source:
            while args.max_frames is None or frames < args.max_frames:
                frame = source.read()
                if frame is None:
                    if source.ended:
                        break
                    time.sleep(0.005)  # a live or replayed camera with no new frame yet
                    continue
                frames += 1
                start = time.perf_counter()
                try:
                    readings = read_codes(decoder, frame, catalog)
                except (BadImage, cv2.error):
                    readings = []  # a frame too small or too large, or a decoder's failure
                timings.append((time.perf_counter() - start) * 1000)
                update = tracker.update(readings)
                for r in update.rejected:
                    tally.reject(r)
                    print(f"frame {frames}: rejected {r.text!r}: {r.reason}", file=log,
                          flush=True)
                for r in update.accepted:
                    what = tally.accept(r)
                    print(f"frame {frames}: accepted {what}; total {tally.line()}", file=log,
                          flush=True)
                if preview is not None and not preview.show(
                        frame, update.in_view, f"{tally.copies} card(s)"):
                    break
    except KeyboardInterrupt:
        interrupted = True
    except (CameraUnavailable, ValueError, OSError, cv2.error) as exc:
        # A source that stops or delivers something that is not a frame ends the scan.
        error = _one_line(str(exc)) or type(exc).__name__
    finally:
        if preview is not None:
            preview.close()
    summary: dict[str, Any] = {
        "source": source.name,
        "frames": frames,
        "accepted": tally.accepted,
        "copies": tally.copies,
        "cards": tally.cards,
        "decks": tally.decks,
        "rejected": tally.rejected,
        "ms_per_frame": {"median": round(float(np.median(timings)), 2) if timings else None,
                         "max": round(max(timings), 2) if timings else None},
        "ended": "interrupted" if interrupted else "error" if error else
                 "end of source" if getattr(source, "ended", False) else "stopped",
    }
    skipped = getattr(source, "skipped", [])
    if skipped:
        summary["skipped"] = [{"file": str(p), "reason": why} for p, why in skipped]
    if error:
        summary["error"] = error
        print(f"scanner: error: {error}", file=sys.stderr)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print(f"{frames} frame(s) from {source.name}; accepted {tally.accepted} code(s): "
              f"{tally.line()}")
        for rejected in tally.rejected:  # dicts, unlike the readings named r above
            print(f"  rejected {rejected['text']!r}: {rejected['reason']}")
    return 1 if error else 0


# -------------------------------------------------------------------------------- backends


def run_backends(args: argparse.Namespace) -> int:
    status = available_backends()
    try:
        pipeline = Pipeline()
        status["pipeline"] = ""
        pipe_uses = pipeline.backends
        notes = pipeline.notes
    except BackendUnavailable as exc:
        status["pipeline"] = str(exc)
        pipe_uses, notes = [], []
    if args.json:
        print(json.dumps({name: {"available": not why, **({"reason": why} if why else {})}
                          for name, why in status.items()} | {
                              "pipeline_uses": pipe_uses, "notes": notes}, indent=2))
    else:
        for name, why in status.items():
            extra = f" (uses {', '.join(pipe_uses)})" if name == "pipeline" and not why else ""
            print(f"{name}: {'available' + extra if not why else 'unavailable: ' + why}")
    return 0 if not status["pipeline"] else 1


# ------------------------------------------------------------------------------------ main


def _positive(text: str) -> int:
    text = text.strip()
    if not (text.isascii() and text.lstrip("+-").isdigit()):
        raise argparse.ArgumentTypeError(f"must be a whole number, not {_shown(text)[:40]!r}")
    if len(text.lstrip("+-0")) > 9:  # a billion frames is more than any scan
        raise argparse.ArgumentTypeError(f"must be at most 999999999, not {text[:12]}...")
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def build_parser(with_sheet: bool) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Read Pocket TCG card codes from pictures or a camera, and "
                               "print code sheets (see docs/CARD_CODES.md).")
    parser.add_argument("--version", action="version", version=f"{DISTRIBUTION} {version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    dec = sub.add_parser("decode", help="print every code in image files",
                         description="Print every code found in each image: raw text, "
                                     "format, position, and the card it names or why it "
                                     "is rejected.")
    dec.add_argument("images", nargs="+", metavar="IMAGE", help="image files (PNG, JPEG...)")
    dec.add_argument("--json", action="store_true", help="print JSON")
    dec.add_argument("--backend", choices=DECODERS, default="pipeline",
                     help="decoder (default: pipeline)")
    dec.set_defaults(func=run_decode)
    scan = sub.add_parser("scan", help="scan live from a camera, a video or a folder",
                          description="Scan codes from a camera or a recording with the "
                                      "two-frame rule, counting the cards accepted.")
    scan.add_argument("--source", required=True, metavar="SOURCE",
                      help="0 (camera /dev/video0), a video file, a folder of images, or a "
                           "camera spec (v4l2:1, picamera2, sim:frames/@15)")
    scan.add_argument("--json", action="store_true", help="print the summary as JSON "
                                                          "(the running count goes to stderr)")
    scan.add_argument("--no-preview", action="store_true", help="no preview window")
    scan.add_argument("--backend", choices=DECODERS, default="pipeline",
                      help="decoder (default: pipeline)")
    scan.add_argument("--max-frames", type=_positive, metavar="N",
                      help="stop after N frames (a live camera otherwise runs until Ctrl-C)")
    scan.add_argument("--confirm", type=_positive, default=2, metavar="N",
                      help="consecutive frames a code must be read in to count (default 2)")
    scan.add_argument("--forget", type=_positive, default=3, metavar="N",
                      help="frames a counted code must be gone before it counts again "
                           "(default 3)")
    scan.set_defaults(func=run_scan)
    if with_sheet:
        from .sheet import add_sheet_parser

        add_sheet_parser(sub)
    else:
        # Printing sheets needs Pillow and zxing-cpp's writer: imported only when asked for.
        sub.add_parser("sheet", help="print sheets of card codes (PNG or PDF); "
                                     f"{PROG} sheet --help")
    back = sub.add_parser("backends", help="list the decoder backends and whether they load")
    back.add_argument("--json", action="store_true", help="print JSON")
    back.set_defaults(func=run_backends)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(with_sheet=bool(args_list) and args_list[0] == "sheet")
    args = parser.parse_args(args_list)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
