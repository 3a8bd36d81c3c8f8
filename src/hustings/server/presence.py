"""Presence: which people are at their seats, here or through another server process.

A person's seat nobody plays any more (their last connection went, or the game started without them) is told to
the table core (:meth:`~hustings.table.core.Table.seat_left`), which lets a stand-in play it once the grace period
has passed; the hub's one timer per table wakes when that, or a clock, runs out. With a shared database, this
process writes which seats it holds connections of (one write at a time per seat, each saying what holds when it
runs), and learns those other processes hold from the cluster sync (:mod:`hustings.server.cluster`).
"""

from __future__ import annotations

import logging

from hustings.server.live import HubBase, LiveTable

log = logging.getLogger("hustings.server")


class Presence(HubBase):
    """The hub's part that knows who is at the table."""

    _presence_busy: set[tuple[str, int]]
    _presence_again: set[tuple[str, int]]

    def _start_graces(self, table: LiveTable) -> None:
        """A grace period for every person's seat nobody is connected to (the game started, or this process did)."""
        for p in table.humans():
            if not table.connected(p):
                table.core.seat_left(p)

    def _seat_is_back(self, table: LiveTable, seat: int) -> bool:
        """Someone plays ``seat`` again: its grace period ends, and no stand-in plays it; True if one did."""
        return table.core.seat_back(seat)

    def _start_grace(self, table: LiveTable, seat: int) -> None:
        if table.core.seat_names[seat] is not None or self._loop is None:
            return
        table.core.seat_left(seat)
        self._schedule(table)  # the table's timer wakes when the grace period is over

    def _set_remote(self, table: LiveTable, seats: set[int]) -> None:
        """The seats other processes hold connections of are now ``seats``."""
        if seats == table.remote:
            return
        came, left = seats - table.remote, table.remote - seats
        table.remote = set(seats)
        for seat in came:  # a person connected elsewhere plays their own seat: no stand-in for them from here
            self._seat_is_back(table, seat)
        if table.status == "playing":
            for seat in left:
                if not table.connected(seat):
                    self._start_grace(table, seat)
        self._push_table(table)
        self._schedule(table)

    def _presence_changed(self, table: LiveTable, seat: int) -> None:
        """This process's first connection of ``seat`` came, or its last one went: tell the database. One write
        at a time per seat, each saying what holds when it runs, so a quick leave-and-return is never stored in
        the wrong order."""
        key = (table.id, seat)
        if key in self._presence_busy:
            self._presence_again.add(key)
            return
        self._presence_busy.add(key)
        self._spawn(self._write_presence(table, seat))

    async def _write_presence(self, table: LiveTable, seat: int) -> None:
        key = (table.id, seat)
        try:
            while True:
                self._presence_again.discard(key)
                await self._db(self.store.set_presence, table.id, seat, table.here(seat))
                if key not in self._presence_again:
                    return
        except Exception as e:  # a hint (the next heartbeat says it again); the store may be closing
            if not self._stopping:
                log.warning("table %s: presence of seat %d not stored: %s", table.id, seat, e)
        finally:
            self._presence_busy.discard(key)
            self._presence_again.discard(key)


__all__ = ["Presence"]
