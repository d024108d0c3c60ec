"""The Data screen: set facts, the printed numbers of a card, and its legality era by era."""

from __future__ import annotations

import pytest

from handheld.assets import available_sets, load_all_cards, load_set
from handheld.ereader.facts import ERAS, data_rows, era_sets, legality, set_info, stage_label


def standing(card) -> dict[str, tuple[bool, str]]:
    return {e.era: (e.legal, e.reason) for e in legality(card)}


def rows(card) -> dict[str, str]:
    out = dict(data_rows(card))
    assert len(out) == len(data_rows(card)), "a label appears twice"
    return out


# --- sets --------------------------------------------------------------------------------


def test_set_info_from_a_card_id() -> None:
    info = set_info("ecard1-33")
    assert info is not None
    assert (info.slug, info.code, info.name, info.abbr, info.era, info.size) == (
        "expedition", "ecard1", "Expedition", "EXP", "expedition", 165)
    hgss = set_info("hgss1-102")
    assert hgss is not None and (hgss.name, hgss.era) == ("HeartGold & SoulSilver",
                                                          "call_of_legends")
    assert set_info("nosuch1-1") is None
    assert set_info("ecard1") is None  # no number: no set either


def test_every_set_belongs_to_one_of_the_eras() -> None:
    eras = [era for era, _ in ERAS]
    assert eras == ["expedition", "platinum", "call_of_legends", "black_white"]
    everything = sorted(s.slug for era in eras for s in era_sets(era))
    assert everything == sorted(available_sets())
    assert sorted(s.slug for s in era_sets("expedition")) == ["aquapolis", "expedition",
                                                             "skyridge"]
    assert sorted(s.slug for s in era_sets("call_of_legends")) == [
        "call_of_legends", "heartgold_soulsilver"]
    for slug in available_sets():
        data = load_set(slug)
        info = set_info(data["cards"][0]["id"])
        assert info is not None and info.slug == slug and info.size == data["set"]["size"]


# --- legality ----------------------------------------------------------------------------


def test_an_expedition_card_is_legal_in_its_own_era_only(pool) -> None:
    alakazam = standing(pool.get("ecard1-33"))
    assert list(alakazam) == [era for era, _ in ERAS]
    assert alakazam["expedition"] == (True, "printed in Expedition")
    for era in ("platinum", "call_of_legends", "black_white"):
        assert alakazam[era][0] is False, era


def test_a_card_of_another_set_of_the_era_names_its_own_set(pool) -> None:
    assert standing(pool.get("pl2-31"))["platinum"] == (True, "printed in Rising Rivals")
    assert standing(pool.get("bw1-115"))["black_white"] == (True, "printed in Black & White")
    assert standing(pool.get("bw1-115"))["expedition"][0] is False


def test_a_reprint_follows_its_original_and_back(pool) -> None:
    # Expedition's Switch was reprinted in HeartGold & SoulSilver (the assets record both
    # as printings of the same original, "111-95", a Base Set card we do not have).
    old, new = standing(pool.get("ecard1-157")), standing(pool.get("hgss1-102"))
    assert old["call_of_legends"] == (True, "reprinted in HeartGold & SoulSilver")
    assert new["expedition"] == (True, "reprinted in Expedition")
    assert old["expedition"][0] and new["call_of_legends"][0]
    assert not old["platinum"][0] and not new["black_white"][0]


def test_a_reprint_of_a_card_in_our_assets_finds_that_card(pool) -> None:
    # HGSS' Energy Switch names its original in the source's ids, "172-120": the set with
    # id 172 is our Aquapolis (code ecard2), so the original is ecard2-120.
    assert load_all_cards()["hgss1-91"]["reprint_of"] == "172-120"
    assert load_set("aquapolis")["set"]["id"] == "172"
    original, reprint = standing(pool.get("ecard2-120")), standing(pool.get("hgss1-91"))
    assert original["expedition"] == (True, "printed in Aquapolis")
    assert original["call_of_legends"] == (True, "reprinted in HeartGold & SoulSilver")
    assert reprint["expedition"] == (True, "reprinted in Aquapolis")
    assert reprint["call_of_legends"] == (True, "printed in HeartGold & SoulSilver")


def test_the_same_name_alone_is_not_a_reprint(pool) -> None:
    # Black & White's Switch is not recorded as a reprint: it stays in its own era.
    bw_switch = standing(pool.get("bw1-104"))
    assert bw_switch["black_white"][0]
    assert [bw_switch[e][0] for e in ("expedition", "platinum", "call_of_legends")] == [
        False, False, False]
    assert not standing(pool.get("ecard1-157"))["black_white"][0]


def test_basic_energy_is_legal_everywhere_special_energy_is_not(pool) -> None:
    for card_id in ("ecard1-165", "bw1-106", "hgss1-116"):
        for era, (legal, reason) in standing(pool.get(card_id)).items():
            assert legal and reason == "basic Energy is always legal", (card_id, era)
    darkness = standing(pool.get("ecard1-158"))
    assert darkness["expedition"] == (True, "printed in Expedition")
    assert not darkness["black_white"][0]


def test_every_card_is_legal_in_its_own_era(pool) -> None:
    for card in pool:
        info = set_info(card.id)
        assert info is not None, card.id
        legal = standing(card)
        assert legal[info.era][0], card.id
        # and only a reprint or basic Energy reaches another era
        others = [era for era, (ok, _) in legal.items() if ok and era != info.era]
        if others and not card.basic_energy:
            assert all(legal[e][1].startswith("reprinted in ") for e in others), card.id


