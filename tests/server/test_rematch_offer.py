"""A rematch for everyone (issue 25, point 5), on both stores: when a game ends each of its people is offered the
next game; each acceptance hands the accepter, and only them, a fresh secret of their own seat; a second press is
never an error; those who decline or do not answer in time are replaced by bots; a server restarted in the middle
goes on where it was. The limits of the route are attacked over HTTP."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from hustings.server.limits import Limits
from hustings.server.store import open_store
from hustings.server.tables import Hub, PlayError

from . import pg_fixture
from .conftest import Client, Server, hub_claim_all, hub_conn

pg_server = pg_fixture.pg_server
pg_url = pg_fixture.pg_url

NAMES = ("Ann", "Bo", "Cy")


async def _finished(hub: Hub, players: int = 3) -> tuple[str, list[str], list[list[dict[str, Any]]]]:
    """A toy game of ``players`` people played to its end: (table id, each seat's secret, what each seat's
    connection was sent, the connection staying open)."""
    created = await hub_claim_all(hub, await hub.create({"game": "toy", "players": players, "claim": 0}))
    tid = created["table"]["id"]
    tokens = [s["token"] for s in created["seats"]]
    for p, tok in enumerate(tokens):
        await hub.join(tid, tok, NAMES[p], True)
    await hub.start(tid, tokens[0])
    conns = []
    for tok in tokens:
        conn, got = hub_conn()
        await hub.hello(conn, tid, {"type": "hello", "token": tok, "lang": "en"})
        conns.append((conn, got))
    for _ in range(100):
        if hub.tables[tid].status == "over":
            break
        for conn, got in conns:
            last = [m for m in got if m["type"] in ("state", "update")][-1]
            if last["legal"] and not last["over"]:
                await hub.act(conn, {"type": "act", "step": last["step"], "action": last["legal"][0]["id"]})
    assert hub.tables[tid].status == "over"
    return tid, tokens, [got for _, got in conns]


async def _seat_at(hub: Hub, table_id: str, token: str) -> int | None:
    conn, got = hub_conn()
    try:
        await hub.hello(conn, table_id, {"type": "hello", "token": token, "lang": "en"})
    except PlayError as e:  # a secret that plays no seat here
        assert e.code == "unauthorized"
        return None
    hub.gone(conn)
    return next((m["seat"] for m in got if m["type"] == "welcome"), None)


async def _until(check: Any, what: str) -> None:
    for _ in range(400):
        if await check():
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"never happened: {what}")


def _offers(got: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m["table"]["offer"] for m in got if m["type"] == "table" and m["table"].get("offer")]


def test_each_person_gets_their_own_seat_and_secret_and_a_second_press_is_no_error(db_url: str) -> None:
    async def run() -> None:
        hub = Hub(open_store(db_url))
        await hub.open()
        tid, tokens, got = await _finished(hub)
        # the end: nobody has answered, every page offers a rematch (no offer yet in TableInfo)
        assert (await hub.table_info(tid))["offer"] is None
        # Bo accepts first: he makes the rematch and hosts it; only his own seat's secret is in his answer
        bo = await hub.rematch(tid, tokens[1])
        new_id = bo["table"]["id"]
        assert bo["answer"] == "yes" and bo["you"]["seat"] == 1 and "host" in bo and bo["seats"] == []
        assert bo["table"]["rematch_of"] == tid and bo["table"]["status"] == "lobby"
        # every connection of the finished table hears of the offer, with who said yes and how long is left
        await _until(lambda: _ready(lambda: all(_offers(g) for g in got)), "the offer pushed to every seat")
        offer = _offers(got[2])[-1]
        assert offer["answers"] == [None, "yes", None] and offer["open"] and 0 < offer["ends_in"] <= 120
        # Ann accepts: her own seat, a fresh secret nobody else was sent; no host secret for her
        ann = await hub.rematch(tid, tokens[0])
        assert ann["you"]["seat"] == 0 and "host" not in ann and not ann["started"]
        # a second press (another device, or the same one again) is no error: another secret of her own seat
        ann2 = await hub.rematch(tid, tokens[0])
        assert ann2["you"]["seat"] == 0 and ann2["you"]["token"] != ann["you"]["token"]
        # Cy accepts: everyone answered, the rematch starts with all three seated, none by a bot
        cy = await hub.rematch(tid, tokens[2])
        assert cy["you"]["seat"] == 2

        async def started() -> bool:
            return bool((await hub.table_info(new_id))["status"] == "playing")
        await _until(started, "the rematch starts")
        info = await hub.table_info(new_id)
        assert [s["bot"] for s in info["seats"]] == [None, None, None]
        assert [s["name"] for s in info["seats"]] == list(NAMES)
        old = await hub.table_info(tid)
        assert old["rematch"] == new_id and old["offer"]["started"] and old["offer"]["answers"] == ["yes"] * 3
        # each secret plays its own seat only; the old table's secrets play nothing there
        secrets = {0: [ann, ann2], 1: [bo], 2: [cy]}
        for seat, answers in secrets.items():
            for a in answers:
                assert await _seat_at(hub, new_id, a["you"]["token"]) == seat
        for tok in tokens:
            assert await _seat_at(hub, new_id, tok) is None
        # nobody was sent anyone else's secret: not over a connection, not in another's answer
        for seat, answers in secrets.items():
            for a in answers:
                theirs = a["you"]["token"]
                assert not any(theirs in json.dumps(g) for g in got)
                others = [b for s, bs in secrets.items() if s != seat for b in bs]
                assert not any(theirs in json.dumps(b) for b in others)
        # pressing again after the start: still no error (her own seat once more)
        late = await hub.rematch(tid, tokens[0])
        assert late["started"] and late["you"]["seat"] == 0
        await hub.stop()
        hub.store.close()

    asyncio.run(run())


async def _ready(check: Any) -> bool:
    return bool(check())


def test_declined_seats_are_played_by_bots_and_a_late_press_is_no_error(db_url: str) -> None:
    async def run() -> None:
        hub = Hub(open_store(db_url))
        await hub.open()
        tid, tokens, _ = await _finished(hub)
        # Cy declines before anyone accepted: said, no table made
        no = await hub.rematch(tid, tokens[2], False)
        assert no["answer"] == "no" and no["table"]["id"] == tid and "you" not in no
        assert no["table"]["offer"]["answers"] == [None, None, "no"] and not no["table"]["offer"]["open"]
        assert no["table"]["rematch"] is None
        ann = await hub.rematch(tid, tokens[0])
        new_id = ann["table"]["id"]
        assert (await hub.table_info(new_id))["status"] == "lobby"  # Bo has not answered
        await hub.rematch(tid, tokens[1], False)
        info = await hub.table_info(new_id)
        assert info["status"] == "playing"
        assert [s["bot"] for s in info["seats"]] == [None, "random", "random"]  # the toy game's stand-in level
        assert info["seats"][1]["name"] == "" and info["seats"][0]["name"] == "Ann"
        assert (await hub.table_info(tid))["offer"]["answers"] == ["yes", "no", "no"]
        # Bo changes his mind after the start: no error, no seat (a bot plays it), the spectator's link
        late = await hub.rematch(tid, tokens[1])
        assert late["started"] and "you" not in late and late["spectate"] == f"/t/{new_id}"
        # a declined person's old secret plays nothing at the rematch
        assert await _seat_at(hub, new_id, tokens[1]) is None
        await hub.stop()
        hub.store.close()

    asyncio.run(run())


def test_those_who_do_not_answer_in_time_are_replaced_by_bots(db_url: str) -> None:
    async def run() -> None:
        hub = Hub(open_store(db_url), limits=Limits(rematch_wait_s=0.3))
        await hub.open()
        tid, tokens, _ = await _finished(hub)
        new_id = (await hub.rematch(tid, tokens[0]))["table"]["id"]

        async def started() -> bool:
            return bool((await hub.table_info(new_id))["status"] == "playing")
        await _until(started, "the rematch starts when the time is up")
        info = await hub.table_info(new_id)
        assert [s["bot"] for s in info["seats"]] == [None, "random", "random"]
        assert (await hub.table_info(tid))["offer"]["answers"] == ["yes", None, None]
        await hub.stop()
        hub.store.close()

    asyncio.run(run())


def test_a_restart_in_the_middle_goes_on_where_it_was(db_url: str) -> None:
    async def run() -> None:
        # one table whose offer stays open across the restart, one whose time runs out while the server is down
        first = Hub(open_store(db_url), limits=Limits(rematch_wait_s=3600))
        await first.open()
        tid, tokens, _ = await _finished(first)
        ann = await first.rematch(tid, tokens[0])
        new_id = ann["table"]["id"]
        await first.rematch(tid, tokens[1])
        short = Hub(first.store, limits=Limits(rematch_wait_s=0.2))
        await short.open()
        tid2, tokens2, _ = await _finished(short)
        new2 = (await short.rematch(tid2, tokens2[0]))["table"]["id"]
        await first.stop()
        await short.stop()
        first.store.close()
        await asyncio.sleep(0.3)

        hub = Hub(open_store(db_url), limits=Limits(rematch_wait_s=3600))
        await hub.open()
        # the first: the answers given before are kept; Cy's completes them and the game starts
        assert (await hub.table_info(tid))["offer"]["answers"] == ["yes", "yes", None]
        cy = await hub.rematch(tid, tokens[2])
        assert cy["you"]["seat"] == 2
        info = await hub.table_info(new_id)
        assert info["status"] == "playing" and [s["bot"] for s in info["seats"]] == [None, None, None]
        assert await _seat_at(hub, new_id, ann["you"]["token"]) == 0
        # the second: its time ran out while nobody served it; read back, it starts with bots
        await hub.table_info(new2)

        async def started() -> bool:
            return bool((await hub.table_info(new2))["status"] == "playing")
        await _until(started, "the rematch whose time ran out during the restart starts")
        assert [s["bot"] for s in (await hub.table_info(new2))["seats"]] == [None, "random", "random"]
        await hub.stop()
        hub.store.close()

    asyncio.run(run())


# -------------------------------------------------------------------------------------------------- the route


@pytest.fixture()
def tight(tmp_path: Path) -> Any:
    s = Server(tmp_path / "tight.db", limits=Limits(rematch_secrets_per_seat=2))
    yield s
    s.stop()


def _played(server: Server) -> tuple[str, dict[str, Any], list[str]]:
    """A finished two-person toy game over HTTP: (id, create's answer, each seat's secret)."""
    made = server.http.post("/api/tables", json={"game": "toy", "players": 2, "claim": {"seat": 0, "name": "Ann"}}
                            ).json()
    tid = made["table"]["id"]
    bo = server.http.post(f"/api/tables/{tid}/claim", json={"invite": made["seats"][0]["code"], "name": "Bo",
                                                            "ready": True}).json()["token"]
    ann = made["you"]["token"]
    server.http.post(f"/api/tables/{tid}/ready", json={"token": ann, "ready": True})
    server.http.post(f"/api/tables/{tid}/start", json={"token": ann})
    hub: Hub = server.app.state.hub
    clients = [Client(server.ws_base, tid, ann), Client(server.ws_base, tid, bo)]
    deadline = time.time() + 20
    while hub.tables[tid].status != "over" and time.time() < deadline:
        for c in clients:
            c.sync()
            m = c.latest
            if m is not None and m["legal"] and not m["over"]:
                c.act()
    for c in clients:
        c.close()
    assert hub.tables[tid].status == "over"
    return tid, made, [ann, bo]


def test_the_routes_limits_refuse_and_change_nothing(tight: Server) -> None:
    server = tight
    tid, made, (ann, bo) = _played(server)
    store = server.app.state.hub.store

    def offer() -> Any:
        return server.http.get(f"/api/tables/{tid}").json()["offer"]

    # accept must be true or false
    for bad in ("yes", 1, None, [True]):
        r = server.http.post(f"/api/tables/{tid}/rematch", json={"token": ann, "accept": bad})
        assert r.status_code == 400 and r.json()["error"] == "bad_request" and "accept" in r.json()["message"]
    assert offer() is None
    # codes that play no seat: the host's secret, an invite, nothing, a secret of 10 KB
    for tok in (made["host"], made["seats"][0]["code"], "", "x" * 10_000):
        r = server.http.post(f"/api/tables/{tid}/rematch", json={"token": tok}, params={"lang": "zh-Hant"})
        assert r.status_code == 403, r.text
    assert offer() is None
    # a person's secrets of a seat at the rematch: at most rematch_secrets_per_seat, then a refusal in their language
    first = server.http.post(f"/api/tables/{tid}/rematch", json={"token": ann})
    new_id = first.json()["table"]["id"]
    assert server.http.post(f"/api/tables/{tid}/rematch", json={"token": ann}).status_code == 200
    held = len([s for s in store.seat_secrets(new_id) if s.seat == 0 and s.kind == "seat"])
    r = server.http.post(f"/api/tables/{tid}/rematch", json={"token": ann}, params={"lang": "zh-Hant"})
    assert r.status_code == 409 and "2" in r.json()["message"] and "裝置" in r.json()["message"]
    assert len([s for s in store.seat_secrets(new_id) if s.seat == 0 and s.kind == "seat"]) == held == 2
    assert offer()["answers"] == ["yes", None]
    # Bo, the second person to press, gets his seat: never an error
    r = server.http.post(f"/api/tables/{tid}/rematch", json={"token": bo}, params={"lang": "zh-Hant"})
    assert r.status_code == 200 and r.json()["you"]["seat"] == 1
    assert server.http.get(f"/api/tables/{new_id}").json()["status"] == "playing"


def test_a_rematch_before_the_end_is_refused_in_the_callers_language(tight: Server) -> None:
    made = tight.http.post("/api/tables", json={"game": "toy", "players": 2, "claim": 0}).json()
    tid = made["table"]["id"]
    r = tight.http.post(f"/api/tables/{tid}/rematch", json={"token": made["you"]["token"]},
                        params={"lang": "zh-Hans"})
    assert r.status_code == 409 and "再来一局" in r.json()["message"]
    assert tight.http.get(f"/api/tables/{tid}").json()["offer"] is None



def test_another_process_starts_the_rematch_with_the_same_bots(pg_url: str) -> None:
    """Two server processes on one PostgreSQL: the rematch waits in the lobby of both; the answers go through one,
    and the other starts it with the same bots in the seats of those who declined (its table core made again)."""
    async def run() -> None:
        here, there = Hub(open_store(pg_url)), Hub(open_store(pg_url))
        await here.open()
        await there.open()
        tid, tokens, _ = await _finished(here)
        new_id = (await here.rematch(tid, tokens[0]))["table"]["id"]
        assert (await there.table_info(new_id))["status"] == "lobby"  # held by the other process too
        await here.rematch(tid, tokens[1], False)
        await here.rematch(tid, tokens[2], False)

        async def started_there() -> bool:
            return there.tables[new_id].status == "playing"
        await _until(started_there, "the other process starts the rematch")
        assert there.tables[new_id].core.seat_names == (None, "random", "random")
        assert [s["bot"] for s in (await there.table_info(new_id))["seats"]] == [None, "random", "random"]
        for hub in (here, there):
            await hub.stop()
            hub.store.close()

    asyncio.run(run())
