"""The card pool: printed facts joined with the effect scripts of the sets.

The facts (names, HP, costs, damage) are data handed in by the caller (the engine reads no
files); the scripts are Python in ``engine/sets``. A card whose script is missing is still
in the pool (the album shows it) but ``implemented`` is False and decks refuse it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .carddefs import (
    BASIC,
    ENERGY,
    POKE_BODY,
    POKE_POWER,
    POKEMON,
    QUICK_COND,
    QUICK_OPP,
    QUICK_OWN,
    QUICK_SLOT,
    STADIUM,
    STAGE1,
    STAGE2,
    TM,
    TRAINER,
    AttackDef,
    CardDef,
    PowerDef,
    type_mask_of,
)
from .effects.core import Builder, Cond, Step, TextCtx
from .effects.passives import Passive
from .effects.steps import (
    PLAYER_TESTS,
    SELF,
    SLOT_TESTS,
    CheckState,
    ChooseYesNo,
    Damage,
    DoesNothing,
    FinishTrainer,
    If,
    PlayerHas,
    SlotIs,
    VarTrue,
    rule_hooks_of,
    walk_steps,
)
from .effects.variables import ATTACK_BUILT_INS, check_variables
from .energy import mask_of
from .eras import HOME, Era, era_of_card
from .eras.base import ABILITY, LEGEND, POKEMON_EX, RESTORED
from .errors import CardDefinitionError, UnknownCard

# --------------------------------------------------------------------------- scripts


@dataclass
class Power:
    """Script of a Poké-Power (``steps``) or Poké-Body (``passives``)."""

    steps: tuple[Step, ...] = ()
    requires: tuple[Cond, ...] = ()
    uses_per_turn: int | None = 1
    passives: tuple[Passive, ...] = ()
    instead_of_attack: bool = False
    wording: str = ""  # a Body's sentence when its passives have no text of their own
    # A Pokémon LV.X's Poké-Power offered (as a "you may") only when the card is levelled up
    # from the hand onto its earlier level (``actions.level_up_triggers``).
    on_level_up: bool = False
    # "Once during a game ... not more than 1 <name> each game": one use a game, per player.
    once_per_game: bool = False
    # A Poké-Power that prints no Special Condition stopping it, in an era whose rule stops
    # most (seed 000's glossary: "most" Poké-Powers): the era's shut-off passes it by.
    works_under_conditions: bool = False


@dataclass
class PokemonScript:
    """Effects of a Pokémon card: each printed attack by name (a plain-damage attack
    lists no steps), each printed Power by name."""

    attacks: Mapping[str, tuple[Step, ...] | list[Step]] = field(default_factory=dict)
    powers: Mapping[str, Power] = field(default_factory=dict)
    # A Restored Pokémon: the name of the Item whose effect alone benches it.
    benched_by: str = ""


@dataclass
class TMAttack:
    name: str
    cost: tuple[str, ...]
    damage: str = ""
    steps: tuple[Step, ...] = ()


@dataclass
class TrainerScript:
    """Effects of a Trainer: what playing it does (``steps``), when it may be played
    (``requires``), which Pokémon may hold it (``attach_to``, Tools and TMs), its
    passives (Tools, Stadiums) and a Technical Machine's attacks."""

    steps: tuple[Step, ...] | list[Step] = ()
    requires: tuple[Cond, ...] = ()
    attach_to: Cond | None = None
    passives: tuple[Passive, ...] = ()
    attacks: tuple[TMAttack, ...] = ()
    between_turns: tuple[Step, ...] = ()  # a Tool's effect "at any time between turns"
    # A Stadium's effect each player may use once during his or her turn, when
    # ``use_requires`` hold (Pokémon Contest Hall).
    use: tuple[Step, ...] = ()
    use_requires: tuple[Cond, ...] = ()
    # Played only in response to the opponent's move ("poke_power": when the opponent's
    # Pokémon uses a Poké-Power); its steps run then, before that move's effects.
    responds_to: str = ""
    # A Supporter that goes back to the hand as the turn ends, not to the discard pile.
    back_to_hand: bool = False
    # A Tool's program that its passive starts at the moment the passive names (Exp.
    # Share, as its side's Active Pokémon is Knocked Out); the passive's text says it.
    reaction: tuple[Step, ...] = ()


