"""Kill -9 the real server (``hustings serve`` as a subprocess) in the middle of games under load, on SQLite and on
a real PostgreSQL: every acknowledged move is in the database as it was sent, and every game continues to its end
after a restart on the same database.

The games are played by one thread each, all at once, so that the server's group commit has several moves in
flight when it dies: a move acknowledged from one commit must survive whatever happened to the next."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from hustings.server.store import open_store

from . import pg_fixture
from .conftest import Client, claim_all, free_port

pg_server = pg_fixture.pg_server
pg_url = pg_fixture.pg_url

GAMES = [("die-macher-2019", 3), ("election-war", 2), ("die-macher", 3), ("die-macher-2019", 4)]


def _serve(db_url: str, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-c", "from hustings.cli import main; main()", "serve", "--port",
                             str(port), "--db", db_url, "--grace", "60", "--rate", "5000"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"the server did not start: {proc.stdout.read() if proc.stdout else b''!r}")


def _move(seats: dict[int, Client]) -> tuple[int, int] | None:
    """One move at a game: the seat to act plays its first legal action; (stored step, action) when acknowledged."""
    anyone = seats[0]
    anyone.sync()
    st = anyone.latest
    assert st is not None
    if st["over"]:
        return None
    c = seats[st["to_act"][0]]
    c.sync()
    assert c.latest is not None
    action = c.latest["legal"][0]["id"]
    r = c.act(action)
    if "ack" in r:
        return r["ack"] - 1, action
    return None


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_sigkill_under_load_loses_no_acknowledged_move_and_games_continue(backend: str, tmp_path: Path,
                                                                        request: pytest.FixtureRequest) -> None:
    db_url = f"sqlite://{tmp_path / 'durable.db'}" if backend == "sqlite" else request.getfixturevalue("pg_url")
    env = dict(os.environ, HUSTINGS_DATA_DIR=str(tmp_path / "data"))
    port = free_port()
    proc = _serve(db_url, port, env)
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    games: list[dict[str, Any]] = []
    for g, seats in GAMES:
        created = claim_all(http, http.post("/api/tables", json={"game": g, "players": seats}).json())
        tid = created["table"]["id"]
        for s in created["seats"]:
            http.post(f"/api/tables/{tid}/ready", json={"token": s["token"], "ready": True})
        assert http.post(f"/api/tables/{tid}/start", json={"token": created["seats"][0]["token"]}).status_code == 200
        games.append(created)
    ws = f"ws://127.0.0.1:{port}"
    acked: dict[str, dict[int, int]] = {c["table"]["id"]: {} for c in games}  # table -> step -> action
    killed = threading.Event()

    def play(created: dict[str, Any]) -> None:
        tid = created["table"]["id"]
        seats = {s["seat"]: Client(ws, tid, s["token"]) for s in created["seats"]}
        try:
            while not killed.is_set():
                done = _move(seats)
                if done is not None:
                    acked[tid][done[0]] = done[1]
        except Exception:  # the server died under us: what was acknowledged is what counts
            if not killed.is_set():
                raise
        finally:
            for c in seats.values():
                c.close()

    players = [threading.Thread(target=play, args=(c,)) for c in games]
    for t in players:
        t.start()
    deadline = time.time() + 60
    while sum(len(a) for a in acked.values()) < 60 and time.time() < deadline:
        time.sleep(0.05)
    killed.set()
    proc.send_signal(signal.SIGKILL)  # mid-play, moves in flight: no shutdown, no flush
    proc.wait(10)
    for t in players:
        t.join(30)
    assert sum(len(a) for a in acked.values()) >= 20, acked

    store = open_store(db_url)
    try:
        for tid, moves in acked.items():
            log = {a.step: a.action for a in store.actions(tid)}
            assert {s: log.get(s) for s in moves} == moves, tid  # every acknowledged move, as it was sent
    finally:
        store.close()

    proc = _serve(db_url, port, env)  # the same database
    try:
        for created in games:
            tid = created["table"]["id"]
            info = http.get(f"/api/tables/{tid}").json()
            assert info["step"] >= max(acked[tid], default=-1) + 1, (tid, info["step"])
        clients = {c["table"]["id"]: {s["seat"]: Client(ws, c["table"]["id"], s["token"]) for s in c["seats"]}
                   for c in games}
        for _ in range(3000):
            for seats in clients.values():
                _move(seats)
            if all(s[0].latest["over"] for s in clients.values()):  # type: ignore[index]
                break
        for created in games:
            tid = created["table"]["id"]
            assert http.get(f"/api/tables/{tid}").json()["status"] == "over"
            assert http.get(f"/api/tables/{tid}/record").status_code == 200
    finally:
        proc.kill()
        out = proc.communicate(timeout=10)[0]
        print(out.decode(errors="replace")[-3000:])
