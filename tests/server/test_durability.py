"""Kill -9 the real server (``hustings serve`` as a subprocess) in the middle of games: every acknowledged
move is in the SQLite file, and every game continues to its end after a restart on the same file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from .conftest import Client, free_port


def _serve(db: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-c", "from hustings.cli import main; main()", "serve", "--port",
                             str(port), "--db", f"sqlite://{db}", "--grace", "60", "--rate", "5000"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"the server did not start: {proc.stdout.read() if proc.stdout else b''!r}")


def test_sigkill_loses_no_acknowledged_move_and_games_continue(tmp_path: Path) -> None:
    db = tmp_path / "durable.db"
    env = dict(os.environ, HUSTINGS_DATA_DIR=str(tmp_path / "data"))
    port = free_port()
    proc = _serve(db, port, env)
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    games: list[dict[str, Any]] = []
    for g, seats in [("die-macher-2019", 3), ("election-war", 2), ("die-macher", 3), ("die-macher-2019", 4)]:
        created = http.post("/api/tables", json={"game": g, "players": seats}).json()
        tid = created["table"]["id"]
        for s in created["seats"]:
            http.post(f"/api/tables/{tid}/ready", json={"token": s["token"], "ready": True})
        assert http.post(f"/api/tables/{tid}/start", json={"token": created["seats"][0]["token"]}).status_code == 200
        games.append(created)
    ws = f"ws://127.0.0.1:{port}"
    acked: dict[str, list[int]] = {c["table"]["id"]: [] for c in games}
    clients = {c["table"]["id"]: {s["seat"]: Client(ws, c["table"]["id"], s["token"]) for s in c["seats"]}
               for c in games}

    def play_round(rounds: int) -> None:
        for _ in range(rounds):
            for tid, seats in clients.items():
                anyone = seats[0]
                anyone.sync()
                st = anyone.latest
                assert st is not None
                if st["over"]:
                    continue
                c = seats[st["to_act"][0]]
                c.sync()
                r = c.act()
                if r["type"] == "ack":
                    acked[tid].append(r["step"])

    play_round(15)
    proc.send_signal(signal.SIGKILL)  # mid-play: no shutdown, no flush
    proc.wait(10)
    for seats in clients.values():
        for c in seats.values():
            c.close()

    proc = _serve(db, port, env)  # the same file
    try:
        for created in games:
            tid = created["table"]["id"]
            info = http.get(f"/api/tables/{tid}").json()
            assert info["step"] >= max(acked[tid]), (tid, info["step"], acked[tid])
        clients = {c["table"]["id"]: {s["seat"]: Client(ws, c["table"]["id"], s["token"]) for s in c["seats"]}
                   for c in games}
        for _ in range(3000):
            play_round(1)
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
