"""Where a server's bots think, so that no client can stall another's game through them (issue 23, point 2).

Two kinds of bot decision, kept apart:

- **Searches** (``ismcts:*`` bots) take up to a second or more of CPU each. They think in worker *processes*
  (:class:`Searches`: a :class:`concurrent.futures.ProcessPoolExecutor` of ``Limits.search_workers`` processes,
  niced, so they never hold the server's GIL nor take a core from the event loop while it has work). What goes to a
  worker is the game's record (game, options, seed, actions: a few KB, a replay of a few ms in the worker) and the
  bot's name, seat and seed for that move; a copy of the state would be ten times larger to send (and the largest
  games' states do not even pickle within the recursion limit). A priority queue stands in front of the workers:
  a table with people before a table of bots only, and a table whose searches used more than
  ``Limits.search_table_s_per_minute`` of the last minute after every table within its budget (it waits its turn;
  it never idles a worker nor starves the others). Each search stops at ``Limits.search_move_s``
  (:attr:`hustings.bots.ismcts.IsmctsBot.deadline_s`). A table of bots only asks only while someone watches it
  (a request made before the last watcher left is dropped when its turn comes).
- **Cheap bots** (random, heuristic) and every stand-in for an absent person decide in a few milliseconds at most:
  in a thread pool of their own (the hub's ``executor``), never behind a search; a random bot inline.

Bot decisions never run on the event loop (bar a random bot's pick, a few microseconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import sys
import time
import types
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import hustings
from hustings.bots.ismcts import IsmctsBot
from hustings.bots.registry import make_bot
from hustings.bots.runner import ask
from hustings.server.limits import Limits

log = logging.getLogger("hustings.server")

#: the niceness search workers add to their own (Unix): a search yields the CPU to the server's event loop
SEARCH_NICE = 10
#: the window over which a table's thinking time is counted against Limits.search_table_s_per_minute
BUDGET_WINDOW_S = 60.0
#: seconds a search may take beyond Limits.search_move_s before the server stops waiting for it (a worker's start,
#: the replay): then the seat plays as when its bot fails, and the worker is counted busy until it is done
SEARCH_SLACK_S = 10.0


@dataclass(frozen=True)
class SearchJob:
    """One search bot's decision, as sent to a worker process: all plain data (a few KB)."""

    #: the game's record (hustings.GameState.record: game, rules and engine versions, options, seed, actions)
    record: Mapping[str, Any]
    seat: int
    #: the bot's name (``ismcts:hard``) and its seed for this move (derived one way from the game's seed)
    bot: str
    seed: int
    #: the longest the search may take (Limits.search_move_s)
    move_s: float


def think_search(job: SearchJob) -> tuple[int, float]:
    """In a worker: replay the game, let the bot decide from what the seat may see; the action's id and the
    seconds the decision took (replay included)."""
    started = time.perf_counter()
    state = hustings.replay(job.record)
    bot = make_bot(job.bot, state.GAME_ID, job.seed, clock=True)
    if isinstance(bot, IsmctsBot):
        bot.seconds = min(bot.seconds or job.move_s, job.move_s)
        bot.deadline_s = job.move_s
    action = ask(bot, state, job.seat, state.legal_actions(job.seat))
    return action.id, time.perf_counter() - started


