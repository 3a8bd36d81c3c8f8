"""Open tables and personal keys (issue 25, point 1 and "my tables" of point 4), on both stores and over HTTP:
public tables are listed while they wait, a stranger takes a free seat without an invite and gets that seat's own
fresh secret (two takers of one seat: one wins, the other is refused in their language), quick play joins or
creates, a personal key lists a person's tables with their turn first and opens one on another device with a
fresh secret of its own; every limit is attacked, and a refusal changes nothing."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from hustings.server.i18n import CATALOG
from hustings.server.limits import Limits
from hustings.server.lobby import LobbyError
from hustings.server.store import open_store
from hustings.server.tables import Hub, PlayError

from . import pg_fixture
from .conftest import Client, Server, hub_conn
from .test_old_rules import sql

pg_server = pg_fixture.pg_server

EW = "election-war"


def _public(players: int = 3, **more: Any) -> dict[str, Any]:
    return {"game": EW, "players": players, "seats": [{"bot": None}] * players, "public": True,
            "claim": {"seat": 0, "name": "Host"}, "lang": "zh-Hant", **more}


async def _hub(url: str, grace_s: float = 30.0, **limits: Any) -> Hub:
    hub = Hub(open_store(url), grace_s=grace_s, limits=Limits(**limits))
    await hub.open()
    return hub


async def _close(hub: Hub) -> None:
    await hub.stop()
    hub.store.close()


def _secrets(url: str, table_id: str, seat: int) -> list[tuple[str, str]]:
    return [(str(r[0]), str(r[1])) for r in sql(url, "SELECT kind, hash FROM seat_secrets WHERE table_id = %s AND "
                                                     "seat = %s ORDER BY kind, hash", (table_id, seat))]


def test_a_public_table_is_listed_taken_and_starts_when_full(db_url: str) -> None:
    async def run() -> None:
        hub = await _hub(db_url)
        private = await hub.create({"game": EW, "players": 2, "claim": 0})
        made = await hub.create(_public(3, name="Friday game", options={"first_player": 1}))
        tid = made["table"]["id"]
        assert made["table"]["public"] is True and private["table"]["public"] is False
        listed = await hub.open_list(lang="zh-Hant")
        assert [t["id"] for t in listed["tables"]] == [tid] and listed["next"] is None  # the private one is not
        entry = listed["tables"][0]
        assert entry["free"] == 2 and entry["title"] == "選舉之戰" and entry["lang"] == "zh-Hant"
        assert entry["rules"] == {"first_player": 1} and entry["name"] == "Friday game"
        assert [s["joined"] for s in entry["seats"]] == [True, False, False] and entry["seats"][0]["name"] == "Host"
        assert (await hub.open_list(game="die-macher"))["tables"] == []
        invite_hash = [h for k, h in _secrets(db_url, tid, 1) if k == "invite"]

        got = await hub.take(tid, {"name": "Bea"})
        assert got["seat"] == 1 and got["table"]["status"] == "lobby" and got["tied"] is False
        # the seat's own fresh secret: its invite died, and the secret plays the seat
        assert _secrets(db_url, tid, 1) != [("invite", invite_hash[0])] and len(_secrets(db_url, tid, 1)) == 1
        with pytest.raises(LobbyError) as spent:
            await hub.claim(tid, {"invite": made["seats"][0]["code"]})
        assert spent.value.key == "server.lobby.invite_spent"
        assert (await hub.open_list())["tables"][0]["free"] == 1

        last = await hub.take(tid, {"seat": 2, "name": "Cy"})
        assert last["seat"] == 2 and last["table"]["status"] == "playing"  # full and ready: it started
        assert (await hub.open_list())["tables"] == []
        assert sql(db_url, "SELECT count(*) FROM open_tables")[0][0] == 0  # unlisted by the store as it started
        conn, _ = hub_conn()
        await hub.hello(conn, tid, {"type": "hello", "token": last["token"], "lang": "en"})
        assert conn.seat == 2
        await _close(hub)

    asyncio.run(run())


def test_two_people_one_seat_one_wins(db_url: str) -> None:
    async def run() -> None:
        hub = await _hub(db_url)
        for _ in range(3):  # a few rounds: whichever comes first wins, the other is refused with words
            made = await hub.create(_public(3))
            tid = made["table"]["id"]
            got = await asyncio.gather(*(hub.take(tid, {"seat": 1, "name": n}) for n in ("Ann", "Bob")),
                                       return_exceptions=True)
            won = [g for g in got if isinstance(g, dict)]
            lost = [g for g in got if isinstance(g, LobbyError)]
            assert len(won) == 1 and len(lost) == 1, got
            assert lost[0].status == 409 and lost[0].key == "server.open.taken"
            assert lost[0].text("zh-Hans") == CATALOG.text("server.open.taken", "zh-Hans") != lost[0].text("en")
            assert [k for k, _ in _secrets(db_url, tid, 1)] == ["seat"]  # one secret: the winner's
            conn, _ = hub_conn()
            await hub.hello(conn, tid, {"type": "hello", "token": won[0]["token"]})
            assert conn.seat == 1
            # two people, no seat named: each gets a seat of their own
            both = await asyncio.gather(hub.take(tid, {}), hub.take(tid, {}), return_exceptions=True)
            assert [type(b) for b in both].count(dict) == 1  # one free seat was left
        await _close(hub)

    asyncio.run(run())


def test_refusals_change_nothing(db_url: str) -> None:
    async def run() -> None:
        hub = await _hub(db_url)
        private = await hub.create({"game": EW, "players": 2, "claim": 0})
        made = await hub.create(_public(2))
        tid = made["table"]["id"]
        before = sql(db_url, "SELECT table_id, seat, name, joined, ready FROM seats ORDER BY table_id, seat")
        bad: list[tuple[str, dict[str, Any], str]] = [
            (private["table"]["id"], {}, "not_public"),
            (tid, {"seat": 0}, "taken"),  # the creator's
            (tid, {"seat": 7}, "bad_request"), (tid, {"seat": True}, "bad_request"),
            (tid, {"seat": "1"}, "bad_request"),
            (tid, {"name": "x" * 41}, "bad_request"), (tid, {"ready": "yes"}, "bad_request"),
            (tid, {"key": "k" * 201}, "bad_request"), ("no-such-table", {}, "unknown_table")]
        for table_id, body, why in bad:
            with pytest.raises(LobbyError) as e:
                await hub.take(table_id, body)
            assert why in (e.value.code, (e.value.key or "").rsplit(".", 1)[-1]), (body, e.value.code, e.value.key)
        with pytest.raises(LobbyError) as e:  # a public table needs a seat to take
            await hub.create({**_public(2), "seats": [{"bot": None}, {"bot": "random"}]})
        assert e.value.status == 400 and "真人" in e.value.text("zh-Hant")
        with pytest.raises(LobbyError):
            await hub.create({**_public(2), "public": "yes"})
        assert sql(db_url, "SELECT table_id, seat, name, joined, ready FROM seats ORDER BY table_id, seat") == before
        # a bot's seat is not free
        mixed = await hub.create({**_public(3), "seats": [{"bot": None}, {"bot": "random"}, {"bot": None}]})
        with pytest.raises(LobbyError) as e:
            await hub.take(mixed["table"]["id"], {"seat": 1})
        assert e.value.code == "bad_request"
        await _close(hub)

    asyncio.run(run())


def test_listed_only_while_kept_and_expiry(db_url: str) -> None:
    """A public table is listed while a page of its people keeps it; a table nobody sat at expires once unkept."""
    async def run() -> None:
        hub = await _hub(db_url, open_keep_s=60.0, unclaimed_ttl_s=600.0)
        made = await hub.create(_public(2))
        empty = await hub.create({**_public(2), "claim": None})  # set up for others: nobody sits there
        tid, eid = made["table"]["id"], empty["table"]["id"]
        assert {t["id"] for t in (await hub.open_list())["tables"]} == {tid, eid}
        now = time.time()
        for table_id in (tid, eid):  # both pages went away a while ago
            await hub.keep(table_id, now - 1)
        assert (await hub.open_list())["tables"] == []
        kept = await hub.keep_open(tid, made["you"]["token"])
        assert kept["listed"] is True and kept["until"] > now + 50
        assert [t["id"] for t in (await hub.open_list())["tables"]] == [tid]
        again = await hub.keep_open(tid, made["you"]["token"])  # within half the window: no new write
        assert again["until"] == kept["until"]
        assert (await hub.keep_open(eid, empty["host"]))["listed"] is True  # the host's page keeps it too
        for token in (made["seats"][0]["code"], "nonsense", None, empty["host"]):
            with pytest.raises(LobbyError) as e:
                await hub.keep_open(tid, token)  # an invite code, nothing, another table's host: not its people
            assert e.value.status == 403
        # the unclaimed one: kept, it stays; unkept and old, the sweep takes it (and its listing with it)
        sql(db_url, "UPDATE tables SET created_at = %s", (now - 700,))
        await hub.sweep(now)
        assert sql(db_url, "SELECT count(*) FROM tables WHERE id = %s", (eid,))[0][0] == 1
        await hub.sweep(now + 120)
        assert sql(db_url, "SELECT count(*) FROM tables WHERE id = %s", (eid,))[0][0] == 0
        assert sql(db_url, "SELECT count(*) FROM open_tables WHERE table_id = %s", (eid,))[0][0] == 0
        assert sql(db_url, "SELECT count(*) FROM tables WHERE id = %s", (tid,))[0][0] == 1  # its creator sat
        await _close(hub)

    asyncio.run(run())


def test_quick_play_joins_the_longest_waiting_or_creates(db_url: str) -> None:
    async def run() -> None:
        hub = await _hub(db_url)
        key = (await hub.new_key())["key"]
        first = await hub.quick({"game": EW, "name": "Q1", "key": key})
        assert first["created"] is True and first["table"]["public"] and first["table"]["players"] == 2
        assert first["table"]["clock"]["mode"] == "turn" and first["host"] and first["tied"] is True
        # the same person again: not their own table, a new one
        mine_again = await hub.quick({"game": EW, "key": key})
        assert mine_again["created"] is True and mine_again["table"]["id"] != first["table"]["id"]
        other = await hub.quick({"game": EW, "name": "Q2"})
        assert other["created"] is False and other["table"]["id"] == first["table"]["id"]  # the longest waiting
        assert other["table"]["status"] == "playing"
        three = await hub.quick({"game": EW, "players": 3})
        assert three["created"] is True and three["table"]["players"] == 3  # no waiting table of three
        solo = await hub.quick({"game": "palace-escape"})
        assert solo["created"] is True and solo["table"]["status"] == "playing" and not solo["table"]["public"]
        for body in ({"game": "chess"}, {"game": EW, "players": 99}, {"game": EW, "variant": "x"},
                     {"game": EW, "players": True}, {"game": EW, "key": 5}):
            with pytest.raises(LobbyError) as e:
                await hub.quick(body)
            assert e.value.code == "bad_request"
        await _close(hub)

    asyncio.run(run())


def test_my_tables_by_key_turn_first_and_another_device(db_url: str) -> None:
    async def run() -> None:
        hub = await _hub(db_url, grace_s=60.0)
        key = (await hub.new_key())["key"]
        waiting = await hub.create(_public(3))
        playing = await hub.create({"game": EW, "players": 2, "claim": 0})
        pid = playing["table"]["id"]
        other = await hub.claim(pid, {"invite": playing["seats"][0]["code"], "name": "Opp"})
        for tok in (playing["you"]["token"], other["token"]):
            await hub.join(pid, tok, None, True)
        await hub.start(pid, playing["you"]["token"])
        tied = await hub.tie({"key": key, "tokens": [waiting["you"]["token"], playing["you"]["token"], "junk"]})
        assert tied == {"tied": 2}
        listed = await hub.my_by_key({"key": key})
        table = hub.tables[pid]
        mine_to_act = 0 in table.core.to_act
        assert [t["id"] for t in listed["tables"]] == [pid, waiting["table"]["id"]]
        assert listed["tables"][0]["my_turn"] is mine_to_act and listed["tables"][0]["seat"] == 0
        # the opponent's key lists the same table as their turn, or not, the other way round
        key2 = (await hub.new_key())["key"]
        await hub.tie({"key": key2, "tokens": [other["token"]]})
        theirs = (await hub.my_by_key({"key": key2}))["tables"][0]
        assert theirs["my_turn"] is (1 in table.core.to_act) and theirs["seat"] == 1

        # another device: a fresh secret of its own, the first device's still plays
        opened = await hub.open_mine({"key": key, "table": pid, "seat": 0})
        assert opened["token"] != playing["you"]["token"]
        for tok in (opened["token"], playing["you"]["token"]):
            conn, _ = hub_conn()
            await hub.hello(conn, pid, {"type": "hello", "token": tok})
            assert conn.seat == 0
        with pytest.raises(LobbyError) as e:  # a seat this key was never tied to
            await hub.open_mine({"key": key, "table": pid, "seat": 1})
        assert e.value.key == "server.me.not_yours"
        # the host takes the seat back: the key no longer opens it, and lists it no more
        await hub.revoke(pid, playing["host"], 0)
        with pytest.raises(LobbyError) as e:
            await hub.open_mine({"key": key, "table": pid, "seat": 0})
        assert e.value.key == "server.me.not_yours"
        assert [t["id"] for t in (await hub.my_by_key({"key": key}))["tables"]] == [waiting["table"]["id"]]
        with pytest.raises(PlayError):
            await hub.hello(hub_conn()[0], pid, {"type": "hello", "token": opened["token"]})
        with pytest.raises(LobbyError) as e:
            await hub.my_by_key({"key": "unknown"})
        assert e.value.key == "server.me.unknown_key" and e.value.status == 403
        await _close(hub)

    asyncio.run(run())


def test_key_limits(db_url: str) -> None:
    """Seats a key holds, secrets a seat holds, a page of my tables: each attacked past its limit."""
    async def run() -> None:
        hub = await _hub(db_url, seats_per_key=3, secrets_per_seat=2, my_page=2, create_burst=50,
                         creates_per_minute=600)
        key = (await hub.new_key())["key"]
        made = [await hub.create({"game": EW, "players": 2, "claim": 0}) for _ in range(4)]
        assert (await hub.tie({"key": key, "tokens": [m["you"]["token"] for m in made[:3]]})) == {"tied": 3}
        before = sql(db_url, "SELECT count(*) FROM key_seats")[0][0]
        with pytest.raises(LobbyError) as e:  # a fourth unfinished table: no room, nothing tied
            await hub.tie({"key": key, "tokens": [made[3]["you"]["token"]]})
        assert e.value.key == "server.me.key_full" and "3" in e.value.text("en")
        assert sql(db_url, "SELECT count(*) FROM key_seats")[0][0] == before
        # a finished table makes room (the oldest finished tie goes)
        sql(db_url, "UPDATE tables SET status = 'over' WHERE id = %s", (made[0]["table"]["id"],))
        assert (await hub.tie({"key": key, "tokens": [made[3]["you"]["token"]]})) == {"tied": 1}
        page = await hub.my_by_key({"key": key})
        assert len(page["tables"]) == 2 and page["next"] == "2"
        rest = await hub.my_by_key({"key": key, "cursor": page["next"]})
        assert len(rest["tables"]) == 1 and rest["next"] is None
        for body in ({"key": key, "limit": 3}, {"key": key, "cursor": "x"}, {"key": key, "cursor": "9" * 7},
                     {"key": None}, {"key": "k" * 201}):
            with pytest.raises(LobbyError) as e:
                await hub.my_by_key(body)
            assert e.value.code == "bad_request"
        for body in ({"key": key, "tokens": []}, {"key": key, "tokens": ["t"] * 201}, {"key": key, "tokens": [1]}):
            with pytest.raises(LobbyError) as e:
                await hub.tie(body)
            assert e.value.code == "bad_request"
        # secrets a seat holds: the creator's and one more device; a third is refused and nothing is stored
        tid = made[1]["table"]["id"]
        await hub.open_mine({"key": key, "table": tid, "seat": 0})
        n = len(_secrets(db_url, tid, 0))
        with pytest.raises(LobbyError) as e:
            await hub.open_mine({"key": key, "table": tid, "seat": 0})
        assert e.value.key == "server.me.too_many_devices" and len(_secrets(db_url, tid, 0)) == n
        for body in ({"key": key, "table": tid, "seat": "0"}, {"key": key, "table": 5, "seat": 0},
                     {"key": key, "table": "x" * 41, "seat": 0}):
            with pytest.raises(LobbyError) as e:
                await hub.open_mine(body)
            assert e.value.code == "bad_request"
        await _close(hub)

    asyncio.run(run())


def test_http_limits_and_words(make_server: Any, tmp_path: Path) -> None:
    """Over HTTP: the take and key rates per client (429, Retry-After, the caller's words, nothing changed), the
    list's page size and cursor, a refusal in zh-Hant, and /me serves the lobby page."""
    srv: Server = make_server(limits=Limits(take_burst=2, takes_per_minute=1, key_burst=2, keys_per_hour=1,
                                            open_page=2))
    http = srv.http
    made = [http.post("/api/tables", json=_public(3)).json() for _ in range(3)]
    page = http.get("/api/open", params={"limit": 2}).json()
    assert len(page["tables"]) == 2 and page["next"]
    rest = http.get("/api/open", params={"limit": 2, "cursor": page["next"]}).json()
    assert [t["id"] for t in page["tables"] + rest["tables"]] == [m["table"]["id"] for m in made]
    for params in ({"limit": 3}, {"limit": 0}, {"limit": "x"}, {"cursor": "nonsense"}, {"cursor": "x" * 200},
                   {"cursor": "nan~id"}, {"game": "chess"}):
        r = http.get("/api/open", params=params)
        assert r.status_code == 400, (params, r.text)

    tid = made[0]["table"]["id"]
    assert http.post(f"/api/tables/{tid}/take", json={"name": "A"}).status_code == 200
    assert http.post(f"/api/tables/{made[1]['table']['id']}/take", json={}).status_code == 200
    seats = sql(f"sqlite://{srv.db}", "SELECT table_id, seat, joined FROM seats ORDER BY table_id, seat")
    r = http.post(f"/api/tables/{made[2]['table']['id']}/take?lang=zh-Hant", json={})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    assert r.json()["error"] == "too_many_takes" and "秒" in r.json()["message"]
    r = http.post("/api/quick", json={"game": EW})
    assert r.status_code == 429  # quick play counts as a take
    assert sql(f"sqlite://{srv.db}", "SELECT table_id, seat, joined FROM seats ORDER BY table_id, seat") == seats

    assert http.post("/api/keys").status_code == 200 and http.post("/api/keys").status_code == 200
    r = http.post("/api/keys", headers={"Accept-Language": "zh-CN"})
    assert r.status_code == 429 and r.json()["error"] == "too_many_keys" and "秒" in r.json()["message"]
    assert sql(f"sqlite://{srv.db}", "SELECT count(*) FROM player_keys")[0][0] == 2

    private = http.post("/api/tables", json={"game": EW, "players": 2}).json()
    other = httpx.Client(base_url=srv.base, transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    r = other.post(f"/api/tables/{private['table']['id']}/take?lang=zh-Hant", json={})
    assert r.status_code == 403 and r.json()["message"] == CATALOG.text("server.open.not_public", "zh-Hant")
    other.close()
    page_html = http.get("/me")
    assert page_html.status_code == 200 and "lobby.js" in page_html.text


def test_websocket_play_with_a_taken_seat(server: Server) -> None:
    """Two strangers take the free seats of a public table over HTTP and play it over websockets."""
    made = server.http.post("/api/tables", json=_public(3)).json()
    tid = made["table"]["id"]
    taken = [server.http.post(f"/api/tables/{tid}/take", json={"name": n}).json() for n in ("B", "C")]
    assert taken[-1]["table"]["status"] == "playing"
    clients = [Client(server.ws_base, tid, tok) for tok in (made["you"]["token"], *(t["token"] for t in taken))]
    assert [c.welcome["seat"] for c in clients if c.welcome] == [0, 1, 2]
    for c in clients:
        c.close()


def test_a_database_of_today_opens_and_its_tables_stay_private(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A SQLite file of schema 4 (before open tables) holding a table: the next start upgrades it, the table is
    private and unlisted, its seat secret still plays and can be tied to a personal key."""
    import hustings.server.sqlite as sqlite_module
    from hustings.server.sqlite import MIGRATIONS, SqliteStore

    path = tmp_path / "old.db"
    monkeypatch.setattr(sqlite_module, "MIGRATIONS", tuple(m for m in MIGRATIONS if m[0] <= 4))

    async def before() -> dict[str, Any]:
        store = SqliteStore(path)
        assert store.migrate() == 4
        hub = Hub(store)
        await hub.open()
        made = await hub.create({"game": EW, "players": 2, "claim": 0})
        await _close(hub)
        return made

    made = asyncio.run(before())
    monkeypatch.setattr(sqlite_module, "MIGRATIONS", MIGRATIONS)

    async def after() -> None:
        hub = await _hub(f"sqlite://{path}")
        tid = made["table"]["id"]
        assert (await hub.table_info(tid))["public"] is False and (await hub.open_list())["tables"] == []
        with pytest.raises(LobbyError) as e:
            await hub.take(tid, {})
        assert e.value.key == "server.open.not_public"
        key = (await hub.new_key())["key"]
        assert await hub.tie({"key": key, "tokens": [made["you"]["token"]]}) == {"tied": 1}
        assert [t["id"] for t in (await hub.my_by_key({"key": key}))["tables"]] == [tid]
        await _close(hub)

    asyncio.run(after())


def test_serve_options_of_open_tables() -> None:
    """`hustings serve` passes its options to Limits and refuses values that make no sense."""
    from typer.testing import CliRunner

    from hustings.cli import app

    for args, word in ((["--takes-per-minute", "0"], "--takes-per-minute"), (["--take-burst", "0"], "--take-burst"),
                       (["--keys-per-hour", "-1"], "--keys-per-hour"), (["--open-keep", "10"], "--open-keep")):
        res = CliRunner().invoke(app, ["serve", "--db", "sqlite:///nowhere/never.db", *args])
        assert res.exit_code == 2 and word in res.output, (args, res.output)


def test_a_seat_the_host_took_back_is_free_again(db_url: str) -> None:
    """At a public table waiting for players, a seat the host takes back is listed as free again; a stranger who
    takes it gets it without the host's new invite, which then dies, and the old holder's name goes with it."""
    async def run() -> None:
        hub = await _hub(db_url)
        made = await hub.create(_public(3))
        tid = made["table"]["id"]
        bea = await hub.take(tid, {"name": "Bea"})
        conn, got = hub_conn()
        await hub.hello(conn, tid, {"type": "hello", "token": bea["token"]})
        back = await hub.revoke(tid, made["host"], bea["seat"])
        assert (await hub.open_list())["tables"][0]["free"] == 2
        taker = await hub.take(tid, {"seat": bea["seat"]})
        assert taker["table"]["seats"][bea["seat"]]["name"] == "" and taker["table"]["seats"][bea["seat"]]["joined"]
        with pytest.raises(LobbyError) as e:
            await hub.claim(tid, {"invite": back["code"], "name": "Late"})
        assert e.value.key == "server.lobby.invite_spent"
        assert [k for k, _ in _secrets(db_url, tid, bea["seat"])] == ["seat"]
        assert any(m.get("code") == "seat_revoked" for m in got)  # Bea's page was told, and closed
        await _close(hub)

    asyncio.run(run())
