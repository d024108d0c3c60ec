#!/usr/bin/env python3
"""Build the game's committed data assets from the shared source data.

Usage::

    python tools/build_assets.py [--shared PATH] [--out PATH] [--check]

Sources (read-only, not part of a fresh clone, which is why the outputs are committed):

* ``<shared>/data/cards/*.yaml``: card sets (Apache-2.0), one file per set, named
  ``<set id>-<slug>.yaml``.
* ``<shared>/data/pokeapi/*.csv``: a subset of the PokéAPI database (BSD-style licence).

Outputs (under ``--out``, default ``<repo>/assets``):

* ``cards/<slug>.json``: one file per set (facts only: names, numbers, costs, HP, damage...).
* ``pokedex.json``: species facts and evolution chains.
* ``ATTRIBUTION.md`` and ``licenses/``: where the data comes from and under which licences.

No prose is ever written: every ``text`` field of the sources (attack, power and rules text)
is dropped, and every card is checked for long strings before it is written.

``--check`` builds into a temporary directory and compares with ``--out``: exit status 0 when
identical, 1 when not (the differing files are named), 2 on a build error.
"""

from __future__ import annotations

import argparse
import csv
import filecmp
import json
import re
import shutil
import sys
import tempfile
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import yaml
except ImportError:  # pragma: no cover - exercised only without PyYAML
    sys.stderr.write("build_assets: PyYAML is required (pip install pyyaml)\n")
    raise

FORMAT = 1
REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SHARED = REPO_ROOT.parent / "shared"
DEFAULT_OUT = REPO_ROOT / "assets"

CARDS_LICENSE_NAME = "cards-LICENSE"
POKEAPI_LICENSE_NAME = "pokeapi-LICENSE.md"

# The longest string a card may hold; anything longer is treated as prose and refused.
MAX_FACT_LEN = 60

# The eras come from the engine's registry (one list of eras): each era names the numeric
# ids of its source sets (``Era.source_set_ids``). Only the registry is read, never a card.
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))
from handheld.engine.eras import BUILT_IN  # noqa: E402

SUBTYPES: dict[str, dict[str, str | None]] = {
    "POKEMON": {
        "BASIC": "basic",
        "BABY": "baby",
        "EVOLUTION": None,  # redundant with stage1 / stage2 / lv_x
        "STAGE1": "stage1",
        "STAGE2": "stage2",
        "LVL_X": "lv_x",
        "LEGEND": "legend",
        "POKEMON_EX": "ex",
        "RESTORED": "restored",
    },
    "TRAINER": {
        "SUPPORTER": "supporter",
        "ITEM": "item",
        "STADIUM": "stadium",
        "POKEMON_TOOL": "tool",
        "TECHNICAL_MACHINE": "tm",
        "FOSSIL": "fossil",
    },
    "ENERGY": {
        "BASIC_ENERGY": "basic",
        "BASIC": "basic",
        "SPECIAL_ENERGY": "special",
    },
}

SUPERTYPES = {"POKEMON": "pokemon", "TRAINER": "trainer", "ENERGY": "energy"}

TYPE_LETTERS = frozenset("GRWLPFDMCNY")

BASIC_ENERGY_NAMES = {
    "Grass": "G",
    "Fire": "R",
    "Water": "W",
    "Lightning": "L",
    "Psychic": "P",
    "Fighting": "F",
    "Darkness": "D",
    "Metal": "M",
}

_SET_FILE_RE = re.compile(r"^(?P<id>\d+)-(?P<slug>[a-z0-9_]+)\.yaml$")
_NUMBER_RE = re.compile(r"^(?P<prefix>\D*)(?P<digits>\d+)(?P<suffix>.*)$")


class BuildError(Exception):
    """A problem with the source data or the output directory; the message says where."""


@dataclass
class SourceSet:
    path: Path
    slug: str
    data: dict[str, Any]


