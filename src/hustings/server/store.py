"""The server's storage: one table row per game and an append-only action log (event sourcing).

A game is (game, options, seed, rules version) plus the actions in order; everything else (views, events,
clocks) is derived by replaying them, so the store holds nothing but those facts and the seats' token
hashes. :class:`ServerStore` is the protocol every backend implements (:class:`~hustings.server.sqlite.
SqliteStore` here, ``hustings.server.postgres.PostgresStore`` for several server processes);
:func:`open_store` picks one from a URL. ``append_action`` is the one serialisation point of a game: it
refuses a move unless the table holds exactly the actions the mover saw, and returns only once the move
is durable, so the server acknowledges nothing it could lose; ``submit_action`` is the same without blocking
a thread (a future), which lets a backend commit the moves of many tables together, and
``submit_action_async`` the same for a caller on an event loop (a future of that loop, see :func:`settle`).
"""

from __future__ import annotations

import asyncio
import importlib
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from hustings.engine import FrozenDict, freeze
from hustings.server.group_commit import COMMIT_DELAY_S, check_commit_delay
from hustings.table.storage import MADE_BY, ActionRecord, AsyncActionStore, MadeBy, StaleStep, StoreError, TableNotFound

#: table statuses, in the order a table goes through them
STATUSES: tuple[str, ...] = ("lobby", "playing", "over")


#: what a move waits on: a thread's future (``submit_action``) or an event loop's (``submit_action_async``)
MoveWaiter = Future[None] | asyncio.Future[None]


