"""``python -m handheld``: the game's command line.

    python -m handheld                 start the game (for now: the headless demo match)
    python -m handheld demo            one AI-vs-AI match printed as a readable log
    python -m handheld sim ...         many games, statistics as JSON (a benchmark)
    python -m handheld cards ...       the card pool: coverage of implemented effects, text
    python -m handheld saves ...       check the save file, back it up, restore a backup
    python -m handheld decks ...       list, export or import saved decks
    python -m handheld collection ...  export or import the collection (CSV, JSON)
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cliargs import Parser, bounded_float, bounded_int, output_file, seed

if TYPE_CHECKING:
    from .players import MatchRecord

# Not __name__: run as ``python -m handheld`` this module is "__main__", outside the
# package's loggers that -v turns on.
log = logging.getLogger("handheld.cli")


# Bounds of what a command line may ask for: 10 million frames is 46 hours of play, and a
# card page at 8x is 1920x1280 (a larger one only costs memory).
MAX_FRAMES = 10_000_000
MAX_GAMES = 10_000_000
MAX_PAGE_SCALE = 8
# Worker processes of one sim: more than a machine has cores only adds memory (each loads
# the card pool), so this is a bound against a typo, not a tuning.
MAX_JOBS = 256
MAX_SHARDS = 100_000
# A shard file is a few kilobytes; anything this large is not one.
MAX_SHARD_FILE = 64 * 1024 * 1024
# ``--log-file`` given without a path: the log file beside the saves (handheld.logs).
DEFAULT_LOG_FILE = Path()


def _players(text: str) -> list[str]:
    from .players import PLAYERS

    names = [p.strip() for p in text.split(",")]
    if len(names) != 2 or any(n not in PLAYERS for n in names):
        raise argparse.ArgumentTypeError(
            f"expected two players separated by a comma, each one of {', '.join(PLAYERS)}; "
            f"got {text!r}")
    return names


def _player(text: str) -> str:
    from .players import PLAYERS

    if text.strip() not in PLAYERS:
        raise argparse.ArgumentTypeError(f"expected one of {', '.join(PLAYERS)}; "
                                         f"got {text[:40]!r}")
    return text.strip()


def _armies(text: str) -> list[str]:
    from .pieces import ARMIES

    names = [a.strip() for a in text.split(",")]
    if len(names) != 2 or any(n not in ARMIES for n in names):
        raise argparse.ArgumentTypeError(
            f"expected two armies separated by a comma, each one of {', '.join(ARMIES)}; "
            f"got {text!r}")
    return names


class _Pair(argparse.Action):
    """A pair of names given as one word with a comma (``greedy,random``) or as two words
    (``greedy random``), read by ``read`` (one of :func:`_players`, :func:`_armies`)."""

    def __init__(self, option_strings: Sequence[str], dest: str, *,
                 read: Any, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs="+", **kwargs)
        self.read = read

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        try:
            pair = self.read(",".join(values))
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentError(self, str(exc)) from None
        setattr(namespace, self.dest, pair)


def _shard(text: str) -> tuple[int, int]:
    """``--shard I/N``: the I-th of N shares of a sim's games, I from 1 to N."""
    index, slash, count = text.partition("/")
    if not slash:
        raise argparse.ArgumentTypeError(f"expected I/N (such as 1/4), not {text[:40]!r}")
    n = bounded_int(1, MAX_SHARDS, "the shard count N")(count)
    i = bounded_int(1, n, "the shard index I")(index)
    return i, n


_RAY_ADDRESS = re.compile(r"(?:ray://)?(?:[A-Za-z0-9][A-Za-z0-9._-]*|\[[0-9A-Fa-f:.]+\]):(\d{1,5})")


def _ray_address(text: str) -> str:
    """``--ray ADDRESS``: ``host:port`` of a Ray head node, ``ray://host:port`` (Ray Client)
    or ``auto`` (the cluster this machine belongs to); ``local`` (or no ADDRESS) starts a
    Ray for the run. Anything else is refused here, before Ray spends minutes on it."""
    if text in ("auto", "local"):
        return text
    match = _RAY_ADDRESS.fullmatch(text) if len(text) <= 300 else None
    if match is None or not 1 <= int(match.group(1)) <= 65535:
        raise argparse.ArgumentTypeError(
            f"expected a Ray address such as 127.0.0.1:6379, ray://head:10001 or auto, "
            f"not {text[:40]!r}")
    return text


