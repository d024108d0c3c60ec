"""What an era of the rules is: the :class:`Era` base class every era module subclasses.

An era owns everything that differs between the rulebooks (python-chess's variants are the
model: a subclass overrides a few hooks, the engine asks the era instead of assuming one):

- its numbers and switches, a :class:`~handheld.engine.ruleset.Ruleset`;
- the card sets it plays (their slugs in the assets and the set codes of their card ids);
- its procedures, each put together from sections it may override one by one: the game
  program (setup, the turn start, the main phase, the end of the turn, between turns, the
  next turn), the Knock Out and retreat programs, the attack around a card's steps (the
  2002 rulebook's sections, from :mod:`handheld.engine.rules`, are the defaults), and how
  many Prizes a Knock Out is worth;
- the kinds of Pokémon and of powers it knows;
- its deck rules;
- the sentences of its rules that card text and tips use.

An era that is not ``playable`` still renders card text and tips (the Card screen shows a
Platinum card under Platinum's rules) but cannot run a match: its procedures raise
:class:`EraNotPlayable`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from .. import rules as R
from ..carddefs import POKE_BODY, POKE_POWER, STADIUM, SUPPORTER, TM, TOOL
from ..effects.core import Label
from ..errors import EngineError
from ..retreat import RetreatFlip, RetreatPay, RetreatSwitch
from ..ruleset import ALL_CONDITIONS, Ruleset

if TYPE_CHECKING:
    from ..carddefs import AttackDef
    from ..cardpool import CardPool
    from ..effects.core import Step
    from ..match import Match
    from ..state import Slot

# Kinds of Pokémon beyond Basic / Stage 1 / Stage 2, as the assets' subtypes name them.
# Only BABY has rules in the engine today; the others are named extension points.
BABY = "baby"
LV_X = "lv_x"
LEGEND = "legend"
POKEMON_EX = "ex"
RESTORED = "restored"
# Pokémon SP carry no subtype in the card facts: an era that knows them reads the owner's
# symbol at the end of the name (``Luxray GL``), see ``Era.sp_owner_of``.
SP = "sp"
POKEMON_KINDS = (BABY, LV_X, SP, LEGEND, POKEMON_EX, RESTORED)

# Kinds of powers, as the assets name them. ABILITY is an extension point.
ABILITY = "ability"
POWER_KINDS = (POKE_POWER, POKE_BODY, ABILITY)
POWER_LABELS = {POKE_POWER: "Poké-Power", POKE_BODY: "Poké-Body", ABILITY: "Ability"}


class EraNotPlayable(EngineError):
    """A match (or a card's program) was asked of an era whose procedures are not written."""


class Era:
    """One era of the rules. Subclasses set the class attributes and override hooks; the
    registry (:mod:`handheld.engine.eras`) holds one instance of each."""

    key: ClassVar[str]
    name: ClassVar[str]
    short_name: ClassVar[str] = ""  # where room is short (the Data screen); else the name
    ruleset: ClassVar[Ruleset]
    # Set slug (``assets/cards/<slug>.json``) -> the set code its card ids start with.
    sets: ClassVar[Mapping[str, str]]
    # The numeric ids of its sets in ../shared's card data (``171-expedition.yaml``):
    # tools/build_assets.py files each source set under the era whose range holds its id.
    source_set_ids: ClassVar[range] = range(0)
    # The title of its rulebook where it differs from the era's name (the glossary's).
    rulebook: ClassVar[str] = ""
    playable: ClassVar[bool] = False
    pokemon_kinds: ClassVar[frozenset[str]] = frozenset()
    # Pokémon SP: the symbol ending a name -> whose Pokémon it is (Appendix B of seed 001).
    sp_owners: ClassVar[Mapping[str, str]] = {}
    power_kinds: ClassVar[frozenset[str]] = frozenset({POKE_POWER, POKE_BODY})
    # A card of the era puts a Stage 2 card straight onto the Basic Pokémon its Stage 1
    # evolves from (Rare Candy): positions may hold such a stack (``validate``).
    stage2_onto_basic: ClassVar[bool] = False
    # The order of an attack: a coin whose tails makes the attack do nothing is among what
    # the attack requires before the Confusion check (seeds 001, 000 and 003, step c), not
    # among its effects (Expedition's reading of seed 002, whose step d names only costs).
    coin_gate_first: ClassVar[bool] = False
    # Cards printed as Pokémon Prime (a frame with no rule of its own; the card data names
    # them only by rarity, so the era lists them): marked on the board and card pages.
    prime_cards: ClassVar[frozenset[str]] = frozenset()

    # ------------------------------------------------------------------ sentences

    @property
    def trainer_rules(self) -> Mapping[str, str]:
        """The rule line printed under each Trainer kind, in this project's words, read off
        the era's switches (when a Supporter and a Technical Machine leave play)."""
        rules = self.ruleset
        supporter = ("It stays beside your Active Pokémon until your turn is over, then "
                     "it is discarded." if rules.supporter_discard_end_of_turn
                     else "Discard it once it has been played.")
        tm = ("Discard it when your turn is over." if rules.tm_discard_end_of_turn
              else "It stays attached.")
        return {
            SUPPORTER: f"Supporter: only 1 per turn. {supporter}",
            STADIUM: "Stadium: stays in play; a new Stadium replaces it.",
            TOOL: "Pokémon Tool: attach to 1 of your Pokémon; only 1 Tool per Pokémon.",
            TM: "Technical Machine: attach to 1 of your Pokémon, which may use its attack "
                f"instead of its own. {tm}",
        }

    baby_rule: ClassVar[str] = ("Baby Pokémon: whoever attacks it flips a coin first; on "
                                "tails their turn ends without an attack.")

    ex_rule: ClassVar[str] = ("Pokémon-EX rule: when a Pokémon-EX is Knocked Out, its "
                              "opponent takes 2 Prize cards.")

    def legend_rule(self, name: str, top: bool) -> str:
        """The rule line of a half of the Pokémon LEGEND ``name`` (seed 000's glossary and
        our reading of it, docs/ENGINE.md), in this project's words."""
        half = "the top card, with the Pokémon's attacks and powers" if top \
            else "the lower card, with the Pokémon's HP"
        return (f"Pokémon LEGEND rule: {half}. It is played only together with the other "
                f"card of {name}: both from your hand to your Bench at once, as one Pokémon. "
                "Never placed in setup; a Knock Out discards both cards.")

    def restored_rule(self, fossil: str) -> str:
        """The rule line of a Restored Pokémon benched by the Item ``fossil`` (Appendix B
        of seed 003), in this project's words."""
        return ("Restored Pokémon: not a Basic Pokémon. It goes onto your Bench only "
                f"through the effect of {fossil or 'its Fossil Item card'}.")

    def lv_x_rule(self, name: str) -> str:
        """The rule line of a Pokémon LV.X named ``name`` (Appendix A of seed 001), in this
        project's words."""
        return (f"Pokémon LV.X: put it onto your Active {name} (not on the turn that "
                f"Pokémon came into play). It keeps the attacks, Poké-Powers and Poké-Bodies "
                f"of that {name}, its damage and attached cards.")

    @property
    def label(self) -> str:
        """The era's name where room is short."""
        return self.short_name or self.name

    @property
    def rulebook_title(self) -> str:
        """The title of the era's rulebook (the Dictionary screen names glossaries so)."""
        return self.rulebook or self.name

    def power_label(self, kind: str) -> str:
        """The heading a power of ``kind`` gets on a card page (``Poké-Power``)."""
        return POWER_LABELS.get(kind, "Ability")

    @property
    def chosen_power_label(self) -> str:
        """What the powers a player chooses to use are called in this era's menus:
        "Ability" where the era knows Abilities and no Poké-Powers, else "Poké-Power"."""
        if ABILITY in self.power_kinds and POKE_POWER not in self.power_kinds:
            return POWER_LABELS[ABILITY]
        return POWER_LABELS[POKE_POWER]

    def power_shutoff_sentence(self, kind: str) -> str:
        """The sentence card text adds to a power of ``kind`` to say which Special
        Conditions stop it (empty when none do)."""
        mask = (self.ruleset.body_shutoff if kind == POKE_BODY
                else self.ruleset.power_shutoff if kind == POKE_POWER else 0)
        if not mask:
            return ""
        if mask == ALL_CONDITIONS:
            return "Not while this Pokémon has a Special Condition."
        return "Not while this Pokémon is Asleep, Confused or Paralyzed."

    def shutoff_words(self, mask: int) -> str:
        """The Special Conditions of ``mask`` in a tip's words."""
        if mask == ALL_CONDITIONS:
            return "any Special Condition (Asleep, Confused, Paralyzed, Poisoned or Burned)"
        return "Asleep, Confused or Paralyzed"

    # ------------------------------------------------------------------ kinds

    def knows_pokemon_kind(self, kind: str) -> bool:
        return kind in self.pokemon_kinds

    def knows_power_kind(self, kind: str) -> bool:
        return kind in self.power_kinds

    def sp_owner_of(self, name: str) -> str:
        """The owner's symbol of a Pokémon SP named ``name`` ("GL" for ``Luxray GL``), or
        "" for any other Pokémon (and in an era without Pokémon SP)."""
        if SP not in self.pokemon_kinds:
            return ""
        _, space, symbol = name.rpartition(" ")
        return symbol if space and symbol in self.sp_owners else ""

    # ------------------------------------------------------------------ procedures

    # Each procedure is put together from sections, one method each, that return a list
    # of fresh instructions (``rules.py``'s sections are the 2002 rulebook's, the default
    # here). A later era overrides the one section that differs -- another step between
    # turns, another setup -- and inherits the rest; ``rules.assemble`` joins them. The
    # assembled programs are built once per era and shared by all its matches.

    def _not_playable(self, what: str) -> EraNotPlayable:
        return EraNotPlayable(f"the {self.name} era cannot be played yet (it has no {what})")

    def setup_procedure(self) -> list[Any]:
        """Setup: the flip for who goes first, shuffles, opening hands, mulligans, the
        Active and Benched Pokémon, Prizes."""
        return R.setup_section()

    def turn_start_procedure(self) -> list[Any]:
        """The first turn's start (later turns start in ``next_turn_procedure``)."""
        return R.turn_start_section()

    def main_phase_procedure(self) -> list[Any]:
        """The main phase: the moves of a turn until an attack or a pass."""
        return R.main_phase_section()

    def end_of_turn_procedure(self, skip: Label) -> list[Any]:
        """The end of the turn; it jumps to ``skip`` (past the between-turns steps) when
        none of them has work this turn."""
        return R.end_of_turn_section(skip)

    def between_turns_procedure(self) -> list[Any]:
        """The steps between turns in order (Poison, Burn, Sleep, Paralysis, Char,
        Darkness, Tools): run on a turn whose end found work for them."""
        return R.between_turns_section()

    def next_turn_procedure(self, main: Label) -> list[Any]:
        """Knock Outs from between turns, then the next turn, which goes back to
        ``main`` (the main phase)."""
        return R.next_turn_section(main)

    def knockouts_procedure(self) -> list[Any]:
        """Knock Outs and Prizes, the win check, new Active Pokémon."""
        return R.knockouts_section()

    def retreat_procedure(self) -> list[Any]:
        """Retreating the Active Pokémon: paying, the Confusion flip, the switch."""
        return [RetreatPay(), RetreatFlip(), RetreatSwitch()]

    def attack_opening(self, attack: AttackDef, end: Label) -> list[Any]:
        """An attack before the card's choices and costs (the Baby flip, the
        announcement); ``end`` is the attack's end."""
        return R.attack_opening_section(attack, end)

    def attack_checks(self, end: Label) -> list[Any]:
        """An attack after its costs, before its effects: what may cancel it."""
        return R.attack_checks_section(end)

    def attack_closing(self) -> list[Any]:
        """An attack's end: Knock Outs, and the turn ends."""
        return R.attack_closing_section()

    @cached_property
    def game_program(self) -> tuple[Any, ...]:
        """The whole game: setup, the turn, between turns, and the loop of turns."""
        if not self.playable:
            raise self._not_playable("game procedure")
        main, skip = Label(), Label()
        return R.assemble(self.setup_procedure(), self.turn_start_procedure(), [main],
                          self.main_phase_procedure(), self.end_of_turn_procedure(skip),
                          self.between_turns_procedure(), [skip],
                          self.next_turn_procedure(main))

    @cached_property
    def knockouts_program(self) -> tuple[Any, ...]:
        """Knock Outs and Prizes: pushed whenever a Pokémon may have been Knocked Out."""
        if not self.playable:
            raise self._not_playable("Knock Out procedure")
        return R.assemble(self.knockouts_procedure())

    @cached_property
    def retreat_program(self) -> tuple[Any, ...]:
        """Retreating the Active Pokémon (paying, the Confusion flip, the switch)."""
        if not self.playable:
            raise self._not_playable("retreat procedure")
        return R.assemble(self.retreat_procedure())

    def rule_programs(self) -> Mapping[str, tuple[Any, ...]]:
        """The era's procedures by the names frames and positions use."""
        return {"rule:game": self.game_program, "rule:knockouts": self.knockouts_program,
                "rule:retreat": self.retreat_program, "rule:response": self.response_program}

    @cached_property
    def response_program(self) -> tuple[Any, ...]:
        """The other player's answer to a Poké-Power (Platinum's Power Spray): pushed only
        where a card the era plays answers one, so never in Expedition."""
        return R.assemble([R.PowerResponse()])

    def compile_attack(self, attack: AttackDef, steps: tuple[Step, ...]) -> tuple[Any, ...]:
        """An attack's whole program: the era's attack sections around the card's steps."""
        if not self.playable:
            raise self._not_playable("attack procedure")
        end = Label()
        return R.assemble_attack(attack, steps, end, self.attack_opening(attack, end),
                                 self.attack_checks(end), self.attack_closing(),
                                 self.before_checks if self.coin_gate_first else None)

    def before_checks(self, step: Step) -> bool:
        """Does this step of an attack come before the checks that may cancel it (the
        Confusion flip): its choices and costs, and in an era with ``coin_gate_first`` the
        coins that decide whether the attack does anything (``NothingOnTails``,
        ``steps.gated``)."""
        return bool(step.pre) or (self.coin_gate_first and step.gate)

    def prizes_for_knockout(self, m: Match, slot: Slot) -> int:
        """How many Prize cards knocking out ``slot`` is worth to its opponent: 1, unless a
        working Poké-Body of the Knocked Out Pokémon says otherwise (Camouflage Gas)."""
        from ..facts import pokemon_facts
        from ..ops import KNOCKOUT_PRIZES_HOOK, bodies

        prizes = 2 if POKEMON_EX in pokemon_facts(m, slot).kinds else 1
        for ps, holder in bodies(m, slot):
            if KNOCKOUT_PRIZES_HOOK in ps.hooks:
                prizes = ps.knockout_prizes(m, holder, prizes)
        return prizes

    # ------------------------------------------------------------------ decks

    def deck_violations(self, pool: CardPool, deck: Sequence[str],
                        rules: Ruleset | None = None) -> list[str]:
        """Every broken deck rule of this era (empty when the deck is legal): the common
        rules of :mod:`handheld.engine.deck` under ``rules`` (the era's own by default),
        and every card from this era's sets (basic Energy is legal in every era)."""
        from ..deck import deck_violations

        out = deck_violations(pool, deck, rules or self.ruleset)
        foreign = sorted({(cid, pool.get(cid).name) for cid in deck if cid in pool
                          and not pool.get(cid).basic_energy
                          and not self.plays_card(cid)})
        for cid, name in foreign:
            out.append(f"{name} ({cid}) is not played in the {self.name} era")
        return out

    def plays_card(self, card_id: str) -> bool:
        """Is the card played in this era: one of its sets, or read in it (a card of a set
        no era lists is read in the home era)?"""
        from . import era_of_card

        return (era_of_card(card_id) is self
                or card_id.rpartition("-")[0] in self.sets.values())

    def __repr__(self) -> str:
        return f"<Era {self.key}>"
