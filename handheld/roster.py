"""The roster: the named computer opponents of every playable era, arranged as a ladder.

Each era has three **clubs** of two members each, a **master** at the head of every club
and one **champion** above them all (the shape of the Game Boy TCG's clubs and masters;
every name, deck and line here is our own). An opponent is data: an id, a name that fits
the 240x160 screen, a one-line blurb, a ready-made deck of its era (``handheld/cards.py``,
``assets/decks``), a personality (a :class:`~handheld.players.style.Style`, named from
``STYLES`` or its own weights) and a level (``easy`` for the first club members up to
``expert`` for the champion).

**Unlocking.** A club's members can be challenged at once, in any order; its master once
both members are beaten; the champion once every master of the era is beaten.

**Progress is read from the match history** (no second source of truth): every duel
against a roster opponent is saved with the opponent's id and whether the player won
(``Saves.add_match(..., opponent=, outcome=)``), and :func:`records`, :func:`beaten`,
:func:`unlocked` and :func:`status` are computed from those rows. :func:`on_victory` says
what a win newly beat and unlocked: the hook the next issue's booster rewards hang on.

**Levels and players.** The levels are the search player's (``players.search.LEVELS``:
easy, normal, hard, expert); :func:`player_for` makes the level's player in the opponent's
style.

Adding an opponent: add a row to :data:`ROSTER_DATA` (docs/ROSTER.md). The structure is
checked when this module is imported (unique ids, known eras, styles and levels, every
club complete, decks that are ready-made decks of the era); the decks' legality under the
era's rules needs the card pool, so :func:`deck_problems` checks it, and the tests run it.

Engine side: nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .players.search import LEVELS as SEARCH_LEVELS
from .players.style import STYLES, Style

LEVELS = tuple(SEARCH_LEVELS)  # easiest first
# Screen limits: the ladder list and the opponent card draw these on 240x160.
NAME_MAX = 12
CLUB_NAME_MAX = 18
BLURB_MAX = 80
# What an opponent is on the ladder.
MEMBER, MASTER, CHAMPION = "member", "master", "champion"
# The outcome of a roster duel, from the player's side, as the history keeps it.
WIN, LOSS, DRAW = "win", "loss", "draw"


class RosterError(ValueError):
    """The roster's data is inconsistent (says which entry and why)."""


@dataclass(frozen=True)
class Opponent:
    id: str
    name: str
    blurb: str
    deck: str  # a ready-made deck of the era (``assets/decks/<deck>.deck``)
    style: Style
    level: str  # one of LEVELS
    era: str
    rank: str  # MEMBER, MASTER or CHAMPION
    club: str | None  # the club's id (None for the champion)


@dataclass(frozen=True)
class Club:
    id: str
    name: str
    blurb: str
    members: tuple[Opponent, ...]
    master: Opponent


@dataclass(frozen=True)
class Ladder:
    """One era's opponents, in the order the ladder screen lists them."""

    era: str
    clubs: tuple[Club, ...]
    champion: Opponent

    def opponents(self) -> list[Opponent]:
        out: list[Opponent] = []
        for club in self.clubs:
            out.extend(club.members)
            out.append(club.master)
        out.append(self.champion)
        return out


class HistoryEntry(Protocol):
    """What the ladder reads of a match history row (``handheld.save.MatchResult``)."""

    @property
    def opponent(self) -> str | None: ...

    @property
    def outcome(self) -> str | None: ...


# ---------------------------------------------------------------------------- the data

