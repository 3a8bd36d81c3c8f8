"""The hub (hustings.server.tables.Hub) without the web layer, on a real SQLite file: loading a table that is not in
memory happens once however many requests ask for it at once, and a move another process makes while the table is
loading is not lost."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from hustings.server import tables as tables_module
from hustings.server.sqlite import SqliteStore
from hustings.server.store import ActionRecord, MadeBy
from hustings.server.tables import Hub

from .conftest import hub_claim_all, hub_conn


async def _hub_with_a_lobby_table(store: SqliteStore) -> tuple[Hub, str, list[str]]:
    """A migrated store's hub, open, and a new 2-seat election-war table in its lobby: (hub, id, tokens)."""
    store.migrate()
    hub = Hub(store)
    await hub.open()
    created = await hub_claim_all(hub, await hub.create({"game": "election-war", "players": 2}))
    return hub, created["table"]["id"], [s["token"] for s in created["seats"]]


async def _started_table(hub: Hub) -> tuple[str, list[str]]:
    created = await hub_claim_all(hub, await hub.create({"game": "election-war", "players": 2}))
    tid = created["table"]["id"]
    tokens = [s["token"] for s in created["seats"]]
    for token in tokens:
        await hub.ready(tid, token, True)
    await hub.start(tid, tokens[0])
    return tid, tokens


def test_concurrent_hellos_share_one_loaded_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SqliteStore(tmp_path / "s.db")
        store.migrate()
        other = Hub(store)  # where the table was made (a server since restarted, say)
        hub = Hub(store)
        await hub.open()
        await other.open()
        tid, tokens = await _started_table(other)
        assert tid not in hub.tables
        (c0, got0), (c1, got1) = hub_conn(), hub_conn()
        # both hellos ask for the table before either has loaded it
        await asyncio.gather(hub.hello(c0, tid, {"type": "hello", "token": tokens[0]}),
                             hub.hello(c1, tid, {"type": "hello", "token": tokens[1]}))
        assert c0.table is not None and c0.table is c1.table is hub.tables[tid]
        states = [[m for m in got if m["type"] in ("state", "update")][-1] for got in (got0, got1)]
        mover = 0 if states[0]["legal"] else 1
        watcher_got = (got0, got1)[1 - mover]
        before = len(watcher_got)
        await hub.act((c0, c1)[mover], {"type": "act", "step": states[mover]["step"],
                                        "action": states[mover]["legal"][0]["id"]})
        # the other seat hears of the move: it is on the same table
        assert [m["type"] for m in watcher_got[before:]] == ["update"]
        assert watcher_got[-1]["step"] == states[mover]["step"] + 1
        await hub.stop()
        await other.stop()
        store.close()

    asyncio.run(scenario())


