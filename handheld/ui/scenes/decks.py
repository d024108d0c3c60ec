"""The deck builder: the player's decks and the ready-made ones, and the deck editor.

* :class:`DeckListScene` lists "New deck", the player's own decks (from the saves) and the
  ready-made decks of the assets (the two theme decks first), each with its card count and
  whether it is legal. A opens a deck's actions: Edit, Rename, Copy, Delete (asks first)
  for the player's decks; View cards and Copy for the ready-made ones, which are read-only
  templates: a copy is an ordinary deck of the player's.
* :class:`DeckEditorScene` shows the cards offered (the collection: the whole Expedition
  set until scanning fills it) on the left, filtered by type with LEFT/RIGHT, and the deck
  on the right. A adds the card under the cursor, B takes one copy of it out, L and R pick
  the list, SELECT shows the card page, START opens Save / Save as... / Build around this
  card / List view / Statistics / Deck problems / Leave. "Build around this card" offers a
  deck of the era built around the card under the cursor (``handheld.autodeck``) and
  replaces the deck only once the player says yes; the list view and the statistics are
  the pages of :mod:`.deck_summary`. The header shows the count (n/60) and the first rule
  the deck breaks, or "Legal deck"; a refused add (a fifth copy, a 61st card) says why
  there instead.

Every save error (a name already taken, an empty name, a failing SD card) is shown to the
player as a message; nothing the player types or does here can crash the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from firmware_sim.buttons import Button

from ...autodeck import build_around
from ...cards import THEME_DECKS, deck_names, load_deck, ready_deck_era
from ...collection import AlbumEntry, DeckBuilder, era_album
from ...engine.eras import ERAS, HOME, playable_eras
from ...engine.errors import InvalidDeck
from ...save import Deck, SaveError
from ...save.saves import DECK_NAME_MAX
from ..icons import energy_icon
from ..keyboard import KeyboardScene
from ..marks import draw_marked_name
from ..palette import BODY_GREEN, INK, MUTED, PAPER, POWER_RED, SHADE, WHITE
from ..printing import printing, shared_names
from ..scene import Scene
from ..text import fit, wrap
from ..widgets import ROW_H, SELECT_FILL, Menu, MenuItem, arrow, down_arrow, window
from .album import FILTERS
from .common import BAR_FILL, ConfirmScene, MenuOverlay, NoticeScene, hint_line, title_bar

if TYPE_CHECKING:
    import pygame

    from ...engine.carddefs import CardDef
    from ...engine.cardpool import CardPool
    from ..app import Handheld
    from ..input import FrameInput
    from ..palette import Color

DECK_SIZE = 60
MESSAGE_FRAMES = 240  # how long a refusal or "Saved" stays in the header (4 s)
EDITOR_ROWS = 9


# --------------------------------------------------------------------------- helpers


def sentence(text: str) -> str:
    """The engine's reasons start in lower case ("the deck has ..."): a line on its own
    starts with a capital."""
    return text[:1].upper() + text[1:]


def ready_title(stem: str) -> str:
    """A ready-made deck's name as the duel setup shows it: ``blazing_quake`` -> "Blazing
    Quake"."""
    return stem.replace("_", " ").title()


def free_name(taken: Iterable[str], base: str, suffix: str = " copy") -> str:
    """``base + suffix``, or with " 2", " 3" ... after it, not in ``taken`` (ignoring case,
    as the saves compare names) and within the saves' length limit."""
    used = {t.casefold() for t in taken}
    n = 1
    while True:
        tail = suffix if n == 1 else f"{suffix} {n}"
        candidate = base[:DECK_NAME_MAX - len(tail)].rstrip() + tail
        if candidate.casefold() not in used:
            return candidate
        n += 1


def matches(key: str, card: CardDef) -> bool:
    """Whether ``card`` passes the album's filter ``key`` (see ``album.FILTERS``)."""
    if key == "all":
        return True
    if key == "pokemon":
        return card.kind == 0
    if key == "trainer":
        return card.kind == 1
    if key == "energy":
        return card.kind == 2
    return card.kind == 0 and key in card.types


