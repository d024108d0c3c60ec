"""The tracker: which codes, read frame after frame, count as a card shown to the camera.

Two rules (see docs/CARD_CODES.md, "How scanning accepts a card"), by a code's text:

- **Two consecutive frames.** A valid code is accepted when it has been read in
  ``confirm`` consecutive frames (2 by default). A code read in one frame and not the next
  starts again from nothing: one stray frame (a misread that passes every check, a label
  glimpsed while the camera swings past) adds nothing.
- **Once while in view.** An accepted code is not counted again while it stays in view. It
  leaves the view when it has not been read for ``forget`` consecutive frames (3 by
  default), so a frame or two in which a held card is not read (a reflection, a blur) does
  not count it twice; after that it counts again when it is read anew in ``confirm``
  consecutive frames. To add three copies, show the card three times, taking it away in
  between (or print a code with a count).

Invalid codes (``Reading.ok`` false: a bad code, someone else's code, a card this game does
not have) are never accepted; each is reported once when it comes into view (in
``Update.rejected``), for the screen to show why, and not again until it has left the view.

Pure logic: no clocks, no pictures. Each :meth:`Tracker.update` is one frame; a frame in
which the decoder read nothing is ``update([])``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from .reading import Reading

ACCEPTED = "accepted"
PENDING = "pending"
REJECTED = "rejected"


@dataclass(frozen=True)
class Seen:
    """A code read in the current frame, for drawing: its reading and where it stands."""

    reading: Reading
    status: str  # ACCEPTED (counted now or earlier in this visit), PENDING, REJECTED
    frames: int  # consecutive frames it has been read in


@dataclass(frozen=True)
class Update:
    """What one frame changed."""

    accepted: list[Reading] = field(default_factory=list)  # newly accepted: add these
    rejected: list[Reading] = field(default_factory=list)  # newly in view and invalid
    in_view: list[Seen] = field(default_factory=list)  # every code read in this frame


@dataclass
class _Track:
    reading: Reading
    streak: int = 0  # consecutive frames read
    missed: int = 0  # consecutive frames not read
    counted: bool = False  # accepted during this visit


class Tracker:
    """Applies the two-frame and once-in-view rules to the readings of successive frames."""

    def __init__(self, confirm: int = 2, forget: int = 3) -> None:
        if confirm < 1:
            raise ValueError(f"confirm must be 1 or more frames, not {confirm}")
        if forget < 1:
            raise ValueError(f"forget must be 1 or more frames, not {forget}")
        self.confirm = confirm
        self.forget = forget
        self.frames = 0
        self.counts: Counter[str] = Counter()  # times each code's text was accepted
        self._tracks: dict[str, _Track] = {}

    def reset(self) -> None:
        """Forget what is in view (the counts stay)."""
        self._tracks.clear()

    @property
    def accepted_total(self) -> int:
        return sum(self.counts.values())

    def update(self, readings: Iterable[Reading]) -> Update:
        """One frame's readings (every code its decoder read, valid or not)."""
        self.frames += 1
        by_text: dict[str, Reading] = {}
        for r in readings:
            # Two labels with the same code are one card in view: the first reading stands.
            by_text.setdefault(r.text, r)
        update = Update()
        for text, reading in by_text.items():
            track = self._tracks.get(text)
            if track is None:
                track = self._tracks[text] = _Track(reading)
                if not reading.ok:
                    update.rejected.append(reading)
            elif track.missed and not track.counted:
                track.streak = 0  # not consecutive: start again
            track.reading = reading
            track.streak += 1
            track.missed = 0
            if reading.ok and not track.counted and track.streak >= self.confirm:
                track.counted = True
                self.counts[text] += 1
                update.accepted.append(reading)
            status = ACCEPTED if track.counted else PENDING if reading.ok else REJECTED
            update.in_view.append(Seen(reading, status, track.streak))
        for text in [t for t in self._tracks if t not in by_text]:
            track = self._tracks[text]
            track.missed += 1
            if not track.counted:
                track.streak = 0
            if track.missed >= self.forget or (not track.counted and track.reading.ok):
                # A pending code not read in this frame is gone at once (it needs
                # consecutive frames); an accepted or rejected one after ``forget`` frames.
                del self._tracks[text]
        return update
