"""The measure of the era seam: an era made up in this test only -- other Ruleset numbers
and one procedure section of its own -- is registered and then played everywhere a real
era is: whole matches through ``Match``, a position's round trip, the protocol's ``new``
and a session's suspend and resume. No engine file knows it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from handheld.engine import EXPEDITION, Choice, Match
from handheld.engine.effects.core import NEXT, Instr, Result
from handheld.engine.eras import (
    BUILT_IN,
    ERAS,
    era,
    era_of_card,
    playable_eras,
    register_era,
    registered,
    unregister_era,
)
from handheld.engine.eras.expedition import Expedition
from handheld.engine.fingerprint import program_digest
from handheld.engine.state import Frame
from handheld.players import chance_outcome, make_player, play_match
from handheld.protocol.session import Session
from handheld.session import MatchSession, SessionError
from tests.theme_match import DECKS, POOL

KEY = "wide_bench"
TALLY = "tally"  # the log tag of the made-up step


class Tally(Instr):
    """A between-turns step of the made-up era: it notes the turn in the log."""

    __slots__ = ()

    def run(self, m: Match, f: Frame) -> Result:
        if m.logging:
            m.log.append((TALLY, m.turn))
        return NEXT


class WideBench(Expedition):
    """Expedition with a Bench of 8, 4 Prizes and a step of its own between turns."""

    key = KEY
    name = "Wide Bench"
    ruleset = EXPEDITION.variant(era=KEY, name="Wide Bench", bench_size=8, prizes=4)

    def between_turns_procedure(self) -> list[Any]:
        return [*super().between_turns_procedure(), Tally()]


@pytest.fixture
def wide() -> Iterator[WideBench]:
    with registered(WideBench()) as e:
        yield e
    assert KEY not in ERAS


def test_the_made_up_era_overrides_one_section_and_nothing_else(wide: WideBench) -> None:
    home = ERAS["expedition"]
    assert ERAS[KEY] is wide and wide in playable_eras()
    # Its game program is the home era's with one more step just before the end of the
    # between-turns section; its other programs digest as the home era's.
    mine, theirs = wide.game_program, home.game_program
    assert len(mine) == len(theirs) + 1
    at = next(i for i, ins in enumerate(mine) if isinstance(ins, Tally))
    assert type(mine[at - 1]).__name__ == "ToolsStep"
    assert type(mine[at + 1]).__name__ == "BetweenKnockOuts"
    assert program_digest(wide.knockouts_program) == program_digest(home.knockouts_program)
    assert program_digest(wide.retreat_program) == program_digest(home.retreat_program)
    # Its cards stay the home era's (text, tips, attacks), and its decks are legal in it.
    assert era_of_card(DECKS[0][0]) is home
    assert wide.deck_violations(POOL, DECKS[0]) == []


def _watch(prizes_at_start: list[int], benches: list[int]) -> Callable[[Match], None]:
    """An on_decision hook noting the Prizes at the first turn and every Bench's size."""
    def look(m: Match) -> None:
        benches.extend(len(p.bench) for p in m.players)
        if m.turn == 1 and not prizes_at_start:
            prizes_at_start.extend(len(p.prizes) for p in m.players)
    return look


def test_whole_random_matches_are_played_under_its_numbers_and_its_step(
        wide: WideBench) -> None:
    benches: list[int] = []
    tallies = between = 0
    for seed in range(6):
        prizes_at_start: list[int] = []
        players = [make_player("random", seed), make_player("random", seed + 50)]
        m, rec = play_match(POOL, DECKS, players, seed, rules=wide.ruleset, record_log=True,
                            on_decision=_watch(prizes_at_start, benches))
        assert m.over and m.era is wide and rec.era == KEY
        assert m.prize_count == 4 and prizes_at_start == [4, 4]
        tallies += sum(1 for e in m.log if e[0] == TALLY)
        # The step runs on every turn whose end had between-turns work, and only then.
        between += sum(1 for e in m.log if e[:2] == ("between", "start"))
    assert tallies == between > 0
    assert 5 < max(benches) <= 8  # a Bench the home era would not allow


def test_a_position_of_the_made_up_era_round_trips(wide: WideBench) -> None:
    rng = random.Random(4)
    m = Match(POOL, DECKS, era=wide)
    players = [make_player("random", 1), make_player("random", 2)]
    for _ in range(120):  # well into the match
        d = m.pending
        assert d is not None
        if isinstance(d, Choice):
            m.apply(players[d.player].choose(m, d))
        else:
            m.resolve(chance_outcome(d, rng))
    pos = json.loads(json.dumps(m.position()))
    assert pos["era"] == KEY
    again = Match.from_position(POOL, pos)
    assert again.era is wide and again.rules is wide.ruleset
    assert again.stack[0].code is wide.game_program
    assert json.loads(json.dumps(again.position())) == pos


