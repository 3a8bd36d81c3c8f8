"""The tables a server process runs: one live game state per table in memory, rebuilt from the store.

:class:`Hub` is the server without the web framework: the lobby (create, join, ready, start, rematch), the
authoritative move (token, turn, step, legality, apply, store durably, then push to each connection its own
seat's view and events), bots off the event loop, clocks and timeouts, undo and reconnection. The web layer
(:mod:`hustings.server.app`) only turns HTTP requests and websocket frames into calls here.

Everything about a table happens on the event loop under the table's lock; the only blocking work (the
store's durable commit, bot searches, undo's replay) runs in worker threads, so one slow table never stalls
another. Moves go to the store's writer as futures of the event loop (``submit_action_async``: group commit, no
thread waits per move, one call into the loop a commit);
the store's other calls run in a pool of their own, sized for many tables at once.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Coroutine, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import orjson

import hustings
from hustings.bots.heuristic import heuristic_for
from hustings.bots.random_bot import Bot
from hustings.bots.registry import check_bot_name, make_bot
from hustings.bots.runner import ask
from hustings.engine import (
    ENGINE_VERSION,
    LANGS,
    Action,
    Event,
    GameState,
    IllegalActionError,
    fresh_seed,
    get_spec,
    list_games,
    normalize_lang,
)
from hustings.engine.rng import RNG_NAME
from hustings.server import words as W
from hustings.server.clock import ClockError, Clocks, ClockSettings
from hustings.server.i18n import CATALOG, error_text
from hustings.server.store import (
    SeatRecord,
    ServerStore,
    StaleStep,
    StoreError,
    TableNotFound,
    TableRecord,
)
from hustings.table.match import Match, bot_seed, table_options
from hustings.table.store import RulesVersionError, rules_refusal
from hustings.table.undo import undo_refusal

log = logging.getLogger("hustings.server")

#: re-dealt replays behind the Undo button shown after a move (a quick check: asking to undo runs the full
#: hustings.table.undo.SAMPLES before anything is taken back)
OFFER_SAMPLES = 2
BOT_LEVELS = ("random", "heuristic", "ismcts:easy", "ismcts:normal", "ismcts:hard")
#: a seat name's longest length
MAX_NAME = 40


class LobbyError(Exception):
    """A lobby request that cannot be served: ``code`` (machine), ``message`` (one line), HTTP ``status``."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


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


def _refusal(record: TableRecord) -> TableRefused | None:
    """Why this server does not replay ``record`` (versions only, nothing replayed), or None."""
    refusal = rules_refusal(record.game, record.rules_version, record.rng, f"table {record.id}")
    return None if refusal is None else TableRefused(record, refusal)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def _json_default(value: object) -> Any:
    if isinstance(value, tuple | frozenset | set):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


_ORJSON_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(message: Any) -> str:
    """Compact JSON (orjson: every move sends each seat its view, legal actions and events, so encoding is a
    large share of the server's work per move)."""
    return orjson.dumps(message, default=_json_default, option=_ORJSON_OPTIONS).decode()


def dumps_bytes(message: Any) -> bytes:
    """:func:`dumps` as UTF-8 bytes (an HTTP body). A finished game's record holds its seed, an integer wider than
    orjson's 64 bits: such a body goes through the standard library's encoder."""
    try:
        return orjson.dumps(message, default=_json_default, option=_ORJSON_OPTIONS)
    except orjson.JSONEncodeError:
        return json.dumps(message, default=_json_default, ensure_ascii=False, separators=(",", ":")).encode()


@dataclass(eq=False)
class Conn:
    """One websocket connection: whose eyes (``seat``, None for a spectator), its language, and how far it has
    been told (``cursor``: the index in the table's event list up to which it has its events)."""

    send: Callable[[str], None]
    table: LiveTable | None = None
    seat: int | None = None
    lang: str = "en"
    cursor: int = 0
    said_hello: bool = False


@dataclass(eq=False)
class LiveTable:
    """One table in memory: its record, seats, the game (a :class:`Match` nobody stores: the hub stores moves
    itself), every event in order, clocks, connections, and the seats a bot plays for now."""

    record: TableRecord
    seats: list[SeatRecord]
    match: Match
    events: list[Event]
    clocks: Clocks
    clock: ClockSettings
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    away: set[int] = field(default_factory=set)  # people gone past the grace period: a bot plays for them
    #: seats connected through other server processes (a shared database: Hub._cluster_sync)
    remote: set[int] = field(default_factory=set)
    stand_ins: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None
    grace: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    #: set while a finished table nobody watches waits to be dropped from memory (Hub._evict_later)
    evict: asyncio.TimerHandle | None = None
    #: (step, seat): that seat may take back the last action while the game is at that step (the undo rule
    #: checked once when the action was made, so each state message can offer an Undo button cheaply)
    undo_ok: tuple[int, int] | None = None
    #: step -> True for a move a person made through this process, False for one a bot made here (a stand-in's
    #: included). The log does not say who moved; undo takes back only a move known to be the person's own
    made_by_person: dict[int, bool] = field(default_factory=dict)
    #: actions known to be in the store: TableInfo's ``step`` (a move being written is applied in memory already,
    #: and must not show before it is durable)
    stored: int = 0
    #: JSON fragments of the current state (each seat's view, legal actions by language, event texts), made once
    #: per step however many messages need them; ``frags_at`` is the step they belong to
    frags: dict[Any, Any] = field(default_factory=dict)
    frags_at: int = -1
    #: (seat, lang) -> (the view's JSON, the voice, action id -> legal entry): a label is a function of (action,
    #: view, voice) only, so while a seat's view stays the same from one step to the next (others acting on a
    #: simultaneous step, say) its labels are not made again
    labels: dict[tuple[int, str], tuple[str, W.Voice, dict[int, dict[str, Any]]]] = field(default_factory=dict)
    #: (the record it was made from, the TableInfo fields that only a new record changes): Hub.info
    info_fixed: tuple[TableRecord, dict[str, Any]] | None = None

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
        return self.match.state

    @property
    def status(self) -> str:
        return self.record.status

    def humans(self) -> list[int]:
        return [p for p, b in enumerate(self.match.seats) if b is None]

    def connected(self, seat: int) -> bool:
        """Someone plays this seat now, through this process or another."""
        return seat in self.remote or self.here(seat)

    def here(self, seat: int) -> bool:
        """A connection of this process plays this seat."""
        return any(c.seat == seat for c in self.conns)

    def out_of_time(self, seat: int, now: float) -> bool:
        """A seat whose bank is empty (bank clock), or that is past its turn's deadline (turn clock)."""
        if self.clock.mode == "none":  # asked for every seat in every message: no clock, never out of time
            return False
        to_act = self.state.current_players
        left = self.clocks.remaining(seat, to_act, now)
        return left is not None and left <= 0 and (self.clock.mode == "bank" or seat in to_act)

    def bot_played(self, seat: int, now: float) -> bool:
        """Is a bot to make ``seat``'s moves now: a bot seat, a person gone or out of time."""
        return self.match.seats[seat] is not None or seat in self.away or self.out_of_time(seat, now)


