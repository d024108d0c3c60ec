"""One named scenario per rule of the seed 004 fragment, per choice of our design
(/work/briefs/pieces_spec.md, docs/PIECES.md) and per question Q1-Q8 with its worked example.

Reminders for reading the squares: Gold (seat 0) looks up the board (forward = higher row),
Silver (seat 1) looks down; Silver's "east" is the board's west.
"""

from __future__ import annotations

import random

import pytest

from handheld.kernel import Chance
from handheld.pieces import InvalidPosition, PiecesGame
from handheld.pieces.data import BY_NAME, PLUS_POWER, QUIET_LIMIT

from .scenario import (
    GOLD,
    SILVER,
    draw,
    is_drawing,
    on,
    options,
    piece,
    play,
    scene,
    scene_position,
    tags,
)

# Togepis out of the way (far corners, nothing near) for scenes about other pieces.
QUIET_TOGEPIS = ({"a1": "Togepi"}, {"e6": "Togepi"})


def duel(gold: dict[str, str], silver: dict[str, str], **kw: object):
    """A scene with both Togepis parked in their corners."""
    return scene({**QUIET_TOGEPIS[0], **gold}, {**QUIET_TOGEPIS[1], **silver}, **kw)


# ------------------------------------------------------------------ drawing Plus Power


def test_q3_no_card_is_drawn_when_the_attacker_is_already_stronger() -> None:
    m = duel({"c3": "Pikachu"}, {"c4": "Meowth"})
    play(m, "battle c3 c4")
    assert not is_drawing(m)
    assert m.face_down == list(PLUS_POWER) and m.face_up == []
    assert "draw" not in tags(m)
    assert m.rev[on(m, "c4")] and m.current == SILVER


@pytest.mark.parametrize(("attacker", "defender"), [
    ("Meowth", "Meowth"),  # equal: a card
    ("Meowth", "Pikachu"),  # weaker: a card
    ("Pikachu", "Geodude"),
    ("Pikachu", "Meowth"),  # stronger: none
    ("Geodude", "Pikachu"),
])
def test_a_card_is_drawn_exactly_when_the_attacker_is_not_stronger(attacker: str,
                                                                   defender: str) -> None:
    m = duel({"c3": attacker}, {"c4": defender})
    play(m, "battle c3 c4")
    weaker_or_equal = BY_NAME[attacker].front <= BY_NAME[defender].front
    assert is_drawing(m) == weaker_or_equal
    if weaker_or_equal:
        d = m.pending
        assert isinstance(d, Chance) and d.size == 8 and d.player == GOLD


@pytest.mark.parametrize("card", PLUS_POWER)
def test_the_card_drawn_is_added_to_the_attackers_power(card: int) -> None:
    # Meowth 20 against Pikachu 40: it wins only when 20 + card beats 40.
    m = duel({"c3": "Meowth"}, {"c4": "Pikachu"})
    meowth, pikachu = on(m, "c3"), on(m, "c4")
    draw(play(m, "battle c3 c4"), card)
    assert ("draw", GOLD, card) in m.log
    won = 20 + card > 40
    assert m.rev[pikachu] == won
    assert m.rev[meowth] == (not won)


def test_a_tie_goes_to_the_defender() -> None:
    m = duel({"c3": "Meowth"}, {"c4": "Meowth"})
    gold_meowth, silver_meowth = on(m, "c3"), on(m, "c4")
    draw(play(m, "battle c3 c4"), 0)  # 20 + 0 against 20
    assert m.rev[gold_meowth] and not m.rev[silver_meowth]
    assert ("flip", gold_meowth) in m.log


def test_the_loser_is_turned_over_and_stays_put() -> None:
    m = duel({"c3": "Pikachu"}, {"c4": "Meowth"})
    meowth = on(m, "c4")
    play(m, "battle c3 c4")
    assert m.rev[meowth] and m.place[meowth] == "c4"
    assert m.power(meowth) == BY_NAME["Meowth"].reverse
    assert ("flip", meowth) in m.log


