"""The scan screen: the camera's picture, live, with every code it sees framed.

A code read in two frames in a row is accepted (the scanner's tracker), with the read
chirp, a white flash and a banner naming the card; it is not counted again while it stays
in view. A code that is not one of ours, or is damaged, is framed in red and its reason is
shown. Accepted cards wait in the session's basket: A opens the review (add to the
collection, add to a deck, save a scanned deck list, open a card's screens), B leaves
(asking first when scanned cards would be lost).

Frames are decoded only when the camera delivers a new one (15-30 a second): in a
background thread on a real board (a frame with no code costs the pipeline more than a
60 Hz frame has; see ``scanner.worker``), in the game loop on the headless board, so a
test is exact frame for frame. A recorded source (a clip, a folder of frames) plays once
at its frame rate on the board's clock (``Board.open_camera``), so the screen reads the
codes the command-line scanner reads from the same frames, and its end ends the scan.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...ereader.facts import set_info
from ...ereader.scan_session import ScanBasket
from ..marks import text_name
from ..palette import INK, MUTED, PAPER, WHITE
from ..scene import Scene
from ..text import fit, wrap
from ..widgets import window
from .common import hint_line, title_bar

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    import numpy as np
    import pygame

    from firmware_sim.camera import FrameSource
    from scanner.catalog import Catalog
    from scanner.reading import Reading
    from scanner.tracker import Seen
    from scanner.worker import BackgroundReader

    from ..app import Handheld
    from ..input import FrameInput

PREVIEW_TOP, PREVIEW_BOTTOM = 13, 150
GOOD = (88, 216, 104)
PENDING = (248, 208, 64)
BAD = (232, 72, 64)
STATUS_COLORS = {"accepted": GOOD, "pending": PENDING, "rejected": BAD}
BANNER_FRAMES = 150  # 2.5 s
FLASH_FRAMES = 10
REASON_FRAMES = 240  # 4 s


def card_label(app: Handheld, card_id: str) -> str:
    """ "Alakazam (EXP 1)" for a card id the assets know."""
    info = set_info(card_id)
    number = card_id.rpartition("-")[2]
    return f"{text_name(app.pool.get(card_id))} ({info.abbr if info else card_id} {number})"


@functools.lru_cache(maxsize=1)
def _catalog() -> Catalog:
    from scanner.catalog import Catalog

    return Catalog.from_assets()


@dataclass
class Banner:
    lines: tuple[str, ...]
    color: tuple[int, int, int]
    frames: int


class ScanScene(Scene):
    def __init__(self, app: Handheld, basket: ScanBasket | None = None, *,
                 threaded: bool | None = None) -> None:
        super().__init__(app)
        self.basket = basket or ScanBasket()
        # Decode in a background thread on a real board, so the game keeps 60 Hz; in the
        # game loop on the headless board, so a test or a replay is exact frame for frame.
        self.threaded = (not app.headless) if threaded is None else threaded
        self.reader: BackgroundReader | None = None
        self.camera: FrameSource | None = None
        self.problem: str | None = None  # why there is no picture
        self.preview: pygame.Surface | None = None
        self.preview_box = (0, PREVIEW_TOP, 240, PREVIEW_BOTTOM - PREVIEW_TOP)
        self.frame_size = (640, 480)
        self.codes: list[Seen] = []  # what is in view now, for the frames
        self.banner: Banner | None = None  # the last card read (bottom)
        self.refusal: Banner | None = None  # why the last bad code was refused (top)
        self.flash = 0
        self.frames_read = 0
        self.accepted = 0  # cards and deck codes accepted this session
        self.rejected = 0  # codes seen and refused (for the log: counts, never frames)
        self.asking_leave = False

    # ------------------------------------------------------------------ camera

    def enter(self) -> None:
        try:
            from scanner.catalog import CatalogError
            from scanner.pipeline import Pipeline
            from scanner.tracker import Tracker
        except Exception as exc:  # a broken OpenCV or numpy install: say so, play on
            log.exception("scanner: cannot load")
            self.problem = f"the scanner cannot load ({type(exc).__name__}: {exc})"
            return

        self.tracker = Tracker()
        try:
            self.pipeline = Pipeline(catalog=_catalog())
        except CatalogError as exc:  # a damaged install: say so, open no camera
            log.error("scanner: the card list cannot be read: %s", exc)
            self.camera = None
            self.problem = f"The card list cannot be read: {exc}"
            return
        if self.threaded:
            from scanner.worker import BackgroundReader

            self.reader = BackgroundReader(self.pipeline.read)
        self._open()

    def _open(self) -> None:
        from firmware_sim.camera import CameraUnavailable

        try:
            camera = self.app.board.open_camera()
            if self.threaded:  # a driver's read waits for the next frame: not in the loop
                from firmware_sim.camera import BackgroundCamera

                camera = BackgroundCamera(camera)
            self.camera = camera
            self.problem = None
            log.info("scanner: camera %s opened", type(camera).__name__)
        except CameraUnavailable as exc:
            log.warning("scanner: no camera: %s", exc)
            self.camera = None
            self.problem = str(exc)
        self.tracker.reset()

    def _close_camera(self) -> None:
        if self.camera is not None:
            self.camera.close()
            self.camera = None

    def exit(self) -> None:
        log.info("scanner: %d frames read, %d codes accepted, %d refused", self.frames_read,
                 self.accepted, self.rejected)
        self._close_camera()
        if self.reader is not None:
            self.reader.close()
            self.reader = None

    def resume(self, result: Any = None) -> None:
        leaving, self.asking_leave = self.asking_leave, False
        if result == "done" or (leaving and result is True):
            self.close()
            return
        if self.camera is None and self.problem is None:
            self._open()

    def on_shutdown(self, reason: str) -> None:
        self._close_camera()

    # ------------------------------------------------------------------ each frame

    def update(self, inp: FrameInput) -> None:
        self.flash = max(0, self.flash - 1)
        for name in ("banner", "refusal"):
            banner = getattr(self, name)
            if banner is not None:
                banner.frames -= 1
                if banner.frames <= 0:
                    setattr(self, name, None)
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            if self.basket:
                self.app.play("confirm")
                self._review()
            else:
                self.app.play("error")
        elif inp.pressed(Button.B):
            inp.consume(Button.B)
            self._leave()
        if self.camera is not None:
            self._read_camera()

    def _read_camera(self) -> None:
        from firmware_sim.camera import CameraUnavailable

        assert self.camera is not None
        try:
            frame = self.camera.read()
        except CameraUnavailable as exc:  # unplugged, or the clip cannot be read
            log.warning("scanner: the camera stopped: %s", exc)
            self._close_camera()
            self.problem = str(exc)
            return
        if frame is not None:
            self.frames_read += 1
            self._show(frame)
        if self.reader is not None:
            # The last result first: the reader takes a new frame only once it is collected.
            self._poll_reader()
            if frame is not None:
                self.reader.offer(frame)
        elif frame is not None:
            self._track(self.pipeline.read(frame))
        if frame is None and self.camera.ended:
            if self.reader is not None:
                if self.reader.busy:
                    return  # the clip's last frames are still being read: they count too
                self._poll_reader()
            self._close_camera()
            self.problem = "the camera's picture ended"

    def _poll_reader(self) -> None:
        assert self.reader is not None
        readings = self.reader.poll()
        if readings is not None:
            self._track(readings)

    def _track(self, readings: list[Reading]) -> None:
        """One decoded frame through the tracker: frames to draw, cards to add."""
        step = self.tracker.update(readings)
        self.codes = list(step.in_view)
        for reading in step.rejected:
            self._reject(reading)
        # Accepted last: a card read beside a bad code is what the banner should show.
        accepted = [lines for lines in map(self._accept, step.accepted) if lines]
        if accepted:
            if len(accepted) > 1:
                names = ", ".join(lines[0] for lines in accepted)
                self.banner = Banner((f"{len(accepted)} codes read", names), GOOD, BANNER_FRAMES)
            else:
                self.banner = Banner(accepted[0], GOOD, BANNER_FRAMES)
            self.flash = FLASH_FRAMES if self.app.settings.animations else 0
            self.app.play("scan")

    def _accept(self, reading: Reading) -> tuple[str, ...]:
        """Put an accepted code's cards in the basket; the banner's lines for it."""
        from scanner.codes import CardCode

        parsed = reading.code
        app = self.app
        if parsed is not None:
            self.accepted += 1
        if isinstance(parsed, CardCode):
            self.basket.add_card(parsed.card_id, parsed.count)
            copies = f" x{parsed.count}" if parsed.count > 1 else ""
            return (card_label(app, parsed.card_id) + copies,
                    app.pool.get(parsed.card_id).kind_name)
        if parsed is not None:
            self.basket.add_deck(parsed.name, parsed.entries)
            return (f"Deck: {parsed.name}", f"{parsed.size} cards, {len(parsed.entries)} kinds")
        return ()

    def _reject(self, reading: Reading) -> None:
        self.rejected += 1
        log.debug("scanner: a code refused: %s", reading.reason or "unreadable")
        self.refusal = Banner(("Cannot use this code:", reading.reason or "unreadable"), BAD,
                              REASON_FRAMES)
        self.app.play("error")

    def _show(self, frame: np.ndarray) -> None:
        import cv2
        import pygame

        h, w = frame.shape[:2]
        self.frame_size = (w, h)
        box_h = PREVIEW_BOTTOM - PREVIEW_TOP
        scale = min(240 / w, box_h / h)
        pw, ph = max(1, round(w * scale)), max(1, round(h * scale))
        small = cv2.resize(frame, (pw, ph), interpolation=cv2.INTER_AREA)
        rgb = cv2.cvtColor(small, cv2.COLOR_BGR2RGB)
        self.preview = pygame.image.frombuffer(rgb.tobytes(), (pw, ph), "RGB").copy()
        self.preview_box = ((240 - pw) // 2, PREVIEW_TOP + (box_h - ph) // 2, pw, ph)

    # ------------------------------------------------------------------ leaving

    def _review(self) -> None:
        from .scan_review import ScanReviewScene

        self._close_camera()
        self.push(ScanReviewScene(self.app, self.basket))

    def _leave(self) -> None:
        if self.basket.collected:
            self.app.play("back")
            self.close()
            return
        from .common import ConfirmScene

        n = sum(self.basket.uncollected.values())
        self.asking_leave = True
        self.push(ConfirmScene(
            self.app, f"Leave scanning? {n} scanned card{'s are' if n != 1 else ' is'} not "
            "in the collection yet.", yes="Leave", no="Keep scanning"))

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        import pygame

        app = self.app
        surface.fill((16, 16, 24))
        title_bar(app, surface, "Scan cards", f"{self.basket.copies} scanned")
        x, y, w, h = self.preview_box
        if self.preview is not None:
            surface.blit(self.preview, (x, y))
            sx, sy = w / self.frame_size[0], h / self.frame_size[1]
            for seen in self.codes:
                color = STATUS_COLORS[seen.status]
                points = [(x + px * sx, y + py * sy) for px, py in seen.reading.detection.corners]
                pygame.draw.polygon(surface, color, points, 2)
        if self.problem is not None:
            self._draw_problem(surface)
        elif self.preview is None:
            app.text.draw(surface, "Starting the camera...", 60, 70, WHITE)
        if self.flash:
            veil = pygame.Surface((240, 160))
            veil.fill(WHITE)
            veil.set_alpha(int(255 * self.flash / FLASH_FRAMES))
            surface.blit(veil, (0, 0))
        if self.banner is not None:
            self._draw_banner(surface, self.banner, bottom=148)
        if self.refusal is not None:
            self._draw_banner(surface, self.refusal, top=15)
        hint = "A: review  B: back" if self.basket else "Hold a card code up  B: back"
        hint_line(app, surface, hint)

    def _draw_banner(self, surface: pygame.Surface, banner: Banner, *, top: int | None = None,
                     bottom: int = 148) -> None:
        """A white box with the banner's colour on its left edge, at ``top`` or above
        ``bottom``."""
        app = self.app
        lines = [fit(app.text.font, line, 216) for line in banner.lines[:1]]
        lines += wrap(app.text.font, " ".join(banner.lines[1:]), 216)[:2]
        step = app.text.font.line_height + 1
        h = 8 + step * len(lines)
        y = top if top is not None else bottom - h - 2
        window(surface, 6, y, 228, h, fill=WHITE)
        surface.fill(banner.color, (9, y + 3, 3, h - 6))
        for i, line in enumerate(lines):
            app.text.draw(surface, line, 15, y + 4 + i * step, INK if i == 0 else MUTED)

    def _draw_problem(self, surface: pygame.Surface) -> None:
        app = self.app
        window(surface, 10, 30, 220, 100, fill=PAPER)
        app.text.draw(surface, "No camera picture", 18, 36, INK)
        text = (self.problem or "")[:1].upper() + (self.problem or "")[1:]
        step = app.text.font.line_height + 1
        for i, line in enumerate(wrap(app.text.font, text, 204)[:82 // step]):
            app.text.draw(surface, line, 18, 48 + i * step, MUTED)
