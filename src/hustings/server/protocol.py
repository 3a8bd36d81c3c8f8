"""The server's protocol as JSON Schema (draft 2020-12): every websocket message each way, and the lobby's bodies.

The messages are declared here as typed dictionaries (the documentation a client author reads), and
:func:`protocol_schema` turns them into one schema document. For a game it plugs in that game's own schemas from
the game contract's ``schema`` adapter (:class:`hustings.engine.schema.GameSchema`): a seat's ``view``, the
``id``/``kind``/``args`` of each legal action, and each event's ``data`` by its type. Without a game the view and
the event data are left open. ``hustings schema GAME --part protocol`` prints it, ``GET /api/games/<game>/schema``
serves it, and ``docs/protocol.schema.json`` holds the game-agnostic one.

Server messages are described exactly (closed objects: the suite validates every message its clients receive
against them, so a field added without being declared here fails). Client messages are described as a client
should send them; the server itself ignores fields it does not know.

The schemas are built on first use with pydantic, never on the hot path: the hub writes its messages itself.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any, Literal, NotRequired, get_args

from typing_extensions import TypedDict  # pydantic needs it below Python 3.12

from hustings.engine import LANGS, get_spec, list_games
from hustings.engine.schema import DIALECT, JSONSchema, events_schema, types_schemas

Lang = Literal["zh-Hans", "zh-Hant", "en"]
assert set(LANGS) == {"zh-Hans", "zh-Hant", "en"}  # Lang names the engine's languages

#: every ``code`` of a websocket ``error`` (server.error.* in src/hustings/server/messages/)
PlayErrorCode = Literal["bad_message", "unknown_table", "unauthorized", "stale_step", "not_your_turn",
                        "illegal_action", "too_large", "rate_limited", "spectator", "cannot_undo", "over",
                        "not_started", "unavailable", "hello_first", "hello_again", "unknown_event", "rules_version",
                        "unknown_game", "cannot_give_up", "damaged_table", "invite_not_seat", "device_not_seat",
                        "host_not_seat", "seat_revoked", "seat_claimed",
                        "too_many_connections", "server_full", "chat_spectator", "chat_empty", "chat_too_long",
                        "chat_rate_limited", "chat_unknown_phrase", "chat_full", "chat_off"]
#: every ``error`` of a lobby answer
LobbyErrorCode = Literal["bad_request", "unauthorized", "unknown_table", "unknown_game", "not_found",
                         "method_not_allowed", "conflict", "too_large", "unavailable", "rules_version",
                         "damaged_table", "too_many_tables", "too_many_bot_tables", "too_many_takes",
                         "too_many_keys", "too_many_replays", "too_many_notify_changes"]
PLAY_ERRORS: tuple[str, ...] = get_args(PlayErrorCode)
#: each lobby error's HTTP status
LOBBY_ERRORS = {"bad_request": 400, "unauthorized": 403, "unknown_table": 404, "unknown_game": 404, "not_found": 404,
                "method_not_allowed": 405, "conflict": 409, "too_large": 413, "unavailable": 503, "rules_version": 409,
                "damaged_table": 500, "too_many_tables": 429, "too_many_bot_tables": 429, "too_many_takes": 429,
                "too_many_keys": 429, "too_many_replays": 429,
                "too_many_notify_changes": 429}
assert set(LOBBY_ERRORS) == set(get_args(LobbyErrorCode))
BotLevel = Literal["random", "heuristic", "ismcts", "ismcts:easy", "ismcts:normal", "ismcts:hard", "learned"]
TableStatus = Literal["lobby", "playing", "over"]


# -- shared parts ---------------------------------------------------------------------------------------------

class ClockSettings(TypedDict):
    """A table's clock: ``none``; ``bank`` (``bank_s`` per seat, ``increment_s`` earned per own action); ``turn``
    (``turn_s`` per turn). Unused fields are 0."""

    mode: Literal["none", "bank", "turn"]
    bank_s: float
    increment_s: float
    turn_s: float


class SeatInfo(TypedDict):
    """One seat as everyone at the table may see it."""

    seat: int
    name: str
    bot: BotLevel | None
    joined: bool
    ready: bool
    connected: bool
    #: live connections playing this seat (a person's devices): this process's, and one for each other process of a
    #: shared database that holds any
    connections: int
    #: a person's seat played by the stand-in bot now (away past the grace period, or out of time)
    replaced_by_bot: bool


class Revocation(TypedDict):
    """A seat the host took back and invited someone else to (said openly: everyone at the table sees it)."""

    seat: int
    #: when (seconds since the epoch)
    at: float


class RematchOffer(TypedDict):
    """A finished table's rematch offer, as everyone at it may see it (docs/server.md, "A rematch for everyone")."""

    #: each seat's answer: "yes", "no", null (none yet), "bot" (a bot's seat: nobody to ask)
    answers: list[Literal["yes", "no", "bot"] | None]
    #: the rematch (TableInfo ``rematch``) waits for answers
    open: bool
    #: it has begun: bots took the seats of those who did not accept
    started: bool
    #: seconds left to answer while open (then it starts anyway); null once started or before anyone accepted
    ends_in: float | None


