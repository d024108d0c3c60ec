"""The search player: it never reads hidden cards (determinization), it answers the same in
positions that differ only in hidden cards, it plays whole matches of every era without an
error, and a suspended match resumes with the same answers."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import pytest

from handheld.cards import DECK_SETS, default_pool, load_deck
from handheld.engine import Chance, Choice, Match
from handheld.engine.eras import ERAS
from handheld.engine.position import copy_with_other_cards
from handheld.players import (
    PLAYERS,
    GreedyPlayer,
    Player,
    SearchPlayer,
    determinize,
    make_player,
    play_match,
)
from handheld.players.basic import attack_value, lookahead_scores
from handheld.players.belief import unseen_cards
from handheld.players.style import STYLES
from tests.engine.test_properties import check_invariants

POOL = default_pool()
THEME = [load_deck(n) for n in DECK_SETS["theme"]]

# No time cap: these tests compare play-out statistics, which a cap reached on a busy
# machine would cut short (``budget_ms=None`` is the level's own cap, not none).
NO_CAP = float("inf")


def play_until(decks: list[list[str]], seed: int,
               stop: Callable[[Match, Choice], bool], era: str = "expedition",
               max_decisions: int = 3000) -> Match | None:
    """Greedy against greedy until ``stop`` holds at a choice; that match, or None."""
    m = Match(POOL, decks, ERAS[era].ruleset, record_log=False, validate=False)
    rng = random.Random(seed)
    players = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    for _ in range(max_decisions):
        if m.over:
            return None
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(d.sample(rng))
            continue
        assert isinstance(d, Choice)
        if stop(m, d):
            return m
        m.apply(players[d.player].choose(m, d))
    return None


def rich_main(m: Match, d: Choice) -> bool:
    """A main-phase choice of player 0 with something to think about, a few turns in, with
    cards in every hidden zone."""
    opp, me = m.players[1], m.players[0]
    return (d.kind == "main" and d.player == 0 and m.turn >= 4 and len(d.options) >= 3
            and len(opp.hand) >= 2 and len(opp.deck) >= 5 and len(me.deck) >= 5
            and len(opp.prizes) >= 2 and len(me.prizes) >= 2)


def hidden_variants(m: Match, viewer: int) -> list[Match]:
    """Copies of ``m`` that differ from it only where ``viewer`` cannot see: a card swapped
    between the opponent's hand and deck, both decks reordered, a Prize swapped with a deck
    card on each side, and the opponent's unseen cards other cards altogether (another
    list: the opponent's list is not the viewer's to know)."""
    out = [other_list(m, viewer)]
    a = m.clone()
    opp = a.players[1 - viewer]
    opp.hand[0], opp.deck[0] = opp.deck[0], opp.hand[0]
    out.append(a)
    b = m.clone()
    for p in b.players:
        p.deck.reverse()
    out.append(b)
    c = m.clone()
    for p in c.players:
        p.prizes[0], p.deck[-1] = p.deck[-1], p.prizes[0]
    out.append(c)
    for v in out:  # each variant really differs from the true match in a hidden place
        assert any(v.players[i].deck != m.players[i].deck for i in (0, 1)) or \
            v.players[1 - viewer].hand != m.players[1 - viewer].hand or \
            [v.defs[c].id for c in v.players[1 - viewer].deck] != \
            [m.defs[c].id for c in m.players[1 - viewer].deck]
    return out


def other_list(m: Match, viewer: int) -> Match:
    """A copy of ``m`` whose opponent's cards that ``viewer`` has not seen are other cards,
    those of another ready-made deck of the era."""
    opp_ids = {m.defs[c].id for c in range(len(m.defs)) if m.owner[c] == 1 - viewer}
    other = min((load_deck(name) for name in DECK_SETS["expedition"]),
                key=lambda deck: len(opp_ids & set(deck)))
    unseen = unseen_cards(m, viewer)
    guess = dict(zip(unseen, reversed(other), strict=False))
    assert any(m.defs[c].id != card for c, card in guess.items())
    return copy_with_other_cards(m, 1 - viewer, guess)


def hidden_zones(m: Match, viewer: int) -> list[list[int]]:
    me, opp = m.players[viewer], m.players[1 - viewer]
    return [opp.hand, opp.deck, opp.prizes, me.deck, me.prizes]


# ---------------------------------------------------------------------- determinize


def test_determinize_keeps_what_the_player_sees_and_the_counts() -> None:
    m = play_until(THEME, 3, rich_main)
    assert m is not None
    d = determinize(m, 0, random.Random(1))
    me, opp = d.players[0], d.players[1]
    assert me.hand == m.players[0].hand  # its own hand it sees
    for p, q in zip(d.players, m.players, strict=True):
        assert p.discard == q.discard
        assert [s.cards for s in p.in_play()] == [s.cards for s in q.in_play()]
        assert (len(p.hand), len(p.deck), len(p.prizes)) == \
            (len(q.hand), len(q.deck), len(q.prizes))
    # Each owner's hidden cards are dealt among that owner's hidden places only.
    true_opp = m.players[1]
    assert sorted(opp.hand + opp.deck + opp.prizes) == \
        sorted(true_opp.hand + true_opp.deck + true_opp.prizes)
    assert sorted(me.deck + me.prizes) == sorted(m.players[0].deck + m.players[0].prizes)
    # ... and really dealt again (the true match is not returned)
    assert hidden_zones(d, 0) != hidden_zones(m, 0)
    assert d.pending == m.pending


def test_determinize_depends_only_on_what_the_player_sees() -> None:
    m = play_until(THEME, 3, rich_main)
    assert m is not None
    want = hidden_zones(determinize(m, 0, random.Random(7)), 0)
    for v in hidden_variants(m, 0):
        assert hidden_zones(determinize(v, 0, random.Random(7)), 0) == want


def test_determinize_does_not_leak_the_true_hand_or_deck_order() -> None:
    """Over many determinizations, the opponent's true hand cards land in its hand no more
    often than any other hidden card would (hand size / hidden cards), and the true top card
    of each deck is on top no more often than chance. A determinize that kept the true
    places (or favoured them) fails."""
    m = play_until(THEME, 5, rich_main)
    assert m is not None
    opp = m.players[1]
    hidden = len(opp.hand) + len(opp.deck) + len(opp.prizes)
    true_hand = set(opp.hand)
    rng = random.Random(11)
    runs = 2000
    kept = 0
    top_same = Counter[int]()
    for _ in range(runs):
        d = determinize(m, 0, rng)
        kept += len(true_hand & set(d.players[1].hand))
        for i in (0, 1):
            top_same[i] += d.players[i].deck[-1] == m.players[i].deck[-1]
    share = kept / (runs * len(true_hand))
    expected = len(opp.hand) / hidden
    assert abs(share - expected) < 0.05, (share, expected)
    for i in (0, 1):
        p = m.players[i]
        pool = len(p.deck) + len(p.prizes) + (len(p.hand) if i == 1 else 0)
        # (copies of one card count as the same card here only by number: exact chance)
        assert top_same[i] / runs < 1 / pool + 0.05, (i, top_same[i], pool)


def test_determinize_keeps_the_cards_a_pending_choice_shows() -> None:
    # A deck search lists the deck's cards: they stay in the deck (the choice names them).
    # Seed 2's game has one (a changed seed or deck must keep one, or this checks nothing).
    m = play_until(THEME, 2, lambda m, d: d.kind == "cards_deck", max_decisions=5000)
    assert m is not None, "the seeded game never searches a deck"
    d = m.pending
    assert isinstance(d, Choice)
    shown = {o[1] for o in d.options if o[0] == "card"}
    for seed in range(20):
        c = determinize(m, d.player, random.Random(seed))
        zone_of = {cid: name for name in ("deck", "hand", "prizes")
                   for cid in getattr(c.players[d.player], name)}
        true_zone = {cid: name for name in ("deck", "hand", "prizes")
                     for cid in getattr(m.players[d.player], name)}
        assert all(zone_of.get(cid) == true_zone.get(cid) for cid in shown)


def _mid_attack(m: Match, d: Choice) -> bool:
    """A choice in the middle of an attack of player 0 (its frame holds the printed damage,
    a number), with cards in the opponent's hand."""
    return d.player == 0 and len(m.players[1].hand) >= 2 and any(
        not f.key.startswith("rule:") and type(f.vars.get("printed")) is int for f in m.stack)


