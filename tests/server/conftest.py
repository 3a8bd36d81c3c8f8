"""Servers and clients for the server tests: a real uvicorn server on a free loopback port (in a thread of
this process, or as a subprocess for the durability test), a real SQLite file, real websockets. No mocks."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from websockets.sync.client import ClientConnection, connect

from hustings.server.app import create_app
from hustings.server.protocol import message_schema, protocol_schema
from hustings.server.store import open_store
from hustings.server.tables import Conn

_VALIDATORS: dict[tuple[str | None, str], Draft202012Validator] = {}


def _validator(game: str | None, which: str) -> Draft202012Validator:
    key = (game, which)
    if key not in _VALIDATORS:
        if which in ("client", "server"):
            doc = message_schema(game, "client" if which == "client" else "server")
        else:  # a lobby body by its name in $defs, or "Name[]" for a list of them
            doc = protocol_schema(game)
            name = which.removesuffix("[]")
            if name == which:
                doc["$ref"] = f"#/$defs/{name}"
            else:
                doc.update(type="array", items={"$ref": f"#/$defs/{name}"})
        # a registry crawled once: looking up the embedded game schemas ($id) afresh at every $ref is ~20x slower
        registry: Registry[Any] = Registry().with_resource(doc["$id"], Resource.from_contents(doc)).crawl()
        _VALIDATORS[key] = Draft202012Validator(doc, registry=registry)
    return _VALIDATORS[key]


def protocol_errors(msg: Any, game: str | None, which: str = "server") -> list[str]:
    """What is wrong with ``msg`` by the protocol's JSON Schema (docs/protocol.schema.json; with ``game``, that
    game's view, actions and event data too): one line per error, empty when it conforms. ``which``: "server"
    or "client" (a websocket message), or the name of a lobby body in the schema's $defs ("TableInfo",
    "GameInfo[]")."""
    return [f"{'/'.join(map(str, e.absolute_path)) or '(message)'}: {e.message[:300]}"
            for e in _validator(game, which).iter_errors(msg)]


#: the lobby's answers by route (method, path pattern) -> the body's name in the protocol schema
_ANSWERS = [("GET", re.compile(r"/api/games"), "GameInfo[]"),
            ("POST", re.compile(r"/api/tables"), "Created"),
            ("POST", re.compile(r"/api/tables/[^/]+/rematch"), "RematchAnswer"),
            ("GET", re.compile(r"/api/tables/[^/]+"), "TableInfo"),
            ("POST", re.compile(r"/api/tables/[^/]+/(join|ready|start)"), "TableInfo"),
            ("POST", re.compile(r"/api/tables/[^/]+/claim"), "Claimed"),
            ("POST", re.compile(r"/api/tables/[^/]+/device"), "DeviceLink"),
            ("POST", re.compile(r"/api/tables/[^/]+/revoke"), "Revoked"),
            ("POST", re.compile(r"/api/my"), "MyTable[]"),
            ("GET", re.compile(r"/api/open"), "OpenList"),
            ("POST", re.compile(r"/api/tables/[^/]+/take"), "Taken"),
            ("POST", re.compile(r"/api/tables/[^/]+/keep"), "Kept"),
            ("POST", re.compile(r"/api/quick"), "Taken"),
            ("POST", re.compile(r"/api/keys"), "PersonalKey"),
            ("POST", re.compile(r"/api/me"), "KeyTables"),
            ("POST", re.compile(r"/api/me/tie"), "Tied"),
            ("POST", re.compile(r"/api/me/open"), "YourSeat"),
            ("GET", re.compile(r"/api/tables/[^/]+/replay"), "Replay"),
            ("POST", re.compile(r"/api/tables/[^/]+/notify"), "Notices"),
            ("GET", re.compile(r"/api/push/key"), "PushKey")]


def check_lobby_answer(response: httpx.Response) -> None:
    """An httpx response hook: every lobby answer a test gets is what the protocol's schema says."""
    path = response.request.url.path
    if not path.startswith("/api/") or response.headers.get("content-type") != "application/json":
        return
    response.read()
    body = response.json()
    if response.status_code != 200:
        name: str | None = "LobbyError"
    else:
        name = next((n for m, rx, n in _ANSWERS if m == response.request.method and rx.fullmatch(path)), None)
    if name is not None:
        errors = protocol_errors(body, None, name)
        assert not errors, f"{response.request.method} {path} answered outside the protocol schema: {errors[:5]}"


