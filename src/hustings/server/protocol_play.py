"""The server's protocol, in play: the websocket messages each way, their error codes, and the parts they share with
the lobby's bodies (a table, its seats and clock, an event, an outcome), as typed dictionaries.

:mod:`hustings.server.protocol` gathers them (with the lobby's, :mod:`hustings.server.protocol_lobby`) into its
schema document, and every name here is importable from there too.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, get_args

from typing_extensions import TypedDict  # pydantic needs it below Python 3.12

from hustings.engine import LANGS

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
PLAY_ERRORS: tuple[str, ...] = get_args(PlayErrorCode)
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


class CompactAction(TypedDict):
    """A legal action in the compact form (a client that said ``legal_form: "compact"`` in its hello): the label's
    ``parts`` and each argument's ``role``, without the texts that repeat from action to action. The texts are in
    the message's ``legal_words``: an argument's text is ``names[role][id]`` (``id``: the action's argument), the
    whole label the parts joined, and the title ``titles[kind]``. A list may mix in entries of the full form
    (``label`` present): the server falls back to it where a list's texts would not fit that table."""

    id: int
    kind: str
    args: list[int]
    roles: list[str]
    parts: list[str | int]


class LegalWords(TypedDict):
    """The texts that compact legal actions name: ``titles`` by kind and ``names`` by role, then argument value
    (a JSON key: the value as a string)."""

    titles: dict[str, str]
    names: dict[str, dict[str, str]]


#: how a client asks for its legal actions (its hello's ``legal_form``): ``full`` (the default) or ``compact``
LegalForm = Literal["full", "compact"]


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
    #: non-empty only for a seat that must act now; compact entries for a client that asked for them
    legal: list[LegalAction | CompactAction]
    #: with ``legal``, for a client that asked for the compact form: the texts its entries name
    legal_words: NotRequired[LegalWords]
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
    legal: NotRequired[list[LegalAction | CompactAction]]
    #: as in ``state``, with ``legal``
    legal_words: NotRequired[LegalWords]
    #: as in ``state``, sent again with ``legal`` or ``view`` (the hint rests on both)
    advice: NotRequired[Advice]
    #: left out when nothing but its ``step`` changed since this connection was last sent it (then its step is
    #: the update's ``step``: an update is sent once the moves it tells of are durable)
    table: NotRequired[TableInfo]
    #: only in the update that answers this connection's own accepted ``act``: the step just after that move (the
    #: move is durable). The update's ``step`` may be later: others' acts made at the same moment are stored and
    #: told with it
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
    its events (a reconnection); ``legal_form``: ``compact`` asks for the legal actions in the compact form (see
    ``CompactAction``: a seat offered hundreds of deployments gets a fraction of the bytes)."""

    type: Literal["hello"]
    token: NotRequired[str]
    spectator: NotRequired[Literal[True]]
    lang: NotRequired[Lang]
    since: NotRequired[int]
    legal_form: NotRequired[LegalForm]


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
