"""The PostgreSQL store: several server processes share one database (docs/server.md, "Scaling out").

Each game's moves are serialised in the database, not in a process: :meth:`PostgresStore.append_action` is one
call of the server-side function ``hustings_append``, which in a single transaction takes the game's advisory lock
(``pg_advisory_xact_lock``), checks the number of stored actions, inserts the move, bumps ``tables.steps`` and
sends ``NOTIFY hustings_moves`` with ``<table_id>:<steps>:<origin>``. The notification is delivered only when the
transaction commits, and the call returns only after the commit (``synchronous_commit`` on: the move is in the
WAL on disk), so a process that hears of a move can always read it. One round trip per move.

Every store listens on one background connection of its own (:meth:`subscribe`) and reports moves made by any
*other* store (its ``origin`` differs) to its callbacks; when that connection drops it reconnects and, since
notifications sent meanwhile are lost, reports every unfinished table with its current step count, so the server
re-reads whatever it missed.

Migrations are versioned (``schema_migrations``) and applied under a transaction-scoped advisory lock, so two
processes starting at once neither race nor apply one twice.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import TupleRow
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from hustings.server.store import (
    STATUSES,
    ActionRecord,
    SeatRecord,
    StaleStep,
    StoreError,
    TableNotFound,
    TableRecord,
)

log = logging.getLogger(__name__)

#: the NOTIFY channel of moves and undos
CHANNEL = "hustings_moves"
#: first key of every advisory lock we take (the second is the game's hashed id, or 0 for migrations), so ours
#: never collide with another application's locks on a shared database
LOCK_NAMESPACE = 0x6875_7374  # "hust"

#: versioned migrations: (version, statements), applied in order, each version in its own transaction and recorded
#: in schema_migrations. Never edit a released one; add the next.
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (1, (
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options JSONB NOT NULL,
            seed NUMERIC(40, 0) NOT NULL,
            rules_version TEXT NOT NULL,
            engine_version TEXT NOT NULL,
            rng TEXT NOT NULL,
            settings JSONB NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'over')),
            created_at DOUBLE PRECISION NOT NULL,
            rematch_of TEXT,
            steps INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX tables_status ON tables (status)",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            token_hash TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL DEFAULT '',
            joined BOOLEAN NOT NULL DEFAULT FALSE,
            ready BOOLEAN NOT NULL DEFAULT FALSE,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE actions (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, step)
        )""",
        # The serialisation point, in the database so that it costs one round trip. Returns the number of actions
        # the table held: equal to p_step when the move was stored, -1 when there is no such table.
        f"""CREATE FUNCTION hustings_append(p_table TEXT, p_step INTEGER, p_seat INTEGER, p_action INTEGER,
                                            p_at DOUBLE PRECISION, p_over BOOLEAN, p_origin TEXT)
        RETURNS INTEGER LANGUAGE plpgsql AS $$
        DECLARE held INTEGER;
        BEGIN
            PERFORM pg_advisory_xact_lock({LOCK_NAMESPACE}, hashtext(p_table));
            SELECT steps INTO held FROM tables WHERE id = p_table;
            IF NOT FOUND THEN RETURN -1; END IF;
            IF held <> p_step THEN RETURN held; END IF;
            INSERT INTO actions (table_id, step, seat, action, at) VALUES (p_table, p_step, p_seat, p_action, p_at);
            UPDATE tables SET steps = p_step + 1, status = CASE WHEN p_over THEN 'over' ELSE status END
                WHERE id = p_table;
            PERFORM pg_notify('{CHANNEL}', p_table || ':' || (p_step + 1) || ':' || p_origin);
            RETURN held;
        END $$""",
        # Undo: the same lock and check; returns the number of actions held (-1: no table), and deletes only when
        # that is p_expected and 0 <= p_step <= held (the caller tells the two refusals apart).
        f"""CREATE FUNCTION hustings_truncate(p_table TEXT, p_step INTEGER, p_expected INTEGER, p_origin TEXT)
        RETURNS INTEGER LANGUAGE plpgsql AS $$
        DECLARE held INTEGER;
        BEGIN
            PERFORM pg_advisory_xact_lock({LOCK_NAMESPACE}, hashtext(p_table));
            SELECT steps INTO held FROM tables WHERE id = p_table;
            IF NOT FOUND THEN RETURN -1; END IF;
            IF held <> p_expected OR p_step < 0 OR p_step > held THEN RETURN held; END IF;
            DELETE FROM actions WHERE table_id = p_table AND step >= p_step;
            UPDATE tables SET steps = p_step, status = CASE WHEN status = 'over' THEN 'playing' ELSE status END
                WHERE id = p_table;
            PERFORM pg_notify('{CHANNEL}', p_table || ':' || p_step || ':' || p_origin);
            RETURN held;
        END $$""",
    )),
)

