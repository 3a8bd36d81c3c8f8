"""The tables a server process runs: one table core per table in memory, rebuilt from the store.

:class:`Hub` is the server without the web framework. Everything about a game (turn, step, legality, apply,
store, undo, giving up, clocks, who a bot or stand-in plays for) is the table core's
(:class:`hustings.table.core.Table`); the hub holds the cores in memory, serialises each table's requests under
its lock, runs the slow work (a durable commit, a bot's thinking, undo's replay) off the event loop, and tells
every connection what changed. Its parts, one job each: the lobby (:mod:`~hustings.server.lobby`), connections
and their messages (:mod:`~hustings.server.connections`), presence (:mod:`~hustings.server.presence`), several
processes on one database (:mod:`~hustings.server.cluster`); this module loads and drops tables and plays them.
The web layer (:mod:`hustings.server.app`) only turns HTTP requests and websocket frames into calls here.

Moves go to the store's writer as futures of the event loop (the store protocol's ``append_async``: group commit,
no thread waits per move, one call into the loop a commit); the store's other calls run in a pool of their own,
sized for many tables at once.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Mapping
from concurrent.futures import Executor
from typing import Any

from hustings.bots.random_bot import RandomBot
from hustings.engine import Action
from hustings.server import words as W
from hustings.server.chat import Chat
from hustings.server.cluster import PRESENCE_S, PRESENCE_TTL_S, Cluster
from hustings.server.connections import Conn, Connections, dumps, dumps_bytes
from hustings.server.i18n import CATALOG
from hustings.server.limits import Limits
from hustings.server.live import LiveTable, PendingAct, PlayError, TableRefused, build, refusal_of, replace_record
from hustings.server.lobby import LobbyError, token_hash
from hustings.server.notify import Notify, NotifySettings
from hustings.server.opentables import OpenTables
from hustings.server.presence import Presence
from hustings.server.quota import creator_tag
from hustings.server.rematch import Rematches
from hustings.server.store import ServerStore, StaleStep, StoreError, TableDamaged, TableNotFound, TableRecord, gap_of
from hustings.server.thinking import SearchJob
from hustings.table.core import BOT, PERSON, Applied, BotTurn, Mover, Refused, SaveError
from hustings.table.seeds import bot_seed

log = logging.getLogger("hustings.server")

#: seconds a finished table with no connection stays in memory (it is read back from the store when asked for)
EVICT_S = 60.0
#: seconds a table stays at the step after a person's move before the undo offer is worked out (a person needs
#: longer to reach for the Undo button; a busy table has moved on by then, and the offer with it)
OFFER_DELAY_S = 0.25
#: refusals of a bot's late decision: dropped without a word (the policy asks again)
_DROPPED = frozenset({"stale_step", "not_your_turn", "not_bot_turn", "illegal_action", "over"})
#: a search bot's seed for one move: its seat's seed mixed with the step (an odd 64-bit constant spreads steps)
_MIX, _SEED_MASK = 0x9E3779B97F4A7C15, (1 << 128) - 1


def _bots_only(record: TableRecord) -> bool:
    """A stored table at which every seat is a bot's."""
    seats = record.settings.get("seats")
    return isinstance(seats, list) and bool(seats) and all(isinstance(s, dict) and s.get("bot") for s in seats)


