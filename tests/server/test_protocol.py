"""The protocol's JSON Schema (hustings.server.protocol, docs/protocol.schema.json) against the real server.

Every message any server test receives is checked against it by tests/server/conftest.py (Client.recv), and every
lobby answer by an httpx hook; here whole games of every registered game are played through it, the schema is
shown to refuse what the server must never send, and its lists are held to the server's code and catalogs.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

import hustings
from hustings.cli import app as cli_app
from hustings.server.protocol import LOBBY_ERRORS, PLAY_ERRORS, message_schema, protocol_schema

from .conftest import Client, Server, protocol_errors

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("palace-escape", "election-war", "die-macher", "die-macher-2019")


def test_the_schemas_are_valid_json_schema() -> None:
    Draft202012Validator.check_schema(protocol_schema())
    for game in [*GAMES, "toy"]:
        for which in ("client", "server"):
            Draft202012Validator.check_schema(message_schema(game, which))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown game"):
        protocol_schema("no-such-game")


def test_the_docs_hold_the_current_schema() -> None:
    """docs/protocol.schema.json is the game-agnostic schema as the code makes it (rewrite it with
    ``python -m hustings.server.protocol > docs/protocol.schema.json``)."""
    on_disk = json.loads((ROOT / "docs" / "protocol.schema.json").read_text(encoding="utf-8"))
    assert on_disk == protocol_schema()


def _send(client: Client, msg: dict[str, Any]) -> None:
    errors = protocol_errors(msg, client.game, "client")
    assert not errors, errors  # what these tests send is what a client may send
    client.send(msg)


@pytest.mark.parametrize("game", GAMES)
def test_every_message_of_a_game_played_through_the_server_conforms(server: Server, game: str) -> None:
    """People at every seat and a spectator, each connection in its own language, random legal moves: each
    message is checked in Client.recv against the schema with this game's view, actions and events."""
    spec = hustings.get_spec(game)
    players = spec.player_counts(spec.default_variant)[0]
    created = server.create(game=game, players=players, seats=[{"bot": None}] * players, lang="zh-Hant")
    server.start_table(created)
    tid = created["table"]["id"]
    langs = ["en", "zh-Hans", "zh-Hant"]
    # odd seats ask for the compact legal lists (CompactAction, legal_words), even seats for the full form
    clients = {s["seat"]: Client(server.ws_base, tid, s["token"], lang=langs[s["seat"] % 3],
                                 legal_form="compact" if s["seat"] % 2 else None)
               for s in created["seats"]}
    watcher = Client(server.ws_base, tid, lang="zh-Hans")
    rng = random.Random(game)
    first = clients[0]
    assert first.game == game and watcher.game == game
    moves = 0
    while moves < 40:
        first.sync()
        state = first.latest
        assert state is not None
        if state["over"]:
            break
        actor = clients[state["to_act"][0]]
        actor.sync()
        assert actor.latest is not None and actor.latest["legal"]
        _send(actor, {"type": "act", "step": actor.latest["step"], "action": rng.choice(actor.latest["legal"])["id"]})
        reply = actor.recv_type("update")
        for _ in range(5):  # an undo offer of an earlier move (sent a moment after it) may come first
            if "ack" in reply:
                break
            reply = actor.recv_type("update")
        assert reply.get("ack") == actor.latest["step"]
        moves += 1
    assert moves > 0
    # the other messages: an undo (accepted or refused), an explanation, a language change, a stale act, a ping
    actor = clients[first.latest["to_act"][0]] if first.latest and first.latest["to_act"] else first  # type: ignore[index]
    _send(actor, {"type": "undo", "step": actor.latest["step"]})  # type: ignore[index]
    actor.sync()
    for c in (first, watcher):
        _send(c, {"type": "lang", "lang": "en"})
        c.recv_type("state")
        seen = c.latest["events"]  # type: ignore[index]
        assert seen, "every game here tells its seats something at the start"
        index = sum(1 for e in seen if e["step"] == seen[0]["step"]) - 1
        _send(c, {"type": "explain", "step": seen[0]["step"], "index": index})
        c.recv_type("explanation")
        _send(c, {"type": "explain", "step": seen[0]["step"], "index": 999})
        assert c.recv_type("error")["code"] == "unknown_event"
    _send(first, {"type": "act", "step": 10_000, "action": 0})
    assert first.recv_type("error")["code"] in ("stale_step", "not_your_turn", "over")
    _send(watcher, {"type": "act", "step": 0, "action": 0})
    assert watcher.recv_type("error")["code"] == "spectator"
    first.sync()
    # a seat's going changes TableInfo (a spectator's coming does not: it pushes nothing)
    first.close()
    watcher.recv_type("table")
    forms = {("compact" if "legal_words" in m else "full") for c in clients.values() for m in c.seen if m.get("legal")}
    assert forms == ({"compact", "full"} if len(clients) > 1 else {"full"}), forms
    kinds = Counter(m["type"] for c in [*clients.values(), watcher] for m in c.seen)
    # each was checked on arrival; and the check had something of each kind to look at
    assert {"welcome", "state", "update", "table", "pong", "explanation", "error"} <= set(kinds), kinds
    events = sum(len(m["events"]) for c in clients.values() for m in c.seen if m["type"] in ("state", "update"))
    assert events > 0


