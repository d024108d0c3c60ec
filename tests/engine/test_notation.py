"""The notation of options, answers and events (handheld/engine/notation.py).

Over every decision of a few hundred random games: each option's notation is distinct
within its choice, reads back to the same option, and does not depend on the order of the
options; answers (multi-pick ones too) round-trip; hostile texts are refused with
IllegalAction and nothing else; what is named is what the deciding player can see.
"""

from __future__ import annotations

import ast
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handheld.cards import EXPEDITION_DECKS, THEME_DECKS, default_pool, load_deck
from handheld.engine import Chance, Choice, IllegalAction, Match
from handheld.engine import notation as notation_module
from handheld.engine.notation import (
    EVENT_KINDS,
    MAX_NOTATION_CHARS,
    OPTION_KINDS,
    answer_notation,
    event_notation,
    notation,
    notations,
    parse_answer,
    parse_option,
)
from handheld.players import chance_outcome, make_player

POOL = default_pool()
ROOT = Path(__file__).resolve().parents[2]
DECK_NAMES = sorted({*THEME_DECKS, *EXPEDITION_DECKS})
GAMES = 200


def _play(seed: int) -> None:
    """A random game (decks and players drawn from ``seed``), every decision checked by
    :func:`_check` before it is answered, by its notation."""
    r = random.Random(seed)
    decks = (load_deck(r.choice(DECK_NAMES)), load_deck(r.choice(DECK_NAMES)))
    m = Match(POOL, decks, record_log=True)
    rng = random.Random(seed)
    players = [make_player(r.choice(["random", "greedy"]), seed * 2 + i) for i in range(2)]
    while not m.over:
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
            continue
        assert isinstance(d, Choice)
        answer = players[d.player].choose(m, d)
        _check(m, d, answer, notations(m, d))
        _STATS["decisions"] += 1
        m.apply(answer_notation(m, d, answer))  # the match goes on by its notation
    _STATS["events"].update(ev[0] for ev in m.log)
    for ev in m.log:
        for viewer in (None, 0, 1):
            assert event_notation(m, ev, viewer)


_STATS: dict[str, Any] = {"decisions": 0, "multi": 0, "copies": 0, "kinds": Counter(),
                          "events": Counter(), "shuffled": 0}
_CARD_ID = re.compile(r"\b[a-z]+\d*-\d+[a-z]?\b")


def _visible_ids(m: Match, d: Choice) -> set[str]:
    """Printed ids of the cards the deciding player may see in a main-phase decision: the
    hand and everything in play (both sides)."""
    me = m.players[d.player]
    cards = list(me.hand)
    for p in m.players:
        for s in p.in_play():
            cards += s.attached()
    return {m.defs[c].id for c in cards}


def _check(m: Match, d: Choice, answer: Any, names: list[str]) -> None:
    assert len(set(names)) == len(names), f"{d.kind}: {names}"
    for i, (opt, text) in enumerate(zip(d.options, names, strict=True)):
        _STATS["kinds"][opt[0]] += 1
        _STATS["copies"] += " #" in text
        assert parse_option(m, d, text) == i
    if d.options:
        assert notation(m, d, d.options[-1]) == names[-1] == notation(m, d, len(names) - 1)
    else:
        assert answer == [] and answer_notation(m, d, answer) == "none"
    # The answer round-trips, in the order given.
    text = answer_notation(m, d, answer)
    back = parse_answer(m, d, text)
    if d.single:
        assert back == answer
    else:
        _STATS["multi"] += 1
        assert back == list(answer)
    # Hidden information: a face-down Prize is named by its place only, and a main-phase
    # move names only cards of the hand or in play.
    if d.kind == "prize":
        assert all(re.fullmatch(r"prize \d+", t) for t in names)
    if d.kind == "main":
        named = {c for t in names for c in _CARD_ID.findall(t)}
        assert named <= _visible_ids(m, d), named - _visible_ids(m, d)
    # Order does not matter: shuffled options keep their notations, and a text names the
    # same option wherever it now stands.
    if len(d.options) > 1 and _STATS["decisions"] % 3 == 0:
        order = list(range(len(d.options)))
        random.Random(len(names)).shuffle(order)
        shuffled = d._replace(options=tuple(d.options[i] for i in order))
        again = notations(m, shuffled)
        for new_i, old_i in enumerate(order):
            assert again[new_i] == names[old_i]
            assert shuffled.options[parse_option(m, shuffled, names[old_i])] == d.options[old_i]
        _STATS["shuffled"] += 1


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    for seed in range(GAMES):
        _play(seed)
    return _STATS


