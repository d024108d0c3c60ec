"""The era seam: one module and one registry entry per era, and the era flowing through the
engine (Match, positions, the card pool, card text) and the app (sim, protocol, sessions)."""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import pytest

from handheld.__main__ import main
from handheld.assets import available_sets, load_set
from handheld.engine import (
    EXPEDITION,
    RULESETS,
    CardPool,
    InvalidDeck,
    InvalidPosition,
    Match,
    PokemonScript,
    Power,
    ruleset,
)
from handheld.engine.carddefs import POKE_BODY, POKE_POWER, SUPPORTER, TM
from handheld.engine.eras import (
    ERAS,
    HOME,
    Era,
    EraNotPlayable,
    era,
    era_of_card,
    era_of_set,
    playable_era,
    playable_eras,
    registered,
)
from handheld.engine.errors import CardDefinitionError
from handheld.engine.text import card_sections
from handheld.ereader.tips import card_tips
from handheld.players import make_player, play_match
from handheld.protocol.session import Session
from handheld.session import MatchSession, SessionError
from tests.theme_match import DECKS, POOL

PLAYABLE = ["expedition", "platinum", "call_of_legends", "black_white"]


class GymEra(type(ERAS["expedition"])):  # type: ignore[misc]
    """An era of a made-up set that cannot be played yet (every built-in era can)."""

    key = "gym_era"
    name = "Gym Heroes"
    ruleset = EXPEDITION.variant(era="gym_era", name="Gym Heroes")
    sets: ClassVar[Mapping[str, str]] = {"gym_test": "gymt"}
    playable = False


@pytest.fixture
def gym() -> Iterator[Era]:
    with registered(GymEra()) as e:
        yield e

# --- the registry -------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(ERAS))
def test_every_era_has_its_module_its_ruleset_and_its_sets(key: str) -> None:
    module = importlib.import_module(f"handheld.engine.eras.{key}")
    e = ERAS[key]
    assert module.ERA is e and isinstance(e, Era) and e.key == key
    assert e.ruleset.era == key and RULESETS[key] is e.ruleset and ruleset(key) is e.ruleset
    assert e.sets and e.name and e.trainer_rules and e.power_kinds


def test_every_set_of_the_assets_belongs_to_exactly_one_era() -> None:
    for slug in available_sets():
        info = load_set(slug)["set"]
        owners = [e for e in ERAS.values() if slug in e.sets]
        assert len(owners) == 1, slug
        (owner,) = owners
        assert owner.key == info["era"], slug  # the assets say the same
        assert owner.sets[slug] == info["code"], slug  # card ids start with this code
        assert era_of_set(slug) is owner
    # And no era names a set the assets do not have.
    assert {s for e in ERAS.values() for s in e.sets} == set(available_sets())


def test_a_card_belongs_to_the_era_of_its_set() -> None:
    assert era_of_card("ecard2-120") is ERAS["expedition"]
    assert era_of_card("pl2-31") is ERAS["platinum"]
    assert era_of_card("col1-56") is ERAS["call_of_legends"]
    assert era_of_card("bw6-12") is ERAS["black_white"]
    assert era_of_card("test-1") is HOME  # a made-up set is read in the home era


def test_unknown_and_unplayable_eras_are_refused_clearly(gym: Era) -> None:
    with pytest.raises(KeyError, match="known eras: expedition, platinum"):
        era("gym_heroes")
    with pytest.raises(KeyError, match="no era plays the set"):
        era_of_set("gym_heroes")
    with pytest.raises(EraNotPlayable, match="playable eras: " + ", ".join(PLAYABLE)):
        playable_era("gym_era")
    assert [e.key for e in playable_eras()] == PLAYABLE
    assert era(ERAS["platinum"]) is ERAS["platinum"]


def test_the_kinds_each_era_knows() -> None:
    assert ERAS["expedition"].knows_pokemon_kind("baby")
    assert ERAS["platinum"].knows_pokemon_kind("lv_x")
    assert ERAS["call_of_legends"].knows_pokemon_kind("legend")
    assert ERAS["black_white"].knows_pokemon_kind("ex")
    assert ERAS["black_white"].knows_pokemon_kind("restored")
    assert not ERAS["expedition"].knows_pokemon_kind("lv_x")
    assert ERAS["black_white"].knows_power_kind("ability")
    assert not ERAS["black_white"].knows_power_kind(POKE_POWER)
    assert ERAS["expedition"].knows_power_kind(POKE_BODY)


# --- the era in the engine ------------------------------------------------------------------