class _GatedStore(SqliteStore):
    """A real SQLite store whose reads of the log wait at a gate once it is shut: the test can act between a
    table's load reading the log and the load finishing."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.read_done = threading.Event()
        self.gate = threading.Event()
        self.gate.set()

    def actions(self, table_id: str, since: int = 0) -> list[ActionRecord]:
        out = super().actions(table_id, since)
        self.read_done.set()
        self.gate.wait(30)
        return out


def test_a_move_made_elsewhere_while_a_table_loads_is_caught_up(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = _GatedStore(tmp_path / "s.db")
        store.migrate()
        other = Hub(store)
        hub = Hub(store)
        await hub.open()
        await other.open()
        tid, _ = await _started_table(other)
        live = other.tables[tid]
        seat = live.state.current_players[0]
        action = live.state.legal_actions(seat)[0]
        store.gate.clear()
        store.read_done.clear()
        loading = asyncio.ensure_future(hub._load(tid))
        await asyncio.to_thread(store.read_done.wait, 30)  # the load has read the log (no move yet)
        # another process moves now and notifies (a PostgreSQL listener calls this from its thread)
        await asyncio.to_thread(store.append_action, tid, 0, seat, action.id, 1.0)
        await asyncio.to_thread(hub._on_remote_change, tid, 1)
        store.gate.set()
        table = await loading
        for _ in range(200):
            if table.state.step_count == 1:
                break
            await asyncio.sleep(0.01)
        assert table.state.step_count == 1  # not left behind until the next move
        await hub.stop()
        await other.stop()
        store.close()

    asyncio.run(scenario())


def test_a_finished_table_nobody_watches_leaves_memory_and_is_read_back(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A long-running server must not keep every game it ever served: a finished table with no connection is
    dropped from memory after EVICT_S, and comes back from the store, as it was, when someone asks for it. A table
    still in play, or one somebody watches, stays."""
    monkeypatch.setattr(tables_module, "EVICT_S", 0.05)

    async def scenario() -> None:
        store = SqliteStore(tmp_path / "s.db")
        store.migrate()
        hub = Hub(store)
        await hub.open()
        ids = []
        for _ in range(2):
            created = await hub_claim_all(hub, await hub.create({"game": "palace-escape", "players": 1,
                                                                 "seats": [{"bot": None}]}))
            tid, token = created["table"]["id"], created["seats"][0]["token"]
            await hub.ready(tid, token, True)
            await hub.start(tid, token)
            ids.append((tid, token))
        (done_id, done_token), (live_id, _) = ids
        conn, got = hub_conn()
        await hub.hello(conn, done_id, {"type": "hello", "token": done_token})
        rng = random.Random(3)
        while not got[-1].get("over"):  # random swaps until the puzzle is solved or its moves run out
            last = [m for m in got if m["type"] in ("state", "update")][-1]
            await hub.act(conn, {"type": "act", "step": last["step"], "action": rng.choice(last["legal"])["id"]})
        final = got[-1]
        watcher, _ = hub_conn()
        await hub.hello(watcher, live_id, {"type": "hello", "spectator": True})
        hub.gone(watcher)  # the table in play has nobody connected now either
        await asyncio.sleep(0.2)
        assert done_id in hub.tables  # its player is still connected
        hub.gone(conn)
        await asyncio.sleep(0.2)
        assert done_id not in hub.tables
        assert live_id in hub.tables
        # asked for again: read back from the store, the same finished game
        again, got_again = hub_conn()
        await hub.hello(again, done_id, {"type": "hello", "token": done_token})
        state = [m for m in got_again if m["type"] == "state"][-1]
        assert (state["step"], state["over"], state["outcome"], state["view"]) == (
            final["step"], True, final["outcome"], final["view"])
        assert done_id in hub.tables
        await asyncio.sleep(0.2)
        assert done_id in hub.tables  # connected again: kept
        record = await hub.record_of(done_id)
        assert len(record["actions"]) == final["step"]
        hub.gone(again)
        table = hub.tables[done_id]
        async with table.lock:  # busy (a rematch being made, say) when its time comes: kept, tried again later
            await asyncio.sleep(0.15)
            assert done_id in hub.tables
        await asyncio.sleep(0.2)
        assert done_id not in hub.tables
        await hub.stop()
        store.close()

    asyncio.run(scenario())


