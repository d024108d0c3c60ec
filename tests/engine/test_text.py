"""Card text is generated from effect definitions: every scripted effect reads as text."""

from __future__ import annotations

from handheld.cards import default_pool

POOL = default_pool()


def implemented() -> list:
    return [d for d in POOL if d.implemented]


def test_every_scripted_attack_and_power_has_text() -> None:
    for d in implemented():
        for a in d.attacks:
            if a.steps:
                assert a.text.strip(), f"{d.id} {d.name}: attack {a.name} has no text"
                assert a.text[0].isupper() and a.text.endswith("."), (d.id, a.text)
        for pw in d.powers:
            assert pw.text.strip(), f"{d.id} {d.name}: power {pw.name} has no text"


def test_every_trainer_and_special_energy_says_what_it_does() -> None:
    for d in implemented():
        if d.kind == 1 or (d.kind == 2 and not d.basic_energy):
            assert len(d.text) > 20, f"{d.id} {d.name}: {d.text!r}"


def test_card_text_mentions_every_attack_with_its_cost() -> None:
    charmeleon = POOL.get("ecard1-73")
    lines = charmeleon.text.splitlines()
    assert lines[0] == "[C][C] Double Scratch 20x: Flip 2 coins. Does 20 damage per heads."
    assert lines[1] == "[R][C][C] Flamethrower 50: Discard 1 [R] Energy card from this Pokémon."


def test_text_follows_the_effect_not_the_name() -> None:
    # Two Charmander share a name but not their attacks; so must their text.
    a, b = POOL.get("ecard1-97"), POOL.get("ecard1-98")
    assert a.name == b.name and a.text != b.text
    assert "Burned" in b.text and "Burned" not in a.text