def test_every_decision_of_many_games_has_distinct_notations_that_read_back(
        played: dict[str, Any]) -> None:
    assert played["decisions"] > 20 * GAMES
    # The checks met what they are about: multi-pick answers, copies told apart by #k,
    # shuffled choices, and most kinds of option.
    assert played["multi"] > 50
    assert played["copies"] > 10
    assert played["shuffled"] > 1000
    assert len(played["kinds"]) >= 15, played["kinds"]


def test_every_tag_met_is_declared(played: dict[str, Any]) -> None:
    assert set(played["kinds"]) <= set(OPTION_KINDS)
    assert set(played["events"]) <= set(EVENT_KINDS)


def _tag_literals(node: ast.AST, tags: set[str]) -> list[str]:
    """The ``tags`` written as string literals in ``node``: the node itself, or the items
    of a tuple, list or set it is."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [i.value for i in items if isinstance(i, ast.Constant) and i.value in tags]


_EVENTS = set(EVENT_KINDS)
_TAGS = _EVENTS | set(OPTION_KINDS)


def _tags_read(node: ast.AST) -> set[str]:
    """The tags ``node`` may hold where it is compared: ``x[0]`` is an event's tag (or an
    option's, but ``x[0] == "card"`` is too common elsewhere to flag the option-only
    tags), a variable named ``tag`` is an event's or an option's."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and \
            node.slice.value == 0:
        return _EVENTS
    return _TAGS if isinstance(node, ast.Name) and node.id == "tag" else set()