def test_a_loser_already_on_its_reverse_goes_to_its_owners_cost_area() -> None:
    m = duel({"c3": "Pikachu"}, {"c4": "Meowth~"}, cost=([], ["Geodude"]))
    meowth = on(m, "c4")
    play(m, "battle c3 c4")
    assert m.place[meowth] == "cost" and on(m, "c4") == -1
    assert m.cost_area(SILVER) == [piece(m, SILVER, "Geodude"), meowth]  # newest last
    assert m.cost_area(GOLD) == []
    assert ("cost", meowth) in m.log


def test_a_cost_area_of_five_or_more_is_counted_whole() -> None:
    """Stacking five or more is how the table shows them: each still counts for a summon."""
    five = ["Geodude", "Marill", "Pidgey", "Meowth", "Sentret"]
    m = duel({"c3": "Pikachu~"}, {"c4": "Geodude"}, cost=(five, []), to_move=SILVER)
    gold_pikachu = on(m, "c3")
    play(m, "battle c4 c3")  # Geodude 50 beats the reverse Pikachu 20: a sixth piece
    assert len(m.cost_area(GOLD)) == 6 and m.cost_area(GOLD)[-1] == gold_pikachu
    summons = {o.split()[1] for o in options(m) if o.startswith("summon")}
    assert summons == {"hooh", "entei"}
    first_four = m.cost_area(GOLD)[:4]
    play(m, "summon hooh b4")
    assert all(m.place[p] == "spent" for p in first_four)
    assert m.cost_area(GOLD) == [piece(m, GOLD, "Sentret"), gold_pikachu]
    play(m, "move e6 d6")
    assert {o.split()[1] for o in options(m) if o.startswith("summon")} == {"entei"}


# ------------------------------------------------------------------ sides that change power


def test_togepi_grows_stronger_when_turned_over() -> None:
    m = scene({"c3": "Togepi"}, {"c4": "Pikachu", "e6": "Togepi"}, to_move=SILVER)
    togepi, pikachu = on(m, "c3"), on(m, "c4")
    assert m.power(togepi) == 20
    play(m, "battle c4 c3")  # 40 against 20: no card
    assert m.rev[togepi] and m.power(togepi) == 50 > 20
    play(m, "battle c3 c4")  # now 50 against 40: stronger, so no card either
    assert not is_drawing(m) and m.rev[pikachu]


def test_ho_oh_grows_stronger_when_turned_over() -> None:
    m = duel({"c3": "Ho-Oh"}, {"c4": "Geodude"}, to_move=SILVER)
    hooh, geodude = on(m, "c3"), on(m, "c4")
    draw(play(m, "battle c4 c3"), 10)  # 50 + 10 beats 50
    assert m.rev[hooh] and m.power(hooh) == 70 > 50
    play(m, "battle c3")  # a Legend names no defender when only one is there
    assert not is_drawing(m) and m.rev[geodude]


def test_magikarp_turns_into_gyarados() -> None:
    m = duel({"c3": "Magikarp"}, {"b3": "Pikachu"}, to_move=SILVER)
    karp = on(m, "c3")
    assert m.name(karp) == "Magikarp" and m.moves(karp) == ["c4"] and m.targets(karp) == []
    play(m, "battle b3 c3")  # Silver's west is the board's east
    assert m.rev[karp] and m.name(karp) == "Gyarados"
    assert m.power(karp) == 60 > 2 * BY_NAME["Magikarp"].front
    mine = {o for o in options(m) if o.split()[1] == "c3"}
    assert mine == {"move c3 c4", "move c3 c5", "move c3 d3", "move c3 c2", "battle c3 b3"}


# ------------------------------------------------------------------ the Plus Power deck


