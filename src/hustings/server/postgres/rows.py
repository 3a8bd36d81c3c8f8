"""Rows of the PostgreSQL store as records, and the column lists they are read with (the row readers both stores
share live in :mod:`hustings.server.store`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hustings.server.store import NOTIFY_COLUMNS as _NOTIFY_COLUMNS
from hustings.server.store import SEAT_COLUMNS as _SEAT_COLUMNS
from hustings.server.store import TABLE_COLUMNS as _TABLE_COLUMNS
from hustings.server.store import TableRecord, decode_table
from hustings.server.store import notify_of_row as _notify
from hustings.server.store import seat_of_row as _seat
from hustings.server.store import secret_of_row as _secret

__all__ = ["_NOTIFY_COLUMNS", "_SEAT_COLUMNS", "_TABLE_COLUMNS", "_notify", "_seat", "_secret", "_table"]


def _table(row: Sequence[Any]) -> TableRecord:
    """A row as a record (JSONB arrives decoded); TableDamaged naming the table and what is wrong when it does not
    decode (options that are JSON but no object, a seat layout this server does not know, ...)."""
    return decode_table(row)
