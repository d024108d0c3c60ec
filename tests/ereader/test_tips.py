"""The Card screen: tips generated from a card's definition and its era's rules."""

from __future__ import annotations

import pytest

from handheld.engine.eras import ERAS, era
from handheld.engine.ruleset import EXPEDITION
from handheld.ereader.tips import Tip, card_tips, cost_words, rules_for, tips_text
from handheld.glossary import terms_in


def tips(card, rules=None) -> dict[str, str]:
    out = {t.heading: t.text for t in card_tips(card, rules)}
    assert len(out) == len(card_tips(card, rules)), "a heading appears twice"
    return out


# --- the rules a card is explained under -------------------------------------------------


@pytest.mark.parametrize(("card_id", "key"), [
    ("ecard1-33", "expedition"),
    ("ecard2-120", "expedition"),  # Aquapolis
    ("ecard3-2", "expedition"),  # Skyridge
    ("pl1-1", "platinum"),
    ("pl2-31", "platinum"),  # Rising Rivals
    ("hgss1-78", "call_of_legends"),
    ("col1-56", "call_of_legends"),
    ("bw1-115", "black_white"),
    ("bw6-12", "black_white"),  # Dragons Exalted
])
def test_rules_for_each_era(pool, card_id: str, key: str) -> None:
    own = rules_for(pool.get(card_id))
    assert own is ERAS[key]
    assert own.ruleset.era == key
    if key == "expedition":
        assert own.ruleset is EXPEDITION


def test_the_later_eras_switches_follow_their_rulebooks() -> None:
    assert EXPEDITION.retreats_per_turn is None and not EXPEDITION.use_printed_weakness
    for key in ("platinum", "call_of_legends", "black_white"):
        rules = era(key).ruleset
        assert rules.use_printed_weakness and rules.retreats_per_turn == 1, era
        # Platinum rulebook, Technical Machines: they now stay attached by default.
        assert not rules.tm_discard_end_of_turn, key
        assert rules.body_shutoff == 0, key
    # Platinum and Call of Legends rulebooks: whoever goes first plays no Trainer of any
    # kind on that first turn, and a played Supporter waits beside the Active Pokémon
    # until the turn is over, then is discarded.
    for key in ("platinum", "call_of_legends"):
        assert era(key).ruleset.first_turn_trainer_ban, key
        assert era(key).ruleset.supporter_discard_end_of_turn, key
    # Black & White plays a Supporter like an Item, and names no first-turn ban.
    assert not era("black_white").ruleset.first_turn_trainer_ban
    assert not era("black_white").ruleset.supporter_discard_end_of_turn


# --- cost_words --------------------------------------------------------------------------


@pytest.mark.parametrize(("cost", "words"), [
    ((), "no Energy"),
    (("C",), "1 Energy of any type"),
    (("P",), "1 Psychic Energy"),
    (("R", "R", "C"), "2 Fire Energy and 1 Energy of any type"),
    (("C", "W", "C"), "2 Energy of any type and 1 Water Energy"),
    (("G", "R", "C", "C"), "1 Grass Energy, 1 Fire Energy and 2 Energy of any type"),
    (("L", "L", "L", "L"), "4 Lightning Energy"),
    (("D", "M"), "1 Darkness Energy and 1 Metal Energy"),
])
def test_cost_words(cost: tuple[str, ...], words: str) -> None:
    assert cost_words(cost) == words


# --- Pokémon -----------------------------------------------------------------------------


def test_a_pokemon_with_a_poke_power(pool) -> None:
    alakazam = pool.get("ecard1-33")
    t = tips(alakazam)
    assert list(t) == ["Evolving (Stage 2)", "Poké-Power Psymimic", "Syncroblast 80",
                       "Weakness", "Retreat"]
    assert t["Evolving (Stage 2)"].startswith("Put it on your Kadabra in play")
    assert "Nobody evolves on their own first turn." in t["Evolving (Stage 2)"]
    power = t["Poké-Power Psymimic"]
    # The effect comes from the card's definition, then how to use it...
    assert power.startswith("Once during your turn, instead of attacking: use 1 of the "
                            "attacks of your opponent's Pokémon")
    # ...which for a Power used instead of an attack is from the Active Spot only.
    assert "in place of an attack, while it is your Active Pokémon" in power
    assert "before you attack" not in power and "the Bench" not in power
    # Expedition: every Special Condition stops a Poké-Power.
    assert power.endswith("It does not work while this Pokémon has any Special Condition "
                          "(Asleep, Confused, Paralyzed, Poisoned or Burned).")
    assert t["Syncroblast 80"] == (
        "Needs 1 Psychic Energy and 2 Energy of any type on the Active Pokémon. Does 80 "
        "damage when the Defending Pokémon has as many Energy cards as this Pokémon, "
        "otherwise 20. Attacking ends your turn.")
    assert t["Weakness"] == "Psychic attacks do double damage to it: keep it away from them."
    assert t["Retreat"] == ("To swap it with a Benched Pokémon, discard 2 Energy cards from "
                            "it (as often as you like).")