def test_a_face_up_card_cannot_be_drawn_until_the_reshuffle() -> None:
    m = duel({"c3": "Meowth"}, {"c4": "Meowth"})
    draw(play(m, "battle c3 c4"), 30)
    assert m.face_up == [30] and 30 not in m.face_down and len(m.face_down) == 7
    play(m, "battle c4 c3")  # Silver's turned-over Meowth (10) strikes back: a card
    d = m.pending
    assert isinstance(d, Chance) and d.size == 7
    assert 30 not in m.describe_pending()["values"]
    drawn = set()
    for outcome in d.outcomes():
        trial = m.clone()
        trial.resolve(outcome)
        drawn.add(next(ev[2] for ev in reversed(trial.log) if ev[0] == "draw"))
    assert drawn == set(PLUS_POWER) - {30}


def test_the_plus_70_reshuffles_every_face_up_card_after_the_battle() -> None:
    m = duel({"c3": "Meowth"}, {"c4": "Geodude"}, face_up=[10, 30])
    geodude = on(m, "c4")
    before = len(m.log)
    draw(play(m, "battle c3 c4"), 70)  # 20 + 70 beats 50: the card counted in this battle
    assert m.rev[geodude]
    assert m.face_up == [] and m.face_down == list(PLUS_POWER)
    assert tags(m, before) == ["battle", "draw", "flip", "reshuffle", "turn"]


def test_no_reshuffle_without_the_plus_70() -> None:
    m = duel({"c3": "Meowth"}, {"c4": "Geodude"}, face_up=[10, 30])
    draw(play(m, "battle c3 c4"), 60)
    assert m.face_up == [10, 30, 60] and "reshuffle" not in tags(m)
    assert sorted(m.face_down + m.face_up) == list(PLUS_POWER)


# ------------------------------------------------------------------ Legend Pieces


@pytest.mark.parametrize(("pieces", "summons"), [
    (0, set()), (1, set()), (2, {"entei"}), (3, {"entei"}), (4, {"entei", "hooh"}),
])
def test_a_summon_needs_its_cost_in_the_cost_area(pieces: int, summons: set[str]) -> None:
    names = ["Geodude", "Marill", "Pidgey", "Meowth"][:pieces]
    m = duel({"c3": "Pikachu"}, {}, cost=(names, []))
    assert {o.split()[1] for o in options(m) if o.startswith("summon")} == summons


def test_a_summon_spends_the_oldest_cost_pieces() -> None:
    m = duel({"c3": "Pikachu"}, {}, cost=(["Geodude", "Tamago", "Pidgey"], []))
    geodude, egg, pidgey = m.cost_area(GOLD)
    entei = piece(m, GOLD, "Entei")
    play(m, "summon entei c5")
    assert m.place[entei] == "c5" and not m.rev[entei]
    assert m.place[geodude] == m.place[egg] == "spent"
    assert m.cost_area(GOLD) == [pidgey]
    assert ("summon", GOLD, entei, "c5", 2) in m.log


def test_a_summon_goes_to_any_free_square() -> None:
    m = duel({"c3": "Pikachu"}, {"c4": "Meowth", "b5": "Geodude"},
             cost=(["Marill", "Pidgey"], []))
    squares = {o.split()[2] for o in options(m) if o.startswith("summon entei")}
    taken = {"a1", "c3", "c4", "b5", "e6"}
    assert squares == {f"{c}{r}" for c in "abcde" for r in range(1, 7)} - taken


def test_a_summon_ends_the_turn_and_the_legend_acts_on_the_next_own_turn() -> None:
    m = duel({"c2": "Pikachu"}, {"e4": "Meowth"}, cost=(["Marill", "Pidgey"], []))
    entei = piece(m, GOLD, "Entei")
    turn = m.turn
    play(m, "summon entei d3")
    assert m.current == SILVER and m.turn == turn + 1 and m.acted is False
    play(m, "move e6 d6")
    assert m.current == GOLD
    mine = [o for o in options(m) if o.split()[1] == "d3"]
    assert "move d3 d4" in mine and "move d3 d5" in mine  # Entei's double arrow
    assert "battle d3" in mine  # Silver's Meowth on e4 is to its north-east
    play(m, "battle d3")
    assert m.rev[on(m, "e4")] and m.place[entei] == "d3"


