"""The server's protocol, in the lobby: the JSON bodies of its HTTP requests and answers, and its error codes, as
typed dictionaries (the parts they share with the websocket messages are :mod:`hustings.server.protocol_play`'s).

:mod:`hustings.server.protocol` gathers them into its schema document (with each route's body and answer), and
every name here is importable from there too.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, get_args

from typing_extensions import TypedDict  # pydantic needs it below Python 3.12

from hustings.server.protocol_play import BotLevel, ClockSettings, Lang, Outcome, SeatEvent, TableInfo

#: every ``error`` of a lobby answer
LobbyErrorCode = Literal["bad_request", "unauthorized", "unknown_table", "unknown_game", "not_found",
                         "method_not_allowed", "conflict", "too_large", "unavailable", "rules_version",
                         "damaged_table", "too_many_tables", "too_many_bot_tables", "too_many_takes",
                         "too_many_keys", "too_many_replays", "too_many_notify_changes"]
#: each lobby error's HTTP status
LOBBY_ERRORS = {"bad_request": 400, "unauthorized": 403, "unknown_table": 404, "unknown_game": 404, "not_found": 404,
                "method_not_allowed": 405, "conflict": 409, "too_large": 413, "unavailable": 503, "rules_version": 409,
                "damaged_table": 500, "too_many_tables": 429, "too_many_bot_tables": 429, "too_many_takes": 429,
                "too_many_keys": 429, "too_many_replays": 429,
                "too_many_notify_changes": 429}
assert set(LOBBY_ERRORS) == set(get_args(LobbyErrorCode))


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
