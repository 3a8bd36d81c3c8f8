"""The embedded store: one SQLite file, WAL journal, ``synchronous=FULL``.

With WAL and FULL, a transaction is on disk (the WAL fsynced) when ``COMMIT`` returns, so a move the server
acknowledged survives the process being killed (SIGKILL) or the machine losing power.

Moves are group-committed: :meth:`SqliteStore.submit_action` queues a move for one writer thread, which takes
every move waiting (of any tables), checks and inserts each in its own savepoint (a stale step refuses that move
only), commits them all with one fsync, and only then resolves each move's future. A commit costs a disk flush
(~8 ms here) whatever it holds, so one move per commit caps a disk at ~126 moves/s, while moves arriving during a
flush ride on the next one. The writer has its own connection (WAL: readers are not blocked by its flush); the
other requests share one connection behind a lock (a ``:memory:`` database has only that one).

One module a concern, composed here into :class:`SqliteStore`: ``migrations`` (the schema's history), ``rows``
(rows as records), ``base`` (the state and the connections), ``tables`` (and their chat), ``seats`` (seat secrets,
open tables, personal keys), ``actions`` (the action log, its writer and checkpointer threads) and ``notices`` (turn
notices). The tunables are read where they are used: a test that changes one patches that module
(``actions.CHECKPOINT_S``); ``MIGRATIONS`` is read here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from hustings.server.sqlite.actions import CHECKPOINT_S, MAX_BATCH, WAL_RESTART_FRAMES, SqliteActions
from hustings.server.sqlite.base import PAGE_SIZE, WAL_SIZE_LIMIT
from hustings.server.sqlite.migrations import MIGRATIONS
from hustings.server.sqlite.notices import SqliteNotices
from hustings.server.sqlite.rows import _Append
from hustings.server.sqlite.seats import SqliteSeats
from hustings.server.sqlite.tables import SqliteTables
from hustings.server.store import StoreError

__all__ = [
    "CHECKPOINT_S",
    "MAX_BATCH",
    "MIGRATIONS",
    "PAGE_SIZE",
    "WAL_RESTART_FRAMES",
    "WAL_SIZE_LIMIT",
    "SqliteStore",
    "_Append",
]


class SqliteStore(SqliteTables, SqliteSeats, SqliteActions, SqliteNotices):
    """A :class:`~hustings.server.store.ServerStore` in one SQLite file (``":memory:"`` for tests)."""

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
