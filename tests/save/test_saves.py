"""The Saves API: what each method stores, that it survives a reopen, and what it refuses."""

import random

import pytest

from handheld.save import (
    DuplicateDeckName,
    DuplicateProfileName,
    InvalidInput,
    NotEnoughCards,
    SaveError,
    Saves,
    StorageFailure,
    TimerPreset,
    UnknownDeck,
    UnknownProfile,
    UnknownTimerPreset,
    open_saves,
)


def reopen(saves, storage, clock) -> Saves:
    saves.close()
    opened = open_saves(storage, now=clock)
    assert opened.problem is None
    return opened.saves


# ---- profiles ----------------------------------------------------------------------------

def test_profiles_are_created_listed_renamed_and_deleted(saves, clock):
    a = saves.create_profile("  Ash ")
    clock.advance(5)
    b = saves.create_profile("Misty")
    assert a.name == "Ash" and a.created == 1000.0 and b.created == 1005.0
    assert [p.name for p in saves.profiles()] == ["Ash", "Misty"]
    assert saves.rename_profile(a.id, "Red").name == "Red"
    assert saves.profile(a.id).name == "Red"
    saves.delete_profile(b.id)
    assert [p.id for p in saves.profiles()] == [a.id]


def test_profile_names_are_unique_ignoring_case(saves):
    saves.create_profile("Ash")
    with pytest.raises(DuplicateProfileName, match="Ash"):
        saves.create_profile("ASH")
    other = saves.create_profile("Misty")
    with pytest.raises(DuplicateProfileName):
        saves.rename_profile(other.id, "ash")


@pytest.mark.parametrize("bad", ["", "   ", "x" * 25, "tab\there", 7])
def test_bad_profile_names_are_refused(saves, bad):
    with pytest.raises(InvalidInput):
        saves.create_profile(bad)
    assert saves.profiles() == []


def test_unknown_profile_is_refused_everywhere(saves):
    for call in (lambda: saves.add_cards(99, ["ecard1-1"]), lambda: saves.collection(99),
                 lambda: saves.save_deck(99, "D", []), lambda: saves.set_setting(99, "k", 1),
                 lambda: saves.update_coin_tally(99, "all", dict),
                 lambda: saves.coin_tally(99),
                 lambda: saves.timer_presets(99), lambda: saves.match_history(99),
                 lambda: saves.suspended_match(99), lambda: saves.profile(99),
                 lambda: saves.delete_profile(99)):
        with pytest.raises(UnknownProfile, match="99"):
            call()
    with pytest.raises(InvalidInput):
        saves.collection(True)


def test_deleting_a_profile_deletes_what_it_owns(saves, pid):
    saves.add_cards(pid, ["ecard1-1"])
    deck = saves.save_deck(pid, "Fire", ["ecard1-1"])
    saves.delete_profile(pid)
    with pytest.raises(UnknownDeck):
        saves.deck(deck.id)
    again = saves.create_profile("Ash")
    assert saves.collection(again.id) == []


# ---- collection --------------------------------------------------------------------------

def test_cards_are_counted_and_first_scan_time_is_kept(saves, pid, clock):
    assert saves.add_cards(pid, {"ecard1-98": 2}) == {"ecard1-98": 2}
    clock.advance(60)
    assert saves.add_cards(pid, ["ecard1-98", "ecard1-1", "ecard1-1"]) == {
        "ecard1-98": 3, "ecard1-1": 2}
    entries = {e.card_id: e for e in saves.collection(pid)}
    assert entries["ecard1-98"].count == 3 and entries["ecard1-98"].first_scanned == 1000.0
    assert entries["ecard1-1"].first_scanned == 1060.0
    assert [e.card_id for e in saves.collection(pid)] == ["ecard1-98", "ecard1-1"]
    assert saves.owned_counts(pid) == {"ecard1-98": 3, "ecard1-1": 2}


def test_removing_cards_down_to_zero_keeps_the_first_scan(saves, pid, clock):
    saves.add_cards(pid, {"ecard1-5": 2})
    assert saves.remove_cards(pid, {"ecard1-5": 2}) == {"ecard1-5": 0}
    assert saves.collection(pid) == []
    [gone] = saves.collection(pid, include_zero=True)
    assert (gone.count, gone.first_scanned) == (0, 1000.0)
    clock.advance(10)
    saves.add_cards(pid, ["ecard1-5"])
    assert saves.collection(pid)[0].first_scanned == 1000.0