def _settle_in_loop(pairs: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    for waiter, outcome in pairs:
        if not waiter.done():  # a waiter given up on (cancelled) stays so
            if outcome is None:
                waiter.set_result(None)
            else:
                waiter.set_exception(outcome)


def settle(results: Sequence[tuple[MoveWaiter, BaseException | None]]) -> None:
    """From a store's writer thread, after a commit: resolve each move's waiter with its outcome (None: stored).
    Thread futures are resolved here; an event loop's futures with one call into that loop for the whole commit,
    instead of one wake-up of the loop per move."""
    loops: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
    for waiter, outcome in results:
        if isinstance(waiter, asyncio.Future):
            loops.setdefault(waiter.get_loop(), []).append((waiter, outcome))
        elif outcome is None:
            waiter.set_result(None)
        else:
            waiter.set_exception(outcome)
    for loop, pairs in loops.items():
        with suppress(RuntimeError):  # that loop is closed: nobody waits any more
            loop.call_soon_threadsafe(_settle_in_loop, pairs)


@dataclass(frozen=True)
class TableRecord:
    """One table. ``options`` are what ``hustings.make`` takes besides game and seed (players, variant, ...).

    ``seed`` never leaves the server before the game is over. ``settings`` is plain JSON: ``seats``
    (``[{"bot": name|None, "name": str}]``), ``clock`` (``{"mode": "none"|"bank"|"turn", "bank_s",
    "increment_s", "turn_s"}``), ``lang``. ``steps`` is the number of actions stored."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    rules_version: str
    engine_version: str
    rng: str
    settings: dict[str, Any]
    status: str = "lobby"
    created_at: float = 0.0
    rematch_of: str | None = None
    steps: int = 0
    #: until when (epoch seconds) the table's creator keeps it waiting for players: a table nobody has claimed a
    #: seat at is not expired before then (Hub.sweep; issue 25's public tables refresh it from the creator's page)
    kept_until: float = 0.0

    def __post_init__(self) -> None:
        # read-only: one record is shared by the table in memory, its TableInfo and every copy made by replace()
        if type(self.options) is not FrozenDict:
            object.__setattr__(self, "options", freeze(dict(self.options)))


class TableDamaged(StoreError):
    """A stored table this server cannot read or replay: a row it cannot decode (a seed that is no whole number,
    options or settings that are not JSON objects, a seat layout it does not know), or a gap in its action log.
    That table alone is refused (the protocol's ``damaged_table``); every other table is served. ``what`` says what
    is wrong, for the server's log and ``hustings db check``, never for players (it names the table)."""

    code = "damaged_table"

    def __init__(self, table_id: str, what: str) -> None:
        super().__init__(f"table {table_id} is damaged: {what}")
        self.table_id = table_id
        self.what = what


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: the columns a ``tables`` row is read with, in :func:`decode_table`'s order (both stores)
TABLE_COLUMNS = ("id, game, options, seed, rules_version, engine_version, rng, settings, status, created_at, "
                 "rematch_of, steps, kept_until")
#: the columns of a ``seats`` row (:func:`seat_of_row`) and of a ``notify_targets`` row (:func:`notify_of_row`)
SEAT_COLUMNS = "table_id, seat, token_hash, name, joined, ready"
NOTIFY_COLUMNS = "table_id, seat, kind, address, key, lang, unsubscribe_hash, notified_turn, created_at, id"


def seat_of_row(row: Sequence[Any]) -> SeatRecord:
    """A ``seats`` row (:data:`SEAT_COLUMNS`) as a record (both stores)."""
    return SeatRecord(table_id=row[0], seat=int(row[1]), token_hash=row[2], name=row[3], joined=bool(row[4]),
                      ready=bool(row[5]))


def notify_of_row(row: Sequence[Any]) -> NotifyTarget:
    """A ``notify_targets`` row (:data:`NOTIFY_COLUMNS`) as a record (both stores)."""
    return NotifyTarget(table_id=row[0], seat=int(row[1]), kind=row[2], address=row[3], key=row[4], lang=row[5],
                        unsubscribe_hash=row[6], notified_turn=int(row[7]), created_at=float(row[8]), id=int(row[9]))


def secret_of_row(row: Sequence[Any]) -> SeatSecret:
    """A ``seat_secrets`` row (table, seat, kind, hash, expiry) as a record (both stores)."""
    return SeatSecret(table_id=row[0], seat=int(row[1]), kind=row[2], hash=row[3],
                      expires_at=None if row[4] is None else float(row[4]))


def decode_table(row: Sequence[Any], loads: Callable[[Any], Any] | None = None) -> TableRecord:
    """One ``tables`` row (the columns of :data:`TABLE_COLUMNS`, in order) as a record, checked field by field:
    :class:`TableDamaged` naming the table and the first thing wrong, so that one bad row damages only its own
    table. ``loads`` decodes the JSON columns (SQLite stores text; PostgreSQL's JSONB arrives decoded)."""
    table_id = str(row[0])

    def json_object(value: Any, name: str) -> dict[str, Any]:
        if loads is not None:
            try:
                value = loads(value)
            except (ValueError, TypeError):
                raise TableDamaged(table_id, f"its {name} are not JSON ({_short(value)})") from None
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise TableDamaged(table_id, f"its {name} are not a JSON object ({_short(value)})")
        return value

    options = json_object(row[2], "options")
    settings = json_object(row[7], "settings")
    seed_text = row[3]
    try:
        seed = int(seed_text)
        if (isinstance(seed_text, bool) or (seed != seed_text and str(seed) != str(seed_text).strip())
                or seed < 0):
            raise ValueError
    except (ValueError, TypeError, ArithmeticError):
        raise TableDamaged(table_id, f"its seed {_short(seed_text)} is not a whole number of 0 or more") from None
    seats = settings.get("seats")
    if (not isinstance(seats, list)
            or not all(isinstance(s, dict) and (s.get("bot") is None or isinstance(s.get("bot"), str))
                       and isinstance(s.get("name", ""), str) for s in seats)):
        raise TableDamaged(table_id, f"its seat layout is not one this server knows ({_short(seats)})")
    status = row[8]
    if status not in STATUSES:
        raise TableDamaged(table_id, f"its status {_short(status)} is none of {', '.join(STATUSES)}")
    try:
        steps = int(row[11])
        created_at = float(row[9])
        kept_until = float(row[12] or 0.0) if len(row) > 12 else 0.0
    except (ValueError, TypeError):
        raise TableDamaged(table_id, f"its step count or times are not numbers ({_short(row[9:])})") from None
    if steps < 0:
        raise TableDamaged(table_id, f"its step count {steps} is negative")
    for i, name in ((1, "game"), (4, "rules version"), (5, "engine version"), (6, "random generator")):
        if not isinstance(row[i], str):
            raise TableDamaged(table_id, f"its {name} {_short(row[i])} is not text")
    return TableRecord(id=table_id, game=row[1], options=options, seed=seed, rules_version=row[4],
                       engine_version=row[5], rng=row[6], settings=settings, status=status, created_at=created_at,
                       rematch_of=None if row[10] is None else str(row[10]), steps=steps, kept_until=kept_until)


def seat_claimed(seat: SeatRecord, bot: str | None) -> bool:
    """Whether someone has claimed this seat: a person's seat that is joined. The one rule the lobby's expiry
    follows (seat claims may refine it: a seat whose secret was issued to a claimer)."""
    return bot is None and seat.joined


def unclaimed(record: TableRecord, seats: Sequence[SeatRecord]) -> bool:
    """Nobody has claimed a seat at this table (it may expire: :meth:`ServerStore.expire_unclaimed`)."""
    layout = record.settings.get("seats") or []
    bots = [s.get("bot") if isinstance(s, dict) else None for s in layout]
    return not any(seat_claimed(s, bots[s.seat] if 0 <= s.seat < len(bots) else None) for s in seats)


def gap_of(steps: int, held: Sequence[int]) -> str | None:
    """What is wrong with a table's action log, or None: ``held`` are the steps of its stored actions in order,
    ``steps`` how many it counts (a move is refused as stale for ever when the two disagree)."""
    missing = next((i for i, step in enumerate(held) if step != i), len(held))
    if missing == len(held) == steps:
        return None
    return (f"its action log has a gap: action {missing} is missing (the table counts {steps} actions, "
            f"{len(held)} are stored)")


def damage_of(steps: int, actions: tuple[int, int, int], seat_rows: tuple[int, int, int], seats: int,
              held: Callable[[], Sequence[int]]) -> str | None:
    """What is wrong with a table's action log and seat rows, or None. ``actions`` and ``seat_rows`` are (how many,
    the lowest number, the highest) of its stored actions' steps and seat rows (both unique by the schema, so these
    tell a gap); ``steps`` is how many actions the table counts, ``seats`` how many seats its settings lay out;
    ``held`` reads the stored steps in order, called only to name the first missing action."""
    count, low, high = actions
    if count != steps or (count and (low != 0 or high != steps - 1)):
        return gap_of(steps, held())
    count, low, high = seat_rows
    if count != seats or (count and (low != 0 or high != seats - 1)):
        return f"its seat rows ({count}) do not match its {seats} seats"
    return None


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a table. Only the sha256 (hex) of the seat's token is stored."""

    table_id: str
    seat: int
    token_hash: str
    name: str = ""
    joined: bool = False
    ready: bool = False


#: what a stored secret lets its holder do: play a seat (``seat``: every device of the seat's person has one),
#: claim a free seat (``invite``: shared by the host), add a device to a seat (``device``: one-time, short-lived,
#: given only to the seat's holder), act as the table's host (``host``: seat -1, never a seat's)
SECRET_KINDS: tuple[str, ...] = ("seat", "invite", "device", "host")
#: the seat number of a host secret
HOST_SEAT = -1


@dataclass(frozen=True)
class SeatSecret:
    """One secret of a table, as stored: only its sha256 (hex) ``hash``; ``expires_at`` (epoch seconds) for the
    short-lived ones."""

    table_id: str
    seat: int
    kind: str
    hash: str
    expires_at: float | None = None


#: what a chat line holds: text a person typed, or the key of a quick phrase (each reader sees it in their language)
CHAT_KINDS: tuple[str, ...] = ("text", "phrase")


@dataclass(frozen=True)
class ChatLine:
    """One line of a table's chat, as stored: its number at the table (from 0, in the order stored), the seat that
    wrote it, when (epoch seconds), its kind (:data:`CHAT_KINDS`) and its body (the text, or the phrase's key)."""

    n: int
    seat: int
    at: float
    kind: str
    body: str


#: how a seat is told that it is its turn while its browser is closed (hustings.server.notify)
NOTIFY_KINDS: tuple[str, ...] = ("email", "push")


@dataclass(frozen=True)
class NotifyTarget:
    """Where one seat is told that it is its turn (an e-mail address, or one device's Web Push subscription as
    JSON): kept apart from the game and its record, shown to nobody but the seat, and deleted when the game ends.
    ``key`` is what makes it one target of its seat (the address in lower case, the push endpoint);
    ``unsubscribe_hash`` the sha256 of the secret in its unsubscribe link; ``notified_turn`` the last turn of the
    seat it was told of (a turn: how many moves the seat had made when it began)."""

    table_id: str
    seat: int
    kind: str
    address: str
    key: str
    lang: str
    unsubscribe_hash: str
    notified_turn: int = -1
    created_at: float = 0.0
    id: int = 0


@runtime_checkable
class ServerStore(AsyncActionStore, Protocol):
    """What the server needs of a database: the one store protocol of every table (append, truncate, read, give up,
    :mod:`hustings.table.storage`), the lobby's tables and seats, and who is connected where. Every method raises
    :class:`StoreError` (one line) on failure."""

    def migrate(self) -> int:
        """Apply pending versioned migrations (table ``schema_migrations``); return the schema version."""
        ...

    def pending_migrations(self) -> list[int]:
        """The migrations this database has not had yet (read only)."""
        ...

    def create_table(self, table: TableRecord, seats: Sequence[SeatRecord],
                     secrets: Sequence[SeatSecret] = ()) -> None: ...

    def table(self, table_id: str) -> TableRecord:
        """The table; :class:`TableNotFound` if there is none."""
        ...

    def tables(self, *, status: str | None = None, ids: Sequence[str] | None = None) -> list[TableRecord]:
        """The tables whose rows decode (a damaged one is left out: :meth:`damaged` names it)."""
        ...

    def damaged(self, *, status: str | None = None) -> dict[str, str]:
        """Read only: each table (of ``status``; None: all) whose row does not decode, whose action log has a gap
        or whose seat rows do not match its seats -> what is wrong (one line). For ``hustings db check`` and a
        server's start."""
        ...

    def expire_unclaimed(self, before: float, now: float, limit: int,
                         after: tuple[float, str] = (0.0, "")) -> tuple[list[str], tuple[float, str] | None]:
        """One bounded step of the lobby's housekeeping: of the tables still in the lobby, created before ``before``
        and not kept past ``now`` (``kept_until``), the next ``limit`` after ``after`` (created_at, id) are looked
        at; those at which nobody has claimed a seat (:func:`unclaimed`) are deleted with their seats and actions.
        Returns (the ids deleted, where the next step goes on; None once past the last). Safe with several
        processes sweeping at once (a table is looked at by one of them at a time, and deleted once); a damaged
        row is left for ``hustings db check``."""
        ...

    def keep_table(self, table_id: str, until: float) -> None:
        """The table's creator keeps it waiting for players until ``until`` (epoch seconds): it does not expire
        before then. :class:`TableNotFound` if there is none."""
        ...

    # -- open tables and personal keys (issue 25) ---------------------------------------------------------------
    # A table created with ``settings["public"]`` is listed (table ``open_tables``) while it is in the lobby: the
    # store unlists it when its status leaves "lobby" (a trigger), and with the table when it is deleted.

    def open_tables(self, game: str | None, after: tuple[float, str], limit: int,
                    now: float) -> list[tuple[TableRecord, list[SeatRecord]]]:
        """Public tables waiting for players, the longest waiting first: in the lobby, kept past ``now``
        (``kept_until``), with a free seat (not joined); of ``game`` (None: any); the next ``limit`` after ``after``
        (listed at, id). Each with its seat rows. A damaged row is left out."""
        ...

    def take_seat(self, table_id: str, seat: int | None, new: SeatSecret, *, name: str | None,
                  ready: bool | None) -> int | None:
        """In one transaction: a free seat (``seat``; None: the lowest free one) of a listed table changes hands
        without an invite: it is marked joined (``name``, ``ready`` set), every earlier secret of it (its invite)
        dies and ``new`` (a ``seat`` secret) is stored for it. Of two takers of one seat, one gets it. Returns the
        seat, or None when the table is not listed or has no such free seat."""
        ...

    def add_key(self, hash: str, now: float) -> None:
        """Store a personal key (its sha256 only)."""
        ...

    def tie_key(self, key: str, secrets: Sequence[str], now: float, cap: int) -> list[str] | None:
        """In one transaction: tie each seat secret whose hash is in ``secrets`` to the personal key whose hash is
        ``key`` (a tie dies with its secret: when the seat changes hands, it is gone). Past ``cap`` ties, the key's
        oldest ties to finished tables make room. Per secret: "tied" (also when it was), "no_seat" (no such seat
        secret) or "full" (no room); None when there is no such key."""
        ...

    def key_seats(self, key: str) -> list[tuple[str, int, float]] | None:
        """The seats tied to the key (table id, seat, when last tied), or None when there is no such key."""
        ...

    def mint_for_key(self, key: str, table_id: str, seat: int, new: SeatSecret, cap: int) -> str:
        """In one transaction: store ``new`` (a ``seat`` secret of ``table_id``'s ``seat``) if that seat is tied to
        the key and holds fewer than ``cap`` secrets. Returns "ok", "not_tied" or "full"."""
        ...

    def add_chat(self, table_id: str, seat: int, at: float, kind: str, body: str, *,
                 max_lines: int) -> ChatLine | None:
        """Store one chat line as the table's next (numbered from 0; safe with several processes writing at once).
        None, with nothing stored, when the table holds ``max_lines`` lines already; :class:`TableNotFound` if
        there is no such table."""
        ...

    def chat(self, table_id: str, *, last: int | None = None) -> list[ChatLine]:
        """The table's chat lines in order (``last``: only the latest that many)."""
        ...

    def set_status(self, table_id: str, status: str) -> None: ...

    def set_settings(self, table_id: str, settings: Mapping[str, Any]) -> None: ...

    def seats(self, table_id: str) -> list[SeatRecord]: ...

    def update_seat(self, table_id: str, seat: int, *, name: str | None = None, joined: bool | None = None,
                    ready: bool | None = None) -> None: ...

    def seat_by_token_hash(self, token_hash: str) -> SeatRecord | None: ...

    def secret(self, hash: str) -> SeatSecret | None:
        """The secret with this hash (whatever its table), expired or not; None if there is none."""
        ...

    def seat_secrets(self, table_id: str) -> list[SeatSecret]:
        """Every secret of the table."""
        ...

    def add_secret(self, secret: SeatSecret) -> None: ...

    def claim_seat(self, table_id: str, new: SeatSecret, *, code: str | None, now: float, name: str | None = None,
                   ready: bool | None = None) -> tuple[int, str] | None:
        """In one transaction: spend the code whose hash is ``code`` (an unexpired ``invite`` or ``device`` secret
        of this table: used once) and store ``new`` (a ``seat`` secret) for its seat. An invite claims the seat:
        every earlier secret of the seat is deleted and the seat is marked joined (``name``, ``ready`` set too).
        A device code adds ``new`` beside the seat's other secrets. ``code`` None: claim ``new.seat`` only if it
        is not joined (a rematch's seat claimed with the old table's secret). Returns (seat, what was spent:
        "invite", "device" or "free"), or None when nothing could be claimed."""
        ...

    def revoke_seat(self, table_id: str, seat: int, invite: SeatSecret, settings: Mapping[str, Any]) -> None:
        """In one transaction: delete every secret of ``seat``, store ``invite`` for it, mark it neither joined
        nor ready, and set the table's ``settings`` (which say openly that it happened)."""
        ...

    def append_action(self, table_id: str, step: int, seat: int, action: int, at: float,
                      *, over: bool = False, by: MadeBy | None = None) -> None:
        """Store action number ``step`` durably, atomically checking that the table holds exactly ``step``
        actions (:class:`StaleStep` otherwise); bump ``steps``; set status "over" when ``over``; tell other
        processes. ``by``: who made it (:data:`hustings.table.storage.MadeBy`; None: not known), read back with
        the action. Returns only once the move is durable."""
        ...

    def submit_action(self, table_id: str, step: int, seat: int, action: int, at: float,
                      *, over: bool = False, by: MadeBy | None = None) -> Future[None]:
        """``append_action`` without waiting: the future is resolved once the move is durable (or fails with
        what ``append_action`` would raise). Moves submitted together may be committed together (group commit);
        a refused one never fails the others."""
        ...

    def submit_action_async(self, table_id: str, step: int, seat: int, action: int, at: float,
                            *, over: bool = False, by: MadeBy | None = None) -> asyncio.Future[None]:
        """``submit_action`` for a caller on a running event loop: a future of that loop, resolved as
        ``submit_action``'s would be (the writer settles a whole commit's moves with one call into the loop)."""
        ...

    def actions(self, table_id: str, since: int = 0) -> list[ActionRecord]:
        """The actions with ``step >= since``, in order."""
        ...

    def truncate(self, table_id: str, step: int, expected_steps: int) -> None:
        """Undo: delete the actions with ``step >= step``; :class:`StaleStep` unless the table holds exactly
        ``expected_steps`` actions."""
        ...

    def subscribe(self, callback: Callable[[str, int], None]) -> None:
        """``callback(table_id, steps)`` (from a background thread) when ANOTHER process changed a table's
        actions. A one-process store never calls it."""
        ...

    #: True when several server processes may share the database (PostgreSQL): the hub then tells the others who
    #: is connected where and listens for their lobby changes
    shared: bool

    def set_presence(self, table_id: str, seat: int, present: bool) -> None:
        """This process now holds, or no longer holds, a connection of ``seat`` (a hint to the others)."""
        ...

    def refresh_presence(self, held: Sequence[tuple[str, int]], table_ids: Sequence[str],
                         ttl_s: float) -> dict[str, set[int]]:
        """A heartbeat: this process holds exactly the connections ``held`` (table, seat); returns, for each of
        ``table_ids``, the seats connected through other processes (heard from within ``ttl_s``)."""
        ...

    def presence(self, table_ids: Sequence[str], ttl_s: float) -> dict[str, set[int]]:
        """The seats of each table connected through other processes (heard from within ``ttl_s``)."""
        ...

    def subscribe_lobby(self, callback: Callable[[str, str], None]) -> None:
        """``callback(table_id, kind)`` from a background thread when another process changed a table's seats,
        status or settings (``"l"``), who is connected to it (``"p"``) or wrote in its chat (``"c"``). A one-process
        store never calls it."""
        ...

    # -- turn notices (hustings.server.notify) ------------------------------------------------------------------

    def add_notify(self, target: NotifyTarget, *, max_per_seat: int) -> bool:
        """Store ``target`` for its seat, in one transaction: the same (kind, key) of the seat is replaced, an
        e-mail address replaces the seat's other one (one address a seat); False (nothing stored) when the seat
        would hold more than ``max_per_seat`` targets. :class:`TableNotFound` if there is no such table."""
        ...

    def notify_targets(self, table_id: str, seat: int | None = None) -> list[NotifyTarget]:
        """The targets of a seat (None: of every seat of the table), oldest first."""
        ...

    def claim_notify(self, table_id: str, seat: int, turn: int) -> list[NotifyTarget]:
        """The seat's targets not yet told of ``turn`` or a later one, each marked told of it in the same
        transaction: of several processes asking at once, one gets each target (at most one message a turn)."""
        ...

    def drop_notify(self, table_id: str, seat: int | None = None, *, target_id: int | None = None) -> int:
        """Delete the targets of a seat (None: of the whole table), or the one ``target_id``; how many went."""
        ...

    def unsubscribe(self, unsubscribe_hash: str) -> NotifyTarget | None:
        """Delete the target whose unsubscribe secret has this hash; the target deleted, or None."""
        ...

    def server_key(self, name: str, value: str) -> str:
        """The server's stored value of ``name`` (its Web Push key); ``value`` is stored first if there is none (the
        first of several processes to ask wins, and every one gets the same)."""
        ...

    def close(self) -> None: ...


class ActionLog:
    """The store protocol's append, read, give up and asynchronous append, over a server store's own calls (one
    action a row; a move is one action, so ``append_async`` of one action is ``submit_action_async`` itself, and
    group commit and the one-statement batch stay what they are)."""

    def append_action(self, table_id: str, step: int, seat: int, action: int, at: float,
                      *, over: bool = False, by: MadeBy | None = None) -> None:
        raise NotImplementedError

    def submit_action_async(self, table_id: str, step: int, seat: int, action: int, at: float,
                            *, over: bool = False, by: MadeBy | None = None) -> asyncio.Future[None]:
        raise NotImplementedError

    def actions(self, table_id: str, since: int = 0) -> list[ActionRecord]:
        raise NotImplementedError

    def table(self, table_id: str) -> TableRecord:
        raise NotImplementedError

    def set_settings(self, table_id: str, settings: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def set_status(self, table_id: str, status: str) -> None:
        raise NotImplementedError

    def append(self, game_id: str, start: int, actions: Sequence[ActionRecord], *, over: bool = False,
               scores: Sequence[Mapping[str, Any]] | None = None) -> None:
        for i, a in enumerate(actions):
            self.append_action(game_id, start + i, a.seat, a.action, a.at or time.time(),
                               over=over and i == len(actions) - 1, by=a.by)

    def append_async(self, game_id: str, start: int, actions: Sequence[ActionRecord], *,
                     over: bool = False) -> asyncio.Future[None]:
        waiters = [self.submit_action_async(game_id, start + i, a.seat, a.action, a.at or time.time(),
                                            over=over and i == len(actions) - 1, by=a.by)
                   for i, a in enumerate(actions)]
        if len(waiters) == 1:
            return waiters[0]
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def settled(_: object) -> None:  # resolved once every action is durable, with the first failure
            if done.done() or not all(w.done() for w in waiters):
                return
            failed = next((w.exception() for w in waiters if w.exception() is not None), None)
            if failed is None:
                done.set_result(None)
            else:
                done.set_exception(failed)

        for w in waiters:
            w.add_done_callback(settled)
        return done

    def read(self, game_id: str, since: int = 0) -> list[ActionRecord]:
        return self.actions(game_id, since)

    def give_up(self, game_id: str, seat: int, *, holds: int, scores: Sequence[Mapping[str, Any]]) -> None:
        """Stored as the table's settings naming the seat (``given_up``), then status "over" (a table whose settings
        say given up is over, whatever its status: the table core's rebuild reads it so)."""
        record = self.table(game_id)
        if record.steps != holds:
            raise StaleStep(holds, record.steps)
        if record.status == "over":
            raise StoreError(f"table {game_id!r} is over; it cannot be given up")
        self.set_settings(game_id, dict(record.settings, given_up=seat))
        self.set_status(game_id, "over")


def check_made_by(by: object) -> MadeBy | None:
    """``by`` as a store takes it: one of :data:`hustings.table.storage.MADE_BY` or None; StoreError otherwise (the
    move is refused, nothing stored)."""
    if by is None or (isinstance(by, str) and by in MADE_BY):
        return by
    raise StoreError(f"unknown mover {str(by)[:20]!r}: one of {', '.join(MADE_BY)}")


def open_store(url: str, *, read_only: bool = False, commit_delay: float = COMMIT_DELAY_S) -> ServerStore:
    """A store from a URL: ``sqlite:///PATH`` (``sqlite:///:memory:`` for a throwaway one) or
    ``postgresql://...``. Migrations are applied, unless ``read_only`` (``hustings db check``: the database is
    only read, and a store of an older schema says so through ``pending_migrations``). ``commit_delay``: seconds
    a commit may wait for more moves under load (:mod:`hustings.server.group_commit`), checked before anything opens.
    StoreError (one line) for anything else."""
    delay = check_commit_delay(commit_delay)
    if url.startswith("sqlite://"):
        from hustings.server.sqlite import SqliteStore

        # sqlite:///abs/path.db (the path after "sqlite://" as written), sqlite://rel/path.db, sqlite:///:memory:
        path = url[len("sqlite://"):]
        if path == "/:memory:":
            path = ":memory:"
        if not path:
            raise StoreError("a SQLite URL names a file: sqlite:///PATH")
        sqlite_store = SqliteStore(path, read_only=read_only, commit_delay=delay)
        if not read_only:
            sqlite_store.migrate()
        return sqlite_store
    if url.startswith(("postgresql://", "postgres://")):
        try:
            # imported by name: it needs psycopg, which only PostgreSQL users install (the server extra)
            postgres = importlib.import_module("hustings.server.postgres")
        except ImportError as e:
            raise StoreError(f"PostgreSQL support is not available: {e}") from None
        pg_store: ServerStore = postgres.PostgresStore(url, read_only=read_only, commit_delay=delay)
        if not read_only:
            pg_store.migrate()
        return pg_store
    raise StoreError(f"unknown database URL {url[:40]!r}: use sqlite:///PATH or postgresql://...")


__all__ = [
    "CHAT_KINDS",
    "HOST_SEAT",
    "NOTIFY_KINDS",
    "SECRET_KINDS",
    "STATUSES",
    "ActionLog",
    "ActionRecord",
    "ChatLine",
    "MadeBy",
    "MoveWaiter",
    "NotifyTarget",
    "SeatRecord",
    "SeatSecret",
    "ServerStore",
    "StaleStep",
    "StoreError",
    "TableDamaged",
    "TableNotFound",
    "TableRecord",
    "check_made_by",
    "damage_of",
    "decode_table",
    "gap_of",
    "open_store",
    "seat_claimed",
    "settle",
    "unclaimed",
]