class ListCursor:
    """A cursor over a list longer than the rows shown, wrapping at both ends."""

    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.index = 0
        self.top = 0

    def move(self, step: int, n: int) -> bool:
        if n <= 1:
            return False
        self.index = (self.index + step) % n
        self.clamp(n)
        return True

    def clamp(self, n: int) -> None:
        self.index = max(0, min(self.index, n - 1))
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.rows:
            self.top = self.index - self.rows + 1
        self.top = max(0, min(self.top, max(0, n - self.rows)))


# --------------------------------------------------------------------------- dialogs


class _Asking(Scene):
    """A scene that opens dialogs and carries on with their answer: ``ask(scene, then)``
    calls ``then(result)`` when ``scene`` closes (a callback rather than a state name, so
    a chain like notice -> keyboard again reads in one place)."""

    def __init__(self, app: Handheld) -> None:
        super().__init__(app)
        self._then: Callable[[Any], None] | None = None

    def ask(self, scene: Scene, then: Callable[[Any], None] | None = None) -> None:
        self._then = then
        self.push(scene)

    def tell(self, text: str, then: Callable[[Any], None] | None = None) -> None:
        self.ask(NoticeScene(self.app, text), then)

    def resume(self, result: Any = None) -> None:
        then, self._then = self._then, None
        if then is not None:
            then(result)

    def ask_name(self, title: str, text: str, then: Callable[[str], object]) -> None:
        """The keyboard; ``then(name)`` only when the player typed one (not on cancel).
        Whatever ``then`` returns is ignored."""
        def got(result: Any) -> None:
            if isinstance(result, str):
                then(result)
        self.ask(KeyboardScene(self.app, title, text, max_len=DECK_NAME_MAX), got)


# --------------------------------------------------------------------------- the list


@dataclass
class DeckEntry:
    kind: str  # "new", "own" or "ready"
    name: str
    cards: list[str] = field(default_factory=list)
    deck_id: int | None = None
    stem: str = ""  # a ready-made deck's file name
    problems: list[str] = field(default_factory=list)
    era: str = HOME.key  # the era the deck is built for


def deck_problems(pool: CardPool, cards: list[str], era: str) -> list[str]:
    """Why a saved deck is not legal in its era (an era this version does not know: that)."""
    if era not in ERAS:
        return [f"the deck is built for the era {era!r}, which this version does not know"]
    return ERAS[era].deck_violations(pool, cards)


def ready_made_decks(app: Handheld) -> list[DeckEntry]:
    """The ready-made decks of the assets, the theme decks first. A deck file that cannot
    be read is left out (and said once in the notices) rather than taking the list down."""
    names = deck_names()
    order = [n for n in THEME_DECKS if n in names] + [n for n in names if n not in THEME_DECKS]
    out = []
    for stem in order:
        try:
            cards = load_deck(stem)
        except (OSError, InvalidDeck, ValueError) as e:
            app.notices.append(f"The ready-made deck {stem} could not be read: {e}")
            continue
        era = ready_deck_era(stem, HOME.key)  # the era of its deck set
        out.append(DeckEntry("ready", ready_title(stem), cards, stem=stem,
                             problems=deck_problems(app.pool, cards, era), era=era))
    return out