class TableInfo(TypedDict):
    """What anyone at a table may know about it: never a token, the seed or anything hidden."""

    id: str
    game: str
    variant: str
    players: int
    clock: ClockSettings
    lang: Lang
    name: str
    #: the id of the rematch table, once someone asked for one
    rematch: str | None
    rematch_of: str | None
    #: the seats the host took back, the latest last (at most 20)
    revoked: list[Revocation]
    #: a tutorial table (each person's decision comes with ``advice``)
    tutorial: NotRequired[bool]
    #: listed in the lobby while it waits for players; its free seats are taken without an invite
    public: bool
    status: TableStatus
    step: int
    seats: list[SeatInfo]
    #: a finished table's rematch offer once someone answered it (null before; absent from a table this server
    #: does not load)
    offer: NotRequired[RematchOffer | None]
    #: the house rules the table plays (issue 29): path -> value, only at a table that plays any
    rules: NotRequired[dict[str, Any]]
    #: those rules for people, one line each with the printed value, by language (each seat shows its own)
    rules_text: NotRequired[dict[Lang, list[str]]]


class SeatClock(TypedDict):
    seat: int
    #: seconds left (never below 0); null without a clock
    remaining_s: float | None
    running: bool


class LabelArg(TypedDict):
    """One argument of an action in words: what it is (``role``, for programs: ``card``, ``target``...), its value
    (``id``, the action's argument) and its ``text``."""

    role: str
    id: int
    text: str


class LabelWords(TypedDict):
    """A label, structured: what actions of its kind do (``title``, may be empty), each argument in words, and the
    label's ``parts`` in order (literal text, or the index of an argument whose text stands there)."""

    title: str
    args: list[LabelArg]
    parts: list[str | int]


class LegalAction(TypedDict):
    """An action the seat may take now: its stable ``id`` (what ``act`` sends back), kind, args and the label in
    the connection's language; ``words``: the label structured (a page groups choices by kind and argument)."""

    id: int
    kind: str
    args: list[int]
    label: str
    words: NotRequired[LabelWords]


class Advice(TypedDict):
    """At a tutorial table, with a seat's legal actions: what the game's heuristic would do and why. ``action`` is
    the id of one of the legal actions sent with it; ``text`` its reason in the connection's language, worded from
    the game's words with the numbers of the heuristic's evaluation that decided it (``reason``: the words key, and
    ``numbers``, for programs)."""

    action: int
    text: str
    reason: str
    numbers: dict[str, float]


class SeatEvent(TypedDict):
    """An event this connection may see (``to``: its seat, or null for a public one), worded in its language."""

    type: str
    data: dict[str, Any]
    step: int
    to: int | None
    text: str
    #: a stand-in bot made the move behind this event, for this person's seat (they were away, or out of time):
    #: every seat is told, so the log never reads as if the person had moved; absent when the move was the seat's
    #: own, a bot seat's, or made before this server process saw the table (the stored log does not say who moved)
    stand_in: NotRequired[int]


class Outcome(TypedDict):
    winners: list[int]
    ranks: list[int]
    utilities: list[float]
    #: per seat, each scoring component and ``total``
    scores: list[dict[str, float]]
    #: the seat whose person gave the game up (``give_up``): the game ended there, lost
    given_up: NotRequired[int]


# -- server -> client -----------------------------------------------------------------------------------------

class Welcome(TypedDict):
    """The answer to ``hello``: the seat this connection plays (null: a spectator) and the table."""

    type: Literal["welcome"]
    seat: int | None
    table: TableInfo


class _Seen(TypedDict):
    """What ``state`` and ``update`` both carry (``view``, ``legal`` and ``table`` are each message's own)."""

    step: int
    #: the events this seat may see: in a ``state`` all of them (after ``since`` on a reconnection), in an
    #: ``update`` the new ones
    events: list[SeatEvent]
    phase: str
    #: the undo rule allows this seat to take back its last action now
    can_undo: bool
    #: this seat may give the game up now (the one person of a one-player game, while it goes on)
    can_give_up: bool
    to_act: list[int]
    clocks: list[SeatClock]
    over: bool
    outcome: Outcome | None
    status: TableStatus
    #: the step after this seat's person last moved themselves: the events of later steps happened since (its
    #: "while you were away"); absent for a spectator and a seat whose person has not moved yet
    last_turn: NotRequired[int]