def _era(text: str) -> str:
    """A playable era's key (``--era``): an unknown or not yet playable era is refused with
    the list of playable ones. Legend Pieces' one rule set passes here; ``sim`` checks it
    goes with ``--game pieces``."""
    from .engine.eras import ERAS, playable_eras
    from .pieces import ERA as PIECES_ERA

    if text == PIECES_ERA:
        return text
    keys = ", ".join(e.key for e in playable_eras())
    e = ERAS.get(text)
    if e is None:
        raise argparse.ArgumentTypeError(f"unknown era {text!r}; playable eras: {keys}")
    if not e.playable:
        raise argparse.ArgumentTypeError(f"the {e.name} era ({text}) cannot be played yet; "
                                         f"playable eras: {keys}")
    return text


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked for (reading the
    package metadata cost a sixth of the launch to the title screen)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default,
                         help=help or "show the installed version and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from . import DISTRIBUTION, version

        print(f"{DISTRIBUTION} {version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m handheld",
                                     description="A pocket Pokémon TCG machine.")
    parser.add_argument("--version", action=_Version)
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="log what the game does on standard error (-vv: debug detail)")
    parser.add_argument("--log-file", nargs="?", const=DEFAULT_LOG_FILE, default=None,
                        type=output_file(".log"), metavar="PATH.log",
                        help="also write the log into PATH.log (rotated at 1 MB), for a bug "
                             "report; without PATH (when no command follows): pocket-tcg.log "
                             "in the data directory, beside the saves")
    screen = parser.add_argument_group(
        "the screen", "with no command: the game in a window where there is a display, else "
        "the headless demo")
    screen.add_argument("--headless", action="store_true",
                        help="no window: run on the headless board (SDL's dummy driver)")
    screen.add_argument("--demo", action="store_true",
                        help="watch the computer play itself on the screen")
    screen.add_argument("--frames", type=bounded_int(1, MAX_FRAMES, "frames"), metavar="N",
                        help="stop after N frames (1/60 s each)")
    screen.add_argument("--screenshot", metavar="PATH.png", type=output_file(".png"),
                        help="at the end, save the 240x160 screen as a PNG")
    screen.add_argument("--window-screenshot", metavar="PATH.png", type=output_file(".png"),
                        help="at the end, save what the window shows (scaled) as a PNG")
    screen.add_argument("--board", choices=("sim", "pi", "headless"),
                        help="the board kind (default: detected)")
    screen.add_argument("--data-dir", metavar="DIR", help="where the saves live")
    screen.add_argument("--seed", dest="screen_seed", type=seed, metavar="N",
                        help="seed for new matches (reproducible demos)")
    sub = parser.add_subparsers(dest="command")

    demo = sub.add_parser("demo", help="one AI-vs-AI match printed as a readable log (kept "
                                       "in the saves' match history)")
    for p in (demo,):
        p.add_argument("--deck1", default="blazing_quake", help="deck name or .deck file")
        p.add_argument("--deck2", default="tidal_mind", help="deck name or .deck file")
        p.add_argument("--players", action=_Pair, read=_players, default=["greedy", "greedy"],
                       help="two of random,greedy (default greedy,greedy)")
        p.add_argument("--seed", type=seed, default=None, help="replay a given match")
        p.add_argument("--delay", type=bounded_float(0.0, 10.0, "delay"), default=0.0,
                       help="seconds (0 to 10) to pause at each turn, for watching")

    sim = sub.add_parser("sim", help="play many games and print statistics")
    sim.add_argument("--game", choices=("tcg", "pieces"), default="tcg",
                     help="the card game (tcg, default) or Legend Pieces (pieces)")
    # No defaults here: "--game pieces" refuses deck options it was given.
    sim.add_argument("--deck1", help="deck name or .deck file (default blazing_quake)")
    sim.add_argument("--deck2", help="deck name or .deck file (default tidal_mind)")
    sim.add_argument("--armies", action=_Pair, read=_armies, metavar="ARMY",
                     help="with --game pieces: two of gold,silver; player 1 plays the first "
                          "(default gold,silver)")
    sim.add_argument("--decks", metavar="SET",
                     help="a league instead of deck1 vs deck2: a deck set (theme, "
                          "expedition) or deck names separated by commas")
    sim.add_argument("--games", type=bounded_int(1, MAX_GAMES, "games"), default=100)
    sim.add_argument("--seed", type=seed, default=0, help="game i uses seed + i")
    sim.add_argument("--players", action=_Pair, read=_players, default=["random", "random"],
                     help="two of random,greedy (\"greedy,random\" or \"greedy random\"); "
                          "player 1 plays deck1 (default random,random)")
    sim.add_argument("--alternate", action="store_true",
                     help="swap decks (armies) between the players every other game")
    # No default here: the registry's home era is looked up only when a match is played,
    # so that the parser loads no engine.
    sim.add_argument("--era", type=_era, default=None,
                     help="the era of the rules to play (default: the era of the decks' "
                     "cards, else the home era, expedition; docs/ERAS.md; Legend Pieces: "
                     "classic)")
    sim.add_argument("--json", action="store_true", help="print the statistics as JSON")
    sim.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    sim.add_argument("--jobs", type=bounded_int(1, MAX_JOBS, "jobs"), default=1, metavar="N",
                     help="play the games in N processes (same results; default 1)")
    sim.add_argument("--ray", nargs="?", const="local", default=None, type=_ray_address,
                     metavar="ADDRESS",
                     help="play the games as tasks on a Ray cluster: at ADDRESS (host:port, "
                          "ray://host:port, auto), or without it on a Ray started for the run "
                          "(same results; needs pip install '.[cluster]')")
    sim.add_argument("--shard", type=_shard, metavar="I/N",
                     help="play only the I-th of N shares of the games (every N-th from "
                          "game I-1) and print a shard file for 'sim merge' as JSON")
    sim.add_argument("--out", type=output_file(".json"), metavar="PATH.json",
                     help="write the JSON (statistics, or the shard file) here instead of "
                          "printing it")
    sim_sub = sim.add_subparsers(dest="sim_command", metavar="merge")
    merge = sim_sub.add_parser("merge", help="the statistics of a whole run from the files "
                                             "of its shards (sim --shard I/N --out ...)")
    merge.add_argument("files", nargs="+", metavar="FILE", help="every shard file of one run")
    merge.add_argument("--json", dest="merge_json", action="store_true",
                       help="print the statistics as JSON")
    merge.add_argument("--out", dest="merge_out", type=output_file(".json"),
                       metavar="PATH.json", help="write the statistics as JSON here")

    doctor = sub.add_parser("doctor", help="one deck against a gauntlet of decks: win rates "
                                           "with confidence intervals, Prizes, turns, how "
                                           "games end (and a PNG chart)")
    doctor.add_argument("deck", metavar="DECK", help="a ready-made deck's name or a .deck file")
    doctor.add_argument("--gauntlet", metavar="NAME,...",
                        help="the opponents: ready-made deck names or .deck files, separated "
                             "by commas, or a deck set (expedition, platinum...) (default: "
                             "the era's ready-made decks)")
    doctor.add_argument("--era", type=_era, default=None,
                        help="the era whose rules (and, without --gauntlet, whose ready-made "
                             "decks) to play (default: the era of the deck's cards)")
    doctor.add_argument("--games", type=bounded_int(1, MAX_GAMES, "games"), default=100,
                        metavar="N", help="games against each opponent (default 100)")
    doctor.add_argument("--players", type=_player, default="greedy",
                        help="the player on both sides (default greedy)")
    doctor.add_argument("--seed", type=seed, default=0, help="game i uses seed + i")
    doctor.add_argument("--jobs", type=bounded_int(1, MAX_JOBS, "jobs"), default=1,
                        metavar="N", help="play the games in N processes (same results)")
    doctor.add_argument("--png", type=output_file(".png"), metavar="OUT.png",
                        help="also draw the report as a chart into this PNG")
    doctor.add_argument("--json", action="store_true", help="print the report as JSON")
    doctor.add_argument("--progress", action="store_true",
                        help="show a progress bar on stderr (shown anyway on a terminal for "
                             "200 games or more)")

    cards = sub.add_parser("cards", help="the card pool")
    cards.add_argument("--coverage", action="store_true",
                       help="which cards have their effects implemented")
    cards.add_argument("--set", default=None,
                       help="set slug (default expedition; with --coverage, every set of "
                            "the playable eras)")
    cards.add_argument("--text", metavar="CARD_ID", help="print a card's generated text")
    cards.add_argument("--album", action="store_true",
                       help="list the album: every card of the set, in number order")
    cards.add_argument("--page", metavar="CARD_ID",
                       help="draw a card's page(s) at 240x160 into PNG files (see --png)")
    cards.add_argument("--png", metavar="PATH.png", default=Path("card.png"),
                       type=output_file(".png"),
                       help="where --page writes: PATH, or PATH-2.png... for more pages")
    cards.add_argument("--scale", type=bounded_int(1, MAX_PAGE_SCALE, "scale"), default=1,
                       help=f"integer scale of the --page PNG, 1 to {MAX_PAGE_SCALE} "
                            "(default 1: native 240x160)")
    cards.add_argument("--json", action="store_true")

    decks = sub.add_parser("decks", help="the decks saved on this handheld: list them, "
                                         "export one as a .deck file (for printed codes), or "
                                         "export and import deck lists (decks export|import)")
    decks.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                       help="where the saves live (default: the game's data directory)")
    decks.add_argument("--profile", metavar="NAME",
                       help="whose decks (default: the first profile, as the game uses)")
    decks.add_argument("--export", metavar="DECK", help="the saved deck to write out")
    decks.add_argument("--out", metavar="PATH.deck", type=output_file(".deck"),
                       help="where --export writes (never over an existing file)")
    from .datacli import add_collection_parser, add_deck_actions
    from .save.cli import add_parser as add_saves_parser

    add_deck_actions(decks)
    add_collection_parser(sub)
    add_saves_parser(sub)
    return parser


