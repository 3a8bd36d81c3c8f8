"""Group commit's short wait (hustings.server.group_commit): a writer waits for more moves only while they arrive
faster than one per delay, never on a quiet server; the delay is bounded; a store that waits still stores and
answers every move as before."""

from __future__ import annotations

import math
import queue
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hustings.server.group_commit import COMMIT_DELAY_S, MAX_COMMIT_DELAY_S, Gatherer, check_commit_delay
from hustings.server.sqlite import SqliteStore
from hustings.server.store import SeatRecord, StoreError, TableRecord, open_store


class ScriptedQueue:
    """A queue whose items are there at once (``ready``) or only for a caller that waits (``late``): what a writer
    that waits gets and one that does not, without timing anything."""

    def __init__(self, ready: list[Any], late: list[Any]) -> None:
        self.ready, self.late = list(ready), list(late)
        self.timeouts: list[float] = []

    def get(self, timeout: float | None = None) -> Any:
        if timeout is None:
            return self.ready.pop(0)
        self.timeouts.append(timeout)
        if self.ready:
            return self.ready.pop(0)
        if self.late:
            return self.late.pop(0)
        raise queue.Empty

    def get_nowait(self) -> Any:
        if self.ready:
            return self.ready.pop(0)
        raise queue.Empty


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _table_of(item: str) -> str:
    """The test's moves are named "<table>/<anything>"."""
    return item.split("/")[0]


def _gatherer(q: ScriptedQueue, delay: float, clock: Clock, max_batch: int = 100) -> Gatherer[Any]:
    return Gatherer(q, delay, max_batch, _table_of, clock=clock)  # type: ignore[arg-type]


def _busy(g: Gatherer[Any], q: ScriptedQueue, clock: Clock, gap: float, tables: int, batches: int = 30) -> None:
    """Batches of one move every ``gap`` seconds, from ``tables`` tables in turn."""
    for k in range(batches):
        clock.now += gap
        q.ready.append(f"t{k % tables}/x")
        g.next_batch()


def test_a_quiet_writer_commits_at_once_and_a_busy_one_waits_for_more() -> None:
    clock = Clock()
    q = ScriptedQueue(ready=["t1/a"], late=["t2/b"])
    g = _gatherer(q, 0.002, clock)
    # nothing has arrived before: no wait, the late move is left for the next commit
    assert g.next_batch() == (["t1/a"], False)
    assert q.timeouts == [] and (g.waited, g.at_once) == (0, 1)
    # moves of three tables every 0.5 ms for a while: the rate passes one a delay, and the writer waits
    _busy(g, q, clock, 0.0005, tables=3)
    assert g.rate * g.delay >= 1
    clock.now += 0.0005
    q.ready, q.late = ["t1/c"], ["t2/d", "t3/e"]
    assert g.next_batch() == (["t1/c", "t2/d", "t3/e"], False)
    assert q.timeouts and all(0 < t <= 0.002 for t in q.timeouts)
    assert g.waited >= 1


def test_after_a_silence_the_first_move_does_not_wait() -> None:
    clock = Clock()
    q = ScriptedQueue(ready=[], late=[])
    g = _gatherer(q, 0.002, clock)
    _busy(g, q, clock, 0.0002, tables=4)
    assert g.rate > 1000 and g.waited > 0
    clock.now += 1.0  # a second without a move
    q.ready, q.late = ["t1/a"], ["t2/b"]
    waited = g.waited
    assert g.next_batch() == (["t1/a"], False)
    assert g.waited == waited  # taken at once


def test_one_table_moving_fast_never_waits() -> None:
    """A table's next move waits for this one's answer: waiting for it would only slow that table down."""
    clock = Clock()
    q = ScriptedQueue(ready=[], late=[])
    g = _gatherer(q, 0.002, clock)
    _busy(g, q, clock, 0.0002, tables=1, batches=100)
    assert g.rate > 1000
    q.ready, q.late = ["t1/a"], ["t1/b"]
    assert g.next_batch() == (["t1/a"], False)
    assert q.timeouts == [] and g.waited == 0


