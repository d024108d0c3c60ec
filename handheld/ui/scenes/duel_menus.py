"""The duel's menus and overlays: the action menu, the hand, picking a target on the
board, every other decision, the coin flip, passing the handheld, the log, the result,
both players' discard piles and Lost Zones, and the match menu (START+SELECT anywhere in a
match).

Each answers the engine through :meth:`DuelScene.act` with the index of an option the
engine offered, so nothing here can make an illegal move. Whatever ends or puts aside the
match (Suspend, Leave, Forfeit) asks first, the safe answer under the cursor.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...engine import Choice
from ...engine.describe import describe_event
from ...engine.energy import cost_text
from ...engine.explain import explain_option, why_unplayable
from ...engine.notation import (
    ATTACH,
    ATTACH_TM,
    ATTACH_TOOL,
    ATTACK,
    CARD,
    ENERGY,
    EV_SHUFFLE,
    EVOLVE,
    HAND_TAGS,
    PASS,
    PASS_OPTION,
    POWER,
    RETREAT,
    SLOT,
)
from ..duel_board import slot_rects, step_cursor
from ..marks import legend_half_tag
from ..palette import INK, MUTED, PAPER, SHADE, WHITE
from ..printing import printing, told_apart
from ..scene import Scene
from ..text import draw_ops, fit, line_ops, text_drop, wrap
from ..widgets import ROW_H, Menu, MenuItem, window
from .card_view import CardViewScene
from .common import ConfirmScene, MenuOverlay, hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ...engine import Match
    from ...engine.state import Slot
    from ..app import Handheld
    from ..input import FrameInput
    from .duel import DuelScene

TARGETED = (ATTACH, EVOLVE, ATTACH_TOOL, ATTACH_TM)


def slot_cards_view(app: Handheld, m: Match, slot: Slot) -> CardViewScene:
    """The cards of a Pokémon in play (all face up): the Pokémon first, then what is
    attached to it."""
    ids = [m.defs[c].id for c in reversed(slot.cards)]
    ids += [m.defs[c].id for c in slot.energy]
    if slot.tool >= 0:
        ids.append(m.defs[slot.tool].id)
    ids += [m.defs[c].id for c in slot.tms]
    return CardViewScene(app, ids)


def pile_ids(m: Match, side: int, zone: str) -> list[str]:
    """The card ids of one player's discard pile or Lost Zone, the latest card first."""
    p = m.players[side]
    cards = p.discard if zone == "discard" else p.lost_zone
    return [m.defs[c].id for c in reversed(cards)]


class PilesScene(MenuOverlay):
    """Both players' discard piles and, once a card is there, their Lost Zones: all face
    up, so either player may look at them at any time (the rulebooks). A shows a pile's
    cards, the latest first; B goes back."""

    def __init__(self, app: Handheld, duel: DuelScene) -> None:
        m = duel.match
        self.duel = duel
        # (the Lost Zone, as on the board's player lines: once a card is there)
        lost = any(p.lost_zone for p in m.players)
        items = []
        for side in (duel.viewer, 1 - duel.viewer):
            who = "Your" if side == duel.viewer else f"{duel.names[side]}'s"
            zones = [("discard", "discard pile")] + ([("lost_zone", "Lost Zone")] if lost else [])
            for zone, what in zones:
                n = len(pile_ids(m, side, zone))
                items.append(MenuItem(f"{who} {what} ({n})", n > 0, (side, zone),
                                      "A: its cards, the latest first." if n else
                                      "No cards there yet."))
        super().__init__(app, "Discard piles" + (", Lost Zones" if lost else ""), items)

    def chosen(self, value: Any) -> None:
        side, zone = value
        self.push(CardViewScene(self.app, pile_ids(self.duel.match, side, zone)))


PRACTICE = "practice"  # the duel mode whose menus explain each move
HINT_W, HINT_LINES = 226, 3
# The practice duel's word on each entry of the action menu (the moves themselves are
# explained in the lists they open).
ACTION_HINTS = {
    "hand": "Play cards from your hand: Basic Pokémon to the Bench, Evolution cards, one "
            "Energy a turn, Trainers.",
    ATTACK: "Choose an attack your Active Pokémon has the Energy for. Attacking ends your "
            "turn.",
    RETREAT: "Swap your Active Pokémon with one on your Bench, discarding Energy for its "
             "Retreat Cost.",
    "piles": "Look at both discard piles.",
    "log": "Read what has happened so far.",
    PASS: "End your turn without attacking.",
    "suspend": "Put the match aside; Continue on the main menu takes it up again.",
}