def _loaded_class(module: str, name: str) -> type[BaseException]:
    """The exception class ``module.name`` if that module is loaded, else one nothing raises.

    ``main`` reports the card files' and the engine's errors, yet importing their modules
    to name them would load the whole engine before the title screen (half the launch). An
    exception of a class whose module was never loaded cannot have been raised."""
    found = getattr(sys.modules.get(module), name, None)
    return found if isinstance(found, type) and issubclass(found, BaseException) \
        else _NeverRaised


class _NeverRaised(Exception):
    """Stands for an error class whose module this run never loaded."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command or "play"
    commands = {"play": _screen, "demo": _play, "sim": _sim, "cards": _cards, "decks": _decks,
                "doctor": _doctor}
    from .logs import configure_logging, default_log_path, log_startup

    log_file = args.log_file
    if log_file is DEFAULT_LOG_FILE:
        log_file = default_log_path(getattr(args, "data_dir", None))
    try:
        stop_logging = configure_logging(args.verbose, log_file)
    except OSError as exc:
        parser.exit(1, f"error: cannot write the log file {log_file}: "
                       f"{exc.strerror or exc}\n")
    try:
        log_startup(list(sys.argv if argv is None else argv))
        log.info("command: %s", command)
        return _run(parser, args, command, commands)
    finally:
        stop_logging()


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace, command: str,
         commands: dict[str, Any]) -> int:
    """Run ``command``: every error is one line for the player (and, with a log, the
    traceback in the log for the report)."""
    from .assets import AssetError

    try:
        if command == "saves":
            from .save.cli import run as run_saves

            return run_saves(args)
        if command == "collection":
            from .datacli import run_collection

            return run_collection(args)
        if command == "decks" and args.decks_action is not None:
            from .datacli import run_deck_action

            return run_deck_action(args)
        return commands[command](args)
    except (FileNotFoundError, _loaded_class("handheld.cards", "DeckFileError"),
            _loaded_class("handheld.engine.errors", "EngineError")) as exc:
        log.warning("%s refused: %s", command, exc)
        parser.exit(2, f"error: {exc}\n")
    except AssetError as exc:  # a damaged or missing install: say which file
        log.error("%s: damaged install: %s", command, exc)
        parser.exit(1, f"error: {exc}\n")
    except OSError as exc:  # a file the command was told to write or read
        log.error("%s: %s", command, exc)
        where = f" ({exc.filename})" if exc.filename else ""
        parser.exit(1, f"error: {exc.strerror or exc}{where}\n")
    except KeyboardInterrupt:
        log.info("%s interrupted", command)
        return 130
    except Exception as exc:  # a bug: one line for the player, exit 70 (fuzz counts it)
        log.exception("%s: internal error", command)  # the traceback, for the report
        parser.exit(70, f"internal error: {type(exc).__name__}: {exc} -- please report "
                        "this with the command you ran\n")
    return 2


def _demo(args: argparse.Namespace) -> MatchRecord:
    from .demo import run_demo

    decks = (getattr(args, "deck1", "blazing_quake"), getattr(args, "deck2", "tidal_mind"))
    players = getattr(args, "players", ["greedy", "greedy"])
    return run_demo(decks, players, getattr(args, "seed", None),
                    delay=getattr(args, "delay", 0.0))


def _screen(args: argparse.Namespace) -> int:
    """The game on the screen: a window (or the Pi's panel) where there is one; with
    ``--headless`` or without a display, the headless board (``--demo`` to watch a match,
    else the readable log demo)."""
    from firmware_sim.board import BoardConfigError, detect_kind, load_config

    try:
        # The board config is read first: a wrong key is one line here, not a traceback.
        config = None if args.headless else load_config()
        kind = "headless" if args.headless else (args.board or detect_kind(config))
    except BoardConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if kind == "headless" and not (args.frames or args.screenshot):
        # No display and nothing asked of the headless screen: the readable log shows the
        # match (with --demo too, which would otherwise run silently for 10 s).
        print("No display here: showing the headless demo (a match as a readable log). "
              "Use --headless --demo --frames N --screenshot out.png to see the screen.",
              file=sys.stderr)
        return _play(args)
    if args.window_screenshot and kind == "headless":
        print("error: --window-screenshot needs a window, and this board is headless "
              "(use --screenshot for the 240x160 screen)", file=sys.stderr)
        return 2
    from .ui.app import Handheld

    try:
        app = Handheld(headless=kind == "headless", data_dir=args.data_dir,
                       seed=args.screen_seed, board_kind=kind, demo=args.demo)
    except BoardConfigError as exc:  # found while making the board (a [keys] name, a battery)
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        if kind == "headless":
            app.tick(args.frames or 600)
        else:
            app.run(max_frames=args.frames)
        if args.screenshot:
            app.screenshot(args.screenshot)
            print(f"screenshot: {args.screenshot} (frame {app.frame}, "
                  f"{app.describe()['scene']})")
        if args.window_screenshot:
            driver = app.window_screenshot(args.window_screenshot)
            print(f"window: {args.window_screenshot} (video driver {driver})")
        elif kind == "headless" and not args.screenshot:
            print(f"ran {app.frame} frames headless; the screen shows "
                  f"{app.describe()['scene']} (add --screenshot out.png to see it)")
    except app.pygame.error as exc:  # the picture could not be written
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        app.close()
    return 0


def _play(args: argparse.Namespace) -> int:
    """The log demo, with the saves opened as the handheld opens them (a damaged save file
    is reported and left alone; the game plays on)."""
    from firmware_sim.storage import DirStorage

    from .save import SaveError, open_saves

    opened = open_saves(DirStorage(getattr(args, "data_dir", None)))
    if opened.problem:
        print(f"note: {opened.problem}", file=sys.stderr)
    rec = _demo(args)
    try:
        saves = opened.saves
        profile = next((p for p in saves.profiles() if p.name == "Player"), None) \
            or saves.create_profile("Player")
        winner = None if rec.winner is None else f"P{rec.winner + 1}"
        saves.add_match(profile.id, deck_a=getattr(args, "deck1", "blazing_quake"),
                        deck_b=getattr(args, "deck2", "tidal_mind"), winner=winner,
                        result=rec.result, turns=rec.turns)
        played = len(saves.match_history(profile.id))
        where = opened.path if not opened.problem else "memory only, not kept"
        print(f"Saved to the match history ({played} played; {where}).", file=sys.stderr)
    except SaveError as exc:
        print(f"note: the match was not saved: {exc}", file=sys.stderr)
    finally:
        opened.saves.close()
    return 0


def _sim(args: argparse.Namespace) -> int:
    from .cards import deck_era, default_pool, load_deck, resolve_deck_set
    from .engine.eras import era, playable_eras
    from .pieces import ERA as PIECES_ERA
    from .sim import card_spec

    if args.sim_command == "merge":
        return _sim_merge(args)
    if args.game == "pieces":
        return _sim_pieces(args)
    if args.armies is not None:
        print("error: --armies is for --game pieces; the card game plays decks (--deck1, "
              "--deck2, --decks)", file=sys.stderr)
        return 2
    if args.era == PIECES_ERA:
        print(f"error: --era {PIECES_ERA} is Legend Pieces' (--game pieces); the card game's "
              f"eras: {', '.join(e.key for e in playable_eras())}", file=sys.stderr)
        return 2
    pool = default_pool()
    try:
        names = resolve_deck_set(args.decks) if args.decks else \
            [args.deck1 or "blazing_quake", args.deck2 or "tidal_mind"]
    except ValueError as exc:
        print(f"error: --decks: {exc}", file=sys.stderr)
        return 2
    decks = [load_deck(name) for name in names]
    # Without --era, the era the decks' cards belong to (sim --decks platinum plays Platinum).
    rules_era = era(args.era) if args.era else deck_era(pool, [c for d in decks for c in d])
    for name, deck in zip(names, decks, strict=True):
        problems = rules_era.deck_violations(pool, deck)
        if problems:
            print(f"error: deck {name} is not legal: " + "; ".join(problems), file=sys.stderr)
            return 2
    spec = card_spec(decks, args.players, args.games, args.seed, alternate=args.alternate,
                     deck_names=names, era=rules_era.key)
    return _sim_run(args, spec, pool)


def _sim_run(args: argparse.Namespace, spec: Any, pool: Any) -> int:
    """Play a sim's games (all, or ``--shard``'s share, in ``--jobs`` processes) and show
    the statistics, or write the shard file."""
    from .sim import Progress, play_games, run_shard, shard_indices, statistics_of

    indices = shard_indices(spec.games, args.shard)
    show = args.progress or (sys.stderr.isatty() and len(indices) >= 200)
    progress = Progress(len(indices)) if show else None
    if args.ray is not None:
        return _sim_on_ray(args, spec, indices, progress)
    if args.shard is not None:
        shard_file = run_shard(spec, args.shard, jobs=args.jobs, progress=progress, pool=pool)
        stats = shard_file["statistics"]
        if args.out is None:
            print(json.dumps(shard_file, indent=2))
            return 1 if stats["errors"] else 0
        _write_json(args.out, shard_file)
    else:
        tally = play_games(spec, indices, jobs=args.jobs, progress=progress, pool=pool)
        stats = statistics_of(spec, tally, len(indices), {"jobs": args.jobs})
        if args.out is not None:
            _write_json(args.out, stats)
    _show_stats(stats, args.json)
    return 1 if stats["errors"] else 0


def _sim_on_ray(args: argparse.Namespace, spec: Any, indices: range, progress: Any) -> int:
    """``sim --ray [ADDRESS]``: the games as Ray tasks; the statistics as without Ray."""
    from .cluster import ClusterError, play_games_on_ray
    from .sim import statistics_of

    if args.jobs != 1:
        print("error: --jobs is for one machine's processes; with --ray the cluster's CPUs "
              "play the games", file=sys.stderr)
        return 2
    if args.shard is not None:
        print("error: --shard splits a run over machines by hand; --ray spreads it over the "
              "cluster (use one or the other)", file=sys.stderr)
        return 2
    try:
        tally, run = play_games_on_ray(spec, indices,
                                       address=None if args.ray == "local" else args.ray,
                                       progress=progress)
    except ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    stats = statistics_of(spec, tally, len(indices), run)
    if args.out is not None:
        _write_json(args.out, stats)
    _show_stats(stats, args.json)
    return 1 if stats["errors"] else 0


def _doctor(args: argparse.Namespace) -> int:
    """``doctor DECK``: the deck against a gauntlet; the report as a table or JSON, and as a
    PNG chart with ``--png``. A deck that cannot be read or played is one line, exit 2."""
    from .cards import (
        DECK_SETS,
        DeckFileError,
        deck_era,
        default_pool,
        era_deck_names,
        load_deck,
    )
    from .doctor import MAX_OPPONENTS, Gauntlet, format_report, run_doctor
    from .engine.eras import era, playable_eras
    from .pieces import ERA as PIECES_ERA

    if args.era == PIECES_ERA:
        print(f"error: --era {PIECES_ERA} is Legend Pieces'; the doctor plays card decks in "
              f"one of: {', '.join(e.key for e in playable_eras())}", file=sys.stderr)
        return 2
    pool = default_pool()
    try:
        cards = load_deck(args.deck)
    except DeckFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    label = Path(args.deck).stem if Path(args.deck).suffix else args.deck
    rules = era(args.era) if args.era else deck_era(pool, cards)
    if args.gauntlet is not None:
        names = list(DECK_SETS[args.gauntlet]) if args.gauntlet in DECK_SETS else \
            [n.strip() for n in args.gauntlet.split(",") if n.strip()]
        if not names:
            print("error: --gauntlet names no deck", file=sys.stderr)
            return 2
    else:  # the era's ready-made decks, ours aside
        names = [n for n in era_deck_names(rules.key) if n != args.deck]
    if len(names) > MAX_OPPONENTS or len(set(names)) != len(names):
        print(f"error: --gauntlet: {len(names)} decks" if len(names) > MAX_OPPONENTS
              else "error: --gauntlet names a deck twice", file=sys.stderr)
        return 2
    opponents = []
    for name in names:
        try:
            opponents.append((Path(name).stem if Path(name).suffix else name, load_deck(name)))
        except DeckFileError as exc:
            print(f"error: --gauntlet: {exc}", file=sys.stderr)
            return 2
    for who, deck in [(label, cards), *opponents]:
        problems = rules.deck_violations(pool, deck)
        if problems:
            print(f"error: deck {who} is not legal in the {rules.key} era: "
                  + "; ".join(problems[:5]), file=sys.stderr)
            return 2
    gauntlet = Gauntlet((label, tuple(cards)), tuple((n, tuple(d)) for n, d in opponents),
                        rules.key, args.players, args.games, args.seed)
    total = args.games * len(opponents)
    show = args.progress or (sys.stderr.isatty() and total >= 200)
    report = run_doctor(gauntlet, jobs=args.jobs, pool=pool,
                        progress_stream=sys.stderr if show else None)
    if args.png is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        from .ui.charts import save_doctor_chart

        size = save_doctor_chart(report, args.png)
        print(f"chart: {args.png} ({size[0]}x{size[1]})", file=sys.stderr)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 1 if report["overall"]["errors"] else 0


def _write_json(path: Path, data: Any) -> None:
    """Write JSON whole or not at all: a shard file cut short by Ctrl-C would only be
    refused by the merge later."""
    temporary = path.with_name(f".{path.name}.partial")
    temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def _show_stats(stats: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(stats, indent=2))
        return
    for name in stats["players"]:
        print(f"{name}: {stats['wins'][name]} wins ({100 * stats['win_rate'][name]:.1f}%)")
    if stats.get("draws"):
        print(f"{stats['draws']} drawn games (sixty quiet turns)")
    if stats.get("time_called_games"):
        print(f"{stats['time_called_games']} games ended by the time limit (a stalemate)")
    _print_pace(stats)


def _sim_merge(args: argparse.Namespace) -> int:
    """``sim merge FILE...``: one run's statistics from the files of all its shards."""
    from .sim import ShardError, merge_shards

    loaded: list[tuple[str, Any]] = []
    for name in args.files:
        path = Path(name)
        if not path.is_file():
            print(f"error: {name}: no such file" if not path.exists() else
                  f"error: {name}: not a regular file", file=sys.stderr)
            return 2
        if path.stat().st_size > MAX_SHARD_FILE:
            print(f"error: {name}: too large for a sim shard file", file=sys.stderr)
            return 2
        try:
            loaded.append((name, json.loads(path.read_bytes())))
        except (ValueError, RecursionError):  # not JSON, not UTF-8, nested absurdly deep
            print(f"error: {name}: not JSON (a sim shard file is the JSON of "
                  "sim --shard I/N)", file=sys.stderr)
            return 2
    try:
        stats = merge_shards(loaded)
    except ShardError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.merge_out is not None:
        _write_json(args.merge_out, stats)
    _show_stats(stats, args.merge_json)
    return 1 if stats["errors"] else 0


