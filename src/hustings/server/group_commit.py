"""Group commit's short wait: a store's writer thread, about to commit, may wait a moment for more moves to join
the same commit (PostgreSQL's ``commit_delay``, for one writer). Every commit of the SQLite store is a flush to disk
and, at a dozen busy tables, each held 1.6 moves: the wait put about four in a commit and took a sixth of the
server's CPU a move off (the flushes, the pages written, the thread hand-offs and the event loop's wake-ups),
for 2 to 4 ms more per move. It waits only while moves arrive faster than one per delay from more than one table
(a table's next move waits for this one's answer, so a lone busy table would only be slowed), so that a quiet
server, or one table of bots playing fast, commits every move at once."""

from __future__ import annotations

import math
import queue
import time
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from hustings.table.storage import StoreError

T = TypeVar("T")

#: seconds a commit may wait for more moves, by default (``hustings serve --commit-delay-ms``)
COMMIT_DELAY_S = 0.002

#: the longest wait a server may be given: every move waits up to it, and a move's answer is expected in tens of ms
MAX_COMMIT_DELAY_S = 0.05

#: weight of the newest batch in the arrival rate (an exponential average over roughly the last five commits)
_RATE_WEIGHT = 0.2

#: seconds without a batch after which the arrival rate is measured afresh
_SILENCE_S = 0.25

#: seconds over which the tables that moved are counted (the writer waits only while there were two or more)
_SOURCES_S = 0.05


def check_commit_delay(seconds: object) -> float:
    """``seconds`` as a commit delay, or StoreError naming what is wrong (0 turns the wait off)."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise StoreError(f"the commit delay must be a number of seconds, not {str(seconds)[:20]!r}")
    if not 0 <= seconds <= MAX_COMMIT_DELAY_S:
        raise StoreError(f"the commit delay must be 0 to {MAX_COMMIT_DELAY_S * 1000:g} ms, not {seconds * 1000:g} ms")
    return float(seconds)


class Gatherer(Generic[T]):
    """Takes a writer's next batch from its queue: every item waiting, and, while moves have been arriving faster
    than one per ``delay`` from two sources or more (``source``: a move's table), what arrives within ``delay`` of
    the first, up to ``max_batch`` items. ``None`` in the queue asks the writer to stop after this batch."""

    def __init__(self, pending: queue.SimpleQueue[T | None], delay: float, max_batch: int,
                 source: Callable[[T], Hashable], clock: Callable[[], float] = time.monotonic) -> None:
        self.pending = pending
        self.delay = check_commit_delay(delay)
        self.max_batch = max_batch
        #: where a move comes from (its table)
        self.source = source
        self.clock = clock
        #: moves a second, averaged over the latest batches
        self.rate = 0.0
        self._last = clock()
        #: the tables that moved in this span of _SOURCES_S, and how many moved in the span before it
        self._sources: set[Hashable] = set()
        self._sources_since = self._last
        self.sources = 0
        #: batches that waited for more, and those that did not (for tests and the load benchmark)
        self.waited = 0
        self.at_once = 0

    def next_batch(self) -> tuple[list[T], bool] | None:
        """The next batch and whether the writer stops after it; None when it must stop now (nothing to commit)."""
        first = self.pending.get()
        if first is None:
            return None
        batch = [first]
        stop = False
        now = self.clock()
        # the rate over the time since the previous batch was taken; after a silence it starts afresh, so that the
        # first move after a busy spell does not wait
        elapsed = max(now - self._last, 1e-6)
        self._last = now
        silence = elapsed > _SILENCE_S
        if silence:
            self.rate = 0.0
        if now - self._sources_since > _SOURCES_S:
            # the span just ended counts, unless it ended long ago
            self.sources = len(self._sources) if now - self._sources_since <= 2 * _SOURCES_S else 0
            self._sources_since = now
            self._sources.clear()
        # at least one more move expected within the delay, from another table than this one
        wait = (self.delay > 0 and self.rate * self.delay >= 1.0
                and max(self.sources, len(self._sources)) >= 2)
        deadline = now + self.delay
        get_nowait = self.pending.get_nowait
        while len(batch) < self.max_batch:
            try:
                if wait:
                    left = deadline - self.clock()
                    more = self.pending.get(timeout=left) if left > 0 else get_nowait()
                else:
                    more = get_nowait()
            except queue.Empty:
                break
            if more is None:
                stop = True
                break
            batch.append(more)
        if wait:
            self.waited += 1
        else:
            self.at_once += 1
        self.rate += (1.0 if silence else _RATE_WEIGHT) * (len(batch) / elapsed - self.rate)
        source, sources = self.source, self._sources
        for item in batch:
            sources.add(source(item))
        return batch, stop
