"""The SQLite store's seats and their secrets (joined, claimed, revoked), the open tables a seat is taken at,
and personal keys (a key's ties to seats, a device's secret minted for a key)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any

from hustings.server.sqlite.base import SqliteBase
from hustings.server.sqlite.rows import _TABLE_COLUMNS, _seat, _secret, _table
from hustings.server.store import SECRET_KINDS, SeatRecord, SeatSecret, StoreError, TableDamaged, TableRecord


class SqliteSeats(SqliteBase):
    """Seats, seat secrets, open tables and personal keys."""

    def seats(self, table_id: str) -> list[SeatRecord]:
        rows = self._read("SELECT table_id, seat, token_hash, name, joined, ready FROM seats WHERE table_id = ? "
                          "ORDER BY seat", (table_id,))
        return [_seat(r) for r in rows]

    def update_seat(self, table_id: str, seat: int, *, name: str | None = None, joined: bool | None = None,
                    ready: bool | None = None) -> None:
        sets, args = [], []
        for column, value in (("name", name), ("joined", joined), ("ready", ready)):
            if value is not None:
                sets.append(f"{column} = ?")
                args.append(int(value) if isinstance(value, bool) else value)
        if not sets:
            return
        with self._tx() as db:
            cur = db.execute(f"UPDATE seats SET {', '.join(sets)} WHERE table_id = ? AND seat = ?",
                             (*args, table_id, seat))
            if cur.rowcount != 1:
                self._exists(db, table_id)
                raise StoreError(f"table {table_id!r} has no seat {seat}")

    def seat_by_token_hash(self, token_hash: str) -> SeatRecord | None:
        rows = self._read("SELECT table_id, seat, token_hash, name, joined, ready FROM seats WHERE token_hash = ?",
                          (token_hash,))
        return _seat(rows[0]) if rows else None

    def secret(self, hash: str) -> SeatSecret | None:
        rows = self._read("SELECT table_id, seat, kind, hash, expires_at FROM seat_secrets WHERE hash = ?", (hash,))
        return _secret(rows[0]) if rows else None

    def seat_secrets(self, table_id: str) -> list[SeatSecret]:
        rows = self._read("SELECT table_id, seat, kind, hash, expires_at FROM seat_secrets WHERE table_id = ? "
                          "ORDER BY seat, kind, hash", (table_id,))
        return [_secret(r) for r in rows]

    def add_secret(self, secret: SeatSecret) -> None:
        if secret.kind not in SECRET_KINDS:
            raise StoreError(f"unknown secret kind {secret.kind!r}")
        with self._tx() as db:
            self._exists(db, secret.table_id)
            db.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (?,?,?,?,?)",
                       (secret.hash, secret.table_id, secret.seat, secret.kind, secret.expires_at))

    def claim_seat(self, table_id: str, new: SeatSecret, *, code: str | None, now: float, name: str | None = None,
                   ready: bool | None = None) -> tuple[int, str] | None:
        with self._tx() as db:
            self._exists(db, table_id)
            if code is None:
                seat, spent = new.seat, "free"
                if db.execute("UPDATE seats SET joined = 1 WHERE table_id = ? AND seat = ? AND joined = 0",
                              (table_id, seat)).rowcount != 1:
                    return None
            else:
                row = db.execute("SELECT seat, kind FROM seat_secrets WHERE hash = ? AND table_id = ? AND kind IN "
                                 "('invite', 'device') AND (expires_at IS NULL OR expires_at > ?)",
                                 (code, table_id, now)).fetchone()
                if row is None:
                    return None
                seat, spent = int(row[0]), str(row[1])
                db.execute("DELETE FROM seat_secrets WHERE hash = ?", (code,))
            if spent != "device":  # the seat changes hands: every earlier copy of its secrets dies
                db.execute("DELETE FROM seat_secrets WHERE table_id = ? AND seat = ?", (table_id, seat))
                sets, args = ["joined = 1"], []
                for column, value in (("name", name), ("ready", ready)):
                    if value is not None:
                        sets.append(f"{column} = ?")
                        args.append(int(value) if isinstance(value, bool) else value)
                db.execute(f"UPDATE seats SET {', '.join(sets)} WHERE table_id = ? AND seat = ?",
                           (*args, table_id, seat))
            db.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (?,?,?,?,?)",
                       (new.hash, table_id, seat, "seat", None))
            return seat, spent

    def revoke_seat(self, table_id: str, seat: int, invite: SeatSecret, settings: Mapping[str, Any]) -> None:
        with self._tx() as db:
            self._exists(db, table_id)
            if db.execute("UPDATE seats SET joined = 0, ready = 0 WHERE table_id = ? AND seat = ?",
                          (table_id, seat)).rowcount != 1:
                raise StoreError(f"table {table_id!r} has no seat {seat}")
            db.execute("DELETE FROM seat_secrets WHERE table_id = ? AND seat = ?", (table_id, seat))
            db.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (?,?,?,?,?)",
                       (invite.hash, table_id, seat, "invite", invite.expires_at))
            db.execute("UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(dict(settings)), table_id))

    # -- open tables and personal keys ------------------------------------------------------------------------

    def open_tables(self, game: str | None, after: tuple[float, str], limit: int,
                    now: float) -> list[tuple[TableRecord, list[SeatRecord]]]:
        where, args = "", []
        if game is not None:
            where, args = "o.game = ? AND ", [game]
        rows = self._read(
            f"SELECT {', '.join('t.' + c for c in _TABLE_COLUMNS.split(', '))}, o.listed_at FROM open_tables o "
            f"CROSS JOIN tables t ON t.id = o.table_id WHERE {where}(o.listed_at, o.table_id) > (?, ?) "
            "AND t.status = 'lobby' AND t.kept_until > ? "
            "AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = o.table_id AND s.joined = 0) "
            "ORDER BY o.listed_at, o.table_id LIMIT ?", (*args, after[0], after[1], now, limit))
        if not rows:
            return []
        ids = [str(r[0]) for r in rows]
        seats: dict[str, list[SeatRecord]] = {}
        for r in self._read("SELECT table_id, seat, token_hash, name, joined, ready FROM seats WHERE table_id IN "
                            f"({','.join('?' * len(ids))}) ORDER BY table_id, seat", ids):
            seats.setdefault(str(r[0]), []).append(_seat(r))
        out = []
        for row in rows:
            with suppress(TableDamaged):  # a damaged row damages only its own table
                record = _table(row[:-1])
                out.append((record, seats.get(record.id, [])))
        return out

    def take_seat(self, table_id: str, seat: int | None, new: SeatSecret, *, name: str | None,
                  ready: bool | None) -> int | None:
        with self._tx() as db:  # BEGIN IMMEDIATE: takers of one seat come one after the other
            listed = db.execute("SELECT 1 FROM open_tables o JOIN tables t ON t.id = o.table_id WHERE o.table_id = ? "
                                "AND t.status = 'lobby'", (table_id,)).fetchone()
            if listed is None:
                return None
            if seat is None:
                row = db.execute("SELECT min(seat) FROM seats WHERE table_id = ? AND joined = 0",
                                 (table_id,)).fetchone()
                if row is None or row[0] is None:
                    return None
                seat = int(row[0])
            sets, args = ["joined = 1"], []
            for column, value in (("name", name), ("ready", ready)):
                if value is not None:
                    sets.append(f"{column} = ?")
                    args.append(int(value) if isinstance(value, bool) else value)
            if db.execute(f"UPDATE seats SET {', '.join(sets)} WHERE table_id = ? AND seat = ? AND joined = 0",
                          (*args, table_id, seat)).rowcount != 1:
                return None
            db.execute("DELETE FROM seat_secrets WHERE table_id = ? AND seat = ?", (table_id, seat))
            db.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (?,?,?,?,?)",
                       (new.hash, table_id, seat, "seat", None))
            return seat

    def add_key(self, hash: str, now: float) -> None:
        with self._tx() as db:
            db.execute("INSERT INTO player_keys (hash, created_at) VALUES (?, ?)", (hash, now))

    def tie_key(self, key: str, secrets: Sequence[str], now: float, cap: int) -> list[str] | None:
        with self._tx() as db:
            if db.execute("SELECT 1 FROM player_keys WHERE hash = ?", (key,)).fetchone() is None:
                return None
            # ties whose secret died (the seat changed hands) count no more: gone before the key's ties are counted
            db.execute("DELETE FROM key_seats WHERE key_hash = ? AND NOT EXISTS (SELECT 1 FROM seat_secrets s WHERE "
                       "s.hash = key_seats.secret_hash)", (key,))
            (count,) = db.execute("SELECT count(*) FROM key_seats WHERE key_hash = ?", (key,)).fetchone()
            out = []
            for secret in secrets:
                found = db.execute("SELECT table_id, seat FROM seat_secrets WHERE hash = ? AND kind = 'seat'",
                                   (secret,)).fetchone()
                if found is None:
                    out.append("no_seat")
                    continue
                if db.execute("SELECT 1 FROM key_seats WHERE key_hash = ? AND secret_hash = ?",
                              (key, secret)).fetchone() is not None:
                    out.append("tied")
                    continue
                if count >= cap:  # the oldest tie to a finished table makes room, if there is one
                    oldest = db.execute("SELECT k.secret_hash FROM key_seats k JOIN tables t ON t.id = k.table_id "
                                        "WHERE k.key_hash = ? AND t.status = 'over' ORDER BY k.tied_at LIMIT 1",
                                        (key,)).fetchone()
                    if oldest is None:
                        out.append("full")
                        continue
                    db.execute("DELETE FROM key_seats WHERE key_hash = ? AND secret_hash = ?", (key, oldest[0]))
                    count -= 1
                db.execute("INSERT INTO key_seats (key_hash, secret_hash, table_id, seat, tied_at) VALUES "
                           "(?,?,?,?,?)", (key, secret, found[0], int(found[1]), now))
                count += 1
                out.append("tied")
            return out

    def key_seats(self, key: str) -> list[tuple[str, int, float]] | None:
        with self._lock:
            try:
                if self._db.execute("SELECT 1 FROM player_keys WHERE hash = ?", (key,)).fetchone() is None:
                    return None
                rows = self._db.execute("SELECT table_id, seat, max(tied_at) FROM key_seats WHERE key_hash = ? AND "
                                        "EXISTS (SELECT 1 FROM seat_secrets s WHERE s.hash = key_seats.secret_hash) "
                                        "GROUP BY table_id, seat", (key,)).fetchall()
            except sqlite3.Error as e:
                raise StoreError(f"database error: {e}") from None
        return [(str(r[0]), int(r[1]), float(r[2])) for r in rows]

    def mint_for_key(self, key: str, table_id: str, seat: int, new: SeatSecret, cap: int) -> str:
        with self._tx() as db:
            if db.execute("SELECT 1 FROM key_seats WHERE key_hash = ? AND table_id = ? AND seat = ? AND "
                          "EXISTS (SELECT 1 FROM seat_secrets s WHERE s.hash = key_seats.secret_hash) LIMIT 1",
                          (key, table_id, seat)).fetchone() is None:
                return "not_tied"
            (count,) = db.execute("SELECT count(*) FROM seat_secrets WHERE table_id = ? AND seat = ? AND kind = "
                                  "'seat'", (table_id, seat)).fetchone()
            if count >= cap:
                return "full"
            db.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (?,?,?,?,?)",
                       (new.hash, table_id, seat, "seat", None))
            return "ok"