def test_determinize_does_not_take_an_effects_count_for_a_card() -> None:
    """A running effect's single numbers are counts and flags (the printed damage, coins,
    damage dealt), not cards: a hidden card that bears the same number is dealt again like
    any other. Pinning it would keep it in its true place in every deal (a leak)."""
    m = None
    for seed in range(40):
        m = play_until(THEME, seed, _mid_attack, max_decisions=5000)
        if m is not None:
            break
    assert m is not None, "no seeded game chooses in the middle of an attack"
    frame = next(f for f in m.stack if type(f.vars.get("printed")) is int)
    hand = m.players[1].hand
    card = hand[0]
    frame.vars["printed"] = card  # the count now bears the number of a hidden card
    moved = sum(determinize(m, 0, random.Random(seed)).players[1].hand[0] != card
                for seed in range(40))
    assert moved > 20, moved
    # A card the player's own effect holds in a list (what it chose) stays where the effect
    # needs it ...
    frame.vars["c"] = [card]
    assert all(determinize(m, 0, random.Random(seed)).players[1].hand[0] == card
               for seed in range(40))
    # ... but what an effect of player 0 holds is not for player 1 to know where it lies.
    own = m.players[0].deck[-1]
    frame.vars["c"] = [own]
    moved = sum(determinize(m, 1, random.Random(seed)).players[0].deck[-1] != own
                for seed in range(40))
    assert moved > 20, moved


