"""``python -m handheld collection ...`` and ``decks export|import``: the player's data in
and out of the saves, as files other programs read (docs/DATA.md).

    collection export FILE [--format csv|json] [--profile NAME] [--force]
    collection import FILE [--format csv|json] [--profile NAME] [--replace] [--skip-bad]
    decks export NAME [FILE] [--profile NAME] [--force]
    decks import FILE [--name NAME] [--profile NAME] [--draft]

``-`` is standard output or input. A file is written whole or not at all (a temporary file
beside it, then renamed), and never over an existing file without ``--force``. Only the
named file is read: a regular file (never a FIFO or a device) of bounded size, UTF-8 text;
nothing inside a file is ever taken for a path. A refusal is one line on stderr (plus one
line per bad row of a file), exit 2; a save that cannot be read or written, exit 1.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

from .cliargs import output_problem

# The largest file either command reads: a collection file's bound (a deck list is far
# smaller and is bounded again by its line count).
MAX_INPUT_BYTES = 2 * 1024 * 1024
MAX_DECK_LIST_BYTES = 64 * 1024


class DataError(Exception):
    """A refused command: the message is the one line printed; ``code`` the exit status."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


# ------------------------------------------------------------------ the parsers


def _common(parser: argparse.ArgumentParser) -> None:
    # SUPPRESS: a value given before the action's name ("decks --profile Ash export X")
    # is not overwritten by the action's default.
    parser.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                        help="where the saves live (default: the game's data directory)")
    parser.add_argument("--profile", metavar="NAME", default=argparse.SUPPRESS,
                        help="whose data (default: the first profile, as the game uses)")


def add_collection_parser(subparsers: Any) -> argparse.ArgumentParser:
    collection = subparsers.add_parser(
        "collection", help="export the collection as CSV or JSON, or import such a file",
        description="The collection as a file: set, number, name and count of every card "
                    "owned (docs/DATA.md).")
    _common(collection)
    actions = collection.add_subparsers(dest="collection_action", metavar="ACTION",
                                        required=True)
    export = actions.add_parser("export", help="write the collection to FILE ('-': stdout)")
    export.add_argument("file", metavar="FILE", help="where to write ('-': standard output)")
    export.add_argument("--force", action="store_true", help="replace FILE if it exists")
    imp = actions.add_parser("import", help="add the cards of FILE to the collection (or "
                                            "make it FILE's cards, --replace)")
    imp.add_argument("file", metavar="FILE", help="the file to read ('-': standard input)")
    imp.add_argument("--replace", action="store_true",
                     help="the collection becomes exactly FILE's cards (default: FILE's "
                          "copies are added to those owned)")
    imp.add_argument("--skip-bad", action="store_true",
                     help="import the good rows of a file with bad ones (default: a file "
                          "with any bad row imports nothing)")
    for action in (export, imp):
        action.add_argument("--format", choices=("csv", "json"),
                            help="the file's format (default: from FILE's suffix; csv for -)")
        _common(action)
    return collection


def add_deck_actions(decks: argparse.ArgumentParser) -> None:
    """``decks export`` and ``decks import`` under the ``decks`` command (which, without an
    action, lists the decks or writes a ``.deck`` file with ``--export``/``--out``)."""
    actions = decks.add_subparsers(dest="decks_action", metavar="ACTION")
    export = actions.add_parser("export", help="write a saved deck as a deck list (COUNT "
                                               "NAME SET NUMBER lines) to FILE or stdout")
    export.add_argument("name", metavar="NAME", help="the saved deck's name")
    export.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="where to write (default '-': standard output)")
    export.add_argument("--force", action="store_true", help="replace FILE if it exists")
    imp = actions.add_parser("import", help="save the deck list in FILE as a deck")
    imp.add_argument("file", metavar="FILE", help="a deck list ('-': standard input)")
    imp.add_argument("--name", metavar="NAME", dest="deck_name",
                     help="the deck's name (default: FILE's name without its suffix)")
    imp.add_argument("--draft", action="store_true",
                     help="save a deck that breaks the deck rules (to finish in the deck "
                          "builder); without it such a deck is reported and not saved")
    for action in (export, imp):
        _common(action)


# ------------------------------------------------------------------ files


def read_input(name: str, limit: int, what: str) -> str:
    """The text of ``name`` ('-': standard input): a regular file of at most ``limit``
    bytes, UTF-8 (a leading byte-order mark is dropped)."""
    if name == "-":
        data = sys.stdin.buffer.read(limit + 1)
        shown = "standard input"
    else:
        shown = name
        if not name or "\0" in name or len(name) > 4096:
            raise DataError(f"{name[:40]!r} is not a usable file name")
        try:
            fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError as exc:
            raise DataError(f"cannot open {name!r}: {exc.strerror or exc}") from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise DataError(f"{name!r} is not a regular file")
            if info.st_size > limit:
                raise DataError(f"{name!r} is {info.st_size} bytes; {what} is at most {limit}")
            chunks = []
            size = 0
            while size <= limit:
                chunk = os.read(fd, limit + 1 - size)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            data = b"".join(chunks)
        except OSError as exc:
            raise DataError(f"cannot read {name!r}: {exc.strerror or exc}") from None
        finally:
            os.close(fd)
    if len(data) > limit:
        raise DataError(f"{shown} is larger than {what} ({limit} bytes at most)")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise DataError(f"{shown} is not UTF-8 text (byte {exc.start})") from None


