"""Short sound effects, synthesised at start-up (no sound files, nobody else's sounds).

Each effect is a few square or sine tones with an envelope, in the spirit of a handheld's
sound chip: ``cursor`` (a tick), ``confirm`` (two rising notes), ``back`` (two falling),
``coin`` (a bright ringing ping), ``knockout`` (a falling sweep with noise), ``error`` (a
low buzz), ``turn`` (a short chime). Without an audio device (a headless board, CI) the
game runs silently; what would have played is still recorded in ``played`` for tests.
"""

from __future__ import annotations

from collections import deque
from typing import Any

RATE = 22050
# The effects' names, known without synthesising them: that needs numpy, which the title
# screen should not wait for when the board has no sound (a headless board, CI).
NAMES = ("cursor", "confirm", "back", "coin", "knockout", "error", "scan", "turn")


def _tone(freq: float, ms: float, *, wave: str = "square", volume: float = 0.4,
          decay: float = 6.0, sweep: float = 0.0) -> Any:
    import numpy as np

    n = int(RATE * ms / 1000)
    t = np.arange(n) / RATE
    f = freq * (1.0 + sweep * t / max(t[-1], 1e-9)) if n else freq
    phase = 2 * np.pi * np.cumsum(np.full(n, 1.0) * f) / RATE
    if wave == "square":
        w = np.sign(np.sin(phase))
    elif wave == "noise":
        w = np.random.default_rng(7).uniform(-1, 1, n)  # fixed seed: the same every start
    else:
        w = np.sin(phase)
    env = np.exp(-decay * t / max(ms / 1000, 1e-9)) * np.minimum(1.0, t * RATE / 40)
    return (w * env * volume).astype(np.float32)


def _concat(*parts: Any) -> Any:
    import numpy as np

    return np.concatenate(parts)


def _effects() -> dict[str, Any]:
    import numpy as np

    return {
        "cursor": _tone(1760, 28, volume=0.25, decay=5),
        "confirm": _concat(_tone(988, 55, volume=0.3), _tone(1319, 90, volume=0.3)),
        "back": _concat(_tone(988, 55, volume=0.3), _tone(740, 90, volume=0.3)),
        "coin": _concat(_tone(2637, 60, wave="sine", volume=0.45, decay=3),
                        _tone(3136, 260, wave="sine", volume=0.35, decay=5)),
        "knockout": _tone(660, 420, volume=0.35, decay=4, sweep=-0.7)
        + _concat(_tone(1, 420, wave="noise", volume=0.15, decay=7)),
        "error": _tone(110, 160, volume=0.3, decay=2),
        # The e-Reader's read chirp: three quick rising notes.
        "scan": _concat(_tone(1319, 40, volume=0.3), _tone(1760, 40, volume=0.3),
                        _tone(2637, 110, volume=0.3, decay=4)),
        "turn": _concat(_tone(1568, 70, wave="sine", volume=0.3),
                        _tone(2093, 120, wave="sine", volume=0.3)),
        "silence": np.zeros(10, dtype=np.float32),
    }


class Sounds:
    """The effects, at a volume from 0 (off) to 10."""

    def __init__(self, volume: int = 6, *, enabled: bool = True, later: bool = False) -> None:
        """``later``: synthesise the effects at :meth:`load_pending` (the app calls it once
        its first frame is on the screen, so the title does not wait for numpy and the
        mixer) or at the first :meth:`play`, whichever comes first."""
        self.volume = volume
        self.played: deque[str] = deque(maxlen=64)
        self.names = NAMES
        self._sounds: dict[str, Any] = {}
        self.error: str | None = None
        self.pending = enabled and later
        if enabled and not later:
            self._load()

    def load_pending(self) -> None:
        """Synthesise the effects now if they were left for later."""
        if self.pending:
            self.pending = False
            self._load()

    def _load(self) -> None:
        try:
            import numpy as np
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            mixer = pygame.mixer.get_init()
            if mixer is None:  # init returned yet the mixer is off: say so, play silently
                raise pygame.error("the mixer did not start")
            freq, _, channels = mixer
            for name, wave in _effects().items():
                if freq != RATE:  # resample crudely: the mixer chose another rate
                    idx = np.linspace(0, len(wave) - 1, int(len(wave) * freq / RATE))
                    wave = np.interp(idx, np.arange(len(wave)), wave)
                pcm = (np.clip(wave, -1, 1) * 32767).astype(np.int16)
                if channels == 2:
                    pcm = np.column_stack([pcm, pcm])
                self._sounds[name] = pygame.sndarray.make_sound(pcm)
        except Exception as exc:  # no audio device, no mixer: play silently
            self._sounds.clear()
            self.error = f"no sound ({exc})"

    def set_volume(self, volume: int) -> None:
        if not 0 <= volume <= 10:
            raise ValueError(f"volume must be 0-10, not {volume!r}")
        self.volume = volume

    def play(self, name: str) -> None:
        if name not in self.names:
            raise KeyError(f"no sound effect called {name!r}")
        self.played.append(name)
        self.load_pending()
        sound = self._sounds.get(name)
        if sound is not None and self.volume > 0:
            sound.set_volume(self.volume / 10)
            sound.play()
