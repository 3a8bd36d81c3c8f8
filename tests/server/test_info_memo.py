"""TableInfo's JSON is made again only when something it shows may have changed (Connections._info_json): every
TableInfo a connection is sent equals the one made afresh at that moment, as seats are connected, leave, come back
and moves are made, and a table with a clock or someone away is never served from the memo."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from hustings.server.sqlite import SqliteStore
from hustings.server.tables import Conn, Hub

from .conftest import hub_claim_all


def test_every_table_info_sent_is_the_one_made_afresh(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SqliteStore(tmp_path / "s.db")
        store.migrate()
        hub = Hub(store, grace_s=3600)
        await hub.open()
        try:
            created = await hub_claim_all(hub, await hub.create({"game": "election-war", "players": 3,
                                                                 "seats": [{"bot": None}] * 3}))
            tid = created["table"]["id"]
            tokens = [s["token"] for s in created["seats"]]
            for i, token in enumerate(tokens):
                await hub.join(tid, token, f"P{i}", True)
            await hub.start(tid, tokens[0])
            checked: list[int] = []
            last: dict[int, dict[str, Any]] = {}

            def conn(i: int) -> Conn:
                def receive(text: str) -> None:
                    msg = json.loads(text)
                    info = msg.get("table")
                    if info is not None:
                        fresh = hub.info(hub.tables[tid])
                        assert info == json.loads(json.dumps(fresh)), (msg["type"], info, fresh)
                        checked.append(1)
                    if msg["type"] in ("state", "update"):
                        last[i] = {**last.get(i, {}), **msg}
                return Conn(send=receive)

            conns = [conn(i) for i in range(3)]
            for c, token in zip(conns, tokens, strict=True):
                await hub.hello(c, tid, {"type": "hello", "token": token})
            table = hub.tables[tid]
            for n in range(12):
                if n == 2:  # a second device of seat 0: its connections count changes, nobody is away
                    conns.append(conn(0))
                    await hub.hello(conns[-1], tid, {"type": "hello", "token": tokens[0]})
                    assert not table.core.left_at
                if n == 4:  # a seat's person leaves: connected and connections change, then someone is away
                    hub.gone(conns[2])
                    assert table.core.left_at  # away: TableInfo is made afresh, never from the memo
                if n == 8:  # they come back on another device
                    conns[2] = conn(2)
                    await hub.hello(conns[2], tid, {"type": "hello", "token": tokens[2]})
                movers = [i for i, m in last.items() if m.get("legal") and i in table.core.to_act
                          and conns[i] in table.conns]
                if not movers:
                    break
                i = movers[0]
                await hub.act(conns[i], {"type": "act", "step": last[i]["step"], "action": last[i]["legal"][0]["id"]})
            assert len(checked) >= 6
            # nothing TableInfo reads changed: the memo's JSON (the step apart) is the fresh one
            _, full = hub._info_json(table)
            assert json.loads(full) == json.loads(json.dumps(hub.info(table)))
        finally:
            await hub.stop()
            store.close()

    asyncio.run(scenario())
