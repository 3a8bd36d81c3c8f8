"""Attack 7 of issue 23: a damaged database. One playing row with a non-numeric seed (SQLite: its seed column is
text), one with options that are not JSON (SQLite) or not a JSON object (PostgreSQL's JSONB holds only JSON), one
with a seat layout this server does not know, and a gap in one table's action log. Before: the server did not
start at all (a traceback), and the table with a gap refused every move as ``stale_step`` with nothing logged.
Now: the server starts and serves every other table; each damaged table is said once in the log, naming it and
what is wrong; every request for it gets ``damaged_table`` in the caller's language; ``hustings db check`` lists
them all (exit 1) and changes nothing."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hustings.cli import app as cli_app
from hustings.server import store as store_module
from hustings.server.i18n import error_text
from hustings.server.store import open_store
from hustings.server.tables import Hub, PlayError

from . import pg_fixture
from .conftest import Client, Server, hub_conn
from .test_old_rules import PUZZLE, _play, rows_digest, sql

pg_server = pg_fixture.pg_server


async def _five(url: str) -> dict[str, tuple[str, str]]:
    """Five one-person puzzles in play, two moves made at each: (table id, seat token) by name."""
    store = open_store(url)
    hub = Hub(store)
    await hub.open()
    out: dict[str, tuple[str, str]] = {}
    for name in ("seed", "options", "seats", "gap", "healthy"):
        created = await hub.create({"game": PUZZLE, "players": 1, "seats": [{"bot": None}], "lang": "zh-Hant",
                                   "claim": 0})
        tid, token = created["table"]["id"], created["you"]["token"]
        await hub.ready(tid, token, True)
        await hub.start(tid, token)
        assert await _play(hub, tid, token, 2) == 2
        out[name] = (tid, token)
    await hub.stop()
    store.close()
    return out


def _damage(url: str, made: dict[str, tuple[str, str]]) -> None:
    """What an operator's mistake, a half-restored backup or a bad disk leaves behind."""
    if url.startswith("sqlite://"):
        sql(url, "UPDATE tables SET seed = 'x17' WHERE id = %s", (made["seed"][0],))
        sql(url, "UPDATE tables SET options = '{players: 1' WHERE id = %s", (made["options"][0],))
    else:  # NUMERIC and JSONB hold numbers and JSON only: a seed out of any generator's range, options a string
        sql(url, "UPDATE tables SET seed = -1 WHERE id = %s", (made["seed"][0],))
        sql(url, "UPDATE tables SET options = '\"players\"'::jsonb WHERE id = %s", (made["options"][0],))
    sql(url, "UPDATE tables SET settings = %s WHERE id = %s", ('{"seats": "one person", "lang": "en"}',
                                                               made["seats"][0]))
    sql(url, "DELETE FROM actions WHERE table_id = %s AND step = 0", (made["gap"][0],))