class State(_Seen):
    """The whole picture for this connection: after hello, a language change, an undo and the start."""

    type: Literal["state"]
    #: ``state.view(seat)`` (a spectator: ``view(None)``); its schema is the game's (``hustings schema GAME``)
    view: Any
    #: non-empty only for a seat that must act now
    legal: list[LegalAction]
    #: at a tutorial table, with a non-empty ``legal``: the heuristic's hint and its reason
    advice: NotRequired[Advice]
    table: TableInfo
    #: as in ``update``: when this state took the place of the update that answered this connection's own act (a
    #: client that had not read it yet is sent the newest state instead of a pile of messages)
    ack: NotRequired[int]
    sent: NotRequired[int]


class Update(_Seen):
    """What changed since this connection's last state or update: the same fields, with only the new events;
    ``view``, ``legal`` and ``table`` only when they changed (the client keeps them from before)."""

    type: Literal["update"]
    #: as in ``state``; left out when this connection was last sent the same view
    view: NotRequired[Any]
    #: as in ``state``; left out when this connection was last sent the same legal actions
    legal: NotRequired[list[LegalAction]]
    #: as in ``state``, sent again with ``legal`` or ``view`` (the hint rests on both)
    advice: NotRequired[Advice]
    #: left out when nothing but its ``step`` changed since this connection was last sent it (then its step is
    #: the update's ``step``: an update is sent once the moves it tells of are durable)
    table: NotRequired[TableInfo]
    #: only in the update that answers this connection's own accepted ``act``: the new step (the move is durable)
    ack: NotRequired[int]
    #: with ``ack``, when the act was taken at a later step than the one it named (others moved meanwhile and
    #: what this seat sees had not changed): the step it named (absent: ``ack - 1``)
    sent: NotRequired[int]


class Ack(TypedDict):
    """An accepted ``undo``: ``step`` is the step after it (a fresh ``state`` follows)."""

    type: Literal["ack"]
    step: int


class TableChanged(TypedDict):
    """Seats changed: joined, ready, connected, replaced by a bot, a rematch named."""

    type: Literal["table"]
    table: TableInfo


class Pong(TypedDict):
    type: Literal["pong"]


class Notice(TypedDict):
    """Something everyone at the table is told: ``seat_revoked`` (the host took ``seat`` back and invited someone
    else to it)."""

    type: Literal["notice"]
    code: Literal["seat_revoked"]
    seat: int
    #: one line in the connection's language
    message: str


class ExplanationItem(TypedDict):
    """One number the event made or added to (its title) and the lines of its breakdown."""

    title: str
    lines: list[str]


class Explanation(TypedDict):
    """The answer to ``explain``, in the connection's language (``items`` empty: nothing to work out)."""

    type: Literal["explanation"]
    step: int
    index: int
    event: str
    items: list[ExplanationItem]


class ChatLineOut(TypedDict):
    """One line of the table's chat as this connection is sent it: plain text (shown as text, never as HTML) or a
    quick phrase (``phrase``: its key; ``text``: it in the connection's language)."""

    #: its number at the table (from 0, in the order stored): a client keeps each number once
    n: int
    #: the seat that wrote it (a seated person; spectators never write)
    seat: int
    #: when (seconds since the epoch)
    at: float
    text: str
    phrase: NotRequired[str]


class ChatLines(TypedDict):
    """Chat lines: after the ``state`` that answers a ``hello``, the table's latest lines (``history``, with whether
    this connection may write, the longest line and the quick phrases' keys); then each new line as it is
    stored (the writer's own too: its acknowledgement)."""

    type: Literal["chat"]
    lines: list[ChatLineOut]
    history: NotRequired[bool]
    #: a seated person's connection on a server with chat: it may write (a spectator reads only)
    can_post: NotRequired[bool]
    #: characters in one line at most
    max_chars: NotRequired[int]
    #: the quick phrases' keys, in the order a page offers them
    phrases: NotRequired[list[str]]


class Error(TypedDict):
    """A refused message: nothing changed and the connection stays open."""

    type: Literal["error"]
    code: PlayErrorCode
    #: one line in the connection's language
    message: str
    #: ``stale_step`` only: the step the table is at
    step: NotRequired[int]
    #: ``stale_step`` only: the step the refused message named
    sent: NotRequired[int]
    #: ``stale_step`` of an ``act`` only: the refused action id
    action: NotRequired[int]


# -- client -> server -----------------------------------------------------------------------------------------