# Per era: three clubs (id, name, blurb, two members, master), then the champion. Each
# opponent: (id, name, deck, style, level, blurb); style is a STYLES name or a dict of
# weights for a personality of its own.
ROSTER_DATA: dict[str, dict[str, Any]] = {
    "expedition": {
        "clubs": [
            {"id": "exp_kiln", "name": "Kiln Street Club",
             "blurb": "Furnace workers who settle every argument with a quick fight.",
             "members": [
                 ("exp_piet", "Piet", "blazing_quake", "brawler", "easy",
                  "Swings first and asks questions after the Knock Out."),
                 ("exp_odile", "Odile", "rock_crusher", "turtle", "easy",
                  "Digs in behind big Fighting Pokémon and waits you out."),
             ],
             "master": ("exp_hale", "Hale", "ember_blaze", "brawler", "hard",
                        "The kiln master. Keeps the fire fed until it overflows.")},
            {"id": "exp_harbor", "name": "Harbor Circle",
             "blurb": "Sailors and birdwatchers who meet where the piers end.",
             "members": [
                 ("exp_marisol", "Marisol", "tidal_mind", "plain", "easy",
                  "A patient sailor who reads the tide before she moves."),
                 ("exp_quill", "Quill", "sky_flock", "swarm", "normal",
                  "Fills the Bench with birds and lets them all take a turn."),
             ],
             "master": ("exp_nereda", "Nereda", "tidal_surge", "disruptor", "hard",
                        "Harbor master. Her waves wash your best Pokémon away.")},
            {"id": "exp_greenhouse", "name": "Greenhouse Guild",
             "blurb": "Gardeners, chemists and one electrician who fixes the lamps.",
             "members": [
                 ("exp_fenn", "Fenn", "poison_garden", "disruptor", "normal",
                  "Grows things that sting. Loves a slow, poisoned game."),
                 ("exp_tamsin", "Tamsin", "verdant_bounty", "evolver", "normal",
                  "Tends every seedling until it is fully grown."),
             ],
             "master": ("exp_ilka", "Ilka", "thunder_link", "hoarder", "hard",
                        "Keeps every spare Energy in a drawer, then wires it all at once.")},
        ],
        "champion": ("exp_vesper", "Vesper", "mind_games",
                     {"name": "vesper", "disruption": 1.8, "caution": 1.4,
                      "aggression": 1.2},
                     "expert", "Expedition champion. Always a move ahead, always polite."),
    },
    "platinum": {
        "clubs": [
            {"id": "pl_forge", "name": "Forge Hill Club",
             "blurb": "Smiths and climbers who like their matches hot and loud.",
             "members": [
                 ("pl_brisa", "Brisa", "flame_rush", "brawler", "easy",
                  "Races up the evolutions and hits before you are ready."),
                 ("pl_tovar", "Tovar", "quake_stone", "turtle", "easy",
                  "A fossil digger who is never in a hurry."),
             ],
             "master": ("pl_magda", "Magda", "rock_gym", "brawler", "hard",
                        "Forge Hill's master. Hits like a hammer on an anvil.")},
            {"id": "pl_frost", "name": "Frostline Club",
             "blurb": "Ice fishers who meet on the frozen lake at dawn.",
             "members": [
                 ("pl_anouk", "Anouk", "tidal_guard", "plain", "easy",
                  "Calm and steady, like the water under the ice."),
                 ("pl_lazlo", "Lazlo", "colorless_crowd", "swarm", "normal",
                  "Brings everyone along. Everyone."),
             ],
             "master": ("pl_sigrun", "Sigrun", "frozen_sea", "hoarder", "hard",
                        "Frostline's master. Saves her Energy for one cold blow.")},
            {"id": "pl_lantern", "name": "Lantern Society",
             "blurb": "Night walkers, stargazers and the odd ghost story.",
             "members": [
                 ("pl_corvin", "Corvin", "night_raid", "disruptor", "normal",
                  "Strikes in the dark and takes what you were saving."),
                 ("pl_wynne", "Wynne", "verdant_growth", "evolver", "normal",
                  "A botanist who grows a new line every turn."),
             ],
             "master": ("pl_orrin", "Orrin", "haunted_galaxy", "disruptor", "hard",
                        "The Society's master. Tells ghost stories that come true.")},
        ],
        "champion": ("pl_selene", "Selene", "elite_mind",
                     {"name": "selene", "evolution": 1.5, "caution": 1.3,
                      "disruption": 1.4},
                     "expert", "Platinum champion. Levels up when you least expect it."),
    },
    "call_of_legends": {
        "clubs": [
            {"id": "col_meadow", "name": "Meadow Lane Club",
             "blurb": "Farmers and beekeepers who play on the village green.",
             "members": [
                 ("col_hessa", "Hessa", "meadow_bloom", "evolver", "easy",
                  "Waters her Pokémon daily and watches them bloom."),
                 ("col_dunstan", "Dunstan", "town_square", "swarm", "easy",
                  "Knows everybody in town and brings them all."),
             ],
             "master": ("col_rowena", "Rowena", "eevee_prism", "evolver", "hard",
                        "Meadow Lane's master. Has an answer of every colour.")},
            {"id": "col_quarry", "name": "Quarry Gate Club",
             "blurb": "Stone cutters who train where the road meets the rock.",
             "members": [
                 ("col_bram", "Bram", "quake_fang", "brawler", "easy",
                  "Built like a wall, and he hits like one too."),
                 ("col_saffi", "Saffi", "steel_storm", "turtle", "normal",
                  "Armour first, thunder later."),
             ],
             "master": ("col_garrick", "Garrick", "blazing_ascent", "brawler", "hard",
                        "Quarry Gate's master. Sets the whole cliff on fire.")},
            {"id": "col_tide", "name": "Tidepool Club",
             "blurb": "Divers and dreamers from the rocks below the lighthouse.",
             "members": [
                 ("col_merel", "Merel", "harbor_cove", "hoarder", "normal",
                  "Thinks it over. Thinks it over again. Then strikes."),
                 ("col_idris", "Idris", "mind_haze", "disruptor", "normal",
                  "Clouds your plans until you forget them."),
             ],
             "master": ("col_oona", "Oona", "tidal_crest", "swarm", "hard",
                        "Tidepool's master. Floods the field when it rains.")},
        ],
        "champion": ("col_aurelio", "Aurelio", "sacred_flame",
                     {"name": "aurelio", "aggression": 1.5, "energy": 1.4,
                      "evolution": 1.2},
                     "expert", "Champion of the legends. His flame never goes out."),
    },
    "black_white": {
        "clubs": [
            {"id": "bw_dojo", "name": "Riverside Dojo",
             "blurb": "Martial artists who train by the river every morning.",
             "members": [
                 ("bw_kenna", "Kenna", "crimson_spark", "brawler", "easy",
                  "Burns bright, burns fast, burns out. Sometimes."),
                 ("bw_taro", "Taro", "dojo_brawl", "brawler", "easy",
                  "Bows politely, then throws you across the mat."),
             ],
             "master": ("bw_senna", "Senna", "inferno_dance", "brawler", "hard",
                        "The dojo's master. Dances through the fire untouched.")},
            {"id": "bw_works", "name": "Gearworks Club",
             "blurb": "Engineers who build, test and take apart every deck.",
             "members": [
                 ("bw_pell", "Pell", "iron_gears", "turtle", "easy",
                  "Every gear in place, every Energy where it belongs."),
                 ("bw_zuri", "Zuri", "spark_parade", "swarm", "normal",
                  "Wires the whole Bench together and throws the switch."),
             ],
             "master": ("bw_casimir", "Casimir", "storm_circuit", "hoarder", "hard",
                        "Gearworks' master. Charges up in silence, then thunder.")},
            {"id": "bw_grove", "name": "Moonlit Grove",
             "blurb": "Quiet folk of the forest who play only after dark.",
             "members": [
                 ("bw_lio", "Lio", "tidal_blade", "plain", "normal",
                  "Trains one partner with great care, and it shows."),
                 ("bw_nyx", "Nyx", "shadow_claw", "disruptor", "normal",
                  "Steals your tools and smiles about it."),
             ],
             "master": ("bw_thessaly", "Thessaly", "phantom_gate", "disruptor", "hard",
                        "The Grove's master. Shuts your Abilities off and waits.")},
        ],
        "champion": ("bw_draven", "Draven", "dragon_summit",
                     {"name": "draven", "aggression": 1.6, "evolution": 1.4,
                      "bench": 1.2},
                     "expert", "Black & White champion. Rides the dragons at the summit."),
    },
}


