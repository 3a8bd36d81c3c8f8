"""The SQLite store's action log: moves queued for one writer thread, which group-commits every move waiting
(one statement when it can; under load it waits a moment for more, :mod:`hustings.server.group_commit`), and a
checkpointer thread that keeps the WAL from growing; reading the log, and taking moves back."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from concurrent.futures import Future
from contextlib import suppress

from hustings.server.group_commit import Gatherer
from hustings.server.sqlite.base import SqliteBase
from hustings.server.sqlite.rows import _Append
from hustings.server.store import ActionRecord, MadeBy, StaleStep, StoreError, TableNotFound, check_made_by, settle

log = logging.getLogger("hustings.server.sqlite")  # the store's one logger, named as the package

#: seconds between the checkpointer's passes
CHECKPOINT_S = 1.0

#: WAL frames (pages) beyond which the writer finishes a checkpoint itself, so that the WAL starts over. Under
#: steady load the checkpointer's passes never catch up with the writer, and without this the WAL grew by every
#: page written (4 KB a move) for as long as the load lasted.
WAL_RESTART_FRAMES = 16_384

#: moves committed together at most (a bound on one transaction's work, far above what arrives in one flush;
#: also on the distinct statements a batch's size makes, which the connection keeps prepared)
MAX_BATCH = 100


def _table_of(move: _Append) -> str:
    return move.table_id


class SqliteActions(SqliteBase):
    """Appending (group-committed by the writer thread, the WAL checkpointed beside it), reading and truncating
    the action log."""

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
        gather = self.gatherer = Gatherer(self._pending, self.commit_delay, MAX_BATCH, _table_of)
        while True:
            taken = gather.next_batch()
            if taken is None:
                return
            batch, stop = taken
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
