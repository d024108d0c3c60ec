"""Setting up a duel: the opponent (the computer, a friend on this handheld, a friend
over the link) and the rules (LEFT/RIGHT: the playable eras, Expedition first), then the
decks -- the ready-made decks of that era's deck sets and the player's own decks built for
it and legal under its deck rules.

A new duel on this handheld takes the place of the suspended match, so when there is one
the player is asked first, told which match it is, and the suspended match is only given
up when the new duel really starts. (A duel over the link is never suspended and leaves
the suspended match alone.)

Given a roster ``opponent`` (the ladder, ``scenes/ladder.py``), the setup skips to the
player's deck for that opponent's era: the opponent brings its own deck, level and style,
and the duel is recorded against its id."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...cards import deck_description, era_deck_names, load_deck
from ...engine.eras import ERAS, HOME, playable_eras
from ..palette import INK, MUTED, PAPER
from ..scene import Scene
from ..text import fit, wrap
from ..widgets import Menu, MenuItem, window
from .common import ConfirmScene, hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ...roster import Opponent
    from ..app import Handheld
    from ..input import FrameInput

OPPONENTS = (("cpu", "The computer", "A greedy player that weighs every move."),
             ("practice", "Practice, with hints",
              "The computer, and a word on each move before you choose it."),
             ("hotseat", "A friend, this handheld", "Pass the handheld between turns."),
             ("link", "A friend, over the link", "Two handhelds on the same network."))


NO_DECKS = "No deck for these rules yet: build one in the Deck builder (B: back)."


def available_decks(app: Any, era: str = HOME.key) -> list[tuple[str, list[str]]]:
    """(name, cards): the ready-made decks of ``era`` (its deck sets, ``cards.DECK_SETS``),
    then the player's own decks built for ``era`` and legal under its deck rules."""
    rules_era = ERAS[era]
    # A ready-made deck is offered only while it is legal (a card without its script yet
    # is refused by the deck rules, and a refused deck would stop the match at its start).
    ready = [(name.replace("_", " ").title(), load_deck(name)) for name in era_deck_names(era)]
    out = [(name, cards) for name, cards in ready
           if not rules_era.deck_violations(app.pool, cards)]
    for d in app.saves.decks(app.profile):
        if d.era == era and not rules_era.deck_violations(app.pool, list(d.cards)):
            out.append((d.name, list(d.cards)))
    return out


