"""Button-mashing soak of the handheld's screens: random buttons for many frames, across
every scene, on the headless board. Any exception is a failure (it is counted, with its
traceback, and the run goes on from the main menu).

    .venv/bin/python tools/soak_ui.py --frames 100000          # the benchmark; prints JSON

Every ``--visit`` frames the stack is reset to one scene picked at random (so deep screens
-- the deck editor, a duel's hand, the keyboard, the Legend Pieces board in each mode the
e-Games menu offers, the booster reveal -- get their share), then the buttons are
random: a button every few frames, held 1-20 frames, D-pad and A most often, START+SELECT
now and then, POWER tapped (sleep and wake) rarely, never held long enough to shut down.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from firmware_sim.buttons import Button
from firmware_sim.camera import SimCamera
from handheld.cliargs import Parser, bounded_int, seed
from handheld.ui.app import FRAME_MS, Handheld

WEIGHTS = {Button.UP: 8, Button.DOWN: 8, Button.LEFT: 6, Button.RIGHT: 6, Button.A: 12,
           Button.B: 6, Button.L: 2, Button.R: 3, Button.START: 3, Button.SELECT: 2,
           Button.POWER: 0.1}


def _camera_clip() -> list[Any]:
    """What the scan screen's simulated camera films: codes coming and going, one damaged."""
    import numpy as np

    from scanner.codes import encode_card, encode_deck
    from scanner.synthetic import make_label

    def frame(*codes: str) -> Any:
        picture = np.full((480, 640, 3), 100, np.uint8)
        for i, text in enumerate(codes):
            label, _ = make_label(text, "Soak", module=4)
            h, w = label.shape[:2]
            picture[20:20 + h, 20 + i * (w + 20):20 + i * (w + 20) + w] = label
        return picture

    deck = encode_deck("Soak deck", ["ecard1-93"] * 4 + ["ecard1-84"] * 2)
    bad = encode_card("ecard1-1")[:-1] + "0"
    return [frame()] * 3 + [frame(encode_card("ecard1-93"))] * 4 + [frame()] * 2 + \
        [frame(encode_card("ecard2-1", 2), deck)] * 4 + [frame(bad)] * 3


