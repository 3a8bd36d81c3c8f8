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

One module a concern, composed here into :class:`PostgresStore`: ``migrations`` (the schema's history), ``rows``
(rows as records), ``base`` (the state and the connections), ``sync`` (the notifier, the listener and reconciling),
``presence``, ``tables`` (and their chat), ``seats`` (seat secrets, open tables, personal keys), ``actions`` (the
action log and its writer thread) and ``notices`` (turn notices). The tunables are read where they are used: a test
that changes one patches that module (``sync.RECONCILE_S``); ``MIGRATIONS`` is read here.
"""

from __future__ import annotations

import time

from hustings.server.postgres.actions import MAX_BATCH, PostgresActions
from hustings.server.postgres.migrations import LOCK_NAMESPACE, MIGRATIONS
from hustings.server.postgres.notices import PostgresNotices
from hustings.server.postgres.presence import PostgresPresence
from hustings.server.postgres.seats import PostgresSeats
from hustings.server.postgres.sync import CHANNEL, NOTIFY_BATCH, RECONCILE_S
from hustings.server.postgres.tables import PostgresTables

__all__ = [
    "CHANNEL",
    "LOCK_NAMESPACE",
    "MAX_BATCH",
    "MIGRATIONS",
    "NOTIFY_BATCH",
    "RECONCILE_S",
    "PostgresStore",
]


class PostgresStore(PostgresTables, PostgresSeats, PostgresActions, PostgresPresence, PostgresNotices):
    """A :class:`~hustings.server.store.ServerStore` in a PostgreSQL database, shared by any number of processes.

    ``url`` is a libpq URL (``postgresql://user:password@host:port/dbname``). ``max_connections`` bounds this
    store's pool: requests beyond it wait for a free connection.
    """

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

    def close(self) -> None:
        self._closing.set()
        if self._writer is not None:
            self._moves.put(None)  # what is queued is stored first
            self._writer.join(timeout=30)
        for thread in (self._notifier, self._listener):
            if thread is not None:
                thread.join(timeout=5)
        self._pool.close()