#: seconds a finished table with no connection stays in memory (it is read back from the store when asked for)
EVICT_S = 60.0
#: with a shared database (several processes): seconds between two heartbeats of who is connected where, at most
#: (a third of the grace period when that is shorter, so another process hears of a connection before a
#: person's grace runs out); a process not heard from for PRESENCE_MISSES heartbeats holds nobody
PRESENCE_S, PRESENCE_MISSES = 5.0, 3
#: how old a presence row may be and still count: the same for every process whatever its grace period
PRESENCE_TTL_S = PRESENCE_S * PRESENCE_MISSES


class Hub:
    """Every table of one server process. ``grace_s``: how long a person may be gone before a bot plays for
    them; ``executor``: where bots think (default: a thread pool)."""

    def __init__(self, store: ServerStore, *, grace_s: float = 30.0, executor: Executor | None = None,
                 bot_threads: int = 4, store_threads: int = 32) -> None:
        self.store = store
        self.grace_s = grace_s
        self.tables: dict[str, LiveTable] = {}
        #: tables being rebuilt from the store: every request for one waits for the same load
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        #: tables another process changed while they were loading: caught up once loaded
        self._missed: dict[str, int] = {}
        self._tasks: set[asyncio.Task[Any]] = set()  # background catch-ups, held until done
        self._own_executor = executor is None
        self.executor = executor or ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="hustings-bot")
        # not asyncio's default pool (a handful of threads, shared with everything): the store's reads and lobby
        # writes block on the database, many tables at once
        self.store_executor = ThreadPoolExecutor(max_workers=store_threads, thread_name_prefix="hustings-store")
        self._lobby_lock = asyncio.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = False
        self.presence_s = max(0.05, min(PRESENCE_S, grace_s / 3))
        self._sync_task: asyncio.Task[None] | None = None
        #: (table, seat) whose presence is being written / has changed again since that write began
        self._presence_busy: set[tuple[str, int]] = set()
        self._presence_again: set[tuple[str, int]] = set()
        self._lobby_refreshing = False

    # -- starting and stopping ----------------------------------------------------------------------------

    async def open(self) -> None:
        """Rebuild every unfinished table by replay and let their bots and clocks run again."""
        self._loop = asyncio.get_running_loop()
        self.store.subscribe(self._on_remote_change)
        if self.store.shared:
            self.store.subscribe_lobby(self._on_lobby_hint)
        # the games in play; a table still in the lobby is read when someone asks for it
        records = await self._db(self.store.tables, status="playing")
        loaded = []
        for record in records:
            try:
                loaded.append(await self._load(record.id))
            except TableRefused as e:  # another release's game: it stays in the store, untouched; said once here
                log.warning("%s", e)
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

    async def stop(self) -> None:
        self._stopping = True
        if self._sync_task is not None:
            self._sync_task.cancel()
        for table in self.tables.values():
            if table.evict is not None:
                table.evict.cancel()
            if table.timer is not None:
                table.timer.cancel()
            for h in table.grace.values():
                h.cancel()
            if table.bot_task is not None:
                table.bot_task.cancel()
        if self._own_executor:
            self.executor.shutdown(wait=False, cancel_futures=True)
        self.store_executor.shutdown(wait=False, cancel_futures=True)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _db(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        # the store blocks (a durable commit waits for the disk): never on the event loop
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.store_executor, functools.partial(fn, *args, **kwargs))

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
        refused = _refusal(record)
        if refused is not None:  # before reading its actions: it is never replayed here
            self._missed.pop(table_id, None)
            raise refused
        seats, actions = await asyncio.gather(self._db(self.store.seats, table_id),
                                              self._db(self.store.actions, table_id, 0))
        table = await asyncio.to_thread(_build, record, seats, actions)
        table = self.tables.setdefault(table_id, table)
        self._evict_later(table)  # loaded for a look (a record, a list of tables): not kept for ever
        missed = self._missed.pop(table_id, None)
        if missed is not None:  # another process moved while we read: catch up now, not at the next move
            self._spawn(self._catch_up(table_id, missed))
        return table

    # -- lobby ----------------------------------------------------------------------------------------------

    def games(self, lang: str) -> list[dict[str, Any]]:
        lang = normalize_lang(lang)
        out = []
        for g in list_games():
            spec = get_spec(g)
            bots = [b for b in BOT_LEVELS if b != "heuristic" or heuristic_for(g) is not None]
            out.append({"id": g, "name": spec.title.get(lang, spec.title.get("en", g)),
                        "variants": list(spec.variants), "default_variant": spec.default_variant,
                        "players": [spec.min_players, spec.max_players],
                        "players_by_variant": {v: spec.player_counts(v) for v in spec.variants},
                        "bots": bots, "outcome": spec.outcome})
        return out

    async def create(self, body: Mapping[str, Any], rematch_of: TableRecord | None = None) -> dict[str, Any]:
        """A new table from a lobby request; the answer holds every person's seat token (only once)."""
        game = body.get("game")
        if not isinstance(game, str) or game not in list_games():
            raise LobbyError("bad_request", f"unknown game {str(game)[:40]!r}; games: {', '.join(list_games())}")
        spec = get_spec(game)
        variant = body.get("variant") or spec.default_variant
        if variant not in spec.variants:
            raise LobbyError("bad_request", f"unknown variant {str(variant)[:40]!r}; variants: "
                             f"{', '.join(spec.variants)}")
        seats_in = body.get("seats")
        players = body.get("players", len(seats_in) if isinstance(seats_in, list) else None)
        counts = spec.player_counts(variant)
        if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
            raise LobbyError("bad_request", f"{game} {variant} takes {counts[0]} to {counts[-1]} players")
        if seats_in is None:
            seats_in = [{"bot": None}] * players
        if not isinstance(seats_in, list) or len(seats_in) != players:
            raise LobbyError("bad_request", f"seats must list one entry per player ({players})")
        seats_json: list[dict[str, Any]] = []
        for i, s in enumerate(seats_in):
            if not isinstance(s, Mapping):
                raise LobbyError("bad_request", f"seats[{i}] must be an object {{bot, name}}")
            bot = s.get("bot")
            if bot is not None:
                try:
                    if not isinstance(bot, str):
                        raise ValueError("a bot is named by a string")
                    check_bot_name(bot)
                    if bot == "heuristic" and heuristic_for(game) is None:
                        raise ValueError(f"{game} has no heuristic bot")
                except ValueError as e:
                    raise LobbyError("bad_request", f"seats[{i}].bot: {e}") from None
            name = s.get("name") or ""
            if not isinstance(name, str) or len(name) > MAX_NAME:
                raise LobbyError("bad_request", f"seats[{i}].name must be text of at most {MAX_NAME} characters")
            seats_json.append({"bot": bot, "name": name})
        try:
            clock = ClockSettings.from_json(body.get("clock"))
        except ClockError as e:
            raise LobbyError("bad_request", str(e)) from None
        lang = body.get("lang", "en")
        if lang not in LANGS:
            raise LobbyError("bad_request", f"lang must be one of {', '.join(LANGS)}")
        options: dict[str, Any] = {"players": players, "variant": variant}
        extra = body.get("options") or {}
        if not isinstance(extra, Mapping) or any(k not in spec.options for k in extra):
            raise LobbyError("bad_request", f"options: {game} takes {', '.join(spec.options) or 'none'}")
        all_bots = all(s["bot"] is not None for s in seats_json)
        # a person's seat brings the game's person_options (a puzzle without an action limit), unless given
        options.update(table_options(game, extra, people=not all_bots))
        seed = fresh_seed()
        try:
            state = hustings.make(game, seed=seed, **options)  # refuse bad options now, not at the first replay
        except (ValueError, TypeError) as e:
            raise LobbyError("bad_request", str(e)) from None
        table_id = secrets.token_urlsafe(12)
        settings = {"seats": seats_json, "clock": clock.to_json(), "lang": lang,
                    "name": str(body.get("name") or "")[:80]}
        record = TableRecord(id=table_id, game=game, options=options, seed=seed, rules_version=spec.rules_version,
                             engine_version=ENGINE_VERSION, rng=RNG_NAME, settings=settings, status="lobby",
                             created_at=time.time(), rematch_of=None if rematch_of is None else rematch_of.id)
        tokens = {p: new_token() for p in range(players)}
        seat_records = [SeatRecord(table_id, p, token_hash(tokens[p]), s["name"], s["bot"] is not None,
                                   s["bot"] is not None) for p, s in enumerate(seats_json)]
        await self._db(self.store.create_table, record, seat_records)
        # the table in memory from what was just stored, not read back (a new id: nobody else can know of it yet)
        table = self.tables.setdefault(table_id, _build(record, seat_records, (), state))
        if all_bots:
            await self._start(table)
        else:
            self._evict_later(table)  # set up and never joined: not held for ever
        return {
            "table": self.info(table),
            "seats": [{"seat": p, "token": tokens[p], "invite": f"/t/{table_id}#seat={p}&token={tokens[p]}"}
                      for p, s in enumerate(seats_json) if s["bot"] is None],
            "spectate": f"/t/{table_id}",
        }

    async def _seat_of(self, table_id: str, token: object) -> tuple[LiveTable, int]:
        table = await self._load_lobby(table_id)
        seat = self._check_token(table, token)
        if seat is None:
            raise LobbyError("unauthorized", "this seat token is not valid for this table", 403)
        return table, seat

    async def _load_lobby(self, table_id: str) -> LiveTable:
        try:
            return await self._load(table_id)
        except PlayError:
            raise LobbyError("unknown_table", f"no table {table_id[:40]!r}", 404) from None

    def _check_token(self, table: LiveTable, token: object) -> int | None:
        """The seat whose token this is, compared in constant time with every seat's hash, else None."""
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            return None
        digest = token_hash(token).encode("ascii")
        found = None
        for s in table.seats:  # no early exit: the time taken says nothing about which seat matched
            if hmac.compare_digest(digest, s.token_hash.encode("ascii")):
                found = s.seat
        return found

    async def table_info(self, table_id: str) -> dict[str, Any]:
        return self.info(await self._load_lobby(table_id))

    async def join(self, table_id: str, token: object, name: object, ready: object = None) -> dict[str, Any]:
        """Take the seat (``ready``: true or false sets it too, in the same write: the table page's "join and
        ready" is one request)."""
        table, seat = await self._seat_of(table_id, token)
        if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME):
            raise LobbyError("bad_request", f"name must be text of at most {MAX_NAME} characters")
        if ready is not None and not isinstance(ready, bool):
            raise LobbyError("bad_request", "ready must be true or false")
        changes: dict[str, Any] = {"joined": True}
        if name is not None:  # no name given: the seat keeps the one it has
            changes["name"] = name
        if ready is not None:
            changes["ready"] = ready
        return await self._set_seat(table, seat, changes)

    async def ready(self, table_id: str, token: object, ready: object) -> dict[str, Any]:
        table, seat = await self._seat_of(table_id, token)
        if not isinstance(ready, bool):
            raise LobbyError("bad_request", "ready must be true or false")
        return await self._set_seat(table, seat, {"ready": ready, "joined": True})

    async def _set_seat(self, table: LiveTable, seat: int, changes: dict[str, Any]) -> dict[str, Any]:
        """Store a seat's changes, then hold them in memory and tell the table."""
        async with table.lock:
            await self._db(self.store.update_seat, table.id, seat, **changes)
            table.seats[seat] = _replace_seat(table.seats[seat], **changes)
        self._push_table(table)
        return self.info(table)

    async def start(self, table_id: str, token: object) -> dict[str, Any]:
        table, _ = await self._seat_of(table_id, token)
        if self.store.shared and not all(s.joined and s.ready for s in table.seats):
            await self._refresh_lobby(table)  # they may have joined through another process a moment ago
        if table.status != "lobby":
            raise LobbyError("conflict", f"the table is {table.status} already", 409)
        waiting = [s.seat for s in table.seats if not (s.joined and s.ready)]
        if waiting:
            raise LobbyError("conflict", f"waiting for seats {', '.join(str(p) for p in waiting)} to join and "
                             "be ready", 409)
        return self.info(await self._start(table))

    async def _start(self, table: LiveTable) -> LiveTable:
        """Start the game; returns the table started (the copy in memory: an idle lobby table may have left
        memory, and been read back, while this call waited)."""
        while self.tables.get(table.id) is not table:
            table = await self._load(table.id)
        async with table.lock:
            if table.status != "lobby":
                return table
            if self.tables.get(table.id) is not table:  # it left memory while this waited for the lock
                return await self._start(await self._load(table.id))
            settings = dict(table.record.settings, started_at=time.time())

            def store_start() -> None:  # both writes in one trip to the store's threads
                self.store.set_settings(table.id, settings)
                self.store.set_status(table.id, "playing")

            await self._db(store_start)
            self._begin(table, settings)
        return table

    def _begin(self, table: LiveTable, settings: dict[str, Any]) -> None:
        """The game starts (here, or in another process that shares the database): clocks from ``started_at``,
        everyone told, bots and grace periods running. Under the table's lock."""
        table.record = _replace_record(table.record, settings=settings, status="playing")
        if table.evict is not None:  # a lobby table's: a game in play stays in memory
            table.evict.cancel()
            table.evict = None
        table.clocks = Clocks(table.clock, table.state.num_players, settings["started_at"])
        self._start_graces(table)
        self._broadcast(table, full=True)
        self._schedule(table)

    async def rematch(self, table_id: str, token: object) -> dict[str, Any]:
        """A new table with the same game, seats and settings (new seed, new tokens). The first to ask gets
        every person's new token to share, as the creator of a table does; the old table's info names the
        rematch, and later askers are told it exists (only token hashes are stored, so nobody else's token
        can be handed out again)."""
        table, seat = await self._seat_of(table_id, token)
        if table.status != "over":
            raise LobbyError("conflict", "a rematch can only follow a finished game", 409)
        async with self._lobby_lock:
            existing = table.record.settings.get("rematch")
            if existing is None:
                rec = table.record
                body = {"game": rec.game, "variant": rec.options.get("variant"), "players": rec.options["players"],
                        "seats": [{"bot": s["bot"], "name": table.seats[p].name}
                                  for p, s in enumerate(rec.settings["seats"])],
                        "clock": rec.settings.get("clock"), "lang": rec.settings.get("lang", "en"),
                        "name": rec.settings.get("name", ""),
                        "options": {k: v for k, v in rec.options.items() if k not in ("players", "variant")}}
                answer = await self.create(body, rematch_of=rec)
                settings = dict(rec.settings, rematch=answer["table"]["id"])
                await self._db(self.store.set_settings, table.id, settings)
                table.record = _replace_record(table.record, settings=settings)
                self._push_table(table)
                return answer
            raise LobbyError("conflict", f"the rematch {existing} exists already: whoever asked first got every "
                             f"seat's link; ask them for the link of seat {seat}", 409)

    async def my_tables(self, tokens: object) -> list[dict[str, Any]]:
        if not isinstance(tokens, list) or len(tokens) > 200 or not all(isinstance(t, str) for t in tokens):
            raise LobbyError("bad_request", "tokens must be a list of at most 200 seat tokens")
        out = []
        for tok in tokens:
            seat = await self._db(self.store.seat_by_token_hash, token_hash(tok))
            if seat is None:
                continue
            try:
                table = await self._load(seat.table_id)
            except TableRefused as e:  # listed as stored (its page says why it cannot be played here)
                out.append(dict(_stored_info(e.record, await self._db(self.store.seats, seat.table_id)),
                                seat=seat.seat))
                continue
            out.append(dict(self.info(table), seat=seat.seat))
        return out

    async def record_of(self, table_id: str) -> dict[str, Any]:
        try:
            table = await self._load_lobby(table_id)
        except TableRefused as e:
            if e.record.status != "over":
                raise
            # a finished game of another release is history: its record as stored, its own rules version in it
            # (so hustings.replay refuses it rather than play it out under these rules)
            return _stored_record(e.record, await self._db(self.store.actions, table_id, 0))
        if table.status != "over":  # set once the last move is durable (is_over holds while it is being written)
            raise LobbyError("conflict", "the record holds the seed: it is given out only when the game is over",
                             409)
        record: dict[str, Any] = table.match.record()
        if table.match.given_up is not None:  # ended at the table: the record replays to where it was given up
            record["given_up"] = table.match.given_up
        return record

    def info(self, table: LiveTable) -> dict[str, Any]:
        """TableInfo: what anyone at the table may know about it (never a token, seed or hidden card)."""
        rec = table.record
        fixed = table.info_fixed
        if fixed is None or fixed[0] is not rec:
            # what only a new record changes (every change of a table's record replaces it): made once, not for
            # every message of every move
            fixed = table.info_fixed = (rec, {
                "id": rec.id, "game": rec.game, "variant": rec.options.get("variant"),
                "players": rec.options.get("players"), "clock": table.clock.to_json(),
                "lang": rec.settings.get("lang", "en"), "name": rec.settings.get("name", ""),
                "rematch": rec.settings.get("rematch"), "rematch_of": rec.rematch_of})
        now = time.time()
        playing = rec.status == "playing"
        seats = []
        for s in table.seats:
            bot = table.match.seats[s.seat]
            seats.append({"seat": s.seat, "name": s.name, "bot": bot, "joined": s.joined, "ready": s.ready,
                          "connected": table.connected(s.seat),
                          "replaced_by_bot": bot is None and playing
                          and (s.seat in table.away or table.out_of_time(s.seat, now))})
        out = dict(fixed[1])
        out["status"], out["step"], out["seats"] = rec.status, table.stored, seats
        return out

    # -- connections -----------------------------------------------------------------------------------------

    async def hello(self, conn: Conn, table_id: str, msg: Mapping[str, Any]) -> None:
        if conn.said_hello:
            raise PlayError("hello_again")
        lang = msg.get("lang")
        if lang is not None:
            conn.lang = lang if lang in LANGS else normalize_lang(str(lang))
        since = msg.get("since")
        if since is not None and (isinstance(since, bool) or not isinstance(since, int) or since < 0):
            raise PlayError("bad_message", detail="since must be a step number")
        while True:
            try:
                table = await self._load(table_id)
            except TableRefused as e:
                if lang is None:  # no language asked for: the table's own
                    conn.lang = normalize_lang(str(e.record.settings.get("lang", "en")))
                raise PlayError(e.code, **e.fields(conn.lang)) from None
            seat: int | None = None
            if msg.get("spectator") is not True:
                seat = self._check_token(table, msg.get("token"))
                if seat is None:
                    raise PlayError("unauthorized")
            async with table.lock:
                if self.tables.get(table_id) is table:
                    if lang is None:  # no language asked for: the table's own
                        conn.lang = table.record.settings.get("lang", "en")
                    self._attach(conn, table, seat, since)
                    return
            # a finished table dropped from memory while we waited for its lock: join the copy loaded afresh

    def _attach(self, conn: Conn, table: LiveTable, seat: int | None, since: int | None) -> None:
        """The connection joins the table (under its lock): welcome, the state, and everyone told."""
        conn.table, conn.seat, conn.said_hello = table, seat, True
        first_here = seat is not None and not table.here(seat)
        table.conns.add(conn)
        if self.store.shared and seat is not None and first_here:
            self._presence_changed(table, seat)
        if table.evict is not None:
            table.evict.cancel()
            table.evict = None
        came_back = seat is not None and self._seat_is_back(table, seat)
        conn.send(dumps({"type": "welcome", "seat": seat, "table": self.info(table)}))
        self.send_state(table, conn, "state", since)
        self._push_table(table, but=conn)
        if came_back:
            self._schedule(table)

    def gone(self, conn: Conn) -> None:
        """The connection closed: if it was a person's last one, a bot plays for them after the grace period."""
        table = conn.table
        if table is None:
            return
        table.conns.discard(conn)
        if self.store.shared and conn.seat is not None and not table.here(conn.seat):
            self._presence_changed(table, conn.seat)
        if conn.seat is not None and not table.connected(conn.seat) and table.status == "playing":
            self._start_grace(table, conn.seat)
        self._push_table(table)
        self._evict_later(table)

    def _evict_later(self, table: LiveTable) -> None:
        """A finished table, or one still in the lobby, that nobody is connected to leaves memory after EVICT_S
        (the store holds all of it, and a hello, a lobby call, a record or a rematch loads it again); a server
        that runs for months must hold neither every game it ever served nor every table set up and forgotten."""
        if (self._loop is None or self._stopping or table.evict is not None or table.conns
                or table.status not in ("over", "lobby")):
            return
        table.evict = self._loop.call_later(EVICT_S, self._evict, table)

    def _evict(self, table: LiveTable) -> None:
        table.evict = None
        if table.conns or table.status not in ("over", "lobby"):
            return  # watched again (the last connection to leave schedules the next try), or started
        if table.lock.locked() or (table.bot_task is not None and not table.bot_task.done()):
            self._evict_later(table)  # busy this moment (a record read, a rematch): try again later
            return
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if table.timer is not None:
            table.timer.cancel()
        for handle in table.grace.values():
            handle.cancel()

    def _start_graces(self, table: LiveTable) -> None:
        """A grace period for every person's seat nobody is connected to (the game started, or this process did)."""
        for p in table.humans():
            if not table.connected(p):
                self._start_grace(table, p)

    @staticmethod
    def _seat_is_back(table: LiveTable, seat: int) -> bool:
        """Someone plays ``seat`` again: its grace period ends, and no bot plays for it; True if one did."""
        handle = table.grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        was_away = seat in table.away
        table.away.discard(seat)
        return was_away

    def _start_grace(self, table: LiveTable, seat: int) -> None:
        if table.match.seats[seat] is not None or seat in table.grace or self._loop is None:
            return

        def expire() -> None:
            table.grace.pop(seat, None)
            if not table.connected(seat) and table.status == "playing":
                table.away.add(seat)
                self._push_table(table)
                self._schedule(table)

        table.grace[seat] = self._loop.call_later(self.grace_s, expire)

    # -- what each connection is told ---------------------------------------------------------------------

    def _message(self, table: LiveTable, conn: Conn, kind: str, events: Sequence[Event],
                 cache: dict[Any, Any], ack: int | None = None) -> str:
        """The JSON of a "state"/"update" for ``conn``: its seat's view, legal actions (only if it must act now)
        and the events it may see. Assembled from fragments encoded once per change in ``cache`` (shared by one
        broadcast) and ``table.fragments()`` (shared by every message about this step): what every connection
        gets alike is encoded once per message round, a seat's view and legal actions once per step however many
        connections and messages (a resync after a stale move) need them, an event's text once per seat and
        language."""
        st = table.state
        seat, lang = conn.seat, conn.lang
        frags = table.fragments()
        key = ("view", seat)
        if key not in frags:
            view = st.view(seat)
            phase = view.get("phase", "") if isinstance(view, Mapping) else ""
            frags[key] = view, dumps(view), dumps(str(phase))
        view, view_json, phase_json = frags[key]
        if "common" not in cache:
            # the fields every connection gets alike
            to_act = list(st.current_players) if table.status == "playing" else []
            outcome = None
            over = table.match.is_over  # by the rules, or given up (Hub.give_up)
            if over:
                o = table.match.outcome()
                outcome = {"winners": list(o.winners), "ranks": list(o.ranks), "utilities": list(o.utilities),
                           "scores": st.scores()}
                if table.match.given_up is not None:
                    outcome["given_up"] = table.match.given_up
            clocks = table.clocks.to_json(to_act, time.time()) if table.status == "playing" else []
            cache["to_act"] = to_act
            cache["common"] = dumps({"to_act": to_act, "clocks": clocks, "over": over, "outcome": outcome,
                                     "status": table.status, "table": self.info(table)})[1:-1]
        voice = cache.get(("voice", lang))
        if voice is None:  # the connection's language and the names people chose for the seats
            voice = cache["voice", lang] = W.voice(lang, [s.name for s in table.seats])
        game = table.record.game
        legal_json = "[]"
        if seat is not None and seat in cache["to_act"] and not st.is_over:
            lkey = ("legal", seat, lang)
            if lkey not in frags:
                memo = table.labels.get((seat, lang))
                known = memo[2] if memo is not None and memo[0] == view_json and memo[1] == voice else {}
                legal = W.legal(game, st.legal_actions(seat), view, voice, known)
                table.labels[(seat, lang)] = (view_json, voice, known)
                frags[lkey] = dumps(legal)
            legal_json = frags[lkey]
        evs: list[str] = []
        for e in events:
            if e.to is None or e.to == seat:
                ekey = ("event", id(e), seat, lang)  # e is held by table.events for as long as frags are
                ev = frags.get(ekey)
                if ev is None:
                    # e.data is FrozenDict/FrozenList: dict and list subclasses, which orjson writes as they are
                    ev = frags[ekey] = dumps({"type": e.type, "data": e.data, "step": e.step, "to": e.to,
                                              "text": W.event_text(game, e, voice)})
                evs.append(ev)
        can_undo = seat is not None and not st.is_over and table.undo_ok == (st.step_count, seat)
        can_give_up = (seat is not None and table.status == "playing" and table.match.can_give_up(seat))
        acked = "" if ack is None else f'"ack":{ack},'
        return (f'{{"type":"{kind}",{acked}"step":{st.step_count},"view":{view_json},"legal":{legal_json},'
                f'"events":[{",".join(evs)}],"phase":{phase_json},"can_undo":{"true" if can_undo else "false"},'
                f'"can_give_up":{"true" if can_give_up else "false"},{cache["common"]}}}')

    def send_state(self, table: LiveTable, conn: Conn, kind: str, since: int | None,
                   cache: dict[Any, Any] | None = None) -> None:
        events = table.events if since is None else [e for e in table.events if e.step > since]
        conn.send(self._message(table, conn, kind, events, {} if cache is None else cache))
        conn.cursor = len(table.events)

    def resync(self, conn: Conn) -> None:
        """After a refused stale move: an "update" with whatever this connection has not been told yet (usually
        nothing: the move that came first was broadcast before the refusal), never the whole game again."""
        table = conn.table
        if table is None:
            return
        conn.send(self._message(table, conn, "update", table.events[conn.cursor:], {}))
        conn.cursor = len(table.events)

    def _broadcast(self, table: LiveTable, full: bool = False, ack: tuple[Conn, int] | None = None) -> None:
        """Tell every connection what changed: its seat's view, legal actions and new events (``full``: a fresh
        "state" with every event, after an undo took events back or the game started). ``ack``: the connection
        whose act made the change, and the step its update acknowledges (the move is durable)."""
        cache: dict[Any, Any] = {}
        for conn in list(table.conns):
            if full:
                self.send_state(table, conn, "state", None, cache)
            else:
                acked = ack[1] if ack is not None and ack[0] is conn else None
                conn.send(self._message(table, conn, "update", table.events[conn.cursor:], cache, acked))
                conn.cursor = len(table.events)

    def _push_table(self, table: LiveTable, but: Conn | None = None) -> None:
        if not table.conns:
            return
        msg = dumps({"type": "table", "table": self.info(table)})
        for conn in list(table.conns):
            if conn is not but:
                conn.send(msg)

    # -- play ------------------------------------------------------------------------------------------------

    async def act(self, conn: Conn, msg: Mapping[str, Any]) -> None:
        table, seat = self._actor(conn)
        step, action_id = msg.get("step"), msg.get("action")
        if isinstance(step, bool) or not isinstance(step, int):
            raise PlayError("bad_message", detail="act needs an integer step")
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise PlayError("bad_message", detail="act needs an integer action id")
        async with table.lock:
            st = table.state
            try:
                self._check_turn(table, seat, step)
            except PlayError as e:
                if e.code == "stale_step":
                    e.fields["action"] = action_id  # which act was refused
                raise
            action = _legal_action(st, seat, action_id)
            await self._commit(table, seat, action, by=conn)

    def _actor(self, conn: Conn) -> tuple[LiveTable, int]:
        if conn.table is None:
            raise PlayError("hello_first")
        if conn.seat is None:
            raise PlayError("spectator")
        return conn.table, conn.seat

    def _check_turn(self, table: LiveTable, seat: int, step: int) -> None:
        st = table.state
        if table.status == "lobby":
            raise PlayError("not_started")
        if table.match.is_over:
            raise PlayError("over")
        if step != st.step_count:
            raise PlayError("stale_step", step=st.step_count, sent=step)
        if seat not in st.current_players:
            raise PlayError("not_your_turn", seats=", ".join(str(p) for p in st.current_players))

    async def _commit(self, table: LiveTable, seat: int, action: Action, by: Conn | None) -> None:
        """Apply, store durably, then acknowledge and tell everyone. Called under the table's lock."""
        st = table.state
        to_act = st.current_players
        step = st.step_count
        # a person's own move (not a stand-in bot's) may be offered for undo: keep the state it was made on
        person = by is not None and table.match.seats[seat] is None
        open_game = type(st).PERFECT_INFORMATION
        before = st.clone() if person and not open_game else None
        events = st.apply(seat, action)
        at = time.time()
        undo_check = None
        if open_game:
            # nothing hidden anywhere: only a private word to another seat could have revealed something
            undo_offer = person and not st.is_over and all(e.to is None or e.to == seat for e in events)
        else:
            undo_offer = False
            if before is not None and not st.is_over:
                # a quick re-dealt replay (the undo itself is decided on the full count) runs while the move is
                # being written, not after it
                undo_check = asyncio.ensure_future(
                    asyncio.to_thread(_undoable, before, seat, action.id, OFFER_SAMPLES))
        try:
            # the store's writer commits this move with whatever else is waiting (group commit); durable when
            # the future resolves
            await self.store.submit_action_async(table.id, step, seat, action.id, at, over=st.is_over)
        except StaleStep:
            # another process moved first (several servers on one database): catch up, then refuse
            await self._rebuild(table)
            raise PlayError("stale_step", step=table.state.step_count, sent=step, action=action.id) from None
        except (StoreError, OSError) as e:
            log.error("table %s: move %d not stored: %s", table.id, step, e)
            await self._rebuild(table)
            raise PlayError("unavailable") from None
        table.events.extend(events)
        table.clocks.on_action(to_act, seat, at)
        table.made_by_person[step] = person
        table.stored = step + 1
        table.undo_ok = None
        if undo_offer or (undo_check is not None and await undo_check):
            table.undo_ok = (step + 1, seat)
        if st.is_over:
            table.record = _replace_record(table.record, status="over")
            self._evict_later(table)  # bots played it to the end, say, with nobody watching
        if by is not None:
            table.away.discard(seat)
        # the sender's update carries the ack (one frame, not two, per move)
        self._broadcast(table, ack=(by, step + 1) if by is not None else None)
        self._schedule(table)

    async def _rebuild(self, table: LiveTable) -> None:
        """Replace the table's game by a replay of what the store holds (after an undo, a failed write, or a
        move made by another process), and tell everyone the whole state afresh."""
        record, actions = await asyncio.gather(self._db(self.store.table, table.id),
                                               self._db(self.store.actions, table.id, 0))
        fresh = await asyncio.to_thread(_build, record, table.seats, actions)
        began = table.status == "lobby" and fresh.status == "playing"  # started through another process
        table.record, table.match, table.events, table.clocks = fresh.record, fresh.match, fresh.events, fresh.clocks
        if began:
            self._start_graces(table)
        table.stored = fresh.stored
        table.frags.clear()  # another state, perhaps at the same step
        table.stand_ins.clear()
        table.undo_ok = None
        history = table.state.history
        for step in [s for s in table.made_by_person if s >= len(history)]:  # taken back
            del table.made_by_person[step]
        if history and not table.state.is_over and table.made_by_person.get(len(history) - 1):
            # after an undo the move before it may be a person's own, reveal-free one too
            seat, action = history[-1]
            before = await asyncio.to_thread(_replay, table.record, history[:-1])
            if await asyncio.to_thread(_undoable, before, seat, action, OFFER_SAMPLES):
                table.undo_ok = (len(history), seat)
        self._broadcast(table, full=True)
        self._schedule(table)

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
        st = table.state
        new = await self._db(self.store.actions, table.id, st.step_count)
        record = await self._db(self.store.table, table.id)
        if table.status == "lobby" and record.status != "lobby":
            self._begin(table, dict(record.settings))  # started through another process, whose move came first
        for a in new:
            if a.step != st.step_count:
                raise StoreError("a gap in the stored actions")
            to_act = st.current_players
            table.events.extend(st.apply(a.seat, a.action))
            table.clocks.on_action(to_act, a.seat, a.at)
            table.made_by_person.pop(a.step, None)  # made through another process: who moved is not known here
            table.stored = a.step + 1
        table.record = record
        self._broadcast(table)
        self._schedule(table)
        if table.status == "over":
            self._evict_later(table)  # finished through another process

    # -- several processes on one database: who is connected where, lobby changes ---------------------------

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
            await asyncio.gather(*(self._quietly(self._refresh_lobby(t), t.id) for t in tables))
        finally:
            self._lobby_refreshing = False

    async def _quietly(self, work: Coroutine[Any, Any, None], table_id: str) -> None:
        """A background look at the database (a hint, a heartbeat's re-read): a failure is logged, and the next
        heartbeat tries again."""
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception as e:
            if not self._stopping:
                log.warning("table %s: not re-read from the database: %s", table_id, e)

    def _set_remote(self, table: LiveTable, seats: set[int]) -> None:
        """The seats other processes hold connections of are now ``seats``."""
        if seats == table.remote:
            return
        came, left = seats - table.remote, table.remote - seats
        table.remote = set(seats)
        for seat in came:  # a person connected elsewhere plays their own seat: no bot for them from here
            self._seat_is_back(table, seat)
        if table.status == "playing":
            for seat in left:
                if not table.connected(seat):
                    self._start_grace(table, seat)
        self._push_table(table)
        self._schedule(table)

    def _on_lobby_hint(self, table_id: str, kind: str) -> None:
        """From the store's listener thread: another process changed a table's lobby ("l") or presence ("p")."""
        self._in_loop(self._lobby_hint, table_id, kind)

    def _lobby_hint(self, table_id: str, kind: str) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return  # not held here: read afresh when it is loaded
        self._spawn(self._quietly(self._refresh_lobby(table) if kind == "l" else self._refresh_presence(table),
                                  table_id))

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
            records, seats = await asyncio.gather(self._db(self.store.tables, ids=[table.id]),
                                                  self._db(self.store.seats, table.id))
            if not records:
                return
            record = records[0]
            changed = seats != table.seats
            table.seats = list(seats)
            if record.status == "playing" and table.status == "lobby":
                self._begin(table, dict(record.settings))  # started through another process
                changed = True
            elif record.status == "over" and table.status == "playing" and "given_up" in record.settings:
                self._end_given_up(table, dict(record.settings))  # given up through another process
                changed = True
            elif record.settings != table.record.settings:
                table.record = _replace_record(table.record, settings=dict(record.settings))
                changed = True
        if changed:
            self._push_table(table)

    # -- undo ---------------------------------------------------------------------------------------------------

    async def undo(self, conn: Conn, msg: Mapping[str, Any]) -> None:
        table, seat = self._actor(conn)
        step = msg.get("step")
        if isinstance(step, bool) or not isinstance(step, int):
            raise PlayError("bad_message", detail="undo needs the integer step you saw")
        async with table.lock:
            st = table.state
            if table.status == "lobby":
                raise PlayError("not_started")
            if table.match.is_over:
                raise PlayError("over")
            if step != st.step_count:
                raise PlayError("stale_step", step=st.step_count, sent=step)
            history = st.history
            if not history:
                raise PlayError("cannot_undo", detail=error_text("undo.empty", conn.lang))
            last_seat, last_action = history[-1]
            if last_seat != seat:
                raise PlayError("cannot_undo", detail=error_text("undo.not_yours", conn.lang))
            by_person = table.made_by_person.get(step - 1)
            if not by_person:  # a stand-in bot moved for them, or this process did not see who moved
                key = "undo.bot" if by_person is False else "undo.unseen"
                raise PlayError("cannot_undo", detail=error_text(key, conn.lang))
            before = await asyncio.to_thread(_replay, table.record, history[:-1])
            reason = await asyncio.to_thread(undo_refusal, before, seat, last_action)
            if reason is not None:
                raise PlayError("cannot_undo", detail=error_text(reason, conn.lang))
            try:
                await self._db(self.store.truncate, table.id, step - 1, step)
            except StaleStep:
                await self._rebuild(table)
                raise PlayError("stale_step", step=table.state.step_count, sent=step) from None
            conn.send(dumps({"type": "ack", "step": step - 1}))
            await self._rebuild(table)

    # -- giving up ----------------------------------------------------------------------------------------------

    async def give_up(self, conn: Conn, msg: Mapping[str, Any]) -> None:
        """The one person of a one-player game gives it up (a command of the table, not a move): the table is
        stored as over, given up, lost (``settings.given_up``), and everyone is told. Under the table's lock."""
        table, seat = self._actor(conn)
        step = msg.get("step")
        if isinstance(step, bool) or not isinstance(step, int):
            raise PlayError("bad_message", detail="give_up needs the integer step you saw")
        async with table.lock:
            st = table.state
            if table.status == "lobby":
                raise PlayError("not_started")
            if table.match.is_over:
                raise PlayError("over")
            if step != st.step_count:
                raise PlayError("stale_step", step=st.step_count, sent=step)
            if not table.match.can_give_up(seat):
                raise PlayError("cannot_give_up")
            settings = dict(table.record.settings, given_up=seat)

            def store_end() -> None:  # the settings first: a table whose settings say given up is over (_build)
                self.store.set_settings(table.id, settings)
                self.store.set_status(table.id, "over")

            await self._db(store_end)
            self._end_given_up(table, settings)

    def _end_given_up(self, table: LiveTable, settings: dict[str, Any]) -> None:
        """The table ends given up (here, or through another process): everyone told, nothing scheduled."""
        table.match.given_up = settings["given_up"]
        table.record = _replace_record(table.record, settings=settings, status="over")
        table.undo_ok = None
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
            voice = W.voice(lang, [s.name for s in table.seats])
            # only what this connection has been told: its seat's events up to its cursor
            seen = [e for e in table.events[:conn.cursor] if e.to is None or e.to == seat]
            at = [i for i, e in enumerate(seen) if e.step == step]
            if not 0 <= index < len(at):
                raise PlayError("unknown_event", step=step, index=index)
            # the seat's view now, taken under the lock (a fresh object: moves made meanwhile do not touch it)
            view = table.state.view(seat)
        k = at[index]
        items = await asyncio.to_thread(W.explain, table.record.game, seen[:k + 1], k, voice, view)
        conn.send(dumps({"type": "explanation", "step": step, "index": index, "event": seen[k].type,
                         "items": items}))

    # -- bots, clocks ------------------------------------------------------------------------------------------

    def _schedule(self, table: LiveTable) -> None:
        """After every change: start the bots if a bot-played seat is to act, and set the clock alarm."""
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        st = table.state
        if table.status != "playing" or st.is_over or self._loop is None:
            return
        now = time.time()
        to_act = st.current_players
        if any(table.bot_played(p, now) for p in to_act) and table.bot_task is None:
            table.bot_task = asyncio.ensure_future(self._bots(table))
        deadlines = [d for p in to_act if not table.bot_played(p, now)
                     if (d := table.clocks.deadline(p, to_act)) is not None]
        if deadlines:
            delay = max(0.0, min(deadlines) - now) + 0.005
            table.timer = self._loop.call_later(delay, self._on_timeout, table)

    def _on_timeout(self, table: LiveTable) -> None:
        table.timer = None
        self._push_table(table)  # replaced_by_bot shows
        self._schedule(table)

    async def _bots(self, table: LiveTable) -> None:
        """Bots move for every bot-played seat that is to act, one decision at a time, thinking in the
        executor on a copy of the state (never blocking the loop); a decision that came too late (the seat
        acted meanwhile, or what it sees changed) is dropped."""
        loop = asyncio.get_running_loop()
        try:
            while True:
                async with table.lock:
                    st = table.state
                    if table.status != "playing" or st.is_over:
                        return
                    now = time.time()
                    seats = [p for p in st.current_players if table.bot_played(p, now)]
                    if not seats:
                        return
                    seat = seats[0]
                    bot = self._bot_for(table, seat)
                    snapshot = st.clone()
                    seen = snapshot.view(seat)
                started = time.perf_counter()
                try:
                    action = await loop.run_in_executor(self.executor, _think, bot, snapshot, seat)
                except Exception as e:
                    if self._stopping:
                        return
                    log.error("table %s: the bot of seat %d failed (%s); it plays at random", table.id, seat, e)
                    legal = snapshot.legal_actions(seat)
                    action = legal[random.randrange(len(legal))]
                log.debug("table %s seat %d: bot decided in %.3fs", table.id, seat, time.perf_counter() - started)
                async with table.lock:
                    st = table.state
                    if (table.status != "playing" or st.is_over or seat not in st.current_players
                            or not table.bot_played(seat, time.time()) or st.view(seat) != seen
                            or action not in st.legal_actions(seat)):
                        continue
                    try:
                        await self._commit(table, seat, action, by=None)
                    except PlayError as e:
                        log.warning("table %s: a bot move was not stored (%s)", table.id, e.code)
                        await asyncio.sleep(0.2)
        except asyncio.CancelledError:
            raise
        finally:
            table.bot_task = None

    def _bot_for(self, table: LiveTable, seat: int) -> Bot:
        bot = table.match.bots[seat]
        if bot is not None:
            return bot
        stand_in = table.stand_ins.get(seat)
        if stand_in is None:
            name = "heuristic" if heuristic_for(table.record.game) is not None else "random"
            stand_in = make_bot(name, table.record.game, bot_seed(table.record.seed, seat) ^ 1, clock=True)
            table.stand_ins[seat] = stand_in
        return stand_in

    # -- dispatch ------------------------------------------------------------------------------------------------

    async def handle(self, conn: Conn, table_id: str, msg: Mapping[str, Any]) -> None:
        """One client message; PlayError is turned into an error message by the caller."""
        kind = msg.get("type")
        if kind == "ping":
            conn.send(dumps({"type": "pong"}))
            return
        if kind == "hello":
            await self.hello(conn, table_id, msg)
            return
        if conn.table is None:
            if kind in ("act", "undo", "lang", "explain", "give_up"):
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
            lang = msg.get("lang")
            if lang not in LANGS:
                raise PlayError("bad_message", detail=f"lang must be one of {', '.join(LANGS)}")
            conn.lang = str(lang)
            async with conn.table.lock:
                self.send_state(conn.table, conn, "state", None)
        else:
            raise PlayError("bad_message", detail=f"unknown message type {str(kind)[:30]!r}")