@pytest.mark.parametrize("era", list(ERAS))
def test_a_determinization_in_the_middle_of_an_effect_plays_on(era: str) -> None:
    """Whatever a running effect holds, a match dealt again for the player choosing in the
    middle of it plays on to the effect's end without an error and with every card in one
    place (the greedy scorer and the search judge such copies)."""
    decks = [load_deck(n) for n in DECK_SETS[era]]
    rng = random.Random(0)
    checked = 0

    def deal_and_play_on(m: Match, d: Choice) -> bool:
        nonlocal checked
        if checked >= 40 or all(f.key.startswith("rule:") for f in m.stack):
            return False
        checked += 1
        world = determinize(m, d.player, random.Random(checked))
        depth = len(world.stack)
        for _ in range(200):
            w = world.pending
            if world.over or len(world.stack) < depth:
                break
            if isinstance(w, Chance):
                world.resolve(w.sample(rng))
            else:
                assert isinstance(w, Choice)
                world.apply(0 if w.min == 1 and w.max == 1 else list(range(w.min)))
            check_invariants(world)  # no card lost, doubled or put where it cannot be
        return False  # (play the whole game)

    for game in range(6):
        pair = [decks[game % len(decks)], decks[(game * 5 + 1) % len(decks)]]
        play_until(pair, game, deal_and_play_on, era=era)
    assert checked >= 10, f"only {checked} choices in the middle of an effect"


# ---------------------------------------------------------------------- decisions


@pytest.mark.parametrize("seed", [3, 8])
def test_search_decides_the_same_whatever_the_hidden_cards(seed: int) -> None:
    m = play_until(THEME, seed, rich_main)
    assert m is not None
    choice = m.pending
    assert isinstance(choice, Choice)
    base = SearchPlayer(42, "normal", iterations=12, budget_ms=NO_CAP)
    want = base.choose(m, choice)
    stats = base.last_stats
    assert stats and sum(v for _, v, _ in stats) >= 12  # it did search
    for v in hidden_variants(m, 0):
        p = SearchPlayer(42, "normal", iterations=12, budget_ms=NO_CAP)
        assert p.choose(v, choice) == want
        # Not only the answer: every play-out saw the same worlds and scored the same.
        assert p.last_stats == stats


