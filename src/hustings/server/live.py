"""A table a server process holds in memory, and what every part of the hub shares.

:class:`LiveTable` is the server's side of one table: its stored record and seats, the connections that watch
it, its lock and timers, and the table core (:class:`hustings.table.core.Table`) that holds the game itself and
decides everything about it (turns, steps, moves, undo, clocks, who a bot plays for). :class:`HubBase` is what
the hub's parts (:mod:`~hustings.server.lobby`, :mod:`~hustings.server.connections`,
:mod:`~hustings.server.presence`, :mod:`~hustings.server.cluster`, and the play of :mod:`~hustings.server.tables`)
share: the tables in memory, the store and the worker threads.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Hashable, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import hustings
from hustings.engine import Action, GameState, get_spec
from hustings.engine.words import Voice
from hustings.server.i18n import CATALOG, error_text
from hustings.server.limits import Limits
from hustings.server.quota import BotTables, CreateRate
from hustings.server.store import (
    ActionRecord,
    ChatLine,
    SeatRecord,
    SeatSecret,
    ServerStore,
    StoreError,
    TableDamaged,
    TableRecord,
    gap_of,
)
from hustings.server.thinking import Searches
from hustings.table.basics import Applied
from hustings.table.clock import ClockSettings
from hustings.table.core import PERSON, Mover, Table
from hustings.table.store import RulesVersionError, rules_refusal

if TYPE_CHECKING:
    from hustings.server.connections import Conn


class PlayError(Exception):
    """A play message refused: ``code`` as the protocol names it, ``fields`` for its message."""

    def __init__(self, code: str, **fields: object) -> None:
        super().__init__(code)
        self.code = code
        self.fields = fields


class TableRefused(StoreError):
    """A stored table this server does not replay: made under other rules than its own (a rules version or random
    generator of another release), or of a game it does not have. It stays in the store as it is, never loaded into
    play; ``code`` is the protocol's error for it (``rules_version`` or ``unknown_game``)."""

    def __init__(self, record: TableRecord, refusal: RulesVersionError) -> None:
        super().__init__(str(refusal))
        self.record = record
        self.refusal = refusal
        self.code = "unknown_game" if refusal.age == "unknown_game" else "rules_version"

    def fields(self, lang: str) -> dict[str, object]:
        """The words of the error message in ``lang`` (``server.error.<code>``)."""
        r = self.refusal
        if self.code == "unknown_game":
            return {"game": r.game}
        title = get_spec(r.game).title
        return {"game": title.get(lang, title.get("en", r.game)), "rules": CATALOG.text(f"server.rules.{r.age}", lang),
                "recorded": r.recorded, "current": r.current}

    def text(self, lang: str) -> str:
        return error_text(self.code, lang, **self.fields(lang))


def refusal_of(record: TableRecord) -> TableRefused | None:
    """Why this server does not replay ``record`` (versions only, nothing replayed), or None."""
    refusal = rules_refusal(record.game, record.rules_version, record.rng, f"table {record.id}")
    return None if refusal is None else TableRefused(record, refusal)


@dataclass(eq=False)
class PendingAct:
    """An act waiting for its table: who sent it (None: a bot), the seat, the action (or its id) and the step it
    names, the future its sender awaits (its answer: done, or the PlayError that refuses it), and who moves."""

    conn: Conn | None
    seat: int
    action: Action | int
    step: int
    answer: asyncio.Future[None]
    by: Mover = PERSON