def _print_pace(stats: dict[str, Any]) -> None:
    """A sim's games, errors, lengths and speed, in two lines (both games)."""
    print(f"{stats['completed']} games, {stats['errors']} errors, "
          f"{stats['turns']['mean']} turns and {stats['decisions_per_game']['mean']} "
          f"decisions per game")
    print(f"{stats['games_per_second']} games/s, {stats['decisions_per_second']} "
          f"decisions/s, median {stats['median_us_per_decision']} us per decision")


def _sim_pieces(args: argparse.Namespace) -> int:
    """``sim --game pieces``: Legend Pieces games, statistics in the card sim's shape."""
    from .pieces import ERA
    from .sim import piece_spec

    given = [flag for flag, value in (("--decks", args.decks), ("--deck1", args.deck1),
                                      ("--deck2", args.deck2)) if value is not None]
    if given:
        print(f"error: {given[0]} is for the card game; --game pieces plays armies "
              "(--armies gold,silver)", file=sys.stderr)
        return 2
    if args.era not in (None, ERA):
        print(f"error: Legend Pieces has one rule set, --era {ERA}, not {args.era}",
              file=sys.stderr)
        return 2
    spec = piece_spec(args.players, args.games, args.seed, armies=args.armies,
                      alternate=args.alternate)
    return _sim_run(args, spec, None)