class _Overlay(Scene):
    """A menu window over the duel board."""

    transparent = True

    def __init__(self, app: Handheld, duel: DuelScene) -> None:
        super().__init__(app)
        self.duel = duel

    @property
    def m(self) -> Match:
        return self.duel.match

    @property
    def choice(self) -> Choice:
        ch = self.m.pending
        assert isinstance(ch, Choice)
        return ch

    def done(self, index: int | list[int]) -> None:
        """Answer and go back to the duel."""
        self.duel.cursor = None
        self.duel.act(index)
        self.app.scenes.pop_to(self.duel)

    @property
    def practising(self) -> bool:
        """A practice duel: each move is explained before it is chosen."""
        return self.duel.mode == PRACTICE

    def draw_hint(self, surface: pygame.Surface, text: str) -> None:
        """The practice duel's word on the move under the cursor, in a window at the top of
        the screen (three lines at most)."""
        if not (self.practising and text):
            return
        t = self.app.text
        lines = wrap(t.font, text, HINT_W)
        if len(lines) > HINT_LINES:
            rest = fit(t.font, " ".join(lines[HINT_LINES - 1:]), HINT_W)
            lines = [*lines[:HINT_LINES - 1], rest]
        step = t.font.line_height
        window(surface, 2, 1, 236, 6 + step * len(lines))
        for i, line in enumerate(lines):
            draw_ops(surface, line_ops(t.font, line, 6, 4 + i * step, INK), t)