class DeckListScene(_Asking):
    def __init__(self, app: Handheld) -> None:
        super().__init__(app)
        self.menu = Menu([], rows=9)
        self.entries: list[DeckEntry] = []
        self.status = ""  # a line for the player after an action ("Copied to ...")
        self._ready = ready_made_decks(app)
        self.refresh()

    def enter(self) -> None:
        notice = self.app.notice()
        if notice:
            self.tell(notice)

    # ---------------------------------------------------------------- data

    def own_decks(self) -> list[Deck]:
        try:
            return self.app.saves.decks(self.app.profile)
        except SaveError as e:
            self.status = f"Could not read your decks: {e}"
            return []

    def refresh(self, select_id: int | None = None) -> None:
        pool = self.app.pool
        entries = [DeckEntry("new", "New deck")]
        for d in self.own_decks():
            cards = list(d.cards)
            entries.append(DeckEntry("own", d.name, cards, d.id,
                                     problems=deck_problems(pool, cards, d.era), era=d.era))
        entries += self._ready
        self.entries = entries
        self.menu.set_items([MenuItem(e.name if e.kind != "new" else "+ New deck", True, e)
                             for e in entries])
        if select_id is not None:
            for i, e in enumerate(entries):
                if e.deck_id == select_id:
                    self.menu.cursor = i
        self.menu.set_items(self.menu.items)  # scroll to the cursor

    def taken(self) -> list[str]:
        return [e.name for e in self.entries if e.kind == "own"]

    @property
    def selected(self) -> DeckEntry | None:
        item = self.menu.selected
        return item.value if item is not None else None

    # ---------------------------------------------------------------- input

    def update(self, inp: FrameInput) -> None:
        result = self.menu.update(inp, self.app.sounds)
        if result == "cancel":
            self.close()
        elif result == "select" and self.selected is not None:
            self.status = ""
            self.choose(self.selected)

    def choose(self, entry: DeckEntry) -> None:
        if entry.kind == "new":
            eras = playable_eras()
            if len(eras) == 1:
                self.edit(None)
                return
            # A deck is built for one era's rules and cards: ask which, the home era first.
            items = [MenuItem(e.name, True, e.key, f"A deck of {e.name} cards, judged by its "
                              "rules.") for e in eras]
            self.ask(MenuOverlay(self.app, "A deck for which rules?", items),
                     lambda key: self.edit(None, era=key) if key in ERAS else None)
            return
        if entry.kind == "own":
            items = [MenuItem("Edit", True, "edit", "Add and remove cards."),
                     MenuItem("Rename", True, "rename", "Give the deck another name."),
                     MenuItem("Copy", True, "copy", "A new deck with the same cards."),
                     MenuItem("Delete", True, "delete", "Throw the deck away (asks first).")]
        else:
            items = [MenuItem("View cards", True, "view", "The deck's cards, one by one."),
                     MenuItem("Copy", True, "copy",
                              "Ready-made decks are read-only: copy one to edit it.")]
        self.ask(MenuOverlay(self.app, entry.name, items), lambda what: self.act(entry, what))

    def act(self, entry: DeckEntry, what: Any) -> None:
        if what == "edit":
            self.edit(entry)
        elif what == "rename":
            self.rename(entry)
        elif what == "copy":
            self.copy(entry)
        elif what == "delete":
            self.delete(entry)
        elif what == "view":
            ids = [c for c in dict.fromkeys(entry.cards) if c in self.app.pool]
            if ids:
                from .card_view import CardViewScene

                self.ask(CardViewScene(self.app, ids))

    # ---------------------------------------------------------------- actions

    def edit(self, entry: DeckEntry | None, *, era: str = HOME.key) -> None:
        if entry is None:
            scene = DeckEditorScene(self.app, era=era)
        else:
            scene = DeckEditorScene(self.app, entry.cards, entry.name, entry.deck_id,
                                    era=entry.era)
        self.ask(scene, lambda _: self.refresh(scene.deck_id))

    def rename(self, entry: DeckEntry, text: str | None = None) -> None:
        def named(name: str) -> None:
            if entry.deck_id is None:
                return
            try:
                deck = self.app.saves.rename_deck(entry.deck_id, name)
            except SaveError as e:
                self.failed(f"Could not rename the deck: {e}.", lambda: self.rename(entry, name))
                return
            self.app.play("confirm")
            self.status = f"Renamed to {deck.name}."
            self.refresh(deck.id)

        self.ask_name("Rename the deck", entry.name if text is None else text, named)

    def copy(self, entry: DeckEntry, text: str | None = None) -> None:
        def named(name: str) -> None:
            saves, profile = self.app.saves, self.app.profile
            try:
                if entry.deck_id is not None:
                    deck = saves.copy_deck(entry.deck_id, name)
                else:
                    deck = saves.save_deck(profile, name, entry.cards, era=entry.era)
            except SaveError as e:
                self.failed(f"Could not copy the deck: {e}.", lambda: self.copy(entry, name))
                return
            self.app.play("confirm")
            self.status = f"Copied to {deck.name}."
            self.refresh(deck.id)

        default = free_name(self.taken(), entry.name) if text is None else text
        self.ask_name("Name the copy", default, named)

    def delete(self, entry: DeckEntry) -> None:
        def answered(yes: Any) -> None:
            if yes is not True or entry.deck_id is None:
                return
            try:
                self.app.saves.delete_deck(entry.deck_id)
            except SaveError as e:
                self.failed(f"Could not delete the deck: {e}.")
                return
            self.app.play("back")
            self.status = f"Deleted {entry.name}."
            self.refresh()

        self.ask(ConfirmScene(self.app, f"Delete the deck {entry.name}? This cannot be undone.",
                              yes="Delete", no="Keep it"), answered)

    def failed(self, text: str, retry: Callable[[], None] | None = None) -> None:
        """Say what went wrong; then, if given, let the player try again (the keyboard
        again with what was typed, to correct a name already taken)."""
        self.app.play("error")
        self.status = text
        self.tell(text, (lambda _: retry()) if retry else None)

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        font = app.text.font
        surface.fill(PAPER)
        own = sum(1 for e in self.entries if e.kind == "own")
        title_bar(app, surface, "Deck builder", f"{own} of yours")
        window(surface, 4, 16, 232, self.menu.rows * ROW_H + 8)
        self.menu.draw(surface, app.text, 7, 20, 140)
        top = self.menu.top
        for i, row in enumerate(self.entries[top:top + self.menu.page_rows]):
            y = self.menu.row_y(20, top + i) + 2  # (the menu's rows, in either font)
            # The legality mark at the right end; the era's label gets the room before it
            # (cut short in the large font rather than written over the mark).
            mark_x = 230
            if row.kind != "new":
                mark, color = self.legal_mark(row)
                mark_x = 230 - font.width(mark)
                app.text.draw(surface, mark, mark_x, y, color)
            room = max(0, mark_x - 150 - 4)
            if row.kind == "ready":
                # A ready-made deck of another era says which, as a player's own does.
                era = ready_deck_era(row.stem)
                tag = ERAS[era].label if era != HOME.key and era in ERAS else (
                    "theme" if row.stem in THEME_DECKS else "ready-made")
                app.text.draw(surface, fit(font, tag, room), 150, y, MUTED)
            elif row.kind == "own" and row.era != HOME.key:
                # A deck of another era says which (the home era's decks say nothing).
                label = ERAS[row.era].label if row.era in ERAS else row.era
                app.text.draw(surface, fit(font, label, min(60, room)), 150, y, MUTED)
        e = self.selected
        if self.status:
            info, color = self.status, POWER_RED if self.status.startswith("Could") else INK
        elif e is None or e.kind == "new":
            info = "Start an empty deck." if len(playable_eras()) == 1 else \
                "Start an empty deck for the rules you pick."
            color = MUTED
        elif e.problems:
            more = f" (+{len(e.problems) - 1})" if len(e.problems) > 1 else ""
            info, color = sentence(e.problems[0]) + more, POWER_RED
        else:
            info = "Legal deck." + (" Copy it to edit it." if e.kind == "ready" else "")
            color = BODY_GREEN
        for i, line in enumerate(wrap(font, info, 232)[:2]):
            app.text.draw(surface, line, 4, 126 + i * 9, color)
        hint_line(app, surface, "A: choose  B: back")

    @staticmethod
    def legal_mark(e: DeckEntry) -> tuple[str, Color]:
        n = len(e.cards)
        if not e.problems:
            return f"{n}/{DECK_SIZE} ok", BODY_GREEN
        return f"{n}/{DECK_SIZE} !{len(e.problems)}", POWER_RED  # "!": rules broken