def test_removing_more_than_owned_changes_nothing(saves, pid):
    saves.add_cards(pid, {"ecard1-1": 3, "ecard1-2": 1})
    with pytest.raises(NotEnoughCards, match=r"ecard1-2 \(has 1, removing 2\)"):
        saves.remove_cards(pid, {"ecard1-1": 1, "ecard1-2": 2})
    assert saves.owned_counts(pid) == {"ecard1-1": 3, "ecard1-2": 1}
    with pytest.raises(NotEnoughCards):
        saves.remove_cards(pid, ["ecard1-77"])


@pytest.mark.parametrize("cards", [{"ecard1-1": -1}, {"ecard1-1": 0}, {"ecard1-1": True},
                                   {"ecard1-1": 1.5}, {"not a card": 1}, ["ecard1-1", ""],
                                   "ecard1-1", [], {}])
def test_bad_card_edits_are_refused(saves, pid, cards):
    with pytest.raises(InvalidInput):
        saves.add_cards(pid, cards)
    with pytest.raises(InvalidInput):
        saves.remove_cards(pid, cards)
    assert saves.collection(pid, include_zero=True) == []


def test_negative_count_message_is_specific(saves, pid):
    with pytest.raises(InvalidInput, match="must be at least 1, got -3"):
        saves.add_cards(pid, {"ecard1-1": -3})


def test_scans_are_logged_with_the_cards_they_add(saves, pid, clock, storage):
    saves.add_cards(pid, {"ecard1-1": 2}, scanned_from="camera")
    clock.advance(100)
    saves.add_cards(pid, ["ecard1-1", "ecard1-98"], scanned_from="deck code")
    saves.add_cards(pid, ["ecard1-5"])  # not a scan: counted, not logged
    log = saves.scans(pid)
    assert [(r.card_id, r.count, r.at, r.source) for r in log] == [
        ("ecard1-1", 2, 1000.0, "camera"), ("ecard1-1", 1, 1100.0, "deck code"),
        ("ecard1-98", 1, 1100.0, "deck code")]
    assert [r.card_id for r in saves.scans(pid, since=1050.0)] == ["ecard1-1", "ecard1-98"]
    assert saves.scans(pid, since=0.0, until=1050.0) == log[:1]
    saves = reopen(saves, storage, clock)
    assert saves.scans(pid) == log
    assert saves.owned_counts(pid)["ecard1-1"] == 3


def test_a_refused_scan_logs_nothing(saves, pid):
    with pytest.raises(InvalidInput):
        saves.add_cards(pid, {"ecard1-1": 1, "bad id": 1}, scanned_from="camera")
    with pytest.raises(InvalidInput):
        saves.add_cards(pid, {"ecard1-1": 1}, scanned_from="")
    assert saves.scans(pid) == [] and saves.owned_counts(pid) == {}


# ---- decks -------------------------------------------------------------------------------

def test_decks_are_saved_replaced_renamed_copied_and_deleted(saves, pid, clock):
    cards = ["ecard1-1"] * 4 + ["ecard1-98"]
    deck = saves.save_deck(pid, "Fire", cards)
    assert deck.cards == tuple(cards) and deck.created == deck.updated == 1000.0
    clock.advance(30)
    deck = saves.save_deck(pid, "Fire!", ["ecard1-2"], deck_id=deck.id)
    assert (deck.name, deck.cards, deck.created, deck.updated) == (
        "Fire!", ("ecard1-2",), 1000.0, 1030.0)
    assert saves.rename_deck(deck.id, "Blaze").name == "Blaze"
    copy = saves.copy_deck(deck.id)
    assert (copy.name, copy.cards) == ("Blaze copy", ("ecard1-2",)) and copy.id != deck.id
    assert saves.copy_deck(deck.id).name == "Blaze copy 2"
    assert saves.copy_deck(deck.id, "Other").name == "Other"
    assert [d.name for d in saves.decks(pid)] == ["Blaze", "Blaze copy", "Blaze copy 2", "Other"]
    assert saves.deck_named(pid, "blaze").id == deck.id
    saves.delete_deck(deck.id)
    with pytest.raises(UnknownDeck):
        saves.deck(deck.id)
    with pytest.raises(UnknownDeck):
        saves.delete_deck(deck.id)
    assert len(saves.decks(pid)) == 3


