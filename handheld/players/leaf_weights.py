"""The leaf evaluation's weights, one logistic model per era (and ``all``).

Written by tools/fit_leaf.py; do not edit by hand. Fitted with:

    python tools/fit_leaf.py --games 2500 --seed 0 --out handheld/players/leaf_weights.py

Each model's weights follow handheld.players.leaf.FEATURES, then the to-move term.
"""

from __future__ import annotations

NAMES = (
    'prizes_left',
    'no_bench',
    'bench_up_to_2',
    'bench_up_to_5',
    'energy_in_play',
    'evolutions',
    'damage',
    'active_damage',
    'hand',
    'deck_short',
    'to_move',
)
WEIGHTS: dict[str, tuple[float, ...]] = {
    'expedition': (
        -0.6214, -0.253, 0.2146, -0.0411, 0.1684, 0.2438,
        -0.6607, -0.4461, 0.1067, -0.905, 0.1204,
    ),
    'platinum': (
        -0.3752, -0.4073, 0.1903, -0.034, 0.2799, 0.4051,
        -0.3699, -0.5961, 0.122, -2.1503, 0.1281,
    ),
    'call_of_legends': (
        -0.4439, -0.5495, 0.0177, 0.0468, 0.1122, 0.1383,
        -0.1321, -0.7022, -0.0203, -0.7333, 0.1987,
    ),
    'black_white': (
        -0.4073, -0.3026, 0.0125, 0.1654, 0.2457, 0.2383,
        -0.4897, -0.4221, 0.0861, -1.2619, 0.1748,
    ),
    'all': (
        -0.4522, -0.3709, 0.1094, 0.0269, 0.1878, 0.2417,
        -0.3538, -0.5575, 0.0599, -1.0288, 0.1577,
    ),
}
# Per model: positions fitted, positions held out, and the held-out log-loss
# of the model and of a constant guess (lower is better; a coin is 0.693).
FIT: dict[str, tuple[int, int, float, float]] = {
    'expedition': (29957, 30018, 0.5046, 0.6939),
    'platinum': (31139, 30347, 0.5175, 0.6933),
    'call_of_legends': (28577, 28883, 0.5579, 0.6944),
    'black_white': (25761, 25503, 0.4991, 0.6939),
    'all': (115434, 114751, 0.5229, 0.6936),
}
