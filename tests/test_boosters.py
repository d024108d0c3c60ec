"""Booster packs (handheld/boosters.py): seeded packs follow each set's slots and rarities,
every card of a set can come out of a pack, wins earn the documented number of packs, and
a pack given, opened and written to the saves lands in the collection the deck builder's
"owned only" setting reads."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from handheld import boosters, roster
from handheld.assets import available_sets, load_set
from handheld.boosters import (
    COMMON,
    ECARD,
    HOLO,
    LATER,
    RARE,
    SECRET,
    UNCOMMON,
    open_pack,
    pack_count,
    packs_for_victory,
    rare_odds,
    set_pool,
)
from handheld.save import Saves

PACKS = 5000  # per set: enough that a card 1 in 216 packs still shows (about 23 times)
SIGMAS = 4.5  # a tier's count this many standard deviations off its odds fails


@pytest.fixture(scope="module")
def opened() -> dict[str, list[boosters.Pack]]:
    return {slug: [open_pack(slug, seed) for seed in range(PACKS)]
            for slug in available_sets()}


def test_every_set_of_the_assets_has_packs_of_its_family() -> None:
    families = {slug: set_pool(slug).model for slug in available_sets()}
    assert {s for s, m in families.items() if m is ECARD} == {
        "expedition", "aquapolis", "skyridge"}
    assert all(m is LATER for s, m in families.items() if m is not ECARD)
    assert (ECARD.size, ECARD.commons, ECARD.uncommons) == (9, 5, 3)
    assert (LATER.size, LATER.commons, LATER.uncommons) == (10, 6, 3)


@pytest.mark.parametrize("slug", available_sets())
def test_each_slot_holds_its_rarity_and_no_group_repeats_a_card(
        slug: str, opened: dict[str, list[boosters.Pack]]) -> None:
    pool = set_pool(slug)
    tier_of = {c: t for t, cards in pool.tiers.items() for c in cards}
    for pack in opened[slug]:
        assert len(pack.commons) == pool.model.commons
        assert len(pack.uncommons) == pool.model.uncommons
        assert len(pack.cards) == pool.model.size
        assert {tier_of[c] for c in pack.commons} == {COMMON}
        assert {tier_of[c] for c in pack.uncommons} == {UNCOMMON}
        assert tier_of[pack.rare] == pack.rare_tier not in (COMMON, UNCOMMON)
        assert len(set(pack.commons)) == len(pack.commons)
        assert len(set(pack.uncommons)) == len(pack.uncommons)
        assert pack.cards[-1] == pack.rare  # the rare is revealed last


@pytest.mark.parametrize("slug", available_sets())
def test_the_rare_slot_follows_the_sets_odds(
        slug: str, opened: dict[str, list[boosters.Pack]]) -> None:
    pool = set_pool(slug)
    odds = rare_odds(pool)
    assert math.isclose(sum(odds.values()), 1.0)
    seen = Counter(p.rare_tier for p in opened[slug])
    assert set(seen) <= set(odds)
    for t, p in odds.items():
        # A binomial count: within SIGMAS standard deviations of n*p.
        margin = SIGMAS * math.sqrt(PACKS * p * (1 - p))
        assert abs(seen[t] - PACKS * p) <= margin, (t, seen[t], PACKS * p, margin)


def test_the_holo_rate_is_one_in_three_where_the_set_prints_every_tier() -> None:
    # Expedition prints no secret rares: their share (1 in 36) falls to the holos.
    assert rare_odds(set_pool("expedition")) == pytest.approx(
        {HOLO: 1 / 3 + 1 / 36, RARE: 2 / 3 - 1 / 36})
    # Skyridge: its H-numbered holos, and secret rares one pack in 36.
    sky = rare_odds(set_pool("skyridge"))
    assert sky[HOLO] == pytest.approx(1 / 3) and sky[SECRET] == pytest.approx(1 / 36)
    # Black & White prints every tier: holo 1/3, ultra 1/12, secret 1/72.
    bw = rare_odds(set_pool("black_white"))
    assert bw == pytest.approx({HOLO: 1 / 3, "ultra": 1 / 12, SECRET: 1 / 72,
                                RARE: 1 - 1 / 3 - 1 / 12 - 1 / 72})
    # Platinum prints no ultra rares: their share falls to the holos.
    assert rare_odds(set_pool("platinum"))[HOLO] == pytest.approx(1 / 3 + 1 / 12)


@pytest.mark.parametrize("slug", available_sets())
def test_every_card_of_the_set_can_come_out_of_a_pack(
        slug: str, opened: dict[str, list[boosters.Pack]]) -> None:
    every = {c["id"] for c in load_set(slug)["cards"]}
    assert set(set_pool(slug).cards()) == every
    seen = {c for p in opened[slug] for c in p.cards}
    assert seen == every, sorted(every - seen)


def test_a_pack_is_a_pure_function_of_set_and_seed() -> None:
    assert open_pack("expedition", 12345) == open_pack("expedition", 12345)
    assert open_pack("expedition", 12345) != open_pack("expedition", 12346)
    assert open_pack("platinum", 7).cards != open_pack("rising_rivals", 7).cards
    with pytest.raises(boosters.UnknownSet):
        open_pack("no_such_set", 1)


def _victory(oid: str, history: list[tuple[str, str]]) -> roster.Victory:
    class Row:
        def __init__(self, opponent: str, outcome: str) -> None:
            self.opponent, self.outcome = opponent, outcome

    return roster.on_victory([Row(o, r) for o, r in history], oid)


def test_wins_earn_the_documented_packs() -> None:
    ld = roster.ladder("expedition")
    member = ld.clubs[0].members[0]
    master = ld.clubs[0].master
    champion = ld.champion
    assert pack_count(_victory(member.id, [])) == 2  # 1 for the win, 1 for the first
    assert pack_count(_victory(member.id, [(member.id, "win")])) == 1  # a rematch
    assert pack_count(_victory(master.id, [])) == 4
    assert pack_count(_victory(master.id, [(master.id, "win")])) == 1
    assert pack_count(_victory(champion.id, [])) == 5
    packs = packs_for_victory(_victory(champion.id, []), random.Random(3))
    assert len(packs) == 5 and {s for s, _ in packs} <= {"expedition"}
    bw = packs_for_victory(_victory(roster.ladder("black_white").champion.id, []),
                           random.Random(3))
    assert {s for s, _ in bw} <= set(boosters.pack_sets("black_white"))


def test_packs_earned_with_a_win_open_into_the_collection_and_the_deck_builder() -> None:
    from handheld.cards import default_pool
    from handheld.collection import DeckBuilder, era_album

    saves = Saves.in_memory(now=lambda: 100.0)
    p = saves.create_profile("Ash").id
    saves.add_match(p, deck_a="Mine", deck_b="Quill", winner="Ash", result="prizes",
                    turns=9, opponent="exp_quill", outcome="win",
                    boosters=[("expedition", 11), ("expedition", 12)])
    packs = saves.boosters(p)
    assert [(b.set, b.seed, b.source) for b in packs] == [
        ("expedition", 11, "win:exp_quill"), ("expedition", 12, "win:exp_quill")]
    first = open_pack("expedition", 11)
    done = saves.open_booster(p, packs[0].id, first.cards)
    assert done.cards == tuple(first.cards) and done.opened
    owned = saves.owned_counts(p)
    assert owned == dict(Counter(first.cards))
    # Opening it again gives nothing twice.
    assert saves.open_booster(p, packs[0].id, first.cards) == done
    assert saves.owned_counts(p) == owned
    assert [b.seed for b in saves.boosters(p)] == [12]
    assert [b.seed for b in saves.boosters(p, opened=True)] == [11]
    # Not scanned: the collection's "scanned today" does not list them.
    assert saves.scans(p) == []
    # "Deck cards: owned": the pack's cards are offered, and nothing else of the set but
    # basic Energy (never limited by the collection).
    pool = default_pool()
    album = era_album(pool, "expedition", saves.owned_counts(p))
    offered = {e.card_id for e in DeckBuilder(album).offered()}
    playable = {c for c in first.cards if pool.get(c).implemented}
    basics = {e.card_id for e in album.entries if pool.get(e.card_id).basic_energy}
    assert offered == playable | basics


def test_a_match_that_fails_to_save_gives_no_packs() -> None:
    from handheld.save import InvalidInput

    saves = Saves.in_memory()
    p = saves.create_profile("Ash").id
    with pytest.raises(InvalidInput):  # a bad seed refuses the whole write
        saves.add_match(p, deck_a="a", deck_b="b", winner=None, result="x", turns=1,
                        opponent="exp_quill", outcome="win", boosters=[("expedition", -1)])
    assert saves.match_history(p) == [] and saves.boosters(p) == []