def test_q6_spent_pieces_never_come_back() -> None:
    m = duel({"c2": "Pikachu"}, {"e4": "Meowth"}, cost=(["Marill", "Pidgey"], []))
    spent = m.cost_area(GOLD)
    play(m, "summon entei d3")
    rng = random.Random(6)
    while not m.over:  # whatever happens after, they stay spent
        assert all(m.place[p] == "spent" for p in spent)
        assert not set(spent) & set(m.cost_area(GOLD))
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(d.sample(rng))
        else:
            m.apply(rng.choice(m.legal_actions())[0])
    assert all(m.place[p] == "spent" for p in spent)


def test_a_legend_beaten_on_its_reverse_goes_out_not_to_the_cost_area() -> None:
    four = ["Geodude", "Marill", "Pidgey", "Meowth"]
    m = duel({"c3": "Geodude"}, {"c4": "Lugia~"}, cost=([], four))
    lugia = on(m, "c4")
    play(m, "battle c3 c4")  # 50 beats the reverse Lugia's 40
    assert m.place[lugia] == "out" and lugia not in m.cost_area(SILVER)
    assert on(m, "c4") == -1 and ("out", lugia) in m.log
    # Out is for good: four Cost Area pieces buy Silver no Lugia any more.
    assert not any(o.startswith("summon lugia") for o in options(m))
    assert any(o.startswith("summon suicune") for o in options(m))


# ------------------------------------------------------------------ Tamago and Togepi


def test_tamago_can_neither_move_nor_start_a_battle() -> None:
    m = duel({"c3": "Tamago"}, {"c4": "Meowth", "d4": "Magikarp"})
    assert not any(o.split()[1] == "c3" for o in options(m))
    assert options(m)  # Togepi still moves


def test_a_tamago_loses_straight_away_and_its_eggs_go_to_the_cost_area() -> None:
    m = duel({"c3": "Magikarp"}, {"c4": "Tamago"})
    top, bottom = m.board["c4"][-1], m.board["c4"][0]
    play(m, "battle c3 c4")  # Magikarp's 10 needs no card against an egg
    assert not is_drawing(m)
    assert m.place[top] == "cost" and m.cost_area(SILVER) == [top]
    assert m.board["c4"] == [bottom] and ("egg", top, 1) in m.log
    assert not m.rev[on(m, "c3")]  # nobody counterattacks for an egg
    play(m, "move e6 d6", "battle c3 c4")
    assert m.cost_area(SILVER) == [top, bottom] and ("egg", bottom, 0) in m.log
    assert on(m, "c4") == -1  # the last egg leaves the square free
    play(m, "move d6 e6")
    assert "move c3 c4" in options(m)


def test_losing_togepi_on_its_reverse_side_loses_the_game() -> None:
    m = scene({"a1": "Togepi", "c3": "Geodude"}, {"c4": "Togepi~", "e6": "Pikachu"})
    draw(play(m, "battle c3 c4"), 10)  # 60 beats the reverse Togepi's 50
    assert m.over and m.winner == GOLD and m.result == "togepi" and m.pending is None
    assert m.log[-1] == ("win", GOLD, "togepi")


def test_a_reverse_togepi_that_attacks_and_loses_loses_the_game() -> None:
    m = scene({"c3": "Togepi~"}, {"c4": "Geodude", "e6": "Togepi"})
    draw(play(m, "battle c3 c4"), 0)  # 50 against 50: the tie is the defender's
    assert m.over and m.winner == SILVER and m.result == "togepi"


def test_a_front_togepi_that_loses_only_turns_over() -> None:
    m = scene({"a1": "Togepi", "c3": "Geodude"}, {"c4": "Togepi", "e6": "Pikachu"})
    play(m, "battle c3 c4")
    assert not m.over and m.rev[on(m, "c4")]


