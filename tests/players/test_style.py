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