class DuelSetupScene(Scene):
    def __init__(self, app: Handheld, opponent: Opponent | None = None) -> None:
        super().__init__(app)
        self.opponent = opponent  # a roster opponent: only the player's deck is asked

    def enter(self) -> None:
        self.step = "opponent"
        self.mode = "cpu"
        # The era of the duel, one of the playable ones (LEFT/RIGHT on the first step).
        self.eras = [e.key for e in playable_eras()]
        self.era = getattr(self, "era", HOME.key)
        self.picked: list[tuple[str, list[str]]] = []
        self.menu = Menu([MenuItem(label, True, key, hint) for key, label, hint in OPPONENTS],
                         rows=5)
        self.replacing = False  # the player agreed to give up the suspended match
        self.asking = False
        if self.opponent is not None:
            self.era = self.opponent.era
            self._to_decks()

    def _to_decks(self) -> None:
        """On to the decks, after asking whether to give up the suspended match."""
        suspended = self._suspended()
        if suspended is not None and not self.replacing:
            self.asking = True
            self.push(ConfirmScene(
                self.app, f"Your suspended match ({suspended}) would be lost: a new "
                "duel takes its place. Start a new duel?", yes="Start a new duel",
                no="Keep it"))
            return
        self.step = "deck1"
        self._deck_menu()

    def _suspended(self) -> str | None:
        """The suspended match in a few words, if there is one."""
        from ...session import describe_suspended, load_suspended

        try:
            snap = load_suspended(self.app.saves, self.app.profile)
        except Exception:  # a damaged save: Continue reports it; here it is "a match"
            return "a match"
        return None if snap is None else describe_suspended(snap)

    def resume(self, result: Any = None) -> None:
        if not self.asking:
            return
        self.asking = False
        if result is True:
            self.replacing = True
            self.step = "deck1"
            self._deck_menu()
        else:
            self.close()

    def _deck_menu(self) -> None:
        self.decks = available_decks(self.app, self.era)
        # What each ready-made deck is (its file's header), shown under the list.
        by_title = {name.replace("_", " ").title(): name for name in era_deck_names(self.era)}
        self.descriptions = [deck_description(by_title[name]) if name in by_title
                             else f"Your own deck, {len(cards)} cards."
                             for name, cards in self.decks]
        self.menu = Menu([MenuItem(name, True, i) for i, (name, _) in enumerate(self.decks)],
                         rows=6)

    @property
    def heading(self) -> str:
        if self.step == "opponent":
            return "Duel: who against?"
        if self.step == "deck1" and self.opponent is not None:
            return f"Your deck against {self.opponent.name}"
        if self.step == "deck1":
            return "Your deck" if self.mode != "hotseat" else "Player 1's deck"
        return "The computer's deck" if self.mode in ("cpu", "practice") \
            else "Player 2's deck"

    def update(self, inp: FrameInput) -> None:
        if self.step == "opponent" and len(self.eras) > 1:
            dx, _ = inp.nav()
            if dx:
                inp.consume(Button.LEFT, Button.RIGHT)
                at = self.eras.index(self.era) if self.era in self.eras else 0
                self.era = self.eras[(at + dx) % len(self.eras)]
                self.app.play("cursor")
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            if self.step == "opponent" or self.opponent is not None:
                self.close()
            else:
                self.enter()
            return
        if result != "select" or self.menu.selected is None:
            return
        value = self.menu.selected.value
        if self.step == "opponent":
            self.mode = value
            if value == "link":
                from .link_duel import LinkSetupScene

                self.app.scenes.replace(LinkSetupScene(self.app, era=self.era))
                return
            self._to_decks()
        elif self.step == "deck1":
            self.picked = [self.decks[value]]
            if self.opponent is not None:
                self.start()
                return
            self.step = "deck2"
            self._deck_menu()
        else:
            self.picked.append(self.decks[value])
            self.start()

    def start(self) -> None:
        from .duel import DuelScene, DuelSetup

        me = self.app.saves.profile(self.app.profile).name
        opponent_id: str | None = None
        styles: tuple[dict[str, Any] | None, ...] = ()
        if self.opponent is not None:
            from ... import roster

            o = self.opponent
            seats, names = ("human", o.level), (me, o.name)
            self.picked.append((roster.deck_title(o), roster.deck_cards(o)))
            opponent_id, styles = o.id, (None, o.style.to_dict())
        elif self.mode in ("cpu", "practice"):
            seats, names = ("human", "greedy"), (me, "CPU")
        else:
            seats, names = ("human", "human"), (me, "Player 2")
        setup = DuelSetup(decks=(self.picked[0][1], self.picked[1][1]),
                          deck_names=(self.picked[0][0], self.picked[1][0]), seats=seats,
                          names=names, mode=self.mode, seed=self.app.new_seed(),
                          era=self.era, opponent=opponent_id, styles=styles)
        if self.replacing:  # the player said so: the suspended match gives way now
            self.app.saves.clear_suspended(self.app.profile)
        self.app.scenes.replace(DuelScene.new(self.app, setup))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, self.heading)
        empty = self.step != "opponent" and not self.decks
        window(surface, 8, 20, 224, (22 if empty else self.menu.height(self.app.text.font)) + 8)
        self.menu.draw(surface, app.text, 11, 24, 218)
        item = self.menu.selected
        if item is not None and item.hint:
            app.text.draw(surface, fit(app.text.font, item.hint, 226), 10, 136, MUTED)
        if empty:
            # (an era without ready-made decks, before the player builds one for it)
            for i, line in enumerate(wrap(app.text.font, NO_DECKS, 212)):
                app.text.draw(surface, line, 14, 26 + i * (app.text.font.line_height + 1),
                              MUTED)
        if self.step != "opponent" and item is not None:
            about = self.descriptions[item.value] if item.value < len(self.descriptions) else ""
            y = 24 + self.menu.height(self.app.text.font) + 8
            for line in wrap(app.text.font, about, 220)[:3]:
                app.text.draw(surface, line, 10, y, INK)
                y += app.text.font.line_height
        if self.step == "opponent":
            rules = f"Rules: {ERAS[self.era].name}"
            if len(self.eras) > 1:
                rules = f"Rules: < {ERAS[self.era].name} >"
            app.text.draw(surface, rules, 10, 126, INK)
            hint_line(app, surface, "A: choose  LEFT/RIGHT: rules  B: back"
                      if len(self.eras) > 1 else "A: choose  B: back")
        else:
            app.text.draw(surface, f"Rules: {ERAS[self.era].name}", 10, 126, MUTED)
            hint_line(app, surface, "A: choose  B: back")
