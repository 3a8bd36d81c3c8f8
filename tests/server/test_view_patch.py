"""Updates that carry the view's changed fields (a hello with ``view_patches: true``; hustings.server.connections
._view_patch): the view a client makes of each patch is, at every message of whole games, the view the table core
gives that seat (a spectator too), at a fraction of the bytes; a client that did not ask gets whole views."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import orjson
import pytest

from hustings.server.sqlite import SqliteStore
from hustings.server.tables import Conn, Hub

from .conftest import hub_claim_all


class _Watcher:
    """One connection that keeps the view as a page does (patching it) and checks it against the table's."""

    def __init__(self, seat: int | None, patches: bool) -> None:
        self.seat, self.patches = seat, patches
        self.view: Any = None
        self.last: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []
        self.checked = self.patched = self.view_bytes = 0
        self.conn = Conn(send=self.receive)

    def receive(self, text: str) -> None:
        msg = json.loads(text)
        if msg["type"] not in ("state", "update"):
            return
        if "view_patch" in msg:
            assert self.patches and msg["type"] == "update" and "view" not in msg
            self.view = {**self.view, **msg["view_patch"]}
            for k in msg.get("view_removed", []):
                del self.view[k]
            self.patched += 1
            self.view_bytes += len(orjson.dumps(msg["view_patch"]))
        elif "view" in msg:
            self.view = msg["view"]
            self.view_bytes += len(orjson.dumps(msg["view"]))
        if "legal" in msg:
            self.legal = msg["legal"]
        self.last = msg
        table = self.conn.table
        assert table is not None
        want = orjson.loads(orjson.dumps(table.core.view(self.seat), option=orjson.OPT_NON_STR_KEYS))
        assert self.view == want, f"seat {self.seat} at step {msg['step']}"
        self.checked += 1


async def _play(tmp_path: Path, game: str, players: int, moves: int, patches: bool) -> list[_Watcher]:
    store = SqliteStore(tmp_path / "s.db")
    store.migrate()
    hub = Hub(store)
    await hub.open()
    try:
        created = await hub_claim_all(hub, await hub.create({"game": game, "players": players,
                                                             "seats": [{"bot": None}] * players}))
        tid = created["table"]["id"]
        tokens = [s["token"] for s in created["seats"]]
        for i, token in enumerate(tokens):
            await hub.join(tid, token, f"Person {i}", True)
        await hub.start(tid, tokens[0])
        seats = [_Watcher(i, patches) for i in range(players)]
        for w, token in zip(seats, tokens, strict=True):
            await hub.hello(w.conn, tid, {"type": "hello", "token": token, "view_patches": patches})
        spectator = _Watcher(None, patches)
        await hub.hello(spectator.conn, tid, {"type": "hello", "spectator": True, "view_patches": patches})
        rng = random.Random(3)
        for n in range(moves):
            ready = [w for w in seats if w.last and w.legal and not w.last["over"]]
            if not ready:
                break
            w = rng.choice(ready)
            assert w.last is not None
            await hub.act(w.conn, {"type": "act", "step": w.last["step"], "action": rng.choice(w.legal)["id"]})
            if n == moves // 2:  # a language change: a whole state again, then patches on it
                await hub.set_lang(spectator.conn, "zh-Hant")
        return [*seats, spectator]
    finally:
        await hub.stop()
        store.close()


@pytest.mark.parametrize(("game", "players", "moves"), [("election-war", 6, 150), ("die-macher-2019", 4, 150),
                                                        ("die-macher", 4, 100), ("palace-escape", 1, 60)])
def test_patched_views_are_the_views_of_the_table(tmp_path: Path, game: str, players: int, moves: int) -> None:
    watchers = asyncio.run(_play(tmp_path, game, players, moves, patches=True))
    assert sum(w.checked for w in watchers) >= moves
    assert all(w.patched > 0 for w in watchers)


def test_patches_only_for_a_client_that_asked_and_far_fewer_bytes(tmp_path: Path) -> None:
    whole = asyncio.run(_play(tmp_path / "a", "election-war", 6, 120, patches=False))
    assert sum(w.patched for w in whole) == 0
    patched = asyncio.run(_play(tmp_path / "b", "election-war", 6, 120, patches=True))
    # the same game (the same seed, the same moves): the views told in well under half the bytes
    assert [w.checked for w in patched] == [w.checked for w in whole]
    assert sum(w.view_bytes for w in patched) * 2 < sum(w.view_bytes for w in whole)
