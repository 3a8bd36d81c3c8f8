"""Who is connected where, across the server processes sharing one PostgreSQL database: a row per (table, seat,
process) holding a live connection, stamped and aged by the database's clock."""

from __future__ import annotations

from collections.abc import Sequence

import psycopg
from psycopg.rows import TupleRow

from hustings.server.postgres.sync import PostgresSync

#: the database's clock, in seconds (presence rows are stamped and aged by it)
_NOW = "extract(epoch FROM clock_timestamp())"


class PostgresPresence(PostgresSync):
    """The presence rows of this process, and the seats connected through the others."""

    # -- presence -----------------------------------------------------------------------------------

    shared = True  # several processes may serve one table: presence and lobby changes are told to the others

    def set_presence(self, table_id: str, seat: int, present: bool) -> None:
        """This process now holds (``present``) or no longer holds a connection of ``seat``; the others are told."""
        with self._conn() as conn:
            if present:
                conn.execute(f"INSERT INTO presence (table_id, seat, origin, seen_at) VALUES (%s, %s, %s, {_NOW}) "
                             f"ON CONFLICT (table_id, seat, origin) DO UPDATE SET seen_at = {_NOW}",
                             (table_id, seat, self.origin))
            else:
                conn.execute("DELETE FROM presence WHERE table_id = %s AND seat = %s AND origin = %s",
                             (table_id, seat, self.origin))
        self._hint(table_id, "p")

    def refresh_presence(self, held: Sequence[tuple[str, int]], table_ids: Sequence[str],
                         ttl_s: float) -> dict[str, set[int]]:
        """One heartbeat: this process holds exactly the (table, seat) connections ``held`` (its rows are renewed,
        its others deleted); returns, for ``table_ids``, the seats connected through OTHER processes whose rows are
        younger than ``ttl_s``."""
        tables = [t for t, _ in held]
        seats = [p for _, p in held]
        with self._tx() as conn:
            # rows of processes long gone (they died: nobody deleted them)
            conn.execute(f"DELETE FROM presence WHERE seen_at < {_NOW} - %s", (max(60.0, 10 * ttl_s),))
            conn.execute("DELETE FROM presence p WHERE origin = %s AND NOT EXISTS (SELECT 1 FROM "
                         "unnest(%s::text[], %s::int[]) AS h(t, s) WHERE h.t = p.table_id AND h.s = p.seat)",
                         (self.origin, tables, seats))
            if held:
                conn.execute(f"INSERT INTO presence (table_id, seat, origin, seen_at) SELECT h.t, h.s, %s, {_NOW} "
                             "FROM unnest(%s::text[], %s::int[]) AS h(t, s) JOIN tables ON tables.id = h.t "
                             f"ON CONFLICT (table_id, seat, origin) DO UPDATE SET seen_at = {_NOW}",
                             (self.origin, tables, seats))
            return self._present_elsewhere(conn, table_ids, ttl_s)

    def presence(self, table_ids: Sequence[str], ttl_s: float) -> dict[str, set[int]]:
        """For each table, the seats connected through other processes (rows younger than ``ttl_s``)."""
        with self._conn() as conn:
            return self._present_elsewhere(conn, table_ids, ttl_s)

    def _present_elsewhere(self, conn: psycopg.Connection[TupleRow], table_ids: Sequence[str],
                           ttl_s: float) -> dict[str, set[int]]:
        rows = conn.execute(f"SELECT table_id, seat FROM presence WHERE table_id = ANY(%s) AND origin <> %s "
                            f"AND seen_at > {_NOW} - %s", (list(table_ids), self.origin, ttl_s)).fetchall()
        out: dict[str, set[int]] = {t: set() for t in table_ids}
        for table_id, seat in rows:
            out[str(table_id)].add(int(seat))
        return out
