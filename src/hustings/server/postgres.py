"""The PostgreSQL store: several server processes share one database (docs/server.md, "Scaling out").

Each game's moves are serialised in the database, not in a process: :meth:`PostgresStore.append_action` is one
call of the server-side function ``hustings_append_by``, which in a single transaction takes the game's advisory lock
(``pg_advisory_xact_lock``), checks the number of stored actions, inserts the move (and who made it) and bumps
``tables.steps``. The
call returns after the commit (``synchronous_commit`` on: the move is in the WAL on disk). One round trip per move;
moves of different games never wait for each other, and PostgreSQL flushes concurrent commits together.

Other processes hear of a move through ``NOTIFY hustings_moves`` with ``<table_id>:<steps>:<origin>:<m|u>`` (move
or undo), sent right *after* the commit by a notifier thread, several at a time, in a transaction that need not
wait for the disk. Not inside the move's transaction: PostgreSQL serialises every committing transaction that has
notified, database-wide, until its commit is flushed, which would forbid group commit and cap the whole database at
one move per disk flush (measured here: ~180 moves/s with the NOTIFY inside, ~1,900 with it outside, 16 threads).
A notification is a hint, not the truth: the order and the log are the database's.

Every store listens on one background connection of its own (:meth:`subscribe`) and reports to its callbacks the
changes made by any *other* store (its ``origin`` differs), skipping a move it already knows of (notifications
from two processes may arrive out of order). Hints can be lost (the listening connection dropped, or a process died
between its commit and its notification), so the listener also reconciles: after every reconnect and every
``RECONCILE_S`` seconds it compares the step counts of the tables it knows of with the database and reports those
that changed.

Migrations are versioned (``schema_migrations``) and applied under a transaction-scoped advisory lock, so two
processes starting at once neither race nor apply one twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import TupleRow
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from hustings.server.store import (
    CHAT_KINDS,
    NOTIFY_KINDS,
    SECRET_KINDS,
    STATUSES,
    ActionLog,
    ActionRecord,
    ChatLine,
    MadeBy,
    MoveWaiter,
    NotifyTarget,
    SeatRecord,
    SeatSecret,
    StaleStep,
    StoreError,
    TableDamaged,
    TableNotFound,
    TableRecord,
    check_made_by,
    damage_of,
    decode_table,
    settle,
    unclaimed,
)

log = logging.getLogger(__name__)

#: the NOTIFY channel of moves and undos
CHANNEL = "hustings_moves"
#: first key of every advisory lock we take (the second is the game's hashed id, or 0 for migrations), so ours
#: never collide with another application's locks on a shared database
LOCK_NAMESPACE = 0x6875_7374  # "hust"
#: seconds between two reconciliations of the known tables' step counts with the database (lost notifications)
RECONCILE_S = 10.0
#: notifications sent in one transaction at most
NOTIFY_BATCH = 500
#: the database's clock, in seconds (presence rows are stamped and aged by it)
_NOW = "extract(epoch FROM clock_timestamp())"

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
                                            p_at DOUBLE PRECISION, p_over BOOLEAN)
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
            RETURN held;
        END $$""",
        # Undo: the same lock and check; returns the number of actions held (-1: no table), and deletes only when
        # that is p_expected and 0 <= p_step <= held (the caller tells the two refusals apart).
        f"""CREATE FUNCTION hustings_truncate(p_table TEXT, p_step INTEGER, p_expected INTEGER)
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
            RETURN held;
        END $$""",
    )),
    (2, (
        # Group commit: many moves (of different tables) in one transaction, one round trip, one WAL flush. Each
        # move is checked and stored as hustings_append does (a stale one is refused alone: nothing raises), the
        # games' locks taken in hashtext order so that two processes' batches can never deadlock.
        """CREATE FUNCTION hustings_append_many(p_tables TEXT[], p_steps INTEGER[], p_seats INTEGER[],
                                                p_actions INTEGER[], p_ats DOUBLE PRECISION[], p_overs BOOLEAN[])
        RETURNS INTEGER[] LANGUAGE plpgsql AS $$
        DECLARE held INTEGER[] := array_fill(0, ARRAY[cardinality(p_tables)]); i INTEGER;
        BEGIN
            FOR i IN SELECT n FROM generate_subscripts(p_tables, 1) AS n ORDER BY hashtext(p_tables[n]), n LOOP
                held[i] := hustings_append(p_tables[i], p_steps[i], p_seats[i], p_actions[i], p_ats[i], p_overs[i]);
            END LOOP;
            RETURN held;
        END $$""",
    )),
    (3, (
        # Who is connected where: a row per (table, seat, server process) holding a live connection, refreshed by
        # that process every PRESENCE_S (its clock: the database's, so processes' clocks need not agree). A row not
        # refreshed for PRESENCE_TTL_S belongs to a process that died: nobody is there.
        """CREATE TABLE presence (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            origin TEXT NOT NULL,
            seen_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, seat, origin)
        )""",
        "CREATE INDEX presence_origin ON presence (origin)",
    )),
    # seats belong to whoever claims them (issue 23): any number of secrets a seat (one per device of its person),
    # invite codes of free seats, one-time device codes, the host's; hashes only. Every stored seat token carries
    # on as that seat's secret, so the links of today keep working. seats.token_hash stays (a column of version 1)
    # and new tables fill it with a value no token hashes to.
    (4, (
        """CREATE TABLE seat_secrets (
            hash TEXT PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            expires_at DOUBLE PRECISION
        )""",
        "CREATE INDEX seat_secrets_seat ON seat_secrets (table_id, seat)",
        "INSERT INTO seat_secrets (hash, table_id, seat, kind) SELECT token_hash, table_id, seat, 'seat' FROM seats",
    )),
    # the lobby's housekeeping (Hub.sweep): until when a creator keeps a table waiting for players, and the
    # sweep's walk through the lobby in creation order
    (5, (
        "ALTER TABLE tables ADD COLUMN kept_until DOUBLE PRECISION NOT NULL DEFAULT 0",
        "CREATE INDEX tables_lobby_age ON tables (status, created_at, id)",
    )),
    # open tables and personal keys (issue 25): the list of public tables waiting for players (a row while the
    # table is in the lobby: the trigger unlists it when its status leaves the lobby, the table's deletion takes
    # it along); personal keys (hashes only) and the seat secrets tied to each: a tie counts only while its secret
    # lives (read joined with seat_secrets; the seat changed hands: it is dead), and goes with its table
    (6, (
        """CREATE TABLE open_tables (
            table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            listed_at DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX open_tables_age ON open_tables (listed_at, table_id)",
        "CREATE INDEX open_tables_game ON open_tables (game, listed_at, table_id)",
        """CREATE FUNCTION hustings_unlist() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM open_tables WHERE table_id = NEW.id;
            RETURN NULL;
        END $$""",
        """CREATE TRIGGER open_tables_unlist AFTER UPDATE OF status ON tables FOR EACH ROW
            WHEN (OLD.status = 'lobby' AND NEW.status <> 'lobby') EXECUTE PROCEDURE hustings_unlist()""",
        """CREATE TABLE player_keys (
            hash TEXT PRIMARY KEY,
            created_at DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE key_seats (
            key_hash TEXT NOT NULL REFERENCES player_keys (hash) ON DELETE CASCADE,
            secret_hash TEXT NOT NULL,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            tied_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (key_hash, secret_hash)
        )""",
        "CREATE INDEX key_seats_secret ON key_seats (secret_hash)",
        "CREATE INDEX key_seats_seat ON key_seats (key_hash, table_id, seat)",
    )),
    # the chat at each table (issue 25): a line numbered per table, its seat, when, and its kind and body (the text,
    # or a quick phrase's key). Version 6 is another branch's (public tables): versions apply by number, not order.
    (7, (
        """CREATE TABLE chat (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            kind TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (table_id, n)
        )""",
    )),
    # turn notices (issue 25, point 4; hustings.server.notify): where a seat is told it is its turn with its browser
    # closed, kept apart from the game (never in its record) and deleted when it ends; the server's Web Push key
    (8, (
        """CREATE TABLE notify_targets (
            id BIGSERIAL PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            address TEXT NOT NULL,
            key TEXT NOT NULL,
            lang TEXT NOT NULL,
            unsubscribe_hash TEXT NOT NULL UNIQUE,
            notified_turn INTEGER NOT NULL DEFAULT -1,
            created_at DOUBLE PRECISION NOT NULL,
            UNIQUE (table_id, seat, kind, key)
        )""",
        """CREATE TABLE server_keys (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
    )),
    # who made each move (issue 25, point 6): the seat's person, its own bot, or a stand-in for its person, so that
    # the marks of a stand-in's moves and each person's last own move outlive a process and reach the others. Rows
    # stored before (and by a process of the previous release, through the functions of versions 1 and 2, which
    # stay for it during an upgrade) have NULL: not known, read as the person's move and never taken back.
    (9, (
        "ALTER TABLE actions ADD COLUMN made_by TEXT CHECK (made_by IN ('person', 'bot', 'stand_in'))",
        f"""CREATE FUNCTION hustings_append_by(p_table TEXT, p_step INTEGER, p_seat INTEGER, p_action INTEGER,
                                               p_at DOUBLE PRECISION, p_over BOOLEAN, p_by TEXT)
        RETURNS INTEGER LANGUAGE plpgsql AS $$
        DECLARE held INTEGER;
        BEGIN
            PERFORM pg_advisory_xact_lock({LOCK_NAMESPACE}, hashtext(p_table));
            SELECT steps INTO held FROM tables WHERE id = p_table;
            IF NOT FOUND THEN RETURN -1; END IF;
            IF held <> p_step THEN RETURN held; END IF;
            INSERT INTO actions (table_id, step, seat, action, at, made_by)
                VALUES (p_table, p_step, p_seat, p_action, p_at, p_by);
            UPDATE tables SET steps = p_step + 1, status = CASE WHEN p_over THEN 'over' ELSE status END
                WHERE id = p_table;
            RETURN held;
        END $$""",
        """CREATE FUNCTION hustings_append_many_by(p_tables TEXT[], p_steps INTEGER[], p_seats INTEGER[],
                                                   p_actions INTEGER[], p_ats DOUBLE PRECISION[], p_overs BOOLEAN[],
                                                   p_bys TEXT[])
        RETURNS INTEGER[] LANGUAGE plpgsql AS $$
        DECLARE held INTEGER[] := array_fill(0, ARRAY[cardinality(p_tables)]); i INTEGER;
        BEGIN
            FOR i IN SELECT n FROM generate_subscripts(p_tables, 1) AS n ORDER BY hashtext(p_tables[n]), n LOOP
                held[i] := hustings_append_by(p_tables[i], p_steps[i], p_seats[i], p_actions[i], p_ats[i],
                                              p_overs[i], p_bys[i]);
            END LOOP;
            RETURN held;
        END $$""",
    )),
    # a move counts its table without naming `status` (issue 22, point 5): the open_tables_unlist trigger (AFTER
    # UPDATE OF status) fires for every UPDATE naming it, even when the value stays; only a game's last move sets it.
    # Same signature: a process of the previous release calls the same function during an upgrade.
    (10, (
        f"""CREATE OR REPLACE FUNCTION hustings_append_by(p_table TEXT, p_step INTEGER, p_seat INTEGER,
                                                          p_action INTEGER, p_at DOUBLE PRECISION, p_over BOOLEAN,
                                                          p_by TEXT)
        RETURNS INTEGER LANGUAGE plpgsql AS $$
        DECLARE held INTEGER;
        BEGIN
            PERFORM pg_advisory_xact_lock({LOCK_NAMESPACE}, hashtext(p_table));
            SELECT steps INTO held FROM tables WHERE id = p_table;
            IF NOT FOUND THEN RETURN -1; END IF;
            IF held <> p_step THEN RETURN held; END IF;
            INSERT INTO actions (table_id, step, seat, action, at, made_by)
                VALUES (p_table, p_step, p_seat, p_action, p_at, p_by);
            UPDATE tables SET steps = p_step + 1 WHERE id = p_table;
            IF p_over THEN
                UPDATE tables SET status = 'over' WHERE id = p_table;
            END IF;
            RETURN held;
        END $$""",
    )),
)

#: moves stored in one call of hustings_append_many_by at most
MAX_BATCH = 500

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


class _Full(Exception):
    """A seat holds as many turn notice targets as it may (add_notify rolls back)."""


_NOTIFY_COLUMNS = "table_id, seat, kind, address, key, lang, unsubscribe_hash, notified_turn, created_at, id"


def _notify(row: Sequence[Any]) -> NotifyTarget:
    return NotifyTarget(table_id=row[0], seat=int(row[1]), kind=row[2], address=row[3], key=row[4], lang=row[5],
                        unsubscribe_hash=row[6], notified_turn=int(row[7]), created_at=float(row[8]), id=int(row[9]))


def _secret(row: Sequence[Any]) -> SeatSecret:
    return SeatSecret(table_id=row[0], seat=int(row[1]), kind=row[2], hash=row[3],
                      expires_at=None if row[4] is None else float(row[4]))


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


class PostgresStore(ActionLog):
    """A :class:`~hustings.server.store.ServerStore` in a PostgreSQL database, shared by any number of processes.

    ``url`` is a libpq URL (``postgresql://user:password@host:port/dbname``). ``max_connections`` bounds this
    store's pool: requests beyond it wait for a free connection.
    """

    def __init__(self, url: str, *, min_connections: int = 1, max_connections: int = 16,
                 connect_timeout: float = 10.0, read_only: bool = False) -> None:
        self.url = url
        self.where = _where(url)
        #: tags this store's notifications so that it can tell other processes' moves from its own
        self.origin = secrets.token_hex(8)
        self._callbacks: list[Callable[[str, int], None]] = []
        self._lobby_callbacks: list[Callable[[str, str], None]] = []
        self._listener: threading.Thread | None = None
        self._notifier: threading.Thread | None = None
        self._outbox: queue.SimpleQueue[str] = queue.SimpleQueue()
        #: table id -> the step count this store last stored or reported (a move hint at or below it is skipped;
        #: it is what reconciling compares with the database)
        self._known: dict[str, int] = {}
        #: tables read here whose count is not known: reconciling reports them once
        self._watch: set[str] = set()
        self._closing = threading.Event()
        self._lock = threading.Lock()
        #: moves waiting for the writer thread: (table, step, seat, action, at, over, future, by); None stops it
        self._moves: queue.SimpleQueue[tuple[str, int, int, int, float, bool, MoveWaiter, MadeBy | None] | None] = (
            queue.SimpleQueue())
        self._writer: threading.Thread | None = None
        self.group_commits = 0
        self.group_moves = 0
        try:
            self._pool: ConnectionPool[psycopg.Connection[TupleRow]] = ConnectionPool(
                url, min_size=min_connections, max_size=max_connections,
                # read only (hustings db check): every transaction of the pool is refused any write
                kwargs={"autocommit": True, **({"options": "-c default_transaction_read_only=on"} if read_only
                                               else {})},
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

    def pending_migrations(self) -> list[int]:
        """The versions of :data:`MIGRATIONS` this database has not had yet (read only)."""
        with self._conn() as conn:
            if conn.execute("SELECT to_regclass('schema_migrations')").fetchone() in (None, (None,)):
                return [v for v, _ in MIGRATIONS]
            done = {int(r[0]) for r in conn.execute("SELECT version FROM schema_migrations").fetchall()}
        return [v for v, _ in MIGRATIONS if v not in done]

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

    def append_action(self, table_id: str, step: int, seat: int, action: int, at: float,
                      *, over: bool = False, by: MadeBy | None = None) -> None:
        self.submit_action(table_id, step, seat, action, at, over=over, by=by).result()

    def submit_action(self, table_id: str, step: int, seat: int, action: int, at: float,
                      *, over: bool = False, by: MadeBy | None = None) -> Future[None]:
        """Queue the move for the writer thread, which stores every move waiting in one call of
        ``hustings_append_many_by`` (one transaction, one WAL flush); the future is resolved after that commit."""
        future: Future[None] = Future()
        self._enqueue(table_id, step, seat, action, at, over, future, by)
        return future

    def submit_action_async(self, table_id: str, step: int, seat: int, action: int, at: float,
                            *, over: bool = False, by: MadeBy | None = None) -> asyncio.Future[None]:
        """``submit_action`` for a caller on a running event loop (:func:`hustings.server.store.settle`)."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._enqueue(table_id, step, seat, action, at, over, waiter, by)
        return waiter

    def _enqueue(self, table_id: str, step: int, seat: int, action: int, at: float, over: bool,
                 waiter: MoveWaiter, by: MadeBy | None = None) -> None:
        if self._closing.is_set():
            waiter.set_exception(StoreError("the store is closed"))
            return
        try:  # refused before the writer sees it: a bad value would fail the statement of a whole batch
            check_made_by(by)
        except StoreError as e:
            waiter.set_exception(e)
            return
        if self._writer is None:
            with self._lock:
                if self._writer is None:
                    self._writer = threading.Thread(target=self._write_loop, name="hustings-pg-writer", daemon=True)
                    self._writer.start()
        self._moves.put((table_id, step, seat, action, at, over, waiter, by))

    def _write_loop(self) -> None:
        while True:
            first = self._moves.get()
            if first is None:
                return
            batch = [first]
            stop = False
            with contextlib.suppress(queue.Empty):
                while len(batch) < MAX_BATCH:
                    more = self._moves.get_nowait()
                    if more is None:
                        stop = True
                        break
                    batch.append(more)
            self._store_batch(batch)
            if stop:
                return

    def _store_batch(self, batch: list[tuple[str, int, int, int, float, bool, MoveWaiter, MadeBy | None]]) -> None:
        try:
            with self._conn() as conn:
                row = conn.execute(
                    "SELECT hustings_append_many_by(%s::text[], %s::int[], %s::int[], %s::int[], %s::float8[], "
                    "%s::bool[], %s::text[])", ([m[0] for m in batch], [m[1] for m in batch], [m[2] for m in batch],
                                                [m[3] for m in batch], [m[4] for m in batch], [m[5] for m in batch],
                                                [m[7] for m in batch]),
                ).fetchone()
            # autocommit: the statement's transaction committed (WAL flushed) before the result came back
            held = [int(h) for h in row[0]] if row else []
            if len(held) != len(batch):
                raise StoreError("database error: hustings_append_many_by answered for another number of moves")
        except Exception as e:
            error = e if isinstance(e, StoreError) else StoreError(f"database error: {_one_line(e)}")
            settle([(m[6], StoreError(str(error))) for m in batch])
            return
        self.group_commits += 1
        results: list[tuple[MoveWaiter, BaseException | None]] = []
        for (table_id, step, *_rest, waiter, _by), h in zip(batch, held, strict=True):
            if h < 0:
                results.append((waiter, TableNotFound(table_id)))
            elif h != step:
                results.append((waiter, StaleStep(step, h)))
            else:
                self.group_moves += 1
                self._changed(table_id, step + 1, "m")
                results.append((waiter, None))
        settle(results)

    def actions(self, table_id: str, since: int = 0) -> list[ActionRecord]:
        with self._conn() as conn:
            rows = conn.execute("SELECT step, seat, action, at, made_by FROM actions WHERE table_id = %s "
                                "AND step >= %s ORDER BY step", (table_id, since)).fetchall()
        return [ActionRecord(int(r[0]), int(r[1]), int(r[2]), float(r[3]), check_made_by(r[4])) for r in rows]

    def truncate(self, table_id: str, step: int, expected_steps: int) -> None:
        with self._conn() as conn:
            row = conn.execute("SELECT hustings_truncate(%s, %s, %s)", (table_id, step, expected_steps)).fetchone()
        held = int(row[0]) if row else -1
        if held < 0:
            raise TableNotFound(table_id)
        if held != expected_steps:
            raise StaleStep(expected_steps, held)
        if not 0 <= step <= held:
            raise StoreError(f"cannot truncate table {table_id!r} at step {step} (it holds {held} actions)")
        self._changed(table_id, step, "u")

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

    def subscribe_lobby(self, callback: Callable[[str, str], None]) -> None:
        """``callback(table_id, kind)`` from a background thread when another process changed a table's lobby
        (``"l"``: seats, status or settings), who is connected to it (``"p"``) or its chat (``"c"``). Hints only: a
        server also re-reads what it holds every little while (lost hints, processes that died)."""
        with self._lock:
            self._lobby_callbacks.append(callback)
        self.subscribe(lambda table_id, steps: None)  # the listener runs

    def _hint(self, table_id: str, kind: str) -> None:
        self._outbox.put(f"{table_id}:0:{self.origin}:{kind}")
        self._start_notifier()

    # -- notifications ------------------------------------------------------------------------------

    def _know(self, table_id: str, steps: int, *, move: bool) -> bool:
        """Record that ``table_id`` holds ``steps`` actions; False for a move we knew of already (or a later one)."""
        with self._lock:
            known = self._known.get(table_id)
            if move and known is not None and steps <= known:
                return False
            self._known[table_id] = steps
            return True

    def _changed(self, table_id: str, steps: int, kind: str) -> None:
        """After our own commit: remember it, and have the notifier tell the other processes."""
        self._know(table_id, steps, move=kind == "m")
        self._outbox.put(f"{table_id}:{steps}:{self.origin}:{kind}")
        self._start_notifier()

    def _start_notifier(self) -> None:
        if self._notifier is not None:
            return
        with self._lock:
            if self._notifier is None and not self._closing.is_set():
                self._notifier = threading.Thread(target=self._notify_loop, name="hustings-pg-notify", daemon=True)
                self._notifier.start()

    def _notify_loop(self) -> None:
        """Send what the outbox holds, many notifications per transaction, on a connection whose commits do not
        wait for the disk (a notification is a hint: the moves themselves were committed durably)."""
        conn: psycopg.Connection[TupleRow] | None = None
        batch: list[str] = []
        backoff = 0.1
        while True:
            if not batch:
                try:
                    batch.append(self._outbox.get(timeout=0.5))
                except queue.Empty:
                    if self._closing.is_set():
                        break
                    continue
            with contextlib.suppress(queue.Empty):
                while len(batch) < NOTIFY_BATCH:
                    batch.append(self._outbox.get_nowait())
            try:
                if conn is None or conn.closed:
                    conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10,
                                           options="-c synchronous_commit=off")
                conn.execute(f"SELECT pg_notify('{CHANNEL}', p) FROM unnest(%s::text[]) AS p", (batch,))
                batch = []
                backoff = 0.1
            except psycopg.Error as e:
                if self._closing.is_set():
                    break  # the other processes reconcile what they did not hear
                log.warning("PostgreSQL notifier: %s; retrying", _one_line(e))
                with contextlib.suppress(Exception):
                    if conn is not None:
                        conn.close()
                conn = None
                self._closing.wait(backoff)
                backoff = min(backoff * 2, 5.0)
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def subscribe(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(table_id, steps)`` from a background thread whenever another store (another process,
        or another pool in this one) stored or took back a move. The first call starts the listener and returns
        once it is listening, so nothing committed after this returns goes unheard."""
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
                    conn.execute(f"LISTEN {CHANNEL}")
                    backoff = 0.1
                    if first:
                        first = False
                        ready.set()
                    else:
                        self._reconcile(conn)  # what was sent while we were away is gone
                    next_check = time.monotonic() + RECONCILE_S
                    while not self._closing.is_set():
                        for note in conn.notifies(timeout=0.25):  # short: close() waits for it
                            self._deliver(note.payload)
                        if time.monotonic() >= next_check:
                            self._reconcile(conn)
                            next_check = time.monotonic() + RECONCILE_S
            except psycopg.Error as e:
                if not self._closing.is_set():
                    log.warning("PostgreSQL listener lost its connection to %s: %s; reconnecting", self.where,
                                _one_line(e))
        ready.set()

    def _reconcile(self, conn: psycopg.Connection[TupleRow]) -> None:
        """Report the tables this store knows or has read whose step count in the database is not the one it
        knows (a notification was lost), and forget the finished ones."""
        with self._lock:
            known = dict(self._known)
            ids = set(known) | self._watch
        if not ids:
            return
        rows = conn.execute("SELECT id, steps, status FROM tables WHERE id = ANY(%s)", (list(ids),)).fetchall()
        for table_id, steps, status in rows:
            table_id, steps = str(table_id), int(steps)
            if known.get(table_id) != steps:
                self._know(table_id, steps, move=False)
                self._call(table_id, steps)
            with self._lock:
                self._watch.discard(table_id)
                if status == "over":
                    self._known.pop(table_id, None)

    def _deliver(self, payload: str) -> None:
        parts = payload.split(":")
        if len(parts) != 4 or parts[3] not in ("m", "u", "l", "p", "c") or not parts[1].isdigit():
            log.warning("ignoring a malformed %s notification: %r", CHANNEL, payload[:80])
            return
        table_id, steps_text, origin, kind = parts
        if origin == self.origin:
            return  # our own change: this process knows it already
        if kind in ("l", "p", "c"):
            for lobby_callback in list(self._lobby_callbacks):
                try:
                    lobby_callback(table_id, kind)
                except Exception:
                    log.exception("a %s lobby subscriber failed on %s:%s", CHANNEL, table_id, kind)
            return
        steps = int(steps_text)
        if self._know(table_id, steps, move=kind == "m"):
            self._call(table_id, steps)

    def _call(self, table_id: str, steps: int) -> None:
        for callback in list(self._callbacks):
            try:
                callback(table_id, steps)
            except Exception:
                log.exception("a %s subscriber failed on %s:%s", CHANNEL, table_id, steps)

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

    def close(self) -> None:
        self._closing.set()
        if self._writer is not None:
            self._moves.put(None)  # what is queued is stored first
            self._writer.join(timeout=30)
        for thread in (self._notifier, self._listener):
            if thread is not None:
                thread.join(timeout=5)
        self._pool.close()