@dataclass
class FossilScript(TrainerScript):
    """A Fossil Trainer played "as if it were a Basic Pokémon": the HP it has in play (the
    card facts carry none), and its card rules (see ``CardDef.flip_shield`` and
    ``CardDef.flip_retaliation``). It is a [C] Pokémon with no attacks, Weakness or
    Resistance; it can't retreat, can't be affected by Special Conditions, and may be
    discarded from play during its owner's turn (the rules in ``actions`` and ``ops``)."""

    hp: int = 50
    flip_shield: int = 0
    flip_retaliation: int = 0


@dataclass
class EnergyScript:
    passives: tuple[Passive, ...] = ()
    on_attach: tuple[Step, ...] = ()
    wording: str = ""
    # The Energy it provides, when the printed facts cannot say it (a unit of every type:
    # each entry is the type letters one unit may pay for).
    provides: tuple[tuple[str, ...], ...] | None = None


Script = PokemonScript | TrainerScript | EnergyScript


# --------------------------------------------------------------------------- pool


class CardPool:
    """Card definitions by id (``ecard1-98``)."""

    def __init__(self, facts: Iterable[Mapping[str, Any]] = (),
                 scripts: Mapping[str, Script] | None = None) -> None:
        self.defs: dict[str, CardDef] = {}
        self.programs: dict[str, tuple[Any, ...]] = {}
        self._baby_targets: set[str] = set()
        # (event, era key) -> the cards that answer it: rules.open_power_response asks at
        # every Poké-Power, so the answer is kept until a card is added.
        self._answers: dict[tuple[str, str], tuple[CardDef, ...]] = {}
        scripts = scripts or {}
        for card in facts:
            self.add(card, scripts.get(card["id"]))

    def add(self, facts: Mapping[str, Any], script: Script | None) -> CardDef:
        d = build_def(facts, script)
        self.defs[d.id] = d
        self._answers.clear()
        self._link_babies(d)
        if d.legend:
            self._link_legend(d)
        for a in (*d.attacks, *d.tm_attacks):
            self.programs[a.key] = a.code
        for pw in d.powers:
            if pw.code:
                self.programs[pw.key] = pw.code
        if d.play_code:
            self.programs[f"{d.id}#t"] = d.play_code
        if d.use_code:
            self.programs[f"{d.id}#u"] = d.use_code
        if d.react_code:
            self.programs[f"{d.id}#react"] = d.react_code
        return d

    def _link_babies(self, new: CardDef) -> None:
        """Mark Basics that some Baby in the pool evolves into (a fast-path flag)."""
        if new.baby:
            self._baby_targets.update(new.evolves_to)
            for d in self.defs.values():
                if d.is_basic_pokemon and d.name in new.evolves_to:
                    d.evolves_onto_baby = True
        elif new.is_basic_pokemon:
            new.evolves_onto_baby = new.name in self._baby_targets

    def _link_legend(self, new: CardDef) -> None:
        """Pair the two halves of a Pokémon LEGEND (same set, same name). The half on top
        is the Pokémon in play, so it takes the HP the half beneath prints: every fact
        of the Pokémon is then read off its top card, as for any other Pokémon."""
        for d in self.defs.values():
            if d.legend and d is not new and d.set_code == new.set_code \
                    and d.name == new.name and d.legend_top != new.legend_top:
                d.legend_other, new.legend_other = new, d
                top, beneath = (d, new) if d.legend_top else (new, d)
                if not top.hp:
                    top.hp = beneath.hp
                return

    def answers(self, event: str, era: Era) -> tuple[CardDef, ...]:
        """The cards of the pool played in ``era`` that answer ``event`` (a Poké-Power):
        what every player of that era knows could answer it, whatever the two lists hold."""
        key = (event, era.key)
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = tuple(
                d for d in self.defs.values() if d.responds_to == event and era.plays_card(d.id))
        return found

    def get(self, card_id: str) -> CardDef:
        try:
            return self.defs[card_id]
        except KeyError:
            raise UnknownCard(f"unknown card id {card_id!r}") from None

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.defs

    def __iter__(self) -> Any:
        return iter(self.defs.values())

    def __len__(self) -> int:
        return len(self.defs)

    def program(self, key: str, era: Era | None = None) -> tuple[Any, ...]:
        """A program by the name frames and positions use: an era's procedure
        (``rule:game``: ``era``'s, the home era's by default) or a card's."""
        if key.startswith("rule:"):
            programs = (era or HOME).rule_programs()
            if key in programs:
                return programs[key]
        if key in self.programs:
            return self.programs[key]
        # Programs keyed by a card and a role (e.g. "ecard1-150#between").
        card_id, _, role = key.partition("#")
        d = self.get(card_id)
        if role == "between" and d.between_code:
            return d.between_code
        if role in ("t", "attach") and d.play_code:
            return d.play_code
        raise UnknownCard(f"no program {key!r} in the card pool")

    def coverage(self, set_code: str | None = None) -> tuple[list[CardDef], list[CardDef]]:
        """(implemented, missing) cards, optionally of one set."""
        cards = [d for d in self.defs.values() if set_code is None or d.set_code == set_code]
        return [d for d in cards if d.implemented], [d for d in cards if not d.implemented]