# ------------------------------------------------------------------ Q1-Q8


def test_q1_nobody_advances_after_a_battle() -> None:
    m = duel({"c3": "Pikachu"}, {"c4": "Meowth~"})
    pikachu = on(m, "c3")
    play(m, "battle c3 c4")
    assert m.place[pikachu] == "c3" and on(m, "c4") == -1
    assert m.current == SILVER  # no further choice for Gold: the turn is over
    assert m.choice is not None and m.choice.kind == "turn"


def test_q2_a_weaker_attacker_is_counterattacked() -> None:
    m = duel({"c3": "Meowth"}, {"c4": "Geodude"})
    meowth, geodude = on(m, "c3"), on(m, "c4")
    draw(play(m, "battle c3 c4"), 20)  # 40 is still short of 50
    assert m.rev[meowth] and not m.rev[geodude]
    play(m, "move e6 d6")
    draw(play(m, "battle c3 c4"), 10)  # turned over (10), it loses again: Cost Area
    assert m.place[meowth] == "cost" and m.cost_area(GOLD) == [meowth]
    assert not m.rev[geodude]


def test_q4_only_an_adjacent_piece_can_be_battled_even_with_a_double_arrow() -> None:
    m = duel({"c2": "Marill"}, {"c4": "Meowth"})  # Marill: N2 on its front
    assert "battle c2 c4" not in options(m)
    assert "move c2 c3" in options(m) and "move c2 c4" not in options(m)
    play(m, "move c2 c3")
    assert options(m) == ["battle c3 c4", "stay"]


def test_q4_a_double_diagonal_arrow_reaches_only_the_adjacent_square() -> None:
    m = duel({"b2": "Pidgey"}, {"d4": "Meowth"})  # Pidgey: NE2 reaches c3, d4 by moving
    assert not any(o.startswith("battle") for o in options(m))
    assert "move b2 c3" in options(m)


def test_q5_the_defender_needs_no_arrow_back() -> None:
    m = duel({"c3": "Pikachu"}, {"d3": "Magikarp"})  # Silver's Magikarp looks at d2 only
    karp = on(m, "d3")
    assert m.targets(karp) == []
    play(m, "battle c3 d3")
    assert m.rev[karp]


def test_q7_a_player_who_can_neither_move_nor_battle_loses() -> None:
    # Gold's Togepi in the far corner, boxed in by its own eggs and a Magikarp whose only
    # arrow (north) points at an egg; no Cost Area, so no summon.
    gold = {"a6": "Togepi", "a5": "Tamago", "b6": "Tamago", "b5": "Magikarp"}
    m = scene(gold, {"e1": "Togepi", "e3": "Pikachu"}, to_move=SILVER)
    assert not any(o.startswith("pass") for o in options(m))
    turn = m.turn
    play(m, "move e3 d3")
    assert m.over and m.winner == SILVER and m.result == "no_moves"
    assert m.log[-2:] == [("turn", GOLD, turn + 1), ("win", SILVER, "no_moves")]
    # The same position with Gold to move is no game to load: it is already over.
    with pytest.raises(InvalidPosition, match="nothing to do"):
        scene(gold, {"e1": "Togepi", "e3": "Pikachu"}, to_move=GOLD)


def test_q7_two_cost_pieces_are_a_way_out() -> None:
    gold = {"a6": "Togepi", "a5": "Tamago", "b6": "Tamago", "b5": "Magikarp"}
    m = scene(gold, {"e1": "Togepi", "e3": "Pikachu"}, to_move=SILVER,
              cost=(["Geodude", "Marill"], []))
    play(m, "move e3 d3")
    assert not m.over and all(o.startswith("summon entei") for o in options(m))