_TABLE_COLUMNS = ("id, game, options, seed, rules_version, engine_version, rng, settings, status, created_at, "
                  "rematch_of, steps")
_SEAT_COLUMNS = "table_id, seat, token_hash, name, joined, ready"


def _table(row: Sequence[Any]) -> TableRecord:
    return TableRecord(id=row[0], game=row[1], options=row[2], seed=int(row[3]), rules_version=row[4],
                       engine_version=row[5], rng=row[6], settings=row[7], status=row[8],
                       created_at=float(row[9]), rematch_of=row[10], steps=int(row[11]))


def _seat(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(table_id=row[0], seat=int(row[1]), token_hash=row[2], name=row[3], joined=bool(row[4]),
                      ready=bool(row[5]))


def _where(url: str) -> str:
    """host:port/dbname of a URL, for messages: never the password."""
    try:
        info = conninfo_to_dict(url)
    except psycopg.Error:
        return "the given URL"
    return f"{info.get('host', 'localhost')}:{info.get('port', 5432)}/{info.get('dbname', '')}"


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


class PostgresStore:
    """A :class:`~hustings.server.store.ServerStore` in a PostgreSQL database, shared by any number of processes.

    ``url`` is a libpq URL (``postgresql://user:password@host:port/dbname``). ``max_connections`` bounds this
    store's pool: requests beyond it wait for a free connection.
    """

    def __init__(self, url: str, *, min_connections: int = 1, max_connections: int = 16,
                 connect_timeout: float = 10.0) -> None:
        self.url = url
        self.where = _where(url)
        #: tags this store's notifications so that it can tell other processes' moves from its own
        self.origin = secrets.token_hex(8)
        self._callbacks: list[Callable[[str, int], None]] = []
        self._listener: threading.Thread | None = None
        self._listen_conn: psycopg.Connection[TupleRow] | None = None
        self._closing = threading.Event()
        self._lock = threading.Lock()
        try:
            self._pool: ConnectionPool[psycopg.Connection[TupleRow]] = ConnectionPool(
                url, min_size=min_connections, max_size=max_connections, kwargs={"autocommit": True},
                open=False, name="hustings",
            )
            self._pool.open(wait=True, timeout=connect_timeout)
        except (PoolTimeout, psycopg.Error) as e:
            with contextlib.suppress(Exception):
                self._pool.close()
            raise StoreError(f"cannot connect to PostgreSQL at {self.where}: {_one_line(e)}") from None

    # -- plumbing ---------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _conn(self) -> Iterator[psycopg.Connection[TupleRow]]:
        """A pooled connection (autocommit: one statement, one transaction); psycopg errors become StoreError."""
        try:
            with self._pool.connection() as conn:
                yield conn
        except StoreError:
            raise
        except (psycopg.Error, PoolTimeout) as e:
            raise StoreError(f"database error: {_one_line(e)}") from None

    @contextlib.contextmanager
    def _tx(self) -> Iterator[psycopg.Connection[TupleRow]]:
        """One explicit transaction, committed on leaving, rolled back on any error."""
        with self._conn() as conn, conn.transaction():
            yield conn

    def _steps(self, conn: psycopg.Connection[TupleRow], table_id: str) -> int:
        row = conn.execute("SELECT steps FROM tables WHERE id = %s", (table_id,)).fetchone()
        if row is None:
            raise TableNotFound(table_id)
        return int(row[0])

    # -- the protocol -----------------------------------------------------------------------------

    def migrate(self) -> int:
        with self._tx() as conn:
            # everyone starting at once queues here; the first applies, the others then find nothing to do
            conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_NAMESPACE,))
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                         "applied_at DOUBLE PRECISION NOT NULL)")
            done = {int(r[0]) for r in conn.execute("SELECT version FROM schema_migrations").fetchall()}
            for version, statements in MIGRATIONS:
                if version in done:
                    continue
                with conn.transaction():  # a savepoint: one version is all or nothing
                    for sql in statements:
                        conn.execute(sql.encode())  # bytes: a literal statement, no placeholders
                    conn.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (%s, %s)",
                                 (version, time.time()))
        return max([0, *done, *(v for v, _ in MIGRATIONS)])

    def create_table(self, table: TableRecord, seats: Sequence[SeatRecord]) -> None:
        if table.status not in STATUSES:
            raise StoreError(f"unknown table status {table.status!r}")
        with self._tx() as conn:
            inserted = conn.execute(
                f"INSERT INTO tables ({_TABLE_COLUMNS}) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s) "
                "ON CONFLICT (id) DO NOTHING",
                (table.id, table.game, Jsonb(table.options), table.seed, table.rules_version, table.engine_version,
                 table.rng, Jsonb(table.settings), table.status, table.created_at, table.rematch_of, table.steps),
            ).rowcount
            if inserted != 1:
                raise StoreError(f"a table {table.id!r} exists already")
            with conn.cursor() as cur:
                cur.executemany(
                    f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (%s,%s,%s,%s,%s,%s)",
                    [(table.id, s.seat, s.token_hash, s.name, s.joined, s.ready) for s in seats],
                )

    def table(self, table_id: str) -> TableRecord:
        with self._conn() as conn:
            row = conn.execute(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = %s", (table_id,)).fetchone()
        if row is None:
            raise TableNotFound(table_id)
        return _table(row)

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
        return [_table(r) for r in rows]

    def set_status(self, table_id: str, status: str) -> None:
        if status not in STATUSES:
            raise StoreError(f"unknown table status {status!r}")
        with self._conn() as conn:
            if conn.execute("UPDATE tables SET status = %s WHERE id = %s", (status, table_id)).rowcount != 1:
                raise TableNotFound(table_id)

    def set_settings(self, table_id: str, settings: Mapping[str, Any]) -> None:
        with self._conn() as conn:
            changed = conn.execute("UPDATE tables SET settings = %s WHERE id = %s",
                                   (Jsonb(dict(settings)), table_id)).rowcount
            if changed != 1:
                raise TableNotFound(table_id)

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

    def seat_by_token_hash(self, token_hash: str) -> SeatRecord | None:
        with self._conn() as conn:
            row = conn.execute(f"SELECT {_SEAT_COLUMNS} FROM seats WHERE token_hash = %s", (token_hash,)).fetchone()
        return _seat(row) if row else None

    def append_action(self, table_id: str, step: int, seat: int, action: int, at: float,
                      *, over: bool = False) -> None:
        with self._conn() as conn:
            row = conn.execute("SELECT hustings_append(%s, %s, %s, %s, %s, %s, %s)",
                               (table_id, step, seat, action, at, over, self.origin)).fetchone()
        held = int(row[0]) if row else -1
        if held < 0:
            raise TableNotFound(table_id)
        if held != step:
            raise StaleStep(step, held)
        # autocommit: the statement's transaction committed (WAL flushed) before the result came back

    def actions(self, table_id: str, since: int = 0) -> list[ActionRecord]:
        with self._conn() as conn:
            rows = conn.execute("SELECT step, seat, action, at FROM actions WHERE table_id = %s AND step >= %s "
                                "ORDER BY step", (table_id, since)).fetchall()
        return [ActionRecord(int(r[0]), int(r[1]), int(r[2]), float(r[3])) for r in rows]

    def truncate(self, table_id: str, step: int, expected_steps: int) -> None:
        with self._conn() as conn:
            row = conn.execute("SELECT hustings_truncate(%s, %s, %s, %s)",
                               (table_id, step, expected_steps, self.origin)).fetchone()
        held = int(row[0]) if row else -1
        if held < 0:
            raise TableNotFound(table_id)
        if held != expected_steps:
            raise StaleStep(expected_steps, held)
        if not 0 <= step <= held:
            raise StoreError(f"cannot truncate table {table_id!r} at step {step} (it holds {held} actions)")

    # -- notifications ------------------------------------------------------------------------------

    def subscribe(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(table_id, steps)`` from a background thread whenever another store (another process,
        or another pool in this one) stored or took back a move. The first call starts the listener and returns
        once it is listening, so nothing committed after this returns is missed."""
        with self._lock:
            self._callbacks.append(callback)
            if self._listener is not None:
                return
            ready = threading.Event()
            self._listener = threading.Thread(target=self._listen, args=(ready,), name="hustings-pg-listen",
                                              daemon=True)
            self._listener.start()
        ready.wait(timeout=30)

    def _listen(self, ready: threading.Event) -> None:
        backoff = 0.1
        first = True
        while not self._closing.is_set():
            try:
                conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
            except psycopg.Error as e:
                log.warning("PostgreSQL listener cannot connect to %s: %s; retrying", self.where, _one_line(e))
                self._closing.wait(backoff)
                backoff = min(backoff * 2, 5.0)
                continue
            try:
                with conn:
                    self._listen_conn = conn
                    conn.execute(f"LISTEN {CHANNEL}")
                    backoff = 0.1
                    if first:
                        first = False
                        ready.set()
                    else:
                        self._catch_up(conn)
                    while not self._closing.is_set():
                        for note in conn.notifies(timeout=0.25):  # short: close() waits for it
                            self._deliver(note.payload)
            except psycopg.Error as e:
                if not self._closing.is_set():
                    log.warning("PostgreSQL listener lost its connection to %s: %s; reconnecting", self.where,
                                _one_line(e))
            finally:
                self._listen_conn = None
        ready.set()

    def _catch_up(self, conn: psycopg.Connection[TupleRow]) -> None:
        """After a reconnect: notifications sent while we were away are gone, so report every unfinished table
        (the server compares the step counts with what it holds and reads what it missed)."""
        rows = conn.execute("SELECT id, steps FROM tables WHERE status <> 'over'").fetchall()
        for table_id, steps in rows:
            self._call(str(table_id), int(steps))

    def _deliver(self, payload: str) -> None:
        table_id, _, rest = payload.partition(":")
        steps_text, _, origin = rest.partition(":")
        if origin == self.origin:
            return  # our own move: this process knows it already
        try:
            steps = int(steps_text)
        except ValueError:
            log.warning("ignoring a malformed %s notification: %r", CHANNEL, payload[:80])
            return
        self._call(table_id, steps)

    def _call(self, table_id: str, steps: int) -> None:
        for callback in list(self._callbacks):
            try:
                callback(table_id, steps)
            except Exception:
                log.exception("a %s subscriber failed on %s:%s", CHANNEL, table_id, steps)

    def close(self) -> None:
        self._closing.set()
        listener = self._listener
        if listener is not None:
            listener.join(timeout=5)
        self._pool.close()