def literal_tags(source: str, filename: str = "<source>") -> list[str]:
    """Where ``source`` spells a declared event or option tag as a string literal instead
    of using notation.py's constant: a tuple put in a match log (``log.append(("ko",
    ...))``), or a comparison with a tag read (``ev[0] == "ko"``, ``tag in ("bench",
    "play")``). One ``file:line: tag`` entry each."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "append" and (
                    (isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "log")
                    or (isinstance(node.func.value, ast.Name) and node.func.value.id == "log")):
            for arg in node.args:
                for sub in ast.walk(arg):
                    if isinstance(sub, ast.Tuple) and sub.elts:
                        found += [f"{filename}:{sub.lineno}: {t}"
                                  for t in _tag_literals(sub.elts[0], _EVENTS)]
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            tags = set().union(*(_tags_read(side) for side in sides))
            for side in sides:
                found += [f"{filename}:{node.lineno}: {t}" for t in _tag_literals(side, tags)]
    return found


def test_producers_and_readers_use_the_declared_tags() -> None:
    """A source scan of the game and its tools: every event put in a match log is built
    with an ``EV_*`` constant, and no module compares an event's or an option's tag with a
    literal, so a tag is spelt in notation.py alone."""
    logged: set[str] = set()
    found: list[str] = []
    for path in [*(ROOT / "handheld").rglob("*.py"), *(ROOT / "tools").rglob("*.py")]:
        if path.name == "notation.py" and path.parent.name == "engine":
            continue  # where the tags are declared
        if "pieces" in path.relative_to(ROOT).parts[:2]:
            continue  # the piece game spells its own tags in handheld/pieces/tags.py
        text = path.read_text("utf-8")
        found += literal_tags(text, str(path.relative_to(ROOT)))
        logged |= set(re.findall(r"log\.append\(\(\s*(EV_[A-Z_]+)", text))
    assert found == []
    # The producers were met (the scan reads what it is about), and each constant they
    # use is declared.
    assert len(logged) > 30
    import handheld.engine.notation as declared

    assert {getattr(declared, name) for name in logged} <= set(EVENT_KINDS)


@pytest.mark.parametrize(("source", "tag"), [
    ('m.log.append(("ko", p, top))', "ko"),
    ('self.log.append((EV_SUDDEN_DEATH, 1) if tie else ("sudden_death", 1, why))',
     "sudden_death"),
    ('log.append(("attach", cur, cid, top))', "attach"),
    ('if ev[0] == "coin":\n    pass', "coin"),
    ('if ev[0] in ("damage", "ko") and x:\n    pass', "damage"),
    ('if tag == "bench":\n    pass', "bench"),
    ('if tag in (PASS, "yes"):\n    pass', "yes"),
    ('if "retreat" != opt[0]:\n    pass', "retreat"),
])
def test_a_literal_tag_is_found(source: str, tag: str) -> None:
    """The scan can fail: a producer or a reader that spells a tag is reported."""
    found = literal_tags(source)
    assert any(f.endswith(f": {tag}") for f in found), found


def test_the_scan_leaves_constants_and_other_strings_alone() -> None:
    source = ('m.log.append((EV_KO, p, top))\nif ev[0] == EV_COIN or ev[1] == "coin":\n'
              '    pass\nif d.kind == "coin" and parts[0] == "table" and o[0] == "card":\n'
              '    pass\n')
    assert literal_tags(source) == []


def test_every_declared_kind_has_a_notation() -> None:
    m = Match(POOL, (load_deck("blazing_quake"), load_deck("tidal_mind")))
    ch = m.pending
    while isinstance(ch, Chance):
        m.resolve(chance_outcome(ch, random.Random(1)))
        ch = m.pending
    assert isinstance(ch, Choice)
    cid = m.players[ch.player].hand[0]
    samples = {"bench": (cid,), "play": (cid,), "card": (cid,), "prize": (0,), "draw": (2,),
               "pay": (cid, cid), "order": (cid,), "pass": (), "yes": (), "no": ()}
    for tag, fields in samples.items():
        assert OPTION_KINDS[tag].form
        assert notations(m, ch._replace(options=((tag, *fields),)))[0].startswith(tag)
    with pytest.raises(ValueError, match="not declared"):
        notations(m, ch._replace(options=(("teleport", 1),)))


def _first_choice(kind: str, seed: int = 0, multi: bool = False) -> tuple[Match, Choice]:
    """A match standing at the first decision of ``kind`` (a multi-pick one if asked)."""
    for s in range(seed, seed + 200):
        r = random.Random(s)
        m = Match(POOL, (load_deck(r.choice(DECK_NAMES)), load_deck(r.choice(DECK_NAMES))))
        rng = random.Random(s)
        players = [make_player("random", s), make_player("random", s + 1)]
        while not m.over:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(chance_outcome(d, rng))
                continue
            assert isinstance(d, Choice)
            if d.kind == kind and (not multi or d.max > 1):
                return m, d
            m.apply(players[d.player].choose(m, d))
    raise AssertionError(f"no {kind} decision met")


def test_a_multi_pick_answer_is_notations_joined_by_commas() -> None:
    m, d = _first_choice("setup_bench", multi=True)
    names = notations(m, d)
    picks = list(range(min(d.max, len(names))))[::-1]  # the order given is kept
    text = answer_notation(m, d, picks)
    assert text == ", ".join(names[i] for i in picks)
    assert parse_answer(m, d, text) == picks
    assert parse_answer(m, d, "  " + text.upper().replace(", ", " ,  ") + " ") == picks
    if d.min == 0:
        assert answer_notation(m, d, []) == "none"
        assert parse_answer(m, d, "none") == []
    with pytest.raises(IllegalAction, match="twice"):
        parse_answer(m, d, f"{names[0]}, {names[0]}")


def test_a_long_hostile_multi_pick_is_read_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text of many pieces (from the link or the protocol) is refused after a few look-
    ups: picks past the decision's most are refused as they are read, and pieces are
    joined back no further than an option's own commas reach."""
    m, d = _first_choice("setup_bench", multi=True)
    name = notations(m, d)[0]
    calls = Counter[str]()
    find = notation_module._Reader.find

    def counted(self: Any, text: str) -> int | None:
        calls["find"] += 1
        return find(self, text)

    monkeypatch.setattr(notation_module._Reader, "find", counted)
    many = ", ".join([name] * 200)[:MAX_NOTATION_CHARS]
    with pytest.raises(IllegalAction, match=f"at most {d.max}"):
        parse_answer(m, d, many)
    assert calls["find"] <= 4 * (d.max + 1), calls
    calls.clear()
    commas = "x" + "," * (MAX_NOTATION_CHARS - 1)
    with pytest.raises(IllegalAction, match="reads 'x'"):
        parse_answer(m, d, commas)
    assert calls["find"] <= 4, calls


