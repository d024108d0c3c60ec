"""The Dictionary's glossary: every rulebook headword is there, the definitions are our own
words in characters the handheld can draw, and terms_in finds the terms of card text."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
import unicodedata
from pathlib import Path

import pytest

from handheld import glossary
from handheld.__main__ import main as cli
from handheld.assets import AssetError, load_set
from handheld.glossary import GlossaryError, Term, all_terms, load_glossary, lookup, terms_in

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SEEDS = SHARED / "seeds"
CARD_DATA = SHARED / "data" / "cards"

# The headwords of each rulebook's glossary, as printed (the seeds' file prefixes: 002
# Expedition, 001 Platinum, 000 Call of Legends, 003 Black & White).
ALL_ERAS = ["Active Pokémon", "Attach", "Attack", "Basic Energy card", "Basic Pokémon card",
            "Bench", "Counter", "Damage", "Damage counter", "Defending Pokémon",
            "Discard pile", "Energy card", "Evolution card", "In play", "Knocked Out",
            "Poison marker", "Pokémon", "Pokémon Power", "Pokémon Tool", "Resistance",
            "Retreat", "Special Conditions", "Stadium card", "Sudden Death", "Trainer card",
            "Trainers' Pokémon", "Weakness"]
SINCE_PLATINUM = ["Attacking Pokémon", "Burn marker", "Devolve", "Fossil Trainer cards",
                  "Hit Points (HP)", "Lost Zone", "Owner", "Poké-Body", "Poké-Power",
                  "Pokémon LV.X", "Pokémon SP", "Prize cards", "Supporter card",
                  "Technical Machine"]
HEADWORDS = {
    "expedition": [*ALL_ERAS, "Baby Pokémon", "Hit Points", "Prizes"],
    "platinum": [*ALL_ERAS, *SINCE_PLATINUM, "Pokémon-ex"],
    "call_of_legends": [*ALL_ERAS, *SINCE_PLATINUM, "Pokémon-ex", "Pokémon LEGEND"],
    "black_white": [*ALL_ERAS, *SINCE_PLATINUM, "Pokémon-EX", "Pokémon LEGEND", "Ability",
                    "In-Between Turns", "Item card"],
}
SEED_PREFIX = {"expedition": "002", "platinum": "001", "call_of_legends": "000",
               "black_white": "003"}

# Terms our card text uses that no rulebook glossary lists (and Restored Pokémon, which
# the Black & White rulebook explains outside its glossary).
EXTRA_TERMS = ["Asleep", "Burned", "Confused", "Paralyzed", "Poisoned", "Special Energy card",
               "Stage 1 Pokémon", "Stage 2 Pokémon", "Evolve", "Retreat Cost", "Deck", "Hand",
               "Shuffle", "Draw", "Search", "Discard", "Flip a coin", "Switch", "Opponent",
               "Turn", "Energy cost", "Type", "Restored Pokémon",
               # The Platinum era's words its cards and tips use.
               "Level Up", "Team Galactic", "Team Galactic's Invention", "Gym Leader",
               "Elite Four", "Champion", "Frontier Brain",
               # The Black & White era's new type, named on its Dragon cards.
               "Dragon",
               # The frame of HeartGold & SoulSilver's strongest cards (no rulebook word).
               "Pokémon Prime"]

# The words of the second game, Legend Pieces (docs/PIECES.md): no rulebook era, game "pieces".
PIECE_TERMS = ["Legend Piece", "Plus Power Card", "Plus Power Area", "Cost Area", "Play Area",
               "Tamago Piece", "Reverse side", "Arrow mark", "Summon"]
CARD_GAME_TERMS = 80


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch):
    monkeypatch.delenv("HANDHELD_ASSETS", raising=False)
    glossary.clear_cache()
    yield
    glossary.clear_cache()


def names(terms: list[Term]) -> list[str]:
    return [t.name for t in terms]


def name_of(form: str) -> str:
    """The name of the term ``form`` stands for (the test fails if none)."""
    term = lookup(form)
    assert term is not None, form
    return term.name


@functools.cache
def card_text(card_id: str) -> str:
    """A card's generated text, exactly as ``python -m handheld cards --text`` prints it."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli(["cards", "--text", card_id]) == 0
    return out.getvalue()