@dataclass(eq=False)
class LiveTable:
    """One table in memory: its record and seats as stored, the table core holding the game, the connections that
    watch it, and the timers and tasks the hub runs for it."""

    record: TableRecord
    seats: list[SeatRecord]
    core: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    #: seats connected through other server processes (a shared database: the cluster sync)
    remote: set[int] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    #: people's acts waiting for the table (Hub.act): taken together, in the order they came, by ``acts_task``
    acts: list[PendingAct] = field(default_factory=list)
    acts_task: asyncio.Task[None] | None = None
    #: when who plays a seat next changes by itself (a grace period or a clock runs out): Table.next_wakeup
    timer: asyncio.TimerHandle | None = None
    #: set while a finished table nobody watches waits to be dropped from memory (Hub._evict_later)
    evict: asyncio.TimerHandle | None = None
    #: JSON fragments of the current state (each seat's view, legal actions by language, event texts), made once
    #: per step however many messages need them; ``frags_at`` is the step they belong to
    frags: dict[Any, Any] = field(default_factory=dict)
    frags_at: int = -1
    #: seat (None: spectators) -> (its view, the view's JSON, the phase's JSON) as last encoded: the table core
    #: hands out the same view object while a seat's view stays the same, and it is not encoded again
    view_json: dict[int | None, tuple[Any, bytes, bytes]] = field(default_factory=dict)
    #: (seat, lang) -> (the view's JSON, the voice, action id -> legal entry): a label is a function of (action,
    #: view, voice) only, so while a seat's view stays the same from one step to the next (others acting on a
    #: simultaneous step, say) its labels are not made again
    labels: dict[tuple[int, str], tuple[bytes, Voice, dict[int, dict[str, Any]]]] = field(default_factory=dict)
    #: (seat, lang, compact form) -> (the legal entries last sent, their JSON, each entry's JSON by its id; for the
    #: compact form the array and its legal_words, each entry's JSON kept on it): the same entries (the
    #: label cache's objects) are not encoded again (a seat offered hundreds of deployments is told of every other
    #: seat's move meanwhile, and from one step to the next most of its entries stay the same objects)
    legal_json: dict[tuple[int, str, bool], tuple[list[dict[str, Any]], bytes,
                                                  dict[int, tuple[object, bytes]]]] = field(default_factory=dict)
    #: (seat, lang, compact form) -> what the legal entries last sent were worded from: (the actions' ids, their
    #: kinds in order of first appearance, the voice, the kinds' label stamp: hustings.server.words.label_stamp).
    #: The same actions with the same stamp have the same entries: their JSON is sent again without wording or
    #: looking up any (a seat offered hundreds of deployments while others move on a simultaneous step, its view
    #: changing)
    legal_from: dict[tuple[int, str, bool], tuple[tuple[int, ...], tuple[str, ...], Voice, Hashable]] = field(
        default_factory=dict)
    #: every change everyone was told of counts one (Connections._broadcast): a later piece of work (an undo
    #: offer) knows whether the table is still as it was when it was asked for
    changes: int = 0
    #: (the record it was made from, the TableInfo fields that only a new record changes): Hub.info
    info_fixed: tuple[TableRecord, dict[str, Any]] | None = None
    #: (what TableInfo was made from, its JSON without the step): Connections._info_json
    info_memo: tuple[tuple[Any, ...], str] | None = None
    #: counts every claim or revocation that killed a seat's secrets: a hello that looked its secret up before
    #: one looks again
    secrets_changed: int = 0
    #: the undo offer waiting (Hub._offer_later): the move, the table's ``changes`` then, and when it falls due (the
    #: loop's clock); one timer a table (``offer_timer``), not one a move: a newer move's offer replaces it
    offer: tuple[Applied, int, float] | None = None
    offer_timer: asyncio.TimerHandle | None = None
    #: a TableInfo push waiting (coalesced: Connections._push_table), and when the last one went (the loop's clock)
    info_timer: asyncio.TimerHandle | None = None
    info_at: float = float("-inf")
    #: the table's latest chat lines (at most ``limits.chat_history``, oldest first), read from the store when the
    #: first connection says hello; None: not read yet (hustings.server.chat)
    chat: list[ChatLine] | None = None
    #: one chat line stored and told at a time (and the lines read back), so every reader gets them in order
    chat_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: seat -> its chat token bucket (tokens left, when counted: the monotonic clock)
    chat_rate: dict[int, tuple[float, float]] = field(default_factory=dict)
    #: seat -> the turn (its moves so far) its person was last looked at for a turn notice (hustings.server.notify;
    #: -1: the game's addresses were deleted at its end)
    notify_seen: dict[int, int] = field(default_factory=dict)

    def fragments(self) -> dict[Any, Any]:
        if self.frags_at != self.state.step_count:
            self.frags.clear()
            self.frags_at = self.state.step_count
        return self.frags

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def state(self) -> GameState:
        return self.core.state

    @property
    def status(self) -> str:
        return self.record.status

    def humans(self) -> tuple[int, ...]:
        return self.core.humans

    @property
    def bots_only(self) -> bool:
        """Every seat a bot's: nobody plays at this table, people can only watch it."""
        return not self.core.humans

    @property
    def paused(self) -> bool:
        """A table of bots only that nobody watches through this process: its bots do not play (they would
        spend CPU for nobody); they go on when someone watches."""
        return self.bots_only and not self.conns

    def connected(self, seat: int) -> bool:
        """Someone plays this seat now, through this process or another."""
        return seat in self.remote or self.here(seat)

    def here(self, seat: int) -> bool:
        """A connection of this process plays this seat."""
        return any(c.seat == seat for c in self.conns)


