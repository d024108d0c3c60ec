"""The save system: profiles, card collection, decks, settings, coin statistics, battle-timer
presets, match history and the suspended match, in one SQLite file on the storage that
``firmware_sim.storage`` provides (``saves.sqlite3``).

Start with :func:`open_saves` at boot: it always returns working saves, and a message for
the player if the file could not be used (the file is then left untouched, and what could be
read from it is in the temporary saves; :func:`start_fresh` sets it aside). docs/SAVES.md
describes the schema, migrations, durability and the power-cut torture test.
"""

from .codec import decode_exact, encode_exact
from .errors import (
    DamagedSave,
    DuplicateDeckName,
    DuplicateName,
    DuplicateProfileName,
    InvalidInput,
    NotEnoughCards,
    NotFound,
    SaveError,
    SaveFileProblem,
    StorageFailure,
    UnknownDeck,
    UnknownProfile,
    UnknownTimerPreset,
)
from .opening import (
    SAVE_FILE,
    OpenedSaves,
    backup_to,
    check_save_file,
    inspect,
    open_saves,
    start_fresh,
)
from .records import (
    BoosterPack,
    CollectionEntry,
    Deck,
    MatchResult,
    Profile,
    ScanRecord,
    SuspendedGame,
    SuspendedMatch,
    TimerPreset,
)
from .saves import Saves
from .schema import MIGRATIONS, SCHEMA_VERSION, Migration, migrate

__all__ = [
    "MIGRATIONS",
    "SAVE_FILE",
    "SCHEMA_VERSION",
    "BoosterPack",
    "CollectionEntry",
    "DamagedSave",
    "Deck",
    "DuplicateDeckName",
    "DuplicateName",
    "DuplicateProfileName",
    "InvalidInput",
    "MatchResult",
    "Migration",
    "NotEnoughCards",
    "NotFound",
    "OpenedSaves",
    "Profile",
    "SaveError",
    "SaveFileProblem",
    "Saves",
    "ScanRecord",
    "StorageFailure",
    "SuspendedGame",
    "SuspendedMatch",
    "TimerPreset",
    "UnknownDeck",
    "UnknownProfile",
    "UnknownTimerPreset",
    "backup_to",
    "check_save_file",
    "decode_exact",
    "encode_exact",
    "inspect",
    "migrate",
    "open_saves",
    "start_fresh",
]