def test_a_poke_power_in_call_of_legends_stops_for_any_condition(pool) -> None:
    # (the glossary of seed 000: a Special Condition turns most Poké-Powers off, and the
    # era's cards print it on each Power)
    power = tips(pool.get("ecard1-33"), era("call_of_legends"))["Poké-Power Psymimic"]
    assert power.endswith("It does not work while this Pokémon has any Special Condition "
                          "(Asleep, Confused, Paralyzed, Poisoned or Burned).")
    retreat = tips(pool.get("ecard1-33"), era("call_of_legends"))["Retreat"]
    assert retreat.endswith("(once a turn).")


def test_a_house_rule_that_stops_powers_for_three_conditions_says_which(pool) -> None:
    from handheld.engine.ruleset import ROTATION

    plat = era("platinum")

    class ThreeConditions(type(plat)):  # type: ignore[misc]
        ruleset = plat.ruleset.variant(power_shutoff=ROTATION)

    power = tips(pool.get("ecard1-33"), ThreeConditions())["Poké-Power Psymimic"]
    assert power.endswith("It does not work while this Pokémon has Asleep, Confused or "
                          "Paralyzed.")


def test_a_poke_power_in_platinum_stops_for_any_condition(pool) -> None:
    power = tips(pool.get("ecard1-33"), era("platinum"))["Poké-Power Psymimic"]
    assert power.endswith("has any Special Condition (Asleep, Confused, Paralyzed, "
                          "Poisoned or Burned).")
    retreat = tips(pool.get("ecard1-33"), era("platinum"))["Retreat"]
    assert retreat.endswith("(once a turn).")


def test_a_poke_body(pool) -> None:
    golem = pool.get("ecard1-14")
    (heading,) = [h for h in tips(golem) if h.startswith("Poké-Body")]
    assert heading == "Poké-Body Rock Body"
    body = tips(golem)[heading]
    assert "Always on while the Pokémon is in play: nothing to do." in body
    assert "It stops while this Pokémon has any Special Condition" in body
    later = tips(golem, era("black_white"))[heading]
    assert "Always on" in later and "stops" not in later


def test_a_pokemon_power_that_is_usable_before_attacking(pool) -> None:
    azumarill = pool.get("ecard2-4")  # Bubble Turn: not yet played by the engine
    text = tips(azumarill)["Poké-Power Bubble Turn"]
    assert text.startswith("Use it once during your turn, before you attack, from the "
                           "Active Spot or the Bench.")


def test_an_ability_is_explained_as_an_ability(pool) -> None:
    # Always on (Serperior's Royal Heal), or chosen from the Active Spot or the Bench
    # (Emboar's Inferno Fandango); never called a Poké-Power or stopped by a condition.
    heal = tips(pool.get("bw1-6"))["Ability Royal Heal"]
    assert heal.endswith("Always on while the Pokémon is in play: nothing to do.")
    fandango = tips(pool.get("bw1-20"))["Ability Inferno Fandango"]
    assert fandango.endswith("Use it before you attack, from the Active Spot or the Bench.")
    words = " ".join([*tips(pool.get("bw1-6")), heal, fandango])
    assert "Poké-Power" not in words and "Special Condition" not in words


def test_an_attack_with_a_coin_flip(pool) -> None:
    pikachu = pool.get("ecard1-124")
    t = tips(pikachu)
    assert list(t) == ["Basic Pokémon", "Lightning Tail", "Tackle 20", "Weakness", "Retreat"]
    assert t["Lightning Tail"] == ("Needs 1 Energy of any type on the Active Pokémon. Flip a "
                                   "coin. Heads: the Defending Pokémon becomes Paralyzed. "
                                   "Attacking ends your turn.")
    assert t["Tackle 20"] == ("Needs 1 Lightning Energy and 1 Energy of any type on the "
                              "Active Pokémon. Attacking ends your turn.")
    assert t["Basic Pokémon"] == ("Put it on your Bench during your turn (up to 5 Benched). "
                                  "Your opening hand needs at least one Basic Pokémon to "
                                  "start the game.")
    assert "What it does" not in t  # the attacks' effects go with their own tips