def test_the_wait_ends_at_the_batch_limit_and_at_a_stop() -> None:
    clock = Clock()
    q = ScriptedQueue(ready=[], late=[])
    g = _gatherer(q, 0.002, clock, max_batch=3)
    _busy(g, q, clock, 0.0002, tables=2)
    q.ready, q.late = ["t1/a"], ["t2/b", "t1/c", "t2/d"]
    assert g.next_batch() == (["t1/a", "t2/b", "t1/c"], False)  # full: no longer wait for "d"
    q.ready, q.late = ["t2/d"], [None, "t1/e"]
    assert g.next_batch() == (["t2/d"], True)  # the writer stops after this commit
    q.ready, q.late = [None], []
    assert g.next_batch() is None


def test_no_delay_never_waits() -> None:
    clock = Clock()
    q = ScriptedQueue(ready=[], late=[])
    g = _gatherer(q, 0.0, clock)
    _busy(g, q, clock, 0.0002, tables=3)
    q.ready, q.late = ["t1/a"], ["t2/b"]
    assert g.next_batch() == (["t1/a"], False)
    assert q.timeouts == [] and g.waited == 0


@pytest.mark.parametrize("bad", [-0.001, MAX_COMMIT_DELAY_S * 1.01, math.nan, math.inf, True, "0.002", None])
def test_a_delay_out_of_bounds_is_refused_with_its_reason(bad: object) -> None:
    with pytest.raises(StoreError, match="commit delay"):
        check_commit_delay(bad)
    if bad is not None:  # None: open_store's default
        with pytest.raises(StoreError, match="commit delay"):
            open_store("sqlite:///:memory:", commit_delay=bad)  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="commit delay"):
        SqliteStore(":memory:", commit_delay=bad)  # type: ignore[arg-type]


def test_serve_refuses_a_delay_out_of_bounds() -> None:
    from hustings.cli import app

    for value in ("-1", "51", "nan"):
        res = CliRunner().invoke(app, ["serve", "--db", "sqlite:///nowhere/never.db", "--commit-delay-ms", value])
        assert res.exit_code == 2 and "--commit-delay-ms" in res.output, (value, res.output)
    assert COMMIT_DELAY_S * 1000 <= MAX_COMMIT_DELAY_S * 1000


def _table(tid: str) -> TableRecord:
    return TableRecord(id=tid, game="die-macher-2019", options={"players": 3, "variant": "standard"}, seed=12345,
                       rules_version="1", engine_version="0.2.0", rng="blake2b",
                       settings={"lang": "en", "seats": [{"bot": None, "name": ""}] * 3}, status="playing",
                       created_at=1.5)


def test_a_store_under_load_commits_several_moves_at_once_and_stores_them_all(tmp_path: Path) -> None:
    """Moves of 8 tables sent one a millisecond, as a busy server's: with a delay of 20 ms the writer waits once the
    rate is known, so commits hold several moves; every move is stored, in order, and a stale one still fails."""
    path = tmp_path / "s.db"
    store = SqliteStore(path, commit_delay=0.02)
    store.migrate()
    tables = [f"t{n}" for n in range(8)]
    for tid in tables:
        store.create_table(_table(tid), [SeatRecord(tid, p, f"{tid}-{p}") for p in range(3)])
    futures: list[Future[None]] = []
    for step in range(12):
        for n, tid in enumerate(tables):
            futures.append(store.submit_action(tid, step, step % 3, 10 * step + n, 1.0))
            time.sleep(0.001)
    stale = store.submit_action("t0", 0, 0, 1, 1.0)
    assert [f.exception(timeout=60) for f in futures] == [None] * len(futures)
    assert type(stale.exception(timeout=60)).__name__ == "StaleStep"
    gather = store.gatherer
    assert gather is not None and gather.waited >= 1
    assert store.group_moves == len(futures) and store.group_commits < len(futures) / 2
    store.close()
    again = SqliteStore(path)
    assert [[a.action for a in again.actions(tid)] for tid in tables] == [
        [10 * step + n for step in range(12)] for n in range(8)]
    again.close()
