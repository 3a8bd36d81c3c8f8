"""The match service: one game at one table for every interface (terminal, command line, server).

No screen and no network here: :class:`Match` (seats, bots, apply-then-save, per-seat deltas),
:func:`drive` (the one game loop, shared with the lab), the storage protocol :class:`MatchStore` with its
file store, and the save key that keeps a save's secrets (:mod:`hustings.table.keys`).
"""

from hustings.table.keys import DATA_DIR_ENV, SaveKey, SaveKeyError, data_dir
from hustings.table.loop import Driven, drive
from hustings.table.match import Match, MatchError, SaveError, bot_seed
from hustings.table.settings import NAME_STYLES, SettingsError, TableSettings
from hustings.table.store import (
    FileStore,
    MatchExists,
    MatchNotFound,
    MatchStore,
    MemoryStore,
    RulesVersionError,
    StoredMatch,
    StoreError,
    rules_refusal,
)

__all__ = [
    "DATA_DIR_ENV",
    "NAME_STYLES",
    "Driven",
    "FileStore",
    "Match",
    "MatchError",
    "MatchExists",
    "MatchNotFound",
    "MatchStore",
    "MemoryStore",
    "RulesVersionError",
    "SaveError",
    "SaveKey",
    "SaveKeyError",
    "SettingsError",
    "StoreError",
    "StoredMatch",
    "TableSettings",
    "bot_seed",
    "data_dir",
    "drive",
    "rules_refusal",
]
