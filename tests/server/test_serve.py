"""``hustings serve`` as a person starts it: no --db, so the games go to a SQLite file in the data directory, which
is made if it is not there; the file outlives the process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from hustings.server.store import open_store

from .conftest import free_port


def test_serve_without_db_keeps_the_games_in_the_data_directory(tmp_path: Path) -> None:
    data = tmp_path / "not" / "made" / "yet"
    port = free_port()
    env = {**os.environ, "HUSTINGS_DATA_DIR": str(data)}
    proc = subprocess.Popen([sys.executable, "-c", "from hustings.cli import main; main()", "serve", "--port",
                             str(port)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 60
        while True:
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else b""
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.time() < deadline, "the server did not start"
                time.sleep(0.1)
        r = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={"game": "palace-escape", "players": 1},
                       timeout=10)
        assert r.status_code == 200, r.text
        table_id = r.json()["table"]["id"]
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, out
    db = data / "server.db"
    assert f"database: sqlite://{db}".encode() in out  # it says where the games are
    store = open_store(f"sqlite://{db}")
    try:
        assert store.table(table_id).game == "palace-escape"
    finally:
        store.close()


def test_serve_refuses_limits_that_make_no_sense() -> None:
    from typer.testing import CliRunner

    from hustings.cli import app

    for args, word in ((["--search-workers", "0"], "--search-workers"),
                       (["--creates-per-minute", "0"], "--creates-per-minute"),
                       (["--create-burst", "0"], "--create-burst"),
                       (["--bot-tables-per-client", "-1"], "--bot-tables-per-client"),
                       (["--rematch-wait", "1"], "--rematch-wait"),
                       (["--rematch-wait", str(10**9)], "--rematch-wait")):
        res = CliRunner().invoke(app, ["serve", "--db", "sqlite:///nowhere/never.db", *args])
        assert res.exit_code == 2 and word in res.output, (args, res.output)
