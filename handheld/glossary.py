"""The Dictionary screen's glossary: game terms in the project's own words, and which of them
a card's text uses.

The terms live in ``assets/glossary.json``, written by hand for this project (see
``assets/glossary.md``): every headword of the glossaries of the four rulebooks in
``../shared/seeds``, plus the game words our generated card text uses that those glossaries
lack. Each term is a :class:`Term`: its ``name``, a short ``definition`` for young players,
``aliases`` (other spellings and word forms that name the same thing, for matching),
``eras``: which rulebook glossaries list it (empty for the terms that only our card text
brings in) and ``game``: the game whose term it is, ``"tcg"`` (the card game) or
``"pieces"`` (Legend Pieces, whose terms list no era: the eras are the card game's
rulebooks).

:func:`terms_in` finds the terms a piece of card text uses. Words are compared without
regard to capitals, accents (``Pokemon`` is ``Pokémon``), possessives or plural endings, and
the longest match wins, so "Defending Pokémon" is one term, not "Pokémon" as well. A match
never runs across punctuation, and in the text the engine generates for a card the names
of the card, its attacks and its Poké-Powers/Bodies are skipped: "Energy Catch" or
"Switch" name something, they are not the rules words. Only one pair of terms differs in
nothing but capitals, "Pokémon-ex" (older sets) and "Pokémon-EX" (Black & White): there the
exact spelling picks the term. Card text is the card game's: :func:`terms_in` finds only
the terms of one game (the card game's unless told otherwise), so a Legend Pieces word never
turns up on a card's Dictionary tab.

Standard library and the era registry; the loaded glossary is cached (``clear_cache()`` forgets it).
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .assets import AssetError, assets_dir
from .engine.eras import BUILT_IN

__all__ = [
    "ALLOWED_CHARS",
    "ERAS",
    "FORMAT",
    "GAMES",
    "TCG",
    "GlossaryError",
    "Term",
    "all_terms",
    "clear_cache",
    "glossary_path",
    "load_glossary",
    "lookup",
    "terms_in",
]

TCG = "tcg"

FORMAT = 1
"""The glossary format version this module reads."""

ERAS: dict[str, str] = {e.key: e.rulebook_title for e in BUILT_IN}
"""The rulebooks whose glossaries the terms come from, oldest first, with display titles:
the built-in eras of the engine's registry, by key."""

GAMES: dict[str, str] = {TCG: "Pokémon Trading Card Game", "pieces": "Legend Pieces"}
"""The games whose terms the glossary holds, by the keys ``handheld.games`` registers them
under, with their names. Written out here rather than read from the registry: the glossary
loads without building a game (the card game's is its card pool)."""

ALLOWED_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?'\"-()/é"
)
"""Every character a term's name, aliases and definition may use (the handheld's font draws
them all): ASCII letters and digits, common punctuation and é."""


class GlossaryError(AssetError):
    """The glossary file is missing, unreadable or malformed; ``path`` and ``reason`` say
    which and why."""


@dataclass(frozen=True, slots=True)
class Term:
    """One glossary entry."""

    name: str
    definition: str
    aliases: tuple[str, ...] = ()
    eras: tuple[str, ...] = ()
    game: str = TCG

    @property
    def forms(self) -> tuple[str, ...]:
        """The name followed by the aliases: every spelling that names this term."""
        return (self.name, *self.aliases)


# --- words -------------------------------------------------------------------------------