def test_the_protocol_starts_a_match_in_the_made_up_era(wide: WideBench) -> None:
    s = Session()
    hello = s.handle({"cmd": "hello"})
    assert KEY in hello["eras"]
    assert {"key": KEY, "name": "Wide Bench", "playable": True} in hello["era_info"]
    s.handle({"cmd": "new", "decks": ["blazing_quake", "tidal_mind"], "era": KEY,
              "seed": 4, "auto_chance": True})
    out = s.handle({"cmd": "auto", "players": ["random", "random"], "until": "end"})
    assert out["over"]
    pos = s.handle({"cmd": "position"})["position"]
    assert pos["era"] == KEY and pos["prize_count"] == 4
    events = s.handle({"cmd": "log"})["events"]
    tallies = sum(1 for e in events if e[0] == TALLY)
    assert tallies == sum(1 for e in events if e[:2] == ["between", "start"]) > 0


def test_a_session_in_the_made_up_era_suspends_and_resumes(wide: WideBench) -> None:
    def session() -> MatchSession:
        return MatchSession(POOL, (list(DECKS[0]), list(DECKS[1])), ["greedy", "random"],
                            11, era=KEY)

    whole = session()
    steps = 1
    while whole.step():
        steps += 1
    assert steps > 20
    cut = session()
    for _ in range(steps // 2):  # suspended halfway
        assert cut.step()
    snap = json.loads(json.dumps(cut.snapshot()))
    assert snap["replay"]["era"] == KEY and snap["replay"]["game"] == "tcg"
    resumed = MatchSession.resume(POOL, snap)
    assert resumed.era == KEY and resumed.match.era is wide and not resumed.rebuilt
    assert resumed.record().era == KEY and resumed.record().game == "tcg"
    while resumed.step():
        pass
    assert resumed.match.position() == whole.match.position()
    assert resumed.match.result == whole.match.result


# --- the registry's own rules ---------------------------------------------------------------


def test_registering_refuses_a_known_key_a_foreign_ruleset_and_built_in_removals() -> None:
    with pytest.raises(ValueError, match="registered already"):
        register_era(ERAS["expedition"])

    class Mismatch(Expedition):
        key = "mismatch"
        name = "Mismatch"

    with pytest.raises(ValueError, match="ruleset of the era 'expedition'"):
        register_era(Mismatch())
    with pytest.raises(ValueError, match="built in"):
        unregister_era("expedition")
    with pytest.raises(KeyError, match="unknown era"):
        unregister_era(KEY)
    assert list(ERAS) == [e.key for e in BUILT_IN]


def test_a_registered_era_leaves_the_registry_even_when_its_block_fails() -> None:
    with pytest.raises(RuntimeError), registered(WideBench()):
        assert KEY in ERAS
        raise RuntimeError("the block failed")
    assert KEY not in ERAS
    with pytest.raises(KeyError, match="unknown era"):
        era(KEY)


# The home era's programs, put together from its sections, digest as they did when they were
# one block in rules.py: saved positions keep their fingerprints. A change here is a change
# of the rules' programs (and suspended matches will be rebuilt from their replays).
# (``rule:response``, the window for a card played in answer to a Poké-Power, came with the
# Platinum era; the first three are unchanged since positions recorded them.)
HOME_DIGESTS = {"rule:game": "3d6cbe7d32ba6e68", "rule:knockouts": "d0f508fc512bbcbf",
                "rule:retreat": "4db08c809ee47bb6", "rule:response": "b7cf7c89983e823c"}


def test_the_home_eras_programs_are_the_ones_positions_were_written_with() -> None:
    programs = ERAS["expedition"].rule_programs()
    assert {k: program_digest(code) for k, code in programs.items()} == HOME_DIGESTS


def test_a_suspended_match_of_another_game_is_refused_clearly() -> None:
    s = MatchSession(POOL, (list(DECKS[0]), list(DECKS[1])), ["random", "random"], 2)
    snap = json.loads(json.dumps(s.snapshot()))
    snap["replay"]["game"] = "legend_pieces"
    with pytest.raises(SessionError, match="another game"):
        MatchSession.resume(POOL, snap)
    del snap["replay"]["game"]  # saved before games were recorded: the card game's
    assert MatchSession.resume(POOL, snap).record().game == "tcg"


# --- one list of eras -----------------------------------------------------------------------


def test_the_builder_and_the_glossary_read_their_eras_from_the_registry() -> None:
    import handheld.glossary as glossary
    from handheld.assets import available_sets, load_set

    assert list(glossary.ERAS) == [e.key for e in BUILT_IN]
    assert glossary.ERAS["call_of_legends"] == "Call of Legends"  # the rulebook's title
    assert glossary.ERAS["expedition"] == ERAS["expedition"].name
    # Each asset set's source id lies in its era's range and in no other.
    for slug in available_sets():
        info = load_set(slug)["set"]
        holders = [e.key for e in BUILT_IN if int(info["id"]) in e.source_set_ids]
        assert holders == [info["era"]], slug