class Hello(TypedDict):
    """The first message: a seat ``token`` or ``spectator: true``; ``since``: the step up to which the client has
    its events (a reconnection)."""

    type: Literal["hello"]
    token: NotRequired[str]
    spectator: NotRequired[Literal[True]]
    lang: NotRequired[Lang]
    since: NotRequired[int]


class Act(TypedDict):
    """Play the legal action ``action`` (its id) at ``step``, the step the client saw."""

    type: Literal["act"]
    step: int
    action: int


class Undo(TypedDict):
    type: Literal["undo"]
    step: int


class GiveUp(TypedDict):
    """Give the game up at ``step``, the step the client saw: the one person of a one-player game may (a puzzle).
    The table ends, lost; an ``update`` with ``over`` and ``outcome.given_up`` follows."""

    type: Literal["give_up"]
    step: int


class SetLang(TypedDict):
    type: Literal["lang"]
    lang: Lang


class Ping(TypedDict):
    type: Literal["ping"]


class Explain(TypedDict):
    """Ask for the worked explanation of one event this connection was sent: its step and its place (from 0)
    among the events of that step this seat may see."""

    type: Literal["explain"]
    step: int
    index: int


class ChatSend(TypedDict):
    """Write in the table's chat (a seated person only): a ``text`` (at most ``max_chars`` characters) or a quick
    ``phrase`` (one of the keys the hello's chat message named), one of them. Held to a rate per seat."""

    type: Literal["chat"]
    text: NotRequired[str]
    phrase: NotRequired[str]


# -- the lobby (HTTP, JSON bodies) ----------------------------------------------------------------------------

class HouseSetting(TypedDict):
    """One house rule a game takes (``hustings rules GAME``): ``path`` (``<id>`` stands for one of ``ids``), its
    ``kind`` (int, bool, choice, ints), its words in the asked language, its bounds and printed value."""

    path: str
    kind: Literal["int", "bool", "choice", "ints"]
    text: str
    #: the values it takes, as words
    bounds: str
    #: a rule that changes the action space (learned bots and RL encoders refuse it)
    changes_actions: bool
    min: NotRequired[int]
    max: NotRequired[int]
    min_items: NotRequired[int]
    max_items: NotRequired[int]
    choices: NotRequired[list[str]]
    #: each of ``choices`` in the asked language's words, in the same order (what people read)
    choice_texts: NotRequired[list[str]]
    ids: NotRequired[list[str]]
    #: what people call each of ``ids`` (a card's name in the asked language), in the same order
    id_names: NotRequired[list[str]]
    #: the printed game's value (by id when ``ids``)
    printed: Any


class GameInfo(TypedDict):
    """An entry of ``GET /api/games``."""

    id: str
    name: str
    variants: list[str]
    default_variant: str
    players: list[int]
    players_by_variant: dict[str, list[int]]
    bots: list[BotLevel]
    outcome: str
    #: what a table may change of the game (its schema of house rules; empty: none), for a create form
    house_rules: list[HouseSetting]
    #: the bot levels of ``bots`` that play some player counts only (``learned``: the counts its shipped network
    #: was trained for); a level not named here plays every count
    bot_players: dict[str, list[int]]


class SeatRequest(TypedDict):
    #: null: a person's seat
    bot: BotLevel | None
    name: NotRequired[str]


class ClockRequest(TypedDict):
    mode: NotRequired[Literal["none", "bank", "turn"]]
    bank_s: NotRequired[float]
    increment_s: NotRequired[float]
    turn_s: NotRequired[float]


class ClaimRequest(TypedDict):
    seat: int
    name: NotRequired[str]


class CreateTable(TypedDict):
    """``POST /api/tables``. ``claim``: the seat the creator sits at (its number, or with a name)."""

    game: str
    variant: NotRequired[str]
    players: NotRequired[int]
    seats: NotRequired[list[SeatRequest]]
    clock: NotRequired[ClockRequest]
    lang: NotRequired[Lang]
    name: NotRequired[str]
    #: the game's own options (``hustings games``)
    options: NotRequired[dict[str, Any]]
    claim: NotRequired[int | ClaimRequest]
    #: a tutorial table: each person's decision comes with the heuristic's hint and its reason (``advice``);
    #: only for a game whose heuristic gives reasons (all four)
    tutorial: NotRequired[bool]
    #: listed in the lobby while it waits (default false: a private table, seats taken with invites only)
    public: NotRequired[bool]
    #: house rules (issue 29): path -> value of the game's schema (``GameInfo.house_rules``); each is checked
    #: and a bad one refused with ``bad_request`` naming its path; at most the server's limit (100 by default)
    rules: NotRequired[dict[str, Any]]


class Invite(TypedDict):
    """A free person's seat: its invite code claims it, once, while it is free."""

    seat: int
    #: the invite code: shown only in this answer (only its hash is stored)
    code: str
    #: ``/t/<id>#invite=<code>``: the fragment never reaches a server
    invite: str


