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


def _gatherer(q: ScriptedQueue, delay: float, clock: Clock, max_batch: int = 100) -> Gatherer[Any]:
    return Gatherer(q, delay, max_batch, clock=clock)  # type: ignore[arg-type]


def test_a_quiet_writer_commits_at_once_and_a_busy_one_waits_for_more() -> None:
    clock = Clock()
    q = ScriptedQueue(ready=["a"], late=["b"])
    g = _gatherer(q, 0.002, clock)
    # nothing has arrived before: no wait, the late move is left for the next commit
    assert g.next_batch() == (["a"], False)
    assert q.timeouts == [] and (g.waited, g.at_once) == (0, 1)
    # moves every 0.5 ms for a while: the rate passes one a delay, and the writer waits
    for _ in range(30):
        clock.now += 0.0005
        q.ready.append("x")
        g.next_batch()
    assert g.rate * g.delay >= 1
    clock.now += 0.0005
    q.ready, q.late = ["c"], ["d", "e"]
    assert g.next_batch() == (["c", "d", "e"], False)
    assert q.timeouts and all(0 < t <= 0.002 for t in q.timeouts)
    assert g.waited >= 1


def test_after_a_silence_the_first_move_does_not_wait() -> None:
    clock = Clock()
    q = ScriptedQueue(ready=[], late=[])
    g = _gatherer(q, 0.002, clock)
    for _ in range(30):
        clock.now += 0.0002
        q.ready.append("x")
        g.next_batch()
    assert g.rate > 1000
    clock.now += 1.0  # a second without a move
    q.ready, q.late = ["a"], ["b"]
    waited = g.waited
    assert g.next_batch() == (["a"], False)
    assert g.waited == waited  # taken at once


def test_the_wait_ends_at_the_batch_limit_and_at_a_stop() -> None:
    clock = Clock()
    q = ScriptedQueue(ready=[], late=[])
    g = _gatherer(q, 0.002, clock, max_batch=3)
    g.rate = 10_000.0
    q.ready, q.late = ["a"], ["b", "c", "d"]
    assert g.next_batch() == (["a", "b", "c"], False)  # full: no longer wait for "d"
    g.rate = 10_000.0
    q.ready, q.late = ["d"], [None, "e"]
    assert g.next_batch() == (["d"], True)  # the writer stops after this commit
    q.ready, q.late = [None], []
    assert g.next_batch() is None


def test_no_delay_never_waits() -> None:
    clock = Clock()
    q = ScriptedQueue(ready=[], late=[])
    g = _gatherer(q, 0.0, clock)
    g.rate = 1e9
    q.ready, q.late = ["a"], ["b"]
    assert g.next_batch() == (["a"], False)
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
