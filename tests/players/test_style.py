"""Styles are data: checked when made, round-tripped through plain dicts."""

from __future__ import annotations

import pytest

from handheld.players.style import PLAIN, STYLES, Style, style_named


def test_every_named_style_round_trips() -> None:
    for name, style in STYLES.items():
        assert style.name == name
        assert Style.from_dict(style.to_dict()) == style


def test_plain_weights_are_one() -> None:
    assert all(v == 1.0 for k, v in PLAIN.to_dict().items() if k != "name")
    assert STYLES["swarm"].bench > 1.0 > STYLES["hoarder"].energy


@pytest.mark.parametrize("bad", [{"bench": -1.0}, {"energy": 9}, {"aggression": "lots"}])
def test_out_of_range_weights_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="must be a number from 0 to 4"):
        Style("x", **bad)  # type: ignore[arg-type]


def test_unknown_names_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown style weights: speed"):
        Style.from_dict({"name": "x", "speed": 2.0})
    with pytest.raises(ValueError, match="unknown style 'sneaky'"):
        style_named("sneaky")


def _attach_moves(style_name: str, seeds: range) -> int:
    """How many Energy attachments seat 0 (greedy, in ``style_name``) makes over the games."""
    from handheld.cards import default_pool, load_deck
    from handheld.engine import Choice, Match
    from handheld.engine.notation import ATTACH
    from handheld.players import GreedyPlayer, play_match

    class Counting(GreedyPlayer):
        attaches = 0

        def choose(self, m: Match, choice: Choice) -> int | list[int]:
            answer = super().choose(m, choice)
            if choice.kind == "main" and isinstance(answer, int) \
                    and choice.options[answer][0] == ATTACH:
                Counting.attaches += 1
            return answer

    pool = default_pool()
    decks = (load_deck("blazing_quake"), load_deck("tidal_mind"))
    for seed in seeds:
        play_match(pool, decks, [Counting(seed, STYLES[style_name]), GreedyPlayer(seed + 1)],
                   seed)
    return Counting.attaches


def test_a_hoarder_attaches_far_less_energy_than_the_plain_player() -> None:
    plain, hoarder = _attach_moves("plain", range(4)), _attach_moves("hoarder", range(4))
    assert plain > 0
    assert hoarder < 0.7 * plain


def test_random_players_take_no_style_and_greedy_keeps_it() -> None:
    from handheld.players import GreedyPlayer, make_player

    player = make_player("greedy", 1, style=STYLES["brawler"])
    assert isinstance(player, GreedyPlayer) and player.style is STYLES["brawler"]
    assert make_player("random", 1, style=STYLES["brawler"]).name == "random"