def test_a_baby_pokemon(pool) -> None:
    pichu = pool.get("ecard1-22")
    t = tips(pichu)
    assert list(t) == ["Baby Pokémon", "Energy Patch", "Retreat"]
    assert "It can evolve into Pikachu like a Stage 1." in t["Baby Pokémon"]
    assert "flips a coin first" in t["Baby Pokémon"]
    # The card's own Baby rule line is not repeated as "What it does".
    assert "What it does" not in t
    assert "Weakness" not in t and "Resistance" not in t  # Pichu has neither


def test_weakness_and_resistance_under_each_era(pool) -> None:
    ampharos = tips(pool.get("pl1-1"))  # Platinum: Fighting +30, Metal -20
    assert ampharos["Weakness"] == "Fighting attacks do 30 more damage to it: keep it away " \
                                   "from them."
    assert ampharos["Resistance"] == "Metal attacks do 20 less damage to it."
    # The same card explained under Expedition's rules: x2 and -30, whatever is printed.
    expedition = tips(pool.get("pl1-1"), era("expedition"))
    assert expedition["Weakness"].startswith("Fighting attacks do double damage")
    assert expedition["Resistance"] == "Metal attacks do 30 less damage to it."


def test_free_retreat(pool) -> None:
    assert tips(pool.get("pl2-31"))["Retreat"] == (
        "Free: it goes back to the Bench without discarding Energy (once a turn).")


def test_a_card_without_effects_says_so_first(pool) -> None:
    sentret = pool.get("ecard2-107")  # (Aquapolis, of the Expedition era, has no scripts yet)
    assert not sentret.implemented
    first = card_tips(sentret)[0]
    assert first == Tip("Effects", "This handheld knows the card's printed facts but has not "
                        "learned its effects yet; it cannot be played in a match.")
    assert "Effects" not in tips(pool.get("ecard1-124"))


# --- Trainers ----------------------------------------------------------------------------


def test_a_trainer(pool) -> None:
    potion = card_tips(pool.get("ecard1-156"))
    assert [t.heading for t in potion] == ["What it does", "Trainer"]
    assert potion[0].text == ("Play only if you have a Pokémon with damage counters. Pick 1 "
                              "of your Pokémon with damage counters. Take 2 damage counters "
                              "off that Pokémon (all of them if it has fewer).")
    assert potion[1].text == ("Play as many as you like during your turn: do what the card "
                              "says, then discard it.")


def test_the_first_turn_ban_in_platinum_and_call_of_legends_only(pool) -> None:
    ban = "The player who goes first plays none on the first turn."
    assert tips(pool.get("pl1-112"))["Trainer"].endswith(ban)  # PlusPower, Platinum
    assert tips(pool.get("bw1-96"))["Trainer"].endswith("then discard it.")  # Black & White
    assert ban not in tips_text(pool.get("ecard1-156"))
    assert tips(pool.get("ecard1-156"), era("call_of_legends"))["Trainer"].endswith(
        ban)


def test_a_supporter_in_each_era(pool) -> None:
    marys = tips(pool.get("ecard1-142"))
    assert marys["What it does"] == "Flip coins until one comes up tails. Draw 2 cards per " \
                                    "heads."
    assert marys["Supporter"] == ("Play only one Supporter each turn. It stays beside your "
                                  "Active Pokémon until your turn is over, then it is "
                                  "discarded.")
    # The rule line the card text ends with is not repeated in "What it does".
    assert "Supporter:" not in marys["What it does"]
    juniper = tips(pool.get("bw1-101"))
    assert juniper["Supporter"] == "Play only one Supporter each turn. Discard it after " \
                                   "playing it."
    platinum = tips(pool.get("ecard1-142"), era("platinum"))["Supporter"]
    assert "until your turn is over" in platinum and "goes first" in platinum


def test_a_pokemon_tool_and_a_stadium(pool) -> None:
    charm = tips(pool.get("ecard1-150"))
    assert charm["What it does"].startswith("When an attack of the Pokémon this card is "
                                            "attached to damages the Active Pokémon, add 10")
    assert charm["Pokémon Tool"].startswith("Attach it to one of your Pokémon; a Pokémon "
                                            "holds one Tool at a time.")
    stadium = tips(pool.get("ecard2-131"))  # Pokémon Park
    assert stadium["Stadium"].startswith("Put it next to the Active Spot. It affects both "
                                         "players")


