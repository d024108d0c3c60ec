"""Card text generated from effect definitions, in the project's own words.

Nothing here comes from printed card text: each sentence is produced by the steps,
conditions and passives the engine runs, so what the player reads is what happens.
"""

from __future__ import annotations

from dataclasses import dataclass

from .carddefs import (
    ENERGY,
    POKE_BODY,
    POKEMON,
    AttackDef,
    CardDef,
    PowerDef,
)
from .effects.core import TextCtx
from .energy import TYPE_NAMES, cost_text, types_of
from .eras import Era, era_of_card

# The rule sentences (Trainer rule lines, which Special Conditions stop a power, the Baby
# rule) belong to each era: ``Era.trainer_rules``, ``Era.power_shutoff_sentence``,
# ``Era.baby_rule`` (handheld/engine/eras). A card is rendered under its own era's unless
# an era is given.


def attack_text(attack: AttackDef, tc: TextCtx) -> str:
    return " ".join(t for t in (s.text(tc) for s in attack.steps) if t)


def power_text(pw: PowerDef, tc: TextCtx, wording: str = "") -> str:
    parts: list[str] = []
    if not (pw.steps or pw.passives or wording):
        return ""  # a card with no script yet: nothing is known of what it does
    if pw.kind == POKE_BODY:
        parts.extend(p.text() for p in pw.passives if p.text())
        if wording:
            parts.append(wording)
    else:
        if pw.on_level_up:
            head = ("When you level up your Active Pokémon with this card from your hand, "
                    "before attacking")
        elif pw.once_per_game:
            head = (f"Once during the game, during your turn, before attacking (you may use "
                    f"no more than 1 {pw.name} a game)")
        elif pw.instead_of_attack:
            head = "Once during your turn, instead of attacking"
        elif pw.uses_per_turn is None:
            head = "Any number of times during your turn, before attacking"
        else:
            head = "Once during your turn, before attacking"
        # A requirement that says when the Power is used begins its text (Final Wish).
        heads = [h for h in (getattr(c, "power_head", "") for c in pw.requires) if h]
        if heads:
            head = heads[0]
        conds = [c.text(TextCtx(tc.name, "power")) for c in pw.requires
                 if not getattr(c, "power_head", "")]
        if conds:
            head += ", if " + " and ".join(conds)
        body = " ".join(t for t in (s.text(TextCtx(tc.name, "power")) for s in pw.steps) if t)
        if wording:
            body = (body + " " + wording).strip()
        if pw.on_level_up:
            body = "you may " + body[:1].lower() + body[1:]
        parts.append(head + ": " + body[:1].lower() + body[1:])
    # The era's shut-off sentence is added when the card is rendered (card_sections).
    return " ".join(parts)


@dataclass(frozen=True)
class TextSection:
    """One part of a card's text: a Power, an attack, or a plain paragraph. The card page
    lays these out; ``card_text`` joins them into lines."""

    body: str = ""
    label: str = ""  # "Poké-Power" or "Poké-Body"
    name: str = ""  # the Power's or attack's name
    cost: tuple[str, ...] = ()
    damage: str = ""
    attack: bool = False

    def line(self) -> str:
        if self.attack:
            dmg = f" {self.damage}" if self.damage else ""
            head = f"{cost_text(self.cost)} {self.name}{dmg}"
            return head + (f": {self.body}" if self.body else "")
        if self.label:
            return f"{self.label} {self.name}: {self.body}"
        return self.body


def _attack_section(a: AttackDef) -> TextSection:
    return TextSection(a.text, name=a.name, cost=a.cost, damage=a.damage, attack=True)


def _power_section(pw: PowerDef, era: Era) -> TextSection:
    printed = pw.printed or pw.kind
    stop = "" if pw.works_under_conditions else era.power_shutoff_sentence(printed)
    body = " ".join(t for t in (pw.text, stop) if t)
    return TextSection(body, era.power_label(printed), pw.name)


