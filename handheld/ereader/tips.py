"""The Card screen: how to play a card, in tips generated from its definition and the era's
rules, so they say what this handheld's engine does.

Each tip is a short heading and a sentence or two written for this project. The card's own
effect text (from ``handheld.engine.text``) comes first on the screen; these explain how and
when the card is played, what its numbers mean under the rules, and what to look out for.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.carddefs import (
    POKE_BODY,
    POKE_POWER,
    POKEMON,
    STADIUM,
    STAGE1,
    STAGE2,
    STAGE_NAMES,
    SUPPORTER,
    TM,
    TOOL,
    TRAINER,
    CardDef,
)
from ..engine.energy import TYPE_NAMES
from ..engine.eras import Era, era_of_card
from ..engine.text import card_sections
from .facts import is_prime, other_half_label

# The later eras' rulesets (their rulebooks, seeds 001 Platinum, 000 Call of Legends and 003
# Black & White) live in their era modules (handheld/engine/eras), with the sentences of
# their rules; the tips describe whichever era they are given.


@dataclass(frozen=True)
class Tip:
    heading: str
    text: str


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def cost_words(cost: tuple[str, ...]) -> str:
    """``("R", "R", "C")`` -> ``2 Fire Energy and 1 Energy of any type``."""
    if not cost:
        return "no Energy"
    parts = []
    for t in dict.fromkeys(cost):
        n = cost.count(t)
        parts.append(f"{n} Energy of any type" if t == "C" else f"{n} {TYPE_NAMES[t]} Energy")
    return " and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + \
        " and " + parts[-1]


def _power_tip(kind: str, era: Era, uses_per_turn: int | None,
               instead_of_attack: bool = False, effect: str = "",
               works_under_conditions: bool = False) -> str:
    """How to use a Power or Body, without repeating what its own text already says."""
    rules = era.ruleset
    if kind == POKE_BODY:
        stop = (f" It stops while this Pokémon has {era.shutoff_words(rules.body_shutoff)}."
                if rules.body_shutoff else "")
        return "Always on while the Pokémon is in play: nothing to do." + stop
    if kind == POKE_POWER:
        said = effect.casefold()
        uses = "once during your turn" if uses_per_turn == 1 else "during your turn"
        uses = "" if uses in said else f" {uses}"
        stop = (f" It does not work while this Pokémon has "
                f"{era.shutoff_words(rules.power_shutoff)}."
                if rules.power_shutoff and not works_under_conditions else "")
        if instead_of_attack:
            return f"Use it{uses} in place of an attack, while it is your Active Pokémon." \
                + stop
        when = f"{uses}, before you attack" if uses else " before you attack"
        return f"Use it{when}, from the Active Spot or the Bench." + stop
    return ("Not an attack: some Abilities work by themselves, others you choose to use "
            "during your turn, before you attack.")


def _level_up_tips(card: CardDef, era: Era) -> list[Tip]:
    """A Pokémon LV.X: how it levels up, what the Pokémon keeps and what it takes from it,
    and how it counts in a deck (the era's rules, Appendix A of the Platinum rulebook)."""
    rules = era.ruleset
    first = " nor on anyone's first turn" if rules.no_evolve_first_turn else ""
    most = rules.max_copies
    return [
        Tip("Level up (Pokémon LV.X)", f"Put it on your Active {card.name} during your turn: "
            f"never on the Bench, never at setup, not on a Pokémon that came into play this "
            f"turn{first}. It is not an Evolution card, and the Pokémon keeps its Stage."),
        Tip("What it keeps", "The Pokémon keeps its damage counters, its attached cards and "
            "the attacks, Poké-Powers and Poké-Bodies of the card beneath, and adds this "
            "card's. HP, Retreat Cost, Weakness, Resistance and type now come from this card; "
            "Special Conditions and other effects end."),
        Tip("In a deck", f"It counts as {card.name} for the {most}-copy rule: all your "
            f"{card.name} cards, this LV.X included, make at most {most}. Knocked Out, it "
            "gives 1 Prize card as usual."),
    ]


def _sp_tip(card: CardDef, era: Era) -> Tip:
    """A Pokémon SP: whose it is, and that the symbol makes it a card of its own."""
    owner = era.sp_owners.get(card.sp_owner, card.sp_owner)
    plain = card.name.removesuffix(f" {card.sp_owner}")
    return Tip(f"Pokémon SP ({card.sp_owner})", f"A Pokémon of a {owner}. The {card.sp_owner} "
               f"is part of its name: {card.name} and {plain} are different cards (up to "
               f"{era.ruleset.max_copies} of each), and it is outside {plain}'s evolution "
               "line: nothing evolves into it and it evolves into nothing.")


def _ex_tip(card: CardDef, era: Era) -> Tip:
    """A Pokémon-EX (Appendix A of seed 003): its name and its two Prizes."""
    plain = card.name.removesuffix("-EX")
    return Tip("Pokémon-EX", f"Knocked Out, it gives your opponent 2 Prize cards, not 1: with "
               f"only 1 Prize left, that Knock Out wins. EX is part of its name, so {card.name} "
               f"and {plain} are different cards (up to {era.ruleset.max_copies} of each).")


def _restored_tip(card: CardDef) -> Tip:
    """A Restored Pokémon (Appendix B of seed 003): how it comes into play, and what it is
    not."""
    fossil = card.benched_by or "its Fossil Item card"
    return Tip("Restored Pokémon", f"It is not a Basic Pokémon: you can't start with it or "
               f"bench it from your hand; only {fossil} puts it on your Bench. Cards that "
               "look for a Basic or an Evolution Pokémon don't find it; cards that look for "
               "any Pokémon do. It evolves like a Basic into what names it.")


def _legend_tips(card: CardDef, era: Era) -> list[Tip]:
    """A half of a Pokémon LEGEND (seed 000's glossary, as the engine plays it,
    docs/ENGINE.md): how the two halves are played as one Pokémon, and what a Knock Out of
    it gives."""
    other = other_half_label(card) or "its other half"
    half = "the attacks" if card.legend_top else "the HP"
    most = era.ruleset.max_copies
    return [
        Tip("Pokémon LEGEND", f"{card.name} is two cards: this one, with {half}, and {other}. "
            "During your turn, when both are in your hand, put them onto your Bench together: "
            "from then on they are one Pokémon. One half alone is never played."),
        Tip("Not a Basic Pokémon", "You can't start the game with it or put it down during "
            "setup, and nothing evolves it. Cards that look for a Basic Pokémon don't find it."),
        Tip("Knocked Out", "Both halves go to the discard pile with everything attached, and "
            "your opponent takes 1 Prize card."),
        Tip("In a deck", f"Both halves have the name {card.name}, so together they count "
            f"for the {most}-copy rule: at most {most} cards of that name, so "
            f"{most // 2} whole Pokémon."),
    ]


def _prime_tip(card: CardDef) -> Tip:
    """A Pokémon Prime: only a frame (the era lists them)."""
    kind = "Baby" if card.baby else STAGE_NAMES[card.stage]
    return Tip("Pokémon Prime", "Its shiny frame marks a strong card, but it brings no rule "
               f"of its own: play it like any other {kind} Pokémon.")


def _pokemon_tips(card: CardDef, era: Era, effects: dict[str, str]) -> list[Tip]:
    rules = era.ruleset
    tips: list[Tip] = []
    if card.ex:
        tips.append(_ex_tip(card, era))
    if card.legend:
        tips.extend(_legend_tips(card, era))
    elif card.restored:
        tips.append(_restored_tip(card))
    elif card.lv_x:
        tips.extend(_level_up_tips(card, era))
        if card.sp and card.sp_owner:
            tips.append(_sp_tip(card, era))
    elif card.baby:
        tips.append(Tip("Baby Pokémon", "It counts as a Basic Pokémon: start with it or bench "
                        "it. Anyone attacking it flips a coin first, and tails ends their turn "
                        "without the attack. It can evolve into "
                        f"{' or '.join(card.evolves_to) or 'its Basic form'} like a Stage 1."))
    elif card.stage in (STAGE1, STAGE2):
        step = "Stage 1" if card.stage == STAGE1 else "Stage 2"
        first = " Nobody evolves on their own first turn." if rules.no_evolve_first_turn else ""
        tips.append(Tip(f"Evolving ({step})", f"Put it on your "
                        f"{card.evolves_from or 'earlier form'} in play during your turn. That "
                        "Pokémon must have been in play since before this turn, and each "
                        f"Pokémon evolves once per turn.{first} Damage stays; Special "
                        "Conditions end."))
    else:
        tips.append(Tip("Basic Pokémon", "Put it on your Bench during your turn (up to "
                        f"{rules.bench_size} Benched). Your opening hand needs at least one "
                        "Basic Pokémon to start the game."))
        if card.sp and card.sp_owner:
            tips.append(_sp_tip(card, era))
    if is_prime(card):
        tips.append(_prime_tip(card))
    for pw in card.powers:
        label = era.power_label(pw.printed or pw.kind)
        # The tip says which Special Conditions stop the power, so the card text's own
        # shut-off sentence (the same era's) is not said twice.
        stop = "" if pw.works_under_conditions \
            else era.power_shutoff_sentence(pw.printed or pw.kind)
        effect = effects.get(pw.name, "")
        if stop:
            effect = effect.replace(f" {stop}", "").replace(stop, "").strip()
        tips.append(Tip(f"{label} {pw.name}",
                        " ".join(t for t in (effect, _power_tip(
                            pw.kind, era, pw.uses_per_turn, pw.instead_of_attack, effect,
                            pw.works_under_conditions))
                                 if t)))
    tips.extend(_attack_tips(card, effects))
    if card.legend and not card.legend_top:
        tips.append(Tip("Retreat", "This half prints no Retreat Cost, Weakness or "
                        "Resistance: the Pokémon takes them from "
                        f"{other_half_label(card) or 'its other half'}."))
        return tips
    if card.weakness:
        t, v = card.weakness[0]
        if rules.use_printed_weakness and v.startswith("+"):
            how = f"{v[1:]} more damage"
        else:
            factor = v.lstrip("x×") if rules.use_printed_weakness else rules.weakness_multiplier
            how = "double damage" if str(factor) == "2" else f"{factor} times the damage"
        tips.append(Tip("Weakness", f"{TYPE_NAMES.get(t, t)} attacks do {how} to it: keep "
                        "it away from them."))
    if card.resistance:
        t, v = card.resistance[0]
        amount = v.lstrip("-") if rules.use_printed_weakness else str(rules.resistance_amount)
        tips.append(Tip("Resistance", f"{TYPE_NAMES.get(t, t)} attacks do {amount} less "
                        "damage to it."))
    often = "as often as you like" if rules.retreats_per_turn is None else \
        ("once a turn" if rules.retreats_per_turn == 1 else
         f"{rules.retreats_per_turn} times a turn")
    if card.retreat:
        tips.append(Tip("Retreat", f"To swap it with a Benched Pokémon, discard "
                        f"{_count(card.retreat, 'Energy card')} from it ({often})."))
    else:
        tips.append(Tip("Retreat", "Free: it goes back to the Bench without discarding "
                        f"Energy ({often})."))
    return tips


def _attack_tips(card: CardDef, effects: dict[str, str]) -> list[Tip]:
    tips = []
    for a in card.attacks:
        head = f"{a.name} {a.damage}".strip()
        effect = effects.get(a.name, "")
        tips.append(Tip(head, f"Needs {cost_words(a.cost)} on the Active Pokémon. "
                        + (effect + " " if effect else "") + "Attacking ends your turn."))
    return tips


def _trainer_tips(card: CardDef, era: Era, effects: dict[str, str]) -> list[Tip]:
    rules = era.ruleset
    # The first-turn ban covers every Trainer card: Supporters and Stadiums too.
    ban = " The player who goes first plays none on the first turn." \
        if rules.first_turn_trainer_ban else ""
    if card.trainer_kind == SUPPORTER:
        end = ("It stays beside your Active Pokémon until your turn is over, then it is "
               "discarded." if rules.supporter_discard_end_of_turn
               else "Discard it after playing it.")
        return [Tip("Supporter", f"Play only one Supporter each turn. {end}{ban}")]
    if card.trainer_kind == STADIUM:
        return [Tip("Stadium", "Put it next to the Active Spot. It affects both players and "
                    "stays until another Stadium replaces it; a Stadium with the same name "
                    f"cannot replace it.{ban}")]
    if card.trainer_kind == TOOL:
        return [Tip("Pokémon Tool", "Attach it to one of your Pokémon; a Pokémon holds one "
                    f"Tool at a time. It goes to the discard pile with that Pokémon.{ban}")]
    if card.trainer_kind == TM:
        end = " Once your turn is over, it is discarded." \
            if rules.tm_discard_end_of_turn \
            else " It stays attached unless the card says otherwise."
        # The TM's own attack, which the Pokémon holding it may use.
        return [Tip("Technical Machine", "Attach it to one of your Pokémon, which may use the "
                    f"TM's attack instead of its own.{end}{ban}"), *_attack_tips(card, effects)]
    return [Tip("Trainer", "Play as many as you like during your turn: do what the card says, "
                f"then discard it.{ban}")]


def _energy_tips(card: CardDef) -> list[Tip]:
    tips = [Tip("Attaching", "Once each turn you may attach one Energy card from your hand "
                "to a Pokémon of yours; it pays for attacks and Retreat.")]
    if card.basic_energy:
        tips.append(Tip("Basic Energy", "A deck may hold any number of it."))
    else:
        tips.append(Tip("Special Energy", "At most 4 copies in a deck. Cards that ask for "
                        "basic Energy do not count it."))
    return tips


def rules_for(card: CardDef) -> Era:
    """The era a card's tips are written for: the one that plays its set."""
    return era_of_card(card.id)


def card_tips(card: CardDef, era: Era | None = None) -> list[Tip]:
    """The Card screen's tips: what the card does (its generated text) and how to play it
    in ``era`` (by default its own)."""
    era = era or rules_for(card)
    sections = card_sections(card, era) if card.implemented else []
    rule_lines = set(era.trainer_rules.values())
    # Attack and Power effects go with their tips; the rest is what the card does.
    effects = {s.name: s.body for s in sections if s.name}
    plain = [s.body for s in sections
             if not s.name and s.body and s.body not in rule_lines]
    tips: list[Tip] = []
    if not card.implemented:
        tips.append(Tip("Effects", "This handheld knows the card's printed facts but has not "
                        "learned its effects yet; it cannot be played in a match."))
    elif plain and not card.baby:
        tips.append(Tip("What it does", " ".join(plain)))
    if card.kind == POKEMON:
        tips.extend(_pokemon_tips(card, era, effects))
    elif card.kind == TRAINER:
        tips.extend(_trainer_tips(card, era, effects))
    else:
        tips.extend(_energy_tips(card))
    return tips


def tips_text(card: CardDef, era: Era | None = None) -> str:
    """Every tip as one text (what the Dictionary looks for terms in): the Card screen's, so
    by default in the card's own era, as :func:`card_tips`."""
    return "\n".join(f"{t.heading}: {t.text}" for t in card_tips(card, era))