# ---------------------------------------------------------------------------- loading

def _style(value: Any, where: str) -> Style:
    if isinstance(value, str):
        if value not in STYLES:
            raise RosterError(f"{where}: unknown style {value!r} (one of "
                              f"{', '.join(STYLES)}, or a dict of weights)")
        return STYLES[value]
    if isinstance(value, Mapping):
        try:
            return Style.from_dict(dict(value))
        except (TypeError, ValueError) as exc:
            raise RosterError(f"{where}: {exc}") from None
    raise RosterError(f"{where}: a style is a name or a dict of weights, not {value!r}")


def _opponent(row: Any, era: str, rank: str, club: str | None) -> Opponent:
    try:
        oid, name, deck, style, level, blurb = row
    except (TypeError, ValueError):
        raise RosterError(f"{era}: an opponent is (id, name, deck, style, level, blurb), "
                          f"not {row!r}") from None
    where = f"{era}/{oid}"
    for label, value, limit in (("id", oid, 24), ("name", name, NAME_MAX),
                                ("blurb", blurb, BLURB_MAX), ("deck", deck, 40)):
        if not isinstance(value, str) or not value.strip() or len(value) > limit:
            raise RosterError(f"{where}: the {label} must be text of 1-{limit} characters, "
                              f"not {value!r}")
    if level not in LEVELS:
        raise RosterError(f"{where}: unknown level {level!r} (one of {', '.join(LEVELS)})")
    return Opponent(oid, name, blurb, deck, _style(style, where), level, era, rank, club)