def card_sections(d: CardDef, era: Era | None = None) -> list[TextSection]:
    """The text of a card, part by part, as generated from its definition, with the rule
    sentences of ``era`` (by default the era that plays the card's set)."""
    era = era or era_of_card(d.id)
    if d.kind == POKEMON:
        out = [_power_section(pw, era) for pw in d.powers]
        out.extend(_attack_section(a) for a in d.attacks)
        if d.baby:
            out.append(TextSection(era.baby_rule))
        if d.lv_x:
            out.append(TextSection(era.lv_x_rule(d.name)))
        if d.ex:
            out.append(TextSection(era.ex_rule))
        if d.restored:
            out.append(TextSection(era.restored_rule(d.benched_by)))
        if d.legend:
            out.append(TextSection(era.legend_rule(d.name, d.legend_top)))
        return out
    if d.kind == ENERGY:
        provides = " ".join(
            "[" + "/".join(types_of(u)) + "]" if u else "[C]" for u in d.units
        ) or "nothing"
        out = [TextSection(f"Provides {provides}.")]
        out.extend(TextSection(p.text()) for p in d.passives if p.text())
        attach = " ".join(t for t in (s.text(TextCtx(d.name, "energy"))
                                      for s in d.play_steps) if t)
        if attach:
            out.append(TextSection("As you attach it from your hand: "
                                   + attach[:1].lower() + attach[1:]))
        if not d.basic_energy:
            out.append(TextSection("Not a basic Energy card."))
        return out
    out = fossil_sections(d) if d.fossil else []
    tc = TextCtx(d.name, "trainer")
    if d.requires:
        conds = " and ".join(c.text(tc) for c in d.requires)
        out.append(TextSection(f"Play only if {conds}."))
    steps = " ".join(t for t in (s.text(tc) for s in d.play_steps) if t)
    if steps:
        out.append(TextSection(steps))
    if d.attach_to is not None:
        out.append(TextSection(f"Attach it only to {d.attach_to.text(tc)}."))
    out.extend(TextSection(p.text()) for p in d.passives if p.text())
    if d.back_to_hand:
        out.append(TextSection("At the end of your turn this card goes back to your hand, "
                               "not to the discard pile."))
    if d.use_steps:
        # A Stadium's effect each player may use in his or her turn (Pokémon Contest Hall).
        head = "Once during your turn"
        conds = " and ".join(c.text(tc) for c in d.use_requires)
        if conds:
            head += f", if {conds}"
        body = " ".join(t for t in (s.text(tc) for s in d.use_steps) if t)
        out.append(TextSection(f"{head}, you may: {body} (Each player may use this during "
                               "his or her own turn.)"))
    out.extend(_attack_section(a) for a in d.attacks)
    if d.trainer_kind in era.trainer_rules:
        out.append(TextSection(era.trainer_rules[d.trainer_kind]))
    return out


def fossil_sections(d: CardDef) -> list[TextSection]:
    """A Fossil's card rules, in this project's words, from its definition."""
    out = [TextSection(f"Play it onto your Bench as a [C] Basic Pokémon with {d.hp} HP; it "
                       "counts as a Basic Pokémon during setup too. A Knock Out of it gives "
                       "a Prize card as usual."),
           TextSection("It can't retreat and no Special Condition affects it. Until you "
                       "attack in your turn, you may discard it from play: that is not a "
                       "Knock Out.")]
    if d.flip_shield:
        out.append(TextSection(
            "When an attack of your opponent would damage it, flip a coin until you get "
            f"tails: each heads takes {d.flip_shield} off that damage."))
    if d.flip_retaliation:
        counters = "1 damage counter" if d.flip_retaliation == 1 \
            else f"{d.flip_retaliation} damage counters"
        out.append(TextSection(
            "When damage from an attack of your opponent would Knock it Out, flip a coin "
            f"until you get tails: the Attacking Pokémon gets {counters} per heads."))
    return out


def card_text(d: CardDef, era: Era | None = None) -> str:
    """The whole text of a card as the card page shows it (one paragraph per part)."""
    return "\n".join(s.line() for s in card_sections(d, era))


def type_name(t: str) -> str:
    return TYPE_NAMES.get(t, t)
