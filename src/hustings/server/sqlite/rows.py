"""Rows of the SQLite store as records (and a move waiting for the writer thread, as a record); the row readers both
stores share live in :mod:`hustings.server.store`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hustings.server.store import TABLE_COLUMNS as _TABLE_COLUMNS
from hustings.server.store import MadeBy, MoveWaiter, TableRecord, decode_table
from hustings.server.store import notify_of_row as _notify
from hustings.server.store import seat_of_row as _seat
from hustings.server.store import secret_of_row as _secret

__all__ = ["_TABLE_COLUMNS", "_Append", "_notify", "_seat", "_secret", "_table"]



def _table(row: Sequence[Any]) -> TableRecord:
    """A row as a record; TableDamaged (naming the table and what is wrong) when it does not decode."""
    return decode_table(row, json.loads)


@dataclass(frozen=True)
class _Append:
    """One move waiting for the writer thread."""

    table_id: str
    step: int
    seat: int
    action: int
    at: float
    over: bool
    #: a thread's future (submit_action) or an event loop's (submit_action_async)
    future: MoveWaiter
    #: who made the move (None: not known)
    by: MadeBy | None = None

