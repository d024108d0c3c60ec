"""Reaching each Legend Pieces screen on a headless handheld, the same way every time: for
golden screenshots, the button soak and the tests.

Every function takes a headless :class:`~handheld.ui.app.Handheld` (text speed "instant"
and animations off make it quick, but neither is needed) and returns the scene it reached.
The games are seeded, and whoever plays a local seat here is a random player seeded by the
game's seed and the number of answers, so the same call gives the same screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...kernel import Choice
from .pieces_board import PiecesScene
from .pieces_menus import BoardOverlay

if TYPE_CHECKING:
    from ..app import Handheld
    from ..scene import Scene
    from .pieces_egames import EGamesMenuScene
    from .pieces_menus import SummonScene
    from .pieces_rules import PiecesRulesScene

SEED = 14
MAX_FRAMES = 200_000


def egames_menu(h: Handheld) -> EGamesMenuScene:
    """The e-Games menu over whatever is up."""
    from .pieces_egames import EGamesMenuScene

    scene = EGamesMenuScene(h)
    h.scenes.push(scene)
    h.scenes.apply()
    h.tick(1)
    return scene


def new_board(h: Handheld, seats: tuple[str, str] = ("local", "cpu-normal"),
              seed: int = SEED) -> PiecesScene:
    """A new game from the e-Games menu, played on to the first local turn (or the end)."""
    menu = egames_menu(h)
    board = menu.start(seats, seed)
    h.scenes.apply()
    until(h, board, lambda: board.local_turn() or board.finished)
    return board


def local_answer(board: PiecesScene, ch: Choice) -> Any:
    """A seeded random player's answer for a local seat."""
    from ...players import make_player

    player = make_player("random", (board.seed * 7919 + len(board.answers)) % 2**32)
    return player.choose(board.state, ch)  # type: ignore[arg-type]


def step(h: Handheld, board: PiecesScene,
         chooser: Callable[[PiecesScene, Choice], Any] = local_answer) -> None:
    """One frame's worth of play: a local decision through the scene's own overlays' way of
    answering, a pass screen or a notice dismissed, else a frame."""
    top = h.scenes.top
    name = top.name if top is not None else ""
    if name in ("PiecesPassScene", "NoticeScene"):
        h.press("A", 1)
        return
    if isinstance(top, BoardOverlay):  # after a move, or a Legend's defenders
        ch = board.choice
        assert ch is not None
        top.done(chooser(board, ch))
        h.scenes.apply()
        h.tick(1)
        return
    if top is board and board.local_turn():
        ch = board.choice
        assert ch is not None
        board.play(chooser(board, ch))
    h.tick(1)


def until(h: Handheld, board: PiecesScene, done: Callable[[], bool],
          chooser: Callable[[PiecesScene, Choice], Any] = local_answer) -> None:
    """Play on until ``done()`` (AssertionError after :data:`MAX_FRAMES`)."""
    for _ in range(MAX_FRAMES):
        if done():
            return
        step(h, board, chooser)
    raise AssertionError(f"not reached after {MAX_FRAMES} frames: {h.describe()}")


def summon_menu(h: Handheld, seed: int = SEED) -> SummonScene:
    """A hot-seat game played until the player to move can pay for a Legend Piece; then
    its summon menu (SELECT)."""
    from .pieces_menus import SummonScene

    board = new_board(h, ("local", "local"), seed)

    def ready() -> bool:
        return board.finished or (h.scenes.top is board and board.local_turn() and
                                  bool(board.turn_options()["summons"]))

    def never_summon(b: PiecesScene, ch: Choice) -> Any:
        # Keep playing until a summon is possible (a random answer might take it first).
        picks = [i for i, o in enumerate(ch.options) if o[0] != "summon"]
        answer = local_answer(b, ch)
        if ch.kind == "turn" and ch.options[answer][0] == "summon":
            return picks[len(b.answers) % len(picks)]
        return answer

    until(h, board, ready, never_summon)
    board.open_summon_menu()
    h.scenes.apply()
    h.tick(1)
    top = h.scenes.top
    assert isinstance(top, SummonScene), h.describe()
    return top


def battle_result(h: Handheld, seats: tuple[str, str] = ("cpu-normal", "cpu-normal"),
                  seed: int = SEED, *, with_card: bool = True) -> PiecesScene:
    """A game played until a battle's result is in its box (one where a Plus Power card
    was drawn, unless ``with_card`` is False)."""
    menu = egames_menu(h)
    board = menu.start(seats, seed)
    h.scenes.apply()

    def showing() -> bool:
        cur = board.current
        if board.finished:
            return True
        return cur is not None and cur.kind == "battle" and (not with_card or " = " in cur.text)

    until(h, board, showing)
    return board


def end_screen(h: Handheld, seats: tuple[str, str] = ("cpu-normal", "cpu-easy"),
               seed: int = SEED) -> Scene:
    """A game played to its end screen."""
    menu = egames_menu(h)
    board = menu.start(seats, seed)
    h.scenes.apply()
    until(h, board, lambda: h.describe()["scene"] == "PiecesResultScene")
    top = h.scenes.top
    assert top is not None
    return top


def rules(h: Handheld, page: int = 0) -> PiecesRulesScene:
    from .pieces_rules import PiecesRulesScene

    scene = PiecesRulesScene(h, page)
    h.scenes.push(scene)
    h.scenes.apply()
    h.tick(1)
    return scene
