"""Legend Pieces on the handheld, through its buttons and its scenes: the e-Games menu, whole
games in the hot seat and against the computer, suspend and Continue, a suspended game that
cannot be resumed, the summon menu, battle messages, and the battle timer beside the board."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld.games import game
from handheld.pieces import PieceMatch
from handheld.pieces.board import coords
from handheld.players import replay_state
from handheld.ui.app import Handheld
from handheld.ui.scenes import pieces_tour
from handheld.ui.scenes.pieces_board import BattleNote, PiecesScene
from handheld.ui.scenes.pieces_egames import EGamesMenuScene, link_available
from handheld.ui.scenes.pieces_menus import (
    AfterMoveScene,
    DefendersScene,
    PiecesPassScene,
    SummonScene,
)
from handheld.ui.scenes.pieces_saving import suspended_record

from .test_app import choose, fresh, to_menu


def open_egames(h: Handheld) -> EGamesMenuScene:
    to_menu(h)
    choose(h, "e-Reader")
    choose(h, "e-Games")
    top = h.scenes.top
    assert isinstance(top, EGamesMenuScene)
    return top


def board_of(h: Handheld) -> PiecesScene:
    scene = next(s for s in h.scenes.scenes if isinstance(s, PiecesScene))
    return scene


# ---------------------------------------------------------------- a player with buttons


def move_cursor(h: Handheld, board: PiecesScene, square: str) -> None:
    seat = board.choice.player
    col, row = coords(square)
    for _ in range(12):
        if coords(board.cursor[seat]) == (col, row):
            return
        c, r = coords(board.cursor[seat])
        if c != col:
            h.press("RIGHT" if col > c else "LEFT", 1)
        else:
            h.press("UP" if row > r else "DOWN", 1)
    raise AssertionError(f"the cursor did not reach {square}: {h.describe()}")


def menu_to(h: Handheld, menu, index: int) -> None:
    while menu.cursor != index:
        h.press("DOWN" if index > menu.cursor else "UP", 1)


def button_turn(h: Handheld, board: PiecesScene, rng: random.Random) -> None:
    """One turn choice answered with the D-pad, A and SELECT, as a person would: a summon
    when one is possible, else a battle if any, else a random move."""
    ch = board.choice
    opts = list(ch.options)
    summons = [o for o in opts if o[0] == "summon"]
    battles = [o for o in opts if o[0] == "battle"]
    moves = [o for o in opts if o[0] == "move"]
    pick = rng.choice(summons or battles or moves)
    before = len(board.answers)
    if pick[0] == "summon":
        h.press("SELECT", 1)
        h.tick(8)
        summon = h.scenes.top
        assert isinstance(summon, SummonScene)
        index = next(i for i, it in enumerate(summon.menu.items) if it.value == pick[1])
        menu_to(h, summon.menu, index)
        h.press("A", 1)
        assert board.mode == "summon"
        move_cursor(h, board, pick[2])
    else:
        move_cursor(h, board, pick[1])
        h.press("A", 1)
        assert board.mode == "target" and board.picked == pick[1]
        if pick[0] == "move":
            target = pick[2]
        elif len(pick) == 3:
            target = pick[2]
        else:  # a Legend: any of its targets
            m = board.state
            target = m.place[m.targets(m.top(pick[1]))[0]]
        move_cursor(h, board, target)
    h.press("A", 1)
    assert len(board.answers) == before + 1, "the buttons answered the turn"


def play_by_buttons(h: Handheld, rng: random.Random, max_steps: int = 20_000) -> dict:
    """Play whatever is up to the end screen with buttons only; returns what it saw."""
    seen = {"pass": [], "after": 0, "defenders": 0, "summons": 0}
    for _ in range(max_steps):
        top = h.scenes.top
        name = top.name
        if name == "PiecesResultScene":
            return seen
        if isinstance(top, PiecesPassScene):
            seen["pass"].append(top.side)
            h.press("A", 1)
        elif name == "NoticeScene":
            h.press("A", 1)
        elif isinstance(top, AfterMoveScene):
            seen["after"] += 1
            menu_to(h, top.menu, rng.randrange(len(top.menu.items)))
            h.press("A", 1)
        elif isinstance(top, DefendersScene):
            seen["defenders"] += 1
            menu_to(h, top.menu, len(top.menu.items) - 1)  # "Battle!" with every one marked
            h.press("A", 1)
        elif isinstance(top, PiecesScene) and top.local_turn():
            if any(o[0] == "summon" for o in top.choice.options):
                seen["summons"] += 1
            button_turn(h, top, rng)
        elif isinstance(top, PiecesScene) and top.current is not None:
            h.press("A", 1)  # read: next message
        else:
            h.tick(1)
    raise AssertionError(f"the game did not end; at {h.describe()}")


# ---------------------------------------------------------------- the menu


def test_the_e_games_menu_opens_from_the_main_menu_and_b_comes_back(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    menu = open_egames(h)
    labels = {it.value: it for it in menu.menu.items}
    assert set(labels) == {"continue", "cpu", "hotseat", "link", "rules", "dictionary"}
    assert not labels["continue"].enabled  # nothing put aside yet
    assert labels["link"].enabled == link_available()
    choose(h, "Rules")
    assert h.describe()["scene"] == "PiecesRulesScene"
    h.press("RIGHT", 1)
    assert h.scenes.top.page == 1
    h.press("B")
    assert h.describe()["scene"] == "EGamesMenuScene"
    h.press("B")
    assert h.describe()["scene"] == "EReaderMenuScene"


def test_the_dictionary_item_opens_the_games_words_when_the_glossary_has_them(
        tmp_path: Path) -> None:
    h = fresh(tmp_path)
    menu = open_egames(h)
    item = next(it for it in menu.menu.items if it.value == "dictionary")
    assert item.enabled == bool(menu.terms)
    if menu.terms:
        choose(h, "Dictionary")
        top = h.scenes.top
        assert top.name == "DictionaryScene"
        assert {t.name for t in top.shown} == set(menu.terms)


# ---------------------------------------------------------------- whole games


def test_a_hot_seat_game_is_played_with_buttons_to_its_end_screen(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    open_egames(h)
    choose(h, "Vs a friend here")
    board = board_of(h)
    assert board.seats == ("local", "local")
    seen = play_by_buttons(h, random.Random(4))
    result = h.scenes.top
    m = board.state
    assert m.over and m.result in ("togepi", "no_moves", "quiet")
    # The handheld was passed between the two sides, each time to the side to move.
    assert len(seen["pass"]) >= 2 and {"Gold", "Silver"} <= set(seen["pass"])
    assert all(a != b for a, b in zip(seen["pass"], seen["pass"][1:], strict=False))
    assert result.winner == m.winner
    # Everything answered went through notation, and replays from the seed to this end.
    replayed = replay_state(game("pieces"), board.replay())
    assert replayed.digest() == m.digest()
    [row] = h.saves.match_history(h.profile)
    assert (row.game, row.deck_a, row.deck_b, row.turns) == ("pieces", "Gold", "Silver", m.turn)
    h.press("A", 1)
    h.tick(25)
    h.press("A")
    assert h.describe()["scene"] == "EGamesMenuScene"


@pytest.mark.parametrize("level", ["Normal", "Easy"])
def test_a_game_against_the_computer_runs_to_its_end(tmp_path: Path, level: str) -> None:
    h = fresh(tmp_path)
    open_egames(h)
    choose(h, "Vs the computer")
    choose(h, level)
    board = board_of(h)
    assert board.seats == ("local", "cpu-normal" if level == "Normal" else "cpu-easy")
    pieces_tour.until(h, board, lambda: h.describe()["scene"] == "PiecesResultScene")
    m = board.state
    assert m.over
    assert {board.state.log[i][1] for i in range(len(m.log)) if m.log[i][0] == "turn"} == \
        {0, 1}  # both sides had turns: the computer played its own
    assert replay_state(game("pieces"), board.replay()).digest() == m.digest()
    me = h.saves.profile(h.profile).name
    [row] = h.saves.match_history(h.profile)
    assert row.game == "pieces"
    assert row.winner == (None if m.winner is None else (me, "CPU")[m.winner])


def test_the_computer_decides_within_the_frame_after_its_pause(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    h.settings.text_speed = "normal"
    board = pieces_tour.egames_menu(h).start(("cpu-normal", "cpu-normal"), 5)
    # Wait for a computer decision to come up, then count the frames until it is made.
    pieces_tour.until(h, board, lambda: board.choice is not None and board.current is None
                      and not board.messages and board.pause == 24 and
                      board.log_pos == len(board.state.log) and len(board.answers) > 3)
    answers = len(board.answers)
    frames = 0
    while len(board.answers) == answers:
        h.tick(1)
        frames += 1
        assert frames <= 30, "the computer's pause is a few frames, not a freeze"
    assert frames >= 20  # it waited to be followed, as the card duel's computer does


# ---------------------------------------------------------------- suspend and Continue


def test_suspend_then_continue_restores_the_same_game(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    # A card match is put aside too: the piece game must not replace it.
    h.saves.suspend_match(h.profile, {"turn": 3}, {"seed": 7}, random.Random(1).getstate())
    open_egames(h)
    choose(h, "Vs the computer")
    choose(h, "Normal")
    board = board_of(h)
    pieces_tour.until(h, board, lambda: len(board.answers) >= 12 and board.local_turn())
    digest, answers = board.state.digest(), list(board.answers)
    h.press("START", 1)
    h.tick(8)
    assert h.describe()["scene"] == "PiecesMatchMenu"
    choose(h, "Suspend")
    choose(h, "Suspend")  # the question: yes
    h.tick(2)
    assert h.describe()["scene"] == "NoticeScene"  # it says where to take it up again
    h.press("A", 1)
    h.tick(2)
    menu = h.scenes.top
    assert isinstance(menu, EGamesMenuScene)
    assert h.saves.suspended_match(h.profile) is not None  # the card match is still there
    saved = h.saves.suspended_game(h.profile, "pieces")
    assert saved.replay["answers"] == answers and saved.replay["seats"] == ["local",
                                                                             "cpu-normal"]
    assert menu.menu.items[0].enabled
    choose(h, "Continue")
    resumed = h.scenes.top
    assert isinstance(resumed, PiecesScene) and resumed is not board
    assert resumed.state.digest() == digest
    assert resumed.answers == answers and resumed.from_save
    # It plays on, and its end clears its own save only.
    pieces_tour.until(h, resumed, lambda: h.describe()["scene"] == "PiecesResultScene")
    assert h.saves.suspended_game(h.profile, "pieces") is None
    assert h.saves.suspended_match(h.profile) is not None


def test_continue_of_a_game_that_no_longer_plays_says_so_and_keeps_it(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    board = pieces_tour.new_board(h, ("local", "cpu-normal"), seed=9)
    record = suspended_record(board)
    record["answers"] = [*record["answers"], "move a1 a5"]  # a Tamago never moves
    h.saves.suspend_game(h.profile, "pieces", board.state.position(), record)
    h.scenes.pop(board)
    h.scenes.apply()
    menu = h.scenes.top
    assert isinstance(menu, EGamesMenuScene)
    menu.resume()
    choose(h, "Continue")
    h.tick(1)
    top = h.scenes.top
    assert top.name == "NoticeScene"
    text = " ".join(" ".join(page) for page in top.box.pages)
    assert "cannot be resumed" in text and "stays in your saves" in text
    assert h.saves.suspended_game(h.profile, "pieces").replay == record  # kept as it was
    h.press("A", 1)
    assert h.describe()["scene"] == "EGamesMenuScene"


@pytest.mark.parametrize("record", [
    {"game": "pieces"},
    {"game": "pieces", "era": "classic", "format": 1, "setup": ["gold", "silver"],
     "seats": ["local", "remote"], "seed": 3, "answers": []},
    {"game": "pieces", "era": "classic", "format": 1, "setup": ["gold", "bronze"],
     "seats": ["local", "local"], "seed": 3, "answers": []},
    {"game": "pieces", "era": "classic", "format": 1, "setup": ["gold", "silver"],
     "seats": ["local", "local"], "seed": -1, "answers": []},
])
def test_a_damaged_suspended_record_is_reported_not_played(tmp_path: Path, record) -> None:
    h = fresh(tmp_path)
    h.saves.suspend_game(h.profile, "pieces", {"turn": 1}, record)
    menu = open_egames(h)
    menu.open("continue")
    h.scenes.apply()
    h.tick(1)
    assert h.describe()["scene"] == "NoticeScene"
    assert h.saves.has_suspended_game(h.profile, "pieces")


def test_the_board_powering_off_suspends_the_game(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    board = pieces_tour.new_board(h, ("local", "local"), seed=2)
    pieces_tour.until(h, board, lambda: len(board.answers) >= 5 and board.local_turn())
    h.shutdown("power")
    saved = h.saves.suspended_game(h.profile, "pieces")
    assert saved is not None and saved.replay["answers"] == board.answers


# ---------------------------------------------------------------- the summon menu


def cost_state(gold_cost: int) -> PieceMatch:
    """Gold to move with ``gold_cost`` of its pieces in the Cost Area."""
    g = game("pieces")
    m = g.new_state()
    m.resolve(True)  # heads: Gold first
    pos = m.position()
    gold_normals = [p for p in range(len(m.rows)) if m.owner[p] == 0 and
                    m.rows[p].kind == "normal"]
    for pid in gold_normals[:gold_cost]:
        pos["pieces"][pid]["at"] = "cost"
    pos["cost"][0] = gold_normals[:gold_cost]
    return g.load(pos)


def test_the_summon_menu_shows_costs_and_refuses_a_legend_it_cannot_pay_for(
        tmp_path: Path) -> None:
    h = fresh(tmp_path)
    board = PiecesScene(h, cost_state(2), seats=("local", "local"), seed=1)
    h.scenes.push(board)
    h.scenes.apply()
    h.tick(1)
    h.press("A", 1)  # the pass screen
    assert board.local_turn()
    h.press("SELECT", 1)
    h.tick(8)
    summon = h.scenes.top
    assert isinstance(summon, SummonScene)
    items = {it.label: it.enabled for it in summon.menu.items}
    assert items == {"Ho-Oh  cost 4": False, "Entei  cost 2": True}
    assert summon.title == "Summon (2 in Cost Area)"
    menu_to(h, summon.menu, 0)  # Ho-Oh: refused, the menu stays
    h.press("A", 1)
    assert h.scenes.top is summon and board.mode == "pick"
    menu_to(h, summon.menu, 1)
    h.press("A", 1)
    assert h.scenes.top is board and board.mode == "summon" and board.summoning == "entei"
    move_cursor(h, board, "c1")  # Togepi's square: not empty, refused
    h.press("A", 1)
    assert board.answers == []
    move_cursor(h, board, "c4")
    h.press("A", 1)
    assert board.answers == ["summon entei c4"]
    m = board.state
    assert m.board["c4"] and m.rows[m.top("c4")].name == "Entei" and m.cost_area(0) == []


def test_b_puts_a_picked_piece_back_and_a_piece_with_no_move_is_refused(
        tmp_path: Path) -> None:
    h = fresh(tmp_path)
    board = PiecesScene(h, cost_state(0), seats=("local", "local"), seed=1)
    h.scenes.push(board)
    h.scenes.apply()
    h.tick(1)
    h.press("A", 1)  # the pass screen
    move_cursor(h, board, "a1")  # a Tamago pile: never moves
    h.press("A", 1)
    assert board.mode == "pick" and board.hint_frames > 0
    move_cursor(h, board, "c2")  # Pikachu
    h.press("A", 1)
    assert board.mode == "target" and board.picked == "c2"
    moves, battles, _, picked = board.highlights()
    assert moves == {"c3"} and battles == set() and picked == "c2"
    h.press("B", 1)
    assert board.mode == "pick" and board.answers == []


# ---------------------------------------------------------------- battles


def test_a_battle_note_tells_the_card_and_what_losing_did() -> None:
    note = BattleNote(1, 0, "Pikachu", 40, [(2, "Meowth", 60)], card=30)
    note.fates[2] = "flip"
    assert note.sentence() == "Gold's Pikachu 40 +30 = 70 beats Meowth (turned over)."
    lost = BattleNote(5, 1, "Lugia", 40, [(7, "Meowth", 10), (8, "Ho-Oh", 50)], card=0)
    lost.fates.update({7: "flip", 5: "out"})
    assert lost.sentence() == ("Silver's Lugia 40 +0 = 40 beats Meowth (turned over) but "
                               "loses to Ho-Oh 50: Lugia leaves the game.")


def test_a_drawn_card_is_animated_then_the_result_announced(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    h.settings.animations = True
    menu = pieces_tour.egames_menu(h)
    board = menu.start(("cpu-normal", "cpu-normal"), 14)
    h.scenes.apply()
    pieces_tour.until(h, board, lambda: board.drawing is not None)
    face_up = len(board.state.face_up)
    frames = 0
    while board.drawing is not None:
        h.tick(1)
        frames += 1
    assert 15 <= frames <= 25  # about 20 frames of slide and turn
    assert len(board.state.face_up) == face_up + 1 or board.state.face_up == []
    card = board.state.log[-1] if board.state.log[-1][0] == "draw" else \
        next(e for e in reversed(board.state.log) if e[0] == "draw")
    h.tick(1)
    assert board.current is not None and board.current.kind == "battle"
    assert f"+{card[2]} = " in board.current.text


def test_the_end_says_who_won_and_why(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    result = pieces_tour.end_screen(h)
    board = result.board
    winner, why = board.outcome()
    assert winner == board.state.winner
    from handheld.pieces.notation import RESULTS

    assert why == RESULTS[board.state.result]
    ends = [e for e in board.state.log if e[0] in ("win", "draw_game")]
    assert len(ends) == 1


def test_forfeit_from_the_menu_ends_the_game_for_the_other_side(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    board = pieces_tour.new_board(h, ("local", "cpu-normal"), seed=3)
    h.press("START", 1)
    h.tick(8)
    choose(h, "Forfeit")
    choose(h, "Forfeit")
    h.tick(3)
    assert h.describe()["scene"] == "PiecesResultScene"
    assert board.outcome() == (1, f"{board.names[0]} forfeited")
    [row] = h.saves.match_history(h.profile)
    assert (row.result, row.winner, row.game) == ("forfeit", "CPU", "pieces")


# ---------------------------------------------------------------- the e-Tools beside it


def test_the_battle_timer_keeps_running_and_hears_the_turns(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    svc = h.timer
    svc.timer.start()
    svc.chess.start()
    board = pieces_tour.egames_menu(h).start(("cpu-normal", "cpu-normal"), 6)
    h.tick(30)
    played = svc.timer.play_ms
    turns = sum(1 for e in board.state.log if e[0] == "turn")
    h.tick(120)
    assert svc.timer.play_ms >= played + 1900  # two seconds of frames, counted
    assert svc.timer.state == "running"
    # Each new turn the board showed switched the chess clock to the other player.
    shown = sum(1 for e in board.state.log[:board.log_pos] if e[0] == "turn")
    assert shown > turns
    assert svc.chess.active == shown % 2
    # The e-Tools open from the game's menu and the game is there after them.
    board.open_match_menu()
    h.scenes.apply()
    choose(h, "e-Tools")
    assert h.describe()["scene"] == "EToolsMenuScene"
    choose(h, "Battle timer")
    h.press("B")
    h.press("B")
    h.press("B")
    assert h.scenes.top is board


def legend_state() -> PieceMatch:
    """Gold to move, its Ho-Oh on c3 with two Silver pieces ahead of it (c4, d4)."""
    g = game("pieces")
    m = g.new_state()
    m.resolve(True)
    pos = m.position()
    hooh = next(p for p in range(len(m.rows)) if m.rows[p].name == "Ho-Oh")
    pos["pieces"][hooh]["at"] = "c3"
    pos["pieces"][m.top("c5")]["at"] = "c4"  # Silver's Pikachu
    pos["pieces"][m.top("b5")]["at"] = "d4"  # Silver's Magikarp (Silver's b5 is its d2)
    return g.load(pos)


def test_a_legend_picks_its_defenders_with_a_checklist(tmp_path: Path) -> None:
    h = fresh(tmp_path)
    board = PiecesScene(h, legend_state(), seats=("local", "cpu-normal"), seed=1)
    h.scenes.push(board)
    h.scenes.apply()
    h.tick(1)
    assert board.local_turn()
    move_cursor(h, board, "c3")
    h.press("A", 1)
    _, battles, _, _ = board.highlights()
    assert battles == {"c4", "d4"}  # both ringed: the Legend's one battle option
    move_cursor(h, board, "d4")
    h.press("A", 1)
    h.tick(1)
    top = h.scenes.top
    assert isinstance(top, DefendersScene)
    assert [it.label.startswith("[x]") for it in top.menu.items[:2]] == [True, True]
    menu_to(h, top.menu, 0)
    h.press("A", 1)  # unmark the first (c4)
    assert top.marked == {1}
    menu_to(h, top.menu, 1)
    h.press("A", 1)  # unmark the second (d4): none marked
    assert top.marked == set()
    assert not top.menu.items[-1].enabled  # "Battle!" needs one marked
    menu_to(h, top.menu, 2)
    h.press("A", 1)
    assert h.scenes.top is top and board.answers == ["battle c3"]
    menu_to(h, top.menu, 1)
    h.press("A", 1)  # mark d4 alone
    menu_to(h, top.menu, 2)
    h.press("A", 1)
    assert board.answers == ["battle c3", "d4"]
    assert any(e[0] == "battle" and e[3] == ("d4",) for e in board.state.log)


def test_time_up_beside_a_piece_game_names_no_prize_rule(tmp_path: Path) -> None:
    """The battle timer's extra turns run out beside a Legend Pieces board: the notice says
    the game has no time rule, not the card game's Prize count."""
    from handheld.etools.timer import BattleTimer

    h = fresh(tmp_path)
    svc = h.timer
    svc.timer = BattleTimer(svc.clock, limit_ms=300)
    svc.timer.start()
    board = pieces_tour.egames_menu(h).start(("cpu-normal", "cpu-normal"), 6)
    seen: list[str] = []

    class Heard(list[str]):
        def append(self, text: str) -> None:
            seen.append(text)
            super().append(text)

    h.notices = Heard(h.notices)
    for _ in range(400):
        if svc.timer.state == "over" or board.state.over:
            break
        if h.scenes.top is not board:
            h.press("A")  # a notice waits for the player
        h.tick(10)
    assert svc.timer.state == "over", "the game ended before the extra turns"
    assert any("Legend Pieces has no time rule" in n for n in seen), seen
    assert not any("Prize" in n for n in seen), seen