def test_a_technical_machine_explains_its_attack(pool) -> None:
    tm = card_tips(pool.get("ecard1-144"))  # Multi Technical Machine 01
    assert [t.heading for t in tm] == ["Technical Machine", "Paralyzing Gaze"]
    assert tm[0].text.endswith("Once your turn is over, it is discarded.")
    gaze = "The Defending Pokémon becomes Paralyzed."  # the attack's generated text
    assert tm[1].text == (f"Needs 1 Energy of any type on the Active Pokémon. {gaze} "
                          "Attacking ends your turn.")
    later = tips(pool.get("pl2-95"))["Technical Machine"]  # a Platinum-era TM
    assert "It stays attached unless the card says otherwise." in later
    assert "discarded" not in later


# --- Energy ------------------------------------------------------------------------------


def test_basic_and_special_energy(pool) -> None:
    water = tips(pool.get("ecard1-165"))
    assert list(water) == ["What it does", "Attaching", "Basic Energy"]
    assert water["What it does"] == "Provides [W]."
    assert water["Basic Energy"] == "A deck may hold any number of it."
    darkness = tips(pool.get("ecard1-158"))
    assert list(darkness) == ["What it does", "Attaching", "Special Energy"]
    assert "add 10 damage" in darkness["What it does"]
    assert darkness["Special Energy"].startswith("At most 4 copies in a deck.")


# --- every card, and the Dictionary's text -----------------------------------------------


def test_every_card_has_tips(pool) -> None:
    for card in pool:
        t = card_tips(card)
        assert t, card.id
        for tip in t:
            assert tip.heading and tip.text.strip(), card.id
            assert tip.text.endswith((".", ")")), (card.id, tip)
        headings = [x.heading for x in t]
        if card.kind == 0:
            assert headings[-1] == "Retreat", card.id
        # every attack of a Pokémon or a Technical Machine has its own tip
        for a in card.attacks:
            assert f"{a.name} {a.damage}".strip() in headings, (card.id, a.name)


def test_tips_text_is_the_card_screen_under_the_cards_own_rules(pool) -> None:
    pikachu = pool.get("bw1-115")
    text = tips_text(pikachu)
    assert text == "\n".join(f"{t.heading}: {t.text}" for t in card_tips(pikachu))
    assert "(once a turn)" in text
    assert "(as often as you like)" in tips_text(pikachu, era("expedition"))


def test_the_dictionary_finds_the_terms_of_the_card_screen(pool) -> None:
    names = [t.name for t in terms_in(tips_text(pool.get("ecard1-33")))]
    for term in ("Poké-Power", "Special Conditions", "Defending Pokémon", "Weakness",
                 "Retreat", "Bench"):
        assert term in names, term
    assert "Paralyzed" in [t.name for t in terms_in(tips_text(pool.get("ecard1-144")))]


# --- Platinum's Pokémon LV.X and Pokémon SP ------------------------------------------------


def test_a_lv_x_says_how_to_level_up_and_what_it_keeps(pool) -> None:
    card = pool.get("pl2-107")  # Hippowdon LV.X
    got = tips(card, era("platinum"))
    assert "Basic Pokémon" not in got  # it is never benched as a Basic
    level = got["Level up (Pokémon LV.X)"]
    assert "Active Hippowdon" in level and "never on the Bench" in level
    assert "not an Evolution card" in level and "keeps its Stage" in level
    keeps = got["What it keeps"]
    for words in ("damage counters", "attached cards", "attacks, Poké-Powers and Poké-Bodies",
                  "HP, Retreat Cost, Weakness, Resistance", "Special Conditions"):
        assert words in keeps
    assert "counts as Hippowdon for the 4-copy rule" in got["In a deck"]
    # Platinum's Poké-Power rule applies to its power, its retreat is once a turn.
    assert got["Retreat"].endswith("(once a turn).")


def test_a_pokemon_sp_says_whose_it_is_and_that_it_is_outside_the_line(pool) -> None:
    got = tips(pool.get("pl2-9"), era("platinum"))  # Luxray GL
    assert "Basic Pokémon" in got
    sp = got["Pokémon SP (GL)"]
    assert "Gym Leader" in sp and "Luxray GL and Luxray are different cards" in sp
    assert "outside Luxray's evolution line" in sp
    # An SP's LV.X has both.
    both = tips(pool.get("pl2-109"), era("platinum"))
    assert "Level up (Pokémon LV.X)" in both and "Pokémon SP (GL)" in both
    assert "Active Luxray GL" in both["Level up (Pokémon LV.X)"]