def expedition_ids() -> list[str]:
    return [c["id"] for c in load_set("expedition")["cards"]]


# --- the terms ---------------------------------------------------------------------------


def test_the_glossary_loads_with_every_headword_and_the_extra_terms() -> None:
    terms = load_glossary()
    assert len(terms) == CARD_GAME_TERMS + len(PIECE_TERMS)
    assert len({t.name for t in terms}) == len(terms)
    for term in terms:
        assert term.definition and isinstance(term.aliases, tuple)
        assert list(term.eras) == [e for e in glossary.ERAS if e in term.eras]
    for name in EXTRA_TERMS:
        extra = lookup(name)
        assert extra is not None and extra.name == name and extra.eras == (), name
        assert extra.game == "tcg", name


def test_the_legend_pieces_terms_are_that_game_s_and_only_they_are() -> None:
    for name in PIECE_TERMS:
        term = lookup(name)
        assert term is not None and term.name == name, name
        assert term.game == "pieces" and term.eras == (), name
    assert sorted(t.name for t in load_glossary() if t.game != "tcg") == sorted(PIECE_TERMS)
    assert name_of("Tamago") == "Tamago Piece"
    assert name_of("summoned") == "Summon"


def test_card_text_never_finds_a_legend_pieces_term() -> None:
    text = "Summon a Legend Piece to the Play Area: its Reverse side and Arrow marks."
    assert names(terms_in(text, game="pieces")) == [
        "Summon", "Legend Piece", "Play Area", "Reverse side", "Arrow mark"]
    assert not [t for t in terms_in(text) if t.game != "tcg"]
    # The card game's PlusPower (a Platinum Trainer) is its own thing, not a Plus Power Card.
    plus_power = names(terms_in(card_text("pl1-112")))
    assert "Plus Power Card" not in plus_power and "Trainer card" in plus_power
    assert lookup("PlusPower") is None
    assert "PlusPower Trainer" in lookup("Plus Power Card").definition  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        terms_in(text, game="chess")


def test_the_glossary_s_games_are_the_registered_games() -> None:
    # Every game the handheld registers has its name here, under the same key.
    from handheld import games

    for key in games.keys():
        assert glossary.GAMES[key] == games.game(key).name, key
    assert "tcg" in games.keys() and set(glossary.GAMES) == {"tcg", "pieces"}


@pytest.mark.parametrize("era", list(HEADWORDS))
def test_every_headword_of_each_rulebook_glossary_is_a_term(era: str) -> None:
    for headword in HEADWORDS[era]:
        term = lookup(headword)
        assert term is not None, f"{headword!r} ({era}) is missing"
        assert era in term.eras, f"{term.name} should list {era}"
    # and the other way round: a term claims an era only if that glossary lists it
    claimed = {t.name for t in load_glossary() if era in t.eras}
    assert claimed == {name_of(h) for h in HEADWORDS[era]}


def test_headwords_merge_where_rulebooks_name_one_thing_two_ways() -> None:
    assert lookup("Prizes") is lookup("Prize cards") is lookup("prize card")
    assert lookup("Hit Points (HP)") is lookup("Hit Points") is lookup("HP")
    assert name_of("Fossil Trainer cards") == "Fossil Trainer card"
    assert name_of("TRAINERS' POKÉMON") == "Trainers' Pokémon"
    assert name_of("Pokémon-ex") == "Pokémon-ex"
    assert name_of("Pokémon-EX") == "Pokémon-EX"
    assert lookup("no such thing") is None


def test_all_terms_are_sorted_for_browsing() -> None:
    terms = names(all_terms())
    assert len(terms) == len(load_glossary())
    assert terms[:3] == ["Ability", "Active Pokémon", "Arrow mark"]
    assert terms[-1] == "Weakness"
    poke = [n for n in terms if n.startswith("Pok")]
    assert poke[:3] == ["Poké-Body", "Poké-Power", "Pokémon"]
    assert terms.index("Discard") < terms.index("Discard pile") < terms.index("Draw")


# --- the words ---------------------------------------------------------------------------

FONT_ALLOWED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                   " .,:;!?'\"-()/é")


def _all_text(term: Term) -> list[str]:
    return [term.name, term.definition, *term.aliases]