def build(record: TableRecord, seats: Sequence[SeatRecord], actions: Sequence[ActionRecord], store: ServerStore,
          grace_s: float, state: GameState | None = None) -> LiveTable:
    """A live table from the store: the game replayed action by action, the clocks brought forward with it
    (``state``: the game made from the record already, before any action). :class:`TableDamaged` when what is
    stored cannot be played (a gap in the log, a seat layout or options the game refuses, a move it does not
    take): that table alone is refused."""
    refused = refusal_of(record)
    if refused is not None:
        raise refused
    gap = gap_of(record.steps, [a.step for a in actions]) if any(a.step != i for i, a in enumerate(actions)) else None
    if gap is not None:
        raise TableDamaged(record.id, gap)
    try:
        if state is None:
            state = hustings.make(record.game, seed=record.seed, **record.options)
        clock = ClockSettings.from_json(record.settings.get("clock"))
        started_at = float(record.settings.get("started_at", record.created_at))
        bots = [s.get("bot") for s in record.settings["seats"]]
        if len(bots) != state.num_players or len(seats) != len(bots):
            raise ValueError(f"{len(bots)} seats laid out and {len(seats)} seat rows for a game of "
                             f"{state.num_players}")
        given_up = record.settings.get("given_up")  # a one-player game its person gave up
        core = Table.from_log(state, bots, actions, store=store, game_id=record.id, async_store=True, clock=clock,
                              started_at=started_at, grace_s=grace_s, offers=True,
                              given_up=given_up if isinstance(given_up, int) else None)
    except TableDamaged:
        raise
    except Exception as e:  # whatever it is, it is this table's alone
        text = " ".join(str(e).split())[:200]
        raise TableDamaged(record.id, f"it cannot be replayed: {type(e).__name__}: {text}") from e
    if core.is_over and record.status != "over":
        record = replace(record, status="over")
    return LiveTable(record=record, seats=list(seats), core=core)


def replace_record(record: TableRecord, **changes: Any) -> TableRecord:
    return replace(record, **changes)


def replace_seat(seat: SeatRecord, **changes: Any) -> SeatRecord:
    return replace(seat, **{k: v for k, v in changes.items() if v is not None})


