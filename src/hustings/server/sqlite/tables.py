"""The SQLite store's tables: created, read, listed, checked for damage, expired from the lobby, kept, started
and finished, their settings; and each table's chat."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any

from hustings.server.sqlite.base import SqliteBase
from hustings.server.sqlite.rows import _TABLE_COLUMNS, _seat, _table
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


class SqliteTables(SqliteBase):
    """Tables and their chat."""

    def create_table(self, table: TableRecord, seats: Sequence[SeatRecord],
                     secrets: Sequence[SeatSecret] = ()) -> None:
        if table.status not in STATUSES:
            raise StoreError(f"unknown table status {table.status!r}")
        with self._tx() as db:
            if db.execute("SELECT 1 FROM tables WHERE id = ?", (table.id,)).fetchone():
                raise StoreError(f"a table {table.id!r} exists already")
            # kept_until only when set (the column's default is 0: a new table is not kept)
            kept = table.kept_until != 0.0
            columns = _TABLE_COLUMNS if kept else _TABLE_COLUMNS.removesuffix(", kept_until")
            db.execute(f"INSERT INTO tables ({columns}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?{',?' if kept else ''})",
                       (table.id, table.game, json.dumps(table.options), str(table.seed), table.rules_version,
                        table.engine_version, table.rng, json.dumps(table.settings), table.status,
                        table.created_at, table.rematch_of, table.steps, *((table.kept_until,) if kept else ())))
            db.executemany("INSERT INTO seats (table_id, seat, token_hash, name, joined, ready) VALUES (?,?,?,?,?,?)",
                           [(table.id, s.seat, s.token_hash, s.name, int(s.joined), int(s.ready)) for s in seats])
            if secrets:
                db.executemany("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (?,?,?,?,?)",
                               [(x.hash, table.id, x.seat, x.kind, x.expires_at) for x in secrets])
            if table.settings.get("public") is True and table.status == "lobby":
                db.execute("INSERT INTO open_tables (table_id, game, listed_at) VALUES (?,?,?)",
                           (table.id, table.game, table.created_at))

    def table(self, table_id: str) -> TableRecord:
        rows = self._read(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        if not rows:
            raise TableNotFound(table_id)
        return _table(rows[0])

    def tables(self, *, status: str | None = None, ids: Sequence[str] | None = None) -> list[TableRecord]:
        sql, args = f"SELECT {_TABLE_COLUMNS} FROM tables WHERE 1=1", []
        if status is not None:
            sql += " AND status = ?"
            args.append(status)
        if ids is not None:
            ids = list(ids)
            if not ids:
                return []
            sql += f" AND id IN ({','.join('?' * len(ids))})"
            args.extend(ids)
        out = []
        for row in self._read(sql + " ORDER BY created_at, id", args):
            with suppress(TableDamaged):  # a damaged row damages only its own table (damaged() names it)
                out.append(_table(row))
        return out

    def damaged(self, *, status: str | None = None) -> dict[str, str]:
        where, args = ("WHERE status = ?", [status]) if status is not None else ("", [])
        rows = self._read(f"SELECT {_TABLE_COLUMNS} FROM tables {where} ORDER BY created_at, id", args)
        counts: dict[str, dict[str, tuple[int, int, int]]] = {}
        for name, column in (("actions", "step"), ("seats", "seat")):
            counts[name] = {str(r[0]): (int(r[1]), int(r[2]), int(r[3])) for r in self._read(
                f"SELECT table_id, count(*), min({column}), max({column}) FROM {name} WHERE table_id IN "
                f"(SELECT id FROM tables {where}) GROUP BY table_id", args)}
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
                             lambda tid=table_id: [int(r[0]) for r in self._read(  # type: ignore[misc]
                                 "SELECT step FROM actions WHERE table_id = ? ORDER BY step", (tid,))])
            if what is not None:
                out[table_id] = what
        return out

    def expire_unclaimed(self, before: float, now: float, limit: int,
                         after: tuple[float, str] = (0.0, "")) -> tuple[list[str], tuple[float, str] | None]:
        with self._tx() as db:  # one process owns the file, and this transaction holds every write off
            rows = db.execute(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status = 'lobby' AND created_at < ? "
                              "AND kept_until < ? AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ?",
                              (before, now, after[0], after[1], limit)).fetchall()
            if not rows:
                return [], None
            ids = [str(r[0]) for r in rows]
            marks = ",".join("?" * len(ids))
            seats: dict[str, list[SeatRecord]] = {}
            for r in db.execute(f"SELECT table_id, seat, token_hash, name, joined, ready FROM seats WHERE table_id "
                                f"IN ({marks})", ids).fetchall():
                seats.setdefault(str(r[0]), []).append(_seat(r))
            gone = []
            for row in rows:
                with suppress(TableDamaged):  # a damaged row is left as it is (hustings db check names it)
                    record = _table(row)
                    if unclaimed(record, seats.get(record.id, [])):
                        gone.append(record.id)
            if gone:
                marks = ",".join("?" * len(gone))
                for name in ("actions", "seats", "tables"):
                    db.execute(f"DELETE FROM {name} WHERE {'id' if name == 'tables' else 'table_id'} IN ({marks})",
                               gone)
        if len(rows) < limit:
            return gone, None
        try:
            return gone, (float(rows[-1][9]), str(rows[-1][0]))
        except (TypeError, ValueError):  # a damaged creation time: start the walk over next time
            return gone, None

    def add_chat(self, table_id: str, seat: int, at: float, kind: str, body: str, *,
                 max_lines: int) -> ChatLine | None:
        if kind not in CHAT_KINDS:
            raise StoreError(f"unknown chat line kind {kind!r}")
        with self._tx() as db:  # one writer at a time: the count and the insert cannot interleave with another's
            self._exists(db, table_id)
            n = int(db.execute("SELECT COALESCE(MAX(n) + 1, 0) FROM chat WHERE table_id = ?",
                               (table_id,)).fetchone()[0])
            if n >= max_lines:
                return None
            db.execute("INSERT INTO chat (table_id, n, seat, at, kind, body) VALUES (?,?,?,?,?,?)",
                       (table_id, n, seat, at, kind, body))
        return ChatLine(n, seat, at, kind, body)

    def chat(self, table_id: str, *, last: int | None = None) -> list[ChatLine]:
        if last is None:
            rows = self._read("SELECT n, seat, at, kind, body FROM chat WHERE table_id = ? ORDER BY n", (table_id,))
        else:
            rows = self._read("SELECT n, seat, at, kind, body FROM chat WHERE table_id = ? ORDER BY n DESC LIMIT ?",
                              (table_id, max(0, last)))[::-1]
        return [ChatLine(int(r[0]), int(r[1]), float(r[2]), str(r[3]), str(r[4])) for r in rows]

    def keep_table(self, table_id: str, until: float) -> None:
        with self._tx() as db:
            self._exists(db, table_id)
            db.execute("UPDATE tables SET kept_until = ? WHERE id = ?", (until, table_id))

    def set_status(self, table_id: str, status: str) -> None:
        if status not in STATUSES:
            raise StoreError(f"unknown table status {status!r}")
        with self._tx() as db:
            self._exists(db, table_id)
            db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))

    def set_settings(self, table_id: str, settings: Mapping[str, Any]) -> None:
        with self._tx() as db:
            self._exists(db, table_id)
            db.execute("UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(dict(settings)), table_id))
