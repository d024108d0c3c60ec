"""A code read, judged: the card or deck it names, or why it is not one to accept.

Decoders only read text (``scanner.decoders``); :func:`judge` decides what that text is
worth: :func:`scanner.codes.parse` (size, mark, version, checksum, fields), then the catalog
(every card it names must be one of this game's; a printed number such as ``H12`` becomes
the card's id). A :class:`Reading` keeps the detection,
the parsed code and the reason for rejecting it: the parser's ``CodeError`` message,
"not one of our codes" for another symbology, or the catalog's problem. Pure logic, no
pictures (it needs only the detection's text and format).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .catalog import Catalog
from .codes import CardCode, CodeError, DeckCode, parse

if TYPE_CHECKING:
    from .decoders import Detection

NOT_OURS = "not one of our codes"


@dataclass(frozen=True)
class Reading:
    """One detection judged: the code it carries, or why it is not one to accept."""

    detection: Detection
    code: CardCode | DeckCode | None  # None when the text is not a valid code
    reason: str = ""  # why it is rejected; empty when it names only cards this game has

    @property
    def text(self) -> str:
        return self.detection.text

    @property
    def ok(self) -> bool:
        return self.code is not None and not self.reason

    def as_dict(self, catalog: Catalog | None = None) -> dict[str, Any]:
        """The detection, and the parsed card or deck (named via ``catalog``) or the reason."""
        out = self.detection.as_dict()
        out["valid"] = self.ok
        if self.reason:
            out["reason"] = self.reason
        code = self.code

        def name(card_id: str) -> str | None:
            info = catalog.get(card_id) if catalog is not None else None
            return info.name if info else None

        if isinstance(code, CardCode):
            info = catalog.get(code.card_id) if catalog is not None else None
            out["card"] = {"id": code.card_id, "name": name(code.card_id),
                           "number": info.number if info else code.number,
                           "set": info.set_name if info else code.set_code,
                           "count": code.count}
        elif isinstance(code, DeckCode):
            out["deck"] = {"name": code.name, "size": code.size,
                           "cards": [{"id": cid, "name": name(cid), "count": n}
                                     for cid, n in code.entries]}
        return out


def judge(detection: Detection, catalog: Catalog | None) -> Reading:
    """Parse one detection's text and check its cards against the catalog."""
    if detection.format != "QRCode":
        return Reading(detection, None, f"{NOT_OURS} (a {detection.format} code; ours are QR "
                                        "codes)")
    try:
        code = parse(detection.text)
    except CodeError as exc:
        return Reading(detection, None, str(exc))
    problems: list[str] = []
    if catalog is not None:
        # A card named by its printed number (ECARD2.H12) is kept under its id (ecard2-162).
        code, problems = catalog.check(code)
    return Reading(detection, code, "; ".join(problems))


def interpret(detections: Iterable[Detection], catalog: Catalog | None) -> list[Reading]:
    """Every detection judged (see :func:`judge`), in the same order."""
    return [judge(d, catalog) for d in detections]