# --------------------------------------------------------------------------- building


def parse_damage(text: str) -> int:
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 0


def build_def(facts: Mapping[str, Any], script: Script | None) -> CardDef:
    kind = {"pokemon": POKEMON, "trainer": TRAINER, "energy": ENERGY}[facts["supertype"]]
    card_id = facts["id"]
    d = CardDef(
        id=card_id,
        name=sys.intern(facts["name"]),
        kind=kind,
        set_code=card_id.rsplit("-", 1)[0],
        number=str(facts.get("number", "")),
        rarity=facts.get("rarity") or "",
        artist=facts.get("artist") or "",
        facts=dict(facts),
    )
    subtypes = facts.get("subtypes") or []
    if kind == POKEMON:
        _build_pokemon(d, facts, subtypes, script)
    elif kind == TRAINER:
        _build_trainer(d, subtypes, script)
    else:
        _build_energy(d, facts, subtypes, script)
    from .text import card_text

    d.text = card_text(d)
    d.play_cat = _play_category(d)
    # Which passive hooks the card answers, so the rules skip scans nobody answers.
    d.hooks = frozenset().union(*(ps.hooks for ps in d.passives))
    d.body_hooks = frozenset().union(*(ps.hooks for pw in d.powers if pw.kind == POKE_BODY
                                       for ps in pw.passives))
    d.rule_hooks = rule_hooks_of((*(s for a in d.attacks for s in a.steps),
                                  *(s for pw in d.powers for s in pw.steps), *d.play_steps))
    return d


def _play_category(d: CardDef) -> int:
    from .actions import (
        CAT_BASIC,
        CAT_ENERGY,
        CAT_EVOLUTION,
        CAT_FOSSIL,
        CAT_LEGEND,
        CAT_LEVEL_UP,
        CAT_OTHER_TRAINER,
        CAT_PLAIN_TRAINER,
        CAT_QUICK_TRAINER,
        CAT_RESTORED,
    )

    if d.kind == POKEMON:
        if d.restored:
            return CAT_RESTORED
        if d.legend:
            return CAT_LEGEND
        if d.lv_x:
            return CAT_LEVEL_UP
        return CAT_EVOLUTION if d.stage else CAT_BASIC
    if d.fossil:
        return CAT_FOSSIL
    if d.kind == ENERGY:
        return CAT_ENERGY
    if d.trainer_kind in ("item", "supporter") and not d.responds_to:
        if not d.requires:
            return CAT_PLAIN_TRAINER
        if d.quick_requires is not None:
            return CAT_QUICK_TRAINER
    return CAT_OTHER_TRAINER


