"""The players: random answers are always legal, greedy plays well, the simulator counts
errors instead of stopping."""

from __future__ import annotations

import random
from typing import Any

import pytest

from handheld.cards import default_pool, load_deck
from handheld.engine import Chance, Choice, Match
from handheld.players import GreedyPlayer, RandomPlayer, chance_outcome, make_player, play_match
from handheld.players.basic import (
    Memo,
    attack_value,
    best_own_attack,
    energy_value,
    readiness,
    retreat_value,
)
from handheld.sim import run_sim
from tests.engine.fixtures import evolution_line

POOL = default_pool()
DECKS = [load_deck("blazing_quake"), load_deck("tidal_mind")]


def test_random_answers_are_legal_including_multi_picks() -> None:
    player = RandomPlayer(3)
    seen_multi = False
    for seed in range(3):
        m = Match(POOL, DECKS, record_log=False)
        rng = random.Random(seed)
        while not m.over:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(chance_outcome(d, rng))
                continue
            a = player.choose(m, d)
            if isinstance(a, list):
                seen_multi = True
                assert tuple(sorted(a)) in {tuple(sorted(x)) for x in m.legal_actions()}
            m.apply(a)
    assert seen_multi


def test_greedy_beats_random_with_either_deck() -> None:
    wins = 0
    for seed in range(20):
        decks = (DECKS[0], DECKS[1]) if seed % 2 else (DECKS[1], DECKS[0])
        _, rec = play_match(POOL, decks, [GreedyPlayer(seed), RandomPlayer(seed)], seed)
        wins += rec.winner == 0
    assert wins >= 16  # about 95% over many games (see the closing note's benchmark)


def test_greedy_takes_the_knock_out() -> None:
    from tests.engine.scenario import authoring_position

    pos = authoring_position({"players": [
        {"active": {"cards": ["ecard1-86"], "energy": ["ecard1-161*3"]},
         "hand": ["ecard1-165"]},
        {"active": {"cards": ["ecard1-20"], "damage": 40},
         "bench": [{"cards": ["ecard1-93"]}]}]})
    m = Match.from_position(POOL, pos)
    assert isinstance(m.pending, Choice)
    labels = [m.describe(o) for o in m.pending.options]
    ko = labels.index("Attack: Thrash 30+")
    # Thrash does 30 or 40: a sure Knock Out of a Mewtwo with 30 HP left.
    assert attack_value(m, 0, *m.pending.options[ko][1:]) > attack_value(
        m, 0, *m.pending.options[labels.index("Attack: Flaming Punch 10")][1:])
    choice = GreedyPlayer(0).choose(m, m.pending)
    assert labels[choice] in ("Attack: Thrash 30+", "Attach Water Energy to Magmar (Active)")


def test_the_greedy_memo_gives_the_values_worked_out_afresh() -> None:
    """Within one decision the greedy player keeps the values it worked out (a memo); every
    value read through a memo, filled in any order, must equal the one worked out without.
    Checked at every main-phase decision of greedy matches, for every Pokémon in play
    (attacking as itself and from the Bench), every Energy in hand and every retreat."""
    checked = 0

    def check(m: Match) -> None:
        nonlocal checked
        d = m.pending
        if m.over or not isinstance(d, Choice) or d.kind != "main":
            return
        me = m.current
        slots = [s for p in m.players for s in p.in_play()]
        energy = [c for c in m.players[me].hand if m.defs[c].kind == 2]
        # Two memos, filled in opposite orders: a value must not depend on what was asked
        # before it.
        for order in (slots, slots[::-1]):
            memo: Memo = {}
            for s in order:
                for i, atk in enumerate(m.defs[s.top].attacks):
                    assert attack_value(m, s.owner, s.top, i, attacker=s, memo=memo) == \
                        attack_value(m, s.owner, s.top, i, attacker=s), atk.name
                assert readiness(m, s, memo) == readiness(m, s)
                for c in energy:
                    assert energy_value(m, c, s, memo) == energy_value(m, c, s)
                if s.owner == me and s is not m.players[me].active:
                    assert retreat_value(m, me, s, memo) == retreat_value(m, me, s)
            assert best_own_attack(m, me, memo) == best_own_attack(m, me)
        checked += 1

    for seed in range(4):
        decks = (DECKS[0], DECKS[1]) if seed % 2 else (DECKS[1], DECKS[0])
        play_match(POOL, decks, [GreedyPlayer(seed), GreedyPlayer(seed + 1)], seed,
                   on_decision=check)
    assert checked > 100


def test_unknown_player_name_is_refused() -> None:
    try:
        make_player("wizard")
    except ValueError as exc:
        assert "random, greedy" in str(exc)
    else:
        raise AssertionError("expected ValueError")


class BrokenPlayer(RandomPlayer):
    name = "broken"

    def choose(self, m: Match, choice: Choice) -> int:
        if m.turn >= 3:
            return len(choice.options)  # one past the end: an illegal answer
        return super().choose(m, choice)


