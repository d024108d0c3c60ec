"""A Legend Pieces game in the saves: Suspend, Continue, and the match history.

A suspended piece game has a place of its own in the saves (``Saves.suspend_game`` with game
"pieces"), so it never replaces the suspended card match nor the other way round. What is
kept is the kernel replay (game "pieces", era "classic", the two armies, the seed and every
answer in notation) with the seats and names, and the position it had reached. Continue
plays the replay back; if that no longer works (the game changed, or the save was edited),
the player is told in one line and the save stays as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel import digest
from ...pieces import ARMIES, ERA, GAME_KEY, PieceMatch, PiecesError
from ...pieces.notation import SEATS

if TYPE_CHECKING:
    from ..app import Handheld
    from .pieces_board import PiecesScene

FORMAT = 1
MAX_ANSWERS = 100_000  # far more than any game has (the quiet rule ends one at 60 idle turns)
RESUMABLE_SEATS = ("local", "cpu-easy", "cpu-normal")  # a game over the link is not put aside


class StalePiecesGame(ValueError):
    """The suspended piece game cannot be played back here; the save stays as it is."""


def suspended_record(scene: PiecesScene) -> dict[str, Any]:
    """What Suspend writes: the kernel replay, with the seats and names and a format."""
    return {**scene.replay().to_json(), "seats": list(scene.seats),
            "names": list(scene.names), "format": FORMAT}


def save_suspended_pieces(app: Handheld, scene: PiecesScene) -> None:
    app.saves.suspend_game(app.profile, GAME_KEY, scene.state.position(),
                           suspended_record(scene))


def has_suspended_pieces(app: Handheld) -> bool:
    return bool(app.saves.has_suspended_game(app.profile, GAME_KEY))


def _pair(value: Any, allowed: tuple[str, ...] | None = None) -> tuple[str, str] | None:
    if not isinstance(value, list) or len(value) != 2 or \
            not all(isinstance(v, str) and 0 < len(v) <= 40 and v.isprintable()
                    for v in value):
        return None
    if allowed is not None and not all(v in allowed for v in value):
        return None
    return value[0], value[1]


def scene_from_record(app: Handheld, record: Any) -> PiecesScene:
    """The game a suspended record describes, played back to where it was left
    (StalePiecesGame naming the first thing that does not fit)."""
    from ...games import game
    from .pieces_board import PiecesScene

    if not isinstance(record, dict):
        raise StalePiecesGame("the saved game is not a record")
    if record.get("game") != GAME_KEY or record.get("era") != ERA:
        raise StalePiecesGame("the saved game is of another game or rule set")
    if record.get("format") != FORMAT:
        raise StalePiecesGame(f"it was saved in format {record.get('format')!r:.10}")
    armies = _pair(record.get("setup"), tuple(ARMIES))
    seats = _pair(record.get("seats"), RESUMABLE_SEATS)
    seed = record.get("seed")
    answers = record.get("answers")
    if armies is None or seats is None:
        raise StalePiecesGame("its armies or seats are not ones this version knows")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise StalePiecesGame("its seed is not a whole number")
    if not isinstance(answers, list) or len(answers) > MAX_ANSWERS or \
            not all(isinstance(a, str) and len(a) <= 200 for a in answers):
        raise StalePiecesGame("its moves are not a list of notations")
    state = game(GAME_KEY).new_state(list(armies), ERA)
    assert isinstance(state, PieceMatch)
    try:
        scene = PiecesScene(app, state, seats=seats, seed=seed, answers=answers,
                            names=_pair(record.get("names")))
    except (PiecesError, ValueError) as exc:
        raise StalePiecesGame(f"its moves no longer play out in this version ({exc})") \
            from None
    if scene.state.over:
        raise StalePiecesGame("its moves play out to the end of the game")
    return scene


def resume_suspended_pieces(app: Handheld) -> PiecesScene | None:
    """The suspended piece game as a board scene; when it cannot be resumed, a one-line
    notice and None, with the save kept as it is."""
    from ...save import SaveError

    try:
        snap = app.saves.suspended_game(app.profile, GAME_KEY)
    except SaveError as exc:
        app.notices.append(f"The suspended game cannot be read ({exc}); it stays in your "
                           "saves.")
        return None
    if snap is None:
        app.notices.append("There is no suspended Legend Pieces game.")
        return None
    try:
        scene = scene_from_record(app, snap.replay)
    except StalePiecesGame as exc:
        app.notices.append(f"The suspended game cannot be resumed: {exc}. It stays in your "
                           "saves.")
        return None
    try:
        same = digest(snap.position) == scene.played_back_digest
    except (TypeError, ValueError):
        same = False
    if not same:
        app.notices.append("The game has changed since this game was suspended: it was "
                           "replayed from its moves.")
    scene.from_save = True
    return scene


def record_finished(app: Handheld, scene: PiecesScene) -> None:
    """A finished game goes into the match history (marked as game "pieces": its sides'
    armies where a card match has decks); the suspended game it was resumed from is done."""
    m = scene.state
    winner, _ = scene.outcome()
    result = "forfeit" if scene.forfeited is not None else m.result
    try:
        app.saves.add_match(app.profile, deck_a=ARMIES[m.armies[0]].name,
                            deck_b=ARMIES[m.armies[1]].name,
                            winner=None if winner is None else scene.names[winner],
                            result=result or "over", turns=m.turn, ruleset=ERA,
                            game=GAME_KEY)
        if scene.from_save:  # only its own save: never another suspended game
            app.saves.clear_suspended_game(app.profile, GAME_KEY)
    except Exception as exc:  # the history is nice to have; never lose the ending to it
        app.notices.append(f"The game could not be recorded: {exc}")


def describe_record(record: Any) -> str:
    """A suspended game in a few words ("Gold vs CPU, turn 7"), or "a game"."""
    if not isinstance(record, dict):
        return "a game"
    names = _pair(record.get("names"))
    answers = record.get("answers")
    moves = len(answers) if isinstance(answers, list) else 0
    if names is None:
        return f"a game, {moves} moves in"
    return f"{names[0]} ({SEATS[0]}) vs {names[1]} ({SEATS[1]}), {moves} moves in"