class ActionMenuScene(_Overlay):
    def enter(self) -> None:
        tags = {o[0] for o in self.choice.options}
        items = [
            MenuItem("Hand", bool(tags & set(HAND_TAGS)), "hand"),
            MenuItem("Attack", ATTACK in tags, ATTACK),
            MenuItem(self.duel.match.era.chosen_power_label, POWER in tags, POWER),
            MenuItem("Retreat", RETREAT in tags, RETREAT),
            MenuItem("Discard piles", True, "piles"),
            MenuItem("Log", True, "log"),
            MenuItem("End turn", PASS in tags, PASS),
            # Over the link the match cannot be put aside: leaving ends it.
            MenuItem("Leave" if self.duel.mode == "link" else "Suspend", True, "suspend"),
        ]
        self.menu = Menu(items, rows=8)
        self.asking = False  # the Suspend question is up

    def resume(self, result: Any = None) -> None:
        if self.asking:
            self.asking = False
            if result is True:
                self.duel.leave_match()

    def update(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        if inp.pressed(Button.START):
            inp.consume(Button.START)
            result = "cancel"
        if result == "cancel":
            self.close()
            return
        if result != "select" or self.menu.selected is None:
            return
        what = self.menu.selected.value
        options = list(enumerate(self.choice.options))
        if what == "hand":
            self.push(HandScene(self.app, self.duel))
        elif what in (ATTACK, POWER):
            picks = [(i, o) for i, o in options if o[0] == what]
            self.push(OptionListScene(self.app, self.duel, picks,
                                      "Attack" if what == ATTACK
                                      else self.duel.match.era.chosen_power_label))
        elif what == RETREAT:
            picks = [(i, o) for i, o in options if o[0] == RETREAT]
            self.push(TargetScene(self.app, self.duel, picks, lambda o: o[1],
                                  "Retreat to which Pokémon?"))
        elif what == "log":
            self.push(LogScene(self.app, self.duel))
        elif what == "piles":
            self.push(PilesScene(self.app, self.duel))
        elif what == PASS:
            index = next(i for i, o in options if o[0] == PASS)
            self.done(index)
        elif what == "suspend":
            self.asking = True
            self.push(leave_question(self.duel))

    def draw(self, surface: pygame.Surface) -> None:
        h = self.menu.height(self.app.text.font) + 8
        window(surface, 150, 142 - h, 86, h)
        self.menu.draw(surface, self.app.text, 153, 146 - h, 80)
        item = self.menu.selected
        if item is not None:
            what = item.value
            power = self.duel.match.era.chosen_power_label
            hint = ACTION_HINTS.get(what, "") if what != POWER else \
                f"Use a {power} of one of your Pokémon."
            if what == PASS:
                hint = explain_option(self.m, PASS_OPTION)
            self.draw_hint(surface, hint)


def leave_question(duel: DuelScene) -> ConfirmScene:
    """Suspend (or, over the link, leave) the match? Asked first: it is one D-pad step
    from the Hand in the action menu."""
    if duel.mode == "link":
        return ConfirmScene(duel.app, "Leave the duel? It ends for both of you and counts "
                            "as abandoned.", yes="Leave", no="Keep playing")
    if duel.mode == "tutorial":
        return ConfirmScene(duel.app, "Leave the tutorial? It starts again from its first "
                            "lesson next time.", yes="Leave", no="Keep playing")
    return ConfirmScene(duel.app, "Suspend the match? Continue on the main menu takes it "
                        "up where you left it.", yes="Suspend", no="Keep playing")


def forfeit_question(duel: DuelScene) -> ConfirmScene:
    seat = duel.viewer
    loser, winner = duel.names[seat], duel.names[1 - seat]
    who = "You forfeit" if duel.mode in ("cpu", PRACTICE) else f"{loser} forfeits"
    return ConfirmScene(duel.app, f"Forfeit the match? {who}: {winner} wins, and it goes "
                        "into the match history.", yes="Forfeit", no="Keep playing")


class MatchMenuScene(MenuOverlay):
    """START+SELECT anywhere in a match (a setup prompt, a card, the log...): Resume,
    Suspend (Leave over the link), Forfeit, Settings. B, START or Resume close it."""

    in_match_menu = True

    def __init__(self, app: Handheld, duel: DuelScene) -> None:
        link = duel.mode == "link"
        items = [MenuItem("Resume", True, "resume", "Back to the match."),
                 MenuItem("Discard piles", True, "piles",
                          "Both players' discard piles and Lost Zones."),
                 MenuItem("Leave" if link else "Suspend", True, "suspend",
                          "End the duel for both (abandoned)." if link else
                          "Put the match aside; Continue resumes it.")]
        if not link:
            items.append(MenuItem("Forfeit", True, "forfeit",
                                  f"{duel.names[1 - duel.viewer]} wins the match."))
        items.append(MenuItem("Settings", True, "settings", "Text speed, sound, keys, screen."))
        super().__init__(app, "Match menu", items)
        self.duel = duel
        self.asking: str | None = None

    def chosen(self, value: Any) -> None:
        if value == "resume":
            self.close(None)
        elif value == "settings":
            from .settings_scene import SettingsScene

            self.push(SettingsScene(self.app))
        elif value == "piles":
            self.push(PilesScene(self.app, self.duel))
        elif value == "suspend":
            self.asking = value
            self.push(leave_question(self.duel))
        elif value == "forfeit":
            self.asking = value
            self.push(forfeit_question(self.duel))

    def resume(self, result: Any = None) -> None:
        asked, self.asking = self.asking, None
        if result is not True:
            return
        if asked == "suspend":
            self.duel.leave_match()
        elif asked == "forfeit":
            self.duel.forfeit()


class HandScene(_Overlay):
    """The hand: every card, those that can be played now marked; A plays the one under
    the cursor (asking for a target on the board when it needs one), R shows it."""

    transparent = False

    def enter(self) -> None:
        p = self.m.players[self.duel.viewer]
        self.cards = list(p.hand)
        by_def: dict[int, list[tuple[int, tuple[Any, ...]]]] = {}
        for i, o in enumerate(self.choice.options):
            if o[0] in HAND_TAGS:
                by_def.setdefault(id(self.m.defs[o[1]]), []).append((i, o))
        # The engine offers a Pokémon LEGEND once, for its half beneath; either half in
        # the hand plays the pair, so the half on top gets the same option.
        for cid in p.hand:
            d = self.m.defs[cid]
            if d.legend and d.legend_other is not None and id(d.legend_other) in by_def:
                by_def.setdefault(id(d), by_def[id(d.legend_other)])
        self.options_of = by_def
        items = []
        shared = self.duel.shared_names
        for cid in self.cards:
            d = self.m.defs[cid]
            playable = id(d) in by_def
            # (the two halves of a LEGEND share a name: their tags tell them apart)
            name = f"{d.name} {legend_half_tag(d)}" if d.legend else told_apart(d, shared)
            items.append(MenuItem(("* " if playable else "  ") + name, playable, cid))
        self.menu = Menu(items, rows=11)

    def options_for(self, cid: int) -> list[tuple[int, tuple[Any, ...]]]:
        return self.options_of.get(id(self.m.defs[cid]), [])

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.R) and self.menu.selected is not None:
            inp.consume(Button.R)
            ids = [self.m.defs[c].id for c in self.cards]
            self.push(CardViewScene(self.app, ids, self.menu.cursor))
            return
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.menu.selected is not None:
            picks = self.options_for(self.menu.selected.value)
            if all(o[0] in TARGETED for _, o in picks):
                name = self.m.defs[self.menu.selected.value].name
                self.push(TargetScene(self.app, self.duel, picks, lambda o: o[2],
                                      f"{name}: on which Pokémon?"))
            elif len(picks) == 1:
                self.done(picks[0][0])
            else:
                self.push(OptionListScene(self.app, self.duel, picks, "Play how?"))

    def resume(self, result: Any = None) -> None:
        if isinstance(result, int):
            self.menu.select(result)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.fill(PAPER)
        title_bar(app, surface, "Hand", f"{len(self.cards)} cards")
        window(surface, 2, 16, 128, self.menu.rows * ROW_H + 8)
        self.menu.draw(surface, app.text, 5, 20, 122)
        item = self.menu.selected
        if item is not None:
            d = self.m.defs[item.value]
            lines = [d.name, f"{d.kind_name}{f', {d.hp} HP' if d.hp else ''}, {printing(d.id)}"]
            picks = self.options_for(item.value)
            lines += [self.m.describe(o) for _, o in picks[:4]] if picks else \
                [why_unplayable(self.m, self.duel.viewer, item.value)]
            if picks and self.practising:
                lines.append(explain_option(self.m, picks[0][1]))
            if d.legend:
                lines.append("Both halves go onto the Bench together, as one Pokémon.")
            y, step = 20, app.text.font.line_height + 1
            parts = [part for line in lines for part in wrap(app.text.font, line, 100)]
            for part in parts[:(148 - y) // step]:  # above the hint line
                draw_ops(surface, line_ops(app.text.font, part, 136, y, INK), app.text)
                y += step
        hint_line(app, surface, "A: play  R: card  B: back")


def option_label(m: Any, o: tuple[Any, ...]) -> str:
    """An option as a list shows it: an attack with its Energy cost in symbols before its
    name and damage ("[R][C] Flamethrower 60"); anything else as the engine says it."""
    text = m.describe(o)
    if o[0] == ATTACK:
        cost = m.defs[o[1]].attacks[o[2]].cost
        return f"{cost_text(cost)} {text.removeprefix('Attack: ')}"
    return text


class OptionListScene(_Overlay):
    """A short list of the engine's options (attacks, Powers, ways to play a card)."""

    def __init__(self, app: Handheld, duel: DuelScene, picks: list[tuple[int, Any]],
                 title: str) -> None:
        super().__init__(app, duel)
        self.picks = picks
        self.title = title
        self.menu = Menu([MenuItem(option_label(self.m, o), True, i) for i, o in picks],
                         rows=6)

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.R):
            inp.consume(Button.R)
            self._show_card()
            return
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.menu.selected is not None:
            self.done(self.menu.selected.value)

    def _show_card(self) -> None:
        _, o = self.picks[self.menu.cursor]
        cid = o[1] if o[0] == ATTACK else None
        if o[0] == POWER:
            slot = self.m.slot(o[1])
            cid = slot.top if slot is not None else None
        if cid is not None:
            self.push(CardViewScene(self.app, [self.m.defs[cid].id]))

    def draw(self, surface: pygame.Surface) -> None:
        h = self.menu.height(self.app.text.font) + 18
        window(surface, 4, 140 - h, 232, h)
        self.app.text.draw(surface, self.title + "  (R: card)", 9, 144 - h, MUTED)
        self.menu.draw(surface, self.app.text, 7, 154 - h, 226)
        if self.picks:
            self.draw_hint(surface, explain_option(self.m, self.picks[self.menu.cursor][1]))


