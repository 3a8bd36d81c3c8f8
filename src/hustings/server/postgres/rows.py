"""Rows of the PostgreSQL store as records, and the column lists they are read with."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hustings.server.store import NotifyTarget, SeatRecord, SeatSecret, TableRecord, decode_table

_TABLE_COLUMNS = ("id, game, options, seed, rules_version, engine_version, rng, settings, status, created_at, "
                  "rematch_of, steps, kept_until")
_SEAT_COLUMNS = "table_id, seat, token_hash, name, joined, ready"


def _table(row: Sequence[Any]) -> TableRecord:
    """A row as a record (JSONB arrives decoded); TableDamaged naming the table and what is wrong when it does not
    decode (options that are JSON but no object, a seat layout this server does not know, ...)."""
    return decode_table(row)


def _seat(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(table_id=row[0], seat=int(row[1]), token_hash=row[2], name=row[3], joined=bool(row[4]),
                      ready=bool(row[5]))


_NOTIFY_COLUMNS = "table_id, seat, kind, address, key, lang, unsubscribe_hash, notified_turn, created_at, id"


def _notify(row: Sequence[Any]) -> NotifyTarget:
    return NotifyTarget(table_id=row[0], seat=int(row[1]), kind=row[2], address=row[3], key=row[4], lang=row[5],
                        unsubscribe_hash=row[6], notified_turn=int(row[7]), created_at=float(row[8]), id=int(row[9]))


def _secret(row: Sequence[Any]) -> SeatSecret:
    return SeatSecret(table_id=row[0], seat=int(row[1]), kind=row[2], hash=row[3],
                      expires_at=None if row[4] is None else float(row[4]))