def _think(bot: Bot, state: GameState, seat: int) -> Action:
    legal = state.legal_actions(seat)
    return ask(bot, state, seat, legal)


def _legal_action(st: GameState, seat: int, action_id: int) -> Action:
    legal = st.legal_actions(seat)
    for a in legal:
        if a.id == action_id:
            return a
    try:
        what = st.SPACE.resolve(action_id)
    except IllegalActionError as e:
        raise PlayError("illegal_action", detail=str(e)) from None
    raise PlayError("illegal_action", detail=f"{what.text('en')} (id {action_id}) is not among your legal actions")


def _undoable(before: GameState, seat: int, action: int, samples: int) -> bool:
    """Whether the undo rule (hustings.table.undo), tried on ``samples`` re-deals, lets ``seat`` take back
    ``action`` made on ``before``."""
    try:
        return undo_refusal(before, seat, action, samples=samples) is None
    except Exception:  # a game whose resample fails oddly: no Undo offered (the undo message still decides)
        log.exception("undo check failed")
        return False


def _replay(record: TableRecord, history: Sequence[tuple[int, int]]) -> GameState:
    state = hustings.make(record.game, seed=record.seed, **record.options)
    for seat, action in history:
        state.apply(seat, action)
    return state


def _build(record: TableRecord, seats: Sequence[SeatRecord], actions: Sequence[Any],
           state: GameState | None = None) -> LiveTable:
    """A live table from the store: the game replayed action by action, the clocks brought forward with it
    (``state``: the game made from the record already, before any action)."""
    refused = _refusal(record)
    if refused is not None:
        raise refused
    if state is None:
        state = hustings.make(record.game, seed=record.seed, **record.options)
    clock = ClockSettings.from_json(record.settings.get("clock"))
    clocks = Clocks(clock, state.num_players, float(record.settings.get("started_at", record.created_at)))
    for a in actions:
        to_act = state.current_players
        state.apply(a.seat, a.action)
        clocks.on_action(to_act, a.seat, a.at)
    bots = [s.get("bot") for s in record.settings["seats"]]
    given_up = record.settings.get("given_up")  # a one-player game its person gave up (Hub.give_up)
    match = Match(state, bots, given_up=given_up if isinstance(given_up, int) else None)
    if match.is_over and record.status != "over":
        record = _replace_record(record, status="over")
    return LiveTable(record=record, seats=list(seats), match=match, events=list(state.all_events()),
                     clocks=clocks, clock=clock, stored=len(actions))