@contextlib.contextmanager
def _plain_main() -> Iterator[None]:
    """While workers start: a spawned process runs the parent's main script again unless it is guarded by
    ``if __name__ == "__main__"`` (a launcher that calls ``main()`` outright would start a second server in each
    worker). The workers need nothing of it (they import what a search needs), so they are shown none."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def _worker_start() -> None:
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: the worker runs at the server's priority
            os.nice(SEARCH_NICE)


@dataclass(order=True)
class _Request:
    key: tuple[bool, bool, int]
    job: SearchJob = field(compare=False)
    table: str = field(compare=False)
    future: asyncio.Future[tuple[int, float] | None] = field(compare=False)
    wanted: Callable[[], bool] | None = field(compare=False)


class Searches:
    """The search bots' workers and the queue in front of them (see the module's docstring). ``limits`` sets the
    number of worker processes (0: one thread of this process, for tests and machines without processes to
    spare), the bound per move and the budget per table."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.workers = max(1, limits.search_workers)
        self._pool: Executor | None = None
        self._starting: asyncio.Future[Executor] | None = None
        self._queue: list[_Request] = []
        self._seq = itertools.count()
        self._running = 0
        #: table id -> (when each of its recent searches ended, seconds it took), for the per-table budget
        self._used: dict[str, deque[tuple[float, float]]] = {}
        self._closed = False
        self._tasks: set[asyncio.Task[None]] = set()

    def _start(self) -> Executor:
        """The workers, started (in a thread: starting a process takes the caller tens of milliseconds, and the
        event loop has tables to serve meanwhile)."""
        if self.limits.search_workers <= 0:
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix="hustings-search")
        # spawn: a fork of a process with threads (the event loop's, the store's) may copy a held lock
        pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_worker_start)
        with _plain_main():
            for _ in range(self.workers):  # each submit while none is idle starts one more worker: all of them now
                pool.submit(int)
        return pool

    async def _executor(self) -> Executor:
        if self._pool is None:
            if self._starting is None:
                self._starting = asyncio.ensure_future(asyncio.to_thread(self._start))
            pool = await asyncio.shield(self._starting)
            if self._pool is None:
                self._pool = pool
        return self._pool

    def used(self, table: str, now: float | None = None) -> float:
        """Seconds of thinking ``table``'s searches took in the last minute."""
        spent = self._used.get(table)
        if not spent:
            return 0.0
        now = time.monotonic() if now is None else now
        while spent and spent[0][0] < now - BUDGET_WINDOW_S:
            spent.popleft()
        if not spent:
            del self._used[table]
            return 0.0
        return sum(s for _, s in spent)

    @property
    def waiting(self) -> int:
        return len(self._queue)

    async def think(self, table: str, job: SearchJob, *, people: bool,
                    wanted: Callable[[], bool] | None = None) -> tuple[int, float] | None:
        """The search's answer (the action's id, the seconds it took) once a worker is free and it is this
        request's turn; None when ``wanted()`` no longer holds at its turn (nobody watches the table any more).
        ``people``: the table has people at it (it goes first). Raises what the search raised, TimeoutError when
        it ran past the bound per move and the slack."""
        loop = asyncio.get_running_loop()
        over = self.used(table) >= self.limits.search_table_s_per_minute
        request = _Request((over, not people, next(self._seq)), job, table, loop.create_future(), wanted)
        if self._pool is None:
            await self._executor()
        heapq.heappush(self._queue, request)
        self._pump()
        return await request.future

    def _pump(self) -> None:
        if self._pool is None:
            if self._queue and not self._closed and self._starting is None:
                task = asyncio.ensure_future(self._restart())
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            return
        while self._queue and self._running < self.workers and not self._closed:
            request = heapq.heappop(self._queue)
            if request.future.done():  # its table's bots were stopped meanwhile
                continue
            if request.wanted is not None and not request.wanted():
                request.future.set_result(None)
                continue
            self._run(request)

    def _run(self, request: _Request) -> None:
        loop = asyncio.get_running_loop()
        self._running += 1
        started = time.monotonic()
        pool = self._pool
        assert pool is not None  # started before anything was queued
        try:
            work: Future[tuple[int, float]] = pool.submit(think_search, request.job)
        except Exception as e:  # the pool is shut down, or broken (a worker died): a new one for the next search
            self._running -= 1
            request.future.set_exception(e)
            self._broken(e, pool)
            return
        timer = loop.call_later(request.job.move_s + SEARCH_SLACK_S, self._late, request)

        def finished(done: Future[tuple[int, float]]) -> None:
            # on the event loop: the worker is free again
            timer.cancel()
            self._running -= 1
            self._used.setdefault(request.table, deque()).append((time.monotonic(), time.monotonic() - started))
            if len(self._used) > 1000:  # tables that stopped asking: their counts are forgotten after a minute
                for table in list(self._used):
                    self.used(table)
            if not request.future.done():
                exc = done.exception() if not done.cancelled() else asyncio.CancelledError()
                if exc is not None:
                    request.future.set_exception(exc)
                    self._broken(exc, pool)
                else:
                    request.future.set_result(done.result())
            self._pump()

        def call_back(done: Future[tuple[int, float]]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed first (the server stopped)
                loop.call_soon_threadsafe(finished, done)

        work.add_done_callback(call_back)

    def _broken(self, e: BaseException, pool: Executor) -> None:
        """A worker died (killed, out of memory): the pool is of no more use; a new one serves what waits."""
        if isinstance(e, BrokenExecutor) and not self._closed and self._pool is pool:
            log.error("the search workers failed (%s): starting them again", e)
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._starting = None

    async def _restart(self) -> None:
        await self._executor()
        self._pump()

    def _late(self, request: _Request) -> None:
        if not request.future.done():
            request.future.set_exception(TimeoutError(f"the search ran past {request.job.move_s:.1f} s"))

    def close(self) -> None:
        self._closed = True
        if self._starting is not None and self._pool is None:  # still starting: shut down once started
            self._starting.add_done_callback(
                lambda f: f.result().shutdown(wait=False, cancel_futures=True) if not f.cancelled()
                and f.exception() is None else None)
        for request in self._queue:
            if not request.future.done():
                request.future.cancel()
        self._queue.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["SEARCH_NICE", "SearchJob", "Searches", "think_search"]
