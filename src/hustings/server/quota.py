"""Per-client limits of the lobby (issue 23, points 2 and 5): how fast one client may create tables, and how many
tables of bots only it may have in play at once.

A client is :func:`hustings.server.limits.client_key` of the HTTP peer (one IPv4 address; an IPv6 /64). Both
limits are kept in memory with bounded size: a client's creation rate is a token bucket (``creates_per_minute``
on average, ``create_burst`` at once), and a bucket that has filled up again is the same as none, so it is
forgotten. A table of bots only remembers its creator as a one-way tag in its settings (``by``), never the
address itself: at most ``bot_tables_per_client`` of a client's tables of bots only play at once (a table of bots
only plays while someone watches it; one watched beyond the limit waits), and while that many play, the client
cannot create another.
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict

#: buckets kept at most; past it, full buckets are forgotten, then the longest unused
MAX_BUCKETS = 50_000


def creator_tag(client: str) -> str:
    """What a table stores of the client that created it: enough to count a client's tables, not its address."""
    return hashlib.blake2b(client.encode("utf-8", "replace"), digest_size=9, person=b"hustings-client").hexdigest()


class CreateRate:
    """A token bucket per client: ``per_minute`` tables a minute on average, ``burst`` at once."""

    def __init__(self, per_minute: float, burst: int, max_buckets: int = MAX_BUCKETS) -> None:
        self.rate = max(0.0, per_minute) / 60.0
        self.burst = max(1, burst)
        self.max_buckets = max_buckets
        #: client -> (tokens, when counted): the least recently used first
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str, now: float | None = None) -> float:
        """Take one creation for ``client``: 0.0 if it may create a table now, else the seconds until it may."""
        now = time.monotonic() if now is None else now
        tokens, at = self._buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        if tokens >= 1.0:
            self._buckets[client] = (tokens - 1.0, now)
            self._bound(now)
            return 0.0
        self._buckets[client] = (tokens, now)
        return (1.0 - tokens) / self.rate if self.rate > 0 else float("inf")

    def _bound(self, now: float) -> None:
        if len(self._buckets) <= self.max_buckets:
            return
        # a bucket that has filled up again is no different from a client never seen
        for client, (tokens, at) in list(self._buckets.items()):
            if tokens + (now - at) * self.rate >= self.burst:
                del self._buckets[client]
        while len(self._buckets) > self.max_buckets:  # all busy: the longest unused goes (it starts full again)
            self._buckets.popitem(last=False)

    def __len__(self) -> int:
        return len(self._buckets)


class BotTables:
    """Each client's tables of bots only that are playing now (watched, not over), by creator tag
    (:func:`creator_tag`), at most ``limit`` each; and the ones held back, watched while their creator's others
    played, which play once one of those stops."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._by: dict[str, set[str]] = {}
        self._of: dict[str, str] = {}
        self._held: dict[str, set[str]] = {}

    def play(self, tag: str, table: str) -> bool:
        """May ``table`` (of creator ``tag``) play now: it plays already, or its creator has room for it (it counts
        from now); else it is held until :meth:`drop` frees a place."""
        if self._of.get(table) == tag:
            return True
        tables = self._by.setdefault(tag, set())
        if len(tables) >= self.limit:
            if not tables:
                del self._by[tag]
            self._held.setdefault(tag, set()).add(table)
            return False
        tables.add(table)
        self._of[table] = tag
        return True

    def drop(self, table: str) -> set[str]:
        """``table`` stops playing (nobody watches it, or it is over): the tables its creator had held back, to
        be asked again."""
        tag = self._of.pop(table, None)
        if tag is None:
            return set()
        tables = self._by.get(tag)
        if tables is not None:
            tables.discard(table)
            if not tables:
                del self._by[tag]
        held = self._held.pop(tag, set())
        held.discard(table)
        return held

    def playing(self, tag: str) -> int:
        return len(self._by.get(tag, ()))

    def full(self, tag: str) -> bool:
        return self.playing(tag) >= self.limit


__all__ = ["MAX_BUCKETS", "BotTables", "CreateRate", "creator_tag"]