class YourSeat(TypedDict):
    """The seat the caller now holds."""

    seat: int
    #: the seat's secret for this caller: shown only in this answer
    token: str
    #: ``/t/<id>#seat=<n>&token=<tok>``
    link: str


class Created(TypedDict):
    """The answer to ``POST /api/tables`` and ``POST /api/tables/<id>/rematch``: never anyone else's seat secret.
    ``host``: the creator's (the first to ask for a rematch) host secret, once; ``seats``: an invite per free
    person's seat (none in a rematch: each person claims their own seat with their secret of the old table);
    ``you``: the seat the caller claimed (``claim``), or claimed in the rematch."""

    table: TableInfo
    host: NotRequired[str]
    seats: list[Invite]
    you: NotRequired[YourSeat]
    spectate: str


class RematchAnswer(Created):
    """The answer to ``POST /api/tables/<id>/rematch``: accepted (``answer`` "yes"), ``table`` is the rematch and
    ``you`` the caller's own fresh seat secret there (absent when the rematch began without them: a bot plays their
    seat, ``spectate`` watches it); declined ("no"), ``table`` is the finished table with its offer. ``host`` only
    to the first to accept. ``started``: the rematch has begun."""

    answer: Literal["yes", "no"]
    started: bool


class RematchRequest(TypedDict):
    """``POST /api/tables/<id>/rematch``: the caller's seat secret of the finished table; ``accept`` (default
    true) or decline the rematch."""

    token: str
    accept: NotRequired[bool]


class Claim(TypedDict):
    """``POST /api/tables/<id>/claim``: an ``invite`` code (the seat changes hands) or a ``device`` code (another
    device of the seat's holder), one of them; ``name`` and ``ready`` with an invite."""

    invite: NotRequired[str]
    device: NotRequired[str]
    name: NotRequired[str]
    ready: NotRequired[bool]


class Claimed(YourSeat):
    """The answer to a claim: the seat and the claimer's fresh secret, once."""

    table: TableInfo


class DeviceLink(TypedDict):
    """The answer to ``POST /api/tables/<id>/device``: a one-time link for another device of the caller's seat."""

    seat: int
    code: str
    #: ``/t/<id>#device=<code>``
    link: str
    #: seconds it works for
    expires_in: float


class Revoke(TypedDict):
    """``POST /api/tables/<id>/revoke``: the host takes a person's seat back and invites someone else to it."""

    host: str
    seat: int


class Revoked(TypedDict):
    """The answer to a revoke: the seat's new invite, once."""

    table: TableInfo
    seat: int
    code: str
    invite: str


class Join(TypedDict):
    """``POST /api/tables/<id>/join``: without ``name`` the seat keeps its name; ``ready`` sets it too."""

    token: str
    name: NotRequired[str]
    ready: NotRequired[bool]


class Ready(TypedDict):
    """``POST /api/tables/<id>/ready``."""

    token: str
    ready: bool


class SeatToken(TypedDict):
    """``POST /api/tables/<id>/start`` and ``/device``: the caller's seat secret."""

    token: str


class MyTablesRequest(TypedDict):
    """``POST /api/my``: the seat tokens a browser kept."""

    tokens: list[str]


class MyTable(TableInfo):
    """An entry of the answer to ``POST /api/my``: a table, and the seat its token names."""

    seat: int


class OpenSeat(TypedDict):
    """A seat of a public table as the open list shows it."""

    seat: int
    name: str
    bot: BotLevel | None
    joined: bool


class OpenTable(TypedDict):
    """A public table waiting for players, in the open list."""

    id: str
    game: str
    #: the game's name in the asker's language
    title: str
    variant: str
    players: int
    #: seats nobody has taken yet
    free: int
    seats: list[OpenSeat]
    #: the language the table was set up in
    lang: Lang
    clock: ClockSettings
    #: the game's options the table sets and its house rules: option or path -> value
    rules: dict[str, Any]
    #: its house rules for people in the asker's language, one line each (empty: none)
    rules_text: list[str]
    #: the name its creator gave it
    name: str
    #: seconds since it was set up
    waiting_s: float


class OpenList(TypedDict):
    """The answer to ``GET /api/open?game=&cursor=&limit=``: a page of public tables waiting for players, the
    longest waiting first; ``next``: the cursor of the next page (null after the last)."""

    tables: list[OpenTable]
    next: str | None


class Take(TypedDict):
    """``POST /api/tables/<id>/take``: a free seat of a public table (``seat``; none: the first free one), without
    an invite. ``ready`` defaults to true; ``key``: tie the seat to this personal key too."""

    seat: NotRequired[int]
    name: NotRequired[str]
    ready: NotRequired[bool]
    key: NotRequired[str]