def build_ladders(data: Mapping[str, Mapping[str, Any]],
                  era_decks: Mapping[str, Sequence[str]] | None = None) -> dict[str, Ladder]:
    """The ladders of ``data`` (shaped as :data:`ROSTER_DATA`), checked: unique ids, known
    styles and levels, names that fit the screen, clubs of two members and a master and,
    when ``era_decks`` is given (era -> its ready-made decks), decks of the era."""
    ladders: dict[str, Ladder] = {}
    seen: set[str] = set()

    def claim(oid: str, where: str) -> None:
        if oid in seen:
            raise RosterError(f"{where}: the id {oid!r} is used twice")
        seen.add(oid)

    for era, spec in data.items():
        clubs: list[Club] = []
        for c in spec.get("clubs", ()):
            cid = c.get("id")
            if not isinstance(cid, str) or not cid:
                raise RosterError(f"{era}: a club without an id")
            claim(cid, era)
            if not isinstance(c.get("name"), str) or not 0 < len(c["name"]) <= CLUB_NAME_MAX:
                raise RosterError(f"{era}/{cid}: a club name is 1-{CLUB_NAME_MAX} characters")
            members = tuple(_opponent(r, era, MEMBER, cid) for r in c.get("members", ()))
            if len(members) != 2:
                raise RosterError(f"{era}/{cid}: a club has 2 members, not {len(members)}")
            master = _opponent(c.get("master"), era, MASTER, cid)
            for o in (*members, master):
                claim(o.id, era)
            clubs.append(Club(cid, c["name"], str(c.get("blurb", "")), members, master))
        if len(clubs) < 1:
            raise RosterError(f"{era}: a ladder needs at least one club")
        champion = _opponent(spec.get("champion"), era, CHAMPION, None)
        claim(champion.id, era)
        ladder = Ladder(era, tuple(clubs), champion)
        if era_decks is not None:
            known = set(era_decks.get(era, ()))
            for o in ladder.opponents():
                if o.deck not in known:
                    raise RosterError(f"{era}/{o.id}: {o.deck!r} is not a ready-made deck "
                                      f"of the era")
        ladders[era] = ladder
    return ladders


def _era_decks() -> dict[str, list[str]]:
    from .cards import era_deck_names
    from .engine.eras import playable_eras

    return {e.key: era_deck_names(e.key) for e in playable_eras()}


LADDERS: dict[str, Ladder] = build_ladders(ROSTER_DATA, _era_decks())
OPPONENTS: dict[str, Opponent] = {o.id: o for ld in LADDERS.values() for o in ld.opponents()}


def ladder(era: str) -> Ladder:
    try:
        return LADDERS[era]
    except KeyError:
        raise KeyError(f"no ladder for the era {era!r}; ladders: {', '.join(LADDERS)}") from None


def opponent(oid: str) -> Opponent:
    try:
        return OPPONENTS[oid]
    except KeyError:
        raise KeyError(f"no roster opponent {oid!r}") from None


def deck_problems(pool: Any, ladders: Mapping[str, Ladder] | None = None) -> list[str]:
    """Every roster deck that is not legal under its era's deck rules (empty: all legal)."""
    from .cards import load_ready_made_deck
    from .engine.eras import ERAS

    out: list[str] = []
    for era, ld in (ladders or LADDERS).items():
        rules = ERAS[era]
        for o in ld.opponents():
            for v in rules.deck_violations(pool, load_ready_made_deck(o.deck)):
                out.append(f"{o.id} ({o.deck}): {v}")
    return out


def deck_cards(o: Opponent) -> list[str]:
    from .cards import load_ready_made_deck

    return load_ready_made_deck(o.deck)


def deck_title(o: Opponent) -> str:
    """The deck's name as the menus show it ("Blazing Quake")."""
    return o.deck.replace("_", " ").title()


def deck_about(o: Opponent) -> str:
    from .cards import deck_description

    return deck_description(o.deck)