@pytest.mark.parametrize("e", playable_eras(), ids=lambda e: e.key)
def test_a_whole_match_in_each_playable_era(e: Era) -> None:
    """A match of the era's first two ready-made decks, played to the end by its rules."""
    from handheld.cards import era_deck_names, load_deck

    names = era_deck_names(e.key)
    assert len(names) >= 2, f"the {e.name} era has no ready-made decks"
    decks = (load_deck(names[0]), load_deck(names[1]))
    m = Match(POOL, decks, era=e)
    assert m.era is e and m.rules is e.ruleset
    assert m.stack[0].code is e.game_program
    players = [make_player("random", 1), make_player("random", 2)]
    done, rec = play_match(POOL, decks, players, 3, rules=e.ruleset)
    assert done.over and done.era is e and rec.winner in (0, 1)


def test_a_match_takes_its_era_from_a_ruleset_and_keeps_house_rules() -> None:
    house = EXPEDITION.variant(prizes=4)
    m = Match(POOL, DECKS, house)
    assert m.era is ERAS["expedition"] and m.rules is house and m.prize_count == 4
    assert Match(POOL, DECKS).era is HOME


def test_a_match_in_an_era_that_cannot_be_played_yet_is_refused(gym: Era) -> None:
    with pytest.raises(EraNotPlayable, match="Gym Heroes era"):
        Match(POOL, DECKS, era="gym_era")
    with pytest.raises(EraNotPlayable):
        Match(POOL, DECKS, gym.ruleset)