class TargetScene(_Overlay):
    """Pick a Pokémon on the board: the allowed ones blink, the D-pad moves between them."""

    def __init__(self, app: Handheld, duel: DuelScene, picks: list[tuple[int, Any]],
                 slot_of: Callable[[Any], int], prompt: str) -> None:
        super().__init__(app, duel)
        self.picks = picks
        self.slot_of = slot_of
        self.prompt = prompt
        self.at = 0

    def update(self, inp: FrameInput) -> None:
        dx, dy = inp.nav()
        if dx or dy:
            inp.consume(Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)
            # By direction among the allowed Pokémon, as drawn on the board.
            drawn = slot_rects(self.m, self.duel.viewer)
            rects = {i: drawn[sid] for i, (_, pick) in enumerate(self.picks)
                     if (sid := self.slot_of(pick)) in drawn}
            if len(rects) == len(self.picks):
                moved = step_cursor(rects, self.at, max(-1, min(1, dx)),
                                    max(-1, min(1, dy)) if not dx else 0)
            else:  # (a pick not on the board: step through the list instead)
                moved = (self.at + (dx or dy)) % len(self.picks)
            if moved is not None and moved != self.at:
                self.at = moved
                self.app.play("cursor")
        self.duel.cursor = self.slot_of(self.picks[self.at][1])
        if inp.pressed(Button.R):
            inp.consume(Button.R)
            slot = self.m.slot(self.duel.cursor)
            if slot is not None:
                self.push(slot_cards_view(self.app, self.m, slot))
        elif inp.pressed(Button.A):
            inp.consume(Button.A)
            self.app.play("confirm")
            self.done(self.picks[self.at][0])
        elif inp.pressed(Button.B):
            inp.consume(Button.B)
            self.app.play("back")
            self.duel.cursor = None
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        duel = self.duel
        duel.view.draw(surface, self.m, duel.viewer, names=duel.names,
                       highlight=frozenset(self.slot_of(o) for _, o in self.picks),
                       cursor=duel.cursor, frame=self.frames)
        y = 142
        surface.fill(WHITE, (0, y, 240, 18))
        surface.fill(INK, (0, y, 240, 1))
        t = self.app.text
        top = y + 1 + text_drop(t.font)  # two lines above the edge (as the duel's own)
        t.draw(surface, fit(t.font, self.prompt, 232), 4, top, INK)
        label = self.m.describe(self.picks[self.at][1])
        t.draw(surface, fit(t.font, label[:60], 232), 4, top + 8, MUTED)
        pick = self.picks[self.at][1]
        if isinstance(pick, tuple) and self.choice.kind == "main":
            self.draw_hint(surface, explain_option(self.m, pick))


