"""Scaling out (issue 12, "Beyond one machine"): two real `hustings serve` processes on one PostgreSQL server, clients
on real websockets connected to both. Each game's moves are serialised in the database and the processes tell each
other of new moves with LISTEN/NOTIFY; the tests check that every client sees every move and no move is lost."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
import websockets.sync.client

from hustings.server.store import open_store

from . import pg_fixture
from .conftest import claim_all
from .pg_fixture import free_port

pg_server = pg_fixture.pg_server

ROOT = Path(__file__).resolve().parents[2]
# the server processes know the suite's toy games too, registered as a third-party game would be
LAUNCH = ("import sys; from toygame import register_toys; register_toys(); "
          "from hustings.cli import main; sys.argv[0] = 'hustings'; main()")
GAME_TIMEOUT = 180.0


class ServerProcess:
    def __init__(self, db_url: str, log: Path, grace: float = 600) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        self.log = log.open("w")
        path = [str(ROOT / "src"), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", db_url,
             "--grace", str(grace)],
            stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=ROOT,
        )

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"the server exited: {self.log_path.read_text()[-3000:]}"
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return
            time.sleep(0.1)
        raise AssertionError(f"the server did not answer: {self.log_path.read_text()[-3000:]}")

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        return self.log_path.read_text()


def _two(pg_server: pg_fixture.PgServer, logs: Path,
         grace: float) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    """Two server processes on one new database; after them, neither may have logged a traceback."""
    db_url = pg_server.new_database()
    servers = [ServerProcess(db_url, logs / "a.log", grace=grace), ServerProcess(db_url, logs / "b.log", grace=grace)]
    try:
        for s in servers:
            s.wait_ready()
        yield servers[0], servers[1], db_url
    finally:
        texts = [s.stop() for s in servers]
    for name, text in zip("AB", texts, strict=True):
        assert "Traceback" not in text, f"server {name} logged a traceback:\n{text[-4000:]}"


@pytest.fixture(scope="module")
def two_servers(pg_server: pg_fixture.PgServer,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    """Two server processes on one new database, for the tests of this module (each test plays its own tables)."""
    yield from _two(pg_server, tmp_path_factory.mktemp("servers"), grace=600)


def _create(base: str, game: str, seats: list[str | None]) -> tuple[str, list[str | None]]:
    """A table made, joined, readied and started through one server's lobby: its id and each seat's token
    (None for a bot seat)."""
    with httpx.Client(base_url=base, timeout=30) as http:
        r = http.post("/api/tables", json={"game": game, "players": len(seats), "seats": [{"bot": b} for b in seats]})
        assert r.status_code == 200, r.text
        body = claim_all(http, r.json())
        table_id = body["table"]["id"]
        tokens: list[str | None] = [None] * len(seats)
        for s in body["seats"]:
            tokens[s["seat"]] = s["token"]
        for seat, token in enumerate(tokens):
            if token is None:
                continue
            steps: list[tuple[str, dict[str, Any]]] = [("join", {"token": token, "name": f"p{seat}"}),
                                                       ("ready", {"token": token, "ready": True})]
            for verb, body in steps:
                r = http.post(f"/api/tables/{table_id}/{verb}", json=body)
                assert r.status_code == 200, r.text
        first = next(t for t in tokens if t is not None)
        r = http.post(f"/api/tables/{table_id}/start", json={"token": first})
        assert r.status_code == 200, r.text
    return table_id, tokens


@dataclass
class Client:
    """One websocket client: a seat playing random legal moves, or a spectator (token None)."""

    base: str
    table_id: str
    token: str | None
    seed: int
    acked: dict[int, int] = field(default_factory=dict)  # step -> action id, for every ack received
    public: list[tuple[int, str, str]] = field(default_factory=list)  # (step, type, data) of public events
    last_step: int = -1
    outcome: Any = None
    errors: list[str] = field(default_factory=list)

    async def run(self) -> None:
        rng = random.Random(self.seed)
        sent: dict[int, int] = {}
        acted_at = -1
        last_send = 0.0
        legal: list[dict[str, Any]] = []  # an update leaves them out when they are the same as before
        url = self.base.replace("http://", "ws://") + f"/ws/{self.table_id}"
        hello: dict[str, Any] = {"type": "hello", "token": self.token} if self.token else {"type": "hello",
                                                                                         "spectator": True}
        async with websockets.connect(url, max_size=None) as ws:
            await ws.send(json.dumps(hello))
            async for raw in ws:
                msg = json.loads(raw)
                kind = msg["type"]
                if "ack" in msg:  # the update that answers our act: the move is durable
                    # made at step ack - 1; "sent" names the step the act was sent at when others moved meanwhile
                    # (an act at an older step is taken while what the seat sees has not changed)
                    step = msg["ack"] - 1
                    self.acked[step] = sent.pop(msg.get("sent", step))
                if kind == "error":
                    self.errors.append(msg["code"])
                    # someone (through the other server) moved first; the state that follows has a later step,
                    # and we act on that (an error does not say which of our acts it refused: keep acted_at)
                    assert msg["code"] in ("stale_step", "not_your_turn"), msg
                elif kind in ("state", "update"):
                    if kind == "state":  # a fresh state carries every event again
                        self.public = []
                    self.public += [(e["step"], e["type"], json.dumps(e["data"], sort_keys=True))
                                    for e in msg["events"] if e["to"] is None]
                    self.last_step = msg["step"]
                    if msg["over"]:
                        self.outcome = msg["outcome"]
                        return
                    legal = msg.get("legal", legal)
                    if self.token and legal and msg["step"] > acted_at:
                        # under the server's per-connection rate (20 messages a second)
                        await asyncio.sleep(max(0.0, last_send + 0.06 - time.monotonic()))
                        last_send = time.monotonic()
                        acted_at = msg["step"]
                        choice = rng.choice(legal)["id"]
                        sent[acted_at] = choice
                        await ws.send(json.dumps({"type": "act", "step": acted_at, "action": choice}))


async def _play(clients: list[Client]) -> None:
    try:
        await asyncio.wait_for(asyncio.gather(*(c.run() for c in clients)), GAME_TIMEOUT)
    except TimeoutError:
        seen = "\n".join(f"  seat {c.token and c.token[:6]}: step {c.last_step}, acked {c.acked}, errors {c.errors}"
                         for c in clients)
        raise AssertionError(f"the game did not end within {GAME_TIMEOUT:.0f} s:\n{seen}") from None


def _check_game(clients: list[Client], db_url: str, table_id: str, seat_of: dict[int, int]) -> int:
    """Everyone saw the same end and the same public events; every acknowledged move is in the log as sent."""
    store = open_store(db_url)
    try:
        log = store.actions(table_id)
        table = store.table(table_id)
    finally:
        store.close()
    steps = len(log)
    assert [a.step for a in log] == list(range(steps))
    assert (table.steps, table.status) == (steps, "over")
    for c in clients:
        assert c.last_step == steps, (c.token, c.last_step, steps)
        assert c.outcome == clients[0].outcome is not None
        assert c.public == clients[0].public, "a client missed or doubled a public event"
    for index, c in enumerate(clients):
        for step, action in c.acked.items():
            assert (log[step].seat, log[step].action) == (seat_of[index], action), (
                f"an acknowledged move was lost: client {index} acked {c.acked}, errors {c.errors}; the log holds "
                f"{[(a.seat, a.action) for a in log]}")
    return steps


def test_a_game_split_over_two_server_processes(two_servers: tuple[ServerProcess, ServerProcess, str]) -> None:
    """The toy game has secret simultaneous choices: both seats act on the same step, each through its own
    server, so the database decides who was first and the other is told to act again on the new step."""
    a, b, db_url = two_servers
    for round_ in range(3):
        table_id, tokens = _create(a.base if round_ % 2 == 0 else b.base, "toy", [None, None])
        clients = [Client(a.base, table_id, tokens[0], seed=round_), Client(b.base, table_id, tokens[1], seed=99),
                   Client(a.base, table_id, None, 0), Client(b.base, table_id, None, 0)]
        asyncio.run(_play(clients))
        steps = _check_game(clients, db_url, table_id, {0: 0, 1: 1})
        assert steps == 6  # 3 rounds, 2 secret choices each
        assert len(clients[0].acked) + len(clients[1].acked) == steps


def test_die_macher_with_a_bot_across_two_servers(two_servers: tuple[ServerProcess, ServerProcess, str]) -> None:
    """A whole Die Macher 2019 game: seat 0 plays through server A, seat 1 through server B, seat 2 is a bot
    (which either process may move for: the database takes the first)."""
    a, b, db_url = two_servers
    table_id, tokens = _create(a.base, "die-macher-2019", [None, None, "random"])
    clients = [Client(a.base, table_id, tokens[0], seed=1), Client(b.base, table_id, tokens[1], seed=2),
               Client(b.base, table_id, None, 0)]
    asyncio.run(_play(clients))
    steps = _check_game(clients, db_url, table_id, {0: 0, 1: 1})
    assert steps > 50
    assert len(clients[0].acked) > 10 and len(clients[1].acked) > 10


# -- who is connected where, and the lobby, across processes ----------------------------------------------------

GRACE_S = 1.5


@pytest.fixture(scope="module")
def two_quick_servers(pg_server: pg_fixture.PgServer,
                      tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    """Two processes whose grace period is short, so that a stand-in bot would soon play for anyone it thinks
    gone."""
    yield from _two(pg_server, tmp_path_factory.mktemp("quick"), grace=GRACE_S)


def _stored(db_url: str, table_id: str) -> list[Any]:
    store = open_store(db_url)
    try:
        return store.actions(table_id)
    finally:
        store.close()


def _until(predicate: Any, timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return bool(predicate())


def _info(server: ServerProcess, table_id: str) -> dict[str, Any]:
    r = httpx.get(f"{server.base}/api/tables/{table_id}", timeout=10)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_the_lobby_is_one_across_processes(two_quick_servers: tuple[ServerProcess, ServerProcess, str]) -> None:
    """Create on A, one seat joins through A and one through B, B starts it: each process knows at once what the
    other was told, so the start is not refused and A's players see the game begin."""
    a, b, db_url = two_quick_servers
    with httpx.Client(timeout=30) as http:
        body = claim_all(http, http.post(f"{a.base}/api/tables", json={"game": "toy", "players": 2}).json(), a.base)
        tid = body["table"]["id"]
        tokens = [s["token"] for s in body["seats"]]
        with websockets.sync.client.connect(f"{a.base.replace('http', 'ws')}/ws/{tid}") as ws_a:
            ws_a.send(json.dumps({"type": "hello", "token": tokens[0]}))
            assert json.loads(ws_a.recv(10))["type"] == "welcome"
            assert json.loads(ws_a.recv(10))["status"] == "lobby"
            r = http.post(f"{a.base}/api/tables/{tid}/join", json={"token": tokens[0], "name": "Ann", "ready": True})
            assert r.status_code == 200, r.text
            r = http.post(f"{b.base}/api/tables/{tid}/join", json={"token": tokens[1], "name": "Bo", "ready": True})
            assert r.status_code == 200, r.text
            r = http.post(f"{b.base}/api/tables/{tid}/start", json={"token": tokens[1]})
            assert r.status_code == 200, r.text  # B saw A's join
            # A's connection hears that the game began through B, with the seat names B was told
            deadline = time.monotonic() + 10
            while True:
                msg = json.loads(ws_a.recv(max(0.1, deadline - time.monotonic())))
                if msg["type"] == "state" and msg["status"] == "playing":
                    break
            assert msg["legal"] and [s["name"] for s in msg["table"]["seats"]] == ["Ann", "Bo"]
            assert _info(a, tid)["status"] == "playing"
            with websockets.sync.client.connect(f"{b.base.replace('http', 'ws')}/ws/{tid}") as watcher:
                watcher.send(json.dumps({"type": "hello", "spectator": True}))
                while json.loads(watcher.recv(10))["type"] != "state":
                    pass
                ws_a.send(json.dumps({"type": "act", "step": msg["step"], "action": msg["legal"][0]["id"]}))
                while "ack" not in (reply := json.loads(ws_a.recv(10))):
                    assert reply["type"] != "error", reply
                acked = time.monotonic()
                # B's spectator hears of A's move by NOTIFY, well before B's next reconciliation (10 s) would
                while json.loads(watcher.recv(10)).get("type") != "update":
                    pass
                assert time.monotonic() - acked < 3.0
        assert len(_stored(db_url, tid)) == 1


