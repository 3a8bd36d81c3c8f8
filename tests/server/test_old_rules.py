"""Tables stored under other rules (issue 21, item 5), on both stores (a SQLite file and a real PostgreSQL server,
through the same hub): a server whose game's rules changed since a table was stored never loads that table into
play and never deletes it; at restart it says so once, in one log line; every connection and lobby call for it gets
the protocol's error (`rules_version`, or `unknown_game`) worded in the caller's language, which is what the table
page shows; a finished one's record is still given out as stored, and nothing replays it under these rules. The
rows are checked unchanged after every refusal."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import psycopg
import pytest

import hustings
from hustings.engine import RecordError, core, get_spec
from hustings.server import tables as tables_module
from hustings.server.i18n import error_text
from hustings.server.store import open_store
from hustings.server.tables import Hub, PlayError, TableRefused

from . import pg_fixture
from .conftest import Client, Server, hub_claim_all, hub_conn, protocol_errors

# the PostgreSQL fixtures (until tests/server/conftest.py imports them for the whole folder)
pg_server = pg_fixture.pg_server

#: the toy puzzle of tests/toygame: three moves to its end, and rules that no release of hustings changes
PUZZLE = "toy-solo"
CURRENT = get_spec(PUZZLE).rules_version
TITLE = get_spec(PUZZLE).title


def sql(url: str, query: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """A statement straight on the database, past the store (an operator's edit, or a look at the rows)."""
    if url.startswith("sqlite://"):
        con = sqlite3.connect(url[len("sqlite://"):])
        try:
            rows = con.execute(query.replace("%s", "?"), args).fetchall()
            con.commit()
        finally:
            con.close()
        return rows
    with psycopg.connect(url, autocommit=True) as pg:
        cur = pg.execute(query, args)  # type: ignore[arg-type]
        return list(cur.fetchall()) if cur.description else []


def rows_digest(url: str) -> str:
    """Every row of every table, seat and action, as the database holds them."""
    dump = [sql(url, f"SELECT * FROM {name} ORDER BY 1, 2") for name in ("tables", "seats", "actions")]
    return hashlib.sha256(repr(dump).encode()).hexdigest()


async def _play(hub: Hub, table_id: str, token: str, moves: int | None) -> int:
    """A person plays ``moves`` random legal moves (None: to the end); returns the step reached."""
    conn, got = hub_conn()
    await hub.hello(conn, table_id, {"type": "hello", "token": token})
    rng = random.Random(7)
    while True:
        last = [m for m in got if m["type"] in ("state", "update")][-1]
        if last["over"] or (moves is not None and last["step"] >= moves):
            hub.gone(conn)
            return int(last["step"])
        await hub.act(conn, {"type": "act", "step": last["step"], "action": rng.choice(last["legal"])["id"]})


async def _made(url: str) -> dict[str, Any]:
    """Three tables made by a server of this release: one in play (a move made), one finished, one in its lobby."""
    store = open_store(url)
    hub = Hub(store)
    await hub.open()
    out: dict[str, Any] = {}
    for name, moves in (("play", 1), ("over", None)):
        created = await hub_claim_all(hub, await hub.create({"game": PUZZLE, "players": 1, "seats": [{"bot": None}],
                                                             "lang": "zh-Hant"}))
        tid, token = created["table"]["id"], created["seats"][0]["token"]
        await hub.ready(tid, token, True)
        await hub.start(tid, token)
        out[name] = (tid, token, await _play(hub, tid, token, moves))
    created = await hub_claim_all(hub, await hub.create({"game": "election-war", "players": 2}))
    out["lobby"] = (created["table"]["id"], created["seats"][0]["token"], 0)
    await hub.stop()
    store.close()
    return out


def test_tables_of_other_rules_are_kept_and_refused_in_every_call(db_url: str, caplog: pytest.LogCaptureFixture,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables_module, "EVICT_S", 0.05)  # memory's eviction runs during the test: it deletes nothing
    made = asyncio.run(_made(db_url))
    (play, play_token, play_step), (over, over_token, over_step), (lobby, lobby_token, _) = (
        made["play"], made["over"], made["lobby"])
    # an operator's database from an older release: its rows say rules version 0 (and 999: a newer one's)
    sql(db_url, "UPDATE tables SET rules_version = %s WHERE id IN (%s, %s)", ("0", play, over))
    sql(db_url, "UPDATE tables SET rules_version = %s WHERE id = %s", ("999", lobby))
    before = rows_digest(db_url)

    async def restarted() -> None:
        store = open_store(db_url)
        hub = Hub(store)
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="hustings.server"):
            await hub.open()
            said = [r.getMessage() for r in caplog.records if r.name == "hustings.server"]
            # the table in play: said once, in one line; the others are not loaded at a start anyway
            assert len(said) == 1 and play in said[0] and "\n" not in said[0], said
            assert "older rules" in said[0] and "kept as it is" in said[0]
            assert play not in hub.tables

            # a seat's hello without a language: the error in the table's own (zh-Hant)
            conn, got = hub_conn()
            with pytest.raises(PlayError) as refused:
                await hub.hello(conn, play, {"type": "hello", "token": play_token})
            assert refused.value.code == "rules_version" and conn.lang == "zh-Hant" and not got
            text = error_text(refused.value.code, conn.lang, **refused.value.fields)
            assert TITLE["zh-Hant"] in text and "舊版規則" in text and "規則版本 0" in text and CURRENT in text
            # a spectator asking for English
            conn, _ = hub_conn()
            with pytest.raises(PlayError) as refused:
                await hub.hello(conn, play, {"type": "hello", "spectator": True, "lang": "en"})
            text = error_text(refused.value.code, conn.lang, **refused.value.fields)
            assert "older rules" in text and TITLE["en"] in text and "cannot continue it" in text
            # the newer release's lobby table
            conn, _ = hub_conn()
            with pytest.raises(PlayError) as refused:
                await hub.hello(conn, lobby, {"type": "hello", "token": lobby_token, "lang": "zh-Hans"})
            assert "新版规则" in error_text(refused.value.code, conn.lang, **refused.value.fields)

            # every lobby call for them: the refusal, worded in any language asked for
            calls = [hub.table_info(play), hub.join(play, play_token, "x"), hub.ready(play, play_token, True),
                     hub.start(play, play_token), hub.record_of(play), hub.table_info(over),
                     hub.rematch(over, over_token), hub.table_info(lobby), hub.join(lobby, lobby_token, "y"),
                     hub.start(lobby, lobby_token)]
            for call in calls:
                with pytest.raises(TableRefused) as lobby_refused:
                    await call
                assert lobby_refused.value.code == "rules_version"
                assert "older rules" in lobby_refused.value.text("en") or "newer rules" in lobby_refused.value.text(
                    "en")
                assert "舊版規則" in lobby_refused.value.text("zh-Hant") or "新版規則" in lobby_refused.value.text(
                    "zh-Hant")

            # a finished one is history: its record as stored, which nothing replays under these rules
            record = await hub.record_of(over)
            assert record["rules_version"] == "0" and len(record["actions"]) == over_step
            with pytest.raises(RecordError, match="rules version '0'"):
                hustings.replay(record)
            # the whole game is in it: only its version keeps it from being played out under these rules
            assert hustings.replay({**record, "rules_version": CURRENT}).step_count == over_step

            # "my tables" lists them from the store (their pages say why), instead of failing for every table
            mine = await hub.my_tables([play_token, over_token, lobby_token, "not-a-token"])
            assert [(t["id"], t["status"], t["step"]) for t in mine] == [
                (play, "playing", play_step), (over, "over", over_step), (lobby, "lobby", 0)]
            assert protocol_errors(mine, None, "MyTable[]") == []
            assert not hub.tables  # nothing was loaded into play
            await asyncio.sleep(0.2)  # past the eviction time
        await hub.stop()
        store.close()

    asyncio.run(restarted())
    assert rows_digest(db_url) == before
    asyncio.run(restarted())  # a second restart: the same, said once again, nothing deleted
    assert rows_digest(db_url) == before
    assert {r[0] for r in sql(db_url, "SELECT id FROM tables")} == {play, over, lobby}