def test_q8_a_legend_against_two_draws_even_though_it_beats_one() -> None:
    m = duel({"c3": "Ho-Oh"}, {"b4": "Meowth", "d4": "Geodude"})
    hooh, meowth, geodude = on(m, "c3"), on(m, "b4"), on(m, "d4")
    play(m, "battle c3")
    ch = m.choice
    assert ch is not None and ch.kind == "defenders" and (ch.min, ch.max) == (1, 2)
    assert sorted(options(m)) == ["b4", "d4"]
    play(m, "b4 + d4")
    assert is_drawing(m)
    draw(m, 0)  # 50 beats Meowth's 20, ties Geodude's 50
    assert m.rev[meowth] and m.rev[hooh] and not m.rev[geodude]


def test_q8_a_legend_that_beats_both_loses_nothing() -> None:
    m = duel({"c3": "Ho-Oh"}, {"b4": "Meowth", "d4": "Geodude"})
    hooh, meowth, geodude = on(m, "c3"), on(m, "b4"), on(m, "d4")
    draw(play(m, "battle c3", "b4 + d4"), 10)
    assert m.rev[meowth] and m.rev[geodude] and not m.rev[hooh]


def test_q8_a_legend_taking_on_only_the_weaker_piece_draws_no_card() -> None:
    m = duel({"c3": "Ho-Oh"}, {"b4": "Meowth", "d4": "Geodude"})
    play(m, "battle c3", "b4")
    assert not is_drawing(m) and m.rev[on(m, "b4")] and not m.rev[on(m, "d4")]


def test_q8_the_reverse_lugia_example() -> None:
    """The fragment's example: reverse Lugia (40) takes on a front Meowth (20) and Ho-Oh
    (50) and draws +0: Meowth is turned over, and Lugia, beaten on its reverse, goes out."""
    m = scene({"a1": "Togepi", "b3": "Meowth", "d3": "Ho-Oh"},
              {"c4": "Lugia~", "e6": "Togepi"}, to_move=SILVER)
    lugia, meowth, hooh = on(m, "c4"), on(m, "b3"), on(m, "d3")
    assert m.power(lugia) == 40 and m.power(meowth) == 20 and m.power(hooh) == 50
    before = len(m.log)
    play(m, "battle c4", "b3 + d3")
    draw(m, 0)
    assert m.rev[meowth] and m.place[meowth] == "b3"
    assert not m.rev[hooh] and m.place[hooh] == "d3"
    assert m.place[lugia] == "out" and m.cost_area(SILVER) == []
    assert m.log[before:before + 4] == [("battle", SILVER, lugia, ("b3", "d3")),
                                        ("draw", SILVER, 0), ("flip", meowth),
                                        ("out", lugia)]


def test_a_legend_that_beats_a_reverse_togepi_settles_the_whole_battle_then_wins() -> None:
    """Every result of one battle happens together, whatever the order of the defenders;
    then the fallen Togepi ends the game, and the win is the log's last line."""
    m = scene({"a1": "Togepi", "c3": "Ho-Oh"}, {"b4": "Togepi~", "d4": "Geodude"})
    hooh, geodude = on(m, "c3"), on(m, "d4")
    play(m, "battle c3", "b4 + d4")
    draw(m, 10)  # 60 beats Togepi's 50 (the game is won) and Geodude's 50
    assert m.over and m.winner == 0 and m.result == "togepi"
    assert m.log[-1] == ("win", 0, "togepi") and m.rev[geodude] and not m.rev[hooh]


# ------------------------------------------------------------------ moving


def test_a_double_arrow_moves_one_or_two_squares() -> None:
    m = duel({"c2": "Marill"}, {})
    assert {"move c2 c3", "move c2 c4", "move c2 c1"} <= set(options(m))
    assert not any(o.startswith("move c2 c5") for o in options(m))


@pytest.mark.parametrize("blocker", ["Meowth", "Meowth~", "Tamago"])
def test_a_double_arrow_never_jumps_a_piece(blocker: str) -> None:
    m = duel({"c2": "Marill"}, {"c3": blocker})
    mine = {o for o in options(m) if o.split()[1] == "c2"}
    assert "move c2 c3" not in mine and "move c2 c4" not in mine
    m = duel({"c2": "Marill", "c4": "Pikachu"}, {})
    assert "move c2 c3" in options(m) and "move c2 c4" not in options(m)