class Taken(Claimed):
    """The answer to a take or a quick play: the seat and the taker's fresh secret, once; ``tied``: to the key
    given. Quick play also says whether it ``created`` the table (then with its ``host`` secret)."""

    tied: bool
    created: NotRequired[bool]
    host: NotRequired[str]


class Quick(TypedDict):
    """``POST /api/quick``: a free seat at a waiting public table of ``game`` (of ``variant``, for ``players``, if
    given), else a new public table of it."""

    game: str
    variant: NotRequired[str]
    players: NotRequired[int]
    name: NotRequired[str]
    ready: NotRequired[bool]
    key: NotRequired[str]


class Kept(TypedDict):
    """The answer to ``POST /api/tables/<id>/keep`` ``{token}`` (a seat's or the host's secret): whether the table
    is listed, and until when (seconds since the epoch) unless kept again."""

    listed: bool
    until: float


class PersonalKey(TypedDict):
    """The answer to ``POST /api/keys``: a personal key, once (the server keeps its hash)."""

    key: str
    #: ``/me#key=<key>``: opens "my tables" on another device
    link: str


class KeyRequest(TypedDict):
    """``POST /api/me``: the tables of a personal key, a page at a time."""

    key: str
    cursor: NotRequired[str]
    limit: NotRequired[int]


class KeyTable(MyTable):
    """An entry of "my tables": the table, the key's seat at it, and whether that seat must act now."""

    my_turn: bool


class KeyTables(TypedDict):
    """The answer to ``POST /api/me``: the person's turn first, then games in play, tables waiting, finished
    ones."""

    tables: list[KeyTable]
    next: str | None


class Tie(TypedDict):
    """``POST /api/me/tie``: tie seat secrets the caller holds to their personal key."""

    key: str
    tokens: list[str]


class Tied(TypedDict):
    tied: int


class OpenMine(TypedDict):
    """``POST /api/me/open``: a seat tied to the key, opened on this device (a fresh secret of its own)."""

    key: str
    table: str
    seat: int
class ReplaySeat(TypedDict):
    seat: int
    name: str
    bot: BotLevel | None


class ReplayTable(TypedDict):
    """What a replay shows of its table (never a token)."""

    id: str
    game: str
    variant: str
    players: int
    name: str
    lang: Lang
    rematch_of: str | None
    seats: list[ReplaySeat]
    #: the house rules it was played under (path -> value), only when there were any
    rules: NotRequired[dict[str, Any]]
    #: those rules for people, one line each, by language
    rules_text: NotRequired[dict[Lang, list[str]]]


class ReplayActed(TypedDict):
    """The action that led to this step: whose it was; its ``label`` only for that seat's own replay (another
    seat's choice may be secret), else null; ``stand_in``: a stand-in bot made it for that person's seat (as the
    events of the step say, each with ``stand_in``)."""

    seat: int
    label: str | None
    stand_in: NotRequired[int]


class Replay(TypedDict):
    """``GET /api/tables/<id>/replay?seat=<n|spectator>&step=<k>&lang=``: one step of a finished game as ``seat``
    saw it (refused with ``conflict`` while the game runs). ``step`` k is the state after k actions (0: the deal;
    ``steps``: the end)."""

    table: ReplayTable
    steps: int
    step: int
    seat: int | None
    #: ``view(seat)`` after the step (a spectator: ``view(None)``); its schema is the game's
    view: Any
    phase: str
    #: who was to act next (empty at the end)
    to_act: list[int]
    #: null at step 0
    acted: ReplayActed | None
    #: the events of this step the seat may see, in the asked language
    events: list[SeatEvent]
    over: bool
    #: at the last step of a finished (or given up) game
    outcome: Outcome | None
    #: the table's chat up to this step, when the record carries one: each line as the record has it (``seat``,
    #: ``at``, ``text`` or ``phrase``) with the ``step`` it was written at
    chat: NotRequired[list[dict[str, Any]]]
class PushKeys(TypedDict):
    #: the browser's P-256 public key (65 bytes, uncompressed) and its auth secret (16 bytes), base64url
    p256dh: str
    auth: str


class PushSubscription(TypedDict):
    """A browser's Web Push subscription (``PushSubscription.toJSON()``): its endpoint must be an HTTPS address of
    a push service the server sends to (``hustings serve --push-hosts``), at most 1,024 characters."""

    endpoint: str
    keys: PushKeys
    expirationTime: NotRequired[float | None]


