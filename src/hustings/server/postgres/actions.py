"""The PostgreSQL store's action log: moves queued for a writer thread, which stores every move waiting in one
call of ``hustings_append_many_by`` (group commit; under load it waits a moment for more,
:mod:`hustings.server.group_commit`); reading the log, and taking moves back."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future

from hustings.server.group_commit import Gatherer
from hustings.server.postgres.base import _one_line
from hustings.server.postgres.sync import PostgresSync
from hustings.server.store import (
    ActionRecord,
    MadeBy,
    MoveWaiter,
    StaleStep,
    StoreError,
    TableNotFound,
    check_made_by,
    settle,
)

#: moves stored in one call of hustings_append_many_by at most
MAX_BATCH = 500


def _table_of(move: tuple[str, int, int, int, float, bool, MoveWaiter, MadeBy | None]) -> str:
    return move[0]


class PostgresActions(PostgresSync):
    """Appending (batched, one writer thread), reading and truncating the action log."""

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
        gather = self.gatherer = Gatherer(self._moves, self.commit_delay, MAX_BATCH, _table_of)
        while True:
            taken = gather.next_batch()
            if taken is None:
                return
            batch, stop = taken
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