def useful_answer(choice: Choice) -> int:
    """The option a list opens on: the one a player nearly always wants (every extra card
    after the opponent's mulligan: more cards cost nothing but a card of the deck), else
    the first."""
    if choice.kind == "mulligan_draw" and choice.options:
        return max(range(len(choice.options)), key=lambda i: choice.options[i][1])
    return 0


NOTHING_FOUND = "Nothing here can be taken"


class ChoiceScene(_Overlay):
    """Any other decision: a list of what the engine offers. One pick: A. Several: A marks,
    START confirms once enough are marked. Pokémon in the list are highlighted on the
    board; R shows the card under the cursor when the player may see it."""

    def __init__(self, app: Handheld, duel: DuelScene, choice: Choice) -> None:
        super().__init__(app, duel)
        self.ch = choice
        self.marked: set[int] = set()
        self.multi = not (choice.min == 1 and choice.max == 1)
        # A search that found nothing is asked all the same (the deck is secret): one row
        # says so, and A or START goes on.
        self.menu = Menu([MenuItem(self._label(i, o), True, i)
                          for i, o in enumerate(choice.options)]
                         or [MenuItem(NOTHING_FOUND, True, None)], rows=6, cancel=False)
        self.menu.select(useful_answer(choice))

    def _label(self, i: int, o: Any) -> str:
        text = self.m.describe(o)
        if o[0] == CARD and isinstance(o[1], int) and 0 <= o[1] < len(self.m.defs):
            text = told_apart(self.m.defs[o[1]], self.duel.shared_names)
        if not self.multi:
            return text
        return ("(x) " if i in self.marked else "( ) ") + text

    def _slot(self) -> int | None:
        o = self.ch.options[self.menu.cursor] if self.ch.options else None
        if o is not None and o[0] == SLOT:
            return o[1]
        return None

    def _visible_card(self) -> str | None:
        if not self.ch.options:
            return None
        o = self.ch.options[self.menu.cursor]
        if o[0] in (CARD, ENERGY) and isinstance(o[1], int):
            return self.m.defs[o[1]].id
        return None

    def update(self, inp: FrameInput) -> None:
        if self.m.pending is not self.ch:
            self.close()
            return
        if inp.pressed(Button.R):
            inp.consume(Button.R)
            slot_id = self._slot()
            slot = self.m.slot(slot_id) if slot_id is not None else None
            card = self._visible_card()
            if slot is not None:
                self.push(slot_cards_view(self.app, self.m, slot))
            elif card:
                self.push(CardViewScene(self.app, [card]))
            return
        if self.multi and inp.pressed(Button.START):
            inp.consume(Button.START)
            if self.ch.min <= len(self.marked) <= self.ch.max:
                self.app.play("confirm")
                self.done(sorted(self.marked))
            else:
                self.app.play("error")
            return
        result = self.menu.update(inp, self.app.sounds)
        self.duel.cursor = self._slot()
        if result != "select":
            return
        i = self.menu.cursor
        if not self.multi:
            self.done(i)
            return
        if self.ch.nothing_to_pick:
            self.done([])
            return
        if i in self.marked:
            self.marked.discard(i)
        elif len(self.marked) < self.ch.max:
            self.marked.add(i)
        for j, item in enumerate(self.menu.items):
            item.label = self._label(j, self.ch.options[j])

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        rows = min(self.menu.rows, len(self.menu.items))
        h = rows * ROW_H + 30
        top = 142 - h
        window(surface, 4, top, 232, h)
        prompt = self.ch.prompt or "Choose"
        if self.ch.nothing_to_pick:
            prompt += "  (A: go on)"
        elif self.multi:
            prompt += f"  ({self.ch.min}-{self.ch.max}, START: done)" if self.ch.min != \
                self.ch.max else f"  ({self.ch.max}, START: done)"
        step = t.font.line_height  # the menu's budget leaves room for the large font's
        for i, line in enumerate(wrap(t.font, prompt, 222)[:2]):
            t.draw(surface, line, 9, top + 4 + i * step, INK)
        self.menu.draw(surface, t, 7, top + 6 + 2 * step, 226)
        surface.fill(WHITE, (0, 142, 240, 18))
        surface.fill(INK, (0, 142, 240, 1))
        hint = "A: choose" + ("  START: done" if self.multi else "") + "  R: card"
        t.draw(surface, hint, 4, 146, MUTED)