def check_output(name: str, force: bool) -> None:
    """Refuse an output file before any work: its folder must exist, and it must not exist
    unless ``force`` (and then be a regular file)."""
    if name == "-":
        return
    problem = output_problem(name)
    if problem:
        raise DataError(problem)
    if (Path(name).exists() or Path(name).is_symlink()) and not force:
        raise DataError(f"{name} already exists; add --force to replace it")


def write_output(name: str, text: str, force: bool) -> None:
    """Write ``text`` to ``name`` whole or not at all ('-': standard output)."""
    if name == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    check_output(name, force)
    path = Path(name)
    fd, temporary = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".",
                                     prefix=f".{path.name[:100]}.", suffix=".partial")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o644)
        if not force and (path.exists() or path.is_symlink()):
            raise DataError(f"{name} already exists; add --force to replace it")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _format_of(name: str, given: str | None) -> str:
    if given:
        return given
    suffix = Path(name).suffix.lower()
    if suffix in (".csv", ".json"):
        return suffix[1:]
    if name == "-":
        return "csv"
    raise DataError(f"cannot tell the format of {name!r} from its suffix: add --format csv "
                    "or --format json")


# ------------------------------------------------------------------ the saves


def _open(args: argparse.Namespace) -> Any:
    from firmware_sim.storage import DirStorage

    from .save import open_saves

    opened = open_saves(DirStorage(getattr(args, "data_dir", None)))
    if opened.problem:
        opened.saves.close()
        raise DataError(f"the saves cannot be read: {opened.problem}", 1)
    return opened.saves


def _profile(saves: Any, args: argparse.Namespace, *, create: bool) -> Any:
    """The profile ``--profile`` names (any case), else the first; with ``create``, a
    first profile "Player" where there is none yet (what the game makes at first start)."""
    name = getattr(args, "profile", None)
    profiles = saves.profiles()
    if name:
        found = next((p for p in profiles if p.name.casefold() == name.casefold()), None)
        if found is None:
            names = ", ".join(p.name for p in profiles) or "none yet"
            raise DataError(f"no profile called {name[:40]!r} (profiles: {names})")
        return found
    if profiles:
        return profiles[0]
    if create:
        return saves.create_profile("Player")
    raise DataError("no profiles yet, so nothing to export (the game makes a profile the "
                    "first time it starts)", 1)


def _run(args: argparse.Namespace, body: Any) -> int:
    from .save import DuplicateDeckName, InvalidInput, SaveError

    try:
        return int(body(args))
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except (DuplicateDeckName, InvalidInput) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


# ------------------------------------------------------------------ collection


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def run_collection(args: argparse.Namespace) -> int:
    action = _collection_export if args.collection_action == "export" else _collection_import
    return _run(args, action)


def _collection_export(args: argparse.Namespace) -> int:
    from .collection_file import write_collection
    from .printed import printed_cards

    kind = _format_of(args.file, args.format)
    check_output(args.file, args.force)
    saves = _open(args)
    try:
        profile = _profile(saves, args, create=False)
        owned = saves.owned_counts(profile.id)
    finally:
        saves.close()
    printed = printed_cards()
    text = write_collection(owned, printed, kind)
    write_output(args.file, text, args.force)
    kept = sum(1 for cid in owned if printed.by_id(cid) is not None)
    if kept < len(owned):  # cards of a set this build's assets lack: no row could name them
        print(f"note: {_cards(len(owned) - kept)} of sets this game does not know were left "
              "out", file=sys.stderr)
    print(f"Exported {profile.name}'s collection ({_cards(kept)}, "
          f"{sum(n for cid, n in owned.items() if printed.by_id(cid))} copies) as {kind} to "
          f"{'standard output' if args.file == '-' else args.file}", file=sys.stderr)
    return 0