# What a weight far from 1 makes an opponent do, in the player's words (above, below).
_TENDENCIES = {
    "aggression": ("attacks at every chance", "sets up before it attacks"),
    "bench": ("fills the Bench fast", "plays few Pokémon"),
    "evolution": ("evolves as soon as it can", "is slow to evolve"),
    "energy": ("attaches Energy every turn", "keeps Energy in hand"),
    "disruption": ("goes after your hand and Energy", "leaves your cards alone"),
    "caution": ("retreats and heals early", "shrugs off its own damage"),
}


def play_style(style: Style) -> str:
    """How a style plays, in a short sentence: its two strongest leanings ("Fills the
    Bench fast; evolves as soon as it can."); a plain style plays "by the book"."""
    leanings = sorted(((abs(getattr(style, k) - 1.0), k) for k in _TENDENCIES), reverse=True)
    parts = [_TENDENCIES[k][0 if getattr(style, k) > 1.0 else 1]
             for gap, k in leanings[:2] if gap >= 0.2]
    if not parts:
        return "Plays by the book."
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


# ---------------------------------------------------------------------------- players

def player_for(o: Opponent, seed: int) -> Any:
    """The computer player of ``o``: its level's search player in its style."""
    from .players import make_player

    return make_player(o.level, seed, style=o.style)


# ---------------------------------------------------------------------------- progress

@dataclass(frozen=True)
class Record:
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws


def records(history: Iterable[HistoryEntry]) -> dict[str, Record]:
    """Wins, losses and draws against each roster opponent met in ``history``."""
    counts: dict[str, list[int]] = {}
    for h in history:
        if h.opponent is None or h.outcome not in (WIN, LOSS, DRAW):
            continue
        c = counts.setdefault(h.opponent, [0, 0, 0])
        c[(WIN, LOSS, DRAW).index(h.outcome)] += 1
    return {oid: Record(*c) for oid, c in counts.items()}


def beaten(history: Iterable[HistoryEntry]) -> set[str]:
    """The opponents the player has won against at least once."""
    return {h.opponent for h in history if h.opponent is not None and h.outcome == WIN}


def unlocked(ld: Ladder, beaten_ids: set[str]) -> set[str]:
    """The opponents of ``ld`` that may be challenged, given who is beaten: every club
    member; a master once both its members are beaten; the champion once every master is."""
    out: set[str] = set()
    for club in ld.clubs:
        out.update(m.id for m in club.members)
        if all(m.id in beaten_ids for m in club.members):
            out.add(club.master.id)
    if all(c.master.id in beaten_ids for c in ld.clubs):
        out.add(ld.champion.id)
    return out


def status(o: Opponent, beaten_ids: set[str]) -> str:
    """"beaten", "open" or "locked"."""
    if o.id in beaten_ids:
        return "beaten"
    return "open" if o.id in unlocked(ladder(o.era), beaten_ids) else "locked"


def outcome_for(winner_seat: int | None, player_seat: int = 0) -> str:
    """The history's outcome of a roster duel from the player's side."""
    if winner_seat is None:
        return DRAW
    return WIN if winner_seat == player_seat else LOSS


@dataclass(frozen=True)
class Victory:
    """What a win against a roster opponent changed on the ladder (see :func:`on_victory`).

    ``first_win``: the opponent was not beaten before; ``unlocked``: opponents that can be
    challenged now and could not before; ``era_complete``: this win beat the last opponent
    of the era still unbeaten."""

    opponent: Opponent
    first_win: bool
    unlocked: tuple[Opponent, ...] = field(default=())
    era_complete: bool = False


def on_victory(history_before: Iterable[HistoryEntry], oid: str) -> Victory:
    """The ladder's news after a win against ``oid``, from the history as it was before the
    win was recorded. The duel screen calls it after saving a roster win and shows what it
    says; rewards for climbing the ladder (issue 18's booster packs) hang on it: give them
    from ``first_win``, ``unlocked`` and ``era_complete``. It only reads, so calling it twice
    gives nothing twice."""
    o = opponent(oid)
    ld = ladder(o.era)
    before = beaten(history_before)
    after = before | {o.id}
    opened = unlocked(ld, after) - unlocked(ld, before)
    every = {x.id for x in ld.opponents()}
    return Victory(o, o.id not in before,
                   tuple(x for x in ld.opponents() if x.id in opened),
                   every <= after and not every <= before)