def _starts(app: Handheld) -> dict[str, Callable[[], Any]]:
    """Scenes a visit can start from."""
    from handheld.cards import load_deck
    from handheld.ereader.scan_session import ScanBasket
    from handheld.tutorial import LESSONS
    from handheld.ui.scenes.album import AlbumScene
    from handheld.ui.scenes.card_info import CardInfoScene
    from handheld.ui.scenes.card_view import CardViewScene
    from handheld.ui.scenes.collection_view import CollectionScene
    from handheld.ui.scenes.deck_summary import LIST, STATS, DeckSummaryScene
    from handheld.ui.scenes.decks import DeckEditorScene, DeckListScene
    from handheld.ui.scenes.dictionary import DictionaryScene
    from handheld.ui.scenes.duel import DuelScene, DuelSetup
    from handheld.ui.scenes.duel_setup import DuelSetupScene
    from handheld.ui.scenes.ereader import EReaderMenuScene
    from handheld.ui.scenes.etools import (
        ChessClockScene,
        CoinFlipperScene,
        EToolsMenuScene,
        TimerScene,
    )
    from handheld.ui.scenes.ladder import LadderScene, OpponentScene
    from handheld.ui.scenes.main_menu import MainMenuScene
    from handheld.ui.scenes.pieces_egames import EGamesMenuScene
    from handheld.ui.scenes.pieces_rules import PiecesRulesScene
    from handheld.ui.scenes.records import RecordsScene
    from handheld.ui.scenes.scan import ScanScene
    from handheld.ui.scenes.scan_review import ScanReviewScene
    from handheld.ui.scenes.settings_scene import SettingsScene
    from handheld.ui.scenes.title import TitleScene
    from handheld.ui.scenes.tutorial import TutorialScene

    def _basket() -> ScanBasket:
        basket = ScanBasket()
        basket.add_card("ecard1-93", 2)
        basket.add_card("ecard2-1")
        basket.add_deck("Soak", [("ecard1-84", 3), ("ecard1-1", 1)])
        return basket

    def duel(mode: str) -> Any:
        cpu = mode in ("cpu", "practice")
        seats = ("human", "greedy") if cpu else ("human", "human")
        setup = DuelSetup(decks=(load_deck("blazing_quake"), load_deck("tidal_mind")),
                          deck_names=("Blazing Quake", "Tidal Mind"), seats=seats,
                          names=("Player", "CPU" if cpu else "Player 2"), mode=mode,
                          seed=app.new_seed())
        return DuelScene.new(app, setup)

    def ladder_duel() -> Any:
        """A duel against a roster opponent, as the ladder starts it."""
        from handheld import roster

        o = roster.opponent("exp_quill")
        setup = DuelSetup(decks=(load_deck("tidal_mind"), roster.deck_cards(o)),
                          deck_names=("Tidal Mind", roster.deck_title(o)),
                          seats=("human", o.level), names=("Player", o.name),
                          mode="cpu", seed=app.new_seed(), opponent=o.id,
                          styles=(None, o.style.to_dict()))
        return DuelScene.new(app, setup)

    def deck_page(page: int) -> Any:
        editor = DeckEditorScene(app, load_deck("blazing_quake"), "Soak")
        return DeckSummaryScene(app, editor.album, "Soak", editor.builder.cards(), page)

    def pieces(seats: tuple[str, str]) -> Any:
        from handheld.ui.scenes.pieces_board import PiecesScene

        return PiecesScene.new(app, seats, seed=app.new_seed())

    def pieces_resumed() -> Any:
        """A piece game put aside a few moves in, taken up again (Continue)."""
        from handheld.players import make_player
        from handheld.ui.scenes.pieces_saving import (
            resume_suspended_pieces,
            save_suspended_pieces,
        )

        board = pieces(("local", "cpu-easy"))
        player = make_player("random", board.seed)
        while len(board.answers) < 6 and not board.state.over:
            pending = board.state.pending
            if board.choice is None:
                board.resolve(pending.sample(board.rng))
            else:
                board.play(player.choose(board.state, board.choice))
        if board.state.over:
            return board
        save_suspended_pieces(app, board)
        return resume_suspended_pieces(app) or EGamesMenuScene(app)

    def pieces_link() -> Any:
        """The pairing screen over a cable nobody answers at the other end: hosting waits,
        joining gives up (a link game needs a second handheld: tests/ui/test_pieces_link)."""
        from firmware_sim.link import MemoryTransport
        from handheld.ui.scenes.pieces_link import PiecesLinkSetupScene

        return PiecesLinkSetupScene(app, transport=MemoryTransport.pair()[0])

    def boosters(reveal: bool) -> Any:
        """The Boosters screen (or a reveal) with packs to open: two Expedition, one
        Black & White, given anew at every visit."""
        from handheld.ui.scenes.boosters import BoosterRevealScene, BoostersScene

        packs = app.saves.award_boosters(
            app.profile, [("expedition", app.new_seed()), ("black_white", app.new_seed()),
                          ("expedition", app.new_seed())], source="soak")
        return BoosterRevealScene(app, packs) if reveal else BoostersScene(app)

    return {
        "title": lambda: TitleScene(app),
        "boosters": lambda: boosters(False),
        "booster_reveal": lambda: boosters(True),
        "album_owned": lambda: AlbumScene(app, ("expedition",), owned=True, title="EXP",
                                           hide_missing=True),
        "menu": lambda: MainMenuScene(app),
        "album": lambda: AlbumScene(app),
        "card": lambda: CardViewScene(app, ["ecard1-33", "ecard1-40", "ecard1-158"]),
        "settings": lambda: SettingsScene(app),
        "duel_setup": lambda: DuelSetupScene(app),
        "duel_cpu": lambda: duel("cpu"),
        "duel_hotseat": lambda: duel("hotseat"),
        "duel_practice": lambda: duel("practice"),
        "tutorial": lambda: TutorialScene(app),
        "records": lambda: RecordsScene(app),
        "tutorial_last": lambda: TutorialScene(app, len(LESSONS) - 1),
        "ladder": lambda: LadderScene(app),
        "ladder_platinum": lambda: LadderScene(app, "platinum"),
        "ladder_opponent": lambda: OpponentScene(app, _roster_opponent("bw_draven")),
        "ladder_duel": ladder_duel,
        "decks": lambda: DeckListScene(app),
        "deck_editor": lambda: DeckEditorScene(app, load_deck("tidal_mind")[:40], "Soak"),
        "deck_list_view": lambda: deck_page(LIST),
        "deck_statistics": lambda: deck_page(STATS),
        "ereader": lambda: EReaderMenuScene(app),
        "scan": lambda: ScanScene(app),
        "scan_review": lambda: ScanReviewScene(app, _basket()),
        "collection": lambda: CollectionScene(app),
        "card_info": lambda: CardInfoScene(app, "ecard1-1"),
        "card_info_eevee": lambda: CardInfoScene(app, "ecard2-75"),
        "card_info_trainer": lambda: CardInfoScene(app, "ecard1-140"),
        "dictionary": lambda: DictionaryScene(app),
        "etools": lambda: EToolsMenuScene(app),
        "coins": lambda: CoinFlipperScene(app),
        "timer": lambda: TimerScene(app),
        "chess": lambda: ChessClockScene(app),
        "egames": lambda: EGamesMenuScene(app),
        "pieces_cpu": lambda: pieces(("local", "cpu-normal")),
        "pieces_cpu_easy": lambda: pieces(("local", "cpu-easy")),
        "pieces_hotseat": lambda: pieces(("local", "local")),
        "pieces_resumed": pieces_resumed,
        "pieces_rules": lambda: PiecesRulesScene(app),
        "pieces_link": pieces_link,
    }