def _stored_info(record: TableRecord, seats: Sequence[SeatRecord]) -> dict[str, Any]:
    """TableInfo of a table this server does not load (another release's rules): from the store alone, nobody
    connected (nobody can be), its status and step as stored."""
    bots = [s.get("bot") for s in record.settings.get("seats", [])]
    return {"id": record.id, "game": record.game, "variant": record.options.get("variant"),
            "players": record.options.get("players"),
            "clock": ClockSettings.from_json(record.settings.get("clock")).to_json(),
            "lang": record.settings.get("lang", "en"), "name": record.settings.get("name", ""),
            "rematch": record.settings.get("rematch"), "rematch_of": record.rematch_of, "status": record.status,
            "step": record.steps,
            "seats": [{"seat": s.seat, "name": s.name, "bot": bots[s.seat] if s.seat < len(bots) else None,
                       "joined": s.joined, "ready": s.ready, "connected": False, "replaced_by_bot": False}
                      for s in seats]}


def _stored_record(record: TableRecord, actions: Sequence[Any]) -> dict[str, Any]:
    """The engine record of a finished table as the store holds it, without replaying it."""
    return {"game": record.game, "rules_version": record.rules_version, "engine_version": record.engine_version,
            "rng": record.rng, "options": dict(record.options), "seed": record.seed,
            "actions": [[a.seat, a.action] for a in actions]}


def _replace_record(record: TableRecord, **changes: Any) -> TableRecord:
    from dataclasses import replace

    return replace(record, **changes)


def _replace_seat(seat: SeatRecord, **changes: Any) -> SeatRecord:
    from dataclasses import replace

    return replace(seat, **{k: v for k, v in changes.items() if v is not None})


__all__ = ["Conn", "Hub", "LiveTable", "LobbyError", "PlayError", "TableRefused", "dumps", "token_hash"]
