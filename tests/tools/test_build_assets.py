"""tools/build_assets.py on a small synthetic source tree (tests/tools/fixtures/shared).

The fixture's cards, species and sentences are all invented; every invented sentence
contains the marker word "Quibblewump" so that leaked prose is easy to spot.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
BUILDER = REPO_ROOT / "tools" / "build_assets.py"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "shared"

PROSE_MARKER = "quibblewump"
INVENTED_SENTENCES = [
    "Quibblewump petals drift sideways whenever a kettle whistles nearby.",
    "Quibblewump vines count backwards from eleven before they tickle anything.",
    "Quibblewump naps are measured in spoonfuls of moonlight.",
    "Quibblewump rule box sentence that must never be copied anywhere at all.",
    "Quibblewump baskets hold exactly one sandwich and an opinion about it.",
    "Quibblewump energy hums in the key of mildly disappointed.",
    "Quibblewump baby rule sentence that must stay in the source data only.",
]


def run_builder(*args, check=False):
    proc = subprocess.run(
        [sys.executable, str(BUILDER), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"builder failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return proc


def all_files(root):
    return sorted(p for p in root.rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("assets")
    run_builder("--shared", FIXTURE, "--out", out, check=True)
    return out


@pytest.fixture(scope="module")
def alpha(built):
    data = json.loads((built / "cards" / "fixture_alpha.json").read_text(encoding="utf-8"))
    return data, {c["id"]: c for c in data["cards"]}


@pytest.fixture(scope="module")
def beta(built):
    data = json.loads((built / "cards" / "fixture_beta.json").read_text(encoding="utf-8"))
    return data, {c["id"]: c for c in data["cards"]}


@pytest.fixture(scope="module")
def dex(built):
    return json.loads((built / "pokedex.json").read_text(encoding="utf-8"))


def test_outputs_present(built):
    names = {p.relative_to(built).as_posix() for p in all_files(built)}
    assert names == {
        "cards/fixture_alpha.json",
        "cards/fixture_beta.json",
        "pokedex.json",
        "ATTRIBUTION.md",
        "licenses/cards-LICENSE",
        "licenses/pokeapi-LICENSE.md",
    }


def test_set_metadata(alpha, beta):
    assert alpha[0]["format"] == 1
    assert alpha[0]["set"] == {
        "id": "171",
        "code": "fxa1",
        "slug": "fixture_alpha",
        "name": "Fixture Alpha",
        "abbr": "FXA",
        "era": "expedition",
        "size": 12,
    }
    assert beta[0]["set"]["era"] == "black_white"
    assert beta[0]["set"]["size"] == len(beta[0]["cards"]) == 5


def test_cards_sorted_by_number(alpha):
    numbers = [c["number"] for c in alpha[0]["cards"]]
    assert numbers == ["1", "2", "9", "10", "11", "12", "13", "14", "15", "16", "17", "H1"]


def test_pokemon_facts_carried_over(alpha):
    _, cards = alpha
    bloomlet = cards["fxa1-2"]
    assert bloomlet == {
        "id": "fxa1-2",
        "number": "2",
        "name": "Bloomlet",
        "supertype": "pokemon",
        "subtypes": ["stage1"],
        "types": ["G"],
        "hp": 80,
        "evolves_from": "Sproutlet",
        "evolves_to": ["Grand Bloomlet"],
        "retreat": 2,
        "weaknesses": [["R", "x2"]],
        "resistances": [["W", "-30"]],
        "attacks": [
            {"name": "Vine Tickle", "cost": ["G", "C"], "damage": "30+"},
            {"name": "Nap Time", "cost": [], "damage": ""},
        ],
        "powers": [{"kind": "poke-power", "name": "Petal Shuffle"}],
        "dex": 2,
        "rarity": "Uncommon",
        "artist": "Ima Ginary",
        "reprint_of": None,
    }
    assert list(bloomlet) == list(cards["fxa1-1"])  # same key order for every pokemon
    grand = cards["fxa1-H1"]
    assert grand["subtypes"] == ["stage2"]
    assert grand["types"] == ["G", "P"]
    assert grand["weaknesses"] == [["R", "+20"]]  # integer weakness gets its printed sign
    assert grand["powers"] == [{"kind": "poke-body", "name": "Thick Bark"}]
    assert grand["attacks"][0]["damage"] == "60x"
    ex = cards["fxa1-10"]
    assert ex["subtypes"] == ["basic", "ex"]
    assert ex["powers"] == [{"kind": "ability", "name": "Fuzzy Logic"}]


def test_baby_pokemon(beta):
    tiny = beta[1]["fxb1-1"]
    assert tiny["subtypes"] == ["baby", "basic"]
    assert tiny["weaknesses"] == [] and tiny["resistances"] == []
    assert tiny["attacks"] == [{"name": "Bubble Giggle", "cost": [], "damage": ""}]


def test_trainer_subtypes(alpha, beta):
    cards = {**alpha[1], **beta[1]}
    assert cards["fxa1-9"]["subtypes"] == ["item"]  # no subtype in the source
    assert cards["fxa1-11"]["subtypes"] == ["supporter"]
    assert cards["fxa1-12"]["subtypes"] == ["item", "tool"]
    assert cards["fxa1-13"]["subtypes"] == ["tm"]
    assert cards["fxb1-4"]["subtypes"] == ["item", "fossil"]
    assert cards["fxb1-5"]["subtypes"] == ["stadium"]
    assert cards["fxa1-9"]["reprint_of"] == "999-12"
    pokemon_keys = {"types", "hp", "evolves_from", "evolves_to", "retreat", "weaknesses",
                    "resistances", "attacks", "powers", "dex", "provides"}
    for card in cards.values():
        if card["supertype"] == "trainer":
            assert not pokemon_keys & set(card), card["id"]
            assert list(card) == ["id", "number", "name", "supertype", "subtypes", "rarity",
                                  "artist", "reprint_of"]


def test_energy_provides(alpha, beta):
    cards = {**alpha[1], **beta[1]}
    assert cards["fxa1-14"]["subtypes"] == ["basic"]
    assert cards["fxa1-14"]["provides"] == [["G"]]
    assert cards["fxa1-15"]["subtypes"] == ["basic"]  # source subtype BASIC, no energy field
    assert cards["fxa1-15"]["provides"] == [["W"]]  # from the name
    assert cards["fxa1-16"]["subtypes"] == ["special"]
    assert cards["fxa1-16"]["provides"] == [["D"]]
    assert cards["fxa1-17"]["provides"] == [["C"], ["C"]]
    assert cards["fxb1-2"]["provides"] == [["D"]]  # missing: same-named card elsewhere
    assert cards["fxb1-3"]["provides"] == [["C"]]  # missing and unknown: one colorless
    for card in cards.values():
        if card["supertype"] == "energy":
            assert "hp" not in card and "attacks" not in card and "types" not in card


def test_no_prose_anywhere(built):
    for path in all_files(built):
        text = path.read_text(encoding="utf-8")
        assert PROSE_MARKER not in text.lower(), path
        for sentence in INVENTED_SENTENCES:
            assert sentence not in text, path
        assert '"text"' not in text, path


def test_fixture_really_has_prose():
    # Guard the guard: the marker must be present in the sources for the test above to mean
    # anything.
    sources = "".join(p.read_text(encoding="utf-8") for p in FIXTURE.rglob("*.yaml"))
    assert sources.lower().count(PROSE_MARKER) >= len(INVENTED_SENTENCES)
    for sentence in INVENTED_SENTENCES:
        assert " ".join(sentence.split()[:4]) in sources


def test_pokedex_species(dex):
    assert dex["format"] == 1
    species = dex["species"]
    assert "12" not in species  # no English name
    assert list(species) == [str(i) for i in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16)]
    assert species["1"] == {
        "name": "Sproutlet",
        "genus": "Sprout Pokémon",
        "types": ["grass", "poison"],  # ordered by slot, not by file order
        "height_dm": 7,
        "weight_hg": 69,
        "generation": 1,
        "evolves_from": None,
        "chain": 1,
        "is_baby": False,
    }
    # the default form, not the gigantic alternative form
    assert species["4"]["height_dm"] == 3 and species["4"]["types"] == ["normal"]
    assert species["11"]["is_baby"] is True
    assert species["8"]["generation"] == 4


def test_pokedex_chains_and_branches(dex):
    species, chains = dex["species"], dex["chains"]
    assert chains == {
        "1": [1, 2, 3],
        "2": [4, 5, 6, 7, 8],
        "3": [11, 9, 10],  # baby first although its id is higher
        "5": [13, 14, 15, 16],
    }
    # Eevee-like branching: every branch evolves from the basic.
    assert [s for s in chains["2"] if species[str(s)]["evolves_from"] == 4] == [5, 6, 7, 8]
    # Branch at the second stage (like Gloom -> Vileplume / Bellossom).
    assert species["15"]["evolves_from"] == species["16"]["evolves_from"] == 14
    for cid, members in chains.items():
        for sid in members:
            assert species[str(sid)]["chain"] == int(cid)
            parent = species[str(sid)]["evolves_from"]
            if parent is not None:
                assert members.index(parent) < members.index(sid)


def test_attribution_and_licences(built):
    text = (built / "ATTRIBUTION.md").read_text(encoding="utf-8")
    copyright_line = (
        "Copyright (c) 2099 Fixture Dex Authors (invented for tests). Names here are made up."
    )
    assert copyright_line in text  # reproduced verbatim
    assert "1111111111111111111111111111111111111111" in text
    assert "2222222222222222222222222222222222222222" in text
    assert "Apache" in text and "BSD" in text
    assert "No card text or other prose is included" in text
    assert "trademarks of Nintendo" in text
    assert (built / "licenses" / "cards-LICENSE").read_bytes() == (
        FIXTURE / "data" / "cards" / "LICENSE"
    ).read_bytes()
    assert (built / "licenses" / "pokeapi-LICENSE.md").read_bytes() == (
        FIXTURE / "data" / "pokeapi" / "LICENSE.md"
    ).read_bytes()


def test_deterministic(built, tmp_path):
    again = tmp_path / "again"
    run_builder("--shared", FIXTURE, "--out", again, check=True)
    first = {p.relative_to(built): p.read_bytes() for p in all_files(built)}
    second = {p.relative_to(again): p.read_bytes() for p in all_files(again)}
    assert first == second


def test_check_identical_and_modified(built, tmp_path):
    out = tmp_path / "copy"
    shutil.copytree(built, out)
    proc = run_builder("--shared", FIXTURE, "--out", out, "--check")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "fixture_alpha" in proc.stderr  # progress lines per set

    target = out / "cards" / "fixture_beta.json"
    target.write_text(target.read_text(encoding="utf-8").replace('"hp": 30', '"hp": 40'))
    proc = run_builder("--shared", FIXTURE, "--out", out, "--check")
    assert proc.returncode == 1
    assert "fixture_beta.json" in proc.stdout
    assert "fixture_alpha.json" not in proc.stdout

    shutil.copyfile(built / "cards" / "fixture_beta.json", target)
    (out / "pokedex.json").unlink()
    (out / "cards" / "old_set.json").write_text("{}")
    proc = run_builder("--shared", FIXTURE, "--out", out, "--check")
    assert proc.returncode == 1
    assert "pokedex.json" in proc.stdout and "old_set.json" in proc.stdout


def test_missing_shared_directory(tmp_path):
    proc = run_builder("--shared", tmp_path / "nowhere", "--out", tmp_path / "out")
    assert proc.returncode == 2
    assert "shared data directory not found" in proc.stderr
    assert "nowhere" in proc.stderr
    assert "Traceback" not in proc.stderr


def _copy_fixture(tmp_path):
    shared = tmp_path / "shared"
    shutil.copytree(FIXTURE, shared)
    return shared


def test_malformed_card_names_file_and_card(tmp_path):
    shared = _copy_fixture(tmp_path)
    path = shared / "data" / "cards" / "315-fixture_beta.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("hp: 30", "hp: lots"))
    proc = run_builder("--shared", shared, "--out", tmp_path / "out")
    assert proc.returncode == 2
    assert "315-fixture_beta.yaml" in proc.stderr
    assert "315-1" in proc.stderr and "'hp'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_unknown_subtype_and_bad_yaml(tmp_path):
    shared = _copy_fixture(tmp_path)
    path = shared / "data" / "cards" / "315-fixture_beta.yaml"
    original = path.read_text(encoding="utf-8")
    path.write_text(original.replace("subTypes: [STADIUM]", "subTypes: [GADGET]"))
    proc = run_builder("--shared", shared, "--out", tmp_path / "out")
    assert proc.returncode == 2
    assert "315-5" in proc.stderr and "GADGET" in proc.stderr

    path.write_text(original + "  - : [unbalanced\n")
    proc = run_builder("--shared", shared, "--out", tmp_path / "out")
    assert proc.returncode == 2
    assert "315-fixture_beta.yaml" in proc.stderr and "invalid YAML" in proc.stderr