def test_every_character_is_one_the_handheld_can_show() -> None:
    assert set(glossary.ALLOWED_CHARS) == FONT_ALLOWED
    font = (REPO / "assets" / "font" / "pocket5.txt").read_text(encoding="utf-8")
    glyphs = {line.split(" ", 1)[0] for line in font.splitlines()
              if line and not line.startswith("#")}
    glyphs = {" " if g == "space" else "#" if g == "hash" else g for g in glyphs}
    assert FONT_ALLOWED <= glyphs
    for term in load_glossary():
        for text in _all_text(term):
            bad = set(text) - FONT_ALLOWED
            assert not bad, f"{term.name}: {sorted(bad)} in {text!r}"
    assert "Pokemon" not in json.dumps([_all_text(t) for t in load_glossary()],
                                       ensure_ascii=False)


def test_definitions_are_short() -> None:
    for term in load_glossary():
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", term.definition) if s]
        assert 1 <= len(sentences) <= 3, term.name
        assert term.definition.endswith("."), term.name
        assert len(term.definition.split()) <= 40, term.name


def _words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text.replace("’", "'").casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.findall(r"[a-z0-9]+", text)


RUN = 8

# Spellings that change the words but not the sentence: a copy that only expands "can't" or
# writes "one" as "1" is still a copy.
_SAME = [(r"\bcannot\b", "can not"), (r"\bcan't\b", "can not"), (r"\bwon't\b", "will not"),
         (r"n't\b", " not"), (r"'re\b", " are"), (r"'ve\b", " have"), (r"'ll\b", " will"),
         (r"\b(it|that|there|what|he|she)'s\b", r"\1 is")]
_NUMBERS = {w: str(n) for n, w in enumerate(
    "zero one two three four five six seven eight nine ten".split())}


