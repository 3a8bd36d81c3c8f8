"""What every part of the SQLite store stands on: its state, set up in one place, and its connections (the
shared one behind a lock, a write transaction, a read)."""

from __future__ import annotations

import queue
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hustings.server.group_commit import COMMIT_DELAY_S, Gatherer, check_commit_delay
from hustings.server.sqlite.rows import _Append
from hustings.server.store import ActionLog, StoreError, TableNotFound

#: a WAL file that was reset is cut back to this many bytes (it is reused, not regrown, below it)
WAL_SIZE_LIMIT = 64 * 1024 * 1024

#: bytes per database page, for new files (SQLite's default is 4096)
PAGE_SIZE = 1024


class SqliteBase(ActionLog):
    """The state of a :class:`~hustings.server.sqlite.SqliteStore` and its connections; the store's other parts
    (tables, seats, actions, turn notices) are built on it."""

    def __init__(self, path: str | Path, *, read_only: bool = False, commit_delay: float = COMMIT_DELAY_S) -> None:
        self.path = str(path)
        #: seconds the writer may wait for more moves to commit together (:mod:`hustings.server.group_commit`)
        self.commit_delay = check_commit_delay(commit_delay)
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
        #: the writer's batching (made with the writer thread)
        self.gatherer: Gatherer[_Append] | None = None
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

    def _exists(self, db: sqlite3.Connection, table_id: str) -> int:
        row = db.execute("SELECT steps FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise TableNotFound(table_id)
        return int(row[0])
