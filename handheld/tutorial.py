"""The first-duel tutorial: short lessons played on the real board, one move each.

Each :class:`Lesson` is a position of the home era (written as docs/POSITION.md describes)
where the player makes one kind of move: attach an Energy, evolve, attack and take a Prize,
play a Trainer, retreat, put the Defending Pokémon to sleep. The lesson says what to do;
any other move is refused with a hint; once the move is made and the turn has played out,
the lesson says what happened and why, and the next one begins. The lessons' words are
this project's own.

Engine-side: no screen here (``handheld/ui/scenes/tutorial.py`` plays the lessons).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .engine.notation import ATTACH, ATTACK, EVOLVE, PLAY, RETREAT

CHARMANDER, CHARMELEON, SQUIRTLE, BULBASAUR, CYNDAQUIL = (
    "ecard1-98", "ecard1-73", "ecard1-131", "ecard1-95", "ecard1-104")
FIRE, GRASS, WATER = "ecard1-161", "ecard1-162", "ecard1-165"
POTION = "ecard1-156"


@dataclass(frozen=True)
class Lesson:
    """One lesson: its ``position``, what to do (``task``), the move that does it (an
    option tag, and the card id it plays when that matters, or an attack's name for an
    attack), what to say when another move is tried (``hint``) and afterwards (``after``)."""

    key: str
    title: str
    task: str
    tag: str
    card: str | None
    hint: str
    after: str
    position: dict[str, Any] = field(repr=False)

    def wants(self, m: Any, option: tuple[Any, ...]) -> bool:
        """Is ``option`` (of the pending main-phase choice of match ``m``) this lesson's
        move?"""
        if option[0] != self.tag:
            return False
        if self.card is None:
            return True
        if self.tag == ATTACK:
            return bool(m.defs[option[1]].attacks[option[2]].name == self.card)
        return bool(m.defs[option[1]].id == self.card)


def _position(me: dict[str, Any], opponent: dict[str, Any]) -> dict[str, Any]:
    """A position on the player's turn 5 (both players past their first turns); the decks
    and Prizes are plain Energy, so nothing drawn distracts from the lesson."""
    deck = [WATER] * 12
    prizes = [WATER] * 6
    return {"turn": 5, "era": "expedition", "players": [
        {"deck": deck, "prizes": prizes, **me},
        {"deck": list(deck), "prizes": list(prizes), "hand": [WATER] * 3, **opponent}]}


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "attach", "Energy",
        "Pokémon attack with Energy. Press A, open your Hand and attach the Fire Energy to "
        "Charmander, your Active Pokémon.",
        ATTACH, FIRE,
        "Attach the Fire Energy from your Hand to Charmander.",
        "One Energy card a turn, onto any of your Pokémon. Charmander's attacks now have "
        "the Energy they ask for: the symbols beside each attack.",
        _position({"active": {"cards": [CHARMANDER]}, "hand": [FIRE, WATER]},
                  {"active": {"cards": [SQUIRTLE]}})),
    Lesson(
        "evolve", "Evolving",
        "Charmander has been in play since an earlier turn, so it may evolve. Play "
        "Charmeleon from your Hand onto it.",
        EVOLVE, CHARMELEON,
        "Evolve Charmander: play Charmeleon from your Hand onto it.",
        "Evolving keeps the Energy and damage and gives more HP and new attacks. A Pokémon "
        "evolves once a turn, and not on the turn it came into play.",
        _position({"active": {"cards": [CHARMANDER], "energy": [FIRE], "played_turn": 1},
                   "hand": [CHARMELEON]},
                  {"active": {"cards": [SQUIRTLE]}})),
    Lesson(
        "attack", "Attacking and Prizes",
        "Squirtle is nearly Knocked Out. Attack it with Charmeleon's Flamethrower (Attack "
        "in the menu).",
        ATTACK, "Flamethrower",
        "Open Attack in the menu and choose Flamethrower.",
        "A Knocked Out Pokémon goes to the discard pile and you take one of your Prize "
        "cards into your Hand. Take all six to win. Attacking ends your turn.",
        _position({"active": {"cards": [CHARMANDER, CHARMELEON],
                              "energy": [FIRE, FIRE, FIRE], "played_turn": 1}},
                  {"active": {"cards": [SQUIRTLE], "damage": 40},
                   "bench": [{"cards": [SQUIRTLE]}]})),
    Lesson(
        "trainer", "Trainer cards",
        "Charmander is hurt. Play the Potion from your Hand: Trainer cards help in many "
        "ways.",
        PLAY, POTION,
        "Play the Potion from your Hand.",
        "Items like the Potion may be played as often as you have them; a Supporter only "
        "once a turn. Each card's text (R on it) says what it does.",
        _position({"active": {"cards": [CHARMANDER], "damage": 30}, "hand": [POTION]},
                  {"active": {"cards": [SQUIRTLE]}})),
    Lesson(
        "retreat", "Retreating",
        "Charmander is about to be Knocked Out. Retreat it: Cyndaquil on your Bench takes "
        "its place.",
        RETREAT, None,
        "Open Retreat in the menu and choose Cyndaquil.",
        "Retreating discards Energy from the Pokémon that leaves, as many as its Retreat "
        "Cost, and keeps it safe on the Bench.",
        _position({"active": {"cards": [CHARMANDER], "damage": 40, "energy": [FIRE]},
                   "bench": [{"cards": [CYNDAQUIL]}]},
                  {"active": {"cards": [SQUIRTLE]}})),
    Lesson(
        "conditions", "Special Conditions",
        "Some attacks do more than damage. Use Bulbasaur's Sleep Seed on Squirtle.",
        ATTACK, "Sleep Seed",
        "Open Attack in the menu and choose Sleep Seed.",
        "Asleep, Squirtle cannot attack or retreat; a coin between turns may wake it. "
        "Poisoned and Burned Pokémon take damage between turns, Paralyzed ones miss a "
        "turn, Confused ones may hurt themselves. Evolving or retreating ends them.",
        _position({"active": {"cards": [BULBASAUR], "energy": [GRASS]}},
                  {"active": {"cards": [SQUIRTLE]}})),
)

FINALE = ("That is the whole of a turn: draw, then bench, evolve, attach, play Trainers "
          "and retreat as you like, then attack. You win by taking your last Prize card, "
          "when your opponent has no Pokémon left in play, or when their deck runs out at "
          "the start of their turn. Duel the computer, or climb the Ladder!")