def _copy_words(text: str) -> list[str]:
    """The words the copy check compares: folded, contractions spelled out, numbers as
    digits."""
    text = unicodedata.normalize("NFKD", text.replace("’", "'").casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    for pattern, repl in _SAME:
        text = re.sub(pattern, repl, text)
    return [_NUMBERS.get(w, w) for w in re.findall(r"[a-z0-9]+", text)]


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


@functools.cache
def _their_runs() -> frozenset[tuple[str, ...]]:
    """Every run of RUN words in the rulebooks (all seeds) and the card database."""
    sources = sorted(SEEDS.glob("*.txt"))
    if CARD_DATA.is_dir():
        sources += sorted(CARD_DATA.glob("*.yaml"))
    theirs: set[tuple[str, ...]] = set()
    for path in sources:
        theirs |= _runs(_copy_words(path.read_text(encoding="utf-8", errors="replace")))
    return frozenset(theirs)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not here")
def test_no_definition_shares_eight_words_in_a_row_with_a_rulebook_or_card_text() -> None:
    theirs = _their_runs()
    assert theirs
    for term in load_glossary():
        shared = _runs(_copy_words(term.definition)) & theirs
        assert not shared, f"{term.name}: {' '.join(sorted(shared)[0])!r}"


def test_the_overlap_check_would_catch_a_copied_sentence() -> None:
    # A sentence of our own standing in for a copied one (nothing is quoted here).
    copied = "The lone Pokémon of yours that stands ahead of every other one you own."
    assert _runs(_copy_words(copied)) & _runs(_copy_words("Active Pokémon: " + copied))
    # Spelling out contractions or numbers does not hide a copy.
    theirs = "It can't attack, it can't retreat, it won't wake up and it's stuck for one turn."
    mine = "It cannot attack, it can not retreat, it will not wake up and it is stuck for 1 turn."
    assert _copy_words(theirs) == _copy_words(mine)
    assert _runs(_copy_words(mine)) & _runs(_copy_words(theirs))
    assert not _runs(_copy_words("It is stuck.")) & _runs(_copy_words(theirs))


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not here")
@pytest.mark.parametrize("prefix", ["000", "001", "002", "003"])
def test_the_overlap_check_reads_each_rulebooks_glossary(prefix: str) -> None:
    # A definition copied from any of the four glossaries would be caught.
    (path,) = SEEDS.glob(f"{prefix}_*.txt")
    lines = path.read_text(encoding="utf-8").splitlines()
    section = " ".join(_section(lines, "Glossary|GLOSSARY", "Index|Credits|NEED HELP.*"))
    words = _copy_words(section)
    assert len(words) > 300
    for start in range(0, len(words) - RUN, 97):
        assert tuple(words[start:start + RUN]) in _their_runs()


# --- the headwords, read from the rulebooks themselves ------------------------------------


def _section(lines: list[str], start: str, end: str) -> list[str]:
    first = max(i for i, line in enumerate(lines) if re.fullmatch(start, line.strip()))
    out = []
    for line in lines[first + 1:]:
        if re.fullmatch(end, line.strip()):
            break
        out.append(line.strip())
    return out


def seed_headwords(prefix: str) -> list[str]:
    """The headwords of one rulebook's glossary section (its layout differs per seed)."""
    (path,) = SEEDS.glob(f"{prefix}_*.txt")
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    if prefix == "000":
        for line in _section(lines, "Glossary", "Index"):
            if m := re.match(r"([^:]{1,40}):\s", line):
                found.append(m.group(1))
    elif prefix == "001":
        for line in _section(lines, "Glossary", "Index"):
            if m := re.match(r"- (?:\*\*)?([^:*]{1,40}):", line):
                found.append(m.group(1))
    elif prefix == "002":
        # A wrapped scan: a headword starts a line after one that ends a sentence (or
        # after the index, which interrupts the glossary).
        section = _section(lines, "Glossary", "Credits")
        for before, line in zip([".", *section], section, strict=False):
            m = re.match(r"([^:.]{1,40}):", line)
            if m and re.search(r"[.!)0-9]$", before):
                found.append(m.group(1))
    else:
        for line in _section(lines, "GLOSSARY", r"NEED HELP PLAYING A GAME\?"):
            if m := re.match(r"([^:a-z]{1,40}):\s", line):
                found.append(m.group(1))
    return found


def _fold_headword(word: str) -> str:
    word = " ".join(_words(word.replace("*", "")))
    return {"pokemon 5p": "pokemon sp"}.get(word, word)  # an OCR slip in 003


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not here")
@pytest.mark.parametrize("era", list(HEADWORDS))
def test_the_headword_lists_match_the_rulebooks(era: str) -> None:
    printed = sorted(_fold_headword(h) for h in seed_headwords(SEED_PREFIX[era]))
    assert printed == sorted(_fold_headword(h) for h in HEADWORDS[era])


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not here")
@pytest.mark.parametrize("era", list(HEADWORDS))
def test_every_headword_read_from_a_rulebook_is_a_term_of_that_era(era: str) -> None:
    # Straight from the seed to the glossary, without the committed lists in between.
    forms: dict[str, list[Term]] = {}
    for term in load_glossary():
        for form in term.forms:
            forms.setdefault(_fold_headword(form), []).append(term)
    headwords = seed_headwords(SEED_PREFIX[era])
    assert len(headwords) >= 30
    for headword in headwords:
        # "Hit Points (HP)" is "Hit Points" (HP an alias); "Fossil Trainer cards" the plural
        # of a term's name.
        folded = _fold_headword(re.sub(r"\s*\([^)]*\)", "", headword))
        terms = forms.get(folded) or forms.get(folded.removesuffix("s"), [])
        assert terms, f"{headword!r} ({era}) is not a term or an alias"
        # Pokémon-ex and Pokémon-EX differ in capitals only; one of them is this era's.
        assert any(era in t.eras for t in terms), f"{headword!r}: no term lists {era}"


def test_glossary_md_describes_the_json() -> None:
    # glossary.md is written by hand, not generated: it must still name the eras the json
    # may use and the characters the loader allows.
    text = (REPO / "assets" / "glossary.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+)`\s+\((\d{4})\)", text))
    assert {era for era, _year in named} == set(glossary.ERAS)
    (chars,) = re.findall(r"common punctuation \(([^)]*\)?[^)]*)\)", text)
    punctuation = set(chars.replace("`", "").replace(" ", ""))
    assert punctuation == {c for c in glossary.ALLOWED_CHARS if not c.isalnum()} - {" "}
    # the words it gives as examples of the terms no rulebook glossary lists
    for word in ("deck", "hand", "draw", "shuffle", "flip a coin", "Retreat Cost",
                 "Stage 1 Pokémon", "Restored Pokémon"):
        assert word in text and lookup(word) is not None, word