def _quick_power_requires(conds: Sequence[Cond]) -> tuple[tuple[int, Any], ...]:
    """A Power's requirements as the main phase checks them (see
    ``PowerDef.quick_requires``): direct tests first, general conditions last."""
    # A player test takes the player's index, a slot test the Slot: one list holds both.
    direct: list[tuple[int, Callable[..., bool]]] = []
    general: list[tuple[int, Cond]] = []
    for c in conds:
        if isinstance(c, PlayerHas):
            direct.append((QUICK_OWN if c.side == "own" else QUICK_OPP,
                           PLAYER_TESTS[c.what][0]))
        elif isinstance(c, SlotIs) and c.who == SELF:
            direct.append((QUICK_SLOT, SLOT_TESTS[c.what][0]))
        else:
            general.append((QUICK_COND, c))
    return tuple(direct + general)


_POWER_WORDS = {POKE_POWER: "Poké-Power", POKE_BODY: "Poké-Body", ABILITY: "Ability"}


def _rules_kind(printed: str, ps: Power) -> str:
    """How the rules treat a power printed as ``printed``: an Ability is used by choice (as
    a Poké-Power is) when its script has steps, and is always on (as a Poké-Body is)
    otherwise (the glossary of seed 003: some Abilities work by themselves, others are
    chosen). One whose script has passives is always on even with steps: they are the
    program its passive starts when something happens (Arcanine's Blazing Mane)."""
    if printed != ABILITY:
        return printed
    return POKE_POWER if (ps.steps and not ps.passives) or ps.instead_of_attack \
        else POKE_BODY


def _build_pokemon(d: CardDef, facts: Mapping[str, Any], subtypes: list[str],
                   script: Script | None) -> None:
    d.stage = STAGE2 if "stage2" in subtypes else STAGE1 if "stage1" in subtypes else 0
    d.baby = "baby" in subtypes
    d.lv_x = "lv_x" in subtypes
    d.ex = POKEMON_EX in subtypes
    d.restored = RESTORED in subtypes
    d.legend = LEGEND in subtypes
    # (the half that prints the attacks or the Power lies on top)
    d.legend_top = d.legend and bool(facts.get("attacks") or facts.get("powers"))
    if isinstance(script, PokemonScript):
        d.benched_by = script.benched_by
    d.sp_owner = era_of_card(d.id).sp_owner_of(d.name)
    d.sp = bool(d.sp_owner)
    d.types = tuple(facts.get("types") or ())
    d.type_mask = type_mask_of(d.types)
    d.hp = int(facts.get("hp") or 0)
    src = facts.get("evolves_from")
    d.evolves_from = sys.intern(src) if src else None
    d.evolves_to = tuple(sys.intern(n) for n in facts.get("evolves_to") or ())
    d.retreat = int(facts.get("retreat") or 0)
    d.weakness = tuple((w[0], w[1]) for w in facts.get("weaknesses") or ())
    d.resistance = tuple((r[0], r[1]) for r in facts.get("resistances") or ())
    d.dex = facts.get("dex")
    printed_attacks = facts.get("attacks") or []
    printed_powers = facts.get("powers") or []
    if script is not None and not isinstance(script, PokemonScript):
        raise CardDefinitionError(f"{d.id} {d.name}: a Pokémon needs a PokemonScript")
    if script is not None:
        names = [a["name"] for a in printed_attacks]
        extra = set(script.attacks) - set(names)
        missing = [n for n in names if n not in script.attacks]
        if extra or missing:
            raise CardDefinitionError(
                f"{d.id} {d.name}: script attacks {sorted(script.attacks)} do not match the "
                f"printed attacks {names}")
        pnames = [p["name"] for p in printed_powers]
        if set(script.powers) != set(pnames):
            raise CardDefinitionError(
                f"{d.id} {d.name}: script powers {sorted(script.powers)} do not match the "
                f"printed powers {pnames}")
    attacks = []
    for i, a in enumerate(printed_attacks):
        steps = tuple(script.attacks[a["name"]]) if script is not None else ()
        attacks.append(make_attack(d, i, a["name"], tuple(a.get("cost") or ()),
                                   a.get("damage") or "", steps, compiled=script is not None))
    d.attacks = tuple(attacks)
    powers = []
    for i, p in enumerate(printed_powers):
        printed = p["kind"]
        ps = script.powers[p["name"]] if script is not None else Power()
        if script is not None and (printed not in _POWER_WORDS
                                   or not era_of_card(d.id).knows_power_kind(printed)):
            raise CardDefinitionError(f"{d.id}: power kind {printed!r} has no rules yet")
        # (a card with no script keeps its printed kind: its text and tips stay general)
        kind = _rules_kind(printed, ps) if script is not None else printed
        check_variables(tuple(ps.steps), f"{d.id} {d.name}: "
                        f"{_POWER_WORDS.get(printed, printed)} {p['name']}",
                        conditions=ps.requires)
        pw = PowerDef(kind=kind, printed=printed if printed != kind else "",
                      name=p["name"], steps=tuple(ps.steps),
                      requires=tuple(ps.requires), uses_per_turn=ps.uses_per_turn,
                      passives=tuple(ps.passives), instead_of_attack=ps.instead_of_attack,
                      key=f"{d.id}#p{i}", quick_requires=_quick_power_requires(ps.requires),
                      on_level_up=ps.on_level_up, once_per_game=ps.once_per_game,
                      works_under_conditions=ps.works_under_conditions)
        if pw.steps:
            b = Builder()
            if pw.on_level_up:
                # The card says "you may": asked first, the effect follows on yes.
                b.steps([ChooseYesNo("use", f"Use {p['name']}?"),
                         If(VarTrue("use"), list(pw.steps))])
            else:
                b.steps(pw.steps)
            b.emit(_check_state())
            pw.code = b.build()
        from .text import power_text

        pw.text = power_text(pw, TextCtx(d.name, "power"), ps.wording)
        powers.append(pw)
    d.powers = tuple(powers)
    d.copies_attacks = any(pw.instead_of_attack for pw in powers)
    d.power_choices = tuple(i for i, pw in enumerate(powers)
                            if pw.kind == POKE_POWER and not pw.instead_of_attack
                            and not pw.on_level_up)
    d.implemented = script is not None