class HubBase:
    """What the hub's parts share: the store, the tables in memory, the worker threads, and the calls each part
    makes of the others (declared here, made in the part named)."""

    def __init__(self, store: ServerStore, *, grace_s: float, executor: Executor | None, bot_threads: int,
                 store_threads: int, limits: Limits | None = None) -> None:
        self.store = store
        self.grace_s = grace_s
        #: every limit of this server (hustings.server.limits)
        self.limits = limits or Limits()
        self.tables: dict[str, LiveTable] = {}
        self._tasks: set[asyncio.Task[Any]] = set()  # background work, held until done
        self._own_executor = executor is None
        #: where cheap bots (random, heuristic) and stand-ins think: never behind a search
        self.executor = executor or ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="hustings-bot")
        #: where search bots think: worker processes behind a queue, people's tables first (hustings.server.thinking)
        self.searches = Searches(self.limits)
        #: per client: how fast it may create tables, and its tables of bots only not over (hustings.server.quota)
        self.create_rate = CreateRate(self.limits.creates_per_minute, self.limits.create_burst)
        self.bot_tables = BotTables(self.limits.bot_tables_per_client)
        # not asyncio's default pool (a handful of threads, shared with everything): the store's reads and lobby
        # writes block on the database, many tables at once
        self.store_executor = ThreadPoolExecutor(max_workers=store_threads, thread_name_prefix="hustings-store")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = False

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _db(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        # the store blocks (a durable commit waits for the disk): never on the event loop
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.store_executor, functools.partial(fn, *args, **kwargs))

    # -- made by the parts (tables, lobby, connections, presence, cluster) -----------------------------------

    async def _load(self, table_id: str) -> LiveTable:
        raise NotImplementedError

    def _evict_later(self, table: LiveTable) -> None:
        raise NotImplementedError

    def _schedule(self, table: LiveTable) -> None:
        raise NotImplementedError

    async def _rebuild(self, table: LiveTable) -> None:
        raise NotImplementedError

    def _broadcast(self, table: LiveTable, full: bool = False,
                   acks: Mapping[Conn, tuple[int, int]] | None = None) -> None:
        raise NotImplementedError

    def _push_table(self, table: LiveTable) -> None:
        raise NotImplementedError

    def info(self, table: LiveTable) -> dict[str, Any]:
        raise NotImplementedError

    def _begin(self, table: LiveTable, settings: dict[str, Any]) -> None:
        raise NotImplementedError

    def _end_given_up(self, table: LiveTable, settings: dict[str, Any]) -> None:
        raise NotImplementedError

    def _start_graces(self, table: LiveTable) -> None:
        raise NotImplementedError

    def _start_grace(self, table: LiveTable, seat: int) -> None:
        raise NotImplementedError

    def _seat_is_back(self, table: LiveTable, seat: int) -> bool:
        raise NotImplementedError

    def _presence_changed(self, table: LiveTable, seat: int) -> None:
        raise NotImplementedError

    def gone(self, conn: Conn) -> None:
        raise NotImplementedError

    async def _secret(self, table_id: str, token: object) -> SeatSecret | None:
        raise NotImplementedError

    def _drop(self, table: LiveTable, conn: Conn, why: str) -> None:
        raise NotImplementedError

    def _tell_revoked(self, table: LiveTable, seat: int) -> None:
        raise NotImplementedError

    async def _refresh_lobby(self, table: LiveTable) -> None:
        raise NotImplementedError

    def _set_remote(self, table: LiveTable, seats: set[int]) -> None:
        raise NotImplementedError

    async def _chat_ready(self, table: LiveTable) -> None:
        raise NotImplementedError

    def _chat_hello(self, conn: Conn, table: LiveTable) -> None:
        raise NotImplementedError

    async def _chat_refresh(self, table: LiveTable) -> None:
        raise NotImplementedError

    def _admit(self, client: str, lang: str) -> None:
        raise NotImplementedError

    def _admit_bots(self, client: str, lang: str) -> str:
        raise NotImplementedError

    def _turn_signals(self, table: LiveTable) -> None:
        raise NotImplementedError

    async def _seat_of(self, table_id: str, token: object) -> tuple[LiveTable, int]:
        raise NotImplementedError

    async def forget_seat(self, table_id: str, seat: int) -> None:
        raise NotImplementedError


__all__ = ["HubBase", "LiveTable", "PlayError", "TableRefused", "build", "refusal_of", "replace_record",
           "replace_seat"]
