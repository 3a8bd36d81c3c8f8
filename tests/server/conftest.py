"""Servers and clients for the server tests: a real uvicorn server on a free loopback port (in a thread of
this process, or as a subprocess for the durability test), a real SQLite file, real websockets. No mocks."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from hustings.server.app import create_app
from hustings.server.store import open_store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A uvicorn server running ``create_app`` in a background thread."""

    def __init__(self, db: Path, **app_kw: Any) -> None:
        self.db = db
        self.port = free_port()
        self.app = create_app(open_store(f"sqlite://{db}"), **app_kw)
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
        self.http = httpx.Client(base_url=self.base, timeout=10)

    def _run(self) -> None:
        asyncio.run(self.server.serve())

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def create(self, **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

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
                 since: int | None = None, hello: bool = True) -> None:
        self.ws: ClientConnection = connect(f"{ws_base}/ws/{table_id}", max_size=None, open_timeout=10).__enter__()
        self.seen: list[dict[str, Any]] = []  # every message received, in order
        self.latest: dict[str, Any] | None = None  # the last state/update
        self.welcome: dict[str, Any] | None = None
        if hello:
            msg: dict[str, Any] = {"type": "hello", "lang": lang}
            if token is None:
                msg["spectator"] = True
            else:
                msg["token"] = token
            if since is not None:
                msg["since"] = since
            self.send(msg)
            self.welcome = self.recv_type("welcome")
            self.recv_type("state")

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str | bytes) else json.dumps(msg))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(msg)
        if msg["type"] in ("state", "update"):
            self.latest = msg
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