# --- finding terms in card text ----------------------------------------------------------


def test_every_expedition_card_uses_at_least_one_term() -> None:
    ids = expedition_ids()
    assert len(ids) == 165
    for card_id in ids:
        assert terms_in(card_text(card_id)), card_id


def test_mary_s_impulse() -> None:
    assert names(terms_in(card_text("ecard1-142"))) == [
        "Supporter card", "Flip a coin", "Draw", "Turn", "Active Pokémon", "Discard"]


def test_potion() -> None:
    assert names(terms_in(card_text("ecard1-156"))) == [
        "Trainer card", "Pokémon", "Damage counter"]


def test_darkness_energy() -> None:
    assert names(terms_in(card_text("ecard1-158"))) == [
        "Special Energy card", "Pokémon", "Attach", "Damage", "Defending Pokémon", "Attack",
        "Weakness", "Resistance", "In-Between Turns", "Damage counter", "Basic Energy card"]


def test_alakazam() -> None:
    assert names(terms_in(card_text("ecard1-33"))) == [
        "Stage 2 Pokémon", "Hit Points", "Poké-Power", "Turn", "Attack", "Opponent",
        "Pokémon", "Energy cost", "Special Conditions", "Damage", "Defending Pokémon",
        "Energy card"]


def test_more_cards() -> None:
    assert names(terms_in(card_text("ecard1-165"))) == ["Basic Energy card"]
    assert names(terms_in(card_text("ecard1-111"))) == ["Basic Pokémon card", "Hit Points"]
    assert "Baby Pokémon" in names(terms_in(card_text("ecard1-22")))
    assert "Pokémon Tool" in names(terms_in(card_text("ecard1-150")))
    assert "Technical Machine" in names(terms_in(card_text("ecard1-144")))
    assert "Retreat Cost" in names(terms_in(card_text("ecard1-9")))


def test_card_attack_and_power_names_are_not_searched() -> None:
    # Magby's attack "Energy Catch", the Trainer "Switch", Golem's "Rock Body"
    text = "Switch (ecard1-157) - Trainer\n[R] Energy Catch: Flip a coin.\nPoké-Body Rock Body: x"
    assert names(terms_in(text)) == ["Trainer card", "Flip a coin", "Poké-Body"]
    assert names(terms_in("Switch your Active Pokémon.")) == ["Switch", "Active Pokémon"]


def test_longest_match_wins() -> None:
    assert names(terms_in("the Defending Pokémon")) == ["Defending Pokémon"]
    assert names(terms_in("a Pokémon and the Defending Pokémon")) == [
        "Pokémon", "Defending Pokémon"]
    assert names(terms_in("put 2 damage counters on it")) == ["Damage counter"]
    assert names(terms_in("Discard pile")) == ["Discard pile"]
    assert names(terms_in("its Retreat Cost")) == ["Retreat Cost"]
    assert names(terms_in("a basic Energy card")) == ["Basic Energy card"]
    assert names(terms_in("Pokémon Tool")) == ["Pokémon Tool"]


def test_a_match_never_spans_punctuation() -> None:
    assert names(terms_in("Discard. Pile it up")) == ["Discard"]
    assert names(terms_in("your Pokémon, Tool")) == ["Pokémon", "Pokémon Tool"]


def test_plurals_capitals_accents_and_possessives() -> None:
    assert names(terms_in("DAMAGE COUNTERS")) == ["Damage counter"]
    assert names(terms_in("Special Condition")) == ["Special Conditions"]
    assert names(terms_in("your opponent's Prizes")) == ["Opponent", "Prize cards"]
    assert names(terms_in("two POKEMON")) == ["Pokémon"]
    assert names(terms_in("Poké-Powers and Poké-Bodies")) == ["Poké-Power", "Poké-Body"]
    assert names(terms_in("the players' Benched Pokémon")) == ["Bench"]
    assert names(terms_in("it was Knocked Out; knock out another")) == ["Knocked Out"]
    assert names(terms_in("it evolves, then it evolved")) == ["Evolve"]
    assert names(terms_in("Abilities")) == ["Ability"]
    assert names(terms_in("Flip 2 coins")) == ["Flip a coin"]