def _decks(args: argparse.Namespace) -> int:
    """List a profile's saved decks, or export one in the .deck format that
    ``python -m scanner sheet --deck FILE`` prints codes for."""
    from firmware_sim.storage import DirStorage

    from .cards import default_pool
    from .engine.deck import format_deck_list
    from .save import SaveError, UnknownDeck, open_saves

    if bool(args.export) != bool(args.out):
        print("error: --export DECK and --out PATH.deck go together", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else None
    if out is not None and out.exists():
        print(f"error: {out} already exists; choose another --out", file=sys.stderr)
        return 2
    opened = open_saves(DirStorage(getattr(args, "data_dir", None)))
    try:
        if opened.problem:
            print(f"error: the saves cannot be read: {opened.problem}", file=sys.stderr)
            return 1
        saves = opened.saves
        profiles = saves.profiles()
        if args.profile:
            profile = next((p for p in profiles if p.name.casefold() ==
                            args.profile.casefold()), None)
            if profile is None:
                names = ", ".join(p.name for p in profiles) or "none yet"
                print(f"error: no profile called {args.profile!r} (profiles: {names})",
                      file=sys.stderr)
                return 2
        elif profiles:
            profile = profiles[0]
        elif out is not None:
            print("error: no profiles yet, so no saved decks to export (the game makes a "
                  "profile the first time it starts)", file=sys.stderr)
            return 1
        else:
            print("No profiles yet: the game makes one the first time it starts.")
            return 0
        if out is None:
            for deck in saves.decks(profile.id):
                print(f"{deck.name}: {len(deck.cards)} cards")
            return 0
        try:
            deck = saves.deck_named(profile.id, args.export)
        except UnknownDeck:
            names = ", ".join(d.name for d in saves.decks(profile.id)) or "none yet"
            print(f"error: {profile.name} has no deck called {args.export!r} (decks: {names})",
                  file=sys.stderr)
            return 2
        out.write_text(f"# {deck.name}\n" + format_deck_list(default_pool(), deck.cards),
                       encoding="utf-8")
        print(f"Wrote {deck.name!r} ({len(deck.cards)} cards) to {out}; print its codes with: "
              f"python -m scanner sheet --deck {out} --out sheet.pdf")
        return 0
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        opened.saves.close()


def _cards(args: argparse.Namespace) -> int:
    from .assets import AssetError, available_sets, load_set
    from .cards import default_pool
    from .engine.errors import UnknownCard

    pool = default_pool()
    try:
        if args.text:
            d = pool.get(args.text)
            print(f"{d.name} ({d.id}) - {d.kind_name}" + (f", {d.hp} HP" if d.hp else ""))
            print(d.text)
            return 0
        if args.page:
            return _card_page_png(pool, args)
        if args.set is None and args.coverage:
            return _coverage_of_played_sets(pool, args)
        args.set = args.set or "expedition"
        if args.set not in available_sets():
            raise UnknownCard(f"no set {args.set!r} (one of: {', '.join(available_sets())})")
        if args.album:
            return _album(pool, args)
        cards = load_set(args.set)["cards"]
    except (UnknownCard, AssetError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    done = [c for c in cards if pool.get(c["id"]).implemented]
    missing = [c for c in cards if not pool.get(c["id"]).implemented]
    if args.json:
        print(json.dumps({"set": args.set, "implemented": len(done), "total": len(cards),
                          "missing": [f"{c['id']} {c['name']}" for c in missing]}, indent=2))
        return 0
    print(f"{args.set}: {len(done)}/{len(cards)} cards implemented")
    if args.coverage and missing:
        print("not implemented yet (refused by deck validation):")
        for c in missing:
            print(f"  {c['id']:<12} {c['name']}")
    return 0


def _coverage_of_played_sets(pool: Any, args: argparse.Namespace) -> int:
    """``cards --coverage``: each set of every playable era, implemented cards of all."""
    from .assets import load_set
    from .engine.eras import playable_eras

    report = []
    for era in playable_eras():
        for slug in era.sets:
            cards = load_set(slug)["cards"]
            missing = [f"{c['id']} {c['name']}" for c in cards
                       if not pool.get(c["id"]).implemented]
            report.append({"era": era.key, "set": slug, "implemented": len(cards) - len(missing),
                           "total": len(cards), "missing": missing})
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for row in report:
        print(f"{row['era']:<11} {row['set']:<14} {row['implemented']}/{row['total']} cards "
              "implemented")
    print("(which cards a set lacks: cards --coverage --set SLUG)")
    return 0


def _album(pool: Any, args: argparse.Namespace) -> int:
    from .collection import Album

    album = Album(pool, [args.set])
    if args.json:
        print(json.dumps([{"id": e.card_id, "number": e.number, "name": e.name,
                           "kind": e.kind, "rarity": e.rarity, "implemented": e.implemented}
                          for e in album.entries], indent=1, ensure_ascii=False))
        return 0
    for e in album.entries:
        mark = " " if e.implemented else "-"
        print(f"{e.number:>4} {mark} {e.card_id:<12} {e.name:<32} {e.kind}")
    print(f"{len(album)} cards; '-' marks cards whose effects are not implemented yet")
    return 0


def _card_page_png(pool: Any, args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from pathlib import Path

    from .assets import available_sets
    from .collection import Album
    from .ui.card_page import render_card_pages

    d = pool.get(args.page)
    label = Album(pool, available_sets()).set_label(d.id)
    out = Path(args.png)
    paths = render_card_pages(d, out, label, scale=args.scale)
    for p in paths:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
