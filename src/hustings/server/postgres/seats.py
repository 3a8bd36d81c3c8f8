"""The PostgreSQL store's seats and their secrets (joined, claimed, revoked), the open tables a seat is taken
at, and personal keys (a key's ties to seats, a device's secret minted for a key)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

from psycopg.types.json import Jsonb

from hustings.server.postgres.rows import _SEAT_COLUMNS, _TABLE_COLUMNS, _seat, _secret, _table
from hustings.server.postgres.sync import PostgresSync
from hustings.server.store import SECRET_KINDS, SeatRecord, SeatSecret, StoreError, TableDamaged, TableRecord


class PostgresSeats(PostgresSync):
    """Seats, seat secrets, open tables and personal keys."""

    def seats(self, table_id: str) -> list[SeatRecord]:
        with self._conn() as conn:
            rows = conn.execute(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id = %s ORDER BY seat",
                                (table_id,)).fetchall()
        return [_seat(r) for r in rows]

    def update_seat(self, table_id: str, seat: int, *, name: str | None = None, joined: bool | None = None,
                    ready: bool | None = None) -> None:
        sets: list[str] = []
        args: list[Any] = []
        for column, value in (("name", name), ("joined", joined), ("ready", ready)):
            if value is not None:
                sets.append(f"{column} = %s")
                args.append(value)
        if not sets:
            return
        with self._tx() as conn:
            changed = conn.execute(f"UPDATE seats SET {', '.join(sets)} WHERE table_id = %s AND seat = %s",
                                   (*args, table_id, seat)).rowcount
            if changed != 1:
                self._steps(conn, table_id)
                raise StoreError(f"table {table_id!r} has no seat {seat}")
        self._hint(table_id, "l")

    def seat_by_token_hash(self, token_hash: str) -> SeatRecord | None:
        with self._conn() as conn:
            row = conn.execute(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE token_hash = %s", (token_hash,)).fetchone()
        return _seat(row) if row else None

    def secret(self, hash: str) -> SeatSecret | None:
        with self._conn() as conn:
            row = conn.execute("SELECT table_id, seat, kind, hash, expires_at FROM seat_secrets WHERE hash = %s",
                               (hash,)).fetchone()
        return _secret(row) if row else None

    def seat_secrets(self, table_id: str) -> list[SeatSecret]:
        with self._conn() as conn:
            rows = conn.execute("SELECT table_id, seat, kind, hash, expires_at FROM seat_secrets WHERE table_id = %s "
                                "ORDER BY seat, kind, hash", (table_id,)).fetchall()
        return [_secret(r) for r in rows]

    def add_secret(self, secret: SeatSecret) -> None:
        if secret.kind not in SECRET_KINDS:
            raise StoreError(f"unknown secret kind {secret.kind!r}")
        with self._tx() as conn:
            self._steps(conn, secret.table_id)
            conn.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (%s,%s,%s,%s,%s)",
                         (secret.hash, secret.table_id, secret.seat, secret.kind, secret.expires_at))

    def claim_seat(self, table_id: str, new: SeatSecret, *, code: str | None, now: float, name: str | None = None,
                   ready: bool | None = None) -> tuple[int, str] | None:
        with self._tx() as conn:
            self._steps(conn, table_id)
            if code is None:
                seat, spent = new.seat, "free"
                if conn.execute("UPDATE seats SET joined = TRUE WHERE table_id = %s AND seat = %s AND NOT joined",
                                (table_id, seat)).rowcount != 1:
                    return None
            else:
                # the row's delete is the claim: of two claimers at once, one deletes it, the other finds none
                row = conn.execute("DELETE FROM seat_secrets WHERE hash = %s AND table_id = %s AND kind IN "
                                   "('invite', 'device') AND (expires_at IS NULL OR expires_at > %s) "
                                   "RETURNING seat, kind", (code, table_id, now)).fetchone()
                if row is None:
                    return None
                seat, spent = int(row[0]), str(row[1])
            if spent != "device":  # the seat changes hands: every earlier copy of its secrets dies
                conn.execute("DELETE FROM seat_secrets WHERE table_id = %s AND seat = %s", (table_id, seat))
                sets: list[str] = ["joined = TRUE"]
                args: list[Any] = []
                for column, value in (("name", name), ("ready", ready)):
                    if value is not None:
                        sets.append(f"{column} = %s")
                        args.append(value)
                conn.execute(f"UPDATE seats SET {', '.join(sets)} WHERE table_id = %s AND seat = %s",
                             (*args, table_id, seat))
            conn.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (%s,%s,%s,%s,%s)",
                         (new.hash, table_id, seat, "seat", None))
        self._hint(table_id, "l")
        return seat, spent

    def revoke_seat(self, table_id: str, seat: int, invite: SeatSecret, settings: Mapping[str, Any]) -> None:
        with self._tx() as conn:
            self._steps(conn, table_id)
            if conn.execute("UPDATE seats SET joined = FALSE, ready = FALSE WHERE table_id = %s AND seat = %s",
                            (table_id, seat)).rowcount != 1:
                raise StoreError(f"table {table_id!r} has no seat {seat}")
            conn.execute("DELETE FROM seat_secrets WHERE table_id = %s AND seat = %s", (table_id, seat))
            conn.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (%s,%s,%s,%s,%s)",
                         (invite.hash, table_id, seat, "invite", invite.expires_at))
            conn.execute("UPDATE tables SET settings = %s WHERE id = %s", (Jsonb(dict(settings)), table_id))
        self._hint(table_id, "l")

    # -- open tables and personal keys ------------------------------------------------------------------------

    def open_tables(self, game: str | None, after: tuple[float, str], limit: int,
                    now: float) -> list[tuple[TableRecord, list[SeatRecord]]]:
        where: str = ""
        args: list[Any] = []
        if game is not None:
            where, args = "o.game = %s AND ", [game]
        columns = ", ".join("t." + c for c in _TABLE_COLUMNS.split(", "))
        with self._conn() as conn:
            rows = conn.execute(
                f"SELECT {columns} FROM open_tables o JOIN tables t ON t.id = o.table_id "
                f"WHERE {where}(o.listed_at, o.table_id) > (%s, %s) AND t.status = 'lobby' AND t.kept_until > %s "
                "AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = o.table_id AND NOT s.joined) "
                "ORDER BY o.listed_at, o.table_id LIMIT %s", (*args, after[0], after[1], now, limit)).fetchall()
            if not rows:
                return []
            seats: dict[str, list[SeatRecord]] = {}
            for r in conn.execute(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id = ANY(%s) ORDER BY table_id, "
                                  "seat", ([str(r[0]) for r in rows],)).fetchall():
                seats.setdefault(str(r[0]), []).append(_seat(r))
        out = []
        for row in rows:
            with contextlib.suppress(TableDamaged):  # a damaged row damages only its own table
                record = _table(row)
                out.append((record, seats.get(record.id, [])))
        return out

    def take_seat(self, table_id: str, seat: int | None, new: SeatSecret, *, name: str | None,
                  ready: bool | None) -> int | None:
        with self._tx() as conn:
            # the table row locked: its start (a status change) waits, and takers of one table go one by one
            listed = conn.execute("SELECT 1 FROM open_tables o JOIN tables t ON t.id = o.table_id WHERE "
                                  "o.table_id = %s AND t.status = 'lobby' FOR UPDATE OF t", (table_id,)).fetchone()
            if listed is None:
                return None
            if seat is None:
                row = conn.execute("SELECT min(seat) FROM seats WHERE table_id = %s AND NOT joined",
                                   (table_id,)).fetchone()
                if row is None or row[0] is None:
                    return None
                seat = int(row[0])
            sets: list[str] = ["joined = TRUE"]
            args: list[Any] = []
            for column, value in (("name", name), ("ready", ready)):
                if value is not None:
                    sets.append(f"{column} = %s")
                    args.append(value)
            if conn.execute(f"UPDATE seats SET {', '.join(sets)} WHERE table_id = %s AND seat = %s AND NOT joined",
                            (*args, table_id, seat)).rowcount != 1:
                return None
            conn.execute("DELETE FROM seat_secrets WHERE table_id = %s AND seat = %s", (table_id, seat))
            conn.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (%s,%s,%s,%s,%s)",
                         (new.hash, table_id, seat, "seat", None))
        self._hint(table_id, "l")
        return seat

    def add_key(self, hash: str, now: float) -> None:
        with self._conn() as conn:
            conn.execute("INSERT INTO player_keys (hash, created_at) VALUES (%s, %s)", (hash, now))

    def tie_key(self, key: str, secrets: Sequence[str], now: float, cap: int) -> list[str] | None:
        with self._tx() as conn:
            # the key's row locked: two ties of one key at once count its ties one after the other
            if conn.execute("SELECT 1 FROM player_keys WHERE hash = %s FOR UPDATE", (key,)).fetchone() is None:
                return None
            # ties whose secret died (the seat changed hands) count no more: gone before the key's ties are counted
            conn.execute("DELETE FROM key_seats WHERE key_hash = %s AND NOT EXISTS (SELECT 1 FROM seat_secrets s WHERE "
                         "s.hash = key_seats.secret_hash)", (key,))
            row = conn.execute("SELECT count(*) FROM key_seats WHERE key_hash = %s", (key,)).fetchone()
            count = int(row[0]) if row else 0
            out = []
            for secret in secrets:
                found = conn.execute("SELECT table_id, seat FROM seat_secrets WHERE hash = %s AND kind = 'seat'",
                                     (secret,)).fetchone()
                if found is None:
                    out.append("no_seat")
                    continue
                if conn.execute("SELECT 1 FROM key_seats WHERE key_hash = %s AND secret_hash = %s",
                                (key, secret)).fetchone() is not None:
                    out.append("tied")
                    continue
                if count >= cap:  # the oldest tie to a finished table makes room, if there is one
                    oldest = conn.execute("SELECT k.secret_hash FROM key_seats k JOIN tables t ON t.id = k.table_id "
                                          "WHERE k.key_hash = %s AND t.status = 'over' ORDER BY k.tied_at LIMIT 1",
                                          (key,)).fetchone()
                    if oldest is None:
                        out.append("full")
                        continue
                    conn.execute("DELETE FROM key_seats WHERE key_hash = %s AND secret_hash = %s", (key, oldest[0]))
                    count -= 1
                conn.execute("INSERT INTO key_seats (key_hash, secret_hash, table_id, seat, tied_at) VALUES "
                             "(%s,%s,%s,%s,%s)", (key, secret, found[0], int(found[1]), now))
                count += 1
                out.append("tied")
            return out

    def key_seats(self, key: str) -> list[tuple[str, int, float]] | None:
        with self._conn() as conn:
            if conn.execute("SELECT 1 FROM player_keys WHERE hash = %s", (key,)).fetchone() is None:
                return None
            rows = conn.execute("SELECT table_id, seat, max(tied_at) FROM key_seats WHERE key_hash = %s AND "
                                "EXISTS (SELECT 1 FROM seat_secrets s WHERE s.hash = key_seats.secret_hash) "
                                "GROUP BY table_id, seat", (key,)).fetchall()
        return [(str(r[0]), int(r[1]), float(r[2])) for r in rows]

    def mint_for_key(self, key: str, table_id: str, seat: int, new: SeatSecret, cap: int) -> str:
        with self._tx() as conn:
            # the seat's row locked: two devices minting at once count the seat's secrets one after the other
            conn.execute("SELECT 1 FROM seats WHERE table_id = %s AND seat = %s FOR UPDATE", (table_id, seat))
            if conn.execute("SELECT 1 FROM key_seats WHERE key_hash = %s AND table_id = %s AND seat = %s AND "
                          "EXISTS (SELECT 1 FROM seat_secrets s WHERE s.hash = key_seats.secret_hash) LIMIT 1",
                            (key, table_id, seat)).fetchone() is None:
                return "not_tied"
            row = conn.execute("SELECT count(*) FROM seat_secrets WHERE table_id = %s AND seat = %s AND kind = 'seat'",
                               (table_id, seat)).fetchone()
            if row is not None and int(row[0]) >= cap:
                return "full"
            conn.execute("INSERT INTO seat_secrets (hash, table_id, seat, kind, expires_at) VALUES (%s,%s,%s,%s,%s)",
                         (new.hash, table_id, seat, "seat", None))
            return "ok"