def test_deck_order_and_copies_survive_a_reopen(saves, storage, clock, pid):
    cards = ["ecard1-9", "ecard1-1", "ecard1-9", "ecard2-H12"]
    deck = saves.save_deck(pid, "Mixed", cards)
    saves = reopen(saves, storage, clock)
    assert saves.deck(deck.id).cards == tuple(cards)
    saves.close()


def test_deck_names_are_unique_per_profile(saves, pid):
    saves.save_deck(pid, "Fire", [])
    with pytest.raises(DuplicateDeckName, match="Fire"):
        saves.save_deck(pid, "fire", [])
    water = saves.save_deck(pid, "Water", [])
    with pytest.raises(DuplicateDeckName):
        saves.rename_deck(water.id, "FIRE")
    with pytest.raises(DuplicateDeckName):
        saves.save_deck(pid, "Fire", [], deck_id=water.id)
    with pytest.raises(DuplicateDeckName):
        saves.copy_deck(water.id, "Fire")
    other = saves.create_profile("Misty")
    assert saves.save_deck(other.id, "Fire", []).name == "Fire"
    assert saves.rename_deck(water.id, "WATER").name == "WATER"


@pytest.mark.parametrize("name", ["", "  ", "x" * 41])
def test_bad_deck_names_are_refused(saves, pid, name):
    with pytest.raises(InvalidInput):
        saves.save_deck(pid, name, [])
    assert saves.decks(pid) == []


@pytest.mark.parametrize("cards", ["ecard1-1", ["ecard1-1", "x"], ["ecard1-1"] * 201, 5])
def test_bad_deck_cards_are_refused(saves, pid, cards):
    with pytest.raises(InvalidInput):
        saves.save_deck(pid, "Deck", cards)
    assert saves.decks(pid) == []


def test_a_deck_of_another_profile_cannot_be_overwritten(saves, pid):
    other = saves.create_profile("Misty")
    deck = saves.save_deck(other.id, "Water", ["ecard1-1"])
    with pytest.raises(UnknownDeck):
        saves.save_deck(pid, "Mine", [], deck_id=deck.id)
    assert saves.deck(deck.id).name == "Water"


# ---- settings, coins, timer presets ------------------------------------------------------

def test_settings_hold_json_values_per_profile(saves, pid):
    other = saves.create_profile("Misty")
    saves.set_setting(pid, "sound.volume", 7)
    saves.set_setting(pid, "ui.theme", {"name": "classic", "scale": [2, 3]})
    saves.set_setting(other.id, "sound.volume", 2)
    saves.set_setting(pid, "sound.volume", 8)
    assert saves.settings(pid) == {"sound.volume": 8,
                                   "ui.theme": {"name": "classic", "scale": [2, 3]}}
    assert saves.setting(other.id, "sound.volume") == 2
    assert saves.setting(pid, "missing", default="d") == "d"
    assert saves.delete_setting(pid, "ui.theme") is True
    assert saves.delete_setting(pid, "ui.theme") is False


@pytest.mark.parametrize(("key", "value"), [("", 1), ("has space", 1), ("k", float("nan")),
                                            ("k", {1, 2}), ("k", object())])
def test_bad_settings_are_refused(saves, pid, key, value):
    with pytest.raises(InvalidInput):
        saves.set_setting(pid, key, value)
    assert saves.settings(pid) == {}


def test_coin_tallies_are_updated_in_one_transaction_per_scope(saves, pid):
    assert saves.coin_tally(pid) is None
    seen = []

    def add(heads):
        def update(old):
            seen.append(old)
            new = dict(old or {"heads": 0, "tails": 0})
            new["heads" if heads else "tails"] += 1
            return new
        return update

    saves.update_coin_tally(pid, "all", add(True))
    saves.update_coin_tally(pid, "all", add(False))
    saves.update_coin_tally(pid, "match", add(True))
    assert saves.coin_tally(pid, "all") == {"heads": 1, "tails": 1}
    assert saves.coin_tally(pid, "match") == {"heads": 1, "tails": 0}
    assert seen == [None, {"heads": 1, "tails": 0}, None]
    with pytest.raises(InvalidInput, match="scope"):
        saves.coin_tally(pid, "table")
    with pytest.raises(InvalidInput, match="is a dict"):
        saves.update_coin_tally(pid, "all", lambda old: [1])
    with pytest.raises(ZeroDivisionError):  # an update that fails changes nothing
        saves.update_coin_tally(pid, "all", lambda old: {"heads": 1 / 0})
    assert saves.coin_tally(pid, "all") == {"heads": 1, "tails": 1}
    saves.reset_coin_tally(pid, "match")
    assert saves.coin_tally(pid, "match") is None and saves.coin_tally(pid) is not None
    saves.reset_coin_tally(pid)
    assert saves.coin_tally(pid) is None