def test_silvers_arrows_point_the_other_way() -> None:
    m = scene({"a1": "Togepi"}, {"c4": "Pikachu", "c6": "Pidgey", "e6": "Togepi"},
              to_move=SILVER)
    assert {o for o in options(m) if o.split()[1] == "c4"} == \
        {"move c4 c3", "move c4 b4", "move c4 c5", "move c4 d4"}
    assert {o for o in options(m) if o.split()[1] == "c6"} == \
        {"move c6 b5", "move c6 a4", "move c6 d5", "move c6 e4"}  # NE2 NW2; S is off


def test_after_a_move_the_piece_may_battle_or_stay() -> None:
    m = duel({"c2": "Pikachu"}, {"c4": "Meowth"})
    play(m, "move c2 c3")
    ch = m.choice
    assert ch is not None and ch.kind == "after_move" and ch.player == GOLD
    assert options(m) == ["battle c3 c4", "stay"]
    stay = m.clone()
    play(stay, "stay")
    assert stay.current == SILVER and stay.quiet == 1 and not stay.rev[on(stay, "c4")]
    play(m, "battle c3 c4")
    assert m.current == SILVER and m.quiet == 0 and m.rev[on(m, "c4")]


def test_a_move_with_no_battle_after_it_ends_the_turn() -> None:
    m = duel({"c2": "Pikachu"}, {"c5": "Meowth"})
    play(m, "move c2 c3")
    assert m.current == SILVER and m.choice is not None and m.choice.kind == "turn"


def test_a_legend_may_battle_after_moving() -> None:
    m = duel({"c2": "Entei"}, {"b5": "Meowth", "d5": "Pikachu"})
    play(m, "move c2 c4")
    assert options(m) == ["battle c4", "stay"]
    play(m, "battle c4")
    assert sorted(options(m)) == ["b5", "d5"]


# ------------------------------------------------------------------ start and end


@pytest.mark.parametrize(("heads", "first"), [(True, GOLD), (False, SILVER)])
def test_the_first_player_is_a_coin(heads: bool, first: int) -> None:
    m = PiecesGame().new_state()
    d = m.pending
    assert isinstance(d, Chance) and d.kind == "coin"
    m.resolve(heads)
    assert m.current == first and m.turn == 1 and m.log[:2] == [("first", first),
                                                                ("turn", first, 1)]


def test_sixty_quiet_turns_are_a_draw() -> None:
    m = duel({"c2": "Pikachu"}, {"c5": "Pikachu"})
    shuffle = ["move c2 c3", "move c5 c6", "move c3 c2", "move c6 c5"]  # never adjacent
    for n in range(QUIET_LIMIT):
        assert not m.over and m.quiet == n
        play(m, shuffle[n % 4])
    assert m.over and m.winner is None and m.result == "quiet"
    assert m.log[-1] == ("drawn", "quiet")


@pytest.mark.parametrize("act", ["battle c3 c4", "summon entei e3"])
def test_a_battle_or_a_summon_restarts_the_quiet_count(act: str) -> None:
    m = duel({"c3": "Pikachu"}, {"c4": "Meowth"}, quiet=QUIET_LIMIT - 1,
             cost=(["Marill", "Pidgey"], []))
    play(m, act)
    assert not m.over and m.quiet == 0
    m = duel({"c3": "Pikachu"}, {"c4": "Meowth"}, quiet=QUIET_LIMIT - 1)
    play(m, "move c3 d3")
    assert m.over and m.result == "quiet"


def test_a_live_position_with_sixty_quiet_turns_does_not_load() -> None:
    pos = scene_position(*QUIET_TOGEPIS, quiet=QUIET_LIMIT)
    with pytest.raises(InvalidPosition):
        PiecesGame().load(pos)
