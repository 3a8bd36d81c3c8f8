"""The hub (hustings.server.tables.Hub) without the web layer, on a real SQLite file: loading a table that is not in
memory happens once however many requests ask for it at once, and a move another process makes while the table is
loading is not lost."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

from hustings.server.sqlite import SqliteStore
from hustings.server.store import ActionRecord
from hustings.server.tables import Conn, Hub


def _conn() -> tuple[Conn, list[dict[str, Any]]]:
    got: list[dict[str, Any]] = []
    return Conn(send=lambda text: got.append(json.loads(text))), got


async def _started_table(hub: Hub) -> tuple[str, list[str]]:
    created = await hub.create({"game": "election-war", "players": 2})
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
        (c0, got0), (c1, got1) = _conn(), _conn()
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