def make_attack(d: CardDef, index: int, name: str, cost: tuple[str, ...], damage: str,
                steps: tuple[Step, ...], key: str | None = None, *,
                compiled: bool = True) -> AttackDef:
    """Build and compile one attack; checks that the script can do what is printed. An
    attack of a card without a script keeps its facts only (it cannot be played)."""
    from .text import attack_text

    base = parse_damage(damage)
    if not compiled:
        return AttackDef(name=name, cost=cost, damage=damage, base=base, key=f"{d.id}#a{index}")
    all_steps = walk_steps(steps)
    has_main = any(getattr(s, "main", False) for s in all_steps)
    if damage and not damage.isdigit() and not has_main:
        raise CardDefinitionError(
            f"{d.id} {d.name}: attack {name} prints {damage!r}, so its script must say the "
            f"damage with a Damage step")
    body = [s for s in steps if not s.pre]
    pre = [s for s in steps if s.pre]
    if base and not has_main:
        if any(isinstance(s, DoesNothing) for s in all_steps):
            raise CardDefinitionError(
                f"{d.id} {d.name}: attack {name} can do nothing; place its Damage step "
                f"explicitly (or use NothingOnTails)")
        gates = [i for i, s in enumerate(body) if s.gate]
        at = gates[-1] + 1 if gates else 0
        body.insert(at, Damage())
    check_variables(tuple(pre + body), f"{d.id} {d.name}: attack {name}",
                    built_in=ATTACK_BUILT_INS)
    attack = AttackDef(name=name, cost=cost, damage=damage, base=base,
                       steps=tuple(steps), key=key or f"{d.id}#a{index}",
                       asleep_ok=any(getattr(s, "asleep_ok", False) for s in all_steps))
    # The attack procedure of the era that plays the card's set.
    attack.code = era_of_card(d.id).compile_attack(attack, tuple(pre + body))
    attack.text = attack_text(attack, TextCtx(d.name, "attack"))
    return attack


def _check_state() -> Any:
    return CheckState()


