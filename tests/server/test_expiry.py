"""The lobby's housekeeping (issue 23, point 5), on both stores: a table at which nobody has claimed a seat is
deleted with its seats and actions once ``Limits.unclaimed_ttl_s`` has passed, by a bounded sweep that several
processes may run at once on one PostgreSQL; a table someone claimed a seat at, a game in play and a table its
creator keeps (``kept_until``: issue 25's public tables) stay."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hustings.cli import app as cli_app
from hustings.server.limits import Limits
from hustings.server.store import open_store
from hustings.server.tables import Hub, PlayError

from . import pg_fixture
from .conftest import hub_conn
from .test_old_rules import sql

pg_server = pg_fixture.pg_server

DAY = 24 * 3600.0


def _count(url: str, table_id: str) -> tuple[int, int, int]:
    return tuple(sql(url, f"SELECT count(*) FROM {name} WHERE {column} = %s", (table_id,))[0][0]  # type: ignore[return-value]
                 for name, column in (("tables", "id"), ("seats", "table_id"), ("actions", "table_id")))


async def _tables(hub: Hub) -> dict[str, tuple[str, str]]:
    """One table of each kind, all made a day and a minute ago: (table id, the invite code of its first free seat)."""
    out: dict[str, tuple[str, str]] = {}
    for name in ("unclaimed", "claimed", "kept", "with_bot", "fresh"):
        seats: list[dict[str, Any]] = [{"bot": None}, {"bot": "random" if name == "with_bot" else None}]
        created = await hub.create({"game": "election-war", "players": 2, "seats": seats})
        out[name] = (created["table"]["id"], created["seats"][0]["code"])
    played = await hub.create({"game": "election-war", "players": 2, "seats": [{"bot": "random"}] * 2})
    out["playing"] = (played["table"]["id"], "")
    await hub.claim(out["claimed"][0], {"invite": out["claimed"][1], "name": "Ada"})  # a person took a seat
    return out


def test_unclaimed_tables_expire_and_the_others_stay(db_url: str) -> None:
    async def run() -> None:
        store = open_store(db_url)
        hub = Hub(store, limits=Limits(unclaimed_ttl_s=DAY))
        hub.SWEEP_S = 3600.0  # the sweeps here are the test's own, not the loop's
        await hub.open()
        made = await _tables(hub)
        bot_watcher, _ = hub_conn()  # a table of bots only plays only while someone watches it
        await hub.hello(bot_watcher, made["playing"][0], {"type": "hello", "spectator": True, "lang": "en"})
        now = time.time()
        for name, (tid, _) in made.items():
            if name != "fresh":
                sql(db_url, "UPDATE tables SET created_at = %s WHERE id = %s", (now - DAY - 60, tid))
        await hub.keep(made["kept"][0], now + 600)  # its creator's page is open
        for _ in range(100):  # the all-bot game has moves (its actions would go with it, were it expired)
            if _count(db_url, made["playing"][0])[2] > 0:
                break
            await asyncio.sleep(0.05)
        watcher, got = hub_conn()  # a spectator of the table that expires is told it is gone
        await hub.hello(watcher, made["unclaimed"][0], {"type": "hello", "spectator": True, "lang": "en"})

        assert await hub.sweep(now) is False  # everything looked at in one step
        gone = {n for n, (tid, _) in made.items() if _count(db_url, tid) == (0, 0, 0)}
        assert gone == {"unclaimed", "with_bot"}, gone  # a bot's seat is no claim: nobody is waiting there
        assert _count(db_url, made["claimed"][0]) == (1, 2, 0) and _count(db_url, made["kept"][0])[0] == 1
        assert _count(db_url, made["playing"][0])[0] == 1 and _count(db_url, made["fresh"][0])[0] == 1
        assert made["unclaimed"][0] not in hub.tables
        assert got[-1]["type"] == "error" and got[-1]["code"] == "unknown_table"
        with pytest.raises(PlayError) as unknown:
            await hub.hello(hub_conn()[0], made["unclaimed"][0], {"type": "hello", "spectator": True})
        assert unknown.value.code == "unknown_table"

        # the creator's keeping lapses: the next sweep takes it; the fresh one's day comes later
        assert await hub.sweep(now + 601) is False
        assert _count(db_url, made["kept"][0]) == (0, 0, 0)
        assert _count(db_url, made["fresh"][0])[0] == 1
        await hub.sweep(now + DAY + 700)
        assert _count(db_url, made["fresh"][0]) == (0, 0, 0)
        assert _count(db_url, made["claimed"][0])[0] == 1 and _count(db_url, made["playing"][0])[0] == 1
        await hub.stop()
        store.close()

    asyncio.run(run())


def test_the_sweep_is_bounded_and_walks_on(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A step looks at SWEEP_BATCH tables at most; tables it keeps do not hold the next steps back."""
    monkeypatch.setattr(Hub, "SWEEP_BATCH", 3)

    async def run() -> None:
        store = open_store(db_url)
        hub = Hub(store, limits=Limits(unclaimed_ttl_s=60))
        await hub.open()
        claimed, unclaimed = [], []
        for i in range(8):
            created = await hub.create({"game": "election-war", "players": 2})
            tid, code = created["table"]["id"], created["seats"][0]["code"]
            if i < 4:  # the oldest are claimed: a sweep that only ever looked at the oldest would stop there
                await hub.claim(tid, {"invite": code, "name": f"p{i}"})
                claimed.append(tid)
            else:
                unclaimed.append(tid)
            sql(db_url, "UPDATE tables SET created_at = %s WHERE id = %s", (1000.0 + i, tid))
        steps = [await hub.sweep(5000.0) for _ in range(3)]
        assert steps == [True, True, False]
        left = {r[0] for r in sql(db_url, "SELECT id FROM tables")}
        assert left == set(claimed)
        # the walk starts over at the oldest, and deletes nothing more
        assert [await hub.sweep(5000.0) for _ in range(2)] == [True, False]
        assert {r[0] for r in sql(db_url, "SELECT id FROM tables")} == set(claimed)
        await hub.stop()
        store.close()

    asyncio.run(run())