def _a_real_state(server: Server) -> tuple[dict[str, Any], int]:
    created = server.create(game="palace-escape", players=1)
    server.start_table(created)
    c = Client(server.ws_base, created["table"]["id"], created["seats"][0]["token"])
    c.act()
    msg = c.seen[-1]
    assert msg["type"] == "update" and msg["legal"] and msg["events"]
    # TableInfo rides in an update only when more than its step changed: the state's, at its place
    msg.setdefault("table", c.welcome["table"])  # type: ignore[index]
    return msg, len(hustings.make("palace-escape", players=1).SPACE)


def test_the_schema_refuses_what_the_server_must_never_send(server: Server) -> None:
    """The check in Client.recv can fail: each of these changes of a real message breaks the schema."""
    msg, space = _a_real_state(server)
    assert protocol_errors(msg, "palace-escape") == []

    def broken(change: Any) -> list[str]:
        bad = json.loads(json.dumps(msg))
        change(bad)
        return protocol_errors(bad, "palace-escape")

    assert broken(lambda m: m.update(seed=12345))  # a field nobody declared: the seed, say
    assert broken(lambda m: m["table"].update(token="x"))
    assert broken(lambda m: m["view"].update(deck=[1, 2, 3]))  # the game's view schema is closed
    assert broken(lambda m: m["legal"][0].update(id=space))  # past the game's action space
    assert broken(lambda m: m["legal"][0].update(kind="teleport"))
    assert broken(lambda m: m["events"][0].update(type="no_such_event"))
    assert broken(lambda m: m["events"][0].update(data={"nonsense": True}))
    assert broken(lambda m: m["events"][0].pop("text"))
    assert broken(lambda m: m.pop("can_undo"))
    assert broken(lambda m: m.update(type="upd4te"))
    assert broken(lambda m: m["clocks"].append({"seat": 0, "remaining_s": "soon", "running": False}))
    assert protocol_errors({"type": "error", "code": "oops", "message": "x"}, None)
    assert protocol_errors({"type": "error", "code": "over", "message": "x", "detail": "y"}, None)
    assert protocol_errors({"type": "welcome", "seat": 0}, None)


def test_client_messages_as_the_browser_table_sends_them() -> None:
    ok = [{"type": "hello", "token": "abc", "lang": "zh-Hant"}, {"type": "hello", "spectator": True, "lang": "en"},
          {"type": "hello", "token": "abc", "since": 12}, {"type": "act", "step": 3, "action": 17},
          {"type": "undo", "step": 4}, {"type": "lang", "lang": "zh-Hans"}, {"type": "ping"},
          {"type": "explain", "step": 0, "index": 2},
          {"type": "hello", "token": "abc", "lang": "en", "legal_form": "compact"}]
    for m in ok:
        assert protocol_errors(m, None, "client") == [], m
    bad = [{"type": "act", "step": "3", "action": 17}, {"type": "act", "step": 3}, {"type": "lang", "lang": "de"},
           {"type": "hello", "spectator": False}, {"type": "dance"}, {"step": 1}, {"type": "ping", "extra": 1},
           {"type": "hello", "token": "abc", "legal_form": "tiny"}]
    for m in bad:
        assert protocol_errors(m, None, "client"), m
    # with a game, an act's action id is any integer (the server names an id outside the game's legal ones)
    assert protocol_errors({"type": "act", "step": 0, "action": 10**9}, "palace-escape", "client") == []