def _build_trainer(d: CardDef, subtypes: list[str], script: Script | None) -> None:
    for kind in ("supporter", "stadium", "tool", "tm"):
        if kind in subtypes:
            d.trainer_kind = kind
            break
    else:
        d.trainer_kind = "item"
    d.fossil = "fossil" in subtypes
    if script is None:
        return
    if d.fossil:
        if not isinstance(script, FossilScript):
            raise CardDefinitionError(f"{d.id} {d.name}: a Fossil needs a FossilScript")
        d.hp, d.types, d.stage, d.retreat = script.hp, ("C",), BASIC, 0
        d.type_mask = type_mask_of(d.types)
        d.flip_shield, d.flip_retaliation = script.flip_shield, script.flip_retaliation
    if not isinstance(script, TrainerScript):
        raise CardDefinitionError(f"{d.id} {d.name}: a Trainer needs a TrainerScript")
    d.play_steps = tuple(script.steps)
    d.requires = tuple(script.requires)
    player_conds = [c for c in d.requires if isinstance(c, PlayerHas)]
    if d.requires and len(player_conds) == len(d.requires):
        d.quick_requires = tuple((c.side == "own", PLAYER_TESTS[c.what][0])
                                 for c in player_conds)
    d.attach_to = script.attach_to
    d.responds_to = script.responds_to
    check_variables(d.play_steps, f"{d.id} {d.name}: the Trainer's effect",
                    conditions=(*d.requires, d.attach_to))
    check_variables(tuple(script.between_turns),
                    f"{d.id} {d.name}: the Tool's effect between turns")
    d.passives = tuple(script.passives)
    if d.play_steps or d.trainer_kind in ("item", "supporter"):
        b = Builder()
        b.steps(d.play_steps)
        b.emit(FinishTrainer())
        b.emit(_check_state())
        d.play_code = b.build()
    if script.between_turns:
        b = Builder()
        b.steps(script.between_turns)
        b.emit(_check_state())
        d.between_code = b.build()
    d.back_to_hand = script.back_to_hand
    if script.reaction:
        # (its frame starts with the cards its passive hands it, in "_knocked")
        check_variables(tuple(script.reaction), f"{d.id} {d.name}: the Tool's reaction")
        b = Builder()
        b.steps(script.reaction)
        b.emit(_check_state())
        d.react_code = b.build()
    if script.use:
        if d.trainer_kind != STADIUM:
            raise CardDefinitionError(f"{d.id} {d.name}: only Stadiums have an effect to use")
        d.use_steps = tuple(script.use)
        d.use_requires = tuple(script.use_requires)
        check_variables(d.use_steps, f"{d.id} {d.name}: the Stadium's effect",
                        conditions=d.use_requires)
        b = Builder()
        b.steps(d.use_steps)
        b.emit(_check_state())
        d.use_code = b.build()
    if script.attacks:
        if d.trainer_kind != TM:
            raise CardDefinitionError(f"{d.id} {d.name}: only Technical Machines lend attacks")
        d.attacks = tuple(make_attack(d, i, a.name, a.cost, a.damage, a.steps)
                          for i, a in enumerate(script.attacks))
    d.implemented = True


def _build_energy(d: CardDef, facts: Mapping[str, Any], subtypes: list[str],
                  script: Script | None) -> None:
    d.basic_energy = "basic" in subtypes
    provides = facts.get("provides") or []
    d.units = tuple(mask_of(t for t in u if t != "C") for u in provides)
    if d.basic_energy:
        d.implemented = True
        return
    if script is None:
        return
    if not isinstance(script, EnergyScript):
        raise CardDefinitionError(f"{d.id} {d.name}: a Special Energy needs an EnergyScript")
    d.passives = tuple(script.passives)
    if script.provides is not None:
        d.units = tuple(mask_of(u) for u in script.provides)
    d.play_steps = tuple(script.on_attach)  # read by the card text
    check_variables(tuple(script.on_attach),
                    f"{d.id} {d.name}: the effect when it is attached")
    if script.on_attach:
        b = Builder()
        b.steps(script.on_attach)
        b.emit(_check_state())
        d.play_code = b.build()
    d.implemented = True


__all__ = [
    "CardPool",
    "EnergyScript",
    "PokemonScript",
    "Power",
    "TMAttack",
    "TrainerScript",
    "build_def",
    "parse_damage",
]