# --------------------------------------------------------------------------------------
# small helpers


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _yaml_loader() -> type:
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def era_of(set_id: str) -> str:
    try:
        n = int(set_id)
    except ValueError:
        raise BuildError(f"set id {set_id!r} is not numeric") from None
    for era in BUILT_IN:
        if n in era.source_set_ids:
            return era.key
    raise BuildError(f"set id {set_id!r} has no era; add it to the source_set_ids of its era "
                     "(handheld/engine/eras/<era>.py)")


def number_key(number: str) -> tuple[int, str, int, str]:
    """Sort key for card numbers: plain numbers first, numerically, then prefixed numbers
    such as ``H1`` ... ``H32`` or ``SL10`` grouped by prefix and ordered numerically."""
    if number.isdigit():
        return (0, "", int(number), "")
    m = _NUMBER_RE.match(number)
    if m:
        return (1, m["prefix"], int(m["digits"]), m["suffix"])
    return (2, number, 0, "")


def power_kind(kind: str) -> str:
    """``Poké-Power`` -> ``poke-power``, ``Poké-Body`` -> ``poke-body``, ``Ability`` ->
    ``ability``: accents stripped, lower case, runs of other characters as one hyphen."""
    ascii_kind = unicodedata.normalize("NFKD", kind).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_kind.lower()).strip("-")


def modifier(value: Any, sign: str) -> str:
    """Weakness / resistance value as printed: ``x2``, ``+20``, ``-30``. Some sources give
    the Platinum-era ``+20`` weakness as a bare integer; it gets its sign back here."""
    if isinstance(value, bool):
        raise ValueError(f"bad modifier {value!r}")
    if isinstance(value, int):
        return f"{sign}{abs(value)}"
    if isinstance(value, str) and value.strip():
        return value.strip()
    raise ValueError(f"bad modifier {value!r}")