def _roster_opponent(oid: str) -> Any:
    from handheld import roster

    return roster.opponent(oid)


def soak(frames: int, seed: int = 1, visit: int = 2500, data_dir: Path | None = None,
         progress: Callable[[int, int], None] | None = None, font: str = "small",
         setup: Callable[[Handheld], None] | None = None) -> dict[str, Any]:
    """The run's report. ``font`` is the font setting's size; ``setup`` is called with the
    handheld before the first frame (a test hooks its drawing there)."""
    from handheld.ui.scenes.main_menu import MainMenuScene

    rng = random.Random(seed)
    data = data_dir or Path(tempfile.mkdtemp(prefix="handheld-soak-"))
    app = Handheld(headless=True, data_dir=data, seed=seed)
    if font != app.settings.font:
        app.settings.font = font
        app.save_settings()
    if setup is not None:
        setup(app)
    clip = _camera_clip()
    app.board.camera_factory = lambda: SimCamera(clip, 15, app.board.clock)
    app.settings.text_speed = rng.choice(["normal", "fast", "instant"])
    starts = _starts(app)
    names = sorted(starts)
    buttons = list(WEIGHTS)
    weights = [WEIGHTS[b] for b in buttons]
    seen: Counter[str] = Counter()
    errors: list[dict[str, Any]] = []
    restarts = 0
    t0 = time.perf_counter()
    for frame in range(frames):
        if frame % visit == 0:
            start = names[(frame // visit - 1) % len(names)] if frame else "title"
            app.scenes.reset(MainMenuScene(app))  # closing the visited scene lands here
            if start != "menu":
                app.scenes.push(starts[start]())
            app.scenes.apply()
        if rng.random() < 0.35:
            b = rng.choices(buttons, weights)[0]
            hold = 2 if b is Button.POWER else rng.randint(1, 20)
            now = app.board.clock.now_ms()
            if b is Button.START and rng.random() < 0.1:  # the menu combo now and then:
                hold = 40  # both held past the 500 ms the combo needs
                app.board.input.press(Button.SELECT, now)
                app.board.input.release(Button.SELECT, now + hold * FRAME_MS)
            app.board.input.press(b, now)
            app.board.input.release(b, now + hold * FRAME_MS)
        try:
            app.tick(1)
        except Exception as exc:  # a bug: record it and carry on from the menu
            errors.append({"frame": frame, "scene": app.describe()["scenes"],
                           "error": f"{type(exc).__name__}: {exc}",
                           "where": traceback.format_exc(limit=6).splitlines()[-6:]})
            app.scenes.reset(MainMenuScene(app))
            app.scenes.apply()
        if not app.running:  # the scenes ended (should not happen) or a shutdown
            restarts += 1
            app.running = True
            app.shutdown_reason = None
            app.scenes.reset(MainMenuScene(app))
            app.scenes.apply()
        top = app.scenes.top
        if top is not None:
            seen[top.name] += 1
        if progress is not None and frame % 5000 == 0:
            progress(frame, frames)
    seconds = time.perf_counter() - t0
    app.saves.close()
    return {"frames": frames, "seed": seed, "exceptions": len(errors), "errors": errors[:10],
            "restarts": restarts, "scenes_visited": len(seen),
            "frames_per_scene": dict(sorted(seen.items())),
            "seconds": round(seconds, 2), "frames_per_second": round(frames / seconds)}


def main(argv: list[str] | None = None) -> int:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--frames", type=bounded_int(1, 100_000_000, "frames"), default=100_000)
    p.add_argument("--seed", type=seed, default=1)
    p.add_argument("--visit", type=bounded_int(1, 100_000_000, "frames per scene"),
                   default=2500, help="frames per visited scene")
    p.add_argument("--font", choices=("small", "large"), default="small",
                   help="the font setting to soak with")
    args = p.parse_args(argv)

    def show(done: int, total: int) -> None:
        print(f"soak: {done}/{total} frames", file=sys.stderr, flush=True)

    result = soak(args.frames, args.seed, args.visit, progress=show, font=args.font)
    print(json.dumps(result, indent=2))
    return 1 if result["exceptions"] else 0


if __name__ == "__main__":
    sys.exit(main())
