"""What every part of the PostgreSQL store stands on: its state, set up in one place, and its connections (the
pool, a statement's connection, a transaction), with one-line messages for their errors."""

from __future__ import annotations

import contextlib
import queue
import secrets
import threading
from collections.abc import Callable, Iterator

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import TupleRow
from psycopg_pool import ConnectionPool, PoolTimeout

from hustings.server.group_commit import COMMIT_DELAY_S, Gatherer, check_commit_delay
from hustings.server.store import ActionLog, MadeBy, MoveWaiter, StoreError, TableNotFound


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


class PostgresBase(ActionLog):
    """The state of a :class:`~hustings.server.postgres.PostgresStore` and its connections; the store's other
    parts (tables, seats, actions, presence, turn notices, the cross-process sync) are built on it."""

    def __init__(self, url: str, *, min_connections: int = 1, max_connections: int = 16,
                 connect_timeout: float = 10.0, read_only: bool = False, commit_delay: float = COMMIT_DELAY_S) -> None:
        self.url = url
        #: seconds the writer may wait for more moves to commit together (:mod:`hustings.server.group_commit`)
        self.commit_delay = check_commit_delay(commit_delay)
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
        #: the writer's batching (made with the writer thread)
        self.gatherer: Gatherer[tuple[str, int, int, int, float, bool, MoveWaiter, MadeBy | None]] | None = None
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