def test_sim_counts_errors_with_their_seed_and_goes_on(monkeypatch) -> None:
    import handheld.players as players

    monkeypatch.setitem(players.PLAYERS, "broken", lambda seed, style=None: BrokenPlayer(seed))
    stats = run_sim(POOL, DECKS, ["broken", "random"], 3, seed=40)
    assert stats["errors"] == 3 and stats["completed"] == 0
    sample = stats["error_samples"][0]
    assert sample["seed"] == 40 and sample["error"].startswith("IllegalAction")


def _lightning_strike(defender_damage: int) -> Match:
    """Ampharos (2 Lightning + 2 Water) uses Lightning Strike on a Chansey (90 HP) and is
    asked whether to discard its Lightning Energy for 80 damage instead of 40."""
    from tests.engine.scenario import authoring_position

    pos = authoring_position({"players": [
        {"active": {"cards": evolution_line(POOL, "ecard1-34"),   # Ampharos on its line
                    "energy": ["ecard1-163*2", "ecard1-165*2"]}},
        {"active": {"cards": ["ecard1-72"], "damage": defender_damage},
         "bench": [{"cards": ["ecard1-72"]}]}]})
    m = Match.from_position(POOL, pos)
    labels = [m.describe(o) for o in m.pending.options]
    m.apply(next(i for i, t in enumerate(labels) if "Lightning Strike" in t))
    assert isinstance(m.pending, Choice) and m.pending.kind == "yes_no"
    return m


def test_greedy_discards_energy_only_when_the_extra_damage_matters() -> None:
    # 50 HP left: only 80 damage Knocks Out, so the Energy is worth giving up.
    m = _lightning_strike(40)
    assert m.describe(m.pending.options[GreedyPlayer().choose(m, m.pending)]) == "Yes"
    # 30 HP left: 40 damage Knocks Out anyway; keep the Energy.
    m = _lightning_strike(60)
    assert m.describe(m.pending.options[GreedyPlayer().choose(m, m.pending)]) == "No"


def test_greedy_puts_the_card_it_needs_on_top() -> None:
    from tests.engine.scenario import authoring_position

    # Machamp's Terraforming; the Active Machop can evolve into the Machoke in the deck.
    pos = authoring_position({"players": [
        {"active": {"cards": ["ecard1-117"]},
         "bench": [{"cards": evolution_line(POOL, "ecard1-51")}],
         "deck": ["ecard1-165", "ecard1-165", "ecard1-85"]},
        {"active": {"cards": ["ecard1-72"]}}]})
    m = Match.from_position(POOL, pos)
    labels = [m.describe(o) for o in m.pending.options]
    m.apply(labels.index(next(t for t in labels if "Terraforming" in t)))
    assert isinstance(m.pending, Choice) and m.pending.kind == "order"
    pick = m.pending.options[GreedyPlayer().choose(m, m.pending)]
    assert m.defs[pick[1]].name == "Machoke"


def test_play_match_stops_on_a_match_that_waits_for_nothing(monkeypatch) -> None:
    """A match neither over nor waiting for a choice or chance is an engine bug: both
    driver loops say so instead of looping forever or failing on ``None.player``."""
    import handheld.players.driver as driver

    def stalled(*args: Any, **kwargs: Any) -> Match:
        return Match(*args, **{**kwargs, "start": False})  # never runs: pending stays None

    monkeypatch.setattr(driver, "Match", stalled)
    players = [RandomPlayer(0), RandomPlayer(1)]
    for record_answers in (False, True):
        with pytest.raises(RuntimeError, match="waits for nothing"):
            play_match(POOL, DECKS, players, 5, record_answers=record_answers)


def test_a_time_limit_ends_a_match_that_runs_too_long() -> None:
    """A tournament's time limit (in decisions) calls time: the player with fewer Prizes
    left wins, or a Sudden Death game decides; without a limit a long match raises."""
    from handheld.players.driver import MatchTooLong

    decks = (load_deck("blazing_quake"), load_deck("tidal_mind"))
    players = [RandomPlayer(1), RandomPlayer(2)]
    with pytest.raises(MatchTooLong, match="did not end after 30 decisions"):
        play_match(POOL, decks, players, 4, max_decisions=30)
    m, rec = play_match(POOL, decks, [RandomPlayer(1), RandomPlayer(2)], 4, time_limit=30)
    assert m.over and rec.time_called >= 1 and rec.winner in (0, 1)
    assert rec.result == "time" or m.sudden_death >= 1
    assert rec.decisions > 30