def claim_all(http: httpx.Client, created: dict[str, Any], base: str = "") -> dict[str, Any]:
    """Claim every free seat of a create (or rematch) answer with its invite, as each person would: each entry of
    ``seats`` gets its seat's fresh ``token``; the creator's own seat (``you``) is listed there too."""
    tid = created["table"]["id"]
    seats = []
    for s in created["seats"]:
        r = http.post(f"{base}/api/tables/{tid}/claim", json={"invite": s["code"]})
        assert r.status_code == 200, r.text
        seats.append({**s, "token": r.json()["token"], "invite": r.json()["link"]})
    if "you" in created:
        seats.append({"seat": created["you"]["seat"], "token": created["you"]["token"],
                      "invite": created["you"]["link"]})
    return {**created, "seats": sorted(seats, key=lambda s: s["seat"])}


async def hub_claim_all(hub: Any, created: dict[str, Any]) -> dict[str, Any]:
    """:func:`claim_all` through a hub's own calls (tests of the hub without HTTP)."""
    tid = created["table"]["id"]
    seats = []
    for s in created["seats"]:
        got = await hub.claim(tid, {"invite": s["code"]})
        seats.append({**s, "token": got["token"], "invite": got["link"]})
    if "you" in created:
        seats.append({"seat": created["you"]["seat"], "token": created["you"]["token"],
                      "invite": created["you"]["link"]})
    return {**created, "seats": sorted(seats, key=lambda s: s["seat"])}


