"""The committed assets/ folder and handheld.assets (no access to ../shared needed)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from handheld import assets

REPO_ROOT = Path(__file__).resolve().parents[2]
ASSETS = REPO_ROOT / "assets"
SHARED = REPO_ROOT.parent / "shared"

EXPECTED_SETS = {
    "expedition": ("171", "ecard1", "expedition"),
    "aquapolis": ("172", "ecard2", "expedition"),
    "skyridge": ("173", "ecard3", "expedition"),
    "platinum": ("261", "pl1", "platinum"),
    "rising_rivals": ("262", "pl2", "platinum"),
    "heartgold_soulsilver": ("271", "hgss1", "call_of_legends"),
    "call_of_legends": ("275", "col1", "call_of_legends"),
    "black_white": ("311", "bw1", "black_white"),
    "next_destinies": ("314", "bw4", "black_white"),
    "dark_explorers": ("315", "bw5", "black_white"),
    "dragons_exalted": ("316", "bw6", "black_white"),
}


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch):
    monkeypatch.delenv(assets.ASSETS_ENV, raising=False)
    assets.clear_cache()
    yield
    assets.clear_cache()


def test_assets_dir_default_and_override(monkeypatch, tmp_path):
    assert assets.assets_dir() == ASSETS
    monkeypatch.setenv(assets.ASSETS_ENV, str(tmp_path))
    assert assets.assets_dir() == tmp_path


def test_available_sets():
    assert assets.available_sets() == sorted(EXPECTED_SETS)


def test_every_set_loads():
    seen_ids = set()
    for slug in assets.available_sets():
        data = assets.load_set(slug)
        assert data["format"] == 1
        meta = data["set"]
        set_id, code, era = EXPECTED_SETS[slug]
        assert (meta["id"], meta["code"], meta["slug"], meta["era"]) == (set_id, code, slug, era)
        assert meta["size"] == len(data["cards"]) > 0
        for card in data["cards"]:
            assert card["id"].startswith(code + "-")
            assert card["supertype"] in {"pokemon", "trainer", "energy"}
            assert card["id"] not in seen_ids
            seen_ids.add(card["id"])
    assert len(assets.load_all_cards()) == len(seen_ids)


def test_expedition_counts():
    cards = assets.load_set("expedition")["cards"]
    assert len(cards) == 165
    counts = {s: sum(c["supertype"] == s for c in cards) for s in ("pokemon", "trainer", "energy")}
    assert counts == {"pokemon": 136, "trainer": 21, "energy": 8}


def test_spot_facts():
    cards = assets.load_all_cards()
    alakazam = cards["ecard1-1"]
    assert alakazam["name"] == "Alakazam"
    assert alakazam["hp"] == 100
    assert alakazam["subtypes"] == ["stage2"]
    assert alakazam["evolves_from"] == "Kadabra"
    assert alakazam["types"] == ["P"]
    assert alakazam["weaknesses"] == [["P", "x2"]]
    assert alakazam["attacks"] == [{"name": "Syncroblast", "cost": ["P", "C", "C"], "damage": "80"}]
    assert alakazam["powers"] == [{"kind": "poke-power", "name": "Psymimic"}]
    assert alakazam["dex"] == 65
    assert cards["ecard1-3"]["attacks"][1]["damage"] == "20+"
    assert cards["ecard1-158"]["provides"] == [["D"]]
    assert cards["ecard1-158"]["subtypes"] == ["special"]
    assert cards["ecard1-165"]["provides"] == [["W"]]
    assert cards["hgss1-115"]["provides"] == [["G"]]  # basic energy without an energy field
    assert cards["hgss1-103"]["provides"] == [["C"], ["C"]]  # Double Colorless, inferred
    assert cards["bw6-117"]["provides"] == [["G", "R", "P", "D"]]
    assert cards["ecard1-139"]["subtypes"] == ["item"]  # no subtype in the source
    assert cards["ecard1-151"]["reprint_of"] == "161-98"
    assert cards["pl1-4"]["weaknesses"] == [["F", "+20"]]
    assert cards["ecard2-151"]["number"] == "H1"


def test_no_prose_in_cards():
    def walk(value, where):
        if isinstance(value, dict):
            assert "text" not in value, where
            for v in value.values():
                walk(v, where)
        elif isinstance(value, list):
            for v in value:
                walk(v, where)
        elif isinstance(value, str):
            assert len(value) <= 60, (where, value)

    for card_id, card in assets.load_all_cards().items():
        walk(card, card_id)
    for sid, species in assets.load_pokedex()["species"].items():
        walk(species, f"species {sid}")


def test_pokedex():
    dex = assets.load_pokedex()
    species = dex["species"]
    assert set(species) == {str(i) for i in range(1, 1026)}
    bulbasaur = species["1"]
    assert bulbasaur["name"] == "Bulbasaur"
    assert bulbasaur["height_dm"] == 7 and bulbasaur["weight_hg"] == 69
    assert bulbasaur["types"] == ["grass", "poison"]
    assert dex["chains"][str(bulbasaur["chain"])] == [1, 2, 3]
    eevee = species["133"]
    chain = dex["chains"][str(eevee["chain"])]
    assert chain[0] == 133
    branches = {s for s in chain if species[str(s)]["evolves_from"] == 133}
    assert branches == {134, 135, 136, 196, 197, 470, 471, 700}
    pichu_chain = dex["chains"][str(species["25"]["chain"])]
    assert pichu_chain == [172, 25, 26] and species["172"]["is_baby"] is True


def test_attribution_and_licences_present():
    text = (ASSETS / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert "Copyright (c) © 2013–2023 Paul Hallett and PokéAPI contributors" in text
    assert "Apache License, Version 2.0" in text
    assert "No card text or other prose is included" in text
    assert (ASSETS / "licenses" / "cards-LICENSE").is_file()
    assert (ASSETS / "licenses" / "pokeapi-LICENSE.md").is_file()


# Load speed is measured by tools/bench_assets.py (a benchmark), not asserted here.


def test_cached():
    assert assets.load_set("expedition") is assets.load_set("expedition")
    assert assets.load_pokedex() is assets.load_pokedex()


def test_errors(monkeypatch, tmp_path):
    (tmp_path / "cards").mkdir()
    monkeypatch.setenv(assets.ASSETS_ENV, str(tmp_path))
    with pytest.raises(assets.AssetError) as info:
        assets.load_set("expedition")
    assert info.value.path == tmp_path / "cards" / "expedition.json"
    assert "not found" in info.value.reason

    (tmp_path / "cards" / "broken.json").write_text('{"format": 1, "set": {', encoding="utf-8")
    with pytest.raises(assets.AssetError, match=r"broken\.json: corrupt JSON"):
        assets.load_set("broken")
    with pytest.raises(assets.AssetError, match=r"broken\.json"):
        assets.load_all_cards()

    (tmp_path / "pokedex.json").write_text('{"format": 99}', encoding="utf-8")
    with pytest.raises(assets.AssetError, match="unsupported format"):
        assets.load_pokedex()

    with pytest.raises(assets.AssetError, match="invalid set slug"):
        assets.load_set("../pokedex")


def test_override_directory(monkeypatch, tmp_path):
    shutil.copytree(ASSETS, tmp_path / "copy")
    data = json.loads((tmp_path / "copy" / "cards" / "expedition.json").read_text("utf-8"))
    data["cards"] = data["cards"][:3]
    (tmp_path / "copy" / "cards" / "expedition.json").write_text(json.dumps(data), "utf-8")
    monkeypatch.setenv(assets.ASSETS_ENV, str(tmp_path / "copy"))
    assert len(assets.load_set("expedition")["cards"]) == 3  # cache is per directory
    monkeypatch.delenv(assets.ASSETS_ENV)
    assert len(assets.load_set("expedition")["cards"]) == 165


@pytest.mark.skipif(
    not (SHARED / "data" / "cards").is_dir(), reason="source data (../shared) not available"
)
def test_committed_assets_match_sources():
    proc = subprocess.run(
        [sys.executable, str(REPO_ROOT / "tools" / "build_assets.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