def test_no_process_plays_for_a_person_connected_to_another(
        two_quick_servers: tuple[ServerProcess, ServerProcess, str]) -> None:
    """Both people sit at B, idle, longer than the grace period: A must not send its stand-in bots (it did: a
    process counted only its own connections). When one leaves, a bot plays for them (and for them only) until
    they come back, through the other process."""
    a, b, db_url = two_quick_servers
    tid, tokens = _create(a.base, "toy", [None, None])
    ws_url = {s: f"{s.base.replace('http', 'ws')}/ws/{tid}" for s in (a, b)}
    with contextlib.ExitStack() as held:
        conns = [held.enter_context(websockets.sync.client.connect(ws_url[b])) for _ in tokens]
        for ws, token in zip(conns, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
            assert json.loads(ws.recv(10))["type"] == "welcome"
        time.sleep(GRACE_S * 3)
        assert _stored(db_url, tid) == [], "a bot played for people who were at the table"
        for server in (a, b):
            seats = _info(server, tid)["seats"]
            assert [(s["connected"], s["replaced_by_bot"]) for s in seats] == [(True, False), (True, False)], server
        conns[0].close()  # seat 0 leaves: after the grace period a bot plays for it, wherever it runs
        assert _until(lambda: any(x.seat == 0 for x in _stored(db_url, tid))), "nobody played for the seat left"
        assert all(x.seat == 0 for x in _stored(db_url, tid))  # seat 1 is still there: nobody plays for it
        assert _until(lambda: [s["replaced_by_bot"] for s in _info(a, tid)["seats"]] == [True, False])
        back = held.enter_context(websockets.sync.client.connect(ws_url[a]))  # back, through the other process
        back.send(json.dumps({"type": "hello", "token": tokens[0]}))
        for server in (a, b):
            assert _until(lambda server=server: [(s["connected"], s["replaced_by_bot"]) for s in
                                                 _info(server, tid)["seats"]] == [(True, False), (True, False)])
        settled = len(_stored(db_url, tid))
        time.sleep(GRACE_S * 2)
        assert len(_stored(db_url, tid)) == settled, "a stand-in went on playing for a person who came back"


def test_a_seat_taken_back_through_one_process_dies_in_the_other(
        two_quick_servers: tuple[ServerProcess, ServerProcess, str]) -> None:
    """Seats belong to whoever claims them across processes too (issue 23): Bo claims his seat and plays it through
    A; the host takes it back through B: A closes Bo's connection saying why, tells Ann's connection, and Bo's
    secret opens nothing anywhere; TableInfo counts the seats' connections through either process."""
    a, b, _ = two_quick_servers
    with httpx.Client(timeout=30) as http:
        made = http.post(f"{a.base}/api/tables", json={"game": "toy", "players": 2, "claim": 0}).json()
        tid, ann, host = made["table"]["id"], made["you"]["token"], made["host"]
        bo = http.post(f"{b.base}/api/tables/{tid}/claim", json={"invite": made["seats"][0]["code"], "name": "Bo",
                                                                 "ready": True}).json()["token"]
        ws = a.base.replace("http", "ws")
        with websockets.sync.client.connect(f"{ws}/ws/{tid}") as ws_ann, \
                websockets.sync.client.connect(f"{ws}/ws/{tid}") as ws_bo:
            for conn, token in ((ws_ann, ann), (ws_bo, bo)):
                conn.send(json.dumps({"type": "hello", "token": token, "lang": "zh-Hans"}))
                assert json.loads(conn.recv(10))["type"] == "welcome"
            assert _until(lambda: [s["connections"] for s in _info(b, tid)["seats"]] == [1, 1], 10)
            r = http.post(f"{b.base}/api/tables/{tid}/revoke", json={"host": host, "seat": 1})
            assert r.status_code == 200, r.text
            deadline = time.monotonic() + 10
            while (msg := json.loads(ws_bo.recv(max(0.1, deadline - time.monotonic()))))["type"] != "error":
                pass
            assert msg["code"] == "seat_revoked"
            with pytest.raises(websockets.exceptions.ConnectionClosed):
                while True:
                    ws_bo.recv(10)
            while (msg := json.loads(ws_ann.recv(max(0.1, deadline - time.monotonic()))))["type"] != "notice":
                pass
            assert msg["seat"] == 1 and "房主收回了" in msg["message"]
        for server in (a, b):
            r = http.post(f"{server.base}/api/tables/{tid}/join", json={"token": bo, "name": "Bo again"})
            assert r.status_code == 403