def expand_legal(legal: list[dict[str, Any]], words: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A legal list in the compact form made whole, as the browser table does (expandLegal in common.js): each
    entry's label and structured words from the message's ``legal_words``; an entry in the full form kept."""
    if words is None:
        return legal
    out = []
    for a in legal:
        if "label" in a:
            out.append(a)
            continue
        args = [{"role": role, "id": a["args"][i], "text": words["names"][role][str(a["args"][i])]}
                for i, role in enumerate(a["roles"])]
        label = "".join(p if isinstance(p, str) else args[p]["text"] for p in a["parts"])
        out.append({"id": a["id"], "kind": a["kind"], "args": a["args"], "label": label,
                    "words": {"title": words["titles"][a["kind"]], "args": args, "parts": a["parts"]}})
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A uvicorn server running ``create_app`` in a background thread."""

    def __init__(self, db: Path, url: str | None = None, **app_kw: Any) -> None:
        """A server on the SQLite file ``db``, or on the database ``url`` (SQLite or PostgreSQL) when given."""
        self.db = db
        self.port = free_port()
        self.app = create_app(open_store(url or f"sqlite://{db}"), **app_kw)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_max_size=1 << 20, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        deadline = time.time() + 10
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        self.http = httpx.Client(base_url=self.base, timeout=10, event_hooks={"response": [check_lobby_answer]})

    def _run(self) -> None:
        asyncio.run(self.server.serve())

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def create(self, **body: Any) -> dict[str, Any]:
        """A new table whose every person's seat is claimed at once through its invite (as if each person opened
        their link): each entry of ``seats`` gets that seat's ``token``, as tests of play need."""
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return claim_all(self.http, out)

    def start_table(self, created: dict[str, Any]) -> None:
        tid = created["table"]["id"]
        for s in created["seats"]:
            assert self.http.post(f"/api/tables/{tid}/join", json={"token": s["token"], "name": f"P{s['seat']}"}
                                  ).status_code == 200
            assert self.http.post(f"/api/tables/{tid}/ready", json={"token": s["token"], "ready": True}
                                  ).status_code == 200
        if created["seats"]:
            r = self.http.post(f"/api/tables/{tid}/start", json={"token": created["seats"][0]["token"]})
            assert r.status_code == 200, r.text

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(10)


class Client:
    """A websocket client at one table: ``hello`` sent, welcome and first state received."""

    def __init__(self, ws_base: str, table_id: str, token: str | None = None, *, lang: str = "en",
                 since: int | None = None, hello: bool = True, legal_form: str | None = None) -> None:
        self.ws: ClientConnection = connect(f"{ws_base}/ws/{table_id}", max_size=None, open_timeout=10).__enter__()
        self.seen: list[dict[str, Any]] = []  # every message received, in order
        self.latest: dict[str, Any] | None = None  # the last state/update
        self.welcome: dict[str, Any] | None = None
        self.game: str | None = None  # from the welcome: every message received is checked against its schema
        if hello:
            msg: dict[str, Any] = {"type": "hello", "lang": lang}
            if token is None:
                msg["spectator"] = True
            else:
                msg["token"] = token
            if since is not None:
                msg["since"] = since
            if legal_form is not None:
                msg["legal_form"] = legal_form
            self.send(msg)
            self.welcome = self.recv_type("welcome")
            self.recv_type("state")

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str | bytes) else json.dumps(msg))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        if msg.get("type") == "welcome" and isinstance(msg.get("table"), dict):
            self.game = msg["table"].get("game")
        # every message any server test receives must be what the protocol's schema says (a test of the schema
        # and of the server at once)
        errors = protocol_errors(msg, self.game)
        assert not errors, f"a {msg.get('type')!r} message breaks the protocol schema: {errors[:5]}"
        self.seen.append(msg)
        if msg["type"] == "state" or (msg["type"] == "update" and self.latest is None):
            self.latest = msg
        elif msg["type"] == "update":
            # an update leaves out the view, the legal actions and TableInfo when they have not changed since this
            # connection's last state/update: the client keeps them from before
            kept = {k: v for k, v in self.latest.items() if k in ("view", "legal", "table")}
            self.latest = {**kept, **msg}
        return msg

    def recv_type(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        deadline = time.time() + timeout
        while True:
            msg = self.recv(max(0.01, deadline - time.time()))
            if msg["type"] == kind:
                return msg

    def sync(self, timeout: float = 10) -> list[dict[str, Any]]:
        """Every message the server queued for us before it read a ping."""
        self.send({"type": "ping"})
        out = []
        deadline = time.time() + timeout
        while True:
            msg = self.recv(max(0.01, deadline - time.time()))
            if msg["type"] == "pong":
                return out
            out.append(msg)

    def wait(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20) -> dict[str, Any]:
        """Read until the latest state satisfies ``pred``."""
        deadline = time.time() + timeout
        if self.latest is not None and pred(self.latest):
            return self.latest
        while True:
            self.recv(max(0.01, deadline - time.time()))
            if self.latest is not None and pred(self.latest):
                return self.latest

    def act(self, action: int | None = None) -> dict[str, Any]:
        """Play ``action`` (default: the first legal one) at the latest step and return the update that
        acknowledges it (its ``"ack"``: the new step, the move durable), or the error."""
        assert self.latest is not None
        if action is None:
            action = self.latest["legal"][0]["id"]
        self.send({"type": "act", "step": self.latest["step"], "action": action})
        while True:
            msg = self.recv()
            if msg["type"] == "error" or "ack" in msg:
                return msg

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    monkeypatch.setenv("HUSTINGS_DATA_DIR", str(tmp_path / "data"))
    s = Server(tmp_path / "server.db", grace_s=0.5, rate=1000, burst=1000)
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    made: list[Server] = []

    def make(**kw: Any) -> Server:
        kw.setdefault("rate", 1000)
        kw.setdefault("burst", 1000)
        s = Server(kw.pop("db", tmp_path / "server.db"), **kw)
        made.append(s)
        return s

    yield make
    for s in made:
        s.stop()


def hub_conn() -> tuple[Conn, list[dict[str, Any]]]:
    """A connection and what it was sent, as a client keeps it: an update that leaves out the view or the legal
    actions (unchanged since the last state/update) gets them from before."""
    got: list[dict[str, Any]] = []

    def receive(text: str) -> None:
        msg = json.loads(text)
        if msg["type"] == "update":
            last = next((m for m in reversed(got) if m["type"] in ("state", "update")), {})
            msg = {**{k: last[k] for k in ("view", "legal") if k in last}, **msg}
        got.append(msg)

    return Conn(send=receive), got


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend, by URL (a module that uses it names ``pg_server``, the throwaway
    PostgreSQL cluster of tests/server/pg_fixture.py, as a fixture of its own)."""
    if request.param == "sqlite":
        return f"sqlite://{tmp_path / 'server.db'}"
    server = request.getfixturevalue("pg_server")
    url: str = server.new_database()
    return url
