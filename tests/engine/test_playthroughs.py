"""Golden playthroughs (OpenSpiel's idea): whole matches written as text, one line per
decision with every option offered and the answer, and one per chance node, checked in
under tests/engine/playthroughs/. Any change in what the engine offers, how it describes
it, what the players choose or how a match ends shows as a diff of a readable file.

Regenerate after an intended change, and read the diff before committing it:

    HANDHELD_UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/engine/test_playthroughs.py

The transcripts pin the engine (and the computer players) through the same public surface
the protocol uses: ``pending``, ``describe``, ``apply`` and ``resolve``. Coins and shuffles
come from ``random.Random(seed)``, so a transcript names the coin's face and the size of a
shuffle, not the order of the cards.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from handheld.cards import deck_era, default_pool, load_deck
from handheld.engine import Chance, Choice, Match
from handheld.players import chance_outcome, make_player

FOLDER = Path(__file__).parent / "playthroughs"
UPDATE = os.environ.get("HANDHELD_UPDATE_PLAYTHROUGHS") == "1"
MAX_DECISIONS = 5_000

# (name, deck 1, deck 2, player 1, player 2, seed): every ready-made deck plays at least
# once, both computer players in both seats, long random games and short greedy ones.
MATCHES = [
    ("theme_greedy_1", "blazing_quake", "tidal_mind", "greedy", "greedy", 1),
    ("theme_greedy_2", "blazing_quake", "tidal_mind", "greedy", "greedy", 2),
    ("theme_random_vs_greedy", "tidal_mind", "blazing_quake", "random", "greedy", 3),
    ("dark_steel_vs_ember_blaze", "dark_steel", "ember_blaze", "greedy", "greedy", 4),
    ("mind_games_vs_poison_garden", "mind_games", "poison_garden", "random", "random", 5),
    ("rock_crusher_vs_sky_flock", "rock_crusher", "sky_flock", "greedy", "random", 6),
    ("thunder_link_vs_tidal_surge", "thunder_link", "tidal_surge", "greedy", "greedy", 7),
    ("verdant_bounty_vs_dark_steel", "verdant_bounty", "dark_steel", "random", "greedy", 8),
    ("ember_blaze_vs_mind_games", "ember_blaze", "mind_games", "greedy", "greedy", 9),
    ("poison_garden_vs_rock_crusher", "poison_garden", "rock_crusher", "greedy", "greedy", 10),
    ("sky_flock_vs_thunder_link", "sky_flock", "thunder_link", "random", "random", 11),
    ("tidal_surge_vs_verdant_bounty", "tidal_surge", "verdant_bounty", "greedy", "greedy", 12),
    # The Platinum era (its decks' era): every one of its fourteen decks at least once.
    ("pl_theme_greedy", "flame_rush", "tidal_guard", "greedy", "greedy", 13),
    ("pl_theme_random_vs_greedy", "tidal_guard", "flame_rush", "random", "greedy", 14),
    ("pl_bug_swarm_vs_colorless_crowd", "bug_swarm", "colorless_crowd", "greedy", "greedy", 15),
    ("pl_eevee_spectrum_vs_elite_mind", "eevee_spectrum", "elite_mind", "random", "random", 16),
    ("pl_frozen_sea_vs_haunted_galaxy", "frozen_sea", "haunted_galaxy", "greedy", "random", 17),
    ("pl_night_raid_vs_quake_stone", "night_raid", "quake_stone", "greedy", "greedy", 18),
    ("pl_rock_gym_vs_steel_time", "rock_gym", "steel_time", "random", "greedy", 19),
    ("pl_thunder_gym_vs_verdant_growth", "thunder_gym", "verdant_growth", "greedy", "greedy",
     20),
    # The Black & White era: every one of its twenty-one decks at least once.
    ("bw_theme_greedy", "crimson_spark", "tidal_blade", "greedy", "greedy", 21),
    ("bw_theme_random_vs_greedy", "tidal_blade", "crimson_spark", "random", "greedy", 22),
    ("bw_deep_current_vs_dojo_brawl", "deep_current", "dojo_brawl", "greedy", "greedy", 23),
    ("bw_dragon_summit_vs_ember_legion", "dragon_summit", "ember_legion", "random", "random", 24),
    ("bw_evolution_fair_vs_fossil_quarry", "evolution_fair", "fossil_quarry", "greedy", "random",
     25),
    ("bw_glacier_guard_vs_inferno_dance", "glacier_guard", "inferno_dance", "random", "greedy", 26),
    ("bw_iron_gears_vs_mind_maze", "iron_gears", "mind_maze", "greedy", "greedy", 27),
    ("bw_night_spear_vs_open_skies", "night_spear", "open_skies", "random", "random", 28),
    ("bw_phantom_gate_vs_riptide_reef", "phantom_gate", "riptide_reef", "greedy", "random", 29),
    ("bw_shadow_claw_vs_silk_and_spore", "shadow_claw", "silk_and_spore", "random", "greedy", 30),
    ("bw_spark_parade_vs_storm_circuit", "spark_parade", "storm_circuit", "greedy", "greedy", 31),
    ("bw_verdant_crown_vs_deep_current", "verdant_crown", "deep_current", "random", "random", 32),
    # The Call of Legends era: every one of its twelve decks at least once.
    ("col_theme_greedy", "blazing_ascent", "tidal_crest", "greedy", "greedy", 33),
    ("col_theme_random_vs_greedy", "tidal_crest", "blazing_ascent", "random", "greedy", 34),
    ("col_sacred_flame_vs_ocean_legend", "sacred_flame", "ocean_legend", "greedy", "greedy", 87),
    ("col_eevee_prism_vs_harbor_cove", "eevee_prism", "harbor_cove", "random", "greedy", 36),
    ("col_meadow_bloom_vs_mind_haze", "meadow_bloom", "mind_haze", "greedy", "random", 37),
    ("col_quake_fang_vs_sky_parade", "quake_fang", "sky_parade", "greedy", "greedy", 38),
    ("col_steel_storm_vs_town_square", "steel_storm", "town_square", "random", "random", 39),
]


def _answer_labels(m: Match, d: Choice, answer: Any) -> str:
    picked = [answer] if isinstance(answer, int) else list(answer)
    return " + ".join(m.describe(d.options[i]) for i in picked) if picked else "(none)"


def transcript(deck1: str, deck2: str, player1: str, player2: str, seed: int) -> str:
    """The whole match as text (see the module's docstring)."""
    pool = default_pool()
    decks = (load_deck(deck1), load_deck(deck2))
    m = Match(pool, decks, era=deck_era(pool, [*decks[0], *decks[1]]))
    rng = random.Random(seed)
    players = [make_player(player1, seed * 10 + 1), make_player(player2, seed * 10 + 2)]
    lines = [f"# P1 {player1} with {deck1}, P2 {player2} with {deck2}, seed {seed}"]
    decisions = 0
    while not m.over:
        d = m.pending
        if isinstance(d, Chance):
            outcome = chance_outcome(d, rng)
            if d.kind == "coin":
                lines.append(f"t{m.turn} coin: {'heads' if outcome else 'tails'}")
            else:
                lines.append(f"t{m.turn} {d.kind} of {d.size}")
            m.resolve(outcome)
            continue
        assert isinstance(d, Choice), f"the match waits for nothing at turn {m.turn}"
        answer = players[d.player].choose(m, d)
        offered = " | ".join(m.describe(o) for o in d.options)
        lines.append(f"t{m.turn} P{d.player + 1} {d.kind} [{d.min}-{d.max}] {{{offered}}} "
                     f"=> {_answer_labels(m, d, answer)}")
        m.apply(answer)
        decisions += 1
        assert decisions <= MAX_DECISIONS, "the match did not end"
    winner = "nobody" if m.winner is None else f"P{m.winner + 1}"
    lines.append(f"# over at turn {m.turn}: {winner} wins by {m.result}"
                 f"{' after Sudden Death' if m.sudden_death else ''}; {decisions} decisions")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("match", MATCHES, ids=[m[0] for m in MATCHES])
def test_the_match_plays_as_its_golden_transcript(match: tuple[Any, ...]) -> None:
    name, *args = match
    text = transcript(*args)
    path = FOLDER / f"{name}.txt"
    if UPDATE:
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden {path.name}: run with HANDHELD_UPDATE_PLAYTHROUGHS=1"
    golden = path.read_text(encoding="utf-8").splitlines()
    got = text.splitlines()
    for number, (want, have) in enumerate(zip(golden, got, strict=False), 1):
        assert have == want, f"{path.name}:{number} differs\n  golden: {want}\n  now:    {have}"
    assert len(got) == len(golden), f"{path.name}: {len(golden)} lines golden, {len(got)} now"


def test_every_golden_transcript_belongs_to_a_match() -> None:
    """A transcript whose match was dropped from MATCHES would never be checked again."""
    names = {m[0] for m in MATCHES}
    files = {p.stem for p in FOLDER.glob("*.txt")}
    assert files == names


def test_a_transcript_notices_a_changed_answer() -> None:
    """The comparison can fail: the same match with another seed differs from the golden."""
    golden = (FOLDER / "theme_greedy_1.txt").read_text(encoding="utf-8")
    assert transcript("blazing_quake", "tidal_mind", "greedy", "greedy", 99) != golden