def _damage_switch_games(games: int, first: Any = GreedyPlayer,
                         ) -> tuple[int, int, list[dict[str, Any]]]:
    """Greedy against greedy with Elite Mind (Alakazam 4 LV.X's Damage Switch moves damage
    counters between its own Pokémon SP, as often as one likes): the most uses of it in one
    turn, the uses in all, and seat 0's state at each of its decisions. ``first(seed)``
    makes seat 0's player."""
    from handheld.engine.eras import ERAS
    from handheld.engine.notation import EV_POWER, EV_TURN

    most = total = 0
    states: list[dict[str, Any]] = []
    for g in range(games):
        names = ["elite_mind", "tidal_guard"] if g % 2 == 0 else ["tidal_guard", "elite_mind"]
        m = Match(POOL, [load_deck(n) for n in names], ERAS["platinum"].ruleset,
                  validate=False)
        chance = random.Random(g)
        players = [first(g), GreedyPlayer(g + 1)]
        while not m.over:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(d.sample(chance))
                continue
            assert isinstance(d, Choice)
            if d.player == 0 and len(states) < 400:
                states.append(players[0].get_state())
            m.apply(players[d.player].choose(m, d))
        turn = 0
        uses: dict[int, int] = {}
        for ev in m.log:
            if ev[0] == EV_TURN:
                turn += 1
            elif ev[0] == EV_POWER and ev[3] == "Damage Switch":
                uses[turn] = uses.get(turn, 0) + 1
        most = max(most, *uses.values(), 0)
        total += sum(uses.values())
    return most, total, states


def test_greedy_uses_a_power_without_a_limit_a_few_times_a_turn() -> None:
    """Damage Switch is worth the same on every position, so greedy once moved a counter back
    and forth until its move limit (40 uses a turn): now at most MAX_UNLIMITED_POWER_USES."""
    from handheld.players.basic import MAX_UNLIMITED_POWER_USES

    most, total, _ = _damage_switch_games(12)
    assert total > 0, "no game used Damage Switch: the test checks nothing"
    assert 1 <= most <= MAX_UNLIMITED_POWER_USES


def test_the_search_player_keeps_to_the_same_few_uses() -> None:
    """A search player's scorer is told the moves the search makes, so the searched moves
    and the scorer's own together keep to MAX_UNLIMITED_POWER_USES (``easy`` slips too)."""
    from handheld.players.basic import MAX_UNLIMITED_POWER_USES
    from handheld.players.search import SearchPlayer

    for level in ("easy", "normal"):
        most, total, _ = _damage_switch_games(
            4, lambda seed, level=level: SearchPlayer(seed, level, iterations=6))
        assert total > 0, f"{level}: no game used Damage Switch: the test checks nothing"
        assert most <= MAX_UNLIMITED_POWER_USES, level


def test_greedy_state_keeps_its_power_uses_and_reads_older_states() -> None:
    import json

    _, _, states = _damage_switch_games(4)
    counted = [s for s in states if s["power_uses"]]
    assert counted, "no state held a count: the test checks nothing"
    for state in counted[:20]:
        p = GreedyPlayer(0)
        p.set_state(json.loads(json.dumps(state)))
        assert p.get_state() == state
    old = dict(counted[0])
    del old["power_uses"]  # saved before the count was kept
    p = GreedyPlayer(0)
    p.set_state(old)
    assert p.get_state()["power_uses"] == []
    with pytest.raises(ValueError):
        p.set_state({**old, "power_uses": [[1, 2]]})
    with pytest.raises(ValueError):
        p.set_state({**old, "power_uses": [[1, 0, 1]] * 65})


@pytest.mark.parametrize("deck_set", ["theme", "platinum", "call_of_legends", "black_white"])
def test_greedy_plays_the_same_with_the_facts_kept_while_it_reads(
        deck_set: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The greedy player values a decision's options inside ``reading_facts`` (each
    Pokémon's facts worked out once). Greedy matches over an era's ready-made decks end in
    the same position with it and without it, and inside it every Pokémon's facts equal
    those worked out afresh (so nothing inside changed the match)."""
    import contextlib

    import handheld.players.basic as basic
    from handheld.cards import DECK_SETS, deck_set_era
    from handheld.engine.eras import ERAS
    from handheld.engine.facts import pokemon_facts, pokemon_facts_reference
    from handheld.engine.position import to_position

    names = DECK_SETS[deck_set]
    rules = ERAS[deck_set_era(deck_set)].ruleset
    games = [(names[g % len(names)], names[(g + 3) % len(names)]) for g in range(6)]
    real = basic.reading_facts
    kept = [0]
    hooks = [False]  # (a match whose cards change no facts keeps none: they are printed)

    @contextlib.contextmanager
    def checked(m: Match) -> Any:
        hooks[0] |= m.fact_hooks
        with real(m):
            yield
            for s in (x for p in m.players for x in p.in_play()):
                assert pokemon_facts(m, s) == pokemon_facts_reference(m, s)
                kept[0] += s in (m.facts_memo or {})

    def play(seed: int, pair: tuple[str, str]) -> tuple[Any, ...]:
        decks = (load_deck(pair[0]), load_deck(pair[1]))
        m, rec = play_match(POOL, decks, [GreedyPlayer(seed), GreedyPlayer(seed + 1)], seed,
                            rules=rules, validate=False, time_limit=600)
        return to_position(m), rec.winner, rec.decisions

    monkeypatch.setattr(basic, "reading_facts", checked)
    with_memo = [play(seed, pair) for seed, pair in enumerate(games)]
    monkeypatch.setattr(basic, "reading_facts", lambda m: contextlib.nullcontext())
    without = [play(seed, pair) for seed, pair in enumerate(games)]
    assert with_memo == without
    assert kept[0] > 10 or not hooks[0]  # facts were kept, and read back equal