def test_a_lobby_table_nobody_is_at_leaves_memory_and_still_starts(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables set up and never played must not pile up in a server that runs for months: a lobby table with no
    connection leaves memory after EVICT_S, and every lobby call still works on it (read back from the store),
    including a start whose table left memory while the call waited. A restart does not load lobby tables."""
    monkeypatch.setattr(tables_module, "EVICT_S", 0.05)

    async def scenario() -> None:
        store = SqliteStore(tmp_path / "s.db")
        hub, tid, tokens = await _hub_with_a_lobby_table(store)
        assert tid in hub.tables
        await asyncio.sleep(0.2)
        assert tid not in hub.tables
        info = await hub.join(tid, tokens[0], "Ann", True)  # read back from the store
        assert info["seats"][0]["name"] == "Ann" and info["seats"][0]["ready"]
        await asyncio.sleep(0.2)
        assert tid not in hub.tables
        await hub.ready(tid, tokens[1], True)
        stale = hub.tables[tid]
        del hub.tables[tid]  # as if it left memory between the start's read and its lock
        started = await hub.start(tid, tokens[0])
        assert started["status"] == "playing"
        live = hub.tables[tid]
        assert live is not stale and live.status == "playing" and stale.status == "lobby"
        await asyncio.sleep(0.2)
        assert tid in hub.tables  # a game in play stays
        waiting = (await hub.create({"game": "election-war", "players": 2}))["table"]["id"]
        await hub.stop()
        again = Hub(store)
        await again.open()
        assert tid in again.tables and waiting not in again.tables
        assert (await again.table_info(waiting))["status"] == "lobby"
        await again.stop()
        store.close()

    asyncio.run(scenario())


class _SlowDisk(SqliteStore):
    """A real SQLite store whose moves are acknowledged only once ``gate`` opens (a slow disk, held still)."""

    gate: asyncio.Event

    def submit_action_async(self, table_id: str, step: int, seat: int, action: int, at: float,
                            *, over: bool = False, by: MadeBy | None = None) -> asyncio.Future[None]:
        stored = super().submit_action_async(table_id, step, seat, action, at, over=over, by=by)

        async def later() -> None:
            await stored
            await self.gate.wait()

        return asyncio.ensure_future(later())


def test_table_info_shows_no_step_before_it_is_durable(tmp_path: Path) -> None:
    """While a move is being written the game in memory is at the next step already; TableInfo (lobby calls,
    table pushes) still says the step that is durable, as the move's ack does."""

    async def scenario() -> None:
        store = _SlowDisk(tmp_path / "s.db")
        store.migrate()
        store.gate = asyncio.Event()
        hub = Hub(store)
        await hub.open()
        tid, tokens = await _started_table(hub)
        conn, got = hub_conn()
        await hub.hello(conn, tid, {"type": "hello", "token": tokens[0]})
        state = [m for m in got if m["type"] == "state"][-1]
        if not state["legal"]:
            conn, got = hub_conn()
            await hub.hello(conn, tid, {"type": "hello", "token": tokens[1]})
            state = [m for m in got if m["type"] == "state"][-1]
        moving = asyncio.ensure_future(hub.act(conn, {"type": "act", "step": 0, "action": state["legal"][0]["id"]}))
        await asyncio.sleep(0.2)
        assert hub.tables[tid].state.step_count == 1  # applied in memory, not yet acknowledged
        assert (await hub.table_info(tid))["step"] == 0
        store.gate.set()
        await moving
        assert (await hub.table_info(tid))["step"] == 1
        # TableInfo comes again only when more than its step changed: the update's step is the durable one
        assert got[-1]["ack"] == 1 and got[-1]["step"] == 1 and got[-1].get("table", {"step": 1})["step"] == 1
        await hub.stop()
        store.close()

    asyncio.run(scenario())


def test_a_re_read_of_the_lobby_never_undoes_a_newer_change(tmp_path: Path) -> None:
    """Another process's hint (or the heartbeat) makes the hub re-read a lobby table; a read that began before a
    change made here finished must not put the older seats or settings back (a ready lost, a start's started_at
    dropped)."""

    async def scenario() -> None:
        store = SqliteStore(tmp_path / "s.db")
        hub, tid, tokens = await _hub_with_a_lobby_table(store)
        table = hub.tables[tid]
        slow_seat, slow_table = store.update_seat, store.table

        def slower_seat(*args: Any, **kwargs: Any) -> None:
            time.sleep(0.3)
            slow_seat(*args, **kwargs)

        store.update_seat = slower_seat  # type: ignore[method-assign]
        readying = asyncio.ensure_future(hub.ready(tid, tokens[0], True))
        await asyncio.sleep(0.05)
        await asyncio.gather(readying, hub._refresh_lobby(table))
        store.update_seat = slow_seat  # type: ignore[method-assign]
        assert hub.tables[tid].seats[0].ready and store.seats(tid)[0].ready

        await hub.ready(tid, tokens[1], True)

        def slower_table(table_id: str) -> Any:
            record = slow_table(table_id)
            time.sleep(0.3)
            return record

        store.table = slower_table  # type: ignore[method-assign]
        rereading = asyncio.ensure_future(hub._refresh_lobby(table))
        await asyncio.sleep(0.05)
        store.table = slow_table  # type: ignore[method-assign]
        await asyncio.gather(rereading, hub.start(tid, tokens[0]))
        assert table.status == "playing" and "started_at" in table.record.settings
        await hub.stop()
        store.close()

    asyncio.run(scenario())


def test_the_record_and_its_seed_wait_for_the_last_move_to_be_durable(tmp_path: Path) -> None:
    """The record holds the seed; it is given out once the game is over, and over means the last move is in the
    store (while it is being written the game in memory is over already: were the write to fail, the game would
    go on with its seed known)."""

    async def scenario() -> None:
        store = _SlowDisk(tmp_path / "s.db")
        store.migrate()
        store.gate = asyncio.Event()
        store.gate.set()
        hub = Hub(store)
        await hub.open()
        created = await hub_claim_all(hub, await hub.create({"game": "palace-escape", "players": 1}))
        tid, token = created["table"]["id"], created["seats"][0]["token"]
        await hub.ready(tid, token, True)
        await hub.start(tid, token)
        conn, got = hub_conn()
        await hub.hello(conn, tid, {"type": "hello", "token": token})
        rng = random.Random(5)
        checked = False
        while not got[-1].get("over"):
            last = [m for m in got if m["type"] in ("state", "update")][-1]
            store.gate.clear()
            moving = asyncio.ensure_future(
                hub.act(conn, {"type": "act", "step": last["step"], "action": rng.choice(last["legal"])["id"]}))
            await asyncio.sleep(0.02)
            if hub.tables[tid].state.is_over:  # the last move, applied and not yet durable
                with pytest.raises(tables_module.LobbyError, match="seed"):
                    await hub.record_of(tid)
                checked = True
            store.gate.set()
            await moving
        assert checked
        assert (await hub.record_of(tid))["seed"] == hub.tables[tid].record.seed
        await hub.stop()
        store.close()

    asyncio.run(scenario())


def test_http_bodies_carry_integers_wider_than_64_bits() -> None:
    """A finished game's record holds its seed, wider than orjson's 64-bit integers: the body still encodes,
    exactly (the record replays the game only with the very seed)."""
    from hustings.server.tables import dumps_bytes

    seed = 2**127 + 12345
    assert json.loads(dumps_bytes({"seed": seed, "name": "⇄ 選舉"})) == {"seed": seed, "name": "⇄ 選舉"}
    assert dumps_bytes({"a": (1, 2)}) == b'{"a":[1,2]}'  # the fast path, tuples as lists


def test_the_undo_offer_is_worked_out_only_once_the_table_rests(tmp_path: Path, monkeypatch: Any) -> None:
    """The undo offer's re-dealt replays are off the path of every move: moves made back to back never pay for
    them; the last one, once the table has rested OFFER_DELAY_S, does, and its person is then sent the offer."""
    from hustings.table import takeback

    calls: list[int] = []
    real = takeback._undoable

    def counted(before: Any, seat: int, action: int, samples: int) -> bool:
        calls.append(before.step_count)
        return real(before, seat, action, samples)

    monkeypatch.setattr(takeback, "_undoable", counted)
    monkeypatch.setattr(tables_module, "OFFER_DELAY_S", 0.5)

    async def scenario() -> None:
        store = SqliteStore(tmp_path / "s.db")
        store.migrate()
        hub = Hub(store)
        await hub.open()
        created = await hub_claim_all(hub, await hub.create({"game": "die-macher-2019", "players": 3}))
        tid = created["table"]["id"]
        tokens = [s["token"] for s in created["seats"]]
        for token in tokens:
            await hub.ready(tid, token, True)
        await hub.start(tid, tokens[0])
        conns = [hub_conn() for _ in tokens]
        for (conn, _), token in zip(conns, tokens, strict=True):
            await hub.hello(conn, tid, {"type": "hello", "token": token})

        async def move() -> tuple[int, int]:
            """The first seat that may act moves at once: (its seat, the step after its move)."""
            for seat, (conn, got) in enumerate(conns):
                last = [m for m in got if m["type"] in ("state", "update")][-1]
                if last["legal"]:
                    await hub.act(conn, {"type": "act", "step": last["step"], "action": last["legal"][0]["id"]})
                    assert got[-1]["ack"] == last["step"] + 1 and got[-1]["can_undo"] is False
                    return seat, last["step"] + 1
            raise AssertionError("nobody may act")

        for _ in range(8):
            await move()
        assert calls == []  # the table never rested: no offer worked out
        seat, step = await move()
        await asyncio.sleep(3 * tables_module.OFFER_DELAY_S)
        assert calls == [step - 1]  # the last move's, once
        offered = hub.tables[tid].core.undo_offered(seat)
        got = conns[seat][1]
        assert got[-1]["step"] == step and got[-1]["can_undo"] is offered
        assert any(m.get("can_undo") for m in got) is offered  # and no other move of the table was offered
        await hub.stop()
        store.close()

    asyncio.run(scenario())