def test_timer_presets_are_saved_replaced_and_deleted(saves, pid):
    saves.save_timer_preset(pid, TimerPreset("Tournament", 90, 10))
    saves.save_timer_preset(pid, TimerPreset("Blitz", 30, pause_between_turns=False))
    saves.save_timer_preset(pid, TimerPreset("tournament", 120, 15))
    assert saves.timer_presets(pid) == [TimerPreset("Blitz", 30, 0, False),
                                        TimerPreset("tournament", 120, 15, True)]
    saves.delete_timer_preset(pid, "BLITZ")
    with pytest.raises(UnknownTimerPreset, match="Blitz"):
        saves.delete_timer_preset(pid, "Blitz")
    assert [p.name for p in saves.timer_presets(pid)] == ["tournament"]


@pytest.mark.parametrize("preset", [TimerPreset("", 60), TimerPreset("T", 0),
                                    TimerPreset("T", -5), TimerPreset("T", 6000),
                                    TimerPreset("T", 60, 60), TimerPreset("T", 60, -1),
                                    TimerPreset("T", 60, 0, 1)])  # type: ignore[arg-type]
def test_bad_timer_presets_are_refused(saves, pid, preset):
    with pytest.raises(InvalidInput):
        saves.save_timer_preset(pid, preset)
    assert saves.timer_presets(pid) == []


# ---- match history and suspended match ---------------------------------------------------

def test_match_history_is_newest_first(saves, pid, clock):
    first = saves.add_match(pid, deck_a="Fire", deck_b="Water", winner="Fire",
                            result="prizes", turns=12)
    clock.advance(100)
    second = saves.add_match(pid, deck_a="Fire", deck_b="Grass", winner=None,
                             result="sudden death draw", turns=30, ruleset="platinum")
    assert saves.match_history(pid) == [second, first]
    assert saves.match_history(pid, limit=1) == [second]
    assert (first.played_at, first.ruleset, second.winner) == (1000.0, "expedition", None)


@pytest.mark.parametrize("change", [{"deck_a": ""}, {"result": " "}, {"turns": -1},
                                    {"turns": "3"}, {"winner": ""}])
def test_bad_matches_are_refused(saves, pid, change):
    args = {"deck_a": "Fire", "deck_b": "Water", "winner": "Fire", "result": "prizes",
            "turns": 3} | change
    with pytest.raises(InvalidInput):
        saves.add_match(pid, **args)
    assert saves.match_history(pid) == []


def test_suspended_match_round_trips_the_rng_state_exactly(saves, storage, clock, pid):
    rng = random.Random(2002)
    rng.random()
    rng.gauss(0, 1)  # leaves a gauss_next float in the state
    state = rng.getstate()
    position = {"turn": 7, "active": ["ecard1-98"], "prizes": [6, 5]}
    replay = {"seed": 2002, "answers": [0, [1, 2], 3]}
    saves.suspend_match(pid, position, replay, state)
    saves = reopen(saves, storage, clock)
    got = saves.suspended_match(pid)
    assert got is not None
    assert got.rng_state == state and isinstance(got.rng_state, tuple)
    assert (got.position, got.replay, got.saved_at) == (position, replay, 1000.0)
    resumed = random.Random()
    resumed.setstate(got.rng_state)
    assert [resumed.random() for _ in range(5)] == [rng.random() for _ in range(5)]
    assert saves.clear_suspended(pid) is True
    assert saves.suspended_match(pid) is None
    assert saves.clear_suspended(pid) is False
    saves.close()


def test_suspending_again_replaces_the_suspended_match(saves, pid, clock):
    saves.suspend_match(pid, {"turn": 1}, {}, (1, 2))
    clock.advance(1)
    saves.suspend_match(pid, {"turn": 2}, {}, [3, (4, None)])
    got = saves.suspended_match(pid)
    assert got is not None and got.position == {"turn": 2} and got.rng_state == [3, (4, None)]