def test_greedy_lookahead_does_not_read_hidden_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The greedy player's play-outs for a "you may ..." question start from a
    determinization: even a scorer that reads the hidden zones at the end of a play-out
    gives the same scores whatever the true hidden cards are."""
    import handheld.players.basic as basic

    def peeking_score(sim: Match, player: int) -> float:
        # (where the hidden cards lie, and which cards they are)
        opp = sim.players[1 - player]
        return float(sum((i + 1) * (c + sum(map(ord, sim.defs[c].id)))
                         for i, c in enumerate(opp.hand + opp.deck[-3:]))
                     + sum(sim.players[player].prizes))

    monkeypatch.setattr(basic, "position_score", peeking_score)
    # (an attack of this deck asks "you may ..." in this game, at turn 12)
    decks = [load_deck("thunder_link"), load_deck("rock_crusher")]
    m = play_until(decks, 0, lambda m, d: d.kind == "yes_no" and d.player == 0)
    assert m is not None
    choice = m.pending
    assert isinstance(choice, Choice)
    want = lookahead_scores(m, choice, 99)
    for v in hidden_variants(m, 0):
        assert lookahead_scores(v, choice, 99) == want


def greedy_values(m: Match, d: Choice) -> list[float]:
    """What the greedy scorer makes of each option of ``d`` (its setup and attack values in
    the main phase, its scores elsewhere), without choosing."""
    from handheld.engine.notation import ATTACK

    g = GreedyPlayer(0)
    if d.kind == "main":
        return [attack_value(m, m.current, o[1], o[2]) if o[0] == ATTACK
                else g._setup_value(m, o) for o in d.options]
    return [g._score_option(m, d, o) for o in d.options]


@pytest.mark.parametrize("deck_set", ["expedition", "platinum", "call_of_legends",
                                      "black_white"])
def test_greedy_values_do_not_depend_on_hidden_cards(deck_set: str) -> None:
    """The greedy scorer (the computer of a practice match and the tutorial) values every
    option from what its seat sees: the same position with the hidden cards dealt again
    (the opponent's hand, both decks' order, the face-down Prizes) gets the same values.
    Every ready-made deck of each era plays, so every effect's valuation that comes up is
    asked (a Power that uses a Supporter from the opponent's hand once read it)."""
    from handheld.cards import deck_set_era

    era = deck_set_era(deck_set)
    names = DECK_SETS[deck_set]
    checked = 0

    def same_values(m: Match, d: Choice) -> bool:
        nonlocal checked
        if d.kind == "yes_no":  # (played out from determinizations: checked above)
            return False
        want = greedy_values(m, d)
        for k in range(2):
            world = determinize(m, d.player, random.Random(k))
            assert greedy_values(world, d) == pytest.approx(want), (d.kind, d.options)
        checked += 1
        return False

    for i, name in enumerate(names):
        pair = [load_deck(name), load_deck(names[(i + 1) % len(names)])]
        play_until(pair, i, same_values, era=era, max_decisions=600)
    assert checked >= 50 * len(names), checked


def test_hidden_zone_estimates_follow_the_unseen_cards() -> None:
    """The greedy estimates of hidden zones still mean something: a Random Receiver is
    worth nothing once no Supporter is left unseen and more with more of them unseen, a
    Smeargle's Portrait more against a bigger hand, and an opponent's hand is expected to
    hold the share of Trainers of the player's own list."""
    from handheld.engine.effects.core import Eval
    from handheld.engine.effects.steps import (
        SUPPORTER_CARD,
        TRAINER_CARD,
        RevealUntil,
        UseOpponentSupporter,
        expected_in_zone,
    )

    m = play_until(THEME, 0, lambda m, d: d.kind == "main")
    assert m is not None
    me, opp = m.players
    assert len(me.prizes) == 6
    supporter = SUPPORTER_CARD.verdicts

    def worth(step: RevealUntil | UseOpponentSupporter) -> float:
        ev = Eval(m, 0, None, None)
        step.value(ev)
        return ev.bonus

    unseen = me.deck + me.prizes
    wanted = [c for c in unseen if supporter[m.defs[c]]]
    assert wanted, "the theme deck runs Supporters"
    receiver = RevealUntil(SUPPORTER_CARD)
    before = worth(receiver)
    assert 0 < before <= 10
    for c in wanted[1:]:  # fewer Supporters unseen: less likely to hit one
        (me.deck if c in me.deck else me.prizes).remove(c)
        me.discard.append(c)
    assert 0 < worth(receiver) < before
    c = wanted[0]
    (me.deck if c in me.deck else me.prizes).remove(c)
    me.discard.append(c)
    assert worth(receiver) == 0

    portrait = UseOpponentSupporter()
    small = worth(portrait)
    opp.hand.extend(opp.deck[:5])
    del opp.deck[:5]
    assert 0 < small < worth(portrait) < 20

    own = [c for c, owner in enumerate(m.owner) if owner == 0]
    share = sum(1 for c in own if TRAINER_CARD.verdicts[m.defs[c]]) / len(own)
    ev = Eval(m, 0, None, None)
    assert expected_in_zone(ev, 1, "hand", TRAINER_CARD.verdicts.__getitem__) == \
        pytest.approx(len(opp.hand) * share)


def test_no_turn_ending_candidate_while_a_tempo_move_is_the_pick() -> None:
    """While the greedy scorer's pick attaches Energy, benches or evolves, attacking or
    passing is not tried (it comes up once that move is made); once the pick is an attack,
    passing is tried against it."""
    from handheld.engine.notation import ATTACK, PASS
    from handheld.players.search import TEMPO_MOVES

    def greedy_pick(m: Match, d: Choice) -> tuple[object, ...]:
        pick = GreedyPlayer(0).choose(m, d)
        assert isinstance(pick, int)
        return d.options[pick]

    def tempo_spot(m: Match, d: Choice) -> bool:
        return (d.kind == "main" and m.turn >= 2
                and any(o[0] in (ATTACK, PASS) for o in d.options)
                and greedy_pick(m, d)[0] in TEMPO_MOVES)

    def attack_spot(m: Match, d: Choice) -> bool:
        return d.kind == "main" and m.turn >= 2 and greedy_pick(m, d)[0] == ATTACK

    for stop, tempo in ((tempo_spot, True), (attack_spot, False)):
        m = play_until(THEME, 3, stop)
        assert m is not None
        choice = m.pending
        assert isinstance(choice, Choice)
        player = SearchPlayer(7, "normal")
        # (the match itself: here only the candidates' shape is checked, not what it sees)
        cands = player.candidates(m, choice)
        tags = {choice.options[i][0] for i in cands}
        assert choice.options[player._pick][0] in (TEMPO_MOVES if tempo else {ATTACK})
        if tempo:
            assert not tags & {ATTACK, PASS}
        else:
            assert PASS in tags


# ---------------------------------------------------------------------- whole matches


@pytest.mark.parametrize("deck_set", ["theme", "platinum_theme", "call_of_legends_theme",
                                      "black_white_theme"])
def test_search_plays_whole_matches_in_every_era(deck_set: str) -> None:
    from handheld.cards import deck_set_era

    era = deck_set_era(deck_set)
    decks = [load_deck(n) for n in DECK_SETS[deck_set]]
    for seed in (1, 2):
        search = SearchPlayer(seed, "normal", iterations=3, budget_ms=NO_CAP)
        seats: list[Player] = [search, GreedyPlayer(seed)] if seed % 2 \
            else [GreedyPlayer(seed), search]
        m, rec = play_match(POOL, decks, seats, seed, rules=ERAS[era].ruleset,
                            time_limit=600)
        assert m.over and rec.winner in (0, 1)


def test_every_level_is_a_player() -> None:
    for level in ("easy", "normal", "hard", "expert"):
        assert level in PLAYERS
        p = make_player(level, 5)
        assert isinstance(p, SearchPlayer) and p.name == level
    assert make_player("hard", 1, style=STYLES["brawler"]).style is STYLES["brawler"]  # type: ignore[attr-defined]
    assert {"random", "greedy"} <= set(PLAYERS)
    with pytest.raises(ValueError):
        SearchPlayer(0, "grandmaster")
    _, rec = play_match(POOL, THEME, [make_player("easy", 3), GreedyPlayer(4)], 3)
    assert rec.winner in (0, 1)


def test_a_suspended_search_player_resumes_with_the_same_answers() -> None:
    def run(split: int | None) -> list[int | list[int]]:
        m = Match(POOL, THEME, record_log=False)
        rng = random.Random(4)
        a = SearchPlayer(9, "normal", iterations=3, budget_ms=NO_CAP)
        b = GreedyPlayer(10)
        answers: list[int | list[int]] = []
        while not m.over and len(answers) < 80:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(d.sample(rng))
                continue
            assert isinstance(d, Choice)
            if split is not None and len(answers) == split:
                state = json.loads(json.dumps(a.get_state()))
                a = SearchPlayer(0, "normal", iterations=3, budget_ms=NO_CAP)
                a.set_state(state)
            ans = (a if d.player == 0 else b).choose(m, d)
            answers.append(ans)
            m.apply(ans)
        return answers

    assert run(None) == run(30)


def test_a_search_guesses_the_opponents_list_once_a_decision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The greedy scorers a search runs (its play-outs, fallback and candidates) judge on
    the search's own determinizations, which already hold its guess of the opponent's list:
    their "you may ..." look-aheads deal from those instead of guessing again (a copy
    through the position each time, a third of a Platinum search's time)."""
    import handheld.players.basic as basic
    import handheld.players.search as search_module

    guesses = Counter[str]()
    lookaheads = [0]

    def counting(where: str, real: Callable[..., Match]) -> Callable[..., Match]:
        def believe(*args: object, **kwargs: object) -> Match:
            guesses[where] += 1
            return real(*args, **kwargs)
        return believe

    real_lookahead = basic.lookahead_scores

    def counted_lookahead(*args: object, **kwargs: object) -> list[float]:
        lookaheads[0] += 1
        return real_lookahead(*args, **kwargs)  # type: ignore[arg-type]

    # (the play-outs of seed 1's search meet "you may ..." questions: 14 on this tree)
    decks = [load_deck("frozen_sea"), load_deck("tidal_guard")]
    found = [play_until(decks, seed, rich_main, era="platinum") for seed in range(4)]
    matches = [m for m in found if m is not None]
    table = next(filter(None, (play_until(decks, seed, lambda m, d: d.kind == "yes_no",
                                          era="platinum") for seed in range(8))), None)
    assert len(matches) >= 3 and table is not None
    monkeypatch.setattr(basic, "believe", counting("greedy", basic.believe))
    monkeypatch.setattr(search_module, "believe", counting("search", search_module.believe))
    monkeypatch.setattr(basic, "lookahead_scores", counted_lookahead)
    for seed, m in enumerate(matches):
        choice = m.pending
        assert isinstance(choice, Choice)
        p = SearchPlayer(seed, "normal", iterations=24, budget_ms=NO_CAP)
        p.choose(m, choice)
        assert p.last_playouts  # it searched
    assert guesses["search"] == len(matches)
    assert lookaheads[0] > 0, "no play-out met a 'you may ...' question: pick other games"
    assert guesses["greedy"] == 0
    # The table's own greedy player, given the true match, still guesses every time.
    assert isinstance(table.pending, Choice)
    GreedyPlayer(1).choose(table, table.pending)
    assert guesses["greedy"] == 1