# A word: letters and digits, with inner apostrophes (opponent's), hyphens (Poké-Power,
# In-Between) and dots (LV.X), and a trailing apostrophe (players').
_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*(?:[-.][^\W_]+(?:['’][^\W_]+)*)*['’]?")
# Anything but spaces between two words ends a phrase: a term never spans "Pokémon. Energy".
_BREAK_RE = re.compile(r"[^ \t]")


def _fold(word: str) -> str:
    """Lower case, accents dropped, straight apostrophes."""
    word = unicodedata.normalize("NFKD", word.replace("’", "'").casefold())
    return "".join(ch for ch in word if not unicodedata.combining(ch))


def _stem(word: str) -> str:
    """The key of one word: folded, possessive and plural endings removed."""
    word = _fold(word)
    if word.endswith("'s"):
        word = word[:-2]
    word = word.rstrip("'")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _bare(word: str) -> str:
    """A word as written, less a possessive ending (for telling case variants apart)."""
    word = word.replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    return word.rstrip("'")


@dataclass(frozen=True, slots=True)
class _Word:
    key: str
    raw: str
    phrase: int  # words with the same phrase number have only spaces between them


def _words(text: str) -> list[_Word]:
    words: list[_Word] = []
    phrase = 0
    end = 0
    for m in _WORD_RE.finditer(text):
        if words and _BREAK_RE.search(text, end, m.start()):
            phrase += 1
        words.append(_Word(_stem(m.group()), _bare(m.group()), phrase))
        end = m.end()
    return words


def _key(form: str) -> tuple[str, ...]:
    return tuple(w.key for w in _words(form))


# --- names on a card ---------------------------------------------------------------------

# The generated text of a card (``python -m handheld cards --text``): a header line
# "Name (set-1) - Stage 1 Pokémon, 70 HP", attack lines "[G][C] Name 30+: ..." and power
# lines "Poké-Power Name: ...". The names in them are blanked out with a phrase break.
_NAME_RES = (
    re.compile(r"^(?P<name>[^\n]+?) \([A-Za-z0-9]+-[A-Za-z0-9]+\) - ", re.M),
    re.compile(r"^(?:\[[A-Z]\])+ (?P<name>[^:\n]+?)(?: \d+[+x×]?)?(?=:|$)", re.M),
    re.compile(r"^Pok[ée]-(?:Power|Body) (?P<name>[^:\n]+?):", re.M),
)


def _blank_names(text: str) -> str:
    for pattern in _NAME_RES:
        text = pattern.sub(lambda m: m.group(0).replace(m.group("name"), "|", 1), text)
    return text


# --- loading -----------------------------------------------------------------------------


def glossary_path() -> Path:
    """``glossary.json`` in the assets folder (``$HANDHELD_ASSETS`` when set)."""
    return assets_dir() / "glossary.json"


def _fail(path: Path, reason: str) -> GlossaryError:
    return GlossaryError(path, reason)


def _check_text(path: Path, where: str, value: Any, *, required: bool = True) -> str:
    if not isinstance(value, str):
        raise _fail(path, f"{where} should be a string, not {type(value).__name__}")
    if required and not value.strip():
        raise _fail(path, f"{where} is empty")
    if value != value.strip() or "  " in value:
        raise _fail(path, f"{where} has stray spaces: {value!r}")
    bad = sorted(set(value) - ALLOWED_CHARS)
    if bad:
        raise _fail(path, f"{where} uses characters the handheld cannot show: "
                          f"{''.join(bad)!r}")
    return value


def _parse_term(path: Path, index: int, entry: Any) -> Term:
    where = f"term {index + 1}"
    if not isinstance(entry, dict):
        raise _fail(path, f"{where} is not an object")
    unknown = sorted(set(entry) - {"name", "definition", "aliases", "eras", "game"})
    if unknown:
        raise _fail(path, f"{where} has unknown fields {unknown}")
    for field in ("name", "definition", "aliases", "eras"):
        if field not in entry:
            raise _fail(path, f"{where} lacks {field!r}")
    name = _check_text(path, f"{where} name", entry["name"])
    where = f"term {name!r}"
    definition = _check_text(path, f"{where} definition", entry["definition"])
    aliases, eras = entry["aliases"], entry["eras"]
    if not isinstance(aliases, list):
        raise _fail(path, f"{where} aliases should be a list")
    if not isinstance(eras, list):
        raise _fail(path, f"{where} eras should be a list")
    for alias in aliases:
        _check_text(path, f"{where} alias", alias)
    for era in eras:
        if era not in ERAS:
            raise _fail(path, f"{where} has unknown era {era!r} (one of {', '.join(ERAS)})")
    if len(set(eras)) != len(eras):
        raise _fail(path, f"{where} repeats an era")
    # Optional: a term without one is the card game's (every term before Legend Pieces).
    game = entry.get("game", TCG)
    if not isinstance(game, str):
        raise _fail(path, f"{where} game should be a string, not {type(game).__name__}")
    if game not in GAMES:
        raise _fail(path, f"{where} has unknown game {game!r:.20} (one of {', '.join(GAMES)})")
    if game != TCG and eras:
        raise _fail(path, f"{where} is a {GAMES[game]} term: the eras are the card game's "
                          "rulebooks, so it lists none")
    order = list(ERAS)
    return Term(name, definition, tuple(aliases), tuple(sorted(eras, key=order.index)), game)


@dataclass(frozen=True, slots=True)
class _Glossary:
    terms: tuple[Term, ...]  # file order
    index: dict[tuple[str, ...], tuple[tuple[Term, str], ...]]  # key -> (term, form)
    longest: int


def _build(path: Path, terms: list[Term]) -> _Glossary:
    index: dict[tuple[str, ...], list[tuple[Term, str]]] = {}
    names: set[str] = set()
    for term in terms:
        if term.name in names:
            raise _fail(path, f"term {term.name!r} appears twice")
        names.add(term.name)
        for form in term.forms:
            key = _key(form)
            if not key:
                raise _fail(path, f"term {term.name!r}: {form!r} has no words")
            entries = index.setdefault(key, [])
            for other, other_form in entries:
                if other is term:
                    continue
                # Two terms may share words only when capitals tell them apart.
                if _fold(other_form) != _fold(form) or other_form == form:
                    raise _fail(path, f"{form!r} ({term.name}) and {other_form!r} "
                                      f"({other.name}) cannot be told apart")
            entries.append((term, form))
    return _Glossary(tuple(terms), {k: tuple(v) for k, v in index.items()},
                     max(len(k) for k in index))


@functools.lru_cache(maxsize=8)
def _load(path_text: str) -> _Glossary:
    path = Path(path_text)
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        raise _fail(path, "file not found") from None
    except OSError as exc:
        raise _fail(path, f"cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _fail(path, f"corrupt JSON: {exc}") from None
    if not isinstance(data, dict):
        raise _fail(path, "top level is not a JSON object")
    if data.get("format") != FORMAT:
        raise _fail(path, f"unsupported format {data.get('format')!r} (expected {FORMAT})")
    entries = data.get("terms")
    if not isinstance(entries, list) or not entries:
        raise _fail(path, "'terms' should be a non-empty list")
    return _build(path, [_parse_term(path, i, e) for i, e in enumerate(entries)])


def _glossary(path: Path | str | None = None) -> _Glossary:
    return _load(str(Path(path) if path is not None else glossary_path()))


def load_glossary(path: Path | str | None = None) -> tuple[Term, ...]:
    """Every term, in the file's order (cached). Raises :class:`GlossaryError` (an
    ``AssetError``) naming the file and the fault when it is missing or damaged."""
    return _glossary(path).terms


def clear_cache() -> None:
    """Forget the loaded glossary (the next call reads the file again)."""
    _load.cache_clear()


# --- queries -----------------------------------------------------------------------------


def _sort_key(term: Term) -> tuple[str, str]:
    return (" ".join(re.sub(r"[^a-z0-9]+", " ", _fold(term.name)).split()), term.name)


def all_terms(path: Path | str | None = None) -> list[Term]:
    """Every term, sorted for browsing: alphabetically, ignoring capitals, accents and
    punctuation ("Poké-Body", "Poké-Power", "Pokémon", "Pokémon LEGEND", ...)."""
    return sorted(load_glossary(path), key=_sort_key)


def _pick(entries: tuple[tuple[Term, str], ...], raw: tuple[str, ...]) -> Term:
    """The term whose spelling matches the written words best (first in the file on ties)."""
    best, best_score = entries[0][0], -1
    for term, form in entries:
        written = tuple(_bare(w) for w in _WORD_RE.findall(form))
        score = sum(a == b for a, b in zip(written, raw, strict=False))
        if score > best_score:
            best, best_score = term, score
    return best


def lookup(name: str, path: Path | str | None = None) -> Term | None:
    """The term a name or alias stands for ("Prizes", "knocked out", "Hit Points (HP)"), or
    None."""
    glossary = _glossary(path)
    for candidate in (name, re.sub(r"\s*\([^)]*\)", "", name)):
        words = _words(candidate)
        entries = glossary.index.get(tuple(w.key for w in words))
        if entries:
            return _pick(entries, tuple(w.raw for w in words))
    return None


def terms_in(text: str, path: Path | str | None = None, game: str = TCG) -> list[Term]:
    """The glossary terms of ``game`` (the card game's by default) that ``text`` uses, each
    once, in the order they first appear (ValueError for a game the glossary does not know).

    Longest match first: where terms overlap, the one with more words wins ("Defending
    Pokémon" over "Pokémon", "damage counter" over "damage"), and of two equally long the
    earlier. Card, attack and power names in a card's generated text are not searched.
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r:.20}; known: {', '.join(GAMES)}")
    glossary = _glossary(path)
    words = _words(_blank_names(text))
    found: list[tuple[int, int, Term]] = []  # (length, start, term)
    for start in range(len(words)):
        limit = min(glossary.longest, len(words) - start)
        for length in range(limit, 0, -1):
            span = words[start:start + length]
            if span[-1].phrase != span[0].phrase:
                continue
            entries = glossary.index.get(tuple(w.key for w in span))
            if entries:
                entries = tuple(e for e in entries if e[0].game == game)
            if entries:
                found.append((length, start, _pick(entries, tuple(w.raw for w in span))))
    taken = [False] * len(words)
    chosen: list[tuple[int, Term]] = []
    for length, start, term in sorted(found, key=lambda f: (-f[0], f[1])):
        if any(taken[start:start + length]):
            continue
        taken[start:start + length] = [True] * length
        chosen.append((start, term))
    result: dict[Term, None] = {}
    for _start, term in sorted(chosen, key=lambda c: c[0]):
        result.setdefault(term, None)
    return list(result)