# --------------------------------------------------------------------------- the editor


class DeckEditorScene(_Asking):
    """Edit ``cards``; ``deck_id`` is the saved deck it came from (None: not saved yet)."""

    def __init__(self, app: Handheld, cards: Iterable[str] = (), name: str = "New deck",
                 deck_id: int | None = None, *, era: str = HOME.key) -> None:
        super().__init__(app)
        # "Deck cards: owned" in the settings limits the offer to the scanned collection.
        owned = app.saves.owned_counts(app.profile) \
            if app.settings.deck_cards == "owned" else None
        # The deck belongs to an era: the cards of its sets are offered, its rules judge it.
        self.era = era if era in ERAS else HOME.key
        self.album = era_album(app.pool, self.era, owned)
        self.builder = DeckBuilder(self.album, cards, name, era=self.era)
        # Names two printings of the era's sets share: their rows say which is which.
        self.shared = shared_names(app.pool.get(e.card_id) for e in self.album.entries)
        self.deck_id = deck_id
        self.saved: Counter[str] = Counter(self.builder.counts) if deck_id is not None \
            else Counter()
        self.filter = 0
        self.focus = 0  # 0: the cards offered, 1: the deck
        self.cursors = (ListCursor(EDITOR_ROWS), ListCursor(EDITOR_ROWS))
        self.message = ""
        self.message_color: Color = POWER_RED
        self.message_at = 0
        self._offered_all = self.builder.offered()
        self.apply_filter()

    # ---------------------------------------------------------------- state

    @property
    def dirty(self) -> bool:
        return self.builder.counts != self.saved

    def apply_filter(self) -> None:
        key = FILTERS[self.filter][0]
        pool = self.app.pool
        self.offered: list[AlbumEntry] = [e for e in self._offered_all
                                          if matches(key, pool.get(e.card_id))]
        self.cursors[0].index = self.cursors[0].top = 0

    def deck_rows(self) -> list[str]:
        """The deck's different cards, in album order."""
        return list(dict.fromkeys(self.builder.cards()))

    def current(self) -> str | None:
        """The card id under the cursor of the list in focus."""
        rows = [e.card_id for e in self.offered] if self.focus == 0 else self.deck_rows()
        i = self.cursors[self.focus].index
        return rows[i] if 0 <= i < len(rows) else None

    def printing_of(self, d: CardDef) -> str:
        """The set and number the lists show beside a name that two printings of the
        era's sets share (two Tepig of Black & White), else nothing."""
        if d.legend:  # (a LEGEND's two halves share a name: their tags tell them apart)
            return ""
        return printing(d.id) if d.name in self.shared else ""

    def card_name(self, card_id: str) -> str:
        return self.app.pool.get(card_id).name if card_id in self.app.pool else card_id

    def say(self, text: str, color: Color = POWER_RED) -> None:
        self.message, self.message_color, self.message_at = text, color, self.frames

    # ---------------------------------------------------------------- editing

    def add(self, card_id: str) -> bool:
        problem = self.builder.can_add(card_id)
        if problem:
            self.say(problem)
            self.app.play("error")
            return False
        self.builder.add(card_id)
        self.message = ""
        self.app.play("confirm")
        return True

    def remove(self, card_id: str) -> bool:
        if not self.builder.counts[card_id]:
            self.say(f"No {self.card_name(card_id)} in the deck to take out. "
                     "START: save or leave.")
            self.app.play("error")
            return False
        self.builder.remove(card_id)
        self.message = ""
        self.app.play("back")
        self.cursors[1].clamp(len(self.deck_rows()))
        return True

    # ---------------------------------------------------------------- input

    def update(self, inp: FrameInput) -> None:
        if self.message and self.frames - self.message_at > MESSAGE_FRAMES:
            self.message = ""
        for button, focus in ((Button.L, 0), (Button.R, 1)):
            if inp.pressed(button):
                inp.consume(button)
                if self.focus != focus:
                    self.focus = focus
                    self.cursors[1].clamp(len(self.deck_rows()))
                    self.app.play("cursor")
        dx, dy = inp.nav()
        inp.consume(Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT)
        n = len(self.offered) if self.focus == 0 else len(self.deck_rows())
        if dy and self.cursors[self.focus].move(dy, n):
            self.app.play("cursor")
        if dx and self.focus == 0:
            self.filter = (self.filter + dx) % len(FILTERS)
            self.apply_filter()
            self.app.play("cursor")
        card = self.current()
        if inp.pressed(Button.A):
            inp.consume(Button.A)
            if card is not None:
                self.add(card)
        if inp.pressed(Button.B):
            inp.consume(Button.B)
            if card is not None:
                self.remove(card)
            else:
                self.say("START: save or leave the editor.", INK)
        if inp.pressed(Button.SELECT):
            inp.consume(Button.SELECT)
            self.show_cards()
        if inp.pressed(Button.START):
            inp.consume(Button.START)
            self.app.play("confirm")
            self.open_menu()

    def show_cards(self) -> None:
        from .card_view import CardViewScene

        rows = [e.card_id for e in self.offered] if self.focus == 0 else self.deck_rows()
        known = [c for c in rows if c in self.app.pool]
        card = self.current()
        if card is None or card not in known:
            self.app.play("error")
            return
        focus = self.focus

        def back(index: Any) -> None:
            if isinstance(index, int) and 0 <= index < len(known):
                self.cursors[focus].index = rows.index(known[index])
                self.cursors[focus].clamp(len(rows))

        self.ask(CardViewScene(self.app, known, known.index(card)), back)

    def open_menu(self) -> None:
        problems = self.builder.violations()
        card = self.current()
        around = f"A deck around {self.card_name(card)}: its line, Trainers, Energy." \
            if card is not None else "Put the cursor on a card first."
        items = [
            MenuItem("Save", True, "save", "Keep the deck as it is now." if self.deck_id
                     is not None else "Name the deck and keep it."),
            MenuItem("Save as...", True, "save_as", "Keep it as a new deck, under a new name."),
            MenuItem("Build around this card", card is not None, "build", around),
            MenuItem("List view", True, "list", "The deck as a list, by card kind."),
            MenuItem("Statistics", True, "stats", "Card kinds, stages and the Energy curve."),
            MenuItem(f"Deck problems ({len(problems)})", bool(problems), "problems",
                     "Every rule the deck still breaks."),
            MenuItem("Discard changes" if self.dirty else "Leave", True, "leave",
                     "Leave without saving." if self.dirty else "Back to the decks."),
        ]
        self.ask(MenuOverlay(self.app, self.builder.name, items), self.chosen)

    def chosen(self, what: Any) -> None:
        if what == "save":
            if self.deck_id is None:
                self.save_as("")
            else:
                self.write(self.builder.name, self.deck_id)
        elif what == "save_as":
            taken = [d.name for d in self.own_decks()]
            self.save_as(free_name(taken, self.builder.name) if self.deck_id is not None
                         else "")
        elif what == "problems":
            problems = self.builder.violations()
            self.tell("\n".join(sentence(p) + "." for p in problems) or "Legal deck.")
        elif what == "leave":
            self.leave()
        elif what == "build":
            card = self.current()
            if card is not None:
                self.build_around(card)
        elif what in ("list", "stats"):
            from .deck_summary import LIST, STATS, DeckSummaryScene

            self.ask(DeckSummaryScene(self.app, self.album, self.builder.name,
                                      self.builder.cards(), LIST if what == "list" else STATS))

    def build_around(self, card_id: str) -> None:
        """Offer a deck built around ``card_id`` from the cards the editor offers; the deck
        being edited is replaced only when the player says yes (a saved deck stays saved
        until the player saves again: leaving asks, as after any change)."""
        deck = build_around(self.album, card_id, self.era)
        name = self.card_name(card_id)
        if not deck.cards:
            self.app.play("error")
            self.tell(deck.summary())
            return
        now = f" The deck's {self.builder.size} cards will be replaced." \
            if self.builder.size else ""
        if deck.legal:
            question, yes = f"Build a legal 60-card deck around {name}?{now}", "Build it"
        else:
            lacks = "; ".join(deck.missing[:2]) + ("..." if len(deck.missing) > 2 else "")
            question = (f"Only {len(deck.cards)} of 60 cards around {name}: {lacks}. "
                        f"Use them as a draft?{now}")
            yes = "Use the draft"

        def answered(answer: Any) -> None:
            if answer is not True:
                return
            self.builder.counts = Counter(deck.cards)
            self.focus = 1
            self.cursors[1].index = self.cursors[1].top = 0
            self.app.play("confirm")
            if deck.legal:
                self.say(f"Built around {name}. START: save.", BODY_GREEN)
            else:
                self.say(f"Draft around {name}: {len(deck.cards)}/60. "
                         + sentence("; ".join(deck.missing)) + ".")

        self.ask(ConfirmScene(self.app, question, yes=yes, no="Keep my deck"), answered)

    def own_decks(self) -> list[Deck]:
        try:
            return self.app.saves.decks(self.app.profile)
        except SaveError:
            return []  # only used for a name suggestion; the save itself reports errors

    def save_as(self, text: str) -> None:
        title = "Name the deck" if self.deck_id is None else "Save as a new deck"
        self.ask_name(title, text, lambda name: self.write(name, None))

    def write(self, name: str, deck_id: int | None) -> bool:
        """Save the deck (a new one if ``deck_id`` is None); a refusal is shown, and a name
        already taken brings the keyboard back with the name to correct."""
        try:
            deck = self.app.saves.save_deck(self.app.profile, name, self.builder.cards(),
                                            deck_id=deck_id, era=self.era)
        except SaveError as e:
            self.app.play("error")
            self.say(f"Not saved: {e}.")
            retry = deck_id is None or self.builder.name != name
            self.tell(f"Could not save the deck: {e}.",
                      (lambda _: self.save_as(name)) if retry else None)
            return False
        self.deck_id = deck.id
        self.builder.name = deck.name
        self.saved = Counter(deck.cards)
        problems = len(self.builder.violations())
        self.say(f"Saved: {deck.name}." + (f" Not legal yet: {problems} problem"
                                             f"{'s' if problems > 1 else ''}."
                                             if problems else ""), BODY_GREEN)
        self.app.play("confirm")
        return True

    def back(self, inp: FrameInput) -> None:
        """START+SELECT: leave the editor (asking first if changes are not saved); its B
        takes a card out of the deck."""
        inp.consume_all()
        self.leave()

    def leave(self) -> None:
        if not self.dirty:
            self.app.play("back")
            self.close(self.deck_id)
            return

        def answered(yes: Any) -> None:
            if yes is True:
                self.app.play("back")
                self.close(self.deck_id)

        self.ask(ConfirmScene(self.app, "Leave without saving? The changes since the last "
                              "save will be lost.", yes="Discard changes", no="Keep editing"),
                 answered)

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        font = app.text.font
        surface.fill(PAPER)
        count = f"{self.builder.size}/{DECK_SIZE}"
        if self.era != HOME.key:  # a deck for another era's rules says which
            count = f"{ERAS[self.era].label}  {count}"
        name = self.builder.name + ("*" if self.dirty else "")
        title_bar(app, surface, fit(font, name, 220 - font.width(count)), count)
        self.draw_status(surface)
        self.draw_offered(surface, 2, 33, 136)
        self.draw_deck(surface, 140, 33, 98)
        if self.focus == 0:
            hint = "A:add B:remove LEFT/RIGHT:type R:deck SELECT:card START:menu"
        else:
            hint = "A:add B:remove L:all cards SELECT:card START:menu"
        hint_line(app, surface, fit(font, hint, 234))

    def draw_status(self, surface: pygame.Surface) -> None:
        font = self.app.text.font
        if self.message:
            text, color = sentence(self.message), self.message_color
        else:
            problems = self.builder.violations()
            if problems:
                more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
                text, color = sentence(problems[0]) + more, POWER_RED
            else:
                text, color = "Legal deck", BODY_GREEN
        lines = wrap(font, text, 232)
        if len(lines) > 2:
            lines = [lines[0], fit(font, " ".join(lines[1:]), 232)]
        for i, line in enumerate(lines):
            self.app.text.draw(surface, line, 4, 15 + i * 8, color)

    def panel_head(self, surface: pygame.Surface, x: int, y: int, w: int, focused: bool,
                   left: str, right: str) -> None:
        app = self.app
        surface.fill(BAR_FILL if focused else SHADE, (x + 2, y + 2, w - 4, 10))
        color = WHITE if focused else MUTED
        app.text.draw(surface, fit(app.text.font, left, w - 30), x + 5, y + 3, color)
        app.text.draw(surface, right, x + w - 5 - app.text.font.width(right), y + 3, color)

    def row_fill(self, surface: pygame.Surface, x: int, y: int, w: int, focused: bool) -> None:
        surface.fill(SELECT_FILL if focused else SHADE, (x, y, w, ROW_H - 1))
        if focused:
            arrow(surface, x + 1, y + 2)

    def draw_offered(self, surface: pygame.Surface, x: int, y: int, w: int) -> None:
        app = self.app
        focused = self.focus == 0
        cur = self.cursors[0]
        window(surface, x, y, w, 117)
        n = len(self.offered)
        head = FILTERS[self.filter][1]
        self.panel_head(surface, x, y, w, focused, f"< {head} >" if focused else head,
                        f"{cur.index + 1 if n else 0}/{n}")
        top = y + 14
        if not n:
            app.text.draw(surface, "No cards of this type.", x + 6, top + 2, MUTED)
        for i, e in enumerate(self.offered[cur.top:cur.top + cur.rows]):
            ry = top + i * ROW_H
            if cur.top + i == cur.index:
                self.row_fill(surface, x + 3, ry, w - 6, focused)
            d = app.pool.get(e.card_id)
            draw_marked_name(surface, app.text, d, x + 10, ry + 2, w - 42, half=True,
                             suffix=self.printing_of(d))
            if d.kind == 0 and d.types:
                surface.blit(energy_icon(d.types[0]), (x + w - 30, ry + 1))
            elif d.kind in (1, 2):
                app.text.draw(surface, "T" if d.kind == 1 else "E", x + w - 28, ry + 2, MUTED)
            have = self.builder.counts[e.card_id]
            if have:
                label = f"x{have}"
                app.text.draw(surface, label, x + w - 6 - app.text.font.width(label), ry + 2,
                              INK)
        if cur.top + cur.rows < n:
            down_arrow(surface, x + w - 12, y + 112)

    def draw_deck(self, surface: pygame.Surface, x: int, y: int, w: int) -> None:
        app = self.app
        focused = self.focus == 1
        cur = self.cursors[1]
        rows = self.deck_rows()
        window(surface, x, y, w, 117)
        kinds = f"{len(rows)} kind" + ("" if len(rows) == 1 else "s")
        self.panel_head(surface, x, y, w, focused, "Deck", kinds)
        top = y + 14
        if not rows:
            for i, line in enumerate(wrap(app.text.font, "Empty. A on a card adds it.",
                                          w - 12)):
                app.text.draw(surface, line, x + 6, top + 2 + i * 9, MUTED)
        for i, cid in enumerate(rows[cur.top:cur.top + cur.rows]):
            ry = top + i * ROW_H
            if cur.top + i == cur.index:
                self.row_fill(surface, x + 3, ry, w - 6, focused)
            prefix = f"{self.builder.counts[cid]} "
            if cid in app.pool:
                d = app.pool.get(cid)
                draw_marked_name(surface, app.text, d, x + 10, ry + 2, w - 16,
                                 prefix=prefix, half=True, suffix=self.printing_of(d))
            else:
                app.text.draw(surface, fit(app.text.font, prefix + cid, w - 16), x + 10,
                              ry + 2, INK)
        if cur.top + cur.rows < len(rows):
            down_arrow(surface, x + w - 12, y + 112)
