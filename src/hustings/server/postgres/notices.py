"""The PostgreSQL store's turn notices (hustings.server.notify): where a seat is told it is its turn, and the
server's own keys."""

from __future__ import annotations

from hustings.server.postgres.base import PostgresBase
from hustings.server.postgres.rows import _NOTIFY_COLUMNS, _notify
from hustings.server.store import NOTIFY_KINDS, NotifyTarget, StoreError


class _Full(Exception):
    """A seat holds as many turn notice targets as it may (add_notify rolls back)."""


class PostgresNotices(PostgresBase):
    """Turn notice targets and server keys."""

    # -- turn notices (hustings.server.notify) ------------------------------------------------------------------

    def add_notify(self, target: NotifyTarget, *, max_per_seat: int) -> bool:
        if target.kind not in NOTIFY_KINDS:
            raise StoreError(f"unknown notice kind {target.kind!r}")
        try:
            with self._tx() as conn:
                # the seat row locked: two adds to one seat at once are counted one after the other
                if conn.execute("SELECT 1 FROM seats WHERE table_id = %s AND seat = %s FOR UPDATE",
                                (target.table_id, target.seat)).fetchone() is None:
                    self._steps(conn, target.table_id)
                where = (target.table_id, target.seat)
                conn.execute("DELETE FROM notify_targets WHERE table_id = %s AND seat = %s AND kind = %s AND "
                             "(key = %s OR kind = 'email')", (*where, target.kind, target.key))
                held = conn.execute("SELECT count(*) FROM notify_targets WHERE table_id = %s AND seat = %s",
                                    where).fetchone()
                if held is None or int(held[0]) >= max_per_seat:
                    raise _Full
                conn.execute("INSERT INTO notify_targets (table_id, seat, kind, address, key, lang, unsubscribe_hash, "
                             "notified_turn, created_at) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                             (*where, target.kind, target.address, target.key, target.lang, target.unsubscribe_hash,
                              target.notified_turn, target.created_at))
        except _Full:  # rolled back: the target it would have replaced stays
            return False
        return True

    def notify_targets(self, table_id: str, seat: int | None = None) -> list[NotifyTarget]:
        with self._conn() as conn:
            if seat is None:
                rows = conn.execute(f"SELECT {_NOTIFY_COLUMNS} FROM notify_targets WHERE table_id = %s ORDER BY id",
                                    (table_id,)).fetchall()
            else:
                rows = conn.execute(f"SELECT {_NOTIFY_COLUMNS} FROM notify_targets WHERE table_id = %s AND seat = %s "
                                    "ORDER BY id", (table_id, seat)).fetchall()
        return [_notify(r) for r in rows]

    def claim_notify(self, table_id: str, seat: int, turn: int) -> list[NotifyTarget]:
        # one statement: a row another process is marking waits for it, and is then seen told (READ COMMITTED
        # evaluates the condition again on the new row), so each target is claimed once a turn
        with self._conn() as conn:
            rows = conn.execute(f"UPDATE notify_targets SET notified_turn = %s WHERE table_id = %s AND seat = %s AND "
                                f"notified_turn < %s RETURNING {_NOTIFY_COLUMNS}",
                                (turn, table_id, seat, turn)).fetchall()
        return sorted((_notify(r) for r in rows), key=lambda t: t.id)

    def drop_notify(self, table_id: str, seat: int | None = None, *, target_id: int | None = None) -> int:
        with self._conn() as conn:
            if target_id is not None:
                cur = conn.execute("DELETE FROM notify_targets WHERE id = %s AND table_id = %s", (target_id, table_id))
            elif seat is None:
                cur = conn.execute("DELETE FROM notify_targets WHERE table_id = %s", (table_id,))
            else:
                cur = conn.execute("DELETE FROM notify_targets WHERE table_id = %s AND seat = %s", (table_id, seat))
            return int(cur.rowcount)

    def unsubscribe(self, unsubscribe_hash: str) -> NotifyTarget | None:
        with self._conn() as conn:
            row = conn.execute(f"DELETE FROM notify_targets WHERE unsubscribe_hash = %s RETURNING {_NOTIFY_COLUMNS}",
                               (unsubscribe_hash,)).fetchone()
        return None if row is None else _notify(row)

    def server_key(self, name: str, value: str) -> str:
        with self._tx() as conn:
            conn.execute("INSERT INTO server_keys (name, value) VALUES (%s, %s) ON CONFLICT (name) DO NOTHING",
                         (name, value))
            row = conn.execute("SELECT value FROM server_keys WHERE name = %s", (name,)).fetchone()
        if row is None:
            raise StoreError(f"the server key {name!r} could not be stored")
        return str(row[0])