@pytest.mark.parametrize(("position", "replay", "rng"), [
    ([], {}, None), ({}, "x", None), ({"x": float("inf")}, {}, None), ({}, {}, {1, 2}),
    ({}, {}, float("nan"))])
def test_bad_suspended_matches_are_refused(saves, pid, position, replay, rng):
    with pytest.raises(InvalidInput):
        saves.suspend_match(pid, position, replay, rng)
    assert saves.suspended_match(pid) is None


# ---- transactions and failures -----------------------------------------------------------

def test_a_failing_write_rolls_back_the_whole_transaction(saves, pid):
    deck = saves.save_deck(pid, "Fire", ["ecard1-1", "ecard1-2"])
    conn = saves._conn
    # Make the card insert fail half-way through save_deck, after its UPDATE and DELETE.
    conn.execute("CREATE TRIGGER boom BEFORE INSERT ON deck_cards "
                 "WHEN NEW.card_id = 'ecard1-66' BEGIN SELECT RAISE(ABORT, 'card full'); END")
    with pytest.raises(StorageFailure, match="card full"):
        saves.save_deck(pid, "Renamed", ["ecard1-5", "ecard1-66"], deck_id=deck.id)
    assert saves.deck(deck.id) == deck
    assert isinstance(StorageFailure("x"), SaveError)


def test_a_wrong_clock_is_reported_and_nothing_is_written(storage):
    opened = open_saves(storage, now=lambda: float("nan"))
    with pytest.raises(SaveError, match="clock"):
        opened.saves.create_profile("Ash")
    assert opened.saves.profiles() == []


def test_closed_saves_refuse_to_work(saves):
    saves.close()
    assert saves.closed
    with pytest.raises(SaveError, match="closed"):
        saves.profiles()


def test_file_saves_use_wal_with_full_sync(saves):
    assert saves.journal_mode == "wal"
    conn = saves._conn
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_every_write_is_one_transaction(saves, pid):
    """Each API write runs exactly one BEGIN IMMEDIATE ... COMMIT, even when it touches many
    rows (so a power cut keeps all of it or none)."""
    statements: list[str] = []
    saves._conn.set_trace_callback(statements.append)
    writes = [
        lambda: saves.add_cards(pid, {"ecard1-1": 2, "ecard1-2": 1}),
        lambda: saves.remove_cards(pid, {"ecard1-1": 1, "ecard1-2": 1}),
        lambda: saves.save_deck(pid, "Fire", ["ecard1-1"] * 60),
        lambda: saves.rename_deck(saves.decks(pid)[0].id, "Blaze"),
        lambda: saves.copy_deck(saves.decks(pid)[0].id),
        lambda: saves.set_setting(pid, "k", [1, 2]),
        lambda: saves.update_coin_tally(pid, "all", lambda old: {"heads": 10, "tails": 10}),
        lambda: saves.save_timer_preset(pid, TimerPreset("T", 60)),
        lambda: saves.suspend_match(pid, {"a": 1}, {"b": 2}, random.Random(1).getstate()),
        lambda: saves.add_match(pid, deck_a="A", deck_b="B", winner="A", result="r", turns=1),
        lambda: saves.clear_suspended(pid),
    ]
    for write in writes:
        statements.clear()
        write()
        assert statements.count("BEGIN IMMEDIATE") == 1, statements
        begin = statements.index("BEGIN IMMEDIATE")
        end = statements.index("COMMIT", begin)
        changes = [i for i, s in enumerate(statements)
                   if s.split()[0] in ("INSERT", "UPDATE", "DELETE")]
        assert changes and all(begin < i < end for i in changes), statements
        assert not any(s.startswith(("BEGIN", "COMMIT")) for s in statements[begin + 1:end])


def test_a_deck_keeps_the_era_it_is_built_for(saves, storage, clock, pid):
    deck = saves.save_deck(pid, "Lightning", ["pl1-2"], era="platinum")
    assert deck.era == "platinum"
    # Saving it again without naming an era keeps its own; a copy keeps it too.
    assert saves.save_deck(pid, "Lightning", ["pl1-2"] * 2, deck_id=deck.id).era == "platinum"
    assert saves.copy_deck(deck.id).era == "platinum"
    assert saves.save_deck(pid, "Home", ["ecard1-98"]).era == "expedition"
    again = reopen(saves, storage, clock)
    assert {d.name: d.era for d in again.decks(pid)} == {
        "Home": "expedition", "Lightning": "platinum", "Lightning copy": "platinum"}
    with pytest.raises(InvalidInput, match="not an era key"):
        again.save_deck(pid, "Bad", [], era="Platinum Era!")
    again.close()


