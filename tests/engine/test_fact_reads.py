"""No rule reads a printed fact of a Pokémon in play past the facts query (facts.py).

HP, types, Weakness, Resistance, Retreat Cost, attacks and powers of a Pokémon in play come
from ``pokemon_facts`` (or ``stack_facts``), which applies the card stack and the passive
effects. This scans the source of handheld/ for a printed fact read off the card on top of
a stack (``defs[slot.top].hp``, ``d = m.defs[s.top]`` ...). Identity reads (a name or id
for a label) may stay direct; so may the few places listed below, each with its reason.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from handheld.cards import default_pool, load_deck
from handheld.engine import HOOKS, Chance, Match, Passive, PokemonFacts, pokemon_facts
from handheld.engine import facts as F
from handheld.players import RandomPlayer, chance_outcome

ROOT = Path(__file__).resolve().parents[2] / "handheld"
FACTS = r"(hp|types|type_mask|weakness|resistance|retreat|attacks|powers|baby|stage|" \
        r"evolves_to|power_choices|copies_attacks|body_hooks)"
# A fact read straight off the top card, or the top card's def kept in a variable.
DIRECT = re.compile(r"defs\[[^\]]*\.top\]\s*\.\s*" + FACTS + r"\b")
BOUND = re.compile(r"(\w+)\s*=\s*\w+\.defs\[[^\]]*\.top\]\s*$")
ALLOWED = {
    # the query itself builds the printed facts from the card
    "engine/facts.py",
}


def violations(root: Path = ROOT) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = str(path.relative_to(root))
        if rel in ALLOWED:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines, 1):
            if DIRECT.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
                continue
            bound = BOUND.search(line)
            if bound is None:
                continue
            var = re.escape(bound.group(1))
            use = re.compile(rf"\b{var}\.{FACTS}\b")
            for k, later in enumerate(lines[n:n + 30], n + 1):
                if use.search(later):
                    found.append(f"{rel}:{k}: {later.strip()}")
    return found


def test_no_printed_fact_is_read_past_the_query() -> None:
    assert violations() == []


def test_the_scan_finds_a_direct_read(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = m.defs[slot.top].hp\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("d = m.defs[s.top]\nname = d.name\nif d.retreat:\n    pass\n",
                                   encoding="utf-8")
    (tmp_path / "c.py").write_text("d = m.defs[s.top]\nlabel = d.name\n", encoding="utf-8")
    found = violations(tmp_path)
    assert [f.split(":")[0] for f in found] == ["a.py", "b.py"], found


def test_every_hook_has_a_default_and_fact_hooks_name_a_fact() -> None:
    fields = set(PokemonFacts.__dataclass_fields__)
    for name, spec in HOOKS.items():
        assert callable(getattr(Passive, name)), name
        if spec.fact:
            assert spec.fact in fields, name

    class Sturdy(Passive):
        def max_hp(self, m: object, holder: object, hp: int) -> int:
            return hp + 20

    assert Sturdy.hooks == {"max_hp"}


def _evolved_match() -> tuple[Match, object]:
    """A random game played until a Pokémon in play has evolved."""
    pool = default_pool()
    for seed in range(50):
        rng = random.Random(seed)
        player = RandomPlayer(seed)
        m = Match(pool, (load_deck("blazing_quake"), load_deck("tidal_mind")), record_log=False)
        while not m.over:
            d = m.pending
            if isinstance(d, Chance):
                m.resolve(chance_outcome(d, rng))
                continue
            for p in m.players:
                for s in p.in_play():
                    if len(s.cards) > 1 and m.defs[s.cards[0]].attacks:
                        return m, s
            assert d is not None
            m.apply(player.choose(m, d))
    raise AssertionError("no game evolved a Pokémon")


def test_a_fact_hook_changes_the_facts_and_only_while_in_force() -> None:
    class Sturdy(Passive):
        def max_hp(self, m: object, holder: object, hp: int) -> int:
            return hp + 20

        def pokemon_types(self, m: object, holder: object, types: tuple[str, ...],
                          ) -> tuple[str, ...]:
            return ("M",)

    F.register_marker(F.MarkerKind("test_sturdy", "sturdy", passive=Sturdy()))
    m, slot = _evolved_match()
    printed = pokemon_facts(m, slot)  # type: ignore[arg-type]
    slot.markers["test_sturdy"] = m.turn  # type: ignore[attr-defined]
    now = pokemon_facts(m, slot)  # type: ignore[arg-type]
    assert now.hp == printed.hp + 20 and now.types == ("M",)
    assert F.remaining_hp(m, slot) == printed.hp + 20 - slot.damage  # type: ignore[arg-type,attr-defined]
    m.turn += 1  # the marker ran out
    assert pokemon_facts(m, slot) == printed  # type: ignore[arg-type]


def test_a_kind_that_keeps_the_cards_below_gives_their_attacks() -> None:
    m, slot = _evolved_match()
    top, below = slot.top, slot.cards[-2]  # type: ignore[attr-defined]
    own = len(m.defs[top].attacks)
    assert [a.origin for a in F.stack_facts(m, slot).attacks] == ["printed"] * own  # type: ignore[arg-type]
    # What a Pokémon LV.X is: a kind that keeps the card directly beneath it, in a match
    # whose decks hold a card that stacks (Match.stacks_below).
    m.printed[top] = replace(F.printed_facts(m, top), kinds=frozenset({F.LV_X_KIND}))
    assert F.LV_X_KIND in F.KEEPS_CARDS_BELOW
    m.stacks_below = True  # type: ignore[attr-defined]
    refs = F.stack_facts(m, slot).attacks  # type: ignore[arg-type]
    assert [r.origin for r in refs[own:]] == ["below"] * len(m.defs[below].attacks)
    assert {r.card for r in refs[own:]} == {below}
    assert F.stack_facts(m, slot).stage == m.defs[below].stage  # type: ignore[arg-type]


def test_every_hook_is_in_the_engine_docs_hook_table() -> None:
    """docs/ENGINE.md's table of passive hooks names every hook of the registry."""
    doc = (ROOT.parent / "docs" / "ENGINE.md").read_text(encoding="utf-8")
    section = doc.split("### Passive hooks: one registry", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    documented = set(re.findall(r"`(\w+)`", " ".join(r.split(" | ")[0] for r in rows)))
    assert set(HOOKS) - documented == set()
    assert documented - set(HOOKS) == set()
