"""The PostgreSQL store's tables: created, read, listed, checked for damage, expired from the lobby, kept,
started and finished, their settings; and each table's chat."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

from psycopg.types.json import Jsonb

from hustings.server.postgres.rows import _SEAT_COLUMNS, _TABLE_COLUMNS, _seat, _table
from hustings.server.postgres.sync import PostgresSync
from hustings.server.store import (
    CHAT_KINDS,
    STATUSES,
    ChatLine,
    SeatRecord,
    SeatSecret,
    StoreError,
    TableDamaged,
    TableNotFound,
    TableRecord,
    damage_of,
    unclaimed,
)


class PostgresTables(PostgresSync):
    """Tables and their chat."""

    def create_table(self, table: TableRecord, seats: Sequence[SeatRecord],
                     secrets: Sequence[SeatSecret] = ()) -> None:
        if table.status not in STATUSES:
            raise StoreError(f"unknown table status {table.status!r}")
        with self._tx() as conn:
            inserted = conn.execute(
                f"INSERT INTO tables ({_TABLE_COLUMNS}) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s) "
                "ON CONFLICT (id) DO NOTHING",
                (table.id, table.game, Jsonb(table.options), table.seed, table.rules_version, table.engine_version,
                 table.rng, Jsonb(table.settings), table.status, table.created_at, table.rematch_of, table.steps,
                 table.kept_until),
            ).rowcount
            if inserted != 1:
                raise StoreError(f"a table {table.id!r} exists already")
            with conn.cursor() as cur:
                cur.executemany(
                    f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (%s,%s,%s,%s,%s,%s)",
                    [(table.id, s.seat, s.token_hash, s.name, s.joined, s.ready) for s in seats],
                )
                if secrets:
                    cur.executemany(
                        "INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (%s,%s,%s,%s,%s)",
                        [(x.hash, table.id, x.seat, x.kind, x.expires_at) for x in secrets],
                    )
            if table.settings.get("public") is True and table.status == "lobby":
                conn.execute("INSERT INTO open_tables (table_id, game, listed_at) VALUES (%s, %s, %s)",
                             (table.id, table.game, table.created_at))
        self._know(table.id, table.steps, move=False)

    def table(self, table_id: str) -> TableRecord:
        with self._conn() as conn:
            row = conn.execute(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = %s", (table_id,)).fetchone()
        if row is None:
            raise TableNotFound(table_id)
        record = _table(row)
        # watched from now on, but not "known": what a read saw need not be what the server has applied (a move can
        # commit between its reads of the log and of the table), and skipping a hint on a wrong belief would leave
        # the server behind for good; the next reconcile reports the table whatever its count
        with self._lock:
            self._watch.add(record.id)
        return record

    def tables(self, *, status: str | None = None, ids: Sequence[str] | None = None) -> list[TableRecord]:
        sql = f"SELECT {_TABLE_COLUMNS} FROM tables WHERE TRUE"
        args: list[Any] = []
        if status is not None:
            sql += " AND status = %s"
            args.append(status)
        if ids is not None:
            ids = list(ids)
            if not ids:
                return []
            sql += " AND id = ANY(%s)"
            args.append(ids)
        with self._conn() as conn:
            rows = conn.execute(sql + " ORDER BY created_at, id", args).fetchall()
        out = []
        for row in rows:
            with contextlib.suppress(TableDamaged):  # a damaged row damages only its own table (damaged() names it)
                out.append(_table(row))
        return out

    def damaged(self, *, status: str | None = None) -> dict[str, str]:
        where, args = ("WHERE status = %s", [status]) if status is not None else ("", [])
        with self._conn() as conn:
            rows = conn.execute(f"SELECT {_TABLE_COLUMNS} FROM tables {where} ORDER BY created_at, id",
                                args).fetchall()
            counts: dict[str, dict[str, tuple[int, int, int]]] = {}
            for name, column in (("actions", "step"), ("seats", "seat")):
                counts[name] = {str(r[0]): (int(r[1]), int(r[2]), int(r[3])) for r in conn.execute(
                    f"SELECT table_id, count(*), min({column}), max({column}) FROM {name} WHERE table_id IN "
                    f"(SELECT id FROM tables {where}) GROUP BY table_id", args).fetchall()}
        out: dict[str, str] = {}
        for row in rows:
            table_id = str(row[0])
            try:
                record = _table(row)
            except TableDamaged as e:
                out[table_id] = e.what
                continue
            what = damage_of(record.steps, counts["actions"].get(table_id, (0, 0, 0)),
                             counts["seats"].get(table_id, (0, 0, 0)), len(record.settings["seats"]),
                             lambda tid=table_id: [a.step for a in self.actions(tid)])  # type: ignore[misc]
            if what is not None:
                out[table_id] = what
        return out

    def expire_unclaimed(self, before: float, now: float, limit: int,
                         after: tuple[float, str] = (0.0, "")) -> tuple[list[str], tuple[float, str] | None]:
        with self._tx() as conn:
            # SKIP LOCKED: two processes sweeping at once each take other tables; a table being joined (its seat
            # row locked by the join's UPDATE) is looked at again next time
            rows = conn.execute(
                f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status = 'lobby' AND created_at < %s AND kept_until < %s "
                "AND (created_at, id) > (%s, %s) ORDER BY created_at, id LIMIT %s FOR UPDATE SKIP LOCKED",
                (before, now, after[0], after[1], limit)).fetchall()
            if not rows:
                return [], None
            ids = [str(r[0]) for r in rows]
            seats: dict[str, list[SeatRecord]] = {}
            # locked too: a join committed before this read is seen here, one after it finds the table gone
            for r in conn.execute(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id = ANY(%s) FOR UPDATE",
                                  (ids,)).fetchall():
                seats.setdefault(str(r[0]), []).append(_seat(r))
            gone = []
            for row in rows:
                with contextlib.suppress(TableDamaged):  # a damaged row is left as it is (hustings db check)
                    record = _table(row)
                    if unclaimed(record, seats.get(record.id, [])):
                        gone.append(record.id)
            if gone:  # their seats, actions and presence rows go with them (ON DELETE CASCADE)
                conn.execute("DELETE FROM tables WHERE id = ANY(%s)", (gone,))
        for table_id in gone:
            self._hint(table_id, "l")
        if len(rows) < limit:
            return gone, None
        return gone, (float(rows[-1][9]), str(rows[-1][0]))

    #: tries of a chat line that met another process's line with the same number (each try takes the next number)
    CHAT_TRIES = 20

    def add_chat(self, table_id: str, seat: int, at: float, kind: str, body: str, *,
                 max_lines: int) -> ChatLine | None:
        if kind not in CHAT_KINDS:
            raise StoreError(f"unknown chat line kind {kind!r}")
        for _ in range(self.CHAT_TRIES):
            with self._conn() as conn:
                self._steps(conn, table_id)
                # the next number and the limit in one statement, no lock: two processes that pick the same number
                # meet in the primary key, and the one that lost tries the next number
                row = conn.execute(
                    "INSERT INTO chat (table_id, n, seat, at, kind, body) SELECT %s, COALESCE(MAX(n) + 1, 0), %s, %s, "
                    "%s, %s FROM chat WHERE table_id = %s HAVING COALESCE(MAX(n) + 1, 0) < %s "
                    "ON CONFLICT DO NOTHING RETURNING n",
                    (table_id, seat, at, kind, body, table_id, max_lines)).fetchone()
                if row is not None:
                    self._hint(table_id, "c")
                    return ChatLine(int(row[0]), seat, at, kind, body)
                held = conn.execute("SELECT COUNT(*) FROM chat WHERE table_id = %s", (table_id,)).fetchone()
                if held is not None and int(held[0]) >= max_lines:
                    return None
        raise StoreError(f"table {table_id!r}: the chat line was not stored (too many written at once)")

    def chat(self, table_id: str, *, last: int | None = None) -> list[ChatLine]:
        with self._conn() as conn:
            if last is None:
                rows = conn.execute("SELECT n, seat, at, kind, body FROM chat WHERE table_id = %s ORDER BY n",
                                    (table_id,)).fetchall()
            else:
                rows = conn.execute("SELECT n, seat, at, kind, body FROM chat WHERE table_id = %s ORDER BY n DESC "
                                    "LIMIT %s", (table_id, max(0, last))).fetchall()[::-1]
        return [ChatLine(int(r[0]), int(r[1]), float(r[2]), str(r[3]), str(r[4])) for r in rows]

    def keep_table(self, table_id: str, until: float) -> None:
        with self._conn() as conn:
            if conn.execute("UPDATE tables SET kept_until = %s WHERE id = %s", (until, table_id)).rowcount != 1:
                raise TableNotFound(table_id)
        self._hint(table_id, "l")

    def set_status(self, table_id: str, status: str) -> None:
        if status not in STATUSES:
            raise StoreError(f"unknown table status {status!r}")
        with self._conn() as conn:
            if conn.execute("UPDATE tables SET status = %s WHERE id = %s", (status, table_id)).rowcount != 1:
                raise TableNotFound(table_id)
        self._hint(table_id, "l")

    def set_settings(self, table_id: str, settings: Mapping[str, Any]) -> None:
        with self._conn() as conn:
            changed = conn.execute("UPDATE tables SET settings = %s WHERE id = %s",
                                   (Jsonb(dict(settings)), table_id)).rowcount
            if changed != 1:
                raise TableNotFound(table_id)
        self._hint(table_id, "l")