class NotifyRequest(TypedDict):
    """``POST /api/tables/<id>/notify``: with the caller's seat secret, at a table of hours or days a move, leave
    an e-mail address (``""`` takes it away; at most 254 characters), subscribe this device (``push``) or take a
    device away (``push_off``: its endpoint); none of them: only ask what is set. ``lang``: the messages' language."""

    token: str
    lang: NotRequired[Lang]
    email: NotRequired[str]
    push: NotRequired[PushSubscription]
    push_off: NotRequired[str]


class Notices(TypedDict):
    """The answer to ``POST /api/tables/<id>/notify``: what the caller's seat has (its own address, never anyone
    else's) and what the server can send."""

    seat: int
    #: the table's clock is of hours or days a move (the only tables that send turn notices)
    days: bool
    email: str | None
    #: how many devices of the seat are subscribed to push
    push: int
    #: the device of the request (its ``push`` endpoint) is one of them
    this_device: bool
    can_email: bool
    can_push: bool


class PushKey(TypedDict):
    """The answer to ``GET /api/push/key``: the server's VAPID public key (``applicationServerKey``, base64url)."""

    key: str


class LobbyError(TypedDict):
    """A refused lobby request (HTTP status by code: :data:`LOBBY_ERRORS`)."""

    error: LobbyErrorCode
    message: str


CLIENT_MESSAGES: dict[str, Any] = {"hello": Hello, "act": Act, "undo": Undo, "lang": SetLang, "ping": Ping,
                                   "explain": Explain, "give_up": GiveUp, "chat": ChatSend}
SERVER_MESSAGES: dict[str, Any] = {"welcome": Welcome, "state": State, "update": Update, "ack": Ack,
                                   "table": TableChanged, "pong": Pong, "notice": Notice, "explanation": Explanation,
                                   "chat": ChatLines, "error": Error}
#: the lobby's bodies, by the name each has in the schema's ``$defs``
LOBBY: dict[str, Any] = {"GameInfo": GameInfo, "CreateTable": CreateTable, "Created": Created, "Join": Join,
                         "Ready": Ready, "SeatToken": SeatToken, "MyTablesRequest": MyTablesRequest,
                         "MyTable": MyTable, "TableInfo": TableInfo, "LobbyError": LobbyError, "Claim": Claim,
                         "Claimed": Claimed, "DeviceLink": DeviceLink, "Revoke": Revoke, "Revoked": Revoked,
                         "RematchAnswer": RematchAnswer, "RematchRequest": RematchRequest,
                         "OpenSeat": OpenSeat, "OpenTable": OpenTable, "OpenList": OpenList, "Take": Take,
                         "Taken": Taken, "Quick": Quick, "Kept": Kept, "PersonalKey": PersonalKey,
                         "KeyRequest": KeyRequest, "KeyTable": KeyTable, "KeyTables": KeyTables, "Tie": Tie,
                         "Tied": Tied, "OpenMine": OpenMine, "YourSeat": YourSeat,
                         "Replay": Replay,
                         "NotifyRequest": NotifyRequest, "Notices": Notices, "PushKey": PushKey}
#: each lobby route: (request body, answer); null: none
ROUTES: dict[str, tuple[str | None, str]] = {
    "GET /api/games": (None, "GameInfo[]"),
    "GET /api/games/<game>/schema": (None, "this schema, for that game"),
    "POST /api/tables": ("CreateTable", "Created"),
    "GET /api/tables/<id>": (None, "TableInfo"),
    "POST /api/tables/<id>/join": ("Join", "TableInfo"),
    "POST /api/tables/<id>/ready": ("Ready", "TableInfo"),
    "POST /api/tables/<id>/start": ("SeatToken", "TableInfo"),
    "POST /api/tables/<id>/rematch": ("RematchRequest", "RematchAnswer"),
    "POST /api/tables/<id>/claim": ("Claim", "Claimed"),
    "POST /api/tables/<id>/device": ("SeatToken", "DeviceLink"),
    "POST /api/tables/<id>/revoke": ("Revoke", "Revoked"),
    "POST /api/my": ("MyTablesRequest", "MyTable[]"),
    "GET /api/open": (None, "OpenList"),
    "POST /api/tables/<id>/take": ("Take", "Taken"),
    "POST /api/tables/<id>/keep": ("SeatToken", "Kept"),
    "POST /api/quick": ("Quick", "Taken"),
    "POST /api/keys": (None, "PersonalKey"),
    "POST /api/me": ("KeyRequest", "KeyTables"),
    "POST /api/me/tie": ("Tie", "Tied"),
    "POST /api/me/open": ("OpenMine", "YourSeat"),
    "GET /api/tables/<id>/record": (None, "the engine record, seed included: only once the game is over"),
    "GET /api/tables/<id>/replay": (None, "Replay (query: seat, step, lang): one step of a finished game"),
    "POST /api/tables/<id>/notify": ("NotifyRequest", "Notices"),
    "GET /api/push/key": (None, "PushKey"),
}