def test_a_rules_bump_refuses_the_tables_stored_before_it(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    made = asyncio.run(_made(db_url))
    before = rows_digest(db_url)
    spec = get_spec(PUZZLE)
    newer = str(int(spec.rules_version) + 1)
    monkeypatch.setitem(core._REGISTRY, PUZZLE, dataclasses.replace(spec, rules_version=newer))

    async def upgraded() -> None:
        store = open_store(db_url)
        hub = Hub(store)
        await hub.open()
        conn, _ = hub_conn()
        with pytest.raises(PlayError) as refused:
            await hub.hello(conn, made["play"][0], {"type": "hello", "token": made["play"][1], "lang": "en"})
        text = error_text(refused.value.code, conn.lang, **refused.value.fields)
        assert f"rules version {CURRENT};" in text and f"version {newer})" in text and "older rules" in text
        # the lobby's election-war table is of unchanged rules: it loads and plays as before
        info = await hub.table_info(made["lobby"][0])
        assert info["status"] == "lobby"
        await hub.stop()
        store.close()

    asyncio.run(upgraded())
    assert rows_digest(db_url) == before


def test_a_table_of_a_game_this_server_lacks_is_kept_and_refused(db_url: str) -> None:
    made = asyncio.run(_made(db_url))
    sql(db_url, "UPDATE tables SET game = %s WHERE id = %s", ("chess", made["play"][0]))
    before = rows_digest(db_url)

    async def run() -> None:
        store = open_store(db_url)
        hub = Hub(store)
        await hub.open()
        conn, _ = hub_conn()
        with pytest.raises(PlayError) as refused:
            await hub.hello(conn, made["play"][0], {"type": "hello", "spectator": True, "lang": "en"})
        assert refused.value.code == "unknown_game"
        assert "chess" in error_text(refused.value.code, "en", **refused.value.fields)
        with pytest.raises(TableRefused) as lobby:
            await hub.table_info(made["play"][0])
        assert lobby.value.code == "unknown_game" and "does not have" in lobby.value.text("en")
        await hub.stop()
        store.close()

    asyncio.run(run())
    assert rows_digest(db_url) == before


# ------------------------------------------------------------------- the real server: HTTP and websocket


def test_the_server_answers_in_the_protocols_shape_and_the_callers_language(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch,
                                                                            caplog: pytest.LogCaptureFixture) -> None:
    """What the table page gets: it reads GET /api/tables/<id> first and shows the error's message."""
    monkeypatch.setenv("HUSTINGS_DATA_DIR", str(tmp_path / "data"))
    db = tmp_path / "server.db"
    made = asyncio.run(_made(f"sqlite://{db}"))
    play, play_token, _ = made["play"]
    over = made["over"][0]
    con = sqlite3.connect(db)  # the row edited in the SQLite file by hand
    con.execute("UPDATE tables SET rules_version = '0' WHERE id IN (?, ?)", (play, over))
    con.commit()
    con.close()
    before = rows_digest(f"sqlite://{db}")
    server = Server(db, grace_s=0.5, rate=1000, burst=1000)
    try:
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="hustings.server"):
            for headers, params, words in (({"Accept-Language": "zh-TW,zh;q=0.9,en;q=0.8"}, {}, "舊版規則"),
                                           ({"Accept-Language": "fr-FR,zh-CN;q=0.8"}, {}, "旧版规则"),
                                           ({}, {"lang": "en"}, "older rules"), ({}, {}, "older rules")):
                r = server.http.get(f"/api/tables/{play}", headers=headers, params=params)
                assert r.status_code == 409 and r.json()["error"] == "rules_version", r.text
                assert words in r.json()["message"] and "0" in r.json()["message"], r.text
            r = server.http.post(f"/api/tables/{play}/join", json={"token": play_token, "name": "x"})
            assert r.status_code == 409 and r.json()["error"] == "rules_version"
            r = server.http.get(f"/api/tables/{over}/record")
            assert r.status_code == 200 and r.json()["rules_version"] == "0"
            r = server.http.post("/api/my", json={"tokens": [play_token]})
            assert r.status_code == 200 and r.json()[0]["id"] == play
            # the websocket: the protocol's error (the client checks each message against the schema), and the
            # connection goes on
            client = Client(server.ws_base, play, hello=False)
            client.send({"type": "hello", "token": play_token, "lang": "zh-Hans"})
            error = client.recv()
            assert error["type"] == "error" and error["code"] == "rules_version" and "旧版规则" in error["message"]
            assert client.sync() == []
            client.close()
        # refusals are answers, not server faults: no error and no traceback in the log
        faults = [r for r in caplog.records if r.name == "hustings.server" and r.levelno >= logging.ERROR]
        assert faults == [], [r.getMessage() for r in faults]
    finally:
        server.stop()
    assert rows_digest(f"sqlite://{db}") == before