def _catalog(lang: str) -> dict[str, Any]:
    path = ROOT / "src" / "hustings" / "server" / "messages" / f"{lang}.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["server"]["error"]
    return data


def test_the_error_codes_are_the_servers_and_every_one_is_worded() -> None:
    # the hub's parts (tables, lobby, connections, ...) and the web layer
    server = sorted((ROOT / "src" / "hustings" / "server").glob("*.py"))
    sources = "\n".join(f.read_text(encoding="utf-8") for f in server)
    raised = set(re.findall(r'PlayError\("([a-z_]+)"', sources)) | set(re.findall(r'\berror\("([a-z_]+)"', sources))
    assert raised and raised <= set(PLAY_ERRORS), raised - set(PLAY_ERRORS)
    # the table core's refusals reach a person as play errors of the same code (not_bot_turn is a bot's only)
    core = "\n".join((ROOT / "src" / "hustings" / "table" / name).read_text(encoding="utf-8")
                     for name in ("core.py", "takeback.py"))
    refused = set(re.findall(r'(?:Refused|IllegalMove)\("([a-z_]+)"', core)) - {"not_bot_turn"}
    assert refused and refused <= set(PLAY_ERRORS), refused - set(PLAY_ERRORS)
    for lang in hustings.LANGS:
        worded = {k for k in _catalog(lang) if not k.startswith("undo.")}
        assert worded == set(PLAY_ERRORS), (lang, worded ^ set(PLAY_ERRORS))
    lobby = [(node.args[0].value, node.args[2].value if len(node.args) > 2 else 400)  # type: ignore[attr-defined]
             for node in ast.walk(ast.parse(sources)) if isinstance(node, ast.Call)
             and getattr(node.func, "id", None) == "LobbyError" and isinstance(node.args[0], ast.Constant)]
    assert len(lobby) > 10
    for code, status in lobby:  # each code the lobby answers is declared, with the HTTP status it comes with
        assert LOBBY_ERRORS.get(code) == status, (code, status)


def test_the_schema_is_served_and_printed(server: Server) -> None:
    r = server.http.get("/api/games/election-war/schema")
    assert r.status_code == 200 and r.headers["content-type"] == "application/schema+json"
    assert r.json() == protocol_schema("election-war")
    r = server.http.get("/api/games/chess/schema")
    assert r.status_code == 404 and r.json()["error"] == "unknown_game"
    out = CliRunner().invoke(cli_app, ["schema", "palace-escape", "--part", "protocol"])
    assert out.exit_code == 0 and json.loads(out.output) == protocol_schema("palace-escape")


def test_an_unknown_call_answers_in_the_protocols_error_shape(server: Server) -> None:
    r = server.http.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["error"] == "not_found" and "/api/nothing-here" in r.json()["message"]
    r = server.http.delete("/api/tables")
    assert r.status_code == 405 and r.json()["error"] == "method_not_allowed"


def test_every_bot_name_the_lobby_takes_is_in_the_schema(server: Server) -> None:
    """The lobby takes "ismcts" alone (normal level) as well as the named levels: its answer must conform."""
    seats = [{"bot": None}, {"bot": "ismcts"}, {"bot": "ismcts:easy"}, {"bot": "random"}]
    created = server.create(game="election-war", players=4, seats=seats)  # the hook checks the answer
    assert [s["bot"] for s in created["table"]["seats"]] == [None, "ismcts", "ismcts:easy", "random"]
    assert protocol_errors({"game": "election-war", "players": 4, "seats": seats}, None, "CreateTable") == []
