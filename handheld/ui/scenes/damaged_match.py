"""A suspended match that cannot be resumed: say why, and offer to put it aside.

Continue never drops a match silently: the player is told what is wrong, and only on "Put
aside" is it removed from the saves, after a backup copy of the whole save file has been
written beside it (``saves.sqlite3.match-backup``), so nothing is lost for good.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import ConfirmScene

if TYPE_CHECKING:
    from ..app import Handheld


def put_aside_suspended(app: Handheld) -> str:
    """Back up the save file, then drop the profile's suspended match; the message to show."""
    from ...save import SaveError
    from ...save.opening import free_name

    saves = app.saves
    kept = ""
    try:
        if saves.path is not None:
            kept = saves.backup(free_name(saves.path, "match-backup")).name
        saves.clear_suspended(app.profile)
    except (SaveError, OSError) as exc:
        return f"The match could not be put aside ({exc}); it stays as it is."
    where = f" A copy of the saves as they were is kept as {kept}." if kept else ""
    return "The damaged match is put aside: you can start a new one." + where


class DamagedMatchScene(ConfirmScene):
    """"Put aside" (after a backup) or "Keep it"; see :func:`offer_to_put_aside`."""

    def __init__(self, app: Handheld) -> None:
        super().__init__(app, "The suspended match cannot be resumed. Put it aside? A backup "
                              "copy of the saves is kept first.",
                         yes="Put aside", no="Keep it")

    def close(self, result: Any = None) -> None:
        message = put_aside_suspended(self.app) if result is True else None
        super().close(None)
        if message:
            self.app.notices.append(message)


def offer_to_put_aside(app: Handheld, reason: str) -> None:
    """Say why the match cannot be resumed (a notice, read first), then ask."""
    from .common import NoticeScene

    app.scenes.push(DamagedMatchScene(app))
    app.scenes.push(NoticeScene(app, f"The suspended match cannot be resumed: {reason}"))