def test_capitals_tell_pokemon_ex_from_pokemon_EX() -> None:
    assert names(terms_in("a Pokémon-ex")) == ["Pokémon-ex"]
    assert names(terms_in("a Pokémon-EX")) == ["Pokémon-EX"]


def test_each_term_once_in_order_of_first_use() -> None:
    assert names(terms_in("Bench, Weakness, Bench, Resistance, Weakness")) == [
        "Bench", "Weakness", "Resistance"]
    assert terms_in("") == [] and terms_in("nothing here at all") == []


def test_every_name_and_alias_finds_its_own_term() -> None:
    for term in load_glossary():
        for form in term.forms:
            assert terms_in(form, game=term.game) == [term], form
            assert lookup(form) is term, form


# --- a damaged file ----------------------------------------------------------------------


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "glossary.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _good() -> dict:
    return json.loads((REPO / "assets" / "glossary.json").read_text(encoding="utf-8"))


def _entry(**change: object) -> dict:
    data = _good()
    data["terms"][0].update(change)
    return data


@pytest.mark.parametrize(("data", "reason"), [
    ("{\"format\": 1, \"terms\": [", "corrupt JSON"),
    ("\xff\xfe", "corrupt JSON"),
    ("[]", "not a JSON object"),
    ({"format": 2, "terms": []}, "unsupported format 2"),
    ({"format": 1}, "'terms' should be a non-empty list"),
    ({"format": 1, "terms": ["Bench"]}, "term 1 is not an object"),
    ({"format": 1, "terms": [{"name": "Bench"}]}, "term 1 lacks 'definition'"),
    (_entry(definition=""), "definition is empty"),
    (_entry(definition=3), "definition should be a string"),
    (_entry(definition="Curly \u201cquotes\u201d."), "characters the handheld cannot show"),
    (_entry(definition="A dash \u2014 here."), "characters the handheld cannot show"),
    (_entry(aliases="Abilities"), "aliases should be a list"),
    (_entry(eras=["diamond_pearl"]), "unknown era 'diamond_pearl'"),
    (_entry(colour="red"), "unknown fields"),
    (_entry(game="chess"), "unknown game 'chess'"),
    (_entry(game=["pieces"]), "game should be a string"),
    (_entry(game="pieces"), "lists none"),  # term 1, Ability, has an era
    (_entry(name="Bench"), "appears twice"),
    (_entry(aliases=["Prizes"]), "cannot be told apart"),
])
def test_a_damaged_glossary_gives_a_clear_error(tmp_path, data, reason) -> None:
    path = tmp_path / "glossary.json"
    if isinstance(data, str):
        path.write_bytes(data.encode("latin-1"))
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GlossaryError) as info:
        load_glossary(path)
    assert reason in str(info.value)
    assert str(path) in str(info.value) and info.value.path == path
    assert isinstance(info.value, AssetError)


def test_a_missing_glossary_and_the_assets_override(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("HANDHELD_ASSETS", str(tmp_path))
    with pytest.raises(GlossaryError, match="file not found"):
        all_terms()
    _write(tmp_path, _good())
    glossary.clear_cache()
    assert len(all_terms()) == CARD_GAME_TERMS + len(PIECE_TERMS)


def test_the_platinum_eras_words() -> None:
    from handheld.cards import default_pool
    from handheld.ereader.tips import tips_text

    cards = default_pool()
    lv_x = {t.name for t in terms_in(tips_text(cards.get("pl2-107")))}  # Hippowdon LV.X
    assert {"Pokémon LV.X", "Evolution card", "Damage counter"} <= lv_x
    assert lookup("levels up").name == "Level Up"  # type: ignore[union-attr]
    sp = {t.name for t in terms_in(tips_text(cards.get("pl2-9")))}  # Luxray GL
    assert {"Pokémon SP", "Gym Leader"} <= sp
    for card_id, owner in (("pl1-7", "Team Galactic"), ("pl2-16", "Elite Four")):
        assert owner in {t.name for t in terms_in(tips_text(cards.get(card_id)))}
    assert "Team Galactic's Invention" in {
        t.name for t in terms_in("Team Galactic's Invention G-101")}
    assert "stays attached" in lookup("Technical Machine").definition  # type: ignore[union-attr]
    assert lookup("Lost Zone") is not None and lookup("Frontier Brain") is not None