# ---- the other games: history and suspended games ------------------------------------------

def test_a_piece_game_goes_into_the_history_marked_as_such(saves, pid):
    card = saves.add_match(pid, deck_a="Fire", deck_b="Water", winner="Fire", result="prizes",
                           turns=12)
    piece = saves.add_match(pid, deck_a="Gold", deck_b="Silver", winner="Ash",
                            result="togepi", turns=30, ruleset="classic", game="pieces")
    assert (card.game, piece.game) == ("tcg", "pieces")
    assert {m.game for m in saves.match_history(pid)} == {"tcg", "pieces"}
    with pytest.raises(InvalidInput):
        saves.add_match(pid, deck_a="Gold", deck_b="Silver", winner=None, result="quiet",
                        turns=60, game="Pieces!")


def test_a_suspended_piece_game_and_the_suspended_match_never_replace_each_other(
        saves, pid, clock):
    saves.suspend_match(pid, {"turn": 3}, {"seed": 7}, random.Random(1).getstate())
    saves.suspend_game(pid, "pieces", {"turn": 1}, {"seed": 1, "answers": ["stay"]})
    clock.advance(5)
    again = saves.suspend_game(pid, "pieces", {"turn": 2}, {"seed": 2, "answers": []})
    assert saves.suspended_match(pid).position == {"turn": 3}
    got = saves.suspended_game(pid, "pieces")
    assert got == again and (got.saved_at, got.position) == (1005.0, {"turn": 2})
    assert saves.has_suspended(pid) and saves.has_suspended_game(pid, "pieces")
    assert saves.clear_suspended_game(pid, "pieces") is True
    assert saves.clear_suspended_game(pid, "pieces") is False
    assert saves.suspended_game(pid, "pieces") is None
    assert saves.suspended_match(pid) is not None
    saves.suspend_game(pid, "pieces", {"turn": 1}, {"seed": 1})
    assert saves.clear_suspended(pid) is True
    assert saves.has_suspended_game(pid, "pieces")


@pytest.mark.parametrize(("game", "position", "replay"), [
    ("tcg", {"a": 1}, {"b": 2}),  # the card game's match has its own place
    ("", {"a": 1}, {"b": 2}),
    ("pieces", [1], {"b": 2}),
    ("pieces", {"a": 1}, "replay"),
    ("pieces", {"a": float("nan")}, {"b": 2}),
])
def test_bad_suspended_games_are_refused(saves, pid, game, position, replay):
    with pytest.raises(InvalidInput):
        saves.suspend_game(pid, game, position, replay)
    assert not saves.has_suspended_game(pid, "pieces")


def test_a_roster_duel_keeps_its_opponent_and_outcome(saves, storage, clock, pid):
    """The ladder reads its progress from these two fields (handheld/roster.py)."""
    plain = saves.add_match(pid, deck_a="Fire", deck_b="Water", winner="Ash",
                            result="prizes", turns=12)
    duel = saves.add_match(pid, deck_a="Fire", deck_b="Rock Crusher", winner="Odile",
                           result="prizes", turns=20, opponent="exp_odile", outcome="loss")
    assert (plain.opponent, plain.outcome) == (None, None)
    saves = reopen(saves, storage, clock)
    got = {m.id: (m.opponent, m.outcome) for m in saves.match_history(pid)}
    assert got == {plain.id: (None, None), duel.id: ("exp_odile", "loss")}


@pytest.mark.parametrize("change", [{"opponent": "exp_odile"}, {"outcome": "win"},
                                    {"opponent": "Exp Odile!", "outcome": "win"},
                                    {"opponent": "exp_odile", "outcome": "won"}])
def test_bad_roster_fields_are_refused(saves, pid, change):
    args = {"deck_a": "Fire", "deck_b": "Water", "winner": "Ash", "result": "prizes",
            "turns": 3} | change
    with pytest.raises(InvalidInput):
        saves.add_match(pid, **args)
    assert saves.match_history(pid) == []