def _collection_import(args: argparse.Namespace) -> int:
    from .collection_file import MAX_FILE_BYTES, CollectionFileError, read_collection
    from .printed import printed_cards

    kind = _format_of(args.file, args.format)
    text = read_input(args.file, MAX_FILE_BYTES, "a collection file")
    shown = "standard input" if args.file == "-" else args.file
    try:
        found = read_collection(text, printed_cards(), kind)
    except CollectionFileError as exc:
        raise DataError(f"{shown}: {exc}") from None
    if found.problems and not args.skip_bad:
        for problem in found.problems:
            print(f"error: {shown}: {problem}", file=sys.stderr)
        raise DataError(f"nothing was imported: {len(found.problems)} of {found.rows} rows "
                        "are bad (fix them, or add --skip-bad to import only the good ones)")
    if not found.counts and not args.replace:
        # An empty collection's export (a header, no rows): valid, and nothing to add.
        print(f"{shown} lists no cards: the collection is unchanged")
        return 0
    for problem in found.problems:
        print(f"skipped: {shown}: {problem}", file=sys.stderr)
    saves = _open(args)
    try:
        profile = _profile(saves, args, create=True)
        saves.import_collection(profile.id, found.counts, replace=args.replace)
    finally:
        saves.close()
    how = "the collection is now exactly these" if args.replace else "added to the collection"
    skipped = f"; {len(found.problems)} bad rows skipped" if found.problems else ""
    print(f"Imported {_cards(len(found.counts))} ({sum(found.counts.values())} copies) into "
          f"{profile.name}'s collection: {how}{skipped}")
    return 0


# ------------------------------------------------------------------ decks


def run_deck_action(args: argparse.Namespace) -> int:
    if getattr(args, "export", None) or getattr(args, "out", None):
        print(f"error: --export and --out write a .deck file for the sheet printer; "
              f"'decks {args.decks_action}' goes without them", file=sys.stderr)
        return 2
    return _run(args, _deck_export if args.decks_action == "export" else _deck_import)


def _deck_export(args: argparse.Namespace) -> int:
    from .cards import default_pool
    from .decklist import format_deck_text
    from .printed import printed_cards
    from .save import UnknownDeck

    check_output(args.file, args.force)
    saves = _open(args)
    try:
        profile = _profile(saves, args, create=False)
        try:
            deck = saves.deck_named(profile.id, args.name)
        except UnknownDeck:
            names = ", ".join(d.name for d in saves.decks(profile.id)) or "none yet"
            raise DataError(f"{profile.name} has no deck called {args.name[:40]!r} (decks: "
                            f"{names})") from None
    finally:
        saves.close()
    pool = default_pool()
    unknown = sorted({c for c in deck.cards if c not in pool})
    if unknown:
        raise DataError(f"deck {deck.name!r} holds cards this game does not know "
                        f"({', '.join(unknown[:3])})", 1)
    write_output(args.file, format_deck_text(deck.cards, pool, printed_cards()), args.force)
    print(f"Exported {deck.name!r} ({len(deck.cards)} cards) to "
          f"{'standard output' if args.file == '-' else args.file}", file=sys.stderr)
    return 0


def _deck_import(args: argparse.Namespace) -> int:
    from .cards import default_pool
    from .decklist import DeckListError, parse_deck_text
    from .printed import printed_cards

    text = read_input(args.file, MAX_DECK_LIST_BYTES, "a deck list")
    shown = "standard input" if args.file == "-" else args.file
    name = args.deck_name or ("Imported deck" if args.file == "-" else Path(args.file).stem)
    try:
        deck = parse_deck_text(text, default_pool(), printed_cards())
    except DeckListError as exc:
        for problem in exc.problems:
            print(f"error: {shown}: {problem}", file=sys.stderr)
        raise DataError(f"nothing was saved: {len(exc.problems)} lines name no card") \
            from None
    if deck.violations and not args.draft:
        for problem in deck.violations:
            print(f"error: {shown}: {problem}", file=sys.stderr)
        raise DataError(f"nothing was saved: the deck breaks the {deck.era.name} era's deck "
                        "rules (add --draft to save it and finish it in the deck builder)")
    saves = _open(args)
    try:
        profile = _profile(saves, args, create=True)
        have = saves.owned_counts(profile.id)
        try:
            saved = saves.save_deck(profile.id, name, deck.cards, era=deck.era.key)
        except Exception as exc:
            from .save import DuplicateDeckName

            if isinstance(exc, DuplicateDeckName):
                raise DataError(f"{exc}; choose another --name") from None
            raise
    finally:
        saves.close()
    note = f" as a draft ({len(deck.violations)} deck rules broken)" if deck.violations else ""
    print(f"Saved {saved.name!r} ({len(saved.cards)} cards, {deck.era.name} era) for "
          f"{profile.name}{note}")
    # Not a refusal: the deck builder offers every card unless its setting says "owned"; a
    # player who plays with their own cards learns what to find.
    lacking = _lacking(deck.cards, have)
    if lacking:
        print(f"note: the collection lacks {_cards(sum(n for _, n in lacking))} of this deck: "
              + ", ".join(f"{n} {label}" for label, n in lacking[:6])
              + (", ..." if len(lacking) > 6 else ""))
    return 0


def _lacking(cards: list[str], owned: dict[str, int]) -> list[tuple[str, int]]:
    """(printed label, copies missing) of each card of a deck the collection lacks."""
    from collections import Counter

    from .printed import printed_cards

    printed = printed_cards()
    out = []
    for cid, n in Counter(cards).items():
        missing = n - owned.get(cid, 0)
        if missing > 0:
            where = printed.by_id(cid)
            label = f"{where.name} {where.set.abbr} {where.number}" if where else cid
            out.append((label, missing))
    return out
