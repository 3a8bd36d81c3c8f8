"""The SQLite store's turn notices (hustings.server.notify): where a seat is told it is its turn, and the
server's own keys."""

from __future__ import annotations

import sqlite3

from hustings.server.sqlite.base import SqliteBase
from hustings.server.sqlite.rows import _notify
from hustings.server.store import NOTIFY_COLUMNS, NOTIFY_KINDS, NotifyTarget, StoreError


class _Full(Exception):
    """A seat holds as many turn notice targets as it may (add_notify rolls back)."""


class SqliteNotices(SqliteBase):
    """Turn notice targets and server keys."""

    # -- turn notices (hustings.server.notify) ------------------------------------------------------------------

    _NOTIFY_COLUMNS = NOTIFY_COLUMNS

    def add_notify(self, target: NotifyTarget, *, max_per_seat: int) -> bool:
        if target.kind not in NOTIFY_KINDS:
            raise StoreError(f"unknown notice kind {target.kind!r}")
        try:
            with self._tx() as db:
                self._add_notify(db, target, max_per_seat)
        except _Full:  # rolled back: the target it would have replaced stays
            return False
        return True

    def _add_notify(self, db: sqlite3.Connection, target: NotifyTarget, max_per_seat: int) -> None:
        self._exists(db, target.table_id)
        where = (target.table_id, target.seat)
        db.execute("DELETE FROM notify_targets WHERE table_id = ? AND seat = ? AND kind = ? AND (key = ? OR "
                   "kind = 'email')", (*where, target.kind, target.key))
        held = db.execute("SELECT count(*) FROM notify_targets WHERE table_id = ? AND seat = ?", where).fetchone()
        if int(held[0]) >= max_per_seat:
            raise _Full
        db.execute("INSERT INTO notify_targets (table_id, seat, kind, address, key, lang, unsubscribe_hash, "
                       "notified_turn, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
                   (*where, target.kind, target.address, target.key, target.lang, target.unsubscribe_hash,
                    target.notified_turn, target.created_at))

    def notify_targets(self, table_id: str, seat: int | None = None) -> list[NotifyTarget]:
        if seat is None:
            rows = self._read(f"SELECT {self._NOTIFY_COLUMNS} FROM notify_targets WHERE table_id = ? ORDER BY id",
                              (table_id,))
        else:
            rows = self._read(f"SELECT {self._NOTIFY_COLUMNS} FROM notify_targets WHERE table_id = ? AND seat = ? "
                              "ORDER BY id", (table_id, seat))
        return [_notify(r) for r in rows]

    def claim_notify(self, table_id: str, seat: int, turn: int) -> list[NotifyTarget]:
        with self._tx() as db:
            rows = db.execute(f"SELECT {self._NOTIFY_COLUMNS} FROM notify_targets WHERE table_id = ? AND seat = ? "
                              "AND notified_turn < ? ORDER BY id", (table_id, seat, turn)).fetchall()
            db.execute("UPDATE notify_targets SET notified_turn = ? WHERE table_id = ? AND seat = ? AND "
                       "notified_turn < ?", (turn, table_id, seat, turn))
        return [_notify(r) for r in rows]

    def drop_notify(self, table_id: str, seat: int | None = None, *, target_id: int | None = None) -> int:
        with self._tx() as db:
            if target_id is not None:
                cur = db.execute("DELETE FROM notify_targets WHERE id = ? AND table_id = ?", (target_id, table_id))
            elif seat is None:
                cur = db.execute("DELETE FROM notify_targets WHERE table_id = ?", (table_id,))
            else:
                cur = db.execute("DELETE FROM notify_targets WHERE table_id = ? AND seat = ?", (table_id, seat))
            return int(cur.rowcount)

    def unsubscribe(self, unsubscribe_hash: str) -> NotifyTarget | None:
        with self._tx() as db:
            row = db.execute(f"SELECT {self._NOTIFY_COLUMNS} FROM notify_targets WHERE unsubscribe_hash = ?",
                             (unsubscribe_hash,)).fetchone()
            if row is None:
                return None
            db.execute("DELETE FROM notify_targets WHERE unsubscribe_hash = ?", (unsubscribe_hash,))
        return _notify(row)

    def server_key(self, name: str, value: str) -> str:
        with self._tx() as db:
            db.execute("INSERT OR IGNORE INTO server_keys (name, value) VALUES (?, ?)", (name, value))
            row = db.execute("SELECT value FROM server_keys WHERE name = ?", (name,)).fetchone()
        return str(row[0])