def test_a_damaged_table_damages_only_itself(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    made = asyncio.run(_five(db_url))
    _damage(db_url, made)
    damaged = {made[n][0]: n for n in ("seed", "options", "seats", "gap")}
    before = rows_digest(db_url)

    async def restarted() -> None:
        store = open_store(db_url)
        hub = Hub(store)
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="hustings.server"):
            await hub.open()  # before: a traceback here, and no server at all
            said = [r.getMessage() for r in caplog.records if r.name == "hustings.server"]
            # one line per damaged table, naming it and what is wrong
            assert len(said) == 4, said
            for tid, name in damaged.items():
                line = next(s for s in said if tid in s)
                assert "\n" not in line and "damaged" in line
                assert {"seed": "seed", "options": "options", "seats": "seat layout",
                        "gap": "action 0 is missing"}[name] in line, line
            assert set(hub.damaged) == set(damaged)
            healthy, token = made["healthy"]
            assert healthy in hub.tables and not set(damaged) & set(hub.tables)

            # the healthy table plays on
            assert await _play(hub, healthy, token, 3) == 3

            # every request for a damaged one: a clear refusal in the caller's language, never stale_step
            for tid, name in damaged.items():
                conn, got = hub_conn()
                with pytest.raises(PlayError) as refused:
                    await hub.hello(conn, tid, {"type": "hello", "token": made[name][1], "lang": "zh-Hans"})
                assert refused.value.code == "damaged_table" and not got
                assert "已损坏" in error_text("damaged_table", "zh-Hans")
                with pytest.raises(store_module.TableDamaged) as lobby:
                    await hub.table_info(tid)
                assert lobby.value.code == "damaged_table" and lobby.value.table_id == tid
                with pytest.raises(store_module.TableDamaged):
                    await hub.record_of(tid)
            # "my tables" lists the healthy one and leaves the damaged ones out, instead of failing for all
            mine = await hub.my_tables([made[n][1] for n in ("seed", "gap", "healthy")])
            assert [t["id"] for t in mine] == [healthy]
            # said once: the requests above logged nothing more
            assert len([r for r in caplog.records if r.name == "hustings.server"]) == 4
        await hub.stop()
        store.close()

    asyncio.run(restarted())

    # hustings db check lists them all and what is wrong, and exits 1
    result = CliRunner().invoke(cli_app, ["db", "check", "--db", db_url], env={"COLUMNS": "300"})
    assert result.exit_code == 1, result.output
    for tid in damaged:
        assert tid in result.output
    assert made["healthy"][0] not in result.output
    assert "4 of 5 tables are damaged" in result.output
    assert "action 0 is missing" in result.output and "seat layout" in result.output
    # read only: the check changed nothing (the healthy table's moves above did, so compare after them)
    after_play = rows_digest(db_url)
    assert CliRunner().invoke(cli_app, ["db", "check", "--db", db_url]).exit_code == 1
    assert rows_digest(db_url) == after_play
    assert before != after_play  # (the healthy table moved on)


def test_db_check_of_a_sound_database_says_so_and_exits_0(db_url: str) -> None:
    asyncio.run(_five(db_url))
    result = CliRunner().invoke(cli_app, ["db", "check", "--db", db_url])
    assert result.exit_code == 0 and "No damaged tables among the 5 tables" in result.output, result.output


def test_db_check_changes_nothing_and_refuses_an_older_schema(tmp_path: Path) -> None:
    """Read only: a file of an older schema is not upgraded by a check (the server's start does that)."""
    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)")
    con.commit()
    con.close()
    data = path.read_bytes()
    result = CliRunner().invoke(cli_app, ["db", "check", "--db", f"sqlite://{path}"])
    assert result.exit_code == 2 and "older schema" in result.output, result.output
    assert path.read_bytes() == data
    missing = CliRunner().invoke(cli_app, ["db", "check", "--db", f"sqlite://{tmp_path / 'none.db'}"])
    assert missing.exit_code == 2 and "no database file" in missing.output, missing.output
    assert not (tmp_path / "none.db").exists()


def test_the_real_server_starts_and_answers_damaged_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over HTTP and the websocket: the page of a damaged table shows the refusal in the caller's language."""
    monkeypatch.setenv("HUSTINGS_DATA_DIR", str(tmp_path / "data"))
    db = tmp_path / "server.db"
    made = asyncio.run(_five(f"sqlite://{db}"))
    _damage(f"sqlite://{db}", made)
    server = Server(db, grace_s=60, rate=1000, burst=1000)  # no stand-in finishes the healthy puzzle meanwhile
    try:
        seed_table = made["seed"][0]
        r = server.http.get(f"/api/tables/{seed_table}", headers={"Accept-Language": "zh-TW"})
        assert r.status_code == 500 and r.json()["error"] == "damaged_table", r.text
        assert "已損壞" in r.json()["message"] and seed_table not in r.json()["message"]
        r = server.http.post(f"/api/tables/{made['gap'][0]}/join", json={"token": made["gap"][1], "name": "x"},
                             params={"lang": "en"})
        assert r.status_code == 500 and "damaged" in r.json()["message"], r.text
        client = Client(server.ws_base, made["gap"][0], hello=False)
        client.send({"type": "hello", "token": made["gap"][1], "lang": "en"})
        error: dict[str, Any] = client.recv()
        assert error["type"] == "error" and error["code"] == "damaged_table" and "damaged" in error["message"]
        client.close()
        # the healthy table is served, over the websocket too
        healthy = Client(server.ws_base, made["healthy"][0], made["healthy"][1])
        assert healthy.act()["type"] == "update"
        healthy.close()
    finally:
        server.stop()
