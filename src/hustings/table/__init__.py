"""The table: one game at one table for every interface (terminal, command line, server, lab).

No screen and no network here: the table core :class:`Table` (seats, turns and steps, apply-then-store, undo,
giving up, clocks, the turn policy of bots and stand-ins, per-seat updates), :class:`Match` (a table kept in a
save file), the one store protocol (:mod:`hustings.table.storage`) with the file store, and the save key that
keeps a save's secrets (:mod:`hustings.table.keys`).
"""

from hustings.table.clock import ClockError, Clocks, ClockSettings
from hustings.table.core import BOT, PERSON, Applied, BotTurn, Refused, SeatUpdate, Table, Update
from hustings.table.keys import DATA_DIR_ENV, SaveKey, SaveKeyError, data_dir
from hustings.table.loop import Driven, drive
from hustings.table.match import Match, MatchError, SaveError, bot_seed
from hustings.table.settings import NAME_STYLES, SettingsError, TableSettings
from hustings.table.storage import (
    ActionRecord,
    ActionStore,
    AsyncActionStore,
    MatchExists,
    MatchNotFound,
    NotFound,
    StaleStep,
    StoreError,
)
from hustings.table.store import FileStore, MatchStore, MemoryStore, RulesVersionError, StoredMatch, rules_refusal

__all__ = [
    "BOT",
    "DATA_DIR_ENV",
    "NAME_STYLES",
    "PERSON",
    "ActionRecord",
    "ActionStore",
    "Applied",
    "AsyncActionStore",
    "BotTurn",
    "ClockError",
    "ClockSettings",
    "Clocks",
    "Driven",
    "FileStore",
    "Match",
    "MatchError",
    "MatchExists",
    "MatchNotFound",
    "MatchStore",
    "MemoryStore",
    "NotFound",
    "Refused",
    "RulesVersionError",
    "SaveError",
    "SaveKey",
    "SaveKeyError",
    "SeatUpdate",
    "SettingsError",
    "StaleStep",
    "StoreError",
    "StoredMatch",
    "Table",
    "TableSettings",
    "Update",
    "bot_seed",
    "data_dir",
    "drive",
    "rules_refusal",
]
