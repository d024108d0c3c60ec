"""Display: the 240x160 frame on a real panel, scaled by the largest integer that fits.

A panel has a size and a rotation (a 480x320 panel mounted upright in the case is
``rotation = 90``). The frame is rotated to the panel's orientation, scaled by the largest
whole factor that fits, centred, and the rest is black: pixels stay square and sharp.
:func:`fit` does the arithmetic (pure, tested for every supported panel); the backends
only blit:

* :class:`HeadlessDisplay`: no window (SDL's dummy driver); keeps the last panel image,
  for CI and the headless demo;
* :class:`WindowDisplay`: a desktop window the size of the panel;
* :class:`KmsdrmDisplay`: fullscreen on a Raspberry Pi without X (SDL's KMSDRM driver).

Backlight: a level from 0 to 1, written to ``/sys/class/backlight/*/brightness`` on a Pi
(:class:`SysfsBacklight`), remembered by the simulation; sleeping turns it off.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

NATIVE = (240, 160)

# Panels a builder is likely to use, and what each gives (docs/HARDWARE.md has the table).
PANELS: dict[str, tuple[int, int]] = {
    "320x240": (320, 240),
    "480x320": (480, 320),
    "640x480": (640, 480),
    "720x480": (720, 480),
    "800x480": (800, 480),
}


@dataclass(frozen=True)
class PanelConfig:
    width: int = 480
    height: int = 320
    rotation: int = 0  # degrees clockwise the frame is turned to match the panel

    def __post_init__(self) -> None:
        if self.rotation not in (0, 90, 180, 270):
            raise ValueError(f"panel rotation must be 0, 90, 180 or 270, not {self.rotation!r}")
        if self.width < 1 or self.height < 1:
            raise ValueError(f"panel size must be positive, not {self.width}x{self.height}")

    @classmethod
    def parse(cls, size: str, rotation: int = 0) -> PanelConfig:
        try:
            w, h = (int(v) for v in size.lower().split("x"))
        except ValueError:
            raise ValueError(f"panel size {size!r}: expected WIDTHxHEIGHT, e.g. 480x320") \
                from None
        return cls(w, h, rotation)


@dataclass(frozen=True)
class Layout:
    """Where the frame lands on the panel: the integer scale, and the rectangle (panel
    pixels) the scaled, rotated frame fills; the rest is black."""

    scale: int
    x: int
    y: int
    w: int
    h: int


class PanelTooSmall(ValueError):
    pass


def fit(panel: PanelConfig, native: tuple[int, int] = NATIVE) -> Layout:
    nw, nh = native
    if panel.rotation in (90, 270):
        nw, nh = nh, nw  # the frame is turned on its side
    scale = min(panel.width // nw, panel.height // nh)
    if scale < 1:
        raise PanelTooSmall(f"a {panel.width}x{panel.height} panel cannot show the "
                            f"{native[0]}x{native[1]} frame (rotation {panel.rotation})")
    w, h = nw * scale, nh * scale
    return Layout(scale, (panel.width - w) // 2, (panel.height - h) // 2, w, h)


# ------------------------------------------------------------------------ backlight


class SimBacklight:
    def __init__(self) -> None:
        self.level = 1.0

    def set(self, level: float) -> None:
        self.level = _check_level(level)


class SysfsBacklight:
    """``/sys/class/backlight/<name>/brightness`` (the first device unless named). Writing
    needs the right permissions; a failure is reported once and the game goes on."""

    def __init__(self, root: Path | str = "/sys/class/backlight", name: str | None = None
                 ) -> None:
        root = Path(root)
        devices = sorted(p for p in root.iterdir()) if root.is_dir() else []
        if name:
            devices = [p for p in devices if p.name == name]
        if not devices:
            raise FileNotFoundError(f"no backlight device under {root}"
                                    + (f" named {name!r}" if name else ""))
        self.device = devices[0]
        self.max = int((self.device / "max_brightness").read_text().strip() or "1")
        self.level = 1.0
        self.error: str | None = None

    def set(self, level: float) -> None:
        self.level = _check_level(level)
        try:
            (self.device / "brightness").write_text(str(round(self.level * self.max)))
        except OSError as exc:
            self.error = f"cannot set the backlight ({exc}); add the user to the video group"


def _check_level(level: float) -> float:
    if not 0.0 <= level <= 1.0:
        raise ValueError(f"backlight level must be between 0 and 1, not {level!r}")
    return float(level)


# ------------------------------------------------------------------------ displays


class _PanelDisplay:
    """What every backend shares: compose the frame onto a panel-sized surface."""

    kind = "panel"

    def __init__(self, panel: PanelConfig, backlight: Any = None) -> None:
        import pygame

        self.pygame = pygame
        self.panel = panel
        self.layout = fit(panel)
        self.backlight = backlight or SimBacklight()
        self.asleep = False
        self.frames = 0
        self.surface = pygame.Surface((panel.width, panel.height))

    def compose(self, frame: pygame.Surface) -> pygame.Surface:
        pg = self.pygame
        if frame.get_size() != NATIVE:
            raise ValueError(f"the frame must be {NATIVE[0]}x{NATIVE[1]}, not "
                             f"{frame.get_width()}x{frame.get_height()}")
        lay = self.layout
        img = frame
        if self.panel.rotation:
            # pygame rotates counter-clockwise; the panel's rotation is clockwise.
            img = pg.transform.rotate(img, -self.panel.rotation)
        if lay.scale != 1:
            img = pg.transform.scale(img, (lay.w, lay.h))
        self.surface.fill((0, 0, 0))
        if not self.asleep:
            self.surface.blit(img, (lay.x, lay.y))
        return self.surface

    def present(self, frame: pygame.Surface) -> None:
        self.compose(frame)
        self.frames += 1
        self._flip()

    def _flip(self) -> None:
        pass

    def set_backlight(self, level: float) -> None:
        self.backlight.set(level)

    def sleep(self) -> None:
        self.asleep = True
        self._saved_level = self.backlight.level
        self.backlight.set(0.0)

    def wake(self) -> None:
        if self.asleep:
            self.asleep = False
            self.backlight.set(getattr(self, "_saved_level", 1.0))

    def describe(self) -> str:
        lay = self.layout
        return (f"{self.kind} {self.panel.width}x{self.panel.height} rotation "
                f"{self.panel.rotation}: scale {lay.scale}, frame at ({lay.x}, {lay.y}) "
                f"{lay.w}x{lay.h}")

    def close(self) -> None:
        pass


class HeadlessDisplay(_PanelDisplay):
    """No window: the composed panel image stays in ``surface`` (and can be saved)."""

    kind = "headless"

    def __init__(self, panel: PanelConfig | None = None, backlight: Any = None) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        super().__init__(panel or PanelConfig(*NATIVE), backlight)

    def screenshot(self, path: Path | str) -> None:
        self.pygame.image.save(self.surface, str(path))


class WindowDisplay(_PanelDisplay):
    """A desktop window the size of the panel."""

    kind = "window"

    def __init__(self, panel: PanelConfig, backlight: Any = None,
                 title: str = "Pocket TCG") -> None:
        super().__init__(panel, backlight)
        pg = self.pygame
        pg.display.init()
        pg.display.set_caption(title)
        self.window = pg.display.set_mode((panel.width, panel.height))
        # Never trust the size set_mode returns: compose to our surface, then blit.

    def _flip(self) -> None:
        self.window.blit(self.surface, (0, 0))
        self.pygame.display.flip()

    def close(self) -> None:
        self.pygame.display.quit()


class KmsdrmDisplay(WindowDisplay):
    """Fullscreen on the Pi's panel through DRM/KMS, without X or Wayland: SDL's KMSDRM
    driver (the user needs the ``video`` and ``input`` groups; see docs/HARDWARE.md)."""

    kind = "kmsdrm"

    def __init__(self, panel: PanelConfig, backlight: Any = None) -> None:
        os.environ["SDL_VIDEODRIVER"] = "kmsdrm"
        import pygame

        pygame.display.init()
        info = pygame.display.Info()
        if (info.current_w, info.current_h) not in ((panel.width, panel.height),
                                                    (panel.height, panel.width), (-1, -1)):
            panel = PanelConfig(info.current_w, info.current_h, panel.rotation)
        _PanelDisplay.__init__(self, panel, backlight)
        self.window = pygame.display.set_mode((panel.width, panel.height), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