def test_two_processes_sweeping_one_postgresql_delete_each_table_once(pg_server: pg_fixture.PgServer) -> None:
    url = pg_server.new_database()

    async def run() -> None:
        stores = [open_store(url), open_store(url)]
        hubs = [Hub(s, limits=Limits(unclaimed_ttl_s=60)) for s in stores]
        for hub in hubs:
            await hub.open()
        made = []
        for _ in range(40):
            made.append((await hubs[0].create({"game": "election-war", "players": 2}))["table"]["id"])
        sql(url, "UPDATE tables SET created_at = 1000")
        for hub in hubs:
            hub.SWEEP_BATCH = 7  # type: ignore[misc]
        deleted: list[list[str]] = [[], []]

        async def sweeper(i: int) -> None:
            while True:
                before = {r[0] for r in sql(url, "SELECT id FROM tables")}
                more = await hubs[i].sweep(5000.0)
                deleted[i].extend(before - {r[0] for r in sql(url, "SELECT id FROM tables")})
                if not more and not sql(url, "SELECT id FROM tables"):
                    return
                await asyncio.sleep(0)

        await asyncio.wait_for(asyncio.gather(sweeper(0), sweeper(1)), 60)
        assert sql(url, "SELECT count(*) FROM tables")[0][0] == 0
        assert sql(url, "SELECT count(*) FROM seats")[0][0] == 0
        for hub, store in zip(hubs, stores, strict=True):
            await hub.stop()
            store.close()

    asyncio.run(run())


def test_the_sweep_runs_by_itself_and_serve_takes_the_ttl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Hub, "SWEEP_S", 0.05)
    url = f"sqlite://{tmp_path / 'server.db'}"

    async def run() -> None:
        store = open_store(url)
        hub = Hub(store, limits=Limits(unclaimed_ttl_s=0.2))
        await hub.open()
        tid = (await hub.create({"game": "election-war", "players": 2}))["table"]["id"]
        for _ in range(200):
            if not sql(url, "SELECT id FROM tables WHERE id = %s", (tid,)):
                break
            await asyncio.sleep(0.05)
        assert not sql(url, "SELECT id FROM tables WHERE id = %s", (tid,))
        await hub.stop()
        store.close()

    asyncio.run(run())
    result = CliRunner().invoke(cli_app, ["serve", "--unclaimed-ttl", "-1", "--db", url])
    assert result.exit_code == 2 and "--unclaimed-ttl" in result.output