CAPTION_W = 192  # the coin window's text width


def coin_caption(font: Any, caption: str, width: int) -> list[str]:
    """Who flips and what for, in at most two lines of ``width``: whole words, and a long
    card name cut with "..." only when two lines cannot hold it."""
    lines = wrap(font, caption, width)
    if len(lines) <= 2:
        return lines
    last = lines[1]
    while last and font.width(last + "...") > width:
        last = last[:-1]
    return [lines[0], last.rstrip() + "..."]


class CoinScene(_Overlay):
    """A coin spins, lands, and says Heads or Tails; then the match goes on."""

    SPIN = 42

    def __init__(self, app: Handheld, duel: DuelScene, heads: bool) -> None:
        super().__init__(app, duel)
        self.heads = heads
        pending = duel.match.pending
        who = duel.names[pending.player] if pending is not None else ""
        purpose = getattr(pending, "purpose", "") or "a coin"
        self.caption = f"{who} flips for {purpose}"

    def enter(self) -> None:
        self.app.play("coin")

    def update(self, inp: FrameInput) -> None:
        skip = inp.pressed(Button.A) or inp.pressed(Button.B)
        inp.consume(Button.A, Button.B)
        if self.frames >= self.SPIN + 36 or (skip and self.frames > 6):
            self.duel.coins_animated += 1
            self.duel.resolve_chance(self.heads)
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        cx, cy, r = 120, 62, 18
        window(surface, 20, 22, 200, 86)
        spinning = self.frames < self.SPIN
        if spinning:
            half = max(1, int(abs(math.cos(self.frames * 0.45)) * r))
            face_heads = (self.frames // 7) % 2 == 0
        else:
            half, face_heads = r, self.heads
        color = (236, 196, 64) if face_heads else (196, 200, 210)
        for dy in range(-r, r + 1):
            w = int(math.sqrt(max(0, r * r - dy * dy)) * half / r)
            surface.fill(INK, (cx - w - 1, cy + dy, 2 * w + 2, 1))
            if abs(dy) < r:
                surface.fill(color, (cx - w, cy + dy, 2 * w, 1))
        if not spinning or half > r // 2:
            letter = "H" if face_heads else "T"
            t = self.app.text
            t.draw(surface, letter, cx - t.font.width(letter), cy - 6, INK, 2)
        t = self.app.text
        for i, line in enumerate(coin_caption(t.font, self.caption, CAPTION_W)):
            t.draw(surface, line, cx - t.font.width(line) // 2, 26 + i * t.font.line_height,
                   MUTED)
        if not spinning:
            msg = "Heads!" if self.heads else "Tails."
            t.draw(surface, msg, cx - t.font.width(msg) // 2, 90, INK)


class PassScene(Scene):
    """Hotseat: hide the board until the next player has the handheld."""

    def __init__(self, app: Handheld, name: str) -> None:
        super().__init__(app)
        self.name_ = name

    def update(self, inp: FrameInput) -> None:
        if inp.pressed(Button.A) or inp.pressed(Button.START):
            inp.consume(Button.A, Button.START)
            self.app.play("confirm")
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((40, 44, 70))
        t = self.app.text
        for i, line in enumerate((f"Pass the handheld to {self.name_}.",
                                  "No peeking at the other hand!", "",
                                  f"{self.name_}: press A when ready.")):
            t.draw(surface, line, (240 - t.font.width(line)) // 2, 56 + i * 12, WHITE)


class LogScene(Scene):
    """Everything that happened, newest at the bottom (what this player may see)."""

    def __init__(self, app: Handheld, duel: DuelScene) -> None:
        super().__init__(app)
        self.duel = duel
        m = duel.match
        self.lines: list[str] = []
        note = duel.session.log_note
        if note:
            self.lines.extend(wrap(app.text.font, f"({note})", 228))
        for ev in m.log:
            if ev[0] == EV_SHUFFLE:
                continue
            text = describe_event(m, ev, viewer=duel.viewer, names=duel.names)
            self.lines.extend(wrap(app.text.font, text, 228) or [""])
        # 15 lines of the small font, 9 pixels apart; fewer of a taller one.
        self.step = app.text.font.line_height + 1
        self.rows = 15 * 9 // self.step
        self.top = max(0, len(self.lines) - self.rows)

    def update(self, inp: FrameInput) -> None:
        _, dy = inp.nav()
        if dy:
            inp.consume(Button.UP, Button.DOWN)
            self.top = max(0, min(len(self.lines) - self.rows, self.top + dy * 3))
        if inp.pressed(Button.B) or inp.pressed(Button.SELECT) or inp.pressed(Button.A):
            inp.consume(Button.B, Button.SELECT, Button.A)
            self.app.play("back")
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER)
        title_bar(self.app, surface, "Log", f"{len(self.lines)} lines")
        t = self.app.text
        for i, line in enumerate(self.lines[self.top:self.top + self.rows]):
            color = INK if not line.startswith("---") else MUTED
            draw_ops(surface, line_ops(t.font, line, 4, 16 + i * self.step, color), t)
        hint_line(self.app, surface, "UP/DOWN: scroll  B: back")


def result_sentence(result: str, names: tuple[str, str], winner: int | None) -> str:
    """How the match was won, as a sentence naming both players: "CPU took the last Prize
    card.", "Ash had no Pokémon left in play." ("" for a draw). A result of two reasons
    ("prizes+no_pokemon") gives both."""
    if winner is None:
        return ""
    w, loser = names[winner], names[1 - winner]
    reasons = {"prizes": f"{w} took the last Prize card",
               "no_pokemon": f"{loser} had no Pokémon left in play",
               "deck_out": f"{loser} had no card left to draw",
               "time": f"{w} had fewer Prize cards left when time was called",
               "forfeit": f"{loser} forfeited",
               "lost_world": f"{w} won by Lost World (6 of {loser}'s Pokémon in the Lost Zone)"}
    return " and ".join(reasons.get(r, f"{w} won ({r})") for r in result.split("+")) + "."


class ResultScene(Scene):
    """The end of the match: who won, and why; A returns to the menu."""

    def __init__(self, app: Handheld, duel: DuelScene) -> None:
        super().__init__(app)
        self.duel = duel
        m = duel.match
        self.winner = m.winner
        self.viewer = duel.viewer if duel.mode != "hotseat" else None
        self.why = result_sentence(m.result, duel.names, m.winner)
        self.turns = m.turn

    def enter(self) -> None:
        self.app.play("confirm" if self.won() is not False else "back")

    def won(self) -> bool | None:
        if self.viewer is None or self.winner is None:
            return None
        return self.winner == self.viewer

    def update(self, inp: FrameInput) -> None:
        if self.duel.mode == "demo":
            if self.frames > 180:
                self.close()  # the attract mode plays the next match
            return
        if self.frames > 20 and (inp.pressed(Button.A) or inp.pressed(Button.START)):
            inp.consume(Button.A, Button.START)
            from .main_menu import MainMenuScene

            self.app.scenes.reset(MainMenuScene(self.app))
            if self.duel.opponent is not None:  # a ladder duel: back to the ladder
                from ...roster import OPPONENTS
                from .ladder import LadderScene

                self.app.scenes.push(LadderScene(self.app, OPPONENTS[self.duel.opponent].era))
                if self.duel.packs:  # the packs it earned, opened at once
                    from .boosters import BoosterRevealScene

                    self.app.scenes.push(BoosterRevealScene(self.app, list(self.duel.packs)))

    def ladder_news(self) -> list[str]:
        """What a ladder win changed (roster.on_victory), in a line or two."""
        v = self.duel.victory
        if v is None:
            return []
        out = [f"First win against {v.opponent.name}!" if v.first_win
               else f"Another win against {v.opponent.name}."]
        if v.unlocked:
            out.append("Now open: " + ", ".join(o.name for o in v.unlocked) + ".")
        if v.era_complete:
            out.append("Every opponent of this ladder is beaten!")
        n = len(self.duel.packs)
        if n:
            out.append(f"You earned {n} booster pack{'s' if n != 1 else ''}!")
        return out

    def draw(self, surface: pygame.Surface) -> None:
        won = self.won()
        surface.fill((60, 110, 60) if won else (110, 60, 60) if won is False else (60, 70, 110))
        t = self.app.text
        names = self.duel.names
        if won is True:
            title = "Victory!"
        elif won is False:
            title = "Defeat"
        else:
            title = f"{names[self.winner]} wins!" if self.winner is not None else "A draw"
        t.draw(surface, title, (240 - t.font.width(title) * 3) // 2, 30, WHITE, 3)
        lines = [self.why,
                 f"{self.turns} turns.", *self.ladder_news(), "",
                 "Press A to open them" if self.duel.packs else "Press A"]
        for i, line in enumerate(lines):
            for j, part in enumerate(wrap(t.font, line, 220)):
                t.draw(surface, part, (240 - t.font.width(part)) // 2,
                       70 + i * (t.font.line_height + 4) + j * (t.font.line_height + 1),
                       WHITE if i != len(lines) - 1 or (self.frames // 30) % 2 == 0 else SHADE)
