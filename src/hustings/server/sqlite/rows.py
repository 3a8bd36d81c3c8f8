"""Rows of the SQLite store as records (and a move waiting for the writer thread, as a record), and the column
list tables are read with."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hustings.server.store import MadeBy, MoveWaiter, NotifyTarget, SeatRecord, SeatSecret, TableRecord, decode_table

_TABLE_COLUMNS = ("id, game, options, seed, rules_version, engine_version, rng, settings, status, created_at, "
                  "rematch_of, steps, kept_until")


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


def _seat(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(table_id=row[0], seat=int(row[1]), token_hash=row[2], name=row[3], joined=bool(row[4]),
                      ready=bool(row[5]))


def _notify(row: Sequence[Any]) -> NotifyTarget:
    return NotifyTarget(table_id=row[0], seat=int(row[1]), kind=row[2], address=row[3], key=row[4], lang=row[5],
                        unsubscribe_hash=row[6], notified_turn=int(row[7]), created_at=float(row[8]), id=int(row[9]))


def _secret(row: Sequence[Any]) -> SeatSecret:
    return SeatSecret(table_id=row[0], seat=int(row[1]), kind=row[2], hash=row[3],
                      expires_at=None if row[4] is None else float(row[4]))