def _dispatch(messages: dict[str, Any], description: str) -> JSONSchema:
    """One message of several, told apart by ``type``: an if/then per type (clearer errors than oneOf)."""
    return {
        "description": description,
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": list(messages)}},
        "allOf": [{"if": {"properties": {"type": {"const": t}}, "required": ["type"]},
                   "then": {"$ref": f"#/$defs/{cls.__name__}"}} for t, cls in messages.items()],
    }


@cache
def _base() -> JSONSchema:
    """The game-agnostic document: every message and body, the view and the event data open."""
    types = {**{c.__name__: c for c in CLIENT_MESSAGES.values()}, **{c.__name__: c for c in SERVER_MESSAGES.values()},
             **LOBBY}
    props, defs = types_schemas(types)
    for name, ref in props.items():
        if ref != {"$ref": f"#/$defs/{name}"}:  # a type pydantic inlined: keep it under its own name
            defs[name] = ref
    # pydantic writes a NotRequired[Literal[True]] and an open view as it may; state them plainly
    defs["Hello"]["properties"]["spectator"] = {"const": True}
    for name in ("State", "Update", "Replay"):
        defs[name]["properties"]["view"] = {"$ref": "#/$defs/View"}
    defs["View"] = {"description": "A seat's view: its schema is the game's (hustings schema GAME --part view)."}
    return {
        "$schema": DIALECT,
        "$id": "urn:hustings:protocol",
        "title": "hustings server protocol",
        "description": "Websocket messages (/ws/<table id>) and the lobby's JSON bodies; see docs/server.md.",
        "$defs": {"ClientMessage": _dispatch(CLIENT_MESSAGES, "A message a client sends on /ws/<table id>."),
                  "ServerMessage": _dispatch(SERVER_MESSAGES, "A message the server sends on /ws/<table id>."),
                  **dict(sorted(defs.items()))},
        "routes": {route: {"body": body, "answer": answer} for route, (body, answer) in ROUTES.items()},
    }


@cache
def _for_game(game: str) -> JSONSchema:
    out = copy.deepcopy(_base())
    schemas = get_spec(game).adapter("schema")
    out["$id"] = f"urn:hustings:protocol:{game}"
    out["title"] = f"hustings server protocol: {game}"
    if schemas is None:
        return out
    defs = out["$defs"]
    view = schemas.part("view")
    defs["View"] = view  # an embedded resource (its own $id): its "#/$defs/..." stay its own
    action = schemas.part("action")
    defs["LegalAction"] = {
        "allOf": [defs["LegalAction"],
                  {"properties": {"id": action["properties"]["id"], "kind": action["properties"]["kind"]},
                   "allOf": action["allOf"]}],
    }
    events = events_schema(schemas.event_data, f"{game} event, as a connection is sent it", message_key="text",
                           message_required=True)
    # the fields the server adds to an event beyond the engine's (a stand-in's mark), as the game-agnostic entry has
    for name, prop in defs["SeatEvent"]["properties"].items():
        events["properties"].setdefault(name, prop)
    defs["SeatEvent"] = {"$id": f"urn:hustings:{game}:seat-event", **events}
    return out


def protocol_schema(game: str | None = None) -> JSONSchema:
    """The protocol's schema document; with ``game``, that game's view, actions and event data plugged in.

    ``$defs.ClientMessage`` and ``$defs.ServerMessage`` describe any websocket message each way; each message and
    lobby body is a ``$defs`` entry of its own; ``routes`` names each lobby route's body and answer. A fresh copy
    each call (callers may change it)."""
    if game is None:
        return copy.deepcopy(_base())
    if game not in list_games():
        raise ValueError(f"unknown game {game!r}; games: {', '.join(list_games())}")
    return copy.deepcopy(_for_game(game))


def message_schema(game: str | None, which: Literal["client", "server"]) -> JSONSchema:
    """A schema that validates one websocket message (``which``: sent by a client or by the server)."""
    doc = protocol_schema(game)
    doc["$ref"] = "#/$defs/ClientMessage" if which == "client" else "#/$defs/ServerMessage"
    return doc


__all__ = ["CLIENT_MESSAGES", "LOBBY", "LOBBY_ERRORS", "PLAY_ERRORS", "ROUTES", "SERVER_MESSAGES", "message_schema",
           "protocol_schema"]


if __name__ == "__main__":  # python -m hustings.server.protocol > docs/protocol.schema.json
    import json
    import sys

    sys.stdout.write(json.dumps(protocol_schema(), ensure_ascii=False, indent=2) + "\n")