# --- stage and the rows ------------------------------------------------------------------


@pytest.mark.parametrize(("card_id", "label"), [
    ("ecard1-124", "Basic"),
    ("ecard1-84", "Stage 1"),
    ("ecard1-33", "Stage 2"),
    ("ecard1-22", "Baby"),
    ("hgss1-28", "Basic"),  # Pichu is a Basic in HeartGold & SoulSilver
    ("ecard1-156", "Trainer"),
    ("ecard1-142", "Supporter"),
    ("ecard1-150", "Pokémon Tool"),
    ("ecard1-165", "basic Energy"),
    ("ecard1-158", "Special Energy"),
])
def test_stage_label(pool, card_id: str, label: str) -> None:
    assert stage_label(pool.get(card_id)) == label


def test_data_rows_of_a_pokemon(pool) -> None:
    lines = data_rows(pool.get("ecard1-33"))
    labels = [label for label, _ in lines]
    assert labels == ["Set", "Number", "Rarity", "Stage", "Evolves from", "Type", "HP",
                      "Retreat", "Weakness", "Resistance", "Illustrator", "Expedition",
                      "Platinum", "HGSS & CoL", "Black & White", "Playable here"]
    r = dict(lines)
    assert r["Set"] == "Expedition (EXP)" and r["Number"] == "33/165"
    assert r["Rarity"] == "Rare" and r["Stage"] == "Stage 2" and r["Evolves from"] == "Kadabra"
    assert (r["Type"], r["HP"], r["Retreat"]) == ("Psychic", "100", "2 Energy")
    assert (r["Weakness"], r["Resistance"]) == ("Psychic x2", "none")
    assert r["Expedition"] == "legal: printed in Expedition"
    assert r["Black & White"] == "not legal: not printed in its sets"
    assert r["Playable here"] == "yes, in the Expedition rules"


def test_data_rows_of_later_cards_show_printed_modifiers_and_free_retreat(pool) -> None:
    raichu_gl = rows(pool.get("pl2-31"))
    assert raichu_gl["Set"] == "Rising Rivals (RR)" and raichu_gl["Number"] == "31/120"
    assert raichu_gl["Stage"] == "Basic, Pokémon SP" and "Evolves from" not in raichu_gl
    assert (raichu_gl["Retreat"], raichu_gl["Weakness"], raichu_gl["Resistance"]) == (
        "free", "Fighting x2", "Metal -20")
    assert raichu_gl["Platinum"] == "legal: printed in Rising Rivals"
    assert raichu_gl["Playable here"] == "yes, in the Platinum rules"  # scripted, playable era
    ampharos = rows(pool.get("pl1-1"))
    assert ampharos["Weakness"] == "Fighting +30"


def test_data_rows_of_a_trainer_and_an_energy(pool) -> None:
    switch = rows(pool.get("ecard1-157"))
    assert switch["Kind"] == "Trainer" and switch["Number"] == "157/165"
    assert switch["HGSS & CoL"] == "legal: reprinted in HeartGold & SoulSilver"
    for label in ("Stage", "HP", "Retreat", "Weakness", "Resistance", "Type"):
        assert label not in switch
    water = rows(pool.get("ecard1-165"))
    assert water["Kind"] == "basic Energy"
    assert water["Black & White"] == "legal: basic Energy is always legal"


def test_every_card_has_its_data_rows(pool) -> None:
    for card in pool:
        r = rows(card)
        info = set_info(card.id)
        assert r["Number"] == f"{card.number}/{info.size}", card.id
        assert r["Rarity"], card.id
        for _era, name in ERAS:
            assert r[name].startswith(("legal: ", "not legal: ")), card.id
        if card.kind == 0:
            assert r["HP"] == str(card.hp), card.id
            # (a LEGEND's HP is printed on one of its two halves only)
            assert int(r["HP"]) > 0 or "legend" in card.facts["subtypes"], card.id


# --- the Platinum era ----------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["platinum", "rising_rivals"])
def test_every_platinum_era_card_is_legal_in_platinum(pool, slug: str) -> None:
    for card in load_set(slug)["cards"]:
        legal, reason = standing(pool.get(card["id"]))["platinum"]
        assert legal and reason.startswith(("printed in", "basic Energy")), card["id"]


def test_a_lv_x_and_a_pokemon_sp_on_the_data_screen(pool) -> None:
    lv_x = rows(pool.get("pl2-107"))  # Hippowdon LV.X
    assert lv_x["Stage"] == stage_label(pool.get("pl2-107")) == "LV.X (a level, not a Stage)"
    assert lv_x["Levels up"] == "Active Hippowdon" and "Owner" not in lv_x
    sp = rows(pool.get("pl2-9"))  # Luxray GL
    assert sp["Stage"] == "Basic, Pokémon SP" and sp["Owner"] == "Gym Leader (GL)"
    both = rows(pool.get("pl2-109"))  # Luxray GL LV.X
    assert both["Levels up"] == "Active Luxray GL" and both["Owner"] == "Gym Leader (GL)"
    assert sp["Platinum"].startswith("legal") and sp["Expedition"].startswith("not legal")