class Hub(Rematches, OpenTables, Connections, Presence, Cluster, Chat, Notify):
    """Every table of one server process. ``grace_s``: how long a person may be gone before a stand-in plays for
    them; ``executor``: where cheap bots and stand-ins think (default: a thread pool; search bots think in worker
    processes, :mod:`hustings.server.thinking`)."""

    def __init__(self, store: ServerStore, *, grace_s: float = 30.0, executor: Executor | None = None,
                 bot_threads: int = 4, store_threads: int = 32, limits: Limits | None = None,
                 notify: NotifySettings | None = None) -> None:
        super().__init__(store, grace_s=grace_s, executor=executor, bot_threads=bot_threads,
                         store_threads=store_threads, limits=limits)
        #: how people are told of their turn with the browser closed (hustings.server.notify)
        self.notify_settings = notify or NotifySettings()
        #: tables being rebuilt from the store: every request for one waits for the same load
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        #: tables another process changed while they were loading: caught up once loaded
        self._missed: dict[str, int] = {}
        self._lobby_lock = asyncio.Lock()
        self.presence_s = max(0.05, min(PRESENCE_S, grace_s / 3))
        self._sync_task: asyncio.Task[None] | None = None
        #: (table, seat) whose presence is being written / has changed again since that write began
        self._presence_busy: set[tuple[str, int]] = set()
        self._presence_again: set[tuple[str, int]] = set()
        self._lobby_refreshing = False
        #: damaged tables (table id -> what is wrong) this process has logged: each is said once, not per request
        self.damaged: dict[str, str] = {}
        self._sweep_task: asyncio.Task[None] | None = None
        #: where the lobby's housekeeping goes on (created_at, id of the last table it looked at)
        self._sweep_after: tuple[float, str] = (0.0, "")

    # -- starting and stopping ----------------------------------------------------------------------------

    async def open(self) -> None:
        """Rebuild every unfinished table by replay and let their bots and clocks run again."""
        self._loop = asyncio.get_running_loop()
        self.store.subscribe(self._on_remote_change)
        if self.store.shared:
            self.store.subscribe_lobby(self._on_lobby_hint)
        # the games in play; a table still in the lobby is read when someone asks for it. A damaged one (a row that
        # does not decode, a gap in its log) is said once and left out: every other table starts
        try:
            for table_id, what in (await self._db(self.store.damaged, status="playing")).items():
                self._damaged(TableDamaged(table_id, what))
        except StoreError as e:
            log.warning("damaged tables not looked for at start: %s", e)
        records = await self._db(self.store.tables, status="playing")
        loaded = []
        for record in records:
            if record.id in self.damaged:
                continue
            if _bots_only(record):
                continue  # nobody watches it yet: it stays paused in the store, read when someone asks for it
            try:
                loaded.append(await self._load(record.id))
            except TableRefused as e:  # another release's game: it stays in the store, untouched; said once here
                log.warning("%s", e)
            except TableDamaged:
                pass  # said by _load_now
            except Exception as e:  # a table that cannot be rebuilt must not keep the others from starting
                log.error("table %s cannot be rebuilt: %s", record.id, e)
        if self.store.shared and loaded:
            # who sits at another process, before any grace period starts (a restart must not send stand-ins
            # for people playing through the other processes)
            try:
                remote = await self._db(self.store.presence, [t.id for t in loaded], PRESENCE_TTL_S)
                for table in loaded:
                    table.remote = set(remote.get(table.id, ()))
            except StoreError as e:
                log.warning("presence not read at start: %s", e)
        for table in loaded:
            if table.status == "playing":
                self._start_graces(table)
                self._schedule(table)
        if self.store.shared:
            self._sync_task = asyncio.ensure_future(self._cluster_sync())
        if self.limits.unclaimed_ttl_s > 0:
            self._sweep_task = asyncio.ensure_future(self._sweep_loop())

    async def stop(self) -> None:
        self._stopping = True
        for task in (self._sync_task, self._sweep_task):
            if task is not None:
                task.cancel()
        for table in self.tables.values():
            if table.evict is not None:
                table.evict.cancel()
            if table.timer is not None:
                table.timer.cancel()
            if table.bot_task is not None:
                table.bot_task.cancel()
        self.searches.close()
        if self._own_executor:
            self.executor.shutdown(wait=False, cancel_futures=True)
        self.store_executor.shutdown(wait=False, cancel_futures=True)

    async def _load(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from the store by replay when it is not in memory. Requests for a table being
        loaded wait for that one load: two copies of a table would each miss the other's moves."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load_now(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        # shielded: one waiter cancelled (its connection closed) must not cancel the load the others wait for
        return await asyncio.shield(loading)

    async def _load_now(self, table_id: str) -> LiveTable:
        try:
            record = await self._db(self.store.table, table_id)
        except TableNotFound:
            self._missed.pop(table_id, None)
            raise PlayError("unknown_table", table=table_id[:40]) from None
        except TableDamaged as e:  # a row that does not decode
            self._missed.pop(table_id, None)
            raise self._damaged(e) from None
        refused = refusal_of(record)
        if refused is not None:  # before reading its actions: it is never replayed here
            self._missed.pop(table_id, None)
            raise refused
        seats, actions = await asyncio.gather(self._db(self.store.seats, table_id),
                                              self._db(self.store.actions, table_id, 0))
        if gap_of(record.steps, [a.step for a in actions[:record.steps]]) is not None:
            # the log lacks actions the table counts (or an undo, a move came between the two reads: read again)
            record = await self._db(self.store.table, table_id)
            actions = await self._db(self.store.actions, table_id, 0)
            gap = gap_of(record.steps, [a.step for a in actions])
            if gap is not None:
                self._missed.pop(table_id, None)
                raise self._damaged(TableDamaged(table_id, gap))
        try:
            table = await asyncio.to_thread(build, record, seats, actions, self.store, self.grace_s)
        except TableDamaged as e:
            self._missed.pop(table_id, None)
            raise self._damaged(e) from None
        self.damaged.pop(table_id, None)  # mended by hand since: served again
        table = self.tables.setdefault(table_id, table)
        self._evict_later(table)  # loaded for a look (a record, a list of tables): not kept for ever
        self._offer_loaded(table)  # a rematch offer open when it was stored: its deadline armed again
        missed = self._missed.pop(table_id, None)
        if missed is not None:  # another process moved while we read: catch up now, not at the next move
            self._spawn(self._catch_up(table_id, missed))
        return table

    def _damaged(self, damage: TableDamaged) -> TableDamaged:
        """A damaged table (its row, its log): said once in the log, naming it and what is wrong; every request for
        it is refused with ``damaged_table`` while every other table is served."""
        if damage.table_id not in self.damaged:
            self.damaged[damage.table_id] = damage.what
            log.error("table %s is damaged and not served (the others are; hustings db check lists it): %s",
                      damage.table_id, damage.what)
        return damage

    # -- the lobby's housekeeping -------------------------------------------------------------------------------

    #: tables looked at by one step of the sweep at most, and seconds between steps (a step that found a full batch
    #: goes on sooner: a backlog drains at a few thousand tables a minute, each step a short transaction)
    SWEEP_BATCH = 50
    SWEEP_S = 60.0
    SWEEP_BUSY_S = 1.0

    async def _sweep_loop(self) -> None:
        await asyncio.sleep(min(self.SWEEP_S, self.limits.unclaimed_ttl_s) * 0.1)  # not in the start's rush
        while not self._stopping:
            try:
                more = await self.sweep()
            except StoreError as e:
                log.warning("the lobby's housekeeping failed (tried again later): %s", e)
                more = False
            except Exception:  # a bug must not end the housekeeping for the life of the process
                log.exception("the lobby's housekeeping failed (tried again later)")
                more = False
            await asyncio.sleep(self.SWEEP_BUSY_S if more else min(self.SWEEP_S, self.limits.unclaimed_ttl_s))

    async def sweep(self, now: float | None = None) -> bool:
        """One bounded step of the lobby's housekeeping: tables at which nobody has claimed a seat for
        ``limits.unclaimed_ttl_s`` (and that their creator does not keep: ``kept_until``) are deleted from the store
        with their seats and actions, and from memory. True when there may be more to look at right away."""
        now = time.time() if now is None else now
        gone, after = await self._db(self.store.expire_unclaimed, now - self.limits.unclaimed_ttl_s, now,
                                     self.SWEEP_BATCH, self._sweep_after)
        self._sweep_after = after or (0.0, "")
        for table_id in gone:
            table = self.tables.pop(table_id, None)
            if table is not None:
                for handle in (table.evict, table.timer):
                    if handle is not None:
                        handle.cancel()
                for conn in list(table.conns):  # watchers of a table that is no more: told, as for any unknown id
                    conn.send(dumps({"type": "error", "code": "unknown_table",
                                     "message": CATALOG.text("server.error.unknown_table", conn.lang,
                                                             table=table_id[:40])}))
        if gone:
            log.info("lobby housekeeping: %d unclaimed table(s) expired", len(gone))
        return after is not None

    async def keep(self, table_id: str, until: float) -> None:
        """The creator keeps the table waiting for players until ``until`` (issue 25's public tables: the
        creator's page calls this while it is open); it does not expire before then."""
        await self._db(self.store.keep_table, table_id, until)
        table = self.tables.get(table_id)
        if table is not None:
            table.record = replace_record(table.record, kept_until=until)

    def _evict_later(self, table: LiveTable) -> None:
        """A finished table, or one still in the lobby, that nobody is connected to leaves memory after EVICT_S
        (the store holds all of it, and a hello, a lobby call, a record or a rematch loads it again); a server
        that runs for months must hold neither every game it ever served nor every table set up and forgotten."""
        if table.bots_only and not table.conns:
            self._stops_playing(table)  # its last watcher left (this is asked then)
        if (self._loop is None or self._stopping or table.evict is not None or table.conns
                or not self._idle(table)):
            return
        table.evict = self._loop.call_later(EVICT_S, self._evict, table)

    @staticmethod
    def _idle(table: LiveTable) -> bool:
        # finished, still in the lobby, or a table of bots only that nobody watches (paused: it goes on when
        # someone watches it again, read back from the store)
        return table.status in ("over", "lobby") or (table.status == "playing" and table.paused)

    def _evict(self, table: LiveTable) -> None:
        table.evict = None
        if table.conns or not self._idle(table):
            return  # watched again (the last connection to leave schedules the next try), or started
        if table.lock.locked() or (table.bot_task is not None and not table.bot_task.done()):
            self._evict_later(table)  # busy this moment (a record read, a rematch): try again later
            return
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if table.timer is not None:
            table.timer.cancel()

    # -- the per-client limits of the lobby (hustings.server.quota) ----------------------------------------------

    def _admit(self, client: str, lang: str) -> None:
        """``client`` may create a table now (its token bucket), else LobbyError too_many_tables (429)."""
        wait = self.create_rate.take(client)
        if wait > 0:
            seconds = max(1, math.ceil(min(wait, 24 * 3600.0)))
            words = CATALOG.text("server.limit.too_many_tables", lang, seconds=seconds)
            raise LobbyError("too_many_tables", words, 429, retry_after=seconds)

    def _admit_bots(self, client: str, lang: str) -> str:
        """``client`` may create a table of bots only (fewer than ``bot_tables_per_client`` of its tables of bots
        only play now): its creator's tag, to store with it; else LobbyError too_many_bot_tables (429)."""
        tag = creator_tag(client)
        if self.bot_tables.full(tag):
            words = CATALOG.text("server.limit.too_many_bot_tables", lang, limit=self.limits.bot_tables_per_client)
            raise LobbyError("too_many_bot_tables", words, 429)
        return tag

    def _plays(self, table: LiveTable) -> bool:
        """May the table's bots play now: a table with people always; a table of bots only while someone watches
        it and, when it has a creator held to the limits, while fewer than ``bot_tables_per_client`` of that
        creator's tables play (one watched beyond that waits for one of them to stop)."""
        if not table.bots_only:
            return True
        if table.paused or table.status != "playing" or table.core.is_over:
            self._stops_playing(table)
            return False
        by = table.record.settings.get("by")
        return not isinstance(by, str) or self.bot_tables.play(by, table.id)

    def _stops_playing(self, table: LiveTable) -> None:
        """A table of bots only stops playing (nobody watches it, or it is over): its creator's tables held back
        meanwhile may play now."""
        for tid in self.bot_tables.drop(table.id):
            held = self.tables.get(tid)
            if held is not None and held.bot_task is None:
                self._schedule(held)

    # -- play: every move, undo and giving up goes through the table core ------------------------------------

    def _actor(self, conn: Conn) -> tuple[LiveTable, int]:
        if conn.table is None:
            raise PlayError("hello_first")
        if conn.seat is None:
            raise PlayError("spectator")
        return conn.table, conn.seat

    @staticmethod
    def _step_of(msg: Mapping[str, Any], what: str) -> int:
        step = msg.get("step")
        if isinstance(step, bool) or not isinstance(step, int):
            raise PlayError("bad_message", detail=f"{what} needs the integer step you saw")
        return step

    async def act(self, conn: Conn, msg: Mapping[str, Any]) -> None:
        table, seat = self._actor(conn)
        step, action_id = msg.get("step"), msg.get("action")
        if isinstance(step, bool) or not isinstance(step, int):
            raise PlayError("bad_message", detail="act needs an integer step")
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise PlayError("bad_message", detail="act needs an integer action id")
        if not table.acts and table.acts_task is None and len(table.core.to_act) <= 1:
            # a step one seat acts in: no other act can coincide with this one, which is taken at once under the
            # table's lock (no task, no extra turn of the event loop)
            async with table.lock:
                if table.status == "lobby":
                    raise PlayError("not_started")
                await self._commit(table, seat, action_id, step=step, by=PERSON, conn=conn)
            return
        # In a simultaneous step the act waits its table's turn with the others that came meanwhile, and they are
        # applied and stored together: people acting at once each waited for the commit of the one before (a commit
        # a move, under the table's lock), the tail of a busy server's latency (docs/server.md). A task takes them,
        # not the first act's own handler: its turn of the event loop lets the acts read in the same pass join the
        # first (taking them in the handler, with or without a pause, measured slower at 40 tables)
        answer: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        table.acts.append(PendingAct(conn, seat, action_id, step, answer))
        if table.acts_task is None:
            table.acts_task = asyncio.ensure_future(self._take_acts(table))
        await answer

    async def _take_acts(self, table: LiveTable) -> None:
        """Take the table's waiting acts, all that came, under its lock, until none waits. A task of its own: a
        sender that goes away (its handler cancelled) stops nobody else's move."""
        try:
            while table.acts:
                async with table.lock:
                    batch, table.acts = table.acts, []
                    try:
                        await self._commit_acts(table, batch)
                    except Exception:
                        log.exception("table %s: people's moves failed", table.id)
                    finally:  # whatever went wrong, no sender waits forever
                        for act in batch:
                            if not act.answer.done():
                                act.answer.set_exception(PlayError("unavailable"))
        finally:
            table.acts_task = None

    def _refusal(self, e: Refused, action: Action | int) -> PlayError:
        fields = dict(e.fields)
        if e.code == "stale_step":
            fields["action"] = action.id if isinstance(action, Action) else action  # which act was refused
        return PlayError(e.code, **fields)

    async def _commit_acts(self, table: LiveTable, batch: list[PendingAct]) -> None:
        """The table core checks and applies each act in turn (a refused one is answered at once); the store's
        writer commits the moves in order, with whatever else waits (group commit); once the last is durable,
        everyone is told in one update, each sender's carrying its ack. Under the table's lock."""
        applied: list[tuple[PendingAct, Applied]] = []
        for act in batch:
            if act.answer.done():
                continue  # its sender went away before its turn: nobody waits for it
            if table.status == "lobby":
                act.answer.set_exception(PlayError("not_started"))
                continue
            try:
                applied.append((act, table.core.act(act.seat, act.action, step=act.step, by=act.by)))
            except Refused as e:
                act.answer.set_exception(self._refusal(e, act.action))
        acks: dict[Conn, tuple[int, int]] = {}
        for i, (act, move) in enumerate(applied):
            try:
                if move.durable is not None:
                    await move.durable
            except (StaleStep, StoreError, OSError) as e:
                # this move and every later one (played on top of it) are not stored: those before it are
                if not isinstance(e, StaleStep):
                    log.error("table %s: move %d not stored: %s", table.id, move.index, e)
                await self._rebuild(table)  # everyone is sent the state afresh
                for later, _ in applied[:i]:
                    if not later.answer.done():
                        later.answer.set_result(None)
                for later, m in applied[i:]:
                    if not later.answer.done():
                        later.answer.set_exception(
                            PlayError("stale_step", step=table.state.step_count, sent=later.step, action=m.action.id)
                            if isinstance(e, StaleStep) else PlayError("unavailable"))
                return
            move.stored()
            if act.conn is not None:
                acks[act.conn] = (move.index + 1, act.step)
        if not applied:
            return
        self._told(table, applied[-1][1], acks)
        for act, _ in applied:
            if not act.answer.done():
                act.answer.set_result(None)

    def _told(self, table: LiveTable, last: Applied, acks: Mapping[Conn, tuple[int, int]]) -> None:
        """Moves made durable: the table's record when the game ended, one update to everyone (each sender's
        carrying its ack: one frame, not two, a move), the undo offer of the last move, the bots' turn."""
        if table.core.is_over:
            table.record = replace_record(table.record, status="over")
            self._stops_playing(table)  # its creator's others may play, and it may create another
            self._evict_later(table)  # bots played it to the end, say, with nobody watching
        self._broadcast(table, acks=acks)
        if last.offer_check is not None:
            self._offer_later(table, last)
        self._schedule(table)

    async def _commit(self, table: LiveTable, seat: int, action: Action | int, *, step: int, by: Mover,
                      conn: Conn | None = None) -> None:
        """One move (a bot's, or a person's in a step only they act in), taken as acts taken together are, alone;
        PlayError when it is refused. Called under the table's lock."""
        answer: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self._commit_acts(table, [PendingAct(conn, seat, action, step, answer, by)])
        answer.result()  # the PlayError that refused it

    def _offer_later(self, table: LiveTable, applied: Applied) -> None:
        """Whether to offer the person an undo of the move just made is a re-dealt replay (hidden information:
        did the move show anything?): worked out only once the table has stayed at the step after the move for
        OFFER_DELAY_S, and then the seat is sent an update that offers it. A table that moves on sooner (another
        seat's move, or this seat's next one) takes the offer away anyway, so most moves of a busy server never
        pay for it."""
        loop = self._loop
        if loop is None or self._stopping:
            return
        # the offer of an older move is moot once a newer move is broadcast (its ``changes`` is past): the newer one
        # takes its place, and the table's one timer waits until it falls due (a timer a move cost the loop a handle,
        # a heap entry and a call for each)
        due = loop.time() + OFFER_DELAY_S
        table.offer = (applied, table.changes, due)
        if table.offer_timer is None:
            table.offer_timer = loop.call_at(due, self._offer_due, table)

    def _offer_due(self, table: LiveTable) -> None:
        table.offer_timer = None
        pending, loop = table.offer, self._loop
        if pending is None or loop is None:
            return
        applied, changes, due = pending
        if due > loop.time():  # a newer move's offer: not due yet
            table.offer_timer = loop.call_at(due, self._offer_due, table)
            return
        table.offer = None
        self._offer(table, applied, changes)

    def _offer(self, table: LiveTable, applied: Applied, changes: int) -> None:
        # on the event loop, between two messages: nothing can change the table meanwhile
        check = applied.offer_check
        if (check is None or table.changes != changes or table.core is not applied.table or self._stopping
                or not any(c.seat == applied.seat for c in table.conns)):
            return
        if table.lock.locked() and self._loop is not None:  # a move, an undo being made: ask again later
            self._loop.call_later(OFFER_DELAY_S, self._offer, table, applied, changes)
            return
        applied.stored(check())
        if table.core.undo_offered(applied.seat):
            for conn in list(table.conns):
                if conn.seat == applied.seat:
                    self.resync(conn)

    async def _rebuild(self, table: LiveTable) -> None:
        """Replace the table's game by a replay of what the store holds (after a failed write, or a move made by
        another process), and tell everyone the whole state afresh."""
        record, actions = await asyncio.gather(self._db(self.store.table, table.id),
                                               self._db(self.store.actions, table.id, 0))
        fresh = await asyncio.to_thread(build, record, table.seats, actions, self.store, self.grace_s)
        began = table.status == "lobby" and fresh.status == "playing"  # started through another process
        old = table.core
        # who is away is known here and not in the store; who made the moves that are still the same is in the
        # store, but for rows stored before it kept that (None there), what this process saw still holds
        fresh.core.left_at = old.left_at
        kept = min(old.stored, len(actions))
        unknown = {a.step for a in actions if a.by is None and a.step < kept}
        fresh.core.made_by.update({i: m for i, m in old.made_by.items() if i in unknown})
        fresh.core.played_for.update({i: p for i, p in old.played_for.items() if i in unknown})
        fresh.core.recount_turns()
        table.record, table.core = fresh.record, fresh.core
        if began:
            self._start_graces(table)
        table.frags.clear()  # another state, perhaps at the same step
        self._broadcast(table, full=True)
        self._schedule(table)

    async def undo(self, conn: Conn, msg: Mapping[str, Any]) -> None:
        """The person takes back their last decision: the table core's undo (its one set of rules), in a worker
        thread (it replays the game), under the table's lock; then everyone gets the state afresh."""
        table, seat = self._actor(conn)
        step = self._step_of(msg, "undo")
        async with table.lock:
            if table.status == "lobby":
                raise PlayError("not_started")
            try:
                await asyncio.to_thread(table.core.undo, seat, step=step)
            except Refused as e:
                if e.code == "cannot_undo":
                    # the reasons are the table's words (the shared catalog), as the terminal shows them
                    detail = CATALOG.text(e.key, conn.lang) if e.key else str(e)
                    raise PlayError("cannot_undo", detail=detail) from None
                raise PlayError(e.code, **e.fields) from None
            except SaveError as e:
                await self._rebuild(table)
                if isinstance(e.__cause__, StaleStep):
                    raise PlayError("stale_step", step=table.state.step_count, sent=step) from None
                log.error("table %s: undo not stored: %s", table.id, e)
                raise PlayError("unavailable") from None
            conn.send(dumps({"type": "ack", "step": table.state.step_count}))
            table.frags.clear()
            self._broadcast(table, full=True)
            self._schedule(table)

    async def give_up(self, conn: Conn, msg: Mapping[str, Any]) -> None:
        """The one person of a one-player game gives it up (a command of the table, not a move): the table core
        stores it as over, given up, lost (``settings.given_up``), and everyone is told. Under the table's lock."""
        table, seat = self._actor(conn)
        step = self._step_of(msg, "give_up")
        async with table.lock:
            if table.status == "lobby":
                raise PlayError("not_started")
            try:
                await self._db(table.core.give_up, seat, step=step)
            except Refused as e:
                raise PlayError(e.code, **(e.fields if e.code != "cannot_give_up" else {})) from None
            except SaveError as e:
                log.error("table %s: giving up not stored: %s", table.id, e)
                await self._rebuild(table)
                raise PlayError("unavailable") from None
            self._end_given_up(table, dict(table.record.settings, given_up=seat))

    def _end_given_up(self, table: LiveTable, settings: dict[str, Any]) -> None:
        """The table ends given up (here, or through another process): everyone told, nothing scheduled."""
        table.core.given_up = settings["given_up"]
        table.core.undo_ok = None
        table.record = replace_record(table.record, settings=settings, status="over")
        self._broadcast(table)
        self._schedule(table)
        self._evict_later(table)

    # -- explain ------------------------------------------------------------------------------------------------

    async def explain(self, conn: Conn, msg: Mapping[str, Any]) -> None:
        """The worked explanation of one event this connection was sent: ``step`` and ``index`` (its place
        among the events of that step this seat may see). Worked out from this seat's events and view only,
        in a worker thread, on request (nothing is spent on it per move)."""
        table = conn.table
        if table is None:
            raise PlayError("hello_first")
        step, index = msg.get("step"), msg.get("index")
        if isinstance(step, bool) or not isinstance(step, int) or isinstance(index, bool) or not isinstance(index, int):
            raise PlayError("bad_message", detail="explain needs the integer step and index of an event")
        seat, lang = conn.seat, conn.lang
        async with table.lock:
            # only what this connection has been told: its seat's events up to its cursor
            seen = [e for e in table.core.events[:conn.cursor] if e.to is None or e.to == seat]
            at = [i for i, e in enumerate(seen) if e.step == step]
            if not 0 <= index < len(at):
                raise PlayError("unknown_event", step=step, index=index)
            # the seat's view now, taken under the lock (a fresh object: moves made meanwhile do not touch it)
            view = table.state.view(seat)
            voice = W.voice(lang, [s.name for s in table.seats])
        k = at[index]
        items = await asyncio.to_thread(W.explain, table.record.game, seen[:k + 1], k, voice, view)
        conn.send(dumps({"type": "explanation", "step": step, "index": index, "event": seen[k].type,
                         "items": items}))

    # -- bots and clocks: the table core's turn policy, bots thinking off the event loop ----------------------

    def _schedule(self, table: LiveTable) -> None:
        """After every change: start the bots if the turn policy has a bot to act, and set the table's one timer
        for when who plays a seat changes by itself (a grace period or a clock runs out)."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        core = table.core
        self._turn_signals(table)  # a person away whose turn it is at a table of days: told by e-mail or push
        if table.status != "playing" or core.is_over or self._loop is None or not self._plays(table):
            return  # a table of bots only that nobody watches: nothing moves until someone does (hello)
        now = time.time()
        if table.bot_task is None and core.bot_due(now):
            table.bot_task = asyncio.ensure_future(self._bots(table))
        wake = core.next_wakeup(now)
        if wake is not None:
            table.timer = self._loop.call_later(max(0.0, wake - now) + 0.005, self._on_timeout, table)

    def _on_timeout(self, table: LiveTable) -> None:
        table.timer = None
        self._push_table(table)  # replaced_by_bot shows
        self._schedule(table)

    async def _bots(self, table: LiveTable) -> None:
        """Bots move while the turn policy has one to act, one decision at a time, never on the event loop: a
        search in the search workers (hustings.server.thinking: people's tables first, a budget per move and per
        table), a cheap bot or a stand-in in the hub's executor on a copy of the state (a random bot's pick
        inline). A decision that came too late (the seat acted meanwhile, its person came back, or what it sees
        changed) is refused by the table core and dropped. A table of bots only stops when nobody watches it."""
        loop = asyncio.get_running_loop()
        try:
            while True:
                async with table.lock:
                    core = table.core
                    if table.status != "playing" or not self._plays(table):
                        break
                    turn = core.bot_turn(detach=True)
                    if turn is None:
                        break
                    job = self._search_job(table, turn) if turn.searches else None
                started = time.perf_counter()
                action: Action | int
                try:
                    if job is not None:
                        answer = await self.searches.think(
                            table.id, job, people=not table.bots_only,
                            wanted=(lambda: self._plays(table)) if table.bots_only else None)
                        if answer is None:
                            break  # nobody watches any more: the table waits for someone who does
                        action = answer[0]
                    elif isinstance(turn.bot, RandomBot):
                        action = turn.think()  # a random pick: microseconds, not worth a thread
                    else:
                        action = await loop.run_in_executor(self.executor, turn.think)
                except Exception as e:
                    if self._stopping:
                        return
                    log.error("table %s: the bot of seat %d failed (%s); it plays at random", table.id, turn.seat, e)
                    action = turn.at_random()
                log.debug("table %s seat %d: bot decided in %.3fs", table.id, turn.seat, time.perf_counter() - started)
                async with table.lock:
                    if table.core is not core or table.status != "playing":
                        continue
                    try:
                        await self._commit(table, turn.seat, action, step=turn.step, by=BOT)
                    except PlayError as e:
                        if e.code not in _DROPPED:
                            log.warning("table %s: a bot move was not stored (%s)", table.id, e.code)
                            await asyncio.sleep(0.2)
        except asyncio.CancelledError:
            raise
        finally:
            table.bot_task = None
        if table.bots_only and table.conns and not self._stopping:
            # someone came to watch while this was stopping (their hello found it still running): go on
            self._schedule(table)

    def _search_job(self, table: LiveTable, turn: BotTurn) -> SearchJob:
        """What a search worker needs for ``turn``: the game's record (a few KB; the worker replays it), the bot's
        name, and its seed for this move (derived one way from the game's seed, as each bot's is)."""
        state = turn.state
        name = table.core.seat_names[turn.seat]
        assert name is not None  # stand-ins never search
        seed = bot_seed(state.seed, turn.seat) ^ (turn.step * _MIX)
        return SearchJob(state.record(), turn.seat, name, seed & _SEED_MASK, self.limits.search_move_s)

    # -- dispatch ------------------------------------------------------------------------------------------------

    async def handle(self, conn: Conn, table_id: str, msg: Mapping[str, Any]) -> None:
        """One client message; PlayError is turned into an error message by the caller."""
        kind = msg.get("type")
        if conn.closed_by is not None:  # its seat's secret died: nothing more from it, whatever it sends
            raise PlayError(conn.closed_by)
        if kind == "ping":
            conn.send(dumps({"type": "pong"}))
            return
        if kind == "hello":
            await self.hello(conn, table_id, msg)
            return
        if conn.table is None:
            if kind in ("act", "undo", "lang", "explain", "give_up", "chat"):
                raise PlayError("hello_first")
            raise PlayError("bad_message", detail=f"unknown message type {str(kind)[:30]!r}")
        if kind == "act":
            await self.act(conn, msg)
        elif kind == "undo":
            await self.undo(conn, msg)
        elif kind == "give_up":
            await self.give_up(conn, msg)
        elif kind == "explain":
            await self.explain(conn, msg)
        elif kind == "lang":
            await self.set_lang(conn, msg.get("lang"))
        elif kind == "chat":
            await self.post_chat(conn, msg)
        else:
            raise PlayError("bad_message", detail=f"unknown message type {str(kind)[:30]!r}")


__all__ = ["Conn", "Hub", "LiveTable", "LobbyError", "PlayError", "TableRefused", "dumps", "dumps_bytes", "token_hash"]