def test_the_era_answers_for_prizes_and_procedures(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Knock Out is worth what the era says (Pokémon-EX will be worth 2)."""
    m = Match(POOL, DECKS)
    asked: list[Any] = []

    def two(self: Era, match: Match, slot: Any) -> int:
        asked.append(match)
        return 2

    monkeypatch.setattr(type(ERAS["expedition"]), "prizes_for_knockout", two)
    assert m.prizes_for_knockout(object()) == 2  # type: ignore[arg-type]
    assert asked == [m]
    assert POOL.program("rule:retreat", m.era) is m.era.retreat_program
    assert POOL.program("rule:knockouts") is m.era.knockouts_program


def test_a_position_keeps_its_era_and_names_an_unplayable_one(gym: Era) -> None:
    m = Match(POOL, DECKS)
    pos = m.position()
    assert pos["era"] == "expedition"
    again = Match.from_position(POOL, pos)
    assert again.era is m.era and again.position() == pos
    with pytest.raises(InvalidPosition,
                       match=r"era: the Gym Heroes era \(gym_era\) cannot"):
        Match.from_position(POOL, {**pos, "era": "gym_era"})
    with pytest.raises(InvalidPosition, match="era: unknown era 'base'"):
        Match.from_position(POOL, {**pos, "era": "base"})


def test_a_position_reads_the_bench_size_from_the_ruleset() -> None:
    m = Match(POOL, DECKS)
    pos = json.loads(json.dumps(m.position()))
    deck = pos["players"][0]["deck"]
    pos["players"][0]["bench"] = [{"cards": [c]} for c in deck[:4]]
    pos["players"][0]["deck"] = deck[4:]
    with pytest.raises(InvalidPosition, match="bench has 4 Pokémon; at most 3"):
        Match.from_position(POOL, pos, rules=EXPEDITION.variant(bench_size=3))


def test_deck_rules_refuse_cards_of_another_era() -> None:
    deck = list(DECKS[0])
    rules = ERAS["expedition"]
    assert rules.deck_violations(POOL, deck) == []
    # Basic Energy is played in every era: a Black & White Fire Energy is fine.
    fire = next(c.id for c in POOL if c.id.startswith("bw1-") and c.basic_energy
                and c.units == POOL.get(deck[-1]).units)
    assert rules.deck_violations(POOL, [*deck[:-1], fire]) == []
    blastoise = [*deck[:-1], "pl1-2"]
    problems = rules.deck_violations(POOL, blastoise)
    assert "Blastoise (pl1-2) is not played in the Expedition era" in problems
    with pytest.raises(InvalidDeck):
        Match(POOL, (blastoise, DECKS[1]))


def test_each_card_is_compiled_by_the_era_that_plays_its_set(gym: Era) -> None:
    """A card of an era that cannot be played asks that era for its attack procedure, which
    it does not have yet; the same card in an Expedition set compiles."""
    facts = dict(next(c for c in load_set("call_of_legends")["cards"]
                      if c["supertype"] == "pokemon"))
    facts["id"] = "gymt-1"
    facts["powers"] = []
    facts["attacks"] = [{"name": "Hit", "cost": ["C"], "damage": "20"}]
    script = PokemonScript(attacks={"Hit": ()})
    with pytest.raises(EraNotPlayable, match="Gym Heroes era cannot be played yet"):
        CardPool().add(facts, script)
    home = CardPool().add({**facts, "id": "test-2"}, script)
    assert home.attacks and all(a.code for a in home.attacks)


def test_a_power_kind_the_era_does_not_know_is_refused() -> None:
    facts = dict(next(c for c in load_set("expedition")["cards"] if c["id"] == "ecard1-1"))
    facts["powers"] = [{"kind": "ability", "name": "Psymimic"}]
    with pytest.raises(CardDefinitionError, match="power kind 'ability'"):
        CardPool().add(facts, PokemonScript(attacks={"Syncroblast": ()},
                                            powers={"Psymimic": Power()}))


# --- card text and tips per era -------------------------------------------------------------


def test_a_platinum_power_reads_platinums_shut_off_rule() -> None:
    blastoise = POOL.get("pl1-2")
    platinum = ERAS["platinum"]
    sentence = platinum.power_shutoff_sentence(POKE_POWER)
    # Every Poké-Power of the era says so on the card: any Special Condition stops it.
    assert sentence == "Not while this Pokémon has a Special Condition."
    (power,) = [s for s in card_sections(blastoise) if s.label == "Poké-Power"]
    assert power.body.endswith(sentence)
    # Under Expedition's rules the same card reads Expedition's sentence.
    # A Poké-Body is stopped by none in Platinum, by every condition in Expedition.
    assert platinum.power_shutoff_sentence(POKE_BODY) == ""
    assert ERAS["expedition"].power_shutoff_sentence(POKE_BODY)
    tips = {t.heading: t.text for t in card_tips(blastoise)}
    assert tips["Poké-Power Dig Well"].endswith(
        "It does not work while this Pokémon has any Special Condition (Asleep, Confused, "
        "Paralyzed, Poisoned or Burned).")


def test_trainer_rule_lines_and_power_labels_are_the_eras() -> None:
    tm = POOL.get("ecard1-144")
    assert card_sections(tm)[-1].body == ERAS["expedition"].trainer_rules[TM]
    assert card_sections(tm, ERAS["platinum"])[-1].body.endswith("It stays attached.")
    juniper = POOL.get("bw1-101")
    assert card_sections(juniper)[-1].body == ERAS["black_white"].trainer_rules[SUPPORTER]
    assert ERAS["black_white"].power_label("ability") == "Ability"
    assert ERAS["platinum"].power_shutoff_sentence(POKE_BODY) == ""


# --- the era in the app -------------------------------------------------------------------


def test_the_protocol_hello_lists_the_eras_and_new_takes_one(gym: Era) -> None:
    s = Session()
    hello = s.handle({"cmd": "hello"})
    assert hello["eras"] == sorted(PLAYABLE)
    assert hello["era_info"] == [{"key": e.key, "name": e.name, "playable": e.playable}
                                 for e in ERAS.values()]
    s.handle({"cmd": "new", "decks": ["blazing_quake", "tidal_mind"], "era": "expedition"})
    assert s.match is not None and s.match.era is ERAS["expedition"]
    with pytest.raises(Exception, match="must be one of " + ", ".join(sorted(PLAYABLE))):
        s.handle({"cmd": "new", "decks": ["blazing_quake", "tidal_mind"], "era": "gym_era"})


@pytest.mark.parametrize(("value", "says"), [
    ("gym_era", "the Gym Heroes era (gym_era) cannot be played yet; playable eras: "
                "expedition, platinum"),
    ("nope", "unknown era 'nope'; playable eras: expedition, platinum"),
])
def test_sim_refuses_an_era_it_cannot_play(capsys: pytest.CaptureFixture[str], value: str,
                                           says: str, gym: Era) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["sim", "--era", value, "--games", "1"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_sim_plays_in_the_era_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--era", "expedition", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["era"] == "expedition"


def test_a_session_records_its_era_and_resumes_in_it(gym: Era) -> None:
    s = MatchSession(POOL, (list(DECKS[0]), list(DECKS[1])), ["random", "random"], 4)
    for _ in range(30):
        s.step()
    snap = json.loads(json.dumps(s.snapshot()))
    assert s.era == "expedition" and snap["replay"]["era"] == "expedition"
    back = MatchSession.resume(POOL, snap)
    assert back.era == "expedition" and back.match.era is ERAS["expedition"]
    assert back.match.position() == s.match.position()
    # A snapshot written before eras were recorded is the home era's.
    del snap["replay"]["era"]
    assert MatchSession.resume(POOL, snap).era == "expedition"
    snap["replay"]["era"] = "gym_era"
    with pytest.raises(SessionError, match="era cannot be played"):
        MatchSession.resume(POOL, snap)
