"""The server's protocol as JSON Schema (draft 2020-12): every websocket message each way, and the lobby's bodies.

The messages are declared as typed dictionaries (the documentation a client author reads): the websocket's, and
the parts they share with the lobby's bodies, in :mod:`hustings.server.protocol_play`, the lobby's in
:mod:`hustings.server.protocol_lobby`; every name of theirs is importable from here too. Here
:func:`protocol_schema` turns them into one schema document. For a game it plugs in that game's own schemas from
the game contract's ``schema`` adapter (:class:`hustings.engine.schema.GameSchema`): a seat's ``view``, the
``id``/``kind``/``args`` of each legal action, and each event's ``data`` by its type. Without a game the view and
the event data are left open. ``hustings schema GAME --part protocol`` prints it, ``GET /api/games/<game>/schema``
serves it, and ``docs/protocol.schema.json`` holds the game-agnostic one.

Server messages are described exactly (closed objects: the suite validates every message its clients receive
against them, so a field added without being declared there fails). Client messages are described as a client
should send them; the server itself ignores fields it does not know.

The schemas are built on first use with pydantic, never on the hot path: the hub writes its messages itself.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any, Literal

from hustings.engine import get_spec, list_games
from hustings.engine.schema import DIALECT, JSONSchema, events_schema, types_schemas
from hustings.server.protocol_lobby import (
    LOBBY_ERRORS,
    Claim,
    Claimed,
    ClaimRequest,
    ClockRequest,
    Created,
    CreateTable,
    DeviceLink,
    GameInfo,
    HouseSetting,
    Invite,
    Join,
    Kept,
    KeyRequest,
    KeyTable,
    KeyTables,
    LobbyError,
    LobbyErrorCode,
    MyTable,
    MyTablesRequest,
    Notices,
    NotifyRequest,
    OpenList,
    OpenMine,
    OpenSeat,
    OpenTable,
    PersonalKey,
    PushKey,
    PushKeys,
    PushSubscription,
    Quick,
    Ready,
    RematchAnswer,
    RematchRequest,
    Replay,
    ReplayActed,
    ReplaySeat,
    ReplayTable,
    Revoke,
    Revoked,
    SeatRequest,
    SeatToken,
    Take,
    Taken,
    Tie,
    Tied,
    YourSeat,
)
from hustings.server.protocol_play import (
    PLAY_ERRORS,
    Ack,
    Act,
    Advice,
    BotLevel,
    ChatLineOut,
    ChatLines,
    ChatSend,
    ClockSettings,
    CompactAction,
    Error,
    Explain,
    Explanation,
    ExplanationItem,
    GiveUp,
    Hello,
    LabelArg,
    LabelWords,
    Lang,
    LegalAction,
    LegalForm,
    LegalWords,
    Notice,
    Outcome,
    Ping,
    PlayErrorCode,
    Pong,
    RematchOffer,
    Revocation,
    SeatClock,
    SeatEvent,
    SeatInfo,
    SetLang,
    State,
    TableChanged,
    TableInfo,
    TableStatus,
    Undo,
    Update,
    Welcome,
)

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
    for name in ("LegalAction", "CompactAction"):
        defs[name] = {
            "allOf": [defs[name],
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


__all__ = ["CLIENT_MESSAGES", "LOBBY", "LOBBY_ERRORS", "PLAY_ERRORS", "ROUTES", "SERVER_MESSAGES", "Ack", "Act",
           "Advice", "BotLevel", "ChatLineOut", "ChatLines", "ChatSend", "Claim", "ClaimRequest", "Claimed",
           "ClockRequest", "ClockSettings", "CompactAction", "CreateTable", "Created", "DeviceLink", "Error",
           "Explain", "Explanation", "ExplanationItem", "GameInfo", "GiveUp", "Hello", "HouseSetting", "Invite",
           "Join", "Kept", "KeyRequest", "KeyTable", "KeyTables", "LabelArg", "LabelWords", "Lang", "LegalAction",
           "LegalForm", "LegalWords", "LobbyError", "LobbyErrorCode", "MyTable", "MyTablesRequest", "Notice",
           "Notices", "NotifyRequest", "OpenList", "OpenMine", "OpenSeat", "OpenTable", "Outcome", "PersonalKey",
           "Ping", "PlayErrorCode", "Pong", "PushKey", "PushKeys", "PushSubscription", "Quick", "Ready",
           "RematchAnswer", "RematchOffer", "RematchRequest", "Replay", "ReplayActed", "ReplaySeat", "ReplayTable",
           "Revocation", "Revoke", "Revoked", "SeatClock", "SeatEvent", "SeatInfo", "SeatRequest", "SeatToken",
           "SetLang", "State", "TableChanged", "TableInfo", "TableStatus", "Take", "Taken", "Tie", "Tied", "Undo",
           "Update", "Welcome", "YourSeat", "message_schema", "protocol_schema"]


if __name__ == "__main__":  # python -m hustings.server.protocol > docs/protocol.schema.json
    import json
    import sys

    sys.stdout.write(json.dumps(protocol_schema(), ensure_ascii=False, indent=2) + "\n")