def check_no_prose(obj: Any, where: str) -> None:
    """Refuse any ``text`` key and any string longer than MAX_FACT_LEN in ``obj``."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key == "text":
                raise BuildError(f"{where}: output would contain a 'text' field")
            check_no_prose(value, where)
    elif isinstance(obj, list):
        for value in obj:
            check_no_prose(value, where)
    elif isinstance(obj, str) and len(obj) > MAX_FACT_LEN:
        raise BuildError(f"{where}: output string looks like prose: {obj[:30]!r}...")


def _str_field(card: dict[str, Any], key: str, *, required: bool = True) -> str | None:
    value = card.get(key)
    if value is None:
        if required:
            raise ValueError(f"missing {key!r}")
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError(f"{key!r} should be a string, got {type(value).__name__}")
    return str(value)


def _int_field(card: dict[str, Any], key: str) -> int | None:
    value = card.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key!r} should be an integer, got {value!r}")
    return value


def _list_field(card: dict[str, Any], key: str) -> list[Any]:
    value = card.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError(f"{key!r} should be a list, got {type(value).__name__}")
    return value


def _type_list(values: Iterable[Any], what: str) -> list[str]:
    out = []
    for v in values:
        if not isinstance(v, str) or v not in TYPE_LETTERS:
            raise ValueError(f"{what}: unknown type {v!r}")
        out.append(v)
    return out


# --------------------------------------------------------------------------------------
# cards


def read_sets(cards_dir: Path) -> list[SourceSet]:
    if not cards_dir.is_dir():
        raise BuildError(f"card data directory not found: {cards_dir}")
    sets = []
    for path in sorted(cards_dir.glob("*.yaml")):
        m = _SET_FILE_RE.match(path.name)
        if not m:
            raise BuildError(f"{path}: file name should look like '<set id>-<slug>.yaml'")
        try:
            with path.open(encoding="utf-8") as fh:
                data = yaml.load(fh, Loader=_yaml_loader())
        except yaml.YAMLError as exc:
            raise BuildError(f"{path}: invalid YAML: {exc}") from None
        if not isinstance(data, dict):
            raise BuildError(f"{path}: top level should be a mapping")
        for key in ("id", "name", "abbr", "cards"):
            if key not in data:
                raise BuildError(f"{path}: missing top-level {key!r}")
        if str(data["id"]) != m["id"]:
            raise BuildError(f"{path}: set id {data['id']!r} does not match the file name")
        if not isinstance(data["cards"], list) or not data["cards"]:
            raise BuildError(f"{path}: 'cards' should be a non-empty list")
        sets.append(SourceSet(path=path, slug=m["slug"], data=data))
    if not sets:
        raise BuildError(f"no '*.yaml' card sets in {cards_dir}")
    slugs = [s.slug for s in sets]
    dupes = sorted({s for s in slugs if slugs.count(s) > 1})
    if dupes:
        raise BuildError(f"{cards_dir}: duplicate set slugs {dupes}")
    return sets


def known_special_energy(sets: list[SourceSet]) -> dict[str, list[list[str]]]:
    """``provides`` of special Energy cards by name, from the cards that state it; used for
    same-named cards whose source entry leaves the field out (first set in id order wins)."""
    known: dict[str, list[list[str]]] = {}
    for source in sets:
        for card in source.data["cards"]:
            if (
                isinstance(card, dict)
                and card.get("superType") == "ENERGY"
                and isinstance(card.get("energy"), list)
                and card.get("name") not in known
            ):
                known[str(card.get("name"))] = card["energy"]
    return known


def _provides(card: dict[str, Any], subtypes: list[str], known: dict[str, Any]) -> list[Any]:
    raw = card.get("energy")
    name = str(card["name"])
    if raw is None:
        if "basic" in subtypes:
            word = name.split()[0] if name.split() else ""
            if word not in BASIC_ENERGY_NAMES:
                raise ValueError(f"cannot tell the type of basic energy {name!r}")
            return [[BASIC_ENERGY_NAMES[word]]]
        # A special Energy without the field: a same-named card elsewhere, else one C.
        raw = known.get(name, [["C"]])
    if not isinstance(raw, list) or not raw:
        raise ValueError(f"'energy' should be a non-empty list of lists, got {raw!r}")
    out = []
    for unit in raw:
        if not isinstance(unit, list) or not unit:
            raise ValueError(f"'energy' should be a non-empty list of lists, got {raw!r}")
        out.append(_type_list(unit, "energy"))
    return out


def convert_card(card: Any, known_energy: dict[str, Any]) -> dict[str, Any]:
    """One source card -> one output card (facts only). Raises ValueError on bad input."""
    if not isinstance(card, dict):
        raise ValueError("card should be a mapping")
    card_id = _str_field(card, "pioId")
    assert card_id is not None
    if "-" not in card_id:
        raise ValueError(f"pioId {card_id!r} has no set code")
    super_raw = card.get("superType")
    if super_raw not in SUPERTYPES:
        raise ValueError(f"unknown superType {super_raw!r}")
    supertype = SUPERTYPES[super_raw]

    subtypes: list[str] = []
    for sub in _list_field(card, "subTypes"):
        table = SUBTYPES[super_raw]
        if sub not in table:
            raise ValueError(f"unknown subType {sub!r} for a {supertype}")
        mapped = table[sub]
        if mapped is not None and mapped not in subtypes:
            subtypes.append(mapped)
    if supertype == "trainer" and not subtypes:
        subtypes = ["item"]
    if supertype == "energy" and not subtypes:
        raise ValueError("energy card without subTypes")

    out: dict[str, Any] = {
        "id": card_id,
        "number": _str_field(card, "number"),
        "name": _str_field(card, "name"),
        "supertype": supertype,
        "subtypes": subtypes,
    }
    if supertype == "pokemon":
        attacks = []
        for move in _list_field(card, "moves"):
            if not isinstance(move, dict):
                raise ValueError("a move should be a mapping")
            damage = move.get("damage")
            attacks.append(
                {
                    "name": _str_field(move, "name"),
                    "cost": _type_list(_list_field(move, "cost"), "move cost"),
                    "damage": "" if damage is None else str(damage),
                }
            )
        powers = []
        for ability in _list_field(card, "abilities"):
            if not isinstance(ability, dict):
                raise ValueError("an ability should be a mapping")
            kind = _str_field(ability, "type")
            assert kind is not None
            powers.append({"kind": power_kind(kind), "name": _str_field(ability, "name")})
        weaknesses = []
        for w in _list_field(card, "weaknesses"):
            if not isinstance(w, dict):
                raise ValueError("a weakness should be a mapping")
            weaknesses.append(
                [_type_list([w.get("type")], "weakness")[0], modifier(w.get("value"), "+")]
            )
        resistances = []
        for r in _list_field(card, "resistances"):
            if not isinstance(r, dict):
                raise ValueError("a resistance should be a mapping")
            resistances.append(
                [_type_list([r.get("type")], "resistance")[0], modifier(r.get("value"), "-")]
            )
        evolves_to = [str(x) for x in _list_field(card, "evolvesTo")]
        out.update(
            {
                "types": _type_list(_list_field(card, "types"), "types"),
                "hp": _int_field(card, "hp"),
                "evolves_from": _str_field(card, "evolvesFrom", required=False),
                "evolves_to": evolves_to,
                "retreat": _int_field(card, "retreatCost"),
                "weaknesses": weaknesses,
                "resistances": resistances,
                "attacks": attacks,
                "powers": powers,
                "dex": _int_field(card, "nationalPokedexNumber"),
            }
        )
    elif supertype == "energy":
        out["provides"] = _provides(card, subtypes, known_energy)
    out["rarity"] = _str_field(card, "rarity", required=False)
    out["artist"] = _str_field(card, "artist", required=False)
    out["reprint_of"] = _str_field(card, "variantOf", required=False)
    return out


def convert_set(source: SourceSet, known_energy: dict[str, Any]) -> dict[str, Any]:
    data = source.data
    set_id = str(data["id"])
    cards = []
    seen: set[str] = set()
    for index, card in enumerate(data["cards"]):
        label = f"#{index + 1}"
        if isinstance(card, dict) and (card.get("id") or card.get("pioId")):
            ids = [str(card[k]) for k in ("id", "pioId") if card.get(k)]
            label = ids[0] + (f" ({ids[1]})" if len(ids) > 1 else "")
        try:
            converted = convert_card(card, known_energy)
        except (ValueError, KeyError, TypeError) as exc:
            raise BuildError(f"{source.path}: card {label}: {exc}") from None
        if converted["id"] in seen:
            raise BuildError(f"{source.path}: card {label}: duplicate pioId {converted['id']}")
        seen.add(converted["id"])
        check_no_prose(converted, f"{source.path}: card {label}")
        cards.append(converted)
    codes = sorted({c["id"].rsplit("-", 1)[0] for c in cards})
    if len(codes) != 1:
        raise BuildError(f"{source.path}: cards span several set codes {codes}")
    cards.sort(key=lambda c: (number_key(c["number"]), c["id"]))
    meta = {
        "id": set_id,
        "code": codes[0],
        "slug": source.slug,
        "name": str(data["name"]),
        "abbr": str(data["abbr"]),
        "era": era_of(set_id),
        "size": len(cards),
    }
    check_no_prose(meta, str(source.path))
    return {"format": FORMAT, "set": meta, "cards": cards}


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def render_set(built: dict[str, Any]) -> str:
    lines = [
        f'{{"format": {built["format"]},',
        f' "set": {_dumps(built["set"])},',
        ' "cards": [',
    ]
    cards = built["cards"]
    for i, card in enumerate(cards):
        lines.append("  " + _dumps(card) + ("," if i < len(cards) - 1 else ""))
    lines.append(" ]}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------
# pokedex


def _read_csv(path: Path) -> list[dict[str, str]]:
    if not path.is_file():
        raise BuildError(f"missing PokéAPI file: {path}")
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def _int(row: dict[str, str], key: str, path: Path) -> int:
    try:
        return int(row[key])
    except (KeyError, TypeError, ValueError):
        raise BuildError(f"{path}: bad {key!r} in row {row}") from None


def _opt_int(row: dict[str, str], key: str, path: Path) -> int | None:
    if not (row.get(key) or "").strip():
        return None
    return _int(row, key, path)


def build_pokedex(api_dir: Path) -> dict[str, Any]:
    if not api_dir.is_dir():
        raise BuildError(f"PokéAPI data directory not found: {api_dir}")
    species_path = api_dir / "pokemon_species.csv"
    names_path = api_dir / "pokemon_species_names.csv"
    pokemon_path = api_dir / "pokemon.csv"
    ptypes_path = api_dir / "pokemon_types.csv"
    types_path = api_dir / "types.csv"

    english: dict[int, tuple[str, str]] = {}
    for row in _read_csv(names_path):
        if _int(row, "local_language_id", names_path) == 9:
            english[_int(row, "pokemon_species_id", names_path)] = (
                row["name"],
                row.get("genus") or "",
            )

    type_names = {_int(r, "id", types_path): r["identifier"] for r in _read_csv(types_path)}

    default_form: dict[int, dict[str, str]] = {}
    for row in _read_csv(pokemon_path):
        if _int(row, "is_default", pokemon_path) == 1:
            sid = _int(row, "species_id", pokemon_path)
            if sid in default_form:
                raise BuildError(f"{pokemon_path}: species {sid} has two default forms")
            default_form[sid] = row

    form_types: dict[int, list[tuple[int, str]]] = {}
    for row in _read_csv(ptypes_path):
        pid = _int(row, "pokemon_id", ptypes_path)
        tid = _int(row, "type_id", ptypes_path)
        if tid not in type_names:
            raise BuildError(f"{ptypes_path}: unknown type id {tid}")
        form_types.setdefault(pid, []).append((_int(row, "slot", ptypes_path), type_names[tid]))

    species: dict[int, dict[str, Any]] = {}
    for row in _read_csv(species_path):
        sid = _int(row, "id", species_path)
        if sid not in english:
            continue
        form = default_form.get(sid)
        if form is None:
            raise BuildError(f"{pokemon_path}: no default form for species {sid}")
        pid = _int(form, "id", pokemon_path)
        name, genus = english[sid]
        species[sid] = {
            "name": name,
            "genus": genus,
            "types": [t for _, t in sorted(form_types.get(pid, []))],
            "height_dm": _int(form, "height", pokemon_path),
            "weight_hg": _int(form, "weight", pokemon_path),
            "generation": _int(row, "generation_id", species_path),
            "evolves_from": _opt_int(row, "evolves_from_species_id", species_path),
            "chain": _int(row, "evolution_chain_id", species_path),
            "is_baby": _int(row, "is_baby", species_path) == 1,
        }
        check_no_prose(species[sid], f"{species_path}: species {sid}")

    # The pre-evolution of a listed species is listed too, or the chart would be broken.
    for sid, sp in species.items():
        parent = sp["evolves_from"]
        if parent is not None and parent not in species:
            raise BuildError(f"{species_path}: species {sid} evolves from unlisted {parent}")

    def depth(sid: int) -> int:
        d, seen = 0, {sid}
        while (parent := species[sid]["evolves_from"]) is not None:
            if parent in seen:
                raise BuildError(f"{species_path}: evolution loop at species {sid}")
            seen.add(parent)
            sid, d = parent, d + 1
        return d

    chains: dict[int, list[int]] = {}
    for sid in species:
        chains.setdefault(species[sid]["chain"], []).append(sid)
    ordered_chains = {
        str(cid): sorted(members, key=lambda s: (depth(s), s))
        for cid, members in sorted(chains.items())
    }
    return {
        "format": FORMAT,
        "species": {str(sid): species[sid] for sid in sorted(species)},
        "chains": ordered_chains,
    }


def render_pokedex(dex: dict[str, Any]) -> str:
    def block(name: str, mapping: dict[str, Any], last: bool) -> list[str]:
        lines = [f' "{name}": {{']
        items = list(mapping.items())
        for i, (key, value) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            lines.append(f"  {_dumps(key)}: {_dumps(value)}{comma}")
        lines.append(" }" + ("}" if last else ","))
        return lines

    lines = [f'{{"format": {dex["format"]},']
    lines += block("species", dex["species"], last=False)
    lines += block("chains", dex["chains"], last=True)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------
# attribution


def _first_line(path: Path) -> str:
    if not path.is_file():
        raise BuildError(f"missing file: {path}")
    text = path.read_text(encoding="utf-8").strip()
    if not text:
        raise BuildError(f"empty file: {path}")
    return text.splitlines()[0].strip()


def _copyright_lines(path: Path) -> list[str]:
    if not path.is_file():
        raise BuildError(f"missing licence file: {path}")
    return [
        line.strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.match(r"^\s*Copyright\b.*(\d{4}|©)", line)
    ]


def render_attribution(shared: Path, sets: list[SourceSet], dex: dict[str, Any]) -> str:
    cards_dir = shared / "data" / "cards"
    api_dir = shared / "data" / "pokeapi"
    cards_commit = _first_line(cards_dir / "SOURCE_COMMIT")
    api_commit = _first_line(api_dir / "SOURCE_COMMIT")
    api_copyright = _copyright_lines(api_dir / "LICENSE.md")
    if not api_copyright:
        raise BuildError(f"{api_dir / 'LICENSE.md'}: no copyright line found")
    cards_copyright = _copyright_lines(cards_dir / "LICENSE")
    set_lines = [
        f"- `cards/{s.slug}.json`: {s.data['name']} ({s.data['abbr']}, set id {s.data['id']},"
        f" {len(s.data['cards'])} cards), from `{s.path.name}`"
        for s in sets
    ]
    lines = [
        "# Attribution",
        "",
        "The files in this folder are generated by `tools/build_assets.py` from third-party",
        "data. Do not edit them by hand; re-run the builder (`--check` verifies them).",
        "",
        "No card text or other prose is included: attack, power and rules text and every",
        "other sentence of the sources are left out. Only facts are kept (names, numbers,",
        "types, HP, costs, damage values, weaknesses, resistances, rarity, artist, species",
        "category, sizes).",
        "",
        "## Card data: `cards/*.json`",
        "",
        "Built from the YAML card database (`data/cards/*.yaml`), licensed under the",
        "Apache License, Version 2.0; the full licence text is in",
        f"[`licenses/{CARDS_LICENSE_NAME}`](licenses/{CARDS_LICENSE_NAME}).",
    ]
    if cards_copyright:
        lines += ["", "Copyright notice of the card data, as given in its licence file:", ""]
        lines += [f"> {line}" for line in cards_copyright]
    lines += [
        "",
        f"Source commit: `{cards_commit}`",
        "",
        "Changes made (Apache-2.0 section 4(b)): converted from YAML to JSON, fields renamed",
        "and reorganised, sub-types normalised, card identifiers taken from `pioId`,",
        "Platinum-era weakness values given their printed `+` sign, the Energy provided by a",
        "few special Energy cards filled in from same-named cards, and all text fields",
        "removed.",
        "",
        *set_lines,
        "",
        "## Species data: `pokedex.json`",
        "",
        f"Built from PokéAPI's CSV data ({len(dex['species'])} species with an English name):",
        "`pokemon_species.csv`, `pokemon_species_names.csv` (English name and genus),",
        "`pokemon.csv` (height and weight of the default form), `pokemon_types.csv` and",
        "`types.csv`. PokéAPI is distributed under a BSD-style licence; the full text is in",
        f"[`licenses/{POKEAPI_LICENSE_NAME}`](licenses/{POKEAPI_LICENSE_NAME}).",
        "Its copyright notice, reproduced as that licence requires:",
        "",
        *[f"> {line}" for line in api_copyright],
        "",
        f"Source commit: `{api_commit}`",
        "",
        "## Trademarks",
        "",
        "Pokémon, the Pokémon Trading Card Game and Pokémon character and card names are",
        "trademarks of Nintendo, Creatures Inc. and GAME FREAK inc. (The Pokémon Company).",
        "This is an unofficial fan project, not affiliated with or endorsed by them.",
    ]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------
# driver


def build(shared: Path, out: Path) -> list[Path]:
    """Build every asset from ``shared`` into ``out``; return the written paths."""
    if not shared.is_dir():
        raise BuildError(f"shared data directory not found: {shared} (use --shared PATH)")
    cards_dir = shared / "data" / "cards"
    api_dir = shared / "data" / "pokeapi"
    sets = read_sets(cards_dir)
    known_energy = known_special_energy(sets)

    outputs: dict[Path, str | Path] = {}
    for source in sets:
        built = convert_set(source, known_energy)
        outputs[Path("cards") / f"{source.slug}.json"] = render_set(built)
        counts = {k: 0 for k in SUPERTYPES.values()}
        for card in built["cards"]:
            counts[card["supertype"]] += 1
        log(
            f"  {source.slug:<22} {built['set']['code']:<7} {built['set']['size']:>4} cards"
            f" ({counts['pokemon']} pokemon, {counts['trainer']} trainer,"
            f" {counts['energy']} energy)"
        )
    dex = build_pokedex(api_dir)
    outputs[Path("pokedex.json")] = render_pokedex(dex)
    log(f"  pokedex: {len(dex['species'])} species, {len(dex['chains'])} chains")
    outputs[Path("ATTRIBUTION.md")] = render_attribution(shared, sets, dex)
    outputs[Path("licenses") / CARDS_LICENSE_NAME] = cards_dir / "LICENSE"
    outputs[Path("licenses") / POKEAPI_LICENSE_NAME] = api_dir / "LICENSE.md"

    for content in outputs.values():
        if isinstance(content, Path) and not content.is_file():
            raise BuildError(f"missing licence file: {content}")

    (out / "cards").mkdir(parents=True, exist_ok=True)
    (out / "licenses").mkdir(parents=True, exist_ok=True)
    written = []
    for rel, content in outputs.items():
        target = out / rel
        if isinstance(content, Path):
            shutil.copyfile(content, target)
        else:
            with target.open("w", encoding="utf-8", newline="\n") as fh:
                fh.write(content)
        written.append(target)
    # Stale set files (a set removed from the sources) would otherwise linger.
    for stale in sorted((out / "cards").glob("*.json")):
        if stale not in written:
            stale.unlink()
            log(f"  removed stale {stale}")
    return written


def managed_files(root: Path) -> set[Path]:
    """The builder-owned files under an assets folder, relative to it."""
    found: set[Path] = set()
    for pattern in ("cards/*.json", "pokedex.json", "ATTRIBUTION.md", "licenses/*"):
        found.update(p.relative_to(root) for p in root.glob(pattern) if p.is_file())
    return found


def check(shared: Path, out: Path) -> list[str]:
    """Build into a temporary folder; return the differing files (empty when identical)."""
    with tempfile.TemporaryDirectory(prefix="build_assets_") as tmp:
        fresh = Path(tmp)
        build(shared, fresh)
        expected = managed_files(fresh)
        actual = managed_files(out) if out.is_dir() else set()
        problems = []
        for rel in sorted(expected | actual):
            if rel not in actual:
                problems.append(f"{out / rel}: missing")
            elif rel not in expected:
                problems.append(f"{out / rel}: not produced by the builder (stale)")
            elif not filecmp.cmp(fresh / rel, out / rel, shallow=False):
                problems.append(f"{out / rel}: differs from a fresh build")
        return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--shared",
        type=Path,
        default=DEFAULT_SHARED,
        help=f"shared data folder holding data/cards and data/pokeapi (default {DEFAULT_SHARED})",
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"assets folder (default {DEFAULT_OUT})"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="build into a temporary folder and compare with --out instead of writing",
    )
    args = parser.parse_args(argv)
    try:
        if args.check:
            log(f"build_assets: checking {args.out} against {args.shared}")
            problems = check(args.shared, args.out)
            if problems:
                for line in problems:
                    print(line)
                print(f"build_assets: {len(problems)} file(s) out of date; re-run the builder")
                return 1
            log("build_assets: assets are up to date")
            return 0
        log(f"build_assets: building {args.out} from {args.shared}")
        written = build(args.shared, args.out)
        log(f"build_assets: wrote {len(written)} files")
        return 0
    except BuildError as exc:
        print(f"build_assets: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a folder named on the command line that cannot be used
        print(f"build_assets: error: {exc.strerror or exc}: {exc.filename}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
