"""Several server processes on one database: each hears of the others' moves, lobby changes and connections.

A move another process stored is applied here as the store holds it (:meth:`~hustings.table.core.Table.
apply_stored`; a table that cannot catch up is replayed afresh); a lobby change (a join, the start, a rematch, a
game given up) is read back; every ``presence_s`` a heartbeat tells the database which seats this process holds
connections of, and learns which seats of its tables the others hold (:mod:`hustings.server.presence`). A
one-process store (SQLite) never calls back, and none of this runs.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from hustings.server.live import HubBase, LiveTable, build, replace_record

log = logging.getLogger("hustings.server")

#: with a shared database (several processes): seconds between two heartbeats of who is connected where, at most
#: (a third of the grace period when that is shorter, so another process hears of a connection before a
#: person's grace runs out); a process not heard from for PRESENCE_MISSES heartbeats holds nobody
PRESENCE_S, PRESENCE_MISSES = 5.0, 3
#: how old a presence row may be and still count: the same for every process whatever its grace period
PRESENCE_TTL_S = PRESENCE_S * PRESENCE_MISSES


class Cluster(HubBase):
    """The hub's part that keeps this process in step with the others on the same database."""

    _loading: dict[str, asyncio.Future[LiveTable]]
    _missed: dict[str, int]
    presence_s: float
    _lobby_refreshing: bool

    def _in_loop(self, fn: Callable[..., None], *args: Any) -> None:
        """From a store's listener thread: run ``fn(*args)`` on the event loop."""
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(fn, *args)

    def _on_remote_change(self, table_id: str, steps: int) -> None:
        """From the store's listener thread: another process changed a table's actions."""
        self._in_loop(self._remote_change, table_id, steps)

    def _remote_change(self, table_id: str, steps: int) -> None:
        # on the loop, so that "loaded or loading" cannot change while we look
        if table_id in self.tables:
            self._spawn(self._catch_up(table_id, steps))
        elif table_id in self._loading:
            self._missed[table_id] = steps

    async def _catch_up(self, table_id: str, steps: int) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if table.state.step_count == steps:
                return
            if steps > table.state.step_count:
                try:
                    await self._apply_stored(table)
                    return
                except Exception as e:  # anything odd: replay from scratch
                    log.warning("table %s: catching up failed (%s); replaying", table_id, e)
            await self._rebuild(table)

    async def _apply_stored(self, table: LiveTable) -> None:
        new = await self._db(self.store.actions, table.id, table.state.step_count)
        record = await self._db(self.store.table, table.id)
        if table.status == "lobby" and record.status != "lobby":
            self._begin(table, dict(record.settings))  # started through another process, whose move came first
        table.core.apply_stored(new)  # made through another process, by whom its log says (stand-ins marked)
        table.record = record
        self._broadcast(table)
        self._schedule(table)
        if table.status == "over":
            self._evict_later(table)  # finished through another process

    async def _cluster_sync(self) -> None:
        """Every ``presence_s``: tell the database which seats this process holds connections of, learn which seats
        of our tables other processes hold, and re-read the lobby tables (lost hints, processes that died)."""
        while True:
            try:
                await self._sync_once()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("presence heartbeat failed: %s", e)
            await asyncio.sleep(self.presence_s)

    async def _sync_once(self) -> None:
        tables = [t for t in self.tables.values() if t.status != "over"]
        held = sorted({(t.id, c.seat) for t in self.tables.values() for c in t.conns if c.seat is not None})
        remote = await self._db(self.store.refresh_presence, held, [t.id for t in tables], PRESENCE_TTL_S)
        for table in tables:
            if self.tables.get(table.id) is table:
                self._set_remote(table, remote.get(table.id, set()))
        # the lobby tables someone here is looking at, in case a hint was lost (the others are read afresh where it
        # matters: a start re-reads its seats); every lobby table at every beat was a burst of reads that stalled
        # the moves on a busy server
        lobby = [t for t in tables if t.status == "lobby" and t.conns]
        if lobby and not self._lobby_refreshing:  # beside the heartbeat, never holding up the next one
            self._lobby_refreshing = True
            self._spawn(self._refresh_lobbies(lobby))

    async def _refresh_lobbies(self, tables: list[LiveTable]) -> None:
        try:
            await asyncio.gather(*(self._quietly(functools.partial(self._refresh_lobby, t), t.id) for t in tables))
        finally:
            self._lobby_refreshing = False

    async def _quietly(self, work: Callable[[], Coroutine[Any, Any, None]], table_id: str) -> None:
        """A background look at the database (a hint, a heartbeat's re-read): a failure is logged, and the next
        heartbeat tries again. ``work`` makes its coroutine only once this task runs: a hint that arrives as the
        server stops is cancelled before it starts, and leaves no coroutine that was never awaited."""
        try:
            await work()
        except asyncio.CancelledError:
            raise
        except Exception as e:
            if not self._stopping:
                log.warning("table %s: not re-read from the database: %s", table_id, e)

    def _on_lobby_hint(self, table_id: str, kind: str) -> None:
        """From the store's listener thread: another process changed a table's lobby ("l"), presence ("p") or chat
        ("c")."""
        self._in_loop(self._lobby_hint, table_id, kind)

    def _lobby_hint(self, table_id: str, kind: str) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return  # not held here: read afresh when it is loaded
        work = (self._refresh_lobby if kind == "l" else self._chat_refresh if kind == "c" else self._refresh_presence)
        self._spawn(self._quietly(functools.partial(work, table), table_id))

    async def _refresh_presence(self, table: LiveTable) -> None:
        remote = await self._db(self.store.presence, [table.id], PRESENCE_TTL_S)
        if self.tables.get(table.id) is table:
            self._set_remote(table, remote.get(table.id, set()))

    async def _refresh_lobby(self, table: LiveTable) -> None:
        """Re-read the table's seats and settings from the database: another process may have changed them (a
        join, a ready, the start, a rematch named)."""
        async with table.lock:  # read under the lock: a read older than a change made here must not undo it
            if self.tables.get(table.id) is not table:
                return
            # tables(ids=...), not table(): a PostgreSQL store watches a table read by table() and has the
            # reconciler report it, which would have every table started here caught up once more
            records, seats, secrets = await asyncio.gather(self._db(self.store.tables, ids=[table.id]),
                                                           self._db(self.store.seats, table.id),
                                                           self._db(self.store.seat_secrets, table.id))
            if not records:
                return
            record = records[0]
            changed = seats != table.seats
            table.seats = list(seats)
            # a seat claimed or taken back through another process: the connections here whose secret died go
            live = {x.hash for x in secrets if x.kind == "seat"}
            dead = [c for c in table.conns if c.secret is not None and c.secret not in live]
            table.secrets_changed += 1  # a hello that looked its secret up before this read looks again
            for conn in dead:
                self._drop(table, conn, "seat_revoked" if not table.seats[conn.seat or 0].joined else "seat_claimed")
            told = table.record.settings.get("revoked") or []
            for entry in record.settings.get("revoked") or []:
                if entry not in told:  # taken back through another process
                    self._tell_revoked(table, int(entry["seat"]))
            if record.status == "playing" and table.status == "lobby":
                bots = [s.get("bot") for s in record.settings.get("seats") or []]
                if bots != list(table.core.seat_names):  # bots took seats before the start (a rematch's leavers)
                    table.record = replace_record(table.record, settings=dict(record.settings))
                    table.core = build(table.record, table.seats, (), self.store, self.grace_s).core
                self._begin(table, dict(record.settings))  # started through another process
                changed = True
            elif record.status == "over" and table.status == "playing" and "given_up" in record.settings:
                self._end_given_up(table, dict(record.settings))  # given up through another process
                changed = True
            elif record.settings != table.record.settings:
                table.record = replace_record(table.record, settings=dict(record.settings))
                changed = True
        if changed:
            self._push_table(table)


__all__ = ["PRESENCE_MISSES", "PRESENCE_S", "PRESENCE_TTL_S", "Cluster"]
