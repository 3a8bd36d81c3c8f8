"""The embedded store: one SQLite file, WAL journal, ``synchronous=FULL``.

With WAL and FULL, a transaction is on disk (the WAL fsynced) when ``COMMIT`` returns, so a move the server
acknowledged survives the process being killed (SIGKILL) or the machine losing power.

Moves are group-committed: :meth:`SqliteStore.submit_action` queues a move for one writer thread, which takes
every move waiting (of any tables), checks and inserts each in its own savepoint (a stale step refuses that move
only), commits them all with one fsync, and only then resolves each move's future. A commit costs a disk flush
(~8 ms here) whatever it holds, so one move per commit caps a disk at ~126 moves/s, while moves arriving during a
flush ride on the next one. The writer has its own connection (WAL: readers are not blocked by its flush); the
other requests share one connection behind a lock (a ``:memory:`` database has only that one).
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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

#: versioned migrations: (version, statements). Applied in order, each in its own transaction, recorded in
#: schema_migrations; never edit a released one, add the next.
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (1, (
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed TEXT NOT NULL,
            rules_version TEXT NOT NULL,
            engine_version TEXT NOT NULL,
            rng TEXT NOT NULL,
            settings TEXT NOT NULL,
            status TEXT NOT NULL,
            created_at REAL NOT NULL,
            rematch_of TEXT,
            steps INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX tables_status ON tables (status)",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES tables (id),
            seat INTEGER NOT NULL,
            token_hash TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL DEFAULT '',
            joined INTEGER NOT NULL DEFAULT 0,
            ready INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE actions (
            table_id TEXT NOT NULL REFERENCES tables (id),
            step INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action INTEGER NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (table_id, step)
        )""",
    )),
    # a batch of moves in ONE statement (SqliteStore._one_statement): each row inserted into this view checks
    # its table's step, logs the move and counts it, or aborts the whole statement
    (2, (
        """CREATE VIEW move_log (table_id, step, seat, action, at, over) AS
            SELECT table_id, step, seat, action, at, 0 FROM actions WHERE 0""",
        """CREATE TRIGGER move_log_insert INSTEAD OF INSERT ON move_log
        BEGIN
            SELECT RAISE(ABORT, 'stale step or unknown table')
                WHERE NEW.step IS NOT (SELECT steps FROM tables WHERE id = NEW.table_id);
            INSERT INTO actions (table_id, step, seat, action, at)
                VALUES (NEW.table_id, NEW.step, NEW.seat, NEW.action, NEW.at);
            UPDATE tables SET steps = NEW.step + 1, status = CASE WHEN NEW.over THEN 'over' ELSE status END
                WHERE id = NEW.table_id;
        END""",
    )),
    # seats belong to whoever claims them (issue 23): any number of secrets a seat (one per device of its person),
    # invite codes of free seats, one-time device codes, the host's; hashes only. Every stored seat token carries
    # on as that seat's secret, so the links of today keep working. seats.token_hash stays (a column of version 1)
    # and new tables fill it with a value no token hashes to.
    (3, (
        """CREATE TABLE seat_secrets (
            hash TEXT PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            expires_at REAL
        )""",
        "CREATE INDEX seat_secrets_seat ON seat_secrets (table_id, seat)",
        "INSERT INTO seat_secrets (hash, table_id, seat, kind) SELECT token_hash, table_id, seat, 'seat' FROM seats",
    )),
    # the lobby's housekeeping (Hub.sweep): until when a creator keeps a table waiting for players, and the
    # sweep's walk through the lobby in creation order
    (4, (
        "ALTER TABLE tables ADD COLUMN kept_until REAL NOT NULL DEFAULT 0",
        "CREATE INDEX tables_lobby_age ON tables (status, created_at, id)",
    )),
    # open tables and personal keys (issue 25): the list of public tables waiting for players (a row while the
    # table is in the lobby: the trigger unlists it when its status leaves the lobby, the table's deletion takes
    # it along); personal keys (hashes only) and the seat secrets tied to each: a tie counts only while its secret
    # lives (read joined with seat_secrets; the seat changed hands: it is dead), and goes with its table
    (5, (
        """CREATE TABLE open_tables (
            table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            listed_at REAL NOT NULL
        )""",
        "CREATE INDEX open_tables_age ON open_tables (listed_at, table_id)",
        "CREATE INDEX open_tables_game ON open_tables (game, listed_at, table_id)",
        """CREATE TRIGGER open_tables_unlist AFTER UPDATE OF status ON tables
            WHEN OLD.status = 'lobby' AND NEW.status != 'lobby'
        BEGIN
            DELETE FROM open_tables WHERE table_id = NEW.id;
        END""",
        """CREATE TABLE player_keys (
            hash TEXT PRIMARY KEY,
            created_at REAL NOT NULL
        )""",
        """CREATE TABLE key_seats (
            key_hash TEXT NOT NULL REFERENCES player_keys (hash) ON DELETE CASCADE,
            secret_hash TEXT NOT NULL,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            tied_at REAL NOT NULL,
            PRIMARY KEY (key_hash, secret_hash)
        )""",
        "CREATE INDEX key_seats_secret ON key_seats (secret_hash)",
        "CREATE INDEX key_seats_seat ON key_seats (key_hash, table_id, seat)",
    )),
    # the chat at each table (issue 25): a line numbered per table, its seat, when, and its kind and body (the text,
    # or a quick phrase's key). Version 5 is another branch's (public tables): versions apply by number, not order.
    (6, (
        """CREATE TABLE chat (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            at REAL NOT NULL,
            kind TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (table_id, n)
        )""",
    )),
    # turn notices (issue 25, point 4; hustings.server.notify): where a seat is told it is its turn with its browser
    # closed, kept apart from the game (never in its record) and deleted when it ends; the server's Web Push key
    (7, (
        """CREATE TABLE notify_targets (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            address TEXT NOT NULL,
            key TEXT NOT NULL,
            lang TEXT NOT NULL,
            unsubscribe_hash TEXT NOT NULL UNIQUE,
            notified_turn INTEGER NOT NULL DEFAULT -1,
            created_at REAL NOT NULL,
            UNIQUE (table_id, seat, kind, key)
        )""",
        """CREATE TABLE server_keys (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
    )),
    # who made each move (issue 25, point 6): the seat's person, its own bot, or a stand-in for its person, so that
    # the marks of a stand-in's moves and each person's last own move outlive the process. Rows stored before have
    # NULL (not known): read as the person's move, never taken back by the undo. The move_log view and its trigger
    # (version 2) are made again with the column (dropping a view drops its triggers).
    (8, (
        "ALTER TABLE actions ADD COLUMN made_by TEXT CHECK (made_by IN ('person', 'bot', 'stand_in'))",
        "DROP VIEW move_log",
        """CREATE VIEW move_log (table_id, step, seat, action, at, over, made_by) AS
            SELECT table_id, step, seat, action, at, 0, made_by FROM actions WHERE 0""",
        """CREATE TRIGGER move_log_insert INSTEAD OF INSERT ON move_log
        BEGIN
            SELECT RAISE(ABORT, 'stale step or unknown table')
                WHERE NEW.step IS NOT (SELECT steps FROM tables WHERE id = NEW.table_id);
            INSERT INTO actions (table_id, step, seat, action, at, made_by)
                VALUES (NEW.table_id, NEW.step, NEW.seat, NEW.action, NEW.at, NEW.made_by);
            UPDATE tables SET steps = NEW.step + 1, status = CASE WHEN NEW.over THEN 'over' ELSE status END
                WHERE id = NEW.table_id;
        END""",
    )),
    # a move counts its table without naming `status` (issue 22, point 5): an UPDATE that sets a column rewrites
    # every index holding it (tables_status, tables_lobby_age) and fires the triggers of `UPDATE OF` it
    # (open_tables_unlist) even when the value stays; only the last move of a game sets it
    (9, (
        "DROP TRIGGER move_log_insert",
        """CREATE TRIGGER move_log_insert INSTEAD OF INSERT ON move_log
        BEGIN
            SELECT RAISE(ABORT, 'stale step or unknown table')
                WHERE NEW.step IS NOT (SELECT steps FROM tables WHERE id = NEW.table_id);
            INSERT INTO actions (table_id, step, seat, action, at, made_by)
                VALUES (NEW.table_id, NEW.step, NEW.seat, NEW.action, NEW.at, NEW.made_by);
            UPDATE tables SET steps = NEW.step + 1 WHERE id = NEW.table_id;
            UPDATE tables SET status = 'over' WHERE NEW.over AND id = NEW.table_id;
        END""",
    )),
)

_TABLE_COLUMNS = ("id, game, options, seed, rules_version, engine_version, rng, settings, status, created_at, "
                  "rematch_of, steps, kept_until")


def _table(row: Sequence[Any]) -> TableRecord:
    """A row as a record; TableDamaged (naming the table and what is wrong) when it does not decode."""
    return decode_table(row, json.loads)


@dataclass(frozen=True)
class _Append:
    """One move waiting for the writer thread."""

    table_id: str
    step: int
    seat: int
    action: int
    at: float
    over: bool
    #: a thread's future (submit_action) or an event loop's (submit_action_async)
    future: MoveWaiter
    #: who made the move (None: not known)
    by: MadeBy | None = None


#: seconds between the checkpointer's passes
CHECKPOINT_S = 1.0

#: WAL frames (pages) beyond which the writer finishes a checkpoint itself, so that the WAL starts over. Under
#: steady load the checkpointer's passes never catch up with the writer, and without this the WAL grew by every
#: page written (4 KB a move) for as long as the load lasted.
WAL_RESTART_FRAMES = 16_384

#: a WAL file that was reset is cut back to this many bytes (it is reused, not regrown, below it)
WAL_SIZE_LIMIT = 64 * 1024 * 1024

#: bytes per database page, for new files (SQLite's default is 4096)
PAGE_SIZE = 1024

#: moves committed together at most (a bound on one transaction's work, far above what arrives in one flush;
#: also on the distinct statements a batch's size makes, which the connection keeps prepared)
MAX_BATCH = 100


def _seat(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(table_id=row[0], seat=int(row[1]), token_hash=row[2], name=row[3], joined=bool(row[4]),
                      ready=bool(row[5]))


class _Full(Exception):
    """A seat holds as many turn notice targets as it may (add_notify rolls back)."""


def _notify(row: Sequence[Any]) -> NotifyTarget:
    return NotifyTarget(table_id=row[0], seat=int(row[1]), kind=row[2], address=row[3], key=row[4], lang=row[5],
                        unsubscribe_hash=row[6], notified_turn=int(row[7]), created_at=float(row[8]), id=int(row[9]))


def _secret(row: Sequence[Any]) -> SeatSecret:
    return SeatSecret(table_id=row[0], seat=int(row[1]), kind=row[2], hash=row[3],
                      expires_at=None if row[4] is None else float(row[4]))


class SqliteStore(ActionLog):
    """A :class:`~hustings.server.store.ServerStore` in one SQLite file (``":memory:"`` for tests)."""

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        self.path = str(path)
        #: opened only to be read (``hustings db check``): nothing is written, not even the journal mode
        self.read_only = read_only
        try:
            if read_only:
                if not Path(self.path).is_file():
                    raise StoreError(f"there is no database file {self.path!r}")
                self._db = sqlite3.connect(f"{Path(self.path).resolve().as_uri()}?mode=ro", uri=True,
                                           isolation_level=None, check_same_thread=False, timeout=30.0)
            else:
                if self.path != ":memory:":
                    Path(self.path).parent.mkdir(parents=True, exist_ok=True)
                self._db = self._connect()
                # a new file only (an existing one keeps its size): SQLite writes whole pages, and a move touches a
                # few scattered ones (its table's row, the log's index), so smaller pages mean less to write and
                # flush per commit (4.5 KB a move instead of 10 under the load benchmark)
                self._db.execute(f"PRAGMA page_size={PAGE_SIZE}")
                self._db.execute("PRAGMA journal_mode=WAL")
        except (sqlite3.Error, OSError) as e:
            raise StoreError(f"cannot open the database {self.path!r}: {e}") from None
        self._lock = threading.Lock()
        #: held by every write transaction of this process, on either connection. Without it the two connections
        #: meet in SQLite's lock, whose busy handler sleeps in steps of up to 100 ms: each lobby write (a table
        #: created, joined, started) then stalled every waiting move that long. Taken after the connection's lock.
        self._write_gate = threading.Lock()
        #: the writer thread's connection and the lock that guards it (the shared ones for ``:memory:``)
        self._wdb: sqlite3.Connection | None = None
        self._wlock = self._lock
        self._pending: queue.SimpleQueue[_Append | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._writer_start = threading.Lock()
        self._closed = False
        self._checkpointer: threading.Thread | None = None
        self._stop = threading.Event()
        #: set by the checkpointer when the WAL is long; the writer then finishes a checkpoint between commits
        self._restart_wal = threading.Event()
        #: how often the writer finished a checkpoint so that the WAL started over
        self.wal_restarts = 0
        #: commits made by the writer and the moves they held (for tests and the load benchmark)
        self.group_commits = 0
        self.group_moves = 0
        #: commits whose moves were all stored in one statement (:meth:`_one_statement`)
        self.bulk_commits = 0

    def _connect(self) -> sqlite3.Connection:
        # autocommit mode (isolation_level None): transactions are explicit BEGIN IMMEDIATE ... COMMIT
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30.0)
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        if self.path != ":memory:":
            # no checkpoint inside a commit (it would stall every move waiting on that commit for the copy and its
            # fsync): the checkpointer thread copies the WAL into the database beside the writes
            db.execute("PRAGMA wal_autocheckpoint=0")
            db.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        return db

    # -- plumbing ---------------------------------------------------------------------------------

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; committed (durably) on leaving, rolled back on any error."""
        with self._lock, self._write_gate:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                db.execute("COMMIT")
            except BaseException as e:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                if isinstance(e, sqlite3.Error):
                    raise StoreError(f"database error: {e}") from None
                raise

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            try:
                return self._db.execute(sql, tuple(args)).fetchall()
            except sqlite3.Error as e:
                raise StoreError(f"database error: {e}") from None

    # -- the protocol -----------------------------------------------------------------------------

    def pending_migrations(self) -> list[int]:
        """The versions of :data:`MIGRATIONS` this database has not had yet (read only)."""
        try:
            done = {int(r[0]) for r in self._read("SELECT version FROM schema_migrations")}
        except StoreError:
            done = set()
        return [v for v, _ in MIGRATIONS if v not in done]

    def migrate(self) -> int:
        with self._tx() as db:
            db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at "
                       "REAL NOT NULL)")
        done = {int(r[0]) for r in self._read("SELECT version FROM schema_migrations")}
        for version, statements in MIGRATIONS:
            if version in done:
                continue
            with self._tx() as db:
                for sql in statements:
                    db.execute(sql)
                db.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", (version, time.time()))
        return max([0, *done, *(v for v, _ in MIGRATIONS)])

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

    def _exists(self, db: sqlite3.Connection, table_id: str) -> int:
        row = db.execute("SELECT steps FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise TableNotFound(table_id)
        return int(row[0])

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

    def append_action(self, table_id: str, step: int, seat: int, action: int, at: float,
                      *, over: bool = False, by: MadeBy | None = None) -> None:
        self.submit_action(table_id, step, seat, action, at, over=over, by=by).result()

    def submit_action(self, table_id: str, step: int, seat: int, action: int, at: float,
                      *, over: bool = False, by: MadeBy | None = None) -> Future[None]:
        """Queue the move for the writer thread; the future is resolved once the commit holding it is on disk
        (or fails with StaleStep, TableNotFound, StoreError for this move alone)."""
        future: Future[None] = Future()
        self._enqueue(_Append(table_id, step, seat, action, at, over, future, by))
        return future

    def submit_action_async(self, table_id: str, step: int, seat: int, action: int, at: float,
                            *, over: bool = False, by: MadeBy | None = None) -> asyncio.Future[None]:
        """``submit_action`` for a caller on a running event loop (:func:`hustings.server.store.settle`: one call
        into the loop a commit; chaining a thread future into the loop cost it several callbacks a move)."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._enqueue(_Append(table_id, step, seat, action, at, over, waiter, by))
        return waiter

    def _enqueue(self, move: _Append) -> None:
        if self._closed:
            move.future.set_exception(StoreError("the database is closed"))
            return
        try:  # refused before the writer sees it: a bad value would fail the statement of a whole batch
            check_made_by(move.by)
        except StoreError as e:
            move.future.set_exception(e)
            return
        self._start_writer()
        self._pending.put(move)

    def _start_writer(self) -> None:
        if self._writer is not None:
            return
        with self._writer_start:
            if self._writer is not None:
                return
            if self.path != ":memory:":
                try:
                    self._wdb = self._connect()
                    self._wlock = threading.Lock()
                except sqlite3.Error as e:
                    raise StoreError(f"cannot open the database {self.path!r}: {e}") from None
            self._writer = threading.Thread(target=self._write_loop, name="hustings-sqlite-writer", daemon=True)
            self._writer.start()
            if self.path != ":memory:":
                self._checkpointer = threading.Thread(target=self._checkpoint_loop, name="hustings-sqlite-checkpoint",
                                                      daemon=True)
                self._checkpointer.start()

    def _checkpoint_loop(self) -> None:
        """Every CHECKPOINT_S, a PASSIVE checkpoint on a connection of its own: it copies what it can of the WAL
        into the database without waiting for (or blocking) the writer. It cannot finish while the writer keeps
        appending, and a WAL starts over only once all of it is copied: so when the WAL holds more than
        WAL_RESTART_FRAMES it asks the writer to finish the job between two commits (:meth:`_finish_checkpoint`),
        which by then is the little written since this pass."""
        try:
            db = self._connect()
        except sqlite3.Error as e:
            log.error("sqlite: no checkpoint connection, the WAL will grow: %s", e)
            return
        try:
            while not self._stop.wait(CHECKPOINT_S):
                try:
                    _, frames, _ = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error as e:  # busy or a disk problem: the next round tries again
                    log.warning("sqlite: checkpoint failed: %s", e)
                    continue
                if frames >= WAL_RESTART_FRAMES:
                    self._restart_wal.set()
        finally:
            db.close()

    def _finish_checkpoint(self) -> None:
        """In the writer thread, between commits, with every write of the process held off: copy the rest of the
        WAL, so that the next commit starts it over. A failure or a reader in the way is tried again after the
        next commit."""
        self._restart_wal.clear()
        with self._wlock, self._write_gate:
            db = self._wdb or self._db
            try:
                busy, frames, done = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            except sqlite3.Error as e:
                log.warning("sqlite: checkpoint failed: %s", e)
                return
        if busy or done < frames:
            self._restart_wal.set()
        else:
            self.wal_restarts += 1

    def _write_loop(self) -> None:
        while True:
            first = self._pending.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._pending.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit_batch(batch)
            if self._restart_wal.is_set():
                self._finish_checkpoint()
            if stop:
                return

    def _commit_batch(self, batch: list[_Append]) -> None:
        """Store every move of ``batch`` durably; futures resolved only after the commit, or all failed if the
        commit fails. The whole batch first goes in ONE statement, its own transaction (:meth:`_one_statement`);
        if a move is stale, its table unknown or moved twice, that statement changes nothing and the batch is
        done again move by move in one transaction (:meth:`_quick`); if a statement fails unexpectedly that
        transaction is rolled back and the batch done once more, each move in its own savepoint
        (:meth:`_insert`), so that one bad move refuses only itself."""
        with self._wlock, self._write_gate:
            db = self._wdb or self._db
            outcomes: list[BaseException | None] = []
            try:
                if self._one_statement(db, batch):
                    outcomes = [None] * len(batch)
                    self.bulk_commits += 1
                else:
                    db.execute("BEGIN IMMEDIATE")
                    try:
                        outcomes = [self._quick(db, p) for p in batch]
                    except sqlite3.Error:
                        db.execute("ROLLBACK")
                        db.execute("BEGIN IMMEDIATE")
                        outcomes = [self._insert(db, p) for p in batch]
                    db.execute("COMMIT")
            except Exception as e:  # the commit failed (disk full, I/O error): none of these moves is stored
                with suppress(sqlite3.Error):
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                settle([(p.future, StoreError(f"database error: {e}")) for p in batch])
                return
        self.group_commits += 1
        self.group_moves += sum(1 for o in outcomes if o is None)
        settle([(p.future, outcome) for p, outcome in zip(batch, outcomes, strict=True)])

    @staticmethod
    def _one_statement(db: sqlite3.Connection, batch: list[_Append]) -> bool:
        """Store the whole batch with one INSERT into the ``move_log`` view, outside any transaction: SQLite makes
        it a transaction of its own and commits it (durably) before the call returns. One call, because the
        writer hands the GIL back during every statement and, while the event loop is busy, waits up to the
        switch interval to get it again: four statements a commit (BEGIN, UPDATE, INSERT, COMMIT) made commits
        several times slower than the disk. False, with nothing stored, when the view's trigger refused a move
        (stale, unknown table, a table moved twice) or the statement failed."""
        rows: list[object] = []
        for p in batch:
            rows += (p.table_id, p.step, p.seat, p.action, p.at, int(p.over), p.by)
        try:
            db.execute("INSERT INTO move_log (table_id, step, seat, action, at, over, made_by) VALUES "
                       + ",".join(["(?,?,?,?,?,?,?)"] * len(batch)), rows)
        except sqlite3.Error:
            with suppress(sqlite3.Error):
                if db.in_transaction:  # an ABORT rolls its statement's own transaction back; make sure of it
                    db.execute("ROLLBACK")
            return False
        return True

    @staticmethod
    def _quick(db: sqlite3.Connection, p: _Append) -> BaseException | None:
        """Check and insert one move in two statements, no savepoint: the writer thread takes the GIL back after
        every statement, and while the event loop is busy each time can cost up to the switch interval. The step
        is checked by the UPDATE itself (it changes nothing when stale); an error in the INSERT raises, and the
        caller redoes the batch the careful way."""
        cur = db.execute("UPDATE tables SET steps = ? WHERE id = ? AND steps = ?", (p.step + 1, p.table_id, p.step))
        if cur.rowcount != 1:
            row = db.execute("SELECT steps FROM tables WHERE id = ?", (p.table_id,)).fetchone()
            return TableNotFound(p.table_id) if row is None else StaleStep(p.step, int(row[0]))
        if p.over:  # status only when it changes (see migration 9)
            db.execute("UPDATE tables SET status = 'over' WHERE id = ?", (p.table_id,))
        db.execute("INSERT INTO actions (table_id, step, seat, action, at, made_by) VALUES (?,?,?,?,?,?)",
                   (p.table_id, p.step, p.seat, p.action, p.at, p.by))
        return None

    @staticmethod
    def _insert(db: sqlite3.Connection, p: _Append) -> BaseException | None:
        """Check and insert one move inside the batch's transaction, in a savepoint: its failure is its own."""
        db.execute("SAVEPOINT move")
        try:
            row = db.execute("SELECT steps FROM tables WHERE id = ?", (p.table_id,)).fetchone()
            if row is None:
                return TableNotFound(p.table_id)
            if int(row[0]) != p.step:
                return StaleStep(p.step, int(row[0]))
            db.execute("INSERT INTO actions (table_id, step, seat, action, at, made_by) VALUES (?,?,?,?,?,?)",
                       (p.table_id, p.step, p.seat, p.action, p.at, p.by))
            db.execute("UPDATE tables SET steps = ? WHERE id = ?", (p.step + 1, p.table_id))
            if p.over:  # status only when it changes (see migration 9)
                db.execute("UPDATE tables SET status = 'over' WHERE id = ?", (p.table_id,))
        except sqlite3.Error as e:
            db.execute("ROLLBACK TO move")
            return StoreError(f"database error: {e}")
        finally:
            db.execute("RELEASE move")  # a savepoint rolled back to is still open until released
        return None

    def actions(self, table_id: str, since: int = 0) -> list[ActionRecord]:
        rows = self._read("SELECT step, seat, action, at, made_by FROM actions WHERE table_id = ? AND step >= ? "
                          "ORDER BY step", (table_id, since))
        return [ActionRecord(int(r[0]), int(r[1]), int(r[2]), float(r[3]), check_made_by(r[4])) for r in rows]

    def truncate(self, table_id: str, step: int, expected_steps: int) -> None:
        with self._tx() as db:
            held = self._exists(db, table_id)
            if held != expected_steps:
                raise StaleStep(expected_steps, held)
            if not 0 <= step <= held:
                raise StoreError(f"cannot truncate table {table_id!r} at step {step} (it holds {held} actions)")
            db.execute("DELETE FROM actions WHERE table_id = ? AND step >= ?", (table_id, step))
            db.execute("UPDATE tables SET steps = ?, status = CASE WHEN status = 'over' THEN 'playing' ELSE status "
                       "END WHERE id = ?", (step, table_id))

    def subscribe(self, callback: Callable[[str, int], None]) -> None:
        """One process owns a SQLite file here, so nobody else moves: the callback is never called."""

    # one process: nobody else holds connections or changes the lobby
    shared = False

    def set_presence(self, table_id: str, seat: int, present: bool) -> None:
        """Nothing to tell: no other process serves this file's tables."""

    def refresh_presence(self, held: Sequence[tuple[str, int]], table_ids: Sequence[str],
                         ttl_s: float) -> dict[str, set[int]]:
        return {t: set() for t in table_ids}

    def presence(self, table_ids: Sequence[str], ttl_s: float) -> dict[str, set[int]]:
        return {t: set() for t in table_ids}

    def subscribe_lobby(self, callback: Callable[[str, str], None]) -> None:
        """Never called: one process."""

    # -- turn notices (hustings.server.notify) ------------------------------------------------------------------

    _NOTIFY_COLUMNS = ("table_id, seat, kind, address, key, lang, unsubscribe_hash, notified_turn, created_at, id")

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

    def close(self) -> None:
        """Commit what is queued, stop the writer, close the connections."""
        self._closed = True
        if self._writer is not None:
            self._pending.put(None)
            self._writer.join(timeout=30)
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=30)
        with self._lock:
            if self._wdb is not None:
                with self._wlock:
                    self._wdb.close()
            self._db.close()