def test_copies_need_their_number_and_an_unnumbered_copy_is_ambiguous() -> None:
    for seed in range(0, 400, 7):
        m, d = _first_choice("setup_bench", seed, multi=True)
        names = notations(m, d)
        numbered = [t for t in names if t.endswith(" #2")]
        if numbered:
            base = numbered[0][:-3]
            with pytest.raises(IllegalAction, match="ambiguous"):
                parse_option(m, d, base)
            assert parse_option(m, d, base + " #1") != parse_option(m, d, base + " #2")
            return
    raise AssertionError("no setup with two copies of a Basic met")


def test_spaces_and_case_are_forgiven() -> None:
    m, d = _first_choice("main")
    names = notations(m, d)
    for i, text in enumerate(names):
        assert parse_option(m, d, "  " + text.upper().replace(" ", "   ") + "\t") == i


HOSTILE = ["", " ", ",", ", ,", "#", "#1", "pass #1", "none", "attack", "card",
           "card ecard1-98 #0", "card ecard1-98 #-1", "slot bench99", "prize 0", "prize -1",
           "draw 1e9", "Ｐａｓｓ", "pass\x00", "\u202epass", "🂡", "ä" * 5000,
           "x" * (MAX_NOTATION_CHARS + 1), "pass, pass", "pass,", "slot opp-bench1 "
           * 1000]


@pytest.mark.parametrize("kind", ["main", "setup_active", "setup_bench", "promote"])
def test_hostile_texts_get_illegal_action_and_nothing_else(kind: str) -> None:
    m, d = _first_choice(kind)
    for text in HOSTILE:
        try:
            got = parse_answer(m, d, text)
        except IllegalAction as exc:
            assert str(exc) and len(str(exc)) < 1000
            continue
        # A text that is an answer must be a valid one.
        picks = [got] if isinstance(got, int) else got
        assert all(0 <= i < len(d.options) for i in picks)
    for value in (None, 3, [0], b"pass", {"a": 1}):
        with pytest.raises(IllegalAction):
            parse_answer(m, d, value)  # type: ignore[arg-type]
    before = m.position()
    with pytest.raises(IllegalAction):
        m.apply("no such move")
    assert m.position() == before


_MAIN = _first_choice("main")
_BENCH = _first_choice("setup_bench", multi=True)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=80))
def test_any_text_is_an_answer_or_illegal_action(text: str) -> None:
    for m, d in (_MAIN, _BENCH):
        try:
            got = parse_answer(m, d, text)
        except IllegalAction:
            continue
        picks = [got] if isinstance(got, int) else got
        assert d.min <= len(picks) <= d.max


def test_event_notation_hides_what_a_viewer_may_not_see() -> None:
    m = Match(POOL, (load_deck("blazing_quake"), load_deck("tidal_mind")), record_log=True)
    rng = random.Random(3)
    players = [make_player("greedy", 1), make_player("greedy", 2)]
    while m.turn < 4 and not m.over:
        d = m.pending
        if isinstance(d, Chance):
            m.resolve(chance_outcome(d, rng))
        else:
            assert isinstance(d, Choice)
            m.apply(players[d.player].choose(m, d))
    draws = [ev for ev in m.log if ev[0] == "draw"]
    assert draws
    for ev in draws:
        card = m.defs[ev[2]].id
        seat = f"p{ev[1] + 1}"
        assert event_notation(m, ev) == f"draw {seat} {card}"
        assert event_notation(m, ev, ev[1]) == f"draw {seat} {card}"
        assert event_notation(m, ev, 1 - ev[1]) == f"draw {seat} ?"
    coin = next(ev for ev in m.log if ev[0] == "coin")
    assert re.fullmatch(r'coin p[12] (heads|tails) ("[^"]+"|\S+)', event_notation(m, coin))
